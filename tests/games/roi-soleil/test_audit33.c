/* test_audit33.c - the cases the thirty-third session's audit by planting
 * (helper rsa, docs/roi-soleil.md) found untested in the rules no earlier
 * audit by planting had covered (5.3, 6, 8.1.2, 8.1.3, 8.1.4's repayment,
 * 10.2, 10.5, 11, 12, 16, 22.2.2, 22.3, 23 and the player aid's tables):
 * each fails with the rule change planted beside it and passes without.
 * Positions are the scenarios' set-ups, edited where a case needs it, with
 * scripted dice (the helpers are in rs_test.h). */
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

/* EVIDENCE-OF (22.2.2): "Louis XIV's presence in a battle zone ... doubles
 * this result (for both camps)": the royal army (Turenne, Louis XIV) breaks
 * off its battle in Brabant after a round; the breaker is the loser
 * (17.1.4), the Coalition wins and takes 2 GP, not 1 (the thirty-third
 * session: the doubling for France's wins only passed every test) */
static void test_22_2_2_louis_doubles_coalition_win(void **state)
{
    (void)state;
    vbt *t = battle_position();
    int gp = S(t)->gp;
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    lose_inf(t);
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    assert_int_equal(S(t)->who, RS_F);
    vbt_act(t, "break-off");
    vbt_dice(t, "6"); /* 6 + 3 - 2 = 7 > 2: passed */
    if (!vbt_logged(t, "coalition wins the battle"))
        fail_msg("%s", t->log);
    assert_int_equal(S(t)->gp, gp - 2);
    vbt_free(t);
}

/* EVIDENCE-OF (12): "In the case of a tie, the initiative goes back to the
 * player that did not have it previously": the Coalition holding the
 * initiative in 1667 (an edited position), a tie in 1668 gives it to
 * France (the thirty-third session: last year's holder never brought up to
 * date, the scenario's first holder read instead, passed every test; the
 * Devolution's own tie in 1668 reads the same either way) */
static void test_12_tie_reads_last_year(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->init = RS_C; /* as if the Coalition had won the initiative */
    pass_to_second_year(t);
    for (int i = 0; i < 4; i++)
        vbt_act(t, "done"); /* recruitment and constructions */
    assert_int_equal(S(t)->phase, P_BET);
    assert_int_equal(S(t)->who, RS_C); /* the initiative's camp first */
    vbt_act(t, "bet 0");
    vbt_act(t, "bet 0");
    vbt_dice(t, "3,3");
    if (S(t)->init != RS_F)
        fail_msg("%s", t->log);
    vbt_free(t);
}

/* a loss letter's weight: none 0, D 1, C 2, B 3, A 4 (17.1.1 C) */
static int severity(int letter)
{
    return letter ? 5 - letter : 0;
}

/* EVIDENCE-OF (player aid; docs "Reconstructed components"): the Combat
 * and Siege tables are not printed and are reconstructed as graded
 * tables: one column more (a better ratio) weighs as one point more on the
 * die, so a cell depends only on row + column, and the results worsen for
 * the defender (the besieged) as that sum grows; the Attrition table,
 * graded but for one cell, is pinned whole; the Losses table's letters are
 * one SP apart (A = B + 1 = C + 2, D = C - 1 but at least 1) and grow with
 * the army; the Cabinet strategy table gives one marker more per RP band
 * and per two points of the D6 (the thirty-third session: a single cell
 * changed in any of them passed every test unless it was one that §20's
 * examples read) */
static void test_player_aid_tables_graded(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    const rs_data *d = RS_D(t->g);
    for (int r = 0; r < 13; r++)
        for (int c = 0; c < 9; c++) {
            /* the cell one step along its diagonal: one row up, one column right */
            if (r > 0 && c < 8) {
                assert_int_equal(d->cb_att[r][c], d->cb_att[r - 1][c + 1]);
                assert_int_equal(d->cb_def[r][c], d->cb_def[r - 1][c + 1]);
                assert_int_equal(d->cb_astar[r][c], d->cb_astar[r - 1][c + 1]);
                assert_int_equal(d->cb_dstar[r][c], d->cb_dstar[r - 1][c + 1]);
            }
            /* one point more: the attacker loses no more, the defender no less */
            if (r < 12) {
                assert_true(severity(d->cb_att[r + 1][c]) <= severity(d->cb_att[r][c]));
                assert_true(severity(d->cb_def[r + 1][c]) >= severity(d->cb_def[r][c]));
            }
        }
    for (int r = 0; r < 14; r++)
        for (int c = 0; c < 6; c++) {
            if (r > 0 && c < 5) {
                assert_int_equal(d->sg_res[r][c], d->sg_res[r - 1][c + 1]);
                assert_int_equal(d->sg_fv[r][c], d->sg_fv[r - 1][c + 1]);
            }
            if (r < 13)
                assert_true(d->sg_fv[r + 1][c] >= d->sg_fv[r][c]);
        }
    /* the Attrition table is graded too but for one cell (41-50 SP with a
     * modified 2 loses nothing), so it is pinned whole: */
    static const int attr[6][9] = {
        {0, 0, 0, 0, 0, 1, 1, 1, 2}, {0, 0, 0, 0, 1, 1, 1, 2, 2}, {0, 0, 0, 1, 1, 1, 2, 2, 3},
        {0, 0, 1, 1, 1, 2, 2, 3, 3}, {0, 0, 1, 1, 2, 2, 3, 3, 4}, {0, 1, 1, 2, 2, 3, 3, 4, 5},
    };
    for (int b = 0; b < 6; b++)
        for (int k = 0; k < 9; k++) {
            assert_int_equal(d->attr[b][k], attr[b][k]);
            if (k < 8)
                assert_true(d->attr[b][k + 1] >= d->attr[b][k]);
            if (b < 5)
                assert_true(d->attr[b + 1][k] >= d->attr[b][k]);
        }
    for (int b = 0; b < 5; b++) {
        assert_int_equal(d->loss[0][b], d->loss[1][b] + 1);
        assert_int_equal(d->loss[1][b], d->loss[2][b] + 1);
        assert_int_equal(d->loss[3][b], d->loss[2][b] > 1 ? d->loss[2][b] - 1 : 1);
        if (b < 4)
            assert_int_equal(d->loss[2][b + 1], d->loss[2][b] + 1);
    }
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 5; c++) {
            if (c < 4)
                assert_int_equal(d->cab[r][c + 1], d->cab[r][c] + 1);
            if (r + 1 < 7 && r % 2 == 0)
                assert_int_equal(d->cab[r + 1][c], d->cab[r][c]);
            if (r + 2 < 7)
                assert_int_equal(d->cab[r + 2][c], d->cab[r][c] + 1);
        }
    vbt_free(t);
}

/* EVIDENCE-OF (22.3): "Each zone indicated as an objective that is
 * controlled by France moves the Objective cursor ... one space to the
 * right": Treves, an objective of the Reunions in the neutral Empire, is
 * no camp's and counts for nobody; under a French control marker it counts
 * one, under the Coalition's none (the thirty-third session: an objective
 * the Coalition does not hold counted for France passed every test) */
static void test_22_3_neutral_objective_not_french(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "reunions", 1);
    rs_state *s = S(t);
    int tr = Z(t, "Treves"), allies, obj, col[4], base;
    assert_int_equal(rs_ctrl(t->g, s, tr), -1);
    rs_diplomacy(t->g, s, 0, 0, &allies, &obj, col);
    base = obj;
    s->z[tr].mk = RS_F;
    rs_diplomacy(t->g, s, 0, 0, &allies, &obj, col);
    assert_int_equal(obj, base + 1);
    s->z[tr].mk = RS_C;
    rs_diplomacy(t->g, s, 0, 0, &allies, &obj, col);
    assert_int_equal(obj, base);
    vbt_free(t);
}

/* EVIDENCE-OF (5.3, 8.1): "Controlled: by the presence of a control marker
 * or when the zone belongs to a state without an enemy control marker": a
 * zone taken back into its own state's camp needs no marker (the marker is
 * removed). Holland 1672: England, a zone of France's doubting ally Great
 * Britain (D6), under a Coalition marker, is retaken by a French SP; its
 * marker goes, and its RP count again as the doubting ally's, halved (8.1),
 * as before the marker (the thirty-third session: the camp's own marker
 * left there, the zone's RP counted whole, passed every test) */
static void test_5_3_retaken_zone_no_marker(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "holland", 1);
    rs_state *s = S(t);
    int en = Z(t, "Angleterre"), gb = ST(t, "Great Britain");
    assert_int_equal(s->scamp[gb], RS_F);
    assert_int_equal(s->z[en].mk, -1);
    int inc = rs_income(t->g, s, RS_F, 0);
    s->z[en].mk = RS_C;
    /* Great Britain's 5 RP halved: 2; without England's 3, 2 halved: 1 */
    assert_int_equal(rs_income(t->g, s, RS_F, 0), inc - 1);
    s->z[en].army[RS_F][KIND(ST(t, "France"), T_INF)] = 1;
    rs_update_control(t->g, s, en);
    assert_int_equal(s->z[en].mk, -1);
    assert_int_equal(rs_ctrl(t->g, s, en), RS_F);
    assert_int_equal(rs_income(t->g, s, RS_F, 0), inc);
    vbt_free(t);
}

/* EVIDENCE-OF (10.5, 5.3): "set up in a zone controlled by their original
 * state": a zone where an enemy army stands beside the camp's units is
 * contested, not controlled. 1668's recruitment: France may recruit in
 * Picardie; with two Spanish SP there (beside the royal army), not (the
 * thirty-third session: recruitment beside an enemy army passed every
 * test) */
static void test_10_5_not_in_a_contested_zone(void **state)
{
    (void)state;
    vbt *t = second_year();
    assert_int_equal(S(t)->phase, P_RECRUIT);
    assert_int_equal(S(t)->who, RS_F);
    assert_true(vbt_legal(t, "recruit-in Picardie"));
    put(t, "Picardie", RS_C, T_INF, 2);
    assert_true(rs_contested(t->g, S(t), Z(t, "Picardie")));
    assert_false(vbt_legal(t, "recruit-in Picardie"));
    assert_true(vbt_legal(t, "recruit-in Artois"));
    vbt_free(t);
}

/* EVIDENCE-OF (5.1, 8.1, 8.1.2; docs "Reconstructed components"): every
 * zone's and transit box's RP as the reference brief's zone table (§3.3)
 * proposes them, which map.json cites as its source (France's nine zones
 * 12 RP, the printed "6-12" space of 1667), and the boxes' printed control
 * rolls (13.4.1: North Sea >= 5, Atlantic >= 6, Mediterranean >= 4) (the
 * thirty-third session: a zone's RP changed far from the tests' fronts, or
 * a box's, passed every test) */
static void test_5_1_zone_rp_as_the_reference(void **state)
{
    (void)state;
    static const struct {
        const char *zone;
        int rp;
    } z[] = {
        {"France Ouest", 3},
        {"Picardie", 2},
        {"Artois", 1},
        {"Champagne et Brie", 2},
        {"Alsace", 1},
        {"Dauphine", 1},
        {"Provence", 1},
        {"Roussillon", 0},
        {"Guyenne et Gascogne", 1},
        {"Lorraine", 1},
        {"Franche-Comte", 1},
        {"Flandre et Hainaut", 3},
        {"Brabant", 3},
        {"Luxembourg", 1},
        {"Hollande", 3},
        {"Frise", 1},
        {"Liege", 1},
        {"Cologne", 1},
        {"Munster", 1},
        {"Treves", 1},
        {"Mayence", 1},
        {"Palatinat", 1},
        {"Bade", 1},
        {"Wurtemberg", 1},
        {"Wurzbourg", 1},
        {"Ansbach", 1},
        {"Hesse-Cassel", 1},
        {"Hanovre", 1},
        {"Saxe", 2},
        {"Breme", 1},
        {"Brandebourg", 1},
        {"Baviere", 2},
        {"Boheme", 2},
        {"Tyrol", 1},
        {"Catalogne", 2},
        {"Aragon", 1},
        {"Navarre", 1},
        {"Valence", 1},
        {"Vieille-Castille", 1},
        {"Nouvelle-Castille", 1},
        {"Madrid", 1},
        {"Milanais", 2},
        {"Savoie", 0},
        {"Piemont", 1},
        {"Genes", 2},
        {"Toscane", 2},
        {"Venetie", 2},
        {"Parme", 1},
        {"Modene", 1},
        {"Angleterre", 3},
        {"Ecosse", 1},
        {"Irlande", 1},
        {"Suisse", 0},
        {"Papaute", 0},
    };
    static const struct {
        const char *box;
        int rp, roll;
    } b[] = {{"North Sea", 3, 5}, {"Atlantic Ocean", 2, 6}, {"Mediterranean Sea", 2, 4}};
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    const rs_data *d = RS_D(t->g);
    assert_int_equal(d->nz, (int)(sizeof z / sizeof z[0]));
    for (size_t i = 0; i < sizeof z / sizeof z[0]; i++)
        if (d->z[Z(t, z[i].zone)].rp != z[i].rp)
            fail_msg("%s: %d RP, %d expected", z[i].zone, d->z[Z(t, z[i].zone)].rp, z[i].rp);
    for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
        int k = -1;
        for (int j = 0; j < RS_NBOX; j++)
            if (vb_name_eq(d->b[j].name, b[i].box))
                k = j;
        assert_true(k >= 0);
        assert_int_equal(d->b[k].rp, b[i].rp);
        assert_int_equal(d->b[k].roll, b[i].roll);
    }
    vbt_free(t);
}

/* EVIDENCE-OF (11, 13.1.1): the units of a zone where a fortress was just
 * raised are distributed between the fortress and the army, but not
 * beside an enemy army (as 13.1.1's garrison): Picardie raised to FV 3,
 * its infantry may go in; with two Spanish SP in the zone, not (the
 * thirty-third session: the distribution beside an enemy army passed every
 * test) */
static void test_11_distribution_not_beside_the_enemy(void **state)
{
    (void)state;
    vbt *t = at_construction();
    vbt_act(t, "fortify Picardie");
    assert_true(vbt_legal(t, "garrison Picardie France-inf"));
    put(t, "Picardie", RS_C, T_INF, 2);
    assert_false(vbt_legal(t, "garrison Picardie France-inf"));
    vbt_free(t);
}

/* EVIDENCE-OF (10.2, 24.5.3 1704-5): Villars, sent to the Reserve for the
 * year by the event, is not recruited that year, though France has the
 * RP; kept no more, he is offered (the thirty-third session: the general
 * kept in the Reserve offered for recruitment passed every test) */
static void test_10_2_general_kept_in_reserve(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "succession", 1);
    rs_state *s = S(t);
    int v = G(t, "Villars");
    s->gz[v] = (int8_t)Z(t, "Alsace");
    event(t, 1704, "5");
    vbt_dice(t, "3");
    assert_int_equal(s->glock, v);
    rs_event_to_campaign(t);
    for (int i = 0; i < 20 && s->phase == P_RECRUIT && s->who != RS_F; i++)
        vbt_act(t, "done");
    assert_int_equal(s->phase, P_RECRUIT);
    assert_int_equal(s->who, RS_F);
    assert_true(s->c[RS_F].rp >= rs_gen_cost(t->g, v));
    vbt_act(t, "recruit-in Alsace");
    assert_false(vbt_legal(t, "recruit Villars Alsace"));
    s->glock = -1;
    assert_true(vbt_legal(t, "recruit Villars Alsace"));
    vbt_free(t);
}

/* EVIDENCE-OF (8.2, 8.1): "1RP for every 5 SP recruited ... Round up" is
 * counted within a year; RP are not carried over, nor are SP recruited
 * last year: a camp that recruited 3 SP last year (an edited count) pays
 * 1 RP for its first SP of 1668 (the thirty-third session: the count kept
 * from year to year, that SP free, passed every test) */
static void test_8_2_recruits_counted_by_year(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->c[RS_F].recruited = 3;
    pass_to_second_year(t);
    assert_int_equal(S(t)->phase, P_RECRUIT);
    assert_int_equal(S(t)->who, RS_F);
    int rp = S(t)->c[RS_F].rp;
    vbt_act(t, "recruit-in Picardie");
    vbt_act(t, "recruit France-inf Picardie");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 1);
    vbt_free(t);
}

/* EVIDENCE-OF (7, 8.1): an event's RP "deducted" for the year take the
 * camp's RP to 0, not below: France's RP of 1667 less more than they are
 * (an edited deduction, as a D6 against a camp with fewer RP) leave 0 (the
 * thirty-third session: a negative count passed every test) */
static void test_7_rp_deducted_not_below_zero(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    rs_state *s = S(t);
    assert_int_equal(s->phase, P_EVENT_ROLL);
    int inc = rs_income(t->g, s, RS_F, 0);
    s->rp_adj[RS_F] = (int16_t) - (inc + 3);
    vbt_dice(t, "1");
    assert_int_equal(s->c[RS_F].rp, 0);
    vbt_free(t);
}

/* EVIDENCE-OF (9, 11; docs "Reconstructed components"): the markers of
 * each camp: nine Cabinet strategy markers, three Battle, four Siege, one
 * Scorched earth, one Decoy (9, printed); three Line of defence markers
 * (24.5.3 1705-6 names "the three Line of defence markers"); twelve
 * fortress markers (reconstructed), the same for both camps (the
 * thirty-third session: the Coalition's fortress markers changed passed
 * every test; test_preparation.c counts France's) */
static void test_9_11_markers_each_camp(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    const rs_data *d = RS_D(t->g);
    assert_int_equal(d->markers[CAT_BATTLE], 3);
    assert_int_equal(d->markers[CAT_SIEGE], 4);
    assert_int_equal(d->markers[CAT_SCORCH], 1);
    assert_int_equal(d->markers[CAT_DECOY], 1);
    for (int c = 0; c < 2; c++) {
        assert_int_equal(d->line_markers[c], 3);
        assert_int_equal(d->fort_markers[c], 12);
    }
    vbt_free(t);
}

/* EVIDENCE-OF (3.2, 9, 17.1.2, 20; docs "Reconstructed components"): the
 * TCs the rulebook prints (Turenne 3, Spain A 2, Villars 3, Marlborough 4)
 * and the generals with a star, Louis XIV, Vauban and Coehoorn only (the
 * star's +1 at the cabinet roll, 3.2) (the thirty-third session: Villars'
 * TC or Coehoorn's star changed passed every test) */
static void test_3_2_printed_generals_and_stars(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    const rs_data *d = RS_D(t->g);
    assert_int_equal(d->gd[G(t, "Turenne")].tc, 3);
    assert_int_equal(d->gd[G(t, "Spain A")].tc, 2);
    assert_int_equal(d->gd[G(t, "Villars")].tc, 3);
    assert_int_equal(d->gd[G(t, "Marlborough")].tc, 4);
    for (int i = 0; i < d->ng; i++)
        assert_int_equal(d->gd[i].star,
                         i == G(t, "Louis XIV") || i == G(t, "Vauban") || i == G(t, "Coehoorn"));
    vbt_free(t);
}

/* EVIDENCE-OF (13.4): "Control of the transit boxes is given at the
 * beginning of each scenario": a box the scenario does not play (the
 * Devolution plays the North Sea and France Ouest) is never entered, so a
 * position in which a camp controls it, whose RP 8.1.2 would count, is
 * refused on load (`rs_impossible`; row Q23 of the audit, closed by the lead) */
static void test_13_4_unplayed_box_has_no_camp(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    const rs_data *d = t->g->data;
    assert_int_equal(rs_impossible(t->g, S(t), &t->cx), 0);
    int atl = -1;
    for (int b = 0; b < RS_NBOX; b++)
        if (vb_name_eq(d->b[b].name, "Atlantic Ocean"))
            atl = b;
    assert_true(atl >= 0);
    assert_int_equal(S(t)->boxc[atl], -1);
    S(t)->boxc[atl] = RS_F;
    assert_int_not_equal(rs_impossible(t->g, S(t), &t->cx), 0);
    assert_non_null(strstr(t->cx.err, "transit box 'Atlantic Ocean'"));
    S(t)->boxc[atl] = -1;
    assert_int_equal(rs_impossible(t->g, S(t), &t->cx), 0);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_22_2_2_louis_doubles_coalition_win),
        cmocka_unit_test(test_12_tie_reads_last_year),
        cmocka_unit_test(test_player_aid_tables_graded),
        cmocka_unit_test(test_22_3_neutral_objective_not_french),
        cmocka_unit_test(test_5_3_retaken_zone_no_marker),
        cmocka_unit_test(test_10_5_not_in_a_contested_zone),
        cmocka_unit_test(test_5_1_zone_rp_as_the_reference),
        cmocka_unit_test(test_11_distribution_not_beside_the_enemy),
        cmocka_unit_test(test_10_2_general_kept_in_reserve),
        cmocka_unit_test(test_8_2_recruits_counted_by_year),
        cmocka_unit_test(test_7_rp_deducted_not_below_zero),
        cmocka_unit_test(test_9_11_markers_each_camp),
        cmocka_unit_test(test_3_2_printed_generals_and_stars),
        cmocka_unit_test(test_13_4_unplayed_box_has_no_camp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
