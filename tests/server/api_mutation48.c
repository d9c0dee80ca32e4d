/*
 * api_mutation48.c - checks of `vauban serve` (src/server/live.c, views.c,
 * http.c) that the forty-eighth session's mutation pass (helper srv,
 * docs/core.md "Mutation pass, forty-eighth session (helper srv)") found
 * missing; messages "M48:". Against the real program (argv[1]) on a
 * loopback port with a throw-away database.
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

/* A seat's time budget is 1 to 10,000 ms (docs/api.md): both ends taken,
 * one past either refused. Kills live.c:789 `vb_parse_ll(num, 1, ...)` ->
 * `2` (the shortest budget, mcts:1ms, refused). */
static void ai_budget_ends(void **state)
{
    static const struct {
        const char *policy;
        int status;
    } cases[] = {
        {"mcts:1ms", 201},
        {"mcts:10000ms", 201},
        {"mcts:0ms", 400},
        {"mcts:10001ms", 400},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char req[128];
        json_t *r = NULL;
        int st;
        snprintf(req, sizeof req,
                 "{\"game\": \"setge-1714\", \"scenario\": \"2p\", \"seats\": {\"catalan\": "
                 "\"%s\"}}",
                 cases[i].policy);
        st = http("POST", "/api/games", NULL, req, &r);
        if (st != cases[i].status)
            fail_msg("M48: a seat of policy '%s' answered %d, not %d ('%s')", cases[i].policy, st,
                     cases[i].status, str(r, "error"));
        if (st == 400 && !strstr(str(r, "error"), "time budget"))
            fail_msg("M48: '%s' refused with '%s'", cases[i].policy, str(r, "error"));
        json_decref(r);
    }
}

/* An undo once the game is over: 409, "nothing to undo: the game is
 * over" (docs/api.md), the game unchanged. Kills live.c:730 409 -> 410. */
static void undo_after_the_end(void **state)
{
    game o;
    json_t *r = NULL, *before, *after;
    char path[128];
    int st;
    (void)state;
    create(&o, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    play_first(&o, 2);
    snprintf(path, sizeof path, "/api/games/%s/resign", o.id);
    assert_int_equal(http("POST", path, tok(&o, 1), NULL, &r), 200);
    json_decref(r);
    before = get_json(o.id, "record", tok(&o, 0));
    snprintf(path, sizeof path, "/api/games/%s/undo", o.id);
    for (int s = 0; s < 2; s++) {
        st = http("POST", path, tok(&o, s), NULL, &r);
        if (st != 409 || strcmp(str(r, "error"), "nothing to undo: the game is over") != 0)
            fail_msg("M48: seat %d's undo of a finished game: %d '%s'", s, st, str(r, "error"));
        json_decref(r);
    }
    after = get_json(o.id, "record", tok(&o, 0));
    if (!json_equal(before, after))
        fail_msg("M48: a refused undo changed the record");
    json_decref(before);
    json_decref(after);
}

/* An action's text of VB_ERR_LEN bytes or more is refused before the
 * engine reads it: 400 "action text too long"; one byte shorter goes to the
 * engine (422, not an action). Kills http.c:402 400 -> 399. */
static void action_text_too_long(void **state)
{
    game o;
    json_t *r = NULL;
    char text[VB_ERR_LEN + 1];
    int st;
    (void)state;
    create(&o, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    memset(text, 'x', sizeof text);
    text[VB_ERR_LEN] = '\0';
    st = post_action(o.id, tok(&o, 0), text, &r);
    if (st != 400 || strcmp(str(r, "error"), "action text too long") != 0)
        fail_msg("M48: an action of %d bytes: %d '%s'", VB_ERR_LEN, st, str(r, "error"));
    json_decref(r);
    text[VB_ERR_LEN - 1] = '\0';
    st = post_action(o.id, tok(&o, 0), text, &r);
    if (st != 422)
        fail_msg("M48: an action of %d bytes: %d '%s', not the engine's 422", VB_ERR_LEN - 1, st,
                 str(r, "error"));
    json_decref(r);
}

/* At most half the server's connections are event streams (docs/api.md),
 * its connections being the open files it may hold less 64: a server of 129
 * files holds 65 connections and 32 streams, the 33rd answered 503 (three
 * games, at most 16 streams a game). Kills http.c:572's second
 * `rl.rlim_cur - 64` -> `- 63` (66 connections, 33 streams). */
static void streams_within_the_files(void **state)
{
    char path[160];
    int port = 0, main_port = server_port, st, socks[33], status;
    pid_t pid;
    game g[3];
    (void)state;
    snprintf(path, sizeof path, "%s/streams48.sqlite", dbdir);
    server_nofile = 129;
    pid = start_server_on(path, &port);
    server_nofile = 0;
    assert_true(pid > 0);
    server_port = port;
    for (int k = 0; k < 3; k++)
        create(&g[k], "{\"game\":\"molt-soroll\"}");
    for (int i = 0; i < 33; i++) {
        socks[i] = open_stream(&g[i / 11], 0, &st);
        if (st != (i < 32 ? 200 : 503))
            fail_msg("M48: 129 files, stream %d answered %d, not %d", i + 1, st,
                     i < 32 ? 200 : 503);
    }
    for (int i = 0; i < 33; i++)
        close(socks[i]);
    kill(pid, SIGTERM);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    server_port = main_port;
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ai_budget_ends),       cmocka_unit_test(undo_after_the_end),
        cmocka_unit_test(action_text_too_long), cmocka_unit_test(streams_within_the_files),
        cmocka_unit_test(api_clean_shutdown),
    };
    if (api_args(argc, argv))
        return 2;
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
