/* test_mutation50.c - the fiftieth session's mutation pass (seed 50,
 * helper pcb, docs/piacenza-1746.md "Mutation pass, fiftieth session
 * (helper pcb)"): what the pass found without a test in pc_battle.c and
 * pc_eval.c. Each test quotes the rule it checks and names the mutant it
 * kills (lines of f8ccc669). Messages begin "M50:". */
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

/* 5.5, 5.6: the evaluation credits a Line being declared (pc_eval.c's
 * pc_line_hypothesis: "Returns 0 when no Line is being declared"). In the
 * battle, Aramburu's formation chosen, then Castilla moving alone, no
 * Line declared (no anchor): no hypothesis, the positions given left
 * as they are (test_mutation43.c checks the declaration begun). (pc_eval.c:205
 * the no-anchor `return 0` as `return 1`: a plain move taken for a Line.) */
static void no_line_hypothesis_in_a_plain_move(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    vbt_act(t, "formation Aramburu");
    const char *act = "move Castilla";
    assert_int_equal(d->u[U(t, "Castilla")].form, s->form);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            vbt_act(t, act);
        assert_true(s->phase == PH_MOVE || s->phase == PH_STEP);
        assert_true(s->line_anchor < 0);
        int16_t hx[PC_MAXU];
        int8_t adv[PC_MAXU];
        memcpy(hx, s->uhex, sizeof hx);
        memset(adv, 0, sizeof adv);
        int r = pc_line_hypothesis(d, s, hx, adv);
        if (r)
            fail_msg("M50: 5.5 / 5.6 no Line declared (%s, phase %d): a Line hypothesis (%d)",
                     pass ? act : "formation Aramburu", s->phase, r);
        int8_t zero[PC_MAXU] = {0};
        assert_memory_equal(hx, s->uhex, sizeof hx);
        assert_memory_equal(adv, zero, sizeof adv);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_line_hypothesis_in_a_plain_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
