/* test_mutation34.c - the rules that the thirty-fourth session's mutation
 * pass (seed 34, docs/piacenza-1746.md "Mutation pass, thirty-fourth
 * session (helper pcx)") found without a test: each test names the
 * rulebook sentence it pins and the mutant it kills (lines of 7d8a41b).
 * The positions are built on cleared boards, as the audits' are. */
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

/* 10.2: "Artillery units attacked by Cavalry are wiped out ... unless they
 * are together with Infantry. In this case, the Infantry unit defends the
 * hex alone". The Guardias Espanolas, unit 0 of Learning Scenario 1's
 * forces, in command and in good order, stand with the Artilleria de
 * Gages when the Hussars' marker is placed: nobody retreats and the gun
 * is not overrun; the infantry takes the TDR of 10.2. pc_combat.c
 * pc_melee_start: `pc_unit_at(..., UT_INF) < 0` to `<= 0` (seed 34,
 * :562) did not see unit 0 there and rode the gun down. */
static void cavalry_melee_10_2_gun_with_unit_zero(void **state)
{
    (void)state;
    vbt *t = hussars_next_to("Guardias Espanolas", "0805", "0604");
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    put(t, "Artilleria de Gages", "0605");
    vbt_act(t, "melee 0605");
    if (vbt_logged(t, "overrun"))
        fail_msg("M34: 10.2 the gun with the Guardias Espanolas overrun; log:\n%s", t->log);
    expect_at(t, "Artilleria de Gages", "0605");
    expect_at(t, "Guardias Espanolas", "0605");
    to_combat(t, "Barnklau");
    assert_int_equal(S(t)->roll, RL_MCAVTDR);
    assert_int_equal(S(t)->mel_d, U(t, "Guardias Espanolas"));
    vbt_free(t);
}

/* 10.3.1: "After the Countercharge results are applied, the initially
 * attacked cavalry retreats"; 9.2.8: "moving away from the attacking enemy
 * unit ... towards the friendly edge of the map (west for
 * Franco-Spaniards)". The Hussars charge the Gds de Corps in 1105 (DR, the
 * retreat kept for after the countercharge); the countercharge eliminates
 * the Hussars (DE). The Gds de Corps, disordered by their countercharge,
 * hold the TDR of 11.1 e and fall back one hex: no attacker is left to
 * move away from, so the priorities alone choose, and the hex is west of
 * 1105 (column 10). pc_combat.c charge_retreats: the charged unit's
 * source when the charger is gone `-1` to `-0` (seed 34, :774) sent it
 * "away" from hex 0 (0101, the map's corner): east. */
static void countercharge_10_3_1_retreat_after_charger_gone(void **state)
{
    (void)state;
    vbt *t = charge_1105();
    dice_on(t, "5,9,0");
    expect_log(t, "[10.3] Hussars (2) against Gds de Corps (2): 3:2 column shifted, 5+0: DR");
    expect_log(t, "[10.3.1] Gds de Corps (2) against Hussars (2): 3:2 column shifted, 9+0: DE");
    assert_int_equal(S(t)->uhex[U(t, "Hussars")], -1);
    expect_log(t, "[10.3.1] Gds de Corps now falls back");
    int h = S(t)->uhex[U(t, "Gds de Corps")];
    char hn[8];
    pc_hex_name(D(t), h, hn, sizeof hn);
    if (pc_dist(D(t), h, HX(t, "1105")) != 1 || h / D(t)->h != HX(t, "1105") / D(t)->h - 1)
        fail_msg("M34: 10.3.1 the Gds de Corps fell back to %s, not one hex west of 1105", hn);
    vbt_free(t);
}

/* 9.2.1 / 9.2.3: "Infantry cannot conduct Melee Combat against Cavalry",
 * whichever side attacks. Clerici (Austrian infantry, Novati beside it at
 * the start of its move) next to the Franco-Spanish Gds de Corps alone in
 * 0705: no `melee 0705`; the same hex held by the Artilleria de Gages alone
 * (9.2.3: "an Artillery unit alone in a hex can always be attacked") is
 * offered, so the listing is reached. pc_combat.c pc_melee_target_ok: the
 * enemy cavalry looked for on side `1 - side` to `1 + side` (seed 34,
 * :510) looked on side 2 for an Austrian attacker, found none, and let
 * Clerici melee the cavalry. */
static void infantry_melee_9_2_3_never_against_cavalry(void **state)
{
    (void)state;
    static const struct {
        const char *who;
        int legal;
    } rows[] = {{"Gds de Corps", 0}, {"Artilleria de Gages", 1}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = board();
        put(t, "Clerici", "0805");
        put_leader(t, "Novati", "0906");
        put(t, rows[i].who, "0705");
        start_move(t, "RW", "Novati", "Clerici");
        if (vbt_legal(t, "melee 0705") != rows[i].legal)
            fail_msg("M34: 9.2.3 Clerici's melee on %s offered %d, expected %d", rows[i].who,
                     !rows[i].legal, rows[i].legal);
        vbt_free(t);
    }
}

/* 9.2.7: "Ax: result for the attacker ... E = one unit eliminated"; 9.2.9:
 * "The defender cannot advance." Castilla melees Clerici in the
 * entrenchment of 0805 (Aramburu beside it at the start of its move);
 * Clerici's volley before the melee (9.2.3) is an NE, and the melee, 1:2
 * column, 0-1, is an AE: Castilla is eliminated, Clerici keeps its hex and
 * its steps. pc_combat.c melee_roll: the attacker's results `res >= R_AE`
 * to `res > R_AE` (seed 34, :727) gave the AE to the defender: Clerici was
 * eliminated and Castilla advanced. */
static void melee_result_9_2_7_ae_eliminates_the_attacker(void **state)
{
    (void)state;
    vbt *t = melee_to_retreat();
    int c = U(t, "Clerici"), steps = S(t)->ustep[c];
    dice_on(t, "0,0");
    expect_log(t, "[9.2.4] Castilla (2) against Clerici (");
    expect_log(t, "1:2 column, 0-1: AE");
    if (S(t)->uhex[U(t, "Castilla")] != -1)
        fail_msg("M34: 9.2.7 an AE left the attacker Castilla on the map; log:\n%s", t->log);
    if (S(t)->uhex[c] != HX(t, "0805") || S(t)->ustep[c] != steps)
        fail_msg("M34: 9.2.7 an AE hit the defender Clerici; log:\n%s", t->log);
    vbt_free(t);
}

/* 8.1: "An Artillery unit fires in the direction of its frontal hexes
 * (cone of fire - see diagram)"; "The maximum range of the artillery is
 * three hexagons"; 2.2.3: a battery faces a vertex, the two hexes beside it
 * its front. The cone of a battery facing the vertex between directions f
 * and f + 1 is the wedge between them: the hexes a steps along f then b
 * along f + 1 (1 <= a + b <= 3), two at range 1, three at 2, four at 3.
 * Walked here with the neighbour table (pc_nb) from 0606 for each of the
 * six facings, and compared with pc_in_cone over every hex of the map.
 * Fi `artillery` checks one facing (E), whose second front direction moves
 * along a column only. pc_map.c pc_in_cone: `r1 + a * AR[face] + b *
 * AR[f2]` to `- b * AR[f2]` (seed 34, :72) bent the wedge for four of the
 * six facings (the far hexes of the second front direction outside, others
 * in). */
static void cone_of_fire_8_1_every_facing(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int from = HX(t, "0606");
    for (int f = 0; f < 6; f++) {
        int in[PC_MAXHEX] = {0}, per[4] = {0};
        for (int a = 0; a <= 3; a++)
            for (int b = 0; a + b <= 3; b++) {
                int h = from;
                for (int k = 0; k < a && h >= 0; k++)
                    h = pc_nb(d, h, f);
                for (int k = 0; k < b && h >= 0; k++)
                    h = pc_nb(d, h, (f + 1) % 6);
                assert_true(h >= 0); /* 0606 lies three hexes inside the map */
                if (a + b > 0)
                    in[h] = 1;
            }
        for (int h = 0; h < d->nhex; h++) {
            if (h == from)
                continue;
            if (pc_in_cone(d, from, f, h) != in[h]) {
                char hn[8];
                pc_hex_name(d, h, hn, sizeof hn);
                fail_msg("M34: 8.1 facing %s, %s %s the cone of fire", pc_face_names[f], hn,
                         in[h] ? "outside" : "inside");
            }
            if (in[h])
                per[pc_dist(d, from, h)]++;
        }
        assert_int_equal(per[1], 2);
        assert_int_equal(per[2], 3);
        assert_int_equal(per[3], 4);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cavalry_melee_10_2_gun_with_unit_zero),
        cmocka_unit_test(countercharge_10_3_1_retreat_after_charger_gone),
        cmocka_unit_test(infantry_melee_9_2_3_never_against_cavalry),
        cmocka_unit_test(melee_result_9_2_7_ae_eliminates_the_attacker),
        cmocka_unit_test(cone_of_fire_8_1_every_facing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
