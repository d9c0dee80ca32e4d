/*
 * policy.c - the policy handle: spec parsing, `random`, `greedy`, and the
 * dispatch to the MCTS search (mcts.c).
 *
 * Every choice is a pure function of (spec, seed, what the deciding role
 * sees): the generator used for one choice is seeded from the policy seed
 * and the hash of the role's view, so the call history does not matter and
 * hidden information (including the state's own generator, which holds the
 * future of every die) never reaches a choice.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "policy.h"

enum { P_RANDOM, P_GREEDY, P_MCTS };

/* Greedy: chance decisions after an action are averaged over their
 * outcomes, enumerated while the product of branching factors stays within
 * this many leaves per action, sampled (from the choice's generator) beyond;
 * at most GREEDY_DEPTH chance decisions deep. */
#define GREEDY_LEAVES 64
#define GREEDY_DEPTH 4

struct vb_policy {
    const vb_game *g;
    int kind;
    uint64_t seed;
    char name[96];
    ai_mcts_params mp;
    ai_mcts *m;
    vb_ctx cx;
    unsigned char *view;                  /* state_size: the role's view */
    unsigned char *stk[GREEDY_DEPTH + 1]; /* greedy scratch states */
    vb_action acts[GREEDY_DEPTH + 1][VB_MAX_ACTIONS];
    uint32_t wts[GREEDY_DEPTH + 1][VB_MAX_ACTIONS];
};

/* ---- spec parsing ------------------------------------------------------ */

static int parse_long(const char *s, size_t n, long *out)
{
    char buf[32];
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = 0;
    char *end;
    long v = strtol(buf, &end, 10);
    if (*end || v < 0)
        return -1;
    *out = v;
    return 0;
}

static int parse_double(const char *s, size_t n, double *out)
{
    char buf[32];
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = 0;
    char *end;
    double v = strtod(buf, &end);
    if (*end || !(v >= 0) || v > 1e9)
        return -1;
    *out = v;
    return 0;
}

/* The value among names (NULL-terminated) that v spells; its vals entry in *out. */
static int pick_name(const char *v, size_t vn, const char *const names[], const int vals[],
                     int *out)
{
    for (int i = 0; names[i]; i++)
        if (strlen(names[i]) == vn && memcmp(v, names[i], vn) == 0) {
            *out = vals[i];
            return 0;
        }
    return -1;
}

static int bad_name(vb_ctx *cx, const char *spec, const char *key, const char *v, size_t vn,
                    const char *const names[])
{
    char list[64] = "";
    for (int i = 0; names[i]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", names[i]);
    return vb_fail(cx, VB_EUSAGE, "policy '%s': bad value '%.*s' for '%s' (%s)", spec, (int)vn, v,
                   key, list);
}

/* One ",key=value" option of an mcts spec. */
static int parse_option(vb_policy *p, const char *spec, const char *k, size_t kn, const char *v,
                        size_t vn, vb_ctx *cx)
{
    long l = 0;
    double d = 0;
#define KEY(name) (kn == strlen(name) && memcmp(k, name, kn) == 0)
    if (KEY("threads")) {
        if (parse_long(v, vn, &l) || l < 1 || l > 256)
            goto bad;
        p->mp.threads = (int)l;
        return 0;
    }
    if (p->kind != P_MCTS)
        return vb_fail(cx, VB_EUSAGE, "policy '%s': option '%.*s' applies only to mcts", spec,
                       (int)kn, k);
    if (KEY("trees")) {
        if (parse_long(v, vn, &l) || l < 1 || l > 256)
            goto bad;
        p->mp.trees = (int)l;
    } else if (KEY("c")) {
        if (parse_double(v, vn, &d))
            goto bad;
        p->mp.c = d;
    } else if (KEY("rollout")) {
        if (vn == 3 && memcmp(v, "end", 3) == 0)
            l = -1;
        else if (parse_long(v, vn, &l) || l > 1000000)
            goto bad;
        p->mp.rollout = (int)l;
    } else if (KEY("order")) {
        if (parse_long(v, vn, &l) || l > 1)
            goto bad;
        p->mp.order = (int)l;
    } else if (KEY("pw")) {
        if (parse_double(v, vn, &d))
            goto bad;
        p->mp.pw_k = d;
    } else if (KEY("alpha")) {
        if (parse_double(v, vn, &d) || d > 1)
            goto bad;
        p->mp.pw_alpha = d;
    } else if (KEY("bias")) {
        if (parse_double(v, vn, &d))
            goto bad;
        p->mp.bias = d;
    } else if (KEY("pv")) {
        if (parse_double(v, vn, &d))
            goto bad;
        p->mp.prior_visits = d;
    } else if (KEY("leaf")) {
        static const char *const names[] = {"state", "prior", NULL};
        static const int vals[] = {AI_LEAF_STATE, AI_LEAF_PRIOR};
        if (pick_name(v, vn, names, vals, &p->mp.leaf))
            return bad_name(cx, spec, "leaf", v, vn, names);
    } else if (KEY("grollout")) {
        if (parse_long(v, vn, &l) || l > 1000)
            goto bad;
        p->mp.grollout = (int)l;
    } else if (KEY("cdepth")) {
        if (parse_long(v, vn, &l) || l < 1 || l > AI_CDEPTH_MAX)
            goto bad;
        p->mp.cdepth = (int)l;
    } else if (KEY("look")) {
        if (parse_long(v, vn, &l) || l < 0 || l > AI_LOOK_MAX)
            goto bad;
        p->mp.look = (int)l;
    } else if (KEY("settle")) {
        static const char *const names[] = {"none", "greedy", "random", NULL};
        static const int vals[] = {AI_SETTLE_NONE, AI_SETTLE_GREEDY, AI_SETTLE_RANDOM};
        if (pick_name(v, vn, names, vals, &p->mp.settle))
            return bad_name(cx, spec, "settle", v, vn, names);
    } else if (KEY("chain")) {
        static const char *const names[] = {"mean", "max", "minimax", NULL};
        static const int vals[] = {AI_CHAIN_MEAN, AI_CHAIN_MAX, AI_CHAIN_MINIMAX};
        if (pick_name(v, vn, names, vals, &p->mp.chain))
            return bad_name(cx, spec, "chain", v, vn, names);
    } else if (KEY("final")) {
        static const char *const names[] = {"visits", "value", NULL};
        static const int vals[] = {AI_FINAL_VISITS, AI_FINAL_VALUE};
        if (pick_name(v, vn, names, vals, &p->mp.final))
            return bad_name(cx, spec, "final", v, vn, names);
    } else {
        return vb_fail(cx, VB_EUSAGE,
                       "policy '%s': unknown option '%.*s' (threads, trees, c, rollout, order, "
                       "pw, alpha, bias, pv, leaf, grollout, cdepth, look, settle, chain, final)",
                       spec, (int)kn, k);
    }
    return 0;
#undef KEY
bad:
    return vb_fail(cx, VB_EUSAGE, "policy '%s': bad value '%.*s' for '%.*s'", spec, (int)vn, v,
                   (int)kn, k);
}

/* Whether one of the ",key=value" options in [from, to) has the key k
 * (a second value would silently replace the first). */
static int key_before(const char *from, const char *to, const char *k, size_t kn)
{
    while (from < to && *from == ',') {
        from++;
        size_t kl = strcspn(from, ",=");
        if (kl == kn && memcmp(from, k, kn) == 0)
            return 1;
        from += strcspn(from, ",");
    }
    return 0;
}

static int parse_spec(vb_policy *p, const char *spec, vb_ctx *cx)
{
    size_t nl = strcspn(spec, ":,");
    if (nl == 6 && memcmp(spec, "random", 6) == 0)
        p->kind = P_RANDOM;
    else if (nl == 6 && memcmp(spec, "greedy", 6) == 0)
        p->kind = P_GREEDY;
    else if (nl == 4 && memcmp(spec, "mcts", 4) == 0)
        p->kind = P_MCTS;
    else
        return vb_fail(cx, VB_EUSAGE, "unknown policy '%.*s' (random, greedy, mcts[:N|:Nms])",
                       (int)nl, spec);
    const char *s = spec + nl;
    if (*s == ':') {
        s++;
        size_t bl = strcspn(s, ",");
        long v;
        if (p->kind != P_MCTS)
            return vb_fail(cx, VB_EUSAGE, "policy '%s': only mcts takes a budget", spec);
        if (bl > 2 && memcmp(s + bl - 2, "ms", 2) == 0) {
            if (parse_long(s, bl - 2, &v) || v < 1)
                return vb_fail(cx, VB_EUSAGE, "policy '%s': bad time budget", spec);
            p->mp.millis = v;
            p->mp.iterations = 0;
        } else {
            if (parse_long(s, bl, &v) || v < 1 || v > 100000000)
                return vb_fail(cx, VB_EUSAGE, "policy '%s': bad iteration budget", spec);
            p->mp.iterations = v;
            p->mp.millis = 0;
        }
        s += bl;
    }
    const char *opts = s;
    while (*s == ',') {
        s++;
        size_t ol = strcspn(s, ",");
        const char *eq = memchr(s, '=', ol);
        if (!eq)
            return vb_fail(cx, VB_EUSAGE, "policy '%s': option '%.*s' needs key=value", spec,
                           (int)ol, s);
        if (key_before(opts, s - 1, s, (size_t)(eq - s)))
            return vb_fail(cx, VB_EUSAGE, "policy '%s': option '%.*s' given twice", spec,
                           (int)(eq - s), s);
        int rc = parse_option(p, spec, s, (size_t)(eq - s), eq + 1, ol - (size_t)(eq - s) - 1, cx);
        if (rc)
            return rc;
        s += ol;
    }
    if (*s)
        return vb_fail(cx, VB_EUSAGE, "policy '%s': unexpected '%s'", spec, s);
    if (p->mp.threads > p->mp.trees)
        p->mp.threads = p->mp.trees;
    return 0;
}

/* ---- the handle --------------------------------------------------------- */

vb_policy *vb_policy_new(const vb_game *g, const char *spec, uint64_t seed, vb_ctx *cx)
{
    if (!g || !spec) {
        vb_fail(cx, VB_EUSAGE, "no game or policy spec");
        return NULL;
    }
    vb_policy *p = calloc(1, sizeof *p);
    if (!p) {
        vb_fail(cx, VB_ENOMEM, "out of memory");
        return NULL;
    }
    p->g = g;
    p->seed = seed;
    vb_ctx_init(&p->cx);
    ai_mcts_defaults(g, &p->mp);
    if (parse_spec(p, spec, cx)) {
        free(p);
        return NULL;
    }
    size_t ss = g->def->state_size;
    p->view = malloc(ss);
    int ok = p->view != NULL;
    for (int i = 0; i < GREEDY_DEPTH + 1; i++) {
        p->stk[i] = malloc(ss);
        ok = ok && p->stk[i];
    }
    if (ok && p->kind == P_MCTS) {
        p->m = ai_mcts_new(g, &p->mp);
        ok = p->m != NULL;
    }
    if (!ok) {
        vb_policy_free(p);
        vb_fail(cx, VB_ENOMEM, "out of memory");
        return NULL;
    }
    /* The canonical name: the spec as given. */
    snprintf(p->name, sizeof p->name, "%s", spec);
    return p;
}

void vb_policy_free(vb_policy *p)
{
    if (!p)
        return;
    ai_mcts_free(p->m);
    free(p->view);
    for (int i = 0; i < GREEDY_DEPTH + 1; i++)
        free(p->stk[i]);
    free(p);
}

const char *vb_policy_name(const vb_policy *p)
{
    return p ? p->name : "(none)";
}

void ai_policy_reseed(vb_policy *p, uint64_t seed)
{
    p->seed = seed;
}

/* ---- greedy -------------------------------------------------------------- */

/* Value for role of the state stk[d] (which the function may overwrite via
 * deeper levels), averaging chance decisions. Scale: eval in [-1, 1], a won
 * game 2, a lost one -2, a draw 0. */
static double greedy_value(vb_policy *p, int d, int role, int leaves, vb_rng *rng)
{
    const vb_game *g = p->g;
    const void *st = p->stk[d];
    int who = vb_to_move(g, st);
    if (who == VB_OVER) {
        vb_result r;
        vb_result_get(g, st, &r);
        return 4.0 * ai_outcome(g, &r, role) - 2.0;
    }
    if (who != VB_CHANCE || d >= GREEDY_DEPTH)
        return g->def->eval ? g->def->eval(g, st, role) : 0.0;
    int n = vb_legal(g, st, p->acts[d], p->wts[d], VB_MAX_ACTIONS);
    if (n <= 0)
        return g->def->eval ? g->def->eval(g, st, role) : 0.0;
    size_t ss = g->def->state_size;
    double sum = 0, wsum = 0;
    if (n <= leaves) {
        int sub = leaves / n;
        for (int i = 0; i < n; i++) {
            memcpy(p->stk[d + 1], p->stk[d], ss);
            vb_apply_unchecked(g, p->stk[d + 1], p->acts[d][i], &p->cx);
            sum += (double)p->wts[d][i] * greedy_value(p, d + 1, role, sub, rng);
            wsum += p->wts[d][i];
        }
    } else {
        for (int k = 0; k < leaves; k++) {
            int i = ai_pick_weighted(rng, p->wts[d], n);
            memcpy(p->stk[d + 1], p->stk[d], ss);
            vb_apply_unchecked(g, p->stk[d + 1], p->acts[d][i], &p->cx);
            sum += greedy_value(p, d + 1, role, 1, rng);
            wsum += 1;
        }
    }
    return wsum > 0 ? sum / wsum : 0.0;
}

static vb_action choose_greedy(vb_policy *p, int role, int n, vb_rng *rng)
{
    const vb_game *g = p->g;
    size_t ss = g->def->state_size;
    /* Determinize once: the greedy player evaluates one plausible world. */
    if (g->def->determinize)
        g->def->determinize(g, p->view, role, rng);
    double best = -1e300;
    int nbest = 0;
    /* acts[GREEDY_DEPTH] holds the root list; ties are kept in wts[...]. */
    vb_action *root = p->acts[GREEDY_DEPTH];
    uint32_t *ties = p->wts[GREEDY_DEPTH];
    for (int i = 0; i < n; i++) {
        memcpy(p->stk[0], p->view, ss);
        vb_apply_unchecked(g, p->stk[0], root[i], &p->cx);
        double v = greedy_value(p, 0, role, GREEDY_LEAVES, rng);
        if (v > best + 1e-12) {
            best = v;
            nbest = 0;
        }
        if (v >= best - 1e-12)
            ties[nbest++] = (uint32_t)i;
    }
    return root[ties[vb_rng_below(rng, (uint64_t)nbest)]];
}

vb_action vb_policy_choose(vb_policy *p, const void *st)
{
    const vb_game *g = p->g;
    int role = vb_to_move(g, st);
    if (role < 0)
        return VB_NONE;
    if (p->kind == P_MCTS)
        return ai_mcts_choose(p->m, st, p->seed);
    vb_view(g, p->view, st, role);
    vb_rng rng;
    vb_rng_seed(&rng, ai_seed2(p->seed, vb_hash(g, p->view)));
    /* The role's own options never depend on what it cannot see, so the
     * legal list of the view is the legal list of the state. */
    vb_action *root = p->acts[GREEDY_DEPTH];
    int n = vb_legal(g, st, root, NULL, VB_MAX_ACTIONS);
    if (n <= 0)
        return VB_NONE;
    if (n == 1)
        return root[0];
    if (p->kind == P_GREEDY && g->def->eval)
        return choose_greedy(p, role, n, &rng);
    return root[vb_rng_below(&rng, (uint64_t)n)];
}

int vb_policy_analyze(const vb_game *g, const void *st, long iterations, uint64_t seed,
                      vb_action *acts, double *visits, double *mean, int max, long *done)
{
    ai_mcts_params mp;
    ai_mcts *m;
    int n;
    if (vb_to_move(g, st) < 0)
        return VB_EUSAGE;
    ai_mcts_defaults(g, &mp);
    mp.iterations = iterations > 0 ? iterations : 1000;
    mp.threads = 1;
    if (!(m = ai_mcts_new(g, &mp)))
        return VB_ENOMEM;
    ai_mcts_choose(m, st, seed); /* the search itself uses only the role's view */
    n = ai_mcts_root(m, acts, visits, mean, max);
    if (done)
        ai_mcts_stats(m, done, NULL);
    ai_mcts_free(m);
    return n;
}
