/* vbtest.c - test helpers shared by every game's tests (see vbtest.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "policy.h"
#include "registry.h"
#include "vbtest.h"

static void capture(void *ud, vb_roles see, const char *line)
{
    vbt *t = ud;
    (void)see;
    size_t n = strlen(line);
    if (t->loglen + n + 2 < sizeof t->log) {
        memcpy(t->log + t->loglen, line, n);
        t->loglen += n;
        t->log[t->loglen++] = '\n';
        t->log[t->loglen] = '\0';
    }
    if (getenv("VBT_LOG"))
        fprintf(stderr, "  log: %s\n", line);
}

vbt *vbt_new(const char *id, const char *scenario, uint64_t seed)
{
    vbt *t = calloc(1, sizeof *t);
    int sc = 0;
    assert_non_null(t);
    vb_ctx_init(&t->cx);
    t->cx.log = capture;
    t->cx.log_ud = t;
    t->g = vb_game_load(id, &t->cx);
    if (!t->g)
        fail_msg("cannot load '%s': %s", id, t->cx.err);
    if (scenario) {
        sc = vb_scenario_index(t->g, scenario);
        if (sc < 0)
            fail_msg("unknown scenario '%s'", scenario);
    }
    if (vb_match_init(&t->m, t->g, sc, NULL, seed, &t->cx) < 0)
        fail_msg("setup failed: %s", t->cx.err);
    return t;
}

void vbt_free(vbt *t)
{
    if (!t)
        return;
    vb_match_release(&t->m);
    vb_game_free(t->g);
    free(t);
}

void *vbt_state(vbt *t)
{
    return t->m.st;
}

static void print_legal(vbt *t)
{
    vb_action acts[VB_MAX_ACTIONS];
    char buf[VB_TEXT_LEN], p[VB_TEXT_LEN];
    int n = vb_legal(t->g, t->m.st, acts, NULL, VB_MAX_ACTIONS);
    vb_prompt(t->g, t->m.st, p, sizeof p);
    fprintf(stderr, "  decision: %s\n", p);
    for (int i = 0; i < n; i++) {
        vb_action_text(t->g, t->m.st, acts[i], buf, sizeof buf);
        fprintf(stderr, "    legal: %s\n", buf);
    }
}

int vbt_try(vbt *t, const char *action)
{
    vb_action a;
    int rc = vb_parse_action(t->g, t->m.st, action, &a, &t->cx);
    if (rc < 0)
        return rc;
    return vb_match_apply(&t->m, a, &t->cx);
}

void vbt_act(vbt *t, const char *action)
{
    if (vb_to_move(t->g, t->m.st) == VB_CHANCE) {
        print_legal(t);
        fail_msg("'%s': a chance decision is pending, not a player's", action);
    }
    if (vbt_try(t, action) < 0) {
        print_legal(t);
        fail_msg("'%s' rejected: %s", action, t->cx.err);
    }
}

void vbt_dice(vbt *t, const char *outcomes)
{
    char buf[1024], *save = NULL;
    snprintf(buf, sizeof buf, "%s", outcomes);
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ')
            tok++;
        if (vb_to_move(t->g, t->m.st) != VB_CHANCE) {
            print_legal(t);
            fail_msg("outcome '%s': no chance decision is pending", tok);
        }
        if (vbt_try(t, tok) < 0) {
            print_legal(t);
            fail_msg("outcome '%s' rejected: %s", tok, t->cx.err);
        }
    }
}

void vbt_roll(vbt *t)
{
    while (vb_to_move(t->g, t->m.st) == VB_CHANCE)
        if (vb_match_roll(&t->m, &t->cx) < 0)
            fail_msg("roll failed: %s", t->cx.err);
}

int vbt_legal(vbt *t, const char *action)
{
    vb_action a;
    vb_ctx cx;
    vb_ctx_init(&cx);
    return vb_parse_action(t->g, t->m.st, action, &a, &cx) == 0;
}

void vbt_weighs_one(vbt *t, const char *what)
{
    vb_action a[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    if (vb_to_move(t->g, t->m.st) < 0)
        fail_msg("%s: no person decides now", what);
    int n = vb_legal(t->g, t->m.st, a, w, VB_MAX_ACTIONS);
    if (n < 2)
        fail_msg("%s: %d actions, not a choice", what, n);
    for (int i = 0; i < n; i++)
        if (w[i] != 1)
            fail_msg("%s: action %d of %d weighs %u, a player decision weighs 1", what, i, n,
                     (unsigned)w[i]);
}

int vbt_logged(vbt *t, const char *needle)
{
    return strstr(t->log, needle) != NULL;
}

void vbt_clear_log(vbt *t)
{
    t->loglen = 0;
    t->log[0] = '\0';
}

int vbt_load(vbt *t, const char *json_text)
{
    json_error_t je;
    json_t *j = json_loads(json_text, 0, &je), *full;
    int rc;
    if (!j)
        return vb_fail(&t->cx, VB_EINPUT, "test JSON line %d: %s", je.line, je.text);
    if (json_object_get(j, "game")) {
        full = j;
    } else {
        /* a bare state: the scenario and options of the position in t, so
         * that a reload checks the state against its own scenario */
        const vb_head *h = vbt_state(t);
        json_t *o = json_object();
        for (int i = 0; i < t->g->def->noptions; i++)
            json_object_set_new(o, t->g->def->options[i].key, json_integer(h->opts[i]));
        full = json_pack("{s:s, s:O, s:o}", "game", t->g->def->id, "state", j, "options", o);
        if (t->g->nscenarios > 0)
            json_object_set_new(full, "scenario", json_string(t->g->scenarios[h->scenario]));
        json_decref(j);
    }
    {
        vb_match m;
        rc = vb_match_load(&m, t->g, full, &t->cx);
        if (rc == 0) {
            vb_match_release(&t->m);
            t->m = m;
        }
    }
    json_decref(full);
    return rc;
}

json_t *vbt_state_json(vbt *t)
{
    return t->g->def->to_json(t->g, vbt_state(t), -1);
}

int vbt_load_json(vbt *t, json_t *j)
{
    char *txt = json_dumps(j, 0);
    json_decref(j);
    if (!txt)
        return vb_fail(&t->cx, VB_EINPUT, "test JSON could not be written");
    int rc = vbt_load(t, txt);
    free(txt);
    return rc;
}

/* ---- the generic checks of DESIGN.md --------------------------------------*/

static int cmp_code(const void *a, const void *b)
{
    vb_action x = *(const vb_action *)a, y = *(const vb_action *)b;
    return x < y ? -1 : x > y;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Statistics over one vbt_random_games call. */
typedef struct gstats {
    int max_legal;
    long undos, views, illegal, same_choice;
    vb_policy *greedy, *mcts; /* for games with hidden information */
} gstats;

static void check_decision(const vb_game *g, void *st, vb_ctx *cx, int deep, const char *where,
                           gstats *gs)
{
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    int who = vb_to_move(g, st);
    int n = vb_legal(g, st, acts, w, VB_MAX_ACTIONS);

    if (g->def->check(g, st, cx) < 0)
        fail_msg("%s: invariant broken: %s", where, cx->err);
    if (who == VB_OVER)
        return;
    if (who != VB_CHANCE && (who < 0 || who >= g->def->nroles))
        fail_msg("%s: to_move %d is not a role", where, who);
    if (n == VB_EOVERFLOW)
        fail_msg("%s: more legal actions than the capacity %d", where, VB_MAX_ACTIONS);
    if (n <= 0)
        fail_msg("%s: no legal actions while the game runs", where);
    if (n > gs->max_legal)
        gs->max_legal = n;
    /* A smaller capacity must be refused, never truncated. */
    if (n > 1 && vb_legal(g, st, acts, w, n - 1) != VB_EOVERFLOW)
        fail_msg("%s: legal() with capacity %d for %d actions did not overflow", where, n - 1, n);
    n = vb_legal(g, st, acts, w, VB_MAX_ACTIONS);
    for (int i = 0; i < n; i++) {
        if (who == VB_CHANCE && w[i] == 0)
            fail_msg("%s: chance outcome %d has weight 0", where, i);
        /* The contract (vb_module.h, legal): a player decision weighs 1. */
        if (who != VB_CHANCE && w[i] != 1)
            fail_msg("%s: player decision %d has weight %u, not 1", where, i, (unsigned)w[i]);
    }
    if (deep) {
        /* Texts must be unique and parse back to their action. */
        char(*texts)[VB_TEXT_LEN] = malloc((size_t)n * VB_TEXT_LEN);
        assert_non_null(texts);
        int step = n / 8 + 1; /* parsing back costs a listing: a sample */
        for (int i = 0; i < n; i++) {
            vb_action back;
            vb_action_text(g, st, acts[i], texts[i], VB_TEXT_LEN);
            if (i % step == 0 &&
                (vb_parse_action(g, st, texts[i], &back, cx) < 0 || back != acts[i]))
                fail_msg("%s: the text '%s' does not parse back to its action", where, texts[i]);
            for (const char *c = texts[i]; *c; c++)
                if (strchr("<>|&;'\"`$\\()", *c))
                    fail_msg("%s: action text '%s' needs quoting in a shell", where, texts[i]);
        }
        qsort(texts, (size_t)n, VB_TEXT_LEN, cmp_text);
        for (int i = 1; i < n; i++)
            if (strcmp(texts[i - 1], texts[i]) == 0)
                fail_msg("%s: two legal actions share the text '%s'", where, texts[i]);
        free(texts);
    }
    qsort(acts, (size_t)n, sizeof acts[0], cmp_code);
    for (int i = 1; i < n; i++)
        if (acts[i - 1] == acts[i])
            fail_msg("%s: legal action %llu listed twice", where, (unsigned long long)acts[i]);
}

/* Two copies of st given the same action end equal: a state holds nothing
 * (a pointer, an uninitialised byte) that a memcpy clone does not carry. */
static void check_clone(const vb_game *g, const void *st, vb_action a, vb_ctx *cx,
                        const char *where)
{
    size_t sz = g->def->state_size;
    unsigned char *x = malloc(sz), *y = malloc(sz);
    assert_non_null(x);
    assert_non_null(y);
    memcpy(x, st, sz);
    memcpy(y, x, sz);
    if (vb_apply(g, x, a, cx) < 0 || vb_apply(g, y, a, cx) < 0)
        fail_msg("%s: a clone rejected a legal action: %s", where, cx->err);
    if (!vb_equal(g, x, y) || vb_hash(g, x) != vb_hash(g, y))
        fail_msg("%s: two clones given the same action differ", where);
    free(x);
    free(y);
}

/* An illegal action - a code from another decision, a mangled text - is
 * refused and leaves the state byte for byte as it was. */
static void check_illegal(const vb_game *g, void *st, vb_action foreign, vb_ctx *cx,
                          const char *where, gstats *gs)
{
    size_t sz = g->def->state_size;
    unsigned char *before = malloc(sz);
    vb_action acts[VB_MAX_ACTIONS], a;
    int n = vb_legal(g, st, acts, NULL, VB_MAX_ACTIONS), listed = 0;
    char text[VB_TEXT_LEN + 8], t[VB_TEXT_LEN];
    assert_non_null(before);
    memcpy(before, st, sz);
    for (int i = 0; i < n; i++)
        listed |= acts[i] == foreign;
    if (!listed && foreign != VB_NONE && !g->def->judge) {
        if (vb_apply(g, st, foreign, cx) >= 0)
            fail_msg("%s: an action of another decision was accepted", where);
        gs->illegal++;
    }
    if (memcmp(before, st, sz) != 0)
        fail_msg("%s: a refused action changed the state", where);
    if (n > 0) {
        vb_action_text(g, st, acts[0], t, sizeof t);
        snprintf(text, sizeof text, "%s zq9", t);
        if (vb_parse_action(g, st, text, &a, cx) == 0)
            fail_msg("%s: the mangled text '%s' was accepted", where, text);
        if (vb_to_move(g, st) >= 0 && (vb_parse_action(g, st, "+1", &a, cx) == 0 ||
                                       vb_parse_action(g, st, " 1", &a, cx) == 0))
            fail_msg("%s: '+1' or ' 1' was taken as action number 1", where);
    }
    if (memcmp(before, st, sz) != 0)
        fail_msg("%s: a refused text changed the state", where);
    free(before);
}

/* Hidden information: for every role in the game, the view has no
 * generator or seed; the deciding role lists the same actions from its
 * view as from the state; a determinised view passes check() and redacts
 * back to the same view. */
static void check_views(const vb_game *g, const void *st, vb_roles in, const char *where,
                        vb_ctx *cx, gstats *gs)
{
    size_t sz = g->def->state_size;
    unsigned char *view = malloc(sz), *det = malloc(sz), *again = malloc(sz);
    vb_action a1[VB_MAX_ACTIONS], a2[VB_MAX_ACTIONS];
    int who = vb_to_move(g, st);
    assert_non_null(view);
    assert_non_null(det);
    assert_non_null(again);
    if (!g->def->redact != !g->def->determinize)
        fail_msg("%s: a game with redact must have determinize, and the reverse", g->def->id);
    for (int r = 0; r < g->def->nroles; r++) {
        const vb_head *h;
        if (!(in >> r & 1u))
            continue;
        vb_view(g, view, st, r);
        h = (const vb_head *)view;
        if (h->seed != 0 || (h->rng.s[0] | h->rng.s[1] | h->rng.s[2] | h->rng.s[3]) != 0)
            fail_msg("%s: the view of '%s' keeps the generator", where, g->def->roles[r]);
        if (who == r) {
            int n1 = vb_legal(g, st, a1, NULL, VB_MAX_ACTIONS);
            int n2 = vb_legal(g, view, a2, NULL, VB_MAX_ACTIONS);
            if (n1 != n2 || memcmp(a1, a2, (size_t)(n1 > 0 ? n1 : 0) * sizeof a1[0]) != 0)
                fail_msg("%s: '%s' lists other actions from its view than from the state", where,
                         g->def->roles[r]);
        }
        if (g->def->determinize) {
            vb_rng rng;
            vb_rng_seed(&rng, (uint64_t)r * 977 + 13);
            memcpy(det, view, sz);
            g->def->determinize(g, det, r, &rng);
            if (g->def->check(g, det, cx) < 0)
                fail_msg("%s: a determinised view of '%s' breaks an invariant: %s", where,
                         g->def->roles[r], cx->err);
            vb_view(g, again, det, r);
            if (memcmp(again, view, sz) != 0)
                fail_msg("%s: redact(determinise(view of '%s')) is not the view", where,
                         g->def->roles[r]);
            /* The AI sees only the view: a state that differs only in what
             * the deciding role cannot see gets the same choice. */
            if (who == r && gs->greedy && gs->mcts) {
                memcpy(again, det, sz);
                memcpy(again, st, sizeof(vb_head)); /* same generator, other secrets */
                if (vb_policy_choose(gs->greedy, st) != vb_policy_choose(gs->greedy, again) ||
                    vb_policy_choose(gs->mcts, st) != vb_policy_choose(gs->mcts, again))
                    fail_msg("%s: the AI chose differently on two states with the same view of "
                             "'%s'",
                             where, g->def->roles[r]);
                gs->same_choice++;
            }
        }
        gs->views++;
    }
    free(view);
    free(det);
    free(again);
}

/* No role's JSON view or board holds the seed or a word of the generator. */
static void check_view_texts(const vb_game *g, vb_match *m, vb_roles in, const char *where)
{
    const vb_head *h = m->st;
    char words[5][24];
    for (int i = 0; i < 4; i++)
        snprintf(words[i], sizeof words[i], "%016llx", (unsigned long long)h->rng.s[i]);
    snprintf(words[4], sizeof words[4], "\"seed\"");
    for (int r = 0; r < g->def->nroles; r++) {
        json_t *j;
        char *text, *board = NULL;
        size_t blen = 0;
        FILE *f;
        void *view;
        if (!(in >> r & 1u))
            continue;
        j = vb_match_to_json(m, r);
        text = json_dumps(j, 0);
        assert_non_null(text);
        if (json_object_get(j, "rng") || json_object_get(j, "seed"))
            fail_msg("%s: the JSON view of '%s' has rng or seed", where, g->def->roles[r]);
        view = malloc(g->def->state_size);
        assert_non_null(view);
        vb_view(g, view, m->st, r);
        f = open_memstream(&board, &blen);
        assert_non_null(f);
        g->def->render(g, view, r, f);
        if (g->def->svg)
            g->def->svg(g, view, r, f);
        fclose(f);
        for (int i = 0; i < 5; i++) {
            if (strstr(text, words[i]))
                fail_msg("%s: the JSON view of '%s' contains %s", where, g->def->roles[r],
                         words[i]);
            if (i < 4 && strstr(board, words[i]))
                fail_msg("%s: the board of '%s' contains a word of the generator", where,
                         g->def->roles[r]);
        }
        free(board);
        free(view);
        free(text);
        json_decref(j);
    }
}

static void check_json_round_trip(const vb_game *g, vb_match *m, vb_ctx *cx, const char *where)
{
    /* The state only, as a position without history: the record is checked
     * once, by the replay at the end (writing it at every decision would make
     * a game cost quadratic). */
    vb_match bare = *m, m2;
    json_t *j, *back;
    json_error_t je;
    char *text;
    bare.rec.n = 0;
    j = vb_match_to_json(&bare, -1);
    json_object_del(j, "history");
    text = json_dumps(j, 0);
    back = json_loads(text, 0, &je);
    if (vb_match_load(&m2, g, back, cx) < 0)
        fail_msg("%s: JSON round trip rejected: %s\n%s", where, cx->err, text);
    if (!vb_equal(g, m2.st, m->st))
        fail_msg("%s: JSON round trip changed the state\n%s", where, text);
    vb_match_release(&m2);
    json_decref(back);
    json_decref(j);
    free(text);
}

/* Apply a (a role's decision) through the match, take it back with the
 * core's undo, check the state is the one before, and apply it again. */
static void check_undo(vb_match *m, vb_action a, vb_ctx *cx, const char *where, gstats *gs)
{
    const vb_game *g = m->g;
    size_t sz = g->def->state_size, n = m->rec.n;
    int who = vb_to_move(g, m->st);
    unsigned char *before = malloc(sz);
    assert_non_null(before);
    memcpy(before, m->st, sz);
    if (vb_match_apply(m, a, cx) < 0)
        fail_msg("%s: legal action rejected: %s", where, cx->err);
    if (vb_match_undoable(m, who) == 0) {
        if (!m->rec.v[m->rec.n - 1].reveals)
            fail_msg("%s: undo refused right after '%s' decided", where, g->def->roles[who]);
        free(before);
        return;
    }
    if (vb_match_undo(m, who, cx) < 0)
        fail_msg("%s: undo failed: %s", where, cx->err);
    if (memcmp(before, m->st, sz) != 0 || m->rec.n != n)
        fail_msg("%s: undo did not restore the state before the decision", where);
    if (vb_match_apply(m, a, cx) < 0)
        fail_msg("%s: the action was refused after undo: %s", where, cx->err);
    gs->undos++;
    free(before);
}

/* The record replays under the same data and is refused under other data
 * or another rules version. */
static void check_record_data(const vb_game *g, json_t *j, vb_ctx *cx, const char *where)
{
    json_t *k = json_deep_copy(j);
    vb_match r;
    json_object_set_new(k, "data", json_string("0123456789abcdef"));
    if (vb_match_load(&r, g, k, cx) == 0)
        fail_msg("%s: a record of other data was replayed", where);
    if (!strstr(cx->err, "other data"))
        fail_msg("%s: refusing other data, the message does not say so: %s", where, cx->err);
    json_object_set_new(k, "data", json_string(g->fingerprint));
    json_object_set_new(k, "rules", json_string("some other edition"));
    if (vb_match_load(&r, g, k, cx) == 0)
        fail_msg("%s: a record of other rules was replayed", where);
    json_decref(k);
}

/* The options of a random game: in the first round of scenarios each
 * scenario's defaults, then each round the next combination of values
 * (so that every option of the game is played, not its default alone);
 * VBT_OPTS ("key=value,key=value") gives every game the same ones. */
static void game_options(const vb_game *g, int scen, int round, int *opts)
{
    const char *env = getenv("VBT_OPTS");
    vb_option_defaults(g, scen, opts);
    if (env) {
        char buf[256], *save = NULL;
        vb_ctx cx;
        vb_ctx_init(&cx);
        snprintf(buf, sizeof buf, "%s", env);
        for (char *kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save))
            if (vb_option_parse(g, kv, opts, &cx) < 0)
                fail_msg("VBT_OPTS: %s", cx.err);
        return;
    }
    for (int i = 0; i < g->def->noptions && i < VB_MAX_OPTIONS; i++) {
        const vb_option_def *o = &g->def->options[i];
        int span = o->max - o->min + 1;
        opts[i] = o->min + (opts[i] - o->min + round % span) % span;
        round /= span;
    }
}

void vbt_random_games(const char *id, int n, uint64_t seed0, int max_decisions)
{
    vb_ctx cx;
    vb_game *g;
    vb_rng pick;
    vb_action acts[VB_MAX_ACTIONS], foreign = VB_NONE;
    long total = 0;
    gstats gs;
    memset(&gs, 0, sizeof gs);
    vb_ctx_init(&cx);
    g = vb_game_load(id, &cx);
    if (!g)
        fail_msg("cannot load '%s': %s", id, cx.err);
    if (g->def->redact) {
        gs.greedy = vb_policy_new(g, "greedy", 7, &cx);
        gs.mcts = vb_policy_new(g, "mcts:40", 7, &cx);
        if (!gs.greedy || !gs.mcts)
            fail_msg("%s: policies: %s", id, cx.err);
    }
    /* A sweep beyond the suite's games: VBT_SEED moves the first seed,
     * VBT_DEEP=1 gives every game the costly checks. */
    long long env_seed, env_deep = 0;
    if (getenv("VBT_SEED") &&
        vb_parse_ll(getenv("VBT_SEED"), 0, 1000000000, &env_seed, "VBT_SEED", NULL) == 0)
        seed0 = (uint64_t)env_seed;
    if (getenv("VBT_DEEP"))
        (void)vb_parse_ll(getenv("VBT_DEEP"), 0, 1, &env_deep, "VBT_DEEP", NULL);
    vb_rng_seed(&pick, seed0 * 7919 + 1);
    for (int game = 0; game < n; game++) {
        vb_match m;
        uint64_t seed = seed0 + (uint64_t)game;
        int scen = g->nscenarios > 0 ? game % g->nscenarios : 0;
        vb_roles in;
        /* The first games, one in 500 after, and every 32nd decision of the
         * others get the costly checks: JSON round trip, views, undo,
         * unique texts. */
        int deep_game = env_deep || game < 5 || game % 500 == 0;
        int opts[VB_MAX_OPTIONS];
        char where[160], optx[48] = "";
        size_t snap_at;
        void *snap = malloc(g->def->state_size);
        int d = 0;
        game_options(g, scen, game / (g->nscenarios > 0 ? g->nscenarios : 1), opts);
        for (int i = 0; i < g->def->noptions && i < VB_MAX_OPTIONS; i++) {
            size_t k = strlen(optx);
            snprintf(optx + k, sizeof optx - k, "%s%s=%d", i ? "," : " options ",
                     g->def->options[i].key, opts[i]);
        }
        if (vb_match_init(&m, g, scen, opts, seed, &cx) < 0)
            fail_msg("%s seed %llu%s: setup: %s", id, (unsigned long long)seed, optx, cx.err);
        in = vb_scenario_roles(g, scen);
        snap_at = (size_t)vb_rng_below(&pick, 64);
        memcpy(snap, m.st, g->def->state_size);
        for (;; d++) {
            int who = vb_to_move(g, m.st);
            int deep = deep_game || d % 32 == 0;
            snprintf(where, sizeof where, "%s seed %llu%s decision %d", id,
                     (unsigned long long)seed, optx, d);
            check_decision(g, m.st, &cx, deep, where, &gs);
            if (deep) {
                check_json_round_trip(g, &m, &cx, where);
                check_views(g, m.st, in, where, &cx, &gs);
                if (who != VB_OVER)
                    check_illegal(g, m.st, foreign, &cx, where, &gs);
            }
            if (deep_game && d % 16 == 0)
                check_view_texts(g, &m, in, where);
            if (m.rec.n == snap_at)
                memcpy(snap, m.st, g->def->state_size);
            if (who == VB_OVER)
                break;
            if (who >= 0 && !(in >> who & 1u))
                fail_msg("%s: role '%s' decides but takes no part in scenario '%s'", where,
                         g->def->roles[who], g->scenarios[scen]);
            if (d >= max_decisions)
                fail_msg("%s: game not over after %d decisions", where, d);
            if (who == VB_CHANCE) {
                if (vb_match_roll(&m, &cx) < 0)
                    fail_msg("%s: roll: %s", where, cx.err);
                foreign = m.rec.v[m.rec.n - 1].a;
            } else {
                int k = vb_legal(g, m.st, acts, NULL, VB_MAX_ACTIONS);
                vb_action a = acts[vb_rng_below(&pick, (uint64_t)k)];
                if (deep)
                    check_clone(g, m.st, a, &cx, where);
                if (deep)
                    check_undo(&m, a, &cx, where, &gs);
                else if (vb_match_apply(&m, a, &cx) < 0)
                    fail_msg("%s: legal action rejected: %s", where, cx.err);
                foreign = a;
            }
        }
        total += d;
        /* The record replays to the same state; a prefix of it to the state
         * seen then. Every game replays its record of action codes; one in
         * ten (and the deep ones) replays the JSON record, parsing each
         * action's text as `vauban replay` does. */
        if (!deep_game && game % 10 != 0) {
            void *r = malloc(g->def->state_size);
            int scn = ((vb_head *)m.st)->scenario;
            if (vb_setup(g, r, scn, ((vb_head *)m.st)->opts, seed, &cx) < 0)
                fail_msg("%s seed %llu: setup for replay: %s", id, (unsigned long long)seed,
                         cx.err);
            for (size_t k = 0; k < m.rec.n; k++) {
                const vb_entry *e = &m.rec.v[k];
                if (e->from_rng && vb_sample_chance(g, r) != e->a)
                    fail_msg("%s seed %llu: replay drew another outcome at %zu", id,
                             (unsigned long long)seed, k);
                if (vb_apply(g, r, e->a, &cx) < 0)
                    fail_msg("%s seed %llu: replay rejected decision %zu: %s", id,
                             (unsigned long long)seed, k, cx.err);
            }
            if (!vb_equal(g, r, m.st))
                fail_msg("%s seed %llu: replay differs", id, (unsigned long long)seed);
            free(r);
        } else {
            json_t *j = vb_match_to_json(&m, -1);
            vb_match r;
            vb_result res;
            if (vb_match_load(&r, g, j, &cx) < 0)
                fail_msg("%s seed %llu: %s", id, (unsigned long long)seed, cx.err);
            if (!vb_equal(g, r.st, m.st))
                fail_msg("%s seed %llu: replay differs", id, (unsigned long long)seed);
            vb_match_release(&r);
            if (deep_game)
                check_record_data(g, j, &cx, where);
            if (snap_at < m.rec.n) {
                json_t *h = json_object_get(j, "history");
                while (json_array_size(h) > snap_at)
                    json_array_remove(h, json_array_size(h) - 1);
                json_object_del(j, "state");
                json_object_del(j, "rng");
                if (vb_match_load(&r, g, j, &cx) < 0)
                    fail_msg("%s seed %llu: prefix replay: %s", id, (unsigned long long)seed,
                             cx.err);
                if (!vb_equal(g, r.st, snap))
                    fail_msg("%s seed %llu: prefix of %zu decisions replays differently", id,
                             (unsigned long long)seed, snap_at);
                vb_match_release(&r);
            }
            vb_result_get(g, m.st, &res);
            if (!res.over)
                fail_msg("%s seed %llu: over but result says running", id,
                         (unsigned long long)seed);
            for (int r2 = 0; r2 < g->def->nroles; r2++)
                if ((in >> r2 & 1u) && res.outcome[r2] == VB_OUT_NONE)
                    fail_msg("%s seed %llu: no outcome for role '%s'", id, (unsigned long long)seed,
                             g->def->roles[r2]);
            json_decref(j);
        }
        vb_match_release(&m);
        free(snap);
    }
    print_message("%s: %d random games, %ld decisions, largest legal list %d, %ld views, "
                  "%ld same AI choices on equal views, %ld undos, %ld foreign actions refused: "
                  "all checks passed\n",
                  id, n, total, gs.max_legal, gs.views, gs.same_choice, gs.undos, gs.illegal);
    vb_policy_free(gs.greedy);
    vb_policy_free(gs.mcts);
    vb_game_free(g);
}

int vbt_game_count(const char *env, int plain, int sanitized)
{
    const char *v = getenv(env);
    long long n;
    if (v && vb_parse_ll(v, 0, 100000000, &n, env, NULL) == 0)
        return (int)n;
#if defined(__SANITIZE_ADDRESS__)
    (void)plain;
    return sanitized;
#else
    (void)sanitized;
    return plain;
#endif
}

void vbt_filter_from_env(void)
{
    const char *f = getenv("VB_TEST_FILTER");
    if (f)
        cmocka_set_test_filter(f);
}

/* ---- data files with one change ---------------------------------------------
 * A copy of data/<game>/ written under a fresh directory /tmp/vbt-data-XXXXXX
 * with the first `from` of `file` replaced by `to`, read through VAUBAN_DATA
 * (vb_module.h): the loader must refuse the change naming the problem, or
 * accept it. */

/* The first `n`-byte needle in hay, or NULL. */
static const char *find_bytes(const unsigned char *hay, size_t len, const char *needle, size_t n)
{
    for (size_t i = 0; n <= len && i <= len - n; i++)
        if (memcmp(hay + i, needle, n) == 0)
            return (const char *)hay + i;
    return NULL;
}

static void write_file(const char *path, const char *bytes, size_t len)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(bytes, 1, len, fp), len);
    assert_int_equal(fclose(fp), 0);
}

/* Writes the copy, loads the game from it, removes the copy; returns the
 * game (NULL: refused, the message in cx->err). Fails the test when `from`
 * is not in `file`. */
vb_game *vbt_load_changed(const char *game, const vbt_data_row *r, vb_ctx *cx)
{
    char dir[64] = "/tmp/vbt-data-XXXXXX", sub[128], path[256];
    size_t idl = strlen(game);
    int found = 0;
    vb_game *g;
    assert_non_null(mkdtemp(dir));
    snprintf(sub, sizeof sub, "%s/%s", dir, game);
    assert_int_equal(mkdir(sub, 0700), 0);
    for (int i = 0; vb_data_table[i].path; i++) {
        const vb_data_file *f = &vb_data_table[i];
        if (strncmp(f->path, game, idl) != 0 || f->path[idl] != '/')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, f->path);
        if (strcmp(f->path + idl + 1, r->file) == 0) {
            const char *at = find_bytes(f->bytes, f->len, r->from, strlen(r->from));
            size_t pre, fl = strlen(r->from), tl = strlen(r->to);
            char *buf;
            if (!at)
                fail_msg("%s: '%s' is not in %s", r->rule, r->from, r->file);
            pre = (size_t)(at - (const char *)f->bytes);
            buf = malloc(f->len - fl + tl);
            assert_non_null(buf);
            memcpy(buf, f->bytes, pre);
            memcpy(buf + pre, r->to, tl);
            memcpy(buf + pre + tl, at + fl, f->len - pre - fl);
            write_file(path, buf, f->len - fl + tl);
            free(buf);
            found = 1;
        } else {
            write_file(path, (const char *)f->bytes, f->len);
        }
    }
    assert_true(found);
    setenv("VAUBAN_DATA", dir, 1);
    vb_ctx_init(cx);
    g = vb_game_load(game, cx);
    unsetenv("VAUBAN_DATA");
    for (int i = 0; vb_data_table[i].path; i++)
        if (strncmp(vb_data_table[i].path, game, idl) == 0 && vb_data_table[i].path[idl] == '/') {
            snprintf(path, sizeof path, "%s/%s", dir, vb_data_table[i].path);
            unlink(path);
        }
    rmdir(sub);
    rmdir(dir);
    return g;
}

/* Each row: refused with its message, or loaded. */
void vbt_check_data_rows(const char *game, const vbt_data_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        vb_ctx cx;
        vb_game *g = vbt_load_changed(game, &rows[i], &cx);
        if (rows[i].err) {
            if (g) {
                vb_game_free(g);
                fail_msg("%s: '%s' -> '%s' in %s loads", rows[i].rule, rows[i].from, rows[i].to,
                         rows[i].file);
            }
            if (!strstr(cx.err, rows[i].err))
                fail_msg("%s: '%s', wanted '%s'", rows[i].rule, cx.err, rows[i].err);
        } else {
            if (!g)
                fail_msg("%s: '%s' -> '%s' in %s refused: %s", rows[i].rule, rows[i].from,
                         rows[i].to, rows[i].file, cx.err);
            vb_game_free(g);
        }
    }
}

/* ---- what a player is shown, as a string --------------------------------- */

char *vbt_board_text(vbt *t, int role)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    t->g->def->render(t->g, vbt_state(t), role, f);
    assert_int_equal(fclose(f), 0);
    return buf;
}

char *vbt_svg_text(vbt *t, int role)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(t->g->def->svg(t->g, vbt_state(t), role, f), 0);
    assert_int_equal(fclose(f), 0);
    return buf;
}

char *vbt_area_text(vbt *t, int role, const char *name)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(t->g->def->area(t->g, vbt_state(t), role, name, f, &t->cx), 0);
    assert_int_equal(fclose(f), 0);
    return buf;
}

char *vbt_points_text(vbt *t)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_non_null(t->g->def->points);
    t->g->def->points(t->g, vbt_state(t), f);
    assert_int_equal(fclose(f), 0);
    return buf;
}
