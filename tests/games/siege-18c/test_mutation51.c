/* test_mutation51.c - siege-18c: tests written against survivors of the
 * seed-51 mutation passes of the fifty-first session (helper sqy) over
 * sq_rules.c and sq_fire.c (docs/siege-18c.md, Measured). Each fails with its mutant
 * planted back (messages "M51:", lines of 26da7067). */
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

/* Besieger: every section grows from one that stands, or is cut off
 * (parent -1, as sq_destroy_sect leaves the children of one destroyed).
 * The check hook refuses a section whose parent is an empty slot, slot 0
 * too: P1-1 (slot 0) emptied, its sap cut off, the parallel section on the
 * sap's head made to grow from slot 0 (its parallel made 1, the next after
 * an empty slot's 0, so that the parallels' check passes) is refused in
 * one line "grows from a section that is not there".
 * test_mutation22.c's section_grows_from_one_that_is_there empties no
 * slot. (sq_rules.c:742 `t->parent >= 0` as `> 0`: the empty slot 0 read
 * as a section at [0, 0], "is not centred on the head of the sap it grows
 * from".) */
static void section_grows_from_an_empty_slot_0(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p1 = lay_par1(t, 0);
    int sap = lay_sap(t, p1, 1200, s->s[p1].ay, 27000);
    int trench = lay_trench(t, sap);
    assert_int_equal(p1, 0);
    check_ok(t);
    memset(&s->s[p1], 0, sizeof s->s[p1]);
    s->s[sap].parent = -1;
    s->s[trench].parent = 0;
    s->s[trench].par = 1; /* the parallel after an empty slot's 0 */
    vb_ctx_init(&t->cx);
    int rc = sq_check(t->g, s, &t->cx);
    char b[32];
    sq_sect_name(s, trench, b, sizeof b);
    if (rc != VB_EINPUT || !strstr(t->cx.err, b) ||
        !strstr(t->cx.err, "grows from a section that is not there") || strchr(t->cx.err, '\n'))
        fail_msg("M51: Besieger, a section grown from the empty slot 0: %d '%s'", rc, t->cx.err);
    vbt_free(t);
}

/* Sortie/Assault: the defender's unit that meets an assault on a work is
 * its foot, else a gun, never a leader alone; a work with no foot or gun
 * in it is "found empty: taken" without a roll. sq_work_defender answers
 * -1 for such a work (sq_fire.c: "-1 when the work stands empty"): Ravelin-1
 * with its foot and medium gun destroyed and the Governor left there
 * alone, and CW-3 emptied. test_rules.c's assault_meets_gun reads only works that hold
 * a gun. (sq_fire.c:100 `gun = -1` as `-2`: the engine's one caller reads
 * any number below 0 as an empty work, the answer for tests and readers of
 * the header was -2.) */
static void empty_work_meets_nobody(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int rav = W(t, "Ravelin-1"), cw3 = W(t, "CW-3");
    for (int u = 0; u < sc->nunits; u++)
        if (s->u[u].lkind == LK_WORK && (s->u[u].loc == rav || s->u[u].loc == cw3))
            sq_remove(t->g, s, u); /* a garrison gun never goes to the town */
    in_work(t, U(t, "Governor-A"), "Ravelin-1");
    if (sq_work_defender(t->g, s, rav) != -1 || sq_work_defender(t->g, s, cw3) != -1)
        fail_msg("M51: Sortie/Assault, the defender of an empty work: Ravelin-1 (the Governor "
                 "alone) %d, CW-3 %d, not -1",
                 sq_work_defender(t->g, s, rav), sq_work_defender(t->g, s, cw3));
    check_ok(t);
    vbt_free(t);
}

/* Sortie/Assault: "The besieger's foot units must assault the closest
 * section of fortification", within the attack limit of 24 in
 * (reconstructed, as a sortie's reach): a foot in a parallel far down the
 * table, 55.00 in from the fortress's edge, more than 34 in from every
 * work's middle (the quick rejection), has no work to assault: -1, as
 * from 24.01 in (test_assault.c's assault_reach, which the quick rejection
 * lets by), and no assault is legal. (sq_fire.c:164 the quick rejection's
 * `return -1` as `-2`: the engine's one caller reads w >= 0, the answer
 * for tests and readers of the header was -2.) */
static void no_assault_from_far_down_the_table(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p = sect(t, SK_PARALLEL, 1, -1, 1800, 5500, 2440, 5500);
    in_sect(t, U(t, "Foot-1"), p, 2120, 5500);
    s->phase = PH_ASSAULT;
    int w = sq_assault_target(t->g, s, U(t, "Foot-1"));
    if (w != -1)
        fail_msg("M51: Sortie/Assault, the work Foot-1 must assault from 55.00 in: %d, not -1", w);
    assert_false(vbt_legal(t, "assault Foot-1 at CW-3 by-day"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(section_grows_from_an_empty_slot_0),
        cmocka_unit_test(empty_work_meets_nobody),
        cmocka_unit_test(no_assault_from_far_down_the_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
