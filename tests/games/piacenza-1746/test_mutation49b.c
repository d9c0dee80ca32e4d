/* test_mutation49b.c - piacenza-1746: tests written against the survivors
 * of the seed-49 mutation pass's second round: pc_odds.c's survivors left
 * by helper pco, and pc_dragoon.c (docs/piacenza-1746.md, "Mutation pass,
 * forty-ninth session, second round (helper pcd)"). Messages "M49:". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "odds.h"
#include "pc_test.h"

/* The odds name what happened to each unit in play, the one in the map's
 * first hex too: Scenario 2's 0101 (hex 0) is clear ground, Andlau there,
 * eliminated or losing a step. (pc_odds.c:261 the units out of play
 * skipped as `uhex <= 0`: Andlau left out, "no effect".) */
static void odds_name_the_unit_in_0101(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Andlau", "0101");
    int u = U(t, "Andlau");
    assert_true(HX(t, "0101") == 0 && S(t)->uhex[u] == 0);
    static const char *const want[] = {"Andlau eliminated", "Andlau loses a step"};
    for (int i = 0; i < 2; i++) {
        pc_state *after = malloc(sizeof *after);
        memcpy(after, S(t), sizeof *after);
        if (i == 0)
            after->uhex[u] = -1;
        else
            after->ustep[u] = (uint8_t)(S(t)->ustep[u] - 1);
        char name[256];
        pc_odds_outcome(t->g, S(t), after, name, sizeof name);
        if (!strstr(name, want[i]))
            fail_msg("M49: odds, Andlau in 0101 (hex 0): '%s', not '%s'", name, want[i]);
        free(after);
    }
    vbt_free(t);
}

/* The odds' words make one action's text: a list that leaves no byte
 * spare in it (one word of VB_TEXT_LEN - 2 characters) is refused as too
 * many words, a usage error, before it is read as an action; one
 * character fewer is read, and refused as no action. (pc_odds.c:89 the
 * bound `+ 2` as `+ 1`: the long word read as an action's text, refused
 * as illegal, "too many words" never said.) */
static void odds_refuse_too_many_words(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    for (int len = VB_TEXT_LEN - 2; len >= VB_TEXT_LEN - 3; len--) {
        char word[VB_TEXT_LEN];
        memset(word, 'x', (size_t)len);
        word[len] = 0;
        char *argv[] = {word, NULL};
        vb_action first;
        vb_odds_plan plan;
        pc_state *start = malloc(sizeof *start);
        memcpy(start, S(t), sizeof *start);
        vb_ctx cx;
        vb_ctx_init(&cx);
        int rc = vb_odds_setup_plan(t->g, start, 1, 1, argv, &first, &plan, &cx);
        int many = strstr(cx.err, "too many words") != NULL;
        if (len == VB_TEXT_LEN - 2 && (rc != VB_EUSAGE || !many))
            fail_msg("M49: odds, one word of %d characters: rc %d '%s', not 'too many words'", len,
                     rc, cx.err);
        if (len == VB_TEXT_LEN - 3 && (rc >= 0 || many))
            fail_msg("M49: odds, one word of %d characters: rc %d '%s'", len, rc, cx.err);
        free(start);
    }
    vbt_free(t);
}

/* 10.5 and 6.0: a counter on foot stacked with any other unit does not
 * mount (cavalry stacks with cavalry only), the forces' first unit too:
 * Dragons 1 Pied in 1828 with the Guardias Espanolas, unit 0 of the
 * forces, may not mount; alone it may. (pc_dragoon.c:155 the stack's scan
 * from `v = 1`: the Guardias never seen, the mount offered.) */
static void no_mount_beside_the_first_unit(void **state)
{
    (void)state;
    for (int with = 0; with < 2; with++) {
        vbt *t = drg_board(1, "1829");
        put(t, "Dragons 1 Pied", "1828");
        if (with) {
            assert_int_equal(U(t, "Guardias Espanolas"), 0);
            put(t, "Guardias Espanolas", "1828");
        }
        larnage_moves(t);
        if (vbt_legal(t, "mount Dragons-1-Pied") != !with)
            fail_msg("M49: 10.5 / 6.0 Dragons 1 Pied %s the Guardias Espanolas (unit 0): mount %s",
                     with ? "with" : "without", with ? "offered" : "not offered");
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(odds_name_the_unit_in_0101),
        cmocka_unit_test(odds_refuse_too_many_words),
        cmocka_unit_test(no_mount_beside_the_first_unit),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
