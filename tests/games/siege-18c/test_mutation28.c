/* test_mutation28.c - siege-18c: tests of the twenty-eighth session
 * (helper sqx): the words of a typed order read only as far as they go,
 * and tests written against survivors of the seed-28 mutation passes over
 * sq_move.c and sq_geom.c (docs/siege-18c.md, Measured). Each fails with
 * its mutant planted back. */
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

/* Every beginning of a measured order or a redeployment, word by word
 * ("move", "move Foot-1", "move Foot-1 to", "move Foot-1 to 24.78", ...),
 * given to the parse hook and to the core's parser (which asks the explain
 * hook, sq_odds.c's bad_number, when the parse hook refuses): each is
 * refused in one line naming the problem, and the state is unchanged. The
 * checks of both hooks test a word only when the text has it; the words
 * past those given are NULL, which no name equals, so a guard loosened by
 * one word (sq_odds.c:288 `nt >= 3` -> `nt >= 2`, a seed-27 survivor that
 * read a word never set) reads nothing undefined, and one that would read
 * a NULL word's letters (sq_odds.c:271 `nt >= 4` -> `nt >= 3`, planted by
 * hand) crashes here at once rather than reading a stale pointer. */
static void short_orders_refused_word_by_word(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    static const struct {
        int phase;
        const char *words[6];
        const char *says[6]; /* after 1, 2, ... words; NULL: the full order */
    } rows[] = {
        {PH_BMOVE,
         {"move", "Foot-1", "to", "24.78", "50.72"},
         {"name a unit after 'move'", "the besieger moves only within the existing network",
          "the besieger moves only within the existing network",
          "a measured move is 'move UNIT to X Y': two numbers",
          "the point is not inside a built trench"}},
        {PH_BMOVE,
         {"sap", "Foot-1", "at", "275.00"},
         {"name a unit after 'sap'", "engineer",
          "one angle (a measured sap is 'sap UNIT at DEGREES', 0.00-359.99)", "engineer"}},
        {PH_DMOVE,
         {"redeploy", "Heavy-A1", "2", "to", "Heavy-B1"},
         {"name a unit after 'redeploy'", "strength points go from a gun to another of its kind",
          "strength points go from a gun to another of its kind",
          "strength points go from a gun to another of its kind", NULL}},
    };
    s->u[U(t, "Heavy-B1")].str = 1;
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        s->phase = rows[r].phase;
        sq_state before = *s;
        char text[VB_TEXT_LEN] = "";
        for (int n = 0; n < 6 && rows[r].words[n]; n++) {
            size_t l = strlen(text);
            snprintf(text + l, sizeof text - l, "%s%s", n ? " " : "", rows[r].words[n]);
            vb_action a = 0;
            vb_ctx_init(&t->cx);
            int rc = t->g->def->parse(t->g, s, text, &a, &t->cx);
            if (!rows[r].says[n]) {
                assert_true(vbt_legal(t, text));
                continue;
            }
            /* "sap Foot-1 at 275.00" and "move Foot-1 to 24.78 50.72" are
             * measured orders the parse hook reads; the rule then refuses
             * them (Foot-1 in the camp, no engineer) */
            if (rc != 0 && rc != VB_EILLEGAL)
                fail_msg("'%s': parse hook answered %d", text, rc);
            if (strchr(t->cx.err, '\n'))
                fail_msg("'%s': two lines: %s", text, t->cx.err);
            explains(t, text, rows[r].says[n]);
            assert_memory_equal(s, &before, sizeof before);
        }
    }
    vbt_free(t);
}

/* The set-up of the measured-sap tests below: a new one-front game in step
 * 1 with Foot-1 in the 2nd parallel at (12.00, 26.00), Sappers-1 attached
 * (free to dig a sap at 0.00 degrees). Sets *f1 to Foot-1's index; the
 * caller frees the vbt. */
static vbt *foot1_sapper_in_step_1(int *f1)
{
    vbt *t = fresh();
    int p = foot1_in_par2(t);
    *f1 = U(t, "Foot-1");
    in_sect_led(t, "Foot-1", "Sappers-1", p, 1200, 2600);
    S(t)->phase = PH_BMOVE;
    return t;
}

/* The judge of a measured sap reads an angle of 0.00-359.99 degrees (a
 * code's field holds up to 655.35): a code of 360.00, the same line as
 * 0.00 on the board, is refused by vb_apply, as its text "sap Foot-1 at
 * 360.00" is by the parser (an action's text must parse back to its code,
 * vb_module.h), and the state is unchanged (sq_move.c:520 `ang >= 36000`
 * -> `ang > 36000`, a seed-28 survivor, dug the sap). */
static void sap_code_of_360_degrees_refused(void **state)
{
    (void)state;
    int f1;
    vbt *t = foot1_sapper_in_step_1(&f1);
    sq_state *s = S(t);
    assert_true(vbt_legal(t, "sap Foot-1 at 0.00"));
    assert_int_equal(t->g->def->judge(t->g, s, SQ_ACT(AK_SAPANG, f1, 0, 0, 0), &t->cx), 1);
    sq_state before = *s;
    for (int ang = 36000; ang <= 36001; ang++) {
        vb_ctx_init(&t->cx);
        assert_int_equal(t->g->def->judge(t->g, s, SQ_ACT(AK_SAPANG, f1, ang, 0, 0), &t->cx), 0);
        vb_ctx_init(&t->cx);
        assert_int_equal(vb_apply(t->g, s, SQ_ACT(AK_SAPANG, f1, ang, 0, 0), &t->cx), VB_EILLEGAL);
        assert_memory_equal(s, &before, sizeof before);
    }
    explains(t, "sap Foot-1 at 360.00", "angle: 360.00 is out of range");
    vbt_free(t);
}

/* Besieger: "A trench is built at the end of the sap by positioning a
 * section on the centre": a parallel section other than the scenario's
 * 1st parallel is centred on a sap's head, which is dug outside the
 * counterscarp (sq_lay_sap, diggable), and a section cut off from its sap
 * (parent none) stays there. A state file with such a section centred on
 * the counterscarp or inside it (in the ditch, a work, at the table's top
 * edge) is refused in one line; 0.01 in outside it is read. The check
 * asked only the section's length and facing, and read a besieger's
 * parallel at y 0.00 in the middle of the fortress (found by the seed-28
 * survivor sq_move.c:56 `p.y >= 0` -> `p.y >= 1`, which only such a file
 * could tell from the original; equivalent now). */
static void cut_off_parallel_outside_the_counterscarp(void **state)
{
    (void)state;
    static const int xs[] = {1000, 2000, 3000};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        vbt *t = fresh();
        const sq_scen *sc = sq_sc(t->g, S(t));
        int cy = sq_line_y(sc->counter, sc->ncounter, xs[i]);
        const struct {
            int y, ok;
        } rows[] = {{0, 0}, {cy / 2, 0}, {cy, 0}, {cy + 1, 1}, {2600, 1}};
        vbt_free(t);
        for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
            t = fresh();
            sq_state *s = S(t);
            const sq_data *d = t->g->data;
            int y = rows[r].y, half = d->par_len / 2;
            sq_pt m = {xs[i], y};
            int p = sect(t, SK_PARALLEL, 2, -1, xs[i] - half, y, xs[i] + half, y);
            s->s[p].facing = (uint16_t)sq_nearest_work_angle(t->g, s, m);
            char what[64];
            snprintf(what, sizeof what, "a cut-off parallel at %d.%02d %d.%02d in", m.x / 100,
                     m.x % 100, y / 100, y % 100);
            if (rows[r].ok) {
                if (reads_back(t))
                    fail_msg("%s: %s", what, t->cx.err);
            } else
                refused(t, what, "section 'P2-1' is not centred outside the counterscarp");
            vbt_free(t);
        }
    }
}

/* Besieger: "If trenches from two different directions do not meet
 * exactly it will require an additional turn of engineering to make them
 * meet": a join goes to another part of the network, a trench. P2-1, 0.10
 * in short of Foot-1's section, is offered a join; once a built join meets
 * it (one network), no second join; a battery 0.10 in short is no trench
 * to join (sq_move.c:241 `kind == SK_BATTERY || mark[k]` -> `&&`, a
 * seed-28 mutant that did not compile, planted by hand with parentheses:
 * both offered). */
static void join_only_to_another_trench(void **state)
{
    (void)state;
    for (int row = 0; row < 3; row++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        s->phase = PH_BMOVE;
        int c = sect(t, SK_PARALLEL, 2, -1, 2290, 3000, 2930, 3000);
        int b = sect(t, SK_PARALLEL, 2, -1, 1640, 3000, 2280, 3000);
        if (row == 1) {
            int j = sect(t, SK_JOIN, 2, b, 2280, 3000, 2290, 3000);
            s->s[j].meets = (uint8_t)(c + 1);
        }
        if (row == 2)
            s->s[c].kind = SK_BATTERY;
        in_sect(t, U(t, "Foot-1"), b, 1960, 3000);
        attach(t, "Sappers-1", "Foot-1");
        vbt_act(t, "order Foot-1");
        char nm[32], txt[64];
        sq_sect_name(s, c, nm, sizeof nm);
        snprintf(txt, sizeof txt, "join Foot-1 to %s", nm);
        if (vbt_legal(t, txt) != (row == 0))
            fail_msg("row %d: '%s' %s", row, txt, row ? "offered" : "refused");
        /* the judge's own answer, by code, whatever the section's name */
        vb_ctx_init(&t->cx);
        assert_int_equal(sq_judge(t->g, s, SQ_ACT(AK_JOIN, U(t, "Foot-1"), 0, c, 0), &t->cx),
                         row == 0);
        if (row == 1)
            assert_true(vbt_legal(t, "move Foot-1 to P2-1"));
        vbt_free(t);
    }
}

/* A measured order is judged in steps 1-2 only, with no die pending and
 * the siege going on: a sap Foot-1 may dig at 0.00 degrees is refused by
 * the judge once the siege is over, and while a die is to be rolled, each
 * alone (sq_move.c:485 `s->over || s->p.kind != PK_NONE` -> `&&`, a
 * seed-28 mutant that did not compile, planted by hand with parentheses:
 * either alone let it through). */
static void measured_order_judged_only_while_the_step_goes_on(void **state)
{
    (void)state;
    int f1;
    vbt *t = foot1_sapper_in_step_1(&f1);
    sq_state *s = S(t);
    vb_action sap = SQ_ACT(AK_SAPANG, f1, 0, 0, 0), mv = SQ_ACT(AK_MOVEPT, f1, 1000, 2600, 0);
    for (int k = 0; k < 3; k++) {
        s->over = k == 1;
        s->p.kind = k == 2 ? PK_FIRE : PK_NONE;
        vb_ctx_init(&t->cx);
        if (sq_judge(t->g, s, sap, &t->cx) != (k == 0) || sq_judge(t->g, s, mv, &t->cx) != (k == 0))
            fail_msg("%s: a measured sap or move judged %s",
                     k == 0   ? "in step 1"
                     : k == 1 ? "the siege over"
                              : "a die pending",
                     k == 0 ? "illegal" : "legal");
    }
    s->over = 0;
    s->p.kind = PK_NONE;
    vbt_free(t);
}

/* The covered way's middle line at x, as the rules module reads it. */
static int32_t mid_line(const sq_scen *sc, int32_t x)
{
    return (sq_line_y(sc->counter, sc->ncounter, x) + sq_line_y(sc->crest, sc->ncrest, x)) / 2;
}

/* A sap that would go past the covered way's middle line "stops there,
 * crowning the covered way": at the last point before it first meets the
 * line, every point of it on or outside the line (engine reading 8). The
 * length was found by a bisection, which assumes that the points stay
 * outside up to one length and inside after it; along a ray nearly
 * parallel to the line the rounded points cross it and come back out, and
 * the bisection stopped at one of the later crossings (from (1.40, 12.21)
 * at 1.11 degrees it dug 5.43 in, its points 5.41-5.42 in inside the line,
 * where the first crossing stops it at 5.40 in: helper sqx's probe, 724,864
 * of 97 million saps; sq_move.c:89's seed-28 survivor `(lo + hi + 2) / 2`
 * was such a difference). Checked at that sap and at 4,000 saps drawn
 * beside the covered way, every direction. */
static void sap_stops_before_it_first_meets_the_middle_line(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int len_max = ((const sq_data *)t->g->data)->sap_len, stopped = 0;
    uint32_t r = 28;
    for (int k = 0; k <= 4000; k++) {
        sq_pt a = {140, 1221};
        int ang = 111;
        if (k > 0) {
            r = r * 1103515245u + 12345u;
            a.x = (int32_t)(r >> 8) % (sc->width + 1);
            r = r * 1103515245u + 12345u;
            a.y = mid_line(sc, a.x) + 1 + (int32_t)((r >> 8) % (uint32_t)len_max);
            r = r * 1103515245u + 12345u;
            ang = (int)((r >> 8) % 36000u);
        }
        sq_sect k2;
        if (a.y > sc->depth || sq_lay_sap(t->g, s, -1, a, ang, &k2))
            continue;
        sq_pt b = {k2.bx, k2.by}, full = sq_step(a, ang, len_max);
        if (b.x == full.x && b.y == full.y)
            continue;
        stopped++;
        int len = 1;
        while (len < len_max && sq_step(a, ang, len).y >= mid_line(sc, sq_step(a, ang, len).x))
            len++;
        sq_pt want = sq_step(a, ang, len - 1);
        if (b.x != want.x || b.y != want.y)
            fail_msg("the sap from (%d, %d) at %d stops at (%d, %d), not at (%d, %d), the last "
                     "point before the middle line",
                     a.x, a.y, ang, b.x, b.y, want.x, want.y);
        if (k == 0)
            assert_int_equal(len - 1, 540);
    }
    assert_true(stopped > 500);
    vbt_free(t);
}

/* "Heavy guns and mortars must be placed in a bastion and cannot be moved
 * during the game" (Formations and deployment: Defender). A measured move
 * of Heavy-A1, unit 0 of every scenario, is read as that gun's move and
 * refused by the judge with the rule; Heavy-A2 (unit 1) the same. With
 * sq_parse's unit test `u < 0` made `u <= 0` (a seed-29 survivor) unit 0's
 * move was read as an unknown unit and answered by the explain hook. */
static void measured_move_of_unit_0(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    s->phase = PH_DMOVE;
    assert_int_equal(U(t, "Heavy-A1"), 0);
    sq_pt m = sc->works[W(t, "Bastion-B")].mid;
    for (int u = 0; u < 2; u++) {
        char text[VB_TEXT_LEN];
        snprintf(text, sizeof text, "move %s to %d.%02d %d.%02d", sc->units[u].name, m.x / 100,
                 m.x % 100, m.y / 100, m.y % 100);
        vb_action a = 0;
        vb_ctx_init(&t->cx);
        assert_int_equal(t->g->def->parse(t->g, s, text, &a, &t->cx), 0);
        assert_int_equal(SQ_AK(a), AK_MOVEPT);
        assert_int_equal(SQ_AU(a), u);
        explains(t, text,
                 "cannot move there: outside the trench network, full (Fortress Capacity) or a gun "
                 "that may not move");
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(short_orders_refused_word_by_word),
        cmocka_unit_test(sap_code_of_360_degrees_refused),
        cmocka_unit_test(cut_off_parallel_outside_the_counterscarp),
        cmocka_unit_test(join_only_to_another_trench),
        cmocka_unit_test(measured_order_judged_only_while_the_step_goes_on),
        cmocka_unit_test(sap_stops_before_it_first_meets_the_middle_line),
        cmocka_unit_test(measured_move_of_unit_0),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
