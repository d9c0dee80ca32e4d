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
#include <time.h>

#include <cmocka.h>

#include "hilo_game.h"
#include "policy.h"
#include "sim.h"
#include "vbtest.h"

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

/* n games played on one thread and on `threads`: every game finished and
 * the same; the one thread's games returned (the caller frees them). */
static vb_sim_game *same_games(const vb_game *g, int n, const char *const *spec, int threads)
{
    vb_sim_game *a = calloc((size_t)n, sizeof *a), *b = calloc((size_t)n, sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    run(g, n, spec, 1, a);
    run(g, n, spec, threads, b);
    for (int i = 0; i < n; i++) {
        assert_int_equal(a[i].status, 1);
        if (memcmp(&a[i], &b[i], sizeof a[i]) != 0)
            fail_msg("%s: game %d differs between 1 and %d threads", g->def->id, i, threads);
    }
    free(b);
    return a;
}

static void same_for_1_and_2_threads(const vb_game *g, int n, const char *const *spec)
{
    vb_sim_game *a = same_games(g, n, spec, 2);
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

/* The settings of a run of n games of g: seed 7, 2 threads, no policy
 * named (random for every role). */
static vb_sim_config seven_two(const vb_game *g, int n)
{
    vb_sim_config c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.n = n;
    c.seed = 7;
    c.threads = 2;
    return c;
}

static void progress_seen(void *ud, int done, int total, double elapsed_s)
{
    int *seen = ud;
    (void)elapsed_s;
    seen[0] = done;
    seen[1] = total;
    seen[2]++;
}

/* sim.h's contract on hilo, whose results are known: a finished game's
 * winner, outcomes (1 win, 0.5 draw, 0 loss), scores, verdict and
 * decisions are its final state's; the last progress report has every game
 * done; a game cut at max_decisions is status -1, winner -1,
 * "(unfinished)", 0.5 each; bad settings are refused and change nothing,
 * an empty run is not refused. */
static void test_hilo_results(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_sim_config c = seven_two(&g, 60);
    int seen[3] = {-1, -1, 0}, kinds[3] = {0, 0, 0};
    c.progress = progress_seen;
    c.progress_ud = seen;
    vb_sim_game *a = calloc(60, sizeof *a);
    assert_non_null(a);
    assert_int_equal(vb_sim_run(&c, a, &cx), 0);
    assert_true(seen[2] >= 1);
    assert_int_equal(seen[0], 60);
    assert_int_equal(seen[1], 60);
    for (int i = 0; i < 60; i++) {
        const vb_sim_game *x = &a[i];
        assert_int_equal(x->status, 1);
        assert_true(x->seed == vb_sim_game_seed(7, i));
        /* a role scores 1 for a right guess; the higher score wins */
        assert_true((x->score[0] == 0 || x->score[0] == 1) &&
                    (x->score[1] == 0 || x->score[1] == 1));
        int w = x->score[0] > x->score[1] ? 0 : x->score[1] > x->score[0] ? 1 : -1;
        assert_int_equal(x->winner, w);
        kinds[w + 1]++;
        for (int r = 0; r < 2; r++)
            assert_true(x->outcome[r] == (w < 0 ? 0.5 : w == r ? 1.0 : 0.0));
        assert_string_equal(x->verdict, w < 0 ? "draw" : w == 0 ? "a wins" : "b wins");
        assert_true(x->decisions == 2 && x->by_role[0] == 1 && x->by_role[1] == 1 &&
                    x->chance == 2);
        assert_int_equal(x->turns, -1); /* hilo has no turns */
    }
    assert_true(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0);
    /* cut after one decision (the first deal) */
    c.max_decisions = 1;
    c.progress = NULL;
    assert_int_equal(vb_sim_run(&c, a, &cx), 0);
    for (int i = 0; i < 60; i++) {
        assert_int_equal(a[i].status, -1);
        assert_int_equal(a[i].winner, -1);
        assert_string_equal(a[i].verdict, "(unfinished)");
        assert_true(a[i].outcome[0] == 0.5 && a[i].outcome[1] == 0.5);
        assert_true(a[i].chance == 1 && a[i].decisions == 0);
    }
    /* settings */
    c.max_decisions = 0;
    c.n = 0;
    assert_int_equal(vb_sim_run(&c, a, &cx), 0);
    a[0].status = 99;
    c.n = -1;
    assert_int_equal(vb_sim_run(&c, a, &cx), VB_EUSAGE);
    assert_string_equal(cx.err, "bad simulation settings");
    c.n = 1;
    c.g = NULL;
    vb_ctx_init(&cx);
    assert_int_equal(vb_sim_run(&c, a, &cx), VB_EUSAGE);
    assert_string_equal(cx.err, "bad simulation settings");
    assert_int_equal(a[0].status, 99); /* refused: nothing written */
    free(a);
}

/* A game whose every move fails: the run stops and returns the game's
 * own code and message, not a generic one (forty-second session, seed 42:
 * sim.c:155, the worker's `rc < 0 ? rc : VB_EINPUT` as `rc > 0`, returned
 * VB_EINPUT for any failure). */
static int apply_refuses(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)st;
    (void)a;
    return vb_fail(cx, VB_EILLEGAL, "this game refuses every move");
}

static void test_failure_keeps_its_code(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    d.apply = apply_refuses;
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_sim_config c = seven_two(&g, 4);
    for (c.threads = 1; c.threads <= 2; c.threads++) {
        vb_sim_game a[4];
        assert_int_equal(vb_sim_run(&c, a, &cx), VB_EILLEGAL);
        assert_string_equal(cx.err, "this game refuses every move");
    }
}

/* The last progress report's seconds are the run's own: never more than
 * the wall-clock time around it (sim.c:171, the nanoseconds' difference
 * as a sum, added up to 2 s). */
static void progress_time(void *ud, int done, int total, double elapsed_s)
{
    (void)done;
    (void)total;
    *(double *)ud = elapsed_s;
}

static void test_progress_seconds_are_the_run(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_sim_config c = seven_two(&g, 200);
    double last = -1;
    c.progress = progress_time;
    c.progress_ud = &last;
    vb_sim_game *a = calloc(200, sizeof *a);
    assert_non_null(a);
    for (int k = 0; k < 5; k++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        assert_int_equal(vb_sim_run(&c, a, &cx), 0);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        if (!(last >= 0 && last <= wall + 1e-6))
            fail_msg("run %d: progress says %.6f s, the run took %.6f s", k, last, wall);
    }
    free(a);
}

/* Progress comes about every 100 ms (sim.h), not at every 2 ms look at
 * the stop flag: between two reports the watching thread sleeps 50 times
 * at least 2 ms, so a run of t seconds has at most 10 t reports and the
 * final one. Games are added until the run lasts 0.2 s (sim.c:221's
 * `++ticks % 50 == 0` as `!= 0`: 49 reports in every 50 looks, M54). A
 * loaded machine only sleeps longer, so fewer reports, never more. */
static void test_progress_about_every_100_ms(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    int seen[3] = {0, 0, 0};
    double last = 0;
    for (int n = 50; n <= 51200; n *= 2) {
        vb_sim_config c = seven_two(&g, n);
        c.spec[0] = "mcts:300";
        c.spec[1] = "mcts:300";
        c.progress = progress_seen;
        c.progress_ud = seen;
        vb_sim_game *a = calloc((size_t)n, sizeof *a);
        struct timespec t0, t1;
        assert_non_null(a);
        seen[2] = 0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        assert_int_equal(vb_sim_run(&c, a, &cx), 0);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        free(a);
        last = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        if (seen[2] > 2 + (int)(last * 10.0))
            fail_msg("M54: %d progress reports in a run of %.3f s", seen[2], last);
        if (last >= 0.2)
            break;
    }
    assert_true(last >= 0.2);
    assert_int_equal(seen[0], seen[1]);
}

/* As many threads as sim.h allows (256, and more asked: 256) play the same
 * games as one (sim.c:199, the threads' array one short: the last thread's
 * handle written past it, seen by AddressSanitizer). */
static void test_most_threads_same_games(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    vb_game g;
    vb_game_defaults(&g, &d);
    static const char *const spec[VB_MAX_ROLES] = {"random", "random"};
    free(same_games(&g, 300, spec, 256));
    free(same_games(&g, 300, spec, 1000));
}

/* sim.h: the policy of role r in the game with seed s is seeded with
 * vb_sim_policy_seed(s, r) whatever seed it had: the same game with
 * policies created with other seeds is the same, every role's (Setge,
 * random players, whose choices follow their seed). */
static void test_policies_reseeded(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    if (!g)
        fail_msg("setge-1714: %s", cx.err);
    vb_policy *a[VB_MAX_ROLES] = {0}, *b[VB_MAX_ROLES] = {0};
    for (int r = 0; r < g->def->nroles; r++) {
        a[r] = vb_policy_new(g, "random", 1, &cx);
        b[r] = vb_policy_new(g, "random", 987654321, &cx);
        assert_true(a[r] && b[r]);
    }
    for (int i = 0; i < 3; i++) {
        vb_sim_game x, y;
        uint64_t seed = vb_sim_game_seed(5, i);
        assert_int_equal(vb_sim_play(g, 0, NULL, seed, a, 0, NULL, &x, &cx), 0);
        assert_int_equal(vb_sim_play(g, 0, NULL, seed, b, 0, NULL, &y, &cx), 0);
        if (memcmp(&x, &y, sizeof x) != 0)
            fail_msg("game %d differs with the policies created with other seeds", i);
    }
    for (int r = 0; r < g->def->nroles; r++) {
        vb_policy_free(a[r]);
        vb_policy_free(b[r]);
    }
    vb_game_free(g);
}

/* The seeds behind every published `vauban sim --seed S` figure (the
 * docs' Measured sections replay from them): game i's set-up seed and each
 * role's policy seed, pinned (the values computed apart, in Python, from
 * splitmix64's finalizer as ai_int.h's ai_seed2 combines it: game seed
 * seed2(S, i + 1), policy seed seed2(game ^ 0x5EEDF00D5EEDF00D, r + 1));
 * the roles' seeds differ from each other and from the game's. */
static void test_seeds_pinned(void **state)
{
    (void)state;
    uint64_t g0 = vb_sim_game_seed(11, 0), g5 = vb_sim_game_seed(11, 5);
    uint64_t p0 = vb_sim_policy_seed(g0, 0), p1 = vb_sim_policy_seed(g0, 1);
    assert_true(g0 == 0x2eb1516969048881ull);
    assert_true(g5 == 0xdabc91183e34e2e2ull);
    assert_true(p0 == 0x83914dd3aca473adull);
    assert_true(p1 == 0xa9aa5441ac3384b3ull);
    assert_true(p0 != p1 && p0 != g0 && p1 != g0 && g0 != g5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hilo_threads),
        cmocka_unit_test(test_hilo_results),
        cmocka_unit_test(test_seeds_pinned),
        cmocka_unit_test(test_policies_reseeded),
        cmocka_unit_test(test_registered_games),
        cmocka_unit_test(test_failure_keeps_its_code),
        cmocka_unit_test(test_progress_seconds_are_the_run),
        cmocka_unit_test(test_progress_about_every_100_ms),
        cmocka_unit_test(test_most_threads_same_games),
    };
    vbt_filter_from_env(); /* VB_TEST_FILTER: one test, or a few */
    return cmocka_run_group_tests(tests, NULL, NULL);
}
