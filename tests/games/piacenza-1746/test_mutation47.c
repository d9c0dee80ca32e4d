/* test_mutation47.c - piacenza-1746: tests written against the survivors of
 * the seed-47 mutation pass over pc_units.c, pc_board.c, pc_io.c and
 * pc_explain.c (docs/piacenza-1746.md, "Mutation pass, forty-seventh
 * session (helper pcs)"): the terminal board's window and captured
 * Standard Bearers, the map's smoke markers, the list of named places; a
 * state file's Charge without its melee marker, its Line's gaps, the
 * side a relocation returns to, both CiCs' last moves; why an
 * action of one word, a move in any formation, a Line's last hex in 0101,
 * a second Line declaration are refused. Messages "M47:". */
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

/* The battle's board window, as its heading reads it (0-based first column
 * and row, and the last ones past the window). */
static void window_of(const char *b, int *c0, int *c1, int *r0, int *r1)
{
    const char *w = strstr(b, "\ncolumns ");
    assert_non_null(w);
    assert_int_equal(sscanf(w, "\ncolumns %d-%d, rows %d-%d", c0, c1, r0, r1), 4);
    (*c0)--;
    (*r0)--;
}

/* 1 if the board's list of units names unit u (its letter, its name in 20
 * columns, its type). */
static int listed(vbt *t, const char *b, int u)
{
    char want[40];
    snprintf(want, sizeof want, " %-20.20s %c", D(t)->u[u].name, "ICA"[D(t)->u[u].type]);
    const char *legend = strstr(b, "\nunits   I infantry");
    assert_non_null(legend);
    return strstr(legend, want) != NULL;
}

/* The terminal board of the battle (35x40 hexes) shows a window of 18 x 20
 * hexes and lists the units inside it, the others counted ("N more units
 * outside the window"). At the battle's set-up (10.5: the first dragoon
 * regiment to deploy, the window round it) two Austrian units are put on
 * the window's first row: Andlau in its first column (listed) and Clerici
 * in the column past its last (not listed, counted). (pc_board.c:56
 * `in_window`'s `hex >= 0 && c >= c0 && c < c0 + nc` as `... c >= c0 ||
 * c < c0 + nc ...`, planted with parentheses of C's meaning: every hex
 * from the first column on inside, Clerici listed; its `r >= r0` as `r >
 * r0`: the first row outside, Andlau counted.) */
static void window_lists_its_own_units(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    char *b = vbt_board_text(t, -1), hn[8];
    int c0, c1, r0, r1, in = U(t, "Andlau"), out = U(t, "Clerici");
    window_of(b, &c0, &c1, &r0, &r1);
    free(b);
    S(t)->uhex[in] = (int16_t)(c0 * D(t)->h + r0);
    S(t)->uhex[out] = (int16_t)(c1 * D(t)->h + r0);
    int hidden = 0;
    for (int u = 0; u < D(t)->nu; u++) {
        int h = S(t)->uhex[u], c = h / D(t)->h, r = h % D(t)->h;
        if (h != PC_OFF && (h < 0 || c < c0 || c >= c1 || r < r0 || r >= r1))
            hidden++;
    }
    b = vbt_board_text(t, -1);
    char more[80];
    snprintf(more, sizeof more, "\n(%d more units outside the window", hidden);
    pc_hex_name(D(t), S(t)->uhex[in], hn, sizeof hn);
    if (!listed(t, b, in))
        fail_msg("M47: Andlau in %s, the window's first row and column, not listed:\n%s", hn, b);
    pc_hex_name(D(t), S(t)->uhex[out], hn, sizeof hn);
    if (listed(t, b, out))
        fail_msg("M47: Clerici in %s, past the window's last column, listed:\n%s", hn, b);
    if (!strstr(b, more))
        fail_msg("M47: not '%s' on the board:\n%s", more + 1, b);
    free(b);
    vbt_free(t);
}

/* The window follows the moving unit (5.0: a unit's move, PH_STEP): the
 * Hussars (not the first unit of the order of battle) moving in 3101, the
 * map's north-east, are inside the window and listed. (pc_board.c:22 `s->mv_u >= 0`
 * as `<= 0`: the window kept on the wing, the mover off it.) */
static void window_follows_the_moving_unit(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    int u = U(t, "Hussars");
    assert_true(u > 0);
    put(t, "Hussars", "3101");
    S(t)->phase = PH_STEP;
    S(t)->mv_u = u;
    char *b = vbt_board_text(t, -1);
    int c0, c1, r0, r1, c = HX(t, "3101") / D(t)->h, r = HX(t, "3101") % D(t)->h;
    window_of(b, &c0, &c1, &r0, &r1);
    if (c < c0 || c >= c1 || r < r0 || r >= r1 || !listed(t, b, u))
        fail_msg("M47: the Hussars moving in 3101 outside the window:\n%s", b);
    free(b);
    vbt_free(t);
}

/* 4.6.1: a Standard Bearer "captured ... together with the Staff" is off
 * the map and listed as captured on the terminal board, his wing's alone.
 * The battle, each wing's bearer captured in turn. (pc_board.c:175
 * `(s->bcapt >> w) & 1` as `& 2`: the next wing's bearer shown captured
 * instead.) */
static void captured_bearer_on_the_board(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    for (int w = 0; w < D(t)->nw; w++) {
        S(t)->bcapt = (int32_t)(1u << w);
        S(t)->bhex[w] = -1;
        char *b = vbt_board_text(t, -1), want[64];
        snprintf(want, sizeof want, "\n! %-20.20s --   captured\n", D(t)->wg[w].bearer);
        const char *at = strstr(b, "   captured\n");
        if (!strstr(b, want) || !at || strstr(at + 1, "   captured\n"))
            fail_msg("M47: 4.6.1 %s captured: not the one bearer listed captured:\n%s",
                     D(t)->wg[w].bearer, b);
        free(b);
    }
    vbt_free(t);
}

/* 8.2.1 Smoke: the map (show --svg) draws every Smoke marker, the first
 * too: two markers on San Lazzaro's cleared sheet, two circles. (pc_board.c:354
 * the markers' loop from `k = 1`: the first marker not drawn.) */
static void svg_draws_every_smoke(void **state)
{
    (void)state;
    vbt *t = board();
    S(t)->smoke[0] = (int16_t)HX(t, "0505");
    S(t)->smoke[1] = (int16_t)HX(t, "0808");
    S(t)->nsmoke = 2;
    char *svg = vbt_svg_text(t, -1);
    int n = 0;
    for (const char *c = svg; (c = strstr(c, "<circle class=\"smoke\"")) != NULL; c++)
        n++;
    if (n != 2)
        fail_msg("M47: 8.2.1 two Smoke markers, %d drawn on the map", n);
    free(svg);
    vbt_free(t);
}

/* `hex` alone lists the named places a player may look at, none on an
 * impassable hex (1.0 the Po and the Trebbia, the off-map hexes): San
 * Lazzaro's map.json with the Moulin de la Motta moved from 0809 onto the
 * Po in 0101 (no shipped place stands on one): the Moulin is not listed,
 * the Moulin degli Horti is. (pc_board.c:576 the filter's second `&&` as
 * `||`, planted as `(... && ...) || !impassable`: every place on the map
 * listed.) */
static void places_listed_off_the_impassable(void **state)
{
    static const vbt_data_row row = {"M47: 1.0 a place on the Po", "map.json", "\"hex\": \"0809\"",
                                     "\"hex\": \"0101\"", NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed("piacenza-1746", &row, &cx);
    if (!g)
        fail_msg("%s: refused: %s", row.rule, cx.err);
    vbt *t = board();
    const pc_data *d = pc_data_of(g, S(t));
    assert_true(d->terr[d->hterr[HX(t, "0101")]].impassable);
    char *a = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&a, &n);
    assert_non_null(f);
    assert_int_equal(g->def->area(g, S(t), -1, NULL, f, &cx), 0);
    assert_int_equal(fclose(f), 0);
    if (strstr(a, "Moulin de la Motta") || !strstr(a, "Moulin degli Horti"))
        fail_msg("M47: 1.0 the places with the Moulin de la Motta on the Po:\n%s", a);
    free(a);
    vb_game_free(g);
    vbt_free(t);
}

/* 10.1: the Charge is a cavalry unit's melee marker ("a charge is the melee
 * marker of a cavalry unit"): a state file with a Charge and no melee
 * marker is refused in one line naming the unit, the state unchanged. The
 * Hussars' charge against 1105 declared (test_combat.c), their file read
 * back, then their marker taken away (`"melee": -1`), the Charge left.
 * (pc_io.c:783 the check's `s->umelee[k] == -1` as `== -0`: the Charge
 * without its marker read.) */
static void charge_without_its_marker_refused(void **state)
{
    (void)state;
    vbt *t = hussars_at_1205(NULL);
    vbt_act(t, "charge 1105");
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *hu = json_object_get(json_object_get(j, "units"), "Hussars");
    assert_true(json_is_true(json_object_get(hu, "charge")));
    pc_load_expect(t, file, NULL, "M47: 10.1 the Hussars' charge declared");
    json_object_set_new(hu, "melee", json_integer(-1));
    pc_load_expect(t, file, "state: units: Hussars: a charge is the melee marker of a cavalry unit",
                   "M47: 10.1 the Hussars' Charge without its melee marker");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 5.5 the Line's gaps, in a state file within -1 (none chosen) to the
 * units' count: -1 loads, -2 is refused in one line naming the key and its
 * range, the state unchanged (San Lazzaro's first position). (pc_io.c:290
 * the bound -1 as -2: a file with -2 gaps read.) */
static void line_gaps_bounds(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *pr = json_object_get(j, "procedure");
    json_object_set_new(pr, "line_gaps", json_integer(-1));
    pc_load_expect(t, file, NULL, "M47: 5.5 line_gaps -1");
    json_object_set_new(pr, "line_gaps", json_integer(-2));
    pc_load_expect(t, file, "\"line_gaps\" is -2, must be -1-", "M47: 5.5 line_gaps -2");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* Why an action of one word is refused: 5.6 "declare-line" out of its
 * moment (San Lazzaro's first prompt, a formation to choose) is told the
 * Line's rule, not "empty action". (pc_explain.c:110 `sscanf(...) < 1`
 * as `< 2`: every action of one word explained as empty.) */
static void one_word_action_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    assert_int_equal(S(t)->phase, PH_MFORM);
    explained(t, "M47", "declare-line",
              "a Line is declared once, before the formation's first move");
    vbt_free(t);
}

/* Why "move UNIT" is refused names the unit's own reason in every
 * formation, not only the first of the data: Douchez's formation chosen
 * (not formation 0), Navarra, one of its battalions, marked as moved in
 * this activation is told so (5.0). (pc_explain.c:122 `s->form < 0` as
 * `> 0`: every unit of a formation but the first told it is not of the
 * formation moving now.) */
static void move_refusal_in_any_formation(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    vbt_act(t, "formation Douchez");
    assert_int_equal(S(t)->phase, PH_MOVE);
    assert_true(S(t)->form > 0);
    int u = U(t, "Navarra");
    assert_int_equal(D(t)->u[u].form, S(t)->form);
    S(t)->uflag[u] |= UF_MOVED;
    explained(t, "M47", "move Navarra", "the unit has moved in this activation (5.0)");
    vbt_free(t);
}

/* 5.5: "line-to HEX" names a hex of the map, the first one too (0101, hex
 * 0: the Po on San Lazzaro's sheet): from Aramburu's Line at 1005 (three
 * units, one gap) it is refused for its distance, not as no hex.
 * (pc_explain.c:58 `h < 0` as `h <= 0`: 0101 told it is no hex of the
 * map.) */
static void line_to_the_first_hex_measured(void **state)
{
    (void)state;
    vbt *t = line_from_1005();
    vbt_act(t, "line-gaps 1");
    assert_int_equal(HX(t, "0101"), 0);
    explained(t, "M47", "line-to 0101", "as many hexes from its first as its units");
    vbt_free(t);
}

/* 4.7: the side a Commander's relocation returns to, in a state file 0 or
 * 1 (the Franco-Spanish, the Austrians): both load, 2 is refused in one
 * line naming the key and its range, the state unchanged (San Lazzaro's
 * first position). (pc_io.c:287 the bound 1 as 0: the Austrians' return
 * refused.) */
static void relocate_return_side_bounds(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    json_t *pr = json_object_get(j, "procedure");
    json_object_set_new(pr, "relocate_return_side", json_integer(1));
    pc_load_expect(t, file, NULL, "M47: 4.7 relocate_return_side 1");
    assert_int_equal(S(t)->rel_side, 1);
    json_object_set_new(pr, "relocate_return_side", json_integer(2));
    pc_load_expect(t, file, "\"relocate_return_side\" is 2, must be 0-1",
                   "M47: 4.7 relocate_return_side 2");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 5.6: while the Line's first hex is chosen (PH_ANCHOR), another
 * "declare-line" is told the Line's own rule, not the first hex's
 * (Aramburu's formation on San Lazzaro's first turn). (pc_explain.c:157
 * `s->phase == PH_ANCHOR && !strcmp(word, "line-from")` as `||`: every
 * refusal in that phase, and every "line-from" in any, explained as the
 * first hex's.) */
static void line_declared_twice_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    assert_int_equal(S(t)->phase, PH_ANCHOR);
    explained(t, "M47", "declare-line",
              "a Line is declared once, before the formation's first move");
    vbt_free(t);
}

/* 4.0: "Once you have moved a CiC, he must remain stationary for the next
 * two game turns": each side's CiC's last move kept in the state file,
 * the Austrians' too. The battle, Liechtenstein moved on turn 1, the
 * Infante never: `cic_last_move` written [0, 1], and the position reads
 * back the same. (pc_io.c:420 the pair written `cic_turn[0]` twice: the
 * Austrian CiC's rest lost.) */
static void cic_last_move_written_for_both(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    S(t)->cic_turn[0] = 0;
    S(t)->cic_turn[1] = 1;
    json_t *j = vbt_state_json(t);
    json_t *c = json_object_get(json_object_get(j, "battle"), "cic_last_move");
    if (json_integer_value(json_array_get(c, 0)) != 0 ||
        json_integer_value(json_array_get(c, 1)) != 1)
        fail_msg("M47: 4.0 the CiCs' last moves written [%d, %d], not [0, 1]",
                 (int)json_integer_value(json_array_get(c, 0)),
                 (int)json_integer_value(json_array_get(c, 1)));
    json_decref(j);
    reads_back_the_same(t, "M47: 4.0 the Austrian CiC moved on turn 1");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(window_lists_its_own_units),
        cmocka_unit_test(window_follows_the_moving_unit),
        cmocka_unit_test(captured_bearer_on_the_board),
        cmocka_unit_test(svg_draws_every_smoke),
        cmocka_unit_test(places_listed_off_the_impassable),
        cmocka_unit_test(charge_without_its_marker_refused),
        cmocka_unit_test(line_gaps_bounds),
        cmocka_unit_test(relocate_return_side_bounds),
        cmocka_unit_test(cic_last_move_written_for_both),
        cmocka_unit_test(one_word_action_explained),
        cmocka_unit_test(move_refusal_in_any_formation),
        cmocka_unit_test(line_to_the_first_hex_measured),
        cmocka_unit_test(line_declared_twice_explained),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
