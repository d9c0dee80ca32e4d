/*
 * pc_data.c - loads data/piacenza-1746/{map,tec,tables,forces}.json into a
 * struct pc_data. Every record carries its "source" (printed or
 * reconstructed); unknown keys are refused.
 */
#include <stdlib.h>
#include <string.h>

#include "pc_int.h"

const char *const pc_result_names[R_N] = {"NE", "D", "D1", "D2", "D3", "1",  "R",  "1R",
                                          "RR", "E", "AE", "A1", "AR", "DR", "D1", "DE"};
const char *const pc_dir_names[6] = {"N", "NE", "SE", "S", "SW", "NW"};
const char *const pc_face_names[6] = {"NNE", "E", "SSE", "SSW", "W", "NNW"};

static void cpy(char *dst, const char *src)
{
    size_t n = strlen(src);
    if (n >= PC_NAME)
        n = PC_NAME - 1;
    memmove(dst, src, n);
    dst[n] = 0;
}

/* A name read from the data: one longer than the game keeps would be cut,
 * and answer to another name (or to none) once cut, so it is refused. */
static int name_in(char *dst, const char *src, const char *where, vb_ctx *cx)
{
    if (strlen(src) >= PC_NAME)
        return vb_fail(cx, VB_EINPUT, "%s: name '%.20s...' longer than %d characters", where, src,
                       PC_NAME - 1);
    cpy(dst, src);
    return 0;
}

int pc_hex_parse(const pc_data *d, const char *s)
{
    if (!s || strlen(s) != 4)
        return -1;
    for (int i = 0; i < 4; i++)
        if (s[i] < '0' || s[i] > '9')
            return -1;
    int c = (s[0] - '0') * 10 + (s[1] - '0') - 1, r = (s[2] - '0') * 10 + (s[3] - '0') - 1;
    if (c < 0 || r < 0 || c >= d->w || r >= d->h)
        return -1;
    return c * d->h + r;
}

void pc_hex_name(const pc_data *d, int hex, char *buf, size_t n)
{
    if (hex < 0 || hex >= d->nhex || n < 5) {
        snprintf(buf, n, "none");
        return;
    }
    int c = hex / d->h + 1, r = hex % d->h + 1;
    buf[0] = (char)('0' + c / 10);
    buf[1] = (char)('0' + c % 10);
    buf[2] = (char)('0' + r / 10);
    buf[3] = (char)('0' + r % 10);
    buf[4] = 0;
}

/* 10.5: counter u (already read but for its regiment) joins regiment name:
 * two mounted (cavalry) counters, then one on foot (infantry). */
static int drg_add(pc_data *d, int u, const char *name, const char *where, vb_ctx *cx)
{
    int r = -1;
    for (int k = 0; k < d->ndrg; k++)
        if (!strcmp(d->drg_name[k], name))
            r = k;
    if (r < 0) {
        if (d->ndrg >= PC_MAXDRG || strlen(name) >= PC_NAME)
            return vb_fail(cx, VB_EINPUT, "%s: too many dragoon regiments", where);
        r = d->ndrg++;
        snprintf(d->drg_name[r], PC_NAME, "%s", name);
        vb_name_token(d->drg_token[r], sizeof d->drg_token[r], name);
        d->drg_u[r][0] = d->drg_u[r][1] = d->drg_u[r][2] = -1;
    }
    const pc_unit_def *x = &d->u[u];
    int slot = x->type == UT_INF ? 2 : x->type == UT_CAV ? (d->drg_u[r][0] < 0 ? 0 : 1) : -1;
    if (slot < 0 || d->drg_u[r][slot] >= 0)
        return vb_fail(cx, VB_EINPUT,
                       "%s: a dragoon regiment is two cavalry counters and one infantry counter "
                       "(10.5)",
                       where);
    d->drg_u[r][slot] = u;
    d->u[u].drg = r;
    return 0;
}

/* 10.5: each regiment complete, its counters of one formation and hex, two
 * mounted SP for one on foot, no light or grenadier flag on foot. */
static int drg_check(const pc_data *d, vb_ctx *cx)
{
    for (int r = 0; r < d->ndrg; r++) {
        const int *c = d->drg_u[r];
        if (c[0] < 0 || c[1] < 0 || c[2] < 0)
            return vb_fail(cx, VB_EINPUT,
                           "forces.json: dragoons %s: two cavalry counters and one infantry "
                           "counter expected (10.5)",
                           d->drg_name[r]);
        const pc_unit_def *a = &d->u[c[0]], *b = &d->u[c[1]], *f = &d->u[c[2]];
        if (a->form != f->form || b->form != f->form || a->hex != f->hex || b->hex != f->hex ||
            a->sp + b->sp != 2 * f->sp || a->red * 2 != a->sp || b->red * 2 != b->sp ||
            (f->red && 2 * f->red != a->sp) || f->gren || f->light)
            return vb_fail(cx, VB_EINPUT,
                           "forces.json: dragoons %s: one formation and hex, two mounted SP "
                           "for one on foot (10.5)",
                           d->drg_name[r]);
    }
    return 0;
}

int pc_find_unit(const pc_data *d, const char *s)
{
    for (int i = 0; i < d->nu; i++)
        if (vb_name_eq(d->u[i].name, s))
            return i;
    return -1;
}

int pc_find_leader(const pc_data *d, const char *s)
{
    for (int i = 0; i < d->nl; i++)
        if (vb_name_eq(d->l[i].name, s))
            return i;
    return -1;
}

int pc_find_wing(const pc_data *d, const char *s)
{
    for (int i = 0; i < d->nw; i++)
        if (vb_name_eq(d->wg[i].name, s))
            return i;
    return -1;
}

static int find_form(const pc_data *d, const char *s)
{
    for (int i = 0; i < d->nf; i++)
        if (vb_name_eq(d->f[i].name, s))
            return i;
    return -1;
}

static int src(json_t *o, const char *where, vb_ctx *cx)
{
    int printed;
    return vb_json_provenance(o, &printed, where, cx);
}

static int result_code(const char *s, int melee)
{
    if (melee) {
        for (int i = R_AE; i <= R_DE; i++)
            if (!strcmp(pc_result_names[i], s))
                return i;
        return -1;
    }
    for (int i = 0; i <= R_E; i++)
        if (!strcmp(pc_result_names[i], s))
            return i;
    return -1;
}

static const char *jstr(json_t *j, const char *def)
{
    const char *s = json_string_value(j);
    return s ? s : def;
}

static int side_of(const char *s)
{
    if (!strcmp(s, "franco-spanish"))
        return PC_FS;
    if (!strcmp(s, "austrian"))
        return PC_AU;
    return -1;
}

/* A hexside given as two hex names: set bit in both hexes' masks. */
static int hexside(pc_data *d, json_t *pair, uint8_t *mask, const char *where, vb_ctx *cx)
{
    if (!json_is_array(pair) || json_array_size(pair) != 2)
        return vb_fail(cx, VB_EINPUT, "%s: a hexside is two hex names", where);
    int a = pc_hex_parse(d, json_string_value(json_array_get(pair, 0)));
    int b = pc_hex_parse(d, json_string_value(json_array_get(pair, 1)));
    int dir = a >= 0 && b >= 0 ? pc_dir_to(d, a, b) : -1;
    if (dir < 0)
        return vb_fail(cx, VB_EINPUT, "%s: hexside of two adjacent hexes expected", where);
    mask[a] |= (uint8_t)(1u << dir);
    mask[b] |= (uint8_t)(1u << ((dir + 3) % 6));
    return 0;
}

static int load_map(pc_data *d, const char *file, vb_ctx *cx)
{
    json_t *j = vb_data_json(file, cx), *arr, *o, *legend, *x;
    static const char *const known[] = {"cols",    "rows",      "source", "legend",
                                        "terrain", "hex_names", "roads",  "streams",
                                        "gates",   "places",    NULL};
    int rc = VB_EINPUT;
    char where[96];
    size_t i, k;
    if (!j)
        return VB_EINPUT;
    if (vb_json_known(j, known, "map.json", cx) || src(j, "map.json", cx) ||
        vb_json_int(j, "cols", 2, PC_MAXW, &d->w, "map.json", cx) ||
        vb_json_int(j, "rows", 2, PC_MAXH, &d->h, "map.json", cx) ||
        vb_json_obj(j, "legend", &legend, "map.json", cx) ||
        vb_json_arr(j, "terrain", &arr, "map.json", cx))
        goto out;
    d->nhex = d->w * d->h;
    pc_geometry(d);
    if ((int)json_array_size(arr) != d->h) {
        vb_fail(cx, VB_EINPUT, "map.json: terrain needs %d rows", d->h);
        goto out;
    }
    json_array_foreach(arr, i, o)
    {
        const char *row = json_string_value(o);
        if (!row || (int)strlen(row) != d->w) {
            vb_fail(cx, VB_EINPUT, "map.json: terrain row %zu must have %d letters", i + 1, d->w);
            goto out;
        }
        for (int c = 0; c < d->w; c++) {
            char key[2] = {row[c], 0};
            const char *tn = json_string_value(json_object_get(legend, key));
            int t = -1;
            for (int q = 0; tn && q < d->nterr; q++)
                if (!strcmp(d->terr[q].name, tn))
                    t = q;
            if (t < 0) {
                vb_fail(cx, VB_EINPUT, "map.json: row %zu: unknown terrain letter '%c'", i + 1,
                        row[c]);
                goto out;
            }
            d->hterr[c * d->h + (int)i] = (uint8_t)t;
        }
    }
    if (vb_json_arr(j, "roads", &arr, "map.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        json_t *hx;
        snprintf(where, sizeof where, "map.json: roads[%zu]", i);
        if (src(o, where, cx) || vb_json_arr(o, "hexes", &hx, where, cx))
            goto out;
        for (k = 0; k + 1 < json_array_size(hx); k++) {
            json_t *pair = json_pack("[OO]", json_array_get(hx, k), json_array_get(hx, k + 1));
            int e = hexside(d, pair, d->road, where, cx);
            json_decref(pair);
            if (e)
                goto out;
        }
    }
    if (vb_json_arr(j, "streams", &arr, "map.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        json_t *sd;
        snprintf(where, sizeof where, "map.json: streams[%zu]", i);
        if (src(o, where, cx) || vb_json_arr(o, "sides", &sd, where, cx))
            goto out;
        json_array_foreach(sd, k, x) if (hexside(d, x, d->stream, where, cx)) goto out;
    }
    /* Walls (1.0): every hexside between a city hex and another hex, but gates. */
    int city = -1;
    for (int q = 0; q < d->nterr; q++)
        if (!strcmp(d->terr[q].name, "city"))
            city = q;
    for (int hx = 0; hx < d->nhex; hx++)
        for (int dir = 0; dir < 6; dir++) {
            int nb = pc_nb(d, hx, dir);
            if (nb >= 0 && (d->hterr[hx] == city) != (d->hterr[nb] == city))
                d->wall[hx] |= (uint8_t)(1u << dir);
        }
    if (vb_json_arr(j, "gates", &arr, "map.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        json_t *sd;
        uint8_t gate[PC_MAXHEX];
        memset(gate, 0, sizeof gate);
        snprintf(where, sizeof where, "map.json: gates[%zu]", i);
        if (src(o, where, cx) || vb_json_arr(o, "sides", &sd, where, cx))
            goto out;
        json_array_foreach(sd, k, x) if (hexside(d, x, gate, where, cx)) goto out;
        for (int hx = 0; hx < d->nhex; hx++)
            d->wall[hx] &= (uint8_t)~gate[hx];
    }
    if (vb_json_arr(j, "places", &arr, "map.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        const char *nm, *hs;
        static const char *const pk[] = {"name", "hex", "objective", "source", NULL};
        snprintf(where, sizeof where, "map.json: places[%zu]", i);
        if (d->nplace >= PC_MAXPLACE) {
            vb_fail(cx, VB_EINPUT, "%s: too many places", where);
            goto out;
        }
        pc_place *p = &d->place[d->nplace];
        if (vb_json_known(o, pk, where, cx) || src(o, where, cx) ||
            vb_json_str(o, "name", &nm, where, cx) || vb_json_str(o, "hex", &hs, where, cx) ||
            vb_json_bool(o, "objective", &p->objective, where, cx))
            goto out;
        if (name_in(p->name, nm, where, cx))
            goto out;
        if ((p->hex = pc_hex_parse(d, hs)) < 0) {
            vb_fail(cx, VB_EINPUT, "%s: bad hex '%s'", where, hs);
            goto out;
        }
        d->nplace++;
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

static int load_tec(pc_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("piacenza-1746/tec.json", cx), *arr, *o, *x;
    static const char *const tk[] = {"name",   "mp",  "fire",       "melee",  "misalign", "cover",
                                     "blocks", "zoc", "impassable", "source", NULL};
    int rc = VB_EINPUT;
    char where[96];
    size_t i;
    if (!j)
        return VB_EINPUT;
    if (vb_json_arr(j, "terrain", &arr, "tec.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        const char *nm;
        json_t *mp;
        snprintf(where, sizeof where, "tec.json: terrain[%zu]", i);
        if (d->nterr >= 12) {
            vb_fail(cx, VB_EINPUT, "%s: too many terrains", where);
            goto out;
        }
        pc_terrain *t = &d->terr[d->nterr];
        if (vb_json_known(o, tk, where, cx) || src(o, where, cx) ||
            vb_json_str(o, "name", &nm, where, cx) || vb_json_arr(o, "mp", &mp, where, cx) ||
            vb_json_int(o, "fire", -4, 0, &t->fire, where, cx) ||
            vb_json_int(o, "melee", -4, 0, &t->melee, where, cx) ||
            vb_json_int(o, "misalign", -3, 3, &t->misalign, where, cx) ||
            vb_json_int(o, "cover", 0, 2, &t->cover, where, cx) ||
            vb_json_bool(o, "blocks", &t->blocks, where, cx) ||
            vb_json_bool(o, "zoc", &t->zoc, where, cx))
            goto out;
        if (json_object_get(o, "impassable") &&
            vb_json_bool(o, "impassable", &t->impassable, where, cx))
            goto out;
        if (json_array_size(mp) != 3) {
            vb_fail(cx, VB_EINPUT, "%s: mp needs 3 values", where);
            goto out;
        }
        for (int k = 0; k < 3; k++) {
            t->mp[k] = (int)json_integer_value(json_array_get(mp, (size_t)k));
            if (t->mp[k] < 0 || t->mp[k] > 9 || (!t->impassable && t->mp[k] < 1)) {
                vb_fail(cx, VB_EINPUT, "%s: bad mp", where);
                goto out;
            }
        }
        if (name_in(t->name, nm, where, cx))
            goto out;
        t->is_city = !strcmp(nm, "city");
        t->is_entrench = !strcmp(nm, "entrenchment") || !strcmp(nm, "redoubt");
        t->is_clear = !strcmp(nm, "clear");
        t->is_ditch = !strcmp(nm, "ditch");
        d->nterr++;
    }
    if (vb_json_obj(j, "road_mp", &o, "tec.json", cx) || src(o, "tec.json: road_mp", cx) ||
        vb_json_int(o, "value", 1, 9, &d->road_mp, "tec.json: road_mp", cx) ||
        vb_json_obj(j, "leader_mp", &o, "tec.json", cx) || src(o, "tec.json: leader_mp", cx) ||
        vb_json_int(o, "value", 1, 20, &d->leader_mp, "tec.json: leader_mp", cx) ||
        vb_json_obj(j, "stream_mp", &o, "tec.json", cx) || src(o, "tec.json: stream_mp", cx) ||
        vb_json_arr(o, "value", &x, "tec.json: stream_mp", cx))
        goto out;
    if (json_array_size(x) != 3) {
        vb_fail(cx, VB_EINPUT, "tec.json: stream_mp needs 3 values");
        goto out;
    }
    for (int k = 0; k < 3; k++)
        d->stream_mp[k] = (int)json_integer_value(json_array_get(x, (size_t)k));
    rc = 0;
out:
    json_decref(j);
    return rc;
}

static int load_cols(json_t *t, const char *what, int *min_sp, uint8_t (*res)[PC_DIE_N], vb_ctx *cx)
{
    json_t *cols, *rs;
    char where[64];
    snprintf(where, sizeof where, "tables.json: %s", what);
    if (src(t, where, cx) || vb_json_arr(t, "columns", &cols, where, cx) ||
        vb_json_arr(t, "results", &rs, where, cx))
        return VB_EINPUT;
    if (json_array_size(cols) != 3 || json_array_size(rs) != 3)
        return vb_fail(cx, VB_EINPUT, "%s: three columns expected", where);
    for (int c = 0; c < 3; c++) {
        json_t *col = json_array_get(rs, (size_t)c);
        if (vb_json_int(json_array_get(cols, (size_t)c), "min_sp", 1, 20, &min_sp[c], where, cx))
            return VB_EINPUT;
        if (json_array_size(col) != PC_DIE_N)
            return vb_fail(cx, VB_EINPUT, "%s: %d results per column", where, PC_DIE_N);
        for (int k = 0; k < PC_DIE_N; k++) {
            int r = result_code(jstr(json_array_get(col, (size_t)k), ""), 0);
            if (r < 0)
                return vb_fail(cx, VB_EINPUT, "%s: unknown result in column %d", where, c + 1);
            res[c][k] = (uint8_t)r;
        }
    }
    return 0;
}

static int load_tables(pc_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("piacenza-1746/tables.json", cx), *o, *x, *y;
    int rc = VB_EINPUT, lo, hi;
    size_t i;
    const char *w = "tables.json";
    if (!j)
        return VB_EINPUT;
    if (vb_json_int(j, "die_min", -10, 0, &lo, w, cx) ||
        vb_json_int(j, "die_max", 0, 20, &hi, w, cx))
        goto out;
    if (lo != PC_DIE_MIN || hi - lo + 1 != PC_DIE_N) {
        vb_fail(cx, VB_EINPUT, "tables.json: die range must be %d..%d", PC_DIE_MIN,
                PC_DIE_MIN + PC_DIE_N - 1);
        goto out;
    }
    if (vb_json_obj(j, "fire", &o, w, cx) || load_cols(o, "fire", d->fire_min_sp, d->fire, cx) ||
        vb_json_obj(j, "bombardment", &o, w, cx) ||
        load_cols(o, "bombardment", d->bomb_min_sp, d->bomb, cx))
        goto out;
    if (vb_json_obj(j, "range_mod", &o, w, cx) || src(o, "tables.json: range_mod", cx) ||
        vb_json_arr(o, "values", &x, w, cx) || json_array_size(x) != 3) {
        if (!cx || !cx->err[0])
            vb_fail(cx, VB_EINPUT, "tables.json: range_mod needs 3 values");
        goto out;
    }
    for (int k = 0; k < 3; k++)
        d->range_mod[k] = (int)json_integer_value(json_array_get(x, (size_t)k));
    if (vb_json_obj(j, "melee", &o, w, cx) || src(o, "tables.json: melee", cx) ||
        vb_json_arr(o, "odds", &x, w, cx) || vb_json_arr(o, "results", &y, w, cx))
        goto out;
    d->nodds = (int)json_array_size(x);
    if (d->nodds < 1 || d->nodds > 8 || json_array_size(y) != (size_t)d->nodds) {
        vb_fail(cx, VB_EINPUT, "tables.json: melee needs 1-8 odds columns with results");
        goto out;
    }
    for (int c = 0; c < d->nodds; c++) {
        json_t *od = json_array_get(x, (size_t)c), *col = json_array_get(y, (size_t)c);
        d->odds[c][0] = (int)json_integer_value(json_array_get(od, 0));
        d->odds[c][1] = (int)json_integer_value(json_array_get(od, 1));
        if (d->odds[c][0] < 1 || d->odds[c][1] < 1 || json_array_size(col) != PC_DIE_N) {
            vb_fail(cx, VB_EINPUT, "tables.json: melee column %d is malformed", c + 1);
            goto out;
        }
        for (int k = 0; k < PC_DIE_N; k++) {
            int r = result_code(jstr(json_array_get(col, (size_t)k), ""), 1);
            if (r < 0) {
                vb_fail(cx, VB_EINPUT, "tables.json: unknown melee result in column %d", c + 1);
                goto out;
            }
            d->melee[c][k] = (uint8_t)r;
        }
    }
    w = "tables.json: modifiers";
    if (vb_json_obj(j, "modifiers", &o, "tables.json", cx) || src(o, w, cx) ||
        vb_json_int(o, "floor", -9, 0, &d->m_floor, w, cx) ||
        vb_json_int(o, "non_side_by_side", -9, 0, &d->m_nsbs, w, cx) ||
        vb_json_int(o, "reaction", -9, 0, &d->m_reaction, w, cx) ||
        vb_json_int(o, "flank_fire", 0, 9, &d->m_flank, w, cx) ||
        vb_json_int(o, "smoke_hex", -9, 0, &d->m_smoke_hex, w, cx) ||
        vb_json_int(o, "smoke_adj", -9, 0, &d->m_smoke_adj, w, cx) ||
        vb_json_int(o, "smoke_min", -9, 0, &d->m_smoke_min, w, cx) ||
        vb_json_int(o, "cover2_infantry_melee", -9, 0, &d->m_cover2_melee, w, cx))
        goto out;
    w = "tables.json: tdr_mods";
    if (vb_json_obj(j, "tdr_mods", &o, "tables.json", cx) || src(o, w, cx) ||
        vb_json_int(o, "ezoc", 0, 9, &d->t_ezoc, w, cx) ||
        vb_json_int(o, "cav_into_inf_zoc", 0, 9, &d->t_cav_inf_zoc, w, cx) ||
        vb_json_int(o, "second_disorder", 0, 9, &d->t_second_dis, w, cx) ||
        vb_json_int(o, "smoke_hex", 0, 9, &d->t_smoke_hex, w, cx) ||
        vb_json_int(o, "smoke_adj", 0, 9, &d->t_smoke_adj, w, cx) ||
        vb_json_int(o, "light", -9, 0, &d->t_light, w, cx) ||
        vb_json_int(o, "reorg_out_of_command", 0, 9, &d->t_reorg_ooc, w, cx) ||
        vb_json_int(o, "reorg_ezoc", 0, 9, &d->t_reorg_ezoc, w, cx) ||
        vb_json_int(o, "reorg_routed", 0, 9, &d->t_reorg_rout, w, cx) ||
        vb_json_int(o, "reorg_natural_fail", 0, 9, &d->t_reorg_nat, w, cx))
        goto out;
    w = "tables.json: tdr";
    if (vb_json_obj(j, "tdr", &o, "tables.json", cx) || src(o, w, cx) ||
        vb_json_arr(o, "armies", &x, w, cx))
        goto out;
    json_array_foreach(x, i, y)
    {
        const char *nm;
        if (d->narmy >= 4) {
            vb_fail(cx, VB_EINPUT, "%s: too many armies", w);
            goto out;
        }
        if (vb_json_str(y, "name", &nm, w, cx) ||
            vb_json_int(y, "infantry", 0, 9, &d->tdr[d->narmy][0], w, cx) ||
            vb_json_int(y, "grenadiers", 0, 9, &d->tdr[d->narmy][1], w, cx) ||
            vb_json_int(y, "cavalry", 0, 9, &d->tdr[d->narmy][2], w, cx))
            goto out;
        if (name_in(d->army[d->narmy++], nm, w, cx))
            goto out;
    }
    w = "tables.json: changing_ranks";
    if (vb_json_obj(j, "changing_ranks", &o, "tables.json", cx) || src(o, w, cx) ||
        vb_json_int(o, "max", 0, 9, &d->cr_max, w, cx) ||
        vb_json_int(o, "grenadier", -9, 0, &d->cr_gren, w, cx) ||
        vb_json_int(o, "min_sp", 1, 9, &d->cr_min_sp, w, cx))
        goto out;
    w = "tables.json: victory_points";
    if (vb_json_obj(j, "victory_points", &o, "tables.json", cx) || src(o, w, cx) ||
        vb_json_int(o, "flag", 0, 99, &d->vp_flag, w, cx) ||
        vb_json_int(o, "wing_staff", 0, 99, &d->vp_wc, w, cx) ||
        vb_json_int(o, "formation_staff", 0, 99, &d->vp_fc, w, cx) ||
        vb_json_int(o, "routed", 0, 99, &d->vp_routed, w, cx) ||
        vb_json_int(o, "eliminated", 0, 99, &d->vp_elim, w, cx))
        goto out;
    w = "tables.json: cannon_failure";
    if (vb_json_obj(j, "cannon_failure", &o, "tables.json", cx) || src(o, w, cx) ||
        vb_json_int(o, "max", -1, 9, &d->fail_max, w, cx))
        goto out;
    rc = 0;
out:
    json_decref(j);
    return rc;
}

/* Scenarios 2, 3: the printed set-up areas, one per formation or side;
 * every unit and Commander gets its area (pc_place.c). */
static int load_areas(pc_data *d, json_t *o, const char *file, vb_ctx *cx)
{
    json_t *arr, *e;
    size_t i;
    if (vb_json_arr(o, "setup_areas", &arr, "scenario", cx))
        return VB_EINPUT;
    json_array_foreach(arr, i, e)
    {
        char where[160];
        const char *fm = jstr(json_object_get(e, "formation"), NULL);
        const char *sd = jstr(json_object_get(e, "side"), NULL);
        const char *pl = jstr(json_object_get(e, "place"), "");
        const char *ns = jstr(json_object_get(e, "direction"), "");
        const char *bk = jstr(json_object_get(e, "bank"), "");
        static const char *const keys[] = {"formation", "side", "place",         "within", "beyond",
                                           "direction", "bank", "stream_column", "source", NULL};
        snprintf(where, sizeof where, "%s: setup_areas[%zu]", file, i);
        if (d->narea >= PC_MAXAREA || !json_is_object(e))
            return vb_fail(cx, VB_EINPUT, "%s: too many, or not an object", where);
        pc_area *a = &d->area[d->narea];
        memset(a, 0, sizeof *a);
        a->place = -1;
        for (int p = 0; p < d->nplace; p++)
            if (vb_name_eq(d->place[p].name, pl))
                a->place = d->place[p].hex;
        a->form = fm ? find_form(d, fm) : -1;
        a->side = fm ? (a->form >= 0 ? d->f[a->form].side : -1) : side_of(sd ? sd : "");
        if (vb_json_known(e, keys, where, cx) || src(e, where, cx))
            return VB_EINPUT;
        if ((fm != NULL) == (sd != NULL) || a->side < 0 || (fm && a->form < 0) || a->place < 0)
            return vb_fail(cx, VB_EINPUT, "%s: a formation or a side, and a place of the map",
                           where);
        if ((json_object_get(e, "within") &&
             vb_json_int(e, "within", 1, 40, &a->within, where, cx)) ||
            (json_object_get(e, "beyond") &&
             vb_json_int(e, "beyond", 1, 40, &a->beyond, where, cx)))
            return VB_EINPUT;
        a->ns = !strcmp(ns, "north") ? -1 : !strcmp(ns, "south") ? 1 : 0;
        a->bank = !strcmp(bk, "west") ? -1 : !strcmp(bk, "east") ? 1 : 0;
        if ((*ns && !a->ns) || (*bk && !a->bank))
            return vb_fail(cx, VB_EINPUT, "%s: direction north|south, bank west|east", where);
        if (a->bank) { /* the stream runs east of this 1-based column */
            if (vb_json_int(e, "stream_column", 1, d->w - 1, &a->col, where, cx))
                return VB_EINPUT;
            a->col--;
        }
        d->narea++;
    }
    for (int u = 0; u < d->nu; u++) {
        d->uarea[u] = -1;
        for (int k = d->narea - 1; k >= 0; k--)
            if (d->area[k].form == d->u[u].form ||
                (d->area[k].form < 0 && d->area[k].side == d->u[u].side && d->uarea[u] < 0))
                d->uarea[u] = (int8_t)k;
        if (d->uarea[u] < 0 || d->u[u].type == UT_ART)
            return vb_fail(cx, VB_EINPUT, "%s: %s has no set-up area (artillery: no facing asked)",
                           file, d->u[u].name);
    }
    for (int l = 0; l < d->nl; l++) {
        int f = -1;
        for (int k = 0; k < d->nf; k++)
            if (d->f[k].leader == l)
                f = k;
        d->larea[l] = -1;
        for (int k = d->narea - 1; k >= 0; k--)
            if ((f >= 0 && d->area[k].form == f) ||
                (d->area[k].form < 0 && d->area[k].side == d->l[l].side && d->larea[l] < 0))
                d->larea[l] = (int8_t)k;
        if (d->larea[l] < 0)
            return vb_fail(cx, VB_EINPUT, "%s: %s has no set-up area", file, d->l[l].name);
    }
    return 0;
}

static int load_forces(pc_data *d, const char *file, vb_ctx *cx)
{
    json_t *j = vb_data_json(file, cx), *arr, *o, *x;
    int rc = VB_EINPUT;
    char where[96];
    size_t i;
    const char *s;
    if (!j)
        return VB_EINPUT;
    if (vb_json_arr(j, "sides", &arr, "forces.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        int sd;
        snprintf(where, sizeof where, "forces.json: sides[%zu]", i);
        if (src(o, where, cx) || vb_json_str(o, "name", &s, where, cx))
            goto out;
        if ((sd = side_of(s)) < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown side '%s'", where, s);
            goto out;
        }
        if (vb_json_str(o, "edge", &s, where, cx))
            goto out;
        d->edge_west[sd] = !strcmp(s, "west");
    }
    if (vb_json_arr(j, "wings", &arr, "forces.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        const char *t;
        snprintf(where, sizeof where, "forces.json: wings[%zu]", i);
        if (d->nw >= PC_MAXWING) {
            vb_fail(cx, VB_EINPUT, "%s: too many wings", where);
            goto out;
        }
        pc_wing_def *wg = &d->wg[d->nw];
        if (src(o, where, cx) || vb_json_str(o, "name", &s, where, cx) ||
            vb_json_str(o, "title", &t, where, cx))
            goto out;
        if (pc_find_wing(d, s) >= 0) {
            vb_fail(cx, VB_EINPUT, "%s: wing '%s' listed twice", where, s);
            goto out;
        }
        if (name_in(wg->name, s, where, cx))
            goto out;
        snprintf(wg->title, sizeof wg->title, "%s", t);
        wg->wc = -1;
        if (vb_json_str(o, "side", &s, where, cx))
            goto out;
        if ((wg->side = side_of(s)) < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown side '%s'", where, s);
            goto out;
        }
        if ((x = json_object_get(o, "bearer")) != NULL) { /* 4.6.1 */
            if (!json_is_object(x) || vb_json_str(x, "name", &s, where, cx) ||
                vb_json_int(x, "sf", 0, 9, &wg->bsf, where, cx) ||
                vb_json_int(x, "mp", 1, 20, &wg->bmp, where, cx)) {
                if (!json_is_object(x))
                    vb_fail(cx, VB_EINPUT, "%s: bearer: an object", where);
                goto out;
            }
            if (name_in(wg->bearer, s, where, cx))
                goto out;
        }
        d->nw++;
    }
    d->cic[0] = d->cic[1] = -1;
    if (vb_json_arr(j, "leaders", &arr, "forces.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        snprintf(where, sizeof where, "forces.json: leaders[%zu]", i);
        if (d->nl >= PC_MAXL || d->nf >= PC_MAXF) {
            vb_fail(cx, VB_EINPUT, "%s: too many leaders", where);
            goto out;
        }
        pc_leader_def *l = &d->l[d->nl];
        if (src(o, where, cx) || vb_json_str(o, "name", &s, where, cx))
            goto out;
        if (name_in(l->name, s, where, cx))
            goto out;
        vb_name_token(l->token, sizeof l->token, s);
        if (pc_find_leader(d, l->name) >= 0) {
            vb_fail(cx, VB_EINPUT, "%s: leader '%s' listed twice", where, l->name);
            goto out;
        }
        /* 2.2.1: CiC, Wing Commander or (the default) Formation Commander */
        l->kind = LK_FC;
        if (json_object_get(o, "kind")) {
            if (vb_json_str(o, "kind", &s, where, cx))
                goto out;
            l->kind = !strcmp(s, "formation") ? LK_FC
                      : !strcmp(s, "wing")    ? LK_WC
                      : !strcmp(s, "cic")     ? LK_CIC
                                              : -1;
            if (l->kind < 0) {
                vb_fail(cx, VB_EINPUT, "%s: unknown kind '%s'", where, s);
                goto out;
            }
        }
        if (l->kind == LK_CIC) {
            if (vb_json_str(o, "side", &s, where, cx))
                goto out;
            if ((l->side = side_of(s)) < 0 || d->cic[l->side] >= 0) {
                vb_fail(cx, VB_EINPUT, "%s: one CiC for each side", where);
                goto out;
            }
            l->wing = -1;
            d->cic[l->side] = d->nl;
        } else {
            if (vb_json_str(o, "wing", &s, where, cx))
                goto out;
            if ((l->wing = pc_find_wing(d, s)) < 0) {
                vb_fail(cx, VB_EINPUT, "%s: unknown wing '%s'", where, s);
                goto out;
            }
            l->side = d->wg[l->wing].side;
            if (l->kind == LK_WC && d->wg[l->wing].wc >= 0) {
                vb_fail(cx, VB_EINPUT, "%s: one Wing Commander for each wing", where);
                goto out;
            }
            if (l->kind == LK_WC)
                d->wg[l->wing].wc = d->nl;
        }
        if (l->kind != LK_FC && vb_json_int(o, "range", 1, 40, &l->range, where, cx))
            goto out;
        if (vb_json_int(o, "sf", 0, 5, &l->sf, where, cx) ||
            vb_json_int(o, "fire_bonus", 0, 5, &l->fb, where, cx) ||
            vb_json_str(o, "hex", &s, where, cx))
            goto out;
        if ((l->hex = pc_hex_parse(d, s)) < 0) {
            vb_fail(cx, VB_EINPUT, "%s: bad hex '%s'", where, s);
            goto out;
        }
        if (l->kind != LK_FC) {
            d->nl++;
            continue;
        }
        /* every leader listed commands the formation of his name (4.4) */
        pc_form_def *f = &d->f[d->nf++];
        cpy(f->name, l->name);
        f->side = l->side;
        f->wing = l->wing;
        f->leader = d->nl++;
    }
    for (int w = 0; w < d->nw; w++)
        if (d->wg[w].bmp && d->wg[w].wc < 0) {
            vb_fail(cx, VB_EINPUT,
                    "forces.json: wing '%s': a Standard Bearer without a Wing "
                    "Commander (4.6.1)",
                    d->wg[w].name);
            goto out;
        }
    if (vb_json_arr(j, "units", &arr, "forces.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        static const char *const uk[] = {"name",  "wing",       "formation", "army",    "type",
                                         "sp",    "reduced",    "mp",        "hex",     "source",
                                         "light", "grenadiers", "facing",    "dragoon", NULL};
        static const char *const types[] = {"infantry", "cavalry", "artillery"};
        snprintf(where, sizeof where, "forces.json: units[%zu]", i);
        if (d->nu >= PC_MAXU) {
            vb_fail(cx, VB_EINPUT, "%s: too many units", where);
            goto out;
        }
        pc_unit_def *u = &d->u[d->nu];
        if (vb_json_known(o, uk, where, cx) || src(o, where, cx) ||
            vb_json_str(o, "name", &s, where, cx))
            goto out;
        if (name_in(u->name, s, where, cx))
            goto out;
        vb_name_token(u->token, sizeof u->token, s);
        if (pc_find_unit(d, s) >= 0 || pc_find_leader(d, s) >= 0) {
            vb_fail(cx, VB_EINPUT, "%s: name '%s' used twice", where, s);
            goto out;
        }
        if (vb_json_str(o, "wing", &s, where, cx))
            goto out;
        if ((u->wing = pc_find_wing(d, s)) < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown wing '%s'", where, s);
            goto out;
        }
        u->side = d->wg[u->wing].side;
        x = json_object_get(o, "formation");
        u->form = -1;
        if (json_is_string(x) && (u->form = find_form(d, json_string_value(x))) < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown formation", where);
            goto out;
        }
        if (vb_json_str(o, "army", &s, where, cx))
            goto out;
        u->army = -1;
        for (int k = 0; k < d->narmy; k++)
            if (!strcmp(d->army[k], s))
                u->army = k;
        if (vb_json_str(o, "type", &s, where, cx))
            goto out;
        u->type = -1;
        for (int k = 0; k < 3; k++)
            if (!strcmp(types[k], s))
                u->type = k;
        if (u->army < 0 || u->type < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown army or type", where);
            goto out;
        }
        if ((u->form < 0) != (u->type == UT_ART) ||
            (u->form >= 0 && d->f[u->form].wing != u->wing)) {
            vb_fail(cx, VB_EINPUT, "%s: artillery has no formation, others one of their wing",
                    where);
            goto out;
        }
        if (vb_json_int(o, "sp", 1, 9, &u->sp, where, cx) ||
            vb_json_int(o, "reduced", 0, 9, &u->red, where, cx) ||
            vb_json_int(o, "mp", 1, 9, &u->mp, where, cx) || vb_json_str(o, "hex", &s, where, cx))
            goto out;
        if ((u->hex = pc_hex_parse(d, s)) < 0 || u->red >= u->sp) {
            vb_fail(cx, VB_EINPUT, "%s: bad hex or reduced strength", where);
            goto out;
        }
        if (json_object_get(o, "light") && vb_json_bool(o, "light", &u->light, where, cx))
            goto out;
        if (json_object_get(o, "grenadiers") && vb_json_bool(o, "grenadiers", &u->gren, where, cx))
            goto out;
        u->drg = -1;
        if (json_object_get(o, "dragoon")) { /* 10.5: the counter's regiment */
            if (vb_json_str(o, "dragoon", &s, where, cx))
                goto out;
            if (drg_add(d, d->nu, s, where, cx))
                goto out;
        }
        u->face = 0;
        if (json_object_get(o, "facing")) {
            if (vb_json_str(o, "facing", &s, where, cx))
                goto out;
            u->face = vb_name_find(pc_face_names, 6, s);
            if (u->face < 0) {
                vb_fail(cx, VB_EINPUT, "%s: unknown facing '%s'", where, s);
                goto out;
            }
        }
        d->nu++;
    }
    if (drg_check(d, cx))
        goto out;
    if (vb_json_arr(j, "scenarios", &arr, "forces.json", cx) || json_array_size(arr) != 1) {
        vb_fail(cx, VB_EINPUT, "forces.json: one scenario expected");
        goto out;
    }
    o = json_array_get(arr, 0);
    if (src(o, "forces.json: scenarios[0]", cx) ||
        vb_json_str(o, "name", &s, "forces.json: scenarios[0]", cx))
        goto out;
    if (name_in(d->scen_name, s, "forces.json: scenarios[0]", cx))
        goto out;
    if (vb_json_int(o, "first_turn", 1, PC_MAXT, &d->first_turn, "scenario", cx) ||
        vb_json_int(o, "turns", 1, PC_MAXT, &d->nturns, "scenario", cx) ||
        vb_json_bool(o, "all_leaders_in_command", &d->all_in_command, "scenario", cx) ||
        vb_json_arr(o, "victory_hexes", &x, "scenario", cx))
        goto out;
    if (d->first_turn + d->nturns - 1 > PC_MAXT) {
        vb_fail(cx, VB_EINPUT, "%s: the scenario runs past the last turn", file);
        goto out;
    }
    if (json_object_get(o, "victory_last_occupant") &&
        vb_json_bool(o, "victory_last_occupant", &d->vic_last, "scenario", cx))
        goto out;
    json_array_foreach(x, i, arr)
    {
        if (d->nvic >= PC_MAXOBJ ||
            (d->vic[d->nvic++] = pc_hex_parse(d, json_string_value(arr))) < 0) {
            vb_fail(cx, VB_EINPUT, "forces.json: bad victory hex");
            goto out;
        }
    }
    if (d->nvic < 1 || (d->vic_last && d->nvic != 1)) {
        vb_fail(cx, VB_EINPUT, "%s: victory hexes: one or more (exactly one for the last occupant)",
                file);
        goto out;
    }
    if (json_object_get(o, "setup_areas") && load_areas(d, o, file, cx))
        goto out;
    /* the battle: 13.0 objectives chosen among the places marked objective,
     * 13.2 automatic victory at the end of a named turn, 4.0 CiC rest */
    d->nobjp = 0;
    for (int k = 0; k < d->nplace; k++)
        if (d->place[k].objective && d->nobjp < PC_MAXOBJ)
            d->objp[d->nobjp++] = k;
    if (json_object_get(o, "objectives") &&
        vb_json_int(o, "objectives", 0, d->nobjp, &d->nobj, "scenario", cx))
        goto out;
    if (json_object_get(o, "cic_rest") &&
        vb_json_int(o, "cic_rest", 0, PC_MAXT, &d->cic_rest, "scenario", cx))
        goto out;
    const char *autov = NULL;
    if (json_object_get(o, "automatic_victory") &&
        vb_json_str(o, "automatic_victory", &autov, "scenario", cx))
        goto out;
    d->first_wing[0] = d->first_wing[1] = -1;
    if (d->first_turn == 1) { /* 3.0 exception of the first game turn */
        if (vb_json_arr(o, "first_wings", &x, "scenario", cx) || json_array_size(x) != 2) {
            vb_fail(cx, VB_EINPUT, "%s: first_wings needs two wings", file);
            goto out;
        }
        for (int k = 0; k < 2; k++)
            if ((d->first_wing[k] = pc_find_wing(d, jstr(json_array_get(x, (size_t)k), ""))) < 0 ||
                d->wg[d->first_wing[k]].side != k) {
                vb_fail(cx, VB_EINPUT, "%s: first_wings: a Franco-Spanish wing, then an Austrian",
                        file);
                goto out;
            }
    } else if (json_object_get(o, "first_wings")) {
        vb_fail(cx, VB_EINPUT, "%s: first_wings only for a scenario from turn 1", file);
        goto out;
    }
    if (vb_json_obj(j, "turns", &o, "forces.json", cx) || src(o, "forces.json: turns", cx) ||
        vb_json_arr(o, "names", &x, "forces.json: turns", cx) || json_array_size(x) < PC_MAXT) {
        vb_fail(cx, VB_EINPUT, "forces.json: turns needs %d names", PC_MAXT);
        goto out;
    }
    for (int k = 0; k < PC_MAXT; k++)
        snprintf(d->turn_name[k], sizeof d->turn_name[k], "%s",
                 jstr(json_array_get(x, (size_t)k), "?"));
    if (autov) {
        d->auto_turn = 0;
        for (int k = 0; k < PC_MAXT; k++)
            if (!strcmp(d->turn_name[k], autov))
                d->auto_turn = k + 1;
        if (!d->auto_turn || !d->nobj) {
            vb_fail(cx, VB_EINPUT, "%s: automatic_victory names a turn, with objectives", file);
            goto out;
        }
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

/* pc_form_def.mem: each formation's units in index order */
static void form_members(pc_data *d)
{
    for (int f = 0; f < d->nf; f++)
        d->f[f].nmem = 0;
    for (int u = 0; u < d->nu; u++) {
        int f = d->u[u].form;
        if (f >= 0 && f < d->nf)
            d->f[f].mem[d->f[f].nmem++] = (uint8_t)u;
    }
}

static int load_scenario(pc_data *d, const char *map, const char *forces, vb_ctx *cx)
{
    int rc = load_tec(d, cx);
    if (!rc)
        rc = load_map(d, map, cx);
    if (!rc)
        rc = load_tables(d, cx);
    if (!rc)
        rc = load_forces(d, forces, cx);
    d->side_list[0] = "franco-spanish";
    d->side_list[1] = "austrian";
    return rc;
}

void pc_unload(vb_game *g)
{
    pc_game *pg = g->data;
    if (pg)
        for (int k = 0; k < pg->n; k++)
            free(pg->sc[k]);
    free(pg);
    g->data = NULL;
}

/* scenarios.json lists each scenario with its map sheet and its forces
 * file; tec.json and tables.json are shared. */
int pc_load(vb_game *g, vb_ctx *cx)
{
    json_t *j = vb_data_json("piacenza-1746/scenarios.json", cx), *arr, *o;
    pc_game *pg = calloc(1, sizeof *pg);
    int rc = VB_EINPUT;
    size_t i;
    if (!j || !pg) {
        json_decref(j);
        free(pg);
        return j ? vb_fail(cx, VB_ENOMEM, "out of memory") : VB_EINPUT;
    }
    g->data = pg;
    if (vb_json_arr(j, "scenarios", &arr, "scenarios.json", cx))
        goto out;
    if (json_array_size(arr) < 1 || json_array_size(arr) > PC_MAXSCEN) {
        vb_fail(cx, VB_EINPUT, "scenarios.json: 1 to %d scenarios", PC_MAXSCEN);
        goto out;
    }
    json_array_foreach(arr, i, o)
    {
        static const char *const sk[] = {"map", "forces", NULL};
        const char *mp, *fc;
        char where[48], mf[96], ff[96];
        snprintf(where, sizeof where, "scenarios.json: scenarios[%zu]", i);
        if (vb_json_known(o, sk, where, cx) || vb_json_str(o, "map", &mp, where, cx) ||
            vb_json_str(o, "forces", &fc, where, cx))
            goto out;
        if (strchr(mp, '/') || strchr(fc, '/') || strlen(mp) > 60 || strlen(fc) > 60) {
            vb_fail(cx, VB_EINPUT, "%s: a file name of data/piacenza-1746/", where);
            goto out;
        }
        snprintf(mf, sizeof mf, "piacenza-1746/%s", mp);
        snprintf(ff, sizeof ff, "piacenza-1746/%s", fc);
        pc_data *d = calloc(1, sizeof *d);
        if (!d) {
            rc = vb_fail(cx, VB_ENOMEM, "out of memory");
            goto out;
        }
        pg->sc[pg->n++] = d;
        if ((rc = load_scenario(d, mf, ff, cx)) != 0)
            goto out;
        pc_open_sides(d);
        form_members(d);
        rc = VB_EINPUT;
        for (int k = 0; k + 1 < pg->n; k++)
            if (!strcmp(pg->sc[k]->scen_name, d->scen_name)) {
                vb_fail(cx, VB_EINPUT, "%s: scenario '%s' listed twice", where, d->scen_name);
                goto out;
            }
        pg->names[pg->n - 1] = d->scen_name;
    }
    g->nscenarios = pg->n;
    g->scenarios = pg->names;
    rc = 0;
out:
    json_decref(j);
    if (rc)
        pc_unload(g);
    return rc;
}
