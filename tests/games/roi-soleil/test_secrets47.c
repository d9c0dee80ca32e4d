/* test_secrets47.c - the forty-seventh session's secrets pass (helper sec,
 * docs/roi-soleil.md) over rs_view.c's prompt, result, turn and
 * invariants (rs_prompt, rs_result, rs_turn, rs_marching, camp_total,
 * rs_check): messages "S47:", lines of 99f42e10. The helpers are in
 * rs_test.h. */
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

/* 6, 9, 12: the prompt is shown to the camp whose decision it is, and the
 * live view (`vauban show --view`, the server's replay) writes it for the
 * other camp too, from that camp's view. So it may name only what both
 * camps see: no cabinet marker held, no bet before the initiative roll,
 * no army's composition in the closed game. Random games of every
 * scenario, closed and open: at each decision, the prompt written from
 * either camp's view is the prompt of the whole state (a prompt that named
 * a hidden thing would read it redacted in the other camp's view). */
static void test_prompt_names_nothing_hidden(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("roi-soleil", &cx);
    assert_non_null(g);
    void *view = malloc(g->def->state_size);
    assert_non_null(view);
    vb_rng pick;
    vb_rng_seed(&pick, 47);
    int games = vbt_game_count("RS_S47_GAMES", 40, 10);
    long compared = 0;
    for (int game = 0; game < games; game++) {
        int scen = game % g->nscenarios, opts[VB_MAX_OPTIONS] = {0};
        opts[0] = game / g->nscenarios % 2 == 0; /* the closed game first */
        vb_match m;
        if (vb_match_init(&m, g, scen, opts, (uint64_t)(47 + game), &cx) < 0)
            fail_msg("S47: setup: %s", cx.err);
        for (int d = 0; d < 4000; d++) {
            int who = vb_to_move(g, m.st);
            if (who == VB_OVER)
                break;
            if (who == VB_CHANCE) {
                if (vb_match_roll(&m, &cx) < 0)
                    fail_msg("S47: roll: %s", cx.err);
                continue;
            }
            char full[VB_TEXT_LEN], seen[VB_TEXT_LEN];
            vb_prompt(g, m.st, full, sizeof full);
            for (int r = 0; r < 2; r++) {
                vb_view(g, view, m.st, r);
                vb_prompt(g, view, seen, sizeof seen);
                if (strcmp(full, seen) != 0)
                    fail_msg("S47: %s%s game %d decision %d: the prompt '%s' reads '%s' in "
                             "the view of %s",
                             g->scenarios[scen], opts[0] ? " (closed)" : "", game, d, full, seen,
                             rs_camp_names[r]);
                compared++;
            }
            vb_action acts[VB_MAX_ACTIONS];
            int k = vb_legal(g, m.st, acts, NULL, VB_MAX_ACTIONS);
            assert_true(k > 0);
            if (vb_match_apply(&m, acts[vb_rng_below(&pick, (uint64_t)k)], &cx) < 0)
                fail_msg("S47: apply: %s", cx.err);
        }
        vb_match_release(&m);
    }
    assert_true(compared > 1000);
    free(view);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prompt_names_nothing_hidden),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
