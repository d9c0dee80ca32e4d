/* test_svg.c - setge-1714: the board as SVG (the `svg` hook). Every zone
 * and every piece on the map appears with data-ref set to the token that
 * action texts use; a <title>; side and control classes; no script; no
 * point of a shape outside the canvas. Over a few random positions. */
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

static char *draw(vbt *t)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(t->g->def->svg(t->g, vbt_state(t), -1, f), 0);
    long len = ftell(f);
    assert_true(len > 0);
    char *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    rewind(f);
    assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
    buf[len] = 0;
    fclose(f);
    return buf;
}

static void check(vbt *t, const char *svg)
{
    const sg_data *d = t->g->data;
    const sg_state *s = vbt_state(t);
    char want[128];
    assert_null(strstr(svg, "<script"));
    assert_non_null(strstr(svg, "<title>11 de Setembre. Setge 1714"));
    for (int z = 0; z < d->nz; z++) {
        snprintf(want, sizeof want, "data-ref=\"%s\"", d->z[z].tok);
        if (!strstr(svg, want))
            fail_msg("zone %s has no %s", d->z[z].name, want);
        const char *ctl = (s->sum.occ[0] >> z) & 1   ? "ctl-bourbon"
                          : (s->sum.occ[1] >> z) & 1 ? "ctl-catalan"
                                                     : "ctl-none";
        const char *g = strstr(svg, want);
        const char *open = g;
        while (open > svg && *open != '<')
            open--;
        if (!strstr(open, ctl) || strstr(open, ctl) > g)
            fail_msg("zone %s: class %s missing", d->z[z].name, ctl);
    }
    for (int u = 0; u < d->nu; u++) {
        snprintf(want, sizeof want, "data-ref=\"%s\"", d->u[u].tok);
        if ((s->us[u] == US_ON) != (strstr(svg, want) != NULL))
            fail_msg("unit %s: on the map %d, drawn %d", d->u[u].name, s->us[u] == US_ON,
                     strstr(svg, want) != NULL);
    }
    /* every coordinate of a shape on the canvas (1000 x 760) */
    for (const char *p = strstr(svg, "points=\""); p; p = strstr(p + 1, "points=\"")) {
        const char *q = p + 8;
        while (*q && *q != '"') {
            char *e;
            double x = strtod(q, &e);
            if (e == q)
                break;
            double y = strtod(e + 1, &e);
            if (x < 0 || x > 1000 || y < 0 || y > 760)
                fail_msg("point %.1f,%.1f off the canvas", x, y);
            q = e;
            while (*q == ' ')
                q++;
        }
    }
    for (const char *p = strstr(svg, "<rect x=\""); p; p = strstr(p + 1, "<rect x=\"")) {
        double x = strtod(p + 9, NULL);
        const char *yy = strstr(p, "y=\"");
        double y = strtod(yy + 3, NULL);
        if (x < 0 || x + 15 > 1000 || y < 0 || y + 15 > 760)
            fail_msg("counter at %.1f,%.1f off the canvas", x, y);
    }
}

static void board_svg(void **st)
{
    (void)st;
    for (int seed = 1; seed <= 3; seed++) {
        vbt *t = vbt_new("setge-1714", seed == 3 ? "4p" : NULL, (uint64_t)seed);
        vb_rng r;
        vb_rng_seed(&r, (uint64_t)seed);
        for (int step = 0; step < 600 * seed && vb_to_move(t->g, vbt_state(t)) != VB_OVER; step++) {
            vb_action a[VB_MAX_ACTIONS];
            int n = vb_legal(t->g, vbt_state(t), a, NULL, VB_MAX_ACTIONS);
            assert_true(n > 0);
            assert_int_equal(vb_apply(t->g, vbt_state(t), a[vb_rng_below(&r, (uint64_t)n)], &t->cx),
                             0);
        }
        char *svg = draw(t);
        check(t, svg);
        free(svg);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(board_svg),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
