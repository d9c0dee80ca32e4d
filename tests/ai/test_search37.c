/*
 * test_search37.c - what the thirty-seventh session's mutation pass of
 * src/ai/mcts.c left untested (docs/core.md, "Mutation pass,
 * thirty-seventh session"): the prior of an action followed by a chance
 * decision (its outcomes' values averaged with their weights), chain=max
 * crediting only where one role decides twice in a row, and the default
 * budget of `mcts` without a number. Two tiny games:
 *
 * "coin" (coin_game.h, two faces): a decides stand (0) or toss (1); a toss
 * is followed by a coin, outcome 0 (weight 1) or 1 (weight 3); then b
 * ends the game. a's value (eval + 1) / 2 is STAND after stand, 0.2 or
 * 0.6 after the coin's 0 or 1 (so 0.5 averaged with the weights, 0.4
 * without them), 0.3 with the coin pending (0.5 before a decides).
 *
 * "nim" (built here): 5 tokens, a and b in turn take 1 or 2, who takes
 * the last wins; eval 0 until then. No role ever decides twice in a row.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ai_int.h"
#include "coin_game.h"
#include "policy.h"
#include "vauban.h"

/* One iteration of one tree, exploration 0, one prior visit: it creates the
 * root's children with their priors and visits the one of higher prior,
 * which is then the most visited. */
static vb_action coin_choice(double stand, int look, int faces)
{
    vb_game_def d;
    vb_game g;
    coin_state s;
    ai_mcts_params mp;
    coin_start(&g, &d, &s, stand, faces);
    ai_mcts_defaults(&g, &mp);
    mp.iterations = 1;
    mp.trees = 1;
    mp.prior_visits = 1;
    mp.c = 0;
    mp.look = look;
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    vb_action a = ai_mcts_choose(m, &s, 1);
    vb_action acts[2];
    double vis[2], mean[2];
    assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
    assert_true(vis[0] + vis[1] == 1);
    ai_mcts_free(m);
    return a;
}

/* The prior of "toss" is its coin's outcomes averaged with their weights,
 * 0.5 (docs/ai.md, mcts: "the evaluation after the action, averaged over the
 * outcomes of an immediately following chance decision"): below a stand
 * of 0.55, above one of 0.45. Unweighted (0.4) or with the coin left
 * pending (0.3, the state as it stands) it would lose to 0.45; with a sum
 * not started at 0 (0.75) it would beat 0.55. The same with look=1 and 2
 * (look_value's average). */
static void test_prior_averages_the_chance_after(void **state)
{
    (void)state;
    /* look=D (D > 0) takes the same average through look_value */
    for (int look = 0; look <= 2; look++) {
        if (coin_choice(0.55, look, 2) != 0)
            fail_msg("M37: look=%d: toss (prior 0.5) chosen over a stand worth 0.55", look);
        if (coin_choice(0.45, look, 2) != 1)
            fail_msg("M37: look=%d: stand (0.45) chosen over a toss whose prior is 0.5", look);
    }
    coin_stand = 0.45;
}

/* A coin of one face (face 1, a's value 0.6): with look=1 and 2, toss's
 * prior is that face's value, above a stand worth 0.55 (a win for a when
 * b ends the game). The fiftieth session's mcts.c:416 (look_value's `to !=
 * VB_CHANCE` as `==`) took the coin pending as it stands (0.3) and went
 * on through b's ending of the stand (a win: 1), and chose stand. */
static void test_look_averages_a_coin_of_one_face(void **state)
{
    (void)state;
    for (int look = 1; look <= 2; look++)
        if (coin_choice(0.55, look, 1) != 1)
            fail_msg("M50: look=%d: stand (0.55) chosen over a toss whose one face is worth 0.6",
                     look);
    coin_stand = 0.45;
    coin_faces = 2;
}

/* ---- nim ----------------------------------------------------------------- */

typedef struct nim_state {
    vb_head head;
    int32_t tokens;
    int32_t turn;   /* the role to take */
    int32_t winner; /* -1 while tokens remain */
    int32_t pad;
} nim_state;

static int nim_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g, (void)cx;
    nim_state *s = st;
    s->tokens = 5;
    s->turn = 0;
    s->winner = -1;
    s->pad = 0;
    return 0;
}

static int nim_to_move(const vb_game *g, const void *st)
{
    (void)g;
    const nim_state *s = st;
    return s->tokens ? s->turn : VB_OVER;
}

static void nim_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "%d tokens", ((const nim_state *)st)->tokens);
}

static int nim_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g, (void)w;
    const nim_state *s = st;
    int n = 0;
    if (cap < 2)
        return VB_EOVERFLOW;
    for (int k = 1; k <= 2 && k <= s->tokens; k++)
        acts[n++] = (vb_action)k;
    return n;
}

static int nim_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    nim_state *s = st;
    if (a < 1 || a > 2 || (int32_t)a > s->tokens)
        return VB_EILLEGAL;
    s->tokens -= (int32_t)a;
    if (!s->tokens)
        s->winner = s->turn;
    s->turn = 1 - s->turn;
    return 0;
}

static void nim_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    (void)g, (void)st;
    snprintf(buf, n, "take %u", (unsigned)a);
}

static double nim_eval(const vb_game *g, const void *st, int role)
{
    (void)g, (void)st, (void)role;
    return 0;
}

static void nim_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const nim_state *s = st;
    r->over = s->tokens == 0;
    r->winner = r->over ? s->winner : -1;
    if (!r->over)
        return;
    r->score[0] = s->winner == 0;
    r->score[1] = s->winner == 1;
    snprintf(r->verdict, sizeof r->verdict, "%s", s->winner == 0 ? "a wins" : "b wins");
}

static vb_game_def nim_def(void)
{
    vb_game_def d;
    memset(&d, 0, sizeof d);
    d.id = "nim-test";
    d.title = "Nim (test game)";
    d.nroles = 2;
    d.roles = two_roles;
    d.nscenarios = 1;
    d.scenarios = one_scen;
    d.state_size = sizeof(nim_state);
    d.setup = nim_setup;
    d.to_move = nim_to_move;
    d.prompt = nim_prompt;
    d.legal = nim_legal;
    d.apply = nim_apply;
    d.action_text = nim_text;
    d.result = nim_result;
    d.eval = nim_eval;
    return d;
}

/* a's root statistics after `iters` iterations with chain `chain`. */
static void nim_root(const vb_game *g, const nim_state *s, int chain, long iters, uint64_t seed,
                     double vis[2], double mean[2])
{
    ai_mcts_params mp;
    ai_mcts_defaults(g, &mp);
    mp.iterations = iters;
    mp.trees = 1;
    mp.chain = chain;
    ai_mcts *m = ai_mcts_new(g, &mp);
    assert_non_null(m);
    ai_mcts_choose(m, s, seed);
    vb_action acts[2];
    assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
    ai_mcts_free(m);
}

/* chain=max credits a node with its best sibling's mean only where the same
 * role chose the parent's action too (docs/ai.md, section 4: "a node whose
 * next decision is by the same role"): in nim, where a and b alternate, it
 * backs up exactly what chain=mean does, visit for visit and mean for
 * mean, on every seed and budget. */
static void test_chain_max_only_within_one_role(void **state)
{
    (void)state;
    vb_game_def d = nim_def();
    vb_game g;
    vb_ctx cx;
    nim_state s;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 1, &cx), 0);
    for (long iters = 10; iters <= 160; iters *= 2)
        for (uint64_t seed = 1; seed <= 6; seed++) {
            double v0[2], m0[2], v1[2], m1[2];
            nim_root(&g, &s, AI_CHAIN_MEAN, iters, seed, v0, m0);
            nim_root(&g, &s, AI_CHAIN_MAX, iters, seed, v1, m1);
            for (int k = 0; k < 2; k++)
                if (v0[k] != v1[k] || m0[k] != m1[k])
                    fail_msg("M37: nim, %ld iterations, seed %u: take %d has %g visits, mean "
                             "%.6f with chain=mean but %g, %.6f with chain=max",
                             iters, (unsigned)seed, k + 1, v0[k], m0[k], v1[k], m1[k]);
        }
    /* and the search knows the game: from 5 tokens, take 2 (leaving 3) */
    double v[2], m[2];
    nim_root(&g, &s, AI_CHAIN_MEAN, 2000, 1, v, m);
    if (!(v[1] > v[0]))
        fail_msg("M37: nim from 5: take 1 visited %g times, take 2 %g", v[0], v[1]);
}

/* `mcts` without a number searches 1,000 iterations (docs/ai.md, vauban(1)). */
static void test_default_budget(void **state)
{
    (void)state;
    vb_game_def d = nim_def();
    vb_game g;
    vb_ctx cx;
    nim_state s;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 1, &cx), 0);
    ai_mcts_params mp;
    ai_mcts_defaults(&g, &mp);
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    ai_mcts_choose(m, &s, 1);
    long it = 0, nodes = 0;
    ai_mcts_stats(m, &it, &nodes);
    if (it != 1000)
        fail_msg("M37: mcts's default budget searched %ld iterations, not 1000", it);
    ai_mcts_free(m);
    /* One tree of 1,000 iterations, no prior visits, wide exploration:
     * nim's whole tree from 5 tokens, each position once along its line of
     * play, is 20 nodes (T(0) = 1, T(1) = 2, T(n) = 1 + T(n-1) + T(n-2)),
     * the root one of them (the fiftieth session's mcts.c:938, the root
     * allocated as two nodes, counted 21). */
    mp.trees = 1;
    mp.prior_visits = 0;
    mp.c = 2;
    m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    ai_mcts_choose(m, &s, 1);
    ai_mcts_stats(m, &it, &nodes);
    if (it != 1000 || nodes != 20)
        fail_msg("M50: nim's whole tree of 20 nodes searched in %ld nodes (%ld iterations)", nodes,
                 it);
    ai_mcts_free(m);
    vb_policy *p = vb_policy_new(&g, "mcts", 1, &cx);
    if (!p)
        fail_msg("M37: policy 'mcts': %s", cx.err);
    assert_int_equal(vb_policy_choose(p, &s), 2);
    vb_policy_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prior_averages_the_chance_after),
        cmocka_unit_test(test_look_averages_a_coin_of_one_face),
        cmocka_unit_test(test_chain_max_only_within_one_role),
        cmocka_unit_test(test_default_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
