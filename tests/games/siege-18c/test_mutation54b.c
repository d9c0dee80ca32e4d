/* test_mutation54b.c - siege-18c: tests written against survivors of the
 * seed-54 mutation passes of the fifty-fourth session's second round
 * (helper sqz) over sq_mine.c, sq_geom.c and sq_data.c (docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back (messages "M54:",
 * lines of f535effc). */
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

/* CinC/Engineers: "An attached CinC will add +2 to a units morale" (game.json
 * morale.cinc_attached), read 0-6 like the CinC adjacent's bonus: 6 is
 * read, 7 refused in one line naming the key and its bounds. (sq_data.c:213
 * cinc_attached's bound 6 as 5: a CinC's +6 attached was refused, where the
 * adjacent one's +6 is read.) */
static void cinc_attached_read_to_six(void **state)
{
    (void)state;
    static const vbt_data_row rows[] = {
        {"M54: morale cinc_attached 6", "game.json", "\"cinc_attached\": 2,",
         "\"cinc_attached\": 6,", NULL},
        {"M54: morale cinc_attached 7", "game.json", "\"cinc_attached\": 2,",
         "\"cinc_attached\": 7,", "game.json: \"cinc_attached\" is 7, must be 0-6"},
    };
    vbt_check_data_rows("siege-18c", rows, sizeof rows / sizeof rows[0]);
}

/* fortress.json: a scenario holds 1 to 32 works (SQ_MAX_WORKS, the table of
 * a scenario's works). One-front given 23 more (empty objects, 33 in all)
 * is refused in one line naming the scenario and the bound, before any
 * work is read. (sq_data.c:302 `json_array_size(a) < 1 ||
 * json_array_size(a) > SQ_MAX_WORKS` as `&&`: no count was refused; the
 * first empty work was refused for its missing source instead, and 33
 * good works would have been written past the table.) */
static void thirty_three_works_refused(void **state)
{
    (void)state;
    char to[256] = "\"works\": [";
    for (int i = 0; i < 23; i++)
        strcat(to, "{}, ");
    const vbt_data_row rows[] = {
        {"M54: one-front of 33 works", "fortress.json", "\"works\": [", to,
         "fortress.json one-front: 1 to 32 works"},
    };
    vbt_check_data_rows("siege-18c", rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cinc_attached_read_to_six),
        cmocka_unit_test(thirty_three_works_refused),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
