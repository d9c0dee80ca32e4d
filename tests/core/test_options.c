/* test_options.c - options from the loaded game: per-scenario defaults
 * (g->option_def) reach setup, state files without "options" and the
 * option parser; the strict parser refuses what is not a whole number in
 * range. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"

static void per_scenario_defaults(void **state)
{
    vb_ctx cx;
    vb_game *g;
    vb_match m;
    int opts[VB_MAX_OPTIONS];
    json_t *j;
    (void)state;
    vb_ctx_init(&cx);
    g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    assert_string_equal(g->def->options[0].key, "events");
    /* As a game's load would: scenario 3p plays without events by default. */
    g->option_def[1][0] = 0;
    vb_option_defaults(g, 0, opts);
    assert_int_equal(opts[0], 1);
    vb_option_defaults(g, 1, opts);
    assert_int_equal(opts[0], 0);
    assert_int_equal(vb_match_init(&m, g, 1, NULL, 5, &cx), 0);
    assert_int_equal(((vb_head *)m.st)->opts[0], 0);
    /* A record of that scenario without "options" gets the same defaults. */
    j = vb_match_to_json(&m, -1);
    json_object_del(j, "options");
    vb_match_release(&m);
    assert_int_equal(vb_match_load(&m, g, j, &cx), 0);
    assert_int_equal(((vb_head *)m.st)->opts[0], 0);
    vb_match_release(&m);
    json_decref(j);
    /* An explicit value still wins. */
    vb_option_defaults(g, 1, opts);
    assert_int_equal(vb_option_parse(g, "events=1", opts, &cx), 0);
    assert_int_equal(opts[0], 1);
    vb_game_free(g);
}

static void strict_values(void **state)
{
    static const char *const bad[] = {"events=2",          "events=-1", "events=x", "events= 1",
                                      "events=4294967297", "events=",   "nosuch=1", NULL};
    vb_ctx cx;
    vb_game *g;
    int opts[VB_MAX_OPTIONS];
    (void)state;
    vb_ctx_init(&cx);
    g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    for (int i = 0; bad[i]; i++) {
        vb_option_defaults(g, 0, opts);
        if (vb_option_parse(g, bad[i], opts, &cx) != VB_EINPUT)
            fail_msg("option '%s' accepted", bad[i]);
        assert_int_equal(opts[0], 1); /* unchanged */
    }
    assert_int_equal(vb_option_parse(g, "deploy=on", opts, &cx), 0);
    assert_int_equal(opts[1], 1);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(per_scenario_defaults),
        cmocka_unit_test(strict_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
