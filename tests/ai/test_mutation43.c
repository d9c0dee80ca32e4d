/*
 * test_mutation43.c - checks added by the forty-third session's mutation
 * pass (the lead) over src/ai/odds.c, the exact enumeration behind
 * `vauban odds`: a depth with more distinct positions than its first hash
 * table holds, a refused plan that leaves nothing of itself, and the exact
 * fractions of a procedure that starts over (a reroll) when the share that
 * starts over is too fine for a fraction of 64-bit integers.
 *
 * The test games are tests/ai/hilo_game.h with other chance decisions.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hilo_game.h"
#include "odds.h"
#include "vbtest.h"

/* ---- 60 cards a deal: 3,600 distinct positions after both deals ---- */

#define CARDS 60

static int wide_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    const hilo_state *s = st;
    if (s->phase > 1)
        return hilo_legal(g, st, acts, w, cap);
    if (cap < CARDS)
        return VB_EOVERFLOW;
    for (int c = 0; c < CARDS; c++) {
        acts[c] = (vb_action)(c + 1);
        if (w)
            w[c] = 1;
    }
    return CARDS;
}

/* The odds of hilo's procedure "showdown" in the game of d, into o. */
static void showdown(const vb_game_def *d, vb_odds *o)
{
    vb_game g;
    vb_game_defaults(&g, d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    hilo_state s;
    char w0[] = "showdown";
    vb_action first;
    assert_int_equal(vb_odds_setup(&g, &s, 0, 1, (char *[]){w0, NULL}, &first, &cx), 0);
    if (vb_odds_run(&g, &s, first, 0, o, &cx) < 0)
        fail_msg("M43: %s", cx.err);
}

static const vb_odds_row *row_named(const vb_odds *o, const char *name)
{
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->rows[i].name, name) == 0)
            return &o->rows[i];
    fail_msg("M43: no outcome '%s'", name);
    return NULL;
}

static void expect_row(const vb_odds *o, const char *name, uint64_t num, uint64_t den)
{
    const vb_odds_row *r = row_named(o, name);
    if (!r->exact || r->num != num || r->den != den)
        fail_msg("M43: '%s' is %s %llu/%llu (p %.9Lf), not exactly %llu/%llu", name,
                 r->exact ? "exactly" : "about", (unsigned long long)r->num,
                 (unsigned long long)r->den, r->p, (unsigned long long)num,
                 (unsigned long long)den);
}

/* Both deals of 60 cards: 3,600 positions at the last depth, more than the
 * 1,024 its table starts with, so the table must grow (odds.c:129: a
 * table rehashed at the same size fills and its probe never ends). Who has
 * the higher card: 1,770 / 3,600 each way, a draw 60 / 3,600. */
static void test_a_depth_wider_than_its_first_table(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(0);
    d.legal = wide_legal;
    vb_odds o;
    showdown(&d, &o);
    assert_int_equal(o.n, 3);
    expect_row(&o, "a wins", 59, 120);
    expect_row(&o, "b wins", 59, 120);
    expect_row(&o, "draw", 1, 60);
    assert_int_equal(o.states, 1 + CARDS); /* the two chance depths expanded */
    vb_odds_release(&o);
}

/* ---- a plan refused ---- */

static int failing_plan(const vb_game *g, const void *st, int argc, char **argv, void *plan,
                        vb_ctx *cx)
{
    (void)g;
    (void)st;
    ((unsigned char *)plan)[0] = 9; /* half read when the bad word comes */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "bad") == 0)
            return vb_fail(cx, VB_EUSAGE, "unknown plan word 'bad'");
    return argc - 1;
}

static int no_decision(const vb_game *g, const void *plan, const void *before, const void *st,
                       vb_action *out)
{
    (void)g, (void)plan, (void)before, (void)st, (void)out;
    return 0;
}

/* A plan whose words are refused leaves the plan zeroed (odds.h: "zeroed
 * here"), the first action none and the state as it was (odds.c:223). */
static void test_a_refused_plan_leaves_nothing(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    d.odds_plan = failing_plan;
    d.odds_decide = no_decision;
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    hilo_state s, keep;
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 1, &cx), 0);
    s.phase = 3;
    keep = s;
    char w0[] = "showdown", w1[] = "bad";
    vb_action first = 7;
    vb_odds_plan plan, zero;
    memset(&plan, 0x5A, sizeof plan);
    memset(&zero, 0, sizeof zero);
    assert_int_equal(vb_odds_setup_plan(&g, &s, 1, 2, (char *[]){w0, w1, NULL}, &first, &plan, &cx),
                     VB_EUSAGE);
    assert_string_equal(cx.err, "unknown plan word 'bad'");
    if (memcmp(&plan, &zero, sizeof plan) != 0)
        fail_msg("M43: a refused plan kept %d words, first byte %d", plan.words, plan.b[0]);
    assert_true(first == VB_NONE);
    assert_memory_equal(&s, &keep, sizeof s);
}

/* ---- a procedure that starts over ---- */

/* Three chance decisions in a row; each ends the procedure ("row 1", "row
 * 2", "row 3") with weight 1 against Q[k] - 1 that goes on; after the
 * third the position is the first again (a reroll). The weights are three
 * primes near 3e9, so the share that starts over, a fraction over
 * Q[0] Q[1] Q[2], has no 64-bit denominator. */
static const uint32_t Q[3] = {3000000019u, 3000000037u, 3000000077u};

static int reroll_to_move(const vb_game *g, const void *st)
{
    (void)g;
    return ((const hilo_state *)st)->phase < 3 ? VB_CHANCE : VB_OVER;
}

static int reroll_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    const hilo_state *s = st;
    if (s->phase >= 3)
        return 0;
    if (cap < 2)
        return VB_EOVERFLOW;
    acts[0] = 0; /* goes on */
    acts[1] = 1; /* ends here */
    if (w) {
        w[0] = Q[s->phase] - 1;
        w[1] = 1;
    }
    return 2;
}

static int reroll_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    hilo_state *s = st;
    if (s->phase >= 3)
        return VB_EILLEGAL;
    if (a == 1) {
        s->card[0] = s->phase + 1;
        s->phase = 3;
    } else if (++s->phase == 3) {
        s->phase = 0; /* the first position again */
    }
    return 0;
}

static int reroll_done(const vb_game *g, const void *before, const void *st)
{
    (void)g;
    (void)before;
    return ((const hilo_state *)st)->phase == 3;
}

static void reroll_outcome(const vb_game *g, const void *before, const void *after, char *buf,
                           size_t n)
{
    (void)g;
    (void)before;
    snprintf(buf, n, "row %d", ((const hilo_state *)after)->card[0]);
}

/* Each outcome's probability is its share of one pass over one minus the
 * share that starts over (about 1/3 each here). An outcome whose share of
 * one pass is an exact fraction (row 1: 1/Q[0]) is not exact once divided
 * by a share that is not: a row that says "exact" must have the fraction
 * of its probability (odds.c:469: `r->exact && back.exact`). */
static void test_a_reroll_too_fine_is_not_exact(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(0);
    d.to_move = reroll_to_move;
    d.legal = reroll_legal;
    d.apply = reroll_apply;
    d.odds_done = reroll_done;
    d.odds_outcome = reroll_outcome;
    vb_odds o;
    showdown(&d, &o);
    assert_int_equal(o.n, 3);
    long double total = 0;
    for (int i = 0; i < o.n; i++) {
        const vb_odds_row *r = &o.rows[i];
        total += r->p;
        if (fabsl(r->p - 1.0L / 3) > 1e-6L)
            fail_msg("M43: '%s' %.9Lf, not about 1/3", r->name, r->p);
        if (r->exact && fabsl((long double)r->num / (long double)r->den - r->p) > 1e-12L)
            fail_msg("M43: '%s' says exactly %llu/%llu but is %.12Lf", r->name,
                     (unsigned long long)r->num, (unsigned long long)r->den, r->p);
    }
    assert_true(fabsl(total - 1.0L) < 1e-6L); /* 1 - back loses digits */
    vb_odds_release(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_depth_wider_than_its_first_table),
        cmocka_unit_test(test_a_refused_plan_leaves_nothing),
        cmocka_unit_test(test_a_reroll_too_fine_is_not_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
