/*
 * sg_rules.c - the rules of "11 de Setembre. Setge 1714": the sequence of
 * play (rule 5), stacking (6), the mine (7), events (8), artillery (9),
 * movement and reinforcements (10), combat (11), barricades (12), the flag
 * (13) and victory (13 "How to win"). Every decision is one small action;
 * every die and card is a chance decision. Nothing here allocates.
 */
#include <string.h>

#include "sg_int.h"

/* ------------------------------------------------------------------ helpers */

uint64_t sg_pass(const sg_data *d, const sg_state *s, int z)
{
    /* Rule 7: nothing crosses the Royal breach until it is assured. */
    return d->zpass[s->breach != 0][z]; /* pass, | royal once assured */
}

/* The zone summary of a state: kept in it (sg_place), so a copy. */
void sg_summary(const sg_data *d, const sg_state *s, sg_sum *m)
{
    (void)d;
    *m = s->sum;
}

/* The summary computed from the units themselves (sg_check compares). */
void sg_summary_of_units(const sg_data *d, const sg_state *s, sg_sum *m)
{
    memset(m, 0, sizeof *m);
    memset(m->bar, SG_NO, sizeof m->bar);
    for (int u = 0; u < d->nu; u++) {
        if (s->us[u] != US_ON || s->uz[u] >= SG_MAXZ)
            continue;
        int z = s->uz[u], side = d->uside[u];
        m->pres[side] |= BIT(z);
        if (d->ukind[u] == K_COMBAT) {
            m->n[z]++;
            m->occ[side] |= BIT(z);
        }
        if (d->uleader[u])
            m->lead[side] |= BIT(z);
        if (d->ukind[u] == K_BARRICADE && m->bar[z] == SG_NO)
            m->bar[z] = (uint8_t)u;
    }
}

static void sum_add(const sg_data *d, sg_state *s, int u, int delta)
{
    int z = s->uz[u], side = d->uside[u];
    uint64_t b = BIT(z);
    sg_sum *m = &s->sum;
    s->npiece[side][z] = (uint8_t)(s->npiece[side][z] + delta);
    if (s->npiece[side][z])
        m->pres[side] |= b;
    else
        m->pres[side] &= ~b;
    switch (d->ukind[u]) {
    case K_COMBAT:
        m->n[z] = (uint8_t)(m->n[z] + delta);
        s->ncomb[side][z] = (uint8_t)(s->ncomb[side][z] + delta);
        if (s->ncomb[side][z])
            m->occ[side] |= b;
        else
            m->occ[side] &= ~b;
        break;
    case K_LEADER:
    case K_FLAG:
        s->nlead[side][z] = (uint8_t)(s->nlead[side][z] + delta);
        if (s->nlead[side][z])
            m->lead[side] |= b;
        else
            m->lead[side] &= ~b;
        break;
    case K_BARRICADE:
        if (delta > 0)
            m->bar[z] = (uint8_t)u;
        else if (m->bar[z] == u)
            m->bar[z] = SG_NO;
        break;
    default:
        break;
    }
}

/* Every change of a unit's status or zone goes through here, so that the
 * summary in the state stays true. */
void sg_place(const sg_data *d, sg_state *s, int u, int status, int zone)
{
    if (s->us[u] == US_ON)
        sum_add(d, s, u, -1);
    s->us[u] = (uint8_t)status;
    s->uz[u] = status == US_ON ? (uint8_t)zone : SG_NO;
    if (status == US_ON)
        sum_add(d, s, u, +1);
}

/* Rebuild the summary and its counts from the units (setup, loading). */
void sg_resum(const sg_data *d, sg_state *s)
{
    memset(&s->sum, 0, sizeof s->sum);
    memset(s->sum.bar, SG_NO, sizeof s->sum.bar);
    memset(s->ncomb, 0, sizeof s->ncomb);
    memset(s->npiece, 0, sizeof s->npiece);
    memset(s->nlead, 0, sizeof s->nlead);
    for (int u = 0; u < d->nu; u++)
        if (s->us[u] == US_ON && s->uz[u] < SG_MAXZ)
            sum_add(d, s, u, +1);
}

/* The role commanding `cmd` in a scenario (0: 2 players, 1: 3 players,
 * 2: 4 players; rule 15). */
int sg_cmd_role(int scn, int cmd)
{
    switch (cmd) {
    case CMD_FRENCH:
        return R_BOURBON;
    case CMD_SPANISH:
        return scn >= 1 ? R_SPANISH : R_BOURBON;
    case CMD_CLEFT:
    case CMD_CCENTRE:
        return R_CATALAN;
    default:
        return scn == 2 ? R_CATRIGHT : R_CATALAN;
    }
}

int sg_role_of_cmd(const sg_state *s, int cmd)
{
    return sg_cmd_role(s->head.scenario, cmd);
}

/* Fill the derived tables of a loaded sg_data (see sg_int.h). */
void sg_precompute(sg_data *d)
{
    for (int z = 0; z < d->nz; z++) {
        d->zpass[0][z] = d->z[z].pass;
        d->zpass[1][z] = d->z[z].pass | d->z[z].royal; /* rule 7 */
        /* rule 13: 2 VP a bastion or the redoubt, 4 the Pla de Palau, 4 a
         * convent (shared among its zones: it counts only when all are held) */
        int o = d->z[z].obj, v = 0;
        if (o == OBJ_BASTION || o == OBJ_REDOUBT)
            v = 2;
        else if (o == OBJ_PALAU)
            v = 4;
        else if (d->z[z].convent >= 0) {
            int nc = 0;
            for (int y = 0; y < d->nz; y++)
                nc += d->z[y].convent == d->z[z].convent;
            v = 4 / nc;
        }
        d->objvp[z] = (uint8_t)v;
        if (v)
            d->objmask |= BIT(z);
    }
    for (int u = 0; u < d->nu; u++) {
        d->ukind[u] = (uint8_t)d->u[u].kind;
        d->uside[u] = (uint8_t)d->u[u].side;
        d->uleader[u] = d->u[u].kind == K_LEADER || d->u[u].kind == K_FLAG;
        for (int scn = 0; scn < 3; scn++)
            d->urole[scn][u] = (uint8_t)sg_cmd_role(scn, d->u[u].cmd);
        int sd = d->u[u].side;
        d->sideu[sd][d->nside[sd]++] = (uint8_t)u;
        if (d->u[u].kind == K_COMBAT)
            d->combat[sd][d->ncombat[sd]++] = (uint8_t)u;
        else
            d->other[sd][d->nother[sd]++] = (uint8_t)u;
    }
}

int sg_side_seats(const sg_state *s, int side, int *seats)
{
    int scn = s->head.scenario;
    if (side == SG_BOURBON) {
        seats[0] = R_BOURBON;
        seats[1] = R_SPANISH;
        return scn >= 1 ? 2 : 1;
    }
    seats[0] = R_CATALAN;
    seats[1] = R_CATRIGHT;
    return scn == 2 ? 2 : 1;
}

int sg_seat_role(const sg_state *s)
{
    int seats[2];
    int n = sg_side_seats(s, s->half, seats);
    return seats[s->seat < n ? s->seat : 0];
}

int sg_unit_role(const sg_data *d, const sg_state *s, int u)
{
    unsigned scn = (unsigned)s->head.scenario;
    return scn < 3 ? d->urole[scn][u] : sg_role_of_cmd(s, d->u[u].cmd);
}

/* The other seat of role's side in this scenario, or -1 (rule 15). */
int sg_other_seat(const sg_state *s, int role)
{
    int seats[2];
    int side = role == R_BOURBON || role == R_SPANISH ? SG_BOURBON : SG_CATALAN;
    int n = sg_side_seats(s, side, seats);
    return n < 2 ? -1 : seats[0] == role ? seats[1] : seats[0];
}

/* The seat that decides for a zone of `side`: the one with most combat
 * units there (rule 15: each seat commands its own units). */
int sg_zone_role(const sg_data *d, const sg_state *s, int z, int side)
{
    int cnt[SG_NROLES] = {0}, any = -1;
    for (int k = 0; k < d->nside[side]; k++) {
        int i = d->sideu[side][k];
        if (s->us[i] != US_ON || s->uz[i] != z)
            continue;
        int r = sg_unit_role(d, s, i);
        if (any < 0)
            any = r;
        if (d->ukind[i] == K_COMBAT)
            cnt[r]++;
    }
    int best = -1;
    for (int r = 0; r < SG_NROLES; r++)
        if (cnt[r] && (best < 0 || cnt[r] > cnt[best]))
            best = r;
    if (best >= 0)
        return best;
    if (any >= 0)
        return any;
    int seats[2];
    sg_side_seats(s, side, seats);
    return seats[0];
}

int sg_card_for(const sg_data *d, const sg_state *s, int side)
{
    if (s->card == SG_NO || s->card >= d->nc)
        return -1;
    int cs = d->c[s->card].side;
    if (cs == 2)
        cs = s->half;
    return cs == side ? s->card : -1;
}

int sg_move_allowance(const sg_data *d, const sg_state *s, int side)
{
    int c = sg_card_for(d, s, side);
    return 3 + (c >= 0 ? d->c[c].move : 0); /* rule 10: up to three zones */
}

static int assault_mod(const sg_data *d, const sg_state *s, int side)
{
    int c = sg_card_for(d, s, side);
    return c >= 0 ? d->c[c].assault : 0;
}

int sg_open_zone(const sg_data *d, int z)
{
    return d->z[z].colour == COL_OCHRE || d->z[z].colour == COL_GREEN;
}

int sg_is_full(const sg_data *d, const sg_sum *m, int z)
{
    return m->n[z] >= SG_STACK && !(d->deploymask & BIT(z)); /* rules 6.1, 6.2 */
}

static void clear_combat(sg_state *s)
{
    s->ckind = CK_NONE;
    s->cfrom = s->cto = s->drole = SG_NO;
    s->alead = s->dlead = s->acmd = s->dcmd = SG_NO;
    s->withdraw = s->adie = s->ddie = s->dice = s->hits = s->adv = s->cres = 0;
    s->csub = 0;
    s->ovz = s->eseat = SG_NO;
}

static void eliminate(const sg_data *d, sg_state *s, int u)
{
    sg_place(d, s, u, US_ELIM, SG_NO);
    s->face[u] = SG_NO;
    s->done[u] = 0;
}

/* Combat units of `side` entering z capture the enemy guns (rule 9 and its
 * example) and barricades (rule 11.3: "artillery units and barricades can't
 * retreat; if their zone is occupied by the enemy they are captured") left
 * there. Never a commander or the flag: "the only way to enter an enemy zone
 * with combat units is to assault them" (6.1), a commander falls on a 6 or
 * when surrounded (11.3), the flag only when surrounded in a retreat (13). */
static void capture(const sg_data *d, sg_state *s, int z, int side, vb_ctx *cx)
{
    for (int i = 0; i < d->nu; i++)
        if (s->us[i] == US_ON && s->uz[i] == z && d->u[i].side != side &&
            (d->u[i].kind == K_GUN || d->u[i].kind == K_BARRICADE)) {
            eliminate(d, s, i);
            VB_LOG(cx, "[%s] %s in %s is captured", d->u[i].kind == K_GUN ? "9" : "11.3",
                   d->u[i].name, d->z[z].name);
        }
}

/* ------------------------------------------------------------- victory */

int sg_holds(const sg_data *d, const sg_sum *m, int side, int z)
{
    (void)d;
    return (m->occ[side] & BIT(z)) != 0; /* holding = combat units present */
}

static int convent_held(const sg_data *d, const sg_sum *m, int side, int conv)
{
    for (int z = 0; z < d->nz; z++)
        if (d->z[z].convent == conv && !sg_holds(d, m, side, z))
            return 0; /* rule 13: a two-zone convent needs both */
    return 1;
}

int sg_vp(const sg_data *d, const sg_state *s, int side)
{
    sg_sum m;
    int vp = 0, en = 1 - side;
    sg_summary(d, s, &m);
    for (int u = 0; u < d->nu; u++) {
        if (d->u[u].side != en || (s->us[u] != US_ELIM && s->us[u] != US_LOST))
            continue;
        if (d->u[u].kind == K_COMBAT)
            vp += 1;
        else if (d->u[u].kind == K_LEADER)
            vp += 2;
    }
    for (int z = 0; z < d->nz; z++) {
        int o = d->z[z].obj;
        if ((o == OBJ_BASTION || o == OBJ_REDOUBT) && sg_holds(d, &m, side, z))
            vp += 2;
        if (o == OBJ_PALAU && sg_holds(d, &m, side, z))
            vp += 4;
    }
    for (int c = 0; c < d->nconv; c++)
        if (convent_held(d, &m, side, c))
            vp += 4;
    return vp;
}

/* 1: the Two Crowns win automatically (rule 13): the Catalans annihilated,
 * or every listed bastion, the redoubt, the monastery and the convents held. */
int sg_auto_victory(const sg_data *d, const sg_state *s)
{
    sg_sum m;
    int alive = 0;
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side == SG_CATALAN && d->u[u].kind == K_COMBAT &&
            (s->us[u] == US_ON || s->us[u] == US_WAIT))
            alive = 1;
    if (!alive)
        return 1;
    sg_summary(d, s, &m);
    for (int z = 0; z < d->nz; z++)
        if (d->z[z].autoobj && !sg_holds(d, &m, SG_BOURBON, z))
            return 0;
    return 2;
}

/* ------------------------------------------------------------- flow */

static void end_half(const sg_data *d, sg_state *s, vb_ctx *cx);

static void to_phase(sg_state *s, int ph, int seat)
{
    s->phase = (uint8_t)ph;
    s->seat = (uint8_t)seat;
    if (ph == PH_MOVE)
        s->ncancel = 0;
}

static void start_reinf(const sg_data *d, sg_state *s)
{
    s->recover = 0;
    s->rlose = 0;
    if (s->half == SG_BOURBON) {
        int r = d->recovery[s->turn];
        int c = sg_card_for(d, s, SG_BOURBON);
        s->rlose = r > 0;
        if (c >= 0)
            r += d->c[c].recover;
        s->recover = (uint8_t)(r > 250 ? 250 : r);
    }
    to_phase(s, PH_REINF, 0);
}

static void end_reinf(const sg_data *d, sg_state *s, vb_ctx *cx)
{
    if (s->half == SG_BOURBON && s->rlose) {
        int lost = 0;
        for (int u = 0; u < d->nu; u++)
            if (d->u[u].side == SG_BOURBON && d->u[u].kind == K_COMBAT && s->us[u] == US_ELIM) {
                s->us[u] = US_LOST;
                lost++;
            }
        if (lost)
            VB_LOG(cx, "[10.1] %d eliminated Two Crowns units not recovered are lost", lost);
    }
    s->recover = 0;
    s->rlose = 0;
    to_phase(s, PH_MOVE, 0);
}

void sg_enter_half(const sg_data *d, sg_state *s, vb_ctx *cx)
{
    memset(s->done, 0, sizeof s->done);
    s->acted = 0;
    s->card = SG_NO;
    clear_combat(s);
    VB_LOG(cx, "[5] Turn %d (%s): %s half-turn", s->turn, d->time[s->turn],
           s->half ? "Catalan" : "Two Crowns");
    if (s->half == SG_BOURBON && !s->breach)
        to_phase(s, PH_BREACH, 0); /* rule 5.1.1 */
    else if (s->head.opts[0] && s->deck)
        to_phase(s, PH_EVENT, 0); /* rule 8 */
    else
        to_phase(s, PH_ART, 0);
}

static void end_turn(const sg_data *d, sg_state *s, vb_ctx *cx)
{
    int av = sg_auto_victory(d, s);
    if (av) {
        s->over = 1;
        s->winner = SG_BOURBON;
        to_phase(s, PH_OVER, 0);
        VB_LOG(cx, "[13] Automatic victory of the Two Crowns: %s",
               av == 1 ? "the Catalan army is annihilated" : "every bastion and convent is held");
        return;
    }
    int last = d->last_turn + s->extended;
    if (s->turn >= last) {
        int vb = sg_vp(d, s, SG_BOURBON), vc = sg_vp(d, s, SG_CATALAN);
        VB_LOG(cx, "[13] Victory points after turn %d: Two Crowns %d, Catalans %d", s->turn, vb,
               vc);
        if (vb == vc && !s->extended) {
            s->extended = 1;
            VB_LOG(cx, "[13] Drawn count: the game is extended one more turn");
        } else {
            s->over = 1;
            s->winner = vb > vc ? SG_BOURBON : vc > vb ? SG_CATALAN : 2;
            to_phase(s, PH_OVER, 0);
            return;
        }
    }
    s->turn++;
    s->half = SG_BOURBON;
    sg_enter_half(d, s, cx);
}

static void end_half(const sg_data *d, sg_state *s, vb_ctx *cx)
{
    if (s->card != SG_NO)
        VB_LOG(cx, "[5.1.6] Card '%s' is discarded", d->c[s->card].id);
    s->card = SG_NO;
    if (s->half == SG_BOURBON) {
        s->half = SG_CATALAN; /* rule 5.2 */
        sg_enter_half(d, s, cx);
    } else {
        end_turn(d, s, cx);
    }
}

static void end_combat(sg_state *s)
{
    clear_combat(s);
    s->phase = PH_COMBAT;
}

static int nseats(const sg_state *s)
{
    int seats[2];
    return sg_side_seats(s, s->half, seats);
}

/* After a commander step: chosen (one per side, rule 11.3) or declined by
 * the lead seat of the side, then the other seat of the side is asked about
 * its own commanders (rule 15); then the next step. */
static void next_cmd_step(sg_state *s, int chosen)
{
    if (!chosen && !s->csub && sg_other_seat(s, sg_cmd_seat(s)) >= 0) {
        s->csub = 1;
        return;
    }
    s->csub = 0;
    s->phase = s->phase == PH_ACMD ? PH_DCMD : PH_WITHDRAW;
}

static void start_advance(const sg_data *d, sg_state *s, vb_ctx *cx);

/* Run the automatic steps until someone must decide. */
void sg_settle(const sg_data *d, sg_state *s, vb_ctx *cx)
{
    for (int guard = 0; guard < 10000; guard++) {
        int n;
        switch (s->phase) {
        case PH_DEPLOY:
            if (sg_next_deploy(d, s) >= 0 && sg_count_legal(d, s))
                return;
            if (sg_next_deploy(d, s) >= 0) { /* nowhere to deploy: wait off-map */
                int u = sg_next_deploy(d, s);
                s->arrive[u] = 2;
                continue;
            }
            VB_LOG(cx, "[4] Deployment complete; the Two Crowns play first");
            sg_enter_half(d, s, cx);
            continue;
        case PH_ART:
            if (sg_count_legal(d, s))
                return;
            if (s->seat + 1 < nseats(s))
                to_phase(s, PH_ART, s->seat + 1);
            else
                start_reinf(d, s);
            continue;
        case PH_REINF:
            if (sg_count_legal(d, s))
                return;
            if (s->half == SG_BOURBON && s->recover && s->seat + 1 < nseats(s)) {
                s->seat++; /* the next seat may have units to recover */
                continue;
            }
            if (s->half == SG_CATALAN) {
                int u = sg_next_arrival(d, s);
                if (u >= 0) { /* no free R zone: the arrivals wait a turn */
                    for (int i = 0; i < d->nu; i++)
                        if (d->u[i].side == SG_CATALAN && s->us[i] == US_WAIT &&
                            s->arrive[i] >= 1 && s->arrive[i] <= s->turn)
                            s->arrive[i] = (uint8_t)(s->turn + 1);
                    VB_LOG(cx, "[10.1] No R zone is free: the reinforcements wait");
                }
            }
            end_reinf(d, s, cx);
            continue;
        case PH_MOVE:
            n = sg_count_legal(d, s);
            if (n)
                return;
            if (s->seat + 1 < nseats(s))
                to_phase(s, PH_MOVE, s->seat + 1);
            else
                to_phase(s, PH_COMBAT, 0);
            continue;
        case PH_COMBAT:
            if (sg_count_legal(d, s))
                return;
            if (s->seat + 1 < nseats(s))
                to_phase(s, PH_COMBAT, s->seat + 1);
            else
                end_half(d, s, cx);
            continue;
        case PH_ALEAD:
        case PH_DLEAD: {
            vb_action a[2];
            int nl = sg_list(d, s, a, 2); /* 2: "more than one" */
            if (nl > 1)
                return;
            if (nl == 1) {
                if (s->phase == PH_ALEAD)
                    s->alead = (uint8_t)SG_AA(a[0]);
                else
                    s->dlead = (uint8_t)SG_AA(a[0]);
            }
            s->phase = s->phase == PH_ALEAD ? PH_DLEAD : PH_ACMD;
            continue;
        }
        case PH_ACMD:
        case PH_DCMD:
            if (sg_count_legal(d, s))
                return;
            next_cmd_step(s, 0);
            continue;
        case PH_RETREAT: {
            sg_sum m;
            int any = 0;
            for (int u = 0; u < d->nu; u++)
                if (sg_retreating(d, s, u))
                    any = 1;
            if (s->ovz != SG_NO)
                return;
            if (!any) {
                start_advance(d, s, cx);
                continue;
            }
            sg_summary(d, s, &m);
            if (sg_retreat_zones(d, s, &m))
                return;
            for (int u = 0; u < d->nu; u++)
                if (sg_retreating(d, s, u)) {
                    eliminate(d, s, u);
                    VB_LOG(cx, "[11.3] %s is surrounded in %s and captured", d->u[u].name,
                           d->z[s->cto].name);
                }
            continue;
        }
        case PH_ADVANCE: {
            if (sg_count_legal(d, s) && !(s->adv && sg_count_legal(d, s) == 1))
                return;
            end_combat(s);
            continue;
        }
        default:
            return;
        }
    }
}

static void start_advance(const sg_data *d, sg_state *s, vb_ctx *cx)
{
    sg_sum m;
    sg_summary(d, s, &m);
    /* Rule 11.3: the attacker must occupy the emptied zone, with the lead
     * unit if it survived, else with another unit of the attacking zone. */
    if ((m.occ[sg_defender_side(s)] & BIT(s->cto)) || !(m.occ[s->half] & BIT(s->cfrom))) {
        end_combat(s);
        return;
    }
    s->phase = PH_ADVANCE;
    s->acted |= BIT(s->cto);
    if (s->alead != SG_NO && s->us[s->alead] == US_ON && s->uz[s->alead] == s->cfrom) {
        sg_place(d, s, s->alead, US_ON, s->cto);
        s->adv = 1;
        capture(d, s, s->cto, s->half, cx);
        VB_LOG(cx, "[11.3] %s advances into %s", d->u[s->alead].name, d->z[s->cto].name);
    }
}

/* ------------------------------------------------------------- assault */

int sg_assault_values(const sg_data *d, const sg_state *s, int *att, int *def)
{
    sg_sum m;
    int from = s->cfrom, to = s->cto, as = s->half, ds = 1 - as;
    sg_summary(d, s, &m);
    int na = m.n[from], nd = m.n[to];
    /* Rule 11.3 attacker: lead strength, "+1 for each additional unit inside
     * the attacking zone" (no cap: a deployment zone has no limit), +1
     * commander. */
    int a = (s->alead != SG_NO ? d->u[s->alead].strength : 0) + (na > 0 ? na - 1 : 0);
    if (s->acmd != SG_NO)
        a += 1;
    /* Rule 13: the flag adds +1 on top of a commander. */
    if (d->flag >= 0 && sg_leader_near(d, s, d->flag, as, to, 0))
        a += 1;
    a += assault_mod(d, s, as);
    /* Defender: zone value, or +3 for a blue line or barricade on the side
     * attacked across (the best of them), +1 commander, +1 per additional
     * unit, +2 withdrawal. */
    int terr = d->z[to].defv;
    if ((d->z[to].blue & BIT(from)) && terr < 3)
        terr = 3;
    if (m.bar[to] != SG_NO && s->face[m.bar[to]] == from && terr < 3)
        terr = 3;
    int v = (s->dlead != SG_NO ? d->u[s->dlead].strength : 0) + terr + (nd > 0 ? nd - 1 : 0);
    if (s->dcmd != SG_NO)
        v += 1;
    if (d->flag >= 0 && sg_leader_near(d, s, d->flag, ds, to, 1))
        v += 1;
    if (s->withdraw)
        v += 2;
    v += assault_mod(d, s, ds);
    *att = a;
    *def = v;
    return terr;
}

static void resolve_assault(const sg_data *d, sg_state *s, vb_ctx *cx)
{
    int a, v;
    sg_assault_values(d, s, &a, &v);
    int ta = a + s->adie, tv = v + s->ddie;
    const char *what;
    int al = s->alead, dl = s->dlead;
    if (!s->withdraw) {
        if (ta > tv) {
            s->cres = CR_SUCCESS;
            what = "assault succeeds, defender lead eliminated, defenders retreat";
            if (dl != SG_NO)
                eliminate(d, s, dl);
        } else {
            s->cres = CR_REPULSED;
            what = "defender holds, attacker lead eliminated";
            if (al != SG_NO)
                eliminate(d, s, al);
        }
    } else if (ta > tv) {
        s->cres = CR_WITHDRAWN;
        what = "defenders withdraw without loss";
    } else {
        s->cres = CR_COSTLY;
        what = "success after heavy losses: attacker lead eliminated, defenders withdraw";
        if (al != SG_NO)
            eliminate(d, s, al);
    }
    VB_LOG(cx, "[11.3] Assault on %s from %s: %d+%d=%d vs %d+%d=%d - %s (%s, %s)",
           d->z[s->cto].name, d->z[s->cfrom].name, a, s->adie, ta, v, s->ddie, tv, what,
           al != SG_NO ? d->u[al].name : "-", dl != SG_NO ? d->u[dl].name : "-");
}

static void after_dice(const sg_data *d, sg_state *s, vb_ctx *cx)
{
    if (s->cres == CR_REPULSED) {
        end_combat(s);
        return;
    }
    /* Rule 12: a barricade that must retreat is eliminated. */
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].kind == K_BARRICADE && s->us[u] == US_ON && s->uz[u] == s->cto) {
            eliminate(d, s, u);
            VB_LOG(cx, "[12] %s cannot retreat and is eliminated", d->u[u].name);
        }
    s->phase = PH_RETREAT;
    (void)cx;
}

/* ------------------------------------------------------------- apply */

static void apply_die(const sg_data *d, sg_state *s, int f, vb_ctx *cx)
{
    switch (s->phase) {
    case PH_BREACH:
        if (f == 6) {
            s->breach = 1;
            VB_LOG(cx, "[7] Royal breach check: %d - the breach is assured", f);
        } else {
            VB_LOG(cx, "[7] Royal breach check: %d - the mine still threatens", f);
        }
        if (s->head.opts[0] && s->deck)
            to_phase(s, PH_EVENT, 0);
        else
            to_phase(s, PH_ART, 0);
        break;
    case PH_ARTDIE: {
        int g = s->cfrom, t = s->alead, side = d->u[g].side;
        int dist = d->dist[s->uz[g]][s->uz[t]];
        int need = sg_gun_need(d, s, side, dist);
        if (f >= need) {
            VB_LOG(cx, "[9] %s fires at %s (%d zone%s, %d+): %d - eliminated", d->u[g].name,
                   d->u[t].name, dist, dist > 1 ? "s" : "", need, f);
            eliminate(d, s, t);
        } else {
            VB_LOG(cx, "[9] %s fires at %s (%d zone%s, %d+): %d - no effect", d->u[g].name,
                   d->u[t].name, dist, dist > 1 ? "s" : "", need, f);
        }
        clear_combat(s);
        s->phase = PH_ART;
        break;
    }
    case PH_SALVODIE: {
        int c = sg_card_for(d, s, s->half);
        int need = c >= 0 && d->c[c].salvo ? d->c[c].salvo : 6;
        if (f >= need)
            s->hits++;
        s->dice--;
        VB_LOG(cx, "[11.2] Salvo die: %d%s", f, f >= need ? " - hit" : "");
        if (s->dice)
            break;
        int k = 0;
        for (int u = 0; u < d->nu; u++)
            if (d->u[u].kind == K_COMBAT && s->us[u] == US_ON && s->uz[u] == s->cto &&
                d->u[u].side != s->half)
                k++;
        VB_LOG(cx, "[11.2] Salvo from %s at %s: %d hit%s", d->z[s->cfrom].name, d->z[s->cto].name,
               s->hits, s->hits == 1 ? "" : "s");
        if (s->hits == 0) {
            end_combat(s);
        } else if (s->hits >= k) {
            for (int u = 0; u < d->nu; u++)
                if (d->u[u].kind == K_COMBAT && s->us[u] == US_ON && s->uz[u] == s->cto &&
                    d->u[u].side != s->half) {
                    eliminate(d, s, u);
                    VB_LOG(cx, "[11.2] %s is eliminated", d->u[u].name);
                }
            end_combat(s);
        } else {
            s->phase = PH_CASUALTY;
        }
        break;
    }
    case PH_ADIE:
        s->adie = (uint8_t)f;
        s->phase = PH_DDIE;
        break;
    case PH_DDIE:
        s->ddie = (uint8_t)f;
        resolve_assault(d, s, cx);
        if (s->acmd != SG_NO)
            s->phase = PH_ACMDDIE;
        else if (s->dcmd != SG_NO)
            s->phase = PH_DCMDDIE;
        else
            after_dice(d, s, cx);
        break;
    case PH_ACMDDIE:
    case PH_DCMDDIE: {
        int ld = s->phase == PH_ACMDDIE ? s->acmd : s->dcmd;
        /* Rule 11.3: a 6 and the commander is a casualty. */
        VB_LOG(cx, "[11.3] Commander casualty check for %s: %d%s", d->u[ld].name, f,
               f == 6 ? " - the commander falls" : "");
        if (f == 6)
            eliminate(d, s, ld);
        if (s->phase == PH_ACMDDIE && s->dcmd != SG_NO)
            s->phase = PH_DCMDDIE;
        else
            after_dice(d, s, cx);
        break;
    }
    default:
        break;
    }
}

static void apply_card(const sg_data *d, sg_state *s, int c, vb_ctx *cx)
{
    const sg_card *cp = &d->c[c];
    s->deck &= ~(1u << c);
    s->card = (uint8_t)c;
    VB_LOG(cx, "[8] Event card '%s': %s", cp->id, cp->title);
    if (sg_card_for(d, s, s->half) == c) {
        if (cp->breach && s->half == SG_BOURBON && !s->breach) {
            s->breach = 1;
            VB_LOG(cx, "[7] The Royal breach is assured");
        }
        if (cp->hurry && s->half == SG_CATALAN)
            for (int u = 0; u < d->nu; u++)
                if (s->us[u] == US_WAIT && s->arrive[u] == s->turn + 1)
                    s->arrive[u] = s->turn;
    }
    to_phase(s, PH_ART, 0);
}

/* 1 if a zone holding pieces of side `en` but none of its combat units
 * lies within reach of a path of `allow` zones from z0 to z. */
static int capture_near(const sg_data *d, const sg_state *s, int en, int z0, int z, int allow)
{
    uint64_t occ = 0, pres = 0;
    for (int k = 0; k < d->ncombat[en]; k++) {
        int i = d->combat[en][k];
        if (s->us[i] == US_ON)
            occ |= BIT(s->uz[i]);
    }
    for (int k = 0; k < d->nother[en]; k++) {
        int i = d->other[en][k];
        if (s->us[i] == US_ON && !d->uleader[i])
            pres |= BIT(s->uz[i]);
    }
    for (uint64_t y = pres & ~occ; y; y &= y - 1) {
        int k = __builtin_ctzll(y);
        if (d->dist[z0][k] + d->dist[k][z] <= allow)
            return 1;
    }
    return 0;
}

static void apply_move(const sg_data *d, sg_state *s, int u, int z, int f, vb_ctx *cx)
{
    mctx c;
    uint8_t par[SG_MAXZ];
    int z0 = s->uz[u], en = 1 - d->u[u].side;
    /* Captures along the path (rule 9): only combat units capture, and only
     * where enemy pieces stand without enemy combat units (a combat unit
     * never enters the others). The path is searched only if such a zone
     * could lie on one: y on a path of length <= allow from z0 to z has
     * dist[z0][y] + dist[y][z] <= allow, as dist counts every side. */
    if (z != z0 && d->u[u].kind == K_COMBAT &&
        capture_near(d, s, en, z0, z, sg_move_allowance(d, s, d->u[u].side))) {
        sg_mctx_init(d, s, &c);
        memset(par, SG_NO, sizeof par);
        sg_reach(d, s, &c, u, par);
        for (int y = z; y != z0 && y != SG_NO; y = par[y])
            if (c.m.pres[en] & BIT(y))
                capture(d, s, y, d->u[u].side, cx);
    }
    sg_place(d, s, u, US_ON, z);
    s->done[u] = 1;
    if (d->u[u].kind == K_BARRICADE) {
        s->face[u] = (uint8_t)f;
        VB_LOG(cx, "[12] %s moves to %s facing %s", d->u[u].name, d->z[z].name, d->z[f].name);
    } else {
        VB_LOG(cx, "[10] %s moves from %s to %s", d->u[u].name, d->z[z0].name, d->z[z].name);
    }
}

static void fix_overstack(const sg_data *d, sg_state *s)
{
    if (!s->ovr)
        return;
    sg_sum m;
    sg_summary(d, s, &m);
    for (int z = 0; z < d->nz; z++)
        if ((s->ovr & BIT(z)) && m.n[z] <= SG_STACK)
            s->ovr &= ~BIT(z);
}

int sg_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    sg_state *s = st;
    int k = SG_AK(a), x = SG_AA(a), y = SG_AB(a), z = SG_AC(a);
    sg_sum m;
    switch (k) {
    case A_DIE:
        apply_die(d, s, x, cx);
        break;
    case A_CARD:
        apply_card(d, s, x, cx);
        break;
    case A_END:
        switch (x) {
        case E_ART:
        case E_MOVE:
        case E_COMBAT:
            if (s->seat + 1 < nseats(s)) {
                s->seat++;
            } else if (x == E_ART) {
                start_reinf(d, s);
            } else if (x == E_MOVE) {
                to_phase(s, PH_COMBAT, 0);
            } else {
                end_half(d, s, cx);
            }
            break;
        case E_RECOVERY:
            if (s->seat + 1 < nseats(s))
                s->seat++; /* rule 15: the Spanish seat recovers its own units */
            else
                end_reinf(d, s, cx);
            break;
        case E_ADVANCE:
            end_combat(s);
            break;
        case E_NOCMD:
            next_cmd_step(s, 0);
            break;
        case E_CANCEL:
            if (s->ncancel < SG_MAX_CANCEL)
                s->ncancel++;
            s->mover = s->mstack = SG_NO;
            s->phase = PH_MOVE;
            break;
        }
        break;
    case A_PICK:
        s->mover = (uint8_t)x;
        s->phase = PH_DEST;
        break;
    case A_STACK:
        s->mstack = (uint8_t)x;
        s->phase = PH_DEST;
        break;
    case A_DEST:
        if (s->mover != SG_NO) {
            apply_move(d, s, s->mover, x, z, cx);
        } else {
            /* Every piece of the stack, in unit order, each on its own path. */
            int from = s->mstack, side = s->half, role = sg_seat_role(s);
            for (int i = 0; i < d->nside[side]; i++) {
                int u = d->sideu[side][i];
                if (s->uz[u] == from && d->ukind[u] != K_BARRICADE &&
                    sg_movable(d, s, u, side, role))
                    apply_move(d, s, u, x, SG_NO, cx);
            }
        }
        s->mover = s->mstack = SG_NO;
        s->phase = PH_MOVE;
        break;
    case A_ELIM:
        eliminate(d, s, x);
        VB_LOG(cx, "[11.3] %s is eliminated: %s would hold more than 5 combat units (rule 6.1)",
               d->u[x].name, d->z[s->ovz].name);
        s->ovz = s->eseat = SG_NO;
        break;
    case A_FIRE:
        s->ckind = CK_FIRE;
        s->cfrom = (uint8_t)x;
        s->alead = (uint8_t)y;
        s->done[x] = 1;
        s->phase = PH_ARTDIE;
        break;
    case A_MOVE: /* the one-step text of older records (judged by sg_judge) */
        apply_move(d, s, x, y, z, cx);
        break;
    case A_ENTER:
    case A_RECOVER:
    case A_DEPLOY:
        sg_summary(d, s, &m);
        sg_place(d, s, x, US_ON, y);
        s->arrive[x] = 0;
        s->done[x] = 0;
        if (d->u[x].kind == K_COMBAT && m.n[y] + 1 > SG_STACK && !(d->deploymask & BIT(y)))
            s->ovr |= BIT(y); /* rule 10.1: arrivals may overstack */
        VB_LOG(cx, "[%s] %s %s in %s", k == A_DEPLOY ? "4" : "10.1", d->u[x].name,
               k == A_DEPLOY  ? "deploys"
               : k == A_ENTER ? "arrives"
                              : "is recovered",
               d->z[y].name);
        if (k == A_RECOVER && --s->recover == 0)
            end_reinf(d, s, cx);
        break;
    case A_SALVO:
    case A_ASSAULT:
        clear_combat(s);
        s->ckind = k == A_SALVO ? CK_SALVO : CK_ASSAULT;
        s->cfrom = (uint8_t)x;
        s->cto = (uint8_t)y;
        s->drole = (uint8_t)sg_zone_role(d, s, y, 1 - s->half);
        s->acted |= BIT(x);
        if (k == A_SALVO) {
            sg_summary(d, s, &m);
            /* Rule 11.2: "A die is rolled for every combat unit inside the
             * attacking zone" - no cap (a deployment zone may hold more). */
            s->dice = m.n[x];
            s->phase = PH_SALVODIE;
            VB_LOG(cx, "[11.2] Salvo fire from %s at %s: %d dice", d->z[x].name, d->z[y].name,
                   s->dice);
        } else {
            s->phase = PH_ALEAD;
            VB_LOG(cx, "[11.3] Assault from %s on %s", d->z[x].name, d->z[y].name);
        }
        break;
    case A_LEAD:
        if (s->phase == PH_ALEAD) {
            s->alead = (uint8_t)x;
            s->phase = PH_DLEAD;
        } else if (s->phase == PH_DLEAD) {
            s->dlead = (uint8_t)x;
            s->phase = PH_ACMD;
        }
        break;
    case A_CASUALTY:
        eliminate(d, s, x);
        VB_LOG(cx, "[11.2] %s is eliminated by the salvo", d->u[x].name);
        if (--s->hits == 0)
            end_combat(s);
        break;
    case A_CMD:
        if (s->phase == PH_ACMD)
            s->acmd = (uint8_t)x;
        else
            s->dcmd = (uint8_t)x;
        next_cmd_step(s, 1); /* rule 11.3: one commander per side */
        break;
    case A_WITHDRAW:
        s->withdraw = (uint8_t)x;
        s->phase = PH_ADIE;
        if (x)
            VB_LOG(cx, "[11.3] The defender declares a withdrawal (+2)");
        break;
    case A_RETREAT:
        sg_summary(d, s, &m);
        sg_place(d, s, x, US_ON, y);
        VB_LOG(cx, "[11.3] %s retreats to %s", d->u[x].name, d->z[y].name);
        if (d->u[x].kind == K_COMBAT && sg_is_full(d, &m, y)) {
            /* Rule 11.3: forced into a full friendly zone, the owner then
             * eliminates one of its units there. */
            s->ovz = (uint8_t)y;
            s->eseat = (uint8_t)sg_unit_role(d, s, x);
        }
        break;
    case A_ADVANCE:
        sg_place(d, s, x, US_ON, s->cto);
        s->adv++;
        capture(d, s, s->cto, s->half, cx);
        VB_LOG(cx, "[11.3] %s advances into %s", d->u[x].name, d->z[s->cto].name);
        break;
    default:
        return vb_fail(cx, VB_EILLEGAL, "unknown action code %llu", (unsigned long long)a);
    }
    fix_overstack(d, s);
    sg_settle(d, s, cx);
    return 0;
}

/* ------------------------------------------------------------- setup */

int sg_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    sg_state *s = st;
    for (int i = 0; i < d->nu; i++) {
        const sg_unit *u = &d->u[i];
        s->face[i] = SG_NO;
        if (u->arrive > 1) {
            s->us[i] = US_WAIT;
            s->uz[i] = SG_NO;
            s->arrive[i] = (uint8_t)u->arrive;
            continue;
        }
        s->us[i] = US_ON;
        s->uz[i] = (uint8_t)u->zone;
        if (u->kind == K_BARRICADE)
            s->face[i] = (uint8_t)u->face;
        /* Option "deploy": free placement (rule 4), guns and barricades at
         * their chart places. */
        if (s->head.opts[1] && (u->kind == K_COMBAT || u->kind == K_LEADER)) {
            s->us[i] = US_WAIT;
            s->uz[i] = SG_NO;
            s->arrive[i] = 0;
        }
    }
    s->deck = d->nc >= 32 ? 0xFFFFFFFFu : (1u << d->nc) - 1;
    s->turn = 1;
    s->half = SG_BOURBON;
    s->card = SG_NO;
    s->winner = 0;
    s->mover = s->mstack = SG_NO;
    sg_resum(d, s);
    clear_combat(s);
    if (s->head.opts[1]) {
        to_phase(s, PH_DEPLOY, 0);
        VB_LOG(cx, "[4] The Catalans deploy first, then the Two Crowns");
    } else {
        VB_LOG(cx,
               "[4] The Catalans deploy by the setup chart, then the Two Crowns; the turn "
               "marker is on turn 1 (%s), the deck is shuffled",
               d->time[1]);
        sg_enter_half(d, s, cx);
    }
    sg_settle(d, s, cx);
    return 0;
}
