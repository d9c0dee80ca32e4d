/* store_int.h - what the two storage back ends (store.c: SQLite,
 * store_pg.c: PostgreSQL) share: the table of operations behind store.h and
 * the queries, written once with $1..$n parameters (SQLite binds them by
 * name, PostgreSQL by position). */
#ifndef VB_STORE_INT_H
#define VB_STORE_INT_H

#include "store.h"

typedef struct store_ops {
    void (*close)(store *s);
    int (*schema_version)(store *s);
    int (*create)(store *s, const char *id, const char *game, const store_seat *seats, int nseats,
                  const vb_match *m, const char *state, char *err, size_t n);
    int (*begin)(store *s, const char *id, store_tx **tx, long long *rev, char *err, size_t n);
    void (*abort)(store *s, store_tx *tx);
    int (*sync)(store *s, store_tx *tx, const char *id, const vb_match *m, size_t keep,
                const char *state, int over, long long *rev, char *err, size_t n);
    int (*resign)(store *s, store_tx *tx, const char *id, const char *role, long long *rev,
                  char *err, size_t n);
    int (*load)(store *s, store_tx *tx, const char *id, json_t **out, store_seat *seats, int max,
                int *nseats, char *resigned, size_t rn, long long *rev, char *err, size_t n);
    int (*rev)(store *s, const char *id, long long *rev, char *err, size_t n);
    int (*game)(store *s, const char *id, char *game, size_t gn, char *err, size_t n);
    int (*each_running)(store *s, void (*fn)(void *ud, const char *id), void *ud);
    int (*claim)(store *s, const char *id, const char *role, const char *player, char *err,
                 size_t n);
    int (*player_games)(store *s, const char *player, store_mine *out, int max, char *err,
                        size_t n);
    int (*follow)(store *s, void (*fn)(void *ud, const char *id), void *ud);
} store_ops;

struct store {
    const store_ops *ops;
    int shared; /* other processes may write (PostgreSQL) */
};

#ifdef VB_HAVE_PG
store *store_pg_open(const char *url, char *err, size_t n);
#endif

/* The queries both back ends run. */
enum {
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
    Q_SEL_REV,
    Q_LOCK, /* the back end's own: SQLite has no FOR UPDATE */
    Q_RESIGN,
    Q_CLAIM,
    Q_MINE,
    NQ
};

#define STORE_QUERIES                                                                              \
    [Q_INS_GAME] = "INSERT INTO games(id, game, state, nentries, over, created, updated, rev)"     \
                   " VALUES($1, $2, $3, $4, 0, $5, $5, 1)",                                        \
    [Q_INS_SEAT] = "INSERT INTO seats(game_id, role, kind, policy, token, player)"                 \
                   " VALUES($1, $2, $3, $4, $5, $6)",                                              \
    [Q_DEL_ENTRIES] = "DELETE FROM entries WHERE game_id = $1 AND seq >= $2",                      \
    [Q_INS_ENTRY] =                                                                                \
        "INSERT INTO entries(game_id, seq, who, text, rng) VALUES($1, $2, $3, $4, $5)",            \
    [Q_UPD_GAME] = "UPDATE games SET state = $2, nentries = $3, over = $4, updated = $5,"          \
                   " rev = rev + 1 WHERE id = $1 RETURNING rev",                                   \
    [Q_SEL_GAME] = "SELECT state, nentries, resigned, rev FROM games WHERE id = $1",               \
    [Q_SEL_SEATS] = "SELECT role, kind, policy, token, player FROM seats WHERE game_id = $1",      \
    [Q_SEL_ENTRIES] = "SELECT seq, who, text, rng FROM entries WHERE game_id = $1 ORDER BY seq",   \
    [Q_SEL_RUNNING] = "SELECT id FROM games WHERE over = 0",                                       \
    [Q_SEL_KIND] = "SELECT game FROM games WHERE id = $1",                                         \
    [Q_SEL_REV] = "SELECT rev FROM games WHERE id = $1",                                           \
    [Q_RESIGN] = "UPDATE games SET resigned = $2, over = 1, updated = $3, rev = rev + 1"           \
                 " WHERE id = $1 AND resigned = '' RETURNING rev",                                 \
    [Q_CLAIM] =                                                                                    \
        "UPDATE seats SET player = $3 WHERE game_id = $1 AND role = $2 AND kind = 'human'",        \
    [Q_MINE] = "SELECT s.game_id, g.game, s.role, s.token, g.over, g.updated FROM seats s"         \
               " JOIN games g ON g.id = s.game_id WHERE s.player = $1"                             \
               " ORDER BY g.updated DESC, s.game_id, s.role LIMIT $2"

/* The name of decision maker `who` as the record stores it. */
static inline const char *store_who_name(const vb_game *g, int who)
{
    return who >= 0 && who < g->def->nroles ? g->def->roles[who] : "chance";
}

#endif
