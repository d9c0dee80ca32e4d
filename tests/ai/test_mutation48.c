/*
 * test_mutation48.c - src/ai/odds.c: a survivor of the forty-eighth
 * session's seed-48 pass (the lead; docs/core.md, "Mutation pass,
 * forty-eighth session (the lead)"); messages "M48:".
 *
 * A level of the enumeration with more than 512 distinct states grows its
 * open-addressing table (level_rehash), and every state already there is
 * put back at its slot (odds.c:105 `h & (tabn - 1)` as `h & (tabn - 0)`
 * put half of them at index 0 and half one past the table: those states
 * were lost to the merge and counted again as new, and the write past the
 * table is a heap-buffer-overflow under AddressSanitizer). No game's odds
 * procedure in the tests reached 512 states in one level. The game is
 * "sum", below.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "odds.h"
#include "vauban.h"

/* ---- sum: three rolls of a die of SUM_FACES faces (0 .. SUM_FACES - 1),
 * added; the outcome is whether the sum is even. One role, no player
 * decisions. Level 1 holds SUM_FACES states, level 2 the 2 * SUM_FACES - 1
 * sums, each reached by many paths, expanded in turn; level 3 ends. */
#define SUM_FACES 700

typedef struct sum_state {
    vb_head head;
    int32_t phase; /* 0, 1, 2 roll; 3 over */
    int32_t sum;
} sum_state;

static const char *const sum_roles[] = {"a"};
static const char *const sum_scen[] = {"standard"};

static int sum_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    ((sum_state *)st)->phase = 0;
    ((sum_state *)st)->sum = 0;
    return 0;
}

static int sum_to_move(const vb_game *g, const void *st)
{
    (void)g;
    return ((const sum_state *)st)->phase < 3 ? VB_CHANCE : VB_OVER;
}

static void sum_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "roll %d", ((const sum_state *)st)->phase + 1);
}

static int sum_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    if (((const sum_state *)st)->phase >= 3)
        return 0;
    if (cap < SUM_FACES)
        return VB_EOVERFLOW;
    for (int i = 0; i < SUM_FACES; i++) {
        acts[i] = (vb_action)i;
        if (w)
            w[i] = 1;
    }
    return SUM_FACES;
}

static int sum_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    sum_state *s = st;
    s->sum += (int32_t)a;
    s->phase++;
    return 0;
}

static void sum_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    (void)g;
    (void)st;
    snprintf(buf, n, "%u", (unsigned)a);
}

static void sum_result(const vb_game *g, const void *st, vb_result *r)
{
    (void)g;
    r->over = ((const sum_state *)st)->phase >= 3;
    r->winner = r->over && ((const sum_state *)st)->sum % 2 == 0 ? 0 : -1;
}

static int sum_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                          vb_action *first, vb_ctx *cx)
{
    (void)have_state;
    if (argc < 1 || strcmp(argv[0], "rolls") != 0)
        return vb_fail(cx, VB_EUSAGE, "unknown procedure");
    sum_setup(g, st, cx);
    *first = VB_NONE;
    return 0;
}

static void sum_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf,
                             size_t n)
{
    (void)g;
    (void)before;
    snprintf(buf, n, "%s", ((const sum_state *)after)->sum % 2 ? "odd" : "even");
}

static vb_game_def sum_def(void)
{
    vb_game_def d;
    memset(&d, 0, sizeof d);
    d.id = "sum-test";
    d.title = "Sum (test game)";
    d.nroles = 1;
    d.roles = sum_roles;
    d.nscenarios = 1;
    d.scenarios = sum_scen;
    d.state_size = sizeof(sum_state);
    d.setup = sum_setup;
    d.to_move = sum_to_move;
    d.prompt = sum_prompt;
    d.legal = sum_legal;
    d.apply = sum_apply;
    d.action_text = sum_text;
    d.result = sum_result;
    d.odds_setup = sum_odds_setup;
    d.odds_outcome = sum_odds_outcome;
    d.odds_help = "rolls    three rolls added: even or odd";
    return d;
}

/* Each level merged whole: 1 + 700 + 1399 distinct states expanded (the
 * third roll's ends are not), even and odd each 1/2 exactly (as many odd
 * faces as even). */
static void large_levels_merge_every_state(void **state)
{
    (void)state;
    vb_game_def d = sum_def();
    vb_game g;
    vb_ctx cx;
    sum_state s;
    vb_action first;
    vb_odds o;
    char w0[] = "rolls";
    char *argv[] = {w0, NULL};
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    memset(&s, 0, sizeof s);
    assert_int_equal(vb_odds_setup(&g, &s, 0, 1, argv, &first, &cx), 0);
    assert_int_equal(vb_odds_run(&g, &s, first, 0, &o, &cx), 0);
    if (o.states != 1 + SUM_FACES + 2 * SUM_FACES - 1)
        fail_msg("M48: %ld states expanded, not %d: a level's states lost when its table grew",
                 o.states, 1 + SUM_FACES + 2 * SUM_FACES - 1);
    assert_int_equal(o.n, 2);
    assert_int_equal(o.depth, 3);
    for (int i = 0; i < 2; i++) {
        assert_true(o.rows[i].exact);
        assert_true(o.rows[i].num == 1 && o.rows[i].den == 2);
    }
    vb_odds_release(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(large_levels_merge_every_state),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
