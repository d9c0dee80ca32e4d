/* test_command.c - rule 3.2 outside combats: "If several generals are in
 * the same stack of units, the general that commands the army is chosen by
 * the player". A march's initiative test reads the SC of the enemy army's
 * commander: its camp chooses him (`command GENERAL`, phase
 * march-commander) when two of its generals there differ in SC. Where only
 * the choosing camp's own SC is read (its interception, its obedience test,
 * its winter quarters' attrition) a higher SC can only help it: the best SC
 * commands there, whatever the TC. (The combats' choice is in
 * test_combat.c.) */
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

/* the printed generals never pair, in one camp, a higher TC with a lower
 * SC (United Provinces E and France L are in opposite camps), so the
 * default of a combat (best TC, then SC) and the best SC agree on the
 * printed data; the tests give one general a higher TC to tell them apart */
static void set_tc(vbt *t, const char *general, int tc)
{
    ((rs_data *)t->g->data)->gd[G(t, general)].tc = (int8_t)tc;
}

/* EVIDENCE-OF (3.2, 13.2, 2): Spain A (SC 2) presses on into Picardie,
 * where Louis XIV (SC 0), Turenne (SC 3) and Vauban (SC 0) stand: France
 * chooses the commander whose SC the test reads, before the die. Turenne:
 * D6 3 + 2 - 3 = 2 fails; Vauban: 3 + 2 - 0 = 5 passes. The mark goes
 * with the die. */
static void test_3_2_press_on_enemy_chooses(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        spain_a_presses_on(t);
        assert_int_equal(S(t)->phase, P_MV_TOP);
        assert_int_equal(S(t)->who, RS_F);
        assert_true(vbt_legal(t, "command Louis-XIV"));
        assert_false(vbt_legal(t, "command France-M")); /* in Artois */
        vbt_act(t, k ? "command Vauban" : "command Turenne");
        assert_int_equal(S(t)->phase, P_MV_TEST);
        check_ok(t);
        reload_ok(t); /* the mark travels in the state file (`top`) */
        vbt_dice(t, "3");
        assert_true(vbt_logged(t, k ? "Initiative test of Spain A: D6 3+2 = 5 passed"
                                    : "Initiative test of Spain A: D6 3-1 = 2 failed"));
        assert_int_equal(S(t)->gtop, 0);
        assert_int_equal(vbt_legal(t, "to Champagne-et-Brie"), k);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (3.2, 13.2): leaving a contested zone, the enemy camp chooses
 * too: France M (SC 1) leaves Artois, where Spain A (SC 2) and Spain B
 * (SC 1) stand with 2 SP; Spain B commanding, D6 2 + 1 - 1 = 2 fails (the
 * march is cancelled) and D6 3 passes (3 + 1 - 2 = 2 failed under Spain A,
 * the best TC). Generals of one SC (Spain B and Spain D) are not asked. */
static void test_3_2_leaving_contested_enemy_chooses(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) {
        vbt *t = campaign();
        int ar = Z(t, "Artois");
        put(t, "Artois", RS_C, T_INF, 2);
        S(t)->gz[G(t, k == 2 ? "Spain D" : "Spain A")] = (int8_t)ar;
        S(t)->gz[G(t, "Spain B")] = (int8_t)ar;
        vbt_act(t, "move France-M");
        vbt_act(t, "march");
        if (k == 2) {
            assert_int_equal(S(t)->phase, P_MV_TEST);
            vbt_free(t);
            continue;
        }
        assert_int_equal(S(t)->phase, P_MV_TOP);
        assert_int_equal(S(t)->who, RS_C);
        assert_true(vbt_legal(t, "command Spain-A"));
        vbt_act(t, "command Spain-B");
        vbt_dice(t, k ? "3" : "2");
        if (k) {
            assert_int_equal(S(t)->phase, P_MV_STEP);
            assert_true(vbt_legal(t, "to Picardie"));
        } else {
            assert_int_equal(S(t)->phase, P_IMPULSE);
            assert_int_equal(rs_army(S(t), ar, RS_F), 3);
        }
        assert_int_equal(S(t)->gtop, 0);
        vbt_free(t);
    }
}

/* 3.2 in France Ouest, the map's first zone (index 0): the general chosen
 * there is on top in the state file (France M leaves it, contested by 2
 * Spanish SP with Spain A and Spain B) */
static void test_3_2_top_in_first_zone(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int fo = army_to(t, "France Ouest");
    assert_int_equal(fo, 0);
    put(t, "France Ouest", RS_C, T_INF, 2);
    s->gz[G(t, "Spain A")] = (int8_t)fo;
    s->gz[G(t, "Spain B")] = (int8_t)fo;
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "command Spain-B");
    assert_int_equal(S(t)->gtop, (uint64_t)1 << G(t, "Spain B"));
    reload_ok(t);
    assert_int_equal(S(t)->gtop, (uint64_t)1 << G(t, "Spain B"));
    vbt_free(t);
}

/* the state file of `bad` is refused with one line naming `why`; the
 * position loaded before (`good`) is unchanged */
static void refused_state(vbt *t, const rs_state *good, const rs_state *bad, const char *why)
{
    *S(t) = *bad;
    json_t *j = vbt_state_json(t);
    char *txt = json_dumps(j, 0);
    *S(t) = *good;
    int rc = vbt_load(t, txt);
    free(txt);
    json_decref(j);
    if (rc == 0)
        fail_msg("accepted; expected a refusal naming '%s'", why);
    if (!strstr(t->cx.err, why) || strchr(t->cx.err, '\n'))
        fail_msg("refusal: '%s' (expected '%s')", t->cx.err, why);
    assert_memory_equal(good, S(t), sizeof *good);
}

/* the phase and the mark in a state file: the chooser is the inactive
 * camp, between generals of different SC; the mark on one of its generals
 * in the test's zone */
static void test_3_2_march_commander_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    spain_a_presses_on(t);
    reload_ok(t);
    rs_state good = *S(t), bad = good;
    bad.who = RS_C;
    refused_state(t, &good, &bad, "the inactive camp chooses");
    bad = good;
    bad.gz[G(t, "Turenne")] = (int8_t)Z(t, "Champagne-et-Brie"); /* Louis XIV, Vauban: SC 0 */
    refused_state(t, &good, &bad, "no two generals of different SC");
    bad = good;
    bad.sub = 2;
    refused_state(t, &good, &bad, "sub is 0 (leaving) or 1 (pressing on)");
    vbt_act(t, "command Turenne");
    good = *S(t);
    bad = good;
    bad.gtop |= (uint64_t)1 << G(t, "France M"); /* in Artois */
    refused_state(t, &good, &bad, "top: general 'France M'");
    bad = good;
    bad.gtop |= (uint64_t)1 << G(t, "Vauban"); /* a second one in Picardie */
    refused_state(t, &good, &bad, "second general on top");
    bad = good;
    bad.gtop |= (uint64_t)1 << G(t, "Spain A"); /* the marching camp's */
    refused_state(t, &good, &bad, "top: general 'Spain A'");
    vbt_free(t);
}

/* EVIDENCE-OF (3.2, 15): the obedience test reads the SC of the general
 * the player places on top; a higher SC can only help, so Turenne (SC 3)
 * commands even when Vauban (SC 0) is given the better TC: D6 1 <= 3 */
static void test_3_2_obedience_best_sc(void **state)
{
    (void)state;
    vbt *t = campaign();
    set_tc(t, "Vauban", 4);
    vbt_act(t, "scorch Picardie");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->z[Z(t, "Picardie")].scorched, 1);
    vbt_free(t);
}

/* EVIDENCE-OF (3.2, 13.3, 14.1): the interceptor's commander is the best
 * SC of its stack: United Provinces A (SC 1) beside Coehoorn (SC 0, here
 * TC 2) in Brabant: D6 3 + 1 - 1 = 3 passes, and the attrition has the -1
 * of an SC that is not 0 */
static void test_3_2_interception_best_sc(void **state)
{
    (void)state;
    vbt *t = campaign();
    set_tc(t, "Coehoorn", 2);
    S(t)->gz[G(t, "United Provinces A")] = (int8_t)Z(t, "Brabant");
    coehoorn_intercepts(t);
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "Interception from Brabant: D6 3+0 = 3 passed"));
    vbt_clear_log(t);
    vbt_dice(t, "5");
    if (!vbt_logged(t, "Attrition of the coalition army in Picardie (6 SP): D6 5-1 = 4"))
        fail_msg("%s", t->log);
    vbt_free(t);
}

/* EVIDENCE-OF (3.2, 21, 14.1): winter quarters that find no controlled
 * zone: France N (SC 1) commands beside Vauban (SC 0, here TC 2): 6 + 3 -
 * 1 = 8, 1 SP lost (9 would lose 2) */
static void test_3_2_quarters_best_sc(void **state)
{
    (void)state;
    vbt *t = campaign();
    set_tc(t, "Vauban", 2);
    france_n_in_luxembourg(t);
    S(t)->gz[G(t, "Vauban")] = (int8_t)Z(t, "Luxembourg");
    S(t)->z[Z(t, "Champagne et Brie")].mk = RS_C;
    to_quarters(t);
    assert_true(vbt_logged(t, "cannot reach a controlled zone"));
    vbt_dice(t, "6");
    if (!vbt_logged(t, "D6 6+2 = 8 - 1 SP lost"))
        fail_msg("%s", t->log);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_3_2_press_on_enemy_chooses),
        cmocka_unit_test(test_3_2_leaving_contested_enemy_chooses),
        cmocka_unit_test(test_3_2_march_commander_in_file),
        cmocka_unit_test(test_3_2_top_in_first_zone),
        cmocka_unit_test(test_3_2_obedience_best_sc),
        cmocka_unit_test(test_3_2_interception_best_sc),
        cmocka_unit_test(test_3_2_quarters_best_sc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
