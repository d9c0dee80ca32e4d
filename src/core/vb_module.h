/*
 * vb_module.h - what a game module needs: the def table (the contract's
 * second edition), the state head, the generator, logging with visibility,
 * errors, and the JSON helpers for reading data files and positions.
 *
 * A game is a constant table of functions (struct vb_game_def) plus data
 * loaded once from data/<id>/ into an immutable handle (struct vb_game).
 * A state is one flat struct, no pointers, that begins with a struct
 * vb_head; cloning is memcpy and equality is memcmp over state_size bytes
 * (games keep padding zeroed: the core zeroes the whole state before setup
 * and before from_json). Geometry, where a game has it, is fixed-point
 * integers (1/100 inch, 1/100 degree): never floating point in a state.
 *
 * Decisions: to_move() says who decides now: a role index (0..nroles-1),
 * VB_CHANCE (dice, shuffles, card draws), or VB_OVER. legal() lists the
 * legal actions in a stable order, at most `cap` of them; a game that has
 * more returns VB_EOVERFLOW and never truncates (big choices are split into
 * stages - unit, then destination, then facing - so that lists stay short).
 * For chance it also gives an integer weight per outcome (probability =
 * weight / sum of weights).
 *
 * Threads: a loaded struct vb_game is read-only and may be shared by any
 * number of threads. Per-thread mutable things (error message, log sink)
 * live in a struct vb_ctx that the caller owns. No game keeps mutable
 * globals.
 *
 * Games include this header; clients (CLI, AI, server) include vauban.h,
 * which includes this one for the shared types.
 */
#ifndef VB_MODULE_H
#define VB_MODULE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#define VB_MAX_ACTIONS 4096 /* the capacity clients pass to legal() */
#define VB_MAX_ROLES 8
#define VB_MAX_OPTIONS 8
#define VB_MAX_SCENARIOS 16
#define VB_MAX_SIDES 4
#define VB_ERR_LEN 256
#define VB_TEXT_LEN 128  /* action texts, prompts, verdicts */
#define VB_ODDS_PLAN 256 /* bytes of an odds plan (odds_plan, odds_decide) */

/* Who decides now (besides role indexes 0..nroles-1). */
#define VB_CHANCE (-1)
#define VB_OVER (-2)

/* A set of roles: bit r for role r. */
typedef uint32_t vb_roles;
#define VB_ALL_ROLES ((vb_roles)0xFFFFFFFFu)
#define VB_ROLE_BIT(r) ((vb_roles)1u << (r))

/* Error codes: 0 or negative. */
enum vb_err {
    VB_OK = 0,
    VB_EUSAGE = -1,    /* bad call, bad command line */
    VB_EILLEGAL = -2,  /* an action that the rules forbid now */
    VB_EINPUT = -3,    /* malformed or inconsistent input (JSON, data file, die value) */
    VB_ENOMEM = -4,    /* out of memory */
    VB_EIO = -5,       /* a file could not be read or written */
    VB_EOVERFLOW = -6, /* legal() has more actions than the capacity given */
};
/* A short English name of an error code ("illegal action"); never NULL. */
const char *vb_strerror(int err);

/* A compact action code; its meaning is private to each game. 64 bits:
 * wide enough for a unit, a hex and a facing, or a measured point. */
typedef uint64_t vb_action;
#define VB_NONE ((vb_action)UINT64_MAX)

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

/* Every game state struct begins with this. Filled by the core. A role's
 * view (vb_view) has rng and seed zeroed: they decide every future roll. */
typedef struct vb_head {
    vb_rng rng;       /* draws chance outcomes in normal play */
    uint64_t seed;    /* the seed the game was set up with */
    int32_t scenario; /* index into g->scenarios */
    int32_t opts[VB_MAX_OPTIONS];
    uint32_t ndecisions; /* decisions applied since setup (chance included) */
    uint32_t pad_;
} vb_head;

/* ---- per-thread context: error message and log sink --------------------
 * A log line carries the roles that may read it (VB_ALL_ROLES: everyone).
 * The referee's sink gets every line; a role's sink keeps those whose set
 * holds the role. */
typedef void (*vb_log_fn)(void *ud, vb_roles see, const char *line);
typedef struct vb_ctx {
    char err[VB_ERR_LEN]; /* message of the last failure */
    vb_log_fn log;        /* NULL: logging off (search, simulation) */
    void *log_ud;
} vb_ctx;
void vb_ctx_init(vb_ctx *cx);
/* Sets cx->err (printf-style) and returns code. cx may be NULL. */
int vb_fail(vb_ctx *cx, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Send one line to the sink, readable by the roles in see. */
void vb_log_line(vb_ctx *cx, vb_roles see, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Log only when a sink is set, so hot paths pay nothing for formatting.
 * Lines cite their rule: VB_LOG(cx, "[6] Siege of %s: rolled %d ...", ...).
 * VB_LOG_TO(cx, roles, ...) for a line only some roles may read (a secret
 * pick logged for its owner). */
#define VB_LOG(cx, ...)                                                                            \
    do {                                                                                           \
        if ((cx) && (cx)->log)                                                                     \
            vb_log_line((cx), VB_ALL_ROLES, __VA_ARGS__);                                          \
    } while (0)
#define VB_LOG_TO(cx, see, ...)                                                                    \
    do {                                                                                           \
        if ((cx) && (cx)->log)                                                                     \
            vb_log_line((cx), (see), __VA_ARGS__);                                                 \
    } while (0)

/* ---- results ------------------------------------------------------------*/
enum vb_outcome { VB_OUT_NONE = 0, VB_OUT_WIN = 1, VB_OUT_LOSS = 2, VB_OUT_DRAW = 3 };
typedef struct vb_result {
    int over;                   /* 0 while the game runs */
    int winner;                 /* side index (g->sides); -1 for a draw or none */
    double score[VB_MAX_ROLES]; /* final score per role (VP, or +VP/-DP) */
    int outcome[VB_MAX_ROLES];  /* enum vb_outcome per role; a game that
                                   leaves them all VB_OUT_NONE gets them
                                   derived from winner and g->role_side */
    char verdict[VB_TEXT_LEN];  /* the rulebook's verdict text */
} vb_result;

/* ---- visibility of a decision ------------------------------------------
 * Who may see what was chosen. The deciding role always sees its own
 * choice. Others in `see` see it now; the rest read `public_text` instead
 * ("bourbon chose a wing marker") until a later decision reveals `group`. */
typedef struct vb_vis {
    vb_roles see;                  /* default VB_ALL_ROLES */
    uint32_t group;                /* nonzero: a secret to reveal later */
    uint32_t reveals;              /* nonzero: this decision reveals every
                                      earlier decision of this group */
    char public_text[VB_TEXT_LEN]; /* shown to roles outside see */
} vb_vis;

typedef struct vb_option_def {
    const char *key;  /* e.g. "events" */
    const char *help; /* one line */
    int def, min, max;
} vb_option_def;

struct vb_game;

/* The table each game module provides. Functions marked (opt) may be NULL.
 * All take the loaded handle g (for data tables: g->data) and operate on the
 * game's own state struct through void pointers. None may allocate, except
 * load/unload, the JSON functions, render, svg, area and points. */
typedef struct vb_game_def {
    const char *id;            /* "molt-soroll" */
    const char *title;         /* "Molt soroll per un rei" */
    const char *rules_version; /* which rulebook edition and errata, and the
                                  engine's revision of its reading: records
                                  name it and refuse to replay under another */
    int nroles;
    const char *const *roles; /* "king" ... */
    /* Default scenarios; load may replace them with the data's (g->scenarios). */
    int nscenarios;
    const char *const *scenarios; /* first is the default */
    int noptions;
    const vb_option_def *options;
    size_t state_size; /* sizeof the game's state struct */

    /* Parse data/<id>/ (through vb_data_json) into g->data. It may also
     * fill g->scenarios, g->scenario_roles, g->sides, g->role_side and
     * g->option_def from the data (the core set defaults before calling).
     * On failure the core calls unload, which must free a half-built g->data. */
    int (*load)(struct vb_game *g, vb_ctx *cx);
    void (*unload)(struct vb_game *g);

    /* Fill a zeroed state (head already filled by the core). */
    int (*setup)(const struct vb_game *g, void *st, vb_ctx *cx);
    int (*to_move)(const struct vb_game *g, const void *st);
    /* One line saying what is decided now and by whom. */
    void (*prompt)(const struct vb_game *g, const void *st, char *buf, size_t n);
    /* Legal actions in a stable order, at most cap of them; weights (may be
     * NULL) get 1 for player decisions and the outcome weight for chance.
     * Returns the count, or VB_EOVERFLOW when there are more than cap. */
    int (*legal)(const struct vb_game *g, const void *st, vb_action *acts, uint32_t *weights,
                 int cap);
    /* Apply an action already known to be legal. */
    int (*apply)(const struct vb_game *g, void *st, vb_action a, vb_ctx *cx);
    /* Stable text of an action: words separated by spaces, names with '-'
     * instead of spaces, nothing a shell would need quoted, e.g.
     * "offensive Napols almogavar fleet". Chance outcomes: the die face "4",
     * or a card id. The text parses back to the same action. */
    void (*action_text)(const struct vb_game *g, const void *st, vb_action a, char *buf, size_t n);
    void (*result)(const struct vb_game *g, const void *st, vb_result *r);

    /* JSON of the game part of a state (names, not indexes). role >= 0: the
     * state is already that role's view (vb_view); show only what it may
     * see. -1: everything (the referee). Returns a new reference. */
    json_t *(*to_json)(const struct vb_game *g, const void *st, int role);
    /* Read the game part into a zeroed state (head already filled), checking
     * every rule a position must obey and every field of a procedure in
     * progress; names the first inconsistency and the first unknown key. */
    int (*from_json)(const struct vb_game *g, void *st, json_t *j, vb_ctx *cx);
    /* The board for a person at a terminal, as seen by role (-1: all). */
    void (*render)(const struct vb_game *g, const void *st, int role, FILE *out);
    /* The game's invariants; 0, or VB_EINPUT with the broken one named. */
    int (*check)(const struct vb_game *g, const void *st, vb_ctx *cx);

    /* (opt) Hide from st what role may not see (deck order, secret picks,
     * a closed game's armies). A game with redact has determinize. */
    void (*redact)(const struct vb_game *g, void *st, int role);
    /* (opt) Fill in hidden parts of a redacted state at random, consistently
     * with what role sees (determinization for search). */
    void (*determinize)(const struct vb_game *g, void *st, int role, vb_rng *rng);
    /* (opt) Who may see action a, about to be applied in st by the role
     * that decides (or chance). NULL: everyone sees everything. */
    void (*visibility)(const struct vb_game *g, const void *st, vb_action a, vb_vis *v);
    /* (opt) 0 when chance outcome a, about to be applied in st, tells the
     * players nothing they may not undo across (say, a draw shown to no
     * one). NULL: every chance outcome reveals, and undo stops there. */
    int (*chance_reveals)(const struct vb_game *g, const void *st, vb_action a);

    /* (opt) Heuristic value of st for role, roughly in [-1, 1]. */
    double (*eval)(const struct vb_game *g, const void *st, int role);
    /* (opt) Current game turn, for statistics. */
    int (*turn)(const struct vb_game *g, const void *st);

    /* ---- measured actions (opt, both or neither) ------------------------
     * parse reads a text that matches no listed action ("move Foot-3 to
     * 12.50 30.25 facing 90") into a code; judge says whether a code is
     * legal now (1) or not (0, with the rule that forbids it in cx).
     * legal() still lists the game's own discretisation for menus and the
     * AI, and action_text prints any judged code so that it parses back. */
    int (*parse)(const struct vb_game *g, const void *st, const char *text, vb_action *out,
                 vb_ctx *cx);
    int (*judge)(const struct vb_game *g, const void *st, vb_action a, vb_ctx *cx);

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
    /* (opt, both or neither) A player's decision inside an odds enumeration,
     * by a plan the user states in the words (e.g. which units announce a
     * second volley). odds_plan reads the plan's words among the same argv
     * that odds_setup got (odds_setup skips them), st being the state
     * odds_setup built, into plan: VB_ODDS_PLAN bytes that the core owns and
     * zeroes first. It returns the number of plan words read (0: none, the
     * plan's defaults) or a negative vb_err with a one-line cx->err.
     * odds_decide gives the decision of the role to move in st, a state of
     * the procedure started from before, by that plan: 1 and a legal *out,
     * or 0 where the plan does not decide (the branch ends there, as it does
     * without the hooks). Neither may allocate or keep state. */
    int (*odds_plan)(const struct vb_game *g, const void *st, int argc, char **argv, void *plan,
                     vb_ctx *cx);
    int (*odds_decide)(const struct vb_game *g, const void *plan, const void *before,
                       const void *st, vb_action *out);

    /* (opt) Called by vb_parse_action when `text` matches no legal action of
     * a role's decision: set cx->err to say which rule forbids it, e.g.
     * "illegal action 'move U12 Santa-Clara': zone is across a red line
     * (rule 10)", and return VB_EILLEGAL. Must not call vb_parse_action. */
    int (*explain)(const struct vb_game *g, const void *st, const char *text, vb_ctx *cx);

    /* (opt) The board of a view as SVG (role -1: everything): a complete
     * <svg> document with no script. Every element an action can name (a
     * zone, a unit, a box, a hex, a card) carries data-ref="NAME" with the
     * name as action texts spell it, a <title> with its readable name, and
     * classes for side and control. Returns 0 or VB_EIO. */
    int (*svg)(const struct vb_game *g, const void *st, int role, FILE *out);

    /* ---- text for a person at a terminal, beyond render (all opt) -------
     * area prints one part of the board, the one named `name` (as action
     * texts spell it, or its printed name, compared as vb_name_eq), as role
     * sees it (st is already that role's view; -1 everything): a Setge
     * zone with its units, control and neighbours, a Molt soroll front
     * with its boxes and tokens. name NULL: the names of every area, one
     * per line (for completion). Returns 0, or VB_EINPUT with "unknown
     * zone 'X'" in cx. area_word names the command that shows one ("zone",
     * "front"). None of this may read what role may not see. */
    int (*area)(const struct vb_game *g, const void *st, int role, const char *name, FILE *out,
                vb_ctx *cx);
    const char *area_word;
    /* The points behind the result, itemised: one term per line ("  +10
     * Barbary pirates eliminated (12.2)"), then the total, so that a
     * verdict's number can be checked by hand; during the game the points
     * as they would count now. */
    void (*points)(const struct vb_game *g, const void *st, FILE *out);
} vb_game_def;

/* A loaded game: the def, its data tables and what the data says about
 * scenarios, seats and sides. Immutable after loading. */
typedef struct vb_game {
    const vb_game_def *def;
    void *data; /* owned; freed by def->unload */
    /* Scenarios: def's by default; load may point them at its own data. */
    int nscenarios;
    const char *const *scenarios;
    vb_roles scenario_roles[VB_MAX_SCENARIOS]; /* roles taking part; default all */
    /* Sides: default one per role, named as the role. Team seats share a
     * side (rule 15 of Setge 1714: french and spanish seats, one side). */
    int nsides;
    const char *const *sides;
    int role_side[VB_MAX_ROLES];
    /* Option defaults per scenario: def's by default; load may set a
     * scenario's own (a rule that a scenario switches on). */
    int option_def[VB_MAX_SCENARIOS][VB_MAX_OPTIONS];
    char fingerprint[17]; /* of the data files read at load (hex), set by the core */
} vb_game;

/* ---- data files ---------------------------------------------------------
 * data/<id>/<file> is compiled into the program. If the environment variable
 * VAUBAN_DATA names a directory, <dir>/<id>/<file> is read from disk instead
 * (so an owner of the printed game can replace reconstructed values).
 * Returns a new JSON reference, or NULL with "file:line: problem" in cx. */
json_t *vb_data_json(const char *relpath, vb_ctx *cx);

/* The provenance of a data record: "printed" (with "rule": section) or
 * "reconstructed" (with "rationale"). Returns 0 and the kind in *printed
 * (1 printed, 0 reconstructed), or VB_EINPUT naming `where`. A record
 * without "source" is refused. */
int vb_json_provenance(json_t *o, int *printed, const char *where, vb_ctx *cx);

/* ---- JSON helpers (json.c; they name the problem in cx) ------------------
 * Fetch member key of object o as int in [min,max], string, bool, array,
 * object. Missing or mistyped members fail with "where: ...". */
int vb_json_int(json_t *o, const char *key, int min, int max, int *out, const char *where,
                vb_ctx *cx);
int vb_json_str(json_t *o, const char *key, const char **out, const char *where, vb_ctx *cx);
int vb_json_bool(json_t *o, const char *key, int *out, const char *where, vb_ctx *cx);
int vb_json_arr(json_t *o, const char *key, json_t **out, const char *where, vb_ctx *cx);
int vb_json_obj(json_t *o, const char *key, json_t **out, const char *where, vb_ctx *cx);
/* Fail with "where: unknown key 'k'" for the first key of object o not in
 * the NULL-terminated list known. A hand-edited position with a typo
 * ("atzacker_lead") is refused, never silently ignored. */
int vb_json_known(json_t *o, const char *const *known, const char *where, vb_ctx *cx);

/* ---- building a legal() list ------------------------------------------------
 * Append act to acts[0..n) (n an int lvalue, capacity cap) inside a function
 * that returns int: when the list is full it returns VB_EOVERFLOW from that
 * function (a list is never truncated). VB_PUSH_W also sets the action's
 * chance weight to 1 when weights is not NULL. */
#define VB_PUSH(acts, n, cap, act)                                                                 \
    do {                                                                                           \
        vb_action vb_push_ = (act);                                                                \
        if ((n) >= (cap))                                                                          \
            return VB_EOVERFLOW;                                                                   \
        (acts)[n] = vb_push_;                                                                      \
        (n)++;                                                                                     \
    } while (0)
#define VB_PUSH_W(acts, weights, n, cap, act)                                                      \
    do {                                                                                           \
        vb_action vb_push_ = (act);                                                                \
        if ((n) >= (cap))                                                                          \
            return VB_EOVERFLOW;                                                                   \
        (acts)[n] = vb_push_;                                                                      \
        if (weights)                                                                               \
            (weights)[n] = 1;                                                                      \
        (n)++;                                                                                     \
    } while (0)

/* ---- names ----------------------------------------------------------------*/
/* Index of s in names[0..n), compared as vb_name_eq; -1 if absent. */
int vb_name_find(const char *const *names, int n, const char *s);
/* Names compare case-insensitively, with '-', '_' and ' ' equal,
 * accented Latin letters (UTF-8) equal to their plain letters, and
 * apostrophes and the Catalan middle dot ignored. */
int vb_name_eq(const char *a, const char *b);
/* Copy a name for action texts: spaces become '-', accents are folded
 * and apostrophes dropped (UTF-8 "Pla d'en Llull" -> "Pla-den-Llull",
 * "Excomunió" -> "Excomunio"), so that a text needs no shell quoting. */
void vb_name_token(char *dst, size_t n, const char *name);
/* The same folding with the blanks kept as they are. */
void vb_name_fold(char *dst, size_t n, const char *name);
/* 1 when a name has no letter or digit once folded ("", "'", " - "): a
 * name no order can tell apart, which the games' loaders refuse. */
int vb_name_blank(const char *name);

/* ---- numbers: one strict parser --------------------------------------------
 * The whole string, decimal, no blanks, an optional '-' only when min < 0,
 * within [min, max]. Returns 0, or VB_EINPUT with "what: ..." in cx. */
int vb_parse_ll(const char *s, long long min, long long max, long long *out, const char *what,
                vb_ctx *cx);
int vb_parse_u64(const char *s, uint64_t *out, const char *what, vb_ctx *cx);
/* Fixed point: "12.5" or "12.50" -> 1250 with scale 100; at most as many
 * decimals as the scale has zeros. */
int vb_parse_fixed(const char *s, int scale, long long min, long long max, long long *out,
                   const char *what, vb_ctx *cx);

/* ---- text for a terminal: 80 columns ---------------------------------------
 * Display width counts UTF-8 code points (an accented letter is one column).
 * A paragraph prints items kept whole, broken between items so that no line
 * passes VB_COLS; continuation lines start `indent` columns in. */
#define VB_COLS 80
int vb_cols(const char *s);
/* s left-aligned in `width` columns. */
void vb_put_padded(FILE *out, const char *s, int width);
typedef struct vb_para {
    FILE *out;
    int col, indent, space;
} vb_para;
/* Print head (which may hold newlines: the column counts from the last). */
void vb_para_start(vb_para *p, FILE *out, const char *head, int indent);
void vb_para_item(vb_para *p, const char *item);
void vb_para_itemf(vb_para *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Each space-separated word of text as an item. */
void vb_para_words(vb_para *p, const char *text);
void vb_para_end(vb_para *p);
/* "  orders here now:" and the legal actions naming word (a whole word),
 * when role (or, role -1, anyone) decides now: the area hooks' last line. */
void vb_put_orders(FILE *out, const struct vb_game *g, const void *st, int role, const char *word);
/* One itemised term of a verdict's points: "  +10  Andalusins eliminated". */
void vb_put_term(FILE *out, int v, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
