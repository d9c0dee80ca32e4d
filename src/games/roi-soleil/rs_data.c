/*
 * rs_data.c - loads data/roi-soleil/{map,forces,tables,scenarios}.json into
 * struct rs_data. Every record carries "source": {"printed": "§x"} or
 * {"reconstructed": "why"}; unknown keys are refused.
 */
#include <stdlib.h>
#include <string.h>

#include "rs_int.h"

const char *const rs_type_names[RS_NTY] = {"inf", "inf-elite", "cav", "cav-elite", "art"};
const char *const rs_cat_names[RS_NCAT + 1] = {"battle", "siege", "scorched-earth", "decoy",
                                               "unknown"};
const char *const rs_camp_names[2] = {"france", "coalition"};

static int need_source(json_t *o, const char *where, vb_ctx *cx)
{
    json_t *s = json_object_get(o, "source");
    if (!json_is_object(s) || json_object_size(s) != 1)
        return vb_fail(cx, VB_EINPUT, "%s: missing \"source\" (printed or reconstructed)", where);
    json_t *p = json_object_get(s, "printed"), *r = json_object_get(s, "reconstructed");
    if (!(json_is_string(p) || json_is_string(r)))
        return vb_fail(cx, VB_EINPUT,
                       "%s: source must be {\"printed\": ...} or {\"reconstructed\": ...}", where);
    return 0;
}

/* A name read from the data: one longer than the game keeps would be cut,
 * and answer to another name (or to none) once cut, so it is refused. */
static int copy_name(char *dst, const char *src, const char *where, vb_ctx *cx)
{
    if (strlen(src) >= RS_NAME)
        return vb_fail(cx, VB_EINPUT, "%s: name '%.20s...' longer than %d characters", where, src,
                       RS_NAME - 1);
    snprintf(dst, RS_NAME, "%s", src);
    return 0;
}

static int zone_of(const rs_data *d, const char *s)
{
    for (int i = 0; i < d->nz; i++)
        if (vb_name_eq(d->z[i].name, s))
            return i;
    return -1;
}

static int state_of(const rs_data *d, const char *s)
{
    for (int i = 0; i < d->ns; i++)
        if (vb_name_eq(d->s[i].name, s))
            return i;
    return -1;
}

static int box_of(const rs_data *d, const char *s)
{
    for (int i = 0; i < RS_NBOX; i++)
        if (vb_name_eq(d->b[i].name, s))
            return i;
    return -1;
}

static int gen_of(const rs_data *d, const char *s)
{
    for (int i = 0; i < d->ng; i++)
        if (vb_name_eq(d->gd[i].name, s))
            return i;
    return -1;
}

static int camp_of(const char *s)
{
    return vb_name_find(rs_camp_names, 2, s);
}

static int load_map(rs_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("roi-soleil/map.json", cx), *arr, *o;
    static const char *const top[] = {"source", "states", "zones", "boxes", NULL};
    static const char *const sk[] = {"name", "kind", "colour", "source", NULL};
    static const char *const zk[] = {"name", "state", "rp",     "adjacent", "seas",
                                     "x",    "y",     "source", NULL};
    static const char *const bk[] = {"name", "sea", "rp", "control_roll", "x", "y", "source", NULL};
    static const char *const kinds[] = {"major", "minor", "forbidden"};
    char where[128];
    size_t i, k;
    int rc = VB_EINPUT;
    if (!j)
        return VB_EINPUT;
    if (vb_json_known(j, top, "map.json", cx) || need_source(j, "map.json", cx) ||
        vb_json_arr(j, "states", &arr, "map.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        const char *name, *kind, *col;
        snprintf(where, sizeof where, "map.json: state %zu", i);
        if (d->ns >= RS_MAXS) {
            vb_fail(cx, VB_EINPUT, "%s: too many states", where);
            goto out;
        }
        if (vb_json_known(o, sk, where, cx) || vb_json_str(o, "name", &name, where, cx) ||
            vb_json_str(o, "kind", &kind, where, cx) || vb_json_str(o, "colour", &col, where, cx) ||
            need_source(o, where, cx))
            goto out;
        rs_sdef *s = &d->s[d->ns];
        if (copy_name(s->name, name, where, cx))
            goto out;
        vb_name_token(s->tok, RS_NAME, name);
        s->kind = vb_name_find(kinds, 3, kind);
        snprintf(s->colour, sizeof s->colour, "%s", col);
        if (s->kind < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown kind '%s'", where, kind);
            goto out;
        }
        d->ns++;
    }
    if (vb_json_arr(j, "boxes", &arr, "map.json", cx))
        goto out;
    if (json_array_size(arr) != RS_NBOX) {
        vb_fail(cx, VB_EINPUT, "map.json: four transit boxes expected (rule 13.4)");
        goto out;
    }
    json_array_foreach(arr, i, o)
    {
        const char *name;
        rs_bdef *b = &d->b[i];
        snprintf(where, sizeof where, "map.json: box %zu", i);
        if (vb_json_known(o, bk, where, cx) || vb_json_str(o, "name", &name, where, cx) ||
            vb_json_bool(o, "sea", &b->sea, where, cx) ||
            vb_json_int(o, "rp", 0, 9, &b->rp, where, cx) ||
            vb_json_int(o, "control_roll", 0, 7, &b->roll, where, cx) ||
            vb_json_int(o, "x", 0, 1000, &b->x, where, cx) ||
            vb_json_int(o, "y", 0, 1000, &b->y, where, cx) || need_source(o, where, cx))
            goto out;
        if (copy_name(b->name, name, where, cx))
            goto out;
        vb_name_token(b->tok, RS_NAME, name);
        if (!b->sea)
            d->box_fo = (int)i;
    }
    if (vb_json_arr(j, "zones", &arr, "map.json", cx))
        goto out;
    /* names first, so adjacency may refer forward */
    json_array_foreach(arr, i, o)
    {
        const char *name;
        snprintf(where, sizeof where, "map.json: zone %zu", i);
        if (d->nz >= RS_MAXZ) {
            vb_fail(cx, VB_EINPUT, "%s: too many zones", where);
            goto out;
        }
        if (vb_json_str(o, "name", &name, where, cx))
            goto out;
        if (zone_of(d, name) >= 0) {
            vb_fail(cx, VB_EINPUT, "%s: duplicate zone '%s'", where, name);
            goto out;
        }
        if (copy_name(d->z[d->nz].name, name, where, cx))
            goto out;
        vb_name_token(d->z[d->nz].tok, RS_NAME, name);
        d->nz++;
    }
    json_array_foreach(arr, i, o)
    {
        rs_zdef *z = &d->z[i];
        const char *st;
        json_t *a, *v;
        snprintf(where, sizeof where, "map.json: zone '%s'", z->name);
        if (vb_json_known(o, zk, where, cx) || vb_json_str(o, "state", &st, where, cx) ||
            vb_json_int(o, "rp", 0, 3, &z->rp, where, cx) ||
            vb_json_int(o, "x", 0, 1000, &z->x, where, cx) ||
            vb_json_int(o, "y", 0, 1000, &z->y, where, cx) ||
            vb_json_arr(o, "adjacent", &a, where, cx) || need_source(o, where, cx))
            goto out;
        z->state = state_of(d, st);
        if (z->state < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown state '%s'", where, st);
            goto out;
        }
        json_array_foreach(a, k, v)
        {
            int n = json_is_string(v) ? zone_of(d, json_string_value(v)) : -1;
            if (n < 0 || n == (int)i || z->nadj >= 12) {
                vb_fail(cx, VB_EINPUT, "%s: bad neighbour %zu", where, k);
                goto out;
            }
            z->adj[z->nadj++] = n;
        }
        if (vb_json_arr(o, "seas", &a, where, cx))
            goto out;
        json_array_foreach(a, k, v)
        {
            int b = json_is_string(v) ? box_of(d, json_string_value(v)) : -1;
            if (b < 0 || !d->b[b].sea) {
                vb_fail(cx, VB_EINPUT, "%s: unknown sea %zu", where, k);
                goto out;
            }
            z->sea[b] = 1;
        }
    }
    for (int a = 0; a < d->nz; a++)
        for (int m = 0; m < d->z[a].nadj; m++) {
            int b = d->z[a].adj[m], ok = 0;
            for (int q = 0; q < d->z[b].nadj; q++)
                ok |= d->z[b].adj[q] == a;
            if (!ok) {
                vb_fail(cx, VB_EINPUT, "map.json: zone '%s' lists '%s' but not the reverse",
                        d->z[a].name, d->z[b].name);
                goto out;
            }
        }
    d->st_lorraine = state_of(d, "Lorraine");
    d->st_france = state_of(d, "France");
    d->st_gb = state_of(d, "Great Britain");
    d->zone_fo = zone_of(d, "France Ouest");
    if (d->st_france < 0 || zone_of(d, "France Ouest") < 0) {
        vb_fail(cx, VB_EINPUT, "map.json: France and the France Ouest zone are required");
        goto out;
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

static int load_forces(rs_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("roi-soleil/forces.json", cx), *arr, *o;
    static const char *const top[] = {"source",           "unit_types",   "generals", "markers",
                                      "fortress_markers", "line_markers", NULL};
    static const char *const gk[] = {"name", "nation", "sc", "tc", "star", "source", NULL};
    char where[128];
    size_t i;
    int rc = VB_EINPUT;
    if (!j)
        return VB_EINPUT;
    if (vb_json_known(j, top, "forces.json", cx) || need_source(j, "forces.json", cx) ||
        vb_json_arr(j, "unit_types", &arr, "forces.json", cx))
        goto out;
    if (json_array_size(arr) != RS_NTY) {
        vb_fail(cx, VB_EINPUT, "forces.json: five unit types expected");
        goto out;
    }
    json_array_foreach(arr, i, o)
    {
        const char *name;
        snprintf(where, sizeof where, "forces.json: unit type %zu", i);
        if (vb_json_str(o, "name", &name, where, cx) || need_source(o, where, cx))
            goto out;
        if (strcmp(name, rs_type_names[i])) {
            vb_fail(cx, VB_EINPUT, "%s: expected '%s'", where, rs_type_names[i]);
            goto out;
        }
    }
    if (vb_json_arr(j, "generals", &arr, "forces.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        const char *name, *nat;
        rs_gdef *gd = &d->gd[d->ng];
        snprintf(where, sizeof where, "forces.json: general %zu", i);
        if (d->ng >= RS_MAXG) {
            vb_fail(cx, VB_EINPUT, "%s: too many generals", where);
            goto out;
        }
        if (vb_json_known(o, gk, where, cx) || vb_json_str(o, "name", &name, where, cx) ||
            vb_json_str(o, "nation", &nat, where, cx) ||
            vb_json_int(o, "sc", 0, 4, &gd->sc, where, cx) ||
            vb_json_int(o, "tc", 0, 4, &gd->tc, where, cx) ||
            vb_json_bool(o, "star", &gd->star, where, cx) || need_source(o, where, cx))
            goto out;
        if (gen_of(d, name) >= 0) {
            vb_fail(cx, VB_EINPUT, "%s: duplicate general '%s'", where, name);
            goto out;
        }
        if (copy_name(gd->name, name, where, cx))
            goto out;
        vb_name_token(gd->tok, RS_NAME, name);
        gd->nation = state_of(d, nat);
        if (gd->nation < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown nation '%s'", where, nat);
            goto out;
        }
        gd->camp = gd->nation == d->st_france ? RS_F : RS_C;
        d->ng++;
    }
    d->g_louis = gen_of(d, "Louis XIV");
    d->g_vauban = gen_of(d, "Vauban");
    d->g_coehoorn = gen_of(d, "Coehoorn");
    if (vb_json_obj(j, "markers", &o, "forces.json", cx) || need_source(o, "markers", cx))
        goto out;
    for (int c = 0; c < RS_NCAT; c++)
        if (vb_json_int(o, rs_cat_names[c], 0, 9, &d->markers[c], "forces.json: markers", cx))
            goto out;
    if (d->markers[0] + d->markers[1] + d->markers[2] + d->markers[3] != RS_MAXPICK) {
        vb_fail(cx, VB_EINPUT, "forces.json: nine cabinet markers per camp (rule 9)");
        goto out;
    }
    if (vb_json_obj(j, "fortress_markers", &o, "forces.json", cx) ||
        need_source(o, "fortress_markers", cx) ||
        vb_json_int(o, "france", 0, 60, &d->fort_markers[0], "fortress_markers", cx) ||
        vb_json_int(o, "coalition", 0, 60, &d->fort_markers[1], "fortress_markers", cx) ||
        vb_json_obj(j, "line_markers", &o, "forces.json", cx) ||
        need_source(o, "line_markers", cx) ||
        vb_json_int(o, "france", 0, 60, &d->line_markers[0], "line_markers", cx) ||
        vb_json_int(o, "coalition", 0, 60, &d->line_markers[1], "line_markers", cx))
        goto out;
    rc = 0;
out:
    json_decref(j);
    return rc;
}

/* one side's result: a letter (or '-'), then '*' when its commander may die;
 * the other side's result after the '/' is not looked at */
static int letter(const char *s, int *star)
{
    *star = s[0] && s[1] == '*';
    switch (s[0]) {
    case '-':
        return 0;
    case 'A':
        return 1;
    case 'B':
        return 2;
    case 'C':
        return 3;
    case 'D':
        return 4;
    }
    return -1;
}

static int siege_code(const char *s, uint8_t *flags, int8_t *fv)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%s", s);
    *flags = 0;
    *fv = 0;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        if (!strcmp(t, "-"))
            continue;
        else if (!strcmp(t, "A"))
            *flags |= SR_A;
        else if (!strcmp(t, "S"))
            *flags |= SR_S;
        else if (!strcmp(t, "S+"))
            *flags |= SR_SP;
        else if (!strcmp(t, "Es"))
            *flags |= SR_ES;
        else if (!strcmp(t, "Sh"))
            *flags |= SR_SH;
        else if (!strcmp(t, "Br"))
            *flags |= SR_BR;
        else if (t[0] == '-' && t[1] >= '1' && t[1] <= '4' && !strcmp(t + 2, "FV"))
            *fv = (int8_t)(t[1] - '0');
        else
            return -1;
    }
    return 0;
}

static int int_array(json_t *o, const char *key, int *out, int n, int min, int max,
                     const char *where, vb_ctx *cx)
{
    json_t *a = json_object_get(o, key), *v;
    size_t i;
    if (!json_is_array(a) || (int)json_array_size(a) != n)
        return vb_fail(cx, VB_EINPUT, "%s: '%s' must be an array of %d numbers", where, key, n);
    json_array_foreach(a, i, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max)
            return vb_fail(cx, VB_EINPUT, "%s: '%s'[%zu] out of range", where, key, i);
        out[i] = (int)json_integer_value(v);
    }
    return 0;
}

static int load_tables(rs_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("roi-soleil/tables.json", cx), *o, *arr, *row;
    static const char *const top[] = {"combat",   "losses",    "attrition", "siege",      "cabinet",
                                      "movement", "diplomacy", "alliances", "initiative", NULL};
    size_t i, k;
    int rc = VB_EINPUT;
    if (!j)
        return VB_EINPUT;
    if (vb_json_known(j, top, "tables.json", cx))
        goto out;
    /* Combat Table (rule 17.1.2) */
    if (vb_json_obj(j, "combat", &o, "tables.json", cx) || need_source(o, "combat", cx) ||
        vb_json_arr(o, "rows", &arr, "combat", cx))
        goto out;
    if (json_array_size(arr) != 13) {
        vb_fail(cx, VB_EINPUT, "tables.json: combat: 13 rows (modified die 0..12) expected");
        goto out;
    }
    json_array_foreach(arr, i, row)
    {
        json_t *res, *v;
        int die;
        if (vb_json_int(row, "die", 0, 12, &die, "combat row", cx) ||
            vb_json_arr(row, "results", &res, "combat row", cx) ||
            need_source(row, "combat row", cx))
            goto out;
        if (die != (int)i || json_array_size(res) != 9) {
            vb_fail(cx, VB_EINPUT, "tables.json: combat row %zu: die %zu and 9 columns expected", i,
                    i);
            goto out;
        }
        json_array_foreach(res, k, v)
        {
            const char *s = json_string_value(v);
            const char *slash = s ? strchr(s, '/') : NULL;
            int sa, sd, la, ld;
            if (!slash) {
                vb_fail(cx, VB_EINPUT, "tables.json: combat row %zu col %zu: 'att/def' expected", i,
                        k);
                goto out;
            }
            la = letter(s, &sa);
            ld = letter(slash + 1, &sd);
            if (la < 0 || ld < 0) {
                vb_fail(cx, VB_EINPUT, "tables.json: combat row %zu col %zu: bad code '%s'", i, k,
                        s);
                goto out;
            }
            d->cb_att[i][k] = (int8_t)la;
            d->cb_def[i][k] = (int8_t)ld;
            d->cb_astar[i][k] = (uint8_t)sa;
            d->cb_dstar[i][k] = (uint8_t)sd;
        }
    }
    if (vb_json_obj(j, "losses", &o, "tables.json", cx) || need_source(o, "losses", cx) ||
        int_array(o, "bands", d->loss_band, 5, 1, 999, "losses", cx) ||
        int_array(o, "A", d->loss[0], 5, 0, 20, "losses", cx) ||
        int_array(o, "B", d->loss[1], 5, 0, 20, "losses", cx) ||
        int_array(o, "C", d->loss[2], 5, 0, 20, "losses", cx) ||
        int_array(o, "D", d->loss[3], 5, 0, 20, "losses", cx))
        goto out;
    if (vb_json_obj(j, "attrition", &o, "tables.json", cx) || need_source(o, "attrition", cx) ||
        int_array(o, "bands", d->attr_band, 6, 1, 999, "attrition", cx) ||
        vb_json_int(o, "min_die", 0, 3, &d->attr_min, "attrition", cx) ||
        vb_json_arr(o, "rows", &arr, "attrition", cx))
        goto out;
    if (json_array_size(arr) != 6) {
        vb_fail(cx, VB_EINPUT, "tables.json: attrition: 6 rows expected");
        goto out;
    }
    json_array_foreach(arr, i, row)
    {
        json_t *w = json_pack("{so}", "r", json_incref(row));
        int bad = int_array(w, "r", d->attr[i], 9, 0, 20, "attrition row", cx);
        json_decref(w);
        if (bad)
            goto out;
    }
    if (vb_json_obj(j, "siege", &o, "tables.json", cx) || need_source(o, "siege", cx) ||
        vb_json_arr(o, "rows", &arr, "siege", cx))
        goto out;
    if (json_array_size(arr) != 14) {
        vb_fail(cx, VB_EINPUT, "tables.json: siege: 14 rows (modified die 0..13) expected");
        goto out;
    }
    json_array_foreach(arr, i, row)
    {
        json_t *res, *v;
        int die;
        if (vb_json_int(row, "die", 0, 13, &die, "siege row", cx) ||
            vb_json_arr(row, "results", &res, "siege row", cx))
            goto out;
        if (die != (int)i || json_array_size(res) != 6) {
            vb_fail(cx, VB_EINPUT, "tables.json: siege row %zu: 6 columns expected", i);
            goto out;
        }
        json_array_foreach(res, k, v)
        {
            if (!json_is_string(v) ||
                siege_code(json_string_value(v), &d->sg_res[i][k], &d->sg_fv[i][k])) {
                vb_fail(cx, VB_EINPUT, "tables.json: siege row %zu col %zu: bad result", i, k);
                goto out;
            }
        }
    }
    if (vb_json_obj(j, "cabinet", &o, "tables.json", cx) || need_source(o, "cabinet", cx) ||
        int_array(o, "bands", d->cab_band, 5, 1, 999, "cabinet", cx) ||
        vb_json_int(o, "star_bonus", 0, 3, &d->cab_star, "cabinet", cx) ||
        vb_json_arr(o, "rows", &arr, "cabinet", cx))
        goto out;
    if (json_array_size(arr) != 7) {
        vb_fail(cx, VB_EINPUT, "tables.json: cabinet: 7 rows (D6 1..7) expected");
        goto out;
    }
    json_array_foreach(arr, i, row)
    {
        json_t *w = json_pack("{so}", "r", json_incref(row));
        int bad = int_array(w, "r", d->cab[i], 5, 1, 9, "cabinet row", cx);
        json_decref(w);
        if (bad)
            goto out;
    }
    if (vb_json_obj(j, "movement", &o, "tables.json", cx) || need_source(o, "movement", cx) ||
        vb_json_int(o, "sp_per_rp", 1, 50, &d->sp_per_rp, "movement", cx))
        goto out;
    {
        json_t *p;
        if (vb_json_obj(j, "diplomacy", &o, "tables.json", cx) || need_source(o, "diplomacy", cx))
            goto out;
        if (vb_json_obj(o, "allies", &p, "diplomacy", cx) ||
            vb_json_int(p, "coalition_max", -20, 20, &d->dip_allies[0], "diplomacy.allies", cx) ||
            vb_json_int(p, "france_min", -20, 20, &d->dip_allies[1], "diplomacy.allies", cx) ||
            vb_json_obj(o, "rp", &p, "diplomacy", cx) ||
            vb_json_int(p, "coalition_max", -99, 99, &d->dip_rp[0], "diplomacy.rp", cx) ||
            vb_json_int(p, "france_min", -99, 99, &d->dip_rp[1], "diplomacy.rp", cx) ||
            vb_json_obj(o, "glory", &p, "diplomacy", cx) ||
            vb_json_int(p, "coalition_max", -99, 99, &d->dip_glory[0], "diplomacy.glory", cx) ||
            vb_json_int(p, "france_min", -99, 99, &d->dip_glory[1], "diplomacy.glory", cx) ||
            vb_json_obj(o, "objectives", &p, "diplomacy", cx) ||
            vb_json_int(p, "coalition_max", -20, 20, &d->dip_obj_c, "diplomacy.objectives", cx))
            goto out;
    }
    if (vb_json_obj(j, "alliances", &o, "tables.json", cx) || need_source(o, "alliances", cx) ||
        vb_json_int(o, "major_spaces", 2, 9, &d->major_spaces, "alliances", cx) ||
        vb_json_int(o, "minor_spaces", 2, 9, &d->minor_spaces, "alliances", cx) ||
        vb_json_int(o, "major_doubt_from", 1, 9, &d->major_doubt, "alliances", cx) ||
        vb_json_int(o, "minor_doubt_from", 1, 9, &d->minor_doubt, "alliances", cx) ||
        vb_json_obj(j, "initiative", &o, "tables.json", cx) || need_source(o, "initiative", cx) ||
        vb_json_int(o, "bet_max", 0, 9, &d->bet_max, "initiative", cx) ||
        vb_json_int(o, "test_above", 0, 9, &d->test_above, "initiative", cx))
        goto out;
    rc = 0;
out:
    json_decref(j);
    return rc;
}

/* Units by type ({"inf": 4}, nationality `nat`) or by nationality and type
 * ({"Empire": {"inf": 9}}, §3.1: every counter has a nationality). */
static int units_of(const rs_data *d, json_t *u, int nat, uint8_t *t, const char *where, int depth,
                    vb_ctx *cx)
{
    json_t *v;
    const char *k;
    if (!json_is_object(u))
        return vb_fail(cx, VB_EINPUT, "%s: units must be an object", where);
    json_object_foreach(u, k, v)
    {
        int ty = vb_name_find(rs_type_names, RS_NTY, k);
        if (ty < 0 && depth == 0) {
            int st = state_of(d, k);
            if (st < 0 || st >= RS_NN)
                return vb_fail(cx, VB_EINPUT, "%s: '%s' is neither a unit type nor a nationality",
                               where, k);
            if (units_of(d, v, st, t, where, 1, cx))
                return VB_EINPUT;
            continue;
        }
        if (ty < 0 || !json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) > 60)
            return vb_fail(cx, VB_EINPUT, "%s: bad unit entry '%s'", where, k);
        t[KIND(nat, ty)] = (uint8_t)json_integer_value(v);
    }
    return 0;
}

static int units(const rs_data *d, json_t *o, const char *key, int nat, uint8_t *t,
                 const char *where, vb_ctx *cx)
{
    json_t *u = json_object_get(o, key);
    if (!u)
        return 0;
    return units_of(d, u, nat, t, where, 0, cx);
}

/* a general's camp at the start of a scenario (rs_gcamp) */
static int scen_gcamp(const rs_data *d, const rs_scen *sc, int g)
{
    int c = sc->scamp[d->gd[g].nation];
    return c == 0 || c == 1 ? c : d->gd[g].camp;
}

static int space_of(const char *s, int major, const rs_data *d)
{
    /* "U1".."D6" -> distance from Neutral: space 1 is the far end */
    int n = major ? d->major_spaces : d->minor_spaces;
    int doubt = major ? d->major_doubt : d->minor_doubt;
    if (!s || (s[0] != 'U' && s[0] != 'D') || s[1] < '1' || s[1] > '9' || s[2])
        return -1;
    int sp = s[1] - '0';
    if (sp > n || (s[0] == 'U') != (sp < doubt))
        return -1;
    return n + 1 - sp;
}

static int load_event(rs_data *d, rs_scen *sc, json_t *o, rs_event *e, const char *where,
                      vb_ctx *cx)
{
    static const char *const kinds[] = {"none",         "pursuit",      "rescue",
                                        "withdraw",     "lorraine",     "draw_markers",
                                        "reserve_add",  "winter",       "forced_scorched_earth",
                                        "remove",       "flood",        "admiral",
                                        "hire",         "place",        "neutralise",
                                        "levy",         "recall",       "forced_fortification",
                                        "cursor",       "join",         "louis_stays",
                                        "rp",           "rally",        "siege_bonus",
                                        "royal_family", "ban",          "death",
                                        "no_effect",    "closed",       "turn",
                                        "crossing",     "replace",      "end",
                                        "free_markers", "forced_lines", "landing",
                                        "ceasefire"};
    static const char *const ek[] = {"kind",   "value", "camp",    "zones",   "general", "count",
                                     "nation", "boxes", "admiral", "state",   "space",   "cav",
                                     "state2", "from",  "nations", "cavalry", NULL};
    const char *k;
    json_t *v;
    size_t i;
    if (vb_json_known(o, ek, where, cx) || vb_json_str(o, "kind", &k, where, cx))
        return VB_EINPUT;
    e->kind = vb_name_find(kinds, (int)(sizeof kinds / sizeof kinds[0]), k);
    if (e->kind <= 0)
        return vb_fail(cx, VB_EINPUT, "%s: unknown event kind '%s'", where, k);
    if (json_object_get(o, "value") && vb_json_int(o, "value", -3, 3, &e->value, where, cx))
        return VB_EINPUT;
    e->camp = -1;
    if (json_object_get(o, "camp")) {
        if (vb_json_str(o, "camp", &k, where, cx))
            return VB_EINPUT;
        e->camp = camp_of(k);
        if (e->camp < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown camp '%s'", where, k);
    }
    /* the nationality of the SP an event brings or takes (§3.1): the camp's
     * leader unless named */
    e->nat = e->camp >= 0 ? sc->leader[e->camp] : 0;
    if (json_object_get(o, "nation")) {
        if (vb_json_str(o, "nation", &k, where, cx))
            return VB_EINPUT;
        e->nat = state_of(d, k);
        if (e->nat < 0 || e->nat >= RS_NN)
            return vb_fail(cx, VB_EINPUT, "%s: unknown nationality '%s'", where, k);
    }
    if (e->kind == EV_LORRAINE && !json_object_get(o, "nation"))
        e->nat = d->st_lorraine;
    e->general = -1;
    if (json_object_get(o, "general")) {
        if (vb_json_str(o, "general", &k, where, cx))
            return VB_EINPUT;
        e->general = gen_of(d, k);
        if (e->general < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown general '%s'", where, k);
    }
    if (json_object_get(o, "count") && vb_json_int(o, "count", 1, 12, &e->count, where, cx))
        return VB_EINPUT;
    if (json_object_get(o, "cav") && vb_json_int(o, "cav", 0, 12, &e->cav, where, cx))
        return VB_EINPUT;
    v = json_object_get(o, "zones");
    if (v) {
        json_t *x;
        if (!json_is_array(v) || json_array_size(v) > RS_MAXEVZ)
            return vb_fail(cx, VB_EINPUT, "%s: zones must be a short array", where);
        json_array_foreach(v, i, x)
        {
            int z = json_is_string(x) ? zone_of(d, json_string_value(x)) : -1;
            if (z < 0)
                return vb_fail(cx, VB_EINPUT, "%s: unknown zone %zu", where, i);
            e->zones[e->nz++] = z;
        }
    }
    e->state = -1;
    if (json_object_get(o, "state")) {
        if (vb_json_str(o, "state", &k, where, cx))
            return VB_EINPUT;
        e->state = state_of(d, k);
        if (e->state < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown state '%s'", where, k);
    }
    e->state2 = -1;
    if (json_object_get(o, "state2")) {
        if (vb_json_str(o, "state2", &k, where, cx))
            return VB_EINPUT;
        e->state2 = state_of(d, k);
        if (e->state2 < 0 || e->kind != EV_CURSOR)
            return vb_fail(cx, VB_EINPUT, "%s: bad second state '%s'", where, k);
    }
    v = json_object_get(o, "nations");
    if (v) {
        json_t *x;
        if (!json_is_array(v) || !json_array_size(v))
            return vb_fail(cx, VB_EINPUT, "%s: nations must be an array", where);
        json_array_foreach(v, i, x)
        {
            int st = json_is_string(x) ? state_of(d, json_string_value(x)) : -1;
            if (st < 0 || st >= RS_NN)
                return vb_fail(cx, VB_EINPUT, "%s: unknown nationality in nations %zu", where, i);
            e->nats |= 1 << st;
        }
    }
    v = json_object_get(o, "cavalry");
    if (v) {
        if (!json_is_boolean(v) || e->kind != EV_RECALL)
            return vb_fail(cx, VB_EINPUT, "%s: \"cavalry\" is true or false, for a recall", where);
        e->with_cav = json_is_true(v);
    }
    v = json_object_get(o, "from");
    if (v) {
        json_t *x;
        if (e->kind != EV_LEVY)
            return vb_fail(cx, VB_EINPUT, "%s: only a levy has \"from\"", where);
        if (json_is_string(v) && !strcmp(json_string_value(v), "map"))
            e->from_map = 1;
        else if (!json_is_array(v) || !json_array_size(v))
            return vb_fail(cx, VB_EINPUT, "%s: from must be \"map\" or an array of zones", where);
        else
            json_array_foreach(v, i, x)
            {
                int z = json_is_string(x) ? zone_of(d, json_string_value(x)) : -1;
                if (z < 0)
                    return vb_fail(cx, VB_EINPUT, "%s: unknown zone in from %zu", where, i);
                e->from |= (uint64_t)1 << z;
            }
    }
    if (json_object_get(o, "space")) {
        if (vb_json_str(o, "space", &k, where, cx))
            return VB_EINPUT;
        e->space = e->state >= 0 ? space_of(k, d->s[e->state].kind == SK_MAJOR, d) : -1;
        if (e->space <= 0)
            return vb_fail(cx, VB_EINPUT, "%s: bad alliance space '%s'", where, k);
    }
    v = json_object_get(o, "boxes");
    if (v) {
        json_t *x;
        if (!json_is_array(v) || !json_array_size(v))
            return vb_fail(cx, VB_EINPUT, "%s: boxes must be an array of box names", where);
        json_array_foreach(v, i, x)
        {
            int b = json_is_string(x) ? box_of(d, json_string_value(x)) : -1;
            if (b < 0 || !d->b[b].sea)
                return vb_fail(cx, VB_EINPUT, "%s: unknown maritime box %zu", where, i);
            e->boxes |= 1 << b;
        }
        if (vb_json_str(o, "admiral", &k, where, cx))
            return VB_EINPUT;
        e->bcamp = camp_of(k);
        if (e->bcamp < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown camp '%s'", where, k);
    } else if (json_object_get(o, "admiral")) {
        return vb_fail(cx, VB_EINPUT, "%s: an admiral needs boxes", where);
    }
    switch (e->kind) {
    case EV_FLOOD:
        if (e->nz != 1)
            return vb_fail(cx, VB_EINPUT, "%s: a flood needs one zone", where);
        break;
    case EV_ADMIRAL:
        if (!e->boxes)
            return vb_fail(cx, VB_EINPUT, "%s: an admiral needs boxes", where);
        break;
    case EV_HIRE:
    case EV_PLACE:
    case EV_LEVY:
        if (e->camp < 0 || (e->nz != 1 && e->kind != EV_LEVY) || !e->nz ||
            !json_object_get(o, "nation") || (e->kind == EV_HIRE && e->general < 0) ||
            (e->kind == EV_PLACE && !e->count))
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp, a nation and one zone%s",
                           where, e->kind == EV_HIRE ? " and a general" : "");
        break;
    case EV_RECALL:
        if (e->camp < 0 || !json_object_get(o, "nation"))
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp and a nation", where);
        break;
    case EV_FORCE_FORT:
        if (!e->count)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a count of RP", where);
        break;
    case EV_CEASEFIRE: {
        int nb = 0;
        for (int b = 0; b < RS_NN; b++)
            nb += e->nats >> b & 1;
        if (e->state < 0 || !e->value || nb != 2)
            return vb_fail(cx, VB_EINPUT, "%s: a cease-fire needs a state, a value and two nations",
                           where);
        break;
    }
    case EV_NEUTRALISE:
    case EV_CURSOR:
        if (e->state < 0 || (e->kind == EV_CURSOR && !e->value))
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a state%s", where,
                           e->kind == EV_CURSOR ? " and a value of spaces" : "");
        break;
    case EV_RP:
        if (e->camp < 0 || (e->value != 1 && e->value != -1))
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp and a value of 1 or -1",
                           where);
        break;
    case EV_RALLY:
    case EV_BAN:
        if ((e->kind == EV_RALLY && e->camp < 0) || !e->nz || !json_object_get(o, "nation"))
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a nation and zones", where);
        break;
    case EV_SIEGE_BONUS:
        if (e->camp < 0 || e->state < 0)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp and a state", where);
        break;
    case EV_ROYAL:
        if (!e->nz)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs the zones of the front", where);
        break;
    case EV_DEATH:
        if (e->general < 0)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a general", where);
        break;
    case EV_NO_EFFECT:
        if (!json_object_get(o, "nation"))
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a nation", where);
        break;
    case EV_CLOSED:
    case EV_CROSSING:
        if (e->camp < 0 || e->nz != 1 || (e->kind == EV_CROSSING && !e->value))
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp and one zone%s", where,
                           e->kind == EV_CROSSING ? " and a value" : "");
        break;
    case EV_TURN:
        if (e->state < 0 || e->camp < 0 || d->s[e->state].kind != SK_MINOR)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a minor state and a camp", where);
        break;
    case EV_LANDING:
        if (e->camp < 0 || !e->nz || !e->nats)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp, nations and zones", where);
        break;
    case EV_FORCE_LINE:
        if (!e->nz)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs zones", where);
        break;
    case EV_FREE_PICK:
        if (e->camp < 0)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp", where);
        break;
    case EV_REPLACE:
        if (e->camp < 0 || e->general < 0)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp and a general", where);
        break;
    case EV_JOIN:
        if (e->state < 0 || e->camp < 0 || e->space <= 0)
            return vb_fail(cx, VB_EINPUT, "%s: this event needs a state, a camp and a space",
                           where);
        break;
    }
    if (e->kind == EV_RESCUE && e->count && e->general < 0)
        return vb_fail(cx, VB_EINPUT, "%s: a fixed force needs its general", where);
    if ((e->kind == EV_RESCUE || e->kind == EV_LORRAINE) && (!e->nz || e->camp < 0))
        return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp and zones", where);
    if (e->kind == EV_WITHDRAW && e->general < 0)
        return vb_fail(cx, VB_EINPUT, "%s: this event needs a general", where);
    if ((e->kind == EV_RESERVE_ADD || e->kind == EV_REMOVE || e->kind == EV_FORCE_SCORCH) &&
        e->camp < 0)
        return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp", where);
    if (e->kind == EV_FORCE_SCORCH && !e->nz)
        return vb_fail(cx, VB_EINPUT, "%s: this event needs the zones of its marker", where);
    if (e->kind == EV_DRAW && (e->camp < 0 || !e->count))
        return vb_fail(cx, VB_EINPUT, "%s: this event needs a camp and a count", where);
    return 0;
}

static int load_scen(rs_data *d, rs_scen *sc, json_t *o, vb_ctx *cx)
{
    static const char *const keys[] = {
        "id",       "title",     "start",          "end",         "initiative",       "maritime",
        "playable", "boxes",     "playable_boxes", "states",      "leaders",          "alliances",
        "neutral",  "diplomacy", "objectives",     "placement",   "placement_source", "reserve",
        "pool",     "events",    "source",         "maritime_gb", "box_rolls",        NULL};
    char where[128];
    const char *s, *k;
    json_t *a, *v, *w;
    size_t i;
    if (vb_json_str(o, "id", &s, "scenarios.json", cx))
        return VB_EINPUT;
    if (copy_name(sc->id, s, "scenarios.json", cx))
        return VB_EINPUT;
    snprintf(where, sizeof where, "scenarios.json: '%s'", sc->id);
    if (vb_json_known(o, keys, where, cx) || need_source(o, where, cx) ||
        vb_json_str(o, "title", &s, where, cx))
        return VB_EINPUT;
    snprintf(sc->title, sizeof sc->title, "%s", s);
    if (vb_json_int(o, "start", 1667, 1713, &sc->start, where, cx) ||
        vb_json_int(o, "end", sc->start, sc->start + 15, &sc->end, where, cx) ||
        vb_json_str(o, "initiative", &s, where, cx))
        return VB_EINPUT;
    sc->initiative = camp_of(s);
    if (sc->initiative < 0)
        return vb_fail(cx, VB_EINPUT, "%s: unknown camp '%s'", where, s);
    if (vb_json_obj(o, "maritime", &v, where, cx) ||
        vb_json_int(v, "france", 0, 60, &sc->maritime[0], where, cx) ||
        vb_json_int(v, "coalition", 0, 60, &sc->maritime[1], where, cx) ||
        vb_json_arr(o, "playable", &a, where, cx))
        return VB_EINPUT;
    v = json_object_get(o, "maritime_gb");
    if (v) {
        /* 13.4, 24.3: the capacity by Great Britain's camp: France, none, Coalition */
        static const char *const mk[] = {"france", "coalition", "source", NULL};
        if (vb_json_known(v, mk, where, cx) || need_source(v, where, cx) || d->st_gb < 0)
            return VB_EINPUT;
        for (int c = 0; c < 2; c++) {
            json_t *m = json_object_get(v, rs_camp_names[c]);
            if (!json_is_array(m) || json_array_size(m) != 3)
                return vb_fail(cx, VB_EINPUT, "%s: maritime_gb needs three numbers per camp",
                               where);
            for (int q = 0; q < 3; q++) {
                json_t *x = json_array_get(m, (size_t)q);
                if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > 60)
                    return vb_fail(cx, VB_EINPUT, "%s: maritime_gb: bad capacity", where);
                sc->mar_gb[c][q] = (int)json_integer_value(x);
            }
        }
        sc->has_mar_gb = 1;
    }
    json_array_foreach(a, i, v)
    {
        int z = json_is_string(v) ? zone_of(d, json_string_value(v)) : -1;
        if (z < 0)
            return vb_fail(cx, VB_EINPUT, "%s: playable: unknown zone %zu", where, i);
        if (d->s[d->z[z].state].kind == SK_FORBIDDEN)
            return vb_fail(cx, VB_EINPUT, "%s: '%s' is forbidden (rule 13.1.2)", where,
                           d->z[z].name);
        sc->playable[z] = 1;
    }
    for (int b = 0; b < RS_NBOX; b++)
        sc->box_ctrl[b] = -1;
    if (vb_json_obj(o, "boxes", &v, where, cx))
        return VB_EINPUT;
    json_object_foreach(v, k, w)
    {
        int b = box_of(d, k), c = json_is_string(w) ? camp_of(json_string_value(w)) : -1;
        if (b < 0 || c < 0)
            return vb_fail(cx, VB_EINPUT, "%s: boxes: bad entry '%s'", where, k);
        sc->box_ctrl[b] = (int8_t)c;
    }
    if (sc->box_ctrl[d->box_fo] != RS_F)
        return vb_fail(cx, VB_EINPUT, "%s: France always controls France Ouest (rule 13.4.1)",
                       where);
    v = json_object_get(o, "box_rolls");
    if (v) {
        /* 13.4.1: "+1 for the French camp for the control of the
         * Mediterranean Sea during the Spanish war of Succession" and -1 for
         * the Atlantic Ocean and the North Sea */
        static const char *const bk[] = {"france", "coalition", "source", NULL};
        if (!json_is_object(v) || vb_json_known(v, bk, where, cx) || need_source(v, where, cx))
            return VB_EINPUT;
        for (int c = 0; c < 2; c++) {
            json_t *m = json_object_get(v, rs_camp_names[c]);
            if (!m)
                continue;
            if (!json_is_object(m))
                return vb_fail(cx, VB_EINPUT, "%s: box_rolls: an object per camp", where);
            json_object_foreach(m, k, w)
            {
                int b = box_of(d, k);
                if (b < 0 || !d->b[b].sea || !json_is_integer(w) || json_integer_value(w) < -3 ||
                    json_integer_value(w) > 3)
                    return vb_fail(cx, VB_EINPUT, "%s: box_rolls: bad entry '%s'", where, k);
                sc->box_rmod[c][b] = (int8_t)json_integer_value(w);
            }
        }
    }
    if (vb_json_arr(o, "playable_boxes", &a, where, cx))
        return VB_EINPUT;
    json_array_foreach(a, i, v)
    {
        int b = json_is_string(v) ? box_of(d, json_string_value(v)) : -1;
        if (b < 0)
            return vb_fail(cx, VB_EINPUT, "%s: playable_boxes: unknown box %zu", where, i);
        sc->box_playable[b] = 1;
    }
    for (int t = 0; t < RS_MAXS; t++)
        sc->scamp[t] = -1;
    if (vb_json_obj(o, "states", &v, where, cx))
        return VB_EINPUT;
    json_object_foreach(v, k, w)
    {
        int t = state_of(d, k), c = json_is_string(w) ? camp_of(json_string_value(w)) : -1;
        if (t < 0 || c < 0)
            return vb_fail(cx, VB_EINPUT, "%s: states: bad entry '%s'", where, k);
        sc->scamp[t] = (int8_t)c;
    }
    if (vb_json_obj(o, "leaders", &v, where, cx))
        return VB_EINPUT;
    for (int c = 0; c < 2; c++) {
        if (vb_json_str(v, rs_camp_names[c], &s, where, cx))
            return VB_EINPUT;
        sc->leader[c] = state_of(d, s);
        if (sc->leader[c] < 0 || sc->scamp[sc->leader[c]] != c)
            return vb_fail(cx, VB_EINPUT, "%s: bad leader '%s'", where, s);
    }
    if (vb_json_arr(o, "alliances", &a, where, cx))
        return VB_EINPUT;
    json_array_foreach(a, i, v)
    {
        const char *st, *cp, *sp;
        static const char *const ak[] = {"state", "camp", "space", "year", NULL};
        if (vb_json_known(v, ak, where, cx) || vb_json_str(v, "state", &st, where, cx) ||
            vb_json_str(v, "camp", &cp, where, cx) || vb_json_str(v, "space", &sp, where, cx))
            return VB_EINPUT;
        int t = state_of(d, st), c = camp_of(cp);
        if (t < 0 || c < 0 || sc->scamp[t] != c || t == sc->leader[c])
            return vb_fail(cx, VB_EINPUT, "%s: bad alliance for '%s'", where, st);
        int p = space_of(sp, d->s[t].kind == SK_MAJOR, d);
        if (p <= 0)
            return vb_fail(cx, VB_EINPUT, "%s: bad alliance space '%s'", where, sp);
        sc->alpos[t] = (int8_t)(c == RS_F ? -p : p);
        if (json_object_get(v, "year") &&
            vb_json_int(v, "year", sc->start + 1, sc->end, &sc->alyear[t], where, cx))
            return VB_EINPUT;
    }
    if (vb_json_arr(o, "neutral", &a, where, cx))
        return VB_EINPUT;
    json_array_foreach(a, i, v)
    {
        int t = json_is_string(v) ? state_of(d, json_string_value(v)) : -1;
        if (t < 0)
            return vb_fail(cx, VB_EINPUT, "%s: neutral: unknown state %zu", where, i);
        sc->neutral[t] = 1;
    }
    if (vb_json_obj(o, "diplomacy", &v, where, cx) ||
        vb_json_int(v, "allies", -9, 9, &sc->dip_allies, where, cx) ||
        vb_json_int(v, "glory", -20, 20, &sc->dip_glory, where, cx) ||
        vb_json_int(v, "objectives", -9, 9, &sc->dip_obj, where, cx) ||
        vb_json_int(v, "objectives_france_min", 1, 9, &sc->obj_fmin, where, cx) ||
        vb_json_arr(o, "objectives", &a, where, cx))
        return VB_EINPUT;
    json_array_foreach(a, i, v)
    {
        int z = json_is_string(v) ? zone_of(d, json_string_value(v)) : -1;
        if (z < 0 || sc->nobj >= 16)
            return vb_fail(cx, VB_EINPUT, "%s: objectives: unknown zone %zu", where, i);
        sc->obj[sc->nobj++] = z;
    }
    for (int g = 0; g < d->ng; g++)
        sc->gstart[g] = GZ_OUT;
    if (vb_json_arr(o, "placement", &a, where, cx))
        return VB_EINPUT;
    json_array_foreach(a, i, v)
    {
        static const char *const pk[] = {"zone", "camp",    "generals", "units", "garrison",
                                         "fv",   "control", "line",     NULL};
        rs_place *p = &sc->place[sc->nplace];
        char pw[160];
        snprintf(pw, sizeof pw, "%s: placement %zu", where, i);
        if (sc->nplace >= 32)
            return vb_fail(cx, VB_EINPUT, "%s: too many placements", pw);
        if (vb_json_known(v, pk, pw, cx) || vb_json_str(v, "zone", &s, pw, cx) ||
            vb_json_str(v, "camp", &k, pw, cx))
            return VB_EINPUT;
        p->zone = zone_of(d, s);
        p->camp = camp_of(k);
        if (p->zone < 0 || p->camp < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown zone or camp", pw);
        if (json_object_get(v, "fv") && vb_json_int(v, "fv", 0, 4, &p->fv, pw, cx))
            return VB_EINPUT;
        if (units(d, v, "units", sc->leader[p->camp], p->army, pw, cx) ||
            units(d, v, "garrison", sc->leader[p->camp], p->garr, pw, cx))
            return VB_EINPUT;
        if (rs_sp(p->garr) > p->fv)
            return vb_fail(cx, VB_EINPUT, "%s: garrison beyond the FV (rule 13.1)", pw);
        if (json_object_get(v, "control") && vb_json_bool(v, "control", &p->ctrl, pw, cx))
            return VB_EINPUT;
        if (json_object_get(v, "line") && vb_json_int(v, "line", 0, 2, &p->line, pw, cx))
            return VB_EINPUT;
        w = json_object_get(v, "generals");
        if (w) {
            json_t *x;
            size_t m;
            if (!json_is_array(w))
                return vb_fail(cx, VB_EINPUT, "%s: generals must be an array", pw);
            json_array_foreach(w, m, x)
            {
                int g = json_is_string(x) ? gen_of(d, json_string_value(x)) : -1;
                if (g < 0 || scen_gcamp(d, sc, g) != p->camp)
                    return vb_fail(cx, VB_EINPUT, "%s: bad general %zu", pw, m);
                sc->gstart[g] = (int8_t)p->zone;
            }
        }
        sc->nplace++;
    }
    if (vb_json_obj(o, "reserve", &v, where, cx) || need_source(v, "reserve", cx))
        return VB_EINPUT;
    for (int c = 0; c < 2; c++)
        if (units(d, v, rs_camp_names[c], sc->leader[c], sc->reserve[c], where, cx))
            return VB_EINPUT;
    w = json_object_get(v, "generals");
    if (w) {
        for (int c = 0; c < 2; c++) {
            json_t *ga = json_object_get(w, rs_camp_names[c]), *x;
            size_t m;
            json_array_foreach(ga, m, x)
            {
                int g = json_is_string(x) ? gen_of(d, json_string_value(x)) : -1;
                if (g < 0 || scen_gcamp(d, sc, g) != c || sc->gstart[g] != GZ_OUT)
                    return vb_fail(cx, VB_EINPUT, "%s: reserve: bad general %zu", where, m);
                sc->gstart[g] = GZ_RESERVE;
            }
        }
    }
    v = json_object_get(o, "pool");
    if (v && (need_source(v, "pool", cx) || vb_json_int(v, "inf", 0, 20, &sc->lorraine, where, cx)))
        return VB_EINPUT;
    if (vb_json_obj(o, "events", &v, where, cx))
        return VB_EINPUT;
    json_object_foreach(v, k, w)
    {
        long long y;
        const char *dk;
        json_t *e;
        if (vb_parse_ll(k, sc->start, sc->end, &y, where, cx))
            return VB_EINPUT;
        if (need_source(w, where, cx))
            return VB_EINPUT;
        json_object_foreach(w, dk, e)
        {
            char ew[160];
            if (!strcmp(dk, "source"))
                continue;
            snprintf(ew, sizeof ew, "%s: event %s-%s", where, k, dk);
            if (strlen(dk) != 1 || dk[0] < '4' || dk[0] > '6')
                return vb_fail(cx, VB_EINPUT, "%s: events are rolled 4, 5 or 6 (rule 7)", ew);
            if (load_event(d, sc, e, &sc->ev[y - sc->start][dk[0] - '4'], ew, cx))
                return VB_EINPUT;
        }
    }
    return 0;
}

int rs_load(vb_game *g, vb_ctx *cx)
{
    rs_data *d = calloc(1, sizeof *d);
    json_t *j = NULL, *arr, *o;
    size_t i;
    if (!d)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    g->data = d;
    if (load_map(d, cx) || load_forces(d, cx) || load_tables(d, cx))
        return VB_EINPUT;
    j = vb_data_json("roi-soleil/scenarios.json", cx);
    if (!j)
        return VB_EINPUT;
    if (vb_json_arr(j, "scenarios", &arr, "scenarios.json", cx))
        goto bad;
    json_array_foreach(arr, i, o)
    {
        if (d->nscen >= RS_MAXSCEN) {
            vb_fail(cx, VB_EINPUT, "scenarios.json: too many scenarios");
            goto bad;
        }
        if (load_scen(d, &d->sc[d->nscen], o, cx))
            goto bad;
        d->scen_names[d->nscen] = d->sc[d->nscen].id;
        d->nscen++;
    }
    json_decref(j);
    if (!d->nscen)
        return vb_fail(cx, VB_EINPUT, "scenarios.json: no scenario");
    g->nscenarios = d->nscen;
    g->scenarios = d->scen_names;
    return 0;
bad:
    json_decref(j);
    return VB_EINPUT;
}

void rs_unload(vb_game *g)
{
    free(g->data);
    g->data = NULL;
}

/* "France-inf", "United-Provinces-cav-elite": a unit kind in action texts,
 * state files and the board */
void rs_kind_name(const vb_game *g, int k, char *buf, size_t n)
{
    const rs_data *d = RS_D(g);
    if (k < 0 || k >= RS_NT || K_NAT(k) >= d->ns)
        snprintf(buf, n, "?");
    else
        snprintf(buf, n, "%s-%s", d->s[K_NAT(k)].tok, rs_type_names[K_TY(k)]);
}

int rs_kind_find(const vb_game *g, const char *name)
{
    char b[2 * RS_NAME];
    for (int k = 0; k < RS_NT; k++) {
        rs_kind_name(g, k, b, sizeof b);
        if (!strcmp(b, name))
            return k;
    }
    return -1;
}
