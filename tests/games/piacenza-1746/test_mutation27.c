/* test_mutation27.c - the rules that the twenty-seventh session's mutation
 * pass (seed 27, docs/piacenza-1746.md "Mutation pass, twenty-seventh
 * session (helper pcm)") found without a test: each test names the
 * rulebook sentence it pins and the mutant it kills. */
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

/* The end of turn `turn` of the battle, every unit in good order (no
 * reorganisation asked), as test_battle.c does. */
static void end_turn(vbt *t, int turn)
{
    S(t)->turn = turn;
    for (int u = 0; u < D(t)->nu; u++)
        S(t)->ustat[u] = ST_GOOD;
    S(t)->reorg_u = -1;
    pc_next_reorg(D(t), S(t), &t->cx);
}

/* 13.2: at the end of 15:00 the Franco-Spanish "reveal one occupied
 * objective". The Guardias Espanolas, unit 0 of the battle's order of
 * battle, alone in Montale (whoever stood there moved away): Montale is
 * to be revealed, Turro (not occupied) is not, and the battle goes on.
 * pc_battle.c must_reveal: `pc_unit_at(...) >= 0` to `>= 1` (seed 27,
 * :334) did not see unit 0 there: no reveal was due and the battle
 * ended. */
static void reveal_held_by_unit_zero(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Montale", "Turro", "Gariga");
    int h = PLACE(t, "Montale"), g = U(t, "Guardias Espanolas");
    assert_int_equal(g, 0);
    for (int u = 0; u < D(t)->nu; u++)
        if (S(t)->uhex[u] == h)
            S(t)->uhex[u] = (int16_t)free_hex(t, h, 4, 99);
    S(t)->uhex[g] = (int16_t)h;
    end_turn(t, 10);
    assert_false(vbt_logged(t, "automatic Austrian victory"));
    assert_int_equal(S(t)->phase, PH_REVEAL);
    assert_true(vbt_legal(t, "reveal Montale"));
    assert_false(vbt_legal(t, "reveal Turro"));
    vbt_act(t, "reveal Montale");
    assert_int_equal(S(t)->turn, 11);
    vbt_free(t);
}

/* 13.2: "the Austrian player wins an Automatic Victory at the end of the
 * 3.00 pm game turn if the Franco-Spanish player does not occupy at least
 * one of the geographic objectives": the verdict names that turn. No objective held at the end of
 * 15:00, the four revealed: "... no objective held at the end of 15:00". pc_battle.c
 * pc_battle_result: `turn_name[d->auto_turn - 1]` to `- 0` (seed 27, :634)
 * named 16:00. */
static void automatic_verdict_names_the_hour(void **state)
{
    (void)state;
    vb_result r;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Turro", "Gariga");
    end_turn(t, 10);
    expect_log(t, "automatic Austrian victory");
    vbt_act(t, "reveal San-Lazzaro");
    vbt_act(t, "reveal Le-Mose");
    vbt_act(t, "reveal Turro");
    vbt_act(t, "reveal Gariga");
    t->g->def->result(t->g, S(t), &r);
    assert_true(r.over);
    assert_int_equal(r.winner, PC_AU);
    assert_string_equal(r.verdict, "Austrian automatic victory (13.2): no objective held at the "
                                   "end of 15:00");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reveal_held_by_unit_zero),
        cmocka_unit_test(automatic_verdict_names_the_hour),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
