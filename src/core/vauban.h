/*
 * vauban.h - what a client needs (the command line, the AI, the server):
 * the registry, states through the def table, a role's view, matches with
 * their record and undo, state files and records in JSON, options.
 *
 * Games include vb_module.h; this header includes it for the shared types
 * (vb_game, vb_action, vb_ctx, vb_result, ...).
 *
 * Ownership: functions named _new/_load return objects the caller frees
 * with the matching _free/_release; json_t results are new references the
 * caller decrefs. On failure a function returns a negative vb_err (or NULL)
 * and leaves the reason in cx->err; the objects it was given are unchanged
 * unless said otherwise.
 */
#ifndef VAUBAN_H
#define VAUBAN_H

#include "vb_module.h"

/* ---- registry -----------------------------------------------------------*/
/* Games built into the program, in id order. */
int vb_registry_count(void);
const vb_game_def *vb_registry_get(int i); /* NULL when out of range */
const vb_game_def *vb_registry_find(const char *id);

/* Load a game's data. Returns a new handle (free with vb_game_free) or NULL
 * with the reason in cx->err. */
vb_game *vb_game_load(const char *id, vb_ctx *cx);
void vb_game_free(vb_game *g);
/* Fill a caller-owned handle with def and the defaults (every scenario
 * with every role, one side per role), without loading data: for games
 * built in a test. */
void vb_game_defaults(vb_game *g, const vb_game_def *def);
int vb_scenario_index(const vb_game *g, const char *name); /* -1 if unknown */
int vb_role_index(const vb_game *g, const char *name);     /* -1 if unknown */
/* The roles that take part in a scenario, as a bit set. */
vb_roles vb_scenario_roles(const vb_game *g, int scenario);

/* Parse "KEY=VALUE" (or "KEY" for 1; on/off, true/false) into opts[]
 * (which holds defaults or earlier values), with the strict number parser
 * and the option's range. VB_EINPUT naming the problem: unknown key, not a
 * number, out of range. */
int vb_option_parse(const vb_game *g, const char *kv, int *opts, vb_ctx *cx);
/* Fill opts[] with the defaults of scenario (g->option_def). */
void vb_option_defaults(const vb_game *g, int scenario, int *opts);

/* ---- states: the generic layer over the def ------------------------------*/
/* Set up a new game into st (g->def->state_size bytes). opts may be NULL
 * for defaults. */
int vb_setup(const vb_game *g, void *st, int scenario, const int *opts, uint64_t seed, vb_ctx *cx);
int vb_to_move(const vb_game *g, const void *st);
/* Legal actions (see vb_game_def.legal): the count, 0 when the game is
 * over, or VB_EOVERFLOW (a game bug that the generic checks catch). */
int vb_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *weights, int cap);
/* Legality checked first (the list, or the game's judge for a measured
 * action); on rejection st is unchanged, byte for byte. */
int vb_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx);
/* Apply without the legality check (search); a must come from vb_legal. */
int vb_apply_unchecked(const vb_game *g, void *st, vb_action a, vb_ctx *cx);
void vb_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n);
/* Find the action whose text is `text` (case-insensitive, '-' and ' '
 * inside names interchangeable, accents optional; a plain 1-based number
 * "3" picks from the list, "+3" or " 3" does not), else ask the game's
 * parse/judge hooks for a measured action. Returns 0 and sets *out, or
 * VB_EILLEGAL with a message naming the text. */
int vb_parse_action(const vb_game *g, const void *st, const char *text, vb_action *out, vb_ctx *cx);
/* Sample the current chance decision from the state's own generator. */
vb_action vb_sample_chance(const vb_game *g, void *st);
/* The result, with outcome[] filled for every role. */
void vb_result_get(const vb_game *g, const void *st, vb_result *r);
void vb_prompt(const vb_game *g, const void *st, char *buf, size_t n);
uint64_t vb_hash(const vb_game *g, const void *st);
int vb_equal(const vb_game *g, const void *a, const void *b);
/* Who may see action a about to be applied in st (the game's visibility
 * hook, or everyone). */
void vb_visibility(const vb_game *g, const void *st, vb_action a, vb_vis *v);

/* ---- one view --------------------------------------------------------------
 * dst = what role sees of st: the generator and the seed zeroed (they
 * decide every future roll) and the game's redact applied. role -1 copies
 * everything (the referee). dst and st may be the same. Everything a role is
 * shown - JSON, text, SVG, the AI's input, the server's payload - is built
 * from this. */
void vb_view(const vb_game *g, void *dst, const void *st, int role);

/* ---- records ---------------------------------------------------------------
 * A record is the list of every decision since setup. Each entry keeps who
 * decided (role, or VB_CHANCE), the action code, whether a chance outcome
 * came from the state's generator (replay re-draws and checks it) or was
 * given (dice typed by a referee, --dice, tests), and who may see it. */
typedef struct vb_entry {
    int32_t who;
    int32_t from_rng;
    vb_action a;
    vb_roles see;    /* roles that see the text (the decider always does) */
    uint32_t group;  /* secret group, 0 if none */
    int32_t reveals; /* 1: this decision reveals something (undo barrier) */
    int32_t pad_;
    char text[VB_TEXT_LEN];        /* the action's text in its state */
    char public_text[VB_TEXT_LEN]; /* what roles outside see read */
} vb_entry;
typedef struct vb_record {
    vb_entry *v;
    size_t n, cap;
} vb_record;
int vb_record_push(vb_record *r, const vb_entry *e);
void vb_record_release(vb_record *r);
/* 1 when role may read entry e's text (the referee, role -1, reads all). */
int vb_entry_visible(const vb_entry *e, int role);

/* ---- matches ---------------------------------------------------------------
 * A game in progress: handle, current state, its record, and the state
 * before each recorded decision (for undo). */
typedef struct vb_match {
    const vb_game *g;     /* borrowed; outlives the match */
    void *st;             /* owned, state_size bytes */
    vb_record rec;        /* every decision since setup */
    unsigned char *snaps; /* owned: state before rec.v[i], i < rec.n */
    size_t snaps_cap;     /* entries allocated in snaps */
    int from_position;    /* 1: loaded from a position without history; the
                             record holds only what came after, and files
                             written from the match have no history */
} vb_match;
/* Set up a new game. On failure m is released. */
int vb_match_init(vb_match *m, const vb_game *g, int scenario, const int *opts, uint64_t seed,
                  vb_ctx *cx);
/* Load a state file (or record) into a new match in one call: the header
 * is checked (game, rules version, data fingerprint, scenario, options,
 * seed), the history replayed from setup and the result compared with the
 * stored "state" when there is one. A file without a history ("history":
 * absent) is a position: it loads as is, with an empty record, and undo
 * stops at it. On failure m is released and cx names the first problem. */
int vb_match_load(vb_match *m, const vb_game *g, json_t *j, vb_ctx *cx);
void vb_match_release(vb_match *m);
/* Apply a player action or a given chance outcome, recorded. */
int vb_match_apply(vb_match *m, vb_action a, vb_ctx *cx);
/* Resolve the current chance decision from the state's generator, recorded. */
int vb_match_roll(vb_match *m, vb_ctx *cx);
/* How many decisions role may take back now: its own most recent
 * decisions, back to the last decision that revealed to it something it
 * did not know (a chance outcome that reveals, another role's decision it
 * sees, a reveal of a secret). */
size_t vb_match_undoable(const vb_match *m, int role);
/* Take back role's last decision (and any non-revealing chance after it).
 * VB_EILLEGAL "nothing to undo: ..." when vb_match_undoable is 0. */
int vb_match_undo(vb_match *m, int role, vb_ctx *cx);

/* ---- JSON files ------------------------------------------------------------
 * A state file: {"game","rules","data","scenario","options","seed","rng",
 * "decisions","to_move","prompt","state":{...},"history":[...]}.
 * role -1: the referee's full file (the only one with seed and rng).
 * role >= 0: that role's view: no seed, no rng, the state through vb_view,
 * the history with each entry as the role may see it (the public text in
 * place of a secret), and a "view": role member. */
json_t *vb_match_to_json(const vb_match *m, int role);

#endif
