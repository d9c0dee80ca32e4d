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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(work_view_lists_what_to_take_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
