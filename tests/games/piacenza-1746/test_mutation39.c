/* test_mutation39.c - what a player reads on the boards and in the data
 * that the thirty-ninth session's mutation pass (seed 39, helper gpr,
 * docs/piacenza-1746.md "Mutation pass, thirty-ninth session (helper
 * gpr)") found without a test in pc_board.c (the terminal board, the SVG
 * map and `hex CCRR`), pc_data.c and pc_eval.c: each test names the
 * mutant it kills (lines of 0d3bdd3). Messages begin "M39:". The
 * positions are built on cleared boards, as the other tests' are. */
#include <math.h>
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

/* The terminal board of t's position (malloc'd). */
static char *board_of(vbt *t)
{
    return vbt_board_text(t, -1);
}

/* The SVG map of t's position (malloc'd). */
static char *svg_of(vbt *t)
{
    return vbt_svg_text(t, -1);
}

/* `hex NAME` for t's position (malloc'd). */
static char *hex_of(vbt *t, const char *name)
{
    return vbt_area_text(t, -1, name);
}

/* How many times needle occurs in s. */
static int count_of(const char *s, const char *needle)
{
    int n = 0;
    for (const char *a = strstr(s, needle); a; a = strstr(a + 1, needle))
        n++;
    return n;
}

/* The battle's board (35 x 40 hexes, wider than 80 columns) shows a
 * window of 18 columns and 20 rows: its heading names the window's first
 * and last column and row as the hexes are numbered (CCRR from 0101),
 * the column labels run from the first to the last, and the rows'
 * labels from the first to the last, each row two lines, no more. The
 * set-up's window: columns 05-22, rows 20-39. (pc_board.c:86 the
 * heading's first column `c0 + 1` as `c0 + 0`; :90 the labels `c + 1` as
 * `c + 2`; :92 `line < 2 * (r0 + nr)` as `<=`: a row 40 half drawn.) */
static void window_labels_read_as_hexes(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    char *b = board_of(t), want[128];
    if (!strstr(b, "\ncolumns 05-22, rows 20-39 of the 35x40 map\n"))
        fail_msg("M39: the window's heading:\n%.400s", b);
    snprintf(want, sizeof want, "\n   ");
    for (int c = 5; c <= 22; c++)
        snprintf(want + strlen(want), sizeof want - strlen(want), " %02d ", c);
    strcat(want, "\n");
    if (!strstr(b, want))
        fail_msg("M39: the column labels are not 05 to 22:\n%.400s", b);
    int rows = 0, last = 0;
    for (const char *l = strstr(b, want) + strlen(want); *l && l[2] == ' ';) {
        if (l[0] != ' ') {
            int r = (l[0] - '0') * 10 + (l[1] - '0');
            if (r != 20 + rows)
                fail_msg("M39: row label %02d where %02d was due", r, 20 + rows);
            rows++;
            last = r;
        }
        const char *e = strchr(l, '\n');
        if (!e)
            break;
        l = e + 1;
        if (!strncmp(l, "terrain ", 8))
            break;
    }
    if (rows != 20 || last != 39)
        fail_msg("M39: %d row labels, the last %02d (expected 20, 20 to 39)", rows, last);
    if (strstr(b, "\n40 "))
        fail_msg("M39: a row 40 drawn outside the window");
    free(b);
    vbt_free(t);
}

/* A hex outside a scenario's playable area ("off" in its map) is left
 * blank on the terminal board (Gossolengo's sheet: its first row has no
 * playable hex). (pc_board.c:101 `t < 11 ? tch[t] : '?'` as `t < 10`:
 * the off hexes drawn "[??]".) */
static void off_area_left_blank(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "gossolengo", 1);
    char *b = board_of(t);
    if (strchr(b, '?'))
        fail_msg("M39: a '?' on Gossolengo's board:\n%.600s", b);
    const char *r1 = strstr(b, "\n01 ");
    assert_non_null(r1);
    for (const char *c = r1 + 4; *c != '\n'; c++)
        if (*c != ' ')
            fail_msg("M39: Gossolengo's row 01 (off the playable area) not blank: %.60s", r1 + 1);
    free(b);
    vbt_free(t);
}

/* 8.2.1 Smoke: the smoke marker shows as '^' in its own hex only (a
 * marker in 0505 on San Lazzaro's cleared sheet, Guardias Espanolas in
 * 0504). (pc_board.c:120 `s->smoke[k] == hx` as `!=`: every other hex
 * smoked, the smoked one not.) */
static void smoke_in_its_hex_only(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Guardias Espanolas", "0504");
    S(t)->smoke[0] = (int16_t)HX(t, "0505");
    S(t)->nsmoke = 1;
    char *b = board_of(t);
    if (count_of(b, "^]") != 1 || !strstr(b, "[.^]") || !strstr(b, "[A.]"))
        fail_msg("M39: %d hexes smoked (one expected, '[.^]', and Guardias '[A.]'):\n%s",
                 count_of(b, "^]"), b);
    free(b);
    vbt_free(t);
}

/* The unit list under the board gives each counter's strength as its
 * side reads: the full SP at two steps, the reduced SP once reduced
 * (Guardias Espanolas, 3 SP, reduced 2). (pc_board.c:149
 * `s->ustep[u] == 2` as `== 1`, and `||` as `&&`: the full unit read at
 * its reduced strength.) */
static void unit_list_strength_by_step(void **state)
{
    (void)state;
    vbt *t = board();
    int u = U(t, "Guardias Espanolas");
    put(t, "Guardias Espanolas", "0504");
    assert_int_equal(D(t)->u[u].sp, 3);
    assert_int_equal(D(t)->u[u].red, 2);
    char line[64];
    assert_int_equal(S(t)->ustep[u], 2);
    char *b = board_of(t);
    snprintf(line, sizeof line, "A %-20.20s I3 0504", "Guardias Espanolas");
    if (!strstr(b, line))
        fail_msg("M39: the full Guardias not listed '%s':\n%s", line, b);
    free(b);
    S(t)->ustep[u] = 1;
    b = board_of(t);
    snprintf(line, sizeof line, "A %-20.20s I2 0504", "Guardias Espanolas");
    if (!strstr(b, line))
        fail_msg("M39: the reduced Guardias not listed '%s':\n%s", line, b);
    free(b);
    vbt_free(t);
}

/* The centre of hex hn on the map: its polygon's first corner is HS (30
 * px) east of the centre. */
static void hex_centre(const char *svg, const char *hn, double *x, double *y)
{
    char ref[64];
    snprintf(ref, sizeof ref, "<g class=\"hex ");
    for (const char *a = strstr(svg, ref); a; a = strstr(a + 1, ref)) {
        char want[32];
        snprintf(want, sizeof want, "data-ref=\"%s\"", hn);
        const char *e = strchr(a, '>');
        if (!e || !strstr(a, want) || strstr(a, want) > e)
            continue;
        const char *p = strstr(a, "points=\"");
        assert_non_null(p);
        assert_int_equal(sscanf(p, "points=\"%lf,%lf", x, y), 2);
        *x -= 30;
        return;
    }
    fail_msg("M39: no hex %s on the map", hn);
}

/* The map: a counter is a 32 x 24 rectangle centred on its hex (the
 * first in a hex; the next ones offset 6 px down and right), and an
 * artillery counter's facing line runs from the centre towards the
 * vertex between its two faced directions (facing 0: N and NE), 14 px a
 * unit of that vertex vector. Guardias Espanolas in 0504, Artilleria de
 * Gages in 0507 facing N/NE. (pc_board.c:301 the rectangle's corner
 * `x - 16` as `x + 16`; :320 the line's end `vx * 14` as `vx * 15`.) */
static void counters_centred_and_facing(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Guardias Espanolas", "0504");
    put(t, "Artilleria de Gages", "0507");
    S(t)->uface[U(t, "Artilleria de Gages")] = 0;
    char *svg = svg_of(t);
    double cx, cy, rx, ry, x1, y1, x2, y2;
    hex_centre(svg, "0504", &cx, &cy);
    const char *g = strstr(svg, "data-ref=\"Guardias-Espanolas\"");
    assert_non_null(g);
    const char *r = strstr(g, "<rect x=\"");
    assert_non_null(r);
    assert_int_equal(sscanf(r, "<rect x=\"%lf\" y=\"%lf\" width=\"32\" height=\"24\"", &rx, &ry),
                     2);
    if (fabs(rx + 16 - cx) > 0.11 || fabs(ry + 12 - cy) > 0.11)
        fail_msg("M39: Guardias' counter at (%.1f,%.1f), 0504's centre (%.1f,%.1f)", rx, ry, cx,
                 cy);
    hex_centre(svg, "0507", &cx, &cy);
    g = strstr(svg, "data-ref=\"Artilleria-de-Gages\"");
    assert_non_null(g);
    const char *l = strstr(g, "<line x1=\"");
    assert_non_null(l);
    assert_true(l < strstr(g, "</g>"));
    assert_int_equal(
        sscanf(l, "<line x1=\"%lf\" y1=\"%lf\" x2=\"%lf\" y2=\"%lf\"", &x1, &y1, &x2, &y2), 4);
    /* the vertex between N (0, -1) and NE (0.866, -0.5): (0.866, -1.5) */
    if (fabs(x1 - cx) > 0.11 || fabs(y1 - cy) > 0.11 || fabs(x2 - x1 - 14 * 0.866) > 0.11 ||
        fabs(y2 - y1 + 14 * 1.5) > 0.11)
        fail_msg("M39: the guns' facing line (%.1f,%.1f)-(%.1f,%.1f), 0507's centre (%.1f,%.1f)",
                 x1, y1, x2, y2, cx, cy);
    free(svg);
    vbt_free(t);
}

/* `hex CCRR`: a wing's guns (an artillery unit of no formation) are
 * named by their wing, whichever wing: Artillerie Pallavicini of the
 * Austrian right wing (the second wing of the data). (pc_board.c:532
 * `ud->wing >= 0` as `<= 0`: only the first wing's guns named.) */
static void hex_names_the_guns_wing(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Artillerie Pallavicini", "0807");
    put(t, "Artilleria de Gages", "0507");
    char *a = hex_of(t, "0807");
    if (!strstr(a, "(guns of the Right wing of Pallavicini)"))
        fail_msg("M39: 0807's guns not named by their wing:\n%s", a);
    free(a);
    a = hex_of(t, "0507");
    if (!strstr(a, "(guns of the Left wing of De Gages)"))
        fail_msg("M39: 0507's guns not named by their wing:\n%s", a);
    free(a);
    vbt_free(t);
}

/* tables.json's victory points (13.1: "captured enemy Staff 3 VP an FC"):
 * each value is read within 0..99: 99 loads, 100 is refused naming the
 * key and its range. (pc_data.c:512 formation_staff's range `99` as
 * `100`: 100 read.) */
static void data_vp_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 13.1 formation_staff 99", "tables.json", "\"formation_staff\": 3",
         "\"formation_staff\": 99", NULL},
        {"M39: 13.1 formation_staff 100", "tables.json", "\"formation_staff\": 3",
         "\"formation_staff\": 100", "\"formation_staff\" is 100, must be 0-99"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* forces.json: a scenario lasts 1 to 12 turns (the battle's twelve, from
 * 06:00, the longest; Learning Scenario 1 five):
 * San Lazzaro made one turn long loads, none is refused. (pc_data.c:853
 * the turns' range `1, PC_MAXT` as `2, PC_MAXT`: a one-turn scenario
 * refused.) */
static void data_one_turn_scenario(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: scenario of one turn", "forces.json", "\"turns\": 5,", "\"turns\": 1,", NULL},
        {"M39: scenario of no turn", "forces.json", "\"turns\": 5,", "\"turns\": 0,",
         "\"turns\" is 0, must be 1-12"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* forces-centre.json (Scenario 2: each Formation Commander "within N
 * hexes of" his place): the set-up areas are the formations' only, so a
 * Commander of no formation (De Croix, the Wing Commander, added to the
 * file) has no area and the file is refused naming him, not given the
 * first formation's area. (pc_data.c:594 a side's area `form < 0` as
 * `form < 1`: Petit Bois's area, formation 0, taken as the side's.) */
static void data_commander_without_area_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: Scenario 2 a Wing Commander without an area", "forces-centre.json",
         "\"leaders\": [\n",
         "\"leaders\": [\n  {\"name\": \"De Croix\", \"kind\": \"wing\", \"range\": 3, "
         "\"wing\": \"De Croix\", \"sf\": 1, "
         "\"fire_bonus\": 1, \"hex\": \"0706\", \"source\": {\"reconstructed\": \"a test\"}},\n",
         "De Croix has no set-up area"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* forces-battle.json (10.5: a dragoon regiment is two mounted counters and
 * one on foot): an infantry counter more in a regiment is refused, even
 * when it is the first unit of the file (Guardias Espanolas, unit 0, put
 * in Dragons 1 before the regiment's own counter on foot). (pc_data.c:70
 * a slot taken `drg_u[r][slot] >= 0` as `> 0`: unit 0's slot read as
 * free, the counter on foot put over it, Guardias left a dragoon of no
 * regiment.) */
static void data_dragoon_slot_of_unit_zero(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 10.5 unit 0 in a regiment", "forces-battle.json",
         "\"name\": \"Guardias Espanolas\",",
         "\"name\": \"Guardias Espanolas\", \"dragoon\": \"Dragons 1\",",
         "a dragoon regiment is two cavalry counters and one infantry counter (10.5)"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* 8.1.1 (tec.json: Woods "blocks": true): "a line from centre to centre;
 * every hex crossed blocks if it holds units or Woods/Cover": on San
 * Lazzaro's cleared sheet the line between the two hexes north and south
 * of a woods hex (the woods crossed at its centre) is blocked, as `hex`
 * says ("blocks line of sight"); across a clear hex it is open. (pc_data.c:337
 * `cover || blocks` as `&&`: the pass's mutant does not compile
 * (-Wparentheses); planted as `(cover && blocks)`, no terrain's "blocks"
 * read, every line of sight open.) */
static void woods_block_the_line_of_sight(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int woods = -1, clear = -1;
    for (int h = 0; h < d->nhex && (woods < 0 || clear < 0); h++) {
        int r = h % d->h, n = h - 1, so = h + 1;
        if (r == 0 || r + 1 >= d->h)
            continue;
        const pc_terrain *tn = &d->terr[d->hterr[n]], *ts = &d->terr[d->hterr[so]];
        if (tn->blocks || ts->blocks || tn->impassable || ts->impassable)
            continue;
        const char *nm = d->terr[d->hterr[h]].name;
        if (woods < 0 && !strcmp(nm, "woods"))
            woods = h;
        if (clear < 0 && !strcmp(nm, "clear"))
            clear = h;
    }
    assert_true(woods >= 0 && clear >= 0);
    char hn[8];
    pc_hex_name(d, woods, hn, sizeof hn);
    if (pc_los(d, S(t), woods - 1, woods + 1))
        fail_msg("M39: the line of sight across the woods in %s is open", hn);
    if (!pc_los(d, S(t), clear - 1, clear + 1))
        fail_msg("M39: the line of sight across a clear hex is blocked");
    char *a = hex_of(t, hn);
    if (!strstr(a, "blocks line of sight"))
        fail_msg("M39: `hex %s` (woods):\n%s", hn, a);
    free(a);
    vbt_free(t);
}

/* tec.json: every record carries its source, printed or reconstructed
 * (the data's contract); the stream hexsides' MP without one is refused.
 * (pc_data.c:366 `vb_json_obj(..., "stream_mp", ...) || src(...)` as
 * `&&`: the pass's mutant does not compile (-Wparentheses); planted as
 * `(vb_json_obj(...) && src(...))`, the source never asked.) */
static void data_stream_mp_source_needed(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 5.0 stream_mp without a source", "tec.json",
         "  ],\n  \"source\": {\n   \"reconstructed\": \"5.0: a stream hexside costs additional "
         "MP; "
         "+1, +2 for guns\"\n  }\n },",
         "  ]\n },", "tec.json: stream_mp"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* map.json with n places more, each a clear hex's "Extra k" (malloc'd:
 * the replacement of "\"places\": [" for a data row). */
static char *more_places(int n)
{
    size_t cap = 32 + (size_t)n * 96;
    char *b = malloc(cap);
    assert_non_null(b);
    snprintf(b, cap, "\"places\": [");
    for (int k = 0; k < n; k++)
        snprintf(b + strlen(b), cap - strlen(b),
                 "{\"name\": \"Extra %d\", \"hex\": \"0505\", \"objective\": false, "
                 "\"source\": {\"reconstructed\": \"a test\"}},",
                 k + 1);
    return b;
}

/* map.json: a map names at most PC_MAXPLACE (40) places: San Lazzaro's
 * seven and 33 more load, 34 more are refused ("too many places").
 * (pc_data.c:288 `d->nplace >= PC_MAXPLACE` as `>`: a 41st written past
 * the table.) */
static void data_forty_places_at_most(void **state)
{
    (void)state;
    assert_int_equal(PC_MAXPLACE, 40);
    char *forty = more_places(33), *more = more_places(34);
    vbt_data_row rows[] = {
        {"M39: forty places", "map.json", "\"places\": [", forty, NULL},
        {"M39: forty-one places", "map.json", "\"places\": [", more, "too many places"},
    };
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
    free(forty);
    free(more);
}

/* The evaluation's command term (no rule; 4.4 in command): the share of
 * the Franco-Spanish units counted (in good order, not artillery) that are
 * in command; with none counted (every one routed) there is no share to
 * credit: 0, and the battle's set-up (every unit in good order) a share in
 * [0, 1]. (pc_eval.c:172 `n ? in / n : 0` as `: 1`: an army wholly routed
 * credited with full command.) */
static void eval_command_share_of_none(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    double term[PC_NTERMS];
    assert_false(d->all_in_command);
    pc_eval_terms(d, S(t), term);
    if (term[PC_T_CMD] < 0 || term[PC_T_CMD] > 1)
        fail_msg("M39: the set-up's command share %g", term[PC_T_CMD]);
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side == PC_FS)
            S(t)->ustat[u] = ST_ROUT;
    pc_eval_terms(d, S(t), term);
    if (term[PC_T_CMD] != 0)
        fail_msg("M39: every Franco-Spanish unit routed: command share %g (0 expected)",
                 term[PC_T_CMD]);
    vbt_free(t);
}

/* The hand-made weights (pc_shipped_w, Scenarios 1-3) are a clipped sum,
 * not logistic: terms of material 1, hold 1 and closeness 1 weigh
 * 0.3 + 0.4 + 0.6 = 1.3, clipped to 1 (tanh would give 0.57); -1.3 to -1.
 * (pc_eval.c:275 `{0, 0, ...}` as `{1, 0, ...}`: the hand-made weights
 * read as logistic.) */
static void eval_shipped_weights_clipped(void **state)
{
    (void)state;
    double term[PC_NTERMS] = {0};
    term[PC_T_MAT] = 1;
    term[PC_T_HOLD] = 1;
    term[PC_T_CFS] = 1;
    if (pc_eval_weighted(&pc_shipped_w, term) != 1)
        fail_msg("M39: 1.3 weighed as %g, not clipped to 1", pc_eval_weighted(&pc_shipped_w, term));
    term[PC_T_MAT] = term[PC_T_HOLD] = term[PC_T_CFS] = -1;
    if (pc_eval_weighted(&pc_shipped_w, term) != -1)
        fail_msg("M39: -1.3 weighed as %g, not clipped to -1",
                 pc_eval_weighted(&pc_shipped_w, term));
    term[PC_T_MAT] = 0.5;
    term[PC_T_HOLD] = term[PC_T_CFS] = 0;
    if (fabs(pc_eval_weighted(&pc_shipped_w, term) - 0.15) > 1e-12)
        fail_msg("M39: material 0.5 weighed as %g, not 0.15",
                 pc_eval_weighted(&pc_shipped_w, term));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(window_labels_read_as_hexes),
        cmocka_unit_test(off_area_left_blank),
        cmocka_unit_test(smoke_in_its_hex_only),
        cmocka_unit_test(unit_list_strength_by_step),
        cmocka_unit_test(counters_centred_and_facing),
        cmocka_unit_test(hex_names_the_guns_wing),
        cmocka_unit_test(data_vp_bounds),
        cmocka_unit_test(data_one_turn_scenario),
        cmocka_unit_test(data_commander_without_area_refused),
        cmocka_unit_test(data_dragoon_slot_of_unit_zero),
        cmocka_unit_test(woods_block_the_line_of_sight),
        cmocka_unit_test(data_stream_mp_source_needed),
        cmocka_unit_test(data_forty_places_at_most),
        cmocka_unit_test(eval_command_share_of_none),
        cmocka_unit_test(eval_shipped_weights_clipped),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
