/* test_mutation49.c - piacenza-1746: tests written against the survivors of
 * the seed-49 mutation pass over pc_owner.c, pc_place.c and pc_check.c
 * (pc_map.c's one survivor is equivalent; docs/piacenza-1746.md, "Mutation
 * pass, forty-ninth session (helper pco)"). Messages "M49:". */
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

/* 4.7: "it can be relocated to the closest unit of the same Formation",
 * whichever unit of the forces that is: the Guardias Espanolas, the
 * data's first unit, in 0605 beside Aramburu's 0606 (commander_hit: a D2
 * sends Castilla back from 0606; Irlanda, in 0608, is farther). His owner
 * chooses: with Castilla, or to the Guardias. (pc_owner.c:208 the
 * candidates read from `u = 1`: the first unit never offered, Aramburu
 * went with Castilla unasked.) */
static void relocation_to_the_first_unit(void **state)
{
    (void)state;
    vbt *t = commander_hit("Aramburu", "Castilla", "Guardias Espanolas", "Irlanda");
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    if (S(t)->phase != PH_RELOC || !vbt_legal(t, "relocate Aramburu 0605"))
        fail_msg("M49: 4.7 Aramburu not offered the Guardias Espanolas in 0605 (phase %d)",
                 S(t)->phase);
    vbt_act(t, "relocate Aramburu 0605");
    expect_log(t, "[4.7] Aramburu is relocated to the closest unit of his formation, in 0605");
    vbt_free(t);
}

/* 8.5.1: in the owner's choice only `suffer UNIT` is applied: another
 * kind of action naming one of the hit stack (a retreat "to" Hohenembs's
 * number), given to the game's apply directly, is refused and the choice
 * still waits (bombarded_cuirassiers). (pc_owner.c:75 `PC_K(a) !=
 * A_SUFFER || v < 0` as `&&`, planted as `(PC_K(a) != A_SUFFER && v < 0)
 * || v >= d->nu`: any kind taken for `suffer`.) */
static void owner_choice_takes_suffer_only(void **state)
{
    (void)state;
    vbt *t = bombarded_cuirassiers();
    assert_int_equal(S(t)->phase, PH_OWNER);
    int h = U(t, "Hohenembs Cuirassiers");
    pc_state before = *S(t);
    if (t->g->def->apply(t->g, S(t), PC_ACT(A_RETREAT, h, 0), &t->cx) == 0 ||
        S(t)->phase != PH_OWNER || memcmp(&before, S(t), sizeof before) != 0)
        fail_msg("M49: 8.5.1 a `retreat` action taken as the owner's `suffer`");
    vbt_act(t, "suffer Hohenembs-Cuirassiers");
    assert_int_not_equal(S(t)->phase, PH_OWNER);
    vbt_free(t);
}

/* Scenario 2's set-up (pc_place.c): every placement a legal action the
 * game applies with 0, the last Austrian one (which hands the set-up to the
 * Franco-Spanish player, "The Austrian player set up first") and the last
 * Franco-Spanish one (which begins the game) included: vb_apply's caller
 * reads anything else as a failure (the advice's and the play loop's
 * `vb_apply(...) == 0`). Each piece at the first hex offered. (pc_place.c:153
 * the Austrian hand-over's `return 0` as `return 1`.) */
static void every_placement_applies_with_0(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    vb_action acts[VB_MAX_ACTIONS];
    int steps = 0;
    while ((S(t)->phase == PH_PLACE || S(t)->phase == PH_PLACEAT) && steps++ < 4 * PC_MAXU) {
        int side = S(t)->side, n = vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
        assert_true(n > 0);
        char a[64];
        pc_action_text(t->g, S(t), acts[0], a, sizeof a);
        int rc = vb_apply(t->g, S(t), acts[0], &t->cx);
        if (rc != 0)
            fail_msg("M49: Scenario 2's set-up: '%s' (%s) applied with %d", a,
                     side == PC_AU ? "Austrian" : "Franco-Spanish", rc);
    }
    assert_true(S(t)->phase != PH_PLACE && S(t)->phase != PH_PLACEAT);
    vbt_free(t);
}

/* 3.0 A: the initiative dice are rolled once both wing markers are chosen:
 * a state file with one die rolled (either side's, a 0) and the markers
 * still to choose, or with one side's marker chosen and the other's not,
 * is refused, naming the field. (pc_check.c:410 the dice's `iroll[0] >=
 * 0 || iroll[1] >= 0` as `&&`, and its `iroll[1] >= 0` as `>= 1`: one die
 * rolled before the markers accepted.) */
static void one_initiative_die_before_the_markers(void **state)
{
    (void)state;
    vbt *t = board();
    assert_true(S(t)->choice[0] == -1 && S(t)->choice[1] == -1);
    for (int k = 0; k < 2; k++) {
        json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
        json_t *m = json_object_get(json_object_get(j, "markers"), D(t)->side_list[k]);
        json_object_set_new(m, "initiative", json_integer(0)); /* a die of 0 */
        pc_load_expect(t, file,
                       "markers: initiative: rolled only once both wing markers are chosen",
                       k == PC_FS ? "M49: 3.0 A the Franco-Spanish die before the markers"
                                  : "M49: 3.0 A the Austrian die before the markers");
        json_decref(file);
        json_decref(j);
    }
    for (int k = 0; k < 2; k++) { /* one marker chosen, the other's not */
        json_t *j, *file = pc_file_of(t, "san-lazzaro", &j), *ms = json_object_get(j, "markers");
        int w = 0;
        while (w < D(t)->nw && D(t)->wg[w].side == k)
            w++;
        assert_true(w < D(t)->nw);
        json_object_set_new(json_object_get(ms, D(t)->side_list[1 - k]), "marker",
                            json_string(D(t)->wg[w].name));
        json_object_set_new(json_object_get(ms, D(t)->side_list[PC_FS]), "initiative",
                            json_integer(0));
        pc_load_expect(t, file,
                       "markers: initiative: rolled only once both wing markers are chosen",
                       k == PC_FS ? "M49: 3.0 A a die before the Franco-Spanish marker"
                                  : "M49: 3.0 A a die before the Austrian marker");
        json_decref(file);
        json_decref(j);
    }
    vbt_free(t);
}

/* 11.1 d: the one-volley marker is a disordered unit's; on a unit in
 * good order a state file is refused, on any hex, the map's first too:
 * Scenario 2's map, whose 0101 is clear ground, Saboya there. (pc_check.c:174
 * the markers' scan skipping `uhex == -0` instead of the units out of play:
 * the unit in hex 0 never checked.) */
static void one_volley_in_0101_refused(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    int u = U(t, "Saboya");
    assert_true(HX(t, "0101") == 0 && pc_passable(D(t), 0));
    put(t, "Saboya", "0101");
    assert_int_equal(S(t)->ustat[u], ST_GOOD);
    S(t)->uflag[u] |= UF_ONEVOL;
    json_t *j, *file = pc_file_of(t, "centre", &j);
    S(t)->uflag[u] &= (uint8_t)~UF_ONEVOL;
    pc_load_expect(t, file, "one-volley on a unit not disordered",
                   "M49: 11.1 d Saboya in 0101, in good order, one-volley");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(relocation_to_the_first_unit),
        cmocka_unit_test(owner_choice_takes_suffer_only),
        cmocka_unit_test(every_placement_applies_with_0),
        cmocka_unit_test(one_initiative_die_before_the_markers),
        cmocka_unit_test(one_volley_in_0101_refused),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
