/*
 * test_mutation38.c - checks added by the thirty-eighth session's mutation
 * pass (helper clm) over src/ai/search.c, never mutated before: what the
 * greedy policy and the MCTS share - the value of a finished game for a
 * role, weighted picks (a chance outcome, a rollout's action), the
 * heuristic value of a position mapped from [-1, 1] to [0, 1].
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ai_int.h"
#include "hilo_game.h"
#include "vbtest.h"

/* A finished game's value: 1 a win, 0.5 a draw, 0 a loss or none; 0 for
 * a role out of range, VB_MAX_ROLES included (search.c:14: the byte past
 * the outcomes was read as one). */
static void test_outcome_values(void **state)
{
    vb_result r;
    (void)state;
    memset(&r, 0, sizeof r);
    r.outcome[0] = VB_OUT_WIN;
    r.outcome[1] = VB_OUT_DRAW;
    r.outcome[2] = VB_OUT_LOSS;
    r.outcome[VB_MAX_ROLES - 1] = VB_OUT_WIN;
    /* what lies past the outcomes reads as a win if taken for one */
    memset(r.verdict, 0, sizeof r.verdict);
    r.verdict[0] = VB_OUT_WIN;
    assert_true(ai_outcome(NULL, &r, 0) == 1.0);
    assert_true(ai_outcome(NULL, &r, 1) == 0.5);
    assert_true(ai_outcome(NULL, &r, 2) == 0.0);
    assert_true(ai_outcome(NULL, &r, 3) == 0.0);
    assert_true(ai_outcome(NULL, &r, VB_MAX_ROLES - 1) == 1.0);
    if (ai_outcome(NULL, &r, VB_MAX_ROLES) != 0.0)
        fail_msg("M38: role %d (out of range) valued %g", VB_MAX_ROLES,
                 ai_outcome(NULL, &r, VB_MAX_ROLES));
    assert_true(ai_outcome(NULL, &r, -1) == 0.0);
}

/* n picks of w[0..n) (w may have an element past n, never read). */
static void picks(const uint32_t *w, int n, int times, int *count)
{
    vb_rng rng;
    vb_rng_seed(&rng, 38);
    memset(count, 0, sizeof(int) * (size_t)(n + 1));
    for (int t = 0; t < times; t++) {
        int i = ai_pick_weighted(&rng, w, n);
        assert_true(i >= 0 && i < n);
        count[i]++;
    }
}

/* An outcome of weight 0 is never picked (:28 picked the last one; :29,
 * :31 picked uniformly), a weight past n never counts (:29 `<=`), and the
 * shares follow the weights; all weights 0: uniform. */
static void test_pick_weighted(void **state)
{
    int c[8];
    (void)state;
    {
        const uint32_t w[4] = {1, 0, 0, 1000};
        picks(w, 3, 2000, c);
        if (c[0] != 2000)
            fail_msg("M38: weights 1, 0, 0: picked %d, %d, %d of 2000", c[0], c[1], c[2]);
    }
    {
        const uint32_t w[3] = {0, 5, 0};
        picks(w, 3, 2000, c);
        assert_int_equal(c[1], 2000);
    }
    {
        const uint32_t w[4] = {1, 2, 3, 4};
        picks(w, 4, 100000, c);
        for (int i = 0; i < 4; i++) /* expected 10000 (i + 1), sd under 160 */
            if (abs(c[i] - 10000 * (i + 1)) > 800)
                fail_msg("M38: weights 1..4: %d picked %d times of 100000", i, c[i]);
    }
    {
        const uint32_t w[3] = {0, 0, 0};
        picks(w, 3, 30000, c);
        for (int i = 0; i < 3; i++)
            assert_true(c[i] > 9000 && c[i] < 11000);
    }
}

/* ---- a game whose evaluation the test sets */
static double eval_now;

static double fixed_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    (void)st;
    (void)role;
    return eval_now;
}

/* (eval + 1) / 2, the evaluation clamped to [-1, 1] and NaN taken as -1
 * (:52 `<`: every position valued 0); a finished game its outcome. */
static void test_value01(void **state)
{
    static const struct {
        double e, v;
    } rows[] = {{0.0, 0.5}, {0.5, 0.75}, {-0.5, 0.25}, {1.0, 1.0}, {-1.0, 0.0},
                {3.0, 1.0}, {-7.0, 0.0}, {NAN, 0.0},   {0.9, 0.95}};
    vb_game_def d = hilo_def(0);
    vb_game g;
    hilo_state s;
    (void)state;
    d.eval = fixed_eval;
    vb_game_defaults(&g, &d);
    memset(&s, 0, sizeof s);
    s.phase = 2;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        eval_now = rows[i].e;
        double v = ai_value01(&g, &s, 0);
        if (fabs(v - rows[i].v) > 1e-12)
            fail_msg("M38: evaluation %g valued %g, not %g", rows[i].e, v, rows[i].v);
    }
    /* over: a guesses high, b's card 5: a wins (b guessed low of a 5) */
    s.phase = 4;
    s.card[0] = 5;
    s.card[1] = 5;
    s.guess[0] = 1;
    s.guess[1] = 0;
    eval_now = 0.0;
    assert_true(ai_value01(&g, &s, 0) == 1.0);
    assert_true(ai_value01(&g, &s, 1) == 0.0);
    /* no evaluation: one half */
    d.eval = NULL;
    vb_game_defaults(&g, &d);
    s.phase = 2;
    assert_true(ai_value01(&g, &s, 0) == 0.5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_outcome_values),
        cmocka_unit_test(test_pick_weighted),
        cmocka_unit_test(test_value01),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
