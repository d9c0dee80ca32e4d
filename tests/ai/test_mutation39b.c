/*
 * test_mutation39b.c - src/ai/policy.c, the greedy policy: survivors of the
 * thirty-ninth session's second mutation pass (helper sqd; docs/core.md,
 * "Mutation pass, thirty-ninth session, second round (helper sqd)");
 * messages "M39:". Greedy values an action by the evaluation after it,
 * chance decisions that follow averaged over their outcomes by weight,
 * "enumerated while the product of branching factors stays within [64]
 * leaves per action, sampled beyond" (policy.c's GREEDY_LEAVES).
 *
 * The game, "urn": a decides stand (0) or draw (1); a draw is followed by
 * the urn (a chance decision of urn_n outcomes), then, when urn_second, by
 * a coin (outcomes 0 and 1, weights 1 and 3); then b ends the game. a's
 * value: urn_root before deciding, urn_stand after stand; after a draw,
 * with the coin 0.2 for coin 0 and 0.6 for coin 1, without it 0.2 for urn
 * outcome 0 and 0.6 for the others (urn outcome 0 weight 1, the others
 * weight 3); 0.3 with a chance decision pending. Every evaluation is
 * counted.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "policy.h"
#include "vauban.h"

static const char *const two_roles[] = {"a", "b"};
static const char *const one_scen[] = {"standard"};

typedef struct urn_state {
    vb_head head;
    int32_t phase; /* 0 a decides, 1 the urn, 2 the coin, 3 b ends, 4 over */
    int32_t drew;  /* 0 stood, 1 drew */
    int32_t urn, coin;
} urn_state;

static double urn_root = 0.5;  /* a's value before deciding */
static double urn_stand = 0.5; /* a's value after stand */
static int urn_n = 2;          /* the urn's outcomes */
static int urn_second;         /* the coin after the urn */
static long urn_evals;         /* evaluations so far */

static int urn_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g, (void)cx;
    memset((char *)st + sizeof(vb_head), 0, sizeof(urn_state) - sizeof(vb_head));
    return 0;
}

static int urn_to_move(const vb_game *g, const void *st)
{
    (void)g;
    static const int who[] = {0, VB_CHANCE, VB_CHANCE, 1, VB_OVER};
    return who[((const urn_state *)st)->phase];
}

static void urn_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "phase %d", ((const urn_state *)st)->phase);
}

static int urn_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    const urn_state *s = st;
    int n = s->phase == 1 ? urn_n : s->phase == 3 ? 1 : s->phase == 4 ? 0 : 2;
    if (cap < n)
        return VB_EOVERFLOW;
    for (int i = 0; i < n; i++) {
        acts[i] = (vb_action)i;
        if (w)
            w[i] = s->phase == 0 || s->phase == 3 || i == 0 ? 1 : 3;
    }
    return n;
}

static int urn_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g, (void)cx;
    urn_state *s = st;
    switch (s->phase) {
    case 0:
        s->drew = (int32_t)a;
        s->phase = a ? 1 : 3;
        return 0;
    case 1:
        s->urn = (int32_t)a;
        s->phase = urn_second ? 2 : 3;
        return 0;
    case 2:
        s->coin = (int32_t)a;
        s->phase = 3;
        return 0;
    case 3:
        s->phase = 4;
        return 0;
    default:
        return VB_EILLEGAL;
    }
}

static void urn_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    (void)g, (void)st;
    snprintf(buf, n, "%u", (unsigned)a);
}

/* a's value in [0, 1] */
static double urn_value(const urn_state *s)
{
    if (s->phase == 0)
        return urn_root;
    if (s->phase == 1 || s->phase == 2)
        return 0.3;
    if (!s->drew)
        return urn_stand;
    return (urn_second ? s->coin : s->urn) ? 0.6 : 0.2;
}

static double urn_eval(const vb_game *g, const void *st, int role)
{
    (void)g;
    double v = 2 * urn_value(st) - 1;
    urn_evals++;
    return role == 0 ? v : -v;
}

static void urn_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    const urn_state *s = st;
    r->over = s->phase == 4;
    r->winner = -1;
    if (!r->over)
        return;
    double v = urn_value(s);
    r->winner = v > 0.5 ? 0 : v < 0.5 ? 1 : -1;
    r->score[0] = v;
    r->score[1] = 1 - v;
    snprintf(r->verdict, sizeof r->verdict, "%s", r->winner == 0 ? "a wins" : "b wins");
}

static vb_game_def urn_def(void)
{
    vb_game_def d;
    memset(&d, 0, sizeof d);
    d.id = "urn-test";
    d.title = "Urn (test game)";
    d.nroles = 2;
    d.roles = two_roles;
    d.nscenarios = 1;
    d.scenarios = one_scen;
    d.state_size = sizeof(urn_state);
    d.setup = urn_setup;
    d.to_move = urn_to_move;
    d.prompt = urn_prompt;
    d.legal = urn_legal;
    d.apply = urn_apply;
    d.action_text = urn_text;
    d.result = urn_result;
    d.eval = urn_eval;
    return d;
}

/* greedy's choice for a at the start, and the evaluations it made */
static vb_action greedy_choice(uint64_t seed, long *evals)
{
    vb_game_def d = urn_def();
    vb_game g;
    vb_ctx cx;
    urn_state s;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 1, &cx), 0);
    assert_int_equal(vb_to_move(&g, &s), 0);
    vb_policy *p = vb_policy_new(&g, "greedy", seed, &cx);
    if (!p)
        fail_msg("M39: vb_policy_new('greedy'): %s", cx.err);
    urn_evals = 0;
    vb_action a = vb_policy_choose(p, &s);
    if (evals)
        *evals = urn_evals;
    vb_policy_free(p);
    return a;
}

/* An urn of two outcomes (values 0.2 and 0.6, weights 1 and 3): a draw is
 * worth 0.5, their weighted mean, whatever the position before it is worth
 * (0.9 here): greedy stands on 0.55 and draws against 0.45. Kills
 * policy.c:331 `greedy_value(p, d + 1, ...)` -> `d - 1` (each outcome's
 * value read from the scratch state below the one it was applied to, the
 * root's view: a draw worth 0.9, always taken). */
static void test_greedy_averages_the_outcomes(void **state)
{
    (void)state;
    urn_n = 2;
    urn_second = 0;
    urn_root = 0.9;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        urn_stand = 0.55;
        if (greedy_choice(seed, NULL) != 0)
            fail_msg("M39: seed %llu: greedy drew (worth 0.5) rather than stand on 0.55",
                     (unsigned long long)seed);
        urn_stand = 0.45;
        if (greedy_choice(seed, NULL) != 1)
            fail_msg("M39: seed %llu: greedy stood on 0.45 rather than draw (worth 0.5)",
                     (unsigned long long)seed);
    }
    urn_root = 0.5;
}

/* An urn of 65 outcomes, more than the 64 leaves: greedy samples it 64
 * times, and below each sample the coin (2 outcomes, more than the one
 * leaf left to it) is sampled once: 64 evaluations for the draw and one
 * for stand, 65 in all. Kills policy.c:339 a sample's subtree given 2
 * leaves instead of 1 (the coin enumerated under each sample: 128
 * evaluations for the draw, twice the bound). */
static void test_greedy_keeps_to_its_leaves(void **state)
{
    (void)state;
    urn_n = 65;
    urn_second = 1;
    urn_stand = 0.5;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        long evals = 0;
        (void)greedy_choice(seed, &evals);
        if (evals != 65)
            fail_msg("M39: seed %llu: greedy evaluated %ld positions, not 64 + 1",
                     (unsigned long long)seed, evals);
    }
    urn_n = 2;
    urn_second = 0;
}

/* The sampled average is a mean of its samples (forty-fourth session's
 * seed-44 pass, the lead; message "M44:"). An urn of 65 outcomes, sampled
 * 64 times, no coin: outcome 0 (weight 1) worth 0.2, the 64 others (weight
 * 3 each) 0.6, so a draw is worth about 0.6 (0.6 exactly unless a sample
 * meets outcome 0, one chance in 193 a sample). greedy draws rather than
 * stand on 0.57. Kills policy.c:358 `wsum += 1` -> `2` (each sample
 * counted twice in the divisor: a sampled draw worth about 0.55 on
 * greedy's 0-1 scale, below 0.57). */
static void test_greedy_samples_count_once(void **state)
{
    (void)state;
    urn_n = 65;
    urn_second = 0;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        urn_stand = 0.57;
        if (greedy_choice(seed, NULL) != 1)
            fail_msg("M44: seed %llu: greedy stood on 0.57 rather than draw from an urn worth "
                     "about 0.6",
                     (unsigned long long)seed);
        urn_stand = 0.63;
        if (greedy_choice(seed, NULL) != 0)
            fail_msg("M44: seed %llu: greedy drew (about 0.6) rather than stand on 0.63",
                     (unsigned long long)seed);
    }
    urn_n = 2;
    urn_stand = 0.5;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_greedy_averages_the_outcomes),
        cmocka_unit_test(test_greedy_keeps_to_its_leaves),
        cmocka_unit_test(test_greedy_samples_count_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
