/* test_mutation42.c - siege-18c: tests written against survivors of the
 * seed-42 mutation passes of the forty-second session (helper sqv) over
 * sq_rules.c, sq_mine.c and sq_geom.c (docs/siege-18c.md, Measured). Each
 * fails with its mutant planted back (messages "M42:", lines of
 * e71619ce). */
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

/* Line of Sight: "All artillery firing is at +/-45 degrees", a half arc
 * that game.json gives ("angles": "arc_half", 4500) and the reader takes
 * from 1.00 to 89.99 degrees (sq_data.c). Below 90 degrees the arc is the
 * exact cone: at 89.99 degrees a target square to the facing is outside it
 * and one 89 degrees off inside; at 90.00 degrees (the half plane, as
 * sq_in_arc reads 90 and more) the square target is in. (sq_geom.c:207,
 * the half plane taken from `half >= 8999`, put the square target inside
 * the arc of 89.99 degrees that the data may give.) */
static void arc_of_89_99_degrees_is_a_cone(void **state)
{
    (void)state;
    sq_pt o = {0, 0}, square = {0, 1000}, at89 = {18, 1000}, behind = {-1, 1000};
    if (sq_in_arc(o, 0, square, 8999))
        fail_msg("M42: a target at 90.00 degrees inside an arc of 89.99");
    if (sq_in_arc(o, 0, behind, 8999))
        fail_msg("M42: a target at 90.06 degrees inside an arc of 89.99");
    if (!sq_in_arc(o, 0, at89, 8999))
        fail_msg("M42: a target at 88.97 degrees outside an arc of 89.99");
    if (!sq_in_arc(o, 0, square, 9000))
        fail_msg("M42: a target at 90.00 degrees outside an arc of 90.00");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arc_of_89_99_degrees_is_a_cone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
