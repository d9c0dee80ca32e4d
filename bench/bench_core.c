/* bench_core.c - speed of the game contract on one core, for every game:
 * decisions per second (listing the legal actions and applying one),
 * complete random games per second, and the cost of a clone (memcpy).
 *
 *   build/bench_core [GAME] [SECONDS]     (default: every game, 2 s each)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vauban.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void bench(const char *id, double seconds)
{
    vb_ctx cx;
    vb_game *g;
    vb_action acts[VB_MAX_ACTIONS];
    vb_rng pick;
    void *st, *copy;
    long decisions = 0, games = 0, clones = 0;
    double t0, t1;
    volatile unsigned char sink = 0;

    vb_ctx_init(&cx);
    g = vb_game_load(id, &cx);
    if (!g) {
        fprintf(stderr, "bench_core: %s\n", cx.err);
        return;
    }
    st = malloc(g->def->state_size);
    copy = malloc(g->def->state_size);
    vb_rng_seed(&pick, 42);
    t0 = now();
    do {
        for (int k = 0; k < 64; k++) {
            vb_setup(g, st, 0, NULL, (uint64_t)games + 1, &cx);
            for (;;) {
                int who = vb_to_move(g, st);
                int n;
                vb_action a;
                if (who == VB_OVER)
                    break;
                /* Sampling a chance outcome lists the outcomes itself. */
                if (who == VB_CHANCE) {
                    a = vb_sample_chance(g, st);
                } else {
                    n = vb_legal(g, st, acts, NULL, VB_MAX_ACTIONS);
                    a = acts[vb_rng_below(&pick, (uint64_t)n)];
                }
                vb_apply_unchecked(g, st, a, &cx);
                decisions++;
            }
            games++;
        }
        t1 = now();
    } while (t1 - t0 < seconds);
    printf("%-12s %10.0f decisions/s  %9.0f games/s  (%.1f decisions/game)\n", id,
           decisions / (t1 - t0), games / (t1 - t0), (double)decisions / (double)games);

    t0 = now();
    do {
        for (int k = 0; k < 100000; k++) {
            memcpy(copy, st, g->def->state_size);
            sink ^= ((volatile unsigned char *)copy)[sizeof(vb_head)];
        }
        clones += 100000;
        t1 = now();
    } while (t1 - t0 < seconds / 4);
    printf("%-12s clone (memcpy of %zu bytes): %.1f ns\n", id, g->def->state_size,
           (t1 - t0) * 1e9 / (double)clones);
    (void)sink;
    free(st);
    free(copy);
    vb_game_free(g);
}

int main(int argc, char **argv)
{
    double seconds = argc > 2 ? atof(argv[2]) : 2.0;
    if (argc > 1 && strcmp(argv[1], "all") != 0) {
        bench(argv[1], seconds);
        return 0;
    }
    for (int i = 0; i < vb_registry_count(); i++)
        bench(vb_registry_get(i)->id, seconds);
    return 0;
}
