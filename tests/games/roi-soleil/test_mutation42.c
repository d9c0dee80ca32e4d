/* test_mutation42.c - what the forty-second session's mutation pass (seed
 * 42, helper rsv, docs/roi-soleil.md) found untested in the rules files
 * rs_event.c, rs_winter.c, rs_loss.c, rs_prep.c, rs_check.c, rs_def.c and
 * rs_eval.c: each test fails with its surviving mutant planted (messages
 * "M42:", lines of e71619ce) and passes without. The helpers are in
 * rs_test.h. */
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

/* 24.4.3 1694-5: "No Spanish unit or Spanish general can enter the zones
 * of Guyenne & Gascogne or Roussillon until the end of the game". The log
 * names the first zone of the event, Guyenne et Gascogne (rs_event.c:554,
 * the log's `zones[0]` as `zones[1]`: it named Roussillon, the second). */
static void test_1694_5_ban_logged(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "augsburg", 1);
    event(t, 1694, "5");
    if (!vbt_logged(t, "no Spain unit or general may enter Guyenne et Gascogne"))
        fail_msg("M42: 1694-5's log does not name Guyenne et Gascogne: %s", t->log);
    vbt_free(t);
}

/* 24.5.3 1704-5: "remove from the map the indicated number of French
 * infantry SP as well as Villars. Put them in the Reserve. These units and
 * the general may not return until 1705." Villars in France Ouest, the
 * map's first zone (zone 0), goes to the Reserve and is kept there for the
 * year (rs_event.c:245, the general on the map `gz >= 0` as `gz > 0`: he
 * stayed in France Ouest). */
static void test_1704_5_villars_leaves_the_first_zone(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int v = G(t, "Villars"), fo = Z(t, "France Ouest");
    assert_int_equal(fo, 0);
    s->gz[v] = (int8_t)fo;
    event(t, 1704, "5");
    vbt_dice(t, "3");
    if (s->gz[v] != GZ_RESERVE || s->glock != v)
        fail_msg("M42: Villars in France Ouest at 1704-5: zone %d, kept %d", s->gz[v], s->glock);
    check_ok(t);
    vbt_free(t);
}

/* 10.3: "Generals are bought back first"; the jailer returns or refuses
 * each. Louis XIV, the first general of the data (general 0), taken
 * prisoner by the Coalition: at 1668's buying back the Coalition is asked
 * to return or refuse him, and returns him to France's Reserve for his
 * price (rs_prep.c:23, the prisoners' loop `i = 0` as `i = 1`: Louis XIV
 * was never bought back). */
static void test_10_3_louis_xiv_bought_back(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int lx = G(t, "Louis XIV");
    assert_int_equal(lx, 0);
    s->gz[lx] = GZ_PRISON;
    pass_to_second_year(t);
    if (s->phase != P_PRISON || !vbt_legal(t, "return Louis-XIV"))
        fail_msg("M42: Louis XIV, prisoner, not offered to the Coalition (phase %d)", s->phase);
    int cost = rs_gen_cost(t->g, lx), f = s->c[RS_F].rp, c = s->c[RS_C].rp;
    vbt_act(t, "return Louis-XIV");
    assert_int_equal(s->gz[lx], GZ_RESERVE);
    assert_int_equal(s->c[RS_F].rp, f - cost);
    assert_int_equal(s->c[RS_C].rp, c + cost);
    check_ok(t);
    vbt_free(t);
}

/* 11: "The maximum values to which the Lines of Defence and the
 * Fortresses can be increased are respectively 2 and 4": France raises
 * Picardie's fortress from FV 3 to FV 4 (its army there, 2 RP), and no
 * further (rs_prep.c:149, `fort_ok`'s `fv < 4` as `fv < 3`: an FV 3 was
 * never raised). */
static void test_11_fortress_raised_to_four(void **state)
{
    (void)state;
    vbt *t = at_construction();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie");
    assert_int_equal(s->who, RS_F);
    s->z[pic].fv = 3;
    s->c[RS_F].rp = 10;
    check_ok(t);
    if (!vbt_legal(t, "fortify Picardie"))
        fail_msg("M42: Picardie's FV 3 may not be raised to 4");
    vbt_act(t, "fortify Picardie");
    assert_int_equal(s->z[pic].fv, 4);
    assert_int_equal(s->c[RS_F].rp, 8);
    s->z[pic].frozen = 0; /* another turn: FV 4, the most */
    assert_false(vbt_legal(t, "fortify Picardie"));
    vbt_free(t);
}

/* 11: "When a construction is realised ... The units present in the zone
 * are distributed between the constructed or increased (garrison) fortress
 * and the Line of defence (army)": France raises Picardie's fortress, whose
 * garrison holds a French infantry SP (France's first kind, 0), and may take
 * it out to the army (rs_prep.c:215, the garrison's kinds `t = 0` as `t =
 * 1`: the French infantry was never offered). */
static void test_11_french_infantry_out_of_a_raised_fortress(void **state)
{
    (void)state;
    vbt *t = at_construction();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie"), fi = KIND(0, T_INF);
    assert_int_equal(fi, 0);
    assert_int_equal(s->who, RS_F);
    s->c[RS_F].reserve[fi]--;
    s->z[pic].garr[fi]++;
    s->c[RS_F].rp = 10;
    check_ok(t);
    vbt_act(t, "fortify Picardie");
    if (!vbt_legal(t, "from-garrison France-inf Picardie"))
        fail_msg("M42: the French infantry may not leave Picardie's raised fortress");
    int army = s->z[pic].army[RS_F][fi];
    vbt_act(t, "from-garrison France-inf Picardie");
    assert_int_equal(s->z[pic].garr[fi], 0);
    assert_int_equal(s->z[pic].army[RS_F][fi], army + 1);
    check_ok(t);
    vbt_free(t);
}

/* 6: "At the beginning of the game, the players choose to play an "open"
 * or "closed" game": the option `closed` is on or off, 1 or 0, and no
 * other value; the game offers it (`vauban new roi-soleil closed=1`), and a
 * closed game is set up with it (rs_def.c:11, its range `0, 0, 1` as `0, 0,
 * 2`: "closed=2" read; rs_def.c:45, `.noptions = 1` as `0`: no such
 * option). */
static void test_6_closed_option_on_or_off(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    int opts[VB_MAX_OPTIONS] = {0};
    if (vb_option_parse(t->g, "closed=1", opts, &t->cx) != 0 || opts[0] != 1)
        fail_msg("M42: closed=1 refused: %s", t->cx.err);
    if (vb_option_parse(t->g, "closed=off", opts, &t->cx) != 0 || opts[0] != 0)
        fail_msg("M42: closed=off refused: %s", t->cx.err);
    if (vb_option_parse(t->g, "closed=2", opts, &t->cx) == 0)
        fail_msg("M42: closed=2 read as %d", opts[0]);
    opts[0] = 1;
    rs_state *s = S(t);
    assert_int_equal(vb_setup(t->g, s, 0, opts, 1, &t->cx), 0);
    assert_int_equal(s->h.opts[0], 1);
    opts[0] = 2;
    assert_int_not_equal(vb_setup(t->g, s, 0, opts, 1, &t->cx), 0);
    vbt_free(t);
}

/* The evaluation's army term (rs_eval_terms, AI only, no rule): each SP
 * of an army counts once, twice with a general of its camp to lead it
 * (13.1, 17), France's less the Coalition's. Counted afresh from the map on
 * the Devolution's first campaign, then with Louis XIV (general 0) left
 * alone to command the royal army in Picardie (rs_eval.c:106, `sp[2] =
 * {0, 0}` as `{0, 1}`: a Coalition SP too many; rs_eval.c:124, the
 * commander `>= 0` as `>= 1`: Louis XIV's army counted once). */
static void test_eval_army_term(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = RS_D(t->g);
    int pic = Z(t, "Picardie"), lx = G(t, "Louis XIV");
    assert_int_equal(lx, 0);
    for (int pass = 0; pass < 2; pass++) {
        if (pass) /* Turenne and Vauban to the Reserve: Louis XIV commands */
            for (int i = 1; i < d->ng; i++)
                if (s->gz[i] == pic)
                    s->gz[i] = GZ_RESERVE;
        int sp[2] = {0, 0};
        for (int z = 0; z < d->nz; z++)
            for (int c = 0; c < 2; c++) {
                int n = rs_army(s, z, c);
                sp[c] += rs_commander(t->g, s, z, c) >= 0 ? 2 * n : n;
            }
        if (pass)
            assert_int_equal(rs_commander(t->g, s, pic, RS_F), lx);
        double x[RS_EVAL_NT];
        rs_eval_terms(t->g, s, x);
        if (x[RS_T_SP] != sp[0] - sp[1])
            fail_msg("M42: the army term %g, %d counted (France %d, the Coalition %d)%s",
                     x[RS_T_SP], sp[0] - sp[1], sp[0], sp[1],
                     pass ? " with Louis XIV commanding" : "");
    }
    vbt_free(t);
}

/* The evaluation's Diplomacy Table (rs_eval_terms): the markers held count
 * as the GP that 22.4 will give the other camp ("each marker chosen and not
 * used ... costs a GP"). With the GP one short of France's glory column, a
 * Coalition marker held puts the glory column at France's peace, and a
 * French one as well takes it back (rs_eval.c:106, `held[2] = {0, 0}` as
 * `{0, 1}`: a Coalition marker counted with none held). */
static void test_eval_held_markers_in_the_glory_column(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    double x[RS_EVAL_NT];
    s->gp = RS_D(t->g)->dip_glory[1] - 1;
    for (int c = 0; c < 2; c++)
        s->c[c].npick = 0;
    rs_eval_terms(t->g, s, x);
    if (x[RS_T_COL3] != 0)
        fail_msg("M42: GP %d, no marker held: the glory column %g", s->gp, x[RS_T_COL3]);
    s->c[RS_C].pick[0] = CAT_DECOY;
    s->c[RS_C].pstate[0] = PK_HELD;
    s->c[RS_C].npick = 1;
    rs_eval_terms(t->g, s, x);
    assert_true(x[RS_T_COL3] == 1);
    s->c[RS_F].pick[0] = CAT_DECOY;
    s->c[RS_F].pstate[0] = PK_HELD;
    s->c[RS_F].npick = 1;
    rs_eval_terms(t->g, s, x);
    assert_true(x[RS_T_COL3] == 0);
    vbt_free(t);
}

/* 1: "This game opposes two players; on one side is the kingdom of France
 * and its allies and on the other the various coalitions": two roles, both
 * in each scenario (rs_def.c:41, `.nroles = 2` as `3`: a third role,
 * named past the table of role names, took part in every scenario). */
static void test_two_roles(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    for (int sc = 0; sc < t->g->nscenarios; sc++)
        if (vb_scenario_roles(t->g, sc) != 3u)
            fail_msg("M42: scenario %s: roles 0x%x, not France and the Coalition",
                     t->g->scenarios[sc], (unsigned)vb_scenario_roles(t->g, sc));
    assert_int_equal(vb_role_index(t->g, "france"), RS_F);
    assert_int_equal(vb_role_index(t->g, "coalition"), RS_C);
    vbt_free(t);
}

/* The evaluation's battle to come (rs_eval_terms; 17.1, 17.3): in any zone
 * of the map, France Ouest (zone 0) too. Turenne with 20 French infantry
 * SP there beside 10 Spanish ones, France holding a Battle marker: the
 * term is 1 (rs_eval.c:187, the zones `z = 0` as `z = 1`: France Ouest
 * never looked at). */
static void test_eval_battle_in_the_first_zone(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int fo = Z(t, "France Ouest");
    double x[RS_EVAL_NT];
    assert_int_equal(fo, 0);
    assert_true(rs_held(s, RS_F, CAT_BATTLE) >= 0);
    rs_eval_terms(t->g, s, x);
    assert_true(x[RS_T_BATTLE] == 0);
    s->z[fo].army[RS_F][KIND(0, T_INF)] = 20;
    s->z[fo].army[RS_C][KIND(1, T_INF)] = 10;
    s->gz[G(t, "Turenne")] = (int8_t)fo;
    rs_eval_terms(t->g, s, x);
    if (x[RS_T_BATTLE] != 1)
        fail_msg("M42: France's battle to come in France Ouest: the term %g", x[RS_T_BATTLE]);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1694_5_ban_logged),
        cmocka_unit_test(test_1704_5_villars_leaves_the_first_zone),
        cmocka_unit_test(test_10_3_louis_xiv_bought_back),
        cmocka_unit_test(test_11_fortress_raised_to_four),
        cmocka_unit_test(test_11_french_infantry_out_of_a_raised_fortress),
        cmocka_unit_test(test_6_closed_option_on_or_off),
        cmocka_unit_test(test_eval_army_term),
        cmocka_unit_test(test_eval_held_markers_in_the_glory_column),
        cmocka_unit_test(test_two_roles),
        cmocka_unit_test(test_eval_battle_in_the_first_zone),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
