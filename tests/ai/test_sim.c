/*
 * test_sim.c - batch simulation: the same seed gives the same games for 1
 * and 2 threads; one game replays alone (vb_sim_play) exactly as inside a
 * run; the record of a replayed game replays through the core.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hilo_game.h"
#include "policy.h"
#include "sim.h"

static void run(const vb_game *g, int n, const char *const *spec, int threads, vb_sim_game *out)
{
    vb_sim_config c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.n = n;
    c.seed = 2024;
    c.threads = threads;
    for (int r = 0; r < g->def->nroles; r++)
        c.spec[r] = spec[r];
    vb_ctx cx;
    vb_ctx_init(&cx);
    if (vb_sim_run(&c, out, &cx))
        fail_msg("%s: vb_sim_run: %s", g->def->id, cx.err);
}

static void same_for_1_and_2_threads(const vb_game *g, int n, const char *const *spec)
{
    vb_sim_game *a = calloc((size_t)n, sizeof *a), *b = calloc((size_t)n, sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    run(g, n, spec, 1, a);
    run(g, n, spec, 2, b);
    for (int i = 0; i < n; i++) {
        assert_int_equal(a[i].status, 1);
        if (memcmp(&a[i], &b[i], sizeof a[i]) != 0)
            fail_msg("%s: game %d differs between 1 and 2 threads", g->def->id, i);
    }
    /* Game 3 alone, as `vauban sim --only SEED` plays it. */
    vb_policy *pol[VB_MAX_ROLES] = {0};
    vb_ctx cx;
    vb_ctx_init(&cx);
    for (int r = 0; r < g->def->nroles; r++) {
        pol[r] = vb_policy_new(g, spec[r] ? spec[r] : "random", 0, &cx);
        assert_non_null(pol[r]);
    }
    vb_sim_game one;
    vb_match m;
    memset(&m, 0, sizeof m);
    assert_int_equal(vb_sim_play(g, 0, NULL, a[3].seed, pol, 0, &m, &one, &cx), 0);
    if (memcmp(&one, &a[3], sizeof one) != 0)
        fail_msg("%s: game 3 played alone differs", g->def->id);
    /* its record replays through the core to the same state */
    json_t *j = vb_match_to_json(&m, -1);
    assert_non_null(j);
    vb_match m2;
    if (vb_match_load(&m2, g, j, &cx) < 0)
        fail_msg("%s: record does not replay: %s", g->def->id, cx.err);
    assert_true(vb_equal(g, m.st, m2.st));
    vb_match_release(&m2);
    json_decref(j);
    vb_match_release(&m);
    for (int r = 0; r < g->def->nroles; r++)
        vb_policy_free(pol[r]);
    free(a);
    free(b);
}

static void test_hilo_threads(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    vb_game g;
    vb_game_defaults(&g, &d);
    static const char *const spec[] = {"mcts:50", "greedy"};
    vb_sim_game *a = calloc(200, sizeof *a), *b = calloc(200, sizeof *b);
    run(&g, 200, spec, 1, a);
    run(&g, 200, spec, 2, b);
    assert_memory_equal(a, b, 200 * sizeof *a);
    int wins = 0, draws = 0;
    for (int i = 0; i < 200; i++) {
        assert_int_equal(a[i].status, 1);
        wins += a[i].winner == 0;
        draws += a[i].winner < 0;
        assert_true(a[i].decisions == 2 && a[i].chance == 2);
    }
    /* guesses are blind: neither side can do much better than chance */
    assert_true(wins > 20 && wins < 130 && draws > 40);
    free(a);
    free(b);
}

static void test_registered_games(void **state)
{
    (void)state;
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *def = vb_registry_get(i);
        vb_ctx cx;
        vb_ctx_init(&cx);
        vb_game *g = vb_game_load(def->id, &cx);
        if (!g)
            fail_msg("%s: %s", def->id, cx.err);
        static const char *const rnd[VB_MAX_ROLES] = {0};
        same_for_1_and_2_threads(g, 40, rnd);
        const char *mixed[VB_MAX_ROLES] = {0};
        mixed[0] = "mcts:20,trees=2";
        if (def->nroles > 1)
            mixed[1] = "greedy";
        same_for_1_and_2_threads(g, 6, mixed);
        vb_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hilo_threads),
        cmocka_unit_test(test_registered_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
