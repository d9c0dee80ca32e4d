/* registry.c - finding and loading games; embedded data files and their
 * fingerprint; options. */
#include <errno.h>
#include <inttypes.h>
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
    if (!id)
        return NULL;
    for (int i = 0; vb_registry_table[i]; i++)
        if (strcmp(vb_registry_table[i]->id, id) == 0)
            return vb_registry_table[i];
    return NULL;
}

static uint64_t fnv(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* FNV-1a over the names and bytes of the data files of game id, as the
 * game reads them (VAUBAN_DATA's copy when it is set). */
static void fingerprint(const char *id, char out[17])
{
    const char *dir = getenv("VAUBAN_DATA");
    size_t idlen = strlen(id);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; vb_data_table[i].path; i++) {
        const vb_data_file *f = &vb_data_table[i];
        if (strncmp(f->path, id, idlen) != 0 || f->path[idlen] != '/')
            continue;
        h = fnv(h, (const unsigned char *)f->path, strlen(f->path) + 1);
        if (dir && *dir) {
            char path[4096], buf[8192];
            size_t n;
            FILE *fp;
            snprintf(path, sizeof path, "%s/%s", dir, f->path);
            fp = fopen(path, "rb");
            if (!fp) {
                h = fnv(h, (const unsigned char *)"(missing)", 9);
                continue;
            }
            while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
                h = fnv(h, (const unsigned char *)buf, n);
            fclose(fp);
        } else {
            h = fnv(h, f->bytes, f->len);
        }
    }
    snprintf(out, 17, "%016" PRIx64, h);
}

vb_game *vb_game_load(const char *id, vb_ctx *cx)
{
    const vb_game_def *def = vb_registry_find(id);
    vb_game *g;
    if (!def) {
        vb_fail(cx, VB_EUSAGE, "unknown game '%s' (see 'vauban list')", id ? id : "");
        return NULL;
    }
    g = calloc(1, sizeof *g);
    if (!g) {
        vb_fail(cx, VB_ENOMEM, "out of memory loading '%s'", id);
        return NULL;
    }
    vb_game_defaults(g, def);
    if (def->load && def->load(g, cx) < 0) {
        /* A load that fails half-way leaves its data for unload to free
         * (a bad data file met after the tables were allocated). */
        vb_game_free(g);
        return NULL;
    }
    if (g->nscenarios > VB_MAX_SCENARIOS || g->nsides > VB_MAX_SIDES + VB_MAX_ROLES) {
        vb_fail(cx, VB_EINPUT, "%s: too many scenarios or sides", id);
        vb_game_free(g);
        return NULL;
    }
    /* Scenarios are chosen by name (vb_scenario_index, alike under
     * vb_name_eq): a name in the data that is empty or that another
     * scenario already answers to could never be chosen. */
    for (int s = 0; s < g->nscenarios; s++) {
        const char *nm = g->scenarios[s];
        int twin = -1;
        for (int k = 0; k < s && twin < 0; k++)
            if (vb_name_eq(g->scenarios[k], nm))
                twin = k;
        if (!nm || !*nm || twin >= 0) {
            if (twin >= 0)
                vb_fail(cx, VB_EINPUT, "%s: scenario '%s' named twice (scenarios %d and %d)", id,
                        nm, twin + 1, s + 1);
            else
                vb_fail(cx, VB_EINPUT, "%s: scenario %d has no name", id, s + 1);
            vb_game_free(g);
            return NULL;
        }
    }
    fingerprint(def->id, g->fingerprint);
    return g;
}

void vb_game_defaults(vb_game *g, const vb_game_def *def)
{
    memset(g, 0, sizeof *g);
    g->def = def;
    g->nscenarios = def->nscenarios;
    g->scenarios = def->scenarios;
    for (int s = 0; s < VB_MAX_SCENARIOS; s++)
        g->scenario_roles[s] = def->nroles >= 32 ? VB_ALL_ROLES : (1u << def->nroles) - 1u;
    g->nsides = def->nroles;
    g->sides = def->roles;
    for (int r = 0; r < VB_MAX_ROLES; r++)
        g->role_side[r] = r < def->nroles ? r : -1;
    for (int s = 0; s < VB_MAX_SCENARIOS; s++)
        for (int i = 0; i < def->noptions && i < VB_MAX_OPTIONS; i++)
            g->option_def[s][i] = def->options[i].def;
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
    return vb_name_find(g->scenarios, g->nscenarios, name);
}

int vb_role_index(const vb_game *g, const char *name)
{
    return vb_name_find(g->def->roles, g->def->nroles, name);
}

vb_roles vb_scenario_roles(const vb_game *g, int scenario)
{
    if (scenario < 0 || scenario >= VB_MAX_SCENARIOS)
        return 0;
    return g->scenario_roles[scenario];
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

/* ---- options ---------------------------------------------------------------*/

void vb_option_defaults(const vb_game *g, int scenario, int *opts)
{
    if (scenario < 0 || scenario >= VB_MAX_SCENARIOS)
        scenario = 0;
    for (int i = 0; i < VB_MAX_OPTIONS; i++)
        opts[i] = i < g->def->noptions ? g->option_def[scenario][i] : 0;
}

int vb_option_parse(const vb_game *g, const char *kv, int *opts, vb_ctx *cx)
{
    const vb_game_def *d = g->def;
    const char *eq = strchr(kv, '=');
    size_t klen = eq ? (size_t)(eq - kv) : strlen(kv);
    const char *val = eq ? eq + 1 : "1";
    char what[96];
    long long v;
    for (int i = 0; i < d->noptions; i++) {
        if (strlen(d->options[i].key) != klen || strncmp(d->options[i].key, kv, klen) != 0)
            continue;
        snprintf(what, sizeof what, "option '%s'", d->options[i].key);
        if (strcmp(val, "on") == 0 || strcmp(val, "true") == 0)
            val = "1";
        else if (strcmp(val, "off") == 0 || strcmp(val, "false") == 0)
            val = "0";
        if (vb_parse_ll(val, d->options[i].min, d->options[i].max, &v, what, cx) < 0)
            return VB_EINPUT;
        opts[i] = (int)v;
        return 0;
    }
    return vb_fail(cx, VB_EINPUT, "unknown option '%.*s' for %s (see 'vauban list')", (int)klen, kv,
                   d->id);
}
