/*
 * api_mutation51.c - checks of `vauban serve` (src/server/views.c, live.c)
 * that the fifty-first session's mutation pass (helper srw, docs/core.md
 * "Mutation pass, fifty-first session (helper srw)") found missing;
 * messages "M51:". Against the real program (argv[1]) on a loopback port
 * with a throw-away database.
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
#include <time.h>

#include "vauban.h"

#include "client.h"
#include "vbtest.h"

/* A restart gives back every running game its AI's turn (docs/api.md: a
 * restart replays every game), the first seat's as well as the others': a
 * Setge game whose first seat (bourbon, role 0) is an AI of 2 s, the server
 * killed before it moves, moves by itself after the restart. Kills
 * live.c:1143 resume_one's `who >= 0` -> `who > 0` (the first seat's AI
 * never resumed: the game waited for ever). */
static void first_seat_ai_resumed(void **state)
{
    game a;
    (void)state;
    create(&a, "{\"game\":\"setge-1714\",\"scenario\":\"2p\",\"options\":{\"events\":0},"
               "\"seats\":{\"bourbon\":\"mcts:2000ms\"}}");
    assert_int_equal(a.ntok, 1); /* the catalan's */
    if (!ai_moves_after_restart(&a))
        fail_msg("M51: after a restart, the first seat's AI (bourbon) never moved");
}

/* The view's `to_move` names the role that decides, the first (role 0)
 * too (docs/api.md, /view): a Setge game without events opens with the Two
 * Crowns' artillery, bourbon's decision, as both seats read it. Kills
 * views.c:131 `who >= 0` -> `who >= 1` (the first seat's turn read "over"
 * on every seat's page). */
static void first_role_to_move(void **state)
{
    game o;
    (void)state;
    create(&o, "{\"game\":\"setge-1714\",\"scenario\":\"2p\",\"options\":{\"events\":0}}");
    for (int s = 0; s < 2; s++) {
        json_t *v = view(&o, s);
        if (strcmp(str(v, "to_move"), "bourbon") != 0 || json_is_true(json_object_get(v, "over")))
            fail_msg("M51: seat %d's view: to_move '%s', not bourbon", s, str(v, "to_move"));
        assert_true(json_is_true(json_object_get(v, "your_turn")) == (s == 0));
        json_decref(v);
    }
}

/* The browser's files are served from their own paths, the API's file
 * /api.js too, whose name begins like the API's prefix: the API is the
 * paths under "/api/", not every path beginning "/api" (docs/api.md).
 * Kills http.c:441 strncmp(url, "/api/", 5) -> 4 (the lead, seed 51):
 * /api.js answered 404 "no such resource" as an API path, so the page
 * could not load its calls. */
static void client_files_served(void **state)
{
    static const char *const path[] = {"/", "/index.html", "/app.js", "/api.js", "/style.css"};
    static const char *const start[] = {"<!", "<!", "//", "// api.js", "/*"};
    (void)state;
    for (int i = 0; i < 5; i++) {
        char *body = NULL;
        int st = http_raw("GET", path[i], NULL, NULL, 0, &body);
        if (st != 200 || strncmp(body, start[i], strlen(start[i])) != 0)
            fail_msg("M51: GET %s: %d '%.60s'", path[i], st, body);
        free(body);
    }
    char *body = NULL;
    assert_int_equal(http_raw("GET", "/apix", NULL, NULL, 0, &body), 404);
    assert_non_null(strstr(body, "not found"));
    free(body);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_role_to_move),
        cmocka_unit_test(client_files_served),
        cmocka_unit_test(first_seat_ai_resumed),
        cmocka_unit_test(api_clean_shutdown),
    };
    if (api_args(argc, argv))
        return 2;
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
