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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_leaf_prior),
        cmocka_unit_test(test_greedy_rollout),
        cmocka_unit_test(test_final_value),
        cmocka_unit_test(test_options_thread_determinism),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
