/*
 * test_mutation47.c - src/ai/mcts.c: survivors of the forty-seventh
 * session's seed-47 pass (the lead; docs/core.md, "Mutation pass,
 * forty-seventh session (the lead)"); messages "M47:".
 *
 * - Hidden information: the legal actions of a visit are marked in an
 *   open-addressing table (set_fill), two actions of the same slot each
 *   kept (mcts.c:312 the probe's `a != acts[i]` as `==` wrote the second
 *   over the first, so the first was never searched). The game is
 *   "twins", below.
 * - chain=minimax with prior visits: a reply not yet visited counts at its
 *   prior, as the selection counts it (mcts.c:733 `pv <= 0` as `pv >= 0`
 *   left it out, so a worse visited reply stood for the replying side's
 *   best). The game is "gamble", below.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ai_int.h"
#include "coin_game.h"
#include "vauban.h"

/* ---- twins: two actions of one slot in a hidden-information game --------
 * a chooses one of two actions, twin_a (a wins) or twin_b (a loses), and
 * the game ends. twin_b is the first action after twin_a whose slot in
 * mcts.c's membership table (the top 12 bits of the action times
 * 0x9E3779B97F4A7C15, SET_BITS) is twin_a's. The game has a
 * determinization (one that changes nothing), so the search marks each
 * visit's legal actions in that table. Built on coin's definition (a's
 * decision is coin's toss field; phase 3 over). */
static vb_action twin_a = 1, twin_b;
static int twin_a_wins = 1; /* 0: twin_b, the second marked, wins instead */

static uint32_t slot_of(vb_action a)
{
    return (uint32_t)((a * 0x9E3779B97F4A7C15ull) >> (64 - 12));
}

static int twins_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g, (void)w;
    if (cap < 2)
        return VB_EOVERFLOW;
    if (((const coin_state *)st)->phase != 0)
        return 0;
    acts[0] = twin_a; /* listed first: marked first */
    acts[1] = twin_b;
    return 2;
}

static int twins_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    coin_state *s = st;
    if (s->phase != 0 || (a != twin_a && a != twin_b))
        return VB_EILLEGAL;
    s->toss = (a == twin_a) == twin_a_wins;
    s->phase = 3;
    return 0;
}

static double twins_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    const coin_state *s = st;
    double v = s->phase == 3 ? (s->toss ? 1 : -1) : 0;
    return role == 0 ? v : -v;
}

static void twins_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const coin_state *s = st;
    r->over = s->phase == 3;
    r->winner = r->over ? !s->toss : -1;
    if (!r->over)
        return;
    r->score[0] = s->toss;
    r->score[1] = !s->toss;
    snprintf(r->verdict, sizeof r->verdict, "%s wins", s->toss ? "a" : "b");
}

static void twins_determinize(const vb_game *g, void *st, int role, vb_rng *rng)
{
    (void)g, (void)st, (void)role, (void)rng;
}

/* Search twins with twin_a (first) or twin_b (second) the winning action,
 * 50 iterations for each of four seeds: the winner must be chosen and
 * visited at least 25 times; `tag` starts the failure message. */
static void search_twins(int a_wins, const char *tag)
{
    for (twin_b = twin_a + 1; slot_of(twin_b) != slot_of(twin_a); twin_b++)
        ;
    twin_a_wins = a_wins;
    vb_action win = a_wins ? twin_a : twin_b, lose = a_wins ? twin_b : twin_a;
    vb_game_def d;
    vb_game g;
    coin_state s;
    coin_start(&g, &d, &s, 0.5, 2);
    d.legal = twins_legal;
    d.apply = twins_apply;
    d.eval = twins_eval;
    d.result = twins_result;
    d.determinize = twins_determinize;
    ai_mcts_params mp;
    ai_mcts_defaults(&g, &mp);
    mp.iterations = 50;
    mp.trees = 1;
    mp.threads = 1;
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    for (uint64_t seed = 1; seed <= 4; seed++) {
        vb_action a = ai_mcts_choose(m, &s, seed);
        vb_action acts[2];
        double vis[2], mean[2];
        assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
        int iw = acts[0] == win ? 0 : 1;
        assert_true(acts[iw] == win && acts[1 - iw] == lose);
        if (a != win || vis[iw] < 25)
            fail_msg("%s: seed %d: actions %llu and %llu share a slot, the %s wins: chose %llu, "
                     "the winning one visited %g times of 50",
                     tag, (int)seed, (unsigned long long)twin_a, (unsigned long long)twin_b,
                     a_wins ? "first" : "second", (unsigned long long)a, vis[iw]);
    }
    ai_mcts_free(m);
    twin_a_wins = 1;
}

/* twin_a, the winning action, is chosen and searched, whatever the seed;
 * the mutant never marked it legal, so it was never visited and twin_b,
 * the loss, was chosen. */
static void test_actions_of_one_slot_both_searched(void **state)
{
    (void)state;
    search_twins(1, "M47");
}

/* The same with twin_b, marked second (one slot past its own), the
 * winning one: it is found in the table, chosen and searched (the
 * fiftieth session's mcts.c:325, set_has's probe `(h + 1) & (SET_SIZE - 1)`
 * with `SET_SIZE - 0`, sent the lookup to slot 0 or 4096: twin_b was
 * taken for an action not legal at this visit, never visited, and twin_a,
 * the loss, was chosen; with `h + 0` the lookup never ends). */
static void test_second_of_one_slot_found(void **state)
{
    (void)state;
    search_twins(0, "M50");
}

/* ---- gamble: a reply not yet visited, at its prior ------------------------
 * a yields (0: the game ends, a loses) or goes on (1); then b gambles (0)
 * or plays safe (1). A gamble is a coin of two faces weighted 1 and 1:
 * face 1 b wins, face 0 a wins; safe leaves a ahead, worth 0.6 to a. Then
 * a closes the game (its one action). a's value: 0.5 before b's reply, 1
 * with the coin pending (the evaluation's optimism: a leaf there is worth
 * 0 to b, where its prior, the coin averaged, is 0.5), then as above.
 * Built on coin's definition: coin's toss is a's decision, coin its b's
 * reply, pad the face; phases 0 a, 1 b, 2 the coin, 3 a closes, 4 over. */
static int gamble_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {0, 1, VB_CHANCE, 0, VB_OVER};
    return who[((const coin_state *)st)->phase];
}

static int gamble_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    const coin_state *s = st;
    if (cap < 2)
        return VB_EOVERFLOW;
    if (s->phase >= 4)
        return 0;
    acts[0] = 0;
    acts[1] = 1;
    if (w)
        w[0] = w[1] = 1;
    return s->phase == 3 ? 1 : 2;
}

static int gamble_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    coin_state *s = st;
    switch (s->phase) {
    case 0:
        s->toss = (int32_t)a;
        s->phase = a ? 1 : 4;
        return 0;
    case 1:
        s->coin = (int32_t)a;
        s->phase = a ? 3 : 2;
        return 0;
    case 2:
        s->pad = (int32_t)a;
        s->phase = 3;
        return 0;
    case 3:
        s->phase = 4;
        return 0;
    default:
        return VB_EILLEGAL;
    }
}

/* a's value in [0, 1] */
static double gamble_value(const coin_state *s)
{
    if (s->phase == 4 && !s->toss)
        return 0;
    if (s->phase <= 1)
        return 0.5;
    if (s->phase == 2)
        return 1;
    return s->coin ? 0.6 : s->pad ? 0 : 1;
}

static double gamble_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    double v = 2 * gamble_value(st) - 1;
    return role == 0 ? v : -v;
}

static void gamble_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const coin_state *s = st;
    r->over = s->phase == 4;
    r->winner = -1;
    if (!r->over)
        return;
    double v = gamble_value(s);
    r->winner = v > 0.5 ? 0 : 1;
    r->score[0] = v;
    r->score[1] = 1 - v;
    snprintf(r->verdict, sizeof r->verdict, "%s wins", r->winner ? "b" : "a");
}

/* Two iterations of one tree, one prior visit, no exploration, no
 * rollout. The first: a goes on (prior 0.5; yielding 0), a leaf worth 0.5
 * to a. The second: a goes on, b gambles (prior 0.5, safe 0.4), a leaf
 * worth 0 to b: gamble (0 + 0.5) / 2 = 0.25. chain=minimax credits a with
 * 1 minus b's best reply, safe at its prior 0.4: a's mean (0.5 + 0.6) / 2
 * = 0.55 (the mutant: gamble's 0.25, a's mean 0.625). chain=mean: (0.5 +
 * 1) / 2 = 0.75, the iteration's own reward. */
static void test_minimax_counts_an_unvisited_reply_at_its_prior(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    coin_state s;
    coin_start(&g, &d, &s, 0.5, 2);
    d.to_move = gamble_to_move;
    d.legal = gamble_legal;
    d.apply = gamble_apply;
    d.eval = gamble_eval;
    d.result = gamble_result;
    for (int ch = AI_CHAIN_MEAN; ch <= AI_CHAIN_MINIMAX; ch += AI_CHAIN_MINIMAX) {
        ai_mcts_params mp;
        ai_mcts_defaults(&g, &mp);
        mp.iterations = 2;
        mp.trees = 1;
        mp.threads = 1;
        mp.prior_visits = 1;
        mp.c = 0;
        mp.rollout = 0;
        mp.chain = ch;
        ai_mcts *m = ai_mcts_new(&g, &mp);
        assert_non_null(m);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            ai_mcts_choose(m, &s, seed);
            vb_action acts[2];
            double vis[2], mean[2];
            assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
            int on = acts[0] == 1 ? 0 : 1;
            assert_int_equal(acts[on], 1);
            assert_true(vis[on] == 2 && vis[1 - on] == 0);
            double want = ch == AI_CHAIN_MINIMAX ? 0.55 : 0.75;
            if (fabs(mean[on] - want) > 1e-3)
                fail_msg("M47: chain %d, seed %d: going on is worth %.4f to a, want %.4f (b's "
                         "safe reply, not visited, counted at its prior 0.4)",
                         ch, (int)seed, mean[on], want);
        }
        ai_mcts_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_actions_of_one_slot_both_searched),
        cmocka_unit_test(test_second_of_one_slot_found),
        cmocka_unit_test(test_minimax_counts_an_unvisited_reply_at_its_prior),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
