/* test_audit33.c - siege-18c: the thirty-third session's audit by planting
 * (helper sqa; docs/siege-18c.md, "Audit by planting, thirty-third session
 * (helper sqa)") of what no earlier audit planted: the measured geometry of
 * fire (ranges, the +/-45 degree arcs from either face, enfilade within 22.5
 * degrees, cover, the covered way's shifts) read through game.json and
 * fortress.json, the fortress's layout, army organisation, deployment and
 * capacity, breaching, the order of the works, the 21 days, the leaders'
 * wounds and death, and night. Each test here was written against a change
 * planted in a scratch copy that no older test caught, and fails with it.
 * Positions are built by editing the state of a new game of the one-front
 * scenario (sq_test.h). */
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

/* Foot-1 alone in a section from p to p + (dx, dy), standing at p. */
static int foot1_at(vbt *t, sq_pt p, int dx, int dy)
{
    int k = sect(t, SK_SAP, 2, -1, p.x, p.y, p.x + dx, p.y + dy);
    in_sect(t, U(t, "Foot-1"), k, p.x, p.y);
    return k;
}

/* "All artillery firing is at +/-45 degrees" (game.json angles.arc_half
 * 4500), on the board: Heavy-A1 in Bastion-A fires from either face; its
 * left face looks out at 108.46 degrees, so its arc ends at 153.46. Foot-1
 * 10.00 in from the bastion's middle at 153.00 degrees is a target (column
 * 7 of the first band, cover -1: 6); at 154.00 degrees it is not. G `arcs`
 * tries sq_in_arc with the literal 4500, so the data's value was never read
 * at an edge. (Planted: arc_half 4600 in game.json, 154 degrees in arc;
 * 4400 was caught by R `every_gun_tests_morale`, and fails here too.) */
static void arc_edge_read_from_the_data(void **state)
{
    (void)state;
    for (int deg = 153; deg <= 154; deg++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        const sq_scen *sc = sq_sc(t->g, s);
        int gun = U(t, "Heavy-A1"), f1 = U(t, "Foot-1"), col = 0;
        sq_pt o = sc->works[W(t, "Bastion-A")].mid;
        assert_int_equal(sc->works[W(t, "Bastion-A")].faces[0], 10846);
        foot1_at(t, sq_step(o, deg * 100, 1000), 0, 100);
        int rc = sq_fire_column(t->g, s, gun, f1, &col, NULL, 0);
        if (deg == 153) {
            assert_int_equal(rc, 0);
            assert_int_equal(col, 6);
        } else
            assert_int_equal(rc, -1);
        vbt_free(t);
    }
}

/* "If the side of a trench or covered way is within 22.5 degrees then the
 * target is enfiladed" (game.json angles.enfilade 2250), on the board:
 * Heavy-A1 fires straight down the table at Foot-1 15.00 in away (the
 * second band, column 5), in a sap running 22 degrees off the line of
 * fire: enfiladed, a shift right (6); 23 degrees off: in cover, a shift
 * left (4). G `enfilade` tries sq_enfiladed with the literal 2250.
 * (Planted: enfilade 2150 and 2350 in game.json; each fails here.) */
static void enfilade_edge_read_from_the_data(void **state)
{
    (void)state;
    for (int off = 22; off <= 23; off++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        const sq_scen *sc = sq_sc(t->g, s);
        int gun = U(t, "Heavy-A1"), f1 = U(t, "Foot-1"), col = 0;
        sq_pt o = sc->works[W(t, "Bastion-A")].mid, p = sq_step(o, 9000, 1500);
        sq_pt q = sq_step(p, 9000 + off * 100, 300);
        foot1_at(t, p, q.x - p.x, q.y - p.y);
        assert_int_equal(sq_unit_enfiladed(t->g, s, gun, f1), off == 22);
        assert_int_equal(sq_fire_column(t->g, s, gun, f1, &col, NULL, 0), 0);
        assert_int_equal(col, off == 22 ? 6 : 4);
        vbt_free(t);
    }
}

/* Formations and deployment, Defender: "Heavy guns and mortars must be
 * placed in a bastion"; "Medium guns may be placed in a ravelin, on the
 * curtain wall or in a bastion"; "The town area may hold any number of
 * mobile reserves". In step 2 Medium-A may move into Bastion-A (a gun's
 * place free there) but not into the town; a position with Heavy-A2 or
 * Medium-A in the town is refused by the check hook and as a state file,
 * each in one line, while Garrison-A1 and Governor-A there are accepted.
 * (Planted: the town open to every garrison unit in `can_hold_n`,
 * sq_rules.c; and the check hook had accepted a gun in the town: fixed in
 * this session, the test's second half fails without it.) */
static void garrison_guns_never_in_the_town(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    s->u[U(t, "Heavy-A2")].lkind = LK_OFF;
    s->phase = PH_DMOVE;
    check_ok(t);
    assert_true(vbt_legal(t, "move Medium-A to Bastion-A"));
    assert_false(vbt_legal(t, "move Medium-A to Town"));
    assert_false(vbt_legal(t, "move Heavy-A1 to Town"));
    assert_true(vbt_legal(t, "move Garrison-A1 to Town"));
    vbt_free(t);
    static const char *const who[] = {"Heavy-A2", "Medium-A", "Garrison-A1", "Governor-A"};
    for (int k = 0; k < 4; k++) {
        t = fresh();
        s = S(t);
        sc = sq_sc(t->g, s);
        sq_place(t->g, s, U(t, who[k]), LK_TOWN, 0, sc->town);
        if (k >= 2) {
            check_ok(t);
            assert_int_equal(reads_back(t), 0);
        } else {
            if (!sq_check(t->g, s, &t->cx))
                fail_msg("%s in the town accepted", who[k]);
            assert_non_null(strstr(t->cx.err, "never in the town"));
            assert_null(strchr(t->cx.err, '\n'));
            refused(t, who[k], "never in the town");
        }
        vbt_free(t);
    }
}

/* "the 2nd parallel cannot be sortied against if the 3rd parallel is
 * complete": complete (reconstructed) when its built sections span the
 * width between the outer bastions' middles, 19.17 in in the one-front
 * scenario (Bastion-A at 12.00 in, Bastion-B at 31.17 in; the covered
 * way's sections reach beyond them and do not count). Three sections of
 * the 3rd parallel of 6.40, 6.40 and 6.37 in: complete, and Garrison-B2
 * may not sortie at Foot-1 in the 2nd; 6.36 in for the last: not complete,
 * the sortie is open; a fourth section still being dug does not count.
 * U `second_parallel_spared_by_the_third` laid 19.20 in. (Planted: `len >=`
 * -> `len >` in sq_parallel_complete, sq_query.c; sections being dug
 * counted; the span taken over every work but the curtains.) */
static void parallel_complete_at_the_full_width(void **state)
{
    (void)state;
    for (int last = 636; last <= 637; last++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int p = sect(t, SK_PARALLEL, 2, -1, 1500, 3400, 2140, 3400);
        in_sect(t, U(t, "Foot-1"), p, 1866, 3400);
        in_work(t, U(t, "Garrison-B2"), "CW-3");
        sect(t, SK_PARALLEL, 3, p, 1000, 4800, 1640, 4800);
        sect(t, SK_PARALLEL, 3, p, 1640, 4800, 2280, 4800);
        sect(t, SK_PARALLEL, 3, p, 2280, 4800, 2280 + last, 4800);
        if (last == 636) { /* a section being dug */
            int k = sect(t, SK_PARALLEL, 3, p, 2916, 4800, 3556, 4800);
            s->s[k].state = SS_PLANNED;
            s->s[k].builder = (int8_t)U(t, "Foot-2");
        }
        assert_int_equal(sq_parallel_complete(t->g, s, 3), last == 637);
        s->phase = PH_SORTIE;
        assert_int_equal(vbt_legal(t, "sortie Garrison-B2 at Foot-1 by-day"), last == 636);
        vbt_free(t);
    }
}

/* The angle from a to b's direction, folded into 0..18000 either way. */
static int32_t turn(int32_t a, int32_t b)
{
    int32_t d = ((b - a) % 36000 + 36000) % 36000;
    return d > 18000 ? 36000 - d : d;
}

/* "Range is measured from the middle of the bastion, ravelin, battery or
 * foot unit": a battery's guns fire from its middle, wherever the gun's
 * marker stands in it (a measured move may put it anywhere inside), and the
 * arc ("+/-45 degrees") and the enfilade ("within 22.5 degrees") are
 * judged from there too. Siege-1 at the left end of a battery 2.40 in long:
 * (1) batters Ravelin-1 at column 8, the battery's middle 10.00 in from it
 * (its end is farther: column 7 from there); (2) with the battery faced
 * so that Garrison-B2 in CW-3 lies inside the arc seen from the middle but
 * outside it seen from the end, Siege-1 may fire at it; (3) moved so that
 * the line from the middle to Garrison-B2 runs 22 degrees off CW-3's side
 * and the line from the end more than 23, Garrison-B2 is enfiladed. G
 * `range_from_the_middle` checked the range to a unit only, and H
 * `battering_at_the_band_edge` put the gun on the middle. (Planted in
 * sq_query.c: the breaching range from the gun's marker, `sq_range_work`;
 * the arc from it, `sq_fire_column`; the enfilade from it,
 * `sq_unit_enfiladed`.) */
static void battery_guns_fire_from_its_middle(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int rav = W(t, "Ravelin-1"), siege = U(t, "Siege-1"), gb2 = U(t, "Garrison-B2"), col = 0;
    int bat = sect(t, SK_BATTERY, 3, -1, 520, 1200, 760, 1200);
    s->s[bat].facing = 317;
    s->phase = PH_BART;
    int x = 640;
    for (; x < 1000; x++) {
        s->s[bat].ax = (int16_t)(x - 120), s->s[bat].bx = (int16_t)(x + 120);
        in_sect(t, siege, bat, x, 1200);
        if (sq_range_work(t->g, s, siege, rav) <= 1000)
            break;
    }
    in_sect(t, siege, bat, x - 120, 1200);
    const sq_work *rv = &sc->works[rav];
    assert_int_equal(sq_range_work(t->g, s, siege, rav), 1000);
    assert_true(sq_dist_poly((sq_pt){x - 120, 1200}, rv->pts, rv->npts) > 1000);
    vbt_act(t, "batter Siege-1 at Ravelin-1");
    if (!vbt_logged(t, "Siege-1 batters Ravelin-1 from the covered way: column 8\n"))
        fail_msg("expected column 8 from the battery's middle\n%s", t->log);
    vbt_free(t);

    /* (2) the arc from the battery's middle */
    t = fresh();
    s = S(t);
    sc = sq_sc(t->g, s);
    in_work(t, gb2, "CW-3");
    sq_pt tg = sc->works[W(t, "CW-3")].mid, m = {tg.x - 300, tg.y + 900}, e = {m.x - 120, m.y};
    bat = sect(t, SK_BATTERY, 3, -1, m.x - 120, m.y, m.x + 120, m.y);
    in_sect(t, siege, bat, e.x, e.y);
    int32_t bm = sq_angle(tg.x - m.x, tg.y - m.y), be = sq_angle(tg.x - e.x, tg.y - e.y);
    int32_t dl = turn(bm, be), sg = turn(bm + 1, be) < dl ? 1 : -1;
    assert_true(dl >= 200);
    s->s[bat].facing = (uint16_t)(((bm - sg * (4500 - dl / 2)) % 36000 + 36000) % 36000);
    assert_true(turn(s->s[bat].facing, bm) < 4500 && turn(s->s[bat].facing, be) > 4500);
    assert_int_equal(sq_fire_column(t->g, s, siege, gb2, &col, NULL, 0), 0);
    vbt_free(t);

    /* (3) the enfilade from the battery's middle */
    t = fresh();
    s = S(t);
    sc = sq_sc(t->g, s);
    in_work(t, gb2, "CW-3");
    const sq_work *cw = &sc->works[W(t, "CW-3")];
    int32_t sa = sq_angle(cw->side[1].x - cw->side[0].x, cw->side[1].y - cw->side[0].y);
    int32_t dir = sa + 2200, best = 0;
    if (sq_sin(dir) < 0)
        dir += 18000;
    m = sq_step(tg, dir, 800);
    bat = sect(t, SK_BATTERY, 3, -1, m.x - 120, m.y, m.x + 120, m.y);
    s->s[bat].facing = (uint16_t)sq_angle(tg.x - m.x, tg.y - m.y);
    for (int end = -1; end <= 1; end += 2) {
        sq_pt q = {m.x + end * 120, m.y};
        int32_t off = turn(sa, sq_angle(tg.x - q.x, tg.y - q.y));
        off = off > 9000 ? 18000 - off : off;
        if (off > 2300)
            best = end;
    }
    assert_true(best != 0);
    in_sect(t, siege, bat, m.x + best * 120, m.y);
    assert_true(sq_unit_enfiladed(t->g, s, siege, gb2));
    assert_int_equal(sq_fire_column(t->g, s, siege, gb2, &col, NULL, 0), 0);
    vbt_free(t);
}

/* The besieger in a taken work (reconstructed capacity: one foot, as the
 * garrison's foot in a section of the covered way): Foot-1 holds the taken
 * CW-3; Foot-2, in a parallel section joined to it, may not move in while
 * Foot-1 is there, and may once Foot-1 has left. T
 * `state_file_capacities` checked the state file's check, not the move.
 * (Planted: `foot < 1` -> `foot < 2` in `can_hold_n`, sq_rules.c.) */
static void a_taken_work_holds_one_foot(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int cw = W(t, "CW-3"), f1 = U(t, "Foot-1"), f2 = U(t, "Foot-2");
    sq_pt m = sq_sc(t->g, s)->works[cw].mid;
    s->taken[cw] = 1;
    int p = lay_cut_trench(t, 3, m.x, m.y + 400);
    in_sect(t, f2, p, m.x, m.y + 400);
    in_work(t, f1, "CW-3");
    s->phase = PH_BMOVE;
    check_ok(t);
    assert_false(vbt_legal(t, "move Foot-2 to CW-3"));
    in_sect(t, f1, p, m.x - 200, m.y + 400);
    check_ok(t);
    assert_true(vbt_legal(t, "move Foot-2 to CW-3"));
    vbt_free(t);
}

/* CinC/Engineers: "4, 5 wounded and taken out of play for 1 turn": a
 * wounded leader takes no order, whether chosen first ("order General-1",
 * U `wounded_leader_out_for_a_turn`) or given directly by its words, which
 * the parse and judge hooks check: "attach General-1 to Foot-1" typed in
 * step 1 is refused in one line naming the wound (the lead, after the
 * audit: the message was the generic one) while General-1 is wounded, and applied
 * once he is back. (Planted: the wound dropped from `orderable`,
 * sq_move.c, which the judge hook asks.) */
static void wounded_leader_takes_no_order_by_its_words(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int gen = U(t, "General-1");
    s->u[gen].wound = 1;
    s->phase = PH_BMOVE;
    check_ok(t);
    explains(t, "attach General-1 to Foot-1", "that leader is wounded");
    s->u[gen].wound = 0;
    vbt_act(t, "attach General-1 to Foot-1");
    assert_int_equal(s->u[gen].att, U(t, "Foot-1"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arc_edge_read_from_the_data),
        cmocka_unit_test(enfilade_edge_read_from_the_data),
        cmocka_unit_test(garrison_guns_never_in_the_town),
        cmocka_unit_test(parallel_complete_at_the_full_width),
        cmocka_unit_test(battery_guns_fire_from_its_middle),
        cmocka_unit_test(a_taken_work_holds_one_foot),
        cmocka_unit_test(wounded_leader_takes_no_order_by_its_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
