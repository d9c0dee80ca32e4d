/*
 * test_mutation41b.c - setge-1714: the survivors of the forty-first
 * session's second mutation pass, seed 41 (helper sgz), of sg_rules.c and
 * sg_legal.c (docs/setge-1714.md, "Mutation pass, forty-first session,
 * second round (helper sgz)"): each test fails with the mutant it names
 * planted (messages "M41b:", lines of 0dc3bb3d) and passes without. The
 * positions are loaded from state files written by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "games/setge-1714/sg_int.h"
#include "sg_test.h"
#include "vbtest.h"

/* 6.1 "A player may stack up to 5 combat units in the same map zone
 * (leaders, artillery and barricades never count against this limit)"
 * and 10: a stack moves where its units reach, into a zone that then
 * holds at most five combat units. Fusina: the commander Villarroel and
 * one company (test_mutation24.c's barricade position), Santa Marta
 * holding four Catalan combat units: the stack (one combat unit) may go
 * there, five in all; with a second company in Fusina it may not (six).
 * (sg_legal.c:280, the stack's combat units counted from 1, `ncomb = 1`,
 * kept the stack of one company out of the zone of four.) */
static void stack_joins_four_to_make_five(void **state)
{
    (void)state;
    for (int two = 0; two < 2; two++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        char json[1024];
        int n =
            snprintf(json, sizeof json,
                     "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\","
                     " \"deck\": [], \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                     " \"zones\": {\"Fusina\": [\"Villarroel\", \"Coronela Trinitat 1\"%s],"
                     " \"Santa Marta\": [\"Sant Jordi\", \"Sant Miquel\", \"Penyafort\","
                     " \"Sant Vicenç Ferrer\"],"
                     " \"Pla de Palau\": [\"French Battalion 1\"],"
                     " \"Pla d'en Llull\": [\"French Battalion 2\"]}}",
                     two ? ", \"Coronela Trinitat 2\"" : "");
        assert_true(n > 0 && (size_t)n < sizeof json);
        sgt_load(t, json);
        vbt_act(t, "move-stack Fusina");
        if (!two && !vbt_legal(t, "to Santa-Marta"))
            fail_msg("M41b: a commander and one company may not join four combat units");
        if (two && vbt_legal(t, "to Santa-Marta"))
            fail_msg("M41b: two companies may join four combat units (six in Santa Marta)");
        vbt_free(t);
    }
}

/* vb_module.h: legal() gives weights "1 for player decisions and the
 * outcome weight for chance". Every decision's weight is 1: at the
 * deployment (option "deploy", rule 4) and at the artillery phase (rule
 * 9), where the end of firing is offered beside the target of the Bourbon
 * Battery 1 (Left Two Crowns, Sant Jordi next to it in Fossat de
 * Llevant). (sg_legal.c:615 gave each deployment weight 0, :640 the
 * end of firing weight 2.) */
static void decisions_weigh_one(void **state)
{
    vb_action a[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    (void)state;
    vbt *t = sgt_deploying("Ciutat 1");
    vbt_weighs_one(t, "M41b: deployment");
    vbt_free(t);
    t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"artillery\","
                " \"deck\": [], \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                " \"zones\": {\"Left Two Crowns\": [\"Bourbon Battery 1\", \"French Battalion 1\"],"
                " \"Fossat de Llevant\": [\"Sant Jordi\"]}}");
    assert_int_equal(S(t)->phase, PH_ART);
    int n = vb_legal(t->g, S(t), a, w, VB_MAX_ACTIONS);
    assert_true(n > 1);
    assert_true(a[0] == SG_ACT(A_END, E_ART, 0, 0));
    vbt_weighs_one(t, "M41b: artillery");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stack_joins_four_to_make_five),
        cmocka_unit_test(decisions_weigh_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
