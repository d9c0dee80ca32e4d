/* test_audit31.c - the rules that the thirty-first session's audit by
 * planting of 9.0-9.2, 10.0-10.5, 11.0-11.4 and 4.0-4.7
 * (docs/piacenza-1746.md "Audit by planting, thirty-first session (helper
 * pcc)", and its "Second round (helper pcd)") found without a test: each
 * test names the rulebook sentence it pins and the change it catches. */
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

/* 11.3: "A routed unit must immediately retreat to the friendly edge of
 * the map (west for Franco-Spanish ...)"; "If a Routed unit is forced to
 * leave the map or encounters only impassable hexes during its rout, it is
 * eliminated." Castilla routs in 0605 with every neighbour no farther from
 * its (west) edge held by Austrian units, the hexes to the east free: it
 * finds no way back and is eliminated, never drifting east; with one of
 * them left free it drifts there. Caught: pc_drift's refusal of a hex
 * farther from the edge (`e > ce`) dropped. */
static void rout_never_drifts_away_from_its_edge(void **state)
{
    (void)state;
    static const char *const au[4] = {"Clerici", "Pallavicini", "Marschall", "Daun"};
    for (int leave = 0; leave < 2; leave++) {
        vbt *t = board();
        const pc_data *d = D(t);
        pc_state *s = S(t);
        int c = U(t, "Castilla"), h = HX(t, "0605"), col = h / d->h, n = 0, freed = -1;
        assert_true(d->edge_west[PC_FS]);
        put(t, "Castilla", "0605");
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, h, k);
            if (nb < 0 || nb / d->h > col)
                continue;
            assert_true(n < 4);
            if (leave && freed < 0) {
                freed = nb;
                continue;
            }
            put_at(t, au[n++], nb);
        }
        assert_int_equal(n, leave ? 3 : 4);
        pc_rout(d, s, c, &t->cx);
        if (!leave) {
            assert_int_equal(s->uhex[c], -1);
            expect_log(t, "finds no way back");
        } else {
            assert_true(s->uhex[c] >= 0);
            assert_true(s->uhex[c] / d->h <= col);
        }
        vbt_free(t);
    }
}

/* 9.1.3: "A firing unit fires at full strength if it is adjacent to at
 * least one unit of his Formation which is also adjacent to the enemy unit
 * being fired at. Otherwise the unit still suffers the die modifier of -2";
 * 9.1.8: "the benefit of the Flank (+2) if at least one other unit of the
 * same Formation is adjacent to the unit receiving Fire, but not adjacent
 * to the firing unit". Castilla (Aramburu) fires at Pallavicini: Corona
 * (Douchez's formation) beside both, or on the target's far side, changes
 * nothing; Lombardia (Aramburu's) beside both lifts the -2, Irlanda
 * (Aramburu's) on the far side adds the +2. Caught: the formation test of
 * pc_fire_mod made a side test (any friendly unit stands beside or
 * flanks). */
static void side_by_side_and_flank_of_the_formation(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int c = U(t, "Castilla"), p = U(t, "Pallavicini"), fh = HX(t, "0605"), th = HX(t, "0705");
    int beside = -1, far = -1;
    assert_int_not_equal(d->u[U(t, "Corona")].form, d->u[c].form);
    assert_int_equal(d->u[U(t, "Lombardia")].form, d->u[c].form);
    assert_int_equal(d->u[U(t, "Irlanda")].form, d->u[c].form);
    for (int k = 0; k < 6; k++) {
        int nb = pc_nb(d, th, k);
        if (nb < 0 || nb == fh)
            continue;
        if (beside < 0 && pc_dist(d, nb, fh) == 1 && d->terr[d->hterr[nb]].is_clear)
            beside = nb;
        if (far < 0 && pc_dist(d, nb, fh) == 2)
            far = nb;
    }
    assert_true(beside >= 0 && far >= 0);
    put(t, "Castilla", "0605");
    put(t, "Pallavicini", "0705");
    int alone = pc_fire_mod(d, s, c, p, 0);
    assert_true(alone - d->m_nsbs + d->m_flank <= 9 && alone > d->m_floor);
    put_at(t, "Corona", beside);
    assert_int_equal(pc_fire_mod(d, s, c, p, 0), alone);
    s->uhex[U(t, "Corona")] = -1;
    put_at(t, "Lombardia", beside);
    assert_int_equal(pc_fire_mod(d, s, c, p, 0), alone - d->m_nsbs);
    s->uhex[U(t, "Lombardia")] = -1;
    put_at(t, "Corona", far);
    assert_int_equal(pc_fire_mod(d, s, c, p, 0), alone);
    s->uhex[U(t, "Corona")] = -1;
    put_at(t, "Irlanda", far);
    assert_int_equal(pc_fire_mod(d, s, c, p, 0), alone + d->m_flank);
    vbt_free(t);
}

/* 10.4: the Flank benefit "if at least one other Cavalry of the same
 * Formation is adjacent to the attacked unit, but not adjacent to the
 * attacking unit". In the battle, Rochefoucauld 1 (Larnage) melees Tripps
 * 1 in the open (flank_cavalry_of_the_formation's ground, test_combat.c):
 * Rochefoucauld 2 in a hex next to both gives no column, the same as
 * nobody there. Caught: melee_flank's `> 1` (not adjacent to the attacker)
 * made `>= 1` (only a stack mate excluded). */
static void no_flank_from_beside_the_attacker(void **state)
{
    (void)state;
    char col[2][64];
    for (int i = 0; i < 2; i++) {
        vbt *t = vbt_new("piacenza-1746", "battle", 1);
        battle_begun(t, 0);
        const pc_data *d = D(t);
        int h = -1, a = -1, f = -1;
        for (int u = 0; u < d->nu; u++)
            S(t)->uhex[u] = -1;
        for (int x = 0; x < d->nhex && h < 0; x++) {
            if (!d->terr[d->hterr[x]].is_clear)
                continue;
            for (int k = 0; k < 6 && h < 0; k++) {
                int y = pc_nb(d, x, k);
                if (y < 0 || !d->terr[d->hterr[y]].is_clear || !pc_side_open(d, x, k))
                    continue;
                for (int j = 0; j < 6 && h < 0; j++) {
                    int z = pc_nb(d, x, j);
                    if (z >= 0 && z != y && pc_passable(d, z) && pc_dist(d, z, y) == 1)
                        h = x, a = y, f = z;
                }
            }
        }
        assert_true(h >= 0);
        put_at(t, "Rochefoucauld 1", a);
        S(t)->lhex[pc_find_leader(d, "Larnage")] = (int16_t)a;
        put_at(t, "Tripps 1", h);
        if (i)
            put_at(t, "Rochefoucauld 2", f);
        start_move(t, "Mirepoix", "Larnage", "Rochefoucauld-1");
        char hn[8], act[64];
        pc_hex_name(d, h, hn, sizeof hn);
        snprintf(act, sizeof act, "melee %s", hn);
        vbt_act(t, act);
        to_combat(t, "Larnage");
        assert_int_equal(S(t)->roll, RL_MELEE);
        vbt_dice(t, "5");
        melee_column(t, "[9.2.4]", "Rochefoucauld 1", col[i], sizeof col[i]);
        vbt_free(t);
    }
    assert_string_equal(col[0], col[1]);
}

/* 4.4 / 9.1.4 (Readings chosen, "4.4 the Sergeants' Factor is given only
 * by the unit's own Formation Commander, and not by one on his Staff
 * side"): a Commander turned to his Staff side gives neither his Fire
 * Bonus nor his Sergeants' Factor. Aramburu stacked with Castilla adds his
 * bonus and his SF; on his Staff side, neither. In the battle, Gen Browne
 * on his Staff side with Daun no longer supersedes Kheul's bonus, and
 * alone gives none. Caught: the `lstaff` check of pc_fire_sp (the FC's
 * or the WC's) or of pc_sf_near dropped. */
static void staff_side_gives_no_bonus(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int c = U(t, "Castilla"), l = pc_find_leader(d, "Aramburu");
    put(t, "Castilla", "0605");
    s->lhex[l] = (int16_t)HX(t, "0605");
    assert_true(d->l[l].fb > 0 && d->l[l].sf != 0);
    assert_int_equal(pc_fire_sp(d, s, c), 2 + d->l[l].fb);
    assert_int_equal(pc_sf_near(d, s, c), d->l[l].sf);
    s->lstaff[l] = 1;
    assert_int_equal(pc_fire_sp(d, s, c), 2);
    assert_int_equal(pc_sf_near(d, s, c), 0);
    vbt_free(t);

    t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    d = D(t);
    s = S(t);
    int daun = U(t, "Daun"), kheul = LEADER(t, "Kheul"), wc = LEADER(t, "Gen Browne");
    int h = s->uhex[daun];
    assert_true(d->l[wc].fb > 0 && d->l[kheul].fb != d->l[wc].fb);
    s->lhex[kheul] = (int16_t)h;
    s->lhex[wc] = (int16_t)h;
    assert_int_equal(pc_fire_sp(d, s, daun), 3 + d->l[wc].fb);
    s->lstaff[wc] = 1;
    assert_int_equal(pc_fire_sp(d, s, daun), 3 + d->l[kheul].fb);
    s->lhex[kheul] = -1;
    assert_int_equal(pc_fire_sp(d, s, daun), 3);
    vbt_free(t);
}

/* 4.3: "Each WC displays a Fire Bonus that will be used as a fire modifier
 * of a Firing unit, when the WC is adjacent to or stacked with a unit of
 * his Wing (see 9.1.4)". In the battle, Gen Browne next to Daun (Kheul
 * away) adds his bonus; two hexes away, none. Caught: the WC's distance in
 * pc_fire_sp `<= 1` made `< 1` (stacked only). */
static void wing_commander_bonus_when_adjacent(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int daun = U(t, "Daun"), kheul = LEADER(t, "Kheul"), wc = LEADER(t, "Gen Browne");
    int h = s->uhex[daun], nb = -1, two = -1;
    assert_true(d->l[wc].fb > 0);
    s->lhex[kheul] = -1;
    for (int k = 0; k < 6 && nb < 0; k++)
        nb = pc_nb(d, h, k);
    for (int k = 0; k < 6 && two < 0; k++) {
        int x = pc_nb(d, nb, k);
        if (x >= 0 && pc_dist(d, x, h) == 2)
            two = x;
    }
    assert_true(nb >= 0 && two >= 0);
    s->lhex[wc] = (int16_t)nb;
    assert_int_equal(pc_fire_sp(d, s, daun), 3 + d->l[wc].fb);
    s->lhex[wc] = (int16_t)two;
    assert_int_equal(pc_fire_sp(d, s, daun), 3);
    vbt_free(t);
}

/* 4.6: a Commander is captured "if it is solitary in a hex that an
 * opposing combat unit enters". Aramburu stacked with Castilla in 0605:
 * Pallavicini moved into the hex (pc_move_unit, as
 * wing_commander_bonus_and_capture does for a lone WC; in play an enemy
 * never enters a hex its enemy holds) leaves him on the map, on his
 * Commander side; alone there he is overrun. Caught: capture_leaders'
 * check for a unit of his own side in the hex dropped. */
static void no_capture_beside_his_own_unit(void **state)
{
    (void)state;
    for (int alone = 0; alone < 2; alone++) {
        vbt *t = board();
        const pc_data *d = D(t);
        pc_state *s = S(t);
        int l = pc_find_leader(d, "Aramburu"), h = HX(t, "0605");
        put(t, "Lombardia", "0405");
        if (!alone)
            put(t, "Castilla", "0605");
        s->lhex[l] = (int16_t)h;
        pc_move_unit(d, s, U(t, "Pallavicini"), h, &t->cx);
        if (alone) {
            assert_true(s->lstaff[l]);
            assert_int_not_equal(s->lhex[l], h);
        } else {
            assert_false(s->lstaff[l]);
            assert_int_equal(s->lhex[l], h);
        }
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rout_never_drifts_away_from_its_edge),
        cmocka_unit_test(side_by_side_and_flank_of_the_formation),
        cmocka_unit_test(no_flank_from_beside_the_attacker),
        cmocka_unit_test(staff_side_gives_no_bonus),
        cmocka_unit_test(wing_commander_bonus_when_adjacent),
        cmocka_unit_test(no_capture_beside_his_own_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
