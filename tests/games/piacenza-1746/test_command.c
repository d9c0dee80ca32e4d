/* test_command.c - Piacenza 1746 command (4.4.1, 4.5, 5.9, 7.1 d): the
 * in-command chain, the status checked before the move, an out-of-command
 * unit's moves (toward its leader, away from the enemy), leaders following
 * their units. Each case fails when its rule is changed. */
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

/* 5.9: out of command beyond its Formation Commander's reach (three hexes),
 * a unit may only move toward him, not away from the enemy */
static void out_of_command_reach(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    put(t, "Castilla", "0510");
    put_leader(t, "Aramburu", "0507");
    put(t, "Pallavicini", "1010");
    assert_false(pc_in_command(d, S(t), U(t, "Castilla")));
    start_move(t, "LW", "Aramburu", "Castilla");
    int h = HX(t, "0510"), lh = HX(t, "0507"), e = HX(t, "1010"), away = 0, toward = 0;
    for (int k = 0; k < 6; k++) {
        char act[64];
        int n = step_words(t, h, k, act, sizeof act);
        if (n < 0)
            continue;
        if (pc_dist(d, n, lh) < pc_dist(d, h, lh)) {
            toward += vbt_legal(t, act);
        } else if (pc_dist(d, n, e) > pc_dist(d, h, e)) {
            away++;
            if (vbt_legal(t, act))
                fail_msg("5.9: %s moves away from the enemy out of its FC's reach", act);
        }
    }
    assert_true(away >= 1 && toward >= 1);
    vbt_free(t);
}

/* The neighbour of from, clear and free, one hex farther from (sign 1) or
 * nearer to (sign -1) hex ref; -1 when none. */
static int clear_step(vbt *t, int from, int ref, int sign)
{
    const pc_data *d = D(t);
    for (int k = 0; k < 6; k++) {
        int n = pc_nb(d, from, k);
        if (n >= 0 && pc_side_open(d, from, k) && d->terr[d->hterr[n]].is_clear &&
            pc_dist(d, n, ref) == pc_dist(d, from, ref) + sign)
            return n;
    }
    return -1;
}

static void step_to(vbt *t, int hex, int legal)
{
    char act[16], hn[8];
    pc_hex_name(D(t), hex, hn, sizeof hn);
    snprintf(act, sizeof act, "to %s", hn);
    if (vbt_legal(t, act) != legal)
        fail_msg("4.4.1: %s should %sbe legal", act, legal ? "" : "not ");
    if (legal)
        vbt_act(t, act);
}

/* 4.4.1: "A combat unit checks whether it is in Command prior to
 * Movement, Combat and Reorganization." Castilla, in command beside
 * Aramburu, walks off its chain: it stays in command to the end of its
 * move (free to go on, 5.3), not restricted by 5.9 after its second step.
 * And Castilla out of command at the start, stepping into the chain, stays
 * out of command for that move (only toward its leader, or away from the
 * enemy, 5.9). (Audit, fifteenth session: the status was taken again
 * before every step.) */
static void command_checked_before_the_move(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int lh = HX(t, "0311"), e = HX(t, "1511"), cas = U(t, "Castilla");
    put_leader(t, "Aramburu", "0311");
    put(t, "Pallavicini", "1511");
    int h0 = clear_step(t, lh, lh, 1);
    assert_true(h0 >= 0);
    s->uhex[cas] = (int16_t)h0;
    at_segment(t, "LW", PH_MFORM);
    assert_true(pc_in_command(d, s, cas));
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "move Castilla");
    int h1 = clear_step(t, h0, lh, 1), h2 = clear_step(t, h1, lh, 1);
    assert_true(h1 >= 0 && h2 >= 0);
    step_to(t, h1, 1);
    step_to(t, h2, 1);
    assert_int_equal(pc_dist(d, h2, lh), 3);
    assert_false(pc_in_command(d, s, cas)); /* off the chain where it stands */
    int h3 = clear_step(t, h2, lh, 1);
    assert_true(h3 >= 0 && pc_dist(d, h3, e) <= pc_dist(d, h2, e));
    step_to(t, h3, 1); /* in command at its start: free movement */
    vbt_free(t);

    /* out of command at the start, three hexes from its leader */
    t = board();
    d = D(t);
    s = S(t);
    put_leader(t, "Aramburu", "0311");
    put(t, "Pallavicini", "1511");
    int g1 = clear_step(t, clear_step(t, lh, lh, 1), lh, 1);
    int g0 = clear_step(t, g1, lh, 1);
    assert_true(g0 >= 0 && g1 >= 0);
    s->uhex[cas] = (int16_t)g0;
    at_segment(t, "LW", PH_MFORM);
    assert_false(pc_in_command(d, s, cas));
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "move Castilla");
    step_to(t, g1, 1);                     /* 5.9: toward its leader */
    assert_true(pc_in_command(d, s, cas)); /* in the chain where it stands */
    /* back toward the enemy and away from the leader: not for a unit out
     * of command at the start of its move */
    int back = -1;
    for (int k = 0; k < 6; k++) {
        int n = pc_nb(d, g1, k);
        if (n >= 0 && pc_side_open(d, g1, k) && d->terr[d->hterr[n]].is_clear &&
            pc_dist(d, n, lh) > pc_dist(d, g1, lh) && pc_dist(d, n, e) < pc_dist(d, g1, e))
            back = n;
    }
    assert_true(back >= 0);
    step_to(t, back, 0);
    vbt_free(t);
}

/* 5.9: with its Formation Commander gone, an out-of-command unit may move
 * "away from the enemy": from the nearest enemy unit, not from another
 * one farther off (Daun, west, comes later in the order of battle than
 * Pallavicini, east, so a count that took any unit but the nearest fails) */
static void out_of_command_away(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    put(t, "Castilla", "1106");
    put(t, "Pallavicini", "1406");
    put(t, "Daun", "0606");
    assert_false(pc_in_command(d, S(t), U(t, "Castilla")));
    start_move(t, "LW", "Aramburu", "Castilla");
    int h = HX(t, "1106"), p = HX(t, "1406"), w = HX(t, "0606"), legal = 0, differ = 0;
    assert_true(pc_dist(d, h, p) < pc_dist(d, h, w));
    for (int k = 0; k < 6; k++) {
        char act[64];
        int n = step_words(t, h, k, act, sizeof act);
        if (n < 0)
            continue;
        int away = pc_dist(d, n, p) > pc_dist(d, h, p);
        differ += away != (pc_dist(d, n, w) > pc_dist(d, h, w));
        legal += away;
        if (vbt_legal(t, act) != away)
            fail_msg("5.9: '%s' %s, away from the nearest enemy: %s", act,
                     away ? "refused" : "offered", away ? "yes" : "no");
    }
    assert_true(legal >= 1 && differ >= 1);
    vbt_free(t);
}

/* ---- 4.4.1 command chains, leaders following, 5.7 terrain modifier,
 * 7.2 reaction fire that disorders, determinization ------------------------*/
static void command_and_leaders(void **state)
{
    (void)state;
    static const struct {
        const char *rule, *unit, *enemy;
        int in;
    } rows[] = {
        {"4.4.1 two hexes, intermediate free", "0607", NULL, 1},
        {"4.4.1 two hexes, intermediate held by the enemy", "0607", "0606", 0},
        {"4.4.1 three hexes", "0608", NULL, 0},
        {"4.4.1 adjacent", "0606", NULL, 1},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = board();
        put_leader(t, "Aramburu", "0605");
        put(t, "Castilla", rows[i].unit);
        if (rows[i].enemy)
            put(t, "Pallavicini", rows[i].enemy);
        if (pc_in_command(D(t), S(t), U(t, "Castilla")) != rows[i].in)
            fail_msg("%s", rows[i].rule);
        vbt_free(t);
    }
    /* 4.4.1: a chain through another unit of the formation */
    vbt *t = board();
    put_leader(t, "Aramburu", "0605");
    put(t, "Lombardia", "0607");
    put(t, "Castilla", "0609");
    assert_true(pc_in_command(D(t), S(t), U(t, "Castilla")));
    put(t, "Lombardia", "0405");
    assert_false(pc_in_command(D(t), S(t), U(t, "Castilla")));
    vbt_free(t);

    /* a leader stacked with a unit that retreats goes with it; one left
     * alone by an eliminated unit joins the nearest unit of his formation */
    t = board();
    put(t, "Castilla", "0606");
    put_leader(t, "Aramburu", "0606");
    put(t, "Lombardia", "0609");
    hit(t, "Castilla", R_D1, "0706");
    dice_on(t, "9,3"); /* changing of ranks fails; 4.7: 3 leaves the leader unharmed */
    expect_log(t, "[4.7] Aramburu retreats unharmed (3)");
    assert_false(S(t)->lstaff[pc_find_leader(D(t), "Aramburu")]);
    assert_int_equal(S(t)->lhex[pc_find_leader(D(t), "Aramburu")], S(t)->uhex[U(t, "Castilla")]);
    assert_true(S(t)->uhex[U(t, "Castilla")] != HX(t, "0606"));
    hit(t, "Castilla", R_E, "0706");
    assert_int_equal(S(t)->lhex[pc_find_leader(D(t), "Aramburu")], HX(t, "0609"));
    vbt_free(t);

    /* 4.7: a leader with units forced to retreat rolls: 0-2 to the Staff
     * side, a Staff is captured (3 VP to the enemy) */
    t = board();
    put(t, "Castilla", "0606");
    put_leader(t, "Aramburu", "0606");
    hit(t, "Castilla", R_D1, "0706");
    dice_on(t, "9,2");
    expect_log(t, "[4.7] Aramburu is hit (2): to his Staff side");
    assert_true(S(t)->lstaff[pc_find_leader(D(t), "Aramburu")]);
    hit(t, "Castilla", R_R, "0706");
    dice_on(t, "0");
    expect_log(t, "[4.7] Aramburu, already a Staff, is captured (0)");
    assert_int_equal(S(t)->lhex[pc_find_leader(D(t), "Aramburu")], -1);
    assert_int_equal(S(t)->captured[PC_AU], 3);
    vbt_free(t);

    /* 5.7: Cover 2 adds +1 to the misalignment TDR (7 -1 +1 against 6) */
    t = board();
    put(t, "Castilla", "0806");
    put(t, "Lombardia", "0706");
    put_leader(t, "Aramburu", "0706");
    put(t, "Daun", "1108");
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0907");
    vbt_act(t, "line-toward S");
    vbt_act(t, "move Castilla");
    vbt_act(t, "to 0907");
    dice_on(t, "7");
    expect_log(t, "[5.7] Castilla misalignment TDR: 7+0 vs 6 - fails, stops");
    vbt_free(t);

    /* 7.2: an infantry unit disordered by the reaction fire stays */
    t = board();
    put(t, "Castilla", "0605");
    put(t, "Pallavicini", "0705");
    put(t, "Clerici", "0807");
    put_leader(t, "Novati", "0805");
    at_segment(t, "RW", PH_MFORM);
    vbt_act(t, "formation Novati");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0805");
    vbt_act(t, "line-toward S");
    vbt_act(t, "move Pallavicini");
    vbt_act(t, "to 0805");
    dice_on(t, "9,9");
    expect_log(t, "[7.2] Castilla (2 SP, Normal column) fires at Pallavicini: 9-4 = 5: D");
    expect_at(t, "Pallavicini", "0705");
    assert_int_equal(S(t)->ustat[U(t, "Pallavicini")], ST_DIS);
    assert_int_equal(vb_to_move(t->g, S(t)), PC_AU); /* its move is over */
    assert_int_equal(S(t)->phase, PH_MOVE);
    /* no next hex left named (the file's move_to; pc_rules.c:393 `mv_to =
     * -1` to `-0`, second round of the twenty-fourth session, named 0101) */
    assert_int_equal(S(t)->mv_to, -1);
    reads_back_the_same(t, "7.2: the move stopped by the reaction fire");
    vbt_free(t);

    /* 9.2.8: equal candidates: toward the own edge, then the first by
     * direction (NE before SE) */
    t = board();
    put(t, "Clerici", "0906");
    pc_retreat(D(t), S(t), U(t, "Clerici"), HX(t, "0806"), 1, &t->cx);
    expect_at(t, "Clerici", "1005");
    vbt_free(t);

    /* determinization draws the hidden marker among the wings that may
     * still activate, and the withheld second wing with it */
    t = vbt_new("piacenza-1746", "san-lazzaro", 5);
    for (int i = 0; i < 3; i++)
        pass_activation(t);
    vbt_roll(t);
    vbt_act(t, "wing LW");
    vbt_act(t, "wing RW");
    dice_on(t, "2,8");
    vbt_act(t, "go-second");
    pc_state v;
    vb_view(t->g, &v, S(t), 0);
    assert_int_equal(v.choice[1], -2);
    assert_int_equal(v.second_wing, -2);
    for (uint64_t seed = 1; seed < 20; seed++) {
        pc_state w = v;
        vb_rng r;
        vb_rng_seed(&r, seed);
        t->g->def->determinize(t->g, &w, 0, &r);
        int rw = pc_find_wing(D(t), "RW"), ce = pc_find_wing(D(t), "CE");
        assert_true(w.choice[1] == rw || w.choice[1] == ce);
        assert_int_equal(w.second_wing, w.choice[1]);
    }
    /* the Austrian's view before the Franco-Spanish marker is revealed */
    vbt_free(t);
    t = vbt_new("piacenza-1746", "san-lazzaro", 5);
    for (int i = 0; i < 3; i++)
        pass_activation(t);
    vbt_roll(t);
    vbt_act(t, "wing LW");
    vb_view(t->g, &v, S(t), 1);
    assert_int_equal(v.choice[0], -2);
    for (uint64_t seed = 1; seed < 20; seed++) {
        pc_state w = v;
        vb_rng r;
        vb_rng_seed(&r, seed);
        t->g->def->determinize(t->g, &w, 1, &r);
        assert_int_equal(w.choice[0], pc_find_wing(D(t), "LW"));
    }
    vbt_free(t);
}

/* 5.9: an out-of-command unit moves toward its Formation Commander, who
 * stands in hex 0 (0101, the centre map); no Wing Commander nor CiC on the
 * map, so the FC is the only one it can go toward. Saboya, three hexes from
 * Petit Bois, may take a step toward him that does not go away from the
 * enemy (Andlau). */
static void toward_a_leader_on_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    const pc_data *d = D(t);
    put(t, "Saboya", "0104");
    put_leader(t, "Petit Bois", "0101");
    put(t, "Andlau", "0301");
    assert_int_equal(HX(t, "0101"), 0);
    assert_false(pc_in_command(d, S(t), U(t, "Saboya")));
    start_move(t, "De Croix", "Petit-Bois", "Saboya");
    int h = HX(t, "0104"), e = HX(t, "0301"), toward = 0;
    for (int k = 0; k < 6; k++) {
        char act[64];
        int n = step_words(t, h, k, act, sizeof act);
        if (n < 0 || pc_dist(d, n, 0) >= pc_dist(d, h, 0) || pc_dist(d, n, e) > pc_dist(d, h, e))
            continue;
        toward++;
        if (!vbt_legal(t, act))
            fail_msg("5.9: %s (toward Petit Bois in 0101) should be legal", act);
    }
    assert_true(toward >= 1);
    vbt_free(t);
}

/* 4.1: "This command line cannot pass through enemy occupied hexes or
 * into/through forbidden terrain (eg, the Po River)"; 1.0: nor across a
 * wall hexside, but through a gate. Pallavicini (range 8) with his CiC, no
 * unit on the map: Novati 8 hexes away is out of command where every line
 * of 8 crosses the Trebbia (0628 to 1432, 9 round it) or Piacenza's wall
 * (0405 to 0413 in the city, the gates farther), in command where one line
 * of 8 is clear (0628 to 1022; 0506 to 0413 through the Porta San
 * Lazzaro). (Twenty-ninth session's audit: the command line's ground had
 * no test of its own.) */
static void command_line_ground(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int cic = LEADER(t, "Liechtenstein"), wc = LEADER(t, "Gen Pallavicini");
    int fc = LEADER(t, "Novati");
    for (int u = 0; u < d->nu; u++)
        s->uhex[u] = -1;
    for (int l = 0; l < d->nl; l++)
        if (l != cic && l != wc && l != fc)
            s->lhex[l] = -1;
    assert_int_equal(d->l[wc].range, 8);
    static const struct {
        const char *wc, *fc;
        int in;
    } rows[] = {
        {"0628", "1432", 0}, /* the Trebbia */
        {"0628", "1022", 1},
        {"0405", "0413", 0}, /* the city wall */
        {"0506", "0413", 1}, /* through a gate */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int wh = HX(t, rows[i].wc), fh = HX(t, rows[i].fc);
        assert_int_equal(pc_dist(d, wh, fh), 8);
        s->lhex[cic] = s->lhex[wc] = (int16_t)wh;
        s->lhex[fc] = (int16_t)fh;
        pc_command_update(d, s, 1);
        assert_true(pc_leader_in_command(d, s, wc));
        if (pc_leader_in_command(d, s, fc) != rows[i].in)
            fail_msg("4.1: Novati in %s, Pallavicini in %s: %s command", rows[i].fc, rows[i].wc,
                     rows[i].in ? "out of" : "in");
    }
    vbt_free(t);
}

/* 4.7 "A Commander in a hex with combat units forced to retreat (see Rule
 * 9.2.8), for Fire, Melee or Charge Combat, must make a d10 roll": the
 * guns' fire too (8.1 "Artillery Fire", 8.5.1 "Bombardment (or Fire)
 * Effects"). Artillerie Pallavicini bombards Corona in 1205, Aramburu
 * stacked with it: a D1, D2 or D3 (disordered and retreats) owes his roll;
 * a D (disordered, in place) owes none. (Twenty-ninth session's audit: the
 * roll after a bombardment had no test; `lvl >= 2` to `>= 1` at the mark in
 * pc_combat.c process_pending, a roll after every disorder, failed no
 * test before this one.) */
static void retreat_roll_after_a_bombardment(void **state)
{
    (void)state;
    static const struct {
        const char *dice, *result;
        int roll;
    } rows[] = {
        {"6,9", "6+0 = 6: D1", 1}, /* changing of ranks fails: disordered, retreats */
        {"6,0", "6+0 = 6: D1", 1}, /* Q5: the ranks changed, it retreats still */
        {"9", "9+0 = 9: RR", 1},   /* routed: three hexes (11.3) */
        {"5,9", "5+0 = 5: D", 0},  /* disordered in place */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = board();
        put(t, "Artillerie Pallavicini", "1004");
        S(t)->uface[U(t, "Artillerie Pallavicini")] = 1; /* E */
        put(t, "Corona", "1205");
        put(t, "Castilla", "0905");
        put_leader(t, "Aramburu", "1205");
        at_segment(t, "RW", PH_BOMB);
        vbt_act(t, "bombard Artillerie-Pallavicini 1205");
        dice_on(t, rows[i].dice);
        expect_log(t, rows[i].result);
        if ((S(t)->roll == RL_LEADER) != rows[i].roll)
            fail_msg("4.7: after %s, the Commander's roll %s (roll %d)", rows[i].result,
                     rows[i].roll ? "not owed" : "owed", S(t)->roll);
        if (rows[i].roll) {
            dice_on(t, "2");
            expect_log(t, "[4.7] Aramburu is hit (2): to his Staff side");
        } else {
            expect_at(t, "Corona", "1205");
            assert_false(S(t)->lstaff[pc_find_leader(D(t), "Aramburu")]);
        }
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(out_of_command_reach),
        cmocka_unit_test(command_checked_before_the_move),
        cmocka_unit_test(out_of_command_away),
        cmocka_unit_test(command_and_leaders),
        cmocka_unit_test(toward_a_leader_on_hex_zero),
        cmocka_unit_test(command_line_ground),
        cmocka_unit_test(retreat_roll_after_a_bombardment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
