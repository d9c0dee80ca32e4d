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

/* The board's measures are integers (hundredths of an inch): a step of
 * len at an angle is rounded half away from zero, each coordinate on its
 * own (sq_geom.c). Saps and joins are laid by such steps, so a record
 * replays only if every machine rounds alike. 6.40 in at 29.64 degrees
 * (sine 0.494531 from the table, linear between whole degrees) is
 * 316.49984 hundredths down and 556.236 across: (5.56, 3.16), and the
 * same mirrored in the other quadrants (sq_geom.c:239 the divisor
 * 1000000 -> 999999, a seed-23 survivor, gave 3.17). */
static void step_rounds_to_the_nearest_hundredth(void **state)
{
    (void)state;
    static const struct {
        int ang, x, y;
    } rows[] = {{2964, 556, 316}, {33036, 556, -316}, {20964, -556, -316}, {15036, -556, 316}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sq_pt o = {0, 0}, q = sq_step(o, rows[i].ang, 640);
        if (q.x != rows[i].x || q.y != rows[i].y)
            fail_msg("6.40 in at %d: (%d, %d), want (%d, %d)", rows[i].ang, q.x, q.y, rows[i].x,
                     rows[i].y);
    }
    assert_int_equal(sq_sin(2964), 494531);
}

/* A unit stands in a section when within its half width (0.60 in) of the
 * section's line, ends included. The shortest piece the game lays is a
 * join of 0.01 in (join_of_the_least_gap): a point 0.60 in straight below
 * its far end is within 0.60 in of it, one 0.61 in below is not; so below
 * its near end (sq_geom.c:114 `t <= 0` -> `t <= 1`, a seed-23 survivor,
 * measured from the near end when the point lies past the far one: 0.6008
 * in, refused). */
static void within_the_shortest_piece(void **state)
{
    (void)state;
    sq_pt a = {2280, 3000}, b = {2281, 3000};
    for (int end = 0; end < 2; end++) {
        sq_pt on = {2280 + end, 3060}, off = {2280 + end, 3061};
        assert_true(sq_within_seg(on, a, b, 60));
        assert_false(sq_within_seg(off, a, b, 60));
        assert_int_equal(sq_dist_seg(on, a, b), 60);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(join_of_the_least_gap),
        cmocka_unit_test(step_rounds_to_the_nearest_hundredth),
        cmocka_unit_test(within_the_shortest_piece),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
