/* test_mutation42.c - what the forty-second session's mutation pass (seed
 * 42, helper rsv, docs/roi-soleil.md) found untested in the rules files
 * rs_event.c, rs_winter.c, rs_loss.c, rs_prep.c, rs_check.c, rs_def.c and
 * rs_eval.c: each test fails with its surviving mutant planted (messages
 * "M42:", lines of e71619ce) and passes without. The helpers are in
 * rs_test.h. */
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

/* 24.4.3 1694-5: "No Spanish unit or Spanish general can enter the zones
 * of Guyenne & Gascogne or Roussillon until the end of the game". The log
 * names the first zone of the event, Guyenne et Gascogne (rs_event.c:554,
 * the log's `zones[0]` as `zones[1]`: it named Roussillon, the second). */
static void test_1694_5_ban_logged(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "augsburg", 1);
    event(t, 1694, "5");
    if (!vbt_logged(t, "no Spain unit or general may enter Guyenne et Gascogne"))
        fail_msg("M42: 1694-5's log does not name Guyenne et Gascogne: %s", t->log);
    vbt_free(t);
}

/* 24.5.3 1704-5: "remove from the map the indicated number of French
 * infantry SP as well as Villars. Put them in the Reserve. These units and
 * the general may not return until 1705." Villars in France Ouest, the
 * map's first zone (zone 0), goes to the Reserve and is kept there for the
 * year (rs_event.c:245, the general on the map `gz >= 0` as `gz > 0`: he
 * stayed in France Ouest). */
static void test_1704_5_villars_leaves_the_first_zone(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int v = G(t, "Villars"), fo = Z(t, "France Ouest");
    assert_int_equal(fo, 0);
    s->gz[v] = (int8_t)fo;
    event(t, 1704, "5");
    vbt_dice(t, "3");
    if (s->gz[v] != GZ_RESERVE || s->glock != v)
        fail_msg("M42: Villars in France Ouest at 1704-5: zone %d, kept %d", s->gz[v], s->glock);
    check_ok(t);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1694_5_ban_logged),
        cmocka_unit_test(test_1704_5_villars_leaves_the_first_zone),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
