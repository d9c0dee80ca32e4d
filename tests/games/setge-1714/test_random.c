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
    const char *n = getenv("SETGE_GAMES");
    vbt_random_games("setge-1714", n ? atoi(n) : 2000, 1, 200000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
