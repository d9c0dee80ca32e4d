/* registry.c - finding and loading games; embedded data files. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

int vb_registry_count(void)
{
    int n = 0;
    while (vb_registry_table[n])
        n++;
    return n;
}

const vb_game_def *vb_registry_get(int i)
{
    if (i < 0 || i >= vb_registry_count())
        return NULL;
    return vb_registry_table[i];
}

const vb_game_def *vb_registry_find(const char *id)
{
    for (int i = 0; vb_registry_table[i]; i++)
        if (strcmp(vb_registry_table[i]->id, id) == 0)
            return vb_registry_table[i];
    return NULL;
}

vb_game *vb_game_load(const char *id, vb_ctx *cx)
{
    const vb_game_def *def = vb_registry_find(id);
    vb_game *g;
    if (!def) {
        vb_fail(cx, VB_EUSAGE, "unknown game '%s' (see 'vauban list')", id);
        return NULL;
    }
    g = calloc(1, sizeof *g);
    if (!g) {
        vb_fail(cx, VB_ENOMEM, "out of memory loading '%s'", id);
        return NULL;
    }
    g->def = def;
    if (def->load && def->load(g, cx) < 0) {
        free(g);
        return NULL;
    }
    return g;
}

void vb_game_free(vb_game *g)
{
    if (!g)
        return;
    if (g->def->unload)
        g->def->unload(g);
    free(g);
}

int vb_scenario_index(const vb_game *g, const char *name)
{
    return vb_name_find(g->def->scenarios, g->def->nscenarios, name);
}

int vb_role_index(const vb_game *g, const char *name)
{
    return vb_name_find(g->def->roles, g->def->nroles, name);
}

json_t *vb_data_json(const char *relpath, vb_ctx *cx)
{
    const char *dir = getenv("VAUBAN_DATA");
    json_error_t je;
    json_t *j = NULL;
    if (dir && *dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, relpath);
        j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
        if (!j) {
            vb_fail(cx, VB_EINPUT, "%s:%d: %s", path, je.line, je.text);
            return NULL;
        }
        return j;
    }
    for (int i = 0; vb_data_table[i].path; i++) {
        if (strcmp(vb_data_table[i].path, relpath) != 0)
            continue;
        j = json_loadb((const char *)vb_data_table[i].bytes, vb_data_table[i].len,
                       JSON_REJECT_DUPLICATES, &je);
        if (!j)
            vb_fail(cx, VB_EINPUT, "data/%s:%d: %s", relpath, je.line, je.text);
        return j;
    }
    vb_fail(cx, VB_EINPUT, "data/%s: no such data file", relpath);
    return NULL;
}

uint32_t vb_scenario_roles(const vb_game_def *d, int scenario)
{
    if (d->scenario_roles)
        return d->scenario_roles(scenario);
    return d->nroles >= 32 ? 0xFFFFFFFFu : (1u << d->nroles) - 1u;
}
