/* test_mutation50b.c - what the fiftieth session's second mutation pass
 * (seed 50, helper rsx, docs/roi-soleil.md) found untested in rs_rules.c:
 * each test fails with its surviving mutant planted (messages "M50:",
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_17_1_one_sp_attacks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
