/* fuzz_state.c - the state-file loader of every game: load, list, render,
 * role views, round trip, action texts parsed back, junk texts, a few legal
 * applies with undo. Input: the bytes of a state file. */
#include <string.h>

#include "fuzz.h"
#include "vauban.h"

static vb_game *game_for(const char *id)
{
    static vb_game *cache[16];
    vb_ctx cx;
    for (int i = 0; i < vb_registry_count() && i < 16; i++)
        if (strcmp(vb_registry_get(i)->id, id) == 0) {
            vb_ctx_init(&cx);
            if (!cache[i])
                cache[i] = vb_game_load(id, &cx);
            return cache[i];
        }
    return NULL;
}

static void render_all(const vb_game *g, const vb_match *m)
{
    void *view = malloc(g->def->state_size);
    FUZZ_ASSERT(view, "out of memory");
    for (int r = -1; r < g->def->nroles; r++) {
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        json_t *j;
        vb_view(g, view, m->st, r);
        g->def->render(g, view, r, f);
        if (g->def->svg)
            g->def->svg(g, view, r, f);
        fclose(f);
        free(text);
        j = vb_match_to_json(m, r);
        FUZZ_ASSERT(j, "no JSON for role %d", r);
        if (r >= 0)
            FUZZ_ASSERT(!json_object_get(j, "seed") && !json_object_get(j, "rng"),
                        "the view of role %d has the generator", r);
        json_decref(j);
    }
    free(view);
}

static void round_trip(const vb_game *g, const vb_match *m)
{
    json_t *j = vb_match_to_json(m, -1);
    vb_match back;
    vb_ctx cx;
    vb_ctx_init(&cx);
    FUZZ_ASSERT(vb_match_load(&back, g, j, &cx) == 0, "round trip rejected: %s", cx.err);
    FUZZ_ASSERT(vb_equal(g, back.st, m->st), "round trip changed the state");
    vb_match_release(&back);
    json_decref(j);
}

static void texts_parse_back(const vb_game *g, const vb_match *m, const uint8_t *junk, size_t njunk)
{
    static vb_action acts[VB_MAX_ACTIONS];
    char t[VB_TEXT_LEN], bad[VB_TEXT_LEN + 64];
    vb_ctx cx;
    int n = vb_legal(g, m->st, acts, NULL, VB_MAX_ACTIONS);
    vb_ctx_init(&cx);
    FUZZ_ASSERT(n >= 0, "legal overflowed");
    for (int i = 0; i < n; i += n / 16 + 1) {
        vb_action back;
        vb_action_text(g, m->st, acts[i], t, sizeof t);
        FUZZ_ASSERT(vb_parse_action(g, m->st, t, &back, &cx) == 0 && back == acts[i],
                    "text '%s' does not parse back", t);
    }
    /* A junk text is refused with one line, or names a legal action. */
    snprintf(bad, sizeof bad, "%.*s", (int)(njunk < 60 ? njunk : 60), (const char *)junk);
    {
        vb_action a;
        unsigned char *before = malloc(g->def->state_size);
        FUZZ_ASSERT(before, "out of memory");
        memcpy(before, m->st, g->def->state_size);
        if (vb_parse_action(g, m->st, bad, &a, &cx) < 0)
            FUZZ_ASSERT(cx.err[0] && !strchr(cx.err, '\n'), "error message not one line");
        FUZZ_ASSERT(memcmp(before, m->st, g->def->state_size) == 0, "parsing changed the state");
        free(before);
    }
}

static void play_a_little(const vb_game *g, vb_match *m)
{
    static vb_action acts[VB_MAX_ACTIONS];
    vb_ctx cx;
    vb_ctx_init(&cx);
    for (int step = 0; step < 6; step++) {
        int who = vb_to_move(g, m->st);
        if (who == VB_OVER)
            return;
        if (who == VB_CHANCE) {
            FUZZ_ASSERT(vb_match_roll(m, &cx) == 0, "roll failed: %s", cx.err);
        } else {
            int n = vb_legal(g, m->st, acts, NULL, VB_MAX_ACTIONS);
            FUZZ_ASSERT(n > 0, "a running position with no legal action");
            FUZZ_ASSERT(vb_match_apply(m, acts[(size_t)step % (size_t)n], &cx) == 0,
                        "a legal action was refused: %s", cx.err);
            if (vb_match_undoable(m, who) > 0) {
                FUZZ_ASSERT(vb_match_undo(m, who, &cx) == 0, "undo failed");
                FUZZ_ASSERT(vb_match_apply(m, acts[(size_t)step % (size_t)n], &cx) == 0,
                            "refused after undo");
            }
        }
        FUZZ_ASSERT(g->def->check(g, m->st, &cx) == 0,
                    "invariant broken after a legal decision: %s", cx.err);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_error_t je;
    json_t *j = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &je), *id;
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    if (!j)
        return 0;
    id = json_is_object(j) ? json_object_get(j, "game") : NULL;
    g = json_is_string(id) ? game_for(json_string_value(id)) : NULL;
    if (!g) {
        json_decref(j);
        return 0;
    }
    vb_ctx_init(&cx);
    if (vb_match_load(&m, g, j, &cx) < 0) {
        FUZZ_ASSERT(cx.err[0] && !strchr(cx.err, '\n'), "rejection without a one-line message");
        json_decref(j);
        return 0;
    }
    json_decref(j);
    FUZZ_ASSERT(g->def->check(g, m.st, &cx) == 0, "a loaded state breaks an invariant: %s", cx.err);
    render_all(g, &m);
    round_trip(g, &m);
    if (vb_to_move(g, m.st) != VB_OVER)
        texts_parse_back(g, &m, data, size);
    play_a_little(g, &m);
    vb_match_release(&m);
    return 0;
}
