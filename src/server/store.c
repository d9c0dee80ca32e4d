/* store.c - the server's SQLite storage: schema and migrations, games,
 * seats, records. Every statement is prepared once with bound parameters;
 * a store-wide mutex serialises their use. */
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store.h"

/* store.c - the storage interface (store.h) and its SQLite back end:
 * schema and migrations, games, seats, records. Every statement is
 * prepared once with bound parameters; a store-wide mutex serialises their
 * use; changes are group-committed. One process per database file: an
 * exclusive lock on the file says so to a second `vauban serve`. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "store_int.h"

/* ---- the interface: dispatch to the back end -------------------------------*/

int store_is_pg(const char *where)
{
    return strncmp(where, "postgresql://", 13) == 0 || strncmp(where, "postgres://", 11) == 0;
}

static store *sq_open(const char *path, char *err, size_t n);

store *store_open(const char *where, char *err, size_t n)
{
    if (store_is_pg(where)) {
#ifdef VB_HAVE_PG
        return store_pg_open(where, err, n);
#else
        snprintf(err, n,
                 "this build has no PostgreSQL storage: install libpq-dev (scripts/setup), then "
                 "rebuild");
        return NULL;
#endif
    }
    return sq_open(where, err, n);
}

void store_close(store *s)
{
    if (s)
        s->ops->close(s);
}

int store_schema_version(store *s)
{
    return s->ops->schema_version(s);
}

int store_shared(const store *s)
{
    return s->shared;
}

int store_create(store *s, const char *id, const char *game, const store_seat *seats, int nseats,
                 const vb_match *m, const char *state, char *err, size_t n)
{
    return s->ops->create(s, id, game, seats, nseats, m, state, err, n);
}

int store_begin(store *s, const char *id, store_tx **tx, long long *rev, char *err, size_t n)
{
    *tx = NULL;
    return s->ops->begin(s, id, tx, rev, err, n);
}

void store_abort(store *s, store_tx *tx)
{
    s->ops->abort(s, tx);
}

int store_sync(store *s, store_tx *tx, const char *id, const vb_match *m, size_t keep,
               const char *state, int over, long long *rev, char *err, size_t n)
{
    return s->ops->sync(s, tx, id, m, keep, state, over, rev, err, n);
}

int store_resign(store *s, store_tx *tx, const char *id, const char *role, long long *rev,
                 char *err, size_t n)
{
    return s->ops->resign(s, tx, id, role, rev, err, n);
}

int store_load(store *s, store_tx *tx, const char *id, json_t **out, store_seat *seats, int max,
               int *nseats, char *resigned, size_t rn, long long *rev, char *err, size_t n)
{
    return s->ops->load(s, tx, id, out, seats, max, nseats, resigned, rn, rev, err, n);
}

int store_rev(store *s, const char *id, long long *rev, char *err, size_t n)
{
    return s->ops->rev(s, id, rev, err, n);
}

int store_game(store *s, const char *id, char *game, size_t gn, char *err, size_t n)
{
    return s->ops->game(s, id, game, gn, err, n);
}

int store_each_running(store *s, void (*fn)(void *ud, const char *id), void *ud)
{
    return s->ops->each_running(s, fn, ud);
}

int store_claim(store *s, const char *id, const char *role, const char *player, char *err, size_t n)
{
    return s->ops->claim(s, id, role, player, err, n);
}

int store_player_games(store *s, const char *player, store_mine *out, int max, char *err, size_t n)
{
    return s->ops->player_games(s, player, out, max, err, n);
}

int store_follow(store *s, void (*fn)(void *ud, const char *id), void *ud)
{
    return s->ops->follow(s, fn, ud);
}

/* ---- SQLite ------------------------------------------------------------------*/

/* The schema, one migration per version: migration i brings user_version i
 * to i + 1. Never edit a released one; append (and the same in
 * store_pg.c). */
static const char *const migrations[] = {
    /* 1: games, seats, records */
    "CREATE TABLE games(id TEXT PRIMARY KEY, game TEXT NOT NULL, state TEXT NOT NULL,"
    " nentries INTEGER NOT NULL, over INTEGER NOT NULL DEFAULT 0,"
    " created INTEGER NOT NULL, updated INTEGER NOT NULL);"
    "CREATE TABLE seats(game_id TEXT NOT NULL REFERENCES games(id), role TEXT NOT NULL,"
    " kind TEXT NOT NULL, policy TEXT NOT NULL, token TEXT NOT NULL,"
    " PRIMARY KEY(game_id, role));"
    "CREATE TABLE entries(game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
    " who TEXT NOT NULL, text TEXT NOT NULL, rng INTEGER NOT NULL,"
    " PRIMARY KEY(game_id, seq)) WITHOUT ROWID;",
    /* 2: a seat may resign (the game ends, its side loses) */
    "ALTER TABLE games ADD COLUMN resigned TEXT NOT NULL DEFAULT '';",
    /* 3: a revision bumped by every change (several processes, reloads);
     * the player key holding a seat ("my games") */
    "ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 1;"
    "ALTER TABLE seats ADD COLUMN player TEXT NOT NULL DEFAULT '';"
    "CREATE INDEX seats_player ON seats(player);",
};
#define NMIGRATIONS ((int)(sizeof migrations / sizeof migrations[0]))

enum { Q_BEGIN = NQ, Q_COMMIT, Q_ROLLBACK, Q_SAVEPOINT, Q_RELEASE, Q_ROLLBACK_TO, NQ_SQ };

static const char *const queries[NQ_SQ] = {
    STORE_QUERIES,
    [Q_LOCK] = "SELECT rev FROM games WHERE id = $1",
    [Q_BEGIN] = "BEGIN IMMEDIATE",
    [Q_COMMIT] = "COMMIT",
    [Q_ROLLBACK] = "ROLLBACK",
    [Q_SAVEPOINT] = "SAVEPOINT one",
    [Q_RELEASE] = "RELEASE one",
    [Q_ROLLBACK_TO] = "ROLLBACK TO one",
};

/* A change waiting for the next group commit (on its caller's stack). */
typedef struct sync_job {
    struct sync_job *next;
    const char *id;
    const vb_match *m; /* NULL: a resignation of role `state` */
    size_t keep;
    const char *state;
    int over, done, rc;
    long long rev;
    char err[VB_ERR_LEN];
} sync_job;

typedef struct sq_store {
    store base;
    sqlite3 *db;
    sqlite3_stmt *q[NQ_SQ];
    pthread_mutex_t mu; /* the connection and err */
    char err[VB_ERR_LEN];
    int lockfd; /* the exclusive lock on the file: one process per database */
    /* group commit: changes waiting, and whether a thread is committing */
    pthread_mutex_t qmu;
    pthread_cond_t qcv;
    sync_job *qhead, **qtail;
    int leader;
} sq_store;

#define SQ(s) ((sq_store *)(s))

static int fail(sq_store *s, const char *what)
{
    snprintf(s->err, sizeof s->err, "database: %s: %s", what, sqlite3_errmsg(s->db));
    return VB_EIO;
}

/* Copy the message of a failure (rc < 0) to the caller. s->mu held. */
static int copy_err(sq_store *s, int rc, char *err, size_t n)
{
    if (rc < 0)
        snprintf(err, n, "%s", s->err);
    return rc;
}

static sqlite3_stmt *q(sq_store *s, int i)
{
    sqlite3_reset(s->q[i]);
    sqlite3_clear_bindings(s->q[i]);
    return s->q[i];
}

/* Parameter $k of a statement (the queries name them $1..$n). */
static int par(sqlite3_stmt *st, int k)
{
    char name[8];
    snprintf(name, sizeof name, "$%d", k);
    return sqlite3_bind_parameter_index(st, name);
}

static void bind_text(sqlite3_stmt *st, int k, const char *v)
{
    sqlite3_bind_text(st, par(st, k), v, -1, SQLITE_STATIC);
}

static void bind_int(sqlite3_stmt *st, int k, long long v)
{
    sqlite3_bind_int64(st, par(st, k), (sqlite3_int64)v);
}

/* Run a statement that returns no rows. */
static int step_done(sq_store *s, sqlite3_stmt *st, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : fail(s, what);
}

/* Run an UPDATE ... RETURNING rev: 0 with *rev, or <0 when no row changed
 * (message `none`) or on error. */
static int step_rev(sq_store *s, sqlite3_stmt *st, const char *what, const char *id,
                    const char *none, long long *rev)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *rev = sqlite3_column_int64(st, 0);
        rc = sqlite3_step(st);
    } else if (rc == SQLITE_DONE) {
        sqlite3_reset(st);
        snprintf(s->err, sizeof s->err, "database: game '%s' %s", id, none);
        return VB_EIO;
    }
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : fail(s, what);
}

static int sq_version(store *b)
{
    sq_store *s = SQ(b);
    sqlite3_stmt *st;
    int v = -1;
    if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
        return fail(s, "schema version");
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v < 0 ? fail(s, "schema version") : v;
}

static int migrate(sq_store *s)
{
    int v = sq_version(&s->base);
    if (v < 0)
        return v;
    if (v > NMIGRATIONS) {
        snprintf(s->err, sizeof s->err,
                 "database: schema version %d is newer than this program's (%d)", v, NMIGRATIONS);
        return VB_EINPUT;
    }
    for (; v < NMIGRATIONS; v++) {
        char pragma[48];
        snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", v + 1);
        if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
            return fail(s, "migration");
        if (sqlite3_exec(s->db, migrations[v], NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(s->db, pragma, NULL, NULL, NULL) != SQLITE_OK) {
            int rc = fail(s, "migration");
            sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
            return rc;
        }
        if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
            return fail(s, "migration");
    }
    return 0;
}

static void sq_close(store *b)
{
    sq_store *s = SQ(b);
    for (int i = 0; i < NQ_SQ; i++)
        sqlite3_finalize(s->q[i]);
    sqlite3_close(s->db);
    if (s->lockfd >= 0)
        close(s->lockfd);
    pthread_mutex_destroy(&s->mu);
    pthread_mutex_destroy(&s->qmu);
    pthread_cond_destroy(&s->qcv);
    free(s);
}

static const store_ops sq_ops;

static store *sq_open(const char *path, char *err, size_t n)
{
    sq_store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->base.ops = &sq_ops;
    s->lockfd = -1;
    pthread_mutex_init(&s->mu, NULL);
    pthread_mutex_init(&s->qmu, NULL);
    pthread_cond_init(&s->qcv, NULL);
    s->qtail = &s->qhead;
    if (sqlite3_open_v2(path, &s->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        snprintf(err, n, "database '%s': %s", path, s->db ? sqlite3_errmsg(s->db) : "cannot open");
        sq_close(&s->base);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 5000);
    /* WAL with synchronous=FULL: every COMMIT is on disk before it returns. */
    if (sqlite3_exec(s->db,
                     "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                     " PRAGMA foreign_keys=ON;",
                     NULL, NULL, NULL) != SQLITE_OK) {
        fail(s, "set-up");
        goto bad;
    }
    /* One process per file: a second one would hold games that the first
     * changes behind its back (PostgreSQL is for several). */
    s->lockfd = open(path, O_RDONLY | O_CLOEXEC);
    if (s->lockfd >= 0 && flock(s->lockfd, LOCK_EX | LOCK_NB) < 0) {
        snprintf(s->err, sizeof s->err,
                 "database '%.100s' is in use by another process (SQLite serves one; use "
                 "PostgreSQL for several)",
                 path);
        goto bad;
    }
    if (migrate(s) < 0)
        goto bad;
    for (int i = 0; i < NQ_SQ; i++)
        if (sqlite3_prepare_v3(s->db, queries[i], -1, SQLITE_PREPARE_PERSISTENT, &s->q[i], NULL) !=
            SQLITE_OK) {
            fail(s, "prepare");
            goto bad;
        }
    return &s->base;
bad:
    snprintf(err, n, "%s", s->err);
    sq_close(&s->base);
    return NULL;
}

static int insert_entries(sq_store *s, const char *id, const vb_match *m, size_t from)
{
    for (size_t i = from; i < m->rec.n; i++) {
        const vb_entry *e = &m->rec.v[i];
        sqlite3_stmt *st = q(s, Q_INS_ENTRY);
        bind_text(st, 1, id);
        bind_int(st, 2, (long long)i);
        bind_text(st, 3, store_who_name(m->g, e->who));
        bind_text(st, 4, e->text);
        bind_int(st, 5, e->who == VB_CHANCE && e->from_rng);
        if (step_done(s, st, "record entry") < 0)
            return VB_EIO;
    }
    return 0;
}

/* Commit when rc is 0, else roll back. s->mu held. */
static int finish(sq_store *s, int rc)
{
    if (rc == 0 && step_done(s, q(s, Q_COMMIT), "commit") == 0)
        return 0;
    sqlite3_step(q(s, Q_ROLLBACK));
    sqlite3_reset(s->q[Q_ROLLBACK]);
    return VB_EIO;
}

static int sq_create(store *b, const char *id, const char *game, const store_seat *seats,
                     int nseats, const vb_match *m, const char *state, char *err, size_t n)
{
    sq_store *s = SQ(b);
    sqlite3_stmt *st;
    int rc = 0;
    pthread_mutex_lock(&s->mu);
    if (step_done(s, q(s, Q_BEGIN), "begin") < 0) {
        rc = copy_err(s, VB_EIO, err, n);
        pthread_mutex_unlock(&s->mu);
        return rc;
    }
    st = q(s, Q_INS_GAME);
    bind_text(st, 1, id);
    bind_text(st, 2, game);
    bind_text(st, 3, state);
    bind_int(st, 4, (long long)m->rec.n);
    bind_int(st, 5, (long long)time(NULL));
    rc = step_done(s, st, "new game");
    for (int i = 0; rc == 0 && i < nseats; i++) {
        st = q(s, Q_INS_SEAT);
        bind_text(st, 1, id);
        bind_text(st, 2, seats[i].role);
        bind_text(st, 3, seats[i].kind);
        bind_text(st, 4, seats[i].policy);
        bind_text(st, 5, seats[i].token);
        bind_text(st, 6, seats[i].player);
        rc = step_done(s, st, "new seat");
    }
    if (rc == 0)
        rc = insert_entries(s, id, m, 0);
    rc = copy_err(s, finish(s, rc), err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

/* A single row's single integer column: 1 (*v), 0 no row, <0. s->mu held. */
static int one_int(sq_store *s, int qi, const char *id, long long *v, const char *what)
{
    sqlite3_stmt *st = q(s, qi);
    int rc;
    bind_text(st, 1, id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *v = sqlite3_column_int64(st, 0);
    sqlite3_reset(st);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : fail(s, what);
}

static int sq_rev(store *b, const char *id, long long *rev, char *err, size_t n)
{
    sq_store *s = SQ(b);
    int rc;
    pthread_mutex_lock(&s->mu);
    rc = copy_err(s, one_int(s, Q_SEL_REV, id, rev, "read revision"), err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

/* SQLite: the file has one writer process, which serialises each game's
 * changes itself; a change needs no transaction until its group commit. */
static int sq_begin(store *b, const char *id, store_tx **tx, long long *rev, char *err, size_t n)
{
    sq_store *s = SQ(b);
    int rc;
    *tx = NULL;
    pthread_mutex_lock(&s->mu);
    rc = copy_err(s, one_int(s, Q_LOCK, id, rev, "read revision"), err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

static void sq_abort(store *b, store_tx *tx)
{
    (void)b;
    (void)tx;
}

/* One change inside the open transaction, in a savepoint: all or none of
 * it. s->mu held. */
static int run_job(sq_store *s, sync_job *j)
{
    sqlite3_stmt *st;
    int rc = step_done(s, q(s, Q_SAVEPOINT), "savepoint");
    if (rc < 0)
        return rc;
    if (!j->m) {
        st = q(s, Q_RESIGN);
        bind_text(st, 1, j->id);
        bind_text(st, 2, j->state);
        bind_int(st, 3, (long long)time(NULL));
        rc = step_rev(s, st, "resign", j->id, "is not stored or already ended", &j->rev);
    } else {
        st = q(s, Q_DEL_ENTRIES);
        bind_text(st, 1, j->id);
        bind_int(st, 2, (long long)j->keep);
        rc = step_done(s, st, "undo entries");
        if (rc == 0)
            rc = insert_entries(s, j->id, j->m, j->keep);
        if (rc == 0) {
            st = q(s, Q_UPD_GAME);
            bind_text(st, 1, j->id);
            bind_text(st, 2, j->state);
            bind_int(st, 3, (long long)j->m->rec.n);
            bind_int(st, 4, j->over != 0);
            bind_int(st, 5, (long long)time(NULL));
            rc = step_rev(s, st, "update game", j->id, "is not stored", &j->rev);
        }
    }
    if (rc == 0)
        return step_done(s, q(s, Q_RELEASE), "release");
    step_done(s, q(s, Q_ROLLBACK_TO), "rollback");
    step_done(s, q(s, Q_RELEASE), "release");
    return rc;
}

/* The jobs of one group commit: one transaction, one savepoint each. */
static void run_batch(sq_store *s, sync_job *batch)
{
    int rc;
    pthread_mutex_lock(&s->mu);
    rc = step_done(s, q(s, Q_BEGIN), "begin");
    for (sync_job *j = batch; j; j = j->next) {
        j->rc = rc < 0 ? rc : run_job(s, j);
        if (j->rc < 0)
            snprintf(j->err, sizeof j->err, "%s", s->err);
    }
    if (rc == 0 && finish(s, 0) < 0)
        for (sync_job *j = batch; j; j = j->next) {
            /* nothing of the batch is on disk */
            j->rc = VB_EIO;
            snprintf(j->err, sizeof j->err, "%s", s->err);
        }
    pthread_mutex_unlock(&s->mu);
}

/* Queue j for the next group commit and wait until it is done. */
static int group_commit(sq_store *s, sync_job *j, long long *rev, char *err, size_t n)
{
    pthread_mutex_lock(&s->qmu);
    *s->qtail = j;
    s->qtail = &j->next;
    while (!j->done) {
        sync_job *batch;
        if (s->leader) {
            pthread_cond_wait(&s->qcv, &s->qmu);
            continue;
        }
        /* Lead the next group commit: everything queued so far. */
        batch = s->qhead;
        s->qhead = NULL;
        s->qtail = &s->qhead;
        s->leader = 1;
        pthread_mutex_unlock(&s->qmu);
        run_batch(s, batch);
        pthread_mutex_lock(&s->qmu);
        while (batch) {
            sync_job *next = batch->next; /* a job may vanish once done */
            batch->done = 1;
            batch = next;
        }
        s->leader = 0;
        pthread_cond_broadcast(&s->qcv);
    }
    pthread_mutex_unlock(&s->qmu);
    if (j->rc < 0)
        snprintf(err, n, "%s", j->err);
    else if (rev)
        *rev = j->rev;
    return j->rc;
}

static int sq_sync(store *b, store_tx *tx, const char *id, const vb_match *m, size_t keep,
                   const char *state, int over, long long *rev, char *err, size_t n)
{
    sync_job j;
    (void)tx;
    memset(&j, 0, sizeof j);
    j.id = id;
    j.m = m;
    j.keep = keep;
    j.state = state;
    j.over = over;
    return group_commit(SQ(b), &j, rev, err, n);
}

static int sq_resign(store *b, store_tx *tx, const char *id, const char *role, long long *rev,
                     char *err, size_t n)
{
    sync_job j;
    (void)tx;
    memset(&j, 0, sizeof j);
    j.id = id;
    j.state = role;
    return group_commit(SQ(b), &j, rev, err, n);
}

static void copy_col(char *dst, size_t n, sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(dst, n, "%s", t ? (const char *)t : "");
}

static int sq_load(store *b, store_tx *tx, const char *id, json_t **out, store_seat *seats, int max,
                   int *nseats, char *resigned, size_t rn, long long *rev, char *err, size_t n)
{
    sq_store *s = SQ(b);
    sqlite3_stmt *st;
    json_t *j = NULL, *hist;
    json_error_t jerr;
    long long nentries;
    int rc;
    (void)tx;
    *out = NULL;
    *nseats = 0;
    pthread_mutex_lock(&s->mu);
    st = q(s, Q_SEL_GAME);
    bind_text(st, 1, id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_DONE) {
        sqlite3_reset(st);
        pthread_mutex_unlock(&s->mu);
        return 0;
    }
    if (rc != SQLITE_ROW) {
        fail(s, "read game");
        goto fail;
    }
    j = json_loads((const char *)sqlite3_column_text(st, 0), 0, &jerr);
    nentries = sqlite3_column_int64(st, 1);
    copy_col(resigned, rn, st, 2);
    *rev = sqlite3_column_int64(st, 3);
    sqlite3_reset(st);
    if (!json_is_object(j)) {
        snprintf(s->err, sizeof s->err, "database: game '%s': stored state is not JSON", id);
        goto fail;
    }
    hist = json_array();
    json_object_set_new(j, "history", hist);
    st = q(s, Q_SEL_ENTRIES);
    bind_text(st, 1, id);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        json_t *e = json_pack("{s:s, s:s}", "by", (const char *)sqlite3_column_text(st, 1), "do",
                              (const char *)sqlite3_column_text(st, 2));
        if (sqlite3_column_int64(st, 0) != (sqlite3_int64)json_array_size(hist) || !e) {
            json_decref(e);
            sqlite3_reset(st);
            snprintf(s->err, sizeof s->err, "database: game '%s': record has a gap", id);
            goto fail;
        }
        if (strcmp((const char *)sqlite3_column_text(st, 1), "chance") == 0)
            json_object_set_new(e, "rng", json_boolean(sqlite3_column_int(st, 3)));
        json_array_append_new(hist, e);
    }
    sqlite3_reset(st);
    if (rc != SQLITE_DONE) {
        fail(s, "read record");
        goto fail;
    }
    if ((long long)json_array_size(hist) != nentries) {
        snprintf(s->err, sizeof s->err,
                 "database: game '%s': record has %zu entries, expected %lld", id,
                 json_array_size(hist), nentries);
        goto fail;
    }
    st = q(s, Q_SEL_SEATS);
    bind_text(st, 1, id);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && *nseats < max) {
        store_seat *x = &seats[(*nseats)++];
        copy_col(x->role, sizeof x->role, st, 0);
        copy_col(x->kind, sizeof x->kind, st, 1);
        copy_col(x->policy, sizeof x->policy, st, 2);
        copy_col(x->token, sizeof x->token, st, 3);
        copy_col(x->player, sizeof x->player, st, 4);
    }
    sqlite3_reset(st);
    pthread_mutex_unlock(&s->mu);
    *out = j;
    return 1;
fail:
    json_decref(j);
    copy_err(s, VB_EIO, err, n);
    pthread_mutex_unlock(&s->mu);
    return VB_EIO;
}

static int sq_game(store *b, const char *id, char *game, size_t gn, char *err, size_t n)
{
    sq_store *s = SQ(b);
    sqlite3_stmt *st;
    int rc;
    pthread_mutex_lock(&s->mu);
    st = q(s, Q_SEL_KIND);
    bind_text(st, 1, id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        copy_col(game, gn, st, 0);
    sqlite3_reset(st);
    rc = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : copy_err(s, fail(s, "read game"), err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

static int sq_each_running(store *b, void (*fn)(void *ud, const char *id), void *ud)
{
    sq_store *s = SQ(b);
    sqlite3_stmt *st;
    char(*ids)[STORE_ID_LEN + 1] = NULL;
    size_t n = 0, cap = 0;
    int rc;
    pthread_mutex_lock(&s->mu);
    st = q(s, Q_SEL_RUNNING);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            size_t c = cap ? cap * 2 : 64;
            void *p = realloc(ids, c * sizeof *ids);
            if (!p)
                break;
            ids = p;
            cap = c;
        }
        copy_col(ids[n++], sizeof ids[0], st, 0);
    }
    sqlite3_reset(st);
    pthread_mutex_unlock(&s->mu);
    /* Called without the lock: fn may read the store. */
    for (size_t i = 0; i < n; i++)
        fn(ud, ids[i]);
    free(ids);
    return rc == SQLITE_DONE ? 0 : VB_EIO;
}

static int sq_claim(store *b, const char *id, const char *role, const char *player, char *err,
                    size_t n)
{
    sq_store *s = SQ(b);
    sqlite3_stmt *st;
    int rc;
    pthread_mutex_lock(&s->mu);
    st = q(s, Q_CLAIM);
    bind_text(st, 1, id);
    bind_text(st, 2, role);
    bind_text(st, 3, player);
    rc = step_done(s, st, "claim a seat");
    if (rc == 0)
        rc = sqlite3_changes(s->db) == 1;
    rc = copy_err(s, rc, err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

static int sq_player_games(store *b, const char *player, store_mine *out, int max, char *err,
                           size_t n)
{
    sq_store *s = SQ(b);
    sqlite3_stmt *st;
    int rc, k = 0;
    pthread_mutex_lock(&s->mu);
    st = q(s, Q_MINE);
    bind_text(st, 1, player);
    bind_int(st, 2, max);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && k < max) {
        store_mine *x = &out[k++];
        copy_col(x->id, sizeof x->id, st, 0);
        copy_col(x->game, sizeof x->game, st, 1);
        copy_col(x->role, sizeof x->role, st, 2);
        copy_col(x->token, sizeof x->token, st, 3);
        x->over = sqlite3_column_int(st, 4);
        x->updated = sqlite3_column_int64(st, 5);
    }
    sqlite3_reset(st);
    rc = rc == SQLITE_DONE || rc == SQLITE_ROW ? k : copy_err(s, fail(s, "my games"), err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

static int sq_follow(store *b, void (*fn)(void *ud, const char *id), void *ud)
{
    (void)b;
    (void)fn;
    (void)ud;
    return 0;
}

static const store_ops sq_ops = {
    .close = sq_close,
    .schema_version = sq_version,
    .create = sq_create,
    .begin = sq_begin,
    .abort = sq_abort,
    .sync = sq_sync,
    .resign = sq_resign,
    .load = sq_load,
    .rev = sq_rev,
    .game = sq_game,
    .each_running = sq_each_running,
    .claim = sq_claim,
    .player_games = sq_player_games,
    .follow = sq_follow,
};
