/* test_mutation44.c - siege-18c: tests written against survivors of the
 * seed-44 mutation passes of the forty-fourth session (helper sqo) over
 * sq_io.c and sq_move.c (docs/siege-18c.md, Measured; those of sq_data.c
 * are edits of the data in test_sq_data.sh). Each fails with its mutant
 * planted back (messages "M44:", lines of f4f361b1). */
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

/* Fire and assaults on Fortress Defences: "Ravelins cannot be assaulted
 * until the adjacent covered way has been taken. A bastion cannot be
 * assaulted until the adjacent ravelin has been taken. A section of curtain
 * wall cannot be taken until the adjacent bastions are taken." The work's
 * view (`area`) lists what must be taken first, joined by "or" where one
 * will do (Ravelin-1 after CW-3 or CW-4) and by "and" where all must
 * (Curtain-1 after both bastions), with no word after the last. (sq_io.c:916
 * `k + 1 < wk->nafter` as `k + 0`: " or" and " and" after the last work.) */
static void work_view_lists_what_to_take_first(void **state)
{
    (void)state;
    vbt *t = fresh();
    static const char *const want[][2] = {
        {"Ravelin-1", "  to assault it, first take: CW-3 or CW-4\n"},
        {"Bastion-A", "  to assault it, first take: Ravelin-1\n"},
        {"Curtain-1", "  to assault it, first take: Bastion-A and Bastion-B\n"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char *a = vbt_area_text(t, -1, want[i][0]);
        if (!strstr(a, want[i][1]))
            fail_msg("M44: %s's view lacks '%s':\n%s", want[i][0], want[i][1], a);
        free(a);
    }
    vbt_free(t);
}

/* "The covered way cannot be destroyed but can be stormed or breached by
 * saps" (Fire on Defences): a sap that would enter the ditch stops on the
 * covered way's middle line, at the last point before the ray FIRST meets
 * it (engine reading 8), and is refused when that leaves it shorter than
 * half_width. From [613, 1211], on the middle line, at 16.54 degrees the
 * first point is already past the line, the next 66 are out again (the
 * line bends away) and the day's end is past it once more: no room, so no
 * sap. (sq_move.c:91 `len = 1` as `2`: the first point not looked at, a
 * sap of 67 laid through the covered way.) */
static void sap_stops_at_the_first_meeting_of_the_middle_line(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_sect k;
    sq_pt a = {613, 1211};
    int rc = sq_lay_sap(t->g, S(t), -1, a, 1654, &k);
    if (rc != -1)
        fail_msg("M44: a sap from [613, 1211] at 16.54 degrees laid to [%d, %d], not refused", k.bx,
                 k.by);
    /* the same ray's first point meets the line: the reason it is refused */
    sq_pt c = sq_step(a, 1654, 1);
    const sq_scen *sc = sq_sc(t->g, S(t));
    int32_t mid =
        (sq_line_y(sc->counter, sc->ncounter, c.x) + sq_line_y(sc->crest, sc->ncrest, c.x)) / 2;
    assert_true(c.y < mid);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(work_view_lists_what_to_take_first),
        cmocka_unit_test(sap_stops_at_the_first_meeting_of_the_middle_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
