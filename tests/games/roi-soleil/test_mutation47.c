/* test_mutation47.c - what the forty-seventh session's secrets pass
 * (helper sec, docs/roi-soleil.md) found untested in rs_view.c's prompt,
 * result, turn and invariants that is not a secret: each test fails with
 * its surviving mutant planted (messages "M47:", lines of 99f42e10) and
 * passes without. The helpers are in rs_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "rs_test.h"

/* the prompt of the decision now is `want` */
static void prompt_is(vbt *t, const char *want)
{
    char p[VB_TEXT_LEN];
    vb_prompt(t->g, S(t), p, sizeof p);
    if (strcmp(p, want) != 0)
        fail_msg("M47: the prompt reads '%s', want '%s'", p, want);
}

/* 18.1.1: "For each siege round, the besieger may spend 1 RP of war
 * effort": the prompt counts the rounds from 1, the first "round 1 of N",
 * the next "round 2 of N" (rs_view.c:138's `s->sg.round + 1` as `- 1`). */
static void test_18_1_1_effort_prompt_counts_the_rounds(void **state)
{
    (void)state;
    vbt *t = campaign();
    royal_army(t);
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "6");
    char want[VB_TEXT_LEN];
    for (int round = 1; round <= 2; round++) {
        assert_int_equal(S(t)->phase, P_SG_EFFORT);
        snprintf(want, sizeof want,
                 "france: siege of Flandre et Hainaut, round %d of %d: spend 1 RP of war "
                 "effort? (rule 18.1.1)",
                 round, S(t)->sg.rounds);
        prompt_is(t, want);
        vbt_act(t, "no-effort");
        vbt_dice(t, "6");
        if (S(t)->phase == P_SG_CONT)
            vbt_act(t, "continue-siege");
    }
    vbt_free(t);
}

/* the position passes the invariants (rs_check) and reads back from its
 * state file */
static void counted_and_read_back(vbt *t, const char *when)
{
    if (t->g->def->check(t->g, S(t), &t->cx))
        fail_msg("M47: %s: %s", when, t->cx.err);
    reload_ok(t);
}

/* 13.3, 14, the invariants (rs_check): while an interception is tried, and
 * through the interceptor's attrition after it, the march's SP are off the
 * map with the marching general (s->mv.sp), still counted to its camp:
 * France M's march into Picardie, Coehoorn's stack intercepting from
 * Brabant (D6 6: it succeeds), then its attrition (D6 6) and its losses to
 * take. rs_view.c:227's `s->phase == P_ICPT || s->phase == P_ICPT_TEST` as
 * `&&` (planted with its brackets) and :228's attrition losses
 * `s->loss_k == LK_ATTR` as `!=`: the march's SP lost to the count, "SP
 * not conserved". */
static void test_13_3_march_counted_while_intercepted(void **state)
{
    (void)state;
    vbt *t = campaign();
    coehoorn_intercepts(t);
    assert_int_equal(S(t)->phase, P_ICPT_TEST);
    int sp = rs_sp(S(t)->mv.sp);
    assert_true(sp > 0);
    counted_and_read_back(t, "the interception's die");
    vbt_dice(t, "6");
    assert_int_equal(S(t)->phase, P_ATTR);
    counted_and_read_back(t, "the interceptor's attrition");
    vbt_dice(t, "6");
    assert_int_equal(S(t)->phase, P_LOSS);
    assert_int_equal(S(t)->loss_k, LK_ATTR);
    assert_int_equal(S(t)->ret, P_MV_STEP);
    assert_int_equal(rs_sp(S(t)->mv.sp), sp);
    counted_and_read_back(t, "the interceptor's attrition losses");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_18_1_1_effort_prompt_counts_the_rounds),
        cmocka_unit_test(test_13_3_march_counted_while_intercepted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
