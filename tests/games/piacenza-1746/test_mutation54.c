/* test_mutation54.c - piacenza-1746: tests written against the survivors of
 * the seed-54 mutation pass over pc_rules.c, pc_data.c and pc_board.c
 * (docs/piacenza-1746.md, "Mutation pass, fifty-fourth session (helper
 * pcy)"). Messages "M54:". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "core/registry.h"
#include "pc_test.h"

/* 8.2.1 ("the modifier is -2 in the hex with the Smoke marker"), the
 * modifier read from tables.json within -9..0 as every modifier of its
 * record: -9 loads, -10 is refused naming the key and its range
 * (pc_data.c:479: the bound -9 as -8 refused a smoke modifier of -9). */
static void smoke_modifier_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M54: 8.2.1 a smoke modifier of -9", "tables.json", "\"smoke_hex\": -2",
         "\"smoke_hex\": -9", NULL},
        {"M54: 8.2.1 a smoke modifier of -10", "tables.json", "\"smoke_hex\": -2",
         "\"smoke_hex\": -10", "\"smoke_hex\" is -10, must be -9-0"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* Scenario 2's set-up areas ("west of the Refudo Stream", the stream
 * between columns 08 and 09: docs, "Set-up areas"): a bank's stream runs
 * east of a column of the map, from the first to the last but one (the
 * centre map's 18 columns: 1-17); 18, east of the map's last column, is
 * refused naming the range, 17 loads (pc_data.c:584: the bound `d->w - 1`
 * as `d->w - 0` loaded a stream past the map's east edge). */
static void stream_column_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M54: Scenario 2 a stream east of column 18", "forces-centre.json", "\"stream_column\": 8",
         "\"stream_column\": 18", "\"stream_column\" is 18, must be 1-17"},
        {"M54: Scenario 2 a stream east of column 17", "forces-centre.json", "\"stream_column\": 8",
         "\"stream_column\": 17", NULL},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* The SVG map (no rule: what a player reads; 1.0 "a hexagonal grid"):
 * each hex of the playable area is drawn as a hexagon, its polygon of six
 * corners, the first HS (30 px) east of the centre and the fourth HS west
 * of it. San Lazzaro's map, every hex drawn (pc_board.c:225 the corners'
 * `k < 6` as `k < 5`: a pentagon, its last side missing). */
static void svg_hexes_have_six_corners(void **state)
{
    (void)state;
    vbt *t = board();
    char *svg = vbt_svg_text(t, -1);
    int n = 0;
    for (const char *a = strstr(svg, "<g class=\"hex "); a; a = strstr(a + 1, "<g class=\"hex ")) {
        const char *p = strstr(a, "<polygon points=\""), *end;
        assert_non_null(p);
        p += strlen("<polygon points=\"");
        end = strchr(p, '"');
        assert_non_null(end);
        double x[7], y[7];
        int k = 0, used = 0;
        while (p < end && k < 7 && sscanf(p, "%lf,%lf %n", &x[k], &y[k], &used) == 2) {
            p += used;
            k++;
        }
        if (k != 6 || p != end)
            fail_msg("M54: the SVG hex %.40s drawn with %d corners, not 6", a, k);
        if (x[0] - x[3] < 59.9 || x[0] - x[3] > 60.1 || y[0] - y[3] > 0.05 || y[3] - y[0] > 0.05)
            fail_msg("M54: the SVG hex %.40s: corners 1 and 4 not 60 px apart on a row", a);
        n++;
    }
    assert_true(n > 0);
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(smoke_modifier_bounds),
        cmocka_unit_test(stream_column_bounds),
        cmocka_unit_test(svg_hexes_have_six_corners),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
