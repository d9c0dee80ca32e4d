/* test_battalion.c - battalion guns, Sequence of Play steps 3 and 4:
 * "The besieger fires any units that have not moved. Foot with battalion
 * guns can fire speculatively as light guns and must if shaken." (and the
 * same for the defender in step 4).
 *
 * Readings (docs/siege-18c.md, reconstructed where marked): every foot of
 * a side whose game.json battalion_guns is 1 has them (both sides by
 * default); in the artillery steps such a foot that has not moved, or is
 * shaken, may fire at the nearest enemy unit (any with a CinC attached) on
 * the light-gun bands (6 in column 3, 12 in column 2, 16 in column 1), as
 * artillery: +/-45 degree arc from its place's facing, line of sight, cover
 * and enfilade, a morale test whatever the casualties; a shaken one must
 * (the step does not end until it has fired); having fired, it does not
 * fire muskets in steps 5-6 nor attack in steps 7-8 unless shaken. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* Foot-1 in a sap pointing at CW-1, its head 4.41 in from Garrison-B2's
 * section of covered way. */
static vbt *facing_cw1(int head_y)
{
    vbt *t = fresh();
    int sap = lay_cut_sap_to(t, 1, 909, head_y);
    in_sect(t, U(t, "Foot-1"), sap, 909, head_y);
    return t;
}

/* The light-gun bands and cover, against muskets in steps 5-6. */
static void light_gun_columns(void **state)
{
    (void)state;
    static const struct {
        int y;      /* Foot-1's sap head */
        int range;  /* to CW-1's nearest point */
        int light;  /* column in step 3, -1: no target */
        int musket; /* column in step 5 */
    } rows[] = {
        {1800, 441, 2, 1},    /* 6 in: column 3, cover -1; musket 8 in: 2 - 1 */
        {2400, 1010, 1, -1},  /* 12 in: 2 - 1; beyond the musket */
        {2900, 1496, 1, -1},  /* 16 in: 1 - 1, clamped to 1 */
        {3100, 1693, -1, -1}, /* beyond 16 in */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = facing_cw1(rows[i].y);
        sq_state *s = S(t);
        int f1 = U(t, "Foot-1"), gb = U(t, "Garrison-B2"), col = 0;
        assert_int_equal(sq_range_unit(t->g, s, f1, gb), rows[i].range);
        s->phase = PH_BART;
        int rc = sq_fire_column(t->g, s, f1, gb, &col, NULL, 0);
        if (rows[i].light < 0)
            assert_int_equal(rc, -1);
        else {
            assert_int_equal(rc, 0);
            assert_int_equal(col, rows[i].light);
        }
        s->phase = PH_BMUSKET;
        rc = sq_fire_column(t->g, s, f1, gb, &col, NULL, 0);
        if (rows[i].musket < 0)
            assert_int_equal(rc, -1);
        else {
            assert_int_equal(rc, 0);
            assert_int_equal(col, rows[i].musket);
        }
        vbt_free(t);
    }
}

/* "fires any units that have not moved": a foot that moved fires its
 * battalion guns only if shaken; a side without them never does; the arc
 * of its place applies (artillery "at +/-45 degrees"). */
static void who_fires_battalion_guns(void **state)
{
    (void)state;
    vbt *t = facing_cw1(1800);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1");
    s->phase = PH_BART;
    assert_true(vbt_legal(t, "fire Foot-1 at Garrison-B2"));
    s->u[f1].flags |= UF_MOVED;
    assert_false(vbt_legal(t, "fire Foot-1 at Garrison-B2"));
    s->u[f1].flags |= UF_SHAKEN;
    assert_true(vbt_legal(t, "fire Foot-1 at Garrison-B2"));
    s->u[f1].flags = 0;
    /* the sap turned away: the covered way is out of its arc */
    s->s[s->u[f1].loc].facing = 0;
    assert_false(vbt_legal(t, "fire Foot-1 at Garrison-B2"));
    s->s[s->u[f1].loc].facing = 27000;
    sq_data *d = (sq_data *)t->g->data;
    d->bguns[SQ_BESIEGER] = 0;
    assert_false(vbt_legal(t, "fire Foot-1 at Garrison-B2"));
    d->bguns[SQ_BESIEGER] = 1;
    vbt_free(t);
}

/* Step 4, the defender: a shaken foot on the covered way must fire its
 * battalion guns before the step ends; the sap, pointing straight at it,
 * is enfiladed (+1); a morale test follows even without casualties. */
static void shaken_must_fire(void **state)
{
    (void)state;
    vbt *t = facing_cw1(1800);
    sq_state *s = S(t);
    int gb = U(t, "Garrison-B2"), f1 = U(t, "Foot-1"), col = 0;
    s->phase = PH_DART;
    assert_true(vbt_legal(t, "end-fire"));
    s->u[gb].flags |= UF_SHAKEN;
    assert_false(vbt_legal(t, "end-fire"));
    assert_int_equal(sq_fire_column(t->g, s, gb, f1, &col, NULL, 0), 0);
    assert_int_equal(col, 4); /* 4.91 in: column 3, enfiladed +1 */
    vbt_act(t, "fire Garrison-B2 at Foot-1");
    assert_true(vbt_logged(t, "Garrison-B2 fires its battalion guns at Foot-1"));
    vbt_dice(t, "1"); /* row 1, column 4: no casualties */
    assert_int_equal(s->u[f1].str, 6);
    assert_int_equal(vb_to_move(t->g, t->m.st), VB_CHANCE); /* the morale test */
    vbt_dice(t, "6");
    assert_true(vbt_logged(t, "[Morale] Foot-1 tests"));
    assert_true(vbt_legal(t, "end-fire"));
    vbt_free(t);
}

/* A forced fire alone still stops the day at step 4 (the step is not
 * passed over as one with nothing to do). */
static void forced_fire_stops_the_step(void **state)
{
    (void)state;
    vbt *t = facing_cw1(1800);
    sq_state *s = S(t);
    static const char *const gone[] = {"Heavy-A1", "Heavy-A2", "Heavy-B1",
                                       "Heavy-B2", "Medium-A", "Medium-B"};
    for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++)
        sq_remove(t->g, s, U(t, gone[i]));
    s->u[U(t, "Garrison-A1")].flags |= UF_MOVED; /* the other foot moved: no fire */
    s->u[U(t, "Garrison-A2")].flags |= UF_MOVED;
    s->u[U(t, "Garrison-B1")].flags |= UF_MOVED;
    s->u[U(t, "Garrison-B2")].flags |= UF_SHAKEN;
    s->phase = PH_BART;
    vbt_act(t, "end-fire");
    assert_int_equal(s->phase, PH_DART);
    assert_true(vbt_legal(t, "fire Garrison-B2 at Foot-1"));
    assert_false(vbt_legal(t, "end-fire"));
    /* such a position is a valid state file: it loads back equal */
    json_t *j = t->g->def->to_json(t->g, s, -1);
    sq_state *r = calloc(1, sizeof *r);
    r->h = s->h;
    if (t->g->def->from_json(t->g, r, j, &t->cx))
        fail_msg("JSON rejected: %s", t->cx.err);
    assert_memory_equal(r, s, sizeof *s);
    json_decref(j);
    free(r);
    vbt_free(t);
}

/* Having fired its battalion guns, an unshaken foot fires no muskets in
 * step 6 and makes no sortie in step 7 ("any foot unit that has not fired
 * or is shaken"). */
static void fired_guns_then_nothing(void **state)
{
    (void)state;
    vbt *t = facing_cw1(1800);
    sq_state *s = S(t);
    s->phase = PH_DART;
    vbt_act(t, "fire Garrison-B2 at Foot-1");
    vbt_dice(t, "1");
    vbt_dice(t, "6");
    s->phase = PH_DMUSKET;
    assert_false(vbt_legal(t, "fire Garrison-B2 at Foot-1"));
    s->phase = PH_SORTIE;
    assert_false(vbt_legal(t, "sortie Garrison-B2 at Foot-1 by-day"));
    s->u[U(t, "Garrison-B2")].flags &= (uint8_t)~UF_FIRED;
    assert_true(vbt_legal(t, "sortie Garrison-B2 at Foot-1 by-day"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(light_gun_columns),       cmocka_unit_test(who_fires_battalion_guns),
        cmocka_unit_test(shaken_must_fire),        cmocka_unit_test(forced_fire_stops_the_step),
        cmocka_unit_test(fired_guns_then_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
