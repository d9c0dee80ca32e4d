/* test_audit.c - the ninth session's audit of siege-18c against the
 * rulebook text, sentence by sentence (docs/siege-18c.md, "Audit, ninth
 * session"): each test names the sentence it checks and fails when the
 * code departs from it. Positions are built by editing the state of a new
 * game of the one-front scenario (sq_test.h). */
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

/* Sortie/Assault: "Once the besieger is entrenched within the fortress
 * outskirts the defender may launch assaults from the closest defended
 * sections of fortifications (e.g. the ravelins are closest to the covered
 * way)." Against a work the besieger holds, only the garrison's foot in the
 * section nearest to it may sortie (measured as the sortie's move: from
 * the unit to the nearest point of the work); a CinC attached chooses the
 * target, not the section it goes from. The code let every garrison foot
 * within 24 in and in sight sortie. */
static void sortie_from_the_closest_defended_section(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int f2 = U(t, "Foot-2"), b1 = U(t, "Garrison-B1"), a1 = U(t, "Garrison-A1");
    s->taken[W(t, "CW-3")] = 1;
    in_work(t, f2, "CW-3");
    s->phase = PH_SORTIE;
    /* Ravelin-1 3.75 in, Bastion-A 5.83, CW-1 6.58, Bastion-B 13.81 */
    assert_int_equal(sq_dist_to_unit(t->g, s, sq_unit_pos(t->g, s, b1), f2), 375);
    assert_int_equal(sq_dist_to_unit(t->g, s, sq_unit_pos(t->g, s, a1), f2), 583);
    assert_true(vbt_legal(t, "sortie Garrison-B1 at Foot-2 by-day"));
    assert_false(vbt_legal(t, "sortie Garrison-A1 at Foot-2 by-day"));
    assert_false(vbt_legal(t, "sortie Garrison-A2 at Foot-2 by-day"));
    assert_false(vbt_legal(t, "sortie Garrison-B2 at Foot-2 by-day"));
    explains(t, "sortie Garrison-A1 at Foot-2 by-day", "closest defended section");
    /* a CinC attached chooses the target, not the section */
    in_work(t, U(t, "Governor-A"), "Bastion-A");
    attach(t, "Governor-A", "Garrison-A1");
    assert_false(vbt_legal(t, "sortie Garrison-A1 at Foot-2 by-day"));
    /* the ravelin's foot gone, Bastion-A is the closest defended section */
    sq_send_back(t->g, s, b1);
    assert_true(vbt_legal(t, "sortie Garrison-A1 at Foot-2 by-day"));
    assert_false(vbt_legal(t, "sortie Garrison-B2 at Foot-2 by-day"));
    /* a section whose foot has fired is still the closest defended one */
    in_work(t, b1, "Ravelin-1");
    s->u[b1].flags |= UF_FIRED;
    assert_false(vbt_legal(t, "sortie Garrison-B1 at Foot-2 by-day"));
    assert_false(vbt_legal(t, "sortie Garrison-A1 at Foot-2 by-day"));
    /* trench lines are still attacked from the covered way, whatever
     * section is closest to them */
    int p = sect(t, SK_PARALLEL, 3, -1, 600, 2300, 1200, 2300);
    in_sect(t, U(t, "Foot-1"), p, 900, 2300);
    s->u[f2].lkind = LK_OFF;
    assert_true(vbt_legal(t, "sortie Garrison-B2 at Foot-1 by-day"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sortie_from_the_closest_defended_section),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
