/*
 * odds.h - exact outcome probabilities of a game's chance procedure (an
 * assault, a salvo, a siege roll), by enumerating every chance outcome.
 *
 * The game builds the position through its odds hooks (vauban.h:
 * odds_setup, odds_done, odds_outcome). From there the enumeration goes
 * breadth-first over chance decisions, one level at a time, merging
 * identical states (vb_hash, then vb_equal) and adding their
 * probabilities, so that e.g. n dice whose order does not matter cost n
 * levels of a few states, not 6^n paths. Probabilities are kept both as
 * long double and, while numerator and denominator fit 64 bits, as exact
 * reduced fractions.
 *
 * A branch ends when odds_done(before, st) says so (before: the state that
 * odds_setup built), or, when the game has no odds_done, at the first
 * decision that is not chance; always when the game is over or a role must
 * decide and no plan decides for it. A plan (vb_odds_setup_plan, from the
 * user's words, through the game's odds_plan hook) lets the game's
 * odds_decide hook make such decisions inside the enumeration (e.g. which
 * units announce a second volley); the branch goes on from the decided
 * state, with the same probability.
 */
#ifndef VB_ODDS_H
#define VB_ODDS_H

#include "vauban.h"

typedef struct vb_odds_row {
    char name[VB_TEXT_LEN]; /* odds_outcome's name of the class */
    long double p;
    uint64_t num, den; /* exact p = num/den when exact */
    int exact;
} vb_odds_row;

typedef struct vb_odds {
    vb_odds_row *rows; /* sorted by p descending, then name */
    int n, cap;
    long states; /* distinct states expanded */
    int depth;   /* most chance decisions on one branch */
} vb_odds;

/* Build the procedure's start state into st (state_size bytes; with
 * have_state, st holds the position the words refer to; otherwise it is
 * set up here with the default scenario). Returns 0 and *first, or a
 * negative vb_err: VB_EUSAGE "game has no odds procedures" when the game
 * lacks the hooks. */
int vb_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx);

/* The players' decisions stated in the words (odds_plan), opaque to the
 * core; a flat value, copied with memcpy. */
typedef struct vb_odds_plan {
    unsigned char b[VB_ODDS_PLAN];
    int words; /* plan words read (0: the game's defaults) */
} vb_odds_plan;

/* vb_odds_setup, and the plan's words read into *plan (zeroed here). On
 * any error st is left as it was. vb_odds_setup is this with a plan it
 * drops: it refuses plan words (VB_EUSAGE), since its enumeration
 * (vb_odds_run) would not follow them. */
int vb_odds_setup_plan(const vb_game *g, void *st, int have_state, int argc, char **argv,
                       vb_action *first, vb_odds_plan *plan, vb_ctx *cx);

/* Enumerate from start (as built by vb_odds_setup) after applying first
 * (unless VB_NONE). out is initialized here; release with vb_odds_release.
 * max_states bounds the work (0: 5,000,000). A branch that comes back to
 * the first position (a draw rerolled) starts the procedure over: its
 * share is spread over the outcomes, each p / (1 - back). */
int vb_odds_run(const vb_game *g, const void *start, vb_action first, long max_states, vb_odds *out,
                vb_ctx *cx);
/* vb_odds_run where the plan decides (odds_decide) for the roles the
 * enumeration meets; plan NULL: vb_odds_run, every decision ends a branch.
 * Setting up and enumerating log nothing to cx's sink (the outcomes are
 * hypotheses, and start may be a role's view); cx only gets the message of
 * a failure. */
int vb_odds_run_plan(const vb_game *g, const void *start, vb_action first, const vb_odds_plan *plan,
                     long max_states, vb_odds *out, vb_ctx *cx);
void vb_odds_release(vb_odds *o);

/* Class name of the finished procedure `after` (odds_outcome, or "game
 * over: <verdict>" / the prompt when the game has no odds_outcome). */
void vb_odds_outcome_name(const vb_game *g, const void *before, const void *after, char *buf,
                          size_t n);
/* 1 when a branch that started from before has ended in st (rules above). */
int vb_odds_ended(const vb_game *g, const void *before, const void *st);

#endif
