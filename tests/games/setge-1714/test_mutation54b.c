/* test_mutation54b.c - setge-1714: tests written against survivors of the
 * seed-54 mutation pass of the fifty-fourth session, second round (helper
 * sgz) over sg_eval.c (the AI's evaluation), sg_odds.c (the exact odds)
 * and sg_json.c (the state file). Each fails with its mutant planted back
 * (messages "M54:"); lines of 5684d3c1 (docs/setge-1714.md, "Mutation
 * pass, fifty-fourth session, second round (helper sgz)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

#define expect(what, scn, state, err) sgt_expect_load("M54", what, scn, state, err)

/* The Two Crowns' combat phase, turn 5, Ciutat 1 in the Born and French
 * Battalion 1 in the Pla d'en Llull, the deck given as DECK (the inside of
 * its array). */
static void deck_position(char *buf, size_t n, const char *deck)
{
    int k = snprintf(buf, n,
                     "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\","
                     " \"deck\": [%s], \"royal_breach\": \"secured\","
                     " \"unlisted\": \"eliminated\", \"zones\": {\"Born\": [\"Ciutat 1\"],"
                     " \"Pla d'en Llull\": [\"French Battalion 1\"]}}",
                     deck);
    assert_true(k > 0 && (size_t)k < n);
}

/* Rule 8 (the event cards: the deck holds game.json's cards, each once)
 * as the state file reads it: a "deck" entry that names no card is
 * refused as "state: deck: unknown or repeated card", the empty name (and
 * one that folds to it, an apostrophe) included; ["bells", "smoke"] loads.
 * (sg_json.c:342 the deck's search `k <= d->nc`: one past the last card,
 * whose id is empty, so "" and "'" were taken as a card 14 and refused
 * only later by the check, as "deck holds unknown cards", which does not
 * say which entry is wrong.) */
static void deck_entry_with_no_name_unknown(void **state)
{
    (void)state;
    static const char *const bad[] = {"\"\"", "\"'\"", "\"bells\", \"\"", "\"no-such-card\""};
    char pos[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        deck_position(pos, sizeof pos, bad[i]);
        expect(bad[i], "2p", pos, "state: deck: unknown or repeated card");
    }
    deck_position(pos, sizeof pos, "\"bells\", \"smoke\"");
    expect("bells and smoke", "2p", pos, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deck_entry_with_no_name_unknown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
