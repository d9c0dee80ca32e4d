/* play_input.c - reading orders at the terminal: libedit (completion of
 * commands and action words, history) when it was found at build time and
 * both ends are terminals, else plain lines from standard input. */
#include <ctype.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play.h"

#ifdef VB_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

void play_fold(char *dst, size_t n, const char *src)
{
    vb_name_token(dst, n, src);
    for (char *q = dst; *q; q++)
        *q = (char)tolower((unsigned char)*q);
}

static char *read_plain(const char *prompt)
{
    char buf[1024];
    size_t n;
    fputs(prompt, stdout);
    fflush(stdout);
    if (!fgets(buf, sizeof buf, stdin)) {
        clearerr(stdin); /* at a terminal, Ctrl-D once: the next read waits again */
        return NULL;
    }
    n = strlen(buf);
    if (n > 0 && buf[n - 1] != '\n' && !feof(stdin)) {
        /* A line longer than any order: drop the rest of it. */
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
    }
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
        buf[--n] = '\0';
    return strdup(buf);
}

#ifdef VB_HAVE_LIBEDIT
/* libedit calls the completion hooks without a user pointer: the session
 * being completed is kept here while line editing is on (the one mutable
 * global of the command, set and cleared by play_input_init/_end). */
static play *completing;

static const char *const commands[] = {
    "board", "list", "log", "points", "undo", "save", "load", "odds", "hint", "help", "quit", NULL,
};

/* Candidates for the word being typed: the command names when it is the
 * first word, and the next word of every legal action whose first words
 * are those already typed (accents and case ignored). Kept between the
 * generator's calls, as libedit's API wants. */
static char **cands;
static int ncands, cand_next;

static void cand_add(const char *w, size_t n)
{
    for (int i = 0; i < ncands; i++)
        if (strlen(cands[i]) == n && strncmp(cands[i], w, n) == 0)
            return;
    char **c = realloc(cands, (size_t)(ncands + 1) * sizeof *c);
    if (!c)
        return;
    cands = c;
    if ((cands[ncands] = strndup(w, n)) != NULL)
        ncands++;
}

static void cand_clear(void)
{
    for (int i = 0; i < ncands; i++)
        free(cands[i]);
    free(cands);
    cands = NULL;
    ncands = 0;
}

static void cand_build(const char *line, int start, const char *text)
{
    play *p = completing;
    char typed[512], ftext[256], buf[VB_TEXT_LEN];
    size_t tl;
    cand_clear();
    if (start < 0 || (size_t)start >= sizeof typed)
        return;
    memcpy(typed, line, (size_t)start);
    typed[start] = '\0';
    /* After a command that takes words (list, odds), complete action words
     * as if the command were not there. */
    {
        char *s = typed;
        while (*s == ' ')
            s++;
        if (strncmp(s, "list ", 5) == 0)
            memmove(typed, s + 5, strlen(s + 5) + 1);
    }
    play_fold(ftext, sizeof ftext, text);
    tl = strlen(ftext);
    if (strspn(typed, " ") == strlen(typed)) {
        for (int i = 0; commands[i]; i++)
            if (strncmp(commands[i], ftext, tl) == 0)
                cand_add(commands[i], strlen(commands[i]));
        if (p && p->g->def->area && p->g->def->area_word &&
            strncmp(p->g->def->area_word, ftext, tl) == 0)
            cand_add(p->g->def->area_word, strlen(p->g->def->area_word));
    }
    if (!p)
        return;
    {
        /* `zone NAME` / `front NAME`: the game's area names. */
        const char *w = p->g->def->area ? p->g->def->area_word : NULL;
        const char *s = typed + strspn(typed, " ");
        size_t wl = w ? strlen(w) : 0;
        if (w && strncmp(s, w, wl) == 0 && s[wl] == ' ' && !s[wl + 1 + strspn(s + wl + 1, " ")]) {
            char *names = NULL, *save = NULL, fy[2 * VB_TEXT_LEN];
            size_t nn = 0;
            FILE *f = open_memstream(&names, &nn);
            vb_ctx cx;
            vb_ctx_init(&cx);
            if (f) {
                p->g->def->area(p->g, p->m.st, -1, NULL, f, &cx);
                if (fclose(f) == 0)
                    for (char *n = strtok_r(names, "\n", &save); n;
                         n = strtok_r(NULL, "\n", &save)) {
                        play_fold(fy, sizeof fy, n);
                        if (strncmp(fy, ftext, tl) == 0)
                            cand_add(n, strlen(n));
                    }
                free(names);
            }
            return;
        }
    }
    for (int i = 0; i < p->nacts; i++) {
        const char *tw = typed, *aw = buf;
        int ok = 1;
        vb_action_text(p->g, p->m.st, p->acts[i], buf, sizeof buf);
        /* The words typed so far must be the action's first words. */
        for (;;) {
            size_t tn, an;
            char x[VB_TEXT_LEN], y[VB_TEXT_LEN];
            tw += strspn(tw, " ");
            if (!*tw)
                break;
            tn = strcspn(tw, " ");
            an = strcspn(aw, " ");
            if (!*aw || tn >= sizeof x || an >= sizeof y) {
                ok = 0;
                break;
            }
            memcpy(x, tw, tn);
            x[tn] = '\0';
            memcpy(y, aw, an);
            y[an] = '\0';
            if (!vb_name_eq(x, y)) {
                ok = 0;
                break;
            }
            tw += tn;
            aw += an;
            aw += strspn(aw, " ");
        }
        if (!ok || !*aw)
            continue;
        {
            size_t an = strcspn(aw, " ");
            char y[VB_TEXT_LEN], fy[2 * VB_TEXT_LEN];
            if (an >= sizeof y)
                continue;
            memcpy(y, aw, an);
            y[an] = '\0';
            play_fold(fy, sizeof fy, y);
            if (strncmp(fy, ftext, tl) == 0)
                cand_add(aw, an);
        }
    }
}

static char *cand_gen(const char *text, int state)
{
    (void)text;
    if (state == 0)
        cand_next = 0;
    if (cand_next < ncands)
        return strdup(cands[cand_next++]);
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    cand_build(rl_line_buffer, start, text);
    rl_attempted_completion_over = 1; /* no file names */
    if (ncands == 0)
        return NULL;
    return rl_completion_matches(text, cand_gen);
}

/* ~/.vauban_history: the lines typed in earlier sessions. 0 without HOME. */
static int history_path(char *buf, size_t n)
{
    const char *home = getenv("HOME");
    buf[0] = '\0';
    if (!home || !*home || (size_t)snprintf(buf, n, "%s/.vauban_history", home) >= n) {
        buf[0] = '\0';
        return 0;
    }
    return 1;
}
#endif

void play_input_init(play *p)
{
    p->editing = 0;
#ifdef VB_HAVE_LIBEDIT
    if (p->interactive) {
        /* Line editing must know the terminal's encoding to take accented
         * letters (UTF-8); only the character classes follow the locale. */
        setlocale(LC_CTYPE, "");
        completing = p;
        rl_readline_name = "vauban";
        rl_attempted_completion_function = complete;
        rl_basic_word_break_characters = " \t";
        using_history();
        stifle_history(1000);
        if (history_path(p->history, sizeof p->history))
            read_history(p->history);
        p->editing = 1;
    }
#endif
}

void play_input_end(play *p)
{
    (void)p;
#ifdef VB_HAVE_LIBEDIT
    if (completing == p) {
        cand_clear();
        completing = NULL;
        if (p->history[0])
            write_history(p->history);
        clear_history();
    }
#endif
}

char *play_read(play *p, const char *prompt, int history)
{
#ifdef VB_HAVE_LIBEDIT
    if (p->editing) {
        char *line;
        fflush(stdout);
        line = readline(prompt);
        if (line && history && line[strspn(line, " ")])
            add_history(line);
        return line;
    }
#else
    (void)history;
#endif
    (void)p;
    (void)history;
    return read_plain(prompt);
}
