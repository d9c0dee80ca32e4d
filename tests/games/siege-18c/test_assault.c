/* test_assault.c - siege-18c's Sortie/Assault rules, one sentence or
 * table row at a time (the printed example, the modifiers, the results,
 * who may sortie or assault and from where, the order of attack). Moved
 * out of test_rules.c (twenty-first session) when that file passed 1,200
 * lines. Positions are built by editing the state of a new game of the
 * one-front scenario (sq_test.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* Sortie/Assault: the printed example, replayed with its die: the amended
 * number is 8 (base 1, daylight +1, 16-24 in of movement +2, entrenched
 * +1, two friends on the flanks +2, a subsequent attack +1); a 6: success,
 * two casualties to the attacker. */
static void printed_example(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int par, sap = sap_before_cw3(t, &par);
    int f1 = U(t, "Foot-1"), gb = U(t, "Garrison-B2");
    in_sect(t, U(t, "Foot-2"), par, 1700, 3600);
    in_sect(t, U(t, "Foot-3"), par, 2000, 3600);
    s->attacks[f1] = 1;
    s->phase = PH_SORTIE;
    vbt_act(t, "sortie Garrison-B2 at Foot-1 by-day");
    assert_true(vbt_logged(t, "base 1 +1 daylight +2 moving 17.41 in +1 target entrenched +2 "
                              "friends on the flanks +1 subsequent attack = 8"));
    vbt_dice(t, "6");
    assert_true(vbt_logged(t, "rolled 6 against 8: success, 0 casualties to the target, 2 to the "
                              "attacker, star result against the target"));
    assert_int_equal(s->u[gb].str, 4);
    /* "Only the target unit rolls for morale if the attacker is successful" */
    assert_int_equal(s->p.stage, PS_MORALE);
    assert_int_equal(s->p.target, f1);
    vbt_dice(t, "1"); /* 1 against 3: misses by 2: shaken, holds the sap */
    assert_true(s->u[f1].flags & UF_SHAKEN);
    assert_int_equal(s->s[sap].state, SS_BUILT);
    vbt_free(t);
}

/* The modifiers one at a time: each row changes one thing from the printed
 * example's position and expects the number to move by its modifier. */
static void attack_modifiers(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        int need;
    } rows[] = {
        {"printed example", 8},
        {"-2 if CinC attached", 6},
        {"-1 if CinC adjacent", 7},
        {"+1 if in daylight (at night)", 7},
        {"+1 for each 8 in moved (8-16 in)", 7},
        {"+1 for each friend on the flanks (one)", 7},
        {"-1 if target shaken", 7},
        {"+1 for each subsequent attack (none)", 7},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int par, sap = sap_before_cw3(t, &par);
        int f1 = U(t, "Foot-1"), gb = U(t, "Garrison-B2");
        int night = 0;
        in_sect(t, U(t, "Foot-2"), par, 1700, 3600);
        in_sect(t, U(t, "Foot-3"), par, i == 5 ? 1500 : 2000, 3600);
        s->attacks[f1] = i == 7 ? 0 : 1;
        if (i == 1) {
            in_work(t, U(t, "Governor-A"), "CW-3");
            attach(t, "Governor-A", "Garrison-B2");
        }
        if (i == 2)
            in_work(t, U(t, "Governor-A"), "Ravelin-1"); /* 2.96 in from CW-3's middle */
        if (i == 3)
            night = 1;
        if (i == 4) {
            s->s[sap].by = 2800;
            s->u[f1].y = 2800; /* 12.41 in */
            s->u[U(t, "Foot-2")].y = s->u[U(t, "Foot-3")].y = 3100;
            s->s[par].ay = s->s[par].by = 3100;
            s->s[sap].ay = 3100;
        }
        if (i == 6)
            s->u[f1].flags |= UF_SHAKEN;
        int need = sq_attack_need(t->g, s, gb, f1, -1, night, NULL, 0);
        if (need != rows[i].need)
            fail_msg("%s: need %d, expected %d", rows[i].what, need, rows[i].need);
        vbt_free(t);
    }
}

/* Sortie/Assault results: "If the roll is higher than the amended die roll
 * then the attack is successful. The positive difference ... casualties
 * inflicted on the target unit. If the roll is lower then the attack is a
 * failure. The negative difference ... casualties inflicted on the
 * attacker - if the attack was at night then the casualties are doubled.
 * A roll of 6 is always a success ... A roll of 1 is always a fail." */
static void attack_results(void **state)
{
    (void)state;
    static const struct {
        int need, die, night, success, tcas, acas;
    } rows[] = {
        {8, 6, 0, 1, 0, 2},                                          /* the printed example */
        {3, 5, 0, 1, 2, 0},  {3, 4, 0, 1, 1, 0}, {3, 3, 0, 0, 0, 0}, /* equal: repulsed */
        {5, 3, 0, 0, 0, 2},  {5, 3, 1, 0, 0, 4},                     /* doubled at night */
        {-1, 1, 0, 0, 0, 0},                                         /* 1 always fails */
        {4, 1, 0, 0, 0, 3},  {8, 6, 1, 1, 0, 4}, {0, 2, 0, 1, 2, 0},
        {6, 6, 0, 1, 0, 0},  {3, 5, 1, 1, 2, 0}, /* night doubles the attacker's casualties only */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int par = sect(t, SK_PARALLEL, 1, -1, 1500, 3600, 2140, 3600);
        int f1 = U(t, "Foot-1"), gb = U(t, "Garrison-B2");
        in_sect(t, f1, par, 1866, 3600);
        in_work(t, gb, "CW-3");
        s->phase = PH_SORTIE;
        s->p.kind = PK_ATTACK, s->p.stage = PS_MAIN, s->p.actor = (int8_t)gb;
        s->p.target = (int8_t)f1, s->p.work = -1, s->p.star_of = -1;
        s->p.need = (int8_t)rows[i].need, s->p.night = (int8_t)rows[i].night;
        s->p.tlk = LK_SECT, s->p.tloc = (int8_t)par;
        char d[4];
        snprintf(d, sizeof d, "%d", rows[i].die);
        vbt_dice(t, d);
        if (s->p.stage == PS_STAR) /* no leaders here */
            fail_msg("row %zu: a star test without leaders", i);
        int ok = s->u[gb].str == 6 - rows[i].acas && s->u[f1].str == 6 - rows[i].tcas &&
                 (rows[i].success ? s->p.kind == PK_ATTACK && s->p.stage == PS_MORALE
                                  : s->p.kind == PK_NONE);
        if (!ok)
            fail_msg("row %zu (need %d, die %d%s): attacker %d, target %d, pending %d\n%s", i,
                     rows[i].need, rows[i].die, rows[i].night ? ", night" : "", s->u[gb].str,
                     s->u[f1].str, s->p.kind, t->log);
        vbt_free(t);
    }
}

/* "If the target unit is destroyed, routed or forced to retire then the
 * trench, battery or sap occupied by the target is also destroyed." */
static void sortie_destroys_trench(void **state)
{
    (void)state;
    /* Foot-1 was digging on from the sap head, and another sap grew from it */
    int sap, dig, grown;
    vbt *t = sap_head_digging(&sap, &dig, &grown);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1");
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    s->phase = PH_SORTIE;
    vbt_act(t, "sortie Garrison-B2 at Foot-1 by-night"); /* 1 +2 +1 = 4 */
    vbt_dice(t, "6,1"); /* success, 2 casualties; morale 1-2 vs 3: misses by 4: retires */
    assert_true(vbt_logged(t, "Foot-1 tests: 1 -2 = -1 against 3: retires"));
    assert_int_equal(s->u[f1].lkind, LK_CAMP);
    assert_int_equal(s->s[sap].state, SS_NONE);
    assert_true(vbt_logged(t, "Sap-2 is destroyed"));
    assert_int_equal(s->s[dig].state, SS_NONE); /* the digging there is lost */
    assert_int_equal(s->s[grown].state, SS_BUILT);
    assert_int_equal(s->s[grown].parent, -1);
    check_ok(t);
    vbt_free(t);
}

/* "1st Parallels cannot be sortied against if the 2nd parallel is
 * complete"; sorties go from the covered way against the closest section. */
static void parallel_sortie_restriction(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p1 = sect(t, SK_PARALLEL, 1, -1, 1500, 3400, 2140, 3400);
    in_sect(t, U(t, "Foot-1"), p1, 1866, 3400);
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    s->phase = PH_SORTIE;
    assert_true(vbt_legal(t, "sortie Garrison-B2 at Foot-1 by-day"));
    /* the 2nd parallel complete: built sections spanning the front (19.17 in
     * between the bastions' middles); 12.80 in is not, 19.20 in is */
    int x = 1000;
    for (int k = 0; k < 2; k++, x += 640)
        sect(t, SK_PARALLEL, 2, p1, x, 4800, x + 640, 4800);
    assert_false(sq_parallel_complete(t->g, s, 2));
    sect(t, SK_PARALLEL, 2, p1, x, 4800, x + 640, 4800);
    assert_true(sq_parallel_complete(t->g, s, 2));
    assert_false(vbt_legal(t, "sortie Garrison-B2 at Foot-1 by-day"));
    vbt_free(t);
    /* the same sections drawn from right to left: a length is a length */
    t = fresh();
    s = S(t);
    x = 1000;
    for (int k = 0; k < 2; k++, x += 640)
        sect(t, SK_PARALLEL, 2, -1, x + 640, 4800, x, 4800);
    assert_false(sq_parallel_complete(t->g, s, 2));
    sect(t, SK_PARALLEL, 2, -1, x + 640, 4800, x, 4800);
    assert_true(sq_parallel_complete(t->g, s, 2));
    vbt_free(t);
}

/* "The besieger may only launch assaults with units placed in the trench
 * parallels and never from saps. The besieger's foot units must assault
 * the closet section of fortification." An empty section is taken. */
static void assaults_from_parallels(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p3 = lay_cut_trench(t, 3, 1920, 2000);
    int sap = lay_sap(t, p3, s->s[p3].bx, 2000, sq_angle(200, -50));
    int f1 = U(t, "Foot-1"), f2 = U(t, "Foot-2");
    in_sect(t, f1, p3, 1920, 2000);
    in_sect(t, f2, sap, s->s[sap].bx, s->s[sap].by);
    s->phase = PH_ASSAULT;
    /* the closest work to (19.20, 20.00) is CW-3 (empty) */
    assert_int_equal(sq_assault_target(t->g, s, f1), W(t, "CW-3"));
    assert_false(vbt_legal(t, "assault Foot-1 at CW-4 by-day"));
    assert_int_equal(sq_assault_target(t->g, s, f2), -1); /* from a sap: never */
    assert_false(vbt_legal(t, "assault Foot-2 at CW-4 by-day"));
    assert_false(vbt_legal(t, "assault Foot-2 at CW-3 by-day"));
    vbt_act(t, "assault Foot-1 at CW-3 by-day");
    assert_true(s->taken[W(t, "CW-3")]);
    assert_int_equal(s->u[f1].lkind, LK_WORK);
    check_ok(t);
    vbt_free(t);
}

/* "The besieger's foot units must assault the closest section of
 * fortification", within the attack limit of 24 in (reconstructed, as a
 * sortie's reach): CW-3 and CW-4 meet at (21.58, 18.72); from 24.00 in
 * straight below, CW-3 (the first of the tie); from 24.01 in, none. */
static void assault_reach(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int pa = sect(t, SK_PARALLEL, 2, -1, 1838, 4272, 2478, 4272);
    int pb = sect(t, SK_PARALLEL, 2, -1, 1838, 4273, 2478, 4273);
    int f1 = U(t, "Foot-1"), f2 = U(t, "Foot-2");
    in_sect(t, f1, pa, 2158, 4272);
    in_sect(t, f2, pb, 2158, 4273);
    s->phase = PH_ASSAULT;
    assert_int_equal(sq_assault_target(t->g, s, f1), W(t, "CW-3"));
    assert_true(vbt_legal(t, "assault Foot-1 at CW-3 by-day"));
    assert_int_equal(sq_assault_target(t->g, s, f2), -1);
    assert_false(vbt_legal(t, "assault Foot-2 at CW-3 by-day"));
    assert_false(vbt_legal(t, "assault Foot-2 at CW-4 by-day"));
    vbt_free(t);
}

/* "Ravelins cannot be assaulted until the adjacent covered way has been
 * taken" (and, reconstructed, until breached); "A bastion cannot be
 * assaulted until the adjacent ravelin has been taken." */
static void order_of_attack(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int rav = W(t, "Ravelin-1");
    int p3 = sect(t, SK_PARALLEL, 3, -1, 1840, 1900, 2480, 1900);
    int f1 = U(t, "Foot-1");
    in_sect(t, f1, p3, 2160, 1900);
    /* the covered way in front of the ravelin taken: the ravelin is closest */
    s->taken[W(t, "CW-3")] = s->taken[W(t, "CW-4")] = 1;
    s->phase = PH_ASSAULT;
    assert_int_equal(sq_assault_target(t->g, s, f1), -1); /* not breached */
    s->wstr[rav] = 0;
    assert_int_equal(sq_assault_target(t->g, s, f1), rav);
    /* the rule itself, work by work */
    assert_true(sq_assaultable(t->g, s, rav));
    s->taken[W(t, "CW-3")] = s->taken[W(t, "CW-4")] = 0;
    assert_false(sq_assaultable(t->g, s, rav)); /* adjacent covered way not taken */
    s->taken[W(t, "CW-2")] = 1;                 /* not adjacent to Ravelin-1 */
    assert_false(sq_assaultable(t->g, s, rav));
    s->taken[W(t, "CW-4")] = 1; /* one of the two adjacent branches is enough */
    assert_true(sq_assaultable(t->g, s, rav));
    s->wstr[rav] = 1; /* one strength point left: not yet breached */
    assert_false(sq_assaultable(t->g, s, rav));
    s->wstr[rav] = 0;
    int bb = W(t, "Bastion-B");
    s->wstr[bb] = 0;
    assert_false(sq_assaultable(t->g, s, bb)); /* its ravelin not taken */
    s->taken[rav] = 1;
    assert_true(sq_assaultable(t->g, s, bb));
    assert_false(sq_assaultable(t->g, s, rav)); /* taken: not assaulted again */
    s->taken[rav] = 0;
    s->taken[W(t, "CW-2")] = s->taken[W(t, "CW-4")] = 0;
    assert_true(sq_assaultable(t->g, s, W(t, "CW-5"))); /* the covered way: always */
    /* covered way not taken: the closest section is the covered way again */
    assert_int_equal(sq_assault_target(t->g, s, f1) == rav, 0);
    vbt_free(t);
}

/* An assault at a held work is counted at the work as well as at its
 * defender ("+1 for each additional subsequent attack"): the state file
 * says how often each work was assaulted today (`attacks`), and the count
 * starts each day at 0. */
static void assault_counted_at_its_work(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int cw = W(t, "CW-3"), gb = U(t, "Garrison-B2");
    int p3 = lay_cut_trench(t, 3, 1920, 2000);
    in_sect(t, U(t, "Foot-1"), p3, 1920, 2000);
    in_work(t, gb, "CW-3");
    s->phase = PH_ASSAULT;
    assert_true(cw > 0);
    vbt_act(t, "assault Foot-1 at CW-3 by-day");
    assert_int_equal(s->attacks[gb], 1);
    assert_int_equal(s->wattacks[cw], 1);
    json_t *j = t->g->def->to_json(t->g, s, -1);
    json_t *n = json_object_get(json_object_get(json_object_get(j, "works"), "CW-3"), "attacks");
    assert_true(json_is_integer(n));
    assert_int_equal(json_integer_value(n), 1);
    json_decref(j);
    next_day(t);
    assert_int_equal(s->wattacks[cw], 0);
    vbt_free(t);
}

/* Sortie/Assault: "+1 for each 8 in moved": an attack over less than 8 in
 * has no movement modifier, and its itemised text (logged before the die)
 * names none (sq_query.c:380 `steps > 0` -> `>= 0`, a seed-27 survivor,
 * wrote "+0 moving 3.41 in"); from 8.00 in it is +1. */
static void no_movement_modifier_under_8_in(void **state)
{
    (void)state;
    static const struct {
        int y; /* Foot-1's place at the head of a sap before CW-3 */
        const char *why;
    } rows[] = {
        {1900, "base 1 +1 daylight +1 target entrenched = 3"}, /* 3.41 in from CW-3's middle */
        {2358, "base 1 +1 daylight +1 target entrenched = 3"}, /* 7.99 in */
        {2359, "base 1 +1 daylight +1 moving 8.00 in +1 target entrenched = 4"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int sap = sect(t, SK_SAP, 3, -1, 1866, 2600, 1866, rows[i].y);
        int f1 = U(t, "Foot-1"), gb = U(t, "Garrison-B2");
        in_sect(t, f1, sap, 1866, rows[i].y);
        in_work(t, gb, "CW-3");
        char why[160];
        sq_attack_need(t->g, s, gb, f1, -1, 0, why, sizeof why);
        if (strcmp(why, rows[i].why))
            fail_msg("Foot-1 at y %d: '%s', expected '%s'", rows[i].y, why, rows[i].why);
        vbt_free(t);
    }
}

/* Sortie/Assault and CinC/Engineers (audit, twenty-ninth session): "-2 if
 * CinC attached. -1 if CinC adjacent." and "An attached CinC will add +2 to
 * a units morale. A CinC in an adjacent trench, sap or fortification will
 * add +1 to morale." The CinC's presence is counted once: with one attached
 * and another adjacent, the attacker's number falls by 2 (not 3) and the
 * unit's morale rises by 2 (not 3); an enemy CinC adjacent to the attacker
 * changes nothing (the printed example's position, its number 8). */
static void cinc_counted_once(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        int need;
    } rows[] = {
        {"no CinC", 8},
        {"Governor-A attached, Commander-B adjacent (in Ravelin-1)", 6},
        {"Commander-B adjacent only", 7},
        {"General-1, an enemy CinC, 3 in from the attacker", 8},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int par;
        sap_before_cw3(t, &par);
        int f1 = U(t, "Foot-1"), gb = U(t, "Garrison-B2");
        in_sect(t, U(t, "Foot-2"), par, 1700, 3600);
        in_sect(t, U(t, "Foot-3"), par, 2000, 3600);
        s->attacks[f1] = 1;
        if (i == 1) {
            in_work(t, U(t, "Governor-A"), "CW-3");
            attach(t, "Governor-A", "Garrison-B2");
        }
        if (i == 1 || i == 2)
            in_work(t, U(t, "Commander-B"), "Ravelin-1"); /* 2.96 in from CW-3's middle */
        if (i == 3) {
            sq_pt q = sq_unit_pos(t->g, s, gb);
            int near = sect(t, SK_SAP, 1, par, q.x, q.y + 300, q.x, q.y + 400);
            in_sect(t, U(t, "General-1"), near, q.x, q.y + 300);
        }
        int need = sq_attack_need(t->g, s, gb, f1, -1, 0, NULL, 0);
        if (need != rows[i].need)
            fail_msg("%s: need %d, expected %d", rows[i].what, need, rows[i].need);
        vbt_free(t);
    }
    /* the morale of the sortie's target: General-1 attached to Foot-1,
     * General-2 in the parallel 3 in behind it; a 6 against 8 succeeds with
     * no casualties (General-1's star test: a 1, no effect), then a morale
     * 1 + 2 = 3 against 3: steady (with +3 the log would read 4) */
    vbt *t = fresh();
    sq_state *s = S(t);
    int par;
    sap_before_cw3(t, &par);
    int f1 = U(t, "Foot-1");
    in_sect(t, U(t, "Foot-2"), par, 1700, 3600);
    in_sect(t, U(t, "Foot-3"), par, 2000, 3600);
    in_sect(t, U(t, "General-1"), s->u[f1].loc, s->u[f1].x, s->u[f1].y);
    attach(t, "General-1", "Foot-1");
    in_sect(t, U(t, "General-2"), par, 1866, 3600);
    s->attacks[f1] = 1;
    s->phase = PH_SORTIE;
    vbt_act(t, "sortie Garrison-B2 at Foot-1 by-day");
    assert_true(vbt_logged(t, "= 8"));
    vbt_dice(t, "6,1,1");
    assert_true(vbt_logged(t, "General-1 rolls 1: no effect"));
    assert_true(vbt_logged(t, "Foot-1 tests: 1 +2 = 3 against 3: steady"));
    assert_false(s->u[f1].flags & UF_SHAKEN);
    vbt_free(t);
}

/* "... the 2nd parallel cannot be sortied against if the 3rd parallel is
 * complete" (audit, twenty-ninth session): the text spares the parallel,
 * read as its parallel sections only; a sap or battery grown from the 2nd
 * parallel (labelled 2) is still a target, whether or not the 3rd is
 * complete, and so is the 2nd parallel itself while the 3rd is not. */
static void spared_parallel_not_its_saps(void **state)
{
    (void)state;
    static const struct {
        const char *what, *unit;
        int kind, complete, may;
    } rows[] = {
        {"the 2nd parallel, the 3rd complete", "Foot-1", SK_PARALLEL, 1, 0},
        {"the 2nd parallel, the 3rd not complete", "Foot-1", SK_PARALLEL, 0, 1},
        {"a sap of the 2nd parallel, the 3rd complete", "Foot-1", SK_SAP, 1, 1},
        {"a battery of the 2nd parallel, the 3rd complete", "Siege-1", SK_BATTERY, 1, 1},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int p = sect(t, SK_PARALLEL, 2, -1, 1500, 3400, 2140, 3400), at = p, x = 1866, y = 3400;
        if (rows[i].kind == SK_SAP)
            at = sect(t, SK_SAP, 2, p, 1866, 3400, 1866, 3100), y = 3100;
        if (rows[i].kind == SK_BATTERY)
            at = sect(t, SK_BATTERY, 2, p, 1746, 3360, 1986, 3360), y = 3360;
        in_sect(t, U(t, rows[i].unit), at, x, y);
        in_work(t, U(t, "Garrison-B2"), "CW-3");
        if (rows[i].complete)
            for (int k = 0, x3 = 1000; k < 3; k++, x3 += 640)
                sect(t, SK_PARALLEL, 3, p, x3, 4800, x3 + 640, 4800);
        assert_int_equal(sq_parallel_complete(t->g, s, 3), rows[i].complete);
        s->phase = PH_SORTIE;
        char txt[64];
        snprintf(txt, sizeof txt, "sortie Garrison-B2 at %s by-day", rows[i].unit);
        if (vbt_legal(t, txt) != rows[i].may)
            fail_msg("%s: '%s' %s", rows[i].what, txt, rows[i].may ? "refused" : "offered");
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(printed_example),
        cmocka_unit_test(attack_modifiers),
        cmocka_unit_test(attack_results),
        cmocka_unit_test(sortie_destroys_trench),
        cmocka_unit_test(parallel_sortie_restriction),
        cmocka_unit_test(assaults_from_parallels),
        cmocka_unit_test(assault_reach),
        cmocka_unit_test(order_of_attack),
        cmocka_unit_test(assault_counted_at_its_work),
        cmocka_unit_test(no_movement_modifier_under_8_in),
        cmocka_unit_test(cinc_counted_once),
        cmocka_unit_test(spared_parallel_not_its_saps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
