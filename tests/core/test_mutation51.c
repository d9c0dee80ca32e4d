/* test_mutation51.c - the core's match kept a state for undo before every
 * decision of a long game (the fifty-first session's mutation pass, seed
 * 51; messages M51). A real game is used: its record outgrows the first
 * 64 entries of the record and of the snapshots. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"

enum { NDEC = 300 };

/* Setge 1714 played 300 decisions (the first legal action of each role,
 * chance from the match's generator): before each decision the state is
 * copied aside, and afterwards every snapshot the match keeps equals the
 * state before its entry, the buffer holding at least one per entry.
 * (Kills match.c:72 snaps_cap * 2 -> * 1: the buffer stayed at 64 states
 * and the 65th was written past it.) */
static void a_snapshot_before_every_decision_of_a_long_game(void **state)
{
    vb_ctx cx;
    vb_match m;
    vb_action acts[VB_MAX_ACTIONS];
    (void)state;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    assert_int_equal(vb_match_init(&m, g, 0, NULL, 51, &cx), 0);
    size_t sz = g->def->state_size;
    unsigned char *before = malloc(NDEC * sz);
    assert_non_null(before);
    int n = 0;
    while (n < NDEC && vb_to_move(g, m.st) != VB_OVER) {
        memcpy(before + (size_t)n * sz, m.st, sz);
        int rc;
        if (vb_to_move(g, m.st) == VB_CHANCE) {
            rc = vb_match_roll(&m, &cx);
        } else {
            assert_true(vb_legal(g, m.st, acts, NULL, VB_MAX_ACTIONS) > 0);
            rc = vb_match_apply(&m, acts[0], &cx);
        }
        if (rc != 0)
            fail_msg("M51: decision %d: %s", n, cx.err);
        n++;
    }
    if (n < 200)
        fail_msg("M51: the game ended after %d decisions, too short for this test", n);
    assert_int_equal(m.rec.n, (size_t)n);
    if (m.snaps_cap < m.rec.n)
        fail_msg("M51: %zu snapshots allocated for %zu decisions", m.snaps_cap, m.rec.n);
    for (int i = 0; i < n; i++)
        if (memcmp(m.snaps + (size_t)i * sz, before + (size_t)i * sz, sz) != 0)
            fail_msg("M51: the snapshot before decision %d is not the state before it", i);
    free(before);
    vb_match_release(&m);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_snapshot_before_every_decision_of_a_long_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
