/*
 * test_mutation45.c - setge-1714: the survivors of the forty-fifth
 * session's mutation pass, seed 45 (helper sqr), of sg_data.c, sg_odds.c
 * and sg_board.c (docs/setge-1714.md, "Mutation pass, forty-fifth session
 * (helper sqr)"), and of sg_rules.c (helper sqs, "... second round"):
 * each test fails with the mutant it names planted (messages "M45:",
 * lines of 4fe3bac9) and passes without.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "games/setge-1714/sg_int.h"
#include "sg_test.h"
#include "vbtest.h"

#define GAME "setge-1714"

/* map.json: a zone's objective is one of "none", "bastion", "redoubt",
 * "convent" or "palau" (rule 13: "2 VP for each bastion or redoubt hold.
 * 4 VP for each convent or monastery hold. 4 VP for holding the "Pla de
 * Palau" zone."); any other word is refused. sg_data.c:117 (the five
 * names searched as six) read one past the table: a global buffer overflow
 * in the sanitizer build, the plain build reading whatever lies there (a
 * sixth name made an objective). */
static void zone_of_an_unknown_objective_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M45: 13 objective castle", "map.json", "\"objective\": \"redoubt\"",
         "\"objective\": \"castle\"", "unknown objective"},
        {"M45: 13 objective palau", "map.json", "\"objective\": \"redoubt\"",
         "\"objective\": \"palau\"", NULL},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* Rule 13, victory after the last turn: "The side which sums up more
 * victory point wins the game."
 * The game's two sides are the Bourbons and the Catalans (rule 1): a game
 * the Catalans win names them the winner in its file's result (and in the
 * server's and the terminal's verdicts, which read the same table). The
 * position is test_rules.c's turn-12 count (44 combat units, 7 leaders and
 * the Pla de Palau against the Bourbons' few). (sg_data.c:514
 * `g->nsides = 2` as 1: the Catalans no side, the winner written as none.) */
static void catalan_win_names_the_catalans(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    sgt_load(
        t,
        "{\"turn\": 12, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
        " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
        " \"Pla de Palau\": [\"Nebot\", \"Ciutat 1\"], \"Left Two Crowns\": [\"La Marine 1\"]}}");
    int vb = sg_vp(D(t), S(t), SG_BOURBON), vc = sg_vp(D(t), S(t), SG_CATALAN);
    if (vc <= vb)
        fail_msg("M45: the Catalans' %d VP not above the Bourbons' %d", vc, vb);
    vbt_act(t, "end-movement");
    json_t *j = vb_match_to_json(&t->m, -1);
    const char *w = json_string_value(json_object_get(json_object_get(j, "result"), "winner"));
    if (!w || strcmp(w, "catalan") != 0)
        fail_msg("M45: the Catalan win's file names the winner '%s'", w ? w : "(none)");
    json_decref(j);
    vbt_free(t);
}

/* 6.1 Stacking limit: "A player may stack up to 5 combat units in the same
 * map zone ... Stacking limits apply at all times" (6.3). The odds of a
 * salvo (`vauban odds setge-1714 salvo N`, 11.2) are asked against a full
 * zone: five Catalan combat units in Pla d'en Llull, never six, and the
 * position is sound. (sg_odds.c:144 `i < SG_STACK` as `<=`: six Catalan
 * units stacked there, one over the limit.) */
static void salvo_odds_target_a_full_zone(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load(GAME, &cx);
    assert_non_null(g);
    const sg_data *d = g->data;
    int to = sg_find_zone(d, "Pla d'en Llull");
    assert_true(to >= 0);
    for (int n = 1; n <= SG_STACK; n++) {
        sg_state s;
        vb_action first;
        char dice[16];
        snprintf(dice, sizeof dice, "%d", n);
        char *argv[] = {"salvo", dice};
        memset(&s, 0, sizeof s);
        assert_int_equal(g->def->odds_setup(g, &s, 0, 2, argv, &first, &cx), 0);
        int there = 0;
        for (int u = 0; u < d->nu; u++)
            there += s.us[u] == US_ON && s.uz[u] == to && d->u[u].side == SG_CATALAN &&
                     d->u[u].kind == K_COMBAT;
        if (there != SG_STACK)
            fail_msg("M45: salvo %d: %d Catalan combat units in Pla d'en Llull, not %d", n, there,
                     SG_STACK);
        if (g->def->check(g, &s, &cx) != 0)
            fail_msg("M45: salvo %d: the position is refused: %s", n, cx.err);
    }
    vb_game_free(g);
}

/* The zone view's "orders that concern it now" lists the orders that name
 * the zone, a unit standing in it, or a unit that may end its move there.
 * In the Catalan movement (rule 10) Nebot and Ciutat 1 in Pla de Palau:
 * "move Nebot" and "move Ciutat-1" name neither the zone nor a
 * destination there, yet concern it (they move its pieces). (sg_board.c:189
 * `s->us[u] == US_ON` as `!=`: the units standing in the zone not looked
 * at, their orders left out.) */
static void zone_orders_name_its_pieces(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    sgt_load(t, "{\"turn\": 12, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Pla de Palau\": [\"Nebot\", \"Ciutat 1\"], \"Left Two Crowns\": [\"La "
                "Marine 1\"]}}");
    char *z = vbt_area_text(t, -1, "Pla-de-Palau");
    if (!strstr(z, "orders that concern it now: move Ciutat-1; move Nebot;"))
        fail_msg("M45: Pla de Palau's view lacks its pieces' orders:\n%s", z);
    free(z);
    vbt_free(t);
}

/* `zone` alone (the area hook with no name: "'zone' alone lists them")
 * lists every zone of the map by its token, one a line, the first of the
 * data (Right Two Crowns) included. (sg_board.c:221 the list from zone 1:
 * the first zone left out.) */
static void zone_alone_lists_every_zone(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = D(t);
    char *z = vbt_area_text(t, -1, NULL);
    size_t at = 0;
    for (int k = 0; k < d->nz; k++) {
        size_t n = strlen(d->z[k].tok);
        if (strncmp(z + at, d->z[k].tok, n) != 0 || z[at + n] != '\n')
            fail_msg("M45: zone %d (%s) not the list's line %d:\n%s", k, d->z[k].tok, k + 1, z);
        at += n + 1;
    }
    if (z[at])
        fail_msg("M45: the list goes on past the %d zones: %s", d->nz, z + at);
    free(z);
    vbt_free(t);
}

/* Rule 15: "The Bourbon side is divided into Spanish and French forces",
 * each seat commanding its own units; the seat that decides for a zone
 * (its defence, its retreats) is the one with most combat units there
 * (sg_zone_role), whichever piece comes first in the order of battle. The
 * shipped forces.json lists every French combat unit before any Spanish
 * piece; here La Marine 1, the first Bourbon unit, is made Spanish: in the
 * three-player game a zone holding it and two French battalions is the
 * French seat's. sg_rules.c:229 (`best >= 0` as `best > 0`): the French
 * role, R_BOURBON, is 0, and a count won by it was dropped for the role of
 * the first piece found: the Spanish seat decided for the French. */
static void most_combat_units_decide_a_zone(void **state)
{
    (void)state;
    static const vbt_data_row row = {"M45: La Marine 1 Spanish", "forces.json",
                                     "\"name\": \"La Marine 1\",\n   \"side\": \"bourbon\",\n   "
                                     "\"kind\": \"combat\",\n   \"type\": \"battalion\",\n   "
                                     "\"strength\": 4,\n   \"command\": \"french\"",
                                     "\"name\": \"La Marine 1\",\n   \"side\": \"bourbon\",\n   "
                                     "\"kind\": \"combat\",\n   \"type\": \"battalion\",\n   "
                                     "\"strength\": 4,\n   \"command\": \"spanish\"",
                                     NULL};
    vb_ctx cx;
    vb_game *g = vbt_load_changed(GAME, &row, &cx);
    if (!g)
        fail_msg("%s: refused: %s", row.rule, cx.err);
    const sg_data *d = g->data;
    sg_state *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->head.scenario = vb_scenario_index(g, "3p");
    assert_true(s->head.scenario >= 0 && s->head.scenario < 3);
    int marine = sg_find_unit(d, "La Marine 1"), b1 = sg_find_unit(d, "French Battalion 1"),
        b2 = sg_find_unit(d, "French Battalion 2"), z = sg_find_zone(d, "Left Two Crowns");
    assert_true(marine >= 0 && b1 >= 0 && b2 >= 0 && z >= 0);
    assert_int_equal(d->sideu[SG_BOURBON][0], marine);
    assert_int_equal(sg_unit_role(d, s, marine), R_SPANISH);
    assert_int_equal(sg_unit_role(d, s, b1), R_BOURBON);
    const int us[3] = {marine, b1, b2};
    for (int k = 0; k < 3; k++) {
        s->us[us[k]] = US_ON;
        s->uz[us[k]] = (uint8_t)z;
    }
    int r = sg_zone_role(d, s, z, SG_BOURBON);
    if (r != R_BOURBON)
        fail_msg("M45: rule 15, La Marine 1 (Spanish) and two French battalions in Left Two "
                 "Crowns: the zone is the %s seat's, expected the French",
                 sg_role_names[r]);
    free(s);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zone_of_an_unknown_objective_refused),
        cmocka_unit_test(catalan_win_names_the_catalans),
        cmocka_unit_test(salvo_odds_target_a_full_zone),
        cmocka_unit_test(zone_orders_name_its_pieces),
        cmocka_unit_test(zone_alone_lists_every_zone),
        cmocka_unit_test(most_combat_units_decide_a_zone),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
