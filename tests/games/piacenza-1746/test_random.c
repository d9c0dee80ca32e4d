/* test_random.c - the generic checks of DESIGN.md on piacenza-1746: complete
 * random games with the game's invariants (stacking, forbidden terrain,
 * steps, order status) checked by def->check after every decision, JSON
 * round trips, views, determinization, undo and replay. PC_GAMES sets the
 * count (default 2,000; 200 under the sanitizers, 50 of them full battles, to keep CI in
 * its budget). */
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
    vbt_random_games("piacenza-1746", vbt_game_count("PC_GAMES", 2000, 200), 1, 200000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
