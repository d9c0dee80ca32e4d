/* test_mutation43.c - setge-1714: tests written against survivors of the
 * seed-43 mutation passes of the forty-third session (helper squ) over
 * sg_eval.c (the evaluation the AI plays by), sg_explain.c (why an order
 * is refused), sg_svg.c (the board as SVG) and sg_rules.c. Each fails
 * with its mutant planted back (messages "M43:"); lines of bae9f47d
 * (docs/setge-1714.md, "Mutation pass, forty-third session (helper
 * squ)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

/* What a position sets up for the Catalans (sg_threat, docs/ai.md,
 * "fourth session"), as for the Two Crowns in test_eval.c's test_threat:
 * French Battalion 1 (strength 4) holds the Baluard de Jonqueres (grey,
 * value 2; 2 VP, rule 13), Coronela Trinitat 1 and 2 (strength 3) the
 * Baluard de Sant Pere beside it. The Catalans' lead 3 + 1 = 4 against
 * 4 + 2 = 6: their die must beat the other by more than 2, 6 chances in
 * 36; retaking the bastion gains 2 VP and costs the Two Crowns 2: 4 x
 * 6/36. Besides, the two empty objectives next to the Catalans count 1.5
 * times their VP: the Baluard del Portal Nou (2) and Sant Pere de les
 * Puel-les (a convent, 4): 9. The Two Crowns: 4 against 3 + 1 + 2 = 6, the
 * same 6 in 36 for 2 + 2 VP, and the empty Convent de Jonqueres, 1.5 x 4.
 * (sg_eval.c:73 the enemy of side 1 read as side 2, `1 + side`: the
 * Catalans' threat against a held objective read another side's pieces.) */
static void catalans_threaten_a_held_bastion(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", "2p", 1);
    sgt_load(t, "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"combat\","
                " \"royal_breach\": \"secured\", \"deck\": [],"
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Baluard de Jonqueres\": [\"French Battalion 1\"],"
                " \"Baluard de Sant Pere\": [\"Coronela Trinitat 1\", \"Coronela Trinitat 2\"]}}");
    const sg_data *d = D(t);
    const sg_state *s = S(t);
    double c = sg_threat(d, s, SG_CATALAN), b = sg_threat(d, s, SG_BOURBON);
    if (c < 9 + 4 * 6.0 / 36 - 1e-9 || c > 9 + 4 * 6.0 / 36 + 1e-9)
        fail_msg("M43: the Catalans' threat is %.6f, not 9 + 4 x 6/36", c);
    if (b < 6 + 4 * 6.0 / 36 - 1e-9 || b > 6 + 4 * 6.0 / 36 + 1e-9)
        fail_msg("M43: the Two Crowns' threat is %.6f, not 6 + 4 x 6/36", b);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalans_threaten_a_held_bastion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
