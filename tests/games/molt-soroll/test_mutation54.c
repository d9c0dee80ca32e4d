/* test_mutation54.c - molt-soroll: tests written against survivors of
 * the seed-54 mutation pass of the fifty-fourth session (helper msy) over
 * ms_svg.c, ms_io.c, ms_board.c and ms_data.c. Each fails with its mutant
 * planted back (messages "M54:"; ms_io.c:545 in the sanitizer build);
 * lines of 2d4b0088 (docs/molt-soroll.md, "Mutation pass, fifty-fourth
 * session (helper msy)"). */
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

/* The n-th (from 0) "<rect x=... y=... width=... height=..." after the
 * first `from` in svg; fails naming `what` if there is none. */
static void rect_after(const char *svg, const char *from, int n, const char *what, int r[4])
{
    const char *p = strstr(svg, from);
    if (!p)
        fail_msg("M54: %s: no '%s' in the SVG", what, from);
    for (int i = 0; i <= n; i++) {
        p = strstr(p + (i > 0), "<rect x=\"");
        if (!p)
            fail_msg("M54: %s: no rect %d after '%s'", what, n, from);
    }
    if (sscanf(p, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", &r[0], &r[1], &r[2],
               &r[3]) != 4)
        fail_msg("M54: %s: unreadable rect '%.60s'", what, p);
}

/* The y of the text `<text x="X" y="Y" class="cls">label<`. */
static int label_y(const char *svg, const char *cls, const char *label)
{
    char pat[128];
    snprintf(pat, sizeof pat, "\" class=\"%s\">%s<", cls, label);
    const char *p = strstr(svg, pat);
    if (!p)
        fail_msg("M54: no %s '%s' in the SVG", cls, label);
    while (p > svg && strncmp(p, " y=\"", 4) != 0)
        p--;
    return atoi(p + 4);
}

/* A force's counter on the SVG board (the forces' two sides, 2.1): the
 * reduced side is a white rectangle under the paler coloured one, both of
 * the counter's size at the same place (ms_svg.c:168, the white one's `y -
 * h / 2` -> `h / 3`: a white band below the counter); the line of values
 * ("1 Pallars · 4/3") is written inside the counter, 5 above its bottom
 * edge (ms_svg.c:175, `y + h / 2 - 5` -> `h / 1`: written below the
 * counter, over the box under it). The Noblesa catalana reduced in Foix,
 * the Noblesa aragonesa full. */
static void test_svg_force_counter_layers(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t);
    set_front(j, "Noblesa-catalana", "Foix", "reduced", 0);
    put(t, j);
    char *svg = vbt_svg_text(t, -1);
    static const char *const g[] = {"data-ref=\"Noblesa-catalana\"><title>",
                                    "data-ref=\"Noblesa-aragonesa\"><title>"};
    int white[4], col[4];
    rect_after(svg, g[0], 0, "the reduced Noblesa catalana's white side", white);
    rect_after(svg, g[0], 1, "the reduced Noblesa catalana's counter", col);
    const char *w = strstr(strstr(svg, g[0]), "<rect x=\"");
    const char *wf = w ? strstr(w, "fill=\"#ffffff\"/>") : NULL;
    if (!wf || wf + 14 != strstr(w, "/>") || memcmp(white, col, sizeof white) != 0)
        fail_msg("M54: the reduced counter's white side at %d,%d %dx%d, the counter at %d,%d "
                 "%dx%d",
                 white[0], white[1], white[2], white[3], col[0], col[1], col[2], col[3]);
    for (int f = 0; f < 2; f++) {
        int r[4], y;
        rect_after(svg, g[f], f ? 0 : 1, g[f], r);
        const char *v = strstr(strstr(svg, g[f]), "class=\"force-values\"");
        assert_non_null(v);
        while (strncmp(v, " y=\"", 4) != 0)
            v--;
        y = atoi(v + 4);
        if (y != r[1] + r[3] - 5)
            fail_msg("M54: %s the values' line at y %d, the counter from %d to %d", g[f], y, r[1],
                     r[1] + r[3]);
    }
    free(svg);
    vbt_free(t);
}

/* The King's tracks and tokens below the map (2.1, 2.3): the three tracks
 * in rows 46 apart, downward in the order Fidelitat de la noblesa, Papat,
 * Jaume de Mallorca, below the map and above the tokens (ms_svg.c:200, a
 * row's `y0 + t * 46` -> `y0 - t * 46`: the Pope's and James's rows drawn
 * upward over the map); each row's name on its row (a track's 24 below
 * its top; "Estols" 20 below the fleets' top, as "Almogàvers" is on the
 * almogàvers' row; ms_svg.c:230, "Estols"' `y0 + 56` -> `y0 - 56`: the
 * fleets' name drawn above the tracks). */
static void test_svg_track_and_token_rows(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_board *b = &((const ms_data *)t->g->data)->board;
    char *svg = vbt_svg_text(t, -1);
    static const char *const tr[] = {"nobility", "pope", "james"};
    static const char *const name[] = {"Fidelitat de la noblesa", "Papat", "Jaume de Mallorca"};
    int row[3][4], alm[4], fleet[4];
    for (int k = 0; k < 3; k++) {
        char ref[64];
        snprintf(ref, sizeof ref, "data-ref=\"%s\"><title>", tr[k]);
        rect_after(svg, ref, 0, tr[k], row[k]);
        if (label_y(svg, "track-name", name[k]) != row[k][1] + 24)
            fail_msg("M54: 2.1 the track '%s' named at y %d, its row at %d", name[k],
                     label_y(svg, "track-name", name[k]), row[k][1]);
    }
    rect_after(svg, "data-ref=\"Almogavar-1\"><title>", 0, "Almogavar-1", alm);
    rect_after(svg, "data-ref=\"Estol-Reial\"><title>", 0, "Estol-Reial", fleet);
    if (row[0][1] < b->map_h || row[1][1] != row[0][1] + 46 || row[2][1] != row[1][1] + 46 ||
        row[2][1] + row[2][3] > alm[1])
        fail_msg("M54: 2.1 the tracks' rows at y %d, %d, %d (the map to %d, the tokens from %d)",
                 row[0][1], row[1][1], row[2][1], b->map_h, alm[1]);
    if (label_y(svg, "track-name", "Almogàvers") != alm[1] + 20 ||
        label_y(svg, "track-name", "Estols") != fleet[1] + 20)
        fail_msg("M54: 2.3 'Almogàvers' at y %d on the row from %d; 'Estols' at %d on the row "
                 "from %d",
                 label_y(svg, "track-name", "Almogàvers"), alm[1],
                 label_y(svg, "track-name", "Estols"), fleet[1]);
    free(svg);
    vbt_free(t);
}

/* The card panel (5, the card's parchment): the active card's modifier
 * on the first front is named ("Noblesa catalana +1" of Setge de
 * Balaguer; ms_svg.c:362, the fronts' loop from `f = 0` -> `1`: left
 * out), and a line longer than the panel's 50 characters (UTF-8 counted
 * as characters) is wrapped at its last space before the 50th ("Event:
 * Pere aclamat a Palerm; els almogàvers a Sicília" of Desembarcament a
 * Trapani, 54 characters; its movement, 57 characters and 61 bytes, cut
 * after "França–Felip", not before "França" as a count of bytes would;
 * ms_svg.c:315, the count `!= 0x80` -> `==`: only the accents' second
 * bytes counted, the event's line never wrapped). */
static void test_svg_card_panel_first_front_and_wrap(void **state)
{
    (void)state;
    static const struct {
        const char *card;
        const char *want[4];
    } rows[] = {
        {"setge-balaguer", {"class=\"card-line\">Actions: 3, Noblesa catalana +1<"}},
        {"desembarcament-trapani",
         {"class=\"card-line\">Event: Pere aclamat a Palerm; els almogàvers a<",
          "class=\"card-line\">Sicília<",
          "class=\"card-line\">Movement: Nàpols (back), Andalusins, França–Felip<",
          "class=\"card-line\">l&#39;Ardit<"}},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        vbt *t = fresh();
        put(t, at_actions(t, rows[r].card, 2));
        char *svg = vbt_svg_text(t, -1);
        for (int i = 0; i < 4 && rows[r].want[i]; i++)
            if (!strstr(svg, rows[r].want[i]))
                fail_msg("M54: 5 the card %s: the SVG lacks '%s'", rows[r].card, rows[r].want[i]);
        free(svg);
        vbt_free(t);
    }
}

/* State files (docs, "State files"; 8.1.1, 8.1.2): the riot's, the
 * pirates' and a token's state are read by name from their own three
 * words; an unknown word, or the other marker's word ("crushed" is the
 * riot's, "inactive" the pirates'), is refused in one line naming it
 * (ms_io.c:545, the pirates' `name_index(pirates_names, 3, ...)` -> `4`:
 * an unknown word compared with a fourth name past the table; the
 * sanitizer build stops on the read past `pirates_names`). */
static void test_marker_words_refused(void **state)
{
    (void)state;
    static const struct {
        const char *key, *word, *msg;
    } rows[] = {
        {"pirates", "sunk", "state: unknown pirates 'sunk'"},
        {"pirates", "crushed", "state: unknown pirates 'crushed'"},
        {"pirates", "off", "state: unknown pirates 'off'"},
        {"riot", "inactive", "state: unknown riot 'inactive'"},
        {"riot", "sunk", "state: unknown riot 'sunk'"},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        vbt *t = fresh();
        json_t *j = js(t);
        set_s(j, rows[r].key, rows[r].word);
        int rc = put_bad(t, j);
        if (rc != VB_EINPUT || strcmp(t->cx.err, rows[r].msg) != 0)
            fail_msg("M54: \"%s\": \"%s\" not refused as '%s': %d '%s'", rows[r].key, rows[r].word,
                     rows[r].msg, rc, t->cx.err);
        vbt_free(t);
    }
    vbt *t = fresh();
    json_t *j = js(t);
    set_tok(j, "Almogavar-1", "sunk");
    refused_exactly(t, j, "tokens: unknown Almogavar-1 'sunk'");
    vbt_free(t);
}

/* The points text (12.1, "-1 for each threat eliminated"): one front
 * eliminated is "1 threat", more are "threats" (ms_board.c:390, `elim ==
 * 1` -> `!=`: "1 threats eliminated" and "2 threat eliminated"). The
 * opening with the Noblesa catalana, then the Noblesa aragonesa too,
 * eliminated. */
static void test_points_one_threat_eliminated(void **state)
{
    (void)state;
    static const char *const want[] = {"  1 threat eliminated, 1 each\n",
                                       "  2 threats eliminated, 1 each\n"};
    static const char *const front[] = {"Noblesa-catalana", "Noblesa-aragonesa"};
    vbt *t = fresh();
    json_t *j = js(t);
    for (int n = 0; n < 2; n++) {
        set_front(j, front[n], "eliminated", "full", 0);
        put_row(t, json_deep_copy(j), want[n]);
        char *p = vbt_points_text(t);
        if (!strstr(p, want[n]))
            fail_msg("M54: 12.1 %d eliminated, not '%.*s':\n%s", n + 1, (int)strlen(want[n]) - 1,
                     want[n], p);
        free(p);
    }
    json_decref(j);
    vbt_free(t);
}

/* The data contract (2.1, the fronts' forces): a side's combat and siege
 * values are read from -2 to 9; the Noblesa catalana's full side of
 * combat 9 loads, of 10 is refused naming the value (ms_data.c:90, the
 * combat's bound 9 -> 10: 10 loaded). */
static void test_force_combat_read_to_9(void **state)
{
    static const char full[] = "\"full\": {\"combat\": 2, \"siege\": 2}";
    static const vbt_data_row rows[] = {
        {"M54: 2.1 the Noblesa catalana's full combat 9", "map.json", full,
         "\"full\": {\"combat\": 9, \"siege\": 2}", NULL},
        {"M54: 2.1 the Noblesa catalana's full combat 10", "map.json", full,
         "\"full\": {\"combat\": 10, \"siege\": 2}", "\"combat\" is 10"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* The board's Barcelona box holds a force's counter under the city's
 * name, drawn 24 pixels less high than the box: a box under 30 high would
 * draw it 5 high or less (under 25, a negative height, an SVG error), so
 * board.json's Barcelona height is 30-200 (msy's finding, the lead). */
static void test_barcelona_height_holds_a_counter(void **state)
{
    static const char bar[] = "\"width\": 130, \"height\": 50,";
    static const vbt_data_row rows[] = {
        {"M54: Barcelona 30 high", "board.json", bar, "\"width\": 130, \"height\": 30,", NULL},
        {"M54: Barcelona 29 high", "board.json", bar, "\"width\": 130, \"height\": 29,",
         "\"height\" is 29"},
        {"M54: Barcelona 20 high", "board.json", bar, "\"width\": 130, \"height\": 20,",
         "\"height\" is 20"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg_force_counter_layers),
        cmocka_unit_test(test_svg_track_and_token_rows),
        cmocka_unit_test(test_svg_card_panel_first_front_and_wrap),
        cmocka_unit_test(test_marker_words_refused),
        cmocka_unit_test(test_points_one_threat_eliminated),
        cmocka_unit_test(test_force_combat_read_to_9),
        cmocka_unit_test(test_barcelona_height_holds_a_counter),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
