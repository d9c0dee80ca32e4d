/* test_audit30.c - the rules that the thirtieth session's audits by
 * planting of 3.0-3.1, 5.0-5.11, 6.0 and 7.0-7.2 (docs/piacenza-1746.md
 * "Audit by planting, thirtieth session (helper pca)") and of 8.0-8.5, 12.0
 * and 13.0-13.2 (the same, "(helper pcb)") found without a test: each test
 * names the rulebook sentence it pins and the change it catches. */
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

/* 5.0: "To cross a Stream, a unit must spend additional movement points,
 * only when the hexside is actually traversed by a Stream" (the TEC's
 * stream_mp, reconstructed: +1, +2 for guns). A Clear hex entered across a
 * stream hexside with no road costs the Clear hex's MP plus the stream's;
 * the same hex entered from a Clear neighbour across no stream, its MP
 * alone. Caught: the stream's MP dropped from pc_step_cost. */
static void stream_hexside_costs_more(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int found = 0;
    for (int h = 0; h < d->nhex && !found; h++)
        for (int k = 0; k < 6 && !found; k++) {
            int n = pc_nb(d, h, k);
            if (n < 0 || !(d->stream[h] & (1u << k)) || (d->road[h] & (1u << k)) ||
                !pc_side_open(d, h, k) || !d->terr[d->hterr[h]].is_clear ||
                !d->terr[d->hterr[n]].is_clear)
                continue;
            int clear_inf = d->terr[d->hterr[n]].mp[UT_INF];
            int clear_art = d->terr[d->hterr[n]].mp[UT_ART];
            assert_int_equal(pc_step_cost(d, UT_INF, h, k, n), clear_inf + 1);
            assert_int_equal(pc_step_cost(d, UT_CAV, h, k, n), d->terr[d->hterr[n]].mp[UT_CAV] + 1);
            assert_int_equal(pc_step_cost(d, UT_ART, h, k, n), clear_art + 2);
            /* from a Clear neighbour of n across no stream and no road */
            for (int j = 0; j < 6; j++) {
                int m = pc_nb(d, n, j);
                int back = m >= 0 ? pc_dir_to(d, m, n) : -1;
                if (m < 0 || back < 0 || m == h || !d->terr[d->hterr[m]].is_clear ||
                    (d->stream[m] & (1u << back)) || (d->road[m] & (1u << back)) ||
                    !pc_side_open(d, m, back))
                    continue;
                assert_int_equal(pc_step_cost(d, UT_INF, m, back, n), clear_inf);
                found = 1;
                break;
            }
        }
    assert_true(found);
    vbt_free(t);
}

/* 5.3 / 5.8: "An Infantry unit out of a EZ can enter a EZ, only if towards
 * the nearest location that puts it in Line formation"; "To perform a
 * Realignment an in command unit may only move toward the closest position
 * that brings it back into the Line of its Formation". Castilla and
 * Lombardia in Clerici's EZ (in_line_from_the_ez's ground, 1007 free), the Line
 * declared one or two hexes behind them (Guardias Valonas beside its first
 * hex in the second case, as there): Lombardia may step to a free
 * neighbour closer to the Line's nearest free position, and not to one
 * as far from it as its own hex (a step aside). Caught: the step_ok
 * comparison of the two distances `>=` made `>` (a step aside allowed). */
static void realign_only_toward_the_line(void **state)
{
    (void)state;
    int aside = 0, closer = 0;
    for (int c = 0; c < 2; c++) {
        vbt *t = board();
        const pc_data *d = D(t);
        put(t, "Castilla", "1005");
        put(t, "Lombardia", "1006");
        put_leader(t, "Aramburu", "1006");
        put(t, "Clerici", "0706");
        at_segment(t, "LW", PH_MFORM);
        int x = HX(t, "1006"), en = HX(t, "0706"), back = -1;
        for (int k = 0; k < 6 && back < 0; k++) {
            int n = pc_nb(d, x, k);
            int b = n >= 0 ? pc_nb(d, n, k) : -1;
            if (n >= 0 && b >= 0 && d->terr[d->hterr[n]].is_clear &&
                d->terr[d->hterr[b]].is_clear && pc_dist(d, n, en) == 4) {
                back = c == 0 ? n : b;
                if (c == 1) /* a fourth unit beside the Line's first hex */
                    S(t)->uhex[U(t, "Guardias Valonas")] = (int16_t)pc_nb(d, b, k);
            }
        }
        assert_true(back >= 0);
        char a[24], hn[8];
        vbt_act(t, "formation Aramburu");
        vbt_act(t, "declare-line");
        pc_hex_name(d, back, hn, sizeof hn);
        snprintf(a, sizeof a, "line-from %s", hn);
        vbt_act(t, a);
        int dir = pc_dir_to(d, HX(t, "1005"), HX(t, "1006"));
        snprintf(a, sizeof a, "line-toward %s", pc_dir_names[dir]);
        vbt_act(t, a);
        vbt_act(t, "move Lombardia");
        int u = U(t, "Lombardia"), g = pc_line_gap(d, S(t), u, x);
        assert_int_equal(g, c + 1);
        for (int k = 0; k < 6; k++) {
            int n = pc_nb(d, x, k), busy = 0;
            if (n < 0 || !pc_passable(d, n) || !pc_side_open(d, x, k) ||
                pc_in_ezoc(d, S(t), PC_FS, n, 0))
                continue;
            for (int v = 0; v < d->nu; v++)
                busy |= S(t)->uhex[v] == n;
            if (busy)
                continue;
            pc_hex_name(d, n, hn, sizeof hn);
            snprintf(a, sizeof a, "to %s", hn);
            int gn = pc_line_gap(d, S(t), u, n);
            if (gn < g) {
                closer++;
                if (!vbt_legal(t, a))
                    fail_msg("5.8: Lombardia may not step toward its Line to %s", hn);
            } else if (gn == g) {
                aside++;
                if (vbt_legal(t, a))
                    fail_msg("5.8: Lombardia may step aside to %s, %d from its Line", hn, gn);
            }
        }
        vbt_free(t);
    }
    assert_true(aside > 0 && closer > 0);
}

/* Castilla, out of command (Aramburu three hexes away, 5.9: it steps
 * toward him), steps from a Clear hex across hexside k with no road into a
 * hex 3 from Clerici (his EZ): stream says whether the hexside is a
 * stream's, cover the cover level of the hex entered (-1: Clear). Returns
 * whether the misalignment TDR was rolled before it entered. */
static int misalignment_rolled(int stream, int cover)
{
    vbt *t = board();
    const pc_data *d = D(t);
    int h = -1, n = -1, l = -1, e = -1;
    for (int x = 0; x < d->nhex && e < 0; x++)
        for (int k = 0; k < 6 && e < 0; k++) {
            int y = pc_nb(d, x, k), y1 = y >= 0 ? pc_nb(d, y, k) : -1;
            int y2 = y1 >= 0 ? pc_nb(d, y1, k) : -1;
            if (y < 0 || y2 < 0 || !(d->stream[x] & (1u << k)) != !stream ||
                (d->road[x] & (1u << k)) || !pc_side_open(d, x, k) ||
                !d->terr[d->hterr[x]].is_clear || !pc_passable(d, y2) ||
                d->terr[d->hterr[y]].is_city || d->terr[d->hterr[y]].is_ditch ||
                (cover < 0 ? !d->terr[d->hterr[y]].is_clear : d->terr[d->hterr[y]].cover != cover))
                continue;
            for (int z = 0; z < d->nhex && e < 0; z++)
                if (pc_passable(d, z) && pc_dist(d, z, y) == 3 && pc_dist(d, z, x) >= 3 &&
                    pc_dist(d, z, y2) >= 2 && !d->terr[d->hterr[z]].is_city) {
                    h = x, n = y, l = y2, e = z;
                }
        }
    assert_true(e >= 0);
    put_at(t, "Castilla", h);
    put_at(t, "Clerici", e);
    S(t)->lhex[pc_find_leader(d, "Aramburu")] = (int16_t)l;
    start_move(t, "LW", "Aramburu", "Castilla");
    assert_false(pc_move_in_command(d, S(t), U(t, "Castilla")));
    assert_true(pc_in_ez(d, S(t), PC_FS, n));
    char a[16], hn[8];
    pc_hex_name(d, n, hn, sizeof hn);
    snprintf(a, sizeof a, "to %s", hn);
    vbt_act(t, a);
    int rolled = S(t)->roll == RL_MISALIGN;
    assert_int_equal(S(t)->uhex[U(t, "Castilla")], rolled ? h : n);
    vbt_free(t);
    return rolled;
}

/* 5.7: "A unit that enters a hex in a EZ that is "Cover", "Ditch" terrain
 * or through a "Stream" hexside, before entering the hex or passing through
 * the hexside, must do a TDR". Across a stream hexside into Clear: the TDR;
 * into Cover of level 1 (the TEC's farmhouse, entrenchment) or 2, no
 * stream: the TDR; Clear into Clear across no stream: none. Caught: the
 * stream hexside dropped from the misalignment's rough ground (only Cover
 * and Ditch). */
static void misalignment_across_a_stream(void **state)
{
    (void)state;
    assert_true(misalignment_rolled(1, -1));
    assert_true(misalignment_rolled(0, 1));
    assert_true(misalignment_rolled(0, 2));
    assert_false(misalignment_rolled(0, -1));
}

/* 5.9: "An out of command unit may never enter enemy ZOCs" (and 7.1 d).
 * Castilla, out of command (Aramburu three hexes away), may step toward him
 * into a Clear hex; with Clerici next to that hex (not to Castilla's) it may
 * not. Caught: the eZOC refusal of the out-of-command step dropped. */
static void out_of_command_not_into_a_zoc(void **state)
{
    (void)state;
    int h = -1, n = -1, l = -1, e = -1;
    vbt *t = board();
    const pc_data *d = D(t);
    for (int x = 0; x < d->nhex && e < 0; x++)
        for (int k = 0; k < 6 && e < 0; k++) {
            int y = pc_nb(d, x, k), y1 = y >= 0 ? pc_nb(d, y, k) : -1;
            int y2 = y1 >= 0 ? pc_nb(d, y1, k) : -1;
            if (y < 0 || y2 < 0 || (d->stream[x] & (1u << k)) || !pc_side_open(d, x, k) ||
                !d->terr[d->hterr[x]].is_clear || !d->terr[d->hterr[y]].is_clear ||
                !pc_passable(d, y2))
                continue;
            for (int j = 0; j < 6 && e < 0; j++) {
                int z = pc_nb(d, y, j);
                if (z >= 0 && z != y1 && pc_dist(d, z, x) == 2 && d->terr[d->hterr[z]].is_clear &&
                    pc_side_open(d, y, j) && !(d->stream[y] & (1u << j)))
                    h = x, n = y, l = y2, e = z;
            }
        }
    assert_true(e >= 0);
    char a[16], hn[8];
    pc_hex_name(d, n, hn, sizeof hn);
    snprintf(a, sizeof a, "to %s", hn);
    for (int pass = 0; pass < 2; pass++) {
        clear_board(t);
        put_at(t, "Castilla", h);
        S(t)->uflag[U(t, "Castilla")] = 0;
        if (pass)
            put_at(t, "Clerici", e);
        S(t)->lhex[pc_find_leader(d, "Aramburu")] = (int16_t)l;
        start_move(t, "LW", "Aramburu", "Castilla");
        assert_false(pc_move_in_command(d, S(t), U(t, "Castilla")));
        assert_int_equal(pc_in_ezoc(d, S(t), PC_FS, n, 0), pass);
        if (vbt_legal(t, a) != !pass)
            fail_msg("5.9: pass %d: Castilla, out of command, %s %s", pass,
                     pass ? "may enter the eZOC in" : "may not step toward Aramburu to", hn);
        vbt_act(t, "stop");
        vbt_act(t, "end-formation");
    }
    vbt_free(t);
}

/* ---- helper pcb: 8.0-8.5, 12.0, 13.0-13.2 ---------------------------------*/

/* The face of a gun in hex from whose cone of fire holds hex to. */
static int face_toward(const pc_data *d, int from, int to)
{
    for (int f = 0; f < 6; f++)
        if (pc_in_cone(d, from, f, to))
            return f;
    fail_msg("no face of the gun sees the target");
    return -1;
}

/* 8.1: "In command Artillery units of an activated Formation can bombard"
 * and "An Artillery unit fires in the direction of its frontal hexes (cone
 * of fire)"; 8.1.1: "When firing at a distance of two or more hexes, an
 * Artillery unit must have an unblocked Line of Sight". Artilleria de Gages
 * in 0606 facing E: Clerici in 0706 (its front) may be bombarded,
 * Pallavicini in 0605 (beside it, out of the cone) may not; at two hexes,
 * 0806, with both hexes of the hexside between (0706, 0707) held the line
 * is blocked, with one held it is not. The Austrian right wing active: the
 * Artillerie Pallavicini (RW) may bombard Castilla, the Artillerie Browne
 * (CE, in command too) in the same hex may not. Caught: the cone dropped
 * from pc_bomb_targets; the line of sight asked only from three hexes; the
 * guns of every wing of the side offered. */
static void bombard_cone_sight_and_wing(void **state)
{
    (void)state;
    int e = vb_name_find(pc_face_names, 6, "E");
    vbt *t = board();
    put(t, "Artilleria de Gages", "0606");
    S(t)->uface[U(t, "Artilleria de Gages")] = (uint8_t)e;
    put(t, "Clerici", "0706");
    put(t, "Pallavicini", "0605");
    at_segment(t, "LW", PH_BOMB);
    assert_true(vbt_legal(t, "bombard Artilleria-de-Gages 0706"));
    if (vbt_legal(t, "bombard Artilleria-de-Gages 0605"))
        fail_msg("8.1: a gun facing E bombards 0605, outside its cone");
    vbt_free(t);
    for (int both = 0; both < 2; both++) {
        t = board();
        put(t, "Artilleria de Gages", "0606");
        S(t)->uface[U(t, "Artilleria de Gages")] = (uint8_t)e;
        put(t, "Castilla", "0706");
        if (both)
            put(t, "Lombardia", "0707");
        put(t, "Pallavicini", "0806");
        at_segment(t, "LW", PH_BOMB);
        if (vbt_legal(t, "bombard Artilleria-de-Gages 0806") != !both)
            fail_msg("8.1.1: 0706 %s held: the bombardment of 0806 %s", both ? "and 0707" : "alone",
                     both ? "offered through a blocked line" : "refused");
        vbt_free(t);
    }
    static const char *const guns[2] = {"Artillerie Pallavicini", "Artillerie Browne"};
    for (int g = 0; g < 2; g++) {
        t = board();
        const pc_data *d = D(t);
        int u = U(t, guns[g]);
        put(t, guns[g], "0806");
        S(t)->uface[u] = (uint8_t)face_toward(d, HX(t, "0806"), HX(t, "0706"));
        put(t, "Castilla", "0706");
        at_segment(t, "RW", PH_BOMB);
        assert_true(pc_in_command(d, S(t), u));
        char a[64];
        snprintf(a, sizeof a, "bombard %s 0706",
                 g ? "Artillerie-Browne" : "Artillerie-Pallavicini");
        if (vbt_legal(t, a) != !g)
            fail_msg("8.1: the right wing active: '%s' %s", a, g ? "offered" : "refused");
        vbt_free(t);
    }
}

/* 8.1: "If they have not fired, they can do Defensive fire (one volley
 * only) if subjected to enemy Infantry Fire". The Artillerie Pallavicini,
 * facing the Guardias Espanolas that fire at the Grenadiers Marini stacked
 * with it (gun_defends_in_its_cone's ground, test_fire.c): asked to reply
 * when it has not fired this turn, not asked (the volleys rolled at once)
 * once it has bombarded (flipped, UF_FIRED). Caught: UF_FIRED dropped from
 * art_can_defend. */
static void fired_gun_does_not_defend(void **state)
{
    (void)state;
    for (int fired = 0; fired < 2; fired++) {
        vbt *t = guards_before_marini();
        int gun = U(t, "Artillerie Pallavicini");
        S(t)->uface[gun] = (uint8_t)pc_dir_to(D(t), HX(t, "0807"), HX(t, "0707"));
        if (fired)
            S(t)->uflag[gun] |= UF_FIRED;
        at_segment(t, "LW", PH_CFORM);
        vbt_act(t, "combat Aramburu");
        vbt_act(t, "fire Guardias-Espanolas Grenadiers-Marini");
        vbt_act(t, "open-fire");
        vbt_act(t, "reply Grenadiers-Marini Guardias-Espanolas");
        if (vbt_legal(t, "reply Artillerie-Pallavicini Guardias-Espanolas") != !fired)
            fail_msg("8.1: a gun that %s fired %s", fired ? "has" : "has not",
                     fired ? "is asked to reply" : "is not asked");
        assert_int_equal(S(t)->roll == RL_FIRE, fired);
        vbt_free(t);
    }
}

/* 8.5.3: "Subtract one to the die roll result if the unit is, or it is
 * adjacent to, a Grenadiers unit in good order". Pallavicini, disordered
 * by a D, changes ranks on a 4 with the Grenadiers Marini beside it in good
 * order (4 - 1 = 3 passes), and not when the grenadiers are disordered
 * (4 fails). Caught: gren_near counting grenadiers not routed (the good
 * order dropped). */
static void changing_ranks_grenadiers_in_good_order(void **state)
{
    (void)state;
    for (int dis = 0; dis < 2; dis++) {
        vbt *t = board();
        put(t, "Pallavicini", "0705");
        put(t, "Grenadiers Marini", "0706");
        if (dis)
            S(t)->ustat[U(t, "Grenadiers Marini")] = ST_DIS;
        hit(t, "Pallavicini", R_D, "0605");
        dice_on(t, "4");
        if (S(t)->ustat[U(t, "Pallavicini")] != (dis ? ST_DIS : ST_GOOD))
            fail_msg("8.5.3: grenadiers %s beside it: Pallavicini %s on a 4",
                     dis ? "disordered" : "in good order", dis ? "changes ranks" : "is disordered");
        vbt_free(t);
    }
}

/* 8.4: "On a result of 0-1, the counter will remain on the Fired side for
 * the rest of the day and will no longer be able to shoot"; 12.0 / 3.0
 * B.2 remove the Smoke and Changing markers only. Scenario 1's first turn
 * passed (every wing's segments ended, the reorganization rolled) with the
 * Artilleria de Gages broken: in turn 2 it is still broken and offers no
 * bombardment at Clerici in its front, where a sound battery does. Caught:
 * the end of the turn clearing UF_BROKEN with UF_FIRED. */
static void broken_gun_stays_broken(void **state)
{
    (void)state;
    for (int broken = 0; broken < 2; broken++) {
        vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
        int gun = U(t, "Artilleria de Gages");
        S(t)->uflag[gun] |= UF_FIRED | (broken ? UF_BROKEN : 0);
        for (int i = 0; i < 3; i++)
            pass_activation(t);
        vbt_roll(t);
        assert_int_equal(S(t)->turn, 2);
        assert_int_equal((S(t)->uflag[gun] & UF_BROKEN) != 0, broken);
        const pc_data *d = D(t);
        int h = S(t)->uhex[gun], hexes[64], n = -1;
        for (int k = 0; k < 6 && n < 0; k++) {
            int nb = pc_nb(d, h, k);
            if (nb >= 0 && pc_in_cone(d, h, S(t)->uface[gun], nb) && pc_side_open(d, h, k) &&
                pc_unit_at(d, S(t), nb, PC_FS, -1) < 0)
                n = nb;
        }
        assert_true(n >= 0);
        put_at(t, "Clerici", n);
        if ((pc_bomb_targets(d, S(t), gun, hexes) > 0) != !broken)
            fail_msg("8.4: a %s battery in turn 2 %s", broken ? "broken" : "sound",
                     broken ? "bombards" : "cannot bombard");
        vbt_free(t);
    }
}

/* 8.4: "It is not mandatory to do a second volley, the Artillery counter
 * can also be turned immediately after the first volley. If you fire
 * twice, however, you must check for a possible battery failure". The
 * Artilleria de Gages bombards Pallavicini once (0: no effect) and ceases:
 * turned to its Fired side, no failure die asked, the Bombardment segment
 * back at its choice (end-bombardment offered). Caught: the failure check
 * rolled after a single volley too. */
static void one_volley_no_failure_check(void **state)
{
    (void)state;
    vbt *t = board();
    int gun = U(t, "Artilleria de Gages");
    put(t, "Artilleria de Gages", "0606");
    S(t)->uface[gun] = (uint8_t)vb_name_find(pc_face_names, 6, "E");
    put(t, "Pallavicini", "0806");
    at_segment(t, "LW", PH_BOMB);
    vbt_act(t, "bombard Artilleria-de-Gages 0806");
    dice_on(t, "0");
    vbt_act(t, "cease Artilleria-de-Gages");
    if (S(t)->roll || vb_to_move(t->g, S(t)) == VB_CHANCE)
        fail_msg("8.4: a failure die after a single volley");
    assert_int_equal(S(t)->phase, PH_BOMB);
    assert_true(vbt_legal(t, "end-bombardment"));
    assert_true(S(t)->uflag[gun] & UF_FIRED);
    assert_false(S(t)->uflag[gun] & UF_BROKEN);
    assert_false(vbt_logged(t, "[8.4]"));
    vbt_free(t);
}

/* 8.5.2: the player "chooses a unit present in the same hex or, as a second
 * priority, immediately behind the direction of the volley and executes a
 * Bombardment die roll (column: battery 1-2 strength points)". The
 * Artilleria de Gages (3 SP) at 1004 bombards 1205 (combat_more's ground,
 * test_combat.c), Clerici behind in 1305:
 * - Pallavicini (3 SP: the 1-2 column, 8.5.4) takes RR on a 9; the
 *   ricochet on Clerici rolls 5 - 1 = 4 on the 1-2 column, no effect (the
 *   3-5 column would give D1);
 * - the Bernes and Hohenembs Cuirassiers (2 SP: the 3-5 column) in 1205,
 *   RR on a 7: the ricochet strikes the other cuirassier of the hex, not
 *   Clerici behind.
 * Caught: the ricochet rolled on the 3-5 column; the same hex skipped. */
static void ricochet_column_and_priority(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Artilleria de Gages", "1004");
    put(t, "Pallavicini", "1205");
    put(t, "Clerici", "1305");
    at_segment(t, "LW", PH_BOMB);
    vbt_act(t, "bombard Artilleria-de-Gages 1205");
    dice_on(t, "9,5");
    expect_log(t, "at Pallavicini: 9+0 = 9: RR");
    expect_log(t, "[8.5.2] ricochet on Clerici (1-2 column): 5-1: NE");
    assert_int_equal(S(t)->ustat[U(t, "Clerici")], ST_GOOD);
    assert_int_equal(S(t)->ustep[U(t, "Clerici")], 2);
    assert_true(S(t)->uhex[U(t, "Clerici")] == HX(t, "1305"));
    vbt_free(t);

    t = board();
    put(t, "Artilleria de Gages", "1004");
    put(t, "Bernes Cuirassiers", "1205");
    put(t, "Hohenembs Cuirassiers", "1205");
    put(t, "Clerici", "1305");
    at_segment(t, "LW", PH_BOMB);
    vbt_act(t, "bombard Artilleria-de-Gages 1205");
    dice_on(t, "7,0");
    expect_log(t, "(3 SP, 3-5 column) at ");
    if (!vbt_logged(t, "= 7: RR"))
        fail_msg("8.5.2: no RR on the cuirassiers; log:\n%s", t->log);
    if (vbt_logged(t, "ricochet on Clerici") ||
        (!vbt_logged(t, "ricochet on Bernes Cuirassiers") &&
         !vbt_logged(t, "ricochet on Hohenembs Cuirassiers")))
        fail_msg("8.5.2: the ricochet not on the other unit of the hex; log:\n%s", t->log);
    vbt_free(t);
}

/* 13.2: the automatic Austrian victory "if the Franco-Spanish player does
 * not occupy at least one of the geographic objectives ... (the
 * Franco-Spanish player must reveal that the occupied one is one of his
 * geographic objectives)": one shown is enough. San Lazzaro, revealed
 * earlier, and Le Mose, still secret, both held by Franco-Spanish units at
 * the end of 15:00: no reveal is asked, the battle goes on to 16:00 with
 * Le Mose secret. Caught: the already-revealed objective held not taken
 * (a second reveal asked). */
static void shown_objective_held_is_enough(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Turro", "Gariga");
    static const char *const fs[] = {"Corona", "Navarra"};
    static const char *const at[] = {"San Lazzaro", "Le Mose"};
    for (int k = 0; k < 2; k++) {
        int h = PLACE(t, at[k]);
        for (int u = 0; u < D(t)->nu; u++)
            if (S(t)->uhex[u] == h)
                S(t)->uhex[u] = (int16_t)free_hex(t, h, 4, 99);
        S(t)->uhex[U(t, fs[k])] = (int16_t)h;
    }
    S(t)->obj_shown = 1 << OBJ(t, "San Lazzaro");
    end_turn(t, 10);
    expect_log(t, "[13.2] 15:00: the Franco-Spanish hold an objective already revealed");
    if (S(t)->phase == PH_REVEAL)
        fail_msg("13.2: a reveal asked with a revealed objective held");
    assert_int_equal(S(t)->turn, 11);
    assert_int_equal(S(t)->obj_shown, 1 << OBJ(t, "San Lazzaro"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stream_hexside_costs_more),
        cmocka_unit_test(realign_only_toward_the_line),
        cmocka_unit_test(misalignment_across_a_stream),
        cmocka_unit_test(out_of_command_not_into_a_zoc),
        cmocka_unit_test(bombard_cone_sight_and_wing),
        cmocka_unit_test(fired_gun_does_not_defend),
        cmocka_unit_test(changing_ranks_grenadiers_in_good_order),
        cmocka_unit_test(broken_gun_stays_broken),
        cmocka_unit_test(one_volley_no_failure_check),
        cmocka_unit_test(ricochet_column_and_priority),
        cmocka_unit_test(shown_objective_held_is_enough),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
