/* test_mutation40.c - the rules that the fortieth session's mutation pass
 * (seed 40, helper pcx, docs/piacenza-1746.md "Mutation pass, fortieth
 * session (helper pcx)") found without a test in the rules files
 * (pc_combat.c, pc_rules.c, pc_turn.c, pc_battle.c): each test quotes the
 * rule it checks and names the mutant it kills (lines of a60262e).
 * Messages begin "M40:". The positions are built on cleared boards, as the
 * other tests' are. */
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

/* 8.5.3: "Subtract one to the die roll result if the unit is, or it is
 * adjacent to, a Grenadiers unit in good order." Pallavicini (3 SP),
 * disordered by a D with the Grenadiers Marini two hexes away (0705,
 * 0707), rolls a 4: no grenadier beside it, it stays disordered; the Gd
 * Lorraines (2 SP, grenadiers) of the centre hit alone change ranks on a
 * 4 (4 - 1 = 3). (pc_combat.c:310 `pc_dist(...) <= 1` as `>= 1`:
 * grenadiers anywhere but in the unit's own hex counted.) */
static void changing_ranks_grenadiers_beside_only(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Pallavicini", "0705");
    put(t, "Grenadiers Marini", "0707");
    assert_int_equal(pc_dist(D(t), HX(t, "0705"), HX(t, "0707")), 2);
    hit(t, "Pallavicini", R_D, "0605");
    dice_on(t, "4");
    if (S(t)->ustat[U(t, "Pallavicini")] != ST_DIS)
        fail_msg("M40: 8.5.3 grenadiers two hexes away: Pallavicini changes ranks on a 4");
    vbt_free(t);
    t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Gd Lorraines", "0505");
    hit(t, "Gd Lorraines", R_D, "0605");
    dice_on(t, "4");
    if (S(t)->ustat[U(t, "Gd Lorraines")] != ST_GOOD)
        fail_msg("M40: 8.5.3 the Gd Lorraines (grenadiers) do not change ranks on a 4");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(changing_ranks_grenadiers_beside_only),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
