/* fit_siege.c - data for fitting the evaluation of siege-18c to outcomes
 * (sq_eval.c's terms), and games with fitted weights.
 *
 *   fit_siege sample SEED N FIRSTID BESIEGER DEFENDER [EVERY]  > positions.csv
 *       plays games 0..N-1 of seed SEED (set up as `vauban sim` does) with
 *       the two policy specs (each game's policies seeded with
 *       vb_sim_policy_seed), chance by vb_sample_chance, and writes a header
 *       `game,y,TERM...` (unless FIRSTID is negative: then no header and the
 *       ids start at -FIRSTID) and one row every EVERY (default 8) player
 *       decisions: the game's id (FIRSTID + i), the besieger's result (1 won,
 *       0.5 drawn or cut, 0 lost) and sq_eval_terms of the position.
 *   fit_siege measure SEED N BESIEGER DEFENDER WEIGHTS FITTED
 *       plays games 0..N-1 of seed SEED exactly as `vauban sim` does, the
 *       role(s) FITTED (besieger, defender, both or none) searching with the
 *       evaluation tanh((b + sum w x) / 2) (sq_eval_with, logistic) whose
 *       weights are read from the file WEIGHTS: lines `NAME VALUE` (NAME
 *       `intercept` or a term's name, as bench/fit_eval.py prints them;
 *       other lines are ignored, terms not named weigh 0; `logistic 0`
 *       for the shipped form instead: b + sum w x clipped); the other role
 *       with the shipped evaluation. Prints one line a game and the
 *       besieger's wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/siege-18c/sq_int.h"
#include "policy.h"
#include "sim.h"
#include "vauban.h"

static double fitted_w[SQ_NTERMS + 1];
static int fitted_logistic = 1;

static double fitted_eval(const vb_game *g, const void *st, int role)
{
    return sq_eval_with(g, st, role, fitted_w, fitted_logistic);
}

static int read_weights(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[256], name[64];
    double v;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, " %63s %lf", name, &v) != 2)
            continue;
        if (strcmp(name, "intercept") == 0) {
            fitted_w[0] = v;
            continue;
        }
        if (strcmp(name, "logistic") == 0) {
            fitted_logistic = v != 0;
            continue;
        }
        for (int i = 0; i < SQ_NTERMS; i++)
            if (strcmp(name, sq_term_names[i]) == 0)
                fitted_w[i + 1] = v;
    }
    fclose(f);
    return 0;
}

static int sample(const vb_game *g, uint64_t seed, int n, long first, const char *const *spec,
                  int every)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    void *st = malloc(g->def->state_size);
    double(*rows)[SQ_NTERMS] = malloc(sizeof *rows * 4096);
    if (!st || !rows)
        return 1;
    if (first >= 0) {
        printf("game,y");
        for (int i = 0; i < SQ_NTERMS; i++)
            printf(",%s", sq_term_names[i]);
        printf("\n");
    } else {
        first = -first;
    }
    for (int i = 0; i < n; i++) {
        uint64_t gs = vb_sim_game_seed(seed, i);
        vb_policy *pol[2];
        for (int r = 0; r < 2; r++)
            if (!(pol[r] = vb_policy_new(g, spec[r], vb_sim_policy_seed(gs, r), &cx))) {
                fprintf(stderr, "fit_siege: %s\n", cx.err);
                return 1;
            }
        if (vb_setup(g, st, 0, NULL, gs, &cx) < 0) {
            fprintf(stderr, "fit_siege: %s\n", cx.err);
            return 1;
        }
        int nrows = 0;
        long decisions = 0;
        for (;;) {
            int who = vb_to_move(g, st);
            if (who == VB_OVER || decisions > 100000)
                break;
            vb_action a;
            if (who == VB_CHANCE) {
                a = vb_sample_chance(g, st);
            } else {
                if (decisions++ % every == 0 && nrows < 4096)
                    sq_eval_terms(g, st, rows[nrows++]);
                a = vb_policy_choose(pol[who], st);
            }
            if (a == VB_NONE || vb_apply_unchecked(g, st, a, &cx) < 0) {
                fprintf(stderr, "fit_siege: game %d: %s\n", i, cx.err);
                return 1;
            }
        }
        vb_result res;
        vb_result_get(g, st, &res);
        double y = !res.over ? 0.5 : res.winner == SQ_BESIEGER ? 1.0 : 0.0;
        for (int k = 0; k < nrows; k++) {
            printf("%ld,%g", first + i, y);
            for (int j = 0; j < SQ_NTERMS; j++)
                printf(",%.6g", rows[k][j]);
            printf("\n");
        }
        fflush(stdout);
        for (int r = 0; r < 2; r++)
            vb_policy_free(pol[r]);
    }
    free(rows);
    free(st);
    return 0;
}

static int measure(const vb_game *g, uint64_t seed, int n, const char *const *spec,
                   const char *fitted)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    /* a copy of the game whose evaluation is the fitted one */
    vb_game_def d2 = *g->def;
    d2.eval = fitted_eval;
    vb_game g2 = *g;
    g2.def = &d2;
    int both = strcmp(fitted, "both") == 0;
    vb_policy *pol[2];
    for (int r = 0; r < 2; r++) {
        int fit = both || strcmp(fitted, g->def->roles[r]) == 0;
        if (!(pol[r] = vb_policy_new(fit ? &g2 : g, spec[r], 0, &cx))) {
            fprintf(stderr, "fit_siege: %s\n", cx.err);
            return 1;
        }
    }
    int wins = 0, done = 0;
    for (int i = 0; i < n; i++) {
        vb_sim_game out;
        if (vb_sim_play(g, 0, NULL, vb_sim_game_seed(seed, i), pol, 0, NULL, &out, &cx) < 0) {
            fprintf(stderr, "fit_siege: game %d: %s\n", i, cx.err);
            return 1;
        }
        wins += out.winner == SQ_BESIEGER;
        done++;
        printf("game %d seed %llu: %s (day %d; decisions %u / %u)\n", i,
               (unsigned long long)out.seed, out.verdict, out.turns, out.by_role[0],
               out.by_role[1]);
        fflush(stdout);
    }
    printf("besieger wins %d of %d\n", wins, done);
    for (int r = 0; r < 2; r++)
        vb_policy_free(pol[r]);
    return 0;
}

int main(int argc, char **argv)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    int is_sample = argc >= 7 && argc <= 8 && strcmp(argv[1], "sample") == 0;
    int is_measure = argc == 8 && strcmp(argv[1], "measure") == 0;
    if (!is_sample && !is_measure) {
        fprintf(stderr, "usage: fit_siege sample SEED N FIRSTID BESIEGER DEFENDER [EVERY]\n"
                        "       fit_siege measure SEED N BESIEGER DEFENDER WEIGHTS FITTED\n");
        return 2;
    }
    vb_game *g = vb_game_load("siege-18c", &cx);
    if (!g) {
        fprintf(stderr, "fit_siege: %s\n", cx.err);
        return 1;
    }
    uint64_t seed = strtoull(argv[2], NULL, 10);
    int n = atoi(argv[3]), rc;
    if (is_sample) {
        const char *spec[2] = {argv[5], argv[6]};
        int every = argc == 8 ? atoi(argv[7]) : 8;
        rc = sample(g, seed, n, atol(argv[4]), spec, every > 0 ? every : 8);
    } else {
        const char *spec[2] = {argv[4], argv[5]};
        if (read_weights(argv[6]) < 0) {
            fprintf(stderr, "fit_siege: cannot read %s\n", argv[6]);
            return 1;
        }
        rc = measure(g, seed, n, spec, argv[7]);
    }
    vb_game_free(g);
    return rc;
}
