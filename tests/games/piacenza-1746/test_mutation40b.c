/* test_mutation40b.c - the rules that the fortieth session's second
 * mutation pass (seed 40, helper pcy, docs/piacenza-1746.md "Mutation
 * pass, fortieth session, second round (helper pcy)") found without a test
 * in the rules files pc_units.c, pc_line.c, pc_cavalry.c and pc_check.c:
 * each test quotes the rule it checks and names the mutant it kills (lines
 * of ae6fda16). Messages begin "M40b:". The positions are built on cleared
 * boards, as the other tests' are. */
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

/* 5.5: the Line's first hex is one with some Line from it, "a Line of
 * units ... each in a hex adjacent to the next" (no enemy unit on a step).
 * Kheul's two battalions, Daun by the edge of San Lazzaro's playable area
 * (the first hex with six neighbours and few enough passable hexes round
 * it) and Haganbach beside it in hex direction 0 (the first of
 * pc_dir_names), every other passable hex within two of Daun held by a
 * Franco-Spanish unit: the one Line from Daun's hex runs in direction 0,
 * and line-from that hex is offered (then line-toward that way).
 * (pc_line.c:191 `anchor_ok`'s directions `k = 0` as `k = 1`: the first
 * direction never tried, the first hex refused.) */
static void first_hex_with_its_line_in_direction_zero(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int nfs = 0, a = -1, b = -1, v = 0;
    for (int u = 0; u < d->nu; u++)
        nfs += d->u[u].side == PC_FS;
    /* the first hex with six neighbours on the map (a line-toward cut by
     * the map's edge stops short of it) and few enough passable hexes
     * round it to hold */
    for (int h = 0; h < d->nhex && a < 0; h++) {
        int nb = pc_nb(d, h, 0), need = 0, six = 1;
        for (int k = 0; k < 6; k++)
            six &= pc_nb(d, h, k) >= 0;
        if (!six || !pc_passable(d, h) || !pc_passable(d, nb) || !pc_side_open(d, h, 0))
            continue;
        for (int x = 0; x < d->nhex; x++)
            need += x != nb && pc_passable(d, x) && pc_dist(d, h, x) >= 1 && pc_dist(d, h, x) <= 2;
        if (need <= nfs)
            a = h, b = nb;
    }
    assert_true(a >= 0);
    put_at(t, "Daun", a);
    put_at(t, "Haganbach", b);
    S(t)->lhex[pc_find_leader(d, "Kheul")] = (int16_t)a;
    for (int h = 0; h < d->nhex; h++) {
        if (h == b || !pc_passable(d, h) || pc_dist(d, a, h) < 1 || pc_dist(d, a, h) > 2)
            continue;
        while (d->u[v].side != PC_FS)
            v++;
        S(t)->uhex[v++] = (int16_t)h;
    }
    char hn[8], act[32];
    pc_hex_name(d, a, hn, sizeof hn);
    at_segment(t, "CE", PH_MFORM);
    vbt_act(t, "formation Kheul");
    vbt_act(t, "declare-line");
    snprintf(act, sizeof act, "line-from %s", hn);
    if (!vbt_legal(t, act))
        fail_msg("M40b: 5.5 %s not offered, its one Line in direction 0", act);
    vbt_act(t, act);
    snprintf(act, sizeof act, "line-toward %s", pc_dir_names[0]);
    if (!vbt_legal(t, act))
        fail_msg("M40b: 5.5 %s not offered from %s", act, hn);
    vbt_free(t);
}

/* 8.5.1: the owner of a stack hit names the unit that suffers; his
 * choice interrupts a procedure, and a state file paused there names the
 * procedure's phase it returns to (`owner_return_phase`): one of the
 * procedures' phases, never the owner's choice itself nor one before the
 * turn's segments (refused naming 8.5.1, in one line). The Artilleria de
 * Gages's 1 on the Bernes and Hohenembs Cuirassiers stacked in 1205, the
 * Austrian player to choose: the file as written is accepted; with
 * `owner_return_phase` the owner's phase, or 0, refused. (pc_check.c:452
 * the first `||` as `&&`: `own_phase < PH_SELECT && own_phase >=
 * PH_OWNER`, never true, the return phase left unchecked.) */
static void owner_choice_returns_to_a_procedure(void **state)
{
    (void)state;
    vbt *t = bombarded_cuirassiers();
    assert_int_equal(S(t)->phase, PH_OWNER);
    assert_true(PH_SELECT > 0);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *pr = json_object_get(j, "procedure");
    assert_non_null(json_object_get(pr, "owner_return_phase"));
    pc_load_expect(t, file, NULL, "M40b: 8.5.1 the owner's choice as written");
    static const int bad[] = {PH_OWNER, 0};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *keep = json_deep_copy(json_object_get(pr, "owner_return_phase"));
        json_object_set_new(pr, "owner_return_phase", json_integer(bad[i]));
        char what[64];
        snprintf(what, sizeof what, "M40b: 8.5.1 owner_return_phase %d", bad[i]);
        pc_load_expect(t, file, "8.5.1", what);
        json_object_set_new(pr, "owner_return_phase", keep);
    }
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_hex_with_its_line_in_direction_zero),
        cmocka_unit_test(owner_choice_returns_to_a_procedure),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
