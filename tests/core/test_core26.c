/* test_core26.c - the core's record and reading of typed texts (src/core/
 * match.c and state.c), the second mutation pass of the twenty-sixth
 * session (scripts/mutate seed 26; docs/core.md, "Second round"), on a
 * small game built here ("mark", not registered):
 *
 *   phase 0  a: "mark N" (N 1-3; the word is mk_word), seen by a only
 *            (secret group 1), whose public text is mk_public (the
 *            game's own words, any length)
 *   phase 1  b: "end", public; or, with mk_self_reveal, seen by b only in
 *            group 1 and revealing group 1 (the earlier secrets of its
 *            own group, not itself)
 *   phase 2  chance: "draw N" (N 1-3), face N of weight mk_w[N - 1]; then
 *            the game is over.
 *
 * Each test names the mutant it kills (chance_has_nothing_to_undo: the
 * twenty-seventh session's pass of undo.c, seed 27). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"

typedef struct mk_state {
    vb_head head;
    int32_t phase;
    int32_t mark;
} mk_state;

static const char *const mk_roles[] = {"a", "b"};
static const char *const mk_scen[] = {"standard"};
static const char *mk_public = "";   /* the mark's public text */
static int mk_self_reveal;           /* b's "end" a secret that reveals its group */
static uint32_t mk_w[3] = {1, 1, 1}; /* the draw's weights */
static const char *mk_word = "mark"; /* the mark's text: WORD N */

static int mk_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g;
    (void)st;
    (void)cx;
    return 0;
}

static int mk_to_move(const vb_game *g, const void *st)
{
    const mk_state *s = st;
    (void)g;
    return s->phase == 0 ? 0 : s->phase == 1 ? 1 : s->phase == 2 ? VB_CHANCE : VB_OVER;
}

static int mk_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    const mk_state *s = st;
    int n = s->phase == 0 || s->phase == 2 ? 3 : s->phase == 1 ? 1 : 0;
    (void)g;
    if (n > cap)
        return VB_EOVERFLOW;
    for (int i = 0; i < n; i++) {
        acts[i] = (vb_action)(i + 1);
        if (w)
            w[i] = s->phase == 2 ? mk_w[i] : 1;
    }
    return n;
}

static int mk_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    mk_state *s = st;
    (void)g;
    (void)cx;
    if (s->phase == 0)
        s->mark = (int32_t)a;
    s->phase++;
    return 0;
}

static void mk_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    const mk_state *s = st;
    (void)g;
    if (s->phase == 0)
        snprintf(buf, n, "%s %u", mk_word, (unsigned)a);
    else if (s->phase == 2)
        snprintf(buf, n, "draw %u", (unsigned)a);
    else
        snprintf(buf, n, "end");
}

static void mk_visibility(const vb_game *g, const void *st, vb_action a, vb_vis *v)
{
    (void)g;
    (void)a;
    if (((const mk_state *)st)->phase == 0) {
        v->see = 1u << 0;
        v->group = 1;
        snprintf(v->public_text, sizeof v->public_text, "%s", mk_public);
    } else if (mk_self_reveal) {
        v->see = 1u << 1;
        v->group = 1;
        v->reveals = 1;
        snprintf(v->public_text, sizeof v->public_text, "b ends in secret");
    }
}

static vb_game_def D;
static vb_game G;

static int group_setup(void **state)
{
    (void)state;
    memset(&D, 0, sizeof D);
    D.id = "mark-test";
    D.title = "Mark (test game)";
    D.rules_version = "mark 1";
    D.nroles = 2;
    D.roles = mk_roles;
    D.nscenarios = 1;
    D.scenarios = mk_scen;
    D.state_size = sizeof(mk_state);
    D.setup = mk_setup;
    D.to_move = mk_to_move;
    D.legal = mk_legal;
    D.apply = mk_apply;
    D.action_text = mk_text;
    D.visibility = mk_visibility;
    vb_game_defaults(&G, &D);
    return 0;
}

/* The public text of a's secret mark after it is applied in a new match. */
static void mark_public_text(const char *pub, char *out, size_t n)
{
    vb_match m;
    vb_ctx cx;
    mk_public = pub;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 0, NULL, 26, &cx), 0);
    assert_int_equal(vb_match_apply(&m, 2, &cx), 0);
    assert_int_equal(m.rec.n, 1);
    assert_string_equal(m.rec.v[0].text, "mark 2");
    assert_false(vb_entry_visible(&m.rec.v[0], 1));
    snprintf(out, n, "%s", m.rec.v[0].public_text);
    vb_match_release(&m);
    mk_public = "";
}

/* A secret's public text is the game's own words whatever their length,
 * one character ("?", a hidden counter) included; only a secret the game
 * gives no words gets "ROLE decided in secret". (Kills match.c:97
 * public_text[0] -> public_text[1]: a one-character text was replaced.) */
static void a_secrets_own_public_text_is_kept(void **state)
{
    char pub[VB_TEXT_LEN];
    (void)state;
    mark_public_text("", pub, sizeof pub);
    assert_string_equal(pub, "a decided in secret");
    mark_public_text("?", pub, sizeof pub);
    assert_string_equal(pub, "?");
    mark_public_text("a marks", pub, sizeof pub);
    assert_string_equal(pub, "a marks");
}

/* A decision reveals the earlier decisions of its group, not itself: b's
 * "end", a secret of group 1 that reveals group 1, shows a's mark to b
 * and stays b's own (a reads "b ends in secret"). (Kills match.c:116
 * 1 -> 0 and < -> <=, which showed the revealing decision to
 * everyone.) */
static void a_reveal_does_not_show_itself(void **state)
{
    vb_match m;
    vb_ctx cx;
    (void)state;
    mk_self_reveal = 1;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 0, NULL, 26, &cx), 0);
    assert_int_equal(vb_match_apply(&m, 3, &cx), 0);
    assert_false(vb_entry_visible(&m.rec.v[0], 1));
    assert_int_equal(vb_match_apply(&m, 1, &cx), 0);
    assert_int_equal(m.rec.n, 2);
    assert_true(vb_entry_visible(&m.rec.v[0], 1));  /* a's mark revealed */
    assert_true(vb_entry_visible(&m.rec.v[1], 1));  /* b's own */
    assert_false(vb_entry_visible(&m.rec.v[1], 0)); /* not revealed by itself */
    assert_string_equal(m.rec.v[1].public_text, "b ends in secret");
    assert_int_equal(m.rec.v[1].reveals, 1);
    vb_match_release(&m);
    mk_self_reveal = 0;
}

/* A new match at the draw (phase 2), seeded with seed. */
static void at_the_draw(vb_match *m, uint64_t seed)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(m, &G, 0, NULL, seed, &cx), 0);
    assert_int_equal(vb_match_apply(m, 1, &cx), 0);
    assert_int_equal(vb_match_apply(m, 1, &cx), 0);
    assert_int_equal(vb_to_move(&G, m->st), VB_CHANCE);
}

/* A draw gives only faces of nonzero weight, the first included: with
 * one possible face, every seed draws it; a fair draw shows each face.
 * (Kills state.c:240 i = 0 -> 1: the first face never drawn, and with
 * weights 1 0 0 the last face, of weight 0, drawn instead.) */
static void a_draw_gives_only_possible_faces(void **state)
{
    static const uint32_t only[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 5}};
    vb_match m;
    int seen[4] = {0, 0, 0, 0};
    (void)state;
    for (int k = 0; k < 3; k++) {
        memcpy(mk_w, only[k], sizeof mk_w);
        for (uint64_t seed = 1; seed <= 20; seed++) {
            at_the_draw(&m, seed);
            assert_int_equal(vb_sample_chance(&G, m.st), k + 1);
            vb_match_release(&m);
        }
    }
    mk_w[0] = mk_w[1] = mk_w[2] = 1;
    at_the_draw(&m, 26);
    for (int i = 0; i < 300; i++) {
        vb_action a = vb_sample_chance(&G, m.st);
        assert_true(a >= 1 && a <= 3);
        seen[a]++;
    }
    assert_true(seen[1] > 0 && seen[2] > 0 && seen[3] > 0);
    vb_match_release(&m);
}

/* A draw whose faces all weigh zero has no outcome: none is sampled, and
 * the match refuses the roll and stays as it was (nothing recorded, the
 * state and its generator unchanged). (Kills state.c:237 || -> &&: the
 * last face drawn from a total of zero.) */
static void a_draw_of_zero_weights_is_refused(void **state)
{
    vb_match m;
    vb_ctx cx;
    mk_state before;
    (void)state;
    mk_w[0] = mk_w[1] = mk_w[2] = 0;
    at_the_draw(&m, 26);
    memcpy(&before, m.st, sizeof before);
    assert_int_equal(vb_sample_chance(&G, m.st), VB_NONE);
    assert_memory_equal(m.st, &before, sizeof before); /* nothing drawn */
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_roll(&m, &cx), VB_EINPUT);
    assert_string_equal(cx.err, "chance decision with no outcomes");
    assert_int_equal(m.rec.n, 2);
    assert_memory_equal(m.st, &before, sizeof before);
    vb_match_release(&m);
    mk_w[0] = mk_w[1] = mk_w[2] = 1;
}

/* Every decision applied counts in the head's "decisions", the draw
 * too, and one refused does not. (Kills state.c:48 rc >= 0 -> rc > 0:
 * mark's apply answers 0, so no decision was counted.) */
static void every_decision_is_counted(void **state)
{
    vb_match m;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 0, NULL, 26, &cx), 0);
    assert_int_equal(((vb_head *)m.st)->ndecisions, 0);
    assert_int_equal(vb_match_apply(&m, 2, &cx), 0);
    assert_int_equal(((vb_head *)m.st)->ndecisions, 1);
    assert_int_equal(vb_match_apply(&m, 7, &cx), VB_EILLEGAL);
    assert_int_equal(((vb_head *)m.st)->ndecisions, 1);
    assert_int_equal(vb_match_apply(&m, 1, &cx), 0);
    assert_int_equal(vb_match_roll(&m, &cx), 0);
    assert_int_equal(((vb_head *)m.st)->ndecisions, 3);
    assert_int_equal(m.rec.n, 3);
    vb_match_release(&m);
}

/* "->" reads as the word "onto" after a first word of one letter too:
 * "x->2" and "x -> 2" are the action "x onto 2". (Kills state.c:127
 * k > 0 -> k > 1: after one letter the arrow was glued to it, "xonto-2".) */
static void an_arrow_after_one_letter_reads_as_onto(void **state)
{
    static const char *const typed[] = {"x onto 2", "x->2", "x -> 2", "X_->_2"};
    mk_state st;
    vb_ctx cx;
    vb_action a;
    (void)state;
    mk_word = "x onto";
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&G, &st, 0, NULL, 26, &cx), 0);
    for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++) {
        if (vb_parse_action(&G, &st, typed[i], &a, &cx) != 0)
            fail_msg("'%s': %s", typed[i], cx.err);
        assert_int_equal(a, 2);
    }
    assert_int_equal(vb_parse_action(&G, &st, "xonto 2", &a, &cx), VB_EILLEGAL);
    mk_word = "mark";
}

/* A minus sign after a first word of one letter stays a separator and a
 * minus: the action "x -1 y 2" is typed as such (or "X_-1_Y 2"), but
 * "x~1 y 2", the '~' that canon() writes for a minus sign, is no action.
 * (Kills state.c:119 k > 0 -> k > 1: after one letter the minus sign's
 * separator was dropped, both read "x~1-y-2"; fifty-first session, seed 51.) */
static void a_minus_after_one_letter_keeps_its_separator(void **state)
{
    static const char *const typed[] = {"x -1 y 2", "X_-1_Y 2", "x  -1 y-2"};
    mk_state st;
    vb_ctx cx;
    vb_action a;
    (void)state;
    mk_word = "x -1 y";
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&G, &st, 0, NULL, 51, &cx), 0);
    for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++) {
        if (vb_parse_action(&G, &st, typed[i], &a, &cx) != 0)
            fail_msg("M51: '%s': %s", typed[i], cx.err);
        assert_int_equal(a, 2);
    }
    if (vb_parse_action(&G, &st, "x~1 y 2", &a, &cx) != VB_EILLEGAL)
        fail_msg("M51: 'x~1 y 2' read as the action %u", (unsigned)a);
    mk_word = "mark";
}

static int mk_nothing_revealed(const vb_game *g, const void *st, vb_action a)
{
    (void)g;
    (void)st;
    (void)a;
    return 0;
}

/* Chance takes nothing back: with a draw that reveals nothing, b may take
 * back its "end" and the draw after it, but chance (VB_CHANCE, a negative
 * role) has nothing undoable and its undo is refused. (Kills undo.c:34
 * || -> &&: the trailing draws were counted as chance's own decisions;
 * twenty-seventh session, seed 27.) */
static void chance_has_nothing_to_undo(void **state)
{
    vb_match m;
    vb_ctx cx;
    (void)state;
    D.chance_reveals = mk_nothing_revealed;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 0, NULL, 27, &cx), 0);
    assert_int_equal(vb_match_apply(&m, 1, &cx), 0);
    assert_int_equal(vb_match_apply(&m, 1, &cx), 0);
    assert_int_equal(vb_match_apply(&m, 2, &cx), 0);
    assert_int_equal(m.rec.n, 3);
    assert_int_equal(m.rec.v[2].reveals, 0);
    assert_int_equal(vb_match_undoable(&m, 1), 1);
    assert_int_equal(vb_match_undoable(&m, VB_CHANCE), 0);
    assert_true(vb_match_undo(&m, VB_CHANCE, &cx) < 0);
    assert_int_equal(m.rec.n, 3);
    vb_match_release(&m);
    D.chance_reveals = NULL;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_secrets_own_public_text_is_kept),
        cmocka_unit_test(a_reveal_does_not_show_itself),
        cmocka_unit_test(a_draw_gives_only_possible_faces),
        cmocka_unit_test(a_draw_of_zero_weights_is_refused),
        cmocka_unit_test(every_decision_is_counted),
        cmocka_unit_test(an_arrow_after_one_letter_reads_as_onto),
        cmocka_unit_test(a_minus_after_one_letter_keeps_its_separator),
        cmocka_unit_test(chance_has_nothing_to_undo),
    };
    return cmocka_run_group_tests(tests, group_setup, NULL);
}
