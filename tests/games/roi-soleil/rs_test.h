/* rs_test.h - set-up helpers shared by the Roi Soleil tests: the state, a
 * zone, a general or a state by name, a march step that declines any
 * interception, the invariants, and the way to a scenario's first campaign.
 * Include after cmocka.h and vbtest.h. */
#ifndef RS_TEST_H
#define RS_TEST_H

#include "games/roi-soleil/rs_int.h"

static inline rs_state *S(vbt *t)
{
    return vbt_state(t);
}

static inline int Z(vbt *t, const char *name)
{
    const rs_data *d = t->g->data;
    for (int z = 0; z < d->nz; z++)
        if (vb_name_eq(d->z[z].name, name))
            return z;
    fail_msg("no zone %s", name);
    return -1;
}

static inline int G(vbt *t, const char *name)
{
    const rs_data *d = t->g->data;
    for (int i = 0; i < d->ng; i++)
        if (vb_name_eq(d->gd[i].name, name))
            return i;
    fail_msg("no general %s", name);
    return -1;
}

static inline int ST(vbt *t, const char *name)
{
    const rs_data *d = t->g->data;
    for (int i = 0; i < d->ns; i++)
        if (vb_name_eq(d->s[i].name, name))
            return i;
    fail_msg("no state %s", name);
    return -1;
}

/* a step of a march; the inactive camp declines any interception (13.3) */
static inline void step(vbt *t, const char *action)
{
    vbt_act(t, action);
    if (vbt_legal(t, "no-interception"))
        vbt_act(t, "no-interception");
}

static inline void check_ok(vbt *t)
{
    if (t->g->def->check(t->g, S(t), &t->cx))
        fail_msg("invariant: %s", t->cx.err);
}

/* the event of `year` rolled with `die` (the state still at its event roll) */
static inline void event(vbt *t, int year, const char *die)
{
    assert_int_equal(S(t)->phase, P_EVENT_ROLL);
    S(t)->year = (int16_t)year;
    vbt_dice(t, die);
}

/* SP of a nationality and a type in a camp's army */
static inline int units(vbt *t, const char *zone, int camp, const char *nat, int ty)
{
    return S(t)->z[Z(t, zone)].army[camp][KIND(ST(t, nat), ty)];
}

/* from the first year's event roll (die `event`) to the first campaign:
 * no loans, each camp takes a Battle marker and what the die allows */
static inline void rs_to_campaign(vbt *t, const char *event)
{
    vbt_dice(t, event);
    while (S(t)->phase == P_CONTEST)
        vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    for (int c = 0; c < 2; c++) {
        vbt_dice(t, "6");
        vbt_act(t, "take battle");
        if (vbt_legal(t, "done"))
            vbt_act(t, "done");
    }
}

#endif
