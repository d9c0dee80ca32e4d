/* test_mutation53.c - molt-soroll: tests written in the fifty-third
 * session (helper msu): the names a player reads refused when empty, and
 * the survivors of the seed-53 mutation pass. Each fails with its mutant
 * (or, for the names, the loader of e3271617) planted back (messages
 * "M53:"; docs/molt-soroll.md, "Mutation pass, fifty-third session
 * (helper msu)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

#define GAME "molt-soroll"

/* The data contract (2.1, 2.2, 2.3): every name the player reads, of
 * Barcelona, a front, a box, a track's box, a token, a card, an event or
 * a land of the SVG map, is refused in one line when it is empty or has
 * no letter or digit once folded ("'", " - "), as setge's loader does (a
 * src change of this session: the loader of e3271617 started a game with
 * `"name": ""`). A name of one letter, or of digits ("0" of the Pope's
 * track), still loads. */
static void test_empty_names_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: 2.1 Barcelona named ''", "map.json", "\"name\": \"Barcelona\"", "\"name\": \"\"",
         "map.json barcelona: empty name (no letter or digit)"},
        {"M53: 2.1 the Noblesa catalana named ''", "map.json", "\"name\": \"Noblesa catalana\"",
         "\"name\": \"\"", "map.json front 0: empty name (no letter or digit)"},
        {"M53: 2.1 Foix named \"'\"", "map.json", "{\"name\": \"Foix\"", "{\"name\": \"'\"",
         "map.json front 'Noblesa-catalana' box 0: empty name (no letter or digit)"},
        {"M53: 2.1 a nobility box named ' - '", "map.json", "{\"name\": \"+2/+1\"",
         "{\"name\": \" - \"", "map.json track 'nobility': empty name (no letter or digit)"},
        {"M53: 2.3 the first token named ''", "map.json", "\"name\": \"Almogàvers\"",
         "\"name\": \"\"", "map.json token 0: empty name (no letter or digit)"},
        {"M53: 2.3 the first token named 'A'", "map.json", "\"name\": \"Almogàvers\"",
         "\"name\": \"A\"", NULL},
        {"M53: 2.2 Coronació a Saragossa named ''", "cards.json",
         "\"name\": \"Coronació a Saragossa\"", "\"name\": \"\"",
         "cards.json card 'coronacio-saragossa': empty name (no letter or digit)"},
        {"M53: 2.2 Coronació a Saragossa named '7'", "cards.json",
         "\"name\": \"Coronació a Saragossa\"", "\"name\": \"7\"", NULL},
        {"M53: 5 the first event named '-'", "cards.json",
         "{\"name\": \"Pere renuncia al vassallatge papal\"", "{\"name\": \"-\"",
         "cards.json card 'coronacio-saragossa': empty name (no letter or digit)"},
        {"M53: 2.1 the land Europa named ''", "board.json", "{\"name\": \"Europa\"",
         "{\"name\": \"\"", "board.json land 0: empty name (no letter or digit)"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* 5, 7: the drawn card is logged as printed on it, its movement naming
 * each front it moves and no other, the line ending with the last one
 * (ms_rules.c:704, the movement's loop `m < c->nmove` -> `<=`: a front
 * past the card's movement, the unused slot's Noblesa catalana, logged
 * after the last: "movement: Noblesa aragonesa, Noblesa catalana"). */
static void test_card_logged_movement_ends_at_its_last_front(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "setge-balaguer");
    const char *line = strstr(t->log, "[5] Setge de Balaguer:");
    if (!line || !vbt_logged(t, "Fidelitat de la noblesa +1; movement: Noblesa aragonesa\n"))
        fail_msg(
            "M53: 7 Setge de Balaguer's movement not logged as Noblesa aragonesa alone: %.300s",
            line ? line : "(no card line)");
    vbt_free(t);
}

/* The data contract's bounds (ms_data.c, the seed-53 pass of the file
 * after this session's change; lines of 28b0e5ad). Each bound loads at its
 * end and is refused one past it:
 * - 2.1, a track of 2 boxes (the Pope's cut to "0" and "1", starting at
 *   1) loads (:227, `nbox < 2` -> `<= 2`: refused as "2 boxes");
 * - 8.1.2, the Barbary pirates of combat 0 load, -1 is refused (:294, the
 *   bound 0 -> 1: combat 0 refused);
 * - 10.1, a second Vespers card is refused when the first is the deck's
 *   first card (:511, `vespers_card >= 0` -> `> 0`: Coronació a Saragossa
 *   made the Vespers card, the shipped one loaded as well);
 * - the SVG board's canvas 4000 high loads, 4001 is refused (:568, 4000
 *   -> 3999), and Barcelona's x at half its width (65 of 130) loads, 64 is
 *   refused (:577, the bound `bar_w / 2` -> `/ 3`: 64 loaded). */
static void test_data_bounds_checked_at_their_ends(void **state)
{
#define POPE_FROM                                                                                     \
    "\"start\": 3,\n      \"source\": \"printed (rulebook §2.1, §3, §11): five boxes 0-4, starts " \
    "at 3, excommunication at 0\",\n      \"boxes\": [\n        {\"name\": \"0\", \"source\": "       \
    "\"printed (rulebook §11)\"},\n        {\"name\": \"1\", \"source\": \"printed (rulebook "       \
    "§2.1)\"},"
#define POPE_TO                                                                                       \
    "\"start\": 1,\n      \"source\": \"printed (rulebook §2.1, §3, §11): five boxes 0-4, starts " \
    "at 3, excommunication at 0\",\n      \"boxes\": [\n        {\"name\": \"0\", \"source\": "       \
    "\"printed (rulebook §11)\"},\n        {\"name\": \"1\", \"source\": \"printed (rulebook "       \
    "§2.1)\"}],\n      \"unused\": ["
    static const char pir[] = "\"pirates\": {\"name\": \"Pirates berberescos\", \"combat\": 2";
    static const char cor[] = "\"deck\": \"A\", \"date\": \"Nov 1276\",";
    static const char can[] = "\"height\": 1000, \"map_height\"";
    static const char bar[] = "\"barcelona\": {\"x\": 600,";
    static const vbt_data_row rows[] = {
        {"M53: 2.1 the Pope's track of 2 boxes", "map.json", POPE_FROM, POPE_TO, NULL},
        {"M53: 8.1.2 the pirates' combat 0", "map.json", pir,
         "\"pirates\": {\"name\": \"Pirates berberescos\", \"combat\": 0", NULL},
        {"M53: 8.1.2 the pirates' combat -1", "map.json", pir,
         "\"pirates\": {\"name\": \"Pirates berberescos\", \"combat\": -1",
         "map.json pirates: \"combat\" is -1"},
        {"M53: 10.1 the first card a second Vespers card", "cards.json", cor,
         "\"deck\": \"A\", \"date\": \"Nov 1276\", \"special\": {\"vespers\": true},",
         "there must be exactly one Vespers card, in deck A"},
        {"M53: the canvas 4000 high", "board.json", can, "\"height\": 4000, \"map_height\"", NULL},
        {"M53: the canvas 4001 high", "board.json", can, "\"height\": 4001, \"map_height\"",
         "\"height\" is 4001"},
        {"M53: Barcelona's x 65", "board.json", bar, "\"barcelona\": {\"x\": 65,", NULL},
        {"M53: Barcelona's x 64", "board.json", bar, "\"barcelona\": {\"x\": 64,", "\"x\" is 64"},
    };
#undef POPE_FROM
#undef POPE_TO
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* The board (the fronts, 2.1): a front whose force stands on its first
 * box (box 0, Foix) is shown with its combat and siege values, as on any
 * other box (ms_board.c:131, `pos >= 0` -> `>= 1`: the Noblesa catalana
 * on Foix shown as "ELIMINATED"). */
static void test_board_force_on_box_0_shown_in_play(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t);
    set_front(j, "Noblesa-catalana", "Foix", "full", 0);
    put_row(t, j, "M53: 2.1 the Noblesa catalana on Foix");
    char *b = vbt_board_text(t, -1);
    if (!strstr(b, "  Noblesa catalana: combat ") || strstr(b, "Noblesa catalana: ELIMINATED"))
        fail_msg("M53: 2.1 the Noblesa catalana on Foix not shown in play:\n%s", b);
    free(b);
    vbt_free(t);
}

/* The points text (12.1, "2 points for each card in the deck"): one card
 * left is "1 card", more are "cards" (ms_board.c:372, `deck == 1` -> `!=`:
 * "1 cards in the deck" and "14 card in the deck"). The opening's deck
 * with all its cards but the Vespers moved to the played cards. */
static void test_points_one_card_in_the_deck(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t), *dk = json_object_get(j, "deck"), *pl = json_object_get(j, "played");
    for (size_t i = json_array_size(dk); i-- > 0;)
        if (strcmp(json_string_value(json_array_get(dk, i)), "vespres-sicilianes") != 0) {
            json_array_append(pl, json_array_get(dk, i));
            json_array_remove(dk, i);
        }
    put_row(t, j, "M53: 12.1 one card in the deck");
    char *p = vbt_points_text(t);
    if (!strstr(p, "  1 card in the deck, 2 each\n"))
        fail_msg("M53: 12.1 one card in the deck not \"1 card\":\n%s", p);
    free(p);
    j = js(t);
    dk = json_object_get(j, "deck");
    json_array_append(dk, json_array_get(json_object_get(j, "played"), 0));
    json_array_remove(json_object_get(j, "played"), 0);
    put_row(t, j, "M53: 12.1 two cards in the deck");
    p = vbt_points_text(t);
    if (!strstr(p, "  2 cards in the deck, 2 each\n"))
        fail_msg("M53: 12.1 two cards in the deck not \"2 cards\":\n%s", p);
    free(p);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_names_refused),
        cmocka_unit_test(test_card_logged_movement_ends_at_its_last_front),
        cmocka_unit_test(test_data_bounds_checked_at_their_ends),
        cmocka_unit_test(test_board_force_on_box_0_shown_in_play),
        cmocka_unit_test(test_points_one_card_in_the_deck),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
