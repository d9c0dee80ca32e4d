/*
 * sg_json.c - a position of "11 de Setembre. Setge 1714" as JSON: written
 * for a role (its view: names, not indexes) and read back with every field
 * validated (unknown keys, names, ranges); sg_check in sg_io.c then judges
 * the whole.
 */
#include <string.h>

#include "sg_int.h"

/* ------------------------------------------------------------- JSON out */

static json_t *names_of(const sg_data *d, const sg_state *s, int status)
{
    json_t *a = json_array();
    for (int u = 0; u < d->nu; u++)
        if (s->us[u] == status)
            json_array_append_new(a, json_string(d->u[u].name));
    return a;
}

static json_t *zone_or_null(const sg_data *d, int z)
{
    return z != SG_NO && z < d->nz ? json_string(d->z[z].name) : json_null();
}

static json_t *unit_or_null(const sg_data *d, int u)
{
    return u != SG_NO && u < d->nu ? json_string(d->u[u].name) : json_null();
}

json_t *sg_to_json(const vb_game *g, const void *st, int role)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    json_t *j = json_object(), *zs = json_object(), *a;
    (void)role; /* no hidden information: the deck is a public set */
    json_object_set_new(j, "turn", json_integer(s->turn));
    json_object_set_new(j, "time", json_string(d->time[s->turn < SG_MAXT ? s->turn : 0]));
    json_object_set_new(j, "half", json_string(sg_half_names[s->half & 1]));
    json_object_set_new(j, "phase", json_string(s->phase < PH_N ? sg_phase_names[s->phase] : "?"));
    {
        int seats[2];
        int ns = sg_side_seats(s, s->half & 1, seats);
        json_object_set_new(j, "seat",
                            json_string(sg_role_names[seats[s->seat < ns ? s->seat : 0]]));
    }
    json_object_set_new(j, "royal_breach", json_string(s->breach ? "secured" : "mined"));
    json_object_set_new(j, "extended", json_boolean(s->extended));
    json_object_set_new(j, "card",
                        s->card != SG_NO && s->card < d->nc ? json_string(d->c[s->card].id)
                                                            : json_null());
    a = json_array();
    for (int c = 0; c < d->nc; c++)
        if (s->deck & (1u << c))
            json_array_append_new(a, json_string(d->c[c].id));
    json_object_set_new(j, "deck", a);
    if (s->recover || s->rlose) {
        json_object_set_new(j, "recover", json_integer(s->recover));
        json_object_set_new(j, "recovery_loses", json_boolean(s->rlose));
    }
    for (int z = 0; z < d->nz; z++) {
        json_t *l = NULL;
        for (int u = 0; u < d->nu; u++)
            if (s->us[u] == US_ON && s->uz[u] == z) {
                if (!l)
                    l = json_array();
                json_array_append_new(l, json_string(d->u[u].name));
            }
        if (l)
            json_object_set_new(zs, d->z[z].name, l);
    }
    json_object_set_new(j, "zones", zs);
    a = json_object();
    for (int u = 0; u < d->nu; u++)
        if (s->face[u] != SG_NO)
            json_object_set_new(a, d->u[u].name, zone_or_null(d, s->face[u]));
    json_object_set_new(j, "facing", a);
    a = json_array();
    for (int u = 0; u < d->nu; u++)
        if (s->done[u])
            json_array_append_new(a, json_string(d->u[u].name));
    json_object_set_new(j, "done", a);
    json_object_set_new(j, "eliminated", names_of(d, s, US_ELIM));
    json_object_set_new(j, "lost", names_of(d, s, US_LOST));
    a = json_object();
    for (int u = 0; u < d->nu; u++)
        if (s->us[u] == US_WAIT)
            json_object_set_new(a, d->u[u].name, json_integer(s->arrive[u]));
    json_object_set_new(j, "waiting", a);
    a = json_array();
    for (int z = 0; z < d->nz; z++)
        if (s->ovr & BIT(z))
            json_array_append_new(a, json_string(d->z[z].name));
    json_object_set_new(j, "overstacked", a);
    a = json_array();
    for (int z = 0; z < d->nz; z++)
        if (s->acted & BIT(z))
            json_array_append_new(a, json_string(d->z[z].name));
    json_object_set_new(j, "acted", a);
    if (s->mover != SG_NO)
        json_object_set_new(j, "moving", unit_or_null(d, s->mover));
    if (s->mstack != SG_NO)
        json_object_set_new(j, "moving_stack", zone_or_null(d, s->mstack));
    if (s->ncancel)
        json_object_set_new(j, "cancels", json_integer(s->ncancel));
    if (s->ckind != CK_NONE) {
        json_t *c = json_object();
        json_object_set_new(c, "kind", json_string(sg_ckind_names[s->ckind & 3]));
        if (s->ckind == CK_FIRE) {
            json_object_set_new(c, "gun", unit_or_null(d, s->cfrom));
            json_object_set_new(c, "target", unit_or_null(d, s->alead));
        } else {
            json_object_set_new(c, "from", zone_or_null(d, s->cfrom));
            json_object_set_new(c, "to", zone_or_null(d, s->cto));
            json_object_set_new(c, "defender",
                                json_string(s->drole < SG_NROLES ? sg_role_names[s->drole] : "?"));
            json_object_set_new(c, "attacker_lead", unit_or_null(d, s->alead));
            json_object_set_new(c, "defender_lead", unit_or_null(d, s->dlead));
            json_object_set_new(c, "attacker_commander", unit_or_null(d, s->acmd));
            json_object_set_new(c, "defender_commander", unit_or_null(d, s->dcmd));
            json_object_set_new(c, "withdraw", json_boolean(s->withdraw));
            json_object_set_new(c, "attacker_die", json_integer(s->adie));
            json_object_set_new(c, "defender_die", json_integer(s->ddie));
            json_object_set_new(c, "dice", json_integer(s->dice));
            json_object_set_new(c, "hits", json_integer(s->hits));
            json_object_set_new(c, "advanced", json_integer(s->adv));
            json_object_set_new(c, "result", json_string(sg_cres_names[s->cres % 5]));
            if (s->csub)
                json_object_set_new(c, "commander_step", json_integer(s->csub));
            if (s->ovz != SG_NO) {
                json_object_set_new(c, "forced_into", zone_or_null(d, s->ovz));
                json_object_set_new(
                    c, "eliminating",
                    json_string(s->eseat < SG_NROLES ? sg_role_names[s->eseat] : "?"));
            }
        }
        json_object_set_new(j, "combat", c);
    }
    if (s->over) {
        json_object_set_new(j, "over", json_true());
        json_object_set_new(j, "winner",
                            json_string(s->winner == 0   ? "bourbon"
                                        : s->winner == 1 ? "catalan"
                                                         : "draw"));
    }
    return j;
}

/* ------------------------------------------------------------- JSON in */

static int get_name_list(json_t *j, const char *key, json_t **out, vb_ctx *cx)
{
    *out = json_object_get(j, key);
    if (*out && !json_is_array(*out))
        return vb_fail(cx, VB_EINPUT, "state: '%s' must be an array of names", key);
    return 0;
}

/* Exact names first (what to_json writes, in unit order), then the
 * forgiving comparison for hand-written files. */
static int find_unit_fast(const sg_data *d, const char *name, int hint)
{
    if (hint >= 0 && hint < d->nu && !strcmp(d->u[hint].name, name))
        return hint;
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].name[0] == name[0] && !strcmp(d->u[u].name, name))
            return u;
    return sg_find_unit(d, name);
}

static int unit_named(const sg_data *d, json_t *v, const char *where, int *u, vb_ctx *cx)
{
    if (!json_is_string(v))
        return vb_fail(cx, VB_EINPUT, "state: %s: expected a unit name", where);
    *u = find_unit_fast(d, json_string_value(v), *u + 1);
    if (*u < 0)
        return vb_fail(cx, VB_EINPUT, "state: %s: unknown unit '%s'", where, json_string_value(v));
    return 0;
}

static int zone_named(const sg_data *d, json_t *v, const char *where, int *z, vb_ctx *cx)
{
    if (!json_is_string(v))
        return vb_fail(cx, VB_EINPUT, "state: %s: expected a zone name", where);
    *z = sg_find_zone(d, json_string_value(v));
    if (*z < 0)
        return vb_fail(cx, VB_EINPUT, "state: %s: unknown zone '%s'", where, json_string_value(v));
    return 0;
}

static int opt_unit(const sg_data *d, json_t *o, const char *key, uint8_t *out, vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    int u = -1;
    *out = SG_NO;
    if (!v || json_is_null(v))
        return 0;
    if (unit_named(d, v, key, &u, cx))
        return VB_EINPUT;
    *out = (uint8_t)u;
    return 0;
}

static int opt_zone(const sg_data *d, json_t *o, const char *key, uint8_t *out, vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    int z = -1;
    *out = SG_NO;
    if (!v || json_is_null(v))
        return 0;
    if (zone_named(d, v, key, &z, cx))
        return VB_EINPUT;
    *out = (uint8_t)z;
    return 0;
}

static int opt_small(json_t *o, const char *key, int max, uint8_t *out, vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    *out = 0;
    if (!v)
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > max)
        return vb_fail(cx, VB_EINPUT, "state: '%s' must be an integer 0..%d", key, max);
    *out = (uint8_t)json_integer_value(v);
    return 0;
}

static const char *const state_keys[] = {
    "turn",        "time",    "half",       "phase",        "seat",           "royal_breach",
    "extended",    "card",    "deck",       "recover",      "recovery_loses", "zones",
    "facing",      "done",    "eliminated", "lost",         "waiting",        "unlisted",
    "overstacked", "acted",   "moving",     "moving_stack", "combat",         "over",
    "winner",      "cancels", NULL};
static const char *const combat_keys[] = {"kind",
                                          "gun",
                                          "target",
                                          "from",
                                          "to",
                                          "defender",
                                          "attacker_lead",
                                          "defender_lead",
                                          "attacker_commander",
                                          "defender_commander",
                                          "withdraw",
                                          "attacker_die",
                                          "defender_die",
                                          "dice",
                                          "hits",
                                          "advanced",
                                          "result",
                                          "commander_step",
                                          "forced_into",
                                          "eliminating",
                                          NULL};

static int opt_bool(json_t *o, const char *key, uint8_t *out, const char *where, vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    *out = 0;
    if (!v)
        return 0;
    if (!json_is_boolean(v))
        return vb_fail(cx, VB_EINPUT, "%s: '%s' must be true or false", where, key);
    *out = json_is_true(v);
    return 0;
}

int sg_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    sg_state *s = st;
    const char *str;
    int k, t;
    json_t *v, *a;
    size_t i;
    if (!json_is_object(j))
        return vb_fail(cx, VB_EINPUT, "state: expected an object");
    if (vb_json_known(j, state_keys, "state", cx) < 0)
        return VB_EINPUT;
    if (vb_json_int(j, "turn", 1, d->last_turn + 1, &t, "state", cx))
        return VB_EINPUT;
    s->turn = (uint8_t)t;
    /* "time" is written for people (the turn track, game.json); when a
     * file gives it, it must be the time of its turn. */
    v = json_object_get(j, "time");
    if (v && !(json_is_string(v) && !strcmp(json_string_value(v), d->time[t])))
        return vb_fail(cx, VB_EINPUT, "state: time must be \"%s\", the time of turn %d", d->time[t],
                       t);
    if (vb_json_str(j, "half", &str, "state", cx))
        return VB_EINPUT;
    k = vb_name_find(sg_half_names, SG_NHALVES, str);
    if (k < 0)
        return vb_fail(cx, VB_EINPUT, "state: half must be 'bourbon' or 'catalan', not '%s'", str);
    s->half = (uint8_t)k;
    if (vb_json_str(j, "phase", &str, "state", cx))
        return VB_EINPUT;
    k = vb_name_find(sg_phase_names, PH_N, str);
    if (k < 0)
        return vb_fail(cx, VB_EINPUT, "state: unknown phase '%s'", str);
    s->phase = (uint8_t)k;
    s->seat = 0;
    if ((v = json_object_get(j, "seat"))) {
        int seats[2], ns = sg_side_seats(s, s->half, seats), r;
        r = json_is_string(v) ? vb_name_find(sg_role_names, SG_NROLES, json_string_value(v)) : -1;
        for (k = 0; k < ns; k++)
            if (seats[k] == r)
                s->seat = (uint8_t)k;
        if (r < 0 || seats[s->seat] != r)
            return vb_fail(cx, VB_EINPUT,
                           "state: seat is not a role of the %s side in this "
                           "scenario (rule 15)",
                           sg_half_names[s->half]);
    }
    v = json_object_get(j, "royal_breach");
    if (v && !(json_is_string(v) && (vb_name_eq(json_string_value(v), "secured") ||
                                     vb_name_eq(json_string_value(v), "mined"))))
        return vb_fail(cx, VB_EINPUT, "state: royal_breach must be 'secured' or 'mined'");
    s->breach = v && vb_name_eq(json_string_value(v), "secured");
    if (opt_bool(j, "extended", &s->extended, "state", cx) ||
        opt_bool(j, "recovery_loses", &s->rlose, "state", cx))
        return VB_EINPUT;
    s->card = SG_NO;
    v = json_object_get(j, "card");
    if (v && !json_is_null(v)) {
        int c = -1;
        for (k = 0; k < d->nc; k++)
            if (json_is_string(v) && vb_name_eq(d->c[k].id, json_string_value(v)))
                c = k;
        if (c < 0)
            return vb_fail(cx, VB_EINPUT, "state: unknown card");
        s->card = (uint8_t)c;
    }
    a = json_object_get(j, "deck");
    if (a) {
        if (!json_is_array(a))
            return vb_fail(cx, VB_EINPUT, "state: 'deck' must be an array of card ids");
        json_array_foreach(a, i, v)
        {
            int c = -1;
            for (k = 0; k < d->nc; k++)
                if (json_is_string(v) && vb_name_eq(d->c[k].id, json_string_value(v)))
                    c = k;
            if (c < 0 || (s->deck & (1u << c)))
                return vb_fail(cx, VB_EINPUT, "state: deck: unknown or repeated card");
            s->deck |= 1u << c;
        }
    } else {
        s->deck = (d->nc >= 32 ? 0xFFFFFFFFu : (1u << d->nc) - 1);
        if (s->card != SG_NO)
            s->deck &= ~(1u << s->card);
    }
    if (opt_small(j, "recover", 250, &s->recover, cx) ||
        opt_small(j, "cancels", SG_MAX_CANCEL, &s->ncancel, cx))
        return VB_EINPUT;
    memset(s->uz, SG_NO, sizeof s->uz);
    memset(s->face, SG_NO, sizeof s->face);
    for (k = d->nu; k < SG_MAXU; k++) {
        s->uz[k] = 0;
        s->face[k] = 0;
    }
    for (k = 0; k < d->nu; k++)
        s->face[k] = SG_NO;
    for (k = 0; k < d->nu; k++)
        s->uz[k] = SG_NO;
    /* units on the map */
    if (vb_json_obj(j, "zones", &a, "state", cx))
        return VB_EINPUT;
    const char *key;
    json_object_foreach(a, key, v)
    {
        int z = sg_find_zone(d, key), u = -1;
        if (z < 0)
            return vb_fail(cx, VB_EINPUT, "state: zones: unknown zone '%s'", key);
        if (!json_is_array(v))
            return vb_fail(cx, VB_EINPUT, "state: zone '%s': expected a list of units", key);
        json_t *e;
        size_t q;
        json_array_foreach(v, q, e)
        {
            if (unit_named(d, e, key, &u, cx))
                return VB_EINPUT;
            if (s->us[u])
                return vb_fail(cx, VB_EINPUT, "state: unit '%s' is listed twice", d->u[u].name);
            s->us[u] = US_ON;
            s->uz[u] = (uint8_t)z;
        }
    }
    static const char *const lists[2] = {"eliminated", "lost"};
    for (int li = 0; li < 2; li++) {
        if (get_name_list(j, lists[li], &a, cx))
            return VB_EINPUT;
        if (!a)
            continue;
        int u = -1;
        json_array_foreach(a, i, v)
        {
            if (unit_named(d, v, lists[li], &u, cx))
                return VB_EINPUT;
            if (s->us[u])
                return vb_fail(cx, VB_EINPUT, "state: unit '%s' is listed twice", d->u[u].name);
            s->us[u] = li ? US_LOST : US_ELIM;
        }
    }
    a = json_object_get(j, "waiting");
    if (a) {
        if (!json_is_object(a))
            return vb_fail(cx, VB_EINPUT, "state: 'waiting' must map units to turns");
        json_object_foreach(a, key, v)
        {
            int u = sg_find_unit(d, key);
            if (u < 0)
                return vb_fail(cx, VB_EINPUT, "state: waiting: unknown unit '%s'", key);
            if (s->us[u])
                return vb_fail(cx, VB_EINPUT, "state: unit '%s' is listed twice", key);
            if (!json_is_integer(v) || json_integer_value(v) < 0 ||
                json_integer_value(v) >= SG_MAXT)
                return vb_fail(cx, VB_EINPUT, "state: waiting '%s': bad turn", key);
            s->us[u] = US_WAIT;
            s->arrive[u] = (uint8_t)json_integer_value(v);
        }
    }
    v = json_object_get(j, "unlisted");
    if (v && !(json_is_string(v) && (vb_name_eq(json_string_value(v), "eliminated") ||
                                     vb_name_eq(json_string_value(v), "waiting"))))
        return vb_fail(cx, VB_EINPUT, "state: unlisted must be 'eliminated' or 'waiting'");
    for (k = 0; k < d->nu; k++) {
        if (s->us[k])
            continue;
        if (v && json_is_string(v) && vb_name_eq(json_string_value(v), "eliminated"))
            s->us[k] = US_ELIM;
        else if (v && json_is_string(v) && vb_name_eq(json_string_value(v), "waiting") &&
                 d->u[k].arrive > 1) {
            s->us[k] = US_WAIT;
            s->arrive[k] = (uint8_t)d->u[k].arrive;
        } else if (v && json_is_string(v) && vb_name_eq(json_string_value(v), "waiting"))
            s->us[k] = US_ELIM;
        else
            return vb_fail(cx, VB_EINPUT,
                           "state: unit '%s' is neither on the map, eliminated nor waiting",
                           d->u[k].name);
    }
    a = json_object_get(j, "facing");
    if (a && !json_is_object(a))
        return vb_fail(cx, VB_EINPUT, "state: 'facing' must map barricades to zones");
    if (a) {
        json_object_foreach(a, key, v)
        {
            int u = sg_find_unit(d, key), z;
            if (u < 0 || d->u[u].kind != K_BARRICADE)
                return vb_fail(cx, VB_EINPUT, "state: facing: '%s' is not a barricade", key);
            if (zone_named(d, v, key, &z, cx))
                return VB_EINPUT;
            s->face[u] = (uint8_t)z;
        }
    }
    for (k = 0; k < d->nu; k++)
        if (d->u[k].kind == K_BARRICADE && s->us[k] == US_ON && s->face[k] == SG_NO)
            return vb_fail(cx, VB_EINPUT, "state: barricade '%s' needs a facing (rule 12)",
                           d->u[k].name);
    if (get_name_list(j, "done", &a, cx))
        return VB_EINPUT;
    if (a)
        json_array_foreach(a, i, v)
        {
            int u = -1;
            if (unit_named(d, v, "done", &u, cx))
                return VB_EINPUT;
            s->done[u] = 1;
        }
    static const char *const masks[2] = {"overstacked", "acted"};
    for (int mi = 0; mi < 2; mi++) {
        if (get_name_list(j, masks[mi], &a, cx))
            return VB_EINPUT;
        if (a)
            json_array_foreach(a, i, v)
            {
                int z;
                if (zone_named(d, v, masks[mi], &z, cx))
                    return VB_EINPUT;
                if (mi)
                    s->acted |= BIT(z);
                else
                    s->ovr |= BIT(z);
            }
    }
    if (opt_unit(d, j, "moving", &s->mover, cx) || opt_zone(d, j, "moving_stack", &s->mstack, cx))
        return VB_EINPUT;
    s->ckind = CK_NONE;
    s->cfrom = s->cto = s->drole = s->alead = s->dlead = s->acmd = s->dcmd = SG_NO;
    s->ovz = s->eseat = SG_NO;
    a = json_object_get(j, "combat");
    if (a && !json_is_object(a))
        return vb_fail(cx, VB_EINPUT, "state: 'combat' must be an object");
    if (a && vb_json_known(a, combat_keys, "state: combat", cx) < 0)
        return VB_EINPUT;
    if (a) {
        if (vb_json_str(a, "kind", &str, "combat", cx))
            return VB_EINPUT;
        k = vb_name_find(sg_ckind_names, 4, str);
        if (k <= 0)
            return vb_fail(cx, VB_EINPUT, "state: combat: unknown kind '%s'", str);
        s->ckind = (uint8_t)k;
        if (k == CK_FIRE) {
            if (opt_unit(d, a, "gun", &s->cfrom, cx) || opt_unit(d, a, "target", &s->alead, cx))
                return VB_EINPUT;
        } else {
            if (opt_zone(d, a, "from", &s->cfrom, cx) || opt_zone(d, a, "to", &s->cto, cx) ||
                opt_unit(d, a, "attacker_lead", &s->alead, cx) ||
                opt_unit(d, a, "defender_lead", &s->dlead, cx) ||
                opt_unit(d, a, "attacker_commander", &s->acmd, cx) ||
                opt_unit(d, a, "defender_commander", &s->dcmd, cx) ||
                opt_small(a, "attacker_die", 6, &s->adie, cx) ||
                opt_small(a, "defender_die", 6, &s->ddie, cx) ||
                opt_small(a, "dice", SG_MAXU, &s->dice, cx) ||
                opt_small(a, "hits", SG_MAXU, &s->hits, cx) ||
                opt_small(a, "advanced", SG_MAXU, &s->adv, cx) ||
                opt_small(a, "commander_step", 1, &s->csub, cx) ||
                opt_zone(d, a, "forced_into", &s->ovz, cx) ||
                opt_bool(a, "withdraw", &s->withdraw, "state: combat", cx))
                return VB_EINPUT;
            v = json_object_get(a, "eliminating");
            if (v) {
                k = json_is_string(v) ? vb_name_find(sg_role_names, SG_NROLES, json_string_value(v))
                                      : -1;
                if (k < 0)
                    return vb_fail(cx, VB_EINPUT, "state: combat: unknown role in 'eliminating'");
                s->eseat = (uint8_t)k;
            }
            v = json_object_get(a, "defender");
            if (v) {
                k = json_is_string(v) ? vb_name_find(sg_role_names, SG_NROLES, json_string_value(v))
                                      : -1;
                if (k < 0)
                    return vb_fail(cx, VB_EINPUT, "state: combat: unknown defender role");
                s->drole = (uint8_t)k;
            } else if (s->cto != SG_NO) {
                s->drole = (uint8_t)sg_zone_role(d, s, s->cto, 1 - s->half);
            }
            v = json_object_get(a, "result");
            if (v) {
                k = json_is_string(v) ? vb_name_find(sg_cres_names, 5, json_string_value(v)) : -1;
                if (k < 0)
                    return vb_fail(cx, VB_EINPUT, "state: combat: unknown result");
                s->cres = (uint8_t)k;
            }
        }
    }
    if (opt_bool(j, "over", &s->over, "state", cx))
        return VB_EINPUT;
    sg_resum(d, s);
    v = json_object_get(j, "winner");
    if (v && !s->over)
        return vb_fail(cx, VB_EINPUT, "state: a winner but the game is not over");
    if (s->over) {
        static const char *const wn[3] = {"bourbon", "catalan", "draw"};
        k = v && json_is_string(v) ? vb_name_find(wn, 3, json_string_value(v)) : -1;
        if (k < 0)
            return vb_fail(cx, VB_EINPUT, "state: winner must be 'bourbon', 'catalan' or 'draw'");
        s->winner = (uint8_t)k;
    }
    int rc = sg_check(g, st, cx);
    if (rc)
        return rc;
    /* A hand-written position may stop where nobody has a choice; states
     * written by to_json are already settled, so this changes nothing. */
    sg_settle(d, s, cx);
    if ((rc = sg_check(g, st, cx)))
        return rc;
    if (sg_to_move(g, st) >= 0 && sg_legal(g, st, NULL, NULL, VB_MAX_ACTIONS) <= 0)
        return vb_fail(cx, VB_EINPUT, "state: %s must decide but has no legal action",
                       sg_role_names[sg_to_move(g, st)]);
    return 0;
}
