/*
 * coin_game.h - a tiny two-player game with a chance decision right after
 * a decision, for the search tests (not registered). Included by
 * tests/ai/test_search37.c and test_mutation39.c; everything is static so
 * each test program has its own copy.
 *
 * a decides stand (0) or toss (1); a toss is followed by a coin, outcome 0
 * (weight 1) or 1 (weight 3), or with coin_faces = 1 outcome 1 only; then
 * b ends the game. a's value (eval + 1) / 2 is coin_stand after stand, 0.2
 * or 0.6 after the coin's 0 or 1 (so 0.5 averaged with the weights, 0.4
 * without them), 0.3 with the coin pending (0.5 before a decides).
 */
#ifndef COIN_GAME_H
#define COIN_GAME_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "vauban.h"

static const char *const two_roles[] = {"a", "b"};
static const char *const one_scen[] = {"standard"};

typedef struct coin_state {
    vb_head head;
    int32_t phase; /* 0 a decides, 1 coin, 2 b ends, 3 over */
    int32_t toss;  /* 0 stood, 1 tossed */
    int32_t coin;
    int32_t pad;
} coin_state;

static double coin_stand = 0.45; /* a's value after stand */
static int coin_faces = 2;       /* the coin's outcomes: 2, or 1 (face 1 only) */

static int coin_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g, (void)cx;
    memset((char *)st + sizeof(vb_head), 0, sizeof(coin_state) - sizeof(vb_head));
    return 0;
}

static int coin_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {0, VB_CHANCE, 1, VB_OVER};
    return who[((const coin_state *)st)->phase];
}

static void coin_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "phase %d", ((const coin_state *)st)->phase);
}

static int coin_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    const coin_state *s = st;
    if (cap < 2)
        return VB_EOVERFLOW;
    switch (s->phase) {
    case 1:
        if (coin_faces == 1) {
            acts[0] = 1;
            if (w)
                w[0] = 1;
            return 1;
        }
        /* fall through */
    case 0:
        acts[0] = 0;
        acts[1] = 1;
        if (w)
            w[0] = 1, w[1] = 3;
        return 2;
    case 2:
        acts[0] = 0;
        if (w)
            w[0] = 1;
        return 1;
    default:
        return 0;
    }
}

static int coin_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    coin_state *s = st;
    switch (s->phase) {
    case 0:
        s->toss = (int32_t)a;
        s->phase = a ? 1 : 2;
        return 0;
    case 1:
        s->coin = (int32_t)a;
        s->phase = 2;
        return 0;
    case 2:
        s->phase = 3;
        return 0;
    default:
        return VB_EILLEGAL;
    }
}

static void coin_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    (void)g, (void)st;
    snprintf(buf, n, "%u", (unsigned)a);
}

/* a's value in [0, 1] */
static double coin_value(const coin_state *s)
{
    if (s->phase == 0)
        return 0.5;
    if (s->phase == 1)
        return 0.3;
    return !s->toss ? coin_stand : s->coin ? 0.6 : 0.2;
}

static double coin_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    double v = 2 * coin_value(st) - 1;
    return role == 0 ? v : -v;
}

static void coin_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const coin_state *s = st;
    r->over = s->phase == 3;
    r->winner = -1;
    if (!r->over)
        return;
    double v = coin_value(s);
    r->winner = v > 0.5 ? 0 : v < 0.5 ? 1 : -1;
    r->score[0] = v;
    r->score[1] = 1 - v;
    snprintf(r->verdict, sizeof r->verdict, "%s", r->winner == 0 ? "a wins" : "b wins");
}

static vb_game_def coin_def(void)
{
    vb_game_def d;
    memset(&d, 0, sizeof d);
    d.id = "coin-test";
    d.title = "Coin (test game)";
    d.nroles = 2;
    d.roles = two_roles;
    d.nscenarios = 1;
    d.scenarios = one_scen;
    d.state_size = sizeof(coin_state);
    d.setup = coin_setup;
    d.to_move = coin_to_move;
    d.prompt = coin_prompt;
    d.legal = coin_legal;
    d.apply = coin_apply;
    d.action_text = coin_text;
    d.result = coin_result;
    d.eval = coin_eval;
    return d;
}

/* g set up on d (its definition, which must outlive g) and s at the
 * game's start, a to decide; a's value after stand and the coin's faces
 * set. For test programs that include cmocka.h before this header. */
static void coin_start(vb_game *g, vb_game_def *d, coin_state *s, double stand, int faces)
{
    vb_ctx cx;
    *d = coin_def();
    vb_game_defaults(g, d);
    vb_ctx_init(&cx);
    coin_stand = stand;
    coin_faces = faces;
    assert_int_equal(vb_setup(g, s, 0, NULL, 1, &cx), 0);
    assert_int_equal(vb_to_move(g, s), 0);
}

#endif
