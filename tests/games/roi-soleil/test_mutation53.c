/* test_mutation53.c - what the fifty-third session's mutation pass (seed
 * 53, helper rsu, docs/roi-soleil.md) found untested in rs_eval.c: each
 * test fails with its surviving mutant planted (messages "M53:", lines of
 * 26ad3388) and passes without. The helpers are in rs_test.h. */
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

/* the evaluation's siege term (rs_eval_terms) of t's position */
static double siege_term(vbt *t)
{
    double x[RS_EVAL_NT];
    rs_eval_terms(t->g, S(t), x);
    return x[RS_T_SIEGE];
}

/* The evaluation's siege to come (AI only; 18: a siege needs an army with
 * a general at an enemy fortress free of enemy armies), the Coalition's
 * side: Spain A with Brabant's army at Artois, a French fortress whose
 * army has gone to the Reserve (its garrison is no army), the Coalition
 * holding a Siege marker: the term is one less (rs_eval.c:174, the enemy
 * army `1 - c` as `1 + c`: the Coalition's read as the zone's garrison, a
 * garrisoned fortress never counted); Spain A there alone, his army gone
 * back to Brabant: no siege (rs_eval.c:173, the camp's army `> 0` as
 * `>= 0`: a general alone counted). */
static void test_eval_coalition_siege_term(void **state)
{
    (void)state;
    vbt *t = coalition_campaign_with_siege();
    rs_state *s = S(t);
    int art = Z(t, "Artois"), bra = Z(t, "Brabant"), sa = G(t, "Spain A");
    assert_true(rs_held(s, RS_C, CAT_SIEGE) >= 0);
    assert_true(s->z[art].fv > 0 && rs_ctrl(t->g, s, art) == RS_F);
    army_to_reserve(t, "Artois", RS_F);
    if (rs_sp(s->z[art].garr) == 0)
        s->z[art].garr[KIND(0, T_INF)] = 1;
    double x0 = siege_term(t);
    uint8_t sp[RS_NT];
    memcpy(sp, s->z[bra].army[RS_C], RS_NT);
    assert_true(rs_sp(sp) > 0);
    memcpy(s->z[art].army[RS_C], sp, RS_NT);
    memset(s->z[bra].army[RS_C], 0, RS_NT);
    s->gz[sa] = (int8_t)art;
    assert_int_equal(rs_commander(t->g, s, art, RS_C), sa);
    if (siege_term(t) != x0 - 1)
        fail_msg("M53: the Coalition's siege to come at Artois (garrison %d SP): the term %g, "
                 "expected %g",
                 rs_sp(s->z[art].garr), siege_term(t), x0 - 1);
    memcpy(s->z[bra].army[RS_C], sp, RS_NT);
    memset(s->z[art].army[RS_C], 0, RS_NT);
    if (siege_term(t) != x0)
        fail_msg("M53: Spain A alone at Artois, no army: the siege term %g, expected %g",
                 siege_term(t), x0);
    vbt_free(t);
}

/* The evaluation's battle to come (AI only; 17.1, 17.3), the Coalition's
 * side: Spain A with 20 Spanish infantry SP at Artois beside 10 French
 * ones, the zone under France's control marker and behind a French line
 * (11), the Coalition holding its Battle marker (campaign()): the term is
 * one less (rs_eval.c:188, the enemy army `1 - c` as `0 - c`: the
 * Coalition's enemy read as `army[-1]`, the bytes before the zone's
 * armies, where a zone without a marker or a line reads its -1 as 255,
 * past 10 SP, but a marker and a line of France's read 3: its battle to
 * come lost). */
static void test_eval_coalition_battle_term(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int art = Z(t, "Artois"), sa = G(t, "Spain A");
    double x[RS_EVAL_NT];
    assert_true(rs_held(s, RS_C, CAT_BATTLE) >= 0);
    rs_eval_terms(t->g, s, x);
    double x0 = x[RS_T_BATTLE];
    memset(s->z[art].army[RS_F], 0, RS_NT);
    memset(s->z[art].army[RS_C], 0, RS_NT);
    s->z[art].army[RS_F][KIND(0, T_INF)] = 10;
    s->z[art].army[RS_C][KIND(1, T_INF)] = 20;
    s->gz[sa] = (int8_t)art;
    s->z[art].mk = RS_F;
    s->z[art].line = 1;
    s->z[art].linec = RS_F;
    rs_eval_terms(t->g, s, x);
    if (x[RS_T_BATTLE] != x0 - 1)
        fail_msg("M53: the Coalition's battle to come at Artois (20 v 10): the term %g, "
                 "expected %g",
                 x[RS_T_BATTLE], x0 - 1);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eval_coalition_siege_term),
        cmocka_unit_test(test_eval_coalition_battle_term),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
