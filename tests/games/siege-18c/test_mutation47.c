/* test_mutation47.c - siege-18c: tests written against survivors of the
 * seed-47 mutation pass of the forty-seventh session (helper sqt) over
 * sq_svg.c (the measured board as SVG). Each fails with its mutant
 * planted back (messages "M47:"); lines of 99f42e10 (docs/siege-18c.md,
 * "Mutation pass, forty-seventh session (helper sqt)"). */
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

/* The ditch is the ground between the counterscarp and the foot of the
 * rampart: its polygon runs along the counterscarp and closes on the line
 * y = 400 (4 in from the town's edge), the line the rampart's own polygon
 * starts and ends on, so the two meet with no strip between them.
 * (sq_svg.c:67 the ditch's last corner at y 401: a hundredth of an inch
 * of ground shown between ditch and rampart.) */
static void svg_ditch_closes_on_the_rampart(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    const sq_scen *sc = sq_sc(t->g, S(t));
    char *svg = vbt_svg_text(t, -1), want[160];
    const char *ditch = strstr(svg, "<polygon class=\"ditch\"");
    const char *end = ditch ? strstr(ditch, "</polygon>") : NULL;
    assert_non_null(end);
    snprintf(want, sizeof want, " %d,400 %d,400\"><title>ditch</title>",
             sc->counter[sc->ncounter - 1].x, sc->counter[0].x);
    const char *at = strstr(ditch, want);
    if (!at || at > end)
        fail_msg("M47: the ditch does not close on the rampart's line, want '%s':\n%.*s", want,
                 (int)(end - ditch), ditch);
    if (!strstr(svg, ",400\"><title>rampart</title>"))
        fail_msg("M47: the rampart does not end on the line y 400");
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svg_ditch_closes_on_the_rampart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
