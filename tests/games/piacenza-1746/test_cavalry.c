/* test_cavalry.c - Piacenza 1746 cavalry (10.0-10.3): the sentences the
 * twenty-second session's audit found with no test of their own, one case
 * each, the sentence quoted; each fails when its rule is changed (planted
 * by hand once). The melee and charge cases tested before are in
 * test_combat.c, the dragoons in test_dragoons.c. Positions are built on
 * the Scenario 1 map by placing units directly. */
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

/* 10.1: "Cavalry does not need an adjacent FC to Melee or Charge." Barnklau
 * two hexes from the Hussars' hex at the start of the move (in command):
 * the melee is offered, as it is not to infantry (9.2.2, C `melee`). */
static void no_adjacent_commander_needed(void **state)
{
    (void)state;
    vbt *t = hussars_next_to("Castilla", "0905", "0604");
    assert_int_equal(pc_dist(D(t), HX(t, "0905"), S(t)->mv_start), 2);
    assert_true(pc_move_in_command(D(t), S(t), U(t, "Hussars")));
    assert_true(vbt_legal(t, "melee 0605"));
    vbt_free(t);
}

/* 10.2: "A Cavalry unit of an activated Formation may declare a Melee
 * against an adjacent enemy unit, only if this occupies a Clear or Ditch
 * terrain hex." Castilla in the village of San Lazzaro, 0907 (and in Clear
 * 1006 for the contrast): no melee from 1007 into the village. */
static void melee_only_into_clear_or_ditch(void **state)
{
    (void)state;
    static const struct {
        const char *hex, *act;
        int legal;
    } rows[] = {
        {"0907", "melee 0907", 0}, /* village (San Lazzaro) */
        {"1006", "melee 1006", 1}, /* clear */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = board();
        put(t, "Hussars", "1007");
        put_leader(t, "Barnklau", "1107");
        put(t, "Castilla", rows[i].hex);
        put_leader(t, "Aramburu", rows[i].hex);
        assert_true(D(t)->terr[D(t)->hterr[HX(t, "1007")]].is_clear);
        assert_int_equal(pc_dist(D(t), HX(t, "1007"), HX(t, rows[i].hex)), 1);
        start_move(t, "RW", "Barnklau", "Hussars");
        if (vbt_legal(t, rows[i].act) != rows[i].legal)
            fail_msg("10.2: '%s' legal %d, expected %d", rows[i].act, !rows[i].legal,
                     rows[i].legal);
        vbt_free(t);
    }
}

/* 10.2: "Artillery units attacked by Cavalry are wiped out and eliminated
 * without recourse to the table": a gun alone, facing the Hussars, is lost
 * when the marker is placed (as the infantry that does not stand retreats
 * then: Readings chosen), with no defensive fire and no die; the Hussars
 * keep their good order and their hex (the 10.2 / 11.1 c marker whose
 * target is gone at once). A gun alone meleed by infantry fires first
 * (9.2.3, C `combat_more`). */
static void rides_down_a_lone_gun(void **state)
{
    (void)state;
    vbt *t = hussars_next_to("Artilleria de Gages", "0805", NULL);
    S(t)->uface[U(t, "Artilleria de Gages")] =
        (uint8_t)pc_dir_to(D(t), HX(t, "0605"), HX(t, "0705"));
    vbt_act(t, "melee 0605");
    expect_log(t, "[10.2] Artilleria de Gages is overrun by cavalry");
    assert_int_equal(S(t)->uhex[U(t, "Artilleria de Gages")], -1);
    assert_int_equal(S(t)->roll, 0);
    to_combat(t, "Barnklau");
    assert_int_equal(S(t)->roll, 0);
    assert_false(vbt_logged(t, "[8.1]"));
    expect_at(t, "Hussars", "0705");
    assert_int_equal(S(t)->ustat[U(t, "Hussars")], ST_GOOD);
    vbt_free(t);
}

/* 10.2: "unless they are together with Infantry. In this case, the
 * Infantry unit defends the hex alone and the Artillery follows the fate of
 * Infantry (if forced to retreat, the Artillery is eliminated)." Castilla
 * in command with the gun: Castilla takes the TDR and fights; its DR loses
 * the gun. Castilla disordered: it retreats when the marker is placed, and
 * the gun, left alone, is lost at once (before the Combat segment). */
static void gun_follows_its_infantry(void **state)
{
    (void)state;
    vbt *t = hussars_next_to("Castilla", "0805", "0604");
    put(t, "Artilleria de Gages", "0605");
    vbt_act(t, "melee 0605");
    to_combat(t, "Barnklau");
    assert_int_equal(S(t)->roll, RL_MCAVTDR);
    assert_int_equal(S(t)->mel_d, U(t, "Castilla"));
    dice_on(t, "9,5"); /* the TDR failed: one column; DR */
    expect_log(t, "[9.2.4] Hussars (2) against Castilla (2): 3:2 column shifted, 5-1: DR");
    assert_int_equal(S(t)->uhex[U(t, "Artilleria de Gages")], -1);
    vbt_free(t);

    t = hussars_next_to("Castilla", "0805", "0604");
    put(t, "Artilleria de Gages", "0605");
    S(t)->ustat[U(t, "Castilla")] = ST_DIS;
    vbt_act(t, "melee 0605");
    expect_log(t, "[10.2] Castilla does not stand against cavalry and retreats");
    expect_log(t, "[10.2] Artilleria de Gages is overrun by cavalry");
    assert_int_equal(S(t)->uhex[U(t, "Artilleria de Gages")], -1);
    vbt_free(t);
}

/* 10.2: "If the defending unit is an Infantry unit out of command,
 * Disordered or Routed, it does not defend from Cavalry. In this case the
 * Infantry retreats two hexes ... The retreat is performed immediately upon
 * the placing of the Melee marker." Castilla in good order with no
 * Commander: out of command, it retreats two hexes at once, and Douchez
 * (another formation's Commander) stacked with it takes his roll of 4.7;
 * in command (Aramburu beside it) it stands. */
static void out_of_command_infantry_does_not_stand(void **state)
{
    (void)state;
    vbt *t = hussars_next_to("Castilla", "0805", NULL);
    put_leader(t, "Douchez", "0605"); /* another formation's: 4.7 */
    assert_false(pc_in_command(D(t), S(t), U(t, "Castilla")));
    vbt_act(t, "melee 0605");
    expect_log(t, "[10.2] Castilla does not stand against cavalry and retreats");
    dice_on(t, "7");
    expect_log(t, "[4.7] Douchez retreats unharmed (7)");
    assert_int_equal(pc_dist(D(t), S(t)->uhex[U(t, "Castilla")], HX(t, "0605")), 2);
    assert_int_equal(S(t)->ustat[U(t, "Castilla")], ST_GOOD);
    vbt_free(t);

    t = hussars_next_to("Castilla", "0805", "0604");
    assert_true(pc_in_command(D(t), S(t), U(t, "Castilla")));
    vbt_act(t, "melee 0605");
    assert_false(vbt_logged(t, "does not stand"));
    expect_at(t, "Castilla", "0605");
    vbt_free(t);
}

/* 10.3: "Charge always takes place only between opposing Cavalry units."
 * The Hussars reach 1205 (Clear, as 1105, no stream between, not adjacent
 * at the start): against a gun or infantry in 1105 the melee is offered,
 * the charge not; against cavalry there, both (C `melee_or_charge`). */
static void charge_only_against_cavalry(void **state)
{
    (void)state;
    static const char *const target[] = {"Artilleria de Gages", "Castilla"};
    for (size_t i = 0; i < 2; i++) {
        vbt *t = board();
        put(t, "Hussars", "1305");
        put_leader(t, "Barnklau", "1405");
        put(t, target[i], "1105");
        put_leader(t, "Aramburu", "1005");
        start_move(t, "RW", "Barnklau", "Hussars");
        vbt_act(t, "to 1205");
        if (S(t)->roll == RL_CAVZOC) /* 7.1 b: Castilla's ZOC */
            vbt_dice(t, "0");
        expect_at(t, "Hussars", "1205");
        if (!vbt_legal(t, "melee 1105") || vbt_legal(t, "charge 1105"))
            fail_msg("10.3: against %s: a melee, no charge", target[i]);
        vbt_free(t);
    }
}

/* 10.3: "only if: the hex occupied by the enemy cavalry unit and ... the
 * one adjacent to it from which the Charge is launched are Clear terrain".
 * The Hussars step into a Ditch hex next to the Gds de Corps in Clear (no
 * stream between, not adjacent at the start): the melee is offered (10.2),
 * the charge not; the same step into a Clear hex offers the charge. */
static void charge_launched_from_clear_only(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int x = -1, y = -1, z = -1, y2 = -1, z2 = -1;
    /* y Ditch, x Clear beside it (side open, no stream), z Clear beside y
     * two hexes from x; y2 Clear beside x, z2 Clear beside y2 two from x */
    for (int h = 0; h < d->nhex && z < 0; h++) {
        if (!d->terr[d->hterr[h]].is_ditch)
            continue;
        for (int k = 0; k < 6 && z < 0; k++) {
            int n = pc_nb(d, h, k);
            if (n < 0 || !d->terr[d->hterr[n]].is_clear || !pc_side_open(d, h, k) ||
                (d->stream[h] & (1u << k)))
                continue;
            for (int j = 0; j < 6 && z < 0; j++) {
                int m = pc_nb(d, h, j);
                if (m >= 0 && d->terr[d->hterr[m]].is_clear && pc_dist(d, m, n) == 2 &&
                    pc_side_open(d, h, j) && pc_step_cost(d, UT_CAV, m, pc_dir_to(d, m, h), h) <= 2)
                    x = n, y = h, z = m;
            }
        }
    }
    assert_true(z >= 0);
    for (int k = 0; k < 6 && z2 < 0; k++) {
        int n = pc_nb(d, x, k);
        if (n < 0 || n == y || !d->terr[d->hterr[n]].is_clear || !pc_side_open(d, x, k) ||
            (d->stream[x] & (1u << k)))
            continue;
        for (int j = 0; j < 6 && z2 < 0; j++) {
            int m = pc_nb(d, n, j);
            if (m >= 0 && m != y && d->terr[d->hterr[m]].is_clear && pc_dist(d, m, x) == 2 &&
                pc_side_open(d, n, j) && pc_step_cost(d, UT_CAV, m, pc_dir_to(d, m, n), n) <= 2)
                y2 = n, z2 = m;
        }
    }
    assert_true(z2 >= 0);
    for (int i = 0; i < 2; i++) {
        char xn[8], yn[8], zn[8], a[64];
        if (i) {
            vbt_free(t);
            t = board();
            d = D(t);
        }
        pc_hex_name(d, x, xn, sizeof xn);
        pc_hex_name(d, i ? y2 : y, yn, sizeof yn);
        pc_hex_name(d, i ? z2 : z, zn, sizeof zn);
        put(t, "Hussars", zn);
        put_leader(t, "Barnklau", zn);
        put(t, "Gds de Corps", xn);
        start_move(t, "RW", "Barnklau", "Hussars");
        snprintf(a, sizeof a, "to %s", yn);
        vbt_act(t, a);
        expect_at(t, "Hussars", yn);
        snprintf(a, sizeof a, "melee %s", xn);
        assert_true(vbt_legal(t, a));
        snprintf(a, sizeof a, "charge %s", xn);
        if (vbt_legal(t, a) != i)
            fail_msg("10.3: the charge from %s (%s) into %s: legal %d", yn, i ? "Clear" : "Ditch",
                     xn, !i);
    }
    d = NULL;
    vbt_free(t);
}

/* 10.1: "Cavalry combat always resolves as a Melee between the attacking
 * Cavalry and only one of the enemy units in the defending hex" (9.2.1:
 * "only one counter on each side"). The text names no unit; the reading
 * (Twenty-second session audit): infantry first (10.2: "the Infantry unit
 * defends the hex alone"), else the stronger cavalry (the first of equal
 * ones), else the gun. The Gds de Corps charge the Bernes and Hohenembs
 * Cuirassiers stacked in 1105, one of them reduced: the full one fights. */
static void the_stronger_cavalry_defends(void **state)
{
    (void)state;
    static const char *const cuir[2] = {"Bernes Cuirassiers", "Hohenembs Cuirassiers"};
    for (int i = 0; i < 2; i++) {
        vbt *t = board();
        put(t, "Gds de Corps", "1305");
        put_leader(t, "D'Argouger", "1405");
        put(t, cuir[0], "1105");
        put(t, cuir[1], "1105");
        S(t)->ustep[U(t, cuir[i])] = 1; /* reduced: 1 SP */
        start_move(t, "LW", "D'Argouger", "Gds-de-Corps");
        vbt_act(t, "to 1205");
        vbt_act(t, "charge 1105");
        to_combat(t, "D'Argouger");
        assert_int_equal(S(t)->roll, RL_MELEE);
        if (S(t)->mel_d != U(t, cuir[1 - i]))
            fail_msg("10.1: %s (reduced) stacked with %s: the defender %d", cuir[i], cuir[1 - i],
                     S(t)->mel_d);
        vbt_free(t);
    }
}

/* 10.2: "If the defending unit is an Infantry unit out of command,
 * Disordered or Routed, it does not defend from Cavalry"; 11.2: a Routed
 * unit, "If attacked or subjected to Fire, they retreat three hexes (see
 * 11.3)". Castilla, routed in 1105, drifts three hexes toward its edge when
 * the Hussars' marker is placed: no TDR, no combat. */
static void routed_defender_drifts(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Hussars", "1205");
    put_leader(t, "Barnklau", "1305");
    put(t, "Castilla", "1105");
    S(t)->ustat[U(t, "Castilla")] = ST_ROUT;
    start_move(t, "RW", "Barnklau", "Hussars");
    vbt_act(t, "melee 1105");
    expect_log(t, "[11.3] Castilla drifts to");
    assert_false(vbt_logged(t, "does not stand"));
    assert_true(S(t)->uhex[U(t, "Castilla")] >= 0);
    assert_int_equal(pc_dist(D(t), S(t)->uhex[U(t, "Castilla")], HX(t, "1105")), 3);
    assert_int_equal(S(t)->ustat[U(t, "Castilla")], ST_ROUT);
    vbt_free(t);
}

/* 10.2: "If the TDR is successful the Infantry unit ... a) Performs a
 * Defensive volley before the impact ... b) the Melee is executed"; 9.1.2:
 * in Feu de Billebaude a unit "cannot move, Fire or Melee. It defends
 * normally if attacked in Melee". Castilla, in command and in Feu de
 * Billebaude, passes its TDR: no volley (it cannot fire), and the melee
 * has no column for the Hussars (the TDR was passed). */
static void billebaude_defender_no_volley(void **state)
{
    (void)state;
    vbt *t = hussars_next_to("Castilla", "0805", "0604");
    S(t)->uflag[U(t, "Castilla")] |= UF_FDB;
    vbt_act(t, "melee 0605");
    to_combat(t, "Barnklau");
    assert_int_equal(S(t)->roll, RL_MCAVTDR);
    dice_on(t, "0,5");
    expect_log(t, "[10.2] Castilla stands against the cavalry? 0");
    assert_false(vbt_logged(t, "fires at Hussars"));
    expect_log(t, "[9.2.4] Hussars (2) against Castilla (2): 1:1 column, 5-1: DR");
    vbt_free(t);
}

/* 10.3.1: "it must immediately countercharge the initial attacking unit":
 * there is none to countercharge when the charge eliminated the charger.
 * The Hussars, reduced (1 SP), charge the Gds de Corps (2): 1:2, shifted to
 * 1:1; 0: A1, the Hussars' last step. No countercharge is rolled, and the Gds de Corps, who did
 * not attack, keep their good order (10.1 disorders the attacker only). */
static void no_countercharge_at_an_eliminated_charger(void **state)
{
    (void)state;
    vbt *t = hussars_at_1205(NULL);
    S(t)->ustep[U(t, "Hussars")] = 1;
    vbt_act(t, "charge 1105");
    to_combat(t, "Barnklau");
    vbt_dice(t, "0");
    expect_log(t, "[10.3] Hussars (1) against Gds de Corps (2): 1:1 column shifted, 0+0: A1");
    assert_int_equal(S(t)->uhex[U(t, "Hussars")], -1);
    assert_int_equal(S(t)->roll, 0);
    assert_false(vbt_logged(t, "[10.3.1]"));
    expect_at(t, "Gds de Corps", "1105");
    assert_int_equal(S(t)->ustat[U(t, "Gds de Corps")], ST_GOOD);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_adjacent_commander_needed),
        cmocka_unit_test(melee_only_into_clear_or_ditch),
        cmocka_unit_test(rides_down_a_lone_gun),
        cmocka_unit_test(gun_follows_its_infantry),
        cmocka_unit_test(out_of_command_infantry_does_not_stand),
        cmocka_unit_test(charge_only_against_cavalry),
        cmocka_unit_test(charge_launched_from_clear_only),
        cmocka_unit_test(the_stronger_cavalry_defends),
        cmocka_unit_test(routed_defender_drifts),
        cmocka_unit_test(billebaude_defender_no_volley),
        cmocka_unit_test(no_countercharge_at_an_eliminated_charger),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
