/* store_pg.c - the PostgreSQL back end of the storage (store.h), on libpq:
 * the same schema and queries as SQLite's, for several `vauban serve`
 * processes sharing one database. A pool of connections, each with every
 * query prepared; a change of a game is one transaction that holds the
 * game's row lock (SELECT ... FOR UPDATE) from store_begin to its commit, so
 * the database, not a process, serialises each game's actions; the commit
 * announces the change (NOTIFY vauban_change, the game's id), which a
 * listening connection hands to store_follow's callback. */
#include <libpq-fe.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_int.h"

#define PG_POOL_MAX 24
#define PG_CHANNEL "vauban_change"

/* The schema, as store.c's migrations in PostgreSQL's words: migration i
 * brings version i to i + 1. Never edit a released one; append (both). */
static const char *const migrations[] = {
    /* 1: games, seats, records */
    "CREATE TABLE games(id TEXT PRIMARY KEY, game TEXT NOT NULL, state TEXT NOT NULL,"
    " nentries BIGINT NOT NULL, over INTEGER NOT NULL DEFAULT 0,"
    " created BIGINT NOT NULL, updated BIGINT NOT NULL);"
    "CREATE TABLE seats(game_id TEXT NOT NULL REFERENCES games(id), role TEXT NOT NULL,"
    " kind TEXT NOT NULL, policy TEXT NOT NULL, token TEXT NOT NULL,"
    " PRIMARY KEY(game_id, role));"
    "CREATE TABLE entries(game_id TEXT NOT NULL REFERENCES games(id), seq BIGINT NOT NULL,"
    " who TEXT NOT NULL, text TEXT NOT NULL, rng INTEGER NOT NULL,"
    " PRIMARY KEY(game_id, seq));",
    /* 2: a seat may resign */
    "ALTER TABLE games ADD COLUMN resigned TEXT NOT NULL DEFAULT '';",
    /* 3: the revision; the player key holding a seat */
    "ALTER TABLE games ADD COLUMN rev BIGINT NOT NULL DEFAULT 1;"
    "ALTER TABLE seats ADD COLUMN player TEXT NOT NULL DEFAULT '';"
    "CREATE INDEX seats_player ON seats(player);",
};
#define NMIGRATIONS ((int)(sizeof migrations / sizeof migrations[0]))

enum { Q_NOTIFY = NQ, NQ_PG };

static const char *const queries[NQ_PG] = {
    STORE_QUERIES,
    [Q_LOCK] = "SELECT rev FROM games WHERE id = $1 FOR UPDATE",
    [Q_NOTIFY] = "SELECT pg_notify('" PG_CHANNEL "', $1)",
};

typedef struct pg_store {
    store base;
    char *url;
    /* the pool: idle connections, and how many are open */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    PGconn *idle[PG_POOL_MAX];
    int nidle, nopen;
    /* store_follow's listener */
    pthread_t listener;
    int listening, stop;
    void (*fn)(void *ud, const char *id);
    void *ud;
} pg_store;

#define PG(s) ((pg_store *)(s))
/* A change's transaction is the connection that holds it. */
#define TX_CONN(tx) ((PGconn *)(void *)(tx))

/* libpq's message on one line: its first, without "ERROR:  ". */
static int pg_fail(PGconn *c, const char *what, char *err, size_t n)
{
    const char *m = c ? PQerrorMessage(c) : "no connection";
    size_t len;
    if (strncmp(m, "ERROR:  ", 8) == 0)
        m += 8;
    len = strcspn(m, "\r\n");
    snprintf(err, n, "database: %s: %.*s", what, (int)(len > 300 ? 300 : len), m);
    return VB_EIO;
}

static int exec_ok(PGresult *r)
{
    ExecStatusType st = PQresultStatus(r);
    return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

/* A plain command (no parameters, no rows wanted). */
static int cmd(PGconn *c, const char *sql, const char *what, char *err, size_t n)
{
    PGresult *r = PQexec(c, sql);
    int ok = exec_ok(r);
    PQclear(r);
    return ok ? 0 : pg_fail(c, what, err, n);
}

/* Query i with np text parameters; NULL (message in err) on failure. */
static PGresult *run(PGconn *c, int i, int np, const char *const *v, const char *what, char *err,
                     size_t n)
{
    char name[8];
    PGresult *r;
    snprintf(name, sizeof name, "q%d", i);
    r = PQexecPrepared(c, name, np, v, NULL, NULL, 0);
    if (exec_ok(r))
        return r;
    pg_fail(c, what, err, n);
    PQclear(r);
    return NULL;
}

static void quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

/* ---- pipelines: several queries, one round trip ----------------------------*/

/* Queue query i (prepared) in the connection's pipeline. */
static int send_q(PGconn *c, int i, int np, const char *const *v)
{
    char name[8];
    snprintf(name, sizeof name, "q%d", i);
    return PQsendQueryPrepared(c, name, np, v, NULL, NULL, 0) ? 0 : VB_EIO;
}

/* Send the pipeline's nsent queries, then read their results: 0, or the
 * first failure's message in err. The result of query number rev_at (an
 * UPDATE ... RETURNING rev; -1: none) gives *rev, or fails with `none` when
 * it changed no row. Leaves pipeline mode. */
static int pipeline_end(PGconn *c, int nsent, int rev_at, long long *rev, const char *id,
                        const char *none, char *err, size_t n)
{
    int rc = 0;
    PGresult *r;
    if (!PQpipelineSync(c))
        rc = pg_fail(c, "pipeline", err, n);
    for (int i = 0; i < nsent && PQstatus(c) == CONNECTION_OK; i++) {
        r = PQgetResult(c);
        if (!r)
            continue;
        if (rc == 0 && !exec_ok(r)) {
            const char *m = PQresultErrorMessage(r);
            size_t len;
            if (strncmp(m, "ERROR:  ", 8) == 0)
                m += 8;
            len = strcspn(m, "\r\n");
            snprintf(err, n, "database: %.*s", (int)(len > 300 ? 300 : len), m);
            rc = VB_EIO;
        } else if (rc == 0 && i == rev_at) {
            if (PQntuples(r) != 1) {
                snprintf(err, n, "database: game '%s' %s", id, none);
                rc = VB_EIO;
            } else {
                *rev = atoll(PQgetvalue(r, 0, 0));
            }
        }
        PQclear(r);
        PQclear(PQgetResult(c)); /* the NULL that ends each query's results */
    }
    /* the sync point */
    while ((r = PQgetResult(c))) {
        int sync = PQresultStatus(r) == PGRES_PIPELINE_SYNC;
        PQclear(r);
        if (sync)
            break;
    }
    if (!PQexitPipelineMode(c) && rc == 0)
        rc = pg_fail(c, "pipeline", err, n);
    if (PQstatus(c) != CONNECTION_OK && rc == 0)
        rc = pg_fail(c, "pipeline", err, n);
    return rc;
}

/* The password a URL carries (user:PASSWORD@host, or ?password=), or NULL;
 * *len its length. */
static const char *url_password(const char *url, size_t *len)
{
    const char *p = strstr(url, "://"), *q;
    if (p) {
        const char *at = NULL, *end, *colon;
        p += 3;
        end = p + strcspn(p, "/?");
        for (q = p; q < end; q++)
            if (*q == '@')
                at = q;
        colon = at ? memchr(p, ':', (size_t)(at - p)) : NULL;
        if (colon && at > colon + 1) {
            *len = (size_t)(at - colon - 1);
            return colon + 1;
        }
    }
    for (q = strchr(url, '?'); q; q = strchr(q + 1, '&'))
        if (strncmp(q + 1, "password=", 9) == 0 && q[10] && q[10] != '&') {
            *len = strcspn(q + 10, "&");
            return q + 10;
        }
    return NULL;
}

/* A failed connection's message, less the URL's password: libpq quotes
 * the URL, or its part, that it cannot read (`vauban serve` never shows
 * the URL: it may carry a password). */
static void connect_fail(PGconn *c, const char *url, char *err, size_t n)
{
    size_t plen = 0, k = 0;
    const char *pw = url_password(url, &plen);
    const char *m = c ? PQerrorMessage(c) : "no connection";
    char buf[1024];
    while (*m && k + 4 < sizeof buf) {
        if (pw && strncmp(m, pw, plen) == 0) {
            memcpy(buf + k, "***", 3);
            k += 3;
            m += plen;
        } else {
            buf[k++] = *m++;
        }
    }
    buf[k] = '\0';
    k = strcspn(buf, "\r\n");
    snprintf(err, n, "database: connect: %.*s", (int)(k > 300 ? 300 : k), buf);
}

static PGconn *connect_one(pg_store *s, char *err, size_t n)
{
    PGconn *c = PQconnectdb(s->url);
    if (PQstatus(c) != CONNECTION_OK) {
        connect_fail(c, s->url, err, n);
        PQfinish(c);
        return NULL;
    }
    /* Notices (e.g. "relation exists") are not for the terminal. */
    PQsetNoticeProcessor(c, quiet, NULL);
    return c;
}

static int prepare_all(PGconn *c, char *err, size_t n)
{
    for (int i = 0; i < NQ_PG; i++) {
        char name[16];
        PGresult *r;
        snprintf(name, sizeof name, "q%d", i);
        r = PQprepare(c, name, queries[i], 0, NULL);
        if (PQresultStatus(r) != PGRES_COMMAND_OK) {
            PQclear(r);
            return pg_fail(c, "prepare", err, n);
        }
        PQclear(r);
    }
    return 0;
}

/* A connection of the pool (opened when none is idle, up to the most);
 * NULL with the reason in err. */
static PGconn *take(pg_store *s, char *err, size_t n)
{
    PGconn *c = NULL;
    pthread_mutex_lock(&s->mu);
    while (s->nidle == 0 && s->nopen >= PG_POOL_MAX)
        pthread_cond_wait(&s->cv, &s->mu);
    if (s->nidle > 0) {
        c = s->idle[--s->nidle];
        pthread_mutex_unlock(&s->mu);
        return c;
    }
    s->nopen++;
    pthread_mutex_unlock(&s->mu);
    c = connect_one(s, err, n);
    if (c && prepare_all(c, err, n) < 0) {
        PQfinish(c);
        c = NULL;
    }
    if (!c) {
        pthread_mutex_lock(&s->mu);
        s->nopen--;
        pthread_cond_signal(&s->cv);
        pthread_mutex_unlock(&s->mu);
    }
    return c;
}

/* Back to the pool: a transaction left open is rolled back; a broken
 * connection is closed. */
static void give(pg_store *s, PGconn *c)
{
    if (PQstatus(c) == CONNECTION_OK && PQtransactionStatus(c) != PQTRANS_IDLE) {
        PGresult *r = PQexec(c, "ROLLBACK");
        PQclear(r);
    }
    pthread_mutex_lock(&s->mu);
    if (PQstatus(c) == CONNECTION_OK && PQtransactionStatus(c) == PQTRANS_IDLE &&
        s->nidle < PG_POOL_MAX) {
        s->idle[s->nidle++] = c;
    } else {
        PQfinish(c);
        s->nopen--;
    }
    pthread_cond_signal(&s->cv);
    pthread_mutex_unlock(&s->mu);
}

static int pg_version_on(PGconn *c, char *err, size_t n)
{
    PGresult *r = PQexec(c, "SELECT version FROM vauban_schema");
    int v;
    if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
        PQclear(r);
        return pg_fail(c, "schema version", err, n);
    }
    v = atoi(PQgetvalue(r, 0, 0));
    PQclear(r);
    return v;
}

static int pg_version(store *b)
{
    char err[VB_ERR_LEN];
    PGconn *c = take(PG(b), err, sizeof err);
    int v;
    if (!c)
        return VB_EIO;
    v = pg_version_on(c, err, sizeof err);
    give(PG(b), c);
    return v;
}

/* Bring the schema up to date; several processes starting together wait
 * on one advisory lock. */
static int migrate(PGconn *c, char *err, size_t n)
{
    int v;
    if (cmd(c, "BEGIN", "migration", err, n) < 0)
        return VB_EIO;
    if (cmd(c, "SELECT pg_advisory_xact_lock(1714)", "migration", err, n) < 0 ||
        cmd(c, "CREATE TABLE IF NOT EXISTS vauban_schema(version INTEGER NOT NULL)", "migration",
            err, n) < 0 ||
        cmd(c, "INSERT INTO vauban_schema SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM vauban_schema)",
            "migration", err, n) < 0 ||
        (v = pg_version_on(c, err, n)) < 0)
        goto bad;
    if (v > NMIGRATIONS) {
        snprintf(err, n, "database: schema version %d is newer than this program's (%d)", v,
                 NMIGRATIONS);
        PQclear(PQexec(c, "ROLLBACK"));
        return VB_EINPUT;
    }
    for (; v < NMIGRATIONS; v++) {
        char upd[64];
        snprintf(upd, sizeof upd, "UPDATE vauban_schema SET version = %d", v + 1);
        if (cmd(c, migrations[v], "migration", err, n) < 0 || cmd(c, upd, "migration", err, n) < 0)
            goto bad;
    }
    return cmd(c, "COMMIT", "migration", err, n);
bad : {
    PGresult *r = PQexec(c, "ROLLBACK");
    PQclear(r);
}
    return VB_EIO;
}

static void pg_close(store *b)
{
    pg_store *s = PG(b);
    if (s->listening) {
        pthread_mutex_lock(&s->mu);
        s->stop = 1;
        pthread_mutex_unlock(&s->mu);
        pthread_join(s->listener, NULL);
    }
    for (int i = 0; i < s->nidle; i++)
        PQfinish(s->idle[i]);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s->url);
    free(s);
}

static const store_ops pg_ops;

store *store_pg_open(const char *url, char *err, size_t n)
{
    pg_store *s = calloc(1, sizeof *s);
    PGconn *c;
    if (!s || !(s->url = strdup(url))) {
        free(s);
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->base.ops = &pg_ops;
    s->base.shared = 1;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    c = connect_one(s, err, n);
    if (!c) {
        pg_close(&s->base);
        return NULL;
    }
    if (migrate(c, err, n) < 0 || prepare_all(c, err, n) < 0) {
        PQfinish(c);
        pg_close(&s->base);
        return NULL;
    }
    s->nopen = 1;
    s->idle[s->nidle++] = c;
    return &s->base;
}

static int insert_entries(PGconn *c, const char *id, const vb_match *m, size_t from, char *err,
                          size_t n)
{
    for (size_t i = from; i < m->rec.n; i++) {
        const vb_entry *e = &m->rec.v[i];
        char seq[24], rng[4];
        const char *v[5] = {id, seq, store_who_name(m->g, e->who), e->text, rng};
        PGresult *r;
        snprintf(seq, sizeof seq, "%zu", i);
        snprintf(rng, sizeof rng, "%d", e->who == VB_CHANCE && e->from_rng);
        if (!(r = run(c, Q_INS_ENTRY, 5, v, "record entry", err, n)))
            return VB_EIO;
        PQclear(r);
    }
    return 0;
}

static int pg_create(store *b, const char *id, const char *game, const store_seat *seats,
                     int nseats, const vb_match *m, const char *state, char *err, size_t n)
{
    pg_store *s = PG(b);
    PGconn *c = take(s, err, n);
    char nent[24], now[24];
    const char *v[5] = {id, game, state, nent, now};
    PGresult *r;
    int rc = VB_EIO;
    if (!c)
        return VB_EIO;
    snprintf(nent, sizeof nent, "%zu", m->rec.n);
    snprintf(now, sizeof now, "%lld", (long long)time(NULL));
    if (cmd(c, "BEGIN", "begin", err, n) < 0)
        goto out;
    if (!(r = run(c, Q_INS_GAME, 5, v, "new game", err, n)))
        goto out;
    PQclear(r);
    for (int i = 0; i < nseats; i++) {
        const char *sv[6] = {
            id, seats[i].role, seats[i].kind, seats[i].policy, seats[i].token, seats[i].player};
        if (!(r = run(c, Q_INS_SEAT, 6, sv, "new seat", err, n)))
            goto out;
        PQclear(r);
    }
    if (insert_entries(c, id, m, 0, err, n) < 0)
        goto out;
    rc = cmd(c, "COMMIT", "commit", err, n);
out:
    give(s, c); /* rolls back what is left open */
    return rc;
}

/* A single row's first column as an integer: 1 (*v), 0 no row, <0. */
static int one_int(PGconn *c, int qi, const char *id, long long *v, const char *what, char *err,
                   size_t n)
{
    const char *p[1] = {id};
    PGresult *r = run(c, qi, 1, p, what, err, n);
    int rc;
    if (!r)
        return VB_EIO;
    rc = PQntuples(r) > 0;
    if (rc)
        *v = atoll(PQgetvalue(r, 0, 0));
    PQclear(r);
    return rc;
}

static int pg_rev(store *b, const char *id, long long *rev, char *err, size_t n)
{
    PGconn *c = take(PG(b), err, n);
    int rc;
    if (!c)
        return VB_EIO;
    rc = one_int(c, Q_SEL_REV, id, rev, "read revision", err, n);
    give(PG(b), c);
    return rc;
}

static int pg_begin(store *b, const char *id, store_tx **tx, long long *rev, char *err, size_t n)
{
    PGconn *c = take(PG(b), err, n);
    int rc;
    if (!c)
        return VB_EIO;
    /* BEGIN and the row lock in one round trip */
    {
        const char *v[1] = {id};
        long long got = -1;
        rc = !PQenterPipelineMode(c) ? pg_fail(c, "pipeline", err, n) : 0;
        if (rc == 0 && (!PQsendQueryParams(c, "BEGIN", 0, NULL, NULL, NULL, NULL, 0) ||
                        send_q(c, Q_LOCK, 1, v) < 0)) {
            rc = pg_fail(c, "lock game", err, n);
            PQexitPipelineMode(c);
        } else if (rc == 0) {
            rc = pipeline_end(c, 2, 1, &got, id, "", err, n);
            if (rc < 0 && got == -1 && strstr(err, "database: game '")) {
                rc = 0; /* no row: an unknown game */
                give(PG(b), c);
                return 0;
            }
        }
        if (rc < 0) {
            give(PG(b), c);
            return rc;
        }
        *rev = got;
    }
    *tx = (store_tx *)(void *)c;
    return 1;
}

static void pg_abort(store *b, store_tx *tx)
{
    if (tx)
        give(PG(b), TX_CONN(tx));
}

/* Announce the change and commit; the transaction ends either way. */
static int notify_commit(pg_store *s, PGconn *c, const char *id, char *err, size_t n)
{
    const char *v[1] = {id};
    PGresult *r = run(c, Q_NOTIFY, 1, v, "notify", err, n);
    int rc = VB_EIO;
    if (r) {
        PQclear(r);
        rc = cmd(c, "COMMIT", "commit", err, n);
    }
    give(s, c);
    return rc;
}

/* An UPDATE ... RETURNING rev: 0 with *rev, <0 when no row (message none). */
static int update_rev(PGconn *c, int qi, int np, const char *const *v, const char *id,
                      const char *none, long long *rev, char *err, size_t n)
{
    PGresult *r = run(c, qi, np, v, "update game", err, n);
    if (!r)
        return VB_EIO;
    if (PQntuples(r) != 1) {
        PQclear(r);
        snprintf(err, n, "database: game '%s' %s", id, none);
        return VB_EIO;
    }
    *rev = atoll(PQgetvalue(r, 0, 0));
    PQclear(r);
    return 0;
}

static int pg_sync(store *b, store_tx *tx, const char *id, const vb_match *m, size_t keep,
                   const char *state, int over, long long *rev, char *err, size_t n)
{
    pg_store *s = PG(b);
    PGconn *c = TX_CONN(tx);
    char skeep[24], nent[24], sover[4], now[24];
    const char *dv[2] = {id, skeep}, *uv[5] = {id, state, nent, sover, now};
    PGresult *r;
    if (!c) {
        snprintf(err, n, "database: a change without store_begin");
        return VB_EIO;
    }
    snprintf(skeep, sizeof skeep, "%zu", keep);
    snprintf(nent, sizeof nent, "%zu", m->rec.n);
    snprintf(sover, sizeof sover, "%d", over != 0);
    snprintf(now, sizeof now, "%lld", (long long)time(NULL));
    (void)r;
    /* The whole change in one round trip: entries, state, notification,
     * commit; a failure aborts what follows it, COMMIT included. */
    {
        const char *nv[1] = {id};
        int nsent = 0, rev_at, rc = 0;
        if (!PQenterPipelineMode(c)) {
            pg_fail(c, "pipeline", err, n);
            give(s, c);
            return VB_EIO;
        }
        rc |= send_q(c, Q_DEL_ENTRIES, 2, dv);
        nsent++;
        for (size_t i = keep; i < m->rec.n && rc == 0; i++) {
            const vb_entry *e = &m->rec.v[i];
            char seq[24], rng[4];
            const char *ev[5] = {id, seq, store_who_name(m->g, e->who), e->text, rng};
            snprintf(seq, sizeof seq, "%zu", i);
            snprintf(rng, sizeof rng, "%d", e->who == VB_CHANCE && e->from_rng);
            rc |= send_q(c, Q_INS_ENTRY, 5, ev);
            nsent++;
        }
        rev_at = nsent;
        rc |= send_q(c, Q_UPD_GAME, 5, uv);
        rc |= send_q(c, Q_NOTIFY, 1, nv);
        rc |= PQsendQueryParams(c, "COMMIT", 0, NULL, NULL, NULL, NULL, 0) ? 0 : VB_EIO;
        nsent += 3;
        if (rc != 0) {
            pg_fail(c, "write change", err, n);
            PQexitPipelineMode(c);
            give(s, c); /* broken: closed */
            return VB_EIO;
        }
        rc = pipeline_end(c, nsent, rev_at, rev, id, "is not stored", err, n);
        give(s, c); /* rolls back a failed transaction */
        return rc;
    }
}

static int pg_resign(store *b, store_tx *tx, const char *id, const char *role, long long *rev,
                     char *err, size_t n)
{
    pg_store *s = PG(b);
    PGconn *c = TX_CONN(tx);
    char now[24];
    const char *v[3] = {id, role, now};
    if (!c) {
        snprintf(err, n, "database: a change without store_begin");
        return VB_EIO;
    }
    snprintf(now, sizeof now, "%lld", (long long)time(NULL));
    if (update_rev(c, Q_RESIGN, 3, v, id, "is not stored or already ended", rev, err, n) < 0) {
        give(s, c);
        return VB_EIO;
    }
    return notify_commit(s, c, id, err, n);
}

static void copy_val(char *dst, size_t n, PGresult *r, int row, int col)
{
    snprintf(dst, n, "%s", PQgetvalue(r, row, col));
}

static int pg_load(store *b, store_tx *tx, const char *id, json_t **out, store_seat *seats, int max,
                   int *nseats, char *resigned, size_t rn, long long *rev, char *err, size_t n)
{
    pg_store *s = PG(b);
    PGconn *c = tx ? TX_CONN(tx) : take(s, err, n);
    const char *v[1] = {id};
    PGresult *r = NULL;
    json_t *j = NULL, *hist;
    long long nentries;
    int rc = VB_EIO, rows;
    *out = NULL;
    *nseats = 0;
    if (!c)
        return VB_EIO;
    /* outside a change, the game's row, its record and its seats are read in
     * one snapshot (give rolls it back): another process's commit between two
     * reads would show a record of another length than the row's nentries */
    if (!tx && cmd(c, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "read game", err, n) < 0)
        goto out;
    if (!(r = run(c, Q_SEL_GAME, 1, v, "read game", err, n)))
        goto out;
    if (PQntuples(r) == 0) {
        rc = 0;
        goto out;
    }
    j = json_loads(PQgetvalue(r, 0, 0), 0, NULL);
    nentries = atoll(PQgetvalue(r, 0, 1));
    copy_val(resigned, rn, r, 0, 2);
    *rev = atoll(PQgetvalue(r, 0, 3));
    PQclear(r);
    r = NULL;
    if (!json_is_object(j)) {
        snprintf(err, n, "database: game '%s': stored state is not JSON", id);
        goto out;
    }
    hist = json_array();
    json_object_set_new(j, "history", hist);
    if (!(r = run(c, Q_SEL_ENTRIES, 1, v, "read record", err, n)))
        goto out;
    rows = PQntuples(r);
    for (int i = 0; i < rows; i++) {
        const char *who = PQgetvalue(r, i, 1);
        json_t *e = json_pack("{s:s, s:s}", "by", who, "do", PQgetvalue(r, i, 2));
        if (atoll(PQgetvalue(r, i, 0)) != i || !e) {
            json_decref(e);
            snprintf(err, n, "database: game '%s': record has a gap", id);
            goto out;
        }
        if (strcmp(who, "chance") == 0)
            json_object_set_new(e, "rng", json_boolean(atoi(PQgetvalue(r, i, 3))));
        json_array_append_new(hist, e);
    }
    PQclear(r);
    r = NULL;
    if ((long long)json_array_size(hist) != nentries) {
        snprintf(err, n, "database: game '%s': record has %zu entries, expected %lld", id,
                 json_array_size(hist), nentries);
        goto out;
    }
    if (!(r = run(c, Q_SEL_SEATS, 1, v, "read seats", err, n)))
        goto out;
    rows = PQntuples(r);
    for (int i = 0; i < rows && *nseats < max; i++) {
        store_seat *x = &seats[(*nseats)++];
        copy_val(x->role, sizeof x->role, r, i, 0);
        copy_val(x->kind, sizeof x->kind, r, i, 1);
        copy_val(x->policy, sizeof x->policy, r, i, 2);
        copy_val(x->token, sizeof x->token, r, i, 3);
        copy_val(x->player, sizeof x->player, r, i, 4);
    }
    *out = j;
    j = NULL;
    rc = 1;
out:
    PQclear(r);
    json_decref(j);
    if (!tx)
        give(s, c);
    return rc;
}

static int pg_game(store *b, const char *id, char *game, size_t gn, char *err, size_t n)
{
    PGconn *c = take(PG(b), err, n);
    const char *v[1] = {id};
    PGresult *r;
    int rc = VB_EIO;
    if (!c)
        return VB_EIO;
    if ((r = run(c, Q_SEL_KIND, 1, v, "read game", err, n))) {
        rc = PQntuples(r) > 0;
        if (rc)
            copy_val(game, gn, r, 0, 0);
        PQclear(r);
    }
    give(PG(b), c);
    return rc;
}

static int pg_each_running(store *b, void (*fn)(void *ud, const char *id), void *ud)
{
    char err[VB_ERR_LEN];
    PGconn *c = take(PG(b), err, sizeof err);
    PGresult *r;
    int rows;
    if (!c)
        return VB_EIO;
    r = run(c, Q_SEL_RUNNING, 0, NULL, "running games", err, sizeof err);
    give(PG(b), c);
    if (!r)
        return VB_EIO;
    rows = PQntuples(r);
    for (int i = 0; i < rows; i++)
        fn(ud, PQgetvalue(r, i, 0));
    PQclear(r);
    return 0;
}

static int pg_claim(store *b, const char *id, const char *role, const char *player, char *err,
                    size_t n)
{
    PGconn *c = take(PG(b), err, n);
    const char *v[3] = {id, role, player};
    PGresult *r;
    int rc = VB_EIO;
    if (!c)
        return VB_EIO;
    if ((r = run(c, Q_CLAIM, 3, v, "claim a seat", err, n))) {
        rc = atoi(PQcmdTuples(r)) == 1;
        PQclear(r);
    }
    give(PG(b), c);
    return rc;
}

static int pg_player_games(store *b, const char *player, store_mine *out, int max, char *err,
                           size_t n)
{
    PGconn *c = take(PG(b), err, n);
    char lim[16];
    const char *v[2] = {player, lim};
    PGresult *r;
    int rc = VB_EIO;
    if (!c)
        return VB_EIO;
    snprintf(lim, sizeof lim, "%d", max);
    if ((r = run(c, Q_MINE, 2, v, "my games", err, n))) {
        rc = 0;
        for (int i = 0; i < PQntuples(r) && rc < max; i++) {
            store_mine *x = &out[rc++];
            copy_val(x->id, sizeof x->id, r, i, 0);
            copy_val(x->game, sizeof x->game, r, i, 1);
            copy_val(x->role, sizeof x->role, r, i, 2);
            copy_val(x->token, sizeof x->token, r, i, 3);
            x->over = atoi(PQgetvalue(r, i, 4));
            x->updated = atoll(PQgetvalue(r, i, 5));
        }
        PQclear(r);
    }
    give(PG(b), c);
    return rc;
}

static int stopping(pg_store *s)
{
    int stop;
    pthread_mutex_lock(&s->mu);
    stop = s->stop;
    pthread_mutex_unlock(&s->mu);
    return stop;
}

/* The listener: its own connection, LISTEN, each notification's id to
 * fn; reconnects (after a second) when the connection breaks. */
static void *listen_loop(void *arg)
{
    pg_store *s = arg;
    PGconn *c = NULL;
    char err[VB_ERR_LEN];
    while (!stopping(s)) {
        struct pollfd pf;
        PGnotify *nt;
        if (!c) {
            c = connect_one(s, err, sizeof err);
            if (c && cmd(c, "LISTEN " PG_CHANNEL, "listen", err, sizeof err) < 0) {
                PQfinish(c);
                c = NULL;
            }
            if (!c) {
                fprintf(stderr, "vauban serve: %s\n", err);
                nanosleep(&(struct timespec){1, 0}, NULL);
                continue;
            }
        }
        pf.fd = PQsocket(c);
        pf.events = POLLIN;
        pf.revents = 0;
        if (poll(&pf, 1, 200) < 0)
            continue;
        if (!PQconsumeInput(c) || PQstatus(c) != CONNECTION_OK) {
            PQfinish(c);
            c = NULL;
            continue;
        }
        while ((nt = PQnotifies(c))) {
            s->fn(s->ud, nt->extra);
            PQfreemem(nt);
        }
    }
    PQfinish(c);
    return NULL;
}

static int pg_follow(store *b, void (*fn)(void *ud, const char *id), void *ud)
{
    pg_store *s = PG(b);
    if (s->listening)
        return VB_EINPUT;
    s->fn = fn;
    s->ud = ud;
    if (pthread_create(&s->listener, NULL, listen_loop, s) != 0)
        return VB_ENOMEM;
    s->listening = 1;
    return 0;
}

static const store_ops pg_ops = {
    .close = pg_close,
    .schema_version = pg_version,
    .create = pg_create,
    .begin = pg_begin,
    .abort = pg_abort,
    .sync = pg_sync,
    .resign = pg_resign,
    .load = pg_load,
    .rev = pg_rev,
    .game = pg_game,
    .each_running = pg_each_running,
    .claim = pg_claim,
    .player_games = pg_player_games,
    .follow = pg_follow,
};
