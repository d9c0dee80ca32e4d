/* test_mutation50.c - siege-18c: tests written against survivors of the
 * seed-50 mutation passes of the fiftieth session's second round (helper
 * sqx) over sq_move.c, sq_query.c and sq_svg.c (docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back (messages "M50:",
 * lines of 8b811ad3). */
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

/* Besieger: a foot unit with an engineer at a sap head begins a section of
 * parallel there. A section destroyed leaves its slot free, and the next
 * section laid takes the first free slot: slot 0 too, when the 1st
 * section (here a parallel, its sap cut off) was destroyed. The trench is
 * offered and laid there. (sq_move.c:211 `free_sect(g, s) < 0` as `< 1`:
 * with slot 0 the free one, the trench was neither offered nor taken.) */
static void trench_laid_in_a_freed_slot_0(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p = sect(t, SK_PARALLEL, 1, -1, 1500, 4000, 2140, 4000);
    int sap = sect(t, SK_SAP, 1, p, 1820, 4000, 1820, 3440);
    assert_int_equal(p, 0);
    /* the parallel destroyed: its slot emptied, the sap cut off */
    memset(&s->s[p], 0, sizeof s->s[p]);
    s->s[sap].parent = -1;
    in_sect_led(t, "Foot-1", "Sappers-1", sap, 1820, 3440);
    s->phase = PH_BMOVE;
    check_ok(t);
    if (!vbt_legal(t, "trench Foot-1"))
        fail_msg("M50: the trench at the sap head not offered with slot 0 free");
    vbt_act(t, "trench Foot-1");
    if (s->s[0].state != SS_PLANNED || s->s[0].kind != SK_PARALLEL || s->s[0].parent != sap)
        fail_msg("M50: slot 0 holds state %d kind %d parent %d, not the planned trench",
                 s->s[0].state, s->s[0].kind, s->s[0].parent);
    assert_int_equal(s->nsect, 2);
    check_ok(t);
    vbt_free(t);
}

/* Sequence of Play 1, the besieger's mines: "mine UNIT under WORK" is
 * the action SQ_ACT(AK_MINE, unit, 0, work, 0) (sq_int.h's layout: kind,
 * unit, a, b, c; a mine has no a), and vb_apply takes that code: Foot-1
 * drives its gallery under Bastion-A. (sq_move.c:390 the mine listed as
 * SQ_ACT(AK_MINE, u, 1, w, 0): the same text and the same gallery under
 * another code, which vb_apply refused as not a legal action.) */
static void mine_code_has_no_a(void **state)
{
    (void)state;
    vbt *t = mine_setup(909, 1308, 1);
    sq_state *s = S(t);
    int f1 = U(t, "Foot-1"), ba = W(t, "Bastion-A");
    vb_action a = 0;
    vb_ctx cx;
    vb_ctx_init(&cx);
    if (vb_parse_action(t->g, t->m.st, "mine Foot-1 under Bastion-A", &a, &cx) < 0)
        fail_msg("'mine Foot-1 under Bastion-A' refused: %s", cx.err);
    if (a != SQ_ACT(AK_MINE, f1, 0, ba, 0))
        fail_msg("M50: 'mine Foot-1 under Bastion-A' is the code %llx, not %llx",
                 (unsigned long long)a, (unsigned long long)SQ_ACT(AK_MINE, f1, 0, ba, 0));
    vb_ctx_init(&t->cx);
    if (vb_apply(t->g, t->m.st, SQ_ACT(AK_MINE, f1, 0, ba, 0), &t->cx) < 0)
        fail_msg("M50: the mine's code refused: %s", t->cx.err);
    assert_int_equal(s->u[f1].aim, ba + 1);
    assert_true(s->u[f1].flags & UF_DIG);
    vbt_free(t);
}

/* Line of Sight/Line of Fire/Cover: "columns below 1 or above 8 are
 * clamped" (game.json's fire table). Siege-1 in a battery on the covered
 * way (+2), at short range (7), firing along CW-3's side at Garrison-B2
 * in it (enfiladed +1): column 10, clamped to 8. (sq_query.c:309 the
 * clamp `c = 8` as `c = 7`: every fire past column 8 went at 7.) */
static void fire_column_clamped_to_8(void **state)
{
    (void)state;
    vbt *t = cw3_enfilade_setup();
    sq_state *s = S(t);
    int gb = U(t, "Garrison-B2"), siege = U(t, "Siege-1");
    char why[160] = "";
    int col = 0;
    assert_int_equal(sq_fire_column(t->g, s, siege, gb, &col, why, sizeof why), 0);
    if (col != 8 ||
        strcmp(why, "range 1.76 in, column 7, enfiladed +1, from the covered way +2: column 8"))
        fail_msg("M50: column %d, '%s', not 7 + 1 + 2 clamped to 8", col, why);
    vbt_free(t);
}

/* The measured board as SVG: the glacis is drawn between the glacis foot
 * and the crest, one polygon along the foot and back along the crest, its
 * points the scenario's own, no more. (sq_svg.c:61 `i >= 0` as `i <= 0`:
 * the crest's points left out, the glacis a line along its foot; `-` as
 * `+`: the walk back began two points past the crest's last.) */
static void svg_glacis_runs_back_along_the_crest(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 3);
    const sq_scen *sc = sq_sc(t->g, S(t));
    char *svg = vbt_svg_text(t, -1), want[2048];
    size_t k = (size_t)snprintf(want, sizeof want, "<polygon class=\"glacis\" points=\"");
    for (int i = 0; i < sc->nfoot; i++)
        k += (size_t)snprintf(want + k, sizeof want - k, "%s%d,%d", i ? " " : "", sc->foot[i].x,
                              sc->foot[i].y);
    for (int i = sc->ncrest - 1; i >= 0; i--)
        k += (size_t)snprintf(want + k, sizeof want - k, " %d,%d", sc->crest[i].x, sc->crest[i].y);
    snprintf(want + k, sizeof want - k, "\"><title>glacis</title></polygon>");
    assert_true(k < sizeof want - 40);
    if (!strstr(svg, want))
        fail_msg("M50: the glacis is not '%s'", want);
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trench_laid_in_a_freed_slot_0),
        cmocka_unit_test(mine_code_has_no_a),
        cmocka_unit_test(fire_column_clamped_to_8),
        cmocka_unit_test(svg_glacis_runs_back_along_the_crest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
