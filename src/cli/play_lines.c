/* play_lines.c - the log lines collected for `vauban play`, the verb
 * counts of its summaries (a long menu, the computer's turn) and the
 * titles of the referee's card menu: kept apart from play.c so that
 * tests/cli/test_play_verbs.c links them alone. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

void play_lines_add(play_lines *l, const char *line)
{
    size_t k = strlen(line);
    if (l->n + k + 2 > l->cap) {
        size_t cap = l->cap ? l->cap : 4096;
        char *s;
        while (cap < l->n + k + 2)
            cap *= 2;
        if (!(s = realloc(l->s, cap)))
            return;
        l->s = s;
        l->cap = cap;
    }
    memcpy(l->s + l->n, line, k);
    l->n += k;
    l->s[l->n++] = '\n';
    l->s[l->n] = '\0';
    l->count++;
}

void play_lines_clear(play_lines *l)
{
    l->n = 0;
    l->count = 0;
    if (l->s)
        l->s[0] = '\0';
}

void play_lines_release(play_lines *l)
{
    free(l->s);
    memset(l, 0, sizeof *l);
}

/* The rows of v's tables: both are sized by PLAY_VERBS, and the bound
 * below is taken from the arrays themselves, so a menu of any number of
 * verbs (a future game's larger one included) folds the verbs past the
 * last row into "other" and never writes past the tables. */
#define VERB_ROWS ((int)(sizeof((play_verbs *)0)->verb / sizeof((play_verbs *)0)->verb[0]))
_Static_assert(sizeof((play_verbs *)0)->count / sizeof((play_verbs *)0)->count[0] ==
                   sizeof((play_verbs *)0)->verb / sizeof((play_verbs *)0)->verb[0],
               "play_verbs: verb and count have the same rows");
_Static_assert(PLAY_VERBS >= 2, "play_verbs: room for one verb and \"other\"");

void play_verbs_add(play_verbs *v, const char *text)
{
    size_t k = strcspn(text, " ");
    int i;
    if (k >= sizeof v->verb[0])
        k = sizeof v->verb[0] - 1;
    v->total++;
    for (i = 0; i < v->n; i++)
        if (strlen(v->verb[i]) == k && strncmp(v->verb[i], text, k) == 0)
            break;
    if (i == v->n) {
        if (v->n < VERB_ROWS) {
            memcpy(v->verb[i], text, k);
            v->verb[i][k] = '\0';
            v->count[i] = 0;
            v->n++;
        } else { /* the tables are full: the last row counts the rest */
            i = VERB_ROWS - 1;
            strcpy(v->verb[i], "other");
        }
    }
    assert(i >= 0 && i < VERB_ROWS && v->n <= VERB_ROWS);
    v->count[i]++;
}

/* The items "VERB N" joined by ", " into buf (n > 0 bytes), as many
 * whole items as fit. */
void play_verbs_text(const play_verbs *v, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < v->n && k + 1 < n; i++) {
        int w = snprintf(buf + k, n - k, "%s%s %d", i ? ", " : "", v->verb[i], v->count[i]);
        if (w < 0 || (size_t)w >= n - k) {
            buf[k] = '\0'; /* no part of an item that does not fit */
            break;
        }
        k += (size_t)w;
    }
}

const char *play_outcome_title(const char *line)
{
    const char *c;
    if (line[0] == '[' && (c = strchr(line, ']')) != NULL)
        line = c + 1 + (c[1] == ' ');
    if ((c = strstr(line, ": ")) != NULL && c - line < 32)
        line = c + 2;
    return line;
}
