/* test_mutation41.c - what the forty-first session's mutation pass (seed
 * 41, helper rsz, docs/roi-soleil.md) found untested in rs_view.c,
 * rs_io.c, rs_data.c, rs_odds.c and rs_rules.c: each test fails with its
 * surviving mutant planted (messages "M41:", lines of 146fd059) and passes
 * without. Positions are the Devolution's set-up, edited where a case needs
 * it (the helpers are in rs_test.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "odds.h"
#include "vbtest.h"
#include "rs_test.h"

/* 11: "The maximum values to which the Lines of Defence and the Fortresses
 * can be increased are respectively 2 and 4." The invariants checked after
 * every decision refuse a fortress past FV 4 and a line past 2 (rs_view.c:275,
 * the check's `fv > 4` as `fv > 5`: play and the state files never reach 5,
 * so only the check itself shows it). */
static void test_check_refuses_fv_and_line_past_their_maximum(void **state)
{
    (void)state;
    static const struct {
        int fv, line, ok;
    } rows[] = {{4, 2, 1}, {5, 1, 0}, {6, 1, 0}, {4, 3, 0}};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int ar = Z(t, "Artois");
        s->z[ar].fv = (uint8_t)rows[r].fv;
        s->z[ar].line = (uint8_t)rows[r].line;
        int rc = t->g->def->check(t->g, s, &t->cx);
        if (rows[r].ok ? rc != 0 : rc == 0 || !strstr(t->cx.err, "out of range"))
            fail_msg("M41: Artois at FV %d, line %d: %s (%s)", rows[r].fv, rows[r].line,
                     rc ? "refused" : "accepted", rc ? t->cx.err : "");
        vbt_free(t);
    }
}

/* the state file with key (in its object `in`, or at the top when NULL)
 * set to v is refused, naming why */
static void edited_refused(vbt *t, const char *in, const char *key, json_t *v, const char *why)
{
    json_t *j = vbt_state_json(t);
    json_object_set_new(in ? json_object_get(j, in) : j, key, v);
    int rc = vbt_load_json(t, j);
    if (rc == 0 || !strstr(t->cx.err, why))
        fail_msg("M41: %s%s%s edited: %s", in ? in : "", in ? "'s " : "", key,
                 rc ? t->cx.err : "accepted");
}

/* 17.1.2: the '*' death roll is the attacker's (k 0) or the defender's
 * (k 1); a state file at that roll loads with k 0 and refuses k 2, which
 * would name neither side (rs_io.c:1054, `s->k > 1` as `s->k < 1`). The
 * battle of battle_position(), France cut to 4 infantry (the 1/3 column),
 * each die tried until one gives Turenne's '*'. */
static void test_death_roll_side_in_file(void **state)
{
    (void)state;
    int found = 0;
    for (int die = 1; die <= 6 && !found; die++) {
        vbt *t = battle_position();
        rs_state *s = S(t);
        vbt_act(t, "attack Brabant");
        vbt_act(t, "command Turenne");
        int bra = Z(t, "Brabant");
        for (int k = 0; k < RS_NT; k++) {
            int keep = k == KIND(0, T_INF) ? 4 : 0;
            s->c[RS_F].reserve[k] =
                (uint8_t)(s->c[RS_F].reserve[k] + s->z[bra].army[RS_F][k] - keep);
            s->z[bra].army[RS_F][k] = (uint8_t)keep;
        }
        if (vbt_legal(t, "no-decoy"))
            vbt_act(t, "no-decoy");
        vbt_act(t, "stand");
        char d[2] = {(char)('0' + die), 0};
        vbt_dice(t, d);
        lose_inf(t);
        if (s->phase == P_CB_DEATH) {
            found = 1;
            assert_int_equal(s->k, 0); /* the attacker's commander */
            json_t *j = t->g->def->to_json(t->g, s, -1);
            int rc = vbt_load_json(t, j);
            if (rc)
                fail_msg("M41: the attacker's death roll (k 0) refused: %s", t->cx.err);
            edited_refused(t, NULL, "k", json_integer(2), "sub or k out of range");
        }
        vbt_free(t);
    }
    assert_true(found);
}

/* 23: a peace treaty's victory is resounding or not (the state file's
 * "resounding" 0 or 1): 2 is refused in a finished game too
 * (rs_io.c:249, its range 0-1 as 0-2) */
static void test_resounding_is_zero_or_one(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    s->phase = P_OVER;
    s->over = 1;
    s->winner = RS_F;
    s->resounding = 1;
    reload_ok(t);
    edited_refused(t, NULL, "resounding", json_integer(2), "\"resounding\" is 2, must be 0-1");
    vbt_free(t);
}

/* 13 (the state file of a march in progress): its general, zones and
 * transit box are names the game knows; an unknown box name or a number
 * in place of a name is refused, not read as the first box, general or
 * zone (rs_io.c:567, opt_name's `i = -1` as `0`) */
static void test_march_names_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    assert_int_equal(S(t)->phase, P_MV_STEP);
    reload_ok(t);
    edited_refused(t, "march", "box", json_string("Atlantis"), "march: box: unknown name");
    edited_refused(t, "march", "box", json_integer(0), "march: box: unknown name");
    edited_refused(t, "march", "general", json_integer(0), "march: general: unknown name");
    edited_refused(t, "march", "at", json_integer(0), "march: at: unknown name");
    vbt_free(t);
}

/* 18.1.1: the siege table's rows run to 13 ("13": a D6 plus modifiers of
 * 13 or more); losses from a siege's roll in a state file keep the row and
 * column read: the last row loads, a fourteenth is refused (rs_io.c:1020,
 * `s->k <= 13` as `<= 12`). Brabant FV 2 with 1 Spanish infantry and 1
 * cavalry besieged by the royal army: D6 5 + 5 = 10 at 5/1, "Es -1FV", one
 * SP beyond FV 1 to eliminate; row 13's 2/1 is "Es -1FV" too. */
static void test_siege_losses_at_the_last_row_in_file(void **state)
{
    (void)state;
    vbt *t = brabant_es_siege();
    rs_state *s = S(t);
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->k, 10);
    assert_int_equal(s->sub, 4);
    reload_ok(t);
    S(t)->k = 13; /* the same result read on the last row */
    S(t)->sub = 1;
    json_t *j = vbt_state_json(t);
    int rc = vbt_load_json(t, j);
    if (rc)
        fail_msg("M41: siege losses read on row 13 refused: %s", t->cx.err);
    edited_refused(t, NULL, "k", json_integer(14), "losses in progress need their zone");
    vbt_free(t);
}

/* forces.json's cabinet markers (9: "There are nine markers per camp",
 * "Battle (three markers)", "Siege (four markers)", "Scorched earth (one
 * marker)", "Decoy (one marker)"): each count is read within 0..9, nine in
 * all: a variant's nine decoys and no other marker load, a decoy count of
 * 10 or -1 is refused naming the key and its range (rs_data.c:283, the
 * range's `0` as `1`: a category left out refused). */
#define RS_MARKERS "\"battle\": 3,\n  \"siege\": 4,\n  \"scorched-earth\": 1,\n  \"decoy\": 1,"
static void test_data_marker_counts_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M41: 9 four battle markers, no decoy", "forces.json", RS_MARKERS,
         "\"battle\": 4,\n  \"siege\": 4,\n  \"scorched-earth\": 1,\n  \"decoy\": 0,", NULL},
        {"M41: 9 nine decoys", "forces.json", RS_MARKERS,
         "\"battle\": 0,\n  \"siege\": 0,\n  \"scorched-earth\": 0,\n  \"decoy\": 9,", NULL},
        {"M41: 9 decoy markers 10", "forces.json", "\"decoy\": 1,", "\"decoy\": 10,",
         "\"decoy\" is 10, must be 0-9"},
        {"M41: 9 decoy markers -1", "forces.json", "\"decoy\": 1,", "\"decoy\": -1,",
         "\"decoy\" is -1, must be 0-9"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* forces.json's line markers (11: "The number of Fortresses or Lines of
 * defence that can be constructed is limited by the number of available
 * markers"; three a camp, 24.5.3 1705-6): read within 0..60, as the
 * fortress markers are: 60 loads, 61 is refused naming the key and its
 * range (rs_data.c:295, France's `60` as `61`: 61 read). */
static void test_data_line_markers_bounds(void **state)
{
    static const char from[] = "\"line_markers\": {\n  \"france\": 3,";
    static const vbt_data_row rows[] = {
        {"M41: 11 line markers 60", "forces.json", from, "\"line_markers\": {\n  \"france\": 60,",
         NULL},
        {"M41: 11 line markers 61", "forces.json", from, "\"line_markers\": {\n  \"france\": 61,",
         "\"france\" is 61, must be 0-60"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json's years (the rulebook's title, "1667-1713"; 24.1 "Start:
 * 1667"): a scenario starts within 1667..1713, so the Devolution moved to
 * 1666 is refused naming the key and its range (rs_data.c:873, the start's
 * `1667` as `1666`: a year before the game's first read). */
static void test_data_scenario_start_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M41: 24.1 start 1666", "scenarios.json", "\"start\": 1667,", "\"start\": 1666,",
         "\"start\" is 1666, must be 1667-1713"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json's maritime capacity by Great Britain's camp (13.4, 24.3:
 * the Dutch War's France, none, Coalition): each read within 0..60, as
 * the scenario's "maritime" capacities are: 60 loads, 61 and -1 are
 * refused (rs_data.c:898 `< 0 || > 60` planted as `(< 0 && > 60)`: any
 * capacity read). */
static void test_data_maritime_gb_bounds(void **state)
{
    static const char from[] = "\"france\": [\n     15,";
    static const vbt_data_row rows[] = {
        {"M41: 13.4 maritime_gb 60", "scenarios.json", from, "\"france\": [\n     60,", NULL},
        {"M41: 13.4 maritime_gb 61", "scenarios.json", from, "\"france\": [\n     61,",
         "maritime_gb: bad capacity"},
        {"M41: 13.4 maritime_gb -1", "scenarios.json", from, "\"france\": [\n     -1,",
         "maritime_gb: bad capacity"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* 17.1.1 in the odds (`vauban odds`): a round's outcome names each side's
 * SP lost, the attacker's and the defender's, when the Coalition attacks
 * too: Spain A's 35 SP attack France M's army in Artois; a round that
 * leaves the Coalition 1 SP and France 3 SP to eliminate reads "attacker
 * -1 SP, defender -3 SP" (rs_odds.c:275, the defender `1 - att` as
 * `1 + att`: a camp past the two read, France's losses not). */
static void test_odds_coalition_attack_defender_losses(void **state)
{
    (void)state;
    vbt *t = campaign();
    vb_action first;
    rs_state pos = spain_a_attacks_artois(t, &first);
    assert_int_equal(pos.phase, P_CB_ROUND);
    int art = Z(t, "Artois");
    rs_state after = pos;
    after.phase = P_LOSS;
    after.loss_zone = (int8_t)art;
    after.loss[RS_C] = 1;
    after.loss[RS_F] = 3;
    char buf[160];
    rs_odds_outcome(t->g, &pos, &after, buf, sizeof buf);
    if (strcmp(buf, "attacker -1 SP, defender -3 SP") != 0)
        fail_msg("M41: the Coalition's attack in Artois, 1 SP and 3 SP to lose: '%s'", buf);
    vbt_free(t);
}

/* 9: "choose at most the number of markers indicated": a state file at the
 * choice whose camp already holds its most markers (play ends the choice
 * there; the loader accepts it) offers no other marker, only "done"
 * (rs_rules.c:550, `npick < cabmax` as `<=`: a marker past the most
 * offered). */
static void test_no_marker_past_the_most_in_file(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "6");
    rs_state *s = S(t);
    int c = s->who;
    assert_int_equal(s->phase, P_CAB_PICK);
    assert_true(s->c[c].cabmax >= 2);
    vbt_act(t, "take battle");
    json_t *j = t->g->def->to_json(t->g, s, -1);
    json_t *k = json_object_get(json_object_get(j, "camps"), rs_camp_names[c]);
    json_object_set_new(k, "cabinet_max", json_integer(1));
    int rc = vbt_load_json(t, j);
    if (rc)
        fail_msg("M41: refused: %s", t->cx.err);
    if (vbt_legal(t, "take siege") || !vbt_legal(t, "done"))
        fail_msg("M41: 1 marker of 1 held: another offered");
    vbt_free(t);
}

/* 15: scorched earth is a campaign's decision like the others and applies
 * with 0, the module's "done" (`vauban play` reads `vb_apply(...) == 0`):
 * Turenne's scorched earth in Picardie, then its obedience test
 * (rs_rules.c:703, OP_SCORCH's `return 0` as `return 1`). */
static void test_scorch_applies_with_zero(void **state)
{
    (void)state;
    vbt *t = campaign();
    int rc = apply_rc(t, "scorch Picardie");
    if (rc != 0)
        fail_msg("M41: 'scorch Picardie' applied with %d, not 0", rc);
    assert_int_equal(S(t)->phase, P_SCORCH_TEST);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_refuses_fv_and_line_past_their_maximum),
        cmocka_unit_test(test_death_roll_side_in_file),
        cmocka_unit_test(test_resounding_is_zero_or_one),
        cmocka_unit_test(test_march_names_in_file),
        cmocka_unit_test(test_siege_losses_at_the_last_row_in_file),
        cmocka_unit_test(test_data_marker_counts_bounds),
        cmocka_unit_test(test_data_line_markers_bounds),
        cmocka_unit_test(test_data_scenario_start_bounds),
        cmocka_unit_test(test_data_maritime_gb_bounds),
        cmocka_unit_test(test_odds_coalition_attack_defender_losses),
        cmocka_unit_test(test_no_marker_past_the_most_in_file),
        cmocka_unit_test(test_scorch_applies_with_zero),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
