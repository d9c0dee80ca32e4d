/*
 * test_mutation46.c - setge-1714: the survivors of the forty-sixth
 * session's mutation pass, seed 46 (helper sqt), of sg_legal.c and
 * sg_explain.c (docs/setge-1714.md, "Mutation pass, forty-sixth session
 * (helper sqt)"): each test fails with the mutant it names planted (messages
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

/* Rule 15, "3 players: One player controls the Catalan army, another does
 * the same with the Spanish forces, and the third commands French forces":
 * each seat declares the combats of its own zones (docs/setge-1714.md,
 * Roles: a zone's seat is the one with most combat units there). In the
 * three-player game's Bourbon combat phase, Santa Marta held by two
 * Spanish grenadiers and Molins del Rec by a French one, both next to the
 * Catalans in Pla d'en Llull: the French seat, first, may assault from
 * Molins del Rec and not from Santa Marta; once it ends its combats the
 * Spanish seat may assault from Santa Marta. (sg_legal.c:437 the units
 * counted when NOT on the map: every zone counted empty, so the lead
 * French seat took the Spanish zone's assault.) */
static void spanish_zone_is_the_spanish_seats_combat(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", "3p", 1);
    assert_int_equal(
        sgt_load_in(t, "3p",
                    "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
                    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                    "\"Santa Marta\": [\"Spanish Grenadiers 1\", \"Spanish Grenadiers 2\"],"
                    " \"Molins del Rec\": [\"French Grenadiers 1\"],"
                    " \"Pla d'en Llull\": [\"Ciutat 1\"], \"Pla de Palau\": [\"Nebot\"]}}"),
        0);
    if (vb_to_move(t->g, S(t)) != R_BOURBON)
        fail_msg("M46: rule 15: the French seat does not declare first");
    if (!vbt_legal(t, "assault Molins-del-Rec onto Pla-den-Llull"))
        fail_msg("M46: rule 15: the French seat cannot assault from its own zone");
    if (vbt_legal(t, "assault Santa-Marta onto Pla-den-Llull") ||
        vbt_legal(t, "salvo Santa-Marta onto Pla-den-Llull"))
        fail_msg("M46: rule 15: the French seat declares the Spanish grenadiers' combat");
    vbt_act(t, "end-combat");
    if (vb_to_move(t->g, S(t)) != R_SPANISH)
        fail_msg("M46: rule 15: the Spanish seat does not declare after the French");
    if (!vbt_legal(t, "assault Santa-Marta onto Pla-den-Llull"))
        fail_msg("M46: rule 15: the Spanish seat cannot assault from Santa Marta");
    vbt_free(t);
}

/* Rule 10, staged movement (docs/setge-1714.md: the unit or stack, then
 * its destination): once a unit is picked, another `move UNIT` is refused
 * and the explain hook says what is expected, "a unit is already picked:
 * say 'to ZONE' or 'cancel'". Nebot picked in the Catalan movement, then
 * "move Sant-Jordi". (sg_explain.c:43 `z < 0` as `z > 0`: explained as
 * "the unit has nowhere to go".) */
static void second_pick_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load_at(t, "catalan", "movement", "secured",
                "\"Pla de Palau\": [\"Nebot\", \"Sant Jordi\"],"
                " \"Left Two Crowns\": [\"La Marine 1\"]",
                "");
    vbt_act(t, "move Nebot");
    assert_int_equal(S(t)->phase, PH_DEST);
    sgt_explains(t, "M46", "move Sant-Jordi",
                 "a unit is already picked: say 'to ZONE' or 'cancel' (rule 10)");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(overstacked_zone_lists_each_unit_once),
        cmocka_unit_test(spanish_zone_is_the_spanish_seats_combat),
        cmocka_unit_test(second_pick_explained),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
