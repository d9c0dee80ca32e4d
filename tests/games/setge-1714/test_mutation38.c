/* test_mutation38.c - setge-1714: what the thirty-eighth session's
 * mutation pass (seed 38, helper gmo, docs/setge-1714.md) found untested in
 * sg_explain.c (why a typed action is illegal, naming the rule, and the
 * parse and judge hooks of the one-step move): each test fails with its
 * surviving mutant planted (messages "M38:", lines of b4fe022) and passes
 * without. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/setge-1714/sg_int.h"
#include "sg_test.h"

/* A name as an action spells it: spaces as hyphens. */
static void spelt(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s", name);
    for (char *p = out; *p; p++)
        if (*p == ' ')
            *p = '-';
}

/* The parse hook reads the one-step move of records made before movement
 * was staged, "move UNIT ZONE" and "move UNIT ZONE facing ZONE", for every
 * unit and zone, the first of each included. (sg_explain.c:192 `u < 0` as
 * `u <= 0`: unit 0's move was "not a one-step move".) */
static void parse_one_step_move_every_unit(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 7);
    const sg_data *d = D(t);
    char un[64], zn[64], fn[64], text[240];
    for (int u = 0; u < d->nu; u++)
        for (int z = 0; z < d->nz; z += d->nz - 1) {
            spelt(un, sizeof un, d->u[u].name);
            spelt(zn, sizeof zn, d->z[z].name);
            spelt(fn, sizeof fn, d->z[d->nz - 1 - z].name);
            vb_action a = VB_NONE;
            vb_ctx cx;
            vb_ctx_init(&cx);
            snprintf(text, sizeof text, "move %s %s", un, zn);
            if (sg_parse(t->g, S(t), text, &a, &cx) || a != SG_ACT(A_MOVE, u, z, SG_NO))
                fail_msg("M38: '%s' not read as unit %d's move to zone %d: %s", text, u, z, cx.err);
            snprintf(text, sizeof text, "move %s %s facing %s", un, zn, fn);
            if (sg_parse(t->g, S(t), text, &a, &cx) || a != SG_ACT(A_MOVE, u, z, d->nz - 1 - z))
                fail_msg("M38: '%s' not read as unit %d's move to zone %d: %s", text, u, z, cx.err);
        }
    vbt_free(t);
}

/* The movement position of test_rules.c's rule 10 example (turn 2, the
 * Bourbon movement), a Catalan battalion in Right Two Crowns (zone 0)
 * instead of the Spanish Battalion 3. */
static vbt *movement_position(void)
{
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Fossat del Portal Nou\": [\"Spanish Battalion 1\", \"Spanish Battalion 2\"],"
                " \"Right Two Crowns\": [\"Ciutat 2\"],"
                " \"Baluard del Portal Nou\": [\"Spanish Battalion 4\"],"
                " \"Carrer del Portal Nou\": [\"Bateria del Portal Nou\"],"
                " \"Sant Agusti Esglesia\": [\"Ciutat 1\"],"
                " \"Glacis de Sant Pere\": [\"Spanish Battalion 5\"],"
                " \"Pla de Palau\": [\"Nebot\"]}}");
    return t;
}

/* Rule 10, the second stage of a move ("to ZONE"): a zone the picked unit
 * cannot reach is refused with the reason, for zone 0 (Right Two Crowns)
 * as for any other; "to" with no zone or an unknown one asks for a zone.
 * The one-step form "move UNIT ZONE" is explained the same way.
 * (sg_explain.c:139 `z < 0` as `z <= 0`: zone 0 was "say 'to ZONE'";
 * :80 `z < 0` as `z < 1`: zone 0 of the one-step form an "unknown
 * zone"; :80 `n > 2` as `n > 1`: "move UNIT" with no zone an "unknown
 * zone" too, not the reason the unit cannot be picked.) */
static void to_zone_zero_explained(void **state)
{
    (void)state;
    vbt *t = movement_position();
    assert_int_equal(sg_find_zone(D(t), "Right Two Crowns"), 0);
    sgt_explains(t, "M38", "move Ciutat-1", "only the active side moves (rule 5)");
    sgt_explains(t, "M38", "move Spanish-Battalion-5 Right-Two-Crowns",
                 "the zone holds enemy units: enter it only by assault (rule 6.1)");
    vbt_act(t, "move Spanish-Battalion-5");
    assert_int_equal(S(t)->phase, PH_DEST);
    sgt_explains(t, "M38", "to Right-Two-Crowns",
                 "the zone holds enemy units: enter it only by assault (rule 6.1)");
    sgt_explains(t, "M38", "to Nowhere", "say 'to ZONE' (rule 10)");
    sgt_explains(t, "M38", "to", "say 'to ZONE' (rule 10)");
    vbt_free(t);
}

/* Rule 6.1 from the Catalan side: a zone where the Two Crowns have only a
 * gun holds no enemy combat unit, so a Catalan battalion's move there out
 * of its reach is refused as out of reach (rule 10), not as a zone to
 * assault. (sg_explain.c:57 the enemy side `1 - s->half` as `1 + s->half`:
 * for the Catalans, side 2, read past the combat units' masks into the
 * Two Crowns' pieces of any kind.) */
static void catalan_move_past_a_lone_gun(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Sant Agusti Esglesia\": [\"Ciutat 1\"],"
                " \"Glacis de Sant Pere\": [\"Spanish Battalion 3\"],"
                " \"Right Two Crowns\": [\"Bourbon Battery 3\"]}}");
    assert_int_equal(S(t)->half, SG_CATALAN);
    sgt_explains(t, "M38", "move Ciutat-1 Right-Two-Crowns",
                 "the zone is out of reach: up to 3 zones");
    sgt_explains(t, "M38", "move Ciutat-1 Glacis-de-Sant-Pere",
                 "the zone holds enemy units: enter it only by assault (rule 6.1)");
    vbt_free(t);
}

/* Rule 12: "They can move 3 ochre or green zones": a barricade sent to a
 * blue zone (the Convent de Jonqueres) is refused by that rule, and one
 * sent to an ochre zone beyond its reach (Born) by the reach, not the
 * colour. (sg_explain.c:61 `colour >= COL_GREY` as `<= COL_GREY`: the
 * blue zone passed and the ochre one was named by the colour.) */
static void barricade_move_explained_by_colour(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"facing\": {\"Barricada de Sant Pere\":"
                " \"Carrer del Portal Nou\"}, \"zones\": {"
                " \"Placa de Sant Pere\": [\"Barricada de Sant Pere\", \"Ciutat 1\"],"
                " \"Left Two Crowns\": [\"La Marine 1\"]}}");
    const sg_data *d = D(t);
    assert_int_equal(d->z[Z(t, "Convent de Jonqueres")].colour, COL_BLUE);
    assert_int_equal(d->z[Z(t, "Born")].colour, COL_OCHRE);
    sgt_explains(t, "M38", "move Barricada-de-Sant-Pere Convent-de-Jonqueres",
                 "barricades move only through ochre or green zones (rule 12)");
    sgt_explains(t, "M38", "move Barricada-de-Sant-Pere Born",
                 "the zone is out of reach: up to 3 zones");
    vbt_free(t);
}

/* Rule 9: guns fire at enemy combat units on the map: in the artillery
 * example's position (turn 2, the Bourbon artillery) Bourbon Battery 1
 * aiming at the Catalan gun of the Llevant bastion (no combat unit), or at
 * Ciutat 1 (eliminated), is refused by that rule, not by the range.
 * (sg_explain.c:166, planted by hand: the seed-38 mutant `... != US_ON ||
 * kind != K_COMBAT` as `&&` does not compile (-Wparentheses); with the
 * parentheses of its meaning, `(us[t] != US_ON && kind != K_COMBAT)`, both
 * were put down to the range.) */
static void fire_at_a_gun_or_an_eliminated_unit(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"artillery\","
                " \"royal_breach\": \"secured\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Baluard de Llevant\": [\"Diputacio 1\", \"Canons de Llevant\"],"
                " \"Left Two Crowns\": [\"Bourbon Battery 1\"],"
                " \"Fossat de Llevant\": [\"French Grenadiers 1\"]}}");
    sgt_explains(t, "M38", "fire Bourbon-Battery-1 Canons-de-Llevant",
                 "guns fire only at enemy combat units on the map (rule 9)");
    sgt_explains(t, "M38", "fire Bourbon-Battery-1 Ciutat-1",
                 "guns fire only at enemy combat units on the map (rule 9)");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_one_step_move_every_unit),
        cmocka_unit_test(to_zone_zero_explained),
        cmocka_unit_test(catalan_move_past_a_lone_gun),
        cmocka_unit_test(barricade_move_explained_by_colour),
        cmocka_unit_test(fire_at_a_gun_or_an_eliminated_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
