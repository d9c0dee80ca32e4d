/* test_generic.c - the generic checks of DESIGN.md, once over the registry:
 * complete random games with every invariant checked after every decision,
 * JSON round trips, replay of the record. Each game's own test file runs
 * the big counts (10,000 for molt-soroll); this file makes sure that every
 * registered game, including one added later, gets at least a smoke run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "vbtest.h"

static void test_every_game_random_playouts(void **state)
{
    /* VB_GENERIC_GAMES=3: a short run (under valgrind, say) */
    int n = vbt_game_count("VB_GENERIC_GAMES", 100, 100);
    (void)state;
    for (int i = 0; i < vb_registry_count(); i++)
        vbt_random_games(vb_registry_get(i)->id, n, 1000, 1000000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game_random_playouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
