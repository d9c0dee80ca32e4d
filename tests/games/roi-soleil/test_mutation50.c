/* test_mutation50.c - what the fiftieth session's mutation pass (seed 50,
 * helper rsb, docs/roi-soleil.md) found untested in rs_combat.c,
 * rs_data.c, rs_board.c and rs_svg.c: each test fails with its surviving
 * mutant planted (messages "M50:", lines of f8ccc669) and passes without.
 * The helpers are in rs_test.h. */
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

/* 24.4.3 1689-5 "Reduce the TC by 1 for a French army general during the
 * battle on the Spanish Netherlands/United Provinces/Germany front", a
 * battle being 10 SP or more on each side (17, the Devolution's example:
 * "Since the Spanish Army has strictly fewer than 10 SP, this is a
 * skirmish"): in Cologne, France B's army against 9 Coalition SP, and
 * the Coalition's 9 SP attacking France's, are skirmishes without the
 * royal family's -1 (rs_combat.c:51 the defender's `rs_sp(D) >= 10` as
 * `>= 9`; test_augsburg.c's skirmish has 4). */
static void test_1689_5_royal_family_not_at_nine(void **state)
{
    (void)state;
    char why[200];
    vbt *t = vbt_new("roi-soleil", "augsburg", 1);
    event(t, 1689, "5");
    rs_state *s = S(t);
    int z = Z(t, "Cologne"), ei = KIND(ST(t, "Empire"), T_INF);
    int ui = KIND(ST(t, "United Provinces"), T_INF);
    s->c[RS_C].reserve[ei] = 0;
    s->z[z].army[RS_C][ei] = 4;
    s->z[Z(t, "Hesse-Cassel")].army[RS_C][ei] = 0;
    s->z[z].army[RS_C][ui] = 5;
    s->c[RS_C].reserve[ui] = 5;
    assert_int_equal(rs_sp(s->z[z].army[RS_C]), 9);
    assert_true(rs_sp(s->z[z].army[RS_F]) >= 10);
    for (int c = 0; c < 2; c++) {
        rs_combat_mods(t->g, s, z, c, why, sizeof why);
        if (strstr(why, "royal family"))
            fail_msg("M50: %s attacks in Cologne, 9 Coalition SP (a skirmish): \"%s\"",
                     rs_camp_names[c], why);
    }
    /* one SP more, a battle: the French general's TC -1 */
    s->z[z].army[RS_C][ui] = 6;
    s->c[RS_C].reserve[ui] = 4;
    rs_combat_mods(t->g, s, z, RS_F, why, sizeof why);
    assert_non_null(strstr(why, "-1 royal family"));
    vbt_free(t);
}

/* tables.json's Diplomacy Table (22.4: the allies column, "<= -2" for the
 * Coalition, ">= 2" for France in the data): its bounds are read within
 * -20..20 as the glory's are read within -99..99: -20 loads, -21 is
 * refused naming the key and its range (rs_data.c:510 the allies'
 * coalition_max least `-20` as `-21`). */
static void test_data_diplomacy_allies_bounds(void **state)
{
    static const char from[] = "\"allies\": {\n   \"coalition_max\": -2,";
    static const vbt_data_row rows[] = {
        {"M50: 22.4 allies coalition_max -20", "tables.json", from,
         "\"allies\": {\n   \"coalition_max\": -20,", NULL},
        {"M50: 22.4 allies coalition_max -21", "tables.json", from,
         "\"allies\": {\n   \"coalition_max\": -21,", "\"coalition_max\" is -21, must be -20-20"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json's events that act on a state (24.3.3 1674-5 "Place Great
 * Britain's alliance cursor in the neutral space", 24.4.3 1688-6 "+1 ...
 * for all the sieges carried out by the French camp in the ten states of
 * the Empire"): without their "state" they are refused, naming what the
 * event needs, rather than read as acting on the first state of the map,
 * France (rs_data.c:669 an event's state unset `-1` as `-0`: both load). */
static void test_data_event_state_needed(void **state)
{
    static const vbt_data_row rows[] = {
        {"M50: 24.3.3 1674-5 neutralise without its state", "scenarios.json",
         "\"kind\": \"neutralise\",\n      \"state\": \"Great Britain\"",
         "\"kind\": \"neutralise\"", "this event needs a state"},
        {"M50: 24.4.3 1688-6 siege bonus without its state", "scenarios.json",
         "\"kind\": \"siege_bonus\",\n      \"camp\": \"france\",\n      \"state\": \"Empire\"",
         "\"kind\": \"siege_bonus\",\n      \"camp\": \"france\"",
         "this event needs a camp and a state"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json's generals in a camp's Reserve (24.1; 22.1 a state not
 * yet at war): a general of a state the scenario gives no camp (the
 * Devolution's Austria) is his nationality's camp in forces.json, as
 * rs_gcamp reads him in play: Eugene loads in the Coalition's Reserve and
 * is refused in France's (rs_data.c:579 `c == 1` as `c != 1`: a state of
 * no camp read as camp -1, Eugene refused in both). */
static void test_data_reserve_general_of_a_state_not_at_war(void **state)
{
    static const vbt_data_row rows[] = {
        {"M50: 24.1 Eugene in the Coalition's Reserve (Austria not at war)", "scenarios.json",
         "\"coalition\": [\n      \"Spain B\"\n     ]",
         "\"coalition\": [\n      \"Spain B\",\n      \"Eugene\"\n     ]", NULL},
        {"M50: 24.1 Eugene in France's Reserve", "scenarios.json",
         "\"france\": [\n      \"Conde\",\n      \"France A\"\n     ]",
         "\"france\": [\n      \"Conde\",\n      \"France A\",\n      \"Eugene\"\n     ]",
         "reserve: bad general 2"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* 18.1.1 (the siege's modifiers: "+1 for the assault, +2 for the
 * bombardment ..."), the terminal board: a siege with none reads "none"
 * after its +0 (as a combat's, rs_board.c:49): Turenne's siege of
 * Flandre et Hainaut at the choice to go on (as M46's) with his 2
 * artillery SP sent to the Reserve, no war effort: 15 v 4 at 3/1,
 * "modifiers +0: none" (rs_board.c:73 the siege's `why[0] ? why` as
 * `why[1]`: the byte past the empty text read, left as the stack held it). */
static void test_board_siege_without_modifiers(void **state)
{
    (void)state;
    vbt *t = turenne_besieges_fh();
    rs_state *s = S(t);
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    assert_int_equal(s->phase, P_SG_CONT);
    int z = Z(t, "Flandre et Hainaut"), art = KIND(ST(t, "France"), T_ART);
    s->c[RS_F].reserve[art] = (uint8_t)(s->c[RS_F].reserve[art] + s->z[z].army[RS_F][art]);
    s->z[z].army[RS_F][art] = 0;
    s->sg.breach = 0;
    char *b = vbt_board_text(t, -1);
    if (!strstr(b, "\nSiege of Flandre et Hainaut, round 2 of 2: 15 v 4 (FV 4), column 3/1\n"
                   "  modifiers +0: none\n"))
        fail_msg("M50: a siege without modifiers:\n%s", b);
    free(b);
    vbt_free(t);
}

/* 8.1 (each camp's RP on the Resources Table), the SVG map's legend: the
 * year, the GP and each camp's RP, France's its own: at the Devolution's
 * first French campaign (France 12 RP, the Coalition 15), "RP France
 * 12, Coalition 15" (rs_svg.c:133 France's `s->c[0].rp` as `c[1]`). */
static void test_svg_legend_rp_of_each_camp(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    char want[96];
    assert_int_not_equal(s->c[RS_F].rp, s->c[RS_C].rp);
    snprintf(want, sizeof want, ">%d  GP %d  RP France %d, Coalition %d  (", s->year, s->gp,
             s->c[RS_F].rp, s->c[RS_C].rp);
    char *svg = vbt_svg_text(t, -1);
    if (!strstr(svg, want))
        fail_msg("M50: the SVG's legend, not \"%s\":\n%s", want,
                 strstr(svg, "GP") ? strstr(svg, "GP") : svg);
    free(svg);
    vbt_free(t);
}

/* 13.4 (a transit box's control: 13.4.1), the SVG map: each box's title
 * names its RP and the camp that controls it, "none" for a box of no camp:
 * at the Devolution's first French campaign a box of each (rs_svg.c:50
 * the title's `c < 0 ? "none"` as `c > 0`: the Coalition's boxes read
 * "none", a box of no camp the name before `rs_camp_names`; M46 checked
 * the boxes' rings only). */
static void test_svg_box_titles_name_control(void **state)
{
    (void)state;
    vbt *t = campaign();
    const rs_data *d = t->g->data;
    rs_state *s = S(t);
    char *svg = vbt_svg_text(t, -1), want[200];
    int seen = 0;
    for (int b = 0; b < RS_NBOX; b++) {
        const rs_bdef *bx = &d->b[b];
        int c = s->boxc[b];
        snprintf(want, sizeof want, "data-ref=\"%s\"><title>%s: %d RP, control %s</title>", bx->tok,
                 bx->name, bx->rp, c < 0 ? "none" : rs_camp_names[c]);
        if (!strstr(svg, want))
            fail_msg("M50: box %s (control %d) not titled %s", bx->name, c, want);
        seen |= 1 << (c + 1);
    }
    assert_int_equal(seen, 7); /* a box of each: none, France, the Coalition */
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1689_5_royal_family_not_at_nine),
        cmocka_unit_test(test_data_diplomacy_allies_bounds),
        cmocka_unit_test(test_data_event_state_needed),
        cmocka_unit_test(test_data_reserve_general_of_a_state_not_at_war),
        cmocka_unit_test(test_board_siege_without_modifiers),
        cmocka_unit_test(test_svg_legend_rp_of_each_camp),
        cmocka_unit_test(test_svg_box_titles_name_control),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
