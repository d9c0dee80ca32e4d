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

/* Each work but the covered way is labelled at its middle with its name
 * and strength ("Ravelins, bastions and curtain walls have 15 strength
 * points each. Once their strength is 0 they are breached."); the
 * covered-way sections, which have none, no label (their title says
 * "covered way"). (sq_svg.c:101 `kind != WK_COVERED` -> `==`: the covered way
 * labelled, the bastions, curtains and ravelins not.) */
static void svg_works_labelled_with_strength(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    s->wstr[W(t, "Bastion-A")] = 7;
    char *svg = vbt_svg_text(t, -1), want[160];
    int labels = 0;
    for (int w = 0; w < sc->nworks; w++) {
        const sq_work *k = &sc->works[w];
        snprintf(want, sizeof want, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s %d</text>",
                 k->mid.x, k->mid.y, k->name, s->wstr[w]);
        int drawn = strstr(svg, want) != NULL;
        if (drawn != (k->kind != WK_COVERED))
            fail_msg("M43: %s (%s) labelled %d: %s", k->name, sq_wkind_names[k->kind], drawn, want);
        labels += drawn;
    }
    assert_true(labels > 0 && labels < sc->nworks);
    if (!strstr(svg, "text-anchor=\"middle\">Bastion-A 7</text>"))
        fail_msg("M43: Bastion-A not labelled with its strength 7");
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svg_leader_is_a_triangle),
        cmocka_unit_test(svg_works_labelled_with_strength),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
