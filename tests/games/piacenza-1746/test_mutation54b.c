/* test_mutation54b.c - piacenza-1746: tests written against the survivors
 * of the seed-54 mutation pass, second round, over pc_turn.c, pc_line.c,
 * pc_io.c and pc_explain.c (docs/piacenza-1746.md, "Mutation pass,
 * fifty-fourth session, second round (helper pcz)"). Messages "M54:". */
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

/* The modifier a pending roll carries (5.7: the misalignment TDR's, from
 * the TEC; 9.2: the retreat's level), in a state file -9 to 9: both bounds
 * load, 10 and -10 are refused in one line naming the key and its range,
 * the state unchanged (San Lazzaro's first position). (pc_io.c:261 the
 * bound 9 as 8: a roll_mod of 9 refused.) */
static void roll_modifier_bounds(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *pr = json_object_get(j, "procedure");
    assert_non_null(json_object_get(pr, "roll_mod"));
    const int ok[2] = {9, -9}, bad[2] = {10, -10};
    for (int k = 0; k < 2; k++) {
        char what[64], needle[64];
        json_object_set_new(pr, "roll_mod", json_integer(ok[k]));
        snprintf(what, sizeof what, "M54: roll_mod %d", ok[k]);
        pc_load_expect(t, file, NULL, what);
        if (S(t)->roll_mod != ok[k])
            fail_msg("M54: roll_mod %d read as %d", ok[k], (int)S(t)->roll_mod);
        json_object_set_new(pr, "roll_mod", json_integer(bad[k]));
        snprintf(what, sizeof what, "M54: roll_mod %d", bad[k]);
        snprintf(needle, sizeof needle, "\"roll_mod\" is %d, must be -9-9", bad[k]);
        pc_load_expect(t, file, needle, what);
    }
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 5.0: why "move UNIT" is refused for a unit in the map's first hex
 * (0101, hex 0, clear ground on the centre map of Scenario 2): Saboya of
 * Petit Bois's formation there, marked as moved in this activation, is
 * told so, and told it is disordered (11.1 b) when it is; not that it is
 * eliminated. (pc_explain.c:124 `s->uhex[u] < 0` as `< 1`: a unit in hex 0
 * told it is eliminated.) */
static void move_refusal_on_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0101");
    put(t, "Africa", "0102");
    put_leader(t, "Petit Bois", "0102");
    put(t, "Andlau", "1106");
    assert_int_equal(HX(t, "0101"), 0);
    at_segment(t, "De Croix", PH_MFORM);
    vbt_act(t, "formation Petit-Bois");
    assert_int_equal(S(t)->phase, PH_MOVE);
    int u = U(t, "Saboya");
    S(t)->uflag[u] |= UF_MOVED;
    explained(t, "M54", "move Saboya", "the unit has moved in this activation (5.0)");
    S(t)->uflag[u] &= (uint8_t)~UF_MOVED;
    S(t)->ustat[u] = ST_DIS;
    explained(t, "M54", "move Saboya", "disordered infantry stays in place (11.1 b)");
    vbt_free(t);
}

/* 5.1: artillery that has moved "faces a vertex", any of the six: each
 * offered by its name, "face NNE" (the first, facing 0) among them, and
 * played. The Artillerie Browne moved from 0808 to 0809 on San Lazzaro's
 * board (test_rules.c's 5.4 case). (pc_io.c:120 `x >= 0` as `x >= 1`: the
 * facing NNE spelt "face ?", so "face NNE" neither offered nor played.) */
static void artillery_faces_every_vertex(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Artillerie Browne", "0808");
    start_move(t, "CE", "artillery", "Artillerie-Browne");
    vbt_act(t, "to 0809");
    assert_int_equal(S(t)->phase, PH_FACE);
    for (int k = 0; k < 6; k++) {
        char a[32];
        snprintf(a, sizeof a, "face %s", pc_face_names[k]);
        if (!vbt_legal(t, a))
            fail_msg("M54: 5.1 '%s' (facing %d) not offered", a, k);
    }
    vbt_act(t, "face NNE");
    if (S(t)->uface[U(t, "Artillerie Browne")] != 0)
        fail_msg("M54: 5.1 'face NNE' gave facing %d", S(t)->uface[U(t, "Artillerie Browne")]);
    expect_log(t, "[5.1] Artillerie Browne faces NNE");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(roll_modifier_bounds),
        cmocka_unit_test(move_refusal_on_hex_zero),
        cmocka_unit_test(artillery_faces_every_vertex),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
