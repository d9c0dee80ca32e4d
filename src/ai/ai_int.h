/*
 * ai_int.h - internals shared by the policies (policy.c, mcts.c), the batch
 * simulator (sim.c) and the exact odds (odds.c). Not part of any public API.
 */
#ifndef VB_AI_INT_H
#define VB_AI_INT_H

#include "policy.h"
#include "vauban.h"

/* splitmix64's finalizer: a bijective 64-bit mixer. */
static inline uint64_t ai_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* A seed derived from two values; order matters. */
static inline uint64_t ai_seed2(uint64_t a, uint64_t b)
{
    return ai_mix64(ai_mix64(a) ^ (b * 0xD6E8FEB86659FD93ull));
}

/* search.c: value of a finished game for role from r->outcome (filled by
 * vb_result_get): 1 win, 0.5 draw, 0 loss (or a role not in the game). */
double ai_outcome(const vb_game *g, const vb_result *r, int role);

/* Index in [0, n) drawn with probability w[i] / sum(w). n >= 1. */
int ai_pick_weighted(vb_rng *rng, const uint32_t *w, int n);

/* Heuristic value of st for role in [0, 1]: the game's result if over,
 * else (def->eval + 1) / 2 clamped, else 0.5. */
double ai_value01(const vb_game *g, const void *st, int role);

/* Reseed an existing policy (the simulator reuses policies across games). */
void ai_policy_reseed(vb_policy *p, uint64_t seed);

/* ---- MCTS ------------------------------------------------------------- */
typedef struct ai_mcts_params {
    long iterations;     /* > 0: iteration budget (reproducible) */
    long millis;         /* > 0: time budget instead (not reproducible) */
    int threads;         /* worker threads (1: the calling thread only) */
    int trees;           /* independent root-parallel trees; fixed, so the
                            thread count never changes the choice */
    double c;            /* UCT exploration constant, rewards in [0, 1] */
    int rollout;         /* decisions played at random after the leaf before
                            scoring with def->eval; < 0: to the end */
    int order;           /* 1: order children by the eval of their state */
    double pw_k;         /* progressive widening: consider ceil(k * n^alpha) */
    double pw_alpha;     /* children of a node visited n times; k <= 0: off */
    double bias;         /* progressive bias: + bias * prior / (n + 1) */
    double prior_visits; /* the prior counts as this many visits (0: off;
                            then unvisited children go first) */
    int leaf;            /* how a scored state that is not over is valued:
                            AI_LEAF_STATE its eval as it stands,
                            AI_LEAF_PRIOR the eval averaged over the outcomes
                            of a chance decision pending on it, as the prior
                            is (at a new leaf: exactly its prior) */
    int grollout;        /* decisions played greedily after the leaf (each
                            role its best action by the prior), chance drawn
                            with the tree's generator; 0: none */
    int cdepth;          /* chance decisions averaged in a prior (and by
                            leaf=prior): 1 the one that follows at once (if
                            at most 64 outcomes); up to AI_CDEPTH_MAX nested
                            ones within 64 leaves, sampled beyond, as greedy
                            does */
    int settle;          /* AI_SETTLE_NONE: a leaf is scored where the tree
                            stops; AI_SETTLE_GREEDY / AI_SETTLE_RANDOM: play
                            on from it (greedy by the prior, or at random)
                            until def->turn changes, then score */
    int chain;           /* AI_CHAIN_MEAN: every node on the path is credited
                            with the iteration's reward; AI_CHAIN_MAX: a
                            node whose next decision is by the same role is
                            credited with its best child's mean;
                            AI_CHAIN_MINIMAX: every node is credited with
                            the best child (by the selection's mean without
                            exploration) of the role that decides there,
                            1 minus it for the other role of two */
    int look;            /* the prior of an action after which the same role
                            decides again (one role's staged decisions: a
                            unit, then its hex) is the best prior of what
                            follows, up to `look` such steps deep; 0: off */
    int final;           /* AI_FINAL_VISITS: the most visited root action;
                            AI_FINAL_VALUE: the best (w + pv * prior) /
                            (n + pv) */
} ai_mcts_params;

#define AI_CDEPTH_MAX 4
#define AI_LOOK_MAX 3
enum { AI_LEAF_STATE = 0, AI_LEAF_PRIOR = 1 };
enum { AI_FINAL_VISITS = 0, AI_FINAL_VALUE = 1 };
enum { AI_CHAIN_MEAN = 0, AI_CHAIN_MAX = 1, AI_CHAIN_MINIMAX = 2 };
enum { AI_SETTLE_NONE = 0, AI_SETTLE_GREEDY = 1, AI_SETTLE_RANDOM = 2 };
#define AI_SETTLE_MAX 4096 /* steps a settle plays at most */

typedef struct ai_mcts ai_mcts;

/* Defaults for game g: with def->eval, leaf evaluation (rollout 0), ordered
 * children, prior as 10 visits, c = 0.05; without, rollouts to the end. */
void ai_mcts_defaults(const vb_game *g, ai_mcts_params *mp);
/* New search workspace; NULL on allocation failure. */
ai_mcts *ai_mcts_new(const vb_game *g, const ai_mcts_params *mp);
void ai_mcts_free(ai_mcts *m);
/* Search from st (the full state; only role's view is used) for the role
 * that decides now; returns the chosen action. seed: the policy seed. */
vb_action ai_mcts_choose(ai_mcts *m, const void *st, uint64_t seed);
/* Root statistics of the last search (summed over trees), in the order of
 * vb_legal: up to max entries of action, visits, mean reward. Returns the
 * number of legal actions (0 when the last search was skipped). */
int ai_mcts_root(const ai_mcts *m, vb_action *acts, double *visits, double *mean, int max);
/* Statistics of the last search: iterations done, nodes allocated. */
void ai_mcts_stats(const ai_mcts *m, long *iterations, long *nodes);

#endif
