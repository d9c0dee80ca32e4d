/* sq_test.h - set-up helpers shared by the siege-18c rule tests:
 * positions are built by editing the state of a new one-front game. */
#ifndef SQ_TEST_H
#define SQ_TEST_H

#include <stdio.h>
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

/* Add a built section; returns its index. */
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

#endif
