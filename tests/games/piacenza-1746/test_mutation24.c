/* test_mutation24.c - the rules that the twenty-fourth session's mutation
 * pass (seed 24, docs/piacenza-1746.md "Mutation pass, twenty-fourth
 * session") and the survivors the twenty-third left open found without a
 * test: each test names the rulebook sentence it pins and the mutant it
 * kills. */
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
#include "odds.h"

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
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0101");
    put(t, "Africa", "0102");
    put(t, "Asturias", "0103");
    put_leader(t, "Petit Bois", "0102");
    at_segment(t, "De Croix", PH_MFORM);
    assert_int_equal(HX(t, "0101"), 0);
    vbt_act(t, "formation Petit-Bois");
    vbt_act(t, "declare-line");
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

/* 4.7 / 4.6: a Commander whose last unit is eliminated under him is lost
 * (VP to the enemy); the odds of the fire name him "captured". Aramburu is
 * leader 0 of the Learning Scenario's order of battle; the Guardias
 * Espanolas (his only unit, on their last step) fire at Pallavicini, who
 * fires back: some outcome eliminates the Guardias and names "Aramburu
 * captured". pc_odds.c pc_odds_outcome: the captured leaders' scan from
 * `l = 1` (the seed-23 survivor :288) never named him. */
static void odds_name_leader_zero_captured(void **state)
{
    (void)state;
    vbt *t = board();
    assert_string_equal(D(t)->l[0].name, "Aramburu");
    put(t, "Guardias Espanolas", "0704");
    put_leader(t, "Aramburu", "0704");
    put(t, "Pallavicini", "0705");
    put_leader(t, "Novati", "0806");
    S(t)->ustep[U(t, "Guardias Espanolas")] = 1;
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Guardias-Espanolas Pallavicini");
    pc_state *start = malloc(sizeof *start);
    memcpy(start, S(t), sizeof *start);
    char w0[] = "open-fire", w1[] = "reply", w2[] = "Pallavicini", w3[] = "Guardias-Espanolas";
    char *argv[] = {w0, w1, w2, w3, NULL};
    vb_action first;
    vb_odds_plan plan;
    vb_odds o;
    memset(&o, 0, sizeof o);
    assert_int_equal(vb_odds_setup_plan(t->g, start, 1, 4, argv, &first, &plan, &t->cx), 0);
    assert_int_equal(vb_odds_run_plan(t->g, start, first, &plan, 0, &o, &t->cx), 0);
    int cap = 0;
    for (int i = 0; i < o.n; i++)
        if (strstr(o.rows[i].name, "Guardias Espanolas eliminated")) {
            if (!strstr(o.rows[i].name, "Aramburu captured"))
                fail_msg("4.7: '%s': Aramburu, left with no unit, not named", o.rows[i].name);
            cap = 1;
        }
    assert_true(cap);
    vb_odds_release(&o);
    free(start);
    vbt_free(t);
}

/* 9.1: each defender fired at declares its own defensive fire, once. The
 * odds take every declaration given, in any order of the words: Pallavicini
 * (fired at by Corona and Navarra) replies at Corona, Clerici (fired at by
 * Aragon) at Aragon. A second declaration for Pallavicini ('reply
 * Pallavicini Navarra' after 'reply Pallavicini Corona') is refused, named,
 * the position unchanged. pc_odds.c pc_odds_setup: the declarations' scan
 * `k < 0` to `k < 1` (the seed-23 survivor :106) went on past a
 * declaration matched as the first legal action and took the next one that
 * parses (the same unit's other reply) as used: the double declaration
 * passed. */
static void odds_take_every_declaration(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Corona", "0705");
    put(t, "Navarra", "0706");
    put(t, "Aragon", "0707");
    put_leader(t, "Douchez", "0706");
    put(t, "Pallavicini", "0805");
    put(t, "Clerici", "0806");
    put_leader(t, "Novati", "0906");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Douchez");
    vbt_act(t, "fire Corona Pallavicini");
    vbt_act(t, "fire Navarra Pallavicini");
    vbt_act(t, "fire Aragon Clerici");
    pc_state *s = malloc(sizeof *s);
    char w0[] = "open-fire", w1[] = "reply", w2[] = "Pallavicini", w3[] = "Corona", w4[] = "reply",
         w5[] = "Clerici", w6[] = "Aragon";
    char *fwd[] = {w0, w1, w2, w3, w4, w5, w6, NULL}, *bwd[] = {w0, w4, w5, w6, w1, w2, w3, NULL};
    for (int order = 0; order < 2; order++) {
        vb_action first;
        memcpy(s, S(t), sizeof *s);
        if (vb_odds_setup(t->g, s, 1, 7, order ? bwd : fwd, &first, &t->cx))
            fail_msg("9.1: two declarations refused: %s", t->cx.err);
        if (s->rt[U(t, "Pallavicini")] != U(t, "Corona") ||
            s->rt[U(t, "Clerici")] != U(t, "Aragon"))
            fail_msg("9.1: words in order %d: Pallavicini replies at %d, Clerici at %d", order,
                     s->rt[U(t, "Pallavicini")], s->rt[U(t, "Clerici")]);
    }
    static char w7[] = "reply", w8[] = "Pallavicini", w9[] = "Navarra";
    char *twice[] = {w0, w1, w2, w3, w7, w8, w9, NULL};
    vb_action first;
    memcpy(s, S(t), sizeof *s);
    if (vb_odds_setup(t->g, s, 1, 7, twice, &first, &t->cx) >= 0)
        fail_msg("9.1: Pallavicini's two declarations accepted");
    assert_non_null(strstr(t->cx.err, "'reply Pallavicini'"));
    assert_memory_equal(s, S(t), sizeof *s);
    free(s);
    vbt_free(t);
}

/* 9.1.2: the second volleys are announced once the first volleys' effects
 * are placed; the plan ('again UNIT') may be given while those effects
 * still wait for a player. Corona fires at Pallavicini (Clerici stacked
 * with it, 0805) and Aragon at Marschall (Traun stacked with it, 0806); a
 * step lost in each stack: two owners' choices (8.5.1). With the first
 * choice as the odds' action, the second still waits after it, no die due:
 * 'again Corona' is accepted. pc_odds.c announcements_due: `s->cont ==
 * CONT_FIRE1` to `!=` (the seed-23 survivor :150) said no announcement was
 * due there and refused the plan. */
static void plan_while_two_owners_choose(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Corona", "0705");
    put(t, "Navarra", "0706");
    put(t, "Aragon", "0707");
    put_leader(t, "Douchez", "0706");
    put(t, "Pallavicini", "0805");
    put(t, "Clerici", "0805");
    put(t, "Marschall", "0806");
    put(t, "Traun", "0806");
    put_leader(t, "Novati", "0906");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Douchez");
    vbt_act(t, "fire Corona Pallavicini");
    vbt_act(t, "fire Aragon Marschall");
    vbt_act(t, "open-fire");
    static const char *const holds[] = {"hold Pallavicini", "hold Clerici", "hold Marschall",
                                        "hold Traun"};
    for (int guard = 0; guard < 8 && S(t)->phase == PH_FREPLY && !S(t)->roll; guard++)
        for (int k = 0; k < 4; k++)
            if (vbt_legal(t, holds[k])) {
                vbt_act(t, holds[k]);
                break;
            }
    assert_int_equal(S(t)->roll, RL_FIRE);
    vbt_dice(t, "9"); /* each volley: a step (8.5.1: the owner names the unit) */
    vbt_dice(t, "9");
    assert_int_equal(S(t)->phase, PH_OWNER);
    assert_true(vbt_legal(t, "suffer Clerici"));
    pc_state *s = malloc(sizeof *s);
    memcpy(s, S(t), sizeof *s);
    char w0[] = "suffer", w1[] = "Clerici", w2[] = "again", w3[] = "Corona";
    char *argv[] = {w0, w1, w2, w3, NULL};
    vb_action first;
    vb_odds_plan plan;
    if (vb_odds_setup_plan(t->g, s, 1, 4, argv, &first, &plan, &t->cx))
        fail_msg("9.1.2: the plan refused while the second owner chooses: %s", t->cx.err);
    assert_int_equal(s->phase, PH_OWNER); /* Marschall's stack: its owner's choice waits */
    assert_int_equal(s->roll, 0);
    free(s);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_anchor_in_a_state_file),
        cmocka_unit_test(line_moved_unit_in_hex_zero),
        cmocka_unit_test(odds_name_leader_zero_captured),
        cmocka_unit_test(odds_take_every_declaration),
        cmocka_unit_test(plan_while_two_owners_choose),
        cmocka_unit_test(zoc_from_hex_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
