/* test_mutation26.c - siege-18c: tests written against survivors of the
 * twenty-sixth session's mutation passes (helper sqm, seed 25, over
 * sq_fire.c, sq_rules.c and sq_io.c; docs/siege-18c.md, Measured). Each
 * fails with its mutant planted back. */
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

/* State files (sq_io.c): a unit out of play has no strength, flags,
 * gallery or leader. A fallen Governor-A still attached to a unit is
 * refused in one line naming that, whichever unit it names, Heavy-A1
 * (unit 0) included (sq_io.c:586 `att >= 0` -> `att >= 1`, a seed-25
 * survivor, let the attachment to unit 0 through to the position's check,
 * which named another problem: "stands apart from the unit it is
 * attached to"). */
static void fallen_leader_attached_to_no_unit(void **state)
{
    (void)state;
    static const char *const units[] = {"Heavy-A1", "Garrison-A1"};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int gov = U(t, "Governor-A");
        sq_remove(t->g, s, gov);
        assert_int_equal(reads_back(t), 0);
        s->u[gov].att = (int8_t)U(t, units[i]);
        refused(t, units[i], "'Governor-A' is out of play: no strength, flags, gallery or leader");
        vbt_free(t);
    }
}

/* The terminal board's first lines list every work of the fortress with
 * its strength out of 15, a covered way by its name alone, and what is
 * taken or breached (sq_io.c:783 the works' loop `w < nworks` -> `w >
 * nworks`, a seed-25 survivor, printed "Works:" and nothing after it). */
static void board_lists_every_work(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    s->wstr[W(t, "Bastion-B")] = 7;
    s->wstr[W(t, "Ravelin-1")] = 0;
    s->taken[W(t, "CW-3")] = 1;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    sq_render(t->g, s, -1, f);
    fclose(f);
    char *works = strstr(buf, "Works:"), *end = works ? strstr(works, "\nTrenches:") : NULL;
    assert_non_null(end);
    *end = 0;
    char want[64];
    for (int w = 0; w < sc->nworks; w++) {
        if (sc->works[w].kind == WK_COVERED)
            snprintf(want, sizeof want, " %s", sc->works[w].name);
        else
            snprintf(want, sizeof want, " %s %d/15", sc->works[w].name, s->wstr[w]);
        if (!strstr(works, want))
            fail_msg("'%s' not in '%s'", want, works);
    }
    assert_non_null(strstr(works, " Bastion-A 15/15"));
    assert_non_null(strstr(works, " Bastion-B 7/15"));
    assert_non_null(strstr(works, " Ravelin-1 0/15(breached)"));
    assert_non_null(strstr(works, " CW-3(taken)"));
    free(buf);
    vbt_free(t);
}

/* A state file in a combat step (steps 3 to 8) with nothing to do there
 * but end it is refused in one line: play skips such a step, so no game
 * stands in it. With Siege-1 in a battery on the covered way (a breaching
 * fire at Bastion-A to choose) the same step reads back (sq_io.c:762 `n <
 * 2` -> `n < 1`, a seed-25 survivor, read every such step). */
static void combat_step_with_nothing_to_do(void **state)
{
    (void)state;
    static const int phases[] = {PH_BART, PH_DART, PH_BMUSKET, PH_DMUSKET, PH_SORTIE, PH_ASSAULT};
    for (size_t i = 0; i < sizeof phases / sizeof phases[0]; i++) {
        vbt *t = fresh();
        S(t)->phase = (uint8_t)phases[i];
        char what[32];
        snprintf(what, sizeof what, "step %d with nothing to do", phases[i]);
        refused(t, what, "state: a combat step where nothing can be done (it is skipped)");
        vbt_free(t);
    }
    vbt *t = fresh();
    sq_state *s = S(t);
    int bat = sect(t, SK_BATTERY, 3, -1, 1080, 1400, 1320, 1400); /* on the covered way */
    in_sect(t, U(t, "Siege-1"), bat, 1200, 1400);
    s->phase = PH_BART;
    assert_true(vbt_legal(t, "batter Siege-1 at Bastion-A"));
    if (reads_back(t) != 0)
        fail_msg("a breaching fire to choose: '%s'", t->cx.err);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fallen_leader_attached_to_no_unit),
        cmocka_unit_test(board_lists_every_work),
        cmocka_unit_test(combat_step_with_nothing_to_do),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
