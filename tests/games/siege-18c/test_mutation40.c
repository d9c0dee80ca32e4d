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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sine_table_rounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
