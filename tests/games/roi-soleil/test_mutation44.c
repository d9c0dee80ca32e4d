/* test_mutation44.c - what the forty-fourth session's mutation pass (seed
 * 44, helper rso, docs/roi-soleil.md) found untested in rs_io.c (the state
 * file), rs_data.c (the data files), rs_odds.c and the rules files: each
 * test fails with its surviving mutant planted (messages "M44:", lines of
 * f4f361b1) and passes without. The helpers are in rs_test.h (the state
 * file edited at a path of names: set_at, refused, loads, moved there from
 * test_io.c). */
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

/* 14: "The number indicated by the table corresponds to the number of SP
 * to be eliminated by the owning player": France N's 2 SP halt in scorched Picardie, D6 6 (1 SP
 * lost, the owner's choice of infantry or cavalry). The losses in progress
 * come out of the army under attrition: its camp takes them, fewer than its
 * SP (as many would need no choice), so a file with 2 SP to lose of its 2
 * is refused naming why, 1 loads (rs_io.c:1007, the check's `p == P_LOSS`
 * as `!=`: any loss of the army's zone read). */
static void test_14_attrition_losses_within_the_army_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    s->z[Z(t, "Picardie")].scorched = 1; /* 15: by the French marker, used */
    s->c[RS_F].pstate[rs_held(s, RS_F, CAT_SCORCH)] = PK_USED;
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Picardie");
    vbt_act(t, "halt");
    vbt_dice(t, "6");
    s = S(t);
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->loss_k, LK_ATTR);
    assert_int_equal(s->loss[RS_F], 1);
    assert_int_equal(rs_sp(s->attr_army), 2);
    reload_ok(t);
    rs_state before = *S(t);
    json_t *j = vbt_state_json(t);
    set_at(j, "loss_france", json_integer(2));
    if (vbt_load_json(t, j) == 0)
        fail_msg("M44: 14 a file with 2 SP to lose of the 2 under attrition loaded");
    if (!strstr(t->cx.err, "attrition losses beyond the army under attrition") ||
        strchr(t->cx.err, '\n'))
        fail_msg("M44: 14 refusal: %s", t->cx.err);
    assert_memory_equal(&before, S(t), sizeof before);
    loads(t, "loss_france", json_integer(1), NULL);
    vbt_act(t, "lose France-cav");
    assert_int_equal(rs_sp(S(t)->attr_army), 0);
    vbt_free(t);
}

/* A zone's marker categories used this campaign (17, 18, 15: a bit each,
 * battle 1, siege 2, combat 0x10, scorched earth 0x20; six bits in all):
 * "used" is two numbers 0-63, so 64 is refused naming the range, and 63 a
 * camp loads and reads back (rs_io.c:774, the second number's `63` as
 * `64`). */
static void test_zone_used_marks_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state before = *S(t);
    json_t *j = vbt_state_json(t);
    set_at(j, "zones/Picardie/used", json_pack("[ii]", 0, 64));
    if (vbt_load_json(t, j) == 0)
        fail_msg("M44: a zone's used marks 64 loaded");
    if (!strstr(t->cx.err, "zone 'Picardie': used must be two numbers 0-63") ||
        strchr(t->cx.err, '\n'))
        fail_msg("M44: used 64 refusal: %s", t->cx.err);
    assert_memory_equal(&before, S(t), sizeof before);
    refused(t, "used must be two numbers 0-63", "zones/Picardie/used", json_pack("[ii]", 64, 0),
            NULL);
    loads(t, "zones/Picardie/used", json_pack("[ii]", 63, 63), NULL);
    assert_int_equal(S(t)->z[Z(t, "Picardie")].used[0], 63);
    assert_int_equal(S(t)->z[Z(t, "Picardie")].used[1], 63);
    reload_ok(t);
    assert_int_equal(S(t)->z[Z(t, "Picardie")].used[1], 63);
    vbt_free(t);
}

/* 17.1.1 (a round's result: "C. Eliminate the number of SP indicated in
 * the Losses table", the owner's choice of SP): Spain A's army, brought whole from Brabant
 * into Artois, attacks France M's 3 SP there; France stands, D6 3: France
 * has SP to lose, its choice to make. The Coalition's attack with its
 * losses in progress reads back (rs_io.c:1026, the losses' combat
 * `att <= 1` as `<= 0`: a file whose attacker is the Coalition refused). */
static void test_17_1_1_coalition_attack_losses_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int art = Z(t, "Artois"), bra = Z(t, "Brabant");
    for (int k = 0; k < RS_NT; k++) {
        s->z[art].army[RS_C][k] = s->z[bra].army[RS_C][k];
        s->z[bra].army[RS_C][k] = 0;
    }
    s->gz[G(t, "Spain A")] = (int8_t)art;
    s->active = RS_C;
    s->who = RS_C;
    vbt_act(t, "attack Artois");
    vbt_act(t, "stand");
    vbt_dice(t, "3");
    s = S(t);
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->loss_k, LK_COMBAT);
    assert_int_equal(s->cb.att, RS_C);
    assert_true(s->loss[s->who] > 0);
    rs_state before = *s;
    json_t *j = vbt_state_json(t);
    if (vbt_load_json(t, j))
        fail_msg("M44: 17.1.1 the Coalition's attack with losses in progress refused: %s",
                 t->cx.err);
    s = S(t);
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->cb.att, RS_C);
    assert_int_equal(s->who, before.who);
    assert_int_equal(s->loss[s->who], before.loss[before.who]);
    assert_memory_equal(&before.cb, &s->cb, sizeof before.cb);
    lose_inf(t);
    assert_int_not_equal(S(t)->phase, P_LOSS);
    vbt_free(t);
}

/* A count of units (the map's armies, the Reserve, the prisoners, 10.3) is
 * 0-200 in a state file: 201 prisoners of one kind are refused naming that
 * range, before any other check reads them (rs_io.c:505, `200` as `201`:
 * 201 read). */
static void test_unit_counts_0_to_200_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state before = *S(t);
    json_t *j = vbt_state_json(t);
    set_at(j, "camps/france/prisoners", json_pack("{s:i}", "Spain-inf", 201));
    if (vbt_load_json(t, j) == 0)
        fail_msg("M44: 201 prisoners of a kind loaded");
    if (!strstr(t->cx.err, "'Spain-inf' must be 0-200") || strchr(t->cx.err, '\n'))
        fail_msg("M44: 201 prisoners refusal: %s", t->cx.err);
    assert_memory_equal(&before, S(t), sizeof before);
    vbt_free(t);
}

/* scenarios.json's events (7: "On a result of 1 to 3 there is no event, on
 * a result of 4, 5 or 6, there is an event"): an event keyed 3 or 7 is
 * refused naming the rule (rs_data.c:1122, `dk[0] < '4' || dk[0] > '6'` as
 * `&&`, planted `(dk[0] < '4' && dk[0] > '6')`: any single character read
 * as a die). */
static void test_data_events_rolled_4_5_or_6(void **state)
{
    static const char from[] = "\"1667\": {\n     \"4\": {";
    static const vbt_data_row rows[] = {
        {"M44: 7 an event rolled 3", "scenarios.json", from, "\"1667\": {\n     \"3\": {",
         "events are rolled 4, 5 or 6 (rule 7)"},
        {"M44: 7 an event rolled 7", "scenarios.json", from, "\"1667\": {\n     \"7\": {",
         "events are rolled 4, 5 or 6 (rule 7)"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* tables.json's attrition (14: "Roll a D6 and add any modifiers ... Cross
 * the modified result with the column"; reconstructed: "min_die", the
 * modified result of each column's first cell, 1 in the data): within 0-3,
 * so 0 and 3 load and 4 and -1 are refused naming the range
 * (rs_data.c:443, the range's `0` as `1`: 0 refused). */
static void test_data_attrition_min_die_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M44: 14 attrition min_die 0", "tables.json", "\"min_die\": 1,", "\"min_die\": 0,", NULL},
        {"M44: 14 attrition min_die 3", "tables.json", "\"min_die\": 1,", "\"min_die\": 3,", NULL},
        {"M44: 14 attrition min_die 4", "tables.json", "\"min_die\": 1,", "\"min_die\": 4,",
         "\"min_die\" is 4, must be 0-3"},
        {"M44: 14 attrition min_die -1", "tables.json", "\"min_die\": 1,", "\"min_die\": -1,",
         "\"min_die\" is -1, must be 0-3"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* tables.json's alliances (22.1, reconstructed: the major powers' scale of
 * 6 spaces, U1-U3 and D4-D6): a scale of 2-9 spaces, so 9 loads and 10 is
 * refused naming the range (rs_data.c:523, major_spaces' `9` as `10`). */
static void test_data_alliance_spaces_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M44: 22.1 major scale of 9", "tables.json", "\"major_spaces\": 6,",
         "\"major_spaces\": 9,", NULL},
        {"M44: 22.1 major scale of 10", "tables.json", "\"major_spaces\": 6,",
         "\"major_spaces\": 10,", "\"major_spaces\" is 10, must be 2-9"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* tables.json's cabinet (9, reconstructed: the RP bands of the Cabinet
 * table's columns, each 1-999): a first band of 1 loads, 0 is refused
 * (rs_data.c:486, the bands' least `1` as `2`: 1 refused). */
static void test_data_cabinet_bands_bounds(void **state)
{
    static const char from[] = "\"cabinet\": {\n  \"bands\": [\n   5,";
    static const vbt_data_row rows[] = {
        {"M44: 9 cabinet band 1", "tables.json", from, "\"cabinet\": {\n  \"bands\": [\n   1,",
         NULL},
        {"M44: 9 cabinet band 0", "tables.json", from, "\"cabinet\": {\n  \"bands\": [\n   0,",
         "'bands'[0] out of range"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* tables.json's losses (17.1.1, reconstructed: the SP bands of the Losses
 * table's columns, each 1-999): a band of 0 is refused whatever the rows
 * hold (rs_data.c:435, the bands' `||` as `&&`, planted
 * `(int_array(bands) && int_array(A))`: bad bands read beside good rows). */
static void test_data_losses_bands_bounds(void **state)
{
    static const char from[] = "\"losses\": {\n  \"bands\": [\n   10,";
    static const vbt_data_row rows[] = {
        {"M44: 17.1.1 losses band 1", "tables.json", from, "\"losses\": {\n  \"bands\": [\n   1,",
         NULL},
        {"M44: 17.1.1 losses band 0", "tables.json", from, "\"losses\": {\n  \"bands\": [\n   0,",
         "'bands'[0] out of range"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* The odds of a position's next round (17.1.1, 18.1: `vauban odds attack
 * ZONE`): the words are joined into an action's text, cut at the text's
 * length (VB_TEXT_LEN); words far longer than an action are refused in one
 * line, nothing written past the text (rs_odds.c:229, the room left
 * `sizeof text - l` as `+ l`: the words written past the buffer, a crash). */
static void test_odds_long_words_refused(void **state)
{
    (void)state;
    vbt *t = campaign();
    assert_int_equal(S(t)->phase, P_IMPULSE);
    rs_state pos = *S(t);
    vb_action first;
    char w0[] = "attack", w[6][101];
    char *argv[7] = {w0};
    for (int i = 0; i < 6; i++) {
        memset(w[i], 'x', 100);
        w[i][100] = '\0';
        argv[i + 1] = w[i];
    }
    int rc = vb_odds_setup(t->g, &pos, 1, 7, argv, &first, &t->cx);
    if (rc >= 0 || strchr(t->cx.err, '\n'))
        fail_msg("M44: odds of a 606-character action: %d '%s'", rc, t->cx.err);
    vbt_free(t);
}

/* the roles that may read the line "eliminates 1 KIND SP" (a log sink) */
struct loss_line {
    vb_roles see;
    int n;
};

static void loss_line_sink(void *ud, vb_roles see, const char *line)
{
    struct loss_line *l = ud;
    if (strstr(line, " eliminates 1 ")) {
        l->see = see;
        l->n++;
    }
}

/* 6: "to keep the counters hidden from the enemy" (the closed game) and
 * 17.1.1, the owner's choice of SP: in a closed game the kind of SP a camp
 * eliminates is logged for that camp only; in an open game for both
 * (rs_loss.c:150, the option read `opts[0]` as `opts[1]`: the closed
 * game's loss shown to the enemy). France M's 3 SP attacked in Artois by
 * Spain A's army, D6 3, as test_17_1_1_coalition_attack_losses_in_file. */
static void test_6_closed_loss_kind_logged_for_its_owner(void **state)
{
    (void)state;
    for (int closed = 0; closed < 2; closed++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        s->h.opts[0] = (uint8_t)closed;
        int art = Z(t, "Artois"), bra = Z(t, "Brabant");
        for (int k = 0; k < RS_NT; k++) {
            s->z[art].army[RS_C][k] = s->z[bra].army[RS_C][k];
            s->z[bra].army[RS_C][k] = 0;
        }
        s->gz[G(t, "Spain A")] = (int8_t)art;
        s->active = RS_C;
        s->who = RS_C;
        vbt_act(t, "attack Artois");
        vbt_act(t, "stand");
        vbt_dice(t, "3");
        s = S(t);
        assert_int_equal(s->phase, P_LOSS);
        int owner = s->who;
        struct loss_line l = {0, 0};
        t->cx.log = loss_line_sink;
        t->cx.log_ud = &l;
        vbt_act(t, owner == RS_F ? "lose France-inf" : "lose Spain-inf");
        if (l.n != 1)
            fail_msg("M44: 6 %d lines of a loss taken", l.n);
        if (l.see != (closed ? VB_ROLE_BIT(owner) : VB_ALL_ROLES))
            fail_msg("M44: 6 the %s game's loss of %s logged for roles 0x%x",
                     closed ? "closed" : "open", rs_camp_names[owner], (unsigned)l.see);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_14_attrition_losses_within_the_army_in_file),
        cmocka_unit_test(test_zone_used_marks_in_file),
        cmocka_unit_test(test_17_1_1_coalition_attack_losses_in_file),
        cmocka_unit_test(test_unit_counts_0_to_200_in_file),
        cmocka_unit_test(test_data_events_rolled_4_5_or_6),
        cmocka_unit_test(test_data_attrition_min_die_bounds),
        cmocka_unit_test(test_data_alliance_spaces_bounds),
        cmocka_unit_test(test_data_cabinet_bands_bounds),
        cmocka_unit_test(test_data_losses_bands_bounds),
        cmocka_unit_test(test_odds_long_words_refused),
        cmocka_unit_test(test_6_closed_loss_kind_logged_for_its_owner),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
