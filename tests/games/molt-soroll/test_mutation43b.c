/* test_mutation43b.c - molt-soroll: tests written against survivors of the
 * seed-43 mutation pass, second round (helper msx), over ms_rules.c. Each
 * fails with its mutant planted back (messages "M43b:"); lines of 2b58ce75
 * (docs/molt-soroll.md, "Mutation pass, forty-third session (helper squ)",
 * its second round). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* 5, 2.2: the drawn card is logged as printed on it, its die-roll
 * modifiers included: "A Parchment with Coats of Arms means a die roll
 * modifier for the corresponding influence (Nobility, Papacy, or James)"
 * (Elecció de Martí IV: the Pope -1). (ms_rules.c:684 the tracks' modifiers
 * looped while `t > MS_NTRACKS`: never logged.) */
static void card_logged_with_its_influence_modifier(void **state)
{
    (void)state;
    vbt *t = fresh();
    vbt_dice(t, "eleccio-marti-iv");
    if (!vbt_logged(t, "[5] Elecció de Martí IV: 2 actions, influence pope -1; event "))
        fail_msg("M43b: Elecció de Martí IV logged without its influence modifier (pope -1)");
    vbt_free(t);
}

/* 5, 2.2: ""No" indicates that no actions are permitted in that Front or
 * area of influence": Tractat d'Àgreda's "No" on the Nobility is logged
 * with the card. (ms_rules.c:690 the tracks' "No" looped while
 * `t > MS_NTRACKS`: never logged.) */
static void card_logged_with_its_no_influence(void **state)
{
    (void)state;
    vbt *t = fresh();
    vbt_dice(t, "tractat-agreda");
    if (!vbt_logged(t, "[5] Tractat d'Àgreda: 2 actions, No nobility; event "))
        fail_msg("M43b: Tractat d'Àgreda logged without its \"No\" on the Nobility");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(card_logged_with_its_influence_modifier),
        cmocka_unit_test(card_logged_with_its_no_influence),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
