/* test_io.c - hostile state files (rs_io.c): a position that no game
 * reaches is refused with one line naming what is wrong, and the position
 * loaded before is unchanged; the nearest legal position still loads. Each
 * case edits the state file of a real position (the helpers are in
 * rs_test.h) at a path of names: "camps/france/rp", "states/Savoy/alliance",
 * "camps/france/markers/0/category". */
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

/* EVIDENCE-OF (22.1): "Each ally of a leader has an alliance cursor ...
 * There is no cursor positioned for a leader"; major and minor scales (6
 * and 4 spaces, tables.json), French allies to the left (negative here);
 * a neutralised ally's cursor has left the table */
static void test_22_1_alliance_cursor_in_file(void **state)
{
    (void)state;
    vbt *t = campaign(); /* Devolution: the United Provinces 6, Great Britain 2 */
    refused(t, "Great Britain: alliance cursor 7 off its track (past its end",
            "states/Great Britain/alliance", json_integer(7), NULL);
    refused(t, "Great Britain: alliance cursor -2 off its track (the other camp's side",
            "states/Great Britain/alliance", json_integer(-2), NULL);
    refused(t, "Spain: alliance cursor 1 off its track (a leader", "states/Spain/alliance",
            json_integer(1), NULL);
    refused(t, "France: alliance cursor -1 off its track (a leader", "states/France/alliance",
            json_integer(-1), NULL);
    refused(t, "Great Britain: alliance cursor 2 off its track (neutralised",
            "states/Great Britain/neutralised", json_true(), NULL);
    refused(t, "Savoy: alliance cursor 1 off its track (the other camp's side",
            "states/Savoy/alliance", json_integer(1), NULL);
    refused(t, "Savoy: alliance cursor 5 off its track (past its end", "states/Savoy/camp",
            json_string("coalition"), "states/Savoy/alliance", json_integer(5), NULL);
    refused(t, "Switzerland: alliance cursor 1 off its track", "states/Switzerland/camp",
            json_string("coalition"), "states/Switzerland/alliance", json_integer(1), NULL);
    /* the ends of the tracks (a minor's in the Succession, where Savoy is
     * France's: none is at war in the Devolution, rules 22.1, 24) */
    loads(t, "states/Great Britain/alliance", json_integer(6), NULL);
    assert_int_equal(S(t)->alpos[ST(t, "Great Britain")], 6);
    loads(t, "states/Great Britain/alliance", json_integer(0), "states/Great Britain/neutralised",
          json_true(), NULL);
    assert_true(S(t)->neutralised[ST(t, "Great Britain")]);
    vbt_free(t);
    t = vbt_new("roi-soleil", "succession", 1);
    loads(t, "states/Savoy/alliance", json_integer(-4), NULL);
    assert_int_equal(S(t)->alpos[ST(t, "Savoy")], -4);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 24), twenty-eighth session, second round: a state's
 * camp comes from its scenario (from the start, or from its year of
 * entry) or from an event of a year played that brings it into the war
 * (24.3.3 1673-5, 1674-4, 1678-4; 24.5.3 1702-5, 1706-6); its alliance
 * cursor (or its neutralisation) only where the scenario or such an event
 * puts it on a track. A camp in a scenario the state is not part of was
 * read back (the twenty-eighth session's first round, "Not done"). */
static void test_22_1_24_camps_in_file(void **state)
{
    (void)state;
    vbt *t = campaign(); /* Devolution, 1667: Spain, the United Provinces, Great Britain */
    refused(t,
            "state: states: 'Switzerland': \"camp\" coalition: not a camp of this scenario's "
            "war by 1667 (rules 22.1, 24)",
            "states/Switzerland/camp", json_string("coalition"), NULL);
    refused(t, "'Savoy': \"camp\" france: not a camp of this scenario's war by 1667",
            "states/Savoy/camp", json_string("france"), NULL);
    /* no event of the Devolution turns an ally */
    refused(t, "'United Provinces': \"camp\" france: not a camp", "states/United Provinces/camp",
            json_string("france"), "states/United Provinces/alliance", json_integer(-1), NULL);
    refused(t,
            "'Switzerland': \"neutralised\" 1: no alliance cursor in this scenario by 1667 "
            "(rule 22.1)",
            "states/Switzerland/neutralised", json_true(), NULL);
    vbt_free(t);
    /* Holland, 1672: Denmark the Coalition's from the start, without a
     * cursor; Sweden France's from 1675 or its hire (1673-5); Great Britain
     * France's, the Coalition's at U3 by 1678-4 */
    t = vbt_new("roi-soleil", "holland", 1);
    refused(t, "'Sweden': \"camp\" france: not a camp of this scenario's war by 1672",
            "states/Sweden/camp", json_string("france"), NULL);
    refused(t, "'Denmark': \"alliance\" 1: no alliance cursor in this scenario by 1672",
            "states/Denmark/alliance", json_integer(1), NULL);
    refused(t, "'Denmark': \"camp\" france: not a camp", "states/Denmark/camp",
            json_string("france"), NULL);
    refused(t, "'Great Britain': \"camp\" coalition: not a camp of this scenario's war by 1672",
            "states/Great Britain/camp", json_string("coalition"), "states/Great Britain/alliance",
            json_integer(3), NULL);
    event(t, 1673, "5"); /* Sweden hired: D6 5 */
    vbt_dice(t, "5");
    assert_int_equal(S(t)->scamp[ST(t, "Sweden")], RS_F);
    assert_int_equal(S(t)->alpos[ST(t, "Sweden")], RS_SCEN(t->g, S(t))->alpos[ST(t, "Sweden")]);
    reload_ok(t);
    refused(t, "'Great Britain': \"camp\" coalition: not a camp of this scenario's war by 1673",
            "states/Great Britain/camp", json_string("coalition"), "states/Great Britain/alliance",
            json_integer(3), NULL);
    vbt_free(t);
    t = vbt_new("roi-soleil", "holland", 1);
    event(t, 1674, "4"); /* Denmark A and 4 SP placed: no cursor yet */
    reload_ok(t);
    refused(t, "'Denmark': \"alliance\" 1: no alliance cursor in this scenario by 1674",
            "states/Denmark/alliance", json_integer(1), NULL);
    vbt_free(t);
    t = vbt_new("roi-soleil", "holland", 1);
    event(t, 1678, "4"); /* its change of sides */
    assert_int_equal(S(t)->scamp[ST(t, "Great Britain")], RS_C);
    reload_ok(t);
    vbt_free(t);
    /* the Succession, 1701: Savoy France's, the Coalition's by 1702-5;
     * Sweden France's at D3 by 1706-6 */
    t = vbt_new("roi-soleil", "succession", 1);
    refused(t, "'Savoy': \"camp\" coalition: not a camp of this scenario's war by 1701",
            "states/Savoy/camp", json_string("coalition"), "states/Savoy/alliance", json_integer(1),
            NULL);
    refused(t, "'Sweden': \"camp\" france: not a camp of this scenario's war by 1701",
            "states/Sweden/camp", json_string("france"), "states/Sweden/alliance", json_integer(-3),
            NULL);
    loads(t, "year", json_integer(1702), "states/Savoy/camp", json_string("coalition"),
          "states/Savoy/alliance", json_integer(1), NULL);
    loads(t, "year", json_integer(1706), "states/Sweden/camp", json_string("france"),
          "states/Sweden/alliance", json_integer(-3), NULL);
    vbt_free(t);
}

/* EVIDENCE-OF (6.1.1, 22.1): a state at war from the scenario's start, or
 * from its year of entry on, has a camp: play gives it at the start or
 * at that year's start (rs_start_year, rs_enter_allies) and never takes it
 * away, a neutralised ally keeping it */
static void test_6_1_1_22_1_at_war_camp_in_file(void **state)
{
    (void)state;
    vbt *t = campaign(); /* Devolution, 1667 */
    refused(t,
            "state: states: 'United Provinces': no \"camp\": at war with coalition by 1667 "
            "(rules 6.1.1, 22.1, 24)",
            "states/United Provinces/camp", json_null(), "states/United Provinces/alliance",
            json_integer(0), NULL);
    refused(t, "'Great Britain': no \"camp\": at war with coalition by 1667",
            "states/Great Britain/camp", json_null(), "states/Great Britain/alliance",
            json_integer(0), "states/Great Britain/neutralised", json_true(), NULL);
    loads(t, "states/Great Britain/alliance", json_integer(0), "states/Great Britain/neutralised",
          json_true(), NULL);
    vbt_free(t);
    /* Holland: Sweden France's from 1675, its year of entry */
    t = vbt_new("roi-soleil", "holland", 1);
    int sw = ST(t, "Sweden"), sa = RS_SCEN(t->g, S(t))->alpos[sw];
    assert_int_equal(S(t)->scamp[sw], -1);
    loads(t, "year", json_integer(1674), NULL);
    refused(t, "'Sweden': no \"camp\": at war with france by 1675", "year", json_integer(1675),
            NULL);
    loads(t, "year", json_integer(1675), "states/Sweden/camp", json_string("france"),
          "states/Sweden/alliance", json_integer(sa), NULL);
    vbt_free(t);
    /* Augsburg: the tests' years jumped as play goes (event(): the Jacobites
     * from 1689, Savoy from 1690) */
    t = vbt_new("roi-soleil", "augsburg", 1);
    event(t, 1690, "1");
    assert_int_equal(S(t)->scamp[ST(t, "Jacobites")], RS_F);
    assert_int_equal(S(t)->scamp[ST(t, "Savoy")], RS_C);
    reload_ok(t);
    refused(t, "'Jacobites': no \"camp\": at war with france by 1690", "states/Jacobites/camp",
            json_null(), "states/Jacobites/alliance", json_integer(0), NULL);
    refused(t, "'Savoy': no \"camp\": at war with coalition by 1690", "states/Savoy/camp",
            json_null(), "states/Savoy/alliance", json_integer(0), NULL);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "swayed" (the state file's allies moved for 5 RP in
 * this winter's diplomatic actions) names minor allies on a cursor only */
static void test_22_1_swayed_in_file(void **state)
{
    (void)state;
    /* 22.1: "swayed" names minor allies on a cursor (5 RP, rs_sway_ok):
     * France (a leader, the map's first state), a major ally (Great
     * Britain), a state at no war refused; a minor ally on its cursor loads */
    vbt *t = vbt_new("roi-soleil", "holland", 1);
    const rs_data *d = RS_D(t->g);
    int m = -1;
    for (int q = 0; q < d->ns; q++)
        if (d->s[q].kind == SK_MINOR && S(t)->alpos[q])
            m = q;
    assert_true(m >= 0);
    refused(t, "state: swayed: 'France': not a minor ally on an alliance cursor (rule 22.1)",
            "swayed", json_pack("[s]", "France"), NULL);
    refused(t, "swayed: 'Great Britain': not a minor ally", "swayed",
            json_pack("[s]", "Great Britain"), NULL);
    refused(t, "swayed: 'Switzerland': not a minor ally", "swayed", json_pack("[s]", "Switzerland"),
            NULL);
    loads(t, "swayed", json_pack("[s]", d->s[m].name), NULL);
    assert_int_equal(S(t)->swayed, 1u << m);
    /* swayed to Neutral, it stays marked (22.1: its units leave the map) */
    for (int i = 0; i < 6 && !S(t)->neutralised[m]; i++)
        rs_move_cursor(t->g, S(t), m, S(t)->alpos[m] < 0 ? RS_C : RS_F, &t->cx);
    assert_true(S(t)->neutralised[m]);
    assert_int_equal(S(t)->swayed, 1u << m);
    reload_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (19): "The Campaign cursor is placed on space 1 during the
 * realisation of the first campaign then advanced one space with each new
 * campaign"; a refusal counts as a campaign, two refusals in a row end the
 * season */
static void test_19_campaign_cursor_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    refused(t, "campaign cursor 1, refusals 0: the camps led 0 and 0 campaigns (rule 19)", "cursor",
            json_integer(1), NULL);
    refused(t, "campaign cursor 0, refusals 1", "passes", json_integer(1), NULL);
    refused(t, "the camps led 1 and 0 campaigns", "camps/france/campaigns", json_integer(1), NULL);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* pursuit: 6 > 1, the Coalition's campaign */
    assert_int_equal(S(t)->cursor, 1);
    assert_int_equal(S(t)->passes, 1);
    reload_ok(t);
    refused(t, "the camps led 0 and 0 campaigns", "camps/france/campaigns", json_integer(0), NULL);
    refused(t, "campaign cursor 1, refusals 2", "passes", json_integer(2), NULL);
    loads(t, "cursor", json_integer(2), "passes", json_integer(2), "camps/coalition/campaigns",
          json_integer(1), NULL);
    assert_int_equal(S(t)->cursor, 2);
    refused(t, "campaign cursor 3, refusals 3", "cursor", json_integer(3), "passes",
            json_integer(3), "camps/france/campaigns", json_integer(2), NULL);
    vbt_free(t);
}

/* EVIDENCE-OF (23): the game ends with a peace treaty (a winner, resounding
 * or not), a compromise at the last turn (no winner) or a bankruptcy
 * (8.1.4); none of these flags in a game that goes on */
static void test_23_end_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    refused(t, "state: phase 'over' with over 0", "phase", json_string("over"), NULL);
    refused(t, "state: phase 'campaign' with over 1", "over", json_integer(1), NULL);
    refused(t, "winner 1, resounding 0, bankrupt 0 in a game not over", "winner", json_integer(1),
            NULL);
    refused(t, "winner 0, resounding 1, bankrupt 0 in a game not over", "resounding",
            json_integer(1), NULL);
    refused(t, "winner 0, resounding 0, bankrupt 1 in a game not over", "bankrupt", json_integer(1),
            NULL);
    refused(t, "winner 2, resounding 1, bankrupt 0 in a compromise", "phase", json_string("over"),
            "over", json_integer(1), "winner", json_integer(2), "resounding", json_integer(1),
            NULL);
    refused(t, "winner 2, resounding 0, bankrupt 1 in a compromise", "phase", json_string("over"),
            "over", json_integer(1), "winner", json_integer(2), "bankrupt", json_integer(1), NULL);
    loads(t, "phase", json_string("over"), "over", json_integer(1), "winner", json_integer(0),
          "resounding", json_integer(1), NULL);
    vb_result r;
    t->g->def->result(t->g, S(t), &r);
    assert_true(r.over);
    assert_int_equal(r.winner, RS_F);
    vbt_free(t);
}

/* EVIDENCE-OF (13): a march takes its general and the generals of its camp
 * in its zone of departure (they leave it at the march's end); a general
 * marches once a campaign ("marched") */
static void test_13_march_generals_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "with Vauban");
    assert_int_equal(S(t)->phase, P_MV_COMPOSE);
    reload_ok(t);
    refused(t, "march: general 'Turenne' is not one of france's generals marching from 'Picardie'",
            "generals/Turenne", json_string("reserve"), NULL);
    refused(t, "march: general 'Spain A' is not one of france's generals", "march/generals",
            json_pack("[sss]", "Turenne", "Vauban", "Spain A"), NULL);
    refused(t, "march: general 'Conde' is not one of france's generals", "march/generals",
            json_pack("[ss]", "Turenne", "Conde"), NULL);
    refused(t, "march: general 'Vauban' is not one of france's generals", "marched",
            json_pack("[s]", "Turenne"), NULL);
    refused(t, "march: its general is not among its generals", "march/generals",
            json_pack("[s]", "Vauban"), NULL);
    /* a Spanish general in Picardie, marked as marching */
    refused(t, "march: general 'Spain B' is not one of france's generals marching from 'Picardie'",
            "generals/Spain B", json_string("Picardie"), "march/generals",
            json_pack("[sss]", "Turenne", "Vauban", "Spain B"), "marched",
            json_pack("[sss]", "Turenne", "Vauban", "Spain B"), NULL);
    vbt_act(t, "march");
    assert_int_equal(S(t)->phase, P_MV_STEP);
    reload_ok(t);
    refused(t, "march: general 'Vauban' is not one of france's generals marching from 'Picardie'",
            "generals/Vauban", json_string("Artois"), NULL);
    vbt_free(t);
}

/* EVIDENCE-OF (6, 12): a state file holds the position, not a camp's view
 * of it (hidden markers, closed armies); a secret bet stays hidden until
 * the initiative roll, is at most 5 RP and at most the camp's RP */
static void test_6_12_hidden_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    refused(t, "france: a cabinet marker hidden: a camp's view, not a position (rule 6)",
            "camps/france/markers/0/category", json_string("unknown"), NULL);
    refused(t, "coalition: the armies hidden: a camp's view, not a position (rule 6)",
            "camps/coalition/armies_hidden", json_true(), NULL);
    refused(t, "france: bet 0 hidden with", "camps/france/bet_hidden", json_true(), NULL);
    vbt_free(t);

    t = second_year();
    vbt_act(t, "done");
    vbt_act(t, "done");
    vbt_act(t, "done");
    vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_BET);
    int rp = S(t)->c[RS_F].rp;
    assert_true(rp >= 3);
    refused(t, "france: bet 6 with", "camps/france/bet", json_integer(6), NULL);
    vbt_act(t, "bet 3");
    reload_ok(t);
    refused(t, "france: bet 3 hidden with 2 RP in phase 'bet' (rule 12)", "camps/france/rp",
            json_integer(2), NULL);
    loads(t, "camps/france/rp", json_integer(3), NULL);
    vbt_act(t, "bet 1");
    assert_int_equal(S(t)->phase, P_INIT_ROLL);
    reload_ok(t);
    refused(t, "france: bet 3 hidden with 2 RP in phase 'initiative-roll'", "camps/france/rp",
            json_integer(2), NULL);
    vbt_dice(t, "3"); /* revealed at France's roll: the bets paid */
    assert_int_equal(S(t)->phase, P_INIT_ROLL);
    assert_int_equal(S(t)->sub, 1);
    assert_true(S(t)->c[RS_C].rp >= 1); /* its bet of 1 paid */
    refused(t, "coalition: bet 1 hidden with", "camps/coalition/bet_hidden", json_true(), NULL);
    vbt_dice(t, "4");
    assert_int_equal(S(t)->c[RS_F].rp, 0);
    assert_false(S(t)->c[RS_F].bet_hidden);
    reload_ok(t);
    refused(t, "france: bet 3 hidden with 0 RP", "camps/france/bet_hidden", json_true(), NULL);
    vbt_free(t);
}

/* EVIDENCE-OF (13.1.2, 13.1, 5): an army or a general only in the
 * scenario's playable zones (never Switzerland, the Papacy); every SP of a
 * camp somewhere (map, Reserve, prisoners, eliminated); no negative RP */
static void test_impossible_positions_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    int inf = S(t)->c[RS_F].reserve[T_INF];
    assert_true(inf >= 2);
    refused(t, "zone 'Suisse' is not playable but holds an army", "zones/Suisse",
            json_pack("{s:n,s:i,s:i,s:n,s:b,s:[ii],s:i,s:{s:i},s:{},s:{}}", "marker", "fv", 0,
                      "line", 0, "line_camp", "scorched", 0, "used", 0, 0, "built", 0, "france",
                      "France-inf", 2, "coalition", "garrison"),
            "camps/france/reserve/France-inf", json_integer(inf - 2), NULL);
    int spi = S(t)->c[RS_C].reserve[KIND(ST(t, "Spain"), T_INF)]; /* the Coalition's too */
    assert_true(spi >= 2);
    refused(t, "zone 'Suisse' is not playable but holds an army", "zones/Suisse",
            json_pack("{s:n,s:i,s:i,s:n,s:b,s:[ii],s:i,s:{},s:{s:i},s:{}}", "marker", "fv", 0,
                      "line", 0, "line_camp", "scorched", 0, "used", 0, 0, "built", 0, "france",
                      "coalition", "Spain-inf", 2, "garrison"),
            "camps/coalition/reserve/Spain-inf", json_integer(spi - 2), NULL);
    refused(t, "state: general 'Conde' in a zone not playable", "generals/Conde",
            json_string("Papaute"), NULL);
    refused(t, "france SP not conserved", "camps/france/reserve/France-inf", json_integer(inf + 1),
            NULL);
    refused(t, "\"rp\" is -1, must be 0-999", "camps/france/rp", json_integer(-1), NULL);
    refused(t, "garrison 3 beyond FV 2 (rule 13.1)", "zones/Brabant/garrison",
            json_pack("{s:i}", "Spain-inf", 3), "zones/Brabant/coalition",
            json_pack("{s:i,s:i}", "Spain-inf", 1, "Spain-cav", 2), NULL);
    refused(t, "state: \"year\" is 1666", "year", json_integer(1666), NULL);
    refused(t, "after the scenario's end", "year", json_integer(1713), NULL);
    refused(t, "unknown phase 'nap'", "phase", json_string("nap"), NULL);
    refused(t, "state: unknown key 'extra'", "extra", json_integer(1), NULL);
    refused(t, "zone 'Brabant': unknown key 'extra'", "zones/Brabant/extra", json_integer(1), NULL);
    refused(t, "france: unknown key 'extra'", "camps/france/extra", json_integer(1), NULL);
    refused(t, "france: unknown key 'extra'", "camps/france/markers/0/extra", json_integer(1),
            NULL);
    refused(t, "march: unknown key 'extra'", "march/extra", json_integer(1), NULL);
    refused(t, "combat: unknown key 'extra'", "combat/extra", json_integer(1), NULL);
    refused(t, "siege: unknown key 'extra'", "siege/extra", json_integer(1), NULL);
    refused(t, "state: boxes: bad or missing 'North Sea'", "boxes/North Sea/extra", json_integer(1),
            NULL);
    refused(t, "state: states: bad or missing 'Savoy'", "states/Savoy/extra", json_integer(1),
            NULL);
    refused(t, "unknown unit kind 'Foo-inf'", "camps/france/prisoners",
            json_pack("{s:i}", "Foo-inf", 1), NULL);
    vbt_free(t);
}

/* an empty zone of a state file with what the edit names */
static json_t *zone_with(const char *key, json_t *v)
{
    json_t *z = json_pack("{s:n,s:i,s:i,s:n,s:b,s:[ii],s:i,s:{},s:{},s:{}}", "marker", "fv", 0,
                          "line", 0, "line_camp", "scorched", 0, "used", 0, 0, "built", 0, "france",
                          "coalition", "garrison");
    json_object_set_new(z, key, v);
    return z;
}

/* EVIDENCE-OF (13.1.2, 9, 15, 11, 22.1, 17.2, 8.1.4), eighteenth session:
 * nothing stands in a zone the scenario does not play; a zone is scorched
 * only by one of the two camps' Scorched earth markers; "The number of
 * ... Lines of defence that can be constructed is limited by the number of
 * available markers" (three a camp) and "A Line of defence marker alone in
 * a zone is eliminated"; "When a state is neutralised, all its units and
 * generals are removed from the map"; "A general who finds himself without
 * units is taken prisoner"; a loan is one D6 a year; a zone flooded only
 * by the year's flood (24.3.3 1672-4); no recruit counted before the
 * year's recruitment (8.2) */
static void test_eighteenth_positions_in_file(void **state)
{
    (void)state;
    vbt *t = campaign(); /* Devolution: Bavaria is not played */
    refused(t,
            "zone 'Baviere': not playable in this scenario, it cannot hold a fortress (rule "
            "13.1.2)",
            "zones/Baviere", zone_with("fv", json_integer(2)), NULL);
    refused(t, "zone 'Baviere': not playable in this scenario, it cannot hold a Scorched earth",
            "zones/Baviere", zone_with("scorched", json_true()), NULL);
    refused(t, "zone 'Baviere': not playable in this scenario, it cannot hold a control marker",
            "zones/Baviere", zone_with("marker", json_string("france")), NULL);
    refused(t, "zones: 3 scorched, the two camps have 2 Scorched earth markers (rules 9, 15)",
            "zones/Picardie/scorched", json_true(), "zones/Artois/scorched", json_true(),
            "zones/Brabant/scorched", json_true(), NULL);
    refused(t, "zone 'Alsace': a line of defence of france with no army of its camp (rule 11)",
            "zones/Alsace/line", json_integer(1), "zones/Alsace/line_camp", json_string("france"),
            NULL);
    int inf = S(t)->c[RS_F].reserve[T_INF];
    refused(t, "france: 4 lines of defence, 3 markers (rule 11)", "zones/Picardie/line",
            json_integer(1), "zones/Picardie/line_camp", json_string("france"), "zones/Artois/line",
            json_integer(2), "zones/Artois/line_camp", json_string("france"),
            "zones/Champagne et Brie/line", json_integer(1), "zones/Champagne et Brie/line_camp",
            json_string("france"), "zones/Alsace/line", json_integer(1), "zones/Alsace/line_camp",
            json_string("france"), "zones/Alsace/france", json_pack("{s:i}", "France-inf", 1),
            "camps/france/reserve/France-inf", json_integer(inf - 1), NULL);
    refused(t,
            "generals: 'Turenne' alone in 'Brabant' beside an enemy army: he is taken "
            "prisoner (rule 17.2)",
            "generals/Turenne", json_string("Brabant"), NULL);
    int sp = S(t)->c[RS_C].reserve[KIND(ST(t, "Spain"), T_INF)];
    refused(t,
            "zone 'Hollande': 'United-Provinces-inf' on the map, its state is neutralised "
            "(rule 22.1)",
            "zones/Hollande/coalition", json_pack("{s:i}", "United-Provinces-inf", 1),
            "camps/coalition/reserve/Spain-inf", json_integer(sp - 1),
            "states/United Provinces/alliance", json_integer(0),
            "states/United Provinces/neutralised", json_true(), NULL);
    refused(t, "generals: 'United Provinces A' in 'Hollande': his state is neutralised (rule 22.1)",
            "generals/United Provinces A", json_string("Hollande"),
            "states/United Provinces/alliance", json_integer(0),
            "states/United Provinces/neutralised", json_true(), NULL);
    refused(t, "france: \"debt\" is 7, must be 0-6", "camps/france/debt", json_integer(7), NULL);
    refused(t, "state: \"flooded_zone\" 'Hollande' without this year's flood (24.3.3)",
            "flooded_zone", json_integer(Z(t, "Hollande")), NULL);
    loads(t, "camps/france/recruited", json_integer(3), NULL); /* a campaign: any count */
    /* the nearest legal positions */
    loads(t, "camps/france/debt", json_integer(6), NULL);
    loads(t, "generals/United Provinces A", json_string("Hollande"), NULL);
    /* 15: the Coalition's Scorched earth marker used there (twenty-eighth session, second round: a
     * mutant counting France's markers only survived) */
    loads(t, "zones/Picardie/scorched", json_true(), "camps/coalition/markers",
          json_pack("[{s:s,s:s}]", "category", "scorched-earth", "state", "used"), NULL);
    /* 15: the French Scorched earth marker (its third) used there */
    loads(t, "zones/Picardie/scorched", json_true(), "camps/france/markers/2/state",
          json_string("used"), NULL);
    loads(t, "zones/Picardie/line", json_integer(1), "zones/Picardie/line_camp",
          json_string("france"), "zones/Artois/line", json_integer(2), "zones/Artois/line_camp",
          json_string("france"), "zones/Champagne et Brie/line", json_integer(1),
          "zones/Champagne et Brie/line_camp", json_string("france"), NULL);
    assert_int_equal(S(t)->z[Z(t, "Artois")].line, 2);
    loads(t, "generals/Turenne", json_string("Alsace"), NULL); /* alone, no enemy */
    vbt_free(t);
    /* 8.2: the year's recruits are counted from its recruitment on */
    t = vbt_new("roi-soleil", "devolution", 1);
    assert_int_equal(S(t)->phase, P_EVENT_ROLL); /* the year's first sequence */
    refused(t, "france: \"recruited\" 1 before the year's recruitment (rules 8.2, 10.2)",
            "camps/france/recruited", json_integer(1), NULL);
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_LOAN);
    refused(t, "coalition: \"recruited\" 2 before the year's recruitment (rules 8.2, 10.2)",
            "camps/coalition/recruited", json_integer(2), NULL);
    vbt_free(t);
    /* 24.3.3 1672-4: Holland flooded by the year's event loads */
    t = vbt_new("roi-soleil", "holland", 1);
    event(t, 1672, "4");
    assert_int_equal(S(t)->flood, Z(t, "Hollande"));
    reload_ok(t);
    assert_int_equal(S(t)->flood, Z(t, "Hollande"));
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "each scenario indicates the leader state of the
 * allied Coalition. France is always the leader of its camp"; a state that
 * joins a camp takes its units and generals from the other camp (rs_event.c
 * join), but a leader never does, so no army, garrison, Reserve or
 * prisoners of a camp hold the other leader's units. The zones and
 * generals the scalars name are of the map (54 zones) and its generals,
 * not the room the state has. */
static void test_22_1_leaders_and_units_in_file(void **state)
{
    (void)state;
    vbt *t = campaign(); /* Devolution: France and Spain lead */
    refused(t, "state: France leads france: it cannot change camp (rule 22.1)",
            "states/France/camp", json_string("coalition"), NULL);
    refused(t, "state: Spain leads coalition: it cannot be neutralised (rule 22.1)",
            "states/Spain/neutralised", json_true(), NULL);
    int fi = units(t, "Picardie", RS_F, "France", T_INF),
        si = units(t, "Brabant", RS_C, "Spain", T_INF);
    assert_true(fi >= 1 && si >= 1);
    /* a French and a Spanish SP trade armies: each camp keeps its count */
    refused(t, "state: 1 SP 'France-inf' with coalition: France leads france (rule 22.1)",
            "zones/Picardie/france/France-inf", json_integer(fi - 1),
            "zones/Picardie/france/Spain-inf", json_integer(1), "zones/Brabant/coalition/Spain-inf",
            json_integer(si - 1), "zones/Brabant/coalition/France-inf", json_integer(1), NULL);
    refused(t, "state: 1 SP 'Spain-inf' with france: Spain leads coalition (rule 22.1)",
            "camps/france/reserve/Spain-inf", json_integer(1), NULL);
    assert_int_equal(S(t)->z[Z(t, "Luxembourg")].garr[KIND(ST(t, "France"), T_INF)], 0);
    refused(t, "state: 1 SP 'France-inf' with coalition: France leads france (rule 22.1)",
            "zones/Luxembourg/garrison/France-inf", json_integer(1), NULL);
    refused(t, "state: 1 SP 'France-inf' with coalition: France leads france (rule 22.1)",
            "camps/coalition/prisoners/France-inf", json_integer(1), NULL);
    /* the last zone of the map is 53 */
    static const char *const zf[][2] = {
        {"attrition_zone", "attrition_zone"}, {"loss_zone", "loss_zone"},
        {"flooded_zone", "flooded_zone"},     {"recruiting_in", "recruiting_in"},
        {"combat/zone", "combat zone"},       {"siege/zone", "siege zone"}};
    for (int i = 0; i < 6; i++) {
        char why[80];
        snprintf(why, sizeof why, "%s 54 past the map's 54 zones", zf[i][1]);
        refused(t, why, zf[i][0], json_integer(54), NULL);
    }
    static const char *const gf[] = {"surprise_general", "leaves_after_campaigns",
                                     "kept_in_reserve"};
    for (int i = 0; i < 3; i++) {
        char why[80];
        snprintf(why, sizeof why, "%s %d past the %d generals", gf[i], RS_D(t->g)->ng,
                 RS_D(t->g)->ng);
        refused(t, why, gf[i], json_integer(RS_D(t->g)->ng), NULL);
    }
    /* the nearest legal: the map's last zone, a general of Spain's */
    /* (an attrition zone only while it is rolled: the losses' zone, which
     * stays from the last losses, here) */
    loads(t, "loss_zone", json_integer(53), NULL);
    assert_int_equal(S(t)->loss_zone, 53);
    vbt_free(t);
}

/* The scalars' ranges at each end, and a combat's fields (the camps 0-1 of
 * the attacker, the loser, the retreater and the one who broke off; a battle
 * or not; losses from 0; the round 0-3, session 22's hostile file with round
 * -1 was read back): the fifteenth session's mutation pass over rs_io.c
 * (seed 15) moved these bounds by one unseen. */
static void test_scalar_ranges_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    refused(t, "\"roll_france\" is -10, must be -9-30", "roll_france", json_integer(-10), NULL);
    refused(t, "\"winter_mod\" is 4, must be -3-3", "winter_mod", json_integer(4), NULL);
    /* the admirals' +1, a bit for each of the four boxes (13.4.1); the camp
     * whose SP are frozen (24.3.3) */
    refused(t, "\"admirals_france\" is 16, must be 0-15", "admirals_france", json_integer(16),
            NULL);
    refused(t, "\"frozen_camp\" is 2, must be -1-1", "frozen_camp", json_integer(2), NULL);
    /* the zone of a recruitment in progress (10.5), within the scalar's range */
    char why[64];
    snprintf(why, sizeof why, "\"recruiting_in\" is %d, must be -1-%d", RS_MAXZ, RS_MAXZ - 1);
    refused(t, why, "recruiting_in", json_integer(RS_MAXZ), NULL);
    /* the camp that takes its losses first: one of the two (17.1.1) */
    refused(t, "\"loss_first\" is 2, must be 0-1", "loss_first", json_integer(2), NULL);
    /* the turn's marks of a zone, five bits (10, 11) */
    refused(t, "zone 'Picardie': \"built\" is 32, must be 0-31", "zones/Picardie/built",
            json_integer(32), NULL);
    /* a camp's name: 'france' or 'coalition', no third */
    refused(t, "state: states: bad or missing 'Savoy'", "states/Savoy/camp", json_string("bavaria"),
            NULL);
    refused(t, "\"forced_fortification\" is 10, must be 0-9", "forced_fortification",
            json_integer(10), NULL);
    /* in range, but only what an event's count (4 in Holland's 1677-4)
     * less 2 RP a level leaves: 4, 2 or 0; none in Devolution (rule 11) */
    refused(t, "forced fortification 2: no event of the scenario leaves it", "forced_fortification",
            json_integer(2), NULL);
    refused(t, "forced fortification 6: no event of the scenario leaves it", "forced_fortification",
            json_integer(6), NULL);
    /* in range, the SP the events brought are counted: 500 more than the map holds */
    refused(t, "france SP not conserved", "event_sp_france", json_integer(500), NULL);
    refused(t, "france SP not conserved", "event_sp_france", json_integer(-500), NULL);
    /* the map's first zone is written too (its use this campaign) */
    S(t)->z[0].used[0] = 1;
    reload_ok(t);
    assert_int_equal(S(t)->z[0].used[0], 1);
    static const char *const bad[][2] = {
        {"attacker", "2"},        {"attacker", "-1"}, {"battle", "2"},  {"battle", "-1"},
        {"loser", "2"},           {"retreater", "2"}, {"breaker", "2"}, {"lost_france", "-1"},
        {"lost_coalition", "-1"}, {"round", "-1"},    {"round", "4"}};
    for (int i = 0; i < 11; i++) {
        char path[40];
        snprintf(path, sizeof path, "combat/%s", bad[i][0]);
        refused(t, "combat: a field is out of range", path, json_integer(atoi(bad[i][1])), NULL);
    }
    vbt *h = vbt_new("roi-soleil", "holland", 7); /* 1677-4 in its events */
    loads(h, "forced_fortification", json_integer(4), NULL);
    loads(h, "forced_fortification", json_integer(2), NULL);
    assert_int_equal(S(h)->forced_fort, 2);
    refused(h, "forced fortification 3: no event of the scenario leaves it", "forced_fortification",
            json_integer(3), NULL);
    refused(h, "forced fortification 1: no event of the scenario leaves it", "forced_fortification",
            json_integer(1), NULL);
    refused(h, "forced fortification 6: no event of the scenario leaves it", "forced_fortification",
            json_integer(6), NULL);
    vbt_free(h);
    loads(t, "roll_france", json_integer(-9), "winter_mod", json_integer(3), "combat/attacker",
          json_integer(1), "combat/battle", json_integer(1), "combat/loser", json_integer(1),
          "combat/retreater", json_integer(1), "combat/breaker", json_integer(1), "combat/round",
          json_integer(3), NULL);
    assert_int_equal(S(t)->croll[0], -9);
    assert_int_equal(S(t)->cb.round, 3);
    assert_int_equal(S(t)->winter_mod, 3);
    assert_int_equal(S(t)->cb.att, 1);
    assert_int_equal(S(t)->cb.breaker, 1);
    vbt_free(t);
}

/* EVIDENCE-OF (7, 24.4.3 1690-6, 24.5.3 1704-5, 1704-6), nineteenth
 * session: SP frozen in place, SP kept out of recruitment and a general
 * kept in the Reserve come only from the year's event that does it, once
 * applied: its camp, its nationality's infantry, its zones, no more SP
 * than its D6, cavalry only where it takes "infantry and/or cavalry", the
 * general off the map */
static void test_7_frozen_and_locked_in_file(void **state)
{
    (void)state;
    /* 1690-6: D6 French infantry to Provence, Dauphine and Roussillon */
    vbt *t = vbt_new("roi-soleil", "augsburg", 1);
    event(t, 1690, "6");
    json_t *fi = json_integer(KIND(ST(t, "France"), T_INF));
    refused(t, "\"frozen_camp\" 0", "frozen_camp", json_integer(RS_F), "frozen_kind",
            json_incref(fi), NULL); /* the die not rolled yet */
    vbt_dice(t, "5");
    reload_ok(t);
    refused(t, "\"frozen_camp\" 1", "frozen_camp", json_integer(RS_C), NULL);
    char want[96];
    snprintf(want, sizeof want, "\"frozen_kind\" %d", KIND(ST(t, "France"), T_CAV));
    refused(t, want, "frozen_kind", json_integer(KIND(ST(t, "France"), T_CAV)), NULL);
    refused(t, "7 SP frozen", "zones/Provence/frozen", json_integer(4), NULL); /* 4 + 2 + 1 */
    loads(t, "zones/Provence/frozen", json_integer(3), NULL);                  /* 3 + 2 + 1 */
    /* a levy sends nothing to the Reserve (twenty-eighth session, second
     * round: a mutant reading any event as a recall survived) */
    refused(t, "\"locked_camp\" 0, \"locked_kind\" 0, 1 infantry", "locked_camp",
            json_integer(RS_F), "locked_kind", json_incref(fi), "locked_sp", json_integer(1), NULL);
    refused(t, "zone 'Alsace': 1 SP frozen, not a zone of this year's levy", "zones/Alsace/frozen",
            json_integer(1), NULL);
    refused(t, "zone 'Dauphine': 2 SP frozen, no \"frozen_camp\"", "frozen_camp", json_integer(-1),
            "frozen_kind", json_integer(0), NULL);
    vbt_free(t);
    /* 1704-6: D6 Imperial infantry and/or cavalry to the Reserve */
    t = vbt_new("roi-soleil", "succession", 1);
    rs_state *s = S(t);
    int ai = KIND(ST(t, "Austria"), T_INF), ac = KIND(ST(t, "Austria"), T_CAV);
    int bo = Z(t, "Boheme");
    s->c[RS_C].reserve[ai]--;
    s->c[RS_C].reserve[ac] = (uint8_t)(s->c[RS_C].reserve[ac] - 3);
    s->z[bo].army[RS_C][ai] = 1;
    s->z[bo].army[RS_C][ac] = 3;
    event(t, 1704, "6");
    vbt_dice(t, "3");
    reload_ok(t);
    refused(t, "\"locked_camp\" 0", "locked_camp", json_integer(RS_F), NULL);
    refused(t, "\"locked_kind\" 0", "locked_kind", json_integer(0), NULL);
    refused(t, "5 infantry and 2 cavalry SP locked", "locked_sp", json_integer(5), NULL);
    loads(t, "locked_sp", json_integer(4), NULL);
    refused(t, "0 infantry and 0 cavalry SP locked", "locked_sp", json_integer(0), "locked_cavalry",
            json_integer(0), NULL);
    refused(t, "\"locked_camp\" -1", "locked_camp", json_integer(-1), NULL);
    refused(t, "\"kept_in_reserve\" 'Villars': not the general this year's event recalls",
            "kept_in_reserve", json_integer(G(t, "Villars")), NULL);
    vbt_free(t);
    /* 1704-5: D6 French infantry and Villars */
    t = vbt_new("roi-soleil", "succession", 1);
    S(t)->gz[G(t, "Villars")] = (int8_t)Z(t, "Alsace");
    event(t, 1704, "5");
    vbt_dice(t, "3");
    reload_ok(t);
    refused(t, "3 infantry and 1 cavalry SP locked", "locked_cavalry", json_integer(1), NULL);
    refused(t, "\"kept_in_reserve\" 'Villars': he stands on the map", "generals/Villars",
            json_string("Alsace"), NULL);
    refused(t, "\"kept_in_reserve\" 'Vauban': not the general", "kept_in_reserve",
            json_integer(G(t, "Vauban")), NULL);
    vbt_free(t);
    /* 1710-6: Villars to the Reserve for the year, replaced (found by the
     * random games: the first version of the check knew the recall only) */
    t = vbt_new("roi-soleil", "succession", 1);
    S(t)->gz[G(t, "Villars")] = (int8_t)Z(t, "Alsace");
    event(t, 1710, "6");
    reload_ok(t);
    refused(t, "\"kept_in_reserve\" 'Villars': he stands on the map", "generals/Villars",
            json_string("Alsace"), NULL);
    /* in France Ouest, zone 0 of the map, too */
    refused(t, "\"kept_in_reserve\" 'Villars': he stands on the map", "generals/Villars",
            json_string("France Ouest"), NULL);
    refused(t, "\"kept_in_reserve\" 'Vauban': not the general", "kept_in_reserve",
            json_integer(G(t, "Vauban")), NULL);
    vbt_free(t);
    /* the Devolution's 1667: no event */
    t = campaign();
    refused(t, "\"frozen_camp\" 0", "frozen_camp", json_integer(RS_F), "frozen_kind",
            json_incref(fi), NULL);
    refused(t, "\"frozen_kind\" 2", "frozen_kind", json_integer(2), NULL);
    refused(t, "\"locked_kind\" 2", "locked_kind", json_integer(2), NULL);
    refused(t, "\"locked_camp\" 0, \"locked_kind\" 0, 1 infantry", "locked_camp",
            json_integer(RS_F), "locked_sp", json_integer(1), NULL);
    refused(t, "\"kept_in_reserve\" 'Turenne'", "kept_in_reserve", json_integer(G(t, "Turenne")),
            NULL);
    json_decref(fi);
    vbt_free(t);
}

/* the sets of generals (`marched`, `top`, a march's `generals`), one
 * reader: an array of known names, the index of the first unknown one */
static void test_general_sets_in_file(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "with Vauban");
    loads(t, "marched", json_pack("[ss]", "Turenne", "Vauban"), NULL);
    assert_true(S(t)->gmoved >> G(t, "Vauban") & 1);
    refused(t, "state: marched: unknown general 1", "marched", json_pack("[si]", "Turenne", 3),
            NULL);
    refused(t, "state: top: unknown general 0", "top", json_pack("[s]", "Nobody"), NULL);
    refused(t, "state: top: an array of generals expected", "top", json_integer(1), NULL);
    refused(t, "march: unknown general 2", "march/generals",
            json_pack("[sss]", "Turenne", "Vauban", "Nobody"), NULL);
    vbt_free(t);
}

/* EVIDENCE-OF (13.1.1, 13.3, 13.4, 14, 15, 17.1, 17.1.3, 18), twentieth
 * session: the procedures in progress. A march's largest army is at least
 * the army marching ("the highest number of SP in the army during its
 * movement"), its scorched zones no more than the zones it entered; an
 * interception's zone only where it halted the march; an attrition roll's
 * zone only while it is rolled; a camp's maritime capacity not passed; a
 * scorched zone only for a Scorched earth marker used ("an army must be
 * located in the zone ... and must pass an Obedience Test"); a combat
 * before its first round with no round or loss, a battle only between 10
 * SP or more, Louis XIV's mark where he is; a battle's third round its
 * last, a skirmish's first; a siege by the active camp of the other camp's
 * fortress (FV 1-4, no more than at its start), "free of enemy armies",
 * its rounds not spent */
static void test_twentieth_procedures_in_file(void **state)
{
    (void)state;
    char why[160];
    vbt *t = campaign();
    refused(t, "zones: 1 scorched, 0 Scorched earth markers used this year (rule 15)",
            "zones/Brabant/scorched", json_true(), NULL);
    refused(t, "coalition: \"maritime_used\" 21 beyond its maritime capacity 20 (rule 13.4)",
            "camps/coalition/maritime_used", json_integer(21), NULL);
    refused(t, "state: \"attrition_zone\" 'Picardie' with no attrition being rolled (rule 14)",
            "attrition_zone", json_integer(Z(t, "Picardie")), NULL);
    refused(t,
            "state: \"interception_zone\" 'Brabant': no interception halted a march there "
            "(rule 13.3)",
            "interception_zone", json_integer(Z(t, "Brabant")), NULL);
    /* France Ouest, zone 0 of the map, too */
    assert_int_equal(Z(t, "France Ouest"), 0);
    refused(t, "state: \"interception_zone\" 'France Ouest': no interception halted a march there",
            "interception_zone", json_integer(0), NULL);
    loads(t, "camps/coalition/maritime_used", json_integer(20), NULL);
    /* 13.1.1, 14.1: a march one zone on */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Artois");
    assert_int_equal(S(t)->phase, P_MV_STEP);
    int sp = rs_sp(S(t)->mv.sp);
    snprintf(why, sizeof why, "march: %d SP marching, its largest army %d; 0 scorched zones in 1",
             sp, sp - 1);
    refused(t, why, "march/max_sp", json_integer(sp - 1), NULL);
    refused(t, "2 scorched zones in 1 entered (rules 13.1.1, 14.1)", "march/scorched",
            json_integer(2), NULL);
    refused(t, "\"interception_zone\" 'Artois': no interception halted a march there",
            "interception_zone", json_integer(Z(t, "Artois")), NULL);
    refused(t, "\"interception_zone\" 'Picardie': no interception halted a march there",
            "interception_zone", json_integer(Z(t, "Picardie")), "march/stop", json_integer(2),
            NULL);
    loads(t, "march/max_sp", json_integer(sp + 3), NULL); /* units left on the way */
    vbt_free(t);
    /* 17.1: a battle declared, the defender's decoy to come */
    t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    assert_int_equal(S(t)->phase, P_CB_DECOY);
    refused(t, "combat: before its first round in 'Brabant': round 1", "combat/round",
            json_integer(1), NULL);
    refused(t, "losses 0 and 2", "combat/lost_coalition", json_integer(2), NULL);
    refused(t, "battle 0 with", "combat/battle", json_integer(0), NULL);
    refused(t, "Louis XIV's mark 0 (rule 17.1)", "combat/louis", json_integer(0), NULL);
    /* a battle needs 10 SP on each side: the Coalition's 10th to the Reserve */
    int inf = S(t)->c[RS_C].reserve[KIND(ST(t, "Spain"), T_INF)];
    int bra = S(t)->z[Z(t, "Brabant")].army[RS_C][KIND(ST(t, "Spain"), T_INF)];
    int att = rs_army(S(t), Z(t, "Brabant"), RS_F);
    snprintf(why, sizeof why, "battle 1 with %d and 9 SP", att);
    refused(t, why, "zones/Brabant/coalition/Spain-inf", json_integer(bra - 1),
            "camps/coalition/reserve/Spain-inf", json_integer(inf + 1), NULL);
    reload_ok(t);
    /* 17.1.3: between the first and the second round */
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    lose_inf(t);
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    refused(t,
            "combat: a battle in round 4 (a battle has three rounds, a skirmish one, rule "
            "17.1.3)",
            "combat/round", json_integer(3), NULL);
    refused(t, "combat: a skirmish in round 2", "combat/battle", json_integer(0), NULL);
    refused(t, "combat: a battle in round 1 (", "combat/round", json_integer(0), NULL);
    loads(t, "combat/round", json_integer(2), NULL); /* before the third round */
    vbt_free(t);
    /* 18: Turenne before Franche-Comte (FV 1, one Spanish infantry) */
    t = campaign();
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Champagne-et-Brie", "to Franche-Comte", NULL);
    vbt_act(t, "siege Franche-Comte");
    assert_int_equal(S(t)->phase, P_SG_ROUNDS);
    refused(t, "siege of 'Franche-Comte' (FV 1, round 1 of 2): rounds before their roll (rule 18)",
            "siege/rounds", json_integer(2), NULL);
    vbt_dice(t, "2");
    assert_int_equal(S(t)->phase, P_SG_EFFORT);
    refused(t, "(FV 1, round 3 of 2): no round left (rule 18)", "siege/round", json_integer(2),
            NULL);
    refused(t, "(FV 1, round 1 of 2): not the active camp's (rule 18)", "siege/camp",
            json_integer(RS_C), NULL);
    refused(t, "(FV 0, round 1 of 2): no fortress left (rule 18)", "zones/Franche-Comte/fv",
            json_integer(0), NULL);
    refused(t, "(FV 1, round 1 of 2): FV above its start (rule 18)", "siege/fv_at_start",
            json_integer(0), NULL);
    inf = S(t)->c[RS_C].reserve[KIND(ST(t, "Spain"), T_INF)];
    refused(t, "(FV 1, round 1 of 2): an enemy army in the zone (rule 18)",
            "zones/Franche-Comte/coalition", json_pack("{s:i}", "Spain-inf", 1),
            "camps/coalition/reserve/Spain-inf", json_integer(inf - 1), NULL);
    refused(t, "(FV 1, round 1 of 2): its own fortress (rule 18)", "zones/Franche-Comte/garrison",
            json_object(), "zones/Franche-Comte/marker", json_string("france"),
            "camps/coalition/reserve/Spain-inf", json_integer(inf + 1), NULL);
    loads(t, "siege/round", json_integer(1), NULL); /* the second round */
    vbt_free(t);
}

/* 9 (6.1.3): the cabinet markers come back at the year's start and are
 * chosen after the camp's roll, then spent in the campaigns: a file of the
 * choice with the chooser's roll not made, or a marker already used, was
 * read back (session 22's hand edits); now refused in one line. */
static void test_9_cabinet_choice_in_file(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    S(t)->init = RS_C;
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_CAB_PICK);
    vbt_act(t, "take battle");
    loads(t, NULL);
    refused(t, "coalition: cabinet_roll 0: the camp chooses its cabinet markers after its roll",
            "camps/coalition/cabinet_roll", json_integer(0), NULL);
    refused(t, "coalition: marker 0 used while the cabinet markers are chosen",
            "camps/coalition/markers/0/state", json_string("used"), NULL);
    loads(t, "camps/france/cabinet_roll", json_integer(0), NULL); /* France rolls next */
    vbt_free(t);
}

/* EVIDENCE-OF (10, 12, 20), twenty-seventh session: positions no game
 * reaches that the loader read back and played. 10 (staged): the zone
 * whose recruitment menu is open is one the recruiting camp can still
 * recruit in, not closed this turn, and only during the recruitment;
 * 10.3, 10.2, 11, 12: "the player with the initiative" goes first (sub 0),
 * the other next (sub 1), a prisoner's jailer deciding on it; 12: "Each
 * player secretly bets": a bet is secret once placed, none before its
 * turn; 20: "the active player chooses a general" for the surprise's test,
 * who then leads its campaign: the general and the surprise go together. */
static void test_10_12_20_turns_in_file(void **state)
{
    (void)state;
    vbt *t = second_year(); /* France recruits first */
    assert_int_equal(S(t)->phase, P_RECRUIT);
    assert_int_equal(S(t)->who, RS_F);
    int pic = Z(t, "Picardie"), rp = S(t)->c[RS_F].rp;
    refused(t, "state: \"recruiting_in\" 'Brabant': nothing to recruit there (rule 10)",
            "recruiting_in", json_integer(Z(t, "Brabant")), NULL);
    refused(t, "state: \"recruiting_in\" 'Picardie': nothing to recruit there (rule 10)",
            "recruiting_in", json_integer(pic), "camps/france/rp", json_integer(0), NULL);
    refused(t, "state: \"recruiting_in\" 'Picardie': a zone closed for this turn (rule 10)",
            "recruiting_in", json_integer(pic), "zones/Picardie/built", json_integer(4), NULL);
    loads(t, "camps/france/rp", json_integer(0), NULL); /* no zone open: France says done */
    loads(t, "camps/france/rp", json_integer(rp), "recruiting_in", json_integer(pic), NULL);
    assert_int_equal(S(t)->rzone, pic);
    assert_true(vbt_legal(t, "recruit France-inf Picardie"));
    refused(t,
            "state: phase 'recruitment' with sub 2, coalition deciding: sub is 0 on the turn of "
            "the camp with the initiative (france), 1 on the other's (rules 10-12)",
            "sub", json_integer(2), "who", json_string("coalition"), "recruiting_in",
            json_integer(-1), NULL);
    refused(t, "with sub 1, france deciding", "sub", json_integer(1), NULL);
    loads(t, "sub", json_integer(1), "who", json_string("coalition"), "recruiting_in",
          json_integer(-1), NULL); /* the Coalition's turn */
    vbt_free(t);
    t = campaign();
    refused(t, "state: \"recruiting_in\" 'Picardie': no recruitment in progress (rule 10)",
            "recruiting_in", json_integer(Z(t, "Picardie")), NULL);
    vbt_free(t);
    /* 10.3: Spain A, the Coalition's, held by France: France decides on the
     * Coalition's turn (sub 1) */
    t = campaign();
    S(t)->gz[G(t, "Spain A")] = GZ_PRISON;
    pass_to_second_year(t);
    while (S(t)->phase == P_RECRUIT && vbt_legal(t, "done"))
        vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_PRISON);
    assert_int_equal(S(t)->sub, 1);
    reload_ok(t);
    refused(t, "state: phase 'prisoner' with sub 0, france deciding", "sub", json_integer(0), NULL);
    refused(t, "with sub 1, coalition deciding", "who", json_string("coalition"), NULL);
    /* France's turn (sub 0) with its jailer deciding, but Spain A is not France's */
    refused(t, "with sub 0, coalition deciding", "sub", json_integer(0), "who",
            json_string("coalition"), NULL);
    vbt_free(t);
    /* 10, 11: a zone's marks of the turn ("built"), 4 in the recruitment
     * (second_year: Artois closed), 1, 2, 8, 16 in the constructions */
    t = second_year();
    refused(t,
            "zone 'Picardie': \"built\" 1 in phase 'recruitment': in the recruitment only 4 "
            "(rules 10, 11)",
            "zones/Picardie/built", json_integer(1), NULL);
    loads(t, "zones/Artois/built", json_integer(4), NULL);
    assert_false(vbt_legal(t, "recruit-in Artois"));
    vbt_free(t);
    t = campaign();
    refused(t,
            "\"built\" 4 in phase 'campaign': none outside the recruitment and the "
            "constructions",
            "zones/Artois/built", json_integer(4), NULL);
    refused(t, "\"built\" 2 in phase 'campaign': none outside", "zones/Picardie/built",
            json_integer(2), NULL);
    /* France Ouest, zone 0 of the map, too (twenty-eighth session, second
     * round: a mutant starting the zones at 1 survived) */
    refused(t, "zone 'France Ouest': \"built\" 1 in phase 'campaign': none outside",
            "zones/France Ouest",
            json_pack("{s:n,s:i,s:i,s:n,s:b,s:[i,i],s:i,s:{},s:{},s:{}}", "marker", "fv", 0, "line",
                      0, "line_camp", "scorched", 0, "used", 0, 0, "built", 1, "france",
                      "coalition", "garrison"),
            NULL);
    vbt_free(t);
    /* 11, 12: the constructions and the bets, France first */
    t = at_construction();
    vbt_act(t, "fortify Picardie");
    reload_ok(t);
    refused(t, "zone 'Picardie': \"built\" 5 in phase 'fortresses': in the constructions no 4",
            "zones/Picardie/built", json_integer(5), NULL);
    refused(t, "zone 'Artois': \"built\" 8 in phase 'fortresses': 8 and 16 only where 1 or 2 is",
            "zones/Artois/built", json_integer(8), NULL);
    loads(t, "zones/Picardie/built", json_integer(17), NULL); /* a unit taken out too */
    assert_false(vbt_legal(t, "fortify Picardie"));
    refused(t, "state: phase 'fortresses' with sub 2", "sub", json_integer(2), NULL);
    vbt_act(t, "done");
    vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_BET);
    refused(t, "state: phase 'bet' with sub 2, coalition deciding", "sub", json_integer(2), "who",
            json_string("coalition"), NULL);
    refused(t, "coalition: bet 2 in phase 'bet', sub 0: it has not bet yet (rule 12)",
            "camps/coalition/bet", json_integer(2), NULL);
    refused(t, "france: bet 0 hidden in phase 'bet', sub 0: it has not bet yet (rule 12)",
            "camps/france/bet_hidden", json_true(), NULL);
    vbt_act(t, "bet 1");
    reload_ok(t);
    refused(t, "france: bet 1 in phase 'bet', sub 1: its bet is placed and secret (rule 12)",
            "camps/france/bet_hidden", json_false(), NULL);
    refused(t, "coalition: bet 1 in phase 'bet', sub 1: it has not bet yet", "camps/coalition/bet",
            json_integer(1), NULL);
    vbt_act(t, "bet 0");
    assert_int_equal(S(t)->phase, P_INIT_ROLL);
    refused(t, "coalition: bet 0 in phase 'initiative-roll', sub 0: its bet is placed",
            "camps/coalition/bet_hidden", json_false(), NULL);
    vbt_free(t);
    /* 20: Turenne's surprise, its test, then its campaign */
    t = campaign();
    int tu = G(t, "Turenne"), sa = G(t, "Spain A");
    refused(t, "state: \"surprise_general\" 'Turenne': no strategic surprise in progress (rule 20)",
            "surprise_general", json_integer(tu), NULL);
    refused(t, "march: \"surprise\" without a \"surprise_general\" (rule 20)", "march/surprise",
            json_integer(1), NULL);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "surprise Turenne");
    assert_int_equal(S(t)->phase, P_SURP_TEST);
    reload_ok(t);
    refused(t, "'Turenne': his test is not rolled yet (rule 20)", "march/surprise", json_integer(1),
            NULL);
    refused(t, "'Spain A': he cannot lead a surprise of the camp testing (rule 20)",
            "surprise_general", json_integer(sa), NULL);
    vbt_dice(t, "3"); /* D6 3 <= SC 3: the surprise's campaign */
    assert_int_equal(S(t)->phase, P_IMPULSE);
    reload_ok(t);
    refused(t, "'Turenne': no strategic surprise in progress (rule 20)", "march/surprise",
            json_integer(0), NULL);
    refused(t, "march: \"surprise\" without", "surprise_general", json_integer(-1), NULL);
    refused(t, "'Spain A': not a general of the camp of the surprise (rule 20)", "surprise_general",
            json_integer(sa), NULL);
    /* twenty-eighth session: a general who cannot lead it (20, "a general
     * with an army"): Conde not arrived yet (the Reserve) and Luxembourg
     * out of this scenario; a general leaves the map in the surprise only
     * through its combat (killed, 17.1.2, or taken, 17.2), after its army
     * has acted ("did") */
    refused(t, "'Conde': off the map before his army has acted (rule 20)", "surprise_general",
            json_integer(G(t, "Conde")), NULL);
    refused(t, "'Luxembourg': he is out of the game (rule 20)", "surprise_general",
            json_integer(G(t, "Luxembourg")), "did", json_integer(1), NULL);
    refused(t, "'Turenne': off the map before his army has acted (rule 20)", "generals/Turenne",
            json_string("reserve"), NULL);
    loads(t, "surprise_general", json_integer(G(t, "France M")),
          NULL); /* another French general on the map: nothing tells which was tested */
    loads(t, "surprise_general", json_integer(tu), "generals/Turenne", json_string("reserve"),
          "did", json_integer(1), NULL); /* killed in the surprise's battle */
    loads(t, "generals/Turenne", json_string("Picardie"), "did", json_integer(0), NULL);
    /* the surprise's march: Turenne's alone, one zone, no cavalry, nothing
     * left or taken on the way */
    vbt_act(t, "move Turenne");
    reload_ok(t);
    refused(t, "march: the strategic surprise of 'Turenne': cavalry marching (rule 20)",
            "march/units", json_pack("{s:i}", "France-cav", 1), NULL);
    refused(t, "'Turenne': a general other than its own (rule 20)", "march/generals",
            json_pack("[s,s]", "Turenne", "Vauban"), "marched",
            json_pack("[s,s]", "Turenne", "Vauban"), NULL);
    vbt_act(t, "march");
    step(t, "to Artois");
    assert_int_equal(S(t)->phase, P_MV_STEP);
    reload_ok(t);
    refused(t, "'Turenne': more than one zone entered (rule 20)", "march/zones", json_integer(2),
            NULL);
    refused(t, "'Turenne': units left or taken on the way (rule 20)", "march/changes",
            json_integer(1), NULL);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_22_1_alliance_cursor_in_file),
        cmocka_unit_test(test_22_1_24_camps_in_file),
        cmocka_unit_test(test_6_1_1_22_1_at_war_camp_in_file),
        cmocka_unit_test(test_22_1_swayed_in_file),
        cmocka_unit_test(test_19_campaign_cursor_in_file),
        cmocka_unit_test(test_23_end_in_file),
        cmocka_unit_test(test_13_march_generals_in_file),
        cmocka_unit_test(test_6_12_hidden_in_file),
        cmocka_unit_test(test_impossible_positions_in_file),
        cmocka_unit_test(test_eighteenth_positions_in_file),
        cmocka_unit_test(test_22_1_leaders_and_units_in_file),
        cmocka_unit_test(test_scalar_ranges_in_file),
        cmocka_unit_test(test_9_cabinet_choice_in_file),
        cmocka_unit_test(test_7_frozen_and_locked_in_file),
        cmocka_unit_test(test_general_sets_in_file),
        cmocka_unit_test(test_twentieth_procedures_in_file),
        cmocka_unit_test(test_10_12_20_turns_in_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
