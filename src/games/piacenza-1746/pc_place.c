/*
 * pc_place.c - Piacenza 1746 Learning Scenarios 2 and 3: "Setup: See
 * "Forces". The Austrian player set up first." The set-up is played as the
 * players' decisions before the first turn: the Austrian player places
 * every unit and Commander of the scenario, then the Franco-Spanish player
 * (who sees the Austrian placement, public), each piece in its printed area
 * (data: the scenario's setup_areas), within the stacking limits (6.0).
 * Staged so that no list grows with the map: the piece first (PH_PLACE),
 * then its hex among those of its area (PH_PLACEAT). When the last piece is
 * placed the game begins by itself. The scenarios have no artillery, so no
 * facing is asked (a scenario with artillery would need one: refused at
 * load).
 */
#include "pc_int.h"

/* 'north': the hex centre lies north of the place's centre (odd columns sit
 * half a hex lower); doubled to stay in integers */
static int centre_y2(const pc_data *d, int hex)
{
    int c = hex / d->h, r = hex % d->h;
    return 2 * r + (c & 1);
}

int pc_in_area(const pc_data *d, int area, int hex)
{
    if (area < 0 || area >= d->narea || hex < 0 || hex >= d->nhex || !pc_passable(d, hex))
        return 0;
    const pc_area *a = &d->area[area];
    int dist = pc_dist(d, hex, a->place), col = hex / d->h;
    if ((a->within && dist > a->within) || dist < a->beyond)
        return 0;
    if (a->ns && (centre_y2(d, hex) - centre_y2(d, a->place)) * a->ns <= 0)
        return 0;
    if ((a->bank < 0 && col > a->col) || (a->bank > 0 && col <= a->col))
        return 0;
    return 1;
}

static int piece_side(const pc_data *d, int p)
{
    return p < PC_MAXU ? d->u[p].side : d->l[p - PC_MAXU].side;
}

static int piece_area(const pc_data *d, int p)
{
    return p < PC_MAXU ? d->uarea[p] : d->larea[p - PC_MAXU];
}

static int piece_hex(const pc_state *s, int p)
{
    return p < PC_MAXU ? s->uhex[p] : s->lhex[p - PC_MAXU];
}

static int piece_valid(const pc_data *d, int p)
{
    return (p >= 0 && p < d->nu) || (p >= PC_MAXU && p < PC_MAXU + d->nl);
}

/* A hex the piece may be placed in: its area, no enemy unit, and for a
 * unit the stacking limits (6.0); a Commander stacks freely. */
int pc_place_hex_ok(const pc_data *d, const pc_state *s, int p, int hex)
{
    if (!piece_valid(d, p) || !pc_in_area(d, piece_area(d, p), hex))
        return 0;
    if (pc_enemy_at(d, s, hex, piece_side(d, p)))
        return 0;
    return p >= PC_MAXU || pc_stack_ok(d, s, hex, p);
}

static int has_hex(const pc_data *d, const pc_state *s, int p)
{
    for (int h = 0; h < d->nhex; h++)
        if (pc_place_hex_ok(d, s, p, h))
            return 1;
    return 0;
}

/* pc_setup: a scenario with set-up areas begins with the Austrian
 * placement; every piece off the map. 1 if so. */
int pc_place_begin(const pc_data *d, pc_state *s)
{
    if (!d->narea)
        return 0;
    for (int u = 0; u < d->nu; u++)
        s->uhex[u] = -1;
    for (int l = 0; l < d->nl; l++)
        s->lhex[l] = -1;
    s->phase = PH_PLACE;
    s->side = PC_AU;
    s->pl_piece = -1;
    return 1;
}

int pc_place_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap)
{
    int n = 0;
    if (s->phase == PH_PLACEAT) {
        for (int h = 0; h < d->nhex; h++)
            if (pc_place_hex_ok(d, s, s->pl_piece, h))
                VB_PUSH(v, n, cap, PC_ACT(A_AT, h, 0));
        return n;
    }
    for (int p = 0; p < PC_MAXU + d->nl; p++) {
        if (p == d->nu)
            p = PC_MAXU;
        if (p >= PC_MAXU + d->nl)
            break;
        if (piece_side(d, p) == s->side && piece_hex(s, p) < 0 && has_hex(d, s, p))
            VB_PUSH(v, n, cap, PC_ACT(A_PLACE, p, 0));
    }
    return n;
}

static int side_done(const pc_data *d, const pc_state *s, int side)
{
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side == side && s->uhex[u] < 0)
            return 0;
    for (int l = 0; l < d->nl; l++)
        if (d->l[l].side == side && s->lhex[l] < 0)
            return 0;
    return 1;
}

int pc_place_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int k = PC_K(a), x = PC_A(a);
    char hn[8];
    if (s->phase == PH_PLACE) {
        if (k != A_PLACE || !piece_valid(d, x) || piece_side(d, x) != s->side ||
            piece_hex(s, x) >= 0 || !has_hex(d, s, x))
            return vb_fail(cx, VB_EILLEGAL, "a piece of yours still to place is expected");
        s->pl_piece = x;
        s->phase = PH_PLACEAT;
        return 0;
    }
    if (k != A_AT || !pc_place_hex_ok(d, s, s->pl_piece, x))
        return vb_fail(cx, VB_EILLEGAL, "a hex of the piece's set-up area is expected");
    int p = s->pl_piece;
    if (p < PC_MAXU)
        s->uhex[p] = (int16_t)x;
    else
        s->lhex[p - PC_MAXU] = (int16_t)x;
    pc_hex_name(d, x, hn, sizeof hn);
    VB_LOG(cx, "[%s set-up] %s places %s in %s", d->scen_name, d->side_list[s->side],
           p < PC_MAXU ? d->u[p].name : d->l[p - PC_MAXU].name, hn);
    s->pl_piece = -1;
    s->phase = PH_PLACE;
    if (!side_done(d, s, s->side))
        return 0;
    if (s->side == PC_AU) { /* the Austrian player set up first */
        s->side = PC_FS;
        return 0;
    }
    VB_LOG(cx, "[%s set-up] both sides are placed", d->scen_name);
    pc_command_update(d, s, 1);
    pc_begin_battle(d, s, cx);
    pc_advance(d, s, cx);
    return 0;
}

/* A state in (or out of) the set-up phase. */
int pc_place_check(const pc_data *d, const pc_state *s, vb_ctx *cx)
{
    int ph = s->phase, in = ph == PH_PLACE || ph == PH_PLACEAT;
    if (!in) {
        if (s->pl_piece != -1)
            return vb_fail(cx, VB_EINPUT, "state: a piece to place outside the set-up");
        return 0;
    }
    if (!d->narea)
        return vb_fail(cx, VB_EINPUT, "state: the scenario has no set-up phase");
    if (s->roll || s->turn != d->first_turn || s->wdone || s->nsmoke)
        return vb_fail(cx, VB_EINPUT, "state: the set-up comes before the first turn");
    if (!side_done(d, s, PC_AU) && s->side != PC_AU)
        return vb_fail(cx, VB_EINPUT, "state: the Austrian player sets up first");
    for (int p = 0; p < PC_MAXU + d->nl; p++) {
        if (p == d->nu)
            p = PC_MAXU;
        if (p >= PC_MAXU + d->nl)
            break;
        int h = piece_hex(s, p);
        if (h < 0)
            continue;
        if (s->side == PC_AU && piece_side(d, p) == PC_FS)
            return vb_fail(cx, VB_EINPUT, "state: the Austrian player sets up first");
        if (!pc_in_area(d, piece_area(d, p), h))
            return vb_fail(cx, VB_EINPUT, "state: %s outside its set-up area",
                           p < PC_MAXU ? d->u[p].name : d->l[p - PC_MAXU].name);
    }
    if ((ph == PH_PLACEAT) != (s->pl_piece != -1))
        return vb_fail(cx, VB_EINPUT, "state: bad piece to place");
    if (ph == PH_PLACEAT &&
        (!piece_valid(d, s->pl_piece) || piece_side(d, s->pl_piece) != s->side ||
         piece_hex(s, s->pl_piece) >= 0))
        return vb_fail(cx, VB_EINPUT, "state: bad piece to place");
    return 0;
}
