/*
 * test_mutation42.c - Molt soroll per un rei: the survivors of the
 * forty-second session's mutation pass, seed 42 (helper sqv), of ms_odds.c
 * (docs/molt-soroll.md, "Mutation pass, forty-second session (helper
 * sqv)"): each test fails with the mutant it names planted (messages
 * "M42:", lines of e71619ce) and passes without.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* `vauban odds`: the words that describe a front's force are "box=N",
 * "reduced" and "full"; a word that only begins like one ("box" with no
 * number, "boxes") is no such word and is refused as unknown, whatever
 * the target: for an offensive against the riot too ("Berenguer Oller's
 * Riot": "an enemy force with a combat value equal to 3", no front's box),
 * where "box=2" itself does not apply. (ms_odds.c:89, the force's words
 * matched on "box" alone, `strncmp(w, "box=", 3)`, refused "box" and
 * "boxes" there as words that describe a force.) */
static void odds_box_without_number_is_unknown(void **state)
{
    (void)state;
    static const char *const words[] = {"box", "boxes"};
    for (int i = 0; i < 2; i++) {
        vbt *t = fresh();
        vb_action first;
        const char *argv[] = {"offensive", "riot", words[i], NULL};
        if (t->g->def->odds_setup(t->g, S(t), 0, 3, (char **)argv, &first, &t->cx) >= 0)
            fail_msg("M42: odds offensive riot %s accepted", words[i]);
        char want[64];
        snprintf(want, sizeof want, "unknown word '%s'", words[i]);
        if (!strstr(t->cx.err, want))
            fail_msg("M42: odds offensive riot %s: '%s', wanted '%s'", words[i], t->cx.err, want);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(odds_box_without_number_is_unknown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
