/* test_mutation24.c - the rules that the twenty-fourth session's mutation
 * pass (seed 24, docs/piacenza-1746.md "Mutation pass, twenty-fourth
 * session") and the survivors the twenty-third left open found without a
 * test: each test names the rulebook sentence it pins and the mutant it
 * kills (those of pc_odds.c are in test_odds.c, with its odds helpers). */
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

/* 5.5: "the first hex ... at or next to" one of the formation's good-order
 * battalions. A state file holding a Line while its direction is chosen
 * (line_anchor set, PH_LDIR) is checked like the listing of line-from: 0505,
 * next to Castilla (0405) and Lombardia (0404), is accepted; 0605, two
 * hexes off both, is refused with the key named. pc_line.c first_ok:
 * `pc_dist(...) == 1` to `== 2` (the seed-23 survivor :249) refused the
 * first and took the second. */
static void line_anchor_in_a_state_file(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0405");
    put(t, "Lombardia", "0404");
    put_leader(t, "Aramburu", "0305");
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0505");
    assert_int_equal(S(t)->phase, PH_LDIR);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *pr = json_object_get(j, "procedure");
    pc_load_expect(t, file, NULL, "5.5: a first hex next to the infantry (0505)");
    json_object_set_new(pr, "line_anchor", json_string("0605"));
    pc_load_expect(t, file, "state: line_anchor:", "5.5: a first hex two hexes off (0605)");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 5.5: a Line is declared before any unit of the formation moves; once one
 * has moved, a state file's infantry need no longer stand where the
 * declaration put them. On the centre map (hex 0, 0101, is Clear) Petit
 * Bois's Line runs from 0103 north to 0101; a file where Saboya, moved,
 * stands in 0101 and the other two battalions far off is accepted; the same
 * file with no unit marked as moved is refused (the Line just declared, its
 * first hex next to none of them). pc_line.c just_declared:
 * `s->uhex[u] >= 0` to `> 0` (the seed-23 survivor :261) did not see the
 * moved unit in hex 0 and refused the first file. */
static void line_moved_unit_in_hex_zero(void **state)
{
    (void)state;
    vbt *t = petit_bois_declares();
    vbt_act(t, "line-from 0103");
    vbt_act(t, "line-toward N");
    assert_int_equal(S(t)->line_end, 0);
    json_t *j, *file = pc_file_of(t, "centre", &j);
    json_t *us = json_object_get(j, "units");
    pc_set_hex(j, "units", "Africa", "0110");
    pc_set_hex(j, "units", "Asturias", "0111");
    pc_set_hex(j, "leaders", "Petit Bois", "0110");
    json_object_set_new(json_object_get(us, "Saboya"), "flags", json_pack("[s]", "moved"));
    pc_load_expect(t, file, NULL, "5.5: Saboya moved into 0101, the others gone");
    json_object_set_new(json_object_get(us, "Saboya"), "flags", json_array());
    pc_load_expect(t, file, "state: line_anchor:", "5.5: the Line just declared, no one near 0103");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 7.0: "units ... exert a ZOC into the six adjacent hexes"; hex 0 (0101)
 * is Clear on the centre map (Scenario 2). Saboya in 0101 puts 0102 in an
 * Austrian enemy ZOC. pc_units.c pc_exerts_zoc: `h < 0` to `h < 1` (seed
 * 24, :98) took the unit in hex 0 for one off the map: no ZOC. */
static void zoc_from_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0101");
    assert_int_equal(HX(t, "0101"), 0);
    assert_true(pc_exerts_zoc(D(t), S(t), U(t, "Saboya"), HX(t, "0102")));
    assert_true(pc_in_ezoc(D(t), S(t), PC_AU, HX(t, "0102"), 0));
    assert_false(pc_in_ezoc(D(t), S(t), PC_FS, HX(t, "0102"), 0));
    vbt_free(t);
}

/* 11.3: a routed unit retreats toward its friendly edge "following the
 * least expensive route ... and following the rules of Retreat after
 * combat": where every hex toward the edge is barred, it steps along its
 * column. Marschall (Austrian, east edge) routs in 0806, Franco-Spanish
 * units in five of its six neighbours: the one left, north in its own
 * column, is its way back, and it is not eliminated. pc_units.c pc_drift:
 * the neighbours' scan from `k = 1` (seed 24, :570) never looked north: no
 * way back, eliminated. */
static void drift_north_along_the_column(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    static const char *const fs[] = {"Guardias Espanolas", "Guardias Valonas", "Castilla",
                                     "Lombardia", "Irlanda"};
    int h = HX(t, "0806"), n0 = pc_nb(d, h, 0);
    assert_true(n0 >= 0 && pc_passable(d, n0) && pc_side_open(d, h, 0));
    assert_int_equal(n0 / d->h, h / d->h); /* north, the same column */
    for (int k = 1; k < 6; k++)
        put_at(t, fs[k - 1], pc_nb(d, h, k));
    put(t, "Marschall", "0806");
    S(t)->ustat[U(t, "Marschall")] = ST_ROUT;
    pc_drift(d, S(t), U(t, "Marschall"), &t->cx);
    if (S(t)->uhex[U(t, "Marschall")] < 0)
        fail_msg("11.3: Marschall eliminated with 0805 open behind it");
    vbt_free(t);
}

/* 11.3: "Routed units may cross friendly troops"; the rulebook gives no
 * limit to the hexes crossed past the three. The engine's own reading
 * (pc_units.c pc_drift, :558 `3 + 6`): at most six more hexes, then a unit
 * still over the stacking limits is eliminated. Navarra drifts from 1405 on
 * an empty board (the route depends on terrain and enemies only, so it is
 * learnt from the log, three hexes a call); then friendly infantry on the
 * route's hexes 3-8: it ends on hex 9; on hexes 3-9 too: eliminated.
 * `3 + 6` to `3 + 5` eliminated it in the first case, `3 + 7` let it end
 * on hex 10 in the second (planted by hand, twenty-fifth session). */
static int drift_route(vbt *t, int *p, int n)
{
    const char *key = "Navarra drifts to ";
    const char *q = t->log;
    int k = 0;
    while (k < n && (q = strstr(q, key)) != NULL) {
        char hn[8] = {0};
        q += strlen(key);
        memcpy(hn, q, 4);
        p[k++] = HX(t, hn);
    }
    return k;
}

static void drift_crosses_six_friends_at_most(void **state)
{
    (void)state;
    static const char *const fr[] = {"Guardias Espanolas",
                                     "Guardias Valonas",
                                     "Castilla",
                                     "Lombardia",
                                     "Irlanda",
                                     "Corona",
                                     "Aragon"};
    int p[12];
    vbt *t = board();
    const pc_data *d = D(t);
    int sab = U(t, "Navarra");
    for (size_t k = 0; k < 7; k++) {
        assert_int_equal(d->u[U(t, fr[k])].side, d->u[sab].side);
        assert_int_equal(d->u[U(t, fr[k])].type, UT_INF);
    }
    put(t, "Navarra", "1405");
    S(t)->ustat[sab] = ST_ROUT;
    for (int r = 0; r < 4; r++)
        pc_drift(d, S(t), sab, &t->cx);
    assert_int_equal(drift_route(t, p, 12), 12);
    vbt_free(t);
    for (int extra = 0; extra < 2; extra++) {
        t = board();
        d = D(t);
        put(t, "Navarra", "1405");
        S(t)->ustat[sab] = ST_ROUT;
        for (int k = 0; k < 6 + extra; k++)
            put_at(t, fr[k], p[2 + k]); /* route hexes 3-8 (3-9) */
        pc_drift(d, S(t), sab, &t->cx);
        if (extra == 0 && S(t)->uhex[sab] != p[8])
            fail_msg("11.3: Navarra not on the route's ninth hex past six friends (at %d)",
                     S(t)->uhex[sab]);
        if (extra == 1 && S(t)->uhex[sab] >= 0)
            fail_msg("11.3: Navarra went on past the ninth hex (at %d)", S(t)->uhex[sab]);
        vbt_free(t);
    }
}

/* 5.2: good-order infantry projects an EZ of 3 hexes (two interposed);
 * from hex 0 (0101, Clear on the centre map) too: Saboya there puts 0103
 * and 0401 in an Austrian enemy EZ, not 0501. pc_units.c pc_in_ez:
 * `s->uhex[u] >= 0` to `> 0` (seed 24, :127) took the unit in hex 0 for
 * one off the map. */
static void ez_from_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0101");
    const pc_data *d = D(t);
    assert_int_equal(pc_dist(d, HX(t, "0101"), HX(t, "0401")), 3);
    assert_true(pc_in_ez(d, S(t), PC_AU, HX(t, "0103")));
    assert_true(pc_in_ez(d, S(t), PC_AU, HX(t, "0401")));
    assert_false(pc_in_ez(d, S(t), PC_AU, HX(t, "0501")));
    assert_false(pc_in_ez(d, S(t), PC_FS, HX(t, "0103")));
    vbt_free(t);
}

/* 4.7: a Commander relocates "to the closest unit of the same Formation"
 * when the units he was stacked with are gone; while a friendly unit
 * stays in his hex he stays with it. Aramburu with Castilla and the
 * Artilleria de Gages (a gun, of no formation) in 0605, Lombardia (his) in
 * 0608: Castilla eliminated, Aramburu stays in 0605 with the gun.
 * pc_units.c pc_eliminate: `pc_unit_at(..., -1)` to `-0` (seed 24, :380;
 * type 0 is infantry) saw no unit left under him and moved him to
 * Lombardia. */
static void commander_stays_with_the_gun(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0605");
    put(t, "Artilleria de Gages", "0605");
    put(t, "Lombardia", "0608");
    put_leader(t, "Aramburu", "0605");
    hit(t, "Castilla", R_E, "0705");
    assert_int_equal(S(t)->uhex[U(t, "Castilla")], -1);
    assert_int_equal(S(t)->uhex[U(t, "Artilleria de Gages")], HX(t, "0605"));
    if (S(t)->lhex[LEADER(t, "Aramburu")] != HX(t, "0605"))
        fail_msg("4.7: Aramburu left the gun he stands with");
    assert_int_equal(S(t)->captured[PC_AU], 0);
    vbt_free(t);
}

/* 11.3: a routed unit drifts three hexes toward its friendly edge (west
 * for the Franco-Spanish); it may end them in hex 0 (0101, Clear on the
 * centre map, on the west edge: the unit leaves the map only at a further
 * step). Saboya routs in 0401, Andlau in 0302 and Forgtasch in 0102 bar
 * the other ways: 0301, 0201, 0101, and it stays there. pc_units.c
 * pc_drift: `nb < 0` to `nb <= 0` (seed 24, :572) never entered hex 0: it
 * ended its drift elsewhere. */
static void drift_ends_in_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0401");
    put(t, "Andlau", "0302");
    put(t, "Forgtasch", "0102");
    S(t)->ustat[U(t, "Saboya")] = ST_ROUT;
    pc_drift(D(t), S(t), U(t, "Saboya"), &t->cx);
    expect_at(t, "Saboya", "0101");
    vbt_free(t);
}

/* 4.6: a Commander alone in a hex an enemy combat unit enters is captured,
 * "placed with the nearest unit of his formation"; that unit may be the
 * first of the order of battle. Pallavicini enters 0705, where Aramburu
 * stands alone; the Guardias Espanolas (unit 0, his) are in 0405: he turns
 * to his Staff side and joins them, no trophy. pc_units.c capture_leaders:
 * `best < 0` to `best <= 0` (seed 24, :327) took him as having no unit
 * left: a trophy for the Austrians. */
static void overrun_commander_joins_unit_zero(void **state)
{
    (void)state;
    vbt *t = board();
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    put(t, "Guardias Espanolas", "0405");
    put_leader(t, "Aramburu", "0705");
    put(t, "Pallavicini", "0805");
    S(t)->captured[PC_AU] = 0;
    pc_move_unit(D(t), S(t), U(t, "Pallavicini"), HX(t, "0705"), &t->cx);
    if (S(t)->lhex[LEADER(t, "Aramburu")] != HX(t, "0405"))
        fail_msg("4.6: Aramburu did not join the Guardias Espanolas");
    assert_int_equal(S(t)->captured[PC_AU], 0);
    vbt_free(t);
}

/* 3.1 b: the prompt of a formation's movement names it: "move a unit of
 * Aramburu", and for the guns moved as one formation, "of the artillery".
 * pc_turn.c the PH_MOVE prompt: `s->form == PC_MAXF` to `!=` (seed 24,
 * :322) named every formation "the artillery" (and read past the
 * formations for the guns). */
static void move_prompt_names_the_formation(void **state)
{
    (void)state;
    static const char *const form[] = {"Aramburu", "artillery"};
    static const char *const want[] = {"move a unit of Aramburu", "move a unit of the artillery"};
    for (int k = 0; k < 2; k++) {
        vbt *t = board();
        put(t, "Castilla", "0405");
        put_leader(t, "Aramburu", "0305");
        put(t, "Artilleria de Gages", "0404");
        at_segment(t, "LW", PH_MFORM);
        char act[64], p[160];
        snprintf(act, sizeof act, "formation %s", form[k]);
        vbt_act(t, act);
        assert_int_equal(S(t)->phase, PH_MOVE);
        vb_prompt(t->g, S(t), p, sizeof p);
        if (!strstr(p, want[k]))
            fail_msg("prompt after '%s': %s", act, p);
        vbt_free(t);
    }
}

/* 4.0: the CiC "can only move into Farmstead, Farmhouse, Chateau, Village
 * "named" hexes", with 7.1 i on the way. The Infante stands in the hex from
 * which Bossoli lies in the sixth direction (5), every other side of his
 * hex held by the Austrians, Castilla in Bossoli (in their ZOC, so a friend
 * makes it enterable): Bossoli is reached through that one side only.
 * pc_battle.c cic_targets `k < 6` to `k < 5` (seed 24, :452) never looked
 * that way and refused the move. */
static void cic_route_through_the_last_side(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    pass_activation(t);
    vbt_act(t, "stop");
    assert_int_equal(s->phase, PH_CIC);
    assert_true(vbt_legal(t, "cic-to Bossoli"));
    int g = PLACE(t, "Bossoli"), c = -1;
    for (int h = 0; h < d->nhex && c < 0; h++)
        if (pc_nb(d, h, 5) == g && pc_passable(d, h) && ((d->open[h] >> 5) & 1))
            c = h;
    assert_true(c >= 0);
    s->lhex[LEADER(t, "Infante Felipe")] = (int16_t)c;
    int u = 0, held = 0;
    for (int k = 0; k < 5; k++) {
        int m = pc_nb(d, c, k);
        if (m < 0 || !((d->open[c] >> k) & 1))
            continue;
        while (u < d->nu && d->u[u].side != PC_AU)
            u++;
        assert_true(u < d->nu);
        s->uhex[u++] = (int16_t)m;
        held++;
    }
    assert_true(held > 0);
    assert_true(pc_in_ezoc(d, s, PC_FS, g, 0));
    assert_false(vbt_legal(t, "cic-to Bossoli")); /* 7.1 i: no friend there yet */
    put_at(t, "Castilla", g);
    assert_true(vbt_legal(t, "cic-to Bossoli"));
    vbt_act(t, "cic-to Bossoli");
    assert_int_equal(s->lhex[LEADER(t, "Infante Felipe")], g);
    vbt_free(t);
}

/* 5.10: "The moment an Infantry unit moves adjacent to an enemy Cavalry
 * unit, the latter must Retreat": the cavalry in hex 0 (0101, Clear on the
 * centre map) too. Vieufville there, Andlau (Piccolomini) moves from 0301
 * into 0201, next to it: Vieufville refuses and leaves 0101. pc_rules.c
 * refuses: `s->uhex[v] >= 0` to `> 0` (second round of the twenty-fourth
 * session, :223) let it stay. */
static void refusal_from_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Vieufville", "0101");
    put(t, "Andlau", "0301");
    put_leader(t, "Piccolomini", "0301");
    assert_int_equal(HX(t, "0101"), 0);
    at_segment(t, "Browne", PH_MFORM);
    vbt_act(t, "formation Piccolomini");
    vbt_act(t, "move Andlau");
    vbt_act(t, "to 0201");
    expect_log(t, "[5.10] Vieufville refuses to stay next to Andlau");
    if (S(t)->phase == PH_RETREAT)
        retreat_first(t);
    assert_true(S(t)->uhex[U(t, "Vieufville")] != 0);
    vbt_free(t);
}

/* 7.1 e: a unit may not move "directly from one eZOC to another": Andlau
 * in hex 0 (0101, centre map) is one of them. Vieufville in 0103, in the
 * ZOC of Forgtasch (0104), may not step into 0102, next to Andlau; with
 * Forgtasch gone it may. pc_rules.c near_fill `s->uhex[v] >= 0` to `>= 1`
 * (second round of the twenty-fourth session, :49) left the unit in hex 0
 * out of the step's neighbourhood and let it through. */
static void ezoc_to_ezoc_from_hex_zero(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = pc_new("centre", 1);
        clear_board(t);
        put(t, "Andlau", "0101");
        if (k == 0)
            put(t, "Forgtasch", "0104");
        put(t, "Vieufville", "0103");
        put_leader(t, "De Mailly", "0103");
        at_segment(t, "De Croix", PH_MFORM);
        vbt_act(t, "formation De-Mailly");
        vbt_act(t, "move Vieufville");
        assert_true(pc_in_ezoc(D(t), S(t), PC_FS, HX(t, "0102"), 0));
        if (vbt_legal(t, "to 0102") != (k == 1))
            fail_msg("7.1 e: Vieufville into 0102 (Andlau's ZOC) %s Forgtasch's ZOC: %s",
                     k == 0 ? "from" : "outside", k == 0 ? "offered" : "refused");
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_anchor_in_a_state_file),
        cmocka_unit_test(line_moved_unit_in_hex_zero),
        cmocka_unit_test(zoc_from_hex_zero),
        cmocka_unit_test(drift_north_along_the_column),
        cmocka_unit_test(drift_crosses_six_friends_at_most),
        cmocka_unit_test(ez_from_hex_zero),
        cmocka_unit_test(commander_stays_with_the_gun),
        cmocka_unit_test(drift_ends_in_hex_zero),
        cmocka_unit_test(overrun_commander_joins_unit_zero),
        cmocka_unit_test(move_prompt_names_the_formation),
        cmocka_unit_test(cic_route_through_the_last_side),
        cmocka_unit_test(refusal_from_hex_zero),
        cmocka_unit_test(ezoc_to_ezoc_from_hex_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
