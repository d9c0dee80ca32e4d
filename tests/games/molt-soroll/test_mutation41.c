/*
 * test_mutation41.c - Molt soroll per un rei: the survivors of the
 * forty-first session's mutation pass, seed 41 (helper sqz), of ms_io.c
 * (docs/molt-soroll.md, "Mutation pass, forty-first session (helper
 * sqz)"): each test fails with the mutant it names planted (messages
 * "M41:", lines of 146fd059) and passes without.
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

/* 7 (Offensives) and 2.3 (the tokens): an offensive is conducted with an
 * Almogàvar company, a Fleet, both or neither, and its die awaits with
 * what was committed. A state file written while the die of an offensive
 * with neither awaits says so ("almogavar": false, "fleet": false) and is
 * read back as the same position, byte for byte: the die then rolls with
 * the card's modifier only. (ms_io.c:596 a pending offensive without a
 * Fleet read as `| 1`, a seed-41 survivor, read every such file as
 * committing an Almogàvar company: MS_TOK_ALMOG is 1.) */
static void pending_offensive_without_tokens_read_back(void **state)
{
    (void)state;
    vbt *t = fresh();
    vbt_dice(t, "mort-al-azraq"); /* Andalusins +1 */
    vbt_act(t, "offensive Andalusins");
    assert_int_equal(S(t)->pend_tok, 0);
    json_t *j = js(t), *p = json_object_get(j, "pending");
    if (!json_is_false(json_object_get(p, "almogavar")) ||
        !json_is_false(json_object_get(p, "fleet")))
        fail_msg("M41: the pending offensive is not written without tokens");
    ms_state before;
    memcpy(&before, S(t), sizeof before);
    put(t, j);
    if (S(t)->pend_tok != 0)
        fail_msg("M41: the offensive read back with tokens %d", S(t)->pend_tok);
    assert_int_equal(memcmp(&before.deck, &S(t)->deck, sizeof before - offsetof(ms_state, deck)),
                     0);
    vbt_dice(t, "3"); /* 3+1 = 4 > 3 */
    if (!vbt_logged(t, "rolled 3 +1 card = 4 > 3 - success"))
        fail_msg("M41: the die after the file read:\n%s", t->log);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pending_offensive_without_tokens_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
