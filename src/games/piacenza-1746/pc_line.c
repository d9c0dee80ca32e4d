/*
 * pc_line.c - Piacenza 1746: the declared Line (5.5-5.8). Its hexes, the
 * declaration (first hex, then a hex direction or gaps and a last hex),
 * whether a first hex or a number of gaps leads to some Line (the listing of
 * line-from and line-gaps), the Line in a state file, and the hexes of the
 * Line a unit moving in line keeps to. Listing and effects: pc_rules.c.
 */
#include <stdlib.h>

#include "pc_int.h"

/* ---- 5.5 the Line ---------------------------------------------------------*/

/* The hexes of a Line from a to b in order: a, those the imaginary line
 * between their centres crosses (both hexes where it runs along their
 * hexside: "crossed or adjacent (that is, one hexside superimposed)"), b.
 * A Line along one of the six hex directions is the hexes of that column;
 * across the columns (east-west) the hexes zigzag in pairs. out holds
 * PC_LINE_MAX. */
int pc_line_cells(const pc_data *d, int a, int b, int *out)
{
    int n = 0;
    out[n++] = a;
    if (b < 0 || b == a || 2 * pc_dist(d, a, b) > PC_LINE_MAX)
        return n;
    n += pc_line_hexes(d, a, b, out + n);
    out[n++] = b;
    return n;
}

/* The last hex of a Line of len units from a along dir with no gap (the
 * declaration line-toward), short of the map's edge. */
int pc_line_toward(const pc_data *d, int a, int dir, int len)
{
    int h = a;
    for (int i = 1; i < len && pc_nb(d, h, dir) >= 0; i++)
        h = pc_nb(d, h, dir);
    return h;
}

/* 5.5: the good-order infantry of the formation moving, on the map. */
int pc_line_good_inf(const pc_data *d, const pc_state *s)
{
    int cnt = 0;
    for (int u = 0; u < d->nu; u++)
        cnt += s->uhex[u] >= 0 && d->u[u].form == s->form && d->u[u].type == UT_INF &&
               s->ustat[u] == ST_GOOD;
    return cnt;
}

/* What the declaration of the moving formation's Line reads of the
 * position, gathered once for every candidate of a listing: its good-order
 * infantry on the map (n; none without a formation of the map's) and, for
 * each hex, the units that bar it as a step of the Line (cell_free). */
typedef struct line_ctx {
    int n;
    uint8_t bar[PC_MAXHEX]; /* BAR_ENEMY, BAR_OTHER */
} line_ctx;
enum { BAR_ENEMY = 1, BAR_OTHER = 2 };

static void ctx_init(const pc_data *d, const pc_state *s, line_ctx *c)
{
    c->n = 0;
    if (s->form < 0 || s->form >= d->nf)
        return;
    int side = d->wg[d->f[s->form].wing].side;
    c->n = pc_line_good_inf(d, s);
    memset(c->bar, 0, (size_t)d->nhex);
    for (int v = 0; v < d->nu; v++) {
        int h = s->uhex[v];
        if (h < 0 || h >= d->nhex)
            continue;
        if (d->u[v].side != side)
            c->bar[h] |= BAR_ENEMY;
        else if (d->u[v].type == UT_ART || d->u[v].form != s->form)
            c->bar[h] |= BAR_OTHER;
    }
}

/* 5.5: may hex h be a step of the moving formation's Line: no enemy unit
 * (no unit of the Line stands there, nor is it "an intermediate hex");
 * and, for a Line with gaps (any of its steps may be left as the gap), no
 * unit of another formation ("nor by friendly units of other Formations
 * (except Commanders)"; the guns are none of the formation's). An enemy
 * ZOC does not matter ("but it can be occupied by enemy ZOCs"). */
static int cell_free(const line_ctx *c, int h, int gaps)
{
    return h >= 0 && !(c->bar[h] & (gaps > 0 ? BAR_ENEMY | BAR_OTHER : BAR_ENEMY));
}

/* Is end the last hex of a Line along a hex direction from a, len - 1 hexes
 * away (the declaration line-toward)? */
static int straight_of(const pc_data *d, int a, int end, int len)
{
    for (int k = 0; k < 6; k++) {
        int h = a, i = 1;
        for (; i < len && h >= 0; i++)
            h = pc_nb(d, h, k);
        if (i == len && h == end)
            return 1;
    }
    return 0;
}

/* 5.5: may the formation moving declare its Line from a to end
 * with that many gaps? Its n good-order infantry units stand one a step
 * but for the gaps: the last hex n - 1 + gaps hexes away (at most two
 * hexes between two units: gaps < n), on the map and passable; every step
 * (the hexes at one distance from the first, one or two) has a hex
 * cell_free. gaps < 0: the declaration line-toward, end the hex n - 1
 * along its direction (or short of the map's edge), as before the gaps.
 * Terrain (engine reading 13): a unit of the Line stands on a step, so a
 * step needs a free hex an infantry unit may enter (pc_passable: not the
 * Po, the Trebbia or off the playable area), but for the gaps: a step
 * with none (a Po hex between two units) can only be an intermediate hex,
 * which 5.5 bars for its occupants alone; so it is not the first step (nor
 * the last: a last hex with gaps is passable, line-toward has no gap), not
 * next to another such (at most one hex between two units), and there are
 * at most gaps of them. A stream or wall hexside
 * between two steps is no bar (5.5 names none; 5.7: a Line crosses a
 * stream, "the Line remains orderly"). */
static int decl_ok(const pc_data *d, const line_ctx *c, int a, int end, int gaps)
{
    int n = c->n;
    if (a < 0 || end < 0 || end >= d->nhex || n < 2)
        return 0;
    int dist = pc_dist(d, a, end), g = gaps < 0 ? 0 : gaps;
    if (gaps >= 0 && (gaps > n - 1 || dist != n - 1 + gaps || !pc_passable(d, end) ||
                      (gaps == 0 && straight_of(d, a, end, n))))
        return 0;
    int cells[PC_LINE_MAX], nc = pc_line_cells(d, a, end, cells);
    uint8_t ok[PC_LINE_MAX], stand[PC_LINE_MAX];
    memset(ok, 0, sizeof ok);
    memset(stand, 0, sizeof stand);
    for (int i = 0; i < nc; i++) {
        int k = pc_dist(d, a, cells[i]);
        if (k < PC_LINE_MAX && cell_free(c, cells[i], g)) {
            ok[k] = 1;
            stand[k] |= pc_passable(d, cells[i]);
        }
    }
    int holes = 0;
    for (int k = 0; k <= dist && k < PC_LINE_MAX; k++) {
        if (!ok[k])
            return 0;
        if (!stand[k] && (k == 0 || !stand[k - 1] || ++holes > g))
            return 0;
    }
    return 1;
}

/* The hex at axial q, r (pc_map.c), -1 off the map. */
static int hex_at(const pc_data *d, int q, int r)
{
    if (q < 0 || q >= d->w)
        return -1;
    int row = r + (q - (q & 1)) / 2;
    return row < 0 || row >= d->h ? -1 : q * d->h + row;
}

/* Some last hex for a Line from a with that many gaps (the choice is not a
 * dead end): the hexes n - 1 + gaps from a, walked round their ring (six
 * sides of that many hexes) rather than sought over the map. */
static int gaps_ok(const pc_data *d, const line_ctx *c, int a, int gaps)
{
    static const int RQ[6] = {1, 1, 0, -1, -1, 0}, RR[6] = {0, -1, -1, 0, 1, 1};
    int rad = c->n - 1 + gaps;
    if (c->n < 2 || gaps < 0 || gaps > c->n - 1 || a < 0 || a >= d->nhex)
        return 0;
    int q = d->aq[a] + RQ[4] * rad, r = d->ar[a] + RR[4] * rad;
    for (int side = 0; side < 6; side++)
        for (int i = 0; i < rad; i++, q += RQ[side], r += RR[side]) {
            int h = hex_at(d, q, r);
            if (h >= 0 && decl_ok(d, c, a, h, gaps))
                return 1;
        }
    return 0;
}

int pc_line_gaps_ok(const pc_data *d, const pc_state *s, int a, int gaps)
{
    line_ctx c;
    ctx_init(d, s, &c);
    return gaps_ok(d, &c, a, gaps);
}

/* Some Line from a (its first hex is not a dead end): along a hex
 * direction, else with some gaps. */
static int anchor_ok(const pc_data *d, const line_ctx *c, int a)
{
    for (int k = 0; k < 6; k++)
        if (decl_ok(d, c, a, pc_line_toward(d, a, k, c->n), -1))
            return 1;
    for (int g = 0; g < c->n; g++)
        if (gaps_ok(d, c, a, g))
            return 1;
    return 0;
}

/* 5.5: the actions of the Line's declaration: its first hex (PH_ANCHOR:
 * at or next to a good-order battalion of the formation, some Line from
 * it), then a hex direction with no gap or its gaps (PH_LDIR), then its
 * last hex among those n - 1 + gaps away. */
int pc_line_legal(const pc_data *d, const pc_state *s, vb_action *acts, int cap)
{
    line_ctx c;
    uint8_t seen[PC_MAXHEX];
    int n = 0, a = s->line_anchor;
    uint32_t *w = NULL; /* the caller weighs them */
    ctx_init(d, s, &c);
    if (s->phase == PH_ANCHOR) {
        memset(seen, 0, (size_t)d->nhex);
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
            if (seen[hx] && anchor_ok(d, &c, hx))
                VB_PUSH_W(acts, w, n, cap, PC_ACT(A_ANCHOR, hx, 0));
    } else if (s->line_gaps < 0) {
        for (int k = 0; k < 6; k++)
            if (decl_ok(d, &c, a, pc_line_toward(d, a, k, c.n), -1))
                VB_PUSH_W(acts, w, n, cap, PC_ACT(A_LDIR, k, 0));
        for (int gp = 0; gp < c.n; gp++)
            if (gaps_ok(d, &c, a, gp))
                VB_PUSH_W(acts, w, n, cap, PC_ACT(A_LGAPS, gp, 0));
    } else {
        for (int h = 0; h < d->nhex; h++)
            if (pc_dist(d, a, h) == c.n - 1 + s->line_gaps && decl_ok(d, &c, a, h, s->line_gaps))
                VB_PUSH_W(acts, w, n, cap, PC_ACT(A_LEND, h, 0));
    }
    return n;
}

/* 5.5: a first hex line-from lists: at or next to one of the formation's
 * good-order infantry, with some Line from it. */
static int first_ok(const pc_data *d, const pc_state *s, const line_ctx *c, int a)
{
    int near = 0;
    for (int u = 0; u < d->nu && !near; u++)
        near = s->uhex[u] >= 0 && d->u[u].form == s->form && d->u[u].type == UT_INF &&
               s->ustat[u] == ST_GOOD &&
               (s->uhex[u] == a || (pc_dist(d, s->uhex[u], a) == 1 && pc_passable(d, a)));
    return near && anchor_ok(d, c, a);
}

/* The Line was declared and no unit of the formation has moved since (a
 * Line is declared before any of them moves, 5.5): the position is the
 * declaration's, the formation's infantry where it stood. */
static int just_declared(const pc_data *d, const pc_state *s)
{
    if (s->phase != PH_MOVE && s->phase != PH_LSTEP)
        return 0;
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && d->u[u].form == s->form && (s->uflag[u] & UF_MOVED))
            return 0;
    return 1;
}

/* A Line in a state file: line_end and line_gaps are optional (a file of
 * engine reading 11 or before: the Line along line_dir, no gap); then
 * checked against what the declaration allows (5.5): a first hex line-from
 * lists while it is chosen, gaps line-gaps lists; once declared, gaps
 * 0 to line_len - 1 and the last hex line_len - 1 + line_gaps hexes from
 * the first (nearer only for line-toward cut by the map's edge); and while
 * no unit of the formation has moved, the whole declaration as it was
 * listed, for line_len good-order battalions. */
int pc_line_file(const pc_data *d, pc_state *s, int has_end, int has_gaps, vb_ctx *cx)
{
    if (!has_gaps)
        s->line_gaps = s->line_anchor >= 0 && s->phase == PH_LDIR ? -1 : 0;
    if (!has_end)
        s->line_end = s->line_anchor >= 0 && s->phase != PH_LDIR && s->line_anchor < d->nhex
                          ? pc_line_toward(d, s->line_anchor, s->line_dir, s->line_len)
                          : -1;
    if (s->line_anchor < 0 || s->line_anchor >= d->nhex || s->form < 0 || s->form >= d->nf)
        return 0; /* pc_check judges the first hex and the formation */
    line_ctx c;
    ctx_init(d, s, &c);
    int n = c.n, a = s->line_anchor, e = s->line_end, g = s->line_gaps;
    if (s->phase == PH_LDIR) {
        if (e != -1)
            return vb_fail(cx, VB_EINPUT,
                           "state: line_end: the Line's last hex is chosen last (5.5)");
        if (!first_ok(d, s, &c, a))
            return vb_fail(cx, VB_EINPUT,
                           "state: line_anchor: not a first hex line-from offers (5.5: at or "
                           "next to the formation's good-order infantry, some Line from it)");
        if (g > n - 1 || (g >= 0 && !gaps_ok(d, &c, a, g)))
            return vb_fail(cx, VB_EINPUT,
                           "state: line_gaps: not a number of gaps line-gaps offers (5.5: fewer "
                           "than the formation's good-order infantry, some last hex for them)");
        return 0;
    }
    if (g < 0 || g > s->line_len - 1)
        return vb_fail(cx, VB_EINPUT, "state: line_gaps: 0 to line_len - 1 (5.5)");
    int toward = g == 0 && e == pc_line_toward(d, a, s->line_dir, s->line_len);
    if (!pc_passable(d, e) || (!toward && pc_dist(d, a, e) != s->line_len - 1 + g))
        return vb_fail(cx, VB_EINPUT,
                       "state: line_end: the Line's last hex is line_len - 1 + line_gaps hexes "
                       "from its first, on passable ground (nearer only where the map's edge "
                       "cuts a line-toward) (5.5)");
    if (just_declared(d, s)) {
        if (s->line_len != n)
            return vb_fail(cx, VB_EINPUT,
                           "state: line_len: a Line just declared is of every good-order "
                           "battalion of the formation (5.5)");
        if (!first_ok(d, s, &c, a) || !decl_ok(d, &c, a, e, toward ? -1 : g))
            return vb_fail(cx, VB_EINPUT,
                           "state: line_anchor: no declaration of the formation's infantry "
                           "gives this Line (5.5: its first hex at or next to a good-order "
                           "battalion, each step free)");
    }
    return 0;
}

/* Is hex one of the Line's hexes? */
int pc_line_on(const pc_data *d, const pc_state *s, int hex)
{
    if (s->line_anchor < 0 || s->line_end < 0)
        return 0;
    int cells[PC_LINE_MAX], nc = pc_line_cells(d, s->line_anchor, s->line_end, cells);
    for (int k = 0; k < nc; k++)
        if (cells[k] == hex)
            return 1;
    return 0;
}

/* Distance from hex to the nearest hex of the Line not held by other
 * infantry of the formation and that a unit may enter (5.8's "closest
 * position"; a gap in the Po is none); 99 without a declared line. */
int pc_line_gap(const pc_data *d, const pc_state *s, int u, int hex)
{
    int best = 99;
    if (s->line_anchor < 0 || s->line_end < 0)
        return best;
    int cells[PC_LINE_MAX], nc = pc_line_cells(d, s->line_anchor, s->line_end, cells);
    for (int k = 0; k < nc; k++) {
        int p = cells[k];
        if (!pc_passable(d, p))
            continue; /* a gap in the Po: no position (5.5) */
        int held = 0;
        for (int v = 0; v < d->nu; v++)
            if (v != u && s->uhex[v] == p && d->u[v].type == UT_INF)
                held = 1;
        if (!held && pc_dist(d, hex, p) < best)
            best = pc_dist(d, hex, p);
    }
    return best;
}
