/* test_mutation52.c - molt-soroll: tests written against survivors of the
 * seed-52 mutation pass of the fifty-second session (helper msw) over
 * ms_io.c. Each fails with its mutant planted back (messages "M52:");
 * lines of b3401795 (docs/molt-soroll.md, "Mutation pass, fifty-second
 * session (helper msw)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* 8.1.4: a state file paused at an inactivation die names the front whose
 * die it is; a front the game does not have is refused in one line, by
 * name, not read as the first front's (the Noblesa catalana). The position
 * is Rendició de Montesa's inactivation die of the Andalusins in Xàtiva,
 * the one play reaches (test_mutation46.c). (ms_io.c:608, the front's
 * index from `x = -1` -> `-0`: "Nowhere" read as the Noblesa catalana.) */
static void pending_inactivation_unknown_front_refused(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t);
    set_front(j, "Andalusins", "Xàtiva", "full", 0);
    put_row(t, j, "M52: 8.1.4");
    vbt_dice(t, "rendicio-montesa");
    vbt_act(t, "end-actions");
    if (S(t)->phase != PH_INACTIVATION || S(t)->pend_arg != AND)
        fail_msg("M52: no inactivation die of the Andalusins after Rendició de Montesa");
    j = js(t);
    put_row(t, j, "M52: the inactivation die of the Andalusins, written and read");
    if (S(t)->phase != PH_INACTIVATION || S(t)->pend_arg != AND)
        fail_msg("M52: the inactivation die read back for front %d", S(t)->pend_arg);
    j = js(t);
    json_object_set_new(j, "pending", json_pack("{s:s}", "inactivation", "Nowhere"));
    int rc = put_bad(t, j);
    if (rc != VB_EINPUT || strcmp(t->cx.err, "pending: unknown front 'Nowhere'") != 0)
        fail_msg("M52: an inactivation die of a front named Nowhere: %s", rc ? t->cx.err : "read");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pending_inactivation_unknown_front_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
