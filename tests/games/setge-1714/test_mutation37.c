/*
 * test_mutation37.c - setge-1714: the survivors of the thirty-seventh
 * session's mutation pass, seed 37 (helper gmx), of sg_io.c (the state
 * file's checks) and sg_data.c (the data reader) (docs/setge-1714.md,
 * "Mutation pass, thirty-seventh session (helper gmx)"): each test fails
 * with the mutant it names planted (lines of c769293), and no other setge
 * test did. The positions are built by hand, as test_load.c's are.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "games/setge-1714/sg_int.h"
#include "registry.h"
#include "sg_test.h"
#include "vbtest.h"

#define GAME "setge-1714"

#define load_in sgt_load_in
/* STATE loads in SCN exactly when ERR is NULL (sg_test.h) */
#define expect(what, scn, state, err) sgt_expect_load("M37", what, scn, state, err)

/* ---- the state file's checks (sg_io.c) ------------------------------------------ */

/* Rule 15: "3 players: One player controls the Catalan army, another does
 * the same with the Spanish forces, and the third commands French forces":
 * when the seat asked for the attacking commander has none to offer, the
 * other seat of the side is asked (`commander_step` 1, sg_rules.c). With
 * two players the Two Crowns have one seat, so a file at the attacker's
 * commander step with `commander_step` 1 is refused; the same file in the
 * three-player game loads. sg_io.c:483 (`ns < 2` to `ns < 1`) read it. */
static void test_15_commander_step_needs_a_second_seat(void **state)
{
    static const char pos[] =
        "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"attacker-commander\", \"deck\": [],"
        " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
        " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
        " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\"]},"
        " \"acted\": [\"Santa Marta\"], \"combat\": {\"kind\": \"assault\","
        " \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\","
        " \"attacker_lead\": \"French Grenadiers 1\", \"defender_lead\": \"Ciutat 1\","
        " \"commander_step\": 1}}";
    (void)state;
    expect("15 commander step, one Two Crowns seat", "2p", pos,
           "no second attacking seat to ask for a commander (rule 15)");
    expect("15 commander step, French and Spanish seats", "3p", pos, NULL);
}

/* Rule 12: "Only one barricade can be placed by zone". A file with two in one
 * zone is refused (by the zone summary check before the barricade count);
 * the count is the module's check that the generic checks run on every
 * position of play, where the summary kept in the state (sg_place) can
 * agree with the units: the Barricada de Sant Pere in the Placa de Sant
 * Pere, then the Barricada de Sant Daniel (listed before it in
 * forces.json, so the first either summary names) placed with it, both
 * facing the Carrer del Portal Nou: the check refuses the position, "more
 * than one barricade". sg_io.c:614 (the count's `u < d->nu` to `u >
 * d->nu`) never counted. */
static void test_12_one_barricade_in_a_zone(void **state)
{
    static const char one[] =
        "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
        " \"unlisted\": \"eliminated\","
        " \"facing\": {\"Barricada de Sant Pere\": \"Carrer del Portal Nou\"},"
        " \"zones\": {\"Placa de Sant Pere\": [\"Barricada de Sant Pere\", \"Ciutat 1\"],"
        " \"Left Two Crowns\": [\"La Marine 1\"]}}";
    static const char two[] =
        "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
        " \"unlisted\": \"eliminated\","
        " \"facing\": {\"Barricada de Sant Pere\": \"Carrer del Portal Nou\","
        " \"Barricada de Sant Daniel\": \"Carrer del Portal Nou\"},"
        " \"zones\": {\"Placa de Sant Pere\": [\"Barricada de Sant Pere\","
        " \"Barricada de Sant Daniel\", \"Ciutat 1\"], \"Left Two Crowns\": [\"La Marine 1\"]}}";
    (void)state;
    expect("12 two barricades in a file", "2p", two, "");
    vbt *t = vbt_new(GAME, "2p", 1);
    if (load_in(t, "2p", one))
        fail_msg("M37: 12 one barricade: refused: %s", t->cx.err);
    const sg_data *d = D(t);
    sg_state *s = S(t);
    int sd = U(t, "Barricada de Sant Daniel"), sp = U(t, "Barricada de Sant Pere");
    int z = Z(t, "Placa de Sant Pere");
    assert_true(sd < sp);
    assert_int_equal(t->g->def->check(t->g, s, &t->cx), 0);
    sg_place(d, s, sd, US_ON, z);
    s->face[sd] = (uint8_t)Z(t, "Carrer del Portal Nou");
    if (t->g->def->check(t->g, s, &t->cx) == 0)
        fail_msg("M37: 12 two barricades in the Placa de Sant Pere passed the check");
    if (!strstr(t->cx.err, "more than one barricade (rule 12)"))
        fail_msg("M37: 12 two barricades refused with \"%s\"", t->cx.err);
    vbt_free(t);
}

/* Rule 11.3: once the assault is resolved (the commanders' checks, the
 * retreat, the advance) both dice are on record, each 1 to 6: a file at
 * the retreat after a successful assault loads with the defender's die 1,
 * 3 or 6 and is refused with 0 (the check) or 7 (the reader), naming the
 * defender's die.
 * sg_io.c:469 (`s->ddie < 1` to `s->ddie > 1`) refused 3 and 6 and read 0. */
static void test_11_3_resolved_assault_keeps_the_defender_die(void **state)
{
    static const struct {
        int die;
        const char *err;
    } rows[] = {{1, NULL},
                {3, NULL},
                {6, NULL},
                {0, "phase 'retreat' needs the defender's die (rule 11.3)"},
                {7, "'defender_die' must be an integer 0..6"}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char pos[1024], what[64];
        sgt_retreat_position(pos, sizeof pos, 6, rows[i].die);
        snprintf(what, sizeof what, "11.3 defender's die %d at the retreat", rows[i].die);
        expect(what, "2p", pos, rows[i].err);
    }
}

/* Rule 13 (victory points) and rule 15 (the seats): each seat's score is
 * its side's points, the French and Spanish seats the Two Crowns', the two
 * Catalan seats the Catalans'. A four-player position where the sides'
 * points differ: the result gives each of the four seats its side's.
 * sg_io.c:284 (`k == R_SPANISH` to `k != R_SPANISH`) gave the Spanish seat
 * the Catalan points and the Catalan seats the Two Crowns' (the same change
 * of `k == R_BOURBON`, planted by hand, is killed too). */
static void test_13_each_seat_scores_its_side(void **state)
{
    static const char pos[] =
        "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
        " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
        " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\", \"Diputacio 1\"],"
        " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"]}}";
    static const int side_of[SG_NROLES] = {[R_BOURBON] = SG_BOURBON,
                                           [R_SPANISH] = SG_BOURBON,
                                           [R_CATALAN] = SG_CATALAN,
                                           [R_CATRIGHT] = SG_CATALAN};
    (void)state;
    vbt *t = vbt_new(GAME, "4p", 1);
    if (load_in(t, "4p", pos))
        fail_msg("M37: 13 scores: refused: %s", t->cx.err);
    int vp[2] = {sg_vp(D(t), S(t), SG_BOURBON), sg_vp(D(t), S(t), SG_CATALAN)};
    assert_true(vp[0] != vp[1]);
    vb_result r;
    t->g->def->result(t->g, S(t), &r);
    for (int k = 0; k < SG_NROLES; k++)
        if ((int)r.score[k] != vp[side_of[k]])
            fail_msg("M37: 13 seat '%s' scores %g, its side has %d VP", sg_role_names[k],
                     r.score[k], vp[side_of[k]]);
    vbt_free(t);
}

/* Rule 11.3: "Each player chooses a lead unit from those present in the
 * zone (starting with the attacker)": a file saved at the attacker's lead
 * step (the assault declared, no lead yet) loads, and the lead is chosen
 * from it; one with a lead already recorded there is refused. sg_io.c:437's
 * first comparison (`p > PH_ALEAD` to `p >= PH_ALEAD`, planted by hand: the
 * tool chose the second) asked for the lead at its own step, so no file at
 * that step loaded. */
static void test_11_3_file_at_the_attacker_lead(void **state)
{
    static const char pos[] =
        "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"attacker-lead\", \"deck\": [],"
        " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
        " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
        " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\"]},"
        " \"acted\": [\"Santa Marta\"], \"combat\": {\"kind\": \"assault\","
        " \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\"%s}}";
    char buf[1024];
    (void)state;
    snprintf(buf, sizeof buf, pos, ", \"attacker_lead\": \"French Grenadiers 1\"");
    expect("11.3 a lead before the attacker's lead step", "2p", buf,
           "a lead unit is recorded before it is chosen (rule 11.3)");
    snprintf(buf, sizeof buf, pos, "");
    vbt *t = vbt_new(GAME, "2p", 1);
    if (load_in(t, "2p", buf))
        fail_msg("M37: 11.3 the attacker's lead step: refused: %s", t->cx.err);
    assert_int_equal(S(t)->phase, PH_ALEAD);
    vbt_act(t, "lead French-Grenadiers-1");
    assert_int_equal(S(t)->alead, U(t, "French Grenadiers 1"));
    vbt_free(t);
}

/* Rule 11.3, the defender's turn to choose: a file saved at the defender's
 * lead step (the attacker's lead chosen, the defender's not) loads, and
 * the defender's lead is chosen from it. sg_io.c:437's second comparison
 * (`p > PH_DLEAD` to `p >= PH_DLEAD`, the survivor of the seed-37 pass:
 * the first one, `p > PH_ALEAD`, is the test above) asked for the
 * defender's lead at its own step, so no file at that step loaded. */
static void test_11_3_file_at_the_defender_lead(void **state)
{
    static const char pos[] =
        "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"defender-lead\", \"deck\": [],"
        " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
        " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
        " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\"]},"
        " \"acted\": [\"Santa Marta\"], \"combat\": {\"kind\": \"assault\","
        " \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\","
        " \"attacker_lead\": \"French Grenadiers 1\"}}";
    (void)state;
    vbt *t = vbt_new(GAME, "2p", 1);
    if (load_in(t, "2p", pos))
        fail_msg("M37: 11.3 the defender's lead step: refused: %s", t->cx.err);
    assert_int_equal(S(t)->phase, PH_DLEAD);
    vbt_act(t, "lead Ciutat-1");
    assert_int_equal(S(t)->dlead, U(t, "Ciutat 1"));
    vbt_free(t);
}

/* ---- the data reader (sg_data.c) ------------------------------------------------ */

/* map.json (rule 2, the zones and their sides): a side naming a zone the
 * map has not is refused naming that zone, the first ("a") or the second
 * ("b"). sg_data.c:148 (`za < 0 ? a : b` to `za > 0`) named the other. */
static void test_2_side_names_its_unknown_zone(void **state)
{
    static const vbt_data_row rows[] = {
        {"M37: 2 side: unknown a", "map.json", "\"a\": \"Right Two Crowns\"", "\"a\": \"Nowhere\"",
         "unknown zone 'Nowhere'"},
        {"M37: 2 side: unknown b", "map.json", "\"b\": \"Centre Two Crowns\"", "\"b\": \"Nowhere\"",
         "unknown zone 'Nowhere'"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* Rule 3 (the turn track, 12 turns in game.json) and rule 13 ("the game is
 * extended one more turn" on a draw): the state keeps the track's SG_MAXT (16) spaces, so
 * game.json's last turn is at most SG_MAXT - 2 (14), the extra turn in the last space: 15 is
 * refused naming last_turn (14 passes that bound and is refused for its missing turns).
 * sg_data.c:349 (`SG_MAXT - 2` to `SG_MAXT + 2`) read 15 and only the track's length refused it. */
static void test_3_last_turn_fits_the_track(void **state)
{
    static const vbt_data_row rows[] = {
        {"M37: 3 last turn 15", "game.json", "\"last_turn\": 12", "\"last_turn\": 15",
         "\"last_turn\" is 15, must be 1-14"},
        {"M37: 3 last turn 14", "game.json", "\"last_turn\": 12", "\"last_turn\": 14",
         "the track needs 15 turns"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* forces.json: a unit's side is "bourbon" or "catalan" (rule 1, the two
 * sides); any other is refused. sg_data.c:281 (the two names searched as
 * three) read one past the table: killed only in the sanitizer build (a
 * global buffer overflow), the plain build reading whatever lies there. */
static void test_1_unit_of_no_side_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M37: 1 unit side neutral", "forces.json", "\"side\": \"catalan\"",
         "\"side\": \"neutral\"", "bad side, kind or command"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* map.json (rule 13, "4 VP for each convent or monastery hold"): the convents are named by
 * their zones, at most 16 (sg_data's table): a map whose zones name 16
 * convents loads, one naming 17 is refused. The map built in: its zones
 * without an objective made convents of their own ("Convent N") until
 * there are N. sg_data.c:123 (`d->nconv >= 16` to `> 16`) read a 17th,
 * written past the table. */
static char *map_with_convents(const char *orig, size_t len, int want)
{
    json_error_t err;
    json_t *m = json_loadb(orig, len, 0, &err), *zones, *z;
    size_t i;
    int have = 0;
    char name[32];
    assert_non_null(m);
    zones = json_object_get(m, "zones");
    json_array_foreach(zones, i, z)
    {
        const char *o = json_string_value(json_object_get(z, "objective"));
        const char *c = json_string_value(json_object_get(z, "convent"));
        int dup = 0;
        for (size_t k = 0; c && k < i; k++)
            dup |= json_equal(json_object_get(json_array_get(zones, k), "convent"),
                              json_object_get(z, "convent"));
        have += o && !strcmp(o, "convent") && !dup;
    }
    json_array_foreach(zones, i, z)
    {
        if (have >= want)
            break;
        if (json_object_get(z, "objective"))
            continue;
        snprintf(name, sizeof name, "Convent %d", have + 1);
        json_object_set_new(z, "objective", json_string("convent"));
        json_object_set_new(z, "convent", json_string(name));
        have++;
    }
    assert_int_equal(have, want);
    char *out = json_dumps(m, JSON_INDENT(1));
    json_decref(m);
    return out;
}

static void test_13_sixteen_convents_at_most(void **state)
{
    const char *orig = NULL;
    size_t len = 0;
    (void)state;
    for (int k = 0; vb_data_table[k].path; k++)
        if (!strcmp(vb_data_table[k].path, "setge-1714/map.json")) {
            orig = (const char *)vb_data_table[k].bytes;
            len = vb_data_table[k].len;
        }
    assert_non_null(orig);
    char *whole = malloc(len + 1);
    assert_non_null(whole);
    memcpy(whole, orig, len);
    whole[len] = '\0';
    char *sixteen = map_with_convents(orig, len, 16), *seventeen = map_with_convents(orig, len, 17);
    vbt_data_row rows[] = {
        {"M37: 13 sixteen convents", "map.json", whole, sixteen, NULL},
        {"M37: 13 seventeen convents", "map.json", whole, seventeen, "too many convents"},
    };
    for (int k = 0; k < 2; k++) {
        vb_ctx cx;
        vb_game *g = vbt_load_changed(GAME, &rows[k], &cx);
        if (!k && !g)
            fail_msg("%s: refused: %s", rows[k].rule, cx.err);
        if (!k)
            assert_int_equal(SGD(g)->nconv, 16);
        if (k && g)
            fail_msg("%s: loaded, should be refused (%s)", rows[k].rule, rows[k].err);
        if (k && !strstr(cx.err, rows[k].err))
            fail_msg("%s: refused with '%s'", rows[k].rule, cx.err);
        if (g)
            vb_game_free(g);
    }
    free(sixteen);
    free(seventeen);
    free(whole);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_15_commander_step_needs_a_second_seat),
        cmocka_unit_test(test_12_one_barricade_in_a_zone),
        cmocka_unit_test(test_11_3_resolved_assault_keeps_the_defender_die),
        cmocka_unit_test(test_13_each_seat_scores_its_side),
        cmocka_unit_test(test_11_3_file_at_the_attacker_lead),
        cmocka_unit_test(test_11_3_file_at_the_defender_lead),
        cmocka_unit_test(test_2_side_names_its_unknown_zone),
        cmocka_unit_test(test_3_last_turn_fits_the_track),
        cmocka_unit_test(test_1_unit_of_no_side_refused),
        cmocka_unit_test(test_13_sixteen_convents_at_most),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
