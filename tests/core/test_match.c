/* test_match.c - the core's match, undo and state files on a small game
 * built here ("vault", not registered), where every secret, barrier and
 * chance draw is known exactly:
 *
 *   0  a: "hide N" (N 1-3), seen by a only (secret group 1)
 *   1  a: "note N" (N 1-2), public: a decides twice in a row
 *   2  chance: "coin N" (N 1-2), seen by no one (group 2), reveals nothing
 *   3  b: "guess N" (N 1-3), seen by b only (group 3)
 *   4  a: "show", reveals group 1 (a's hidden pick, and only it)
 *   5  chance: "die N" (N 1-6), public, reveals
 *   6  b: "end"; then the game is over.
 *
 * Each test names the mutant of src/core/{match,undo,file}.c it kills
 * (scripts/mutate, seed 12). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"

typedef struct vt_state {
    vb_head head;
    int32_t phase;
    int32_t secret; /* a's pick, 0 before it (or hidden) */
    int32_t note;
    int32_t coin;  /* hidden from both roles */
    int32_t guess; /* b's pick, hidden from a */
    int32_t die;
    int32_t weight; /* of each coin face: 1 (0 only in a damaged file) */
    int32_t pad;
} vt_state;

static const char *const vt_roles[] = {"a", "b"};
static const char *const vt_scen[] = {"standard"};
static const vb_option_def vt_opts[] = {{"bonus", "a test option", 0, 0, 2}};

static int vt_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    ((vt_state *)st)->weight = 1;
    return 0;
}

static int vt_to_move(const vb_game *g, const void *st)
{
    static const int who[] = {0, 0, VB_CHANCE, 1, 0, VB_CHANCE, 1};
    const vt_state *s = st;
    (void)g;
    return s->phase >= 0 && s->phase < 7 ? who[s->phase] : VB_OVER;
}

static void vt_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    (void)g;
    snprintf(buf, n, "phase %d", ((const vt_state *)st)->phase);
}

static const int vt_count[] = {3, 2, 2, 3, 1, 6, 1};

static int vt_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    const vt_state *s = st;
    int n;
    (void)g;
    if (s->phase < 0 || s->phase >= 7)
        return 0;
    n = vt_count[s->phase];
    if (n > cap)
        return VB_EOVERFLOW;
    for (int i = 0; i < n; i++) {
        acts[i] = (vb_action)(i + 1);
        if (w)
            w[i] = s->phase == 2 ? (uint32_t)s->weight : 1;
    }
    return n;
}

static int vt_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    vt_state *s = st;
    int32_t v = (int32_t)a;
    (void)g;
    (void)cx;
    switch (s->phase) {
    case 0:
        s->secret = v;
        break;
    case 1:
        s->note = v;
        break;
    case 2:
        s->coin = v;
        break;
    case 3:
        s->guess = v;
        break;
    case 5:
        s->die = v;
        break;
    default:
        break;
    }
    s->phase++;
    return 0;
}

static void vt_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    static const char *const word[] = {"hide", "note", "coin", "guess", "show", "die", "end"};
    const vt_state *s = st;
    (void)g;
    if (s->phase == 4 || s->phase == 6)
        snprintf(buf, n, "%s", word[s->phase]);
    else if (s->phase >= 0 && s->phase < 7)
        snprintf(buf, n, "%s %u", word[s->phase], (unsigned)a);
    else
        snprintf(buf, n, "?");
}

static void vt_result(const vb_game *g, const void *st, vb_result *r)
{
    const vt_state *s = st;
    (void)g;
    r->over = s->phase >= 7;
    if (!r->over)
        return;
    r->winner = s->guess == s->secret ? 1 : 0;
    snprintf(r->verdict, sizeof r->verdict, "%s", r->winner ? "b guessed" : "a kept it");
}

static json_t *vt_to_json(const vb_game *g, const void *st, int role)
{
    const vt_state *s = st;
    (void)g;
    (void)role;
    return json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "phase", s->phase, "secret", s->secret,
                     "note", s->note, "coin", s->coin, "guess", s->guess, "die", s->die, "weight",
                     s->weight);
}

static int vt_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx)
{
    static const char *const keys[] = {"phase", "secret", "note",   "coin",
                                       "guess", "die",    "weight", NULL};
    vt_state *s = st;
    (void)g;
    if (vb_json_known(j, keys, "vault", cx) < 0 ||
        vb_json_int(j, "phase", 0, 7, &s->phase, "vault", cx) < 0 ||
        vb_json_int(j, "secret", 0, 3, &s->secret, "vault", cx) < 0 ||
        vb_json_int(j, "note", 0, 2, &s->note, "vault", cx) < 0 ||
        vb_json_int(j, "coin", 0, 2, &s->coin, "vault", cx) < 0 ||
        vb_json_int(j, "guess", 0, 3, &s->guess, "vault", cx) < 0 ||
        /* read wider than the game allows: check() names the rule */
        vb_json_int(j, "die", 0, 9, &s->die, "vault", cx) < 0 ||
        vb_json_int(j, "weight", 0, 1, &s->weight, "vault", cx) < 0)
        return VB_EINPUT;
    return 0;
}

static void vt_render(const vb_game *g, const void *st, int role, FILE *out)
{
    const vt_state *s = st;
    (void)g;
    (void)role;
    fprintf(out, "phase %d secret %d guess %d coin %d die %d\n", s->phase, s->secret, s->guess,
            s->coin, s->die);
}

static int vt_check(const vb_game *g, const void *st, vb_ctx *cx)
{
    const vt_state *s = st;
    (void)g;
    if (s->die > 6)
        return vb_fail(cx, VB_EINPUT, "vault: die %d is not a face", s->die);
    return 0;
}

static void vt_redact(const vb_game *g, void *st, int role)
{
    vt_state *s = st;
    (void)g;
    s->coin = 0;
    if (role == 1 && s->phase <= 4)
        s->secret = 0;
    if (role == 0 && s->phase < 7)
        s->guess = 0;
}

static void vt_visibility(const vb_game *g, const void *st, vb_action a, vb_vis *v)
{
    const vt_state *s = st;
    (void)g;
    (void)a;
    if (s->phase == 0) {
        v->see = 1u << 0;
        v->group = 1;
    } else if (s->phase == 2) {
        v->see = 0;
        v->group = 2;
    } else if (s->phase == 3) {
        v->see = 1u << 1;
        v->group = 3;
    } else if (s->phase == 4) {
        v->reveals = 1;
    }
}

static int vt_chance_reveals(const vb_game *g, const void *st, vb_action a)
{
    (void)g;
    (void)a;
    return ((const vt_state *)st)->phase == 5;
}

static vb_game_def vt_def(void)
{
    vb_game_def d;
    memset(&d, 0, sizeof d);
    d.id = "vault-test";
    d.title = "Vault (test game)";
    d.rules_version = "vault 1";
    d.nroles = 2;
    d.roles = vt_roles;
    d.nscenarios = 1;
    d.scenarios = vt_scen;
    d.noptions = 1;
    d.options = vt_opts;
    d.state_size = sizeof(vt_state);
    d.setup = vt_setup;
    d.to_move = vt_to_move;
    d.prompt = vt_prompt;
    d.legal = vt_legal;
    d.apply = vt_apply;
    d.action_text = vt_text;
    d.result = vt_result;
    d.to_json = vt_to_json;
    d.from_json = vt_from_json;
    d.render = vt_render;
    d.check = vt_check;
    d.redact = vt_redact;
    d.visibility = vt_visibility;
    d.chance_reveals = vt_chance_reveals;
    return d;
}

static vb_game_def D;
static vb_game G;

static int group_setup(void **state)
{
    (void)state;
    D = vt_def();
    vb_game_defaults(&G, &D);
    snprintf(G.fingerprint, sizeof G.fingerprint, "0000000000000000");
    return 0;
}

static vt_state *S(vb_match *m)
{
    return m->st;
}

/* Apply the action (or given chance outcome) with this text. */
static void act(vb_match *m, const char *text)
{
    vb_ctx cx;
    vb_action a;
    vb_ctx_init(&cx);
    if (vb_parse_action(&G, m->st, text, &a, &cx) < 0)
        fail_msg("'%s': %s", text, cx.err);
    assert_int_equal(vb_match_apply(m, a, &cx), 0);
}

static void start(vb_match *m)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(m, &G, 0, NULL, 77, &cx), 0);
}

static const char *history_do(json_t *j, size_t i)
{
    return json_string_value(
        json_object_get(json_array_get(json_object_get(j, "history"), i), "do"));
}

static json_t *history_at(json_t *j, size_t i)
{
    return json_array_get(json_object_get(j, "history"), i);
}

/* ---- secrets -----------------------------------------------------------------*/

/* A secret decision: its decider reads it, the others read "ROLE decided
 * in secret" and never its text, until the decision that reveals its
 * group; a decision of another group stays hidden. (Kills match.c:30
 * == -> != and 0 -> 1, :32 && -> ||, :97 == -> !=, :99 >= -> <=, :116
 * + -> -.) */
static void secrets_stay_with_their_role_until_revealed(void **state)
{
    vb_match m;
    const vb_entry *e;
    (void)state;
    start(&m);
    act(&m, "hide 2");
    e = &m.rec.v[0];
    assert_true(vb_entry_visible(e, 0));
    assert_false(vb_entry_visible(e, 1));
    assert_true(vb_entry_visible(e, -1));
    assert_string_equal(e->text, "hide 2");
    assert_string_equal(e->public_text, "a decided in secret");
    act(&m, "note 1");
    act(&m, "coin 2");
    e = &m.rec.v[2];
    /* a chance draw shown to no one: not even to role 0 */
    assert_false(vb_entry_visible(e, 0));
    assert_false(vb_entry_visible(e, 1));
    assert_string_equal(e->public_text, "chance decided in secret");
    act(&m, "guess 3");
    assert_string_equal(m.rec.v[3].public_text, "b decided in secret");
    assert_false(vb_entry_visible(&m.rec.v[3], 0));
    assert_true(vb_entry_visible(&m.rec.v[3], 1));
    act(&m, "show");
    /* group 1 revealed to everyone; groups 2 and 3 still hidden */
    assert_true(vb_entry_visible(&m.rec.v[0], 1));
    assert_false(vb_entry_visible(&m.rec.v[2], 0));
    assert_false(vb_entry_visible(&m.rec.v[2], 1));
    assert_false(vb_entry_visible(&m.rec.v[3], 0));
    vb_match_release(&m);
}

/* What a role's file holds: no seed, no generator, "view" its role, its
 * redacted state, the others' secrets as public text marked hidden; the
 * referee's file has the seed, the generator and which draws came from it.
 * (Kills file.c:112 == -> !=.) */
static void a_roles_file_has_no_secret(void **state)
{
    vb_match m;
    vb_ctx cx;
    json_t *v, *ref;
    char *text, word[24], seed[32];
    (void)state;
    vb_ctx_init(&cx);
    start(&m);
    act(&m, "hide 3");
    act(&m, "note 2");
    assert_int_equal(vb_match_roll(&m, &cx), 0); /* the coin, from the generator */
    v = vb_match_to_json(&m, 1);
    text = json_dumps(v, JSON_COMPACT);
    assert_non_null(text);
    assert_string_equal(json_string_value(json_object_get(v, "view")), "b");
    assert_null(json_object_get(v, "seed"));
    assert_null(json_object_get(v, "rng"));
    snprintf(seed, sizeof seed, "\"%llu\"", (unsigned long long)S(&m)->head.seed);
    assert_null(strstr(text, seed));
    for (int i = 0; i < 4; i++) {
        snprintf(word, sizeof word, "%016llx", (unsigned long long)S(&m)->head.rng.s[i]);
        assert_null(strstr(text, word));
    }
    assert_null(strstr(text, "hide 3"));
    assert_string_equal(history_do(v, 0), "a decided in secret");
    assert_true(json_is_true(json_object_get(history_at(v, 0), "hidden")));
    assert_null(json_object_get(history_at(v, 1), "hidden"));
    assert_string_equal(history_do(v, 2), "chance decided in secret");
    /* no role learns whether a draw came from the generator */
    assert_null(json_object_get(history_at(v, 1), "rng"));
    assert_null(json_object_get(history_at(v, 2), "rng"));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(v, "state"), "secret")), 0);
    free(text);
    json_decref(v);
    /* role a reads its own secret, not the coin */
    v = vb_match_to_json(&m, 0);
    /* the first role's file says whose view it is too (seed 44, file.c:75) */
    if (!json_is_string(json_object_get(v, "view")) ||
        strcmp(json_string_value(json_object_get(v, "view")), "a") != 0)
        fail_msg("M44: role a's file does not say \"view\": \"a\"");
    assert_string_equal(history_do(v, 0), "hide 3");
    assert_null(json_object_get(history_at(v, 0), "hidden"));
    assert_true(json_is_true(json_object_get(history_at(v, 2), "hidden")));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(v, "state"), "coin")), 0);
    json_decref(v);
    /* the referee: everything, and "rng" only on chance entries */
    ref = vb_match_to_json(&m, -1);
    assert_null(json_object_get(ref, "view"));
    assert_non_null(json_object_get(ref, "seed"));
    assert_int_equal(json_array_size(json_object_get(ref, "rng")), 4);
    assert_string_equal(history_do(ref, 0), "hide 3");
    assert_null(json_object_get(history_at(ref, 0), "rng"));
    assert_null(json_object_get(history_at(ref, 1), "rng"));
    assert_true(json_is_true(json_object_get(history_at(ref, 2), "rng")));
    json_decref(ref);
    vb_match_release(&m);
}

/* ---- undo --------------------------------------------------------------------*/

/* Undo takes back the role's own last decision and the chance after it
 * that revealed nothing; it stops at another role's decision, at a reveal
 * and at a chance draw that reveals; it counts exactly. (Kills undo.c:14
 * 0 -> 1, :35 0 -> 1, :34 < -> <=, :42 >= -> >, :48 > -> < and 1 -> 2,
 * :53 0 -> 1.) */
static void undo_stops_at_what_was_revealed(void **state)
{
    vb_match m;
    vb_ctx cx;
    vt_state after_hide, after_note;
    (void)state;
    vb_ctx_init(&cx);
    start(&m);
    assert_int_equal(vb_match_undoable(&m, 0), 0);
    assert_int_equal(vb_match_undoable(&m, -1), 0);
    assert_int_equal(vb_match_undo(&m, 0, &cx), VB_EILLEGAL);
    assert_non_null(strstr(cx.err, "nothing to undo"));
    assert_int_equal(vb_match_undo(&m, -1, &cx), VB_EUSAGE);
    assert_int_equal(vb_match_undo(&m, 2, &cx), VB_EUSAGE); /* no role 2 */
    act(&m, "hide 1");
    after_hide = *S(&m);
    assert_int_equal(vb_match_undoable(&m, 0), 1);
    act(&m, "note 2");
    after_note = *S(&m);
    assert_int_equal(vb_match_undoable(&m, 0), 2);
    assert_int_equal(vb_match_undoable(&m, 1), 0);
    /* one decision at a time */
    assert_int_equal(vb_match_undo(&m, 0, &cx), 0);
    assert_int_equal(m.rec.n, 1);
    assert_memory_equal(m.st, &after_hide, sizeof after_hide);
    assert_int_equal(vb_match_undoable(&m, 0), 1);
    act(&m, "note 2");
    /* a chance draw that reveals nothing is no barrier, and goes with the
     * decision before it */
    act(&m, "coin 1");
    assert_int_equal(vb_match_undoable(&m, 0), 2);
    assert_int_equal(vb_match_undo(&m, 0, &cx), 0);
    assert_int_equal(m.rec.n, 1);
    assert_memory_equal(m.st, &after_hide, sizeof after_hide);
    act(&m, "note 2");
    assert_memory_equal(m.st, &after_note, sizeof after_note);
    act(&m, "coin 1");
    /* b's decision: a barrier for a, b's own to take back */
    act(&m, "guess 2");
    assert_int_equal(vb_match_undoable(&m, 0), 0);
    assert_int_equal(vb_match_undoable(&m, 1), 1);
    assert_int_equal(vb_match_undo(&m, 1, &cx), 0);
    assert_int_equal(m.rec.n, 3);
    assert_int_equal(S(&m)->phase, 3);
    act(&m, "guess 2");
    /* a's own reveal cannot be taken back */
    act(&m, "show");
    assert_int_equal(vb_match_undoable(&m, 0), 0);
    assert_int_equal(vb_match_undo(&m, 0, &cx), VB_EILLEGAL);
    assert_int_equal(m.rec.n, 5);
    /* nor can a decision across a chance draw that reveals */
    act(&m, "die 4");
    assert_int_equal(vb_match_undoable(&m, 0), 0);
    assert_int_equal(vb_match_undoable(&m, 1), 0);
    act(&m, "end");
    assert_int_equal(vb_match_undoable(&m, 1), 1);
    vb_match_release(&m);
}

/* ---- match set-up --------------------------------------------------------------*/

/* A set-up that fails returns the error and leaves the match released.
 * (Kills match.c:49 < -> >.) */
static void a_failed_setup_says_so(void **state)
{
    vb_match m;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 3, NULL, 1, &cx), VB_EUSAGE);
    assert_null(m.st);
    assert_int_equal(m.rec.n, 0);
}

/* The record grows past its first allocation and keeps every entry.
 * (Kills match.c:11 2 -> 1.) */
static void the_record_grows(void **state)
{
    vb_record r;
    vb_entry e;
    (void)state;
    memset(&r, 0, sizeof r);
    memset(&e, 0, sizeof e);
    for (int i = 0; i < 300; i++) {
        e.a = (vb_action)i;
        snprintf(e.text, sizeof e.text, "entry %d", i);
        assert_int_equal(vb_record_push(&r, &e), 0);
        assert_true(r.cap >= r.n);
    }
    assert_int_equal(r.n, 300);
    for (int i = 0; i < 300; i++) {
        char want[32];
        snprintf(want, sizeof want, "entry %d", i);
        assert_int_equal(r.v[i].a, i);
        assert_string_equal(r.v[i].text, want);
    }
    vb_record_release(&r);
    assert_null(r.v);
    assert_int_equal(r.n, 0);
    assert_int_equal(r.cap, 0);
}

/* ---- the generic layer (state.c) ---------------------------------------------*/

/* Action texts are read with case, blanks, '_' and '-' folded; a number
 * picks a role's action by its place, never a chance outcome; signs and
 * empty texts are refused; the messages say which list was meant and show
 * control characters escaped. (Kills state.c:113 && -> ||, :142, :183
 * 1 -> 2, :197 == -> !=.) */
static void action_texts_are_read_strictly(void **state)
{
    vb_match m;
    vb_ctx cx;
    vb_action a;
    (void)state;
    vb_ctx_init(&cx);
    start(&m);
    assert_int_equal(vb_parse_action(&G, m.st, "  HIDE__2 ", &a, &cx), 0);
    assert_int_equal(a, 2);
    assert_int_equal(vb_parse_action(&G, m.st, "hide-3", &a, &cx), 0);
    assert_int_equal(a, 3);
    /* a minus sign is no separator: "hide -3" is not "hide 3" */
    assert_int_equal(vb_parse_action(&G, m.st, "hide -3", &a, &cx), VB_EILLEGAL);
    assert_int_equal(vb_parse_action(&G, m.st, "hide_-3", &a, &cx), VB_EILLEGAL);
    assert_int_equal(vb_parse_action(&G, m.st, "hide--3", &a, &cx), VB_EILLEGAL);
    assert_int_equal(vb_parse_action(&G, m.st, "2", &a, &cx), 0);
    assert_int_equal(a, 2);
    assert_int_equal(vb_parse_action(&G, m.st, "1", &a, &cx), 0);
    assert_int_equal(a, 1);
    assert_int_equal(vb_parse_action(&G, m.st, "4", &a, &cx), VB_EILLEGAL);
    assert_int_equal(vb_parse_action(&G, m.st, "0", &a, &cx), VB_EILLEGAL);
    assert_int_equal(vb_parse_action(&G, m.st, "-1", &a, &cx), VB_EILLEGAL);
    assert_int_equal(vb_parse_action(&G, m.st, "+1", &a, &cx), VB_EILLEGAL);
    assert_int_equal(vb_parse_action(&G, m.st, "", &a, &cx), VB_EILLEGAL);
    assert_int_equal(vb_parse_action(&G, m.st, "hi\001de 9", &a, &cx), VB_EILLEGAL);
    assert_string_equal(cx.err, "illegal action 'hi\\x01de 9': not among the 3 legal actions");
    act(&m, "hide 1");
    act(&m, "note 1");
    /* a chance decision: outcomes by their text only */
    assert_int_equal(vb_parse_action(&G, m.st, "1", &a, &cx), VB_EILLEGAL);
    assert_string_equal(cx.err, "illegal outcome '1': expected one of coin 1, coin 2");
    assert_int_equal(vb_parse_action(&G, m.st, "Coin 2", &a, &cx), 0);
    assert_int_equal(a, 2);
    vb_match_release(&m);
}

/* Options are checked at set-up; the result gives each role its outcome
 * from the winning side. (Kills state.c:23, :250 1 -> 2, :242.) */
static void setup_options_and_outcomes(void **state)
{
    vb_match m;
    vb_ctx cx;
    vb_result r;
    int opts[VB_MAX_OPTIONS] = {3};
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 0, opts, 1, &cx), VB_EUSAGE);
    assert_string_equal(cx.err, "option 'bonus' = 3 out of range 0-2");
    opts[0] = -1;
    assert_int_equal(vb_match_init(&m, &G, 0, opts, 1, &cx), VB_EUSAGE);
    opts[0] = 2;
    assert_int_equal(vb_match_init(&m, &G, 0, opts, 1, &cx), 0);
    assert_int_equal(S(&m)->head.opts[0], 2);
    act(&m, "hide 2");
    act(&m, "note 1");
    act(&m, "coin 1");
    act(&m, "guess 2");
    act(&m, "show");
    act(&m, "die 3");
    act(&m, "end");
    vb_result_get(&G, m.st, &r);
    assert_true(r.over);
    assert_int_equal(r.winner, 1);
    assert_int_equal(r.outcome[0], VB_OUT_LOSS);
    assert_int_equal(r.outcome[1], VB_OUT_WIN);
    vb_match_release(&m);
}

/* The state hash is the documented FNV-1a over 64-bit words and
 * splitmix64's finaliser: pinned (values from an independent Python
 * implementation) so that it is the same on every machine. (Kills
 * state.c:291, :299, :300.) */
static void the_state_hash_is_pinned(void **state)
{
    vt_state s;
    (void)state;
    memset(&s, 0, sizeof s);
    assert_int_equal(sizeof s, 120); /* the head's 88 bytes and 8 words */
    assert_int_equal(vb_hash(&G, &s), 0x7aaf66625962a2feULL);
    s.phase = 3;
    s.secret = 2;
    assert_int_equal(vb_hash(&G, &s), 0xe4a0e96022cfed5aULL);
}

/* ---- files ---------------------------------------------------------------------*/

static json_t *referee_file(vb_match *m)
{
    return vb_match_to_json(m, -1);
}

/* Load j; on success the state, on failure the one-line message. */
static int load(json_t *j, vb_match *m, vb_ctx *cx)
{
    int rc;
    vb_ctx_init(cx);
    rc = vb_match_load(m, &G, j, cx);
    if (rc < 0) {
        assert_null(m->st); /* released: nothing half-loaded */
        assert_null(strchr(cx->err, '\n'));
        assert_true(cx->err[0] != '\0');
    }
    return rc;
}

/* A record replays to the same state and returns 0; a record whose draw
 * was edited is refused naming both draws. (Kills file.c:341 1 -> 2,
 * :354 0 -> 1, :208 0 -> 1.) */
static void records_replay_and_edited_draws_are_refused(void **state)
{
    vb_match m, r;
    vb_ctx cx;
    json_t *j, *e;
    char want[96];
    const char *drawn, *other;
    (void)state;
    vb_ctx_init(&cx);
    start(&m);
    act(&m, "hide 2");
    act(&m, "note 1");
    assert_int_equal(vb_match_roll(&m, &cx), 0);
    act(&m, "guess 1");
    act(&m, "show");
    assert_int_equal(vb_match_roll(&m, &cx), 0);
    j = referee_file(&m);
    assert_int_equal(load(j, &r, &cx), 0);
    assert_memory_equal(r.st, m.st, sizeof(vt_state));
    assert_int_equal(r.rec.n, m.rec.n);
    vb_match_release(&r);
    /* the die, drawn by the generator, edited to another face */
    e = history_at(j, 5);
    drawn = json_string_value(json_object_get(e, "do"));
    other = strcmp(drawn, "die 6") == 0 ? "die 5" : "die 6";
    snprintf(want, sizeof want, "generator drew '%s', record says '%s'", drawn, other);
    json_object_set_new(e, "do", json_string(other));
    json_object_del(j, "state");
    json_object_del(j, "rng");
    assert_int_equal(load(j, &r, &cx), VB_EINPUT);
    if (!strstr(cx.err, want))
        fail_msg("expected \"%s\" in: %s", want, cx.err);
    json_decref(j);
    vb_match_release(&m);
}

/* The header of a file is checked field by field, each refusal one line
 * that names the field; the position's own fields too, before the game's
 * invariants. (Kills file.c:189 && -> ||, :267 < -> >.) */
static void a_files_header_and_fields_are_checked(void **state)
{
    static const struct {
        const char *key, *json, *why;
    } bad[] = {
        {"game", "\"setge-1714\"", "game 'setge-1714', expected 'vault-test'"},
        {"rules", "\"vault 0\"", "written under rules 'vault 0'"},
        {"data", "\"0123456789abcdef\"", "other data"},
        {"scenario", "\"grand\"", "unknown scenario 'grand'"},
        {"options", "{\"bonus\": 3}", "option 'bonus' = 3 out of range 0-2"},
        {"options", "{\"bonus\": \"1\"}", "option 'bonus' must be an integer"},
        {"options", "{\"malus\": 1}", "unknown option 'malus'"},
        {"options", "[]", "\"options\" must be an object"},
        {"seed", "-1", "\"seed\" must be a whole number"},
        {"seed", "\"12x\"", "\"seed\" must be a whole number"},
        {"view", "\"b\"", "a role's view"},
        {"extra", "1", "unknown key 'extra'"},
        {"decisions", "-1", "\"decisions\" must be a count"},
        {"rng", "[\"0\"]", "\"rng\" must be 4 hex strings"},
    };
    vb_match m, r;
    vb_ctx cx;
    json_t *j;
    (void)state;
    start(&m);
    j = referee_file(&m);
    json_object_del(j, "history");
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json_t *k = json_deep_copy(j);
        json_object_set_new(k, bad[i].key, json_loads(bad[i].json, JSON_DECODE_ANY, NULL));
        if (load(k, &r, &cx) != VB_EINPUT)
            fail_msg("%s = %s was accepted", bad[i].key, bad[i].json);
        if (!strstr(cx.err, bad[i].why))
            fail_msg("%s = %s: expected \"%s\" in: %s", bad[i].key, bad[i].json, bad[i].why,
                     cx.err);
        json_decref(k);
    }
    /* an option may be written as a number or a boolean */
    json_object_set_new(j, "options", json_pack("{s:b}", "bonus", 1));
    assert_int_equal(load(j, &r, &cx), 0);
    assert_int_equal(S(&r)->head.opts[0], 1);
    vb_match_release(&r);
    json_object_set_new(j, "options", json_pack("{s:i}", "bonus", 2));
    json_object_set_new(j, "seed", json_integer(12));
    json_object_del(j, "rng");
    assert_int_equal(load(j, &r, &cx), 0);
    assert_int_equal(S(&r)->head.opts[0], 2);
    assert_true(S(&r)->head.seed == 12);
    vb_match_release(&r);
    /* seed 0, the range's lower bound, as a number (seed 44, file.c:201) */
    json_object_set_new(j, "seed", json_integer(0));
    if (load(j, &r, &cx) != 0)
        fail_msg("M44: \"seed\": 0 refused: %s", cx.err);
    assert_true(S(&r)->head.seed == 0);
    vb_match_release(&r);
    /* a field the game refuses, though check() would pass it */
    json_object_set_new(json_object_get(j, "state"), "secret", json_integer(9));
    assert_int_equal(load(j, &r, &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "\"secret\" is 9, must be 0-3"));
    json_decref(j);
    /* a history that does not lead to its state */
    act(&m, "hide 2");
    j = referee_file(&m);
    json_object_set_new(json_object_get(j, "state"), "secret", json_integer(3));
    assert_int_equal(load(j, &r, &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "does not lead to its \"state\""));
    json_decref(j);
    vb_match_release(&m);
}

/* A position (no history) whose fields parse but break the game's
 * invariant is refused by check(). (Kills file.c:267 < -> <=.) */
static void a_position_that_breaks_an_invariant_is_refused(void **state)
{
    vb_match m, r;
    vb_ctx cx;
    json_t *j;
    (void)state;
    start(&m);
    act(&m, "hide 1");
    j = referee_file(&m);
    json_object_del(j, "history");
    assert_int_equal(load(j, &r, &cx), 0);
    vb_match_release(&r);
    json_object_set_new(json_object_get(j, "state"), "die", json_integer(8));
    assert_int_equal(load(j, &r, &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "die 8 is not a face"));
    json_decref(j);
    vb_match_release(&m);
}

/* The generator's words: 16 hex digits each, not all zero (xoshiro would
 * draw zeros for ever); any other state loads as written. (Kills file.c:256
 * == -> != and 2 -> 1.) */
static void a_generator_of_zeros_is_refused(void **state)
{
    vb_match m, r;
    vb_ctx cx;
    json_t *j, *rng;
    (void)state;
    start(&m);
    j = referee_file(&m);
    json_object_del(j, "history");
    rng = json_pack("[s, s, s, s]", "0000000000000000", "0000000000000000", "00000000000000a1",
                    "0000000000000000");
    json_object_set_new(j, "rng", rng);
    assert_int_equal(load(j, &r, &cx), 0);
    assert_int_equal(S(&r)->head.rng.s[2], 0xa1);
    assert_int_equal(S(&r)->head.rng.s[0] | S(&r)->head.rng.s[1] | S(&r)->head.rng.s[3], 0);
    vb_match_release(&r);
    json_string_set(json_array_get(rng, 2), "0000000000000000");
    assert_int_equal(load(j, &r, &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "all zero"));
    json_string_set(json_array_get(rng, 2), "00000000000000g1");
    assert_int_equal(load(j, &r, &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "rng word 3"));
    json_decref(j);
    vb_match_release(&m);
}

/* A chance decision whose outcomes all weigh zero cannot be played: the
 * position is refused. (Kills file.c:278 0 -> 1, :295 == -> != .) */
static void a_chance_decision_without_outcomes_is_refused(void **state)
{
    vb_match m, r;
    vb_ctx cx;
    json_t *j;
    (void)state;
    start(&m);
    act(&m, "hide 1");
    act(&m, "note 1");
    j = referee_file(&m);
    json_object_del(j, "history");
    assert_int_equal(load(j, &r, &cx), 0); /* the coin is pending, weight 1 */
    assert_int_equal(vb_to_move(&G, r.st), VB_CHANCE);
    vb_match_release(&r);
    json_object_set_new(json_object_get(j, "state"), "weight", json_integer(0));
    assert_int_equal(load(j, &r, &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "no possible outcome"));
    json_decref(j);
    vb_match_release(&m);
}

/* ---- twenty-fourth session (seed 24) ------------------------------------------*/

/* A game without the chance_reveals hook: every chance outcome is a
 * barrier to undo (it may have shown something), a role's own decisions
 * are not, unless they reveal a group. (Kills match.c:102 == -> !=.) */
static void without_the_hook_every_draw_is_a_barrier(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vb_match m;
    vb_ctx cx;
    vb_action a;
    static const char *const texts[] = {"hide 1", "note 2", "coin 1"};
    (void)state;
    d.chance_reveals = NULL;
    vb_game_defaults(&g, &d);
    snprintf(g.fingerprint, sizeof g.fingerprint, "0000000000000000");
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &g, 0, NULL, 77, &cx), 0);
    for (size_t i = 0; i < 3; i++) {
        if (vb_parse_action(&g, m.st, texts[i], &a, &cx) < 0)
            fail_msg("'%s': %s", texts[i], cx.err);
        assert_int_equal(vb_match_apply(&m, a, &cx), 0);
        assert_int_equal(m.rec.v[i].reveals != 0, i == 2);
        if (i < 2)
            assert_int_equal(vb_match_undoable(&m, 0), i + 1);
    }
    assert_int_equal(vb_match_undoable(&m, 0), 0);
    assert_int_equal(vb_match_undo(&m, 0, &cx), VB_EILLEGAL);
    vb_match_release(&m);
}

/* An illegal action is refused by the match: the error comes back, and
 * the record and the state stay as they were. (Kills match.c:134
 * < -> >.) */
static void an_illegal_action_is_not_recorded(void **state)
{
    vb_match m;
    vb_ctx cx;
    vt_state before;
    (void)state;
    vb_ctx_init(&cx);
    start(&m);
    act(&m, "hide 2");
    before = *S(&m);
    assert_int_equal(vb_match_apply(&m, (vb_action)7, &cx), VB_EILLEGAL);
    assert_int_equal(m.rec.n, 1);
    assert_memory_equal(m.st, &before, sizeof before);
    act(&m, "note 1");
    assert_int_equal(m.rec.n, 2);
    assert_string_equal(m.rec.v[1].text, "note 1");
    vb_match_release(&m);
}

/* The snapshots kept for undo are reused when decisions are taken back
 * and made again: the buffer keeps its first size. (Kills match.c:71
 * >= -> <=.) */
static void undo_and_redo_reuse_the_snapshots(void **state)
{
    vb_match m;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    start(&m);
    for (int i = 0; i < 100; i++) {
        act(&m, "hide 1");
        act(&m, "note 2");
        assert_int_equal(vb_match_undo(&m, 0, &cx), 0);
        assert_int_equal(vb_match_undo(&m, 0, &cx), 0);
        assert_int_equal(m.rec.n, 0);
    }
    assert_int_equal(m.snaps_cap, 64);
    vb_match_release(&m);
}

/* b's guess in the same secret group as a's hidden pick (group 1). */
static void vt_visibility_shared(const vb_game *g, const void *st, vb_action a, vb_vis *v)
{
    vt_visibility(g, st, a, v);
    if (((const vt_state *)st)->phase == 3)
        v->group = 1;
}

/* A reveal shows every earlier decision of its group, the one just before
 * it too: b's guess, made in group 1 right before a's "show", is then seen
 * by a. (Kills match.c:116 1 -> 2.) */
static void a_reveal_shows_the_decision_just_before(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vb_match m;
    vb_ctx cx;
    vb_action a;
    static const char *const texts[] = {"hide 1", "note 2", "coin 1", "guess 3", "show"};
    (void)state;
    d.visibility = vt_visibility_shared;
    vb_game_defaults(&g, &d);
    snprintf(g.fingerprint, sizeof g.fingerprint, "0000000000000000");
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &g, 0, NULL, 77, &cx), 0);
    for (size_t i = 0; i < 5; i++) {
        if (vb_parse_action(&g, m.st, texts[i], &a, &cx) < 0)
            fail_msg("'%s': %s", texts[i], cx.err);
        assert_int_equal(vb_match_apply(&m, a, &cx), 0);
        if (i == 3)
            assert_false(vb_entry_visible(&m.rec.v[3], 0));
    }
    assert_true(vb_entry_visible(&m.rec.v[0], 1));
    assert_true(vb_entry_visible(&m.rec.v[3], 0));
    assert_false(vb_entry_visible(&m.rec.v[2], 0)); /* group 2 stays hidden */
    vb_match_release(&m);
}

/* A chance outcome given by hand (a referee's die) is recorded as not
 * drawn from the generator, a rolled one as drawn: the referee's file
 * says which, so that replay redraws only the rolled ones. (Kills
 * match.c:132 0 -> 1.) */
static void a_hand_given_outcome_is_not_from_the_generator(void **state)
{
    vb_match m;
    vb_ctx cx;
    json_t *j;
    (void)state;
    vb_ctx_init(&cx);
    start(&m);
    act(&m, "hide 1");
    act(&m, "note 2");
    act(&m, "coin 2");
    assert_int_equal(m.rec.v[2].who, VB_CHANCE);
    assert_int_equal(m.rec.v[2].from_rng, 0);
    assert_int_equal(m.rec.v[0].from_rng, 0);
    j = referee_file(&m);
    assert_true(json_is_false(json_object_get(history_at(j, 2), "rng")));
    json_decref(j);
    vb_match_release(&m);
    start(&m);
    act(&m, "hide 1");
    act(&m, "note 2");
    assert_int_equal(vb_match_roll(&m, &cx), 0);
    assert_true(m.rec.v[2].from_rng != 0);
    j = referee_file(&m);
    assert_true(json_is_true(json_object_get(history_at(j, 2), "rng")));
    json_decref(j);
    vb_match_release(&m);
}

static int vt_apply_no_coin(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    if (((vt_state *)st)->phase == 2)
        return vb_fail(cx, VB_EINPUT, "no coin today");
    return vt_apply(g, st, a, cx);
}

/* A chance outcome the game refuses when it is rolled leaves the match as
 * it was before the roll: the state (the generator too) and the record.
 * (Kills match.c:159 + -> -.) */
static void a_refused_roll_leaves_the_match_as_it_was(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vb_match m;
    vb_ctx cx;
    vb_action a;
    vt_state before;
    (void)state;
    d.apply = vt_apply_no_coin;
    vb_game_defaults(&g, &d);
    snprintf(g.fingerprint, sizeof g.fingerprint, "0000000000000000");
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &g, 0, NULL, 77, &cx), 0);
    assert_int_equal(vb_parse_action(&g, m.st, "hide 3", &a, &cx), 0);
    assert_int_equal(vb_match_apply(&m, a, &cx), 0);
    assert_int_equal(vb_parse_action(&g, m.st, "note 1", &a, &cx), 0);
    assert_int_equal(vb_match_apply(&m, a, &cx), 0);
    before = *(vt_state *)m.st;
    assert_int_equal(vb_match_roll(&m, &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "no coin today"));
    assert_int_equal(m.rec.n, 2);
    assert_memory_equal(m.st, &before, sizeof before);
    vb_match_release(&m);
}

/* The scenarios are numbered 0 to nscenarios - 1: the vault has one, so
 * scenario 1 is refused as scenario 3 is; a game with none has scenario 0
 * alone. (Kills state.c:15 >= -> >, and its `: 1` as `: 0`.) */
static void the_scenario_just_past_the_last_is_refused(void **state)
{
    vb_match m;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_match_init(&m, &G, 1, NULL, 1, &cx), VB_EUSAGE);
    assert_non_null(strstr(cx.err, "scenario 1 out of range"));
    assert_null(m.st);
    assert_int_equal(vb_match_init(&m, &G, 0, NULL, 1, &cx), 0);
    vb_match_release(&m);
    /* a game that names no scenario plays one, scenario 0 (state.c:15's
     * `: 1` as `: 0`, seed 42: every set-up of such a game refused) */
    vb_game_def d = vt_def();
    d.nscenarios = 0;
    d.scenarios = NULL;
    vb_game g;
    vb_game_defaults(&g, &d);
    vt_state st;
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 1, &cx), 0);
    assert_int_equal(vb_setup(&g, &st, 1, NULL, 1, &cx), VB_EUSAGE);
    assert_non_null(strstr(cx.err, "scenario 1 out of range"));
}

/* The vault with VB_MAX_ACTIONS hiding places: the first decision lists
 * as many actions as the contract's capacity holds. */
static int vt_legal_full(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    if (((const vt_state *)st)->phase != 0)
        return vt_legal(g, st, acts, w, cap);
    if (cap < VB_MAX_ACTIONS)
        return VB_EOVERFLOW;
    for (int i = 0; i < VB_MAX_ACTIONS; i++) {
        acts[i] = (vb_action)(i + 1);
        if (w)
            w[i] = 1;
    }
    return VB_MAX_ACTIONS;
}

/* A list that fills the capacity exactly is a list, not an overflow: its
 * last action applies (state.c:58's `n > VB_MAX_ACTIONS` as `>=`, seed
 * 42: refused as "more than 4096 legal actions"). */
static void a_list_at_the_capacity_is_legal(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vt_state st;
    vb_ctx cx;
    (void)state;
    d.legal = vt_legal_full;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 5, &cx), 0);
    if (vb_apply(&g, &st, (vb_action)VB_MAX_ACTIONS, &cx) != 0)
        fail_msg("the last of %d actions refused: %s", VB_MAX_ACTIONS, cx.err);
    assert_int_equal(st.secret, VB_MAX_ACTIONS);
    assert_int_equal(st.phase, 1);
}

/* A judge that also accepts the code 9 (a move typed with coordinates,
 * say) for any role, the first role (0) included; never for chance. */
static int vt_judge(const vb_game *g, const void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)st;
    if (a == 9)
        return 1;
    return vb_fail(cx, VB_EILLEGAL, "not judged legal");
}

/* A code the list lacks is legal when the game's judge accepts it, for
 * every role: a's hide (role 0) as b's guess (role 1). (Kills state.c:64
 * 0 -> 1.) */
static void the_judge_decides_for_every_role(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vt_state st;
    vb_ctx cx;
    (void)state;
    d.judge = vt_judge;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 5, &cx), 0);
    assert_int_equal(vb_apply(&g, &st, 9, &cx), 0); /* role 0 */
    assert_int_equal(st.secret, 9);
    assert_int_equal(vb_apply(&g, &st, 7, &cx), VB_EILLEGAL);
    st.phase = 3;
    assert_int_equal(vb_apply(&g, &st, 9, &cx), 0); /* role 1 */
    assert_int_equal(st.guess, 9);
    st.phase = 2; /* chance: the judge is not asked */
    assert_int_equal(vb_apply(&g, &st, 9, &cx), VB_EILLEGAL);
}

/* A judge as the contract has it (vb_module.h): 0 for a code that is not
 * legal now, the rule that forbids it in cx; 1 for the code 9. */
static int vt_judge0(const vb_game *g, const void *st, vb_action a, vb_ctx *cx)
{
    (void)g;
    (void)st;
    if (a == 9)
        return 1;
    vb_fail(cx, VB_EILLEGAL, "not judged legal");
    return 0;
}

/* A code the judge answers 0 is refused and changes nothing, the judge's
 * reason kept (state.c:65, `> 0` -> `>= 0`: the code applied, M48). */
static void a_judges_zero_refuses(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vt_state st, before;
    vb_ctx cx;
    (void)state;
    d.judge = vt_judge0;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 5, &cx), 0);
    before = st;
    if (vb_apply(&g, &st, 7, &cx) != VB_EILLEGAL || memcmp(&st, &before, sizeof st) != 0)
        fail_msg("M48: a code the judge answers 0 was applied (secret %d)", st.secret);
    assert_non_null(strstr(cx.err, "not judged legal"));
    assert_int_equal(vb_apply(&g, &st, 9, &cx), 0);
    assert_int_equal(st.secret, 9);
}

/* The outcomes derived from the winner, the first role's win included:
 * the vault won by a (winner 0) is a's win and b's loss, won by b the
 * other way (state.c:266, `winner < 0` -> `<= 0`: a's win read as a
 * draw for both, M48). */
static void a_first_roles_win_is_a_win(void **state)
{
    vt_state st;
    vb_result r;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&G, &st, 0, NULL, 5, &cx), 0);
    st.phase = 7;
    st.secret = 1;
    st.guess = 2; /* vt_result: a kept it, winner 0 */
    vb_result_get(&G, &st, &r);
    assert_int_equal(r.winner, 0);
    if (r.outcome[0] != VB_OUT_WIN || r.outcome[1] != VB_OUT_LOSS)
        fail_msg("M48: the first role's win: outcomes %d and %d", r.outcome[0], r.outcome[1]);
    st.guess = 1; /* b guessed, winner 1 */
    vb_result_get(&G, &st, &r);
    assert_int_equal(r.winner, 1);
    assert_int_equal(r.outcome[0], VB_OUT_LOSS);
    assert_int_equal(r.outcome[1], VB_OUT_WIN);
}

/* A game that sets the outcomes itself: a wins, b draws (say, a
 * cooperative ending), which the winner alone would not give. */
static void vt_result_own(const vb_game *g, const void *st, vb_result *r)
{
    vt_result(g, st, r);
    if (!r->over)
        return;
    r->winner = 0;
    r->outcome[0] = VB_OUT_WIN;
    r->outcome[1] = VB_OUT_DRAW;
}

/* A game that sets the first role's outcome alone (vb_module.h: only a
 * game that leaves them all unset gets them derived). */
static void vt_result_first(const vb_game *g, const void *st, vb_result *r)
{
    vt_result(g, st, r);
    if (r->over)
        r->outcome[0] = VB_OUT_DRAW;
}

/* The outcomes a game sets are kept, the first role's alone too; only a
 * game that leaves them all unset gets them from the winner. (Kills
 * state.c:254 < -> >, and state.c:256's `i = 0` as `i = 1`, seed 42: the
 * first role's outcome not looked at, so replaced.) */
static void outcomes_set_by_the_game_are_kept(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vt_state st;
    vb_result r;
    vb_ctx cx;
    (void)state;
    d.result = vt_result_own;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 5, &cx), 0);
    st.phase = 7;
    vb_result_get(&g, &st, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.outcome[0], VB_OUT_WIN);
    assert_int_equal(r.outcome[1], VB_OUT_DRAW);
    vb_result_get(&G, &st, &r); /* the vault's own result: from the winner */
    assert_int_equal(r.outcome[r.winner], VB_OUT_WIN);
    assert_int_equal(r.outcome[1 - r.winner], VB_OUT_LOSS);
    d.result = vt_result_first;
    vb_game_defaults(&g, &d);
    vb_result_get(&g, &st, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.outcome[0], VB_OUT_DRAW);
    assert_int_equal(r.outcome[1], VB_OUT_NONE);
}

/* Action texts with "onto" (an attack from one place onto another). */
static void vt_text_onto(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    (void)g;
    if (((const vt_state *)st)->phase == 0)
        snprintf(buf, n, "hide onto %u", (unsigned)a);
    else
        vt_text(g, st, a, buf, n);
}

/* "->" is read as the word "onto", a word of its own whether blanks
 * surround it or not. (Kills state.c:132 1 -> 0.) */
static void an_arrow_reads_as_onto(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vt_state st;
    vb_ctx cx;
    vb_action a;
    static const char *const typed[] = {"hide onto 2", "hide->2", "hide -> 2", "HIDE_ONTO-2"};
    (void)state;
    d.action_text = vt_text_onto;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 5, &cx), 0);
    for (size_t i = 0; i < sizeof typed / sizeof typed[0]; i++) {
        if (vb_parse_action(&g, &st, typed[i], &a, &cx) != 0)
            fail_msg("'%s': %s", typed[i], cx.err);
        assert_int_equal(a, 2);
    }
    assert_int_equal(vb_parse_action(&g, &st, "hide->onto 2", &a, &cx), VB_EILLEGAL);
}

/* The vault's result, where b's correct guess is a loss with no winner. */
static void vt_result_nowin(const vb_game *g, const void *st, vb_result *r)
{
    vt_result(g, st, r);
    if (r->over && r->winner == 1)
        r->winner = -1;
}

/* A game of one role (a solitaire) that ends without a winner is lost:
 * the result's winner -1 gives the one role a loss, not a draw; winner 0
 * a win. (Kills state.c:262 1 -> 0.) */
static void a_solitaire_without_winner_is_lost(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vt_state st;
    vb_result r;
    vb_ctx cx;
    static const char *const one_role[] = {"a"};
    (void)state;
    d.nroles = 1;
    d.roles = one_role;
    d.result = vt_result_nowin;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 5, &cx), 0);
    st.phase = 7;
    st.secret = 1;
    st.guess = 2; /* vt_result: winner 0 */
    vb_result_get(&g, &st, &r);
    assert_int_equal(r.winner, 0);
    assert_int_equal(r.outcome[0], VB_OUT_WIN);
    st.guess = 1; /* no winner */
    vb_result_get(&g, &st, &r);
    assert_int_equal(r.winner, -1);
    assert_int_equal(r.outcome[0], VB_OUT_LOSS);
}

/* Blanks are folded before the text is matched: "hide 2" followed by 190
 * blanks (196 characters) reads as "hide 2"; a text of 256 characters or
 * more is refused whatever it holds. (Kills state.c:178 2 -> 1.) */
static void a_long_text_of_blanks_reads(void **state)
{
    vt_state st;
    vb_ctx cx;
    vb_action a;
    char raw[300];
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&G, &st, 0, NULL, 5, &cx), 0);
    memset(raw, ' ', sizeof raw);
    memcpy(raw, "hide 2", 6);
    raw[196] = '\0';
    if (vb_parse_action(&G, &st, raw, &a, &cx) != 0)
        fail_msg("%s", cx.err);
    assert_int_equal(a, 2);
    raw[196] = ' ';
    raw[256] = '\0';
    assert_int_equal(vb_parse_action(&G, &st, raw, &a, &cx), VB_EILLEGAL);
}

/* A game whose list fails (a negative count, a bug in the game) makes a
 * typed action an overflow error, not a refusal of what was typed
 * (state.c:173's `n < 0 || n > VB_MAX_ACTIONS` as `&&`: the count
 * trusted, "1" refused as an illegal action number, M54). */
static int vt_legal_broken(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    (void)g;
    (void)st;
    (void)acts;
    (void)w;
    (void)cap;
    return VB_EOVERFLOW;
}

static void a_failing_list_is_the_games_bug(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vt_state st;
    vb_ctx cx;
    vb_action a = 0;
    (void)state;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 5, &cx), 0);
    d.legal = vt_legal_broken;
    vb_game_defaults(&g, &d);
    if (vb_parse_action(&g, &st, "1", &a, &cx) != VB_EOVERFLOW)
        fail_msg("M54: a list of %d actions read as a list: %s", VB_EOVERFLOW, cx.err);
    assert_non_null(strstr(cx.err, "legal actions (a bug in the game)"));
}

/* A typed code the game's parser reads is taken only when its judge
 * answers 1: the judge's 0 refuses it (state.c:206's `judge(...) > 0` as
 * `>= 0`: the code 7 taken, M54). */
static int vt_parse_words(const vb_game *g, const void *st, const char *text, vb_action *out,
                          vb_ctx *cx)
{
    (void)g;
    (void)st;
    if (strcmp(text, "seven") == 0)
        *out = 7;
    else if (strcmp(text, "nine") == 0)
        *out = 9;
    else
        return vb_fail(cx, VB_EILLEGAL, "not a word");
    return 0;
}

static void a_typed_code_judged_zero_is_refused(void **state)
{
    vb_game_def d = vt_def();
    vb_game g;
    vt_state st;
    vb_ctx cx;
    vb_action a = 0;
    (void)state;
    d.parse = vt_parse_words;
    d.judge = vt_judge0;
    vb_game_defaults(&g, &d);
    vb_ctx_init(&cx);
    assert_int_equal(vb_setup(&g, &st, 0, NULL, 5, &cx), 0);
    if (vb_parse_action(&g, &st, "seven", &a, &cx) != VB_EILLEGAL)
        fail_msg("M54: the code the judge answers 0 was read (%d)", (int)a);
    assert_non_null(strstr(cx.err, "not judged legal"));
    assert_int_equal(vb_parse_action(&g, &st, "nine", &a, &cx), 0);
    assert_int_equal((int)a, 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(secrets_stay_with_their_role_until_revealed),
        cmocka_unit_test(a_roles_file_has_no_secret),
        cmocka_unit_test(undo_stops_at_what_was_revealed),
        cmocka_unit_test(a_failed_setup_says_so),
        cmocka_unit_test(the_record_grows),
        cmocka_unit_test(action_texts_are_read_strictly),
        cmocka_unit_test(setup_options_and_outcomes),
        cmocka_unit_test(the_state_hash_is_pinned),
        cmocka_unit_test(records_replay_and_edited_draws_are_refused),
        cmocka_unit_test(a_files_header_and_fields_are_checked),
        cmocka_unit_test(a_position_that_breaks_an_invariant_is_refused),
        cmocka_unit_test(a_generator_of_zeros_is_refused),
        cmocka_unit_test(a_chance_decision_without_outcomes_is_refused),
        cmocka_unit_test(without_the_hook_every_draw_is_a_barrier),
        cmocka_unit_test(an_illegal_action_is_not_recorded),
        cmocka_unit_test(undo_and_redo_reuse_the_snapshots),
        cmocka_unit_test(a_reveal_shows_the_decision_just_before),
        cmocka_unit_test(a_hand_given_outcome_is_not_from_the_generator),
        cmocka_unit_test(a_refused_roll_leaves_the_match_as_it_was),
        cmocka_unit_test(the_scenario_just_past_the_last_is_refused),
        cmocka_unit_test(a_list_at_the_capacity_is_legal),
        cmocka_unit_test(the_judge_decides_for_every_role),
        cmocka_unit_test(a_judges_zero_refuses),
        cmocka_unit_test(a_first_roles_win_is_a_win),
        cmocka_unit_test(outcomes_set_by_the_game_are_kept),
        cmocka_unit_test(an_arrow_reads_as_onto),
        cmocka_unit_test(a_solitaire_without_winner_is_lost),
        cmocka_unit_test(a_long_text_of_blanks_reads),
        cmocka_unit_test(a_failing_list_is_the_games_bug),
        cmocka_unit_test(a_typed_code_judged_zero_is_refused),
    };
    return cmocka_run_group_tests(tests, group_setup, NULL);
}
