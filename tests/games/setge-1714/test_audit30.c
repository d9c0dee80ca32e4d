/*
 * test_audit30.c - setge-1714: the thirtieth session's audit by planting of
 * the sequence of play (rule 5), stacking (6), artillery (9), movement
 * (10, 10.1), defence values and salvo fire (11.1, 11.2), barricades (12)
 * and how to win (13), read sentence by sentence against the code
 * (docs/setge-1714.md, "Audit by planting, thirtieth session (helper
 * stb)"): each test fails when the sentence it names is planted wrong in
 * sg_rules.c, sg_legal.c or sg_data.c, and no other setge test did.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/setge-1714/sg_int.h"
#include "sg_test.h"
#include "vbtest.h"

#define GAME "setge-1714"

/* 5.1.1: "If the result is a 6, the Breach is assured" - a 5 leaves the
 * mine threatening, a 6 assures it. */
static void test_5_1_1_only_a_six_assures_the_breach(void **state)
{
    (void)state;
    for (int six = 0; six < 2; six++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(
            t, "bourbon", "royal-breach-check", "mined",
            "\"Cortina Reial\": [\"Ciutat 1\"], \"Left Two Crowns\": [\"French Battalion 1\"]", "");
        vbt_dice(t, six ? "6" : "5");
        if (S(t)->breach != six)
            fail_msg("a %d: the breach is %s", six ? 6 : 5, six ? "still mined" : "assured");
        vbt_free(t);
    }
}

/* 9: "Artillery units cannot be moved from their original place during
 * the game". The Canons de Migdia share the Migdia bastion with Ciutat 1,
 * no enemy near: Ciutat 1 may move, the guns may not, alone or as a
 * stack with it (one piece left, so no stack at all). */
static void test_9_guns_never_move(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    sgt_load_at(t, "catalan", "movement", "mined",
                "\"Baluard de Migdia\": [\"Ciutat 1\", \"Canons de Migdia\"],"
                " \"Right Two Crowns\": [\"French Battalion 1\", \"Bourbon Battery 3\"]",
                "");
    assert_true(vbt_legal(t, "move Ciutat-1"));
    assert_false(vbt_legal(t, "move Canons-de-Migdia"));
    assert_false(vbt_legal(t, "move-stack Baluard-de-Migdia"));
    vbt_act(t, "move Ciutat-1");
    vbt_act(t, "to Fusina");
    assert_false(vbt_legal(t, "move Canons-de-Migdia"));
    vbt_free(t);
}

/* 10: "when a moving unit enters a zone adjacent to enemy combat units it
 * must stop" - combat units, not a lone commander. Ciutat 1 in the
 * Cortina Reial (the Royal breach mined) goes by the Portal Nou bastion,
 * next to the ditch, and the Sant Pere bastion to the Jonqueres bastion:
 * past Dillon alone in the ditch, but not past a grenadier company. */
static void test_10_only_combat_units_stop_a_move(void **state)
{
    static const char *const ditch[] = {"Dillon", "French Grenadiers 1"};
    (void)state;
    for (int i = 0; i < 2; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char zones[512];
        snprintf(zones, sizeof zones,
                 "\"Cortina Reial\": [\"Ciutat 1\"], \"Fossat del Portal Nou\": [\"%s\"],"
                 " \"Left Two Crowns\": [\"French Battalion 1\"]",
                 ditch[i]);
        sgt_load_at(t, "catalan", "movement", "mined", zones, "");
        vbt_act(t, "move Ciutat-1");
        assert_true(vbt_legal(t, "to Baluard-del-Portal-Nou"));
        if (vbt_legal(t, "to Baluard-de-Jonqueres") != (i == 0))
            fail_msg("%s in the ditch: the Jonqueres bastion %s", ditch[i],
                     i ? "reached" : "out of reach");
        vbt_free(t);
    }
}

/* The Barricada del Pla d'en Llull facing the Pla de Palau, Ciutat 1
 * behind it; French grenadiers in the Pla de Palau and in the Molins del
 * Rec, both ochre as the Pla d'en Llull. */
static void load_barricade(vbt *t)
{
    sgt_load_at(t, "bourbon", "combat", "secured",
                "\"Pla d'en Llull\": [\"Ciutat 1\", \"Barricada del Pla d'en Llull\"],"
                " \"Pla de Palau\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
                " \"Molins del Rec\": [\"French Grenadiers 3\", \"French Grenadiers 4\"],"
                " \"Born\": [\"Ciutat 2\"]",
                ", \"facing\": {\"Barricada del Pla d'en Llull\": \"Pla de Palau\"}");
}

/* 11.2: "salvo fire is blocked by barricades ... if these defences are
 * covering the line of contact between attacking and defending zones" -
 * from the Pla de Palau, not from the Molins del Rec. */
static void test_11_2_barricade_blocks_salvo_across_its_side(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    load_barricade(t);
    assert_true(vbt_legal(t, "assault Pla-de-Palau onto Pla-den-Llull"));
    assert_false(vbt_legal(t, "salvo Pla-de-Palau onto Pla-den-Llull"));
    assert_true(vbt_legal(t, "salvo Molins-del-Rec onto Pla-den-Llull"));
    vbt_free(t);
}

/* 12: "Any unit which defends behind a barricade adds three points to its
 * combat value ... this protects exclusively the forces which are inside
 * the zone against attacks from the zone adjacent to where the barricade
 * is located". Ciutat 1 (5) holds the ochre Pla d'en Llull: 8 against
 * the Pla de Palau, 5 against the Molins del Rec. */
static void test_12_barricade_adds_three_on_its_side_only(void **state)
{
    static const char *const from[] = {"Pla-de-Palau", "Molins-del-Rec"};
    static const char *const lead[] = {"French-Grenadiers-1", "French-Grenadiers-3"};
    (void)state;
    for (int i = 0; i < 2; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char act[96];
        int att, def;
        load_barricade(t);
        snprintf(act, sizeof act, "assault %s onto Pla-den-Llull", from[i]);
        vbt_act(t, act);
        snprintf(act, sizeof act, "lead %s", lead[i]);
        vbt_act(t, act);
        sg_assault_values(D(t), S(t), &att, &def);
        assert_int_equal(att, 5 + 1);
        if (def != (i == 0 ? 5 + 3 : 5))
            fail_msg("Ciutat 1 attacked from %s defends at %d", from[i], def);
        vbt_free(t);
    }
}

/* 12: barricades "can move 3 ochre or green zones" - never through a grey
 * or blue one. The Barricada del Pla d'en Llull in the Born reaches the
 * Pla d'en Llull, but the Placa de Jonqueres only through the convent of
 * Santa Caterina (blue) or the Carrer Montcada (grey). */
static void test_12_barricades_move_through_open_zones_only(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    sgt_load_at(t, "catalan", "movement", "secured",
                "\"Born\": [\"Barricada del Pla d'en Llull\"],"
                " \"Santa Maria del Mar\": [\"Ciutat 1\"],"
                " \"Left Two Crowns\": [\"French Battalion 1\"]",
                ", \"facing\": {\"Barricada del Pla d'en Llull\": \"Pla de Palau\"}");
    vbt_act(t, "move Barricada-del-Pla-den-Llull");
    assert_true(vbt_legal(t, "to Pla-den-Llull facing Pla-de-Palau"));
    assert_true(vbt_legal(t, "to Placa-de-Sant-Pere facing Placa-de-Jonqueres") == 0);
    if (vbt_legal(t, "to Placa-de-Jonqueres facing Placa-de-Sant-Pere"))
        fail_msg("the barricade reaches the Placa de Jonqueres through a blue or grey zone");
    vbt_free(t);
}

/* 13: "2 VP for each bastion or redoubt hold" - the Santa Eulalia redoubt
 * counts as the Migdia bastion does. French Battalion 1 in the Left Two
 * Crowns, then in the redoubt, then in the bastion: the Two Crowns count
 * 2 more each time it holds one (every other unit as it was). */
static void test_13_redoubt_worth_two_vp(void **state)
{
    static const char *const where[] = {"Left Two Crowns", "Reducte de Santa Eul\u00e0lia",
                                        "Baluard de Migdia"};
    int vp[3];
    (void)state;
    for (int i = 0; i < 3; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char zones[512];
        snprintf(zones, sizeof zones,
                 "\"%s\": [\"French Battalion 1\"], \"Pla de Palau\": [\"Ciutat 1\"],"
                 " \"Centre Two Crowns\": [\"French Battalion 2\"]",
                 where[i]);
        sgt_load_at(t, "catalan", "movement", "secured", zones, "");
        vp[i] = sg_vp(D(t), S(t), SG_BOURBON);
        vbt_free(t);
    }
    if (vp[1] != vp[0] + 2)
        fail_msg("the redoubt held: %d VP, %d without", vp[1], vp[0]);
    assert_int_equal(vp[2], vp[0] + 2);
}

/* 13 (docs: holding a zone means having combat units in it): Dillon alone
 * in the Pla de Palau or the Migdia bastion holds neither; French
 * Battalion 1 in the Pla de Palau holds it (4 VP). */
static void test_13_a_commander_alone_holds_nothing(void **state)
{
    static const char *const zones[] = {
        "\"Left Two Crowns\": [\"Dillon\", \"French Battalion 1\"]",
        "\"Pla de Palau\": [\"Dillon\"], \"Left Two Crowns\": [\"French Battalion 1\"]",
        "\"Baluard de Migdia\": [\"Dillon\"], \"Left Two Crowns\": [\"French Battalion 1\"]",
        "\"Pla de Palau\": [\"French Battalion 1\"], \"Left Two Crowns\": [\"Dillon\"]"};
    int vp[4];
    (void)state;
    for (int i = 0; i < 4; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char z[512];
        snprintf(z, sizeof z, "%s, \"Born\": [\"Ciutat 1\"]", zones[i]);
        sgt_load_at(t, "catalan", "movement", "secured", z, "");
        vp[i] = sg_vp(D(t), S(t), SG_BOURBON);
        vbt_free(t);
    }
    if (vp[1] != vp[0] || vp[2] != vp[0])
        fail_msg("Dillon alone holds a zone: %d and %d VP against %d", vp[1], vp[2], vp[0]);
    assert_int_equal(vp[3], vp[0] + 4);
}

/* 13 (docs, Interpretations: Recovery): Two Crowns units not recovered
 * are lost for good and still count 1 VP each for the Catalans. French
 * Battalion 2 eliminated or lost: the same count; on the map: one less. */
static void test_13_units_lost_for_good_still_count(void **state)
{
    static const char *const extra[] = {"", ", \"lost\": [\"French Battalion 2\"]", ""};
    int vp[3];
    (void)state;
    for (int i = 0; i < 3; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(t, "catalan", "movement", "secured",
                    i == 2
                        ? "\"Born\": [\"Ciutat 1\"], \"Left Two Crowns\": [\"French Battalion 1\","
                          " \"French Battalion 2\"]"
                        : "\"Born\": [\"Ciutat 1\"], \"Left Two Crowns\": [\"French Battalion 1\"]",
                    extra[i]);
        if (i == 1)
            assert_int_equal(S(t)->us[U(t, "French Battalion 2")], US_LOST);
        vp[i] = sg_vp(D(t), S(t), SG_CATALAN);
        vbt_free(t);
    }
    if (vp[1] != vp[0])
        fail_msg("a unit lost for good counts %d VP, eliminated %d", vp[1], vp[0]);
    assert_int_equal(vp[2], vp[0] - 1);
}

/* 13: the automatic victory needs "all the bastions and blue-coloured
 * zones", the convents with both zones of Sant Agusti Vell included.
 * French battalions in the twelve zones of the list: the Two Crowns win;
 * the Sant Agusti cloisters left empty: they do not. */
static void test_13_automatic_victory_needs_every_convent(void **state)
{
    (void)state;
    for (int all = 0; all < 2; all++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char zones[1200];
        snprintf(zones, sizeof zones,
                 "\"Baluard de Jonqueres\": [\"French Battalion 1\"],"
                 " \"Baluard del Portal Nou\": [\"French Battalion 2\"],"
                 " \"Baluard de Santa Clara\": [\"French Battalion 3\"],"
                 " \"Baluard de Llevant\": [\"French Battalion 4\"],"
                 " \"Baluard de Migdia\": [\"French Battalion 5\"],"
                 " \"Reducte de Santa Eul\u00e0lia\": [\"French Battalion 6\"],"
                 " \"Convent de Jonqueres\": [\"French Battalion 7\"],"
                 " \"Sant Pere de les Puel\u00b7les\": [\"French Battalion 8\"],"
                 " \"Convent de Santa Clara\": [\"French Battalion 9\"],"
                 " \"Sant Agust\u00ed Esgl\u00e9sia\": [\"French Battalion 10\"],"
                 " \"%s\": [\"French Battalion 11\"],"
                 " \"Convent de Santa Caterina\": [\"French Battalion 12\"],"
                 " \"Born\": [\"Ciutat 1\"]",
                 all ? "Sant Agust\u00ed Claustres" : "Left Two Crowns");
        sgt_load_at(t, "catalan", "movement", "secured", zones, "");
        if (!sg_auto_victory(D(t), S(t)) != !all)
            fail_msg("the cloisters %s: automatic victory %d", all ? "held" : "empty",
                     sg_auto_victory(D(t), S(t)));
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_5_1_1_only_a_six_assures_the_breach),
        cmocka_unit_test(test_9_guns_never_move),
        cmocka_unit_test(test_10_only_combat_units_stop_a_move),
        cmocka_unit_test(test_11_2_barricade_blocks_salvo_across_its_side),
        cmocka_unit_test(test_12_barricade_adds_three_on_its_side_only),
        cmocka_unit_test(test_12_barricades_move_through_open_zones_only),
        cmocka_unit_test(test_13_redoubt_worth_two_vp),
        cmocka_unit_test(test_13_a_commander_alone_holds_nothing),
        cmocka_unit_test(test_13_units_lost_for_good_still_count),
        cmocka_unit_test(test_13_automatic_victory_needs_every_convent),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
