/* fuzz_args.c - the parsers of numbers and words from the command line:
 * the strict number parser, options, --dice lists, and every game's odds
 * procedure words. Input: words separated by blanks; the first byte picks
 * the parser. */
#include <limits.h>
#include <string.h>

#include "../../src/ai/odds.h"
#include "../../src/cli/cli.h"
#include "fuzz.h"
#include "vauban.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static vb_game *games[16];
    static char dice[64][VB_TEXT_LEN];
    char buf[1024], *argv[32], *save = NULL;
    int argc = 0, which, k;
    vb_ctx cx;
    long long v;
    if (size < 2)
        return 0;
    which = data[0] % 4;
    snprintf(buf, sizeof buf, "%.*s", (int)(size - 1 < 1000 ? size - 1 : 1000),
             (const char *)data + 1);
    vb_ctx_init(&cx);
    switch (which) {
    case 0:
        if (vb_parse_ll(buf, -1000, 1000, &v, "n", &cx) == 0)
            FUZZ_ASSERT(v >= -1000 && v <= 1000, "out of range accepted");
        if (vb_parse_fixed(buf, 100, -100000, 100000, &v, "x", &cx) == 0)
            FUZZ_ASSERT(v >= -100000 && v <= 100000, "fixed out of range accepted");
        return 0;
    case 1: {
        int n = cli_parse_dice(buf, dice, 64);
        FUZZ_ASSERT(n == -1 || (n >= 1 && n <= 64), "dice count %d", n);
        for (int i = 0; i < n; i++)
            FUZZ_ASSERT(dice[i][0], "an empty die value");
        return 0;
    }
    default:
        break;
    }
    for (char *w = strtok_r(buf, " \t\n", &save); w && argc < 31;
         w = strtok_r(NULL, " \t\n", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    if (argc == 0 || vb_registry_count() == 0)
        return 0;
    k = data[1] % vb_registry_count();
    if (!games[k] && k < 16)
        games[k] = vb_game_load(vb_registry_get(k)->id, &cx);
    FUZZ_ASSERT(games[k], "cannot load a registered game");
    if (which == 2) {
        int opts[VB_MAX_OPTIONS];
        vb_option_defaults(games[k], 0, opts);
        if (vb_option_parse(games[k], argv[0], opts, &cx) == 0)
            for (int i = 0; i < games[k]->def->noptions; i++)
                FUZZ_ASSERT(opts[i] >= games[k]->def->options[i].min &&
                                opts[i] <= games[k]->def->options[i].max,
                            "option out of range accepted");
        return 0;
    }
    {
        void *st = calloc(1, games[k]->def->state_size);
        vb_action first;
        FUZZ_ASSERT(st, "out of memory");
        if (vb_odds_setup(games[k], st, 0, argc, argv, &first, &cx) == 0) {
            vb_odds o;
            if (vb_odds_run(games[k], st, first, 20000, &o, &cx) == 0) {
                long double sum = 0;
                for (int i = 0; i < o.n; i++)
                    sum += o.rows[i].p;
                FUZZ_ASSERT(o.n == 0 || (sum > 0.999L && sum < 1.001L), "odds do not sum to 1");
                vb_odds_release(&o);
            }
        } else {
            FUZZ_ASSERT(cx.err[0] && !strchr(cx.err, '\n'), "no one-line message");
        }
        free(st);
    }
    return 0;
}
