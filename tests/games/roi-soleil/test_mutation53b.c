/* test_mutation53b.c - what the fifty-third session's second mutation pass
 * (seed 53, helper rst, docs/roi-soleil.md) found untested in rs_combat.c,
 * rs_data.c and rs_board.c: each test fails with its surviving mutant
 * planted (messages "M53:", lines of 90d3da19) and passes without. The
 * helpers are in rs_test.h. */
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

/* 16: "The inactive player cancels the effect of the active player's
 * Battle marker by playing his Decoy marker"; the Battle marker is
 * cancelled (22.4: not counted as unused), no other. France has played its
 * Scorched earth marker earlier in the campaign (chosen after its Battle
 * marker, set by hand), then attacks the Coalition in Brabant with its
 * Battle marker and meets the Decoy: the Battle marker is cancelled, the
 * Scorched earth marker stays used (rs_combat.c:789, the marker looked for
 * `pick == CAT_BATTLE && pstate == PK_USED` as `||`: the last chosen marker
 * used, the Scorched earth, cancelled instead). */
static void test_16_decoy_cancels_the_battle_marker_only(void **state)
{
    (void)state;
    vbt *t = battle_position();
    rs_state *s = S(t);
    int b = -1, se = -1;
    for (int i = 0; i < s->c[RS_F].npick; i++) {
        if (s->c[RS_F].pick[i] == CAT_BATTLE && b < 0)
            b = i;
        if (s->c[RS_F].pick[i] == CAT_SCORCH)
            se = i;
    }
    assert_true(b >= 0 && se > b);
    s->c[RS_F].pstate[se] = PK_USED;
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    assert_int_equal(s->phase, P_CB_DECOY);
    vbt_act(t, "decoy");
    assert_int_equal(s->phase, P_IMPULSE);
    if (s->c[RS_F].pstate[b] != PK_CANCELLED || s->c[RS_F].pstate[se] != PK_USED)
        fail_msg("M53: after the Decoy, France's Battle marker state %d (expected %d, cancelled), "
                 "its used Scorched earth marker %d (expected %d, used)",
                 s->c[RS_F].pstate[b], PK_CANCELLED, s->c[RS_F].pstate[se], PK_USED);
    vbt_free(t);
}

/* 18.1.1: the siege's D6, a legal chance decision, applied: the game's
 * apply answers 0 as for every legal action (`vauban play` and its advice
 * read `== 0` as applied, src/cli/play.c, src/cli/play_advice.c), whatever
 * the die (rs_combat.c:886, P_SG_ROLL's `return 0` as `return 1`). */
static void test_18_1_1_siege_roll_applied(void **state)
{
    (void)state;
    static const char *const dice[] = {"1", "2", "3", "4", "5", "6"};
    for (size_t k = 0; k < sizeof dice / sizeof dice[0]; k++) {
        vbt *t = turenne_besieges_fh();
        vbt_act(t, "no-effort");
        assert_int_equal(S(t)->phase, P_SG_ROLL);
        int rc = apply_rc(t, dice[k]);
        if (rc != 0)
            fail_msg("M53: the siege of Flandre et Hainaut's D6 %s applied: %d, expected 0",
                     dice[k], rc);
        vbt_free(t);
    }
}

/* scenarios.json's events (24.4, the chart's effects; data contract: an
 * event's "value" within -3 to 3): 3 and -3 load (the one pursuit event of
 * -2, 1713-5, made 3 or -3), 4 and -4 are refused naming the range
 * (rs_data.c:622, the range's `3` as `2`, and `-3` as `-2`: 3, or -3,
 * refused). */
static void test_data_event_value_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: 24.4 event value 3", "scenarios.json", "\"value\": -2", "\"value\": 3", NULL},
        {"M53: 24.4 event value -3", "scenarios.json", "\"value\": -2", "\"value\": -3", NULL},
        {"M53: 24.4 event value 4", "scenarios.json", "\"value\": -2", "\"value\": 4",
         "\"value\" is 4, must be -3-3"},
        {"M53: 24.4 event value -4", "scenarios.json", "\"value\": -2", "\"value\": -4",
         "\"value\" is -4, must be -3-3"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* map.json's zones (data contract: each zone's name once): Picardie named
 * as the first zone, France Ouest, is refused as a duplicate
 * (rs_data.c:154, `zone_of(d, name) >= 0` as `>= 1`: a second zone of the
 * first's name not found, the load going on to another message). */
static void test_data_duplicate_first_zone(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: a zone named as the first", "map.json", "\"name\": \"Picardie\"",
         "\"name\": \"France Ouest\"", "duplicate zone 'France Ouest'"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json's reserve generals (10.2: a camp's generals not placed
 * may start in its Reserve): Louis XIV, the first general of forces.json
 * and not placed in 1683 (reunions), in France's Reserve loads
 * (rs_data.c:1096, the general's `g < 0` as `g < 1`: general 0 refused as
 * "bad general"). */
static void test_data_reserve_first_general(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: 10.2 Louis XIV in the Reserve of 1683", "scenarios.json",
         "\"France E\",\n      \"Vauban\"", "\"Louis XIV\",\n      \"France E\",\n      \"Vauban\"",
         NULL},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* 6 (the closed game: a camp sees the other's strengths, not their
 * compositions): on the Coalition's board (its view) France's army in Picardie is
 * listed by its own strength, "N SP (closed)", the Coalition having none
 * there (rs_board.c:130, France's closed army `rs_army(s, z, 0)` as
 * `rs_army(s, z, 1)`: the Coalition's 0 SP shown). */
static void test_6_closed_board_shows_the_french_strength(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->h.opts[0] = 1; /* closed */
    int pic = Z(t, "Picardie"), n = rs_army(S(t), pic, RS_F);
    assert_true(n > 0 && rs_army(S(t), pic, RS_C) == 0);
    rs_state v;
    vb_view(t->g, &v, S(t), RS_C); /* the Coalition's view, shown */
    assert_true(v.c[RS_F].armies_hidden);
    *S(t) = v;
    char *b = vbt_board_text(t, RS_C), want[32];
    snprintf(want, sizeof want, "%d SP (closed)", n);
    const char *row = strstr(b, "\nPicardie ");
    const char *eol = row ? strchr(row + 1, '\n') : NULL;
    const char *at = row ? strstr(row, want) : NULL;
    if (!row || !at || (eol && at > eol))
        fail_msg("M53: the Coalition's board, Picardie's row without France's '%s':\n%s", want, b);
    free(b);
    vbt_free(t);
}

/* 5.3 (control), `zone NAME`'s listing: Picardie, French, reads "control:
 * france", Brabant "control: coalition" (rs_board.c:194, `ct < 0 ?
 * "none"` as `ct < 1`: a French zone read as controlled by none). */
static void test_5_3_zone_control_of_each_camp(void **state)
{
    (void)state;
    vbt *t = campaign();
    static const struct {
        const char *zone, *want;
    } rows[] = {{"Picardie", "\n  control: france\n"}, {"Brabant", "\n  control: coalition\n"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *a = vbt_area_text(t, -1, rows[i].zone);
        if (!strstr(a, rows[i].want))
            fail_msg("M53: `zone %s` without '%s':\n%s", rows[i].zone, rows[i].want + 1, a);
        free(a);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_16_decoy_cancels_the_battle_marker_only),
        cmocka_unit_test(test_18_1_1_siege_roll_applied),
        cmocka_unit_test(test_data_event_value_bounds),
        cmocka_unit_test(test_data_duplicate_first_zone),
        cmocka_unit_test(test_data_reserve_first_general),
        cmocka_unit_test(test_6_closed_board_shows_the_french_strength),
        cmocka_unit_test(test_5_3_zone_control_of_each_camp),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
