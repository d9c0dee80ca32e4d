/*
 * pc_rules.c - the sequence of play of Piacenza 1746 (3.0): the secret wing
 * choice and initiative, wing activation segments (3.1), command (4.4.1),
 * movement unit by unit and hex by hex (5), Line movement (5.5-5.8),
 * stacking (6), ZOC (7), reorganization (11.4), end of turn (12) and
 * victory (Scenario 1). Combat lives in pc_combat.c.
 */
#include <stdlib.h>

#include "pc_int.h"

/* ---- queries -------------------------------------------------------------*/

int pc_alive(const pc_state *s, int u)
{
    return s->uhex[u] >= 0;
}

static int usp(const pc_data *d, const pc_state *s, int u)
{
    return (s->ustep[u] == 2 || d->u[u].red == 0) ? d->u[u].sp : d->u[u].red;
}

/* First unit of side (type, or -1 any) in hex; -1 if none. */
int pc_unit_at(const pc_data *d, const pc_state *s, int hex, int side, int type)
{
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] == hex && d->u[u].side == side && (type < 0 || d->u[u].type == type))
            return u;
    return -1;
}

int pc_enemy_at(const pc_data *d, const pc_state *s, int hex, int side)
{
    return pc_unit_at(d, s, hex, 1 - side, -1) >= 0;
}

/* 6.0: infantry with artillery, two cavalry, nothing else. */
int pc_stack_ok(const pc_data *d, const pc_state *s, int hex, int u)
{
    int inf = 0, cav = 0, art = 0;
    int t = d->u[u].type;
    for (int v = 0; v < d->nu; v++)
        if (v != u && s->uhex[v] == hex) {
            if (d->u[v].side != d->u[u].side)
                return 0;
            inf += d->u[v].type == UT_INF;
            cav += d->u[v].type == UT_CAV;
            art += d->u[v].type == UT_ART;
        }
    inf += t == UT_INF;
    cav += t == UT_CAV;
    art += t == UT_ART;
    if (cav)
        return !inf && !art && cav <= 2;
    return inf <= 1 && art <= 1;
}

static int is_entrench(const pc_data *d, int hex)
{
    return d->terr[d->hterr[hex]].is_entrench;
}

/* 7.0: units but commanders and artillery exert a ZOC into the six adjacent
 * hexes, not from Woods or Cover (but entrenchment to entrenchment), not
 * through prohibited hexsides; routed units exert none (11.2). */
int pc_exerts_zoc(const pc_data *d, const pc_state *s, int u, int into)
{
    int h = s->uhex[u];
    if (h < 0 || d->u[u].type == UT_ART || s->ustat[u] == ST_ROUT || pc_dist(d, h, into) != 1)
        return 0;
    int dir = pc_dir_to(d, h, into);
    if (dir < 0 || !pc_side_open(d, h, dir))
        return 0;
    if (d->terr[d->hterr[h]].zoc)
        return 1;
    return is_entrench(d, h) && is_entrench(d, into);
}

/* Is hex in a ZOC of side's enemies (infantry only if inf_only)? */
int pc_in_ezoc(const pc_data *d, const pc_state *s, int side, int hex, int inf_only)
{
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side != side && (!inf_only || d->u[u].type == UT_INF) &&
            pc_exerts_zoc(d, s, u, hex))
            return 1;
    return 0;
}

/* 5.2: good-order enemy infantry projects an EZ of 3 hexes, not into City. */
int pc_in_ez(const pc_data *d, const pc_state *s, int side, int hex)
{
    if (d->terr[d->hterr[hex]].is_city)
        return 0;
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side != side && d->u[u].type == UT_INF && s->uhex[u] >= 0 &&
            s->ustat[u] == ST_GOOD && pc_dist(d, s->uhex[u], hex) <= 3)
            return 1;
    return 0;
}

/* 4.4.1: the link between two hexes of a command chain: adjacent, or two
 * apart with an intermediate hex free of enemy units (occ: enemy hexes). */
static int linked(const pc_data *d, const uint8_t *occ, int a, int b)
{
    int n = pc_dist(d, a, b);
    if (n <= 1)
        return 1;
    if (n > 2)
        return 0;
    for (int k = 0; k < 6; k++) {
        int m = d->nbr[a][k];
        if (m >= 0 && !occ[m] && pc_dist(d, m, b) == 1)
            return 1;
    }
    return 0;
}

/* 4.4.1 / Scenario 1 special rule: formation leaders always in command;
 * units in command when chained to their leader; artillery is commanded by
 * its WC, who is not deployed in Scenario 1 (reading: in command). */
int pc_in_command(const pc_data *d, const pc_state *s, int u)
{
    const pc_unit_def *ud = &d->u[u];
    if (ud->type == UT_ART)
        return 1;
    int lh = s->lhex[d->f[ud->form].leader];
    if (lh < 0 || s->uhex[u] < 0)
        return 0;
    uint8_t occ[PC_MAXHEX];
    int mem[PC_MAXU], nm = 0, in[PC_MAXU], nq = 0, queue[PC_MAXU];
    memset(occ, 0, (size_t)d->nhex);
    for (int v = 0; v < d->nu; v++) {
        if (s->uhex[v] < 0)
            continue;
        if (d->u[v].side != ud->side)
            occ[s->uhex[v]] = 1;
        else if (d->u[v].form == ud->form)
            mem[nm++] = v;
    }
    for (int i = 0; i < nm; i++) {
        in[i] = linked(d, occ, lh, s->uhex[mem[i]]);
        if (in[i])
            queue[nq++] = i;
    }
    for (int qi = 0; qi < nq; qi++)
        for (int i = 0; i < nm; i++)
            if (!in[i] && linked(d, occ, s->uhex[mem[queue[qi]]], s->uhex[mem[i]])) {
                in[i] = 1;
                queue[nq++] = i;
            }
    for (int i = 0; i < nm; i++)
        if (mem[i] == u)
            return in[i];
    return 0;
}

int pc_tdr_base(const pc_data *d, const pc_state *s, int u)
{
    (void)s;
    const pc_unit_def *ud = &d->u[u];
    return d->tdr[ud->army][ud->type == UT_CAV ? 2 : ud->gren ? 1 : 0];
}

/* 4.4: the Sergeants' Factor of the unit's formation leader stacked or
 * adjacent (0 when none, or on his Staff side). */
int pc_sf_near(const pc_data *d, const pc_state *s, int u)
{
    int f = d->u[u].form;
    if (f < 0)
        return 0;
    int l = d->f[f].leader, lh = s->lhex[l];
    if (lh < 0 || s->lstaff[l] || pc_dist(d, lh, s->uhex[u]) > 1)
        return 0;
    return d->l[l].sf;
}

int pc_smoke_mod(const pc_data *d, const pc_state *s, int hex, int tdr)
{
    int best = 0;
    for (int i = 0; i < s->nsmoke; i++) {
        int k = pc_dist(d, s->smoke[i], hex);
        int m = k == 0 ? 2 : k == 1 ? 1 : 0;
        best = m > best ? m : best;
    }
    if (tdr)
        return best == 2 ? d->t_smoke_hex : best == 1 ? d->t_smoke_adj : 0;
    return best == 2 ? d->m_smoke_hex : best == 1 ? d->m_smoke_adj : 0;
}

void pc_add_smoke(pc_state *s, int hex)
{
    for (int i = 0; i < s->nsmoke; i++)
        if (s->smoke[i] == hex)
            return;
    if (s->nsmoke < PC_MAXSMOKE)
        s->smoke[s->nsmoke++] = (int16_t)hex;
}

/* The common TDR modifiers of a unit in its hex (4.4, 7.1 g, 8.2.1, 9.2.6). */
static int tdr_mods(const pc_data *d, const pc_state *s, int u)
{
    int h = s->uhex[u];
    int m = -pc_sf_near(d, s, u) + pc_smoke_mod(d, s, h, 1);
    if (pc_in_ezoc(d, s, d->u[u].side, h, 0))
        m += d->t_ezoc;
    if (d->u[u].light)
        m += d->t_light;
    return m;
}

/* ---- leaders ---------------------------------------------------------------*/

/* 4.6: a leader alone in a hex an enemy combat unit enters is captured: to
 * his Staff side, placed with the nearest unit of his formation; a Staff
 * captured again is a trophy for the enemy (3 VP an FC). */
static void capture_leaders(const pc_data *d, pc_state *s, int hex, int enemy_side, vb_ctx *cx)
{
    for (int l = 0; l < d->nl; l++) {
        if (s->lhex[l] != hex || d->l[l].side == enemy_side)
            continue;
        if (pc_unit_at(d, s, hex, d->l[l].side, -1) >= 0)
            continue;
        int best = -1, bd = 999;
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].form >= 0 && d->f[d->u[u].form].leader == l &&
                pc_dist(d, hex, s->uhex[u]) < bd) {
                bd = pc_dist(d, hex, s->uhex[u]);
                best = u;
            }
        if (s->lstaff[l] || best < 0) {
            s->lhex[l] = -1;
            s->captured[enemy_side] += 3;
            VB_LOG(cx, "[4.6] %s is captured: a trophy for the enemy", d->l[l].name);
        } else {
            s->lstaff[l] = 1;
            s->lhex[l] = s->uhex[best];
            VB_LOG(cx, "[4.6] %s is overrun: to his Staff side, placed with %s", d->l[l].name,
                   d->u[best].name);
        }
    }
}

/* Leaders left without their units follow them (reading of 4.7). */
static void follow_leaders(const pc_data *d, pc_state *s, int from, int u)
{
    if (from < 0 || from == s->uhex[u])
        return;
    for (int l = 0; l < d->nl; l++)
        if (s->lhex[l] == from && d->l[l].side == d->u[u].side &&
            pc_unit_at(d, s, from, d->u[u].side, -1) < 0)
            s->lhex[l] = s->uhex[u] >= 0 ? s->uhex[u] : -1;
}

static void move_unit(const pc_data *d, pc_state *s, int u, int to, vb_ctx *cx)
{
    int from = s->uhex[u];
    s->uhex[u] = (int16_t)to;
    capture_leaders(d, s, to, d->u[u].side, cx);
    follow_leaders(d, s, from, u);
}

/* ---- losses, retreat, rout -------------------------------------------------*/

void pc_eliminate(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    int from = s->uhex[u];
    if (from < 0)
        return;
    s->uhex[u] = -1;
    s->umelee[u] = -1;
    s->ustat[u] = ST_GOOD;
    s->uflag[u] = 0;
    VB_LOG(cx, "%s is eliminated", d->u[u].name);
    /* leaders left alone relocate to the nearest unit of their formation */
    for (int l = 0; l < d->nl; l++)
        if (s->lhex[l] == from && pc_unit_at(d, s, from, d->l[l].side, -1) < 0) {
            int best = -1, bd = 999;
            for (int v = 0; v < d->nu; v++)
                if (s->uhex[v] >= 0 && d->u[v].form >= 0 && d->f[d->u[v].form].leader == l &&
                    pc_dist(d, from, s->uhex[v]) < bd) {
                    bd = pc_dist(d, from, s->uhex[v]);
                    best = v;
                }
            if (best >= 0)
                s->lhex[l] = s->uhex[best];
        }
}

/* 9.2.9: the first step loss flips a two-step unit; otherwise it is removed. */
void pc_lose_step(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    if (s->uhex[u] < 0)
        return;
    if (s->ustep[u] == 2) {
        s->ustep[u] = 1;
        VB_LOG(cx, "%s loses a step (now %d SP)", d->u[u].name, usp(d, s, u));
    } else {
        pc_eliminate(d, s, u, cx);
    }
}

/* 9.2.8: one retreat hex: away from `from`, by the printed priorities; ties
 * toward the friendly edge, then the lowest hex. -1 when there is none. */
static int retreat_hex(const pc_data *d, const pc_state *s, int u, int from)
{
    int h = s->uhex[u], side = d->u[u].side, best = -1, bk = 99, bc = 99;
    for (int k = 0; k < 6; k++) {
        int n = pc_nb(d, h, k);
        if (n < 0 || !pc_side_open(d, h, k) || pc_enemy_at(d, s, n, side))
            continue;
        if (from >= 0 && pc_dist(d, n, from) <= pc_dist(d, h, from))
            continue;
        int ez = pc_in_ezoc(d, s, side, n, 0);
        int cls = ez ? 2 : pc_stack_ok(d, s, n, u) ? 0 : 1;
        int col = n / d->h, edge = d->edge_west[side] ? col : d->w - 1 - col;
        if (cls < bk || (cls == bk && edge < bc)) {
            bk = cls;
            bc = edge;
            best = n;
        }
    }
    return best;
}

void pc_retreat(const pc_data *d, pc_state *s, int u, int from, int n, vb_ctx *cx)
{
    char hn[8];
    for (int i = 0; i < n + 6 && s->uhex[u] >= 0; i++) {
        if (i >= n && pc_stack_ok(d, s, s->uhex[u], u))
            break;
        int to = retreat_hex(d, s, u, i < n ? from : -1);
        if (to < 0 && i >= n)
            to = retreat_hex(d, s, u, from);
        if (to < 0) {
            VB_LOG(cx, "[9.2.8] %s cannot retreat and surrenders", d->u[u].name);
            pc_eliminate(d, s, u, cx);
            return;
        }
        move_unit(d, s, u, to, cx);
        pc_hex_name(d, to, hn, sizeof hn);
        VB_LOG(cx, "[9.2.8] %s retreats to %s", d->u[u].name, hn);
    }
    s->umelee[u] = -1;
    if (s->uhex[u] >= 0 && !pc_stack_ok(d, s, s->uhex[u], u)) {
        VB_LOG(cx, "[9.2.8] %s finds no free hex and surrenders", d->u[u].name);
        pc_eliminate(d, s, u, cx);
    }
}

/* 11.3: three hexes toward the friendly edge, crossing friends; off the map
 * or blocked: eliminated. */
void pc_drift(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    int side = d->u[u].side;
    char hn[8];
    for (int i = 0; i < 3 + 6 && s->uhex[u] >= 0; i++) {
        int h = s->uhex[u];
        if (i >= 3 && pc_stack_ok(d, s, h, u))
            break;
        int col = h / d->h;
        int atedge = d->edge_west[side] ? col == 0 : col == d->w - 1;
        if (atedge) {
            VB_LOG(cx, "[11.3] %s routs off the map", d->u[u].name);
            pc_eliminate(d, s, u, cx);
            return;
        }
        int best = -1, bscore = 999;
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, h, k);
            if (nb < 0 || !pc_side_open(d, h, k) || pc_enemy_at(d, s, nb, side))
                continue;
            int c = nb / d->h, e = d->edge_west[side] ? c : d->w - 1 - c;
            int ce = d->edge_west[side] ? col : d->w - 1 - col;
            if (e > ce)
                continue;
            int score = e * 20 + (e == ce ? 10 : 0) + pc_in_ezoc(d, s, side, nb, 0) * 5 +
                        d->terr[d->hterr[nb]].mp[d->u[u].type];
            if (score < bscore) {
                bscore = score;
                best = nb;
            }
        }
        if (best < 0) {
            VB_LOG(cx, "[11.3] %s finds no way back and is eliminated", d->u[u].name);
            pc_eliminate(d, s, u, cx);
            return;
        }
        move_unit(d, s, u, best, cx);
        pc_hex_name(d, best, hn, sizeof hn);
        VB_LOG(cx, "[11.3] %s drifts to %s", d->u[u].name, hn);
    }
    if (s->uhex[u] >= 0 && !pc_stack_ok(d, s, s->uhex[u], u)) {
        VB_LOG(cx, "[11.3] %s finds no free hex and is eliminated", d->u[u].name);
        pc_eliminate(d, s, u, cx);
    }
}

/* 11.2: a unit that routs retreats at once three hexes (11.3); its Feu de
 * Billebaude marker is removed (errata). Artillery alone is eliminated. */
void pc_rout(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    if (s->uhex[u] < 0)
        return;
    if (d->u[u].type == UT_ART) {
        pc_eliminate(d, s, u, cx);
        return;
    }
    s->ustat[u] = ST_ROUT;
    s->uflag[u] &= (uint8_t)~UF_FDB;
    s->umelee[u] = -1;
    VB_LOG(cx, "[11.2] %s routs", d->u[u].name);
    pc_drift(d, s, u, cx);
}

/* ---- setup and the sequence of play ---------------------------------------*/

static int wing_alive(const pc_data *d, const pc_state *s, int w)
{
    (void)s;
    (void)d;
    (void)w;
    return 1; /* a wing keeps its activation even with nothing left (3.0 A.3) */
}

static int remaining(const pc_data *d, const pc_state *s, int side)
{
    int n = 0;
    for (int w = 0; w < d->nw; w++)
        if (d->wg[w].side == side && !(s->wdone & (1 << w)) && wing_alive(d, s, w))
            n++;
    return n;
}

static void start_activation(const pc_data *d, pc_state *s, int w, vb_ctx *cx)
{
    s->wing = w;
    s->side = d->wg[w].side;
    s->form = -1;
    s->fdone = 0;
    s->nmel_done = 0;
    s->line_anchor = -1;
    for (int u = 0; u < d->nu; u++)
        s->uflag[u] &= (uint8_t) ~(UF_MOVED | UF_SHOT);
    VB_LOG(cx, "[3.0 A] %s: %s activates", d->turn_name[s->turn - 1], d->wg[w].title);
    s->phase = PH_MFORM;
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && d->u[u].wing == w && (s->uflag[u] & UF_FDB))
            s->phase = PH_FDB; /* 3.1 a, only when there is a marker to remove */
}

static void begin_reorg(const pc_data *d, pc_state *s, vb_ctx *cx);

/* 3.0 A: the next wing selection, or B when every wing has activated. */
static void select_next(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int nfs = remaining(d, s, PC_FS), nau = remaining(d, s, PC_AU);
    s->choice[0] = s->choice[1] = -1;
    s->revealed[0] = s->revealed[1] = 0;
    s->iroll[0] = s->iroll[1] = -1;
    s->second_wing = -1;
    s->second_reveal = -1;
    if (!nfs && !nau) {
        begin_reorg(d, s, cx);
        return;
    }
    if (!nfs || !nau) {
        int side = nfs ? PC_FS : PC_AU;
        if ((side == PC_FS ? nfs : nau) == 1) {
            for (int w = 0; w < d->nw; w++)
                if (d->wg[w].side == side && !(s->wdone & (1 << w))) {
                    start_activation(d, s, w, cx);
                    return;
                }
        }
        s->phase = PH_SELECT;
        s->side = side;
        return;
    }
    s->phase = PH_SELECT;
    s->side = PC_FS;
}

static void begin_turn(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    s->wdone = 0;
    VB_LOG(cx, "[3.0] Turn %d (%s)", s->turn, d->turn_name[s->turn - 1]);
    if (s->turn == 1) {
        /* 3.0 exception, first game turn (06:00): the Spanish left wing begins,
         * then the Austrian right; Scenarios 2 and 3 start later */
        s->choice[0] = s->choice[1] = -1;
        s->second_wing = d->first_wing[1];
        s->second_reveal = -1;
        start_activation(d, s, d->first_wing[0], cx);
        return;
    }
    select_next(d, s, cx);
}

int pc_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    pc_state *s = st;
    for (int u = 0; u < d->nu; u++) {
        s->uhex[u] = (int16_t)d->u[u].hex;
        s->ustep[u] = d->u[u].red ? 2 : 1;
        s->uface[u] = (uint8_t)d->u[u].face;
        s->umelee[u] = -1;
    }
    for (int u = d->nu; u < PC_MAXU; u++) {
        s->uhex[u] = -1;
        s->umelee[u] = -1;
    }
    for (int u = 0; u < PC_MAXU; u++)
        s->rf[u] = s->rt[u] = -1, s->psrc[u] = -1;
    for (int l = 0; l < PC_MAXL; l++)
        s->lhex[l] = (int16_t)(l < d->nl ? d->l[l].hex : -1);
    for (int i = 0; i < PC_MAXDECL; i++)
        s->mel_done_hex[i] = -1;
    s->turn = d->first_turn;
    s->holder = -1;
    s->mv_u = s->bomb_u = -1;
    s->proc_u = -1;
    s->line_anchor = -1;
    begin_turn(d, s, cx);
    pc_advance(d, s, cx);
    return 0;
}

static void end_activation(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    s->wdone |= 1 << s->wing;
    for (int u = 0; u < d->nu; u++)
        s->umelee[u] = -1;
    s->form = -1;
    if (s->second_wing >= 0) {
        int w = s->second_wing;
        if (s->second_reveal >= 0) {
            s->revealed[s->second_reveal] = 1;
            VB_LOG(cx, "[3.0 A.2] %s reveals its marker: %s", d->side_list[s->second_reveal],
                   d->wg[w].name);
        }
        s->second_wing = -1;
        s->second_reveal = -1;
        start_activation(d, s, w, cx);
        return;
    }
    select_next(d, s, cx);
}

/* 11.4 / 12.0 */
static void next_reorg(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    for (int u = s->reorg_u + 1; u < d->nu; u++)
        if (s->uhex[u] >= 0 && s->ustat[u] != ST_GOOD) {
            s->reorg_u = u;
            s->roll = RL_REORG;
            s->roll_u = u;
            return;
        }
    /* B.2: Smoke and Changing markers removed; guns may fire again */
    s->nsmoke = 0;
    memset(s->smoke, 0, sizeof s->smoke);
    for (int u = 0; u < d->nu; u++)
        s->uflag[u] &= (uint8_t) ~(UF_CHANGING | UF_FIRED);
    VB_LOG(cx, "[3.0 B.2] Smoke and Changing markers removed");
    if (s->turn >= d->first_turn + d->nturns - 1) {
        s->phase = PH_OVER;
        VB_LOG(cx, "[%s] the last turn is over", d->scen_name);
        return;
    }
    s->turn++;
    begin_turn(d, s, cx);
}

static void begin_reorg(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    s->reorg_u = -1;
    s->phase = PH_FDB; /* placeholder; a roll is pending or the turn ends */
    next_reorg(d, s, cx);
}

/* ---- movement ---------------------------------------------------------------*/

static int line_pos(const pc_data *d, const pc_state *s, int k)
{
    int h = s->line_anchor;
    for (int i = 0; i < k && h >= 0; i++)
        h = pc_nb(d, h, s->line_dir);
    return h;
}

static int on_line(const pc_data *d, const pc_state *s, int hex)
{
    if (s->line_anchor < 0)
        return 0;
    for (int k = 0; k < s->line_len; k++)
        if (line_pos(d, s, k) == hex)
            return 1;
    return 0;
}

/* Distance from hex to the nearest line position not held by other infantry
 * of the formation (5.8); 99 without a declared line. */
static int line_gap(const pc_data *d, const pc_state *s, int u, int hex)
{
    int best = 99;
    if (s->line_anchor < 0)
        return best;
    for (int k = 0; k < s->line_len; k++) {
        int p = line_pos(d, s, k);
        if (p < 0)
            break;
        int held = 0;
        for (int v = 0; v < d->nu; v++)
            if (v != u && s->uhex[v] == p && d->u[v].type == UT_INF)
                held = 1;
        if (!held && pc_dist(d, hex, p) < best)
            best = pc_dist(d, hex, p);
    }
    return best;
}

/* 5.6: good-order in-command infantry moves in line near the enemy. */
static int line_bound(const pc_data *d, const pc_state *s, int u, int incmd)
{
    return d->u[u].type == UT_INF && s->ustat[u] == ST_GOOD && incmd;
}

static int step_cost(const pc_data *d, int u_type, int from, int dir, int to)
{
    int c = (d->road[from] & (1u << dir)) ? d->road_mp : d->terr[d->hterr[to]].mp[u_type];
    if (d->hterr[from] == d->hterr[to] && is_entrench(d, from) && c > 1)
        c = 1; /* 5.0: entrenchment to entrenchment, redoubt to redoubt */
    if (d->stream[from] & (1u << dir))
        c += d->stream_mp[u_type];
    return c;
}

static int nearest_enemy(const pc_data *d, const pc_state *s, int side, int hex)
{
    int best = 99;
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] >= 0 && d->u[v].side != side && pc_dist(d, hex, s->uhex[v]) < best)
            best = pc_dist(d, hex, s->uhex[v]);
    return best;
}

/* Units within 4 hexes of the moving unit: every unit that can matter for
 * a step (EZ 3 from the next hex, ZOC 1, stacking 0). Legal stays fast. */
typedef struct near_set {
    int n, v[PC_MAXU];
} near_set;

static void near_fill(const pc_data *d, const pc_state *s, int h, near_set *ns)
{
    ns->n = 0;
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] >= 0 && pc_dist(d, s->uhex[v], h) <= 4)
            ns->v[ns->n++] = v;
}

static int near_ezoc(const pc_data *d, const pc_state *s, const near_set *ns, int side, int hex)
{
    for (int i = 0; i < ns->n; i++)
        if (d->u[ns->v[i]].side != side && pc_exerts_zoc(d, s, ns->v[i], hex))
            return 1;
    return 0;
}

static int near_ez(const pc_data *d, const pc_state *s, const near_set *ns, int side, int hex)
{
    if (d->terr[d->hterr[hex]].is_city)
        return 0;
    for (int i = 0; i < ns->n; i++) {
        int v = ns->v[i];
        if (d->u[v].side != side && d->u[v].type == UT_INF && s->ustat[v] == ST_GOOD &&
            pc_dist(d, s->uhex[v], hex) <= 3)
            return 1;
    }
    return 0;
}

/* 6.0 and no enemy: may u stand in hex (a neighbour of its own)? */
static int near_room(const pc_data *d, const pc_state *s, const near_set *ns, int hex, int u)
{
    int inf = 0, cav = 0, art = 0, t = d->u[u].type;
    for (int i = 0; i < ns->n; i++) {
        int v = ns->v[i];
        if (v == u || s->uhex[v] != hex)
            continue;
        if (d->u[v].side != d->u[u].side)
            return 0;
        inf += d->u[v].type == UT_INF;
        cav += d->u[v].type == UT_CAV;
        art += d->u[v].type == UT_ART;
    }
    inf += t == UT_INF;
    cav += t == UT_CAV;
    art += t == UT_ART;
    if (cav)
        return !inf && !art && cav <= 2;
    return inf <= 1 && art <= 1;
}

/* May the moving unit step from its hex toward dir now? */
static int step_ok(const pc_data *d, const pc_state *s, int u, int dir, int incmd,
                   const near_set *ns, int zoc_here)
{
    int h = s->uhex[u], side = d->u[u].side, t = d->u[u].type;
    if (!pc_side_open(d, h, dir))
        return 0;
    int n = pc_nb(d, h, dir);
    if (!near_room(d, s, ns, n, u))
        return 0;
    int c = step_cost(d, t, h, dir, n);
    if (s->mv_stopped || (c > s->mv_mp && s->mv_steps > 0))
        return 0;
    int zoc_there = near_ezoc(d, s, ns, side, n);
    if (zoc_here && zoc_there) /* 7.1 e */
        return 0;
    if (zoc_there && t == UT_ART && pc_unit_at(d, s, n, side, UT_INF) < 0 &&
        pc_unit_at(d, s, n, side, UT_CAV) < 0) /* 7.1 i */
        return 0;
    if (t != UT_ART && !incmd) {
        /* 5.9 / 7.1 d: toward the leader, or away from the enemy */
        if (zoc_there)
            return 0;
        int lh = s->lhex[d->f[d->u[u].form].leader];
        if (lh >= 0 && pc_dist(d, n, lh) < pc_dist(d, h, lh))
            return 1;
        return (lh < 0 || pc_dist(d, h, lh) <= 2) &&
               nearest_enemy(d, s, side, n) > nearest_enemy(d, s, side, h);
    }
    if (line_bound(d, s, u, incmd) && near_ez(d, s, ns, side, n)) {
        /* 5.3/5.6/5.8: into the EZ only onto the declared Line or toward it */
        if (s->line_anchor < 0)
            return 0;
        if (!(on_line(d, s, n) && line_gap(d, s, u, n) == 0) &&
            line_gap(d, s, u, n) >= line_gap(d, s, u, h))
            return 0;
    }
    return 1;
}

static int cost_into(const pc_data *d, int u, int from, int to)
{
    int dir = pc_dir_to(d, from, to);
    return dir < 0 ? 99 : step_cost(d, d->u[u].type, from, dir, to);
}

static int melee_ok(const pc_data *d, const pc_state *s, int u, int hex, int incmd)
{
    int h = s->uhex[u];
    if (s->ustat[u] != ST_GOOD || (s->uflag[u] & (UF_FDB | UF_SHOT)) || d->u[u].type == UT_ART)
        return 0;
    if (!incmd || !pc_enemy_at(d, s, hex, d->u[u].side))
        return 0;
    int c = cost_into(d, u, h, hex);
    if (c > s->mv_mp && s->mv_steps > 0)
        return 0;
    return pc_melee_target_ok(d, s, u, hex);
}

static int stop_ok(const pc_data *d, const pc_state *s, int u, int incmd)
{
    int h = s->uhex[u];
    if (s->mv_steps == 0 || !line_bound(d, s, u, incmd) || !pc_in_ez(d, s, d->u[u].side, h))
        return 1;
    return on_line(d, s, h);
}

static int can_start_move(const pc_data *d, const pc_state *s, int u)
{
    if (s->uhex[u] < 0 || (s->uflag[u] & (UF_MOVED | UF_FDB)) || s->ustat[u] == ST_ROUT)
        return 0;
    if (s->ustat[u] == ST_DIS && d->u[u].type == UT_INF) /* 11.1 b */
        return 0;
    return 1;
}

static int in_form(const pc_data *d, int u, int f)
{
    return f == PC_MAXF ? d->u[u].type == UT_ART : d->u[u].form == f;
}

static void end_move(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    (void)cx;
    int u = s->mv_u;
    if (u >= 0 && s->uhex[u] >= 0 && d->u[u].type == UT_ART) {
        s->phase = PH_FACE;
        return;
    }
    s->mv_u = -1;
    s->phase = PH_MOVE;
}

/* 5.10 (errata): enemy cavalry in the ZOC of an infantry unit that moves
 * adjacent retreats one hex at once, without reaction fire. */
static void cavalry_refusal(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    if (d->u[u].type != UT_INF || s->ustat[u] == ST_ROUT)
        return;
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] >= 0 && d->u[v].side != d->u[u].side && d->u[v].type == UT_CAV &&
            pc_exerts_zoc(d, s, u, s->uhex[v])) {
            VB_LOG(cx, "[5.10] %s refuses to stay next to %s", d->u[v].name, d->u[u].name);
            pc_retreat(d, s, v, s->uhex[u], 1, cx);
        }
}

/* Enter the hex s->mv_to after every check passed. */
static void enter_hex(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int u = s->mv_u, h = s->uhex[u], n = s->mv_to, side = d->u[u].side;
    char hn[8];
    s->mv_mp -= cost_into(d, u, h, n);
    s->mv_steps++;
    move_unit(d, s, u, n, cx);
    if (d->u[u].type == UT_ART)
        s->uflag[u] |= UF_FIRED; /* 5.1: a gun that moves does not bombard */
    pc_hex_name(d, n, hn, sizeof hn);
    VB_LOG(cx, "[5.0] %s to %s", d->u[u].name, hn);
    cavalry_refusal(d, s, u, cx);
    s->mv_to = -1;
    s->proc_step = 0;
    if (pc_in_ezoc(d, s, side, n, 0)) { /* 7.1 a */
        s->mv_stopped = 1;
        VB_LOG(cx, "[7.1 a] %s stops in an enemy ZOC", d->u[u].name);
        int any = 0, incmd = pc_in_command(d, s, u); /* 9.2.1: a melee with its MP */
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, n, k);
            any |= nb >= 0 && melee_ok(d, s, u, nb, incmd);
        }
        if (!any || s->mv_mp <= 0)
            end_move(d, s, cx);
        return;
    }
    if (s->mv_mp <= 0)
        end_move(d, s, cx);
}

/* The checks before entering s->mv_to (proc_step: 0 reaction fire, 1
 * cavalry TDR, 2 misalignment TDR, 3 enter). Sets a roll or moves. */
void pc_step_continue(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int u = s->mv_u, side = d->u[u].side;
    if (s->uhex[u] < 0 || s->ustat[u] == ST_ROUT ||
        (s->ustat[u] == ST_DIS && d->u[u].type == UT_INF) ||
        pc_dist(d, s->uhex[u], s->mv_to) != 1) {
        /* the reaction fire stopped it */
        s->mv_to = -1;
        s->proc_step = 0;
        if (s->uhex[u] >= 0)
            end_move(d, s, cx);
        else {
            s->mv_u = -1;
            s->phase = PH_MOVE;
        }
        return;
    }
    int h = s->uhex[u], n = s->mv_to, dir = pc_dir_to(d, h, n);
    if (s->proc_step == 0) {
        s->proc_step = 1;
        s->roll_u2 = -1;
    }
    if (s->proc_step == 1) {
        /* 7.1 f / 7.2: reaction fire by every enemy infantry exerting the ZOC */
        for (int v = s->roll_u2 + 1; v < d->nu; v++)
            if (d->u[v].side != side && d->u[v].type == UT_INF && pc_exerts_zoc(d, s, v, h) &&
                pc_can_fire(d, s, v, 0)) {
                s->roll_u2 = v;
                s->roll = RL_REACT;
                s->roll_u = u;
                return;
            }
        s->proc_step = 2;
    }
    if (s->proc_step == 2) {
        s->proc_step = 3;
        if (d->u[u].type == UT_CAV && pc_in_ezoc(d, s, side, n, 1)) {
            s->roll = RL_CAVZOC; /* 7.1 b */
            s->roll_u = u;
            return;
        }
    }
    if (s->proc_step == 3) {
        s->proc_step = 4;
        const pc_terrain *t = &d->terr[d->hterr[n]];
        int rough = t->cover > 0 || t->is_ditch || (d->stream[h] & (1u << dir));
        if (d->u[u].type == UT_INF && pc_in_ez(d, s, side, n) && rough &&
            !(d->road[h] & (1u << dir))) {
            s->roll = RL_MISALIGN; /* 5.7 */
            s->roll_u = u;
            s->roll_mod = t->misalign;
            return;
        }
    }
    enter_hex(d, s, cx);
}

/* ---- to_move, prompt, legal --------------------------------------------------*/

int pc_to_move(const vb_game *g, const void *st)
{
    (void)g;
    const pc_state *s = st;
    if (s->phase == PH_OVER)
        return VB_OVER;
    if (s->roll)
        return VB_CHANCE;
    return s->side;
}

int pc_turn(const vb_game *g, const void *st)
{
    (void)g;
    return ((const pc_state *)st)->turn;
}

static int form_has_units(const pc_data *d, const pc_state *s, int f)
{
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && in_form(d, u, f) && d->u[u].wing == s->wing)
            return 1;
    return 0;
}

#define PUSH(x)                                                                                    \
    do {                                                                                           \
        if (n >= cap)                                                                              \
            return VB_EOVERFLOW;                                                                   \
        acts[n] = (x);                                                                             \
        if (w)                                                                                     \
            w[n] = 1;                                                                              \
        n++;                                                                                       \
    } while (0)

int pc_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    int n = 0;
    if (s->phase == PH_OVER)
        return 0;
    if (s->roll) {
        for (int f = 0; f < 10; f++)
            PUSH(PC_ACT(A_DIE, f, 0));
        return n;
    }
    switch (s->phase) {
    case PH_SELECT:
        for (int k = 0; k < d->nw; k++)
            if (d->wg[k].side == s->side && !(s->wdone & (1 << k)))
                PUSH(PC_ACT(A_WING, k, 0));
        break;
    case PH_INIT:
        PUSH(PC_ACT(A_FIRST, 0, 0));
        PUSH(PC_ACT(A_SECOND, 0, 0));
        break;
    case PH_FDB:
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].wing == s->wing && (s->uflag[u] & UF_FDB) &&
                !(s->uflag[u] & UF_MOVED))
                PUSH(PC_ACT(A_RALLY, u, 0));
        PUSH(PC_ACT(A_ENDFDB, 0, 0));
        break;
    case PH_MFORM:
    case PH_CFORM:
        for (int f = 0; f <= PC_MAXF; f++) {
            if (f < PC_MAXF && (f >= d->nf || d->f[f].wing != s->wing))
                continue;
            if (s->fdone & (1 << f))
                continue;
            if (s->phase == PH_CFORM && f == PC_MAXF)
                continue;
            int ok = form_has_units(d, s, f) ||
                     (s->phase == PH_MFORM && f < PC_MAXF && s->lhex[d->f[f].leader] >= 0);
            if (ok)
                PUSH(PC_ACT(s->phase == PH_MFORM ? A_FORM : A_CFORM, f, 0));
        }
        PUSH(PC_ACT(s->phase == PH_MFORM ? A_ENDMOVE : A_ENDCOMBAT, 0, 0));
        break;
    case PH_MOVE: {
        int f = s->form, moved = 0, ninf = 0;
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && in_form(d, u, f)) {
                moved |= (s->uflag[u] & UF_MOVED) != 0;
                ninf += d->u[u].type == UT_INF && s->ustat[u] == ST_GOOD;
            }
        if (f < PC_MAXF && s->line_anchor < 0 && !moved && ninf >= 2)
            PUSH(PC_ACT(A_DECLINE, 0, 0));
        for (int u = 0; u < d->nu; u++)
            if (in_form(d, u, f) && d->u[u].wing == s->wing && can_start_move(d, s, u))
                PUSH(PC_ACT(A_MOVE, u, 0));
        if (f < PC_MAXF && s->lhex[d->f[f].leader] >= 0)
            PUSH(PC_ACT(A_LEADER, d->f[f].leader, 0));
        PUSH(PC_ACT(A_ENDFORM, 0, 0));
        break;
    }
    case PH_ANCHOR: {
        uint8_t seen[PC_MAXHEX];
        memset(seen, 0, sizeof seen);
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].form == s->form && d->u[u].type == UT_INF &&
                s->ustat[u] == ST_GOOD) {
                seen[s->uhex[u]] = 1;
                for (int k = 0; k < 6; k++) {
                    int nb = pc_nb(d, s->uhex[u], k);
                    if (nb >= 0 && pc_passable(d, nb))
                        seen[nb] = 1;
                }
            }
        for (int hx = 0; hx < d->nhex; hx++)
            if (seen[hx])
                PUSH(PC_ACT(A_ANCHOR, hx, 0));
        break;
    }
    case PH_LDIR:
        for (int k = 0; k < 6; k++)
            PUSH(PC_ACT(A_LDIR, k, 0));
        break;
    case PH_STEP: {
        int u = s->mv_u, any = 0, incmd = pc_in_command(d, s, u);
        near_set ns;
        near_fill(d, s, s->uhex[u], &ns);
        int zoc_here = near_ezoc(d, s, &ns, d->u[u].side, s->uhex[u]);
        for (int k = 0; k < 6; k++)
            if (step_ok(d, s, u, k, incmd, &ns, zoc_here)) {
                PUSH(PC_ACT(A_TO, pc_nb(d, s->uhex[u], k), 0));
                any = 1;
            }
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, s->uhex[u], k);
            if (nb >= 0 && melee_ok(d, s, u, nb, incmd)) {
                PUSH(PC_ACT(A_MELEE, nb, 0));
                any = 1;
            }
        }
        if (!any || stop_ok(d, s, u, incmd))
            PUSH(PC_ACT(A_STOP, 0, 0));
        break;
    }
    case PH_FACE:
        for (int k = 0; k < 6; k++)
            PUSH(PC_ACT(A_FACE, k, 0));
        break;
    case PH_LSTEP: {
        int l = s->mv_u, h = s->lhex[l], side = d->l[l].side, any = 0, near = 0, has = 0;
        for (int k = 0; k < 6; k++) {
            if (!pc_side_open(d, h, k))
                continue;
            int nb = pc_nb(d, h, k);
            int c = step_cost(d, UT_INF, h, k, nb);
            if (pc_enemy_at(d, s, nb, side) || c > s->mv_mp)
                continue;
            if (pc_in_ezoc(d, s, side, nb, 0) && pc_unit_at(d, s, nb, side, -1) < 0) /* 7.1 i */
                continue;
            PUSH(PC_ACT(A_TO, nb, 0));
            any = 1;
        }
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].form == s->form) {
                has = 1;
                near |= pc_dist(d, s->uhex[u], h) <= 1;
            }
        if (!any || near || !has) /* 4.4: end with or next to a unit of his formation */
            PUSH(PC_ACT(A_STOP, 0, 0));
        break;
    }
    case PH_BOMB: {
        int hexes[64];
        for (int u = 0; u < d->nu; u++) {
            if (d->u[u].wing != s->wing || d->u[u].type != UT_ART)
                continue;
            int k = pc_bomb_targets(d, s, u, hexes);
            for (int i = 0; i < k; i++)
                PUSH(PC_ACT(A_BOMB, u, hexes[i]));
        }
        PUSH(PC_ACT(A_ENDBOMB, 0, 0));
        break;
    }
    case PH_BOMB2:
        PUSH(PC_ACT(A_AGAIN, s->bomb_u, 0));
        PUSH(PC_ACT(A_CEASE, s->bomb_u, 0));
        break;
    default: {
        vb_action tmp[PC_MAXU * 8];
        int k = 0;
        pc_combat_legal_fire(d, s, tmp, &k);
        for (int i = 0; i < k; i++)
            PUSH(tmp[i]);
        break;
    }
    }
    return n;
}

/* ---- apply -----------------------------------------------------------------*/

static int reroll_or_reveal(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    if (s->iroll[0] == s->iroll[1]) {
        VB_LOG(cx, "[3.0 A] initiative %d - %d: a draw, reroll", s->iroll[0], s->iroll[1]);
        s->iroll[0] = s->iroll[1] = -1;
        s->roll = RL_INIT;
        s->roll_side = PC_FS;
        return 0;
    }
    int low = s->iroll[0] < s->iroll[1] ? PC_FS : PC_AU;
    s->revealed[low] = 1;
    VB_LOG(cx, "[3.0 A] initiative: franco-spanish %d, austrian %d; %s reveals %s", s->iroll[0],
           s->iroll[1], d->side_list[low], d->wg[s->choice[low]].name);
    s->phase = PH_INIT;
    s->side = 1 - low;
    return 0;
}

static int chance_apply(const pc_data *d, pc_state *s, int die, vb_ctx *cx)
{
    int kind = s->roll, u = s->roll_u;
    s->roll = RL_NONE;
    switch (kind) {
    case RL_INIT:
        s->iroll[s->roll_side] = die;
        if (s->roll_side == PC_FS) {
            s->roll = RL_INIT;
            s->roll_side = PC_AU;
            return 0;
        }
        return reroll_or_reveal(d, s, cx);
    case RL_FDB: {
        int base = pc_tdr_base(d, s, u), m = tdr_mods(d, s, u);
        int ok = die + m <= base;
        if (ok)
            s->uflag[u] &= (uint8_t)~UF_FDB;
        VB_LOG(cx, "[9.1.2] %s tries to stop the Feu de Billebaude: %d%+d vs %d - %s", d->u[u].name,
               die, m, base, ok ? "order restored" : "fails");
        return 0;
    }
    case RL_CAVZOC: {
        int base = pc_tdr_base(d, s, u), m = tdr_mods(d, s, u) + d->t_cav_inf_zoc;
        int ok = die + m <= base;
        VB_LOG(cx, "[7.1 b] %s TDR to enter the infantry ZOC: %d%+d vs %d - %s", d->u[u].name, die,
               m, base, ok ? "enters" : "disordered, stops");
        if (ok) {
            pc_step_continue(d, s, cx);
        } else {
            s->ustat[u] = s->ustat[u] == ST_GOOD ? ST_DIS : s->ustat[u];
            s->mv_to = -1;
            s->proc_step = 0;
            end_move(d, s, cx);
        }
        return 0;
    }
    case RL_MISALIGN: {
        int base = pc_tdr_base(d, s, u), m = tdr_mods(d, s, u) + s->roll_mod;
        int ok = die + m <= base;
        VB_LOG(cx, "[5.7] %s misalignment TDR: %d%+d vs %d - %s", d->u[u].name, die, m, base,
               ok ? "passes" : "fails, stops");
        if (ok) {
            pc_step_continue(d, s, cx);
        } else {
            s->mv_to = -1;
            s->proc_step = 0;
            end_move(d, s, cx);
        }
        return 0;
    }
    case RL_REORG: {
        int base = pc_tdr_base(d, s, u), m = tdr_mods(d, s, u);
        if (pc_in_ezoc(d, s, d->u[u].side, s->uhex[u], 0))
            m += d->t_reorg_ezoc - d->t_ezoc; /* +2 overrides the standard +1 */
        if (!pc_in_command(d, s, u))
            m += d->t_reorg_ooc;
        if (s->ustat[u] == ST_ROUT)
            m += d->t_reorg_rout;
        int ok = die != d->t_reorg_nat && die + m <= base;
        VB_LOG(cx, "[11.4] %s reorganization: %d%+d vs %d - %s", d->u[u].name, die, m, base,
               ok ? (s->ustat[u] == ST_ROUT ? "rallies to Disorder" : "good order") : "no effect");
        if (ok)
            s->ustat[u]--;
        next_reorg(d, s, cx);
        return 0;
    }
    default:
        return pc_combat_chance(d, s, kind, die, cx);
    }
}

int pc_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    pc_state *s = st;
    int k = PC_K(a), x = PC_A(a), y = PC_B(a);
    char hn[8];
    (void)y;
    if (s->roll) {
        if (k != A_DIE || x < 0 || x > 9)
            return vb_fail(cx, VB_EILLEGAL, "a die roll (0-9) is expected");
        chance_apply(d, s, x, cx);
        pc_advance(d, s, cx);
        return 0;
    }
    switch (k) {
    case A_WING:
        s->choice[s->side] = x;
        VB_LOG_TO(cx, VB_ROLE_BIT(s->side), "[3.0 A] %s chooses the marker of %s",
                  d->side_list[s->side], d->wg[x].name);
        if (remaining(d, s, 1 - s->side) == 0) {
            s->revealed[s->side] = 1;
            start_activation(d, s, x, cx);
        } else if (s->side == PC_FS) {
            s->side = PC_AU;
        } else {
            s->roll = RL_INIT;
            s->roll_side = PC_FS;
        }
        break;
    case A_FIRST:
    case A_SECOND: {
        int hi = s->side, lo = 1 - hi;
        VB_LOG(cx, "[3.0 A] %s %s", d->side_list[hi],
               k == A_FIRST ? "activates first" : "lets the opponent activate first");
        if (k == A_FIRST) {
            s->revealed[hi] = 1;
            s->second_wing = s->choice[lo];
            s->second_reveal = -1;
            start_activation(d, s, s->choice[hi], cx);
        } else {
            s->second_wing = s->choice[hi];
            s->second_reveal = hi;
            start_activation(d, s, s->choice[lo], cx);
        }
        break;
    }
    case A_RALLY:
        s->uflag[x] |= UF_MOVED; /* one attempt each */
        s->roll = RL_FDB;
        s->roll_u = x;
        break;
    case A_ENDFDB:
        for (int u = 0; u < d->nu; u++)
            s->uflag[u] &= (uint8_t)~UF_MOVED;
        s->phase = PH_MFORM;
        s->fdone = 0;
        break;
    case A_FORM:
        s->form = x;
        s->line_anchor = -1;
        s->phase = PH_MOVE;
        /* 11.3 / Q7: routed units of the formation drift three more hexes */
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && in_form(d, u, x) && d->u[u].wing == s->wing &&
                s->ustat[u] == ST_ROUT)
                pc_drift(d, s, u, cx);
        break;
    case A_ENDMOVE:
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].wing == s->wing && s->ustat[u] == ST_ROUT &&
                !(s->fdone & (1 << (d->u[u].type == UT_ART ? PC_MAXF : d->u[u].form))))
                pc_drift(d, s, u, cx);
        s->phase = PH_BOMB;
        s->fdone = 0;
        s->form = -1;
        break;
    case A_DECLINE:
        s->phase = PH_ANCHOR;
        break;
    case A_ANCHOR:
        s->line_anchor = x;
        s->phase = PH_LDIR;
        break;
    case A_LDIR: {
        int cnt = 0;
        for (int u = 0; u < d->nu; u++)
            cnt += s->uhex[u] >= 0 && d->u[u].form == s->form && d->u[u].type == UT_INF &&
                   s->ustat[u] == ST_GOOD;
        s->line_dir = x;
        s->line_len = cnt;
        pc_hex_name(d, s->line_anchor, hn, sizeof hn);
        VB_LOG(cx, "[5.6] %s declares a Line from %s, %d hexes %s", d->f[s->form].name, hn, cnt,
               pc_dir_names[x]);
        s->phase = PH_MOVE;
        break;
    }
    case A_MOVE:
        s->mv_u = x;
        s->mv_mp = d->u[x].mp;
        s->mv_start = s->uhex[x];
        s->mv_steps = 0;
        s->mv_to = -1;
        s->mv_stopped = 0;
        s->proc_step = 0;
        s->uflag[x] |= UF_MOVED;
        s->phase = PH_STEP;
        break;
    case A_LEADER:
        s->mv_u = x;
        s->mv_mp = d->leader_mp;
        s->phase = PH_LSTEP;
        break;
    case A_ENDFORM:
        if (s->form >= 0 && s->form < 31)
            s->fdone |= 1 << s->form;
        s->form = -1;
        s->line_anchor = -1;
        s->phase = PH_MFORM;
        break;
    case A_TO:
        if (s->phase == PH_LSTEP) {
            int l = s->mv_u, h = s->lhex[l], dir = pc_dir_to(d, h, x);
            s->mv_mp -= step_cost(d, UT_INF, h, dir, x);
            s->lhex[l] = (int16_t)x;
            pc_hex_name(d, x, hn, sizeof hn);
            VB_LOG(cx, "[4.4] %s to %s", d->l[l].name, hn);
            break;
        }
        s->mv_to = x;
        s->proc_step = 0;
        pc_step_continue(d, s, cx);
        break;
    case A_STOP:
        if (s->phase == PH_LSTEP) {
            if (s->form >= 0 && s->form < 31)
                s->fdone |= 1 << s->form;
            s->form = -1;
            s->line_anchor = -1;
            s->mv_u = -1;
            s->phase = PH_MFORM;
            break;
        }
        end_move(d, s, cx);
        break;
    case A_MELEE: {
        int u = s->mv_u;
        s->umelee[u] = (int16_t)x;
        pc_hex_name(d, x, hn, sizeof hn);
        VB_LOG(cx, "[9.2.1] %s declares a melee against %s", d->u[u].name, hn);
        s->mv_mp = 0;
        pc_melee_start(d, s, cx); /* immediate retreats of 10.2 / 11.1 c */
        end_move(d, s, cx);
        break;
    }
    case A_FACE:
        s->uface[s->mv_u] = (uint8_t)x;
        VB_LOG(cx, "[5.1] %s faces %s", d->u[s->mv_u].name, pc_face_names[x]);
        s->mv_u = -1;
        s->phase = PH_MOVE;
        break;
    case A_ENDBOMB:
        s->phase = PH_CFORM;
        s->fdone = 0;
        break;
    case A_ENDCOMBAT:
        end_activation(d, s, cx);
        break;
    default:
        pc_combat_apply(d, s, a, cx);
        break;
    }
    pc_advance(d, s, cx);
    return 0;
}

/* Runs what follows automatically (pending effects). */
/* Scenario 3: the side with units in the victory hex occupies it; the
 * last to do so keeps it when it is left empty (read at every decision, so
 * a unit passing through occupies it too). */
static void update_holder(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    if (!d->vic_last)
        return;
    int fs = pc_unit_at(d, s, d->vic[0], PC_FS, -1) >= 0;
    int au = pc_unit_at(d, s, d->vic[0], PC_AU, -1) >= 0;
    if (fs != au && s->holder != (fs ? PC_FS : PC_AU)) {
        s->holder = fs ? PC_FS : PC_AU;
        VB_LOG(cx, "[Scenario 3] %s occupies %s", d->side_list[s->holder], d->place[0].name);
    }
}

void pc_advance(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    for (int guard = 0; guard < 64 && !s->roll && s->phase != PH_OVER; guard++) {
        if (s->proc_u >= 0 || s->cont || s->lroll) {
            pc_combat_next(d, s, cx);
            continue;
        }
        /* a moving unit that can no longer do anything stops */
        break;
    }
    update_holder(d, s, cx);
}

/* ---- prompt, result, check -------------------------------------------------*/

void pc_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    const char *who = s->side >= 0 && s->side < 2 ? d->side_list[s->side] : "?";
    if (s->phase == PH_OVER) {
        snprintf(buf, n, "the game is over");
        return;
    }
    if (s->roll) {
        snprintf(buf, n, "roll a d10");
        return;
    }
    switch (s->phase) {
    case PH_SELECT:
        snprintf(buf, n, "%s: choose a wing activation marker (secret)", who);
        break;
    case PH_INIT:
        snprintf(buf, n, "%s won the initiative: activate first or second", who);
        break;
    case PH_FDB:
        snprintf(buf, n, "%s: try to remove Feu de Billebaude markers (3.1 a)", who);
        break;
    case PH_MFORM:
        snprintf(buf, n, "%s: choose a formation to move (3.1 b)", who);
        break;
    case PH_MOVE:
        snprintf(buf, n, "%s: move a unit of %s", who,
                 s->form == PC_MAXF ? "the artillery" : d->f[s->form].name);
        break;
    case PH_ANCHOR:
        snprintf(buf, n, "%s: the first hex of the Line (5.6)", who);
        break;
    case PH_LDIR:
        snprintf(buf, n, "%s: the direction of the Line (5.6)", who);
        break;
    case PH_STEP:
        snprintf(buf, n, "%s: %s has %d MP: next hex, melee or stop", who, d->u[s->mv_u].name,
                 s->mv_mp);
        break;
    case PH_FACE:
        snprintf(buf, n, "%s: face %s toward a vertex (5.1)", who, d->u[s->mv_u].name);
        break;
    case PH_LSTEP:
        snprintf(buf, n, "%s: %s has %d MP", who, d->l[s->mv_u].name, s->mv_mp);
        break;
    case PH_BOMB:
        snprintf(buf, n, "%s: bombard (3.1 c)", who);
        break;
    case PH_BOMB2:
        snprintf(buf, n, "%s: second volley of %s? (8.3)", who, d->u[s->bomb_u].name);
        break;
    case PH_CFORM:
        snprintf(buf, n, "%s: choose a formation for combat (3.1 d)", who);
        break;
    case PH_FDECL:
        snprintf(buf, n, "%s: declare fire targets (9.1)", who);
        break;
    case PH_FREPLY:
        snprintf(buf, n, "%s: declare defensive fire (9.1)", who);
        break;
    default:
        snprintf(buf, n, "%s: announce second volleys (9.1.2)", who);
        break;
    }
}

static int fs_holds(const pc_data *d, const pc_state *s)
{
    for (int i = 0; i < d->nvic; i++)
        if (pc_unit_at(d, s, d->vic[i], PC_FS, -1) >= 0)
            return 1;
    return 0;
}

/* Scenarios 1 and 2: the Franco-Spanish win if one of their units occupies
 * a victory hex at the end; otherwise the Austrians. Scenario 3: the side
 * that occupies Gossolengo, or was the last to, wins; nobody: a draw. */
static const char *place_at(const pc_data *d, int hex)
{
    for (int i = 0; i < d->nplace; i++)
        if (d->place[i].hex == hex)
            return d->place[i].name;
    return "the victory hex";
}

void pc_result(const vb_game *g, const void *st, vb_result *r)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    memset(r, 0, sizeof *r);
    r->winner = -1;
    if (s->phase != PH_OVER)
        return;
    r->over = 1;
    if (d->vic_last) {
        const char *pl = place_at(d, d->vic[0]);
        r->winner = s->holder;
        if (s->holder >= 0)
            r->score[s->holder] = 1;
        if (s->holder < 0)
            snprintf(r->verdict, sizeof r->verdict, "Draw: nobody occupied %s", pl);
        else
            snprintf(r->verdict, sizeof r->verdict, "%s victory: %s %s",
                     s->holder == PC_FS ? "Franco-Spanish" : "Austrian",
                     pc_unit_at(d, s, d->vic[0], s->holder, -1) >= 0 ? "holds" : "was last in", pl);
        return;
    }
    int fs = fs_holds(d, s);
    r->winner = fs ? PC_FS : PC_AU;
    r->score[PC_FS] = fs;
    r->score[PC_AU] = !fs;
    char names[96];
    snprintf(names, sizeof names, "%s", place_at(d, d->vic[0]));
    for (int i = 1; i < d->nvic; i++) {
        size_t l = strlen(names);
        snprintf(names + l, sizeof names - l, " %s %s",
                 i + 1 < d->nvic ? ","
                 : fs            ? "or"
                                 : "and",
                 place_at(d, d->vic[i]));
    }
    snprintf(r->verdict, sizeof r->verdict, "%s victory: %s %s", fs ? "Franco-Spanish" : "Austrian",
             names, fs ? "taken" : "held");
}

int pc_check(const vb_game *g, const void *st, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    char hn[8];
    for (int u = 0; u < d->nu; u++) {
        int h = s->uhex[u];
        if (h < -1 || h >= d->nhex)
            return vb_fail(cx, VB_EINPUT, "unit '%s' is off the map", d->u[u].name);
        if (h < 0)
            continue;
        if (!pc_passable(d, h))
            return vb_fail(cx, VB_EINPUT, "unit '%s' stands in forbidden terrain", d->u[u].name);
        if (s->ustep[u] < 1 || s->ustep[u] > (d->u[u].red ? 2 : 1))
            return vb_fail(cx, VB_EINPUT, "unit '%s' has a bad step count", d->u[u].name);
        if (s->ustat[u] > ST_ROUT || (d->u[u].type == UT_ART && s->ustat[u] != ST_GOOD))
            return vb_fail(cx, VB_EINPUT, "unit '%s' has a bad order status", d->u[u].name);
        if (!pc_stack_ok(d, s, h, u)) {
            pc_hex_name(d, h, hn, sizeof hn);
            return vb_fail(cx, VB_EINPUT, "hex %s breaks the stacking limits (6.0)", hn);
        }
        if (s->uface[u] > 5)
            return vb_fail(cx, VB_EINPUT, "unit '%s' has a bad facing", d->u[u].name);
    }
    for (int u = d->nu; u < PC_MAXU; u++)
        if (s->uhex[u] != -1)
            return vb_fail(cx, VB_EINPUT, "unknown unit slot %d is used", u);
    for (int l = 0; l < d->nl; l++)
        if (s->lhex[l] >= d->nhex || (s->lhex[l] >= 0 && !pc_passable(d, s->lhex[l])))
            return vb_fail(cx, VB_EINPUT, "leader '%s' is off the map", d->l[l].name);
    if (s->turn < d->first_turn || s->turn >= d->first_turn + d->nturns)
        return vb_fail(cx, VB_EINPUT, "turn %d is outside the scenario", s->turn);
    if (s->nsmoke < 0 || s->nsmoke > PC_MAXSMOKE)
        return vb_fail(cx, VB_EINPUT, "bad smoke count");
    if (s->holder < -1 || s->holder > 1 || (!d->vic_last && s->holder != -1))
        return vb_fail(cx, VB_EINPUT, "bad occupant of the victory hex");
    return 0;
}

/* ---- hidden wing markers ---------------------------------------------------*/

static uint32_t gid(const pc_state *s, int side)
{
    return (uint32_t)(s->turn * 2 + side + 1);
}

/* The wing choice is seen by its chooser only; the initiative die that
 * decides the lower roller reveals that side's marker; "go-first" reveals
 * the winner's; the end of the first activation reveals a withheld one. */
void pc_visibility(const vb_game *g, const void *st, vb_action a, vb_vis *v)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    memset(v, 0, sizeof *v);
    v->see = VB_ALL_ROLES;
    int k = PC_K(a);
    if (s->roll == RL_NONE && s->phase == PH_SELECT && k == A_WING &&
        remaining(d, s, 1 - s->side) > 0) {
        v->see = VB_ROLE_BIT(s->side);
        v->group = gid(s, s->side);
        snprintf(v->public_text, sizeof v->public_text, "%s chose a wing marker",
                 d->side_list[s->side]);
    } else if (s->roll == RL_INIT && s->roll_side == PC_AU && PC_A(a) != s->iroll[0]) {
        v->reveals = gid(s, PC_A(a) > s->iroll[0] ? PC_FS : PC_AU);
    } else if (s->roll == RL_NONE && s->phase == PH_INIT && k == A_FIRST) {
        v->reveals = gid(s, s->side);
    } else if (s->roll == RL_NONE && k == A_ENDCOMBAT && s->second_wing >= 0 &&
               s->second_reveal >= 0) {
        v->reveals = gid(s, s->second_reveal);
    }
}

void pc_redact(const vb_game *g, void *st, int role)
{
    (void)g;
    pc_state *s = st;
    if (role < 0 || role > 1)
        return;
    int o = 1 - role;
    if (s->choice[o] >= 0 && !s->revealed[o]) {
        if (s->second_wing == s->choice[o] && s->second_reveal == o)
            s->second_wing = -2;
        s->choice[o] = -2;
    }
}

void pc_determinize(const vb_game *g, void *st, int role, vb_rng *rng)
{
    const pc_data *d = DATA(g, st);
    pc_state *s = st;
    if (role < 0 || role > 1)
        return;
    int o = 1 - role;
    if (s->choice[o] != -2)
        return;
    int cand[PC_MAXWING], n = 0;
    for (int w = 0; w < d->nw; w++)
        if (d->wg[w].side == o && !(s->wdone & (1 << w)) && w != s->wing)
            cand[n++] = w;
    if (!n)
        return;
    int w = cand[vb_rng_below(rng, (uint64_t)n)];
    s->choice[o] = w;
    if (s->second_wing == -2)
        s->second_wing = w;
}

/* Heuristic for the search, from the Franco-Spanish side: material (good
 * order counts double), the victory hex held (Scenarios 1-2: a Franco-Spanish
 * unit in one; 3: the last occupant), and how close each side's units in
 * good order stand to the victory hexes (the mean of 1/(1+distance) over its
 * closest three), so that an advance by several units shows before it
 * arrives. */
static double closeness(const pc_data *d, const pc_state *s, int side)
{
    double best[3] = {0, 0, 0};
    for (int u = 0; u < d->nu; u++) {
        if (s->uhex[u] < 0 || d->u[u].side != side || s->ustat[u] != ST_GOOD ||
            d->u[u].type == UT_ART)
            continue;
        int near = 99;
        for (int i = 0; i < d->nvic; i++)
            if (pc_dist(d, s->uhex[u], d->vic[i]) < near)
                near = pc_dist(d, s->uhex[u], d->vic[i]);
        double c = 1.0 / (1 + near);
        for (int k = 0; k < 3; k++)
            if (c > best[k]) {
                double t = best[k];
                best[k] = c;
                c = t;
            }
    }
    return (best[0] + best[1] + best[2]) / 3;
}

double pc_eval(const vb_game *g, const void *st, int role)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    double m[2] = {0, 0};
    for (int u = 0; u < d->nu; u++) {
        if (s->uhex[u] < 0)
            continue;
        m[d->u[u].side] += usp(d, s, u) * (s->ustat[u] == ST_GOOD ? 1.0 : 0.5);
    }
    double mat = (m[0] - m[1]) / (m[0] + m[1] + 1), hold, v;
    if (d->vic_last)
        hold = s->holder < 0 ? 0 : s->holder == PC_FS ? 1 : -1;
    else
        hold = fs_holds(d, s) ? 1 : -1;
    v = 0.3 * mat + 0.4 * hold + 0.6 * closeness(d, s, PC_FS);
    if (d->vic_last)
        v -= 0.6 * closeness(d, s, PC_AU);
    if (v > 1)
        v = 1;
    if (v < -1)
        v = -1;
    return role == PC_FS ? v : -v;
}
