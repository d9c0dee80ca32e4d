/*
 * test_mutation24.c - setge-1714: tests written for the survivors of the
 * twenty-fourth session's mutation pass (seed 24) over `sg_io.c`,
 * `sg_legal.c` and `sg_odds.c` (docs/setge-1714.md, "Mutation pass,
 * twenty-fourth session"): each pins what one planted change altered.
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
#include "vbtest.h"

#define GAME "setge-1714"

static sg_state *S(vbt *t)
{
    return vbt_state(t);
}

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_11_3_prompt_names_whose_assault_die),
        cmocka_unit_test(test_8_card_in_play_not_in_the_deck),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
