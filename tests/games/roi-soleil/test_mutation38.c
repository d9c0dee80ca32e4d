/* test_mutation38.c - the explanations and odds that the thirty-eighth
 * session's mutation pass (seed 38, helper gmo, docs/roi-soleil.md) found
 * untested in rs_explain.c (why a typed action is illegal, naming the
 * rule) and rs_odds.c: each fails with its surviving mutant planted
 * (messages "M38:", lines of b4fe022) and passes without. Positions are
 * the scenarios' set-ups, edited where a case needs it, with scripted
 * dice (the helpers are in rs_test.h). */
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

/* The text refused as illegal, its explanation holding needle. */
static void explained(vbt *t, const char *text, const char *needle)
{
    if (vbt_try(t, text) != VB_EILLEGAL)
        fail_msg("M38: '%s' not refused as illegal (%s)", text, t->cx.err);
    if (!strstr(t->cx.err, needle))
        fail_msg("M38: '%s' explained as: %s (expected '%s')", text, t->cx.err, needle);
}

/* 12: "each camp secretly bets 0 to 5 RP": in the bets a bet out of range
 * is named so; outside them a bet is refused as out of sequence (6.1.7).
 * (rs_explain.c:140 `phase != P_BET` as `==`: the two reasons swapped.) */
static void test_12_bet_explained_by_phase(void **state)
{
    (void)state;
    vbt *t = campaign();
    explained(t, "bet 3", "bets are made in sequence 6.1.7 (rule 12)");
    vbt_free(t);
    t = second_year();
    for (int i = 0; i < 4; i++)
        vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_BET);
    explained(t, "bet 6", "a bet is 0 to 5 RP and no more than the camp has (rule 12)");
    explained(t, "bet 99", "a bet is 0 to 5 RP");
    vbt_free(t);
}

/* 20: "the movement of a single zone" of a strategic surprise: its
 * march's first step refused for the RP (13.1.1) is named so, the second
 * step by the single zone. (rs_explain.c:93 `mv.zones >= 1` as `<= 1`:
 * the first step too was "a single zone".) */
static void test_20_surprise_first_step_explained(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "3");
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    assert_true(S(t)->mv.surprise);
    assert_int_equal(S(t)->mv.zones, 0);
    int rp = S(t)->c[RS_F].rp;
    S(t)->c[RS_F].rp = 0; /* 15 SP in a surprise: 4 RP */
    explained(t, "to Artois", "the camp lacks the RP for this march (rule 13.1.1)");
    S(t)->c[RS_F].rp = (int16_t)rp;
    step(t, "to Artois");
    explained(t, "to Flandre-et-Hainaut", "a strategic surprise moves a single zone (rule 20)");
    vbt_free(t);
}

/* 18.1.2 Sh: the garrison's retreat "with honours" follows a surrender;
 * typed in a campaign, "honours ZONE" is refused naming the surrender,
 * whatever the zone. (rs_explain.c:127 `phase != P_HONOURS` as `==`: the
 * choice of the zone was explained instead.) */
static void test_18_1_2_honours_outside_a_surrender(void **state)
{
    (void)state;
    vbt *t = campaign();
    explained(t, "honours Picardie", "only after a surrender with honours (rule 18.1.2 Sh)");
    explained(t, "honours Nowhere", "only after a surrender with honours (rule 18.1.2 Sh)");
    vbt_free(t);
}

/* 13: a general alone does not enter a zone holding an enemy army: Turenne
 * marching without his SP, the Coalition's 1 SP in Artois next door, "to
 * Artois" is refused naming that rule, not the RP (a general alone pays
 * none); "to Flandre-et-Hainaut", no enemy army there, is legal.
 * (rs_explain.c:95 the
 * enemy army `> 0` as `> 1`: an army of 1 SP was not seen, and the general
 * alone was put down to the RP (as `rs_sp(mv.sp) == 0` as `== 1`);
 * :28 the adjacency scan `i < nadj` as `i > nadj`: every zone "not
 * adjacent".) */
static void test_13_general_alone_explained(void **state)
{
    (void)state;
    vbt *t = campaign();
    put(t, "Artois", RS_C, T_INF, 1);
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    rs_state *s = S(t);
    assert_int_equal(s->phase, P_MV_STEP);
    memset(s->mv.sp, 0, sizeof s->mv.sp); /* the general alone */
    s->mv.maxsp = 0;
    explained(t, "to Artois", "a general alone does not enter a zone with an enemy army (rule 13)");
    assert_true(vbt_legal(t, "to Flandre-et-Hainaut")); /* no enemy army there */
    vbt_free(t);
}

/* 15: scorched earth is by an army with its general: French SP in a zone
 * without a general (France holds a Scorched earth marker) are refused
 * naming the general, as is a zone with no French army. (rs_explain.c:54
 * `army == 0 || commander < 0` as `&&`: the army without a general went on
 * to the marker's other conditions.) */
static void test_15_scorch_needs_a_general(void **state)
{
    (void)state;
    vbt *t = campaign();
    const rs_data *d = t->g->data;
    int z = -1;
    for (int k = 0; k < d->nz && z < 0; k++)
        if (RS_SCEN(t->g, S(t))->playable[k] && rs_army(S(t), k, RS_F) == 0 &&
            rs_army(S(t), k, RS_C) == 0 && rs_commander(t->g, S(t), k, RS_F) < 0)
            z = k;
    assert_true(z >= 0);
    char a[64];
    snprintf(a, sizeof a, "scorch %s", d->z[z].name);
    for (char *p = a; *p; p++)
        if (*p == ' ' && p > a + 6)
            *p = '-';
    explained(t, a, "scorched earth needs your army with a general in the zone (rule 15)");
    put(t, d->z[z].name, RS_F, T_INF, 2);
    assert_true(rs_held(S(t), RS_F, CAT_SCORCH) >= 0);
    assert_true(rs_commander(t->g, S(t), z, RS_F) < 0);
    explained(t, a, "scorched earth needs your army with a general in the zone (rule 15)");
    vbt_free(t);
}

/* 11: in the constructions, units go into or out of a fortress only where
 * the camp raised it or a line this turn: "garrison ZONE" and
 * "from-garrison ZONE" where nothing was raised are refused naming rule 11.
 * (rs_explain.c:134 `"garrison" || "from-garrison"` as `&&`: no word is
 * both, so the prompt was given instead of the rule.) */
static void test_11_garrison_explained(void **state)
{
    (void)state;
    vbt *t = at_construction();
    static const char *const why = "units go into or out of a fortress here only where the camp "
                                   "raised it or a line this turn";
    explained(t, "garrison Artois", why);
    explained(t, "from-garrison Artois", why);
    vbt_free(t);
}

/* 13.1.2: "An army - but not a general alone - may carry out movement in
 * a zone indicated as neutral at the beginning of the scenario": in the
 * Reunions France B, his army sent back to the Reserve, is refused "to
 * Treves" (neutral) naming that rule, not the RP (a general alone pays
 * none). Found beside the seed-38 pass: rs_explain.c gave "the camp lacks
 * the RP for this march (rule 13.1.1)" (fixed). */
static void test_13_1_2_general_alone_neutral_explained(void **state)
{
    (void)state;
    vbt *t = rs_reunions_campaign();
    rs_state *s = S(t);
    int fb = G(t, "France B"), z = s->gz[fb];
    for (int i = 0; i < RS_NT; i++) {
        s->c[RS_F].reserve[i] = (uint8_t)(s->c[RS_F].reserve[i] + s->z[z].army[RS_F][i]);
        s->z[z].army[RS_F][i] = 0;
    }
    rs_update_control(t->g, s, z);
    vbt_act(t, "move France-B");
    vbt_act(t, "march");
    assert_int_equal(rs_sp(s->mv.sp), 0);
    explained(t, "to Treves", "a general alone does not enter a neutral zone (rule 13.1.2)");
    vbt_free(t);
}

/* 15 with general 0: Louis XIV (the first general of the data) commanding
 * 2 French SP alone is an army with a general; with no Scorched earth marker left,
 * "scorch ZONE" there is refused naming the marker, not the general.
 * (rs_explain.c:54 `commander < 0` as `<= 0`: general 0 was read as
 * none.) */
static void test_15_scorch_with_general_zero(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = t->g->data;
    int lx = G(t, "Louis XIV"), z = -1;
    assert_int_equal(lx, 0);
    for (int k = 0; k < d->nz && z < 0; k++) /* a zone of no army and no general */
        if (RS_SCEN(t->g, s)->playable[k] && rs_army(s, k, RS_F) == 0 && rs_army(s, k, RS_C) == 0 &&
            rs_commander(t->g, s, k, RS_F) < 0)
            z = k;
    assert_true(z >= 0);
    put(t, d->z[z].name, RS_F, T_INF, 2);
    s->gz[lx] = (int8_t)z; /* Louis XIV leads them alone */
    assert_int_equal(rs_commander(t->g, s, z, RS_F), 0);
    for (int i = 0; i < s->c[RS_F].npick; i++)
        if (s->c[RS_F].pick[i] == CAT_SCORCH)
            s->c[RS_F].pstate[i] = PK_USED;
    assert_true(rs_held(s, RS_F, CAT_SCORCH) < 0);
    char a[64];
    snprintf(a, sizeof a, "scorch %s", d->z[z].name);
    for (char *p = a + 7; *p; p++)
        if (*p == ' ')
            *p = '-';
    explained(t, a, "you hold no Scorched earth marker (rule 15)");
    vbt_free(t);
}

/* 17: an attack is on an enemy army in the zone: Turenne's army alone in
 * its zone, "attack ZONE" is refused naming the missing enemy army (and a
 * siege instead). (rs_explain.c:36 the other camp `o = 1 - c` as `0 - c`:
 * France's own army read as the enemy's.) */
static void test_17_attack_needs_an_enemy_army(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = t->g->data;
    int z = s->gz[G(t, "Turenne")];
    assert_true(rs_army(s, z, RS_F) > 0 && rs_army(s, z, RS_C) == 0);
    assert_int_equal(s->active, RS_F);
    char a[64];
    snprintf(a, sizeof a, "attack %s", d->z[z].name);
    for (char *p = a + 7; *p; p++)
        if (*p == ' ')
            *p = '-';
    explained(t, a, "there is no enemy army there: besiege a fortress instead (rule 17)");
    vbt_free(t);
}

/* 13.1, 9 with general 0: Louis XIV leading 2 French SP alone beside 2
 * Coalition SP is an army with a general; where a combat was fought this
 * campaign, "attack ZONE" is refused naming the one combat a zone, not a
 * missing general. (rs_explain.c:39 `commander < 0` as `<= 0`: general 0
 * was read as none.) */
static void test_9_attack_with_general_zero(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = t->g->data;
    int lx = G(t, "Louis XIV"), z = -1;
    for (int k = 0; k < d->nz && z < 0; k++) /* a zone of no army and no general */
        if (RS_SCEN(t->g, s)->playable[k] && rs_army(s, k, RS_F) == 0 && rs_army(s, k, RS_C) == 0 &&
            rs_commander(t->g, s, k, RS_F) < 0 && rs_commander(t->g, s, k, RS_C) < 0)
            z = k;
    assert_true(z >= 0);
    put(t, d->z[z].name, RS_F, T_INF, 2);
    put(t, d->z[z].name, RS_C, T_INF, 2);
    s->gz[lx] = (int8_t)z;
    assert_int_equal(rs_commander(t->g, s, z, RS_F), 0);
    s->z[z].used[RS_F] |= 0x10; /* a combat fought here this campaign */
    char a[64];
    snprintf(a, sizeof a, "attack %s", d->z[z].name);
    for (char *p = a + 7; *p; p++)
        if (*p == ' ')
            *p = '-';
    explained(t, a, "one combat per zone and campaign");
    vbt_free(t);
}

/* The odds from a position (`vauban odds roi-soleil --state FILE WORDS`):
 * the words are a legal attack or siege of the campaign, read as an
 * action; a word of one letter ("x") is such a text too, refused as an
 * illegal action naming it, nothing set up. (rs_odds.c:235 `text[0]` as
 * `text[1]`: a one-letter text was no action at all, and the odds went on
 * to look for a round in progress.) */
static void test_odds_one_letter_words_are_an_action(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state pos = *S(t);
    assert_int_equal(pos.phase, P_IMPULSE);
    vb_action first = VB_NONE;
    char w0[] = "x";
    char *argv[] = {w0, NULL};
    int rc = vb_odds_setup(t->g, &pos, 1, 1, argv, &first, &t->cx);
    if (rc != VB_EILLEGAL || !strstr(t->cx.err, "illegal action 'x'"))
        fail_msg("M38: odds 'x' from a campaign: %d %s", rc, t->cx.err);
    vbt_free(t);
}

/* The odds from words: every count word takes 0 to 60 SP, as the
 * infantry does ("combat INF INF [att-cav=N] ..."): 60 cavalry accepted
 * and placed, 61 refused naming the word. (rs_odds.c:119 the counts'
 * maximum 60 as 59: 60 refused.) */
static void test_odds_count_words_up_to_sixty(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    static const char *const ok[] = {"combat", "1", "1", "att-cav=60", "def-art=60"};
    static const char *const bad[] = {"combat", "1", "1", "att-cav=61"};
    char w[5][16], *argv[6];
    for (int i = 0; i < 5; i++) {
        snprintf(w[i], sizeof w[i], "%s", ok[i]);
        argv[i] = w[i];
    }
    argv[5] = NULL;
    rs_state pos;
    vb_action first = VB_NONE;
    if (vb_odds_setup(t->g, &pos, 0, 5, argv, &first, &t->cx))
        fail_msg("M38: 'combat 1 1 att-cav=60 def-art=60' refused: %s", t->cx.err);
    int z = Z(t, "Lorraine");
    assert_int_equal(rs_army(&pos, z, RS_F), 61);
    assert_int_equal(rs_army(&pos, z, RS_C), 61);
    for (int i = 0; i < 4; i++) {
        snprintf(w[i], sizeof w[i], "%s", bad[i]);
        argv[i] = w[i];
    }
    argv[4] = NULL;
    if (vb_odds_setup(t->g, &pos, 0, 4, argv, &first, &t->cx) >= 0 || !strstr(t->cx.err, "att-cav"))
        fail_msg("M38: 'att-cav=61' accepted or not named: %s", t->cx.err);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_12_bet_explained_by_phase),
        cmocka_unit_test(test_20_surprise_first_step_explained),
        cmocka_unit_test(test_18_1_2_honours_outside_a_surrender),
        cmocka_unit_test(test_13_general_alone_explained),
        cmocka_unit_test(test_15_scorch_needs_a_general),
        cmocka_unit_test(test_11_garrison_explained),
        cmocka_unit_test(test_13_1_2_general_alone_neutral_explained),
        cmocka_unit_test(test_15_scorch_with_general_zero),
        cmocka_unit_test(test_17_attack_needs_an_enemy_army),
        cmocka_unit_test(test_9_attack_with_general_zero),
        cmocka_unit_test(test_odds_one_letter_words_are_an_action),
        cmocka_unit_test(test_odds_count_words_up_to_sixty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
