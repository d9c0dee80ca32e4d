/* test_year_end.c - the rules after the campaigns, in document order:
 * winter quarters (21), alliances (22), glory and cursors (23), the
 * reunions of 1684 (24.2); the costs at the limit (8.2) and the
 * explanations of an illegal action (the strategic surprise, 20, is
 * test_surprise.c's). Positions are the Devolution set-up, edited where a
 * case needs it, with scripted dice (the helpers are in rs_test.h). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "odds.h"
#include "vbtest.h"
#include "rs_test.h"

/* EVIDENCE-OF (6): "One side's impulses stop when its Resource Points have
 * been exhausted or when the player decides to stop": a camp at 0 RP leads
 * no campaign (its turn is a pass: the cursor and its count move on, and a
 * second pass ends the season); at 1 RP it is offered its campaign */
static void test_6_no_rp_no_impulse(void **state)
{
    (void)state;
    vbt *t = campaign(); /* France's campaign */
    rs_state *s = S(t);
    s->c[RS_C].rp = 0;
    s->cursor = 1;
    s->did = 1;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* 6 > 2: the Coalition's turn */
    assert_true(vbt_logged(t, "coalition has no RP left: its impulses stop"));
    assert_int_equal(s->c[RS_C].campaigns, 1);
    assert_int_equal(s->cursor, 3);
    assert_int_equal(s->passes, 1);
    assert_int_equal(s->phase, P_PURSUIT);
    vbt_dice(t, "6"); /* 6 > 3: France again */
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->active, RS_F);
    vbt_act(t, "end-campaign"); /* France passes too: the season ends */
    assert_true(vbt_logged(t, "Both camps refused a campaign"));
    vbt_free(t);

    /* with 1 RP the Coalition leads its campaign */
    t = campaign();
    s = S(t);
    s->c[RS_C].rp = 1;
    s->cursor = 1;
    s->did = 1;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->active, RS_C);
    assert_int_equal(s->c[RS_C].campaigns, 0);
    vbt_free(t);
}

/* EVIDENCE-OF (19, 6.2): "The maximum number of campaigns per turn is
 * three per camp, or six campaigns": a camp with three leads no more (the
 * other leads on while the pursuit allows); both at three end the season
 * whatever the roll (1673-4's -1 or any + modifier); D6 equal to the
 * cursor ends it too */
static void test_19_three_campaigns(void **state)
{
    (void)state;
    vbt *t = campaign(); /* France's campaign */
    rs_state *s = S(t);
    s->c[RS_F].campaigns = 2;
    s->c[RS_C].campaigns = 2;
    s->cursor = 4;
    s->did = 1;
    vbt_act(t, "end-campaign");
    assert_int_equal(s->c[RS_F].campaigns, 3);
    vbt_dice(t, "6"); /* 6 > 5 */
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->active, RS_C);
    s->did = 1;
    vbt_act(t, "end-campaign");
    assert_int_equal(s->cursor, 6);
    vbt_dice(t, "6"); /* 6 <= 6 */
    assert_true(vbt_logged(t, "6 <= 6, the campaign season is over"));
    assert_int_equal(s->phase, P_SURP_CHOOSE);
    vbt_free(t);

    /* the Coalition at three: France leads again after its own */
    t = campaign();
    s = S(t);
    s->c[RS_F].campaigns = 1;
    s->c[RS_C].campaigns = 3;
    s->cursor = 4;
    s->did = 1;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* 6 > 5 */
    assert_true(vbt_logged(t, "france leads the next campaign"));
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->active, RS_F);
    vbt_free(t);

    /* both at three: over though the roll is above the cursor */
    t = campaign();
    s = S(t);
    s->c[RS_F].campaigns = 2;
    s->c[RS_C].campaigns = 3;
    s->cursor = 5;
    s->pursuit_mod = 1;
    s->did = 1;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* 6 + 1 > 6 */
    assert_true(vbt_logged(t, "Three campaigns each: the campaign season is over"));
    assert_int_equal(s->phase, P_SURP_CHOOSE);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 23): a neutralised ally counts for the camp it was
 * allied with, whatever its space: Great Britain, a Coalition ally at D6
 * next to Neutral in 1683, neutralised gives France +1 */
static void test_23_allies_next_to_neutral(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "reunions", 1);
    rs_state *s = S(t);
    int gb = ST(t, "Great Britain"), allies, obj, col[4];
    assert_int_equal(RS_SCEN(t->g, s)->alpos[gb], 1);
    s->alpos[gb] = 0;
    s->neutralised[gb] = 1;
    rs_diplomacy(t->g, s, 10, 0, &allies, &obj, col);
    assert_int_equal(allies, 1);
    s->neutralised[ST(t, "United Provinces")] = 1;
    rs_diplomacy(t->g, s, 10, 0, &allies, &obj, col);
    assert_int_equal(allies, 2);
    assert_int_equal(col[0], 1);
    vbt_free(t);
}

/* ---- 21 winter quarters, 22.4, 23 ---- */
static void test_21_quarters(void **state)
{
    (void)state;
    vbt *t = campaign();
    france_n_in_luxembourg(t);
    /* "Beginning with the player who has the initiative": a Coalition SP
     * without a general in France Ouest (its attrition would come first) */
    int k = KIND(ST(t, "Spain"), T_INF);
    assert_true(S(t)->c[RS_C].reserve[k] > 0);
    S(t)->c[RS_C].reserve[k]--;
    S(t)->z[Z(t, "France Ouest")].army[RS_C][k] = 1;
    to_quarters(t);
    assert_int_equal(S(t)->init, RS_F);
    /* EVIDENCE-OF (21): an army in a zone its camp does not control winters
     * in an adjacent controlled zone */
    assert_int_equal(S(t)->phase, P_QUARTERS);
    assert_int_equal(S(t)->who, RS_F);
    assert_true(vbt_legal(t, "quarters Champagne-et-Brie"));
    assert_false(vbt_legal(t, "quarters Brabant"));
    assert_false(vbt_legal(t, "quarters Picardie"));     /* controlled, not adjacent */
    assert_false(vbt_legal(t, "quarters France-Ouest")); /* the first zone, not adjacent */
    int rp = S(t)->c[RS_F].rp;
    vbt_act(t, "quarters Champagne-et-Brie");
    assert_int_equal(rs_army(S(t), Z(t, "Champagne et Brie"), RS_F), 2);
    /* "without spending RP and without determining attrition" */
    assert_int_equal(S(t)->c[RS_F].rp, rp);
    /* the next roll is the Coalition's SP in France Ouest */
    assert_int_equal(S(t)->attr_camp, RS_C);
    assert_int_equal(S(t)->attr_zone, Z(t, "France Ouest"));
    assert_false(vbt_logged(t, "Attrition of the france army in Champagne"));
    assert_int_equal(S(t)->gz[G(t, "France N")], Z(t, "Champagne et Brie")); /* with his army */
    vbt_free(t);
    /* an army without a general cannot move (13.1): attrition at +3 */
    t = campaign();
    france_n_in_luxembourg(t);
    S(t)->gz[G(t, "France N")] = GZ_RESERVE;
    to_quarters(t);
    assert_true(vbt_logged(t, "cannot reach a controlled zone"));
    vbt_dice(t, "6"); /* 6 + 3 = 9: 2 SP lost at 1-10 */
    assert_true(vbt_logged(t, "D6 6+3 = 9 - 2 SP lost"));
    vbt_free(t);
    /* led by Louis XIV alone (the first general of the data), it moves */
    t = campaign();
    france_n_in_luxembourg(t);
    S(t)->gz[G(t, "France N")] = GZ_RESERVE;
    assert_int_equal(G(t, "Louis XIV"), 0);
    S(t)->gz[G(t, "Louis XIV")] = (int8_t)Z(t, "Luxembourg");
    to_quarters(t);
    assert_int_equal(S(t)->phase, P_QUARTERS);
    vbt_act(t, "quarters Champagne-et-Brie");
    assert_int_equal(S(t)->gz[G(t, "Louis XIV")], Z(t, "Champagne et Brie"));
    vbt_free(t);
}

/* EVIDENCE-OF (21): "move each army located in a zone not controlled by
 * its side": after one army's attrition the next zone's army winters too
 * (France's SP without a general in Brabant and in Luxembourg, the map's
 * zones 12 and 13: each rolls its attrition at +3, in the map's order) */
static void test_21_quarters_each_army(void **state)
{
    (void)state;
    vbt *t = campaign();
    france_n_in_luxembourg(t);
    rs_state *s = S(t);
    s->gz[G(t, "France N")] = GZ_RESERVE;
    int bra = Z(t, "Brabant"), lux = Z(t, "Luxembourg");
    assert_int_equal(lux, bra + 1);
    assert_true(s->c[RS_F].reserve[T_INF] > 0);
    s->c[RS_F].reserve[T_INF]--;
    s->z[bra].army[RS_F][T_INF]++;
    check_ok(t);
    to_quarters(t);
    assert_true(vbt_logged(t, "france army in Brabant cannot reach a controlled zone"));
    assert_false(vbt_logged(t, "france army in Luxembourg cannot reach"));
    vbt_dice(t, "1"); /* 1 + 3 = 4 */
    assert_true(vbt_logged(t, "Attrition of the france army in Brabant (1 SP): D6 1+3 = 4"));
    lose_inf(t);
    assert_true(vbt_logged(t, "france army in Luxembourg cannot reach a controlled zone"));
    vbt_dice(t, "1");
    assert_true(vbt_logged(t, "Attrition of the france army in Luxembourg"));
    vbt_free(t);
}

/* 21 with 14.1 ("Roll a D6 and add any modifiers (all cumulative)"): an
 * army with a general that finds no controlled zone to winter in rolls at
 * +3 "Winter quarters in a non-controlled zone" and -1 "Strategic Capacity
 * of the general != 0" (France N, SC 1, in Luxembourg; Champagne et Brie
 * made the Coalition's) */
static void test_21_quarters_general_sc(void **state)
{
    (void)state;
    vbt *t = campaign();
    france_n_in_luxembourg(t);
    S(t)->z[Z(t, "Champagne et Brie")].mk = RS_C;
    to_quarters(t);
    assert_true(vbt_logged(t, "cannot reach a controlled zone"));
    vbt_dice(t, "6"); /* 6 + 3 - 1 = 8: 1 SP lost at 1-10 (9 would lose 2) */
    assert_true(vbt_logged(t, "D6 6+2 = 8 - 1 SP lost"));
    vbt_act(t, "lose France-inf");
    /* one roll a winter: the quarters go on past Luxembourg, the loss chosen
     * by its owner */
    assert_int_equal(rs_army(S(t), Z(t, "Luxembourg"), RS_F), 1);
    assert_int_not_equal(S(t)->phase, P_ATTR);
    assert_int_not_equal(S(t)->phase, P_LOSS);
    /* and past the quarters (rs_loss.c's winter attrition done): nothing to
     * sway, so the winter ends and the next year's event is rolled */
    assert_int_equal(S(t)->phase, P_EVENT_ROLL);
    vbt_free(t);
}

/* 20, 21 in France Ouest, the map's first zone: a French general there with
 * infantry may lead the surprise; a Coalition army there (France Ouest is
 * always French, 22.3) finds no zone of its camp to winter in */
static void test_21_france_ouest_first_zone(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int fo = army_to(t, "France Ouest");
    assert_int_equal(fo, 0);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1"); /* the season ends */
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_true(vbt_legal(t, "surprise France-M"));
    vbt_free(t);
    /* the Coalition winters second (France's initiative) and first */
    for (int init = 0; init < 2; init++) {
        t = campaign();
        s = S(t);
        s->init = (uint8_t)(init ? RS_C : RS_F);
        put(t, "France Ouest", RS_C, T_INF, 2);
        s->gz[G(t, "Spain B")] = (int8_t)fo;
        to_quarters(t);
        assert_true(vbt_logged(t, "coalition army in France Ouest cannot reach a controlled zone"));
        vbt_free(t);
    }
    /* and after the second camp's strategic surprise (France's, the
     * Coalition holding the initiative): the quarters begin at zone 0 */
    t = campaign();
    s = S(t);
    s->init = RS_C;
    put(t, "France Ouest", RS_C, T_INF, 2);
    s->gz[G(t, "Spain B")] = (int8_t)fo;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "no-surprise");
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->active, RS_F);
    vbt_act(t, "end-campaign");
    assert_true(vbt_logged(t, "coalition army in France Ouest cannot reach a controlled zone"));
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "It is possible to move the alliance cursor of a minor
 * state only ... by spending 5 RP. The camp with the initiative decides
 * first ... This minor ally can no longer be moved during this turn." */
static void test_22_1_minor_ally(void **state)
{
    (void)state;
    vbt *t = campaign();
    int lor = ST(t, "Lorraine");
    S(t)->alpos[lor] = 2; /* a Coalition minor ally in Doubt 3 */
    S(t)->scamp[lor] = RS_C;
    to_quarters(t);
    assert_int_equal(S(t)->phase, P_DIPLO);
    assert_int_equal(S(t)->who, RS_F);
    assert_true(S(t)->c[RS_F].rp >= 5);
    vbt_act(t, "sway Lorraine");
    assert_true(vbt_logged(t, "france spends 5 RP on Lorraine"));
    assert_int_equal(S(t)->alpos[lor], 1); /* one space toward Neutral */
    /* the Coalition may not move it back this turn: no choice is left */
    assert_true(S(t)->phase != P_DIPLO);
    vbt_free(t);
}

static void test_22_1_minor_ally_cost(void **state)
{
    (void)state;
    vbt *t = campaign();
    int lor = ST(t, "Lorraine");
    S(t)->alpos[lor] = 2;
    S(t)->scamp[lor] = RS_C;
    S(t)->c[RS_F].rp = 4; /* less than 5 RP: France has no choice */
    to_quarters(t);
    assert_int_equal(S(t)->phase, P_DIPLO);
    assert_int_equal(S(t)->who, RS_C);
    vbt_act(t, "sway Lorraine"); /* its own ally: toward Unbreakable */
    assert_int_equal(S(t)->alpos[lor], 3);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "by spending 5 RP": the RP left after each camp's
 * diplomatic action (two Coalition minor allies, each moved once) */
static void test_22_1_minor_ally_rp(void **state)
{
    (void)state;
    vbt *t = campaign();
    int lor = ST(t, "Lorraine"), sav = ST(t, "Savoy");
    S(t)->alpos[lor] = S(t)->alpos[sav] = 2;
    S(t)->scamp[lor] = S(t)->scamp[sav] = RS_C;
    to_quarters(t);
    assert_int_equal(S(t)->phase, P_DIPLO);
    int f = S(t)->c[RS_F].rp, c = S(t)->c[RS_C].rp;
    assert_true(f >= 5 && c >= 5);
    vbt_act(t, "sway Lorraine");
    assert_int_equal(S(t)->c[RS_F].rp, f - 5);
    /* the Coalition's turn: Savoy may be moved, Lorraine no more */
    assert_int_equal(S(t)->phase, P_DIPLO);
    assert_int_equal(S(t)->who, RS_C);
    assert_false(vbt_legal(t, "sway Lorraine"));
    assert_int_equal(S(t)->c[RS_C].rp, c);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "The camp with the initiative for this turn decides
 * first ..., then the other player goes": the Coalition holding the
 * initiative sways first, and pays its own 5 RP (France's untouched); a
 * camp with exactly 5 RP may act (and is left with none) */
static void test_22_1_minor_ally_initiative(void **state)
{
    (void)state;
    vbt *t = at_the_sways(RS_C);
    rs_state *s = S(t);
    int lor = ST(t, "Lorraine"), sav = ST(t, "Savoy");
    int f = s->c[RS_F].rp;
    s->c[RS_C].rp = 5;
    vbt_act(t, "sway Savoy"); /* its own ally: toward Unbreakable */
    assert_true(vbt_logged(t, "coalition spends 5 RP on Savoy"));
    assert_int_equal(s->alpos[sav], 3);
    assert_int_equal(s->c[RS_C].rp, 0);
    assert_int_equal(s->c[RS_F].rp, f);
    /* then France, which may move Lorraine, not Savoy */
    assert_int_equal(s->phase, P_DIPLO);
    assert_int_equal(s->who, RS_F);
    assert_true(vbt_legal(t, "sway Lorraine"));
    assert_false(vbt_legal(t, "sway Savoy"));
    s->c[RS_F].rp = 5;
    vbt_act(t, "sway Lorraine");
    assert_int_equal(s->alpos[lor], 1);
    assert_int_equal(s->c[RS_F].rp, 0);
    assert_int_equal(s->c[RS_C].rp, 0);
    assert_true(s->phase != P_DIPLO);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "a minor state only": a major ally on a cursor (the
 * United Provinces, the Coalition's) is never offered; "a single space per
 * game turn": an ally moved last winter may be moved again this winter */
static void test_22_1_minor_only_each_turn(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int up = ST(t, "United Provinces"), lor = ST(t, "Lorraine");
    s->alpos[up] = 2;
    s->scamp[up] = RS_C;
    assert_true(s->c[RS_F].rp >= 5 && s->c[RS_C].rp >= 5);
    assert_false(rs_sway_ok(t->g, s, RS_F, up));
    assert_false(rs_sway_ok(t->g, s, RS_C, up));
    to_quarters(t);
    assert_true(s->phase != P_DIPLO); /* nothing to sway: the winter ends */
    assert_int_equal(s->alpos[up], 2);
    vbt_free(t);
    /* Lorraine, swayed last winter (its bit still set in the campaigns) */
    t = campaign();
    s = S(t);
    s->alpos[lor] = 2;
    s->scamp[lor] = RS_C;
    s->swayed = 1u << lor;
    to_quarters(t);
    assert_int_equal(s->phase, P_DIPLO);
    assert_true(vbt_legal(t, "sway Lorraine"));
    vbt_free(t);
}

/* 22.1: "move the alliance cursor of a minor state ... by spending 5 RP",
 * "moved a single space": a camp's own minor ally on its scale's
 * Unbreakable end (the 4th space) cannot be moved, so the 5 RP are not
 * offered for it (rules version 19: they were, and bought nothing); the
 * other camp may still move it toward Neutral, and one space short of the
 * end it is offered */
static void test_22_1_sway_needs_a_space(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int lor = ST(t, "Lorraine"), sav = ST(t, "Savoy");
    s->alpos[sav] = 4; /* the Coalition's, at its end */
    s->scamp[sav] = RS_C;
    s->alpos[lor] = -3; /* France's, one space short */
    s->scamp[lor] = RS_F;
    assert_true(s->c[RS_F].rp >= 5 && s->c[RS_C].rp >= 5);
    assert_false(rs_sway_ok(t->g, s, RS_C, sav));
    assert_true(rs_sway_ok(t->g, s, RS_F, sav));
    assert_true(rs_sway_ok(t->g, s, RS_F, lor));
    assert_true(rs_sway_ok(t->g, s, RS_C, lor));
    s->alpos[lor] = -4; /* France's at its end */
    assert_false(rs_sway_ok(t->g, s, RS_F, lor));
    assert_true(rs_sway_ok(t->g, s, RS_C, lor));
    /* in play: the Coalition, with the initiative, is offered Lorraine only */
    s->init = RS_C;
    to_quarters(t);
    assert_int_equal(s->phase, P_DIPLO);
    assert_int_equal(s->who, RS_C);
    assert_false(vbt_legal(t, "sway Savoy"));
    vbt_act(t, "sway Lorraine");
    assert_int_equal(s->alpos[lor], -3);
    /* then France: Savoy toward Neutral; Lorraine was moved this turn */
    assert_int_equal(s->who, RS_F);
    assert_false(vbt_legal(t, "sway Lorraine"));
    vbt_act(t, "sway Savoy");
    assert_int_equal(s->alpos[sav], 3);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "The graduation of the scale is not the same for a
 * major state as for a minor state" (tables.json: 6 spaces a side for a
 * major, 4 for a minor): a won battle or FV4 siege moves the winner's
 * allies one space toward Unbreakable, a minor no further than its 4th
 * space, a major to its 6th */
static void test_22_1_minor_and_major_scales(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int lor = ST(t, "Lorraine"), sav = ST(t, "Savoy"), up = ST(t, "United Provinces");
    s->alpos[lor] = 3;
    s->alpos[sav] = 4;
    s->alpos[up] = 5;
    s->scamp[lor] = s->scamp[sav] = s->scamp[up] = RS_C;
    rs_alliance_win(t->g, s, RS_C, &t->cx);
    assert_int_equal(s->alpos[lor], 4);
    assert_int_equal(s->alpos[sav], 4); /* a minor's Unbreakable end */
    assert_int_equal(s->alpos[up], 6);
    rs_alliance_win(t->g, s, RS_C, &t->cx);
    assert_int_equal(s->alpos[lor], 4);
    assert_int_equal(s->alpos[up], 6); /* a major's */
    /* France's minor ally (negative spaces) the same */
    s->alpos[lor] = -4;
    s->scamp[lor] = RS_F;
    rs_alliance_win(t->g, s, RS_F, &t->cx);
    assert_int_equal(s->alpos[lor], -4);
    vbt_free(t);
}

/* EVIDENCE-OF (16, 22.4): "The Battle marker is returned with the other
 * Cabinet strategy markers during the following turn" (France's one Battle
 * marker, cancelled, does not give the 10 SP battle again this year) and
 * "the unused Battle marker is not deducted during the Wintering phase"
 * ("A Battle marker versus a Decoy marker does not count as an unused
 * Cabinet strategy marker"): France 2 unused (Siege, Scorched earth), the
 * Coalition 1 (its Battle marker; the Decoy used) */
static void test_16_22_4_decoy_not_unused(void **state)
{
    (void)state;
    vbt *t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    vbt_act(t, "decoy");
    assert_int_equal(rs_held(S(t), RS_F, CAT_BATTLE), -1);
    assert_false(vbt_legal(t, "attack Brabant"));
    to_quarters(t);
    assert_int_equal(S(t)->phase, P_QUARTERS); /* Brabant not France's */
    vbt_act(t, "quarters Picardie");
    assert_true(vbt_logged(t, "france has 2 unused"));
    assert_true(vbt_logged(t, "coalition has 1 unused"));
    assert_int_equal(S(t)->gp, 6 - 2 + 1);
    vbt_free(t);
}

static void test_22_4_unused_markers(void **state)
{
    (void)state;
    vbt *t = campaign();
    to_quarters(t);
    /* EVIDENCE-OF (22.4): France 3 unused (-3), the Coalition 2 unused (+2) */
    assert_true(vbt_logged(t, "france has 3 unused"));
    assert_true(vbt_logged(t, "coalition has 2 unused"));
    assert_int_equal(S(t)->gp, 6 - 3 + 2);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 23): the allies differential counts the Coalition's
 * neutralised allies less France's; each French zone held by the Coalition
 * takes an objective away (22.3); a victory moves one's own allies toward
 * Unbreakable */
static void test_23_cursors(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    /* a Coalition victory: Great Britain (D5) one space toward Unbreakable,
     * the United Provinces already at Unbreakable 1 stay */
    rs_alliance_win(t->g, s, RS_C, NULL);
    assert_int_equal(s->alpos[4], 3);
    assert_int_equal(s->alpos[3], 6);
    /* both Coalition allies neutralised: +2, France's column */
    s->alpos[3] = s->alpos[4] = 0;
    s->neutralised[3] = s->neutralised[4] = 1;
    /* the Coalition holds Artois: objectives -1 */
    s->z[Z(t, "Artois")].mk = RS_C;
    s->z[Z(t, "Artois")].fv = 0;
    s->c[RS_F].reserve[T_INF] = (uint8_t)(s->c[RS_F].reserve[T_INF] + 2);
    s->c[RS_F].reserve[T_CAV]++;
    memset(s->z[Z(t, "Artois")].army[RS_F], 0, RS_NT);
    s->gz[G(t, "France M")] = GZ_RESERVE;
    check_ok(t);
    to_quarters(t);
    if (!vbt_logged(t, "Diplomacy Table: allies +2, France's RP 11, objectives -1, GP 5 - 2 "
                       "cursors for France, 1 for the Coalition"))
        fail_msg("%.200s", strstr(t->log, "[23]") ? strstr(t->log, "[23]") : "no [23] line");
    vbt_free(t);
}

/* 8.2 and 11: costs against the RP left */
static void test_8_2_costs_at_the_limit(void **state)
{
    (void)state;
    vbt *t = second_year();
    S(t)->c[RS_F].rp = 0;
    assert_false(vbt_legal(t, "recruit-in Picardie")); /* a started 5 SP costs 1 RP */
    S(t)->c[RS_F].rp = 1;
    vbt_act(t, "recruit-in Picardie");
    assert_true(vbt_legal(t, "recruit France-inf Picardie"));
    assert_false(vbt_legal(t, "recruit Conde Picardie")); /* SC + TC >= 4: 2 RP */
    S(t)->c[RS_F].rp = 2;
    assert_true(vbt_legal(t, "recruit Conde Picardie"));
    vbt_act(t, "done"); /* with Picardie */
    vbt_act(t, "done");
    vbt_act(t, "done");
    S(t)->c[RS_F].rp = 2;
    assert_true(vbt_legal(t, "fortify Picardie")); /* 2 RP a level */
    S(t)->c[RS_F].rp = 1;
    assert_false(vbt_legal(t, "fortify Picardie"));
    assert_true(vbt_legal(t, "line Picardie")); /* 1 RP a level */
    vbt_free(t);
}

/* campaign()'s Artois held by the Coalition (objectives -1): its control
 * marker, no fortress, France's army there (2 infantry, 1 cavalry) and
 * France M back in the Reserve */
static void artois_held_by_coalition(vbt *t)
{
    rs_state *s = S(t);
    int art = Z(t, "Artois");
    s->z[art].mk = RS_C;
    s->z[art].fv = 0;
    s->c[RS_F].reserve[T_INF] = (uint8_t)(s->c[RS_F].reserve[T_INF] + 2);
    s->c[RS_F].reserve[T_CAV]++;
    memset(s->z[art].army[RS_F], 0, RS_NT);
    s->gz[G(t, "France M")] = GZ_RESERVE;
}

/* every cabinet marker of both camps used (22.4: none moves the GP) */
static void all_markers_used(rs_state *s)
{
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < s->c[c].npick; i++)
            s->c[c].pstate[i] = PK_USED;
}

/* EVIDENCE-OF (23, 8.1.4): "if at least three cursors are in the same
 * column of the Peace treaty, the concerned side obtains a strategic
 * victory" - the Coalition's column too: France's RP at 5 after repaying
 * its loans (the Coalition's column, 5 or less, reconstructed), a zone of
 * France held by the Coalition (objectives -1), GP -5; a camp whose RP
 * exactly cover its debt repays it and is not bankrupt */
static void test_23_coalition_peace(void **state)
{
    (void)state;
    for (int gp = -4; gp >= -5; gp--) {
        vbt *t = campaign();
        rs_state *s = S(t);
        artois_held_by_coalition(t);
        check_ok(t);
        int fi = rs_income(t->g, s, RS_F, 0), ci = rs_income(t->g, s, RS_C, 0);
        assert_true(fi > 5);
        s->c[RS_F].debt = (int16_t)(fi - 5);
        s->c[RS_C].debt = (int16_t)ci; /* all its RP: repaid, not bankrupt */
        s->gp = (int8_t)gp;
        all_markers_used(s); /* no unused marker moves the GP */
        rs_final_winter(t->g, s, &t->cx);
        assert_false(s->bankrupt);
        assert_int_equal(s->c[RS_C].debt, 0);
        if (!vbt_logged(t, gp == -5 ? "France's RP 5, objectives -1, GP -5 - 0 cursors for "
                                      "France, 3 for the Coalition"
                                    : "France's RP 5, objectives -1, GP -4 - 0 cursors for "
                                      "France, 2 for the Coalition"))
            fail_msg("%.300s", strstr(t->log, "[23]") ? strstr(t->log, "[23]") : t->log);
        if (gp == -5) {
            assert_true(vbt_logged(t, "Peace treaty in favour of coalition"));
            assert_true(s->over);
            assert_int_equal(s->winner, RS_C);
            assert_int_equal(s->resounding, 0); /* three cursors, not four */
            reload_ok(t); /* the ended game's state file reads back ("over": 1) */
        } else {
            assert_false(s->over); /* two cursors: the war goes on */
            assert_int_equal(s->year, 1668);
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (8.1.4): "the camp that cannot repay its debts loses the war
 * by bankruptcy" - the Coalition too: its debt one RP above its year's RP
 * (France's covered) at the victory determination: France wins, whatever
 * the cursors (5 GP for the Coalition) */
static void test_8_1_4_coalition_bankrupt(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int ci = rs_income(t->g, s, RS_C, 0);
    s->c[RS_C].debt = (int16_t)(ci + 1);
    s->gp = -5;
    rs_final_winter(t->g, s, &t->cx);
    assert_true(vbt_logged(t, "coalition cannot repay its loans: bankruptcy"));
    assert_false(vbt_logged(t, "france cannot repay"));
    assert_int_equal(s->phase, P_OVER);
    assert_true(s->over && s->bankrupt);
    assert_int_equal(s->winner, RS_F);
    vbt_free(t);
}

/* EVIDENCE-OF (23): the Coalition's four cursors in its column: a
 * resounding victory (two allies of France neutralised, RP 5, a zone
 * of France held, GP -5) */
static void test_23_coalition_resounding(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = RS_D(t->g);
    artois_held_by_coalition(t);
    /* two allies of France neutralised: allies -2 */
    for (int st = 0, n = 0; st < d->ns && n < 2; st++)
        if (st != d->st_france && s->scamp[st] != RS_C) {
            s->scamp[st] = RS_F;
            s->neutralised[st] = 1;
            n++;
        }
    int allies, obj, col[4];
    rs_diplomacy(t->g, s, 5, -5, &allies, &obj, col);
    for (int i = 0; i < 4; i++)
        assert_int_equal(col[i], -1);
    s->c[RS_F].debt = (int16_t)(rs_income(t->g, s, RS_F, 0) - 5);
    s->gp = -5;
    all_markers_used(s);
    rs_final_winter(t->g, s, &t->cx);
    assert_true(vbt_logged(t, "Peace treaty in favour of coalition: a resounding victory"));
    assert_int_equal(s->winner, RS_C);
    assert_int_equal(s->resounding, 1);
    vbt_free(t);
}

/* EVIDENCE-OF (23): "If neither of these conditions is met during the
 * victory determination on the last turn of the game, a peace compromise
 * occurs without victory"; the year before, the war goes on */
static void test_23_compromise(void **state)
{
    (void)state;
    for (int last = 0; last < 2; last++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int end = RS_SCEN(t->g, s)->end;
        s->year = (int16_t)(last ? end : end - 1);
        all_markers_used(s);
        rs_final_winter(t->g, s, &t->cx);
        assert_false(vbt_logged(t, "Peace treaty"));
        vb_result r;
        t->g->def->result(t->g, s, &r);
        if (last) {
            assert_true(vbt_logged(t, "Last year: a peace compromise without victory"));
            assert_true(s->over);
            assert_int_equal(s->winner, 2);
            assert_int_equal(s->phase, P_OVER);
            assert_true(r.over);
            assert_int_equal(r.winner, -1);
            assert_int_equal(r.outcome[0], VB_OUT_DRAW);
            assert_int_equal(r.outcome[1], VB_OUT_DRAW);
            check_ok(t);
            reload_ok(t); /* the ended game's state file reads back ("over": 1) */
        } else {
            assert_false(s->over);
            assert_false(r.over);
            assert_int_equal(s->year, end);
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (23, 3): the Diplomacy Table's columns: -1 the Coalition's
 * peace, 0 the war, +1 France's (bands reconstructed: RP 5 or less / 13 or
 * more, GP -5 or less / 5 or more, objectives -1 or less / the scenario's
 * minimum); each of the scenario's objectives held by France counts one,
 * the first of the list (Luxembourg) as the others */
static void test_23_columns(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_scen *sc = RS_SCEN(t->g, s);
    int allies, obj, col[4];
    rs_diplomacy(t->g, s, 12, 0, &allies, &obj, col);
    assert_int_equal(allies, 0);
    assert_int_equal(obj, 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(col[i], 0);
    static const int rp[][2] = {{5, -1}, {6, 0}, {12, 0}, {13, 1}};
    for (int i = 0; i < 4; i++) {
        rs_diplomacy(t->g, s, rp[i][0], 0, &allies, &obj, col);
        assert_int_equal(col[1], rp[i][1]);
    }
    static const int gp[][2] = {{-5, -1}, {-4, 0}, {4, 0}, {5, 1}};
    for (int i = 0; i < 4; i++) {
        rs_diplomacy(t->g, s, 12, gp[i][0], &allies, &obj, col);
        assert_int_equal(col[3], gp[i][1]);
    }
    assert_int_equal(sc->nobj, 4);
    assert_int_equal(sc->obj[0], Z(t, "Luxembourg"));
    for (int i = 0; i < sc->nobj; i++) {
        int z = sc->obj[i], mk = s->z[z].mk;
        s->z[z].mk = RS_F;
        rs_diplomacy(t->g, s, 12, 0, &allies, &obj, col);
        assert_int_equal(obj, 1);
        assert_int_equal(col[2], 0); /* two needed in Devolution */
        s->z[sc->obj[(i + 1) % sc->nobj]].mk = RS_F;
        rs_diplomacy(t->g, s, 12, 0, &allies, &obj, col);
        assert_int_equal(obj, 2);
        assert_int_equal(col[2], 1);
        s->z[sc->obj[(i + 1) % sc->nobj]].mk = -1;
        s->z[z].mk = (int8_t)mk;
    }
    vbt_free(t);
}

static void test_23_victory(void **state)
{
    (void)state;
    vbt *t = campaign();
    /* France holds Brabant and Franche-Comte: RP 16 (> 12), objectives 2,
     * GP >= 5: three cursors in France's column */
    rs_state *s = S(t);
    s->z[Z(t, "Brabant")].mk = RS_F;
    s->z[Z(t, "Brabant")].fv = 0;
    s->c[RS_C].reserve[T_INF] = (uint8_t)(s->c[RS_C].reserve[T_INF] + 4);
    s->c[RS_C].reserve[T_CAV] = (uint8_t)(s->c[RS_C].reserve[T_CAV] + 2);
    memset(s->z[Z(t, "Brabant")].army[RS_C], 0, RS_NT);
    s->gz[G(t, "Spain A")] = GZ_RESERVE;
    s->z[Z(t, "Franche-Comte")].mk = RS_F;
    s->z[Z(t, "Franche-Comte")].fv = 0;
    s->c[RS_C].reserve[T_INF]++;
    memset(s->z[Z(t, "Franche-Comte")].garr, 0, RS_NT);
    s->c[RS_F].pstate[0] = s->c[RS_F].pstate[1] = s->c[RS_F].pstate[2] = PK_USED;
    check_ok(t);
    to_quarters(t);
    assert_true(vbt_logged(t, "Peace treaty in favour of france"));
    assert_int_equal(S(t)->resounding, 0); /* three cursors, not four */
    vb_result r;
    t->g->def->result(t->g, S(t), &r);
    assert_true(r.over);
    assert_int_equal(r.winner, RS_F);
    vbt_free(t);
}

/* ---- 24.2 the War of the Reunions ---- */
static void test_24_2_reunions(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "reunions", 1);
    /* EVIDENCE-OF (24.2.1): France's RP on the space "> 12": its nine zones,
     * Flandre & Hainaut, Lorraine, Franche-Comte and the Mediterranean */
    vbt_dice(t, "4");
    /* 1683-4: D6 imperial SP into the Coalition's Reserve */
    int r = rs_sp(S(t)->c[RS_C].reserve);
    vbt_dice(t, "3");
    assert_int_equal(rs_sp(S(t)->c[RS_C].reserve), r + 3);
    assert_int_equal(S(t)->c[RS_F].rp, 19);
    assert_int_equal(S(t)->gp, 5);
    /* 13.1.2: the Empire is neutral: entering costs a GP; Bavaria is not at war */
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    vbt_act(t, "take siege");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_act(t, "move France-B");
    vbt_act(t, "march");
    step(t, "to Treves");
    assert_int_equal(S(t)->gp, 4);
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(rs_ctrl(t->g, S(t), Z(t, "Treves")), RS_F);
    vbt_free(t);
    /* 1683-6 harsh winter; 1684-4: France must choose its Scorched earth marker */
    t = vbt_new("roi-soleil", "reunions", 1);
    vbt_dice(t, "6");
    assert_int_equal(S(t)->winter_mod, 1);
    vbt_free(t);
}

/* The Reunions scenario (1683) up to 1684's event roll: no event, no loans,
 * France takes a Siege marker and the Coalition a Battle marker, both
 * campaigns passed (pursuit D6 6), no surprise */
static vbt *reunions_to_1684(void)
{
    vbt *t = rs_reunions_campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    vbt_act(t, "end-campaign");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_int_equal(S(t)->year, 1684);
    return t;
}

/* EVIDENCE-OF (24.2.3 1684-4): "The French player must choose a Scorched
 * earth marker during the Cabinet strategy sequence"; 1684-5: D6 imperial
 * SP leave */
static void test_24_2_1684(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = reunions_to_1684();
        if (k == 0) {
            vbt_dice(t, "4");
            vbt_act(t, "no-loan");
            vbt_act(t, "no-loan");
            vbt_dice(t, "6");
            assert_false(vbt_legal(t, "take siege"));
            assert_false(vbt_legal(t, "done"));
            vbt_act(t, "take scorched-earth");
            assert_true(vbt_legal(t, "take siege"));
            assert_true(vbt_legal(t, "done"));
        } else {
            /* imperial (Austrian) SP: 3 in the Reserve (from the 1683-4
             * pool), 1 in Brabant; the Spanish SP are not touched */
            rs_state *s = S(t);
            int ai = KIND(2, T_INF), bra = Z(t, "Brabant");
            s->lorraine = (uint8_t)(s->lorraine - 4);
            s->c[RS_C].reserve[ai] = 3;
            s->z[bra].army[RS_C][ai] = 1;
            int r = rs_sp(s->c[RS_C].reserve), gone = rs_sp(s->c[RS_C].gone);
            vbt_dice(t, "5,2");
            assert_int_equal(s->z[bra].army[RS_C][ai], 0); /* the map first */
            assert_int_equal(rs_sp(s->c[RS_C].reserve), r - 1);
            assert_int_equal(s->c[RS_C].reserve[ai], 2);
            assert_int_equal(rs_sp(s->c[RS_C].gone), gone + 2);
            assert_int_equal(s->c[RS_C].gone[ai], 2);
            check_ok(t);
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (24.2.3 1684-5, 17.2): the imperial SP removed from the map
 * leave their general alone beside a French army: he is taken */
static void test_1684_5_general_left_alone(void **state)
{
    (void)state;
    vbt *t;
    rs_state *s;
    int ai = 0, fc = 0;
    for (int k = 1; k <= 2; k++) { /* 2 SP there, and 1 (one taken) */
        t = vbt_new("roi-soleil", "reunions", 1);
        s = S(t);
        ai = KIND(ST(t, "Austria"), T_INF);
        fc = Z(t, "Franche-Comte");
        s->lorraine = (uint8_t)(s->lorraine - k);
        s->z[fc].army[RS_C][ai] = (uint8_t)k;
        s->gz[G(t, "Spain D")] = (int8_t)fc;
        put(t, "Franche-Comte", RS_F, T_INF, 2);
        event(t, 1684, "5");
        vbt_dice(t, k == 1 ? "1" : "2");
        assert_int_equal(rs_army(s, fc, RS_C), 0);
        assert_int_equal(s->gz[G(t, "Spain D")], GZ_PRISON);
        assert_int_equal(rs_ctrl(t->g, s, fc), RS_F);
        check_ok(t);
        vbt_free(t);
    }
    /* the SP on the map first, its cavalry too, before the Reserve's
     * infantry: 1 cavalry in Brabant and 1 infantry of the Reserve for 2 */
    t = vbt_new("roi-soleil", "reunions", 1);
    s = S(t);
    int ac = KIND(ST(t, "Austria"), T_CAV), bra = Z(t, "Brabant");
    s->lorraine = (uint8_t)(s->lorraine - 4);
    s->c[RS_C].reserve[ai] = 3;
    s->z[bra].army[RS_C][ac] = 1;
    event(t, 1684, "5");
    vbt_dice(t, "2");
    assert_int_equal(s->z[bra].army[RS_C][ac], 0);
    assert_int_equal(s->c[RS_C].reserve[ai], 2);
    assert_int_equal(s->c[RS_C].gone[ac], 1);
    check_ok(t);
    vbt_free(t);
    /* "from the map": the Coalition's garrisons count and lose theirs too
     * (1 in Brabant's army, 2 in Luxembourg's garrison: a 3 takes all; a 2
     * the last one from the garrison, not from the Reserve) */
    for (int k = 3; k >= 2; k--) {
        t = vbt_new("roi-soleil", "reunions", 1);
        s = S(t);
        int lux = Z(t, "Luxembourg"), si = KIND(ST(t, "Spain"), T_INF);
        s->lorraine = (uint8_t)(s->lorraine - 3);
        s->z[bra].army[RS_C][ai] = 1;
        s->z[lux].garr[ai] = 2;
        assert_int_equal(rs_ctrl(t->g, s, lux), RS_C);
        check_ok(t);
        int res = s->c[RS_C].reserve[ai];
        event(t, 1684, "5");
        vbt_dice(t, k == 3 ? "3" : "2");
        assert_int_equal(s->z[bra].army[RS_C][ai], 0);
        assert_int_equal(s->z[lux].garr[ai], 3 - k);
        assert_int_equal(s->z[lux].garr[si], 2);
        assert_int_equal(s->c[RS_C].gone[ai], k);
        assert_int_equal(s->c[RS_C].reserve[ai], res);
        check_ok(t);
        vbt_free(t);
    }
    /* France Ouest, zone 0 of the map, is on the map too: its 2 imperial
     * infantry SP (none in the Reserve) are taken by a 3, and the record
     * counts the 2 SP there were */
    t = vbt_new("roi-soleil", "reunions", 1);
    s = S(t);
    int fo = Z(t, "France Ouest");
    s->lorraine = (uint8_t)(s->lorraine - 2);
    s->c[RS_C].reserve[ai] = s->c[RS_C].reserve[ac] = 0;
    s->z[fo].army[RS_C][ai] = 2;
    event(t, 1684, "5");
    vbt_dice(t, "3");
    assert_int_equal(s->z[fo].army[RS_C][ai], 0);
    assert_int_equal(s->c[RS_C].gone[ai], 2);
    assert_true(vbt_logged(t, "D6 3, 2 SP leave the coalition Reserve"));
    vbt_free(t);
}

/* EVIDENCE-OF (24.2.3 1684-4, 1684-6): the Scorched earth marker the event
 * forces is placed "in a zone of the Spanish Netherlands" (4, France) or
 * "in a zone located in France" (6, the Coalition), nowhere else */
static void test_24_2_1684_scorched_zones(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) {
        vbt *t = reunions_to_1684();
        /* k 0: 1684-4, k 1: 1684-6, k 2: no event (the marker anywhere) */
        vbt_dice(t, k == 0 ? "4" : k == 1 ? "6" : "1");
        vbt_act(t, "no-loan");
        vbt_act(t, "no-loan");
        for (int c = 0; c < 2; c++) {
            vbt_dice(t, "6");
            vbt_act(t, "take scorched-earth");
            vbt_act(t, "done");
        }
        for (int i = 0; i < 4; i++)
            vbt_act(t, "done"); /* no recruit, no fortress */
        vbt_act(t, "bet 0");
        vbt_act(t, "bet 0");
        int c = k == 1 ? RS_C : RS_F;
        vbt_dice(t, c == RS_F ? "6,1" : "1,6");
        assert_int_equal(S(t)->phase, P_IMPULSE);
        assert_int_equal(S(t)->active, c);
        if (c == RS_F) {
            /* French armies with a general in Flanders and in Artois */
            assert_true(vbt_legal(t, "scorch Flandre-et-Hainaut"));
            assert_int_equal(vbt_legal(t, "scorch Artois"), k == 2);
            assert_int_equal(vbt_legal(t, "scorch Lorraine"), k == 2);
            if (k == 0) { /* refused with the rule that forbids it */
                assert_int_equal(vbt_try(t, "scorch Artois"), VB_EILLEGAL);
                assert_non_null(strstr(t->cx.err, "names the zones of the marker (rule 24.2.3)"));
            }
        } else {
            /* Spain B and 2 SP in Guyenne: a zone of France */
            rs_state *s = S(t);
            s->gz[G(t, "Spain B")] = (int8_t)Z(t, "Guyenne et Gascogne");
            put(t, "Guyenne et Gascogne", RS_C, T_INF, 2);
            assert_true(vbt_legal(t, "scorch Guyenne-et-Gascogne"));
            assert_false(vbt_legal(t, "scorch Brabant"));
            assert_false(vbt_legal(t, "scorch Catalogne"));
        }
        vbt_free(t);
    }
}

/* an illegal text is refused with the rule that forbids it */
static void test_explain(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->c[RS_F].pstate[0] = PK_USED;
    put(t, "Brabant", RS_C, T_INF, 4);
    static const struct {
        const char *text, *rule;
    } rows[] = {
        {"attack Brabant", "you have no army there (rule 17)"},
        {"siege Luxembourg", "(rule 18)"},
        {"to Brabant", "no march in progress"},
        {"bet 3", "(rule 12)"},
        {"attack Nowhere", "unknown zone"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (vbt_try(t, rows[i].text) != VB_EILLEGAL || !strstr(t->cx.err, rows[i].rule))
            fail_msg("'%s': %s (expected '%s')", rows[i].text, t->cx.err, rows[i].rule);
    }
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    assert_int_equal(vbt_try(t, "to Treves"), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "not playable in this scenario (rule 13.1.2)"));
    assert_int_equal(vbt_try(t, "to Hollande"), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "not adjacent (rule 13.1)"));
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(vbt_try(t, "attack Brabant"), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "needs a Battle marker (rule 17.1)"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_6_no_rp_no_impulse),
        cmocka_unit_test(test_19_three_campaigns),
        cmocka_unit_test(test_23_allies_next_to_neutral),
        cmocka_unit_test(test_21_quarters),
        cmocka_unit_test(test_21_quarters_each_army),
        cmocka_unit_test(test_21_quarters_general_sc),
        cmocka_unit_test(test_21_france_ouest_first_zone),
        cmocka_unit_test(test_22_1_minor_ally),
        cmocka_unit_test(test_22_1_minor_ally_cost),
        cmocka_unit_test(test_22_1_minor_ally_rp),
        cmocka_unit_test(test_22_1_minor_ally_initiative),
        cmocka_unit_test(test_22_1_minor_only_each_turn),
        cmocka_unit_test(test_22_1_minor_and_major_scales),
        cmocka_unit_test(test_22_1_sway_needs_a_space),
        cmocka_unit_test(test_16_22_4_decoy_not_unused),
        cmocka_unit_test(test_22_4_unused_markers),
        cmocka_unit_test(test_23_victory),
        cmocka_unit_test(test_23_columns),
        cmocka_unit_test(test_23_compromise),
        cmocka_unit_test(test_23_coalition_peace),
        cmocka_unit_test(test_8_1_4_coalition_bankrupt),
        cmocka_unit_test(test_23_coalition_resounding),
        cmocka_unit_test(test_23_cursors),
        cmocka_unit_test(test_8_2_costs_at_the_limit),
        cmocka_unit_test(test_24_2_reunions),
        cmocka_unit_test(test_24_2_1684),
        cmocka_unit_test(test_24_2_1684_scorched_zones),
        cmocka_unit_test(test_1684_5_general_left_alone),
        cmocka_unit_test(test_explain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
