/*
 * test_audit29.c - setge-1714: the twenty-ninth session's audit of the
 * assault (rule 11.3) and the Royal breach (rules 5.1.1 and 7), read
 * sentence by sentence against the code (docs/setge-1714.md, "Audit,
 * twenty-ninth session (helper msy)"): each test fails when the sentence
 * it names is planted wrong in sg_rules.c or sg_legal.c, and no other
 * setge test did.
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

/* 11.3: "He declares the zone that is assaulting among the adjacent zones
 * that contain enemy combat units". Two French grenadier companies in
 * Santa Marta, next to the Pla d'en Llull: with only Basset (a commander)
 * there, or only a barricade, there is nothing to assault; with a company
 * beside him, there is. */
static void test_11_3_assault_needs_enemy_combat_units(void **state)
{
    static const char *const held[] = {"\"Basset\"", "\"Barricada del Pla d'en Llull\"",
                                       "\"Basset\", \"Ciutat 1\""};
    (void)state;
    for (int i = 0; i < 3; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char zones[512];
        snprintf(zones, sizeof zones,
                 "\"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
                 " \"Pla d'en Llull\": [%s], \"Sant Agusti Claustres\": [\"Ciutat 2\"],"
                 " \"Left Two Crowns\": [\"French Battalion 1\"]",
                 held[i]);
        sgt_load_at(t, "bourbon", "combat", "secured", zones,
                    i == 1 ? ", \"facing\": {\"Barricada del Pla d'en Llull\": \"Pla de Palau\"}"
                           : "");
        if (vbt_legal(t, "assault Santa-Marta onto Pla-den-Llull") != (i == 2))
            fail_msg("Pla d'en Llull holding %s: the assault %s legal", held[i],
                     i == 2 ? "is not" : "is");
        vbt_free(t);
    }
}

/* 11.3: "Only one commander for each side can take part in an assault"
 * (15: in four players each seat is asked about its own commanders, the
 * other seat only when the first declines). Pla d'en Llull: Ciutat 1 and
 * 2 (the catalan seat's) with Paperoles (catalan-right's), Bellver (the
 * catalan seat's) next door in the Born. The catalan seat takes Bellver:
 * the withdrawal comes next, catalan-right is not asked for Paperoles,
 * and the defender counts +1. */
static void test_11_3_one_commander_a_side(void **state)
{
    vbt *t = vbt_new(GAME, "4p", 1);
    int att, def;
    (void)state;
    sgt_load(t, "{\"game\": \"setge-1714\", \"scenario\": \"4p\", \"state\": {\"turn\": 5,"
                " \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
                " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\", \"Paperoles\"],"
                " \"Born\": [\"Bellver\"], \"Santa Marta\": [\"French Grenadiers 1\","
                " \"French Grenadiers 2\"], \"Molins del Rec\": [\"French Battalion 1\"]}}}");
    vbt_act(t, "assault Santa-Marta onto Pla-den-Llull");
    vbt_act(t, "lead French-Grenadiers-1");
    vbt_act(t, "lead Ciutat-1");
    assert_int_equal(S(t)->phase, PH_DCMD);
    assert_int_equal(vb_to_move(t->g, S(t)), R_CATALAN);
    assert_false(vbt_legal(t, "commander Paperoles"));
    vbt_act(t, "commander Bellver");
    assert_int_equal(S(t)->phase, PH_WITHDRAW);
    assert_false(vbt_legal(t, "commander Paperoles"));
    assert_int_equal(S(t)->dcmd, U(t, "Bellver"));
    /* Ciutat 5, one more unit +1, Bellver +1; Pla d'en Llull is ochre (0) */
    sg_assault_values(D(t), S(t), &att, &def);
    assert_int_equal(def, 5 + 1 + 1);
    vbt_free(t);
}

/* 11.3: "players roll a die for each commander involved in the combat
 * ... A result of 6 implies that this commander is a casualty": the
 * attacker's commander rolls, then the defender's, a 5 spares each, a 6
 * takes each. Dillon with the grenadiers in Santa Marta, Bellver next to
 * the Pla d'en Llull in the Born. */
static void test_11_3_commander_dice(void **state)
{
    (void)state;
    for (int six = 0; six < 2; six++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(
            t, "bourbon", "combat", "secured",
            "\"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\", \"Dillon\"],"
            " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\"], \"Born\": [\"Bellver\"],"
            " \"Left Two Crowns\": [\"French Battalion 1\"]",
            "");
        vbt_act(t, "assault Santa-Marta onto Pla-den-Llull");
        vbt_act(t, "lead French-Grenadiers-1");
        vbt_act(t, "lead Ciutat-1");
        vbt_act(t, "commander Dillon");
        vbt_act(t, "commander Bellver");
        vbt_act(t, "hold");
        vbt_dice(t, "1,1"); /* 5+1+1+1 = 8 against 5+1+1+1 = 8: repulsed */
        assert_int_equal(S(t)->us[U(t, "French Grenadiers 1")], US_ELIM);
        assert_int_equal(S(t)->phase, PH_ACMDDIE);
        vbt_dice(t, six ? "6" : "5");
        assert_int_equal(S(t)->phase, PH_DCMDDIE);
        vbt_dice(t, six ? "6" : "5");
        /* no third die: the combat is over (and with it the half) */
        assert_int_not_equal(vb_to_move(t->g, S(t)), VB_CHANCE);
        assert_int_equal(S(t)->ckind, CK_NONE);
        assert_int_equal(S(t)->us[U(t, "Dillon")], six ? US_ELIM : US_ON);
        assert_int_equal(S(t)->us[U(t, "Bellver")], six ? US_ELIM : US_ON);
        vbt_free(t);
    }
}

/* 11.3: "artillery units and barricades can't retreat; if their zone is
 * occupied by the enemy they are captured" - by the advance after an
 * assault, whether the lead advances (it survived) or another unit does
 * (the lead fell). Two grenadier companies in the Portal Nou bastion
 * assault Ciutat 1 beside the Bateria del Portal Nou in the street
 * behind it. */
static void test_11_3_gun_captured_by_the_advance(void **state)
{
    (void)state;
    for (int lead_falls = 0; lead_falls < 2; lead_falls++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(
            t, "bourbon", "combat", "secured",
            "\"Baluard del Portal Nou\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
            " \"Carrer del Portal Nou\": [\"Ciutat 1\", \"Bateria del Portal Nou\"],"
            " \"Pla d'en Llull\": [\"Ciutat 2\"],"
            " \"Left Two Crowns\": [\"French Battalion 1\"]",
            "");
        vbt_act(t, "assault Baluard-del-Portal-Nou onto Carrer-del-Portal-Nou");
        vbt_act(t, "lead French-Grenadiers-1"); /* Ciutat 1 leads, alone */
        if (!lead_falls) {
            vbt_act(t, "hold");
            vbt_dice(t, "6,1"); /* 5+1+6 = 12 against 5+1 = 6: Ciutat 1 falls */
            in_zone(t, "French Grenadiers 1", "Carrer del Portal Nou");
            vbt_act(t, "end-advance");
        } else {
            vbt_act(t, "withdraw");
            vbt_dice(t, "1,6"); /* 7 against 5+2+6 = 13: costly success */
            assert_int_equal(S(t)->us[U(t, "French Grenadiers 1")], US_ELIM);
            vbt_act(t, "retreat Ciutat-1 Placa-de-Sant-Pere");
            assert_int_equal(S(t)->phase, PH_ADVANCE);
            assert_false(vbt_legal(t, "end-advance"));
            vbt_act(t, "advance French-Grenadiers-2");
        }
        if (S(t)->us[U(t, "Bateria del Portal Nou")] != US_ELIM)
            fail_msg("the gun is not captured by the advance (%s)",
                     lead_falls ? "another unit" : "the lead");
        vbt_free(t);
    }
}

/* 11.3, a withdrawal declared: "The values are equal, or the defender
 * value is higher than the attacker value. The assault is a success
 * after taking heavy losses. Attacker lead unit is eliminated" - a tie
 * costs the attacker its lead, one point more spares it. Two grenadier
 * companies (5 + 1) against Ciutat 1 in the ochre street (5 + 2 for the
 * withdrawal). */
static void test_11_3_withdrawal_tie_costs_the_lead(void **state)
{
    (void)state;
    for (int tie = 0; tie < 2; tie++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(
            t, "bourbon", "combat", "secured",
            "\"Baluard del Portal Nou\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
            " \"Carrer del Portal Nou\": [\"Ciutat 1\"], \"Pla d'en Llull\": [\"Ciutat 2\"],"
            " \"Left Two Crowns\": [\"French Battalion 1\"]",
            "");
        vbt_act(t, "assault Baluard-del-Portal-Nou onto Carrer-del-Portal-Nou");
        vbt_act(t, "lead French-Grenadiers-1");
        vbt_act(t, "withdraw");
        vbt_dice(t, tie ? "2,1" : "3,1"); /* 8 or 9 against 8 */
        assert_int_equal(S(t)->cres, tie ? CR_COSTLY : CR_WITHDRAWN);
        assert_int_equal(S(t)->us[U(t, "French Grenadiers 1")], tie ? US_ELIM : US_ON);
        assert_int_equal(S(t)->us[U(t, "Ciutat 1")], US_ON);
        assert_int_equal(S(t)->phase, PH_RETREAT);
        vbt_free(t);
    }
}

/* 7: "None of the units can cross the Royal Breach until it has been
 * assured" - and nothing that needs contact reaches across it (2.2.1:
 * red lines and breaches; docs: "Red lines and adjacency"). The Royal
 * breach joins the Fossat del Portal Nou to the Cortina Reial. Mined: no
 * assault from the ditch through it (a salvo, green onto grey, never),
 * and Dillon in the ditch is no commander for an assault on the curtain
 * from the Portal Nou bastion; secured: both. */
static void test_7_no_combat_or_commander_through_the_mined_breach(void **state)
{
    (void)state;
    for (int secured = 0; secured < 2; secured++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(t, "bourbon", "combat", secured ? "secured" : "mined",
                    "\"Fossat del Portal Nou\": [\"French Grenadiers 1\", \"French Grenadiers 2\","
                    " \"Dillon\"], \"Baluard del Portal Nou\": [\"French Grenadiers 3\","
                    " \"French Grenadiers 4\"], \"Cortina Reial\": [\"Ciutat 1\"]",
                    "");
        if (vbt_legal(t, "assault Fossat-del-Portal-Nou onto Cortina-Reial") != secured)
            fail_msg("assault through the %s breach", secured ? "secured" : "mined");
        vbt_act(t, "assault Baluard-del-Portal-Nou onto Cortina-Reial");
        vbt_act(t, "lead French-Grenadiers-3");
        if ((S(t)->phase == PH_ACMD && vbt_legal(t, "commander Dillon")) != secured)
            fail_msg("Dillon across the %s breach: %s", secured ? "secured" : "mined",
                     secured ? "not offered" : "offered");
        vbt_free(t);
    }
}

/* 7 and 11.3: the defenders retreat "to adjacent zones without enemy
 * units", not through the mined Royal breach into the ditch; once it is
 * secured, through it too (the breach is open to both sides then). */
static void test_7_no_retreat_through_the_mined_breach(void **state)
{
    (void)state;
    for (int secured = 0; secured < 2; secured++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(
            t, "bourbon", "combat", secured ? "secured" : "mined",
            "\"Baluard del Portal Nou\": [\"French Grenadiers 3\", \"French Grenadiers 4\"],"
            " \"Cortina Reial\": [\"Ciutat 1\", \"Ciutat 2\"],"
            " \"Left Two Crowns\": [\"French Battalion 1\"]",
            "");
        vbt_act(t, "assault Baluard-del-Portal-Nou onto Cortina-Reial");
        vbt_act(t, "lead French-Grenadiers-3");
        vbt_act(t, "lead Ciutat-1");
        vbt_act(t, "hold");
        vbt_dice(t, "6,1"); /* 5+1+6 = 12 against 5+2+1+1 = 9: Ciutat 1 falls */
        assert_int_equal(S(t)->phase, PH_RETREAT);
        assert_true(vbt_legal(t, "retreat Ciutat-2 Cortina-de-Sant-Daniel"));
        if (vbt_legal(t, "retreat Ciutat-2 Fossat-del-Portal-Nou") != secured)
            fail_msg("retreat through the %s breach", secured ? "secured" : "mined");
        vbt_free(t);
    }
}

/* 7: the breach, once assured, is a way through the wall for both sides
 * (the reading of docs/setge-1714.md, Interpretations: "None of the units
 * can cross the Royal Breach until it has been assured" closes it to
 * both; nothing closes it again). In the Catalan half, Ciutat 1 in the
 * Cortina Reial may step into the empty ditch through it only once it is
 * secured (the other ways there, through the Portal Nou bastion or the
 * Santa Clara ditch, held by the Two Crowns), and assault the ditch
 * through it only then. */
static void test_7_secured_breach_open_to_the_catalans(void **state)
{
    (void)state;
    for (int secured = 0; secured < 2; secured++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(t, "catalan", "movement", secured ? "secured" : "mined",
                    "\"Cortina Reial\": [\"Ciutat 1\"],"
                    " \"Baluard del Portal Nou\": [\"French Battalion 1\"],"
                    " \"Fossat de Santa Clara\": [\"French Battalion 2\"]",
                    "");
        vbt_act(t, "move Ciutat-1");
        if (vbt_legal(t, "to Fossat-del-Portal-Nou") != secured)
            fail_msg("a Catalan move through the %s breach", secured ? "secured" : "mined");
        vbt_free(t);
        /* and a Catalan assault on the ditch through it */
        t = vbt_new(GAME, NULL, 1);
        sgt_load_at(t, "catalan", "combat", secured ? "secured" : "mined",
                    "\"Cortina Reial\": [\"Ciutat 1\"],"
                    " \"Fossat del Portal Nou\": [\"French Battalion 1\"]",
                    "");
        if (vbt_legal(t, "assault Cortina-Reial onto Fossat-del-Portal-Nou") != secured)
            fail_msg("a Catalan assault through the %s breach", secured ? "secured" : "mined");
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_11_3_assault_needs_enemy_combat_units),
        cmocka_unit_test(test_11_3_one_commander_a_side),
        cmocka_unit_test(test_11_3_commander_dice),
        cmocka_unit_test(test_11_3_gun_captured_by_the_advance),
        cmocka_unit_test(test_11_3_withdrawal_tie_costs_the_lead),
        cmocka_unit_test(test_7_no_combat_or_commander_through_the_mined_breach),
        cmocka_unit_test(test_7_no_retreat_through_the_mined_breach),
        cmocka_unit_test(test_7_secured_breach_open_to_the_catalans),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
