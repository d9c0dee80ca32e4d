/*
 * sg_data.c - loads data/setge-1714/{map,forces,game}.json into struct
 * sg_data and derives the adjacency masks and artillery distances.
 * Every record must carry a "source" (printed or reconstructed).
 */
#include <stdlib.h>
#include <string.h>

#include "sg_int.h"

const char *const sg_colour_names[4] = {"ochre", "green", "grey", "blue"};
const char *const sg_kind_names[5] = {"combat", "leader", "gun", "barricade", "flag"};
const char *const sg_cmd_names[CMD_N] = {"french",         "spanish",       "catalan-left",
                                         "catalan-centre", "catalan-right", "catalan-reserve"};
static const char *const sector_names[] = {"lines", "walls", "north", "centre", "ribera"};

/* A name read from the data: one longer than the game keeps would be cut,
 * and answer to another name (or to none) once cut, so it is refused. */
static int copy_name(char *dst, const char *src, const char *where, vb_ctx *cx)
{
    if (strlen(src) >= SG_NAME)
        return vb_fail(cx, VB_EINPUT, "%s: name '%.20s...' longer than %d characters", where, src,
                       SG_NAME - 1);
    if (vb_name_blank(src))
        return vb_fail(cx, VB_EINPUT, "%s: empty name (no letter or digit)", where);
    snprintf(dst, SG_NAME, "%s", src);
    return 0;
}

static int need_source(json_t *o, const char *where, vb_ctx *cx)
{
    const char *s;
    if (vb_json_str(o, "source", &s, where, cx))
        return VB_EINPUT;
    if (strncmp(s, "printed", 7) && strncmp(s, "reconstructed", 13))
        return vb_fail(cx, VB_EINPUT, "%s: source must start 'printed' or 'reconstructed'", where);
    return 0;
}

static int find_in(char (*names)[SG_NAME], int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (vb_name_eq(names[i], s))
            return i;
    return -1;
}

static int zone_of(const sg_data *d, const char *s)
{
    for (int i = 0; i < d->nz; i++)
        if (vb_name_eq(d->z[i].name, s))
            return i;
    return -1;
}

static int load_map(sg_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("setge-1714/map.json", cx), *arr, *o;
    char where[128];
    size_t i;
    int rc = VB_EINPUT;
    if (!j)
        return VB_EINPUT;
    if (vb_json_arr(j, "zones", &arr, "map.json", cx))
        goto out;
    if (json_array_size(arr) > SG_MAXZ) {
        vb_fail(cx, VB_EINPUT, "map.json: too many zones (max %d)", SG_MAXZ);
        goto out;
    }
    d->palau = -1;
    json_array_foreach(arr, i, o)
    {
        sg_zone *z = &d->z[d->nz];
        const char *name, *s;
        snprintf(where, sizeof where, "map.json: zone %zu", i);
        if (vb_json_str(o, "name", &name, where, cx) || need_source(o, where, cx))
            goto out;
        snprintf(where, sizeof where, "map.json: zone '%s'", name);
        if (zone_of(d, name) >= 0) {
            vb_fail(cx, VB_EINPUT, "%s: duplicate zone", where);
            goto out;
        }
        if (copy_name(z->name, name, where, cx))
            goto out;
        vb_name_token(z->tok, sizeof z->tok, name);
        if (vb_json_str(o, "colour", &s, where, cx))
            goto out;
        z->colour = vb_name_find(sg_colour_names, 4, s);
        if (z->colour < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown colour '%s'", where, s);
            goto out;
        }
        z->defv = z->colour == COL_GREY ? 2 : z->colour == COL_BLUE ? 3 : 0; /* rule 11.1 */
        if (vb_json_str(o, "sector", &s, where, cx))
            goto out;
        z->sector = vb_name_find(sector_names, 5, s);
        if (z->sector < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown sector '%s'", where, s);
            goto out;
        }
        json_t *v = json_object_get(o, "deployment");
        if (v) {
            static const char *const dn[] = {"left", "centre", "right"};
            int k = json_is_string(v) ? vb_name_find(dn, 3, json_string_value(v)) : -1;
            if (k < 0) {
                vb_fail(cx, VB_EINPUT, "%s: deployment must be left, centre or right", where);
                goto out;
            }
            z->deploy = k + 1;
            d->deploymask |= BIT(d->nz);
        }
        z->rzone = json_is_true(json_object_get(o, "reinforcement"));
        if (z->rzone)
            d->rmask |= BIT(d->nz);
        z->convent = -1;
        v = json_object_get(o, "objective");
        if (v) {
            static const char *const on[] = {"none", "bastion", "redoubt", "convent", "palau"};
            z->obj = json_is_string(v) ? vb_name_find(on, 5, json_string_value(v)) : -1;
            if (z->obj < 0) {
                vb_fail(cx, VB_EINPUT, "%s: unknown objective", where);
                goto out;
            }
            z->autoobj = json_is_true(json_object_get(o, "automatic"));
            if (z->obj == OBJ_PALAU)
                d->palau = d->nz;
            if (z->obj == OBJ_CONVENT) {
                if (vb_json_str(o, "convent", &s, where, cx))
                    goto out;
                int c = find_in(d->conv, d->nconv, s);
                if (c < 0) {
                    if (d->nconv >= 16) {
                        vb_fail(cx, VB_EINPUT, "%s: too many convents", where);
                        goto out;
                    }
                    c = d->nconv++;
                    if (copy_name(d->conv[c], s, where, cx))
                        goto out;
                }
                z->convent = c;
            }
        }
        d->colmask[z->colour] |= BIT(d->nz);
        d->nz++;
    }
    if (vb_json_arr(j, "sides", &arr, "map.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        const char *a, *b, *line;
        static const char *const ln[] = {"none", "blue", "red", "breach"};
        snprintf(where, sizeof where, "map.json: side %zu", i);
        if (vb_json_str(o, "a", &a, where, cx) || vb_json_str(o, "b", &b, where, cx) ||
            vb_json_str(o, "line", &line, where, cx) || need_source(o, where, cx))
            goto out;
        int za = zone_of(d, a), zb = zone_of(d, b), l = vb_name_find(ln, 4, line), br = -1;
        if (za < 0 || zb < 0) {
            vb_fail(cx, VB_EINPUT, "%s: unknown zone '%s'", where, za < 0 ? a : b);
            goto out;
        }
        if (l < 0 || za == zb || (d->z[za].adj & BIT(zb))) {
            vb_fail(cx, VB_EINPUT, "%s: bad or duplicate side '%s' - '%s'", where, a, b);
            goto out;
        }
        int prot = -1;
        if (l == 3) {
            const char *bn;
            if (vb_json_str(o, "breach", &bn, where, cx))
                goto out;
            br = find_in(d->breach, d->nbreach, bn);
            if (br < 0 && d->nbreach >= 8) {
                vb_fail(cx, VB_EINPUT, "%s: too many breaches (max 8)", where);
                goto out;
            }
            if (br < 0) {
                br = d->nbreach++;
                if (copy_name(d->breach[br], bn, where, cx))
                    goto out;
            }
        } else if (l == 1) {
            const char *pn;
            if (vb_json_str(o, "blue", &pn, where, cx))
                goto out;
            prot = zone_of(d, pn);
            if (prot != za && prot != zb) {
                vb_fail(cx, VB_EINPUT, "%s: blue line protects '%s', not a zone of the side", where,
                        pn);
                goto out;
            }
        }
        int zz[2] = {za, zb};
        for (int k = 0; k < 2; k++) {
            sg_zone *z = &d->z[zz[k]];
            int other = zz[1 - k];
            if (z->nnb >= SG_MAXNB) {
                vb_fail(cx, VB_EINPUT, "%s: zone '%s' has too many neighbours", where, z->name);
                goto out;
            }
            z->nb[z->nnb] = other;
            z->line[z->nnb] = l;
            z->breach[z->nnb] = br;
            z->prot[z->nnb] = prot == zz[k];
            z->nnb++;
            z->adj |= BIT(other);
            int royal = br >= 0 && vb_name_eq(d->breach[br], "Royal");
            if (royal)
                z->royal |= BIT(other);
            else if (l != 2)
                z->pass |= BIT(other);
            if (prot == zz[k])
                z->blue |= BIT(other);
        }
    }
    /* Rule 12: a barricade faces an ochre or green zone across a side with
     * no blue or red line, from an ochre or green zone. */
    uint64_t open = d->colmask[COL_OCHRE] | d->colmask[COL_GREEN];
    for (int z = 0; z < d->nz; z++) {
        sg_zone *zp = &d->z[z];
        if (!(open & BIT(z)))
            continue;
        for (int k = 0; k < zp->nnb; k++)
            if (zp->line[k] == 0 && (open & BIT(zp->nb[k])))
                zp->barok |= BIT(zp->nb[k]);
    }
    /* Distances over every side (rule 9: artillery fires across walls). */
    for (int a = 0; a < d->nz; a++) {
        for (int b = 0; b < d->nz; b++)
            d->dist[a][b] = a == b ? 0 : 99;
        uint64_t fr = BIT(a), seen = BIT(a);
        for (int step = 1; step < 99 && fr; step++) {
            uint64_t nx = 0;
            for (int z = 0; z < d->nz; z++)
                if (fr & BIT(z))
                    nx |= d->z[z].adj;
            nx &= ~seen;
            for (int z = 0; z < d->nz; z++)
                if (nx & BIT(z))
                    d->dist[a][z] = (uint8_t)step;
            seen |= nx;
            fr = nx;
        }
    }
    if (d->palau < 0 || !d->deploymask || !d->rmask) {
        vb_fail(cx, VB_EINPUT, "map.json: needs the Pla de Palau, deployment zones and R zones");
        goto out;
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

static int load_forces(sg_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("setge-1714/forces.json", cx), *arr, *o, *types;
    char where[128];
    size_t i;
    int rc = VB_EINPUT;
    d->flag = -1;
    if (!j)
        return VB_EINPUT;
    if (vb_json_obj(j, "types", &types, "forces.json", cx))
        goto out;
    const char *key;
    json_t *val;
    json_object_foreach(types, key, val)
    {
        if (d->ntypes >= 12) {
            vb_fail(cx, VB_EINPUT, "forces.json: too many unit types (max 12)");
            goto out;
        }
        if (copy_name(d->types[d->ntypes++], key, "forces.json: types", cx))
            goto out;
    }
    if (vb_json_arr(j, "units", &arr, "forces.json", cx))
        goto out;
    if (json_array_size(arr) > SG_MAXU - 1) {
        vb_fail(cx, VB_EINPUT, "forces.json: too many units (max %d)", SG_MAXU - 1);
        goto out;
    }
    json_array_foreach(arr, i, o)
    {
        sg_unit *u = &d->u[d->nu];
        const char *name, *s;
        static const char *const sides[] = {"bourbon", "catalan"};
        snprintf(where, sizeof where, "forces.json: unit %zu", i);
        if (vb_json_str(o, "name", &name, where, cx) || need_source(o, where, cx))
            goto out;
        snprintf(where, sizeof where, "forces.json: unit '%s'", name);
        for (int k = 0; k < d->nu; k++)
            if (vb_name_eq(d->u[k].name, name)) {
                vb_fail(cx, VB_EINPUT, "%s: duplicate unit", where);
                goto out;
            }
        if (copy_name(u->name, name, where, cx))
            goto out;
        vb_name_token(u->tok, sizeof u->tok, name);
        if (vb_json_str(o, "side", &s, where, cx))
            goto out;
        u->side = vb_name_find(sides, 2, s);
        if (vb_json_str(o, "kind", &s, where, cx))
            goto out;
        u->kind = vb_name_find(sg_kind_names, 5, s);
        if (vb_json_str(o, "command", &s, where, cx))
            goto out;
        u->cmd = vb_name_find(sg_cmd_names, CMD_N, s);
        if (u->side < 0 || u->kind < 0 || u->cmd < 0 || (u->cmd >= CMD_CLEFT) != u->side) {
            vb_fail(cx, VB_EINPUT, "%s: bad side, kind or command", where);
            goto out;
        }
        u->type = -1;
        if (u->kind == K_COMBAT) {
            if (vb_json_str(o, "type", &s, where, cx) ||
                vb_json_int(o, "strength", 1, 9, &u->strength, where, cx))
                goto out;
            u->type = find_in(d->types, d->ntypes, s);
            if (u->type < 0) {
                vb_fail(cx, VB_EINPUT, "%s: unknown type '%s'", where, s);
                goto out;
            }
        }
        if (u->kind == K_FLAG)
            d->flag = d->nu;
        u->arrive = 1;
        u->zone = -1;
        u->face = -1;
        if (json_object_get(o, "arrives")) {
            if (vb_json_int(o, "arrives", 2, SG_MAXT - 1, &u->arrive, where, cx))
                goto out;
            if (u->side != SG_CATALAN || u->kind == K_GUN || u->kind == K_BARRICADE) {
                vb_fail(cx, VB_EINPUT, "%s: only Catalan units and leaders arrive later", where);
                goto out;
            }
        } else {
            if (vb_json_str(o, "zone", &s, where, cx))
                goto out;
            u->zone = zone_of(d, s);
            if (u->zone < 0) {
                vb_fail(cx, VB_EINPUT, "%s: unknown zone '%s'", where, s);
                goto out;
            }
        }
        if (u->kind == K_BARRICADE) {
            if (vb_json_str(o, "facing", &s, where, cx))
                goto out;
            u->face = zone_of(d, s);
            if (u->face < 0 || !(d->z[u->zone].barok & BIT(u->face))) {
                vb_fail(cx, VB_EINPUT, "%s: barricade cannot face '%s' (rule 12)", where, s);
                goto out;
            }
        }
        d->nu++;
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

static int load_game(sg_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("setge-1714/game.json", cx), *arr, *o;
    char where[128];
    size_t i;
    int rc = VB_EINPUT;
    if (!j)
        return VB_EINPUT;
    if (vb_json_int(j, "last_turn", 1, SG_MAXT - 2, &d->last_turn, "game.json", cx) ||
        vb_json_arr(j, "turns", &arr, "game.json", cx))
        goto out;
    if ((int)json_array_size(arr) < d->last_turn + 1) {
        vb_fail(cx, VB_EINPUT, "game.json: the track needs %d turns (last + the extra turn)",
                d->last_turn + 1);
        goto out;
    }
    json_array_foreach(arr, i, o)
    {
        int t;
        const char *tm;
        snprintf(where, sizeof where, "game.json: turn %zu", i + 1);
        if (i + 1 >= SG_MAXT)
            break;
        if (vb_json_int(o, "turn", 1, SG_MAXT - 1, &t, where, cx) ||
            vb_json_str(o, "time", &tm, where, cx) ||
            vb_json_int(o, "recovery", 0, 99, &d->recovery[i + 1], where, cx) ||
            need_source(o, where, cx))
            goto out;
        if (t != (int)i + 1) {
            vb_fail(cx, VB_EINPUT, "%s: turns must be in order", where);
            goto out;
        }
        snprintf(d->time[i + 1], sizeof d->time[0], "%.5s", tm);
    }
    if (vb_json_arr(j, "cards", &arr, "game.json", cx))
        goto out;
    json_array_foreach(arr, i, o)
    {
        sg_card *c = &d->c[d->nc];
        const char *id, *title, *side;
        static const char *const sides[] = {"bourbon", "catalan", "active"};
        snprintf(where, sizeof where, "game.json: card %zu", i);
        if (d->nc >= SG_MAXC) {
            vb_fail(cx, VB_EINPUT, "game.json: too many cards (max %d)", SG_MAXC);
            goto out;
        }
        if (vb_json_str(o, "id", &id, where, cx) || vb_json_str(o, "title", &title, where, cx) ||
            need_source(o, where, cx))
            goto out;
        if (copy_name(c->id, id, where, cx))
            goto out;
        snprintf(c->title, sizeof c->title, "%s", title);
        c->side = 2;
        if (json_object_get(o, "side")) {
            if (vb_json_str(o, "side", &side, where, cx))
                goto out;
            c->side = vb_name_find(sides, 3, side);
            if (c->side < 0) {
                vb_fail(cx, VB_EINPUT, "%s: unknown side '%s'", where, side);
                goto out;
            }
        }
        json_t *v;
        if ((v = json_object_get(o, "move")))
            c->move = (int)json_integer_value(v);
        if ((v = json_object_get(o, "assault")))
            c->assault = (int)json_integer_value(v);
        if ((v = json_object_get(o, "guns")))
            c->guns = (int)json_integer_value(v);
        if ((v = json_object_get(o, "salvo")))
            c->salvo = (int)json_integer_value(v);
        if ((v = json_object_get(o, "recover")))
            c->recover = (int)json_integer_value(v);
        c->noguns = json_is_true(json_object_get(o, "no_guns"));
        c->breach = json_is_true(json_object_get(o, "breach"));
        c->hurry = json_is_true(json_object_get(o, "hurry"));
        if (c->move < -2 || c->move > 2 || c->assault < -3 || c->assault > 3 || c->guns < -2 ||
            c->guns > 2 || c->salvo < 0 || c->salvo > 6 || c->recover < 0 || c->recover > 40) {
            vb_fail(cx, VB_EINPUT, "%s: effect out of range", where);
            goto out;
        }
        d->nc++;
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

/* Rule 15: seats per scenario and the side each seat plays, from
 * game.json "seats" into the handle. */
static int load_seats(vb_game *g, vb_ctx *cx)
{
    json_t *j = vb_data_json("setge-1714/game.json", cx), *seats, *sides, *scen, *v;
    static const char *const side_names[] = {"bourbon", "catalan"};
    const char *key;
    int rc = VB_EINPUT;
    if (!j)
        return VB_EINPUT;
    if (vb_json_obj(j, "seats", &seats, "game.json", cx) ||
        need_source(seats, "game.json seats", cx) ||
        vb_json_obj(seats, "sides", &sides, "game.json seats", cx) ||
        vb_json_obj(seats, "scenarios", &scen, "game.json seats", cx))
        goto out;
    for (int r = 0; r < SG_NROLES; r++)
        g->role_side[r] = -1;
    json_object_foreach(sides, key, v)
    {
        int sd = vb_name_find(side_names, 2, key);
        size_t i;
        json_t *x;
        if (sd < 0 || !json_is_array(v)) {
            vb_fail(cx, VB_EINPUT, "game.json seats: unknown side '%.40s'", key);
            goto out;
        }
        json_array_foreach(v, i, x)
        {
            int r = vb_name_find(sg_role_names, SG_NROLES, json_string_value(x));
            if (r < 0 || g->role_side[r] >= 0) {
                vb_fail(cx, VB_EINPUT, "game.json seats: side '%s': bad or repeated seat", key);
                goto out;
            }
            g->role_side[r] = sd;
        }
    }
    for (int r = 0; r < SG_NROLES; r++)
        if (g->role_side[r] < 0) {
            vb_fail(cx, VB_EINPUT, "game.json seats: seat '%s' has no side", sg_role_names[r]);
            goto out;
        }
    for (int sc = 0; sc < g->nscenarios; sc++) {
        json_t *list = json_object_get(scen, g->scenarios[sc]), *x;
        size_t i;
        if (!json_is_array(list)) {
            vb_fail(cx, VB_EINPUT, "game.json seats: scenario '%s' lists no seats",
                    g->scenarios[sc]);
            goto out;
        }
        g->scenario_roles[sc] = 0;
        json_array_foreach(list, i, x)
        {
            int r = vb_name_find(sg_role_names, SG_NROLES, json_string_value(x));
            if (r < 0) {
                vb_fail(cx, VB_EINPUT, "game.json seats: scenario '%s': unknown seat",
                        g->scenarios[sc]);
                goto out;
            }
            g->scenario_roles[sc] |= VB_ROLE_BIT(r);
        }
        if (!(g->scenario_roles[sc] & VB_ROLE_BIT(R_BOURBON)) ||
            !(g->scenario_roles[sc] & VB_ROLE_BIT(R_CATALAN))) {
            vb_fail(cx, VB_EINPUT, "game.json seats: scenario '%s' needs both main seats",
                    g->scenarios[sc]);
            goto out;
        }
    }
    g->nsides = 2;
    g->sides = side_names;
    rc = 0;
out:
    json_decref(j);
    return rc;
}

int sg_load(vb_game *g, vb_ctx *cx)
{
    sg_data *d = calloc(1, sizeof *d);
    if (!d)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    int rc = load_map(d, cx);
    if (!rc)
        rc = load_forces(d, cx);
    if (!rc)
        rc = load_game(d, cx);
    if (!rc)
        rc = load_seats(g, cx);
    if (rc) {
        free(d);
        return rc;
    }
    sg_precompute(d);
    g->data = d;
    return 0;
}

void sg_unload(vb_game *g)
{
    free(g->data);
    g->data = NULL;
}
