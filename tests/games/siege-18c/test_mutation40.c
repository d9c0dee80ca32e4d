/* test_mutation40.c - siege-18c: tests written against survivors of the
 * seed-40 mutation passes of the fortieth session (helper sqx) over
 * sq_rules.c, sq_fire.c, sq_move.c, sq_geom.c and sq_mine.c
 * (docs/siege-18c.md, Measured). Each fails with its mutant planted back
 * (messages "M40:", lines of a60262e). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* The measured board (sq_geom.c: "sine and cosine from a table of whole
 * degrees", "sin of 0..90 whole degrees, scaled by 1,000,000 (rounded)"):
 * every whole degree of the table is sin rounded to the millionth, in each
 * quadrant and for the cosine. (sq_geom.c:12-19, six entries one off - 2,
 * 14, 24, 69, 72 and 88 degrees -, seed-40 survivors: every range, arc and
 * enfilade near those angles a millionth off.) */
static void sine_table_rounded(void **state)
{
    (void)state;
    for (int d = 0; d <= 90; d++) {
        long want = lround(sin(d * acos(-1.0) / 180.0) * 1e6);
        if (sq_sin(d * 100) != want)
            fail_msg("M40: sin %d degrees is %d millionths, not %ld", d, sq_sin(d * 100), want);
        if (sq_sin(18000 - d * 100) != want || sq_sin(18000 + d * 100) != -want ||
            sq_sin(-d * 100) != -want || sq_cos(9000 - d * 100) != want)
            fail_msg("M40: sin %d degrees differs by quadrant", d);
    }
}

/* Sequence of Play 1-2: each unit takes one order a day, in its side's
 * step ("Besieger: ... move ... or dig"; step 2 the defender): a move to a
 * point or a sap at an angle - the orders given by coordinates - for a
 * unit that has had its order today, or for the other side's unit, is
 * refused with the reason, as its named orders are. (sq_move.c:503 the
 * refusal answering 1, a seed-40 survivor, let Foot-1 move twice.) */
static void point_orders_once_a_day(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    foot1_in_par2(t);
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    assert_int_equal(s->phase, PH_BMOVE);
    /* its first order of the day is taken */
    if (vbt_try(t, "move Foot-1 to 10.00 26.00") < 0)
        fail_msg("M40: Foot-1 may not move along its parallel: %s", t->cx.err);
    vbt_free(t);
    t = fresh();
    s = S(t);
    foot1_in_par2(t);
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    s->u[U(t, "Foot-1")].flags |= UF_MOVED | UF_ORDERED;
    static const char *const no[] = {"move Foot-1 to 10.00 26.00", "sap Foot-1 at 270.00",
                                     "move Garrison-B2 to 18.00 33.00"};
    for (int i = 0; i < 3; i++) {
        vb_action a;
        if (vb_parse_action(t->g, t->m.st, no[i], &a, &t->cx) >= 0)
            fail_msg("M40: '%s' accepted", no[i]);
        explains(t, no[i], "that unit cannot take an order now");
    }
    vbt_free(t);
}

/* Sequence 2, the defender's counter-sap (a reconstructed reading:
 * test_mine.c): the order's line names the covered way the gallery starts
 * from - CW-1 for Garrison-B2 - and the day of the digging, as the
 * besieger's mine names the work it runs under (test_mine.c). (sq_move.c:628 the counter-sap's work
 * read as `aim - 0`, a seed-40 survivor, named the work after CW-1.) */
static void gallery_orders_name_their_work(void **state)
{
    (void)state;
    vbt *t = counter_setup();
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    if (!vbt_logged(t, "Garrison-B2 digs a counter-sap from CW-1 (day 1 of 2)"))
        fail_msg("M40: the counter-sap's line does not name CW-1:\n%s", t->log);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sine_table_rounded),
        cmocka_unit_test(point_orders_once_a_day),
        cmocka_unit_test(gallery_orders_name_their_work),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
