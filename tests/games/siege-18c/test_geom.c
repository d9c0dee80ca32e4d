/* test_geom.c - the measured board of siege-18c in integer math, against
 * cases computed by hand: square roots, sine and cosine, the integer
 * atan2, range to the nearest point of a target ("Range is measured from
 * the middle of the bastion, ravelin, battery or foot unit to the nearest
 * point of the enemy target"), arcs of +/-45 degrees ("All artillery
 * firing is at +/-45 degrees") and enfilade within 22.5 degrees ("If the
 * side of a trench or covered way is within 22.5 degrees then the target
 * is enfiladed"). Units: 1/100 inch and 1/100 degree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"

static sq_pt P(int x, int y)
{
    sq_pt p = {x, y};
    return p;
}

static void roots_and_trig(void **state)
{
    (void)state;
    static const struct {
        int64_t v, r;
    } sq[] = {{0, 0}, {1, 1}, {15, 3}, {16, 4}, {17, 4}, {1000000000000LL, 1000000}};
    for (size_t i = 0; i < sizeof sq / sizeof sq[0]; i++)
        assert_int_equal(sq_isqrt(sq[i].v), sq[i].r);
    /* sin 30 = 0.5, sin 45 = 0.707107, cos 60 = 0.5, quadrants */
    assert_int_equal(sq_sin(3000), 500000);
    assert_int_equal(sq_sin(4500), 707107);
    assert_int_equal(sq_cos(6000), 500000);
    assert_int_equal(sq_cos(0), 1000000);
    assert_int_equal(sq_sin(9000), 1000000);
    assert_int_equal(sq_cos(18000), -1000000);
    assert_int_equal(sq_sin(27000), -1000000);
    assert_int_equal(sq_sin(-9000), -1000000);
    /* sin 30.5 between the table's whole degrees: 0.5075 by linear interpolation
     * of 0.500000 and 0.515038 */
    assert_int_equal(sq_sin(3050), 507519);
}

/* Every whole degree of the sine table is sin(d) * 1,000,000 rounded, in
 * all four quadrants (sq_sin and sq_cos read the same table): a wrong
 * entry bends every range, arc and enfilade near that angle. */
static void sine_table_whole_degrees(void **state)
{
    (void)state;
    const double pi = 3.14159265358979323846;
    for (int deg = -360; deg <= 360; deg++) {
        long want = lround(sin(deg * pi / 180.0) * 1e6);
        long wantc = lround(cos(deg * pi / 180.0) * 1e6);
        if (sq_sin(deg * 100) != want || sq_cos(deg * 100) != wantc)
            fail_msg("sin/cos of %d degrees: %d/%d, expected %ld/%ld", deg, sq_sin(deg * 100),
                     sq_cos(deg * 100), want, wantc);
    }
}

/* Between whole degrees the sine is read from the first quadrant's table
 * by the circle's symmetries, at every 1/100 degree: sin(180 - a) =
 * sin(a), sin(a + 180) = -sin(a), sin(-a) = -sin(a), cos(a) = sin(a +
 * 90); so a sap or a facing and its opposite run along one line, and a
 * facing mirrored across the table's axes reads the same arc
 * (twenty-eighth session: sq_geom.c:62 `a <= 27000` -> `a <= 27001`, a
 * seed-28 survivor, read 270.01 degrees from the table past 90 degrees,
 * -1.000000 where 90.01 degrees gives 0.999998). */
static void sine_symmetries(void **state)
{
    (void)state;
    for (int a = 0; a <= 18000; a++) {
        if (sq_sin(18000 - a) != sq_sin(a) || sq_sin(a + 18000) != -sq_sin(a) ||
            sq_sin(-a) != -sq_sin(a) || sq_cos(a) != sq_sin(a + 9000))
            fail_msg("the sine's symmetries at %d.%02d degrees: sin %d, sin(180 - a) %d, "
                     "sin(a + 180) %d, sin(-a) %d",
                     a / 100, a % 100, sq_sin(a), sq_sin(18000 - a), sq_sin(a + 18000), sq_sin(-a));
    }
}

static void angles(void **state)
{
    (void)state;
    static const struct {
        int dx, dy, a;
    } t[] = {
        {1, 0, 0},       {0, 1, 9000},   {-1, 0, 18000}, {0, -1, 27000}, {1, 1, 4500},
        {-1, -1, 22500}, {1, -1, 31500}, {3, 4, 5313}, /* atan(4/3) = 53.130 degrees */
        {-4, 3, 14313},                                /* 180 - 36.870 */
        {100, 2, 115},                                 /* atan(0.02) = 1.146 degrees */
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        int a = sq_angle(t[i].dx, t[i].dy);
        if (a != t[i].a)
            fail_msg("angle of (%d,%d): %d, expected %d", t[i].dx, t[i].dy, a, t[i].a);
    }
    /* a step of 6.40 in at 53.13 degrees: (384, 512) from the origin */
    sq_pt q = sq_step(P(0, 0), 5313, 640);
    assert_int_equal(q.x, 384);
    assert_int_equal(q.y, 512);
}

/* The angles the arcs ("All artillery firing is at +/-45 degrees") and
 * enfilade ("within 22.5 degrees") are judged by are rounded to the
 * nearest 1/100 degree (sq_angle, atan_oct's last step): over every
 * direction (dx, dy) with |dy| <= |dx| <= 120, in all four quadrants, no
 * angle is further than 0.51/100 degree from the exact one (the table's
 * linear interpolation adds up to 0.002); atan(1/2) = 26.565 degrees is
 * 2657 (sq_geom.c:87 `9000 - lo - 1` -> `- 2` survived the seed-18 pass:
 * the nearer neighbour judged from a wrong cosine, up to 0.74/100 off). */
static void angles_rounded_to_the_nearest(void **state)
{
    (void)state;
    const double pi = acos(-1.0);
    assert_int_equal(sq_angle(2, 1), 2657);
    assert_int_equal(sq_angle(-2, -1), 20657);
    for (int dx = 1; dx <= 120; dx++)
        for (int dy = 0; dy <= dx; dy++)
            for (int q = 0; q < 4; q++) {
                int x = q & 1 ? -dx : dx, y = q & 2 ? -dy : dy;
                double want = atan2(y, x) * 18000.0 / pi, got = sq_angle(x, y);
                if (want < 0)
                    want += 36000.0;
                double err = fabs(got - want);
                if (err > 18000.0)
                    err = 36000.0 - err;
                if (err > 0.51)
                    fail_msg("angle of (%d,%d): %.0f, exact %.3f", x, y, got, want);
            }
}

static void ranges(void **state)
{
    (void)state;
    /* perpendicular foot inside the segment */
    assert_int_equal(sq_dist_seg(P(0, 300), P(-400, 0), P(400, 0)), 300);
    /* beyond the end: sqrt(100^2 + 300^2) = 316.23 -> 316 */
    assert_int_equal(sq_dist_seg(P(500, 300), P(-400, 0), P(400, 0)), 316);
    /* a slanted segment: from (0,0) to the line x + y = 1000 is 707.1 */
    assert_int_equal(sq_dist_seg(P(0, 0), P(1000, 0), P(0, 1000)), 707);
    /* exact comparison at the boundary: distance 300 is within 300, not 299 */
    assert_true(sq_within_seg(P(0, 300), P(-400, 0), P(400, 0), 300));
    assert_false(sq_within_seg(P(0, 300), P(-400, 0), P(400, 0), 299));
    /* a section running toward the fortress (every sap does): a point
     * 0.30 in beside its middle is within 0.30 in, not 0.29; the segment's
     * squared length is the sum of its squares (sq_geom.c:113 `abx * abx -
     * aby * aby` survived the seed-25 pass: only the ends of a steep
     * section were within it) */
    assert_true(sq_within_seg(P(330, 500), P(300, 0), P(300, 1000), 30));
    assert_false(sq_within_seg(P(330, 500), P(300, 0), P(300, 1000), 29));
    assert_true(sq_within_seg(P(560, 400), P(500, 800), P(600, 0), 60));
    /* polygon: inside 0, outside the nearest edge */
    sq_pt sq4[] = {{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    assert_int_equal(sq_dist_poly(P(50, 50), sq4, 4), 0);
    assert_int_equal(sq_dist_poly(P(50, 400), sq4, 4), 300);
    assert_int_equal(sq_dist_poly(P(400, 500), sq4, 4), 500); /* 3-4-5 to the corner */
    /* a point level with the low end of an edge 0.01 in tall, beside it:
     * the edge is compared exactly whichever way the polygon runs (here
     * the edge goes down from (100, 1) to (0, 0)) */
    sq_pt tilt[] = {{0, 100}, {100, 100}, {100, 1}, {0, 0}};
    assert_false(sq_point_in_poly(P(50, 0), tilt, 4));
    assert_true(sq_point_in_poly(P(50, 50), tilt, 4));
    assert_true(sq_point_in_poly(P(99, 1), tilt, 4));
}

static void arcs(void **state)
{
    (void)state;
    /* facing +y (9000): (100,100) is exactly 45 degrees off: inside; (101,100)
     * is 45.29 off: outside; (99,100) 44.71: inside; behind: outside */
    assert_true(sq_in_arc(P(0, 0), 9000, P(100, 100), 4500));
    assert_false(sq_in_arc(P(0, 0), 9000, P(101, 100), 4500));
    assert_true(sq_in_arc(P(0, 0), 9000, P(99, 100), 4500));
    assert_true(sq_in_arc(P(0, 0), 9000, P(-99, 100), 4500));
    assert_false(sq_in_arc(P(0, 0), 9000, P(0, -100), 4500));
    /* facing 108.46 degrees (the left face of Bastion-A): a target straight
     * below (90 degrees) is 18.46 off: inside; one at 150 degrees is 41.54
     * off: inside; at 160 degrees, 51.54 off: outside */
    assert_true(sq_in_arc(P(0, 0), 10846, P(0, 1000), 4500));
    assert_true(sq_in_arc(P(0, 0), 10846, sq_step(P(0, 0), 15000, 1000), 4500));
    assert_false(sq_in_arc(P(0, 0), 10846, sq_step(P(0, 0), 16000, 1000), 4500));
    /* at the shortest range, 0.01 in: facing +y, a target 0.01 in to the
     * right (90 degrees off) or behind is outside, one 0.01 in ahead
     * inside; a target on the firer's own point has no bearing and counts
     * as inside (sq_geom.c:201 `dx == 0` -> `dx == 1` survived the seed-18
     * pass: every target 0.01 in to the right counted as inside) */
    assert_false(sq_in_arc(P(500, 500), 9000, P(501, 500), 4500));
    assert_false(sq_in_arc(P(500, 500), 9000, P(499, 500), 4500));
    assert_false(sq_in_arc(P(500, 500), 9000, P(500, 499), 4500));
    assert_true(sq_in_arc(P(500, 500), 9000, P(500, 501), 4500));
    assert_true(sq_in_arc(P(500, 500), 9000, P(500, 500), 4500));
    assert_true(sq_in_arc(P(500, 500), 0, P(501, 500), 4500));
    /* a half-circle arc (90 degrees each side) holds its edge, square to
     * the facing, not what is behind (sq_geom.c:207 `half > 9000` survived
     * the seed-25 pass) */
    assert_true(sq_in_arc(P(0, 0), 9000, P(100, 0), 9000));
    assert_true(sq_in_arc(P(0, 0), 9000, P(-100, 0), 9000));
    assert_false(sq_in_arc(P(0, 0), 9000, P(100, -1), 9000));
}

static void enfilade(void **state)
{
    (void)state;
    /* line of fire along +x; a trench rising 0.40 per unit (21.80 degrees):
     * enfiladed; 0.42 (22.78 degrees): not; tan 22.5 = 0.41421 */
    assert_true(sq_enfiladed(P(0, 0), P(1000, 0), P(0, 500), P(1000, 900), 2250));
    assert_false(sq_enfiladed(P(0, 0), P(1000, 0), P(0, 500), P(1000, 920), 2250));
    /* either way along the trench */
    assert_true(sq_enfiladed(P(0, 0), P(1000, 0), P(1000, 900), P(0, 500), 2250));
    /* square to the line of fire: a parallel is never enfiladed from the front */
    assert_false(sq_enfiladed(P(0, 0), P(0, 1000), P(-300, 1000), P(300, 1000), 2250));
    /* no line of fire (target on the firer's point) or no trench (a section
     * of no length): nothing is enfiladed (sq_geom.c:218 `||` -> `&&`
     * survived the seed-25 pass) */
    assert_false(sq_enfiladed(P(0, 0), P(0, 0), P(-300, 1000), P(300, 1000), 2250));
    assert_false(sq_enfiladed(P(0, 0), P(1000, 0), P(300, 1000), P(300, 1000), 2250));
}

/* The same rules on the board: a besieger trench seen from Bastion-A. */
static void fire_on_board(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 1);
    sq_state *s = vbt_state(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int gun = sq_find_unit(sc, "Heavy-A1"), foot = sq_find_unit(sc, "Foot-1");
    int col;
    /* a parallel section (8.00..16.00, 26.00): nearest point (12.00, 26.00),
     * 17.91 in from the bastion's middle (12.00, 8.09): heavy band to 20 in,
     * column 5; cover in a trench one shift left: 4 */
    sq_sect *k = &s->s[0];
    memset(k, 0, sizeof *k);
    k->kind = SK_PARALLEL, k->state = SS_BUILT, k->par = 2, k->parent = -1, k->builder = -1;
    k->ax = 800, k->ay = 2600, k->bx = 1600, k->by = 2600;
    s->nsect = 1;
    s->u[foot].lkind = LK_SECT, s->u[foot].loc = 0, s->u[foot].x = 1200, s->u[foot].y = 2600;
    assert_int_equal(sq_range_unit(t->g, s, gun, foot), 1791);
    assert_int_equal(sq_fire_column(t->g, s, gun, foot, &col, NULL, 0), 0);
    assert_int_equal(col, 4);
    /* a sap pointing straight at the bastion: enfiladed, a shift right: 6 */
    k->kind = SK_SAP, k->ax = 1200, k->ay = 2600, k->bx = 1200, k->by = 3240;
    s->u[foot].y = 3240;
    assert_true(sq_unit_enfiladed(t->g, s, gun, foot));
    assert_int_equal(sq_fire_column(t->g, s, gun, foot, &col, NULL, 0), 0);
    assert_int_equal(col, 6);
    /* beyond 30 in (3000): out of range */
    k->ay = 3810, k->by = 4400;
    s->u[foot].y = 4400;
    assert_int_equal(sq_range_unit(t->g, s, gun, foot), 3001);
    assert_int_equal(sq_fire_column(t->g, s, gun, foot, &col, NULL, 0), -1);
    vbt_free(t);
}

/* "Range is measured from the middle of the bastion, ravelin, battery or
 * foot unit": a gun standing off the middle of its battery (or of a
 * parallel section) measures from the section's middle; a foot from
 * itself. (sq_query.c 91, `== LK_SECT` -> `!=`, survived the seed-12
 * pass: every test had put its guns on the middle.) */
static void range_from_the_middle(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 1);
    sq_state *s = vbt_state(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int gun = sq_find_unit(sc, "Siege-1"), med = sq_find_unit(sc, "Field-1");
    int foot = sq_find_unit(sc, "Foot-1"), tgt = sq_find_unit(sc, "Garrison-A1");
    const sq_work *ba = &sc->works[sq_find_work(sc, "Bastion-A")];
    sq_sect *k = &s->s[0];
    memset(k, 0, sizeof *k);
    k->kind = SK_BATTERY, k->state = SS_BUILT, k->par = 2, k->parent = -1, k->builder = -1;
    k->ax = 1080, k->ay = 2600, k->bx = 1320, k->by = 2600, k->facing = 27000;
    s->nsect = 1;
    sq_place(t->g, s, gun, LK_SECT, 0, P(1100, 2600));
    sq_place(t->g, s, tgt, LK_WORK, (int16_t)(ba - sc->works), ba->mid);
    int32_t mid = sq_dist_poly(P(1200, 2600), ba->pts, ba->npts);
    int32_t off = sq_dist_poly(P(1100, 2600), ba->pts, ba->npts);
    assert_true(mid != off);
    assert_int_equal(sq_range_unit(t->g, s, gun, tgt), mid);
    /* a medium gun in a parallel section, the same */
    k->kind = SK_PARALLEL;
    sq_place(t->g, s, gun, LK_CAMP, 0, sc->camp);
    sq_place(t->g, s, med, LK_SECT, 0, P(1300, 2600));
    assert_int_equal(sq_range_unit(t->g, s, med, tgt),
                     sq_dist_poly(P(1200, 2600), ba->pts, ba->npts));
    /* a foot unit from itself */
    sq_place(t->g, s, foot, LK_SECT, 0, P(1100, 2600));
    assert_int_equal(sq_range_unit(t->g, s, foot, tgt), off);
    vbt_free(t);
}

/* Range is to the nearest point of the target's place, however far its
 * position: a foot at the far end of a sap 35.51 in from Bastion-A's
 * middle, its near end 29.91 in off, is in the heavy gun's last band
 * (column 3, enfiladed +1: 4). (sq_query.c 253, the quick rejection's
 * last band `weapon_nb - 1` -> `- 2`, i.e. 30 in rather than 40 in from
 * the position, survived the thirtieth session's seed-30 pass: every
 * target in range had stood within 10 in of the band before the last.) */
static void range_to_the_near_end(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 1);
    sq_state *s = vbt_state(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int gun = sq_find_unit(sc, "Heavy-A1"), foot = sq_find_unit(sc, "Foot-1");
    int col = 0;
    sq_sect *k = &s->s[0];
    memset(k, 0, sizeof *k);
    k->kind = SK_SAP, k->state = SS_BUILT, k->par = 2, k->parent = -1, k->builder = -1;
    k->ax = 1200, k->ay = 4360, k->bx = 1200, k->by = 3800, k->facing = 27000;
    s->nsect = 1;
    sq_place(t->g, s, foot, LK_SECT, 0, P(1200, 4360));
    assert_int_equal(sq_range_unit(t->g, s, gun, foot), 2991);
    assert_int_equal(sq_fire_column(t->g, s, gun, foot, &col, NULL, 0), 0);
    assert_int_equal(col, 4);
    /* the near end 30.01 in off: out of range */
    k->by = 3810;
    assert_int_equal(sq_range_unit(t->g, s, gun, foot), 3001);
    assert_int_equal(sq_fire_column(t->g, s, gun, foot, &col, NULL, 0), -1);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(roots_and_trig),
        cmocka_unit_test(sine_table_whole_degrees),
        cmocka_unit_test(sine_symmetries),
        cmocka_unit_test(angles),
        cmocka_unit_test(angles_rounded_to_the_nearest),
        cmocka_unit_test(ranges),
        cmocka_unit_test(arcs),
        cmocka_unit_test(enfilade),
        cmocka_unit_test(fire_on_board),
        cmocka_unit_test(range_from_the_middle),
        cmocka_unit_test(range_to_the_near_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
