/*
 * test_search.c - the mcts options that change what the search backs up or
 * chooses (leaf=prior, cdepth=D, grollout=K, final=value), on "bet", a
 * tiny game with chance decisions right after a decision:
 *   a decides: stand (0) or roll (1); roll is followed by a die 1..6 with
 *   weights 1, 1, 1, 1, 1, 3, and a 6 by a coin (0 or 1, even); then b
 *   decides: spare (0) or punish (1); then the game is over.
 *   eval(a) = -0.5 while the die or the coin is pending; else base - 0.4
 *   if b punished, base = 0.1 after stand, (die - 3) / 4 after a roll of
 *   1-5, 0.5 or 1 after a 6 and the coin 0 or 1; eval(b) = -eval(a).
 *   At the end a wins when that value is above 0, b when below.
 * So the value of a new "roll" leaf, (eval + 1) / 2, is 0.25 as the state
 * stands, 0.40625 averaged over the die (the coin pending after a 6),
 * 0.640625 over the die and the coin; b's greedy reply is to punish.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai_int.h"
#include "policy.h"
#include "vauban.h"

typedef struct bet_state {
    vb_head head;
    int32_t phase; /* 0 a decides, 1 die, 2 b decides, 3 over, 4 coin */
    int32_t die;   /* 0: stood */
    int32_t punish;
    int32_t coin;
} bet_state;

static const char *const bet_roles[] = {"a", "b"};
static const char *const bet_scen[] = {"standard"};

static int bet_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    bet_state *s = st;
    s->phase = 0;
    s->die = 0;
    s->punish = 0;
    s->coin = 0;
    return 0;
}

static int bet_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {0, VB_CHANCE, 1, VB_OVER, VB_CHANCE};
    return who[((const bet_state *)st)->phase];
}

static void bet_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "phase %d", ((const bet_state *)st)->phase);
}

static int bet_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    const bet_state *s = st;
    if (cap < 6)
        return VB_EOVERFLOW;
    if (s->phase == 1) {
        for (int d = 1; d <= 6; d++) {
            acts[d - 1] = (vb_action)d;
            if (w)
                w[d - 1] = d == 6 ? 3 : 1;
        }
        return 6;
    }
    if (s->phase == 3)
        return 0;
    if (s->phase == 4) {
        acts[0] = 0;
        acts[1] = 1;
        if (w)
            w[0] = w[1] = 1;
        return 2;
    }
    acts[0] = 0;
    acts[1] = 1;
    if (w)
        w[0] = w[1] = 1;
    return 2;
}

static int bet_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    bet_state *s = st;
    switch (s->phase) {
    case 0:
        s->phase = a ? 1 : 2;
        break;
    case 1:
        s->die = (int32_t)a;
        s->phase = a == 6 ? 4 : 2;
        break;
    case 4:
        s->coin = (int32_t)a;
        s->phase = 2;
        break;
    case 2:
        s->punish = (int32_t)a;
        s->phase = 3;
        break;
    default:
        return VB_EILLEGAL;
    }
    return 0;
}

static void bet_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    (void)g;
    (void)st;
    snprintf(buf, n, "%u", (unsigned)a);
}

static double bet_value_a(const bet_state *s)
{
    if (s->phase == 1 || s->phase == 4)
        return -0.5;
    double base = s->die == 0 ? 0.1 : s->die == 6 ? (s->coin ? 1.0 : 0.5) : (s->die - 3) / 4.0;
    return base - (s->punish ? 0.4 : 0);
}

static double bet_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    double v = bet_value_a(st);
    return role == 0 ? v : -v;
}

static void bet_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const bet_state *s = st;
    r->over = s->phase == 3;
    r->winner = -1;
    if (!r->over)
        return;
    double v = bet_value_a(s);
    r->score[0] = v;
    r->score[1] = -v;
    r->winner = v > 0 ? 0 : v < 0 ? 1 : -1;
    snprintf(r->verdict, sizeof r->verdict, "%s", r->winner == 0 ? "a wins" : "b wins");
}

static vb_game_def bet_def(void)
{
    vb_game_def d;
    memset(&d, 0, sizeof d);
    d.id = "bet-test";
    d.title = "Bet (test game)";
    d.nroles = 2;
    d.roles = bet_roles;
    d.nscenarios = 1;
    d.scenarios = bet_scen;
    d.state_size = sizeof(bet_state);
    d.setup = bet_setup;
    d.to_move = bet_to_move;
    d.prompt = bet_prompt;
    d.legal = bet_legal;
    d.apply = bet_apply;
    d.action_text = bet_text;
    d.result = bet_result;
    d.eval = bet_eval;
    return d;
}

/* The position where a decides. */
static void bet_start(const vb_game *g, bet_state *s)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(g, s, 0, NULL, 9, &cx), 0);
    assert_int_equal(vb_to_move(g, s), 0);
}

/* a's root statistics after `iters` iterations of one tree, prior visits 0
 * (every child once before any twice), exploration 0. mean[0] is stand,
 * mean[1] roll. Returns the choice. */
static vb_action bet_search(const vb_game *g, const bet_state *s, int leaf, int cdepth,
                            int grollout, int final, long iters, uint64_t seed, double visits[2],
                            double mean[2])
{
    ai_mcts_params mp;
    ai_mcts_defaults(g, &mp);
    mp.iterations = iters;
    mp.trees = 1;
    mp.prior_visits = 0;
    mp.c = 0;
    mp.leaf = leaf;
    mp.cdepth = cdepth;
    mp.grollout = grollout;
    mp.final = final;
    ai_mcts *m = ai_mcts_new(g, &mp);
    assert_non_null(m);
    vb_action a = ai_mcts_choose(m, s, seed);
    vb_action acts[2];
    assert_int_equal(ai_mcts_root(m, acts, visits, mean, 2), 2);
    assert_int_equal(acts[0], 0);
    assert_int_equal(acts[1], 1);
    ai_mcts_free(m);
    return a;
}

/* (eval + 1) / 2 of a after the die, averaged with the die's weights (and
 * the coin's after a 6 when cdepth is 2), in the order the search sums. */
static double roll_averaged(const vb_game *g, int cdepth)
{
    double sum = 0, wsum = 0;
    for (int d = 1; d <= 6; d++) {
        bet_state t = {.phase = d == 6 ? 4 : 2, .die = d};
        double v = ai_value01(g, &t, 0);
        if (d == 6 && cdepth > 1) {
            bet_state h = {.phase = 2, .die = 6, .coin = 0}, k = {.phase = 2, .die = 6, .coin = 1};
            v = (ai_value01(g, &h, 0) + ai_value01(g, &k, 0)) / 2;
        }
        double w = d == 6 ? 3 : 1;
        sum += w * v;
        wsum += w;
    }
    return sum / wsum;
}

/* leaf=prior: a new leaf's backed-up value is its chance-averaged prior
 * exactly (cdepth=1: the die only; cdepth=2: the die and the coin);
 * leaf=state (the default) the state with the die pending. */
static void test_leaf_prior(void **state)
{
    (void)state;
    vb_game_def d = bet_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    bet_state s;
    bet_start(&g, &s);
    double vis[2], mean[2];
    assert_true(roll_averaged(&g, 1) == 0.40625);
    assert_true(roll_averaged(&g, 2) == 0.640625);
    for (int cd = 1; cd <= 3; cd++) {
        bet_search(&g, &s, AI_LEAF_PRIOR, cd, 0, AI_FINAL_VISITS, 2, 1, vis, mean);
        assert_true(vis[0] == 1 && vis[1] == 1);
        assert_true(mean[1] == (double)(float)roll_averaged(&g, cd));
        assert_true(mean[0] == (double)(float)0.55); /* stand: no chance pending */
    }
    bet_search(&g, &s, AI_LEAF_STATE, 1, 0, AI_FINAL_VISITS, 2, 1, vis, mean);
    assert_true(vis[0] == 1 && vis[1] == 1);
    assert_true(mean[1] == 0.25);
    assert_true(mean[0] == (double)(float)0.55);
}

/* grollout=1: after the leaf "stand" b replies greedily (punish), which
 * ends the game lost for a: the leaf backs up 0 instead of 0.55. After
 * "roll" the die is drawn, then b punishes: a wins only on a 5 or a 6. */
static void test_greedy_rollout(void **state)
{
    (void)state;
    vb_game_def d = bet_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    bet_state s;
    bet_start(&g, &s);
    double vis[2], mean[2];
    int wins = 0;
    for (uint64_t seed = 1; seed <= 64; seed++) {
        bet_search(&g, &s, AI_LEAF_STATE, 1, 1, AI_FINAL_VISITS, 2, seed, vis, mean);
        assert_true(vis[0] == 1 && vis[1] == 1);
        assert_true(mean[0] == 0);
        assert_true(mean[1] == 0 || mean[1] == 1);
        wins += mean[1] == 1;
    }
    /* P(5 or 6) = 4/8: both outcomes drawn, by the weights */
    assert_true(wins > 16 && wins < 48);
    /* grollout=0 is the default and backs up the state as it stands */
    bet_search(&g, &s, AI_LEAF_STATE, 1, 0, AI_FINAL_VISITS, 2, 1, vis, mean);
    assert_true(mean[0] == (double)(float)0.55);
}

/* final=value: with prior visits 0 the choice is the best mean, final=visits
 * the most visited; three iterations make them differ when roll's second
 * visit draws a die of 4 or less. */
static void test_final_value(void **state)
{
    (void)state;
    vb_game_def d = bet_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    bet_state s;
    bet_start(&g, &s);
    double vis[2], mean[2];
    int differ = 0;
    for (uint64_t seed = 1; seed <= 32; seed++) {
        vb_action av = bet_search(&g, &s, AI_LEAF_PRIOR, 2, 0, AI_FINAL_VISITS, 3, seed, vis, mean);
        assert_true(vis[1] == 2 && vis[0] == 1); /* roll's 0.64 beat stand's 0.55 */
        assert_int_equal(av, 1);
        vb_action aw = bet_search(&g, &s, AI_LEAF_PRIOR, 2, 0, AI_FINAL_VALUE, 3, seed, vis, mean);
        assert_int_equal(aw, mean[1] > mean[0] ? 1 : 0);
        differ += aw != av;
    }
    assert_true(differ > 0 && differ < 32);
}

/* Each option: the same choice on 1, 2 and 4 threads (fixed trees). */
static void test_options_thread_determinism(void **state)
{
    (void)state;
    vb_game_def d = bet_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    bet_state s;
    bet_start(&g, &s);
    static const char *const opts[] = {"leaf=prior", "grollout=2", "final=value", "cdepth=3",
                                       "leaf=prior,cdepth=2,grollout=3,final=value"};
    for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            vb_action a[3];
            for (int t = 0; t < 3; t++) {
                char spec[96];
                snprintf(spec, sizeof spec, "mcts:60,trees=4,threads=%d,%s", 1 << t, opts[k]);
                vb_ctx cx;
                vb_ctx_init(&cx);
                vb_policy *p = vb_policy_new(&g, spec, seed, &cx);
                if (!p)
                    fail_msg("'%s': %s", spec, cx.err);
                a[t] = vb_policy_choose(p, &s);
                vb_policy_free(p);
            }
            if (a[0] != a[1] || a[0] != a[2])
                fail_msg("%s, seed %u: differs with the thread count", opts[k], (unsigned)seed);
        }
}

/* ---- "staged": a turn of two decisions by a, b's reply, then turn 2 ------
 *   turn 1: a decides wait (0) or dig (1), then a side (0 or 1): a chain of
 *   two decisions by the same role; then b fires at side 0 or 1.
 *   turn 2: a decides 0 or 1 (no effect), then the game is over.
 *   eval(a) in turn 1: 0.5 once a has dug (the work counted as planned),
 *   0 if it waited; in turn 2 and at the end: -0.5 if a dug and b fired at
 *   its side, 0.5 if b missed, 0 after a wait; eval(b) = -eval(a). At the
 *   end a wins when that value is above 0, b when below, else a draw.
 * So a dig looks best as long as b's reply is not seen: a leaf "dig" is
 * worth (0.5 + 1) / 2 = 0.75 where the tree stops, 0.25 at the start of
 * turn 2 after b's greedy reply; the game's value: wait 0.5, dig 0. */
typedef struct staged_state {
    vb_head head;
    int32_t phase; /* 0 dig or wait, 1 side, 2 b fires, 3 turn 2, 4 over */
    int32_t dig;
    int32_t side;
    int32_t fire;
} staged_state;

static int staged_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    staged_state *s = st;
    s->phase = 0;
    s->dig = s->side = s->fire = 0;
    return 0;
}

static int staged_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {0, 0, 1, 0, VB_OVER};
    return who[((const staged_state *)st)->phase];
}

static int staged_turn(const vb_game *g, const void *st)
{
    (void)g;
    return ((const staged_state *)st)->phase >= 3 ? 2 : 1;
}

static int staged_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    (void)w;
    if (cap < 2)
        return VB_EOVERFLOW;
    if (((const staged_state *)st)->phase == 4)
        return 0;
    acts[0] = 0;
    acts[1] = 1;
    return 2;
}

static int staged_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    staged_state *s = st;
    switch (s->phase) {
    case 0:
        s->dig = (int32_t)a;
        break;
    case 1:
        s->side = (int32_t)a;
        break;
    case 2:
        s->fire = (int32_t)a;
        break;
    case 3:
        break;
    default:
        return VB_EILLEGAL;
    }
    s->phase++;
    return 0;
}

static double staged_value_a(const staged_state *s)
{
    if (!s->dig)
        return 0;
    if (s->phase < 3)
        return 0.5;
    return s->fire == s->side ? -0.5 : 0.5;
}

static double staged_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    double v = staged_value_a(st);
    return role == 0 ? v : -v;
}

static void staged_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const staged_state *s = st;
    r->over = s->phase == 4;
    r->winner = -1;
    if (!r->over)
        return;
    double v = staged_value_a(s);
    r->score[0] = v;
    r->score[1] = -v;
    r->winner = v > 0 ? 0 : v < 0 ? 1 : -1;
    snprintf(r->verdict, sizeof r->verdict, "%s",
             r->winner == 0   ? "a wins"
             : r->winner == 1 ? "b wins"
                              : "draw");
}

static vb_game_def staged_def(void)
{
    vb_game_def d = bet_def();
    d.id = "staged-test";
    d.title = "Staged (test game)";
    d.state_size = sizeof(staged_state);
    d.setup = staged_setup;
    d.to_move = staged_to_move;
    d.legal = staged_legal;
    d.apply = staged_apply;
    d.result = staged_result;
    d.eval = staged_eval;
    d.turn = staged_turn;
    return d;
}

/* a's root statistics on "staged" (mean[0] wait, mean[1] dig; with dug set,
 * after a dig: mean[0] side 0, mean[1] side 1) after `iters` iterations of
 * one tree with the given prior visits and exploration. */
static vb_action staged_search_from(const vb_game *g, int dug, int settle, long iters, double pv,
                                    double c, uint64_t seed, double visits[2], double mean[2])
{
    staged_state s;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(g, &s, 0, NULL, 9, &cx), 0);
    if (dug)
        assert_int_equal(vb_apply(g, &s, 1, &cx), 0);
    ai_mcts_params mp;
    ai_mcts_defaults(g, &mp);
    mp.iterations = iters;
    mp.trees = 1;
    mp.prior_visits = pv;
    mp.c = c;
    mp.settle = settle;
    ai_mcts *m = ai_mcts_new(g, &mp);
    assert_non_null(m);
    vb_action a = ai_mcts_choose(m, &s, seed);
    vb_action acts[2];
    assert_int_equal(ai_mcts_root(m, acts, visits, mean, 2), 2);
    assert_int_equal(acts[0], 0);
    assert_int_equal(acts[1], 1);
    ai_mcts_free(m);
    return a;
}

static vb_action staged_search(const vb_game *g, int settle, long iters, double pv, double c,
                               uint64_t seed, double visits[2], double mean[2])
{
    return staged_search_from(g, 0, settle, iters, pv, c, seed, visits, mean);
}

/* settle=greedy: a new leaf is played on (a's side, b's greedy reply: fire
 * at it) to the start of turn 2 and scored there: dig 0.25, not the 0.75 of
 * the leaf as the tree left it (settle=none), and not the 0 of the end of
 * the game (settle stops at the turn change). settle=random: b fires at
 * random, 0.25 or 0.75. A game without def->turn is not played on. */
static void test_settle(void **state)
{
    (void)state;
    vb_game_def d = staged_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    double vis[2], mean[2];
    for (uint64_t seed = 1; seed <= 16; seed++) {
        staged_search(&g, AI_SETTLE_GREEDY, 2, 0, 0, seed, vis, mean);
        assert_true(vis[0] == 1 && vis[1] == 1);
        assert_true(mean[1] == 0.25);
        assert_true(mean[0] == 0.5);
        staged_search(&g, AI_SETTLE_NONE, 2, 0, 0, seed, vis, mean);
        assert_true(vis[0] == 1 && vis[1] == 1);
        assert_true(mean[1] == 0.75);
        assert_true(mean[0] == 0.5);
    }
    int hit = 0;
    for (uint64_t seed = 1; seed <= 64; seed++) {
        staged_search(&g, AI_SETTLE_RANDOM, 2, 0, 0, seed, vis, mean);
        assert_true(mean[1] == 0.25 || mean[1] == 0.75);
        assert_true(mean[0] == 0.5);
        hit += mean[1] == 0.25;
    }
    assert_true(hit > 16 && hit < 48);
    /* the default exploration and prior visits (pv 10, c 0.05): the search
     * still digs at 16 and 20 iterations when its leaves stop part-way
     * through turn 1, it waits when they are settled */
    for (long it = 16; it <= 20; it += 4) {
        assert_int_equal(staged_search(&g, AI_SETTLE_NONE, it, 10, 0.05, 1, vis, mean), 1);
        assert_int_equal(staged_search(&g, AI_SETTLE_GREEDY, it, 10, 0.05, 1, vis, mean), 0);
    }
    /* bet has no turn counter: settle leaves the leaf as it stands */
    vb_game_def bd = bet_def();
    vb_game bg;
    vb_game_defaults(&bg, &bd);
    bet_state bs;
    bet_start(&bg, &bs);
    ai_mcts_params mp;
    ai_mcts_defaults(&bg, &mp);
    mp.iterations = 2;
    mp.trees = 1;
    mp.prior_visits = 0;
    mp.c = 0;
    mp.settle = AI_SETTLE_GREEDY;
    ai_mcts *m = ai_mcts_new(&bg, &mp);
    assert_non_null(m);
    ai_mcts_choose(m, &bs, 1);
    vb_action acts[2];
    assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
    assert_true(mean[1] == 0.25);
    ai_mcts_free(m);
}

/* Convergence: after a dig, with the budget the root's means approach the
 * game's value 0 for both sides (b fires at a's side) from the leaves'
 * 0.75 and 0.25, the reward of each node credited to the role that chose
 * it (a's two decisions in a row, then b's); with and without settle. */
static void test_convergence(void **state)
{
    (void)state;
    vb_game_def d = staged_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    double vis[2], mean[2];
    for (int st = AI_SETTLE_NONE; st <= AI_SETTLE_RANDOM; st++) {
        double prev = 2;
        for (long it = 16; it <= 4096; it *= 4) {
            staged_search_from(&g, 1, st, it, 0, 0.5, 3, vis, mean);
            double v = (vis[0] * mean[0] + vis[1] * mean[1]) / (vis[0] + vis[1]);
            if (!(v < prev))
                fail_msg("settle %d, %ld iterations: value %.4f, was %.4f", st, it, v, prev);
            prev = v;
        }
        if (!(prev < 0.02))
            fail_msg("settle %d: value %.4f at 4096 iterations, want below 0.02", st, prev);
        /* wait (0.5, a draw) is the choice from the start */
        assert_int_equal(staged_search(&g, st, 1024, 0, 0.5, 3, vis, mean), 0);
        assert_true(mean[0] == 0.5);
    }
}

/* settle: the same choice on 1, 2 and 4 threads (fixed trees). */
static void test_settle_thread_determinism(void **state)
{
    (void)state;
    vb_game_def d = staged_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    staged_state s;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 9, &cx), 0);
    static const char *const opts[] = {"settle=greedy", "settle=random", "settle=none"};
    for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            vb_action a[3];
            for (int t = 0; t < 3; t++) {
                char spec[96];
                snprintf(spec, sizeof spec, "mcts:40,trees=4,threads=%d,%s", 1 << t, opts[k]);
                vb_policy *p = vb_policy_new(&g, spec, seed, &cx);
                if (!p)
                    fail_msg("'%s': %s", spec, cx.err);
                a[t] = vb_policy_choose(p, &s);
                vb_policy_free(p);
            }
            if (a[0] != a[1] || a[0] != a[2])
                fail_msg("%s, seed %u: differs with the thread count", opts[k], (unsigned)seed);
        }
}

/* ---- "pick": a chain of two decisions by a ------------------------------
 *   a decides rest (0: a draw at once) or go (1); after go a decides again:
 *   lose (0) or win (1), and the game is over. eval(a) after go 0.5 (a
 *   leaf worth 0.75). The game's value of go is 1 (a picks win); a mean
 *   over go's iterations counts the explored "lose" too. */
typedef struct pick_state {
    vb_head head;
    int32_t phase; /* 0 rest or go, 1 lose or win, 2 over */
    int32_t go;
    int32_t win;
    int32_t pad;
} pick_state;

static int pick_b_replies; /* 1: b, not a, picks win or lose after go */

static int pick_to_move(const vb_game *g, const void *st)
{
    (void)g;
    int phase = ((const pick_state *)st)->phase;
    return phase == 2 ? VB_OVER : phase == 1 && pick_b_replies ? 1 : 0;
}

static int pick_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    pick_state *s = st;
    s->phase = s->go = s->win = s->pad = 0;
    return 0;
}

static int pick_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    pick_state *s = st;
    if (s->phase == 0) {
        s->go = (int32_t)a;
        s->phase = a ? 1 : 2;
    } else if (s->phase == 1) {
        s->win = (int32_t)a;
        s->phase = 2;
    } else {
        return VB_EILLEGAL;
    }
    return 0;
}

static int pick_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    (void)w;
    if (cap < 2)
        return VB_EOVERFLOW;
    if (((const pick_state *)st)->phase == 2)
        return 0;
    acts[0] = 0;
    acts[1] = 1;
    return 2;
}

static double pick_go_eval = 0.5; /* eval(a) after go, before win or lose */

static double pick_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    const pick_state *s = st;
    double v = s->phase == 2 && s->go ? (s->win ? 1 : -1) : s->go ? pick_go_eval : 0;
    return role == 0 ? v : -v;
}

static void pick_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const pick_state *s = st;
    r->over = s->phase == 2;
    r->winner = -1;
    if (!r->over)
        return;
    r->winner = !s->go ? -1 : s->win ? 0 : 1;
    r->score[0] = r->winner == 0 ? 1 : r->winner == 1 ? -1 : 0;
    r->score[1] = -r->score[0];
    snprintf(r->verdict, sizeof r->verdict, "%s",
             r->winner == 0   ? "a wins"
             : r->winner == 1 ? "b wins"
                              : "draw");
}

static vb_game_def pick_def(void)
{
    vb_game_def d = bet_def();
    d.id = "pick-test";
    d.title = "Pick (test game)";
    d.state_size = sizeof(pick_state);
    d.setup = pick_setup;
    d.to_move = pick_to_move;
    d.legal = pick_legal;
    d.apply = pick_apply;
    d.result = pick_result;
    d.eval = pick_eval;
    return d;
}

/* look=1: with go's first step valued below rest (eval -0.5 after go: a
 * leaf worth 0.25 against rest's draw, 0.5), the prior of go is its best
 * next step, win (1), and the first iteration (unvisited children first,
 * in order of their prior) visits go: a search of one iteration chooses
 * go; without look it visits and chooses rest. The same with 1, 2 and 4
 * threads through the policy's spec. */
static void test_look(void **state)
{
    (void)state;
    vb_game_def d = pick_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    pick_state s;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 9, &cx), 0);
    pick_go_eval = -0.5;
    for (uint64_t seed = 1; seed <= 8; seed++)
        for (int look = 0; look <= 1; look++) {
            ai_mcts_params mp;
            ai_mcts_defaults(&g, &mp);
            mp.iterations = 1;
            mp.trees = 1;
            mp.look = look;
            ai_mcts *m = ai_mcts_new(&g, &mp);
            assert_non_null(m);
            assert_int_equal(ai_mcts_choose(m, &s, seed), look ? 1 : 0);
            vb_action acts[2];
            double vis[2], mean[2];
            assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
            assert_true(vis[look ? 1 : 0] == 1 && vis[look ? 0 : 1] == 0);
            ai_mcts_free(m);
        }
    for (uint64_t seed = 1; seed <= 4; seed++)
        for (int t = 0; t < 3; t++) {
            char spec[64];
            snprintf(spec, sizeof spec, "mcts:1,trees=1,threads=%d,look=1", 1 << t);
            vb_policy *p = vb_policy_new(&g, spec, seed, &cx);
            if (!p)
                fail_msg("'%s': %s", spec, cx.err);
            assert_int_equal(vb_policy_choose(p, &s), 1);
            vb_policy_free(p);
        }
    pick_go_eval = 0.5;
}

/* look=1 looks ahead only through the searching side's own next steps:
 * where b, not a, picks win or lose after go, go's prior is the state
 * after go as it stands (eval -0.5: 0.25), below rest's draw (0.5), and
 * one iteration visits and chooses rest. The fiftieth session's
 * mcts.c:403 (`to == who && d < look` as `||`) took the best of b's
 * replies for a, a win (1), and chose go. */
static void test_look_stops_at_the_other_side(void **state)
{
    (void)state;
    vb_game_def d = pick_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    pick_state s;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 9, &cx), 0);
    pick_go_eval = -0.5;
    pick_b_replies = 1;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        ai_mcts_params mp;
        ai_mcts_defaults(&g, &mp);
        mp.iterations = 1;
        mp.trees = 1;
        mp.look = 1;
        ai_mcts *m = ai_mcts_new(&g, &mp);
        assert_non_null(m);
        vb_action a = ai_mcts_choose(m, &s, seed);
        vb_action acts[2];
        double vis[2], mean[2];
        assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
        if (a != 0 || vis[0] != 1)
            fail_msg("M50: look=1, b replies after go: chose %s (rest visited %g times of 1): "
                     "b's reply taken as a's own next step",
                     a ? "go" : "rest", vis[0]);
        ai_mcts_free(m);
    }
    pick_b_replies = 0;
    pick_go_eval = 0.5;
}

/* chain=max, four iterations of one tree, pv 0, c 0: go (leaf 0.75), rest
 * (a draw, 0.5), go then win (1), go then lose (0: unvisited children
 * first). chain=mean backs up go's mean (0.75 + 1 + 0) / 3; chain=max
 * credits go with its best child's mean on the fourth, (0.75 + 1 + 1) / 3.
 * Then the same choice on 1, 2 and 4 threads. */
static void test_chain_max(void **state)
{
    (void)state;
    vb_game_def d = pick_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    pick_state s;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 9, &cx), 0);
    for (int ch = AI_CHAIN_MEAN; ch <= AI_CHAIN_MINIMAX; ch++) {
        ai_mcts_params mp;
        ai_mcts_defaults(&g, &mp);
        mp.iterations = 4;
        mp.trees = 1;
        mp.prior_visits = 0;
        mp.c = 0;
        mp.chain = ch;
        ai_mcts *m = ai_mcts_new(&g, &mp);
        assert_non_null(m);
        assert_int_equal(ai_mcts_choose(m, &s, 1), 1);
        vb_action acts[2];
        double vis[2], mean[2];
        assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
        assert_true(vis[0] == 1 && vis[1] == 3);
        assert_true(mean[0] == 0.5);
        assert_true(mean[1] == (ch == AI_CHAIN_MEAN ? 1.75 : 2.75) / 3);
        ai_mcts_free(m);
    }
    /* thread determinism with chain=max and chain=minimax */
    static const char *const kinds[] = {"max", "minimax"};
    for (int k = 0; k < 2; k++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            vb_action a[3];
            for (int t = 0; t < 3; t++) {
                char spec[96];
                snprintf(spec, sizeof spec, "mcts:30,trees=4,threads=%d,chain=%s", 1 << t,
                         kinds[k]);
                vb_policy *p = vb_policy_new(&g, spec, seed, &cx);
                if (!p)
                    fail_msg("'%s': %s", spec, cx.err);
                a[t] = vb_policy_choose(p, &s);
                vb_policy_free(p);
            }
            assert_int_equal(a[0], 1);
            if (a[0] != a[1] || a[0] != a[2])
                fail_msg("chain=%s, seed %u: differs with the thread count", kinds[k],
                         (unsigned)seed);
        }
}

/* chain=minimax, the mirror half: on "staged" after a dig, a chooses a side
 * and b replies (fire at that side: a's value 0.25; miss: 0.75). Five
 * iterations of one tree, pv 0, c 0: side X (leaf 0.75), side Y (0.75), X
 * then b's hit (0.25; b's children by prior, unvisited first), Y then hit
 * (0.25), X then b's miss (0.75). chain=mean credits X with (0.75 + 0.25 +
 * 0.75) / 3: exploring b's worse reply raises the side it answers;
 * chain=minimax credits X on the fifth with b's best reply, (0.75 + 0.25 +
 * 0.25) / 3. Y: (0.75 + 0.25) / 2 either way. chain=max is the mean here (a
 * role switch). Then the same choice on 1, 2 and 4 threads, and the
 * option's message. */
static void test_chain_minimax(void **state)
{
    (void)state;
    vb_game_def d = staged_def();
    vb_game g;
    vb_game_defaults(&g, &d);
    staged_state s;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 9, &cx), 0);
    assert_int_equal(vb_apply(&g, &s, 1, &cx), 0);
    for (int ch = AI_CHAIN_MEAN; ch <= AI_CHAIN_MINIMAX; ch++) {
        ai_mcts_params mp;
        ai_mcts_defaults(&g, &mp);
        mp.iterations = 5;
        mp.trees = 1;
        mp.prior_visits = 0;
        mp.c = 0;
        mp.chain = ch;
        ai_mcts *m = ai_mcts_new(&g, &mp);
        assert_non_null(m);
        ai_mcts_choose(m, &s, 1);
        vb_action acts[2];
        double vis[2], mean[2];
        assert_int_equal(ai_mcts_root(m, acts, vis, mean, 2), 2);
        int x = vis[0] == 3 ? 0 : 1;
        assert_true(vis[x] == 3 && vis[1 - x] == 2);
        double want = (ch == AI_CHAIN_MINIMAX ? 1.25 : 1.75) / 3;
        if (fabs(mean[x] - want) > 1e-6)
            fail_msg("chain %d: X's mean %.6f, want %.6f", ch, mean[x], want);
        assert_true(fabs(mean[1 - x] - 0.5) < 1e-6);
        ai_mcts_free(m);
    }
    for (uint64_t seed = 1; seed <= 10; seed++) {
        vb_action a[3];
        for (int t = 0; t < 3; t++) {
            char spec[96];
            snprintf(spec, sizeof spec, "mcts:40,trees=4,threads=%d,chain=minimax", 1 << t);
            vb_policy *p = vb_policy_new(&g, spec, seed, &cx);
            if (!p)
                fail_msg("'%s': %s", spec, cx.err);
            a[t] = vb_policy_choose(p, &s);
            vb_policy_free(p);
        }
        if (a[0] != a[1] || a[0] != a[2])
            fail_msg("chain=minimax on staged, seed %u: differs with the thread count",
                     (unsigned)seed);
    }
    vb_policy *p = vb_policy_new(&g, "mcts:10,chain=minmax", 1, &cx);
    assert_null(p);
    assert_non_null(strstr(cx.err, "mean, max, minimax"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_leaf_prior),
        cmocka_unit_test(test_greedy_rollout),
        cmocka_unit_test(test_final_value),
        cmocka_unit_test(test_options_thread_determinism),
        cmocka_unit_test(test_settle),
        cmocka_unit_test(test_convergence),
        cmocka_unit_test(test_settle_thread_determinism),
        cmocka_unit_test(test_chain_max),
        cmocka_unit_test(test_look),
        cmocka_unit_test(test_look_stops_at_the_other_side),
        cmocka_unit_test(test_chain_minimax),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
