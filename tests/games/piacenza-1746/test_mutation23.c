/* test_mutation23.c - the rules that the twenty-third session's mutation
 * pass (seed 23, docs/piacenza-1746.md "Mutation pass, twenty-third
 * session") found without a test: each test names the rulebook sentence it
 * pins and the mutant it kills. */
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

/* 9.0 / 9.2.1: a formation's Combat segment with no volley declared goes
 * straight to its melees (none here) and back to the choice of the next
 * formation. The melee scan starts before the first unit of the order of
 * battle; pc_combat.c `A_OPEN`: `s->mel_a = -1` to `-2` read unit -1 and
 * left -2 in the state, which its file cannot hold (the melee attacker is
 * a unit or none): the position read back differed. */
static void combat_without_fire_round_trips(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Corona", "0705");
    put_leader(t, "Douchez", "0706");
    put(t, "Pallavicini", "0805");
    put_leader(t, "Novati", "0906");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Douchez");
    vbt_act(t, "open-fire");
    assert_int_equal(S(t)->phase, PH_CFORM);
    reads_back_the_same(t, "after a Combat segment without fire");
    vbt_free(t);
}

/* 9.2.1: "a unit stacked with a unit that retreats or is eliminated as a
 * result of a Melee or Charge must retreat from the hex". Hex 0101 is hex 0,
 * Clear on the centre map (Scenario 2) only: Saboya and Africa stacked
 * there, Saboya driven back by a melee (D1 from 0201). pc_combat.c
 * `process_pending`: `s->uhex[u] >= 0` to `> 0` (a unit in hex 0 taken for
 * one off the map) left Africa in place. */
static void stack_leaves_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    assert_int_equal(HX(t, "0101"), 0);
    put(t, "Saboya", "0101");
    put(t, "Africa", "0101");
    put(t, "Andlau", "0201");
    apply_result(t, "Saboya", R_D1, "0201", 0);
    retreat_first(t);
    expect_log(t, "[9.2.1] Africa leaves the hex with its stack");
    assert_int_not_equal(S(t)->uhex[U(t, "Africa")], HX(t, "0101"));
    vbt_free(t);
}

/* 10.4: the Flank benefit "if at least one other Cavalry of the same
 * Formation is adjacent to the attacked unit, but not adjacent to the
 * attacking unit", the flanker in hex 0 (0101, Clear on the centre map):
 * Descras (De Mailly's cavalry) melees Andlau, Vieufville (De Mailly's too)
 * in 0101 or not on the map. pc_combat.c `melee_flank`: `s->uhex[v] >= 0`
 * to `> 0` dropped the column of the flanker in hex 0. */
static void flank_from_hex_zero(void **state)
{
    (void)state;
    char col[2][64];
    for (int i = 0; i < 2; i++) {
        vbt *t = pc_new("centre", 1);
        const pc_data *d = D(t);
        clear_board(t);
        int h = -1, a = -1;
        for (int k = 0; k < 6 && a < 0; k++) { /* h next to 0101, a next to h only */
            int x = pc_nb(d, 0, k);
            if (x < 0 || !pc_side_open(d, 0, k) || !d->terr[d->hterr[x]].is_clear)
                continue;
            for (int j = 0; j < 6 && a < 0; j++) {
                int y = pc_nb(d, x, j);
                if (y >= 0 && pc_side_open(d, x, j) && d->terr[d->hterr[y]].is_clear &&
                    pc_dist(d, y, 0) > 1)
                    h = x, a = y;
            }
        }
        assert_true(a >= 0 && d->terr[d->hterr[0]].is_clear);
        put_at(t, "Descras", a);
        S(t)->lhex[pc_find_leader(d, "De Mailly")] = (int16_t)a;
        put_at(t, "Andlau", h);
        S(t)->lhex[pc_find_leader(d, "Piccolomini")] = (int16_t)h;
        if (i)
            put_at(t, "Vieufville", 0);
        start_move(t, "De-Croix", "De-Mailly", "Descras");
        char hn[8], act[64];
        pc_hex_name(d, h, hn, sizeof hn);
        snprintf(act, sizeof act, "melee %s", hn);
        vbt_act(t, act);
        to_combat(t, "De-Mailly");
        assert_int_equal(S(t)->roll, RL_MCAVTDR);
        dice_on(t, "9,5"); /* Andlau's TDR fails (10.2 b), then the melee */
        melee_column(t, "[9.2.4]", "Descras", col[i], sizeof col[i]);
        vbt_free(t);
    }
    assert_string_not_equal(col[0], col[1]);
}

/* 9.2.2: infantry may melee only with its Formation Commander adjacent to
 * the hex it started its move from. Hex 0 (0101) is Clear on the centre
 * map: Petit Bois there, Saboya starting next to him in 0102, Andlau in the
 * farmhouse of 0202 (9.2.3: infantry melees only into Cover). pc_combat.c `pc_melee_target_ok`:
 * `s->lhex[l] < 0` to `<= 0` took the Commander in hex 0 for one off the map: no melee. */
static void commander_in_hex_zero_allows_melee(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0102");
    put_leader(t, "Petit Bois", "0101");
    put(t, "Andlau", "0202");
    put_leader(t, "Piccolomini", "0302");
    assert_int_equal(D(t)->terr[D(t)->hterr[HX(t, "0202")]].cover, 1);
    start_move(t, "De-Croix", "Petit-Bois", "Saboya");
    assert_true(vbt_legal(t, "melee 0202"));
    vbt_free(t);
}

/* 9.2: every melee marker of the formation is resolved in its Combat
 * segment, one against hex 0 (0101, Clear on the centre map) too: Descras
 * (De Mailly's cavalry) declares a melee on Andlau there (10.2: into
 * Clear); at the combat Andlau's TDR against cavalry is rolled. pc_combat.c `next_melee`:
 * `s->umelee[a] < 0` to `< 1` took the marker on hex 0 for none: the melee
 * was never fought. */
static void melee_into_hex_zero_is_fought(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Descras", "0102");
    put_leader(t, "De Mailly", "0103");
    put(t, "Andlau", "0101");
    put_leader(t, "Piccolomini", "0201");
    start_move(t, "De-Croix", "De-Mailly", "Descras");
    vbt_act(t, "melee 0101");
    to_combat(t, "De-Mailly");
    assert_int_equal(S(t)->roll, RL_MCAVTDR);
    dice_on(t, "9,5");
    expect_log(t, "[9.2.4] Descras (");
    vbt_free(t);
}

/* 9.0: the Combat segment's fire first, then the formation's melees, every
 * one of them: the melee of the first unit of the order of battle
 * (Guardias Espanolas, unit 0) after Lombardia's volley. pc_combat.c
 * `CONT_FIRE2`: `s->mel_a = -1` to `-0` started the melees after the fire
 * at unit 1: the Guardias' melee was never fought. */
static void melee_of_unit_zero_after_fire(void **state)
{
    (void)state;
    vbt *t = board();
    assert_string_equal(D(t)->u[0].name, "Guardias Espanolas");
    put(t, "Guardias Espanolas", "0704");
    put(t, "Lombardia", "0705");
    put_leader(t, "Aramburu", "0604");
    put(t, "Warasdiner", "0804"); /* redoubt */
    put_leader(t, "Novati", "0905");
    start_move(t, "LW", "Aramburu", "Guardias-Espanolas");
    vbt_act(t, "melee 0804");
    combat_segment(t, "Aramburu");
    vbt_act(t, "fire Lombardia Warasdiner");
    vbt_act(t, "open-fire");
    if (vbt_legal(t, "hold Warasdiner"))
        vbt_act(t, "hold Warasdiner");
    /* the volley, no second one announced: every die 0 (no effect) */
    for (int g = 0; g < 8 && S(t)->roll != RL_MDEF && S(t)->roll != RL_MELEE; g++) {
        if (vb_to_move(t->g, S(t)) == VB_CHANCE)
            vbt_dice(t, "0");
        else if (S(t)->phase == PH_F2ATT || S(t)->phase == PH_F2DEF)
            vbt_act(t, "done");
        else
            break;
    }
    assert_int_equal(S(t)->mel_a, U(t, "Guardias Espanolas"));
    assert_int_equal(S(t)->roll, RL_MDEF); /* 9.2.3: the defender fires first */
    vbt_free(t);
}

/* Scenarios 2 and 3 "Setup: ... The Austrian player set up first": the
 * pieces placed one by one (the piece, then its hex); between two pieces
 * and once the game has begun, no piece is being placed, and the position
 * reads back from its file. pc_place.c `pc_place_apply`: `s->pl_piece =
 * -1` to `-0` left piece 0 "being placed" in the state. */
static void placement_reads_back(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    assert_int_equal(S(t)->phase, PH_PLACE);
    vbt_act(t, "place Andlau");
    assert_int_equal(S(t)->phase, PH_PLACEAT);
    reads_back_the_same(t, "the piece chosen");
    vbt_act(t, "at 1106");
    assert_int_equal(S(t)->phase, PH_PLACE);
    reads_back_the_same(t, "one piece placed");
    /* a piece in hex 0 (0101, Clear, outside every piece's area on the
     * centre map) refused in a set-up state file: `pc_place_check`'s `h < 0` to
     * `<= 0` took the piece there for one still to place */
    for (int p = 0; p < D(t)->nu; p++)
        assert_false(pc_in_area(D(t), D(t)->uarea[p], 0));
    for (int l = 0; l < D(t)->nl; l++)
        assert_false(pc_in_area(D(t), D(t)->larea[l], 0));
    json_t *j, *file = pc_file_of(t, "centre", &j);
    pc_set_hex(j, "units", "Andlau", "0101");
    pc_load_expect(t, file, "outside its set-up area", "Andlau in 0101");
    /* the Commanders likewise: an Austrian one outside his area, a
     * Franco-Spanish one placed before the Austrians are done
     * (`pc_place_check`'s scan `p >= PC_MAXU + d->nl` to `-`, the seed-28
     * survivor :180, stopped before the Commanders) */
    pc_set_hex(j, "units", "Andlau", "1106");
    pc_load_expect(t, file, NULL, "Andlau in 1106");
    pc_set_hex(j, "leaders", "Piccolomini", "0101");
    pc_load_expect(t, file, "Piccolomini outside its set-up area", "Piccolomini in 0101");
    pc_set_hex(j, "leaders", "Piccolomini", "unplaced");
    pc_set_hex(j, "leaders", "Petit Bois", "0706");
    pc_load_expect(t, file, "the Austrian player sets up first", "Petit Bois placed");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
    t = pc_new("centre", 1); /* every piece placed, the game begun */
    assert_int_not_equal(S(t)->phase, PH_PLACE);
    /* the log names each piece, the first Commander (Petit Bois, piece
     * PC_MAXU) too (`p < PC_MAXU` to `<=` in the log line reads u[PC_MAXU],
     * past the units: the same name by the data's layout, an index out of
     * bounds for the sanitizer build) */
    assert_int_equal(pc_find_leader(D(t), "Petit Bois"), 0);
    expect_log(t, "[centre set-up] franco-spanish places Petit Bois in 0706");
    reads_back_the_same(t, "the set-up over");
    vbt_free(t);
}

/* 5.5: the Line's first hex is "at or next to" one of the formation's
 * good-order infantry: Castilla (0405) and Lombardia (0404); 0505 (next to
 * both) offered, 0605 (two hexes off both) not. (Written for pc_line.c
 * `first_ok`'s `pc_dist(...) == 1` to `== 2`, seed 23, which it does NOT
 * kill: `first_ok` checks a state file's Line, not this listing; that
 * mutant is still open, docs/piacenza-1746.md.) */
static void line_first_hex_next_to_the_infantry(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0405");
    put(t, "Lombardia", "0404"); /* 5.6: two good infantry units */
    put_leader(t, "Aramburu", "0305");
    for (int i = 0; i < 2; i++) {
        int u = HX(t, i ? "0404" : "0405");
        assert_int_equal(pc_dist(D(t), u, HX(t, "0505")), 1);
        assert_int_equal(pc_dist(D(t), u, HX(t, "0605")), 2);
    }
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    assert_true(vbt_legal(t, "line-from 0405"));
    assert_true(vbt_legal(t, "line-from 0505"));
    assert_false(vbt_legal(t, "line-from 0605"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(combat_without_fire_round_trips),
        cmocka_unit_test(stack_leaves_hex_zero),
        cmocka_unit_test(flank_from_hex_zero),
        cmocka_unit_test(commander_in_hex_zero_allows_melee),
        cmocka_unit_test(melee_into_hex_zero_is_fought),
        cmocka_unit_test(melee_of_unit_zero_after_fire),
        cmocka_unit_test(placement_reads_back),
        cmocka_unit_test(line_first_hex_next_to_the_infantry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
