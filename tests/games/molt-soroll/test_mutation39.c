/*
 * test_mutation39.c - Molt soroll per un rei: the survivors of the
 * thirty-ninth session's mutation pass, seed 39 (helper gms), of ms_data.c
 * (the data read from data/molt-soroll/), ms_board.c (the terminal board)
 * and ms_svg.c (the SVG map) (docs/molt-soroll.md, "Mutation pass,
 * thirty-ninth session (helper gms)"): each test fails with the mutant it
 * names planted (messages "M39:", lines of 0d3bdd3) and passes without.
 * The data rows load a copy of data/molt-soroll/ with one change, through
 * VAUBAN_DATA; the positions are built by hand.
 */
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

/* What a hook prints (free it): the board (SHOW_BOARD), the front NAME
 * (SHOW_FRONT), the points of 12.1 and 12.2 (SHOW_POINTS) or the SVG map
 * (SHOW_SVG). */
enum { SHOW_BOARD, SHOW_FRONT, SHOW_POINTS, SHOW_SVG };

static char *show(vbt *t, int what, const char *name)
{
    if (what == SHOW_BOARD)
        return vbt_board_text(t, -1);
    if (what == SHOW_FRONT)
        return vbt_area_text(t, -1, name);
    if (what == SHOW_POINTS)
        return vbt_points_text(t);
    return vbt_svg_text(t, -1);
}

/* The text holds want; else the test fails naming what. */
static void holds(const char *text, const char *want, const char *what)
{
    if (!strstr(text, want))
        fail_msg("M39: %s: no \"%s\" (%zu bytes shown)", what, want, strlen(text));
}

static void lacks(const char *text, const char *bad, const char *what)
{
    if (strstr(text, bad))
        fail_msg("M39: %s: \"%s\" shown", what, bad);
}

/* ---- data (ms_data.c) ---------------------------------------------------------- */

/* Rule 2.3: "3 siege markers", one on each fortified box and one for
 * Barcelona: with the counters cut to 2 map.json is refused, the message
 * counting the 2 fortified boxes and the 3 markers they and Barcelona
 * need. ms_data.c:271 (`nfort + 1` as `nfort + 0`) said they need 2, the
 * number the counters have. */
static void siege_markers_message_counts_barcelona(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 2.3 two siege markers", "map.json", "{\"count\": 3,", "{\"count\": 2,",
         "map.json: 2 fortified boxes and Barcelona need 3 siege markers, the counters have 2 "
         "(rule 2.3)"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* board.json's labels, the first included, are read: its text and place
 * as the file gives them ("Mar Mediterrània" at 780, 600), and a first
 * label off the canvas is refused naming it. ms_data.c:603 (the loop from
 * label 1) left label 0 empty at 0, 0 and never checked it. */
static void first_label_read(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: board label 0 x 59", "board.json", "\"x\": 780, \"y\": 600", "\"x\": 59, \"y\": 600",
         "board.json label 0: \"x\" is 59, must be 60-1340"},
    };
    (void)state;
    vbt *t = fresh();
    const ms_board *b = &((const ms_data *)t->g->data)->board;
    if (b->nlabel < 1 || strcmp(b->label[0], "Mar Mediterrània") || b->lx[0] != 780 ||
        b->ly[0] != 600)
        fail_msg("M39: label 0 read as '%s' at %d, %d", b->nlabel ? b->label[0] : "", b->lx[0],
                 b->ly[0]);
    vbt_free(t);
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* ---- the terminal board and the points (ms_board.c) ------------------------------ */

/* The points, term by term: from the heading "Victory points" or "Defeat
 * points" on, each "  %+4d  text" line summed; the "     = N" line of the
 * block must give the sum. Returns the number of terms. */
static int terms_add_up(const char *pts, const char *head)
{
    const char *p = strstr(pts, head);
    int sum = 0, n = 0;
    if (!p)
        fail_msg("M39: no \"%s\" in the points", head);
    p = strchr(p, '\n') + 1;
    while (strncmp(p, "     = ", 7) != 0) {
        int v;
        if (sscanf(p, " %d", &v) != 1)
            fail_msg("M39: %s: not a term: %.60s", head, p);
        sum += v, n++;
        p = strchr(p, '\n') + 1;
    }
    if (atoi(p + 7) != sum)
        fail_msg("M39: %s: the terms add up to %d, the total says %d", head, sum, atoi(p + 7));
    return n;
}

/* A position in play (12.1 and 12.2 both itemised, as `vauban show` and
 * the end of `play` print them): Noblesa catalana in box 0 (Foix),
 * Noblesa aragonesa in box 1 (Terol), the Andalusins in box 3 (Tortosa), the riot
 * and the pirates active, no crusade, before the Vespers. */
static vbt *points_position(void)
{
    vbt *t = fresh();
    json_t *j = js(t);
    set_front(j, "Noblesa-catalana", "Foix", "full", 0);
    set_front(j, "Noblesa-aragonesa", "Terol", "full", 0);
    set_front(j, "Andalusins", "Tortosa", "full", 0);
    set_s(j, "riot", "active");
    set_s(j, "pirates", "active");
    put(t, j);
    return t;
}

/* Rule 12.2 ("+X points for each threat, X being the number of the box
 * it is on") and 12.1 term by term: every front in play has its term,
 * the one in box 0 too (worth 0, listed so that the player sees where it
 * stands); the riot and the pirates still active cost 2 each; the B
 * cards and Mort a Vilafranca still to come count 2 each; and each
 * block's terms add up to its total. ms_board.c:340 (the fronts' loop `f <
 * MS_NFRONTS` as `>`) listed no front; :343 (`pos < 0` as `<= 0`) dropped
 * the front in box 0; :358 and :360 (the riot's and the pirates' -2 as
 * -1) and :374 (`2 * (B cards + 1)` as `1 *`) itemised a term the total
 * does not count. */
static void points_term_by_term(void **state)
{
    (void)state;
    vbt *t = points_position();
    const ms_state *st = S(t);
    const ms_data *d = t->g->data;
    assert_int_equal(st->pos[CAT], 0);
    assert_int_equal(st->pos[ARA], 1);
    char *p = show(t, SHOW_POINTS, NULL), want[160];
    holds(p, "\n    +0  Noblesa catalana in box 0 (Foix)\n", "12.2, the front in box 0");
    holds(p, "\n    +1  Noblesa aragonesa in box 1 (Terol)\n", "12.2, the front in box 1");
    snprintf(want, sizeof want, "\n    +%d  Andalusins in box %d (", st->pos[AND], st->pos[AND]);
    holds(p, want, "12.2, the Andalusins");
    holds(p, "\n    -2  Berenguer Oller's riot still active\n", "12.2, the riot");
    holds(p, "\n    -2  Barbary pirates still active\n", "12.2, the pirates");
    holds(p, "\n    +2  Berenguer Oller's riot still active\n", "12.1, the riot");
    snprintf(want, sizeof want,
             "\n   %+3d  %d B cards and Mort a Vilafranca still to come, 2 each\n",
             2 * (ms_card_count(d->mask_b) + 1), ms_card_count(d->mask_b));
    holds(p, want, "12.1, the B cards");
    lacks(p, "Napols", "12.2 and 12.1, a front not active");
    assert_int_equal(terms_add_up(p, "Victory points (12.2)"), 6);
    terms_add_up(p, "Defeat points (12.1)");
    free(p);
    vbt_free(t);
}

/* Rule 8.1: almogavars join any offensive, fleets only against a force in
 * a sea box, +1 each. The front view of the Andalusins in Tortosa (a sea
 * box), Almogavar-1 and the Estol Reial available, lists each token under
 * its kind: "almogavars Almogavar-1 available; fleets Estol-Reial
 * available;" (wrapped at 80 columns), not the tokens off play.
 * ms_board.c:283 (the kind's `==` as `!=`, planted by hand beside the
 * pass's :284, which the earlier tests kill) listed the fleets as
 * almogavars and the almogavars as fleets; :284 (`s->tok[t] ==
 * MS_AVAILABLE` as `!=`) is killed here too. */
static void front_view_tokens_by_kind(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t);
    set_front(j, "Andalusins", "Tortosa", "full", 0);
    set_tok(j, "Almogavar-1", "available");
    set_tok(j, "Estol-Reial", "available");
    put(t, j);
    char *f = show(t, SHOW_FRONT, "Andalusins");
    holds(f, "(+1 each): almogavars Almogavar-1 available; fleets\n    Estol-Reial available;\n",
          "front Andalusins, the tokens");
    free(f);
    vbt_free(t);
}

/* The deck on the board: the titles in alphabetical order, each but the
 * last followed by ";", the last by ".". ms_board.c:55 (`i + 1 < n` as
 * `>`) put "." after every title but the last and ";" after the last. */
static void deck_titles_punctuated(void **state)
{
    (void)state;
    vbt *t = fresh();
    char *b = show(t, SHOW_BOARD, NULL);
    const char *dk = strstr(b, "\nDeck: ");
    if (!dk)
        fail_msg("M39: no deck on the board");
    const ms_data *d = t->g->data;
    int n = 0, last = -1;
    for (int c = 0; c < d->ncards; c++)
        if ((S(t)->deck >> c) & 1u) {
            n++;
            if (last < 0 || strcmp(d->card[c].name, d->card[last].name) > 0)
                last = c;
        }
    assert_true(n > 1);
    for (int c = 0; c < d->ncards; c++)
        if ((S(t)->deck >> c) & 1u) {
            char want[160];
            snprintf(want, sizeof want, "%s%s", d->card[c].name, c == last ? "." : ";");
            /* a title may be wrapped at its spaces: compare its last word */
            const char *w = strrchr(want, ' ') ? strrchr(want, ' ') + 1 : want;
            if (!strstr(dk, w))
                fail_msg("M39: the deck: no \"%s\"", w);
        }
    free(b);
    vbt_free(t);
}

/* A token's name may fill its field (MS_NAME - 1 = 47 bytes): the board's
 * line of the token shows it whole with its id, "NAME [ID]". With the
 * name of Galceran de Cartellà 47 bytes long in map.json, the line reads
 * "Galceran de Cartella, capita dels almogavers 12 [Galceran-de-Cartella]".
 * ms_board.c:157 (the line's buffer `2 * MS_NAME + 4` as `1 * MS_NAME +
 * 4`) cut it to 51 bytes, the id lost. */
#define LONG_TOKEN "Galceran de Cartella, capita dels almogavers 12"
static void long_token_name_on_the_board(void **state)
{
    static const vbt_data_row row = {"M39: 2.3 a token name of 47 bytes", "map.json",
                                     "\"name\": \"Galceran de Cartell\xc3\xa0\"",
                                     "\"name\": \"" LONG_TOKEN "\"", NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed(GAME, &row, &cx);
    if (!g)
        fail_msg("%s: refused: %s", row.rule, cx.err);
    assert_int_equal(strlen(LONG_TOKEN), MS_NAME - 1);
    void *st = calloc(1, g->def->state_size);
    assert_non_null(st);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(g, st, 0, NULL, 1, &cx), 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    g->def->render(g, st, -1, f);
    fclose(f);
    holds(buf, "  almogavar " LONG_TOKEN " [Galceran-de-Cartella] off\n",
          "the board, a long token");
    free(buf);
    free(st);
    vb_game_free(g);
}

/* ---- the SVG map (ms_svg.c) ------------------------------------------------------- */

/* The number of attribute attr in the element at p (before its '>'). */
static int attr_at(const char *p, const char *attr)
{
    char pat[32];
    snprintf(pat, sizeof pat, " %s=\"", attr);
    const char *q = strstr(p, pat), *end = strchr(p, '>');
    if (!q || (end && q > end))
        fail_msg("M39: no %s in %.80s", attr, p);
    return atoi(q + strlen(pat));
}

/* The element opened with data-ref="ref" (its '<'), found from its
 * data-ref. */
static const char *ref_element(const char *svg, const char *ref)
{
    char pat[96];
    snprintf(pat, sizeof pat, " data-ref=\"%s\">", ref);
    const char *p = strstr(svg, pat);
    if (!p)
        fail_msg("M39: no data-ref=\"%s\"", ref);
    while (p > svg && *p != '<')
        p--;
    return p;
}

/* Each track's boxes stand side by side left to right, 6 px apart (the
 * marker's box among them). ms_svg.c:215 (`i * (bw + 6)` as `bw - 6`)
 * drew each box over the one before. */
static void svg_track_boxes_side_by_side(void **state)
{
    static const char *const tr[3] = {"nobility", "pope", "james"};
    (void)state;
    vbt *t = fresh();
    char *svg = show(t, SHOW_SVG, NULL);
    for (int k = 0; k < 3; k++) {
        const char *g = ref_element(svg, tr[k]), *end = strstr(g, "</g>\n");
        int n = 0, px = 0, pw = 0;
        for (const char *r = strstr(g, "<rect "); r && r < end; r = strstr(r + 1, "<rect "), n++) {
            int x = attr_at(r, "x"), w = attr_at(r, "width");
            if (n && x != px + pw + 6)
                fail_msg("M39: track %s: box %d at x %d, the one before at %d, %d wide", tr[k], n,
                         x, px, pw);
            px = x, pw = w;
        }
        assert_int_equal(n, ((const ms_data *)t->g->data)->track[k].nbox);
    }
    free(svg);
    vbt_free(t);
}

/* The riot's and the pirates' markers carry their state as a class: not in
 * play "off", active "active", the riot crushed "eliminated", the
 * pirates made inactive "inactive" (8.1.1, 8.1.2). ms_svg.c:266 (the
 * riot's `s->riot == MS_DONE` as `!=`) drew a riot not in play as
 * crushed. */
static void svg_riot_and_pirates_classes(void **state)
{
    static const struct {
        const char *riot, *pirates, *rcls, *pcls;
    } rows[] = {{"none", "none", "riot off", "pirates off"},
                {"active", "active", "riot active", "pirates active"},
                {"crushed", "inactive", "riot eliminated", "pirates inactive"}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        json_t *j = js(t);
        set_s(j, "riot", rows[i].riot);
        set_s(j, "pirates", rows[i].pirates);
        put(t, j);
        char *svg = show(t, SHOW_SVG, NULL), want[64];
        snprintf(want, sizeof want, "<g class=\"marker enemy %s\" data-ref=\"riot\">",
                 rows[i].rcls);
        holds(svg, want, "the riot's marker");
        snprintf(want, sizeof want, "<g class=\"marker enemy %s\" data-ref=\"pirates\">",
                 rows[i].pcls);
        holds(svg, want, "the pirates' marker");
        free(svg);
        vbt_free(t);
    }
}

/* A force in Barcelona is drawn inside Barcelona's box, below its name
 * (24 px), down to the box's bottom. ms_svg.c:154 (the counter's height
 * `bar_h - 24` as `- 23`) drew it 1 px past the box. */
static void svg_force_in_barcelona_inside_the_box(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_board *b = &((const ms_data *)t->g->data)->board;
    json_t *j = js(t);
    set_front(j, "Noblesa-aragonesa", "Barcelona", "full", 0);
    put(t, j);
    char *svg = show(t, SHOW_SVG, NULL);
    const char *r = strstr(ref_element(svg, "Noblesa-aragonesa"), "<rect ");
    int x = attr_at(r, "x"), y = attr_at(r, "y"), w = attr_at(r, "width"), h = attr_at(r, "height");
    int bx = b->bar_x - b->bar_w / 2, by = b->bar_y - b->bar_h / 2;
    if (x < bx || x + w > bx + b->bar_w || y != by + 24 || y + h != by + b->bar_h)
        fail_msg("M39: the force in Barcelona at %d, %d, %d x %d; Barcelona at %d, %d, %d x %d", x,
                 y, w, h, bx, by, b->bar_w, b->bar_h);
    free(svg);
    vbt_free(t);
}

/* The status line counts the cards played and the active one: with the
 * first card of cards.json active and none played, "Cards played 1".
 * ms_svg.c:476 (`s->active >= 0` as `> 0`) did not count card 0. */
static void svg_cards_played_counts_card_zero(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    json_t *j = at_actions(t, d->card[0].id, 2);
    json_object_set_new(j, "played", json_array());
    put(t, j);
    assert_int_equal(S(t)->active, 0);
    char *svg = show(t, SHOW_SVG, NULL);
    holds(svg, "class=\"status-line\">Cards played 1 - ", "the status line");
    free(svg);
    vbt_free(t);
}

/* Each land shape of board.json is drawn with all its points, the first
 * included. ms_svg.c:83 (the points from 1) dropped the first. */
static void svg_land_shapes_whole(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_board *b = &((const ms_data *)t->g->data)->board;
    char *svg = show(t, SHOW_SVG, NULL);
    const char *p = svg;
    for (int i = 0; i < b->nland; i++) {
        char want[32];
        p = strstr(p, "<polygon class=\"land\" points=\"");
        assert_non_null(p);
        snprintf(want, sizeof want, "points=\"%d,%d ", b->pts[i][0][0], b->pts[i][0][1]);
        if (strncmp(strstr(p, "points=\""), want, strlen(want)))
            fail_msg("M39: land %d does not start at its first point (%s): %.60s", i, want, p);
        int n = 1;
        for (const char *q = strstr(p, "points=\"") + 8; *q != '"'; q++)
            n += *q == ' ';
        if (n != b->npts[i])
            fail_msg("M39: land %d drawn with %d points, board.json has %d", i, n, b->npts[i]);
        p++;
    }
    free(svg);
    vbt_free(t);
}

/* Each token is a 144 x 30 counter with its name 13 px and its status
 * 26 px below its top, both centred (72 px in). ms_svg.c:246 (the name
 * at `y + 13` as `y + 14`) moved the name 1 px down. */
static void svg_token_texts_in_place(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    char *svg = show(t, SHOW_SVG, NULL);
    for (int k = 0; k < MS_NTOK; k++) {
        const char *g = ref_element(svg, d->tok_id[k]), *r = strstr(g, "<rect ");
        const char *n = strstr(r, "<text "), *st = strstr(n + 1, "<text ");
        int x = attr_at(r, "x"), y = attr_at(r, "y");
        if (attr_at(r, "width") != 144 || attr_at(r, "height") != 30 || attr_at(n, "x") != x + 72 ||
            attr_at(n, "y") != y + 13 || attr_at(st, "x") != x + 72 || attr_at(st, "y") != y + 26)
            fail_msg("M39: token %s: rect %d, %d; name at %d, %d; status at %d, %d", d->tok_id[k],
                     x, y, attr_at(n, "x"), attr_at(n, "y"), attr_at(st, "x"), attr_at(st, "y"));
    }
    free(svg);
    vbt_free(t);
}

/* The active card's panel (380 px wide) stands 12 px from the right edge,
 * the status line's deck count starting at its left edge. ms_svg.c:472
 * (the panel at `b->w - 392` as `- 391`) put it 1 px right of the count. */
static void svg_card_panel_over_the_deck_count(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_board *b = &((const ms_data *)t->g->data)->board;
    put(t, at_actions(t, "coronacio-saragossa", 2));
    char *svg = show(t, SHOW_SVG, NULL);
    const char *c = strstr(svg, "<g class=\"card");
    assert_non_null(c);
    const char *r = strstr(c, "<rect "), *deck = strstr(svg, "class=\"status-line\">Deck: ");
    assert_non_null(deck);
    while (deck > svg && strncmp(deck, "<text ", 6))
        deck--;
    if (attr_at(r, "x") != b->w - 392 || attr_at(r, "width") != 380 ||
        attr_at(deck, "x") != attr_at(r, "x"))
        fail_msg("M39: the card's panel at x %d (%d wide), the deck count at %d, the board %d wide",
                 attr_at(r, "x"), attr_at(r, "width"), attr_at(deck, "x"), b->w);
    free(svg);
    vbt_free(t);
}

/* A front's line (its boxes joined to Barcelona) is faded ("out") only
 * when its force is not on the map: Noblesa catalana in box 0 is drawn
 * plain, Napols (not active) faded. ms_svg.c:94 (`s->pos[f] < 0` as
 * `<= 0`) faded the line of a force in box 0. */
static void svg_front_line_faded_only_off_the_map(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_board *b = &((const ms_data *)t->g->data)->board;
    json_t *j = js(t);
    set_front(j, "Noblesa-catalana", "Foix", "full", 0);
    put(t, j);
    assert_int_equal(S(t)->pos[CAT], 0);
    assert_true(S(t)->pos[NAP] < 0);
    char *svg = show(t, SHOW_SVG, NULL), want[96];
    snprintf(want, sizeof want, "<g class=\"front-line\" stroke=\"%s\">", b->color[CAT]);
    holds(svg, want, "Noblesa catalana's line, box 0");
    snprintf(want, sizeof want, "<g class=\"front-line out\" stroke=\"%s\">", b->color[NAP]);
    holds(svg, want, "Napols's line, not active");
    free(svg);
    vbt_free(t);
}

/* Every box of the map is drawn with its number on its front, its name, and
 * its kind as classes (a sea box "sea-box", a fortified one "fortified"):
 * Tortosa, box 3 of the Andalusins, a sea box; each fortified box of
 * map.json. ms_svg.c:107 (the number's start `num = -1` as `-0`) never
 * looked the box up: every box was "box 0", none a sea box or fortified. */
static void svg_boxes_numbered_with_their_kind(void **state)
{
    (void)state;
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    char *svg = show(t, SHOW_SVG, NULL);
    int nsea = 0, nfort = 0;
    for (int f = 0; f < MS_NFRONTS; f++)
        for (int p = 0; p < d->front[f].nbox; p++) {
            const ms_box *bx = &d->front[f].box[p];
            char want[200];
            snprintf(want, sizeof want, "<g class=\"box%s%s\" data-box=\"%d\"><title>%s, box %d",
                     bx->sea ? " sea-box" : "", bx->fortified ? " fortified" : "", bx->gid,
                     bx->name, p);
            holds(svg, want, "a box of the map");
            nsea += bx->sea, nfort += bx->fortified;
        }
    assert_true(nsea > 0 && nfort > 0);
    holds(svg, "<title>Tortosa, box 3, sea box</title>", "Tortosa");
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(siege_markers_message_counts_barcelona),
        cmocka_unit_test(first_label_read),
        cmocka_unit_test(points_term_by_term),
        cmocka_unit_test(front_view_tokens_by_kind),
        cmocka_unit_test(deck_titles_punctuated),
        cmocka_unit_test(long_token_name_on_the_board),
        cmocka_unit_test(svg_track_boxes_side_by_side),
        cmocka_unit_test(svg_riot_and_pirates_classes),
        cmocka_unit_test(svg_force_in_barcelona_inside_the_box),
        cmocka_unit_test(svg_cards_played_counts_card_zero),
        cmocka_unit_test(svg_land_shapes_whole),
        cmocka_unit_test(svg_token_texts_in_place),
        cmocka_unit_test(svg_card_panel_over_the_deck_count),
        cmocka_unit_test(svg_front_line_faded_only_off_the_map),
        cmocka_unit_test(svg_boxes_numbered_with_their_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
