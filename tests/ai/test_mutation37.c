/*
 * test_mutation37.c - checks added by the thirty-seventh session's mutation
 * pass (helper cmx) over files never mutated before: src/ai/stats.c (the
 * win rates, Wilson intervals, means and quantiles that `vauban sim`
 * prints). Before this file only the shell tests that run `vauban sim`
 * reached stats.c. Expected values were computed apart (Python, the same
 * formulas: Wilson's 95% score interval, the sample standard deviation,
 * quantiles interpolated between order statistics).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hilo_game.h"
#include "stats.h"
#include "vbtest.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

static void wilson_is(long k, long n, double lo, double hi)
{
    double l = -1, h = -1;
    vb_wilson(k, n, &l, &h);
    if (!NEAR(l, lo) || !NEAR(h, hi))
        fail_msg("M37: Wilson interval of %ld/%ld is [%.12f, %.12f], not [%.12f, %.12f]", k, n, l,
                 h, lo, hi);
}

/* The 95% Wilson score interval `vauban sim` prints beside each win rate. */
static void test_wilson_values(void **state)
{
    (void)state;
    wilson_is(0, 0, 0, 1); /* no game: know nothing */
    wilson_is(5, 10, 0.236593090513, 0.763406909487);
    wilson_is(0, 10, 0, 0.277532799863);
    wilson_is(10, 10, 0.722467200137, 1);
    wilson_is(3, 20, 0.052368745896, 0.360418864741);
    wilson_is(1, 1, 0.206549314377, 1);
    wilson_is(7, 9, 0.452588969107, 0.936774892882);
}

/* Distinct values kept sorted with their counts; the statistics of
 * -4 1 1 1 2 2.5 3 3 3 5 7 9 (added out of order). */
static void test_hist_stats(void **state)
{
    (void)state;
    static const double v[] = {5, 1, 3, 3, 9, 1, 1, 7, 2, 3, -4, 2.5};
    static const double distinct[] = {-4, 1, 2, 2.5, 3, 5, 7, 9};
    static const long count[] = {1, 3, 1, 1, 3, 1, 1, 1};
    vb_hist h = {0};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        assert_int_equal(vb_hist_add(&h, v[i]), 0);
    assert_int_equal(h.total, 12);
    if (h.n != 8)
        fail_msg("M37: %d distinct values, not 8", h.n);
    for (int i = 0; i < 8; i++)
        if (h.v[i] != distinct[i] || h.count[i] != count[i])
            fail_msg("M37: histogram slot %d is %g x%ld, not %g x%ld", i, h.v[i], h.count[i],
                     distinct[i], count[i]);
    vb_stats s = vb_hist_stats(&h);
    assert_int_equal(s.n, 12);
    if (!NEAR(s.mean, 2.7916666666666665) || !NEAR(s.sd, 3.27149071757074))
        fail_msg("M37: mean %.12f sd %.12f, not 2.791666666667 3.271490717571", s.mean, s.sd);
    if (s.min != -4 || s.max != 9)
        fail_msg("M37: min %g max %g, not -4 9", s.min, s.max);
    if (!NEAR(s.q10, 1) || !NEAR(s.q25, 1) || !NEAR(s.med, 2.75) || !NEAR(s.q75, 3.5) ||
        !NEAR(s.q90, 6.8))
        fail_msg("M37: quantiles %g %g %g %g %g, not 1 1 2.75 3.5 6.8", s.q10, s.q25, s.med, s.q75,
                 s.q90);
    vb_hist_release(&h);
    assert_null(h.v);
    assert_int_equal(h.total, 0);

    /* one value: no spread, every quantile that value */
    assert_int_equal(vb_hist_add(&h, 4), 0);
    s = vb_hist_stats(&h);
    if (s.n != 1 || s.mean != 4 || s.sd != 0 || s.min != 4 || s.max != 4 || s.q10 != 4 ||
        s.med != 4 || s.q90 != 4)
        fail_msg("M37: one value 4: n %ld mean %g sd %g min %g max %g q10 %g med %g q90 %g", s.n,
                 s.mean, s.sd, s.min, s.max, s.q10, s.med, s.q90);
    /* two values: the sample sd (n - 1), the median between them */
    assert_int_equal(vb_hist_add(&h, 6), 0);
    s = vb_hist_stats(&h);
    if (!NEAR(s.sd, sqrt(2.0)) || !NEAR(s.med, 5) || !NEAR(s.q10, 4.2) || !NEAR(s.q90, 5.8))
        fail_msg("M37: 4 and 6: sd %g med %g q10 %g q90 %g, not 1.414 5 4.2 5.8", s.sd, s.med,
                 s.q10, s.q90);
    vb_hist_release(&h);

    /* empty: all zero */
    s = vb_hist_stats(&h);
    assert_int_equal(s.n, 0);
    assert_true(s.mean == 0 && s.sd == 0 && s.med == 0);
}

/* More distinct values than the first allocation (64), added from the
 * largest down, so each goes in front: the histogram stays sorted and the
 * counts follow their values. */
static void test_hist_grows(void **state)
{
    (void)state;
    vb_hist h = {0};
    for (int i = 299; i >= 0; i--)
        assert_int_equal(vb_hist_add(&h, i), 0);
    for (int i = 0; i < 300; i += 3)
        assert_int_equal(vb_hist_add(&h, i), 0);
    assert_int_equal(h.n, 300);
    assert_int_equal(h.total, 400);
    for (int i = 0; i < 300; i++)
        if (h.v[i] != i || h.count[i] != (i % 3 ? 1 : 2))
            fail_msg("M37: slot %d holds %g x%ld, not %d x%d", i, h.v[i], h.count[i], i,
                     i % 3 ? 1 : 2);
    vb_stats s = vb_hist_stats(&h);
    /* 400 values, each multiple of 3 twice: the quantiles count them */
    if (s.min != 0 || s.max != 299 || !NEAR(s.mean, 149.25) || !NEAR(s.q10, 29.9) ||
        !NEAR(s.q25, 74.75) || !NEAR(s.med, 149.5) || !NEAR(s.q75, 224.25) || !NEAR(s.q90, 269.1))
        fail_msg(
            "M37: 0..299 and the multiples of 3: min %g max %g mean %g quantiles %g %g %g %g %g",
            s.min, s.max, s.mean, s.q10, s.q25, s.med, s.q75, s.q90);
    vb_hist_release(&h);
}

static void class_is(const char *verdict, size_t n, const char *want)
{
    char out[VB_TEXT_LEN];
    memset(out, 'x', sizeof out);
    vb_verdict_class(verdict, out, n);
    if (strcmp(out, want) != 0)
        fail_msg("M37: class of '%s' (%zu bytes) is '%s', not '%s'", verdict, n, out, want);
}

/* A verdict's class: numbers become N except rule numbers (after "rule ",
 * "rules ", '[' or the section sign, up to ')', ']', ',' or ';'). */
static void test_verdict_class(void **state)
{
    (void)state;
    class_is("Bourbon wins on turn 12", 64, "Bourbon wins on turn N");
    class_is("won by 3 VP (rule 14.3)", 64, "won by N VP (rule 14.3)");
    class_is("lost -3 points (rules 4.1-4.2); turn 7", 64, "lost N points (rules 4.1-4.2); turn N");
    class_is("sudden death [12.5] at 30", 64, "sudden death [12.5] at N");
    class_is("\xc2\xa7"
             "7.2 met, 2 left",
             64,
             "\xc2\xa7"
             "7.2 met, N left");
    class_is("rule 9, then 10", 64, "rule 9, then N");
    class_is("turn 30 (rule 10.0)", 64, "turn N (rule 10.0)");
    class_is("a-b 5", 64, "a-b N");
    /* truncated to the buffer, always terminated */
    class_is("turn 12 of 30", 8, "turn N ");
    class_is("rule 123456", 9, "rule 123");
    class_is("abc", 1, "");
}

static vb_sim_game game(int status, double o0, double o1, double sc0, double sc1, int turns,
                        const char *verdict)
{
    vb_sim_game g;
    memset(&g, 0, sizeof g);
    g.status = status;
    g.outcome[0] = o0;
    g.outcome[1] = o1;
    g.score[0] = sc0;
    g.score[1] = sc1;
    g.turns = turns;
    g.decisions = 10;
    g.by_role[0] = 6;
    g.chance = 3;
    snprintf(g.verdict, sizeof g.verdict, "%s", verdict);
    return g;
}

/* vb_summary_add: cut games counted apart, unplayed ones ignored; wins,
 * draws and losses by outcome; each score in the winners' or the others'
 * histogram; turns only where the game has them; verdict classes counted
 * and sorted by count, then text. */
static void test_summary(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_summary s;
    assert_int_equal(vb_summary_init(&s, &g), 0);
    vb_sim_game x[] = {
        game(1, 1, 0, 5, 1, 3, "a wins on turn 3"),
        game(1, 0.5, 0.5, 2, 2, 4, "draw"),
        game(1, 0, 1, 0, 7, -1, "b wins on turn 9"),
        game(1, 1, 0, 6, 2, 0, "a wins on turn 1"),
        game(-1, 0, 0, 0, 0, 5, "cut"),
        game(0, 1, 0, 9, 9, 5, "stopped"),
    };
    for (size_t i = 0; i < sizeof x / sizeof *x; i++)
        assert_int_equal(vb_summary_add(&s, &x[i]), 0);
    vb_summary_finish(&s);
    if (s.played != 4 || s.cut != 1)
        fail_msg("M37: played %ld cut %ld, not 4 1", s.played, s.cut);
    if (s.wins[0] != 2 || s.draws[0] != 1 || s.losses[0] != 1 || s.wins[1] != 1 ||
        s.draws[1] != 1 || s.losses[1] != 2)
        fail_msg("M37: a %ld/%ld/%ld b %ld/%ld/%ld, not 2/1/1 1/1/2", s.wins[0], s.draws[0],
                 s.losses[0], s.wins[1], s.draws[1], s.losses[1]);
    assert_int_equal(s.score[0].total, 4);
    assert_int_equal(s.score_win[0].total, 2);
    assert_int_equal(s.score_loss[0].total, 2);
    if (s.score_win[0].v[0] != 5 || s.score_win[0].v[1] != 6 || s.score_loss[1].total != 3)
        fail_msg("M37: a's winning scores or b's others wrong");
    /* turns: 3, 4 and 0 (the game with -1 has none) */
    if (s.turns.total != 3 || s.turns.v[0] != 0 || s.turns.v[2] != 4)
        fail_msg("M37: turns counted %ld (min %g), not 3 from 0", s.turns.total,
                 s.turns.total ? s.turns.v[0] : -1);
    assert_int_equal(s.decisions.total, 4);
    assert_int_equal(s.chance.total, 4);
    if (s.nvc != 3 || strcmp(s.vc[0].text, "a wins on turn N") != 0 || s.vc[0].count != 2 ||
        strcmp(s.vc[1].text, "b wins on turn N") != 0 || strcmp(s.vc[2].text, "draw") != 0 ||
        s.vc[2].count != 1)
        fail_msg("M37: verdict classes (%d) not 'a wins..' x2, 'b wins..', 'draw'", s.nvc);
    vb_summary_release(&s);
    assert_null(s.vc);
}

/* Past VB_VC_MAX - 1 distinct classes the rest are one "(other verdicts)". */
static void test_summary_other_verdicts(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_summary s;
    assert_int_equal(vb_summary_init(&s, &g), 0);
    char text[32];
    for (int i = 0; i < VB_VC_MAX + 5; i++) {
        /* letters, not digits: each its own class */
        snprintf(text, sizeof text, "v%c%c%c", 'a' + i % 26, 'a' + i / 26 % 26, 'a' + i / 676);
        vb_sim_game x = game(1, 1, 0, 1, 0, 1, text);
        assert_int_equal(vb_summary_add(&s, &x), 0);
    }
    vb_sim_game x = game(1, 1, 0, 1, 0, 1, "vaaa"); /* the first class again */
    assert_int_equal(vb_summary_add(&s, &x), 0);
    vb_summary_finish(&s);
    if (s.nvc != VB_VC_MAX)
        fail_msg("M37: %d verdict classes, not %d", s.nvc, VB_VC_MAX);
    if (strcmp(s.vc[0].text, "(other verdicts)") != 0 || s.vc[0].count != 6)
        fail_msg("M37: first class '%s' x%ld, not '(other verdicts)' x6", s.vc[0].text,
                 s.vc[0].count);
    if (strcmp(s.vc[1].text, "vaaa") != 0 || s.vc[1].count != 2)
        fail_msg("M37: second class '%s' x%ld, not 'vaaa' x2", s.vc[1].text, s.vc[1].count);
    /* equal counts: by text */
    for (int j = 3; j < s.nvc; j++)
        if (strcmp(s.vc[j - 1].text, s.vc[j].text) >= 0)
            fail_msg("M37: classes %d and %d out of order", j - 1, j);
    vb_summary_release(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson_values), cmocka_unit_test(test_hist_stats),
        cmocka_unit_test(test_hist_grows),    cmocka_unit_test(test_verdict_class),
        cmocka_unit_test(test_summary),       cmocka_unit_test(test_summary_other_verdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
