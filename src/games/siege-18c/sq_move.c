/*
 * sq_move.c - steps 1 and 2 of the Sequence of Play: the orders of a unit
 * in its movement step (staged after `order UNIT`): hold, move within the
 * trench network or the covered way, attach and detach leaders, and the
 * besieger's saps, parallel sections, batteries and joins (planned now,
 * completed at step 9 in sq_rules.c); the measured forms judged by the
 * same rules.
 */
#include <stdint.h>
#include <string.h>

#include "sq_int.h"

/* ---- movement orders ------------------------------------------------------- */

/* The point a sap from unit u starts at, and the section it grows from;
 * -1 when u cannot sap (Besieger: "It takes one infantry unit with an
 * attached engineer to build a sap/trench"). */
static int sap_start(const vb_game *g, const sq_state *s, int u, sq_pt *p)
{
    const sq_sect *t;
    if (sq_unit_type(g, s, u) != UT_FOOT || s->u[u].lkind != LK_SECT ||
        (s->u[u].flags & (UF_SHAKEN | UF_ORDERED)) || !sq_has_leader(g, s, u, UT_ENGINEER))
        return -1;
    t = &s->s[s->u[u].loc];
    if (t->state != SS_BUILT || t->kind == SK_BATTERY)
        return -1;
    *p = sq_unit_pos(g, s, u);
    return s->u[u].loc;
}

static int free_sect(const vb_game *g, const sq_state *s)
{
    const sq_data *d = g->data;
    for (int i = 0; i < s->nsect; i++)
        if (s->s[i].state == SS_NONE)
            return i;
    return s->nsect < d->max_sect ? s->nsect : -1;
}

/* A point the besieger may dig to: on the table, outside the counterscarp
 * (saps may crown the covered way, not enter the ditch). */
static int diggable(const vb_game *g, const sq_state *s, sq_pt p)
{
    const sq_scen *sc = sq_sc(g, s);
    if (p.x < 0 || p.x > sc->width || p.y > sc->depth)
        return 0;
    return p.y > sq_line_y(sc->counter, sc->ncounter, p.x);
}

/* A point on the table, its edges included: a section is a piece laid
 * on the table, never hanging off it. */
static int on_table(const vb_game *g, const sq_state *s, sq_pt p)
{
    const sq_scen *sc = sq_sc(g, s);
    return p.x >= 0 && p.x <= sc->width && p.y >= 0 && p.y <= sc->depth;
}

/* The middle line of the covered way at x: a sap that would go further
 * stops there, crowning the covered way (the ditch is not dug into). */
static int32_t cw_mid_y(const vb_game *g, const sq_state *s, int32_t x)
{
    const sq_scen *sc = sq_sc(g, s);
    return (sq_line_y(sc->counter, sc->ncounter, x) + sq_line_y(sc->crest, sc->ncrest, x)) / 2;
}

/* A planned section of the given kind in parallel par, growing from
 * section from (-1: none), no builder yet; the caller lays its facing and
 * ends. */
static void plan_sect(sq_sect *out, int kind, int par, int from)
{
    memset(out, 0, sizeof *out);
    out->kind = (uint8_t)kind;
    out->state = SS_PLANNED;
    out->par = (int8_t)par;
    out->builder = -1;
    out->parent = (int16_t)from;
}

/* The shapes the orders give a section, from what it grows from (shared
 * by the orders, sq_check and the tests; sq_int.h). */
int sq_lay_sap(const vb_game *g, const sq_state *s, int from, sq_pt a, int ang, sq_sect *out)
{
    const sq_data *d = g->data;
    sq_pt b = sq_step(a, ang, d->sap_len);
    if (b.y < cw_mid_y(g, s, b.x)) {
        /* It stops at the last point before it first meets the middle
         * line (engine reading 8). Not a bisection: along a ray nearly
         * parallel to the line, the rounded points cross it and come back
         * out, so "outside" is not monotone in the length. */
        int len = 1;
        for (; len < d->sap_len; len++) {
            sq_pt c = sq_step(a, ang, len);
            if (c.y < cw_mid_y(g, s, c.x))
                break;
        }
        if (len - 1 < d->half_width)
            return -1;
        b = sq_step(a, ang, len - 1);
    }
    if (!diggable(g, s, b))
        return -1;
    plan_sect(out, SK_SAP, from >= 0 ? s->s[from].par : 0, from);
    out->facing = (uint16_t)ang;
    out->ax = (int16_t)a.x, out->ay = (int16_t)a.y, out->bx = (int16_t)b.x, out->by = (int16_t)b.y;
    return 0;
}

int sq_lay_trench(const vb_game *g, const sq_state *s, int from, sq_pt h, sq_sect *out)
{
    const sq_data *d = g->data;
    int pp = from >= 0 ? s->s[from].par : 0;
    plan_sect(out, SK_PARALLEL, from < 0 ? 0 : pp < 3 ? pp + 1 : 3, from);
    out->facing = (uint16_t)sq_nearest_work_angle(g, s, h);
    out->ax = (int16_t)(h.x - d->par_len / 2), out->ay = (int16_t)h.y;
    out->bx = (int16_t)(h.x + d->par_len / 2), out->by = (int16_t)h.y;
    sq_pt a = {out->ax, out->ay}, b = {out->bx, out->by};
    return on_table(g, s, a) && on_table(g, s, b) ? 0 : -1;
}

int sq_lay_battery(const vb_game *g, const sq_state *s, int from, sq_pt p, int front, sq_sect *out)
{
    const sq_data *d = g->data;
    sq_pt m = {p.x, front ? p.y - d->bat_off : p.y + d->bat_off};
    sq_pt a = {m.x - d->bat_len / 2, m.y}, b = {m.x + d->bat_len / 2, m.y};
    if (!diggable(g, s, m) || !on_table(g, s, a) || !on_table(g, s, b))
        return -1;
    plan_sect(out, SK_BATTERY, from >= 0 ? s->s[from].par : 0, from);
    out->facing = (uint16_t)sq_nearest_work_angle(g, s, m);
    out->ax = (int16_t)a.x, out->ay = (int16_t)a.y, out->bx = (int16_t)b.x, out->by = (int16_t)b.y;
    return 0;
}

int sq_lay_join(const vb_game *g, const sq_state *s, int from, int k, sq_sect *out)
{
    const sq_data *d = g->data;
    const sq_sect *a = &s->s[from], *b = &s->s[k];
    sq_pt ea[2] = {{a->ax, a->ay}, {a->bx, a->by}}, eb[2] = {{b->ax, b->ay}, {b->bx, b->by}};
    int64_t best = INT64_MAX;
    int bi = 0, bj = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            int64_t dx = ea[i].x - eb[j].x, dy = ea[i].y - eb[j].y;
            if (dx * dx + dy * dy < best)
                best = dx * dx + dy * dy, bi = i, bj = j;
        }
    if (best == 0 || best > (int64_t)d->join_reach * d->join_reach)
        return -1;
    plan_sect(out, SK_JOIN, a->par, from);
    out->facing = a->facing;
    out->ax = (int16_t)ea[bi].x, out->ay = (int16_t)ea[bi].y;
    out->bx = (int16_t)eb[bj].x, out->by = (int16_t)eb[bj].y;
    out->meets = (uint8_t)(k + 1);
    return 0;
}

/* Plan a sap from unit u in direction ang: a day's length, or less where
 * it reaches the covered way; returns the section it grows from, or -1. */
static int sap_plan(const vb_game *g, const sq_state *s, int u, int ang, sq_sect *out)
{
    sq_pt a;
    int from = sap_start(g, s, u, &a);
    if (from < 0 || free_sect(g, s) < 0 || sq_lay_sap(g, s, from, a, ang, out))
        return -1;
    out->builder = (int8_t)u;
    return from;
}

static int sap_angle_to(const vb_game *g, const sq_state *s, int u, int mode, int w)
{
    const sq_data *d = g->data;
    sq_pt a = sq_unit_pos(g, s, u), m = sq_sc(g, s)->works[w].mid;
    int ang = sq_angle(m.x - a.x, m.y - a.y);
    if (mode == 1)
        ang -= d->sap_zig;
    else if (mode == 2)
        ang += d->sap_zig;
    return ((ang % 36000) + 36000) % 36000;
}

/* The sap head: unit u stands at the far end of a built sap or join. */
static int at_sap_head(const vb_game *g, const sq_state *s, int u)
{
    sq_pt p;
    int from = sap_start(g, s, u, &p);
    if (from < 0)
        return 0;
    const sq_sect *t = &s->s[from];
    return (t->kind == SK_SAP) && p.x == t->bx && p.y == t->by;
}

int sq_nearest_work_angle(const vb_game *g, const sq_state *s, sq_pt p)
{
    const sq_scen *sc = sq_sc(g, s);
    int64_t best = INT64_MAX;
    int ang = 27000;
    for (int w = 0; w < sc->nworks; w++) {
        if (sc->works[w].kind != WK_BASTION && sc->works[w].kind != WK_RAVELIN)
            continue;
        int64_t dx = sc->works[w].mid.x - p.x, dy = sc->works[w].mid.y - p.y;
        if (dx * dx + dy * dy < best) {
            best = dx * dx + dy * dy;
            ang = sq_angle(dx, dy);
        }
    }
    return ang;
}

static int trench_plan(const vb_game *g, const sq_state *s, int u, sq_sect *out)
{
    if (!at_sap_head(g, s, u) || free_sect(g, s) < 0)
        return -1;
    const sq_sect *sap = &s->s[s->u[u].loc];
    sq_pt h = {sap->bx, sap->by};
    if (sq_lay_trench(g, s, s->u[u].loc, h, out))
        return -1;
    out->builder = (int8_t)u;
    return 0;
}

/* "Batteries are built directly behind or in front of a section of
 * trench" (front = toward the fortress). */
static int battery_plan(const vb_game *g, const sq_state *s, int u, int front, sq_sect *out)
{
    sq_pt p;
    int from = sap_start(g, s, u, &p);
    if (from < 0 || s->s[from].kind != SK_PARALLEL || free_sect(g, s) < 0 ||
        sq_lay_battery(g, s, from, p, front, out))
        return -1;
    out->builder = (int8_t)u;
    return 0;
}

/* A join from u's section to section k in another part of the network:
 * between their nearest ends, within a day's digging. */
static int join_plan(const vb_game *g, const sq_state *s, int u, int k, const uint8_t *mark,
                     sq_sect *out)
{
    sq_pt p;
    int from = sap_start(g, s, u, &p);
    if (from < 0 || k < 0 || k >= s->nsect || k == from || s->s[k].state != SS_BUILT ||
        s->s[k].kind == SK_BATTERY || mark[k] || free_sect(g, s) < 0 ||
        sq_lay_join(g, s, from, k, out))
        return -1;
    out->builder = (int8_t)u;
    return 0;
}

/* Unit u may still take an order now. */
static int orderable(const vb_game *g, const sq_state *s, int u)
{
    return sq_alive(s, u) && !s->u[u].wound && !(s->u[u].flags & UF_ORDERED) &&
           sq_unit_side(g, s, u) == sq_phase_side(s->phase) &&
           (s->phase == PH_BMOVE || s->phase == PH_DMOVE);
}

/* Can leader l attach to unit v? Same place, right kind, none of its kind
 * attached already. */
static int can_attach(const vb_game *g, const sq_state *s, int l, int v)
{
    const sq_scen *sc = sq_sc(g, s);
    int lt = sc->units[l].type, vt = sc->units[v].type;
    if (v == l || !sq_alive(s, v) || sc->units[v].side != sc->units[l].side || sq_is_leader(vt) ||
        s->u[l].att >= 0 || s->u[v].lkind != s->u[l].lkind || s->u[v].loc != s->u[l].loc ||
        s->u[l].lkind == LK_OFF)
        return 0;
    if (lt == UT_ENGINEER && vt != UT_FOOT) /* "An Engineer attached to a foot unit" */
        return 0;
    return !sq_has_leader(g, s, v, lt);
}

/* Can unit u move to (lkind, loc) now? */
static int can_move_to(const vb_game *g, const sq_state *s, int u, int lkind, int loc,
                       const uint8_t *mark, const sq_counts *c)
{
    const sq_scen *sc = sq_sc(g, s);
    int ty = sc->units[u].type;
    if (s->u[u].lkind == lkind && s->u[u].loc == loc)
        return 0;
    if (sq_is_leader(ty) && s->u[u].att >= 0)
        return 0; /* attached leaders move with their unit */
    if (sc->units[u].side == SQ_DEFENDER) {
        /* "Heavy guns and mortars must be placed in a bastion and cannot be
         * moved during the game." */
        if (ty == UT_HEAVY || ty == UT_MORTAR || s->u[u].lkind == LK_OFF)
            return 0;
        if (lkind == LK_TOWN)
            return sq_is_leader(ty) || sq_can_hold_c(g, s, u, lkind, loc, c);
        if (lkind != LK_WORK || loc >= sc->nworks || s->taken[loc])
            return 0;
        return sq_can_hold_c(g, s, u, lkind, loc, c);
    }
    /* besieger: "moves any units within the existing network of trenches" */
    int n = sq_node_of(lkind, loc);
    if (n < 0 || !mark[n])
        return 0;
    return sq_can_hold_c(g, s, u, lkind, loc, c);
}

/* "Heavy guns and mortars must be placed in a bastion and cannot be moved
 * during the game. The strength points of the guns may be redeployed from
 * one gun to another during the game." (Formations and deployment:
 * Defender). The reading (docs/siege-18c.md): in the defender's movement
 * step, a gun of the place that cannot move gives n of its strength points
 * (1 to all of them) to another of its kind, anywhere in the fortress, that
 * has lost at least n (never above its original strength); it is the order
 * of the day of both guns, which count as moved (neither fires that day:
 * "fires any units that have not moved"). A gun left with no points is out
 * of play. */
int sq_redeploy_ok(const vb_game *g, const sq_state *s, int u, int v, int n)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    if (u < 0 || v < 0 || u >= sc->nunits || v >= sc->nunits || u == v || s->phase != PH_DMOVE)
        return 0;
    int ty = sc->units[u].type;
    if (sc->units[u].side != SQ_DEFENDER || (ty != UT_HEAVY && ty != UT_MORTAR) ||
        sc->units[v].side != SQ_DEFENDER || sc->units[v].type != ty)
        return 0;
    if (!sq_alive(s, u) || !sq_alive(s, v) || (s->u[v].flags & UF_ORDERED))
        return 0;
    return n >= 1 && n <= s->u[u].str && s->u[v].str + n <= d->strength[ty];
}

/* ---- legal actions ------------------------------------------------------------*/

#define PUSH(act) VB_PUSH_W(acts, weights, k, cap, act)

int sq_legal_orders(const vb_game *g, const sq_state *s, int u, vb_action *acts, uint32_t *weights,
                    int cap)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    int k = 0, ty = sc->units[u].type;
    uint8_t mark[N_ALL];
    sq_sect tmp;
    sq_counts cnt;
    PUSH(SQ_ACT(AK_HOLD, u, 0, 0, 0));
    if (!sq_is_leader(ty) &&
        !(sc->units[u].side == SQ_DEFENDER && (ty == UT_HEAVY || ty == UT_MORTAR)))
        sq_count_all(g, s, &cnt);
    else
        memset(&cnt, 0, sizeof cnt); /* leaders ignore capacity; fixed guns do not move */
    if (sq_is_leader(ty)) {
        if (s->u[u].att >= 0)
            PUSH(SQ_ACT(AK_DETACH, u, 0, 0, 0));
        else
            for (int v = 0; v < sc->nunits; v++)
                if (can_attach(g, s, u, v))
                    PUSH(SQ_ACT(AK_ATTACH, u, 0, v, 0));
    }
    if (sc->units[u].side == SQ_BESIEGER)
        sq_reach(g, s, s->u[u].lkind, s->u[u].loc, mark);
    else
        memset(mark, 0, sizeof mark);
    if (sc->units[u].side == SQ_BESIEGER) {
        if (can_move_to(g, s, u, LK_CAMP, 0, mark, &cnt))
            PUSH(SQ_ACT(AK_MOVE, u, LK_CAMP, 0, 0));
        for (int i = 0; i < s->nsect; i++)
            if (can_move_to(g, s, u, LK_SECT, i, mark, &cnt))
                PUSH(SQ_ACT(AK_MOVE, u, LK_SECT, i, 0));
    } else if (can_move_to(g, s, u, LK_TOWN, 0, mark, &cnt))
        PUSH(SQ_ACT(AK_MOVE, u, LK_TOWN, 0, 0));
    for (int w = 0; w < sc->nworks; w++)
        if (can_move_to(g, s, u, LK_WORK, w, mark, &cnt))
            PUSH(SQ_ACT(AK_MOVE, u, LK_WORK, w, 0));
    if (sc->units[u].side == SQ_BESIEGER && ty == UT_FOOT) {
        sq_pt here;
        for (int w = 0; w < sc->nworks && sap_start(g, s, u, &here) >= 0; w++) {
            if (sc->works[w].kind != WK_BASTION && sc->works[w].kind != WK_RAVELIN)
                continue;
            int base = sap_angle_to(g, s, u, 0, w);
            for (int mode = 0; mode < 3; mode++) {
                int ang = mode == 0 ? base : mode == 1 ? base - d->sap_zig : base + d->sap_zig;
                ang = ((ang % 36000) + 36000) % 36000;
                if (sap_plan(g, s, u, ang, &tmp) >= 0)
                    PUSH(SQ_ACT(AK_SAPTO, u, mode, w, 0));
            }
        }
        if (trench_plan(g, s, u, &tmp) == 0)
            PUSH(SQ_ACT(AK_TRENCH, u, 0, 0, 0));
        for (int f = 0; f < 2; f++)
            if (battery_plan(g, s, u, f, &tmp) == 0)
                PUSH(SQ_ACT(AK_BATTERY, u, f, 0, 0));
        for (int i = 0; i < s->nsect; i++)
            if (join_plan(g, s, u, i, mark, &tmp) == 0)
                PUSH(SQ_ACT(AK_JOIN, u, 0, i, 0));
        for (int w = 0; w < sc->nworks; w++)
            if (sq_mine_ok(g, s, u, w))
                PUSH(SQ_ACT(AK_MINE, u, 0, w, 0));
    }
    if (sc->units[u].side == SQ_DEFENDER && ty == UT_FOOT && sq_counter_ok(g, s, u))
        PUSH(SQ_ACT(AK_COUNTER, u, 0, 0, 0));
    if (sc->units[u].side == SQ_DEFENDER && (ty == UT_HEAVY || ty == UT_MORTAR))
        for (int v = 0; v < sc->nunits; v++)
            for (int n = 1; n <= s->u[u].str; n++)
                if (sq_redeploy_ok(g, s, u, v, n))
                    PUSH(SQ_ACT(AK_REDEPLOY, u, n, v, 0));
    return k;
}

int sq_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *weights, int cap)
{
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    int k = 0;
    if (s->over)
        return 0;
    if (s->p.kind != PK_NONE) {
        for (int f = 1; f <= 6; f++)
            PUSH(SQ_ACT(AK_DIE, 0, f, 0, 0));
        return k;
    }
    switch (s->phase) {
    case PH_BMOVE:
    case PH_DMOVE:
        if (s->sel >= 0)
            return sq_legal_orders(g, s, s->sel, acts, weights, cap);
        for (int u = 0, side = sq_phase_side(s->phase); u < sc->nunits; u++) {
            const sq_unit *x = &s->u[u];
            if (x->lkind != LK_OFF && !x->wound && !(x->flags & UF_ORDERED) &&
                sc->units[u].side == side)
                PUSH(SQ_ACT(AK_ORDER, u, 0, 0, 0));
        }
        PUSH(SQ_ACT(AK_END, 0, 0, 0, 0));
        return k;
    default: {
        int n = sq_legal_combat(g, s, acts, weights, cap);
        return n;
    }
    }
}

/* ---- judging measured actions ------------------------------------------------ */

/* Where a point lies for unit u: the built section (besieger) or work
 * (defender) that holds it. Returns 0 and sets lkind/loc, or -1. */
static int point_place(const vb_game *g, const sq_state *s, int u, sq_pt p, int *lkind, int *loc)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    if (sc->units[u].side == SQ_BESIEGER) {
        for (int i = 0; i < s->nsect; i++) {
            const sq_sect *t = &s->s[i];
            sq_pt a = {t->ax, t->ay}, b = {t->bx, t->by};
            if (t->state == SS_BUILT && sq_within_seg(p, a, b, d->half_width)) {
                *lkind = LK_SECT;
                *loc = i;
                return 0;
            }
        }
        return -1;
    }
    for (int w = 0; w < sc->nworks; w++)
        if (sq_point_in_poly(p, sc->works[w].pts, sc->works[w].npts)) {
            *lkind = LK_WORK;
            *loc = w;
            return 0;
        }
    return -1;
}

/* Why unit u takes no order: a wounded leader is out of play, whatever the
 * step; otherwise the caller's reason. */
static const char *refusal(const sq_scen *sc, const sq_state *s, int u, const char *otherwise)
{
    if (u < sc->nunits && sq_alive(s, u) && s->u[u].wound)
        return "that leader is wounded and out of play (CinC/Engineers)";
    return otherwise;
}

int sq_judge(const vb_game *g, const void *st, vb_action a, vb_ctx *cx)
{
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    int kind = SQ_AK(a), u = SQ_AU(a);
    if ((kind >= AK_HOLD && kind <= AK_COUNTER && kind != AK_MOVEPT && kind != AK_SAPANG) ||
        kind == AK_REDEPLOY) {
        /* a named order given without choosing the unit first */
        vb_action acts[VB_MAX_ACTIONS];
        int n = -1;
        if (!s->over && s->p.kind == PK_NONE && u < sc->nunits && orderable(g, s, u) &&
            (s->sel < 0 || s->sel == u))
            n = sq_legal_orders(g, s, u, acts, NULL, VB_MAX_ACTIONS);
        for (int i = 0; i < n; i++)
            if (acts[i] == a)
                return 1;
        vb_fail(cx, VB_EILLEGAL, "%s",
                refusal(sc, s, u, "that order is not open to the unit now (Sequence of Play 1-2)"));
        return 0;
    }
    if (kind != AK_MOVEPT && kind != AK_SAPANG) {
        vb_fail(cx, VB_EILLEGAL, "not a legal action now");
        return 0;
    }
    if (s->over || s->p.kind != PK_NONE || (s->phase != PH_BMOVE && s->phase != PH_DMOVE)) {
        vb_fail(cx, VB_EILLEGAL, "moves and saps are ordered in steps 1 and 2 (Sequence of Play)");
        return 0;
    }
    if (u >= sc->nunits || !orderable(g, s, u) || (s->sel >= 0 && s->sel != u)) {
        vb_fail(cx, VB_EILLEGAL, "%s",
                refusal(sc, s, u, "that unit cannot take an order now (Sequence of Play 1-2)"));
        return 0;
    }
    if (kind == AK_MOVEPT) {
        sq_pt p = {SQ_AA(a), SQ_AB(a)};
        int lk, loc;
        uint8_t mark[N_ALL];
        if (point_place(g, s, u, p, &lk, &loc)) {
            vb_fail(cx, VB_EILLEGAL,
                    "the point is not inside a %s (Formations and deployment; Sequence of Play 1)",
                    sc->units[u].side == SQ_BESIEGER ? "built trench" : "work of the fortress");
            return 0;
        }
        if (sc->units[u].side == SQ_BESIEGER)
            sq_reach(g, s, s->u[u].lkind, s->u[u].loc, mark);
        else
            memset(mark, 0, sizeof mark);
        int same = s->u[u].lkind == lk && s->u[u].loc == loc;
        if (same ? (sq_is_leader(sc->units[u].type) && s->u[u].att >= 0) ||
                       (sc->units[u].side == SQ_DEFENDER && (sc->units[u].type == UT_HEAVY))
                 : !can_move_to(g, s, u, lk, loc, mark, NULL)) {
            vb_fail(cx, VB_EILLEGAL,
                    "cannot move there: outside the trench network, full (Fortress Capacity) "
                    "or a gun that may not move");
            return 0;
        }
        return 1;
    }
    sq_sect tmp;
    int ang = SQ_AA(a);
    if (ang >= 36000 || sc->units[u].side != SQ_BESIEGER || sap_plan(g, s, u, ang, &tmp) < 0) {
        vb_fail(cx, VB_EILLEGAL,
                "no sap: it takes a foot unit with an engineer attached, unshaken, in a trench, "
                "digging outside the counterscarp (Besieger)");
        return 0;
    }
    return 1;
}

/* ---- applying an order -----------------------------------------------------------*/

static void add_sect(const vb_game *g, sq_state *s, const sq_sect *t)
{
    int i = free_sect(g, s);
    if (i < 0)
        return;
    s->s[i] = *t;
    if (i == s->nsect)
        s->nsect++;
}

void sq_do_order(const vb_game *g, sq_state *s, vb_action a, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    int kind = SQ_AK(a), u = SQ_AU(a);
    const char *un = sc->units[u].name;
    char b1[32];
    sq_sect t;
    uint8_t mark[N_ALL];
    s->sel = -1;
    switch (kind) {
    case AK_HOLD:
        VB_LOG(cx, "[Sequence 1-2] %s holds", un);
        break;
    case AK_ATTACH:
        s->u[u].att = (int8_t)SQ_AB(a);
        s->u[u].x = s->u[SQ_AB(a)].x;
        s->u[u].y = s->u[SQ_AB(a)].y;
        VB_LOG(cx, "[CinC/Engineers] %s attached to %s", un, sc->units[SQ_AB(a)].name);
        break;
    case AK_DETACH:
        VB_LOG(cx, "[CinC/Engineers] %s detached from %s", un, sc->units[(int)s->u[u].att].name);
        s->u[u].att = -1;
        break;
    case AK_MOVE:
        sq_place(g, s, u, SQ_AA(a), SQ_AB(a), sq_loc_mid(g, s, SQ_AA(a), SQ_AB(a)));
        s->u[u].flags |= UF_MOVED;
        sq_loc_name(g, s, SQ_AA(a), SQ_AB(a), b1, sizeof b1);
        VB_LOG(cx, "[Sequence 1-2] %s moves to %s", un, b1);
        break;
    case AK_MOVEPT: {
        sq_pt p = {SQ_AA(a), SQ_AB(a)};
        int lk = 0, loc = 0;
        point_place(g, s, u, p, &lk, &loc);
        sq_place(g, s, u, lk, loc, p);
        s->u[u].flags |= UF_MOVED;
        sq_loc_name(g, s, lk, loc, b1, sizeof b1);
        VB_LOG(cx, "[Sequence 1-2] %s moves to %d.%02d %d.%02d in %s", un, p.x / 100, p.x % 100,
               p.y / 100, p.y % 100, b1);
        break;
    }
    case AK_SAPTO:
    case AK_SAPANG: {
        int ang = kind == AK_SAPANG ? SQ_AA(a) : sap_angle_to(g, s, u, SQ_AA(a), SQ_AB(a));
        sap_plan(g, s, u, ang, &t);
        add_sect(g, s, &t);
        s->u[u].flags |= UF_MOVED;
        VB_LOG(cx, "[Besieger] %s begins a sap at %d.%02d degrees, to %d.%02d %d.%02d", un,
               ang / 100, ang % 100, t.bx / 100, t.bx % 100, t.by / 100, t.by % 100);
        break;
    }
    case AK_TRENCH:
        trench_plan(g, s, u, &t);
        add_sect(g, s, &t);
        s->u[u].flags |= UF_MOVED;
        VB_LOG(cx, "[Besieger] %s begins a section of parallel %d on the sap head", un, t.par);
        break;
    case AK_BATTERY:
        battery_plan(g, s, u, SQ_AA(a), &t);
        add_sect(g, s, &t);
        s->u[u].flags |= UF_MOVED;
        VB_LOG(cx, "[Besieger] %s begins a battery %s its trench", un,
               SQ_AA(a) ? "in front of" : "behind");
        break;
    case AK_MINE:
    case AK_COUNTER: {
        /* the same gallery goes on; another one starts afresh */
        int aim = kind == AK_MINE ? SQ_AB(a) + 1 : s->u[u].loc + 1;
        if (s->u[u].aim != aim)
            s->u[u].aim = (int8_t)aim, s->u[u].dig = 0;
        s->u[u].flags |= UF_MOVED | UF_DIG;
        if (kind == AK_MINE)
            VB_LOG(cx, "[Besieger] %s drives a mine under %s (day %d of %d)", un,
                   sc->works[aim - 1].name, s->u[u].dig + 1, ((const sq_data *)g->data)->mine_days);
        else
            VB_LOG(cx, "[Sequence 2] %s digs a counter-sap from %s (day %d of %d)", un,
                   sc->works[aim - 1].name, s->u[u].dig + 1,
                   ((const sq_data *)g->data)->counter_days);
        break;
    }
    case AK_REDEPLOY: {
        int n = SQ_AA(a), v = SQ_AB(a);
        s->u[v].str = (int8_t)(s->u[v].str + n);
        s->u[u].str = (int8_t)(s->u[u].str - n);
        s->u[v].flags |= UF_MOVED | UF_ORDERED;
        s->u[u].flags |= UF_MOVED;
        VB_LOG(cx, "[Formations: Defender] %s redeploys %d strength point%s to %s (%d left, %s %d)",
               un, n, n == 1 ? "" : "s", sc->units[v].name, s->u[u].str, sc->units[v].name,
               s->u[v].str);
        if (s->u[u].str <= 0) {
            VB_LOG(cx, "[Formations: Defender] %s has no strength left: out of play", un);
            sq_remove(g, s, u);
            return;
        }
        break;
    }
    case AK_JOIN:
        sq_reach(g, s, s->u[u].lkind, s->u[u].loc, mark);
        join_plan(g, s, u, SQ_AB(a), mark, &t);
        add_sect(g, s, &t);
        s->u[u].flags |= UF_MOVED;
        sq_sect_name(s, SQ_AB(a), b1, sizeof b1);
        VB_LOG(cx, "[Besieger] %s digs a join to %s (trenches that do not meet exactly)", un, b1);
        break;
    }
    s->u[u].flags |= UF_ORDERED;
}
