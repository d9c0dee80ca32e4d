/* test_audit32.c - the rules and the printed map data that the
 * thirty-second session's audit by planting (helper pce,
 * docs/piacenza-1746.md "Audit by planting, thirty-second session") found
 * without a test: 4.2 and 4.3 (no help of the CiC or a WC in
 * reorganisation), 1.0 and 2.1.1 (the walls, the two rivers, the levels of
 * Cover), the Q&A's Q3 and Q4. Each test names the rulebook sentence it
 * pins and the change it catches. What the map data reconstructs (the
 * hexes of the gates, the places) is marked as such. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* 4.2: "CiCs CANNOT help with Reorganization"; 4.3: "The WC CANNOT help
 * with Reorganization"; 4.4: the FC "can help with Reorganization" (his
 * Sergeants' Factor). The battle's Bernes Cuirassiers, disordered and out
 * of command (+2, 11.4; Barnklau five hexes away, no unit between), roll
 * 7 against their 8: 7 + 2 = 9 fails with Liechtenstein (the Austrian CiC)
 * or Gen Pallavicini (their WC) stacked with them, as with both two and
 * three hexes away; 6 passes (the control: the +2 counted); with Barnklau stacked
 * instead (in command then, SF 1), 7 passes. Caught: a -1 for the CiC or
 * for the WC beside the unit in the 11.4 roll. */
static void no_reorganization_help_from_cic_or_wc(void **state)
{
    (void)state;
    static const struct {
        const char *what, *die, *near;
        int after;
    } rows[] = {
        {"4.2/4.3 CiC and WC stacked: 7+2 = 9 fails", "7", "CiC+WC", ST_DIS},
        {"4.2 the CiC alone stacked: 7+2 = 9 fails", "7", "CiC", ST_DIS},
        {"4.3 the WC alone stacked: 7+2 = 9 fails", "7", "WC", ST_DIS},
        {"no Commander near: 7+2 = 9 fails", "7", "", ST_DIS},
        {"control: 6+2 = 8 passes", "6", "CiC+WC", ST_GOOD},
        {"4.4 the FC stacked: in command, 7-1 = 6 passes", "7", "FC", ST_GOOD},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
        const pc_data *d = D(t);
        clear_board(t);
        int u = U(t, "Bernes Cuirassiers"), h = HX(t, "2010");
        put(t, "Bernes Cuirassiers", "2010");
        assert_true(d->terr[d->hterr[h]].is_clear);
        const char *near = rows[i].near;
        /* the CiC and the WC on the map, stacked with the unit or two and
         * three hexes away (the command chain kept) */
        put_leader(t, "Liechtenstein", strstr(near, "CiC") ? "2010" : "2013");
        put_leader(t, "Gen Pallavicini", strstr(near, "WC") ? "2010" : "2012");
        put_leader(t, "Barnklau", !strcmp(near, "FC") ? "2010" : "2015");
        pc_command_update(d, S(t), 1);
        assert_int_equal(pc_in_command(d, S(t), u), !strcmp(near, "FC"));
        S(t)->ustat[u] = ST_DIS;
        S(t)->roll = RL_REORG;
        S(t)->roll_u = u;
        S(t)->reorg_u = d->nu;
        dice_on(t, rows[i].die);
        if (S(t)->ustat[u] != rows[i].after)
            fail_msg("%s: status %d", rows[i].what, S(t)->ustat[u]);
        vbt_free(t);
    }
}

static int terrain_named(const pc_data *d, const char *name)
{
    for (int q = 0; q < d->nterr; q++)
        if (!strcmp(d->terr[q].name, name))
            return q;
    fail_msg("no terrain '%s'", name);
    return -1;
}

/* 2.1.1: "Cover Level 1: Farmhouse, Entrenchment. Cover Level 2: Redoubt,
 * Chateau, Village"; "Clear: Meadows, Wheat, Provender, Farmstead" (no
 * cover), and the Ditch of the Examples of Play no cover either (the map
 * prints no chateau: its villages stand for them). Caught: a level changed
 * in tec.json (a farmhouse of level 2, a village of level 1). */
static void cover_levels_as_printed(void **state)
{
    (void)state;
    static const struct {
        const char *terrain;
        int cover;
    } rows[] = {
        {"clear", 0},        {"ditch", 0},   {"farmhouse", 1},
        {"entrenchment", 1}, {"redoubt", 2}, {"village", 2},
    };
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    const pc_data *d = D(t);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int q = terrain_named(d, rows[i].terrain);
        if (d->terr[q].cover != rows[i].cover)
            fail_msg("2.1.1 %s: cover %d, printed level %d", rows[i].terrain, d->terr[q].cover,
                     rows[i].cover);
    }
    vbt_free(t);
}

/* 1.0: "It is not possible to enter a hex whose center is occupied by the
 * River Po or the River Trebbia ... It is not possible to cross the River
 * Trebbia"; "The hexsides occupied by the Piacenza ramparts ... are
 * impassable and no form of movement or combat is possible through them".
 * On the battle's map: every Po and Trebbia hex impassable and no hexside
 * open into one; every hexside between the City and the country closed
 * but at a gate (the gates' hexsides reconstructed, map-battle.json), each
 * gate open, and no other hexside closed between two passable hexes.
 * Caught: a river made passable (tec.json), the walls not derived, a gate
 * closed or moved. */
static void walls_and_rivers_as_printed(void **state)
{
    (void)state;
    /* reconstructed: Porta San Lazzaro, Porta San Raimondo, Porta
     * Sant'Antonio (map-battle.json "gates") */
    static const char *const gates[][2] = {{"0513", "0512"}, {"0816", "0916"}, {"0718", "0818"}};
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    const pc_data *d = D(t);
    int po = terrain_named(d, "po"), tr = terrain_named(d, "trebbia");
    int npo = 0, ntr = 0, nwall = 0;
    for (int h = 0; h < d->nhex; h++) {
        npo += d->hterr[h] == po;
        ntr += d->hterr[h] == tr;
        if (d->hterr[h] == po || d->hterr[h] == tr)
            assert_false(pc_passable(d, h));
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, h, k);
            if (nb < 0)
                continue;
            if (d->hterr[nb] == po || d->hterr[nb] == tr)
                assert_false(pc_side_open(d, h, k));
            if (!pc_passable(d, h) || !pc_passable(d, nb))
                continue;
            int cityside = d->terr[d->hterr[h]].is_city != d->terr[d->hterr[nb]].is_city, gate = 0;
            for (int g = 0; g < 3; g++) {
                int a = HX(t, gates[g][0]), b = HX(t, gates[g][1]);
                gate |= (h == a && nb == b) || (h == b && nb == a);
            }
            char hn[8], nn[8];
            pc_hex_name(d, h, hn, sizeof hn);
            pc_hex_name(d, nb, nn, sizeof nn);
            if (cityside && !gate && pc_side_open(d, h, k))
                fail_msg("1.0: the rampart between %s and %s is open", hn, nn);
            if ((!cityside || gate) && !pc_side_open(d, h, k))
                fail_msg("1.0: the hexside between %s and %s is closed", hn, nn);
            nwall += cityside && !gate;
        }
    }
    assert_true(npo > 0 && ntr > 0 && nwall > 0);
    vbt_free(t);
}

/* Q4: "the only Cover 2 fortifications on the map are those facing one
 * another in the upper east part of the map, namely near Moulin degli
 * Horti, Moulin de la Motta and the hex north of the location Santo
 * Spirito". On the battle's map (the places' hexes reconstructed): each
 * of the three is a redoubt (Cover 2) and no other hex is one. Caught: a
 * mill's redoubt made an entrenchment, a redoubt added elsewhere. */
static void cover_two_fortifications_q4(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    const pc_data *d = D(t);
    int r = terrain_named(d, "redoubt");
    int sites[3] = {PLACE(t, "Moulin degli Horti"), PLACE(t, "Moulin de la Motta"),
                    pc_nb(d, PLACE(t, "Santo Spirito"), 0)};
    int n = 0;
    for (int i = 0; i < 3; i++) {
        assert_true(sites[i] >= 0);
        assert_int_equal(d->hterr[sites[i]], r);
        assert_int_equal(d->terr[d->hterr[sites[i]]].cover, 2);
    }
    for (int h = 0; h < d->nhex; h++) {
        if (d->hterr[h] != r)
            continue;
        n++;
        if (h != sites[0] && h != sites[1] && h != sites[2]) {
            char hn[8];
            pc_hex_name(d, h, hn, sizeof hn);
            fail_msg("Q4: a redoubt at %s, not one of the three fortifications", hn);
        }
    }
    assert_int_equal(n, 3);
    vbt_free(t);
}

/* Q3: "There is actually one only Spanish Cavalry with him (Gds. De
 * Corps) ... The other cavalry unit ... is not setup": D'Argouger's
 * formation holds the Gds de Corps alone, a Spanish cavalry unit, in the
 * battle and in Learning Scenario 1. Caught: a second unit given to his
 * formation (forces-battle.json). */
static void dargouger_gardes_du_corps_alone_q3(void **state)
{
    (void)state;
    static const char *const scen[] = {"battle", "san-lazzaro"};
    for (int k = 0; k < 2; k++) {
        vbt *t = vbt_new("piacenza-1746", scen[k], 1);
        const pc_data *d = D(t);
        int g = U(t, "Gds de Corps"), f = d->u[g].form, n = 0;
        assert_true(f >= 0);
        assert_string_equal(d->l[d->f[f].leader].name, "D'Argouger");
        assert_int_equal(d->u[g].type, UT_CAV);
        assert_int_equal(d->u[g].side, PC_FS);
        for (int u = 0; u < d->nu; u++)
            n += d->u[u].form == f;
        assert_int_equal(n, 1);
        vbt_free(t);
    }
}

/* 4.6.1: "A Flag Bearer within the Command Range of his Staff may command
 * units of his Wing within a Command Range equal to that of the Staff"
 * (4.1: "less than or equal to"). Gen Pallavicini on his Staff side, his
 * bearer exactly at his range (8) from him, Novati beyond the Staff's range
 * and exactly 8 from the bearer: in command; one hex farther: not. Caught:
 * the bearer's range one less than the Staff's (test_bearers.c's
 * bearer_command puts the FC 3 hexes from the bearer, and one beyond). */
static void bearer_commands_at_the_staffs_full_range(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int wc = pc_find_leader(d, "Gen Pallavicini"), fc = pc_find_leader(d, "Novati");
    int w = pc_find_wing(d, "Pallavicini"), cic = pc_find_leader(d, "Liechtenstein");
    assert_true(wc >= 0 && fc >= 0 && w >= 0 && cic >= 0 && d->wg[w].bmp);
    int wr = d->l[wc].range;
    clear_board(t);
    s->lhex[cic] = (int16_t)HX(t, "1818");
    s->lhex[wc] = (int16_t)free_hex(t, s->lhex[cic], 2, 2);
    s->lstaff[wc] = 1;
    int bh = -1, at = -1, beyond = -1;
    for (int h = 0; h < d->nhex && bh < 0; h++) {
        if (!pc_passable(d, h) || pc_dist(d, h, s->lhex[wc]) != wr)
            continue;
        int a = -1, b = -1;
        for (int x = 0; x < d->nhex && (a < 0 || b < 0); x++) {
            if (!pc_passable(d, x) || pc_dist(d, x, s->lhex[wc]) <= wr + 1)
                continue;
            if (a < 0 && pc_dist(d, x, h) == wr)
                a = x;
            if (b < 0 && pc_dist(d, x, h) == wr + 1)
                b = x;
        }
        if (a >= 0 && b >= 0) {
            bh = h;
            at = a;
            beyond = b;
        }
    }
    assert_true(bh >= 0);
    s->bhex[w] = (int16_t)bh;
    s->lhex[fc] = (int16_t)at;
    pc_command_update(d, s, 1);
    assert_true(pc_leader_in_command(d, s, wc));
    assert_true(pc_leader_in_command(d, s, fc));
    s->lhex[fc] = (int16_t)beyond;
    pc_command_update(d, s, 1);
    assert_false(pc_leader_in_command(d, s, fc));
    vbt_free(t);
}

/* Q9: "Can an entire Line pull out of an enemy ZOC simultaneously? Yes!
 * Suffering Reaction Fire (7.2) of course." Novati's Pallavicini and
 * Clerici, in Line in 0605-0606 beside Castilla and Lombardia (their ZOC
 * and EZ), declare a Line one column back (0705 south) and step into it,
 * each under the reaction fire of the Franco-Spanish infantry beside it;
 * the Line stands in 0705-0706. (The twentieth session tested one unit
 * leaving under reaction fire; the whole Line was left.) */
static void whole_line_pulls_out_q9(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0505");
    put(t, "Lombardia", "0506");
    put(t, "Pallavicini", "0605");
    put(t, "Clerici", "0606");
    put_leader(t, "Novati", "0707");
    put_leader(t, "Aramburu", "0406");
    const pc_data *d = D(t);
    assert_true(pc_in_ezoc(d, S(t), PC_AU, HX(t, "0605"), 0));
    assert_true(pc_in_ezoc(d, S(t), PC_AU, HX(t, "0606"), 0));
    assert_true(pc_in_ez(d, S(t), PC_AU, HX(t, "0605")));
    at_segment(t, "RW", PH_MFORM);
    vbt_act(t, "formation Novati");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0705");
    vbt_act(t, "line-toward S");
    vbt_act(t, "move Pallavicini");
    vbt_act(t, "to 0705");
    while (vb_to_move(t->g, S(t)) == VB_CHANCE)
        vbt_dice(t, "0");
    expect_log(t, "[7.2] Castilla (2 SP, Normal column) fires at Pallavicini");
    expect_log(t, "[7.2] Lombardia (3 SP, Normal column) fires at Pallavicini");
    expect_at(t, "Pallavicini", "0705");
    vbt_act(t, "stop");
    vbt_act(t, "move Clerici");
    vbt_act(t, "to 0706");
    while (vb_to_move(t->g, S(t)) == VB_CHANCE)
        vbt_dice(t, "0");
    expect_log(t, "[7.2] Lombardia (3 SP, Normal column) fires at Clerici");
    expect_at(t, "Clerici", "0706");
    vbt_act(t, "stop");
    /* both out of the eZOC, in good order (no reaction hit with 0s) */
    assert_false(pc_in_ezoc(d, S(t), PC_AU, HX(t, "0705"), 0));
    assert_int_equal(S(t)->ustat[U(t, "Pallavicini")], ST_GOOD);
    assert_int_equal(S(t)->ustat[U(t, "Clerici")], ST_GOOD);
    vbt_free(t);
}

/* 4.6.1: "Standard bearers do not offer combat bonuses, but they can aid
 * in manoeuvre, in the case of Training Die Rolls, and in Reorganization".
 * The battle's Clerici (Novati's, of Gen Pallavicini's wing), no
 * Commander near, fires with its own SP; the wing's bearer stacked with it
 * or beside it adds nothing to them (his SF still counts in its TDRs).
 * Caught: the bearer's SF added to the fire's SP as a bonus. */
static void bearer_gives_no_fire_bonus(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int w = pc_find_wing(d, "Pallavicini"), u = U(t, "Clerici");
    assert_true(w >= 0 && d->wg[w].bmp && d->wg[w].bsf > 0);
    clear_board(t);
    put(t, "Clerici", "2010");
    int alone = pc_fire_sp(d, s, u);
    assert_int_equal(alone, d->u[u].sp);
    for (int k = 0; k < 2; k++) {
        s->bhex[w] = (int16_t)(k ? pc_nb(d, HX(t, "2010"), 1) : HX(t, "2010"));
        assert_int_equal(pc_bearer_sf(d, s, u), d->wg[w].bsf); /* the TDR's aid */
        assert_int_equal(pc_fire_sp(d, s, u), alone);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_reorganization_help_from_cic_or_wc),
        cmocka_unit_test(cover_levels_as_printed),
        cmocka_unit_test(walls_and_rivers_as_printed),
        cmocka_unit_test(cover_two_fortifications_q4),
        cmocka_unit_test(dargouger_gardes_du_corps_alone_q3),
        cmocka_unit_test(bearer_commands_at_the_staffs_full_range),
        cmocka_unit_test(whole_line_pulls_out_q9),
        cmocka_unit_test(bearer_gives_no_fire_bonus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
