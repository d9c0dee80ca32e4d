/* test_mutation51b.c - setge-1714: tests written against survivors of the
 * seed-51 mutation pass of the fifty-first session, second round (helper
 * sgz) over sg_io.c (the state files read, their refusals). Each fails
 * with its mutant planted back (messages "M51:"); lines of 0ef0bbd6
 * (docs/setge-1714.md, "Mutation pass, fifty-first session, second round
 * (helper sgz)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

/* Rule 10 ("the active player may move ... his units"): a state file at
 * the Two Crowns' destination step whose unit picked to move is MOVER,
 * the French grenadiers in Santa Marta and the Ciutat companies in Pla
 * d'en Llull, every other unit eliminated; in buf. */
static void picked_to_move(char *buf, size_t n, const char *mover)
{
    int k = snprintf(buf, n,
                     "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"destination\","
                     " \"deck\": [], \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                     " \"zones\": {\"Santa Marta\": [\"French Grenadiers 1\","
                     " \"French Grenadiers 2\"], \"Pla d'en Llull\": [\"Ciutat 1\","
                     " \"Ciutat 2\"]}, \"moving\": \"%s\"}",
                     mover);
    assert_true(k > 0 && (size_t)k < n);
}

/* Rule 10: only a unit on the map moves. A Two Crowns' unit eliminated
 * (French Battalion 1, not listed) recorded as picked to move is refused;
 * French Grenadiers 1, in Santa Marta, loads. (sg_io.c:358 `side != as
 * && us[u] != US_ON`, by hand: a unit of the moving side let through
 * whether or not it is on the map; test_load's enemy unit is still
 * refused by its commander's seat.) */
static void eliminated_unit_cannot_be_moving(void **state)
{
    (void)state;
    char pos[768];
    picked_to_move(pos, sizeof pos, "French Battalion 1");
    sgt_expect_load("M51", "an eliminated unit picked to move", "2p", pos,
                    "'French Battalion 1' cannot be moving now (rules 10, 15)");
    picked_to_move(pos, sizeof pos, "French Grenadiers 1");
    sgt_expect_load("M51", "a unit on the map picked to move", "2p", pos, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eliminated_unit_cannot_be_moving),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
