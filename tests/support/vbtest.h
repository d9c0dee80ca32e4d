/*
 * vbtest.h - helpers for cmocka tests of games and the core.
 *
 * Include after <stdarg.h>, <stddef.h>, <setjmp.h>, <stdint.h>, <cmocka.h>.
 * A vbt holds a loaded game, a match (state + record) and a log capture.
 * Scripted chance: vbt_do(t, "offensive Napols", "4") applies an action and
 * then answers the chance decisions that follow with the given outcome texts
 * ("4" for a die, a card id for a draw), in order; any chance decision left
 * unanswered stays pending (vbt_dice answers more).
 */
#ifndef VBTEST_H
#define VBTEST_H

#include "vauban.h"

typedef struct vbt {
    vb_game *g;
    vb_match m;
    vb_ctx cx;
    char log[65536]; /* every log line so far, '\n'-separated */
    size_t loglen;
} vbt;

/* Load game `id`, set up scenario (NULL: default) with seed. Fails the test
 * on error. Chance decisions at the start are NOT resolved. */
vbt *vbt_new(const char *id, const char *scenario, uint64_t seed);
void vbt_free(vbt *t);
void *vbt_state(vbt *t); /* the current state (game's own struct) */
/* Apply the action whose text is `action` (must be legal: else the test
 * fails, printing the legal ones). */
void vbt_act(vbt *t, const char *action);
/* Answer pending chance decisions with these outcome texts, comma-separated
 * ("6,4,2"); fails the test if a value is not a legal outcome or no chance
 * decision is pending. */
void vbt_dice(vbt *t, const char *outcomes);
/* Resolve chance decisions from the state's generator until a role decides
 * or the game is over. */
void vbt_roll(vbt *t);
/* Like vbt_act but returns the error code instead of failing; the message is
 * in t->cx.err. */
int vbt_try(vbt *t, const char *action);
/* 1 if an action with this text is legal now. */
int vbt_legal(vbt *t, const char *action);
/* A person's decision of more than one action, every action of weight 1
 * (vb_module.h: weights are chance's alone); fails naming `what`. */
void vbt_weighs_one(vbt *t, const char *what);
/* 1 if the log contains this text. */
int vbt_logged(vbt *t, const char *needle);
void vbt_clear_log(vbt *t);
/* Load a position from JSON text (a full state file, or just the "state"
 * object for this game); returns the error code, message in t->cx.err. */
int vbt_load(vbt *t, const char *json_text);
/* The current state as the game writes it with every role's information
 * (a new reference: edit it, then vbt_load_json). */
json_t *vbt_state_json(vbt *t);
/* Load j (its reference taken) as vbt_load loads its text. */
int vbt_load_json(vbt *t, json_t *j);

/* Play n complete games with uniformly random actions (chance from the
 * state's generator) from seeds seed0.., checking after every decision the
 * generic invariants of DESIGN.md (legal non-empty and unique, weights > 0,
 * clone equal, JSON round trip equal, def->check) and, at the end, that the
 * record replays to the same state. Fails the test on the first problem.
 * From the environment, for sweeps beyond the suite: VBT_SEED=N plays
 * seeds N.. instead of seed0.., VBT_DEEP=1 gives every game the costly
 * checks (JSON round trip and views at every decision), VBT_OPTS=k=v,...
 * plays every game with those options. Without VBT_OPTS the first round
 * of scenarios plays their default options and each later round the next
 * combination of option values. */
void vbt_random_games(const char *id, int n, uint64_t seed0, int max_decisions);

/* How many random games a test plays: the environment variable env when
 * set (a whole number), else `plain` in a normal build and `sanitized`
 * under AddressSanitizer (so that the sanitizer suite fits CI's budget). */
int vbt_game_count(const char *env, int plain, int sanitized);

/* Run only some tests of the program: those whose names match the
 * environment variable VB_TEST_FILTER when it is set (cmocka's pattern, '*'
 * and '?': VB_TEST_FILTER=test_hilo_*). Call before cmocka_run_group_tests. */
void vbt_filter_from_env(void);

/* A copy of data/<game>/ with the first `from` of `file` replaced by `to`,
 * loaded through VAUBAN_DATA and removed again (vbt_load_changed: the game,
 * or NULL with the message in cx->err); vbt_check_data_rows: each row
 * refused with a message containing `err`, or loaded when err is NULL. */
typedef struct vbt_data_row {
    const char *rule; /* the rule or data contract the row checks */
    const char *file; /* "map.json" */
    const char *from, *to;
    const char *err; /* a part of the loader's message; NULL: the data loads */
} vbt_data_row;
vb_game *vbt_load_changed(const char *game, const vbt_data_row *r, vb_ctx *cx);
void vbt_check_data_rows(const char *game, const vbt_data_row *rows, size_t n);

/* What a player of `role` (-1: everything) is shown of t's position, in a
 * malloc'd string: the terminal board (the game's render hook), the SVG
 * map (svg), `area NAME` (area), the points behind the result (points);
 * a hook's error fails the test. */
char *vbt_board_text(vbt *t, int role);
char *vbt_svg_text(vbt *t, int role);
char *vbt_area_text(vbt *t, int role, const char *name);
char *vbt_points_text(vbt *t);

#endif
