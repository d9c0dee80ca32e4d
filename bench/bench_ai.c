/* bench_ai.c - speed of the AI for every game: MCTS iterations per second
 * on one thread (default settings, trees=1), then `sim` games per second on
 * 1 and 2 threads and the speed-up (random and greedy policies).
 *
 *   build/bench_ai [GAME] [SECONDS]     (default: every game, 2 s per figure)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "policy.h"
#include "sim.h"
#include "vauban.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Iterations per second: mcts:ITER,trees=1 at successive decisions of
 * random games, until `seconds` have passed. */
static void bench_mcts(const vb_game *g, double seconds)
{
    vb_ctx cx;
    vb_ctx_init(&cx);
    const long iter = 1000;
    vb_policy *p = vb_policy_new(g, "mcts:1000,trees=1", 1, &cx);
    void *st = malloc(g->def->state_size);
    vb_rng pick;
    vb_rng_seed(&pick, 7);
    long searches = 0;
    uint64_t seed = 1;
    double t0 = now(), t;
    vb_setup(g, st, 0, NULL, seed, &cx);
    do {
        int who = vb_to_move(g, st);
        if (who == VB_OVER) {
            vb_setup(g, st, 0, NULL, ++seed, &cx);
            continue;
        }
        vb_action acts[VB_MAX_ACTIONS];
        int n = vb_legal(g, st, acts, NULL, VB_MAX_ACTIONS);
        if (who == VB_CHANCE) {
            vb_apply_unchecked(g, st, vb_sample_chance(g, st), &cx);
            continue;
        }
        if (n > 1) {
            vb_policy_choose(p, st);
            searches++;
        }
        vb_apply_unchecked(g, st, acts[vb_rng_below(&pick, (uint64_t)n)], &cx);
    } while ((t = now()) - t0 < seconds);
    printf("%-14s mcts  %9.0f iterations/s (1 thread, %ld searches of %ld)\n", g->def->id,
           (double)searches * iter / (t - t0), searches, iter);
    free(st);
    vb_policy_free(p);
}

static double sim_rate(const vb_game *g, const char *spec, int n, int threads, double *secs)
{
    vb_sim_config c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.n = n;
    c.seed = 1;
    c.threads = threads;
    for (int r = 0; r < g->def->nroles; r++)
        c.spec[r] = spec;
    vb_sim_game *out = calloc((size_t)n, sizeof *out);
    vb_ctx cx;
    vb_ctx_init(&cx);
    double t0 = now();
    if (vb_sim_run(&c, out, &cx))
        fprintf(stderr, "bench_ai: %s\n", cx.err);
    *secs = now() - t0;
    free(out);
    return n / *secs;
}

static void bench_sim(const vb_game *g, const char *spec, double seconds)
{
    double secs;
    /* calibrate on one thread: enough games for `seconds` */
    int n = 16;
    double r = sim_rate(g, spec, n, 1, &secs);
    while (secs < 0.2 && n < (1 << 24)) {
        n *= 4;
        r = sim_rate(g, spec, n, 1, &secs);
    }
    n = (int)(r * seconds) + 16;
    if (n < 64)
        n = 64; /* enough games that two threads finish together */
    double r1 = sim_rate(g, spec, n, 1, &secs);
    double r2 = sim_rate(g, spec, n, 2, &secs);
    printf("%-14s sim   %-7s %9.1f games/s on 1 thread, %9.1f on 2: x%.2f (%d games)\n", g->def->id,
           spec, r1, r2, r2 / r1, n);
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    double seconds = 2;
    for (int i = 1; i < argc; i++) {
        char *end;
        double s = strtod(argv[i], &end);
        if (!*end && s > 0)
            seconds = s;
        else
            only = argv[i];
    }
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *d = vb_registry_get(i);
        if (only && strcmp(only, d->id) != 0)
            continue;
        vb_ctx cx;
        vb_ctx_init(&cx);
        vb_game *g = vb_game_load(d->id, &cx);
        if (!g) {
            fprintf(stderr, "bench_ai: %s\n", cx.err);
            continue;
        }
        bench_mcts(g, seconds);
        bench_sim(g, "random", seconds);
        bench_sim(g, "greedy", seconds);
        fflush(stdout);
        vb_game_free(g);
    }
    return 0;
}
