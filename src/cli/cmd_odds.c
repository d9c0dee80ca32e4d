/*
 * cmd_odds.c - `vauban odds`: the exact probability of each outcome of a
 * game's combat procedure, by enumerating its chance outcomes (odds.h).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "commands.h"
#include "odds.h"
#include "term.h"

#define CMD "odds"

static const char usage[] =
    "usage: vauban odds GAME PROCEDURE [WORDS...] [--state FILE] [--json]\n"
    "       vauban odds GAME --help          the procedures GAME offers\n"
    "\n"
    "Exact probabilities of each outcome of a combat procedure, computed by\n"
    "enumerating every chance outcome (dice, card draws) with its probability,\n"
    "not by sampling. The words describe the situation (e.g. 'offensive\n"
    "Napols almogavar'); with --state FILE they refer to that position\n"
    "(\"what are my odds if I assault from here?\"). Probabilities are exact\n"
    "fractions while they fit 64 bits.\n"
    "\n"
    "  --state FILE      a state file ('-': standard input) the words refer to\n"
    "  --json            print JSON instead of a table\n"
    "  --max-states N    give up beyond N distinct chance states (default 5000000)\n"
    "  --                the words that follow are not flags\n"
    "\n"
    "examples:\n"
    "  vauban odds molt-soroll offensive Napols almogavar fleet box=3\n"
    "      (an offensive on Messina with both tokens: success 1/2 in all)\n"
    "  vauban odds setge-1714 assault att=5 def=3 zone=grey\n"
    "  vauban odds setge-1714 salvo 3 --json\n"
    "  vauban new setge-1714 --seed 3 > s.json\n"
    "  vauban odds setge-1714 --state s.json fire Bourbon-Battery-1 Diputacio-1\n"
    "  vauban odds setge-1714 --help            (the procedures and their words)";

static void print_game_help(const vb_game_def *d)
{
    printf("%s - odds procedures:\n", d->id);
    if (!d->odds_setup) {
        printf("  (none: game has no odds procedures)\n");
        return;
    }
    const char *h = d->odds_help ? d->odds_help : "";
    term t;
    /* Each procedure wrapped to the terminal (80 columns in a pipe). */
    term_init(&t, stdout, TERM_COLOR_NEVER);
    while (*h) {
        size_t n = strcspn(h, "\n");
        term_printf(&t, "  %.*s", (int)n, h);
        h += n;
        if (*h)
            h++;
    }
}

int vb_cmd_odds(int argc, char **argv)
{
    const char *game = NULL, *state = NULL;
    char **words = calloc((size_t)argc + 1, sizeof *words);
    int nwords = 0, as_json = 0, help = 0, rc = 0;
    long max_states = 0;
    vb_game *g = NULL;
    vb_match m = {0};
    void *st = NULL;
    vb_odds o = {0};
    vb_ctx cx;
    vb_ctx_init(&cx);
    if (!words)
        return cli_error(CMD, VB_EXIT_INPUT, "out of memory");
    for (int i = 1, flags = 1; i < argc; i++) {
        const char *a = argv[i];
        if (flags && strcmp(a, "--") == 0) {
            flags = 0;
        } else if (flags && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            help = 1;
        } else if (flags && strcmp(a, "--json") == 0) {
            as_json = 1;
        } else if (flags && strcmp(a, "--state") == 0) {
            if (i + 1 >= argc) {
                rc = cli_error(CMD, VB_EXIT_USAGE, "--state needs a file");
                goto done;
            }
            state = argv[++i];
        } else if (flags && strcmp(a, "--max-states") == 0) {
            long long x;
            vb_ctx pc;
            vb_ctx_init(&pc);
            if (i + 1 >= argc ||
                vb_parse_ll(argv[i + 1], 1, 1000000000, &x, "--max-states", &pc) < 0) {
                rc = cli_error(CMD, i + 1 >= argc ? VB_EXIT_USAGE : VB_EXIT_INPUT, "%s",
                               i + 1 >= argc ? "--max-states needs a positive number" : pc.err);
                goto done;
            }
            max_states = (long)x;
            i++;
        } else if (flags && a[0] == '-' && a[1] == '-') {
            rc = cli_error(CMD, VB_EXIT_USAGE, "unknown flag '%s'", a);
            goto done;
        } else if (!game) {
            game = a;
        } else {
            words[nwords++] = argv[i];
        }
    }
    if (help && !game) {
        puts(usage);
        goto done;
    }
    if (!game) {
        rc = cli_error(CMD, VB_EXIT_USAGE, "which game? (see 'vauban list')");
        goto done;
    }
    if (state) {
        int e = cli_load_state(state, &g, &m, &cx);
        if (e < 0) {
            rc = cli_error(CMD, cli_status(e), "%s", cx.err);
            goto done;
        }
        if (!vb_name_eq(g->def->id, game)) {
            rc = cli_error(CMD, VB_EXIT_INPUT, "'%s' is a state of %s, not %s", state, g->def->id,
                           game);
            goto done;
        }
    } else {
        g = vb_game_load(game, &cx);
        if (!g) {
            rc = cli_error(CMD, cli_load_status(game), "%s", cx.err);
            goto done;
        }
    }
    if (help) {
        puts(usage);
        putchar('\n');
        print_game_help(g->def);
        goto done;
    }
    if (!g->def->odds_setup) {
        rc = cli_error(CMD, VB_EXIT_INPUT, "game has no odds procedures");
        goto done;
    }
    if (nwords == 0) {
        rc = cli_error(CMD, VB_EXIT_USAGE, "which procedure? (see 'vauban odds %s --help')",
                       g->def->id);
        goto done;
    }
    st = calloc(1, g->def->state_size);
    if (!st) {
        rc = cli_error(CMD, VB_EXIT_INPUT, "out of memory");
        goto done;
    }
    if (state)
        memcpy(st, m.st, g->def->state_size);
    vb_action first = VB_NONE;
    vb_odds_plan plan;
    int e = vb_odds_setup_plan(g, st, state != NULL, nwords, words, &first, &plan, &cx);
    if (e < 0) {
        rc = cli_error(CMD, cli_status(e), "%s", cx.err);
        goto done;
    }
    char firsttext[VB_TEXT_LEN] = "";
    if (first != VB_NONE)
        vb_action_text(g, st, first, firsttext, sizeof firsttext);
    e = vb_odds_run_plan(g, st, first, &plan, max_states, &o, &cx);
    if (e < 0) {
        rc = cli_error(CMD, cli_status(e), "%s", cx.err);
        goto done;
    }
    long double total = 0;
    for (int i = 0; i < o.n; i++)
        total += o.rows[i].p;
    if (as_json) {
        json_t *j = json_object(), *args = json_array(), *rows = json_array();
        for (int i = 0; i < nwords; i++)
            json_array_append_new(args, json_string(words[i]));
        json_object_set_new(j, "game", json_string(g->def->id));
        json_object_set_new(j, "procedure", json_string(words[0]));
        json_object_set_new(j, "words", args);
        json_object_set_new(j, "from_state", json_boolean(state != NULL));
        json_object_set_new(j, "first", first != VB_NONE ? json_string(firsttext) : json_null());
        for (int i = 0; i < o.n; i++) {
            json_t *r = json_object();
            char frac[64];
            json_object_set_new(r, "outcome", json_string(o.rows[i].name));
            json_object_set_new(r, "p", json_real((double)o.rows[i].p));
            if (o.rows[i].exact) {
                snprintf(frac, sizeof frac, "%llu/%llu", (unsigned long long)o.rows[i].num,
                         (unsigned long long)o.rows[i].den);
                json_object_set_new(r, "fraction", json_string(frac));
            } else {
                json_object_set_new(r, "fraction", json_null());
            }
            json_array_append_new(rows, r);
        }
        json_object_set_new(j, "outcomes", rows);
        json_object_set_new(j, "states", json_integer(o.states));
        json_object_set_new(j, "depth", json_integer(o.depth));
        json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        putchar('\n');
        json_decref(j);
    } else {
        printf("%s:", g->def->id);
        for (int i = 0; i < nwords; i++)
            printf(" %s", words[i]);
        if (state)
            printf("  (from %s)", state);
        putchar('\n');
        if (first != VB_NONE)
            printf("starts with: %s\n", firsttext);
        printf("  %11s  %-21s  %s\n", "probability", "exact", "outcome");
        for (int i = 0; i < o.n; i++) {
            char frac[64] = "";
            if (o.rows[i].exact)
                snprintf(frac, sizeof frac, "%llu/%llu", (unsigned long long)o.rows[i].num,
                         (unsigned long long)o.rows[i].den);
            printf("  %10.4Lf%%  %-21s  %s\n", 100 * o.rows[i].p, frac, o.rows[i].name);
        }
        printf("  %10.4Lf%%  (total; %ld chance state%s enumerated, up to %d chance decision%s "
               "deep)\n",
               100 * total, o.states, o.states == 1 ? "" : "s", o.depth, o.depth == 1 ? "" : "s");
    }
done:
    vb_odds_release(&o);
    free(st);
    if (m.st)
        vb_match_release(&m);
    vb_game_free(g);
    free(words);
    return rc;
}
