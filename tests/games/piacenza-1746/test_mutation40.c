/* test_mutation40.c - the rules that the fortieth session's mutation pass
 * (seed 40, helper pcx, docs/piacenza-1746.md "Mutation pass, fortieth
 * session (helper pcx)") found without a test in the rules files
 * (pc_combat.c, pc_rules.c, pc_turn.c, pc_battle.c): each test quotes the
 * rule it checks and names the mutant it kills (lines of a60262e).
 * Messages begin "M40:". The positions are built on cleared boards, as the
 * other tests' are. */
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

/* 8.5.3: "Subtract one to the die roll result if the unit is, or it is
 * adjacent to, a Grenadiers unit in good order." Pallavicini (3 SP),
 * disordered by a D with the Grenadiers Marini two hexes away (0705,
 * 0707), rolls a 4: no grenadier beside it, it stays disordered; the Gd
 * Lorraines (2 SP, grenadiers) of the centre hit alone change ranks on a
 * 4 (4 - 1 = 3). (pc_combat.c:310 `pc_dist(...) <= 1` as `>= 1`:
 * grenadiers anywhere but in the unit's own hex counted.) */
static void changing_ranks_grenadiers_beside_only(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Pallavicini", "0705");
    put(t, "Grenadiers Marini", "0707");
    assert_int_equal(pc_dist(D(t), HX(t, "0705"), HX(t, "0707")), 2);
    hit(t, "Pallavicini", R_D, "0605");
    dice_on(t, "4");
    if (S(t)->ustat[U(t, "Pallavicini")] != ST_DIS)
        fail_msg("M40: 8.5.3 grenadiers two hexes away: Pallavicini changes ranks on a 4");
    vbt_free(t);
    t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Gd Lorraines", "0505");
    hit(t, "Gd Lorraines", R_D, "0605");
    dice_on(t, "4");
    if (S(t)->ustat[U(t, "Gd Lorraines")] != ST_GOOD)
        fail_msg("M40: 8.5.3 the Gd Lorraines (grenadiers) do not change ranks on a 4");
    vbt_free(t);
}

/* 9.2.4: the odds are "rounded down towards the closest odds ratio in the
 * first row of the Melee Table. The base column can be shifted to the
 * right" - never past the table's last column. With the shipped table no
 * melee reaches past it (2:1 and two shifts at most: 4:1); tables.json may
 * hold 1 to 8 columns, and with its last made 2:1 instead of 4:1 the
 * Hussars (2 SP) charging the reduced Gds de Corps (1) find it at once
 * and the charge's column (10.3: "+1 Column Right") stays there: "2:1
 * column shifted", the last column's DE on a 5. (pc_combat.c:712 the
 * clamp `nodds - 1` as `nodds + 1`: a column read past the table.) */
static void melee_shift_stops_at_the_last_column(void **state)
{
    static const vbt_data_row row = {"M40: 9.2.4 the last column 2:1", "tables.json",
                                     "[\n    4,\n    1\n   ]", "[\n    2,\n    1\n   ]", NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed("piacenza-1746", &row, &cx);
    if (!g)
        fail_msg("%s: refused: %s", row.rule, cx.err);
    vbt *t = hussars_at_1205(NULL);
    S(t)->ustep[U(t, "Gds de Corps")] = 1;
    vbt_act(t, "charge 1105");
    to_combat(t, "Barnklau");
    assert_int_equal(S(t)->roll, RL_MELEE);
    const pc_data *d = pc_data_of(g, S(t));
    assert_int_equal(d->nodds, 7);
    assert_int_equal(d->odds[6][0], 2);
    assert_int_equal(pc_combat_chance(d, S(t), RL_MELEE, 5, &t->cx), 0);
    if (!vbt_logged(t, "[10.3] Hussars (2) against Gds de Corps (1): 2:1 column shifted, 5+0: DE"))
        fail_msg("M40: 9.2.4 the charge's column past the last one; log:\n%s", t->log);
    vb_game_free(g);
    vbt_free(t);
}

/* 9.1.3: "A firing unit fires at full strength if it is adjacent to at
 * least one unit of his Formation which is also adjacent to the enemy unit
 * being fired at. Otherwise the unit still suffers the die modifier of
 * -2"; 9.1.8: the Flank (+2) "if at least one other unit of the same
 * Formation is adjacent to the unit receiving Fire, but not adjacent to
 * the firing unit". Castilla (0605) fires at Pallavicini (0705); the mate
 * of its formation is the Guardias Espanolas, the first unit of the data:
 * beside both, the -2 goes; beside the target only, the flank counts.
 * (pc_combat.c:73 the mates' loop from `v = 0` as `v = 1`: unit 0 never
 * a mate.) */
static void fire_mate_is_unit_zero(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int c = U(t, "Castilla"), p = U(t, "Pallavicini"), g = U(t, "Guardias Espanolas");
    assert_int_equal(g, 0);
    assert_int_equal(d->u[g].form, d->u[c].form);
    int fh = HX(t, "0605"), th = HX(t, "0705"), beside = -1, far = -1;
    for (int k = 0; k < 6; k++) {
        int nb = pc_nb(d, th, k);
        if (nb < 0 || nb == fh || !pc_passable(d, nb))
            continue;
        if (beside < 0 && pc_dist(d, nb, fh) == 1)
            beside = nb;
        if (far < 0 && pc_dist(d, nb, fh) == 2)
            far = nb;
    }
    assert_true(beside >= 0 && far >= 0);
    put(t, "Castilla", "0605");
    put(t, "Pallavicini", "0705");
    int alone = pc_fire_mod(d, s, c, p, 0);
    assert_true(alone - d->m_nsbs + d->m_flank <= 9 && alone > d->m_floor);
    put_at(t, "Guardias Espanolas", beside);
    if (pc_fire_mod(d, s, c, p, 0) != alone - d->m_nsbs)
        fail_msg("M40: 9.1.3 the Guardias Espanolas beside Castilla and its target: %+d, "
                 "alone %+d",
                 pc_fire_mod(d, s, c, p, 0), alone);
    put_at(t, "Guardias Espanolas", far);
    if (pc_fire_mod(d, s, c, p, 0) != alone + d->m_flank)
        fail_msg("M40: 9.1.8 the Guardias Espanolas on the target's flank: %+d, alone %+d",
                 pc_fire_mod(d, s, c, p, 0), alone);
    vbt_free(t);
}

/* 5.10 (errata): "The moment an Infantry unit moves adjacent to an enemy
 * Cavalry unit, the latter must Retreat ... Two cavalry units may retreat
 * in different directions and the Commander may choose which one to
 * follow" - wherever the first one went, the map's first hex 0101
 * included. On the centre map, Andlau steps next to Vieufville and
 * Descras stacked with De Mailly beside 0101; Vieufville retreats into
 * 0101, Descras elsewhere: De Mailly is asked whom he follows, and
 * follows Vieufville into 0101. (pc_rules.c:278 `a >= 0` as `a > 0`:
 * the first unit's hex 0 read as none, De Mailly left with Descras
 * unasked.) */
static void refusal_follow_into_the_first_hex(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    const pc_data *d = D(t);
    int h0 = HX(t, "0101"), x = -1, y = -1, z = -1;
    assert_int_equal(h0, 0);
    /* x beside 0101, y beside x two hexes from 0101, z beside y not beside x */
    for (int k = 0; k < 6 && z < 0; k++) {
        int a = pc_nb(d, h0, k);
        if (a < 0 || !pc_side_open(d, h0, k) || !d->terr[d->hterr[a]].is_clear)
            continue;
        for (int j = 0; j < 6 && z < 0; j++) {
            int b = pc_nb(d, a, j);
            if (b < 0 || !pc_side_open(d, a, j) || !pc_passable(d, b) || pc_dist(d, b, h0) != 2)
                continue;
            for (int i = 0; i < 6 && z < 0; i++) {
                int c = pc_nb(d, b, i);
                if (c >= 0 && pc_side_open(d, b, i) && pc_passable(d, c) && pc_dist(d, c, a) == 2)
                    x = a, y = b, z = c;
            }
        }
    }
    assert_true(z >= 0);
    put_at(t, "Vieufville", x);
    put_at(t, "Descras", x);
    S(t)->lhex[pc_find_leader(d, "De Mailly")] = (int16_t)x;
    put_at(t, "Andlau", z);
    S(t)->lhex[pc_find_leader(d, "Piccolomini")] = (int16_t)z;
    start_move(t, "Browne", "Piccolomini", "Andlau");
    char a[32], hn[8];
    pc_hex_name(d, y, hn, sizeof hn);
    snprintf(a, sizeof a, "to %s", hn);
    vbt_act(t, a);
    assert_int_equal(S(t)->phase, PH_RETREAT);
    assert_int_equal(S(t)->ret_u, U(t, "Vieufville"));
    vbt_act(t, "retreat 0101");
    assert_int_equal(S(t)->phase, PH_RETREAT);
    int opt[6], n = pc_retreat_options(d, S(t), S(t)->ret_u, opt), other = -1;
    for (int k = 0; k < n; k++)
        if (opt[k] != h0)
            other = opt[k];
    assert_true(other >= 0);
    pc_hex_name(d, other, hn, sizeof hn);
    snprintf(a, sizeof a, "retreat %s", hn);
    vbt_act(t, a);
    if (S(t)->phase != PH_FOLLOW)
        fail_msg("M40: 5.10 Vieufville in 0101, Descras in %s: De Mailly not asked (phase %d)", hn,
                 S(t)->phase);
    vbt_act(t, "follow Vieufville");
    if (S(t)->lhex[pc_find_leader(d, "De Mailly")] != h0)
        fail_msg("M40: 5.10 De Mailly did not follow Vieufville into 0101");
    vbt_free(t);
}

/* 4.0: "Formation and Wing Commanders have a movement allowance equal to
 * 6 MP": Aramburu, moving last in his formation's segment from a Clear
 * hex whose six sides are open onto Clear hexes (the first such hex of
 * San Lazzaro's sheet, the Guardias Espanolas beside him), may step in
 * each of the six directions. (pc_rules.c:619 the Commander's steps
 * `k < 6` as `k < 5`: the sixth direction never offered.) */
static void commander_steps_six_ways(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int h = -1;
    for (int x = 0; x < d->nhex && h < 0; x++) {
        int ok = d->terr[d->hterr[x]].is_clear;
        for (int k = 0; k < 6 && ok; k++)
            ok = pc_nb(d, x, k) >= 0 && pc_side_open(d, x, k) &&
                 d->terr[d->hterr[pc_nb(d, x, k)]].is_clear && !d->road[x] && !d->stream[x];
        if (ok)
            h = x;
    }
    assert_true(h >= 0);
    put_at(t, "Guardias Espanolas", pc_nb(d, h, 0));
    S(t)->lhex[pc_find_leader(d, "Aramburu")] = (int16_t)h;
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "move-leader Aramburu");
    for (int k = 0; k < 6; k++) {
        char a[64];
        assert_true(step_words(t, h, k, a, sizeof a) >= 0);
        if (!vbt_legal(t, a))
            fail_msg("M40: 4.0 Aramburu may not step '%s' (direction %d)", a, k);
    }
    vbt_free(t);
}

/* 10.5: "Mounted Dragoons can move freely, but cannot end movement in a
 * Engagement Zone unless stacked": a step into Daun's EZ alone is refused
 * only where the move would end there; with 2 MP, into 1824 (Clear, 1 MP)
 * leaves one to go on: legal; with 1 MP, not (test_dragoons.c
 * `engagement_zone`'s ground, the battle). (pc_rules.c:121 `s->mv_mp - c
 * <= 0` as `<= 1`: a step leaving one MP refused too.) */
static void mounted_dragoons_pass_through_the_ez(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    battle_begun(t, 0);
    for (int u = 0; u < D(t)->nu; u++)
        if (S(t)->uhex[u] != PC_OFF)
            S(t)->uhex[u] = -1;
    put_leader(t, "Larnage", "1826");
    put(t, "Daun", "1822");
    put(t, "Dragons 1 A", "1826");
    start_move(t, "Mirepoix", "Larnage", "Dragons-1-A");
    vbt_act(t, "to 1825");
    int from = HX(t, "1825"), to = HX(t, "1824");
    assert_int_equal(pc_step_cost(D(t), UT_CAV, from, pc_dir_to(D(t), from, to), to), 1);
    assert_true(pc_in_ez(D(t), S(t), PC_FS, to) && !pc_in_ezoc(D(t), S(t), PC_FS, to, 0));
    S(t)->mv_mp = 2;
    if (!vbt_legal(t, "to 1824"))
        fail_msg("M40: 10.5 with 2 MP the mounted dragoons may not pass into 1824 (EZ)");
    S(t)->mv_mp = 1;
    if (vbt_legal(t, "to 1824"))
        fail_msg("M40: 10.5 with their last MP the mounted dragoons end in the EZ alone");
    vbt_free(t);
}

/* 4.0: "Once you have moved a CiC, he must remain stationary for the next
 * two game turns": a state file marks the CiC moved in this turn
 * (`cic_moved`) with the turn of his last move (`cic_last_move`); a mark
 * whose turn is not the current one is refused ("bad CiC rest (4.0)"),
 * the mark with the current turn read. (pc_turn.c:543 `(cic_moved >> k) &
 * 1` as `& 0`: the mark never compared with its turn.) */
static void cic_moved_mark_of_this_turn(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    int turn = S(t)->turn;
    assert_true(turn >= 1);
    for (int k = 0; k < 2; k++) {
        json_t *j, *file = pc_file_of(t, "battle", &j);
        json_t *b = json_object_get(j, "battle");
        assert_non_null(b);
        json_object_set_new(b, "cic_moved", json_integer(1 << PC_FS));
        json_object_set_new(b, "cic_last_move", json_pack("[i,i]", k ? turn - 1 : turn, 0));
        pc_load_expect(t, file, k ? "bad CiC rest (4.0)" : NULL,
                       k ? "M40: 4.0 a CiC moved this turn, his last move an earlier turn"
                         : "M40: 4.0 a CiC moved this turn");
        json_decref(file);
        json_decref(j);
    }
    vbt_free(t);
}

/* 6.0: "Exception: During a Retreat a unit may momentarily exceed the
 * stacking limits, to retreat to a non-overstacked hex": the Guardias
 * Espanolas (the data's first unit), retreating after a melee's DR and
 * waiting for their owner's choice of hex (9.2.8), stand with Lombardia
 * (two infantry units, over the limits, as on a friend passed over): the
 * position is sound and reads back from its file. (pc_turn.c:432 the
 * retreating unit `r < 0` as `r < 1`: unit 0's retreat not seen, the hex
 * refused for breaking 6.0.) */
static void retreat_over_the_limits_unit_zero(void **state)
{
    (void)state;
    vbt *t = board();
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    put(t, "Guardias Espanolas", "0505");
    put(t, "Pallavicini", "0605");
    apply_result(t, "Guardias Espanolas", R_DR, "0605", 0);
    assert_int_equal(S(t)->phase, PH_RETREAT);
    assert_int_equal(S(t)->ret_u, 0);
    put(t, "Lombardia", "0505");
    assert_false(pc_stack_ok(D(t), S(t), HX(t, "0505"), U(t, "Lombardia")) &&
                 pc_stack_ok(D(t), S(t), HX(t, "0505"), 0));
    if (t->g->def->check(t->g, S(t), &t->cx))
        fail_msg("M40: 6.0 the Guardias Espanolas retreating over Lombardia: %s", t->cx.err);
    reads_back_the_same(t, "M40: 6.0 a retreat of unit 0 over the limits");
    vbt_free(t);
}

/* 4.1: "draw an imaginary line from the Commander to his superior ... This
 * command line cannot pass through enemy occupied hexes": a line blocked
 * goes round, within the range. In the battle, a Formation Commander of De
 * Gages's wing seven hexes from him (range 8) along one hex direction,
 * Daun on the straight line between them: the line round Daun is 8 hexes,
 * in command, whichever the direction; a search that never steps in that
 * direction needs 14 (each such step two others). (pc_battle.c:120 the
 * search's directions `k < 6` as `k < 5`, and `k = 0` as `k = 1`: the
 * sixth, or the first, direction never tried.) */
static void command_line_round_a_unit_each_direction(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int wc = LEADER(t, "De Gages"), cic = LEADER(t, "Infante Felipe"), fc = -1;
    assert_int_equal(d->l[wc].range, 8);
    for (int l = 0; l < d->nl && fc < 0; l++)
        if (d->l[l].kind == LK_FC && d->wg[d->l[l].wing].wc == wc)
            fc = l;
    assert_true(fc >= 0);
    for (int dir = 0; dir < 6; dir++) {
        clear_board(t);
        int a = -1, line[8];
        for (int h = 0; h < d->nhex && a < 0; h++) {
            int ok = 1, x = h;
            for (int k = 0; k < 8 && ok; k++) {
                line[k] = x;
                for (int j = 0; j < 6 && ok; j++)
                    ok = d->open[x] == 0x3f && pc_nb(d, x, j) >= 0 &&
                         d->open[pc_nb(d, x, j)] == 0x3f;
                x = ok ? pc_nb(d, x, dir) : -1;
            }
            if (ok)
                a = h;
        }
        assert_true(a >= 0);
        assert_int_equal(pc_dist(d, line[0], line[7]), 7);
        s->lhex[cic] = s->lhex[wc] = (int16_t)line[0];
        s->lhex[fc] = (int16_t)line[7];
        put_at(t, "Daun", line[3]);
        pc_command_update(d, s, 1);
        assert_true(pc_leader_in_command(d, s, wc));
        if (!pc_leader_in_command(d, s, fc))
            fail_msg("M40: 4.1 %s, seven hexes from De Gages in direction %d, Daun between: "
                     "out of command",
                     d->l[fc].name, dir);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(changing_ranks_grenadiers_beside_only),
        cmocka_unit_test(melee_shift_stops_at_the_last_column),
        cmocka_unit_test(fire_mate_is_unit_zero),
        cmocka_unit_test(refusal_follow_into_the_first_hex),
        cmocka_unit_test(commander_steps_six_ways),
        cmocka_unit_test(mounted_dragoons_pass_through_the_ez),
        cmocka_unit_test(cic_moved_mark_of_this_turn),
        cmocka_unit_test(retreat_over_the_limits_unit_zero),
        cmocka_unit_test(command_line_round_a_unit_each_direction),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
