/*
 * test_mutation23.c - setge-1714: tests written for the survivors of the
 * twenty-third session's mutation pass (seed 23) over `sg_rules.c` and
 * `sg_legal.c` (docs/setge-1714.md, "Mutation pass, twenty-third
 * session"): each pins what one planted change altered.
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

/* 15: "3 players: One player controls the Catalan army, another does the
 * same with the Spanish forces, and the third commands French forces";
 * "4 players: The Catalan side is divided into 2 players". Two players:
 * one seat a side. */
static void test_15_seats_of_each_side_per_scenario(void **state)
{
    static const struct {
        const char *scn;
        int bourbon, catalan;
    } rows[] = {{"2p", 1, 1}, {"3p", 2, 1}, {"4p", 2, 2}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, rows[i].scn, 1);
        int seats[2] = {-1, -1}, nb, nc;
        nb = sg_side_seats(S(t), SG_BOURBON, seats);
        if (nb != rows[i].bourbon || seats[0] != R_BOURBON || seats[1] != R_SPANISH)
            fail_msg("%s: Bourbon side has %d seats (%d, %d)", rows[i].scn, nb, seats[0], seats[1]);
        nc = sg_side_seats(S(t), SG_CATALAN, seats);
        if (nc != rows[i].catalan || seats[0] != R_CATALAN || seats[1] != R_CATRIGHT)
            fail_msg("%s: Catalan side has %d seats (%d, %d)", rows[i].scn, nc, seats[0], seats[1]);
        vbt_free(t);
    }
}

/* 15, state files: a position whose deciding seat is not a seat of its
 * side in the scenario is impossible and refused (the Catalan right in two
 * and three players, the Spanish seat in two); the seats of the scenario
 * load. The position is the scenario's start moved to the movement phase
 * of the half named. */
static void test_15_state_file_seat_of_the_scenario(void **state)
{
    static const struct {
        const char *scn, *half, *seat;
        int ok;
    } rows[] = {
        {"2p", "catalan", "catalan-right", 0}, {"3p", "catalan", "catalan-right", 0},
        {"4p", "catalan", "catalan-right", 1}, {"2p", "bourbon", "spanish", 0},
        {"3p", "bourbon", "spanish", 1},       {"2p", "catalan", "catalan", 1},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, rows[i].scn, 1);
        json_t *j = vbt_state_json(t);
        char *txt;
        int rc;
        json_object_set_new(j, "half", json_string(rows[i].half));
        json_object_set_new(j, "phase", json_string("movement"));
        json_object_set_new(j, "seat", json_string(rows[i].seat));
        txt = json_dumps(j, 0);
        json_decref(j);
        rc = vbt_load(t, txt);
        free(txt);
        if (rows[i].ok ? rc != 0
                       : rc != VB_EINPUT || !strstr(t->cx.err, "is not a role of the") ||
                             !strstr(t->cx.err, "(rule 15)"))
            fail_msg("%s, %s half, seat %s: load answered %d '%s'", rows[i].scn, rows[i].half,
                     rows[i].seat, rc, t->cx.err);
        vbt_free(t);
    }
}

/* 11.3: "If the units can't retreat because they are surrounded by enemy
 * units they are captured and eliminated": every such unit, the first of
 * forces.json (Coronela Trinitat 1) too; a withdrawal out of Carrer
 * Montcada, every neighbour held by the Two Crowns. */
static void test_11_3_surrounded_first_unit_captured(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    int u = sg_find_unit(t->g->data, "Coronela Trinitat 1");
    (void)state;
    assert_int_equal(u, 0);
    if (vbt_load(t, "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
                    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                    " \"Carrer Montcada\": [\"Coronela Trinitat 1\", \"Santa Eulalia Flag\"],"
                    " \"Born\": [\"French Grenadiers 1\", \"French Battalion 3\"],"
                    " \"Convent de Santa Caterina\": [\"French Battalion 1\"],"
                    " \"Santa Maria del Mar\": [\"French Battalion 2\"]}}"))
        fail_msg("load: %s", t->cx.err);
    vbt_act(t, "assault Born -> Carrer-Montcada");
    vbt_act(t, "lead French-Grenadiers-1");
    vbt_act(t, "withdraw");
    vbt_dice(t, "1,1");
    if (S(t)->us[u] != US_ELIM ||
        !vbt_logged(t, "Coronela Trinitat 1 is surrounded in Carrer Montcada and captured"))
        fail_msg("Coronela Trinitat 1 not captured\n%s", t->log);
    vbt_free(t);
}

/* 10.1, 15: each Bourbon seat recovers its own eliminated units; a seat
 * with none to recover is passed and the next one recovers (three players:
 * no French unit eliminated, Asturias, Spanish, eliminated). */
static void test_10_1_spanish_seat_recovers_when_the_french_have_none(void **state)
{
    vbt *t = vbt_new(GAME, "3p", 1);
    json_t *j = vbt_state_json(t), *zs, *units;
    const char *zone;
    char *txt;
    (void)state;
    zs = json_object_get(j, "zones");
    json_object_foreach(zs, zone, units)
    {
        for (size_t i = json_array_size(units); i-- > 0;)
            if (strcmp(json_string_value(json_array_get(units, i)), "Asturias") == 0)
                json_array_remove(units, i);
    }
    json_object_set_new(j, "turn", json_integer(5));
    json_object_set_new(j, "phase", json_string("artillery"));
    json_object_del(j, "time");
    json_array_append_new(json_object_get(j, "eliminated"), json_string("Asturias"));
    txt = json_dumps(j, 0);
    if (vbt_load(t, txt))
        fail_msg("load: %s", t->cx.err);
    free(txt);
    json_decref(j);
    for (int k = 0; k < 2 && S(t)->phase == PH_ART; k++)
        vbt_act(t, "end-artillery"); /* the French guns, then the Spanish */
    assert_int_equal(S(t)->phase, PH_REINF);
    assert_int_equal(vb_to_move(t->g, S(t)), R_SPANISH);
    assert_true(vbt_legal(t, "recover Asturias Right-Two-Crowns"));
    vbt_free(t);
}

/* 10, 15: in the movement phase each seat moves its own units, one after
 * the other; a seat with nothing to move is passed to the next (three
 * players: no French unit left on the map, the Spanish seat moves). */
static void test_10_seat_with_nothing_to_move_is_passed(void **state)
{
    vbt *t = vbt_new(GAME, "3p", 1);
    (void)state;
    if (vbt_load(t, "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
                    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                    " \"Pla de Palau\": [\"Nebot\"], \"Santa Marta\": [\"Asturias\"]}}"))
        fail_msg("load: %s", t->cx.err);
    assert_int_equal(S(t)->phase, PH_MOVE);
    assert_int_equal(S(t)->seat, 1);
    assert_int_equal(vb_to_move(t->g, S(t)), R_SPANISH);
    assert_true(vbt_legal(t, "move Asturias"));
    vbt_act(t, "end-movement");
    /* the last seat has moved: no Bourbon movement is left */
    assert_false(S(t)->half == SG_BOURBON && S(t)->phase == PH_MOVE);
    vbt_free(t);
}

/* 6.3, staged movement: `move-stack Z` moves the pieces of a stack
 * together, so it is offered for two or more movable pieces in Z, never
 * for a lone unit (which `move UNIT` moves). This first-stage count is what
 * makes the second stage's (`stack_dests`, never asked about one piece)
 * an equivalent mutant. */
static void test_6_3_no_stack_of_one(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    if (vbt_load(t, "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
                    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                    " \"Fossat de Santa Clara\": [\"French Battalion 1\"],"
                    " \"Fossat de Llevant\": [\"French Battalion 4\", \"French Battalion 5\"],"
                    " \"Pla de Palau\": [\"Nebot\"]}}"))
        fail_msg("load: %s", t->cx.err);
    assert_true(vbt_legal(t, "move French-Battalion-1"));
    assert_false(vbt_legal(t, "move-stack Fossat-de-Santa-Clara"));
    assert_true(vbt_legal(t, "move-stack Fossat-de-Llevant"));
    vbt_free(t);
}

/* odds (sg_odds.c): `attackers=N` and `defenders=N` name 1 to 5 units a
 * side (6.1: at most 5 combat units a zone), both ends given explicitly:
 * 1 and 5 are read, 0 and 6 refused. */
static void test_11_3_odds_assault_one_to_five_units_a_side(void **state)
{
    static const struct {
        const char *w;
        int ok;
    } rows[] = {{"defenders=1", 1}, {"attackers=1", 1}, {"defenders=5", 1}, {"attackers=5", 1},
                {"defenders=0", 0}, {"attackers=0", 0}, {"defenders=6", 0}, {"attackers=6", 0}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char *argv[] = {"assault", (char *)rows[i].w};
        vb_action first;
        int rc = t->g->def->odds_setup(t->g, S(t), 0, 2, argv, &first, &t->cx);
        if (rows[i].ok ? rc != 0 : rc >= 0)
            fail_msg("odds assault %s: answered %d '%s'", rows[i].w, rc, t->cx.err);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_15_seats_of_each_side_per_scenario),
        cmocka_unit_test(test_15_state_file_seat_of_the_scenario),
        cmocka_unit_test(test_11_3_surrounded_first_unit_captured),
        cmocka_unit_test(test_10_1_spanish_seat_recovers_when_the_french_have_none),
        cmocka_unit_test(test_10_seat_with_nothing_to_move_is_passed),
        cmocka_unit_test(test_6_3_no_stack_of_one),
        cmocka_unit_test(test_11_3_odds_assault_one_to_five_units_a_side),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
