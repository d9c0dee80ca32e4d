/* test_mutation50.c - the fiftieth session's mutation pass (seed 50,
 * helper pcb, docs/piacenza-1746.md "Mutation pass, fiftieth session
 * (helper pcb)"): what the pass found without a test in pc_eval.c and
 * pc_rules.c. Each test quotes the rule it checks and names the mutant it
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

/* 4.5: "A WC must check if it is in Command at the time of its
 * activation. A FC checks ... before Movement, Combat and Reorganization":
 * the end of the Bombardment checks the FCs only, each WC keeps what his
 * last check found. In the battle, De Gages's wing activated with the
 * Austrian Gen Browne in command of Liechtenstein (five hexes), then six
 * Franco-Spanish units around Browne (as moved there): after
 * `end-bombardment` Browne is still in command (a new check would find no
 * line). (pc_rules.c:973 `pc_command_update(d, s, 0)` as `1`: every WC
 * checked again before the Combat, Browne out of command.) */
static void wc_keeps_his_command_to_the_combat(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    clear_board(t);
    int wc = LEADER(t, "Gen Browne"), cic = LEADER(t, "Liechtenstein");
    put_leader(t, "Liechtenstein", "1515");
    put_leader(t, "Gen Browne", "1520");
    int b = s->lhex[wc];
    assert_true(pc_dist(d, s->lhex[cic], b) <= d->l[cic].range);
    at_segment(t, "De Gages", PH_BOMB);
    pc_command_update(d, s, 1); /* the activation's check */
    assert_true(pc_leader_in_command(d, s, wc));
    for (int k = 0, u = 0; k < 6; k++, u++) {
        while (d->u[u].side != PC_FS || d->u[u].type != UT_INF)
            u++;
        int n = pc_nb(d, b, k);
        assert_true(n >= 0 && pc_passable(d, n));
        s->uhex[u] = (int16_t)n;
    }
    pc_state *fresh = malloc(sizeof *fresh);
    memcpy(fresh, s, sizeof *fresh);
    pc_command_update(d, fresh, 1);
    assert_false(pc_leader_in_command(d, fresh, wc)); /* no line left */
    free(fresh);
    vbt_act(t, "end-bombardment");
    if (!pc_leader_in_command(d, s, wc))
        fail_msg("M50: 4.5 Gen Browne, in command at De Gages's activation, out of command "
                 "at the end of the Bombardment");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_line_hypothesis_in_a_plain_move),
        cmocka_unit_test(wc_keeps_his_command_to_the_combat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
