/* test_audit31.c - the rules that the thirty-first session's audit by
 * planting of 9.0-9.2, 10.0-10.5, 11.0-11.4 and 4.0-4.7
 * (docs/piacenza-1746.md "Audit by planting, thirty-first session (helper
 * pcc)") found without a test: each test names the rulebook sentence it
 * pins and the change it catches. */
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

/* 11.3: "A routed unit must immediately retreat to the friendly edge of
 * the map (west for Franco-Spanish ...)"; "If a Routed unit is forced to
 * leave the map or encounters only impassable hexes during its rout, it is
 * eliminated." Castilla routs in 0605 with every neighbour no farther from
 * its (west) edge held by Austrian units, the hexes to the east free: it
 * finds no way back and is eliminated, never drifting east; with one of
 * them left free it drifts there. Caught: pc_drift's refusal of a hex
 * farther from the edge (`e > ce`) dropped. */
static void rout_never_drifts_away_from_its_edge(void **state)
{
    (void)state;
    static const char *const au[4] = {"Clerici", "Pallavicini", "Marschall", "Daun"};
    for (int leave = 0; leave < 2; leave++) {
        vbt *t = board();
        const pc_data *d = D(t);
        pc_state *s = S(t);
        int c = U(t, "Castilla"), h = HX(t, "0605"), col = h / d->h, n = 0, freed = -1;
        assert_true(d->edge_west[PC_FS]);
        put(t, "Castilla", "0605");
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, h, k);
            if (nb < 0 || nb / d->h > col)
                continue;
            assert_true(n < 4);
            if (leave && freed < 0) {
                freed = nb;
                continue;
            }
            put_at(t, au[n++], nb);
        }
        assert_int_equal(n, leave ? 3 : 4);
        pc_rout(d, s, c, &t->cx);
        if (!leave) {
            assert_int_equal(s->uhex[c], -1);
            expect_log(t, "finds no way back");
        } else {
            assert_true(s->uhex[c] >= 0);
            assert_true(s->uhex[c] / d->h <= col);
        }
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rout_never_drifts_away_from_its_edge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
