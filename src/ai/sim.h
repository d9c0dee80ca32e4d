/*
 * sim.h - batch simulation: N complete games between policies, in threads,
 * with results that do not depend on the thread count.
 *
 * Game i (0-based) of a run with seed S is set up with seed
 * vb_sim_game_seed(S, i); the policy of role r in the game with seed s is
 * created with seed vb_sim_policy_seed(s, r); chance decisions are drawn
 * from the state's own generator (vb_sample_chance). A game is therefore a
 * pure function of (game, scenario, options, game seed, policy specs):
 * `vauban sim GAME --only SEED --record FILE` replays one exactly.
 */
#ifndef VB_SIM_H
#define VB_SIM_H

#include <signal.h>

#include "policy.h"
#include "vauban.h"

/* A game that has not ended after this many decisions is cut (its loop
 * counted apart); `--max-decisions` changes it. */
#define VB_SIM_MAX_DECISIONS 1000000u

uint64_t vb_sim_game_seed(uint64_t seed, int i);
uint64_t vb_sim_policy_seed(uint64_t game_seed, int role);

typedef struct vb_sim_game {
    uint64_t seed;
    int status; /* 1 finished; 0 not played (stopped); -1 cut at max_decisions */
    int winner;
    double outcome[VB_MAX_ROLES]; /* 1 win, 0.5 draw, 0 loss (see ai_int.h) */
    double score[VB_MAX_ROLES];
    char verdict[VB_TEXT_LEN];
    int turns;                      /* def->turn at the end; -1 when the game has none */
    uint32_t decisions;             /* decisions by roles */
    uint32_t by_role[VB_MAX_ROLES]; /* decisions of each role */
    uint32_t chance;                /* chance decisions */
} vb_sim_game;

typedef struct vb_sim_config {
    const vb_game *g;
    int scenario;
    const int *opts; /* NULL: defaults */
    int n;           /* games */
    long first;      /* index of the first game: game i is set up with seed
                        vb_sim_game_seed(seed, first + i) (a run played in
                        blocks, or split over MPI ranks) */
    uint64_t seed;
    const char *spec[VB_MAX_ROLES]; /* NULL: "random" */
    int threads;
    uint32_t max_decisions; /* 0: VB_SIM_MAX_DECISIONS */
    /* Checked by the calling thread about every 100 ms: nonzero stops the
     * run (games in progress are abandoned, status 0). May be NULL. */
    volatile sig_atomic_t *stop;
    /* Called by the calling thread about every 100 ms and at the end. */
    void (*progress)(void *ud, int done, int total, double elapsed_s);
    void *progress_ud;
} vb_sim_config;

/* Play games first .. first+n-1 into out[0..n) (zeroed first). Returns 0, or a negative
 * vb_err with the message in cx (a bad policy spec, out of memory). */
int vb_sim_run(const vb_sim_config *c, vb_sim_game *out, vb_ctx *cx);

/* Play one game with the given policies (one per role, none NULL; each is
 * reseeded with vb_sim_policy_seed(seed, r)) from seed;
 * if m is not NULL the game is played in it (vb_match_init is called here)
 * so that its record can be saved. Returns 0 or a negative vb_err. */
int vb_sim_play(const vb_game *g, int scenario, const int *opts, uint64_t seed,
                vb_policy *const *pol, uint32_t max_decisions, vb_match *m, vb_sim_game *out,
                vb_ctx *cx);

#endif
