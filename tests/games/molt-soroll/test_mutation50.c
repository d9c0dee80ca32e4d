/* test_mutation50.c - molt-soroll: tests written against survivors of the
 * seed-50 mutation pass of the fiftieth session (the lead) over ms_data.c
 * ms_svg.c and ms_board.c.
 * Each fails with its mutant planted back (messages "M50:", the rows'
 * names); lines of f8ccc669 (docs/molt-soroll.md, "Mutation pass,
 * fiftieth session (the lead)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "ms_test.h"
#include "registry.h"

#define GAME "molt-soroll"

/* map.json's tracks (2.1): each track names the source of its boxes, as
 * every item of the data does; one without it is refused (ms_data.c:198,
 * the first `||` of the track's reads as `&&`: a track's "source" read
 * only when the track is missing, so a track without one loaded). */
static void test_track_needs_its_source(void **state)
{
    static const vbt_data_row rows[] = {
        {"M50: 2.1 the nobility track without its source", "map.json",
         "\"start\": 1,\n      \"source\": \"reconstructed: four boxes",
         "\"start\": 1,\n      \"comment\": \"reconstructed: four boxes",
         "map.json track 'nobility'"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* The Nobility track's boxes (2.1, 2.3): a box's combat modifier is read
 * in -3..3, both ends included (ms_data.c:215, a bound 3 as 2: the
 * printed range's end refused). */
static void test_nobility_combat_read_to_3(void **state)
{
    static const char from[] = "{\"name\": \"+2/+1\", \"combat\": 2,";
    static const vbt_data_row rows[] = {
        {"M50: 2.3 a nobility box's combat 3", "map.json", from,
         "{\"name\": \"+2/+1\", \"combat\": 3,", NULL},
        {"M50: 2.3 a nobility box's combat -3", "map.json", from,
         "{\"name\": \"+2/+1\", \"combat\": -3,", NULL},
        {"M50: 2.3 a nobility box's combat 4", "map.json", from,
         "{\"name\": \"+2/+1\", \"combat\": 4,", "\"combat\" is 4, must be -3-3"},
        {"M50: 2.3 a nobility box's combat -4", "map.json", from,
         "{\"name\": \"+2/+1\", \"combat\": -4,", "\"combat\" is -4, must be -3-3"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* A card's "No" (5, the card's parchment: no action on that front or
 * track) may name the first front (ms_data.c:420, `f >= 0` as `f >= 1`:
 * the Noblesa catalana, front 0, refused as an unknown front or track). */
static void test_no_on_the_first_front(void **state)
{
    static const vbt_data_row rows[] = {
        {"M50: 5 'No' on the first front", "cards.json",
         "\"actions\": 2, \"banner\": false, \"no\": [\"nobility\"],",
         "\"actions\": 2, \"banner\": false, \"no\": [\"Noblesa-catalana\"],", NULL},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* The map's land (board.json "land", drawn in the SVG, rule 2.1's map):
 * each shape's polygon has its points as the data give them, x and y
 * (ms_data.c:615, planted by hand as `[(p >= 0) + 1]` for the mutant
 * `[1]` -> `[2]` that did not compile: every y written into the next
 * point's x, each shape drawn from wrong corners). The shipped board.json
 * read here from the data built into the program. */
static void test_land_drawn_at_its_points(void **state)
{
    (void)state;
    const vb_data_file *f = NULL;
    for (int i = 0; vb_data_table[i].path; i++)
        if (strcmp(vb_data_table[i].path, "molt-soroll/board.json") == 0)
            f = &vb_data_table[i];
    assert_non_null(f);
    json_error_t je;
    json_t *j = json_loadb((const char *)f->bytes, f->len, 0, &je);
    assert_non_null(j);
    json_t *land = json_object_get(j, "land");
    assert_true(json_array_size(land) > 0);
    vbt *t = vbt_new(GAME, NULL, 1);
    char *svg = vbt_svg_text(t, -1);
    size_t i;
    json_t *shape;
    json_array_foreach(land, i, shape)
    {
        char want[8192] = "<polygon class=\"land\" points=\"";
        size_t k = strlen(want), p;
        json_t *pt;
        json_array_foreach(json_object_get(shape, "points"), p, pt) k +=
            (size_t)snprintf(want + k, sizeof want - k, "%s%lld,%lld", p ? " " : "",
                             (long long)json_integer_value(json_array_get(pt, 0)),
                             (long long)json_integer_value(json_array_get(pt, 1)));
        assert_true(k + 2 < sizeof want);
        strcat(want, "\">");
        if (!strstr(svg, want))
            fail_msg("M50: land shape %zu ('%s') not drawn at its points: %.200s", i,
                     json_string_value(json_object_get(shape, "name")), want);
    }
    free(svg);
    vbt_free(t);
    json_decref(j);
}

/* The SVG board's card panel (5, the card's parchment) names what the
 * active card gives: its actions, a front's or a track's modifier, each
 * "No", its movement; and the king's tokens (2.3) are drawn in a row from
 * x = 190, 150 apart. Tractat d'Àgreda (No nobility; movement of the
 * Noblesa aragonesa and the Andalusins) with the Nobility's +1 and the
 * Pope's -1 added to the loaded card (ms_svg.c:368, the tracks' loop `k <
 * MS_NTRACKS` -> `>`: no track's modifier named; :393, the movement's
 * `t + n` -> `t - n`: written before the line; :232, the row's `n = 0` ->
 * `1`: the first token at 340). */
static void test_svg_card_panel_and_tokens(void **state)
{
    (void)state;
    vbt *t = fresh();
    ms_card *c = card_to_edit(t, "tractat-agreda");
    c->mod_infl[MS_NOBILITY] = 1;
    c->mod_infl[MS_POPE] = -1;
    put(t, at_actions(t, "tractat-agreda", 2));
    char *svg = vbt_svg_text(t, -1);
    static const char *const want[] = {
        "class=\"card-line\">Actions: 2, nobility +1, pope -1, No nobility<",
        "class=\"card-line\">Movement: Noblesa aragonesa, Andalusins<",
        "data-ref=\"Almogavar-1\"><title>Almogàvers: Disponibles (+1)</title><rect x=\"190\" ",
        "data-ref=\"Almogavar-2\"><title>Almogàvers: fora de joc (+1)</title><rect x=\"340\" ",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(svg, want[i]))
            fail_msg("M50: the SVG lacks '%s'", want[i]);
    free(svg);
    vbt_free(t);
}

/* The SVG's markers sit on what they mark: a force's rectangle is its
 * box's size and 6 more on each side (12 in width, 6 in height), and the
 * Revolta's name is centred on its marker, 204 wide (ms_svg.c:147, the
 * force's `bw + 12` -> `+ 11`; :270, the text's `x0 + 102` -> `x0 -
 * 102`: drawn left of the marker). */
static void test_svg_markers_sized_and_centred(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_board *b = &((const ms_data *)t->g->data)->board;
    char *svg = vbt_svg_text(t, -1);
    const char *f = strstr(svg, "data-ref=\"Noblesa-catalana\"><title>");
    assert_non_null(f);
    const char *r = strstr(f, "<rect ");
    assert_non_null(r);
    int x, y, w, h;
    assert_int_equal(
        sscanf(r, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", &x, &y, &w, &h), 4);
    if (w != b->bw + 12 || h != b->bh + 6)
        fail_msg("M50: the Noblesa catalana's marker %dx%d on a box of %dx%d", w, h, b->bw, b->bh);
    const char *m = strstr(svg, "data-ref=\"riot\"><title>");
    assert_non_null(m);
    r = strstr(m, "<rect ");
    const char *tx = strstr(m, "<text ");
    assert_true(r && tx);
    int rx, tx_x;
    assert_int_equal(sscanf(r, "<rect x=\"%d\"", &rx), 1);
    assert_int_equal(sscanf(tx, "<text x=\"%d\"", &tx_x), 1);
    if (tx_x != rx + 102)
        fail_msg("M50: the Revolta's name at x %d, its marker from %d to %d", tx_x, rx, rx + 204);
    free(svg);
    vbt_free(t);
}

/* The points text (12.1) gives a force in box 4 its 2 defeat points and
 * one in box 3 its 1, as the totals count them (ms_board.c:381, the
 * term's `pos == 4 ? 2 : 1` -> `== 5`: box 4 printed as 1); the front's
 * line of the board marks a siege at the box besieged only, not at
 * Barcelona too (ms_board.c:35, Barcelona's `pos == nbox && besieging`
 * -> `||`). The Andalusins in Tarragona (box 4), then besieging Tortosa
 * (box 3). */
static void test_points_and_siege_in_the_text(void **state)
{
    (void)state;
    vbt *t = fresh();
    S(t)->pos[AND] = 4;
    char *p = vbt_points_text(t);
    if (!strstr(p, "2  Andalusins in box 4 (Tarragona)"))
        fail_msg("M50: a force in box 4 not worth 2 defeat points in the text:\n%s", p);
    free(p);
    S(t)->pos[AND] = 3;
    S(t)->besieging[AND] = 1;
    p = vbt_points_text(t);
    if (!strstr(p, "1  Andalusins in box 3 (Tortosa)"))
        fail_msg("M50: a force in box 3 not worth 1 defeat point in the text:\n%s", p);
    free(p);
    char *b = vbt_board_text(t, -1);
    if (!strstr(b, "*3 Tortosa~(full)(SIEGE)") || strstr(b, "Barcelona(SIEGE)"))
        fail_msg("M50: the Andalusins besieging Tortosa:\n%s", b);
    free(b);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_track_needs_its_source),
        cmocka_unit_test(test_nobility_combat_read_to_3),
        cmocka_unit_test(test_no_on_the_first_front),
        cmocka_unit_test(test_land_drawn_at_its_points),
        cmocka_unit_test(test_svg_card_panel_and_tokens),
        cmocka_unit_test(test_svg_markers_sized_and_centred),
        cmocka_unit_test(test_points_and_siege_in_the_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
