/* test_succession.c - the War of Spanish Succession (§24.5): the set-up as
 * printed (placement with the reconstructed Brabant, cursors, objectives,
 * maritime capacities), every year's event kinds pinned, and the random
 * events of 1701-1713 rolled with their dice. */
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

/* EVIDENCE-OF (24.5.2): the placement as printed; Brabant reconstructed
 * (Spain: general A, 4 infantry, 1 cavalry; France: general L, 10
 * infantry, 8 cavalry, 1 artillery; FV4 and a line 1) */
static void test_24_5_2_placement(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int al = Z(t, "Alsace"), br = Z(t, "Brabant"), lu = Z(t, "Luxembourg");
    assert_int_equal(rs_army(s, al, RS_F), 18);
    assert_int_equal(units(t, "Alsace", RS_F, "France", T_INF), 10);
    assert_int_equal(units(t, "Alsace", RS_F, "France", T_INFE), 2);
    assert_int_equal(units(t, "Alsace", RS_F, "France", T_CAV), 3);
    assert_int_equal(units(t, "Alsace", RS_F, "France", T_CAVE), 2);
    assert_int_equal(units(t, "Alsace", RS_F, "France", T_ART), 1);
    assert_int_equal(s->gz[G(t, "Vauban")], al);
    assert_int_equal(s->gz[G(t, "France D")], al);
    assert_int_equal(s->z[al].fv, 2);
    static const struct {
        const char *zone;
        int fv;
    } fv[] = {{"Artois", 4},        {"Champagne et Brie", 4}, {"Dauphine", 1},
              {"Picardie", 4},      {"Provence", 1},          {"Roussillon", 1},
              {"Lorraine", 1},      {"Cologne", 2},           {"Luxembourg", 4},
              {"Baviere", 1},       {"Catalogne", 4},         {"Flandre et Hainaut", 4},
              {"Franche-Comte", 2}, {"Valence", 1},           {"Brabant", 4}};
    for (size_t i = 0; i < sizeof fv / sizeof fv[0]; i++)
        assert_int_equal(s->z[Z(t, fv[i].zone)].fv, fv[i].fv);
    for (const char *const *m =
             (const char *const[]){"Lorraine", "Cologne", "Ecosse", "Irlande", "Luxembourg", NULL};
         *m; m++)
        assert_int_equal(s->z[Z(t, *m)].mk, RS_F);
    assert_int_equal(units(t, "Ecosse", RS_F, "Jacobites", T_INF), 2);
    assert_int_equal(units(t, "Irlande", RS_F, "Jacobites", T_INF), 2);
    assert_int_equal(s->z[lu].garr[KIND(ST(t, "France"), T_INF)], 2);
    assert_int_equal(s->z[lu].garr[KIND(ST(t, "France"), T_CAV)], 1);
    assert_int_equal(units(t, "Baviere", RS_F, "Bavaria", T_INF), 4);
    assert_int_equal(units(t, "Baviere", RS_F, "Bavaria", T_CAV), 2);
    assert_int_equal(s->gz[G(t, "Maximilien")], Z(t, "Baviere"));
    assert_int_equal(s->z[Z(t, "Catalogne")].garr[KIND(ST(t, "Spain"), T_INF)], 2);
    /* Brabant, reconstructed */
    assert_int_equal(units(t, "Brabant", RS_F, "Spain", T_INF), 4);
    assert_int_equal(units(t, "Brabant", RS_F, "Spain", T_CAV), 1);
    assert_int_equal(units(t, "Brabant", RS_F, "France", T_INF), 10);
    assert_int_equal(units(t, "Brabant", RS_F, "France", T_CAV), 8);
    assert_int_equal(units(t, "Brabant", RS_F, "France", T_ART), 1);
    assert_int_equal(rs_army(s, br, RS_F), 24);
    assert_int_equal(s->gz[G(t, "Spain A")], br);
    assert_int_equal(s->gz[G(t, "France L")], br);
    assert_int_equal(s->z[br].line, 1);
    assert_int_equal(s->z[br].linec, RS_F);
    /* the reference brief's totals: France 40 SP, Spain 7 */
    int fr = 0, sp = 0;
    for (int z = 0; z < RS_D(t->g)->nz; z++) {
        fr += rs_nsum(s->z[z].army[RS_F], ST(t, "France")) + rs_nsum(s->z[z].garr, ST(t, "France"));
        sp += rs_nsum(s->z[z].army[RS_F], ST(t, "Spain")) + rs_nsum(s->z[z].garr, ST(t, "Spain"));
        assert_int_equal(rs_army(s, z, RS_C), 0); /* the Coalition list is printed empty */
    }
    assert_int_equal(fr, 40);
    assert_int_equal(sp, 7);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5, 24.5.1): capacities, initiative, cursors, objectives */
static void test_24_5_1_context(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    const rs_scen *sc = RS_SCEN(t->g, s);
    assert_int_equal(sc->start, 1701);
    assert_int_equal(sc->end, 1713);
    assert_int_equal(sc->initiative, RS_F);
    assert_int_equal(rs_maritime(t->g, s, RS_F), 5);
    assert_int_equal(rs_maritime(t->g, s, RS_C), 20);
    assert_int_equal(sc->leader[RS_F], ST(t, "France"));
    assert_int_equal(sc->leader[RS_C], ST(t, "Austria"));
    assert_int_equal(s->alpos[ST(t, "Spain")], -6);     /* Unbreakable 1 */
    assert_int_equal(s->alpos[ST(t, "Bavaria")], -3);   /* Unbreakable 2 */
    assert_int_equal(s->alpos[ST(t, "Jacobites")], -4); /* Unbreakable 1 */
    assert_int_equal(s->alpos[ST(t, "Savoy")], -2);     /* Doubt 3 */
    /* reconstructed: the Grand Alliance at war from 1701 */
    assert_int_equal(s->scamp[ST(t, "Great Britain")], RS_C);
    assert_int_equal(s->alpos[ST(t, "Great Britain")], 5); /* U2, as 1711-4's example */
    assert_int_equal(s->scamp[ST(t, "United Provinces")], RS_C);
    assert_int_equal(s->gp, 0);
    assert_int_equal(sc->nobj, 7);
    static const char *const obj[] = {"Luxembourg",         "Alsace",    "Milanais", "Brabant",
                                      "Flandre et Hainaut", "Catalogne", "Madrid"};
    for (int i = 0; i < 7; i++) {
        assert_int_equal(sc->obj[i], Z(t, obj[i]));
        assert_int_equal(rs_ctrl(t->g, s, Z(t, obj[i])), RS_F); /* all French at the start */
    }
    assert_true(sc->neutral[ST(t, "Italian States")]);
    assert_true(rs_enterable(t->g, s, Z(t, "Breme"), RS_F)); /* the whole map */
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3): the kind of every event of 1701-1713 */
static void test_24_5_3_event_kinds(void **state)
{
    (void)state;
    static const int kinds[13][3] = {{EV_NO_EFFECT, EV_CLOSED, EV_NO_EFFECT}, /* 1701 */
                                     {EV_LEVY, EV_TURN, EV_ROYAL},            /* 1702 */
                                     {EV_DRAW, EV_LEVY, EV_CROSSING},         /* 1703 */
                                     {EV_LANDING, EV_RECALL, EV_RECALL},      /* 1704 */
                                     {EV_DRAW, EV_ROYAL, EV_FORCE_LINE},      /* 1705 */
                                     {EV_FREE_PICK, EV_DRAW, EV_HIRE},        /* 1706 */
                                     {EV_RP, EV_WINTER, EV_DRAW},             /* 1707 */
                                     {EV_ROYAL, EV_LEVY, EV_RP},              /* 1708 */
                                     {EV_WINTER, EV_RP, EV_PURSUIT},          /* 1709 */
                                     {EV_LEVY, EV_RP, EV_REPLACE},            /* 1710 */
                                     {EV_CURSOR, EV_DRAW, EV_RESCUE},         /* 1711 */
                                     {EV_DEATH, EV_RP, EV_CEASEFIRE},         /* 1712 */
                                     {EV_CEASEFIRE, EV_PURSUIT, EV_END}};     /* 1713 */
    vbt *t = succession();
    const rs_scen *sc = RS_SCEN(t->g, S(t));
    for (int y = 0; y < 13; y++)
        for (int i = 0; i < 3; i++)
            assert_int_equal(sc->ev[y][i].kind, kinds[y][i]);
    /* values: the sign of each RP event, the pursuit and winter modifiers */
    assert_int_equal(sc->ev[6][0].value, -1);
    assert_int_equal(sc->ev[6][0].camp, RS_C);
    assert_int_equal(sc->ev[9][1].value, 1);
    assert_int_equal(sc->ev[11][1].value, 1);
    assert_int_equal(sc->ev[8][2].value, -1);
    assert_int_equal(sc->ev[12][1].value, -2);
    assert_int_equal(sc->ev[6][1].value, 1);
    assert_int_equal(sc->ev[2][2].value, 1);
    assert_int_equal(sc->ev[10][1].count, 2); /* 1711-5: two Coalition markers */
    assert_int_equal(sc->ev[10][1].camp, RS_C);
    assert_int_equal(sc->ev[2][0].camp, RS_F);
    assert_int_equal(sc->ev[4][0].camp, RS_C);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1701-4, 1701-6): about Savoyard units, none of which
 * can stand on the map in 1701: the event changes nothing */
static void test_1701_4_6_savoy(void **state)
{
    (void)state;
    vbt *t0 = succession();
    event(t0, 1701, "3");
    for (int i = 0; i < 2; i++) {
        vbt *t = succession();
        event(t, 1701, i ? "6" : "4");
        assert_int_equal(S(t)->phase, S(t0)->phase);
        assert_memory_equal(S(t)->z, S(t0)->z, sizeof S(t)->z);
        assert_memory_equal(S(t)->c, S(t0)->c, sizeof S(t)->c);
        vbt_free(t);
    }
    vbt_free(t0);
}

/* EVIDENCE-OF (24.5.3 1701-5): "No army of the French camp may enter this
 * zone in 1701." */
static void test_1701_5_venetia(void **state)
{
    (void)state;
    for (int ev = 0; ev < 2; ev++) {
        vbt *t = succession();
        event(t, 1701, ev ? "5" : "3");
        int v = Z(t, "Venetie");
        assert_int_equal(rs_enterable(t->g, S(t), v, RS_F), !ev);
        assert_true(rs_enterable(t->g, S(t), v, RS_C));
        assert_true(rs_enterable(t->g, S(t), Z(t, "Milanais"), RS_F));
        /* the next year it is open again */
        S(t)->year = 1702;
        rs_start_year(t->g, S(t), &t->cx);
        assert_true(rs_enterable(t->g, S(t), v, RS_F));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.5.3 1702-4, 1703-5): "remove from a zone in Italy the
 * indicated number of French infantry SP. Distribute them equally
 * beginning with the zones Provence, Dauphiné and Roussillon ... may not
 * carry out movement" (the Italian zone holding the most) */
static void test_1702_4_camisards(void **state)
{
    (void)state;
    int fi = -1;
    for (int y = 0; y < 2; y++) {
        vbt *t = succession();
        rs_state *s = S(t);
        fi = KIND(ST(t, "France"), T_INF);
        s->z[Z(t, "Milanais")].army[RS_F][fi] = 5;
        s->z[Z(t, "Piemont")].army[RS_F][fi] = 2;
        s->c[RS_F].reserve[fi] = 5; /* 7 of its 12 SP on the map */
        int alsace = s->z[Z(t, "Alsace")].army[RS_F][fi];
        event(t, y ? 1703 : 1702, y ? "5" : "4");
        vbt_dice(t, "4");
        assert_int_equal(s->z[Z(t, "Milanais")].army[RS_F][fi], 1);
        assert_int_equal(s->z[Z(t, "Piemont")].army[RS_F][fi], 2);
        assert_int_equal(s->z[Z(t, "Provence")].army[RS_F][fi], 2);
        assert_int_equal(s->z[Z(t, "Dauphine")].army[RS_F][fi], 1);
        assert_int_equal(s->z[Z(t, "Roussillon")].army[RS_F][fi], 1);
        assert_int_equal(rs_stay(s, Z(t, "Provence"), RS_F, fi), 2);
        assert_int_equal(s->c[RS_F].reserve[fi], 5); /* not from the Reserve */
        assert_int_equal(s->z[Z(t, "Alsace")].army[RS_F][fi], alsace);
        check_ok(t);
        vbt_free(t);
    }
    /* a 6 with 5 in Milan: only that zone's 5, Piedmont kept */
    vbt *t = succession();
    S(t)->z[Z(t, "Milanais")].army[RS_F][fi] = 5;
    S(t)->z[Z(t, "Piemont")].army[RS_F][fi] = 2;
    event(t, 1702, "4");
    vbt_dice(t, "6");
    assert_int_equal(S(t)->z[Z(t, "Milanais")].army[RS_F][fi], 0);
    assert_int_equal(S(t)->z[Z(t, "Piemont")].army[RS_F][fi], 2);
    assert_int_equal(S(t)->z[Z(t, "Provence")].army[RS_F][fi], 2);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1702-4, 13.3): the frozen French infantry "may not
 * carry out movement": it cannot intercept either (Provence's 2 SP with
 * France D; Eugene's army marches from Savoie into Dauphine, next to it;
 * k = 1: 1 SP more in Provence, not frozen, intercepts) */
static void test_1702_4_frozen_no_interception(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = succession();
        eugene_marches_on_dauphine(t, k);
        assert_int_equal(vbt_legal(t, "intercept-from Provence"), k);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.5.3 1710-4): from the Spanish zone with the most French
 * infantry to Guyenne and Roussillon; none in Spain: ignored */
static void test_1710_4_out_of_spain(void **state)
{
    (void)state;
    vbt *t = succession();
    int fi = KIND(ST(t, "France"), T_INF);
    S(t)->z[Z(t, "Madrid")].army[RS_F][fi] = 3;
    event(t, 1710, "4");
    vbt_dice(t, "5");
    assert_int_equal(S(t)->z[Z(t, "Madrid")].army[RS_F][fi], 0);
    assert_int_equal(S(t)->z[Z(t, "Guyenne et Gascogne")].army[RS_F][fi], 2);
    assert_int_equal(S(t)->z[Z(t, "Roussillon")].army[RS_F][fi], 1);
    vbt_free(t);
    t = succession();
    event(t, 1710, "4");
    vbt_dice(t, "5");
    assert_int_equal(S(t)->z[Z(t, "Guyenne et Gascogne")].army[RS_F][fi], 0);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1708-5): English infantry "removed from the map"
 * (not the Reserve) to England and Scotland, frozen */
static void test_1708_5_stuart(void **state)
{
    (void)state;
    vbt *t = succession();
    int gi = KIND(ST(t, "Great Britain"), T_INF);
    S(t)->z[Z(t, "Brabant")].army[RS_F][KIND(ST(t, "France"), T_INF)] = 0;
    S(t)->z[Z(t, "Hollande")].army[RS_C][gi] = 6;
    S(t)->c[RS_C].reserve[gi] = 4;
    event(t, 1708, "5");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->z[Z(t, "Hollande")].army[RS_C][gi], 3);
    assert_int_equal(S(t)->z[Z(t, "Angleterre")].army[RS_C][gi], 2);
    assert_int_equal(S(t)->z[Z(t, "Ecosse")].army[RS_C][gi], 1);
    assert_int_equal(S(t)->c[RS_C].reserve[gi], 4);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1702-5): at the diplomatic actions, D6 odd: one space
 * toward the Coalition, even: two, Neutral counted as a space (the printed
 * example: French Doubt 4, even -> Coalition Doubt 4; odd -> Neutral) */
static void test_1702_5_savoy_turns(void **state)
{
    (void)state;
    static const struct {
        int from;
        const char *die;
        int to, camp, neutral;
    } rows[] = {
        {-1, "4", 1, RS_C, 0}, {-1, "3", 0, -9, 1}, {-2, "5", -1, RS_F, 0}, {-2, "2", 0, -9, 1}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = succession();
        rs_state *s = S(t);
        int sv = ST(t, "Savoy"), si = KIND(sv, T_INF);
        event(t, 1702, "5");
        assert_int_equal(s->ev_late, 1);
        assert_int_equal(s->alpos[sv], -2); /* nothing yet */
        s->alpos[sv] = (int8_t)rows[i].from;
        s->sub = 0;
        rs_next_diplo(t->g, s, &t->cx);
        assert_int_equal(s->phase, P_EVENT_AMT);
        /* the die rolls after the year's recruitment: its recruits stay
         * counted and the state file keeps them (8.2) */
        s->c[RS_F].recruited = 6;
        reload_ok(t);
        s = S(t);
        assert_int_equal(s->c[RS_F].recruited, 6);
        vbt_dice(t, rows[i].die);
        assert_int_equal(s->ev_late, 0);
        assert_int_equal(s->alpos[sv], rows[i].to);
        assert_int_equal(s->neutralised[sv], rows[i].neutral);
        if (rows[i].camp != -9)
            assert_int_equal(s->scamp[sv], rows[i].camp);
        if (rows[i].camp == RS_C) { /* its Reserve SP change camps (22.1) */
            assert_int_equal(s->c[RS_F].reserve[si], 0);
            assert_int_equal(s->c[RS_C].reserve[si], 3);
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (11): "a Line of defence marker of a camp cannot be used by
 * the enemy camp. Remove the marker from the zone": only the enemy's line.
 * A French army (3 French and 1 Savoyard infantry SP) and a French line of
 * 1 in Piemont (no fortress); Savoy neutralised (1702-5, D6 3 from the
 * French Doubt space next to Neutral): its SP go to the Reserve and
 * Piemont, no camp's now, passes to France, whose own line stays
 * (rs_common.c:248) */
static void test_11_own_line_kept(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int sv = ST(t, "Savoy"), pi = Z(t, "Piemont");
    int fi = KIND(ST(t, "France"), T_INF), si = KIND(sv, T_INF);
    event(t, 1702, "5");
    assert_int_equal(rs_army(s, pi, RS_F) + rs_army(s, pi, RS_C), 0); /* empty at the start */
    s->z[pi].army[RS_F][fi] = 3;
    s->z[pi].army[RS_F][si] = 1;
    s->c[RS_F].reserve[fi] = (uint8_t)(s->c[RS_F].reserve[fi] - 3);
    s->c[RS_F].reserve[si] = (uint8_t)(s->c[RS_F].reserve[si] - 1);
    check_ok(t);
    s->z[pi].fv = 0;
    s->z[pi].line = 1;
    s->z[pi].linec = RS_F;
    s->alpos[sv] = -1;
    s->sub = 0;
    rs_next_diplo(t->g, s, &t->cx);
    vbt_dice(t, "3");
    assert_int_equal(s->neutralised[sv], 1);
    assert_int_equal(s->z[pi].army[RS_F][si], 0);
    assert_int_equal(rs_ctrl(t->g, s, pi), RS_F);
    assert_int_equal(s->z[pi].line, 1);
    assert_int_equal(s->z[pi].linec, RS_F);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (13.4.1): "+1: for the French camp for the control of the
 * Mediterranean Sea during the Spanish war of Succession. -1: for the
 * French camp for the control of the Atlantic Ocean and the North Sea
 * during the Spanish war of Succession" (the maritime powers' modifier set
 * aside here: Great Britain neutralised); the Coalition rolls plain */
static void test_13_4_1_succession_seas(void **state)
{
    (void)state;
    static const struct {
        int camp;
        const char *box, *die;
        int b, taken;
    } row[] = {
        {RS_F, "Mediterranean-Sea", "3", 2, 1}, /* 3 + 1 >= 4 */
        {RS_F, "Mediterranean-Sea", "2", 2, 0}, /* 2 + 1 < 4 */
        {RS_F, "North-Sea", "5", 0, 0},         /* 5 - 1 < 5 */
        {RS_F, "North-Sea", "6", 0, 1},         /* 6 - 1 >= 5 */
        {RS_F, "Atlantic-Ocean", "6", 1, 0},    /* 6 - 1 < 6 */
        {RS_C, "North-Sea", "5", 0, 1},         /* the Coalition: 5 >= 5 */
        {RS_C, "Mediterranean-Sea", "3", 2, 0}, /* 3 < 4 */
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        vbt *t = succession();
        rs_state *s = S(t);
        rs_to_campaign(t, "3");
        s->neutralised[ST(t, "Great Britain")] = 1;
        s->active = (int8_t)row[i].camp;
        s->who = (uint8_t)row[i].camp;
        s->c[row[i].camp].rp = 10;
        char act[64];
        snprintf(act, sizeof act, "control %s", row[i].box);
        vbt_act(t, act);
        vbt_dice(t, row[i].die);
        assert_int_equal(s->boxc[row[i].b], row[i].taken ? row[i].camp : -1);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.5.3 1703-6): +1 to attrition for an army of the French
 * camp that crossed the Tyrol in 1703 */
static void test_1703_6_tyrol(void **state)
{
    (void)state;
    int mod[2];
    for (int ev = 0; ev < 2; ev++) {
        vbt *t = succession();
        rs_to_campaign(t, "3");
        rs_set_year(t, 1703);
        S(t)->event = (int8_t)(ev ? 6 : 3);
        vbt_act(t, "move Maximilien");
        vbt_act(t, "march");
        step(t, "to Tyrol");
        vbt_act(t, "halt");
        assert_int_equal(S(t)->phase, P_ATTR);
        mod[ev] = S(t)->attr_mod;
        vbt_free(t);
    }
    assert_int_equal(mod[1] - mod[0], 1);
}

/* EVIDENCE-OF (24.5.3 1703-6): "any army of the French camp that crossed
 * the Tyrol zone": a French interception into the Tyrol counts too (the
 * Coalition marches from Milan to the Tyrol, Maximilien intercepts from
 * Bavaria) */
static void test_1703_6_tyrol_interception(void **state)
{
    (void)state;
    int mod[2];
    for (int ev = 0; ev < 2; ev++) {
        vbt *t = succession();
        rs_state *s = S(t);
        rs_to_campaign(t, "3");
        rs_set_year(t, 1703);
        s->event = (int8_t)(ev ? 6 : 3);
        s->active = RS_C;
        s->who = RS_C;
        int mi = Z(t, "Milanais"), ai = KIND(ST(t, "Austria"), T_INF);
        s->z[mi].army[RS_C][ai] = 4;
        s->c[RS_C].reserve[ai] = (uint8_t)(s->c[RS_C].reserve[ai] - 4);
        s->gz[G(t, "Eugene")] = (int8_t)mi;
        vbt_act(t, "move Eugene");
        vbt_act(t, "march");
        vbt_act(t, "to Tyrol");
        vbt_act(t, "intercept-from Baviere");
        vbt_dice(t, "6");
        assert_int_equal(s->phase, P_ATTR);
        assert_int_equal(s->attr_camp, RS_F);
        mod[ev] = s->attr_mod;
        vbt_free(t);
    }
    assert_int_equal(mod[1] - mod[0], 1);
}

/* EVIDENCE-OF (24.5.3 1704-4): "remove from the map the number of SP of
 * English and/or Dutch and/or German infantry with a Coalition general of
 * the same nationality. Put them in a zone of Spain that is controlled,
 * disputed or not controlled. No expenditure of RP is required." */
static void test_1704_4_portugal(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int gb = ST(t, "Great Britain"), gi = KIND(gb, T_INF), ho = Z(t, "Hollande");
    int ui = KIND(ST(t, "United Provinces"), T_INF);
    s->c[RS_C].reserve[gi] = (uint8_t)(s->c[RS_C].reserve[gi] - 5);
    s->z[ho].army[RS_C][gi] = 5;
    s->gz[G(t, "Marlborough")] = (int8_t)ho;
    /* more Dutch infantry in Frisia, but no Dutch general there */
    s->c[RS_C].reserve[ui] = (uint8_t)(s->c[RS_C].reserve[ui] - 7);
    s->z[Z(t, "Frise")].army[RS_C][ui] = 7;
    event(t, 1704, "4");
    vbt_dice(t, "3");
    assert_int_equal(s->phase, P_EVENT_ZONE);
    assert_int_equal(s->who, RS_C);
    assert_true(vbt_legal(t, "place Madrid")); /* French-controlled: allowed */
    assert_false(vbt_legal(t, "place Brabant"));
    vbt_act(t, "place Madrid");
    assert_int_equal(s->z[Z(t, "Madrid")].army[RS_C][gi], 3);
    assert_int_equal(s->z[ho].army[RS_C][gi], 2);
    assert_int_equal(s->z[Z(t, "Frise")].army[RS_C][ui], 7);
    assert_int_equal(s->gz[G(t, "Marlborough")], Z(t, "Madrid"));
    check_ok(t);
    vbt_free(t);
    /* 17.2: the landing beside a French general alone in a zone with no
     * fortress takes him prisoner (the random game of seed 405) */
    t = succession();
    s = S(t);
    int nc = Z(t, "Nouvelle-Castille"), fa = G(t, "France A");
    s->c[RS_C].reserve[gi] = (uint8_t)(s->c[RS_C].reserve[gi] - 5);
    s->z[ho].army[RS_C][gi] = 5;
    s->gz[G(t, "Marlborough")] = (int8_t)ho;
    s->z[nc].fv = 0;
    s->gz[fa] = (int8_t)nc;
    check_ok(t); /* alone, no enemy army yet */
    event(t, 1704, "4");
    vbt_dice(t, "3");
    vbt_act(t, "place Nouvelle-Castille");
    assert_int_equal(s->gz[G(t, "Marlborough")], nc);
    assert_int_equal(s->gz[fa], GZ_PRISON);
    assert_true(vbt_logged(t, "[17.2] France A, without units, is taken prisoner"));
    check_ok(t);
    vbt_free(t);
    /* no such army with its general: ignored */
    t = succession();
    event(t, 1704, "4");
    vbt_dice(t, "6");
    assert_int_not_equal(S(t)->phase, P_EVENT_ZONE);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1704-6): "remove from the map the number of Imperial
 * infantry and/or cavalry SP. Place the counters in the Reserve. These
 * units may not return until 1705": the infantry first, then the cavalry */
static void test_1704_6_rakoczi(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int ai = KIND(ST(t, "Austria"), T_INF), ac = KIND(ST(t, "Austria"), T_CAV);
    int bo = Z(t, "Boheme");
    s->c[RS_C].reserve[ai]--; /* 1 infantry and 3 cavalry from the Reserve to Bohemia */
    s->c[RS_C].reserve[ac] = (uint8_t)(s->c[RS_C].reserve[ac] - 3);
    s->z[bo].army[RS_C][ai] = 1;
    s->z[bo].army[RS_C][ac] = 3;
    int ri = s->c[RS_C].reserve[ai], rc = s->c[RS_C].reserve[ac];
    event(t, 1704, "6");
    vbt_dice(t, "3");
    assert_int_equal(s->z[bo].army[RS_C][ai], 0);
    assert_int_equal(s->z[bo].army[RS_C][ac], 1);
    assert_int_equal(s->c[RS_C].reserve[ai], ri + 1);
    assert_int_equal(s->c[RS_C].reserve[ac], rc + 2);
    assert_int_equal(rs_locked(s, RS_C, ai), 1);
    assert_int_equal(rs_locked(s, RS_C, ac), 2);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1704-5): D6 French infantry and Villars to the
 * Reserve, not to return before 1705 */
static void test_1704_5_villars_recalled(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int v = G(t, "Villars"), al = Z(t, "Alsace"), fi = KIND(ST(t, "France"), T_INF);
    s->gz[v] = (int8_t)al;
    int res = s->c[RS_F].reserve[fi];
    event(t, 1704, "5");
    vbt_dice(t, "3");
    assert_int_equal(s->gz[v], GZ_RESERVE);
    assert_int_equal(s->glock, v);
    assert_int_equal(s->c[RS_F].reserve[fi], res + 3);
    assert_int_equal(rs_locked(s, RS_F, fi), 3);
    s->year = 1705;
    rs_start_year(t->g, s, &t->cx);
    assert_int_equal(s->glock, -1);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1706-6): "Place Sweden's alliance cursor in space
 * Doubt 3 ... D6 Swedish infantry and/or cavalry SP and general B at
 * Bremen" (no RP paid, unlike 1673-5) */
static void test_1706_6_sweden(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int sw = ST(t, "Sweden");
    assert_int_equal(s->scamp[sw], -1);
    event(t, 1706, "6");
    vbt_dice(t, "5");
    assert_int_equal(s->scamp[sw], RS_F);
    assert_int_equal(s->alpos[sw], -2); /* Doubt 3 */
    assert_int_equal(rs_nsum(s->z[Z(t, "Breme")].army[RS_F], sw), 5);
    assert_int_equal(units(t, "Breme", RS_F, "Sweden", T_INF), 5);
    assert_int_equal(s->gz[G(t, "Sweden B")], Z(t, "Breme"));
    vbt *t0 = succession();
    event(t0, 1706, "3");
    assert_int_equal(s->c[RS_F].rp, S(t0)->c[RS_F].rp); /* no RP paid */
    vbt_free(t0);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1705-6): "The French player spends the required RP
 * to place the three Line of defence markers on all his armies located in
 * the Spanish Netherlands and in the Empire" (before any other choice of
 * rule 11) */
static void test_1705_6_forced_lines(void **state)
{
    (void)state;
    for (int ev = 0; ev < 2; ev++) {
        vbt *t = succession();
        rs_state *s = S(t);
        int fi = KIND(ST(t, "France"), T_INF), al = Z(t, "Alsace"), fl = Z(t, "Flandre et Hainaut"),
            br = Z(t, "Brabant");
        s->z[al].army[RS_F][fi] = (uint8_t)(s->z[al].army[RS_F][fi] - 3);
        s->z[fl].army[RS_F][fi] = 3; /* a French army in Flanders */
        rs_set_year(t, 1705);
        rs_to_campaign(t, ev ? "6" : "3");
        while (s->phase == P_RECRUIT)
            vbt_act(t, "done");
        assert_int_equal(s->phase, P_FORT);
        assert_int_equal(s->who, RS_F);
        assert_true(vbt_legal(t, "line Flandre-et-Hainaut"));
        assert_int_equal(vbt_legal(t, "done"), !ev);
        assert_int_equal(vbt_legal(t, "fortify Alsace"), !ev);
        assert_int_equal(vbt_legal(t, "line Brabant"), !ev); /* a line there already */
        if (!ev) {                                           /* rule 11's limits */
            /* 12 fortress markers (reconstructed), France holds 16 FV zones:
             * no new fortress, an old one raised */
            assert_false(vbt_legal(t, "fortify Flandre-et-Hainaut")); /* FV4 */
            int gu = Z(t, "Guyenne et Gascogne");
            s->z[gu].army[RS_F][fi] = 1;
            assert_false(vbt_legal(t, "fortify Guyenne-et-Gascogne"));
            s->z[gu].army[RS_F][fi] = 0;
            s->z[br].line = 2; /* line 2 at most */
            assert_false(vbt_legal(t, "line Brabant"));
            s->c[RS_F].rp = 0; /* 1 RP a level */
            assert_false(vbt_legal(t, "line Flandre-et-Hainaut"));
        }
        if (ev) {
            int rp = s->c[RS_F].rp;
            vbt_act(t, "line Flandre-et-Hainaut");
            assert_int_equal(s->z[fl].line, 1);
            assert_int_equal(s->c[RS_F].rp, rp - 1);
            assert_true(vbt_legal(t, "done"));
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.5.3 1706-4): "The Coalition player ignores sequence 4 of
 * the Cabinet Strategy and takes as many ... markers as he wishes. The
 * unused Coalition Cabinet strategy markers are not counted" */
static void test_1706_4_marlborough(void **state)
{
    (void)state;
    for (int ev = 0; ev < 2; ev++) {
        vbt *t = succession();
        rs_state *s = S(t);
        rs_set_year(t, 1706);
        vbt_dice(t, ev ? "4" : "3");
        while (s->phase == P_CONTEST)
            vbt_dice(t, "1");
        vbt_act(t, "no-loan");
        vbt_act(t, "no-loan");
        vbt_dice(t, "6"); /* France */
        vbt_act(t, "take battle");
        if (vbt_legal(t, "done"))
            vbt_act(t, "done");
        assert_int_equal(s->who, RS_C);
        vbt_dice(t, "1"); /* the Coalition: a 1 allows 4 markers at its RP */
        assert_int_equal(s->c[RS_C].cabmax, ev ? RS_MAXPICK : 4);
        for (int i = 0; i < (ev ? 4 : 1); i++)
            vbt_act(t, "take siege");
        /* unused at the end of the year: a GP each to France, not with 1706-4 */
        int gp = s->gp;
        s->c[RS_F].npick = 0;
        rs_final_winter(t->g, s, &t->cx);
        assert_int_equal(s->gp, ev ? gp : gp + 1);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.5.3 1710-6): Villars to the Reserve for the year,
 * replaced by a French general of 1 RP */
static void test_1710_6_villars_replaced(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) { /* in Alsace, and in France Ouest (zone 0) */
        vbt *t = succession();
        rs_state *s = S(t);
        int v = G(t, "Villars"), al = Z(t, k ? "France Ouest" : "Alsace");
        s->gz[v] = (int8_t)al;
        event(t, 1710, "6");
        assert_int_equal(s->gz[v], GZ_RESERVE);
        assert_int_equal(s->glock, v);
        assert_int_equal(s->gz[G(t, "France A")], al);
        assert_int_equal(rs_gen_cost(t->g, G(t, "France A")), 1);
        vbt *t0 = succession();
        event(t0, 1710, "3");
        assert_int_equal(s->c[RS_F].rp, S(t0)->c[RS_F].rp - 1);
        vbt_free(t0);
        vbt_free(t);
    }
    /* in the Reserve already: he stays there for the year (kept), nobody
     * replaces him; a prisoner stays a prisoner (not on the map: no
     * effect) */
    for (int k = 0; k < 2; k++) {
        vbt *t = succession();
        rs_state *s = S(t);
        int v = G(t, "Villars"), fa = G(t, "France A");
        s->gz[v] = k ? GZ_PRISON : GZ_RESERVE;
        int fa_at = s->gz[fa];
        event(t, 1710, "6");
        assert_int_equal(s->gz[v], k ? GZ_PRISON : GZ_RESERVE);
        assert_int_equal(s->glock, k ? -1 : v);
        assert_int_equal(s->gz[fa], fa_at);
        assert_true(k ? vbt_logged(t, "Villars is not on the map: no effect")
                      : vbt_logged(t, "Villars goes to the Reserve for the year"));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.5.3 1711-4): Great Britain's and the United Provinces'
 * cursors one space toward neutrality (U2 -> U3) */
static void test_1711_4_two_cursors(void **state)
{
    (void)state;
    vbt *t = succession();
    event(t, 1711, "4");
    assert_int_equal(S(t)->alpos[ST(t, "Great Britain")], 4);
    assert_int_equal(S(t)->alpos[ST(t, "United Provinces")], 5);
    assert_int_equal(S(t)->alpos[ST(t, "Spain")], -6);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1712-6, 1713-4): Great Britain's cursor one space
 * toward neutrality */
static void test_1712_6_britain_cursor(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        vbt *t = succession();
        event(t, i ? 1713 : 1712, i ? "4" : "6");
        assert_int_equal(S(t)->alpos[ST(t, "Great Britain")], 4);
        assert_int_equal(S(t)->alpos[ST(t, "United Provinces")], 6);
        /* the record names the two nations of the cease-fire */
        assert_true(vbt_logged(t, "cease-fire: no combat between France and Great Britain"));
        assert_true(vbt_logged(t, "Great Britain's cursor moves 1 space(s) toward Neutral"));
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_24_5_2_placement),
        cmocka_unit_test(test_24_5_1_context),
        cmocka_unit_test(test_24_5_3_event_kinds),
        cmocka_unit_test(test_1701_4_6_savoy),
        cmocka_unit_test(test_1701_5_venetia),
        cmocka_unit_test(test_1702_4_camisards),
        cmocka_unit_test(test_1702_4_frozen_no_interception),
        cmocka_unit_test(test_1710_4_out_of_spain),
        cmocka_unit_test(test_1708_5_stuart),
        cmocka_unit_test(test_1702_5_savoy_turns),
        cmocka_unit_test(test_11_own_line_kept),
        cmocka_unit_test(test_1703_6_tyrol),
        cmocka_unit_test(test_1704_4_portugal),
        cmocka_unit_test(test_1704_5_villars_recalled),
        cmocka_unit_test(test_1704_6_rakoczi),
        cmocka_unit_test(test_1706_6_sweden),
        cmocka_unit_test(test_1705_6_forced_lines),
        cmocka_unit_test(test_1706_4_marlborough),
        cmocka_unit_test(test_1710_6_villars_replaced),
        cmocka_unit_test(test_1711_4_two_cursors),
        cmocka_unit_test(test_1712_6_britain_cursor),
        cmocka_unit_test(test_1703_6_tyrol_interception),
        cmocka_unit_test(test_13_4_1_succession_seas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
