/* test_fire.c - Piacenza 1746 fire combat (9.1-9.1.8): the columns and
 * modifiers, the two volleys, Feu de Billebaude, the disordered unit's one
 * volley (11.1 d). Positions are built on the Scenario 1 map by placing
 * units directly; each case fails when its rule is changed. */
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

/* 11.1 d, 11.2 (errata): a disordered unit "performs a single volley and
 * then goes into Feu de Billebaude"; "Any Feu de Billebaude marker on a
 * unit which routs is removed". Castilla, disordered, fires its one
 * volley; Clerici's reply in the same volley (9.1: simultaneous)
 * disorders it again and the TDR of 11.1 e fails: it routs, and no Feu de
 * Billebaude comes after (the state stays loadable). */
static void routed_one_volley_no_billebaude(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0705");
    put_leader(t, "Aramburu", "0704");
    put(t, "Clerici", "0805");
    put_leader(t, "Novati", "0906");
    S(t)->ustat[U(t, "Castilla")] = ST_DIS;
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "end-formation");
    vbt_act(t, "end-movement");
    vbt_act(t, "end-bombardment");
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Castilla Clerici");
    vbt_act(t, "open-fire");
    vbt_act(t, "reply Clerici Castilla");
    dice_on(t, "0,6");
    int c = U(t, "Castilla");
    /* 11.1 e in a state file: the pending TDR of a second disorder is a
     * disordered unit's; a unit in good order (or routed) has none */
    assert_int_equal(S(t)->roll, RL_DIS2);
    assert_int_equal(S(t)->roll_u, c);
    assert_true(S(t)->uflag[c] & UF_ONEVOL);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *cu = json_object_get(json_object_get(j, "units"), "Castilla");
    pc_load_expect(t, file, NULL, "the TDR of a disordered unit");
    json_object_set_new(cu, "flags", json_array());
    static const char *const st[] = {"good", "routed"};
    for (int k = 0; k < 2; k++) {
        json_object_set_new(cu, "status", json_string(st[k]));
        pc_load_expect(t, file, "11.1 e: the second-disorder TDR needs a disordered unit", st[k]);
    }
    json_decref(j);
    json_decref(file);
    dice_on(t, "9");
    assert_int_equal(S(t)->ustat[c], ST_ROUT);
    assert_false(S(t)->uflag[c] & UF_FDB);
    assert_false(S(t)->uflag[c] & UF_ONEVOL);
    vbt_free(t);
}

/* The passable neighbours of a hex, in direction order. */
static int around(vbt *t, const char *hex, int *nb)
{
    int n = 0;
    for (int k = 0; k < 6; k++) {
        int x = pc_nb(D(t), HX(t, hex), k);
        if (x >= 0 && pc_passable(D(t), x) && pc_side_open(D(t), HX(t, hex), k))
            nb[n++] = x;
    }
    return n;
}

static void put_at(vbt *t, const char *unit, int hex)
{
    S(t)->uhex[U(t, unit)] = (int16_t)hex;
}

/* 9.0 / 9.1: "In command Infantry ... units of an activated Formation may
 * conduct Fire Combat on adjacent enemy units (Offensive Fire). Out of
 * command units cannot Fire during an activation"; 9.2.6 c: a light unit
 * "if out of command they can Fire". Around Clerici: Castilla (Aramburu's,
 * in command), Corona and Micheletti (Douchez's, Douchez far away: out of
 * command; Micheletti light). */
static void who_fires(void **state)
{
    (void)state;
    for (int far = 0; far < 2; far++) {
        vbt *t = board();
        int nb[6];
        assert_true(around(t, "0805", nb) >= 4);
        put(t, "Clerici", "0805");
        put_leader(t, "Novati", "0906");
        put_at(t, "Castilla", nb[0]);
        put_at(t, "Corona", nb[1]);
        put_at(t, "Micheletti", nb[2]);
        S(t)->lhex[pc_find_leader(D(t), "Aramburu")] = (int16_t)nb[0];
        S(t)->lhex[pc_find_leader(D(t), "Douchez")] = (int16_t)(far ? HX(t, "0111") : nb[1]);
        at_segment(t, "LW", PH_CFORM);
        assert_int_equal(pc_in_command(D(t), S(t), U(t, "Corona")), !far);
        assert_int_equal(pc_in_command(D(t), S(t), U(t, "Micheletti")), !far);
        vbt_act(t, "combat Douchez");
        assert_int_equal(vbt_legal(t, "fire Corona Clerici"), !far);
        assert_true(vbt_legal(t, "fire Micheletti Clerici"));
        /* another formation's unit fires in its own formation's combat */
        assert_false(vbt_legal(t, "fire Castilla Clerici"));
        vbt_free(t);
    }
}

/* 9.1: "using as targets only the enemy units which Fired offensively ...
 * the unit subjected to the fire will be able to exert defensive fire
 * against only one of the enemy units that fired at it". Castilla fires at
 * Clerici, Lombardia (next to Clerici too) at Pallavicini: Clerici replies
 * at Castilla only, Pallavicini at Lombardia only. */
static void replies_at_its_firers(void **state)
{
    (void)state;
    vbt *t = board();
    int nb[6], n = around(t, "0805", nb), c = -1, l = -1, p = -1;
    put(t, "Clerici", "0805");
    put_leader(t, "Novati", "0906");
    for (int i = 0; i < n && p < 0; i++)
        for (int j = 0; j < n && p < 0; j++) {
            if (i == j || pc_dist(D(t), nb[i], nb[j]) != 1)
                continue;
            for (int k = 0; k < 6 && p < 0; k++) {
                int x = pc_nb(D(t), nb[j], k);
                if (x >= 0 && pc_passable(D(t), x) && pc_side_open(D(t), nb[j], k) &&
                    x != HX(t, "0805") && x != nb[i] && pc_dist(D(t), x, nb[i]) > 1 &&
                    pc_dist(D(t), x, HX(t, "0906")) > 0)
                    c = nb[i], l = nb[j], p = x;
            }
        }
    assert_true(p >= 0);
    put_at(t, "Castilla", c);
    put_at(t, "Lombardia", l);
    put_at(t, "Pallavicini", p);
    S(t)->lhex[pc_find_leader(D(t), "Aramburu")] = (int16_t)c;
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Castilla Clerici");
    vbt_act(t, "fire Lombardia Pallavicini");
    vbt_act(t, "open-fire");
    /* the defenders in the order of battle: Pallavicini, then Clerici */
    assert_true(vbt_legal(t, "reply Pallavicini Lombardia"));
    assert_false(vbt_legal(t, "reply Pallavicini Castilla"));
    vbt_act(t, "reply Pallavicini Lombardia");
    assert_true(vbt_legal(t, "reply Clerici Castilla"));
    assert_false(vbt_legal(t, "reply Clerici Lombardia"));
    vbt_free(t);
}

/* 9.1: "If a unit suffers Fire from multiple enemy units, all step losses
 * add up, while only the highest level of Disorder is suffered": two
 * results of 1 on Clerici (two steps) eliminate it; a D after a D2 leaves
 * the D2 (two hexes of retreat). */
static void losses_add_up(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int c = U(t, "Clerici");
    put(t, "Clerici", "0805");
    assert_int_equal(s->ustep[c], 2);
    pc_pending_begin(s);
    pc_add_result(d, s, c, R_1, HX(t, "0705"), 1);
    pc_add_result(d, s, c, R_1, HX(t, "0705"), 1);
    assert_int_equal(s->psteps[c], 2);
    pc_pending_begin(s);
    pc_add_result(d, s, c, R_D2, HX(t, "0705"), 1);
    pc_add_result(d, s, c, R_D, HX(t, "0705"), 1);
    assert_int_equal(s->pdis[c] & 7, 3); /* D2 */
    pc_pending_begin(s);
    pc_add_result(d, s, c, R_D, HX(t, "0705"), 1);
    pc_add_result(d, s, c, R_D1, HX(t, "0705"), 1);
    assert_int_equal(s->pdis[c] & 7, 2); /* D1 */
    pc_pending_begin(s);
    pc_add_result(d, s, c, R_1, HX(t, "0705"), 1);
    pc_add_result(d, s, c, R_1, HX(t, "0705"), 1);
    s->proc_u = 0;
    s->cont = CONT_NONE;
    pc_advance(d, s, &t->cx);
    assert_int_equal(s->uhex[c], -1);
    vbt_free(t);
}

/* 9.0: "Artillery units do not fight, but bombard or execute Defensive
 * Fire if subject to fire, but always using the Bombardment Table": the
 * gun stacked with the Grenadiers Marini answers the Guardias on the
 * Bombardment Table, a die chosen where its first column and the Fire
 * Table's differ. */
static void gun_replies_on_the_bombardment_table(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    put(t, "Guardias Espanolas", "0707");
    put_leader(t, "Aramburu", "0606");
    put(t, "Grenadiers Marini", "0807");
    put(t, "Artillerie Pallavicini", "0807");
    int g = U(t, "Artillerie Pallavicini"), ge = U(t, "Guardias Espanolas");
    S(t)->uface[g] = (uint8_t)pc_dir_to(d, HX(t, "0807"), HX(t, "0707"));
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Guardias-Espanolas Grenadiers-Marini");
    vbt_act(t, "open-fire");
    vbt_act(t, "hold Grenadiers-Marini");
    vbt_act(t, "reply Artillerie-Pallavicini Guardias-Espanolas");
    int m = pc_fire_mod(d, S(t), g, ge, 0), col = pc_fire_column(d, S(t), 3, ge, 1), die = -1;
    for (int k = 0; k <= 9 && die < 0; k++) {
        int i = k + m - PC_DIE_MIN;
        i = i < 0 ? 0 : i >= PC_DIE_N ? PC_DIE_N - 1 : i;
        if (d->bomb[col][i] != d->fire[col][i] && d->bomb[col][i] != R_RR)
            die = k;
    }
    assert_true(die >= 0);
    char dice[16], want[96];
    snprintf(dice, sizeof dice, "0,%d", die);
    int i = die + m - PC_DIE_MIN;
    i = i < 0 ? 0 : i >= PC_DIE_N ? PC_DIE_N - 1 : i;
    snprintf(want, sizeof want, "fires at Guardias Espanolas: %d%+d = %d: %s", die, m, die + m,
             pc_result_names[d->bomb[col][i]]);
    vbt_dice(t, dice);
    expect_log(t, want);
    vbt_free(t);
}

/* 8.5.4 / 9.1.7: "If the target ... is an Infantry unit greater than 2
 * strength points, the column ... shifts 1 to the left": a 3 SP volley is
 * Extended against a lone 3 SP gun, Normal against 3 SP infantry; the same
 * for a 3 SP battery (3-5 column, or 1-2). */
static void staggered_infantry_only(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Clerici", "0805");
    put(t, "Artillerie Browne", "0809");
    int c = U(t, "Clerici"), g = U(t, "Artillerie Browne");
    for (int bomb = 0; bomb < 2; bomb++) {
        assert_int_equal(pc_fire_column(D(t), S(t), 3, g, bomb), 1);
        assert_int_equal(pc_fire_column(D(t), S(t), 3, c, bomb), 0);
    }
    vbt_free(t);
}

/* 9.1.2: "For each unit of the active Formation, still adjacent to the
 * enemy after the first volley, that the player wishes to fire a second
 * time ... a TDR must be performed": the Guardias' first volley at
 * Pallavicini; where it sends Pallavicini back, no second volley is
 * offered (nor a TDR rolled), where Pallavicini stays it is. */
static void second_volley_only_adjacent(void **state)
{
    (void)state;
    int seen[2] = {0, 0};
    for (int die = 0; die <= 9; die++) {
        vbt *t = board();
        put(t, "Guardias Espanolas", "0605");
        put(t, "Lombardia", "0604"); /* beside, no -2 (9.1.3) */
        put_leader(t, "Aramburu", "0604");
        put(t, "Pallavicini", "0705"); /* clear */
        put_leader(t, "Novati", "0906");
        at_segment(t, "LW", PH_CFORM);
        vbt_act(t, "combat Aramburu");
        vbt_act(t, "fire Guardias-Espanolas Pallavicini");
        vbt_act(t, "open-fire");
        vbt_act(t, "hold Pallavicini");
        char d[8];
        snprintf(d, sizeof d, "%d", die);
        vbt_dice(t, d);
        for (int g = 0; g < 10 && S(t)->phase != PH_F2ATT; g++) {
            retreat_first(t);
            if (S(t)->roll)
                vbt_dice(t, "0"); /* 8.5.3: the ranks change (0 passes) */
        }
        int p = U(t, "Pallavicini"), next = S(t)->uhex[p] >= 0 &&
                                               pc_dist(D(t), S(t)->uhex[p], HX(t, "0605")) == 1;
        if (S(t)->phase == PH_F2ATT) {
            assert_int_equal(vbt_legal(t, "again Guardias-Espanolas"), next);
            seen[next] = 1;
        }
        vbt_free(t);
    }
    assert_true(seen[0] && seen[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(routed_one_volley_no_billebaude),
        cmocka_unit_test(who_fires),
        cmocka_unit_test(replies_at_its_firers),
        cmocka_unit_test(losses_add_up),
        cmocka_unit_test(gun_replies_on_the_bombardment_table),
        cmocka_unit_test(staggered_infantry_only),
        cmocka_unit_test(second_volley_only_adjacent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
