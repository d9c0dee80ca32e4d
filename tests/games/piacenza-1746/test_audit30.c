/* test_audit30.c - the rules that the thirtieth session's audit by planting
 * of 3.0-3.1, 5.0-5.11, 6.0 and 7.0-7.2 (docs/piacenza-1746.md "Audit by
 * planting, thirtieth session (helper pca)") found without a test: each
 * test names the rulebook sentence it pins and the change it catches. */
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

/* 5.0: "To cross a Stream, a unit must spend additional movement points,
 * only when the hexside is actually traversed by a Stream" (the TEC's
 * stream_mp, reconstructed: +1, +2 for guns). A Clear hex entered across a
 * stream hexside with no road costs the Clear hex's MP plus the stream's;
 * the same hex entered from a Clear neighbour across no stream, its MP
 * alone. Caught: the stream's MP dropped from pc_step_cost. */
static void stream_hexside_costs_more(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int found = 0;
    for (int h = 0; h < d->nhex && !found; h++)
        for (int k = 0; k < 6 && !found; k++) {
            int n = pc_nb(d, h, k);
            if (n < 0 || !(d->stream[h] & (1u << k)) || (d->road[h] & (1u << k)) ||
                !pc_side_open(d, h, k) || !d->terr[d->hterr[h]].is_clear ||
                !d->terr[d->hterr[n]].is_clear)
                continue;
            int clear_inf = d->terr[d->hterr[n]].mp[UT_INF];
            int clear_art = d->terr[d->hterr[n]].mp[UT_ART];
            assert_int_equal(pc_step_cost(d, UT_INF, h, k, n), clear_inf + 1);
            assert_int_equal(pc_step_cost(d, UT_CAV, h, k, n), d->terr[d->hterr[n]].mp[UT_CAV] + 1);
            assert_int_equal(pc_step_cost(d, UT_ART, h, k, n), clear_art + 2);
            /* from a Clear neighbour of n across no stream and no road */
            for (int j = 0; j < 6; j++) {
                int m = pc_nb(d, n, j);
                int back = m >= 0 ? pc_dir_to(d, m, n) : -1;
                if (m < 0 || back < 0 || m == h || !d->terr[d->hterr[m]].is_clear ||
                    (d->stream[m] & (1u << back)) || (d->road[m] & (1u << back)) ||
                    !pc_side_open(d, m, back))
                    continue;
                assert_int_equal(pc_step_cost(d, UT_INF, m, back, n), clear_inf);
                found = 1;
                break;
            }
        }
    assert_true(found);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stream_hexside_costs_more),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
