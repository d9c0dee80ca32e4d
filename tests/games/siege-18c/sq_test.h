/* sq_test.h - set-up helpers shared by the siege-18c rule tests:
 * positions are built by editing the state of a new one-front game. */
#ifndef SQ_TEST_H
#define SQ_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"

static inline sq_state *S(vbt *t)
{
    return vbt_state(t);
}

static inline int U(vbt *t, const char *name)
{
    int u = sq_find_unit(sq_sc(t->g, S(t)), name);
    if (u < 0)
        fail_msg("no unit '%s'", name);
    return u;
}

static inline int W(vbt *t, const char *name)
{
    int w = sq_find_work(sq_sc(t->g, S(t)), name);
    if (w < 0)
        fail_msg("no work '%s'", name);
    return w;
}

/* Add a built section, shaped freely (not as an order lays it; the lay_*
 * below lay sections in the game's own shapes); returns its index. */
static inline int sect(vbt *t, int kind, int par, int parent, int ax, int ay, int bx, int by)
{
    sq_state *s = S(t);
    int i = s->nsect++;
    sq_sect *k = &s->s[i];
    memset(k, 0, sizeof *k);
    k->kind = (uint8_t)kind, k->state = SS_BUILT, k->par = (int8_t)par;
    k->parent = (int16_t)parent, k->builder = -1;
    k->ax = (int16_t)ax, k->ay = (int16_t)ay, k->bx = (int16_t)bx, k->by = (int16_t)by;
    k->facing = 27000; /* toward the fortress */
    return i;
}

/* A full table of sections: SQ_MAX_SECT second-parallel sections in a
 * chain at y 50.00, section i from x 4.00 + 0.50 i to 4.50 + 0.50 i, each
 * meeting the next exactly (the earlier sections dropped). */
static inline void full_chain(vbt *t)
{
    S(t)->nsect = 0;
    for (int i = 0; i < SQ_MAX_SECT; i++)
        sect(t, SK_PARALLEL, 2, -1, 400 + 50 * i, 5000, 450 + 50 * i, 5000);
    assert_int_equal(S(t)->nsect, SQ_MAX_SECT);
}

/* Sections laid as the orders lay them: the shapes come from the game's
 * own sq_lay_* (facing, centre, length from what a section grows from);
 * each is added built and its index returned. */
static inline int lay_add(sq_state *s, int rc, sq_sect *k, const char *what)
{
    if (rc)
        fail_msg("no order could lay %s here", what);
    if (s->nsect >= SQ_MAX_SECT)
        fail_msg("too many sections");
    k->state = SS_BUILT;
    s->s[s->nsect] = *k;
    return s->nsect++;
}

/* Section i of the scenario's 1st parallel, as laid at the end of turn 1. */
static inline int lay_par1_gs(const vb_game *g, sq_state *s, int i)
{
    const sq_scen *sc = sq_sc(g, s);
    sq_sect k;
    memset(&k, 0, sizeof k);
    k.kind = SK_PARALLEL, k.par = 1, k.builder = -1, k.parent = -1;
    k.ax = (int16_t)sc->par1[i][0].x, k.ay = (int16_t)sc->par1[i][0].y;
    k.bx = (int16_t)sc->par1[i][1].x, k.by = (int16_t)sc->par1[i][1].y;
    k.facing = (uint16_t)sq_nearest_work_angle(g, s, sq_sect_mid(&k));
    return lay_add(s, 0, &k, "a 1st-parallel section");
}

/* A sap from (x, y) in section `from` (or -1: cut off), at angle ang. */
static inline int lay_sap_gs(const vb_game *g, sq_state *s, int from, int x, int y, int ang)
{
    sq_sect k;
    sq_pt a = {x, y};
    return lay_add(s, sq_lay_sap(g, s, from, a, ang, &k), &k, "a sap");
}

/* n saps one after the other from (x, y) in `from`, each from the head
 * of the last; returns the last. */
static inline int lay_saps_gs(const vb_game *g, sq_state *s, int from, int x, int y, int ang, int n)
{
    for (int i = 0; i < n; i++) {
        from = lay_sap_gs(g, s, from, x, y, ang);
        x = s->s[from].bx, y = s->s[from].by;
    }
    return from;
}

/* A parallel section centred on the head of sap `sap`. */
static inline int lay_trench_gs(const vb_game *g, sq_state *s, int sap)
{
    sq_sect k;
    sq_pt h = {s->s[sap].bx, s->s[sap].by};
    return lay_add(s, sq_lay_trench(g, s, sap, h, &k), &k, "a parallel section");
}

/* A battery in front of (front 1) or behind parallel section `par` at x. */
static inline int lay_battery_gs(const vb_game *g, sq_state *s, int par, int x, int front)
{
    sq_sect k;
    const sq_sect *t = &s->s[par];
    sq_pt p = {x, t->bx == t->ax ? t->ay : t->ay + (t->by - t->ay) * (x - t->ax) / (t->bx - t->ax)};
    return lay_add(s, sq_lay_battery(g, s, par, p, front, &k), &k, "a battery");
}

/* A join from section `from` to section k. */
static inline int lay_join_gs(const vb_game *g, sq_state *s, int from, int k)
{
    sq_sect j;
    return lay_add(s, sq_lay_join(g, s, from, k, &j), &j, "a join");
}

/* Sections cut off from what they grew from (that one destroyed: parent
 * -1) in parallel par, in the shapes the orders gave them: a parallel
 * section centred on (x, y), a sap from (x, y) at angle ang, a battery
 * centred on (x, y). */
static inline int lay_cut_trench(vbt *t, int par, int x, int y)
{
    sq_sect k;
    sq_pt h = {x, y};
    int rc = sq_lay_trench(t->g, S(t), -1, h, &k);
    k.par = (int8_t)par;
    return lay_add(S(t), rc, &k, "a parallel section");
}
static inline int lay_cut_sap(vbt *t, int par, int x, int y, int ang)
{
    sq_sect k;
    sq_pt a = {x, y};
    int rc = sq_lay_sap(t->g, S(t), -1, a, ang, &k);
    k.par = (int8_t)par;
    return lay_add(S(t), rc, &k, "a sap");
}
/* A cut-off sap dug straight toward the fortress, its head at (x, y):
 * a day's digging from (x, y + the sap's length). */
static inline int lay_cut_sap_to(vbt *t, int par, int x, int y)
{
    int i = lay_cut_sap(t, par, x, y + ((const sq_data *)t->g->data)->sap_len, 27000);
    if (S(t)->s[i].bx != x || S(t)->s[i].by != y)
        fail_msg("a sap to [%d, %d] stops at [%d, %d]", x, y, S(t)->s[i].bx, S(t)->s[i].by);
    return i;
}
static inline int lay_cut_battery(vbt *t, int par, int x, int y)
{
    sq_sect k;
    sq_pt p = {x, y + ((const sq_data *)t->g->data)->bat_off};
    int rc = sq_lay_battery(t->g, S(t), -1, p, 1, &k);
    k.par = (int8_t)par;
    return lay_add(S(t), rc, &k, "a battery");
}

static inline int lay_par1(vbt *t, int i)
{
    return lay_par1_gs(t->g, S(t), i);
}
static inline int lay_sap(vbt *t, int from, int x, int y, int ang)
{
    return lay_sap_gs(t->g, S(t), from, x, y, ang);
}
static inline int lay_saps(vbt *t, int from, int x, int y, int ang, int n)
{
    return lay_saps_gs(t->g, S(t), from, x, y, ang, n);
}
static inline int lay_trench(vbt *t, int sap)
{
    return lay_trench_gs(t->g, S(t), sap);
}
static inline int lay_battery(vbt *t, int par, int x, int front)
{
    return lay_battery_gs(t->g, S(t), par, x, front);
}
/* The scenario's 1st parallel (P1-1 to P1-4) and a sap from P1-1 at
 * 12.00 in across, toward the fortress; returns the sap (Sap-5). */
static inline int par1_and_sap(vbt *t)
{
    for (int i = 0; i < 4; i++)
        lay_par1(t, i);
    return lay_sap(t, 0, 1200, S(t)->s[0].ay, 27000);
}

static inline int lay_join(vbt *t, int from, int k)
{
    return lay_join_gs(t->g, S(t), from, k);
}

/* Put unit u (and its leaders) in section i at (x, y), or in a work. */
static inline void in_sect(vbt *t, int u, int i, int x, int y)
{
    sq_pt p = {x, y};
    sq_place(t->g, S(t), u, LK_SECT, i, p);
}

static inline void in_work(vbt *t, int u, const char *work)
{
    int w = W(t, work);
    sq_place(t->g, S(t), u, LK_WORK, w, sq_sc(t->g, S(t))->works[w].mid);
}

static inline void attach(vbt *t, const char *leader, const char *unit)
{
    sq_state *s = S(t);
    int l = U(t, leader), u = U(t, unit);
    s->u[l].att = (int8_t)u;
    s->u[l].lkind = s->u[u].lkind, s->u[l].loc = s->u[u].loc;
    s->u[l].x = s->u[u].x, s->u[l].y = s->u[u].y;
}

/* Unit `unit` in section i at (x, y) with `leader` placed there too and
 * attached to it (a foot with its engineer, a gun or foot with its CinC):
 * the set-up of fifteen tests. */
static inline void in_sect_led(vbt *t, const char *unit, const char *leader, int i, int x, int y)
{
    in_sect(t, U(t, unit), i, x, y);
    in_sect(t, U(t, leader), i, x, y);
    attach(t, leader, unit);
}

/* A 2nd-parallel section at y 26.00 in, 8.00-16.00 in across, with Foot-1
 * at its middle (12.00, 26.00): the ground of a dozen tests (a fire of
 * Heavy-A1 at column 4, a sap begun by Foot-1 with Sappers-1); returns the
 * section. */
static inline int foot1_in_par2(vbt *t)
{
    int p = sect(t, SK_PARALLEL, 2, -1, 800, 2600, 1600, 2600);
    in_sect(t, U(t, "Foot-1"), p, 1200, 2600);
    return p;
}

/* The printed sortie example's ground: a 1st-parallel section at y 36.00
 * in (15.00-21.40 in across) and a sap from it to (18.66, 33.00) in front
 * of CW-3, Foot-1 on the sap's head, Garrison-B2 in CW-3; returns the sap
 * and the section in *par. */
static inline int sap_before_cw3(vbt *t, int *par)
{
    *par = sect(t, SK_PARALLEL, 1, -1, 1500, 3600, 2140, 3600);
    int sap = sect(t, SK_SAP, 1, *par, 1866, 3600, 1866, 3300);
    in_sect(t, U(t, "Foot-1"), sap, 1866, 3300);
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    return sap;
}

static inline vbt *fresh(void)
{
    vbt *t = vbt_new("siege-18c", "one-front", 7);
    /* day 5; the defender's leaders detached and in the town, so that no
     * CinC stands near the tests' units unless a test puts one there */
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    s->day = 5;
    for (int u = 0; u < sc->nunits; u++) {
        int ty = sc->units[u].type;
        if (ty == UT_CINC || ty == UT_ENGINEER) {
            s->u[u].att = -1;
            sq_send_back(t->g, s, u);
        }
    }
    return t;
}

/* One-front of a game loaded from changed data (vbt_load_changed), seed 7,
 * as set up: day 1 (test_mutation54.c; fresh_changed). */
static inline vbt *setup_changed(const vbt_data_row *row)
{
    vbt *t = calloc(1, sizeof *t);
    assert_non_null(t);
    t->g = vbt_load_changed("siege-18c", row, &t->cx);
    if (!t->g)
        fail_msg("%s: %s", row->rule, t->cx.err);
    if (vb_match_init(&t->m, t->g, vb_scenario_index(t->g, "one-front"), NULL, 7, &t->cx) < 0)
        fail_msg("%s: setup: %s", row->rule, t->cx.err);
    return t;
}

/* fresh() (sq_test.h) of a game loaded from changed data (vbt_load_changed):
 * one-front, seed 7, day 5, the defender's leaders in the town
 * (test_mutation45.c, test_mutation48.c, test_mutation54.c). */
static inline vbt *fresh_changed(const vbt_data_row *row)
{
    vbt *t = setup_changed(row);
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    s->day = 5;
    for (int u = 0; u < sc->nunits; u++)
        if (sq_is_leader(sc->units[u].type)) {
            s->u[u].att = -1;
            sq_send_back(t->g, s, u);
        }
    return t;
}

/* Garrison-B2 on CW-1 with Engineers-A attached; Foot-1 with Sappers-1 at
 * the head of a sap ending 4.00 in from CW-1's middle (Sap-1); another sap
 * farther off (Sap-2); step 1 (test_mine.c, test_mutation40.c). */
static inline vbt *counter_setup(void)
{
    vbt *t = fresh();
    in_work(t, U(t, "Engineers-A"), "CW-1");
    attach(t, "Engineers-A", "Garrison-B2");
    int near = lay_cut_sap_to(t, 1, 909, 1709);
    lay_cut_sap_to(t, 1, 1500, 1700);
    in_sect_led(t, "Foot-1", "Sappers-1", near, 909, 1709);
    S(t)->phase = PH_BMOVE;
    return t;
}

/* Foot-1 with Sappers-1 at the head of a sap at (x, y); a battery on the
 * covered way far off (2.60-2.84 in, y 13.00), unless `battery` is 0; step
 * 1 (test_mine.c, test_mutation50.c). */
static inline vbt *mine_setup(int x, int y, int battery)
{
    vbt *t = fresh();
    sq_send_back(t->g, S(t), U(t, "Garrison-B2")); /* the covered way is empty */
    int sap = lay_cut_sap_to(t, 3, x, y);
    in_sect_led(t, "Foot-1", "Sappers-1", sap, x, y);
    if (battery)
        lay_cut_battery(t, 3, 2720, 1300);
    S(t)->phase = PH_BMOVE;
    return t;
}

/* Foot-1 at the head of Sap-2 (a sap at 18.66 38.60, 270 degrees, from a
 * cut 2nd-parallel trench), digging on from it (a sap planned there, Foot-1
 * its builder and ordered), and another sap grown from that head since: the
 * sections in *sap, *dig and *grown (test_assault.c, test_mutation52.c). */
static inline vbt *sap_head_digging(int *sap, int *dig, int *grown)
{
    vbt *t = fresh();
    sq_state *s = S(t);
    int par = lay_cut_trench(t, 2, 1820, 3860);
    *sap = lay_sap(t, par, 1866, 3860, 27000);
    int hx = s->s[*sap].bx, hy = s->s[*sap].by;
    int f1 = U(t, "Foot-1");
    in_sect(t, f1, *sap, hx, hy);
    *dig = lay_sap(t, *sap, hx, hy, 27000);
    s->s[*dig].state = SS_PLANNED, s->s[*dig].builder = (int8_t)f1;
    s->u[f1].flags |= UF_ORDERED;
    *grown = lay_sap(t, *sap, hx, hy, sq_angle(434, -400));
    return t;
}

/* Siege-1 in a battery forward of the crest, on the line of CW-3's side
 * (four fifths of a side-length beyond its middle, 2.00 in nearer the
 * fortress), facing along it; Garrison-B2 in CW-3, 1.76 in off, enfiladed
 * (test_mutation50.c, test_mutation53.c). */
static inline vbt *cw3_enfilade_setup(void)
{
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_work *k = &sq_sc(t->g, s)->works[W(t, "CW-3")];
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    int dx = k->side[1].x - k->side[0].x, dy = k->side[1].y - k->side[0].y;
    int bx = k->mid.x + dx * 4 / 5, by = k->mid.y + dy * 4 / 5 - 200;
    int bat = sect(t, SK_BATTERY, 3, -1, bx - 120, by, bx + 120, by);
    s->s[bat].facing = (uint16_t)sq_angle(-dx, -dy);
    in_sect(t, U(t, "Siege-1"), bat, bx, by);
    return t;
}

/* Siege-1 in a battery on the covered way at 6.40 12.00, facing Ravelin-1
 * (3.17 degrees), 11.33 in from it (the heavy gun's column 5); the
 * besieger's artillery step (test_rules.c, test_mutation54.c). */
static inline int cw_battery_at_ravelin(vbt *t)
{
    sq_state *s = S(t);
    int siege = U(t, "Siege-1");
    int bat = sect(t, SK_BATTERY, 3, -1, 520, 1200, 760, 1200); /* on the covered way */
    in_sect(t, siege, bat, 640, 1200);
    s->s[bat].facing = 317; /* toward Ravelin-1 (3.17 degrees) */
    s->phase = PH_BART;
    assert_int_equal(sq_range_work(t->g, s, siege, W(t, "Ravelin-1")), 1133);
    return bat;
}

/* End every step without acting until the next day's step 1 (chance
 * decisions, if any, get a 3). */
static inline void next_day(vbt *t)
{
    int day = S(t)->day;
    while (!S(t)->over && (S(t)->day == day || S(t)->phase != PH_BMOVE)) {
        if (vb_to_move(t->g, t->m.st) == VB_CHANCE) {
            vbt_dice(t, "3");
            continue;
        }
        char b[64];
        if (S(t)->sel >= 0) {
            snprintf(b, sizeof b, "hold %s", sq_sc(t->g, S(t))->units[(int)S(t)->sel].name);
            vbt_act(t, b);
            continue;
        }
        sq_action_text(t->g, S(t), SQ_ACT(AK_END, 0, 0, 0, 0), b, sizeof b);
        vbt_act(t, b);
    }
}

static inline void check_ok(vbt *t)
{
    if (sq_check(t->g, S(t), &t->cx))
        fail_msg("position broken: %s", t->cx.err);
}

/* text is refused as illegal now, with one line of explanation holding
 * needle (the explain hook). */
static inline void explains(vbt *t, const char *text, const char *needle)
{
    vb_action a;
    vb_ctx cx;
    vb_ctx_init(&cx);
    if (vb_parse_action(t->g, t->m.st, text, &a, &cx) != VB_EILLEGAL)
        fail_msg("'%s' accepted", text);
    if (!strstr(cx.err, needle))
        fail_msg("'%s': %s (wanted '%s')", text, cx.err, needle);
    if (strchr(cx.err, '\n'))
        fail_msg("two lines: %s", cx.err);
}

/* The state of t written as JSON and read back into a new state: 0, or
 * the refusal (its line in t->cx.err). */
static inline int reads_back(vbt *t)
{
    json_t *j = vbt_state_json(t);
    sq_state *r = calloc(1, sizeof *r);
    r->h = S(t)->h;
    vb_ctx_init(&t->cx);
    int rc = t->g->def->from_json(t->g, r, j, &t->cx);
    json_decref(j);
    free(r);
    return rc;
}

/* The state of t, written as JSON and read back, is refused in one line
 * holding needle. */
static inline void refused(vbt *t, const char *what, const char *needle)
{
    if (reads_back(t) != VB_EINPUT)
        fail_msg("%s: read back", what);
    if (!strstr(t->cx.err, needle) || strchr(t->cx.err, '\n'))
        fail_msg("%s: '%s' does not say '%s' in one line", what, t->cx.err, needle);
}

/* The JSON j, edited from a state, is refused in one line holding needle
 * (j is freed). */
static inline void json_refused(vbt *t, json_t *j, const char *what, const char *needle)
{
    sq_state *r = calloc(1, sizeof *r);
    r->h = S(t)->h;
    vb_ctx_init(&t->cx);
    if (t->g->def->from_json(t->g, r, j, &t->cx) != VB_EINPUT)
        fail_msg("%s: read back", what);
    if (!strstr(t->cx.err, needle) || strchr(t->cx.err, '\n'))
        fail_msg("%s: '%s' does not say '%s' in one line", what, t->cx.err, needle);
    free(r);
    json_decref(j);
}

/* The entry of "sections" named nm in a state's JSON
 * (test_audit_files.c, test_mutation41.c). */
static inline json_t *sect_entry(json_t *j, const char *nm)
{
    json_t *a = json_object_get(j, "sections");
    for (size_t i = 0; i < json_array_size(a); i++)
        if (strcmp(json_string_value(json_object_get(json_array_get(a, i), "name")), nm) == 0)
            return json_array_get(a, i);
    fail_msg("no section '%s'", nm);
    return NULL;
}

/* How many times `what` occurs in an SVG text (test_mutation39.c,
 * test_mutation43.c). */
static inline int svg_count(const char *svg, const char *what)
{
    int n = 0;
    for (const char *p = strstr(svg, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* A unit's group in the board's SVG: `<g data-ref="NAME" ...` up to its
 * `</g>`, copied into out (empty when the unit is not drawn). */
static inline void svg_group(const char *svg, const char *name, char *out, size_t n)
{
    char want[64];
    snprintf(want, sizeof want, "<g data-ref=\"%s\" ", name);
    const char *p = strstr(svg, want), *e = p ? strstr(p, "</g>") : NULL;
    out[0] = 0;
    if (p && e)
        snprintf(out, n, "%.*s", (int)(e - p + 4), p);
}

#endif
