/*
 * sq_mine.c - counter-saps and mines, a reconstructed reading (the club
 * text gives them no effect; docs/siege-18c.md, "Counter-saps and mines").
 *
 * Sequence of Play 2: "The defender moves any units within the covered way.
 * Any foot unit with an engineer attached will attempt to build extra
 * sections of saps/trenches." The defender's saps are read as counter-saps:
 * countermine galleries driven from a section of the covered way under the
 * glacis, toward the besieger's approaches (the defender may not leave the
 * covered way, so its galleries are where its saps can go).
 *
 *   - `countersap FOOT`: a defender foot with an engineer attached,
 *     unshaken, on a section of the covered way, with a besieger trench,
 *     sap, battery or join within the gallery's reach (game.json mines:
 *     counter_reach) of it. It is the unit's order of the day (it has moved:
 *     no fire, Sequence 3-6).
 *   - `mine FOOT under WORK`: the besieger's mine, the same art turned on
 *     the walls: a besieger foot with an engineer attached, unshaken, on the
 *     covered way (a taken section, or a trench on or beyond the glacis
 *     crest), under a ravelin, bastion or curtain neither taken nor
 *     breached within mine_reach of it, once a battery stands on or beyond
 *     the covered way ("Ravelins, bastions and curtain walls cannot be
 *     breached until a battery is built upon or beyond the covered way").
 *
 * A gallery takes counter_days or mine_days days of digging by the same
 * unit, one order a day from the same place (the same work mined);
 * Sequence 9 ("Trenches, saps and repairs are completed by unshaken units")
 * completes each day's digging of an unshaken unit with its engineer still
 * attached, still where it dug from. A day missed (another order, shaken,
 * driven off, the engineer lost) loses the gallery. On its last day a
 * counter-mine is sprung under the nearest besieger section within reach:
 * destroyed as by a successful sortie (its units go back, digging from it is
 * lost); a mine is sprung under its work: mine_damage strength points lost
 * (Comardo: "a mine destroys 4 in of wall"), breached at 0. Counter-mines
 * are sprung before mines: a counter-mine that blows the miner's trench
 * ends the mine.
 */
#include <stdint.h>
#include <string.h>

#include "sq_int.h"

/* Unit u stands on the covered way: a section of it, or a trench with its
 * position on or beyond the glacis crest. */
static int on_covered_way(const vb_game *g, const sq_state *s, int u)
{
    const sq_scen *sc = sq_sc(g, s);
    const sq_unit *x = &s->u[u];
    if (x->lkind == LK_WORK)
        return sc->works[x->loc].kind == WK_COVERED;
    if (x->lkind == LK_SECT)
        return x->y <= sq_line_y(sc->crest, sc->ncrest, x->x);
    return 0;
}

/* A foot unit of `side` that may dig a gallery today (orders aside). */
static int gallery_digger(const vb_game *g, const sq_state *s, int u, int side)
{
    const sq_scen *sc = sq_sc(g, s);
    return u >= 0 && u < sc->nunits && sc->units[u].side == side && sc->units[u].type == UT_FOOT &&
           sq_alive(s, u) && !(s->u[u].flags & UF_SHAKEN) && sq_has_leader(g, s, u, UT_ENGINEER) &&
           on_covered_way(g, s, u);
}

static int forward_battery(const vb_game *g, const sq_state *s)
{
    for (int i = 0; i < s->nsect; i++)
        if (sq_battery_forward(g, s, i))
            return 1;
    return 0;
}

int sq_mine_ok(const vb_game *g, const sq_state *s, int u, int w)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    if (!gallery_digger(g, s, u, SQ_BESIEGER) || w < 0 || w >= sc->nworks)
        return 0;
    const sq_work *k = &sc->works[w];
    if (k->kind == WK_COVERED || s->taken[w] || s->wstr[w] <= 0)
        return 0;
    sq_pt p = sq_unit_pos(g, s, u);
    return sq_dist_poly(p, k->pts, k->npts) <= d->mine_reach && forward_battery(g, s);
}

int sq_counter_target(const vb_game *g, const sq_state *s, int u)
{
    const sq_data *d = g->data;
    sq_pt p = sq_unit_pos(g, s, u);
    int best = -1;
    int32_t bd = INT32_MAX;
    for (int i = 0; i < s->nsect; i++) {
        const sq_sect *t = &s->s[i];
        if (t->state != SS_BUILT)
            continue;
        sq_pt a = {t->ax, t->ay}, b = {t->bx, t->by};
        int32_t dist = sq_dist_seg(p, a, b);
        if (dist <= d->counter_reach && dist < bd)
            bd = dist, best = i;
    }
    return best;
}

int sq_counter_ok(const vb_game *g, const sq_state *s, int u)
{
    return gallery_digger(g, s, u, SQ_DEFENDER) && s->u[u].lkind == LK_WORK &&
           !s->taken[s->u[u].loc] && sq_counter_target(g, s, u) >= 0;
}

/* The gallery of u is lost (or used): nothing dug any more. */
static void drop(sq_state *s, int u)
{
    s->u[u].aim = 0;
    s->u[u].dig = 0;
    s->u[u].flags &= (uint8_t)~UF_DIG;
}

void sq_galleries(const vb_game *g, sq_state *s, vb_ctx *cx)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    char b[32];
    /* the defender's counter-mines first, then the besieger's mines */
    for (int side = SQ_DEFENDER, pass = 0; pass < 2; pass++, side = SQ_BESIEGER)
        for (int u = 0; u < sc->nunits; u++) {
            sq_unit *x = &s->u[u];
            if (sc->units[u].side != side || !(x->flags & UF_DIG))
                continue;
            int w = x->aim - 1;
            int ok = side == SQ_DEFENDER ? gallery_digger(g, s, u, side) && x->lkind == LK_WORK &&
                                               x->loc == w && !s->taken[w]
                                         : sq_mine_ok(g, s, u, w);
            if (!ok) {
                VB_LOG(cx,
                       "[Sequence 9] %s's gallery is lost: the digger is shaken, gone, without "
                       "its engineer or its work",
                       sc->units[u].name);
                drop(s, u);
                continue;
            }
            int need = side == SQ_DEFENDER ? d->counter_days : d->mine_days;
            x->dig++;
            if (x->dig < need) {
                VB_LOG(cx, "[Sequence 9] %s digs its %s: %d of %d days", sc->units[u].name,
                       side == SQ_DEFENDER ? "counter-sap" : "mine", x->dig, need);
                continue;
            }
            drop(s, u);
            if (side == SQ_DEFENDER) {
                int t = sq_counter_target(g, s, u);
                if (t < 0) {
                    VB_LOG(cx, "[Sequence 2] %s springs its counter-mine under nothing",
                           sc->units[u].name);
                    continue;
                }
                sq_sect_name(s, t, b, sizeof b);
                VB_LOG(cx, "[Sequence 2] %s springs its counter-mine under %s", sc->units[u].name,
                       b);
                sq_destroy_sect(g, s, t, "Sequence 2", cx);
            } else {
                int before = s->wstr[w];
                int left = before - d->mine_damage < 0 ? 0 : before - d->mine_damage;
                s->wstr[w] = (int8_t)left;
                VB_LOG(cx,
                       "[Fire and assaults on Fortress Defences] %s springs its mine under %s: "
                       "strength %d -> %d%s",
                       sc->units[u].name, sc->works[w].name, before, left,
                       left == 0 ? ": breached" : "");
            }
        }
    for (int u = 0; u < sc->nunits; u++)
        if (!(s->u[u].flags & UF_DIG) && (s->u[u].aim || s->u[u].dig)) {
            VB_LOG(cx, "[Sequence 9] %s's gallery is abandoned: a day without digging",
                   sc->units[u].name);
            drop(s, u);
        }
}
