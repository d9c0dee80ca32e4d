/* vbtest.c - test helpers shared by every game's tests (see vbtest.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"

static void capture(void *ud, const char *line)
{
    vbt *t = ud;
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
    if (vb_match_new(&t->m, t->g, sc, NULL, seed, &t->cx) < 0)
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
    int n = vb_legal(t->g, t->m.st, acts, NULL);
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
        full = json_pack("{s:s, s:O}", "game", t->g->def->id, "state", j);
        json_decref(j);
    }
    rc = vb_match_from_json(&t->m, full, &t->cx);
    json_decref(full);
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

static void check_decision(const vb_game *g, void *st, vb_ctx *cx, int deep, const char *where)
{
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    int who = vb_to_move(g, st);
    int n = vb_legal(g, st, acts, w);
    char *clone;

    if (g->def->check(g, st, cx) < 0)
        fail_msg("%s: invariant broken: %s", where, cx->err);
    if (who == VB_OVER)
        return;
    if (who != VB_CHANCE && (who < 0 || who >= g->def->nroles))
        fail_msg("%s: to_move %d is not a role", where, who);
    if (n <= 0)
        fail_msg("%s: no legal actions while the game runs", where);
    if (n > VB_MAX_ACTIONS)
        fail_msg("%s: %d legal actions", where, n);
    for (int i = 0; i < n; i++)
        if (who == VB_CHANCE && w[i] == 0)
            fail_msg("%s: chance outcome %d has weight 0", where, i);
    qsort(acts, (size_t)n, sizeof acts[0], cmp_code);
    for (int i = 1; i < n; i++)
        if (acts[i - 1] == acts[i])
            fail_msg("%s: legal action %u listed twice", where, (unsigned)acts[i]);
    if (deep) {
        /* Texts must be unique: sort them and compare neighbours. */
        char(*texts)[VB_TEXT_LEN] = malloc((size_t)n * VB_TEXT_LEN);
        assert_non_null(texts);
        for (int i = 0; i < n; i++)
            vb_action_text(g, st, acts[i], texts[i], VB_TEXT_LEN);
        qsort(texts, (size_t)n, VB_TEXT_LEN, cmp_text);
        for (int i = 1; i < n; i++)
            if (strcmp(texts[i - 1], texts[i]) == 0)
                fail_msg("%s: two legal actions share the text '%s'", where, texts[i]);
        free(texts);
    }
    clone = malloc(g->def->state_size);
    memcpy(clone, st, g->def->state_size);
    if (!vb_equal(g, clone, st) || vb_hash(g, clone) != vb_hash(g, st))
        fail_msg("%s: clone differs", where);
    free(clone);
}

static void check_json_round_trip(const vb_game *g, vb_match *m, vb_ctx *cx, const char *where)
{
    /* The state only: the record is checked once, by the replay at the end
     * (writing it at every decision would make a game cost quadratic). */
    vb_match bare = *m;
    json_t *j;
    bare.rec_valid = 0;
    j = vb_match_to_json(&bare, -1);
    char *text = json_dumps(j, 0);
    json_error_t je;
    json_t *back = json_loads(text, 0, &je);
    vb_match m2;
    memset(&m2, 0, sizeof m2);
    m2.g = g;
    m2.st = calloc(1, g->def->state_size);
    if (vb_match_from_json(&m2, back, cx) < 0)
        fail_msg("%s: JSON round trip rejected: %s\n%s", where, cx->err, text);
    if (!vb_equal(g, m2.st, m->st))
        fail_msg("%s: JSON round trip changed the state\n%s", where, text);
    vb_match_release(&m2);
    json_decref(back);
    json_decref(j);
    free(text);
}

void vbt_random_games(const char *id, int n, uint64_t seed0, int max_decisions)
{
    vb_ctx cx;
    vb_game *g;
    vb_rng pick;
    vb_action acts[VB_MAX_ACTIONS];
    long total = 0;
    vb_ctx_init(&cx);
    g = vb_game_load(id, &cx);
    if (!g)
        fail_msg("cannot load '%s': %s", id, cx.err);
    vb_rng_seed(&pick, seed0 * 7919 + 1);
    for (int game = 0; game < n; game++) {
        vb_match m;
        uint64_t seed = seed0 + (uint64_t)game;
        int scen = g->def->nscenarios > 0 ? game % g->def->nscenarios : 0;
        /* The first games, one in 500 after, and every 32nd decision of the
         * others get the costly checks: JSON round trip and unique texts. */
        int deep_game = game < 5 || game % 500 == 0;
        char where[96];
        size_t snap_at;
        void *snap = malloc(g->def->state_size);
        int d = 0;
        if (vb_match_new(&m, g, scen, NULL, seed, &cx) < 0)
            fail_msg("%s seed %llu: setup: %s", id, (unsigned long long)seed, cx.err);
        snap_at = (size_t)vb_rng_below(&pick, 64);
        memcpy(snap, m.st, g->def->state_size);
        for (;; d++) {
            int who = vb_to_move(g, m.st);
            snprintf(where, sizeof where, "%s seed %llu decision %d", id, (unsigned long long)seed,
                     d);
            check_decision(g, m.st, &cx, deep_game || d % 32 == 0, where);
            if (deep_game || d % 32 == 0)
                check_json_round_trip(g, &m, &cx, where);
            if (m.rec.n == snap_at)
                memcpy(snap, m.st, g->def->state_size);
            if (who == VB_OVER)
                break;
            if (who >= 0 && !(vb_scenario_roles(g->def, scen) >> who & 1u))
                fail_msg("%s: role '%s' decides but takes no part in scenario '%s'", where,
                         g->def->roles[who], g->def->scenarios[scen]);
            if (d >= max_decisions)
                fail_msg("%s: game not over after %d decisions", where, d);
            if (who == VB_CHANCE) {
                if (vb_match_roll(&m, &cx) < 0)
                    fail_msg("%s: roll: %s", where, cx.err);
            } else {
                int k = vb_legal(g, m.st, acts, NULL);
                vb_action a = acts[vb_rng_below(&pick, (uint64_t)k)];
                if (vb_match_apply(&m, a, &cx) < 0)
                    fail_msg("%s: legal action rejected: %s", where, cx.err);
            }
        }
        total += d;
        /* The record replays to the same state; a prefix of it to the state
         * seen then (what undo relies on). Every game replays its record of
         * action codes; one in ten (and the deep ones) replays the JSON
         * record, parsing each action's text as `vauban replay` does. */
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
            memset(&r, 0, sizeof r);
            r.g = g;
            r.st = calloc(1, g->def->state_size);
            if (vb_match_replay(&r, j, &cx) < 0)
                fail_msg("%s seed %llu: %s", id, (unsigned long long)seed, cx.err);
            if (!vb_equal(g, r.st, m.st))
                fail_msg("%s seed %llu: replay differs", id, (unsigned long long)seed);
            if (snap_at < m.rec.n) {
                json_t *h = json_object_get(j, "history");
                json_array_remove(h, snap_at); /* keep entries [0, snap_at) */
                while (json_array_size(h) > snap_at)
                    json_array_remove(h, json_array_size(h) - 1);
                json_object_del(j, "state");
                if (vb_match_replay(&r, j, &cx) < 0)
                    fail_msg("%s seed %llu: prefix replay: %s", id, (unsigned long long)seed,
                             cx.err);
                if (!vb_equal(g, r.st, snap))
                    fail_msg("%s seed %llu: prefix of %zu decisions replays differently", id,
                             (unsigned long long)seed, snap_at);
            }
            vb_result_get(g, m.st, &res);
            if (!res.over)
                fail_msg("%s seed %llu: over but result says running", id,
                         (unsigned long long)seed);
            vb_match_release(&r);
            json_decref(j);
        }
        vb_match_release(&m);
        free(snap);
    }
    print_message("%s: %d random games, %ld decisions, all checks passed\n", id, n, total);
    vb_game_free(g);
}
