/*
 * pc_turn.c - the sequence of play of Piacenza 1746 (3.0): turns, the secret
 * wing choice and initiative, activations, reorganization (11.4) and the end
 * of turn (12); prompts, victory of the three scenarios, position checks,
 * the hidden wing markers (views, determinization) and the evaluation.
 */
#include <stdlib.h>

#include "pc_int.h"

/* ---- setup and the sequence of play ---------------------------------------*/

static int wing_alive(const pc_data *d, const pc_state *s, int w)
{
    (void)s;
    (void)d;
    (void)w;
    return 1; /* a wing keeps its activation even with nothing left (3.0 A.3) */
}

int pc_remaining(const pc_data *d, const pc_state *s, int side)
{
    int n = 0;
    for (int w = 0; w < d->nw; w++)
        if (d->wg[w].side == side && !(s->wdone & (1 << w)) && wing_alive(d, s, w))
            n++;
    return n;
}

void pc_start_activation(const pc_data *d, pc_state *s, int w, vb_ctx *cx)
{
    s->wing = w;
    s->side = d->wg[w].side;
    s->form = -1;
    s->fdone = 0;
    s->nmel_done = 0;
    s->line_anchor = -1;
    s->drg_conv = 0;
    for (int u = 0; u < d->nu; u++)
        s->uflag[u] &= (uint8_t) ~(UF_MOVED | UF_SHOT);
    VB_LOG(cx, "[3.0 A] %s: %s activates", d->turn_name[s->turn - 1], d->wg[w].title);
    s->phase = PH_MFORM;
    pc_command_update(d, s, 1); /* 4.5: the WC checks at his activation */
    if (!pc_wing_active_ok(d, s, w)) {
        VB_LOG(cx, "[3.0 A.1] %s is out of command: the wing only defends this turn",
               d->l[d->wg[w].wc].name);
        return;
    }
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && d->u[u].wing == w && (s->uflag[u] & UF_FDB))
            s->phase = PH_FDB; /* 3.1 a, only when there is a marker to remove */
}

static void begin_reorg(const pc_data *d, pc_state *s, vb_ctx *cx);

/* 3.0 A: the next wing selection, or B when every wing has activated. */
static void select_next(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int nfs = pc_remaining(d, s, PC_FS), nau = pc_remaining(d, s, PC_AU);
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
                    pc_start_activation(d, s, w, cx);
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
        pc_start_activation(d, s, d->first_wing[0], cx);
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
        s->lhex[l] = (int16_t)(l < d->nl ? d->l[l].hex : -1), s->lfrom[l] = -1, s->lwith[l] = -1,
        s->lwith2[l] = -1;
    for (int w = 0; w < PC_MAXWING; w++)
        s->bhex[w] = -1; /* 4.6.1: a bearer appears with his Staff */
    for (int i = 0; i < PC_MAXDECL; i++)
        s->mel_done_hex[i] = -1;
    s->turn = d->first_turn;
    s->holder = -1;
    s->mv_u = s->bomb_u = -1;
    s->own_u = -1;
    s->ret_u = s->ret_from = s->ret_dir = -1;
    s->fol_hex = s->fol_u = s->fol_w = -1;
    s->rel_l = -1;
    s->proc_u = -1;
    s->line_anchor = -1;
    s->wing = 0;
    pc_command_update(d, s, 1);
    s->choice[0] = s->choice[1] = -1;
    s->iroll[0] = s->iroll[1] = -1;
    s->second_wing = s->second_reveal = -1;
    s->pl_piece = -1;
    pc_drg_setup(d, s);
    if (pc_drg_begin(d, s)) /* 10.5: "During setup, the owning player decides" */
        return 0;
    pc_setup_rest(d, s, cx);
    pc_advance(d, s, cx);
    return 0;
}

/* The set-up after the dragoons' deployment (10.5): the players' placement
 * (Scenarios 2, 3), the objectives (13.0), or the first turn. The caller
 * advances. */
void pc_setup_rest(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    if (pc_place_begin(d, s)) /* Scenarios 2, 3: the set-up is the players' */
        return;
    if (d->nobj) { /* 13.0: the objectives are noted before the battle */
        s->phase = PH_OBJ;
        s->side = PC_FS;
        return;
    }
    begin_turn(d, s, cx);
}

void pc_end_activation(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    s->wdone |= 1 << s->wing;
    for (int u = 0; u < d->nu; u++)
        s->umelee[u] = -1, s->ucharge[u] = 0;
    s->form = -1;
    if (s->second_wing >= 0 && s->second_reveal >= 0) {
        s->revealed[s->second_reveal] = 1;
        VB_LOG(cx, "[3.0 A.2] %s reveals its marker: %s", d->side_list[s->second_reveal],
               d->wg[s->second_wing].name);
        s->second_reveal = -1;
    }
    pc_end_moves(d, s, cx); /* 4.0: the WC, then the CiC, may move */
}

/* 3.0 A.2: the second wing of the pair, or the next selection. */
void pc_after_activation(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    if (s->second_wing >= 0) {
        int w = s->second_wing;
        s->second_wing = -1;
        s->second_reveal = -1;
        pc_start_activation(d, s, w, cx);
        return;
    }
    select_next(d, s, cx);
}

/* 11.4 / 12.0 */
void pc_next_reorg(const pc_data *d, pc_state *s, vb_ctx *cx)
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
        VB_LOG(cx, "[%s] the last turn is over", d->scen_name);
        s->obj_end = d->nobj ? 2 : 0; /* 13.0: the objectives are checked */
        pc_game_end(d, s, cx);
        return;
    }
    if (d->auto_turn && s->turn == d->auto_turn) {
        s->obj_end = 1; /* 13.2 */
        if (pc_game_end(d, s, cx) || s->phase == PH_OVER)
            return;
    }
    pc_next_turn(d, s, cx);
}

void pc_next_turn(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    s->turn++;
    s->cic_moved = 0;
    begin_turn(d, s, cx);
}

/* 13.0: once the Franco-Spanish have noted their objectives, turn 1. */
void pc_begin_battle(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    begin_turn(d, s, cx);
}

static void begin_reorg(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    s->reorg_u = -1;
    s->phase = PH_FDB;          /* placeholder; a roll is pending or the turn ends */
    pc_command_update(d, s, 0); /* 4.5: FCs check before Reorganization */
    pc_next_reorg(d, s, cx);
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
    case PH_PLACE:
        snprintf(buf, n, "%s set-up: choose a unit or Commander to place", who);
        return;
    case PH_PLACEAT:
        snprintf(buf, n, "%s set-up: the hex of %s in its area", who,
                 s->pl_piece < PC_MAXU ? d->u[s->pl_piece].name : d->l[s->pl_piece - PC_MAXU].name);
        return;
    case PH_DRAGOON:
        snprintf(buf, n, "%s set-up: deploy %s mounted or on foot (10.5)", who,
                 s->drg_next >= 0 && s->drg_next < d->ndrg ? d->drg_name[s->drg_next] : "?");
        return;
    case PH_SELECT:
        snprintf(buf, n, "%s: choose a wing activation marker (secret)", who);
        break;
    case PH_INIT:
        snprintf(buf, n, "%s won the initiative: activate first or second", who);
        break;
    case PH_OBJ:
        snprintf(buf, n, "%s: note geographic objective %d of %d (13.0, secret)", who, s->obj_n + 1,
                 d->nobj);
        break;
    case PH_REVEAL:
        snprintf(buf, n, "%s: reveal %s (%s)", who,
                 s->obj_end == 2 ? "your objectives" : "an occupied objective",
                 s->obj_end == 2 ? "13.0" : "13.2");
        break;
    case PH_WCMOVE:
        snprintf(buf, n, "%s: %s has %d MP (4.0)", who, d->l[s->mv_u].name, s->mv_mp);
        break;
    case PH_CIC:
        snprintf(buf, n, "%s: move %s to a named hex, or stay (4.0)", who,
                 d->l[d->cic[s->side & 1]].name);
        break;
    case PH_OWNER:
        snprintf(buf, n, "%s: which unit of the stack of %s suffers the effects? (8.5.1)", who,
                 s->own_u >= 0 && s->own_u < d->nu ? d->u[s->own_u].name : "?");
        break;
    case PH_RETREAT:
        snprintf(buf, n, "%s: where does %s retreat? (9.2.8)", who,
                 s->ret_u >= 0 && s->ret_u < d->nu ? d->u[s->ret_u].name : "?");
        break;
    case PH_FOLLOW: {
        int l = pc_follow_leader(d, s);
        snprintf(buf, n, "%s: which cavalry unit does %s follow? (5.10)", who,
                 l >= 0 ? d->l[l].name : "?");
        break;
    }
    case PH_RELOC:
        snprintf(buf, n,
                 "%s: does %s stay with his units or join the closest unit of his formation? (4.7)",
                 who, s->rel_l >= 0 && s->rel_l < d->nl ? d->l[s->rel_l].name : "?");
        break;
    case PH_BMOVE:
        snprintf(buf, n, "%s: %s has %d MP (4.6.1)", who,
                 s->mv_u >= 0 && s->mv_u < d->nw ? d->wg[s->mv_u].bearer : "?", s->mv_mp);
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
        snprintf(buf, n, "%s: the direction, or the gaps then the last hex, of the Line (5.5, 5.6)",
                 who);
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

int pc_fs_holds(const pc_data *d, const pc_state *s)
{
    for (int i = 0; i < d->nvic; i++)
        if (pc_unit_at(d, s, d->vic[i], PC_FS, -1) >= 0)
            return 1;
    return 0;
}

/* The name of the place in hex (a scenario's victory hex). */
const char *pc_place_at(const pc_data *d, int hex)
{
    for (int i = 0; i < d->nplace; i++)
        if (d->place[i].hex == hex)
            return d->place[i].name;
    return "the victory hex";
}

/* Scenarios 1 and 2: the Franco-Spanish win if one of their units occupies
 * a victory hex at the end; otherwise the Austrians. Scenario 3: the side
 * that occupies Gossolengo, or was the last to, wins; nobody: a draw. */
void pc_result(const vb_game *g, const void *st, vb_result *r)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    memset(r, 0, sizeof *r);
    r->winner = -1;
    if (s->phase != PH_OVER)
        return;
    r->over = 1;
    if (d->nobj) {
        pc_battle_result(d, s, r);
        return;
    }
    if (d->vic_last) {
        const char *pl = pc_place_at(d, d->vic[0]);
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
    int fs = pc_fs_holds(d, s);
    r->winner = fs ? PC_FS : PC_AU;
    r->score[PC_FS] = fs;
    r->score[PC_AU] = !fs;
    char names[96];
    snprintf(names, sizeof names, "%s", pc_place_at(d, d->vic[0]));
    for (int i = 1; i < d->nvic; i++) {
        size_t l = strlen(names);
        snprintf(names + l, sizeof names - l, " %s %s",
                 i + 1 < d->nvic ? ","
                 : fs            ? "or"
                                 : "and",
                 pc_place_at(d, d->vic[i]));
    }
    snprintf(r->verdict, sizeof r->verdict, "%s victory: %s %s", fs ? "Franco-Spanish" : "Austrian",
             names, fs ? "taken" : "held");
}

/* 6.0 exception: while its owner chooses the next hex (9.2.8), a
 * retreating unit may stand momentarily over the stacking limits; the
 * others of its hex must fit without it. */
static int retreat_over(const pc_data *d, const pc_state *s, int h, int u)
{
    int r = s->ret_u;
    if (s->phase != PH_RETREAT || r < 0 || r >= d->nu || s->uhex[r] != h)
        return 0;
    if (u == r)
        return 1;
    pc_state t = *s;
    t.uhex[r] = -1;
    return pc_stack_ok(d, &t, h, u);
}

int pc_check(const vb_game *g, const void *st, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    char hn[8];
    int rc = pc_place_check(d, s, cx);
    if (rc || (rc = pc_drg_check(d, s, cx)))
        return rc;
    for (int u = 0; u < d->nu; u++) {
        int h = s->uhex[u];
        if (h < PC_OFF || h >= d->nhex)
            return vb_fail(cx, VB_EINPUT, "unit '%s' is off the map", d->u[u].name);
        /* pc_eliminate: a unit out of play keeps no order status or marker */
        if (h == -1 && (s->ustat[u] != ST_GOOD || s->uflag[u]))
            return vb_fail(cx, VB_EINPUT, "unit '%s' is out of play with a status or marker",
                           d->u[u].name);
        if (h < 0)
            continue;
        if (!pc_passable(d, h))
            return vb_fail(cx, VB_EINPUT, "unit '%s' stands in forbidden terrain", d->u[u].name);
        if (s->ustep[u] < 1 || s->ustep[u] > (d->u[u].red ? 2 : 1))
            return vb_fail(cx, VB_EINPUT, "unit '%s' has a bad step count", d->u[u].name);
        if (s->ustat[u] > ST_ROUT || (d->u[u].type == UT_ART && s->ustat[u] != ST_GOOD))
            return vb_fail(cx, VB_EINPUT, "unit '%s' has a bad order status", d->u[u].name);
        if (!pc_stack_ok(d, s, h, u) && !retreat_over(d, s, h, u)) {
            pc_hex_name(d, h, hn, sizeof hn);
            return vb_fail(cx, VB_EINPUT, "hex %s breaks the stacking limits (6.0)", hn);
        }
        if (s->uface[u] > 5)
            return vb_fail(cx, VB_EINPUT, "unit '%s' has a bad facing", d->u[u].name);
    }
    for (int u = d->nu; u < PC_MAXU; u++)
        if (s->uhex[u] != -1)
            return vb_fail(cx, VB_EINPUT, "unknown unit slot %d is used", u);
    for (int l = 0; l < d->nl; l++) {
        if (s->lhex[l] >= d->nhex || (s->lhex[l] >= 0 && !pc_passable(d, s->lhex[l])))
            return vb_fail(cx, VB_EINPUT, "leader '%s' is off the map", d->l[l].name);
        /* 4.6: a Commander alone in a hex an enemy unit enters, or the
         * last piece of his side there after a melee, is captured */
        if (s->lhex[l] >= 0 && pc_unit_at(d, s, s->lhex[l], 1 - d->l[l].side, -1) >= 0)
            return vb_fail(cx, VB_EINPUT, "leader '%s' stands with enemy units (4.6)",
                           d->l[l].name);
    }
    for (int w = 0; w < PC_MAXWING; w++) { /* 4.6.1 */
        int bh = s->bhex[w], wc = w < d->nw ? d->wg[w].wc : -1;
        if (bh < -1 || bh >= d->nhex || (bh >= 0 && !pc_passable(d, bh)))
            return vb_fail(cx, VB_EINPUT, "a Standard Bearer is off the map");
        if ((bh >= 0 || ((s->bcapt >> w) & 1)) && (w >= d->nw || !d->wg[w].bmp || !s->lstaff[wc]))
            return vb_fail(cx, VB_EINPUT,
                           "a Standard Bearer in play needs his Wing Commander's Staff (4.6.1)");
        if (bh >= 0 && ((s->bcapt >> w) & 1))
            return vb_fail(cx, VB_EINPUT, "a captured Standard Bearer is on the map");
        if (bh >= 0 && pc_unit_at(d, s, bh, 1 - d->wg[w].side, -1) >= 0)
            return vb_fail(cx, VB_EINPUT, "a Standard Bearer stands with enemy units (4.6.1)");
    }
    if ((uint32_t)s->bcapt >> d->nw)
        return vb_fail(cx, VB_EINPUT, "bad captured flags");
    if (s->turn < d->first_turn || s->turn >= d->first_turn + d->nturns)
        return vb_fail(cx, VB_EINPUT, "turn %d is outside the scenario", s->turn);
    if (s->nsmoke < 0 || s->nsmoke > PC_MAXSMOKE)
        return vb_fail(cx, VB_EINPUT, "bad smoke count");
    /* 8.2.1: a Smoke marker is placed on the hex of a firing unit, one a
     * hex (pc_add_smoke), from the first fire of a turn to its end (B.2) */
    if (s->nsmoke && (s->phase == PH_DRAGOON || s->phase == PH_OBJ))
        return vb_fail(cx, VB_EINPUT, "Smoke markers before the first turn (8.2.1)");
    for (int i = 0; i < s->nsmoke; i++) {
        if (s->smoke[i] < 0 || s->smoke[i] >= d->nhex || !pc_passable(d, s->smoke[i]))
            return vb_fail(cx, VB_EINPUT, "a Smoke marker in forbidden terrain (8.2.1)");
        for (int k = 0; k < i; k++)
            if (s->smoke[k] == s->smoke[i])
                return vb_fail(cx, VB_EINPUT, "two Smoke markers in one hex (8.2.1)");
    }
    /* 5.6: a Line is declared for the good-order infantry (two or more) of
     * the formation moving, from a hex on the map, cleared when it ends */
    if (s->line_anchor >= 0) {
        int ph = s->phase, ninf = 0;
        if (ph != PH_LDIR && ph != PH_MOVE && ph != PH_STEP && ph != PH_FACE && ph != PH_LSTEP &&
            ph != PH_OWNER && ph != PH_RETREAT && ph != PH_FOLLOW && ph != PH_RELOC)
            return vb_fail(cx, VB_EINPUT, "a Line outside its formation's movement (5.6)");
        for (int u = 0; u < d->nu && s->form >= 0 && s->form < d->nf; u++)
            ninf += d->u[u].form == s->form && d->u[u].type == UT_INF;
        if (s->line_anchor >= d->nhex || !pc_passable(d, s->line_anchor) || s->form < 0 ||
            s->form >= d->nf || (ph != PH_LDIR && (s->line_len < 2 || s->line_len > ninf)))
            return vb_fail(cx, VB_EINPUT, "a Line declared for no formation's infantry (5.6)");
    }
    /* the game ends after its last turn, or at 13.2's automatic victory */
    if (s->phase == PH_OVER && s->turn != d->first_turn + d->nturns - 1 &&
        !(s->auto_win && s->turn == d->auto_turn))
        return vb_fail(cx, VB_EINPUT, "the game is over only after its last turn (13.0, 13.2)");
    if (s->holder < -1 || s->holder > 1 || (!d->vic_last && s->holder != -1))
        return vb_fail(cx, VB_EINPUT, "bad occupant of the victory hex");
    uint32_t all = (1u << d->nobjp) - 1;
    int nsel = 0;
    for (uint32_t x = (uint32_t)s->obj; x; x &= x - 1)
        nsel++;
    if (((uint32_t)s->obj & ~all) || ((uint32_t)s->obj_shown & ~(uint32_t)s->obj) ||
        s->obj_n < nsel || s->obj_n > d->nobj ||
        (s->phase != PH_OBJ && s->phase != PH_DRAGOON && s->obj_n != d->nobj) || s->obj_end < 0 ||
        s->obj_end > 2 || s->auto_win < 0 || s->auto_win > 1 || (s->auto_win && !d->auto_turn))
        return vb_fail(cx, VB_EINPUT, "bad geographic objectives (13.0)");
    for (int k = 0; k < 2; k++)
        if (s->cic_turn[k] < 0 || s->cic_turn[k] > s->turn ||
            ((s->cic_moved >> k) & 1 && s->cic_turn[k] != s->turn))
            return vb_fail(cx, VB_EINPUT, "bad CiC rest (4.0)");
    if ((uint32_t)s->cic_moved > 3 || ((uint32_t)s->lcmd >> d->nl))
        return vb_fail(cx, VB_EINPUT, "bad command state");
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
    if (s->phase == PH_OBJ || s->phase == PH_REVEAL) {
        pc_battle_vis(d, s, a, v);
        return;
    }
    int k = PC_K(a);
    if (s->roll == RL_NONE && s->phase == PH_SELECT && k == A_WING &&
        pc_remaining(d, s, 1 - s->side) > 0) {
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
    if (role == PC_AU) /* 13.0: the Austrians do not know the objectives */
        s->obj &= s->obj_shown;
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
    if (role == PC_AU) { /* objectives not revealed: drawn among those not known */
        int nsel = 0;
        for (uint32_t x = (uint32_t)s->obj; x; x &= x - 1)
            nsel++;
        while (nsel < s->obj_n) {
            int free_[PC_MAXOBJ], nf = 0;
            for (int k = 0; k < d->nobjp; k++)
                if (!(((uint32_t)s->obj >> k) & 1))
                    free_[nf++] = k;
            if (!nf)
                break;
            s->obj |= 1 << free_[vb_rng_below(rng, (uint64_t)nf)];
            nsel++;
        }
    }
    if (s->choice[o] != -2)
        return;
    /* 3.0 A: any of its wings not yet activated this turn (the wing that
     * activated last, s->wing, may be the previous turn's and chosen again) */
    int cand[PC_MAXWING], n = 0;
    for (int w = 0; w < d->nw; w++)
        if (d->wg[w].side == o && !(s->wdone & (1 << w)))
            cand[n++] = w;
    if (!n)
        return;
    int w = cand[vb_rng_below(rng, (uint64_t)n)];
    s->choice[o] = w;
    if (s->second_wing == -2)
        s->second_wing = w;
}
