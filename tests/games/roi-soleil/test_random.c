/* test_random.c - the generic checks of DESIGN.md on roi-soleil: complete
 * random games with the game's invariants (RP never negative, garrisons
 * within the FV, SP conserved across map, reserve and prisoners) checked
 * after every decision, JSON round trips, views, undo and replay.
 * RS_GAMES sets the count (default 500, 30 under the sanitizers: the
 * five scenarios round-robin, the Spanish Succession about 1,600 decisions
 * a game; RS_GAMES=2000 for the full run). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "vbtest.h"

static void random_games(void **state)
{
    (void)state;
    vbt_random_games("roi-soleil", vbt_game_count("RS_GAMES", 500, 30), 1, 200000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
