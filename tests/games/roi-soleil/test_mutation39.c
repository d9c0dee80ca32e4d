/* test_mutation39.c - what a player reads on the board, the map and in the
 * data that the thirty-ninth session's mutation pass (seed 39, helper gpr,
 * docs/roi-soleil.md) found untested in rs_svg.c (the SVG map), rs_board.c
 * (the terminal board and `zone NAME`), rs_data.c and rs_eval.c: each
 * fails with its surviving mutant planted (messages "M39:", lines of
 * 0d3bdd3) and passes without. Positions are the Devolution's set-up,
 * edited where a case needs it (the helpers are in rs_test.h). */
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

/* The SVG map of t's position (malloc'd). */
static char *svg_of(vbt *t)
{
    return vbt_svg_text(t, -1);
}

/* The terminal board of t's position (malloc'd). */
static char *board_of(vbt *t)
{
    return vbt_board_text(t, -1);
}

/* `zone NAME` for t's position (malloc'd). */
static char *area_of(vbt *t, const char *zone)
{
    return vbt_area_text(t, -1, zone);
}

/* The army marker of camp in a zone's group: its rectangle's corner, its
 * text's place and the text; 0 when the zone has none. */
static int army_marker(const char *grp, const char *camp, int *rx, int *ry, int *tx, int *ty,
                       char *text)
{
    char head[64];
    snprintf(head, sizeof head, "<g class=\"army %s\"><rect x=\"", camp);
    const char *a = strstr(grp, head);
    if (!a)
        return 0;
    a = strstr(a, "<rect");
    if (sscanf(a, "<rect x=\"%d\" y=\"%d\"", rx, ry) != 2)
        fail_msg("M39: the %s army's rectangle unreadable", camp);
    a = strstr(a, "<text x=\"");
    assert_non_null(a);
    if (sscanf(
            a,
            "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#fff\" text-anchor=\"middle\">%15[^<]",
            tx, ty, text) != 3)
        fail_msg("M39: the %s army's text unreadable", camp);
    return 1;
}

/* Map (the SVG of `vauban show --svg`): each camp's army marker is drawn
 * on its zone's disc, France's above the centre and the Coalition's below
 * it (so that two armies in one zone do not hide each other), with its SP
 * and "g" when a general is with it; the generals' names are written
 * under the disc one a line, 8 px apart (their font size), in the order
 * of the data. The Devolution's set-up: Picardie, France 20 SP with Louis
 * XIV, Vauban and Turenne; Brabant, Spain A with 6 SP. (rs_svg.c:96 the
 * Coalition's rectangle `c * 2` as `c * 3`; :109 the first general's line
 * `+ 33` as `+ 34` and the lines' spacing `8 * row` as `9 * row`.) */
static void test_svg_army_markers_on_their_zone(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    char *svg = svg_of(t), grp[4096], text[16];
    int cx, cy, rx, ry, tx, ty;
    zone_group(svg, "Picardie", grp, sizeof grp, &cx, &cy);
    if (!army_marker(grp, "france", &rx, &ry, &tx, &ty, text))
        fail_msg("M39: no French army drawn in Picardie");
    if (rx != cx - 4 || ry != cy - 12 || tx != cx + 7 || ty != cy - 1 || strcmp(text, "20g"))
        fail_msg("M39: Picardie's French army at (%d,%d) text (%d,%d) '%s', the disc at (%d,%d)",
                 rx, ry, tx, ty, text, cx, cy);
    static const char *const gen[] = {"Louis-XIV", "Vauban", "Turenne"};
    for (int k = 0; k < 3; k++) {
        char ref[64];
        int gx, gy;
        snprintf(ref, sizeof ref, "data-ref=\"%s\" x=\"", gen[k]);
        const char *a = strstr(grp, ref);
        if (!a)
            fail_msg("M39: %s not written in Picardie", gen[k]);
        assert_int_equal(sscanf(a + strlen(ref) - 3, "x=\"%d\" y=\"%d\"", &gx, &gy), 2);
        if (gx != cx || gy != cy + 33 + 8 * k)
            fail_msg("M39: %s (line %d) written at (%d,%d), the disc at (%d,%d): expected (%d,%d)",
                     gen[k], k + 1, gx, gy, cx, cy, cx, cy + 33 + 8 * k);
    }
    zone_group(svg, "Brabant", grp, sizeof grp, &cx, &cy);
    if (!army_marker(grp, "coalition", &rx, &ry, &tx, &ty, text))
        fail_msg("M39: no Coalition army drawn in Brabant");
    if (rx != cx - 2 || ry != cy + 3 || tx != cx + 9 || ty != cy + 14 || strcmp(text, "6g"))
        fail_msg("M39: Brabant's Coalition army at (%d,%d) text (%d,%d) '%s', the disc at (%d,%d)",
                 rx, ry, tx, ty, text, cx, cy);
    if (army_marker(grp, "france", &rx, &ry, &tx, &ty, text))
        fail_msg("M39: a French army drawn in Brabant");
    free(svg);
    vbt_free(t);
}

/* Map: an army with no general is drawn with its SP alone, a general
 * alone with "0g": France N sent to the Reserve leaves Champagne's 2 SP
 * alone; Vauban alone in Artois once France M's 3 SP left for the
 * Reserve. (rs_svg.c:90 `!sp && !ng` as `||`: either was not drawn.) */
static void test_svg_army_without_general_and_general_alone(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    rs_state *s = S(t);
    int ar = Z(t, "Artois");
    s->gz[G(t, "France N")] = GZ_RESERVE;
    for (int i = 0; i < RS_NT; i++) {
        s->c[RS_F].reserve[i] = (uint8_t)(s->c[RS_F].reserve[i] + s->z[ar].army[RS_F][i]);
        s->z[ar].army[RS_F][i] = 0;
    }
    s->gz[G(t, "France M")] = GZ_RESERVE;
    s->gz[G(t, "Vauban")] = (int8_t)ar;
    char *svg = svg_of(t), grp[4096], text[16];
    int cx, cy, rx, ry, tx, ty;
    zone_group(svg, "Champagne-et-Brie", grp, sizeof grp, &cx, &cy);
    if (!army_marker(grp, "france", &rx, &ry, &tx, &ty, text) || strcmp(text, "2"))
        fail_msg("M39: Champagne's 2 French SP without a general not drawn as '2'");
    zone_group(svg, "Artois", grp, sizeof grp, &cx, &cy);
    if (!army_marker(grp, "france", &rx, &ry, &tx, &ty, text) || strcmp(text, "0g"))
        fail_msg("M39: Vauban alone in Artois not drawn as '0g'");
    free(svg);
    vbt_free(t);
}

/* Map: a fortress's FV is written in its box at the disc's upper left,
 * the number centred in the 14 px square (Picardie FV 2). (rs_svg.c:85
 * the number's baseline `zd->y + 4` as `+ 3`.) */
static void test_svg_fortress_value_in_its_box(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    char *svg = svg_of(t), grp[4096];
    int cx, cy, bx, by, nx, ny, fv;
    zone_group(svg, "Picardie", grp, sizeof grp, &cx, &cy);
    const char *a = strstr(grp, "<rect x=\"");
    assert_non_null(a);
    if (sscanf(a,
               "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"#ffffff\" "
               "stroke=\"#000\"/><text x=\"%d\" y=\"%d\" font-size=\"10\" "
               "text-anchor=\"middle\">%d<",
               &bx, &by, &nx, &ny, &fv) != 5)
        fail_msg("M39: Picardie's FV box unreadable: %.200s", a);
    assert_int_equal(fv, S(t)->z[Z(t, "Picardie")].fv);
    if (bx != cx - 20 || by != cy - 7 || nx != bx + 7 || ny != cy + 4)
        fail_msg("M39: Picardie's FV box at (%d,%d), its number at (%d,%d), the disc at (%d,%d)",
                 bx, by, nx, ny, cx, cy);
    free(svg);
    vbt_free(t);
}

/* Map: the four transit boxes are drawn, each a 110 x 34 rectangle
 * centred on its name (the text's baseline 4 px below the centre).
 * (rs_svg.c:41 `b < RS_NBOX` as `b > RS_NBOX`: no box drawn; :50 the
 * rectangle's corner `- 55` as `- 56`, `- 17` as `- 18`.) */
static void test_svg_boxes_centred_on_their_names(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    const rs_data *d = t->g->data;
    char *svg = svg_of(t);
    int n = 0;
    for (const char *a = strstr(svg, "<g class=\"box "); a; a = strstr(a + 1, "<g class=\"box ")) {
        int rx, ry, tx, ty;
        const char *r = strstr(a, "<rect x=\""), *x = strstr(a, "<text x=\"");
        assert_non_null(r);
        assert_non_null(x);
        assert_int_equal(sscanf(r, "<rect x=\"%d\" y=\"%d\" width=\"110\" height=\"34\"", &rx, &ry),
                         2);
        assert_int_equal(sscanf(x, "<text x=\"%d\" y=\"%d\"", &tx, &ty), 2);
        if (rx + 55 != tx || ry + 17 + 4 != ty)
            fail_msg("M39: box %d's rectangle at (%d,%d) not centred on its name at (%d,%d)", n, rx,
                     ry, tx, ty);
        if (tx != d->b[n].x || ty != d->b[n].y + 4)
            fail_msg("M39: box %d's name at (%d,%d), its place (%d,%d)", n, tx, ty, d->b[n].x,
                     d->b[n].y);
        n++;
    }
    if (n != RS_NBOX)
        fail_msg("M39: %d transit boxes drawn, not %d", n, RS_NBOX);
    free(svg);
    vbt_free(t);
}

/* The transit box named name. */
static int box(vbt *t, const char *name)
{
    const rs_data *d = t->g->data;
    for (int b = 0; b < RS_NBOX; b++)
        if (!strcmp(d->b[b].name, name))
            return b;
    fail_msg("no box %s", name);
    return -1;
}

/* The line of the board that begins with head (copied, without its
 * newline); fails when there is none. */
static void line_of(const char *buf, const char *head, char *out, size_t n)
{
    for (const char *l = buf; l && *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        if (!strncmp(l, head, strlen(head))) {
            snprintf(out, n, "%.*s", (int)len, l);
            return;
        }
        l = e ? e + 1 : NULL;
    }
    fail_msg("M39: no line '%s' on the board:\n%s", head, buf);
}

/* Board (`vauban show`): each camp's cabinet strategy markers held of
 * those picked (9: France took battle, siege and scorched earth, the
 * Coalition battle and decoy), each zone's controller (F, C or - for
 * none: Picardie French, Brabant Coalition, Lorraine neutral) and each
 * playable box's controller (the North Sea the Coalition's, France Ouest
 * France's). (rs_board.c:100 `pstate == PK_HELD` as `!=`: none held;
 * :134 `ct < 0` as `ct < 1`: French zones shown as nobody's; :157
 * `boxc < 0` as `> 0`: the Coalition's box shown as nobody's.) */
static void test_board_markers_controls_and_boxes(void **state)
{
    (void)state;
    vbt *t = campaign();
    char *b = board_of(t), l[128];
    if (!strstr(b, "\n          markers 3 held of 3\n") ||
        !strstr(b, "\n          markers 2 held of 2\n"))
        fail_msg("M39: the markers held not 3 of 3 and 2 of 2:\n%s", b);
    S(t)->c[RS_F].pstate[0] = PK_USED;
    free(b);
    b = board_of(t);
    if (!strstr(b, "          markers 2 held of 3\n"))
        fail_msg("M39: a marker used still counted held:\n%s", b);
    static const struct {
        const char *zone, *ctl;
    } rows[] = {{"Picardie ", "F"}, {"Brabant ", "C"}, {"Lorraine ", "-"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        line_of(b, rows[i].zone, l, sizeof l);
        /* zone (20) RP (3) FV (3) ctl */
        if (strlen(l) < 30 || strncmp(l + 29, rows[i].ctl, 1) || l[30] != ' ')
            fail_msg("M39: '%s' controlled by '%.3s', not %s", rows[i].zone, l + 29, rows[i].ctl);
    }
    line_of(b, "box North Sea", l, sizeof l);
    if (!strstr(l, "RP 3 control coalition"))
        fail_msg("M39: %s", l);
    line_of(b, "box France Ouest", l, sizeof l);
    if (!strstr(l, "RP 0 control france"))
        fail_msg("M39: %s", l);
    S(t)->boxc[box(t, "France Ouest")] = -1;
    free(b);
    b = board_of(t);
    line_of(b, "box France Ouest", l, sizeof l);
    if (!strstr(l, "control none"))
        fail_msg("M39: an uncontrolled box: %s", l);
    free(b);
    vbt_free(t);
}

/* `zone NAME` (vauban play): the generals in the zone, each with his
 * camp, SC and TC, separated by commas, the last without one (Picardie:
 * Louis XIV, Vauban, Turenne). (rs_board.c:222 `k + 1 < ng` as `<=`: a
 * comma after the last.) */
static void test_zone_generals_listed(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    char *a = area_of(t, "Picardie");
    if (!strstr(a, "  generals: Louis XIV (F, SC 0 TC 0), Vauban (F, SC 0 TC 1),\n"
                   "    Turenne (F, SC 3 TC 3)\n"))
        fail_msg("M39: Picardie's generals:\n%s", a);
    free(a);
    a = area_of(t, "Brabant");
    if (!strstr(a, "  generals: Spain A (C, SC 2 TC 2)\n"))
        fail_msg("M39: Brabant's general:\n%s", a);
    free(a);
    vbt_free(t);
}

/* tables.json's diplomacy (23, the peace columns: GP <= -5 for the
 * Coalition, >= 5 for France): the GP bounds are read within -99..99, as
 * the RP bounds are: 99 loads, 100 is refused
 * naming the key and its range. (rs_data.c:506 glory's coalition_max
 * range `99` as `100`: 100 read.) */
static void test_data_glory_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 23 glory coalition_max 99", "tables.json", "\"glory\": {\n   \"coalition_max\": -5",
         "\"glory\": {\n   \"coalition_max\": 99", NULL},
        {"M39: 23 glory coalition_max 100", "tables.json", "\"glory\": {\n   \"coalition_max\": -5",
         "\"glory\": {\n   \"coalition_max\": 100", "\"coalition_max\" is 100, must be -99-99"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json: a scenario names at most 16 objective zones (22.3, each
 * scenario's list in 24): the Devolution's four made sixteen (Brabant
 * repeated) load, seventeen are refused at the seventeenth. (rs_data.c:1023
 * `sc->nobj >= 16` as `>= 17`: a seventeenth written past the table.) */
static void test_data_sixteen_objectives_at_most(void **state)
{
    static const char from[] = "\"objectives\": [\n    \"Luxembourg\",";
    char sixteen[512], seventeen[512];
    snprintf(sixteen, sizeof sixteen, "%s", from);
    for (int k = 0; k < 12; k++)
        strcat(sixteen, "\n    \"Brabant\",");
    memcpy(seventeen, sixteen, sizeof seventeen);
    strcat(seventeen, "\n    \"Brabant\",");
    const vbt_data_row rows[] = {
        {"M39: 22.3 sixteen objectives", "scenarios.json", from, sixteen, NULL},
        {"M39: 22.3 seventeen objectives", "scenarios.json", from, seventeen,
         "objectives: unknown zone 16"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* tables.json's initiative (2: the initiative test passes above 2 on a
 * D6): the threshold is read within 0..9: 9 loads, 10 is refused naming
 * the key and its range. (rs_data.c:519 test_above's range `9` as `8`: 9
 * refused.) */
static void test_data_initiative_test_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 2 test_above 9", "tables.json", "\"test_above\": 2", "\"test_above\": 9", NULL},
        {"M39: 2 test_above 10", "tables.json", "\"test_above\": 2", "\"test_above\": 10",
         "\"test_above\" is 10, must be 0-9"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* tables.json's attrition table (14: the SP an army loses by its size
 * band and die): each cell is read within 0..20: 20 loads, 21 is refused
 * naming the cell. (rs_data.c:443 the cells' maximum `20` as `21`: 21
 * read.) */
static void test_data_attrition_cell_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 14 attrition cell 20", "tables.json", "\"rows\": [\n   [\n    0,",
         "\"rows\": [\n   [\n    20,", NULL},
        {"M39: 14 attrition cell 21", "tables.json", "\"rows\": [\n   [\n    0,",
         "\"rows\": [\n   [\n    21,", "attrition row: 'r'[0] out of range"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json: a levy event's "from" (7: where its SP are raised) is
 * "map" or a list of zones; an empty list or a zone's name alone is
 * refused (the Augsburg levy in England and Scotland, "from": "map").
 * (rs_data.c:703 `!json_is_array(v) || !json_array_size(v)` as `&&`: an
 * empty list read as a levy from nowhere.) */
static void test_data_levy_from_refused_empty(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 7 levy from []", "scenarios.json", "\"from\": \"map\"", "\"from\": []",
         "from must be \"map\" or an array of zones"},
        {"M39: 7 levy from a zone's name", "scenarios.json", "\"from\": \"map\"",
         "\"from\": \"Angleterre\"", "from must be \"map\" or an array of zones"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* tables.json: every record carries its source (printed or
 * reconstructed); the initiative's removed is refused. (rs_data.c:517
 * the initiative's `vb_json_obj(...) || need_source(...)` as `&&`: the
 * pass's mutant does not compile (-Wparentheses); planted as
 * `(vb_json_obj(...) && need_source(...))`, the source never asked.) */
static void test_data_initiative_source_needed(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: initiative without a source", "tables.json",
         "\"test_above\": 2,\n  \"source\": {\n   \"printed\": \"\u00a712 (bet 0-5), \u00a72 "
         "(initiative test > 2)\"\n  }",
         "\"test_above\": 2", "initiative: missing \"source\""},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json: a "remove" event (a state's units leave the map for
 * its camp's Reserve, 22.1) needs its camp: the Devolution's 1668
 * removal of Austria without one is refused. (rs_data.c:846 `kind ==
 * EV_RESERVE_ADD || kind == EV_REMOVE` as `&&`: the pass's mutant does not
 * compile (-Wparentheses); planted as `(A && B) || C`, a removal without
 * a camp read.) */
static void test_data_remove_event_needs_a_camp(void **state)
{
    static const vbt_data_row rows[] = {
        {"M39: 22.1 remove without a camp", "scenarios.json",
         "\"kind\": \"remove\",\n      \"camp\": \"coalition\",", "\"kind\": \"remove\",",
         "this event needs a camp"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* Board: a siege in progress shows its numbers and the next die's
 * results from the moment it is declared, while its rounds are to be
 * rolled (18.1 "The active player rolls a D6 to determine the number of
 * siege rounds": none known yet, so none named) and in each round
 * (Turenne's army at Flandre et Hainaut, FV 4: 17 v 4, column 4/1, +2
 * bombardment). (rs_board.c:59 `s->phase >= P_SG_ROUNDS` as `>`: nothing
 * shown before the rounds are known; before the fix of this session the
 * board read "round 1 of 0" there.) */
static void test_board_siege_from_its_declaration(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    vbt_act(t, "siege Flandre-et-Hainaut");
    assert_int_equal(S(t)->phase, P_SG_ROUNDS);
    char *b = board_of(t);
    if (!strstr(b, "\nSiege of Flandre et Hainaut, rounds to roll (D6): 17 v 4 (FV 4), column "
                   "4/1\n  modifiers +2: +2 bombardment\n"))
        fail_msg("M39: the siege declared, its rounds to roll:\n%s", b);
    if (strstr(b, " of 0"))
        fail_msg("M39: the rounds not rolled read as 0:\n%s", b);
    free(b);
    vbt_dice(t, "2");
    b = board_of(t);
    if (!strstr(b, "\nSiege of Flandre et Hainaut, round 1 of 2: 17 v 4 (FV 4), column 4/1\n"))
        fail_msg("M39: the siege's first round of two:\n%s", b);
    free(b);
    vbt_free(t);
}

/* `zone NAME`: the zones and sea boxes next to it, each box the scenario
 * plays (13.1's maritime moves): Provence, in the Reunions (Piemont not
 * played), beside the Mediterranean Sea (the third box). (rs_board.c:233 the boxes `b < 3` as
 * `b < 2`: the Mediterranean never named.) */
static void test_zone_next_to_the_mediterranean(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "reunions", 1);
    char *a = area_of(t, "Provence");
    if (!strstr(a, "  next to it: Dauphine, Roussillon, Mediterranean Sea\n"))
        fail_msg("M39: Provence's neighbours:\n%s", a);
    free(a);
    vbt_free(t);
}

/* Moves camp c's whole army and its generals from zone a to zone b. */
static void army_moved(vbt *t, int c, const char *a, const char *b)
{
    rs_state *s = S(t);
    int za = Z(t, a), zb = Z(t, b);
    for (int k = 0; k < RS_NT; k++) {
        s->z[zb].army[c][k] = (uint8_t)(s->z[zb].army[c][k] + s->z[za].army[c][k]);
        s->z[za].army[c][k] = 0;
    }
    const rs_data *d = t->g->data;
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == za && rs_gcamp(t->g, s, i) == c)
            s->gz[i] = (int8_t)zb;
}

/* The evaluation (no rule; the objectives of 22.3): an objective the
 * Coalition holds where France's army outnumbers the Coalition's counts
 * one in the objarmy term (weight 0.04 as shipped) and its walls' 4 - FV
 * in the walls term; none at the Devolution's set-up; the royal army
 * (20 SP) moved to Flandre et Hainaut (FV 4, no Coalition army): one, no
 * walls; to Brabant (6 Coalition SP, FV 2): one, 2 for the walls; France's
 * evaluation is higher there than at home by at least the 0.04. (rs_eval.c:162
 * `t[RS_T_OBJARMY] += 1` as `+= 0`: the term never moved.) */
static void test_eval_objective_outnumbered(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    double x[RS_EVAL_NT];
    rs_eval_terms(t->g, S(t), x);
    if (x[RS_T_OBJARMY] != 0 || x[RS_T_WALLS] != 0)
        fail_msg("M39: at the set-up objarmy %g, walls %g (0, 0 expected)", x[RS_T_OBJARMY],
                 x[RS_T_WALLS]);
    double v0 = t->g->def->eval(t->g, S(t), RS_F);
    army_moved(t, RS_F, "Picardie", "Flandre et Hainaut");
    rs_eval_terms(t->g, S(t), x);
    if (x[RS_T_OBJARMY] != 1 || x[RS_T_WALLS] != 0)
        fail_msg("M39: 20 French SP at Flandre et Hainaut: objarmy %g, walls %g (1, 0 expected)",
                 x[RS_T_OBJARMY], x[RS_T_WALLS]);
    double v1 = t->g->def->eval(t->g, S(t), RS_F);
    army_moved(t, RS_F, "Flandre et Hainaut", "Brabant");
    rs_eval_terms(t->g, S(t), x);
    if (x[RS_T_OBJARMY] != 1 || x[RS_T_WALLS] != 2)
        fail_msg("M39: 20 French SP against 6 in Brabant: objarmy %g, walls %g (1, 2 expected)",
                 x[RS_T_OBJARMY], x[RS_T_WALLS]);
    if (v1 < v0 + 0.04 - 1e-9)
        fail_msg("M39: France's evaluation %g at Flandre et Hainaut, %g at home", v1, v0);
    vbt_free(t);
}

/* The evaluation: only the scenario's objectives count in objarmy; France
 * Ouest (the map's first zone, no objective of the Devolution) under a
 * Coalition control marker with the royal army in it counts nothing.
 * (rs_eval.c:157 `i < sc->nobj` as `<=`: the list's unused slot, zone 0,
 * read as a fifth objective.) */
static void test_eval_only_the_objectives(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    int fo = Z(t, "France Ouest");
    assert_int_equal(fo, 0);
    S(t)->z[fo].mk = RS_C;
    army_moved(t, RS_F, "Picardie", "France Ouest");
    assert_int_equal(rs_ctrl(t->g, S(t), fo), RS_C);
    double x[RS_EVAL_NT];
    rs_eval_terms(t->g, S(t), x);
    if (x[RS_T_OBJARMY] != 0 || x[RS_T_WALLS] != 0)
        fail_msg("M39: France Ouest counted as an objective: objarmy %g, walls %g", x[RS_T_OBJARMY],
                 x[RS_T_WALLS]);
    vbt_free(t);
}

/* The evaluation's battle term (no rule; 17.1, 17.3: a battle won is a
 * GP and moves every ally's cursor): a camp holding a Battle marker with
 * an army and a general outnumbering an enemy army of 10 SP or more two to
 * one counts one, however large that enemy army: the Spanish Succession's
 * Bavaria, Maximilien with 24 French SP against 12 Austrian, France
 * holding a Battle marker: +1; 23 against 12: 0. (rs_eval.c:188 the enemy
 * army `>= 10` as `<= 10`: an enemy army above 10 SP never counted.) */
static void test_eval_battle_against_more_than_ten(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "succession", 1);
    rs_state *s = S(t);
    int bv = Z(t, "Baviere"), fi = KIND(ST(t, "France"), T_INF), ci = KIND(ST(t, "Austria"), T_INF);
    assert_true(rs_commander(t->g, s, bv, RS_F) >= 0);
    memset(s->z[bv].army[RS_F], 0, RS_NT);
    memset(s->z[bv].army[RS_C], 0, RS_NT);
    s->z[bv].army[RS_F][fi] = 24;
    s->z[bv].army[RS_C][ci] = 12;
    s->z[bv].used[RS_F] = 0;
    s->c[RS_F].pick[0] = CAT_BATTLE;
    s->c[RS_F].pstate[0] = PK_HELD;
    s->c[RS_F].npick = 1;
    s->c[RS_C].npick = 0;
    double x[RS_EVAL_NT];
    rs_eval_terms(t->g, s, x);
    if (x[RS_T_BATTLE] != 1)
        fail_msg("M39: 24 French SP against 12: battle term %g (1 expected)", x[RS_T_BATTLE]);
    s->z[bv].army[RS_F][fi] = 23;
    rs_eval_terms(t->g, s, x);
    if (x[RS_T_BATTLE] != 0)
        fail_msg("M39: 23 French SP against 12: battle term %g (0 expected)", x[RS_T_BATTLE]);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg_army_markers_on_their_zone),
        cmocka_unit_test(test_svg_army_without_general_and_general_alone),
        cmocka_unit_test(test_svg_fortress_value_in_its_box),
        cmocka_unit_test(test_svg_boxes_centred_on_their_names),
        cmocka_unit_test(test_board_markers_controls_and_boxes),
        cmocka_unit_test(test_zone_generals_listed),
        cmocka_unit_test(test_data_glory_bounds),
        cmocka_unit_test(test_data_sixteen_objectives_at_most),
        cmocka_unit_test(test_data_initiative_test_bounds),
        cmocka_unit_test(test_data_attrition_cell_bounds),
        cmocka_unit_test(test_data_levy_from_refused_empty),
        cmocka_unit_test(test_data_initiative_source_needed),
        cmocka_unit_test(test_data_remove_event_needs_a_camp),
        cmocka_unit_test(test_board_siege_from_its_declaration),
        cmocka_unit_test(test_zone_next_to_the_mediterranean),
        cmocka_unit_test(test_eval_objective_outnumbered),
        cmocka_unit_test(test_eval_only_the_objectives),
        cmocka_unit_test(test_eval_battle_against_more_than_ten),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
