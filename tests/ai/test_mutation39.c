/*
 * test_mutation39.c - src/ai/mcts.c: a survivor of the thirty-ninth
 * session's seed-39 pass (helper sqc; docs/core.md, "Mutation pass,
 * thirty-ninth session (helper sqc)"); messages "M39:". The prior of an
 * action followed by a chance decision with ONE outcome is the value after
 * that outcome, as for two or more (docs/ai.md, mcts: "the evaluation
 * after the action, averaged over the outcomes of an immediately following
 * chance decision"); mcts.c:452 `n <= 0` -> `n <= 1` took the value with
 * the chance pending. The game is coin_game.h's "coin" with its coin
 * reduced to one face: a decides stand (0) or toss (1); a toss is followed
 * by the coin, whose only outcome is 1; then b ends the game. a's value is
 * STAND after stand, 0.6 after the coin, 0.3 with the coin pending.
 * Two more survivors of that pass, on the two-faced coin: a searcher's
 * second search counts its own visits only (mcts.c:968), and a search of
 * 1 ms is bounded by the clock (mcts.c:868).
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
 * root's children with their priors and visits the one of higher prior. */
static vb_action coin_choice(double stand, int faces)
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
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    vb_action a = ai_mcts_choose(m, &s, 1);
    ai_mcts_free(m);
    return a;
}

/* toss's prior, 0.6 (the coin's one outcome applied), beats a stand worth
 * 0.45 and loses to one worth 0.65; taken with the coin pending (0.3) it
 * would lose to 0.45. The two-faced coin (weights 1 and 3: 0.5) as a
 * check of the set-up. */
static void test_prior_after_a_one_outcome_chance(void **state)
{
    (void)state;
    if (coin_choice(0.45, 1) != 1)
        fail_msg("M39: stand (0.45) chosen over a toss whose one outcome is worth 0.6");
    if (coin_choice(0.65, 1) != 0)
        fail_msg("M39: toss (0.6) chosen over a stand worth 0.65");
    if (coin_choice(0.45, 2) != 1 || coin_choice(0.55, 2) != 0)
        fail_msg("M39: the two-faced coin's prior is not 0.5");
}

/* One searcher, two searches: the root's statistics are those of the last
 * search alone (mcts.c:968 the sums never reset: a policy's second
 * decision counted the first's visits, by the index of each action in the
 * list). 100 iterations of one tree, both times 100 visits at the root. */
static void test_second_search_counts_its_own_visits(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    coin_state s;
    ai_mcts_params mp;
    coin_start(&g, &d, &s, 0.45, 2);
    ai_mcts_defaults(&g, &mp);
    mp.iterations = 100;
    mp.trees = 1;
    mp.threads = 1;
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    for (int k = 0; k < 2; k++) {
        ai_mcts_choose(m, &s, 1 + (uint64_t)k);
        vb_action acts[2];
        double vis[2], mean[2];
        assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
        if (vis[0] + vis[1] != 100)
            fail_msg("M39: search %d: %g + %g visits at the root, not 100", k + 1, vis[0], vis[1]);
    }
    ai_mcts_free(m);
}

/* A search of 1 millisecond is bounded by the clock, not by the
 * iterations (mcts.c:868 `millis <= 0` -> `<= 1`: 1 ms read as "no time
 * limit", the search ran its whole budget of iterations). With a budget of
 * 2,000,000 iterations: stopped long before (the coin's iterations take
 * microseconds; the clock is read every 16). */
static void test_one_millisecond_is_a_time_limit(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    coin_state s;
    ai_mcts_params mp;
    coin_start(&g, &d, &s, 0.45, 2);
    ai_mcts_defaults(&g, &mp);
    mp.iterations = 2000000;
    mp.trees = 1;
    mp.threads = 1;
    mp.millis = 1;
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    ai_mcts_choose(m, &s, 1);
    long it = 0;
    ai_mcts_stats(m, &it, NULL);
    if (it >= 2000000)
        fail_msg("M39: a 1 ms search ran %ld iterations, its whole budget", it);
    ai_mcts_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prior_after_a_one_outcome_chance),
        cmocka_unit_test(test_second_search_counts_its_own_visits),
        cmocka_unit_test(test_one_millisecond_is_a_time_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
