/* test_surprise.c - the strategic surprise (20): its choice and test, its
 * single army, march and zone, its general killed in its combat, its end
 * (split from test_year_end.c in the twenty-eighth session). Positions are
 * the Devolution set-up, edited where a case needs it, with scripted dice
 * (the helpers are in rs_test.h). */
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
/* EVIDENCE-OF (20): one general with an army, D6 <= SC; a single zone, the
 * cavalry stays, the cost doubled; attrition in winter +1 */
static void test_20_surprise(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1"); /* the season ends */
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "4"); /* 4 > SC 3: no surprise */
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_int_equal(S(t)->who, RS_C);
    check_ok(t); /* the second camp's choice: sub 1 */
    reload_ok(t);
    /* a state file naming the first camp's choice (sub 0) at the other's */
    refused_with(t, "sub", json_integer(0),
                 "sub is 0 at the choice of the camp with the initiative");
    vbt_free(t);

    t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    int rp = S(t)->c[RS_F].rp;
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "Strategic surprise: D6 3 <= SC 3"));
    assert_false(vbt_legal(t, "move France-M")); /* only the chosen general */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    /* 15 SP of infantry and artillery march, the 5 cavalry SP stay */
    assert_int_equal(rs_sp(S(t)->mv.sp), 15);
    assert_int_equal(S(t)->z[Z(t, "Picardie")].army[RS_F][T_CAV] +
                         S(t)->z[Z(t, "Picardie")].army[RS_F][T_CAVE],
                     5);
    step(t, "to Artois");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 4);          /* 15 SP: 2, doubled */
    assert_false(vbt_legal(t, "to Flandre-et-Hainaut")); /* a single zone */
    vbt_act(t, "halt");
    /* D6 3 +1 winter -1 SC = 3 */
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "D6 3+0 = 3"));
    vbt_act(t, "end-campaign");
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_int_equal(S(t)->who, RS_C);
    vbt_free(t);
    /* 18.1: in a surprise the siege rounds are D6 - 2 */
    t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "1");
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Flandre-et-Hainaut");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->sg.rounds, 1);
    vbt_free(t);
}

/* EVIDENCE-OF (20): "The active player who has the initiative for this
 * turn determines if he can lead a strategic surprise. Then the inactive
 * player does the same." With the Coalition holding the initiative it
 * chooses first, then France, whether the Coalition declines or its
 * surprise ends; once France has chosen, the surprises are over */
static void test_20_surprise_coalition_initiative(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->init = RS_C;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1"); /* the season ends */
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_int_equal(S(t)->who, RS_C);
    vbt_act(t, "no-surprise");
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_int_equal(S(t)->who, RS_F);
    assert_true(vbt_legal(t, "surprise Turenne"));
    vbt_act(t, "no-surprise");
    assert_int_not_equal(S(t)->phase, P_SURP_CHOOSE);
    check_ok(t);
    vbt_free(t);

    /* the Coalition's surprise (Spain A, SC 2, in Brabant) ends: France's
     * turn to choose */
    t = campaign();
    S(t)->init = RS_C;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "surprise Spain-A");
    vbt_dice(t, "2");
    assert_true(vbt_logged(t, "Strategic surprise: D6 2 <= SC 2"));
    assert_int_equal(S(t)->active, RS_C);
    vbt_act(t, "end-campaign");
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_int_equal(S(t)->who, RS_F);
    assert_true(vbt_legal(t, "surprise Turenne"));
    check_ok(t);
    vbt_free(t);
}

/* 20: "During the wintering phase, only one army per camp may lead a
 * strategic surprise": in Turenne's surprise France M's army, beside two
 * Spanish SP in Artois, may not attack them; Turenne's army, once there,
 * may. Nor may France M's army besiege Flandre et Hainaut (FV 4, no army)
 * or scorch its zone. */
static void test_20_surprise_one_army(void **state)
{
    (void)state;
    vbt *t = campaign();
    put(t, "Artois", RS_C, T_INF, 2);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1"); /* the season ends */
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "Strategic surprise: D6 3 <= SC 3"));
    assert_false(vbt_legal(t, "attack Artois"));
    assert_int_equal(vbt_try(t, "attack Artois"), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "only the chosen general's army acts (rule 20)"));
    assert_false(vbt_legal(t, "scorch Artois"));
    assert_true(vbt_legal(t, "scorch Picardie"));
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Artois");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_true(vbt_legal(t, "attack Artois"));
    vbt_free(t);
    /* France M's army alone in Flandre et Hainaut: no siege in Turenne's surprise */
    t = campaign();
    army_to(t, "Flandre et Hainaut");
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "3");
    assert_false(vbt_legal(t, "siege Flandre-et-Hainaut"));
    vbt_free(t);
}

/* EVIDENCE-OF (20, 17.1.2), twenty-eighth session: "only one army per
 * camp may lead a strategic surprise", also once its general has fallen.
 * Turenne's surprise with 4 French infantry against Spain A's army and
 * the Coalition's Reserve in Picardie (Vauban sent to the Reserve, Louis
 * XIV too the first time): the A* of the
 * skirmish and a D6 1 kill him (17.1.2); France M's army beside two
 * Spanish SP in Artois may not attack them in the rest of the surprise
 * (it could: with the surprise's general off the map, every army with a
 * general acted). Then Louis XIV stacked with Turenne: Turenne killed,
 * Louis XIV leads the surprise's army, which may still act (scorch
 * Picardie), France M's army still not; it marches only if Turenne had
 * not (the surprise's "movement of a single zone") */
static void test_20_surprise_general_killed(void **state)
{
    (void)state;
    for (int r = 0; r < 3; r++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        const rs_data *d = RS_D(t->g);
        int pic = Z(t, "Picardie"), tu = G(t, "Turenne"), lo = G(t, "Louis XIV");
        for (int k = 0; k < RS_NT; k++) {
            int keep = k == KIND(0, T_INF) ? 4 : 0;
            s->c[RS_F].reserve[k] =
                (uint8_t)(s->c[RS_F].reserve[k] + s->z[pic].army[RS_F][k] - keep);
            s->z[pic].army[RS_F][k] = (uint8_t)keep;
        }
        s->gz[G(t, "Vauban")] = GZ_RESERVE;
        if (r == 0)
            s->gz[lo] = GZ_RESERVE;
        int bra = Z(t, "Brabant");
        for (int k = 0; k < RS_NT; k++) { /* Spain A's army into Picardie */
            s->z[pic].army[RS_C][k] = s->z[bra].army[RS_C][k];
            s->z[bra].army[RS_C][k] = 0;
        }
        s->gz[G(t, "Spain A")] = (int8_t)pic;
        put(t, "Artois", RS_C, T_INF, 2);
        for (int k = 0; k < RS_NT; k++) { /* and the Coalition's Reserve */
            s->z[pic].army[RS_C][k] = (uint8_t)(s->z[pic].army[RS_C][k] + s->c[RS_C].reserve[k]);
            s->c[RS_C].reserve[k] = 0;
        }
        vbt_act(t, "end-campaign");
        vbt_dice(t, "1");
        vbt_act(t, "surprise Turenne");
        vbt_dice(t, "3");
        if (r == 1) /* as if Turenne had marched into Picardie */
            s->gmoved |= (uint64_t)1 << tu;
        assert_false(vbt_legal(t, "attack Artois"));
        vbt_act(t, "attack Picardie");
        if (vbt_legal(t, "command Turenne"))
            vbt_act(t, "command Turenne");
        if (vbt_legal(t, "no-decoy"))
            vbt_act(t, "no-decoy");
        if (vbt_legal(t, "stand"))
            vbt_act(t, "stand");
        assert_int_equal(s->phase, P_CB_ROUND);
        int D, A = rs_battle_sp(t->g, s, pic, RS_F, &D), die = 0;
        int col = rs_combat_ratio_col(A, D), m = rs_combat_mods(t->g, s, pic, RS_F, NULL, 0);
        for (int k = 6; k >= 1 && !die; k--) {
            int row = k + m < 0 ? 0 : k + m > 12 ? 12 : k + m;
            die = d->cb_astar[row][col] ? k : 0;
        }
        assert_true(die > 0);
        char dd[12];
        snprintf(dd, sizeof dd, "%d", die);
        vbt_dice(t, dd);
        lose_inf(t);
        assert_int_equal(s->phase, P_CB_DEATH);
        vbt_dice(t, "1");
        assert_true(vbt_logged(t, "*: Turenne is killed"));
        for (int guard = 0; s->phase != P_IMPULSE; guard++) {
            assert_true(guard < 40);
            if (vbt_legal(t, "stay"))
                vbt_act(t, "stay");
            else if (s->phase == P_LOSS)
                lose_inf(t);
            else
                vbt_dice(t, "6");
        }
        assert_int_equal(s->gz[tu], GZ_RESERVE);
        assert_true(s->mv.surprise);
        check_ok(t);
        reload_ok(t);
        s = S(t);
        assert_false(vbt_legal(t, "attack Artois"));
        assert_int_equal(vbt_try(t, "attack Artois"), VB_EILLEGAL);
        if (r > 0) {
            assert_int_equal(s->gz[lo], pic);
            assert_int_equal(s->sgen, lo);
            assert_true(vbt_logged(t, "Louis XIV leads the strategic surprise"));
            assert_true(vbt_legal(t, "scorch Picardie"));
            assert_int_equal(vbt_legal(t, "move Louis-XIV"), r == 2);
        }
        vbt_act(t, "end-campaign");
        assert_int_equal(s->phase, P_SURP_CHOOSE); /* the Coalition's choice next */
        vbt_free(t);
    }
}

/* EVIDENCE-OF (20, 14.1, 24.2.3 1683-6): a harsh winter's "additional
 * modifier of +1 ... for the calculation of attrition and desertion in the
 * winter season" adds to the surprise march's own +1 for the winter season:
 * Turenne into Artois, D6 3 +1 winter +1 harsh winter -1 SC = 4 (the
 * year's winter modifier set as the event sets it) */
static void test_20_surprise_harsh_winter(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    S(t)->winter_mod = 1;
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "3");
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Artois");
    vbt_act(t, "halt");
    vbt_dice(t, "3");
    if (!vbt_logged(t, "Attrition of the france army in Artois (15 SP): D6 3+1 = 4"))
        fail_msg("%s", t->log);
    vbt_free(t);
}

/* EVIDENCE-OF (20): the strategic surprise is one campaign: once it ends,
 * no march is a surprise any more (its single zone, no box control, no
 * interception): a campaign after it may try to control a box again */
static void test_20_surprise_ends(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "3");
    assert_true(S(t)->mv.surprise || S(t)->sgen >= 0);
    assert_false(vbt_legal(t, "control North-Sea")); /* not in a surprise */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Artois");
    vbt_act(t, "halt");
    vbt_dice(t, "3");
    vbt_act(t, "end-campaign");
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_int_equal(S(t)->mv.surprise, 0);
    assert_int_equal(S(t)->sgen, -1);
    /* a campaign after it (here France's again, as next year's would be) */
    rs_new_campaign(t->g, S(t), RS_F, &t->cx);
    assert_true(S(t)->c[RS_F].rp >= 1);
    assert_true(vbt_legal(t, "control North-Sea"));
    vbt_free(t);
}

/* EVIDENCE-OF (20): "Only an army comprising infantry and artillery may
 * carry out" the surprise: Turenne with 1 infantry, 1 artillery and his
 * cavalry may; with the cavalry alone he may not; with 1 infantry SP and
 * his cavalry he may (the reading: infantry or artillery to move, 20), so
 * he may with 1 elite infantry SP (infantry too) or with 1
 * artillery SP and his cavalry */
static void test_20_surprise_army(void **state)
{
    (void)state;
    for (int k = 0; k < 5; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int pic = Z(t, "Picardie");
        for (int i = 0; i < RS_NT; i++) {
            int keep = i == T_CAV || i == T_CAVE || ((k == 0 || k == 2) && i == T_INF) ||
                       ((k == 0 || k == 4) && i == T_ART) || (k == 3 && i == T_INFE);
            int n = keep ? (i == T_CAV || i == T_CAVE ? s->z[pic].army[RS_F][i] : 1) : 0;
            s->c[RS_F].reserve[i] = (uint8_t)(s->c[RS_F].reserve[i] + s->z[pic].army[RS_F][i] - n);
            s->z[pic].army[RS_F][i] = (uint8_t)n;
        }
        check_ok(t);
        vbt_act(t, "end-campaign");
        vbt_dice(t, "1");
        assert_int_equal(s->phase, P_SURP_CHOOSE);
        assert_int_equal(vbt_legal(t, "surprise Turenne"), k != 1);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (20): "Only an army comprising infantry and artillery may
 * carry out a movement of a single zone"; "A general without an army
 * cannot move then carry out a movement with an army taken on the way":
 * Turenne's surprise into Artois, where France M's army stands, neither
 * takes its units nor leaves its own there before the halt (units left
 * would escape the march's attrition, units taken would suffer it);
 * in a summer campaign the same step offers both (k = 1; thirtieth
 * session, helper rsb: the surprise's condition dropped from the offer
 * passed every test before) */
static void test_20_surprise_nothing_on_the_way(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        if (!k) {
            vbt_act(t, "end-campaign");
            vbt_dice(t, "1"); /* the season ends */
            vbt_act(t, "surprise Turenne");
            vbt_dice(t, "3");
        }
        vbt_act(t, "move Turenne");
        vbt_act(t, "march");
        step(t, "to Artois");
        assert_int_equal(S(t)->phase, P_MV_STEP);
        assert_int_equal(vbt_legal(t, "pick France-inf"), k);
        assert_int_equal(vbt_legal(t, "drop France-inf"), k);
        assert_true(vbt_legal(t, "halt"));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (20): "The cavalry does not move", out of the fortress
 * either: in Turenne's surprise the infantry SP of Picardie's garrison may
 * join his march, its cavalry SP may not; in a summer campaign both may
 * (k = 1; thirtieth session, helper rsb: the surprise's condition dropped
 * from the garrison's offer passed every test before) */
static void test_20_surprise_no_cavalry_from_garrison(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int pic = Z(t, "Picardie");
        s->c[RS_F].reserve[KIND(0, T_INF)]--;
        s->c[RS_F].reserve[KIND(0, T_CAV)]--;
        s->z[pic].garr[KIND(0, T_INF)] = 1;
        s->z[pic].garr[KIND(0, T_CAV)] = 1;
        check_ok(t);
        if (!k) {
            vbt_act(t, "end-campaign");
            vbt_dice(t, "1"); /* the season ends */
            vbt_act(t, "surprise Turenne");
            vbt_dice(t, "3");
        }
        vbt_act(t, "move Turenne");
        assert_true(vbt_legal(t, "from-garrison France-inf"));
        assert_int_equal(vbt_legal(t, "from-garrison France-cav"), k);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (20): "Roll a D6. If the result is less than or equal to
 * the general's SC, the strategic surprise occurs": Coehoorn (SC 0, TC 1)
 * never leads one, not on a 1 (thirtieth session, helper rsb: the test
 * read against the TC passed every test before, the Devolution's
 * generals having SC = TC) */
static void test_20_surprise_reads_sc(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->gz[G(t, "Coehoorn")] = (int8_t)Z(t, "Brabant");
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1"); /* the season ends */
    vbt_act(t, "no-surprise");
    vbt_act(t, "surprise Coehoorn");
    vbt_dice(t, "1");
    assert_true(vbt_logged(t, "No strategic surprise: D6 1 > SC 0 of Coehoorn"));
    assert_int_not_equal(S(t)->phase, P_IMPULSE);
    vbt_free(t);
}

/* EVIDENCE-OF (20): "only one army per camp may lead a strategic surprise"
 * (the reading "No interception during a strategic surprise"): Turenne's
 * surprise into Flandre et Hainaut is not intercepted by Spain A's army
 * next door in Brabant; his summer march there may be (k = 1; thirtieth
 * session, helper rsb: the surprise's condition dropped from
 * `can_intercept` passed every test before) */
static void test_20_surprise_not_intercepted(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        if (!k) {
            vbt_act(t, "end-campaign");
            vbt_dice(t, "1"); /* the season ends */
            vbt_act(t, "surprise Turenne");
            vbt_dice(t, "3");
        }
        vbt_act(t, "move Turenne");
        vbt_act(t, "march");
        vbt_act(t, "to Flandre-et-Hainaut");
        assert_int_equal(S(t)->phase, k ? P_ICPT : P_MV_STEP);
        assert_int_equal(vbt_legal(t, "intercept-from Brabant"), k);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_20_surprise),
        cmocka_unit_test(test_20_surprise_coalition_initiative),
        cmocka_unit_test(test_20_surprise_one_army),
        cmocka_unit_test(test_20_surprise_general_killed),
        cmocka_unit_test(test_20_surprise_ends),
        cmocka_unit_test(test_20_surprise_harsh_winter),
        cmocka_unit_test(test_20_surprise_army),
        cmocka_unit_test(test_20_surprise_nothing_on_the_way),
        cmocka_unit_test(test_20_surprise_no_cavalry_from_garrison),
        cmocka_unit_test(test_20_surprise_reads_sc),
        cmocka_unit_test(test_20_surprise_not_intercepted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
