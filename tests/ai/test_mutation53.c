/*
 * test_mutation53.c - src/ai/mcts.c: survivors of the fifty-third
 * session's seed-53 pass (the lead; docs/core.md, "Mutation pass,
 * fifty-third session (the lead)"); messages "M53:".
 *
 * - A search bounded by the clock searches until the clock runs out
 *   (mcts.c:859 time_left's `||` as `&&`: never time left, a timed search
 *   ran no iteration at all and chose from nothing). The only timed test
 *   before (test_mutation39.c) checked the search stopped, not that it ran.
 * - Unvisited children are visited in the order of their prior, best
 *   first (mcts.c:342 order_by_prior compared with `ord[j + gap]` instead
 *   of `ord[j - gap]`: a sort that compared the wrong neighbour). The
 *   game is "rank", below: k iterations visit exactly the k best picks.
 */
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

/* ---- rank: a picks one of rank_n actions, b passes, the game ends ---------
 * The evaluation after a's pick is rank_val[pick] (a's view), so the prior
 * of each pick is known and all differ. Built on coin's definition: coin's
 * toss is a's pick; phases 0 a, 1 b, 2 over. */
enum { RANK_MAX = 800 };
static int rank_n;
static double rank_val[RANK_MAX];

static int rank_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {0, 1, VB_OVER};
    return who[((const coin_state *)st)->phase];
}

static int rank_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g, (void)w;
    int phase = ((const coin_state *)st)->phase;
    int n = phase == 0 ? rank_n : phase == 1 ? 1 : 0;
    if (cap < n)
        return VB_EOVERFLOW;
    for (int i = 0; i < n; i++)
        acts[i] = (vb_action)i;
    return n;
}

static int rank_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    coin_state *s = st;
    if (s->phase >= 2 || (s->phase == 0 && a >= (vb_action)rank_n) || (s->phase == 1 && a != 0))
        return VB_EILLEGAL;
    if (s->phase == 0)
        s->toss = (int32_t)a;
    s->phase++;
    return 0;
}

static double rank_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    const coin_state *s = st;
    double v = s->phase == 0 ? 0 : rank_val[s->toss];
    return role == 0 ? v : -v;
}

static void rank_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const coin_state *s = st;
    r->over = s->phase == 2;
    r->winner = -1;
    if (!r->over)
        return;
    r->winner = rank_val[s->toss] > 0 ? 0 : 1;
    r->score[0] = r->winner == 0;
    r->score[1] = !r->score[0];
    snprintf(r->verdict, sizeof r->verdict, "%s wins", r->winner ? "b" : "a");
}

/* Give the n picks distinct values in (-1, 1), shuffled by a small LCG:
 * pick i gets the value of rank perm[i]; rank 0 is the best. */
static void rank_shuffle(int n, uint64_t seed, int *perm)
{
    rank_n = n;
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (int i = n - 1; i > 0; i--) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int j = (int)((seed >> 33) % (uint64_t)(i + 1));
        int x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
    }
    for (int i = 0; i < n; i++)
        rank_val[i] = 0.9 - 1.8 * (perm[i] + 1) / (n + 1);
}

/* k iterations of one tree visit the k best picks once each and no other:
 * with pv=0 every unvisited child is taken before any is visited twice, in
 * the order of its prior (pw off, the default; with the default pv of 10
 * the prior counts as visits and the order breaks only exact ties). Lists of 2-40 picks (the
 * insertion sort's gap of 1), and of 150, 400 and 800 (the shell gaps). */
static void test_first_visits_follow_the_prior(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    coin_state s;
    coin_start(&g, &d, &s, 0.5, 2);
    d.to_move = rank_to_move;
    d.legal = rank_legal;
    d.apply = rank_apply;
    d.eval = rank_eval;
    d.result = rank_result;
    static int perm[RANK_MAX];
    static vb_action acts[RANK_MAX];
    static double vis[RANK_MAX], mean[RANK_MAX];
    static const int sizes[] = {2, 3, 4, 5, 7, 9, 12, 17, 25, 40, 150, 400, 800};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        int n = sizes[si];
        for (uint64_t seed = 1; seed <= (n <= 40 ? 6u : 2u); seed++) {
            rank_shuffle(n, seed * 7919 + (uint64_t)n, perm);
            int ks[] = {1, 2, n / 2, n - 1};
            for (int ki = 0; ki < 4; ki++) {
                int k = ks[ki];
                if (k < 1 || (ki > 0 && k <= ks[ki - 1]))
                    continue;
                ai_mcts_params mp;
                ai_mcts_defaults(&g, &mp);
                mp.iterations = k;
                mp.trees = 1;
                mp.threads = 1;
                mp.prior_visits = 0; /* pv=0: unvisited children first */
                ai_mcts *m = ai_mcts_new(&g, &mp);
                assert_non_null(m);
                ai_mcts_choose(m, &s, seed);
                int got = ai_mcts_root(m, acts, vis, mean, RANK_MAX);
                if (got != n)
                    fail_msg("M53: %d picks, the root has %d children", n, got);
                for (int i = 0; i < n; i++) {
                    int want = perm[acts[i]] < k;
                    if ((vis[i] == 1) != want || (vis[i] != 0 && vis[i] != 1))
                        fail_msg("M53: %d picks, %d iterations (seed %d): pick %d of rank %d "
                                 "visited %g times",
                                 n, k, (int)seed, (int)acts[i], perm[acts[i]], vis[i]);
                }
                ai_mcts_free(m);
            }
        }
    }
}

/* A search of 300 ms runs until the clock stops it (its budget of
 * iterations is not read then: an optimised build runs millions): at
 * least its first 16 iterations (the clock is read every 16), and it
 * chooses one of the coin's two actions. */
static void test_a_timed_search_searches(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    coin_state s;
    coin_start(&g, &d, &s, 0.45, 2);
    ai_mcts_params mp;
    ai_mcts_defaults(&g, &mp);
    mp.iterations = 2000000;
    mp.trees = 1;
    mp.threads = 1;
    mp.millis = 300;
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    vb_action a = ai_mcts_choose(m, &s, 1);
    long it = 0;
    ai_mcts_stats(m, &it, NULL);
    if (it < 16)
        fail_msg("M53: a 300 ms search ran %ld iterations", it);
    vb_action acts[2];
    double vis[2], mean[2];
    if (ai_mcts_root(m, acts, vis, mean, 2) != 2 || vis[0] + vis[1] < 16 ||
        (a != acts[0] && a != acts[1]))
        fail_msg("M53: a 300 ms search: %g + %g visits at the root", vis[0], vis[1]);
    ai_mcts_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_visits_follow_the_prior),
        cmocka_unit_test(test_a_timed_search_searches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
