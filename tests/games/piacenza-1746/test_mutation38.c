/* test_mutation38.c - the explanations and odds that the thirty-eighth
 * session's mutation pass (seed 38, docs/piacenza-1746.md "Mutation pass,
 * thirty-eighth session (helper gmo)") found without a test in
 * pc_explain.c (why a typed action is illegal, naming the rule) and
 * pc_odds.c: each test names the rule whose explanation it pins and the
 * mutant it kills (lines of b4fe022). Messages begin "M38:". The positions
 * are built on cleared boards, as the other tests' are. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* 5.5: "line-gaps G" takes one number, fewer gaps than the Line's units:
 * "line-gaps 3" and "line-gaps 9" with three units are refused by that
 * rule, not read as a word that is no number. (pc_explain.c:84: the drawn
 * seed-38 mutant, `arg[0] <= '9'` as `arg[1] <= '9'`, is equivalent; its
 * twin `arg[0] >= '0'` as `arg[1] >= '0'`, planted by hand, read
 * "line-gaps 3" as "takes one number".) */
static void line_gaps_too_many_named(void **state)
{
    (void)state;
    vbt *t = line_from_1005();
    explained(t, "M38", "line-gaps 3", "fewer gaps than units (5.5)");
    explained(t, "M38", "line-gaps 9", "fewer gaps than units (5.5)");
    explained(t, "M38", "line-gaps x", "line-gaps takes one number");
    explained(t, "M38", "line-gaps 1 2", "line-gaps takes one number");
    vbt_free(t);
}

/* 5.5: "line-to HEX" takes one hex of the map: a hex off the map, or a
 * second word, is refused so (pc_explain.c:58 `h < 0 || sscanf(...) == 1`
 * as `&&`: a hex off the map went on to measure the distance from -1; as
 * `== 0`: a word after the hex was not named). */
static void line_to_one_hex_named(void **state)
{
    (void)state;
    vbt *t = line_from_1005();
    vbt_act(t, "line-gaps 1");
    explained(t, "M38", "line-to 9999", "line-to takes one hex of the map (5.5)");
    explained(t, "M38", "line-to 0000", "line-to takes one hex of the map (5.5)");
    explained(t, "M38", "line-to 1008 1009", "line-to takes one hex of the map (5.5)");
    vbt_free(t);
}

/* 5.5, 5.6: with no gap, a Line along a hex direction is declared with
 * line-toward, not line-to: "line-to 1007" (two hexes down the column
 * from 1005, three units) is refused naming line-toward (5.6); a last hex
 * at the wrong distance names the distance. (pc_explain.c:68 the walk
 * from the first hex begun at i = 0: it went n hexes instead of n - 1 and
 * never met the last hex, so the generic 5.5 reason was given.) Once the
 * gaps are chosen, even 0 of them, another "line-gaps" is refused naming
 * the last hex to give (pc_explain.c:81 `line_gaps >= 0` as `>= 1`: 0 gaps
 * read as none chosen yet). */
static void line_to_straight_named_toward(void **state)
{
    (void)state;
    vbt *t = line_from_1005();
    vbt_act(t, "line-gaps 0");
    assert_int_equal(S(t)->line_gaps, 0);
    assert_false(vbt_legal(t, "line-to 1007"));
    explained(t, "M38", "line-to 1007", "declared with line-toward (5.6)");
    explained(t, "M38", "line-to 1008", "as many hexes from its first as its units");
    explained(t, "M38", "line-gaps 1", "the gaps are chosen: now the last hex");
    vbt_free(t);
}

/* 7.1 e: a unit may not move from one enemy ZOC directly into another;
 * cavalry exerts a ZOC as infantry does (7.1). Bernes Cuirassiers in 0605
 * beside the Gds de Corps (cavalry) in 0505 only, stepping to a hex in
 * the ZOC of Castilla: refused naming 7.1 e. (pc_explain.c:34 the start
 * hex's ZOC counted from infantry only, `pc_in_ezoc(..., h, 1)`: the
 * refusal was put down to the movement points.) */
static void ezoc_to_ezoc_from_cavalry(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    put(t, "Gds de Corps", "0505");
    put(t, "Bernes Cuirassiers", "0605");
    put_leader(t, "Barnklau", "0706");
    int h = HX(t, "0605"), cav = HX(t, "0505"), to = -1, inf = -1;
    /* a neighbour of 0605 (open side, free, passable, not next to the
     * Gds de Corps) and an enemy infantry hex two from 0605 beside it */
    for (int k = 0; k < 6 && to < 0; k++) {
        int n = pc_nb(d, h, k);
        if (n < 0 || !pc_side_open(d, h, k) || !pc_passable(d, n) || pc_dist(d, n, cav) <= 1)
            continue;
        for (int j = 0; j < 6; j++) {
            int m = pc_nb(d, n, j);
            if (m >= 0 && m != h && pc_dist(d, m, h) == 2 && pc_passable(d, m) &&
                pc_dist(d, m, cav) > 1) {
                to = n, inf = m;
                break;
            }
        }
    }
    assert_true(to >= 0 && inf >= 0);
    S(t)->uhex[U(t, "Castilla")] = (int16_t)inf;
    at_segment(t, "RW", PH_MFORM);
    vbt_act(t, "formation Barnklau");
    vbt_act(t, "move Bernes-Cuirassiers");
    assert_true(pc_in_ezoc(d, S(t), PC_AU, h, 0) && !pc_in_ezoc(d, S(t), PC_AU, h, 1));
    assert_true(pc_in_ezoc(d, S(t), PC_AU, to, 0));
    char a[16], hn[8];
    pc_hex_name(d, to, hn, sizeof hn);
    snprintf(a, sizeof a, "to %s", hn);
    explained(t, "M38", a, "from one enemy ZOC directly into another (7.1 e)");
    vbt_free(t);
}

/* 9.2.1, 10.1: melee and charge are steps of a unit's move; typed in the
 * choice of a formation (no unit moving) they are "not legal now" with the
 * prompt, never a reason about the moving unit. (pc_explain.c:135 `&& s->phase
 * == PH_STEP` as `||`: the moving unit, none (-1), was read.) */
static void melee_outside_a_move(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0505");
    put_leader(t, "Aramburu", "0505");
    put(t, "Clerici", "0605");
    at_segment(t, "LW", PH_MFORM);
    assert_true(S(t)->mv_u < 0);
    explained(t, "M38", "melee 0605", "not legal now (");
    explained(t, "M38", "charge 0605", "not legal now (");
    vbt_free(t);
}

/* A first word longer than any action's (40 letters) is "not legal now"
 * (pc_explain.c:109 `word[32]` as `word[31]`: "%31s" wrote 32 bytes into
 * 31, a stack overflow the sanitizer build catches). */
static void long_word_named(void **state)
{
    (void)state;
    vbt *t = board();
    at_segment(t, "LW", PH_MFORM);
    explained(t, "M38", "abcdefghijabcdefghijabcdefghijabcdefghij 0605", "not legal now (");
    explained(t, "M38", "abcdefghijabcdefghijabcdefghijabcdefghij", "not legal now (");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_gaps_too_many_named),
        cmocka_unit_test(line_to_one_hex_named),
        cmocka_unit_test(line_to_straight_named_toward),
        cmocka_unit_test(ezoc_to_ezoc_from_cavalry),
        cmocka_unit_test(melee_outside_a_move),
        cmocka_unit_test(long_word_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
