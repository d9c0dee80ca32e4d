/* test_bearers.c - Piacenza 1746, the battle's Standard Bearers (4.6.1): they
 * appear when a Wing Commander is eliminated, command, help TDRs, move and
 * are captured; in a state file. Each check fails when its rule is changed. */
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

static int BEARER(vbt *t, const char *wing)
{
    int w = pc_find_wing(D(t), wing);
    if (w < 0 || !D(t)->wg[w].bmp)
        fail_msg("no Standard Bearer in wing '%s'", wing);
    return w;
}

/* 4.6.1: "in case of elimination of a WC, his counter is flipped to its
 * Staff side and the Standard Bearer piece appears in play, in the same hex
 * as the Staff, with a movement capacity of 6 MP"; "captured in the same
 * way as Commanders and earns the enemy 5 VPs" (13.1: flags 5 VP). */
static void bearer_appears_and_is_captured(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int gh = LEADER(t, "Gen Pallavicini"), w = BEARER(t, "Pallavicini");
    assert_int_equal(d->wg[w].bmp, 6);
    assert_int_equal(d->vp_flag, 5);
    assert_int_equal(s->bhex[w], -1); /* not in play before */
    /* 4.7: the retreat roll: 0-2 to the Staff side, the bearer appears; 3 not */
    static const struct {
        int die, staff;
    } rows[] = {{0, 1}, {2, 1}, {3, 0}, {9, 0}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        s->lstaff[gh] = 0;
        s->bhex[w] = -1;
        s->lroll = 1 << gh;
        pc_combat_chance(d, s, RL_LEADER, rows[i].die, &t->cx);
        if (s->lstaff[gh] != rows[i].staff || (s->bhex[w] >= 0) != rows[i].staff)
            fail_msg("4.7/4.6.1: die %d: staff %d, bearer %d", rows[i].die, s->lstaff[gh],
                     s->bhex[w]);
        if (rows[i].staff)
            assert_int_equal(s->bhex[w], s->lhex[gh]);
    }
    /* 4.6: a WC overrun alone goes to his Staff side with a unit of his wing:
     * the bearer appears there */
    s->lstaff[gh] = 0;
    s->bhex[w] = -1;
    int lone = free_hex(t, s->lhex[gh], 6, 99);
    s->lhex[gh] = (int16_t)lone;
    pc_move_unit(d, s, U(t, "Africa"), lone, &t->cx);
    assert_true(s->lstaff[gh]);
    assert_int_equal(s->bhex[w], s->lhex[gh]);
    expect_log(t, "[4.6.1] Fahne Pallavicini appears with the Staff of Gen Pallavicini");
    /* with a friendly unit he is not captured by an enemy entering (none can);
     * alone, he is: 5 VP, a flag of 13.1 */
    int vp = pc_vp(d, s, PC_FS);
    pc_bearer_capture(d, s, s->bhex[w], PC_FS, 1, &t->cx);
    assert_true(s->bhex[w] >= 0);
    int lone2 = free_hex(t, lone, 6, 99);
    s->bhex[w] = (int16_t)lone2;
    pc_move_unit(d, s, U(t, "Saboya"), lone2, &t->cx);
    assert_int_equal(s->bhex[w], -1);
    assert_true((s->bcapt >> w) & 1);
    assert_int_equal(pc_vp(d, s, PC_FS), vp + 5);
    assert_int_equal(pc_flags_vp(d, s, PC_FS), 5);
    assert_int_equal(pc_flags_vp(d, s, PC_AU), 0);
    expect_log(t, "Fahne Pallavicini is captured");
    /* 9.2.9 / 4.6: the last piece in the hex the melee winner enters */
    int wb = BEARER(t, "Browne"), bw = LEADER(t, "Gen Browne");
    s->lstaff[bw] = 1;
    s->bhex[wb] = s->uhex[U(t, "Daun")];
    pc_bearer_capture(d, s, s->bhex[wb], PC_FS, 0, &t->cx);
    assert_int_equal(s->bhex[wb], -1);
    assert_int_equal(pc_flags_vp(d, s, PC_FS), 10);
    /* a captured bearer does not come back when his Staff is hit again */
    s->lstaff[gh] = 0;
    pc_staff_flip(d, s, gh, &t->cx);
    assert_int_equal(s->bhex[w], -1);
    /* every wing's WC brings his own bearer */
    for (int k = 0; k < d->nw; k++) {
        int l = d->wg[k].wc;
        if ((s->bcapt >> k) & 1)
            continue;
        s->lstaff[l] = 0;
        s->bhex[k] = -1;
        pc_staff_flip(d, s, l, &t->cx);
        if (s->bhex[k] != s->lhex[l])
            fail_msg("4.6.1: no Standard Bearer with the Staff of %s", d->l[l].name);
        s->bhex[k] = -1;
        s->lstaff[l] = 0;
    }
    /* an FC's Staff brings no bearer (4.6.1: "elimination of a WC") */
    static const char *const fcs[] = {"Novati", "Aramburu", "Kheul", "Larnage"};
    for (size_t i = 0; i < sizeof fcs / sizeof fcs[0]; i++) {
        int fl = LEADER(t, fcs[i]);
        s->lstaff[fl] = 0;
        pc_staff_flip(d, s, fl, &t->cx);
        assert_true(s->lstaff[fl]);
        for (int k = 0; k < d->nw; k++)
            if (s->bhex[k] >= 0)
                fail_msg("4.6.1: the Staff of the FC %s brought %s", fcs[i], d->wg[k].bearer);
    }
    vbt_free(t);
}

/* 4.6.1 and 4.7: the bearer "appears in play, in the same hex as the
 * Staff" when the roll flips his WC (the Staff having gone with the unit
 * that retreated); 4.7's choice then moves "the Commander / Staff" only
 * (the bearer is no Commander: "These are not leaders, but
 * standard-bearers", and moves on his own, 6 MP): relocated to the closest
 * unit of his wing, the Staff leaves the bearer with the unit he appeared
 * with; retreating with that unit, they stay together. */
static void bearer_stays_when_staff_relocated(void **state)
{
    (void)state;
    for (int relocate = 0; relocate < 2; relocate++) {
        vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
        const pc_data *d = D(t);
        pc_state *s = S(t);
        int gh = LEADER(t, "Gen Pallavicini"), w = BEARER(t, "Pallavicini"), a = -1, b = -1;
        for (int u = 0; u < d->nu; u++)
            if (pc_leader_owns(d, gh, u) && d->u[u].type == UT_INF) {
                if (a < 0)
                    a = u;
                else if (b < 0)
                    b = u;
            }
        assert_true(b >= 0);
        int base = s->lhex[gh];
        clear_board(t);
        int h = free_hex(t, base, 0, 4), h2 = free_hex(t, h, 2, 2);
        s->uhex[a] = (int16_t)h2; /* a retreated two hexes; b stands beside h */
        int h3 = free_hex(t, h, 1, 1);
        s->uhex[b] = (int16_t)h3;
        s->lhex[gh] = (int16_t)h2; /* he went with a */
        s->lstaff[gh] = 0;
        s->bhex[w] = -1;
        s->lroll = 1 << gh;
        s->lfrom[gh] = (int16_t)h;
        s->lwith[gh] = (int8_t)a;
        int ph = s->phase;
        pc_combat_chance(d, s, RL_LEADER, 0, &t->cx);
        assert_true(s->lstaff[gh]);
        assert_int_equal(s->bhex[w], h2); /* with the Staff, at his roll */
        assert_int_equal(s->phase, PH_RELOC);
        int to = relocate ? h3 : h2;
        assert_int_equal(pc_reloc_apply(d, s, PC_ACT(A_RELOC, to, gh), &t->cx), 0);
        assert_int_equal(s->phase, ph);
        assert_int_equal(s->lhex[gh], to);
        assert_int_equal(s->bhex[w], h2); /* he stays where he appeared, with a */
        assert_int_equal(s->uhex[a], h2);
        vbt_free(t);
    }
}

/* 4.6.1: "A Flag Bearer within the Command Range of his Staff may command
 * units of his Wing within a Command Range equal to that of the Staff". */
static void bearer_command(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int wc = LEADER(t, "Gen Pallavicini"), fc = LEADER(t, "Novati"), w = BEARER(t, "Pallavicini");
    int wr = d->l[wc].range, cic = LEADER(t, "Liechtenstein");
    s->lhex[wc] = (int16_t)free_hex(t, s->lhex[cic], 2, 2);
    s->lstaff[wc] = 1;
    int far = free_hex(t, s->lhex[wc], wr + 3, wr + 3);
    s->lhex[fc] = (int16_t)far;
    pc_command_update(d, s, 1);
    assert_true(pc_leader_in_command(d, s, wc));
    assert_false(pc_leader_in_command(d, s, fc)); /* beyond the Staff's range */
    /* the bearer within the Staff's range, the FC within the bearer's */
    int mid = -1;
    for (int h = 0; h < d->nhex && mid < 0; h++)
        if (pc_passable(d, h) && pc_dist(d, h, s->lhex[wc]) == wr && pc_dist(d, h, far) == 3)
            mid = h;
    assert_true(mid >= 0);
    s->bhex[w] = (int16_t)mid;
    pc_command_update(d, s, 1);
    assert_true(pc_leader_in_command(d, s, fc));
    /* the bearer one hex beyond the Staff's range: no command */
    int out = -1;
    for (int h = 0; h < d->nhex && out < 0; h++)
        if (pc_passable(d, h) && pc_dist(d, h, s->lhex[wc]) == wr + 1 && pc_dist(d, h, far) <= 2)
            out = h;
    assert_true(out >= 0);
    s->bhex[w] = (int16_t)out;
    pc_command_update(d, s, 1);
    assert_false(pc_leader_in_command(d, s, fc));
    /* the FC one hex beyond the bearer's range: no command */
    s->bhex[w] = (int16_t)mid;
    int far2 = -1;
    for (int h = 0; h < d->nhex && far2 < 0; h++)
        if (pc_passable(d, h) && pc_dist(d, h, mid) == wr + 1 &&
            pc_dist(d, h, s->lhex[wc]) > wr + 1)
            far2 = h;
    assert_true(far2 >= 0);
    s->lhex[fc] = (int16_t)far2;
    pc_command_update(d, s, 1);
    assert_false(pc_leader_in_command(d, s, fc));
    /* another wing's bearer commands nothing of this wing */
    s->lhex[fc] = (int16_t)far;
    s->bhex[w] = -1;
    s->bhex[BEARER(t, "Browne")] = (int16_t)mid;
    s->lstaff[LEADER(t, "Gen Browne")] = 1;
    pc_command_update(d, s, 1);
    assert_false(pc_leader_in_command(d, s, fc));
    vbt_free(t);
}

/* 4.6.1: the bearer's Sergeants' Factor "must be subtracted from the die
 * roll result of adjacent or stacked units during a TDR" (of his wing). */
static void bearer_tdr(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int u = U(t, "Daun"), w = BEARER(t, "Browne"), other = BEARER(t, "Pallavicini");
    s->lstaff[LEADER(t, "Gen Browne")] = 1;
    s->lstaff[LEADER(t, "Gen Pallavicini")] = 1;
    int h = s->uhex[u], base = pc_tdr_mods(d, s, u);
    assert_int_equal(d->wg[w].bsf, 1);
    static const struct {
        int dist, own, delta;
    } rows[] = {{0, 1, -1}, {1, 1, -1}, {2, 1, 0}, {1, 0, 0}};
    /* the first wing's (De Gages) too */
    {
        int g = U(t, "Guardias Espanolas"), wg0 = BEARER(t, "De Gages");
        assert_int_equal(d->u[g].wing, wg0);
        s->lstaff[LEADER(t, "De Gages")] = 1;
        int m0 = pc_tdr_mods(d, s, g);
        s->bhex[wg0] = s->uhex[g];
        assert_int_equal(pc_tdr_mods(d, s, g), m0 - 1);
        s->bhex[wg0] = -1;
    }
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int at = h;
        for (int k = 0; k < 6 && rows[i].dist == 1; k++)
            if (pc_nb(d, h, k) >= 0 && pc_passable(d, pc_nb(d, h, k)))
                at = pc_nb(d, h, k);
        if (rows[i].dist == 2)
            at = free_hex(t, h, 2, 2);
        s->bhex[w] = s->bhex[other] = -1;
        s->bhex[rows[i].own ? w : other] = (int16_t)at;
        if (pc_tdr_mods(d, s, u) != base + rows[i].delta)
            fail_msg("4.6.1: bearer at %d hexes (%s wing): TDR modifier %d, expected %d",
                     rows[i].dist, rows[i].own ? "his" : "another", pc_tdr_mods(d, s, u),
                     base + rows[i].delta);
    }
    vbt_free(t);
}

/* 4.6.1: the bearer moves 6 MP, after his Wing Commander (4.0), or alone
 * once the Staff is gone. */
static void bearer_moves(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int wc = LEADER(t, "De Gages"), w = BEARER(t, "De Gages");
    s->lstaff[wc] = 1;
    s->bhex[w] = s->lhex[wc];
    pass_activation(t);
    assert_int_equal(s->phase, PH_WCMOVE);
    vbt_act(t, "stop");
    assert_int_equal(s->phase, PH_BMOVE);
    assert_int_equal(s->mv_mp, 6);
    int from = s->bhex[w], to = -1;
    for (int k = 0; k < 6 && to < 0; k++) {
        int n = pc_nb(d, from, k);
        char a[16], hn[8];
        if (n < 0)
            continue;
        pc_hex_name(d, n, hn, sizeof hn);
        snprintf(a, sizeof a, "to %s", hn);
        if (vbt_legal(t, a) && d->terr[d->hterr[n]].mp[0] == 1) {
            vbt_act(t, a);
            to = n;
        }
    }
    assert_true(to >= 0);
    assert_int_equal(s->bhex[w], to);
    assert_int_equal(s->mv_mp, 5);
    expect_log(t, "[4.6.1] Bandera De Gages to");
    char pr[128];
    t->g->def->prompt(t->g, S(t), pr, sizeof pr);
    assert_non_null(strstr(pr, "Bandera De Gages has 5 MP"));
    vbt_act(t, "stop");
    assert_int_equal(s->phase, PH_CIC);
    /* the Staff captured: the bearer still moves at the end of the activation */
    s->lhex[wc] = -1;
    s->wing = w;
    s->second_wing = -1;
    s->second_reveal = -1;
    pc_end_moves(d, s, &t->cx);
    assert_int_equal(s->phase, PH_BMOVE);
    assert_int_equal(s->mv_u, w);
    /* the Staff and the bearer both gone: no one of the wing moves (4.0);
     * pc_battle.c pc_end_moves `!d->all_in_command && s->bhex[...] >= 0`
     * to `||` (seed 24, :406) moved a bearer off the map */
    s->bhex[w] = -1;
    pc_end_moves(d, s, &t->cx);
    assert_true(s->phase != PH_BMOVE);
    vbt_free(t);
}

/* The bearers in the state file: hex, "captured" or null; checked. */
static void bearer_json(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    pc_state *s = S(t);
    int w = BEARER(t, "De Gages"), wb = BEARER(t, "Browne");
    s->lstaff[LEADER(t, "De Gages")] = 1;
    s->lstaff[LEADER(t, "Gen Browne")] = 1;
    s->bhex[w] = s->lhex[LEADER(t, "De Gages")];
    s->bcapt = 1 << wb;
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    json_t *j = vbt_state_json(t);
    json_t *b = json_object_get(json_object_get(j, "battle"), "bearers");
    assert_string_equal(json_string_value(json_object_get(b, "Fahne Browne")), "captured");
    assert_true(json_is_null(json_object_get(b, "Fahne Nadasdy")));
    pc_state copy;
    memcpy(&copy, S(t), sizeof copy);
    assert_int_equal(t->g->def->from_json(t->g, &copy, j, &t->cx), 0);
    assert_memory_equal(&copy, S(t), sizeof copy);
    json_object_set_new(b, "Oriflamme", json_null());
    assert_int_not_equal(t->g->def->from_json(t->g, &copy, j, &t->cx), 0);
    assert_non_null(strstr(t->cx.err, "Oriflamme"));
    json_decref(j);
    /* a bearer in play without his Staff is refused (4.6.1) */
    s->lstaff[LEADER(t, "De Gages")] = 0;
    assert_int_not_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    s->lstaff[LEADER(t, "De Gages")] = 1;
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    /* captured and on the map at once: refused */
    s->bcapt |= 1 << w;
    assert_int_not_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    assert_non_null(strstr(t->cx.err, "captured Standard Bearer"));
    s->bcapt &= ~(1 << w);
    /* 4.0: both CiCs moved this turn is a position; a third side is not */
    s->cic_moved = 3;
    s->cic_turn[0] = s->cic_turn[1] = s->turn;
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    s->cic_moved = 4;
    assert_int_not_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    /* a CiC's move noted in a turn still to come is refused */
    s->cic_moved = 0;
    s->cic_turn[0] = s->turn + 1;
    assert_int_not_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    assert_non_null(strstr(t->cx.err, "CiC rest"));
    s->cic_turn[0] = s->turn;
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    vbt_free(t);
    /* 13.0: fewer than four objectives while they are being noted is a
     * position; more than four never is */
    t = vbt_new("piacenza-1746", "battle", 1);
    deploy_dragoons(t, 0);
    assert_int_equal(S(t)->phase, PH_OBJ);
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    S(t)->obj_n = 5;
    assert_int_not_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    S(t)->obj_n = 0; /* one chosen, none counted */
    S(t)->obj = 1;
    assert_int_not_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    S(t)->obj_n = 1;
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    /* 13.0: an objective is occupied by any Franco-Spanish unit in it, the
     * first of the order of battle too */
    const pc_data *d = D(t);
    int k = OBJ(t, "Turro"), oh = d->place[d->objp[k]].hex;
    for (int u = 0; u < d->nu; u++)
        if (S(t)->uhex[u] == oh)
            S(t)->uhex[u] = -1;
    assert_int_equal(pc_obj_held(d, S(t), 1 << k), 0);
    assert_int_equal(d->u[0].side, PC_FS);
    S(t)->uhex[0] = (int16_t)oh;
    assert_int_equal(pc_obj_held(d, S(t), 1 << k), 1);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bearer_appears_and_is_captured),
        cmocka_unit_test(bearer_stays_when_staff_relocated),
        cmocka_unit_test(bearer_command),
        cmocka_unit_test(bearer_tdr),
        cmocka_unit_test(bearer_moves),
        cmocka_unit_test(bearer_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
