/*
 * test_mutation50.c - src/ai/mcts.c: a survivor of the fiftieth session's
 * seed-50 pass (the lead; docs/core.md, "Mutation pass, fiftieth session
 * (the lead)"); messages "M50:". The other survivors of that pass are
 * checked in test_search.c, test_search37.c, test_mutation47.c and
 * test_policy.c.
 *
 * - The node pool grows when a search needs more nodes than its first
 *   allocation (eight per iteration, at least 4,096): alloc_nodes doubles
 *   the capacity until the new nodes fit (mcts.c:248 `cap < nn + k` as
 *   `cap > nn + k` never grew it, as `cap < nn - k` grew it too late; both
 *   wrote nodes past the pool: a crash, or AddressSanitizer's
 *   heap-buffer-overflow). No other test's search needs more nodes than
 *   its first pool. The game is "wide", below.
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

/* ---- wide: two decisions of 100 actions each ------------------------------
 * a picks one of WIDE actions, then b one of WIDE, and the game ends: a
 * wins if it picked WIDE_WIN, whatever b picks. Every visit of one of a's
 * picks expands b's WIDE replies, so a search of 600 iterations (a first
 * pool of 4,800 nodes) needs about 100 + 100 * 100 nodes. Built on coin's
 * definition: coin's toss is a's pick, coin b's; phases 0 a, 1 b, 2 over. */
enum { WIDE = 100, WIDE_WIN = 37 };

static int wide_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {0, 1, VB_OVER};
    return who[((const coin_state *)st)->phase];
}

static int wide_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g, (void)w;
    if (cap < WIDE)
        return VB_EOVERFLOW;
    if (((const coin_state *)st)->phase >= 2)
        return 0;
    for (int i = 0; i < WIDE; i++)
        acts[i] = (vb_action)i;
    return WIDE;
}

static int wide_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    coin_state *s = st;
    if (s->phase >= 2 || a >= WIDE)
        return VB_EILLEGAL;
    if (s->phase == 0)
        s->toss = (int32_t)a;
    else
        s->coin = (int32_t)a;
    s->phase++;
    return 0;
}

static double wide_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    const coin_state *s = st;
    double v = s->phase < 2 ? 0 : s->toss == WIDE_WIN ? 1 : -1;
    return role == 0 ? v : -v;
}

static void wide_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const coin_state *s = st;
    r->over = s->phase == 2;
    r->winner = r->over ? s->toss != WIDE_WIN : -1;
    if (!r->over)
        return;
    r->score[0] = s->toss == WIDE_WIN;
    r->score[1] = !r->score[0];
    snprintf(r->verdict, sizeof r->verdict, "%s wins", r->winner ? "b" : "a");
}

/* 600 iterations of one tree: the pool starts at 4,800 nodes and grows
 * (the search's node count above it), and the search finds a's win. The
 * mutants of alloc_nodes' growth wrote past the pool. */
static void test_pool_grows_past_its_first_size(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    coin_state s;
    coin_start(&g, &d, &s, 0.5, 2);
    d.to_move = wide_to_move;
    d.legal = wide_legal;
    d.apply = wide_apply;
    d.eval = wide_eval;
    d.result = wide_result;
    ai_mcts_params mp;
    ai_mcts_defaults(&g, &mp);
    mp.iterations = 600;
    mp.trees = 1;
    mp.threads = 1;
    mp.c = 1; /* wide exploration: most of a's picks visited twice */
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    for (uint64_t seed = 1; seed <= 2; seed++) {
        vb_action a = ai_mcts_choose(m, &s, seed);
        long it = 0, nodes = 0;
        ai_mcts_stats(m, &it, &nodes);
        if (it != 600 || nodes <= 600 * 8 || nodes > 1 + WIDE + WIDE * WIDE || a != WIDE_WIN)
            fail_msg("M50: seed %d: %ld iterations, %ld nodes (a first pool of 4,800), chose %llu",
                     (int)seed, it, nodes, (unsigned long long)a);
    }
    ai_mcts_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_grows_past_its_first_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
