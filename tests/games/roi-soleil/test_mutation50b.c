/* test_mutation50b.c - what the fiftieth session's second mutation pass
 * (seed 50, helper rsx, docs/roi-soleil.md) found untested in rs_rules.c
 * and rs_move.c: each test fails with its surviving mutant planted (messages "M50:",
 * lines of 863c5274) and passes without. The helpers are in rs_test.h. */
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

/* 17.1 "A skirmish engages fewer than 10 SP in one and/or the other of the
 * armies": an army of a single SP with its general attacks the enemy in its
 * zone (rs_rules.c:497, the attacker's `fc > 0` as `fc > 1`). */
static void test_17_1_one_sp_attacks(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int z = army_to(t, "Brabant");
    for (int u = 0; u < RS_NT; u++)
        s->z[z].army[RS_F][u] = 0;
    s->z[z].army[RS_F][KIND(0, T_INF)] = 1;
    assert_true(rs_army(s, z, RS_C) > 0);
    if (!vbt_legal(t, "attack Brabant"))
        fail_msg("M50: France M's 1 SP against %d in Brabant: no attack offered",
                 rs_army(s, z, RS_C));
    vbt_free(t);
}

/* 19 "A player may decide not to lead a campaign and to pass his turn ...
 * If both players successively refuse to lead a campaign, the campaign
 * season ends": a campaign whose army marched is led, not passed, though
 * it fights nothing; after the Coalition's pass the season goes on to the
 * pursuit (rs_move.c:424, the march's `s->did = 1` as `= 0`). */
static void test_19_march_is_not_a_pass(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    s->passes = 1; /* the Coalition refused the campaign before */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(s->phase, P_IMPULSE);
    vbt_act(t, "end-campaign");
    if (s->passes != 0 || s->phase != P_PURSUIT || vbt_logged(t, "(passed)"))
        fail_msg("M50: Turenne's march to Brabant read as a pass: %d passes, phase %d", s->passes,
                 s->phase);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_17_1_one_sp_attacks),
        cmocka_unit_test(test_19_march_is_not_a_pass),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
