/* test_util.c - names, errors, data files, the registry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"

static void test_name_eq_folds_case_and_separators(void **state)
{
    static const char *const names[] = {"Santa Clara", "Portal-Nou", "Napols"};
    (void)state;
    assert_true(vb_name_eq("Santa Clara", "santa-clara"));
    assert_true(vb_name_eq("Portal-Nou", "portal_nou"));
    assert_false(vb_name_eq("Napols", "Napol"));
    assert_int_equal(vb_name_find(names, 3, "PORTAL NOU"), 1);
    assert_int_equal(vb_name_find(names, 3, "Born"), -1);
}

static void test_name_token(void **state)
{
    char buf[32];
    (void)state;
    vb_name_token(buf, sizeof buf, "Pla de Palau");
    assert_string_equal(buf, "Pla-de-Palau");
    vb_name_token(buf, 5, "Pla de Palau");
    assert_string_equal(buf, "Pla-");
}

static void test_fail_sets_message(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_fail(&cx, VB_EINPUT, "unknown zone '%s'", "Sant Pere"), VB_EINPUT);
    assert_string_equal(cx.err, "unknown zone 'Sant Pere'");
    assert_int_equal(vb_fail(NULL, VB_EILLEGAL, "x"), VB_EILLEGAL);
    assert_string_equal(vb_strerror(VB_EILLEGAL), "illegal action");
}

static void test_unknown_game_and_data(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_null(vb_game_load("no-such-game", &cx));
    assert_non_null(strstr(cx.err, "unknown game 'no-such-game'"));
    assert_null(vb_data_json("no-such-game/x.json", &cx));
    assert_non_null(strstr(cx.err, "no such data file"));
}

static void test_registry_games_load(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *d = vb_registry_get(i);
        vb_game *g = vb_game_load(d->id, &cx);
        if (!g)
            fail_msg("%s: %s", d->id, cx.err);
        assert_ptr_equal(vb_registry_find(d->id), d);
        assert_true(d->nroles >= 1 && d->nroles <= VB_MAX_ROLES);
        assert_true(d->noptions <= VB_MAX_OPTIONS);
        assert_true(d->state_size >= sizeof(vb_head));
        vb_game_free(g);
    }
    assert_null(vb_registry_get(-1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_name_eq_folds_case_and_separators),
        cmocka_unit_test(test_name_token),
        cmocka_unit_test(test_fail_sets_message),
        cmocka_unit_test(test_unknown_game_and_data),
        cmocka_unit_test(test_registry_games_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
