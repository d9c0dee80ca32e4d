/*
 * api_mutation39b.c - checks of `vauban serve`'s views (src/server/views.c)
 * that the thirty-ninth session's second mutation pass (helper sqd,
 * docs/core.md "Mutation pass, thirty-ninth session, second round (helper
 * sqd)") found missing; messages "M39:". Against the real program
 * (argv[1]) on a loopback port with a throw-away database.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "vauban.h"

#include "client.h"
#include "vbtest.h"

/* A closed Roi Soleil game (each camp's markers and losses logged to that
 * camp alone), played on until the first seat has been kept from a
 * decision of the other; not over. */
static void closed_roi(game *o)
{
    create(o, "{\"game\":\"roi-soleil\",\"options\":{\"closed\":1}}");
    for (int i = 0; i < 6; i++)
        play_first(o, 2);
    for (int i = 0; i < 60; i++) {
        json_t *rec = get_json(o->id, "record", tok(o, 0)), *e;
        size_t k;
        int hidden = 0;
        json_array_foreach(json_object_get(rec, "history"), k, e)
        {
            hidden |= json_is_true(json_object_get(e, "hidden"));
        }
        json_decref(rec);
        if (hidden)
            break;
        play_first(o, 2);
    }
}

/* Is a a prefix of b (two arrays of strings)? */
static int prefix_of(json_t *a, json_t *b)
{
    if (json_array_size(a) > json_array_size(b))
        return 0;
    for (size_t i = 0; i < json_array_size(a); i++)
        if (!json_equal(json_array_get(a, i), json_array_get(b, i)))
            return 0;
    return 1;
}

/* While the game runs, the log of each replayed step is the seat's own log
 * up to that step: a prefix of what /view shows it, all of it at the last
 * step, for the first seat (role 0) as for the second; never a line logged
 * to the other camp alone. Kills views.c:364 `role < 0` -> `role <= 0`
 * (the first seat's replay read every camp's lines: the other camp's
 * secret markers and losses) and :363 `i = 0` -> `1` (the first line of
 * the log left out). */
static void replay_log_is_the_seats_own(void **state)
{
    game o;
    json_t *v[2], *r = NULL;
    char path[160];
    (void)state;
    closed_roi(&o);
    for (int s = 0; s < 2; s++)
        v[s] = view(&o, s);
    /* the camps' logs differ: each has a line the other does not read */
    if (json_equal(json_object_get(v[0], "log"), json_object_get(v[1], "log")))
        fail_msg("M39: the closed game logged nothing to one camp alone");
    for (int s = 0; s < 2; s++) {
        json_t *mine = json_object_get(v[s], "log");
        json_t *rec = get_json(o.id, "record", tok(&o, s));
        size_t n = json_array_size(json_object_get(rec, "history"));
        assert_true(json_is_false(json_object_get(v[s], "over")));
        assert_true(json_array_size(mine) > 0);
        for (size_t k = 0; k <= n; k++) {
            json_t *log;
            snprintf(path, sizeof path, "/api/games/%s/replay?step=%zu", o.id, k);
            assert_int_equal(http("GET", path, tok(&o, s), NULL, &r), 200);
            log = json_object_get(r, "log");
            if (!prefix_of(log, mine))
                fail_msg("M39: seat %d, step %zu: the replay's log (%zu lines) is not a part of "
                         "the seat's own (%zu lines)",
                         s, k, json_array_size(log), json_array_size(mine));
            if (k == n && !json_equal(log, mine))
                fail_msg("M39: seat %d, last step: the replay's log is not the seat's whole log",
                         s);
            json_decref(r);
        }
        json_decref(rec);
    }
    json_decref(v[0]);
    json_decref(v[1]);
}

/* The actions /view lists for the seat that decides are the legal
 * actions of its view, each once, in order, as the engine lists them: no
 * more, no fewer. Kills views.c:144 `i < na` -> `<=` (one entry past the
 * list, memory never written, shown as an action). Setge 1714, at each of
 * its first eight decisions. */
static void view_lists_the_legal_actions(void **state)
{
    game o;
    vb_ctx cx;
    vb_game *g;
    vb_action *acts = malloc(VB_MAX_ACTIONS * sizeof *acts);
    (void)state;
    assert_non_null(acts);
    vb_ctx_init(&cx);
    g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    void *seen = malloc(g->def->state_size);
    assert_non_null(seen);
    create(&o, "{\"game\":\"setge-1714\"}");
    for (int step = 0; step < 8; step++) {
        json_t *file = stored_file(o.id), *v = NULL, *list;
        vb_match m;
        int who, na;
        vb_ctx_init(&cx);
        assert_int_equal(vb_match_load(&m, g, file, &cx), 0);
        who = vb_to_move(g, m.st);
        assert_true(who >= 0 && who < 2);
        v = view(&o, who);
        list = json_object_get(v, "actions");
        vb_view(g, seen, m.st, who);
        na = vb_legal(g, seen, acts, NULL, VB_MAX_ACTIONS);
        assert_true(na > 0);
        if ((int)json_array_size(list) != na)
            fail_msg("M39: step %d: /view lists %zu actions, the engine %d", step,
                     json_array_size(list), na);
        for (int i = 0; i < na; i++) {
            char t[VB_TEXT_LEN];
            vb_action_text(g, seen, acts[i], t, sizeof t);
            if (strcmp(json_string_value(json_array_get(list, (size_t)i)), t) != 0)
                fail_msg("M39: step %d: action %d reads '%s', not '%s'", step, i,
                         json_string_value(json_array_get(list, (size_t)i)), t);
        }
        json_decref(v);
        vb_match_release(&m);
        json_decref(file);
        play_first(&o, 2);
    }
    free(seen);
    free(acts);
    vb_game_free(g);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(replay_log_is_the_seats_own),
        cmocka_unit_test(view_lists_the_legal_actions),
        cmocka_unit_test(api_clean_shutdown),
    };
    if (api_args(argc, argv))
        return 2;
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
