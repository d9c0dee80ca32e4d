/* test_mutation45.c - the forty-fifth session's mutation pass (seed 45,
 * helper pcr, docs/piacenza-1746.md "Mutation pass, forty-fifth session
 * (helper pcr)"): what the pass found without a test in pc_cavalry.c,
 * pc_def.c, pc_combat.c, pc_battle.c, pc_line.c, pc_dragoon.c and
 * pc_eval.c. Each test quotes the rule it checks and names the mutant it
 * kills (lines of 635b9a89). Messages begin "M45:". */
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

/* 4.7: "A Commander in a hex with combat units forced to retreat ... must
 * make a d10 roll: 0-1-2: the Commander is turned to the Staff side; if the
 * counter is already a Staff, it is captured by the enemy side"; DESIGN.md: a position round-trips
 * through its file. Aramburu, stacked with Castilla, turned to his Staff side by a D1, then
 * captured by an R: nothing of his retreat is left owed, and the position reads back the same.
 * (pc_combat.c:1082 the captured leader's `lfrom = -1` as `-2`: the state read back held -1.) */
static void captured_staff_reads_back(void **state)
{
    (void)state;
    vbt *t = board();
    int l = LEADER(t, "Aramburu");
    put(t, "Castilla", "0606");
    put_leader(t, "Aramburu", "0606");
    hit(t, "Castilla", R_D1, "0706");
    dice_on(t, "9,2");
    expect_log(t, "[4.7] Aramburu is hit (2): to his Staff side");
    hit(t, "Castilla", R_R, "0706");
    dice_on(t, "0");
    expect_log(t, "[4.7] Aramburu, already a Staff, is captured (0)");
    assert_int_equal(S(t)->lhex[l], -1);
    reads_back_the_same(t, "M45: 4.7 the captured Staff's position");
    vbt_free(t);
}

/* 13.1: "at the end of the game troop losses by each side will be counted,
 * namely: ... Routed units still on the map (1 VP) - Eliminated units (1
 * VP)". The battle: the Guardias Espanolas (unit 0 of the forces) routed on
 * the map earn the Austrians 1 VP, eliminated 1 VP; an Austrian unit alike
 * for the Franco-Spanish. (pc_battle.c:614 `pc_vp`'s count from `u = 1`:
 * unit 0's loss never counted.) */
static void unit_zero_counts_for_victory(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int g = U(t, "Guardias Espanolas");
    assert_int_equal(g, 0);
    assert_int_equal(pc_vp(d, s, PC_AU), 0);
    s->ustat[g] = ST_ROUT;
    if (pc_vp(d, s, PC_AU) != d->vp_routed || d->vp_routed != 1)
        fail_msg("M45: 13.1 the Guardias Espanolas routed on the map: %d VP to the Austrians",
                 pc_vp(d, s, PC_AU));
    s->uhex[g] = -1;
    if (pc_vp(d, s, PC_AU) != d->vp_elim || d->vp_elim != 1)
        fail_msg("M45: 13.1 the Guardias Espanolas eliminated: %d VP to the Austrians",
                 pc_vp(d, s, PC_AU));
    s->uhex[U(t, "Daun")] = -1;
    assert_int_equal(pc_vp(d, s, PC_FS), 1);
    vbt_free(t);
}

/* 4.6.1: the Standard Bearer "appears in play, in the same hex as the
 * Staff" and moves on his own (6 MP); the engine's reading (docs, 5.10 and
 * 4.7): he goes with the last unit of his side to leave his hex, and stays
 * while one of them is left there. The battle: Bandera De Gages stacked
 * with the Guardias Espanolas and the Artilleria de Gages; the Guardias
 * retreat from a D1 (their changing of ranks failed): the gun is left, the
 * bearer stays with it. Alone with the Guardias, he goes with them.
 * (pc_battle.c:277 `pc_bearer_follow`'s `pc_unit_at(..., side, -1)` as
 * `-0`: only infantry counted as left, the bearer gone with the Guardias
 * from the gun's hex.) */
static void bearer_stays_with_the_gun(void **state)
{
    (void)state;
    for (int gun = 1; gun >= 0; gun--) {
        vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
        const pc_data *d = D(t);
        pc_state *s = S(t);
        int w = pc_find_wing(d, "De Gages"), g = U(t, "Guardias Espanolas");
        clear_board(t);
        int h = HX(t, "0911"), src = pc_nb(d, h, 0);
        assert_true(src >= 0);
        s->uhex[g] = (int16_t)h;
        if (gun)
            put_at(t, "Artilleria de Gages", h);
        s->bhex[w] = (int16_t)h;
        char from[8];
        pc_hex_name(d, src, from, sizeof from);
        hit(t, "Guardias Espanolas", R_D1, from);
        dice_on(t, "9"); /* 8.5.3: the changing of ranks fails */
        assert_true(s->uhex[g] >= 0 && s->uhex[g] != h);
        if (gun && s->bhex[w] != h)
            fail_msg("M45: 4.6.1 Bandera De Gages left the Artilleria de Gages's hex");
        if (!gun && s->bhex[w] != s->uhex[g])
            fail_msg("M45: 4.6.1 Bandera De Gages did not go with the Guardias Espanolas");
        vbt_free(t);
    }
}

/* 5.5: the Line is declared from its first hex, then "at most within two
 * hexes of another unit" its gaps are chosen (`line-gaps`), then its last
 * hex; a state file may leave `line_gaps` out (a file of engine reading 11
 * or before: no gap once declared, still to choose while the Line's first
 * hex is chosen). The centre map: Petit Bois's Line from 0101 (hex 0), its
 * gaps still to choose; the file without `line_gaps` is read with the gaps
 * still to choose, `line-gaps` offered as before. (pc_line.c:277 the
 * default's `line_anchor >= 0` as `>= 1`: the first hex 0101 taken for
 * none, the gaps read as chosen, 0.) */
static void line_gaps_left_out_from_hex_zero(void **state)
{
    (void)state;
    vbt *t = petit_bois_declares();
    vbt_act(t, "line-from 0101");
    assert_int_equal(S(t)->phase, PH_LDIR);
    assert_int_equal(S(t)->line_anchor, 0);
    assert_int_equal(S(t)->line_gaps, -1);
    assert_true(vbt_legal(t, "line-gaps 1"));
    json_t *j, *file = pc_file_of(t, "centre", &j);
    json_object_del(json_object_get(j, "procedure"), "line_gaps");
    pc_load_expect(t, file, NULL, "M45: 5.5 a file without line_gaps, the Line from 0101");
    if (S(t)->line_gaps != -1 || !vbt_legal(t, "line-gaps 1"))
        fail_msg("M45: 5.5 the Line from 0101 read with its gaps chosen (%d)", S(t)->line_gaps);
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(captured_staff_reads_back),
        cmocka_unit_test(unit_zero_counts_for_victory),
        cmocka_unit_test(bearer_stays_with_the_gun),
        cmocka_unit_test(line_gaps_left_out_from_hex_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
