/* test_balance_data.c - setge-1714: the Bourbon recovery schedule (rule
 * 10.1) that the balance study of issue 9 set (docs/ai.md, "balance under
 * mcts vs mcts after the rule fixes"): 10, 20 and 8 units on turns 3, 5 and 8
 * (variant Ve, measured with the AI that no longer shuffles its units between
 * deployment zones), none on the other turns. Fails when the data and the documented
 * measurement part; each of these turn records must say it is reconstructed
 * and where its value comes from. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "registry.h"
#include "vbtest.h"
#include "games/setge-1714/sg_int.h"

static const int schedule[SG_MAXT] = {[3] = 10, [5] = 20, [8] = 8};

static void test_recovery_schedule(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", "2p", 1);
    const sg_data *d = SGD(t->g);
    for (int turn = 1; turn <= d->last_turn + 1 && turn < SG_MAXT; turn++)
        assert_int_equal(d->recovery[turn], schedule[turn]);
    vbt_free(t);
}

static void test_recovery_sources(void **state)
{
    (void)state;
    json_error_t err;
    json_t *g = NULL;
    for (int k = 0; vb_data_table[k].path; k++)
        if (!strcmp(vb_data_table[k].path, "setge-1714/game.json"))
            g = json_loadb((const char *)vb_data_table[k].bytes, vb_data_table[k].len, 0, &err);
    if (!g)
        fail_msg("setge-1714/game.json: not built in or not JSON");
    json_t *turns = json_object_get(g, "turns");
    size_t i;
    json_t *o;
    int seen = 0;
    json_array_foreach(turns, i, o)
    {
        int turn = (int)json_integer_value(json_object_get(o, "turn"));
        const char *src = json_string_value(json_object_get(o, "source"));
        assert_non_null(src);
        assert_true(strncmp(src, "reconstructed:", 14) == 0);
        if (turn > 0 && turn < SG_MAXT && schedule[turn]) {
            assert_non_null(strstr(src, "balance sweep"));
            assert_non_null(strstr(src, "reference"));
            seen++;
        }
    }
    assert_int_equal(seen, 3);
    json_decref(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recovery_schedule),
        cmocka_unit_test(test_recovery_sources),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
