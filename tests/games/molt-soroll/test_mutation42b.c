/*
 * test_mutation42b.c - Molt soroll per un rei: the two data-reader gaps
 * that the forty-second session's mutation pass of ms_data.c, seed 42
 * (helper sqv), left open, closed in its second round (helper msw;
 * docs/molt-soroll.md, "Mutation pass, forty-second session (helper sqv)"
 * and its second round): each test fails with the mutant it names planted
 * (messages "M42b:", lines of e71619ce) and passes without.
 *
 * Both need a data file changed in many places (sixteen cards' decks, the
 * order of the fronts): the file is read from the data compiled in, edited
 * as JSON and written whole through vbt_load_changed (VAUBAN_DATA), its
 * `from` the whole text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/registry.h"
#include "ms_test.h"

#define GAME "molt-soroll"

/* The game's data file `file` ("cards.json") as the loader would read it,
 * NUL-terminated (malloc'd). */
static char *data_text(const char *file)
{
    char path[128];
    snprintf(path, sizeof path, GAME "/%s", file);
    for (int i = 0; vb_data_table[i].path; i++)
        if (strcmp(vb_data_table[i].path, path) == 0) {
            char *s = malloc(vb_data_table[i].len + 1);
            assert_non_null(s);
            memcpy(s, vb_data_table[i].bytes, vb_data_table[i].len);
            s[vb_data_table[i].len] = '\0';
            return s;
        }
    fail_msg("M42b: no data file %s", path);
    return NULL;
}

/* Loads the game with `file` replaced by edit(j) of its JSON; the game, or
 * NULL with the loader's message in cx->err. */
static vb_game *load_edited(const char *rule, const char *file, void (*edit)(json_t *, int),
                            int arg, vb_ctx *cx)
{
    char *text = data_text(file);
    json_error_t e;
    json_t *j = json_loads(text, 0, &e);
    if (!j)
        fail_msg("M42b: %s: %s", file, e.text);
    edit(j, arg);
    char *out = json_dumps(j, JSON_INDENT(1));
    assert_non_null(out);
    json_decref(j);
    const vbt_data_row row = {rule, file, text, out, NULL};
    vb_game *g = vbt_load_changed(GAME, &row, cx);
    free(out);
    free(text);
    return g;
}

/* cards.json: every B card after the first `keep` made an A card. */
static void keep_b_cards(json_t *j, int keep)
{
    json_t *cards = json_object_get(j, "cards"), *c;
    size_t i;
    int seen = 0;
    json_array_foreach(cards, i, c)
    {
        if (strcmp(json_string_value(json_object_get(c, "deck")), "B") != 0)
            continue;
        if (++seen > keep)
            json_object_set_new(c, "deck", json_string("A"));
    }
    assert_true(seen > keep);
}

/* 10.1 The Sicilian Vespers: "Shuffle all the unplayed "A" cards, then
 * shuffle them with all the "B" cards. From this newly shuffled deck, draw
 * 5 cards face down": with the Vespers the last A card played the B cards
 * alone must give those five, so the loader asks at least five B cards
 * (cards.json holds 21). A deck of exactly five B cards is read, its mask
 * five cards; four are refused. (ms_data.c:514, the B cards counted
 * `< 6`, refused five.) */
static void deck_of_five_b_cards_loads(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_game *g = load_edited("M42b: 10.1 five B cards", "cards.json", keep_b_cards, 5, &cx);
    if (!g)
        fail_msg("M42b: 10.1 a deck of five B cards refused: %s", cx.err);
    const ms_data *d = g->data;
    assert_int_equal(ms_card_count(d->mask_b), 5);
    assert_int_equal(ms_card_count(d->mask_a), 15 + 16);
    vb_game_free(g);
    g = load_edited("M42b: 10.1 four B cards", "cards.json", keep_b_cards, 4, &cx);
    if (g) {
        vb_game_free(g);
        fail_msg("M42b: 10.1 a deck of four B cards loads");
    }
    if (!strstr(cx.err, "at least five B cards"))
        fail_msg("M42b: 10.1 four B cards: '%s'", cx.err);
}

/* map.json: the fronts `arg` and 0 exchanged. */
static void swap_fronts(json_t *j, int arg)
{
    json_t *fronts = json_object_get(j, "fronts");
    json_t *a = json_incref(json_array_get(fronts, 0));
    json_t *b = json_incref(json_array_get(fronts, (size_t)arg));
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(json_array_set_new(fronts, 0, b), 0);
    assert_int_equal(json_array_set_new(fronts, (size_t)arg, a), 0);
}

/* 7 (the map: "The Fronts "Franca-Beaumarchais" and "Noblesa aragonesa"
 * share the last three boxes: Saragossa, Lleida, and Igualada"): a shared
 * box is one box, the same number on both fronts, whichever front the map
 * names first. With Noblesa aragonesa the map's first front (Noblesa
 * catalana, sharing none, second) the map is read, each shared box one
 * box of both fronts. (ms_data.c:157, the first front of a shared box
 * searched from front 1, `f2 = 1`, refused such a map.) */
static void shared_box_on_the_first_front_loads(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_game *g =
        load_edited("M42b: 7 shared box on the first front", "map.json", swap_fronts, ARA, &cx);
    if (!g)
        fail_msg("M42b: 7 a map whose first front shares a box refused: %s", cx.err);
    const ms_data *d = g->data;
    assert_string_equal(d->front[0].id, "Noblesa-aragonesa");
    assert_string_equal(d->front[BEA].id, "Franca-Beaumarchais");
    for (int b = 2; b < 5; b++) {
        assert_string_equal(d->front[0].box[b].name, d->front[BEA].box[b].name);
        assert_int_equal(d->front[0].box[b].gid, d->front[BEA].box[b].gid);
    }
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deck_of_five_b_cards_loads),
        cmocka_unit_test(shared_box_on_the_first_front_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
