/* registry.h - the tables generated at build time (cmake/generate.cmake). */
#ifndef VB_REGISTRY_H
#define VB_REGISTRY_H

#include <stddef.h>

#include "vauban.h"

typedef struct vb_data_file {
    const char *path; /* "<id>/<file>.json", relative to data/ */
    const unsigned char *bytes;
    size_t len;
} vb_data_file;

extern const vb_game_def *const vb_registry_table[]; /* NULL-terminated */
extern const vb_data_file vb_data_table[];           /* path NULL at the end */

#endif
