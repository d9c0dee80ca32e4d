/* store.h - the server's storage: games (header, current state, revision),
 * seats (kind, AI policy, token, player key) and each game's record, one
 * row per decision. One small interface, two back ends with the same
 * schema and the same queries:
 *   - SQLite (a file path): WAL, synchronous=FULL, group commit; one
 *     `vauban serve` process per file (an exclusive lock says so);
 *   - PostgreSQL (a "postgresql://..." or "postgres://..." URL, libpq):
 *     several `vauban serve` processes on one database; each change of a
 *     game is serialised by the database, under its row lock (SELECT ...
 *     FOR UPDATE), and announced to the other processes (NOTIFY).
 * The schema is versioned and migrated on open. Every query is prepared
 * with bound parameters; nothing is built from input.
 *
 * A change: store_begin locks the game (PostgreSQL: a transaction holding
 * its row lock) and says its stored revision; the caller reloads the game
 * with store_load(..., tx, ...) if that revision is not the one it holds,
 * decides, then ends the change with store_sync or store_resign (durable
 * when they return 0) or store_abort. Every change bumps the revision.
 *
 * Threads: one store is shared by the server's threads; a failing call
 * writes its one-line message into the caller's err buffer (n bytes). */
#ifndef VB_STORE_H
#define VB_STORE_H

#include <stddef.h>

#include "vauban.h"

typedef struct store store;
typedef struct store_tx store_tx;

#define STORE_ID_LEN 16    /* hex digits of a game id */
#define STORE_TOKEN_LEN 32 /* hex digits of a seat token or a player key */

typedef struct store_seat {
    char role[32];
    char kind[8];    /* "human" or "ai" */
    char policy[64]; /* AI policy spec; "" for a human */
    char token[STORE_TOKEN_LEN + 1];
    char player[STORE_TOKEN_LEN + 1]; /* the player key holding it; "" none */
} store_seat;

/* One line of a player's games (store_player_games). */
typedef struct store_mine {
    char id[STORE_ID_LEN + 1];
    char game[64];
    char role[32];
    char token[STORE_TOKEN_LEN + 1];
    int over;
    long long updated; /* seconds since the epoch */
} store_mine;

/* 1 when `where` names a PostgreSQL database (a postgresql:// or
 * postgres:// URL), else 0 (an SQLite file). */
int store_is_pg(const char *where);
/* Open (creating and migrating) the database: an SQLite file or a
 * PostgreSQL URL. Returns NULL with the reason in err (a build without
 * libpq says so for a URL). Free with store_close. */
store *store_open(const char *where, char *err, size_t n);
void store_close(store *s);
int store_schema_version(store *s);
/* 1 when other processes may change the games (PostgreSQL): readers check
 * the revision (store_rev) before trusting what they hold. */
int store_shared(const store *s);

/* A new game of game def id `game`: its row, its seats, and the record and
 * state of m, in one transaction (revision 1). state is the referee's state
 * file without its history (vb_match_to_json(m, -1) less "history"). */
int store_create(store *s, const char *id, const char *game, const store_seat *seats, int nseats,
                 const vb_match *m, const char *state, char *err, size_t n);
/* Begin a change of game id: *tx to pass on, *rev its stored revision.
 * 1 (locked), 0 unknown id, <0 error (nothing to end). */
int store_begin(store *s, const char *id, store_tx **tx, long long *rev, char *err, size_t n);
/* End a change without writing. */
void store_abort(store *s, store_tx *tx);
/* End the change: game id's record brought to m's (entries from `keep` on
 * replaced by m->rec.v[keep..n)), its state updated and its revision
 * bumped (*rev, the new one), all or nothing, and durable when it returns
 * 0. SQLite: group commit (the changes of several games that arrive
 * together share one transaction and one fsync, each in its own savepoint,
 * so one failing change takes none of the others with it). The caller
 * keeps m unchanged until it returns. */
int store_sync(store *s, store_tx *tx, const char *id, const vb_match *m, size_t keep,
               const char *state, int over, long long *rev, char *err, size_t n);
/* End the change: role resigned, the game is over (*rev, the new
 * revision). Durable when it returns 0. */
int store_resign(store *s, store_tx *tx, const char *id, const char *role, long long *rev,
                 char *err, size_t n);
/* Read game id back as a record file to load (header + "history" + the
 * stored "state" to compare); *out is a new reference, and seats[] (up to
 * max), *nseats, resigned (the role that resigned, "" if none; rn bytes)
 * and *rev are filled. Inside a change, pass its tx (NULL otherwise).
 * 1 found, 0 unknown id, <0 error. */
int store_load(store *s, store_tx *tx, const char *id, json_t **out, store_seat *seats, int max,
               int *nseats, char *resigned, size_t rn, long long *rev, char *err, size_t n);
/* Game id's stored revision, without a lock: 1, 0 unknown, <0 error. */
int store_rev(store *s, const char *id, long long *rev, char *err, size_t n);
/* Which game def game id plays, into game (gn bytes): 1, 0 unknown, <0. */
int store_game(store *s, const char *id, char *game, size_t gn, char *err, size_t n);
/* Ids of the games not over, for the AI to resume after a restart. Calls
 * fn(ud, id) for each; returns 0 or <0. */
int store_each_running(store *s, void (*fn)(void *ud, const char *id), void *ud);
/* Give seat `role` of game id to player key `player` (32 hex digits; ""
 * to clear). 1 done, 0 no such seat, <0 error. */
int store_claim(store *s, const char *id, const char *role, const char *player, char *err,
                size_t n);
/* The seats player key holds, the games changed last first, up to max
 * lines into out[]: the number of lines, or <0. */
int store_player_games(store *s, const char *player, store_mine *out, int max, char *err, size_t n);
/* PostgreSQL: call fn(ud, id) from a thread of the store's whenever a
 * process (this one included) commits a change of game id; until
 * store_close. SQLite: nothing to follow (returns 0). */
int store_follow(store *s, void (*fn)(void *ud, const char *id), void *ud);

#endif
