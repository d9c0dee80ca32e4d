/* test_mutation53.c - siege-18c: tests written against survivors of the
 * seed-53 mutation passes of the fifty-third session (helper squ) over
 * sq_move.c, sq_query.c and sq_svg.c (docs/siege-18c.md, Measured). Each
 * fails with its mutant planted back (messages "M53:", lines of
 * 26ad3388). */
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

/* Line of Sight/Line of Fire/Cover: the text of a fire's column shifts
 * (sq_fire_column's `why`, the text "explain" and the fire's log show) is
 * kept to the buffer it is given, cut short where it does not fit, and
 * nothing is written past it. Siege-1 enfilading Garrison-B2 in CW-3
 * (cw3_enfilade_setup), a buffer of 30: "range 1.76 in, column 7" fits,
 * ", enfiladed +1" is cut after its first 5 characters, and the 34 bytes
 * after the buffer are untouched. (sq_query.c:287 the enfilade's room
 * `n - k` as `n + k`: the whole ", enfiladed +1" written, 9 bytes past the
 * buffer.) */
static void fire_text_kept_to_its_buffer(void **state)
{
    (void)state;
    vbt *t = cw3_enfilade_setup();
    sq_state *s = S(t);
    char why[64];
    memset(why, '#', sizeof why);
    int col = 0;
    assert_int_equal(sq_fire_column(t->g, s, U(t, "Siege-1"), U(t, "Garrison-B2"), &col, why, 30),
                     0);
    assert_int_equal(col, 8);
    if (strcmp(why, "range 1.76 in, column 7, enfi"))
        fail_msg("M53: the shifts' text in 30 bytes is '%.63s', not cut to its first 29", why);
    for (size_t i = 30; i < sizeof why; i++)
        if (why[i] != '#')
            fail_msg("M53: the shifts' text written past its buffer of 30, at byte %zu", i);
    vbt_free(t);
}

/* The measured board as SVG: the rampart's outline closes straight from
 * the last bastion's shoulder (its fifth point, pts[4]) to y 400, whatever
 * its flank. Bastion-B's flank slanted (its outer end, the fourth point,
 * moved 1.00 in towards the salient): the outline still ends "... 3637,800
 * 3637,400", not at the flank's end. (sq_svg.c:80 `pts[4]` as `pts[3]`:
 * the same on the data's bastions, whose flanks stand square to the
 * curtain, the flank's outer end at the shoulder's x.) */
static void svg_rampart_closes_at_the_shoulder(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_data *d = (sq_data *)t->g->data;
    sq_work *b = &d->scen[S(t)->h.scenario].works[W(t, "Bastion-B")];
    assert_int_equal(b->pts[3].x, b->pts[4].x);
    b->pts[3].x -= 100;
    char want[96];
    snprintf(want, sizeof want, " %d,%d %d,%d %d,400\"><title>rampart</title>", b->pts[3].x,
             b->pts[3].y, b->pts[4].x, b->pts[4].y, b->pts[4].x);
    char *svg = vbt_svg_text(t, -1);
    if (!strstr(svg, want))
        fail_msg("M53: the rampart does not end '%s' (Bastion-B's flank slanted)", want);
    free(svg);
    vbt_free(t);
}

/* Formations and deployment, a measured move ("move UNIT to X Y"): a
 * besieger's point must lie in a built trench among the sections of the
 * position, all 64 of them when the table is full (game.json's
 * max_sections), and in no slot past them. Foot-1 in the 63rd of 64
 * second-parallel sections, a chain at y 50.00; the memory just past the
 * last, which a search of one slot too many reads, holds a trench at y
 * 55.00 around the point 13.20 55.00: refused, "the point is not inside a
 * built trench". With a trench in the last slot, 64, on from the 63rd,
 * a move into it is open. (sq_move.c:443 `i < s->nsect` as `i <=
 * s->nsect`, point_place: the same while fewer than 64, the slot past them
 * empty; at 64, the slot read past the table.) */
static void measured_move_among_64_sections(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    full_chain(t);
    int f1 = U(t, "Foot-1");
    in_sect(t, f1, SQ_MAX_SECT - 2, 3525, 5000);
    s->phase = PH_BMOVE;
    sq_sect far = s->s[SQ_MAX_SECT - 1];
    far.ay = far.by = 5500, far.ax = 1000, far.bx = 1640;
    /* the state and, just past its sections, one more */
    size_t past = offsetof(sq_state, s) + SQ_MAX_SECT * sizeof(sq_sect);
    unsigned char *m = calloc(1, sizeof(sq_state) + sizeof(sq_sect));
    assert_non_null(m);
    sq_state *w = (sq_state *)m;
    memcpy(w, s, sizeof *s);
    memcpy(m + past, &far, sizeof far);
    vb_action a = SQ_ACT(AK_MOVEPT, f1, 1320, 5500, 0);
    vb_ctx_init(&t->cx);
    if (sq_judge(t->g, w, a, &t->cx) || !strstr(t->cx.err, "not inside a built trench"))
        fail_msg("M53: a move to a point past the 64 sections not refused as outside the "
                 "trenches: '%s'",
                 t->cx.err);
    /* in the last slot, on from the 63rd's end (35.50 50.00) */
    far.ax = 3550, far.ay = 5000, far.bx = 4190, far.by = 5000;
    w->s[SQ_MAX_SECT - 1] = far;
    vb_ctx_init(&t->cx);
    if (!sq_judge(t->g, w, SQ_ACT(AK_MOVEPT, f1, 3870, 5000, 0), &t->cx))
        fail_msg("M53: a move into the 64th section refused: %s", t->cx.err);
    free(m);
    vbt_free(t);
}

/* Saps: "sap UNIT to WORK" is offered toward the scenario's bastions and
 * ravelins only (straight at the work's middle, or a zig-zag either side),
 * never toward a slot past its works. Foot-1 with Sappers-1 at the head of
 * a sap at 18.66 35.00: each sap order names a bastion or ravelin of
 * one-front, and there are some. (sq_move.c:369 `w < sc->nworks` as `<=`: the empty slot past
 * the works, kind 0 (a bastion) with its middle at 0,0, was offered as a
 * sap's target, an order naming no work.) */
static void saps_toward_the_scenario_works_only(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int f1 = U(t, "Foot-1");
    in_sect_led(t, "Foot-1", "Sappers-1", lay_cut_sap_to(t, 2, 1866, 3500), 1866, 3500);
    s->phase = PH_BMOVE;
    vb_action acts[VB_MAX_ACTIONS];
    int n = sq_legal_orders(t->g, s, f1, acts, NULL, VB_MAX_ACTIONS), saps = 0;
    for (int i = 0; i < n; i++) {
        if (SQ_AK(acts[i]) != AK_SAPTO)
            continue;
        int w = SQ_AB(acts[i]);
        if (w >= sc->nworks)
            fail_msg("M53: a sap offered toward work %d of %d, past the scenario's works", w,
                     sc->nworks);
        assert_true(sc->works[w].kind == WK_BASTION || sc->works[w].kind == WK_RAVELIN);
        saps++;
    }
    assert_true(saps > 0);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fire_text_kept_to_its_buffer),
        cmocka_unit_test(svg_rampart_closes_at_the_shoulder),
        cmocka_unit_test(measured_move_among_64_sections),
        cmocka_unit_test(saps_toward_the_scenario_works_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
