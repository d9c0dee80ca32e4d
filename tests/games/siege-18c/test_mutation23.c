/* test_mutation23.c - siege-18c: tests written against survivors of the
 * twenty-third session's mutation passes (helper sqm, seed 23, over
 * sq_move.c, sq_mine.c, sq_geom.c and sq_odds.c; docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* Besieger: "If trenches from two different directions do not meet
 * exactly it will require an additional turn of engineering to make them
 * meet." Two second-parallel sections whose ends lie 0.01 in apart do not
 * meet: neither reaches the other, and a join between them, 0.01 in long,
 * is offered and dug; the sections whose ends touch meet and are moved
 * between at once (sq_move.c:146 `best == 0` -> `best == 1`, a seed-23
 * survivor, refused the join of 0.01 in: the two parts stayed apart). */
static void join_of_the_least_gap(void **state)
{
    (void)state;
    for (int gap = 0; gap < 2; gap++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        s->phase = PH_BMOVE;
        int b = sect(t, SK_PARALLEL, 2, -1, 1640, 3000, 2280, 3000);
        int c = sect(t, SK_PARALLEL, 2, -1, 2280 + gap, 3000, 2920 + gap, 3000);
        in_sect(t, U(t, "Foot-1"), b, 1960, 3000);
        attach(t, "Sappers-1", "Foot-1");
        vbt_act(t, "order Foot-1");
        assert_int_equal(vbt_legal(t, "move Foot-1 to P2-2"), !gap);
        assert_int_equal(vbt_legal(t, "join Foot-1 to P2-2"), gap);
        if (gap) {
            vbt_act(t, "join Foot-1 to P2-2");
            assert_int_equal(s->nsect, 3);
            assert_int_equal(s->s[2].kind, SK_JOIN);
            assert_int_equal(s->s[2].state, SS_PLANNED);
            assert_int_equal(s->s[2].ax, 2280);
            assert_int_equal(s->s[2].bx, 2281);
            assert_int_equal(s->s[2].meets, c + 1);
        }
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(join_of_the_least_gap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
