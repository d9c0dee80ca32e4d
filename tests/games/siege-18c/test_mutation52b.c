/* test_mutation52b.c - siege-18c: tests written against survivors of the
 * seed-52 mutation passes of the fifty-second session's second round
 * (helper sqv) over sq_odds.c and sq_eval.c (docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back (messages "M52:",
 * lines of ab69485e). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* The explain hook's measured move ("move UNIT to X Y"): the table runs
 * from 0.00 (x across, y down), so an x of 0 is a number read, and a move
 * refused for its y names the y: "move Foot-1 to 0 -0.01" and "... to 0.00
 * 59.73" say "y: ... is out of range", not x. Foot-1 in the besieger's
 * movement step, 2. (sq_odds.c:280 the bound 0 as 1: x 0 named out of
 * range; a move with both numbers read is judged by sq_move.c, not this
 * hook.) */
static void measured_move_from_x_0_names_the_y(void **state)
{
    (void)state;
    vbt *t = fresh();
    S(t)->phase = PH_BMOVE;
    static const struct {
        const char *text, *says;
    } rows[] = {
        {"move Foot-1 to 0 -0.01", "y: -0.01 is out of range (a measured move"},
        {"move Foot-1 to 0.00 59.73", "y: 59.73 is out of range (a measured move"},
        {"move Foot-1 to -0.01 0", "x: -0.01 is out of range (a measured move"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vb_action a;
        vb_ctx cx;
        vb_ctx_init(&cx);
        assert_int_equal(vb_parse_action(t->g, t->m.st, rows[i].text, &a, &cx), VB_EILLEGAL);
        if (!strstr(cx.err, rows[i].says))
            fail_msg("M52: '%s': %s (wanted '%s')", rows[i].text, cx.err, rows[i].says);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(measured_move_from_x_0_names_the_y),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
