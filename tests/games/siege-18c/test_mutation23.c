/* test_mutation23.c - siege-18c: tests written against survivors of the
 * twenty-third session's mutation passes (helper sqm, seed 23, over
 * sq_move.c, sq_mine.c, sq_geom.c, sq_odds.c and sq_io.c; docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back. */
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

/* Besieger: "If trenches from two different directions do not meet
 * exactly it will require an additional turn of engineering to make them
 * meet." Two second-parallel sections whose ends lie 0.01 in apart do not
 * meet: neither reaches the other, and a join between them, 0.01 in long,
 * is offered and dug; the sections whose ends touch meet and are moved
 * between at once (sq_move.c:146 `best == 0` -> `best == 1`, a seed-23
 * survivor, refused the join of 0.01 in: the two parts stayed apart). */
static void join_of_the_least_gap(void **state)
{
    (void)state;
    for (int gap = 0; gap < 2; gap++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        s->phase = PH_BMOVE;
        int b = sect(t, SK_PARALLEL, 2, -1, 1640, 3000, 2280, 3000);
        int c = sect(t, SK_PARALLEL, 2, -1, 2280 + gap, 3000, 2920 + gap, 3000);
        in_sect(t, U(t, "Foot-1"), b, 1960, 3000);
        attach(t, "Sappers-1", "Foot-1");
        vbt_act(t, "order Foot-1");
        assert_int_equal(vbt_legal(t, "move Foot-1 to P2-2"), !gap);
        assert_int_equal(vbt_legal(t, "join Foot-1 to P2-2"), gap);
        if (gap) {
            vbt_act(t, "join Foot-1 to P2-2");
            assert_int_equal(s->nsect, 3);
            assert_int_equal(s->s[2].kind, SK_JOIN);
            assert_int_equal(s->s[2].state, SS_PLANNED);
            assert_int_equal(s->s[2].ax, 2280);
            assert_int_equal(s->s[2].bx, 2281);
            assert_int_equal(s->s[2].meets, c + 1);
        }
        vbt_free(t);
    }
}

/* The board's measures are integers (hundredths of an inch): a step of
 * len at an angle is rounded half away from zero, each coordinate on its
 * own (sq_geom.c). Saps and joins are laid by such steps, so a record
 * replays only if every machine rounds alike. 6.40 in at 29.64 degrees
 * (sine 0.494531 from the table, linear between whole degrees) is
 * 316.49984 hundredths down and 556.236 across: (5.56, 3.16), and the
 * same mirrored in the other quadrants (sq_geom.c:239 the divisor
 * 1000000 -> 999999, a seed-23 survivor, gave 3.17). */
static void step_rounds_to_the_nearest_hundredth(void **state)
{
    (void)state;
    static const struct {
        int ang, x, y;
    } rows[] = {{2964, 556, 316}, {33036, 556, -316}, {20964, -556, -316}, {15036, -556, 316}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sq_pt o = {0, 0}, q = sq_step(o, rows[i].ang, 640);
        if (q.x != rows[i].x || q.y != rows[i].y)
            fail_msg("6.40 in at %d: (%d, %d), want (%d, %d)", rows[i].ang, q.x, q.y, rows[i].x,
                     rows[i].y);
    }
    assert_int_equal(sq_sin(2964), 494531);
}

/* A unit stands in a section when within its half width (0.60 in) of the
 * section's line, ends included. The shortest piece the game lays is a
 * join of 0.01 in (join_of_the_least_gap): a point 0.60 in straight below
 * its far end is within 0.60 in of it, one 0.61 in below is not; so below
 * its near end (sq_geom.c:114 `t <= 0` -> `t <= 1`, a seed-23 survivor,
 * measured from the near end when the point lies past the far one: 0.6008
 * in, refused). */
static void within_the_shortest_piece(void **state)
{
    (void)state;
    sq_pt a = {2280, 3000}, b = {2281, 3000};
    for (int end = 0; end < 2; end++) {
        sq_pt on = {2280 + end, 3060}, off = {2280 + end, 3061};
        assert_true(sq_within_seg(on, a, b, 60));
        assert_false(sq_within_seg(off, a, b, 60));
        assert_int_equal(sq_dist_seg(on, a, b), 60);
    }
}

/* State files (sq_io.c): a point is [x, y] of two integers, hundredths of
 * an inch on the table; a unit whose x is written as a string is refused
 * in one line, not read as 0 (sq_io.c:305 the first integer test asking
 * for element 1, a seed-23 survivor, read ["9.09", 1309] as [0, 1309]). */
static void point_of_two_integers(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = fresh();
        json_t *j = vbt_state_json(t);
        json_t *pos =
            json_object_get(json_object_get(json_object_get(j, "units"), "Garrison-B2"), "pos");
        assert_true(json_is_array(pos));
        json_array_set_new(pos, (size_t)k, json_string("9.09"));
        json_refused(t, j, "a point with a string", "a point is [x, y]");
        vbt_free(t);
    }
}

/* Besieger: "At the end of turn 1 the 1st parallel is built. The besieger
 * will then build a further two parallels": sections of parallels 1 to 3.
 * A state file's section of parallel 4 is refused (sq_io.c:456 the bound
 * 3 -> 4, a seed-23 survivor, read it). */
static void three_parallels_in_a_file(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p = lay_cut_trench(t, 3, 1920, 2600);
    s->day = 10;
    assert_int_equal(reads_back(t), 0);
    s->s[p].par = 4;
    refused(t, "a section of parallel 4", "parallel");
    vbt_free(t);
}

/* Time Scale, Sequence 9: on day 2, before step 9, no day of digging is
 * done: only the 1st parallel's sections stand, as many as the scenario
 * lays. A fifth 1st-parallel section (P1-1 laid again: it has the shape of
 * one, and none of the later sections the day-2 check refuses) is refused
 * by the count of the engineers' days (sq_io.c:732 `dug >= 0` -> `dug >=
 * 1`, a seed-23 survivor, left day 2 uncounted); on day 3 the count
 * allows it. */
static void no_digging_done_on_day_two(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    for (int i = 0; i < sc->npar1; i++)
        lay_par1(t, i);
    lay_par1(t, 0);
    s->day = 2;
    s->phase = PH_BMOVE;
    char says[96];
    snprintf(says, sizeof says, "sections: %d built by day 2: at most %d", sc->npar1 + 1,
             sc->npar1);
    refused(t, "a section more on day 2", says);
    s->day = 3;
    if (reads_back(t) != 0)
        fail_msg("day 3: '%s'", t->cx.err);
    vbt_free(t);
}

/* Sequence of Play 1-2: a unit chosen by `order` waits for its order in
 * its own side's movement step; a state file saved then reads back, and
 * one whose chosen unit is the other side's is refused (sq_io.c:754 `!=`
 * -> `==`, a seed-23 survivor, refused the first and read the second). */
static void chosen_unit_of_the_side_to_move(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    s->phase = PH_BMOVE;
    vbt_act(t, "order Foot-1");
    assert_int_equal(s->sel, U(t, "Foot-1"));
    if (reads_back(t) != 0)
        fail_msg("Foot-1 chosen: '%s'", t->cx.err);
    s->sel = (int8_t)U(t, "Garrison-B2");
    refused(t, "the defender's unit chosen in step 1", "the selected unit cannot take an order");
    vbt_free(t);
}

/* The terminal board lists each side's units off the board by where they
 * wait: the besieger's camp, the garrison's town, the fallen (fresh: the
 * leaders sent back, so Governor-A waits in the town; sq_io.c:816 `lk <=
 * LK_TOWN` -> `<`, a seed-23 survivor, left the town out). */
static void board_lists_the_town(void **state)
{
    (void)state;
    vbt *t = fresh();
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    sq_render(t->g, S(t), -1, f);
    fclose(f);
    char *town = strstr(buf, "  in the town:");
    assert_non_null(town);
    char *eol = strchr(town, '\n');
    assert_non_null(eol);
    *eol = 0;
    assert_non_null(strstr(town, " Governor-A"));
    assert_non_null(strstr(buf, "  in the camp:"));
    free(buf);
    vbt_free(t);
}

/* A defender's unit stands anywhere inside its work (a measured move puts
 * it at a point): a state file with Garrison-B2 0.01 in right of CW-1's
 * middle, inside the work, reads back; one outside the work is refused
 * (sq_io.c:610 `&&` -> `||`, a seed-23 survivor, refused every point but
 * the middle). */
static void anywhere_inside_a_work(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_work *w = &sq_sc(t->g, s)->works[W(t, "CW-1")];
    int gb = U(t, "Garrison-B2");
    in_work(t, gb, "CW-1");
    sq_pt p = {w->mid.x + 1, w->mid.y};
    assert_true(sq_point_in_poly(p, w->pts, w->npts));
    s->u[gb].x = p.x;
    if (reads_back(t) != 0)
        fail_msg("a point inside CW-1: '%s'", t->cx.err);
    s->u[gb].x = 0, s->u[gb].y = 0;
    refused(t, "a point outside CW-1", "'Garrison-B2': pos is not inside CW-1");
    vbt_free(t);
}

/* Sequence of Play 1 and 9: a section planned today is dug by the foot
 * unit that had the order; a state file with a planned sap whose builder
 * has not had its order is refused (sq_io.c:623 the loop's `<` -> `>`, a
 * seed-23 survivor, asked nothing of planned sections). */
static void planned_section_has_its_digger(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int sap = par1_and_sap(t);
    s->day = 10;
    in_sect_led(t, "Foot-1", "Sappers-1", sap, s->s[sap].bx, s->s[sap].by);
    s->phase = PH_BMOVE;
    vbt_act(t, "sap Foot-1 at 270.00");
    int k = s->nsect - 1;
    assert_int_equal(s->s[k].state, SS_PLANNED);
    assert_int_equal(s->s[k].builder, U(t, "Foot-1"));
    if (reads_back(t) != 0)
        fail_msg("the sap planned: '%s'", t->cx.err);
    s->u[U(t, "Foot-1")].flags &= (uint8_t)~UF_ORDERED;
    refused(t, "a planned sap whose digger had no order",
            "sections: a planned section needs a foot unit that had its order");
    vbt_free(t);
}

/* Fire and assaults on Fortress Defences: a bastion is battered and
 * repaired like any wall. Bastion-A is work 0 of the table: a state file
 * saved with its repair die pending (step 9, Garrison-A1 and Engineers-A
 * in it) reads back, and so does one with a breaching fire at it pending
 * (sq_io.c:705 the repair's `kind != WK_COVERED` -> `==` and :697 the
 * breaching fire's `work >= 0` -> `> 0`, seed-23 survivors, refused
 * both). */
static void procedures_at_work_zero(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int ba = W(t, "Bastion-A");
    assert_int_equal(ba, 0);
    in_work(t, U(t, "Engineers-A"), "Bastion-A");
    attach(t, "Engineers-A", "Garrison-A1");
    s->wstr[ba] = 9;
    s->phase = PH_BMOVE;
    vbt_act(t, "end-movement");
    vbt_act(t, "end-movement");
    assert_int_equal(s->p.kind, PK_REPAIR);
    assert_int_equal(s->p.work, ba);
    if (reads_back(t) != 0)
        fail_msg("the repair of Bastion-A pending: '%s'", t->cx.err);
    vbt_free(t);
    t = fresh();
    s = S(t);
    s->phase = PH_BART;
    memset(&s->p, 0, sizeof s->p);
    s->p.kind = PK_BATTER, s->p.stage = PS_MAIN, s->p.actor = (int8_t)U(t, "Siege-1");
    s->p.target = -1, s->p.star_of = -1, s->p.work = (int8_t)ba, s->p.need = 3;
    s->u[U(t, "Siege-1")].flags |= UF_FIRED;
    if (reads_back(t) != 0)
        fail_msg("a breaching fire at Bastion-A pending: '%s'", t->cx.err);
    s->p.work = (int8_t)W(t, "CW-1");
    refused(t, "a breaching fire at the covered way", "procedure: inconsistent with the position");
    vbt_free(t);
}

/* Line of Sight: "Firing is always conducted against the nearest enemy
 * unit": a state file saved with a fire's die pending names its target,
 * any unit of the other side in play: Heavy-A1's fire at Foot-1 reads
 * back, and the same at a target out of play is refused (sq_io.c:694 `t
 * >= 0` -> `t <= 0`, a seed-23 survivor, read only fires at unit 0; no
 * older test read back a fire pending at another unit). */
static vbt *fire_at_foot1_pending(void)
{
    vbt *t = fresh();
    sq_state *s = S(t);
    int p = lay_cut_trench(t, 2, 1200, 2600);
    in_sect(t, U(t, "Foot-1"), p, 1200, 2600);
    s->day = 10;
    s->phase = PH_DART;
    vbt_act(t, "fire Heavy-A1 at Foot-1");
    return t;
}

static void fire_pending_at_any_target(void **state)
{
    (void)state;
    vbt *t = fire_at_foot1_pending();
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1");
    assert_int_equal(s->p.kind, PK_FIRE);
    assert_int_equal(s->p.target, f1);
    assert_true(f1 > 0);
    if (reads_back(t) != 0)
        fail_msg("a fire at Foot-1 pending: '%s'", t->cx.err);
    sq_remove(t->g, s, f1);
    refused(t, "a fire at a unit out of play", "procedure: inconsistent with the position");
    vbt_free(t);
}

/* Sequence of Play 7-8: an attack's dice, its morale die included, are
 * rolled in the step of sorties or assaults. A state file saved with an
 * assault's morale die pending reads back; the same written in the
 * movement step is refused (sq_io.c:709 the morale die's `ok && ...` ->
 * `ok || (...)`, a seed-23 mutant that did not compile, planted with
 * parentheses: any morale die at a unit in play was read, in any step). */
static void morale_die_in_its_step(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p3 = lay_cut_trench(t, 3, 1920, 2000);
    int gb = U(t, "Garrison-B2");
    in_sect(t, U(t, "Foot-1"), p3, 1920, 2000);
    in_work(t, gb, "CW-3");
    s->phase = PH_ASSAULT;
    vbt_act(t, "assault Foot-1 at CW-3 by-day");
    vbt_dice(t, "5");
    assert_int_equal(s->p.kind, PK_ATTACK);
    assert_int_equal(s->p.stage, PS_MORALE);
    assert_int_equal(s->p.target, gb);
    if (reads_back(t) != 0)
        fail_msg("the morale die pending: '%s'", t->cx.err);
    s->phase = PH_BMOVE;
    refused(t, "the morale die in the movement step", "procedure: inconsistent with the position");
    vbt_free(t);
}

/* A state file's procedure is one of the game's five kinds, at one of its
 * three stages: a kind the game has not ("volley") or a stage ("rally")
 * is refused in one line, nothing read past the names (sq_io.c:667 the
 * kinds' count 5 -> 6, a seed-23 survivor, read a sixth name past the
 * table: a global-buffer-overflow in the sanitizer build). */
static void procedure_kind_of_the_game(void **state)
{
    (void)state;
    static const char *const keys[] = {"kind", "stage"}, *const words[] = {"volley", "rally"};
    for (int k = 0; k < 2; k++) {
        vbt *t = fire_at_foot1_pending();
        json_t *j = vbt_state_json(t);
        json_t *pr = json_object_get(j, "procedure");
        assert_true(json_is_object(pr));
        assert_non_null(json_object_get(pr, keys[k]));
        json_object_set_new(pr, keys[k], json_string(words[k]));
        json_refused(t, j, words[k], "procedure: unknown kind or stage, or no actor");
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(join_of_the_least_gap),
        cmocka_unit_test(step_rounds_to_the_nearest_hundredth),
        cmocka_unit_test(within_the_shortest_piece),
        cmocka_unit_test(point_of_two_integers),
        cmocka_unit_test(three_parallels_in_a_file),
        cmocka_unit_test(no_digging_done_on_day_two),
        cmocka_unit_test(chosen_unit_of_the_side_to_move),
        cmocka_unit_test(board_lists_the_town),
        cmocka_unit_test(anywhere_inside_a_work),
        cmocka_unit_test(planned_section_has_its_digger),
        cmocka_unit_test(procedures_at_work_zero),
        cmocka_unit_test(fire_pending_at_any_target),
        cmocka_unit_test(morale_die_in_its_step),
        cmocka_unit_test(procedure_kind_of_the_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
