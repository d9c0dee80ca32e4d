/* test_mutation43.c - the forty-third session's mutation pass (seed 43,
 * helper pcu, docs/piacenza-1746.md "Mutation pass, forty-third session
 * (helper pcu)"): what the pass found without a test in pc_eval.c,
 * pc_explain.c, pc_board.c and the rules files after them. Each test
 * quotes the rule it checks and names the mutant it kills (lines of
 * bae9f47d). Messages begin "M43:". The positions are built on cleared
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

/* 5.5: "A set of at least two Infantry units of the same Formation form a
 * 'Line'"; 5.6: the in-command infantry in good order of the activated
 * Formation moves in line. The evaluation's credit of a Line being
 * declared (pc_eval.c's header: "a declaration begun as one hex gained")
 * goes to those units alone: in the battle, Aramburu's declaration begun
 * (PH_ANCHOR), pc_line_hypothesis counts one hex forward each infantry
 * unit of Aramburu's formation in good order on the map, and no unit of
 * another formation, no cavalry, no gun. (pc_eval.c:179 line_unit's
 * `d->u[u].form == s->form` as `!=`: every other formation's infantry
 * credited, Aramburu's not.) */
static void line_credit_is_the_formations(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    assert_int_equal(s->phase, PH_ANCHOR);
    int16_t hx[PC_MAXU];
    int8_t adv[PC_MAXU];
    memcpy(hx, s->uhex, sizeof hx);
    memset(adv, 0, sizeof adv);
    assert_true(pc_line_hypothesis(d, s, hx, adv));
    int line = 0, other = 0;
    for (int u = 0; u < d->nu; u++) {
        int want = s->uhex[u] >= 0 && d->u[u].form == s->form && d->u[u].type == UT_INF &&
                   s->ustat[u] == ST_GOOD;
        line += want;
        other += s->uhex[u] >= 0 && d->u[u].form != s->form && d->u[u].type == UT_INF;
        if (adv[u] != want)
            fail_msg("M43: 5.5 / 5.6 %s (formation %s) credited %d hex forward in %s's Line "
                     "being declared",
                     d->u[u].name, d->u[u].form >= 0 ? d->f[d->u[u].form].name : "-", adv[u],
                     d->f[s->form].name);
    }
    assert_true(line >= 2 && other > 0);
    vbt_free(t);
}

/* 2.5: "A game turn represents 1 hour"; Scenario 2 "Duration: 5 Game
 * Turns (from 10 a.m. included)": its first turn is the game's fifth, and
 * the board's heading and the map's title name it by its hour, "turn 5
 * (10:00)", as the Turn Record Track reads. (pc_board.c:83 the heading's
 * `turn_name[s->turn - 1]` as `- 0`: the fifth turn named 11:00.) */
static void board_names_the_turns_hour(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    assert_int_equal(S(t)->turn, 5);
    char *b = vbt_board_text(t, -1), *svg = vbt_svg_text(t, -1);
    if (!strstr(b, " - turn 5 (10:00) - "))
        fail_msg("M43: 2.5 Scenario 2's first turn on the board is not turn 5 (10:00):\n%.200s", b);
    if (!strstr(svg, " - turn 5 (10:00)</title>"))
        fail_msg("M43: 2.5 Scenario 2's first turn in the map's title is not turn 5 (10:00)");
    free(b);
    free(svg);
    vbt_free(t);
}

/* 2.2.3: "Artillery combat units must have their 'front' oriented towards
 * a vertex of a hex ... the two hexes adjacent to the cannon's direction
 * represent the 'front'": the map draws a gun's facing line from its
 * centre towards the vertex between its two front directions, for each of
 * the six facings (0: N and NE ... 5: NW and N), 14 px a unit of that
 * vertex vector (M39's counters_centred_and_facing: facing 0).
 * Artilleria de Gages in 0507 turned through the six. (pc_board.c:314
 * `s->uface[u] % 6` as `% 5`: facing 5 drawn as facing 0, towards N/NE.) */
static void guns_drawn_facing_each_vertex(void **state)
{
    (void)state;
    static const double dx6[6] = {0, 0.866, 0.866, 0, -0.866, -0.866};
    static const double dy6[6] = {-1, -0.5, 0.5, 1, 0.5, -0.5};
    vbt *t = board();
    int g = U(t, "Artilleria de Gages");
    put(t, "Artilleria de Gages", "0507");
    for (int f = 0; f < 6; f++) {
        S(t)->uface[g] = (uint8_t)f;
        char *svg = vbt_svg_text(t, -1);
        const char *c = strstr(svg, "data-ref=\"Artilleria-de-Gages\"");
        assert_non_null(c);
        const char *l = strstr(c, "<line x1=\"");
        assert_non_null(l);
        assert_true(l < strstr(c, "</g>"));
        double x1, y1, x2, y2;
        assert_int_equal(
            sscanf(l, "<line x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" y2=\"%lf\"", &x1, &y1, &x2, &y2), 4);
        double vx = 14 * (dx6[f] + dx6[(f + 1) % 6]), vy = 14 * (dy6[f] + dy6[(f + 1) % 6]);
        if (x2 - x1 - vx > 0.11 || x2 - x1 - vx < -0.11 || y2 - y1 - vy > 0.11 ||
            y2 - y1 - vy < -0.11)
            fail_msg("M43: 2.2.3 the guns facing %s drawn towards (%.1f,%.1f), not (%.1f,%.1f)",
                     pc_face_names[f], x2 - x1, y2 - y1, vx, vy);
        free(svg);
    }
    vbt_free(t);
}

/* 2.2.1: "There are three types of Commanders: Commander in Chief (CiC),
 * Wing Commanders (WC), Formation Commanders (FC)": `hex CCRR` names each
 * Commander standing there by his type. In the battle's set-up the Infante
 * Felipe (the Franco-Spanish CiC, 0516), De Gages (a Wing Commander) and
 * Aramburu (a Formation Commander), each in his hex. (pc_board.c:619
 * `kind_names[kind % 3]` as `% 2`: the CiC named a Formation Commander.) */
static void hex_names_each_commanders_type(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    static const struct {
        const char *name, *kind;
    } rows[] = {{"Infante Felipe", "Commander-in-Chief"},
                {"De Gages", "Wing Commander"},
                {"Aramburu", "Formation Commander"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int l = LEADER(t, rows[i].name);
        char hn[8], want[96];
        pc_hex_name(D(t), S(t)->lhex[l], hn, sizeof hn);
        char *a = vbt_area_text(t, -1, hn);
        snprintf(want, sizeof want, " %s: %s, SF ", rows[i].name, rows[i].kind);
        if (!strstr(a, want))
            fail_msg("M43: 2.2.1 `hex %s` does not name %s a %s:\n%s", hn, rows[i].name,
                     rows[i].kind, a);
        free(a);
    }
    vbt_free(t);
}

/* Why a melee is refused names the mover's own arm's rule. 9.2.3: "An
 * Infantry unit ... can declare a Melee against an adjacent enemy Infantry
 * and/or Artillery unit, only if the latter occupies a hex with Cover":
 * Saboya (0102, Petit Bois beside it) against Andlau in the Clear of 0101
 * is told the infantry's rule. 10.2: "A Cavalry unit ... may declare a
 * Melee against an adjacent enemy unit, only if this occupies a Clear or
 * Ditch terrain hex": Vieufville (0102) against Andlau in the farmhouse
 * of 0202 (Cover 1) is told the cavalry's. (pc_explain.c:143 `type ==
 * UT_INF` as `!=`: each told the other arm's rule; :141 the fired test's
 * `type == UT_INF && fired` as `||`: every infantry unit told it had
 * fired.) */
static void melee_refusal_names_the_arms_rule(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0102");
    put_leader(t, "Petit Bois", "0103");
    put(t, "Andlau", "0101");
    put_leader(t, "Piccolomini", "0201");
    assert_true(D(t)->terr[D(t)->hterr[HX(t, "0101")]].is_clear);
    start_move(t, "De-Croix", "Petit-Bois", "Saboya");
    explained(t, "M43", "melee 0101", "infantry melees only with its leader beside it");
    vbt_free(t);

    t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Vieufville", "0102");
    put_leader(t, "De Mailly", "0103");
    put(t, "Andlau", "0202");
    put_leader(t, "Piccolomini", "0302");
    assert_int_equal(D(t)->terr[D(t)->hterr[HX(t, "0202")]].cover, 1);
    start_move(t, "De-Croix", "De-Mailly", "Vieufville");
    explained(t, "M43", "melee 0202", "cavalry melees into Clear or Ditch only");
    vbt_free(t);
}

/* 8.5.2: a bombardment's RR strikes "another unit of the hex, or the one
 * behind" (the ricochet, rolled at once); once it is rolled no roll is
 * pending on a second unit, and the position round-trips through its
 * state file as any other (DESIGN.md). Artillerie Pallavicini (1004,
 * facing E) bombards Corona in 1205, the die 9 (RR), and the ricochet
 * (9) strikes Lombardia behind it in 1305 (test_combat.c's
 * mutation_eleventh); after it the state reads back the same, and no
 * ricochet unit is left. (pc_combat.c:967 the ricochet's end `roll_u2 =
 * -1` as `-2`: -2 left, and the state read back from its file differs.) */
static void ricochet_ends_clean(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Artillerie Pallavicini", "1004");
    S(t)->uface[U(t, "Artillerie Pallavicini")] = 1; /* E */
    put(t, "Corona", "1205");
    put(t, "Lombardia", "1305");
    at_segment(t, "RW", PH_BOMB);
    vbt_act(t, "bombard Artillerie-Pallavicini 1205");
    dice_on(t, "9,9");
    expect_log(t, "[8.5.2] ricochet on Lombardia (1-2 column): 9-1: 1");
    if (S(t)->roll_u2 != -1)
        fail_msg("M43: 8.5.2 the ricochet rolled, its unit left %d (none: -1)", S(t)->roll_u2);
    reads_back_the_same(t, "M43: 8.5.2 the position after a ricochet");
    vbt_free(t);
}

/* 1.0: "The hexsides occupied by the Piacenza ramparts ... are
 * impassable"; 2.1.1: "Streams are always considered to run along the
 * hexside, never the hex"; a road spares a TDR (5.7, "No TDR is done if
 * the unit enters the hex via a Road") and costs less (TEC): `hex
 * CCRR` names each road, stream and wall on the hex's sides with the hex
 * beyond. On the Scenario 1 sheet: 0307 in the City, the Via Emilia out
 * through the San Lazzaro gate to 0407 and the rampart towards 0406; 0609
 * behind the Rio Fodesta's two hexsides. (pc_board.c:492 the side's bit
 * `& 1` as `& 0`: every hex told "no road, stream or wall".) */
static void hex_names_its_sides(void **state)
{
    (void)state;
    vbt *t = board();
    static const struct {
        const char *hex, *sides;
    } rows[] = {{"0307", "  sides: road SE (0407), wall NE (0406)\n"},
                {"0609", "  sides: stream SW (0510), stream NW (0509)\n"},
                {"0606", "  sides: no road, stream or wall\n"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *a = vbt_area_text(t, -1, rows[i].hex);
        if (!strstr(a, rows[i].sides))
            fail_msg("M43: 1.0 / 2.1.1 `hex %s` does not read '%s':\n%s", rows[i].hex,
                     rows[i].sides, a);
        free(a);
    }
    vbt_free(t);
}

/* 4.0: "Commanders-in-Chief have an unlimited movement allowance, however,
 * they can only move into Farmstead, Farmhouse, Chateau, Village 'named'
 * hexes"; 7.1 i: a Commander enters a hex in an eZOC only where a friendly
 * combat unit stands. The CiC's way may lead north: the Infante Felipe two
 * hexes due south of Bossoli, Austrian units on the five other sides of his
 * hex, a Franco-Spanish unit in the hex between him and Bossoli (the only
 * way out, in the Austrians' ZOC): `cic-to Bossoli` is offered. (pc_battle.c
 * :452 the search's `for (int k = 0; ...)` as `k = 1`: no step ever taken
 * north, Bossoli not reached.) */
static void cic_moves_north(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    pass_activation(t);
    vbt_act(t, "stop");
    assert_int_equal(s->phase, PH_CIC);
    int cic = LEADER(t, "Infante Felipe"), p = PLACE(t, "Bossoli");
    int n1 = pc_nb(d, p, 3), x = n1 >= 0 ? pc_nb(d, n1, 3) : -1;
    assert_true(n1 >= 0 && x >= 0 && pc_passable(d, n1) && pc_passable(d, x));
    assert_int_equal(pc_nb(d, x, 0), n1);
    clear_board(t);
    s->lhex[cic] = (int16_t)x;
    int k = 1, fs = -1;
    for (int u = 0; u < d->nu; u++) {
        if (d->u[u].type == UT_ART)
            continue;
        if (d->u[u].side == PC_AU && k < 6) {
            int h = pc_nb(d, x, k++);
            assert_true(h >= 0);
            s->uhex[u] = (int16_t)h;
        } else if (d->u[u].side == PC_FS && fs < 0) {
            fs = u;
            s->uhex[u] = (int16_t)n1;
        }
    }
    assert_true(k == 6 && fs >= 0);
    assert_true(pc_in_ezoc(d, s, PC_FS, n1, 0));
    if (!vbt_legal(t, "cic-to Bossoli"))
        fail_msg("M43: 4.0 / 7.1 i the Infante Felipe may not move north to Bossoli");
    vbt_act(t, "cic-to Bossoli");
    assert_int_equal(s->lhex[cic], p);
    vbt_free(t);
}

/* The map draws each road once, centre to centre across its hexside (the
 * roads of 5.7 and the TEC): on the battle's sheet (north-south roads
 * among them) as many road lines as road hexsides (each hexside counted
 * from both its hexes, halved).
 * (pc_board.c:237 the road sides' `k < 3` (N, NE, SE) as `k < 4`: every
 * north-south road hexside drawn twice.) */
static void map_draws_each_road_once(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    const pc_data *d = D(t);
    int sides = 0, north = 0;
    for (int h = 0; h < d->nhex; h++)
        for (int k = 0; k < 6; k++)
            if (((d->road[h] >> k) & 1) && pc_nb(d, h, k) >= 0) {
                sides++;
                north += k == 0;
            }
    assert_true(sides > 0 && sides % 2 == 0 && north > 0);
    char *svg = vbt_svg_text(t, -1);
    int lines = 0;
    for (const char *a = strstr(svg, "<line class=\"road\""); a;
         a = strstr(a + 1, "<line class=\"road\""))
        lines++;
    if (lines != sides / 2)
        fail_msg("M43: the map draws %d road lines for %d road hexsides", lines, sides / 2);
    free(svg);
    vbt_free(t);
}

/* 7.0: "Units, excluding Commanders and Artillery, exert a Zone of Control
 * (ZOC) in the six adjacent hexes": `hex CCRR` names the units whose ZOC
 * the hex lies in, each with its hex, and not the unit standing in it.
 * Scenario 1's sheet: Guardias Espanolas in the Clear of 0505, Castilla
 * in 0605 beside it: `hex 0605` names Guardias Espanolas (0505) only,
 * `hex 0505` Castilla (0605) only. (pc_board.c:551 `s->uhex[u] >= 0` as
 * `<= 0`: only a unit in hex 0 or off the map listed, every hex told "no
 * unit".) */
static void hex_names_who_exerts_its_zoc(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Guardias Espanolas", "0505");
    put(t, "Castilla", "0605");
    static const struct {
        const char *hex, *in, *not_in;
    } rows[] = {{"0605", "Guardias Espanolas (0505)", "Castilla ("},
                {"0505", "Castilla (0605)", "Guardias Espanolas ("}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *a = vbt_area_text(t, -1, rows[i].hex);
        const char *z = strstr(a, "  in the ZOC of:");
        if (!z || !strstr(z, rows[i].in) || strstr(z, rows[i].not_in))
            fail_msg("M43: 7.0 `hex %s` does not name the ZOC of %s alone:\n%s", rows[i].hex,
                     rows[i].in, a);
        free(a);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_credit_is_the_formations),
        cmocka_unit_test(board_names_the_turns_hour),
        cmocka_unit_test(guns_drawn_facing_each_vertex),
        cmocka_unit_test(hex_names_each_commanders_type),
        cmocka_unit_test(hex_names_its_sides),
        cmocka_unit_test(map_draws_each_road_once),
        cmocka_unit_test(hex_names_who_exerts_its_zoc),
        cmocka_unit_test(melee_refusal_names_the_arms_rule),
        cmocka_unit_test(ricochet_ends_clean),
        cmocka_unit_test(cic_moves_north),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
