/* test_mutation47b.c - what the forty-seventh session's mutation pass (seed
 * 47, helper rss, docs/roi-soleil.md) found untested in rs_combat.c,
 * rs_rules.c, rs_move.c and rs_check.c: each test fails with its surviving
 * mutant planted (messages "M47:", lines of 99f42e10) and passes without.
 * The helpers are in rs_test.h. */
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

/* 17.3 "A won battle awards a GP. If France wins: add one GP on the
 * Diplomacy table scale", doubled only with Louis XIV in the zone
 * (22.2.2): Turenne marches the army of Picardie into Brabant without the
 * king (the Coalition's army made 10 SP, a battle with France's Battle
 * marker) and wins it: the cursor moves one space, not two.
 * (rs_combat.c:212 `s->cb.louis ? 2 : 1` as `? 2 : 2`.) */
static void test_17_3_battle_without_louis(void **state)
{
    (void)state;
    vbt *t = campaign();
    put(t, "Brabant", RS_C, T_INF, 4); /* 10 SP: a battle */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_not_equal(S(t)->gz[G(t, "Louis XIV")], Z(t, "Brabant"));
    int gp = S(t)->gp;
    vbt_act(t, "attack Brabant");
    assert_true(S(t)->cb.battle);
    assert_false(S(t)->cb.louis);
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    for (int round = 0; round < 3; round++) {
        if (round) {
            vbt_act(t, "fight-on");
            vbt_act(t, "fight-on");
        }
        vbt_dice(t, "1");
        lose_inf(t);
    }
    vbt_act(t, "stay");
    assert_int_equal(S(t)->cb.zone, -1);
    if (!vbt_logged(t, "france wins the battle") || S(t)->gp != gp + 1)
        fail_msg("M47: a battle won without Louis XIV: GP %d, was %d (1 GP, 17.3):\n%s", S(t)->gp,
                 gp, t->log);
    vbt_free(t);
}

/* 13.3 "A successful interception does not allow the inactive player to
 * engage in a battle unless he spends a Battle marker", 17.1 (a battle:
 * 10 SP or more each): Spain A, made 9 SP in Brabant, intercepts France M
 * in Picardie (23 SP) with its Battle marker spent; 9 SP is a skirmish,
 * so the Coalition may still attack; made 10 SP, no choice is offered
 * (M47 beside test_movement's 10 SP case). (rs_combat.c:674 the
 * interceptor's `ac < 10` as `ac < 9`.) */
static void test_13_3_interceptor_of_9_sp_skirmishes(void **state)
{
    (void)state;
    for (int sp = 9; sp <= 10; sp++) {
        vbt *t = campaign();
        put(t, "Brabant", RS_C, T_INF, sp - 6);
        S(t)->c[RS_C].pstate[0] = PK_USED; /* the Coalition's battle marker spent */
        spain_a_intercepts(t);
        vbt_act(t, "halt");
        vbt_dice(t, "1");
        assert_int_equal(rs_army(S(t), Z(t, "Picardie"), RS_C), sp);
        int want = sp < 10 ? P_ICPT_BATTLE : P_IMPULSE;
        if (S(t)->phase != want || (sp < 10 && !vbt_legal(t, "attack Picardie")))
            fail_msg("M47: an interceptor of %d SP without a Battle marker: phase %s", sp,
                     rs_phase_names[S(t)->phase]);
        vbt_free(t);
    }
}

/* 22.1 "When a state is neutralised, all its units and generals are
 * removed from the map": a state file whose neutralised United Provinces
 * keep general A on the map is refused in one line naming him, in France
 * Ouest (the map's zone 0) as in Brabant (test_io's case in Hollande).
 * (rs_check.c:521 the general's zone `z >= 0` as `z >= 1`.) */
static void test_22_1_neutralised_general_in_zone_0(void **state)
{
    (void)state;
    const char *zones[] = {"France Ouest", "Brabant"};
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        assert_int_equal(Z(t, zones[k]) == 0, k == 0);
        json_t *j = vbt_state_json(t);
        set_at(j, "generals/United Provinces A", json_string(zones[k]));
        set_at(j, "states/United Provinces/alliance", json_integer(0));
        set_at(j, "states/United Provinces/neutralised", json_true());
        char want[128];
        snprintf(want, sizeof want, "'United Provinces A' in '%s': his state is neutralised",
                 zones[k]);
        if (!vbt_load_json(t, j) || !strstr(t->cx.err, want) || strchr(t->cx.err, '\n'))
            fail_msg("M47: a neutralised state's general in %s: \"%s\"", zones[k], t->cx.err);
        vbt_free(t);
    }
}

/* 11 (a line of defence stands with its camp's army; one alone is
 * eliminated): a state file's line in Alsace without a French army is
 * refused in one line at the year's loans and at the cabinet's choice of
 * markers too, not only in a campaign (test_io's case). (rs_check.c:538
 * `p == P_LOAN || p == P_CAB_PICK || ...` as `(p == P_LOAN && p ==
 * P_CAB_PICK) || ...`, hand-planted.) */
static void test_11_line_alone_in_file_before_campaigns(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = vbt_new("roi-soleil", "devolution", 7);
        vbt_dice(t, "1");
        if (k) {
            vbt_act(t, "no-loan");
            vbt_act(t, "no-loan");
            vbt_dice(t, "6");
        }
        assert_int_equal(S(t)->phase, k ? P_CAB_PICK : P_LOAN);
        json_t *j = vbt_state_json(t);
        set_at(j, "zones/Alsace/line", json_integer(1));
        set_at(j, "zones/Alsace/line_camp", json_string("france"));
        if (!vbt_load_json(t, j) ||
            !strstr(t->cx.err, "zone 'Alsace': a line of defence of france with no army"))
            fail_msg("M47: a line alone in phase %s: \"%s\"", k ? "cabinet" : "loans", t->cx.err);
        vbt_free(t);
    }
}

/* 24 (state files): a state's camp comes from the scenario or from an
 * event of a year already played. In the War in Holland Great Britain
 * starts with France, and the 1678 event 4 makes it join the Coalition: a
 * state file of 1677 with Great Britain in the Coalition is refused in one
 * line, one of 1678 loads. (rs_check.c:293 the year's events `k < 3` as
 * `k < 4`, hand-planted: the next year's first event read as a fourth of
 * this one's.) */
static void test_24_camp_from_an_event_of_a_year_played(void **state)
{
    (void)state;
    for (int year = 1677; year <= 1678; year++) {
        vbt *t = vbt_new("roi-soleil", "holland", 1);
        assert_int_equal(S(t)->scamp[ST(t, "Great Britain")], RS_F);
        rs_set_year(t, year);
        json_t *j = vbt_state_json(t);
        set_at(j, "states/Great Britain/camp", json_string("coalition"));
        set_at(j, "states/Great Britain/alliance", json_integer(3)); /* U3, as it joins */
        int rc = vbt_load_json(t, j);
        if (year == 1677 &&
            (!rc || !strstr(t->cx.err, "'Great Britain': \"camp\" coalition: not a camp of this "
                                       "scenario's war by 1677")))
            fail_msg("M47: Great Britain with the Coalition in 1677, before its event of 1678: "
                     "\"%s\"",
                     rc ? t->cx.err : "loaded");
        if (year == 1678 && rc)
            fail_msg("M47: Great Britain with the Coalition in 1678: \"%s\"", t->cx.err);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_17_3_battle_without_louis),
        cmocka_unit_test(test_13_3_interceptor_of_9_sp_skirmishes),
        cmocka_unit_test(test_22_1_neutralised_general_in_zone_0),
        cmocka_unit_test(test_11_line_alone_in_file_before_campaigns),
        cmocka_unit_test(test_24_camp_from_an_event_of_a_year_played),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
