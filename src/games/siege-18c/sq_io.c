/*
 * sq_io.c - action texts and the parser of measured actions ("move Foot-3
 * to 12.50 30.25", "sap Foot-3 at 275.00"), the state as JSON (names, not
 * indexes) and back with every field checked, and the terminal board.
 */
#include <stdlib.h>
#include <string.h>

#include "sq_int.h"

static const char *const jphase[] = {"",
                                     "besieger-movement",
                                     "defender-movement",
                                     "besieger-artillery",
                                     "defender-artillery",
                                     "besieger-musketry",
                                     "defender-musketry",
                                     "sorties",
                                     "assaults",
                                     "works",
                                     "over"};
static const char *const sapmode[] = {"toward", "left-of", "right-of"};
static const char *const pkinds[] = {"none", "fire", "batter", "attack", "repair"};
static const char *const pstages[] = {"die", "star", "morale"};
static const char *const sides[] = {"besieger", "defender"};

static void fixed(char *b, size_t n, int v)
{
    snprintf(b, n, "%s%d.%02d", v < 0 ? "-" : "", abs(v) / 100, abs(v) % 100);
}

void sq_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    int k = SQ_AK(a), u = SQ_AU(a), A = SQ_AA(a), B = SQ_AB(a), C = SQ_AC(a);
    const char *un = u < sc->nunits ? sc->units[u].name : "?";
    char l[32], x[16], y[16];
    switch (k) {
    case AK_END:
        snprintf(buf, n, "%s",
                 s->phase <= PH_DMOVE     ? "end-movement"
                 : s->phase == PH_SORTIE  ? "end-sorties"
                 : s->phase == PH_ASSAULT ? "end-assaults"
                                          : "end-fire");
        break;
    case AK_ORDER:
        snprintf(buf, n, "order %s", un);
        break;
    case AK_HOLD:
        snprintf(buf, n, "hold %s", un);
        break;
    case AK_MOVE:
        sq_loc_name(g, s, A, B, l, sizeof l);
        snprintf(buf, n, "move %s to %s", un, l);
        break;
    case AK_MOVEPT:
        fixed(x, sizeof x, A);
        fixed(y, sizeof y, B);
        snprintf(buf, n, "move %s to %s %s", un, x, y);
        break;
    case AK_SAPTO:
        snprintf(buf, n, "sap %s %s %s", un, sapmode[A % 3],
                 B < sc->nworks ? sc->works[B].name : "?");
        break;
    case AK_SAPANG:
        fixed(x, sizeof x, A);
        snprintf(buf, n, "sap %s at %s", un, x);
        break;
    case AK_TRENCH:
        snprintf(buf, n, "trench %s", un);
        break;
    case AK_BATTERY:
        snprintf(buf, n, "battery %s %s", un, A ? "front" : "behind");
        break;
    case AK_JOIN:
        sq_sect_name(s, B < SQ_MAX_SECT ? B : 0, l, sizeof l);
        snprintf(buf, n, "join %s to %s", un, l);
        break;
    case AK_ATTACH:
        snprintf(buf, n, "attach %s to %s", un, B < sc->nunits ? sc->units[B].name : "?");
        break;
    case AK_DETACH:
        snprintf(buf, n, "detach %s", un);
        break;
    case AK_MINE:
        snprintf(buf, n, "mine %s under %s", un, B < sc->nworks ? sc->works[B].name : "?");
        break;
    case AK_COUNTER:
        snprintf(buf, n, "countersap %s", un);
        break;
    case AK_REDEPLOY:
        snprintf(buf, n, "redeploy %s %d to %s", un, A, B < sc->nunits ? sc->units[B].name : "?");
        break;
    case AK_FIRE:
        snprintf(buf, n, "fire %s at %s", un, B < sc->nunits ? sc->units[B].name : "?");
        break;
    case AK_BATTERW:
        snprintf(buf, n, "batter %s at %s", un, B < sc->nworks ? sc->works[B].name : "?");
        break;
    case AK_SORTIE:
        snprintf(buf, n, "sortie %s at %s %s", un, B < sc->nunits ? sc->units[B].name : "?",
                 C ? "by-night" : "by-day");
        break;
    case AK_ASSAULT:
        snprintf(buf, n, "assault %s at %s %s", un, B < sc->nworks ? sc->works[B].name : "?",
                 C ? "by-night" : "by-day");
        break;
    case AK_DIE:
        snprintf(buf, n, "%d", A);
        break;
    default:
        snprintf(buf, n, "?");
    }
}

/* Measured actions: "move UNIT to X Y" (inches, up to 2 decimals) and
 * "sap UNIT at ANGLE" (degrees, up to 2 decimals). The words are read as
 * names, as every listed action's are ("MOVE Foot-1 To 10 20"). */
int sq_parse(const vb_game *g, const void *st, const char *text, vb_action *out, vb_ctx *cx)
{
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    /* the words past those given stay NULL, which no name equals
     * (vb_name_eq): a test of a word the text lacks reads no stale pointer */
    char buf[VB_TEXT_LEN], *tok[8] = {NULL};
    int nt = 0;
    if (strlen(text) >= sizeof buf)
        return vb_fail(cx, VB_EILLEGAL, "action text too long");
    strcpy(buf, text);
    for (char *p = strtok(buf, " \t"); p && nt < 8; p = strtok(NULL, " \t"))
        tok[nt++] = p;
    if (nt == 5 && vb_name_eq(tok[0], "move") && vb_name_eq(tok[2], "to")) {
        long long x, y;
        int u = sq_find_unit(sc, tok[1]);
        if (u < 0)
            return vb_fail(cx, VB_EILLEGAL, "unknown unit '%s'", tok[1]);
        if (vb_parse_fixed(tok[3], 100, 0, sc->width, &x, "x", cx) ||
            vb_parse_fixed(tok[4], 100, 0, sc->depth, &y, "y", cx))
            return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': %s", text, cx ? cx->err : "");
        *out = SQ_ACT(AK_MOVEPT, u, x, y, 0);
        return 0;
    }
    if (nt == 4 && vb_name_eq(tok[0], "sap") && vb_name_eq(tok[2], "at")) {
        long long a;
        int u = sq_find_unit(sc, tok[1]);
        if (u < 0)
            return vb_fail(cx, VB_EILLEGAL, "unknown unit '%s'", tok[1]);
        if (vb_parse_fixed(tok[3], 100, 0, 35999, &a, "angle", cx))
            return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': %s", text, cx ? cx->err : "");
        *out = SQ_ACT(AK_SAPANG, u, a, 0, 0);
        return 0;
    }
    /* a named order for a unit not chosen first: "move Foot-3 to P2-7" */
    if (nt >= 2 && (s->phase == PH_BMOVE || s->phase == PH_DMOVE) && s->p.kind == PK_NONE) {
        int u = sq_find_unit(sc, tok[1]);
        if (u >= 0 && (s->sel < 0 || s->sel == u)) {
            vb_action acts[VB_MAX_ACTIONS];
            char b[VB_TEXT_LEN];
            int n = sq_legal_orders(g, s, u, acts, NULL, VB_MAX_ACTIONS);
            for (int i = 0; i < n; i++) {
                sq_action_text(g, s, acts[i], b, sizeof b);
                if (vb_name_eq(b, text)) {
                    *out = acts[i];
                    return 0;
                }
            }
        }
    }
    return vb_fail(cx, VB_EILLEGAL, "illegal action '%s'", text);
}

/* ---- JSON ---------------------------------------------------------------------*/

static json_t *jpt(int x, int y)
{
    return json_pack("[ii]", x, y);
}

static json_t *uname(const sq_scen *sc, int u)
{
    return u >= 0 && u < sc->nunits ? json_string(sc->units[u].name) : json_null();
}

json_t *sq_to_json(const vb_game *g, const void *st, int role)
{
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    char b[32];
    (void)role; /* an open board: every role sees everything */
    json_t *j = json_object();
    json_object_set_new(j, "day", json_integer(s->day));
    json_object_set_new(j, "phase", json_string(jphase[s->phase <= PH_OVER ? s->phase : 0]));
    json_object_set_new(j, "selected", uname(sc, s->sel));
    json_object_set_new(j, "over", json_boolean(s->over));
    json_object_set_new(j, "winner",
                        s->winner >= 0 ? json_string(sides[(int)s->winner]) : json_null());
    json_object_set_new(j, "reason", json_integer(s->reason));
    json_object_set_new(j, "works_done", json_boolean(s->wdone));
    json_object_set_new(j, "repair_cursor", uname(sc, s->cursor));
    json_t *w = json_object();
    for (int i = 0; i < sc->nworks; i++) {
        json_t *o = json_object();
        json_object_set_new(o, "strength", json_integer(s->wstr[i]));
        json_object_set_new(o, "taken", json_boolean(s->taken[i]));
        if (s->wattacks[i])
            json_object_set_new(o, "attacks", json_integer(s->wattacks[i]));
        json_object_set_new(w, sc->works[i].name, o);
    }
    json_object_set_new(j, "works", w);
    json_t *sa = json_array();
    for (int i = 0; i < s->nsect; i++) {
        const sq_sect *t = &s->s[i];
        if (t->state == SS_NONE)
            continue;
        json_t *o = json_object();
        sq_sect_name(s, i, b, sizeof b);
        json_object_set_new(o, "name", json_string(b));
        json_object_set_new(o, "kind", json_string(sq_skind_names[t->kind % SK_N]));
        json_object_set_new(o, "built", json_boolean(t->state == SS_BUILT));
        json_object_set_new(o, "parallel", json_integer(t->par));
        json_object_set_new(o, "builder", uname(sc, t->builder));
        if (t->parent >= 0 && t->parent < s->nsect) {
            sq_sect_name(s, t->parent, b, sizeof b);
            json_object_set_new(o, "parent", json_string(b));
        } else
            json_object_set_new(o, "parent", json_null());
        if (t->kind == SK_JOIN && t->meets && t->meets <= s->nsect) {
            sq_sect_name(s, t->meets - 1, b, sizeof b);
            json_object_set_new(o, "meets", json_string(b));
        } else if (t->kind == SK_JOIN)
            json_object_set_new(o, "meets", json_null());
        json_object_set_new(o, "from", jpt(t->ax, t->ay));
        json_object_set_new(o, "to", jpt(t->bx, t->by));
        json_object_set_new(o, "facing", json_integer(t->facing));
        json_array_append_new(sa, o);
    }
    json_object_set_new(j, "sections", sa);
    json_t *us = json_object();
    for (int u = 0; u < sc->nunits; u++) {
        const sq_unit *x = &s->u[u];
        json_t *o = json_object();
        sq_loc_name(g, s, x->lkind, x->loc, b, sizeof b);
        json_object_set_new(o, "at", json_string(b));
        json_object_set_new(o, "pos", jpt(x->x, x->y));
        json_object_set_new(o, "strength", json_integer(x->str));
        json_t *f = json_array();
        static const char *const fl[] = {"moved",   "fired",    "shaken",
                                         "ordered", "attacked", "digging"};
        for (int i = 0; i < 6; i++)
            if (x->flags & (1u << i))
                json_array_append_new(f, json_string(fl[i]));
        json_object_set_new(o, "flags", f);
        json_object_set_new(o, "attached", uname(sc, x->att));
        json_object_set_new(o, "wounded", json_integer(x->wound));
        json_object_set_new(o, "attacks", json_integer(s->attacks[u]));
        if (x->aim > 0 && x->aim <= sc->nworks)
            json_object_set_new(
                o, "gallery",
                json_pack("{s:s,s:i}", "work", sc->works[x->aim - 1].name, "days", (int)x->dig));
        json_object_set_new(us, sc->units[u].name, o);
    }
    json_object_set_new(j, "units", us);
    if (s->p.kind != PK_NONE) {
        const sq_pend *p = &s->p;
        json_t *o = json_object();
        json_object_set_new(o, "kind", json_string(pkinds[p->kind % 5]));
        json_object_set_new(o, "stage", json_string(pstages[p->stage % 3]));
        json_object_set_new(o, "actor", uname(sc, p->actor));
        json_object_set_new(o, "target", uname(sc, p->target));
        json_object_set_new(o, "work",
                            p->work >= 0 && p->work < sc->nworks
                                ? json_string(sc->works[(int)p->work].name)
                                : json_null());
        json_object_set_new(o, "need", json_integer(p->need));
        json_object_set_new(o, "night", json_boolean(p->night));
        json_object_set_new(o, "roll", json_integer(p->roll));
        json_object_set_new(o, "success", json_boolean(p->success));
        json_object_set_new(o, "casualties", json_integer(p->cas));
        json_object_set_new(o, "attacker_casualties", json_integer(p->acas));
        json_object_set_new(o, "star_of", uname(sc, p->star_of));
        json_object_set_new(o, "star_next", uname(sc, p->star_next));
        json_object_set_new(o, "target_place_kind", json_integer(p->tlk));
        json_object_set_new(o, "target_place", json_integer(p->tloc));
        json_object_set_new(j, "procedure", o);
    }
    return j;
}

#define FAIL(...) return vb_fail(cx, VB_EINPUT, __VA_ARGS__)

/* A unit name or null into *out (-1 for null). */
static int junit(const sq_scen *sc, json_t *v, int *out, const char *what, vb_ctx *cx)
{
    if (!v || json_is_null(v)) {
        *out = -1;
        return 0;
    }
    if (!json_is_string(v) || (*out = sq_find_unit(sc, json_string_value(v))) < 0)
        FAIL("%s: unknown unit", what);
    return 0;
}

/* A point on the scenario's table: 0..width across, 0..depth down (the
 * table's edges included, as a sap may end on them). */
static int jpoint(const sq_scen *sc, json_t *v, int *x, int *y, const char *what, vb_ctx *cx)
{
    if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_integer(json_array_get(v, 0)) ||
        !json_is_integer(json_array_get(v, 1)))
        FAIL("%s: a point is [x, y]", what);
    json_int_t a = json_integer_value(json_array_get(v, 0)),
               b = json_integer_value(json_array_get(v, 1));
    if (a < 0 || a > sc->width || b < 0 || b > sc->depth)
        FAIL("%s: point [%lld, %lld] off the table (0-%d across, 0-%d down, 1/100 in)", what,
             (long long)a, (long long)b, sc->width, sc->depth);
    *x = (int)a;
    *y = (int)b;
    return 0;
}

/* What join `slot` meets (Besieger: "an additional turn of engineering to
 * make them meet"): the name of a built section, or null once that one is
 * destroyed. A state file written before the key: the built trench, sap
 * or join with an end at the join's far end, and none is refused (a join
 * dug to nothing); only a join has the key. sq_check then finds the far
 * end on an end of the section named. */
static int jmeets(sq_state *s, int slot, json_t *v, const char *nm, vb_ctx *cx)
{
    sq_sect *t = &s->s[slot];
    t->meets = 0;
    if (t->kind != SK_JOIN) {
        if (v)
            FAIL("sections: '%s': only a join meets a section", nm);
        return 0;
    }
    if (v && json_is_null(v))
        return 0;
    if (v) {
        int m = json_is_string(v) ? sq_find_sect(s, json_string_value(v)) : -1;
        if (m < 0 || m == slot || s->s[m].state != SS_BUILT || s->s[m].kind == SK_BATTERY)
            FAIL("sections: '%s' meets no built trench of that name", nm);
        t->meets = (uint8_t)(m + 1);
        return 0;
    }
    for (int m = 0; m < s->nsect && !t->meets; m++) {
        const sq_sect *o = &s->s[m];
        if (m != slot && m != t->parent && o->state == SS_BUILT && o->kind != SK_BATTERY &&
            ((o->ax == t->bx && o->ay == t->by) || (o->bx == t->bx && o->by == t->by)))
            t->meets = (uint8_t)(m + 1);
    }
    if (!t->meets)
        FAIL("sections: '%s' ends on no trench: a join is dug to make two trenches meet "
             "(Besieger); \"meets\": null if that one was destroyed since",
             nm);
    return 0;
}

static int jint(json_t *o, const char *key, int lo, int hi, int *out, const char *where, vb_ctx *cx)
{
    return vb_json_int(o, key, lo, hi, out, where, cx);
}

int sq_from_json(const vb_game *g, void *st, json_t *j, vb_ctx *cx)
{
    const sq_data *d = g->data;
    sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    const char *str;
    json_t *o, *v;
    int x;
    static const char *const top[] = {
        "day",           "phase", "selected", "over",  "winner",    "reason", "works_done",
        "repair_cursor", "works", "sections", "units", "procedure", NULL};
    if (!json_is_object(j))
        FAIL("state: an object is expected");
    if (vb_json_known(j, top, "state", cx))
        return VB_EINPUT;
    if (jint(j, "day", 1, d->days_limit, &x, "state", cx))
        return VB_EINPUT;
    s->day = (int16_t)x;
    if (vb_json_str(j, "phase", &str, "state", cx))
        return VB_EINPUT;
    x = vb_name_find(jphase + 1, PH_OVER, str);
    if (x < 0)
        FAIL("state: unknown phase '%s'", str);
    s->phase = (uint8_t)(x + 1);
    if (junit(sc, json_object_get(j, "selected"), &x, "selected", cx))
        return VB_EINPUT;
    s->sel = (int8_t)x;
    v = json_object_get(j, "over");
    s->over = (uint8_t)(v && json_is_true(v));
    if (v && !json_is_boolean(v))
        FAIL("state: 'over' is true or false");
    v = json_object_get(j, "winner");
    s->winner = -1;
    if (v && !json_is_null(v)) {
        if (!json_is_string(v) || (x = vb_name_find(sides, 2, json_string_value(v))) < 0)
            FAIL("state: winner is besieger, defender or null");
        s->winner = (int8_t)x;
    }
    v = json_object_get(j, "reason");
    if (v) {
        if (jint(j, "reason", 0, 4, &x, "state", cx))
            return VB_EINPUT;
        s->reason = (uint8_t)x;
    }
    if ((s->over != 0) != (s->phase == PH_OVER) || (s->over != 0) != (s->winner >= 0) ||
        (s->over != 0) != (s->reason != 0))
        FAIL("state: over, phase 'over', winner and reason go together");
    v = json_object_get(j, "works_done");
    if (v && !json_is_boolean(v))
        FAIL("state: works_done is true or false");
    s->wdone = (uint8_t)(v && json_is_true(v));
    if (junit(sc, json_object_get(j, "repair_cursor"), &x, "repair_cursor", cx))
        return VB_EINPUT;
    s->cursor = (int8_t)x;
    if (s->wdone && s->phase != PH_WORKS)
        FAIL("state: works_done outside step 9");
    if (!s->wdone && s->cursor != -1)
        FAIL("state: a repair cursor without works_done");
    if (s->sel >= 0 && s->phase != PH_BMOVE && s->phase != PH_DMOVE)
        FAIL("state: a unit is selected outside movement");
    /* works */
    if (vb_json_obj(j, "works", &o, "state", cx))
        return VB_EINPUT;
    if ((int)json_object_size(o) != sc->nworks)
        FAIL("state: works must list the %d works of %s", sc->nworks, sc->name);
    for (int w = 0; w < sc->nworks; w++) {
        json_t *e = json_object_get(o, sc->works[w].name);
        static const char *const wk[] = {"strength", "taken", "attacks", NULL};
        int t = 0, at = 0;
        if (!e || !json_is_object(e))
            FAIL("works: '%s' missing", sc->works[w].name);
        if (vb_json_known(e, wk, sc->works[w].name, cx) ||
            jint(e, "strength", 0, d->work_strength, &x, sc->works[w].name, cx) ||
            vb_json_bool(e, "taken", &t, sc->works[w].name, cx))
            return VB_EINPUT;
        if (json_object_get(e, "attacks") && jint(e, "attacks", 0, 50, &at, sc->works[w].name, cx))
            return VB_EINPUT;
        if (sc->works[w].kind == WK_COVERED && x != 0)
            FAIL("works: '%s': the covered way has no strength points", sc->works[w].name);
        s->wstr[w] = (int8_t)x;
        s->taken[w] = (uint8_t)t;
        s->wattacks[w] = (uint8_t)at;
    }
    /* sections: the slot comes from the number in the name */
    if (vb_json_arr(j, "sections", &o, "state", cx))
        return VB_EINPUT;
    for (size_t i = 0; i < json_array_size(o); i++) {
        json_t *e = json_array_get(o, i);
        static const char *const sk[] = {"name", "kind", "built",  "parallel", "builder", "parent",
                                         "from", "to",   "facing", "meets",    NULL};
        const char *nm, *kind;
        int built = 0, par = 1, bld = -1, fac = 0, slot;
        if (!json_is_object(e))
            FAIL("sections: entry %zu is not an object", i + 1);
        if (vb_json_known(e, sk, "sections", cx) || vb_json_str(e, "name", &nm, "sections", cx) ||
            vb_json_str(e, "kind", &kind, "sections", cx) ||
            vb_json_bool(e, "built", &built, nm, cx) || jint(e, "parallel", 1, 3, &par, nm, cx) ||
            jint(e, "facing", 0, 35999, &fac, nm, cx) ||
            junit(sc, json_object_get(e, "builder"), &bld, nm, cx))
            return VB_EINPUT;
        const char *dash = strrchr(nm, '-');
        long long sl;
        if (!dash || vb_parse_ll(dash + 1, 1, d->max_sect, &sl, "section number", cx))
            FAIL("sections: bad name '%s'", nm);
        slot = (int)sl - 1;
        int k = vb_name_find(sq_skind_names, SK_N, kind);
        if (k < 0)
            FAIL("sections: '%s' of unknown kind", nm);
        if (s->s[slot].state != SS_NONE)
            FAIL("sections: '%s' twice", nm);
        sq_sect *t = &s->s[slot];
        t->kind = (uint8_t)k;
        t->state = built ? SS_BUILT : SS_PLANNED;
        t->par = (int8_t)par;
        t->builder = (int8_t)bld;
        t->facing = (uint16_t)fac;
        int ax, ay, bx, by;
        if (jpoint(sc, json_object_get(e, "from"), &ax, &ay, nm, cx) ||
            jpoint(sc, json_object_get(e, "to"), &bx, &by, nm, cx))
            return VB_EINPUT;
        t->ax = (int16_t)ax, t->ay = (int16_t)ay, t->bx = (int16_t)bx, t->by = (int16_t)by;
        if (ax == bx && ay == by)
            FAIL("sections: '%s' has no length: it runs from [%d, %d] to the same point", nm, ax,
                 ay);
        if (slot + 1 > s->nsect)
            s->nsect = (uint8_t)(slot + 1);
        char chk[32];
        sq_sect_name(s, slot, chk, sizeof chk);
        if (!vb_name_eq(chk, nm))
            FAIL("sections: '%s' should be named '%s'", nm, chk);
        if (built != (bld < 0))
            FAIL("sections: '%s': a builder only while it is planned", nm);
    }
    for (size_t i = 0; i < json_array_size(o); i++) {
        json_t *e = json_array_get(o, i);
        const char *nm = json_string_value(json_object_get(e, "name"));
        int slot = sq_find_sect(s, nm);
        v = json_object_get(e, "parent");
        s->s[slot].parent = -1;
        if (v && !json_is_null(v)) {
            int p = json_is_string(v) ? sq_find_sect(s, json_string_value(v)) : -1;
            if (p < 0 || p == slot || s->s[p].state != SS_BUILT)
                FAIL("sections: '%s': unknown parent", nm);
            s->s[slot].parent = (int16_t)p;
        } else if (s->s[slot].state == SS_PLANNED)
            FAIL("sections: '%s': a section being dug grows from a built one", nm);
        if (jmeets(s, slot, json_object_get(e, "meets"), nm, cx))
            return VB_EINPUT;
    }
    /* a section grows from one dug before it: parents never run in a ring */
    for (int i = 0; i < s->nsect; i++) {
        int k = i, n = 0;
        while (s->s[k].state != SS_NONE && s->s[k].parent >= 0 && n <= s->nsect)
            k = s->s[k].parent, n++;
        if (n > s->nsect) {
            char b[32];
            sq_sect_name(s, i, b, sizeof b);
            FAIL("sections: '%s': its parents run in a ring", b);
        }
    }
    /* units */
    if (vb_json_obj(j, "units", &o, "state", cx))
        return VB_EINPUT;
    if ((int)json_object_size(o) != sc->nunits)
        FAIL("state: units must list the %d units of %s", sc->nunits, sc->name);
    for (int u = 0; u < sc->nunits; u++) {
        json_t *e = json_object_get(o, sc->units[u].name), *f;
        const char *nm = sc->units[u].name, *at;
        static const char *const uk[] = {"at",      "pos",     "strength", "flags", "attached",
                                         "wounded", "attacks", "gallery",  NULL};
        int ust, att, wnd, atk = 0, px, py;
        if (!e || !json_is_object(e))
            FAIL("units: '%s' missing", nm);
        if (vb_json_known(e, uk, nm, cx) || vb_json_str(e, "at", &at, nm, cx) ||
            jint(e, "strength", 0, d->strength[sc->units[u].type], &ust, nm, cx) ||
            jint(e, "wounded", 0, 10, &wnd, nm, cx) ||
            junit(sc, json_object_get(e, "attached"), &att, nm, cx) ||
            jpoint(sc, json_object_get(e, "pos"), &px, &py, nm, cx) ||
            vb_json_arr(e, "flags", &f, nm, cx))
            return VB_EINPUT;
        if (json_object_get(e, "attacks") && jint(e, "attacks", 0, 50, &atk, nm, cx))
            return VB_EINPUT;
        sq_unit *x2 = &s->u[u];
        if (vb_name_eq(at, "off"))
            x2->lkind = LK_OFF;
        else if (vb_name_eq(at, "Camp"))
            x2->lkind = LK_CAMP;
        else if (vb_name_eq(at, "Town"))
            x2->lkind = LK_TOWN;
        else if ((x = sq_find_work(sc, at)) >= 0)
            x2->lkind = LK_WORK, x2->loc = (int16_t)x;
        else if ((x = sq_find_sect(s, at)) >= 0)
            x2->lkind = LK_SECT, x2->loc = (int16_t)x;
        else
            FAIL("units: '%s' at unknown place '%s'", nm, at);
        x2->str = (int8_t)ust;
        x2->att = (int8_t)att;
        x2->wound = (int8_t)wnd;
        x2->x = (int16_t)px;
        x2->y = (int16_t)py;
        s->attacks[u] = (uint8_t)atk;
        json_t *gv = json_object_get(e, "gallery");
        if (gv && !json_is_null(gv)) {
            static const char *const gk[] = {"work", "days", NULL};
            const char *gw;
            int gd, gi;
            if (vb_json_known(gv, gk, nm, cx) || vb_json_str(gv, "work", &gw, nm, cx) ||
                jint(gv, "days", 0, 20, &gd, nm, cx))
                return VB_EINPUT;
            if ((gi = sq_find_work(sc, gw)) < 0)
                FAIL("units: '%s': gallery at unknown work '%s'", nm, gw);
            x2->aim = (int8_t)(gi + 1);
            x2->dig = (int8_t)gd;
        }
        for (size_t i = 0; i < json_array_size(f); i++) {
            static const char *const fl[] = {"moved",   "fired",    "shaken",
                                             "ordered", "attacked", "digging"};
            json_t *fv = json_array_get(f, i);
            int b = json_is_string(fv) ? vb_name_find(fl, 6, json_string_value(fv)) : -1;
            if (b < 0)
                FAIL("units: '%s': unknown flag", nm);
            if (x2->flags & (1u << b))
                FAIL("units: '%s': flag '%s' twice", nm, fl[b]);
            x2->flags |= (uint8_t)(1u << b);
        }
        if (x2->lkind == LK_OFF &&
            (x2->flags || x2->att >= 0 || x2->str || x2->wound || x2->aim || x2->dig))
            FAIL("units: '%s' is out of play: no strength, flags, gallery or leader", nm);
        if (x2->lkind == LK_OFF)
            x2->x = x2->y = 0, x2->loc = 0;
        if (x2->lkind == LK_OFF && (px || py))
            FAIL("units: '%s' is out of play: its pos is [0, 0]", nm);
        int ty = sc->units[u].type;
        if ((ty == UT_CINC || ty == UT_ENGINEER) && x2->lkind != LK_OFF && ust != 0)
            FAIL("units: '%s': leaders have no strength", nm);
        if (x2->wound && (x2->att >= 0 || (ty != UT_CINC && ty != UT_ENGINEER)))
            FAIL("units: '%s': only unattached leaders are wounded", nm);
        if (x2->lkind == LK_CAMP || x2->lkind == LK_TOWN) {
            sq_pt m = x2->lkind == LK_CAMP ? sc->camp : sc->town;
            if (px != m.x || py != m.y)
                FAIL("units: '%s': pos in the %s is [%d, %d], not [%d, %d]", nm,
                     x2->lkind == LK_CAMP ? "camp" : "town", px, py, m.x, m.y);
        } else if (x2->lkind == LK_SECT) {
            const sq_sect *t = &s->s[x2->loc];
            sq_pt p = {px, py}, a = {t->ax, t->ay}, b = {t->bx, t->by};
            if (!sq_within_seg(p, a, b, d->half_width))
                FAIL("units: '%s': pos is not inside %s", nm, at);
        } else if (x2->lkind == LK_WORK) {
            sq_pt p = {px, py};
            const sq_work *w = &sc->works[x2->loc];
            if (!sq_point_in_poly(p, w->pts, w->npts) && !(p.x == w->mid.x && p.y == w->mid.y))
                FAIL("units: '%s': pos is not inside %s", nm, at);
        }
    }
    for (int u = 0; u < sc->nunits; u++)
        if (s->u[u].att >= 0) {
            int a = s->u[u].att;
            if (s->u[a].x != s->u[u].x || s->u[a].y != s->u[u].y)
                FAIL("units: '%s' stands apart from the unit it is attached to", sc->units[u].name);
            for (int v2 = 0; v2 < u; v2++)
                if (s->u[v2].att == a && sc->units[v2].type == sc->units[u].type)
                    FAIL("units: two leaders of a kind attached to '%s'", sc->units[a].name);
        }
    for (int i = 0; i < s->nsect; i++)
        if (s->s[i].state == SS_PLANNED) {
            int b = s->s[i].builder;
            if (b < 0 || sc->units[b].type != UT_FOOT ||
                (sq_alive(s, b) && !(s->u[b].flags & UF_ORDERED)))
                FAIL("sections: a planned section needs a foot unit that had its order");
        }
    /* procedure */
    v = json_object_get(j, "procedure");
    if (v && !json_is_null(v)) {
        sq_pend *p = &s->p;
        static const char *const pk[] = {"kind",
                                         "stage",
                                         "actor",
                                         "target",
                                         "work",
                                         "need",
                                         "night",
                                         "roll",
                                         "success",
                                         "casualties",
                                         "attacker_casualties",
                                         "star_of",
                                         "star_next",
                                         "target_place_kind",
                                         "target_place",
                                         NULL};
        const char *ks, *ss;
        int a, t, so, sn, nd, rl, cs, acs, tlk, tl, ng = 0, su = 0;
        if (vb_json_known(v, pk, "procedure", cx) || vb_json_str(v, "kind", &ks, "procedure", cx) ||
            vb_json_str(v, "stage", &ss, "procedure", cx) ||
            junit(sc, json_object_get(v, "actor"), &a, "procedure actor", cx) ||
            junit(sc, json_object_get(v, "target"), &t, "procedure target", cx) ||
            junit(sc, json_object_get(v, "star_of"), &so, "procedure star_of", cx) ||
            junit(sc, json_object_get(v, "star_next"), &sn, "procedure star_next", cx) ||
            jint(v, "need", -100, 100, &nd, "procedure", cx) ||
            jint(v, "roll", 0, 6, &rl, "procedure", cx) ||
            jint(v, "casualties", 0, 100, &cs, "procedure", cx) ||
            jint(v, "attacker_casualties", 0, 100, &acs, "procedure", cx) ||
            jint(v, "target_place_kind", 0, LK_SECT, &tlk, "procedure", cx) ||
            jint(v, "target_place", 0, SQ_MAX_SECT - 1, &tl, "procedure", cx) ||
            vb_json_bool(v, "night", &ng, "procedure", cx) ||
            vb_json_bool(v, "success", &su, "procedure", cx))
            return VB_EINPUT;
        int kd = vb_name_find(pkinds, 5, ks), sg = vb_name_find(pstages, 3, ss);
        if (kd <= 0 || sg < 0 || a < 0)
            FAIL("procedure: unknown kind or stage, or no actor");
        p->kind = (uint8_t)kd;
        p->stage = (uint8_t)sg;
        p->actor = (int8_t)a;
        p->target = (int8_t)t;
        p->star_of = (int8_t)so;
        p->star_next = (int8_t)(sn < 0 ? 0 : sn);
        p->need = (int8_t)nd;
        p->roll = (int8_t)rl;
        p->cas = (int8_t)cs;
        p->acas = (int8_t)acs;
        p->night = (int8_t)ng;
        p->success = (int8_t)su;
        p->tlk = (int8_t)tlk;
        p->tloc = (int8_t)tl;
        json_t *wv = json_object_get(v, "work");
        p->work = -1;
        if (wv && !json_is_null(wv)) {
            if (!json_is_string(wv) || (x = sq_find_work(sc, json_string_value(wv))) < 0)
                FAIL("procedure: unknown work");
            p->work = (int8_t)x;
        }
        /* consistency of each kind */
        int ok = sq_alive(s, a);
        if (kd == PK_FIRE)
            ok = ok && t >= 0 && nd >= 1 && nd <= 8 && p->work < 0 && sq_alive(s, t) &&
                 s->phase >= PH_BART && s->phase <= PH_DMUSKET;
        else if (kd == PK_BATTER)
            ok = ok && p->work >= 0 && nd >= 1 && nd <= 8 && sg == PS_MAIN && s->phase == PH_BART &&
                 sc->works[(int)p->work].kind != WK_COVERED;
        else if (kd == PK_ATTACK)
            ok = t >= 0 && (s->phase == PH_SORTIE || s->phase == PH_ASSAULT) &&
                 (sg != PS_MORALE ? sq_alive(s, a) && sq_alive(s, t) : 1) &&
                 (sg != PS_MORALE || sq_alive(s, t));
        else
            ok = ok && sg == PS_MAIN && s->phase == PH_WORKS && p->work >= 0 && s->wdone &&
                 s->cursor == a && sc->works[(int)p->work].kind != WK_COVERED;
        if (sg == PS_STAR)
            ok = ok && so >= 0 && sn >= 0 && s->u[sn].att == so && sq_alive(s, sn);
        if (sg == PS_MORALE)
            ok = ok && t >= 0 && sq_alive(s, t);
        if (kd == PK_ATTACK && tlk == LK_SECT && (tl >= s->nsect))
            ok = 0;
        if (kd == PK_ATTACK && tlk == LK_WORK && tl >= sc->nworks)
            ok = 0;
        if (!ok)
            FAIL("procedure: inconsistent with the position");
        if (s->sel >= 0)
            FAIL("procedure: no unit is selected while dice are rolled");
    } else if (s->phase == PH_WORKS && !s->over)
        FAIL("state: step 9 runs without decisions except the repair dice");
    if (sq_check(g, s, cx))
        return VB_EINPUT;
    /* Time Scale, Besieger: the 1st parallel at the end of turn 1, then each
     * section dug by a foot unit with an engineer attached and completed in
     * step 9 only while the engineer is with it: each engineer of the
     * scenario completes at most one section a day */
    int eng = 0, built = 0;
    for (int u = 0; u < sc->nunits; u++)
        eng += sc->units[u].side == SQ_BESIEGER && sc->units[u].type == UT_ENGINEER;
    for (int i = 0; i < s->nsect; i++)
        built += s->s[i].state == SS_BUILT;
    int dug = s->day - d->par1_day - 1 + (s->phase >= PH_WORKS);
    if (dug >= 0 && built > sc->npar1 + eng * dug)
        FAIL("sections: %d built by day %d: at most %d, the 1st parallel's %d and one a day for "
             "each of the besieger's %d engineers since (Time Scale, Sequence 9: a trench is dug "
             "by a foot unit with an engineer attached)",
             built, s->day, sc->npar1 + eng * dug, sc->npar1, eng);
    /* and a section grows from a built one, so the k-th from the 1st
     * parallel is built on the k-th day of digging at the earliest */
    for (int i = 0; i < s->nsect && dug >= 0; i++) {
        int k = 0;
        for (int a = i; s->s[a].parent >= 0 && k <= s->nsect; a = s->s[a].parent)
            k++;
        if (s->s[i].state == SS_BUILT && k > dug) {
            char b[32];
            sq_sect_name(s, i, b, sizeof b);
            FAIL("sections: '%s' is built %d sections from the 1st parallel on day %d, step %d: "
                 "each is dug in a day from a built one, at most %d by then (Sequence 1, 9)",
                 b, k, s->day, s->phase, dug);
        }
    }
    if (s->sel >= 0) {
        int u = s->sel;
        if (!sq_alive(s, u) || s->u[u].wound || (s->u[u].flags & UF_ORDERED) ||
            sq_unit_side(g, s, u) != sq_phase_side(s->phase))
            FAIL("state: the selected unit cannot take an order");
    }
    if (!s->over) {
        vb_action acts[VB_MAX_ACTIONS];
        int n = sq_legal(g, s, acts, NULL, VB_MAX_ACTIONS);
        if (n <= 0)
            FAIL("state: a running position with no legal action");
        if (s->p.kind == PK_NONE && s->phase >= PH_BART && s->phase <= PH_ASSAULT && n < 2 &&
            SQ_AK(acts[0]) == AK_END) /* a forced battalion-gun fire alone is a step */
            FAIL("state: a combat step where nothing can be done (it is skipped)");
    }
    return 0;
}

/* ---- the terminal board -----------------------------------------------------*/

void sq_render(const vb_game *g, const void *st, int role, FILE *out)
{
    const sq_data *d = g->data;
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    char b[VB_TEXT_LEN], l[32];
    (void)role;
    sq_prompt(g, s, b, sizeof b);
    /* the prompt on a line of its own: with the title it passed 80 columns */
    fprintf(out, "Siege of a fortress of %d front%s\n%s\n", sc->fronts, sc->fronts > 1 ? "s" : "",
            b);
    fprintf(out, "Works:");
    int col = 6;
    for (int w = 0; w < sc->nworks; w++) {
        if (sc->works[w].kind == WK_COVERED)
            snprintf(b, sizeof b, " %s%s", sc->works[w].name, s->taken[w] ? "(taken)" : "");
        else
            snprintf(b, sizeof b, " %s %d/15%s", sc->works[w].name, s->wstr[w],
                     s->taken[w]       ? "(taken)"
                     : s->wstr[w] == 0 ? "(breached)"
                                       : "");
        if (col + (int)strlen(b) > 78) {
            fprintf(out, "\n      ");
            col = 6;
        }
        fprintf(out, "%s", b);
        col += (int)strlen(b);
    }
    fprintf(out, "\nTrenches:");
    col = 9;
    for (int i = 0; i < s->nsect; i++) {
        if (s->s[i].state == SS_NONE)
            continue;
        sq_sect_name(s, i, l, sizeof l);
        snprintf(b, sizeof b, " %s%s", l, s->s[i].state == SS_PLANNED ? "(dig)" : "");
        if (col + (int)strlen(b) > 78) {
            fprintf(out, "\n         ");
            col = 9;
        }
        fprintf(out, "%s", b);
        col += (int)strlen(b);
    }
    fprintf(out, "\n");
    for (int side = 0; side < 2; side++) {
        fprintf(out, "%s:\n", side == SQ_BESIEGER ? "Besieger" : "Defender");
        /* the camp, the town and the fallen: names only, wrapped */
        for (int lk = LK_OFF; lk <= LK_TOWN; lk++) {
            int n = 0;
            col = 0;
            for (int u = 0; u < sc->nunits; u++) {
                const sq_unit *x = &s->u[u];
                if (sc->units[u].side != side || x->att >= 0 || x->lkind != lk)
                    continue;
                if (!n)
                    col = fprintf(out, "  %s:",
                                  lk == LK_OFF    ? "out of play"
                                  : lk == LK_CAMP ? "in the camp"
                                                  : "in the town");
                n++;
                snprintf(b, sizeof b, " %s%s%s", sc->units[u].name,
                         (x->flags & UF_SHAKEN) ? "(shaken)" : "", x->wound ? "(wounded)" : "");
                if (col + (int)strlen(b) > 78) {
                    fprintf(out, "\n   ");
                    col = 3;
                }
                col += fprintf(out, "%s", b);
            }
            if (n)
                fprintf(out, "\n");
        }
        for (int u = 0; u < sc->nunits; u++) {
            const sq_unit *x = &s->u[u];
            if (sc->units[u].side != side || x->att >= 0 || x->lkind == LK_OFF ||
                x->lkind == LK_CAMP || x->lkind == LK_TOWN)
                continue;
            sq_loc_name(g, s, x->lkind, x->loc, l, sizeof l);
            int n = snprintf(b, sizeof b, "  %-14s %-7s %-10s", sc->units[u].name,
                             sq_utype_names[sc->units[u].type], l);
            if (x->lkind != LK_OFF && x->str)
                n += snprintf(b + n, sizeof b - (size_t)n, " str %d", x->str);
            if (x->flags & UF_SHAKEN)
                n += snprintf(b + n, sizeof b - (size_t)n, " shaken");
            if (x->wound)
                n += snprintf(b + n, sizeof b - (size_t)n, " wounded");
            if (x->aim > 0 && x->aim <= sc->nworks)
                n += snprintf(b + n, sizeof b - (size_t)n, " %s %s %d/%d",
                              side == SQ_BESIEGER ? "mine" : "countersap",
                              side == SQ_BESIEGER ? sc->works[x->aim - 1].name : "dug", x->dig,
                              side == SQ_BESIEGER ? d->mine_days : d->counter_days);
            for (int v = 0; v < sc->nunits && n < 70; v++)
                if (s->u[v].att == u)
                    n += snprintf(b + n, sizeof b - (size_t)n, " +%s", sc->units[v].name);
            b[78] = 0;
            fprintf(out, "%s\n", b);
        }
    }
}

/* `work NAME` in vauban play: one work of the fortress, its strength and
 * who holds it, the pieces in it, what must fall before it may be
 * assaulted (Fire and assaults on Fortress Defences) and the deciding
 * role's orders that name it. The board is open: nothing is hidden. */
int sq_area(const vb_game *g, const void *st, int role, const char *name, FILE *out, vb_ctx *cx)
{
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    vb_para p;
    int w = -1;
    for (int k = 0; k < sc->nworks; k++) {
        if (!name)
            fprintf(out, "%s\n", sc->works[k].name);
        else if (w < 0 && vb_name_eq(sc->works[k].name, name))
            w = k;
    }
    if (!name)
        return 0;
    if (w < 0)
        return vb_fail(cx, VB_EINPUT, "unknown work '%.60s' ('work' alone lists them)", name);
    const sq_work *wk = &sc->works[w];
    fprintf(out, "%s: %s", wk->name, sq_wkind_names[wk->kind]);
    if (wk->kind != WK_COVERED)
        fprintf(out, ", strength %d of 15%s", s->wstr[w], s->wstr[w] == 0 ? " (breached)" : "");
    fprintf(out, "; held by the %s\n", s->taken[w] ? "besieger" : "defender");
    int in[SQ_MAX_UNITS], n = 0;
    for (int u = 0; u < sc->nunits && n < SQ_MAX_UNITS; u++)
        if (s->u[u].lkind == LK_WORK && s->u[u].loc == w)
            in[n++] = u;
    vb_para_start(&p, out, "  in it:", 4);
    for (int k = 0; k < n; k++) {
        int u = in[k];
        vb_para_itemf(&p, "%s (%s%s%s)%s", sc->units[u].name, sq_utype_names[sc->units[u].type],
                      s->u[u].att >= 0 ? ", attached" : "",
                      (s->u[u].flags & UF_SHAKEN) ? ", shaken" : "", k + 1 < n ? "," : "");
    }
    if (!n)
        vb_para_item(&p, "nothing");
    vb_para_end(&p);
    if (wk->nafter) {
        vb_para_start(&p, out, "  to assault it, first take:", 4);
        for (int k = 0; k < wk->nafter; k++)
            vb_para_itemf(&p, "%s%s%s", sc->works[wk->after[k]].name,
                          s->taken[wk->after[k]] ? " (taken)" : "",
                          k + 1 < wk->nafter ? (wk->after_all ? " and" : " or") : "");
        vb_para_end(&p);
    }
    vb_put_orders(out, g, st, role, wk->name);
    return 0;
}
