/* term.c - wrapped, optionally coloured text for a person at a terminal. */
#include <ctype.h>
#include <strings.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "term.h"

/* Side colours, by side index: blue, yellow, green, magenta (ANSI). */
static const int side_colors[VB_MAX_SIDES] = {34, 33, 32, 35};

int term_color_parse(const char *when)
{
    if (strcmp(when, "auto") == 0)
        return TERM_COLOR_AUTO;
    if (strcmp(when, "never") == 0 || strcmp(when, "no") == 0)
        return TERM_COLOR_NEVER;
    if (strcmp(when, "always") == 0 || strcmp(when, "yes") == 0)
        return TERM_COLOR_ALWAYS;
    return -1;
}

void term_init(term *t, FILE *out, int mode)
{
    struct winsize ws;
    const char *cols = getenv("COLUMNS"), *nc = getenv("NO_COLOR");
    int fd = fileno(out), tty = fd >= 0 && isatty(fd);
    memset(t, 0, sizeof *t);
    t->out = out;
    t->width = 80;
    if (tty && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
        t->width = ws.ws_col;
    else if (cols && atoi(cols) >= 20)
        t->width = atoi(cols);
    if (t->width > 400)
        t->width = 400;
    if (mode == TERM_COLOR_ALWAYS)
        t->color = 1;
    else if (mode == TERM_COLOR_AUTO)
        t->color = tty && !(nc && *nc) && !(getenv("TERM") && !strcmp(getenv("TERM"), "dumb"));
}

void term_resize(term *t)
{
    struct winsize ws;
    int fd = fileno(t->out);
    if (fd >= 0 && isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
        t->width = ws.ws_col > 400 ? 400 : ws.ws_col;
}

void term_set_game(term *t, const vb_game *g)
{
    t->nnames = 0;
    for (int s = 0; s < g->nsides && s < VB_MAX_SIDES; s++) {
        t->names[t->nnames] = g->sides[s];
        t->name_color[t->nnames++] = side_colors[s];
    }
    for (int r = 0; r < g->def->nroles && r < VB_MAX_ROLES; r++) {
        int s = g->role_side[r];
        t->names[t->nnames] = g->def->roles[r];
        t->name_color[t->nnames++] = s >= 0 && s < VB_MAX_SIDES ? side_colors[s] : 0;
    }
}

int term_width_of(const char *s, size_t n)
{
    int w = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            w++;
    return w;
}

/* Bytes of the first `cols` columns of s[0..n). */
static size_t bytes_for_cols(const char *s, size_t n, int cols)
{
    size_t i = 0;
    int w = 0;
    while (i < n) {
        size_t j = i + 1;
        while (j < n && ((unsigned char)s[j] & 0xC0) == 0x80)
            j++;
        if (w + 1 > cols)
            break;
        w++;
        i = j;
    }
    return i;
}

/* The colour for word w[0..n): a side or role name at its start, followed
 * by the end or a character that is not a letter or digit. 0: none. */
static int word_color(const term *t, const char *w, size_t n)
{
    while (n > 0 && (*w == '(' || *w == '[' || *w == '"' || *w == '\'')) {
        w++;
        n--;
    }
    for (int k = 0; k < t->nnames; k++) {
        size_t len = strlen(t->names[k]);
        size_t e = len < n && (w[len] == 's' || w[len] == 'S') ? len + 1 : len; /* plural */
        if (len <= n && strncasecmp(w, t->names[k], len) == 0 &&
            (e == n || !isalnum((unsigned char)w[e])) && t->name_color[k])
            return t->name_color[k];
    }
    return 0;
}

static void put_word(term *t, const char *w, size_t n)
{
    int c = t->color ? word_color(t, w, n) : 0;
    if (c)
        fprintf(t->out, "\x1b[%s%dm%.*s\x1b[0%sm", t->bold ? "1;" : "", c, (int)n, w,
                t->bold ? ";1" : "");
    else
        fwrite(w, 1, n, t->out);
}

static void spaces(FILE *f, int n)
{
    for (int i = 0; i < n; i++)
        fputc(' ', f);
}

/* Print one line (no newline inside) wrapped, then a newline. */
static void print_line(term *t, const char *s, size_t n)
{
    int width = t->width, ind = 0, hang, col = 0;
    size_t i = 0;
    while (ind < (int)n && s[ind] == ' ')
        ind++;
    /* Hanging indent: the start of the second column, if there is one in
     * the first half of the line, else the line's indent plus two. */
    hang = ind + 2;
    for (size_t k = (size_t)ind; k + 2 < n; k++) {
        if (s[k] == ' ' && s[k + 1] == ' ') {
            size_t e = k;
            while (e < n && s[e] == ' ')
                e++;
            if (e < n && term_width_of(s, e) <= width / 2)
                hang = term_width_of(s, e);
            break;
        }
    }
    if (hang > width / 2)
        hang = width / 2;
    while (i < n) {
        size_t gap = 0, wn = 0;
        int ww;
        while (i + gap < n && s[i + gap] == ' ')
            gap++;
        while (i + gap + wn < n && s[i + gap + wn] != ' ')
            wn++;
        if (wn == 0) /* trailing blanks */
            break;
        ww = term_width_of(s + i + gap, wn);
        if (col > 0 && col + (int)gap + ww > width) {
            fputc('\n', t->out);
            spaces(t->out, hang);
            col = hang;
            gap = 0;
            /* skip the gap: the word starts the new line */
            while (i < n && s[i] == ' ')
                i++;
        } else {
            spaces(t->out, (int)gap);
            col += (int)gap;
            i += gap;
        }
        /* A word wider than the room left: cut it. */
        while (col + ww > width && width - col > 0) {
            size_t b = bytes_for_cols(s + i, wn, width - col);
            if (b == 0)
                break;
            put_word(t, s + i, b);
            fputc('\n', t->out);
            spaces(t->out, hang);
            col = hang;
            i += b;
            wn -= b;
            ww = term_width_of(s + i, wn);
        }
        put_word(t, s + i, wn);
        col += ww;
        i += wn;
    }
    fputc('\n', t->out);
}

void term_print(term *t, const char *text)
{
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, "\n");
        print_line(t, p, n);
        p += n;
        if (*p)
            p++;
    }
}

void term_printf(term *t, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    term_print(t, buf);
}

void term_status(term *t, const char *line)
{
    if (t->color)
        fputs("\x1b[1m", t->out);
    t->bold = 1;
    term_print(t, line);
    t->bold = 0;
    if (t->color)
        fputs("\x1b[0m", t->out);
    fflush(t->out);
}

void term_dim(term *t, const char *text)
{
    if (t->color)
        fputs("\x1b[2m", t->out);
    fputs(text, t->out);
    if (t->color)
        fputs("\x1b[0m", t->out);
}

char *term_board(const vb_game *g, const void *view, int role)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    if (!f)
        return NULL;
    g->def->render(g, view, role, f);
    if (fclose(f) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

/* Run a game's text hook into a string; NULL when memory runs out. */
static char *capture_points(const vb_game *g, const void *st)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    if (!f)
        return NULL;
    g->def->points(g, st, f);
    if (fclose(f) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

void term_points(term *t, const vb_game *g, const void *st)
{
    char *s;
    if (!g->def->points || !(s = capture_points(g, st)))
        return;
    term_print(t, s);
    free(s);
}

int term_area(term *t, const vb_game *g, const void *view, int role, const char *name, vb_ctx *cx)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f;
    int rc;
    if (!g->def->area)
        return vb_fail(cx, VB_EINPUT, "%s has no zone or front view", g->def->id);
    if (!(f = open_memstream(&s, &n)))
        return vb_fail(cx, VB_EIO, "out of memory");
    rc = g->def->area(g, view, role, name, f, cx);
    if (fclose(f) != 0 && rc == 0)
        rc = vb_fail(cx, VB_EIO, "out of memory");
    if (rc == 0 && !name) {
        /* The names, several to a line. */
        for (char *c = s; *c; c++)
            if (*c == '\n' && c[1])
                *c = ' ';
    }
    if (rc == 0)
        term_print(t, s);
    free(s);
    return rc;
}

void term_verdict(term *t, const vb_game *g, const void *st)
{
    static const char *const out[] = {"-", "wins", "loses", "draws"};
    vb_result r;
    vb_roles in = vb_scenario_roles(g, ((const vb_head *)st)->scenario);
    vb_result_get(g, st, &r);
    term_status(t, "Game over");
    term_printf(t, "%s%s%s", r.winner >= 0 ? g->sides[r.winner] : "",
                r.winner >= 0 ? " wins: " : "", r.verdict);
    for (int k = 0; k < g->def->nroles; k++)
        if (in >> k & 1u)
            term_printf(t, "  %s %s (score %g)", g->def->roles[k],
                        r.outcome[k] >= 0 && r.outcome[k] <= 3 ? out[r.outcome[k]] : "-",
                        r.score[k]);
    term_points(t, g, st);
}
