/*
 * test_mutation44.c - src/ai/mcts.c: survivors of the forty-fourth
 * session's seed-44 pass (the lead; docs/core.md, "Mutation pass,
 * forty-fourth session (the lead)"); messages "M44:".
 *
 * - A decision with one legal action is returned without search
 *   (docs/ai.md; ai_int.h: ai_mcts_root returns 0 "when the last search
 *   was skipped"); mcts.c:925 `n == 1` -> `n == 0` searched it.
 * - Hidden information: a node below the root gets a child for every
 *   action legal in ANY determinization that reaches it, not only in the
 *   first (mcts.c:510 add_missing's loop `i < n` -> `i > n` added none, so
 *   an opponent's reply that only some hidden hands allow was never
 *   searched). The game is "ambush", below.
 * - settle=random draws chance from its weights (mcts.c:711, the weights
 *   asked at the decisions and not at the chance: a die drawn by the
 *   weights of the decision before it). The game is "lastdie", below.
 * - final=value breaks a tie of value and visits by the summed prior
 *   (mcts.c:905 `==` -> `!=` kept the first of the tie).
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

/* ---- ambush: a test game with a hidden hand ------------------------------
 * Chance deals b a card, 1 or 2 (weights 1 and 1), which a does not see.
 * Then a plays safe (0: the game ends drawn) or bold (1); after bold, b
 * replies as its card allows: with card 1 b must yield (0: a wins), with
 * card 2 b must strike (1: b wins). Each determinization of a's search
 * allows b one reply, never the other's: the node of b's reply needs a
 * child for each, from whichever determinization reaches it first. Bold is
 * worth 0.5 to a on average. */
typedef struct ambush_state {
    vb_head head;
    int32_t phase; /* 0 deal, 1 a decides, 2 b replies, 3 over */
    int32_t card;  /* b's card, 1 or 2; 0 where a's view hides it */
    int32_t bold;
    int32_t strike;
} ambush_state;

static int ambush_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g, (void)cx;
    memset((char *)st + sizeof(vb_head), 0, sizeof(ambush_state) - sizeof(vb_head));
    return 0;
}

static int ambush_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {VB_CHANCE, 0, 1, VB_OVER};
    return who[((const ambush_state *)st)->phase];
}

static void ambush_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "phase %d", ((const ambush_state *)st)->phase);
}

static int ambush_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    const ambush_state *s = st;
    if (cap < 2)
        return VB_EOVERFLOW;
    if (s->phase >= 3)
        return 0;
    if (s->phase == 2) {
        acts[0] = s->card == 2;
        return 1;
    }
    acts[0] = s->phase == 0 ? 1 : 0;
    acts[1] = s->phase == 0 ? 2 : 1;
    if (w)
        w[0] = w[1] = 1;
    return 2;
}

static int ambush_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    ambush_state *s = st;
    switch (s->phase) {
    case 0:
        s->card = (int32_t)a;
        break;
    case 1:
        s->bold = (int32_t)a;
        s->phase += !a; /* safe ends the game */
        break;
    case 2:
        s->strike = (int32_t)a;
        break;
    default:
        return VB_EILLEGAL;
    }
    s->phase++;
    return 0;
}

static void ambush_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    (void)g, (void)st;
    snprintf(buf, n, "%u", (unsigned)a);
}

/* a's value in [0, 1]: 1 a win, 0 a loss */
static double ambush_value(const ambush_state *s)
{
    if (s->phase < 3 || !s->bold)
        return 0.5;
    return s->strike ? 0 : 1;
}

static double ambush_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    double v = 2 * ambush_value(st) - 1;
    return role == 0 ? v : -v;
}

static void ambush_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const ambush_state *s = st;
    r->over = s->phase == 3;
    r->winner = -1;
    if (!r->over)
        return;
    double v = ambush_value(s);
    r->winner = v > 0.5 ? 0 : v < 0.5 ? 1 : -1;
    r->score[0] = v;
    r->score[1] = 1 - v;
    snprintf(r->verdict, sizeof r->verdict, "%s",
             r->winner < 0    ? "draw"
             : r->winner == 0 ? "a wins"
                              : "b wins");
}

static void ambush_redact(const vb_game *g, void *st, int role)
{
    (void)g;
    ambush_state *s = st;
    if (role == 0 && s->phase < 3)
        s->card = 0;
}

static void ambush_determinize(const vb_game *g, void *st, int role, vb_rng *rng)
{
    (void)g;
    ambush_state *s = st;
    if (role == 0 && s->phase > 0 && s->card == 0)
        s->card = 1 + (int32_t)vb_rng_below(rng, 2);
}

static vb_game_def ambush_def(void)
{
    static const char *const roles[] = {"a", "b"};
    static const char *const scen[] = {"standard"};
    vb_game_def d;
    memset(&d, 0, sizeof d);
    d.id = "ambush-test";
    d.title = "Ambush (test game)";
    d.nroles = 2;
    d.roles = roles;
    d.nscenarios = 1;
    d.scenarios = scen;
    d.state_size = sizeof(ambush_state);
    d.setup = ambush_setup;
    d.to_move = ambush_to_move;
    d.prompt = ambush_prompt;
    d.legal = ambush_legal;
    d.apply = ambush_apply;
    d.action_text = ambush_text;
    d.result = ambush_result;
    d.eval = ambush_eval;
    d.redact = ambush_redact;
    d.determinize = ambush_determinize;
    return d;
}

/* ---- lastdie: settle's chance by its weights ------------------------------
 * a decides (0 or 1, the same), then b (0 or 1, the same), then a die of
 * two faces weighted 1 and 999999 decides: face 0 a wins, face 1 b wins.
 * One turn: settle plays on from any leaf to the end. Every decision's
 * list also writes weights 1 where it is asked for them (as coin's does).
 * The evaluation, after a's decision and before the die, is 0.5 for a
 * after a's 1 and -0.5 after a's 0 (the priors), 0 elsewhere. */
typedef struct lastdie_state {
    vb_head head;
    int32_t phase; /* 0 a, 1 b, 2 the die, 3 over */
    int32_t pick;  /* a's decision */
    int32_t face;
    int32_t pad;
} lastdie_state;

static int lastdie_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {0, 1, VB_CHANCE, VB_OVER};
    return who[((const lastdie_state *)st)->phase];
}

static int lastdie_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    const lastdie_state *s = st;
    if (cap < 2)
        return VB_EOVERFLOW;
    if (s->phase >= 3)
        return 0;
    acts[0] = 0;
    acts[1] = 1;
    if (w) {
        w[0] = 1;
        w[1] = s->phase == 2 ? 999999 : 1;
    }
    return 2;
}

static int lastdie_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    lastdie_state *s = st;
    if (s->phase >= 3)
        return VB_EILLEGAL;
    if (s->phase == 0)
        s->pick = (int32_t)a;
    if (s->phase == 2)
        s->face = (int32_t)a;
    s->phase++;
    return 0;
}

static void lastdie_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const lastdie_state *s = st;
    r->over = s->phase == 3;
    r->winner = r->over ? s->face : -1;
    if (!r->over)
        return;
    r->score[0] = s->face == 0;
    r->score[1] = s->face == 1;
    snprintf(r->verdict, sizeof r->verdict, "%s wins", s->face ? "b" : "a");
}

static double lastdie_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    const lastdie_state *s = st;
    double v = s->phase == 1 || s->phase == 2 ? (s->pick ? 0.5 : -0.5) : 0;
    return role == 0 ? v : -v;
}

static int lastdie_turn(const vb_game *g, const void *st)
{
    (void)g, (void)st;
    return 1;
}

static vb_game_def lastdie_def(void)
{
    vb_game_def d = ambush_def();
    d.id = "lastdie-test";
    d.title = "Last die (test game)";
    d.state_size = sizeof(lastdie_state);
    d.to_move = lastdie_to_move;
    d.legal = lastdie_legal;
    d.apply = lastdie_apply;
    d.result = lastdie_result;
    d.eval = lastdie_eval;
    d.turn = lastdie_turn;
    d.redact = NULL;
    d.determinize = NULL;
    return d;
}

/* ---- the tests ------------------------------------------------------------ */

/* coin's b ends the game with its one action: returned at once, no
 * iteration done, the root's statistics empty (0 legal actions reported,
 * as for a skipped search). */
static void test_one_legal_action_is_not_searched(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    coin_state s;
    ai_mcts_params mp;
    vb_ctx cx;
    vb_ctx_init(&cx);
    coin_start(&g, &d, &s, 0.45, 2);
    assert_int_equal(vb_apply(&g, &s, 0, &cx), 0); /* a stands: b to end it */
    assert_int_equal(vb_to_move(&g, &s), 1);
    ai_mcts_defaults(&g, &mp);
    mp.iterations = 500;
    mp.trees = 1;
    mp.threads = 1;
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    assert_int_equal(ai_mcts_choose(m, &s, 1), 0);
    long it = -1, nodes = -1;
    ai_mcts_stats(m, &it, &nodes);
    if (it != 0 || nodes != 0)
        fail_msg("M44: a decision of one legal action searched: %ld iterations, %ld nodes", it,
                 nodes);
    vb_action acts[2];
    double vis[2], mean[2];
    if (ai_mcts_root(m, acts, vis, mean, 2) != 0)
        fail_msg("M44: the root statistics of a decision of one legal action are not empty");
    ai_mcts_free(m);
}

/* a, who does not see b's card, searches safe against bold for several
 * policy seeds. Each determinization allows b one reply, yield or strike:
 * the node of b's reply must gain the other reply's child when a
 * determinization that allows it comes (after the first created the node).
 * Then every iteration reaches a leaf (400 visits at the root) and bold's
 * mean is about 0.5, half wins and half losses. The mutant kept the first
 * determinization's children: the iterations that dealt the other card
 * found no child to play and were lost, and bold's mean was 0 or 1. */
static void test_every_determinization_adds_its_actions(void **state)
{
    (void)state;
    vb_game_def d = ambush_def();
    vb_game g;
    vb_ctx cx;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    ambush_state s;
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 1, &cx), 0);
    assert_int_equal(vb_apply(&g, &s, 1, &cx), 0); /* b holds card 1; a does not know it */
    assert_int_equal(vb_to_move(&g, &s), 0);
    ai_mcts_params mp;
    ai_mcts_defaults(&g, &mp);
    mp.iterations = 400;
    mp.trees = 1;
    mp.threads = 1;
    mp.c = 1; /* explore: bold is visited often, whatever its first results */
    ai_mcts *m = ai_mcts_new(&g, &mp);
    assert_non_null(m);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        ai_mcts_choose(m, &s, seed);
        vb_action acts[2];
        double vis[2], mean[2];
        assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
        if (vis[0] + vis[1] != 400)
            fail_msg("M44: seed %d: %g + %g visits at the root, not 400: iterations lost",
                     (int)seed, vis[0], vis[1]);
        if (vis[1] < 20 || mean[1] < 0.25 || mean[1] > 0.75)
            fail_msg("M44: seed %d: bold's mean %.3f over %g visits (about 0.5 when both of b's "
                     "replies are searched)",
                     (int)seed, mean[1], vis[1]);
    }
    ai_mcts_free(m);
}

/* A searcher for a at lastdie's start (*s, on *g set up from *d, which
 * must outlive it): one tree, one thread, settle=random. */
static ai_mcts *lastdie_search(vb_game_def *d, vb_game *g, lastdie_state *s, long iterations,
                               double prior_visits, int final)
{
    vb_ctx cx;
    ai_mcts_params mp;
    *d = lastdie_def();
    vb_game_defaults(g, d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(g, s, 0, NULL, 1, &cx), 0);
    ai_mcts_defaults(g, &mp);
    mp.iterations = iterations;
    mp.trees = 1;
    mp.threads = 1;
    mp.settle = AI_SETTLE_RANDOM;
    mp.prior_visits = prior_visits;
    mp.final = final;
    ai_mcts *m = ai_mcts_new(g, &mp);
    assert_non_null(m);
    return m;
}

/* settle=random plays on from the leaf to the end of the turn, "chance
 * from its weights" (docs/ai.md): a's first leaf, settled, meets the die
 * weighted 999999 to 1 for b, so its one iteration is a loss, for every
 * seed. The mutant (mcts.c:711 the weights asked at the decisions, not at
 * the chance) drew the die by the weights of b's decision before it, 1
 * and 1: a won about one seed in two. */
static void test_settle_draws_chance_by_its_weights(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    lastdie_state s;
    ai_mcts *m = lastdie_search(&d, &g, &s, 1, 10, AI_FINAL_VISITS);
    for (uint64_t seed = 1; seed <= 12; seed++) {
        ai_mcts_choose(m, &s, seed);
        vb_action acts[2];
        double vis[2], mean[2];
        assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
        if (vis[0] + vis[1] != 1)
            fail_msg("M44: seed %d: %g visits at the root, not 1", (int)seed, vis[0] + vis[1]);
        for (int i = 0; i < 2; i++)
            if (vis[i] > 0 && mean[i] != 0)
                fail_msg("M44: seed %d: the settled leaf won (mean %.3f): the die drawn as if "
                         "its faces weighed the same",
                         (int)seed, mean[i]);
    }
    ai_mcts_free(m);
}

/* final=value: the root action of the best value; "ties go to the more
 * visited, then to the higher summed prior" (mcts.c best_by_value).
 * lastdie with settle=random, no prior visits, 2 iterations: each of a's
 * actions is visited once (unvisited children first) and settled to a
 * loss: both worth 0, both once visited; a's 1 has the higher prior (0.75
 * against 0.25), so it is chosen. The mutant (mcts.c:905 the visits'
 * `==` -> `!=`) kept the first of the tie, a's 0. */
static void test_value_tie_goes_to_the_higher_prior(void **state)
{
    (void)state;
    vb_game_def d;
    vb_game g;
    lastdie_state s;
    ai_mcts *m = lastdie_search(&d, &g, &s, 2, 0, AI_FINAL_VALUE);
    vb_action a = ai_mcts_choose(m, &s, 1);
    vb_action acts[2];
    double vis[2], mean[2];
    assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
    if (vis[0] != 1 || vis[1] != 1 || mean[0] != 0 || mean[1] != 0)
        fail_msg("M44: set-up: visits %g and %g, means %.3f and %.3f (1, 1, 0 and 0 expected)",
                 vis[0], vis[1], mean[0], mean[1]);
    if (a != 1)
        fail_msg("M44: a tie of value and visits went to a's %u, not to the higher prior's 1",
                 (unsigned)a);
    ai_mcts_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_legal_action_is_not_searched),
        cmocka_unit_test(test_every_determinization_adds_its_actions),
        cmocka_unit_test(test_settle_draws_chance_by_its_weights),
        cmocka_unit_test(test_value_tie_goes_to_the_higher_prior),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
