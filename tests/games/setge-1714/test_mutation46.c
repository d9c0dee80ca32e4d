/*
 * test_mutation46.c - setge-1714: the survivors of the forty-sixth
 * session's mutation pass, seed 46 (helper sqt), of sg_legal.c
 * (docs/setge-1714.md, "Mutation pass, forty-sixth session (helper
 * sqt)"): each test fails with the mutant it names planted (messages
 * "M46:", lines of 5954938d) and passes without.
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
#include "sg_test.h"
#include "vbtest.h"

/* Rule 10.1: "When reinforcements are deployed on the map they can
 * infringe stacking limits, but they have to comply to them as fast as he
 * can move (in other words, units must exit of the overstacked zones as
 * soon as they can)": in the Catalan movement with the Pla de Palau
 * overstacked (six combat units, Coronela Trinitat 1, the data's first
 * unit, among them), the orders are the six moves out, each once, and no
 * `end-movement` (DESIGN.md: the legal actions are unique). (sg_legal.c:322
 * the overstacked units looked up while `k <= ncombat`: the slot past the
 * last Catalan combat unit, zeroed, is unit 0, listed a second time.) */
static void overstacked_zone_lists_each_unit_once(void **state)
{
    static const char *const units[] = {"Coronela Trinitat 1", "Nebot",    "Sant Jordi",
                                        "Sant Miquel",         "Ciutat 1", "Ciutat 2"};
    vb_action a[VB_MAX_ACTIONS];
    char zones[512], text[6][64];
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    snprintf(zones, sizeof zones,
             "\"Pla de Palau\": [\"%s\", \"%s\", \"%s\", \"%s\", \"%s\", \"%s\"],"
             " \"Left Two Crowns\": [\"La Marine 1\"]",
             units[0], units[1], units[2], units[3], units[4], units[5]);
    sgt_load_at(t, "catalan", "movement", "secured", zones,
                ", \"overstacked\": [\"Pla de Palau\"]");
    assert_int_equal(U(t, "Coronela Trinitat 1"), 0);
    int n = vb_legal(t->g, S(t), a, NULL, VB_MAX_ACTIONS);
    for (int i = 0; i < n && i < 6; i++)
        vb_action_text(t->g, S(t), a[i], text[i], sizeof text[i]);
    if (n != 6)
        fail_msg("M46: rule 10.1: %d orders with the Pla de Palau overstacked, want the 6 "
                 "moves out (the first: '%s')",
                 n, n > 0 ? text[0] : "");
    for (int i = 0; i < 6; i++) {
        char want[64];
        int seen = 0;
        snprintf(want, sizeof want, "move %s", D(t)->u[U(t, units[i])].tok);
        for (int k = 0; k < 6; k++)
            seen += strcmp(text[k], want) == 0;
        if (seen != 1)
            fail_msg("M46: rule 10.1: '%s' listed %d times", want, seen);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(overstacked_zone_lists_each_unit_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
