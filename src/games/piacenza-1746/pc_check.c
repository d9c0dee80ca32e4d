/*
 * pc_check.c - Piacenza 1746: the rule checks of a loaded position (a state
 * file, pc_from_json in pc_io.c, after pc_check): the procedure fields
 * against the phase (moved from pc_io.c), and the markers and Staff sides
 * only play can give (marks_ok).
 */
#include "pc_int.h"

static int bad(vb_ctx *cx, const char *what)
{
    return vb_fail(cx, VB_EINPUT, "state: %s", what);
}

/* The segment of the activation a phase belongs to: 1 the movement
 * (3.1 b), 2 the bombardment (c), 3 the combat (d); 0 outside them. An
 * owner's choice, a retreat, a relocation or a follow waits inside the
 * phase it returns to. */
static int segment(const pc_state *s)
{
    int ph = s->phase;
    if (ph == PH_OWNER)
        ph = s->own_phase;
    else if (ph == PH_RETREAT)
        ph = s->ret_phase;
    else if (ph == PH_RELOC)
        ph = s->rel_phase;
    else if (ph == PH_FOLLOW)
        ph = PH_STEP;
    switch (ph) {
    case PH_MFORM:
    case PH_MOVE:
    case PH_ANCHOR:
    case PH_LDIR:
    case PH_STEP:
    case PH_FACE:
    case PH_LSTEP:
        return 1;
    case PH_BOMB:
    case PH_BOMB2:
        return 2;
    case PH_CFORM:
    case PH_FDECL:
    case PH_FREPLY:
    case PH_F2ATT:
    case PH_F2DEF:
        return 3;
    default:
        return 0;
    }
}

/* 9.2.1, 3.1: a melee marker is placed in the Movement segment by a unit of
 * the activated wing and resolved in the Combat segment, formation by
 * formation; every marker goes at the end of the activation
 * (pc_end_activation). So a marker, waiting (a hex) or spent (-2 - hex),
 * is on a unit of the active wing, never a gun (8.0, 9.2.1: infantry and
 * cavalry melee), and only from the Movement segment to the Combat
 * segment: none at the wing selection, the Feu de Billebaude removal, the
 * Commanders' moves, the reorganization or the set-up. A waiting marker
 * is of a formation that has moved or is moving, and not of one whose
 * combat is over; a spent one only in the Combat segment, of a formation
 * whose combat is over or in progress. */
static int melee_phase_ok(const pc_data *d, const pc_state *s, vb_ctx *cx)
{
    int seg = segment(s);
    for (int u = 0; u < d->nu; u++) {
        int m = s->umelee[u];
        if (m == -1)
            continue;
        const char *name = d->u[u].name;
        if (!seg)
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a melee marker outside the Movement, Bombardment "
                           "and Combat segments of an activation (9.2.1, 3.1)",
                           name);
        if (d->u[u].wing != s->wing || d->u[u].type == UT_ART)
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a melee marker on a unit not of the active wing's "
                           "infantry or cavalry (9.2.1)",
                           name);
        int f = d->u[u].form, done = f >= 0 && f < 31 && ((s->fdone >> f) & 1);
        if (m >= 0 && seg == 1 && !done && f != s->form)
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a melee marker of a formation that has not moved "
                           "(9.2.1: placed in the Movement segment)",
                           name);
        if (m >= 0 && seg == 3 && done)
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a melee marker waiting after its formation's "
                           "combat (9.2.1: resolved in the Combat segment)",
                           name);
        if (m < -1 && (seg != 3 || (!done && f != s->form)))
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a spent melee marker before its formation's combat "
                           "(9.2.1)",
                           name);
    }
    return 0;
}

/* Markers and Staff sides play cannot leave, each refused in one line
 * naming the unit or Commander and the rule:
 * - 4.6, 4.7: a Commander turns to his Staff side only in play (a melee,
 *   a charge, an enemy unit entering his hex, his retreat roll), never at
 *   the set-up (the dragoons, the objectives, the placement); every kind
 *   of Commander has that side ("A Commander (CiC, WC, FC) ... is turned
 *   back to the Staff side").
 * - 9.2.1: a melee marker points at an adjacent enemy hex; a unit keeps it
 *   only where it stands when it declared (it stops, 9.2.1; a retreat or
 *   a rout takes it away, pc_units.c), so the hex is next to it; a unit
 *   out of play has none (pc_eliminate).
 * - 9.1.2: Feu de Billebaude is the failed TDR of a unit's second volley;
 *   a gun bombards (8.0) and never fires a volley. */
static int marks_ok(const pc_data *d, const pc_state *s, vb_ctx *cx)
{
    int ph = s->phase;
    int setup = ph == PH_DRAGOON || ph == PH_OBJ || ph == PH_PLACE || ph == PH_PLACEAT;
    for (int l = 0; l < d->nl; l++)
        if (s->lstaff[l] && setup)
            return vb_fail(cx, VB_EINPUT,
                           "state: leaders: %s: a Staff side before the first turn (4.6, 4.7: "
                           "only play turns a Commander)",
                           d->l[l].name);
    for (int u = 0; u < d->nu; u++) {
        int h = s->uhex[u], m = s->umelee[u];
        if (m != -1 && h < 0)
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a melee marker on a unit out of play (9.2.1)",
                           d->u[u].name);
        if (m >= 0 && pc_dist(d, h, m) != 1)
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a melee marker on a hex not adjacent to the unit "
                           "(9.2.1)",
                           d->u[u].name);
        if ((s->uflag[u] & UF_FDB) && d->u[u].type == UT_ART)
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: Feu de Billebaude on a gun (9.1.2: a gun "
                           "bombards, it fires no second volley)",
                           d->u[u].name);
    }
    return melee_phase_ok(d, s, cx);
}

/* Order statuses, markers and the sequence a loaded position must fit,
 * each refused in one line naming the unit or the key and the rule:
 * - set-up (10.5 deployment, 13.0 objectives, the scenarios' placement):
 *   no combat has been fought, so every unit is in good order with no
 *   marker (the gun's facing aside);
 * - 11.2 (errata): "Any Feu de Billebaude marker on a unit which routs is
 *   removed", and a routed unit fires no more;
 * - 10.0, 10.5: cavalry fires never (dragoons only on foot): no Feu de
 *   Billebaude (9.1.2) and no single volley of 11.1 d on a cavalry unit;
 * - 11.1 a: a disordered or routed unit cannot Melee or Charge, so no
 *   waiting melee marker on one in the Movement or Bombardment segment
 *   (in the Combat segment the volley before the impact may disorder the
 *   attacker, 9.2.3 / 10.2 a, and the melee goes on);
 * - 3.0 A: the higher roller decides, a draw is rolled again, the lower
 *   roller's marker is revealed;
 * - 3.0 A.1-A.3: the wing activating is not among the wings done (it is
 *   added when its activation ends, before the Commanders' moves);
 * - 11.4: the reorganization roll comes after every wing has activated,
 *   for a unit that is disordered or routed; 9.1.2 / 3.1 a: the Feu de
 *   Billebaude roll is for a unit of the active wing with the marker;
 * - 13.0, 13.2: objectives are revealed and checked only at the end of
 *   the 13.2 turn and at the end of the last turn; the automatic victory
 *   is the end of the 13.2 turn. */
static int order_ok(const pc_data *d, const pc_state *s, vb_ctx *cx)
{
    int ph = s->phase, seg = segment(s);
    int setup = ph == PH_DRAGOON || ph == PH_OBJ || ph == PH_PLACE || ph == PH_PLACEAT;
    for (int u = 0; u < d->nu; u++) {
        const char *n = d->u[u].name;
        int fl = s->uflag[u], st = s->ustat[u];
        if (s->uhex[u] == -1)
            continue;
        if (setup && (st != ST_GOOD || fl))
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a status or marker before the first turn (no "
                           "combat yet)",
                           n);
        if (st == ST_ROUT && (fl & UF_FDB))
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: Feu de Billebaude on a routed unit (11.2: removed "
                           "when it routs)",
                           n);
        if (d->u[u].type == UT_CAV && (fl & (UF_FDB | UF_ONEVOL)))
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a fire marker (Feu de Billebaude, one-volley) on "
                           "cavalry (10.0, 10.5: dragoons fire only on foot)",
                           n);
        if ((fl & UF_ONEVOL) && st != ST_DIS)
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: one-volley on a unit not disordered (11.1 d: a "
                           "disordered unit's single volley)",
                           n);
        if (st != ST_GOOD && s->umelee[u] >= 0 && (seg == 1 || seg == 2))
            return vb_fail(cx, VB_EINPUT,
                           "state: units: %s: a melee marker on a unit not in good order before "
                           "the Combat segment (11.1 a)",
                           n);
    }
    int fi = s->iroll[PC_FS], ai = s->iroll[PC_AU], both = s->choice[0] >= 0 && s->choice[1] >= 0;
    if (ph == PH_INIT && both &&
        (fi < 0 || ai < 0 || fi == ai || s->side != (fi > ai ? PC_FS : PC_AU) ||
         !s->revealed[fi > ai ? PC_AU : PC_FS] || s->revealed[fi > ai ? PC_FS : PC_AU]))
        return bad(cx, "markers: initiative: the higher roller decides, the lower reveals, a "
                       "draw is rolled again (3.0 A)");
    /* the dice stay on the table for the pair's two activations: a draw is
     * rolled again, and the lower roller's marker is revealed */
    if (ph != PH_INIT && s->roll != RL_INIT && both && fi >= 0 && ai >= 0 &&
        (fi == ai || !s->revealed[fi > ai ? PC_AU : PC_FS]))
        return bad(cx, "markers: initiative: a draw is rolled again and the lower roller "
                       "reveals his marker (3.0 A)");
    /* 3.0 A.2: while the first wing of a pair activates (its Commanders'
     * moves included), the other side's chosen wing is the one to follow */
    int o = 1 - d->wg[s->wing].side, c = s->choice[o];
    if (ph != PH_SELECT && ph != PH_INIT && s->roll != RL_INIT && both &&
        s->choice[1 - o] == s->wing && c >= 0 && c < d->nw && !((s->wdone >> c) & 1) &&
        s->second_wing != c)
        return vb_fail(cx, VB_EINPUT,
                       "state: markers: second_wing: %s, the other side's chosen wing, activates "
                       "after %s (3.0 A.2)",
                       d->wg[c].name, d->wg[s->wing].name);
    if (s->roll == RL_INIT && both &&
        (s->roll_side == PC_FS ? fi != -1 || ai != -1 : fi < 0 || ai != -1))
        return bad(cx, "markers: initiative: the dice are rolled Franco-Spanish first, both "
                       "again after a draw (3.0 A)");
    int all = (1 << d->nw) - 1, busy = s->wdone != all;
    if (((s->wdone >> s->wing) & 1) && (seg || (ph == PH_FDB && busy)))
        return bad(cx, "procedure: wings_done: the wing activating is not yet done (3.0 A)");
    if (s->roll == RL_REORG && (ph != PH_FDB || busy || s->roll_u < 0 || s->roll_u >= d->nu ||
                                s->roll_u != s->reorg_u || s->ustat[s->roll_u] == ST_GOOD))
        return bad(cx, "procedure: roll: a reorganization roll comes after every wing, for a "
                       "disordered or routed unit (11.4)");
    if (s->roll == RL_FDB && (ph != PH_FDB || !busy || s->roll_u < 0 || s->roll_u >= d->nu ||
                              !(s->uflag[s->roll_u] & UF_FDB) || d->u[s->roll_u].wing != s->wing))
        return bad(cx, "procedure: roll: the Feu de Billebaude roll is for a unit of the active "
                       "wing with the marker (9.1.2, 3.1 a)");
    if (s->obj_end && ph != PH_REVEAL && ph != PH_OVER)
        return bad(cx, "battle: objective_check: only at the end of the 13.2 turn or of the "
                       "last turn (13.0, 13.2)");
    if (s->auto_win && (ph != PH_REVEAL && ph != PH_OVER))
        return bad(cx, "battle: automatic_victory: the game ends with it (13.2)");
    int check = d->auto_turn ? d->auto_turn : d->first_turn + d->nturns - 1;
    if (s->obj_shown && (s->turn < check || (s->turn == check && ph != PH_REVEAL && ph != PH_OVER)))
        return bad(cx, "battle: objectives_revealed: revealed only at the end of the 13.2 turn "
                       "or of the last turn (13.0, 13.2)");
    return 0;
}

/* 3.0 exception: "in the first game turn, the Spanish left wing begins,
 * followed by the Austrian right wing" (begin_turn): in turn 1 of a
 * scenario from turn 1, no wing is done before the first; while it
 * activates, the second is the one to follow; then the second activates
 * (or the first's Commanders move, the second still to follow); the
 * markers are chosen only after both. The set-up and the end are before
 * and after the turn's wings. */
static int first_turn_ok(const pc_data *d, const pc_state *s, vb_ctx *cx)
{
    int ph = s->phase, f0 = d->first_wing[0], f1 = d->first_wing[1];
    if (s->turn != 1 || d->first_turn != 1 || f0 < 0 || f1 < 0 || ph == PH_DRAGOON ||
        ph == PH_OBJ || ph == PH_PLACE || ph == PH_PLACEAT || ph == PH_OVER || ph == PH_REVEAL)
        return 0;
    int w = s->wdone, m0 = 1 << f0, m1 = 1 << f1, ok;
    if (!(w & m0))
        ok = w == 0 && s->wing == f0 && s->second_wing == f1;
    else if (!(w & m1))
        ok = w == m0 &&
             ((s->wing == f0 && s->second_wing == f1) || (s->wing == f1 && s->second_wing == -1));
    else
        ok = 1;
    if (ok && ((w & (m0 | m1)) != (m0 | m1)) && (ph == PH_SELECT || ph == PH_INIT))
        ok = 0;
    if (ok)
        return 0;
    return vb_fail(cx, VB_EINPUT,
                   "state: procedure: turn 1: the first wings are %s, then %s (3.0 exception: the "
                   "Spanish left wing begins, followed by the Austrian right)",
                   d->wg[f0].name, d->wg[f1].name);
}

/* 5.10: the pair of cavalry units that parted (fol_*): set only while the
 * refusals of a move wait for the owner, the second unit's way (9.2.8) or
 * the Commanders' choice of the unit they follow. */
static int follow_ok(const pc_data *d, const pc_state *s, vb_ctx *cx)
{
    int ph = s->phase, a = s->fol_u, b = s->fol_w, h = s->fol_hex, m = s->fol_l;
    if (a == -1 && b == -1 && h == -1 && m == 0) {
        if (ph == PH_FOLLOW)
            return bad(cx, "5.10: the Commander's choice needs the two cavalry units");
        return 0;
    }
    const char *e = "5.10: a pair of refusing cavalry units outside the refusals of a move";
    if (s->mret_kind != MRET_REFUSAL || (ph != PH_RETREAT && ph != PH_FOLLOW) || a < 0 || h < 0 ||
        !m || (m >> d->nl) || d->u[a].type != UT_CAV || s->roll)
        return bad(cx, e);
    int side = d->u[a].side;
    for (int l = 0; l < d->nl; l++)
        if (((m >> l) & 1) && d->l[l].side != side)
            return bad(cx, "5.10: only the cavalry's own Commanders follow it");
    if (b >= 0 && (b == a || d->u[b].type != UT_CAV || d->u[b].side != side))
        return bad(cx, e);
    if (ph == PH_RETREAT) /* the first unit's way, or the second's, is asked */
        return s->ret_u == (b >= 0 ? b : a) && s->uhex[s->ret_u] == h ? 0 : bad(cx, e);
    if (b < 0 || s->uhex[a] < 0 || s->uhex[b] < 0 || s->uhex[a] == s->uhex[b] ||
        pc_dist(d, s->uhex[a], h) != 1 || pc_dist(d, s->uhex[b], h) != 1 || s->side != side)
        return bad(cx, "5.10: the Commander chooses between two cavalry units apart");
    for (int l = 0; l < d->nl; l++)
        if (((m >> l) & 1) && s->lhex[l] != s->uhex[b])
            return bad(cx, "5.10: a Commander to choose stands with the last unit to leave");
    return 0;
}

/* The procedure fields that index arrays must fit the phase; the markers
 * and Staffs must be ones play can leave (marks_ok). */
int pc_position_ok(const pc_data *d, const pc_state *s, vb_ctx *cx)
{
    int ph = s->phase, rc;
    if ((rc = marks_ok(d, s, cx)) || (rc = order_ok(d, s, cx)))
        return rc;
    if (d->wg[s->wing].side != s->side && ph != PH_SELECT && ph != PH_INIT && ph != PH_FREPLY &&
        ph != PH_F2DEF && !s->roll && ph != PH_OVER && ph != PH_OBJ && ph != PH_REVEAL &&
        ph != PH_OWNER && ph != PH_RETREAT && ph != PH_FOLLOW && ph != PH_RELOC && ph != PH_PLACE &&
        ph != PH_PLACEAT)
        return bad(cx, "the side to move is not the active wing's");
    if ((ph == PH_OBJ || ph == PH_REVEAL) && (s->side != PC_FS || !d->nobj || s->roll))
        return bad(cx, "the objectives are the Franco-Spanish player's (13.0)");
    if (ph == PH_OBJ && s->obj_n >= d->nobj)
        return bad(cx, "every objective is noted");
    /* 13.0: each objective noted is in the position (a view, which
     * leaves out the unrevealed ones, is no position) */
    int nsel = 0;
    for (uint32_t x = (uint32_t)s->obj; x; x &= x - 1)
        nsel++;
    if (nsel != s->obj_n)
        return vb_fail(cx, VB_EINPUT,
                       "state: battle: objectives: %d listed, %d noted (13.0: every objective "
                       "noted is named)",
                       nsel, s->obj_n);
    if (ph == PH_REVEAL && !s->obj_end)
        return bad(cx, "no objective is to be revealed");
    if (ph == PH_WCMOVE && (s->mv_u < 0 || s->mv_u != d->wg[s->wing].wc || s->lhex[s->mv_u] < 0))
        return bad(cx, "the moving Wing Commander must be on the map");
    if (ph == PH_BMOVE && (s->mv_u != s->wing || s->bhex[s->wing] < 0))
        return bad(cx, "the moving Standard Bearer must be the active wing's, on the map");
    /* 4.0, 4.6.1: a Commander's or Bearer's MP left, never more than his
     * allowance */
    int mpmax = ph == PH_BMOVE ? d->wg[s->wing].bmp : d->leader_mp;
    if ((ph == PH_WCMOVE || ph == PH_LSTEP || ph == PH_BMOVE) && s->mv_mp > mpmax)
        return vb_fail(cx, VB_EINPUT,
                       "state: procedure: move_mp: %d MP left, more than the %d of the moving %s "
                       "(4.0, 4.6.1)",
                       s->mv_mp, mpmax, ph == PH_BMOVE ? "Standard Bearer" : "Commander");
    if (ph == PH_CIC && (d->cic[s->side] < 0 || s->lhex[d->cic[s->side]] < 0))
        return bad(cx, "the CiC must be on the map");
    if ((ph == PH_MOVE || ph == PH_ANCHOR || ph == PH_LDIR || ph == PH_STEP || ph == PH_FACE ||
         ph == PH_LSTEP || ph == PH_FDECL || ph == PH_FREPLY || ph == PH_F2ATT || ph == PH_F2DEF) &&
        (s->form < 0 || (s->form < PC_MAXF && d->f[s->form].wing != s->wing)))
        return bad(cx, "a formation of the active wing must be named");
    if ((ph == PH_STEP || ph == PH_FACE) &&
        (s->mv_u < 0 || s->uhex[s->mv_u] < 0 || d->u[s->mv_u].wing != s->wing))
        return bad(cx, "the moving unit must be on the map");
    /* 5.0: the unit moving is one of the formation moving (A_MOVE) */
    if ((ph == PH_STEP || ph == PH_FACE) &&
        (s->form == PC_MAXF ? d->u[s->mv_u].type != UT_ART : d->u[s->mv_u].form != s->form))
        return bad(cx, "the moving unit must be of the formation moving");
    if (ph == PH_FACE && d->u[s->mv_u].type != UT_ART)
        return bad(cx, "only artillery faces");
    /* 5.3, 5.6: in command infantry in good order steps into an enemy EZ,
     * or from a start in one, only on or toward its formation's declared
     * Line (pc_rules.c step_ok), which stays declared to the segment's end;
     * after the first step no retreat moves it and no enemy infantry
     * changes (the 7.2 reaction fire comes only on leaving the start hex).
     * So a unit that has stepped with no Line stands and began outside
     * every EZ. The same move paused for the owner of cavalry that refuses
     * it (5.10: its way, 9.2.8, or his Commanders' choice) is judged alike:
     * the refusals move only enemy cavalry and Commanders, which project
     * no EZ (10.2's retreats, MRET_MELEE, are of a cavalry move). */
    if ((ph == PH_STEP || (ph == PH_RETREAT && s->mret_kind == MRET_REFUSAL) || ph == PH_FOLLOW) &&
        s->line_anchor < 0 && s->mv_steps > 0 && s->mv_u >= 0 && s->mv_u < d->nu &&
        s->uhex[s->mv_u] >= 0) {
        int u = s->mv_u, side = d->u[u].side;
        if (d->u[u].type == UT_INF && s->ustat[u] == ST_GOOD &&
            (pc_in_ez(d, s, side, s->uhex[u]) ||
             (s->mv_start >= 0 && pc_in_ez(d, s, side, s->mv_start))) &&
            pc_move_in_command_sure(d, s, u))
            return vb_fail(cx, VB_EINPUT,
                           "state: procedure: line_anchor: none, and %s has moved in an enemy EZ "
                           "(5.3, 5.6: only on or toward its formation's declared Line)",
                           d->u[u].name);
    }
    if (ph == PH_LSTEP && (s->mv_u < 0 || s->lhex[s->mv_u] < 0 || s->form >= PC_MAXF ||
                           d->f[s->form].leader != s->mv_u))
        return bad(cx, "the moving leader must be on the map");
    if (ph == PH_BOMB2 && (s->bomb_u < 0 || s->uhex[s->bomb_u] < 0 ||
                           d->u[s->bomb_u].type != UT_ART || s->bomb_hex < 0))
        return bad(cx, "the battery must be on the map");
    if ((ph == PH_ANCHOR || ph == PH_LDIR) && s->form >= PC_MAXF)
        return bad(cx, "artillery forms no line");
    if (ph == PH_LDIR && s->line_anchor < 0)
        return bad(cx, "the line needs its first hex");
    for (int k = 0; k < 2; k++)
        if (s->choice[k] >= d->nw)
            return bad(cx, "bad marker");
    /* 3.0 A: a marker is revealed once chosen; the initiative dice are
     * rolled once both are chosen */
    for (int k = 0; k < 2; k++)
        if (s->revealed[k] && s->choice[k] == -1)
            return bad(cx, "markers: revealed: only a chosen wing marker is revealed (3.0 A)");
    if ((s->iroll[0] >= 0 || s->iroll[1] >= 0) && (s->choice[0] == -1 || s->choice[1] == -1))
        return bad(cx, "markers: initiative: rolled only once both wing markers are chosen "
                       "(3.0 A)");
    /* 3.0 A.2: the wing to activate next is the other side's, not yet
     * activated this turn; its marker is revealed by its own side */
    int sw = s->second_wing;
    if (sw >= 0 && sw < d->nw && (d->wg[sw].side == d->wg[s->wing].side || ((s->wdone >> sw) & 1)))
        return bad(cx, "markers: second_wing: a wing of the other side still to activate this "
                       "turn (3.0 A.2)");
    if (s->second_reveal >= 0 && (sw < 0 || sw >= d->nw || d->wg[sw].side != s->second_reveal))
        return bad(cx, "procedure: second_reveal: the side of the second wing (3.0 A.2)");
    if ((uint32_t)s->wdone >> d->nw)
        return bad(cx, "procedure: wings_done: a wing of the scenario");
    if ((uint32_t)s->fdone & ~(((1u << d->nf) - 1) | (1u << PC_MAXF)))
        return bad(cx, "procedure: formations_done: a formation of the scenario, or the artillery");
    /* 4.6, 4.7, 13.1: a side's trophies are the enemy Commanders captured */
    for (int k = 0; k < 2; k++) {
        int vp = 0;
        for (int l = 0; l < d->nl; l++)
            if (d->l[l].side != k && s->lhex[l] < 0)
                vp += pc_trophy_vp(d, l);
        if (s->captured[k] > vp)
            return vb_fail(cx, VB_EINPUT,
                           "state: procedure: %s: more than the enemy Commanders captured are "
                           "worth (4.6, 13.1)",
                           k == PC_FS ? "captured_fs" : "captured_au");
    }
    /* a side's view writes the other side's marker as "hidden": play cannot
     * go on from it (the marker is activated, revealed or compared later) */
    if (s->choice[0] == -2 || s->choice[1] == -2 || s->second_wing == -2)
        return bad(cx,
                   "a hidden wing marker: a position names every marker (a view cannot be played "
                   "on)");
    if (s->second_wing >= d->nw)
        return bad(cx, "bad second wing");
    for (int i = 0; i < s->nd; i++)
        if (d->u[(int)s->df[i]].side != d->wg[s->wing].side ||
            d->u[(int)s->dt[i]].side == d->wg[s->wing].side)
            return bad(cx, "fire declarations go from the active side to the other");
    int r = s->roll, c = s->cont;
#define ALIVE(x) ((x) >= 0 && (x) < d->nu && s->uhex[x] >= 0)
    if (ph == PH_OWNER && (!ALIVE(s->own_u) || s->side != d->u[s->own_u].side ||
                           s->own_phase < PH_SELECT || s->own_phase >= PH_OWNER || s->proc_u < 0 ||
                           s->roll || (!s->psteps[s->own_u] && !s->pdis[s->own_u])))
        return bad(cx, "8.5.1: the owner's choice needs a hit unit of his");
    if (ph != PH_OWNER && s->own_u != -1)
        return bad(cx, "8.5.1: an owner's choice outside its phase");
    /* pending effects are carried on at once (pc_advance) unless a die or
     * an owner's choice stops them */
    if ((c != CONT_NONE || s->proc_u >= 0 || s->lroll) && !r && ph != PH_OWNER &&
        ph != PH_RETREAT && ph != PH_RELOC && ph != PH_OVER)
        return bad(cx, "pending combat effects wait only for a die or an owner's choice");
    if (ph == PH_RETREAT) {
        int opt[6];
        if (!ALIVE(s->ret_u) || s->side != d->u[s->ret_u].side || s->ret_phase < PH_SELECT ||
            s->ret_phase >= PH_OWNER || s->roll || s->ret_i >= s->ret_n + 6 ||
            pc_retreat_options(d, s, s->ret_u, opt) < 2)
            return bad(cx, "9.2.8: the owner's retreat choice needs a unit of his with a choice");
    } else if (s->ret_u != -1 || s->ret_dir != -1) {
        return bad(cx, "9.2.8: a retreat in progress outside its phase");
    }
    /* 5.10, 10.2 / 11.1 c: a move that waits for the owner's retreat */
    if (s->mret_kind != MRET_NONE &&
        ((ph != PH_FOLLOW && (ph != PH_RETREAT || s->ret_phase != PH_STEP)) || !ALIVE(s->mv_u) ||
         (s->mret_kind == MRET_REFUSAL && (d->u[s->mv_u].type != UT_INF || s->mv_to != -1)) ||
         (s->mret_kind == MRET_MELEE && s->umelee[s->mv_u] < 0) || s->mret_v > d->nu))
        return bad(cx, "5.10 / 10.2: the immediate retreats of a move wait only for the owner");
    if (s->mret_kind == MRET_NONE && s->mret_v != 0)
        return bad(cx, "5.10 / 10.2: no immediate retreat is in progress");
    if ((rc = follow_ok(d, s, cx)))
        return rc;
    if ((r == RL_FDB || r == RL_CAVZOC || r == RL_MISALIGN || r == RL_REORG || r == RL_CHANGE ||
         r == RL_DIS2 || r == RL_REACT) &&
        !ALIVE(s->roll_u))
        return bad(cx, "the unit of the pending roll must be on the map");
    /* 11.1 e: the TDR of a second disorder is rolled for a disordered unit */
    if (r == RL_DIS2 && s->ustat[s->roll_u] != ST_DIS)
        return bad(cx, "11.1 e: the second-disorder TDR needs a disordered unit");
    if ((r == RL_CAVZOC || r == RL_MISALIGN || r == RL_REACT || c == CONT_REACT) &&
        (!ALIVE(s->mv_u) || s->mv_to < 0))
        return bad(cx, "the moving unit and its next hex must be named");
    if ((r == RL_REACT || r == RL_RICO || c == CONT_RICO) && !ALIVE(s->roll_u2))
        return bad(cx, "the second unit of the pending roll must be on the map");
    if ((r == RL_BOMB || r == RL_RICO || r == RL_FAIL || c == CONT_BOMB1 || c == CONT_BOMB2 ||
         c == CONT_RICO) &&
        (s->bomb_u < 0 || d->u[s->bomb_u].type != UT_ART || s->bomb_hex < 0 ||
         (r == RL_BOMB && !ALIVE(s->bomb_u))))
        return bad(cx, "the battery must be named");
    if (r == RL_FIRE || r == RL_F2TDR) {
        int i = s->proc_i;
        if (i < 0 || i >= s->nd + d->nu)
            return bad(cx, "the volley in progress is unknown");
        if (i < s->nd ? (!ALIVE(s->df[i]) || !ALIVE(s->dt[i]))
                      : (!ALIVE(i - s->nd) || (r == RL_FIRE && !ALIVE(s->rt[i - s->nd]))))
            return bad(cx, "the firer and target of the volley must be on the map");
    }
    if ((r == RL_MCAVTDR || r == RL_MDEF || r == RL_MELEE || c == CONT_MDEF || c == CONT_MELEE) &&
        (s->mel_a < 0 || s->mel_d < 0 ||
         (r && r != RL_LEADER &&
          (!ALIVE(s->mel_a) || !ALIVE(s->mel_d) || (s->umelee[s->mel_a] < 0 && !s->mel_counter)))))
        /* the retreats after a countercharge (10.3.1) spend the charger's
         * melee marker; so does a retreat of the attacker (9.2.8), after
         * which a Commander stacked with it may owe his 4.7 roll while the
         * melee's results are still being applied (twenty-seventh session:
         * a random game's state, seed 41024, was refused on reading back) */
        return bad(cx, "the melee in progress must name its units");
    /* 10.1: the advance waits for the attacking cavalry's 11.1 e TDR */
    if (c == CONT_ADVANCE && (s->mel_a < 0 || s->mel_res[0] < 0 || r != RL_DIS2))
        return bad(cx, "10.1: the advance after a melee needs its attacker and hex");
    /* 10.3.1: the retreats a charge defers, a melee retreat (level 2) each */
    if (s->mel_res[1] &&
        (!s->mel_charge || s->mel_a < 0 || s->mel_d < 0 || (s->mel_res[1] & ~(2 | 2 << 3))))
        return bad(cx, "10.3.1: deferred retreats need a charge in progress");
    if (s->lroll >> d->nl)
        return bad(cx, "a retreat roll is owed by an unknown leader");
    if (ph == PH_RELOC) {
        int opt[PC_MAXU + 1], l = s->rel_l;
        if (l < 0 || l >= d->nl || s->lhex[l] < 0 || s->side != d->l[l].side ||
            s->rel_phase < PH_SELECT || s->rel_phase >= PH_OWNER || r ||
            pc_reloc_options(d, s, l, opt) < 2)
            return bad(cx, "4.7: the relocation choice needs a Commander of his on the map, with "
                           "a choice");
    } else if (s->rel_l != -1) {
        return bad(cx, "4.7: a relocation choice outside its phase");
    }
    for (int l = 0; l < d->nl; l++) {
        if ((s->lfrom[l] >= 0 || s->lwith[l] >= 0) && !((s->lroll >> l) & 1) &&
            !(ph == PH_RELOC && s->rel_l == l))
            return bad(cx, "4.7: a retreat_from for a Commander who owes no roll or choice");
        if (s->lwith[l] >= 0 && s->lfrom[l] < 0)
            return bad(cx, "4.7: a retreat_with needs the hex the Commander stood in");
    }
    if (r == RL_LEADER && !s->lroll)
        return bad(cx, "a leader's retreat roll needs the leader");
    /* 3.0 A: the Franco-Spanish choose first while both sides have a wing
     * left, so the Austrians choose after a Franco-Spanish marker */
    if (ph == PH_SELECT && r == RL_NONE && s->side == PC_AU && pc_remaining(d, s, PC_FS) > 0 &&
        s->choice[PC_FS] == -1)
        return bad(cx, "3.0 A: the Franco-Spanish choose their wing marker first");
    /* the initiative die and the first-or-second decision come after both
     * wing markers are chosen (3.0 A): the decision activates one of them */
    if ((r == RL_INIT || (ph == PH_INIT && r == RL_NONE)) &&
        (s->choice[0] == -1 || s->choice[1] == -1))
        return bad(cx, "initiative needs the markers chosen");
#undef ALIVE
    if (ph == PH_FREPLY && s->nd == 0)
        return bad(cx, "defensive fire needs declarations");
    return first_turn_ok(d, s, cx);
}
