/* test_mutation53b.c - setge-1714: tests written against survivors of the
 * seed-53 mutation pass of the fifty-third session, second round (helper
 * sgt), over sg_explain.c (the explanations of refused orders) and
 * sg_svg.c (the board as SVG). Each fails with its mutant planted back
 * (messages "M53:"); lines of dff31518 (docs/setge-1714.md, "Mutation
 * pass, fifty-third session, second round (helper sgt)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "registry.h"
#include "sg_test.h"

#define GAME "setge-1714"

/* Catalan movement, Ciutat 1 alone in the Pla de Palau, La Marine 1 in
 * the Left Two Crowns. */
#define PALAU_MOVEMENT                                                                             \
    "{\"turn\": 12, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"                 \
    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","                                \
    " \"zones\": {\"Pla de Palau\": [\"Ciutat 1\"], \"Left Two Crowns\": [\"La Marine 1\"]}}"

/* A move naming a known unit and an unknown zone is refused as "unknown
 * zone", whichever the unit: the first unit of forces.json (Coronela
 * Trinitat 1, unit 0) too, on the map or not. (sg_explain.c:81 `u < 0`
 * as `u <= 0`: the first unit was called unknown.) */
static void move_of_the_first_unit_to_an_unknown_zone(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    assert_int_equal(U(t, "Coronela Trinitat 1"), 0);
    sgt_load(t, PALAU_MOVEMENT);
    sgt_explains(t, "M53", "move Coronela-Trinitat-1 Atlantis", "unknown zone");
    sgt_explains(t, "M53", "move Ciutat-1 Atlantis", "unknown zone");
    vbt_free(t);
}

/* Rule 5: a combat declared outside the combat phase is refused for the
 * phase, also when its target is the first zone of map.json (the Right
 * Two Crowns, zone 0). (sg_explain.c:92 `b < 0` as `b <= 0`: zone 0 was
 * called an unknown zone.) */
static void combat_onto_the_first_zone_out_of_phase(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    assert_int_equal(Z(t, "Right Two Crowns"), 0);
    sgt_load(t, PALAU_MOVEMENT);
    sgt_explains(t, "M53", "assault Glacis-de-Sant-Pere onto Right-Two-Crowns",
                 "combats are declared only in the combat phase (rule 5)");
    sgt_explains(t, "M53", "salvo Right-Two-Crowns onto Glacis-de-Sant-Pere",
                 "combats are declared only in the combat phase (rule 5)");
    vbt_free(t);
}

/* The board as SVG: a gun is a 15 px square with a dot low on its left
 * (x + 5, y + 10) and a barrel from the dot up to the right, ending inside
 * the square at (x + 13, y + 4); every gun on the map at the start, of
 * either side. (sg_svg.c:109 the barrel's end `x + 13` as `x - 13`: the
 * barrel pointed left, out of the counter.) */
static void svg_gun_barrel_inside_its_counter(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = D(t);
    char *svg = vbt_svg_text(t, -1), ref[120];
    int guns = 0;
    for (int u = 0; u < d->nu; u++) {
        if (d->u[u].kind != K_GUN || S(t)->us[u] != US_ON)
            continue;
        snprintf(ref, sizeof ref, "data-ref=\"%s\"", d->u[u].tok);
        const char *g = strstr(svg, ref), *end = g ? strstr(g, "</g>") : NULL;
        const char *r = g ? strstr(g, "<rect x=\"") : NULL,
                   *c = g ? strstr(g, "<circle cx=\"") : NULL;
        const char *l = g ? strstr(g, "<line x1=\"") : NULL;
        if (!r || !c || !l || l > end)
            fail_msg("M53: the gun %s is not drawn as a square, a dot and a barrel", ref);
        double x, y, cx, cy, x1, y1, x2, y2;
        assert_int_equal(sscanf(r, "<rect x=\"%lf\" y=\"%lf\"", &x, &y), 2);
        assert_int_equal(sscanf(c, "<circle cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
        assert_int_equal(
            sscanf(l, "<line x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" y2=\"%lf\"", &x1, &y1, &x2, &y2), 4);
        if (cx != x + 5 || cy != y + 10 || x1 != cx || y1 != cy || x2 != x + 13 || y2 != y + 4)
            fail_msg("M53: the gun %s at %.1f,%.1f: dot %.1f,%.1f, barrel %.1f,%.1f to %.1f,%.1f "
                     "(not from x+5,y+10 to x+13,y+4)",
                     ref, x, y, cx, cy, x1, y1, x2, y2);
        guns++;
    }
    assert_true(guns >= 2);
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_of_the_first_unit_to_an_unknown_zone),
        cmocka_unit_test(combat_onto_the_first_zone_out_of_phase),
        cmocka_unit_test(svg_gun_barrel_inside_its_counter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
