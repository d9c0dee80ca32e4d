/*
 * vauban.h - the game-module contract and the core services every game uses.
 *
 * A game is a constant table of functions (struct vb_game_def) plus data
 * loaded once from data/<id>/ into an immutable handle (struct vb_game).
 * A state is one flat struct, no pointers, that begins with a struct
 * vb_head; cloning is memcpy and equality is memcmp over state_size bytes
 * (games must keep padding zeroed: setup memsets the whole state first).
 *
 * Threads: a loaded struct vb_game is read-only and may be shared by any
 * number of threads. Per-thread mutable things (error message, log sink)
 * live in a struct vb_ctx that the caller owns.
 *
 * Decisions: vb_to_move() says who decides now: a role index (0..nroles-1),
 * VB_CHANCE (dice, shuffles, card draws), or VB_OVER. vb_legal() lists the
 * legal actions in a stable order; for chance decisions it also gives an
 * integer weight per outcome (probability = weight / sum of weights).
 * vb_apply() checks legality, then applies; on rejection the state is left
 * untouched and the message is in ctx->err.
 */
#ifndef VAUBAN_H
#define VAUBAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#define VB_MAX_ACTIONS 1024 /* most legal actions at any one decision */
#define VB_MAX_ROLES 8
#define VB_MAX_OPTIONS 8
#define VB_ERR_LEN 256
#define VB_TEXT_LEN 128 /* action texts, prompts, verdicts */

/* Who decides now (besides role indexes 0..nroles-1). */
#define VB_CHANCE (-1)
#define VB_OVER (-2)

/* Error codes: 0 or negative. */
enum vb_err {
    VB_OK = 0,
    VB_EUSAGE = -1,   /* bad call, bad command line */
    VB_EILLEGAL = -2, /* an action that the rules forbid now */
    VB_EINPUT = -3,   /* malformed or inconsistent input (JSON, data file, die value) */
    VB_ENOMEM = -4,
    VB_EIO = -5,
};
const char *vb_strerror(int err);

typedef uint32_t vb_action; /* compact code; meaning private to each game */
#define VB_NONE ((vb_action)0xFFFFFFFFu)

/* ---- random numbers ----------------------------------------------------
 * xoshiro256** (Blackman & Vigna, 2018), seeded by splitmix64 from a 64-bit
 * seed. Bounded draws use Lemire's multiply-and-reject method: no modulo
 * bias. The generator lives inside every state (struct vb_head), so a state
 * file carries its own future and games replay on any machine. */
typedef struct vb_rng {
    uint64_t s[4];
} vb_rng;
void vb_rng_seed(vb_rng *r, uint64_t seed);
uint64_t vb_rng_next(vb_rng *r);
uint64_t vb_rng_below(vb_rng *r, uint64_t n); /* uniform in [0, n), n >= 1 */
double vb_rng_unit(vb_rng *r);                /* uniform in [0, 1) */

/* Every game state struct begins with this. Filled by the core. */
typedef struct vb_head {
    vb_rng rng;       /* draws chance outcomes in normal play */
    uint64_t seed;    /* the seed the game was set up with */
    int32_t scenario; /* index into def->scenarios */
    int32_t opts[VB_MAX_OPTIONS];
    uint32_t ndecisions; /* decisions applied since setup (chance included) */
    uint32_t pad_;
} vb_head;

/* ---- per-thread context: error message and log sink --------------------*/
typedef void (*vb_log_fn)(void *ud, const char *line);
typedef struct vb_ctx {
    char err[VB_ERR_LEN]; /* message of the last failure */
    vb_log_fn log;        /* NULL: logging off (search, simulation) */
    void *log_ud;
} vb_ctx;
void vb_ctx_init(vb_ctx *cx);
/* Sets cx->err (printf-style) and returns code. cx may be NULL. */
int vb_fail(vb_ctx *cx, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void vb_log_line(vb_ctx *cx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Log only when a sink is set, so hot paths pay nothing for formatting.
 * Lines cite their rule: VB_LOG(cx, "[6] Siege of %s: rolled %d ...", ...). */
#define VB_LOG(cx, ...)                                                                            \
    do {                                                                                           \
        if ((cx) && (cx)->log)                                                                     \
            vb_log_line((cx), __VA_ARGS__);                                                        \
    } while (0)

/* ---- results ------------------------------------------------------------*/
typedef struct vb_result {
    int over;                   /* 0 while the game runs */
    int winner;                 /* role index; -1 for a draw or none */
    double score[VB_MAX_ROLES]; /* final score per role (VP, or +VP/-DP) */
    char verdict[VB_TEXT_LEN];  /* the rulebook's verdict text */
} vb_result;

typedef struct vb_option_def {
    const char *key;  /* e.g. "events" */
    const char *help; /* one line */
    int def, min, max;
} vb_option_def;

struct vb_game;

/* The table each game module provides. Functions marked (opt) may be NULL.
 * All take the loaded handle g (for data tables: g->data) and operate on the
 * game's own state struct through void pointers. None may allocate, except
 * load/unload and the JSON functions. */
typedef struct vb_game_def {
    const char *id;    /* "molt-soroll" */
    const char *title; /* "Molt soroll per un rei" */
    int nroles;
    const char *const *roles; /* "king" ... */
    int nscenarios;
    const char *const *scenarios; /* first is the default */
    int noptions;
    const vb_option_def *options;
    size_t state_size; /* sizeof the game's state struct */

    /* Parse data/<id>/ (through vb_data_json) into g->data. */
    int (*load)(struct vb_game *g, vb_ctx *cx);
    void (*unload)(struct vb_game *g);

    /* Fill a zeroed state (head already filled by the core). */
    int (*setup)(const struct vb_game *g, void *st, vb_ctx *cx);
    int (*to_move)(const struct vb_game *g, const void *st);
    /* One line saying what is decided now and by whom. */
    void (*prompt)(const struct vb_game *g, const void *st, char *buf, size_t n);
    /* Legal actions in a stable order; weights (may be NULL) get 1 for
     * player decisions and the outcome weight for chance. Returns count. */
    int (*legal)(const struct vb_game *g, const void *st, vb_action *acts, uint32_t *weights);
    /* Apply an action already known to be legal. */
    int (*apply)(const struct vb_game *g, void *st, vb_action a, vb_ctx *cx);
    /* Stable text of an action: words separated by spaces, names with '-'
     * instead of spaces, e.g. "offensive Napols almogavar fleet".
     * Chance outcomes: the die face "4", or a card id. */
    void (*action_text)(const struct vb_game *g, const void *st, vb_action a, char *buf, size_t n);
    void (*result)(const struct vb_game *g, const void *st, vb_result *r);

    /* JSON of the game part of a state (names, not indexes). role >= 0:
     * only what that role may see; -1: everything. Returns a new ref. */
    json_t *(*to_json)(const struct vb_game *g, const void *st, int role);
    /* Read the game part into a zeroed state (head already filled), checking
     * every rule a position must obey; names the first inconsistency. */
    int (*from_json)(const struct vb_game *g, void *st, json_t *j, vb_ctx *cx);
    /* The board for a person, as seen by role (-1: everything). */
    void (*render)(const struct vb_game *g, const void *st, int role, FILE *out);
    /* The game's invariants; 0, or VB_EINPUT with the broken one named. */
    int (*check)(const struct vb_game *g, const void *st, vb_ctx *cx);

    /* (opt) Hide from st what role may not see (deck order, secret picks). */
    void (*redact)(const struct vb_game *g, void *st, int role);
    /* (opt) Fill in hidden parts of a redacted state at random, consistently
     * with what role sees (determinization for search). */
    void (*determinize)(const struct vb_game *g, void *st, int role, vb_rng *rng);
    /* (opt) Heuristic value of st for role, roughly in [-1, 1]. */
    double (*eval)(const struct vb_game *g, const void *st, int role);
    /* (opt) Current game turn, for statistics. */
    int (*turn)(const struct vb_game *g, const void *st);

    /* ---- exact odds (`vauban odds GAME PROCEDURE ARGS...`), all (opt) ----
     * odds_setup builds, from command-line words (argv[0] is the procedure
     * name, e.g. "offensive"), a state where the procedure is about to run:
     * either its first chance decision is next (*first = VB_NONE) or
     * applying *first starts it. The caller's state may hold a real position
     * (from a state file, `have_state` = 1) that the words refer to. */
    int (*odds_setup)(const struct vb_game *g, void *st, int have_state, int argc, char **argv,
                      vb_action *first, vb_ctx *cx);
    /* 1 when the procedure started from `before` has ended in `st` (the
     * enumeration stops there); NULL: it ends at the next non-chance decision. */
    int (*odds_done)(const struct vb_game *g, const void *before, const void *st);
    /* Name the outcome class of a finished procedure ("success, force
     * reduced", "2 defenders killed"); equal names are summed. */
    void (*odds_outcome)(const struct vb_game *g, const void *before, const void *after, char *buf,
                         size_t n);
    /* One line per procedure the game offers, for `vauban odds GAME --help`. */
    const char *odds_help;

    /* (opt) Called by vb_parse_action when `text` matches no legal action of
     * a role's decision: set cx->err to say which rule forbids it, e.g.
     * "illegal action 'move U12 Santa-Clara': zone is across a red line
     * (rule 10)", and return VB_EILLEGAL. Must not call vb_parse_action. */
    int (*explain)(const struct vb_game *g, const void *st, const char *text, vb_ctx *cx);

    /* (opt) Bit r set for each role that takes part in `scenario` (team
     * seats: a 2-player scenario leaves the extra seats out). NULL: all. */
    uint32_t (*scenario_roles)(int scenario);
} vb_game_def;

/* A loaded game: the def plus its data tables. Immutable after loading. */
typedef struct vb_game {
    const vb_game_def *def;
    void *data; /* owned; freed by def->unload */
} vb_game;

/* ---- registry -----------------------------------------------------------*/
int vb_registry_count(void);
const vb_game_def *vb_registry_get(int i);
const vb_game_def *vb_registry_find(const char *id);

/* Load a game's data. Returns a new handle (free with vb_game_free) or NULL
 * with the reason in cx->err. */
vb_game *vb_game_load(const char *id, vb_ctx *cx);
void vb_game_free(vb_game *g);
int vb_scenario_index(const vb_game *g, const char *name); /* -1 if unknown */
int vb_role_index(const vb_game *g, const char *name);     /* -1 if unknown */
/* The roles that take part in a scenario, as a bit set. */
uint32_t vb_scenario_roles(const vb_game_def *d, int scenario);

/* ---- data files ---------------------------------------------------------
 * data/<id>/<file> is compiled into the program. If the environment variable
 * VAUBAN_DATA names a directory, <dir>/<id>/<file> is read from disk instead
 * (so an owner of the printed game can replace reconstructed values).
 * Returns a new JSON reference, or NULL with "file:line: problem" in cx. */
json_t *vb_data_json(const char *relpath, vb_ctx *cx);

/* ---- states: the generic layer over the def ------------------------------*/
/* Set up a new game into st (game->def->state_size bytes). opts may be NULL
 * for defaults. */
int vb_setup(const vb_game *g, void *st, int scenario, const int *opts, uint64_t seed, vb_ctx *cx);
int vb_to_move(const vb_game *g, const void *st);
int vb_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *weights);
/* Legality checked first; on rejection st is unchanged. */
int vb_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx);
/* Apply without the legality check (search); a must come from vb_legal. */
int vb_apply_unchecked(const vb_game *g, void *st, vb_action a, vb_ctx *cx);
void vb_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n);
/* Find the legal action whose text is `text` (case-insensitive, '-' and
 * ' ' inside names interchangeable; a 1-based number picks from the list).
 * Returns 0 and sets *out, or VB_EILLEGAL with a message naming the text. */
int vb_parse_action(const vb_game *g, const void *st, const char *text, vb_action *out, vb_ctx *cx);
/* Sample the current chance decision from the state's own generator. */
vb_action vb_sample_chance(const vb_game *g, void *st);
void vb_result_get(const vb_game *g, const void *st, vb_result *r);
void vb_prompt(const vb_game *g, const void *st, char *buf, size_t n);
uint64_t vb_hash(const vb_game *g, const void *st);
int vb_equal(const vb_game *g, const void *a, const void *b);

/* ---- records ---------------------------------------------------------------
 * A record is the list of every decision since setup. Each entry keeps who
 * decided (role, or VB_CHANCE), the action code and, for chance, whether the
 * outcome came from the state's generator (replay re-draws and checks it)
 * or was given (dice typed by a referee, --dice, tests). */
typedef struct vb_entry {
    int32_t who;
    vb_action a;
    int32_t from_rng;
    char text[VB_TEXT_LEN]; /* the action's text in the state it was taken */
} vb_entry;
typedef struct vb_record {
    vb_entry *v;
    size_t n, cap;
} vb_record;
int vb_record_push(vb_record *r, vb_entry e);
void vb_record_release(vb_record *r);

/* A game in progress: handle, current state and record. */
typedef struct vb_match {
    const vb_game *g;
    void *st;      /* owned, state_size bytes */
    vb_record rec; /* every decision since setup (empty if unknown) */
    int rec_valid; /* 0 when st was loaded without a replayable record */
} vb_match;
int vb_match_new(vb_match *m, const vb_game *g, int scenario, const int *opts, uint64_t seed,
                 vb_ctx *cx);
void vb_match_release(vb_match *m);
/* Apply a player action or a given chance outcome, recorded. */
int vb_match_apply(vb_match *m, vb_action a, vb_ctx *cx);
/* Resolve the current chance decision from the state's generator, recorded. */
int vb_match_roll(vb_match *m, vb_ctx *cx);

/* ---- JSON files ------------------------------------------------------------
 * A state file: {"game","scenario","options","seed","rng","decisions",
 * "to_move","state":{...},"history":[...]}. A record file is the same
 * without "state" (or with it, to be checked). */
json_t *vb_match_to_json(const vb_match *m, int role);
/* Load a state file. Validates everything, names the first problem. */
int vb_match_from_json(vb_match *m, json_t *j, vb_ctx *cx);
/* Replay the history of j from setup into m; if j has a "state", check that
 * the replay ends in it. */
int vb_match_replay(vb_match *m, json_t *j, vb_ctx *cx);

/* ---- JSON helpers for game modules (they name the problem in cx) ----------*/
/* Fetch member key of object o as int in [min,max], string, bool, array. */
int vb_json_int(json_t *o, const char *key, int min, int max, int *out, const char *where,
                vb_ctx *cx);
int vb_json_str(json_t *o, const char *key, const char **out, const char *where, vb_ctx *cx);
int vb_json_bool(json_t *o, const char *key, int *out, const char *where, vb_ctx *cx);
int vb_json_arr(json_t *o, const char *key, json_t **out, const char *where, vb_ctx *cx);
int vb_json_obj(json_t *o, const char *key, json_t **out, const char *where, vb_ctx *cx);
/* Index of s in names[0..n), compared as vb_name_eq; -1 if absent. */
int vb_name_find(const char *const *names, int n, const char *s);
/* Names compare case-insensitively, with '-', '_' and ' ' equal. */
int vb_name_eq(const char *a, const char *b);
/* Copy a name for action texts: spaces become '-'. */
void vb_name_token(char *dst, size_t n, const char *name);

#endif
