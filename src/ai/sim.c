/*
 * sim.c - batch simulation (sim.h). Games are handed out to worker threads
 * through an atomic counter and written to out[i], so the results (not the
 * order in which games finish) are the same for any thread count.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai_int.h"
#include "sim.h"

uint64_t vb_sim_game_seed(uint64_t seed, int i)
{
    return ai_seed2(seed, (uint64_t)i + 1);
}

uint64_t vb_sim_policy_seed(uint64_t game_seed, int role)
{
    return ai_seed2(game_seed ^ 0x5EEDF00D5EEDF00Dull, (uint64_t)role + 1);
}

/* One game; abort (may be NULL) stops it between decisions. */
static int play(const vb_game *g, int scenario, const int *opts, uint64_t seed,
                vb_policy *const *pol, uint32_t maxd, vb_match *m, void *buf,
                const atomic_int *abort_flag, vb_sim_game *out, vb_ctx *cx)
{
    const vb_game_def *d = g->def;
    void *st;
    int rc;
    memset(out, 0, sizeof *out);
    out->seed = seed;
    out->winner = -1;
    out->turns = -1;
    if (m) {
        rc = vb_match_init(m, g, scenario, opts, seed, cx);
        if (rc)
            return rc;
        st = m->st;
    } else {
        rc = vb_setup(g, buf, scenario, opts, seed, cx);
        if (rc)
            return rc;
        st = buf;
    }
    for (int r = 0; r < d->nroles; r++)
        ai_policy_reseed(pol[r], vb_sim_policy_seed(seed, r));
    if (!maxd)
        maxd = VB_SIM_MAX_DECISIONS;
    uint32_t steps = 0;
    for (;;) {
        int who = vb_to_move(g, st);
        if (who == VB_OVER)
            break;
        if (steps++ >= maxd) {
            out->status = -1;
            break;
        }
        if (abort_flag && atomic_load_explicit(abort_flag, memory_order_relaxed))
            return 0; /* status 0: not played */
        if (who == VB_CHANCE) {
            if (m) {
                rc = vb_match_roll(m, cx);
            } else {
                vb_action a = vb_sample_chance(g, st);
                rc = a == VB_NONE ? vb_fail(cx, VB_EINPUT, "chance decision with no outcomes")
                                  : vb_apply_unchecked(g, st, a, cx);
            }
            out->chance++;
        } else {
            if (who >= d->nroles)
                return vb_fail(cx, VB_EINPUT, "to_move gave role %d of %d", who, d->nroles);
            vb_action a = vb_policy_choose(pol[who], st);
            if (a == VB_NONE)
                return vb_fail(cx, VB_EINPUT, "policy '%s' found no action for '%s'",
                               vb_policy_name(pol[who]), d->roles[who]);
            rc = m ? vb_match_apply(m, a, cx) : vb_apply_unchecked(g, st, a, cx);
            out->decisions++;
            out->by_role[who]++;
        }
        if (rc < 0)
            return rc;
    }
    vb_result r;
    vb_result_get(g, st, &r);
    if (out->status == 0)
        out->status = 1;
    out->winner = r.over ? r.winner : -1;
    for (int i = 0; i < d->nroles && i < VB_MAX_ROLES; i++) {
        out->score[i] = r.score[i];
        out->outcome[i] = r.over ? ai_outcome(g, &r, i) : 0.5;
    }
    snprintf(out->verdict, sizeof out->verdict, "%s", r.over ? r.verdict : "(unfinished)");
    if (d->turn)
        out->turns = d->turn(g, st);
    return 0;
}

int vb_sim_play(const vb_game *g, int scenario, const int *opts, uint64_t seed,
                vb_policy *const *pol, uint32_t max_decisions, vb_match *m, vb_sim_game *out,
                vb_ctx *cx)
{
    void *buf = NULL;
    if (!m) {
        buf = malloc(g->def->state_size);
        if (!buf)
            return vb_fail(cx, VB_ENOMEM, "out of memory");
    }
    int rc = play(g, scenario, opts, seed, pol, max_decisions, m, buf, NULL, out, cx);
    free(buf);
    return rc;
}

typedef struct shared {
    const vb_sim_config *c;
    vb_sim_game *out;
    atomic_int next, done, abort_flag, failed, exited;
    pthread_mutex_t lock; /* guards err */
    vb_ctx err;
} shared;

static void *worker(void *arg)
{
    shared *s = arg;
    const vb_sim_config *c = s->c;
    const vb_game *g = c->g;
    vb_policy *pol[VB_MAX_ROLES] = {0};
    vb_ctx cx;
    vb_ctx_init(&cx);
    void *buf = malloc(g->def->state_size);
    int rc = buf ? 0 : vb_fail(&cx, VB_ENOMEM, "out of memory");
    for (int r = 0; r < g->def->nroles && !rc; r++) {
        /* the seed is replaced before every game */
        pol[r] = vb_policy_new(g, c->spec[r] ? c->spec[r] : "random", 0, &cx);
        if (!pol[r])
            rc = -1;
    }
    while (!rc) {
        if (atomic_load(&s->abort_flag))
            break;
        int i = atomic_fetch_add(&s->next, 1);
        if (i >= c->n)
            break;
        rc = play(g, c->scenario, c->opts, vb_sim_game_seed(c->seed, (int)(c->first + i)), pol,
                  c->max_decisions, NULL, buf, &s->abort_flag, &s->out[i], &cx);
        if (!rc && s->out[i].status != 0)
            atomic_fetch_add(&s->done, 1);
    }
    if (rc) {
        pthread_mutex_lock(&s->lock);
        if (!atomic_load(&s->failed)) {
            s->err = cx;
            atomic_store(&s->failed, rc < 0 ? rc : VB_EINPUT);
        }
        pthread_mutex_unlock(&s->lock);
        atomic_store(&s->abort_flag, 1);
    }
    for (int r = 0; r < g->def->nroles; r++)
        vb_policy_free(pol[r]);
    free(buf);
    atomic_fetch_add(&s->exited, 1);
    return NULL;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) * 1e-9;
}

int vb_sim_run(const vb_sim_config *c, vb_sim_game *out, vb_ctx *cx)
{
    if (!c || !c->g || c->n < 0)
        return vb_fail(cx, VB_EUSAGE, "bad simulation settings");
    memset(out, 0, (size_t)c->n * sizeof *out);
    /* Check the specs once here, so a typo is reported before any game. */
    for (int r = 0; r < c->g->def->nroles; r++) {
        vb_policy *p = vb_policy_new(c->g, c->spec[r] ? c->spec[r] : "random", 0, cx);
        if (!p)
            return VB_EUSAGE;
        vb_policy_free(p);
    }
    shared *s = calloc(1, sizeof *s);
    if (!s)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    s->c = c;
    s->out = out;
    atomic_init(&s->next, 0);
    atomic_init(&s->done, 0);
    atomic_init(&s->abort_flag, 0);
    atomic_init(&s->failed, 0);
    atomic_init(&s->exited, 0);
    pthread_mutex_init(&s->lock, NULL);
    vb_ctx_init(&s->err);
    int T = c->threads < 1 ? 1 : c->threads > 256 ? 256 : c->threads;
    pthread_t th[256];
    int started = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < T; i++) {
        if (pthread_create(&th[i], NULL, worker, s) != 0)
            break;
        started++;
    }
    if (started == 0) {
        worker(s); /* no threads at all: play here, same results */
    } else {
        /* Watch: the stop flag every 2 ms (so a short run ends promptly),
         * progress every 100 ms. */
        int ticks = 0;
        while (!atomic_load(&s->abort_flag)) {
            if (atomic_load(&s->done) >= c->n || atomic_load(&s->exited) >= started)
                break;
            struct timespec ts = {0, 2 * 1000000L};
            nanosleep(&ts, NULL);
            if (c->stop && *c->stop)
                atomic_store(&s->abort_flag, 1);
            if (c->progress && ++ticks % 50 == 0)
                c->progress(c->progress_ud, atomic_load(&s->done), c->n, seconds_since(&t0));
        }
        for (int i = 0; i < started; i++)
            pthread_join(th[i], NULL);
    }
    if (c->progress)
        c->progress(c->progress_ud, atomic_load(&s->done), c->n, seconds_since(&t0));
    int rc = atomic_load(&s->failed);
    if (rc && cx)
        snprintf(cx->err, sizeof cx->err, "%s", s->err.err);
    pthread_mutex_destroy(&s->lock);
    free(s);
    return rc;
}
