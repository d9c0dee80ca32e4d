/* match_int.h - internals shared by match.c, undo.c and file.c. */
#ifndef VB_MATCH_INT_H
#define VB_MATCH_INT_H

#include "vauban.h"

/* Zero m, attach g and allocate a zeroed state. */
int match_alloc(vb_match *m, const vb_game *g, vb_ctx *cx);

#endif
