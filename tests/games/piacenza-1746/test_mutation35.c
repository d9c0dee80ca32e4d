/* test_mutation35.c - the rules that the thirty-fifth session's mutation
 * pass (seed 35, docs/piacenza-1746.md "Mutation pass, thirty-fifth
 * session (helper pmx)") found without a test: each test names the
 * rulebook sentence it pins and the mutant it kills (lines of ccb7256).
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

/* 5.5: "all the units of the "Line" are adjacent to each other, or at most
 * within two hexes of another unit", on "an imaginary line that connects
 * the center of the hex of the first and the last unit of the Line": the
 * declaration names the gaps (line-gaps G), then the last hex, n - 1 + G
 * hexes from the first. Hex 0 (0101, Clear on the Scenario 2 sheet) is a
 * last hex like any other.
 * Saboya in 0301 and Africa in 0201 (Petit Bois's two battalions on the
 * map), every other hex two from 0301 held by a unit of another formation
 * (5.5: a gap's hex "nor by friendly units of other Formations"): the one
 * last hex left for one gap is 0101, so line-gaps 1 is offered and 0101 is
 * the one last hex; with 0101 held too, line-gaps 1 is not offered.
 * pc_line.c gaps_ok: the ring's `h >= 0` to `h > 0` (seed 35, :174) never
 * tried hex 0 and refused the gap. */
static void line_5_5_gaps_to_hex_zero(void **state)
{
    (void)state;
    static const char *const other[] = {"Perigord", "Foix",      "Volontaires de Gantes",
                                        "La Reine", "De Vigier", "Provence"};
    static const char *const ring[] = {"0102", "0202", "0303", "0402", "0501", "0502"};
    for (int held = 0; held < 2; held++) {
        vbt *t = pc_new("centre", 1);
        const pc_data *d = D(t);
        clear_board(t);
        int a = HX(t, "0301"), k = 0;
        put(t, "Saboya", "0301");
        put(t, "Africa", "0201");
        put_leader(t, "Petit Bois", "0301");
        for (size_t i = 0; i < sizeof ring / sizeof ring[0]; i++)
            put(t, other[i], ring[i]);
        if (held)
            put(t, "Tournaisis", "0101");
        for (int h = 0; h < d->nhex; h++)
            k += pc_dist(d, a, h) == 2;
        assert_int_equal(k, 7); /* the six held and 0101 */
        at_segment(t, "De Croix", PH_MFORM);
        vbt_act(t, "formation Petit-Bois");
        vbt_act(t, "declare-line");
        vbt_act(t, "line-from 0301");
        if (vbt_legal(t, "line-gaps 1") == held)
            fail_msg("M35: 5.5 line-gaps 1 from 0301 offered %d with 0101 %s", held,
                     held ? "held" : "free, the one last hex left");
        if (!held) {
            vbt_act(t, "line-gaps 1");
            vb_action acts[64];
            int n = pc_line_legal(d, S(t), acts, 64);
            assert_int_equal(n, 1);
            assert_int_equal(PC_A(acts[0]), 0);
        }
        vbt_free(t);
    }
}

/* 4.7: a Commander "in a hex with combat units forced to retreat ... can
 * retreat with the units it was stacked with": while his roll or choice is
 * owed, a state file names the two units of his stack (`retreat_with`, the
 * last first), unit 0 among them too. Aramburu's roll owed in 0605, the
 * units Castilla and the Guardias Espanolas (unit 0 of Learning Scenario
 * 1's forces): the file written holds both, and reads back the same.
 * pc_io.c pc_to_json: `lwith2[k] >= 0` to `>= 1` (seed 35, :378) wrote
 * Castilla alone, and the Guardias were lost to the file. */
static void commander_retreat_4_7_file_keeps_unit_zero(void **state)
{
    (void)state;
    vbt *t = board();
    int l = pc_find_leader(D(t), "Aramburu");
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    put(t, "Castilla", "0504");
    put(t, "Guardias Espanolas", "0506");
    put_leader(t, "Aramburu", "0504");
    S(t)->lroll |= 1 << l;
    S(t)->lfrom[l] = (int16_t)HX(t, "0605");
    S(t)->lwith[l] = (int8_t)U(t, "Castilla");
    S(t)->lwith2[l] = 0;
    S(t)->roll = RL_LEADER; /* his roll next (pc_combat_next) */
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *rw =
        json_object_get(json_object_get(json_object_get(j, "leaders"), "Aramburu"), "retreat_with");
    if (json_array_size(rw) != 2)
        fail_msg("M35: 4.7 Aramburu's retreat_with written without the Guardias Espanolas");
    json_decref(file);
    json_decref(j);
    reads_back_the_same(t, "M35: 4.7 Aramburu's two units");
    assert_int_equal(S(t)->lwith2[l], 0);
    vbt_free(t);
}

/* Scenario 2: "Setup: See "Forces". The Austrian player set up first." A
 * state file saved while the Franco-Spanish place Saboya, unit 0
 * of the Scenario 2 forces (`placing`, the piece chosen, its hex next),
 * reads back the same. pc_io.c pc_from_json: `pu >= 0 ? pu` to `pu >= 1`
 * (seed 35, :604) read the piece being placed as a Commander (none: slot
 * PC_MAXU - 1), and the file was refused. */
static void setup_file_places_unit_zero(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    assert_int_equal(U(t, "Saboya"), 0);
    vbt_act(t, "place Andlau");
    vbt_act(t, "at 1106");
    vbt_act(t, "place Forgtasch");
    vbt_act(t, "at 1205");
    vbt_act(t, "place Piccolomini");
    vbt_act(t, "at 1206");
    vbt_act(t, "place Saboya");
    assert_int_equal(S(t)->phase, PH_PLACEAT);
    assert_int_equal(S(t)->pl_piece, 0);
    reads_back_the_same(t, "M35: the set-up with Saboya (unit 0) being placed");
    assert_int_equal(S(t)->pl_piece, 0);
    vbt_act(t, "at 0605");
    expect_at(t, "Saboya", "0605");
    vbt_free(t);
}

/* 9.2.1: a melee marker, spent once its melee is resolved, stays until the
 * end of the activation; a state file keeps it (`melee`: -2 - the hex), in
 * the sheet's last hex too. The Hussars (Barnklau) step from 1610 into
 * 1611 and melee the Gds de Corps in 1612, the last hex of the San Lazzaro
 * sheet (16 columns of 12); the melee resolved, the position is written and
 * read back the same. pc_io.c pc_from_json: the spent marker's bound
 * `(-2 - v) >= d->nhex` to `(-1 - v)` (seed 35, :776) refused a spent
 * marker on the last hex ("bad melee hex"). */
static void melee_9_2_1_spent_marker_on_the_last_hex(void **state)
{
    (void)state;
    vbt *t = board();
    int h = HX(t, "1612"), hu = U(t, "Hussars");
    assert_int_equal(h, D(t)->nhex - 1);
    put(t, "Hussars", "1610");
    put_leader(t, "Barnklau", "1610");
    put(t, "Gds de Corps", "1612");
    start_move(t, "RW", "Barnklau", "Hussars");
    vbt_act(t, "to 1611");
    vbt_act(t, "melee 1612");
    to_combat(t, "Barnklau");
    dice_on(t, "5");
    expect_log(t, "[9.2.4] Hussars (2) against Gds de Corps (2)");
    if (S(t)->umelee[hu] != -2 - h)
        fail_msg("M35: the Hussars' marker %d, not the spent one of 1612; log:\n%s",
                 S(t)->umelee[hu], t->log);
    reads_back_the_same(t, "M35: 9.2.1 a spent marker on the sheet's last hex");
    vbt_free(t);
}

/* Scenario 3: "The player who occupies, or has been the last to do so,
 * Gossolengo at end of the Scenario is the winner": a state file keeps
 * who last occupied it (`occupant`), the Austrians too. The set-up done,
 * Gossolengo empty, the Austrians its last occupant: the file reads back
 * the same. pc_io.c: the `occupant` field's bound `1` to `0` (seed 35,
 * :267) refused an Austrian occupant. */
static void scenario_3_occupant_austrian_in_a_file(void **state)
{
    (void)state;
    vbt *t = pc_new("gossolengo", 1);
    assert_true(D(t)->vic_last);
    assert_int_equal(pc_unit_at(D(t), S(t), D(t)->vic[0], PC_FS, -1), -1);
    assert_int_equal(pc_unit_at(D(t), S(t), D(t)->vic[0], PC_AU, -1), -1);
    S(t)->holder = PC_AU;
    reads_back_the_same(t, "M35: Scenario 3 the Austrians the last to occupy Gossolengo");
    assert_int_equal(S(t)->holder, PC_AU);
    vbt_free(t);
}

/* 3.0 A: "Then each player rolls a d10" (1.0: "Zero is and remains
 * zero"); a state file keeps each side's die (`initiative`, -1 before the
 * roll, else 0-9) and refuses any other value in one line naming the key.
 * pc_io.c: the `initiative` bound `-1` to `-2` (seed 35, :660) read -2 as
 * a die. */
static void initiative_3_0_die_out_of_range_refused(void **state)
{
    (void)state;
    vbt *t = board();
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *m = json_object_get(json_object_get(j, "markers"), "austrian");
    assert_non_null(m);
    json_object_set_new(m, "initiative", json_integer(-2));
    pc_load_expect(t, file, "initiative", "M35: 3.0 an initiative die of -2");
    json_object_set_new(m, "initiative", json_integer(10));
    pc_load_expect(t, file, "initiative", "M35: 3.0 an initiative die of 10");
    json_object_set_new(m, "initiative", json_integer(-1));
    pc_load_expect(t, file, NULL, "M35: 3.0 no initiative die yet");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_5_5_gaps_to_hex_zero),
        cmocka_unit_test(commander_retreat_4_7_file_keeps_unit_zero),
        cmocka_unit_test(setup_file_places_unit_zero),
        cmocka_unit_test(melee_9_2_1_spent_marker_on_the_last_hex),
        cmocka_unit_test(scenario_3_occupant_austrian_in_a_file),
        cmocka_unit_test(initiative_3_0_die_out_of_range_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
