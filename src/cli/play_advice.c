/* play_advice.c - decision support: `hint` and `odds` inside `vauban play`,
 * and `vauban analyze STATE [--as ROLE]`. Advice is computed from the
 * deciding role's view only (vb_view: no generator, no seed, nothing the
 * game hides from that role). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "odds.h"
#include "play.h"
#include "sim.h"

#define ODDS_MAX_STATES 200000L
/* Time for the games of one piece of advice, all actions together. */
#define ADVISE_SECONDS 4
#define ADVISE_TOP 20 /* actions shown at most */

/* The exact odds of the chance procedure that follows `after` (a state
 * where chance decides next), as "success 41.7%, failure 58.3%" (the
 * three likeliest classes); "" when it cannot be enumerated cheaply. */
static void next_odds(const vb_game *g, const void *after, char *buf, size_t n)
{
    vb_odds o = {0};
    vb_ctx quiet;
    size_t k = 0;
    buf[0] = '\0';
    vb_ctx_init(&quiet);
    if (vb_to_move(g, after) != VB_CHANCE || g->def->redact)
        return;
    if (vb_odds_run(g, after, VB_NONE, ODDS_MAX_STATES, &o, &quiet) < 0 || o.n < 2) {
        /* (one certain outcome says nothing) */
        vb_odds_release(&o);
        return;
    }
    for (int i = 0; i < o.n && i < 3 && k + 1 < n; i++) {
        int w = snprintf(buf + k, n - k, "%s%s %.1Lf%%", i ? ", " : "", o.rows[i].name,
                         100 * o.rows[i].p);
        if (w < 0 || (size_t)w >= n - k) {
            buf[k] = '\0';
            break;
        }
        k += (size_t)w;
    }
    if (o.n > 3 && k + 16 < n)
        snprintf(buf + k, n - k, ", %d more", o.n - 3);
    vb_odds_release(&o);
}

/* Game number k from `after` (a view of role's: no generator, hidden parts
 * redacted) to its end, every role played by the greedy policy, chance
 * drawn from a generator seeded here and hidden parts drawn anew
 * (def->determinize). Returns role's result (1 win, 1/2 draw, 0 loss), or
 * -1 for a game that did not end. */
static double playout(const vb_game *g, const void *after, int role, uint64_t seed, vb_policy **pol,
                      void *st)
{
    vb_ctx quiet;
    vb_result r;
    vb_ctx_init(&quiet);
    memcpy(st, after, g->def->state_size);
    vb_rng_seed(&((vb_head *)st)->rng, seed);
    if (g->def->determinize)
        g->def->determinize(g, st, role, &((vb_head *)st)->rng);
    for (long steps = 0; steps < 1000000; steps++) {
        int who = vb_to_move(g, st);
        vb_action a;
        if (who == VB_OVER)
            break;
        a = who == VB_CHANCE ? vb_sample_chance(g, st) : vb_policy_choose(pol[who], st);
        if (a == VB_NONE || vb_apply_unchecked(g, st, a, &quiet) < 0)
            return -1;
    }
    if (vb_to_move(g, st) != VB_OVER)
        return -1;
    vb_result_get(g, st, &r);
    return r.outcome[role] == VB_OUT_WIN ? 1.0 : r.outcome[role] == VB_OUT_DRAW ? 0.5 : 0.0;
}

static int past(const struct timespec *deadline)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline->tv_sec ||
           (now.tv_sec == deadline->tv_sec && now.tv_nsec > deadline->tv_nsec);
}

int play_advise(const vb_game *g, const void *st, long iterations, int nplayouts, int top, term *t,
                vb_ctx *cx)
{
    int who = vb_to_move(g, st), n, rc = 0, nroles = g->def->nroles, shown = 0;
    size_t sz = g->def->state_size;
    vb_policy *pol[VB_MAX_ROLES] = {0};
    vb_action *acts = malloc(VB_MAX_ACTIONS * sizeof *acts);
    double *visits = malloc(VB_MAX_ACTIONS * sizeof *visits);
    double *mean = malloc(VB_MAX_ACTIONS * sizeof *mean);
    int *ord = malloc(VB_MAX_ACTIONS * sizeof *ord);
    unsigned char *view = malloc(sz), *work = malloc(sz), *afters = NULL;
    double won[ADVISE_TOP];
    int played[ADVISE_TOP], ok[ADVISE_TOP];
    long iters = 0;
    uint64_t seed;
    struct timespec deadline;
    char text[VB_TEXT_LEN], odds[256];
    if (who < 0) {
        rc = vb_fail(cx, VB_EUSAGE, "no decision to advise on: %s",
                     who == VB_OVER ? "the game is over" : "chance decides now");
        goto done;
    }
    if (!acts || !visits || !mean || !ord || !view || !work) {
        rc = vb_fail(cx, VB_ENOMEM, "out of memory");
        goto done;
    }
    /* Only what the deciding role may see goes into the search. */
    vb_view(g, view, st, who);
    seed = vb_hash(g, view);
    n = vb_legal(g, view, acts, NULL, VB_MAX_ACTIONS);
    if (n <= 0) {
        rc = vb_fail(cx, VB_EINPUT, "no legal action");
        goto done;
    }
    if (n == 1) {
        vb_action_text(g, view, acts[0], text, sizeof text);
        term_printf(t, "Only one action is legal: %s", text);
        goto done;
    }
    /* The ranking: the computer's own search (as `--ai mcts:N` plays). */
    n = vb_policy_analyze(g, view, iterations, seed, acts, visits, mean, VB_MAX_ACTIONS, &iters);
    if (n < 0) {
        rc = vb_fail(cx, n, "the search failed");
        goto done;
    }
    for (int i = 0; i < n; i++)
        ord[i] = i;
    /* Most visited first (the search's choice), ties by list order. */
    for (int i = 1; i < n; i++) {
        int x = ord[i], j = i;
        while (j > 0 && (visits[ord[j - 1]] < visits[x] ||
                         (visits[ord[j - 1]] == visits[x] && ord[j - 1] > x))) {
            ord[j] = ord[j - 1];
            j--;
        }
        ord[j] = x;
    }
    if (top > ADVISE_TOP)
        top = ADVISE_TOP;
    while (shown < n && shown < top && visits[ord[shown]] > 0)
        shown++;
    /* The chance of winning: games played on to their end by the greedy
     * policy for every role, from what the deciding role sees. */
    for (int r = 0; r < nroles; r++)
        if (!(pol[r] = vb_policy_new(g, "greedy", vb_sim_policy_seed(seed, r), cx))) {
            rc = VB_ENOMEM;
            goto done;
        }
    /* Round after round, one game per action, until each has its games or
     * the time is up: the actions get equal shares either way. */
    if (shown > 0 && !(afters = malloc((size_t)shown * sz))) {
        rc = vb_fail(cx, VB_ENOMEM, "out of memory");
        goto done;
    }
    for (int k = 0; k < shown; k++) {
        vb_ctx quiet;
        vb_ctx_init(&quiet);
        memcpy(afters + (size_t)k * sz, view, sz);
        ok[k] = vb_apply(g, afters + (size_t)k * sz, acts[ord[k]], &quiet) == 0;
        won[k] = 0;
        played[k] = 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += ADVISE_SECONDS;
    for (int round = 0; round < nplayouts && !past(&deadline); round++)
        for (int k = 0; k < shown; k++) {
            double v;
            if (!ok[k])
                continue;
            v = playout(g, afters + (size_t)k * sz, who,
                        vb_sim_game_seed(vb_sim_game_seed(seed, ord[k]), round), pol, work);
            if (v >= 0) {
                won[k] += v;
                played[k]++;
            }
        }
    term_printf(t,
                "Best actions for %s, by the computer's search (%ld simulations from %s's "
                "view):",
                g->def->roles[who], iters, g->def->roles[who]);
    for (int k = 0; k < shown; k++) {
        int i = ord[k];
        char chance[64] = "";
        vb_action_text(g, view, acts[i], text, sizeof text);
        odds[0] = '\0';
        if (ok[k])
            next_odds(g, afters + (size_t)k * sz, odds, sizeof odds);
        if (played[k] > 0) {
            /* With its 95% Wilson interval: honest for a few games too. */
            double nn = played[k], p = won[k] / nn, z2 = 1.96 * 1.96;
            double c = (p + z2 / (2 * nn)) / (1 + z2 / nn);
            double h = 1.96 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
            snprintf(chance, sizeof chance, "wins %.0f%% [%.0f-%.0f%%] of %d game%s", 100 * p,
                     100 * fmax(0, c - h), 100 * fmin(1, c + h), played[k],
                     played[k] == 1 ? "" : "s");
        } else {
            snprintf(chance, sizeof chance, "no game played");
        }
        term_printf(t, "  %d. %s", k + 1, text);
        term_printf(t, "     %s; chosen by %.0f%% of the search%s%s", chance,
                    iters > 0 ? 100 * visits[i] / (double)iters : 0.0,
                    odds[0] ? "; exact odds: " : "", odds);
    }
    if (n > shown)
        term_printf(t, "  (%d other action%s%s)", n - shown, n - shown == 1 ? "" : "s",
                    shown < top ? ", not tried: more simulations with hint N" : "");
    term_printf(t,
                "(games: every role played by the greedy policy to the end, chance drawn "
                "at random, nothing hidden from %s used)",
                g->def->roles[who]);
done:
    for (int r = 0; r < VB_MAX_ROLES; r++)
        vb_policy_free(pol[r]);
    free(acts);
    free(visits);
    free(mean);
    free(ord);
    free(view);
    free(afters);
    free(work);
    return rc;
}

int play_odds(const vb_game *g, const void *st, int role, char *words, term *t, vb_ctx *cx)
{
    char *argv[64], *save = NULL;
    int argc = 0, rc;
    vb_action first = VB_NONE;
    vb_odds o = {0};
    void *pos;
    if (!g->def->odds_setup)
        return vb_fail(cx, VB_EUSAGE, "%s has no odds procedures", g->def->id);
    for (char *w = strtok_r(words, " ", &save); w && argc < 63; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    if (argc == 0) {
        const char *h = g->def->odds_help ? g->def->odds_help : "";
        term_print(t, "odds PROCEDURE WORDS... - exact odds from this position. Procedures:");
        while (*h) {
            size_t n = strcspn(h, "\n");
            term_printf(t, "  %.*s", (int)n, h);
            h += n;
            if (*h)
                h++;
        }
        return 0;
    }
    if (!(pos = malloc(g->def->state_size)))
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    vb_view(g, pos, st, role);
    vb_odds_plan plan;
    rc = vb_odds_setup_plan(g, pos, 1, argc, argv, &first, &plan, cx);
    if (rc == 0)
        rc = vb_odds_run_plan(g, pos, first, &plan, 0, &o, cx);
    if (rc == 0) {
        for (int i = 0; i < o.n; i++) {
            char frac[64] = "";
            if (o.rows[i].exact)
                snprintf(frac, sizeof frac, "  (%llu/%llu)", (unsigned long long)o.rows[i].num,
                         (unsigned long long)o.rows[i].den);
            term_printf(t, "  %6.2Lf%%  %s%s", 100 * o.rows[i].p, o.rows[i].name, frac);
        }
    }
    vb_odds_release(&o);
    free(pos);
    return rc;
}

int vb_cmd_analyze(int argc, char **argv)
{
    const char *path = NULL, *as = NULL;
    long iterations = 2000;
    int games = 100;
    int top = 5, rc = 0, color = TERM_COLOR_AUTO, who, role;
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    term t;
    char buf[VB_TEXT_LEN];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            puts("usage: vauban analyze STATE.json [--as ROLE] [-n ITERATIONS] [--games G]\n"
                 "                      [--top K] [--color WHEN]\n\n"
                 "Advice on the decision in a state file, as `hint` gives inside `vauban\n"
                 "play`: the best few actions found by the computer's search (MCTS as\n"
                 "`--ai mcts:N` plays it, from the deciding role's view only: never the\n"
                 "generator, nothing hidden from that role), each with its chance of\n"
                 "winning (the share of --games games won when every role then plays the\n"
                 "greedy policy to the end, with its 95% interval; a few seconds at most)\n"
                 "and, when dice or a card follow it, the exact odds of their outcomes.\n"
                 "--as ROLE: the role you play; it must be the one deciding now.\n"
                 "-n: search iterations (default 2000); --games: games per action\n"
                 "(default 100); --top: how many actions (default 5, at most 20).\n\n"
                 "examples:\n"
                 "  vauban new molt-soroll --seed 7 > s.json\n"
                 "  vauban analyze s.json\n"
                 "  vauban analyze game.json --as bourbon -n 5000 --top 3");
            return 0;
        }
        if (strcmp(argv[i], "--as") == 0 && i + 1 < argc) {
            if (as)
                return cli_error("analyze", VB_EXIT_USAGE, "--as given twice");
            as = argv[++i];
        } else if ((strcmp(argv[i], "-n") == 0 || strcmp(argv[i], "--iterations") == 0) &&
                   i + 1 < argc) {
            long long v;
            vb_ctx_init(&cx);
            if (vb_parse_ll(argv[++i], 1, 1000000, &v, "-n", &cx) < 0)
                return cli_error("analyze", VB_EXIT_INPUT, "%s", cx.err);
            iterations = (long)v;
        } else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            long long v;
            vb_ctx_init(&cx);
            if (vb_parse_ll(argv[++i], 1, 100000, &v, "--games", &cx) < 0)
                return cli_error("analyze", VB_EXIT_INPUT, "%s", cx.err);
            games = (int)v;
        } else if (strcmp(argv[i], "--top") == 0 && i + 1 < argc) {
            long long v;
            vb_ctx_init(&cx);
            if (vb_parse_ll(argv[++i], 1, ADVISE_TOP, &v, "--top", &cx) < 0)
                return cli_error("analyze", VB_EXIT_INPUT, "%s", cx.err);
            top = (int)v;
        } else if (strncmp(argv[i], "--color", 7) == 0) {
            /* The flag checked before its value is taken (the value's
             * eighth byte was read: `--color never` refused, thirty-seventh
             * session). */
            if (argv[i][7] && argv[i][7] != '=')
                return cli_error("analyze", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
            const char *w = argv[i][7] == '=' ? argv[i] + 8 : (i + 1 < argc ? argv[++i] : "");
            if ((color = term_color_parse(w)) < 0)
                return cli_error("analyze", VB_EXIT_USAGE,
                                 "--color '%s': expected auto, never or always", w);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_error("analyze", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return cli_error("analyze", VB_EXIT_USAGE, "unexpected argument '%s'", argv[i]);
        }
    }
    if (!path)
        return cli_error("analyze", VB_EXIT_USAGE, "expected a state file");
    vb_ctx_init(&cx);
    if ((rc = cli_load_state(path, &g, &m, &cx)) < 0)
        return cli_error("analyze", cli_status(rc), "%s", cx.err);
    who = vb_to_move(g, m.st);
    role = as ? vb_role_index(g, as) : who;
    if (as && role < 0) {
        rc = cli_error("analyze", VB_EXIT_USAGE, "unknown role '%s'", as);
    } else if (who < 0) {
        rc = cli_error("analyze", VB_EXIT_INPUT, "no decision to analyze: %s",
                       who == VB_OVER ? "the game is over" : "a die or card is due");
    } else if (role != who) {
        rc = cli_error("analyze", VB_EXIT_USAGE, "%s does not decide now (%s does)", as,
                       g->def->roles[who]);
    } else {
        term_init(&t, stdout, color);
        term_set_game(&t, g);
        vb_prompt(g, m.st, buf, sizeof buf);
        term_status(&t, buf);
        rc = play_advise(g, m.st, iterations, games, top, &t, &cx);
        if (rc < 0)
            rc = cli_error("analyze", cli_status(rc), "%s", cx.err);
    }
    vb_match_release(&m);
    vb_game_free(g);
    return rc;
}
