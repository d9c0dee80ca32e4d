/*
 * mcts.c - information-set Monte Carlo tree search with determinization.
 *
 * One search, for the role R that decides in a state S:
 *   view = S with the state's generator zeroed, then def->redact(R);
 *   for each of mp.trees independent trees (root parallelism), for each of
 *   its iterations: copy view, def->determinize(R, rng) (a full state
 *   consistent with R's view), then descend the tree:
 *     - decision nodes: UCT over the children legal in this
 *       determinization (availability counts when the game hides things),
 *       unvisited children first in order of their prior (the game's eval
 *       of the state after the action), optionally progressive widening
 *       (only the ceil(k * n^alpha) best-prior children are open at a node
 *       visited n times) and progressive bias;
 *     - chance nodes: the outcome is drawn from the listed weights with the
 *       tree's generator (never the state's own generator) and followed;
 *   stop at the first decision node not visited before, play mp.rollout
 *   random decisions, score the state (the result if over, else def->eval
 *   per role mapped to [0, 1]) and back the score up along the path, each
 *   node crediting the role that chose the action leading to it.
 * Options that change this (all off by default): leaf=prior scores the
 * state with a pending chance decision averaged over its outcomes, as the
 * prior is; cdepth=D averages up to D nested chance decisions (greedy's
 * scheme) in the prior and in leaf=prior; grollout=K plays K greedy
 * decisions (each role its best action by the prior) after the leaf;
 * look=D values a step after which the same role decides again by the best
 * of its next steps, D deep, in the prior.
 * The root statistics of the trees are summed in tree order and the most
 * visited action is chosen (final=value: the best prior-weighted mean). Each tree's generator is
 * seeded from the policy seed, the hash of the view and the tree index; trees are split over
 * threads but their number and budgets do not depend on the thread count,
 * so the choice is the same for any thread count.
 *
 * Memory: each tree owns a node pool, reused across searches; it grows by
 * doubling (rarely, between iterations), so iterations do not allocate.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai_int.h"

typedef struct node {
    vb_action a;    /* the action leading here */
    int32_t first;  /* first child, -1: none */
    int32_t next;   /* next sibling, -1: none */
    int32_t mover;  /* role that chose a, VB_CHANCE for an outcome */
    uint32_t n;     /* visits */
    uint32_t avail; /* times this child was legal when its parent was visited */
    float w;        /* summed reward of mover */
    float prior;    /* mover's heuristic value of this state, in [0, 1] */
    int32_t nkids;
    int32_t expanded;
} node;

#define SET_BITS 12 /* membership table for the legal actions of one visit */
#define SET_SIZE (1 << SET_BITS)

typedef struct tree {
    const vb_game *g;
    const ai_mcts_params *mp;
    node *pool;
    int32_t nn, cap;
    int32_t *path;
    int32_t pathcap;
    long budget; /* iterations to do (iteration budget) */
    long iters;  /* done */
    int oom;
    vb_rng rng;
    vb_ctx cx;
    unsigned char *st, *tmp, *tmp2;
    unsigned char *stk[AI_CDEPTH_MAX + 1]; /* nested chance averaging (cdepth > 1) */
    unsigned char *lst[AI_LOOK_MAX + 2];   /* look > 0: one role's next steps */
    vb_action *lacts[AI_LOOK_MAX + 1];
    uint32_t lwts[VB_MAX_ACTIONS];
    vb_action dacts[AI_CDEPTH_MAX][VB_MAX_ACTIONS];
    uint32_t dwts[AI_CDEPTH_MAX][VB_MAX_ACTIONS];
    vb_action acts[VB_MAX_ACTIONS];
    vb_action cacts[VB_MAX_ACTIONS]; /* chance outcomes while computing priors */
    uint32_t cwts[VB_MAX_ACTIONS];
    uint32_t wts[VB_MAX_ACTIONS];
    float pri[VB_MAX_ACTIONS];
    int32_t ord[VB_MAX_ACTIONS];
    double rew[VB_MAX_ROLES];
    uint32_t epoch;
    struct {
        vb_action a;
        uint32_t epoch;
    } set[SET_SIZE];
} tree;

struct ai_mcts {
    const vb_game *g;
    ai_mcts_params mp;
    tree **trees;
    unsigned char *view;
    int role;
    int hidden; /* the game can determinize: children may be unavailable */
    struct timespec deadline;
    vb_action acts[VB_MAX_ACTIONS];
    double agg_n[VB_MAX_ACTIONS], agg_w[VB_MAX_ACTIONS], agg_p[VB_MAX_ACTIONS];
    double agg_c[VB_MAX_ACTIONS]; /* trees with a child for the action */
    long last_iters, last_nodes;
    int last_n;
};

void ai_mcts_defaults(const vb_game *g, ai_mcts_params *mp)
{
    memset(mp, 0, sizeof *mp);
    mp->iterations = 1000;
    mp->threads = 1;
    mp->trees = 2;
    mp->c = g->def->eval ? 0.05 : 0.7;
    mp->rollout = g->def->eval ? 0 : -1;
    mp->order = g->def->eval ? 1 : 0;
    mp->pw_k = 0;
    mp->pw_alpha = 0.5;
    mp->bias = 0;
    mp->prior_visits = g->def->eval ? 10 : 0;
    mp->cdepth = 1;
}

static void tree_free(tree *t)
{
    if (!t)
        return;
    free(t->pool);
    free(t->path);
    free(t->st);
    free(t->tmp);
    free(t->tmp2);
    for (int i = 0; i <= AI_CDEPTH_MAX; i++)
        free(t->stk[i]);
    for (int i = 0; i < AI_LOOK_MAX + 2; i++)
        free(t->lst[i]);
    for (int i = 0; i <= AI_LOOK_MAX; i++)
        free(t->lacts[i]);
    free(t);
}

static tree *tree_new(const vb_game *g, const ai_mcts_params *mp)
{
    tree *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->g = g;
    t->mp = mp;
    long want = mp->iterations > 0 ? mp->iterations / (mp->trees > 0 ? mp->trees : 1) * 8 : 1 << 16;
    if (want < 4096)
        want = 4096;
    if (want > (1 << 22))
        want = 1 << 22;
    t->cap = (int32_t)want;
    t->pool = malloc((size_t)t->cap * sizeof *t->pool);
    t->pathcap = 1024;
    t->path = malloc((size_t)t->pathcap * sizeof *t->path);
    t->st = malloc(g->def->state_size);
    t->tmp = malloc(g->def->state_size);
    t->tmp2 = malloc(g->def->state_size);
    vb_ctx_init(&t->cx);
    int ok = 1;
    if (mp->cdepth > 1)
        for (int i = 0; i <= AI_CDEPTH_MAX; i++)
            ok &= (t->stk[i] = malloc(g->def->state_size)) != NULL;
    if (mp->look > 0) {
        for (int i = 0; i < AI_LOOK_MAX + 2; i++)
            ok &= (t->lst[i] = malloc(g->def->state_size)) != NULL;
        for (int i = 0; i <= AI_LOOK_MAX; i++)
            ok &= (t->lacts[i] = malloc(VB_MAX_ACTIONS * sizeof(vb_action))) != NULL;
    }
    if (!ok || !t->pool || !t->path || !t->st || !t->tmp || !t->tmp2) {
        tree_free(t);
        return NULL;
    }
    return t;
}

ai_mcts *ai_mcts_new(const vb_game *g, const ai_mcts_params *mp)
{
    ai_mcts *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->g = g;
    m->mp = *mp;
    if (m->mp.trees < 1)
        m->mp.trees = 1;
    if (m->mp.threads < 1)
        m->mp.threads = 1;
    if (m->mp.threads > m->mp.trees)
        m->mp.threads = m->mp.trees;
    m->hidden = g->def->determinize != NULL;
    m->view = malloc(g->def->state_size);
    m->trees = calloc((size_t)m->mp.trees, sizeof *m->trees);
    if (!m->view || !m->trees) {
        ai_mcts_free(m);
        return NULL;
    }
    for (int k = 0; k < m->mp.trees; k++) {
        m->trees[k] = tree_new(g, &m->mp);
        if (!m->trees[k]) {
            ai_mcts_free(m);
            return NULL;
        }
    }
    return m;
}

void ai_mcts_free(ai_mcts *m)
{
    if (!m)
        return;
    if (m->trees)
        for (int k = 0; k < m->mp.trees; k++)
            tree_free(m->trees[k]);
    free(m->trees);
    free(m->view);
    free(m);
}

int ai_mcts_root(const ai_mcts *m, vb_action *acts, double *visits, double *mean, int max)
{
    int n = m->last_n < max ? m->last_n : max;
    for (int i = 0; i < n; i++) {
        acts[i] = m->acts[i];
        visits[i] = m->agg_n[i];
        mean[i] = m->agg_n[i] > 0 ? m->agg_w[i] / m->agg_n[i] : 0;
    }
    return m->last_n;
}

void ai_mcts_stats(const ai_mcts *m, long *iterations, long *nodes)
{
    if (iterations)
        *iterations = m->last_iters;
    if (nodes)
        *nodes = m->last_nodes;
}

/* ---- one tree ------------------------------------------------------------ */

/* k consecutive new nodes; -1 when memory runs out. */
static int32_t alloc_nodes(tree *t, int32_t k)
{
    if (t->nn + k > t->cap) {
        int64_t cap = t->cap;
        while (cap < (int64_t)t->nn + k)
            cap *= 2;
        if (cap > INT32_MAX / 2) {
            t->oom = 1;
            return -1;
        }
        node *p = realloc(t->pool, (size_t)cap * sizeof *p);
        if (!p) {
            t->oom = 1;
            return -1;
        }
        t->pool = p;
        t->cap = (int32_t)cap;
    }
    int32_t base = t->nn;
    t->nn += k;
    return base;
}

static void node_init(node *nd, vb_action a, int32_t mover, float prior)
{
    nd->a = a;
    nd->first = -1;
    nd->next = -1;
    nd->mover = mover;
    nd->n = 0;
    nd->avail = 0;
    nd->w = 0;
    nd->prior = prior;
    nd->nkids = 0;
    nd->expanded = 0;
}

static int path_push(tree *t, int *len, int32_t v)
{
    if (*len >= t->pathcap) {
        int32_t *p = realloc(t->path, (size_t)t->pathcap * 2 * sizeof *p);
        if (!p) {
            t->oom = 1;
            return -1;
        }
        t->path = p;
        t->pathcap *= 2;
    }
    t->path[(*len)++] = v;
    return 0;
}

static uint32_t set_slot(vb_action a)
{
    return (uint32_t)((a * 0x9E3779B97F4A7C15ull) >> (64 - SET_BITS));
}

/* Mark the n legal actions of this visit (hidden-information games). */
static void set_fill(tree *t, int n)
{
    t->epoch++;
    if (t->epoch == 0) {
        for (int i = 0; i < SET_SIZE; i++)
            t->set[i].epoch = 0;
        t->epoch = 1;
    }
    for (int i = 0; i < n; i++) {
        uint32_t h = set_slot(t->acts[i]);
        while (t->set[h].epoch == t->epoch && t->set[h].a != t->acts[i])
            h = (h + 1) & (SET_SIZE - 1);
        t->set[h].a = t->acts[i];
        t->set[h].epoch = t->epoch;
    }
}

static int set_has(const tree *t, vb_action a)
{
    uint32_t h = set_slot(a);
    while (t->set[h].epoch == t->epoch) {
        if (t->set[h].a == a)
            return 1;
        h = (h + 1) & (SET_SIZE - 1);
    }
    return 0;
}

/* Sort ord[0..n) by pri descending, ties by index (stable, deterministic). */
static void order_by_prior(tree *t, int n)
{
    for (int i = 0; i < n; i++)
        t->ord[i] = i;
    /* insertion sort on small lists, shell gaps on large */
    static const int gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};
    for (size_t gi = 0; gi < sizeof gaps / sizeof gaps[0]; gi++) {
        int gap = gaps[gi];
        for (int i = gap; i < n; i++) {
            int32_t v = t->ord[i];
            int j = i;
            while (j >= gap && (t->pri[t->ord[j - gap]] < t->pri[v] ||
                                (t->pri[t->ord[j - gap]] == t->pri[v] && t->ord[j - gap] > v))) {
                t->ord[j] = t->ord[j - gap];
                j -= gap;
            }
            t->ord[j] = v;
        }
    }
}

/* Prior of action a for role who: the game's eval after it, averaged over
 * the outcomes of a chance decision that follows at once (when it has at
 * most PRIOR_OUTCOMES outcomes), mapped to [0, 1]. */
#define PRIOR_OUTCOMES 64

/* cdepth > 1: the values of stk[d] (role >= 0: out[0] for role; else
 * out[i] for every role i) with chance decisions averaged up to cdepth
 * deep, as greedy does: enumerated while the product of their branching
 * factors stays within `leaves`, else `leaves` outcomes drawn with the
 * tree's generator. */
static void chance_avg(tree *t, int d, int role, int leaves, double *out)
{
    const vb_game *g = t->g;
    int nr = role >= 0 ? 1 : g->def->nroles;
    const void *st = t->stk[d];
    int n = 0;
    if (d < t->mp->cdepth && d < AI_CDEPTH_MAX && vb_to_move(g, st) == VB_CHANCE)
        n = vb_legal(g, st, t->dacts[d], t->dwts[d], VB_MAX_ACTIONS);
    if (n <= 0) {
        for (int i = 0; i < nr; i++)
            out[i] = ai_value01(g, st, role >= 0 ? role : i);
        return;
    }
    size_t ss = g->def->state_size;
    double sum[VB_MAX_ROLES] = {0}, sub[VB_MAX_ROLES], wsum = 0;
    int k = n <= leaves ? n : leaves;
    for (int j = 0; j < k; j++) {
        int i = n <= leaves ? j : ai_pick_weighted(&t->rng, t->dwts[d], n);
        double w = n <= leaves ? t->dwts[d][i] : 1;
        memcpy(t->stk[d + 1], t->stk[d], ss);
        vb_apply_unchecked(g, t->stk[d + 1], t->dacts[d][i], &t->cx);
        chance_avg(t, d + 1, role, n <= leaves ? leaves / n : 1, sub);
        for (int r = 0; r < nr; r++)
            sum[r] += w * sub[r];
        wsum += w;
    }
    for (int r = 0; r < nr; r++)
        out[r] = wsum > 0 ? sum[r] / wsum : 0.5;
}

/* look > 0: who's value of lst[d]. Where who decides again (a staged
 * decision: the unit chosen, its hex still to choose), the best of its
 * next steps, up to look such steps; a pending chance decision of at most
 * PRIOR_OUTCOMES outcomes averaged, as prior_of does; else the state's
 * value as it stands. */
static double look_value(tree *t, int d, int who)
{
    const vb_game *g = t->g;
    size_t ss = g->def->state_size;
    const unsigned char *st = t->lst[d];
    int to = vb_to_move(g, st);
    if (to == who && d < t->mp->look) {
        int n = vb_legal(g, st, t->lacts[d], NULL, VB_MAX_ACTIONS);
        double best = -1;
        for (int i = 0; i < n; i++) {
            memcpy(t->lst[d + 1], st, ss);
            vb_apply_unchecked(g, t->lst[d + 1], t->lacts[d][i], &t->cx);
            double v = look_value(t, d + 1, who);
            if (v > best)
                best = v;
        }
        if (n > 0)
            return best;
    }
    if (to != VB_CHANCE)
        return ai_value01(g, st, who);
    int n = vb_legal(g, st, t->lacts[d], t->lwts, VB_MAX_ACTIONS);
    if (n <= 0 || n > PRIOR_OUTCOMES)
        return ai_value01(g, st, who);
    double sum = 0, wsum = 0;
    for (int i = 0; i < n; i++) {
        memcpy(t->lst[d + 1], st, ss);
        vb_apply_unchecked(g, t->lst[d + 1], t->lacts[d][i], &t->cx);
        sum += t->lwts[i] * ai_value01(g, t->lst[d + 1], who);
        wsum += t->lwts[i];
    }
    return wsum > 0 ? sum / wsum : 0.5;
}

static float prior_of(tree *t, int who, vb_action a)
{
    const vb_game *g = t->g;
    size_t ss = g->def->state_size;
    if (t->mp->look > 0) {
        memcpy(t->lst[0], t->st, ss);
        vb_apply_unchecked(g, t->lst[0], a, &t->cx);
        return (float)look_value(t, 0, who);
    }
    if (t->mp->cdepth > 1) {
        double v;
        memcpy(t->stk[0], t->st, ss);
        vb_apply_unchecked(g, t->stk[0], a, &t->cx);
        chance_avg(t, 0, who, PRIOR_OUTCOMES, &v);
        return (float)v;
    }
    memcpy(t->tmp, t->st, ss);
    vb_apply_unchecked(g, t->tmp, a, &t->cx);
    if (vb_to_move(g, t->tmp) != VB_CHANCE)
        return (float)ai_value01(g, t->tmp, who);
    int n = vb_legal(g, t->tmp, t->cacts, t->cwts, VB_MAX_ACTIONS);
    if (n <= 0 || n > PRIOR_OUTCOMES)
        return (float)ai_value01(g, t->tmp, who);
    double sum = 0, wsum = 0;
    for (int i = 0; i < n; i++) {
        memcpy(t->tmp2, t->tmp, ss);
        vb_apply_unchecked(g, t->tmp2, t->cacts[i], &t->cx);
        sum += t->cwts[i] * ai_value01(g, t->tmp2, who);
        wsum += t->cwts[i];
    }
    return (float)(wsum > 0 ? sum / wsum : 0.5);
}

/* Create the children of decision node ni for the n actions in t->acts. */
static int expand(tree *t, int32_t ni, int who, int n)
{
    const vb_game *g = t->g;
    int use_prior = t->mp->order && g->def->eval;
    /* Equal priors are common (most moves do not change the evaluation at
     * once): a tiny jitter from the tree's generator breaks the ties at
     * random instead of always favouring the first action listed (often
     * "end"). */
    for (int i = 0; i < n; i++)
        t->pri[i] =
            use_prior ? prior_of(t, who, t->acts[i]) + (float)((vb_rng_unit(&t->rng) - 0.5) * 1e-4)
                      : 0.5f;
    if (use_prior)
        order_by_prior(t, n);
    else
        for (int i = 0; i < n; i++)
            t->ord[i] = i;
    int32_t base = alloc_nodes(t, n);
    if (base < 0)
        return -1;
    for (int j = 0; j < n; j++) {
        node *c = &t->pool[base + j];
        node_init(c, t->acts[t->ord[j]], who, t->pri[t->ord[j]]);
        c->next = j + 1 < n ? base + j + 1 : -1;
    }
    node *nd = &t->pool[ni];
    nd->first = base;
    nd->nkids = n;
    nd->expanded = 1;
    return 0;
}

/* Hidden information: add the legal actions of this determinization that
 * node ni has no child for yet (appended, prior 0.5). */
static int add_missing(tree *t, int32_t ni, int who, int n)
{
    int present = 0;
    int32_t last = -1;
    for (int32_t c = t->pool[ni].first; c >= 0; c = t->pool[c].next) {
        last = c;
        if (t->pool[c].mover == who && set_has(t, t->pool[c].a))
            present++;
    }
    if (present == n)
        return 0;
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int32_t c = t->pool[ni].first; c >= 0; c = t->pool[c].next)
            if (t->pool[c].a == t->acts[i] && t->pool[c].mover == who) {
                found = 1;
                break;
            }
        if (found)
            continue;
        int32_t k = alloc_nodes(t, 1);
        if (k < 0)
            return -1;
        node_init(&t->pool[k], t->acts[i], who, 0.5f);
        if (last < 0)
            t->pool[ni].first = k;
        else
            t->pool[last].next = k;
        last = k;
        t->pool[ni].nkids++;
    }
    return 0;
}

static int32_t select_child(tree *t, int32_t ni, int who, int n)
{
    const ai_mcts_params *mp = t->mp;
    int hidden = t->g->def->determinize != NULL;
    node *nd = &t->pool[ni];
    int allowed = nd->nkids;
    if (mp->pw_k > 0) {
        double open = ceil(mp->pw_k * pow((double)nd->n + 1.0, mp->pw_alpha));
        if (open < allowed)
            allowed = (int)open;
    }
    if (hidden && allowed > n)
        allowed = n;
    double lnp = log((double)nd->n + 1.0);
    double pv = mp->prior_visits;
    double best = -1e300;
    int32_t pick = -1, fresh = -1;
    int idx = 0;
    for (int32_t c = nd->first; c >= 0 && idx < allowed; c = t->pool[c].next) {
        node *ch = &t->pool[c];
        if (ch->mover != who || (hidden && !set_has(t, ch->a)))
            continue;
        idx++;
        if (hidden)
            ch->avail++;
        double u;
        if (pv > 0) {
            /* the prior counts as pv visits of value prior */
            double lp = hidden ? log((double)ch->avail + 1.0) : lnp;
            u = (ch->w + pv * ch->prior) / (ch->n + pv) + mp->c * sqrt(lp / (ch->n + 1.0));
        } else {
            if (ch->n == 0) {
                if (fresh < 0)
                    fresh = c; /* unvisited: the first in prior order */
                continue;
            }
            double lp = hidden ? log((double)ch->avail) : lnp;
            u = ch->w / ch->n + mp->c * sqrt(lp / ch->n);
        }
        if (mp->bias > 0)
            u += mp->bias * ch->prior / (ch->n + 1.0);
        if (u > best) {
            best = u;
            pick = c;
        }
    }
    return fresh >= 0 ? fresh : pick;
}

/* The chance child of ni for outcome a, created when new. */
static int32_t chance_child(tree *t, int32_t ni, vb_action a)
{
    for (int32_t c = t->pool[ni].first; c >= 0; c = t->pool[c].next)
        if (t->pool[c].a == a && t->pool[c].mover == VB_CHANCE)
            return c;
    int32_t k = alloc_nodes(t, 1);
    if (k < 0)
        return -1;
    node_init(&t->pool[k], a, VB_CHANCE, 0);
    t->pool[k].next = t->pool[ni].first;
    t->pool[ni].first = k;
    t->pool[ni].nkids++;
    return k;
}

/* Values of t->st for every role with a chance decision pending on it
 * averaged over its outcomes (at most PRIOR_OUTCOMES), as prior_of does. */
static void score_averaged(tree *t)
{
    const vb_game *g = t->g;
    int nr = g->def->nroles;
    size_t ss = g->def->state_size;
    if (t->mp->cdepth > 1) {
        memcpy(t->stk[0], t->st, ss);
        chance_avg(t, 0, -1, PRIOR_OUTCOMES, t->rew);
        return;
    }
    int n = 0;
    if (vb_to_move(g, t->st) == VB_CHANCE)
        n = vb_legal(g, t->st, t->cacts, t->cwts, VB_MAX_ACTIONS);
    if (n <= 0 || n > PRIOR_OUTCOMES) {
        for (int i = 0; i < nr; i++)
            t->rew[i] = ai_value01(g, t->st, i);
        return;
    }
    double sum[VB_MAX_ROLES] = {0}, wsum = 0;
    for (int k = 0; k < n; k++) {
        memcpy(t->tmp2, t->st, ss);
        vb_apply_unchecked(g, t->tmp2, t->cacts[k], &t->cx);
        for (int i = 0; i < nr; i++)
            sum[i] += t->cwts[k] * ai_value01(g, t->tmp2, i);
        wsum += t->cwts[k];
    }
    for (int i = 0; i < nr; i++)
        t->rew[i] = wsum > 0 ? sum[i] / wsum : 0.5;
}

static void score(tree *t, int over)
{
    const vb_game *g = t->g;
    int nr = g->def->nroles;
    if (over) {
        vb_result r;
        vb_result_get(g, t->st, &r);
        for (int i = 0; i < nr; i++)
            t->rew[i] = ai_outcome(g, &r, i);
    } else if (t->mp->leaf == AI_LEAF_PRIOR) {
        score_averaged(t);
    } else {
        for (int i = 0; i < nr; i++)
            t->rew[i] = ai_value01(g, t->st, i);
    }
}

/* One playout decision for role who (>= 0) in t->st: its best action by
 * prior_of (ties broken by the tree's generator) when greedy, else one at
 * random; returns the index in t->acts of the n legal ones. */
static int playout_pick(tree *t, int who, int n, int greedy)
{
    if (!greedy)
        return (int)vb_rng_below(&t->rng, (uint64_t)n);
    float best = -1;
    int nbest = 0;
    for (int k = 0; k < n; k++) {
        float v = n > 1 ? prior_of(t, who, t->acts[k]) : 0;
        if (v > best) {
            best = v;
            nbest = 0;
        }
        if (v == best)
            t->ord[nbest++] = k;
    }
    return t->ord[nbest > 1 ? vb_rng_below(&t->rng, (uint64_t)nbest) : 0];
}

/* Greedy playout: up to mp.grollout decisions, each the deciding role's
 * best action by prior_of (ties broken by the tree's generator), chance
 * drawn from its weights with the tree's generator. */
static void greedy_rollout(tree *t)
{
    const vb_game *g = t->g;
    int left = t->mp->grollout;
    long guard = 64L + 8L * left; /* chance steps too: never loop forever */
    while (left > 0 && guard-- > 0) {
        int who = vb_to_move(g, t->st);
        if (who == VB_OVER)
            break;
        int n = vb_legal(g, t->st, t->acts, who == VB_CHANCE ? t->wts : NULL, VB_MAX_ACTIONS);
        if (n <= 0)
            break;
        int i;
        if (who == VB_CHANCE) {
            i = ai_pick_weighted(&t->rng, t->wts, n);
        } else {
            i = playout_pick(t, who, n, 1);
            left--;
        }
        vb_apply_unchecked(g, t->st, t->acts[i], &t->cx);
    }
}

/* settle: play on from the leaf until the game's turn counter (def->turn)
 * changes or the game ends, so that every leaf is scored at the start of a
 * turn rather than part-way through one (after one side's orders, before
 * the other's reply and the dice). Decisions greedy (each role its best
 * action by the prior) or random, chance from its weights; at most
 * AI_SETTLE_MAX steps. Nothing without def->turn. */
static void settle(tree *t)
{
    const vb_game *g = t->g;
    if (!g->def->turn)
        return;
    int greedy = t->mp->settle == AI_SETTLE_GREEDY;
    int turn = g->def->turn(g, t->st);
    for (long guard = 0; guard < AI_SETTLE_MAX; guard++) {
        int who = vb_to_move(g, t->st);
        if (who == VB_OVER || g->def->turn(g, t->st) != turn)
            break;
        int n = vb_legal(g, t->st, t->acts, who == VB_CHANCE ? t->wts : NULL, VB_MAX_ACTIONS);
        if (n <= 0)
            break;
        int i = who == VB_CHANCE ? ai_pick_weighted(&t->rng, t->wts, n)
                                 : playout_pick(t, who, n, greedy);
        vb_apply_unchecked(g, t->st, t->acts[i], &t->cx);
    }
}

/* chain=minimax: the parent p of a node chosen by role who is credited with
 * who's best child of p, each child valued as the selection values it
 * without the exploration term, (w + pv * prior) / (n + pv) (pv 0: the
 * visited children's means): who's value of p is that best value, and in a
 * game of two roles (taken as constant-sum: rewards in [0, 1] add up to 1)
 * the other role's is 1 minus it; with more roles the other roles keep the
 * iteration's reward. Nothing when p has no child of who to value. */
static void minimax_credit(tree *t, int32_t p, int who)
{
    double pv = t->mp->prior_visits;
    double best = -1;
    for (int32_t c = t->pool[p].first; c >= 0; c = t->pool[c].next) {
        const node *ch = &t->pool[c];
        if (ch->mover != who || (pv <= 0 && ch->n == 0))
            continue;
        double v = (ch->w + pv * ch->prior) / (ch->n + pv);
        if (v > best)
            best = v;
    }
    if (best < 0)
        return;
    t->rew[who] = best;
    if (t->g->def->nroles == 2)
        t->rew[1 - who] = 1 - best;
}

static void iterate(tree *t, const void *view, int role)
{
    const vb_game *g = t->g;
    int hidden = g->def->determinize != NULL;
    memcpy(t->st, view, g->def->state_size);
    if (hidden)
        g->def->determinize(g, t->st, role, &t->rng);
    int len = 0;
    int32_t ni = 0;
    path_push(t, &len, 0);
    int over = 0;
    for (;;) {
        int who = vb_to_move(g, t->st);
        if (who == VB_OVER) {
            over = 1;
            break;
        }
        int n = vb_legal(g, t->st, t->acts, who == VB_CHANCE ? t->wts : NULL, VB_MAX_ACTIONS);
        if (n <= 0)
            break;
        int32_t c;
        if (who == VB_CHANCE) {
            int i = ai_pick_weighted(&t->rng, t->wts, n);
            c = chance_child(t, ni, t->acts[i]);
        } else {
            if (!t->pool[ni].expanded) {
                if (expand(t, ni, who, n))
                    return;
            }
            if (hidden) {
                set_fill(t, n);
                if (add_missing(t, ni, who, n))
                    return;
            }
            c = select_child(t, ni, who, n);
        }
        if (c < 0)
            return;
        vb_apply_unchecked(g, t->st, t->pool[c].a, &t->cx);
        if (path_push(t, &len, c))
            return;
        ni = c;
        if (who != VB_CHANCE && t->pool[c].n == 0)
            break; /* a new leaf */
    }
    if (!over && t->mp->settle != AI_SETTLE_NONE) {
        settle(t);
        over = vb_to_move(g, t->st) == VB_OVER;
    }
    if (!over && t->mp->grollout > 0) {
        greedy_rollout(t);
        over = vb_to_move(g, t->st) == VB_OVER;
    }
    if (!over) {
        /* Rollout: random decisions, chance by its weights. */
        long left = t->mp->rollout < 0 ? 1000000 : t->mp->rollout;
        while (left-- > 0) {
            int who = vb_to_move(g, t->st);
            if (who == VB_OVER)
                break;
            int n = vb_legal(g, t->st, t->acts, who == VB_CHANCE ? t->wts : NULL, VB_MAX_ACTIONS);
            if (n <= 0)
                break;
            int i = who == VB_CHANCE ? ai_pick_weighted(&t->rng, t->wts, n)
                                     : (int)vb_rng_below(&t->rng, (uint64_t)n);
            vb_apply_unchecked(g, t->st, t->acts[i], &t->cx);
        }
        over = vb_to_move(g, t->st) == VB_OVER;
    }
    score(t, over);
    /* Back up from the leaf to the root. chain=max: where a node's action
     * and its parent's were chosen by the same role (one role's staged
     * decisions in a row), the parent is credited with its best child's
     * mean instead of this iteration's reward, so exploring the worse
     * options of a later step does not lower the value of an earlier one.
     * chain=minimax: every node is credited with the best child of the role
     * that decides there (minimax_credit), the replying role's best reply
     * included, so that exploring the other side's worse replies does not
     * raise the value of the move they answer either. */
    int chain = t->mp->chain == AI_CHAIN_MAX;
    int mmax = t->mp->chain == AI_CHAIN_MINIMAX;
    for (int i = len - 1; i >= 0; i--) {
        node *nd = &t->pool[t->path[i]];
        nd->n++;
        if (nd->mover < 0)
            continue;
        nd->w += (float)t->rew[nd->mover];
        if (mmax && i > 0) {
            minimax_credit(t, t->path[i - 1], nd->mover);
        } else if (chain && i > 0 && t->pool[t->path[i - 1]].mover == nd->mover) {
            double best = -1;
            for (int32_t c = t->pool[t->path[i - 1]].first; c >= 0; c = t->pool[c].next) {
                const node *ch = &t->pool[c];
                if (ch->mover == nd->mover && ch->n > 0 && ch->w / ch->n > best)
                    best = ch->w / ch->n;
            }
            t->rew[nd->mover] = best;
        }
    }
    t->iters++;
}

/* ---- the search --------------------------------------------------------- */

typedef struct worker {
    ai_mcts *m;
    int id;
} worker;

static int time_left(const ai_mcts *m)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec < m->deadline.tv_sec ||
           (now.tv_sec == m->deadline.tv_sec && now.tv_nsec < m->deadline.tv_nsec);
}

static void *work(void *arg)
{
    worker *w = arg;
    ai_mcts *m = w->m;
    int K = m->mp.trees, T = m->mp.threads;
    if (m->mp.millis <= 0) {
        for (int k = w->id; k < K; k += T) {
            tree *t = m->trees[k];
            while (t->iters < t->budget && !t->oom)
                iterate(t, m->view, m->role);
        }
        return NULL;
    }
    int active = 1;
    while (active && time_left(m)) {
        active = 0;
        for (int k = w->id; k < K; k += T) {
            tree *t = m->trees[k];
            for (int i = 0; i < 16 && !t->oom; i++)
                iterate(t, m->view, m->role);
            active |= !t->oom;
        }
    }
    return NULL;
}

/* final=value: the root action with the best (w + pv * prior) / (n + pv),
 * the statistic the selection uses without its exploration term, summed
 * over the trees (pv counted once a tree that has the child); ties go to
 * the more visited, then to the higher summed prior. */
static int best_by_value(const ai_mcts *m, int n)
{
    double pv = m->mp.prior_visits;
    int best = -1;
    double bv = 0;
    for (int i = 0; i < n; i++) {
        double den = m->agg_n[i] + pv * m->agg_c[i];
        if (den <= 0)
            continue;
        double v = (m->agg_w[i] + pv * m->agg_p[i]) / den;
        if (best < 0 || v > bv ||
            (v == bv && (m->agg_n[i] > m->agg_n[best] ||
                         (m->agg_n[i] == m->agg_n[best] && m->agg_p[i] > m->agg_p[best])))) {
            best = i;
            bv = v;
        }
    }
    return best < 0 ? 0 : best;
}

vb_action ai_mcts_choose(ai_mcts *m, const void *st, uint64_t seed)
{
    const vb_game *g = m->g;
    int role = vb_to_move(g, st);
    if (role < 0)
        return VB_NONE;
    int n = vb_legal(g, st, m->acts, NULL, VB_MAX_ACTIONS);
    m->last_iters = 0;
    m->last_nodes = 0;
    m->last_n = 0;
    if (n <= 0)
        return VB_NONE;
    if (n == 1)
        return m->acts[0];
    m->role = role;
    vb_view(g, m->view, st, role);
    uint64_t base = ai_seed2(seed, vb_hash(g, m->view));
    int K = m->mp.trees;
    for (int k = 0; k < K; k++) {
        tree *t = m->trees[k];
        t->nn = 0;
        t->iters = 0;
        t->oom = 0;
        t->budget = m->mp.iterations / K + (k < m->mp.iterations % K ? 1 : 0);
        vb_rng_seed(&t->rng, ai_seed2(base, (uint64_t)k));
        int32_t r = alloc_nodes(t, 1);
        node_init(&t->pool[r], VB_NONE, -3, 0);
    }
    if (m->mp.millis > 0) {
        clock_gettime(CLOCK_MONOTONIC, &m->deadline);
        m->deadline.tv_sec += m->mp.millis / 1000;
        m->deadline.tv_nsec += (m->mp.millis % 1000) * 1000000L;
        if (m->deadline.tv_nsec >= 1000000000L) {
            m->deadline.tv_sec++;
            m->deadline.tv_nsec -= 1000000000L;
        }
    }
    int T = m->mp.threads;
    worker ws[256];
    pthread_t th[256];
    int started[256] = {0};
    for (int i = 0; i < T; i++) {
        ws[i].m = m;
        ws[i].id = i;
    }
    for (int i = 1; i < T; i++)
        started[i] = pthread_create(&th[i], NULL, work, &ws[i]) == 0;
    work(&ws[0]);
    for (int i = 1; i < T; i++) {
        if (started[i])
            pthread_join(th[i], NULL);
        else /* could not start: do its share here, same result */
            work(&ws[i]);
    }
    /* Sum the root statistics in tree order. */
    for (int i = 0; i < n; i++)
        m->agg_n[i] = m->agg_w[i] = m->agg_p[i] = m->agg_c[i] = 0;
    for (int k = 0; k < K; k++) {
        tree *t = m->trees[k];
        m->last_iters += t->iters;
        m->last_nodes += t->nn;
        int hint = 0;
        for (int32_t c = t->pool[0].first; c >= 0; c = t->pool[c].next) {
            const node *ch = &t->pool[c];
            if (ch->mover != role)
                continue;
            int j = -1;
            for (int q = 0; q < n; q++) {
                int idx = (hint + q) % n;
                if (m->acts[idx] == ch->a) {
                    j = idx;
                    break;
                }
            }
            if (j < 0)
                continue;
            hint = j + 1;
            m->agg_n[j] += ch->n;
            m->agg_w[j] += ch->w;
            m->agg_p[j] += ch->prior;
            m->agg_c[j] += 1;
        }
    }
    m->last_n = n;
    if (m->mp.final == AI_FINAL_VALUE)
        return m->acts[best_by_value(m, n)];
    /* Most visits; ties (common when there are more actions than
     * iterations) go to the higher mean, then to the higher summed prior,
     * whose jitter breaks exact ties at random rather than in favour of
     * the first action listed. */
    int best = 0;
    for (int i = 1; i < n; i++) {
        double mi = m->agg_n[i] > 0 ? m->agg_w[i] / m->agg_n[i] : 0;
        double mb = m->agg_n[best] > 0 ? m->agg_w[best] / m->agg_n[best] : 0;
        if (m->agg_n[i] != m->agg_n[best]) {
            if (m->agg_n[i] > m->agg_n[best])
                best = i;
        } else if (mi != mb) {
            if (mi > mb)
                best = i;
        } else if (m->agg_p[i] > m->agg_p[best]) {
            best = i;
        }
    }
    return m->acts[best];
}
