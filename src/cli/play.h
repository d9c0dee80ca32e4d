/* play.h - internals of `vauban play` shared by play.c (the session),
 * play_input.c (line editing, completion, history) and play_advice.c
 * (odds, hint, `vauban analyze`). */
#ifndef VB_PLAY_H
#define VB_PLAY_H

#include "cli.h"
#include "policy.h"
#include "term.h"

/* Log lines collected while decisions are applied, shown once the people
 * at the screen must decide again. */
typedef struct play_lines {
    char *s;
    size_t n, cap;
    int count;
} play_lines;
void play_lines_add(play_lines *l, const char *line);
void play_lines_clear(play_lines *l);
void play_lines_release(play_lines *l);

/* Verbs (first words of action texts) counted for a summary. */
#define PLAY_VERBS 12
typedef struct play_verbs {
    char verb[PLAY_VERBS][32];
    int count[PLAY_VERBS];
    int n, total;
} play_verbs;
void play_verbs_add(play_verbs *v, const char *text);
/* "move 40, fire 8, end-turn 1" into buf. */
void play_verbs_text(const play_verbs *v, char *buf, size_t n);

/* The readable name in a chance outcome's first log line, as the
 * referee's card menu shows it: without its rule tag ("[5] ", or "[5]")
 * and a lead-in of under 32 characters before ": " ("New card: "). */
const char *play_outcome_title(const char *line);

typedef struct play {
    vb_game *g;
    vb_match m;
    vb_policy *ai[VB_MAX_ROLES];
    int referee;
    int interactive;   /* standard input and output are terminals */
    int confirm;       /* ask before a decision that cannot be taken back */
    int editing;       /* libedit in use */
    char history[512]; /* the history file, "" for none */
    vb_roles humans;   /* roles played at the screen */
    void *view;        /* scratch: what the deciding person may see */
    void *scratch;     /* scratch: a trial state */
    term t;
    play_lines pending; /* log lines not shown yet */
    play_lines last;    /* the lines shown last (the `log` command) */
    int board_next;     /* show the whole board before the next prompt */
    int dirty;          /* decisions since the last save or load */
    int eof_warned;
    int prompt_shown; /* the board just shown ends with the prompt */
    long hint_iterations;
    /* The current decision's legal actions (menu, completion). */
    int who, nacts;
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
} play;

/* Read a line for the prompt: with libedit (completion, history) when
 * p->editing, else from standard input. Returns a malloc'ed line without
 * its newline, or NULL at the end of input. history: keep it in history. */
char *play_read(play *p, const char *prompt, int history);
/* Set up line editing when standard input and output are terminals and
 * libedit was found at build time; p must outlive play_input_end. */
void play_input_init(play *p);
void play_input_end(play *p);

/* Fold text for comparing what a person types: accents folded, spaces as
 * '-', lower case. */
void play_fold(char *dst, size_t n, const char *src);

/* The best `top` (at most 20) actions for the role deciding in st, ranked
 * by the computer's search (MCTS, `iterations`, as `--ai mcts` plays) over
 * that role's view only (never the state's generator or what the game
 * hides from it): each with its share of the search, its chance of
 * winning measured by `games` games played on to the end by the greedy
 * policy (at most a few seconds in all) and, when dice or a card follow
 * it, the exact odds of their outcomes. Printed to t. */
int play_advise(const vb_game *g, const void *st, long iterations, int games, int top, term *t,
                vb_ctx *cx);
/* `odds WORDS...` on the position st as role sees it (role -1: all). */
int play_odds(const vb_game *g, const void *st, int role, char *words, term *t, vb_ctx *cx);

#endif
