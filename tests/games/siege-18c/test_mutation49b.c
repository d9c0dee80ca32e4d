/* test_mutation49b.c - siege-18c: tests written against survivors of the
 * seed-49 mutation pass of the forty-ninth session's second round (helper
 * sqm) over sq_data.c (docs/siege-18c.md, Measured). Each fails with its
 * mutant planted back (messages "M49:", lines of fd0c93b7). */
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

/* The lines of the glacis are read as y over x (sq_line_y), so each runs
 * with x strictly increasing from its first point: one-front's
 * counterscarp with its 2nd point's x made 626 (the 1st's) or 600 is
 * refused, naming point 2; 627 is read. (sq_data.c:85 the check from `i =
 * 1` as `i = 2`: the 2nd point was never compared with the 1st;
 * test_sq_data.sh turns back the 3rd and 4th points only.) */
static void glacis_line_checked_from_its_second_point(void **state)
{
    (void)state;
    static const char from[] = "\"counterscarp\": [\n    [\n     626,\n     1188\n    ],\n"
                               "    [\n     1200,";
    static const vbt_data_row rows[] = {
        {"M49: counterscarp's 2nd point at x 627", "fortress.json", from,
         "\"counterscarp\": [\n    [\n     626,\n     1188\n    ],\n    [\n     627,", NULL},
        {"M49: counterscarp's 2nd point at x 626", "fortress.json", from,
         "\"counterscarp\": [\n    [\n     626,\n     1188\n    ],\n    [\n     626,",
         "'counterscarp' must run with x increasing (point 2 at x 626, after x 626)"},
        {"M49: counterscarp's 2nd point at x 600", "fortress.json", from,
         "\"counterscarp\": [\n    [\n     626,\n     1188\n    ],\n    [\n     600,",
         "'counterscarp' must run with x increasing (point 2 at x 600, after x 626)"},
    };
    vbt_check_data_rows("siege-18c", rows, sizeof rows / sizeof rows[0]);
}

/* Morale is a D6 test against the unit's morale (Morale): game.json's
 * unit_types give each type's morale, 0-12; 12 is read, 13 refused in one
 * line naming the rule. (sq_data.c:119 the bound 12 as 13.) */
static void unit_morale_read_to_12(void **state)
{
    (void)state;
    static const char from[] = "{\"type\": \"foot\", \"strength\": 6, \"morale\": 3,";
    static const vbt_data_row rows[] = {
        {"M49: foot's morale 12", "game.json", from,
         "{\"type\": \"foot\", \"strength\": 6, \"morale\": 12,", NULL},
        {"M49: foot's morale 13", "game.json", from,
         "{\"type\": \"foot\", \"strength\": 6, \"morale\": 13,", "\"morale\" is 13, must be 0-12"},
    };
    vbt_check_data_rows("siege-18c", rows, sizeof rows / sizeof rows[0]);
}

/* Fire arcs of +/-45 degrees (game.json's angles.arc_half, hundredths of a
 * degree, 100-8999): 8999 is read, 9000 and 99 refused though the
 * enfilade's and the sap's angles that follow are good. (sq_data.c:208 the
 * `||` after arc_half as `&&`, planted by hand with parentheses: arc_half's
 * refusal was dropped when the enfilade read well; with the shipped data
 * the enfilade went unread, which test_audit33.c kills.) */
static void arc_half_refused_out_of_range(void **state)
{
    (void)state;
    static const char from[] = "\"arc_half\": 4500,";
    static const vbt_data_row rows[] = {
        {"M49: arc_half 8999", "game.json", from, "\"arc_half\": 8999,", NULL},
        {"M49: arc_half 9000", "game.json", from, "\"arc_half\": 9000,",
         "\"arc_half\" is 9000, must be 100-8999"},
        {"M49: arc_half 99", "game.json", from, "\"arc_half\": 99,",
         "\"arc_half\" is 99, must be 100-8999"},
    };
    vbt_check_data_rows("siege-18c", rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glacis_line_checked_from_its_second_point),
        cmocka_unit_test(unit_morale_read_to_12),
        cmocka_unit_test(arc_half_refused_out_of_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
