/* live.c - the games the server holds: loading them from the store
 * (replayed through vb_match_load; again after an eviction or another
 * process's change), creating them, actions, undo and resignations
 * persisted one change each under the store's lock on the game, the log
 * each seat may read, change notifications, and the AI workers (what a seat
 * reads is in views.c). No rule lives here: every decision goes through
 * the engine's client API. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "srv_int.h"

#define MAX_CHANCE_RUN 100000 /* chance decisions in a row before giving up */

int srv_random_hex(char *out, size_t nbytes)
{
    unsigned char b[64];
    size_t got = 0;
    if (nbytes > sizeof b)
        return -1;
    while (got < nbytes) {
        ssize_t r = getrandom(b + got, nbytes - got, 0);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        got += (size_t)r;
    }
    for (size_t i = 0; i < nbytes; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    return 0;
}

static uint64_t random_u64(void)
{
    uint64_t v = 0;
    while (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v)
        ;
    return v;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static uint64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int srv_valid_key(const char *s)
{
    size_t i;
    for (i = 0; s[i]; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return 0;
    return i == STORE_TOKEN_LEN;
}

/* Who decides: the engine's answer, or VB_OVER once a seat resigned. */
int live_who(const live *lv)
{
    return lv->resigned >= 0 ? VB_OVER : vb_to_move(lv->g, lv->m.st);
}

/* ---- the log ----------------------------------------------------------------*/

static void log_clear(live *lv, int from_entry)
{
    size_t k = 0;
    for (size_t i = 0; i < lv->nlog; i++) {
        if (lv->log[i].entry >= from_entry)
            free(lv->log[i].text);
        else
            lv->log[k++] = lv->log[i];
    }
    lv->nlog = k;
}

/* The engine's log sink: each line is tagged with the decision being
 * applied (rec.n; -1 during setup, before any snapshot exists), so that
 * undo drops the lines of the decisions it takes back. */
static void on_log(void *ud, vb_roles see, const char *line)
{
    live *lv = ud;
    logline *l;
    if (lv->nlog == lv->caplog) {
        size_t cap = lv->caplog ? lv->caplog * 2 : 64;
        void *p = realloc(lv->log, cap * sizeof *lv->log);
        if (!p)
            return;
        lv->log = p;
        lv->caplog = cap;
    }
    l = &lv->log[lv->nlog];
    l->text = strdup(line);
    if (!l->text)
        return;
    l->entry = lv->m.snaps ? (int)lv->m.rec.n : -1;
    l->see = see;
    lv->nlog++;
}

static void ctx_for(live *lv, vb_ctx *cx)
{
    vb_ctx_init(cx);
    cx->log = on_log;
    cx->log_ud = lv;
}

/* ---- game handles -------------------------------------------------------------*/

static const vb_game *game_handle(srv *sv, const char *id, char *err, size_t n)
{
    const vb_game *g = NULL;
    pthread_mutex_lock(&sv->mu);
    for (int i = 0; i < vb_registry_count() && i < 64; i++) {
        if (strcmp(vb_registry_get(i)->id, id) != 0)
            continue;
        if (!sv->defs[i]) {
            vb_ctx cx;
            vb_ctx_init(&cx);
            sv->defs[i] = vb_game_load(id, &cx);
            if (!sv->defs[i])
                snprintf(err, n, "%s", cx.err);
        }
        g = sv->defs[i];
        break;
    }
    if (!g && !err[0])
        snprintf(err, n, "unknown game '%.40s' (see GET /api/catalog)", id);
    pthread_mutex_unlock(&sv->mu);
    return g;
}

int srv_init(srv *sv, store *st, const char *webdir, char *err, size_t n)
{
    (void)err;
    (void)n;
    memset(sv, 0, sizeof *sv);
    sv->st = st;
    sv->webdir = webdir;
    pthread_mutex_init(&sv->mu, NULL);
    pthread_mutex_init(&sv->qmu, NULL);
    pthread_cond_init(&sv->qcv, NULL);
    return 0;
}

static void live_free(live *lv)
{
    sse_sub *s = lv->subs;
    while (s) {
        sse_sub *next = s->next;
        sse_unref(s);
        s = next;
    }
    log_clear(lv, -1);
    free(lv->log);
    for (int r = 0; r < VB_MAX_ROLES; r++) {
        free(lv->vtext[r]);
        free(lv->atext[r]);
    }
    if (lv->loaded)
        vb_match_release(&lv->m);
    pthread_mutex_destroy(&lv->mu);
    free(lv);
}

void srv_release(srv *sv)
{
    live *lv = sv->games;
    while (lv) {
        live *next = lv->next;
        live_free(lv);
        lv = next;
    }
    for (int i = 0; i < 64; i++)
        vb_game_free(sv->defs[i]);
    free(sv->q);
    pthread_mutex_destroy(&sv->mu);
    pthread_mutex_destroy(&sv->qmu);
    pthread_cond_destroy(&sv->qcv);
}

/* ---- persistence ------------------------------------------------------------*/

/* The referee's state file without its history: what the store keeps as
 * the game's current state. A new string (free) or NULL. */
static char *state_text(const vb_match *m)
{
    json_t *j = vb_match_to_json(m, -1);
    char *s;
    if (!j)
        return NULL;
    json_object_del(j, "history");
    s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return s;
}

/* Load lv's match from the store (inside change tx, or NULL): the record
 * replayed from setup by the engine and checked against the stored state.
 * lv->mu held. */
static int live_load(live *lv, store_tx *tx, char *err, size_t n)
{
    store_seat seats[VB_MAX_ROLES];
    json_t *j = NULL;
    char resigned[32] = "";
    int nseats = 0, rc;
    vb_ctx cx;
    if (lv->loaded) {
        vb_match_release(&lv->m);
        lv->loaded = 0;
    }
    log_clear(lv, -1);
    rc = store_load(lv->sv->st, tx, lv->id, &j, seats, VB_MAX_ROLES, &nseats, resigned,
                    sizeof resigned, &lv->rev, err, n);
    if (rc <= 0) {
        if (rc == 0)
            snprintf(err, n, "unknown game");
        return rc == 0 ? 404 : 500;
    }
    memset(lv->seats, 0, sizeof lv->seats);
    lv->resigned = resigned[0] ? vb_role_index(lv->g, resigned) : -1;
    for (int i = 0; i < nseats; i++) {
        int r = vb_role_index(lv->g, seats[i].role);
        if (r < 0)
            continue;
        lv->seats[r].used = 1;
        lv->seats[r].ai = strcmp(seats[i].kind, "ai") == 0;
        snprintf(lv->seats[r].policy, sizeof lv->seats[r].policy, "%s", seats[i].policy);
        snprintf(lv->seats[r].token, sizeof lv->seats[r].token, "%s", seats[i].token);
    }
    ctx_for(lv, &cx);
    rc = vb_match_load(&lv->m, lv->g, j, &cx);
    json_decref(j);
    if (rc < 0) {
        log_clear(lv, -1);
        snprintf(err, n, "game %s does not replay: %s", lv->id, cx.err);
        return 500;
    }
    lv->loaded = 1;
    /* Versions only need to differ from any a client saw before: start a
     * (re)loaded game past every earlier run's (milliseconds of the clock). */
    if (lv->version == 0)
        lv->version = now_ms();
    return 200;
}

int srv_find(srv *sv, const char *id, live **out, char *err, size_t n)
{
    live *lv;
    char game[64] = "";
    int rc;
    *out = NULL;
    pthread_mutex_lock(&sv->mu);
    for (lv = sv->games; lv; lv = lv->next)
        if (strcmp(lv->id, id) == 0)
            break;
    if (lv)
        lv->refs++;
    pthread_mutex_unlock(&sv->mu);
    if (lv) {
        *out = lv;
        return 200;
    }
    rc = store_game(sv->st, id, game, sizeof game, err, n);
    if (rc == 0)
        snprintf(err, n, "unknown game '%s'", id);
    if (rc <= 0)
        return rc == 0 ? 404 : 500;
    lv = calloc(1, sizeof *lv);
    if (!lv) {
        snprintf(err, n, "out of memory");
        return 500;
    }
    lv->sv = sv;
    snprintf(lv->id, sizeof lv->id, "%s", id);
    pthread_mutex_init(&lv->mu, NULL);
    lv->g = game_handle(sv, game, err, n);
    if (!lv->g) {
        live_free(lv);
        return 500;
    }
    pthread_mutex_lock(&lv->mu);
    rc = live_load(lv, NULL, err, n);
    pthread_mutex_unlock(&lv->mu);
    if (rc != 200) {
        live_free(lv);
        return rc;
    }
    pthread_mutex_lock(&sv->mu);
    {
        /* Another thread may have loaded it meanwhile: keep the first. */
        live *x;
        for (x = sv->games; x; x = x->next)
            if (strcmp(x->id, id) == 0)
                break;
        if (x) {
            x->refs++;
            pthread_mutex_unlock(&sv->mu);
            live_free(lv);
            *out = x;
            return 200;
        }
        lv->refs = 1;
        lv->next = sv->games;
        sv->games = lv;
        sv->ngames++;
    }
    pthread_mutex_unlock(&sv->mu);
    *out = lv;
    return 200;
}

void live_put(live *lv)
{
    srv *sv = lv->sv;
    pthread_mutex_lock(&sv->mu);
    lv->refs--;
    lv->used_ms = mono_ms();
    pthread_mutex_unlock(&sv->mu);
}

/* 1 when lv may leave memory: no event stream open (closed ones are
 * dropped), no AI move pending. sv->mu and lv->mu held. */
static int live_idle(live *lv)
{
    sse_sub **pp = &lv->subs;
    if (lv->ai_queued)
        return 0;
    while (*pp) {
        sse_sub *s = *pp;
        int closed;
        pthread_mutex_lock(&s->mu);
        closed = s->closed;
        pthread_mutex_unlock(&s->mu);
        if (!closed)
            return 0;
        *pp = s->next;
        sse_unref(s);
    }
    return 1;
}

int srv_evict(srv *sv, uint64_t idle_ms)
{
    uint64_t now = mono_ms();
    live **pp, *gone = NULL;
    int k = 0;
    pthread_mutex_lock(&sv->mu);
    pp = &sv->games;
    while (*pp) {
        live *lv = *pp;
        int out = 0;
        if (lv->refs == 0 && now - lv->used_ms >= idle_ms) {
            pthread_mutex_lock(&lv->mu);
            out = live_idle(lv);
            pthread_mutex_unlock(&lv->mu);
        }
        if (out) {
            *pp = lv->next;
            lv->next = gone;
            gone = lv;
            sv->ngames--;
            k++;
        } else {
            pp = &lv->next;
        }
    }
    pthread_mutex_unlock(&sv->mu);
    /* Nobody can reach them any more: freed without a lock. */
    while (gone) {
        live *next = gone->next;
        live_free(gone);
        gone = next;
    }
    return k;
}

int srv_streams(srv *sv)
{
    int k;
    pthread_mutex_lock(&sv->mu);
    k = sv->nstreams;
    pthread_mutex_unlock(&sv->mu);
    return k;
}

int srv_games_held(srv *sv)
{
    int k;
    pthread_mutex_lock(&sv->mu);
    k = sv->ngames;
    pthread_mutex_unlock(&sv->mu);
    return k;
}

/* ---- notifications and the AI queue -------------------------------------------*/

static void ai_enqueue(live *lv);

/* Tell every subscriber that lv changed; queue the AI if it decides now
 * and the change was made here (local; another process's change is that
 * process's to follow). lv->mu held. */
static void changed_by(live *lv, int local)
{
    char msg[160];
    sse_sub **pp = &lv->subs;
    int who = live_who(lv);
    int len;
    lv->version++;
    len = snprintf(msg, sizeof msg,
                   "event: change\ndata: {\"version\":%llu,\"to_move\":\"%s\",\"over\":%s}\n\n",
                   (unsigned long long)lv->version,
                   who >= 0           ? lv->g->def->roles[who]
                   : who == VB_CHANCE ? "chance"
                                      : "over",
                   who == VB_OVER ? "true" : "false");
    while (*pp) {
        sse_sub *s = *pp;
        pthread_mutex_lock(&s->mu);
        if (s->closed) {
            pthread_mutex_unlock(&s->mu);
            *pp = s->next;
            sse_unref(s);
            continue;
        }
        pthread_mutex_unlock(&s->mu);
        sse_push(s, msg, (size_t)len);
        pp = &s->next;
    }
    if (local && who >= 0 && lv->seats[who].ai)
        ai_enqueue(lv);
}

static void changed(live *lv)
{
    changed_by(lv, 1);
}

/* Make sure lv holds the stored game: when other processes may change it
 * (PostgreSQL), compare revisions and reload if they differ. lv->mu held.
 * Returns 200, or 404/500 with err. */
int live_fresh(live *lv, char *err, size_t n)
{
    long long rev = 0;
    int rc;
    if (lv->loaded && !store_shared(lv->sv->st))
        return 200;
    rc = store_rev(lv->sv->st, lv->id, &rev, err, n);
    if (rc <= 0) {
        if (rc == 0)
            snprintf(err, n, "unknown game");
        return rc == 0 ? 404 : 500;
    }
    if (lv->loaded && rev == lv->rev)
        return 200;
    rc = live_load(lv, NULL, err, n);
    if (rc == 200)
        changed_by(lv, 0);
    return rc;
}

/* Begin a change of lv: the store's lock on the game (PostgreSQL: its row,
 * until the change ends), and lv reloaded when another process changed it
 * meanwhile. lv->mu held. 200 with *tx (to end with persist or
 * store_abort), or 404/500 with err and nothing to end. */
static int change_begin(live *lv, store_tx **tx, char *err, size_t n)
{
    long long rev = 0;
    int rc = store_begin(lv->sv->st, lv->id, tx, &rev, err, n);
    if (rc <= 0) {
        if (rc == 0)
            snprintf(err, n, "unknown game");
        return rc == 0 ? 404 : 500;
    }
    if (lv->loaded && rev == lv->rev)
        return 200;
    rc = live_load(lv, *tx, err, n);
    if (rc != 200) {
        store_abort(lv->sv->st, *tx);
        *tx = NULL;
        return rc;
    }
    changed_by(lv, 0);
    return 200;
}

static void on_remote_change(void *ud, const char *id)
{
    srv *sv = ud;
    live *lv;
    char err[VB_ERR_LEN];
    pthread_mutex_lock(&sv->mu);
    for (lv = sv->games; lv; lv = lv->next)
        if (strcmp(lv->id, id) == 0)
            break;
    if (lv)
        lv->refs++;
    pthread_mutex_unlock(&sv->mu);
    if (!lv)
        return; /* not held here: read from the store when asked */
    pthread_mutex_lock(&lv->mu);
    if (live_fresh(lv, err, sizeof err) != 200)
        fprintf(stderr, "vauban serve: game %s: %s\n", id, err);
    pthread_mutex_unlock(&lv->mu);
    live_put(lv);
}

int srv_follow(srv *sv)
{
    return store_follow(sv->st, on_remote_change, sv);
}

/* Keep at most SRV_STREAMS_PER_GAME - 1 streams on lv before a new one:
 * closed ones dropped, then the oldest ended. lv->mu held. */
static void streams_room(live *lv)
{
    sse_sub **pp = &lv->subs, **oldest = NULL;
    int k = 0;
    while (*pp) {
        sse_sub *s = *pp;
        int closed;
        pthread_mutex_lock(&s->mu);
        closed = s->closed;
        pthread_mutex_unlock(&s->mu);
        if (closed) {
            *pp = s->next;
            sse_unref(s);
            continue;
        }
        k++;
        oldest = pp; /* the list is newest first */
        pp = &s->next;
    }
    if (k >= SRV_STREAMS_PER_GAME && oldest) {
        sse_sub *s = *oldest;
        *oldest = s->next;
        pthread_mutex_lock(&s->mu);
        s->shutdown = 1;
        pthread_mutex_unlock(&s->mu);
        sse_push(s, "", 0); /* wakes it: it ends */
        sse_unref(s);
    }
}

void live_subscribe(live *lv, sse_sub *s)
{
    char msg[80];
    int len;
    pthread_mutex_lock(&lv->mu);
    streams_room(lv);
    s->refs++;
    s->next = lv->subs;
    lv->subs = s;
    len = snprintf(msg, sizeof msg, "retry: 2000\nevent: hello\ndata: {\"version\":%llu}\n\n",
                   (unsigned long long)lv->version);
    pthread_mutex_unlock(&lv->mu);
    sse_push(s, msg, (size_t)len);
}

static void each_sub(srv *sv, const char *msg, int end)
{
    pthread_mutex_lock(&sv->mu);
    for (live *lv = sv->games; lv; lv = lv->next) {
        sse_sub **pp = &lv->subs;
        pthread_mutex_lock(&lv->mu);
        while (*pp) {
            sse_sub *s = *pp;
            int closed;
            pthread_mutex_lock(&s->mu);
            closed = s->closed;
            if (end)
                s->shutdown = 1;
            pthread_mutex_unlock(&s->mu);
            if (closed) { /* the client went away: drop the game's reference */
                *pp = s->next;
                sse_unref(s);
                continue;
            }
            sse_push(s, msg, strlen(msg));
            pp = &s->next;
        }
        pthread_mutex_unlock(&lv->mu);
    }
    pthread_mutex_unlock(&sv->mu);
}

void srv_ping(srv *sv)
{
    each_sub(sv, ": ping\n\n", 0);
}

void srv_end_streams(srv *sv)
{
    each_sub(sv, "", 1);
}

/* ---- decisions ------------------------------------------------------------------*/

/* Resolve chance decisions from the state's own generator until a player
 * decides or the game ends. */
static int roll_chance(live *lv, vb_ctx *cx)
{
    for (int i = 0; i < MAX_CHANCE_RUN; i++) {
        int rc;
        if (vb_to_move(lv->g, lv->m.st) != VB_CHANCE)
            return 0;
        if ((rc = vb_match_roll(&lv->m, cx)) < 0)
            return rc;
    }
    return vb_fail(cx, VB_EINPUT, "more than %d chance decisions in a row", MAX_CHANCE_RUN);
}

/* Back to what the store acknowledged, after a failed change. */
static void reload(live *lv)
{
    char e2[VB_ERR_LEN];
    if (live_load(lv, NULL, e2, sizeof e2) != 200)
        fprintf(stderr, "vauban serve: %s\n", e2);
}

/* Write lv's record from entry `keep` on and its state in one transaction.
 * On failure the game is reloaded from the store (what was acknowledged
 * before), and 500 returned. lv->mu held. */
static int persist(live *lv, store_tx *tx, size_t keep, char *err, size_t n)
{
    char *state = state_text(&lv->m);
    int rc = VB_ENOMEM;
    if (state)
        rc = store_sync(lv->sv->st, tx, lv->id, &lv->m, keep, state, live_who(lv) == VB_OVER,
                        &lv->rev, err, n);
    else {
        store_abort(lv->sv->st, tx);
        snprintf(err, n, "out of memory");
    }
    free(state);
    if (rc == 0)
        return 200;
    reload(lv);
    return 500;
}

/* Apply action a for the role deciding now, resolve the chance that
 * follows, persist; the change tx ends either way. lv->mu held. */
static int decide(live *lv, store_tx *tx, vb_action a, char *err, size_t n)
{
    size_t keep = lv->m.rec.n;
    int rc;
    vb_ctx cx;
    ctx_for(lv, &cx);
    rc = vb_match_apply(&lv->m, a, &cx);
    if (rc < 0) {
        store_abort(lv->sv->st, tx);
        log_clear(lv, (int)keep);
        snprintf(err, n, "%s", cx.err);
        return 422;
    }
    rc = roll_chance(lv, &cx);
    if (rc < 0) {
        /* Back to the acknowledged state: the store still has it. */
        store_abort(lv->sv->st, tx);
        snprintf(err, n, "%s", cx.err);
        reload(lv);
        return 500;
    }
    rc = persist(lv, tx, keep, err, n);
    changed(lv);
    return rc;
}

int live_act(live *lv, int role, const char *text, char *err, size_t n)
{
    vb_action a;
    vb_ctx cx;
    store_tx *tx;
    int who, rc;
    pthread_mutex_lock(&lv->mu);
    if ((rc = change_begin(lv, &tx, err, n)) != 200) {
        pthread_mutex_unlock(&lv->mu);
        return rc;
    }
    who = live_who(lv);
    if (who == VB_OVER) {
        snprintf(err, n, "illegal action '%.60s': the game is over", text);
        rc = 409;
    } else if (who != role) {
        snprintf(err, n, "not your turn: %s decides", who >= 0 ? lv->g->def->roles[who] : "chance");
        rc = 409;
    } else {
        vb_ctx_init(&cx);
        rc = vb_parse_action(lv->g, lv->m.st, text, &a, &cx);
        if (rc < 0) {
            snprintf(err, n, "%s", cx.err);
            rc = 422;
        } else {
            rc = decide(lv, tx, a, err, n);
            tx = NULL;
        }
    }
    if (tx)
        store_abort(lv->sv->st, tx);
    pthread_mutex_unlock(&lv->mu);
    return rc;
}

int live_undo(live *lv, int role, char *err, size_t n)
{
    vb_ctx cx;
    store_tx *tx;
    int rc;
    pthread_mutex_lock(&lv->mu);
    vb_ctx_init(&cx);
    if ((rc = change_begin(lv, &tx, err, n)) != 200) {
        pthread_mutex_unlock(&lv->mu);
        return rc;
    }
    if (live_who(lv) == VB_OVER) {
        snprintf(err, n, "nothing to undo: the game is over");
        rc = 409;
    } else if (vb_match_undo(&lv->m, role, &cx) < 0) {
        snprintf(err, n, "%s", cx.err);
        rc = 409;
    } else {
        log_clear(lv, (int)lv->m.rec.n);
        rc = persist(lv, tx, lv->m.rec.n, err, n);
        tx = NULL;
        changed(lv);
    }
    if (tx)
        store_abort(lv->sv->st, tx);
    pthread_mutex_unlock(&lv->mu);
    return rc;
}

int live_resign(live *lv, int role, char *err, size_t n)
{
    store_tx *tx;
    int rc;
    pthread_mutex_lock(&lv->mu);
    if ((rc = change_begin(lv, &tx, err, n)) != 200) {
        pthread_mutex_unlock(&lv->mu);
        return rc;
    }
    if (live_who(lv) == VB_OVER) {
        store_abort(lv->sv->st, tx);
        snprintf(err, n, "resign: the game is over");
        rc = 409;
    } else if (store_resign(lv->sv->st, tx, lv->id, lv->g->def->roles[role], &lv->rev, err, n) <
               0) {
        reload(lv);
        rc = 500;
    } else {
        lv->resigned = role;
        changed(lv);
    }
    pthread_mutex_unlock(&lv->mu);
    return rc;
}

/* ---- creating a game ------------------------------------------------------------*/

/* The AI policies a seat may have: those with a bounded time per move, so
 * that no game can hold a worker for long. */
static int bounded_policy(const char *spec)
{
    long long ms;
    char num[16];
    size_t len = strlen(spec);
    vb_ctx cx;
    if (strcmp(spec, "random") == 0 || strcmp(spec, "greedy") == 0)
        return 1;
    if (strncmp(spec, "mcts:", 5) != 0 || len < 8 || len - 7 >= sizeof num ||
        strcmp(spec + len - 2, "ms") != 0)
        return 0;
    memcpy(num, spec + 5, len - 7);
    num[len - 7] = '\0';
    vb_ctx_init(&cx);
    return vb_parse_ll(num, 1, SRV_AI_MAX_MS, &ms, "ms", &cx) == 0;
}

static const char *const create_keys[] = {"game", "scenario", "options", "seats", "player", NULL};

int srv_create(srv *sv, json_t *req, json_t **resp, char *err, size_t n)
{
    const char *game = NULL, *scen = NULL, *player = "";
    json_t *opts, *seats_j, *out, *oseats;
    int scenario = 0, optv[VB_MAX_OPTIONS], rc, nseats = 0;
    store_seat seats[VB_MAX_ROLES];
    vb_roles roles;
    const vb_game *g;
    char id[STORE_ID_LEN + 1], *state;
    live *lv;
    vb_ctx cx;

    *resp = NULL;
    vb_ctx_init(&cx);
    if (!json_is_object(req)) {
        snprintf(err, n, "new game: expected a JSON object");
        return 400;
    }
    if (vb_json_known(req, create_keys, "new game", &cx) < 0 ||
        vb_json_str(req, "game", &game, "new game", &cx) < 0) {
        snprintf(err, n, "%s", cx.err);
        return 400;
    }
    if (json_object_get(req, "player") &&
        (vb_json_str(req, "player", &player, "new game", &cx) < 0 || !srv_valid_key(player))) {
        snprintf(err, n, "new game: \"player\" must be a player key of %d hex digits",
                 STORE_TOKEN_LEN);
        return 400;
    }
    err[0] = '\0';
    if (!(g = game_handle(sv, game, err, n)))
        return vb_registry_find(game) ? 500 : 404;
    if (json_object_get(req, "scenario")) {
        if (vb_json_str(req, "scenario", &scen, "new game", &cx) < 0) {
            snprintf(err, n, "%s", cx.err);
            return 400;
        }
        if ((scenario = vb_scenario_index(g, scen)) < 0) {
            snprintf(err, n, "new game: unknown scenario '%.40s'", scen);
            return 400;
        }
    }
    vb_option_defaults(g, scenario, optv);
    opts = json_object_get(req, "options");
    if (opts) {
        const char *key;
        json_t *v;
        if (!json_is_object(opts)) {
            snprintf(err, n, "new game: \"options\" must be an object");
            return 400;
        }
        json_object_foreach(opts, key, v)
        {
            char kv[96];
            if (!json_is_integer(v) && !json_is_boolean(v)) {
                snprintf(err, n, "new game: option '%.40s' must be an integer", key);
                return 400;
            }
            snprintf(kv, sizeof kv, "%.40s=%lld", key,
                     json_is_boolean(v) ? (long long)json_is_true(v)
                                        : (long long)json_integer_value(v));
            if (vb_option_parse(g, kv, optv, &cx) < 0) {
                snprintf(err, n, "%s", cx.err);
                return 400;
            }
        }
    }
    roles = vb_scenario_roles(g, scenario);
    seats_j = json_object_get(req, "seats");
    if (seats_j && !json_is_object(seats_j)) {
        snprintf(err, n, "new game: \"seats\" must be an object {role: \"human\" or a policy}");
        return 400;
    }
    if (seats_j) {
        const char *key;
        json_t *v;
        json_object_foreach(seats_j, key, v)
        {
            int r = vb_role_index(g, key);
            if (r < 0 || !(roles >> r & 1u)) {
                snprintf(err, n, "new game: no seat '%.40s' in scenario '%s'", key,
                         g->scenarios[scenario]);
                return 400;
            }
            if (!json_is_string(v)) {
                snprintf(err, n, "new game: seat '%s' must be \"human\" or an AI policy", key);
                return 400;
            }
        }
    }
    for (int r = 0; r < g->def->nroles; r++) {
        const char *kind = "human";
        store_seat *s;
        if (!(roles >> r & 1u))
            continue;
        if (seats_j && json_is_string(json_object_get(seats_j, g->def->roles[r])))
            kind = json_string_value(json_object_get(seats_j, g->def->roles[r]));
        s = &seats[nseats++];
        memset(s, 0, sizeof *s);
        snprintf(s->role, sizeof s->role, "%s", g->def->roles[r]);
        if (strcmp(kind, "human") == 0) {
            snprintf(s->kind, sizeof s->kind, "human");
            snprintf(s->player, sizeof s->player, "%s", player);
        } else {
            vb_policy *p;
            if (!bounded_policy(kind)) {
                snprintf(err, n,
                         "new game: seat '%s': policy '%.40s': expected \"human\", \"random\", "
                         "\"greedy\" or \"mcts:Nms\" (N at most %d: a time budget per move)",
                         s->role, kind, SRV_AI_MAX_MS);
                return 400;
            }
            if (!(p = vb_policy_new(g, kind, 1, &cx))) {
                snprintf(err, n, "new game: seat '%s': %s", s->role, cx.err);
                return 400;
            }
            vb_policy_free(p);
            snprintf(s->kind, sizeof s->kind, "ai");
            snprintf(s->policy, sizeof s->policy, "%s", kind);
        }
        if (srv_random_hex(s->token, STORE_TOKEN_LEN / 2) < 0) {
            snprintf(err, n, "no random numbers from the system");
            return 500;
        }
    }
    if (srv_random_hex(id, STORE_ID_LEN / 2) < 0) {
        snprintf(err, n, "no random numbers from the system");
        return 500;
    }

    lv = calloc(1, sizeof *lv);
    if (!lv) {
        snprintf(err, n, "out of memory");
        return 500;
    }
    lv->sv = sv;
    lv->g = g;
    lv->resigned = -1;
    snprintf(lv->id, sizeof lv->id, "%s", id);
    pthread_mutex_init(&lv->mu, NULL);
    ctx_for(lv, &cx);
    rc = vb_match_init(&lv->m, g, scenario, optv, random_u64(), &cx);
    if (rc == 0) {
        lv->loaded = 1;
        rc = roll_chance(lv, &cx);
    }
    if (rc < 0) {
        snprintf(err, n, "%s", cx.err);
        live_free(lv);
        return 400;
    }
    for (int i = 0; i < nseats; i++) {
        int r = vb_role_index(g, seats[i].role);
        lv->seats[r].used = 1;
        lv->seats[r].ai = strcmp(seats[i].kind, "ai") == 0;
        snprintf(lv->seats[r].policy, sizeof lv->seats[r].policy, "%s", seats[i].policy);
        snprintf(lv->seats[r].token, sizeof lv->seats[r].token, "%s", seats[i].token);
    }
    state = state_text(&lv->m);
    rc = state ? store_create(sv->st, id, g->def->id, seats, nseats, &lv->m, state, err, n)
               : VB_ENOMEM;
    if (!state)
        snprintf(err, n, "out of memory");
    free(state);
    if (rc < 0) {
        live_free(lv);
        return 500;
    }
    out = json_pack("{s:s, s:s, s:s}", "id", id, "game", g->def->id, "scenario",
                    g->scenarios[scenario]);
    oseats = json_object();
    for (int i = 0; i < nseats; i++) {
        json_t *x = json_pack("{s:s}", "kind", seats[i].kind);
        if (seats[i].kind[0] == 'h')
            json_object_set_new(x, "token", json_string(seats[i].token));
        else
            json_object_set_new(x, "policy", json_string(seats[i].policy));
        json_object_set_new(oseats, seats[i].role, x);
    }
    json_object_set_new(out, "seats", oseats);
    lv->rev = 1;
    pthread_mutex_lock(&sv->mu);
    lv->next = sv->games;
    sv->games = lv;
    sv->ngames++;
    lv->used_ms = mono_ms();
    pthread_mutex_unlock(&sv->mu);
    pthread_mutex_lock(&lv->mu);
    lv->version = now_ms();
    changed(lv);
    pthread_mutex_unlock(&lv->mu);
    *resp = out;
    return 201;
}

json_t *srv_catalog(srv *sv)
{
    json_t *arr = json_array();
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *d = vb_registry_get(i);
        char err[VB_ERR_LEN] = "";
        const vb_game *g = game_handle(sv, d->id, err, sizeof err);
        json_t *scen, *opts;
        if (!g)
            continue; /* its data cannot be read: left out */
        scen = json_array();
        opts = json_array();
        for (int s = 0; s < g->nscenarios; s++) {
            json_t *roles = json_array();
            vb_roles rs = vb_scenario_roles(g, s);
            for (int r = 0; r < d->nroles; r++)
                if (rs >> r & 1u)
                    json_array_append_new(roles, json_string(d->roles[r]));
            json_array_append_new(scen,
                                  json_pack("{s:s, s:o}", "name", g->scenarios[s], "roles", roles));
        }
        for (int o = 0; o < d->noptions; o++)
            json_array_append_new(opts, json_pack("{s:s, s:s, s:i, s:i, s:i}", "key",
                                                  d->options[o].key, "help", d->options[o].help,
                                                  "default", d->options[o].def, "min",
                                                  d->options[o].min, "max", d->options[o].max));
        json_array_append_new(arr,
                              json_pack("{s:s, s:s, s:o, s:o, s:b}", "id", d->id, "title", d->title,
                                        "scenarios", scen, "options", opts, "svg", d->svg != NULL));
    }
    return json_pack("{s:o, s:[s,s,s,s]}", "games", arr, "policies", "random", "greedy",
                     "mcts:300ms", "mcts:2000ms");
}

/* ---- AI workers --------------------------------------------------------------------*/

static void ai_enqueue(live *lv)
{
    srv *sv = lv->sv;
    if (lv->ai_queued)
        return;
    pthread_mutex_lock(&sv->qmu);
    if (sv->qn == sv->qcap) {
        size_t cap = sv->qcap ? sv->qcap * 2 : 16;
        void *p = realloc(sv->q, cap * sizeof *sv->q);
        if (!p) {
            pthread_mutex_unlock(&sv->qmu);
            return;
        }
        sv->q = p;
        sv->qcap = cap;
    }
    sv->q[sv->qn++] = lv;
    lv->ai_queued = 1;
    pthread_cond_signal(&sv->qcv);
    pthread_mutex_unlock(&sv->qmu);
}

/* One AI move in lv, if an AI seat decides: chosen on a copy of the state
 * without the game's lock (a slow search blocks no request), applied only
 * if nothing changed meanwhile. */
static void ai_move(live *lv)
{
    void *copy = malloc(lv->g->def->state_size);
    char spec[64], err[VB_ERR_LEN];
    uint64_t version;
    vb_policy *p;
    vb_action a;
    vb_ctx cx;
    store_tx *tx;
    int who;
    if (!copy)
        return;
    pthread_mutex_lock(&lv->mu);
    lv->ai_queued = 0;
    if (live_fresh(lv, err, sizeof err) != 200) {
        pthread_mutex_unlock(&lv->mu);
        free(copy);
        return;
    }
    who = live_who(lv);
    if (who < 0 || !lv->seats[who].ai) {
        pthread_mutex_unlock(&lv->mu);
        free(copy);
        return;
    }
    memcpy(copy, lv->m.st, lv->g->def->state_size);
    version = lv->version;
    snprintf(spec, sizeof spec, "%s", lv->seats[who].policy);
    pthread_mutex_unlock(&lv->mu);

    vb_ctx_init(&cx);
    p = vb_policy_new(lv->g, spec, random_u64(), &cx);
    if (!p) {
        fprintf(stderr, "vauban serve: game %s: %s\n", lv->id, cx.err);
        free(copy);
        return;
    }
    a = vb_policy_choose(p, copy);
    vb_policy_free(p);
    free(copy);

    pthread_mutex_lock(&lv->mu);
    if (change_begin(lv, &tx, err, sizeof err) != 200) {
        fprintf(stderr, "vauban serve: game %s: AI %s: %s\n", lv->id, spec, err);
    } else if (lv->version == version && live_who(lv) == who) {
        int rc = decide(lv, tx, a, err, sizeof err);
        if (rc != 200)
            fprintf(stderr, "vauban serve: game %s: AI %s: %s\n", lv->id, spec, err);
    } else {
        store_abort(lv->sv->st, tx);
        if (live_who(lv) >= 0 && lv->seats[live_who(lv)].ai)
            ai_enqueue(lv); /* the game moved on meanwhile: think again */
    }
    pthread_mutex_unlock(&lv->mu);
}

static void *ai_worker(void *arg)
{
    srv *sv = arg;
    for (;;) {
        live *lv;
        pthread_mutex_lock(&sv->qmu);
        while (!sv->stop && sv->qn == 0)
            pthread_cond_wait(&sv->qcv, &sv->qmu);
        if (sv->stop) {
            pthread_mutex_unlock(&sv->qmu);
            return NULL;
        }
        lv = sv->q[0];
        memmove(sv->q, sv->q + 1, (sv->qn - 1) * sizeof *sv->q);
        sv->qn--;
        pthread_mutex_unlock(&sv->qmu);
        /* A queued game is not evicted (ai_queued): hold it while thinking. */
        pthread_mutex_lock(&sv->mu);
        lv->refs++;
        pthread_mutex_unlock(&sv->mu);
        ai_move(lv);
        live_put(lv);
    }
}

static void resume_one(void *ud, const char *id)
{
    srv *sv = ud;
    live *lv;
    char err[VB_ERR_LEN] = "";
    if (srv_find(sv, id, &lv, err, sizeof err) != 200) {
        fprintf(stderr, "vauban serve: %s\n", err);
        return;
    }
    pthread_mutex_lock(&lv->mu);
    {
        int who = live_who(lv);
        if (who >= 0 && lv->seats[who].ai)
            ai_enqueue(lv);
    }
    pthread_mutex_unlock(&lv->mu);
    live_put(lv);
}

int srv_start_ai(srv *sv)
{
    for (int i = 0; i < SRV_AI_WORKERS; i++) {
        if (pthread_create(&sv->workers[i], NULL, ai_worker, sv) != 0)
            break;
        sv->nworkers++;
    }
    if (sv->nworkers == 0)
        return VB_ENOMEM;
    return store_each_running(sv->st, resume_one, sv);
}

void srv_stop_ai(srv *sv)
{
    pthread_mutex_lock(&sv->qmu);
    sv->stop = 1;
    pthread_cond_broadcast(&sv->qcv);
    pthread_mutex_unlock(&sv->qmu);
    for (int i = 0; i < sv->nworkers; i++)
        pthread_join(sv->workers[i], NULL);
    sv->nworkers = 0;
}

/* ---- players ------------------------------------------------------------------------*/

int live_join(live *lv, int role, const char *player, char *err, size_t n)
{
    int rc = store_claim(lv->sv->st, lv->id, lv->g->def->roles[role], player, err, n);
    if (rc == 0)
        snprintf(err, n, "join: seat %s is not a human seat", lv->g->def->roles[role]);
    return rc > 0 ? 200 : rc == 0 ? 409 : 500;
}
