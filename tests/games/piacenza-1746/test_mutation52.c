/* test_mutation52.c - piacenza-1746: tests written against the survivors of
 * the seed-52 mutation pass over pc_owner.c, pc_check.c, pc_place.c and
 * pc_map.c (docs/piacenza-1746.md, "Mutation pass, fifty-second session
 * (helper pcw)"). Messages "M52:". */
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

/* 9.1 (a volley rolled, its reply after it): a state file whose fire roll
 * names no volley in progress is refused. The centre map: Saboya in 0101
 * fires at Andlau in 0102, Andlau replies; at the first volley's roll
 * the file's `proc_i` set to -1 (none) or past the declarations and the
 * units: refused, "the volley in progress is unknown", the state
 * unchanged; as written: accepted. (pc_check.c:498 `r == RL_FIRE || r ==
 * RL_F2TDR` as `&&`: the volley never checked, the file read.) */
static void fire_roll_names_its_volley(void **state)
{
    (void)state;
    vbt *t = saboya_fires_at_andlau();
    vbt_act(t, "reply Andlau Saboya");
    assert_int_equal(S(t)->roll, RL_FIRE);
    json_t *j, *file = pc_file_of(t, "centre", &j);
    json_t *pr = json_object_get(j, "procedure");
    assert_non_null(json_object_get(pr, "proc_i"));
    pc_load_expect(t, file, NULL, "M52: the fire roll as written");
    const int bad[] = {-1, S(t)->nd + D(t)->nu};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char what[64];
        snprintf(what, sizeof what, "M52: 9.1 a fire roll with proc_i %d", bad[k]);
        json_object_set_new(pr, "proc_i", json_integer(bad[k]));
        pc_load_expect(t, file, "the volley in progress is unknown", what);
    }
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* Scenario 2's set-up with its first piece placed: the first Austrian
 * piece offered at the first hex offered (Andlau, 1005). */
static vbt *first_placed(void)
{
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    vb_action acts[VB_MAX_ACTIONS];
    for (int k = 0; k < 2; k++) {
        assert_true(S(t)->phase == (k ? PH_PLACEAT : PH_PLACE));
        assert_true(vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS) > 0);
        assert_int_equal(vb_apply(t->g, S(t), acts[0], &t->cx), 0);
    }
    return t;
}

/* 6.0 in the set-up of Scenario 2 ("The Austrian player set up first"):
 * the set-up's own checks passed, the position's others still run. The
 * first Austrian piece placed at the first hex offered (Andlau, 1005),
 * then every unit still to place whose set-up area holds that hex put there
 * in the file ("These limits are applied at all times"): refused, "breaks the stacking limits
 * (6.0)", the state unchanged; the placement as written: accepted. (pc_place.c:197
 * `pc_place_check`'s last `return 0` as `return 1`: pc_check returned at
 * once for every set-up position, the stack read.) */
static void setup_file_keeps_the_stacking_limits(void **state)
{
    (void)state;
    vbt *t = first_placed();
    const pc_data *d = D(t);
    int u = 0;
    while (u < d->nu && S(t)->uhex[u] < 0)
        u++;
    assert_true(u < d->nu);
    json_t *j, *file = pc_file_of(t, "centre", &j);
    pc_load_expect(t, file, NULL, "M52: the first placement as written");
    char hn[8];
    int more = 0;
    pc_hex_name(d, S(t)->uhex[u], hn, sizeof hn);
    for (int v = 0; v < d->nu; v++)
        if (v != u && S(t)->uhex[v] < 0 && pc_in_area(d, d->uarea[v], S(t)->uhex[u])) {
            pc_set_hex(j, "units", d->u[v].name, hn);
            more++;
        }
    if (more < 1)
        fail_msg("M52: %s in %s: %d more units of the set-up there", d->u[u].name, hn, more);
    pc_load_expect(t, file, "breaks the stacking limits (6.0)",
                   "M52: 6.0 a set-up file with a second unit in the hex");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* The set-up's apply called directly (as test_dragoons.c and M49 call the
 * game's apply): a piece past the forces' units (the data's unused slot
 * d->nu, zeroed: a Franco-Spanish infantry unit of area 0) is no piece,
 * and a hex off the map (-1, nhex, the arrays' last slot) is no hex of a
 * set-up area: each refused, the state unchanged. The Franco-Spanish turn
 * of Scenario 2's set-up, every Austrian piece placed at the first hex
 * offered. (pc_place.c:56 `piece_valid`'s `p < d->nu` as `<=`: slot nu
 * taken to place; pc_place.c:26 `pc_in_area`'s `hex < 0 || hex >=
 * d->nhex` as `&&`, planted with parentheses: a hex off the map read in
 * the terrain and coordinates.) */
static void setup_apply_refuses_no_piece_and_no_hex(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    const pc_data *d = D(t);
    vb_action acts[VB_MAX_ACTIONS];
    int steps = 0;
    while (S(t)->side == PC_AU && (S(t)->phase == PH_PLACE || S(t)->phase == PH_PLACEAT) &&
           steps++ < 4 * PC_MAXU) {
        assert_true(vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS) > 0);
        assert_int_equal(vb_apply(t->g, S(t), acts[0], &t->cx), 0);
    }
    assert_int_equal(S(t)->phase, PH_PLACE);
    assert_int_equal(S(t)->side, PC_FS);
    pc_state *before = malloc(sizeof *before);
    memcpy(before, S(t), sizeof *before);
    if (t->g->def->apply(t->g, S(t), PC_ACT(A_PLACE, d->nu, 0), &t->cx) == 0 ||
        memcmp(before, S(t), sizeof *before) != 0)
        fail_msg("M52: 3.0 the set-up took unit slot %d (past the forces) to place", d->nu);
    assert_true(vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS) > 0);
    assert_int_equal(vb_apply(t->g, S(t), acts[0], &t->cx), 0);
    assert_int_equal(S(t)->phase, PH_PLACEAT);
    memcpy(before, S(t), sizeof *before);
    const int off[] = {-1, d->nhex, PC_MAXHEX - 1};
    for (size_t k = 0; k < sizeof off / sizeof off[0]; k++)
        if (t->g->def->apply(t->g, S(t), PC_ACT(A_AT, off[k], 0), &t->cx) == 0 ||
            memcmp(before, S(t), sizeof *before) != 0)
            fail_msg("M52: 3.0 the set-up placed a piece at hex %d, off the map", off[k]);
    free(before);
    vbt_free(t);
}

/* 3.0, the set-up of Scenarios 2 and 3: the pieces are placed before the
 * first turn, no wing activated yet. The file of the first placement
 * with its turn one past the scenario's first, or with a wing done in the
 * procedure, is refused, "the set-up comes before the first turn", the
 * state unchanged. (pc_place.c:173 `s->turn != d->first_turn ||
 * s->wdone` as `&&`, planted with parentheses of C's meaning: either
 * alone read.) */
static void setup_file_before_the_first_turn(void **state)
{
    (void)state;
    vbt *t = first_placed();
    for (int k = 0; k < 2; k++) {
        json_t *j, *file = pc_file_of(t, "centre", &j);
        if (k == 0)
            json_object_set_new(j, "turn", json_integer(D(t)->first_turn + 1));
        else
            json_object_set_new(json_object_get(j, "procedure"), "wings_done", json_integer(1));
        pc_load_expect(t, file, "the set-up comes before the first turn",
                       k == 0 ? "M52: 3.0 a set-up file in the second turn"
                              : "M52: 3.0 a set-up file with a wing done");
        json_decref(file);
        json_decref(j);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fire_roll_names_its_volley),
        cmocka_unit_test(setup_file_keeps_the_stacking_limits),
        cmocka_unit_test(setup_apply_refuses_no_piece_and_no_hex),
        cmocka_unit_test(setup_file_before_the_first_turn),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
