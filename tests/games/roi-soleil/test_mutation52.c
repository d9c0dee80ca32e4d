/* test_mutation52.c - what the fifty-second session's mutation pass (seed
 * 52, helper rsw, docs/roi-soleil.md) found untested in rs_io.c: the test
 * fails with its surviving mutant planted (messages "M52:", lines of
 * ed0e5bd6) and passes without. The helpers are in rs_test.h. */
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

/* 18.1.2: the Siege Table's sixth column (5) gives losses too ("Es -1FV"
 * on row 9, as on row 10 of column 4, brabant_es_siege's cell); a state
 * file at those losses reloads (rs_io.c:1020, the column `s->sub <= 5` as
 * `<= 4`) */
static void test_18_1_2_siege_loss_in_column_5_reloads(void **state)
{
    (void)state;
    vbt *t = brabant_es_siege();
    rs_state *s = S(t);
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->k, 10);
    assert_int_equal(s->sub, 4);
    s->k = 9; /* the same result one column to the right */
    s->sub = 5;
    json_t *j = vbt_state_json(t);
    char *txt = json_dumps(j, 0);
    json_decref(j);
    int rc = vbt_load(t, txt);
    free(txt);
    if (rc != 0 || S(t)->phase != P_LOSS || S(t)->sub != 5)
        fail_msg("M52: a siege's loss in column 5 not reloaded: '%s'", t->cx.err);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_18_1_2_siege_loss_in_column_5_reloads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
