/* test_mutation54.c - siege-18c: tests written against survivors of the
 * seed-54 mutation passes of the fifty-fourth session (helper sqy) over
 * sq_rules.c and sq_fire.c (docs/siege-18c.md, Measured). Each fails with
 * its mutant planted back (messages "M54:", lines of 518e3ac8). */
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

/* Fortress Capacity; Formations and deployment: "Heavy guns and mortars
 * must be placed in a bastion" (2 guns a bastion). The answer of
 * sq_can_hold (sq_int.h) for a garrison's heavy gun: Heavy-A1 may not stand
 * on CW-1 (empty), in Ravelin-1 (Medium-A's) or on Curtain-1, nor in
 * Bastion-B while Heavy-B1 and Heavy-B2 fill it; with Heavy-B2 destroyed it
 * may. Play never moves such a gun ("cannot be moved during the game"), so
 * only the function's readers meet the answer. (sq_rules.c:295 `k ==
 * WK_BASTION && guns < cap` as `||`: any work with fewer than 2 guns, and
 * every bastion however full, held it.) */
static void garrison_heavy_gun_only_in_a_bastion_with_room(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int h = U(t, "Heavy-A1");
    static const char *const never[] = {"CW-1", "Ravelin-1", "Curtain-1", "Bastion-B"};
    for (size_t i = 0; i < sizeof never / sizeof *never; i++)
        if (sq_can_hold(t->g, s, h, LK_WORK, W(t, never[i])))
            fail_msg("M54: the garrison's Heavy-A1 may stand in %s", never[i]);
    s->u[U(t, "Heavy-B2")].lkind = LK_OFF;
    if (!sq_can_hold(t->g, s, h, LK_WORK, W(t, "Bastion-B")))
        fail_msg("M54: Heavy-A1 may not stand in Bastion-B with one gun there");
    vbt_free(t);
}

/* Besieger: "At the end of turn 1 the 1st parallel is built" - the
 * scenario's sections, read from the data, whatever their slant. One-front's
 * last section made to end at (3438, 5100), 0.28 in lower than it starts:
 * the parallel built at the end of day 1 is a legal position (the check
 * hook matches each section's two ends against the data's). (sq_rules.c:760
 * `t->by == par1[j][1].y` as `par1[j][0].y`: the same on the shipped data,
 * whose 1st parallels run level; here the built section was refused as "not
 * a section of the scenario's 1st parallel".) */
static void first_parallel_built_as_the_data_slants_it(void **state)
{
    (void)state;
    static const vbt_data_row row = {"M54: one-front's 1st parallel slanted", "fortress.json",
                                     "3438,\n       5072", "3438,\n       5100", NULL};
    vbt *t = setup_changed(&row);
    vbt_act(t, "end-movement");
    vbt_act(t, "end-movement");
    sq_state *s = S(t);
    assert_int_equal(s->day, 2);
    assert_int_equal(s->nsect, 4);
    assert_int_equal(s->s[3].by, 5100);
    if (sq_check(t->g, s, &t->cx))
        fail_msg("M54: the 1st parallel as the data slants it refused: %s", t->cx.err);
    vbt_free(t);
}

/* Fire and assaults on Fortress Defences: breaching fire reads the heavy
 * gun's column from its bands (game.json), and a work past the last band is
 * out of its range: no column, no battering. Siege-1's battery on the
 * covered way 11.33 in from Ravelin-1 (`cw_battery_at_ravelin`, R
 * `battering_at_long_range`'s), the
 * heavy gun's bands cut to [[1000, 7], [1100, 5]]: "batter Siege-1 at
 * Ravelin-1" is not legal; with [[1000, 7], [1200, 5]] it is, at column 5
 * + 2 = 7. (sq_fire.c:75 `col = 0` as `col = 1`: out of every band the
 * battery battered at column 1 + 2 = 3; on the shipped data no forward
 * battery stands more than 30 in from a work in its arc.) */
static void no_battering_past_the_heavy_guns_bands(void **state)
{
    (void)state;
    static const vbt_data_row rows[] = {
        {"M54: heavy bands to 11.00 in", "game.json", "[[1000, 7], [2000, 5], [3000, 3]]",
         "[[1000, 7], [1100, 5]]", NULL},
        {"M54: heavy bands to 12.00 in", "game.json", "[[1000, 7], [2000, 5], [3000, 3]]",
         "[[1000, 7], [1200, 5]]", NULL},
    };
    for (int i = 0; i < 2; i++) {
        vbt *t = fresh_changed(&rows[i]);
        sq_state *s = S(t);
        cw_battery_at_ravelin(t);
        int legal = vbt_legal(t, "batter Siege-1 at Ravelin-1");
        if (i == 0 && legal)
            fail_msg("M54: Siege-1 batters Ravelin-1 at 11.33 in, past its last band of 11.00 in");
        if (i == 1) {
            if (!legal)
                fail_msg("M54: Siege-1 may not batter Ravelin-1 at 11.33 in, inside 12.00 in");
            vbt_act(t, "batter Siege-1 at Ravelin-1");
            assert_int_equal(s->p.kind, PK_BATTER);
            assert_int_equal(s->p.work, W(t, "Ravelin-1"));
        }
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(garrison_heavy_gun_only_in_a_bastion_with_room),
        cmocka_unit_test(first_parallel_built_as_the_data_slants_it),
        cmocka_unit_test(no_battering_past_the_heavy_guns_bands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
