/*
 * policy.h - computer players: random, greedy, mcts (information-set MCTS).
 *
 * A policy chooses an action for the role that decides now. It sees only
 * what that role may see: it redacts a copy of the state (def->redact) and,
 * for search, draws full states consistent with that view
 * (def->determinize). Deterministic: the same spec, seed and state give the
 * same choice, whatever the thread count.
 */
#ifndef VB_POLICY_H
#define VB_POLICY_H

#include "vauban.h"

typedef struct vb_policy vb_policy;

/* Parse a policy spec: "random", "greedy", "mcts" (default budget),
 * "mcts:5000" (iterations), "mcts:200ms" (milliseconds; not reproducible),
 * optionally ",threads=T". Returns a new policy (free with vb_policy_free)
 * or NULL with the reason in cx->err. */
vb_policy *vb_policy_new(const vb_game *g, const char *spec, uint64_t seed, vb_ctx *cx);
void vb_policy_free(vb_policy *p);
/* Choose an action for the role deciding in st (never VB_CHANCE/VB_OVER). */
vb_action vb_policy_choose(vb_policy *p, const void *st);
const char *vb_policy_name(const vb_policy *p);

/* What the search thinks of the current decision (for `hint` and `vauban
 * analyze`): runs `iterations` MCTS iterations (single thread, seeded by
 * seed) from the view of the role deciding in st, and fills, in the order of
 * vb_legal, up to max actions with their visits and mean reward in [0, 1]
 * (the estimated chance of winning). *done gets the iterations run (may be
 * NULL). Returns the number of legal actions, or a negative vb_err. */
int vb_policy_analyze(const vb_game *g, const void *st, long iterations, uint64_t seed,
                      vb_action *acts, double *visits, double *mean, int max, long *done);

#endif
