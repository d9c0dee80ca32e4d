/* test_file26.c - state files and records (src/core/file.c) on a small game
 * built here ("dice", not registered), the mutation pass of the
 * twenty-sixth session (scripts/mutate seed 25; docs/core.md):
 *
 *   phase 0, 1  chance: "roll N" (N 1-3), face N of weight w[N-1] (1 each
 *               unless a file says otherwise)
 *   phase 2     a: "end"; then the game is over (phase 3)
 *   phase 4     only from a file: to_move names role 1 of a one-role
 *               game (a broken position the loader must refuse)
 *   phase 5     only from a file: over, the result naming side 1 of a
 *               one-side game (a broken result the writer must not name)
 *
 * Each test names the mutant it kills. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"

typedef struct dc_state {
    vb_head head;
    int32_t phase;
    int32_t roll[2];
    int32_t w[3];
} dc_state;

static const char *const dc_roles[] = {"a"};
static const char *const dc_scen[] = {"standard"};

static int dc_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    dc_state *s = st;
    (void)g;
    (void)cx;
    s->w[0] = s->w[1] = s->w[2] = 1;
    return 0;
}

static int dc_to_move(const vb_game *g, const void *st)
{
    const dc_state *s = st;
    (void)g;
    if (s->phase < 2)
        return VB_CHANCE;
    if (s->phase == 2)
        return 0;
    return s->phase == 4 ? 1 : VB_OVER; /* 3 and 5 */
}

static void dc_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "phase %d", ((const dc_state *)st)->phase);
}

static int dc_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    const dc_state *s = st;
    int n = s->phase < 2 ? 3 : s->phase == 2 || s->phase == 4 ? 1 : 0;
    (void)g;
    if (n > cap)
        return VB_EOVERFLOW;
    for (int i = 0; i < n; i++) {
        acts[i] = (vb_action)(i + 1);
        if (w)
            w[i] = s->phase < 2 ? (uint32_t)s->w[i] : 1;
    }
    return n;
}

static int dc_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    dc_state *s = st;
    (void)g;
    (void)cx;
    if (s->phase < 2)
        s->roll[s->phase] = (int32_t)a;
    s->phase++;
    return 0;
}

static void dc_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    const dc_state *s = st;
    (void)g;
    if (s->phase < 2)
        snprintf(buf, n, "roll %u", (unsigned)a);
    else
        snprintf(buf, n, "end");
}

static void dc_result(const vb_game *g, const void *st, vb_result *r)
{
    const dc_state *s = st;
    (void)g;
    r->over = s->phase == 3 || s->phase == 5;
    if (r->over) {
        r->winner = s->phase == 5 ? 1 : s->roll[0] + s->roll[1] >= 4 ? 0 : -1;
        snprintf(r->verdict, sizeof r->verdict, "%d", s->roll[0] + s->roll[1]);
    }
}

static json_t *dc_to_json(const vb_game *g, const void *st, int role)
{
    const dc_state *s = st;
    (void)g;
    (void)role;
    return json_pack("{s:i, s:[i, i], s:[i, i, i]}", "phase", s->phase, "roll", s->roll[0],
                     s->roll[1], "w", s->w[0], s->w[1], s->w[2]);
}

static int dc_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx)
{
    dc_state *s = st;
    (void)g;
    if (json_unpack(j, "{s:i, s:[i, i], s:[i, i, i]}", "phase", &s->phase, "roll", &s->roll[0],
                    &s->roll[1], "w", &s->w[0], &s->w[1], &s->w[2]) < 0 ||
        s->phase < 0 || s->phase > 5)
        return vb_fail(cx, VB_EINPUT, "dice: bad state");
    return 0;
}

static int dc_check(const vb_game *g, const void *st, vb_ctx *cx)
{
    (void)g;
    (void)st;
    (void)cx;
    return 0;
}

static vb_game_def D;
static vb_game G;

static int group_setup(void **state)
{
    (void)state;
    memset(&D, 0, sizeof D);
    D.id = "dice-test";
    D.title = "Dice (test game)";
    D.rules_version = "dice 1";
    D.nroles = 1;
    D.roles = dc_roles;
    D.nscenarios = 1;
    D.scenarios = dc_scen;
    D.state_size = sizeof(dc_state);
    D.setup = dc_setup;
    D.to_move = dc_to_move;
    D.prompt = dc_prompt;
    D.legal = dc_legal;
    D.apply = dc_apply;
    D.action_text = dc_text;
    D.result = dc_result;
    D.to_json = dc_to_json;
    D.from_json = dc_from_json;
    D.check = dc_check;
    vb_game_defaults(&G, &D);
    snprintf(G.fingerprint, sizeof G.fingerprint, "0000000000000000");
    return 0;
}

/* The referee's file of a match with seed 5 after `rolls` draws from the
 * generator. */
static json_t *file_after(int rolls)
{
    vb_match m;
    vb_ctx cx;
    json_t *j;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 0, NULL, 5, &cx), 0);
    for (int i = 0; i < rolls; i++)
        assert_int_equal(vb_match_roll(&m, &cx), 0);
    j = vb_match_to_json(&m, -1);
    vb_match_release(&m);
    return j;
}

/* Loads j into a match; the return code, the message in cx. */
static int load(json_t *j, vb_ctx *cx)
{
    vb_match m;
    int rc;
    vb_ctx_init(cx);
    rc = vb_match_load(&m, &G, j, cx);
    if (rc == 0)
        vb_match_release(&m);
    return rc;
}

/* A position whose die can only show its first face (weights 1, 0, 0) is
 * playable; with no face possible it is refused (file.c:293: `i = 0` -> 1,
 * the first outcome's weight left out of the total, refused the first
 * position too). */
static void a_die_with_one_possible_face_is_playable(void **state)
{
    static const struct {
        int w[3];
        int ok;
    } rows[] = {{{1, 0, 0}, 1}, {{0, 0, 1}, 1}, {{0, 0, 0}, 0}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        json_t *j = file_after(0);
        vb_ctx cx;
        int rc;
        json_object_del(j, "history");
        json_object_set_new(json_object_get(j, "state"), "w",
                            json_pack("[i, i, i]", rows[i].w[0], rows[i].w[1], rows[i].w[2]));
        rc = load(j, &cx);
        json_decref(j);
        if (rows[i].ok && rc != 0)
            fail_msg("weights %d %d %d refused: %s", rows[i].w[0], rows[i].w[1], rows[i].w[2],
                     cx.err);
        if (!rows[i].ok) {
            assert_int_equal(rc, VB_EINPUT);
            assert_string_equal(cx.err, "state file: a chance decision with no possible outcome");
        }
    }
}

/* A position that names role 1 of a one-role game to move is refused
 * (file.c:282: `who >= nroles` -> `>` let it through). */
static void a_role_past_the_last_is_no_one(void **state)
{
    json_t *j = file_after(0);
    vb_ctx cx;
    (void)state;
    json_object_del(j, "history");
    json_object_set_new(json_object_get(j, "state"), "phase", json_integer(4));
    assert_int_equal(load(j, &cx), VB_EINPUT);
    assert_string_equal(cx.err, "state file: the position names no one to decide");
    json_decref(j);
}

/* A bad generator word is named by its place, counted from 1 (file.c:254:
 * `i + 1` -> `i - 1`). */
static void a_bad_rng_word_is_named_from_one(void **state)
{
    (void)state;
    for (int k = 0; k < 4; k++) {
        json_t *j = file_after(0);
        char want[80];
        vb_ctx cx;
        json_object_del(j, "history");
        json_array_set_new(json_object_get(j, "rng"), (size_t)k, json_string("not-hex-at-all!!"));
        assert_int_equal(load(j, &cx), VB_EINPUT);
        snprintf(want, sizeof want, "state file: rng word %d must be 16 hexadecimal digits", k + 1);
        assert_string_equal(cx.err, want);
        json_decref(j);
    }
}

/* Whether a draw came from the generator is the referee's to know: a role's
 * view of the record carries no "rng" (file.c:112: `role < 0` -> `< 1`
 * wrote it into role 0's view). */
static void a_view_does_not_say_which_draws_were_generated(void **state)
{
    vb_match m;
    vb_ctx cx;
    json_t *ref, *view;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 0, NULL, 5, &cx), 0);
    assert_int_equal(vb_match_roll(&m, &cx), 0);
    ref = vb_match_to_json(&m, -1);
    view = vb_match_to_json(&m, 0);
    assert_true(
        json_is_true(json_object_get(json_array_get(json_object_get(ref, "history"), 0), "rng")));
    assert_null(json_object_get(json_array_get(json_object_get(view, "history"), 0), "rng"));
    assert_null(json_object_get(view, "rng"));
    assert_null(json_object_get(view, "seed"));
    json_decref(ref);
    json_decref(view);
    vb_match_release(&m);
}

/* A record whose second draw is not what the generator draws: the message
 * quotes the draw just made, not the one before it or past it (file.c:341
 * `n - 1` -> `n - 2` or `n - 0`). */
static void a_wrong_draw_is_quoted(void **state)
{
    json_t *j = file_after(2), *e;
    vb_ctx cx;
    char drawn[32], other[32], want[160];
    const char *first;
    (void)state;
    json_object_del(j, "state");
    json_object_del(j, "to_move");
    e = json_array_get(json_object_get(j, "history"), 1);
    snprintf(drawn, sizeof drawn, "%s", json_string_value(json_object_get(e, "do")));
    first =
        json_string_value(json_object_get(json_array_get(json_object_get(j, "history"), 0), "do"));
    /* a face other than the one drawn second, and other than the first draw
     * (so that quoting the wrong entry shows) */
    for (int f = 1; f <= 3; f++) {
        snprintf(other, sizeof other, "roll %d", f);
        if (strcmp(other, drawn) != 0 && strcmp(other, first) != 0)
            break;
    }
    json_object_set_new(e, "do", json_string(other));
    assert_int_equal(load(j, &cx), VB_EINPUT);
    snprintf(want, sizeof want,
             "record does not replay: history[1]: generator drew '%s', record says '%s'", drawn,
             other);
    assert_string_equal(cx.err, want);
    json_decref(j);
}

/* A file names who decides and who decided by the role's name, "chance"
 * or "over" (file.c:15: `who == VB_OVER` -> `!=` named every role "over",
 * in "to_move" and in each entry's "by", and loading read it back the same
 * way, so no round trip saw it). */
static void a_file_names_who_decides(void **state)
{
    static const char *const to_move[] = {"chance", "chance", "a", "over"};
    static const char *const by[] = {"chance", "chance", "a"};
    vb_match m;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 0, NULL, 5, &cx), 0);
    for (int k = 0; k < 4; k++) {
        json_t *j = vb_match_to_json(&m, -1), *hist = json_object_get(j, "history");
        assert_string_equal(json_string_value(json_object_get(j, "to_move")), to_move[k]);
        assert_int_equal(json_array_size(hist), (size_t)k);
        for (int i = 0; i < k; i++)
            assert_string_equal(
                json_string_value(json_object_get(json_array_get(hist, (size_t)i), "by")), by[i]);
        json_decref(j);
        if (k < 2)
            assert_int_equal(vb_match_roll(&m, &cx), 0);
        else if (k == 2)
            assert_int_equal(vb_match_apply(&m, 1, &cx), 0);
    }
    vb_match_release(&m);
}

/* A result naming a side past the last is written without a winner
 * (file.c:48: `r.winner < g->nsides` -> `<=` read the name past the end of
 * the sides). */
static void a_winner_past_the_last_side_is_not_named(void **state)
{
    json_t *j = file_after(0), *back;
    vb_match m;
    vb_ctx cx;
    (void)state;
    json_object_del(j, "history");
    json_object_del(j, "to_move");
    json_object_set_new(json_object_get(j, "state"), "phase", json_integer(5));
    vb_ctx_init(&cx);
    if (vb_match_load(&m, &G, j, &cx) != 0)
        fail_msg("refused: %s", cx.err);
    back = vb_match_to_json(&m, -1);
    assert_string_equal(json_string_value(json_object_get(back, "to_move")), "over");
    assert_true(json_is_null(json_object_get(json_object_get(back, "result"), "winner")));
    json_decref(back);
    json_decref(j);
    vb_match_release(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_die_with_one_possible_face_is_playable),
        cmocka_unit_test(a_role_past_the_last_is_no_one),
        cmocka_unit_test(a_bad_rng_word_is_named_from_one),
        cmocka_unit_test(a_view_does_not_say_which_draws_were_generated),
        cmocka_unit_test(a_wrong_draw_is_quoted),
        cmocka_unit_test(a_file_names_who_decides),
        cmocka_unit_test(a_winner_past_the_last_side_is_not_named),
    };
    return cmocka_run_group_tests(tests, group_setup, NULL);
}
