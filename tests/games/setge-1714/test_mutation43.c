/* test_mutation43.c - setge-1714: tests written against survivors of the
 * seed-43 mutation passes of the forty-third session (helper squ) over
 * sg_eval.c (the evaluation the AI plays by), sg_explain.c (why an order
 * is refused), sg_svg.c (the board as SVG) and sg_rules.c. Each fails
 * with its mutant planted back (messages "M43:"); lines of bae9f47d
 * (docs/setge-1714.md, "Mutation pass, forty-third session (helper
 * squ)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

/* What a position sets up for the Catalans (sg_threat, docs/ai.md,
 * "fourth session"), as for the Two Crowns in test_eval.c's test_threat:
 * French Battalion 1 (strength 4) holds the Baluard de Jonqueres (grey,
 * value 2; 2 VP, rule 13), Coronela Trinitat 1 and 2 (strength 3) the
 * Baluard de Sant Pere beside it. The Catalans' lead 3 + 1 = 4 against
 * 4 + 2 = 6: their die must beat the other by more than 2, 6 chances in
 * 36; retaking the bastion gains 2 VP and costs the Two Crowns 2: 4 x
 * 6/36. Besides, the two empty objectives next to the Catalans count 1.5
 * times their VP: the Baluard del Portal Nou (2) and Sant Pere de les
 * Puel-les (a convent, 4): 9. The Two Crowns: 4 against 3 + 1 + 2 = 6, the
 * same 6 in 36 for 2 + 2 VP, and the empty Convent de Jonqueres, 1.5 x 4.
 * (sg_eval.c:73 the enemy of side 1 read as side 2, `1 + side`: the
 * Catalans' threat against a held objective read another side's pieces.) */
static void catalans_threaten_a_held_bastion(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", "2p", 1);
    sgt_load(t, "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"combat\","
                " \"royal_breach\": \"secured\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Baluard de Jonqueres\": [\"French Battalion 1\"],"
                " \"Baluard de Sant Pere\": [\"Coronela Trinitat 1\", \"Coronela Trinitat 2\"]}}");
    const sg_data *d = D(t);
    const sg_state *s = S(t);
    double c = sg_threat(d, s, SG_CATALAN), b = sg_threat(d, s, SG_BOURBON);
    if (c < 9 + 4 * 6.0 / 36 - 1e-9 || c > 9 + 4 * 6.0 / 36 + 1e-9)
        fail_msg("M43: the Catalans' threat is %.6f, not 9 + 4 x 6/36", c);
    if (b < 6 + 4 * 6.0 / 36 - 1e-9 || b > 6 + 4 * 6.0 / 36 + 1e-9)
        fail_msg("M43: the Two Crowns' threat is %.6f, not 6 + 4 x 6/36", b);
    vbt_free(t);
}

/* Rule 9: "Catalan cannons only can fire at adjacent zones ..., while the
 * Bourbon player can fire at a distance of two zones": a
 * gun on the map aiming at an enemy combat unit on the map beyond its
 * reach is refused for the range. Bourbon Battery 1 in Left Two Crowns
 * (the artillery position of test_mutation38.c), Ciutat 1 in Pla de
 * Palau. (sg_explain.c:166 the gun's `us != US_ON` as `==`: a gun on the
 * map was refused as aiming at no enemy combat unit.) */
static void fire_out_of_range_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"artillery\","
                " \"royal_breach\": \"secured\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Pla de Palau\": [\"Ciutat 1\"],"
                " \"Baluard de Llevant\": [\"Diputacio 1\"],"
                " \"Left Two Crowns\": [\"Bourbon Battery 1\"],"
                " \"Fossat de Llevant\": [\"French Grenadiers 1\"]}}");
    assert_true(D(t)->dist[Z(t, "Left Two Crowns")][Z(t, "Pla de Palau")] > 2);
    sgt_explains(
        t, "M43", "fire Bourbon-Battery-1 Ciutat-1",
        "out of range: Catalan guns reach adjacent zones, Bourbon guns two zones (rule 9)");
    vbt_free(t);
}

/* Rule 5 and rule 10 for "move-stack ZONE": in the movement phase a zone
 * where no two pieces of the seat can move together is refused for that
 * (rules 6.3, 10); in another phase for the phase (rule 5). Ciutat 1 alone
 * in Sant Agusti Esglesia. (sg_explain.c:149 `phase != PH_MOVE` as `==`:
 * the two reasons swapped.) */
static void move_stack_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Sant Agusti Esglesia\": [\"Ciutat 1\"],"
                " \"Left Two Crowns\": [\"La Marine 1\"]}}");
    sgt_explains(t, "M43", "move-stack Sant-Agusti-Esglesia",
                 "no two pieces of this seat there can move to one zone together (rules 6.3, 10)");
    sgt_load(t, "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"combat\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Sant Agusti Esglesia\": [\"Ciutat 1\"],"
                " \"Baluard de Sant Pere\": [\"Coronela Trinitat 1\"],"
                " \"Baluard de Jonqueres\": [\"La Marine 1\"]}}");
    sgt_explains(t, "M43", "move-stack Sant-Agusti-Esglesia",
                 "units move only in the movement phase (rule 5)");
    vbt_free(t);
}

/* Rule 11.3: an assault is declared against "the adjacent zones that
 * contain enemy combat units": onto a zone holding only the attacker's own
 * combat units, or only its own commander, it is refused for that, for
 * either side. (sg_explain.c:107 the enemy `1 - s->half` as `2 - s->half`:
 * the Catalans read their own combat units as the enemy's, the Two Crowns
 * their own pieces of any kind.) */
static void assault_onto_no_enemy_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"combat\","
                " \"royal_breach\": \"secured\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Baluard de Sant Pere\": [\"Coronela Trinitat 1\"],"
                " \"Baluard de Jonqueres\": [\"Coronela Trinitat 2\"],"
                " \"Baluard del Portal Nou\": [\"La Marine 1\"]}}");
    sgt_explains(t, "M43", "assault Baluard-de-Sant-Pere onto Baluard-de-Jonqueres",
                 "the target zone holds no enemy combat units (rule 11.3)");
    sgt_load(t, "{\"turn\": 3, \"half\": \"bourbon\", \"phase\": \"combat\","
                " \"royal_breach\": \"secured\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Baluard de Sant Pere\": [\"French Battalion 1\"],"
                " \"Baluard de Jonqueres\": [\"Coronela Trinitat 2\"],"
                " \"Baluard del Portal Nou\": [\"La Vere\"]}}");
    sgt_explains(t, "M43", "assault Baluard-de-Sant-Pere onto Baluard-del-Portal-Nou",
                 "the target zone holds no enemy combat units (rule 11.3)");
    vbt_free(t);
}

/* Rule 10: a unit that cannot be picked in the movement phase because it
 * has nowhere to go is refused for that, not as a unit already picked.
 * Ciutat 1 in the Baluard de Jonqueres, every zone it could enter held by
 * the Two Crowns (the glacis beyond the wall, rule 2.2.1). (sg_explain.c:43
 * `phase == PH_DEST` as `!=`: the movement phase's refusal named the
 * second stage.) */
static void pick_with_nowhere_to_go_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"movement\","
                " \"royal_breach\": \"secured\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Baluard de Jonqueres\": [\"Ciutat 1\"],"
                " \"Baluard de Sant Pere\": [\"French Battalion 1\"],"
                " \"Convent de Jonqueres\": [\"French Battalion 2\"],"
                " \"Placa de Jonqueres\": [\"French Battalion 3\"],"
                " \"Pla de Palau\": [\"Ciutat 2\"]}}");
    sgt_explains(t, "M43", "move Ciutat-1", "the unit has nowhere to go");
    vbt_free(t);
}

/* The board as SVG: the canvas is the map's 1000 x 760 (board.json's
 * width and height), and the legend's key gives each colour of rule 11.1
 * its defence value, one row every 15 px from y 102: "open ground (0)",
 * "outside the wall (0)", "houses, bastions (2)", "convents (3)".
 * (sg_svg.c:143 the height 761; :320 the key's squares 16 px apart.) */
static void svg_canvas_and_key(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    char *svg = vbt_svg_text(t, -1), want[200];
    if (!strstr(svg, "width=\"1000\" height=\"760\" viewBox=\"0 0 1000 760\""))
        fail_msg("M43: the canvas is not 1000 x 760");
    static const char *const key[] = {"open ground (0)", "outside the wall (0)",
                                      "houses, bastions (2)", "convents (3)"};
    for (int k = 0; k < 4; k++) {
        snprintf(want, sizeof want, "<rect x=\"18\" y=\"%d\" width=\"14\" height=\"10\" fill=\"",
                 102 + 15 * k);
        const char *r = strstr(svg, want);
        snprintf(want, sizeof want, "<text x=\"38\" y=\"%d\" font-size=\"9.5\">%s</text>",
                 111 + 15 * k, key[k]);
        if (!r || strncmp(strstr(r, "<text "), want, strlen(want)))
            fail_msg("M43: the key's row %d is not a square at y %d beside %s", k, 102 + 15 * k,
                     want);
    }
    free(svg);
    vbt_free(t);
}

/* A zone's counters are drawn as a block centred on its label's point
 * (board.json), one row of 17 px for up to four: a unit alone in the Born
 * (label at 485.6, 454.5) is the 15 px square at 478.1, 451.0 (the row's
 * top 3.5 above the point: 8.5 up for half a row, 5 down), the zone's
 * name 4 px above it. (sg_svg.c:277 the rows counted as `(n + cols) /
 * cols`: a lone counter drawn half a row higher.) */
static void svg_lone_counter_at_the_label(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load(t, "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"movement\","
                " \"royal_breach\": \"secured\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Born\": [\"Ciutat 1\"],"
                " \"Left Two Crowns\": [\"La Marine 1\"]}}");
    char *svg = vbt_svg_text(t, -1);
    const char *g = strstr(svg, "data-ref=\"Ciutat-1\" data-zone=\"Born\"");
    const char *want = "<rect x=\"478.1\" y=\"451.0\" width=\"15\" height=\"15\"";
    if (!g || !strstr(g, want) || strstr(g, "</g>") < strstr(g, want))
        fail_msg("M43: Ciutat 1 in the Born is not %s", want);
    if (!strstr(svg, "<text class=\"zone-name\" x=\"485.6\" y=\"447.0\""))
        fail_msg("M43: the Born's name is not at 485.6, 447.0");
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalans_threaten_a_held_bastion),
        cmocka_unit_test(fire_out_of_range_explained),
        cmocka_unit_test(move_stack_explained),
        cmocka_unit_test(assault_onto_no_enemy_explained),
        cmocka_unit_test(pick_with_nowhere_to_go_explained),
        cmocka_unit_test(svg_canvas_and_key),
        cmocka_unit_test(svg_lone_counter_at_the_label),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
