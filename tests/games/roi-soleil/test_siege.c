/* test_siege.c - the rules of sieges (18): the modifiers, the rounds, every
 * result code (A, S, S+, Es, Sh, Br, #FV) with the owner's choices, the war
 * effort, naval support and a victorious siege's consequences. Positions
 * are the Devolution set-up, edited where a case needs it, with scripted
 * dice (the helpers are in rs_test.h). Split from test_combat.c (battles). */
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

/* EVIDENCE-OF (18.1.2): the siege modifiers, case by case */
static void test_18_1_2_modifiers(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state *s = S(t);
    int z = Z(t, "Lorraine");
    char why[160];
    static const struct {
        const char *sect;
        int camp, inf, art, fv, gen, gcamp, effort, breach, want;
    } rows[] = {
        {"18.1.2 assault from 7/1 (14 v 2)", RS_F, 14, 0, 2, -1, 0, 0, 0, 1},
        {"18.1.2 no assault at 6/1 (13 v 2)", RS_F, 13, 0, 2, -1, 0, 0, 0, 0},
        {"18.1.2 bombardment +1 per artillery SP", RS_F, 2, 2, 2, -1, 0, 0, 0, 2},
        {"18.1.2 war effort", RS_F, 2, 0, 2, -1, 0, 1, 0, 1},
        {"18.1.2 breach", RS_F, 2, 0, 2, -1, 0, 0, 1, 1},
        {"18.1.2 Louis XIV besieging", RS_F, 2, 0, 2, 0, RS_F, 0, 0, 1},
        {"18.1.2 Vauban besieging", RS_F, 2, 0, 2, 1, RS_F, 0, 0, 2},
        {"18.1.2 Vauban besieged", RS_C, 2, 0, 2, 1, RS_F, 0, 0, -1},
        {"18.1.2 Coehoorn besieging", RS_C, 2, 0, 2, 2, RS_C, 0, 0, 1},
        {"18.1.2 Coehoorn besieged", RS_F, 2, 0, 2, 2, RS_C, 0, 0, -1},
    };
    int gens[3] = {G(t, "Louis XIV"), G(t, "Vauban"), G(t, "Coehoorn")};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        memset(s->z[z].army, 0, sizeof s->z[z].army);
        for (int k = 0; k < 3; k++)
            s->gz[gens[k]] = GZ_OUT;
        if (rows[i].gen >= 0)
            s->gz[gens[rows[i].gen]] = (int8_t)z;
        s->z[z].army[rows[i].camp][T_INF] = (uint8_t)rows[i].inf;
        s->z[z].army[rows[i].camp][T_ART] = (uint8_t)rows[i].art;
        s->z[z].fv = (uint8_t)rows[i].fv;
        s->sg.zone = (int8_t)z;
        s->sg.camp = (int8_t)rows[i].camp;
        s->sg.effort = (int8_t)rows[i].effort;
        s->sg.breach = (int8_t)rows[i].breach;
        s->sg.naval = 0;
        int m = rs_siege_mods(t->g, s, why, sizeof why);
        if (m != rows[i].want)
            fail_msg("%s: modifier %d (%s), expected %d", rows[i].sect, m, why, rows[i].want);
    }
    /* 18.1.1: the column of the ratio; half the cavalry, rounded down */
    static const uint8_t u[RS_NT] = {3, 1, 3, 0, 1};
    assert_int_equal(rs_siege_strength(u), 3 + 1 + 1 + 1);
    /* a defender of 1 (an empty FV1 fortress) is a plain ratio, 3/1 in
     * column 2, not the 6/1 of no defender at all */
    static const int col[][3] = {{14, 2, 5}, {5, 3, 0}, {4, 2, 1}, {11, 2, 4},
                                 {12, 2, 5}, {3, 1, 2}, {1, 1, 0}, {3, 0, 5}};
    for (size_t i = 0; i < sizeof col / sizeof col[0]; i++)
        if (rs_siege_col(col[i][0], col[i][1]) != col[i][2])
            fail_msg("18.1.1: %d/%d gives column %d, expected %d", col[i][0], col[i][1],
                     rs_siege_col(col[i][0], col[i][1]), col[i][2]);
    vbt_free(t);
}

/* ---- 18 siege ---- */
static void test_18_siege(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    int fh = Z(t, "Flandre et Hainaut");
    /* EVIDENCE-OF (18.1.1): infantry and artillery plus half the cavalry */
    assert_int_equal(rs_siege_strength(S(t)->z[fh].army[RS_F]), 13 + 2 + 2);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "1");
    int rp = S(t)->c[RS_F].rp;
    vbt_act(t, "war-effort");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 1);
    /* 17/4 -> 4/1; +1 effort +2 bombardment; D6 6 = 9 -> -1FV */
    vbt_dice(t, "6");
    assert_true(vbt_logged(t, "17/4, column 3; D6 6 +1 war effort +2 bombardment = 9"));
    assert_int_equal(S(t)->z[fh].fv, 3);
    /* the rounds are spent: the siege ends, and no siege is in progress
     * (a state file's "siege" names no zone, France Ouest neither) */
    assert_int_equal(S(t)->phase, P_IMPULSE);
    assert_int_equal(S(t)->sg.zone, -1);
    /* 9 (one marker of a category per zone per campaign): a second Siege
     * marker held does not besiege Flandre et Hainaut again this campaign;
     * the zone's mark cleared (a new campaign), it would */
    rs_state *s = S(t);
    s->c[RS_F].pick[s->c[RS_F].npick] = CAT_SIEGE;
    s->c[RS_F].pstate[s->c[RS_F].npick] = PK_HELD;
    s->c[RS_F].npick++;
    assert_false(vbt_legal(t, "siege Flandre-et-Hainaut"));
    s->z[fh].used[RS_F] = 0;
    assert_true(vbt_legal(t, "siege Flandre-et-Hainaut"));
    vbt_free(t);
}

/* EVIDENCE-OF (18.1, 22.3): a siege is of a fortress (FV 1 or more): a
 * Coalition army alone in France Ouest, which stays French without a
 * fortress, has nothing to besiege there */
static void test_18_1_no_fortress_no_siege(void **state)
{
    (void)state;
    vbt *t = coalition_campaign_with_siege();
    rs_state *s = S(t);
    int fo = Z(t, "France Ouest");
    put(t, "France Ouest", RS_C, T_INF, 3);
    s->gz[G(t, "Spain B")] = (int8_t)fo;
    check_ok(t);
    assert_int_equal(s->z[fo].fv, 0);
    assert_int_equal(rs_ctrl(t->g, s, fo), RS_F);
    assert_false(vbt_legal(t, "siege France-Ouest"));
    s->z[fo].fv = 1; /* a French fortress there, no garrison: besieged */
    assert_true(vbt_legal(t, "siege France-Ouest"));
    vbt_free(t);
}

/* 18.1.3 "When there are no more FV and no more of the defender's armies,
 * the zone is conquered; place a control marker" with 22.3 "except the
 * France Ouest (West) zone which is always controlled by France": a
 * Coalition siege that razes a French fortress in France Ouest places no
 * Coalition marker there (6 Spanish SP against FV 1, 6/1, D6 4: -1FV) */
static void test_18_1_3_france_ouest_stays_french(void **state)
{
    (void)state;
    vbt *t = coalition_campaign_with_siege();
    rs_state *s = S(t);
    int fo = Z(t, "France Ouest");
    put(t, "France Ouest", RS_C, T_INF, 6);
    s->gz[G(t, "Spain B")] = (int8_t)fo;
    s->z[fo].fv = 1;
    check_ok(t);
    vbt_act(t, "siege France-Ouest");
    vbt_dice(t, "1"); /* one round */
    vbt_act(t, "no-effort");
    vbt_dice(t, "4");
    assert_int_equal(s->z[fo].fv, 0);
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->z[fo].mk, -1);
    assert_int_equal(rs_ctrl(t->g, s, fo), RS_F);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 A, 17.1.1): "A: see the Losses table": the
 * besieger's SP lost by the column of its army's size in SP (21: the 21-30
 * column, A = 5), not of its siege strength (11 infantry + half of 10
 * cavalry = 16: the 11-20 column, 4). 16/4 is 4/1; a 1 gives A. */
static void test_18_1_2_a_losses(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    rs_state *s = S(t);
    int fh = Z(t, "Flandre et Hainaut"), n = rs_army(s, fh, RS_F);
    assert_int_equal(n, 20);
    put(t, "Flandre et Hainaut", RS_F, T_INF, 1);
    memset(s->z[fh].army[RS_F], 0, RS_NT); /* the same 21 SP: 11 infantry, 10 cavalry */
    s->z[fh].army[RS_F][KIND(0, T_INF)] = 11;
    s->z[fh].army[RS_F][KIND(0, T_CAV)] = 10;
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    if (!vbt_logged(t, "16/4, column 3; D6 1 = 1") || !vbt_logged(t, "A: the besieger loses 5 SP"))
        fail_msg("%s", strstr(t->log, "[18") ? strstr(t->log, "[18") : t->log);
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->loss[RS_F], 5); /* 5 SP, not the whole army */
    lose_inf(t);
    assert_int_equal(rs_army(s, fh, RS_F), 16);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 S, S+): a sortie kills D6 SP of the besieger when the
 * D6 is below the best TC with the garrison; S+ without artillery is an S */
static void test_18_1_2_sortie(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        S(t)->gz[G(t, "Spain A")] = (int8_t)Z(t, "Luxembourg");
        put(t, "Brabant", RS_C, T_INF, 0);
        vbt_act(t, "move France-N");
        march_to(t, "1", "to Luxembourg", NULL);
        int res = S(t)->c[RS_F].reserve[T_INF];
        vbt_act(t, "siege Luxembourg");
        vbt_dice(t, "1");
        vbt_act(t, "no-effort");
        vbt_dice(t, "1"); /* 1/7, no modifier: S+ */
        vbt_dice(t, k == 0 ? "1" : "2");
        lose_inf(t);
        if (k == 0) {
            assert_true(vbt_logged(t, "Sortie: D6 1 < TC 2, the besieger loses 1 SP"));
            assert_int_equal(S(t)->c[RS_F].reserve[T_INF], res + 1);
            assert_int_equal(rs_army(S(t), Z(t, "Luxembourg"), RS_F), 1);
        } else {
            assert_true(vbt_logged(t, "no effect"));
            assert_int_equal(rs_army(S(t), Z(t, "Luxembourg"), RS_F), 2);
        }
        assert_int_equal(S(t)->phase, P_IMPULSE); /* one round: the siege ends */
        vbt_free(t);
    }
}

/* EVIDENCE-OF (18.1.2 S+): "eliminate 1 artillery SP if this unit is
 * present": with the artillery of two nationalities the besieger picks which
 * (France N with 1 infantry, 1 cavalry, 1 French and 1 Bavarian artillery
 * against Luxembourg's FV4 and 3 infantry, Coehoorn in the garrison: 3/7,
 * column 1/1; D6 1 +2 bombardment -1 Coehoorn = 2: S+) */
static void test_18_1_2_spike_choice(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int lux = Z(t, "Luxembourg"), fa = KIND(0, T_ART), ba = KIND(5, T_ART);
    s->gz[G(t, "Spain A")] = (int8_t)lux;
    s->gz[G(t, "Coehoorn")] = (int8_t)lux;
    put(t, "Brabant", RS_C, T_INF, 0);
    vbt_act(t, "move France-N");
    march_to(t, "1", "to Luxembourg", NULL);
    put(t, "Luxembourg", RS_F, T_ART, 1);
    s->z[lux].army[RS_F][ba] = 1; /* a Bavarian gun, from outside the game */
    s->sp_adj[RS_F]++;
    int res = s->c[RS_F].reserve[ba], resf = s->c[RS_F].reserve[fa];
    vbt_act(t, "siege Luxembourg");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    if (!vbt_logged(t, "3/7, column 0; D6 1 -1 Coehoorn besieged +2 bombardment = 2"))
        fail_msg("%s", strstr(t->log, "[18.1.1]") ? strstr(t->log, "[18.1.1]") : t->log);
    assert_true(vbt_logged(t, "S+: the besieger's cannon are spiked"));
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->who, RS_F);
    assert_true(vbt_legal(t, "lose France-art"));
    assert_true(vbt_legal(t, "lose Bavaria-art"));
    assert_false(vbt_legal(t, "lose France-inf")); /* only artillery is spiked */
    check_ok(t);
    reload_ok(t);
    s = S(t);
    vbt_act(t, "lose Bavaria-art");
    assert_true(vbt_logged(t, "[18.1.2 S+] france eliminates 1 Bavaria-art SP"));
    assert_int_equal(s->z[lux].army[RS_F][ba], 0);
    assert_int_equal(s->z[lux].army[RS_F][fa], 1);
    assert_int_equal(s->c[RS_F].reserve[ba], res + 1);
    assert_int_equal(s->c[RS_F].reserve[fa], resf);
    assert_int_equal(rs_army(s, lux, RS_F), 3); /* no sortie besides */
    assert_int_equal(s->phase, P_IMPULSE);      /* one round: the siege ends */
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 #FV; Readings: a plain FV reduction): the garrison
 * beyond the new FV leaves the fortress for the zone, its owner picking
 * which SP (Franche-Comte FV2 with 1 Spanish infantry and 1 cavalry; 17 v 3
 * at 5/1, +2 bombardment; D6 3 = 5: -1FV, one SP beyond FV 1) */
static void test_18_1_2_out_choice(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int fc = Z(t, "Franche-Comte"), si = KIND(1, T_INF), sc = KIND(1, T_CAV);
        s->z[fc].fv = 2;
        s->c[RS_C].reserve[sc]--;
        s->z[fc].garr[sc] = 1;
        vbt_act(t, "move Turenne");
        march_to(t, "1", "to Champagne-et-Brie", "to Franche-Comte", NULL);
        vbt_act(t, "siege Franche-Comte");
        vbt_dice(t, "2");
        vbt_act(t, "no-effort");
        vbt_dice(t, "3");
        if (!vbt_logged(t, "17/3, column 4; D6 3 +2 bombardment = 5"))
            fail_msg("%s", t->log);
        assert_int_equal(s->z[fc].fv, 1);
        assert_int_equal(s->phase, P_LOSS);
        assert_int_equal(s->who, RS_C);
        assert_true(vbt_legal(t, "out Spain-inf"));
        assert_true(vbt_legal(t, "out Spain-cav"));
        assert_false(vbt_legal(t, "lose Spain-inf"));
        check_ok(t); /* the surplus waits for its owner's choice */
        reload_ok(t);
        s = S(t);
        vbt_act(t, k == 0 ? "out Spain-cav" : "out Spain-inf");
        assert_true(vbt_logged(t, "leaves the fortress for the zone"));
        assert_int_equal(s->z[fc].garr[si], k == 0 ? 1 : 0);
        assert_int_equal(s->z[fc].garr[sc], k == 0 ? 0 : 1);
        assert_int_equal(s->z[fc].army[RS_C][sc], k == 0 ? 1 : 0);
        assert_int_equal(s->z[fc].army[RS_C][si], k == 0 ? 0 : 1);
        /* an army of the defender in the zone: the siege ends (18.1) */
        assert_int_equal(s->phase, P_IMPULSE);
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (18.1.2 #FV, 18 "less than or equal to the FV"): a Coalition
 * siege of a French fortress. Alsace at FV1 with 1 French infantry SP in
 * garrison (kind 0), Spain A with 10 infantry and 2 cavalry: 11 v 2 at 5/1,
 * D6 5 = -1FV; the French infantry beyond FV 0 leaves the fortress for the
 * zone as an army (no choice: one kind), not for the French Reserve */
static void test_18_1_2_out_french(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    rs_state *s = S(t);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "6");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_dice(t, "6");
    vbt_act(t, "take siege");
    vbt_act(t, "done");
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* pursuit: the Coalition's campaign */
    assert_int_equal(s->active, RS_C);
    int als = Z(t, "Alsace"), bra = Z(t, "Brabant"), fi = KIND(0, T_INF), si = KIND(1, T_INF);
    int sc = KIND(1, T_CAV);
    s->z[als].fv = 1;
    s->c[RS_F].reserve[fi]--;
    s->z[als].garr[fi] = 1;
    s->gz[G(t, "Spain A")] = (int8_t)als;
    s->z[als].army[RS_C][si] = s->z[bra].army[RS_C][si];
    s->z[als].army[RS_C][sc] = s->z[bra].army[RS_C][sc];
    s->z[bra].army[RS_C][si] = s->z[bra].army[RS_C][sc] = 0;
    put(t, "Alsace", RS_C, T_INF, 6);
    assert_int_equal(rs_army(s, als, RS_C), 12);
    check_ok(t);
    int res = s->c[RS_F].reserve[fi];
    vbt_act(t, "siege Alsace");
    vbt_dice(t, "1"); /* one round */
    if (s->phase == P_SG_EFFORT)
        vbt_act(t, "no-effort");
    vbt_dice(t, "5");
    if (!vbt_logged(t, "11/2, column 4; D6 5"))
        fail_msg("%s", t->log);
    assert_int_equal(s->z[als].fv, 0);
    assert_false(vbt_logged(t, "leaves the fortress")); /* no choice asked */
    assert_int_equal(s->z[als].garr[fi], 0);
    assert_int_equal(s->z[als].army[RS_F][fi], 1);
    assert_int_equal(s->c[RS_F].reserve[fi], res);
    /* a French army in the zone: the siege ends unconquered (18.1.3) */
    assert_int_equal(rs_ctrl(t->g, s, als), RS_F);
    assert_int_equal(s->phase, P_IMPULSE);
    check_ok(t);
    vbt_free(t);
}

/* Turenne's army (17 SP) before Franche-Comte (FV1, one Spanish infantry)
 * with rp RP, its siege declared for two rounds */
static vbt *siege_franche_comte(int rp)
{
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Champagne-et-Brie", "to Franche-Comte", NULL);
    S(t)->c[RS_F].rp = (int16_t)rp;
    vbt_act(t, "siege Franche-Comte");
    vbt_dice(t, "2");
    return t;
}

/* EVIDENCE-OF (18.1.1 step 3): the war effort costs 1 RP, impossible without */
static void test_18_1_1_war_effort(void **state)
{
    (void)state;
    vbt *t = siege_franche_comte(0);
    /* no RP: the roll comes at once */
    assert_int_equal(S(t)->phase, P_SG_ROLL);
    /* 17/2: 6/1, +1 assault +2 bombardment; D6 1 = 4 -> -1FV: the garrison
     * beyond the new FV 0 stands as an army, the siege ends unconquered */
    vbt_dice(t, "1");
    int fc = Z(t, "Franche-Comte");
    assert_int_equal(S(t)->z[fc].fv, 0);
    assert_int_equal(rs_sp(S(t)->z[fc].garr), 0);
    assert_int_equal(rs_army(S(t), fc, RS_C), 1);
    assert_int_equal(rs_ctrl(t->g, S(t), fc), RS_C);
    assert_int_equal(S(t)->phase, P_IMPULSE);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.1 step 3): "The besieger chooses whether or not to
 * spend 1 RP": with exactly 1 RP the effort is offered, and once spent the
 * next round's roll comes at once (0 RP left) */
static void test_18_1_1_war_effort_last_rp(void **state)
{
    (void)state;
    vbt *t = siege_franche_comte(1);
    assert_int_equal(S(t)->phase, P_SG_EFFORT);
    assert_true(vbt_legal(t, "war-effort"));
    assert_true(vbt_legal(t, "no-effort"));
    vbt_act(t, "war-effort");
    assert_int_equal(S(t)->c[RS_F].rp, 0);
    assert_int_equal(S(t)->sg.effort, 1);
    assert_int_equal(S(t)->phase, P_SG_ROLL);
    check_ok(t);
    vbt_free(t);
    /* a state file at the choice with no RP left (a state the play reaches
     * only with 1 RP): the effort is not offered, 1 RP cannot be spent */
    t = siege_franche_comte(1);
    S(t)->c[RS_F].rp = 0;
    reload_ok(t);
    assert_int_equal(S(t)->phase, P_SG_EFFORT);
    assert_false(vbt_legal(t, "war-effort"));
    assert_true(vbt_legal(t, "no-effort"));
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 Es): "the surplus SP are eliminated": the garrison's
 * owner picks which (a FV2 with 1 infantry and 1 cavalry, 17 v 3 at 5/1,
 * +5: D6 5 = 10, Es -1FV: one SP beyond FV 1) */
static void test_18_1_2_es_choice(void **state)
{
    (void)state;
    vbt *t = brabant_es_siege();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant"), si = KIND(1, T_INF), sc = KIND(1, T_CAV);
    if (!vbt_logged(t, "Edge of the sword in Brabant"))
        fail_msg("%s", t->log);
    assert_int_equal(s->z[bra].fv, 1);
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->who, RS_C);
    assert_true(vbt_legal(t, "lose Spain-inf"));
    int res = s->c[RS_C].reserve[sc];
    vbt_act(t, "lose Spain-cav");
    assert_int_equal(s->z[bra].garr[si], 1);
    assert_int_equal(s->z[bra].garr[sc], 0);
    assert_int_equal(s->c[RS_C].reserve[sc], res + 1);
    assert_int_equal(s->phase, P_IMPULSE); /* one round: the siege ends */
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 Es): the Edge of the sword that leaves the fortress at
 * FV 0 sends the generals of the garrison's camp there without an army to
 * their Reserve (Brabant FV 1 with 1 Spanish infantry and Spain A) */
static void test_18_1_2_es_generals(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant"), si = KIND(1, T_INF), sa = G(t, "Spain A");
    for (int k = 0; k < RS_NT; k++) { /* the Spanish army leaves for the Reserve */
        s->c[RS_C].reserve[k] = (uint8_t)(s->c[RS_C].reserve[k] + s->z[bra].army[RS_C][k]);
        s->z[bra].army[RS_C][k] = 0;
    }
    s->c[RS_C].reserve[si]--;
    s->z[bra].garr[si] = 1;
    s->z[bra].fv = 1;
    assert_int_equal(s->gz[sa], bra);
    royal_army(t);
    march_to(t, "1", "to Brabant", NULL);
    vbt_act(t, "siege Brabant");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "5");
    if (!vbt_logged(t, "Edge of the sword in Brabant"))
        fail_msg("%s", t->log);
    assert_int_equal(s->z[bra].fv, 0);
    assert_int_equal(rs_sp(s->z[bra].garr), 0);
    assert_int_equal(s->gz[sa], GZ_RESERVE);
    assert_int_equal(s->gz[G(t, "Turenne")], bra);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 Sh): "the units and generals" of a surrendering
 * French garrison go with it, Louis XIV (the first general of the data)
 * too: Artois FV 1, 1 French infantry SP and Louis XIV, besieged by the
 * Coalition; the owner's choice set up directly, Picardie taken */
static void test_18_1_2_honours_louis(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int ar = Z(t, "Artois"), pic = Z(t, "Picardie"), lx = G(t, "Louis XIV");
    assert_int_equal(lx, 0);
    for (int i = 0; i < RS_NT; i++) { /* France M's army leaves for the Reserve */
        s->c[RS_F].reserve[i] = (uint8_t)(s->c[RS_F].reserve[i] + s->z[ar].army[RS_F][i]);
        s->z[ar].army[RS_F][i] = 0;
    }
    s->gz[G(t, "France M")] = GZ_RESERVE;
    s->c[RS_F].reserve[T_INF]--;
    s->z[ar].garr[T_INF] = 1;
    s->z[ar].fv = 1;
    s->gz[lx] = (int8_t)ar;
    s->active = RS_C;
    s->sg.zone = (int8_t)ar;
    s->sg.camp = RS_C;
    s->sg.rounds = 1;
    s->sg.round = 0;
    s->sg.fv0 = 2;
    /* the siege table's last row, 13, at 3/1: "Sh -1FV" (the state
     * file names the result's row and column) */
    s->k = 13;
    s->sub = 2;
    s->phase = P_HONOURS;
    s->who = RS_F;
    check_ok(t);
    reload_ok(t);
    s = S(t);
    int before = rs_army(s, pic, RS_F);
    vbt_act(t, "honours Picardie");
    assert_int_equal(s->gz[lx], pic);
    assert_int_equal(rs_army(s, pic, RS_F), before + 1);
    assert_int_equal(rs_ctrl(t->g, s, ar), RS_C);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 Sh): "the surplus SP are placed in an adjacent zone
 * controlled by their camp", the generals with them: France Ouest, the
 * map's first zone (0), receives a surrendering garrison of Picardie and
 * its general (Louis XIV) as any other zone */
static void test_18_1_2_honours_france_ouest(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie"), fo = Z(t, "France Ouest"), lx = G(t, "Louis XIV");
    assert_int_equal(fo, 0);
    for (int i = 0; i < RS_NT; i++) { /* the army there leaves for the Reserve */
        s->c[RS_F].reserve[i] = (uint8_t)(s->c[RS_F].reserve[i] + s->z[pic].army[RS_F][i]);
        s->z[pic].army[RS_F][i] = 0;
        s->c[RS_F].reserve[i] = (uint8_t)(s->c[RS_F].reserve[i] + s->z[pic].garr[i]);
        s->z[pic].garr[i] = 0;
    }
    s->c[RS_F].reserve[T_INF]--;
    s->z[pic].garr[T_INF] = 1;
    s->z[pic].fv = 1;
    s->gz[lx] = (int8_t)pic;
    s->active = RS_C;
    s->sg.zone = (int8_t)pic;
    s->sg.camp = RS_C;
    s->sg.rounds = 1;
    s->sg.round = 0;
    s->sg.fv0 = 2;
    s->k = 0;
    s->sub = 0;
    s->phase = P_HONOURS;
    s->who = RS_F;
    check_ok(t);
    assert_true(vbt_legal(t, "honours France-Ouest"));
    int before = rs_army(s, fo, RS_F);
    vbt_act(t, "honours France-Ouest");
    assert_int_equal(s->gz[lx], fo);
    assert_int_equal(rs_army(s, fo, RS_F), before + 1);
    check_ok(t);
    vbt_free(t);
}

/* a state file of t's position with one field changed is refused in one
 * line and leaves the position as it was */
/* EVIDENCE-OF (18.1.2 Sh): "the surplus SP are placed in an adjacent zone
 * controlled by their camp and the fortress falls under the control of the
 * besieger ... If their camp does not control an adjacent zone, the units
 * and generals are taken prisoner": the garrison's owner picks the zone;
 * one candidate needs no decision, as with the owner's losses (Brabant FV2
 * with 1 Spanish infantry, 1 cavalry and Spain A; Louis XIV, Turenne and
 * Vauban: 5/1, D6 6 +1 Louis +2 Vauban +2 bombardment = 11: Sh -1FV).
 * k = 0, 1: the Coalition holds Flandre et Hainaut, Luxembourg and Hollande
 * (United Provinces) and picks Luxembourg or Hollande; 2: Luxembourg and
 * Hollande French, the garrison goes to Flandre et Hainaut unasked; 3: all
 * three French, prisoners of France. */
static void test_18_1_2_honours_zone(void **state)
{
    (void)state;
    for (int k = 0; k < 4; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int bra = Z(t, "Brabant"), fh = Z(t, "Flandre et Hainaut"), lux = Z(t, "Luxembourg");
        int si = KIND(1, T_INF), sc = KIND(1, T_CAV), sa = G(t, "Spain A");
        for (int i = 0; i < RS_NT; i++) { /* the Spanish army leaves for the Reserve */
            s->c[RS_C].reserve[i] = (uint8_t)(s->c[RS_C].reserve[i] + s->z[bra].army[RS_C][i]);
            s->z[bra].army[RS_C][i] = 0;
        }
        int hol = Z(t, "Hollande"), fr[3] = {lux, hol, fh};
        for (int z = 0; z < (k == 2 ? 2 : k == 3 ? 3 : 0); z++) {
            /* French markers, the zone emptied of Coalition SP */
            int y = fr[z];
            for (int i = 0; i < RS_NT; i++) {
                s->c[RS_C].reserve[i] =
                    (uint8_t)(s->c[RS_C].reserve[i] + s->z[y].army[RS_C][i] + s->z[y].garr[i]);
                s->z[y].army[RS_C][i] = s->z[y].garr[i] = 0;
            }
            for (int i = 0; i < RS_D(t->g)->ng; i++)
                if (s->gz[i] == y)
                    s->gz[i] = GZ_RESERVE;
            s->z[y].mk = RS_F;
        }
        s->gz[sa] = (int8_t)bra; /* with the garrison */
        s->c[RS_C].reserve[si]--;
        s->c[RS_C].reserve[sc]--;
        s->z[bra].garr[si] = 1;
        s->z[bra].garr[sc] = 1;
        check_ok(t);
        if (k == 0) { /* Lorraine, playable and adjacent to Luxembourg, is nobody's */
            int lor = Z(t, "Lorraine");
            assert_int_equal(rs_ctrl(t->g, s, lor), -1);
            assert_true(rs_enterable(t->g, s, lor, RS_C));
            assert_false(rs_honours_ok(t->g, s, lux, lor, RS_C));
            assert_true(rs_honours_ok(t->g, s, lux, bra, RS_C));
            assert_false(
                rs_honours_ok(t->g, s, lux, Z(t, "Franche-Comte"), RS_C)); /* not adjacent */
        }
        int at[RS_MAXZ];
        for (int z = 0; z < RS_D(t->g)->nz; z++)
            at[z] = rs_army(s, z, RS_C);
        int pi = s->c[RS_C].prison[si], pc = s->c[RS_C].prison[sc];
        royal_army(t);
        march_to(t, "1", "to Brabant", NULL);
        vbt_act(t, "siege Brabant");
        vbt_dice(t, "2");
        vbt_act(t, "no-effort");
        vbt_dice(t, "6");
        if (!vbt_logged(t, "column 4; D6 6 +1 Louis XIV +2 Vauban +2 bombardment = 11"))
            fail_msg("%s", t->log);
        assert_int_equal(s->z[bra].fv, 1);
        if (k < 2) {
            /* the owner's decision: the two zones its camp controls */
            assert_int_equal(s->phase, P_HONOURS);
            assert_int_equal(s->who, RS_C);
            char prompt[256];
            t->g->def->prompt(t->g, s, prompt, sizeof prompt);
            assert_non_null(strstr(prompt, "Brabant surrenders with honours"));
            assert_true(vbt_legal(t, "honours Flandre-et-Hainaut"));
            assert_true(vbt_legal(t, "honours Luxembourg"));
            assert_true(vbt_legal(t, "honours Hollande"));
            assert_false(vbt_legal(t, "honours Picardie"));          /* French */
            assert_false(vbt_legal(t, "honours Champagne-et-Brie")); /* French */
            assert_false(vbt_legal(t, "honours Liege"));             /* neutral, not playable */
            assert_false(vbt_legal(t, "honours Franche-Comte"));     /* Spanish, not adjacent */
            assert_int_equal(vbt_try(t, "honours Picardie"), VB_EILLEGAL);
            assert_non_null(strstr(t->cx.err, "rule 18.1.2 Sh"));
            check_ok(t);
            reload_ok(t);
            s = S(t);
            /* a bad state file at the decision: refused in one line */
            refused_with(t, "who", json_string("france"), "surrender with honours");
            refused_with(t, "k", json_integer(5), "surrender with honours");
            vbt_act(t, k == 0 ? "honours Luxembourg" : "honours Hollande");
        }
        int to = k == 0 ? lux : k == 1 ? hol : k == 2 ? fh : -1;
        assert_int_equal(s->phase, P_IMPULSE); /* the fortress fell: the siege ends */
        assert_int_equal(s->z[bra].mk, RS_F);
        assert_int_equal(rs_ctrl(t->g, s, bra), RS_F);
        assert_int_equal(rs_sp(s->z[bra].garr), 0);
        assert_int_equal(rs_army(s, bra, RS_C), 0);
        if (to >= 0) {
            assert_int_equal(s->gz[sa], to);
            for (int z = 0; z < RS_D(t->g)->nz; z++) /* there, and nowhere else */
                assert_int_equal(rs_army(s, z, RS_C), z == bra ? 0 : at[z] + (z == to ? 2 : 0));
            char want[80];
            snprintf(want, sizeof want, "the garrison goes to %s", RS_D(t->g)->z[to].name);
            assert_true(vbt_logged(t, want));
            assert_int_equal(s->c[RS_C].prison[si], pi);
        } else {
            assert_int_equal(s->gz[sa], GZ_PRISON);
            assert_int_equal(s->c[RS_C].prison[si], pi + 1);
            assert_int_equal(s->c[RS_C].prison[sc], pc + 1);
            assert_true(vbt_logged(t, "the garrison is taken prisoner"));
        }
        check_ok(t);
        vbt_free(t);
    }
}

static void test_18_3_fv4_glory(void **state)
{
    (void)state;
    /* fv 4 as printed, then 3 (thirtieth session: "FV4" read as 3 or more
     * passed every test before): only the FV4 gives the GP */
    for (int fv = 4; fv >= 3; fv--) {
        vbt *t = campaign();
        royal_army(t);
        march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
        int fh = Z(t, "Flandre et Hainaut");
        assert_int_equal(S(t)->z[fh].fv, 4);
        S(t)->z[fh].fv = (uint8_t)fv;
        int up = S(t)->alpos[3];
        vbt_act(t, "siege Flandre-et-Hainaut");
        vbt_dice(t, "6");
        for (int i = 0; i < 3; i++) {
            vbt_act(t, "no-effort");
            vbt_dice(t, "6"); /* 17/4: +1 Louis +2 Vauban +2 bomb: 11+3 -> Br -1FV, then more */
            if (S(t)->phase != P_SG_CONT)
                break;
            vbt_act(t, "continue-siege");
        }
        while (S(t)->phase == P_SG_EFFORT) {
            vbt_act(t, "no-effort");
            vbt_dice(t, "6");
            if (S(t)->phase == P_SG_CONT)
                vbt_act(t, "continue-siege");
        }
        /* EVIDENCE-OF (18.3): an FV4 won in one campaign gives a GP and
         * moves the alliances */
        assert_int_equal(rs_ctrl(t->g, S(t), fh), RS_F);
        assert_int_equal(S(t)->gp, fv == 4 ? 7 : 6);
        assert_int_equal(S(t)->alpos[3], fv == 4 ? 5 : up); /* United Provinces toward Neutral */
        vbt_free(t);
    }
}

/* EVIDENCE-OF (22.1, 18.3, 17.2): an FV4 won in one campaign moves the
 * loser's allies toward Neutral; the United Provinces, one space from it,
 * are neutralised at the siege's end: their SP leave the map, and a
 * Spanish general left without units beside a French army (Champagne et
 * Brie) is taken prisoner */
static void test_22_1_neutralised_by_siege(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int cha = Z(t, "Champagne et Brie"), ui = KIND(3, T_INF), sb = G(t, "Spain B");
    s->c[RS_C].reserve[KIND(1, T_INF)] = (uint8_t)(s->c[RS_C].reserve[KIND(1, T_INF)] - 2);
    s->z[cha].army[RS_C][ui] = 2; /* a Dutch army under a Spanish general */
    s->gz[sb] = (int8_t)cha;
    s->alpos[3] = 1;
    check_ok(t);
    int res = s->c[RS_C].reserve[ui];
    royal_army(t);
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "6");
    while (s->phase == P_SG_EFFORT || s->phase == P_SG_CONT) {
        assert_false(s->neutralised[3]);
        if (s->phase == P_SG_CONT) {
            vbt_act(t, "continue-siege");
            continue;
        }
        vbt_act(t, "no-effort");
        vbt_dice(t, "6");
    }
    assert_int_equal(rs_ctrl(t->g, s, Z(t, "Flandre et Hainaut")), RS_F);
    assert_true(s->neutralised[3]);
    assert_int_equal(s->z[cha].army[RS_C][ui], 0);
    assert_int_equal(s->c[RS_C].reserve[ui], res + 2);
    assert_int_equal(s->gz[sb], GZ_PRISON);
    assert_int_equal(rs_ctrl(t->g, s, cha), RS_F);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.2): a siege backed from a controlled box of the zone's sea */
static void test_18_2_naval_support(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->boxc[0] = RS_F; /* France holds the North Sea */
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    assert_true(vbt_logged(t, "+2 bombardment +1 naval support"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_18_1_2_modifiers),
        cmocka_unit_test(test_18_siege),
        cmocka_unit_test(test_18_1_no_fortress_no_siege),
        cmocka_unit_test(test_18_1_3_france_ouest_stays_french),
        cmocka_unit_test(test_18_1_2_a_losses),
        cmocka_unit_test(test_18_1_2_sortie),
        cmocka_unit_test(test_18_1_2_spike_choice),
        cmocka_unit_test(test_18_1_2_out_choice),
        cmocka_unit_test(test_18_1_2_out_french),
        cmocka_unit_test(test_18_1_1_war_effort),
        cmocka_unit_test(test_18_1_1_war_effort_last_rp),
        cmocka_unit_test(test_18_1_2_es_choice),
        cmocka_unit_test(test_18_1_2_es_generals),
        cmocka_unit_test(test_18_1_2_honours_louis),
        cmocka_unit_test(test_18_1_2_honours_france_ouest),
        cmocka_unit_test(test_18_1_2_honours_zone),
        cmocka_unit_test(test_18_3_fv4_glory),
        cmocka_unit_test(test_22_1_neutralised_by_siege),
        cmocka_unit_test(test_18_2_naval_support),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
