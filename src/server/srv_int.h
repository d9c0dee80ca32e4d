/* srv_int.h - the server's internals: the games held in memory (each a
 * match behind its own lock, with its seats, log and Server-Sent Events
 * subscribers), the AI workers, and the HTTP layer's entry points.
 *
 * Locks, always taken in this order: srv.mu (the list of games and the
 * loaded game handles), then live.mu (one game), then sse_sub.mu (one
 * subscriber's buffer). The store has its own lock, taken last. No lock is
 * held while calling into libmicrohttpd except sse_sub.mu around
 * MHD_suspend_connection in the subscriber's own reader callback. */
#ifndef VB_SRV_INT_H
#define VB_SRV_INT_H

#include <pthread.h>

#include "policy.h"
#include "store.h"
#include "vauban.h"

#define SRV_BODY_LIMIT (64 * 1024) /* bytes of a request body */
#define SRV_AI_WORKERS 2
#define SRV_ODDS_STATES 200000 /* the most chance states one odds request expands */
#define SRV_AI_MAX_MS 10000    /* the longest time budget of an AI move */
/* Event streams open on one game: a new one beyond ends the oldest (a
 * client that left without closing keeps its stream until the next ping). */
#define SRV_STREAMS_PER_GAME 16
/* GET .../area: the longest name asked for (bytes), the most bytes of the
 * text of one part of the board. */
#define SRV_AREA_NAME 64
#define SRV_AREA_TEXT (64 * 1024)

struct MHD_Connection;
struct live;

/* One Server-Sent Events stream. Two references: the game's list and
 * libmicrohttpd's response; freed when both are dropped. */
typedef struct sse_sub {
    struct sse_sub *next; /* in live.subs, under live.mu */
    struct srv *sv;       /* counts its open streams */
    struct MHD_Connection *conn;
    pthread_mutex_t mu;
    char *buf; /* bytes not yet sent */
    size_t n, cap;
    int refs;
    int suspended; /* the connection waits for data */
    int closed;    /* the client went away */
    int shutdown;  /* the server stops: end the stream */
} sse_sub;

typedef struct logline {
    int entry; /* index of the decision that wrote it; -1: setup */
    vb_roles see;
    char *text;
} logline;

typedef struct seat {
    int used; /* the role takes part in the scenario */
    int ai;
    char policy[64];
    char token[STORE_TOKEN_LEN + 1];
} seat;

typedef struct live {
    struct live *next; /* in srv.games */
    struct srv *sv;
    char id[STORE_ID_LEN + 1];
    const vb_game *g;
    pthread_mutex_t mu;
    vb_match m;
    int loaded; /* m holds the game */
    seat seats[VB_MAX_ROLES];
    int resigned;     /* the role that resigned (the game is over), or -1 */
    uint64_t version; /* bumped on every change */
    logline *log;
    size_t nlog, caplog;
    sse_sub *subs;
    int ai_queued;
    long long rev; /* the stored revision m holds */
    /* each seat's view as sent, for the version it was built at */
    char *vtext[VB_MAX_ROLES];
    size_t vlen[VB_MAX_ROLES];
    uint64_t vver[VB_MAX_ROLES];
    /* each seat's last part of the board as sent (its name, for a version):
     * one per seat, so that a panel refreshed on each change costs a copy */
    char *atext[VB_MAX_ROLES];
    char aname[VB_MAX_ROLES][SRV_AREA_NAME + 1];
    uint64_t aver[VB_MAX_ROLES];
    int refs;         /* requests using it (under srv.mu): not evicted while > 0 */
    uint64_t used_ms; /* when the last one ended (under srv.mu) */
} live;

typedef struct srv {
    store *st;
    pthread_mutex_t mu;
    live *games;
    vb_game *defs[64]; /* loaded handles, by registry index */
    const char *webdir;
    /* the AI queue */
    pthread_mutex_t qmu;
    pthread_cond_t qcv;
    live **q;
    size_t qn, qcap;
    int stop;
    pthread_t workers[SRV_AI_WORKERS];
    int nworkers;
    int ngames;      /* held in memory (under mu) */
    int nstreams;    /* event streams open (under mu) */
    int max_streams; /* beyond: 503 (set by http_start from the limit on files) */
} srv;

/* live.c (and views.c: what a seat reads) */
int srv_init(srv *sv, store *st, const char *webdir, char *err, size_t n);
void srv_release(srv *sv);
/* Start the AI workers and queue the games where an AI seat decides. */
int srv_start_ai(srv *sv);
void srv_stop_ai(srv *sv);
/* The game with this id, loaded from the store on first use (or after
 * its eviction), with a reference the caller drops with live_put. Returns
 * the HTTP status: 200 (*out set), 404, or 500 with the reason in err. */
int srv_find(srv *sv, const char *id, live **out, char *err, size_t n);
void live_put(live *lv);
/* Drop from memory the games nobody used for idle_ms, with no request in
 * progress, no event stream open and no AI move pending: they come back
 * from the store on their next request. Returns how many. */
int srv_evict(srv *sv, uint64_t idle_ms);
/* How many games are held in memory; how many event streams are open. */
int srv_games_held(srv *sv);
int srv_streams(srv *sv);
/* Follow the changes other processes commit (PostgreSQL): a game held
 * here is reloaded and its subscribers told. */
int srv_follow(srv *sv);
/* GET /api/my-games: the seats player key holds. 200 with *out, or 500. */
int srv_player_games(srv *sv, const char *player, json_t **out, char *err, size_t n);
/* POST .../join: seat role of lv is player's from now on. */
int live_join(live *lv, int role, const char *player, char *err, size_t n);
/* 1 when s is a player key: STORE_TOKEN_LEN lower-case hex digits. */
int srv_valid_key(const char *s);
/* POST /api/games: the new game's seats and tokens in *resp. */
int srv_create(srv *sv, json_t *req, json_t **resp, char *err, size_t n);
json_t *srv_catalog(srv *sv);
/* Who decides: the engine's answer, or VB_OVER once a seat resigned.
 * lv->mu held. */
int live_who(const live *lv);
/* Make sure lv holds the stored game: when other processes may change it
 * (PostgreSQL), compare revisions and reload if they differ. lv->mu held.
 * Returns 200, or 404/500 with err. */
int live_fresh(live *lv, char *err, size_t n);
/* The seat whose token is tok (constant-time compare), or -1. No lock. */
int live_auth(const live *lv, const char *tok);
/* These take lv->mu themselves. */
json_t *live_view(live *lv, int role);
/* The same as JSON text (a new string, *len bytes), built once per version
 * and seat: a page's reload or a second tab costs a copy. NULL on failure. */
char *live_view_text(live *lv, int role, size_t *len);
json_t *live_summary(live *lv);
json_t *live_record(live *lv, int role);
/* The exact odds of the outcomes of action `text` for the seat that
 * decides: the game's odds procedure (ai/odds.h) from the seat's view,
 * bounded by SRV_ODDS_STATES states: 200 with *out; 409 not its turn; 422
 * no such procedure, illegal, or too big. */
int live_odds(live *lv, int role, const char *text, json_t **out, char *err, size_t n);
/* One part of the board (a zone, front, work or hex: the game's area
 * hook), as role's view shows it: 200 with *out {"word", "name", "text"};
 * name NULL: {"word", "names"}. 404 when the game has none or no such name
 * (the hook's one line), 500 when the text is over SRV_AREA_TEXT bytes. */
int live_area(live *lv, int role, const char *name, json_t **out, char *err, size_t n);
/* The board after the first `step` decisions, as role saw it then (the
 * referee's once the game is over): 200 with *out, or 404. */
int live_replay(live *lv, int role, size_t step, json_t **out, char *err, size_t n);
int live_act(live *lv, int role, const char *text, char *err, size_t n);
int live_undo(live *lv, int role, char *err, size_t n);
/* The seat gives up: the game ends, its side loses. 409 if already over. */
int live_resign(live *lv, int role, char *err, size_t n);
/* Subscribe s to lv's changes (adds a reference); sends the current
 * version at once. */
void live_subscribe(live *lv, sse_sub *s);
/* Send a comment line to every subscriber of every game (keep-alive). */
void srv_ping(srv *sv);
/* End every stream (shutdown). */
void srv_end_streams(srv *sv);
/* Drop one reference; frees s at zero. */
void sse_unref(sse_sub *s);
/* Queue bytes for s and wake its connection. */
void sse_push(sse_sub *s, const char *data, size_t len);

/* http.c */
struct MHD_Daemon;
struct MHD_Daemon *http_start(srv *sv, const char *host, int port, int threads, int *bound,
                              char *err, size_t n);

/* random.c-like helper in live.c: n random bytes as 2n hex digits. */
int srv_random_hex(char *out, size_t nbytes);

#endif
