/* test_mutation41b.c - the second round of the forty-first session's
 * mutation pass (seed 41, helper pcw, docs/piacenza-1746.md "Mutation
 * pass, forty-first session, second round (helper pcw)"): a state file's
 * field that play never writes, then the rules found without a test in
 * pc_line.c, pc_combat.c and pc_rules.c. Each test quotes the rule it
 * checks and names the mutant it kills (lines of c9b39432, the head of
 * s41/pcz). Messages begin "M41b:". The positions are built on cleared
 * boards, as the other tests' are. */
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

/* 9.1: the defender "may reply" to the fire declared against him: play
 * marks his choice, a reply or a hold, decided (1) and writes the
 * `reply_decided` of a unit only then, so a state file's 0 (or -1 beside
 * a reply) is no position of play: refused in one line naming the field,
 * the state unchanged; the 1 written reads back. Castilla replies to
 * Clerici's fire (test_combat.c's fired_no_melee). (pc_io.c:791 read
 * `reply_decided` from -1 to 1 and took 0, the helper pcz's leftover.) */
static void reply_decided_is_what_play_writes(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0705");
    put_leader(t, "Aramburu", "0704");
    put(t, "Clerici", "0805");
    put_leader(t, "Novati", "0906");
    at_segment(t, "RW", PH_CFORM);
    vbt_act(t, "combat Novati");
    vbt_act(t, "fire Clerici Castilla");
    vbt_act(t, "open-fire");
    vbt_act(t, "reply Castilla Clerici");
    assert_int_equal(S(t)->rf[U(t, "Castilla")], 1);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *ca = json_object_get(json_object_get(j, "units"), "Castilla");
    assert_int_equal(json_integer_value(json_object_get(ca, "reply_decided")), 1);
    reads_back_the_same(t, "9.1: Castilla's reply decided");
    json_object_set_new(ca, "reply_decided", json_integer(0));
    pc_load_expect(t, file, "\"reply_decided\" is 0", "M41b: 9.1 reply_decided 0");
    json_object_set_new(ca, "reply_decided", json_integer(-1));
    pc_load_expect(t, file, "\"reply_decided\" is -1", "M41b: 9.1 reply_decided -1 with a reply");
    json_object_set_new(ca, "reply_decided", json_integer(1));
    pc_load_expect(t, file, NULL, "M41b: 9.1 reply_decided 1");
    assert_int_equal(S(t)->rt[U(t, "Castilla")], U(t, "Clerici"));
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 9.2.3: "then the attacker, if it is still in the hex, combats using the
 * Melee Table"; 10.2 a: "any result other than "No Effect" and "Disorder"
 * aborts the procedure": a melee into the map's first hex goes on as any
 * other. On the centre map (0101, hex 0, Clear) Vieufville in 0102 melees
 * Andlau in 0101; Andlau's volley does nothing and the melee is rolled
 * (test_combat.c's melee_from_the_first_hex, the attacker in hex 0, turned
 * round). (pc_combat.c:1152 the marker's `s->umelee[a] < 0` as `< 1`: the
 * melee into hex 0 "stopped by fire".) */
static void melee_into_the_first_hex(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Vieufville", "0102");
    put_leader(t, "De Mailly", "0103");
    put(t, "Andlau", "0101");
    put_leader(t, "Piccolomini", "0201");
    assert_int_equal(HX(t, "0101"), 0);
    start_move(t, "De Croix", "De-Mailly", "Vieufville");
    if (!vbt_legal(t, "melee 0101"))
        fail_msg("M41b: 10.2 melee 0101 (hex 0) not offered");
    vbt_act(t, "melee 0101");
    to_combat(t, "De-Mailly");
    dice_on(t, "0,0"); /* Andlau stands (10.2 a), its volley */
    expect_log(t, "fires at Vieufville: 0-2 = -2: NE");
    if (vbt_logged(t, "stopped by fire") || S(t)->roll != RL_MELEE)
        fail_msg("M41b: 9.2.3 the melee into hex 0 stopped by fire, its attacker in place");
    dice_on(t, "9"); /* the melee */
    expect_log(t, "Vieufville (2) against Andlau");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reply_decided_is_what_play_writes),
        cmocka_unit_test(melee_into_the_first_hex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
