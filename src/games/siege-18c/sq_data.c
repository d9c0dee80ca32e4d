/*
 * sq_data.c - loads data/siege-18c/game.json (the numbers of the rules,
 * printed or reconstructed) and data/siege-18c/fortress.json (the fronts,
 * works, lines and armies of each scenario) into an sq_data.
 */
#include <stdlib.h>
#include <string.h>

#include "sq_int.h"

const char *const sq_utype_names[UT_N] = {"foot", "heavy", "medium", "mortar", "engineer", "cinc"};
const char *const sq_wkind_names[WK_N] = {"bastion", "ravelin", "curtain", "covered-way"};
const char *const sq_skind_names[SK_N] = {"parallel", "sap", "battery", "join"};

int sq_find_unit(const sq_scen *sc, const char *name)
{
    for (int i = 0; i < sc->nunits; i++) /* exact first: names as the game writes them */
        if (!strcmp(sc->units[i].name, name))
            return i;
    for (int i = 0; i < sc->nunits; i++)
        if (vb_name_eq(sc->units[i].name, name))
            return i;
    return -1;
}

int sq_find_work(const sq_scen *sc, const char *name)
{
    for (int i = 0; i < sc->nworks; i++)
        if (!strcmp(sc->works[i].name, name))
            return i;
    for (int i = 0; i < sc->nworks; i++)
        if (vb_name_eq(sc->works[i].name, name))
            return i;
    return -1;
}

static int src(json_t *o, const char *where, vb_ctx *cx)
{
    int printed;
    return vb_json_provenance(o, &printed, where, cx);
}

/* Read integer member key of o into *out, within [lo, hi]. */
#define GI(o, key, lo, hi, out, where)                                                             \
    do {                                                                                           \
        if (vb_json_int((o), (key), (lo), (hi), (out), (where), cx))                               \
            return VB_EINPUT;                                                                      \
    } while (0)

static int read_pt(json_t *a, sq_pt *p, const char *where, vb_ctx *cx)
{
    if (!json_is_array(a) || json_array_size(a) != 2 || !json_is_integer(json_array_get(a, 0)) ||
        !json_is_integer(json_array_get(a, 1)))
        return vb_fail(cx, VB_EINPUT, "%s: a point must be [x, y] in 1/100 inch", where);
    json_int_t x = json_integer_value(json_array_get(a, 0));
    json_int_t y = json_integer_value(json_array_get(a, 1));
    if (x < -2000 || x > 20000 || y < -2000 || y > 20000)
        return vb_fail(cx, VB_EINPUT, "%s: point off the table", where);
    p->x = (int32_t)x;
    p->y = (int32_t)y;
    return 0;
}

static int read_line(json_t *o, const char *key, sq_pt *v, int *n, int max, const char *where,
                     vb_ctx *cx)
{
    json_t *a;
    if (vb_json_arr(o, key, &a, where, cx))
        return VB_EINPUT;
    if (json_array_size(a) < 1 || (int)json_array_size(a) > max)
        return vb_fail(cx, VB_EINPUT, "%s: '%s' needs 1 to %d points", where, key, max);
    *n = (int)json_array_size(a);
    for (int i = 0; i < *n; i++)
        if (read_pt(json_array_get(a, i), &v[i], where, cx))
            return VB_EINPUT;
    return 0;
}

/* A line of the glacis (counterscarp, crest, foot): sq_line_y reads it as y
 * over x, so its points must run left to right, x strictly increasing. */
static int read_xline(json_t *o, const char *key, sq_pt *v, int *n, const char *where, vb_ctx *cx)
{
    if (read_line(o, key, v, n, SQ_MAX_LINE, where, cx))
        return VB_EINPUT;
    for (int i = 1; i < *n; i++)
        if (v[i].x <= v[i - 1].x)
            return vb_fail(cx, VB_EINPUT,
                           "%s: '%s' must run with x increasing (point %d at x %d, after x %d)",
                           where, key, i + 1, (int)v[i].x, (int)v[i - 1].x);
    return 0;
}

static int load_game(sq_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("siege-18c/game.json", cx), *o, *a;
    const char *W = "game.json";
    int rc = VB_EINPUT;
    if (!j)
        return VB_EINPUT;
    static const char *const top[] = {
        "source",   "scale",  "days",           "unit_types", "weapons", "fire_table",
        "shifts",   "angles", "morale",         "attack",     "works",   "trenches",
        "capacity", "star",   "battalion_guns", "mines",      NULL};
    if (vb_json_known(j, top, W, cx) || src(j, W, cx))
        goto out;
    if (vb_json_obj(j, "days", &o, W, cx) || src(o, "game.json days", cx) ||
        vb_json_int(o, "limit", 1, 200, &d->days_limit, W, cx) ||
        vb_json_int(o, "first_parallel_after_day", 1, 10, &d->par1_day, W, cx))
        goto out;
    if (vb_json_arr(j, "unit_types", &a, W, cx))
        goto out;
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *t = json_array_get(a, i);
        const char *ty, *wp;
        static const char *const k[] = {"type", "strength", "morale", "weapon", "source", NULL};
        int st, mo;
        if (vb_json_known(t, k, "game.json unit_types", cx) || vb_json_str(t, "type", &ty, W, cx) ||
            src(t, "game.json unit_types", cx) || vb_json_int(t, "strength", 0, 60, &st, W, cx) ||
            vb_json_int(t, "morale", 0, 12, &mo, W, cx) || vb_json_str(t, "weapon", &wp, W, cx))
            goto out;
        int ix = vb_name_find(sq_utype_names, UT_N, ty);
        if (ix < 0) {
            vb_fail(cx, VB_EINPUT, "game.json: unknown unit type '%s'", ty);
            goto out;
        }
        d->strength[ix] = st;
        d->morale[ix] = mo;
    }
    if (vb_json_arr(j, "weapons", &a, W, cx))
        goto out;
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *t = json_array_get(a, i), *b;
        const char *wp;
        if (vb_json_str(t, "weapon", &wp, W, cx) || src(t, "game.json weapons", cx) ||
            vb_json_arr(t, "bands", &b, W, cx))
            goto out;
        static const char *const wn[] = {"musket", "heavy", "medium", "mortar", "light"};
        int ix = vb_name_find(wn, 5, wp);
        if (ix < 0 || json_array_size(b) < 1 || json_array_size(b) > SQ_MAX_BANDS) {
            vb_fail(cx, VB_EINPUT, "game.json: weapon '%s' unknown or with 1-4 bands", wp);
            goto out;
        }
        /* weapon index = unit type (foot carries the musket) */
        int ut = ix == 0   ? UT_FOOT
                 : ix == 1 ? UT_HEAVY
                 : ix == 2 ? UT_MEDIUM
                 : ix == 3 ? UT_MORTAR
                           : SQ_LIGHT;
        d->weapon_nb[ut] = (int)json_array_size(b);
        int prev = 0;
        for (int k = 0; k < d->weapon_nb[ut]; k++) {
            json_t *e = json_array_get(b, (size_t)k);
            if (!json_is_array(e) || json_array_size(e) != 2 ||
                !json_is_integer(json_array_get(e, 0)) || !json_is_integer(json_array_get(e, 1))) {
                vb_fail(cx, VB_EINPUT, "game.json: weapon '%s': a band is [range, column]", wp);
                goto out;
            }
            int rg = (int)json_integer_value(json_array_get(e, 0));
            int col = (int)json_integer_value(json_array_get(e, 1));
            if (rg <= prev || rg > 10000 || col < 1 || col > 8) {
                vb_fail(cx, VB_EINPUT, "game.json: weapon '%s': bands rise, columns 1-8", wp);
                goto out;
            }
            prev = rg;
            d->weapon_band[ut][k][0] = rg;
            d->weapon_band[ut][k][1] = col;
        }
    }
    /* "Foot with battalion guns" (optional: none without it) */
    if (json_object_get(j, "battalion_guns")) {
        static const char *const k[] = {"besieger", "defender", "source", NULL};
        if (vb_json_obj(j, "battalion_guns", &o, W, cx) ||
            vb_json_known(o, k, "game.json battalion_guns", cx) ||
            src(o, "game.json battalion_guns", cx) ||
            vb_json_int(o, "besieger", 0, 1, &d->bguns[SQ_BESIEGER], W, cx) ||
            vb_json_int(o, "defender", 0, 1, &d->bguns[SQ_DEFENDER], W, cx))
            goto out;
    }
    if (vb_json_obj(j, "fire_table", &o, W, cx) || src(o, "game.json fire_table", cx) ||
        vb_json_arr(o, "rows", &a, W, cx) || vb_json_int(o, "star_die", 1, 6, &d->star_die, W, cx))
        goto out;
    if (json_array_size(a) != 6) {
        vb_fail(cx, VB_EINPUT, "game.json: fire_table has one row per D6 face");
        goto out;
    }
    for (int r = 0; r < 6; r++) {
        json_t *row = json_array_get(a, (size_t)r);
        if (!json_is_array(row) || json_array_size(row) != 8) {
            vb_fail(cx, VB_EINPUT, "game.json: fire_table row %d needs 8 columns", r + 1);
            goto out;
        }
        for (int c = 0; c < 8; c++) {
            json_t *v = json_array_get(row, (size_t)c);
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 6) {
                vb_fail(cx, VB_EINPUT, "game.json: fire_table entries are 0-6");
                goto out;
            }
            d->table[r][c] = (int)json_integer_value(v);
        }
    }
    if (vb_json_obj(j, "shifts", &o, W, cx) || src(o, "game.json shifts", cx) ||
        vb_json_int(o, "cover_trench", -4, 0, &d->cover_trench, W, cx) ||
        vb_json_int(o, "cover_work", -4, 0, &d->cover_work, W, cx) ||
        vb_json_int(o, "enfilade", 0, 4, &d->shift_enfilade, W, cx) ||
        vb_json_int(o, "covered_way_battery", 0, 4, &d->shift_cw_battery, W, cx))
        goto out;
    if (vb_json_obj(j, "angles", &o, W, cx) || src(o, "game.json angles", cx) ||
        vb_json_int(o, "arc_half", 100, 8999, &d->arc_half, W, cx) ||
        vb_json_int(o, "enfilade", 100, 8999, &d->enfilade, W, cx) ||
        vb_json_int(o, "sap_zig", 100, 8999, &d->sap_zig, W, cx))
        goto out;
    if (vb_json_obj(j, "morale", &o, W, cx) || src(o, "game.json morale", cx) ||
        vb_json_int(o, "cinc_attached", 0, 6, &d->mor_cinc_att, W, cx) ||
        vb_json_int(o, "cinc_adjacent", 0, 6, &d->mor_cinc_adj, W, cx) ||
        vb_json_int(o, "shaken_below", 1, 20, &d->mor_shaken, W, cx) ||
        vb_json_int(o, "retire_below", 1, 20, &d->mor_retire, W, cx) ||
        vb_json_int(o, "rout_below", 1, 20, &d->mor_rout, W, cx))
        goto out;
    if (vb_json_obj(j, "attack", &o, W, cx) || src(o, "game.json attack", cx) ||
        vb_json_int(o, "base", -6, 12, &d->at_base, W, cx) ||
        vb_json_int(o, "cinc_attached", -6, 6, &d->at_cinc_att, W, cx) ||
        vb_json_int(o, "cinc_adjacent", -6, 6, &d->at_cinc_adj, W, cx) ||
        vb_json_int(o, "daylight", -6, 6, &d->at_day, W, cx) ||
        vb_json_int(o, "per_move", 1, 10000, &d->at_per_move, W, cx) ||
        vb_json_int(o, "per_move_mod", -6, 6, &d->at_per_move_mod, W, cx) ||
        vb_json_int(o, "entrenched", -6, 6, &d->at_entrenched, W, cx) ||
        vb_json_int(o, "flank_friend", -6, 6, &d->at_flank, W, cx) ||
        vb_json_int(o, "target_shaken", -6, 6, &d->at_shaken, W, cx) ||
        vb_json_int(o, "subsequent", -6, 6, &d->at_subsequent, W, cx) ||
        vb_json_int(o, "max_move", 1, 10000, &d->at_max_move, W, cx) ||
        vb_json_int(o, "flank_distance", 1, 5000, &d->at_flank_dist, W, cx) ||
        vb_json_int(o, "adjacent_distance", 1, 5000, &d->at_adj_dist, W, cx) ||
        vb_json_int(o, "night_factor", 1, 4, &d->at_night, W, cx))
        goto out;
    if (vb_json_obj(j, "works", &o, W, cx) || src(o, "game.json works", cx) ||
        vb_json_int(o, "strength", 1, 100, &d->work_strength, W, cx) ||
        vb_json_int(o, "repair_die", 6, 6, &d->repair_die, W, cx))
        goto out;
    if (vb_json_obj(j, "trenches", &o, W, cx) || src(o, "game.json trenches", cx) ||
        vb_json_int(o, "sap_length", 10, 5000, &d->sap_len, W, cx) ||
        vb_json_int(o, "parallel_length", 10, 5000, &d->par_len, W, cx) ||
        vb_json_int(o, "battery_length", 10, 5000, &d->bat_len, W, cx) ||
        vb_json_int(o, "battery_offset", 10, 5000, &d->bat_off, W, cx) ||
        vb_json_int(o, "half_width", 1, 1000, &d->half_width, W, cx) ||
        vb_json_int(o, "join_reach", 1, 5000, &d->join_reach, W, cx) ||
        vb_json_int(o, "capacity_sap", 1, 9, &d->cap_sap, W, cx) ||
        vb_json_int(o, "capacity_parallel", 1, 9, &d->cap_par, W, cx) ||
        vb_json_int(o, "capacity_parallel_medium", 0, 9, &d->cap_par_med, W, cx) ||
        vb_json_int(o, "capacity_battery", 1, 9, &d->cap_bat, W, cx) ||
        vb_json_int(o, "max_sections", 8, SQ_MAX_SECT, &d->max_sect, W, cx))
        goto out;
    if (vb_json_obj(j, "capacity", &o, W, cx) || src(o, "game.json capacity", cx) ||
        vb_json_int(o, "bastion_guns", 0, 9, &d->cap_bastion_guns, W, cx) ||
        vb_json_int(o, "bastion_foot", 0, 9, &d->cap_bastion_foot, W, cx) ||
        vb_json_int(o, "ravelin_guns", 0, 9, &d->cap_ravelin_guns, W, cx) ||
        vb_json_int(o, "ravelin_foot", 0, 9, &d->cap_ravelin_foot, W, cx) ||
        vb_json_int(o, "curtain_guns", 0, 9, &d->cap_curtain_guns, W, cx) ||
        vb_json_int(o, "curtain_foot", 0, 9, &d->cap_curtain_foot, W, cx) ||
        vb_json_int(o, "covered_way_foot", 0, 9, &d->cap_cw_foot, W, cx))
        goto out;
    if (vb_json_obj(j, "star", &o, W, cx) || src(o, "game.json star", cx) ||
        vb_json_int(o, "wound_from", 1, 7, &d->star_wound, W, cx) ||
        vb_json_int(o, "dead_from", 1, 7, &d->star_dead, W, cx) ||
        vb_json_int(o, "wound_days", 0, 10, &d->wound_days, W, cx))
        goto out;
    if (vb_json_obj(j, "mines", &o, W, cx) || src(o, "game.json mines", cx) ||
        vb_json_int(o, "mine_days", 1, 20, &d->mine_days, W, cx) ||
        vb_json_int(o, "mine_reach", 1, 5000, &d->mine_reach, W, cx) ||
        vb_json_int(o, "mine_damage", 1, 100, &d->mine_damage, W, cx) ||
        vb_json_int(o, "counter_days", 1, 20, &d->counter_days, W, cx) ||
        vb_json_int(o, "counter_reach", 1, 5000, &d->counter_reach, W, cx))
        goto out;
    rc = 0;
out:
    json_decref(j);
    return rc;
}

static int load_scen(sq_scen *sc, json_t *o, vb_ctx *cx)
{
    const char *name;
    char W[64];
    json_t *a, *t;
    if (vb_json_str(o, "name", &name, "fortress.json", cx))
        return VB_EINPUT;
    if (strlen(name) >= SQ_NAME)
        return vb_fail(cx, VB_EINPUT,
                       "fortress.json: scenario name '%.20s...' longer than %d characters", name,
                       SQ_NAME - 1);
    snprintf(sc->name, sizeof sc->name, "%s", name);
    snprintf(W, sizeof W, "fortress.json %s", name);
    static const char *const k[] = {"name",  "fronts", "width",          "depth", "source",
                                    "works", "order",  "counterscarp",   "crest", "glacis_foot",
                                    "town",  "camp",   "first_parallel", "units", NULL};
    if (vb_json_known(o, k, W, cx) || src(o, W, cx))
        return VB_EINPUT;
    GI(o, "fronts", 1, 3, &sc->fronts, W);
    GI(o, "width", 1000, 12000, &sc->width, W);
    GI(o, "depth", 1000, 12000, &sc->depth, W);
    if (vb_json_arr(o, "works", &a, W, cx))
        return VB_EINPUT;
    if (json_array_size(a) < 1 || json_array_size(a) > SQ_MAX_WORKS)
        return vb_fail(cx, VB_EINPUT, "%s: 1 to %d works", W, SQ_MAX_WORKS);
    sc->nworks = (int)json_array_size(a);
    for (int i = 0; i < sc->nworks; i++) {
        sq_work *w = &sc->works[i];
        const char *nm, *kind;
        json_t *f;
        t = json_array_get(a, (size_t)i);
        static const char *const wk[] = {"name",  "kind", "poly",   "middle",
                                         "faces", "side", "source", NULL};
        if (vb_json_known(t, wk, W, cx) || src(t, W, cx) || vb_json_str(t, "name", &nm, W, cx) ||
            vb_json_str(t, "kind", &kind, W, cx))
            return VB_EINPUT;
        if (strlen(nm) >= SQ_NAME || sq_find_work(sc, nm) >= 0)
            return vb_fail(cx, VB_EINPUT, "%s: work name '%s' too long or twice", W, nm);
        snprintf(w->name, sizeof w->name, "%s", nm);
        sc->nworks = i; /* so that find_work above sees only earlier works */
        w->kind = vb_name_find(sq_wkind_names, WK_N, kind);
        if (w->kind < 0)
            return vb_fail(cx, VB_EINPUT, "%s: work '%s' of unknown kind '%s'", W, nm, kind);
        if (read_line(t, "poly", w->pts, &w->npts, SQ_MAX_PTS, W, cx) ||
            read_pt(json_object_get(t, "middle"), &w->mid, W, cx) ||
            vb_json_arr(t, "faces", &f, W, cx))
            return VB_EINPUT;
        if (w->npts < 3 || json_array_size(f) < 1 || json_array_size(f) > 2)
            return vb_fail(cx, VB_EINPUT, "%s: work '%s' needs a polygon and 1-2 faces", W, nm);
        w->nfaces = (int)json_array_size(f);
        for (int k2 = 0; k2 < w->nfaces; k2++) {
            json_t *v = json_array_get(f, (size_t)k2);
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= 36000)
                return vb_fail(cx, VB_EINPUT, "%s: work '%s': faces are 0-35999", W, nm);
            w->faces[k2] = (int)json_integer_value(v);
        }
        if (w->kind == WK_COVERED) {
            json_t *s = json_object_get(t, "side");
            if (!json_is_array(s) || json_array_size(s) != 2 ||
                read_pt(json_array_get(s, 0), &w->side[0], W, cx) ||
                read_pt(json_array_get(s, 1), &w->side[1], W, cx))
                return vb_fail(cx, VB_EINPUT, "%s: covered way '%s' needs its side", W, nm);
        }
        sc->nworks = (int)json_array_size(a);
    }
    if (vb_json_arr(o, "order", &a, W, cx))
        return VB_EINPUT;
    for (size_t i = 0; i < json_array_size(a); i++) {
        const char *nm;
        t = json_array_get(a, i);
        if (vb_json_str(t, "work", &nm, W, cx))
            return VB_EINPUT;
        int w = sq_find_work(sc, nm);
        json_t *l = json_object_get(t, "after");
        int all = 0;
        if (!l) {
            l = json_object_get(t, "after_all");
            all = 1;
        }
        if (w < 0 || !json_is_array(l) || json_array_size(l) > 2)
            return vb_fail(cx, VB_EINPUT, "%s: order: unknown work '%s' or bad list", W, nm);
        sc->works[w].after_all = all;
        sc->works[w].nafter = (int)json_array_size(l);
        for (int k2 = 0; k2 < sc->works[w].nafter; k2++) {
            json_t *v = json_array_get(l, (size_t)k2);
            int x = json_is_string(v) ? sq_find_work(sc, json_string_value(v)) : -1;
            if (x < 0)
                return vb_fail(cx, VB_EINPUT, "%s: order of '%s' names an unknown work", W, nm);
            sc->works[w].after[k2] = x;
        }
    }
    if (read_xline(o, "counterscarp", sc->counter, &sc->ncounter, W, cx) ||
        read_xline(o, "crest", sc->crest, &sc->ncrest, W, cx) ||
        read_xline(o, "glacis_foot", sc->foot, &sc->nfoot, W, cx))
        return VB_EINPUT;
    json_t *tw = json_object_get(o, "town"), *cp = json_object_get(o, "camp"),
           *fp = json_object_get(o, "first_parallel");
    if (!json_is_object(tw) || !json_is_object(cp) || !json_is_object(fp) || src(tw, W, cx) ||
        src(cp, W, cx) || src(fp, W, cx) ||
        read_pt(json_object_get(tw, "middle"), &sc->town, W, cx) ||
        read_pt(json_object_get(cp, "middle"), &sc->camp, W, cx))
        return vb_fail(cx, VB_EINPUT, "%s: town, camp and first_parallel are needed", W);
    a = json_object_get(fp, "sections");
    if (!json_is_array(a) || json_array_size(a) < 1 || json_array_size(a) > SQ_MAX_PAR1)
        return vb_fail(cx, VB_EINPUT, "%s: first_parallel needs 1-%d sections", W, SQ_MAX_PAR1);
    sc->npar1 = (int)json_array_size(a);
    for (int i = 0; i < sc->npar1; i++) {
        t = json_array_get(a, (size_t)i);
        if (!json_is_array(t) || json_array_size(t) != 2 ||
            read_pt(json_array_get(t, 0), &sc->par1[i][0], W, cx) ||
            read_pt(json_array_get(t, 1), &sc->par1[i][1], W, cx))
            return vb_fail(cx, VB_EINPUT, "%s: a section is [[x,y],[x,y]]", W);
    }
    if (vb_json_arr(o, "units", &a, W, cx))
        return VB_EINPUT;
    if (json_array_size(a) < 2 || json_array_size(a) > SQ_MAX_UNITS)
        return vb_fail(cx, VB_EINPUT, "%s: 2 to %d units", W, SQ_MAX_UNITS);
    for (size_t i = 0; i < json_array_size(a); i++) {
        const char *nm, *ty, *sd, *at;
        sq_uinfo *ui = &sc->units[i];
        static const char *const uk[] = {"name", "type", "side", "at", NULL};
        static const char *const sides[] = {"besieger", "defender"};
        t = json_array_get(a, i);
        if (vb_json_known(t, uk, W, cx) || vb_json_str(t, "name", &nm, W, cx) ||
            vb_json_str(t, "type", &ty, W, cx) || vb_json_str(t, "side", &sd, W, cx) ||
            vb_json_str(t, "at", &at, W, cx))
            return VB_EINPUT;
        sc->nunits = (int)i;
        if (strlen(nm) >= SQ_NAME || sq_find_unit(sc, nm) >= 0 || sq_find_work(sc, nm) >= 0)
            return vb_fail(cx, VB_EINPUT, "%s: unit name '%s' too long or not unique", W, nm);
        snprintf(ui->name, sizeof ui->name, "%s", nm);
        ui->type = vb_name_find(sq_utype_names, UT_N, ty);
        ui->side = vb_name_find(sides, 2, sd);
        if (ui->type < 0 || ui->side < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unit '%s': bad type or side", W, nm);
        if (vb_name_eq(at, "Camp"))
            ui->lkind = LK_CAMP, ui->loc = 0;
        else if (vb_name_eq(at, "Town"))
            ui->lkind = LK_TOWN, ui->loc = 0;
        else {
            ui->lkind = LK_WORK;
            ui->loc = sq_find_work(sc, at);
            if (ui->loc < 0)
                return vb_fail(cx, VB_EINPUT, "%s: unit '%s' at unknown place '%s'", W, nm, at);
        }
        sc->nunits = (int)i + 1;
    }
    return 0;
}

int sq_load(vb_game *g, vb_ctx *cx)
{
    sq_data *d = calloc(1, sizeof *d);
    json_t *j = NULL, *a;
    if (!d)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    if (load_game(d, cx))
        goto fail;
    j = vb_data_json("siege-18c/fortress.json", cx);
    if (!j)
        goto fail;
    static const char *const top[] = {"source", "scale", "scenarios", NULL};
    if (vb_json_known(j, top, "fortress.json", cx) || src(j, "fortress.json", cx) ||
        vb_json_arr(j, "scenarios", &a, "fortress.json", cx))
        goto fail;
    if (json_array_size(a) < 1 || json_array_size(a) > 3) {
        vb_fail(cx, VB_EINPUT, "fortress.json: 1 to 3 scenarios");
        goto fail;
    }
    d->nscen = (int)json_array_size(a);
    for (int i = 0; i < d->nscen; i++) {
        if (load_scen(&d->scen[i], json_array_get(a, (size_t)i), cx))
            goto fail;
        d->scen_names[i] = d->scen[i].name;
    }
    json_decref(j);
    g->data = d;
    g->nscenarios = d->nscen;
    g->scenarios = d->scen_names;
    return 0;
fail:
    json_decref(j);
    free(d);
    return VB_EINPUT;
}

void sq_unload(vb_game *g)
{
    free(g->data);
    g->data = NULL;
}
