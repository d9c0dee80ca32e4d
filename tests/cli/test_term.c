/*
 * test_term.c - src/cli/term.c alone (linked into this program, not the
 * `vauban` binary): wrapping to the width, the hanging indent under a
 * line's second column, the width read again from the terminal after a
 * resize, and the names coloured for a game. Added by the forty-seventh
 * session's seed-47 mutation pass (the lead; docs/core.md, "Mutation pass,
 * forty-seventh session (the lead)"); messages "M47:".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cmocka.h>

#include "term.h"
#include "vbtest.h"

/* text printed by term_print at width w, no colour, in a new string */
static char *printed(int w, const char *text)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    assert_non_null(f);
    term t;
    term_init(&t, f, TERM_COLOR_NEVER);
    t.width = w;
    term_print(&t, text);
    assert_int_equal(fclose(f), 0);
    return s;
}

static void expect_printed(int w, const char *text, const char *want, const char *what)
{
    char *got = printed(w, text);
    if (strcmp(got, want) != 0)
        fail_msg("M47: %s at width %d:\n[%s]\nwant:\n[%s]", what, w, got, want);
    free(got);
}

/* A line with a second column (after a run of two spaces) in its first
 * half wraps under that column (term.c:138, the search's `k + 2 < n` ->
 * `k + 2 > n`: never searched, every continuation two columns in). */
static void test_continuation_under_the_second_column(void **state)
{
    (void)state;
    expect_printed(30, "  order N     moves the unit N toward the covered way\n",
                   "  order N     moves the unit N\n"
                   "              toward the\n"
                   "              covered way\n",
                   "a line of two columns");
    /* no second column: two columns deeper than the line's own indent */
    expect_printed(20, " one two three four five six\n", " one two three four\n   five six\n",
                   "a line of one column");
}

/* A line exactly as wide as the terminal is printed whole, on one line
 * (term.c:174, the cut's `col + ww > width` -> `>=`: its last word cut at
 * the edge, a line of blanks after it). */
static void test_a_line_as_wide_as_the_width(void **state)
{
    (void)state;
    expect_printed(20, "aaaaaaaaaa bbbbbbbbb\n", "aaaaaaaaaa bbbbbbbbb\n", "20 columns at 20");
    expect_printed(20, "aaaaaaaaaa bbbbbbbbbb\n", "aaaaaaaaaa\n  bbbbbbbbbb\n", "21 columns at 20");
    /* a word wider than the line is cut at the edge */
    expect_printed(10, "abcdefghijklmno\n", "abcdefghij\n  klmno\n", "a word of 15 at 10");
}

/* The width follows the terminal after a resize: a pseudo-terminal of 100
 * columns, then 60, then 10 (too narrow: the width kept) (term.c:50, the
 * resize's `ws.ws_col >= 20` -> `<= 20`: the 60 ignored). */
static void test_width_read_again_after_a_resize(void **state)
{
    (void)state;
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) || unlockpt(m)) {
        if (m >= 0)
            close(m);
        skip();
    }
    int sfd = open(ptsname(m), O_RDWR | O_NOCTTY);
    if (sfd < 0) { /* no pseudo-terminal here */
        close(m);
        skip();
    }
    FILE *f = fdopen(sfd, "w");
    assert_non_null(f);
    struct winsize ws = {0};
    ws.ws_row = 40;
    ws.ws_col = 100;
    assert_int_equal(ioctl(sfd, TIOCSWINSZ, &ws), 0);
    term t;
    term_init(&t, f, TERM_COLOR_NEVER);
    assert_int_equal(t.width, 100);
    ws.ws_col = 60;
    assert_int_equal(ioctl(sfd, TIOCSWINSZ, &ws), 0);
    term_resize(&t);
    if (t.width != 60)
        fail_msg("M47: a terminal resized to 60 columns: width %d", t.width);
    ws.ws_col = 10;
    assert_int_equal(ioctl(sfd, TIOCSWINSZ, &ws), 0);
    term_resize(&t);
    assert_int_equal(t.width, 60);
    fclose(f);
    close(m);
}

/* The names coloured for a game: its sides, then its roles, each once
 * (term.c:57, the sides' `s < g->nsides` -> `<=`: one name read past the
 * sides). */
static void test_names_of_a_game(void **state)
{
    (void)state;
    static const char *const ids[] = {"setge-1714", "roi-soleil"};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
        vbt *v = vbt_new(ids[k], NULL, 1);
        const vb_game *g = v->g;
        term t;
        term_init(&t, stdout, TERM_COLOR_NEVER);
        term_set_game(&t, g);
        if (t.nnames != g->nsides + g->def->nroles)
            fail_msg("M47: %s: %d names coloured, want %d sides and %d roles", ids[k], t.nnames,
                     g->nsides, g->def->nroles);
        for (int s = 0; s < g->nsides; s++)
            assert_ptr_equal(t.names[s], g->sides[s]);
        for (int r = 0; r < g->def->nroles; r++)
            assert_ptr_equal(t.names[g->nsides + r], g->def->roles[r]);
        vbt_free(v);
    }
}

/* $COLUMNS wider than 400 is held to 400 columns, as term.h says of the
 * width (the fiftieth session's term.c:39, the cap's `t->width = 400` ->
 * `399`); 400 and 399 are kept as they are. Not a terminal: a memory
 * stream. */
static void test_columns_held_to_400(void **state)
{
    (void)state;
    static const struct {
        const char *cols;
        int width;
    } rows[] = {{"1000", 400}, {"401", 400}, {"400", 400}, {"399", 399}};
    char *old = getenv("COLUMNS") ? strdup(getenv("COLUMNS")) : NULL;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *s = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&s, &n);
        assert_non_null(f);
        setenv("COLUMNS", rows[i].cols, 1);
        term t;
        term_init(&t, f, TERM_COLOR_NEVER);
        if (t.width != rows[i].width)
            fail_msg("M50: COLUMNS=%s: width %d, want %d", rows[i].cols, t.width, rows[i].width);
        fclose(f);
        free(s);
    }
    if (old)
        setenv("COLUMNS", old, 1);
    else
        unsetenv("COLUMNS");
    free(old);
}

/* A side's name followed by an s (its plural: "Bourbons" for the side
 * "Bourbon") is coloured whole, as the name alone is; a longer word that
 * only starts with the name is not (the fiftieth session's term.c:104,
 * the plural's `len < n` -> `len > n`: "Bourbons" left plain). */
static void test_a_plural_coloured(void **state)
{
    (void)state;
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    assert_non_null(f);
    term t;
    term_init(&t, f, TERM_COLOR_ALWAYS);
    t.width = 80;
    t.names[0] = "Bourbon";
    t.name_color[0] = 34;
    t.nnames = 1;
    term_print(&t, "Bourbons, Bourbon and Bourbonnais\n");
    assert_int_equal(fclose(f), 0);
    const char *want = "\x1b[34mBourbons,\x1b[0m \x1b[34mBourbon\x1b[0m and Bourbonnais\n";
    if (strcmp(s, want) != 0)
        fail_msg("M50: a plural's colour:\n[%s]\nwant:\n[%s]", s, want);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_continuation_under_the_second_column),
        cmocka_unit_test(test_a_line_as_wide_as_the_width),
        cmocka_unit_test(test_width_read_again_after_a_resize),
        cmocka_unit_test(test_names_of_a_game),
        cmocka_unit_test(test_columns_held_to_400),
        cmocka_unit_test(test_a_plural_coloured),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
