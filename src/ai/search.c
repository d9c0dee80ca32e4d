/*
 * search.c - what the policies share (greedy in policy.c, MCTS in mcts.c):
 * the value of a finished game for a role, weighted picks, the heuristic
 * value of a position in [0, 1]. Neither policy.c nor mcts.c calls the other
 * for these.
 */
#include <string.h>

#include "ai_int.h"

double ai_outcome(const vb_game *g, const vb_result *r, int role)
{
    (void)g;
    if (role < 0 || role >= VB_MAX_ROLES)
        return 0.0;
    switch (r->outcome[role]) {
    case VB_OUT_WIN:
        return 1.0;
    case VB_OUT_DRAW:
        return 0.5;
    default:
        return 0.0;
    }
}

int ai_pick_weighted(vb_rng *rng, const uint32_t *w, int n)
{
    uint64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += w[i];
    if (sum == 0)
        return (int)vb_rng_below(rng, (uint64_t)n);
    uint64_t x = vb_rng_below(rng, sum);
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return i;
        x -= w[i];
    }
    return n - 1;
}

double ai_value01(const vb_game *g, const void *st, int role)
{
    if (vb_to_move(g, st) == VB_OVER) {
        vb_result r;
        vb_result_get(g, st, &r);
        return ai_outcome(g, &r, role);
    }
    if (!g->def->eval)
        return 0.5;
    double e = g->def->eval(g, st, role);
    if (!(e > -1.0)) /* also NaN */
        e = -1.0;
    if (e > 1.0)
        e = 1.0;
    return (e + 1.0) / 2.0;
}
