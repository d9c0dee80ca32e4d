/* test_secrets45.c - what the forty-fifth session's secrets pass (helper
 * sec, docs/roi-soleil.md) found untested in the hiding code of rs_view.c
 * (rs_visibility, rs_redact, rs_determinize): each test fails with its
 * surviving mutant planted (messages "S45:", lines of 4cd32730) and passes
 * without. The helpers are in rs_test.h. */
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

/* 17: "A skirmish engages fewer than 10 SP in one and/or the other of the
 * armies ... It does not require spending a Battle marker." France's
 * attack on the Spanish 6 SP in Brabant (campaign(), the royal army
 * marched there) is a skirmish: France's held Battle marker stays secret,
 * and so it does when a move names a zone where a battle could be fought
 * (rs_view.c:320, `op == OP_ATTACK && rs_is_battle(...)` as `||`: the
 * skirmish, or any action naming a battle zone, revealed the marker). */
static void test_17_skirmish_keeps_battle_marker_secret(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    royal_army_to_brabant(t);
    int bra = Z(t, "Brabant");
    assert_true(rs_held(s, RS_F, CAT_BATTLE) >= 0);
    assert_false(rs_is_battle(t->g, s, bra, RS_F));
    vb_vis v = vis_of(t, "attack Brabant");
    if (v.reveals)
        fail_msg("S45: a skirmish revealed group %#x (France's Battle marker)",
                 (unsigned)v.reveals);
    vbt_free(t);
    /* a battle zone named by an action other than an attack reveals nothing */
    t = battle_position();
    s = S(t);
    bra = Z(t, "Brabant");
    assert_true(rs_is_battle(t->g, s, bra, RS_F));
    for (int op = 0; op < 256; op++) {
        if (op == OP_ATTACK || op == OP_SIEGE || op == OP_SCORCH)
            continue;
        memset(&v, 0, sizeof v);
        v.see = VB_ALL_ROLES;
        t->g->def->visibility(t->g, s, ACT(op, bra, 0, 0), &v);
        if (v.reveals)
            fail_msg("S45: op %d in Brabant revealed group %#x", op, (unsigned)v.reveals);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_17_skirmish_keeps_battle_marker_secret),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
