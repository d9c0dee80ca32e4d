/*
 * test_mutation24.c - setge-1714: tests written for the survivors of the
 * twenty-fourth session's mutation pass (seed 24) over `sg_io.c`,
 * `sg_legal.c` and `sg_odds.c` (docs/setge-1714.md, "Mutation pass,
 * twenty-fourth session") and, in its second round, `sg_rules.c`: each
 * pins what one planted change altered.
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

/* Two French grenadier companies in Santa Marta assault two Ciutat
 * companies in the Pla d'en Llull, both leads chosen (test_load.c's
 * position): the attacker's die is next. */
static const char assault_dice[] =
    "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"attacker-die\", \"deck\": [],"
    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
    " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
    " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\"], \"Pla de Palau\": [\"Nebot\"],"
    " \"Left Two Crowns\": [\"French Battalion 1\", \"Bourbon Battery 1\"]},"
    " \"acted\": [\"Santa Marta\"], \"combat\": {\"kind\": \"assault\", \"from\": \"Santa "
    "Marta\", \"to\": \"Pla d'en Llull\", \"attacker_lead\": \"French Grenadiers 1\","
    " \"defender_lead\": \"Ciutat 1\"}}";

/* 11.3: each side rolls its own die, the attacker first; the prompt names
 * whose die is asked for, with the values before the dice. */
static void test_11_3_prompt_names_whose_assault_die(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    char buf[VB_TEXT_LEN];
    (void)state;
    if (vbt_load(t, assault_dice))
        fail_msg("load: %s", t->cx.err);
    assert_int_equal(S(t)->phase, PH_ADIE);
    t->g->def->prompt(t->g, S(t), buf, sizeof buf);
    if (!strstr(buf, "Assault on Pla d'en Llull: attacker die (attacker "))
        fail_msg("attacker's die: '%s'", buf);
    vbt_dice(t, "3");
    assert_int_equal(S(t)->phase, PH_DDIE);
    t->g->def->prompt(t->g, S(t), buf, sizeof buf);
    if (!strstr(buf, "Assault on Pla d'en Llull: defender die (attacker "))
        fail_msg("defender's die: '%s'", buf);
    vbt_free(t);
}

/* 8, check: the card in play has left the deck, and is a card of the
 * game; a state with the card in play still in the deck, or with no such
 * card, is refused. */
static void test_8_card_in_play_not_in_the_deck(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = t->g->data;
    sg_state st;
    (void)state;
    st = *S(t);
    assert_true(st.deck != 0);
    st.card = (uint8_t)__builtin_ctz(st.deck);
    st.deck &= ~(1u << st.card);
    if (t->g->def->check(t->g, &st, &t->cx) != 0)
        fail_msg("the card in play out of the deck: '%s'", t->cx.err);
    st.deck |= 1u << st.card;
    if (t->g->def->check(t->g, &st, &t->cx) != VB_EINPUT ||
        !strstr(t->cx.err, "card in play is still in the deck (rule 8)"))
        fail_msg("the card in play still in the deck: '%s'", t->cx.err);
    st.deck &= ~(1u << st.card);
    st.card = (uint8_t)d->nc;
    if (t->g->def->check(t->g, &st, &t->cx) != VB_EINPUT ||
        !strstr(t->cx.err, "card in play is still in the deck (rule 8)"))
        fail_msg("no such card in play: '%s'", t->cx.err);
    vbt_free(t);
}

/* 12, 10, 6.3: a barricade moves only through ochre and green zones, a
 * commander anywhere; a stack (the barricade is never part of one) moves
 * where its units reach. Fusina: a commander, a company and a barricade,
 * the two ochre neighbours held by the Two Crowns: the stack reaches the
 * grey Santa Marta and Baluard de Migdia, the barricade nowhere. */
static void test_12_barricade_reach_is_not_a_commanders(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    if (vbt_load(t,
                 "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\","
                 " \"deck\": [], \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                 " \"zones\": {\"Fusina\": [\"Villarroel\", \"Coronela Trinitat 1\","
                 " \"Barricada del Pla d'en Llull\"], \"Pla de Palau\": [\"French Battalion 1\"],"
                 " \"Pla d'en Llull\": [\"French Battalion 2\"]},"
                 " \"facing\": {\"Barricada del Pla d'en Llull\": \"Pla de Palau\"}}"))
        fail_msg("load: %s", t->cx.err);
    assert_true(vbt_legal(t, "move-stack Fusina"));
    assert_true(vbt_legal(t, "move Villarroel"));
    /* end-movement, the company, the commander, the stack: the barricade
     * can neither move nor turn (Fusina's other side is a blue line) */
    assert_int_equal(vb_legal(t->g, S(t), NULL, NULL, VB_MAX_ACTIONS), 4);
    vbt_act(t, "move-stack Fusina");
    assert_true(vbt_legal(t, "to Santa-Marta"));
    assert_false(vbt_legal(t, "to Pla-de-Palau"));
    vbt_free(t);
}

/* 10.1, 15: "The Catalan side is divided into 2 players" (four players):
 * a Catalan reinforcement arriving is placed by the seat that commands
 * it, the Catalan right's units by the Catalan right. */
static void test_10_1_arrival_placed_by_its_own_seat(void **state)
{
    (void)state;
    for (int want = R_CATALAN; want <= R_CATRIGHT; want += R_CATRIGHT - R_CATALAN) {
        vbt *t = vbt_new(GAME, "4p", 1);
        const sg_data *d = t->g->data;
        char json[1024];
        int u = -1;
        for (int k = 1; k < d->nu && u < 0; k++)
            if (d->u[k].side == SG_CATALAN && d->u[k].kind == K_COMBAT &&
                sg_unit_role(d, S(t), k) == want && strcmp(d->u[k].name, "Nebot") != 0)
                u = k;
        assert_true(u > 0);
        snprintf(json, sizeof json,
                 "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"reinforcements\","
                 " \"deck\": [], \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                 " \"zones\": {\"Pla de Palau\": [\"Nebot\"], \"Left Two Crowns\": [\"La "
                 "Marine 1\"]}, \"waiting\": {\"%s\": 3}}",
                 d->u[u].name);
        if (vbt_load(t, json))
            fail_msg("load %s: %s", d->u[u].name, t->cx.err);
        assert_int_equal(sg_next_arrival(d, S(t)), u);
        if (vb_to_move(t->g, S(t)) != want)
            fail_msg("%s arrives: seat %d decides, not %d", d->u[u].name, vb_to_move(t->g, S(t)),
                     want);
        vbt_free(t);
    }
}

/* 11.3, 15: "the attacker must advance and occupy" the emptied zone. Three
 * players: the French seat declared the assault from Santa Marta; when
 * only Spanish units are left there the Spanish seat advances, with a
 * French unit left the French seat does. */
static void test_11_3_advance_by_the_seat_with_units_left(void **state)
{
    (void)state;
    for (int french_left = 0; french_left < 2; french_left++) {
        vbt *t = vbt_new(GAME, "3p", 1);
        const sg_data *d = t->g->data;
        const char *sp[2] = {NULL, NULL};
        char json[2048];
        int n = 0;
        for (int k = 0; k < d->nu && n < 2; k++)
            if (d->u[k].side == SG_BOURBON && d->u[k].kind == K_COMBAT &&
                sg_unit_role(d, S(t), k) == R_SPANISH)
                sp[n++] = d->u[k].name;
        assert_int_equal(n, 2);
        snprintf(json, sizeof json,
                 "{\"turn\": 5, \"half\": \"bourbon\", \"seat\": \"bourbon\","
                 " \"phase\": \"advance\", \"deck\": [], \"royal_breach\": \"secured\","
                 " \"unlisted\": \"eliminated\", \"zones\": {\"Santa Marta\": [\"%s\", \"%s\"%s],"
                 " \"Pla de Palau\": [\"Nebot\"], \"Left Two Crowns\": [\"French Battalion 2\"]},"
                 " \"acted\": [\"Santa Marta\"], \"combat\": {\"kind\": \"assault\","
                 " \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\", \"attacker_die\": 6,"
                 " \"defender_die\": 1, \"result\": \"success\"}}",
                 sp[0], sp[1], french_left ? ", \"French Battalion 1\"" : "");
        if (vbt_load(t, json))
            fail_msg("load: %s", t->cx.err);
        assert_int_equal(sg_seat_role(S(t)), R_BOURBON);
        if (vb_to_move(t->g, S(t)) != (french_left ? R_BOURBON : R_SPANISH))
            fail_msg("French unit left %d: seat %d advances", french_left, vb_to_move(t->g, S(t)));
        vbt_free(t);
    }
}

/* 10.1: "In the Catalan case they are placed inside zones marked with an
 * R and not controlled by enemy units": every Catalan unit due, the first
 * of forces.json (Coronela Trinitat 1) too, enters an R zone; every R zone
 * free of the enemy is offered, no other zone. */
static void test_10_1_first_unit_arrives_in_r_zones(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = t->g->data;
    vb_action a[VB_MAX_ACTIONS];
    uint64_t offered = 0;
    int n;
    (void)state;
    assert_int_equal(sg_find_unit(d, "Coronela Trinitat 1"), 0);
    if (vbt_load(t, "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"reinforcements\","
                    " \"deck\": [], \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                    " \"zones\": {\"Pla de Palau\": [\"Nebot\"], \"Left Two Crowns\": [\"La "
                    "Marine 1\"]}, \"waiting\": {\"Coronela Trinitat 1\": 3}}"))
        fail_msg("load: %s", t->cx.err);
    assert_int_equal(sg_next_arrival(d, S(t)), 0);
    n = vb_legal(t->g, S(t), a, NULL, VB_MAX_ACTIONS);
    for (int i = 0; i < n; i++) {
        assert_int_equal(SG_AK(a[i]), A_ENTER);
        assert_int_equal(SG_AA(a[i]), 0);
        offered |= BIT(SG_AB(a[i]));
    }
    assert_true(n > 0);
    assert_true(offered == d->rmask);
    vbt_free(t);
}

/* 11.2, `vauban odds setge-1714 salvo N`: each outcome names how many
 * defenders the salvo eliminated, "1 defender", "0" and "2 defenders",
 * hits still to be taken counted with the units gone. */
static void test_11_2_odds_salvo_outcome_counts_defenders(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = t->g->data;
    sg_state b, a;
    vb_action first;
    char *argv[] = {"salvo", "3"};
    char buf[VB_TEXT_LEN];
    int gone = 0;
    (void)state;
    memset(&b, 0, sizeof b);
    if (t->g->def->odds_setup(t->g, &b, 0, 2, argv, &first, &t->cx) != 0)
        fail_msg("odds salvo 3: %s", t->cx.err);
    a = b;
    t->g->def->odds_outcome(t->g, &b, &a, buf, sizeof buf);
    assert_string_equal(buf, "0 defenders eliminated");
    for (int u = 0; u < d->nu && gone < 2; u++)
        if (b.us[u] == US_ON && d->u[u].side == SG_CATALAN) {
            a.us[u] = US_ELIM;
            gone++;
            t->g->def->odds_outcome(t->g, &b, &a, buf, sizeof buf);
            assert_string_equal(buf,
                                gone == 1 ? "1 defender eliminated" : "2 defenders eliminated");
        }
    assert_int_equal(gone, 2);
    a = b;
    a.phase = PH_CASUALTY;
    a.hits = 1;
    t->g->def->odds_outcome(t->g, &b, &a, buf, sizeof buf);
    assert_string_equal(buf, "1 defender eliminated");
    vbt_free(t);
}

/* `vauban odds setge-1714 salvo N WORD`: a word other than hits-on=H is
 * refused by name, not ignored (rule 11.2: the only modifier of a salvo is
 * the card that makes it hit on 5). */
static void test_11_2_odds_salvo_unknown_word_refused(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    sg_state s;
    vb_action first;
    char *argv[] = {"salvo", "3", "barricade"};
    (void)state;
    memset(&s, 0, sizeof s);
    if (t->g->def->odds_setup(t->g, &s, 0, 3, argv, &first, &t->cx) >= 0 ||
        !strstr(t->cx.err, "salvo: unknown word 'barricade'"))
        fail_msg("odds salvo 3 barricade: '%s'", t->cx.err);
    vbt_free(t);
}

/* 11.3, `odds setge-1714 assault att-commander def-commander`: each side's
 * commander (a leader) joins the assault, the attacker's in the attacking
 * zone, the defender's in the attacked zone. */
static void test_11_3_odds_assault_commanders_placed(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = t->g->data;
    sg_state s;
    vb_action first;
    char *argv[] = {"assault", "att-commander", "def-commander"};
    (void)state;
    memset(&s, 0, sizeof s);
    if (t->g->def->odds_setup(t->g, &s, 0, 3, argv, &first, &t->cx) != 0)
        fail_msg("odds assault with commanders: %s", t->cx.err);
    assert_true(s.acmd < d->nu && s.dcmd < d->nu);
    assert_int_equal(d->u[s.acmd].kind, K_LEADER);
    assert_int_equal(d->u[s.acmd].side, SG_BOURBON);
    assert_int_equal(s.us[s.acmd], US_ON);
    assert_int_equal(s.uz[s.acmd], s.cfrom);
    assert_int_equal(d->u[s.dcmd].kind, K_LEADER);
    assert_int_equal(d->u[s.dcmd].side, SG_CATALAN);
    assert_int_equal(s.us[s.dcmd], US_ON);
    assert_int_equal(s.uz[s.dcmd], s.cto);
    vbt_free(t);
}

/* 11.3, `odds setge-1714 assault attacker=catalan att=3`: a Catalan lead
 * of strength 3 (a Coronela company, the first unit of forces.json) is
 * found and leads. */
static void test_11_3_odds_catalan_lead_first_unit(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = t->g->data;
    sg_state s;
    vb_action first;
    char *argv[] = {"assault", "attacker=catalan", "att=3"};
    (void)state;
    memset(&s, 0, sizeof s);
    if (t->g->def->odds_setup(t->g, &s, 0, 3, argv, &first, &t->cx) != 0)
        fail_msg("odds assault attacker=catalan att=3: %s", t->cx.err);
    assert_int_equal(s.alead, sg_find_unit(d, "Coronela Trinitat 1"));
    assert_int_equal(s.alead, 0);
    assert_int_equal(d->u[s.alead].strength, 3);
    assert_int_equal(s.uz[s.alead], s.cfrom);
    vbt_free(t);
}

/* 13, `odds setge-1714 assault flag`: Santa Eulalia's flag is a Catalan
 * piece, so it stands with the Catalans: in the attacked zone when the Two
 * Crowns attack, in the attacking zone when the Catalans do. */
static void test_13_odds_flag_with_the_catalans(void **state)
{
    static const struct {
        const char *side;
        int catalan;
    } rows[] = {{"attacker=bourbon", 0}, {"attacker=catalan", 1}};
    (void)state;
    for (size_t i = 0; i < 2; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        const sg_data *d = t->g->data;
        sg_state s;
        vb_action first;
        char *argv[] = {"assault", (char *)rows[i].side, "flag"};
        memset(&s, 0, sizeof s);
        if (t->g->def->odds_setup(t->g, &s, 0, 3, argv, &first, &t->cx) != 0)
            fail_msg("odds assault %s flag: %s", rows[i].side, t->cx.err);
        assert_true(d->flag >= 0);
        assert_int_equal(s.us[d->flag], US_ON);
        if (s.uz[d->flag] != (rows[i].catalan ? s.cfrom : s.cto))
            fail_msg("%s: the flag in zone %d (from %d, to %d)", rows[i].side, s.uz[d->flag],
                     s.cfrom, s.cto);
        vbt_free(t);
    }
}

/* 15 (four players): "controlling one of them the left and the Catalan
 * centre, and another the right and reserves"; a salvo's hit is taken by
 * the seat with most combat units in the zone, here the Catalan right's two
 * Diputacio companies against the Catalan seat's one coronela company, which
 * comes first in forces.json: the Catalan right chooses among its own. */
static void test_15_casualty_by_the_seat_with_most_units(void **state)
{
    static const char *const zone[] = {
        "\"Coronela Trinitat 1\", \"Diputacio 1\", \"Diputacio 2\"",
        "\"Diputacio 1\", \"Ciutat 1\", \"Ciutat 2\"",
    };
    static const int want[] = {R_CATRIGHT, R_CATALAN};
    static const char *const own[] = {"casualty Diputacio-1", "casualty Ciutat-1"};
    static const char *const other[] = {"casualty Coronela-Trinitat-1", "casualty Diputacio-1"};
    (void)state;
    for (int i = 0; i < 2; i++) {
        vbt *t = vbt_new(GAME, "4p", 1);
        char json[1024];
        snprintf(json, sizeof json,
                 "{\"game\": \"setge-1714\", \"scenario\": \"4p\", \"state\": {\"turn\": 5,"
                 " \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
                 " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                 "\"Pla d'en Llull\": [%s], \"Santa Marta\": [\"French Grenadiers 1\","
                 " \"French Grenadiers 2\"]}}}",
                 zone[i]);
        if (vbt_load(t, json))
            fail_msg("load: %s", t->cx.err);
        vbt_act(t, "salvo Santa-Marta onto Pla-den-Llull");
        vbt_dice(t, "6,1"); /* one hit of two */
        assert_int_equal(S(t)->phase, PH_CASUALTY);
        if (vb_to_move(t->g, S(t)) != want[i])
            fail_msg("zone %d: seat %d takes the hit, not %d", i, vb_to_move(t->g, S(t)), want[i]);
        if (!vbt_legal(t, own[i]) || vbt_legal(t, other[i]))
            fail_msg("zone %d: '%s' %d, '%s' %d", i, own[i], vbt_legal(t, own[i]), other[i],
                     vbt_legal(t, other[i]));
        vbt_free(t);
    }
}

/* 13: "2 VP for each bastion or redoubt hold. 4 VP for each convent or
 * monastery hold. 4 VP for holding the Pla de Palau zone." The table of
 * what each zone is worth to its holder (the evaluation's threats weigh
 * objectives by it) gives exactly these: 4 for the Pla de Palau, 2 for
 * each bastion and redoubt, a convent's 4 shared among its zones, 0
 * elsewhere. */
static void test_13_objective_values_as_printed(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = t->g->data;
    int conv[SG_MAXZ] = {0}, palau = 0;
    (void)state;
    for (int z = 0; z < d->nz; z++) {
        int o = d->z[z].obj, want = 0;
        if (o == OBJ_PALAU)
            want = 4, palau++;
        else if (o == OBJ_BASTION || o == OBJ_REDOUBT)
            want = 2;
        if (d->z[z].convent >= 0)
            conv[d->z[z].convent] += d->objvp[z];
        else if (d->objvp[z] != want)
            fail_msg("%s: %d VP, not %d", d->z[z].name, d->objvp[z], want);
    }
    assert_int_equal(palau, 1);
    assert_true(d->nconv > 0);
    for (int c = 0; c < d->nconv; c++)
        if (conv[c] != 4)
            fail_msg("convent %d: its zones worth %d VP, not 4", c, conv[c]);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_11_3_prompt_names_whose_assault_die),
        cmocka_unit_test(test_8_card_in_play_not_in_the_deck),
        cmocka_unit_test(test_12_barricade_reach_is_not_a_commanders),
        cmocka_unit_test(test_10_1_arrival_placed_by_its_own_seat),
        cmocka_unit_test(test_11_3_advance_by_the_seat_with_units_left),
        cmocka_unit_test(test_10_1_first_unit_arrives_in_r_zones),
        cmocka_unit_test(test_11_2_odds_salvo_outcome_counts_defenders),
        cmocka_unit_test(test_11_2_odds_salvo_unknown_word_refused),
        cmocka_unit_test(test_11_3_odds_assault_commanders_placed),
        cmocka_unit_test(test_11_3_odds_catalan_lead_first_unit),
        cmocka_unit_test(test_13_odds_flag_with_the_catalans),
        cmocka_unit_test(test_15_casualty_by_the_seat_with_most_units),
        cmocka_unit_test(test_13_objective_values_as_printed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
