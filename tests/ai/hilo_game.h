/*
 * hilo_game.h - a tiny two-player game with hidden information, for the AI
 * tests (not registered). Included by tests/ai/test_*.c; everything is
 * static so each test program has its own copy.
 *
 * Chance deals role "a" a die card 1..6 and then role "b" one; each sees
 * only its own card (redact / determinize). Then "a" guesses whether b's
 * card is low (1-3) or high (4-6), and "b" guesses the same of a's card.
 * Score: correct guesses; more wins, equal is a draw. Seeing the other's
 * card wins for sure, so a search that leaks it changes its guess with it.
 * Odds procedure "showdown": both deals, outcome "a wins" / "b wins" /
 * "draw" (exactly 15/36, 15/36, 6/36).
 */
#ifndef HILO_GAME_H
#define HILO_GAME_H

#include <stdio.h>
#include <string.h>

#include "vauban.h"

typedef struct hilo_state {
    vb_head head;
    int32_t phase; /* 0 deal a, 1 deal b, 2 a decides, 3 b decides, 4 over */
    int32_t card[2];
    int32_t guess[2]; /* 0 low, 1 high */
    int32_t pad;
} hilo_state;

static const char *const hilo_roles[] = {"a", "b"};
static const char *const hilo_scen[] = {"standard"};

static int hilo_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    ((hilo_state *)st)->phase = 0;
    return 0;
}

static int hilo_to_move(const vb_game *g, const void *st)
{
    (void)g;
    const hilo_state *s = st;
    switch (s->phase) {
    case 0:
    case 1:
        return VB_CHANCE;
    case 2:
        return 0;
    case 3:
        return 1;
    default:
        return VB_OVER;
    }
}

static void hilo_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "phase %d", ((const hilo_state *)st)->phase);
}

static int hilo_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    const hilo_state *s = st;
    int n = 0;
    if (cap < (s->phase <= 1 ? 6 : 2))
        return VB_EOVERFLOW;
    if (s->phase <= 1) {
        for (int c = 1; c <= 6; c++) {
            acts[n] = (vb_action)c;
            if (w)
                w[n] = 1;
            n++;
        }
        return n;
    }
    if (s->phase <= 3) {
        acts[0] = 0;
        acts[1] = 1;
        if (w)
            w[0] = w[1] = 1;
        return 2;
    }
    return 0;
}

static int hilo_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    hilo_state *s = st;
    switch (s->phase) {
    case 0:
    case 1:
        s->card[s->phase] = (int32_t)a;
        s->phase++;
        break;
    case 2:
    case 3:
        s->guess[s->phase - 2] = (int32_t)a;
        s->phase++;
        break;
    default:
        return VB_EILLEGAL;
    }
    return 0;
}

static void hilo_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    (void)g;
    const hilo_state *s = st;
    if (s->phase <= 1)
        snprintf(buf, n, "%u", (unsigned)a);
    else
        snprintf(buf, n, "%s", a ? "high" : "low");
}

static void hilo_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const hilo_state *s = st;
    r->over = s->phase == 4;
    r->winner = -1;
    if (!r->over)
        return;
    for (int i = 0; i < 2; i++)
        r->score[i] = s->guess[i] == (s->card[1 - i] >= 4);
    if (r->score[0] != r->score[1])
        r->winner = r->score[0] > r->score[1] ? 0 : 1;
    snprintf(r->verdict, sizeof r->verdict, "%s",
             r->winner < 0    ? "draw"
             : r->winner == 0 ? "a wins"
                              : "b wins");
}

static void hilo_redact(const vb_game *g, void *st, int role)
{
    (void)g;
    hilo_state *s = st;
    if (s->phase < 4)
        s->card[1 - role] = 0;
}

static void hilo_determinize(const vb_game *g, void *st, int role, vb_rng *rng)
{
    (void)g;
    hilo_state *s = st;
    int other = 1 - role;
    if (s->phase > other && s->card[other] == 0)
        s->card[other] = 1 + (int32_t)vb_rng_below(rng, 6);
}

static double hilo_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    const hilo_state *s = st;
    double v = 0;
    for (int i = 0; i < 2; i++)
        if (s->phase > 2 + i && s->card[1 - i])
            v += (s->guess[i] == (s->card[1 - i] >= 4) ? 0.5 : -0.5) * (i == role ? 1 : -1);
    return v;
}

static int hilo_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                           vb_action *first, vb_ctx *cx)
{
    (void)g;
    (void)have_state;
    if (argc < 1 || strcmp(argv[0], "showdown") != 0)
        return vb_fail(cx, VB_EUSAGE, "unknown procedure '%s'", argc ? argv[0] : "");
    hilo_state *s = st;
    s->phase = 0;
    *first = VB_NONE;
    return 0;
}

static int hilo_odds_done(const vb_game *g, const void *before, const void *st)
{
    (void)g;
    (void)before;
    return ((const hilo_state *)st)->phase >= 2;
}

static void hilo_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf,
                              size_t n)
{
    (void)g;
    (void)before;
    const hilo_state *s = after;
    snprintf(buf, n, "%s",
             s->card[0] > s->card[1]   ? "a wins"
             : s->card[0] < s->card[1] ? "b wins"
                                       : "draw");
}

/* hidden: 1 with redact/determinize (the real game), 0 without (every role
 * sees everything: the control case of the information-set test). */
static vb_game_def hilo_def(int hidden)
{
    vb_game_def d;
    memset(&d, 0, sizeof d);
    d.id = "hilo-test";
    d.title = "Hilo (test game)";
    d.nroles = 2;
    d.roles = hilo_roles;
    d.nscenarios = 1;
    d.scenarios = hilo_scen;
    d.state_size = sizeof(hilo_state);
    d.setup = hilo_setup;
    d.to_move = hilo_to_move;
    d.prompt = hilo_prompt;
    d.legal = hilo_legal;
    d.apply = hilo_apply;
    d.action_text = hilo_text;
    d.result = hilo_result;
    d.eval = hilo_eval;
    if (hidden) {
        d.redact = hilo_redact;
        d.determinize = hilo_determinize;
    }
    d.odds_setup = hilo_odds_setup;
    d.odds_done = hilo_odds_done;
    d.odds_outcome = hilo_odds_outcome;
    d.odds_help = "showdown    both deals: who has the higher card";
    return d;
}

#endif
