/*
 * store_test.c - the storage interface (src/server/store.h), the same tests
 * on each back end: SQLite in a temporary file, and PostgreSQL on a
 * throw-away server (tests/server/pg_tmp.sh) when its programs are
 * installed and this build has libpq (otherwise those are skipped). Plus,
 * on PostgreSQL only, the row lock: a second change of a game waits for the
 * first to commit and sees its revision; and a store that follows is told of
 * commits until it is closed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "pg_tmp.h"
#include "store.h"
#include "vauban.h"

static char sqlite_path[128];
static vb_game *G;

/* The back end of a test: its address and the store opened on it. */
typedef struct backend {
    const char *name;
    const char *where;
    store *st;
} backend;

static backend sq = {"sqlite", sqlite_path, NULL}, pg = {"postgresql", pg_url, NULL};

/* A game of Setge with a few decisions played (the first legal action of
 * whoever decides, chance rolled). */
static void new_match(vb_match *m, uint64_t seed, int decisions)
{
    int opts[VB_MAX_OPTIONS];
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_option_defaults(G, 0, opts);
    assert_int_equal(vb_match_init(m, G, 0, opts, seed, &cx), 0);
    for (int i = 0; i < decisions; i++) {
        vb_action a[VB_MAX_ACTIONS];
        int who = vb_to_move(G, m->st);
        if (who == VB_OVER)
            break;
        if (who == VB_CHANCE) {
            assert_int_equal(vb_match_roll(m, &cx), 0);
            continue;
        }
        assert_true(vb_legal(G, m->st, a, NULL, VB_MAX_ACTIONS) > 0);
        assert_int_equal(vb_match_apply(m, a[0], &cx), 0);
    }
}

static char *state_of(const vb_match *m)
{
    json_t *j = vb_match_to_json(m, -1);
    char *s;
    json_object_del(j, "history");
    s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return s;
}

static void seats_for(store_seat *s, const char *player)
{
    memset(s, 0, 2 * sizeof *s);
    snprintf(s[0].role, sizeof s[0].role, "%s", G->def->roles[0]);
    snprintf(s[0].kind, sizeof s[0].kind, "human");
    memset(s[0].token, 'a', STORE_TOKEN_LEN);
    snprintf(s[0].player, sizeof s[0].player, "%s", player);
    snprintf(s[1].role, sizeof s[1].role, "%s", G->def->roles[1]);
    snprintf(s[1].kind, sizeof s[1].kind, "ai");
    snprintf(s[1].policy, sizeof s[1].policy, "random");
    memset(s[1].token, 'b', STORE_TOKEN_LEN);
}

static void new_id(char *id)
{
    static unsigned k;
    snprintf(id, STORE_ID_LEN + 1, "%08x%08x", (unsigned)getpid(), ++k);
}

/* A new game (new_match's seed and decisions) stored under a new id, the
 * seats those of seats_for(""). */
static void create_game(store *st, char *id, vb_match *m, uint64_t seed, int decisions)
{
    store_seat seats[2];
    char err[VB_ERR_LEN], *s;
    new_match(m, seed, decisions);
    new_id(id);
    seats_for(seats, "");
    s = state_of(m);
    assert_int_equal(store_create(st, id, G->def->id, seats, 2, m, s, err, sizeof err), 0);
    free(s);
}

/* One decision: the first legal action of whoever decides, then chance
 * rolled until someone decides again. */
static void play_one(vb_match *m)
{
    vb_action a[VB_MAX_ACTIONS];
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_true(vb_legal(G, m->st, a, NULL, VB_MAX_ACTIONS) > 0);
    assert_int_equal(vb_match_apply(m, a[0], &cx), 0);
    while (vb_to_move(G, m->st) == VB_CHANCE)
        assert_int_equal(vb_match_roll(m, &cx), 0);
}

/* A change of the stored game `id`: begun, one decision played on m
 * (play_one), its new entries and state synced. *rev is the revision
 * after the sync; returns the one store_begin read. */
static long long change_one(store *st, const char *id, vb_match *m, long long *rev)
{
    char err[VB_ERR_LEN], *s;
    store_tx *tx;
    size_t keep = m->rec.n;
    long long begun;
    assert_int_equal(store_begin(st, id, &tx, rev, err, sizeof err), 1);
    begun = *rev;
    play_one(m);
    s = state_of(m);
    assert_int_equal(store_sync(st, tx, id, m, keep, s, 0, rev, err, sizeof err), 0);
    free(s);
    return begun;
}

/* The stored game replays through the engine to m's record. */
static void assert_stored(store *st, const char *id, const vb_match *m, long long want_rev)
{
    store_seat seats[VB_MAX_ROLES];
    char resigned[32], err[VB_ERR_LEN];
    json_t *j = NULL, *mine;
    long long rev = -1;
    int nseats = 0;
    vb_match back;
    vb_ctx cx;
    assert_int_equal(store_load(st, NULL, id, &j, seats, VB_MAX_ROLES, &nseats, resigned,
                                sizeof resigned, &rev, err, sizeof err),
                     1);
    assert_int_equal(rev, want_rev);
    assert_int_equal(nseats, 2);
    /* the seats read back as seats_for stored them: a human, and an AI that
     * still plays after a restart */
    for (int k = 0; k < 2; k++) {
        assert_string_equal(seats[k].role, G->def->roles[k]);
        assert_string_equal(seats[k].kind, k ? "ai" : "human");
        assert_string_equal(seats[k].policy, k ? "random" : "");
        for (int i = 0; i < STORE_TOKEN_LEN; i++)
            assert_int_equal(seats[k].token[i], k ? 'b' : 'a');
    }
    vb_ctx_init(&cx);
    if (vb_match_load(&back, G, j, &cx) < 0)
        fail_msg("stored game does not replay: %s", cx.err);
    assert_int_equal(back.rec.n, m->rec.n);
    for (size_t i = 0; i < m->rec.n; i++)
        assert_string_equal(back.rec.v[i].text, m->rec.v[i].text);
    mine = vb_match_to_json(m, -1);
    json_decref(j);
    j = vb_match_to_json(&back, -1);
    assert_true(json_equal(j, mine));
    json_decref(j);
    json_decref(mine);
    vb_match_release(&back);
}

static int open_backend(void **state, backend *b)
{
    char err[VB_ERR_LEN];
    if (!b->where[0]) {
        print_message("%s: not available, skipped\n", b->name);
        *state = NULL;
        return 0;
    }
    b->st = store_open(b->where, err, sizeof err);
    if (!b->st)
        print_error("%s: %s\n", b->name, err);
    *state = b;
    return b->st ? 0 : -1;
}

static int setup_sq(void **state)
{
    return open_backend(state, &sq);
}

static int setup_pg(void **state)
{
    return open_backend(state, &pg);
}

static int teardown(void **state)
{
    backend *b = *state;
    if (b && b->st) {
        store_close(b->st);
        b->st = NULL;
    }
    return 0;
}

#define BACKEND(state)                                                                             \
    backend *b = *(state);                                                                         \
    if (!b)                                                                                        \
        skip();                                                                                    \
    store *st = b->st

static void schema_is_current(void **state)
{
    char err[VB_ERR_LEN];
    BACKEND(state);
    assert_int_equal(store_schema_version(st), 3);
    /* opening again migrates nothing and works */
    if (strcmp(b->name, "postgresql") == 0) {
        store *again = store_open(b->where, err, sizeof err);
        assert_non_null(again);
        assert_int_equal(store_schema_version(again), 3);
        store_close(again);
    }
}

static void create_and_load(void **state)
{
    store_seat seats[2];
    char id[STORE_ID_LEN + 1], err[VB_ERR_LEN], game[64], *s;
    vb_match m;
    long long rev = 0;
    BACKEND(state);
    new_match(&m, 11, 6);
    new_id(id);
    seats_for(seats, "");
    s = state_of(&m);
    assert_int_equal(store_create(st, id, G->def->id, seats, 2, &m, s, err, sizeof err), 0);
    free(s);
    assert_stored(st, id, &m, 1);
    assert_int_equal(store_game(st, id, game, sizeof game, err, sizeof err), 1);
    assert_string_equal(game, G->def->id);
    assert_int_equal(store_rev(st, id, &rev, err, sizeof err), 1);
    assert_int_equal(rev, 1);
    /* the same id twice is refused, and leaves the first alone */
    s = state_of(&m);
    assert_true(store_create(st, id, G->def->id, seats, 2, &m, s, err, sizeof err) < 0);
    assert_non_null(strstr(err, "database"));
    assert_null(strchr(err, '\n'));
    free(s);
    assert_stored(st, id, &m, 1);
    vb_match_release(&m);
}

static void unknown_game(void **state)
{
    char err[VB_ERR_LEN], game[64];
    store_seat seats[VB_MAX_ROLES];
    json_t *j = NULL;
    store_tx *tx = NULL;
    long long rev = 0;
    int ns = 0;
    char resigned[32];
    BACKEND(state);
    assert_int_equal(store_begin(st, "0000000000000000", &tx, &rev, err, sizeof err), 0);
    assert_null(tx);
    assert_int_equal(store_load(st, NULL, "0000000000000000", &j, seats, VB_MAX_ROLES, &ns,
                                resigned, sizeof resigned, &rev, err, sizeof err),
                     0);
    assert_int_equal(store_game(st, "0000000000000000", game, sizeof game, err, sizeof err), 0);
    assert_int_equal(store_rev(st, "0000000000000000", &rev, err, sizeof err), 0);
}

/* Changes: more decisions, then an undo (entries replaced from `keep`),
 * each bumping the revision; an aborted change writes nothing. */
static void changes_and_undo(void **state)
{
    char id[STORE_ID_LEN + 1], err[VB_ERR_LEN], *s;
    store_tx *tx;
    vb_match m;
    vb_ctx cx;
    long long rev = 0;
    BACKEND(state);
    vb_ctx_init(&cx);
    create_game(st, id, &m, 12, 3);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(change_one(st, id, &m, &rev), 1 + k);
        assert_int_equal(rev, 2 + k);
        assert_stored(st, id, &m, rev);
    }
    /* a change that fails (written under an id no game has: its entries
     * break the foreign key) leaves everything as it was, and the store
     * goes on working */
    assert_int_equal(store_begin(st, id, &tx, &rev, err, sizeof err), 1);
    s = state_of(&m);
    assert_true(store_sync(st, tx, "ffffffffffffffff", &m, 0, s, 0, &rev, err, sizeof err) < 0);
    free(s);
    assert_non_null(strstr(err, "database"));
    assert_null(strchr(err, '\n'));
    assert_stored(st, id, &m, 4);
    /* an aborted change: nothing written, same revision */
    assert_int_equal(store_begin(st, id, &tx, &rev, err, sizeof err), 1);
    store_abort(st, tx);
    assert_stored(st, id, &m, 4);
    /* undo: the record shrinks */
    {
        int who = -1;
        for (size_t i = m.rec.n; i > 0 && who < 0; i--)
            if (m.rec.v[i - 1].who >= 0)
                who = m.rec.v[i - 1].who;
        assert_int_equal(vb_match_undo(&m, who, &cx), 0);
    }
    assert_int_equal(store_begin(st, id, &tx, &rev, err, sizeof err), 1);
    s = state_of(&m);
    assert_int_equal(store_sync(st, tx, id, &m, m.rec.n, s, 0, &rev, err, sizeof err), 0);
    free(s);
    assert_int_equal(rev, 5);
    assert_stored(st, id, &m, 5);
    vb_match_release(&m);
}

static void count_running(void *ud, const char *id)
{
    const char *want = ((const char **)ud)[0];
    if (strcmp(id, want) == 0)
        ((const char **)ud)[1] = "seen";
}

static void resign_and_running(void **state)
{
    store_seat seats[2];
    char id[STORE_ID_LEN + 1], err[VB_ERR_LEN], resigned[32];
    const char *probe[2];
    store_tx *tx;
    vb_match m;
    json_t *j;
    long long rev = 0;
    int ns;
    BACKEND(state);
    create_game(st, id, &m, 13, 2);
    probe[0] = id;
    probe[1] = NULL;
    assert_int_equal(store_each_running(st, count_running, probe), 0);
    assert_non_null(probe[1]);
    /* a change written with the game going on keeps it running (and "my
     * games" not over) */
    change_one(st, id, &m, &rev);
    assert_int_equal(rev, 2);
    probe[1] = NULL;
    assert_int_equal(store_each_running(st, count_running, probe), 0);
    assert_non_null(probe[1]);
    assert_int_equal(store_begin(st, id, &tx, &rev, err, sizeof err), 1);
    assert_int_equal(store_resign(st, tx, id, G->def->roles[0], &rev, err, sizeof err), 0);
    assert_int_equal(rev, 3);
    assert_int_equal(store_load(st, NULL, id, &j, seats, 2, &ns, resigned, sizeof resigned, &rev,
                                err, sizeof err),
                     1);
    json_decref(j);
    assert_string_equal(resigned, G->def->roles[0]);
    /* over: no longer running; a second resignation is refused */
    probe[1] = NULL;
    assert_int_equal(store_each_running(st, count_running, probe), 0);
    assert_null(probe[1]);
    assert_int_equal(store_begin(st, id, &tx, &rev, err, sizeof err), 1);
    assert_true(store_resign(st, tx, id, G->def->roles[1], &rev, err, sizeof err) < 0);
    assert_non_null(strstr(err, "already ended"));
    assert_int_equal(store_rev(st, id, &rev, err, sizeof err), 1);
    assert_int_equal(rev, 3);
    vb_match_release(&m);
}

static void players_and_their_games(void **state)
{
    static const char key1[] = "0123456789abcdef0123456789abcdef";
    static const char key2[] = "fedcba9876543210fedcba9876543210";
    store_seat seats[2];
    store_mine mine[8];
    char id1[STORE_ID_LEN + 1], id2[STORE_ID_LEN + 1], err[VB_ERR_LEN], *s;
    vb_match m;
    BACKEND(state);
    new_match(&m, 14, 1);
    new_id(id1);
    new_id(id2);
    seats_for(seats, key1);
    s = state_of(&m);
    assert_int_equal(store_create(st, id1, G->def->id, seats, 2, &m, s, err, sizeof err), 0);
    seats_for(seats, "");
    assert_int_equal(store_create(st, id2, G->def->id, seats, 2, &m, s, err, sizeof err), 0);
    free(s);
    assert_int_equal(store_player_games(st, key1, mine, 8, err, sizeof err), 1);
    assert_string_equal(mine[0].id, id1);
    assert_string_equal(mine[0].game, G->def->id);
    assert_string_equal(mine[0].role, G->def->roles[0]);
    assert_int_equal(mine[0].token[0], 'a');
    assert_int_equal(mine[0].over, 0);
    /* seconds since the epoch, as of now */
    assert_true(mine[0].updated > (long long)time(NULL) - 3600 &&
                mine[0].updated <= (long long)time(NULL) + 1);
    assert_int_equal(store_player_games(st, key2, mine, 8, err, sizeof err), 0);
    /* key2 joins game 2's human seat; an AI seat cannot be claimed */
    assert_int_equal(store_claim(st, id2, G->def->roles[0], key2, err, sizeof err), 1);
    assert_int_equal(store_claim(st, id2, G->def->roles[1], key2, err, sizeof err), 0);
    assert_int_equal(store_player_games(st, key2, mine, 8, err, sizeof err), 1);
    assert_string_equal(mine[0].id, id2);
    /* key2 takes game 1's seat too: key1 no longer holds it */
    assert_int_equal(store_claim(st, id1, G->def->roles[0], key2, err, sizeof err), 1);
    assert_int_equal(store_player_games(st, key2, mine, 8, err, sizeof err), 2);
    assert_int_equal(store_player_games(st, key1, mine, 8, err, sizeof err), 0);
    assert_int_equal(store_player_games(st, key2, mine, 1, err, sizeof err), 1);
    /* game 1 resigned: listed as over */
    {
        store_tx *tx = NULL;
        long long rev = 0;
        int found = 0;
        assert_int_equal(store_begin(st, id1, &tx, &rev, err, sizeof err), 1);
        assert_int_equal(store_resign(st, tx, id1, G->def->roles[1], &rev, err, sizeof err), 0);
        assert_int_equal(store_player_games(st, key2, mine, 8, err, sizeof err), 2);
        for (int i = 0; i < 2; i++) {
            assert_int_equal(mine[i].over, strcmp(mine[i].id, id1) == 0);
            found += strcmp(mine[i].id, id1) == 0;
        }
        assert_int_equal(found, 1);
    }
    vb_match_release(&m);
}

/* PostgreSQL: a change holds the game's row; a second one (another
 * connection, as another process would) waits until the first commits,
 * then sees its revision. */
typedef struct second {
    store *st;
    const char *id;
    long long rev;
    int got;           /* its store_begin returned */
    int syncing;       /* the first change had begun to commit */
    int after_syncing; /* store_begin returned after that */
} second;

static void *second_change(void *arg)
{
    second *sc = arg;
    store_tx *tx;
    char err[VB_ERR_LEN];
    if (store_begin(sc->st, sc->id, &tx, &sc->rev, err, sizeof err) == 1) {
        __atomic_store_n(&sc->after_syncing, __atomic_load_n(&sc->syncing, __ATOMIC_SEQ_CST),
                         __ATOMIC_SEQ_CST);
        __atomic_store_n(&sc->got, 1, __ATOMIC_SEQ_CST);
        store_abort(sc->st, tx);
    }
    return NULL;
}

static void row_lock_serialises(void **state)
{
    char id[STORE_ID_LEN + 1], err[VB_ERR_LEN], *s;
    store_tx *tx;
    vb_match m;
    vb_ctx cx;
    long long rev;
    pthread_t th;
    second sc;
    store *other;
    size_t keep;
    BACKEND(state);
    vb_ctx_init(&cx);
    /* a second store: its own connections, as a second process has */
    other = store_open(b->where, err, sizeof err);
    assert_non_null(other);
    create_game(st, id, &m, 15, 2);
    assert_int_equal(store_begin(st, id, &tx, &rev, err, sizeof err), 1);
    memset(&sc, 0, sizeof sc);
    sc.st = other;
    sc.id = id;
    assert_int_equal(pthread_create(&th, NULL, second_change, &sc), 0);
    nanosleep(&(struct timespec){0, 300000000}, NULL);
    /* still waiting for the row (or not even started: never done) */
    assert_int_equal(__atomic_load_n(&sc.got, __ATOMIC_SEQ_CST), 0);
    keep = m.rec.n;
    play_one(&m);
    s = state_of(&m);
    __atomic_store_n(&sc.syncing, 1, __ATOMIC_SEQ_CST);
    assert_int_equal(store_sync(st, tx, id, &m, keep, s, 0, &rev, err, sizeof err), 0);
    free(s);
    pthread_join(th, NULL);
    assert_int_equal(sc.got, 1);
    assert_int_equal(sc.after_syncing, 1); /* it got the row once the first committed */
    assert_int_equal(sc.rev, rev);         /* it sees the committed change */
    store_close(other);
    vb_match_release(&m);
}

/* PostgreSQL: a load outside a change (another process reading a game that
 * one process keeps changing) sees the game's row, record and seats of one
 * commit, never a row of one revision with the record of the next. */
typedef struct reader {
    store *st;
    const char *id;
    int stop, loads, failed;
    char err[VB_ERR_LEN];
} reader;

static void *keep_loading(void *arg)
{
    reader *rd = arg;
    while (!__atomic_load_n(&rd->stop, __ATOMIC_SEQ_CST) && !rd->failed) {
        store_seat seats[VB_MAX_ROLES];
        char resigned[32];
        json_t *j = NULL;
        long long rev;
        int ns = 0;
        if (store_load(rd->st, NULL, rd->id, &j, seats, VB_MAX_ROLES, &ns, resigned,
                       sizeof resigned, &rev, rd->err, sizeof rd->err) != 1)
            rd->failed = 1;
        json_decref(j);
        rd->loads++;
    }
    return NULL;
}

static void loads_see_one_commit(void **state)
{
    char id[STORE_ID_LEN + 1], err[VB_ERR_LEN];
    vb_match m;
    long long rev;
    pthread_t th[2];
    reader rd[2];
    store *other;
    BACKEND(state);
    other = store_open(b->where, err, sizeof err);
    assert_non_null(other);
    create_game(st, id, &m, 16, 2);
    memset(rd, 0, sizeof rd);
    for (int i = 0; i < 2; i++) {
        rd[i].st = other;
        rd[i].id = id;
        assert_int_equal(pthread_create(&th[i], NULL, keep_loading, &rd[i]), 0);
    }
    for (int k = 0; k < 150 && vb_to_move(G, m.st) != VB_OVER; k++)
        change_one(st, id, &m, &rev);
    for (int i = 0; i < 2; i++) {
        __atomic_store_n(&rd[i].stop, 1, __ATOMIC_SEQ_CST);
        pthread_join(th[i], NULL);
        if (rd[i].failed)
            fail_msg("a load during the changes failed after %d loads: %s", rd[i].loads, rd[i].err);
        assert_true(rd[i].loads > 0);
    }
    store_close(other);
    vb_match_release(&m);
}

/* store_follow's callback: counts the changes it is told of. */
static void count_change(void *ud, const char *id)
{
    (void)id;
    __atomic_add_fetch((int *)ud, 1, __ATOMIC_SEQ_CST);
}

/* PostgreSQL: a store that follows is told of another's commits until it
 * is closed, and not after (store.h: "until store_close"). Kills
 * store_pg.c:857 `listening = 1` -> `0` (close never stopped the listener,
 * whose thread went on with the freed store and its callback: a second
 * commit counted, or a use after free under AddressSanitizer, M48). */
static void follow_ends_at_close(void **state)
{
    char id[STORE_ID_LEN + 1], err[VB_ERR_LEN];
    vb_match m;
    long long rev;
    int told = 0, seen;
    store *other;
    BACKEND(state);
    other = store_open(b->where, err, sizeof err);
    assert_non_null(other);
    assert_int_equal(store_follow(other, count_change, &told), 0);
    create_game(st, id, &m, 16, 2);
    /* (the listener's LISTEN may come after the first commits: change
     * again until one is told) */
    for (int i = 0; i < 20 && __atomic_load_n(&told, __ATOMIC_SEQ_CST) == 0; i++) {
        change_one(st, id, &m, &rev);
        nanosleep(&(struct timespec){0, 500000000}, NULL);
    }
    assert_true(__atomic_load_n(&told, __ATOMIC_SEQ_CST) > 0);
    store_close(other);
    seen = __atomic_load_n(&told, __ATOMIC_SEQ_CST);
    change_one(st, id, &m, &rev);
    nanosleep(&(struct timespec){0, 800000000}, NULL);
    if (__atomic_load_n(&told, __ATOMIC_SEQ_CST) != seen)
        fail_msg("M48: a closed store still told of a change (%d, then %d)", seen,
                 __atomic_load_n(&told, __ATOMIC_SEQ_CST));
    vb_match_release(&m);
}

/* A database error reaches the user on one line without libpq's
 * "ERROR:  " (store_pg.c:75, the prefix compared over 9 bytes, its end
 * included: never stripped). The store opened where no schema can be
 * created in (search_path set to a schema that does not exist): the
 * migration's first CREATE TABLE fails. */
static void error_without_its_prefix(void **state)
{
    char url[sizeof pg_url + 64], err[VB_ERR_LEN] = "";
    store *s2;
    BACKEND(state);
    (void)st;
    snprintf(url, sizeof url, "%s&options=-csearch_path%%3Dm53_nosuch", b->where);
    s2 = store_open(url, err, sizeof err);
    if (s2) {
        store_close(s2);
        fail_msg("M53: a store opened with no schema to create in");
    }
    if (strcmp(err, "database: migration: no schema has been selected to create in") != 0)
        fail_msg("M53: a database error read '%s'", err);
}

/* A URL without a server: a one-line error, no crash. */
static void bad_url(void **state)
{
    char err[VB_ERR_LEN];
    store *st;
    (void)state;
    st = store_open("postgresql:///nope?host=/nonexistent-dir&connect_timeout=2", err, sizeof err);
    assert_null(st);
    assert_null(strchr(err, '\n'));
#ifdef VB_HAVE_PG
    assert_non_null(strstr(err, "database: connect"));
#else
    assert_non_null(strstr(err, "libpq-dev"));
#endif
}

/* A SQLite file of a newer schema than this program's (one past its
 * migrations) is refused with a line that says so, and left as it was.
 * Kills store.c:361 `migrate(s) < 0` -> `> 0` (the refusal ignored: this
 * empty file then fails at its first query, "no such table: games"; one
 * with the tables would be used). server_api_server's restart test,
 * outside that pass's regex, checks it through `vauban serve`. */
static void newer_schema_refused(void **state)
{
    char path[sizeof sqlite_path + 16], err[VB_ERR_LEN] = "";
    sqlite3 *db;
    sqlite3_stmt *q;
    store *st;
    (void)state;
    snprintf(path, sizeof path, "%s.newer", sqlite_path);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 4", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    st = store_open(path, err, sizeof err);
    if (st) {
        store_close(st);
        fail_msg("M48: a database of schema version 4 opened");
    }
    if (!strstr(err, "schema version 4 is newer than this program's (3)") || strchr(err, '\n'))
        fail_msg("M48: a newer database refused with '%s'", err);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(q, 0), 4);
    sqlite3_finalize(q);
    sqlite3_close(db);
    remove(path);
}

#define BOTH(t)                                                                                    \
    {"sqlite: " #t, t, setup_sq, teardown, NULL},                                                  \
    {                                                                                              \
        "postgresql: " #t, t, setup_pg, teardown, NULL                                             \
    }

int main(void)
{
    const struct CMUnitTest tests[] = {
        BOTH(schema_is_current),
        BOTH(create_and_load),
        BOTH(unknown_game),
        BOTH(changes_and_undo),
        BOTH(resign_and_running),
        BOTH(players_and_their_games),
        {"postgresql: row_lock_serialises", row_lock_serialises, setup_pg, teardown, NULL},
        {"postgresql: loads_see_one_commit", loads_see_one_commit, setup_pg, teardown, NULL},
        {"postgresql: follow_ends_at_close", follow_ends_at_close, setup_pg, teardown, NULL},
        {"postgresql: error_without_its_prefix", error_without_its_prefix, setup_pg, teardown,
         NULL},
        cmocka_unit_test(bad_url),
        cmocka_unit_test(newer_schema_refused),
    };
    char dir[] = "/tmp/vauban-store-XXXXXX";
    vb_ctx cx;
    int rc;
    vb_ctx_init(&cx);
    G = vb_game_load("setge-1714", &cx);
    if (!G || !mkdtemp(dir)) {
        fprintf(stderr, "store_test: %s\n", G ? "mkdtemp" : cx.err);
        return 1;
    }
    snprintf(sqlite_path, sizeof sqlite_path, "%s/store.sqlite", dir);
#ifdef VB_HAVE_PG
    pg_start();
#endif
    rc = cmocka_run_group_tests(tests, NULL, NULL);
    pg_stop();
    {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            rc = rc ? rc : 1;
    }
    vb_game_free(G);
    return rc;
}
