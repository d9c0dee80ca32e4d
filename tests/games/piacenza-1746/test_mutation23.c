/* test_mutation23.c - the rules that the twenty-third session's mutation
 * pass (seed 23, docs/piacenza-1746.md "Mutation pass, twenty-third
 * session") found without a test: each test names the rulebook sentence it
 * pins and the mutant it kills. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* 9.0 / 9.2.1: a formation's Combat segment with no volley declared goes
 * straight to its melees (none here) and back to the choice of the next
 * formation. The melee scan starts before the first unit of the order of
 * battle; pc_combat.c `A_OPEN`: `s->mel_a = -1` to `-2` read unit -1 and
 * left -2 in the state, which its file cannot hold (the melee attacker is
 * a unit or none): the position read back differed. */
static void combat_without_fire_round_trips(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Corona", "0705");
    put_leader(t, "Douchez", "0706");
    put(t, "Pallavicini", "0805");
    put_leader(t, "Novati", "0906");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Douchez");
    vbt_act(t, "open-fire");
    assert_int_equal(S(t)->phase, PH_CFORM);
    reads_back_the_same(t, "after a Combat segment without fire");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(combat_without_fire_round_trips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
