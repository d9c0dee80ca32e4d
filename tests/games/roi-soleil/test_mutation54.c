/* test_mutation54.c - what the fifty-fourth session's mutation pass (seed
 * 54, helper rsy, docs/roi-soleil.md) found untested in rs_rules.c,
 * rs_move.c and rs_check.c: each test fails with its surviving mutant
 * planted (messages "M54:", lines of 518e3ac8) and passes without. The
 * helpers are in rs_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "rs_test.h"

/* 9: "Only one cabinet strategy marker from each category ... may be used
 * per zone, per campaign and per camp": the mark a zone keeps of an order
 * given there lasts the campaign, not the season. France orders the
 * scorched earth in Picardie, the obedience test fails (D6 4 > Turenne's
 * SC 3: the marker stays held, the order not offered again in that
 * campaign); the Coalition passes and the pursuit goes on: in France's
 * next campaign the order is offered again (rs_rules.c:294, a new
 * campaign's zones `z < d->nz` as `z > d->nz`: no zone's marks cleared, the
 * scorched earth refused in Picardie for the rest of the season). */
static void test_9_zone_marks_last_one_campaign(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    vbt_act(t, "scorch Picardie");
    vbt_dice(t, "4");
    assert_int_equal(s->z[Z(t, "Picardie")].scorched, 0);
    assert_true(rs_held(s, RS_F, CAT_SCORCH) >= 0);
    assert_false(vbt_legal(t, "scorch Picardie"));
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    assert_int_equal(s->active, RS_C);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->active, RS_F);
    if (!vbt_legal(t, "scorch Picardie"))
        fail_msg("M54: France's next campaign may not order the scorched earth in Picardie "
                 "(its zone mark %d kept from the campaign before)",
                 s->z[Z(t, "Picardie")].used[RS_F]);
    vbt_free(t);
}

/* 13.4: "A movement via one of the four transit boxes (North Sea*, ...)
 * costs double the required RP" - the march's cost, not the crossing's:
 * Spain A's 6 SP sail the North Sea from Brabant to Frise (1 RP, doubled:
 * 2) and go on by land to Hollande, the same army of 6 SP: nothing more to
 * pay, the RP spent stay 2 (rs_move.c:35, the march through a box
 * `s->mv.box >= 0` as `>= 1`: the North Sea, box 0, forgotten after the
 * crossing, the march's cost read undoubled, 1 RP, and the 1 RP "paid
 * beyond" it given back at the land step). */
static void test_13_4_north_sea_march_stays_doubled(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    assert_int_equal(s->active, RS_C);
    int rp = s->c[RS_C].rp;
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    step(t, "via North-Sea Frise");
    assert_int_equal(rs_sp(s->mv.sp), 6);
    assert_int_equal(s->c[RS_C].rp, rp - 2);
    step(t, "to Hollande");
    assert_int_equal(s->mv.at, Z(t, "Hollande"));
    if (s->c[RS_C].rp != rp - 2 || s->mv.paid != 2)
        fail_msg("M54: Spain A's 6 SP by the North Sea then Hollande: %d RP spent, %d paid "
                 "(expected 2, the march's 1 RP doubled)",
                 rp - s->c[RS_C].rp, s->mv.paid);
    vbt_free(t);
}

/* 13.1.1 "Each unit may move several times per campaign. It is therefore
 * allowed to take along the way a unit that already moved": the units left
 * or taken on the way are counted (the march's "changes" in a state file,
 * 0 to 40, rs_io.c) and bounded like the zones entered (RS_MAXSTEPS, 40):
 * Turenne's army one zone in, at Artois, leaves and takes back one
 * infantry SP twenty times each (the largest army paid already: no RP);
 * after the 40th change no unit is offered to leave or be taken, the halt
 * is, and the position reads back from its state file (rs_move.c:180, the
 * changes `s->mv.pad < RS_MAXSTEPS` as `<=`: a 41st change offered, and
 * made, a march whose state file is refused, "changes" 41). */
static void test_13_1_1_changes_on_the_way_bounded(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Artois");
    int rp = s->c[RS_F].rp;
    for (int k = 0; k < RS_MAXSTEPS / 2; k++) {
        vbt_act(t, "drop France-inf");
        vbt_act(t, "pick France-inf");
    }
    assert_int_equal(s->mv.pad, RS_MAXSTEPS);
    assert_int_equal(s->c[RS_F].rp, rp);
    assert_int_equal(s->phase, P_MV_STEP);
    if (vbt_legal(t, "drop France-inf") || vbt_legal(t, "pick France-inf"))
        fail_msg("M54: after %d changes on the way a unit is still offered to leave or be "
                 "taken (the march's state file reads 0 to %d)",
                 s->mv.pad, RS_MAXSTEPS);
    assert_true(vbt_legal(t, "halt"));
    reload_ok(t);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_9_zone_marks_last_one_campaign),
        cmocka_unit_test(test_13_4_north_sea_march_stays_doubled),
        cmocka_unit_test(test_13_1_1_changes_on_the_way_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
