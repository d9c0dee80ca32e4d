/* test_mutation47.c - setge-1714: tests written against survivors of the
 * seed-47 mutation pass of the forty-seventh session (helper sqt) over
 * sg_svg.c (the board as SVG). Each fails with its mutant planted back
 * (messages "M47:"); lines of 99f42e10 (docs/setge-1714.md, "Mutation
 * pass, forty-seventh session (helper sqt)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

/* The Santa Eulalia flag (13) is drawn on its counter's square: a pole
 * from the square's top down its full 15 px (a counter's height, as the
 * other pieces' squares), the yellow pennant at its top. (sg_svg.c:101 the
 * pole 16 px long: it hangs a pixel below the counter's row.) */
static void svg_flag_pole_a_counter_high(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sgt_load_at(t, "catalan", "movement", "secured",
                "\"Born\": [\"Ciutat 1\", \"Santa Eul\\u00e0lia Flag\"],"
                " \"Left Two Crowns\": [\"La Marine 1\"]",
                "");
    int fl = U(t, "Santa Eul\xc3\xa0lia Flag");
    assert_int_equal(D(t)->u[fl].kind, K_FLAG);
    char *svg = vbt_svg_text(t, -1), ref[120];
    snprintf(ref, sizeof ref, "data-ref=\"%s\"", D(t)->u[fl].tok);
    const char *g = strstr(svg, ref), *end = g ? strstr(g, "</g>") : NULL;
    const char *l = g ? strstr(g, "<line x1=\"") : NULL;
    if (!l || l > end)
        fail_msg("M47: the flag (%s) is not drawn with a pole", ref);
    double x1, y1, x2, y2, px, py;
    assert_int_equal(
        sscanf(l, "<line x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" y2=\"%lf\"", &x1, &y1, &x2, &y2), 4);
    const char *pa = strstr(l, "<path d=\"M");
    assert_true(pa && pa < end);
    assert_int_equal(sscanf(pa, "<path d=\"M%lf %lf", &px, &py), 2);
    if (x1 != x2 || y2 - y1 != 15.0 || px != x1 || py != y1)
        fail_msg("M47: the flag's pole is %.1f,%.1f to %.1f,%.1f (pennant at %.1f,%.1f), not 15 "
                 "px down from the pennant",
                 x1, y1, x2, y2, px, py);
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svg_flag_pole_a_counter_high),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
