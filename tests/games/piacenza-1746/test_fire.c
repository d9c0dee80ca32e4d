/* test_fire.c - Piacenza 1746 fire combat (9.1-9.1.8): the columns and
 * modifiers, the two volleys, Feu de Billebaude, the disordered unit's one
 * volley (11.1 d). Positions are built on the Scenario 1 map by placing
 * units directly; each case fails when its rule is changed. */
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

/* 11.1 d, 11.2 (errata): a disordered unit "performs a single volley and
 * then goes into Feu de Billebaude"; "Any Feu de Billebaude marker on a
 * unit which routs is removed". Castilla, disordered, fires its one
 * volley; Clerici's reply in the same volley (9.1: simultaneous)
 * disorders it again and the TDR of 11.1 e fails: it routs, and no Feu de
 * Billebaude comes after (the state stays loadable). */
static void routed_one_volley_no_billebaude(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0705");
    put_leader(t, "Aramburu", "0704");
    put(t, "Clerici", "0805");
    put_leader(t, "Novati", "0906");
    S(t)->ustat[U(t, "Castilla")] = ST_DIS;
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "end-formation");
    vbt_act(t, "end-movement");
    vbt_act(t, "end-bombardment");
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Castilla Clerici");
    vbt_act(t, "open-fire");
    vbt_act(t, "reply Clerici Castilla");
    dice_on(t, "0,6");
    int c = U(t, "Castilla");
    /* 11.1 e in a state file: the pending TDR of a second disorder is a
     * disordered unit's; a unit in good order (or routed) has none */
    assert_int_equal(S(t)->roll, RL_DIS2);
    assert_int_equal(S(t)->roll_u, c);
    assert_true(S(t)->uflag[c] & UF_ONEVOL);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *cu = json_object_get(json_object_get(j, "units"), "Castilla");
    pc_load_expect(t, file, NULL, "the TDR of a disordered unit");
    json_object_set_new(cu, "flags", json_array());
    static const char *const st[] = {"good", "routed"};
    for (int k = 0; k < 2; k++) {
        json_object_set_new(cu, "status", json_string(st[k]));
        pc_load_expect(t, file, "11.1 e: the second-disorder TDR needs a disordered unit", st[k]);
    }
    json_decref(j);
    json_decref(file);
    dice_on(t, "9");
    assert_int_equal(S(t)->ustat[c], ST_ROUT);
    assert_false(S(t)->uflag[c] & UF_FDB);
    assert_false(S(t)->uflag[c] & UF_ONEVOL);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(routed_one_volley_no_billebaude),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
