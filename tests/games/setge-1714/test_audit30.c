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

static void load(vbt *t, const char *json)
{
    if (vbt_load(t, json))
        fail_msg("load: %s", t->cx.err);
}

/* Turn 5, HALF's PHASE, the Royal breach as given, ZONES (the inside of
 * the "zones" object) and EXTRA (more keys, each with its leading comma,
 * or ""); every unit not listed eliminated. */
static void load_at(vbt *t, const char *half, const char *phase, const char *breach,
                    const char *zones, const char *extra)
{
    char json[1536];
    int n = snprintf(json, sizeof json,
                     "{\"turn\": 5, \"half\": \"%s\", \"phase\": \"%s\", \"deck\": [],"
                     " \"royal_breach\": \"%s\", \"unlisted\": \"eliminated\", \"zones\": {%s}%s}",
                     half, phase, breach, zones, extra);
    assert_true(n > 0 && (size_t)n < sizeof json);
    load(t, json);
}

/* 5.1.1: "If the result is a 6, the Breach is assured" - a 5 leaves the
 * mine threatening, a 6 assures it. */
static void test_5_1_1_only_a_six_assures_the_breach(void **state)
{
    (void)state;
    for (int six = 0; six < 2; six++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        load_at(t, "bourbon", "royal-breach-check", "mined",
                "\"Cortina Reial\": [\"Ciutat 1\"], \"Left Two Crowns\": [\"French Battalion 1\"]",
                "");
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
    load_at(t, "catalan", "movement", "mined",
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
        load_at(t, "catalan", "movement", "mined", zones, "");
        vbt_act(t, "move Ciutat-1");
        assert_true(vbt_legal(t, "to Baluard-del-Portal-Nou"));
        if (vbt_legal(t, "to Baluard-de-Jonqueres") != (i == 0))
            fail_msg("%s in the ditch: the Jonqueres bastion %s", ditch[i],
                     i ? "reached" : "out of reach");
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_5_1_1_only_a_six_assures_the_breach),
        cmocka_unit_test(test_9_guns_never_move),
        cmocka_unit_test(test_10_only_combat_units_stop_a_move),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
