/* test_mutation52b.c - what the fifty-second session's second round (seed
 * 52, helper rsv, docs/roi-soleil.md) found untested in rs_io.c: the test
 * fails with its surviving mutant planted (messages "M52:", lines of
 * a3e98934) and passes without. The helpers are in rs_test.h. */
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

/* the state file of t with path set to v is refused with one line naming
 * why, and the position is unchanged */
static void m52_refused(vbt *t, const char *path, json_t *v, const char *why)
{
    rs_state before = *S(t);
    json_t *j = vbt_state_json(t);
    set_at(j, path, v);
    int rc = vbt_load_json(t, j);
    if (!rc || !strstr(t->cx.err, why) || strchr(t->cx.err, '\n'))
        fail_msg("M52: %s in the state file: '%s' (expected '%s')", path,
                 rc ? t->cx.err : "accepted", why);
    assert_memory_equal(&before, S(t), sizeof before);
}

/* the state file's lists of generals name generals of the map: an empty
 * name is none of them (rs_io.c:535, find_gen's `i < d->ng` as `<=`: the
 * unused slot after the last general, whose name is empty, taken for one) */
static void test_generals_list_empty_name(void **state)
{
    (void)state;
    vbt *t = campaign();
    m52_refused(t, "marched", json_pack("[s]", ""), "state: marched: unknown general 0");
    m52_refused(t, "top", json_pack("[s]", ""), "state: top: unknown general 0");
    reload_ok(t);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generals_list_empty_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
