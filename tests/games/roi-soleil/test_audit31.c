/* test_audit31.c - the cases the thirty-first session's audit by planting
 * (helpers rsc and rsd, docs/roi-soleil.md) found untested in rules 15, 16,
 * 17, 18 and 21: each fails with the rule change planted beside it and
 * passes without.
 * Positions are the Devolution set-up, edited where a case needs it, with
 * scripted dice (the helpers are in rs_test.h). test_combat.c is near its
 * size limit, so these live here. */
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

/* EVIDENCE-OF (16): "cancels the effect of the active player's Battle
 * marker by playing his Decoy marker": a Coalition whose Decoy marker is
 * spent (or never taken) is not offered the decoy; holding it, it is (the
 * thirty-first session: the decoy offered without the marker passed every
 * test) */
static void test_16_decoy_needs_the_marker(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = battle_position();
        rs_state *s = S(t);
        int i = rs_held(s, RS_C, CAT_DECOY);
        assert_true(i >= 0);
        if (k == 0)
            s->c[RS_C].pstate[i] = PK_USED;
        vbt_act(t, "attack Brabant");
        vbt_act(t, "command Turenne");
        assert_int_equal(s->phase, P_CB_DECOY);
        assert_true(vbt_legal(t, "no-decoy"));
        if (k == 0)
            assert_false(vbt_legal(t, "decoy"));
        else
            assert_true(vbt_legal(t, "decoy"));
        vbt_free(t);
    }
}

/* a die that gives the attacker (France) a loss with a star ('*') at the
 * round to come, with its modifiers (0 when none does) */
static int star_die(vbt *t)
{
    const rs_data *d = RS_D(t->g);
    int z = S(t)->cb.zone, D, A = rs_battle_sp(t->g, S(t), z, RS_F, &D);
    int col = rs_combat_ratio_col(A, D), m = rs_combat_mods(t->g, S(t), z, RS_F, NULL, 0);
    for (int die = 1; die <= 6; die++) {
        int row = die + m < 0 ? 0 : die + m > 12 ? 12 : die + m;
        if (d->cb_astar[row][col])
            return die;
    }
    return 0;
}

/* battle_position(), the battle declared with Turenne on top and fought,
 * France cut to 4 infantry SP (the 1/3 column, where the attacker's A has
 * a star), up to the first round's roll */
static vbt *star_round(void)
{
    vbt *t = battle_position();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant");
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    for (int k = 0; k < RS_NT; k++) {
        int keep = k == KIND(0, T_INF) ? 4 : 0;
        s->c[RS_F].reserve[k] = (uint8_t)(s->c[RS_F].reserve[k] + s->z[bra].army[RS_F][k] - keep);
        s->z[bra].army[RS_F][k] = (uint8_t)keep;
    }
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    return t;
}

/* EVIDENCE-OF (17.1.2 "*"): "the general that commands the army is
 * eliminated on a D6 roll equal to 1": a 2 leaves Turenne in command (the
 * thirty-first session: a death from 2 or less passed every test) */
static void test_17_1_2_star_only_on_1(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = star_round();
        rs_state *s = S(t);
        int bra = Z(t, "Brabant"), tu = G(t, "Turenne");
        int die = star_die(t);
        assert_true(die > 0);
        char dd[12];
        snprintf(dd, sizeof dd, "%d", die);
        vbt_dice(t, dd);
        lose_inf(t);
        assert_int_equal(s->phase, P_CB_DEATH);
        vbt_dice(t, k == 0 ? "2" : "1");
        if (k == 0) {
            assert_true(vbt_logged(t, "*: Turenne survives (D6 2)"));
            assert_int_equal(s->gz[tu], bra);
        } else {
            assert_true(vbt_logged(t, "*: Turenne is killed (D6 1)"));
            assert_int_equal(s->gz[tu], GZ_RESERVE);
        }
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (17.2 with 17.1 "an army without general cannot retreat"):
 * the loser's withdrawal is an army's move, so one without a general stays
 * (France N's 2 SP beat 2 Spanish SP without a general in Lorraine on a
 * tie: the Spanish SP left could withdraw, RP and a zone being there, but
 * are not asked; the thirty-first session: offering them the withdrawal
 * passed every test) */
static void test_17_2_loser_without_general_stays(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int lo = Z(t, "Lorraine");
    vbt_act(t, "move France-N");
    march_to(t, "1", "to Lorraine", NULL);
    put(t, "Lorraine", RS_C, T_INF, 2);
    vbt_act(t, "attack Lorraine");
    vbt_act(t, "stand");
    vbt_dice(t, "1"); /* 2 v 2: C and D, 1 SP each, the tie to the attacker */
    lose_inf(t);
    assert_true(vbt_logged(t, "france wins the skirmish"));
    assert_int_equal(rs_army(s, lo, RS_C), 1);
    assert_true(rs_retreat_any(t->g, s, lo, RS_C, 1));
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->cb.zone, -1);
    assert_false(vbt_legal(t, "stay"));
    check_ok(t);
    vbt_free(t);
}

/* Turenne's army in Flandre et Hainaut cut to its 13 infantry SP, elite
 * included (13/4:
 * the 3/1 column, no modifier), besieging with 6 rounds */
static vbt *infantry_siege(void)
{
    vbt *t = campaign();
    rs_state *s = S(t);
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    int fh = Z(t, "Flandre et Hainaut");
    for (int k = 0; k < RS_NT; k++)
        if (k != KIND(0, T_INF) && k != KIND(0, T_INFE)) {
            s->c[RS_F].reserve[k] = (uint8_t)(s->c[RS_F].reserve[k] + s->z[fh].army[RS_F][k]);
            s->z[fh].army[RS_F][k] = 0;
        }
    assert_int_equal(rs_army(s, fh, RS_F), 13);
    check_ok(t);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "6");
    return t;
}

/* a siege round without war effort, rolled with die, then (if the siege
 * goes on) its continuation */
static void siege_round(vbt *t, const char *die)
{
    vbt_act(t, "no-effort");
    vbt_dice(t, die);
    if (S(t)->phase == P_SG_CONT)
        vbt_act(t, "continue-siege");
}

/* EVIDENCE-OF (18.1.2 Br): "A bonus for the attacker is attributed for the
 * following round only": the breach of round 1 gives round 2 its +1, not
 * round 3 (the thirty-first session: a breach kept for the rest of the
 * siege passed every test) */
static void test_18_1_2_breach_one_round(void **state)
{
    (void)state;
    vbt *t = infantry_siege();
    siege_round(t, "5"); /* 13/4, column 2 (3/1): D6 5 = 5, Br */
    assert_true(vbt_logged(t, "round 1: 13/4, column 2; D6 5 = 5"));
    assert_int_equal(S(t)->sg.breach, 1);
    siege_round(t, "3"); /* D6 3 +1 breach = 4: no effect */
    assert_true(vbt_logged(t, "round 2: 13/4, column 2; D6 3 +1 breach = 4"));
    assert_int_equal(S(t)->sg.breach, 0);
    siege_round(t, "3");
    if (!vbt_logged(t, "round 3: 13/4, column 2; D6 3 = 3"))
        fail_msg("%s", strstr(t->log, "round 3") ? strstr(t->log, "round 3") : t->log);
    assert_int_equal(S(t)->z[Z(t, "Flandre et Hainaut")].fv, 4);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.1 3., 18.1.2 "War effort: +1 if the besieger spent 1
 * RP"): the +1 is the round's that paid for it: round 1's effort gives
 * round 2, declined, nothing (the thirty-first session: an effort kept for
 * the next round passed every test) */
static void test_18_1_2_war_effort_one_round(void **state)
{
    (void)state;
    vbt *t = infantry_siege();
    int rp = S(t)->c[RS_F].rp;
    vbt_act(t, "war-effort");
    vbt_dice(t, "3"); /* D6 3 +1 = 4, column 2: no effect */
    assert_true(vbt_logged(t, "round 1: 13/4, column 2; D6 3 +1 war effort = 4"));
    assert_int_equal(S(t)->c[RS_F].rp, rp - 1);
    vbt_act(t, "continue-siege");
    siege_round(t, "3");
    if (!vbt_logged(t, "round 2: 13/4, column 2; D6 3 = 3"))
        fail_msg("%s", strstr(t->log, "round 2") ? strstr(t->log, "round 2") : t->log);
    vbt_free(t);
}

/* EVIDENCE-OF (21, 14.1 "Winter quarters in a non-controlled zone"): a zone
 * no camp controls (Treves, neutral in 1667, entered under 13.1.2) is not
 * the army's camp's: France N's 2 SP there must winter elsewhere (the
 * thirty-first session: a neutral zone left out passed every test) */
static void test_21_quarters_neutral_zone(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int tr = Z(t, "Treves");
    put(t, "Treves", RS_F, T_INF, 2);
    s->gz[G(t, "France N")] = (int8_t)tr;
    assert_int_equal(rs_ctrl(t->g, s, tr), -1);
    to_quarters(t);
    int here = (s->phase == P_QUARTERS && s->who == RS_F && s->k == tr) ||
               (s->phase == P_ATTR && s->attr_zone == tr);
    if (!here)
        fail_msg("no quarters for Treves: phase %d, zone %d", s->phase, s->k);
    vbt_free(t);
}

/* EVIDENCE-OF (15): "place the Scorched earth marker ... in the zone": a
 * zone that holds one already takes no other (Turenne scorches Brabant,
 * where Spain A stands; the Coalition, holding a Scorched earth marker, is
 * not offered Brabant, and is once the marker is gone; the second round of
 * the thirty-first session: a scorched zone offered again passed every
 * test) */
static void test_15_no_marker_on_a_scorched_zone(void **state)
{
    (void)state;
    vbt *t = battle_position();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant"), i = rs_held(s, RS_C, CAT_DECOY);
    assert_true(i >= 0);
    s->c[RS_C].pick[i] = CAT_SCORCH;
    vbt_act(t, "scorch Brabant");
    vbt_dice(t, "1"); /* Turenne, SC 3 */
    assert_int_equal(s->z[bra].scorched, 1);
    assert_int_equal(s->phase, P_IMPULSE);
    s->active = RS_C;
    s->who = RS_C;
    assert_false(vbt_legal(t, "scorch Brabant"));
    s->z[bra].scorched = 0;
    assert_true(vbt_legal(t, "scorch Brabant"));
    vbt_free(t);
}

/* the first die (1 to 6) that gives the round to come the attacker's and
 * the defender's result letters la and ld (0 '-', 1 A, 2 B, 3 C, 4 D), with
 * its modifiers; 0 when none does */
static int round_die(vbt *t, int la, int ld)
{
    const rs_data *d = RS_D(t->g);
    int z = S(t)->cb.zone, att = S(t)->cb.att, D, A = rs_battle_sp(t->g, S(t), z, att, &D);
    int col = rs_combat_ratio_col(A, D), m = rs_combat_mods(t->g, S(t), z, att, NULL, 0);
    for (int die = 1; die <= 6; die++) {
        int row = die + m < 0 ? 0 : die + m > 12 ? 12 : die + m;
        if (d->cb_att[row][col] == la && d->cb_def[row][col] == ld)
            return die;
    }
    return 0;
}

static void roll(vbt *t, int die)
{
    char dd[12];
    assert_true(die > 0);
    snprintf(dd, sizeof dd, "%d", die);
    vbt_dice(t, dd);
}

/* EVIDENCE-OF (17.1.2 "adjust the losses", 17.1.4 "The winner is the player
 * who lost the least SP"): an army loses at most the SP it has, and the
 * winner is read from the SP lost: Turenne's battle in Brabant, round 1
 * '-/B' (the Coalition's 10 SP lose 2), then France cut to 1 infantry SP
 * whose round 2 gives it an A (3 SP on 1-10, starred) and the Coalition
 * no loss: France loses its 1 SP, not 3, and
 * so wins the battle, 1 SP lost against 2 (the thirty-first session: the
 * loss not capped at the SP left passed every test) */
static void test_17_1_2_loss_capped_at_the_army(void **state)
{
    (void)state;
    vbt *t = battle_position();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant");
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    assert_int_equal(s->cb.battle, 1);
    roll(t, round_die(t, 0, 2));
    lose_inf(t);
    assert_int_equal(s->cb.lost[RS_F], 0);
    assert_int_equal(s->cb.lost[RS_C], 2);
    vbt_act(t, "fight-on");
    vbt_act(t, "fight-on");
    assert_int_equal(s->phase, P_CB_ROUND);
    for (int k = 0; k < RS_NT; k++) {
        int keep = k == KIND(0, T_INF) ? 1 : 0;
        s->c[RS_F].reserve[k] = (uint8_t)(s->c[RS_F].reserve[k] + s->z[bra].army[RS_F][k] - keep);
        s->z[bra].army[RS_F][k] = (uint8_t)keep;
    }
    roll(t, round_die(t, 1, 0));
    assert_int_equal(s->cb.lost[RS_F], 1);
    lose_inf(t);
    if (s->phase == P_CB_DEATH)
        vbt_dice(t, "2");
    if (!vbt_logged(t, "france wins the battle in Brabant (SP lost: France 1, Coalition 2)"))
        fail_msg("%s", strstr(t->log, "[17.1.4]") ? strstr(t->log, "[17.1.4]") : t->log);
    vbt_free(t);
}

/* EVIDENCE-OF (21 with 11 "A Line of defence marker alone in a zone is
 * eliminated"): an army that leaves for its quarters leaves no line of its
 * own behind (France N's 2 SP with a French line in Luxembourg, a zone
 * France does not control, as after its state's neutralisation; wintering
 * in Champagne et Brie, the line is gone; the second round of the
 * thirty-first session: the zone left not brought up to date passed every
 * test) */
static void test_21_quarters_leave_no_line(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int lux = Z(t, "Luxembourg");
    france_n_in_luxembourg(t);
    s->z[lux].line = 1;
    s->z[lux].linec = RS_F;
    assert_int_not_equal(rs_ctrl(t->g, s, lux), RS_F);
    to_quarters(t);
    assert_int_equal(s->phase, P_QUARTERS);
    vbt_act(t, "quarters Champagne-et-Brie");
    assert_int_equal(rs_army(s, lux, RS_F), 0);
    assert_int_equal(s->z[lux].line, 0);
    vbt_free(t);
}

/* EVIDENCE-OF (21 with 14.1 and rule 7's winter events, "+1 to attrition
 * in the winter season"): the event's modifier adds to the quarters'
 * attrition at +3 (France N, SC 1, in Luxembourg with no zone to winter
 * in, the year's event worth +1: D6 6 +3 -1 +1 = 9; the second round of the
 * thirty-first session: the event's modifier left out passed every test) */
static void test_21_quarters_winter_event(void **state)
{
    (void)state;
    vbt *t = campaign();
    france_n_in_luxembourg(t);
    S(t)->z[Z(t, "Champagne et Brie")].mk = RS_C;
    S(t)->winter_mod = 1;
    to_quarters(t);
    assert_true(vbt_logged(t, "cannot reach a controlled zone"));
    vbt_dice(t, "6");
    if (!vbt_logged(t, "D6 6+3 = 9 - 2 SP lost"))
        fail_msg("%s", strstr(t->log, "Attrition") ? strstr(t->log, "Attrition") : t->log);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_15_no_marker_on_a_scorched_zone),
        cmocka_unit_test(test_16_decoy_needs_the_marker),
        cmocka_unit_test(test_17_1_2_star_only_on_1),
        cmocka_unit_test(test_17_1_2_loss_capped_at_the_army),
        cmocka_unit_test(test_17_2_loser_without_general_stays),
        cmocka_unit_test(test_18_1_2_breach_one_round),
        cmocka_unit_test(test_18_1_2_war_effort_one_round),
        cmocka_unit_test(test_21_quarters_neutral_zone),
        cmocka_unit_test(test_21_quarters_leave_no_line),
        cmocka_unit_test(test_21_quarters_winter_event),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
