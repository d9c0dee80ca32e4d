/*
 * test_odds.c - `vauban odds`: the exact enumeration agrees with sampling.
 *
 * For every procedure a game offers (the first word of each odds_help line
 * that odds_setup accepts alone, plus the explicit cases below), the exact
 * probabilities are compared with the frequencies of a million sampled
 * trials (chance drawn by weight from an RNG seeded here): each outcome
 * within 4 standard errors, no sampled outcome missing from the exact list,
 * and the exact probabilities summing to 1. VB_ODDS_TRIALS overrides the
 * number of trials.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hilo_game.h"
#include "odds.h"
#include "vbtest.h"

/* Cases known to exist in the games (words as on the command line). A
 * case whose game is not built, or whose words its odds_setup rejects, is
 * reported and skipped. */
static const struct {
    const char *game;
    const char *words;
} cases[] = {
    {"molt-soroll", "offensive Napols"},
    {"molt-soroll", "offensive Napols almogavar fleet box=3"},
    {"molt-soroll", "offensive Noblesa-catalana almogavar box=2 reduced"},
    {"molt-soroll", "offensive Andalusins almogavar box=4 mod=-1 riot"},
    {"molt-soroll", "offensive riot"},
    {"molt-soroll", "offensive pirates"},
    {"molt-soroll", "siege Franca-Felip box=3"},
    {"molt-soroll", "siege Andalusins box=5"},
    {"molt-soroll", "influence nobility"},
    {"molt-soroll", "influence pope mod=1"},
    {"molt-soroll", "influence james"},
    {"molt-soroll", "inactivation Andalusins box=1"},
    {"setge-1714", "artillery 1"},
    {"setge-1714", "artillery 2"},
    {"setge-1714", "artillery 1 catalan"},
    {"setge-1714", "salvo 1"},
    {"setge-1714", "salvo 3"},
    {"setge-1714", "salvo 5 hits-on=5"},
    {"setge-1714", "assault"},
    {"setge-1714", "assault withdraw"},
    {"setge-1714", "assault att=5 def=4 attackers=3 defenders=2 zone=green barricade "
                   "att-commander def-commander flag"},
    {"setge-1714", "assault att=5 def=4 attackers=3 defenders=2 zone=green barricade "
                   "att-commander def-commander flag withdraw"},
    {"setge-1714", "assault att=4 def=4 blue-line withdraw attacker=catalan"},
    {"setge-1714", "assault zone=blue def-commander"},
};

static long trials(void)
{
    const char *e = getenv("VB_ODDS_TRIALS");
    long n = e ? atol(e) : 0;
    return n > 0 ? n : 1000000;
}

static uint64_t rng_below(vb_rng *r, uint64_t n)
{
    return vb_rng_below(r, n);
}

/* Sample the procedure from start (after first) until it ends; the
 * outcome's index in o (or -1 if it is not there). */
static int sample_once(const vb_game *g, const void *start, vb_action first, void *st,
                       const vb_odds *o, vb_rng *rng, char *name, size_t nn)
{
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    vb_ctx cx;
    vb_ctx_init(&cx);
    memcpy(st, start, g->def->state_size);
    if (first != VB_NONE)
        vb_apply_unchecked(g, st, first, &cx);
    while (!vb_odds_ended(g, start, st)) {
        int n = vb_legal(g, st, acts, w, VB_MAX_ACTIONS);
        uint64_t sum = 0;
        for (int i = 0; i < n; i++)
            sum += w[i];
        assert_true(n > 0 && sum > 0);
        uint64_t x = rng_below(rng, sum);
        int i = 0;
        while (x >= w[i]) {
            x -= w[i];
            i++;
        }
        vb_apply_unchecked(g, st, acts[i], &cx);
    }
    vb_odds_outcome_name(g, start, st, name, nn);
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->rows[i].name, name) == 0)
            return i;
    return -1;
}

/* Exact vs sampled for one procedure. Returns 1 if checked, 0 if the game
 * does not accept the words. */
static int check_procedure(const vb_game *g, int argc, char **argv, uint64_t seed)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    void *start = calloc(1, g->def->state_size), *st = calloc(1, g->def->state_size);
    assert_non_null(start);
    assert_non_null(st);
    vb_action first;
    if (vb_odds_setup(g, start, 0, argc, argv, &first, &cx) < 0) {
        print_message("  %s %s: not accepted alone (%s)\n", g->def->id, argv[0], cx.err);
        free(start);
        free(st);
        return 0;
    }
    vb_odds o;
    if (vb_odds_run(g, start, first, 0, &o, &cx) < 0)
        fail_msg("%s %s: %s", g->def->id, argv[0], cx.err);
    assert_true(o.n > 0);
    long double total = 0;
    for (int i = 0; i < o.n; i++)
        total += o.rows[i].p;
    if (fabsl(total - 1.0L) > 1e-9L)
        fail_msg("%s %s: probabilities sum to %.12Lf", g->def->id, argv[0], total);
    long N = trials();
    long *hits = calloc((size_t)o.n, sizeof *hits);
    assert_non_null(hits);
    vb_rng rng;
    vb_rng_seed(&rng, seed);
    char name[VB_TEXT_LEN];
    for (long t = 0; t < N; t++) {
        int k = sample_once(g, start, first, st, &o, &rng, name, sizeof name);
        if (k < 0)
            fail_msg("%s %s: sampled outcome '%s' is not in the exact list", g->def->id, argv[0],
                     name);
        hits[k]++;
    }
    for (int i = 0; i < o.n; i++) {
        double p = (double)o.rows[i].p, f = (double)hits[i] / N;
        double se = sqrt(p * (1 - p) / N);
        if (fabs(f - p) > 4 * se + 1.0 / N)
            fail_msg("%s %s: '%s' exact %.6f, sampled %.6f (%ld trials, 4 se = %.6f)", g->def->id,
                     argv[0], o.rows[i].name, p, f, N, 4 * se);
    }
    char words[256] = "";
    for (int i = 0; i < argc; i++)
        snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s", i ? " " : "",
                 argv[i]);
    print_message("  %s %s: %d outcomes, %ld states, checked against %ld trials\n", g->def->id,
                  words, o.n, o.states, N);
    free(hits);
    vb_odds_release(&o);
    free(start);
    free(st);
    return 1;
}

static void test_hilo_exact(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    hilo_state s;
    char w0[] = "showdown";
    char *argv[] = {w0, NULL};
    vb_action first;
    assert_int_equal(vb_odds_setup(&g, &s, 0, 1, argv, &first, &cx), 0);
    vb_odds o;
    assert_int_equal(vb_odds_run(&g, &s, first, 0, &o, &cx), 0);
    assert_int_equal(o.n, 3);
    /* sorted by probability, then name */
    assert_string_equal(o.rows[0].name, "a wins");
    assert_string_equal(o.rows[1].name, "b wins");
    assert_string_equal(o.rows[2].name, "draw");
    assert_true(o.rows[0].exact && o.rows[0].num == 5 && o.rows[0].den == 12);
    assert_true(o.rows[2].exact && o.rows[2].num == 1 && o.rows[2].den == 6);
    assert_int_equal(o.depth, 2);
    vb_odds_release(&o);
    char bad[] = "charge";
    argv[0] = bad;
    assert_true(vb_odds_setup(&g, &s, 0, 1, argv, &first, &cx) < 0);
    check_procedure(&g, 1, (char *[]){w0, NULL}, 1);
}

static void test_no_hooks(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    d.odds_setup = NULL;
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    hilo_state s;
    char w0[] = "showdown";
    vb_action first;
    assert_int_equal(vb_odds_setup(&g, &s, 0, 1, (char *[]){w0, NULL}, &first, &cx), VB_EUSAGE);
    assert_string_equal(cx.err, "game has no odds procedures");
}

/* A plan for hilo (the plan's path through the core): each word "a-high"
 * after the procedure's name is one plan word. */
static int plan_hook(const vb_game *g, const void *st, int argc, char **argv, void *plan,
                     vb_ctx *cx)
{
    (void)g;
    (void)st;
    (void)cx;
    int n = 0;
    for (int i = 1; i < argc; i++)
        n += strcmp(argv[i], "a-high") == 0;
    ((unsigned char *)plan)[0] = (unsigned char)n;
    return n;
}

static int decide_hook(const vb_game *g, const void *plan, const void *before, const void *st,
                       vb_action *out)
{
    (void)g;
    (void)plan;
    (void)before;
    (void)st;
    (void)out;
    return 0;
}

/* vb_odds_setup_plan reads a plan's words; the plain vb_odds_setup (the
 * server's, which cannot follow a plan) refuses a plan of even one word,
 * in one line, and leaves the state as it was. */
static void test_plan_words(void **state)
{
    (void)state;
    vb_game_def d = hilo_def(1);
    d.odds_plan = plan_hook;
    d.odds_decide = decide_hook;
    vb_game g;
    vb_game_defaults(&g, &d);
    vb_ctx cx;
    vb_ctx_init(&cx);
    hilo_state s, keep;
    assert_int_equal(vb_setup(&g, &s, 0, NULL, 1, &cx), 0);
    s.phase = 3;
    keep = s;
    char w0[] = "showdown", w1[] = "a-high";
    char *one[] = {w0, w1, NULL}, *none[] = {w0, NULL};
    vb_action first = 7;
    vb_odds_plan plan;
    /* A setting-up that succeeds leaves the caller's message alone: only
     * a failure's goes back (kills odds.c:190 rc < 0 && cx -> ||, which
     * blanked it; fifty-first session, seed 51). */
    snprintf(cx.err, sizeof cx.err, "an earlier message");
    assert_int_equal(vb_odds_setup_plan(&g, &s, 1, 2, one, &first, &plan, &cx), 0);
    if (strcmp(cx.err, "an earlier message") != 0)
        fail_msg("M51: a successful setting-up left '%s' in the context", cx.err);
    assert_int_equal(plan.words, 1);
    assert_int_equal(s.phase, 0);
    s = keep;
    first = 7;
    assert_int_equal(vb_odds_setup(&g, &s, 1, 2, one, &first, &cx), VB_EUSAGE);
    assert_string_equal(cx.err, "odds: a plan of the players' decisions is not taken here");
    assert_memory_equal(&s, &keep, sizeof s);
    assert_true(first == VB_NONE);
    assert_int_equal(vb_odds_setup(&g, &s, 1, 1, none, &first, &cx), 0);
    assert_int_equal(s.phase, 0);
}

/* Split words on spaces into argv (modifies buf). */
static int split(char *buf, char **argv, int max)
{
    int n = 0;
    for (char *t = strtok(buf, " "); t && n < max; t = strtok(NULL, " "))
        argv[n++] = t;
    return n;
}

static void test_registered_games(void **state)
{
    (void)state;
    int checked = 0;
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *def = vb_registry_get(i);
        if (!def->odds_setup) {
            print_message("  %s: game has no odds procedures\n", def->id);
            continue;
        }
        vb_ctx cx;
        vb_ctx_init(&cx);
        vb_game *g = vb_game_load(def->id, &cx);
        if (!g)
            fail_msg("%s: %s", def->id, cx.err);
        /* the first word of every odds_help line */
        const char *h = def->odds_help ? def->odds_help : "";
        while (*h) {
            size_t len = strcspn(h, "\n");
            char line[256], *argv[32];
            snprintf(line, sizeof line, "%.*s", (int)(len < 255 ? len : 255), h);
            h += len + (h[len] == '\n');
            char *sp = strpbrk(line, " \t");
            if (sp)
                *sp = 0;
            if (!line[0])
                continue;
            argv[0] = line;
            checked += check_procedure(g, 1, argv, 100 + (uint64_t)checked);
        }
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            if (strcmp(cases[k].game, def->id) != 0)
                continue;
            char buf[256], *argv[32];
            snprintf(buf, sizeof buf, "%s", cases[k].words);
            int n = split(buf, argv, 31);
            checked += check_procedure(g, n, argv, 200 + (uint64_t)k);
        }
        vb_game_free(g);
    }
    print_message("  %d procedures of registered games checked\n", checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hilo_exact),
        cmocka_unit_test(test_no_hooks),
        cmocka_unit_test(test_plan_words),
        cmocka_unit_test(test_registered_games),
    };
    vbt_filter_from_env(); /* VB_TEST_FILTER: one test, or a few */
    return cmocka_run_group_tests(tests, NULL, NULL);
}
