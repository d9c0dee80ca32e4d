/* test_mutation43.c - siege-18c: tests written against survivors of the
 * seed-43 mutation passes of the forty-third session (helper squ) over
 * sq_svg.c (the measured board as SVG), sq_eval.c (the AI's evaluation),
 * sq_query.c (fire, sight and the parallels) and sq_fire.c. Each fails
 * with its mutant planted back (messages "M43:"); lines of bae9f47d
 * (docs/siege-18c.md, "Mutation pass, forty-third session (helper squ)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* A CinC or an engineer is drawn as a triangle, point up: its apex 40
 * above the place where it is drawn, its base 30 below, 70 wide. In the
 * opening General-1 is the 17th unit in the camp, first of the second row
 * (test_mutation39.c: svg_units_spread_at_their_place). (sq_svg.c:168
 * `p.y + 30` -> `p.y - 30`: the base's left corner drawn above the
 * place.) */
static void svg_leader_is_a_triangle(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    const sq_scen *sc = sq_sc(t->g, S(t));
    int g1 = U(t, "General-1");
    assert_int_equal(S(t)->u[g1].lkind, LK_CAMP);
    assert_int_equal(sc->units[g1].type, UT_CINC);
    char *svg = vbt_svg_text(t, -1), g[1024], want[160];
    svg_group(svg, "General-1", g, sizeof g);
    int x = sc->camp.x - 8 * 130, y = sc->camp.y + 100;
    snprintf(want, sizeof want, "<polygon class=\"unit besieger\" points=\"%d,%d %d,%d %d,%d\"/>",
             x, y - 40, x + 35, y + 30, x - 35, y + 30);
    if (!strstr(g, want))
        fail_msg("M43: General-1 is not the triangle %s:\n%s", want, g);
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svg_leader_is_a_triangle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
