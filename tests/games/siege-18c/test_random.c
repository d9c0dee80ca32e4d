/* test_random.c - the generic checks of DESIGN.md on siege-18c: complete
 * random games (the three scenarios in turn) with the game's invariants
 * (sq_check: capacities, strengths, places, leaders), JSON round trips,
 * views and replay checked after every decision. SIEGE_GAMES sets how
 * many (default 20; the 2,000-game run is in docs/siege-18c.md). */
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
    vbt_random_games("siege-18c", vbt_game_count("SIEGE_GAMES", 2000, 150), 1, 200000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
