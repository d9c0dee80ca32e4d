/* test_mutation26.c - siege-18c: tests written against survivors of the
 * twenty-sixth session's mutation passes (helper sqm, seed 25, over
 * sq_fire.c, sq_rules.c and sq_io.c; seed 26 over sq_move.c, the second
 * round; docs/siege-18c.md, Measured). Each fails with its mutant planted
 * back. */
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

/* Besieger: a sap "toward" a bastion or ravelin runs from the sap's start
 * straight at the work's middle, "left-of" and "right-of" the zig (sap_zig)
 * to either side of that line; the order lays the section in that
 * direction, its facing the angle in hundredths of a degree, 0 to 359.99
 * (sq_move.c:177 the angle's wrap `+ 36000` -> `+ 35999`, a seed-26
 * survivor, turned every sap ordered toward a work 0.01 degree off its
 * line). */
static void sap_runs_at_the_works_middle(void **state)
{
    (void)state;
    static const char *const works[] = {"Bastion-A", "Bastion-B", "Ravelin-1"};
    static const char *const modes[] = {"toward", "left-of", "right-of"};
    int dug = 0;
    for (size_t w = 0; w < sizeof works / sizeof works[0]; w++)
        for (int m = 0; m < 3; m++) {
            vbt *t = fresh();
            sq_state *s = S(t);
            const sq_data *d = t->g->data;
            int p = foot1_in_par2(t), f1 = U(t, "Foot-1");
            in_sect_led(t, "Foot-1", "Sappers-1", p, 1200, 2600);
            s->phase = PH_BMOVE;
            sq_pt mid = sq_sc(t->g, s)->works[W(t, works[w])].mid;
            int want = sq_angle(mid.x - 1200, mid.y - 2600) + (m == 1 ? -d->sap_zig : 0) +
                       (m == 2 ? d->sap_zig : 0);
            want = (want % 36000 + 36000) % 36000;
            char b[64];
            snprintf(b, sizeof b, "sap Foot-1 %s %s", modes[m], works[w]);
            if (m == 0)
                assert_true(vbt_legal(t, b));
            if (vbt_legal(t, b)) {
                int n = s->nsect;
                vbt_act(t, b);
                assert_int_equal(s->nsect, n + 1);
                const sq_sect *k = &s->s[n];
                assert_int_equal(k->kind, SK_SAP);
                assert_int_equal(k->builder, f1);
                assert_int_equal(k->ax, 1200);
                assert_int_equal(k->ay, 2600);
                if (k->facing != want)
                    fail_msg("'%s': facing %d, wanted %d", b, k->facing, want);
                dug++;
            }
            vbt_free(t);
        }
    assert_true(dug >= 3);
}

/* A section faces the nearest bastion or ravelin; where two are exactly as
 * near, the first in the list of works: at (28.75, 15.26) and (33.50,
 * 24.85) in, as near Bastion-B's middle (31.17, 8.09) as Ravelin-1's
 * (21.58, 12.84), Bastion-B, and a battery begun in front of a parallel
 * with its middle on the second point faces it (sq_move.c:200 the nearest
 * kept on `<=`, a seed-26 survivor, faced Ravelin-1, the later one). */
static void nearest_work_tie_goes_to_the_first(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_data *d = t->g->data;
    sq_pt bb = sq_sc(t->g, s)->works[W(t, "Bastion-B")].mid;
    sq_pt r1 = sq_sc(t->g, s)->works[W(t, "Ravelin-1")].mid;
    assert_true(W(t, "Bastion-B") < W(t, "Ravelin-1"));
    static const sq_pt pts[] = {{2875, 1526}, {3350, 2485}};
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        sq_pt p = pts[i];
        int64_t db = (int64_t)(bb.x - p.x) * (bb.x - p.x) + (int64_t)(bb.y - p.y) * (bb.y - p.y);
        int64_t dr = (int64_t)(r1.x - p.x) * (r1.x - p.x) + (int64_t)(r1.y - p.y) * (r1.y - p.y);
        assert_true(db == dr);
        assert_int_equal(sq_nearest_work_angle(t->g, s, p), sq_angle(bb.x - p.x, bb.y - p.y));
    }
    int y = 2485 + d->bat_off, par = sect(t, SK_PARALLEL, 2, -1, 3030, y, 3670, y);
    in_sect_led(t, "Foot-1", "Sappers-1", par, 3350, y);
    s->phase = PH_BMOVE;
    int n = s->nsect;
    vbt_act(t, "battery Foot-1 front");
    assert_int_equal(s->s[n].kind, SK_BATTERY);
    assert_int_equal(s->s[n].ay, 2485);
    assert_int_equal(s->s[n].facing, sq_angle(bb.x - 3350, bb.y - 2485));
    assert_true(s->s[n].facing != sq_angle(r1.x - 3350, r1.y - 2485));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fallen_leader_attached_to_no_unit),
        cmocka_unit_test(board_lists_every_work),
        cmocka_unit_test(combat_step_with_nothing_to_do),
        cmocka_unit_test(sap_runs_at_the_works_middle),
        cmocka_unit_test(nearest_work_tie_goes_to_the_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
