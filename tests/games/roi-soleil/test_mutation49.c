/* test_mutation49.c - what the forty-ninth session's mutation pass (seed
 * 49, helper rsp, docs/roi-soleil.md) found untested in rs_eval.c (of
 * rs_prep.c, rs_common.c, rs_odds.c, rs_eval.c and rs_def.c, the others'
 * survivors equivalent): each test fails with its surviving mutant planted
 * (messages "M49:", lines of 9f7f830d) and passes without. The helpers are
 * in rs_test.h. */
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

/* (no rule: the AI's evaluation; 22.1 "number of Coalition allies
 * neutralised - number of French allies neutralised") the allies term is
 * capped at the column's reach, 2 either way: three Coalition allies of
 * the Spanish Succession neutralised, then three French allies
 * (rs_eval.c:149 the clamps `allies > 2 ? 2` as `? 3` and `allies < -2 ?
 * -2` as `? -3`). */
static void test_eval_allies_term_capped(void **state)
{
    (void)state;
    static const char *const names[2][3] = {{"Spain", "Bavaria", "Savoy"},
                                            {"Great Britain", "Empire", "Brandenburg"}};
    for (int c = 0; c < 2; c++) {
        vbt *t = succession();
        rs_state *s = S(t);
        double y[RS_EVAL_NT];
        for (int i = 0; i < 3; i++) {
            int st = ST(t, names[c][i]);
            assert_int_equal(s->scamp[st], c);
            s->alpos[st] = 0;
            s->neutralised[st] = 1;
        }
        rs_eval_terms(t->g, s, y);
        if (y[RS_T_ALLIES] != (c == RS_C ? 2 : -2))
            fail_msg("M49: three %s allies neutralised: the allies term %g, not %d",
                     rs_camp_names[c], y[RS_T_ALLIES], c == RS_C ? 2 : -2);
        vbt_free(t);
    }
}

/* (no rule: the AI's evaluation; 13 "The generals and units of a march
 * stand in the zone of departure until the march ends") the army term
 * counts a march's SP as on the map, twice with its general, the
 * Coalition's as France's (test_eval.c marches Maximilien's): in the Spanish
 * Succession, Eugene and 6 Austrian SP in Savoie (as test_succession.c's
 * march on Dauphine) put on the march (a position set by hand) leave the
 * term as it was (rs_eval.c:128 `mc >= 0` as `mc <= 0`: the Coalition's
 * march, camp 1, not counted). */
static void test_eval_coalition_march_counted(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    double x[RS_EVAL_NT], y[RS_EVAL_NT];
    int z = Z(t, "Savoie"), gi = G(t, "Eugene");
    put_sp(t, "Savoie", RS_C, "Austria", T_INF, 6);
    assert_int_equal(rs_gcamp(t->g, s, gi), RS_C);
    s->gz[gi] = (int8_t)z;
    rs_eval_terms(t->g, s, x);
    s->phase = P_MV_STEP;
    s->active = s->who = RS_C;
    s->mv.gen = (int8_t)gi;
    s->mv.from = s->mv.at = (int8_t)z;
    memcpy(s->mv.sp, s->z[z].army[RS_C], RS_NT);
    memset(s->z[z].army[RS_C], 0, RS_NT);
    assert_int_equal(rs_marching(t->g, s), RS_C);
    rs_eval_terms(t->g, s, y);
    if (y[RS_T_SP] != x[RS_T_SP])
        fail_msg("M49: the Coalition's march of %d SP moved the army term by %+g", rs_sp(s->mv.sp),
                 y[RS_T_SP] - x[RS_T_SP]);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eval_allies_term_capped),
        cmocka_unit_test(test_eval_coalition_march_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
