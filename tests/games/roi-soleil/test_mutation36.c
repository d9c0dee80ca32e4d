/* test_mutation36.c - the cases the thirty-sixth session's mutation passes
 * of rs_combat.c, rs_loss.c, rs_view.c and rs_io.c (helper rsm,
 * docs/roi-soleil.md) found untested: each fails with its surviving mutant
 * planted and passes without. Positions are the scenarios' set-ups, edited
 * where a case needs it, with scripted dice (the helpers are in rs_test.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "rs_test.h"

/* EVIDENCE-OF (22.2, 23): a game's score for each camp is its Glory
 * Points: France's GP for France, their opposite for the Coalition (the
 * GP cursor is one scale, 22.2: a camp's gain is the other's loss), in
 * play and at the end (the thirty-sixth session: rs_view.c's Coalition
 * score written to a third role's slot, `score[1]` as `score[2]`, passed
 * every test) */
static void test_22_2_score_is_the_glory_points(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    vb_result r;
    s->gp = 3;
    t->g->def->result(t->g, s, &r);
    if (r.score[RS_F] != 3 || r.score[RS_C] != -3)
        fail_msg("R36: GP +3 scored %g for France, %g for the Coalition", r.score[RS_F],
                 r.score[RS_C]);
    s->gp = -2;
    s->over = 1;
    s->winner = 2;
    t->g->def->result(t->g, s, &r);
    if (r.score[RS_F] != -2 || r.score[RS_C] != 2)
        fail_msg("R36: GP -2 at the end scored %g for France, %g for the Coalition", r.score[RS_F],
                 r.score[RS_C]);
    vbt_free(t);
}

/* EVIDENCE-OF (12, 6): "This bet is between 0 and 5 RP", noted secretly:
 * the search's view of the other camp's hidden bet draws any bet it could
 * have made, 0 up to 5 or its RP if fewer, the largest included (the
 * thirty-sixth session: rs_view.c's draw over `m + 1` values as `m`, never
 * the largest bet, passed every test) */
static void test_12_drawn_bet_any_of_the_bets(void **state)
{
    (void)state;
    vbt *t = campaign();
    const rs_data *d = t->g->data;
    assert_int_equal(d->bet_max, 5);
    static const int rp[] = {1, 3, 12};
    for (size_t i = 0; i < sizeof rp / sizeof rp[0]; i++) {
        int m = rp[i] < d->bet_max ? rp[i] : d->bet_max, seen = 0;
        for (uint64_t seed = 1; seed <= 60; seed++) {
            rs_state v = *S(t);
            v.c[RS_F].rp = (int16_t)rp[i];
            v.c[RS_F].bet = 0;
            v.c[RS_F].bet_hidden = 1;
            vb_rng r;
            vb_rng_seed(&r, seed);
            t->g->def->determinize(t->g, &v, RS_C, &r);
            if (v.c[RS_F].bet > m)
                fail_msg("R36: with %d RP France's hidden bet drawn as %d", rp[i], v.c[RS_F].bet);
            seen |= 1 << v.c[RS_F].bet;
        }
        if (seen != (1 << (m + 1)) - 1)
            fail_msg("R36: with %d RP the bets drawn 0x%x, not every bet 0 to %d", rp[i], seen, m);
    }
    vbt_free(t);
}

/* EVIDENCE-OF (6, 9): the closed game's secrets are drawn back for either
 * camp: France's view of the Coalition (its cabinet markers unknown, its
 * armies' composition hidden) determinised is a full position, every
 * marker a category and no army left hidden, as the Coalition's view of
 * France is (the thirty-sixth session: rs_view.c's determinisation done
 * for the Coalition only, `role < 0` as `role < 1`, passed every test:
 * test_6_closed_game checks a determinised view against its own view,
 * which a view left as it was passes) */
static void test_6_france_draws_the_coalition_secrets(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->h.opts[0] = 1;
    for (int role = 0; role < 2; role++) {
        int o = 1 - role;
        rs_state v;
        vb_view(t->g, &v, S(t), role);
        assert_true(v.c[o].npick > 0);
        assert_int_equal(v.c[o].pick[0], CAT_UNKNOWN);
        assert_true(v.c[o].armies_hidden);
        vb_rng r;
        vb_rng_seed(&r, 3);
        t->g->def->determinize(t->g, &v, role, &r);
        for (int i = 0; i < v.c[o].npick; i++)
            if (v.c[o].pick[i] >= RS_NCAT)
                fail_msg("R36: %s's determinised view leaves %s's marker %d unknown",
                         rs_camp_names[role], rs_camp_names[o], i);
        if (v.c[o].hidden || v.c[o].armies_hidden)
            fail_msg("R36: %s's determinised view leaves %s's secrets hidden", rs_camp_names[role],
                     rs_camp_names[o]);
        if (t->g->def->check(t->g, &v, &t->cx))
            fail_msg("R36: determinised view: %s", t->cx.err);
    }
    vbt_free(t);
}

/* EVIDENCE-OF (9, 17, 18): "Only one cabinet strategy marker from each
 * category (battle, siege, decoy, scorched earth) may be used per zone,
 * per campaign and per camp": a battle won in Brabant (the Coalition
 * breaks off and retreats) leaves France free to besiege Brabant's
 * fortress with its Siege marker in the same campaign (the thirty-sixth
 * session: rs_combat.c's battle mark
 * written as the siege's, `1 << CAT_BATTLE` as `2 << CAT_BATTLE`, passed
 * every test) */
static void test_9_battle_then_siege_in_one_zone(void **state)
{
    (void)state;
    vbt *t = battle_position();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant");
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    lose_inf(t);
    vbt_act(t, "fight-on");
    vbt_act(t, "break-off");
    vbt_dice(t, "6"); /* 6 + 2 - 3 = 5 > 2 */
    assert_true(vbt_logged(t, "france wins the battle"));
    s->c[RS_C].rp = 1;
    vbt_act(t, "retreat Flandre-et-Hainaut");
    if (s->phase == P_ATTR)
        vbt_dice(t, "1");
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->active, RS_F);
    assert_int_equal(rs_army(s, bra, RS_C), 0);
    assert_true(s->z[bra].fv > 0);
    assert_int_equal(rs_ctrl(t->g, s, bra), RS_C);
    assert_true(rs_held(s, RS_F, CAT_SIEGE) >= 0);
    if (!vbt_legal(t, "siege Brabant"))
        fail_msg("R36: after its battle in Brabant France may not besiege it (9)");
    vbt_act(t, "siege Brabant");
    assert_int_equal(s->phase, P_SG_ROUNDS);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 Es): "If the FV is zero, the generals and units are
 * placed in their camp's Reserve", Louis XIV (the first general of the
 * data) too: Artois FV 1 with one French infantry SP and Louis XIV alone,
 * besieged by Spain A's army, every Spanish SP of the Reserve and
 * Coehoorn, in the second round after a breach, with a war effort; the die
 * that
 * gives Es at FV 0 sends him to the Reserve and the zone is conquered (the
 * thirty-sixth session: rs_combat.c's generals sent from general 1 on,
 * `i = 0` as `1`, passed every test) */
static void test_18_1_2_es_sends_louis_to_the_reserve(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = t->g->data;
    int ar = Z(t, "Artois"), lx = G(t, "Louis XIV");
    assert_int_equal(lx, 0);
    army_to_reserve(t, "Artois", RS_F); /* France M's army */
    s->gz[G(t, "France M")] = GZ_RESERVE;
    s->c[RS_F].reserve[T_INF]--;
    memset(s->z[ar].garr, 0, RS_NT);
    s->z[ar].garr[T_INF] = 1;
    s->z[ar].fv = 1;
    s->gz[lx] = (int8_t)ar;
    int bra = Z(t, "Brabant");
    for (int i = 0; i < RS_NT; i++) { /* Spain A's army from Brabant */
        s->z[ar].army[RS_C][i] = s->z[bra].army[RS_C][i];
        s->z[bra].army[RS_C][i] = 0;
    }
    for (int ty = 0; ty < RS_NTY; ty++) { /* and Spain's SP of the Reserve */
        int k = KIND(1, ty);
        s->z[ar].army[RS_C][k] = (uint8_t)(s->z[ar].army[RS_C][k] + s->c[RS_C].reserve[k]);
        s->c[RS_C].reserve[k] = 0;
    }
    s->gz[G(t, "Spain A")] = (int8_t)ar;
    s->active = RS_C;
    s->who = RS_C;
    s->sg.zone = (int8_t)ar;
    s->sg.camp = RS_C;
    s->gz[G(t, "Coehoorn")] = (int8_t)ar;
    s->sg.rounds = 2;
    s->sg.round = 1; /* the second round, after a Br */
    s->sg.breach = 1;
    s->sg.fv0 = 1;
    s->sg.effort = 1; /* 1 RP spent (18.1.1) */
    s->phase = P_SG_ROLL;
    check_ok(t);
    /* the die whose row gives Es and takes the FV to 0, nothing else */
    uint8_t at[RS_NT], ga[RS_NT];
    rs_siege_sp(t->g, s, ar, RS_C, at, ga);
    int col = rs_siege_col(rs_siege_strength(at), rs_siege_strength(ga) + 1);
    int m = rs_siege_mods(t->g, s, NULL, 0), die = 0;
    for (int k = 6; k >= 1 && !die; k--) {
        int row = k + m > 13 ? 13 : k + m, f = d->sg_res[row][col];
        if (f == SR_ES && d->sg_fv[row][col] >= 1)
            die = k;
    }
    if (!die)
        fail_msg("col %d m %d A %d", col, m, rs_siege_strength(at));
    char dt[2] = {(char)('0' + die), 0};
    vbt_dice(t, dt);
    if (!vbt_logged(t, "Edge of the sword in Artois"))
        fail_msg("R36: %s", t->log);
    assert_int_equal(s->z[ar].fv, 0);
    assert_int_equal(rs_sp(s->z[ar].garr), 0);
    if (s->gz[lx] != GZ_RESERVE)
        fail_msg("R36: Louis XIV, in Artois's fortress taken to FV 0 by Es, not in the Reserve "
                 "(%d)",
                 s->gz[lx]);
    assert_int_equal(rs_ctrl(t->g, s, ar), RS_C);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (9, 6): the markers a camp has used are seen by both
 * (revealed when used), so the search's view draws the other camp's
 * hidden markers from those left: France's Scorched earth used (the game
 * has one, 9), its two hidden markers are never drawn as Scorched earth,
 * and no category beyond its count (the thirty-sixth session: rs_view.c's
 * count of the known markers skipped, `i < k->npick` as `i > k->npick`,
 * passed every test: test_9_12_secrets hides every marker) */
static void test_9_drawn_markers_leave_out_the_used(void **state)
{
    (void)state;
    vbt *t = campaign();
    const rs_data *d = t->g->data;
    rs_state *s = S(t);
    assert_int_equal(s->c[RS_F].npick, 3);
    assert_int_equal(s->c[RS_F].pick[2], CAT_SCORCH);
    assert_int_equal(d->markers[CAT_SCORCH], 1);
    s->c[RS_F].pstate[2] = PK_USED;
    int seen = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        rs_state v;
        vb_view(t->g, &v, s, RS_C);
        assert_int_equal(v.c[RS_F].pick[0], CAT_UNKNOWN);
        assert_int_equal(v.c[RS_F].pick[2], CAT_SCORCH);
        vb_rng r;
        vb_rng_seed(&r, seed);
        t->g->def->determinize(t->g, &v, RS_C, &r);
        int n[RS_NCAT] = {0};
        for (int i = 0; i < v.c[RS_F].npick; i++) {
            assert_true(v.c[RS_F].pick[i] < RS_NCAT);
            n[v.c[RS_F].pick[i]]++;
            seen |= 1 << v.c[RS_F].pick[i];
        }
        for (int c = 0; c < RS_NCAT; c++)
            if (n[c] > d->markers[c])
                fail_msg("R36: seed %d: %d markers of category %d drawn, the game has %d",
                         (int)seed, n[c], c, d->markers[c]);
    }
    assert_true(seen & (1 << CAT_DECOY)); /* the hidden ones are drawn */
    vbt_free(t);
}

/* EVIDENCE-OF (9, 6): the game has three Battle markers; France having
 * used two (revealed), its hidden marker may be the third: the search's
 * view draws it as a Battle marker for some seeds, counting the markers
 * chosen and no more (the thirty-sixth session: rs_view.c's count of the
 * known markers one past the last, `i < k->npick` as `<=`, read the empty
 * slot after them as a Battle marker, category 0, and never drew the
 * third; it passed every test) */
static void test_9_drawn_marker_may_be_the_last_battle(void **state)
{
    (void)state;
    vbt *t = campaign();
    const rs_data *d = t->g->data;
    rs_state *s = S(t);
    rs_camp *k = &s->c[RS_F];
    assert_int_equal(d->markers[CAT_BATTLE], 3);
    assert_int_equal(k->npick, 3);
    k->pick[0] = CAT_BATTLE;
    k->pstate[0] = PK_USED;
    k->pick[1] = CAT_BATTLE;
    k->pstate[1] = PK_USED;
    k->pick[2] = CAT_SIEGE;
    k->pstate[2] = PK_HELD;
    assert_int_equal(k->pick[3], 0); /* the slot after the markers chosen */
    int battles = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        rs_state v;
        vb_view(t->g, &v, s, RS_C);
        assert_int_equal(v.c[RS_F].pick[2], CAT_UNKNOWN);
        vb_rng r;
        vb_rng_seed(&r, seed);
        t->g->def->determinize(t->g, &v, RS_C, &r);
        assert_true(v.c[RS_F].pick[2] < RS_NCAT);
        battles += v.c[RS_F].pick[2] == CAT_BATTLE;
    }
    if (battles == 0)
        fail_msg("R36: France's hidden marker never drawn as its third Battle marker");
    vbt_free(t);
}

/* EVIDENCE-OF (24.4.3 1690-5, 13.4.1): the French admirals' +1 for the
 * maritime control of the Atlantic Ocean and the North Sea lasts the
 * year; a state file saved after the event keeps it for France, not for
 * the Coalition, and reloads with it (the thirty-sixth session: rs_io.c's
 * "admirals_france" read and written as the Coalition's bits,
 * `boxbon[0]` as `boxbon[1]`, passed every test: only the Coalition's
 * admirals, 1672-5, were tested) */
static void test_24_4_3_french_admirals_in_file(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "augsburg", 1);
    event(t, 1690, "5");
    rs_state *s = S(t);
    int bits = s->boxbon[RS_F];
    assert_true(bits != 0);
    assert_int_equal(s->boxbon[RS_C], 0);
    json_t *j = t->g->def->to_json(t->g, s, -1);
    int fr = (int)json_integer_value(json_object_get(j, "admirals_france"));
    int co = (int)json_integer_value(json_object_get(j, "admirals_coalition"));
    json_decref(j);
    if (fr != bits || co != 0)
        fail_msg("R36: the file's admirals: France %d, the Coalition %d; want %d and 0", fr, co,
                 bits);
    reload_ok(t);
    s = S(t);
    if (s->boxbon[RS_F] != bits || s->boxbon[RS_C] != 0)
        fail_msg("R36: reloaded, the admirals are France %d, the Coalition %d; want %d and 0",
                 s->boxbon[RS_F], s->boxbon[RS_C], bits);
    vbt_free(t);
}

/* EVIDENCE-OF (24.5.3 1702-5): Savoy's change of sides waits for the
 * diplomatic actions ("During the diplomatic actions sequence, roll a
 * D6"): the year's mark, `event_at_diplomacy`, is 1 in a state file saved
 * after the event, which reloads with it, and 0 or 1 only: a file with 2 is
 * refused in one line (the thirty-sixth session: rs_io.c's bound 1 as 2
 * passed every test) */
static void test_24_5_3_event_at_diplomacy_in_file(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "succession", 1);
    event(t, 1702, "5");
    assert_int_equal(S(t)->ev_late, 1);
    reload_ok(t);
    assert_int_equal(S(t)->ev_late, 1);
    refused_with(t, "event_at_diplomacy", json_integer(2),
                 "\"event_at_diplomacy\" is 2, must be 0-1");
    vbt_free(t);
}

/* EVIDENCE-OF (12): "The initiative is given for the first turn of each
 * scenario. It is then determined for each subsequent turn": one camp or
 * the other always holds it, so a state file whose `initiative` names
 * neither (null) is refused in one line, the position unchanged (the
 * thirty-sixth session: rs_io.c's reading of `initiative` allowing null,
 * which loads as no camp, passed every test) */
static void test_12_initiative_in_file_names_a_camp(void **state)
{
    (void)state;
    vbt *t = campaign();
    refused_with(t, "initiative", json_null(),
                 "state: initiative: expected 'france' or 'coalition'");
    refused_with(t, "initiative", json_integer(0),
                 "state: initiative: expected 'france' or 'coalition'");
    refused_with(t, "initiative", json_string("spain"),
                 "state: initiative: expected 'france' or 'coalition'");
    vbt_free(t);
}

/* EVIDENCE-OF (14, 13.1.1): a march's attrition is rolled where it halts,
 * France Ouest (the map's first zone, 0) too: a state file saved before
 * the roll, the royal army's SP under attrition there, reloads (the
 * thirty-sixth session: rs_io.c's check of the units under attrition,
 * `az < 0` as `az < 1`, refused it and passed every test) */
static void test_14_attrition_in_the_first_zone_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    assert_int_equal(Z(t, "France Ouest"), 0);
    royal_army(t);
    vbt_act(t, "march");
    step(t, "to France-Ouest");
    vbt_act(t, "halt");
    assert_int_equal(s->phase, P_ATTR);
    assert_int_equal(s->attr_zone, 0);
    assert_true(rs_sp(s->attr_army) > 0);
    reload_ok(t);
    s = S(t);
    assert_int_equal(s->attr_zone, 0);
    vbt_dice(t, "1");
    assert_int_equal(s->phase, P_IMPULSE);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (7): the RP an event adds or deducts for the year are kept
 * within -20 to 20 in a state file: -21 and 21 are refused in one line for
 * either camp (the thirty-sixth session: rs_io.c's bound -20 as -21 for
 * France passed every test) */
static void test_7_event_rp_in_file_bounded(void **state)
{
    (void)state;
    vbt *t = campaign();
    static const char *const key[] = {"event_rp_france", "event_rp_coalition"};
    for (int c = 0; c < 2; c++)
        for (int v = -21; v <= 21; v += 42) {
            char why[64];
            snprintf(why, sizeof why, "\"%s\" is %d, must be -20-20", key[c], v);
            refused_with(t, key[c], json_integer(v), why);
        }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_22_2_score_is_the_glory_points),
        cmocka_unit_test(test_12_drawn_bet_any_of_the_bets),
        cmocka_unit_test(test_6_france_draws_the_coalition_secrets),
        cmocka_unit_test(test_9_battle_then_siege_in_one_zone),
        cmocka_unit_test(test_18_1_2_es_sends_louis_to_the_reserve),
        cmocka_unit_test(test_9_drawn_markers_leave_out_the_used),
        cmocka_unit_test(test_9_drawn_marker_may_be_the_last_battle),
        cmocka_unit_test(test_24_4_3_french_admirals_in_file),
        cmocka_unit_test(test_24_5_3_event_at_diplomacy_in_file),
        cmocka_unit_test(test_12_initiative_in_file_names_a_camp),
        cmocka_unit_test(test_14_attrition_in_the_first_zone_in_file),
        cmocka_unit_test(test_7_event_rp_in_file_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
