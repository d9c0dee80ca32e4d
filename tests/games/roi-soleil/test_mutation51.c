/* test_mutation51.c - what the fifty-first session's mutation pass (seed
 * 51, helper rsy, docs/roi-soleil.md) found untested in rs_view.c,
 * rs_event.c and rs_winter.c: each test fails with its surviving mutant
 * planted (messages "M51:", lines of 26da7067) and passes without. The
 * helpers are in rs_test.h. */
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

/* 13.2 "A garrison is composed of units located in a fortress within the
 * limits of its FV", 18: the invariants read every zone of the map, the
 * first (France Ouest) too (rs_view.c:273, the zones' `z = 0` as `z = 1`). */
static void test_13_2_garrison_beyond_fv_in_the_first_zone(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int z = Z(t, "France Ouest");
    assert_int_equal(z, 0);
    assert_int_equal(rs_ctrl(t->g, s, z), RS_F);
    check_ok(t);
    int inf = KIND(0, T_INF);
    assert_true(s->c[RS_F].reserve[inf] >= 5);
    int n = s->z[z].fv + 1 - rs_sp(s->z[z].garr);
    s->c[RS_F].reserve[inf] = (uint8_t)(s->c[RS_F].reserve[inf] - n);
    s->z[z].garr[inf] = (uint8_t)(s->z[z].garr[inf] + n);
    if (!t->g->def->check(t->g, s, &t->cx) || !strstr(t->cx.err, "zone 'France Ouest': garrison"))
        fail_msg("M51: %d SP in France Ouest's garrison, FV %d: not refused ('%s')",
                 rs_sp(s->z[z].garr), s->z[z].fv, t->cx.err);
    vbt_free(t);
}

/* 13.1.1 with 3.2: a march's SP, held off the map while it moves, are its
 * camp's; Louis XIV (general 0) leads the royal army, and his march counts
 * as any other in the SP the invariants conserve (rs_view.c:226, the
 * march's general `s->mv.gen >= 0` as `> 0`). */
static void test_13_1_1_royal_march_sp_conserved(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    royal_army(t);
    vbt_act(t, "march");
    step(t, "to Brabant");
    assert_int_equal(s->mv.gen, G(t, "Louis XIV"));
    assert_int_equal(s->mv.gen, 0);
    assert_true(rs_sp(s->mv.sp) >= 10);
    int rc = t->g->def->check(t->g, s, &t->cx);
    if (rs_marching(t->g, s) != RS_F || rc)
        fail_msg("M51: Louis XIV's march of %d SP not France's (%d): '%s'", rs_sp(s->mv.sp),
                 rs_marching(t->g, s), rc ? t->cx.err : "");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_13_2_garrison_beyond_fv_in_the_first_zone),
        cmocka_unit_test(test_13_1_1_royal_march_sp_conserved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
