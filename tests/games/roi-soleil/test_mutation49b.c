/* test_mutation49b.c - what the forty-ninth session's second mutation pass
 * (seed 49, helper rsq, docs/roi-soleil.md) found in rs_io.c (the state
 * file's reader; rs_loss.c's survivors equivalent): each test fails with
 * the code it guards planted back (messages "M49:", lines of d71e969c) and
 * passes without. The helpers are in rs_test.h. */
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

/* the state file of t with k and sub (the Siege Table's row and column)
 * set: its return code */
static int sortie_file(vbt *t, int k, int sub)
{
    json_t *j = vbt_state_json(t);
    json_object_set_new(j, "k", json_integer(k));
    json_object_set_new(j, "sub", json_integer(sub));
    return vbt_load_json(t, j);
}

/* 18.1.2 "S: Sortie by the besieged (defender). Roll a D6 ...", "S +:
 * same result as S plus the besieger's cannon are spiked": a sortie waits on a siege result of
 * S or S+, the cell of the Siege Table the state's k (the modified die,
 * 0-13) and sub (the column, 0-5) name, as a surrender with honours waits
 * on Sh. France N's siege of Luxembourg (Spain A in the garrison), D6 1 at
 * 1/7 (column 0): S+ without artillery, the sortie's D6 to roll. A file
 * naming a cell of S (row 3) loads; one naming A (4, 0), no result (0, 4),
 * Sh -2FV (13, 5, the last cell) or a row past the table (14) is refused
 * in one line. (rs_io.c:1056 read `k > 13 || sub > 5` only, any cell of
 * the table: the mutant `k >= 13` survived, no test loaded a sortie;
 * fixed, the cell read.) */
static void test_18_1_2_sortie_result_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->gz[G(t, "Spain A")] = (int8_t)Z(t, "Luxembourg");
    put(t, "Brabant", RS_C, T_INF, 0);
    vbt_act(t, "move France-N");
    march_to(t, "1", "to Luxembourg", NULL);
    vbt_act(t, "siege Luxembourg");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_SG_SORTIE);
    assert_int_equal(S(t)->k, 1);
    assert_int_equal(S(t)->sub, 0);
    reload_ok(t);
    static const struct {
        int k, sub;
    } bad[] = {{4, 0}, {0, 4}, {13, 5}, {14, 0}, {1, 6}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rs_state before = *S(t);
        if (sortie_file(t, bad[i].k, bad[i].sub) == 0)
            fail_msg("M49: a sortie on the Siege Table's row %d, column %d loaded", bad[i].k,
                     bad[i].sub);
        if (!strstr(t->cx.err, "the siege result of a sortie is out of range") ||
            strchr(t->cx.err, '\n'))
            fail_msg("M49: a sortie on row %d, column %d refused as: %s", bad[i].k, bad[i].sub,
                     t->cx.err);
        assert_memory_equal(&before, S(t), sizeof before);
    }
    if (sortie_file(t, 3, 0) != 0)
        fail_msg("M49: a sortie on an S (row 3, column 0) refused: %s", t->cx.err);
    assert_int_equal(S(t)->k, 3);
    vbt_dice(t, "1"); /* D6 1 < TC 2 of Spain A */
    assert_true(vbt_logged(t, "Sortie: D6 1 < TC 2, the besieger loses 1 SP"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_18_1_2_sortie_result_in_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
