/* test_line.c - the declared Line (5.5, pc_line.c): the ground of its
 * hexes (engine reading 13) and the rules the mutation pass over pc_line.c
 * (nineteenth session, seed 19, docs/piacenza-1746.md "Mutation testing")
 * found without a test. Each test names the rulebook sentence it pins. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* Aramburu's battalions on the san-lazzaro board, cleared: n of them
 * (at most 4) down column 01 from 0103, in the City; the Line being
 * declared, its first hex 0103. */
static vbt *city_line(int n)
{
    static const char *const units[] = {"Guardias Espanolas", "Guardias Valonas", "Castilla",
                                        "Lombardia"};
    static const char *const hexes[] = {"0103", "0104", "0105", "0106"};
    vbt *t = board();
    for (int k = 0; k < n; k++)
        put(t, units[k], hexes[k]);
    put_leader(t, "Aramburu", "0104");
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0103");
    return t;
}

/* 1.0: "It is not possible to enter a hex whose center is occupied by the
 * River Po"; 5.5: "all the units are positioned in a hex crossed or
 * adjacent ... to an imaginary line", and the intermediate hex "must not be
 * occupied by enemy units, nor by friendly units of other Formations" (its
 * occupants only). From 0103 to 0402 the first step beyond 0103 is all Po
 * (0202): with no gap a unit would have to stand there, so the Line is not
 * offered, nor line-toward N from 0504 (its last hex 0501 in the Po); with
 * one gap, 0103 to 0502, the Po hex is the intermediate hex and the Line
 * stands. 5.8's closest position is no Po hex. (Engine reading 12: all
 * three Lines were offered and the Po hex was a position at distance 0.) */
static void line_not_in_the_po(void **state)
{
    (void)state;
    vbt *t = city_line(4);
    vbt_act(t, "line-gaps 0");
    if (vbt_legal(t, "line-to 0402"))
        fail_msg("1.0, 5.5: a Line of four with no gap, a unit in the Po at 0202");
    assert_int_equal(vbt_try(t, "line-to 0402"), VB_EILLEGAL);
    if (!strstr(t->cx.err, "no unit may enter") || strchr(t->cx.err, '\n'))
        fail_msg("refused with: %s", t->cx.err);
    vbt_free(t);

    t = city_line(4);
    vbt_act(t, "line-gaps 1");
    if (!vbt_legal(t, "line-to 0502"))
        fail_msg("5.5: the Po hex 0202 as the Line's intermediate hex refused");
    vbt_act(t, "line-to 0502");
    int po = -1, cells[PC_LINE_MAX];
    int nc = pc_line_cells(D(t), S(t)->line_anchor, S(t)->line_end, cells);
    for (int k = 0; k < nc; k++)
        if (!pc_passable(D(t), cells[k]))
            po = cells[k];
    assert_true(po >= 0);
    int gap = pc_line_gap(D(t), S(t), U(t, "Lombardia"), po);
    if (gap == 0)
        fail_msg("5.8: a Po hex of the Line taken for a position");
    assert_int_equal(gap, 1);
    vbt_free(t);

    t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0504");
    if (vbt_legal(t, "line-toward N"))
        fail_msg("1.0, 5.5: line-toward N from 0504, its last unit in the Po at 0501");
    assert_int_equal(vbt_try(t, "line-toward N"), VB_EILLEGAL);
    if (!strstr(t->cx.err, "no unit may enter") || strchr(t->cx.err, '\n'))
        fail_msg("refused with: %s", t->cx.err);
    assert_true(vbt_legal(t, "line-toward S"));
    vbt_free(t);
}

/* 5.5: "at most within two hexes of another unit": one intermediate hex
 * between two units. In the battle, from 0628 to 0225 the second and third
 * steps are all Trebbia: a Line of four with two gaps has as many gaps as
 * Trebbia steps, but two units with two hexes between them; not offered
 * (engine reading 12 offered it). */
static void two_river_steps_no_line(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    deploy_dragoons(t, 0);
    static const char *const objs[] = {"San-Lazzaro", "Le-Mose", "Montale", "Mucinasso"};
    char a[64];
    for (int k = 0; k < 4; k++) {
        snprintf(a, sizeof a, "objective %s", objs[k]);
        vbt_act(t, a);
    }
    clear_board(t);
    static const char *const units[] = {"Guardias Espanolas", "Guardias Valonas", "Castilla",
                                        "Lombardia"};
    static const char *const hexes[] = {"0628", "0728", "0729", "0829"};
    for (int k = 0; k < 4; k++) {
        put(t, units[k], hexes[k]);
        S(t)->uflag[U(t, units[k])] = 0;
    }
    put_leader(t, "Aramburu", "0728");
    put_leader(t, "De Gages", "0729"); /* 3.0 A.1: the WC in command */
    put_leader(t, "Infante Felipe", "0829");
    at_segment(t, "De Gages", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0628");
    vbt_act(t, "line-gaps 2");
    int cells[PC_LINE_MAX], nc = pc_line_cells(D(t), HX(t, "0628"), HX(t, "0225"), cells);
    int dry[PC_LINE_MAX] = {0};
    for (int k = 0; k < nc; k++)
        dry[pc_dist(D(t), HX(t, "0628"), cells[k])] |= pc_passable(D(t), cells[k]);
    assert_true(dry[0] && !dry[1] && !dry[2] && dry[3] && dry[5]);
    if (vbt_legal(t, "line-to 0225"))
        fail_msg("5.5: two units of the Line with two Trebbia hexes between them");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_not_in_the_po),
        cmocka_unit_test(two_river_steps_no_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
