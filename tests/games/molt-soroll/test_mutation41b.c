/*
 * test_mutation41b.c - molt-soroll: the survivors of the forty-first
 * session's second mutation pass, seed 41 (helper sgz), of ms_rules.c
 * (docs/molt-soroll.md, "Mutation pass, forty-first session, second round
 * (helper sgz)"): each test fails with the mutant it names planted
 * (messages "M41b:", lines of 0dc3bb3d) and passes without.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* The AI's heuristic (ms_eval, "Mutation testing": not a rule, the AI's
 * strength) weighs the Pope track only while no crusade is proclaimed
 * (11: the crusade is proclaimed when the Pope marker reaches 0; 12.1 and
 * 12.2 count it against the player, -5 and +5 for its absence): with the
 * Pope marker at 0, proclaiming the crusade never raises the heuristic.
 * (ms_rules.c:1098, the crusade's term `s->crusade ? 1 : ...`, counted a
 * proclaimed crusade as +1 to the good, more than any track.) */
static void eval_crusade_is_no_gain(void **state)
{
    (void)state;
    vbt *t = fresh();
    ms_state *s = S(t);
    s->track[MS_POPE] = 0;
    s->crusade = 0;
    double before = ms_eval(t->g, s, 0);
    s->crusade = 1;
    double after = ms_eval(t->g, s, 0);
    if (after > before)
        fail_msg("M41b: the crusade proclaimed raises the heuristic, %.6f -> %.6f", before, after);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eval_crusade_is_no_gain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
