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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reply_decided_is_what_play_writes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
