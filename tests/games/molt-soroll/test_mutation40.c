/*
 * test_mutation40.c - Molt soroll per un rei: the survivors of the
 * fortieth session's mutation pass, seed 40 (helper sqx), of ms_rules.c
 * (docs/molt-soroll.md, "Mutation pass, fortieth session (helper sqx)"):
 * each test fails with the mutant it names planted (messages "M40:",
 * lines of a60262e) and passes without.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "ms_test.h"

/* The AI's heuristic (ms_eval, "Mutation testing": not a rule, the AI's
 * strength) counts each of the seven tokens of 2.3 alike: one available
 * (+0.06 to the good) or regrouping (+0.03), whichever token it is, the
 * first Almogàvar company (token 0) as much as Mallol (the last).
 * (ms_rules.c:1099 the tokens counted from 1, a seed-40 survivor, left
 * token 0 out.) */
static void eval_counts_every_token(void **state)
{
    (void)state;
    vbt *t = fresh();
    ms_state *s = S(t);
    for (int k = 0; k < MS_NTOK; k++)
        s->tok[k] = MS_OFF;
    double none = ms_eval(t->g, s, 0), avail[MS_NTOK], regroup[MS_NTOK];
    for (int k = 0; k < MS_NTOK; k++) {
        s->tok[k] = MS_AVAILABLE;
        avail[k] = ms_eval(t->g, s, 0);
        s->tok[k] = MS_REGROUPING;
        regroup[k] = ms_eval(t->g, s, 0);
        s->tok[k] = MS_OFF;
        if (!(avail[k] > regroup[k] && regroup[k] > none))
            fail_msg("M40: token %d: available %.6f, regrouping %.6f, off %.6f", k, avail[k],
                     regroup[k], none);
        if (fabs(avail[k] - avail[0]) > 1e-12 || fabs(regroup[k] - regroup[0]) > 1e-12)
            fail_msg("M40: tokens %d and 0 counted unalike", k);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eval_counts_every_token),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
