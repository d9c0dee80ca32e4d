/* test_mutation41.c - what the forty-first session's mutation pass (seed
 * 41, helper rsz, docs/roi-soleil.md) found untested in rs_common.c,
 * rs_view.c, rs_io.c, rs_data.c and rs_odds.c: each test fails with its
 * surviving mutant planted (messages "M41:", lines of 146fd059) and passes
 * without. Positions are the Devolution's set-up, edited where a case needs
 * it (the helpers are in rs_test.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "rs_test.h"

/* 11: "The maximum values to which the Lines of Defence and the Fortresses
 * can be increased are respectively 2 and 4." The invariants checked after
 * every decision refuse a fortress past FV 4 and a line past 2 (rs_view.c:275,
 * the check's `fv > 4` as `fv > 5`: play and the state files never reach 5,
 * so only the check itself shows it). */
static void test_check_refuses_fv_and_line_past_their_maximum(void **state)
{
    (void)state;
    static const struct {
        int fv, line, ok;
    } rows[] = {{4, 2, 1}, {5, 1, 0}, {6, 1, 0}, {4, 3, 0}};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int ar = Z(t, "Artois");
        s->z[ar].fv = (uint8_t)rows[r].fv;
        s->z[ar].line = (uint8_t)rows[r].line;
        int rc = t->g->def->check(t->g, s, &t->cx);
        if (rows[r].ok ? rc != 0 : rc == 0 || !strstr(t->cx.err, "out of range"))
            fail_msg("M41: Artois at FV %d, line %d: %s (%s)", rows[r].fv, rows[r].line,
                     rc ? "refused" : "accepted", rc ? t->cx.err : "");
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_refuses_fv_and_line_past_their_maximum),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
