/*
 * test_mutation43.c - checks added by the forty-third session's mutation
 * pass (the lead) over src/core/text.c: vb_put_orders, the "orders here
 * now:" paragraph under a zone, a work or a hex, which no core test called
 * (the games' views call it; a wrong filter there lists another role's
 * orders or none).
 *
 * The test game is tests/ai/hilo_game.h with its decision phases given
 * twelve orders whose texts put the word "high" at the start, at the end,
 * in the middle, inside a longer word and nowhere.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../ai/hilo_game.h"
#include "vb_module.h"

static const char *const orders[] = {
    "high",                     /* the whole text */
    "go high",                  /* at the end */
    "high ground",              /* at the start */
    "higher",                   /* a longer word: not listed */
    "thigh",                    /* inside a word: not listed */
    "end",                      /* elsewhere: not listed */
    "march by the high road 1", /* in the middle, from here long */
    "march by the high road 2",
    "march by the high road 3",
    "march by the high road 4",
    "hold the higher ground", /* not listed */
    "march by the high road 5",
};
#define NORDERS ((int)(sizeof orders / sizeof orders[0]))

static int orders_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    const hilo_state *s = st;
    if (s->phase != 2 && s->phase != 3)
        return hilo_legal(g, st, acts, w, cap);
    if (cap < NORDERS)
        return VB_EOVERFLOW;
    for (int i = 0; i < NORDERS; i++) {
        acts[i] = (vb_action)i;
        if (w)
            w[i] = 1;
    }
    return NORDERS;
}

static void orders_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    const hilo_state *s = st;
    if (s->phase != 2 && s->phase != 3)
        hilo_text(g, st, a, buf, n);
    else
        snprintf(buf, n, "%s", a < (vb_action)NORDERS ? orders[a] : "?");
}

/* What vb_put_orders writes for role about word at the given phase. */
static char *put_orders(int phase, int role, const char *word)
{
    vb_game_def d = hilo_def(0);
    vb_game g;
    hilo_state s;
    char *text = NULL;
    size_t n = 0;
    d.legal = orders_legal;
    d.action_text = orders_text;
    vb_game_defaults(&g, &d);
    memset(&s, 0, sizeof s);
    s.phase = phase;
    FILE *f = open_memstream(&text, &n);
    assert_non_null(f);
    vb_put_orders(f, &g, &s, role, word);
    assert_int_equal(fclose(f), 0);
    return text;
}

/* The orders that name the word as a whole word, each followed by ';',
 * wrapped at 80 columns with a four-column indent (text.c:106, :102). */
static const char listed[] =
    "  orders here now: high; go high; high ground; march by the high road 1;\n"
    "    march by the high road 2; march by the high road 3;\n"
    "    march by the high road 4; march by the high road 5;\n";

static void test_orders_name_the_word_whole(void **state)
{
    (void)state;
    char *s = put_orders(2, 0, "high");
    if (strcmp(s, listed) != 0)
        fail_msg("M43: orders about 'high' for the role deciding:\n%s\nnot:\n%s", s, listed);
    free(s);
    s = put_orders(2, 0, "low");
    if (strcmp(s, "  orders here now: none\n") != 0)
        fail_msg("M43: no order about 'low', yet:\n%s", s);
    free(s);
}

/* Only to the role deciding now (role -1: whoever decides; text.c:95):
 * "a" decides at phase 2 (role 0), "b" at phase 3 (role 1); nothing while
 * chance decides (phase 0) or the game is over (phase 4). */
static void test_orders_only_to_the_role_deciding(void **state)
{
    static const struct {
        int phase, role, shown;
    } rows[] = {
        {2, 0, 1},  {2, 1, 0},  {2, -1, 1}, {3, 1, 1},  {3, 0, 0},
        {3, -1, 1}, {0, -1, 0}, {0, 0, 0},  {4, -1, 0}, {4, 1, 0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *s = put_orders(rows[i].phase, rows[i].role, "high");
        const char *want = rows[i].shown ? listed : "";
        if (strcmp(s, want) != 0)
            fail_msg("M43: phase %d, role %d: orders\n%s\nnot\n%s", rows[i].phase, rows[i].role, s,
                     want);
        free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_orders_name_the_word_whole),
        cmocka_unit_test(test_orders_only_to_the_role_deciding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
