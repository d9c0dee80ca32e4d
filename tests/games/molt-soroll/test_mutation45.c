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

/* `vauban odds molt-soroll offensive FRONT box=N` (docs/molt-soroll.md,
 * "Exact odds"): `box=N` puts the front's force on its box N, the first
 * box included (box 0: an activated front's force is added "to the first
 * box of its Front", section New Card, Reinforcements and Event), with a
 * state file too. The Noblesa aragonesa in Saragossa (box 2 of its front)
 * asked about at box 0: the force is put there. (ms_odds.c:153
 * `box >= 0` as `> 0`: box=0 ignored, the force left in Saragossa.) */
static void odds_box_zero_places_the_force(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    char *argv[] = {"offensive", "Noblesa-aragonesa", "box=0"};
    vb_action first;
    (void)state;
    set_front(j, "Noblesa-aragonesa", "Saragossa", "full", 0);
    put_row(t, j, "odds");
    if (S(t)->pos[ARA] <= 0)
        fail_msg("M45: the Noblesa aragonesa not past its first box (%d)", S(t)->pos[ARA]);
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 1, 3, argv, &first, &t->cx), 0);
    if (S(t)->pos[ARA] != 0)
        fail_msg("M45: odds box=0 left the Noblesa aragonesa at box %d", S(t)->pos[ARA]);
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(land_of_three_to_forty_points),
        cmocka_unit_test(odds_box_zero_places_the_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
