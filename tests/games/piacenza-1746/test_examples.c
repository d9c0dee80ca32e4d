/* test_examples.c - the Examples of Play of the Piacenza 1746 rulebook
 * replayed with their own dice: Wing Selection, Line Movement, Cavalry
 * Engagement and Fire (first and second volley). Positions are built on the
 * Scenario 1 map; the letters of the lost diagrams are named in comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* EVIDENCE-OF (Examples of Play, Wing Selection; 3.0 A): both players choose
 * a marker in secret, roll a d10; the lower (5) reveals, the higher (7)
 * lets the other go first; A.2 follows, and the marker withheld is revealed
 * only then. Here: Franco-Spanish LW (the French "De Croix") against the
 * Austrian CE (the "Bottas" of the example). */
static void wing_selection(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 3);
    /* 3.0 exception: turn 1 is LW, then RW, then (A.3) CE */
    pass_activation(t);
    pass_activation(t);
    pass_activation(t);
    vbt_roll(t); /* reorganization: nothing */
    assert_int_equal(S(t)->turn, 2);
    vbt_act(t, "wing LW");
    /* the Austrian's view does not show the Franco-Spanish marker */
    pc_state view;
    vb_view(t->g, &view, S(t), 1);
    assert_int_equal(view.choice[0], -2);
    vbt_act(t, "wing CE");
    vb_view(t->g, &view, S(t), 0);
    assert_int_equal(view.choice[1], -2);
    json_t *j = t->g->def->to_json(t->g, &view, 0);
    char *txt = json_dumps(j, JSON_COMPACT);
    assert_non_null(strstr(txt, "\"austrian\":{\"marker\":\"hidden\""));
    free(txt);
    json_decref(j);
    /* the record: the Austrian's choice is seen by the Austrian only */
    const vb_entry *e = &t->m.rec.v[t->m.rec.n - 1];
    assert_string_equal(e->text, "wing CE");
    assert_true(e->see & VB_ROLE_BIT(1));
    assert_false(e->see & VB_ROLE_BIT(0));
    assert_false(vb_entry_visible(e, 0));
    assert_string_equal(e->public_text, "austrian chose a wing marker");
    vbt_dice(t, "5,7");
    expect_log(t, "initiative: franco-spanish 5, austrian 7; franco-spanish reveals LW");
    vb_view(t->g, &view, S(t), 1);
    assert_int_equal(view.choice[0], pc_find_wing(D(t), "LW"));
    vbt_act(t, "go-second");
    /* De Croix activates; the Austrian marker is still secret */
    assert_int_equal(S(t)->wing, pc_find_wing(D(t), "LW"));
    vb_view(t->g, &view, S(t), 0);
    assert_int_equal(view.choice[1], -2);
    assert_int_equal(view.second_wing, -2);
    /* no action of the first activation before its end shows the withheld
     * marker (pass 13: `k == A_ENDCOMBAT` to `!=` revealed it at once) */
    {
        vb_action acts[VB_MAX_ACTIONS];
        vb_vis v;
        int n = t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
        assert_true(n > 0 && S(t)->second_reveal >= 0);
        for (int i = 0; i < n; i++) {
            t->g->def->visibility(t->g, S(t), acts[i], &v);
            if (v.reveals)
                fail_msg("3.0 A: action %d of the first activation reveals the withheld marker", i);
        }
    }
    pass_activation(t);
    /* A.2: Bottas must now activate, and his marker is shown */
    assert_int_equal(S(t)->wing, pc_find_wing(D(t), "CE"));
    expect_log(t, "austrian reveals its marker: CE");
    vb_view(t->g, &view, S(t), 0);
    assert_int_equal(view.choice[1], pc_find_wing(D(t), "CE"));
    /* A.3: the last wing follows */
    pass_activation(t);
    assert_int_equal(S(t)->wing, pc_find_wing(D(t), "RW"));
    vbt_free(t);
}

/* EVIDENCE-OF (Examples of Play, Line Movement; 5.6, 5.7): a formation
 * declares a Line from "Vallera" five hexes to the south; A enters Vallera;
 * B rolls 9 -1 (leader adjacent) = 8 against 7 before a Ditch and stays; C
 * and D roll 5 and 8 (-1) and pass; E rolls 8 without a leader and stays:
 * the Line is broken. Replayed mirrored with the Austrian Novati formation,
 * whose infantry has the same base 7 as the French of the example. */
static void line_movement(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0405");    /* the enemy whose EZ the line enters */
    put(t, "Pallavicini", "0703"); /* A */
    put(t, "Clerici", "0704");     /* B */
    put(t, "Marschall", "0705");   /* C */
    put(t, "Traun", "0706");       /* D */
    put(t, "Vasquez", "0708");     /* E */
    put_leader(t, "Novati", "0705");
    at_segment(t, "RW", PH_MFORM);
    vbt_act(t, "formation Novati");
    /* in the EZ without a declared Line, no move into it (5.3, 5.6) */
    vbt_act(t, "move Clerici");
    assert_false(vbt_legal(t, "to 0604"));
    vbt_act(t, "stop");
    assert_false(vbt_legal(t, "declare-line")); /* after a unit moved: too late */
    S(t)->uflag[U(t, "Clerici")] = 0;
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0603");
    vbt_act(t, "line-toward S");
    expect_log(t, "[5.6] Novati declares a Line from 0603, 5 hexes S");
    vbt_act(t, "move Pallavicini");
    vbt_act(t, "to 0603"); /* clear: no TDR */
    assert_int_equal(vb_to_move(t->g, S(t)), 1);
    vbt_act(t, "stop");
    expect_at(t, "Pallavicini", "0603");
    vbt_act(t, "move Clerici");
    assert_false(vbt_legal(t, "to 0704")); /* off the line inside the EZ */
    vbt_act(t, "to 0604");
    vbt_dice(t, "9");
    expect_log(t, "[5.7] Clerici misalignment TDR: 9-1 vs 7 - fails, stops");
    expect_at(t, "Clerici", "0704");
    vbt_act(t, "move Marschall");
    vbt_act(t, "to 0605");
    vbt_dice(t, "5");
    expect_log(t, "[5.7] Marschall misalignment TDR: 5-1 vs 7 - passes");
    vbt_act(t, "stop");
    vbt_act(t, "move Traun");
    vbt_act(t, "to 0606");
    vbt_dice(t, "8");
    expect_log(t, "[5.7] Traun misalignment TDR: 8-1 vs 7 - passes");
    vbt_act(t, "stop");
    vbt_act(t, "move Vasquez");
    vbt_act(t, "to 0607");
    vbt_dice(t, "8");
    expect_log(t, "[5.7] Vasquez misalignment TDR: 8+0 vs 7 - fails, stops");
    expect_at(t, "Vasquez", "0708");
    /* the Line is broken at B and E */
    expect_at(t, "Marschall", "0605");
    expect_at(t, "Traun", "0606");
    vbt_free(t);
}

/* EVIDENCE-OF (Examples of Play, Cavalry Engagement; 7.1 b): the Austrian
 * cavalry moves freely from A to B; before entering C, in the ZOC of enemy
 * infantry, it rolls 5 +2 = 7 against its base 8 and enters (and stops). */
static void cavalry_engagement(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0505");
    put(t, "Bernes Cuirassiers", "0704"); /* A */
    put_leader(t, "Barnklau", "0703");    /* two hexes from B: in command, no SF */
    start_move(t, "RW", "Barnklau", "Bernes-Cuirassiers");
    vbt_act(t, "to 0705"); /* B: outside any ZOC */
    vbt_act(t, "to 0605"); /* C: in the infantry's ZOC */
    vbt_dice(t, "5");
    expect_log(t, "[7.1 b] Bernes Cuirassiers TDR to enter the infantry ZOC: 5+2 vs 8 - enters");
    expect_at(t, "Bernes Cuirassiers", "0605");
    expect_log(t, "[7.1 a] Bernes Cuirassiers stops in an enemy ZOC");
    /* stopped: no further step; in command at the start of its move (4.4.1)
     * it may still declare a melee with its MP (9.2.1), or stop */
    assert_false(vbt_legal(t, "to 0705"));
    assert_true(vbt_legal(t, "melee 0505"));
    vbt_act(t, "stop");
    assert_int_equal(S(t)->phase, PH_MOVE);
    /* "if the units behind do not move, the unit in X cannot move": a
     * Spanish unit in the Austrian EZ without a declared Line stays */
    vbt_free(t);
}

/* EVIDENCE-OF (Examples of Play, Fire; 9.1, 9.1.3, 9.1.4, 8.5.4 with the
 * errata): Douchez's A and B fire at X, C at Y, D at Z; X answers B (it must
 * choose between A and B), Y answers C, Z answers D. A, B: 3 SP + 1 = 4,
 * Intense shifted to Extended (X has more than 2 SP), -2 Cover 1. C: 2 + 1 =
 * 3, Extended shifted to Normal, -2. D: 2 SP, -3 Cover 2 and -2 not side by
 * side: -4, the floor. X: 3 + 1 = 4, Intense to Extended against B (3 SP).
 * Errata: Y against C (2 SP) and Z against D (2 SP) are not shifted, nor D
 * against Z (2 SP): the example was written with the aid's "2 or more",
 * which the errata corrects to "3 or more". Second volley: A, B, C and X
 * roll their TDRs; B and X fail into Feu de Billebaude. */
static void fire_example(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Corona", "0705");   /* A */
    put(t, "Navarra", "0706");  /* B */
    put(t, "Aragon", "0707");   /* C */
    put(t, "Victoria", "0709"); /* D */
    put_leader(t, "Douchez", "0706");
    put(t, "Pallavicini", "0805"); /* X, entrenchment */
    put(t, "Clerici", "0806");     /* Y, entrenchment */
    put(t, "Marschall", "0807");   /* Y's neighbour of its formation (9.1.3) */
    put(t, "Haganbach", "0809");   /* Z, redoubt, on its reduced side: 2 SP */
    S(t)->ustep[U(t, "Haganbach")] = 1;
    put_leader(t, "Novati", "0906");
    put_leader(t, "Kheul", "0909");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Douchez");
    vbt_act(t, "fire Corona Pallavicini");
    vbt_act(t, "fire Navarra Pallavicini");
    vbt_act(t, "fire Aragon Clerici");
    vbt_act(t, "fire Victoria Haganbach");
    vbt_act(t, "open-fire");
    assert_int_equal(vb_to_move(t->g, S(t)), 1);
    assert_true(vbt_legal(t, "reply Pallavicini Corona"));
    assert_false(vbt_legal(t, "reply Pallavicini Aragon")); /* did not fire at X */
    vbt_act(t, "reply Pallavicini Navarra");
    vbt_act(t, "reply Clerici Aragon");
    vbt_act(t, "reply Haganbach Victoria");
    vbt_dice(t, "4,4,6,6,2,1,3");
    expect_log(t, "[9.1] Corona (4 SP, Extended column) fires at Pallavicini: 4-2 = 2: NE");
    expect_log(t, "[9.1] Navarra (4 SP, Extended column) fires at Pallavicini: 4-2 = 2: NE");
    expect_log(t, "[9.1] Aragon (3 SP, Normal column) fires at Clerici: 6-2 = 4: NE");
    expect_log(t, "[9.1] Victoria (2 SP, Extended column) fires at Haganbach: 6-4 = 2: NE");
    expect_log(t, "[9.1] Pallavicini (4 SP, Extended column) fires at Navarra: 2+0 = 2: NE");
    expect_log(t, "[9.1] Clerici (4 SP, Intense column) fires at Aragon: 1+0 = 1: NE");
    expect_log(t, "[9.1] Haganbach (4 SP, Intense column) fires at Victoria: 3-2 = 1: NE");
    /* second volley: A, B and C; the Austrian with X only */
    assert_int_equal(vb_to_move(t->g, S(t)), 0);
    vbt_act(t, "again Corona");
    vbt_act(t, "again Navarra");
    vbt_act(t, "again Aragon");
    vbt_act(t, "done");
    vbt_act(t, "again Pallavicini");
    vbt_act(t, "done");
    /* the TDRs before any second volley: Spain 6, Douchez -1; Austria 7,
     * Novati -1, +1 in the ZOC of A, +1 next to B's smoke */
    vbt_dice(t, "6,9,2,7");
    expect_log(t, "[9.1.2] Corona second-volley TDR: 6-1 vs 6 - fires again");
    expect_log(t, "[9.1.2] Navarra second-volley TDR: 9-1 vs 6 - fails");
    expect_log(t, "[9.1.2] Navarra falls into Feu de Billebaude");
    expect_log(t, "[9.1.2] Pallavicini second-volley TDR: 7+1 vs 7 - fails");
    assert_true(S(t)->uflag[U(t, "Navarra")] & UF_FDB);
    assert_true(S(t)->uflag[U(t, "Pallavicini")] & UF_FDB);
    /* a file saved now holds X's failed TDR (a reply's `reply_second` 3)
     * and reads back the same (pc_io.c :793, the thirty-fifth session's
     * survivor: a bound of 2 refused it) */
    reads_back_the_same(t, "9.1.2: Pallavicini's reply failed its second-volley TDR");
    /* A and C fire again, now under B's smoke (-2 at most, 8.2.1) */
    vbt_dice(t, "9,9");
    expect_log(t, "[9.1] Corona (4 SP, Extended column) fires at Pallavicini: 9-4 = 5: D1");
    expect_log(t, "[9.1] Aragon (3 SP, Normal column) fires at Clerici: 9-4 = 5: D");
    /* and nobody else: X failed its TDR, Y and Z did not announce one */
    assert_int_not_equal(S(t)->roll, RL_FIRE);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wing_selection),
        cmocka_unit_test(line_movement),
        cmocka_unit_test(cavalry_engagement),
        cmocka_unit_test(fire_example),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
