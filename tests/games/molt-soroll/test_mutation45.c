/* test_mutation45.c - molt-soroll: tests written against survivors of the
 * seed-45 mutation passes of the forty-fifth session (helper sqr) over
 * ms_data.c (the data read) and ms_odds.c. Each fails with its mutant
 * planted back (messages "M45:"); lines of 4fe3bac9 (docs/molt-soroll.md,
 * "Mutation pass, forty-fifth session (helper sqr)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

#define GAME "molt-soroll"

/* Sardenya's outline in the shipped board.json, the row's `from`. */
#define SARDENYA "[[840, 320], [905, 318], [915, 470], [860, 487], [835, 400]]"

/* n points along Sardenya's west coast, inside the map, as a JSON array. */
static void outline(char *buf, size_t len, int n)
{
    size_t at = 0;
    at += (size_t)snprintf(buf + at, len - at, "[");
    for (int i = 0; i < n; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s[%d, %d]", i ? ", " : "", 840 + i % 3,
                               320 + 4 * i);
    snprintf(buf + at, len - at, "]");
}

/* The map (board.json, the land drawn on the board of 2.1): a land is a
 * polygon of 3 to 40 points (MS_MAXPTS, the board's table of points).
 * Fewer than three draw no land and are refused; 41 would be written past
 * the table and are refused; 3 and 40 load. (ms_data.c:600 `< 3 || > 40`
 * as `&&`: never refused, two points read and 41 written past the table.) */
static void land_of_three_to_forty_points(void **state)
{
    static char two[64], three[64], forty[1024], forty_one[1024];
    (void)state;
    outline(two, sizeof two, 2);
    outline(three, sizeof three, 3);
    outline(forty, sizeof forty, 40);
    outline(forty_one, sizeof forty_one, 41);
    const vbt_data_row rows[] = {
        {"M45: a land of 2 points", "board.json", SARDENYA, two, "3-40 points"},
        {"M45: a land of 3 points", "board.json", SARDENYA, three, NULL},
        {"M45: a land of 40 points", "board.json", SARDENYA, forty, NULL},
        {"M45: a land of 41 points", "board.json", SARDENYA, forty_one, "3-40 points"},
    };
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(land_of_three_to_forty_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
