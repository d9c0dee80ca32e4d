/* test_mutation46.c - what the forty-sixth session's mutation pass (seed
 * 46, helper rss, docs/roi-soleil.md) found untested in rs_board.c (the
 * terminal board and `zone NAME`), rs_explain.c, rs_svg.c (the SVG map),
 * rs_event.c, rs_io.c (the state-file reader), rs_data.c (the data
 * reader), rs_winter.c and rs_loss.c: each test fails with its surviving
 * mutant planted (messages "M46:", lines of 5954938d) and passes without.
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

/* Board: the next D6's results of a combat, each face's modified result
 * clamped to the Combat Table's last row (17.1.1 B "The attacker rolls a
 * D6. Add any modifiers to the result ... then cross this value with the
 * A/D ratio in the Combat Table"; the table reconstructed with rows 0-12,
 * as rs_combat.c reads the roll). France's 5 SP (2 infantry, 1 cavalry, 1
 * artillery, 1 elite) with Turenne attack 4 Spanish infantry without a
 * general in Picardie, its fortress garrisoned: +3 TC +1 fortress +1 elite
 * +1 artillery +1 cavalry = +7 at 1/1, so the 6 reads row 12 ("-/A") as
 * the 5 does, not row 11 ("-/B"). (rs_board.c:53 the clamp `> 12 ? 12` as
 * `> 12 ? 11`.) */
static void test_board_next_die_past_the_last_row(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int pi = Z(t, "Picardie"), br = Z(t, "Brabant"), si = KIND(1, T_INF), fi = KIND(0, T_INF);
    for (int k = 0; k < RS_NT; k++) {
        int keep = k == fi                                                              ? 2
                   : k == KIND(0, T_CAV) || k == KIND(0, T_ART) || k == KIND(0, T_INFE) ? 1
                                                                                        : 0;
        s->c[RS_F].reserve[k] = (uint8_t)(s->c[RS_F].reserve[k] + s->z[pi].army[RS_F][k] - keep);
        s->z[pi].army[RS_F][k] = (uint8_t)keep;
    }
    s->z[br].army[RS_C][si] = (uint8_t)(s->z[br].army[RS_C][si] - 4);
    s->z[pi].army[RS_C][si] = 4;
    s->c[RS_F].reserve[fi]--;
    s->z[pi].garr[fi] = 1;
    check_ok(t);
    vbt_act(t, "attack Picardie");
    char *b = vbt_board_text(t, -1);
    if (!strstr(b, "\nSkirmish in Picardie, round 1: france 5 SP v coalition 4 SP, column 1/1\n"
                   "  modifiers +7: +3 TC +1 fortress +1 elite +1 artillery +1 cavalry\n"
                   "  next D6 (attacker/defender): 1:-/C 2:-/C 3:-/B 4:-/B 5:-/A 6:-/A\n"))
        fail_msg("M46: the next D6 of a +7 skirmish:\n%s", b);
    free(b);
    vbt_free(t);
}

/* A state file's siege (18.1): its camp, breach, war effort and naval
 * flag are each 0 or 1 and its FV at the start 0-4 (the fortress markers'
 * values); a 2 (an FV of 5) is refused in one line naming the siege, and
 * Turenne's siege of Flandre et Hainaut (FV 4, the war effort asked)
 * reloads. (rs_io.c:962 the war effort's `effort > 1` as `> 2`: a war
 * effort of 2 read.) */
static void test_18_1_siege_fields_in_file(void **state)
{
    (void)state;
    vbt *t = turenne_besieges_fh();
    assert_int_equal(S(t)->sg.zone, Z(t, "Flandre et Hainaut"));
    assert_int_equal(S(t)->sg.fv0, 4);
    static const struct {
        const char *key;
        int v;
    } bad[] = {{"siege/camp", 2},
               {"siege/breach", 2},
               {"siege/effort", 2},
               {"siege/naval", 2},
               {"siege/fv_at_start", 5}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rs_state before = *S(t);
        json_t *j = vbt_state_json(t);
        set_at(j, bad[i].key, json_integer(bad[i].v));
        int rc = vbt_load_json(t, j);
        if (!rc || !strstr(t->cx.err, "siege: a field is out of range") || strchr(t->cx.err, '\n'))
            fail_msg("M46: %s %d in the state file: %s", bad[i].key, bad[i].v,
                     rc ? t->cx.err : "accepted");
        assert_memory_equal(&before, S(t), sizeof before);
    }
    reload_ok(t);
    assert_int_equal(S(t)->sg.fv0, 4);
    vbt_free(t);
}

/* Board: a siege's numbers and the next D6 are shown until it ends, the
 * besieger's choice to go on included (18.1.3 "A siege ends when: The
 * besieger decides to stop ... The determined number of siege rounds has
 * been reached"): Turenne's siege of Flandre et Hainaut (FV 4), two
 * rounds, a first with no result: asked to go on, the board reads its
 * second round of two. (rs_board.c:59 the siege's last phase
 * `phase <= P_SG_CONT` as `<`: nothing shown at the choice.) */
static void test_board_siege_at_the_choice_to_go_on(void **state)
{
    (void)state;
    vbt *t = turenne_besieges_fh();
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_SG_CONT);
    char *b = vbt_board_text(t, -1);
    if (!strstr(b, "\nSiege of Flandre et Hainaut, round 2 of 2: 17 v 4 (FV 4), column 4/1\n"
                   "  modifiers +2: +2 bombardment\n"
                   "  next D6: 1:- 2:Br 3:Br 4:-1FV 5:-1FV 6:Br-1FV\n"))
        fail_msg("M46: the siege at the besieger's choice to go on:\n%s", b);
    free(b);
    vbt_free(t);
}

/* t refuses text as illegal with an explanation holding needle */
static void explained(vbt *t, const char *text, const char *needle)
{
    if (vbt_try(t, text) != VB_EILLEGAL || !strstr(t->cx.err, needle))
        fail_msg("M46: '%s' explained as: %s (expected '%s')", text, t->cx.err, needle);
}

/* 18.1.2 Sh: "the surplus SP are placed in an adjacent zone controlled by
 * their camp": Brabant (FV 1, 1 Spanish infantry in it) besieged by the
 * royal army, D6 4 + 6 = 10, "Sh -1FV": the Coalition's garrison may not
 * go to France Ouest (the map's first zone, far from Brabant), and the
 * refusal says where it may go; a zone of no map is unknown.
 * (rs_explain.c:142 `z < 0 ? "unknown zone"` as `z <= 0`: France Ouest
 * read as an unknown zone.) */
static void test_18_1_2_honours_zone_explained(void **state)
{
    (void)state;
    vbt *t = brabant_sh_siege();
    assert_int_equal(S(t)->phase, P_HONOURS);
    explained(t, "honours France-Ouest",
              "the garrison goes to an adjacent zone its camp controls (rule 18.1.2 Sh)");
    explained(t, "honours Nowhere", "unknown zone");
    vbt_free(t);
}

/* 18: a siege needs the camp's army with a general in the zone, free of
 * enemy armies, before an enemy fortress: France M's army in Artois (a
 * French fortress) is told there is no enemy fortress there, Champagne et
 * Brie's France N likewise, and a zone without a French army (Lorraine)
 * that a siege needs an army with a general. (rs_explain.c:73 the
 * commander's `rs_commander(...) < 0` as `> 0`: an army commanded by any
 * general but Louis XIV, the data's first, read as without one.) */
static void test_18_siege_explained_with_its_general(void **state)
{
    (void)state;
    vbt *t = campaign();
    assert_true(rs_commander(t->g, S(t), Z(t, "Artois"), RS_F) > 0);
    explained(t, "siege Artois", "there is no enemy fortress there (rule 18)");
    explained(t, "siege Champagne-et-Brie", "there is no enemy fortress there (rule 18)");
    explained(t, "siege Lorraine", "a siege needs your army with a general in the zone (rule 18)");
    vbt_free(t);
}

/* 24.5.3 1712-6: "The combats (battle, siege, skirmish) between the
 * French and English are prohibited in 1712. If combats engage allied
 * units among which French or English units are present, their SP do not
 * count": the Coalition's attack with English units alone (12 English
 * infantry and Marlborough in Brabant, beside France's army of French and
 * Spanish SP) is refused for the cease-fire, its side counting no SP, and
 * explained so. (rs_explain.c:48 the attacker's SP that count `fc == 0`
 * as `fc == 1`: explained as "not possible now".) */
static void test_1712_6_coalition_ceasefire_attack_explained(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    to_impulse(t, 1712, "6");
    int bra = Z(t, "Brabant");
    put_sp(t, "Brabant", RS_C, "Great Britain", T_INF, 12);
    s->gz[G(t, "Marlborough")] = (int8_t)bra;
    assert_int_equal(rs_army(s, bra, RS_C), 12);
    assert_true(rs_army(s, bra, RS_F) > 0);
    s->active = RS_C;
    s->who = RS_C;
    int fo = 0;
    assert_int_equal(rs_battle_sp(t->g, s, bra, RS_C, &fo), 0);
    explained(t, "attack Brabant",
              "the cease-fire prohibits combats between the French and the English (rule 24.5.3)");
    vbt_free(t);
}

/* 24.3.3 1678-4: "Great Britain joins the Coalition"; 22.1 "If this
 * state changes alliance, its units and generals are then placed in the
 * Reserve of their new camp"; 5.3 a zone is "Controlled: by the presence
 * of a control marker or when the zone belongs to a state without an
 * enemy control marker": France keeps a zone of the state it still holds
 * with units of its own, a garrison as an army (a French infantry
 * garrison in Angleterre's fortress, FV 1, at the event): a French control
 * marker there, the English units gone to the Coalition's Reserve; France's
 * own zones take none. (rs_event.c:296 the old camp's marker `mk < 0` as
 * `mk > 0`: no marker placed, the zone the Coalition's with France's
 * garrison in it; an army of France's is marked after the event by 5.3's
 * control update, H `test_1678_4_britain_joins`, a garrison is not.) */
static void test_1678_4_garrison_keeps_its_zone(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "holland", 1);
    rs_state *s = S(t);
    int an = Z(t, "Angleterre"), fi = KIND(0, T_INF);
    assert_int_equal(rs_ctrl(t->g, s, an), RS_F);
    s->z[an].fv = 1;
    s->c[RS_F].reserve[fi]--;
    s->z[an].garr[fi] = 1;
    check_ok(t);
    event(t, 1678, "4");
    s = S(t);
    assert_int_equal(s->scamp[ST(t, "Great Britain")], RS_C);
    assert_int_equal(rs_army(s, an, RS_F), 0);
    if (s->z[an].mk != RS_F || rs_ctrl(t->g, s, an) != RS_F || s->z[an].garr[fi] != 1)
        fail_msg("M46: 1678-4 Angleterre held by a French garrison: marker %d, control %d, "
                 "garrison %d",
                 s->z[an].mk, rs_ctrl(t->g, s, an), s->z[an].garr[fi]);
    assert_int_equal(s->z[Z(t, "Picardie")].mk, -1);
    check_ok(t);
    vbt_free(t);
}

/* A state file's units on the march (13.1.1) outside a march: in the
 * losses of a combat (17.1.1 "C. Eliminate the number of SP indicated in
 * the Losses table") no unit is on the march, whatever phase the file
 * names to return to after an attrition (the march's step, left there by
 * an interceptor's attrition, 13.3, until the next attrition): Spain A's
 * army attacks France M's 3 SP in Artois, France to lose SP; a Spanish
 * infantry on the march is refused in one line, with either return phase.
 * (rs_io.c:1063 the attrition's losses `p == P_LOSS && loss_k == LK_ATTR`
 * as `||`: every loss read as the march's attrition.) */
static void test_17_1_1_combat_losses_no_march_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int art = Z(t, "Artois"), bra = Z(t, "Brabant");
    for (int k = 0; k < RS_NT; k++) {
        s->z[art].army[RS_C][k] = s->z[bra].army[RS_C][k];
        s->z[bra].army[RS_C][k] = 0;
    }
    s->gz[G(t, "Spain A")] = (int8_t)art;
    s->active = RS_C;
    s->who = RS_C;
    vbt_act(t, "attack Artois");
    vbt_act(t, "stand");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->phase, P_LOSS);
    assert_int_equal(S(t)->loss_k, LK_COMBAT);
    for (int ret = 0; ret < 2; ret++) {
        rs_state before = *S(t);
        json_t *j = vbt_state_json(t);
        set_at(j, "march/units/Spain-inf", json_integer(1));
        if (ret)
            set_at(j, "return_phase", json_string(rs_phase_names[P_MV_STEP]));
        int rc = vbt_load_json(t, j);
        if (!rc || !strstr(t->cx.err, "march: units on the march outside a march") ||
            strchr(t->cx.err, '\n'))
            fail_msg("M46: a unit on the march in a combat's losses (return phase %s): %s",
                     ret ? rs_phase_names[P_MV_STEP] : rs_phase_names[before.ret],
                     rc ? t->cx.err : "accepted");
        assert_memory_equal(&before, S(t), sizeof before);
    }
    vbt_free(t);
}

/* A state file's march (13.1.1): the zones it has entered and the
 * scorched ones among them are at most the engine's 40 a march
 * (RS_MAXSTEPS, rs_move.c: no further step is offered), so 40 loads and 41
 * is refused in one line naming the field, as play never reaches it
 * (Turenne's march from Picardie, one zone in). (rs_io.c:890 the zones'
 * range `0, 60` as `0, 59`: the mutant survived, since the reader
 * accepted the impossible 41-60; the range is now the engine's.) */
static void test_13_1_1_march_zones_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Artois");
    assert_int_equal(S(t)->phase, P_MV_STEP);
    assert_int_equal(S(t)->mv.zones, 1);
    static const char *const keys[] = {"march/zones", "march/scorched"};
    for (int k = 0; k < 2; k++) {
        rs_state before = *S(t);
        json_t *j = vbt_state_json(t);
        set_at(j, keys[k], json_integer(RS_MAXSTEPS + 1));
        if (k)
            set_at(j, "march/zones", json_integer(RS_MAXSTEPS));
        int rc = vbt_load_json(t, j);
        if (!rc || !strstr(t->cx.err, "is 41, must be 0-40") || strchr(t->cx.err, '\n'))
            fail_msg("M46: %s 41 in the state file: %s", keys[k], rc ? t->cx.err : "accepted");
        assert_memory_equal(&before, S(t), sizeof before);
    }
    json_t *j = vbt_state_json(t);
    set_at(j, "march/zones", json_integer(RS_MAXSTEPS));
    set_at(j, "march/scorched", json_integer(RS_MAXSTEPS));
    if (vbt_load_json(t, j))
        fail_msg("M46: a march of 40 zones refused: %s", t->cx.err);
    assert_int_equal(S(t)->mv.zones, RS_MAXSTEPS);
    vbt_free(t);
}

/* Map (`vauban show --svg`): each zone's name sits 27 px above its disc's
 * centre; a scorched zone's "#" (15 "reduces the resource points in a
 * zone to zero") 14 px right of and 10 px above the centre, titled; each
 * transit box (its `data-ref` the box's token) ringed in its controller's
 * colour (13.4: the North Sea the Coalition's, red; the France Ouest box
 * France's, blue; a box held by no camp, grey). (rs_svg.c:77 the name's
 * `zd->y - 27` as `- 26`; :118 the "#" at `zd->y - 10` as `+ 10`; :53 the
 * Coalition's box colour `c == RS_C` as `!=`: its boxes grey, the boxes of
 * no camp red.) */
static void test_svg_names_marks_and_boxes_in_place(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    const rs_data *d = t->g->data;
    rs_state *s = S(t);
    s->z[Z(t, "Picardie")].scorched = 1;
    char *svg = vbt_svg_text(t, -1), grp[4096], want[200];
    for (int z = 0; z < d->nz; z++) {
        int cx, cy;
        zone_group(svg, d->z[z].tok, grp, sizeof grp, &cx, &cy);
        snprintf(want, sizeof want,
                 "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"middle\">%s</text>", cx,
                 cy - 27, d->z[z].name);
        if (!strstr(grp, want))
            fail_msg("M46: %s's name not at (%d,%d):\n%s", d->z[z].name, cx, cy - 27, grp);
        snprintf(want, sizeof want,
                 "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#a02000\"><title>scorched "
                 "earth</title>#</text>",
                 cx + 14, cy - 10);
        if (!strstr(grp, want) != !s->z[z].scorched)
            fail_msg("M46: %s's scorched earth mark (%d):\n%s", d->z[z].name, s->z[z].scorched,
                     grp);
    }
    int seen = 0;
    for (int b = 0; b < RS_NBOX; b++) {
        snprintf(want, sizeof want, "data-ref=\"%s\"><title>", d->b[b].tok);
        const char *a = strstr(svg, want), *st = a ? strstr(a, "stroke=\"") : NULL;
        int c = s->boxc[b];
        const char *col = c == RS_F ? "#1f4fbf" : c == RS_C ? "#bf3f1f" : "#808080";
        if (!st || strncmp(st + 8, col, 7))
            fail_msg("M46: box %s (control %d) not ringed %s", d->b[b].name, c, col);
        seen |= 1 << (c + 1);
    }
    assert_int_equal(seen, 7); /* a box of each: none, France, the Coalition */
    free(svg);
    vbt_free(t);
}

/* tables.json's Diplomacy Table (22.4: the RP column, "RP <= 5" for the
 * Coalition, ">= 13" for France in the data): its bounds are read within
 * -99..99 as the glory's are: -99 loads, -100 is refused naming the key
 * and its range (rs_data.c:513 the RP's coalition_max least `-99` as
 * `-98`: -99 refused). */
static void test_data_diplomacy_rp_bounds(void **state)
{
    static const char from[] = "\"rp\": {\n   \"coalition_max\": 5,";
    static const vbt_data_row rows[] = {
        {"M46: 22.4 rp coalition_max -99", "tables.json", from,
         "\"rp\": {\n   \"coalition_max\": -99,", NULL},
        {"M46: 22.4 rp coalition_max -100", "tables.json", from,
         "\"rp\": {\n   \"coalition_max\": -100,", "\"coalition_max\" is -100, must be -99-99"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json's starting Diplomacy Table (24.1 the Devolution: "Glory
 * points: Cursor space 6"; the allies and objectives columns 0): the
 * glory within -20..20 and the objectives within -9..9, so 20 and 9 load,
 * 21 and 10 are refused naming the key and its range. (rs_data.c:1024 the
 * glory's `20` as `21`; :1025 the objectives' `9` as `10`.) */
static void test_data_scenario_diplomacy_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M46: 24.1 glory 20", "scenarios.json", "\"glory\": 6,", "\"glory\": 20,", NULL},
        {"M46: 24.1 glory 21", "scenarios.json", "\"glory\": 6,", "\"glory\": 21,",
         "\"glory\" is 21, must be -20-20"},
        {"M46: 24.1 objectives 9", "scenarios.json", "\"objectives\": 0,", "\"objectives\": 9,",
         NULL},
        {"M46: 24.1 objectives 10", "scenarios.json", "\"objectives\": 0,", "\"objectives\": 10,",
         "\"objectives\" is 10, must be -9-9"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json's placements (11: a Line of defence marker of value 1 or
 * 2; none is 0): a zone's line within 0..2, so 0 and 2 load, 3 and -1 are
 * refused naming the key (the Devolution's line 1 in Picardie, rs_data.c:1065
 * the line's range `0, 2` as `1, 2` and as `0, 1`). */
static void test_data_placement_line_bounds(void **state)
{
    static const char from[] = "\"fv\": 4,\n     \"line\": 1\n";
    static const vbt_data_row rows[] = {
        {"M46: 11 placed line 0", "scenarios.json", from, "\"fv\": 4,\n     \"line\": 0\n", NULL},
        {"M46: 11 placed line 2", "scenarios.json", from, "\"fv\": 4,\n     \"line\": 2\n", NULL},
        {"M46: 11 placed line 3", "scenarios.json", from, "\"fv\": 4,\n     \"line\": 3\n",
         "\"line\" is 3, must be 0-2"},
        {"M46: 11 placed line -1", "scenarios.json", from, "\"fv\": 4,\n     \"line\": -1\n",
         "\"line\" is -1, must be 0-2"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* scenarios.json's events (7; 3.1 the counters' nationalities, the first
 * thirteen states): an event's nation is one of them, so a name of no
 * state and Switzerland (a state without counters) are refused naming the
 * nationality (the Reunions' 1683-4 imperial infantry, rs_data.c:639
 * `e->nat < 0 || e->nat >= RS_NN` as `&&`: any name read). */
static void test_data_event_nation_has_counters(void **state)
{
    static const char from[] = "\"nation\": \"Austria\"";
    static const vbt_data_row rows[] = {
        {"M46: 7 an event's nation of no state", "scenarios.json", from, "\"nation\": \"Nowhere\"",
         "unknown nationality 'Nowhere'"},
        {"M46: 7 an event's nation without counters", "scenarios.json", from,
         "\"nation\": \"Switzerland\"", "unknown nationality 'Switzerland'"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

/* tables.json's Siege Table (18.1.2: "-1FV", "-2FV" ...; the FV range
 * from 1 to 4): a result's FV loss is -1FV to -4FV, so "-4FV" loads and
 * "-5FV", "-0FV" and "+1FV" are refused as a bad result (rs_data.c:355
 * `t[0] == '-' && ... && t[1] <= '4' && !strcmp(t + 2, "FV")`, its last
 * `&&` as `||`: the pass's mutant does not compile (-Wparentheses);
 * planted as `(t[0] == '-' && ... <= '4') || !strcmp(...)`: any two
 * characters before "FV" read as a loss). */
static void test_data_siege_fv_loss_bounds(void **state)
{
    static const char from[] = "\"-1FV\"";
    static const vbt_data_row rows[] = {
        {"M46: 18.1.2 -4FV", "tables.json", from, "\"-4FV\"", NULL},
        {"M46: 18.1.2 -5FV", "tables.json", from, "\"-5FV\"", "bad result"},
        {"M46: 18.1.2 -0FV", "tables.json", from, "\"-0FV\"", "bad result"},
        {"M46: 18.1.2 +1FV", "tables.json", from, "\"+1FV\"", "bad result"},
    };
    (void)state;
    vbt_check_data_rows("roi-soleil", rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_next_die_past_the_last_row),
        cmocka_unit_test(test_18_1_siege_fields_in_file),
        cmocka_unit_test(test_board_siege_at_the_choice_to_go_on),
        cmocka_unit_test(test_18_1_2_honours_zone_explained),
        cmocka_unit_test(test_18_siege_explained_with_its_general),
        cmocka_unit_test(test_1712_6_coalition_ceasefire_attack_explained),
        cmocka_unit_test(test_1678_4_garrison_keeps_its_zone),
        cmocka_unit_test(test_17_1_1_combat_losses_no_march_in_file),
        cmocka_unit_test(test_13_1_1_march_zones_in_file),
        cmocka_unit_test(test_svg_names_marks_and_boxes_in_place),
        cmocka_unit_test(test_data_diplomacy_rp_bounds),
        cmocka_unit_test(test_data_scenario_diplomacy_bounds),
        cmocka_unit_test(test_data_placement_line_bounds),
        cmocka_unit_test(test_data_event_nation_has_counters),
        cmocka_unit_test(test_data_siege_fv_loss_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
