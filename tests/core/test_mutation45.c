/*
 * test_mutation45.c - checks added by the forty-fifth session's mutation
 * pass (the lead) over src/core/state.c, undo.c, match.c, util.c and
 * rng.c (seed 45): what the pass's survivors showed no core test checked.
 *
 * The test game of the first two tests is tests/ai/hilo_game.h: two chance deals, then "a" and
 * "b" each choose "low" or "high".
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

/* A hilo game at the given phase (0-1 deals, 2 "a" decides, 3 "b"). */
static void hilo_at(vb_game *g, vb_game_def *d, hilo_state *s, int phase)
{
    *d = hilo_def(0);
    vb_game_defaults(g, d);
    memset(s, 0, sizeof *s);
    s->phase = phase;
}

/* vb_legal with a buffer of exactly the legal list's size returns the list
 * (state.c:42: only a list longer than the buffer is an overflow). A
 * caller sizing its buffer to the decision, as the staged menus do, must
 * get the actions, not an error. */
static void test_legal_fills_a_buffer_of_its_size(void **state)
{
    vb_game_def d;
    vb_game g;
    hilo_state s;
    vb_action acts[6];
    uint32_t w[6];
    (void)state;
    hilo_at(&g, &d, &s, 0);
    int n = vb_legal(&g, &s, acts, w, 6);
    if (n != 6)
        fail_msg("M45: the deal's six outcomes in a buffer of six: %d, not 6", n);
    hilo_at(&g, &d, &s, 2);
    n = vb_legal(&g, &s, acts, NULL, 2);
    if (n != 2 || acts[0] != 0 || acts[1] != 1)
        fail_msg("M45: 'low' and 'high' in a buffer of two: %d", n);
    if (vb_legal(&g, &s, acts, NULL, 1) != VB_EOVERFLOW)
        fail_msg("M45: two actions in a buffer of one is not an overflow");
}

/* An action typed as a long chain of "->" (each read as the word "onto",
 * five characters for two): its canonical form fills the comparison
 * buffer and is cut there (state.c:129); the action is refused in one line
 * and nothing past the buffer is written (the sanitizer build sees the
 * write). */
static void test_a_chain_of_arrows_refused(void **state)
{
    vb_game_def d;
    vb_game g;
    hilo_state s;
    vb_action a = 99;
    char raw[VB_TEXT_LEN * 2 - 1];
    vb_ctx cx;
    (void)state;
    hilo_at(&g, &d, &s, 2);
    raw[0] = 'a'; /* a text beginning with '-' is refused before it is read */
    for (size_t k = 1; k + 2 < sizeof raw; k += 2)
        memcpy(raw + k, "->", 2);
    raw[sizeof raw - 2] = '\0';
    vb_ctx_init(&cx);
    int rc = vb_parse_action(&g, &s, raw, &a, &cx);
    if (rc != VB_EILLEGAL || a != 99)
        fail_msg("M45: a chain of arrows read as action %llu (rc %d)", (unsigned long long)a, rc);
    if (strncmp(cx.err, "illegal action 'a->->", 21) != 0 || strchr(cx.err, '\n'))
        fail_msg("M45: a chain of arrows refused as: %s", cx.err);
    /* The same words, a few: still read against the list (no action is
     * "onto onto"), and "high" with an arrow before it is not "high". */
    vb_ctx_init(&cx);
    if (vb_parse_action(&g, &s, "-> high", &a, &cx) != VB_EILLEGAL)
        fail_msg("M45: '-> high' read as an action");
    vb_ctx_init(&cx);
    if (vb_parse_action(&g, &s, "high", &a, &cx) != 0 || a != 1)
        fail_msg("M45: 'high' not read as action 1: %s", cx.err);
}

/* vb_rng_below is fair for a bound near 2^64 too (rng.c:51: Lemire's
 * method rejects a draw whose low word is under 2^64 mod n). For
 * n = 3 * 2^62 the product x * n has the low word (3x mod 4) * 2^62 and the
 * result floor(3x / 4): the draws with x = 0 mod 4 must be rejected, and
 * then the result's residue mod 3 is 0, 1 or 2 as x is 1, 2 or 3 mod 4,
 * each a third of the time. Rejecting any other draw leaves one residue
 * out. 3,000 draws: each residue between 800 and 1,200 (a fair count is
 * 1,000 with a standard deviation of 26). */
static void test_below_fair_for_a_bound_near_two_to_the_64(void **state)
{
    vb_rng r;
    int count[3] = {0, 0, 0};
    const uint64_t n = 3ull << 62;
    (void)state;
    vb_rng_seed(&r, 45);
    for (int i = 0; i < 3000; i++) {
        uint64_t v = vb_rng_below(&r, n);
        if (v >= n)
            fail_msg("M45: vb_rng_below(3 * 2^62) gave %llu", (unsigned long long)v);
        count[v % 3]++;
    }
    for (int k = 0; k < 3; k++)
        if (count[k] < 800 || count[k] > 1200)
            fail_msg("M45: residues mod 3 of vb_rng_below(3 * 2^62): %d, %d, %d", count[0],
                     count[1], count[2]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legal_fills_a_buffer_of_its_size),
        cmocka_unit_test(test_a_chain_of_arrows_refused),
        cmocka_unit_test(test_below_fair_for_a_bound_near_two_to_the_64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
