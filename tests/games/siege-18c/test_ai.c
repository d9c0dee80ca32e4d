/* test_ai.c - the evaluation that the AI of siege-18c searches with
 * (sq_eval.c): each step of the besieger's work that it rewards, tested
 * one by one on positions built from a new one-front game; and greedy
 * besiegers that reach the covered way and win against a random garrison
 * (the figures over more games are in docs/siege-18c.md). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "policy.h"
#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

static double E(vbt *t)
{
    return sq_eval(t->g, S(t), SQ_BESIEGER);
}

/* The value moved by a gain derived by hand from distances in 1/100 in
 * (to 1e-4: a point of the sap head one unit off moves a distance by at most
 * one unit, 0.22 / 3641 = 6e-5). */
#define assert_gain(before, after, w)                                                              \
    do {                                                                                           \
        double g_ = (after) - (before);                                                            \
        if (fabs(g_ - (w)) > 1e-4)                                                                 \
            fail_msg("gained %.5f, derived %.5f", g_, (double)(w));                                \
    } while (0)

/* The day's sap (game.json: 5.60 in) measured in the approach (sq_eval.c):
 * the fraction of the way from the first parallel to the nearest target,
 * 1 - distance / 3641. 36.41 in is the scale: P1-1's middle (11.98, 50.72)
 * to the crest at x 11.98 (12.35 + 1.97 x 5.87 / 5.89 = 14.31). A team on
 * P1-2 or P1-3 stands 37.56 in from the nearest target: 0 (clamped). */
#define APPROACH(dist) (1.0 - (dist) / 3641.0)

/* Day 3 of the one-front siege: the first parallel built, Foot-1 with
 * Sappers-1 on its second section, ready to dig. */
static vbt *ready(void)
{
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    vbt_act(t, "end-movement");
    vbt_act(t, "end-movement");
    assert_int_equal(S(t)->day, 2);
    sq_state *s = S(t);
    s->day = 3;
    int p = 1; /* P1-2 */
    sq_place(t->g, s, U(t, "Foot-1"), LK_SECT, p, sq_sect_mid(&s->s[p]));
    attach(t, "Sappers-1", "Foot-1");
    if (sq_check(t->g, s, &t->cx))
        fail_msg("position: %s", t->cx.err);
    return t;
}

/* The value is the besieger's; the defender's is its negation; a finished
 * game is worth 1 to its winner. */
static void eval_zero_sum_and_end(void **state)
{
    (void)state;
    vbt *t = ready();
    double v = E(t);
    assert_true(v > -1 && v < 1);
    assert_true(sq_eval(t->g, S(t), SQ_DEFENDER) == -v);
    S(t)->over = 1, S(t)->winner = SQ_BESIEGER;
    assert_true(E(t) == 1.0);
    S(t)->winner = SQ_DEFENDER;
    assert_true(E(t) == -1.0);
    vbt_free(t);
}

/* A sap ordered toward the covered way is worth more than holding, and
 * more than ending the movement step with the sappers idle; a sap whose
 * builder is shaken (step 9 will not complete it) is worth nothing. */
static void eval_rewards_the_sap(void **state)
{
    (void)state;
    vbt *t = ready();
    double v0 = E(t);
    vbt *h = ready();
    vbt_act(h, "order Foot-1");
    assert_true(E(h) == v0); /* choosing a unit changes nothing */
    vbt_act(h, "hold Foot-1");
    double vhold = E(h);
    vbt *e = ready();
    vbt_act(e, "end-movement");
    vbt_act(t, "order Foot-1");
    vbt_act(t, "sap Foot-1 toward Bastion-A");
    double vsap = E(t);
    /* toward Bastion-A (12.00, 8.09) from P1-2's middle (18.38, 50.72): 5.60 in
     * at 261.49 degrees to (17.55, 45.18), 31.96 in from CW-2's middle (13.87,
     * 13.43): 0.22 of that approach, less the 0.004 of a team that could still
     * dig (6.40 in: 0.0277; 4.80 in: 0.0181) */
    assert_gain(v0, vsap, 0.22 * APPROACH(3196) - 0.004);
    assert_true(vhold < v0);
    /* ending the step leaves the sappers idle: worth less than digging */
    assert_true(E(e) < vsap);
    S(t)->u[U(t, "Foot-1")].flags |= UF_SHAKEN;
    assert_true(E(t) < v0);
    vbt_free(t);
    vbt_free(h);
    vbt_free(e);
}

/* The sappers' fronts: a second team digging adds to the value (the four
 * best fronts count, the best most). */
static void eval_counts_every_team(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    sq_place(t->g, s, U(t, "Foot-2"), LK_SECT, 2, sq_sect_mid(&s->s[2]));
    attach(t, "Sappers-2", "Foot-2");
    vbt_act(t, "order Foot-1");
    vbt_act(t, "sap Foot-1 toward Bastion-A");
    double v1 = E(t);
    vbt_act(t, "order Foot-2");
    vbt_act(t, "sap Foot-2 toward Bastion-B");
    /* from P1-3's middle (24.78, 50.72) toward Bastion-B (31.17, 8.09): to
     * (25.61, 45.18), 31.96 in from CW-5's middle (29.30, 13.43): the second
     * front, 0.10 of it, less 0.004 (6.40 in: 0.0104) */
    assert_gain(v1, E(t), 0.10 * APPROACH(3196) - 0.004);
    vbt_free(t);
}

/* Batteries: one within a mortar's range of a bastion, guns in it, and
 * one on or beyond the covered way with heavy guns, each worth more. */
static void eval_rewards_batteries(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int y1 = sc->par1[0][0].y;
    int sap = sect(t, SK_SAP, 1, 1, 1518, y1, 1518, 3000);
    double vsap = E(t);
    int par = sect(t, SK_PARALLEL, 2, sap, 1198, 3000, 1838, 3000);
    double v0 = E(t);
    /* a parallel 19 in from Bastion-A: batteries from it reach the bastion */
    assert_true(v0 > vsap + 0.015);
    /* a parallel 19 in from Bastion-A: batteries from it reach the bastion */
    int far = sect(t, SK_BATTERY, 1, 1, 1400, y1 + 40, 1640, y1 + 40);
    double vfar = E(t);
    assert_true(vfar == v0); /* out of every range: worth nothing */
    int bat = sect(t, SK_BATTERY, 2, par, 1398, 2960, 1638, 2960);
    double vbat = E(t);
    assert_true(vbat > v0 + 0.01);
    sq_place(t->g, s, U(t, "Mortar-1"), LK_SECT, bat, sq_sect_mid(&s->s[bat]));
    double vm = E(t);
    assert_true(vm > vbat + 0.02);
    /* a battery astride the crest of CW-2 with two heavy guns */
    int fwd = sect(t, SK_BATTERY, 3, par, 1267, 1383, 1507, 1383);
    assert_true(sq_battery_forward(t->g, s, fwd));
    double vf = E(t);
    assert_true(vf > vm + 0.06);
    sq_place(t->g, s, U(t, "Siege-1"), LK_SECT, fwd, sq_sect_mid(&s->s[fwd]));
    sq_place(t->g, s, U(t, "Siege-2"), LK_SECT, fwd, sq_sect_mid(&s->s[fwd]));
    assert_true(E(t) > vf + 0.05);
    (void)far;
    vbt_free(t);
}

/* Breach damage to a bastion outweighs a day's sap; the place's guns
 * knocked out count too. */
static void eval_rewards_breach_damage(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    double v0 = E(t);
    int a = sq_find_work(sc, "Bastion-A");
    s->wstr[a] = 12;
    double v3 = E(t);
    assert_true(v3 > v0 + 0.08);
    s->wstr[a] = 3;
    assert_true(E(t) > v3 + 0.25);
    double v12 = E(t);
    s->u[U(t, "Heavy-B1")].str = 1;
    assert_true(E(t) > v12);
    vbt_free(t);
}

/* A mine being driven is worth the share of its damage dug: more each
 * day, today's order by an unshaken digger counted, a shaken one not. */
static void eval_rewards_the_mine(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1"), ba = W(t, "Bastion-A");
    /* Bastion-A already the most damaged: the mine counts under it, not
     * under another work */
    s->wstr[ba] = 10;
    double v0 = E(t);
    s->u[f1].aim = (int8_t)(ba + 1);
    s->u[f1].dig = 1;
    double v1 = E(t);
    assert_true(v1 > v0 + 0.04); /* 0.45 x 0.8 x 6/15 / 3 = 0.048 */
    s->u[f1].flags |= UF_DIG | UF_ORDERED | UF_MOVED;
    double v2 = E(t);
    assert_true(v2 > v1 + 0.04);
    s->u[f1].flags |= UF_SHAKEN;
    assert_true(E(t) < v2 - 0.04);
    /* a wall at 1 point and a mine of 2 days: the damage counts as a
     * breach (clamped at 1), worth more than the wall alone */
    s->u[f1].flags &= (uint8_t)~UF_SHAKEN;
    s->wstr[ba] = 1;
    s->u[f1].dig = 2;
    double vm = E(t);
    s->u[f1].aim = 0, s->u[f1].dig = 0;
    s->u[f1].flags &= (uint8_t)~UF_DIG;
    assert_true(vm > E(t) + 0.02);
    vbt_free(t);
}

/* A CinC with a digging team in the trenches (+2 morale under fire). */
static void eval_rewards_steady_sappers(void **state)
{
    (void)state;
    vbt *t = ready();
    in_sect(t, U(t, "General-1"), S(t)->u[U(t, "Foot-1")].loc, S(t)->u[U(t, "Foot-1")].x,
            S(t)->u[U(t, "Foot-1")].y);
    double v0 = E(t); /* beside it, not attached */
    attach(t, "General-1", "Foot-1");
    /* 0.02 for the team steadied in the trenches, 0.03 for the CinC with a
     * team (below): a term that counted any foot would give only the 0.03 */
    assert_true(E(t) > v0 + 0.045);
    vbt_free(t);
}

/* The clock: the same position a day later is worth less to the besieger
 * (0.25 x day / 21), so a search that sees the day end prefers the work
 * done today. */
static void eval_counts_the_clock(void **state)
{
    (void)state;
    vbt *t = ready();
    double v0 = E(t);
    S(t)->day++;
    assert_true(E(t) < v0 - 0.01);
    assert_true(E(t) > v0 - 0.015);
    vbt_free(t);
}

/* A CinC attached to a digging team counts wherever the team stands (in
 * the camp too, so that the search attaches it on day 1, when the team
 * sets out, not when the sap head is already under fire); to a team
 * without engineers it counts nothing. */
static void eval_rewards_the_cinc_with_the_sappers(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1"), g1 = U(t, "General-1");
    /* every leader free in the camp, Sappers-1 with Foot-1 */
    for (int u = 0; u < sq_sc(t->g, s)->nunits; u++)
        if (sq_sc(t->g, s)->units[u].side == SQ_BESIEGER && sq_is_leader(sq_unit_type(t->g, s, u)))
            s->u[u].att = -1;
    attach(t, "Sappers-1", "Foot-1");
    assert_int_equal(s->u[f1].lkind, LK_CAMP);
    assert_int_equal(s->u[g1].lkind, LK_CAMP);
    double v0 = E(t);
    attach(t, "General-1", "Foot-2"); /* no engineer with Foot-2 */
    assert_true(E(t) == v0);
    attach(t, "General-1", "Foot-1");
    double v1 = E(t);
    assert_true(v1 > v0 + 0.025);
    /* a second CinC with a second team counts; a third team would not */
    attach(t, "Sappers-2", "Foot-2");
    double v2 = E(t);
    attach(t, "General-2", "Foot-2");
    assert_true(E(t) > v2 + 0.025);
    vbt_free(t);
}

/* At most two CinCs with digging teams in the trenches count (0.02 each):
 * in the two-fronts siege, with three teams in a parallel, each with its
 * engineers, the third General attached moves nothing. */
static void eval_counts_two_cincs_at_most(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "two-fronts", 3);
    sq_state *s = S(t);
    for (int u = 0; u < sq_sc(t->g, s)->nunits; u++)
        if (sq_sc(t->g, s)->units[u].side == SQ_BESIEGER && sq_is_leader(sq_unit_type(t->g, s, u)))
            s->u[u].att = -1;
    int p = sect(t, SK_PARALLEL, 2, -1, 1550, 3000, 2190, 3000);
    static const char *const foot[] = {"Foot-1", "Foot-2", "Foot-3"};
    static const char *const sap[] = {"Sappers-1", "Sappers-2", "Sappers-3"};
    static const char *const gen[] = {"General-1", "General-2", "General-3"};
    double v[4];
    for (int i = 0; i < 3; i++) {
        in_sect(t, U(t, foot[i]), p, 1700 + 100 * i, 3000);
        attach(t, sap[i], foot[i]);
    }
    v[0] = E(t);
    for (int i = 0; i < 3; i++) {
        attach(t, gen[i], foot[i]);
        v[i + 1] = E(t);
    }
    assert_true(v[1] > v[0] + 0.025); /* a CinC with a team (0.02) in the trenches */
    assert_true(v[2] > v[1] + 0.025);
    assert_true(fabs(v[3] - v[2]) < 1e-9); /* the third: nothing */
    vbt_free(t);
}

/* A sap leg aimed straight at a gun of the place in range is enfiladed
 * (Line of Sight: "within 22.5 degrees"): the zig-zag is preferred when
 * the approach is otherwise equal. */
static void eval_prefers_the_zigzag(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    /* Foot-1 already 20 in from Bastion-A, well within its guns' range */
    int sap = sect(t, SK_SAP, 1, 1, 1200, s->s[1].ay, 1200, 3000);
    sq_place(t->g, s, U(t, "Foot-1"), LK_SECT, sap, (sq_pt){1200, 3000});
    attach(t, "Sappers-1", "Foot-1");
    vbt *z = ready();
    memcpy(S(z), s, sizeof *s);
    vbt_act(t, "order Foot-1");
    vbt_act(t, "sap Foot-1 at 270.00"); /* straight at Bastion-A's middle */
    vbt_act(z, "order Foot-1");
    vbt_act(z, "sap Foot-1 at 250.00"); /* 20 degrees off: not enfiladed */
    /* the straight leg gains more ground but is enfiladed by both guns */
    const sq_sect *a = &S(t)->s[S(t)->nsect - 1], *b = &S(z)->s[S(z)->nsect - 1];
    assert_true(a->by < b->by);
    double vs = E(t), vz = E(z);
    S(t)->u[U(t, "Heavy-A1")].lkind = LK_OFF;
    S(t)->u[U(t, "Heavy-A2")].lkind = LK_OFF;
    S(z)->u[U(z, "Heavy-A1")].lkind = LK_OFF;
    S(z)->u[U(z, "Heavy-A2")].lkind = LK_OFF;
    /* without the guns the straight leg would be worth more */
    assert_true(E(t) - E(z) > vs - vz);
    vbt_free(t);
    vbt_free(z);
}

/* A sap dug exactly along one already there (the same start and end: a
 * team standing where an earlier sap began, ordered the same way) gains no
 * ground and earns no approach; a leg beside it does. */
static void eval_ignores_a_duplicate_sap(void **state)
{
    (void)state;
    vbt *z = ready();
    double vz = E(z);
    vbt_act(z, "order Foot-1");
    vbt_act(z, "sap Foot-1 at 270.00");
    const sq_sect *k = &S(z)->s[S(z)->nsect - 1];
    assert_int_equal(k->state, SS_PLANNED);
    /* new ground: straight up the table to (18.38, 45.12), 32.00 in from
     * CW-2's middle (6.40 in: 0.0274) */
    assert_gain(vz, E(z), 0.22 * APPROACH(3200) - 0.004);
    /* the same sap, already dug by an earlier team */
    vbt *t = ready(), *b = ready();
    sect(t, SK_SAP, 1, 1, k->ax, k->ay, k->bx, k->by);
    sect(b, SK_SAP, 1, 1, k->ax, k->ay, k->bx, k->by);
    if (sq_check(t->g, S(t), &t->cx))
        fail_msg("position: %s", t->cx.err);
    double v0 = E(t);
    vbt_act(t, "order Foot-1");
    vbt_act(t, "sap Foot-1 at 270.00");
    const sq_sect *d = &S(t)->s[S(t)->nsect - 1];
    assert_true(d->state == SS_PLANNED && d->bx == k->bx && d->by == k->by);
    assert_true(E(t) < v0 + 0.005);
    vbt_act(b, "order Foot-1");
    vbt_act(b, "sap Foot-1 at 250.00");
    /* to (16.46, 45.46): 32.13 in from CW-2's middle (6.40 in: 0.0265) */
    assert_gain(v0, E(b), 0.22 * APPROACH(3213) - 0.004);
    vbt_free(z);
    vbt_free(t);
    vbt_free(b);
}

/* The exact weight of one term: the value moved by w (to 1e-9). */
#define assert_moved(before, after, w)                                                             \
    do {                                                                                           \
        double d_ = (after) - (before);                                                            \
        if (fabs(d_ - (w)) > 1e-9)                                                                 \
            fail_msg("value moved by %.6f, wanted %.6f", d_, (double)(w));                         \
    } while (0)

/* Parallels on the covered way (the third parallel, where the batteries
 * go): a built parallel whose middle lies within 0.05 of the approach's
 * span (about 1.8 in) of a target counts 0.04, two at most; one 2.5 in
 * short of it counts nothing. A parallel dug from a sap (parent set)
 * within a mortar's range of a bastion counts 0.02 more (rpar). */
static void eval_counts_parallels_on_the_covered_way(void **state)
{
    (void)state;
    vbt *t = ready();
    double v0 = E(t);
    /* 2.5 in short of CW-2's middle (1387, 1343), no parent: nothing */
    sect(t, SK_PARALLEL, 3, -1, 1067, 1593, 1707, 1593);
    assert_moved(v0, E(t), 0.0);
    /* the same, dug from a sap: a battery there reaches Bastion-A */
    S(t)->s[S(t)->nsect - 1].parent = 1;
    assert_moved(v0, E(t), 0.02);
    double v1 = E(t);
    /* on CW-2's middle: 0.04 */
    sect(t, SK_PARALLEL, 3, -1, 1067, 1343, 1707, 1343);
    double v2 = E(t);
    assert_moved(v1, v2, 0.04);
    /* a sap ending there is no parallel */
    sect(t, SK_SAP, 3, 1, 1387, 1600, 1387, 1343);
    assert_moved(v2, E(t), 0.0);
    /* on CW-5's middle (2930, 1343): 0.04 more; a third counts nothing */
    sect(t, SK_PARALLEL, 3, -1, 2610, 1343, 3250, 1343);
    double v3 = E(t);
    assert_moved(v2, v3, 0.04);
    sect(t, SK_PARALLEL, 3, -1, 589, 1309, 1229, 1309);
    assert_moved(v3, E(t), 0.0);
    vbt_free(t);
}

/* Units ready to pair in the trenches, 0.002 each: foot (with or without
 * an engineer) and engineers attached to nobody; not an engineer attached
 * to a unit, not field guns, not a unit in the camp. */
static void eval_counts_units_in_the_trenches(void **state)
{
    (void)state;
    vbt *t = ready(); /* Foot-1 with Sappers-1 in P1-2: one already */
    sq_state *s = S(t);
    int p = 2; /* P1-3 */
    sq_pt m = sq_sect_mid(&s->s[p]);
    for (int u = 0; u < sq_sc(t->g, s)->nunits; u++)
        if (s->u[u].att == U(t, "Foot-2") || s->u[u].att == U(t, "Field-1"))
            s->u[u].att = -1; /* nobody comes along */
    double v0 = E(t);
    in_sect(t, U(t, "Foot-2"), p, m.x, m.y);
    double v1 = E(t);
    assert_moved(v0, v1, 0.002);
    in_sect(t, U(t, "Field-1"), p, m.x, m.y);
    assert_moved(v1, E(t), 0.0);
    /* Sappers-2 free in P1-4, away from Foot-2; first wounded and free in
     * the camp (counted nowhere) */
    int e = U(t, "Sappers-2");
    s->u[e].att = -1, s->u[e].wound = 2;
    sq_place(t->g, s, e, LK_CAMP, 0, sq_sc(t->g, s)->camp);
    v1 = E(t);
    s->u[e].wound = 0;
    sq_pt m3 = sq_sect_mid(&s->s[3]);
    in_sect(t, e, 3, m3.x, m3.y);
    double v2 = E(t);
    assert_moved(v1, v2, 0.002);
    /* attached (to unit 0, so that "att < 0" is told from "att <= 0"),
     * standing where it is: no longer free */
    s->u[e].att = 0;
    assert_moved(v2, E(t), -0.002);
    /* free, but in the camp (and wounded) */
    s->u[e].att = -1, s->u[e].wound = 2;
    sq_place(t->g, s, e, LK_CAMP, 0, sq_sc(t->g, s)->camp);
    assert_moved(v1, E(t), 0.0);
    vbt_free(t);
}

/* Engineer pairs: each foot unit with an engineer attached counts 0.01,
 * in the camp too (all four of the besieger's Sappers); an engineer with
 * a gun counts nothing. */
static void eval_counts_engineer_pairs(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    /* every leader free; the Sappers wounded (a wounded engineer makes no
     * pair), each healed as it is attached */
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].side == SQ_BESIEGER && sq_is_leader(sq_unit_type(t->g, s, u))) {
            s->u[u].att = -1;
            s->u[u].wound = (int8_t)(sq_unit_type(t->g, s, u) == UT_ENGINEER ? 2 : 0);
        }
    double v = E(t);
    attach(t, "Sappers-1", "Field-1");
    s->u[U(t, "Sappers-1")].wound = 0;
    assert_moved(v, E(t), 0.0);
    static const char *const foot[] = {"Foot-1", "Foot-2", "Foot-3", "Foot-4"};
    for (int i = 0; i < 4; i++) {
        char e[24];
        snprintf(e, sizeof e, "Sappers-%d", i + 1);
        attach(t, e, foot[i]);
        s->u[U(t, e)].wound = 0;
        double w = E(t);
        assert_moved(v, w, 0.01); /* Sappers-1 from Field-1 to Foot-1: one pair */
        v = w;
    }
    /* Sappers-4 from Foot-4 to Foot-1: Foot-4's pair is gone, Foot-1's
     * second engineer adds none */
    attach(t, "Sappers-4", "Foot-1");
    assert_moved(v, E(t), -0.01);
    vbt_free(t);
}

/* The value of the opening position, by hand: the offset -0.45 and the
 * clock -0.25 x 1/21; every other term is 0. */
static void eval_of_the_opening(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    assert_int_equal(S(t)->day, 1);
    assert_moved(0.0, E(t), -0.45 - 0.25 / 21);
    vbt_free(t);
}

/* The fronts, weighted 0.22, 0.10, 0.05, 0.03 from the best: four teams
 * at the head of a sap 10 in from CW-2's middle (1387, 1343), each
 * attached in turn; the approach there is 1 - 1000 / 3641 (the span: the
 * first parallel's P1-1 middle, y 50.72 in, 36.41 in from the crest at x
 * 11.98 in, the farthest of the four). Each attachment adds a pair
 * (0.01), a team ready to dig (0.004) and its front. */
static void eval_weights_the_fronts_in_order(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    /* the Sappers detached and wounded in the camp: no pair */
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].side == SQ_BESIEGER && sq_is_leader(sq_unit_type(t->g, s, u))) {
            s->u[u].att = -1;
            s->u[u].wound = (int8_t)(sq_unit_type(t->g, s, u) == UT_ENGINEER ? 2 : 0);
            sq_place(t->g, s, u, LK_CAMP, 0, sc->camp);
        }
    int sap = sect(t, SK_SAP, 1, 1, 1387, s->s[1].ay, 1387, 2343);
    double a = 1.0 - 1000.0 / 3641.0;
    static const double w[4] = {0.22, 0.1, 0.05, 0.03};
    for (int k = 0; k < 4; k++) {
        char f[24], e[24];
        snprintf(f, sizeof f, "Foot-%d", k + 2);
        snprintf(e, sizeof e, "Sappers-%d", k + 1);
        in_sect(t, U(t, f), sap, 1387, 2343);
        double v = E(t);
        attach(t, e, f);
        s->u[U(t, e)].wound = 0;
        assert_moved(v, E(t), 0.014 + w[k] * a);
    }
    vbt_free(t);
}

/* Losses and the works: foot lost, 0.15 x (the defender's share of its
 * foot strength lost - the besieger's); the place's guns, 0.12 x their
 * share lost; a covered-way section taken 0.02; the mean damage over the
 * four other works 0.1 (a ravelin at 12 of 15: 0.1 x 0.2 / 4). */
static void eval_counts_losses_and_works(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    double v = E(t), w;
    s->u[U(t, "Foot-12")].str--;
    w = E(t);
    assert_moved(v, w, -0.15 / 72); /* twelve foot of 6 */
    v = w;
    s->u[U(t, "Garrison-B2")].str--;
    w = E(t);
    assert_moved(v, w, 0.15 / 24); /* four foot of 6 */
    v = w;
    sq_remove(t->g, s, U(t, "Garrison-B2"));
    w = E(t);
    assert_moved(v, w, 0.15 * 5 / 24);
    v = w;
    s->u[U(t, "Heavy-B1")].str--;
    w = E(t);
    assert_moved(v, w, 0.12 / 18); /* four heavy and two medium of 3 */
    v = w;
    s->taken[W(t, "CW-3")] = 1;
    w = E(t);
    assert_moved(v, w, 0.02);
    v = w;
    s->wstr[W(t, "Ravelin-1")] = 12;
    w = E(t);
    assert_moved(v, w, 0.1 * 0.2 / 4);
    v = w;
    s->taken[W(t, "Curtain-1")] = 1;
    assert_moved(v, E(t), 0.1 * 1.0 / 4);
    vbt_free(t);
}

/* Greedy besiegers against a random garrison: they dig toward the
 * covered way, and some of them win (docs/siege-18c.md has the table). */
static void greedy_besieger_progresses(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("siege-18c", &cx);
    assert_non_null(g);
    sq_state *s = malloc(sizeof *s);
    int games = vbt_game_count("SIEGE_AI", 6, 4), wins = 0, near = 0;
    for (int gi = 0; gi < games; gi++) {
        vb_policy *pb = vb_policy_new(g, "greedy", 11 + (uint64_t)gi, &cx);
        vb_policy *pd = vb_policy_new(g, "random", 91 + (uint64_t)gi, &cx);
        assert_non_null(pb);
        assert_non_null(pd);
        assert_int_equal(vb_setup(g, s, 0, NULL, 500 + (uint64_t)gi, &cx), 0);
        int best = 1 << 30;
        for (int d = 0; d < 5000 && vb_to_move(g, s) != VB_OVER; d++) {
            int who = vb_to_move(g, s);
            vb_action a = who == VB_CHANCE     ? vb_sample_chance(g, s)
                          : who == SQ_BESIEGER ? vb_policy_choose(pb, s)
                                               : vb_policy_choose(pd, s);
            assert_int_equal(vb_apply(g, s, a, &cx), 0);
            const sq_scen *sc = sq_sc(g, s);
            for (int i = 0; i < s->nsect; i++)
                if (s->s[i].state == SS_BUILT && s->s[i].kind == SK_SAP) {
                    int dy = s->s[i].by - sq_line_y(sc->crest, sc->ncrest, s->s[i].bx);
                    best = dy < best ? dy : best;
                }
        }
        wins += s->winner == SQ_BESIEGER;
        near += best <= 200; /* a sap head within 2 in of the crest */
        vb_policy_free(pb);
        vb_policy_free(pd);
    }
    print_message("greedy besieger vs random: %d wins, %d reached the glacis crest, of %d\n", wins,
                  near, games);
    assert_true(near * 2 >= games);
    assert_true(wins >= 1);
    free(s);
    vb_game_free(g);
}

/* A redeployment of strength points between the place's heavy guns moves
 * no strength (the place's guns term is unchanged), but neither gun fires
 * in step 4: 0.002 each to the besieger until the defender's artillery
 * step is over, so that a one-decision search does not redeploy for
 * nothing. */
static void eval_counts_guns_that_redeploy(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int a1 = U(t, "Heavy-A1"), b1 = U(t, "Heavy-B1");
    s->phase = PH_DMOVE;
    s->u[b1].str = 1;
    double v0 = E(t);
    vbt_act(t, "redeploy Heavy-A1 2 to Heavy-B1");
    assert_moved(v0, E(t), 0.004);
    /* a gun that holds still fires */
    double vr = E(t);
    vbt_act(t, "order Heavy-A2");
    vbt_act(t, "hold Heavy-A2");
    assert_moved(vr, E(t), 0.0);
    /* nor does a medium gun that moved count here (it moves itself) */
    s->u[U(t, "Medium-B")].flags |= UF_MOVED | UF_ORDERED;
    assert_moved(vr, E(t), 0.0);
    /* in step 4 still, not after it */
    s->phase = PH_DART;
    double v4 = E(t);
    s->phase = PH_BMUSKET;
    double v5 = E(t);
    s->u[a1].flags = s->u[b1].flags = 0;
    assert_moved(v5, E(t), 0.0);
    s->phase = PH_DART;
    assert_moved(v4, E(t), -0.004);
    vbt_free(t);
}

/* The shipped evaluation recomputed from its terms: the intercept plus
 * each weight times its term, clipped to [-0.95, 0.95]. */
static double shipped_sum(const double *x)
{
    double v = sq_eval_shipped[0];
    for (int i = 0; i < SQ_NTERMS; i++)
        v += sq_eval_shipped[i + 1] * x[i];
    return v > 0.95 ? 0.95 : v < -0.95 ? -0.95 : v;
}

/* The garrison's foot (one-front: every one at full strength at the
 * start); their indexes into u, the count returned. */
static int garrison_foot(vbt *t, int *u)
{
    const sq_scen *sc = sq_sc(t->g, S(t));
    int n = 0;
    for (int i = 0; i < sc->nunits; i++)
        if (sc->units[i].side == SQ_DEFENDER && sc->units[i].type == UT_FOOT)
            u[n++] = i;
    return n;
}

#define assert_near(a, b)                                                                          \
    do {                                                                                           \
        if (fabs((a) - (b)) > 1e-9)                                                                \
            fail_msg("%s = %.9f, expected %.9f", #a, (double)(a), (double)(b));                    \
    } while (0)

/* The terms of a hand-made position (sq_eval_terms), and the evaluation
 * is the weighted sum of them. Day 3, Foot-1 with Sappers-1 on P1-2
 * (ready()): no front yet (37.56 in from the nearest target), one foot
 * with engineers, ready to dig, in the trenches; nothing lost, no damage.
 * Then the sap ordered (the front 31.96 in from CW-2), Bastion-A battered
 * to 3 of 15, a garrison foot destroyed and another in the town. */
static void eval_terms_of_a_position(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    double x[SQ_NTERMS];
    int gu[SQ_MAX_UNITS], n = garrison_foot(t, gu);
    assert_true(n >= 2);
    sq_eval_terms(t->g, s, x);
    for (int i = SQT_FRONT1; i <= SQT_FRONT4; i++)
        assert_true(x[i] == 0);
    assert_true(x[SQT_ENG] == 1);
    assert_true(x[SQT_READY] == 1);
    assert_true(x[SQT_UP] == 1);
    assert_near(x[SQT_TIME], 3.0 / 21);
    assert_true(x[SQT_DMAX] == 0 && x[SQT_DMEAN] == 0 && x[SQT_LOSS] == 0);
    assert_true(x[SQT_LOSSB] == 0 && x[SQT_LOSSD] == 0 && x[SQT_GFOOT] == 1);
    assert_true(x[SQT_GTOWN] == 0 && x[SQT_LFRONT] == 0 && x[SQT_DMAX2] == 0);
    assert_true(E(t) == shipped_sum(x));
    vbt_act(t, "order Foot-1");
    vbt_act(t, "sap Foot-1 toward Bastion-A");
    sq_eval_terms(t->g, s, x);
    if (fabs(x[SQT_FRONT1] - APPROACH(3196)) > 1e-4)
        fail_msg("front %.5f, derived %.5f", x[SQT_FRONT1], APPROACH(3196));
    assert_true(x[SQT_FRONT2] == 0);
    assert_true(x[SQT_READY] == 0); /* ordered */
    assert_near(x[SQT_LFRONT], (1 - 3.0 / 21) * x[SQT_FRONT1]);
    assert_true(E(t) == shipped_sum(x));
    s->wstr[sq_find_work(sq_sc(t->g, s), "Bastion-A")] = 3;
    s->u[gu[0]].lkind = LK_OFF;
    s->u[gu[1]].lkind = LK_TOWN;
    sq_eval_terms(t->g, s, x);
    assert_near(x[SQT_DMAX], 12.0 / 15);
    assert_near(x[SQT_DMAX2], 0.64);
    assert_near(x[SQT_TDMAX], 3.0 / 21 * 0.8);
    assert_near(x[SQT_GFOOT], (n - 1.0) / n);
    assert_near(x[SQT_LOSSD], 1.0 / n);
    assert_near(x[SQT_LOSS], 1.0 / n);
    assert_near(x[SQT_TLOSSD], 3.0 / 21 / n);
    assert_true(x[SQT_LOSSB] == 0);
    assert_true(x[SQT_GTOWN] == 1);
    assert_true(E(t) == shipped_sum(x));
    vbt_free(t);
}

/* Sign and order: the besieger (the weak seat against greedy) evaluates
 * the opening below 0, a bastion half battered higher, and a bastion all
 * but breached with the garrison down to one foot above 0; the defender's
 * values are the negations. */
static void eval_sign_and_order(void **state)
{
    (void)state;
    vbt *t = ready();
    sq_state *s = S(t);
    int gu[SQ_MAX_UNITS], n = garrison_foot(t, gu);
    int a = sq_find_work(sq_sc(t->g, s), "Bastion-A");
    double v0 = E(t);
    s->wstr[a] = 8;
    double v1 = E(t);
    s->wstr[a] = 1;
    for (int i = 1; i < n; i++)
        s->u[gu[i]].lkind = LK_OFF;
    double v2 = E(t);
    assert_true(v0 < 0);
    assert_true(v0 < v1 && v1 < v2);
    assert_true(v2 > 0);
    assert_true(sq_eval(t->g, s, SQ_DEFENDER) == -v2);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eval_zero_sum_and_end),
        cmocka_unit_test(eval_rewards_the_sap),
        cmocka_unit_test(eval_counts_every_team),
        cmocka_unit_test(eval_rewards_batteries),
        cmocka_unit_test(eval_rewards_breach_damage),
        cmocka_unit_test(eval_prefers_the_zigzag),
        cmocka_unit_test(greedy_besieger_progresses),
        cmocka_unit_test(eval_rewards_the_mine),
        cmocka_unit_test(eval_rewards_steady_sappers),
        cmocka_unit_test(eval_rewards_the_cinc_with_the_sappers),
        cmocka_unit_test(eval_counts_two_cincs_at_most),
        cmocka_unit_test(eval_ignores_a_duplicate_sap),
        cmocka_unit_test(eval_counts_the_clock),
        cmocka_unit_test(eval_counts_parallels_on_the_covered_way),
        cmocka_unit_test(eval_counts_units_in_the_trenches),
        cmocka_unit_test(eval_counts_engineer_pairs),
        cmocka_unit_test(eval_of_the_opening),
        cmocka_unit_test(eval_weights_the_fronts_in_order),
        cmocka_unit_test(eval_counts_losses_and_works),
        cmocka_unit_test(eval_counts_guns_that_redeploy),
        cmocka_unit_test(eval_terms_of_a_position),
        cmocka_unit_test(eval_sign_and_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
