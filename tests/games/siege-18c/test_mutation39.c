/* test_mutation39.c - siege-18c: tests written against survivors of the
 * seed-39 mutation pass of the thirty-ninth session (helper sqc) over
 * sq_svg.c (the measured board as SVG: no test drew it before) and
 * sq_eval.c (the AI's evaluation). Each fails with its mutant planted
 * back (messages "M39:"); lines of 0d3bdd3 (docs/siege-18c.md, "Mutation
 * pass, thirty-ninth session (helper sqc)"). */
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

/* The board of t's position as SVG, whole, in a string (freed by the
 * caller). */
static char *draw(vbt *t)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(t->g->def->svg(t->g, S(t), -1, f), 0);
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

/* The canvas: 1 user unit = 1/100 in, shown at a fifth (viewBox the
 * table's width and depth, width and height a fifth of each); the day's
 * line and the scale's ticks along the foot of the table. (sq_svg.c:36
 * `/ 5` -> `/ 6` in the width, in the height; :177 the day's line at
 * depth + 40, off the canvas; :182 a tick from depth - 121.) */
static void svg_canvas_and_scale(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    const sq_scen *sc = sq_sc(t->g, S(t));
    char *svg = draw(t), want[160];
    assert_true(sc->width > 0 && sc->depth > 0);
    snprintf(want, sizeof want, "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\">", sc->width,
             sc->depth, sc->width / 5, sc->depth / 5);
    if (!strstr(svg, want))
        fail_msg("M39: no <svg %s", want);
    snprintf(want, sizeof want, "<text x=\"40\" y=\"%d\">Day 1 of 21.", sc->depth - 40);
    if (!strstr(svg, want))
        fail_msg("M39: the day's line is not %s", want);
    int ticks = 0;
    for (int x = 0; x <= sc->width; x += 600) {
        snprintf(want, sizeof want, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"",
                 x, sc->depth - 120, x, sc->depth - 90);
        if (!strstr(svg, want))
            fail_msg("M39: no scale tick %s", want);
        ticks++;
    }
    assert_true(ticks >= 2);
    assert_int_equal(svg_count(svg, "stroke=\"#000\" stroke-width=\"4\"/>"), ticks);
    free(svg);
    vbt_free(t);
}

/* The rampart: the ground behind the bastions, from the first bastion's
 * shoulder down to y 400, through the first five points of each bastion
 * (shoulder, flank, salient, flank, shoulder: its gorge points are not
 * the rampart's), back up at the last bastion's shoulder. (sq_svg.c:78
 * `i < 5` -> `<=`: each bastion's sixth point, behind the curtain, in the
 * outline.) */
static void svg_rampart_outline(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    const sq_scen *sc = sq_sc(t->g, S(t));
    char want[2048];
    size_t n = 0;
    int nb = 0, last = 0;
    for (int w = 0; w < sc->nworks; w++) {
        const sq_work *k = &sc->works[w];
        if (k->kind != WK_BASTION)
            continue;
        assert_true(k->npts > 5);
        if (!nb)
            n += (size_t)snprintf(want + n, sizeof want - n, "points=\"%d,400", k->pts[0].x);
        for (int i = 0; i < 5; i++)
            n += (size_t)snprintf(want + n, sizeof want - n, " %d,%d", k->pts[i].x, k->pts[i].y);
        last = k->pts[4].x;
        nb++;
    }
    snprintf(want + n, sizeof want - n, " %d,400\"><title>rampart</title>", last);
    assert_int_equal(nb, 2);
    char *svg = draw(t);
    if (!strstr(svg, want))
        fail_msg("M39: the rampart is not %s", want);
    free(svg);
    vbt_free(t);
}

/* Where a unit is drawn: several at one place are spread sideways, 130
 * apart, in the order of the units; in the camp and the town sixteen to a
 * row, from 8 places left of the place's point and 100 above it, each row
 * 200 lower; at a work 100 below its point (under the work's own name).
 * The name is above the unit's shape for the 1st, 3rd... at a place, below
 * it for the 2nd, 4th... Attached units are not drawn (their leader's
 * title names them). Checked for every unit by its name's label. */
static void check_places(vbt *t, const char *svg)
{
    const sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    char g[1024], want[128];
    for (int u = 0; u < sc->nunits; u++) {
        const sq_unit *x = &s->u[u];
        svg_group(svg, sc->units[u].name, g, sizeof g);
        if (x->lkind == LK_OFF || x->att >= 0) {
            if (g[0])
                fail_msg("M39: %s (attached to %d, place %d) drawn on its own", sc->units[u].name,
                         x->att, x->lkind);
            continue;
        }
        int k = 0;
        for (int v = 0; v < u; v++)
            k += s->u[v].lkind == x->lkind && s->u[v].loc == x->loc && s->u[v].att < 0;
        int px = x->x, py = x->y;
        if (x->lkind == LK_CAMP || x->lkind == LK_TOWN)
            px += (k % 16 - 8) * 130, py += (k / 16) * 200 - 100;
        else
            px += k * 130;
        if (x->lkind == LK_WORK)
            py += 100;
        snprintf(want, sizeof want,
                 "<text x=\"%d\" y=\"%d\" class=\"lbl\" text-anchor=\"middle\">%s</text></g>", px,
                 k % 2 ? py + 85 : py - 45, sc->units[u].name);
        if (!g[0] || !strstr(g, want))
            fail_msg("M39: %s (%d at its place) is not labelled %s:\n%s", sc->units[u].name, k,
                     want, g);
    }
}

/* The opening (every besieger unit in the camp: 30 of them, so General-1
 * is the 17th and opens the second row, 200 below the first) and a
 * position with units at several places: a work's garrison, a trench, a
 * unit attached to unit 0. (sq_svg.c:127 the count from 1; :129 every
 * unit on the map before counted; :133 the second row 199 lower; :125 a
 * unit attached to unit 0 drawn on its own.) */
static void svg_units_spread_at_their_place(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    char *svg = draw(t), g[1024];
    int camp = 0;
    for (int u = 0; u < sc->nunits; u++)
        camp += s->u[u].lkind == LK_CAMP && s->u[u].att < 0;
    assert_true(camp > 16);
    check_places(t, svg);
    /* by hand: Foot-1 first in the camp, Foot-2 second, General-1 the 17th */
    int f1 = U(t, "Foot-1"), g1 = U(t, "General-1");
    assert_int_equal(s->u[f1].lkind, LK_CAMP);
    assert_int_equal(s->u[g1].lkind, LK_CAMP);
    svg_group(svg, "Foot-1", g, sizeof g);
    char want[160];
    snprintf(want, sizeof want, "x=\"%d\" y=\"%d\" width=\"100\"", sc->camp.x - 8 * 130 - 50,
             sc->camp.y - 100 - 25);
    if (!strstr(g, want))
        fail_msg("M39: Foot-1 not at %s:\n%s", want, g);
    svg_group(svg, "General-1", g, sizeof g);
    snprintf(want, sizeof want, "points=\"%d,%d ", sc->camp.x - 8 * 130, sc->camp.y + 100 - 40);
    if (!strstr(g, want))
        fail_msg("M39: General-1 not at %s:\n%s", want, g);
    free(svg);
    /* units at several places: Foot-1 and Foot-2 on a parallel, unit 0
     * with a unit attached to it */
    int p = lay_par1_gs(t->g, s, 1);
    sq_pt m = sq_sect_mid(&s->s[p]);
    sq_place(t->g, s, f1, LK_SECT, p, m);
    sq_place(t->g, s, U(t, "Foot-2"), LK_SECT, p, m);
    int gov = U(t, "Governor-A");
    s->u[gov].att = 0;
    svg = draw(t);
    check_places(t, svg);
    svg_group(svg, sc->units[0].name, g, sizeof g);
    snprintf(want, sizeof want, ", with %s", sc->units[gov].name);
    if (!strstr(g, want))
        fail_msg("M39: %s's title does not say %s:\n%s", sc->units[0].name, want, g);
    free(svg);
    vbt_free(t);
}

/* Arcs of fire: one wedge for each face a gun fires from, only for the
 * guns (heavy, medium, mortar) in a work or a trench: in the opening the
 * four heavy guns in the bastions fire from either face, the medium gun in
 * the ravelin too, the one on the curtain from its one face, 11 wedges;
 * the garrison's foot in the works have none. (sq_svg.c:141 `ty ==
 * UT_MORTAR` -> `!=`: every foot in a work drew the work's faces.) */
static void svg_arcs_for_guns_only(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    const sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    char *svg = draw(t);
    int foot = 0;
    for (int u = 0; u < sc->nunits; u++)
        foot += sc->units[u].type == UT_FOOT && s->u[u].lkind == LK_WORK && s->u[u].att < 0;
    assert_true(foot > 0);
    int n = svg_count(svg, "<path class=\"arc ");
    if (n != 11)
        fail_msg("M39: %d arcs of fire, not 11", n);
    /* the first: Heavy-A1's, from its bastion's point at 30 in (3000) */
    const char *a = strstr(svg, "<path class=\"arc defender\" d=\"M1200,909 ");
    if (!a || !strstr(a, "A3000,3000 0 0,1 ") || strstr(a, "<g ") < strstr(a, "A3000"))
        fail_msg("M39: Heavy-A1's arc is not a wedge of radius 3000 from 1200,909");
    free(svg);
    vbt_free(t);
}

/* A mine being driven: its title says under which work and how far, and a
 * gallery line runs to that work's middle; for any work, the first (aim 1)
 * and the last (aim nworks); no aim (0) and an aim past the works draw no
 * gallery. A counter-sap is named in the defender's title, with no line.
 * (sq_svg.c:152 `aim > 0` -> `> 1`: a mine under the first work not
 * shown; `aim <= nworks` -> `<`: under the last not shown.) */
static void svg_mine_gallery(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    const sq_data *d = t->g->data;
    int f1 = U(t, "Foot-1"), gb = U(t, "Garrison-B1");
    const int aims[] = {1, sc->nworks};
    for (int i = 0; i < 2; i++) {
        int w = aims[i] - 1;
        s->u[f1].aim = (int8_t)aims[i];
        s->u[f1].dig = 2;
        s->u[gb].aim = (int8_t)aims[i];
        s->u[gb].dig = 1;
        char *svg = draw(t), g[1024], want[256];
        svg_group(svg, "Foot-1", g, sizeof g);
        snprintf(want, sizeof want, ", mine under %s 2 of %d days</title>", sc->works[w].name,
                 d->mine_days);
        if (!strstr(g, want))
            fail_msg("M39: aim %d: Foot-1's title does not say '%s':\n%s", aims[i], want, g);
        snprintf(want, sizeof want,
                 "<line class=\"gallery\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>",
                 sc->camp.x - 8 * 130, sc->camp.y - 100, sc->works[w].mid.x, sc->works[w].mid.y);
        if (!strstr(g, want))
            fail_msg("M39: aim %d: no %s:\n%s", aims[i], want, g);
        svg_group(svg, "Garrison-B1", g, sizeof g);
        snprintf(want, sizeof want, ", counter-sap from %s 1 of %d days", sc->works[w].name,
                 d->counter_days);
        if (!strstr(g, want) || strstr(g, "gallery"))
            fail_msg("M39: aim %d: Garrison-B1's group is not '%s' without a line:\n%s", aims[i],
                     want, g);
        assert_int_equal(svg_count(svg, "class=\"gallery\""), 1);
        free(svg);
    }
    s->u[f1].aim = (int8_t)(sc->nworks + 1);
    s->u[gb].aim = 0;
    char *svg = draw(t);
    assert_int_equal(svg_count(svg, "class=\"gallery\""), 0);
    assert_null(strstr(svg, "mine under"));
    free(svg);
    vbt_free(t);
}

/* A sap leg that a gun of the place enfilades, its head within the gun's
 * longest range, costs the besieger (the term "expo", weight -0.01 a
 * gun): counted up to and including the range itself, not beyond it. Day
 * 3, Foot-1 with Sappers-1 ordered to sap (a planned sap that step 9 will
 * complete); the leg laid straight down the table from Bastion-A's middle,
 * where Heavy-A1 and Heavy-A2 stand: its head at exactly their range (30
 * in), then 1/100 in further. No other gun of the place has the head in
 * range (Bastion-B's heavy guns 35.6 in away, the medium guns 27.0 and 33.0
 * in with a range of 22 in). (sq_eval.c:176 `<= rg * rg` -> `<`: a gun at
 * exactly its range not counted.) */
static void eval_counts_a_leg_enfiladed_at_the_range(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    vbt_act(t, "end-movement");
    vbt_act(t, "end-movement");
    sq_state *s = S(t);
    const sq_data *d = t->g->data;
    s->day = 3;
    int p = 1; /* P1-2 */
    sq_place(t->g, s, U(t, "Foot-1"), LK_SECT, p, sq_sect_mid(&s->s[p]));
    attach(t, "Sappers-1", "Foot-1");
    vbt_act(t, "order Foot-1");
    vbt_act(t, "sap Foot-1 toward Bastion-A");
    sq_sect *leg = &s->s[s->nsect - 1];
    assert_int_equal(leg->kind, SK_SAP);
    assert_int_equal(leg->state, SS_PLANNED);
    int h1 = U(t, "Heavy-A1"), h2 = U(t, "Heavy-A2");
    assert_int_equal(s->u[h1].lkind, LK_WORK);
    assert_int_equal(s->u[h2].loc, s->u[h1].loc);
    sq_pt o = sq_sc(t->g, s)->works[s->u[h1].loc].mid;
    int32_t rg = d->weapon_band[UT_HEAVY][d->weapon_nb[UT_HEAVY] - 1][0];
    assert_int_equal(rg, 3000);
    double x[SQ_NTERMS], v[2];
    for (int far = 0; far < 2; far++) {
        leg->bx = (int16_t)o.x, leg->by = (int16_t)(o.y + rg + far);
        leg->ax = (int16_t)o.x, leg->ay = (int16_t)(o.y + rg + far + 560);
        sq_eval_terms(t->g, s, x);
        if (x[SQT_EXPO] != (far ? 0 : 2))
            fail_msg(
                "M39: the leg's head %d from Bastion-A's guns (range %d): %g guns enfilade it, "
                "not %d",
                rg + far, rg, x[SQT_EXPO], far ? 0 : 2);
        v[far] = sq_eval(t->g, s, SQ_BESIEGER);
    }
    /* 0.02 less for the two guns, less the 1/100 in nearer the target */
    if (!(v[1] - v[0] > 0.019 && v[1] - v[0] < 0.021))
        fail_msg("M39: enfiladed at the range %.5f, beyond it %.5f", v[0], v[1]);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svg_canvas_and_scale),
        cmocka_unit_test(svg_rampart_outline),
        cmocka_unit_test(svg_units_spread_at_their_place),
        cmocka_unit_test(svg_arcs_for_guns_only),
        cmocka_unit_test(svg_mine_gallery),
        cmocka_unit_test(eval_counts_a_leg_enfiladed_at_the_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
