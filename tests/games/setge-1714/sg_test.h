/* sg_test.h - look-ups shared by the setge-1714 rule tests (test_rules.c,
 * test_seats.c, test_table.c, test_mutation23.c, test_mutation24.c): the
 * game's data and state of a test game, a unit or zone by name (an unknown
 * name fails the test, naming it), a unit's place on the map. */
#ifndef SG_TEST_H
#define SG_TEST_H

#include "games/setge-1714/sg_int.h"
#include "vbtest.h"

static inline const sg_data *D(vbt *t)
{
    return t->g->data;
}

static inline sg_state *S(vbt *t)
{
    return vbt_state(t);
}

static inline int U(vbt *t, const char *n)
{
    int u = sg_find_unit(D(t), n);
    if (u < 0)
        fail_msg("unknown unit '%s'", n);
    return u;
}

static inline int Z(vbt *t, const char *n)
{
    int z = sg_find_zone(D(t), n);
    if (z < 0)
        fail_msg("unknown zone '%s'", n);
    return z;
}

/* The unit named u is on the map in the zone named z. */
static inline void in_zone(vbt *t, const char *u, const char *z)
{
    assert_int_equal(S(t)->us[U(t, u)], US_ON);
    assert_int_equal(S(t)->uz[U(t, u)], Z(t, z));
}

#endif
