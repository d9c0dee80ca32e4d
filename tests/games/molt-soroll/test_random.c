/*
 * test_random.c - Molt soroll per un rei: the generic random-game checks of
 * DESIGN.md (legal actions, chance weights, clone, JSON round trip, check(),
 * replay) over 10000 complete random games.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "vbtest.h"

static void test_4_random_games(void **state)
{
    (void)state;
    vbt_random_games("molt-soroll", vbt_game_count("MS_GAMES", 10000, 2000), 1, 100000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_4_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
