/* test_mutation51.c - piacenza-1746: tests written against the survivors of
 * the seed-51 mutation pass over pc_data.c, pc_board.c, pc_io.c and
 * pc_explain.c (docs/piacenza-1746.md, "Mutation pass, fifty-first session
 * (helper pcy)"): a hex named by four digits only, the column of an
 * unknown result of tables.json as the loader's message prints it; a
 * gun's facing line on the map, a unit's paragraph in `hex`; why a move
 * out of its segment, or a step of unit 0, is refused. Messages "M51:". */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* 1.0 a hex is named by four digits, its column then its row ("CCRR"):
 * a name with any other character is no hex, in a state file too ("bad
 * hex"), the state unchanged. San Lazzaro's map has 16 columns: "0:05"
 * read digit by digit (':' is '9' + 1) would be column 10, row 5.
 * (pc_data.c:41 the digit test's `||` as `&&`: no character refused, "0:05"
 * read as 1005.) */
static void hex_names_of_digits_only(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    static const char *const bad[] = {"0:05", "0;01", "1A05"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        if (pc_hex_parse(D(t), bad[k]) != -1)
            fail_msg("M51: 1.0 '%s' read as hex %d", bad[k], pc_hex_parse(D(t), bad[k]));
    assert_int_equal(pc_hex_parse(D(t), "1005"), 9 * D(t)->h + 4);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    pc_set_hex(j, "units", "Castilla", "0:05");
    pc_load_expect(t, file, "state: units: Castilla: bad hex '0:05'",
                   "M51: 1.0 Castilla at '0:05' in a state file");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 8.5, 9.1.5 the Fire and Bombardment tables (tables.json): a result of no
 * known code refused, the message naming the table and its column counted
 * from 1 as the file's reader counts them. (pc_data.c:413 the column
 * printed `c + 1` as `c - 1`: "column -1".) */
static void unknown_result_names_its_column(void **state)
{
    static const vbt_data_row rows[] = {
        {"M51: 9.1.5 an unknown fire result", "tables.json", "\"NE\"", "\"XX\"",
         "tables.json: fire: unknown result in column 1"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* 2.2.3 a gun faces a vertex of its hex (the cone between two hexsides):
 * the map draws its facing line from the hex's centre toward the vertex
 * between directions f and f + 1, for each of the six faces, 14 px long
 * on the unit hex's axes (N (0, -1), NE (0.866, -0.5), ...).
 * (pc_board.c:316 the vertex's x `dx6[(f + 1) % 6]` as `dx6[(f - 1) % 6]`:
 * the line bent toward the other neighbour from E on, and read before
 * the table for f = 0, NNE, which M39 checks.) */
static void gun_faces_each_vertex(void **state)
{
    static const double vx[6] = {0.866, 1.732, 0.866, -0.866, -1.732, -0.866};
    static const double vy[6] = {-1.5, 0, 1.5, 1.5, 0, -1.5};
    (void)state;
    vbt *t = board();
    put(t, "Artilleria de Gages", "0507");
    for (int k = 1; k <= 6; k++) { /* E first, NNE (f = 0) last */
        int f = k % 6;
        S(t)->uface[U(t, "Artilleria de Gages")] = (uint8_t)f;
        char *svg = vbt_svg_text(t, -1);
        const char *g = strstr(svg, "data-ref=\"Artilleria-de-Gages\"");
        assert_non_null(g);
        const char *l = strstr(g, "<line x1=\"");
        assert_non_null(l);
        double x1, y1, x2, y2;
        assert_int_equal(
            sscanf(l, "<line x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" y2=\"%lf\"", &x1, &y1, &x2, &y2), 4);
        if (fabs(x2 - x1 - 14 * vx[f]) > 0.11 || fabs(y2 - y1 - 14 * vy[f]) > 0.11)
            fail_msg("M51: 2.2.3 facing %s drawn (%.1f,%.1f)-(%.1f,%.1f), wanted (%+.1f,%+.1f)",
                     pc_face_names[f], x1, y1, x2, y2, 14 * vx[f], 14 * vy[f]);
        free(svg);
    }
    vbt_free(t);
}

/* `hex CCRR` lists each unit in one paragraph, its continuation lines 4
 * columns in (vb_module.h: "continuation lines start `indent` columns
 * in", the other paragraphs of `hex` too): Hohenembs Cuirassiers in 1205,
 * disordered, Feu de Billebaude, their spent Charge marker on 1105, a
 * paragraph of two lines, the second starting with four spaces.
 * (pc_board.c:527 the unit's indent 4 as 5.) */
static void unit_paragraph_continues_four_in(void **state)
{
    (void)state;
    vbt *t = board();
    int u = U(t, "Hohenembs Cuirassiers");
    put(t, "Hohenembs Cuirassiers", "1205");
    S(t)->ustat[u] = ST_DIS;
    S(t)->uflag[u] |= UF_FDB;
    S(t)->ucharge[u] = 1;
    S(t)->umelee[u] = (int16_t)(-2 - HX(t, "1105"));
    char *txt = vbt_area_text(t, -1, "1205");
    const char *a = strstr(txt, "  Austrian Hohenembs Cuirassiers:");
    const char *nl = a ? strchr(a, '\n') : NULL;
    if (!nl || strncmp(nl + 1, "    ", 4) || nl[5] == ' ' || nl[5] == '\n' || !strstr(nl, "1105"))
        fail_msg("M51: the unit's paragraph not continued 4 columns in:\n%s", txt);
    free(txt);
    vbt_free(t);
}

/* Why "move UNIT" is refused is told in the formation's Movement segment
 * only (5.2: the units of the formation chosen move); out of it, and for
 * any other word within it, the refusal tells what is legal now. San
 * Lazzaro's first segment (the formation to choose): "move Navarra" not
 * legal now; Douchez's formation chosen: "open-fire" not legal now, not
 * "no such unit". (pc_explain.c:118 `!strcmp(word, "move") && phase ==
 * PH_MOVE` as `||`: "move Navarra" told "not of the formation moving
 * now", "open-fire" told "no such unit".) */
static void move_explained_in_its_segment_only(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    assert_int_equal(S(t)->phase, PH_MFORM);
    explained(t, "M51: 5.2 before a formation is chosen", "move Navarra", "not legal now");
    vbt_act(t, "formation Douchez");
    assert_int_equal(S(t)->phase, PH_MOVE);
    explained(t, "M51: 5.2 Douchez's Movement", "open-fire", "not legal now");
    vbt_free(t);
}

/* 5.0 "a unit moves one adjacent hex at a time", told of unit 0 too: the
 * Guardias Espanolas (unit 0 of Scenario 1's forces) picked to move from
 * 0504, "to 0808" explained as no adjacent hex. (pc_explain.c:116 the
 * moving unit `s->mv_u >= 0` as `>= 1`: the step of unit 0 told only "not
 * legal now".) */
static void step_of_unit_zero_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    start_move(t, "LW", "Aramburu", "Guardias-Espanolas");
    assert_int_equal(S(t)->phase, PH_STEP);
    assert_int_equal(S(t)->mv_u, 0);
    explained(t, "M51: 5.0 the Guardias' step", "to 0808",
              "a unit moves one adjacent hex at a time (5.0)");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hex_names_of_digits_only),
        cmocka_unit_test(unknown_result_names_its_column),
        cmocka_unit_test(gun_faces_each_vertex),
        cmocka_unit_test(unit_paragraph_continues_four_in),
        cmocka_unit_test(move_explained_in_its_segment_only),
        cmocka_unit_test(step_of_unit_zero_explained),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
