/* test_random.c - the generic checks of DESIGN.md on setge-1714: complete
 * random games (all three scenarios) with invariants, JSON round trips and
 * replay checked after every decision. */
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
    vbt_random_games("setge-1714", vbt_game_count("SETGE_GAMES", 2000, 200), 1, 200000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
