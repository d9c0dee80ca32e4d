/* fit_piacenza.c - positions for fitting the Piacenza 1746 evaluation to
 * outcomes (bench/fit_eval.py): plays games of the battle with the shipped
 * policies, as `vauban sim` does (game seeds vb_sim_game_seed, policy seeds
 * vb_sim_policy_seed, chance by vb_sample_chance), and writes one CSV row
 * per sampled position, every EVERY-th decision of either side:
 *     game,y,mat,hold,...     (the terms of pc_eval_terms, pc_term_name)
 * game the game's id (FIRST + its index), y the Franco-Spanish result (1
 * won, 0.5 drawn or unfinished, 0 lost).
 *
 *   build/fit_piacenza FS_SPEC AU_SPEC SEED GAMES [EVERY [FIRST [header|- [START]]]]
 *
 * START: the index of the first game's seed (default 0), to split a run.
 * A spec ending in @shipped or @fitted plays that policy with those weights
 * in every position (pc_shipped_w, pc_fitted_w) instead of pc_eval's: e.g.
 * mcts:200@fitted against greedy@shipped, the search of the fitted
 * evaluation against the greedy of the hand-made one; @cand plays the
 * logistic weights the environment's PC_CAND names ("B,W1,...,W10": the
 * intercept, then the terms in pc_term_name's order), so that candidates
 * are measured without a build each (thirty-sixth session). The summary
 * (wins, draws, losses of the Franco-Spanish) goes to stderr.
 *
 * e.g. build/fit_piacenza mcts:200 greedy 101 40 6 0 header > a.csv
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "games/piacenza-1746/pc_int.h"
#include "policy.h"
#include "sim.h"
#include "vauban.h"

#define MAXROWS 4096 /* sampled positions a game, at most */

static double rows[MAXROWS][PC_NTERMS];

static double eval_with(const pc_weights *w, const vb_game *g, const void *st, int role)
{
    double term[PC_NTERMS];
    pc_eval_terms(pc_data_of(g, st), st, term);
    double v = pc_eval_weighted(w, term);
    return role == PC_FS ? v : -v;
}
static double eval_shipped(const vb_game *g, const void *st, int role)
{
    return eval_with(&pc_shipped_w, g, st, role);
}
static double eval_fitted(const vb_game *g, const void *st, int role)
{
    return eval_with(&pc_fitted_w, g, st, role);
}
static pc_weights cand_w = {1, 0, {0}}; /* @cand: PC_CAND's weights */
static double eval_cand(const vb_game *g, const void *st, int role)
{
    return eval_with(&cand_w, g, st, role);
}

/* PC_CAND's "B,W1,...,W10" into cand_w; -1 when unset or malformed. */
static int read_cand(void)
{
    const char *e = getenv("PC_CAND");
    if (!e)
        return -1;
    char *end;
    cand_w.b = strtod(e, &end);
    for (int k = 0; k < PC_NTERMS; k++) {
        if (*end != ',')
            return -1;
        cand_w.w[k] = strtod(end + 1, &end);
    }
    return *end ? -1 : 0;
}

/* The game whose evaluation a spec names (its suffix cut off): g, or a
 * copy of g with the shipped, fitted or candidate weights' evaluation
 * (alt: those three). */
static const vb_game *game_for(char *spec, const vb_game *g, const vb_game *const *alt)
{
    char *at = strchr(spec, '@');
    if (!at)
        return g;
    *at = 0;
    if (!strcmp(at + 1, "cand"))
        return read_cand() ? NULL : alt[2];
    return !strcmp(at + 1, "shipped") ? alt[0] : !strcmp(at + 1, "fitted") ? alt[1] : NULL;
}

/* One game; its rows are printed once its result is known. */
static double tally[3]; /* Franco-Spanish wins, draws, losses */

static int play(const vb_game *g, const vb_game *const *pg, const char *const *spec, uint64_t seed,
                int every, int id, void *st)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_policy *pol[2] = {0};
    int rc = vb_setup(g, st, 0, NULL, seed, &cx), nrow = 0;
    for (int r = 0; r < 2 && !rc; r++)
        if (!(pol[r] = vb_policy_new(pg[r], spec[r], vb_sim_policy_seed(seed, r), &cx)))
            rc = -1;
    long dec = 0;
    for (long step = 0; !rc && step < VB_SIM_MAX_DECISIONS; step++) {
        int who = vb_to_move(g, st);
        if (who == VB_OVER)
            break;
        vb_action a;
        if (who == VB_CHANCE) {
            a = vb_sample_chance(g, st);
        } else {
            if (dec++ % every == 0 && nrow < MAXROWS)
                pc_eval_terms(pc_data_of(g, st), st, rows[nrow++]);
            a = vb_policy_choose(pol[who], st);
        }
        if (a == VB_NONE || vb_apply_unchecked(g, st, a, &cx) < 0)
            rc = -1;
    }
    for (int r = 0; r < 2; r++)
        vb_policy_free(pol[r]);
    if (rc) {
        fprintf(stderr, "fit_piacenza: game %d: %s\n", id, cx.err);
        return rc;
    }
    vb_result res;
    vb_result_get(g, st, &res);
    double y = res.over ? ai_outcome(g, &res, PC_FS) : 0.5;
    tally[y == 1 ? 0 : y == 0 ? 2 : 1]++;
    for (int i = 0; i < nrow; i++) {
        printf("%d,%g", id, y);
        for (int k = 0; k < PC_NTERMS; k++)
            printf(",%.6f", rows[i][k]);
        printf("\n");
    }
    fflush(stdout);
    fprintf(stderr, "game %d: y %g, %d positions, %s\n", id, y, nrow, res.verdict);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr,
                "usage: fit_piacenza FS_SPEC AU_SPEC SEED GAMES [EVERY [FIRST [header]]]\n");
        return 2;
    }
    char spec0[128], spec1[128];
    snprintf(spec0, sizeof spec0, "%s", argv[1]);
    snprintf(spec1, sizeof spec1, "%s", argv[2]);
    const char *spec[2] = {spec0, spec1};
    uint64_t seed = strtoull(argv[3], NULL, 10);
    int n = atoi(argv[4]), every = argc > 5 ? atoi(argv[5]) : 6,
        first = argc > 6 ? atoi(argv[6]) : 0;
    if (every < 1)
        every = 1;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("piacenza-1746", &cx);
    if (!g) {
        fprintf(stderr, "fit_piacenza: %s\n", cx.err);
        return 1;
    }
    vb_game_def ds = *g->def, df = *g->def, dc = *g->def;
    ds.eval = eval_shipped;
    df.eval = eval_fitted;
    dc.eval = eval_cand;
    vb_game gs = *g, gf = *g, gc = *g;
    gs.def = &ds;
    gf.def = &df;
    gc.def = &dc;
    const vb_game *alt[3] = {&gs, &gf, &gc};
    const vb_game *pg[2] = {game_for(spec0, g, alt), game_for(spec1, g, alt)};
    if (!pg[0] || !pg[1]) {
        fprintf(stderr, "fit_piacenza: a spec's suffix is @shipped, @fitted or @cand (with "
                        "PC_CAND=B,W1,...,W10)\n");
        vb_game_free(g);
        return 2;
    }
    int start = argc > 8 ? atoi(argv[8]) : 0;
    void *st = malloc(g->def->state_size);
    int rc = st ? 0 : 1;
    if (argc > 7 && !strcmp(argv[7], "header")) {
        printf("game,y");
        for (int k = 0; k < PC_NTERMS; k++)
            printf(",%s", pc_term_name[k]);
        printf("\n");
    }
    for (int i = 0; i < n && !rc; i++)
        rc = play(g, pg, spec, vb_sim_game_seed(seed, start + i), every, first + i, st);
    fprintf(stderr, "Franco-Spanish (%s against %s): %g wins, %g draws, %g losses\n", argv[1],
            argv[2], tally[0], tally[1], tally[2]);
    free(st);
    vb_game_free(g);
    return rc ? 1 : 0;
}
