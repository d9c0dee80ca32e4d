/* test_mutation53b.c - piacenza-1746: tests written against the survivors
 * of the seed-53 mutation pass, second round, over pc_def.c, pc_units.c and
 * pc_eval.c (docs/piacenza-1746.md, "Mutation pass, fifty-third session,
 * second round (helper pct)"). Messages "M53:". */
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

/* Learning Scenarios 1-3: "the Franco-Spanish player wins ... if one of his
 * units occupies" a victory hex (Scenario 3: "has been the last to do
 * so"); no Victory Points count there (13.0, 13.1 are the battle's). The
 * evaluation's terms (pc_eval_terms) in each Scenario: the VP lead 0, as
 * are the battle's guard, share in command and local balance, even with
 * trophies taken on both sides. (pc_eval.c:329 `dv = 0` as `dv = 1`: the
 * VP lead 1 in every Scenario.) */
static void scenarios_have_no_vp_term(void **state)
{
    (void)state;
    const char *sc[3] = {"san-lazzaro", "centre", "gossolengo"};
    for (int k = 0; k < 3; k++) {
        vbt *t = pc_new(sc[k], 1);
        const pc_data *d = D(t);
        pc_state *s = S(t);
        assert_int_equal(d->nobj, 0);
        s->captured[PC_FS] += 3;
        s->captured[PC_AU] += 1;
        double term[PC_NTERMS];
        pc_eval_terms(d, s, term);
        const int none[4] = {PC_T_VP, PC_T_GUARD, PC_T_CMD, PC_T_LOCAL3};
        for (int i = 0; i < 4; i++)
            if (term[none[i]] != 0)
                fail_msg("M53: Scenario %s (no Victory Points, 13.0 is the battle's): the "
                         "evaluation's term %s is %g, not 0",
                         sc[k], pc_term_name[none[i]], term[none[i]]);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scenarios_have_no_vp_term),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
