/* test_mutation35.c - the cases the thirty-fifth session's mutation passes
 * of rs_move.c, rs_common.c and rs_prep.c (helper rmx, docs/roi-soleil.md)
 * found untested: each fails with its surviving mutant planted and passes
 * without. Positions are the scenarios' set-ups, edited where a case needs
 * it, with scripted dice (the helpers are in rs_test.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "rs_test.h"

/* EVIDENCE-OF (11): "A Line of defence marker alone in a zone is
 * eliminated": only a line left alone; the royal army's French line in
 * Picardie stays when France N marches from its zone to Luxembourg (the
 * thirty-fifth session: rs_move.c's end of a march removing every line on
 * the map, `line && army == 0` as `||`, passed every test) */
static void test_11_march_keeps_other_lines(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie");
    assert_true(rs_army(s, pic, RS_F) > 0);
    s->z[pic].line = 1;
    s->z[pic].linec = RS_F;
    france_n_in_luxembourg(t);
    assert_int_equal(s->gz[G(t, "France N")], Z(t, "Luxembourg"));
    if (s->z[pic].line != 1 || vbt_logged(t, "left alone, is eliminated"))
        fail_msg("R35: the line of Picardie, held by its army, is gone: %s", t->log);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.3, 17.2): a retreat goes "to an adjacent zone he
 * controls", also from a zone with a single neighbour: in the War of the
 * League of Augsburg, England's army may retreat to Scotland, England's
 * only neighbour, and to no zone of its camp that does not border England (the
 * thirty-fifth session: rs_common.c's adjacency read as "some neighbour is
 * not the zone", `==` as `!=`, passed every test; Artois and the other
 * zones the tests retreat from have two neighbours or more) */
static void test_17_2_retreat_single_neighbour(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "augsburg", 1);
    const rs_data *d = t->g->data;
    rs_state *s = S(t);
    int en = Z(t, "Angleterre"), sc = Z(t, "Ecosse"), far = -1;
    int c = rs_ctrl(t->g, s, sc);
    for (int z = 0; z < d->nz && far < 0; z++)
        if (z != sc && z != en && rs_ctrl(t->g, s, z) == c && rs_enterable(t->g, s, z, c))
            far = z; /* a zone of the camp that does not border England */
    assert_int_equal(d->z[en].nadj, 1);
    assert_int_equal(d->z[en].adj[0], sc);
    assert_true(c == RS_F || c == RS_C);
    assert_true(far >= 0);
    assert_true(rs_enterable(t->g, s, sc, c));
    s->c[c].rp = 1; /* 3 SP retreat for 1 RP (13.1.1) */
    if (!rs_retreat_ok(t->g, s, en, sc, c, 3) || !rs_retreat_any(t->g, s, en, c, 3))
        fail_msg("R35: no retreat from England to Scotland, its only neighbour");
    if (rs_retreat_ok(t->g, s, en, far, c, 3))
        fail_msg("R35: a retreat from England to %s, not adjacent", d->z[far].name);
    vbt_free(t);
}

/* EVIDENCE-OF (13.3, 3.2): an army led by Louis XIV alone may intercept
 * ("An army of the inactive player may move from an adjacent zone"; 13.1:
 * an army moves with a general): Turenne and Vauban sent from Picardie to
 * Champagne et Brie, the royal army under Louis XIV intercepts Spain A's
 * march into Flandre et Hainaut (D6 6 + SC 0 - SC 1 = 5, passed) (the
 * thirty-fifth session: rs_move.c's `rs_commander(...) >= 0` as `> 0`,
 * general 0 being Louis XIV, passed every test) */
static void test_13_3_louis_alone_intercepts(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie");
    s->gz[G(t, "Turenne")] = (int8_t)Z(t, "Champagne et Brie");
    s->gz[G(t, "Vauban")] = (int8_t)Z(t, "Champagne et Brie");
    assert_int_equal(rs_commander(t->g, s, pic, RS_F), G(t, "Louis XIV"));
    s->active = RS_C;
    s->who = RS_C;
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    vbt_act(t, "to Flandre-et-Hainaut");
    if (s->phase != P_ICPT || !vbt_legal(t, "intercept-from Picardie"))
        fail_msg("R35: Louis XIV's army in Picardie may not intercept");
    vbt_act(t, "intercept-from Picardie");
    vbt_dice(t, "6");
    if (!vbt_logged(t, "Interception from Picardie: D6 6"))
        fail_msg("R35: %s", t->log);
    assert_int_equal(s->gz[G(t, "Louis XIV")], Z(t, "Flandre et Hainaut"));
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (17.2, 13): "a general left with no units where the enemy
 * has an army is taken prisoner"; a march's generals are spared only while
 * their march is in progress. France M's march halted before any zone
 * ("does not march") is over: put alone beside two Spanish SP in Flandre
 * et Hainaut, as a lost combat later in the campaign leaves him, he is
 * taken (the thirty-fifth session: rs_move.c's `mv.gen = -1` as `-0` after
 * such a march, leaving Louis XIV's index as a march still in progress,
 * spared France M for the rest of the campaign and passed every test) */
static void test_17_2_taken_after_a_march_not_made(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int fla = Z(t, "Flandre et Hainaut"), fm = G(t, "France M");
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "halt");
    assert_true(vbt_logged(t, "France M does not march"));
    assert_int_equal(s->phase, P_IMPULSE);
    s->gz[fm] = (int8_t)fla;
    put(t, "Flandre et Hainaut", RS_C, T_INF, 2);
    assert_int_equal(rs_army(s, fla, RS_F), 0);
    assert_int_not_equal(rs_ctrl(t->g, s, fla), RS_F);
    rs_capture_lone_generals(t->g, s, fla, &t->cx);
    if (s->gz[fm] != GZ_PRISON)
        fail_msg("R35: France M, alone beside a Spanish army after his march, is not taken");
    vbt_free(t);
}

/* EVIDENCE-OF (13.1.1, 14.1): a march counts the zones it enters, none
 * before it leaves: Spain A's three SP beside the French fortress of
 * Alsace (two French infantry SP in garrison) pass the test to leave the
 * contested zone (13.2) and may halt there at once, a march not made: no
 * unit is dropped "on the way" and no attrition is rolled (the
 * thirty-fifth session: rs_move.c's march set up over one kind more than
 * there are, `t < RS_NT` as `<=`, wrote the garrison's French infantry
 * into the Coalition march's zone count and passed every test) */
static void test_13_1_1_march_counts_no_zone_before_leaving(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int al = Z(t, "Alsace");
    s->z[al].garr[KIND(0, T_INF)] = 2;
    s->c[RS_F].reserve[KIND(0, T_INF)] -= 2;
    s->gz[G(t, "Spain A")] = (int8_t)al;
    put(t, "Alsace", RS_C, T_INF, 3);
    s->active = RS_C;
    s->who = RS_C;
    check_ok(t);
    assert_true(rs_contested(t->g, s, al));
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    assert_int_equal(s->phase, P_MV_TEST);
    vbt_dice(t, "6");
    assert_int_equal(s->phase, P_MV_STEP);
    if (s->mv.zones != 0 || vbt_legal(t, "drop Spain-inf"))
        fail_msg("R35: a march that has entered no zone counts %d", s->mv.zones);
    vbt_act(t, "halt");
    if (!vbt_logged(t, "Spain A does not march") || s->phase != P_IMPULSE)
        fail_msg("R35: %s", t->log);
    vbt_free(t);
}

/* EVIDENCE-OF (10, 8.2): recruitment goes zone by zone; a zone whose
 * recruits have run out (France's last RP spent on five infantry SP in
 * Picardie, nothing else it could pay for) is closed for the turn, marked
 * "built" 4 alone in the state file, which reloads, and the camp goes on
 * to another zone or ends; no zone with nothing to recruit is offered (the
 * thirty-fifth session: rs_prep.c's mark as `|= 5`, a fortress raised
 * there as well, passed every test) */
static void test_10_zone_closed_when_its_recruits_run_out(void **state)
{
    (void)state;
    vbt *t = second_year();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie");
    s->c[RS_F].rp = 1;
    vbt_act(t, "recruit-in Picardie");
    for (int i = 0; i < 5; i++)
        vbt_act(t, "recruit France-inf Picardie");
    assert_int_equal(s->c[RS_F].rp, 0);
    assert_int_equal(s->phase, P_RECRUIT);
    assert_int_equal(s->rzone, -1);
    if (s->z[pic].frozen != 4)
        fail_msg("R35: Picardie's mark %d, not 4", s->z[pic].frozen);
    /* no zone is offered where nothing can be recruited: France has no
     * RP left (the RP of its next group of 5 SP, and of any general) */
    if (vbt_legal(t, "recruit-in Artois") || vbt_legal(t, "recruit-in Picardie") ||
        vbt_legal(t, "recruit-in Brabant"))
        fail_msg("R35: a zone with nothing to recruit is offered");
    assert_true(vbt_legal(t, "done"));
    check_ok(t);
    reload_ok(t);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_11_march_keeps_other_lines),
        cmocka_unit_test(test_17_2_retreat_single_neighbour),
        cmocka_unit_test(test_13_3_louis_alone_intercepts),
        cmocka_unit_test(test_17_2_taken_after_a_march_not_made),
        cmocka_unit_test(test_13_1_1_march_counts_no_zone_before_leaving),
        cmocka_unit_test(test_10_zone_closed_when_its_recruits_run_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
