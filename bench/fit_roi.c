/* fit_roi.c - positions for fitting the Roi Soleil evaluation to outcomes
 * (bench/fit_eval.py): plays games of a scenario with the shipped policies,
 * chance by vb_sample_chance as `sim` plays it, and writes one CSV row per
 * sampled position (every EVERY decisions, on the whole state):
 * `game,y,TERM...` with y France's result (1 won, 0.5 compromise, 0 lost)
 * and the terms of rs_eval_terms.
 *
 *   build/fit_roi [-s SCENARIO] [-n GAMES] [--seed S] [--first ID]
 *                 [--every K] [--header] [-f FRANCE] [-c COALITION]
 *                 [-F shipped|fitted|allied] [-C shipped|fitted|allied]
 *
 * Policies default to greedy against greedy; games are numbered from
 * --first (so that files from several runs can be concatenated) and
 * seeded as `sim --seed S` seeds them. -F and -C choose the weights the
 * evaluation of France's and the Coalition's policy uses (default: the
 * build's, rs_eval), so that a policy over the fitted evaluation meets one
 * over the shipped; France's results are tallied on the standard error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/roi-soleil/rs_int.h"
#include "ai_int.h"
#include "policy.h"
#include "sim.h"
#include "vauban.h"

#define MAXROWS 4096

static double eval_shipped(const vb_game *g, const void *st, int role)
{
    return rs_eval_with(g, st, role, &rs_eval_shipped);
}

static double eval_fitted(const vb_game *g, const void *st, int role)
{
    return rs_eval_with(g, st, role, &rs_eval_fitted);
}

static double eval_allied(const vb_game *g, const void *st, int role)
{
    return rs_eval_with(g, st, role, &rs_eval_allied);
}

/* -F, -C: the evaluation a seat's policy uses (a copy of the game's def
 * and handle, the data shared) */
static int weights(const char *v, double (**fn)(const vb_game *, const void *, int))
{
    if (!strcmp(v, "shipped"))
        *fn = eval_shipped;
    else if (!strcmp(v, "fitted"))
        *fn = eval_fitted;
    else if (!strcmp(v, "allied"))
        *fn = eval_allied;
    else
        return -1;
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: fit_roi [-s SCENARIO] [-n GAMES] [--seed S] [--first ID] [--every K] "
                    "[--header] [-f FRANCE] [-c COALITION]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *scen = "succession", *spec[2] = {"greedy", "greedy"};
    double (*fn[2])(const vb_game *, const void *, int) = {NULL, NULL};
    int games = 10, first = 0, every = 5, header = 0, tally[3] = {0, 0, 0};
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--header")) {
            header = 1;
            continue;
        }
        if (!v)
            return usage();
        i++;
        if (!strcmp(a, "-s"))
            scen = v;
        else if (!strcmp(a, "-n"))
            games = atoi(v);
        else if (!strcmp(a, "--seed"))
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--first"))
            first = atoi(v);
        else if (!strcmp(a, "--every"))
            every = atoi(v) > 0 ? atoi(v) : 1;
        else if (!strcmp(a, "-f"))
            spec[RS_F] = v;
        else if (!strcmp(a, "-c"))
            spec[RS_C] = v;
        else if (!strcmp(a, "-F") && !weights(v, &fn[RS_F]))
            continue;
        else if (!strcmp(a, "-C") && !weights(v, &fn[RS_C]))
            continue;
        else
            return usage();
    }
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("roi-soleil", &cx);
    int sci = g ? vb_scenario_index(g, scen) : -1;
    if (sci < 0) {
        fprintf(stderr, "fit_roi: %s\n", g ? "unknown scenario" : cx.err);
        return 1;
    }
    vb_game_def def[2] = {*g->def, *g->def};
    vb_game seat[2] = {*g, *g}; /* shallow copies: never freed */
    for (int r = 0; r < 2; r++)
        if (fn[r]) {
            def[r].eval = fn[r];
            seat[r].def = &def[r];
        }
    void *st = malloc(g->def->state_size);
    double(*rows)[RS_EVAL_NT] = malloc(sizeof *rows * MAXROWS);
    if (!st || !rows)
        return 1;
    if (header) {
        printf("game,y");
        for (int i = 0; i < RS_EVAL_NT; i++)
            printf(",%s", rs_eval_names[i]);
        printf("\n");
    }
    for (int k = 0; k < games; k++) {
        uint64_t gs = vb_sim_game_seed(seed, first + k);
        vb_policy *pol[2];
        for (int r = 0; r < 2; r++) {
            pol[r] = vb_policy_new(&seat[r], spec[r], vb_sim_policy_seed(gs, r), &cx);
            if (!pol[r]) {
                fprintf(stderr, "fit_roi: %s\n", cx.err);
                return 1;
            }
        }
        if (vb_setup(g, st, sci, NULL, gs, &cx)) {
            fprintf(stderr, "fit_roi: %s\n", cx.err);
            return 1;
        }
        int n = 0, rc = 0;
        unsigned long dec = 0;
        for (int who; !rc && (who = vb_to_move(g, st)) != VB_OVER;) {
            vb_action a;
            if (who == VB_CHANCE) {
                a = vb_sample_chance(g, st);
            } else {
                if (dec++ % (unsigned)every == 0 && n < MAXROWS)
                    rs_eval_terms(g, st, rows[n++]);
                a = vb_policy_choose(pol[who], st);
            }
            rc = a == VB_NONE ? -1 : vb_apply_unchecked(g, st, a, &cx);
        }
        for (int r = 0; r < 2; r++)
            vb_policy_free(pol[r]);
        if (rc) {
            fprintf(stderr, "fit_roi: game %d failed\n", first + k);
            continue;
        }
        vb_result res;
        vb_result_get(g, st, &res);
        double y = ai_outcome(g, &res, RS_F);
        tally[y == 1 ? 0 : y == 0.5 ? 1 : 2]++;
        for (int i = 0; i < n; i++) {
            printf("%d,%g", first + k, y);
            for (int j = 0; j < RS_EVAL_NT; j++)
                printf(",%.6g", rows[i][j]);
            printf("\n");
        }
        fflush(stdout);
        fprintf(stderr, "game %d: France %g, %d positions\n", first + k, y, n);
    }
    fprintf(stderr, "France (%s) against the Coalition (%s): %d won, %d compromises, %d lost\n",
            spec[RS_F], spec[RS_C], tally[0], tally[1], tally[2]);
    free(rows);
    free(st);
    vb_game_free(g);
    return 0;
}
