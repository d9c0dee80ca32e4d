/* test_mine.c - counter-saps and mines (sq_mine.c), a reconstructed reading
 * of Sequence of Play 2 ("Any foot unit with an engineer attached will
 * attempt to build extra sections of saps/trenches") and of Comardo's mine
 * ("a mine destroys 4 in of wall"); docs/siege-18c.md, "Counter-saps and
 * mines". Numbers from data/siege-18c/game.json "mines": a counter-sap of 2
 * days reaching 4.00 in, a mine of 3 days reaching 4.00 in, 6 points.
 *
 * Geometry of the one-front board: CW-1's middle is (9.09, 13.09); the
 * glacis crest at x 9.09 lies at y 13.34; Bastion-A's left face runs from
 * (6.80, 10.26) to (12.00, 12.00), its left flank along x 6.80. */
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

/* Sequence 2: the defender's foot with an engineer digs a counter-sap from
 * its section of the covered way; in two days it is sprung under the
 * nearest besieger trench within 4 in, destroyed as by a sortie. */
static void counter_sap_blows_the_nearest_trench(void **state)
{
    (void)state;
    vbt *t = counter_setup();
    sq_state *s = S(t);
    int gb = U(t, "Garrison-B2"), f1 = U(t, "Foot-1"), cw1 = W(t, "CW-1");
    assert_int_equal(sq_counter_target(t->g, s, gb), 0);
    s->s[0].by = 1710; /* 4.01 in: out of reach */
    assert_int_equal(sq_counter_target(t->g, s, gb), -1);
    s->s[0].by = 1709;
    s->s[1].bx = 909, s->s[1].by = 1600; /* nearer: the nearest is blown */
    assert_int_equal(sq_counter_target(t->g, s, gb), 1);
    s->s[1].bx = 909, s->s[1].by = 1709; /* as near: the first listed */
    assert_int_equal(sq_counter_target(t->g, s, gb), 0);
    s->s[1].bx = 1500, s->s[1].by = 1700;
    s->s[0].state = SS_PLANNED; /* being dug: not a target */
    assert_int_equal(sq_counter_target(t->g, s, gb), -1);
    s->s[0].state = SS_BUILT;
    vbt_act(t, "end-movement");
    assert_true(vbt_legal(t, "countersap Garrison-B2"));
    assert_false(vbt_legal(t, "countersap Garrison-A1")); /* no engineer, not on the CW */
    vbt_act(t, "countersap Garrison-B2");
    assert_int_equal(s->u[gb].aim, cw1 + 1);
    assert_true(s->u[gb].flags & UF_DIG);
    assert_true(s->u[gb].flags & UF_MOVED); /* its order: it does not fire */
    vbt_act(t, "end-movement");
    next_day(t);
    assert_true(vbt_logged(t, "Garrison-B2 digs its counter-sap: 1 of 2 days"));
    assert_int_equal(s->u[gb].dig, 1);
    assert_int_equal(s->s[0].state, SS_BUILT);
    check_ok(t);
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    next_day(t);
    assert_true(vbt_logged(t, "Garrison-B2 springs its counter-mine under Sap-1"));
    assert_true(vbt_logged(t, "[Sequence 2] Sap-1 is destroyed"));
    assert_int_equal(s->s[0].state, SS_NONE);
    assert_int_equal(s->s[1].state, SS_BUILT);
    assert_int_equal(s->u[f1].lkind, LK_CAMP);
    assert_int_equal(s->u[U(t, "Sappers-1")].lkind, LK_CAMP);
    assert_int_equal(s->u[gb].aim, 0);
    assert_int_equal(s->u[gb].dig, 0);
    check_ok(t);
    vbt_free(t);
}

/* Two days of counter-sap orders by Garrison-B2 from CW-1 (steps 1-9 of
 * days 5 and 6); before day 6's step 9, `before_sprung` runs (or none). */
static void counter_sap_two_days(vbt *t, void (*before_sprung)(vbt *))
{
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    next_day(t);
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    if (before_sprung)
        before_sprung(t);
    next_day(t);
}

static void sortie_takes_sap1(vbt *t)
{
    sq_destroy_sect(t->g, S(t), 0, "Sortie", &t->cx);
    assert_int_equal(S(t)->s[0].state, SS_NONE);
}

/* The counter-mine is sprung under whichever section is the nearest, the
 * second listed too; a counter-sap whose target is gone by step 9 (a sortie
 * took it) is sprung under nothing, and nothing else is destroyed (sq_mine.c
 * 151 `t < 0` -> `t > 0` survived the thirtieth session's seed-30 pass:
 * every earlier test blew section 0, and none sprang under nothing). */
static void counter_mine_under_the_second_or_nothing(void **state)
{
    (void)state;
    vbt *t = counter_setup();
    sq_state *s = S(t);
    int gb = U(t, "Garrison-B2"), f1 = U(t, "Foot-1");
    s->s[1].bx = 909, s->s[1].by = 1600; /* Sap-2 nearer than Sap-1 */
    assert_int_equal(sq_counter_target(t->g, s, gb), 1);
    counter_sap_two_days(t, NULL);
    assert_true(vbt_logged(t, "Garrison-B2 springs its counter-mine under Sap-2"));
    assert_true(vbt_logged(t, "[Sequence 2] Sap-2 is destroyed"));
    assert_int_equal(s->s[1].state, SS_NONE);
    assert_int_equal(s->s[0].state, SS_BUILT);
    assert_int_equal(s->u[f1].lkind, LK_SECT); /* Foot-1 on Sap-1 stays */
    assert_int_equal(s->u[gb].aim, 0);
    check_ok(t);
    vbt_free(t);

    /* Sap-2 out of reach (7.09 in off); Sap-1 gone before step 9 */
    t = counter_setup();
    s = S(t);
    counter_sap_two_days(t, sortie_takes_sap1);
    assert_true(vbt_logged(t, "Garrison-B2 springs its counter-mine under nothing"));
    assert_false(vbt_logged(t, "Sap-2 is destroyed"));
    assert_int_equal(s->s[1].state, SS_BUILT);
    assert_int_equal(s->u[gb].aim, 0);
    assert_int_equal(s->u[gb].dig, 0);
    check_ok(t);
    vbt_free(t);
}

/* Who may dig one: a defender foot, with an engineer, unshaken, on a section
 * of the covered way (not a bastion), a trench within reach. */
static void who_counter_saps(void **state)
{
    (void)state;
    vbt *t = counter_setup();
    sq_state *s = S(t);
    int gb = U(t, "Garrison-B2");
    s->phase = PH_DMOVE;
    assert_true(sq_counter_ok(t->g, s, gb));
    s->u[gb].flags |= UF_SHAKEN;
    assert_false(sq_counter_ok(t->g, s, gb));
    s->u[gb].flags = 0;
    s->u[U(t, "Engineers-A")].att = -1;
    assert_false(sq_counter_ok(t->g, s, gb));
    attach(t, "Engineers-A", "Garrison-B2");
    in_work(t, gb, "Bastion-A"); /* in a bastion 4 in is not enough: not from the CW */
    s->s[0].by = 1300;
    s->u[U(t, "Foot-1")].y = 1300;
    assert_false(sq_counter_ok(t->g, s, gb));
    in_work(t, gb, "CW-1");
    assert_true(sq_counter_ok(t->g, s, gb));
    /* no trench within reach: nothing to dig toward; the second listed one */
    s->s[0].by = 1800;
    s->u[U(t, "Foot-1")].y = 1800;
    assert_false(sq_counter_ok(t->g, s, gb));
    s->s[1].bx = 909, s->s[1].by = 1600;
    assert_true(sq_counter_ok(t->g, s, gb));
    /* the besieger's foot with an engineer does not counter-sap */
    assert_false(sq_counter_ok(t->g, s, U(t, "Foot-1")));
    vbt_free(t);
}

/* Sequence 9: "completed by unshaken units": a shaken digger loses its
 * gallery; a day without the order abandons it; the next one starts again. */
static void galleries_lost_and_abandoned(void **state)
{
    (void)state;
    vbt *t = counter_setup();
    sq_state *s = S(t);
    int gb = U(t, "Garrison-B2");
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    while (s->phase < PH_SORTIE) /* shaken after its fire (else it must fire) */
        vbt_act(t, "end-fire");
    s->u[gb].flags |= UF_SHAKEN;
    next_day(t);
    assert_true(vbt_logged(t, "Garrison-B2's gallery is lost"));
    assert_int_equal(s->u[gb].dig, 0);
    assert_int_equal(s->u[gb].aim, 0);
    /* day 6: dug; day 7: held instead: abandoned */
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    next_day(t);
    assert_int_equal(s->u[gb].dig, 1);
    vbt_clear_log(t);
    vbt_act(t, "end-movement");
    vbt_act(t, "hold Garrison-B2");
    vbt_act(t, "end-movement");
    next_day(t);
    assert_true(vbt_logged(t, "Garrison-B2's gallery is abandoned"));
    assert_int_equal(s->u[gb].dig, 0);
    assert_int_equal(s->s[0].state, SS_BUILT);
    /* day 8: a new gallery, one day dug: not sprung */
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    next_day(t);
    assert_int_equal(s->u[gb].dig, 1);
    assert_int_equal(s->s[0].state, SS_BUILT);
    /* the engineer lost on the way: the gallery too */
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    s->u[U(t, "Engineers-A")].att = -1;
    next_day(t);
    assert_true(vbt_logged(t, "Garrison-B2's gallery is lost"));
    assert_int_equal(s->s[0].state, SS_BUILT);
    check_ok(t);
    vbt_free(t);
}

/* Who may mine, and where: a besieger foot with an engineer, unshaken, on
 * the covered way (on or beyond the crest), under a wall within 4 in,
 * neither taken nor breached, once a battery is on or beyond the covered
 * way. */
static void who_mines_where(void **state)
{
    (void)state;
    vbt *t = mine_setup(909, 1308, 0);
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int f1 = U(t, "Foot-1"), ba = W(t, "Bastion-A");
    assert_false(vbt_legal(t, "mine Foot-1 under Bastion-A")); /* no battery forward */
    lay_cut_battery(t, 3, 2720, 1500);
    assert_false(sq_mine_ok(t->g, s, f1, ba)); /* a battery behind the crest */
    lay_cut_battery(t, 3, 2720, 1300);         /* one on the covered way */
    assert_true(vbt_legal(t, "mine Foot-1 under Bastion-A"));
    assert_false(vbt_legal(t, "mine Foot-1 under Ravelin-1")); /* 8 in off */
    assert_false(vbt_legal(t, "mine Foot-1 under Curtain-1"));
    assert_false(vbt_legal(t, "mine Foot-1 under CW-1")); /* not a wall */
    /* any wall within reach, not the first work only (sq_mine.c 77, `w < 0`
     * -> `w > 0`, survived the seed-14 pass): Bastion-B from below its
     * point, 2.05 in off (the sap stopped on the covered way's middle line) */
    vbt *tb = mine_setup(3117, 1405, 1);
    assert_true(vbt_legal(tb, "mine Foot-1 under Bastion-B"));
    assert_false(vbt_legal(tb, "mine Foot-1 under Bastion-A"));
    vbt_free(tb);
    s->wstr[ba] = 1;
    assert_true(sq_mine_ok(t->g, s, f1, ba)); /* one point left: still a wall */
    s->wstr[ba] = 0;
    assert_false(sq_mine_ok(t->g, s, f1, ba)); /* breached */
    s->wstr[ba] = 15;
    s->taken[ba] = 1;
    assert_false(sq_mine_ok(t->g, s, f1, ba)); /* taken */
    s->taken[ba] = 0;
    s->u[f1].flags |= UF_SHAKEN;
    assert_false(sq_mine_ok(t->g, s, f1, ba));
    s->u[f1].flags = 0;
    s->u[U(t, "Sappers-1")].att = -1;
    assert_false(sq_mine_ok(t->g, s, f1, ba)); /* no engineer */
    attach(t, "Sappers-1", "Foot-1");
    assert_true(sq_mine_ok(t->g, s, f1, ba));
    assert_false(sq_mine_ok(t->g, s, f1, -1)); /* no such work */
    assert_false(sq_mine_ok(t->g, s, f1, sc->nworks));
    assert_false(sq_mine_ok(t->g, s, U(t, "Garrison-A1"), ba)); /* the besieger's art */
    /* on the crest, not behind it */
    int cy = sq_line_y(sc->crest, sc->ncrest, 909);
    s->u[f1].y = (int16_t)cy;
    assert_true(sq_mine_ok(t->g, s, f1, ba));
    s->u[f1].y = (int16_t)(cy + 1);
    assert_false(sq_mine_ok(t->g, s, f1, ba));
    /* reach: 4.00 in from the flank along x 6.80, not 4.01 */
    s->u[f1].x = 280, s->u[f1].y = 900;
    assert_true(sq_mine_ok(t->g, s, f1, ba));
    s->u[f1].x = 279;
    assert_false(sq_mine_ok(t->g, s, f1, ba));
    /* the battery may be any section, the first one too */
    vbt *t2 = fresh();
    lay_cut_battery(t2, 3, 2720, 1300);
    int sap2 = lay_cut_sap_to(t2, 3, 909, 1308);
    in_sect(t2, U(t2, "Foot-1"), sap2, 909, 1308);
    in_sect(t2, U(t2, "Sappers-1"), sap2, 909, 1308);
    attach(t2, "Sappers-1", "Foot-1");
    assert_true(sq_mine_ok(t2->g, S(t2), U(t2, "Foot-1"), ba));
    vbt_free(t2);
    /* in a taken section of the covered way */
    s->taken[W(t, "CW-1")] = 1;
    in_work(t, f1, "CW-1");
    assert_true(sq_mine_ok(t->g, s, f1, ba));
    vbt_free(t);
}

/* Three days of digging, then the mine is sprung: 6 strength points. */
static void mine_damages_the_wall(void **state)
{
    (void)state;
    vbt *t = mine_setup(909, 1308, 1);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1"), ba = W(t, "Bastion-A");
    vbt_act(t, "mine Foot-1 under Bastion-A");
    assert_true(vbt_logged(t, "Foot-1 drives a mine under Bastion-A (day 1 of 3)"));
    assert_true(s->u[f1].flags & UF_MOVED);
    next_day(t);
    assert_int_equal(s->u[f1].dig, 1);
    assert_int_equal(s->wstr[ba], 15);
    vbt_act(t, "mine Foot-1 under Bastion-A");
    next_day(t);
    assert_int_equal(s->u[f1].dig, 2);
    assert_int_equal(s->wstr[ba], 15);
    check_ok(t);
    vbt_act(t, "mine Foot-1 under Bastion-A");
    next_day(t);
    assert_true(vbt_logged(t, "Foot-1 springs its mine under Bastion-A: strength 15 -> 9"));
    assert_int_equal(s->wstr[ba], 9);
    assert_int_equal(s->u[f1].dig, 0);
    assert_int_equal(s->u[f1].aim, 0);
    assert_false(s->over);
    /* another work starts afresh */
    s->u[f1].aim = (int8_t)(W(t, "Ravelin-1") + 1), s->u[f1].dig = 2;
    vbt_act(t, "mine Foot-1 under Bastion-A");
    assert_int_equal(s->u[f1].dig, 0);
    assert_int_equal(s->u[f1].aim, ba + 1);
    next_day(t);
    assert_int_equal(s->u[f1].dig, 1);
    vbt_free(t);
}

/* A mine that brings a bastion to 0 breaches it: the fortress capitulates
 * at once (Fire and assaults on Fortress Defences). */
static void mine_breach_capitulates(void **state)
{
    (void)state;
    vbt *t = mine_setup(909, 1308, 1);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1"), ba = W(t, "Bastion-A");
    s->u[f1].aim = (int8_t)(ba + 1), s->u[f1].dig = 2;
    s->wstr[ba] = 4; /* fewer points than the mine's 6: 0, not less */
    vbt_act(t, "mine Foot-1 under Bastion-A");
    next_day(t);
    assert_int_equal(s->wstr[ba], 0);
    assert_true(s->over);
    assert_int_equal(s->winner, SQ_BESIEGER);
    assert_int_equal(s->day, 5);
    assert_true(
        vbt_logged(t, "Foot-1 springs its mine under Bastion-A: strength 4 -> 0: breached"));
    assert_true(vbt_logged(t, "Bastion-A is breached: the fortress capitulates"));
    assert_int_equal(vb_to_move(t->g, t->m.st), VB_OVER);
    vbt_free(t);
}

/* Counter-mines are sprung before mines: a counter-mine that blows the
 * miner's sap ends the mine on its last day. */
static void counter_mine_first(void **state)
{
    (void)state;
    vbt *t = mine_setup(1150, 1390, 1);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1"), ba = W(t, "Bastion-A"), gb = U(t, "Garrison-B2");
    int cw2 = W(t, "CW-2");
    in_work(t, gb, "CW-2");
    in_work(t, U(t, "Engineers-A"), "CW-2");
    attach(t, "Engineers-A", "Garrison-B2");
    s->u[f1].aim = (int8_t)(ba + 1), s->u[f1].dig = 2;
    s->u[gb].aim = (int8_t)(cw2 + 1), s->u[gb].dig = 1;
    check_ok(t);
    assert_int_equal(sq_counter_target(t->g, s, gb), 0);
    vbt_act(t, "mine Foot-1 under Bastion-A");
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    next_day(t);
    assert_true(vbt_logged(t, "Garrison-B2 springs its counter-mine under Sap-1"));
    assert_true(vbt_logged(t, "Foot-1's gallery is lost"));
    assert_int_equal(s->wstr[ba], 15);
    assert_int_equal(s->u[f1].lkind, LK_CAMP);
    check_ok(t);
    vbt_free(t);
}

/* Galleries in the state: JSON names them and reads them back; a gallery
 * that cannot be is refused. */
static void galleries_in_json(void **state)
{
    (void)state;
    vbt *t = mine_setup(909, 1308, 1);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1"), ba = W(t, "Bastion-A");
    vbt_act(t, "mine Foot-1 under Bastion-A");
    s->u[f1].dig = 1;
    json_t *j = t->g->def->to_json(t->g, s, -1);
    json_t *g = json_object_get(json_object_get(json_object_get(j, "units"), "Foot-1"), "gallery");
    assert_non_null(g);
    assert_string_equal(json_string_value(json_object_get(g, "work")), "Bastion-A");
    assert_int_equal(json_integer_value(json_object_get(g, "days")), 1);
    sq_state *r = malloc(sizeof *r);
    memset(r, 0, sizeof *r);
    r->h = s->h;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(t->g->def->from_json(t->g, r, j, &cx), 0);
    assert_memory_equal(r, s, sizeof *s);
    json_decref(j);
    free(r);
    /* impossible galleries */
    s->u[f1].dig = 3; /* as many days as it takes: it would have been sprung */
    assert_int_not_equal(sq_check(t->g, s, &t->cx), 0);
    s->u[f1].dig = 1;
    s->u[f1].aim = (int8_t)(W(t, "CW-1") + 1); /* the besieger mines walls */
    assert_int_not_equal(sq_check(t->g, s, &t->cx), 0);
    s->u[f1].aim = (int8_t)(ba + 1);
    check_ok(t);
    s->u[f1].aim = 0; /* days without a gallery */
    assert_int_not_equal(sq_check(t->g, s, &t->cx), 0);
    s->u[f1].dig = 0; /* digging today without a gallery */
    assert_int_not_equal(sq_check(t->g, s, &t->cx), 0);
    vbt_free(t);
}

/* Galleries a state file may hold that play itself never leaves at step 9
 * (sq_check accepts both): a gallery of 0 days not dug today is abandoned
 * at step 9 (sq_mine.c 172 `aim || dig` -> `aim && dig`, a seed-30
 * survivor, kept it); a counter-sap dug today from CW-1 for a gallery of
 * CW-2 is lost ("one order a day from the same place": `x->loc == w`
 * dropped, planted by hand in the thirtieth session's audit, dug on). */
static void galleries_out_of_place(void **state)
{
    (void)state;
    vbt *t = mine_setup(909, 1308, 1);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1"), ba = W(t, "Bastion-A");
    s->u[f1].aim = (int8_t)(ba + 1), s->u[f1].dig = 0;
    check_ok(t);
    next_day(t);
    assert_true(vbt_logged(t, "Foot-1's gallery is abandoned: a day without digging"));
    assert_int_equal(s->u[f1].aim, 0);
    vbt_free(t);

    t = counter_setup();
    s = S(t);
    int gb = U(t, "Garrison-B2"), cw2 = W(t, "CW-2");
    vbt_act(t, "end-movement");
    vbt_act(t, "countersap Garrison-B2");
    vbt_act(t, "end-movement");
    s->u[gb].aim = (int8_t)(cw2 + 1); /* its gallery from CW-2, dug today from CW-1 */
    check_ok(t);
    next_day(t);
    assert_true(vbt_logged(t, "Garrison-B2's gallery is lost"));
    assert_false(vbt_logged(t, "Garrison-B2 digs its counter-sap"));
    assert_int_equal(s->u[gb].aim, 0);
    assert_int_equal(s->u[gb].dig, 0);
    vbt_free(t);
}

static void explain_galleries(void **state)
{
    (void)state;
    vbt *t = mine_setup(909, 1308, 0);
    explains(t, "mine Foot-1 under Bastion-A", "once a battery stands on or beyond");
    explains(t, "mine Garrison-A1 under Bastion-A", "other side's movement step");
    explains(t, "countersap Foot-1", "defender's foot");
    S(t)->phase = PH_DMOVE;
    explains(t, "countersap Garrison-A1", "a section of the covered way");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counter_sap_blows_the_nearest_trench),
        cmocka_unit_test(counter_mine_under_the_second_or_nothing),
        cmocka_unit_test(who_counter_saps),
        cmocka_unit_test(galleries_lost_and_abandoned),
        cmocka_unit_test(who_mines_where),
        cmocka_unit_test(mine_damages_the_wall),
        cmocka_unit_test(mine_breach_capitulates),
        cmocka_unit_test(counter_mine_first),
        cmocka_unit_test(galleries_in_json),
        cmocka_unit_test(galleries_out_of_place),
        cmocka_unit_test(explain_galleries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
