/* play.c - `vauban play`: interactive play at a terminal, against the
 * computer or between people at one screen; referee mode for real dice. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "policy.h"
#include "sim.h"

typedef struct play {
    vb_game *g;
    vb_match m;
    vb_policy *ai[VB_MAX_ROLES];
    int referee;
    void *view; /* scratch: what the deciding person may see */
} play;

/* Log sink for the people at the screen: the lines that a human seat may
 * read (every line in referee mode). */
typedef struct play_log {
    vb_roles humans;
    int referee;
} play_log;

static void log_humans(void *ud, vb_roles see, const char *line)
{
    const play_log *pl = ud;
    if (pl->referee || (see & pl->humans))
        printf("%s\n", line);
}

/* The role that takes back a decision: the human who made the last one,
 * else the one deciding now. */
static int undoer(const play *p, int who)
{
    if (p->m.rec.n > 0) {
        int last = p->m.rec.v[p->m.rec.n - 1].who;
        if (last >= 0 && !p->ai[last] && vb_match_undoable(&p->m, last) > 0)
            return last;
    }
    return who >= 0 ? who : 0;
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = '\0';
    while (*s == ' ')
        memmove(s, s + 1, strlen(s));
}

static void list_actions(play *p, int who)
{
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    char buf[VB_TEXT_LEN];
    uint64_t total = 0;
    int n = vb_legal(p->g, p->m.st, acts, w, VB_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        total += w[i];
    for (int i = 0; i < n; i++) {
        vb_action_text(p->g, p->m.st, acts[i], buf, sizeof buf);
        if (who == VB_CHANCE)
            printf("  %s (%.1f%%)\n", buf, 100.0 * w[i] / (double)total);
        else
            printf("  %3d. %s\n", i + 1, buf);
    }
}

static void save(play *p, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        printf("cannot write '%s'\n", path);
        return;
    }
    cli_print_state(&p->m, f);
    fclose(f);
    printf("saved to %s\n", path);
}

static int load(play *p, const char *path)
{
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    vb_ctx_init(&cx);
    if (cli_load_state(path, &g, &m, &cx) < 0) {
        printf("cannot load: %s\n", cx.err);
        return -1;
    }
    if (g->def != p->g->def) {
        printf("cannot load: '%s' is a game of %s\n", path, g->def->id);
        vb_match_release(&m);
        vb_game_free(g);
        return -1;
    }
    vb_game_free(g);
    vb_match_release(&p->m);
    p->m = m;
    p->m.g = p->g;
    printf("loaded %s\n", path);
    return 0;
}

static void help(void)
{
    puts("Type the number or the text of an action. Also:\n"
         "  undo         take back your last decision (not past a die, a card or\n"
         "               anything else revealed since)\n"
         "  board        show the board again\n"
         "  save FILE    write the game to a state file (vauban show/apply/replay read it)\n"
         "  load FILE    continue from a state file\n"
         "  quit         leave (the game is not saved)");
}

/* The human's turn at a decision (or at the end). 1 to go on, 0 to quit. */
static int human(play *p, int who, vb_ctx *cx)
{
    char line[512], buf[VB_TEXT_LEN];
    int role = who >= 0 && !p->referee ? who : -1;
    vb_view(p->g, p->view, p->m.st, role);
    p->g->def->render(p->g, p->view, role, stdout);
    for (;;) {
        vb_action a;
        if (who == VB_OVER) {
            vb_result r;
            vb_result_get(p->g, p->m.st, &r);
            printf("\nGame over: %s. %s\n(undo, save FILE, load FILE or quit)\n",
                   r.winner >= 0 ? p->g->sides[r.winner] : "no winner", r.verdict);
        } else {
            vb_prompt(p->g, p->m.st, buf, sizeof buf);
            printf("\n%s\n", buf);
            if (who == VB_CHANCE)
                printf("Roll the dice or draw the card, and type the outcome:\n");
            list_actions(p, who);
        }
        printf("> ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin))
            return 0;
        chomp(line);
        if (!*line)
            continue;
        if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0)
            return 0;
        if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
            help();
            continue;
        }
        if (strcmp(line, "board") == 0) {
            p->g->def->render(p->g, p->view, role, stdout);
            continue;
        }
        if (strcmp(line, "undo") == 0) {
            if (vb_match_undo(&p->m, undoer(p, who), cx) < 0) {
                printf("%s\n", cx->err);
                continue;
            }
            printf("undone\n");
            return 1;
        }
        if (strncmp(line, "save ", 5) == 0) {
            save(p, line + 5);
            continue;
        }
        if (strncmp(line, "load ", 5) == 0) {
            load(p, line + 5);
            return 1;
        }
        if (who == VB_OVER)
            continue;
        if (vb_parse_action(p->g, p->m.st, line, &a, cx) < 0) {
            printf("%s\n", cx->err);
            continue;
        }
        if (vb_match_apply(&p->m, a, cx) < 0) {
            printf("%s\n", cx->err);
            continue;
        }
        return 1;
    }
}

static int parse_ai(play *p, const char *spec, uint64_t seed)
{
    const char *eq = strchr(spec, '=');
    char role[64];
    int r;
    vb_ctx cx;
    if (!eq || (size_t)(eq - spec) >= sizeof role)
        return cli_error("play", VB_EXIT_USAGE, "--ai '%s': expected ROLE=POLICY", spec);
    memcpy(role, spec, (size_t)(eq - spec));
    role[eq - spec] = '\0';
    if ((r = vb_role_index(p->g, role)) < 0)
        return cli_error("play", VB_EXIT_USAGE, "--ai: unknown role '%s' in %s", role,
                         p->g->def->id);
    if (!(vb_scenario_roles(p->g, ((vb_head *)p->m.st)->scenario) >> r & 1u))
        return cli_error("play", VB_EXIT_USAGE, "--ai: role '%s' takes no part in this scenario",
                         role);
    vb_ctx_init(&cx);
    vb_policy_free(p->ai[r]);
    /* Seeded as `vauban sim` seeds its policies, so `play --seed S` with the
     * same --ai specs replays game S of a simulation's CSV. */
    p->ai[r] = vb_policy_new(p->g, eq + 1, vb_sim_policy_seed(seed, r), &cx);
    if (!p->ai[r])
        return cli_error("play", VB_EXIT_USAGE, "--ai '%s': %s", spec, cx.err);
    return 0;
}

int vb_cmd_play(int argc, char **argv)
{
    cli_game_args ga = {0};
    const char *aispec[VB_MAX_ROLES], *loadpath = NULL;
    int nai = 0, rc = 0;
    play p;
    vb_ctx cx;
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        puts("usage: vauban play GAME [--scenario S] [--seed N] [--option K=V]...\n"
             "                  [--ai ROLE=POLICY]... [--referee] [--load STATE.json]\n\n"
             "Interactive play at the terminal. Roles without --ai are played by the\n"
             "people at the screen. POLICY: random, greedy, mcts, mcts:ITERATIONS.\n"
             "--referee: you roll real dice and type the results (cards too).\n"
             "At the prompt: an action's number or text, undo, board, save FILE,\n"
             "load FILE, help, quit.");
        return 0;
    }
    memset(&p, 0, sizeof p);
    for (int i = 1; i < argc; i++) {
        int k = cli_game_arg("play", argc, argv, &i, &ga);
        if (k < 0)
            return -k;
        if (k)
            continue;
        if (strcmp(argv[i], "--ai") == 0 && i + 1 < argc && nai < VB_MAX_ROLES)
            aispec[nai++] = argv[++i];
        else if (strcmp(argv[i], "--referee") == 0)
            p.referee = 1;
        else if (strcmp(argv[i], "--load") == 0 && i + 1 < argc)
            loadpath = argv[++i];
        else if (argv[i][0] == '-')
            return cli_error("play", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
        else if (!ga.game)
            ga.game = argv[i];
        else
            return cli_error("play", VB_EXIT_USAGE, "unexpected argument '%s'", argv[i]);
    }
    if (!ga.game)
        return cli_error("play", VB_EXIT_USAGE, "which game? (see 'vauban list')");
    if ((rc = cli_start_match("play", &ga, &p.g, &p.m)) != 0)
        return rc;
    for (int i = 0; i < nai && rc == 0; i++)
        rc = parse_ai(&p, aispec[i], ga.seed);
    if (rc == 0 && loadpath && load(&p, loadpath) < 0)
        rc = VB_EXIT_INPUT;
    play_log pl = {0, p.referee};
    if (rc == 0) {
        vb_roles in = vb_scenario_roles(p.g, ((vb_head *)p.m.st)->scenario);
        for (int r = 0; r < p.g->def->nroles; r++)
            if ((in >> r & 1u) && !p.ai[r])
                pl.humans |= VB_ROLE_BIT(r);
        p.view = malloc(p.g->def->state_size);
        if (!p.view)
            rc = cli_error("play", VB_EXIT_INPUT, "out of memory");
    }
    vb_ctx_init(&cx);
    cx.log = log_humans;
    cx.log_ud = &pl;
    if (rc == 0)
        printf("%s - seed %llu. Type 'help' for commands.\n", p.g->def->title,
               (unsigned long long)((vb_head *)p.m.st)->seed);
    while (rc == 0) {
        int who = vb_to_move(p.g, p.m.st);
        if (who == VB_CHANCE && !p.referee) {
            if (vb_match_roll(&p.m, &cx) < 0) {
                rc = cli_error("play", VB_EXIT_INPUT, "%s", cx.err);
                break;
            }
            continue;
        }
        if (who >= 0 && p.ai[who]) {
            char buf[VB_TEXT_LEN];
            vb_action a = vb_policy_choose(p.ai[who], p.m.st);
            vb_action_text(p.g, p.m.st, a, buf, sizeof buf);
            printf("%s (%s) plays: %s\n", p.g->def->roles[who], vb_policy_name(p.ai[who]), buf);
            if (vb_match_apply(&p.m, a, &cx) < 0) {
                rc = cli_error("play", VB_EXIT_INPUT, "%s", cx.err);
                break;
            }
            continue;
        }
        if (!human(&p, who, &cx))
            break;
    }
    free(p.view);
    for (int i = 0; i < VB_MAX_ROLES; i++)
        vb_policy_free(p.ai[i]);
    vb_match_release(&p.m);
    vb_game_free(p.g);
    return rc;
}
