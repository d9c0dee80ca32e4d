/* test_audit_morale.c - siege-18c: the second round of the thirty-first
 * session's audit by planting (helper sqd; docs/siege-18c.md, "Audit by
 * planting, thirty-first session (helper sqc)", "second round (helper
 * sqd)") of morale, star results, the results of sorties and assaults, and
 * taken and retaken works. Each test here was written against a change
 * planted by hand that no older test caught, and fails with it. Positions
 * are built by editing the state of a new game of the one-front scenario
 * (sq_test.h). */
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

/* CinC/Engineers: "Star result: Any leader attached to the unit concerned
 * tests" - after fire, only on a 6 (game.json star_die). General-1
 * attached to Foot-2, the target of Heavy-A1's fire: a 5 goes straight to
 * Foot-2's morale test, a 6 to General-1's star test first. (Planted: the
 * star on a 5 as well, `die == star_die` -> `die >= star_die - 1` in
 * sq_apply_die, sq_fire.c:586; test_mutation19's fires at a target
 * without leaders.) */
static void star_after_fire_only_on_a_six(void **state)
{
    (void)state;
    for (int die = 5; die <= 6; die++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int in = lay_cut_trench(t, 3, 3400, 2079);
        in_sect_led(t, "Foot-2", "General-1", in, 3400, 2079);
        s->phase = PH_DART;
        check_ok(t);
        vbt_act(t, "fire Heavy-A1 at Foot-2");
        char b[16];
        snprintf(b, sizeof b, "%d", die);
        vbt_dice(t, b);
        assert_int_equal(s->p.kind, PK_FIRE);
        assert_int_equal(s->p.stage, die == 6 ? PS_STAR : PS_MORALE);
        if (die == 6)
            assert_int_equal(s->p.star_next, U(t, "General-1"));
        vbt_free(t);
    }
}

/* The morale test (reconstructed, game.json "morale"): against the
 * target's own type's morale. Every type that can be a target has morale
 * 3 in the shipped data, so the data are edited here: heavy guns at 5.
 * Heavy-A1 in Bastion-A tests after the besieger's fire: a 3 misses 5 by
 * 2, shaken (the foot's 3 would be met: steady). (Planted: the foot's
 * morale read for every type, `morale[ty]` -> `morale[UT_FOOT]`,
 * sq_fire.c:510.) */
static void morale_by_the_units_type(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    sq_data *d = (sq_data *)t->g->data;
    int h = U(t, "Heavy-A1"), keep = d->morale[UT_HEAVY];
    foot1_in_par2(t);
    d->morale[UT_HEAVY] = 5;
    s->phase = PH_BART;
    s->p.kind = PK_FIRE, s->p.stage = PS_MORALE, s->p.actor = (int8_t)U(t, "Foot-1");
    s->p.target = (int8_t)h, s->p.cas = 0, s->p.need = 4, s->p.work = -1, s->p.star_of = -1;
    vbt_dice(t, "3");
    d->morale[UT_HEAVY] = keep;
    if (!vbt_logged(t, "[Morale] Heavy-A1 tests: 3 +0 = 3 against 5: shaken"))
        fail_msg("expected Heavy-A1 shaken against 5\n%s", t->log);
    assert_true(s->u[h].flags & UF_SHAKEN);
    vbt_free(t);
}

/* The set-up (reconstructed deployment, sq_setup): the defender's
 * engineers and CinC begin attached to the foot of their bastion, one of a
 * kind to a foot. Every bastion of the shipped scenarios holds one foot,
 * one engineer and one CinC, so the scenario is edited here: Engineers-B
 * set up in Bastion-A with Engineers-A. Engineers-A joins Garrison-A1;
 * Engineers-B stands in the bastion unattached (the state passes the
 * check). (Planted: `!sq_has_leader(g, s, j, ty)` dropped from the
 * deployment, sq_rules.c:348: both engineers attached to Garrison-A1.) */
static void one_leader_of_a_kind_at_the_set_up(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 1);
    sq_state *s = S(t);
    sq_scen *sc = (sq_scen *)sq_sc(t->g, s);
    int ea = U(t, "Engineers-A"), eb = U(t, "Engineers-B"), a1 = U(t, "Garrison-A1");
    sq_uinfo keep = sc->units[eb];
    assert_int_equal(sc->units[ea].lkind, LK_WORK);
    sc->units[eb].lkind = sc->units[ea].lkind, sc->units[eb].loc = sc->units[ea].loc;
    int rc = sq_setup(t->g, s, &t->cx);
    sc->units[eb] = keep;
    assert_int_equal(rc, 0);
    assert_int_equal(s->u[ea].att, a1);
    assert_int_equal(s->u[eb].att, -1);
    assert_int_equal(s->u[eb].lkind, LK_WORK);
    assert_int_equal(s->u[eb].loc, s->u[a1].loc);
    assert_int_equal(s->u[U(t, "Governor-A")].att, a1);
    check_ok(t);
    vbt_free(t);
}

/* Sortie/Assault: a work the besieger holds, "retaken by the garrison"
 * when the sortie's target in it is destroyed, routed or retired: the
 * work is the garrison's again, and whatever of the besieger's still
 * stands in it goes back to the camp - here General-1, unattached, beside
 * Foot-2 in the taken CW-3 (R `sorties_from_works`'s rout). The state
 * then passes the check. (Planted: `sq_evict` of the besieger dropped
 * from attack_won, sq_fire.c:439: General-1 left in a garrison's work.) */
static void a_retaken_work_is_cleared(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int f2 = U(t, "Foot-2"), gen = U(t, "General-1");
    s->taken[W(t, "CW-3")] = 1;
    in_work(t, f2, "CW-3");
    in_work(t, gen, "CW-3");
    assert_int_equal(s->u[gen].att, -1);
    check_ok(t);
    s->phase = PH_SORTIE;
    vbt_act(t, "sortie Garrison-B1 at Foot-2 by-night");
    vbt_dice(t, "6,1"); /* success, 4 casualties; morale 1 - 4 vs 3: rout */
    assert_int_equal(s->u[f2].lkind, LK_OFF);
    assert_true(vbt_logged(t, "CW-3 is retaken by the garrison"));
    assert_false(s->taken[W(t, "CW-3")]);
    assert_int_equal(s->u[gen].lkind, LK_CAMP);
    check_ok(t);
    vbt_free(t);
}

/* The morale test (reconstructed): the garrison's guns cannot retire and
 * stay, shaken (engine reading 7), but a rout removes them like any unit.
 * Heavy-A1 in Bastion-A after 3 casualties of the besieger's fire rolls a
 * 1: 1 - 3 = -2 against 3, missed by 5: it routs and leaves play; missed
 * by 4 (a 2), it stays shaken in the bastion. (Planted: `!stays` added to
 * the rout, sq_fire.c:524: the routed gun kept, shaken.) */
static void a_garrison_gun_routs(void **state)
{
    (void)state;
    for (int die = 1; die <= 2; die++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int h = U(t, "Heavy-A1");
        foot1_in_par2(t);
        s->phase = PH_BART;
        s->p.kind = PK_FIRE, s->p.stage = PS_MORALE, s->p.actor = (int8_t)U(t, "Foot-1");
        s->p.target = (int8_t)h, s->p.cas = 3, s->p.need = 4, s->p.work = -1;
        s->p.star_of = -1;
        vbt_dice(t, die == 1 ? "1" : "2");
        if (die == 1) {
            assert_true(vbt_logged(t, "[Morale] Heavy-A1 tests: 1 -3 = -2 against 3: routs"));
            assert_int_equal(s->u[h].lkind, LK_OFF);
        } else {
            assert_true(vbt_logged(t, "Heavy-A1 tests: 2 -3 = -1 against 3: shaken (the garrison"));
            assert_int_equal(s->u[h].lkind, LK_WORK);
            assert_int_equal(s->u[h].loc, W(t, "Bastion-A"));
            assert_true(s->u[h].flags & UF_SHAKEN);
        }
        vbt_free(t);
    }
}

/* Sortie/Assault: "A roll of 6 is always a success ... star result against
 * the target" - a 6 only. The printed sortie's ground (Garrison-B2 in
 * CW-3 against Foot-1 on the sap's head) with General-1 attached to
 * Foot-1: after a 5 General-1 tests nothing; after a 6 his star test
 * comes first. (Planted: the star against the target on a
 * 5 as well, `die == 6` -> `die >= 5` in sq_apply_die, sq_fire.c:615;
 * test_mutation19's sorties are at a target without leaders.) */
static void star_against_the_target_only_on_a_six(void **state)
{
    (void)state;
    for (int die = 5; die <= 6; die++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int par, sap = sap_before_cw3(t, &par);
        in_sect(t, U(t, "General-1"), sap, 1866, 3300);
        attach(t, "General-1", "Foot-1");
        s->phase = PH_SORTIE;
        vbt_act(t, "sortie Garrison-B2 at Foot-1 by-day");
        vbt_dice(t, die == 5 ? "5" : "6");
        assert_false(vbt_logged(t, "star result: General-1"));
        if (die == 6) {
            assert_int_equal(s->p.stage, PS_STAR);
            assert_int_equal(s->p.star_next, U(t, "General-1"));
        } else
            assert_int_not_equal(s->p.stage, PS_STAR);
        vbt_free(t);
    }
}

/* Sortie/Assault: "an assault that succeeds takes the work": whatever of
 * the garrison's still stands in it goes (its guns captured, the rest back
 * to the town). T `assault_takes_a_held_work`'s assault on CW-3 with
 * Engineers-A standing there unattached beside Garrison-B2: once CW-3 is
 * taken, Engineers-A is in the town and the state passes the check.
 * (Planted: `sq_evict` of the defender dropped from attack_won,
 * sq_fire.c:428: Engineers-A left in the besieger's work.) */
static void a_taken_work_is_cleared(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p3 = lay_cut_trench(t, 3, 1920, 2000);
    int f1 = U(t, "Foot-1"), ea = U(t, "Engineers-A"), cw = W(t, "CW-3");
    in_sect(t, f1, p3, 1920, 2000);
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    in_work(t, ea, "CW-3");
    assert_int_equal(s->u[ea].att, -1);
    check_ok(t);
    s->phase = PH_ASSAULT;
    vbt_act(t, "assault Foot-1 at CW-3 by-day");
    vbt_dice(t, "6");
    while (!s->over && vb_to_move(t->g, t->m.st) == VB_CHANCE)
        vbt_dice(t, "3");
    assert_true(vbt_logged(t, "CW-3 is taken"));
    assert_int_equal(s->taken[cw], 1);
    assert_int_equal(s->u[f1].lkind, LK_WORK);
    assert_int_equal(s->u[ea].lkind, LK_TOWN);
    check_ok(t);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(star_after_fire_only_on_a_six),
        cmocka_unit_test(morale_by_the_units_type),
        cmocka_unit_test(one_leader_of_a_kind_at_the_set_up),
        cmocka_unit_test(a_retaken_work_is_cleared),
        cmocka_unit_test(a_garrison_gun_routs),
        cmocka_unit_test(star_against_the_target_only_on_a_six),
        cmocka_unit_test(a_taken_work_is_cleared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
