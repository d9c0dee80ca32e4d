/* test_mutation47.c - molt-soroll: tests written against survivors of the
 * seed-47 mutation passes of the forty-seventh session (helper sqt) over
 * ms_svg.c (the map as SVG) and ms_board.c (the board as text). Each
 * fails with its mutant planted back (messages "M47:"); lines of 99f42e10
 * (docs/molt-soroll.md, "Mutation pass, forty-seventh session (helper
 * sqt)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* Each front is a road from its box 0 through its boxes to Barcelona
 * (the map's coloured lines): one leg a box, each leg starting where the
 * last ended and none of length 0. (ms_svg.c:99 a leg's end `box p + 0`:
 * every leg drawn from a box to itself, the roads gone from the map.) */
static void svg_front_legs_join_the_boxes(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    char *svg = vbt_svg_text(t, -1);
    const char *g = svg;
    for (int f = 0; f < MS_NFRONTS; f++) {
        g = strstr(g + 1, "<g class=\"front-line");
        assert_non_null(g);
        const char *end = strstr(g, "</g>");
        int legs = 0, px = 0, py = 0;
        for (const char *l = strstr(g, "<line "); l && l < end; l = strstr(l + 1, "<line ")) {
            int x1, y1, x2, y2;
            assert_int_equal(
                sscanf(l, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"", &x1, &y1, &x2, &y2), 4);
            if (x1 == x2 && y1 == y2)
                fail_msg("M47: %s's leg %d is a point at %d,%d", d->front[f].name, legs, x1, y1);
            if (legs && (x1 != px || y1 != py))
                fail_msg("M47: %s's leg %d starts at %d,%d, not where leg %d ended (%d,%d)",
                         d->front[f].name, legs, x1, y1, legs - 1, px, py);
            px = x2, py = y2, legs++;
        }
        if (legs != d->front[f].nbox)
            fail_msg("M47: %s drawn with %d legs for %d boxes", d->front[f].name, legs,
                     d->front[f].nbox);
    }
    free(svg);
    vbt_free(t);
}

/* A force laying siege (9: "Setge!") carries the Setge! marker on its
 * counter's top right corner: a 40 x 15 tag, its word drawn inside it,
 * centred across (20 in) and on the tag's baseline (12 down). Naples
 * besieging Messina. (ms_svg.c:187 the word's baseline `- 1` for `+ 1`:
 * the word's baseline 10 px into its 15 px tag, not 12.) */
static void svg_siege_marker_word_in_its_tag(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    set_front(j, "Napols", "Messina", "full", 1);
    put(t, j);
    assert_true(S(t)->besieging[NAP]);
    char *svg = vbt_svg_text(t, -1);
    const char *g = strstr(svg, "<g class=\"force enemy full besieging\" data-ref=\"Napols\">");
    const char *end = g ? strstr(g, "</g>\n") : NULL;
    const char *m = g ? strstr(g, "<g class=\"siege-marker\">") : NULL;
    if (!m || m > end)
        fail_msg("M47: Naples besieging Messina has no Setge! marker");
    int rx, ry, tx, ty;
    assert_int_equal(sscanf(m,
                            "<g class=\"siege-marker\"><rect x=\"%d\" y=\"%d\" width=\"40\" "
                            "height=\"15\" rx=\"3\"/><text x=\"%d\" y=\"%d\">Setge!",
                            &rx, &ry, &tx, &ty),
                     4);
    if (tx != rx + 20 || ty != ry + 12)
        fail_msg("M47: the Setge! tag at %d,%d, its word at %d,%d (not %d,%d)", rx, ry, tx, ty,
                 rx + 20, ry + 12);
    free(svg);
    vbt_free(t);
}

/* The board's active card lists its influence modifiers on every track,
 * the nobility's (the first) too. No shipped card has one (Elecció de
 * Martí IV's is the pope's, Tractat de Perpinyà's James's), so Coronació
 * a Saragossa's loaded card is given +1 on the nobility track, as
 * card_to_edit does elsewhere. (ms_board.c:77 the tracks from the second:
 * the nobility's modifier not shown.) */
static void board_lists_a_nobility_modifier(void **state)
{
    (void)state;
    vbt *t = fresh();
    put(t, at_actions(t, "coronacio-saragossa", 2));
    card_to_edit(t, "coronacio-saragossa")->mod_infl[MS_NOBILITY] = 1;
    char *b = vbt_board_text(t, -1);
    if (!strstr(b, "- influence nobility +1"))
        fail_msg("M47: the nobility's +1 is not among the card's actions:\n%s", b);
    free(b);
    vbt_free(t);
}

/* The board's active card lists the fronts its movement moves (7), a
 * comma between them and none after the last: Coronació a Saragossa's
 * "Noblesa aragonesa, Andalusins". (ms_board.c:99 `m + 0 < nmove`: a comma
 * after the last front too.) */
static void board_movement_list_ends_without_a_comma(void **state)
{
    (void)state;
    vbt *t = fresh();
    put(t, at_actions(t, "coronacio-saragossa", 2));
    char *b = vbt_board_text(t, -1);
    const char *m = strstr(b, "  movement:");
    const char *nl = m ? strchr(m, '\n') : NULL;
    if (!nl || strncmp(nl - 10, "Andalusins", 10) != 0 || !strstr(m, "Noblesa aragonesa,"))
        fail_msg("M47: the movement is not 'Noblesa aragonesa, Andalusins':\n%s", b);
    free(b);
    vbt_free(t);
}

/* The board's first line says how the game ended: " - LOST" after the
 * phase for a game lost (12.1: a force in Barcelona), " - WON" for one
 * won. (ms_board.c:125 the LOST read for `over == 3`: a lost game's
 * heading as if it went on.) */
static void board_heading_says_lost(void **state)
{
    (void)state;
    vbt *t = fresh();
    put_lost(t);
    char *b = vbt_board_text(t, -1);
    const char *nl = strchr(b, '\n');
    if (!nl || nl - b < 7 || strncmp(nl - 7, " - LOST", 7) != 0)
        fail_msg("M47: a lost game's heading does not end ' - LOST':\n%.*s",
                 nl ? (int)(nl - b) : 80, b);
    free(b);
    vbt_free(t);
}

/* The active card under the map gives its actions and modifiers on one
 * line (5, 8.1): Revolta mudèjar's "Actions: 2, Andalusins -1"; a card
 * modifying every offensive (cards.json's "all"; no shipped card has one,
 * so Coronació a Saragossa's loaded card is given -1, as card_to_edit
 * does elsewhere) "Actions: 2, all -1". (ms_svg.c:362 the fronts walked
 * while `f > MS_NFRONTS`: no front's modifier shown; :367 the "all" written
 * at `t - n`, before the line, not at its end.) */
static void svg_card_actions_line_with_modifiers(void **state)
{
    (void)state;
    vbt *t = fresh();
    put(t, at_actions(t, "revolta-mudejar", 2));
    char *svg = vbt_svg_text(t, -1);
    if (!strstr(svg, ">Actions: 2, Andalusins -1<"))
        fail_msg("M47: Revolta mudejar's card does not say 'Actions: 2, Andalusins -1'");
    free(svg);
    vbt_free(t);
    t = fresh();
    put(t, at_actions(t, "coronacio-saragossa", 2));
    card_to_edit(t, "coronacio-saragossa")->mod_all = -1;
    svg = vbt_svg_text(t, -1);
    if (!strstr(svg, ">Actions: 2, all -1<"))
        fail_msg("M47: a card with -1 to all offensives does not say 'Actions: 2, all -1'");
    free(svg);
    vbt_free(t);
}

/* The front view names what the active card's movement (7) does to the
 * front, its first movement too: Coronació a Saragossa moves the Noblesa
 * aragonesa first, then the Andalusins. (ms_board.c:305 the movements
 * read from the second: the Noblesa aragonesa's view says "nothing for
 * this front.") */
static void front_view_names_the_first_movement(void **state)
{
    (void)state;
    vbt *t = fresh();
    put(t, at_actions(t, "coronacio-saragossa", 2));
    char *a = vbt_area_text(t, -1, "Noblesa-aragonesa");
    const char *c = strstr(a, "active card:");
    if (!c || !strstr(c, "its movement (7) advances this force;") ||
        strstr(c, "nothing for this front."))
        fail_msg("M47: the Noblesa aragonesa's view does not name Coronacio's movement:\n%s", a);
    free(a);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svg_front_legs_join_the_boxes),
        cmocka_unit_test(svg_siege_marker_word_in_its_tag),
        cmocka_unit_test(svg_card_actions_line_with_modifiers),
        cmocka_unit_test(board_lists_a_nobility_modifier),
        cmocka_unit_test(board_movement_list_ends_without_a_comma),
        cmocka_unit_test(board_heading_says_lost),
        cmocka_unit_test(front_view_names_the_first_movement),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
