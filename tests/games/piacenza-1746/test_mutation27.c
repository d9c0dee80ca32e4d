/* test_mutation27.c - the rules that the twenty-seventh session's mutation
 * pass (seed 27, docs/piacenza-1746.md "Mutation pass, twenty-seventh
 * session (helper pcm)") found without a test: each test names the
 * rulebook sentence it pins and the mutant it kills. */
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

/* 13.2: at the end of 15:00 the Franco-Spanish "reveal one occupied
 * objective". The Guardias Espanolas, unit 0 of the battle's order of
 * battle, alone in Montale (whoever stood there moved away): Montale is
 * to be revealed, Turro (not occupied) is not, and the battle goes on.
 * pc_battle.c must_reveal: `pc_unit_at(...) >= 0` to `>= 1` (seed 27,
 * :334) did not see unit 0 there: no reveal was due and the battle
 * ended. */
static void reveal_held_by_unit_zero(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Montale", "Turro", "Gariga");
    int h = PLACE(t, "Montale"), g = U(t, "Guardias Espanolas");
    assert_int_equal(g, 0);
    for (int u = 0; u < D(t)->nu; u++)
        if (S(t)->uhex[u] == h)
            S(t)->uhex[u] = (int16_t)free_hex(t, h, 4, 99);
    S(t)->uhex[g] = (int16_t)h;
    end_turn(t, 10);
    assert_false(vbt_logged(t, "automatic Austrian victory"));
    assert_int_equal(S(t)->phase, PH_REVEAL);
    assert_true(vbt_legal(t, "reveal Montale"));
    assert_false(vbt_legal(t, "reveal Turro"));
    vbt_act(t, "reveal Montale");
    assert_int_equal(S(t)->turn, 11);
    vbt_free(t);
}

/* 13.2: "the Austrian player wins an Automatic Victory at the end of the
 * 3.00 pm game turn if the Franco-Spanish player does not occupy at least
 * one of the geographic objectives": the verdict names that turn. No objective held at the end of
 * 15:00, the four revealed: "... no objective held at the end of 15:00". pc_battle.c
 * pc_battle_result: `turn_name[d->auto_turn - 1]` to `- 0` (seed 27, :634)
 * named 16:00. */
static void automatic_verdict_names_the_hour(void **state)
{
    (void)state;
    vb_result r;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Turro", "Gariga");
    end_turn(t, 10);
    expect_log(t, "automatic Austrian victory");
    vbt_act(t, "reveal San-Lazzaro");
    vbt_act(t, "reveal Le-Mose");
    vbt_act(t, "reveal Turro");
    vbt_act(t, "reveal Gariga");
    t->g->def->result(t->g, S(t), &r);
    assert_true(r.over);
    assert_int_equal(r.winner, PC_AU);
    assert_string_equal(r.verdict, "Austrian automatic victory (13.2): no objective held at the "
                                   "end of 15:00");
    vbt_free(t);
}

/* 4.1 / 4.3: each Formation Commander traces his own command line to his
 * Wing Commander, "counted hex by hex" around enemy-occupied hexes. On a
 * cleared battle map, Gen Pallavicini (in command) stands in open ground
 * with two of his FCs two hexes off on either side, an enemy battalion on
 * the hex between him and each: both lines go round (3 hexes, within his
 * range), and both FCs are in command. pc_battle.c command_line: the
 * clean-up after the full search `i < nq` to `i > nq` (seed 27, :141) left
 * the first search's hexes marked, and the second FC's line, from the same
 * hex, was not found. */
static void two_detours_from_one_commander(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int wc = LEADER(t, "Gen Pallavicini"), fc[2], nf = 0;
    for (int l = 0; l < d->nl && nf < 2; l++)
        if (d->l[l].kind == LK_FC && d->l[l].wing == d->l[wc].wing)
            fc[nf++] = l;
    assert_int_equal(nf, 2);
    assert_true(d->l[wc].range >= 3);
    clear_board(t);
    int h = -1;
    for (int c = 0; c < d->nhex && h < 0; c++) {
        int ok = 1;
        for (int g = 0; g < d->nhex && ok; g++)
            if (pc_dist(d, c, g) <= 2 && d->open[g] != 0x3f)
                ok = 0;
        if (ok)
            h = c;
    }
    assert_true(h >= 0);
    s->lhex[wc] = (int16_t)h;
    s->lcmd = 1 << wc; /* in command at his activation (4.5) */
    for (int i = 0; i < 2; i++) {
        int n = pc_nb(d, h, 3 * i);
        s->uhex[U(t, i ? "Africa" : "Saboya")] = (int16_t)n;
        s->lhex[fc[i]] = (int16_t)pc_nb(d, n, 3 * i);
        assert_int_equal(pc_dist(d, h, s->lhex[fc[i]]), 2);
    }
    pc_command_update(d, s, 0);
    for (int i = 0; i < 2; i++)
        if (!pc_leader_in_command(d, s, fc[i]))
            fail_msg("4.1: %s, two hexes from %s round an enemy, out of command", d->l[fc[i]].name,
                     d->l[wc].name);
    vbt_free(t);
}

/* 11.2: "a unit that routs retreats at once three hexes" (11.3, toward its
 * friendly edge). On the centre map hex 0 (0101) is Clear: Andlau, an
 * Austrian battalion alone there, routs and drifts three columns east, to
 * column 04. pc_units.c pc_rout: `s->uhex[u] < 0` to `< 1` (seed 27,
 * :604) took the unit in hex 0 for one out of play: it stayed in 0101 in
 * good order. */
static void rout_from_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Andlau", "0101");
    assert_int_equal(HX(t, "0101"), 0);
    int u = U(t, "Andlau");
    pc_rout(D(t), S(t), u, &t->cx);
    expect_log(t, "[11.2] Andlau routs");
    assert_int_equal(S(t)->ustat[u], ST_ROUT);
    assert_true(S(t)->uhex[u] >= 0);
    assert_int_equal(S(t)->uhex[u] / D(t)->h, 3); /* column 04 */
    vbt_free(t);
}

/* 4.1: "the number of hexes ... up to the Commander's range", counted hex
 * by hex around enemy-occupied hexes: a line one hex longer than the
 * straight one is still in range when that length is the range itself. Gen
 * Pallavicini (in command) on a cleared battle map, his FC range - 1 hexes
 * off along a hex row, an enemy battalion on the first hex of that row: the
 * line goes round in exactly range hexes, and the FC is in command; one hex
 * further along the row he is not. pc_battle.c command_line: the levels of
 * the full search `range - h0 + 1` to `range - h0 - 1` (seed 27, :98)
 * searched no line longer than the straight one minus one. */
static void detour_at_the_range(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int wc = LEADER(t, "Gen Pallavicini"), fc = -1, r = d->l[wc].range;
    for (int l = 0; l < d->nl && fc < 0; l++)
        if (d->l[l].kind == LK_FC && d->l[l].wing == d->l[wc].wing)
            fc = l;
    assert_true(fc >= 0 && r >= 3);
    clear_board(t);
    /* a start hex and a direction with open ground along r + 1 hexes and
     * next to them */
    int h = -1, k = 0;
    for (int c = 0; c < d->nhex && h < 0; c++)
        for (k = 0; k < 6 && h < 0; k++) {
            int ok = 1;
            for (int i = 0, x = c; i <= r && ok; i++, x = pc_nb(d, x, k))
                for (int g = 0; g < d->nhex && ok; g++)
                    if (x < 0 || (pc_dist(d, x, g) <= 1 && d->open[g] != 0x3f))
                        ok = 0;
            if (ok)
                h = c;
        }
    k--;
    assert_true(h >= 0);
    int b = h;
    for (int i = 0; i < r - 1; i++)
        b = pc_nb(d, b, k);
    assert_int_equal(pc_dist(d, h, b), r - 1);
    s->lhex[wc] = (int16_t)h;
    s->lcmd = 1 << wc; /* in command at his activation (4.5) */
    s->lhex[fc] = (int16_t)b;
    s->uhex[U(t, "Saboya")] = (int16_t)pc_nb(d, h, k);
    pc_command_update(d, s, 0);
    if (!pc_leader_in_command(d, s, fc))
        fail_msg("4.1: %s, %d hexes round an enemy from %s (range %d), out of command",
                 d->l[fc].name, r, d->l[wc].name, r);
    s->lhex[fc] = (int16_t)pc_nb(d, b, k);
    pc_command_update(d, s, 0);
    assert_false(pc_leader_in_command(d, s, fc));
    vbt_free(t);
}

/* 9.1 / 9.1.2: a fire over, no second volley announced: the next decision
 * (3.1 d, the choice of the next formation for combat) holds no volley in
 * progress, `proc_i` -1, and its state file reads back. pc_io.c: the
 * procedure's bound `proc_i` -1 to `-0` (seed 27, :250) refused that file
 * (a position of ordinary play). */
static void file_after_the_fire(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0705");
    put_leader(t, "Aramburu", "0704");
    put(t, "Clerici", "0805");
    put_leader(t, "Novati", "0906");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Castilla Clerici");
    vbt_act(t, "open-fire");
    vbt_act(t, "reply Clerici Castilla");
    dice_on(t, "0,0");
    vbt_act(t, "done"); /* no second volley (9.1.2), the attacker */
    vbt_act(t, "done"); /* nor the defender */
    assert_int_equal(S(t)->phase, PH_CFORM);
    assert_int_equal(S(t)->proc_i, -1);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    pc_load_expect(t, file, NULL, "3.1 d after a fire with no second volley");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 9.1: a fire declaration is kept in the state file while the formation's
 * volleys are declared; the Guardias Espanolas, unit 0, declare theirs at
 * the Grenadiers Marini: the file reads back. pc_io.c the fire list's
 * `f < 0` to `f <= 0` (seed 27, :895) refused a declaration by unit 0. */
static void fire_by_unit_zero_in_a_file(void **state)
{
    (void)state;
    vbt *t = guards_before_marini();
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Guardias-Espanolas Grenadiers-Marini");
    assert_int_equal(S(t)->nd, 1);
    assert_int_equal(S(t)->df[0], 0);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    pc_load_expect(t, file, NULL, "9.1 a volley of unit 0 declared");
    assert_int_equal(S(t)->nd, 1);
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 8.2.1: a Smoke marker's hex in a state file is a hex name; a number is
 * refused naming the key. On the centre map hex 0 (0101) is Clear, where a
 * marker may lie: pc_io.c hex_of, a value not a string read as `-1` to
 * `-0` (seed 27, :551), loaded the number 5 as a marker in 0101. */
static void smoke_hex_not_a_number(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    json_t *j, *file = pc_file_of(t, "centre", &j);
    json_object_set_new(j, "smoke", json_pack("[s]", "0101"));
    pc_load_expect(t, file, NULL, "a Smoke marker in 0101");
    json_object_set_new(j, "smoke", json_pack("[i]", 5));
    pc_load_expect(t, file, "smoke: a hex", "a Smoke marker in hex 5, a number");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 9.2.1: "An Artillery unit is eliminated" when the unit stacked with it
 * retreats from a melee: the gun owes 9 steps (`stack_leaves`) while its
 * mate's 11.1 e roll (a second disorder) is due. The Guardias Espanolas
 * melee the Grenadiers Marini, disordered, stacked with the Artillerie
 * Pallavicini: DR; the file of that moment holds the gun's 9 and reads
 * back. pc_io.c `pending_steps`' range 0-9 to 0-8 (seed 27, :801)
 * refused it. */
static void gun_owes_nine_in_a_file(void **state)
{
    (void)state;
    vbt *t = guards_before_marini();
    S(t)->ustat[U(t, "Grenadiers Marini")] = ST_DIS;
    start_move(t, "LW", "Aramburu", "Guardias-Espanolas");
    vbt_act(t, "melee 0807");
    to_combat(t, "Aramburu");
    dice_on(t, "0,3");
    assert_int_equal(S(t)->roll, RL_DIS2);
    assert_int_equal(S(t)->psteps[U(t, "Artillerie Pallavicini")], 9);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    pc_load_expect(t, file, NULL, "9.2.1 the gun's 9 steps pending");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 9.2.8 and 4.7: an attacker thrown back by its melee (AR) loses its
 * marker as it retreats; the Commander stacked with it then owes his
 * retreat roll while the melee's results are still being applied. That
 * position is one play reaches (a random game, seed 41024 of the
 * twenty-seventh session's sweep) and its file reads back: pc_check.c
 * asked the attacker's marker of every roll in the melee, this one too. */
static void leader_roll_after_the_attacker_retreats(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0705");
    put_leader(t, "Aramburu", "0705");
    put(t, "Clerici", "0805"); /* entrenchment, 3 SP */
    put_leader(t, "Novati", "0906");
    start_move(t, "LW", "Aramburu", "Castilla");
    vbt_act(t, "melee 0805");
    combat_segment(t, "Aramburu");
    vbt_act(t, "open-fire");
    dice_on(t, "0,4"); /* the defender's volley NE; 1:2 column, 4-1: AR */
    expect_log(t, "AR");
    assert_int_equal(S(t)->roll, RL_LEADER);
    assert_int_equal(S(t)->cont, CONT_MELEE);
    assert_true(S(t)->umelee[U(t, "Castilla")] < 0);
    reads_back_the_same(t, "4.7 roll after the attacker's retreat");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reveal_held_by_unit_zero),
        cmocka_unit_test(automatic_verdict_names_the_hour),
        cmocka_unit_test(two_detours_from_one_commander),
        cmocka_unit_test(rout_from_hex_zero),
        cmocka_unit_test(detour_at_the_range),
        cmocka_unit_test(file_after_the_fire),
        cmocka_unit_test(fire_by_unit_zero_in_a_file),
        cmocka_unit_test(smoke_hex_not_a_number),
        cmocka_unit_test(gun_owes_nine_in_a_file),
        cmocka_unit_test(leader_roll_after_the_attacker_retreats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
