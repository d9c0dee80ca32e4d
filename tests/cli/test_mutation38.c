/*
 * test_mutation38.c - checks added by the thirty-eighth session's mutation
 * pass (helper clm) over files of the command line never mutated before:
 * src/cli/term.c (what a player sees: the width wrapped to, colours, the
 * verdict), src/cli/cli.c (the subcommands' shared helpers) and
 * src/cli/play_lines.c (`vauban play`'s log lines and verb counts). None is
 * in vauban_lib (only the program links them), so they are compiled into
 * this test whole, as test_play_verbs links play_lines.c; before this file
 * only the shell tests reached them, through pipes (never a terminal) and
 * with colour mostly off. Every expected text below is written out by hand.
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

#include "vbtest.h"

#include "../../src/cli/cli.c"
#include "../../src/cli/play_lines.c"
#include "../../src/cli/term.c"

/* ---- term.c ---------------------------------------------------------- */

/* A term writing into a string, width w, colour c. */
typedef struct {
    term t;
    char *s;
    size_t n;
} memterm;

static void mt_open(memterm *m, int w, int c)
{
    memset(m, 0, sizeof *m);
    m->t.out = open_memstream(&m->s, &m->n);
    assert_non_null(m->t.out);
    m->t.width = w;
    m->t.color = c;
}

/* Close, compare with want, free. */
static void mt_is(memterm *m, const char *want, const char *what)
{
    fclose(m->t.out);
    if (strcmp(m->s, want) != 0)
        fail_msg("M38: %s: printed\n[%s]\nnot\n[%s]", what, m->s, want);
    free(m->s);
}

static void wrapped_is(int width, const char *text, const char *want, const char *what)
{
    memterm m;
    mt_open(&m, width, 0);
    term_print(&m.t, text);
    mt_is(&m, want, what);
}

/* Words wrap at the width exactly: a line of 20 columns stays whole at
 * width 20, one of 21 breaks (term.c:160); the first byte of each line is
 * printed (:132); continuation lines hang two columns in. */
static void test_wrap_at_the_width(void **state)
{
    (void)state;
    wrapped_is(20, "aaaaaaaaa bbbbbbbbbb", "aaaaaaaaa bbbbbbbbbb\n", "20 columns at width 20");
    wrapped_is(20, "aaaaaaaaaa bbbbbbbbbb", "aaaaaaaaaa\n  bbbbbbbbbb\n", "21 columns at width 20");
    wrapped_is(20, "aaaaaaaaaa bbbbbbbbb c", "aaaaaaaaaa bbbbbbbbb\n  c\n", "a third word");
    wrapped_is(20, "one\ntwo  three\n", "one\ntwo  three\n", "short lines");
    /* an indent is kept; the continuation hangs two deeper */
    wrapped_is(20, "    aaaaaaaa bbbbbbbb", "    aaaaaaaa\n      bbbbbbbb\n", "an indented line");
    /* accented letters are one column each: 20 columns, 24 bytes */
    wrapped_is(20, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 aaaaaaaaaaaaaaa",
               "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 aaaaaaaaaaaaaaa\n", "accents");
}

/* A second column (after two spaces) in the first half of the line: the
 * continuation lines start under it (:143); past the half, two deeper
 * than the indent. */
static void test_wrap_hangs_under_the_second_column(void **state)
{
    (void)state;
    wrapped_is(20, "ab  cd ef gh ij kl mn op", "ab  cd ef gh ij kl\n    mn op\n",
               "second column at 4 of 20");
    wrapped_is(20, "abcdefghijkl  mn op qr st", "abcdefghijkl  mn op\n  qr st\n",
               "second column at 14 of 20: past the half");
}

/* A word wider than the room left is cut at the width, the rest going on
 * the next line under the hang (:86). */
static void test_wrap_cuts_a_long_word(void **state)
{
    (void)state;
    wrapped_is(10, "abcdefghijklmnopqrstuvwxy", "abcdefghij\n  klmnopqr\n  stuvwxy\n",
               "25 letters");
    /* to the next line (the hang), then cut after eight letters */
    wrapped_is(
        10, "ab \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
        "ab\n  \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\n  "
        "\xc3\xa9\xc3\xa9\n",
        "accents cut between letters");
}

static void with_env(const char *name, const char *value)
{
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

/* Not a terminal: the width is $COLUMNS from 20 up (:36), at most 400,
 * else 80; colour only when asked for (:40). */
static void test_init_width_and_colour(void **state)
{
    static const struct {
        const char *cols;
        int width;
    } rows[] = {{NULL, 80},   {"19", 80},   {"20", 20},   {"21", 21},
                {"100", 100}, {"400", 400}, {"401", 400}, {"abc", 80}};
    (void)state;
    FILE *f = fopen("/dev/null", "w");
    assert_non_null(f);
    with_env("NO_COLOR", NULL);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        term t;
        with_env("COLUMNS", rows[i].cols);
        term_init(&t, f, TERM_COLOR_AUTO);
        if (t.width != rows[i].width)
            fail_msg("M38: COLUMNS=%s: width %d, not %d", rows[i].cols ? rows[i].cols : "(unset)",
                     t.width, rows[i].width);
    }
    with_env("COLUMNS", NULL);
    {
        term t;
        term_init(&t, f, TERM_COLOR_AUTO);
        assert_int_equal(t.color, 0); /* a file: no colour */
        term_init(&t, f, TERM_COLOR_NEVER);
        assert_int_equal(t.color, 0);
        term_init(&t, f, TERM_COLOR_ALWAYS);
        assert_int_equal(t.color, 1);
        assert_ptr_equal(t.out, f);
    }
    assert_int_equal(term_color_parse("auto"), TERM_COLOR_AUTO);
    assert_int_equal(term_color_parse("never"), TERM_COLOR_NEVER);
    assert_int_equal(term_color_parse("no"), TERM_COLOR_NEVER);
    assert_int_equal(term_color_parse("always"), TERM_COLOR_ALWAYS);
    assert_int_equal(term_color_parse("yes"), TERM_COLOR_ALWAYS);
    assert_int_equal(term_color_parse("sometimes"), -1);
    fclose(f);
}

/* A pseudo-terminal of `cols` columns; its other end in *slave. */
static int pty_open(int *slave)
{
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0)
        return -1;
    *slave = open(ptsname(m), O_RDWR | O_NOCTTY);
    return *slave < 0 ? -1 : m;
}

static void pty_cols(int fd, int cols)
{
    struct winsize ws = {.ws_row = 50, .ws_col = (unsigned short)cols};
    assert_int_equal(ioctl(fd, TIOCSWINSZ, &ws), 0);
}

/* At a terminal its own width wins over $COLUMNS, and term_resize reads it
 * again: 20 columns and more taken (:50), at most 400 (:51), under 20
 * ignored; colour on unless NO_COLOR or TERM=dumb. */
static void test_terminal_width_and_resize(void **state)
{
    int slave = -1, master = pty_open(&slave);
    FILE *f;
    term t;
    (void)state;
    if (master < 0) {
        skip(); /* no pseudo-terminal here */
        return;
    }
    f = fdopen(slave, "w");
    assert_non_null(f);
    with_env("COLUMNS", "50");
    with_env("NO_COLOR", NULL);
    with_env("TERM", "xterm");
    pty_cols(slave, 100);
    term_init(&t, f, TERM_COLOR_AUTO);
    assert_int_equal(t.width, 100);
    assert_int_equal(t.color, 1);
    static const struct {
        int cols, width;
    } rows[] = {{20, 20},   {19, 20},    {120, 120}, {401, 400},
                {400, 400}, {1000, 400}, {21, 21},   {0, 21}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pty_cols(slave, rows[i].cols);
        term_resize(&t);
        if (t.width != rows[i].width)
            fail_msg("M38: resized to %d columns: width %d, not %d", rows[i].cols, t.width,
                     rows[i].width);
    }
    pty_cols(slave, 10); /* too narrow: $COLUMNS */
    term_init(&t, f, TERM_COLOR_AUTO);
    assert_int_equal(t.width, 50);
    pty_cols(slave, 500);
    term_init(&t, f, TERM_COLOR_AUTO);
    assert_int_equal(t.width, 400);
    with_env("NO_COLOR", "1");
    term_init(&t, f, TERM_COLOR_AUTO);
    assert_int_equal(t.color, 0);
    with_env("NO_COLOR", NULL);
    with_env("TERM", "dumb");
    term_init(&t, f, TERM_COLOR_AUTO);
    assert_int_equal(t.color, 0);
    term_init(&t, f, TERM_COLOR_NEVER);
    assert_int_equal(t.color, 0);
    with_env("COLUMNS", NULL);
    fclose(f);
    close(master);
}

/* Side and role names are coloured, the role's in its side's colour: in
 * Setge 1714 "spanish" is a role only (its side is bourbon's, blue) (:61);
 * "catalans" (a plural) and "catalan-right" are the catalan side's
 * (yellow); inside a status line bold stays on after each name (:219). */
static void test_names_coloured(void **state)
{
    vb_ctx cx;
    vb_game *g;
    memterm m;
    (void)state;
    vb_ctx_init(&cx);
    g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    assert_int_equal(g->role_side[2], 0); /* spanish: the bourbon side */
    mt_open(&m, 80, 1);
    term_set_game(&m.t, g);
    term_print(&m.t, "spanish and (Catalans) meet catalan-right, not spaniards");
    mt_is(&m,
          "\x1b[34mspanish\x1b[0m and \x1b[33m(Catalans)\x1b[0m meet \x1b[33mcatalan-right,\x1b[0m "
          "not spaniards\n",
          "names coloured");
    mt_open(&m, 80, 1);
    term_set_game(&m.t, g);
    term_status(&m.t, "bourbon to move");
    mt_is(&m, "\x1b[1m\x1b[1;34mbourbon\x1b[0;1m to move\n\x1b[0m", "a status line");
    mt_open(&m, 80, 0);
    term_set_game(&m.t, g);
    term_status(&m.t, "bourbon to move");
    term_dim(&m.t, "searching...");
    mt_is(&m, "bourbon to move\nsearching...", "no colour");
    mt_open(&m, 80, 1);
    term_dim(&m.t, "searching...");
    mt_is(&m, "\x1b[2msearching...\x1b[0m", "dim");
    vb_game_free(g);
}

/* Play molt-soroll at random from seed until the game is over. */
static vb_match *finished(vb_game *g, uint64_t seed, vb_match *m)
{
    static vb_action acts[VB_MAX_ACTIONS];
    vb_ctx cx;
    int opts[VB_MAX_OPTIONS];
    uint64_t x = seed * 2654435761u + 1;
    vb_ctx_init(&cx);
    vb_option_defaults(g, 0, opts);
    assert_int_equal(vb_match_init(m, g, 0, opts, seed, &cx), 0);
    for (int k = 0; k < 100000; k++) {
        int who = vb_to_move(g, m->st), n;
        if (who == VB_OVER)
            return m;
        if (who == VB_CHANCE) {
            assert_int_equal(vb_match_roll(m, &cx), 0);
            continue;
        }
        n = vb_legal(g, m->st, acts, NULL, VB_MAX_ACTIONS);
        assert_true(n > 0);
        x = x * 6364136223846793005u + 1442695040888963407u;
        assert_int_equal(vb_match_apply(m, acts[(x >> 33) % (uint64_t)n], &cx), 0);
    }
    fail_msg("M38: molt-soroll seed %llu: not over", (unsigned long long)seed);
    return NULL;
}

/* "Game over", then "SIDE wins: VERDICT" for a winner and the verdict
 * alone without one (:308: the winner's name was looked up at -1), then
 * each role's outcome and score. */
static void test_verdict_lines(void **state)
{
    vb_ctx cx;
    vb_game *g;
    int seen[2] = {0, 0};
    (void)state;
    vb_ctx_init(&cx);
    g = vb_game_load("molt-soroll", &cx);
    assert_non_null(g);
    for (uint64_t seed = 1; seed < 3000 && !(seen[0] && seen[1]); seed++) {
        vb_match m;
        vb_result r;
        memterm mt;
        char want[1024], *end;
        finished(g, seed, &m);
        vb_result_get(g, m.st, &r);
        if (seen[r.winner >= 0]++) {
            vb_match_release(&m);
            continue;
        }
        mt_open(&mt, 400, 0);
        term_verdict(&mt.t, g, m.st);
        fflush(mt.t.out);
        snprintf(want, sizeof want, "Game over\n%s%s%s\n  king %s (score %g)\n",
                 r.winner >= 0 ? "king wins: " : "", r.verdict, "",
                 r.winner >= 0 ? "wins" : "loses", r.score[0]);
        if (strncmp(mt.s, want, strlen(want)) != 0)
            fail_msg("M38: seed %llu's verdict:\n[%s]\nnot starting\n[%s]",
                     (unsigned long long)seed, mt.s, want);
        /* then the points, as term_points prints them */
        end = mt.s + strlen(want);
        {
            memterm p;
            mt_open(&p, 400, 0);
            term_points(&p.t, g, m.st);
            fflush(p.t.out);
            assert_true(p.n > 0);
            assert_string_equal(end, p.s);
            fclose(p.t.out);
            free(p.s);
        }
        fclose(mt.t.out);
        free(mt.s);
        vb_match_release(&m);
    }
    assert_true(seen[0] && seen[1]);
    vb_game_free(g);
}

/* term_board is the game's render, whole (:244); term_area prints the
 * area named, or the names on one line (:295). */
static void test_board_and_area(void **state)
{
    vb_ctx cx;
    vb_game *g;
    vb_match m;
    int opts[VB_MAX_OPTIONS];
    char *b, *r = NULL;
    size_t rn = 0;
    FILE *f;
    memterm mt;
    (void)state;
    vb_ctx_init(&cx);
    g = vb_game_load("molt-soroll", &cx);
    assert_non_null(g);
    vb_option_defaults(g, 0, opts);
    assert_int_equal(vb_match_init(&m, g, 0, opts, 7, &cx), 0);
    b = term_board(g, m.st, 0);
    assert_non_null(b);
    f = open_memstream(&r, &rn);
    g->def->render(g, m.st, 0, f);
    fclose(f);
    assert_true(rn > 100);
    assert_string_equal(b, r);
    free(b);
    free(r);
    /* the names of the areas: one line, wrapped */
    mt_open(&mt, 400, 0);
    assert_int_equal(term_area(&mt.t, g, m.st, 0, NULL, &cx), 0);
    fflush(mt.t.out);
    assert_true(mt.n > 5);
    assert_non_null(strchr(mt.s, '\n'));
    assert_int_equal(strchr(mt.s, '\n')[1], '\0');
    fclose(mt.t.out);
    free(mt.s);
    mt_open(&mt, 400, 0);
    assert_true(term_area(&mt.t, g, m.st, 0, "no-such-area", &cx) < 0);
    mt_is(&mt, "", "an unknown area");
    vb_match_release(&m);
    vb_game_free(g);
}

/* ---- cli.c ----------------------------------------------------------- */

/* What fn wrote to the standard error, in buf. */
static int err_fd = -1;
static FILE *err_file;

static void err_begin(void)
{
    fflush(stderr);
    err_file = tmpfile();
    assert_non_null(err_file);
    err_fd = dup(STDERR_FILENO);
    assert_true(err_fd >= 0);
    assert_true(dup2(fileno(err_file), STDERR_FILENO) >= 0);
}

static void err_end(char *buf, size_t n)
{
    size_t k;
    fflush(stderr);
    assert_true(dup2(err_fd, STDERR_FILENO) >= 0);
    close(err_fd);
    rewind(err_file);
    k = fread(buf, 1, n - 1, err_file);
    buf[k] = '\0';
    fclose(err_file);
}

/* Parse args (NULL-terminated) with cli_game_arg as `new` does: the last
 * status (1 each consumed, 0 at the first not ours, < 0 an error) and its
 * message. */
static int game_args(cli_game_args *ga, char *msg, size_t n, ...)
{
    char *argv[16];
    int argc = 0, i, rc = 0;
    va_list ap;
    va_start(ap, n);
    while (argc < 16 && (argv[argc] = va_arg(ap, char *)) != NULL)
        argc++;
    va_end(ap);
    memset(ga, 0, sizeof *ga);
    err_begin();
    for (i = 0; i < argc; i++)
        if ((rc = cli_game_arg("new", argc, argv, &i, ga)) <= 0)
            break;
    err_end(msg, n);
    return rc;
}

/* --scenario, --seed and --option, each with its value; one value per
 * option key (:263: a key given twice was taken), the keys compared whole. */
static void test_game_args(void **state)
{
    cli_game_args ga;
    char msg[512];
    (void)state;
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--scenario", "s1", "--seed", "42", "--option",
                               "a=1", "--option", "ab=2", "--option", "b", NULL),
                     1);
    assert_string_equal(ga.scenario, "s1");
    assert_true(ga.have_seed);
    assert_true(ga.seed == 42);
    assert_int_equal(ga.nopt, 3);
    assert_string_equal(ga.optv[0], "a=1");
    assert_string_equal(ga.optv[1], "ab=2");
    assert_string_equal(ga.optv[2], "b");
    assert_string_equal(msg, "");
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--option", "ab=1", "--option", "a=2", NULL),
                     1);
    assert_int_equal(ga.nopt, 2);
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--option", "a=1", "--option", "a=2", NULL),
                     -VB_EXIT_USAGE);
    assert_string_equal(msg, "vauban new: option 'a' given twice\n");
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--option", "k", "--option", "k=0", NULL),
                     -VB_EXIT_USAGE);
    assert_string_equal(msg, "vauban new: option 'k' given twice\n");
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--seed", "1", "--seed", "2", NULL),
                     -VB_EXIT_USAGE);
    assert_string_equal(msg, "vauban new: --seed given twice\n");
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--scenario", "a", "--scenario", "b", NULL),
                     -VB_EXIT_USAGE);
    assert_string_equal(msg, "vauban new: --scenario given twice\n");
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--seed", NULL), -VB_EXIT_USAGE);
    assert_string_equal(msg, "vauban new: --seed needs a value\n");
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--seed", "x", NULL), -VB_EXIT_INPUT);
    assert_int_equal(game_args(&ga, msg, sizeof msg, "--seeds", "1", NULL), 0);
    assert_int_equal(ga.have_seed, 0);
    assert_int_equal(game_args(&ga, msg, sizeof msg, "molt-soroll", NULL), 0);
    assert_string_equal(msg, "");
}

/* --dice: at most max values, none empty, each shorter than
 * VB_TEXT_LEN (:155: one of VB_TEXT_LEN bytes had its terminating zero
 * written past its row). */
static void test_parse_dice(void **state)
{
    char v[4][VB_TEXT_LEN], text[VB_TEXT_LEN + 8];
    (void)state;
    memset(text, 'x', sizeof text);
    text[VB_TEXT_LEN - 1] = '\0';
    assert_int_equal(cli_parse_dice(text, v, 3), 1);
    assert_int_equal(strlen(v[0]), VB_TEXT_LEN - 1);
    text[VB_TEXT_LEN - 1] = 'x';
    text[VB_TEXT_LEN] = '\0';
    memset(v, 'y', sizeof v);
    assert_int_equal(cli_parse_dice(text, v, 3), -1);
    assert_int_equal(v[1][0], 'y');
    strcpy(text + VB_TEXT_LEN, ",1");
    assert_int_equal(cli_parse_dice(text, v, 3), -1);
    assert_int_equal(cli_parse_dice("6,4,2", v, 3), 3);
    assert_string_equal(v[0], "6");
    assert_string_equal(v[1], "4");
    assert_string_equal(v[2], "2");
    assert_int_equal(cli_parse_dice("6,4,2", v, 2), -1);
    assert_int_equal(cli_parse_dice("6", v, 1), 1);
    assert_int_equal(cli_parse_dice("6,1", v, 1), -1);
    assert_int_equal(cli_parse_dice("", v, 3), -1);
    assert_int_equal(cli_parse_dice("3,", v, 3), -1);
    assert_int_equal(cli_parse_dice(",3", v, 3), -1);
    assert_int_equal(cli_parse_dice("10,card-x", v, 3), 2);
    assert_string_equal(v[1], "card-x");
}

/* The log kept for one role holds only the lines it may read, role 0's
 * included (:184); the referee's (-1) holds all; lines in order. */
static void test_log_buffer(void **state)
{
    cli_logbuf b = {.role = 0};
    char *s = NULL;
    size_t n = 0;
    FILE *f;
    (void)state;
    cli_log_to_buf(&b, 1u, "for role 0");
    cli_log_to_buf(&b, 2u, "for role 1");
    cli_log_to_buf(&b, 3u, "for both");
    assert_non_null(b.s);
    assert_string_equal(b.s, "for role 0\nfor both\n");
    f = open_memstream(&s, &n);
    cli_logbuf_flush(&b, f);
    fclose(f);
    assert_string_equal(s, "for role 0\nfor both\n");
    free(s);
    assert_null(b.s);
    assert_int_equal(b.n, 0);
    b.role = -1;
    for (int i = 0; i < 3000; i++) /* past the first 4096 bytes */
        cli_log_to_buf(&b, 0u, i % 2 ? "odd" : "even");
    assert_int_equal(b.n, 1500 * 4 + 1500 * 5);
    assert_int_equal(strncmp(b.s, "even\nodd\neven\n", 14), 0);
    assert_string_equal(b.s + b.n - 4, "odd\n");
    cli_logbuf_flush(&b, NULL);
    b.role = 1;
    cli_log_to_buf(&b, 1u, "not for role 1");
    assert_int_equal(b.n, 0);
    cli_logbuf_flush(&b, NULL);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A malformed file's message names its line, line 1 too (:102); an empty
 * file, a directory and a missing file each say so. */
static void test_read_json(void **state)
{
    char dir[] = "/tmp/vb-m38-XXXXXX", path[256];
    vb_ctx cx;
    json_t *j;
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/a.json", dir);
    vb_ctx_init(&cx);
    write_text(path, "{\"a\": }");
    assert_null(cli_read_json(path, &cx));
    if (strncmp(cx.err, path, strlen(path)) != 0 ||
        strncmp(cx.err + strlen(path), ":1: malformed JSON: ", 20) != 0)
        fail_msg("M38: malformed on line 1: \"%s\"", cx.err);
    write_text(path, "{\n\n\"a\": 1,\n}");
    assert_null(cli_read_json(path, &cx));
    assert_non_null(strstr(cx.err, ":4: malformed JSON: "));
    write_text(path, "");
    assert_null(cli_read_json(path, &cx));
    assert_non_null(strstr(cx.err, "a.json: is empty, not a state file"));
    assert_null(cli_read_json(dir, &cx));
    assert_non_null(strstr(cx.err, ": is a directory, not a state file"));
    remove(path);
    assert_null(cli_read_json(path, &cx));
    assert_non_null(strstr(cx.err, "a.json: No such file or directory"));
    /* bigger than the first buffer (64 KiB) */
    {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs("{\"pad\": \"", f);
        for (int i = 0; i < 200000; i++)
            fputc('x', f);
        fputs("\", \"b\": 2}", f);
        fclose(f);
    }
    j = cli_read_json(path, &cx);
    assert_non_null(j);
    assert_int_equal(json_integer_value(json_object_get(j, "b")), 2);
    assert_int_equal(strlen(json_string_value(json_object_get(j, "pad"))), 200000);
    json_decref(j);
    remove(path);
    rmdir(dir);
}

/* Exit statuses: usage errors 1, other errors 2, none 0 (:34). */
static void test_exit_statuses(void **state)
{
    char msg[256];
    (void)state;
    assert_int_equal(cli_status(VB_EUSAGE), VB_EXIT_USAGE);
    assert_int_equal(cli_status(VB_EINPUT), VB_EXIT_INPUT);
    assert_int_equal(cli_status(0), VB_EXIT_OK);
    assert_int_equal(cli_load_status("molt-soroll"), VB_EXIT_INPUT);
    assert_int_equal(cli_load_status("no-such-game"), VB_EXIT_USAGE);
    assert_int_equal(cli_load_status(NULL), VB_EXIT_USAGE);
    err_begin();
    assert_int_equal(cli_error("show", 2, "bad \x1b[31m%s\n", "x"), 2);
    err_end(msg, sizeof msg);
    assert_string_equal(msg, "vauban show: bad \\x1b[31mx\\x0a\n");
}

/* A match set up without --scenario plays the first scenario (:276), and
 * success is 0 (:304); the state printed is indented by two (:170). */
static void test_start_match(void **state)
{
    cli_game_args ga = {.game = "setge-1714", .seed = 5, .have_seed = 1};
    vb_game *g = NULL;
    vb_match m;
    char *s = NULL;
    size_t n = 0;
    FILE *f;
    (void)state;
    assert_int_equal(cli_start_match("new", &ga, &g, &m, NULL), 0);
    assert_non_null(g);
    assert_int_equal(((const vb_head *)m.st)->scenario, 0);
    f = open_memstream(&s, &n);
    cli_print_state(&m, f);
    fclose(f);
    assert_int_equal(strncmp(s, "{\n  \"", 5), 0);
    assert_int_equal(s[n - 1], '\n');
    free(s);
    vb_match_release(&m);
    vb_game_free(g);
    {
        char msg[256];
        ga.scenario = "no-such";
        err_begin();
        assert_int_equal(cli_start_match("new", &ga, &g, &m, NULL), VB_EXIT_USAGE);
        err_end(msg, sizeof msg);
        assert_string_equal(msg, "vauban new: unknown scenario 'no-such' for setge-1714\n");
    }
}

/* ---- play_lines.c ------------------------------------------------------ */

/* A first word of exactly a row's width is cut to one less, its
 * terminating zero inside its row (play_lines.c:60: written into the next
 * row's first byte). */
static void test_verb_of_a_rows_width(void **state)
{
    play_verbs v;
    char text[64];
    (void)state;
    memset(&v, 0, sizeof v);
    memset(text, 'x', sizeof v.verb[0]);
    snprintf(text + sizeof v.verb[0], sizeof text - sizeof v.verb[0], " rest");
    memset(v.verb[1], 'q', sizeof v.verb[1]);
    play_verbs_add(&v, text);
    assert_int_equal(v.n, 1);
    assert_int_equal(v.verb[1][0], 'q');
    assert_int_equal((int)strnlen(v.verb[0], sizeof v.verb[0]), (int)sizeof v.verb[0] - 1);
}

/* The lines kept for `vauban play`: each with its newline, counted, the
 * buffer growing past its first 4096 bytes and one line longer than that;
 * cleared to nothing, then released. */
static void test_play_lines(void **state)
{
    play_lines l;
    char big[10000];
    (void)state;
    memset(&l, 0, sizeof l);
    play_lines_add(&l, "one");
    play_lines_add(&l, "");
    play_lines_add(&l, "three");
    assert_int_equal(l.count, 3);
    assert_string_equal(l.s, "one\n\nthree\n");
    assert_int_equal(l.n, 11);
    memset(big, 'b', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    play_lines_add(&l, big);
    assert_int_equal(l.count, 4);
    assert_int_equal(l.n, 11 + sizeof big);
    assert_true(l.cap >= l.n + 1);
    assert_int_equal(l.s[l.n - 1], '\n');
    assert_int_equal(l.s[l.n], '\0');
    assert_int_equal(strncmp(l.s + 11, "bbbb", 4), 0);
    play_lines_clear(&l);
    assert_int_equal(l.count, 0);
    assert_string_equal(l.s, "");
    play_lines_add(&l, "again");
    assert_string_equal(l.s, "again\n");
    play_lines_release(&l);
    assert_null(l.s);
    assert_int_equal(l.cap, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrap_at_the_width),
        cmocka_unit_test(test_wrap_hangs_under_the_second_column),
        cmocka_unit_test(test_wrap_cuts_a_long_word),
        cmocka_unit_test(test_init_width_and_colour),
        cmocka_unit_test(test_terminal_width_and_resize),
        cmocka_unit_test(test_names_coloured),
        cmocka_unit_test(test_verdict_lines),
        cmocka_unit_test(test_board_and_area),
        cmocka_unit_test(test_game_args),
        cmocka_unit_test(test_parse_dice),
        cmocka_unit_test(test_log_buffer),
        cmocka_unit_test(test_read_json),
        cmocka_unit_test(test_exit_statuses),
        cmocka_unit_test(test_start_match),
        cmocka_unit_test(test_verb_of_a_rows_width),
        cmocka_unit_test(test_play_lines),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
