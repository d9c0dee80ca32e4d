/* fuzz_action.c - the action-text parser: a game (first byte), a position
 * reached by a few random decisions (second byte), then the rest of the
 * input as an action text. A text that parses names an action that applies
 * and whose own text parses back to it; a refused text changes nothing. */
#include <string.h>

#include "fuzz.h"
#include "vauban.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static vb_game *games[16];
    static vb_action acts[VB_MAX_ACTIONS];
    char text[512], t[VB_TEXT_LEN];
    vb_ctx cx;
    vb_match m;
    vb_rng rng;
    vb_game *g;
    int k, steps;
    vb_action a, back;
    if (size < 2 || vb_registry_count() == 0)
        return 0;
    k = data[0] % vb_registry_count();
    steps = data[1];
    vb_ctx_init(&cx);
    if (!games[k] && k < 16)
        games[k] = vb_game_load(vb_registry_get(k)->id, &cx);
    g = games[k];
    FUZZ_ASSERT(g, "cannot load a registered game");
    FUZZ_ASSERT(
        vb_match_init(&m, g, steps % (g->nscenarios ? g->nscenarios : 1), NULL, steps, &cx) == 0,
        "setup failed");
    vb_rng_seed(&rng, steps);
    for (int i = 0; i < steps && vb_to_move(g, m.st) != VB_OVER; i++) {
        if (vb_to_move(g, m.st) == VB_CHANCE) {
            vb_match_roll(&m, &cx);
        } else {
            int n = vb_legal(g, m.st, acts, NULL, VB_MAX_ACTIONS);
            FUZZ_ASSERT(n > 0, "no legal action");
            vb_match_apply(&m, acts[vb_rng_below(&rng, (uint64_t)n)], &cx);
        }
    }
    snprintf(text, sizeof text, "%.*s", (int)(size - 2 < 500 ? size - 2 : 500),
             (const char *)data + 2);
    {
        unsigned char *before = malloc(g->def->state_size);
        FUZZ_ASSERT(before, "out of memory");
        memcpy(before, m.st, g->def->state_size);
        if (vb_parse_action(g, m.st, text, &a, &cx) == 0) {
            vb_action_text(g, m.st, a, t, sizeof t);
            FUZZ_ASSERT(vb_parse_action(g, m.st, t, &back, &cx) == 0 && back == a,
                        "'%s' does not parse back", t);
            FUZZ_ASSERT(vb_match_apply(&m, a, &cx) == 0, "a parsed action was refused: %s", cx.err);
        } else {
            FUZZ_ASSERT(memcmp(before, m.st, g->def->state_size) == 0,
                        "a refused text changed the state");
            FUZZ_ASSERT(cx.err[0] && !strchr(cx.err, '\n'), "no one-line message");
        }
        free(before);
    }
    vb_match_release(&m);
    return 0;
}
