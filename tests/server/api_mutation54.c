/*
 * api_mutation54.c - checks of `vauban serve` (src/server/live.c) that the
 * fifty-fourth session's mutation pass (the lead, docs/core.md "Mutation
 * pass, fifty-fourth session (the lead)") found missing; messages "M54:".
 * Against the real program (argv[1]) on a loopback port with a throw-away
 * database.
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

/* Who decides in game g, as seat `seat`'s view says. */
static int to_move_is(const game *g, int seat, const char *role)
{
    json_t *v = view(g, seat);
    int yes = strcmp(str(v, "to_move"), role) == 0;
    json_decref(v);
    return yes;
}

/* A restart gives back every running game its AI's turn (docs/api.md: a
 * restart replays every game), the second seat's too: a Setge game
 * without events whose second seat (catalan, role 1) is an AI of 2 s; the
 * Two Crowns (human) play their first listed actions until the Catalans
 * decide (a long series of decisions, each public), the server is killed
 * before the AI moves, and it moves by itself after the restart. Kills
 * live.c:1143 resume_one's `who >= 0` -> `who <= 0` (only the first
 * seat's AI resumed: this game waited for ever). The fifty-first
 * session's first_seat_ai_resumed (api_mutation51.c) is the same for the
 * first seat. */
static void second_seat_ai_resumed(void **state)
{
    game a;
    (void)state;
    create(&a, "{\"game\":\"setge-1714\",\"scenario\":\"2p\",\"options\":{\"events\":0},"
               "\"seats\":{\"catalan\":\"mcts:2000ms\"}}");
    assert_int_equal(a.ntok, 1); /* the Two Crowns' */
    for (int i = 0; i < 200 && !to_move_is(&a, 0, "catalan"); i++)
        play_first(&a, 1);
    assert_true(to_move_is(&a, 0, "catalan"));
    if (!ai_moves_after_restart(&a))
        fail_msg("M54: after a restart, the second seat's AI (catalan) never moved");
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(second_seat_ai_resumed),
    };
    if (api_args(argc, argv))
        return 2;
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
