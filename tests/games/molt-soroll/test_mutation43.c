/* test_mutation43.c - molt-soroll: tests written against survivors of the
 * seed-43 mutation passes of the forty-third session (helper squ) over
 * ms_board.c (the board, the front view and the points as text) and
 * ms_svg.c (the map as SVG). Each fails with its mutant planted back
 * (messages "M43:"); lines of bae9f47d (docs/molt-soroll.md, "Mutation
 * pass, forty-third session (helper squ)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* Rule 12.1: a game lost (a force in Barcelona) is judged by the defeat
 * points alone: the points text gives them, not the victory points of
 * 12.2. (ms_board.c:405 `over != 2` as `!= 1`: the victory points printed
 * for a lost game.) */
static void points_of_a_lost_game(void **state)
{
    (void)state;
    vbt *t = fresh();
    put_lost(t);
    char *p = vbt_points_text(t);
    if (strstr(p, "Victory points (12.2)"))
        fail_msg("M43: a lost game's points give the victory points:\n%s", p);
    if (!strstr(p, "Defeat points (12.1)"))
        fail_msg("M43: a lost game's points lack the defeat points:\n%s", p);
    free(p);
    vbt_free(t);
}

/* Rule 12.2: "10 points for each counter in the "Eliminated threats"
 * box": the riot of Berenguer Oller crushed (its marker placed there, 8.1.1)
 * is worth 10 in the points text, as in the total. (ms_board.c:352 the term written +9.) */
static void points_riot_crushed_ten(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t);
    set_s(j, "riot", "crushed");
    put(t, j);
    char *p = vbt_points_text(t);
    if (!strstr(p, "\n   +10  Berenguer Oller's riot crushed\n"))
        fail_msg("M43: the riot crushed is not +10 in the points:\n%s", p);
    free(p);
    vbt_free(t);
}

/* The front view names what the active card does to the front: Rendicio
 * de Montesa (special: the possible inactivacio of the Andalusins) says so
 * under the Andalusins, not under another front. (ms_board.c:311 the
 * special's `==` as `!=`: every other card's front named for it.) */
static void front_view_names_the_inactivation(void **state)
{
    (void)state;
    vbt *t = fresh();
    put(t, at_actions(t, "rendicio-montesa", 2));
    char *a = vbt_area_text(t, -1, "Andalusins"), *n = vbt_area_text(t, -1, "Noblesa-catalana");
    if (!strstr(a, "Possible inactivació of this front;"))
        fail_msg("M43: the Andalusins' view does not name the inactivacio:\n%s", a);
    if (strstr(n, "inactivació"))
        fail_msg("M43: the Noblesa catalana's view names the inactivacio:\n%s", n);
    free(a);
    free(n);
    vbt_free(t);
}

/* The front view lists the orders that name the front; "none" only when
 * there is none. In the actions phase of Coronacio a Saragossa the
 * Andalusins may be attacked. (ms_board.c:326 `any = 1` as `= 0`: "none"
 * after the orders.) */
static void front_view_orders_without_none(void **state)
{
    (void)state;
    vbt *t = fresh();
    put(t, offensive_at(t, "Andalusins", "Tortosa", "full"));
    char *a = vbt_area_text(t, -1, "Andalusins");
    const char *o = strstr(a, "orders here now:");
    if (!o || !strstr(o, "Andalusins"))
        fail_msg("M43: no order naming the Andalusins:\n%s", a);
    if (strstr(o, "none"))
        fail_msg("M43: \"none\" among the orders:\n%s", a);
    free(a);
    vbt_free(t);
}

/* The x and y of the first <rect> of the element with data-ref="ref". */
static void rect_of(const char *svg, const char *ref, int *x, int *y)
{
    char pat[96];
    snprintf(pat, sizeof pat, "data-ref=\"%s\">", ref);
    const char *g = strstr(svg, pat), *r = g ? strstr(g, "<rect x=\"") : NULL;
    if (!r || sscanf(r, "<rect x=\"%d\" y=\"%d\"", x, y) != 2)
        fail_msg("M43: no rectangle for %s", ref);
}

/* The map's "Amenaces eliminades" box ("counters that are not in play
 * anymore") holds the eliminated forces two to a row, 104 px apart, each
 * row 26 px below the last, in the order of the fronts: Noblesa catalana,
 * Noblesa aragonesa, then the Andalusins under the first. (ms_svg.c:288
 * three to a row, `n % 3`.) */
static void svg_eliminated_two_to_a_row(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t);
    set_front(j, "Noblesa-catalana", "eliminated", "full", 0);
    set_front(j, "Noblesa-aragonesa", "eliminated", "full", 0);
    set_front(j, "Andalusins", "eliminated", "full", 0);
    put(t, j);
    char *svg = vbt_svg_text(t, -1);
    int x[3], y[3];
    rect_of(svg, "Noblesa-catalana", &x[0], &y[0]);
    rect_of(svg, "Noblesa-aragonesa", &x[1], &y[1]);
    rect_of(svg, "Andalusins", &x[2], &y[2]);
    if (x[1] != x[0] + 104 || y[1] != y[0] || x[2] != x[0] || y[2] != y[0] + 26)
        fail_msg("M43: the eliminated forces at %d,%d %d,%d %d,%d, not two to a row", x[0], y[0],
                 x[1], y[1], x[2], y[2]);
    free(svg);
    vbt_free(t);
}

/* The active card's panel stands under the map: its top 12 px below the
 * map's bottom edge (the panel row starts 8 px below it, the card 4 px
 * lower), 380 px wide. (ms_svg.c:472 the card 3 px below the row.) */
static void svg_card_panel_under_the_map(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_board *b = &((const ms_data *)t->g->data)->board;
    put(t, at_actions(t, "coronacio-saragossa", 2));
    char *svg = vbt_svg_text(t, -1), want[96];
    const char *c = strstr(svg, "<g class=\"card");
    snprintf(want, sizeof want, "<rect x=\"%d\" y=\"%d\" width=\"380\" height=\"%d\"", b->w - 392,
             b->map_h + 12, b->h - (b->map_h + 8) - 40);
    if (!c || !strstr(c, want))
        fail_msg("M43: the card's panel is not %s", want);
    free(svg);
    vbt_free(t);
}

/* Each front is drawn as a line from box to box and on to Barcelona; the
 * Naples force comes from Palermo to Barcelona by sea ("From Palermo to
 * Barcelona": "you can intercept this movement if you have a fleet"), so that front's last leg
 * alone is drawn "by-sea": one leg on the whole map. (ms_svg.c:101 the last leg's `==` as `!=`:
 * every other leg of Naples by sea and the last by land.) */
static void svg_naples_last_leg_by_sea(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    assert_true(d->naples_front >= 0);
    char *svg = vbt_svg_text(t, -1);
    int n = 0;
    for (const char *p = strstr(svg, "class=\"by-sea\""); p; p = strstr(p + 1, "class=\"by-sea\""))
        n++;
    /* the legs of the front lines: the n-th front's group, its last <line */
    const char *g = svg;
    for (int f = 0; f <= d->naples_front; f++)
        g = strstr(g + 1, "<g class=\"front-line");
    const char *end = g ? strstr(g, "</g>") : NULL, *last = NULL;
    for (const char *l = g ? strstr(g, "<line ") : NULL; l && l < end; l = strstr(l + 1, "<line "))
        last = l;
    const char *sea = last ? strstr(last, "class=\"by-sea\"") : NULL;
    if (n != 1 || !sea || sea > strstr(last, "/>"))
        fail_msg("M43: %d legs by sea; Naples' last leg: %.120s", n, last ? last : "none");
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(points_of_a_lost_game),
        cmocka_unit_test(points_riot_crushed_ten),
        cmocka_unit_test(front_view_names_the_inactivation),
        cmocka_unit_test(front_view_orders_without_none),
        cmocka_unit_test(svg_eliminated_two_to_a_row),
        cmocka_unit_test(svg_card_panel_under_the_map),
        cmocka_unit_test(svg_naples_last_leg_by_sea),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
