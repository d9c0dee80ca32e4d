/*
 * test_mutation19.c - Molt soroll per un rei: tests written for the
 * survivors of the nineteenth session's mutation pass (seed 19) over
 * `ms_odds.c` and `ms_data.c` (docs/molt-soroll.md, "Mutation testing"):
 * each pins what one planted change altered. The data rows load a copy of
 * data/molt-soroll/ with one change, through VAUBAN_DATA.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/molt-soroll/ms_int.h"
#include "vbtest.h"

#define GAME "molt-soroll"

enum { CAT, ARA, AND, NAP, FRA, BEA };

static ms_state *S(vbt *t)
{
    return vbt_state(t);
}

/* ---- odds (ms_odds.c) --------------------------------------------------------- */

/* `vauban odds offensive FRONT box=N reduced` describes the force of any
 * front, the first of map.json (Noblesa catalana, index 0) too: the box and
 * the side are set, not refused as words about no force. */
static void test_odds_first_front_takes_box_and_side(void **state)
{
    static const struct {
        const char *proc, *front, *box, *side;
        int f, pos, reduced;
    } rows[] = {
        {"offensive", "Noblesa-catalana", "box=1", "reduced", CAT, 1, 1},
        {"offensive", "Noblesa-catalana", "box=0", "full", CAT, 0, 0},
        {"inactivation", "Noblesa-catalana", "box=2", NULL, CAT, 2, 0},
        {"offensive", "Napols", "box=1", "reduced", NAP, 1, 1},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char *argv[] = {(char *)rows[i].proc, (char *)rows[i].front, (char *)rows[i].box,
                        (char *)rows[i].side};
        int argc = rows[i].side ? 4 : 3;
        vb_action first;
        if (t->g->def->odds_setup(t->g, S(t), 0, argc, argv, &first, &t->cx) != 0)
            fail_msg("odds %s %s %s: refused: %s", rows[i].proc, rows[i].front, rows[i].box,
                     t->cx.err);
        if (S(t)->pos[rows[i].f] != rows[i].pos || S(t)->reduced[rows[i].f] != rows[i].reduced)
            fail_msg("odds %s %s %s: box %d side %d", rows[i].proc, rows[i].front, rows[i].box,
                     S(t)->pos[rows[i].f], S(t)->reduced[rows[i].f]);
        vbt_free(t);
    }
}

/* A word that only begins like a key ("nobility" without '=', "nobilityx=1")
 * is an unknown word, named as such, not a known key that does not apply. */
static void test_odds_word_that_only_begins_like_a_key(void **state)
{
    static const struct {
        const char *argv[4], *err;
    } rows[] = {
        {{"inactivation", "Napols", "box=3", "nobility"}, "unknown word 'nobility'"},
        {{"inactivation", "Napols", "box=3", "nobilityx=1"}, "unknown word 'nobilityx=1'"},
        {{"inactivation", "Napols", "box=3", "nobility=1"}, "'nobility=1' does not apply here"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        vb_action first;
        if (t->g->def->odds_setup(t->g, S(t), 0, 4, (char **)rows[i].argv, &first, &t->cx) >= 0)
            fail_msg("odds %s accepted", rows[i].argv[3]);
        if (!strstr(t->cx.err, rows[i].err))
            fail_msg("odds %s: '%s', wanted '%s'", rows[i].argv[3], t->cx.err, rows[i].err);
        vbt_free(t);
    }
}

/* ---- data (ms_data.c) --------------------------------------------------------- */

/* board.json: Barcelona's box is drawn whole on the canvas (1400 wide, the
 * box 130 wide): its centre lies within 65..1335, both ends included. */
static void test_board_barcelona_drawn_on_the_canvas(void **state)
{
    static const char from[] = "\"barcelona\": {\"x\": 600,";
    static const vbt_data_row rows[] = {
        {"board Barcelona x 1335", "board.json", from, "\"barcelona\": {\"x\": 1335,", NULL},
        {"board Barcelona x 1336", "board.json", from, "\"barcelona\": {\"x\": 1336,",
         "board.json barcelona: \"x\" is 1336, must be 65-1335"},
        {"board Barcelona x 65", "board.json", from, "\"barcelona\": {\"x\": 65,", NULL},
        {"board Barcelona x 64", "board.json", from, "\"barcelona\": {\"x\": 64,",
         "board.json barcelona: \"x\" is 64, must be 65-1335"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* map.json tokens (rule 2.3): a kind other than fleet or almogavar, or a
 * setup other than available or off, is refused naming the word (a typo
 * was read as an almogavar, or as off). */
static void test_data_token_kind_and_setup_words(void **state)
{
    static const vbt_data_row rows[] = {
        {"2.3 token kind", "map.json", "\"kind\": \"fleet\"", "\"kind\": \"flet\"",
         "kind 'flet' (fleet or almogavar)"},
        {"2.3 token kind", "map.json", "\"kind\": \"almogavar\"", "\"kind\": \"almogaver\"",
         "kind 'almogaver' (fleet or almogavar)"},
        {"2.3 token setup", "map.json", "\"setup\": \"off\"", "\"setup\": \"of\"",
         "setup 'of' (available or off)"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* board.json: at most MS_MAXLAND (10) land shapes; as many load, one more
 * is refused naming the limit. */
static void test_board_land_shape_limit(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const ms_data *d = t->g->data;
    char to[2048];
    size_t len = (size_t)snprintf(to, sizeof to, "\"land\": [");
    (void)state;
    assert_true(d->board.nland < MS_MAXLAND);
    for (int n = d->board.nland; n <= MS_MAXLAND; n++) {
        len += (size_t)snprintf(to + len, sizeof to - len,
                                "{\"name\": \"Test %d\", \"points\": [[0, 0], [10, 0], [0, 10]], "
                                "\"source\": \"reconstructed: test\"},",
                                n);
        assert_true(len < sizeof to);
        if (n + 1 == MS_MAXLAND) {
            vbt_data_row ok = {"board ten land shapes", "board.json", "\"land\": [", to, NULL};
            vbt_check_data_rows(GAME, &ok, 1);
        }
    }
    {
        vbt_data_row bad = {"board eleven land shapes", "board.json", "\"land\": [", to,
                            "more than 10 land shapes"};
        vbt_check_data_rows(GAME, &bad, 1);
    }
    vbt_free(t);
}

/* A name longer than its field (a card's name, MS_NAME * 2 - 1 = 95 bytes)
 * was cut to the field; since the forty-first session it is refused in one
 * line (a cut name answers to another or to none), and a name that fills
 * the field exactly is kept whole: the loader never writes past it. */
#define LONG_NAME                                                                                  \
    "Coronacio a Saragossa long long long long long long long long long long long long long long " \
    "long long long"
#define FIT_NAME                                                                                   \
    "Coronacio a Saragossa long long long long long long long long long long long long long long " \
    "lon"
static void test_data_long_name_refused_a_full_one_kept(void **state)
{
    static const char from[] = "\"name\": \"Coronaci\xc3\xb3 a Saragossa\"";
    static const vbt_data_row bad = {"cards long name", "cards.json", from,
                                     "\"name\": \"" LONG_NAME "\"",
                                     "cards.json card 'coronacio-saragossa': 'Coronacio a "
                                     "Saragoss...' longer than 95 characters"};
    static const vbt_data_row fit = {"cards full name", "cards.json", from,
                                     "\"name\": \"" FIT_NAME "\"", NULL};
    vb_ctx cx;
    (void)state;
    vbt_check_data_rows(GAME, &bad, 1);
    vb_game *g = vbt_load_changed(GAME, &fit, &cx);
    if (!g)
        fail_msg("%s: refused: %s", fit.rule, cx.err);
    const ms_data *d = g->data;
    assert_true(strlen(LONG_NAME) >= sizeof d->card[0].name);
    assert_int_equal(strlen(FIT_NAME), sizeof d->card[0].name - 1);
    assert_string_equal(d->card[0].name, FIT_NAME);
    vb_game_free(g);
}

/* board.json: a box of the map is drawn whole above the tracks (map 720
 * high, boxes 36 high): its centre's y lies within 18..702. */
static void test_board_box_drawn_on_the_map(void **state)
{
    static const char from[] = "{\"name\": \"Foix\", \"x\": 480, \"y\": 40,";
    static const vbt_data_row rows[] = {
        {"board Foix y 702", "board.json", from, "{\"name\": \"Foix\", \"x\": 480, \"y\": 702,",
         NULL},
        {"board Foix y 703", "board.json", from, "{\"name\": \"Foix\", \"x\": 480, \"y\": 703,",
         "board.json box 0: \"y\" is 703, must be 18-702"},
        {"board Foix y 18", "board.json", from, "{\"name\": \"Foix\", \"x\": 480, \"y\": 18,",
         NULL},
        {"board Foix y 17", "board.json", from, "{\"name\": \"Foix\", \"x\": 480, \"y\": 17,",
         "board.json box 0: \"y\" is 17, must be 18-702"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_odds_first_front_takes_box_and_side),
        cmocka_unit_test(test_odds_word_that_only_begins_like_a_key),
        cmocka_unit_test(test_board_barcelona_drawn_on_the_canvas),
        cmocka_unit_test(test_board_land_shape_limit),
        cmocka_unit_test(test_data_token_kind_and_setup_words),
        cmocka_unit_test(test_board_box_drawn_on_the_map),
        cmocka_unit_test(test_data_long_name_refused_a_full_one_kept),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
