/*
 * test_mutation40.c - setge-1714: the survivors of the fortieth session's
 * mutation pass, seed 40 (helper sqx), of sg_legal.c (the legal actions)
 * and sg_rules.c (the rules applied) (docs/setge-1714.md, "Mutation pass,
 * fortieth session (helper sqx)"): each test fails with the mutant it
 * names planted (messages "M40:", lines of a60262e) and passes without.
 * The positions are loaded from state files written by hand.
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

/* 1 if the action (kind k, a, b) is among the legal actions now. */
static int legal_now(vbt *t, int k, int a, int b)
{
    vb_action l[VB_MAX_ACTIONS];
    int n = vb_legal(t->g, vbt_state(t), l, NULL, VB_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (l[i] == SG_ACT(k, a, b, 0))
            return 1;
    return 0;
}

/* 6.1 "A player may stack up to 5 combat units in the same map zone
 * (leaders, artillery and barricades never count against this limit,
 * because they are not combat units)" and 6.3 "Stacking limits apply at
 * all times during all the game": at the deployment (rule 4) a Catalan
 * combat unit may not deploy into a zone that holds five, a leader may.
 * (sg_legal.c:171 `kind == K_COMBAT` -> `!=`, a seed-40 survivor, let the
 * sixth combat unit in and kept the leader out.) */
static void deploy_respects_the_stacking_limit(void **state)
{
    (void)state;
    vbt *t = sgt_deploying("Ciutat 1");
    int palau = Z(t, "Pla de Palau"), llull = Z(t, "Pla d'en Llull");
    if (legal_now(t, A_DEPLOY, U(t, "Ciutat 1"), palau))
        fail_msg("M40: a sixth combat unit may deploy into Pla de Palau");
    if (!legal_now(t, A_DEPLOY, U(t, "Ciutat 1"), llull))
        fail_msg("M40: Ciutat 1 may not deploy into the empty Pla d'en Llull");
    vbt_free(t);
    t = sgt_deploying("Thoar");
    if (!legal_now(t, A_DEPLOY, U(t, "Thoar"), palau))
        fail_msg("M40: the leader Thoar may not deploy beside five combat units");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deploy_respects_the_stacking_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
