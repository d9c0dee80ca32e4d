/* term.h - text for a person at a terminal: the width to wrap to, colour
 * (only on a terminal; NO_COLOR and --color=never turn it off), and
 * printing wrapped at word boundaries with the continuation lines indented
 * under the line's second column. Used by `vauban play`, `replay --step`
 * and `analyze`. */
#ifndef VB_TERM_H
#define VB_TERM_H

#include <stdio.h>

#include "vauban.h"

enum term_color { TERM_COLOR_AUTO = 0, TERM_COLOR_NEVER, TERM_COLOR_ALWAYS };

typedef struct term {
    FILE *out;
    int width; /* columns to wrap to: the terminal's, else $COLUMNS, else 80 */
    int color; /* 1: ANSI colours on */
    int bold;  /* inside a status line */
    /* Words starting with one of these names are coloured: side and role
     * names of the game (borrowed from the loaded game). */
    const char *names[2 * VB_MAX_ROLES];
    int name_color[2 * VB_MAX_ROLES];
    int nnames;
} term;

/* Parse "--color=WHEN" / "--color WHEN" values: "auto", "never",
 * "always"; -1 for anything else. */
int term_color_parse(const char *when);
/* Set up t for out: width and colour (mode: enum term_color). */
void term_init(term *t, FILE *out, int mode);
/* Read the terminal's width again (after a resize). */
void term_resize(term *t);
/* Colour the side and role names of g (and the words that begin with
 * them, e.g. Bourbon-Battery-1). */
void term_set_game(term *t, const vb_game *g);
/* Display width of a UTF-8 string (one column per code point). */
int term_width_of(const char *s, size_t n);
/* Print text (which may hold newlines) wrapped to t->width. Each line
 * longer than the width breaks at spaces; its continuation lines are
 * indented under the start of its last column (after a run of two or more
 * spaces) or two columns deeper than its own indent. */
void term_print(term *t, const char *text);
/* The same, printf-style. */
void term_printf(term *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The board of view (a state already passed through vb_view for role) as
 * the game renders it, in a new string (free it), or NULL when memory
 * runs out. Print it with term_print to wrap it. */
char *term_board(const vb_game *g, const void *view, int role);
/* The game's points behind its result, term by term (def->points), as
 * the game counts them in st; nothing for a game without the hook. */
void term_points(term *t, const vb_game *g, const void *st);
/* One area of the board (def->area: a Setge zone, a Molt front) of view,
 * seen by role; name NULL lists the area names. 0, or an error in cx
 * (unknown name, a game without areas). */
int term_area(term *t, const vb_game *g, const void *view, int role, const char *name, vb_ctx *cx);
/* "Game over", the winner and verdict, each role's outcome and score, and
 * the points itemised. */
void term_verdict(term *t, const vb_game *g, const void *st);
/* A status line in bold, wrapped like term_print. */
void term_status(term *t, const char *line);
/* Dim text (hints, prompts of secondary importance). */
void term_dim(term *t, const char *text);

#endif
