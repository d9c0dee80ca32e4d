/* test_augsburg.c - the War of the League of Augsburg (§24.4): the set-up
 * as printed (placement, cursors, objectives, maritime capacities), the
 * allies entering in 1689 and 1690 and the random events of 1688-1697
 * rolled with their dice. */
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

static vbt *augsburg(void)
{
    return vbt_new("roi-soleil", "augsburg", 1);
}

/* EVIDENCE-OF (24.4.2): the placement as printed */
static void test_24_4_2_placement(void **state)
{
    (void)state;
    vbt *t = augsburg();
    rs_state *s = S(t);
    assert_int_equal(rs_army(s, Z(t, "Alsace"), RS_F), 25);
    assert_int_equal(units(t, "Alsace", RS_F, "France", T_INFE), 2);
    assert_int_equal(units(t, "Alsace", RS_F, "France", T_ART), 2);
    assert_int_equal(s->gz[G(t, "Vauban")], Z(t, "Alsace"));
    assert_int_equal(s->gz[G(t, "France E")], Z(t, "Alsace"));
    assert_int_equal(rs_army(s, Z(t, "Artois"), RS_F), 16);
    assert_int_equal(s->z[Z(t, "Artois")].fv, 4);
    assert_int_equal(s->z[Z(t, "Artois")].line, 1);
    assert_int_equal(s->z[Z(t, "Artois")].linec, RS_F);
    assert_int_equal(s->z[Z(t, "Champagne et Brie")].fv, 4);
    assert_int_equal(rs_army(s, Z(t, "Dauphine"), RS_F), 9);
    assert_int_equal(s->z[Z(t, "Picardie")].fv, 4);
    assert_int_equal(s->z[Z(t, "Provence")].fv, 1);
    assert_int_equal(rs_army(s, Z(t, "Roussillon"), RS_F), 7);
    assert_int_equal(s->z[Z(t, "Lorraine")].mk, RS_F);
    assert_int_equal(rs_army(s, Z(t, "Cologne"), RS_F), 12);
    assert_int_equal(s->z[Z(t, "Liege")].mk, RS_F);
    assert_int_equal(s->z[Z(t, "Liege")].fv, 4);
    assert_int_equal(rs_army(s, Z(t, "Mayence"), RS_F) + rs_sp(s->z[Z(t, "Mayence")].garr), 4);
    assert_int_equal(s->z[Z(t, "Franche-Comte")].mk, RS_F);
    assert_int_equal(units(t, "Ecosse", RS_F, "Jacobites", T_INF), 2);
    assert_int_equal(units(t, "Irlande", RS_F, "Jacobites", T_CAV), 2);
    assert_int_equal(rs_ctrl(t->g, s, Z(t, "Irlande")), RS_F);
    /* Coalition */
    assert_int_equal(s->gz[G(t, "Empire B")], Z(t, "Bade"));
    assert_int_equal(rs_sp(s->z[Z(t, "Bade")].garr), 1);
    assert_int_equal(units(t, "Hesse-Cassel", RS_C, "Empire", T_INF), 4);
    assert_int_equal(s->z[Z(t, "Palatinat")].fv, 1);
    assert_int_equal(s->z[Z(t, "Treves")].fv, 1);
    assert_int_equal(units(t, "Wurtemberg", RS_C, "Empire", T_CAV), 2);
    assert_int_equal(units(t, "Wurzbourg", RS_C, "Empire", T_INF), 2);
    assert_int_equal(units(t, "Saxe", RS_C, "Empire", T_INF), 2);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.4, 24.4.1): capacities, cursors, objectives */
static void test_24_4_1_context(void **state)
{
    (void)state;
    vbt *t = augsburg();
    rs_state *s = S(t);
    const rs_scen *sc = RS_SCEN(t->g, s);
    assert_int_equal(rs_maritime(t->g, s, RS_F), 10);
    assert_int_equal(rs_maritime(t->g, s, RS_C), 20);
    assert_int_equal(sc->leader[RS_C], ST(t, "United Provinces"));
    assert_int_equal(s->alpos[ST(t, "Great Britain")], 3); /* Doubt 4 */
    assert_int_equal(s->alpos[ST(t, "Spain")], 6);         /* Unbreakable 1 */
    /* Jacobites: Unbreakable 1 (1689) */
    assert_int_equal(s->scamp[ST(t, "Jacobites")], -1);
    assert_int_equal(sc->alyear[ST(t, "Jacobites")], 1689);
    assert_int_equal(sc->alpos[ST(t, "Jacobites")], -4);
    assert_int_equal(sc->nobj, 6);
    assert_int_equal(sc->obj[1], Z(t, "Irlande"));
    assert_int_equal(sc->obj[5], Z(t, "Catalogne"));
    assert_int_equal(s->gp, 0);
    /* Sweden does not enter this war (13.1.2) */
    assert_false(rs_enterable(t->g, s, Z(t, "Breme"), RS_F));
    /* Savoy from 1690 (reconstructed) */
    assert_false(rs_enterable(t->g, s, Z(t, "Piemont"), RS_F));
    s->year = 1689;
    rs_start_year(t->g, s, &t->cx);
    assert_int_equal(s->scamp[ST(t, "Jacobites")], RS_F);
    assert_int_equal(s->alpos[ST(t, "Jacobites")], -4);
    assert_int_equal(s->scamp[ST(t, "Savoy")], -1);
    s->year = 1690;
    rs_start_year(t->g, s, &t->cx);
    assert_true(rs_enterable(t->g, s, Z(t, "Piemont"), RS_F));
    vbt_free(t);
}

/* EVIDENCE-OF (24.4.3 1688-4): "Take from the Reserve and immediately
 * position Eugene de Savoie with 8 x Inf and 4 x Cav in Tyrol or in Bohemia." */
static void test_1688_4_eugene(void **state)
{
    (void)state;
    vbt *t = augsburg();
    event(t, 1688, "4");
    assert_int_equal(S(t)->phase, P_EVENT_ZONE);
    assert_true(vbt_legal(t, "place Tyrol"));
    assert_false(vbt_legal(t, "place Baviere"));
    vbt_act(t, "place Boheme");
    assert_int_equal(units(t, "Boheme", RS_C, "Austria", T_INF), 8);
    assert_int_equal(units(t, "Boheme", RS_C, "Austria", T_CAV), 4);
    assert_int_equal(S(t)->gz[G(t, "Eugene")], Z(t, "Boheme"));
    check_ok(t);
    vbt_free(t);
    /* the force is set up in its camp's zone: Tyrol, taken by France (a
     * control marker), is not offered; Bohemia is */
    t = augsburg();
    S(t)->z[Z(t, "Tyrol")].mk = RS_F;
    event(t, 1688, "4");
    assert_int_equal(S(t)->phase, P_EVENT_ZONE);
    assert_false(vbt_legal(t, "place Tyrol"));
    assert_true(vbt_legal(t, "place Boheme"));
    vbt_free(t);
}

/* 1688-4: Eugene comes from the Reserve only; on the map already, he
 * stays where he is (the SP still arrive) */
static void test_1688_4_eugene_on_the_map(void **state)
{
    (void)state;
    vbt *t = augsburg();
    int eu = G(t, "Eugene"), bade = Z(t, "Bade");
    S(t)->gz[eu] = (int8_t)bade;
    event(t, 1688, "4");
    vbt_act(t, "place Tyrol");
    assert_int_equal(S(t)->gz[eu], bade);
    assert_int_equal(units(t, "Tyrol", RS_C, "Austria", T_INF), 8);
    vbt_free(t);
}

/* 1688-4 with no Austrian SP left in the Reserve: Eugene still comes
 * alone; with Eugene on the map too, nothing comes and the event is
 * ignored */
static void test_1688_4_eugene_without_units(void **state)
{
    (void)state;
    for (int on_map = 0; on_map < 2; on_map++) {
        vbt *t = augsburg();
        rs_state *s = S(t);
        int eu = G(t, "Eugene"), au = ST(t, "Austria");
        for (int ty = T_INF; ty <= T_CAV; ty++) {
            int k = KIND(au, ty);
            s->c[RS_C].gone[k] = (uint8_t)(s->c[RS_C].gone[k] + s->c[RS_C].reserve[k]);
            s->c[RS_C].reserve[k] = 0;
        }
        if (on_map)
            s->gz[eu] = (int8_t)Z(t, "Bade");
        assert_int_equal(s->gz[eu], on_map ? Z(t, "Bade") : GZ_RESERVE);
        check_ok(t);
        event(t, 1688, "4");
        if (on_map) {
            assert_int_not_equal(S(t)->phase, P_EVENT_ZONE);
            assert_true(vbt_logged(t, "nothing to place: the event is ignored"));
            assert_int_equal(S(t)->gz[eu], Z(t, "Bade"));
        } else {
            assert_int_equal(S(t)->phase, P_EVENT_ZONE);
            vbt_act(t, "place Tyrol");
            assert_int_equal(S(t)->gz[eu], Z(t, "Tyrol"));
            assert_int_equal(rs_army(S(t), Z(t, "Tyrol"), RS_C), 0);
        }
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.4.3 1688-5): "Place the Jacobites alliance cursor on the
 * space Unbreakable 1. Take from the Reserve two Jacobite Inf (1 SP) and put
 * one each in Ireland and in Scotland. Put a Ctrl F marker in each" */
static void test_1688_5_james(void **state)
{
    (void)state;
    vbt *t = augsburg();
    event(t, 1688, "5");
    assert_int_equal(S(t)->scamp[ST(t, "Jacobites")], RS_F);
    assert_int_equal(S(t)->alpos[ST(t, "Jacobites")], -4);
    assert_int_equal(units(t, "Irlande", RS_F, "Jacobites", T_INF), 6);
    assert_int_equal(units(t, "Ecosse", RS_F, "Jacobites", T_INF), 3);
    assert_int_equal(S(t)->z[Z(t, "Ecosse")].mk, RS_F);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.4.3 1688-6): "Add a +1 bonus to the D6 for all the sieges
 * carried out by the French camp in the ten states of the Empire" */
static void test_1688_6_unpaid_garrisons(void **state)
{
    (void)state;
    char why[200];
    for (int ev = 0; ev < 2; ev++) {
        vbt *t = augsburg();
        event(t, 1688, ev ? "6" : "3");
        rs_state *s = S(t);
        s->sg.zone = (int8_t)Z(t, "Palatinat");
        s->sg.camp = RS_F;
        int m = rs_siege_mods(t->g, s, why, sizeof why);
        s->sg.zone = (int8_t)Z(t, "Catalogne"); /* not the Empire */
        int m2 = rs_siege_mods(t->g, s, NULL, 0);
        assert_int_equal(m - m2, ev);
        assert_int_equal(strstr(why, "unpaid garrison") != NULL, ev);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.4.3 1689-4, 1692-6, 1693-5, 1697-4 ...): D6 RP deducted
 * from or added to a camp's total for this game turn */
static void test_rp_events(void **state)
{
    (void)state;
    static const struct rs_rp_row rows[] = {
        {1689, "4", RS_F, -1}, {1691, "4", RS_F, -1}, {1692, "4", RS_F, -1}, {1692, "6", RS_F, 1},
        {1693, "4", RS_F, -1}, {1693, "5", RS_C, -1}, {1693, "6", RS_C, -1}, {1694, "4", RS_C, -1},
        {1695, "6", RS_F, -1}, {1696, "4", RS_C, -1}, {1696, "5", RS_F, -1}, {1697, "4", RS_F, 1},
        {1697, "5", RS_C, -1}};
    static const int base[2] = {19, 37};
    rp_event_rows(augsburg, rows, sizeof rows / sizeof rows[0], base);
}

/* EVIDENCE-OF (24.4.3 1689-5): "Reduce the TC by 1 for a French army
 * general during the battle on the Spanish Netherlands/United
 * Provinces/Germany front." */
static void test_1689_5_royal_family(void **state)
{
    (void)state;
    char why[200];
    vbt *t = augsburg();
    event(t, 1689, "5");
    rs_state *s = S(t);
    int z = Z(t, "Cologne"), ei = KIND(ST(t, "Empire"), T_INF);
    s->c[RS_C].reserve[ei] = 0;
    s->z[z].army[RS_C][ei] = 4;
    s->z[Z(t, "Hesse-Cassel")].army[RS_C][ei] = 0;
    s->z[z].army[RS_C][KIND(ST(t, "United Provinces"), T_INF)] = 6;
    s->c[RS_C].reserve[KIND(ST(t, "United Provinces"), T_INF)] = 4;
    /* France B (TC 1) attacks: TC -1 (royal family) in a battle */
    rs_combat_mods(t->g, s, z, RS_F, why, sizeof why);
    assert_non_null(strstr(why, "-1 royal family"));
    /* the Coalition attacks: the French TC lowered reads +1 */
    rs_combat_mods(t->g, s, z, RS_C, why, sizeof why);
    assert_non_null(strstr(why, "+1 royal family"));
    /* a skirmish: no change */
    s->z[z].army[RS_C][KIND(ST(t, "United Provinces"), T_INF)] = 0;
    rs_combat_mods(t->g, s, z, RS_F, why, sizeof why);
    assert_null(strstr(why, "royal family"));
    vbt_free(t);
    /* off the front (Roussillon): none */
    t = augsburg();
    event(t, 1689, "5");
    s = S(t);
    z = Z(t, "Roussillon");
    s->z[z].army[RS_C][KIND(ST(t, "Spain"), T_INF)] = 8;
    s->z[z].army[RS_C][KIND(ST(t, "Spain"), T_CAV)] = 3;
    s->c[RS_C].reserve[KIND(ST(t, "Spain"), T_INF)] = 0;
    s->c[RS_C].reserve[KIND(ST(t, "Spain"), T_CAV)] = 0;
    rs_combat_mods(t->g, s, z, RS_F, why, sizeof why);
    assert_null(strstr(why, "royal family"));
    vbt_free(t);
}

/* EVIDENCE-OF (24.4.3 1689-6, 1690-6, 1691-6, 1692-5, 1696-6): D6 infantry
 * SP to Provence; distributed equally beginning with Provence, Dauphine and
 * Roussillon; to France Ouest; English infantry to England */
static void test_levies(void **state)
{
    (void)state;
    vbt *t = augsburg();
    int fi = KIND(ST(t, "France"), T_INF);
    event(t, 1690, "6");
    vbt_dice(t, "5");
    rs_state *s = S(t);
    assert_int_equal(s->z[Z(t, "Provence")].stay, 2);
    assert_int_equal(s->z[Z(t, "Dauphine")].stay, 2);
    assert_int_equal(s->z[Z(t, "Roussillon")].stay, 1);
    assert_int_equal(s->z[Z(t, "Provence")].army[RS_F][fi], 2);
    assert_int_equal(s->z[Z(t, "Dauphine")].army[RS_F][fi], 6 + 2);
    assert_true(vbt_logged(t, "D6 5: 5 France infantry SP to Provence and the next zones, not "
                              "moving this year"));
    check_ok(t);
    vbt_free(t);
    static const struct {
        int year;
        const char *die, *zone;
        int camp;
        const char *nat;
    } rows[] = {{1689, "6", "Provence", RS_F, "France"},
                {1691, "6", "France Ouest", RS_F, "France"},
                {1692, "5", "France Ouest", RS_F, "France"},
                {1696, "6", "Angleterre", RS_C, "Great Britain"}};
    for (int i = 0; i < 4; i++) {
        t = augsburg();
        event(t, rows[i].year, rows[i].die);
        vbt_dice(t, "2");
        assert_int_equal(S(t)->z[Z(t, rows[i].zone)].stay, 2);
        assert_int_equal(S(t)->stay_camp, rows[i].camp);
        assert_int_equal(units(t, rows[i].zone, rows[i].camp, rows[i].nat, T_INF), 2);
        char why[160];
        snprintf(why, sizeof why, "D6 2: 2 %s infantry SP to %s, not moving this year", rows[i].nat,
                 rows[i].zone);
        assert_true(vbt_logged(t, why));
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (10.5, reconstructed reading): recruits of a nationality
 * with no zone of its own open to its camp (the Jacobites: Scotland and
 * Ireland are Great Britain's) set up in the zones of the camp's leader;
 * a nationality with its own zone (France) only there */
static void test_10_5_jacobites_in_france(void **state)
{
    (void)state;
    vbt *t = augsburg();
    assert_int_equal(S(t)->phase, P_EVENT_ROLL);
    /* the Jacobites' year, 1689, passed: they enter as the year's start
     * does, before its event roll (1690-1: no event) */
    rs_set_year(t, 1690);
    rs_to_campaign(t, "1");
    assert_int_equal(S(t)->phase, P_RECRUIT);
    assert_int_equal(S(t)->who, RS_F);
    assert_int_equal(S(t)->scamp[ST(t, "Jacobites")], RS_F);
    vbt_act(t, "recruit-in Picardie");
    assert_true(vbt_legal(t, "recruit Jacobites-inf Picardie"));
    assert_true(vbt_legal(t, "recruit France-inf Picardie"));
    vbt_act(t, "recruit Jacobites-inf Picardie");
    assert_int_equal(units(t, "Picardie", RS_F, "Jacobites", T_INF), 1);
    vbt_act(t, "done");
    /* Lorraine (French-held, not France's state): no French recruits */
    assert_false(vbt_legal(t, "recruit-in Lorraine"));
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (7, 22.1): "If the conditions to be applied for the random
 * event are not met (neutralised state, insufficient units, etc.), then
 * ignore this event": Great Britain neutralised before 1696, 1696-6 puts no
 * English SP of the Coalition's Reserve in England */
static void test_1696_6_britain_neutralised(void **state)
{
    (void)state;
    vbt *t = augsburg();
    rs_state *s = S(t);
    int gb = ST(t, "Great Britain"), gi = KIND(gb, T_INF);
    while (s->alpos[gb] && !s->neutralised[gb])
        rs_move_cursor(t->g, s, gb, RS_F, &t->cx);
    assert_true(s->neutralised[gb]);
    int r = s->c[RS_C].reserve[gi];
    assert_true(r > 0);
    event(t, 1696, "6");
    s = S(t);
    assert_int_not_equal(s->phase, P_EVENT_AMT); /* no die for the SP */
    assert_int_equal(rs_army(s, Z(t, "Angleterre"), RS_C), 0);
    assert_int_equal(s->c[RS_C].reserve[gi], r);
    assert_true(vbt_logged(t, "Great Britain is neutralised: the event is ignored"));
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (24.4.3 1690-4, 1690-5, 1695-5): imperial infantry and/or
 * cavalry SP from the map to the Reserve, not recruitable in 1690 (the
 * infantry first, then the cavalry); Tourville +1 for France in the
 * Atlantic and the North Sea; the squadron war +1 for the Coalition on all
 * three seas */
static void test_1690_1695_seas_and_turks(void **state)
{
    (void)state;
    vbt *t = augsburg();
    int ai = KIND(ST(t, "Austria"), T_INF), ac = KIND(ST(t, "Austria"), T_CAV);
    S(t)->c[RS_C].reserve[ai] = 6;
    S(t)->c[RS_C].reserve[ac] = 1;
    S(t)->z[Z(t, "Tyrol")].army[RS_C][ai] = 2;
    S(t)->z[Z(t, "Tyrol")].army[RS_C][ac] = 3;
    event(t, 1690, "4");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->z[Z(t, "Tyrol")].army[RS_C][ai], 0);
    assert_int_equal(S(t)->z[Z(t, "Tyrol")].army[RS_C][ac], 1); /* D6 4: 2 + 2 */
    assert_int_equal(S(t)->c[RS_C].reserve[ac], 3);
    assert_int_equal(rs_locked(S(t), RS_C, ai), 2);
    assert_int_equal(rs_locked(S(t), RS_C, ac), 2);
    assert_int_equal(rs_locked(S(t), RS_C, KIND(ST(t, "Spain"), T_CAV)), 0);
    check_ok(t);
    vbt_free(t);
    t = augsburg();
    event(t, 1690, "5");
    assert_int_equal(rs_box_mod(S(t), 0, RS_F), 1);
    assert_int_equal(rs_box_mod(S(t), 1, RS_F), 1);
    assert_int_equal(rs_box_mod(S(t), 2, RS_F), 0);
    vbt_free(t);
    t = augsburg();
    event(t, 1695, "5");
    for (int b = 0; b < 3; b++)
        assert_int_equal(rs_box_mod(S(t), b, RS_C), 1);
    vbt_free(t);
}

/* EVIDENCE-OF (24.4.3 1691-5, 1697-6): Spain one space toward Unbreakable 1
 * ("Ignore this result if the cursor is already in this space"); the
 * English cursor one space toward neutrality */
static void test_cursors(void **state)
{
    (void)state;
    vbt *t = augsburg();
    event(t, 1691, "5");
    assert_int_equal(S(t)->alpos[ST(t, "Spain")], 6);
    vbt_free(t);
    t = augsburg();
    S(t)->alpos[ST(t, "Spain")] = 4;
    event(t, 1691, "5");
    assert_int_equal(S(t)->alpos[ST(t, "Spain")], 5);
    vbt_free(t);
    t = augsburg();
    event(t, 1697, "6");
    assert_int_equal(S(t)->alpos[ST(t, "Great Britain")], 2);
    vbt_free(t);
}

/* 1694-5 rolled, the Coalition's campaign with 20 RP: 8 infantry SP of
 * `nat` in Catalonia (its Reserve left with `left`) under `general` */
static vbt *army_in_catalogne_1694(const char *nat, int left, const char *general)
{
    vbt *t = augsburg();
    event(t, 1694, "5");
    rs_state *s = S(t);
    int k = KIND(ST(t, nat), T_INF);
    s->c[RS_C].reserve[k] = (uint8_t)left;
    s->z[Z(t, "Catalogne")].army[RS_C][k] = 8;
    s->gz[G(t, general)] = (int8_t)Z(t, "Catalogne");
    s->phase = P_IMPULSE;
    s->active = RS_C;
    s->who = RS_C;
    s->c[RS_C].rp = 20;
    return t;
}

/* EVIDENCE-OF (24.4.3 1694-5): "No Spanish unit or Spanish general can
 * enter the zones of Guyenne & Gascogne or Roussillon until the end of the
 * game." */
static void test_1694_5_pyrenees(void **state)
{
    (void)state;
    vbt *t = augsburg();
    event(t, 1694, "5");
    rs_state *s = S(t);
    assert_int_equal(s->ban_nat, ST(t, "Spain"));
    /* the two zones named, and no other (France Ouest, the first, neither) */
    assert_true(s->ban_zones == (((uint64_t)1 << Z(t, "Guyenne et Gascogne")) |
                                 ((uint64_t)1 << Z(t, "Roussillon"))));
    vbt_free(t);
    /* a Spanish army in Catalonia may not march into Roussillon; a Dutch one may */
    t = army_in_catalogne_1694("Spain", 0, "Spain A");
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    assert_false(vbt_legal(t, "to Roussillon"));
    assert_true(vbt_legal(t, "to Aragon"));
    step(t, "to Aragon"); /* nor into Guyenne et Gascogne, the other zone named */
    assert_false(vbt_legal(t, "to Guyenne-et-Gascogne"));
    assert_true(vbt_legal(t, "to Navarre"));
    vbt_free(t);
    t = army_in_catalogne_1694("United Provinces", 2, "United Provinces A");
    vbt_act(t, "move United-Provinces-A");
    vbt_act(t, "march");
    assert_true(vbt_legal(t, "to Roussillon"));
    vbt_free(t);
    /* the Dutch army may not take a Spanish general there ("No ... Spanish
     * general can enter") */
    t = army_in_catalogne_1694("United Provinces", 2, "United Provinces A");
    S(t)->gz[G(t, "Spain A")] = (int8_t)Z(t, "Catalogne");
    vbt_act(t, "move United-Provinces-A");
    vbt_act(t, "with Spain-A");
    vbt_act(t, "march");
    assert_false(vbt_legal(t, "to Roussillon"));
    assert_true(vbt_legal(t, "to Aragon"));
    vbt_free(t);
}

/* 1694-5 also closes retreats and winter quarters to Spanish armies */
static void test_1694_5_no_retreat(void **state)
{
    (void)state;
    vbt *t = augsburg();
    event(t, 1694, "5");
    rs_state *s = S(t);
    int sp = KIND(ST(t, "Spain"), T_INF), z = Z(t, "Catalogne"), r = Z(t, "Roussillon");
    s->z[r].mk = RS_C; /* Roussillon held by the Coalition */
    s->c[RS_C].rp = 20;
    s->z[z].army[RS_C][sp] = 4;
    assert_false(rs_retreat_ok(t->g, s, z, r, RS_C, 4));
    assert_false(rs_quarters_dest(t->g, s, RS_C, z, r));
    s->z[z].army[RS_C][sp] = 0;
    s->z[z].army[RS_C][KIND(ST(t, "United Provinces"), T_INF)] = 4;
    assert_true(rs_retreat_ok(t->g, s, z, r, RS_C, 4));
    assert_true(rs_quarters_dest(t->g, s, RS_C, z, r));
    /* only the zones named are barred: a Spanish army may go elsewhere */
    s->z[z].army[RS_C][sp] = 4;
    assert_true(rs_banned(t->g, s, z, RS_C, r));
    assert_false(rs_banned(t->g, s, z, RS_C, Z(t, "Aragon")));
    assert_false(rs_banned(t->g, s, z, RS_C, Z(t, "Valence")));
    /* "or Spanish general": Dutch SP led by Spain A may not enter either */
    s->z[z].army[RS_C][sp] = 0;
    assert_false(rs_banned(t->g, s, z, RS_C, r));
    s->gz[G(t, "Spain A")] = (int8_t)z;
    assert_true(rs_banned(t->g, s, z, RS_C, r));
    assert_false(rs_quarters_dest(t->g, s, RS_C, z, r));
    assert_false(rs_banned(t->g, s, z, RS_C, Z(t, "Aragon")));
    vbt_free(t);
}

/* EVIDENCE-OF (24.4.3 1694-6): 4 RP on the fortresses of France */
static void test_1694_6_pre_carre(void **state)
{
    (void)state;
    vbt *t = augsburg();
    event(t, 1694, "6");
    assert_int_equal(S(t)->forced_fort, 4);
    vbt_free(t);
}

/* EVIDENCE-OF (24.4.3 1695-4): "Death of Luxembourg. Roll a D6: on a result
 * of 1 to 5, remove this general immediately and definitively from the game.
 * On a 6, remove this general at the end of the season phase of the
 * campaigns." */
static void test_1695_4_luxembourg(void **state)
{
    (void)state;
    vbt *t = augsburg();
    int lx = G(t, "Luxembourg");
    S(t)->gz[lx] = (int8_t)Z(t, "Artois");
    event(t, 1695, "4");
    vbt_dice(t, "5");
    assert_int_equal(S(t)->gz[lx], GZ_OUT);
    vbt_free(t);
    t = augsburg();
    S(t)->gz[lx] = (int8_t)Z(t, "Artois");
    event(t, 1695, "4");
    vbt_dice(t, "6");
    assert_int_equal(S(t)->gz[lx], Z(t, "Artois"));
    assert_int_equal(S(t)->doomed, lx);
    rs_begin_winter(t->g, S(t), &t->cx);
    assert_int_equal(S(t)->gz[lx], GZ_OUT);
    vbt_free(t);
    /* a prisoner whose return was refused leaves the game too, and the
     * position still saves and loads */
    t = augsburg();
    S(t)->gz[lx] = GZ_PRISON;
    S(t)->ggar[lx] = 1;
    event(t, 1695, "4");
    vbt_dice(t, "2");
    assert_int_equal(S(t)->gz[lx], GZ_OUT);
    assert_int_equal(S(t)->ggar[lx], 0);
    json_t *j = vbt_state_json(t);
    rs_state *back = calloc(1, sizeof *back);
    back->h = S(t)->h;
    if (t->g->def->from_json(t->g, back, j, &t->cx))
        fail_msg("round trip: %s", t->cx.err);
    json_decref(j);
    free(back);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_24_4_2_placement),
        cmocka_unit_test(test_24_4_1_context),
        cmocka_unit_test(test_1688_4_eugene),
        cmocka_unit_test(test_1688_4_eugene_on_the_map),
        cmocka_unit_test(test_1688_4_eugene_without_units),
        cmocka_unit_test(test_1688_5_james),
        cmocka_unit_test(test_1688_6_unpaid_garrisons),
        cmocka_unit_test(test_rp_events),
        cmocka_unit_test(test_1689_5_royal_family),
        cmocka_unit_test(test_levies),
        cmocka_unit_test(test_1696_6_britain_neutralised),
        cmocka_unit_test(test_10_5_jacobites_in_france),
        cmocka_unit_test(test_1690_1695_seas_and_turks),
        cmocka_unit_test(test_cursors),
        cmocka_unit_test(test_1694_5_pyrenees),
        cmocka_unit_test(test_1694_5_no_retreat),
        cmocka_unit_test(test_1694_6_pre_carre),
        cmocka_unit_test(test_1695_4_luxembourg),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
