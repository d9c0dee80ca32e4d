/*
 * sq_eval.c - the heuristic value of a siege position for the AI (the def's
 * eval hook, in [-1, 1] for the besieger; the defender's is its negation).
 *
 * It follows the besieger's work as Vauban ordered it, so that a search of
 * a few plies (greedy: one decision; mcts:100) sees each day's progress:
 *   - approach: the two most advanced sap or parallel ends (a section being
 *     dug by an unshaken builder counts, at most a day's length ahead, not
 *     a sap along one already dug), as the fraction of the way from the
 *     first parallel to the glacis crest;
 *   - a parallel on the covered way (the third parallel, where batteries go);
 *   - batteries on or beyond the covered way (sq_battery_forward, or the
 *     same geometry for one being dug) and heavy guns standing in them;
 *   - batteries within a mortar's range of a bastion, with guns or mortars
 *     in them, and the place's guns knocked out (Vauban's first batteries);
 *   - no sap leg enfiladed by a gun of the place in range (the zig-zag);
 *   - breach damage: the most damaged bastion (the capitulation) and the
 *     other works; covered-way sections taken;
 *   - the preparations: engineers attached to foot, foot with engineers in
 *     the trenches, heavy guns out of the camp;
 *   - in the besieger's movement step, the foot with engineers that can
 *     still be ordered to dig (so that ending the step early costs);
 *   - a CinC attached to a digging team, wherever it stands (the camp
 *     included: the search attaches it there on day 1, when it cannot see
 *     the team under fire days later), more in the trenches;
 *   - foot lost on each side, and the clock (the defender wins on day 21);
 *   - the place's heavy guns that redeployed strength points today, until
 *     the defender's artillery step is over (they do not fire).
 * The weights are reconstructed (an AI heuristic, not a rule): chosen so
 * that each day's sap gains more than ordering nothing, and a breach point
 * more than a day's sap.
 *
 * sq_eval_terms computes the terms (enum sq_term, sq_int.h), candidates
 * included; sq_eval_with weighs them (sq_eval_shipped: the weights above,
 * 0 for the candidates, the same value as the hand-written sum before the
 * thirty-second session). bench/fit_siege.c writes the terms of positions
 * of played games for bench/fit_eval.py, and plays games with other
 * weights (docs/siege-18c.md, "Evaluation fitted to outcomes").
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sq_int.h"

/* Targets of the approach: the middles of the covered-way sections in
 * front of a bastion's faces (a battery dug behind a parallel there lies
 * partly beyond the crest and has the bastion in range and arc; at a
 * salient's point it would not). Returns their number. */
static int targets(const sq_scen *sc, sq_pt *t)
{
    int n = 0;
    for (int w = 0; w < sc->nworks && n < SQ_MAX_WORKS; w++) {
        const sq_work *k = &sc->works[w];
        if (k->kind != WK_COVERED)
            continue;
        int64_t best = INT64_MAX;
        int kind = -1;
        for (int v = 0; v < sc->nworks; v++) {
            const sq_work *o = &sc->works[v];
            if (o->kind != WK_BASTION && o->kind != WK_RAVELIN)
                continue;
            int64_t dx = o->mid.x - k->mid.x, dy = o->mid.y - k->mid.y;
            if (dx * dx + dy * dy < best)
                best = dx * dx + dy * dy, kind = o->kind;
        }
        if (kind == WK_BASTION)
            t[n++] = k->mid;
    }
    return n;
}

/* Fraction of the way from the first parallel (0) to the nearest target
 * (1). */
static double approach(const sq_pt *tg, int nt, int32_t x, int32_t y, int32_t span)
{
    int64_t best = INT64_MAX;
    for (int i = 0; i < nt; i++) {
        int64_t dx = tg[i].x - x, dy = tg[i].y - y;
        if (dx * dx + dy * dy < best)
            best = dx * dx + dy * dy;
    }
    double f = nt ? 1.0 - (double)sq_isqrt(best) / span : 0;
    return f < 0 ? 0 : f > 1 ? 1 : f;
}

/* Some part of battery t lies on the fortress side of the crest (the
 * geometry of sq_battery_forward, for a battery being dug too). */
static int beyond_crest(const sq_scen *sc, const sq_sect *t)
{
    sq_pt m = sq_sect_mid(t);
    return m.y <= sq_line_y(sc->crest, sc->ncrest, m.x) ||
           t->ay <= sq_line_y(sc->crest, sc->ncrest, t->ax) ||
           t->by <= sq_line_y(sc->crest, sc->ncrest, t->bx);
}

/* A planned section that step 9 will complete if nothing happens. */
static int will_build(const vb_game *g, const sq_state *s, const sq_sect *t)
{
    int u = t->builder;
    return t->state == SS_PLANNED && u >= 0 && sq_alive(s, u) && !(s->u[u].flags & UF_SHAKEN) &&
           sq_has_leader(g, s, u, UT_ENGINEER);
}

/* Section i (a sap being dug) runs exactly along another section, from the
 * same start to the same end: a team standing where an earlier sap began
 * and ordered the same way digs nothing new. */
static int dup_sap(const sq_state *s, int i)
{
    const sq_sect *t = &s->s[i];
    for (int j = 0; j < s->nsect; j++) {
        const sq_sect *o = &s->s[j];
        if (j != i && o->state != SS_NONE && o->ax == t->ax && o->ay == t->ay && o->bx == t->bx &&
            o->by == t->by)
            return 1;
    }
    return 0;
}

void sq_eval_terms(const vb_game *g, const sq_state *s, double *out)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    sq_pt tg[SQ_MAX_WORKS];
    int nt = targets(sc, tg);
    /* the first parallel's distance from the targets: the approach's scale */
    int32_t span = 1;
    for (int i = 0; i < sc->npar1; i++) {
        sq_pt m = {(sc->par1[i][0].x + sc->par1[i][1].x) / 2,
                   (sc->par1[i][0].y + sc->par1[i][1].y) / 2};
        int32_t dy = m.y - sq_line_y(sc->crest, sc->ncrest, m.x);
        if (dy > span)
            span = dy;
    }
    /* each sapper's front: the end of what it is digging, else where it stands */
    double front[SQ_MAX_UNITS];
    int nfront = 0;
    for (int u = 0; u < sc->nunits; u++)
        front[u] = -1;
    int fpar = 0, fbat = 0, gunsin = 0, rbat = 0, rpar = 0, inrange = 0, expo = 0;
    uint8_t fwd[SQ_MAX_SECT] = {0}, inr[SQ_MAX_SECT] = {0};
    /* a battery within a mortar's range of a bastion can fight the place's guns
     */
    int32_t reach = d->weapon_band[UT_MORTAR][d->weapon_nb[UT_MORTAR] - 1][0];
    for (int i = 0; i < s->nsect; i++) {
        const sq_sect *t = &s->s[i];
        if (t->state == SS_NONE || (t->state == SS_PLANNED && !will_build(g, s, t)))
            continue;
        if (t->kind == SK_BATTERY) {
            sq_pt m = sq_sect_mid(t);
            int near = 0;
            for (int w = 0; w < sc->nworks && !near; w++)
                near = sc->works[w].kind == WK_BASTION &&
                       sq_dist_poly(m, sc->works[w].pts, sc->works[w].npts) <= reach;
            if (near) {
                rbat++;
                inr[i] = t->state == SS_BUILT;
            }
            if (beyond_crest(sc, t)) {
                fbat++;
                fwd[i] = t->state == SS_BUILT;
            }
            continue;
        }
        if (t->kind == SK_SAP && t->state == SS_PLANNED) {
            /* a sap leg that a gun of the place enfilades (the zig-zag avoids it) */
            sq_pt a = {t->ax, t->ay}, b = {t->bx, t->by};
            for (int u = 0; u < sc->nunits; u++) {
                int ty = sc->units[u].type;
                if (sc->units[u].side != SQ_DEFENDER || !sq_alive(s, u) ||
                    (ty != UT_HEAVY && ty != UT_MEDIUM) || s->u[u].lkind != LK_WORK)
                    continue;
                sq_pt o = sq_sc(g, s)->works[s->u[u].loc].mid;
                int32_t rg = d->weapon_band[ty][d->weapon_nb[ty] - 1][0];
                int64_t dx = b.x - o.x, dy = b.y - o.y;
                if (dx * dx + dy * dy <= (int64_t)rg * rg && sq_enfiladed(o, b, a, b, d->enfilade))
                    expo++;
            }
        }
        sq_pt e = t->kind == SK_PARALLEL ? sq_sect_mid(t) : (sq_pt){t->bx, t->by};
        double a = approach(tg, nt, e.x, e.y, span);
        if (t->kind == SK_PARALLEL && a >= 0.95)
            fpar++;
        if (t->kind == SK_PARALLEL && t->parent >= 0) {
            /* a parallel from which a battery reaches a bastion (the second) */
            int near = 0;
            for (int w = 0; w < sc->nworks && !near; w++)
                near = sc->works[w].kind == WK_BASTION &&
                       sq_dist_poly(e, sc->works[w].pts, sc->works[w].npts) <= reach;
            rpar += near;
        }
        /* a sap dug along one already there gains no ground */
        if (t->kind == SK_SAP && t->state == SS_PLANNED && dup_sap(s, i))
            continue;
        if (t->state == SS_PLANNED && a > front[t->builder])
            front[t->builder] = a;
    }
    double dmax = 0, dsum = 0;
    int nw = 0, cw = 0;
    /* mines being driven: the share of their damage dug so far (today's
     * order counts, if its digger is unshaken) */
    double mined[SQ_MAX_WORKS] = {0};
    int cinc = 0, team = 0;
    for (int u = 0; u < sc->nunits; u++) {
        const sq_unit *x = &s->u[u];
        if (sc->units[u].side != SQ_BESIEGER || !sq_alive(s, u))
            continue;
        if (x->aim > 0 && x->aim <= sc->nworks) {
            int days = x->dig + ((x->flags & UF_DIG) && !(x->flags & UF_SHAKEN) ? 1 : 0);
            mined[x->aim - 1] +=
                0.8 * days * d->mine_damage / ((double)d->mine_days * d->work_strength);
        }
        /* a CinC with a digging team keeps it steady under fire (+2 morale) */
        if (sc->units[u].type == UT_FOOT && x->lkind == LK_SECT &&
            sq_has_leader(g, s, u, UT_ENGINEER) && sq_has_leader(g, s, u, UT_CINC))
            cinc++;
        /* wherever the team stands: attached on day 1 in the camp, the CinC
         * goes forward with the team (a step the search sees) */
        if (sc->units[u].type == UT_FOOT && sq_has_leader(g, s, u, UT_ENGINEER) &&
            sq_has_leader(g, s, u, UT_CINC))
            team++;
    }
    for (int w = 0; w < sc->nworks; w++) {
        if (sc->works[w].kind == WK_COVERED) {
            cw += s->taken[w] != 0;
            continue;
        }
        double f = s->taken[w] ? 1.0 : (double)(d->work_strength - s->wstr[w]) / d->work_strength;
        f += mined[w];
        if (f > 1)
            f = 1;
        if (sc->works[w].kind == WK_BASTION && f > dmax)
            dmax = f;
        dsum += f;
        nw++;
    }
    int eng = 0, guns = 0, ready = 0, up = 0, still = 0;
    double fb = 0, fd = 0, fb0 = 0, fd0 = 0, ga = 0, ga0 = 0;
    double fr[4] = {0, 0, 0, 0};
    for (int u = 0; u < sc->nunits; u++) {
        int ty = sc->units[u].type, side = sc->units[u].side;
        const sq_unit *x = &s->u[u];
        if (ty == UT_FOOT) {
            if (side == SQ_BESIEGER)
                fb += sq_alive(s, u) ? x->str : 0, fb0 += d->strength[UT_FOOT];
            else
                fd += sq_alive(s, u) ? x->str : 0, fd0 += d->strength[UT_FOOT];
        }
        if (side == SQ_DEFENDER && (ty == UT_HEAVY || ty == UT_MEDIUM))
            ga += sq_alive(s, u) ? x->str : 0, ga0 += d->strength[ty];
        /* the place's fixed guns that redeployed strength points today do
         * not fire in step 4 (a cost that the strength moved, equal before
         * and after, does not show) */
        if (side == SQ_DEFENDER && (ty == UT_HEAVY || ty == UT_MORTAR) && sq_alive(s, u) &&
            (x->flags & UF_MOVED) && s->phase <= PH_DART)
            still++;
        if (side != SQ_BESIEGER || !sq_alive(s, u))
            continue;
        if (ty == UT_FOOT && sq_has_leader(g, s, u, UT_ENGINEER)) {
            eng++;
            double a = 0;
            if (x->lkind == LK_SECT) {
                const sq_sect *t = &s->s[x->loc];
                a = approach(tg, nt, x->x, x->y, span);
                if (s->phase == PH_BMOVE && !(x->flags & (UF_ORDERED | UF_SHAKEN)) &&
                    t->state == SS_BUILT && t->kind != SK_BATTERY)
                    ready++;
            }
            if (front[u] > a)
                a = front[u];
            /* keep the four best fronts, best first */
            for (int k = 0; k < 4; k++)
                if (a > fr[k]) {
                    double tmp = fr[k];
                    fr[k] = a;
                    a = tmp;
                }
            nfront++;
        }
        if (x->lkind == LK_SECT && (ty == UT_FOOT || (ty == UT_ENGINEER && x->att < 0)))
            up++; /* foot and free engineers in the trenches, ready to pair */
        if ((ty == UT_HEAVY || ty == UT_MORTAR) && x->lkind == LK_SECT) {
            guns++;
            inrange += inr[x->loc];
            if (ty == UT_HEAVY && fwd[x->loc])
                gunsin++;
        }
    }
    if (fbat > 2)
        fbat = 2;
    if (rbat > 4)
        rbat = 4;
    if (rpar > 2)
        rpar = 2;
    if (fpar > 2)
        fpar = 2;
    if (eng > 4)
        eng = 4;
    double time = (double)s->day / d->days_limit;
    double lossb = fb0 > 0 ? 1.0 - fb / fb0 : 0, lossd = fd0 > 0 ? 1.0 - fd / fd0 : 0;
    (void)nfront;
    /* the candidates: the garrison's foot units left and one in the town */
    int gf = 0, gf0 = 0, town = 0;
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].type == UT_FOOT && sc->units[u].side == SQ_DEFENDER) {
            gf0++;
            gf += sq_alive(s, u);
            town |= s->u[u].lkind == LK_TOWN;
        }
    double dm = nw ? dsum / nw : 0;
    double t[SQ_NTERMS] = {
        [SQT_FRONT1] = fr[0],
        [SQT_FRONT2] = fr[1],
        [SQT_FRONT3] = fr[2],
        [SQT_FRONT4] = fr[3],
        [SQT_PAR3] = fpar,
        [SQT_FBAT] = fbat,
        [SQT_GUNSIN] = gunsin,
        [SQT_GUNS] = guns,
        [SQT_DMAX] = dmax,
        [SQT_DMEAN] = dm,
        [SQT_CW] = cw,
        [SQT_ENG] = eng,
        [SQT_READY] = ready,
        [SQT_UP] = up,
        [SQT_LOSS] = lossd - lossb,
        [SQT_GUNSLOST] = ga0 > 0 ? 1.0 - ga / ga0 : 0,
        [SQT_RBAT] = rbat,
        [SQT_RPAR] = rpar,
        [SQT_INRANGE] = inrange,
        [SQT_EXPO] = expo,
        [SQT_STILL] = still,
        [SQT_TIME] = time,
        [SQT_CINC] = cinc > 2 ? 2 : cinc,
        [SQT_TEAM] = team > 2 ? 2 : team,
        /* candidates (weight 0 in the shipped evaluation): each side's foot
         * lost, the garrison's foot units left, one of them in the town
         * (where no fire reaches it), the clock times the garrison's losses
         * and times the breach, the best front times the days left, the
         * breach squared */
        [SQT_LOSSB] = lossb,
        [SQT_LOSSD] = lossd,
        [SQT_GFOOT] = gf0 ? (double)gf / gf0 : 0,
        [SQT_GTOWN] = town,
        [SQT_TLOSSD] = time * lossd,
        [SQT_TDMAX] = time * dmax,
        [SQT_LFRONT] = (1 - time) * fr[0],
        [SQT_DMAX2] = dmax * dmax,
    };
    memcpy(out, t, sizeof t);
}

const char *const sq_term_names[SQ_NTERMS] = {
    "front1", "front2", "front3",  "front4", "par3",   "fbat",  "gunsin", "guns",
    "dmax",   "dmean",  "cw",      "eng",    "ready",  "up",    "loss",   "gunslost",
    "rbat",   "rpar",   "inrange", "expo",   "still",  "time",  "cinc",   "team",
    "lossb",  "lossd",  "gfoot",   "gtown",  "tlossd", "tdmax", "lfront", "dmax2"};

/* The shipped weights, the intercept first, in the order of the terms
 * (reconstructed, by hand: see the head of this file). */
const double sq_eval_shipped[SQ_NTERMS + 1] = {
    -0.45, 0.22,  0.1,  0.05, 0.03, 0.04, 0.05,  0.04,  0.01,  0.45,  0.1,  0.02, 0.01,
    0.004, 0.002, 0.15, 0.12, 0.02, 0.02, 0.015, -0.01, 0.002, -0.25, 0.02, 0.03};

double sq_eval_with(const vb_game *g, const void *st, int role, const double *w, int logistic)
{
    const sq_state *s = st;
    double v;
    if (s->over) {
        v = s->winner == SQ_BESIEGER ? 1.0 : -1.0;
        return role == SQ_BESIEGER ? v : -v;
    }
    double x[SQ_NTERMS];
    sq_eval_terms(g, s, x);
    /* the weighted sum in the order of the terms: with the shipped weights
     * exactly the hand-written sum of before (a zero weight adds 0) */
    v = w[0];
    for (int i = 0; i < SQ_NTERMS; i++)
        v += w[i + 1] * x[i];
    if (logistic)
        v = tanh(v / 2);
    if (v > 0.95)
        v = 0.95;
    if (v < -0.95)
        v = -0.95;
    return role == SQ_BESIEGER ? v : -v;
}

double sq_eval(const vb_game *g, const void *st, int role)
{
    return sq_eval_with(g, st, role, sq_eval_shipped, 0);
}
