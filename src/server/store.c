/* store.c - the server's SQLite storage: schema and migrations, games,
 * seats, records. Every statement is prepared once with bound parameters;
 * a store-wide mutex serialises their use. */
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store.h"

/* The schema, one migration per version: migration i brings user_version i
 * to i + 1. Never edit a released one; append. */
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
};
#define NMIGRATIONS ((int)(sizeof migrations / sizeof migrations[0]))

enum {
    Q_BEGIN,
    Q_COMMIT,
    Q_ROLLBACK,
    Q_SAVEPOINT,
    Q_RELEASE,
    Q_ROLLBACK_TO,
    Q_INS_GAME,
    Q_INS_SEAT,
    Q_DEL_ENTRIES,
    Q_INS_ENTRY,
    Q_UPD_GAME,
    Q_SEL_GAME,
    Q_SEL_SEATS,
    Q_SEL_ENTRIES,
    Q_SEL_RUNNING,
    Q_SEL_KIND,
    Q_RESIGN,
    NQ
};

static const char *const queries[NQ] = {
    [Q_BEGIN] = "BEGIN IMMEDIATE",
    [Q_COMMIT] = "COMMIT",
    [Q_ROLLBACK] = "ROLLBACK",
    [Q_SAVEPOINT] = "SAVEPOINT one",
    [Q_RELEASE] = "RELEASE one",
    [Q_ROLLBACK_TO] = "ROLLBACK TO one",
    [Q_INS_GAME] = "INSERT INTO games(id, game, state, nentries, over, created, updated)"
                   " VALUES(?1, ?2, ?3, ?4, 0, ?5, ?5)",
    [Q_INS_SEAT] =
        "INSERT INTO seats(game_id, role, kind, policy, token) VALUES(?1, ?2, ?3, ?4, ?5)",
    [Q_DEL_ENTRIES] = "DELETE FROM entries WHERE game_id = ?1 AND seq >= ?2",
    [Q_INS_ENTRY] = "INSERT INTO entries(game_id, seq, who, text, rng) VALUES(?1, ?2, ?3, ?4, ?5)",
    [Q_UPD_GAME] = "UPDATE games SET state = ?2, nentries = ?3, over = ?4, updated = ?5"
                   " WHERE id = ?1",
    [Q_SEL_GAME] = "SELECT state, nentries, resigned FROM games WHERE id = ?1",
    [Q_SEL_SEATS] = "SELECT role, kind, policy, token FROM seats WHERE game_id = ?1",
    [Q_SEL_ENTRIES] = "SELECT seq, who, text, rng FROM entries WHERE game_id = ?1 ORDER BY seq",
    [Q_SEL_RUNNING] = "SELECT id FROM games WHERE over = 0",
    [Q_SEL_KIND] = "SELECT game FROM games WHERE id = ?1",
    [Q_RESIGN] = "UPDATE games SET resigned = ?2, over = 1, updated = ?3"
                 " WHERE id = ?1 AND resigned = ''",
};

/* A change waiting for the next group commit (on its caller's stack). */
typedef struct sync_job {
    struct sync_job *next;
    const char *id;
    const vb_match *m;
    size_t keep;
    const char *state;
    int over;
    int done, rc;
    char err[VB_ERR_LEN];
} sync_job;

struct store {
    sqlite3 *db;
    sqlite3_stmt *q[NQ];
    pthread_mutex_t mu; /* the connection and err */
    char err[VB_ERR_LEN];
    /* group commit: changes waiting, and whether a thread is committing */
    pthread_mutex_t qmu;
    pthread_cond_t qcv;
    sync_job *qhead, **qtail;
    int leader;
};

static int fail(store *s, const char *what)
{
    snprintf(s->err, sizeof s->err, "database: %s: %s", what, sqlite3_errmsg(s->db));
    return VB_EIO;
}

/* Copy the message of a failure (rc < 0) to the caller. s->mu held. */
static int copy_err(store *s, int rc, char *err, size_t n)
{
    if (rc < 0)
        snprintf(err, n, "%s", s->err);
    return rc;
}

static sqlite3_stmt *q(store *s, int i)
{
    sqlite3_reset(s->q[i]);
    sqlite3_clear_bindings(s->q[i]);
    return s->q[i];
}

/* Run a statement that returns no rows. */
static int step_done(store *s, sqlite3_stmt *st, const char *what)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : fail(s, what);
}

static int migrate(store *s)
{
    int v = store_schema_version(s);
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

int store_schema_version(store *s)
{
    sqlite3_stmt *st;
    int v = -1;
    if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
        return fail(s, "schema version");
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v < 0 ? fail(s, "schema version") : v;
}

store *store_open(const char *path, char *err, size_t n)
{
    store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&s->mu, NULL);
    pthread_mutex_init(&s->qmu, NULL);
    pthread_cond_init(&s->qcv, NULL);
    s->qtail = &s->qhead;
    if (sqlite3_open_v2(path, &s->db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        snprintf(err, n, "database '%s': %s", path, s->db ? sqlite3_errmsg(s->db) : "cannot open");
        store_close(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 5000);
    /* WAL with synchronous=FULL: every COMMIT is on disk before it returns. */
    if (sqlite3_exec(s->db,
                     "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                     " PRAGMA foreign_keys=ON;",
                     NULL, NULL, NULL) != SQLITE_OK ||
        migrate(s) < 0) {
        if (!s->err[0])
            fail(s, "set-up");
        snprintf(err, n, "%s", s->err);
        store_close(s);
        return NULL;
    }
    for (int i = 0; i < NQ; i++)
        if (sqlite3_prepare_v3(s->db, queries[i], -1, SQLITE_PREPARE_PERSISTENT, &s->q[i], NULL) !=
            SQLITE_OK) {
            fail(s, "prepare");
            snprintf(err, n, "%s", s->err);
            store_close(s);
            return NULL;
        }
    return s;
}

void store_close(store *s)
{
    if (!s)
        return;
    for (int i = 0; i < NQ; i++)
        sqlite3_finalize(s->q[i]);
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->mu);
    pthread_mutex_destroy(&s->qmu);
    pthread_cond_destroy(&s->qcv);
    free(s);
}

static const char *who_name(const vb_game *g, int who)
{
    return who >= 0 && who < g->def->nroles ? g->def->roles[who] : "chance";
}

static int insert_entries(store *s, const char *id, const vb_match *m, size_t from)
{
    for (size_t i = from; i < m->rec.n; i++) {
        const vb_entry *e = &m->rec.v[i];
        sqlite3_stmt *st = q(s, Q_INS_ENTRY);
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)i);
        sqlite3_bind_text(st, 3, who_name(m->g, e->who), -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, e->text, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 5, e->who == VB_CHANCE && e->from_rng);
        if (step_done(s, st, "record entry") < 0)
            return VB_EIO;
    }
    return 0;
}

/* Commit when rc is 0, else roll back. s->mu held. */
static int finish(store *s, int rc)
{
    if (rc == 0 && step_done(s, q(s, Q_COMMIT), "commit") == 0)
        return 0;
    sqlite3_step(q(s, Q_ROLLBACK));
    sqlite3_reset(s->q[Q_ROLLBACK]);
    return VB_EIO;
}

int store_create(store *s, const char *id, const char *game, const store_seat *seats, int nseats,
                 const vb_match *m, const char *state, char *err, size_t n)
{
    sqlite3_stmt *st;
    int rc = 0;
    pthread_mutex_lock(&s->mu);
    if (step_done(s, q(s, Q_BEGIN), "begin") < 0) {
        rc = copy_err(s, VB_EIO, err, n);
        pthread_mutex_unlock(&s->mu);
        return rc;
    }
    st = q(s, Q_INS_GAME);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, game, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, state, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)m->rec.n);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)time(NULL));
    rc = step_done(s, st, "new game");
    for (int i = 0; rc == 0 && i < nseats; i++) {
        st = q(s, Q_INS_SEAT);
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, seats[i].role, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, seats[i].kind, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, seats[i].policy, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 5, seats[i].token, -1, SQLITE_STATIC);
        rc = step_done(s, st, "new seat");
    }
    if (rc == 0)
        rc = insert_entries(s, id, m, 0);
    rc = copy_err(s, finish(s, rc), err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

/* One change inside the open transaction, in a savepoint: all or none of
 * it. s->mu held. */
static int run_job(store *s, sync_job *j)
{
    sqlite3_stmt *st;
    int rc = step_done(s, q(s, Q_SAVEPOINT), "savepoint");
    if (rc < 0)
        return rc;
    st = q(s, Q_DEL_ENTRIES);
    sqlite3_bind_text(st, 1, j->id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)j->keep);
    rc = step_done(s, st, "undo entries");
    if (rc == 0)
        rc = insert_entries(s, j->id, j->m, j->keep);
    if (rc == 0) {
        st = q(s, Q_UPD_GAME);
        sqlite3_bind_text(st, 1, j->id, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, j->state, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 3, (sqlite3_int64)j->m->rec.n);
        sqlite3_bind_int(st, 4, j->over != 0);
        sqlite3_bind_int64(st, 5, (sqlite3_int64)time(NULL));
        rc = step_done(s, st, "update game");
        if (rc == 0 && sqlite3_changes(s->db) != 1) {
            snprintf(s->err, sizeof s->err, "database: game '%s' is not stored", j->id);
            rc = VB_EIO;
        }
    }
    if (rc == 0)
        return step_done(s, q(s, Q_RELEASE), "release");
    step_done(s, q(s, Q_ROLLBACK_TO), "rollback");
    step_done(s, q(s, Q_RELEASE), "release");
    return rc;
}

/* The jobs of one group commit: one transaction, one savepoint each. */
static void run_batch(store *s, sync_job *batch)
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

int store_sync(store *s, const char *id, const vb_match *m, size_t keep, const char *state,
               int over, char *err, size_t n)
{
    sync_job j;
    memset(&j, 0, sizeof j);
    j.id = id;
    j.m = m;
    j.keep = keep;
    j.state = state;
    j.over = over;
    pthread_mutex_lock(&s->qmu);
    *s->qtail = &j;
    s->qtail = &j.next;
    while (!j.done) {
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
    if (j.rc < 0)
        snprintf(err, n, "%s", j.err);
    return j.rc;
}

static void copy_col(char *dst, size_t n, sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    snprintf(dst, n, "%s", t ? (const char *)t : "");
}

int store_load(store *s, const char *id, json_t **out, store_seat *seats, int max, int *nseats,
               char *resigned, size_t rn, char *err, size_t n)
{
    sqlite3_stmt *st;
    json_t *j = NULL, *hist;
    json_error_t jerr;
    long long nentries;
    int rc;
    *out = NULL;
    *nseats = 0;
    pthread_mutex_lock(&s->mu);
    st = q(s, Q_SEL_GAME);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
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
    sqlite3_reset(st);
    if (!json_is_object(j)) {
        snprintf(s->err, sizeof s->err, "database: game '%s': stored state is not JSON", id);
        goto fail;
    }
    hist = json_array();
    json_object_set_new(j, "history", hist);
    st = q(s, Q_SEL_ENTRIES);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
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
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && *nseats < max) {
        store_seat *x = &seats[(*nseats)++];
        copy_col(x->role, sizeof x->role, st, 0);
        copy_col(x->kind, sizeof x->kind, st, 1);
        copy_col(x->policy, sizeof x->policy, st, 2);
        copy_col(x->token, sizeof x->token, st, 3);
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

int store_game(store *s, const char *id, char *game, size_t gn, char *err, size_t n)
{
    sqlite3_stmt *st;
    int rc;
    pthread_mutex_lock(&s->mu);
    st = q(s, Q_SEL_KIND);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        copy_col(game, gn, st, 0);
    sqlite3_reset(st);
    rc = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : copy_err(s, fail(s, "read game"), err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

int store_resign(store *s, const char *id, const char *role, char *err, size_t n)
{
    sqlite3_stmt *st;
    int rc;
    pthread_mutex_lock(&s->mu);
    st = q(s, Q_RESIGN);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, role, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)time(NULL));
    rc = step_done(s, st, "resign");
    if (rc == 0 && sqlite3_changes(s->db) != 1) {
        snprintf(s->err, sizeof s->err, "database: game '%s' is not stored or already ended", id);
        rc = VB_EIO;
    }
    rc = copy_err(s, rc, err, n);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

int store_each_running(store *s, void (*fn)(void *ud, const char *id), void *ud)
{
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
