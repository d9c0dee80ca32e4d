/*
 * sg_io.c - texts, invariants and result of
 * "11 de Setembre. Setge 1714" (JSON: sg_json.c; the board: sg_board.c).
 */
#include <string.h>

#include "sg_int.h"

const char *const sg_phase_names[PH_N] = {"deployment",
                                          "royal-breach-check",
                                          "event",
                                          "artillery",
                                          "artillery-die",
                                          "reinforcements",
                                          "movement",
                                          "combat",
                                          "salvo-die",
                                          "salvo-casualty",
                                          "attacker-lead",
                                          "defender-lead",
                                          "attacker-commander",
                                          "defender-commander",
                                          "withdrawal",
                                          "attacker-die",
                                          "defender-die",
                                          "attacker-commander-die",
                                          "defender-commander-die",
                                          "retreat",
                                          "advance",
                                          "destination",
                                          "over"};
const char *const sg_role_names[SG_NROLES] = {"bourbon", "catalan", "spanish", "catalan-right"};
const char *const sg_half_names[SG_NHALVES] = {"bourbon", "catalan"};
const char *const sg_ckind_names[4] = {"none", "fire", "salvo", "assault"};
const char *const sg_cres_names[5] = {"none", "success", "repulsed", "withdrawn", "costly"};
static const char *const end_names[] = {"end-artillery", "end-movement", "end-combat",
                                        "end-recovery",  "end-advance",  "no-commander",
                                        "cancel"};
static const char *const side_title[2] = {"Two Crowns", "Catalans"};

int sg_find_zone(const sg_data *d, const char *name)
{
    for (int z = 0; z < d->nz; z++)
        if (vb_name_eq(d->z[z].name, name))
            return z;
    return -1;
}

int sg_find_unit(const sg_data *d, const char *name)
{
    for (int u = 0; u < d->nu; u++)
        if (vb_name_eq(d->u[u].name, name))
            return u;
    return -1;
}

static const char *ztok(const sg_data *d, int z)
{
    return z >= 0 && z < d->nz ? d->z[z].tok : "?";
}

static const char *utok(const sg_data *d, int u)
{
    return u >= 0 && u < d->nu ? d->u[u].tok : "?";
}

/* Action texts are built by concatenation (no printf): the generic checks
 * compare every pair of texts, so this is on a hot path. */
static size_t put(char *buf, size_t n, size_t at, const char *w)
{
    if (!n)
        return 0;
    if (at && at < n - 1)
        buf[at++] = ' ';
    while (*w && at < n - 1)
        buf[at++] = *w++;
    buf[at < n ? at : n - 1] = '\0';
    return at;
}

void sg_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    const sg_data *d = SGD(g);
    int x = SG_AA(a), y = SG_AB(a), z = SG_AC(a);
    size_t at = 0;
    (void)st;
    if (n)
        buf[0] = '\0';
    switch (SG_AK(a)) {
    case A_DIE: {
        char f[2] = {(char)('0' + (x % 10)), 0};
        put(buf, n, 0, f);
        break;
    }
    case A_CARD:
        put(buf, n, 0, x < d->nc ? d->c[x].id : "?");
        break;
    case A_END:
        put(buf, n, 0, x <= E_CANCEL ? end_names[x] : "?");
        break;
    case A_FIRE:
        at = put(buf, n, 0, "fire");
        at = put(buf, n, at, utok(d, x));
        put(buf, n, at, utok(d, y));
        break;
    case A_MOVE:
    case A_ENTER:
    case A_RECOVER:
    case A_DEPLOY:
    case A_RETREAT: {
        static const char *const verb[] = {[A_MOVE] = "move",
                                           [A_ENTER] = "enter",
                                           [A_RECOVER] = "recover",
                                           [A_DEPLOY] = "deploy",
                                           [A_RETREAT] = "retreat"};
        at = put(buf, n, 0, verb[SG_AK(a)]);
        at = put(buf, n, at, utok(d, x));
        at = put(buf, n, at, ztok(d, y));
        if (SG_AK(a) == A_MOVE && z != SG_NO) {
            at = put(buf, n, at, "facing");
            put(buf, n, at, ztok(d, z));
        }
        break;
    }
    case A_SALVO:
    case A_ASSAULT:
        at = put(buf, n, 0, SG_AK(a) == A_SALVO ? "salvo" : "assault");
        at = put(buf, n, at, ztok(d, x));
        at = put(buf, n, at, "onto");
        put(buf, n, at, ztok(d, y));
        break;
    case A_LEAD:
    case A_CMD:
    case A_CASUALTY:
    case A_ADVANCE:
    case A_PICK:
    case A_ELIM: {
        int k = SG_AK(a);
        at = put(buf, n, 0,
                 k == A_LEAD       ? "lead"
                 : k == A_CMD      ? "commander"
                 : k == A_CASUALTY ? "casualty"
                 : k == A_PICK     ? "move"
                 : k == A_ELIM     ? "eliminate"
                                   : "advance");
        put(buf, n, at, utok(d, x));
        break;
    }
    case A_STACK:
        at = put(buf, n, 0, "move-stack");
        put(buf, n, at, ztok(d, x));
        break;
    case A_DEST:
        at = put(buf, n, 0, "to");
        at = put(buf, n, at, ztok(d, x));
        if (z != SG_NO) {
            at = put(buf, n, at, "facing");
            put(buf, n, at, ztok(d, z));
        }
        break;
    case A_WITHDRAW:
        put(buf, n, 0, x ? "withdraw" : "hold");
        break;
    default:
        put(buf, n, 0, "?");
    }
}

void sg_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    int who = sg_to_move(g, st);
    const char *r = who >= 0 ? sg_role_names[who] : "chance";
    char head[64];
    snprintf(head, sizeof head, "Turn %d (%s), %s", s->turn, d->time[s->turn], side_title[s->half]);
    const char *cf = s->cfrom != SG_NO && s->cfrom < d->nz ? d->z[s->cfrom].name : "?";
    const char *ct = s->cto != SG_NO && s->cto < d->nz ? d->z[s->cto].name : "?";
    switch (s->phase) {
    case PH_OVER: {
        vb_result res;
        sg_result(g, st, &res);
        snprintf(buf, n, "Game over: %s", res.verdict);
        break;
    }
    case PH_DEPLOY:
        snprintf(buf, n, "Deployment (rule 4): %s places its units", r);
        break;
    case PH_BREACH:
        snprintf(buf, n, "%s: Royal breach check (rule 7), roll one die: 6 assures the breach",
                 head);
        break;
    case PH_EVENT:
        snprintf(buf, n, "%s: random event (rule 8), draw a card", head);
        break;
    case PH_ART:
        snprintf(buf, n, "%s: artillery (rule 9) - %s fires a gun or ends", head, r);
        break;
    case PH_ARTDIE:
        snprintf(buf, n, "%s: artillery die for %s at %s", head, d->u[s->cfrom].name,
                 d->u[s->alead].name);
        break;
    case PH_REINF:
        snprintf(buf, n, "%s: reinforcements (rule 10.1) - %s places %s", head, r,
                 s->half ? "arriving units in R zones" : "recovered units in the deployment zones");
        break;
    case PH_MOVE:
        snprintf(buf, n,
                 "%s: movement (rule 10) - %s picks a unit ('move UNIT') or a stack "
                 "('move-stack ZONE'), or ends",
                 head, r);
        break;
    case PH_COMBAT:
        snprintf(buf, n, "%s: combat (rule 11) - %s declares a salvo or an assault, or ends", head,
                 r);
        break;
    case PH_SALVODIE:
        snprintf(buf, n, "%s: salvo from %s at %s, %d dice to roll (6 hits)", head, cf, ct,
                 s->dice);
        break;
    case PH_CASUALTY:
        snprintf(buf, n, "Salvo at %s: %s chooses a unit to eliminate (%d left)", ct, r, s->hits);
        break;
    case PH_ALEAD:
        snprintf(buf, n, "Assault from %s on %s: %s (attacker) chooses the lead unit", cf, ct, r);
        break;
    case PH_DLEAD:
        snprintf(buf, n, "Assault from %s on %s: %s (defender) chooses the lead unit", cf, ct, r);
        break;
    case PH_ACMD:
        snprintf(buf, n, "Assault on %s: %s (attacker) may commit a commander", ct, r);
        break;
    case PH_DCMD:
        snprintf(buf, n, "Assault on %s: %s (defender) may commit a commander", ct, r);
        break;
    case PH_WITHDRAW:
        snprintf(buf, n, "Assault on %s: %s (defender) declares a withdrawal (+2) or holds", ct, r);
        break;
    case PH_ADIE:
    case PH_DDIE: {
        int a, v;
        sg_assault_values(d, st, &a, &v);
        snprintf(buf, n, "Assault on %s: %s die (attacker %d, defender %d before dice)", ct,
                 s->phase == PH_ADIE ? "attacker" : "defender", a, v);
        break;
    }
    case PH_ACMDDIE:
    case PH_DCMDDIE:
        snprintf(buf, n, "Assault on %s: casualty die for commander %s (6 = casualty)", ct,
                 d->u[s->phase == PH_ACMDDIE ? s->acmd : s->dcmd].name);
        break;
    case PH_RETREAT:
        if (s->ovz != SG_NO && s->ovz < d->nz)
            snprintf(buf, n,
                     "Assault on %s: %s retreated into full %s and eliminates one of its units "
                     "there (rule 11.3)",
                     ct, r, d->z[s->ovz].name);
        else
            snprintf(buf, n, "Assault on %s: %s retreats its pieces one by one", ct, r);
        break;
    case PH_DEST:
        snprintf(buf, n, "%s: movement (rule 10) - %s: where does %s go? 'to ZONE' or 'cancel'",
                 head, r,
                 s->mover != SG_NO && s->mover < d->nu ? d->u[s->mover].name
                 : s->mstack < d->nz                   ? d->z[s->mstack].name
                                                       : "?");
        break;
    case PH_ADVANCE:
        snprintf(buf, n, "Assault on %s: %s advances units from %s%s", ct, r, cf,
                 s->adv ? " or stops" : " (at least one must advance)");
        break;
    default:
        snprintf(buf, n, "%s", head);
    }
}

void sg_result(const vb_game *g, const void *st, vb_result *r)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    memset(r, 0, sizeof *r);
    int vb = sg_vp(d, s, SG_BOURBON), vc = sg_vp(d, s, SG_CATALAN);
    for (int k = 0; k < SG_NROLES; k++)
        r->score[k] = (k == R_BOURBON || k == R_SPANISH) ? vb : vc;
    r->winner = -1;
    if (!s->over) {
        snprintf(r->verdict, sizeof r->verdict, "in progress, turn %d", s->turn);
        return;
    }
    r->over = 1;
    if (s->winner == SG_BOURBON && sg_auto_victory(d, s)) {
        r->winner = R_BOURBON;
        snprintf(r->verdict, sizeof r->verdict,
                 "automatic victory of the Two Crowns: Barcelona falls (rule 13)");
    } else if (s->winner == SG_BOURBON) {
        r->winner = R_BOURBON;
        snprintf(r->verdict, sizeof r->verdict, "Two Crowns victory on points, %d to %d (rule 13)",
                 vb, vc);
    } else if (s->winner == SG_CATALAN) {
        r->winner = R_CATALAN;
        snprintf(r->verdict, sizeof r->verdict,
                 "Catalan victory on points, %d to %d: the city resists (rule 13)", vc, vb);
    } else {
        snprintf(r->verdict, sizeof r->verdict, "draw, %d to %d after the extra turn (rule 13)", vb,
                 vc);
    }
}

/* ------------------------------------------------------------- check */

static int combat_phase(int p)
{
    return p >= PH_SALVODIE && p <= PH_ADVANCE;
}

static int is_seat_of(const sg_state *s, int side, int role)
{
    int seats[2], n = sg_side_seats(s, side, seats);
    for (int k = 0; k < n; k++)
        if (seats[k] == role)
            return 1;
    return 0;
}

static int unit_ok(const sg_data *d, int u, int side, int kind)
{
    return u < d->nu && d->u[u].side == side && d->u[u].kind == kind;
}

static int on_in(const sg_data *d, const sg_state *s, int u, int z)
{
    return u < d->nu && s->us[u] == US_ON && s->uz[u] == z;
}

static int combat_units(const sg_data *d, const sg_state *s, int side, int z)
{
    int n = 0;
    for (int u = 0; u < d->nu; u++)
        n += d->u[u].side == side && d->u[u].kind == K_COMBAT && on_in(d, s, u, z);
    return n;
}

#define BAD(...) return vb_fail(cx, VB_EINPUT, __VA_ARGS__)

/* Issue 8: every field of a procedure in progress against sides, zones and
 * adjacency, so that no impossible step can be loaded. */
static int check_proc(const sg_data *d, const sg_state *s, const sg_sum *m, vb_ctx *cx)
{
    int p = s->phase, as = s->half, ds = 1 - as;
    int seats[2], ns = sg_side_seats(s, as, seats);
    (void)seats;
    if ((p == PH_DEST) != (s->mover != SG_NO || s->mstack != SG_NO) ||
        (s->mover != SG_NO && s->mstack != SG_NO))
        BAD("phase '%s' with %s unit or stack picked to move (rule 10)", sg_phase_names[p],
            p == PH_DEST ? "no" : "a");
    if (s->mover != SG_NO) {
        int u = s->mover;
        if (u >= d->nu || d->u[u].side != as || s->us[u] != US_ON || s->done[u] ||
            d->u[u].kind == K_GUN || sg_role_of_cmd(s, d->u[u].cmd) != sg_seat_role(s))
            BAD("'%s' cannot be moving now (rules 10, 15)", u < d->nu ? d->u[u].name : "?");
    }
    if (s->mstack != SG_NO) {
        int n = 0;
        for (int u = 0; s->mstack < d->nz && u < d->nu; u++)
            n += d->u[u].side == as && s->us[u] == US_ON && s->uz[u] == s->mstack && !s->done[u] &&
                 d->u[u].kind != K_GUN && d->u[u].kind != K_BARRICADE &&
                 sg_role_of_cmd(s, d->u[u].cmd) == sg_seat_role(s);
        if (n < 2)
            BAD("the stack picked to move has fewer than two pieces of the seat (rule 10)");
    }
    if (!combat_phase(p) && p != PH_ARTDIE) {
        if (s->ckind != CK_NONE || s->cfrom != SG_NO || s->cto != SG_NO || s->alead != SG_NO ||
            s->dlead != SG_NO || s->acmd != SG_NO || s->dcmd != SG_NO || s->dice || s->hits ||
            s->adv || s->adie || s->ddie || s->withdraw || s->cres || s->csub || s->ovz != SG_NO)
            BAD("a combat is recorded outside the combat steps");
        return 0;
    }
    if (p == PH_ARTDIE) {
        int gun = s->cfrom, t = s->alead;
        if (s->ckind != CK_FIRE || !unit_ok(d, gun, as, K_GUN) || s->us[gun] != US_ON)
            BAD("artillery die without a gun of the active side (rule 9)");
        if (!unit_ok(d, t, ds, K_COMBAT) || s->us[t] != US_ON)
            BAD("a gun fires only at an enemy combat unit on the map (rule 9)");
        int dist = d->dist[s->uz[gun]][s->uz[t]];
        if (dist < 1 || dist > (as == SG_BOURBON ? 2 : 1))
            BAD("'%s' is out of range of '%s' (rule 9)", d->u[t].name, d->u[gun].name);
        if (!s->done[gun])
            BAD("the gun firing is not marked as having fired (rule 9)");
        return 0;
    }
    /* salvo and assault steps */
    if (s->ckind != (p == PH_SALVODIE || p == PH_CASUALTY ? CK_SALVO : CK_ASSAULT))
        BAD("phase '%s' needs a %s in progress (rule 11)", sg_phase_names[p],
            p == PH_SALVODIE || p == PH_CASUALTY ? "salvo" : "assault");
    int from = s->cfrom, to = s->cto;
    if (from >= d->nz || to >= d->nz)
        BAD("phase '%s' needs a combat with zones (rule 11)", sg_phase_names[p]);
    if (from == to || !(sg_pass(d, s, from) & BIT(to)))
        BAD("'%s' is not adjacent to '%s' across a passable side (rule 11)", d->z[from].name,
            d->z[to].name);
    if (!(s->acted & BIT(from)))
        BAD("the attacking zone '%s' is not marked as having declared its combat (rule 11)",
            d->z[from].name);
    if (s->drole >= SG_NROLES || !is_seat_of(s, ds, s->drole))
        BAD("the defending seat is not a seat of the defending side (rule 15)");
    int resolved = p == PH_ACMDDIE || p == PH_DCMDDIE || p == PH_RETREAT || p == PH_ADVANCE;
    int na = combat_units(d, s, as, from), nd = combat_units(d, s, ds, to);
    if (s->ckind == CK_SALVO) {
        if (s->alead != SG_NO || s->dlead != SG_NO || s->acmd != SG_NO || s->dcmd != SG_NO ||
            s->adie || s->ddie || s->withdraw || s->adv || s->cres || s->csub || s->ovz != SG_NO)
            BAD("a salvo has no leads, commanders or assault dice (rule 11.2)");
        if (!na || !nd)
            BAD("a salvo needs attackers in '%s' and defenders in '%s' (rule 11.2)",
                d->z[from].name, d->z[to].name);
        if (d->z[to].defv > d->z[from].defv)
            BAD("no salvo at a zone of higher defence value (rule 11.2)");
        if (p == PH_SALVODIE && (s->dice < 1 || s->dice + s->hits > na))
            BAD("salvo: %d dice left and %d hits, but %d attacking units roll one each (rule "
                "11.2)",
                s->dice, s->hits, na);
        if (p == PH_CASUALTY && (s->dice || s->hits < 1 || s->hits >= nd))
            BAD("salvo casualties: %d hits against %d defenders (rule 11.2: a defender chooses "
                "only while fewer hits than units)",
                s->hits, nd);
        return 0;
    }
    if (s->dice || s->hits)
        BAD("an assault has no salvo dice (rule 11.3)");
    if (s->alead != SG_NO && !unit_ok(d, s->alead, as, K_COMBAT))
        BAD("the attacker lead must be a combat unit of the attacker (rule 11.3)");
    if (s->dlead != SG_NO && !unit_ok(d, s->dlead, ds, K_COMBAT))
        BAD("the defender lead must be a combat unit of the defender (rule 11.3)");
    if (s->acmd != SG_NO && !unit_ok(d, s->acmd, as, K_LEADER))
        BAD("the attacking commander must be a commander of the attacker (rule 11.3)");
    if (s->dcmd != SG_NO && !unit_ok(d, s->dcmd, ds, K_LEADER))
        BAD("the defending commander must be a commander of the defender (rule 11.3)");
    int need_alead = p > PH_ALEAD && !resolved, need_dlead = p > PH_DLEAD && !resolved;
    if (need_alead && !on_in(d, s, s->alead, from))
        BAD("phase '%s' needs an attacker lead in '%s' (rule 11.3)", sg_phase_names[p],
            d->z[from].name);
    if (need_dlead && !on_in(d, s, s->dlead, to))
        BAD("phase '%s' needs a defender lead in '%s' (rule 11.3)", sg_phase_names[p],
            d->z[to].name);
    if ((p <= PH_ALEAD && s->alead != SG_NO) || (p <= PH_DLEAD && s->dlead != SG_NO))
        BAD("a lead unit is recorded before it is chosen (rule 11.3)");
    if ((p <= PH_ACMD && s->acmd != SG_NO) || (p <= PH_DCMD && s->dcmd != SG_NO))
        BAD("a commander is recorded before it is chosen (rule 11.3)");
    if (!resolved) {
        if (!na || !nd)
            BAD("an assault needs attackers in '%s' and defenders in '%s' (rule 11.3)",
                d->z[from].name, d->z[to].name);
        if (s->acmd != SG_NO && (s->us[s->acmd] != US_ON || s->uz[s->acmd] == to ||
                                 !(sg_pass(d, s, s->uz[s->acmd]) & BIT(to))))
            BAD("the attacking commander must be adjacent to '%s' (rule 11.3)", d->z[to].name);
        if (s->dcmd != SG_NO &&
            (s->us[s->dcmd] != US_ON ||
             (s->uz[s->dcmd] != to && !(sg_pass(d, s, s->uz[s->dcmd]) & BIT(to)))))
            BAD("the defending commander must be in or next to '%s' (rule 11.3)", d->z[to].name);
        if (s->cres)
            BAD("an assault result is recorded before the dice (rule 11.3)");
    } else if (s->cres == CR_NONE || s->cres > CR_COSTLY ||
               ((p == PH_RETREAT || p == PH_ADVANCE) && s->cres == CR_REPULSED)) {
        BAD("phase '%s' needs the result of a successful assault (rule 11.3)", sg_phase_names[p]);
    }
    if (p < PH_ADIE && (s->adie || s->ddie || s->withdraw))
        BAD("assault dice or a withdrawal recorded before their step (rule 11.3)");
    if ((p == PH_DDIE || resolved) && (s->adie < 1 || s->adie > 6))
        BAD("phase '%s' needs the attacker's die (rule 11.3)", sg_phase_names[p]);
    if (resolved && (s->ddie < 1 || s->ddie > 6))
        BAD("phase '%s' needs the defender's die (rule 11.3)", sg_phase_names[p]);
    if (p != PH_ADIE && p != PH_DDIE && !resolved && (s->adie || s->ddie))
        BAD("assault dice recorded before they are rolled (rule 11.3)");
    if (p == PH_ADIE && (s->adie || s->ddie))
        BAD("assault dice recorded before they are rolled (rule 11.3)");
    if (p == PH_DDIE && s->ddie)
        BAD("the defender's die is recorded before it is rolled (rule 11.3)");
    if (p == PH_ACMDDIE && s->acmd == SG_NO)
        BAD("no attacking commander to check (rule 11.3)");
    if (p == PH_DCMDDIE && s->dcmd == SG_NO)
        BAD("no defending commander to check (rule 11.3)");
    if (s->csub && (p != PH_ACMD && p != PH_DCMD))
        BAD("a commander step outside the commander decisions");
    if (s->csub && ns < 2 && p == PH_ACMD)
        BAD("no second attacking seat to ask for a commander (rule 15)");
    if (p != PH_ADVANCE && s->adv)
        BAD("units recorded as advancing outside the advance (rule 11.3)");
    if (p != PH_ADVANCE && (m->pres[as] & BIT(to)))
        BAD("attacking pieces in '%s' before the advance (rule 11.3)", d->z[to].name);
    if (p == PH_ADVANCE && (m->occ[ds] & BIT(to)))
        BAD("advance into '%s', which still holds defenders (rule 11.3)", d->z[to].name);
    if (s->ovz != SG_NO) {
        if (p != PH_RETREAT || s->ovz >= d->nz || s->eseat >= SG_NROLES ||
            !is_seat_of(s, ds, s->eseat) || m->n[s->ovz] <= SG_STACK ||
            (d->deploymask & BIT(s->ovz)) || !(m->occ[ds] & BIT(s->ovz)) ||
            !(sg_pass(d, s, to) & BIT(s->ovz)))
            BAD("a forced retreat into a full zone is recorded where none happened (rule 11.3)");
    } else if (s->eseat != SG_NO) {
        BAD("a seat must eliminate a unit but no zone is overstacked by a retreat (rule 11.3)");
    }
    return 0;
}

int sg_check(const vb_game *g, const void *st, vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    sg_sum m;
    int seats[2];
    if (s->turn < 1 || s->turn > d->last_turn + 1 || (s->turn > d->last_turn && !s->extended))
        return vb_fail(cx, VB_EINPUT, "turn %d is off the track (rule 5.3)", s->turn);
    if (s->half > 1 || s->phase >= PH_N || s->seat >= sg_side_seats(s, s->half, seats))
        return vb_fail(cx, VB_EINPUT, "bad half, phase or seat");
    /* Rule 13: the extra turn follows a drawn count after the last turn. */
    if (s->extended && s->turn <= d->last_turn)
        return vb_fail(cx, VB_EINPUT,
                       "the game is extended but turn %d is not past the last (%d, "
                       "rule 13)",
                       s->turn, d->last_turn);
    /* Rule 11: a zone declares its combat in the combat phase; the marks
     * are cleared when a half-turn begins (kept at the end of the game). */
    if (s->acted && s->phase != PH_COMBAT && s->phase != PH_OVER && !combat_phase(s->phase))
        return vb_fail(cx, VB_EINPUT,
                       "zones marked as having declared a combat in phase '%s' "
                       "(rule 11)",
                       sg_phase_names[s->phase]);
    /* Rule 10.1: the Two Crowns recover units only in their reinforcement
     * phase. */
    if ((s->recover || s->rlose) && !(s->phase == PH_REINF && s->half == SG_BOURBON))
        return vb_fail(cx, VB_EINPUT,
                       "units to recover outside the Two Crowns' reinforcement "
                       "phase (rule 10.1)");
    if ((s->phase == PH_OVER) != (s->over != 0))
        return vb_fail(cx, VB_EINPUT, "phase 'over' and the over flag disagree");
    if (s->phase == PH_BREACH && (s->breach || s->half != SG_BOURBON))
        return vb_fail(cx, VB_EINPUT, "no Royal breach check now (rule 7)");
    if (d->nc < 32 && (s->deck >> d->nc))
        return vb_fail(cx, VB_EINPUT, "deck holds unknown cards");
    if (s->card != SG_NO && (s->card >= d->nc || (s->deck & (1u << s->card))))
        return vb_fail(cx, VB_EINPUT, "card in play is still in the deck (rule 8)");
    if (s->phase == PH_EVENT && !s->deck)
        return vb_fail(cx, VB_EINPUT, "event phase with an empty deck (rule 8)");
    for (int u = 0; u < d->nu; u++) {
        const sg_unit *up = &d->u[u];
        switch (s->us[u]) {
        case US_ON:
            if (s->uz[u] >= d->nz)
                return vb_fail(cx, VB_EINPUT, "unit '%s' is on the map in no zone", up->name);
            break;
        case US_WAIT:
            if (s->uz[u] != SG_NO || up->kind == K_GUN || up->kind == K_BARRICADE ||
                (s->arrive[u] > 0 && up->side != SG_CATALAN))
                return vb_fail(cx, VB_EINPUT, "unit '%s' cannot be waiting to arrive (rule 10.1)",
                               up->name);
            break;
        case US_ELIM:
            if (s->uz[u] != SG_NO)
                return vb_fail(cx, VB_EINPUT, "eliminated unit '%s' has a zone", up->name);
            break;
        case US_LOST:
            if (s->uz[u] != SG_NO || up->side != SG_BOURBON || up->kind != K_COMBAT)
                return vb_fail(cx, VB_EINPUT,
                               "only eliminated Two Crowns units can be lost (rule 10.1): '%s'",
                               up->name);
            break;
        default:
            return vb_fail(cx, VB_EINPUT, "unit '%s' is neither on the map, eliminated nor waiting",
                           up->name);
        }
        /* Rule 4: waiting to deploy (arrival turn 0) only while deploying. */
        if (s->us[u] == US_WAIT && !s->arrive[u] && s->phase != PH_DEPLOY)
            return vb_fail(cx, VB_EINPUT,
                           "unit '%s' waits to deploy, but deployment is over (rule 4)", up->name);
        /* Rules 9, 10: only pieces of the side playing, on the map, have
         * moved or fired this half-turn; before the movement phase only guns. */
        if (s->done[u] && (s->us[u] != US_ON || up->side != s->half ||
                           (up->kind != K_GUN && (s->phase <= PH_REINF || s->phase == PH_DEPLOY))))
            return vb_fail(cx, VB_EINPUT, "'%s' cannot have moved or fired now (rules 9, 10)",
                           up->name);
        if (s->us[u] != US_WAIT && s->arrive[u])
            return vb_fail(cx, VB_EINPUT, "unit '%s' has an arrival turn but is not waiting",
                           up->name);
        if (up->kind == K_GUN && s->us[u] == US_ON && s->uz[u] != up->zone)
            return vb_fail(cx, VB_EINPUT,
                           "gun '%s' is in '%s', not at '%s' (rule 9: guns never "
                           "move)",
                           up->name, d->z[s->uz[u]].name, d->z[up->zone].name);
        if (up->kind == K_BARRICADE && s->us[u] == US_ON) {
            int z = s->uz[u], f = s->face[u];
            if (f >= d->nz || !(d->z[z].barok & BIT(f)))
                return vb_fail(cx, VB_EINPUT, "barricade '%s' in '%s' cannot face '%s' (rule 12)",
                               up->name, d->z[z].name, f < d->nz ? d->z[f].name : "nothing");
        } else if (s->face[u] != SG_NO) {
            return vb_fail(cx, VB_EINPUT, "'%s' has a facing but is no barricade on the map",
                           up->name);
        }
    }
    {
        /* The summary kept in the state against the units themselves. */
        uint8_t nc[2][SG_MAXZ] = {{0}}, np[2][SG_MAXZ] = {{0}}, nl[2][SG_MAXZ] = {{0}};
        for (int u = 0; u < d->nu; u++)
            if (s->us[u] == US_ON) {
                int z = s->uz[u], sd = d->u[u].side;
                np[sd][z]++;
                nc[sd][z] += d->u[u].kind == K_COMBAT;
                nl[sd][z] += d->uleader[u];
            }
        sg_summary_of_units(d, s, &m);
        if (memcmp(&m, &s->sum, sizeof m) || memcmp(nc, s->ncomb, sizeof nc) ||
            memcmp(np, s->npiece, sizeof np) || memcmp(nl, s->nlead, sizeof nl))
            return vb_fail(cx, VB_EINPUT, "the zone summary disagrees with the units");
    }
    sg_summary(d, s, &m);
    int nbar[SG_MAXZ] = {0};
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].kind == K_BARRICADE && s->us[u] == US_ON && ++nbar[s->uz[u]] > 1)
            return vb_fail(cx, VB_EINPUT, "zone '%s': more than one barricade (rule 12)",
                           d->z[s->uz[u]].name);
    for (int z = 0; z < d->nz; z++) {
        if ((m.pres[0] & m.pres[1] & BIT(z)))
            return vb_fail(cx, VB_EINPUT, "zone '%s': units of both sides (rule 6.1)",
                           d->z[z].name);
        if (m.n[z] > SG_STACK && !(d->deploymask & BIT(z)) && !(s->ovr & BIT(z)) &&
            !(z == s->ovz && m.n[z] == SG_STACK + 1))
            return vb_fail(cx, VB_EINPUT,
                           "zone '%s': %d combat units, stacking limit is %d (rule 6.1)",
                           d->z[z].name, m.n[z], SG_STACK);
        if ((s->ovr & BIT(z)) && m.n[z] <= SG_STACK)
            return vb_fail(cx, VB_EINPUT, "zone '%s' is marked overstacked but is not",
                           d->z[z].name);
    }
    return check_proc(d, s, &m, cx);
}

/* The board for a terminal (render), one zone (area) and the points
 * itemised (points): sg_board.c. The evaluation for the AI: sg_eval.c. */
