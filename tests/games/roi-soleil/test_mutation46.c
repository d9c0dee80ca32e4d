/* test_mutation46.c - what the forty-sixth session's mutation pass (seed
 * 46, helper rss, docs/roi-soleil.md) found untested in rs_board.c (the
 * terminal board and `zone NAME`), rs_explain.c, rs_svg.c (the SVG map),
 * rs_event.c, rs_io.c (the state-file reader), rs_data.c (the data
 * reader), rs_winter.c and rs_loss.c: each test fails with its surviving
 * mutant planted (messages "M46:", lines of 5954938d) and passes without.
 * The helpers are in rs_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "rs_test.h"

/* Board: the next D6's results of a combat, each face's modified result
 * clamped to the Combat Table's last row (17.1.1 B "The attacker rolls a
 * D6. Add any modifiers to the result ... then cross this value with the
 * A/D ratio in the Combat Table"; the table reconstructed with rows 0-12,
 * as rs_combat.c reads the roll). France's 5 SP (2 infantry, 1 cavalry, 1
 * artillery, 1 elite) with Turenne attack 4 Spanish infantry without a
 * general in Picardie, its fortress garrisoned: +3 TC +1 fortress +1 elite
 * +1 artillery +1 cavalry = +7 at 1/1, so the 6 reads row 12 ("-/A") as
 * the 5 does, not row 11 ("-/B"). (rs_board.c:53 the clamp `> 12 ? 12` as
 * `> 12 ? 11`.) */
static void test_board_next_die_past_the_last_row(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int pi = Z(t, "Picardie"), br = Z(t, "Brabant"), si = KIND(1, T_INF), fi = KIND(0, T_INF);
    for (int k = 0; k < RS_NT; k++) {
        int keep = k == fi                                                              ? 2
                   : k == KIND(0, T_CAV) || k == KIND(0, T_ART) || k == KIND(0, T_INFE) ? 1
                                                                                        : 0;
        s->c[RS_F].reserve[k] = (uint8_t)(s->c[RS_F].reserve[k] + s->z[pi].army[RS_F][k] - keep);
        s->z[pi].army[RS_F][k] = (uint8_t)keep;
    }
    s->z[br].army[RS_C][si] = (uint8_t)(s->z[br].army[RS_C][si] - 4);
    s->z[pi].army[RS_C][si] = 4;
    s->c[RS_F].reserve[fi]--;
    s->z[pi].garr[fi] = 1;
    check_ok(t);
    vbt_act(t, "attack Picardie");
    char *b = vbt_board_text(t, -1);
    if (!strstr(b, "\nSkirmish in Picardie, round 1: france 5 SP v coalition 4 SP, column 1/1\n"
                   "  modifiers +7: +3 TC +1 fortress +1 elite +1 artillery +1 cavalry\n"
                   "  next D6 (attacker/defender): 1:-/C 2:-/C 3:-/B 4:-/B 5:-/A 6:-/A\n"))
        fail_msg("M46: the next D6 of a +7 skirmish:\n%s", b);
    free(b);
    vbt_free(t);
}

/* A state file's siege (18.1): its camp, breach, war effort and naval
 * flag are each 0 or 1 and its FV at the start 0-4 (the fortress markers'
 * values); a 2 (an FV of 5) is refused in one line naming the siege, and
 * Turenne's siege of Flandre et Hainaut (FV 4, the war effort asked)
 * reloads. (rs_io.c:962 the war effort's `effort > 1` as `> 2`: a war
 * effort of 2 read.) */
static void test_18_1_siege_fields_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "2");
    assert_int_equal(S(t)->sg.zone, Z(t, "Flandre et Hainaut"));
    assert_int_equal(S(t)->sg.fv0, 4);
    static const struct {
        const char *key;
        int v;
    } bad[] = {{"siege/camp", 2},
               {"siege/breach", 2},
               {"siege/effort", 2},
               {"siege/naval", 2},
               {"siege/fv_at_start", 5}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rs_state before = *S(t);
        json_t *j = vbt_state_json(t);
        set_at(j, bad[i].key, json_integer(bad[i].v));
        int rc = vbt_load_json(t, j);
        if (!rc || !strstr(t->cx.err, "siege: a field is out of range") || strchr(t->cx.err, '\n'))
            fail_msg("M46: %s %d in the state file: %s", bad[i].key, bad[i].v,
                     rc ? t->cx.err : "accepted");
        assert_memory_equal(&before, S(t), sizeof before);
    }
    reload_ok(t);
    assert_int_equal(S(t)->sg.fv0, 4);
    vbt_free(t);
}

/* Board: a siege's numbers and the next D6 are shown until it ends, the
 * besieger's choice to go on included (18.1.3 "A siege ends when: The
 * besieger decides to stop ... The determined number of siege rounds has
 * been reached"): Turenne's siege of Flandre et Hainaut (FV 4), two
 * rounds, a first with no result: asked to go on, the board reads its
 * second round of two. (rs_board.c:59 the siege's last phase
 * `phase <= P_SG_CONT` as `<`: nothing shown at the choice.) */
static void test_board_siege_at_the_choice_to_go_on(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "2");
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_SG_CONT);
    char *b = vbt_board_text(t, -1);
    if (!strstr(b, "\nSiege of Flandre et Hainaut, round 2 of 2: 17 v 4 (FV 4), column 4/1\n"
                   "  modifiers +2: +2 bombardment\n"
                   "  next D6: 1:- 2:Br 3:Br 4:-1FV 5:-1FV 6:Br-1FV\n"))
        fail_msg("M46: the siege at the besieger's choice to go on:\n%s", b);
    free(b);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_next_die_past_the_last_row),
        cmocka_unit_test(test_18_1_siege_fields_in_file),
        cmocka_unit_test(test_board_siege_at_the_choice_to_go_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
