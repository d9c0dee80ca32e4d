/* main.c - the `vauban` command: dispatch and the non-interactive
 * subcommands (list, new, actions, apply, show, replay). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "term.h"

#define MAX_DICE 4096

static int wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

int vb_cmd_list(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        puts("usage: vauban list\n\nLists the games with their scenarios, roles and options.\n\n"
             "examples:\n  vauban list\n  vauban list | grep -A4 setge-1714");
        return 0;
    }
    if (argc > 1)
        return cli_error("list", VB_EXIT_USAGE, "unexpected argument '%s'", argv[1]);
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *d = vb_registry_get(i);
        vb_ctx cx;
        vb_game *g;
        vb_ctx_init(&cx);
        if (!(g = vb_game_load(d->id, &cx)))
            return cli_error("list", VB_EXIT_INPUT, "%s", cx.err);
        printf("%s - %s\n  roles:", d->id, d->title);
        for (int r = 0; r < d->nroles; r++)
            printf(" %s", d->roles[r]);
        if (g->nsides < d->nroles) {
            printf("\n  sides:");
            for (int sd = 0; sd < g->nsides; sd++) {
                printf(" %s (", g->sides[sd]);
                for (int r = 0, k = 0; r < d->nroles; r++)
                    if (g->role_side[r] == sd)
                        printf("%s%s", k++ ? " " : "", d->roles[r]);
                printf(")");
            }
        }
        printf("\n  scenarios:\n");
        for (int s = 0; s < g->nscenarios; s++) {
            vb_roles roles = vb_scenario_roles(g, s);
            printf("    %s%s:", g->scenarios[s], s == 0 ? " (default)" : "");
            for (int r = 0; r < d->nroles; r++)
                if (roles >> r & 1u)
                    printf(" %s", d->roles[r]);
            for (int o = 0; o < d->noptions; o++)
                if (g->option_def[s][o] != d->options[o].def)
                    printf("; %s=%d by default", d->options[o].key, g->option_def[s][o]);
            printf("\n");
        }
        for (int o = 0; o < d->noptions; o++)
            printf("  option %s=%d (%d-%d): %s\n", d->options[o].key, d->options[o].def,
                   d->options[o].min, d->options[o].max, d->options[o].help);
        vb_game_free(g);
    }
    return 0;
}

/* The end of `new` and `apply`: on success the log to standard error and
 * the state to standard output; on failure (or dice left unused) one error
 * line and nothing else. Releases the match and the game. */
static int finish_state(const char *cmd, int rc, int dice_left, cli_logbuf *logbuf, vb_match *m,
                        vb_game *g, vb_ctx *cx)
{
    if (rc == 0 && dice_left > 0)
        rc = vb_fail(cx, VB_EINPUT, "%d --dice values left unused", dice_left);
    if (rc < 0) {
        cli_logbuf_flush(logbuf, NULL);
        rc = cli_error(cmd, VB_EXIT_INPUT, "%s", cx->err);
    } else {
        cli_logbuf_flush(logbuf, stderr);
        cli_print_state(m, stdout);
    }
    vb_match_release(m);
    vb_game_free(g);
    return rc;
}

int vb_cmd_new(int argc, char **argv)
{
    cli_game_args ga = {0};
    cli_logbuf logbuf = {0, 0, 0, -1};
    const char *dice_arg = NULL;
    static char dice[MAX_DICE][VB_TEXT_LEN];
    int ndice = 0, used = 0, rc;
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    if (wants_help(argc, argv)) {
        puts("usage: vauban new GAME [--scenario S] [--seed N] [--option K=V]...\n"
             "                       [--dice V,...]\n"
             "\nPrints a new game's state file (JSON) on standard output. Chance decisions\n"
             "before the first player decision (the first card draw, ...) are resolved by\n"
             "--dice values in order, then by the state's seeded generator.\n\n"
             "examples:\n"
             "  vauban new molt-soroll --seed 7 > s.json\n"
             "  vauban new setge-1714 --scenario 3p --option events=0 > s.json\n"
             "  vauban new molt-soroll --dice ramon-folc-llobregat > s.json");
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        int k = cli_game_arg("new", argc, argv, &i, &ga);
        if (k < 0)
            return -k;
        if (k)
            continue;
        if (strcmp(argv[i], "--dice") == 0) {
            if (i + 1 >= argc)
                return cli_error("new", VB_EXIT_USAGE, "--dice needs values like 6,4,2");
            dice_arg = argv[++i];
        } else if (argv[i][0] == '-')
            return cli_error("new", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
        else if (!ga.game)
            ga.game = argv[i];
        else
            return cli_error("new", VB_EXIT_USAGE, "unexpected argument '%s'", argv[i]);
    }
    if (!ga.game)
        return cli_error("new", VB_EXIT_USAGE, "which game? (see 'vauban list')");
    if (dice_arg && (ndice = cli_parse_dice(dice_arg, dice, MAX_DICE)) < 0)
        return cli_error("new", VB_EXIT_INPUT, "--dice '%s': expected values like 6,4,2", dice_arg);
    vb_ctx_init(&cx);
    cx.log = cli_log_to_buf;
    cx.log_ud = &logbuf;
    if ((rc = cli_start_match("new", &ga, &g, &m, &cx)) != 0)
        return rc;
    rc = cli_resolve_chance(&m, dice, ndice, &used, &cx);
    return finish_state("new", rc, ndice - used, &logbuf, &m, g, &cx);
}

static const char *who_name(const vb_game *g, int who)
{
    if (who == VB_CHANCE)
        return "chance";
    if (who == VB_OVER)
        return "over";
    return g->def->roles[who];
}

int vb_cmd_actions(int argc, char **argv)
{
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    char buf[VB_TEXT_LEN];
    json_t *j, *arr;
    int n, who, rc;
    uint64_t total = 0;
    if (wants_help(argc, argv)) {
        puts("usage: vauban actions STATE.json\n\nPrints as JSON who decides now, the prompt, "
             "and the legal actions\n(text, number, code; with probabilities for chance).\n\n"
             "examples:\n  vauban actions s.json\n  vauban new molt-soroll | vauban actions -");
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return cli_error("actions", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
    if (argc != 2)
        return cli_error("actions", VB_EXIT_USAGE, "expected one state file");
    vb_ctx_init(&cx);
    if ((rc = cli_load_state(argv[1], &g, &m, &cx)) < 0)
        return cli_error("actions", cli_status(rc), "%s", cx.err);
    who = vb_to_move(g, m.st);
    n = vb_legal(g, m.st, acts, w, VB_MAX_ACTIONS);
    if (n < 0) {
        vb_match_release(&m);
        vb_game_free(g);
        return cli_error("actions", VB_EXIT_INPUT, "more than %d legal actions", VB_MAX_ACTIONS);
    }
    for (int i = 0; i < n; i++)
        total += w[i];
    vb_prompt(g, m.st, buf, sizeof buf);
    j = json_pack("{s:s, s:s}", "to_move", who_name(g, who), "prompt", buf);
    arr = json_array();
    for (int i = 0; i < n; i++) {
        json_t *a;
        vb_action_text(g, m.st, acts[i], buf, sizeof buf);
        a = json_pack("{s:i, s:s, s:I}", "n", i + 1, "text", buf, "code", (json_int_t)acts[i]);
        if (who == VB_CHANCE)
            json_object_set_new(a, "probability", json_real((double)w[i] / (double)total));
        json_array_append_new(arr, a);
    }
    json_object_set_new(j, "actions", arr);
    if (who == VB_OVER) {
        vb_result r;
        vb_result_get(g, m.st, &r);
        json_object_set_new(j, "winner",
                            r.winner >= 0 ? json_string(g->sides[r.winner]) : json_null());
        json_object_set_new(j, "verdict", json_string(r.verdict));
    }
    json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', stdout);
    json_decref(j);
    vb_match_release(&m);
    vb_game_free(g);
    return 0;
}

int vb_cmd_apply(int argc, char **argv)
{
    const char *path = NULL, *dice_arg = NULL;
    const char *acts[256];
    cli_logbuf logbuf = {0, 0, 0, -1};
    int nacts = 0, ndice = 0, used = 0, rc = 0;
    static char dice[MAX_DICE][VB_TEXT_LEN];
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    if (wants_help(argc, argv)) {
        puts("usage: vauban apply STATE.json ACTION... [--dice V,...]\n\n"
             "Applies the actions in order and prints the new state file on standard\n"
             "output; the log goes to standard error. Chance decisions met on the way\n"
             "take the --dice values in order, then the state's seeded generator.\n"
             "An ACTION is the text from 'vauban actions' or its number. On an illegal\n"
             "action nothing is printed and the exit status is 2.\n\n"
             "examples:\n"
             "  vauban apply s.json influence-nobility > t.json\n"
             "  vauban apply s.json 3 --dice 5 > t.json\n"
             "  vauban apply s.json end-actions 1 2 > t.json");
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dice") == 0) {
            if (i + 1 >= argc)
                return cli_error("apply", VB_EXIT_USAGE, "--dice needs values like 6,4,2");
            dice_arg = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            /* no action text begins with '-' ('-' alone: standard input) */
            return cli_error("apply", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else if (nacts < 256) {
            acts[nacts++] = argv[i];
        } else {
            return cli_error("apply", VB_EXIT_USAGE, "too many actions");
        }
    }
    if (!path)
        return cli_error("apply", VB_EXIT_USAGE, "expected a state file and actions");
    if (dice_arg && (ndice = cli_parse_dice(dice_arg, dice, MAX_DICE)) < 0)
        return cli_error("apply", VB_EXIT_INPUT, "--dice '%s': expected values like 6,4,2",
                         dice_arg);
    vb_ctx_init(&cx);
    if ((rc = cli_load_state(path, &g, &m, &cx)) < 0)
        return cli_error("apply", cli_status(rc), "%s", cx.err);
    cx.log = cli_log_to_buf;
    cx.log_ud = &logbuf;
    rc = cli_resolve_chance(&m, dice, ndice, &used, &cx);
    for (int i = 0; rc == 0 && i < nacts; i++) {
        vb_action a;
        rc = vb_parse_action(g, m.st, acts[i], &a, &cx);
        if (rc == 0)
            rc = vb_match_apply(&m, a, &cx);
        if (rc == 0)
            rc = cli_resolve_chance(&m, dice, ndice, &used, &cx);
    }
    return finish_state("apply", rc, ndice - used, &logbuf, &m, g, &cx);
}

int vb_cmd_show(int argc, char **argv)
{
    const char *path = NULL, *as = NULL, *svg = NULL, *at = NULL, *area = NULL;
    int role = -1, rc, as_json = 0;
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    char buf[VB_TEXT_LEN];
    size_t at_n = 0;
    if (wants_help(argc, argv)) {
        puts("usage: vauban show STATE.json [--as ROLE] [--at N]\n"
             "                  [--json | --svg FILE | --area NAME]\n\n"
             "Prints the board for a person. --as ROLE shows only what ROLE may see\n"
             "(no generator, no seed, no other side's secrets); --json prints that view\n"
             "as JSON; --svg FILE writes the board as an SVG picture ('-': standard output).\n"
             "--area NAME prints one part of the board as `play` does (a zone, front,\n"
             "work or hex, with the orders that concern it; an empty NAME lists the names).\n"
             "--at N: the position after the first N decisions of the file's history\n"
             "(0: the setup; chance decisions count), to walk through a record.\n"
             "The board fits 80 columns; after it, the decision now or, at the end, the\n"
             "verdict with its points term by term.\n\n"
             "examples:\n"
             "  vauban show s.json\n"
             "  vauban show game.json --at 12\n"
             "  vauban show s.json --as catalan --json\n"
             "  vauban show s.json --as bourbon --svg board.svg\n"
             "  vauban show s.json --as austrian --area 'San Bonico'");
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        const char **flag = strcmp(argv[i], "--as") == 0     ? &as
                            : strcmp(argv[i], "--svg") == 0  ? &svg
                            : strcmp(argv[i], "--at") == 0   ? &at
                            : strcmp(argv[i], "--area") == 0 ? &area
                                                             : NULL;
        if (flag && i + 1 < argc) {
            if (*flag)
                return cli_error("show", VB_EXIT_USAGE, "%s given twice", argv[i]);
            *flag = argv[++i];
        } else if (strcmp(argv[i], "--json") == 0) {
            as_json = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_error("show", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return cli_error("show", VB_EXIT_USAGE, "unexpected argument '%s'", argv[i]);
        }
    }
    if (!path)
        return cli_error("show", VB_EXIT_USAGE, "expected a state file");
    if (as_json + !!svg + !!area > 1)
        return cli_error("show", VB_EXIT_USAGE, "--json, --svg and --area do not go together");
    vb_ctx_init(&cx);
    if (at) {
        long long v;
        if (vb_parse_ll(at, 0, 100000000, &v, "--at", &cx) < 0)
            return cli_error("show", VB_EXIT_INPUT, "%s", cx.err);
        at_n = (size_t)v;
    }
    if ((rc = cli_load_state(path, &g, &m, &cx)) < 0)
        return cli_error("show", cli_status(rc), "%s", cx.err);
    if (at && at_n > m.rec.n) {
        rc = cli_error("show", VB_EXIT_INPUT, "--at %zu: '%s' holds %zu decisions", at_n, path,
                       m.rec.n);
        vb_match_release(&m);
        vb_game_free(g);
        return rc;
    }
    if (at && at_n < m.rec.n) {
        /* The position before decision at_n, and the record up to it. */
        memcpy(m.st, m.snaps + at_n * g->def->state_size, g->def->state_size);
        m.rec.n = at_n;
    }
    if (as && (role = vb_role_index(g, as)) < 0) {
        rc = cli_error("show", VB_EXIT_USAGE, "unknown role '%s'", as);
    } else if (area && !g->def->area) {
        rc =
            cli_error("show", VB_EXIT_USAGE, "%s has no zone, front, work or hex view", g->def->id);
    } else if (area) {
        term t;
        term_init(&t, stdout, TERM_COLOR_AUTO);
        term_set_game(&t, g);
        vb_view(g, m.st, m.st, role);
        rc = term_area(&t, g, m.st, role, *area ? area : NULL, &cx) < 0
                 ? cli_error("show", VB_EXIT_INPUT, "%s", cx.err)
                 : 0;
    } else if (as_json) {
        json_t *j = vb_match_to_json(&m, role);
        json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        fputc('\n', stdout);
        json_decref(j);
        rc = 0;
    } else if (svg) {
        if (!g->def->svg) {
            rc = cli_error("show", VB_EXIT_USAGE, "%s has no SVG board yet", g->def->id);
        } else {
            FILE *f = strcmp(svg, "-") == 0 ? stdout : fopen(svg, "w");
            vb_view(g, m.st, m.st, role);
            if (!f) {
                rc = cli_error("show", VB_EXIT_INPUT, "%s: %s", svg, strerror(errno));
            } else {
                rc = g->def->svg(g, m.st, role, f) < 0 ? VB_EXIT_INPUT : 0;
                if (f != stdout && fclose(f) != 0 && rc == 0)
                    rc = cli_error("show", VB_EXIT_INPUT, "%s: %s", svg, strerror(errno));
                else if (rc)
                    cli_error("show", VB_EXIT_INPUT, "%s: could not write the board", svg);
            }
        }
    } else {
        char *b = NULL;
        vb_view(g, m.st, m.st, role);
        if (at)
            printf("After %zu decision%s:\n", at_n, at_n == 1 ? "" : "s");
        /* At a terminal, wrapped to its width; in a pipe, as rendered. */
        if (isatty(STDOUT_FILENO) && (b = term_board(g, m.st, role)) != NULL) {
            term t;
            term_init(&t, stdout, TERM_COLOR_AUTO);
            term_set_game(&t, g);
            term_print(&t, b);
            free(b);
        } else {
            g->def->render(g, m.st, role, stdout);
        }
        {
            /* The decision now, or the verdict with its points, wrapped
             * to the terminal (80 columns in a pipe). */
            term t;
            term_init(&t, stdout, TERM_COLOR_AUTO);
            term_set_game(&t, g);
            putchar('\n');
            if (vb_to_move(g, m.st) == VB_OVER) {
                term_verdict(&t, g, m.st);
            } else {
                vb_prompt(g, m.st, buf, sizeof buf);
                term_print(&t, buf);
            }
        }
        rc = 0;
    }
    vb_match_release(&m);
    vb_game_free(g);
    return rc;
}

/* One line of the log, printed wrapped (replay --step). */
static void log_to_term(void *ud, vb_roles see, const char *line)
{
    (void)see;
    term_print(ud, line);
}

/* Wait for Enter; 0 to stop (q or the end of input), 1 to go on, 2 for
 * the board. */
static int step_wait(size_t i, size_t n)
{
    char line[256];
    printf("-- %zu of %zu decisions: Enter = next, b = board, q = quit -- ", i, n);
    fflush(stdout);
    if (!fgets(line, sizeof line, stdin)) {
        putchar('\n');
        return 0;
    }
    if (!isatty(STDIN_FILENO)) /* the Enter typed did not echo */
        putchar('\n');
    if (line[0] == 'q')
        return 0;
    return line[0] == 'b' ? 2 : 1;
}

/* replay --step: the record decision by decision from its setup, each
 * person's decision with the chance outcomes that follow it, waiting for
 * Enter between them. m holds the record, already checked by loading. */
static void replay_steps(const vb_game *g, vb_match *m, term *t)
{
    size_t sz = g->def->state_size, i = 0, n = m->rec.n;
    unsigned char *st;
    vb_ctx cx;
    if (n == 0 || !m->snaps || !(st = malloc(sz)))
        return;
    memcpy(st, m->snaps, sz);
    vb_ctx_init(&cx);
    cx.log = log_to_term;
    cx.log_ud = t;
    while (i < n) {
        do {
            const vb_entry *e = &m->rec.v[i];
            if (e->who >= 0) {
                char head[VB_TEXT_LEN + 64];
                snprintf(head, sizeof head, "%zu. %s: %s", i + 1, g->def->roles[e->who], e->text);
                term_status(t, head);
            }
            if (vb_apply(g, st, e->a, &cx) < 0) {
                term_printf(t, "decision %zu does not apply: %s", i + 1, cx.err);
                free(st);
                return;
            }
            i++;
        } while (i < n && m->rec.v[i].who == VB_CHANCE);
        for (int w; i < n && (w = step_wait(i, n)) != 1;) {
            if (w == 0) {
                free(st);
                return;
            }
            char *b = term_board(g, st, -1);
            if (b)
                term_print(t, b);
            free(b);
        }
    }
    free(st);
}

int vb_cmd_replay(int argc, char **argv)
{
    vb_ctx cx;
    json_t *j, *id;
    vb_game *g;
    vb_match m;
    vb_result r;
    cli_logbuf logbuf = {0, 0, 0, -1};
    const char *path = NULL;
    int rc, step = 0;
    if (wants_help(argc, argv)) {
        puts("usage: vauban replay RECORD.json [--step]\n\nReplays a game record (a state "
             "file's game, scenario, options, seed and history)\nfrom setup, printing the log "
             "and the result. If the record also holds a state,\nthe replay must end in it. A "
             "record names its rules version and data\nfingerprint; under other data "
             "(VAUBAN_DATA) it is refused.\n--step: one decision at a time (with the dice and "
             "cards that follow it);\nEnter goes on, b shows the board, q stops.\n"
             "The result comes with its points term by term.\n\n"
             "examples:\n  vauban replay game.json\n  vauban replay game.json --step\n"
             "  vauban show game.json --at 40      (the position after 40 decisions)");
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--step") == 0)
            step = 1;
        else if (argv[i][0] == '-' && argv[i][1])
            return cli_error("replay", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
        else if (!path)
            path = argv[i];
        else
            return cli_error("replay", VB_EXIT_USAGE, "expected one record file");
    }
    if (!path)
        return cli_error("replay", VB_EXIT_USAGE, "expected one record file");
    if (step && strcmp(path, "-") == 0)
        return cli_error("replay", VB_EXIT_USAGE,
                         "--step reads Enter from standard input: "
                         "give the record as a file");
    vb_ctx_init(&cx);
    if (!(j = cli_read_json(path, &cx)))
        return cli_error("replay", VB_EXIT_INPUT, "%s", cx.err);
    id = json_is_object(j) ? json_object_get(j, "game") : NULL;
    if (!json_is_string(id) || !(g = vb_game_load(json_string_value(id), &cx))) {
        const char *why = json_is_string(id)  ? cx.err
                          : json_is_object(j) ? "record: missing \"game\""
                                              : "record: expected a JSON object";
        json_decref(j);
        return cli_error("replay", VB_EXIT_INPUT, "%s", why);
    }
    if (!json_object_get(j, "history")) {
        json_decref(j);
        vb_game_free(g);
        return cli_error("replay", VB_EXIT_INPUT, "record: missing \"history\" array");
    }
    cx.log = cli_log_to_buf;
    cx.log_ud = &logbuf;
    rc = vb_match_load(&m, g, j, &cx);
    if (rc < 0) {
        cli_logbuf_flush(&logbuf, NULL);
        rc = cli_error("replay", VB_EXIT_INPUT, "%s", cx.err);
    } else {
        if (step) {
            term t;
            cli_logbuf_flush(&logbuf, NULL);
            term_init(&t, stdout, TERM_COLOR_AUTO);
            term_set_game(&t, g);
            term_printf(&t, "%s - %zu decisions from setup.", g->def->title, m.rec.n);
            replay_steps(g, &m, &t);
        } else {
            /* The log wrapped to the terminal (80 columns in a pipe). */
            term t;
            term_init(&t, stdout, TERM_COLOR_AUTO);
            if (logbuf.n)
                term_print(&t, logbuf.s);
            cli_logbuf_flush(&logbuf, NULL);
        }
        vb_result_get(g, m.st, &r);
        if (r.over) {
            term t;
            term_init(&t, stdout, TERM_COLOR_AUTO);
            term_set_game(&t, g);
            if (r.winner >= 0)
                term_printf(&t, "result: %s wins - %s", g->sides[r.winner], r.verdict);
            else if (g->def->nroles == 1)
                term_printf(&t, "result: %s %s - %s", g->def->roles[0],
                            r.outcome[0] == VB_OUT_WIN ? "wins" : "loses", r.verdict);
            else
                term_printf(&t, "result: no winner - %s", r.verdict);
            term_points(&t, g, m.st);
        } else
            printf("result: game not over after %zu decisions\n", m.rec.n);
        vb_match_release(&m);
        rc = 0;
    }
    vb_game_free(g);
    json_decref(j);
    return rc;
}

static void usage(FILE *f)
{
    fputs("usage: vauban COMMAND [ARGS]\n\n"
          "  list                                   games, scenarios, roles, options\n"
          "  new GAME [--scenario S] [--seed N] [--option K=V]   > state.json\n"
          "  actions STATE.json                     who decides, prompt, legal actions\n"
          "  apply STATE.json ACTION... [--dice 6,4,...]         > new state.json\n"
          "  show STATE.json [--as ROLE] [--at N] [--json|--svg F|--area A]   the board\n"
          "  play GAME [--scenario S] [--ai ROLE=POLICY] [--referee]  interactive play\n"
          "  replay RECORD.json [--step]            replay a record, print log and result\n"
          "  sim GAME -n N --policy ROLE=POLICY ... batch games between policies\n"
          "  odds GAME PROCEDURE ...                exact outcome probabilities\n"
          "  analyze STATE.json [--as ROLE]         the best actions by search, with odds\n"
          "  serve [--port N] [--db FILE]           play in the browser (HTTP + SQLite)\n\n"
          "'vauban COMMAND --help' tells more. STATE.json may be '-' for standard input.\n"
          "Exit status: 0 success, 1 usage error, 2 illegal action or bad input.\n\n"
          "examples:\n"
          "  vauban play molt-soroll\n"
          "  vauban new setge-1714 --seed 3 > s.json && vauban analyze s.json\n"
          "  vauban replay game.json --step\n"
          "  vauban serve --port 8080               (then open http://localhost:8080)\n"
          "See also vauban(1).\n",
          f);
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } cmds[] = {
        {"list", vb_cmd_list},       {"new", vb_cmd_new},     {"actions", vb_cmd_actions},
        {"apply", vb_cmd_apply},     {"show", vb_cmd_show},   {"play", vb_cmd_play},
        {"replay", vb_cmd_replay},   {"sim", vb_cmd_sim},     {"odds", vb_cmd_odds},
        {"analyze", vb_cmd_analyze}, {"serve", vb_cmd_serve},
    };
    if (argc < 2) {
        usage(stderr);
        return VB_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(argv[1], cmds[i].name) == 0)
            return cmds[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "vauban: unknown command '%s' (see 'vauban --help')\n", argv[1]);
    return VB_EXIT_USAGE;
}
