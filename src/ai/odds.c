/*
 * odds.c - exact enumeration of a chance procedure (odds.h).
 */
#include <stdlib.h>
#include <string.h>

#include "odds.h"

/* ---- probabilities: long double plus an exact fraction while it fits ---- */

typedef struct prob {
    long double p;
    uint64_t num, den;
    int exact;
} prob;

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* p * w / sum */
static prob prob_scale(prob a, uint64_t w, uint64_t sum)
{
    prob r;
    r.p = a.p * (long double)w / (long double)sum;
    r.exact = a.exact;
    r.num = r.den = 1;
    if (!a.exact)
        return r;
    if (w == 0) {
        r.num = 0;
        r.den = 1;
        return r;
    }
    uint64_t g1 = gcd64(a.num, sum), g2 = gcd64(w, a.den);
    if (g1 == 0)
        g1 = 1;
    if (__builtin_mul_overflow(a.num / g1, w / g2, &r.num) ||
        __builtin_mul_overflow(a.den / g2, sum / g1, &r.den))
        r.exact = 0;
    return r;
}

static void prob_add(prob *a, prob b)
{
    a->p += b.p;
    if (!a->exact || !b.exact) {
        a->exact = 0;
        return;
    }
    if (b.num == 0)
        return;
    if (a->num == 0) {
        a->num = b.num;
        a->den = b.den;
        return;
    }
    uint64_t g = gcd64(a->den, b.den), den, x, y, num;
    if (__builtin_mul_overflow(a->den / g, b.den, &den) ||
        __builtin_mul_overflow(a->num, b.den / g, &x) ||
        __builtin_mul_overflow(b.num, a->den / g, &y) || __builtin_add_overflow(x, y, &num)) {
        a->exact = 0;
        return;
    }
    uint64_t r = gcd64(num, den);
    a->num = num / r;
    a->den = den / r;
}

/* ---- a level of the enumeration: distinct states with probabilities ---- */

typedef struct level {
    size_t ss;
    unsigned char *st;
    prob *p;
    uint64_t *h;
    int n, cap;
    int32_t *tab;
    size_t tabn; /* power of 2 */
} level;

static void level_release(level *l)
{
    free(l->st);
    free(l->p);
    free(l->h);
    free(l->tab);
    memset(l, 0, sizeof *l);
}

static int level_rehash(level *l, size_t tabn)
{
    int32_t *t = malloc(tabn * sizeof *t);
    if (!t)
        return -1;
    for (size_t i = 0; i < tabn; i++)
        t[i] = -1;
    for (int i = 0; i < l->n; i++) {
        size_t k = (size_t)l->h[i] & (tabn - 1);
        while (t[k] >= 0)
            k = (k + 1) & (tabn - 1);
        t[k] = i;
    }
    free(l->tab);
    l->tab = t;
    l->tabn = tabn;
    return 0;
}

static void level_clear(level *l)
{
    l->n = 0;
    if (l->tab)
        for (size_t i = 0; i < l->tabn; i++)
            l->tab[i] = -1;
}

/* Add probability q to state s (merged with an equal state). */
static int level_add(level *l, const vb_game *g, const void *s, prob q)
{
    uint64_t h = vb_hash(g, s);
    if (!l->tab || (size_t)(l->n + 1) * 2 > l->tabn)
        if (level_rehash(l, l->tabn ? l->tabn * 2 : 1024))
            return -1;
    size_t k = (size_t)h & (l->tabn - 1);
    while (l->tab[k] >= 0) {
        int i = l->tab[k];
        if (l->h[i] == h && memcmp(l->st + (size_t)i * l->ss, s, l->ss) == 0) {
            prob_add(&l->p[i], q);
            return 0;
        }
        k = (k + 1) & (l->tabn - 1);
    }
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 256;
        unsigned char *st = realloc(l->st, (size_t)cap * l->ss);
        if (!st)
            return -1;
        l->st = st;
        prob *p = realloc(l->p, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        l->p = p;
        uint64_t *hh = realloc(l->h, (size_t)cap * sizeof *hh);
        if (!hh)
            return -1;
        l->h = hh;
        l->cap = cap;
    }
    int i = l->n++;
    memcpy(l->st + (size_t)i * l->ss, s, l->ss);
    l->p[i] = q;
    l->h[i] = h;
    l->tab[k] = i;
    return 0;
}

/* 1 when st is the procedure's first position again (a reroll: "a draw,
 * reroll" puts the dice back), whatever the count of decisions since
 * setup says. */
static int back_at_root(const vb_game *g, const void *root, void *st)
{
    vb_head *h = st;
    uint32_t nd = h->ndecisions;
    h->ndecisions = ((const vb_head *)root)->ndecisions;
    int same = vb_equal(g, root, st);
    h->ndecisions = nd;
    return same;
}

/* ---- public ------------------------------------------------------------- */

static int setup_plan(const vb_game *g, void *st, int have_state, int argc, char **argv,
                      vb_action *first, vb_odds_plan *plan, vb_ctx *cx);

/* Quiet as the enumeration (vb_odds_run_plan): nothing of a setting-up is
 * logged; a failure's message goes back to cx. */
int vb_odds_setup_plan(const vb_game *g, void *st, int have_state, int argc, char **argv,
                       vb_action *first, vb_odds_plan *plan, vb_ctx *cx)
{
    vb_ctx quiet;
    vb_ctx_init(&quiet);
    int rc = setup_plan(g, st, have_state, argc, argv, first, plan, &quiet);
    if (rc < 0 && cx)
        memcpy(cx->err, quiet.err, sizeof cx->err);
    return rc;
}

static int setup_plan(const vb_game *g, void *st, int have_state, int argc, char **argv,
                      vb_action *first, vb_odds_plan *plan, vb_ctx *cx)
{
    memset(plan, 0, sizeof *plan);
    *first = VB_NONE;
    if (!g->def->odds_setup)
        return vb_fail(cx, VB_EUSAGE, "game has no odds procedures");
    if (argc < 1)
        return vb_fail(cx, VB_EUSAGE, "no procedure named");
    size_t ss = g->def->state_size;
    void *keep = malloc(ss);
    if (!keep)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    memcpy(keep, st, ss);
    int rc = 0;
    if (!have_state)
        rc = vb_setup(g, st, 0, NULL, 1, cx);
    if (rc == 0)
        rc = g->def->odds_setup(g, st, have_state, argc, argv, first, cx);
    if (rc == 0 && g->def->odds_plan && g->def->odds_decide) {
        int n = g->def->odds_plan(g, st, argc, argv, plan->b, cx);
        if (n < 0)
            rc = n;
        else
            plan->words = n;
    }
    if (rc) { /* bad words change nothing */
        memcpy(st, keep, ss);
        memset(plan, 0, sizeof *plan);
        *first = VB_NONE;
    }
    free(keep);
    return rc;
}

int vb_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx)
{
    vb_odds_plan plan;
    size_t ss = g->def->state_size;
    void *keep = malloc(ss);
    if (!keep)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    memcpy(keep, st, ss);
    int rc = vb_odds_setup_plan(g, st, have_state, argc, argv, first, &plan, cx);
    if (rc == 0 && plan.words > 0) {
        memcpy(st, keep, ss);
        *first = VB_NONE;
        rc = vb_fail(cx, VB_EUSAGE, "odds: a plan of the players' decisions is not taken here");
    }
    free(keep);
    return rc;
}

/* The plan's decisions from st on, until chance, the end, or a decision the
 * plan does not make (each one legal: vb_apply checks it). */
static int settle(const vb_game *g, const vb_odds_plan *plan, const void *start, void *st,
                  vb_ctx *cx)
{
    if (!plan || !g->def->odds_decide)
        return 0;
    for (int guard = 0; guard < VB_MAX_ACTIONS; guard++) {
        int who = vb_to_move(g, st);
        vb_action a;
        if (who == VB_OVER || who == VB_CHANCE ||
            (g->def->odds_done && g->def->odds_done(g, start, st)) ||
            g->def->odds_decide(g, plan->b, start, st, &a) != 1)
            return 0;
        int rc = vb_apply(g, st, a, cx);
        if (rc < 0)
            return rc;
    }
    return vb_fail(cx, VB_EINPUT, "odds: the plan's decisions do not end");
}

int vb_odds_ended(const vb_game *g, const void *before, const void *st)
{
    int who = vb_to_move(g, st);
    if (who == VB_OVER)
        return 1;
    if (g->def->odds_done && g->def->odds_done(g, before, st))
        return 1;
    return who != VB_CHANCE;
}

void vb_odds_outcome_name(const vb_game *g, const void *before, const void *after, char *buf,
                          size_t n)
{
    buf[0] = 0;
    if (g->def->odds_outcome) {
        g->def->odds_outcome(g, before, after, buf, n);
        if (buf[0])
            return;
    }
    if (vb_to_move(g, after) == VB_OVER) {
        vb_result r;
        vb_result_get(g, after, &r);
        if (snprintf(buf, n, "game over: %s", r.verdict) >= (int)n)
            buf[n - 1] = 0; /* a long verdict is cut, never overflows */
    } else {
        vb_prompt(g, after, buf, n);
    }
}

static int add_row(vb_odds *o, const char *name, prob q)
{
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->rows[i].name, name) == 0) {
            prob a = {o->rows[i].p, o->rows[i].num, o->rows[i].den, o->rows[i].exact};
            prob_add(&a, q);
            o->rows[i].p = a.p;
            o->rows[i].num = a.num;
            o->rows[i].den = a.den;
            o->rows[i].exact = a.exact;
            return 0;
        }
    if (o->n == o->cap) {
        int cap = o->cap ? o->cap * 2 : 16;
        vb_odds_row *r = realloc(o->rows, (size_t)cap * sizeof *r);
        if (!r)
            return -1;
        o->rows = r;
        o->cap = cap;
    }
    vb_odds_row *r = &o->rows[o->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    r->p = q.p;
    r->num = q.num;
    r->den = q.den;
    r->exact = q.exact;
    return 0;
}

static int row_cmp(const void *a, const void *b)
{
    const vb_odds_row *x = a, *y = b;
    if (x->p > y->p)
        return -1;
    if (x->p < y->p)
        return 1;
    return strcmp(x->name, y->name);
}

void vb_odds_release(vb_odds *o)
{
    free(o->rows);
    memset(o, 0, sizeof *o);
}

int vb_odds_run(const vb_game *g, const void *start, vb_action first, long max_states, vb_odds *out,
                vb_ctx *cx)
{
    return vb_odds_run_plan(g, start, first, NULL, max_states, out, cx);
}

/* The enumeration's applies are hypothetical: they log nothing (a `play`
 * sink would show every outcome as if it had happened, and on a role's
 * view a game may not name what the view hides); a failure's message goes
 * back to the caller's cx. */
static int odds_enumerate(const vb_game *g, const void *start, vb_action first,
                          const vb_odds_plan *plan, long max_states, vb_odds *out, vb_ctx *cx);

int vb_odds_run_plan(const vb_game *g, const void *start, vb_action first, const vb_odds_plan *plan,
                     long max_states, vb_odds *out, vb_ctx *cx)
{
    vb_ctx quiet;
    vb_ctx_init(&quiet);
    int rc = odds_enumerate(g, start, first, plan, max_states, out, &quiet);
    if (rc < 0 && cx)
        memcpy(cx->err, quiet.err, sizeof cx->err);
    return rc;
}

static int odds_enumerate(const vb_game *g, const void *start, vb_action first,
                          const vb_odds_plan *plan, long max_states, vb_odds *out, vb_ctx *cx)
{
    size_t ss = g->def->state_size;
    memset(out, 0, sizeof *out);
    if (max_states <= 0)
        max_states = 5000000;
    level a = {0}, b = {0};
    a.ss = b.ss = ss;
    level *cur = &a, *nxt = &b;
    unsigned char *s0 = malloc(ss), *tmp = malloc(ss);
    vb_action *acts = malloc(VB_MAX_ACTIONS * sizeof *acts);
    uint32_t *w = malloc(VB_MAX_ACTIONS * sizeof *w);
    int rc = 0;
    char name[VB_TEXT_LEN];
    if (!s0 || !tmp || !acts || !w) {
        rc = vb_fail(cx, VB_ENOMEM, "out of memory");
        goto done;
    }
    memcpy(s0, start, ss);
    if (first != VB_NONE) {
        rc = vb_apply(g, s0, first, cx);
        if (rc < 0)
            goto done;
        rc = 0;
    }
    rc = settle(g, plan, start, s0, cx);
    if (rc < 0)
        goto done;
    prob one = {1.0L, 1, 1, 1}, back = {0.0L, 0, 1, 1};
    if (level_add(cur, g, s0, one)) {
        rc = vb_fail(cx, VB_ENOMEM, "out of memory");
        goto done;
    }
    while (cur->n > 0) {
        level_clear(nxt);
        int expanded = 0;
        for (int i = 0; i < cur->n; i++) {
            const unsigned char *st = cur->st + (size_t)i * ss;
            if (vb_odds_ended(g, start, st)) {
                vb_odds_outcome_name(g, start, st, name, sizeof name);
                if (add_row(out, name, cur->p[i])) {
                    rc = vb_fail(cx, VB_ENOMEM, "out of memory");
                    goto done;
                }
                continue;
            }
            if (++out->states > max_states) {
                rc = vb_fail(cx, VB_EINPUT,
                             "procedure too large to enumerate (more than %ld chance states)",
                             max_states);
                goto done;
            }
            expanded = 1;
            int n = vb_legal(g, st, acts, w, VB_MAX_ACTIONS);
            uint64_t sum = 0;
            for (int j = 0; j < n; j++)
                sum += w[j];
            if (n <= 0 || sum == 0) {
                rc = vb_fail(cx, VB_EINPUT, "chance decision with no outcomes");
                goto done;
            }
            for (int j = 0; j < n; j++) {
                if (w[j] == 0)
                    continue;
                memcpy(tmp, st, ss);
                if (vb_apply_unchecked(g, tmp, acts[j], cx) < 0) {
                    rc = VB_EINPUT;
                    goto done;
                }
                rc = settle(g, plan, start, tmp, cx);
                if (rc < 0)
                    goto done;
                if (back_at_root(g, s0, tmp)) {
                    /* A reroll: its share starts the procedure over. */
                    prob_add(&back, prob_scale(cur->p[i], w[j], sum));
                    continue;
                }
                if (level_add(nxt, g, tmp, prob_scale(cur->p[i], w[j], sum))) {
                    rc = vb_fail(cx, VB_ENOMEM, "out of memory");
                    goto done;
                }
            }
        }
        if (expanded)
            out->depth++;
        level *t = cur;
        cur = nxt;
        nxt = t;
    }
    if (back.p > 0) {
        /* What came back to the start is played again, and again: each
         * outcome's p found once is p + back p + back^2 p ... = p / (1 -
         * back). */
        if (back.p >= 1.0L || out->n == 0) {
            rc = vb_fail(cx, VB_EINPUT, "odds: the procedure always starts over");
            goto done;
        }
        for (int i = 0; i < out->n; i++) {
            vb_odds_row *r = &out->rows[i];
            prob q = {r->p, r->num, r->den, r->exact && back.exact};
            if (back.exact)
                q = prob_scale(q, back.den, back.den - back.num);
            else
                q.p = r->p / (1.0L - back.p);
            r->p = q.p;
            r->num = q.num;
            r->den = q.den;
            r->exact = q.exact;
        }
    }
    if (out->n > 1)
        qsort(out->rows, (size_t)out->n, sizeof *out->rows, row_cmp);
done:
    if (rc)
        vb_odds_release(out);
    level_release(&a);
    level_release(&b);
    free(s0);
    free(tmp);
    free(acts);
    free(w);
    return rc;
}
