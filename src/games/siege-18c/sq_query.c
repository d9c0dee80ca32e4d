/*
 * sq_query.c - questions about a position that the rules, the text and the
 * board all ask: where a unit stands, what it can reach, ranges, arcs,
 * cover and enfilade (Line of Sight/Line of Fire/Cover), the modifiers of
 * a sortie or an assault (Sortie/Assault), and the state of the parallels.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sq_int.h"

sq_pt sq_sect_mid(const sq_sect *t)
{
    sq_pt p = {(t->ax + t->bx) / 2, (t->ay + t->by) / 2};
    return p;
}

sq_pt sq_unit_pos(const vb_game *g, const sq_state *s, int u)
{
    (void)g;
    sq_pt p = {s->u[u].x, s->u[u].y};
    return p;
}

void sq_sect_name(const sq_state *s, int i, char *buf, size_t n)
{
    const sq_sect *t = &s->s[i];
    if (t->kind == SK_PARALLEL)
        snprintf(buf, n, "P%d-%d", t->par, i + 1);
    else if (t->kind == SK_SAP)
        snprintf(buf, n, "Sap-%d", i + 1);
    else if (t->kind == SK_BATTERY)
        snprintf(buf, n, "Battery-%d", i + 1);
    else
        snprintf(buf, n, "Join-%d", i + 1);
}

/* A section's name ends in its slot number: "P2-7", "Sap-12". */
int sq_find_sect(const sq_state *s, const char *name)
{
    char b[32];
    const char *dash = NULL; /* the last '-', ' ' or '_' (names compare with them equal) */
    for (const char *p = name; *p; p++)
        if (*p == '-' || *p == ' ' || *p == '_')
            dash = p;
    if (!dash || !dash[1] || strlen(dash + 1) > 3)
        return -1;
    int i = 0;
    for (const char *p = dash + 1; *p; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        i = i * 10 + (*p - '0');
    }
    i--;
    if (i < 0 || i >= s->nsect || s->s[i].state == SS_NONE)
        return -1;
    sq_sect_name(s, i, b, sizeof b);
    return vb_name_eq(b, name) ? i : -1;
}

void sq_loc_name(const vb_game *g, const sq_state *s, int lkind, int loc, char *buf, size_t n)
{
    switch (lkind) {
    case LK_CAMP:
        snprintf(buf, n, "Camp");
        break;
    case LK_TOWN:
        snprintf(buf, n, "Town");
        break;
    case LK_WORK:
        snprintf(buf, n, "%s", sq_sc(g, s)->works[loc].name);
        break;
    case LK_SECT:
        sq_sect_name(s, loc, buf, n);
        break;
    default:
        snprintf(buf, n, "off");
    }
}

/* The firer's middle: the middle of its bastion, ravelin or battery, or
 * the unit itself ("Range is measured from the middle of the bastion,
 * ravelin, battery or foot unit"). */
static sq_pt fire_origin(const vb_game *g, const sq_state *s, int u)
{
    const sq_unit *x = &s->u[u];
    if (sq_unit_type(g, s, u) != UT_FOOT) {
        if (x->lkind == LK_WORK)
            return sq_sc(g, s)->works[x->loc].mid;
        if (x->lkind == LK_SECT)
            return sq_sect_mid(&s->s[x->loc]);
    }
    return sq_unit_pos(g, s, u);
}

/* Height of a work for line of sight (reconstructed: the text says only
 * "within direct line of sight"; in Vauban's trace the ravelin is lower
 * than the bastions and curtain, which fire over it, and the covered way,
 * glacis and trenches lie lower still): 2 bastion or curtain, 1 ravelin,
 * 0 covered way. */
static int work_height(int kind)
{
    return kind == WK_BASTION || kind == WK_CURTAIN ? 2 : kind == WK_RAVELIN ? 1 : 0;
}

int sq_line_of_sight(const vb_game *g, const sq_state *s, int u, sq_pt q, int skip)
{
    const sq_scen *sc = sq_sc(g, s);
    const sq_unit *x = &s->u[u];
    int own = x->lkind == LK_WORK ? x->loc : -1;
    int h = own >= 0 ? work_height(sc->works[own].kind) : 0;
    sq_pt o = fire_origin(g, s, u);
    for (int w = 0; w < sc->nworks; w++) {
        const sq_work *k = &sc->works[w];
        if (w == own || w == skip || k->kind == WK_COVERED || work_height(k->kind) < h)
            continue;
        if (sq_seg_enters_poly(o, q, k->pts, k->npts))
            return 0;
    }
    return 1;
}

/* Distance from p to the nearest point of what unit t occupies. */
int32_t sq_dist_to_unit(const vb_game *g, const sq_state *s, sq_pt p, int t)
{
    const sq_unit *x = &s->u[t];
    if (x->lkind == LK_WORK) {
        const sq_work *w = &sq_sc(g, s)->works[x->loc];
        return sq_dist_poly(p, w->pts, w->npts);
    }
    if (x->lkind == LK_SECT) {
        const sq_sect *k = &s->s[x->loc];
        sq_pt a = {k->ax, k->ay}, b = {k->bx, k->by};
        return sq_dist_seg(p, a, b);
    }
    return INT32_MAX; /* camp and town: out of sight */
}

int32_t sq_range_unit(const vb_game *g, const sq_state *s, int u, int t)
{
    return sq_dist_to_unit(g, s, fire_origin(g, s, u), t);
}

int32_t sq_range_work(const vb_game *g, const sq_state *s, int u, int w)
{
    const sq_work *k = &sq_sc(g, s)->works[w];
    return sq_dist_poly(fire_origin(g, s, u), k->pts, k->npts);
}

int sq_facings(const vb_game *g, const sq_state *s, int u, int32_t *f)
{
    const sq_unit *x = &s->u[u];
    if (x->lkind == LK_WORK) {
        /* "Artillery in bastions or ravelins can fire from either face." */
        const sq_work *w = &sq_sc(g, s)->works[x->loc];
        for (int i = 0; i < w->nfaces; i++)
            f[i] = w->faces[i];
        return w->nfaces;
    }
    if (x->lkind == LK_SECT) {
        f[0] = s->s[x->loc].facing;
        return 1;
    }
    return 0;
}

/* 1 when a built section stands on or beyond the covered way: some of it
 * (an end or its middle) lies on the fortress side of the crest. */
static int sect_forward(const vb_game *g, const sq_state *s, int sect)
{
    const sq_scen *sc = sq_sc(g, s);
    const sq_sect *t = &s->s[sect];
    if (t->state != SS_BUILT)
        return 0;
    sq_pt m = sq_sect_mid(t), a = {t->ax, t->ay}, b = {t->bx, t->by};
    return m.y <= sq_line_y(sc->crest, sc->ncrest, m.x) ||
           a.y <= sq_line_y(sc->crest, sc->ncrest, a.x) ||
           b.y <= sq_line_y(sc->crest, sc->ncrest, b.x);
}

/* 1 when a battery stands on or beyond the covered way ("until a battery
 * is built upon or beyond the covered way"). */
int sq_battery_forward(const vb_game *g, const sq_state *s, int sect)
{
    return s->s[sect].kind == SK_BATTERY && sect_forward(g, s, sect);
}

/* The side of the trench or covered way that unit t occupies, if any. */
static int target_side(const vb_game *g, const sq_state *s, int t, sq_pt *a, sq_pt *b)
{
    const sq_unit *x = &s->u[t];
    if (x->lkind == LK_SECT) {
        const sq_sect *k = &s->s[x->loc];
        a->x = k->ax, a->y = k->ay, b->x = k->bx, b->y = k->by;
        return 1;
    }
    if (x->lkind == LK_WORK) {
        const sq_work *w = &sq_sc(g, s)->works[x->loc];
        if (w->kind == WK_COVERED) {
            *a = w->side[0];
            *b = w->side[1];
            return 1;
        }
    }
    return 0;
}

int sq_unit_enfiladed(const vb_game *g, const sq_state *s, int u, int t)
{
    const sq_data *d = g->data;
    sq_pt a, b;
    if (!target_side(g, s, t, &a, &b))
        return 0;
    return sq_enfiladed(fire_origin(g, s, u), sq_unit_pos(g, s, t), a, b, d->enfilade);
}

static int base_column(const sq_data *d, int type, int32_t range)
{
    for (int i = 0; i < d->weapon_nb[type]; i++)
        if (range <= d->weapon_band[type][i][0])
            return d->weapon_band[type][i][1];
    return 0;
}

/* 1 when firer u stands on the covered way: a trench on or beyond it (a
 * battery's heavy guns or mortars, or a medium gun in a parallel section
 * dug there: "Artillery firing from the covered way", sixteenth session),
 * or a taken section of it. */
static int on_covered_way(const vb_game *g, const sq_state *s, int u)
{
    const sq_unit *x = &s->u[u];
    if (x->lkind == LK_SECT)
        return sect_forward(g, s, x->loc);
    if (x->lkind == LK_WORK)
        return sq_sc(g, s)->works[x->loc].kind == WK_COVERED;
    return 0;
}

int sq_fire_column(const vb_game *g, const sq_state *s, int u, int t, int *col, char *why, size_t n)
{
    const sq_data *d = g->data;
    int ty = sq_unit_type(g, s, u);
    /* the weapon: foot fire muskets in steps 5-6 and their battalion guns
     * in steps 3-4 ("Foot with battalion guns can fire speculatively as
     * light guns"), as artillery (arc, line of sight, a morale test) */
    int wt = ty == UT_FOOT && (s->phase == PH_BART || s->phase == PH_DART) ? SQ_LIGHT : ty;
    if (d->weapon_nb[wt] == 0)
        return -1;
    /* quick rejection: a target's place reaches at most 10 in from its
     * position (sections 6.40 in, works about 6 in) */
    sq_pt o = fire_origin(g, s, u), q = sq_unit_pos(g, s, t);
    int64_t far = d->weapon_band[wt][d->weapon_nb[wt] - 1][0] + 1000;
    int64_t dx = q.x - o.x, dy = q.y - o.y;
    if (dx * dx + dy * dy > far * far)
        return -1;
    int32_t rg = sq_range_unit(g, s, u, t);
    int c = rg == INT32_MAX ? 0 : base_column(d, wt, rg);
    size_t k = 0;
    if (c == 0)
        return -1;
    if (wt != UT_FOOT) {
        int32_t f[2];
        int nf = sq_facings(g, s, u, f), ok = 0;
        for (int i = 0; i < nf; i++)
            ok |= sq_in_arc(fire_origin(g, s, u), f[i], sq_unit_pos(g, s, t), d->arc_half);
        if (!ok)
            return -1;
    }
    /* "within direct line of sight": no work higher than the firer's, or
     * as high, in the way (mortars fire over works: reconstructed) */
    if (ty != UT_MORTAR && !sq_line_of_sight(g, s, u, sq_unit_pos(g, s, t),
                                             s->u[t].lkind == LK_WORK ? s->u[t].loc : -1))
        return -1;
    if (why)
        k += (size_t)snprintf(why + k, n - k, "range %d.%02d in, column %d", rg / 100, rg % 100, c);
    const sq_unit *x = &s->u[t];
    int wk = x->lkind == LK_WORK ? sq_sc(g, s)->works[x->loc].kind : -1;
    if (ty == UT_MORTAR) {
        /* "There is no cover defence against mortars." */
        if (why && k < n)
            k += (size_t)snprintf(why + k, n - k, ", no cover against mortars");
    } else if (x->lkind == LK_SECT || wk == WK_COVERED) {
        if (sq_unit_enfiladed(g, s, u, t)) {
            c += d->shift_enfilade;
            if (why && k < n)
                k += (size_t)snprintf(why + k, n - k, ", enfiladed %+d", d->shift_enfilade);
        } else {
            c += d->cover_trench;
            if (why && k < n)
                k += (size_t)snprintf(why + k, n - k, ", cover %+d", d->cover_trench);
        }
    } else if (wk >= 0) {
        c += d->cover_work;
        if (why && k < n)
            k += (size_t)snprintf(why + k, n - k, ", cover %+d", d->cover_work);
    }
    if (ty != UT_FOOT && on_covered_way(g, s, u)) {
        /* "Artillery firing from the covered way will fire at full effect
         * with 2x shifts to the right." */
        c += d->shift_cw_battery;
        if (why && k < n)
            k +=
                (size_t)snprintf(why + k, n - k, ", from the covered way %+d", d->shift_cw_battery);
    }
    if (c < 1)
        c = 1;
    if (c > 8)
        c = 8;
    if (why && k < n)
        snprintf(why + k, n - k, ": column %d", c);
    *col = c;
    return 0;
}

/* Friendly CinC (of side) within the adjacent distance of p, not attached
 * to unit `except`. */
static int cinc_near(const vb_game *g, const sq_state *s, int side, sq_pt p, int except)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    for (int i = 0; i < sc->nunits; i++) {
        if (sc->units[i].type != UT_CINC || sc->units[i].side != side || !sq_alive(s, i) ||
            s->u[i].wound || (except >= 0 && s->u[i].att == except))
            continue;
        if (s->u[i].lkind != LK_SECT && s->u[i].lkind != LK_WORK)
            continue;
        sq_pt q = sq_unit_pos(g, s, i);
        int64_t dx = q.x - p.x, dy = q.y - p.y;
        if (dx * dx + dy * dy <= (int64_t)d->at_adj_dist * d->at_adj_dist)
            return 1;
    }
    return 0;
}

int sq_has_leader(const vb_game *g, const sq_state *s, int u, int type)
{
    const sq_scen *sc = sq_sc(g, s);
    for (int i = 0; i < sc->nunits; i++)
        if (sc->units[i].type == type && s->u[i].att == u && sq_alive(s, i) && !s->u[i].wound)
            return 1;
    return 0;
}

int sq_cinc_adjacent(const vb_game *g, const sq_state *s, int u)
{
    return cinc_near(g, s, sq_unit_side(g, s, u), sq_unit_pos(g, s, u), u);
}

/* Sortie/Assault: the amended number the die must beat. t is the target
 * unit (or -1 for an undefended work w). */
int sq_attack_need(const vb_game *g, const sq_state *s, int u, int t, int w, int night, char *why,
                   size_t n)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    int need = d->at_base;
    size_t k = 0;
    sq_pt p = sq_unit_pos(g, s, u);
    int32_t dist;
    if (t >= 0)
        dist = sq_dist_to_unit(g, s, p, t);
    else
        dist = sq_dist_poly(p, sc->works[w].pts, sc->works[w].npts);
#define MOD(v, text)                                                                               \
    do {                                                                                           \
        need += (v);                                                                               \
        if (why && k < n)                                                                          \
            k += (size_t)snprintf(why + k, n - k, " %+d %s", (v), (text));                         \
    } while (0)
    if (why)
        k += (size_t)snprintf(why + k, n - k, "base %d", d->at_base);
    if (sq_has_leader(g, s, u, UT_CINC))
        MOD(d->at_cinc_att, "CinC attached");
    else if (sq_cinc_adjacent(g, s, u))
        MOD(d->at_cinc_adj, "CinC adjacent");
    if (!night)
        MOD(d->at_day, "daylight");
    int steps = dist / d->at_per_move;
    if (steps > 0) {
        char b[48];
        snprintf(b, sizeof b, "moving %d.%02d in", dist / 100, dist % 100);
        MOD(steps * d->at_per_move_mod, b);
    }
    if (t >= 0) {
        int lk = s->u[t].lkind;
        if (lk == LK_SECT || lk == LK_WORK)
            MOD(d->at_entrenched, "target entrenched");
        /* "+1 for each friend on the target's flanks" */
        int side = sq_unit_side(g, s, t), fr = 0;
        sq_pt q = sq_unit_pos(g, s, t);
        for (int i = 0; i < sc->nunits; i++) {
            int ty = sc->units[i].type;
            if (i == t || sc->units[i].side != side || !sq_alive(s, i) || ty == UT_CINC ||
                ty == UT_ENGINEER)
                continue;
            if (s->u[i].lkind != LK_SECT && s->u[i].lkind != LK_WORK)
                continue;
            sq_pt r = sq_unit_pos(g, s, i);
            int64_t dx = r.x - q.x, dy = r.y - q.y;
            if (dx * dx + dy * dy <= (int64_t)d->at_flank_dist * d->at_flank_dist)
                fr++;
        }
        if (fr)
            MOD(fr * d->at_flank, fr == 1 ? "friend on the flanks" : "friends on the flanks");
        if (s->u[t].flags & UF_SHAKEN)
            MOD(d->at_shaken, "target shaken");
        if (s->attacks[t])
            MOD(s->attacks[t] * d->at_subsequent, "subsequent attack");
    } else if (s->wattacks[w])
        MOD(s->wattacks[w] * d->at_subsequent, "subsequent attack");
#undef MOD
    if (why && k < n)
        snprintf(why + k, n - k, " = %d", need);
    return need;
}

/* A parallel is complete when its built sections span the front attacked:
 * their total length reaches the width between the outer bastions'
 * salients (reconstructed reading of "complete"). */
int sq_parallel_complete(const vb_game *g, const sq_state *s, int k)
{
    const sq_scen *sc = sq_sc(g, s);
    int64_t len = 0;
    for (int i = 0; i < s->nsect; i++) {
        const sq_sect *t = &s->s[i];
        if (t->state == SS_BUILT && t->kind == SK_PARALLEL && t->par == k)
            len += t->bx > t->ax ? t->bx - t->ax : t->ax - t->bx;
    }
    int32_t lo = INT32_MAX, hi = 0;
    for (int w = 0; w < sc->nworks; w++)
        if (sc->works[w].kind == WK_BASTION) {
            lo = sc->works[w].mid.x < lo ? sc->works[w].mid.x : lo;
            hi = sc->works[w].mid.x > hi ? sc->works[w].mid.x : hi;
        }
    return hi > lo && len >= (int64_t)(hi - lo);
}
