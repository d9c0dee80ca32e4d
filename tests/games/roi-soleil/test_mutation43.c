/* test_mutation43.c - what the forty-third session's mutation pass (seed
 * 43, helper rsu, docs/roi-soleil.md) found untested in rs_svg.c (the SVG
 * map), rs_board.c (the terminal board and `zone NAME`), rs_explain.c and
 * the rules files: each test fails with its surviving mutant planted
 * (messages "M43:", lines of bae9f47d) and passes without. The helpers are
 * in rs_test.h. */
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

/* Map: a zone's line of defence (11: "place a marker ... Line of defence
 * marker", its value 1 or 2) is written "L" and its value at the disc's
 * lower left, under the FV box's column (x - 20) and 18 px below the
 * centre, in 9 px type (Picardie given a line of 2). (rs_svg.c:125 the
 * label's `zd->x - 20` as `- 19`.) */
static void test_svg_line_of_defence_label(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    S(t)->z[Z(t, "Picardie")].line = 2;
    char *svg = vbt_svg_text(t, -1), grp[4096], want[96];
    int cx, cy;
    zone_group(svg, "Picardie", grp, sizeof grp, &cx, &cy);
    snprintf(want, sizeof want, "<text x=\"%d\" y=\"%d\" font-size=\"9\">L2</text>", cx - 20,
             cy + 18);
    if (!strstr(grp, want))
        fail_msg("M43: Picardie's line of defence not written '%s':\n%s", want, grp);
    zone_group(svg, "Artois", grp, sizeof grp, &cx, &cy);
    if (strstr(grp, ">L"))
        fail_msg("M43: a line of defence written in Artois, which has none:\n%s", grp);
    free(svg);
    vbt_free(t);
}

/* Map: every zone of the map is drawn, once, with its disc: the playable
 * ones ringed 3 px wide, the others (13.1.2 "the zone is not playable in
 * this scenario") 1 px and faded; France Ouest, the data's first zone
 * (zone 0), among them. (rs_svg.c:57 the zones' loop `z = 0` as `z = 1`:
 * France Ouest not drawn; :75 the playable ring `pl ? 3` as `pl ? 2`.) */
static void test_svg_every_zone_drawn_ringed_by_playability(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    const rs_data *d = t->g->data;
    const rs_scen *sc = RS_SCEN(t->g, S(t));
    char *svg = vbt_svg_text(t, -1), grp[4096];
    int np = 0, nu = 0;
    assert_int_equal(Z(t, "France Ouest"), 0);
    int n = 0;
    for (const char *a = strstr(svg, "<g class=\"zone "); a; a = strstr(a + 1, "<g class=\"zone "))
        n++;
    if (n != d->nz)
        fail_msg("M43: %d zones drawn, the map has %d", n, d->nz);
    for (int z = 0; z < d->nz; z++) {
        int cx, cy;
        zone_group(svg, d->z[z].tok, grp, sizeof grp, &cx, &cy);
        if (cx != d->z[z].x || cy != d->z[z].y)
            fail_msg("M43: %s's disc at (%d,%d), its place (%d,%d)", d->z[z].name, cx, cy,
                     d->z[z].x, d->z[z].y);
        const char *want = sc->playable[z] ? "fill-opacity=\"1\"" : "fill-opacity=\"0.35\"";
        const char *ring = sc->playable[z] ? "stroke-width=\"3\"/>" : "stroke-width=\"1\"/>";
        const char *c = strstr(grp, "<circle ");
        if (!c || !strstr(c, want) || !strstr(c, ring) ||
            strstr(c, ring) > strchr(c, '\n') /* the disc's own line */)
            fail_msg("M43: %s (%s) not drawn %s, %s:\n%s", d->z[z].name,
                     sc->playable[z] ? "playable" : "not playable", want, ring, grp);
        np += sc->playable[z] != 0;
        nu += sc->playable[z] == 0;
    }
    /* both kinds seen in the Devolution: Treves is not played there */
    assert_true(np > 0 && nu > 0);
    assert_false(sc->playable[Z(t, "Treves")]);
    free(svg);
    vbt_free(t);
}

/* `zone NAME` (vauban play): each camp's army in the zone with its
 * composition (the open game), and the zones and boxes next to it, the
 * list wrapped at 80 columns with its second line indented 4 (the
 * Devolution's Picardie: France's royal army of 20 SP; six neighbours).
 * (rs_board.c:205 the armies' loop `c < 2` as `c > 2`: no army listed;
 * :240 the neighbours' indent `4` as `5`.) */
static void test_zone_army_and_wrapped_neighbours(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    char *a = vbt_area_text(t, -1, "Picardie");
    if (!strstr(a, "\n  france army: 20(i13 c5 a2 *2)\n"))
        fail_msg("M43: Picardie's French army not listed:\n%s", a);
    if (strstr(a, "coalition army"))
        fail_msg("M43: a Coalition army listed in Picardie:\n%s", a);
    if (!strstr(a, "\n  next to it: France Ouest, Artois, Champagne et Brie, Flandre et Hainaut,\n"
                   "    Brabant, North Sea\n"))
        fail_msg("M43: Picardie's neighbours:\n%s", a);
    free(a);
    a = vbt_area_text(t, -1, "Brabant");
    if (!strstr(a, "\n  coalition army: 6(i4 c2 a0 *0)\n") || strstr(a, "france army"))
        fail_msg("M43: Brabant's armies:\n%s", a);
    free(a);
    vbt_free(t);
}

/* An illegal text is refused naming the rule that forbids it. 9: "Roll a
 * D6 and cross the result with the number of RP available ... choose at
 * most the number of markers indicated among the nine Cabinet strategy
 * markers of your camp" (one Scorched earth marker): a second Scorched
 * earth marker taken in the choice is refused as none of that kind left,
 * a marker taken in a campaign as outside the cabinet strategy.
 * (rs_explain.c:150 `take`'s `phase != P_CAB_PICK` as `==`: the two
 * reasons swapped.) */
static void test_9_take_explained_by_phase(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "6");
    vbt_act(t, "take scorched-earth");
    assert_int_equal(S(t)->phase, P_CAB_PICK);
    if (vbt_try(t, "take scorched-earth") != VB_EILLEGAL ||
        !strstr(t->cx.err, "the D6 allows no more markers, or none of that kind is left (rule 9)"))
        fail_msg("M43: a second Scorched earth marker in the choice: %s", t->cx.err);
    vbt_free(t);
    t = campaign();
    if (vbt_try(t, "take battle") != VB_EILLEGAL ||
        !strstr(t->cx.err, "markers are chosen in the cabinet strategy (rule 9)"))
        fail_msg("M43: a marker taken in a campaign: %s", t->cx.err);
    vbt_free(t);
}

/* An action naming no zone where a zone is needed is refused as naming an
 * unknown zone, not read as the map's first zone (France Ouest, zone 0):
 * "attack", "siege", "scorch" and "to" alone in a campaign. (rs_explain.c:114
 * the zone of a one-word text `-1` as `-0`: "attack" read as "attack France
 * Ouest", "you have no army there".) */
static void test_action_without_its_zone_explained(void **state)
{
    (void)state;
    vbt *t = campaign();
    static const char *const words[] = {"attack", "siege", "scorch", "to"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (vbt_try(t, words[i]) != VB_EILLEGAL || !strstr(t->cx.err, ": unknown zone"))
            fail_msg("M43: '%s' alone explained as: %s", words[i], t->cx.err);
    vbt_free(t);
}

/* 24.5.3 1712-6: "The combats (battle, siege, skirmish) between the
 * French and English are prohibited in 1712. If combats engage allied
 * units among which French or English units are present, their SP do not
 * count". An attack refused for the cease-fire is explained by it, not by
 * the Battle marker (17.1) that France lacks: Brabant in 1712, France's 24
 * SP (19 French, 5 Spanish) against 12 English infantry with Marlborough,
 * France's Battle markers used. With 3 Dutch infantry added the attack is
 * a skirmish of 5 SP against 3, offered. (Found beside rs_explain.c:45's
 * survivor, `rs_army(c) >= 10` as `>= 9`: the explanation read every SP,
 * as the legal actions do not.) */
static void test_1712_6_ceasefire_attack_explained(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    to_impulse(t, 1712, "6");
    put_sp(t, "Brabant", RS_C, "Great Britain", T_INF, 12);
    s->gz[G(t, "Marlborough")] = (int8_t)Z(t, "Brabant");
    for (int i = 0; i < s->c[RS_F].npick; i++)
        if (s->c[RS_F].pick[i] == CAT_BATTLE)
            s->c[RS_F].pstate[i] = PK_USED;
    assert_true(rs_held(s, RS_F, CAT_BATTLE) < 0);
    assert_true(rs_army(s, Z(t, "Brabant"), RS_F) >= 10);
    if (vbt_try(t, "attack Brabant") != VB_EILLEGAL ||
        !strstr(t->cx.err, "the cease-fire prohibits combats between the French and the English "
                           "(rule 24.5.3)"))
        fail_msg("M43: France's attack on the English in 1712: %s", t->cx.err);
    put_sp(t, "Brabant", RS_C, "United Provinces", T_INF, 3);
    assert_true(vbt_legal(t, "attack Brabant"));
    vbt_free(t);
}

/* 18.1.3: "A siege ends when: The besieger decides to stop. The FV level
 * is 0. The fortress comes under the control of the besieger after a Sh
 * result ... The determined number of siege rounds has been reached" (or,
 * as the engine reads it, when the besieger has no SP left). A besieger of
 * a single SP goes on: France M with 1 French infantry besieges Flandre et
 * Hainaut (FV 4), six rounds rolled; after a first round with no result the
 * besieger is asked to go on. (rs_combat.c:555 the besieger's SP
 * `rs_sp(at) == 0` as `== 1`: the siege of a single SP ended after its
 * first round.) */
static void test_18_1_3_single_sp_besieger_goes_on(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int ar = Z(t, "Artois"), fl = Z(t, "Flandre et Hainaut");
    for (int k = 0; k < RS_NT; k++) { /* France M's army cut to 1 infantry */
        int keep = k == KIND(ST(t, "France"), T_INF) ? 1 : 0;
        s->c[RS_F].reserve[k] = (uint8_t)(s->c[RS_F].reserve[k] + s->z[ar].army[RS_F][k] - keep);
        s->z[ar].army[RS_F][k] = (uint8_t)keep;
    }
    vbt_act(t, "move France-M");
    march_to(t, "1", "to Flandre-et-Hainaut", NULL);
    assert_int_equal(rs_army(s, fl, RS_F), 1);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "6"); /* six rounds */
    if (vbt_legal(t, "no-effort"))
        vbt_act(t, "no-effort");
    vbt_clear_log(t);
    vbt_dice(t, "1");
    if (s->phase != P_SG_CONT || s->sg.zone != fl || s->z[fl].fv != 4 || rs_army(s, fl, RS_F) != 1)
        fail_msg("M43: the single SP's siege after its first round: phase %d, FV %d, %d SP: %s",
                 s->phase, s->z[fl].fv, rs_army(s, fl, RS_F), t->log);
    vbt_free(t);
}

/* 13.1.1: the RP of a march "are doubled if the movement takes place via a
 * transit box": a step by sea is offered only to a camp that can pay the
 * doubled cost. Spain A's 6 SP (1 RP a march, 2 by sea) in the
 * Coalition's first campaign: with 1 RP left, "via North-Sea Frise" (the
 * North Sea, the data's first box, box 0) is refused and the step by land
 * offered; with 2 RP both are. (rs_move.c:96 the offer's `via >= 0` as
 * `via > 0`: the North Sea's step offered for the cost by land.) */
static void test_13_1_1_sea_step_needs_the_doubled_rp(void **state)
{
    (void)state;
    for (int rp = 1; rp <= 2; rp++) {
        vbt *t = campaign();
        vbt_act(t, "end-campaign");
        vbt_dice(t, "6"); /* the Coalition's campaign */
        assert_int_equal(S(t)->active, RS_C);
        assert_true(vb_name_eq(RS_D(t->g)->b[0].name, "North Sea"));
        S(t)->c[RS_C].rp = (int16_t)rp;
        vbt_act(t, "move Spain-A");
        vbt_act(t, "march");
        assert_true(vbt_legal(t, "to Flandre-et-Hainaut"));
        if (vbt_legal(t, "via North-Sea Frise") != (rp == 2))
            fail_msg("M43: Spain A's 6 SP by the North Sea with %d RP: %s", rp,
                     rp == 2 ? "refused" : "offered");
        vbt_free(t);
    }
}

/* 14: "Cross the modified result with the column corresponding to the
 * army's SP number" (tables.json, reconstructed: 10-SP columns, the last
 * for 51 SP or more). Turenne's army raised to 50 and to 51 SP marches
 * into Champagne et Brie, D6 3 - 1 (his SC) = 2: 41-50 SP lose none, 51 SP
 * or more lose 1. (rs_move.c:238 the columns' walk `col < 5` as `col <
 * 4`: an army of 51 SP read in the 41-50 column.) */
static void test_14_attrition_last_column(void **state)
{
    (void)state;
    for (int sp = 50; sp <= 51; sp++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int pic = Z(t, "Picardie"), fi = KIND(ST(t, "France"), T_INF);
        s->z[pic].army[RS_F][fi] = (uint8_t)(s->z[pic].army[RS_F][fi] + sp - 20);
        assert_int_equal(rs_army(s, pic, RS_F), sp);
        s->c[RS_F].rp = 60;
        vbt_act(t, "move Turenne");
        march_to(t, "3", "to Champagne-et-Brie", NULL);
        char want[64];
        snprintf(want, sizeof want, "(%d SP): D6 3-1 = 2 - %d SP lost", sp, sp == 51);
        if (!vbt_logged(t, want))
            fail_msg("M43: %d SP's attrition, expected '%s': %s", sp, want, t->log);
        vbt_free(t);
    }
}

/* 13.3: the inactive camp's interception is a test; "vauban play" (its
 * next mover, its advice) reads a decision applied with 0 (the module's
 * "done", as M40's march and M41's scorched earth). Spain A in Brabant
 * intercepts France M's march into Picardie: the test's die applied, failed
 * (1) or passed (6), returns 0, and a failed test lets the march go on.
 * (rs_move.c:470 the failed test's `return 0` as `return 1`.) */
static void test_13_3_interception_test_applies_with_zero(void **state)
{
    (void)state;
    static const char *const dice[] = {"1", "6"};
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        vbt_act(t, "move France-M");
        vbt_act(t, "march");
        vbt_act(t, "to Picardie");
        vbt_act(t, "intercept-from Brabant");
        assert_int_equal(S(t)->phase, P_ICPT_TEST);
        int rc = apply_rc(t, dice[k]);
        if (rc != 0)
            fail_msg("M43: the interception test's D6 %s applied with %d, not 0", dice[k], rc);
        if (k == 0 && (S(t)->phase != P_MV_STEP || S(t)->who != RS_F))
            fail_msg("M43: after a failed interception the march stops: phase %d", S(t)->phase);
        vbt_free(t);
    }
}

/* 6, the closed game: "the other camp's armies ... show their strength,
 * not their composition"; a view is determinised for the search by
 * drawing the hidden compositions, and the army under attrition (14) is
 * then drawn out of its zone's drawn army, so that the SP it loses are
 * among those there. France N's 2 SP march into France Ouest, the map's
 * first zone (zone 0), and halt for their attrition; in the Coalition's
 * view determinised with 60 seeds every kind under attrition is within
 * France Ouest's French army, and the 2 SP are kept. (rs_view.c:433 the
 * attrition's zone `attr_zone >= 0` as `>= 1`: in France Ouest the army
 * under attrition kept its hidden form, infantry that the drawn army may
 * not hold.) */
static void test_6_closed_attrition_in_the_first_zone_determinised(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->h.opts[0] = 1;
    int fo = Z(t, "France Ouest");
    assert_int_equal(fo, 0);
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to France-Ouest");
    vbt_act(t, "halt");
    assert_int_equal(S(t)->phase, P_ATTR);
    assert_int_equal(S(t)->attr_zone, fo);
    for (uint64_t seed = 1; seed <= 60; seed++) {
        rs_state v;
        vb_view(t->g, &v, S(t), RS_C);
        vb_rng r;
        vb_rng_seed(&r, seed);
        t->g->def->determinize(t->g, &v, RS_C, &r);
        if (rs_sp(v.attr_army) != 2)
            fail_msg("M43: seed %d: %d SP under attrition, not 2", (int)seed, rs_sp(v.attr_army));
        for (int k = 0; k < RS_NT; k++)
            if (v.attr_army[k] > v.z[fo].army[RS_F][k])
                fail_msg("M43: seed %d: %d SP of kind %d under attrition, %d in France Ouest",
                         (int)seed, v.attr_army[k], k, v.z[fo].army[RS_F][k]);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg_line_of_defence_label),
        cmocka_unit_test(test_svg_every_zone_drawn_ringed_by_playability),
        cmocka_unit_test(test_zone_army_and_wrapped_neighbours),
        cmocka_unit_test(test_9_take_explained_by_phase),
        cmocka_unit_test(test_action_without_its_zone_explained),
        cmocka_unit_test(test_1712_6_ceasefire_attack_explained),
        cmocka_unit_test(test_18_1_3_single_sp_besieger_goes_on),
        cmocka_unit_test(test_13_1_1_sea_step_needs_the_doubled_rp),
        cmocka_unit_test(test_14_attrition_last_column),
        cmocka_unit_test(test_13_3_interception_test_applies_with_zero),
        cmocka_unit_test(test_6_closed_attrition_in_the_first_zone_determinised),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
