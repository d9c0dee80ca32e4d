/* test_holland.c - the War in Holland (§24.3): the set-up as printed
 * (placement, cursors, objectives, maritime capacities), the Swedish entry
 * in 1675 and every random event of 1672-1678 rolled with its die. */
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

static vbt *holland(void)
{
    return vbt_new("roi-soleil", "holland", 1);
}

static int garr(vbt *t, const char *zone)
{
    return rs_sp(S(t)->z[Z(t, zone)].garr);
}

/* EVIDENCE-OF (24.3.2): the placement as printed */
static void test_24_3_2_placement(void **state)
{
    (void)state;
    vbt *t = holland();
    rs_state *s = S(t);
    /* France */
    assert_int_equal(garr(t, "Artois"), 2);
    assert_int_equal(s->z[Z(t, "Artois")].fv, 2);
    assert_int_equal(s->z[Z(t, "Alsace")].fv, 2);
    assert_int_equal(rs_army(s, Z(t, "Picardie"), RS_F), 27);
    assert_int_equal(units(t, "Picardie", RS_F, "France", T_INFE), 2);
    assert_int_equal(units(t, "Picardie", RS_F, "France", T_CAV), 9);
    assert_int_equal(units(t, "Picardie", RS_F, "France", T_CAVE), 2);
    assert_int_equal(s->gz[G(t, "Louis XIV")], Z(t, "Picardie"));
    assert_int_equal(s->gz[G(t, "Conde")], Z(t, "Picardie"));
    assert_int_equal(s->gz[G(t, "Vauban")], Z(t, "Picardie"));
    assert_int_equal(rs_army(s, Z(t, "Champagne et Brie"), RS_F), 24);
    assert_int_equal(garr(t, "Champagne et Brie"), 2);
    assert_int_equal(s->gz[G(t, "Turenne")], Z(t, "Champagne et Brie"));
    assert_int_equal(rs_army(s, Z(t, "Roussillon"), RS_F), 3);
    assert_int_equal(s->gz[G(t, "France D")], Z(t, "Roussillon"));
    assert_int_equal(s->z[Z(t, "Lorraine")].mk, RS_F);
    assert_int_equal(units(t, "Cologne", RS_F, "France", T_INF), 4);
    assert_int_equal(units(t, "Cologne", RS_F, "Empire", T_INF), 9);
    assert_int_equal(s->z[Z(t, "Cologne")].mk, RS_F);
    assert_int_equal(s->z[Z(t, "Munster")].mk, RS_F);
    assert_int_equal(s->gz[G(t, "Luxembourg")], Z(t, "Cologne"));
    assert_int_equal(s->gz[G(t, "France B")], Z(t, "Cologne"));
    assert_int_equal(units(t, "Angleterre", RS_F, "Great Britain", T_INF), 10);
    assert_int_equal(rs_army(s, Z(t, "Angleterre"), RS_F), 14);
    assert_int_equal(s->gz[G(t, "Great Britain D")], Z(t, "Angleterre"));
    /* Coalition */
    assert_int_equal(units(t, "Brandebourg", RS_C, "Brandenburg", T_INF), 7);
    assert_int_equal(units(t, "Brandebourg", RS_C, "Brandenburg", T_CAV), 2);
    assert_int_equal(s->gz[G(t, "Frederic-Guillaume")], Z(t, "Brandebourg"));
    assert_int_equal(rs_army(s, Z(t, "Hollande"), RS_C), 7);
    assert_int_equal(garr(t, "Hollande"), 2);
    assert_int_equal(s->gz[G(t, "Coehoorn")], Z(t, "Hollande"));
    assert_int_equal(units(t, "Frise", RS_C, "United Provinces", T_INF), 4);
    assert_int_equal(rs_army(s, Z(t, "Liege"), RS_C), 3);
    assert_int_equal(s->z[Z(t, "Liege")].fv, 4);
    assert_int_equal(s->z[Z(t, "Liege")].mk, RS_C);
    assert_int_equal(garr(t, "Franche-Comte"), 1);
    assert_int_equal(units(t, "Brabant", RS_C, "Spain", T_INF), 2);
    assert_int_equal(garr(t, "Luxembourg"), 3);
    assert_int_equal(s->gz[G(t, "Spain B")], Z(t, "Flandre et Hainaut"));
    assert_int_equal(units(t, "Navarre", RS_C, "Spain", T_INF), 2);
    assert_int_equal(garr(t, "Catalogne"), 2);
    assert_int_equal(s->z[Z(t, "Palatinat")].fv, 1);
    assert_int_equal(s->z[Z(t, "Hesse-Cassel")].mk, RS_C);
    static const char *const ctrl_c[] = {"Hanovre",   "Bade",   "Wurtemberg", "Ansbach",
                                         "Wurzbourg", "Treves", "Mayence"};
    for (int i = 0; i < 7; i++)
        assert_int_equal(rs_ctrl(t->g, s, Z(t, ctrl_c[i])), RS_C);
    /* the Empire's other zones are its French ally's */
    assert_int_equal(rs_ctrl(t->g, s, Z(t, "Saxe")), RS_F);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3, 24.3.1): playable zones, cursors, objectives, maritime
 * capacity, the resource points they give */
static void test_24_3_1_context(void **state)
{
    (void)state;
    vbt *t = holland();
    rs_state *s = S(t);
    const rs_scen *sc = RS_SCEN(t->g, s);
    /* Great Britain Doubt 6 (one space from Neutral), the Empire Doubt 4 */
    assert_int_equal(s->scamp[ST(t, "Great Britain")], RS_F);
    assert_int_equal(s->alpos[ST(t, "Great Britain")], -1);
    assert_int_equal(s->alpos[ST(t, "Empire")], -1);
    /* Sweden: Unbreakable 2 from 1675, not at war before */
    assert_int_equal(s->scamp[ST(t, "Sweden")], -1);
    assert_int_equal(sc->alpos[ST(t, "Sweden")], -3);
    assert_int_equal(sc->alyear[ST(t, "Sweden")], 1675);
    assert_false(rs_enterable(t->g, s, Z(t, "Breme"), RS_C));
    /* reconstructed: Spain U2, Austria D4, Brandenburg D3 */
    assert_int_equal(s->alpos[ST(t, "Spain")], 5);
    assert_int_equal(s->alpos[ST(t, "Austria")], 3);
    assert_int_equal(s->alpos[ST(t, "Brandenburg")], 2);
    /* the whole map but the states that do not enter the war (13.1.2) */
    assert_true(rs_enterable(t->g, s, Z(t, "Irlande"), RS_C));
    assert_false(rs_enterable(t->g, s, Z(t, "Baviere"), RS_F));
    assert_false(rs_enterable(t->g, s, Z(t, "Piemont"), RS_F));
    assert_true(sc->neutral[ST(t, "Italian States")]);
    /* objectives: Holland, Frise, Franche-Comte, Alsace; GP cursor 0 */
    assert_int_equal(sc->nobj, 4);
    assert_int_equal(sc->obj[0], Z(t, "Hollande"));
    assert_int_equal(sc->obj[3], Z(t, "Alsace"));
    assert_int_equal(s->gp, 0);
    assert_int_equal(s->init, RS_F);
    /* maritime capacity 15 each */
    assert_int_equal(rs_maritime(t->g, s, RS_F), 15);
    assert_int_equal(rs_maritime(t->g, s, RS_C), 15);
    /* 8.1: France 12 + Lorraine, Cologne, Munster (markers) 3 + Saxony 2/2
     * + Great Britain 5/2; the Coalition: Spain 18, United Provinces 4,
     * the ten marked Empire zones 10, Austria 3/2, Brandenburg 1/2 */
    vbt_dice(t, "1");
    assert_int_equal(S(t)->c[RS_F].rp, 12 + 3 + 1 + 2);
    assert_int_equal(S(t)->c[RS_C].rp, 18 + 4 + 10 + 1);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3 maritime capacity): "France: 15 SP. When Great Britain
 * is neutral, the capacity goes to 5. Coalition: 15 SP. When Great Britain
 * is allied, the capacity goes to 25." */
static void test_24_3_maritime(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1674, "5"); /* Great Britain backs out */
    assert_true(S(t)->neutralised[ST(t, "Great Britain")]);
    assert_int_equal(rs_maritime(t->g, S(t), RS_F), 5);
    assert_int_equal(rs_maritime(t->g, S(t), RS_C), 15);
    vbt_free(t);
    t = holland();
    event(t, 1678, "4"); /* Great Britain joins the Coalition */
    assert_int_equal(rs_maritime(t->g, S(t), RS_F), 5);
    assert_int_equal(rs_maritime(t->g, S(t), RS_C), 25);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 24.3.1): "Sweden: Unbreakable 2 (1675)": its cursor is
 * placed in its official year of entry; its units cannot be recruited and
 * its zone not entered before */
static void test_24_3_sweden_1675(void **state)
{
    (void)state;
    vbt *t = holland();
    rs_state *s = S(t);
    assert_true(rs_not_yet_at_war(t->g, s, ST(t, "Sweden")));
    s->year = 1674;
    rs_start_year(t->g, s, &t->cx);
    assert_int_equal(s->scamp[ST(t, "Sweden")], -1);
    s->year = 1675;
    rs_start_year(t->g, s, &t->cx);
    assert_int_equal(s->scamp[ST(t, "Sweden")], RS_F);
    assert_int_equal(s->alpos[ST(t, "Sweden")], -3);
    assert_true(vbt_logged(t, "Sweden enters the war with france"));
    assert_true(rs_enterable(t->g, s, Z(t, "Breme"), RS_C));
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1672-4): "Flooding of Holland. No movement in the zone." */
static void test_1672_4_flood(void **state)
{
    (void)state;
    vbt *t = holland();
    rs_to_campaign(t, "4");
    assert_int_equal(S(t)->flood, Z(t, "Hollande"));
    assert_false(rs_enterable(t->g, S(t), Z(t, "Hollande"), RS_F));
    vbt_act(t, "move Luxembourg");
    vbt_act(t, "march");
    assert_false(vbt_legal(t, "to Hollande"));
    assert_true(vbt_legal(t, "to Liege"));
    /* the Dutch army already there stays: its generals cannot march */
    S(t)->active = RS_C;
    S(t)->who = RS_C;
    S(t)->phase = P_IMPULSE;
    S(t)->mv.gen = -1;
    assert_false(vbt_legal(t, "move Guillaume"));
    assert_true(vbt_legal(t, "move Frederic-Guillaume"));
    vbt_free(t);
    /* no flood without the event */
    t = holland();
    rs_to_campaign(t, "3");
    assert_int_equal(S(t)->flood, -1);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1672-4, 13.3): "Flooding of Holland. No movement in
 * the zone": the Dutch army in Holland (Guillaume) cannot intercept out of
 * it; without the flood it may (Luxembourg's French march from Cologne to
 * Munster, next to Holland) */
static void test_1672_4_flood_no_interception(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = holland();
        rs_to_campaign(t, k ? "4" : "3");
        vbt_act(t, "move Luxembourg");
        vbt_act(t, "march");
        vbt_act(t, "to Munster");
        assert_int_equal(S(t)->phase == P_ICPT, !k);
        if (!k)
            assert_true(vbt_legal(t, "intercept-from Hollande"));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (13.4, 13.1.1): "a certain number of SP per game turn, in
 * one or more times": the maritime capacity counts the SP carried across
 * the sea at each crossing. Guillaume's 7 SP sail from Holland to Friesland
 * with 7 SP of capacity left: none is left for a second crossing in the
 * same march, and the 4 SP he picks up on land in Friesland do not count. */
static void test_13_4_capacity_per_crossing(void **state)
{
    (void)state;
    vbt *t = holland();
    rs_to_campaign(t, "3");
    rs_state *s = S(t);
    s->active = RS_C;
    s->who = RS_C;
    s->boxc[0] = RS_C; /* the North Sea */
    s->c[RS_C].rp = 30;
    int cap = rs_maritime(t->g, s, RS_C);
    assert_true(cap >= 7);
    s->c[RS_C].mar_used = (uint8_t)(cap - 7);
    vbt_act(t, "move Guillaume");
    vbt_act(t, "march");
    step(t, "via North-Sea Frise");
    if (s->phase == P_ICPT)
        vbt_act(t, "no-interception");
    assert_int_equal(s->c[RS_C].mar_used, cap);
    assert_false(vbt_legal(t, "via North-Sea Flandre-et-Hainaut"));
    vbt_act(t, "pick United-Provinces-inf");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    /* 14: "maritime movement" leads to attrition too */
    assert_true(vbt_logged(t, "[14] Attrition of the coalition army in Frise"));
    assert_int_equal(s->c[RS_C].mar_used, cap);
    vbt_free(t);

    /* the other seas count the same: Turenne's 3 French SP sail from
     * Provence to Roussillon across the Mediterranean, France's */
    t = holland();
    rs_to_campaign(t, "3");
    s = S(t);
    s->active = RS_F;
    s->who = RS_F;
    s->c[RS_F].rp = 30;
    s->c[RS_F].mar_used = 0;
    int pro = Z(t, "Provence"), med = -1;
    for (int b = 0; b < RS_NBOX; b++)
        if (vb_name_eq(RS_D(t->g)->b[b].name, "Mediterranean Sea"))
            med = b;
    assert_true(med > 0);
    s->boxc[med] = RS_F;
    s->gz[G(t, "Turenne")] = (int8_t)pro;
    s->gmoved = 0;
    s->c[RS_F].reserve[T_INF] = (uint8_t)(s->c[RS_F].reserve[T_INF] - 3);
    s->z[pro].army[RS_F][T_INF] = (uint8_t)(s->z[pro].army[RS_F][T_INF] + 3);
    int sp = rs_army(s, pro, RS_F);
    assert_true(sp <= rs_maritime(t->g, s, RS_F));
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "via Mediterranean-Sea Roussillon");
    assert_int_equal(s->c[RS_F].mar_used, sp);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1672-5, 13.4.1): "Admiral Ruyter (dutch). Bonus of
 * +1 for the Coalition for the maritime control of the zones Atlantic Ocean
 * and North Sea." (read as -1 to France's rolls, as the maritime powers'
 * modifier) */
static void test_1672_5_admiral(void **state)
{
    (void)state;
    vbt *t = holland();
    rs_to_campaign(t, "5");
    assert_true(vbt_logged(t, "coalition rolls +1 for the control of North Sea, Atlantic Ocean"));
    assert_int_equal(rs_box_mod(S(t), 0, RS_C), 1);
    assert_int_equal(rs_box_mod(S(t), 1, RS_F), -1);
    assert_int_equal(rs_box_mod(S(t), 2, RS_F), 0); /* not the Mediterranean */
    vbt_act(t, "control North-Sea");
    vbt_dice(t, "5");
    assert_true(vbt_logged(t, "North Sea: D6 5-1 < 5, no change"));
    assert_int_equal(S(t)->boxc[0], -1);
    vbt_act(t, "control Mediterranean-Sea");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->boxc[2], RS_F);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1672-6): "The French player draws one of the
 * Coalition's Cabinet strategy markers at random. This ... marker, unused
 * by the Coalition, increase the GP cursor by one space" */
static void test_1672_6_draw(void **state)
{
    (void)state;
    vbt *t = holland();
    vbt_dice(t, "6");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "6");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_CAB_ROLL); /* France's markers stay */
    vbt_dice(t, "6");
    vbt_act(t, "take battle");
    vbt_act(t, "take siege");
    vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_CAB_DRAW);
    vbt_dice(t, "marker-2");
    assert_int_equal(S(t)->c[RS_C].pstate[1], PK_ASIDE);
    assert_int_equal(S(t)->gp, 1);
    assert_int_equal(S(t)->phase, P_IMPULSE);
    assert_int_equal(S(t)->ndraw, 0); /* nothing left to draw (the file's to_draw) */
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1673-4, 1673-6, 1677-6): the pursuit -1; Louis XIV
 * "not removed" (no rule removes him otherwise: nothing changes) */
static void test_1673_pursuit_louis(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1673, "4");
    assert_int_equal(S(t)->pursuit_mod, -1);
    vbt_free(t);
    t = holland();
    event(t, 1673, "6");
    assert_true(vbt_logged(t, "Louis XIV stays with the army"));
    assert_int_equal(S(t)->gz[G(t, "Louis XIV")], Z(t, "Picardie"));
    assert_int_equal(S(t)->pursuit_mod, 0);
    vbt_free(t);
    t = holland();
    event(t, 1677, "6");
    assert_true(vbt_logged(t, "Louis XIV stays with the army"));
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1673-5): "Roll a D6: Pay half the RP indicated ...
 * (round up ...). Remove from the Reserve the number of SP of Swedish
 * infantry and/or cavalry. Place the Swedish general A and the units at
 * Bremen." */
static void test_1673_5_sweden_paid(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1673, "5");
    vbt_dice(t, "5");
    rs_state *s = S(t);
    assert_int_equal(units(t, "Breme", RS_F, "Sweden", T_INF), 4);
    assert_int_equal(units(t, "Breme", RS_F, "Sweden", T_CAV), 1);
    assert_int_equal(s->gz[G(t, "Sweden A")], Z(t, "Breme"));
    assert_int_equal(s->scamp[ST(t, "Sweden")], RS_F); /* in the war at once */
    assert_int_equal(s->c[RS_F].rp, 18 + 1 - 3);       /* Bremen's RP, 3 paid */
    /* paid once, out of this year's RP: no adjustment left pending (the
     * state file's event_rp_france) */
    assert_int_equal(s->rp_adj[RS_F], 0);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1674-4): "Place the Danish general A and 4 x Inf at Bremen." */
static void test_1674_4_danes(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1674, "4");
    assert_int_equal(units(t, "Breme", RS_C, "Denmark", T_INF), 4);
    assert_int_equal(S(t)->gz[G(t, "Denmark A")], Z(t, "Breme"));
    assert_int_equal(S(t)->sp_adj[RS_C], 4);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1674-5): "Place Great Britain's alliance cursor in
 * the neutral space." (22.1: its units and generals to France's Reserve) */
static void test_1674_5_britain_out(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1674, "5");
    rs_state *s = S(t);
    assert_true(s->neutralised[ST(t, "Great Britain")]);
    assert_int_equal(rs_army(s, Z(t, "Angleterre"), RS_F), 0);
    assert_int_equal(s->c[RS_F].reserve[KIND(ST(t, "Great Britain"), T_INF)], 10);
    assert_int_equal(s->gz[G(t, "Great Britain B")], GZ_RESERVE);
    int allies, obj, col[4];
    rs_diplomacy(t->g, s, 18, 0, &allies, &obj, col);
    assert_int_equal(allies, -1);
    check_ok(t);
    vbt_free(t);
    /* 17.2: a French general whose army was English alone, beside a
     * Spanish army in Brabant, is left without units and taken */
    t = holland();
    s = S(t);
    int gi = KIND(ST(t, "Great Britain"), T_INF), bra = Z(t, "Brabant");
    s->z[Z(t, "Angleterre")].army[RS_F][gi] -= 2;
    s->z[bra].army[RS_F][gi] = 2;
    s->gz[G(t, "France A")] = (int8_t)bra;
    event(t, 1674, "5");
    assert_int_equal(rs_army(s, bra, RS_F), 0);
    assert_int_equal(s->gz[G(t, "France A")], GZ_PRISON);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 10.5): "When a state is neutralised, all its units
 * and generals are removed from the map and are placed in the Reserve of
 * its allied camp": Great Britain's SP and generals, neutralised by 1674-5,
 * wait in France's Reserve; France does not recruit them (no zone of
 * theirs is controlled, and they are not set up in France instead) */
static void test_1674_5_britain_not_recruited(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1674, "5");
    rs_event_to_campaign(t);
    rs_state *s = S(t);
    assert_int_equal(s->phase, P_RECRUIT);
    assert_int_equal(s->who, RS_F);
    assert_int_equal(s->c[RS_F].reserve[KIND(ST(t, "Great Britain"), T_INF)], 10);
    assert_int_equal(s->gz[G(t, "Great Britain B")], GZ_RESERVE);
    vbt_act(t, "recruit-in Picardie");
    assert_true(vbt_legal(t, "recruit France-inf Picardie"));
    assert_false(vbt_legal(t, "recruit Great-Britain-inf Picardie"));
    assert_false(vbt_legal(t, "recruit Great-Britain-B Picardie"));
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1674-6): "Roll a D6 and remove from the map or from
 * the Reserve the number of SP of French infantry indicated. Put them in the
 * zone France Ouest. These units cannot carry out movement during the year
 * 1674. Bonus of +1 for the Coalition for maritime control in the Atlantic
 * and the North Sea." */
static void test_1674_6_tromp(void **state)
{
    (void)state;
    vbt *t = holland();
    rs_state *s = S(t);
    int fi = KIND(ST(t, "France"), T_INF);
    s->c[RS_F].reserve[fi] = 1; /* the Reserve has 1: 2 more from the map */
    s->sp_adj[RS_F] = -9;
    event(t, 1674, "6");
    vbt_dice(t, "3");
    s = S(t);
    assert_int_equal(s->z[Z(t, "France Ouest")].army[RS_F][fi], 3);
    assert_int_equal(s->z[Z(t, "France Ouest")].stay, 3);
    assert_int_equal(s->z[Z(t, "Picardie")].army[RS_F][fi], 13 - 2);
    assert_int_equal(rs_box_mod(s, 1, RS_C), 1);
    check_ok(t);
    /* a general in France Ouest marches without them */
    s->gz[G(t, "France A")] = (int8_t)Z(t, "France Ouest");
    s->z[Z(t, "France Ouest")].army[RS_F][fi] = 5;
    s->z[Z(t, "Picardie")].army[RS_F][fi] = 9;
    s->phase = P_IMPULSE;
    s->active = RS_F;
    s->who = RS_F;
    s->mv.gen = -1;
    vbt_act(t, "move France-A");
    assert_int_equal(S(t)->mv.sp[fi], 2);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1674-6): "These units cannot carry out movement
 * during the year 1674": in 1675 they are free again (France Ouest is the
 * map's first zone) */
static void test_1674_6_tromp_one_year(void **state)
{
    (void)state;
    vbt *t = holland();
    rs_state *s = S(t);
    int fo = Z(t, "France Ouest");
    event(t, 1674, "6");
    vbt_dice(t, "3");
    assert_int_equal(s->z[fo].stay, 3);
    s->year = 1675;
    rs_start_year(t->g, s, &t->cx);
    for (int z = 0; z < ((const rs_data *)t->g->data)->nz; z++)
        assert_int_equal(s->z[z].stay, 0);
    vbt_free(t);
}

/* EVIDENCE-OF (17.2, 24.3.3 1673-5, 1674-4, 1675-4), eighteenth session:
 * units an event brings (Swedes paid by France, Danes placed for the
 * Coalition, French infantry levied against a revolt) take an enemy general
 * who stands alone in their zone: "A general who finds himself without
 * units is taken prisoner" */
static void test_17_2_event_arrivals(void **state)
{
    (void)state;
    vbt *t = holland();
    int sb = G(t, "Spain B"), fa = G(t, "France A");
    S(t)->gz[sb] = (int8_t)Z(t, "Breme");
    event(t, 1673, "5");
    vbt_dice(t, "5");
    assert_int_equal(S(t)->gz[sb], GZ_PRISON);
    check_ok(t);
    vbt_free(t);
    t = holland();
    S(t)->gz[fa] = (int8_t)Z(t, "Breme");
    event(t, 1674, "4");
    assert_int_equal(S(t)->gz[fa], GZ_PRISON);
    check_ok(t);
    vbt_free(t);
    t = holland();
    S(t)->gz[sb] = (int8_t)Z(t, "France Ouest");
    event(t, 1675, "4");
    vbt_dice(t, "3");
    assert_true(rs_army(S(t), Z(t, "France Ouest"), RS_F) > 0);
    assert_int_equal(S(t)->gz[sb], GZ_PRISON);
    check_ok(t);
    vbt_free(t);
}

/* frozen SP do not retreat with their army either (17.2) */
static void test_1675_frozen_retreat(void **state)
{
    (void)state;
    vbt *t = holland();
    int fi = KIND(ST(t, "France"), T_INF), fo = Z(t, "France Ouest");
    event(t, 1675, "4");
    vbt_dice(t, "3");
    rs_state *s = S(t);
    /* a Dutch landing beats the French army of France Ouest, which withdraws */
    int ui = KIND(ST(t, "United Provinces"), T_INF);
    s->c[RS_C].reserve[ui] = 0;
    s->z[fo].army[RS_C][ui] = 6;
    s->z[fo].army[RS_F][fi] = 5;
    s->c[RS_F].reserve[fi] = 5;
    s->gz[G(t, "France A")] = (int8_t)fo;
    s->c[RS_F].rp = 10;
    s->cb.zone = (int8_t)fo;
    s->cb.att = RS_C;
    s->phase = P_CB_LOSER;
    s->who = RS_F;
    vbt_act(t, "withdraw Guyenne-et-Gascogne");
    assert_int_equal(S(t)->z[fo].army[RS_F][fi], 3);
    assert_int_equal(S(t)->z[Z(t, "Guyenne et Gascogne")].army[RS_F][fi], 2);
    assert_int_equal(S(t)->c[RS_F].rp, 9); /* 2 SP: 1 RP */
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1675-4, 1675-5, 1676-6): D6 French infantry SP to
 * France Ouest, Guyenne & Gascogne, France Ouest, frozen for the year;
 * the Reserve's first */
static void test_1675_1676_revolts(void **state)
{
    (void)state;
    static const struct {
        int year;
        const char *die, *zone;
    } rows[] = {{1675, "4", "France Ouest"},
                {1675, "5", "Guyenne et Gascogne"},
                {1676, "6", "France Ouest"}};
    for (int i = 0; i < 3; i++) {
        vbt *t = holland();
        int fi = KIND(ST(t, "France"), T_INF);
        event(t, rows[i].year, rows[i].die);
        vbt_dice(t, "4");
        assert_int_equal(S(t)->z[Z(t, rows[i].zone)].army[RS_F][fi], 4);
        assert_int_equal(S(t)->z[Z(t, rows[i].zone)].stay, 4);
        assert_int_equal(S(t)->c[RS_F].reserve[fi], 10 - 4);
        assert_int_equal(rs_box_mod(S(t), 1, RS_C), 0); /* no admiral here */
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.3.3 1675-6): "Two French infantry SP are removed from the
 * Spanish front (Roussillon and all of Spain) and put in the Reserve. If
 * there is no French unit present, ignore this event. These 2 SP are no
 * longer available for 1675." */
static void test_1675_6_spanish_front(void **state)
{
    (void)state;
    vbt *t = holland();
    int fi = KIND(ST(t, "France"), T_INF);
    event(t, 1675, "6");
    assert_int_equal(S(t)->z[Z(t, "Roussillon")].army[RS_F][fi], 0);
    assert_int_equal(S(t)->c[RS_F].reserve[fi], 12);
    assert_int_equal(rs_locked(S(t), RS_F, fi), 2);
    check_ok(t);
    vbt_free(t);
    t = holland();
    S(t)->z[Z(t, "Roussillon")].army[RS_F][fi] = 0;
    S(t)->c[RS_F].reserve[fi] = 12;
    event(t, 1675, "6");
    assert_true(vbt_logged(t, "the event is ignored"));
    assert_int_equal(rs_locked(S(t), RS_F, fi), 0);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1676-4, 1676-5): Duquesne: +1 for France in the
 * Mediterranean; D6 imperial infantry SP from the map to the Reserve, not
 * available for 1676 */
static void test_1676_duquesne_transylvania(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1676, "4");
    assert_int_equal(rs_box_mod(S(t), 2, RS_F), 1);
    assert_int_equal(rs_box_mod(S(t), 0, RS_F), 0);
    vbt_free(t);
    t = holland();
    int ai = KIND(ST(t, "Austria"), T_INF);
    S(t)->c[RS_C].reserve[ai] = 3;
    S(t)->z[Z(t, "Boheme")].army[RS_C][ai] = 3;
    event(t, 1676, "5");
    vbt_dice(t, "5");
    assert_int_equal(S(t)->z[Z(t, "Boheme")].army[RS_C][ai], 0);
    assert_int_equal(S(t)->c[RS_C].reserve[ai], 6);
    assert_int_equal(rs_locked(S(t), RS_C, ai), 3);
    check_ok(t);
    vbt_free(t);
    /* "from the map": armies wherever they stand (Cologne is French), then
     * the camp's garrisons (Palatinat) */
    t = holland();
    rs_state *s = S(t);
    s->c[RS_C].reserve[ai] = 1;
    s->z[Z(t, "Boheme")].army[RS_C][ai] = 3;
    s->z[Z(t, "Cologne")].army[RS_C][ai] = 1;
    s->z[Z(t, "Palatinat")].garr[ai] = 1;
    assert_int_equal(rs_ctrl(t->g, s, Z(t, "Cologne")), RS_F);
    assert_int_equal(rs_ctrl(t->g, s, Z(t, "Palatinat")), RS_C);
    check_ok(t);
    event(t, 1676, "5");
    vbt_dice(t, "5");
    assert_int_equal(s->z[Z(t, "Boheme")].army[RS_C][ai], 0);
    assert_int_equal(s->z[Z(t, "Cologne")].army[RS_C][ai], 0);
    assert_int_equal(s->z[Z(t, "Palatinat")].garr[ai], 0);
    assert_int_equal(s->c[RS_C].reserve[ai], 6);
    assert_int_equal(rs_locked(s, RS_C, ai), 5);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1677-4, 1678-5): "The French player must spend 4 SP
 * [RP] to increase the FV of the fortresses of the zones in France during
 * the Fortress & Line of defence sequence." */
static void test_1677_4_iron_belt(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1677, "4");
    assert_int_equal(S(t)->forced_fort, 4);
    rs_state *s = S(t);
    s->phase = P_FORT;
    s->who = RS_F;
    s->c[RS_F].rp = 10;
    assert_false(vbt_legal(t, "done"));
    assert_false(vbt_legal(t, "fortify Cologne")); /* not in France */
    assert_false(vbt_legal(t, "line Picardie"));
    vbt_act(t, "fortify Picardie");
    assert_false(vbt_legal(t, "done"));
    vbt_act(t, "fortify Champagne-et-Brie");
    assert_int_equal(S(t)->c[RS_F].rp, 6);
    assert_true(vbt_legal(t, "done"));
    assert_true(vbt_legal(t, "fortify Cologne"));
    vbt_free(t);
    /* France Ouest, the map's first zone, is in France: with a French SP
     * there its fortress is among the forced ones, and the only one when
     * the other fortresses of France were raised this turn */
    t = holland();
    event(t, 1677, "4");
    s = S(t);
    s->phase = P_FORT;
    s->who = RS_F;
    s->c[RS_F].rp = 10;
    put(t, "France Ouest", RS_F, T_INF, 1);
    assert_int_equal(Z(t, "France Ouest"), 0);
    for (int z = 1; z < RS_D(t->g)->nz; z++)
        if (RS_D(t->g)->z[z].state == RS_D(t->g)->st_france)
            s->z[z].frozen |= 1;
    assert_false(vbt_legal(t, "done"));
    assert_false(vbt_legal(t, "fortify Picardie"));
    vbt_act(t, "fortify France-Ouest");
    assert_int_equal(S(t)->c[RS_F].rp, 8);
    assert_int_equal(S(t)->forced_fort, 2);
    assert_true(vbt_legal(t, "done")); /* none left to raise: ignored */
    vbt_free(t);
    /* "If this is not possible, ignore this event": 1 RP, no fortress of
     * France can be raised; the sequence goes on as usual */
    t = holland();
    event(t, 1677, "4");
    s = S(t);
    s->phase = P_FORT;
    s->who = RS_F;
    s->c[RS_F].rp = 1;
    assert_true(vbt_legal(t, "done"));
    assert_true(vbt_legal(t, "line Picardie"));
    assert_false(vbt_legal(t, "fortify Picardie"));
    vbt_free(t);
    t = holland();
    event(t, 1678, "5");
    assert_int_equal(S(t)->forced_fort, 4);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1677-5, 1678-6): "Move Austria's alliance cursor one
 * space toward neutrality." */
static void test_1677_5_austria(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1677, "5");
    assert_int_equal(S(t)->alpos[ST(t, "Austria")], 2);
    vbt_free(t);
    t = holland();
    event(t, 1678, "6");
    assert_int_equal(S(t)->alpos[ST(t, "Austria")], 2);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 24.3.3 1678-4): the Diplomacy Table's allies line is
 * the "number of Coalition allies neutralised - number of French allies
 * neutralised": Great Britain, France's ally at the start of the Holland
 * war, joins the Coalition in 1678 (4); neutralised after that (four
 * spaces toward Neutral from its U4), it is a Coalition ally neutralised:
 * +1 for France, not -1 */
static void test_22_1_neutralised_after_changing_sides(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1678, "4");
    rs_state *s = S(t);
    int gb = ST(t, "Great Britain"), allies, obj, col[4];
    assert_true(RS_SCEN(t->g, s)->alpos[gb] < 0); /* France's at the start */
    rs_diplomacy(t->g, s, 18, 0, &allies, &obj, col);
    int before = allies;
    for (int i = 0; i < 4; i++)
        rs_move_cursor(t->g, s, gb, RS_F, &t->cx);
    assert_true(s->neutralised[gb]);
    assert_int_equal(s->scamp[gb], RS_C);
    rs_diplomacy(t->g, s, 18, 0, &allies, &obj, col);
    assert_int_equal(allies, before + 1);
    check_ok(t);
    reload_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.3.3 1678-4): "Great Britain joins the Coalition. The
 * alliance cursor is placed in the space Unbreakable 5 [U3]. If Great
 * Britain is already in the Coalition, ignore this event." 22.1: "If this
 * state changes alliance, its units and generals are then placed in the
 * Reserve of their new camp." */
static void test_1678_4_britain_joins(void **state)
{
    (void)state;
    vbt *t = holland();
    event(t, 1678, "4");
    rs_state *s = S(t);
    int gb = ST(t, "Great Britain");
    assert_int_equal(s->scamp[gb], RS_C);
    assert_int_equal(s->alpos[gb], 4);
    assert_int_equal(rs_army(s, Z(t, "Angleterre"), RS_F), 0);
    assert_int_equal(s->c[RS_C].reserve[KIND(gb, T_INF)], 10);
    assert_int_equal(s->sp_adj[RS_C], 14);
    assert_int_equal(rs_gcamp(t->g, s, G(t, "Great Britain B")), RS_C);
    assert_int_equal(s->gz[G(t, "Great Britain B")], GZ_RESERVE);
    assert_int_equal(rs_ctrl(t->g, s, Z(t, "Angleterre")), RS_C);
    /* 22.1, 5.3: France keeps a zone of the state that it still holds
     * with an army of its own (3 French infantry SP in England at the
     * event: a French control marker there); France's own zones take none */
    {
        vbt *t2 = holland();
        rs_state *s2 = S(t2);
        int an = Z(t2, "Angleterre"), pic = Z(t2, "Picardie");
        put(t2, "Angleterre", RS_F, T_INF, 3);
        assert_true(rs_army(s2, pic, RS_F) > 0);
        event(t2, 1678, "4");
        assert_int_equal(s2->z[an].mk, RS_F);
        assert_int_equal(rs_ctrl(t2->g, s2, an), RS_F);
        assert_int_equal(s2->z[pic].mk, -1);
        check_ok(t2);
        vbt_free(t2);
    }
    /* 5.3 with 22.1: a French army alone in England, now the Coalition's,
     * takes it (a control marker: the state is no longer France's ally) */
    put(t, "Angleterre", RS_F, T_INF, 3);
    rs_update_control(t->g, s, Z(t, "Angleterre"));
    assert_int_equal(s->z[Z(t, "Angleterre")].mk, RS_F);
    assert_int_equal(rs_ctrl(t->g, s, Z(t, "Angleterre")), RS_F);
    check_ok(t);
    vbt_free(t);
    /* 17.2: a French general whose army was English alone, beside a
     * Spanish army in Brabant, is left without units and taken */
    t = holland();
    s = S(t);
    int gi = KIND(gb, T_INF), bra = Z(t, "Brabant");
    s->z[Z(t, "Angleterre")].army[RS_F][gi] -= 2;
    s->z[bra].army[RS_F][gi] = 2;
    s->gz[G(t, "France A")] = (int8_t)bra;
    event(t, 1678, "4");
    assert_int_equal(rs_army(s, bra, RS_F), 0);
    assert_int_equal(s->gz[G(t, "France A")], GZ_PRISON);
    check_ok(t);
    vbt_free(t);
    /* 22.1: "its units ... are then placed in the Reserve of their new
     * camp": an English SP in the garrison of a French fortress (Artois)
     * too, and one in the French army of France Ouest (zone 0 of the map);
     * a Spanish garrison (Luxembourg, the Coalition's) keeps its own */
    t = holland();
    s = S(t);
    int art = Z(t, "Artois"), lux = Z(t, "Luxembourg"), fo = Z(t, "France Ouest");
    s->z[Z(t, "Angleterre")].army[RS_F][gi] -= 2;
    s->z[art].garr[gi] = 1;
    s->z[fo].army[RS_F][gi] = 1;
    int before = s->c[RS_C].reserve[gi], lg = rs_sp(s->z[lux].garr);
    event(t, 1678, "4");
    assert_int_equal(s->z[art].garr[gi], 0);
    assert_int_equal(s->z[fo].army[RS_F][gi], 0);
    assert_int_equal(s->c[RS_C].reserve[gi], before + 10);
    assert_int_equal(rs_sp(s->z[lux].garr), lg);
    check_ok(t);
    vbt_free(t);
    /* already with the Coalition: ignored */
    t = holland();
    S(t)->scamp[ST(t, "Great Britain")] = RS_C;
    S(t)->alpos[ST(t, "Great Britain")] = 2;
    event(t, 1678, "4");
    assert_true(vbt_logged(t, "the event is ignored"));
    assert_int_equal(S(t)->alpos[ST(t, "Great Britain")], 2);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_24_3_2_placement),
        cmocka_unit_test(test_24_3_1_context),
        cmocka_unit_test(test_24_3_maritime),
        cmocka_unit_test(test_24_3_sweden_1675),
        cmocka_unit_test(test_1672_4_flood),
        cmocka_unit_test(test_13_4_capacity_per_crossing),
        cmocka_unit_test(test_1672_4_flood_no_interception),
        cmocka_unit_test(test_1672_5_admiral),
        cmocka_unit_test(test_1672_6_draw),
        cmocka_unit_test(test_1673_pursuit_louis),
        cmocka_unit_test(test_1673_5_sweden_paid),
        cmocka_unit_test(test_1674_4_danes),
        cmocka_unit_test(test_1674_5_britain_out),
        cmocka_unit_test(test_1674_5_britain_not_recruited),
        cmocka_unit_test(test_1674_6_tromp),
        cmocka_unit_test(test_1674_6_tromp_one_year),
        cmocka_unit_test(test_1675_frozen_retreat),
        cmocka_unit_test(test_1675_1676_revolts),
        cmocka_unit_test(test_1675_6_spanish_front),
        cmocka_unit_test(test_1676_duquesne_transylvania),
        cmocka_unit_test(test_1677_4_iron_belt),
        cmocka_unit_test(test_1677_5_austria),
        cmocka_unit_test(test_1678_4_britain_joins),
        cmocka_unit_test(test_17_2_event_arrivals),
        cmocka_unit_test(test_22_1_neutralised_after_changing_sides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
