/* test_mutation53.c - piacenza-1746: tests written against the survivors of
 * the seed-53 mutation pass over pc_battle.c, pc_combat.c and pc_cavalry.c
 * (docs/piacenza-1746.md, "Mutation pass, fifty-third session (helper
 * pcu)"). Messages "M53:". */
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

/* 4.6.1: a Standard Bearer whose stack is eliminated joins the nearest
 * unit of his wing (the engine's reading, section 4.6.1 above); of two
 * equally near, the first of the order of battle. Bandera De Gages with
 * Castilla in 1010, the Guardias Espanolas (the first unit of the order of
 * battle) in 1012 and the Guardias Valonas in 1008, both two hexes away,
 * Lombardia in 1015: Castilla eliminated, the bearer goes to 1012.
 * (pc_battle.c:284 the nearest unit's `pc_dist(...) < bd` as `<=`: the
 * last of the equally near taken, the bearer in 1008.) */
static void bearer_joins_the_first_of_the_nearest(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int w = pc_find_wing(d, "De Gages");
    clear_board(t);
    put(t, "Castilla", "1010");
    put(t, "Guardias Espanolas", "1012");
    put(t, "Guardias Valonas", "1008");
    put(t, "Lombardia", "1015");
    s->bhex[w] = (int16_t)HX(t, "1010");
    assert_true(U(t, "Guardias Espanolas") < U(t, "Guardias Valonas"));
    assert_int_equal(pc_dist(d, HX(t, "1010"), HX(t, "1012")), 2);
    assert_int_equal(pc_dist(d, HX(t, "1010"), HX(t, "1008")), 2);
    pc_eliminate(d, s, U(t, "Castilla"), &t->cx);
    if (s->bhex[w] != HX(t, "1012"))
        fail_msg("M53: 4.6.1 Bandera De Gages went to hex %d, not to the Guardias Espanolas "
                 "in 1012 (%d)",
                 s->bhex[w], HX(t, "1012"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bearer_joins_the_first_of_the_nearest),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
