/*
 * test_svg.c - Molt soroll per un rei: the SVG board (def->svg). Along
 * random games, at every decision of the King: every element an action
 * names (front, token, track, riot, pirates) carries data-ref with the
 * exact name of the action text and a <title>; the active card and every
 * front in play are there; no script; no coordinate outside the canvas.
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

/* The board of st as one string (malloc'd). */
static char *render(vbt *t, const void *st)
{
    FILE *f = tmpfile();
    long n;
    char *buf;
    assert_non_null(f);
    assert_int_equal(t->g->def->svg(t->g, st, -1, f), 0);
    n = ftell(f);
    rewind(f);
    buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* data-ref="name" on an element whose first child is a <title>. */
static void has_ref(const char *svg, const char *name, const char *why)
{
    char pat[128];
    const char *p;
    snprintf(pat, sizeof pat, "data-ref=\"%s\">", name);
    p = strstr(svg, pat);
    if (!p)
        fail_msg("%s: no element with data-ref=\"%s\"", why, name);
    if (strncmp(p + strlen(pat), "<title>", 7) != 0)
        fail_msg("%s: data-ref=\"%s\" has no <title>", why, name);
}

/* Every coordinate attribute lies inside the canvas; rects end inside. */
static void inside(const char *svg, int w, int h)
{
    static const char *const xs[] = {" x=\"", " x1=\"", " x2=\"", " cx=\""};
    static const char *const ys[] = {" y=\"", " y1=\"", " y2=\"", " cy=\""};
    for (int k = 0; k < 4; k++)
        for (const char *p = svg; (p = strstr(p, xs[k])) != NULL; p++) {
            double v = atof(p + strlen(xs[k]));
            if (v < 0 || v > w)
                fail_msg("x %g outside the canvas near '%.60s'", v, p);
        }
    for (int k = 0; k < 4; k++)
        for (const char *p = svg; (p = strstr(p, ys[k])) != NULL; p++) {
            double v = atof(p + strlen(ys[k]));
            if (v < 0 || v > h)
                fail_msg("y %g outside the canvas near '%.60s'", v, p);
        }
    for (const char *p = svg; (p = strstr(p, "<rect x=\"")) != NULL; p++) {
        double x = atof(p + 9), y, rw, rh;
        const char *q = strstr(p, " y=\""), *r = strstr(p, "width=\""), *s = strstr(p, "height=\"");
        assert_non_null(q);
        assert_non_null(r);
        assert_non_null(s);
        y = atof(q + 4);
        rw = atof(r + 7);
        rh = atof(s + 8);
        if (x + rw > w || y + rh > h)
            fail_msg("rect ends outside the canvas near '%.60s'", p);
    }
    for (const char *p = svg; (p = strstr(p, "points=\"")) != NULL; p++) {
        const char *e = strchr(p + 8, '"');
        for (const char *q = p + 8; q < e;) {
            double x = strtod(q, (char **)&q), y;
            if (*q == ',')
                q++;
            y = strtod(q, (char **)&q);
            if (x < 0 || x > w || y < 0 || y > h)
                fail_msg("polygon point %g,%g outside the canvas", x, y);
            while (q < e && *q == ' ')
                q++;
        }
    }
}

static void check_board(vbt *t, const void *st, const char *why)
{
    const ms_data *d = t->g->data;
    const ms_state *s = st;
    char *svg = render(t, st);
    vb_action acts[VB_MAX_ACTIONS];
    int n;
    if (strncmp(svg, "<svg ", 5) != 0 || !strstr(svg, "</svg>\n"))
        fail_msg("%s: not one <svg> document", why);
    if (strstr(svg, "<script") || strstr(svg, "onclick") || strstr(svg, "javascript:"))
        fail_msg("%s: a script in the board", why);
    inside(svg, d->board.w, d->board.h);
    /* what the board always shows */
    for (int f = 0; f < MS_NFRONTS; f++)
        if (s->pos[f] >= 0 || s->pos[f] == MS_ELIMINATED)
            has_ref(svg, d->front[f].id, why);
    for (int k = 0; k < MS_NTOK; k++)
        has_ref(svg, d->tok_id[k], why);
    for (int k = 0; k < MS_NTRACKS; k++)
        has_ref(svg, ms_track_ids[k], why);
    has_ref(svg, "riot", why);
    has_ref(svg, "pirates", why);
    if (s->active >= 0)
        has_ref(svg, d->card[s->active].id, why);
    /* every name a King's action uses */
    if (vb_to_move(t->g, st) == 0) {
        n = vb_legal(t->g, st, acts, NULL, VB_MAX_ACTIONS);
        for (int i = 0; i < n; i++) {
            char text[VB_TEXT_LEN], w1[64] = "", w2[64] = "", w3[64] = "";
            vb_action_text(t->g, st, acts[i], text, sizeof text);
            sscanf(text, "%63s %63s %63s", w1, w2, w3);
            if (strcmp(w1, "offensive") == 0 || strcmp(w1, "influence") == 0)
                has_ref(svg, w2, text);
            else if (strcmp(w1, "regroup") == 0 || strcmp(w1, "intercept") == 0)
                has_ref(svg, w3, text);
        }
    }
    free(svg);
}

static void test_svg_along_random_games(void **state)
{
    uint64_t r = 0x9E3779B97F4A7C15ull;
    int boards = 0;
    (void)state;
    for (int game = 0; game < 12; game++) {
        vbt *t = vbt_new("molt-soroll", NULL, (uint64_t)game + 1);
        vb_action acts[VB_MAX_ACTIONS];
        char why[64];
        for (int step = 0; step < 400 && vb_to_move(t->g, vbt_state(t)) != VB_OVER; step++) {
            int n = vb_legal(t->g, vbt_state(t), acts, NULL, VB_MAX_ACTIONS);
            assert_true(n > 0);
            if (vb_to_move(t->g, vbt_state(t)) == 0) {
                snprintf(why, sizeof why, "game %d step %d", game, step);
                check_board(t, vbt_state(t), why);
                boards++;
            }
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            assert_int_equal(vb_match_apply(&t->m, acts[r % (uint64_t)n], &t->cx), 0);
        }
        check_board(t, vbt_state(t), "game over");
        vbt_free(t);
    }
    assert_true(boards > 100);
}

/* The setup board, and one with a force in Barcelona and the riot
 * crushed, Naples intercepting: the pieces named by actions are there. */
static void test_svg_setup_and_titles(void **state)
{
    vbt *t = vbt_new("molt-soroll", NULL, 1);
    char *svg;
    (void)state;
    check_board(t, vbt_state(t), "setup");
    svg = render(t, vbt_state(t));
    assert_non_null(strstr(svg, "class=\"force enemy full\" data-ref=\"Andalusins\">"
                                "<title>Andalusins (full force) in Montesa: combat 3, siege 3"));
    assert_non_null(
        strstr(svg, "class=\"token king almogavar available\" data-ref=\"Almogavar-1\">"));
    assert_non_null(strstr(svg, "data-box=")); /* boxes are drawn */
    assert_non_null(strstr(svg, ">Barcelona</text>"));
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg_setup_and_titles),
        cmocka_unit_test(test_svg_along_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
