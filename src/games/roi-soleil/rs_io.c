/*
 * rs_io.c - action texts, and the state as JSON (names, not indexes) and
 * back with every field checked (the terminal listing is in rs_board.c).
 */
#include <stddef.h>
#include <stdlib.h>

#include "rs_int.h"

static const char *zt(const vb_game *g, int z)
{
    return z >= 0 && z < RS_D(g)->nz ? RS_D(g)->z[z].tok : "?";
}

static const char *gt(const vb_game *g, int i)
{
    return i >= 0 && i < RS_D(g)->ng ? RS_D(g)->gd[i].tok : "?";
}

static const char *kn(const vb_game *g, int k, char *b)
{
    rs_kind_name(g, k, b, 2 * RS_NAME);
    return b;
}

void rs_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    const rs_data *d = RS_D(g);
    int x = A_X(a), y = A_Y(a);
    char kb[2 * RS_NAME];
    (void)st;
    switch (A_OP(a)) {
    case OP_DIE:
        snprintf(buf, n, "%d", x);
        break;
    case OP_DRAW:
        snprintf(buf, n, "marker-%d", x + 1);
        break;
    case OP_PLACE:
        snprintf(buf, n, "place %s", zt(g, x));
        break;
    case OP_BORROW:
        snprintf(buf, n, "borrow");
        break;
    case OP_NOLOAN:
        snprintf(buf, n, "no-loan");
        break;
    case OP_TAKE:
        snprintf(buf, n, "take %s", x < RS_NCAT ? rs_cat_names[x] : "?");
        break;
    case OP_DONE:
        snprintf(buf, n, "done");
        break;
    case OP_RECRUIT:
        snprintf(buf, n, "recruit %s %s%s", kn(g, x, kb), zt(g, y), A_Z(a) ? " garrison" : "");
        break;
    case OP_RECRUITG:
        snprintf(buf, n, "recruit %s %s", gt(g, x), zt(g, y));
        break;
    case OP_RECRUITZ:
        snprintf(buf, n, "recruit-in %s", zt(g, x));
        break;
    case OP_FORTIFY:
        snprintf(buf, n, "fortify %s", zt(g, x));
        break;
    case OP_LINE:
        snprintf(buf, n, "line %s", zt(g, x));
        break;
    case OP_BET:
        snprintf(buf, n, "bet %d", x);
        break;
    case OP_MOVE:
        snprintf(buf, n, "move %s", gt(g, x));
        break;
    case OP_TAKEG:
        snprintf(buf, n, "with %s", gt(g, x));
        break;
    case OP_LEAVE:
        snprintf(buf, n, "leave %s", kn(g, x, kb));
        break;
    case OP_UNGARRISON:
        /* 11: out of a fortress just raised, in the zone named */
        snprintf(buf, n, "from-garrison %s%s%s", kn(g, x, kb), A_Z(a) ? " " : "",
                 A_Z(a) ? zt(g, y) : "");
        break;
    case OP_MARCH:
        snprintf(buf, n, "march");
        break;
    case OP_TO:
        snprintf(buf, n, "to %s", zt(g, x));
        break;
    case OP_VIA:
        snprintf(buf, n, "via %s %s", x < RS_NBOX ? d->b[x].tok : "?", zt(g, y));
        break;
    case OP_HALT:
        snprintf(buf, n, "halt");
        break;
    case OP_PRESSON:
        snprintf(buf, n, "press-on");
        break;
    case OP_INTERCEPT:
        snprintf(buf, n, "intercept-from %s", zt(g, x));
        break;
    case OP_NOINTERCEPT:
        snprintf(buf, n, "no-interception");
        break;
    case OP_PICK:
        snprintf(buf, n, "%s %s", y ? "pick-garrison" : "pick", kn(g, x, kb));
        break;
    case OP_DROP:
        snprintf(buf, n, "drop %s", kn(g, x, kb));
        break;
    case OP_SWAY: {
        char tok[RS_NAME];
        vb_name_token(tok, sizeof tok, x < RS_D(g)->ns ? RS_D(g)->s[x].name : "?");
        snprintf(buf, n, "sway %s", tok);
        break;
    }
    case OP_NODIPLO:
        snprintf(buf, n, "no-diplomacy");
        break;
    case OP_NOATTACK:
        snprintf(buf, n, "no-attack");
        break;
    case OP_LOSE:
        snprintf(buf, n, "lose %s", kn(g, x, kb));
        break;
    case OP_OUT:
        snprintf(buf, n, "out %s", kn(g, x, kb));
        break;
    case OP_HONOURS:
        snprintf(buf, n, "honours %s", zt(g, x));
        break;
    case OP_COMMAND:
        snprintf(buf, n, "command %s", gt(g, x));
        break;
    case OP_RETURN:
        snprintf(buf, n, "return %s", gt(g, x));
        break;
    case OP_REFUSE:
        snprintf(buf, n, "refuse %s", gt(g, x));
        break;
    case OP_ATTACK:
        snprintf(buf, n, "attack %s", zt(g, x));
        break;
    case OP_SIEGE:
        snprintf(buf, n, "siege %s", zt(g, x));
        break;
    case OP_SCORCH:
        snprintf(buf, n, "scorch %s", zt(g, x));
        break;
    case OP_CONTROL:
        snprintf(buf, n, "control %s", x < RS_NBOX ? d->b[x].tok : "?");
        break;
    case OP_GARRISON:
        snprintf(buf, n, "garrison %s %s", zt(g, x), kn(g, y, kb));
        break;
    case OP_END:
        snprintf(buf, n, "end-campaign");
        break;
    case OP_DECOY:
        snprintf(buf, n, "decoy");
        break;
    case OP_NODECOY:
        snprintf(buf, n, "no-decoy");
        break;
    case OP_STAND:
        snprintf(buf, n, "stand");
        break;
    case OP_EVADE:
        snprintf(buf, n, "evade");
        break;
    case OP_RETREAT:
        snprintf(buf, n, "retreat %s", zt(g, x));
        break;
    case OP_FIGHTON:
        snprintf(buf, n, "fight-on");
        break;
    case OP_BREAKOFF:
        snprintf(buf, n, "break-off");
        break;
    case OP_STAY:
        snprintf(buf, n, "stay");
        break;
    case OP_WITHDRAW:
        snprintf(buf, n, "withdraw %s", zt(g, x));
        break;
    case OP_EFFORT:
        snprintf(buf, n, "war-effort");
        break;
    case OP_NOEFFORT:
        snprintf(buf, n, "no-effort");
        break;
    case OP_CONTINUE:
        snprintf(buf, n, "continue-siege");
        break;
    case OP_STOPSIEGE:
        snprintf(buf, n, "stop-siege");
        break;
    case OP_SURPRISE:
        snprintf(buf, n, "surprise %s", gt(g, x));
        break;
    case OP_NOSURPRISE:
        snprintf(buf, n, "no-surprise");
        break;
    case OP_QUARTERS:
        snprintf(buf, n, "quarters %s", zt(g, y));
        break;
    default:
        snprintf(buf, n, "unknown-%llu", (unsigned long long)a);
    }
}

/* ---- JSON ---------------------------------------------------------------
 * Scalars of the state by a table: name, offset, width (1 signed, 2 signed
 * 16-bit, 3 unsigned 8-bit), range. */
typedef struct field {
    const char *name;
    size_t off;
    int kind, min, max;
} field;

#define F8(n, m, lo, hi)                                                                           \
    {                                                                                              \
        n, offsetof(rs_state, m), 1, lo, hi                                                        \
    }
#define U8(n, m, lo, hi)                                                                           \
    {                                                                                              \
        n, offsetof(rs_state, m), 3, lo, hi                                                        \
    }
#define F16(n, m, lo, hi)                                                                          \
    {                                                                                              \
        n, offsetof(rs_state, m), 2, lo, hi                                                        \
    }
static const field fields[] = {
    F16("year", year, 1667, 1713),
    U8("sub", sub, 0, 255),
    U8("k", k, 0, 255),
    F8("prev_init", prev_init, 0, 1),
    U8("cursor", cursor, 0, 9),
    U8("passes", passes, 0, 9),
    U8("did", did, 0, 1),
    F8("gp", gp, -99, 99),
    F8("event", event, 0, 6),
    F8("pursuit_mod", pursuit_mod, -3, 3),
    F8("event_amount", ev_amount, 0, 60),
    U8("over", over, 0, 1),
    U8("winner", winner, 0, 2),
    U8("resounding", resounding, 0, 1),
    U8("bankrupt", bankrupt, 0, 1),
    U8("pool", lorraine, 0, 60),
    F8("attrition_zone", attr_zone, -1, RS_MAXZ - 1),
    F8("attrition_camp", attr_camp, 0, 1),
    F8("attrition_mod", attr_mod, -9, 127),
    F8("attrition_sp", attr_sp, 0, 127),
    F8("roll_france", croll[0], -9, 30),
    F8("roll_coalition", croll[1], -9, 30),
    F8("surprise_general", sgen, -1, RS_MAXG - 1),
    U8("to_draw", ndraw, 0, 9),
    F8("winter_mod", winter_mod, -3, 3),
    U8("loss_france", loss[0], 0, 255),
    U8("loss_coalition", loss[1], 0, 255),
    F8("loss_zone", loss_zone, -1, RS_MAXZ - 1),
    U8("loss_first", loss_first, 0, 1),
    U8("loss_next", loss_k, LK_NONE, LK_OUT_ES),
    U8("loss_garrison", loss_garr, 0, 1),
    F8("interception_zone", icpt, -1, RS_MAXZ - 1),
    F8("flooded_zone", flood, -1, RS_MAXZ - 1),
    U8("admirals_france", boxbon[0], 0, 15),
    U8("admirals_coalition", boxbon[1], 0, 15),
    F8("frozen_camp", stay_camp, -1, 1),
    U8("frozen_kind", stay_kind, 0, RS_NT - 1),
    F8("locked_camp", lock_camp, -1, 1),
    U8("locked_kind", lock_kind, 0, RS_NT - 1),
    U8("locked_sp", lock_n, 0, 120),
    U8("locked_cavalry", lock_cav, 0, 120),
    U8("forced_fortification", forced_fort, 0, 9),
    F16("event_rp_france", rp_adj[0], -20, 20),
    F16("event_rp_coalition", rp_adj[1], -20, 20),
    F16("event_sp_france", sp_adj[0], -500, 500),
    F16("event_sp_coalition", sp_adj[1], -500, 500),
    F8("barred_nation", ban_nat, -1, RS_NN - 1),
    F8("leaves_after_campaigns", doomed, -1, RS_MAXG - 1),
    F8("kept_in_reserve", glock, -1, RS_MAXG - 1),
    F8("recruiting_in", rzone, -1, RS_MAXZ - 1),
    U8("event_at_diplomacy", ev_late, 0, 1),
};
#define NFIELDS ((int)(sizeof fields / sizeof fields[0]))

static int get_field(const rs_state *s, const field *f)
{
    const unsigned char *p = (const unsigned char *)s + f->off;
    if (f->kind == 1)
        return *(const int8_t *)p;
    if (f->kind == 2) {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    return *p;
}

static void set_field(rs_state *s, const field *f, int v)
{
    unsigned char *p = (unsigned char *)s + f->off;
    if (f->kind == 1)
        *(int8_t *)p = (int8_t)v;
    else if (f->kind == 2) {
        int16_t x = (int16_t)v;
        memcpy(p, &x, 2);
    } else
        *p = (uint8_t)v;
}

static json_t *units_json(const vb_game *g, const uint8_t *t)
{
    json_t *o = json_object();
    for (int i = 0; i < RS_NT; i++)
        if (t[i]) {
            char b[2 * RS_NAME];
            rs_kind_name(g, i, b, sizeof b);
            json_object_set_new(o, b, json_integer(t[i]));
        }
    return o;
}

/* a set of generals (one bit each) as an array of their names, in data
 * order (`marched`, `top`, a march's `generals`); read back by read_gens */
static json_t *gens_json(const rs_data *d, uint64_t set)
{
    json_t *a = json_array();
    for (int i = 0; i < d->ng; i++)
        if (set >> i & 1)
            json_array_append_new(a, json_string(d->gd[i].name));
    return a;
}

static json_t *camp_or_null(int c)
{
    return c == 0 || c == 1 ? json_string(rs_camp_names[c]) : json_null();
}

static const char *const pk_names[] = {"held", "used", "cancelled", "aside"};

json_t *rs_to_json(const vb_game *g, const void *st, int role)
{
    const rs_state *s = st;
    const rs_data *d = RS_D(g);
    json_t *j = json_object(), *o;
    (void)role;
    for (int i = 0; i < NFIELDS; i++)
        json_object_set_new(j, fields[i].name, json_integer(get_field(s, &fields[i])));
    json_object_set_new(j, "phase", json_string(rs_phase_names[s->phase]));
    json_object_set_new(j, "who", json_string(rs_camp_names[s->who & 1]));
    json_object_set_new(j, "initiative", json_string(rs_camp_names[s->init & 1]));
    json_object_set_new(j, "active", json_string(rs_camp_names[s->active & 1]));
    json_object_set_new(j, "return_phase", json_string(rs_phase_names[s->ret]));
    json_object_set_new(j, "attrition_units", units_json(g, s->attr_army));
    o = json_object();
    for (int b = 0; b < RS_NBOX; b++) {
        json_t *x = json_object();
        json_object_set_new(x, "control", camp_or_null(s->boxc[b]));
        json_object_set_new(x, "tried", json_boolean(s->boxtried[b]));
        json_object_set_new(o, d->b[b].name, x);
    }
    json_object_set_new(j, "boxes", o);
    o = json_object();
    for (int t = 0; t < d->ns; t++) {
        json_t *x = json_object();
        json_object_set_new(x, "camp", camp_or_null(s->scamp[t]));
        json_object_set_new(x, "alliance", json_integer(s->alpos[t]));
        json_object_set_new(x, "neutralised", json_boolean(s->neutralised[t]));
        json_object_set_new(o, d->s[t].name, x);
    }
    json_object_set_new(j, "states", o);
    o = json_object();
    for (int c = 0; c < 2; c++) {
        const rs_camp *k = &s->c[c];
        json_t *x = json_object(), *m = json_array();
        json_object_set_new(x, "rp", json_integer(k->rp));
        json_object_set_new(x, "debt", json_integer(k->debt));
        json_object_set_new(x, "income", json_integer(k->income));
        json_object_set_new(x, "reserve", units_json(g, k->reserve));
        json_object_set_new(x, "prisoners", units_json(g, k->prison));
        json_object_set_new(x, "gone", units_json(g, k->gone));
        json_object_set_new(x, "cabinet_roll", json_integer(k->cab_roll));
        json_object_set_new(x, "cabinet_max", json_integer(k->cabmax));
        for (int i = 0; i < k->npick; i++)
            json_array_append_new(m, json_pack("{ssss}", "category",
                                               rs_cat_names[k->pick[i] <= 4 ? k->pick[i] : 4],
                                               "state", pk_names[k->pstate[i] & 3]));
        json_object_set_new(x, "markers", m);
        json_object_set_new(x, "bet", json_integer(k->bet));
        json_object_set_new(x, "bet_hidden", json_boolean(k->bet_hidden));
        json_object_set_new(x, "campaigns", json_integer(k->campaigns));
        json_object_set_new(x, "maritime_used", json_integer(k->mar_used));
        json_object_set_new(x, "recruited", json_integer(k->recruited));
        json_object_set_new(x, "armies_hidden", json_boolean(k->armies_hidden));
        json_object_set_new(o, rs_camp_names[c], x);
    }
    json_object_set_new(j, "camps", o);
    o = json_object();
    for (int z = 0; z < d->nz; z++) {
        const rs_zst *q = &s->z[z];
        if (q->mk < 0 && !q->fv && !q->line && !q->scorched && !q->used[0] && !q->used[1] &&
            !q->frozen && !rs_sp(q->army[0]) && !rs_sp(q->army[1]) && !rs_sp(q->garr) &&
            q->linec < 0 && !q->stay)
            continue;
        json_t *x = json_object();
        json_object_set_new(x, "marker", camp_or_null(q->mk));
        json_object_set_new(x, "fv", json_integer(q->fv));
        json_object_set_new(x, "line", json_integer(q->line));
        json_object_set_new(x, "line_camp", camp_or_null(q->linec));
        json_object_set_new(x, "scorched", json_boolean(q->scorched));
        json_object_set_new(x, "used", json_pack("[ii]", q->used[0], q->used[1]));
        json_object_set_new(x, "built", json_integer(q->frozen));
        if (q->stay)
            json_object_set_new(x, "frozen", json_integer(q->stay));
        json_object_set_new(x, "france", units_json(g, q->army[0]));
        json_object_set_new(x, "coalition", units_json(g, q->army[1]));
        json_object_set_new(x, "garrison", units_json(g, q->garr));
        json_object_set_new(o, d->z[z].name, x);
    }
    json_object_set_new(j, "zones", o);
    o = json_object();
    for (int i = 0; i < d->ng; i++) {
        int z = s->gz[i];
        const char *w = z >= 0            ? d->z[z].name
                        : z == GZ_RESERVE ? "reserve"
                        : z == GZ_PRISON  ? "prisoner"
                                          : "out";
        json_object_set_new(o, d->gd[i].name, json_string(w));
    }
    json_object_set_new(j, "generals", o);
    json_object_set_new(j, "marched", gens_json(d, s->gmoved));
    if (s->gtop) /* 3.2: optional, the commanders placed on top */
        json_object_set_new(j, "top", gens_json(d, s->gtop));
    o = json_array();
    for (int i = 0; i < d->ng; i++)
        if (s->ggar[i])
            json_array_append_new(o, json_string(d->gd[i].name));
    json_object_set_new(j, "refused", o);
    o = json_array();
    for (int t = 0; t < d->ns; t++)
        if (s->swayed >> t & 1)
            json_array_append_new(o, json_string(d->s[t].name));
    json_object_set_new(j, "swayed", o);
    o = json_array();
    for (int z = 0; z < d->nz; z++)
        if (s->ban_zones >> z & 1)
            json_array_append_new(o, json_string(d->z[z].name));
    json_object_set_new(j, "barred_zones", o);
    {
        const rs_move *m = &s->mv;
        json_t *x = json_object();
        json_object_set_new(x, "general",
                            m->gen >= 0 ? json_string(d->gd[m->gen].name) : json_null());
        json_object_set_new(x, "from",
                            m->from >= 0 ? json_string(d->z[m->from].name) : json_null());
        json_object_set_new(x, "at", m->at >= 0 ? json_string(d->z[m->at].name) : json_null());
        json_object_set_new(x, "box", m->box >= 0 ? json_string(d->b[m->box].name) : json_null());
        json_object_set_new(x, "units", units_json(g, m->sp));
        json_object_set_new(x, "zones", json_integer(m->zones));
        json_object_set_new(x, "scorched", json_integer(m->scorch));
        json_object_set_new(x, "max_sp", json_integer(m->maxsp));
        json_object_set_new(x, "paid", json_integer(m->paid));
        json_object_set_new(x, "stop", json_integer(m->stop));
        json_object_set_new(x, "changes", json_integer(m->pad));
        json_object_set_new(x, "surprise", json_integer(m->surprise));
        json_object_set_new(x, "crossed", json_integer(m->cross));
        json_object_set_new(x, "generals", gens_json(d, m->gens));
        json_object_set_new(j, "march", x);
    }
    {
        const rs_fight *f = &s->cb;
        json_object_set_new(j, "combat",
                            json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "zone",
                                      f->zone, "attacker", f->att, "battle", f->battle, "round",
                                      f->round, "loser", f->loser, "retreater", f->retreater,
                                      "lost_france", f->lost[0], "lost_coalition", f->lost[1],
                                      "louis", f->louis, "breaker", f->breaker, "star_attacker",
                                      f->pad[0], "star_defender", f->pad[1]));
        const rs_siege *q = &s->sg;
        json_object_set_new(j, "siege",
                            json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "zone", q->zone, "camp",
                                      q->camp, "rounds", q->rounds, "round", q->round, "breach",
                                      q->breach, "effort", q->effort, "fv_at_start", q->fv0,
                                      "naval", q->naval));
    }
    return j;
}

/* -- from JSON -- */
static int units_from(const vb_game *g, json_t *o, uint8_t *t, const char *where, vb_ctx *cx)
{
    const char *k;
    json_t *v;
    if (!json_is_object(o))
        return vb_fail(cx, VB_EINPUT, "%s: units must be an object", where);
    json_object_foreach(o, k, v)
    {
        int ty = rs_kind_find(g, k);
        if (ty < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown unit kind '%s'", where, k);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 200)
            return vb_fail(cx, VB_EINPUT, "%s: '%s' must be 0-200", where, k);
        t[ty] = (uint8_t)json_integer_value(v);
    }
    return 0;
}

static int camp_from(json_t *v, int *out, int allow_null, const char *where, vb_ctx *cx)
{
    if (json_is_null(v) && allow_null) {
        *out = -1;
        return 0;
    }
    int c = json_is_string(v) ? vb_name_find(rs_camp_names, 2, json_string_value(v)) : -1;
    if (c < 0)
        return vb_fail(cx, VB_EINPUT, "%s: expected 'france' or 'coalition'", where);
    *out = c;
    return 0;
}

static int find_zone(const rs_data *d, const char *s)
{
    for (int z = 0; z < d->nz; z++)
        if (vb_name_eq(d->z[z].name, s))
            return z;
    return -1;
}

static int find_gen(const rs_data *d, const char *s)
{
    for (int i = 0; i < d->ng; i++)
        if (vb_name_eq(d->gd[i].name, s))
            return i;
    return -1;
}

/* a set of generals (one bit each) read from an array of their names
 * (`marched`, `top`, a march's `generals`); `what` starts the error: an
 * array expected, or the index of an unknown name. Bits are added to *set */
static int read_gens(const rs_data *d, json_t *a, const char *what, uint64_t *set, vb_ctx *cx)
{
    size_t i;
    json_t *v;
    if (!json_is_array(a))
        return vb_fail(cx, VB_EINPUT, "%s: an array of generals expected", what);
    json_array_foreach(a, i, v)
    {
        int gi = json_is_string(v) ? find_gen(d, json_string_value(v)) : -1;
        if (gi < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown general %zu", what, i);
        *set |= (uint64_t)1 << gi;
    }
    return 0;
}

static int opt_name(json_t *v, int kind, const rs_data *d, int *out, const char *where, vb_ctx *cx)
{
    if (json_is_null(v) || !v) {
        *out = -1;
        return 0;
    }
    const char *s = json_string_value(v);
    int i = -1;
    if (s && kind == 0)
        i = find_zone(d, s);
    else if (s && kind == 1)
        i = find_gen(d, s);
    else if (s)
        for (int b = 0; b < RS_NBOX; b++)
            if (vb_name_eq(d->b[b].name, s))
                i = b;
    if (i < 0)
        return vb_fail(cx, VB_EINPUT, "%s: unknown name", where);
    *out = i;
    return 0;
}

static int int_in(json_t *o, const char *k, int lo, int hi, int *out, const char *w, vb_ctx *cx)
{
    return vb_json_int(o, k, lo, hi, out, w, cx);
}

int rs_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx)
{
    rs_state *s = st;
    const rs_data *d = RS_D(g);
    static const char *known[NFIELDS + 20];
    const char *k, *str;
    json_t *o, *v;
    int x;
    {
        int n = 0;
        for (int i = 0; i < NFIELDS; i++)
            known[n++] = fields[i].name;
        static const char *const more[] = {
            "phase",   "who",     "initiative",      "active", "return_phase",
            "boxes",   "states",  "camps",           "zones",  "generals",
            "marched", "refused", "swayed",          "march",  "barred_zones",
            "combat",  "siege",   "attrition_units", "top",    NULL};
        for (int i = 0; more[i]; i++)
            known[n++] = more[i];
        known[n] = NULL;
    }
    if (!json_is_object(j))
        return vb_fail(cx, VB_EINPUT, "state: expected an object");
    if (vb_json_known(j, known, "state", cx))
        return VB_EINPUT;
    for (int i = 0; i < NFIELDS; i++) {
        if (vb_json_int(j, fields[i].name, fields[i].min, fields[i].max, &x, "state", cx))
            return VB_EINPUT;
        set_field(s, &fields[i], x);
    }
    if (vb_json_str(j, "phase", &str, "state", cx))
        return VB_EINPUT;
    x = vb_name_find(rs_phase_names, P_NPHASES, str);
    if (x <= 0)
        return vb_fail(cx, VB_EINPUT, "state: unknown phase '%s'", str);
    s->phase = (uint8_t)x;
    if (vb_json_str(j, "return_phase", &str, "state", cx))
        return VB_EINPUT;
    x = vb_name_find(rs_phase_names, P_NPHASES, str);
    if (x < 0)
        return vb_fail(cx, VB_EINPUT, "state: unknown return_phase '%s'", str);
    s->ret = (int8_t)x;
    if (camp_from(json_object_get(j, "who"), &x, 0, "state: who", cx))
        return VB_EINPUT;
    s->who = (uint8_t)x;
    if (camp_from(json_object_get(j, "initiative"), &x, 0, "state: initiative", cx))
        return VB_EINPUT;
    s->init = (int8_t)x;
    if (camp_from(json_object_get(j, "active"), &x, 0, "state: active", cx))
        return VB_EINPUT;
    s->active = (int8_t)x;
    /* boxes */
    if (vb_json_obj(j, "boxes", &o, "state", cx))
        return VB_EINPUT;
    if ((int)json_object_size(o) != RS_NBOX)
        return vb_fail(cx, VB_EINPUT, "state: boxes: the four transit boxes expected");
    for (int b = 0; b < RS_NBOX; b++) {
        static const char *const bk[] = {"control", "tried", NULL};
        int t;
        v = json_object_get(o, d->b[b].name);
        if (!v || vb_json_known(v, bk, d->b[b].name, cx) ||
            camp_from(json_object_get(v, "control"), &x, 1, d->b[b].name, cx) ||
            vb_json_bool(v, "tried", &t, d->b[b].name, cx))
            return vb_fail(cx, VB_EINPUT, "state: boxes: bad or missing '%s'", d->b[b].name);
        if (b == d->box_fo && x != RS_F)
            return vb_fail(cx, VB_EINPUT, "state: France always controls France Ouest (13.4.1)");
        s->boxc[b] = (int8_t)x;
        s->boxtried[b] = (uint8_t)t;
    }
    if (vb_json_obj(j, "states", &o, "state", cx))
        return VB_EINPUT;
    if ((int)json_object_size(o) != d->ns)
        return vb_fail(cx, VB_EINPUT, "state: states: every state of the map expected");
    for (int t = 0; t < d->ns; t++) {
        static const char *const sk[] = {"camp", "alliance", "neutralised", NULL};
        int al, ne;
        v = json_object_get(o, d->s[t].name);
        if (!v || vb_json_known(v, sk, d->s[t].name, cx) ||
            camp_from(json_object_get(v, "camp"), &x, 1, d->s[t].name, cx) ||
            vb_json_int(v, "alliance", -9, 9, &al, d->s[t].name, cx) ||
            vb_json_bool(v, "neutralised", &ne, d->s[t].name, cx))
            return vb_fail(cx, VB_EINPUT, "state: states: bad or missing '%s'", d->s[t].name);
        s->scamp[t] = (int8_t)x;
        s->alpos[t] = (int8_t)al;
        s->neutralised[t] = (uint8_t)ne;
    }
    /* camps */
    if (vb_json_obj(j, "camps", &o, "state", cx))
        return VB_EINPUT;
    for (int c = 0; c < 2; c++) {
        static const char *const ck[] = {
            "rp",         "debt",         "income",        "reserve",   "prisoners",
            "gone",       "cabinet_roll", "cabinet_max",   "markers",   "bet",
            "bet_hidden", "campaigns",    "maritime_used", "recruited", "armies_hidden",
            NULL};
        rs_camp *q = &s->c[c];
        const char *w = rs_camp_names[c];
        json_t *cj = json_object_get(o, w), *m, *e;
        size_t i;
        int a1, a2, a3, a4, a5, a6, a7, a8, a9, a10;
        if (!cj)
            return vb_fail(cx, VB_EINPUT, "state: camps: missing '%s'", w);
        if (vb_json_known(cj, ck, w, cx) || int_in(cj, "rp", 0, 999, &a1, w, cx) ||
            int_in(cj, "debt", 0, 6, &a2, w, cx) || int_in(cj, "income", 0, 999, &a3, w, cx) ||
            int_in(cj, "cabinet_roll", 0, 6, &a4, w, cx) ||
            int_in(cj, "cabinet_max", 0, 9, &a5, w, cx) || int_in(cj, "bet", 0, 9, &a6, w, cx) ||
            vb_json_bool(cj, "bet_hidden", &a7, w, cx) ||
            int_in(cj, "campaigns", 0, 3, &a8, w, cx) ||
            int_in(cj, "maritime_used", 0, 200, &a9, w, cx) ||
            int_in(cj, "recruited", 0, 200, &a10, w, cx))
            return VB_EINPUT;
        q->rp = (int16_t)a1;
        q->debt = (int16_t)a2;
        q->income = (int16_t)a3;
        q->cab_roll = (int16_t)a4;
        q->cabmax = (uint8_t)a5;
        q->bet = (uint8_t)a6;
        q->bet_hidden = (uint8_t)a7;
        q->campaigns = (uint8_t)a8;
        q->mar_used = (uint8_t)a9;
        q->recruited = (uint8_t)a10;
        if (vb_json_bool(cj, "armies_hidden", &a1, w, cx))
            return VB_EINPUT;
        q->armies_hidden = (uint8_t)a1;
        if (units_from(g, json_object_get(cj, "reserve"), q->reserve, w, cx) ||
            units_from(g, json_object_get(cj, "prisoners"), q->prison, w, cx) ||
            units_from(g, json_object_get(cj, "gone"), q->gone, w, cx) ||
            vb_json_arr(cj, "markers", &m, w, cx))
            return VB_EINPUT;
        if (json_array_size(m) > RS_MAXPICK || (int)json_array_size(m) > q->cabmax)
            return vb_fail(cx, VB_EINPUT, "%s: more markers than allowed (rule 9)", w);
        json_array_foreach(m, i, e)
        {
            static const char *const mk[] = {"category", "state", NULL};
            const char *cat, *pst;
            if (vb_json_known(e, mk, w, cx) || vb_json_str(e, "category", &cat, w, cx) ||
                vb_json_str(e, "state", &pst, w, cx))
                return VB_EINPUT;
            int ci = vb_name_find(rs_cat_names, RS_NCAT + 1, cat),
                pi = vb_name_find(pk_names, 4, pst);
            if (ci < 0 || pi < 0)
                return vb_fail(cx, VB_EINPUT, "%s: marker %zu: unknown category or state", w, i);
            q->pick[i] = (uint8_t)ci;
            q->pstate[i] = (uint8_t)pi;
            if (ci == CAT_UNKNOWN)
                q->hidden++;
        }
        q->npick = (uint8_t)json_array_size(m);
        for (int cat = 0; cat < RS_NCAT; cat++) {
            int used = 0;
            for (int p = 0; p < q->npick; p++)
                used += q->pick[p] == cat;
            if (used > d->markers[cat])
                return vb_fail(cx, VB_EINPUT, "%s: more %s markers than the camp has (rule 9)", w,
                               rs_cat_names[cat]);
        }
    }
    /* zones */
    for (int z = 0; z < RS_MAXZ; z++) {
        s->z[z].mk = -1;
        s->z[z].linec = -1;
    }
    if (vb_json_obj(j, "zones", &o, "state", cx))
        return VB_EINPUT;
    json_object_foreach(o, k, v)
    {
        static const char *const zk[] = {"marker",    "fv",       "line",   "line_camp",
                                         "scorched",  "used",     "built",  "france",
                                         "coalition", "garrison", "frozen", NULL};
        int z = find_zone(d, k), fv, line, sc, built, lc = -1, mk = -1;
        json_t *u;
        char w[80];
        if (z < 0)
            return vb_fail(cx, VB_EINPUT, "state: zones: unknown zone '%s'", k);
        snprintf(w, sizeof w, "zone '%s'", k);
        rs_zst *q = &s->z[z];
        if (vb_json_known(v, zk, w, cx) || camp_from(json_object_get(v, "marker"), &mk, 1, w, cx) ||
            int_in(v, "fv", 0, 4, &fv, w, cx) || int_in(v, "line", 0, 2, &line, w, cx) ||
            camp_from(json_object_get(v, "line_camp"), &lc, 1, w, cx) ||
            vb_json_bool(v, "scorched", &sc, w, cx) || int_in(v, "built", 0, 31, &built, w, cx) ||
            vb_json_arr(v, "used", &u, w, cx))
            return VB_EINPUT;
        if (json_array_size(u) != 2 || !json_is_integer(json_array_get(u, 0)) ||
            !json_is_integer(json_array_get(u, 1)) ||
            json_integer_value(json_array_get(u, 0)) < 0 ||
            json_integer_value(json_array_get(u, 0)) > 63 ||
            json_integer_value(json_array_get(u, 1)) < 0 ||
            json_integer_value(json_array_get(u, 1)) > 63)
            return vb_fail(cx, VB_EINPUT, "%s: used must be two numbers 0-63", w);
        q->mk = (int8_t)mk;
        q->fv = (uint8_t)fv;
        q->line = (uint8_t)line;
        q->linec = (int8_t)lc;
        q->scorched = (uint8_t)sc;
        q->frozen = (uint8_t)built;
        if (json_object_get(v, "frozen")) {
            int fz;
            if (int_in(v, "frozen", 1, 120, &fz, w, cx))
                return VB_EINPUT;
            q->stay = (uint8_t)fz;
        }
        q->used[0] = (uint8_t)json_integer_value(json_array_get(u, 0));
        q->used[1] = (uint8_t)json_integer_value(json_array_get(u, 1));
        if (units_from(g, json_object_get(v, "france"), q->army[0], w, cx) ||
            units_from(g, json_object_get(v, "coalition"), q->army[1], w, cx) ||
            units_from(g, json_object_get(v, "garrison"), q->garr, w, cx))
            return VB_EINPUT;
        if (line && lc < 0)
            return vb_fail(cx, VB_EINPUT, "%s: a line needs its camp", w);
        if (z == find_zone(d, d->b[d->box_fo].name) && mk == RS_C)
            return vb_fail(cx, VB_EINPUT, "%s: always French (rule 22.3)", w);
    }
    /* generals */
    if (vb_json_obj(j, "generals", &o, "state", cx))
        return VB_EINPUT;
    for (int i = 0; i < RS_MAXG; i++)
        s->gz[i] = GZ_OUT;
    if ((int)json_object_size(o) != d->ng)
        return vb_fail(cx, VB_EINPUT, "state: generals: every general expected");
    json_object_foreach(o, k, v)
    {
        int i = find_gen(d, k);
        const char *w = json_string_value(v);
        if (i < 0 || !w)
            return vb_fail(cx, VB_EINPUT, "state: generals: bad entry '%s'", k);
        int z = find_zone(d, w);
        if (z >= 0)
            s->gz[i] = (int8_t)z;
        else if (!strcmp(w, "reserve"))
            s->gz[i] = GZ_RESERVE;
        else if (!strcmp(w, "prisoner"))
            s->gz[i] = GZ_PRISON;
        else if (!strcmp(w, "out"))
            s->gz[i] = GZ_OUT;
        else
            return vb_fail(cx, VB_EINPUT, "state: general '%s': unknown place '%s'", k, w);
        if (z >= 0 && !RS_SCEN(g, s)->playable[z])
            return vb_fail(cx, VB_EINPUT, "state: general '%s' in a zone not playable", k);
    }
    if (vb_json_arr(j, "marched", &o, "state", cx) ||
        read_gens(d, o, "state: marched", &s->gmoved, cx))
        return VB_EINPUT;
    o = json_object_get(j, "top"); /* 3.2: optional (older files have none) */
    if (o && read_gens(d, o, "state: top", &s->gtop, cx))
        return VB_EINPUT;
    if (vb_json_arr(j, "refused", &o, "state", cx))
        return VB_EINPUT;
    {
        size_t i;
        json_array_foreach(o, i, v)
        {
            int gi = json_is_string(v) ? find_gen(d, json_string_value(v)) : -1;
            if (gi < 0 || s->gz[gi] != GZ_PRISON)
                return vb_fail(cx, VB_EINPUT, "state: refused: %zu is not a prisoner", i);
            s->ggar[gi] = 1;
        }
    }
    if (vb_json_arr(j, "swayed", &o, "state", cx))
        return VB_EINPUT;
    {
        size_t i;
        json_array_foreach(o, i, v)
        {
            int t = -1;
            for (int q = 0; q < d->ns && json_is_string(v); q++)
                if (vb_name_eq(d->s[q].name, json_string_value(v)))
                    t = q;
            if (t < 0)
                return vb_fail(cx, VB_EINPUT, "state: swayed: unknown state %zu", i);
            s->swayed |= 1u << t;
        }
    }
    if (vb_json_arr(j, "barred_zones", &o, "state", cx))
        return VB_EINPUT;
    {
        size_t i;
        json_array_foreach(o, i, v)
        {
            int z = json_is_string(v) ? find_zone(d, json_string_value(v)) : -1;
            if (z < 0)
                return vb_fail(cx, VB_EINPUT, "state: barred_zones: unknown zone %zu", i);
            s->ban_zones |= (uint64_t)1 << z;
        }
    }
    if (s->phase == P_PRISON && (s->k >= d->ng || s->gz[s->k] != GZ_PRISON))
        return vb_fail(cx, VB_EINPUT, "state: the prisoner decided on is not a prisoner");
    /* the procedures in progress */
    o = json_object_get(j, "attrition_units"); /* absent: none */
    if (o && units_from(g, o, s->attr_army, "attrition_units", cx))
        return VB_EINPUT;
    {
        static const char *const mk[] = {"general",  "from",     "at",      "box",     "units",
                                         "zones",    "scorched", "max_sp",  "paid",    "stop",
                                         "surprise", "generals", "changes", "crossed", NULL};
        rs_move *m = &s->mv;
        int a1, a2, a3, a4, a5, a6, a7, a8, a9;
        json_t *gs;
        if (vb_json_obj(j, "march", &o, "state", cx) || vb_json_known(o, mk, "march", cx) ||
            opt_name(json_object_get(o, "general"), 1, d, &a1, "march: general", cx) ||
            opt_name(json_object_get(o, "from"), 0, d, &a2, "march: from", cx) ||
            opt_name(json_object_get(o, "at"), 0, d, &a3, "march: at", cx) ||
            opt_name(json_object_get(o, "box"), 2, d, &a4, "march: box", cx) ||
            units_from(g, json_object_get(o, "units"), m->sp, "march", cx) ||
            int_in(o, "zones", 0, RS_MAXSTEPS, &a5, "march", cx) ||
            int_in(o, "scorched", 0, RS_MAXSTEPS, &a6, "march", cx) ||
            int_in(o, "max_sp", 0, 250, &a7, "march", cx) ||
            int_in(o, "paid", 0, 250, &a8, "march", cx) ||
            int_in(o, "stop", 0, 2, &a9, "march", cx) ||
            int_in(o, "surprise", 0, 1, &x, "march", cx) ||
            vb_json_arr(o, "generals", &gs, "march", cx))
            return VB_EINPUT;
        m->gen = (int8_t)a1;
        m->from = (int8_t)a2;
        m->at = (int8_t)a3;
        m->box = (int8_t)a4;
        m->zones = (uint8_t)a5;
        m->scorch = (uint8_t)a6;
        m->maxsp = (uint8_t)a7;
        m->paid = (uint8_t)a8;
        m->stop = (uint8_t)a9;
        m->surprise = (uint8_t)x;
        if (int_in(o, "changes", 0, RS_MAXSTEPS, &x, "march", cx))
            return VB_EINPUT;
        m->pad = (uint8_t)x;
        if (int_in(o, "crossed", 0, 1, &x, "march", cx))
            return VB_EINPUT;
        m->cross = (uint8_t)x;
        if (read_gens(d, gs, "march", &m->gens, cx))
            return VB_EINPUT;
    }
    {
        static const char *const ck[] = {"zone",  "attacker",  "battle",        "round",
                                         "loser", "retreater", "lost_france",   "lost_coalition",
                                         "louis", "breaker",   "star_attacker", "star_defender",
                                         NULL};
        int q[12];
        rs_fight *f = &s->cb;
        if (vb_json_obj(j, "combat", &o, "state", cx) || vb_json_known(o, ck, "combat", cx))
            return VB_EINPUT;
        for (int i = 0; i < 12; i++)
            if (int_in(o, ck[i], -1, i == 0 ? RS_MAXZ - 1 : 120, &q[i], "combat", cx))
                return VB_EINPUT;
        f->zone = (int8_t)q[0];
        f->att = (int8_t)q[1];
        f->battle = (int8_t)q[2];
        f->round = (int8_t)q[3];
        f->loser = (int8_t)q[4];
        f->retreater = (int8_t)q[5];
        f->lost[0] = (int8_t)q[6];
        f->lost[1] = (int8_t)q[7];
        f->louis = (int8_t)q[8];
        f->breaker = (int8_t)q[9];
        f->pad[0] = (int8_t)q[10];
        f->pad[1] = (int8_t)q[11];
        /* round: 0 before the first, 3 after a battle's last (rule 17.1.3) */
        if (f->att < 0 || f->att > 1 || f->battle < 0 || f->battle > 1 || f->loser > 1 ||
            f->round < 0 || f->round > 3 || f->retreater > 1 || f->breaker > 1 || f->lost[0] < 0 ||
            f->lost[1] < 0)
            return vb_fail(cx, VB_EINPUT, "combat: a field is out of range");
        static const char *const sk[] = {"zone",   "camp",        "rounds", "round", "breach",
                                         "effort", "fv_at_start", "naval",  NULL};
        rs_siege *g2 = &s->sg;
        if (vb_json_obj(j, "siege", &o, "state", cx) || vb_json_known(o, sk, "siege", cx))
            return VB_EINPUT;
        for (int i = 0; i < 8; i++)
            if (int_in(o, sk[i], i == 0 ? -1 : 0, i == 0 ? RS_MAXZ - 1 : 6, &q[i], "siege", cx))
                return VB_EINPUT;
        g2->zone = (int8_t)q[0];
        g2->camp = (int8_t)q[1];
        g2->rounds = (int8_t)q[2];
        g2->round = (int8_t)q[3];
        g2->breach = (int8_t)q[4];
        g2->effort = (int8_t)q[5];
        g2->fv0 = (int8_t)q[6];
        g2->naval = (int8_t)q[7];
        if (g2->camp > 1 || g2->breach > 1 || g2->effort > 1 || g2->fv0 > 4 || g2->naval > 1)
            return vb_fail(cx, VB_EINPUT, "siege: a field is out of range");
    }
    {
        /* the zones and generals the scalars name: of this map (54 zones,
         * not the 56 the state has room for) */
        const char *const zn[] = {"attrition_zone", "loss_zone",   "flooded_zone",
                                  "recruiting_in",  "combat zone", "siege zone"};
        const int zv[] = {s->attr_zone, s->loss_zone, s->flood, s->rzone, s->cb.zone, s->sg.zone};
        const char *const gn[] = {"surprise_general", "leaves_after_campaigns", "kept_in_reserve"};
        const int gv[] = {s->sgen, s->doomed, s->glock};
        for (int i = 0; i < 6; i++)
            if (zv[i] >= d->nz)
                return vb_fail(cx, VB_EINPUT, "state: %s %d past the map's %d zones", zn[i], zv[i],
                               d->nz);
        for (int i = 0; i < 3; i++)
            if (gv[i] >= d->ng)
                return vb_fail(cx, VB_EINPUT, "state: %s %d past the %d generals", gn[i], gv[i],
                               d->ng);
    }
    /* consistency of a procedure in progress */
    if (s->year < RS_SCEN(g, s)->start)
        return vb_fail(cx, VB_EINPUT, "state: year %d before the scenario's start", s->year);
    if (s->year > RS_SCEN(g, s)->end)
        return vb_fail(cx, VB_EINPUT, "state: year %d after the scenario's end", s->year);
    int p = s->phase;
    if ((p == P_MV_COMPOSE || p == P_MV_STEP || p == P_MV_TEST || p == P_MV_TOP || p == P_ICPT ||
         p == P_ICPT_TEST) &&
        (s->mv.gen < 0 || s->mv.at < 0 || s->mv.from < 0))
        return vb_fail(cx, VB_EINPUT, "state: a march in progress needs its general and zones");
    if (((p >= P_CB_DECOY && p <= P_CB_LOSER) || p == P_CB_TOP) && s->cb.zone < 0)
        return vb_fail(cx, VB_EINPUT, "state: a combat in progress needs its zone");
    if (((p >= P_SG_ROUNDS && p <= P_SG_CONT) || p == P_HONOURS) && s->sg.zone < 0)
        return vb_fail(cx, VB_EINPUT, "state: a siege in progress needs its zone");
    if (p == P_ATTR && s->attr_zone < 0)
        return vb_fail(cx, VB_EINPUT, "state: an attrition roll needs its zone");
    {
        /* the moving army under attrition: within its camp's army there
         * (rule 14, 13.1.1), none outside an attrition */
        int on = p == P_ATTR || (p == P_LOSS && s->loss_k == LK_ATTR), az = s->attr_zone;
        for (int t = 0; t < RS_NT; t++)
            if (s->attr_army[t] && (!on || az < 0 || az >= d->nz ||
                                    s->attr_army[t] > s->z[az].army[s->attr_camp & 1][t]))
                return vb_fail(cx, VB_EINPUT,
                               "state: attrition_units must be part of the army under attrition");
        if (p == P_LOSS && s->loss_k == LK_ATTR &&
            (s->who != s->attr_camp || s->loss[s->who] >= rs_sp(s->attr_army)))
            return vb_fail(cx, VB_EINPUT,
                           "state: attrition losses beyond the army under attrition");
    }
    if (p == P_LOSS) {
        int lz = s->loss_zone, ok = lz >= 0 && lz < d->nz && s->loss_k != LK_NONE &&
                                    s->loss[s->who] && s->loss_garr == LK_GARR(s->loss_k);
        if (ok)
            ok = s->loss[s->who] < (s->loss_garr ? rs_sp(s->z[lz].garr) : rs_army(s, lz, s->who));
        if (ok && s->loss_k == LK_ATTR)
            ok = s->attr_zone == lz;
        if (ok && s->loss_k >= LK_SIEGE_A && s->loss_k != LK_ATTR)
            ok = s->sg.zone == lz && s->k <= 13 && s->sub <= 5 &&
                 (LK_GARR(s->loss_k) ? s->who == 1 - s->sg.camp : s->who == s->sg.camp) &&
                 (!LK_OUT(s->loss_k) || rs_sp(s->z[lz].garr) - s->z[lz].fv == s->loss[s->who]);
        if (ok && s->loss_k == LK_SPIKE)
            ok = s->loss[s->who] == 1;
        if (ok && s->loss_k == LK_COMBAT)
            ok = s->cb.zone == lz && s->cb.att >= 0 && s->cb.att <= 1;
        if (!ok)
            return vb_fail(cx, VB_EINPUT,
                           "state: losses in progress need their zone and procedure");
    }
    if (p == P_HONOURS) {
        /* Sh waits for the garrison's zone: the siege's result is Sh and
         * the besieged camp chooses */
        int z = s->sg.zone;
        if (z < 0 || s->k > 13 || s->sub > 5 || !(d->sg_res[s->k][s->sub] & SR_SH) ||
            s->who != 1 - s->sg.camp || s->z[z].mk == s->sg.camp)
            return vb_fail(cx, VB_EINPUT, "state: a surrender with honours needs its siege");
    }
    if (s->icpt >= d->nz || (p == P_ICPT_BATTLE && (s->icpt < 0 || !rs_icpt_can_attack(g, s))))
        return vb_fail(cx, VB_EINPUT, "state: no interception to fight from");
    if (p != P_LOSS && (s->loss_k != LK_NONE || s->loss[0] || s->loss[1] || s->loss_garr))
        return vb_fail(cx, VB_EINPUT, "state: losses pending outside the losses phase");
    if ((p == P_CAB_DRAW || p == P_QUARTERS || p == P_EVENT_ZONE || p == P_CONTEST ||
         p == P_SCORCH_TEST || p == P_BOX_ROLL) &&
        s->k >= RS_MAXZ)
        return vb_fail(cx, VB_EINPUT, "state: k out of range");
    if (p == P_SURP_TEST && s->sgen < 0)
        return vb_fail(cx, VB_EINPUT, "state: a surprise test needs its general");
    if ((p == P_EVENT_ZONE || p == P_EVENT_AMT) &&
        (s->event < 4 || !RS_SCEN(g, s)->ev[s->year - RS_SCEN(g, s)->start][s->event - 4].kind))
        return vb_fail(cx, VB_EINPUT, "state: no event in progress");
    if ((p == P_CB_DEATH || p == P_CONTEST || p == P_INIT_ROLL || p == P_CB_BREAK ||
         p == P_CB_BRTEST) &&
        (s->sub > 1 || (p == P_CB_DEATH && s->k > 1)))
        return vb_fail(cx, VB_EINPUT, "state: sub or k out of range for this phase");
    /* a sortie waits on a siege result of S or S+ (18.1.2): the row and
     * column of the Siege Table in k and sub, as for Sh below */
    if (p == P_SG_SORTIE &&
        (s->k > 13 || s->sub > 5 || !(d->sg_res[s->k][s->sub] & (SR_S | SR_SP))))
        return vb_fail(cx, VB_EINPUT, "state: the siege result of a sortie is out of range");
    if (p == P_QUARTERS && s->k >= d->nz)
        return vb_fail(cx, VB_EINPUT, "state: winter quarters for an unknown zone");
    {
        int marching =
            p == P_MV_STEP || p == P_MV_TEST || p == P_MV_TOP || p == P_ICPT || p == P_ICPT_TEST ||
            ((p == P_ATTR || (p == P_LOSS && s->loss_k == LK_ATTR)) && s->ret == P_MV_STEP);
        for (int t = 0; t < RS_NT; t++) {
            if (p == P_MV_COMPOSE && s->mv.sp[t] > s->z[s->mv.from].army[s->active][t])
                return vb_fail(cx, VB_EINPUT, "march: more units than the army in '%s' has",
                               d->z[s->mv.from].name);
            if (!marching && p != P_MV_COMPOSE && s->mv.sp[t])
                return vb_fail(cx, VB_EINPUT, "march: units on the march outside a march");
        }
    }
    if (p == P_BOX_ROLL && s->k >= RS_NBOX)
        return vb_fail(cx, VB_EINPUT, "state: transit box out of range");
    if (p == P_EVENT_ZONE) {
        const rs_scen *sc0 = RS_SCEN(g, s);
        const rs_event *e = &sc0->ev[s->year - sc0->start][s->event - 4];
        int avail = e->kind == EV_LORRAINE ? s->lorraine
                    : e->camp >= 0         ? s->c[e->camp].reserve[KIND(e->nat, T_INF)] +
                                         s->c[e->camp].reserve[KIND(e->nat, T_CAV)]
                                   : 0;
        if (s->ev_amount > avail)
            return vb_fail(cx, VB_EINPUT, "state: the event brings more SP than are available");
    }
    if (rs_impossible(g, s, cx) || g->def->check(g, s, cx))
        return VB_EINPUT;
    if (p != P_OVER) {
        vb_action a[VB_MAX_ACTIONS];
        if (rs_legal(g, s, a, NULL, VB_MAX_ACTIONS) <= 0)
            return vb_fail(cx, VB_EINPUT, "state: no legal action in this position");
    }
    return 0;
}
