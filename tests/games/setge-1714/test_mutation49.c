/* test_mutation49.c - setge-1714: tests written against survivors of the
 * seed-49 mutation passes of the forty-ninth session (helper sgi) over
 * sg_eval.c (the evaluation the AI plays by), sg_io.c (the state
 * files read, their refusals) and sg_json.c (state files written and
 * read). Each fails with its mutant
 * planted back (messages "M49:"); lines of 8de029fd (docs/setge-1714.md,
 * "Mutation pass, forty-ninth session (helper sgi)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

/* Three French battalions (strength 4) in Left Two Crowns next to Santa
 * Eulalia's redoubt (grey, value 2, 3 across the blue line on that side),
 * which holds DEFENDERS (the inside of a JSON array); every other unit
 * eliminated. The Two Crowns' threat on the redoubt is 4 VP (2 taken from
 * the Catalans, who lose 2) times the chance of the assault
 * 4 + 2 = 6 against the defenders' value + 3 (test_eval.c's test_threat);
 * DROP battalions eliminated (the third, then the second), one less each. */
static double redoubt_threat(const char *defenders, int drop)
{
    vbt *t = vbt_new("setge-1714", "2p", 1);
    char pos[768];
    int n = snprintf(pos, sizeof pos,
                     "{\"turn\": 3, \"half\": \"bourbon\", \"phase\": \"combat\","
                     " \"royal_breach\": \"secured\", \"deck\": [],"
                     " \"unlisted\": \"eliminated\", \"zones\": {"
                     " \"Left Two Crowns\": [\"French Battalion 1\","
                     " \"French Battalion 2\", \"French Battalion 3\"],"
                     " \"Reducte de Santa Eulalia\": [%s]}}",
                     defenders);
    assert_true(n > 0 && (size_t)n < sizeof pos);
    sgt_load(t, pos);
    for (int k = 0; k < drop; k++) {
        char name[32];
        snprintf(name, sizeof name, "French Battalion %d", 3 - k);
        sg_place(D(t), S(t), U(t, name), US_ELIM, SG_NO);
    }
    double p = sg_threat(D(t), S(t), SG_BOURBON);
    vbt_free(t);
    return p;
}

/* Rule 11.3: no die lets an attacker 5 or more below the defender win.
 * Attacker 6 against Ciutat 1 (5), Ciutat 2 and Coronela Santa Madrona 2,
 * 5 + 2 + 3 = 10 (4 below: 1 chance in 36, a 6 against a 1); with Basset
 * (a commander) 11, with Nebot too 12: no chance; with one battalion fewer
 * 5 against 12 (7 below), two fewer 4 against 12 (8 below): no chance,
 * the threat 0. (sg_eval.c:45 `k > 13`: 7 below read the table one past
 * its end.) */
static void threat_nothing_when_far_below(void **state)
{
    (void)state;
    static const struct {
        const char *defenders;
        int drop; /* French battalions eliminated */
        double want;
        const char *what;
    } rows[] = {
        {"\"Ciutat 1\", \"Ciutat 2\", \"Coronela Santa Madrona 2\"", 0, 4 * 1.0 / 36,
         "6 against 10"},
        {"\"Ciutat 1\", \"Ciutat 2\", \"Coronela Santa Madrona 2\", \"Basset\"", 0, 0,
         "6 against 11"},
        {"\"Ciutat 1\", \"Ciutat 2\", \"Coronela Santa Madrona 2\", \"Nebot\", \"Basset\"", 0, 0,
         "6 against 12"},
        {"\"Ciutat 1\", \"Ciutat 2\", \"Coronela Santa Madrona 2\", \"Nebot\", \"Basset\"", 1, 0,
         "5 against 12"},
        {"\"Ciutat 1\", \"Ciutat 2\", \"Coronela Santa Madrona 2\", \"Nebot\", \"Basset\"", 2, 0,
         "4 against 12"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        double p = redoubt_threat(rows[i].defenders, rows[i].drop);
        if (p != rows[i].want)
            fail_msg("M49: 11.3 threat %s is %.6f, expected %.6f", rows[i].what, p, rows[i].want);
    }
}

/* Rule 11.3 ("If he is forced to retreat towards a friendly zone where the
 * stacking limit is infringed he must eliminate enough units in order not
 * to exceed the maximum of 5 units per zone") and 6.1: Ciutat 1
 * forced into the Born beside five Catalan units (six there) loads, and the
 * Catalans must then eliminate one of the six; beside six (seven there:
 * one retreat makes one unit too many, never two) it is refused by the
 * stacking limit. (sg_io.c:492 `s->ovz <= d->nz`: every forced retreat
 * recorded refused; sg_io.c:623 `m.n[z] != SG_STACK + 1`: six refused,
 * seven let through.) */
static void forced_retreat_into_a_full_zone_loads(void **state)
{
    (void)state;
    static const char five[] = SGT_BORN_FIVE;
    char pos[1024], more[256];
    sgt_forced_into_born(pos, sizeof pos, five);
    sgt_expect_load("M49", "a forced retreat into a full zone", "2p", pos, NULL);
    vbt *t = vbt_new("setge-1714", "2p", 1);
    assert_int_equal(sgt_load_in(t, "2p", pos), 0);
    assert_int_equal(S(t)->ovz, Z(t, "Born"));
    assert_int_equal(sg_to_move(t->g, S(t)), R_CATALAN);
    vbt_free(t);
    snprintf(more, sizeof more, "%s, \"Sant Narcis 2\"", five);
    sgt_forced_into_born(pos, sizeof pos, more);
    sgt_expect_load("M49", "a forced retreat making seven", "2p", pos,
                    "zone 'Born': 7 combat units, stacking limit is 5 (rule 6.1)");
}

/* Rule 10 (a stack picked, then its destination): a state file saved after
 * the Two Crowns picked the stack of Santa Marta names it in
 * "moving_stack" and loads back at the same step; one saved in the
 * movement phase, nothing picked, has no "moving_stack". (sg_json.c:103
 * `s->mstack == SG_NO`: the key written only when no stack is picked, so
 * the saved destination step was refused on loading.) */
static void picked_stack_saved_and_read_back(void **state)
{
    (void)state;
    static const char zones[] =
        "\"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
        " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\"]";
    vbt *t = vbt_new("setge-1714", "2p", 1);
    sgt_load_at(t, "bourbon", "destination", "secured", zones,
                ", \"moving_stack\": \"Santa Marta\"");
    json_t *j = vbt_state_json(t);
    const char *z = json_string_value(json_object_get(j, "moving_stack"));
    if (!z || strcmp(z, "Santa Marta"))
        fail_msg("M49: 10 the stack picked saved as %s, not Santa Marta", z ? z : "nothing");
    if (vbt_load_json(t, j))
        fail_msg("M49: 10 the saved destination step refused: %s", t->cx.err);
    assert_int_equal(S(t)->mstack, Z(t, "Santa Marta"));
    assert_int_equal(S(t)->phase, PH_DEST);
    sgt_load_at(t, "bourbon", "movement", "secured", zones, "");
    j = vbt_state_json(t);
    if (json_object_get(j, "moving_stack"))
        fail_msg("M49: 10 \"moving_stack\" written with no stack picked");
    json_decref(j);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threat_nothing_when_far_below),
        cmocka_unit_test(forced_retreat_into_a_full_zone_loads),
        cmocka_unit_test(picked_stack_saved_and_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
