/*
 * pc_eval.c - the heuristic evaluation of Piacenza 1746 for the search
 * (def->eval), from the Franco-Spanish side, in [-1, 1]: material, the
 * objectives held and how close the units in good order stand to them, and
 * the credit of a Line being declared (5.6): a step forward near the enemy
 * takes six decisions or more (formation, declare-line, anchor,
 * direction or gaps and last hex, the unit, its step), so the evaluation values a declared Line as
 * the formation standing on it, discounted, and a declaration begun as one hex gained; without it
 * the search sees no change until the unit steps. In the battle, also every unit's distance to its
 * nearest objective (the army's advance), not only the unit nearest each objective; with two
 * objectives held, the conditional draw's VP (13.1); the Austrian guard
 * on the objectives the Franco-Spanish approach; and the share of the
 * Franco-Spanish units in command (4.4: a unit out of command may only
 * move toward its leader or away from the enemy, never into an EZ, so a
 * unit that drifted from its leader stood next to an empty objective for
 * the rest of the game). The terms (pc_eval_terms) are weighed by
 * pc_played_w: in the battle weights fitted to game outcomes (thirty-second
 * session, docs/piacenza-1746.md), elsewhere the hand-made ones.
 */
#include <math.h>

#include "pc_int.h"

#define LINE_DISCOUNT 0.8 /* a declared Line is worth this much of standing on it */
#define MASS_W 0.5        /* the battle: weight of the whole army's advance */
#define MASS_NORM 16.0    /* ... its sum of 1/(1+distance) is divided by this */
#define VP_SCALE 3.0      /* 13.1: a VP lead this large counts fully */
#define GUARD_W 0.3       /* the battle: weight of the Austrian guard */
#define CMD_W 0.15        /* the battle: weight of the share in command */

typedef struct eval_pos {
    int16_t hex[PC_MAXU]; /* where each unit stands (or would stand) */
    int8_t adv[PC_MAXU];  /* hexes it is counted as having gained */
} eval_pos;

/* The hexes the side aims at: in the battle the Franco-Spanish objectives
 * noted (13.0; all eight while none is), else the victory hexes. */
static int targets(const pc_data *d, const pc_state *s, int *t)
{
    int n = 0;
    if (d->nobj) {
        for (int k = 0; k < d->nobjp; k++)
            if (!s->obj || ((s->obj >> k) & 1))
                t[n++] = d->place[d->objp[k]].hex;
        return n;
    }
    for (int i = 0; i < d->nvic; i++)
        t[n++] = d->vic[i];
    return n;
}

static int eff_dist(const pc_data *d, const eval_pos *p, int u, int hex)
{
    int k = pc_dist(d, p->hex[u], hex) - p->adv[u];
    return k < 0 ? 0 : k;
}

/* The effective distance from unit u to the nearest of the nt targets t. */
static int nearest(const pc_data *d, const eval_pos *p, int u, const int *t, int nt)
{
    int near = 99;
    for (int i = 0; i < nt; i++)
        if (eff_dist(d, p, u, t[i]) < near)
            near = eff_dist(d, p, u, t[i]);
    return near;
}

static int counts(const pc_data *d, const pc_state *s, const eval_pos *p, int u, int side)
{
    return p->hex[u] >= 0 && d->u[u].side == side && s->ustat[u] == ST_GOOD &&
           d->u[u].type != UT_ART;
}

/* Scenarios: the mean of 1/(1+distance to the nearest victory hex) over the
 * side's closest three units in good order, so that an advance by several
 * units shows before it arrives. The battle: the mean over the targets of
 * 1/(1+distance of the nearest such unit), so that each objective wants a
 * unit. In the battle near[i] is left the effective distance of the side's
 * nearest such unit to target i (99: none), which guard reuses. */
static double closeness(const pc_data *d, const pc_state *s, const eval_pos *p, int side, int *near)
{
    int t[PC_MAXOBJ], nt = targets(d, s, t);
    if (!nt)
        return 0;
    if (d->nobj) {
        /* one pass over the units: near[i] the nearest to target i, and
         * mass the sum of 1/(1+distance to the unit's nearest target) */
        double sum = 0, mass = 0;
        for (int i = 0; i < nt; i++)
            near[i] = 99;
        for (int u = 0; u < d->nu; u++) {
            if (!counts(d, s, p, u, side))
                continue;
            int un = 99;
            for (int i = 0; i < nt; i++) {
                int k = eff_dist(d, p, u, t[i]);
                if (k < near[i])
                    near[i] = k;
                if (k < un)
                    un = k;
            }
            mass += 1.0 / (1 + un);
        }
        for (int i = 0; i < nt; i++)
            sum += 1.0 / (1 + near[i]);
        /* every unit drawn to its nearest objective, so that the army
         * advances and not only the unit nearest each objective (with it
         * alone the others had nothing to gain by moving) */
        mass /= MASS_NORM;
        return sum / nt + MASS_W * (mass > 1 ? 1 : mass);
    }
    double best[3] = {0, 0, 0};
    for (int u = 0; u < d->nu; u++) {
        if (!counts(d, s, p, u, side))
            continue;
        double c = 1.0 / (1 + nearest(d, p, u, t, nt));
        for (int k = 0; k < 3; k++)
            if (c > best[k]) {
                double x = best[k];
                best[k] = c;
                c = x;
            }
    }
    return (best[0] + best[1] + best[2]) / 3;
}

/* The battle: how the Austrians guard the objectives the Franco-Spanish
 * approach (without it the Austrian search let an advancing army walk in):
 * the mean over the targets of threat x cover, the threat 1/(1+distance)
 * of the nearest Franco-Spanish unit in good order (near, as closeness
 * leaves it for the Franco-Spanish before any Line credit), the
 * cover 1 with an Austrian unit not routed in the hex (the Franco-Spanish
 * cannot occupy it while it stays), 1/2 with one exerting its ZOC into it
 * (a unit coming in stops next to it, 7.1 a), else 0. */
static double guard(const pc_data *d, const pc_state *s, const int *near)
{
    int t[PC_MAXOBJ], nt = targets(d, s, t);
    if (!nt)
        return 0;
    /* cover[i]: the greatest cover an Austrian unit gives target i */
    double cover[PC_MAXOBJ], sum = 0;
    for (int i = 0; i < nt; i++)
        cover[i] = 0;
    for (int u = 0; u < d->nu; u++) {
        int h = s->uhex[u];
        if (h < 0 || d->u[u].side != PC_AU || s->ustat[u] == ST_ROUT)
            continue;
        for (int i = 0; i < nt; i++)
            if (h == t[i])
                cover[i] = 1;
            else if (cover[i] < 0.5 && pc_dist(d, h, t[i]) == 1 && pc_exerts_zoc(d, s, u, t[i]))
                cover[i] = 0.5;
    }
    for (int i = 0; i < nt; i++)
        if (near[i] < 99) /* no unit of theirs: no threat */
            sum += cover[i] / (1 + near[i]);
    return sum / nt;
}

/* The battle: the share of the Franco-Spanish units counted by closeness
 * (in good order, not artillery) that are in command (4.4), as they stand. */
static double command(const pc_data *d, const pc_state *s, const eval_pos *p)
{
    int n = 0, in = 0;
    uint8_t cmd[PC_MAXU]; /* pc_in_command of each unit counted, this position */
    pc_side_in_command(d, s, PC_FS, cmd);
    for (int u = 0; u < d->nu; u++)
        if (counts(d, s, p, u, PC_FS)) {
            n++;
            in += cmd[u];
        }
    return n ? (double)in / n : 0;
}

/* Infantry of the formation in good order that has not moved yet, or is
 * moving now (its credit lasts until it stops). */
static int line_unit(const pc_data *d, const pc_state *s, int u)
{
    return s->uhex[u] >= 0 && d->u[u].form == s->form && d->u[u].type == UT_INF &&
           s->ustat[u] == ST_GOOD &&
           (!(s->uflag[u] & UF_MOVED) || (s->phase == PH_STEP && u == s->mv_u));
}

/* Where the formation's infantry that has not moved yet would stand once
 * the Line being declared is taken up: each Line hex (the anchor alone
 * while the direction or the last hex is not chosen; one hex a step of
 * the Line, its first steps as many as the units) to the nearest such unit (the unit
 * moving keeps its place in the Line until it stops); a
 * declaration just begun counts each of them one hex forward. Returns 0
 * when no Line is being declared. */
int pc_line_hypothesis(const pc_data *d, const pc_state *s, int16_t *hex, int8_t *adv)
{
    int ph = s->phase;
    if (s->form < 0 || s->form >= d->nf ||
        (ph != PH_ANCHOR && ph != PH_LDIR && ph != PH_MOVE && ph != PH_STEP))
        return 0;
    if (ph == PH_ANCHOR) {
        int any = 0;
        for (int u = 0; u < d->nu; u++)
            if (line_unit(d, s, u))
                adv[u] = 1, any = 1;
        return any;
    }
    if (s->line_anchor < 0)
        return 0;
    int len = ph == PH_LDIR ? 1 : s->line_len, any = 0, cells[PC_LINE_MAX], step = -1;
    int nc = pc_line_cells(d, s->line_anchor, ph == PH_LDIR ? -1 : s->line_end, cells);
    uint8_t used[PC_MAXU];
    memset(used, 0, sizeof used);
    /* one hex a step of the Line (the first of a pair), its first len steps */
    for (int i = 0, k = 0; i < nc && k < len && pc_passable(d, cells[i]); i++) {
        int h = cells[i];
        if (pc_dist(d, s->line_anchor, h) == step)
            continue;
        step = pc_dist(d, s->line_anchor, h);
        k++;
        int best = -1;
        for (int u = 0; u < d->nu; u++)
            if (!used[u] && line_unit(d, s, u) &&
                (best < 0 || pc_dist(d, s->uhex[u], h) < pc_dist(d, s->uhex[best], h)))
                best = u;
        if (best < 0)
            break;
        used[best] = 1;
        hex[best] = (int16_t)h;
        any = 1;
    }
    return any;
}

/* The battle, a candidate term for the fit (thirty-second session): the
 * local balance of force at the objectives, the mean over the three targets
 * most favourable to the Franco-Spanish of (fs - au) / (fs + au + 1), fs and
 * au the strength (pc_usp, good order double as in material) of each side's
 * units not routed within two hexes of the target (three objectives win,
 * 13.0). */
static double local3(const pc_data *d, const pc_state *s)
{
    int t[PC_MAXOBJ], nt = targets(d, s, t);
    if (!nt)
        return 0;
    double f[PC_MAXOBJ][2], b[PC_MAXOBJ];
    memset(f, 0, sizeof f);
    for (int u = 0; u < d->nu; u++) {
        int h = s->uhex[u];
        if (h < 0 || s->ustat[u] == ST_ROUT)
            continue;
        double w = pc_usp(d, s, u) * (s->ustat[u] == ST_GOOD ? 1.0 : 0.5);
        for (int i = 0; i < nt; i++)
            if (pc_dist(d, h, t[i]) <= 2)
                f[i][d->u[u].side] += w;
    }
    for (int i = 0; i < nt; i++)
        b[i] = (f[i][PC_FS] - f[i][PC_AU]) / (f[i][PC_FS] + f[i][PC_AU] + 1);
    double sum = 0;
    int k = nt < 3 ? nt : 3;
    for (int j = 0; j < k; j++) { /* the k greatest, by selection */
        int best = j;
        for (int i = j + 1; i < nt; i++)
            if (b[i] > b[best])
                best = i;
        double x = b[j];
        b[j] = b[best];
        b[best] = x;
        sum += b[j];
    }
    return sum / k;
}

const char *const pc_term_name[PC_NTERMS] = {"mat", "hold", "cfs",  "cau",   "guard",
                                             "cmd", "vp",   "late", "lhold", "local3"};

/* The weights the evaluation plays with: the hand-made ones of sessions
 * 1-31, a clipped sum (the candidate terms weigh nothing). */
const pc_weights pc_shipped_w = {0, 0, {0.3, 0.4, 0.6, -0.6, -0.3, 0.15, 0, 0, 0, 0}};

/* The weights fitted to outcomes (docs/piacenza-1746.md, "Evaluation fitted
 * to outcomes, thirty-second session"): logistic, from bench/fit_piacenza
 * positions by bench/fit_eval.py; played in the battle. */
const pc_weights pc_fitted_w = {
    1, -2.4926, {0, 0.1132, 2.1853, 0, 0, 1.4652, 1.2385, -2.1724, 2.2444, 2.0712}};

/* The weights played: the fitted ones in the battle, where they were
 * fitted and measured (mcts:200 against greedy, both seatings, 159 wins of
 * 200 against 141 with the hand-made ones), the hand-made ones in Scenarios
 * 1-3 (no data there). A build with -DPC_EVAL_SHIPPED plays the hand-made
 * ones everywhere (the measurements of before), one with -DPC_EVAL_WEIGHTS
 * the weights it names in the battle. */
#ifdef PC_EVAL_WEIGHTS
/* A scratch build's candidate, to measure weights before adopting them:
 * -DPC_EVAL_WEIGHTS='B,{W1,...,W10}' (logistic, the intercept, then the
 * terms in pc_term_name's order) plays them in the battle. */
static const pc_weights pc_scratch_w = {1, PC_EVAL_WEIGHTS};
#endif

const pc_weights *pc_played_w(const pc_data *d)
{
#ifdef PC_EVAL_SHIPPED
    (void)d;
    return &pc_shipped_w;
#elif defined(PC_EVAL_WEIGHTS)
    return d->nobj ? &pc_scratch_w : &pc_shipped_w;
#else
    return d->nobj ? &pc_fitted_w : &pc_shipped_w;
#endif
}

/* The evaluation's terms from the Franco-Spanish side (pc_term_name):
 * material (good order counts double), the objectives held (Scenarios 1-2:
 * a Franco-Spanish unit in a victory hex; 3: the last occupant; the battle:
 * how many of their objectives they occupy, 13.0: 0-1 lose, 2 draw, 3+
 * win), the closeness of each side's units in good order to the objectives
 * (with the credit of a Line being declared: LINE_DISCOUNT of the closeness
 * it would add; never a loss), in the battle the Austrian guard and the
 * share in command; then the candidates of the fit: the VP lead over
 * VP_SCALE clipped (13.1), the share of the game's turns begun (late), late
 * x hold, and the local balance of force at the best three targets. */
void pc_eval_terms(const pc_data *d, const pc_state *s, double *term)
{
    double m[2] = {0, 0};
    eval_pos p;
    for (int u = 0; u < d->nu; u++) {
        p.hex[u] = s->uhex[u];
        p.adv[u] = 0;
        if (s->uhex[u] < 0)
            continue;
        m[d->u[u].side] += pc_usp(d, s, u) * (s->ustat[u] == ST_GOOD ? 1.0 : 0.5);
    }
    double mat = (m[0] - m[1]) / (m[0] + m[1] + 1), hold, dv = 0;
    if (d->nobj) {
        int held = pc_obj_held(d, s, s->obj);
        hold = held >= 3 ? 1 : -1 + held * 2.0 / 3;
        dv = (pc_vp(d, s, PC_FS) - pc_vp(d, s, PC_AU)) / VP_SCALE;
        dv = dv > 1 ? 1 : dv < -1 ? -1 : dv;
        if (held == 2) /* 13.1: two held, the VP decide */
            hold += dv / 3;
    } else if (d->vic_last) {
        hold = s->holder < 0 ? 0 : s->holder == PC_FS ? 1 : -1;
    } else {
        hold = pc_fs_holds(d, s) ? 1 : -1;
    }
    /* near: what closeness leaves of the Franco-Spanish as they stand, for
     * guard; scratch: the same of the other calls, unused */
    int near[PC_MAXOBJ], scratch[PC_MAXOBJ];
    double c[2] = {closeness(d, s, &p, PC_FS, near),
                   d->vic_last ? closeness(d, s, &p, PC_AU, scratch) : 0};
    double gd = d->nobj ? guard(d, s, near) : 0;
    double cmd = d->nobj && !d->all_in_command ? command(d, s, &p) : 0;
    int side = s->wing >= 0 && s->wing < d->nw ? d->wg[s->wing].side : -1;
    if (side >= 0 && (side == PC_FS || d->vic_last) &&
        pc_line_hypothesis(d, s, p.hex, p.adv)) { /* 5.6: the Line being declared */
        double gain = closeness(d, s, &p, side, scratch) - c[side];
        if (gain > 0)
            c[side] += LINE_DISCOUNT * gain;
    }
    double late = d->nturns > 0 ? (double)(s->turn - d->first_turn) / d->nturns : 0;
    late = late < 0 ? 0 : late > 1 ? 1 : late;
    term[PC_T_MAT] = mat;
    term[PC_T_HOLD] = hold;
    term[PC_T_CFS] = c[PC_FS];
    term[PC_T_CAU] = c[PC_AU];
    term[PC_T_GUARD] = gd;
    term[PC_T_CMD] = cmd;
    term[PC_T_VP] = dv;
    term[PC_T_LATE] = late;
    term[PC_T_LHOLD] = late * hold;
    term[PC_T_LOCAL3] = d->nobj ? local3(d, s) : 0;
}

/* The weighted sum of the terms from the Franco-Spanish side, in [-1, 1]:
 * clipped (w->logistic 0), or tanh((b + sum)/2), the win probability
 * 1/(1+exp(-(b + sum))) mapped to [-1, 1] (w->logistic 1). */
double pc_eval_weighted(const pc_weights *w, const double *term)
{
    double v = w->logistic ? w->b : 0;
    for (int i = 0; i < PC_NTERMS; i++)
        v += w->w[i] * term[i];
    if (w->logistic)
        return tanh(v / 2);
    return v > 1 ? 1 : v < -1 ? -1 : v;
}

/* Heuristic for the search: the weighted sum of the terms with the weights
 * played (pc_played_w), from the role's side. */
double pc_eval(const vb_game *g, const void *st, int role)
{
    const pc_data *d = DATA(g, st);
    double term[PC_NTERMS];
    pc_eval_terms(d, st, term);
    double v = pc_eval_weighted(pc_played_w(d), term);
    return role == PC_FS ? v : -v;
}
