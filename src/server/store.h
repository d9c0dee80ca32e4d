/* store.h - the server's storage on SQLite: games (header and current
 * state), seats (kind, AI policy, token) and each game's record, one row per
 * decision. The schema is versioned (PRAGMA user_version) and migrated on
 * open. Every query is prepared with bound parameters.
 *
 * Threads: one store is shared by the server's threads; every call takes
 * the store's own lock, and a failing call writes its message into the
 * caller's err buffer (n bytes). */
#ifndef VB_STORE_H
#define VB_STORE_H

#include <stddef.h>

#include "vauban.h"

typedef struct store store;

#define STORE_ID_LEN 16    /* hex digits of a game id */
#define STORE_TOKEN_LEN 32 /* hex digits of a seat token */

typedef struct store_seat {
    char role[32];
    char kind[8];    /* "human" or "ai" */
    char policy[64]; /* AI policy spec; "" for a human */
    char token[STORE_TOKEN_LEN + 1];
} store_seat;

/* Open (creating and migrating) the database at path in WAL mode with
 * synchronous=FULL: an acknowledged transaction survives a crash. Returns
 * NULL with the reason in err. Free with store_close. */
store *store_open(const char *path, char *err, size_t n);
void store_close(store *s);
int store_schema_version(store *s);

/* A new game of game def id `game`: its row, its seats, and the record and
 * state of m, in one transaction. state is the referee's state file without
 * its history (vb_match_to_json(m, -1) less "history"). */
int store_create(store *s, const char *id, const char *game, const store_seat *seats, int nseats,
                 const vb_match *m, const char *state, char *err, size_t n);
/* Bring game id's record to m's: entries from `keep` on are replaced by
 * m->rec.v[keep..n) and the state updated, all or nothing, and durable when
 * it returns 0. Group commit: the changes of several games that arrive
 * together share one transaction (and one fsync), each inside its own
 * savepoint, so one failing change takes none of the others with it. The
 * caller keeps m unchanged until it returns. */
int store_sync(store *s, const char *id, const vb_match *m, size_t keep, const char *state,
               int over, char *err, size_t n);
/* Read game id back as a record file to load (header + "history" + the
 * stored "state" to compare); *out is a new reference, and seats[] (up to
 * max), *nseats and resigned (the role that resigned, "" if none; rn
 * bytes) are filled. 1 found, 0 unknown id, <0 error. */
int store_load(store *s, const char *id, json_t **out, store_seat *seats, int max, int *nseats,
               char *resigned, size_t rn, char *err, size_t n);
/* Which game def game id plays, into game (gn bytes): 1, 0 unknown, <0. */
int store_game(store *s, const char *id, char *game, size_t gn, char *err, size_t n);
/* Record that role resigned: the game is over. Durable when it returns 0. */
int store_resign(store *s, const char *id, const char *role, char *err, size_t n);
/* Ids of the games not over, for the AI to resume after a restart. Calls
 * fn(ud, id) for each; returns 0 or <0. */
int store_each_running(store *s, void (*fn)(void *ud, const char *id), void *ud);

#endif
