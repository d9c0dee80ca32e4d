/* test_mutation37.c - the rules that the thirty-seventh session's mutation
 * pass (seed 37, docs/piacenza-1746.md "Mutation pass, thirty-seventh
 * session (helper gmx)") found without a test in pc_check.c (the loaded
 * position's checks): each test names the rulebook sentence it pins and
 * the mutant it kills (lines of c769293). The positions are built on
 * cleared boards, as the audits' are. */
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

/* One melee marker (a hex, or spent: -2 - hex) on a unit, the phase and
 * the formations done set, the file loaded: accepted (needle NULL) or
 * refused in one line naming the unit (as test_states.c's). */
static void marker_case(vbt *t, json_t *file, json_t *j, const char *unit, int m, const char *phase,
                        int fdone, const char *needle)
{
    json_t *us = json_object_get(j, "units");
    json_object_set_new(json_object_get(us, unit), "melee", json_integer(m));
    json_object_set_new(j, "phase", json_string(phase));
    json_object_set_new(json_object_get(j, "procedure"), "formations_done", json_integer(fdone));
    char what[160];
    snprintf(what, sizeof what, "M37: %s: marker %d in %s, formations done %d", unit, m, phase,
             fdone);
    pc_load_expect(t, file, needle, what);
    if (needle && !strstr(t->cx.err, unit))
        fail_msg("%s: the refusal names no unit: %s", what, t->cx.err);
    json_object_set_new(json_object_get(us, unit), "melee", json_integer(-1));
}

/* 9.0: units "may under certain conditions during the Movement segment
 * declare a Melee" (9.2.1: the marker then waits for the combat): in the Movement segment a marker
 * waits only for a formation that has moved or is moving. Hex 0 (0101, Clear on the centre map)
 * like any other: Saboya in 0102 with a marker on Andlau in 0101, its formation done: accepted;
 * another formation done and Saboya's not moving: refused. pc_check.c melee_phase_ok: `m >= 0` to
 * `m > 0` (seed 37, :82) read the marker on hex 0 as no waiting one. */
static void melee_9_2_1_marker_on_hex_zero_in_the_movement(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0102");
    put(t, "Andlau", "0101");
    assert_int_equal(HX(t, "0101"), 0);
    at_segment(t, "De Croix", PH_MFORM);
    int f = D(t)->u[U(t, "Saboya")].form, other = 1 << ((f + 1) % D(t)->nf);
    assert_true(S(t)->form != f);
    json_t *j, *file = pc_file_of(t, "centre", &j);
    marker_case(t, file, j, "Saboya", 0, "movement", 1 << f, NULL);
    marker_case(t, file, j, "Saboya", 0, "movement", other,
                "a melee marker of a formation that has not moved");
    json_decref(j);
    json_decref(file);
    vbt_free(t);
}

/* 4.6: a captured Staff "is given to the opponent as a trophy (worth 3 VP
 * if FC, otherwise 5 VP)" (13.1): a state file's `captured_au` is at most
 * the trophies of the Franco-Spanish Commanders captured, Commander 0 (the
 * first of the order of battle, Aramburu at San Lazzaro) among them. The
 * scenario's start, every Commander on the map; Aramburu captured and
 * `captured_au` his trophy: read; one more: refused naming the key.
 * pc_check.c pc_position_ok: the Commanders' scan from `l = 0` to `l = 1`
 * (seed 37, :428) never counted Commander 0, and refused his trophy. */
static void trophies_4_6_commander_zero_captured(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    const pc_data *d = D(t);
    const char *name = d->l[0].name;
    for (int l = 0; l < d->nl; l++) /* every Commander on the map: none captured yet */
        assert_true(S(t)->lhex[l] >= 0);
    assert_int_equal(d->l[0].side, PC_FS);
    int trophy = pc_trophy_vp(d, 0);
    assert_true(trophy > 0);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *pr = json_object_get(j, "procedure");
    pc_set_hex(j, "leaders", name, "captured");
    json_object_set_new(pr, "captured_au", json_integer(trophy));
    char what[160];
    snprintf(what, sizeof what, "M37: 4.6 %s (Commander 0) captured, his trophy %d", name, trophy);
    pc_load_expect(t, file, NULL, what);
    json_object_set_new(pr, "captured_au", json_integer(trophy + 1));
    snprintf(what, sizeof what, "M37: 4.6 more than %s's trophy", name);
    pc_load_expect(t, file, "captured_au:", what);
    json_decref(j);
    json_decref(file);
    vbt_free(t);
}

/* A side's wing marker in a state file: the wing (NULL: none chosen),
 * revealed or not, its initiative die (-1: not rolled). */
static void marker_is(json_t *j, const char *side, const char *wing, int revealed, int die)
{
    json_t *m = json_object_get(json_object_get(j, "markers"), side);
    json_object_set_new(m, "marker", wing ? json_string(wing) : json_null());
    json_object_set_new(m, "revealed", json_boolean(revealed));
    json_object_set_new(m, "initiative", json_integer(die));
}

/* 3.0 A: "Each player secretly chooses one of its wing activation markers
 * ... Then each player rolls a d10": a die is rolled only once both markers are
 * chosen. Turn 2, the pair LW (7) then CE (3), CE activating after LW
 * (test_states.c pair_in_activation): read; with either side's marker not
 * chosen (and not revealed) but its die kept: refused, "initiative: rolled
 * only once both". pc_check.c pc_position_ok: `choice[0] == -1 ||
 * choice[1] == -1` to `&&` (seed 37, :410) refused only with neither
 * marker chosen. */
static void initiative_3_0_a_needs_both_markers(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *mk = json_object_get(j, "markers"), *pr = json_object_get(j, "procedure");
    json_object_set_new(j, "turn", json_integer(2));
    json_object_set_new(j, "wing", json_string("CE"));
    json_object_set_new(j, "side", json_string("austrian"));
    json_object_set_new(pr, "wings_done", json_integer(1 << pc_find_wing(D(t), "LW")));
    json_object_set_new(mk, "second_wing", json_null());
    marker_is(j, "franco-spanish", "LW", 1, 7);
    marker_is(j, "austrian", "CE", 1, 3);
    pc_load_expect(t, file, NULL, "M37: 3.0 A CE second, LW done, both markers");
    marker_is(j, "franco-spanish", NULL, 0, 7);
    pc_load_expect(t, file, "initiative: rolled only once both wing markers are chosen",
                   "M37: 3.0 A the Franco-Spanish marker not chosen, its die kept");
    marker_is(j, "franco-spanish", "LW", 1, 7);
    marker_is(j, "austrian", NULL, 0, 3);
    pc_load_expect(t, file, "initiative: rolled only once both wing markers are chosen",
                   "M37: 3.0 A the Austrian marker not chosen, its die kept");
    json_decref(j);
    json_decref(file);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(melee_9_2_1_marker_on_hex_zero_in_the_movement),
        cmocka_unit_test(trophies_4_6_commander_zero_captured),
        cmocka_unit_test(initiative_3_0_a_needs_both_markers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
