/* test_ceasefire.c - the Spanish Succession's last years and combats
 * (split from test_succession.c in the twenty-fifth session): the
 * 1712-1713 cease-fire between France and Great Britain (battles, sieges,
 * skirmishes, closed games, Dutch allies), a neutralised ally's garrisons,
 * a lone general's capture, loans repaid at victory, a surprise's general,
 * the war's end in 1713 and the D6 RP events. */
#include <math.h>
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

/* EVIDENCE-OF (24.5.3 1712-6, 1713-4): "The combats (battle, siege,
 * skirmish) between the French and English are prohibited ... If combats
 * engage allied units among which French or English units are present,
 * their SP do not count but follow the army which stay or retreat after
 * combat." Brabant: France 10 inf, 8 cav, 1 art and Spain 4 inf, 1 cav
 * against 8 English infantry: no attack; with 3 Dutch infantry added, a
 * skirmish of 5 Spanish SP against 3 Dutch (not a battle of 24 against 11),
 * no artillery modifier, and no French or English SP lost. Without the
 * event (1712, D6 3) every SP is in the combat. */
static void test_1712_6_ceasefire(void **state)
{
    (void)state;
    static const struct {
        int year;
        const char *die;
        int truce;
    } rows[] = {{1712, "6", 1}, {1713, "4", 1}, {1712, "3", 0}};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        vbt *t = succession();
        rs_state *s = S(t);
        int br = Z(t, "Brabant"), fr = ST(t, "France"), gb = ST(t, "Great Britain");
        to_impulse(t, rows[r].year, rows[r].die);
        put_sp(t, "Brabant", RS_C, "Great Britain", T_INF, 8);
        s->gz[G(t, "Marlborough")] = (int8_t)br;
        assert_int_equal(vbt_legal(t, "attack Brabant"), !rows[r].truce);
        put_sp(t, "Brabant", RS_C, "United Provinces", T_INF, 3);
        vbt_clear_log(t);
        vbt_act(t, "attack Brabant");
        if (!rows[r].truce) {
            assert_true(vbt_logged(t, "24 SP against 11 - a battle"));
            vbt_free(t);
            continue;
        }
        assert_true(vbt_logged(t, "5 SP against 3 - a skirmish"));
        assert_false(s->cb.battle);
        vbt_act(t, "command Spain-A"); /* 3.2: the best TC, as before */
        vbt_act(t, "stand");
        vbt_dice(t, "6");
        assert_true(vbt_logged(t, "Round 1 in Brabant: 5/3, column 3"));
        assert_false(vbt_logged(t, "artillery"));
        assert_int_equal(rs_nsum(s->z[br].army[RS_F], fr), 19);
        assert_int_equal(rs_nsum(s->z[br].army[RS_C], gb), 8);
        while (s->phase == P_LOSS) { /* only counted SP may be chosen */
            assert_false(vbt_legal(t, "lose France-inf"));
            assert_false(vbt_legal(t, "lose Great-Britain-inf"));
            vbt_act(t, s->who == RS_F ? "lose Spain-inf" : "lose United-Provinces-inf");
        }
        assert_int_equal(rs_nsum(s->z[br].army[RS_F], fr), 19);
        assert_int_equal(rs_nsum(s->z[br].army[RS_C], gb), 8);
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.5.3 1712-6): the cease-fire in a siege: French besiegers
 * may not besiege an English garrison; against English and Dutch SP in the
 * fortress, French and Spanish besiegers count the Spanish SP against the
 * Dutch and the FV, the English garrison following the fortress. */
static void test_1712_6_ceasefire_siege(void **state)
{
    (void)state;
    for (int truce = 0; truce < 2; truce++) {
        vbt *t = succession();
        rs_state *s = S(t);
        int ho = Z(t, "Hollande"), gi = KIND(ST(t, "Great Britain"), T_INF);
        int ui = KIND(ST(t, "United Provinces"), T_INF);
        to_impulse(t, 1712, truce ? "6" : "3");
        s->c[RS_F].pick[s->c[RS_F].npick] = CAT_SIEGE; /* a Siege marker held */
        s->c[RS_F].pstate[s->c[RS_F].npick++] = PK_HELD;
        for (int k = 0; k < RS_NT; k++)
            s->z[ho].army[RS_C][k] = 0;
        s->z[ho].mk = RS_C;
        s->z[ho].fv = 3;
        s->z[ho].garr[gi] = 2;
        s->c[RS_C].reserve[gi] = (uint8_t)(s->c[RS_C].reserve[gi] - 2);
        put_sp(t, "Hollande", RS_F, "France", T_INF, 6);
        put_sp(t, "Hollande", RS_F, "France", T_ART, 1);
        s->gz[G(t, "Villars")] = (int8_t)ho;
        assert_int_equal(vbt_legal(t, "siege Hollande"), !truce);
        put_sp(t, "Hollande", RS_F, "Spain", T_INF, 4);
        s->z[ho].garr[ui] = 1;
        s->c[RS_C].reserve[ui]--;
        vbt_clear_log(t);
        vbt_act(t, "siege Hollande");
        vbt_dice(t, "6");
        if (vbt_legal(t, "no-effort"))
            vbt_act(t, "no-effort");
        vbt_dice(t, "1");
        /* truce: 4 Spanish v 1 Dutch + FV 3 = 1/1, no bombardment; else 11 v 6 */
        assert_true(vbt_logged(t, truce ? "round 1: 4/4, column 0; D6 1 = 1"
                                        : "round 1: 11/6, column 0; D6 1 +1 bombardment = 2"));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.5.3 1712-6, 18.1.2 Es): the Edge of the sword under the
 * cease-fire: "the surplus SP are eliminated" of the SP that count (the
 * Dutch), the English SP beyond the new FV leave the fortress for the zone,
 * and the result is applied once (Hollande FV 2, 2 English and 1 Dutch
 * infantry; 6 French infantry, not counted, with 15 Spanish infantry and 3
 * artillery against 1 + FV 2: 18/3, column 5; D6 6 +3 bombardment = 9:
 * Es -1FV) */
static void test_1712_6_ceasefire_sword(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int ho = Z(t, "Hollande"), gi = KIND(ST(t, "Great Britain"), T_INF);
    int ui = KIND(ST(t, "United Provinces"), T_INF);
    to_impulse(t, 1712, "6");
    s->c[RS_F].pick[s->c[RS_F].npick] = CAT_SIEGE; /* a Siege marker held */
    s->c[RS_F].pstate[s->c[RS_F].npick++] = PK_HELD;
    for (int k = 0; k < RS_NT; k++)
        s->z[ho].army[RS_C][k] = 0;
    s->z[ho].mk = RS_C;
    s->z[ho].fv = 2;
    s->z[ho].garr[gi] = 2;
    s->c[RS_C].reserve[gi] = (uint8_t)(s->c[RS_C].reserve[gi] - 2);
    s->z[ho].garr[ui] = 1;
    s->c[RS_C].reserve[ui]--;
    put_sp(t, "Hollande", RS_F, "France", T_INF, 6);
    s->z[ho].army[RS_F][KIND(ST(t, "Spain"), T_INF)] = 15; /* from outside the game */
    s->z[ho].army[RS_F][KIND(ST(t, "Spain"), T_ART)] = 3;
    s->sp_adj[RS_F] = (int16_t)(s->sp_adj[RS_F] + 18);
    s->gz[G(t, "Villars")] = (int8_t)ho;
    int dutch = s->c[RS_C].reserve[ui];
    vbt_act(t, "siege Hollande");
    vbt_dice(t, "6");
    if (vbt_legal(t, "no-effort"))
        vbt_act(t, "no-effort");
    vbt_dice(t, "6");
    if (!vbt_logged(t, "round 1: 18/3, column 5; D6 6 +3 bombardment = 9") ||
        !vbt_logged(t, "Edge of the sword in Hollande"))
        fail_msg("%s", strstr(t->log, "[18") ? strstr(t->log, "[18") : t->log);
    assert_int_equal(s->z[ho].fv, 1);                    /* -1FV, once */
    assert_int_equal(s->c[RS_C].reserve[ui], dutch + 1); /* the Dutch SP eliminated */
    assert_int_equal(s->z[ho].garr[gi], 1);              /* English: one stays in the FV 1 */
    assert_int_equal(s->z[ho].army[RS_C][gi], 1);        /* and one leaves for the zone */
    assert_int_equal(s->phase, P_IMPULSE); /* a besieged army in the zone: the siege ends */
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1712-6, rule 6): in the closed game the English
 * army's nationality is hidden from France: the attack is offered by the
 * strengths seen and, declared, does not take place (no marker spent, not
 * offered again this campaign); the Coalition's view of France's legal
 * list is the same whatever the nationality of its army. */
static void test_1712_6_ceasefire_closed(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    s->h.opts[0] = 1;
    int br = Z(t, "Brabant");
    to_impulse(t, 1712, "6");
    put_sp(t, "Brabant", RS_C, "Great Britain", T_INF, 3);
    s->gz[G(t, "Marlborough")] = (int8_t)br;
    assert_true(vbt_legal(t, "attack Brabant"));
    int held = rs_held(s, RS_F, CAT_BATTLE);
    vbt_act(t, "attack Brabant");
    assert_true(vbt_logged(t, "Cease-fire: no combat between French and English in Brabant"));
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(rs_held(s, RS_F, CAT_BATTLE), held);
    assert_false(vbt_legal(t, "attack Brabant"));
    assert_int_equal(rs_nsum(s->z[br].army[RS_C], ST(t, "Great Britain")), 3);
    assert_int_equal(s->cb.zone, -1); /* the state file's combat names no zone */
    check_ok(t);
    reload_ok(t); /* no combat left behind in the state file */
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): a neutralised ally's fortresses (no control marker)
 * send every SP of their garrisons to its camp's Reserve, French SP in a
 * Spanish fortress included, and its own SP anywhere go there too */
static void test_22_1_neutralised_garrison(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int ca = Z(t, "Catalogne"), sp = ST(t, "Spain"), fi = KIND(ST(t, "France"), T_INF);
    s->z[ca].garr[fi] = 1;
    s->c[RS_F].reserve[fi]--;
    s->alpos[sp] = -1;                                 /* one space from Neutral */
    int lu = Z(t, "Luxembourg"), si = KIND(sp, T_INF); /* a French-marked fortress */
    s->z[lu].garr[si] = 1;
    s->c[RS_F].reserve[si]--;
    int res = s->c[RS_F].reserve[fi], rsp = s->c[RS_F].reserve[si];
    rs_move_cursor(t->g, s, sp, RS_C, &t->cx);
    assert_true(s->neutralised[sp]);
    assert_int_equal(rs_sp(s->z[ca].garr), 0);
    assert_int_equal(s->c[RS_F].reserve[fi], res + 1);
    /* Spanish infantry: Catalonia's 2, Brabant's 4, Luxembourg's 1 */
    assert_int_equal(s->c[RS_F].reserve[si], rsp + 7);
    assert_int_equal(s->z[lu].garr[si], 0);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 17.2): a neutralised ally's zones are no camp's
 * (rs_ctrl), so its fortresses no longer shelter the generals of the camp
 * it served: one alone in such a zone beside an enemy army "finds himself
 * without units" and is taken prisoner, the zone passing to the enemy
 * army's camp; one alone with no enemy army there stays. Before rules
 * version 17 he stayed, and the position's state file was refused (found
 * by a deep random game, Augsburg seed 1078: Coehoorn alone in the
 * Palatinate beside a French SP when the Empire was neutralised). */
static void test_22_1_neutralised_fortress_lone_general(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    to_impulse(t, 1703, "1");
    int sp = ST(t, "Spain"), va = Z(t, "Valence"), ca = Z(t, "Catalogne");
    int vi = G(t, "Villars"), fd = G(t, "France D");
    put_sp(t, "Valence", RS_C, "Great Britain", T_INF, 1);
    s->gz[vi] = (int8_t)va; /* alone in a Spanish fortress, beside the English */
    s->gz[fd] = (int8_t)ca; /* alone in a Spanish fortress, no enemy there */
    assert_int_equal(rs_ctrl(t->g, s, va), RS_F);
    check_ok(t);
    reload_ok(t); /* sheltered by the fortress: a position */
    s = S(t);
    s->alpos[sp] = -1; /* one space from Neutral */
    vbt_clear_log(t);
    rs_move_cursor(t->g, s, sp, RS_C, &t->cx);
    assert_true(s->neutralised[sp]);
    assert_int_equal(s->gz[vi], GZ_PRISON);
    assert_true(vbt_logged(t, "[17.2] Villars, without units, is taken prisoner"));
    assert_int_equal(rs_ctrl(t->g, s, va), RS_C);
    assert_int_equal(s->gz[fd], ca);
    assert_int_equal(rs_ctrl(t->g, s, ca), -1);
    check_ok(t);
    reload_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1712-6): the cease-fire is between French and
 * English only: a French army against a Dutch one fights with every SP */
static void test_1712_6_ceasefire_dutch(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    to_impulse(t, 1712, "6");
    put_sp(t, "Brabant", RS_C, "United Provinces", T_INF, 3);
    s->gz[G(t, "United Provinces A")] = (int8_t)Z(t, "Brabant");
    vbt_clear_log(t);
    vbt_act(t, "attack Brabant");
    assert_true(vbt_logged(t, "24 SP against 3 - a skirmish"));
    assert_false(vbt_logged(t, "cease-fire"));
    vbt_free(t);
}

/* EVIDENCE-OF (17.2): a general is taken prisoner only with no SP left
 * where the enemy stands: one SP keeps him */
static void test_17_2_lone_general_one_sp(void **state)
{
    (void)state;
    for (int n = 0; n < 2; n++) {
        vbt *t = succession();
        rs_state *s = S(t);
        int ho = Z(t, "Hollande"), fi = KIND(ST(t, "France"), T_INF);
        put_sp(t, "Hollande", RS_C, "United Provinces", T_INF, 3);
        s->z[ho].army[RS_F][fi] = (uint8_t)n;
        s->c[RS_F].reserve[fi] = (uint8_t)(s->c[RS_F].reserve[fi] - n);
        s->gz[G(t, "Villars")] = (int8_t)ho;
        rs_capture_lone_generals(t->g, s, ho, &t->cx);
        assert_int_equal(s->gz[G(t, "Villars")], n ? ho : GZ_PRISON);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (8.1.4, 23): at victory determination the loans are repaid
 * out of the year's RP and France's RP cursor stands on what is left (RP
 * 12 after repaying: not the French column, so objectives and 5 GP make
 * two columns, no peace), the debt is cleared; a camp whose RP do not
 * cover its debt is bankrupt and loses, 5 GP or not */
static void test_8_1_4_repaid_at_victory(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int inc = rs_income(t->g, s, RS_F, 0);
    assert_true(inc >= 13);
    s->c[RS_F].debt = (int16_t)(inc - 12);
    s->gp = 5;
    rs_final_winter(t->g, s, &t->cx);
    assert_true(vbt_logged(t, "France's RP 12"));
    assert_false(s->over);
    assert_int_equal(s->c[RS_F].debt, 0);
    vbt_free(t);
    /* bankrupt: France's income in the Succession (36 RP) is far above the
     * largest debt a game reaches (a loan is D6 RP, 8.1.4: the state file
     * takes 0-6), so the Devolution's last year, France's nine zones (12
     * RP) but six taken by the Coalition, their French SP and generals
     * withdrawn to France Ouest: 5 RP (France Ouest and Picardie) against a
     * debt of 6 */
    t = campaign();
    s = S(t);
    s->year = RS_SCEN(t->g, s)->end;
    static const char *const taken[] = {"Artois",   "Champagne et Brie", "Alsace",
                                        "Dauphine", "Provence",          "Guyenne et Gascogne"};
    int fo = Z(t, "France Ouest");
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
        int z = Z(t, taken[i]);
        for (int k = 0; k < RS_NT; k++) {
            s->z[fo].army[RS_F][k] = (uint8_t)(s->z[fo].army[RS_F][k] + s->z[z].army[RS_F][k]);
            s->z[z].army[RS_F][k] = 0;
        }
        for (int gi = 0; gi < RS_D(t->g)->ng; gi++)
            if (s->gz[gi] == z && rs_gcamp(t->g, s, gi) == RS_F)
                s->gz[gi] = (int8_t)fo;
        assert_int_equal(rs_sp(s->z[z].garr), 0);
        s->z[z].mk = RS_C;
    }
    check_ok(t);
    assert_int_equal(rs_income(t->g, s, RS_F, 0), 5);
    s->c[RS_F].debt = 6;
    s->gp = 5;
    reload_ok(t); /* the state file takes it (a debt of 6 at most) */
    s = S(t);
    rs_final_winter(t->g, s, &t->cx);
    assert_true(vbt_logged(t, "france cannot repay its loans: bankruptcy"));
    assert_int_equal(s->phase, P_OVER);
    assert_int_equal(s->over, 1); /* a flag: the state file takes 0-1 */
    assert_true(s->bankrupt);
    assert_int_equal(s->winner, RS_C);
    check_ok(t);
    reload_ok(t); /* the ended game reads back */
    s = S(t);
    assert_true(s->over && s->bankrupt && s->winner == RS_C);
    vbt_free(t);
}

/* EVIDENCE-OF (20): a strategic surprise is led by a general of the camp
 * on the map with infantry or artillery in his army */
static void test_20_surprise_general(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int fl = G(t, "France L"), vi = G(t, "Villars");
    assert_true(rs_surprise_ok(t->g, s, RS_F, fl));  /* Brabant, 10 infantry */
    assert_false(rs_surprise_ok(t->g, s, RS_C, fl)); /* not the Coalition's */
    assert_false(rs_surprise_ok(t->g, s, RS_F, vi)); /* in the Reserve */
    s->gz[vi] = (int8_t)Z(t, "Hollande");            /* no French army there */
    assert_false(rs_surprise_ok(t->g, s, RS_F, vi));
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1713-6): "The war ends immediately. Check the victory
 * conditions" - with last year's markers and scorched earth gone (6.1.3):
 * a zone France scorched in 1712 gives its RP again, and the final state
 * reloads (a random game's record was refused: a scorched zone with no
 * marker used) */
static void test_1713_6_end(void **state)
{
    (void)state;
    vbt *t = succession();
    int z = Z(t, "Guyenne et Gascogne");
    S(t)->c[RS_F].npick = 1;
    S(t)->c[RS_F].pick[0] = CAT_SCORCH;
    S(t)->c[RS_F].pstate[0] = PK_USED;
    S(t)->z[z].scorched = 1;
    check_ok(t);
    int rp = rs_income(t->g, S(t), RS_F, 0) - S(t)->c[RS_F].debt;
    S(t)->z[z].scorched = 0;
    assert_true(rs_income(t->g, S(t), RS_F, 0) - S(t)->c[RS_F].debt > rp); /* it matters */
    S(t)->z[z].scorched = 1;
    char want[64];
    snprintf(want, sizeof want, "France's RP %d,", rp); /* 6.1.2 before 6.1.3 */
    event(t, 1713, "6");
    assert_true(vbt_logged(t, want));
    assert_int_equal(S(t)->phase, P_OVER);
    assert_true(S(t)->over);
    assert_int_equal(S(t)->c[RS_F].npick, 0);
    assert_false(S(t)->z[z].scorched);
    check_ok(t);
    vbt_free(t);
    /* France Ouest, the map's first zone, scorched by the Coalition in 1712 */
    t = succession();
    z = Z(t, "France Ouest");
    assert_int_equal(z, 0);
    S(t)->c[RS_C].npick = 1;
    S(t)->c[RS_C].pick[0] = CAT_SCORCH;
    S(t)->c[RS_C].pstate[0] = PK_USED;
    S(t)->z[z].scorched = 1;
    check_ok(t);
    event(t, 1713, "6");
    assert_true(S(t)->over);
    assert_false(S(t)->z[z].scorched);
    check_ok(t);
    vbt_free(t);
    t = succession();
    event(t, 1713, "5");
    assert_int_equal(S(t)->pursuit_mod, -2);
    assert_false(S(t)->over);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1707-4, 1708-6, 1709-5, 1710-5, 1712-5): D6 RP off
 * or onto a camp's year */
static void test_rp_events(void **state)
{
    (void)state;
    static const struct rs_rp_row rows[] = {{1707, "4", RS_C, -1},
                                            {1708, "6", RS_F, -1},
                                            {1709, "5", RS_F, -1},
                                            {1710, "5", RS_F, 1},
                                            {1712, "5", RS_F, 1}};
    vbt *t0 = succession();
    event(t0, 1707, "3");
    int base[2] = {S(t0)->c[0].rp, S(t0)->c[1].rp};
    vbt_free(t0);
    rp_event_rows(succession, rows, sizeof rows / sizeof rows[0], base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1712_6_ceasefire),
        cmocka_unit_test(test_1712_6_ceasefire_siege),
        cmocka_unit_test(test_1712_6_ceasefire_sword),
        cmocka_unit_test(test_1712_6_ceasefire_closed),
        cmocka_unit_test(test_22_1_neutralised_garrison),
        cmocka_unit_test(test_22_1_neutralised_fortress_lone_general),
        cmocka_unit_test(test_1712_6_ceasefire_dutch),
        cmocka_unit_test(test_17_2_lone_general_one_sp),
        cmocka_unit_test(test_8_1_4_repaid_at_victory),
        cmocka_unit_test(test_20_surprise_general),
        cmocka_unit_test(test_1713_6_end),
        cmocka_unit_test(test_rp_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
