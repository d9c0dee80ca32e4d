/* play.c - `vauban play`: interactive play at a terminal, against the
 * computer or between people at one screen; referee mode for real dice.
 *
 * The screen shows what changed: the full board once at the start and on
 * `board`; after each decision only the new log lines and a one-line
 * status (the game's prompt) with a short menu; after the computer's turn
 * its log and a summary of what it did, then it waits for Enter. A
 * decision that cannot be taken back (a die, a card or another player
 * follows, or the game rolls inside it) is echoed in words and confirmed
 * first. Orders and commands are read by play_input.c; hint, odds and
 * analyze live in play_advice.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "odds.h"
#include "play.h"
#include "sim.h"

/* A menu longer than this is summarised by verb; `list` shows it all. */
#define MENU_MAX 20

/* ---- log sinks -------------------------------------------------------------*/

/* The lines a human seat may read (every line in referee mode) wait in
 * p->pending until the screen shows them. */
static void log_pending(void *ud, vb_roles see, const char *line)
{
    play *p = ud;
    if (p->referee || (see & p->humans))
        play_lines_add(&p->pending, line);
}

/* The set-up's lines, kept with who may read them until the seats are
 * known (the computer's seats are parsed after the game is loaded). */
typedef struct {
    int n;
    vb_roles see[16];
    char text[16][VB_TEXT_LEN];
} setup_log;

static void log_setup(void *ud, vb_roles see, const char *line)
{
    setup_log *sl = ud;
    if (sl->n < 16) {
        sl->see[sl->n] = see;
        snprintf(sl->text[sl->n++], VB_TEXT_LEN, "%s", line);
    }
}

/* The first line logged: what a trial apply says (a card's title). */
static void log_first(void *ud, vb_roles see, const char *line)
{
    char *buf = ud;
    (void)see;
    if (!buf[0])
        snprintf(buf, VB_TEXT_LEN, "%s", line);
}

/* Show the lines not shown yet; they stay in p->last for `log` until
 * the next ones come. */
static void show_pending(play *p)
{
    play_lines tmp;
    if (!p->pending.count)
        return;
    term_print(&p->t, p->pending.s);
    tmp = p->last;
    p->last = p->pending;
    p->pending = tmp;
    play_lines_clear(&p->pending);
}

/* ---- the board and the menu ------------------------------------------------*/

/* The full board as role sees it. Returns 1 when its text ends with the
 * current prompt (some boards print it), so that it is not repeated. */
static int show_board(play *p, int role)
{
    char prompt[VB_TEXT_LEN], *s;
    int has_prompt = 0;
    vb_view(p->g, p->view, p->m.st, role);
    if (!(s = term_board(p->g, p->view, role))) {
        p->g->def->render(p->g, p->view, role, stdout);
        return 0;
    }
    vb_prompt(p->g, p->m.st, prompt, sizeof prompt);
    {
        size_t k = strlen(s), pl = strlen(prompt);
        while (k > 0 && (s[k - 1] == '\n' || s[k - 1] == ' '))
            k--;
        has_prompt = pl > 0 && k >= pl && strncmp(s + k - pl, prompt, pl) == 0;
    }
    term_print(&p->t, s);
    free(s);
    return has_prompt;
}

static void refresh_actions(play *p)
{
    p->who = vb_to_move(p->g, p->m.st);
    p->nacts = vb_legal(p->g, p->m.st, p->acts, p->w, VB_MAX_ACTIONS);
    if (p->nacts < 0)
        p->nacts = 0;
}

/* 1 when every outcome of the current chance decision is a number (dice),
 * 0 for cards and other named outcomes. */
static int outcomes_numeric(const play *p)
{
    char buf[VB_TEXT_LEN];
    for (int i = 0; i < p->nacts; i++) {
        vb_action_text(p->g, p->m.st, p->acts[i], buf, sizeof buf);
        if (!buf[0] || strspn(buf, "0123456789") != strlen(buf))
            return 0;
    }
    return 1;
}

/* What a chance outcome would say when applied: the first log line of a
 * trial on a copy ("[5] New card: Revolta mudèjar (1283)"). */
static void outcome_line(play *p, vb_action a, char *line)
{
    vb_ctx cx;
    line[0] = '\0';
    vb_ctx_init(&cx);
    cx.log = log_first;
    cx.log_ud = line;
    memcpy(p->scratch, p->m.st, p->g->def->state_size);
    vb_apply(p->g, p->scratch, a, &cx);
}

/* Fold and test: every word of filter (folded) occurs in text (folded). */
static int matches(const char *text, char words[][64], int nw)
{
    char f[2 * VB_TEXT_LEN];
    play_fold(f, sizeof f, text);
    for (int i = 0; i < nw; i++)
        if (!strstr(f, words[i]))
            return 0;
    return 1;
}

/* The menu: every action (or those matching filter), numbered as in the
 * full list so that a number always means the same action. */
static void show_list(play *p, const char *filter)
{
    char buf[VB_TEXT_LEN], line[VB_TEXT_LEN], words[16][64];
    int nw = 0, shown = 0, cards = p->who == VB_CHANCE && !outcomes_numeric(p), uniform = 1;
    uint64_t total = 0;
    if (filter) {
        char tmp[512], *save = NULL;
        snprintf(tmp, sizeof tmp, "%s", filter);
        for (char *w = strtok_r(tmp, " ", &save); w && nw < 16; w = strtok_r(NULL, " ", &save))
            play_fold(words[nw++], sizeof words[0], w);
    }
    for (int i = 0; i < p->nacts; i++) {
        total += p->w[i];
        uniform &= p->w[i] == p->w[0];
    }
    for (int i = 0; i < p->nacts; i++) {
        vb_action_text(p->g, p->m.st, p->acts[i], buf, sizeof buf);
        line[0] = '\0';
        if (cards)
            outcome_line(p, p->acts[i], line);
        if (nw && !matches(buf, words, nw) && !(line[0] && matches(line, words, nw)))
            continue;
        shown++;
        if (cards && line[0])
            term_printf(&p->t, "  %3d. %s [%s]", i + 1, play_outcome_title(line), buf);
        else if (p->who == VB_CHANCE && !uniform)
            term_printf(&p->t, "  %3d. %s (%.1f%%)", i + 1, buf,
                        100.0 * p->w[i] / (double)(total ? total : 1));
        else
            term_printf(&p->t, "  %3d. %s", i + 1, buf);
    }
    if (nw && !shown)
        term_printf(&p->t, "no action matches '%s'", filter);
}

static void show_menu(play *p)
{
    char buf[VB_TEXT_LEN], verbs[512];
    play_verbs v = {0};
    if (p->who == VB_CHANCE && outcomes_numeric(p)) {
        /* Dice: the values on one line, with their chances when unequal. */
        char line[2048];
        size_t k = 0;
        uint64_t total = 0;
        int uniform = 1;
        for (int i = 0; i < p->nacts; i++) {
            total += p->w[i];
            uniform &= p->w[i] == p->w[0];
        }
        k = (size_t)snprintf(line, sizeof line, "  one of:");
        for (int i = 0; i < p->nacts && k + 32 < sizeof line; i++) {
            vb_action_text(p->g, p->m.st, p->acts[i], buf, sizeof buf);
            if (uniform)
                k += (size_t)snprintf(line + k, sizeof line - k, " %s", buf);
            else
                k += (size_t)snprintf(line + k, sizeof line - k, " %s (%.1f%%)", buf,
                                      100.0 * p->w[i] / (double)(total ? total : 1));
        }
        term_print(&p->t, line);
        return;
    }
    if (p->nacts <= MENU_MAX || (p->who == VB_CHANCE && p->referee)) {
        show_list(p, NULL);
        return;
    }
    for (int i = 0; i < p->nacts; i++) {
        vb_action_text(p->g, p->m.st, p->acts[i], buf, sizeof buf);
        play_verbs_add(&v, buf);
    }
    play_verbs_text(&v, verbs, sizeof verbs);
    term_printf(&p->t,
                "%d actions: %s. Type 'list' for all of them, 'list WORDS' to filter "
                "(e.g. 'list %s'), or an action.",
                p->nacts, verbs, v.verb[v.n > 1 ? 1 : 0]);
}

/* The one-line status and the menu of the decision now. */
static void show_status(play *p)
{
    char buf[VB_TEXT_LEN];
    if (p->who == VB_OVER) {
        term_verdict(&p->t, p->g, p->m.st);
        term_print(&p->t, "(undo, board, save FILE, load FILE or quit)");
        p->prompt_shown = 0;
        return;
    }
    if (!p->prompt_shown) {
        vb_prompt(p->g, p->m.st, buf, sizeof buf);
        fputc('\n', stdout);
        term_status(&p->t, buf);
    }
    p->prompt_shown = 0;
    if (p->who == VB_CHANCE) {
        if (outcomes_numeric(p))
            term_print(&p->t, "Roll the dice and type the result:");
        else
            term_print(&p->t, "Draw a card and type its title or its number:");
    }
    show_menu(p);
}

/* ---- files -------------------------------------------------------------------*/

static void save(play *p, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        term_printf(&p->t, "cannot write '%s'", path);
        return;
    }
    cli_print_state(&p->m, f);
    if (fclose(f) != 0) {
        term_printf(&p->t, "cannot write '%s'", path);
        return;
    }
    p->dirty = 0;
    term_printf(&p->t, "saved to %s", path);
}

static int load(play *p, const char *path)
{
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    vb_ctx_init(&cx);
    if (cli_load_state(path, &g, &m, &cx) < 0) {
        term_printf(&p->t, "cannot load: %s", cx.err);
        return -1;
    }
    if (g->def != p->g->def) {
        term_printf(&p->t, "cannot load: '%s' is a game of %s", path, g->def->id);
        vb_match_release(&m);
        vb_game_free(g);
        return -1;
    }
    vb_game_free(g);
    vb_match_release(&p->m);
    p->m = m;
    p->m.g = p->g;
    p->dirty = 0;
    term_printf(&p->t, "loaded %s", path);
    return 0;
}

static void help(play *p)
{
    const char *w = p->g->def->area_word;
    char area[256] = "";
    if (p->g->def->area && w && strcmp(w, "zone") == 0)
        snprintf(area, sizeof area,
                 "  zone NAME     one zone: its pieces, control, neighbours and the orders\n"
                 "                that concern it ('zone' alone lists the names)\n");
    else if (p->g->def->area && w && strcmp(w, "hex") == 0)
        snprintf(area, sizeof area,
                 "  hex CCRR      one hex (or a place): terrain, sides, units, ZOC and the\n"
                 "                orders that concern it ('hex' alone lists the places)\n");
    else if (p->g->def->area && w) {
        char name[64];
        snprintf(name, sizeof name, "%s NAME", w);
        snprintf(area, sizeof area,
                 "  %-13s one %s of the board, and the orders that concern it\n"
                 "                ('%s' alone lists the names)\n",
                 name, w, w);
    }
    term_printf(&p->t,
                "Type the number or the text of an action (accents optional; Tab completes\n"
                "its words and the up arrow recalls earlier lines, kept in ~/.vauban_history,\n"
                "when line editing is available). Before a decision that cannot be\n"
                "taken back (a die, a card or another player follows) it is repeated in words:\n"
                "Enter goes on, n takes it back. Also:\n"
                "  list [WORDS]  the actions, or those whose text holds every word\n"
                "                (list move Nebot); numbers stay those of the full list\n"
                "  board         the whole board\n"
                "%s"
                "  points        the victory points as they would count now, term by term\n"
                "  log           the last lines of the log again (the computer's turn)\n"
                "  undo          take back your last decision (not past a die, a card or\n"
                "                anything else revealed since)\n"
                "  odds WORDS    exact odds of a combat from this position (odds alone: the\n"
                "                procedures)\n"
                "  hint [N [G]]  the best few actions by the computer's search over what you\n"
                "                see (N iterations), with their chance of winning (G games\n"
                "                each, greedy play to the end) and the odds of their dice\n"
                "  save FILE     write the game to a state file (vauban show/apply/replay\n"
                "                read it)\n"
                "  load FILE     continue from a state file\n"
                "  quit          leave (asks first when the game is not saved)",
                area);
}

/* ---- orders ------------------------------------------------------------------*/

/* The referee's outcome: the text or a number when the outcomes are named
 * (cards), else a card's printed title, with or without accents (what the
 * trial apply logs, or the id's words in order within what was typed). */
static int parse_outcome(play *p, const char *line, vb_action *out, vb_ctx *cx)
{
    char want[2 * VB_TEXT_LEN], buf[VB_TEXT_LEN], ttl[VB_TEXT_LEN], f[2 * VB_TEXT_LEN];
    int found = -1, nfound = 0;
    long long k;
    if (vb_parse_action(p->g, p->m.st, line, out, cx) == 0)
        return 0;
    if (outcomes_numeric(p))
        return VB_EILLEGAL;
    if (vb_parse_ll(line, 1, p->nacts, &k, "card number", NULL) == 0) {
        *out = p->acts[k - 1];
        return 0;
    }
    play_fold(want, sizeof want, line);
    for (int i = 0; i < p->nacts; i++) {
        int hit = 0;
        vb_action_text(p->g, p->m.st, p->acts[i], buf, sizeof buf);
        outcome_line(p, p->acts[i], ttl);
        play_fold(f, sizeof f, ttl);
        if (ttl[0] && strstr(f, want))
            hit = 1;
        else {
            /* The id's words, in order, among the title's words typed. */
            char fid[2 * VB_TEXT_LEN], *q = want, *save = NULL;
            play_fold(fid, sizeof fid, buf);
            hit = 1;
            for (char *w = strtok_r(fid, "-", &save); w; w = strtok_r(NULL, "-", &save)) {
                char *at = strstr(q, w);
                size_t wl = strlen(w);
                while (at && !((at == want || at[-1] == '-') && (at[wl] == '-' || !at[wl])))
                    at = strstr(at + 1, w);
                if (!at) {
                    hit = 0;
                    break;
                }
                q = at + wl;
            }
        }
        if (hit) {
            if (nfound++ == 0)
                found = i;
        }
    }
    if (nfound == 1) {
        cx->err[0] = '\0';
        *out = p->acts[found];
        return 0;
    }
    if (nfound > 1)
        return vb_fail(cx, VB_EILLEGAL,
                       "'%.60s' matches %d cards: type more of the title, or "
                       "its number",
                       line, nfound);
    return VB_EILLEGAL;
}

/* Ask a yes/no question: Enter gives dflt_yes, y or n decide, anything
 * else asks again. 1 yes, 0 no; at the end of input: no. */
static int ask_yes(play *p, const char *question, int dflt_yes)
{
    for (;;) {
        char *ans = play_read(p, question, 0);
        int r = -1;
        char c;
        if (!ans)
            return 0;
        c = (char)tolower((unsigned char)ans[strspn(ans, " ")]);
        if (c == '\0')
            r = dflt_yes;
        else if (c == 'y')
            r = 1;
        else if (c == 'n')
            r = 0;
        free(ans);
        if (r >= 0)
            return r;
    }
}

/* Take back decisions and say which. */
static void undo(play *p, int role, vb_ctx *cx)
{
    char gone[32][VB_TEXT_LEN];
    size_t before = p->m.rec.n, k = 0;
    for (size_t i = before; i > 0 && k < 32; i--, k++)
        snprintf(gone[k], VB_TEXT_LEN, "%s", p->m.rec.v[i - 1].text);
    if (vb_match_undo(&p->m, role, cx) < 0) {
        term_printf(&p->t, "%s", cx->err);
        return;
    }
    p->dirty = 1;
    for (size_t i = 0; i < before - p->m.rec.n && i < k; i++)
        term_printf(&p->t, "undone: %s", gone[i]);
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

/* Apply the person's decision a, after the confirmation when it cannot be
 * taken back. 1 applied, 0 taken back. */
static int decide(play *p, vb_action a, vb_ctx *cx)
{
    char text[VB_TEXT_LEN];
    int who = p->who, next, rolls;
    vb_ctx quiet;
    vb_action_text(p->g, p->m.st, a, text, sizeof text);
    vb_ctx_init(&quiet);
    memcpy(p->scratch, p->m.st, p->g->def->state_size);
    next = vb_apply(p->g, p->scratch, a, &quiet) == 0 ? vb_to_move(p->g, p->scratch) : who;
    /* A game may roll inside the decision itself: the generator moved. */
    rolls = memcmp(&((const vb_head *)p->scratch)->rng, &((const vb_head *)p->m.st)->rng,
                   sizeof(vb_rng)) != 0;
    if (who == VB_CHANCE && p->confirm && p->interactive) {
        /* The referee's die or card: a slip of the finger cannot be undone. */
        term_printf(&p->t, "outcome: %s", text);
        if (!ask_yes(p, "Enter = go, n = take it back: ", 1)) {
            term_print(&p->t, "taken back: nothing was played");
            return 0;
        }
    } else if (who >= 0 && p->confirm && p->interactive &&
               (rolls || (next != who && next != VB_OVER))) {
        const char *what = rolls || next == VB_CHANCE ? "a die or a card follows"
                           : p->ai[next]              ? "the computer plays next"
                                                      : "another player decides next";
        term_printf(&p->t, "%s: %s - %s.", p->g->def->roles[who], text, what);
        if (!ask_yes(p, "Enter = go, n = take it back: ", 1)) {
            term_print(&p->t, "taken back: nothing was played");
            return 0;
        }
    } else {
        term_printf(&p->t, "%s: %s", who >= 0 ? p->g->def->roles[who] : "outcome", text);
    }
    if (vb_match_apply(&p->m, a, cx) < 0) {
        term_printf(&p->t, "%s", cx->err);
        return 0;
    }
    p->dirty = 1;
    return 1;
}

static int is_cmd(const char *line, const char *cmd, const char **rest)
{
    size_t n = strlen(cmd);
    if (strncmp(line, cmd, n) != 0 || (line[n] && line[n] != ' '))
        return 0;
    if (rest) {
        *rest = line + n;
        while (**rest == ' ')
            (*rest)++;
    }
    return 1;
}

/* Leaving: 1 to leave, 0 to stay. An unsaved game asks first at a
 * terminal. */
static int may_leave(play *p, int eof)
{
    if (!p->dirty || !p->interactive)
        return 1;
    if (eof) {
        if (p->eof_warned)
            return 1;
        p->eof_warned = 1;
        term_print(&p->t, "\nThe game is not saved. Type 'save FILE' to keep it, 'quit' to "
                          "leave without saving, or Ctrl-D again to leave.");
        return 0;
    }
    return ask_yes(p, "The game is not saved. Leave anyway? [y/N] ", 0);
}

/* The people's turn at a decision (or at the end). 1 to go on, 0 to quit. */
static int human(play *p, vb_ctx *cx)
{
    char prompt[64];
    term_resize(&p->t);
    int who = p->who;
    int role = who >= 0 && !p->referee ? who : -1;
    show_status(p);
    snprintf(prompt, sizeof prompt, "%s> ",
             who >= 0           ? p->g->def->roles[who]
             : who == VB_CHANCE ? "referee"
                                : "");
    for (;;) {
        vb_action a;
        const char *rest;
        char *raw = play_read(p, prompt, 1), line[512];
        if (!raw) {
            if (may_leave(p, 1))
                return 0;
            continue;
        }
        snprintf(line, sizeof line, "%s", raw + strspn(raw, " "));
        free(raw);
        for (size_t n = strlen(line); n > 0 && line[n - 1] == ' ';)
            line[--n] = '\0';
        if (!*line)
            continue;
        p->eof_warned = 0;
        if (is_cmd(line, "quit", NULL) || strcmp(line, "q") == 0) {
            if (may_leave(p, 0))
                return 0;
            continue;
        }
        if (is_cmd(line, "help", NULL) || strcmp(line, "?") == 0) {
            help(p);
            continue;
        }
        if (is_cmd(line, "board", NULL)) {
            show_board(p, role);
            continue;
        }
        if (p->g->def->area && p->g->def->area_word && is_cmd(line, p->g->def->area_word, &rest)) {
            vb_view(p->g, p->view, p->m.st, role);
            if (term_area(&p->t, p->g, p->view, role, *rest ? rest : NULL, cx) < 0)
                term_printf(&p->t, "%s", cx->err);
            continue;
        }
        if (is_cmd(line, "points", NULL)) {
            if (p->g->def->points)
                term_points(&p->t, p->g, p->m.st);
            else
                term_printf(&p->t, "%s counts no points to show", p->g->def->id);
            continue;
        }
        if (is_cmd(line, "log", NULL)) {
            if (p->last.count)
                term_print(&p->t, p->last.s);
            else
                term_print(&p->t, "no log yet");
            continue;
        }
        if (is_cmd(line, "list", &rest)) {
            if (who == VB_OVER)
                term_print(&p->t, "the game is over");
            else
                show_list(p, *rest ? rest : NULL);
            continue;
        }
        if (is_cmd(line, "undo", NULL)) {
            undo(p, undoer(p, who), cx);
            return 1;
        }
        if (is_cmd(line, "save", &rest)) {
            if (!*rest)
                term_print(&p->t, "save needs a file name: save FILE");
            else
                save(p, rest);
            continue;
        }
        if (is_cmd(line, "load", &rest)) {
            if (!*rest) {
                term_print(&p->t, "load needs a file name: load FILE");
                continue;
            }
            if (load(p, rest) == 0) {
                p->board_next = 1;
                return 1;
            }
            continue;
        }
        if (is_cmd(line, "odds", &rest)) {
            char words[512];
            snprintf(words, sizeof words, "%s", rest);
            if (play_odds(p->g, p->m.st, role, words, &p->t, cx) < 0)
                term_printf(&p->t, "%s", cx->err);
            continue;
        }
        if (is_cmd(line, "hint", &rest)) {
            long long iters = p->hint_iterations, games = 100;
            char a1[32] = "", a2[32] = "", extra[8] = "";
            int nw = sscanf(rest, "%31s %31s %7s", a1, a2, extra);
            if (nw > 2 || (nw >= 1 && vb_parse_ll(a1, 1, 100000, &iters, "hint", cx) < 0) ||
                (nw == 2 && vb_parse_ll(a2, 1, 10000, &games, "hint games", cx) < 0)) {
                term_printf(&p->t, "%s (hint [N [G]]: N search iterations, G games per action)",
                            nw > 2 ? "too many numbers" : cx->err);
                continue;
            }
            if (who >= 0 && p->interactive) {
                /* Shown while the search runs; the line is cleared by the
                 * "\r\x1b[K" that waits in the buffer for the results. */
                term_dim(&p->t, "searching...");
                fflush(stdout);
                fputs("\r\x1b[K", stdout);
            }
            if (who < 0)
                term_print(&p->t, who == VB_OVER ? "the game is over" : "chance decides now");
            else if (play_advise(p->g, p->m.st, (long)iters, (int)games, 5, &p->t, cx) < 0)
                term_printf(&p->t, "%s", cx->err);
            continue;
        }
        if (who == VB_OVER) {
            term_print(&p->t, "the game is over: undo, board, save FILE, load FILE or quit");
            continue;
        }
        if ((who == VB_CHANCE ? parse_outcome(p, line, &a, cx)
                              : vb_parse_action(p->g, p->m.st, line, &a, cx)) < 0) {
            if (who >= 0 && strspn(line, "0123456789") == strlen(line)) {
                /* A number that names no action: say which numbers do. */
                term_printf(&p->t,
                            "there is no action %.12s here: the numbers go from 1 to %d "
                            "('list' shows them)",
                            line, p->nacts);
                continue;
            }
            term_printf(&p->t, "%s (help: the commands; list: the actions)", cx->err);
            continue;
        }
        if (decide(p, a, cx))
            return 1;
    }
}

/* ---- the computer's turns ------------------------------------------------------*/

typedef struct ai_turn {
    play_verbs verbs[VB_MAX_ROLES];
} ai_turn;

/* After the computer's decisions: their log, a summary per role, and a
 * pause for Enter at a terminal. */
static void ai_summary(play *p, ai_turn *at)
{
    char verbs[512], line[768];
    int any = 0;
    for (int r = 0; r < p->g->def->nroles && p->interactive; r++)
        if (at->verbs[r].total) { /* clear the progress line */
            fputs("\r\x1b[K", stdout);
            break;
        }
    show_pending(p);
    for (int r = 0; r < p->g->def->nroles; r++) {
        play_verbs *v = &at->verbs[r];
        if (!v->total)
            continue;
        any = 1;
        play_verbs_text(v, verbs, sizeof verbs);
        snprintf(line, sizeof line, "%s (%s) made %d decision%s: %s.", p->g->def->roles[r],
                 vb_policy_name(p->ai[r]), v->total, v->total == 1 ? "" : "s", verbs);
        term_status(&p->t, line);
    }
    memset(at, 0, sizeof *at);
    if (any && p->interactive && p->humans) {
        char *s = play_read(p, "-- Enter to go on --", 0);
        free(s);
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

static const char usage[] =
    "usage: vauban play GAME [--scenario S] [--seed N] [--option K=V]...\n"
    "                  [--ai ROLE=POLICY]... [--referee] [--load STATE.json]\n"
    "                  [--color WHEN] [--no-confirm] [--hint-iterations N]\n"
    "\n"
    "Interactive play at the terminal. Roles without --ai are played by the\n"
    "people at the screen. POLICY: random, greedy, mcts, mcts:ITERATIONS.\n"
    "The board is shown at the start and on 'board'; after each decision only\n"
    "the new log lines and the next prompt; after the computer's turn its log\n"
    "and a summary, then Enter goes on.\n"
    "  --referee         you roll real dice and draw real cards, and type the\n"
    "                    result (a die's value; a card's title or number)\n"
    "  --color WHEN      auto (default: on a terminal, unless NO_COLOR is set),\n"
    "                    never or always\n"
    "  --no-confirm      do not ask before a decision that cannot be taken back\n"
    "  --hint-iterations N  simulations for 'hint' (default 1000)\n"
    "At the prompt: an action's number or text, list [WORDS], board,\n"
    "zone NAME (Setge 1714, Roi Soleil), front NAME (Molt soroll), work NAME (the\n"
    "siege), hex CCRR (Piacenza), points, undo, odds WORDS, hint [N], save FILE,\n"
    "load FILE, help, quit.\n"
    "At the end: the verdict and its points term by term.\n"
    "\n"
    "examples:\n"
    "  vauban play molt-soroll\n"
    "  vauban play setge-1714 --ai bourbon=mcts --seed 12\n"
    "  vauban play molt-soroll --referee --color=never\n"
    "  vauban play setge-1714 --load game.json --ai catalan=greedy";

int vb_cmd_play(int argc, char **argv)
{
    cli_game_args ga = {0};
    const char *aispec[VB_MAX_ROLES], *loadpath = NULL;
    int nai = 0, rc = 0, color = TERM_COLOR_AUTO;
    play *p;
    vb_ctx cx;
    ai_turn at;
    setup_log setup = {0};
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        puts(usage);
        return 0;
    }
    if (!(p = calloc(1, sizeof *p)))
        return cli_error("play", VB_EXIT_INPUT, "out of memory");
    p->confirm = 1;
    p->board_next = 1;
    p->hint_iterations = 1000;
    for (int i = 1; i < argc; i++) {
        int k = cli_game_arg("play", argc, argv, &i, &ga);
        if (k < 0) {
            free(p);
            return -k;
        }
        if (k)
            continue;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            puts(usage);
            free(p);
            return 0;
        } else if (strcmp(argv[i], "--ai") == 0 && i + 1 < argc && nai < VB_MAX_ROLES) {
            const char *v = argv[++i];
            size_t rl = strcspn(v, "=");
            for (int j = 0; j < nai; j++)
                if (strcspn(aispec[j], "=") == rl && strncmp(aispec[j], v, rl) == 0) {
                    free(p);
                    return cli_error("play", VB_EXIT_USAGE, "--ai for '%.*s' given twice", (int)rl,
                                     v);
                }
            aispec[nai++] = v;
        } else if (strcmp(argv[i], "--referee") == 0) {
            p->referee = 1;
        } else if (strcmp(argv[i], "--no-confirm") == 0) {
            p->confirm = 0;
        } else if (strcmp(argv[i], "--load") == 0 && i + 1 < argc) {
            loadpath = argv[++i];
        } else if (strcmp(argv[i], "--hint-iterations") == 0 && i + 1 < argc) {
            long long v;
            vb_ctx_init(&cx);
            if (vb_parse_ll(argv[++i], 1, 100000, &v, "--hint-iterations", &cx) < 0) {
                free(p);
                return cli_error("play", VB_EXIT_INPUT, "%s", cx.err);
            }
            p->hint_iterations = (long)v;
        } else if (strncmp(argv[i], "--color", 7) == 0 &&
                   (argv[i][7] == '=' || (argv[i][7] == '\0' && i + 1 < argc))) {
            const char *w = argv[i][7] == '=' ? argv[i] + 8 : argv[++i];
            if ((color = term_color_parse(w)) < 0) {
                free(p);
                return cli_error("play", VB_EXIT_USAGE,
                                 "--color '%s': expected auto, never or always", w);
            }
        } else if (argv[i][0] == '-') {
            free(p);
            return cli_error("play", VB_EXIT_USAGE, "unknown flag '%s'", argv[i]);
        } else if (!ga.game) {
            ga.game = argv[i];
        } else {
            free(p);
            return cli_error("play", VB_EXIT_USAGE, "unexpected argument '%s'", argv[i]);
        }
    }
    if (!ga.game) {
        free(p);
        return cli_error("play", VB_EXIT_USAGE, "which game? (see 'vauban list')");
    }
    vb_ctx_init(&cx);
    cx.log = log_setup;
    cx.log_ud = &setup;
    if ((rc = cli_start_match("play", &ga, &p->g, &p->m, &cx)) != 0) {
        free(p);
        return rc;
    }
    term_init(&p->t, stdout, color);
    term_set_game(&p->t, p->g);
    p->interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    for (int i = 0; i < nai && rc == 0; i++)
        rc = parse_ai(p, aispec[i], ga.seed);
    if (rc == 0 && loadpath && load(p, loadpath) < 0)
        rc = VB_EXIT_INPUT;
    if (rc == 0) {
        vb_roles in = vb_scenario_roles(p->g, ((vb_head *)p->m.st)->scenario);
        for (int r = 0; r < p->g->def->nroles; r++)
            if ((in >> r & 1u) && !p->ai[r])
                p->humans |= VB_ROLE_BIT(r);
        for (int i = 0; i < setup.n && !loadpath; i++) /* shown with the first prompt */
            log_pending(p, setup.see[i], setup.text[i]);
        p->view = malloc(p->g->def->state_size);
        p->scratch = malloc(p->g->def->state_size);
        if (!p->view || !p->scratch)
            rc = cli_error("play", VB_EXIT_INPUT, "out of memory");
    }
    vb_ctx_init(&cx);
    cx.log = log_pending;
    cx.log_ud = p;
    memset(&at, 0, sizeof at);
    if (rc == 0) {
        play_input_init(p);
        term_printf(&p->t, "%s - seed %llu. Type 'help' for commands.", p->g->def->title,
                    (unsigned long long)((vb_head *)p->m.st)->seed);
    }
    while (rc == 0) {
        int who = vb_to_move(p->g, p->m.st);
        if (who == VB_CHANCE && !p->referee) {
            if (vb_match_roll(&p->m, &cx) < 0) {
                rc = cli_error("play", VB_EXIT_INPUT, "%s", cx.err);
                break;
            }
            continue;
        }
        if (who >= 0 && p->ai[who]) {
            char buf[VB_TEXT_LEN], line[2 * VB_TEXT_LEN];
            vb_action a = vb_policy_choose(p->ai[who], p->m.st);
            vb_vis v;
            /* What the people at the screen may read of it, before the
             * lines it logs. */
            vb_action_text(p->g, p->m.st, a, buf, sizeof buf);
            vb_visibility(p->g, p->m.st, a, &v);
            if (!p->referee && !(v.see & p->humans))
                snprintf(buf, sizeof buf, "%s", v.public_text);
            snprintf(line, sizeof line, "%s: %s", p->g->def->roles[who], buf);
            play_lines_add(&p->pending, line);
            play_verbs_add(&at.verbs[who], buf);
            if (p->interactive) { /* a sign of life while the computer thinks */
                printf("\r%s (%s): %d decision%s\x1b[K", p->g->def->roles[who],
                       vb_policy_name(p->ai[who]), at.verbs[who].total,
                       at.verbs[who].total == 1 ? "" : "s");
                fflush(stdout);
            }
            if (vb_match_apply(&p->m, a, &cx) < 0) {
                rc = cli_error("play", VB_EXIT_INPUT, "%s", cx.err);
                break;
            }
            p->dirty = 1;
            continue;
        }
        ai_summary(p, &at);
        refresh_actions(p);
        if (p->board_next) {
            p->prompt_shown = show_board(p, p->who >= 0 && !p->referee ? p->who : -1);
            p->board_next = 0;
        }
        if (!human(p, &cx))
            break;
    }
    play_input_end(p);
    play_lines_release(&p->pending);
    play_lines_release(&p->last);
    free(p->view);
    free(p->scratch);
    for (int i = 0; i < VB_MAX_ROLES; i++)
        vb_policy_free(p->ai[i]);
    vb_match_release(&p->m);
    vb_game_free(p->g);
    free(p);
    return rc;
}
