/* test_odds.c - the exact odds shown before a combat or a siege choice
 * (`vauban odds`, play's `odds`, rs_odds.c): from words with the generals
 * named, the siege's outcomes, the Coalition attacking; split from
 * test_combat.c (rules 14-17) in the twentieth session. Positions are the
 * Devolution set-up with scripted dice (the helpers are in rs_test.h). */
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

/* the odds hook from words: a combat round sums to 1 over the Losses
 * table's classes; bad words change nothing and say why */
static void test_odds_words(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state pos;
    vb_action first;
    vb_odds o;
    char w0[] = "combat", w1[] = "10", w2[] = "10", w3[] = "att-art=2";
    char *argv[] = {w0, w1, w2, w3};
    assert_int_equal(vb_odds_setup(t->g, &pos, 0, 4, argv, &first, &t->cx), 0);
    assert_int_equal(pos.phase, P_CB_ROUND);
    assert_int_equal(pos.cb.battle, 1); /* 12 v 10: a battle (17.1) */
    assert_int_equal(vb_odds_run(t->g, &pos, first, 0, &o, &t->cx), 0);
    long double tot = 0;
    for (int i = 0; i < o.n; i++)
        tot += o.rows[i].p;
    assert_true(tot > 0.999999L && tot < 1.000001L);
    assert_true(o.n >= 2);
    vb_odds_release(&o);
    char s0[] = "siege", s1[] = "5", s2[] = "3", s3[] = "fv=2";
    char *bad[] = {s0, s1, s2, s3};
    assert_true(vb_odds_setup(t->g, &pos, 0, 4, bad, &first, &t->cx) < 0);
    assert_non_null(strstr(t->cx.err, "beyond FV 2"));
    char u0[] = "melee";
    char *unk[] = {u0, s1, s2};
    assert_true(vb_odds_setup(t->g, &pos, 0, 3, unk, &first, &t->cx) < 0);
    /* with a position: no round to come outside a campaign decision */
    pos = *S(t);
    char r0[] = "attack", r1[] = "Brabant";
    char *ra[] = {r0, r1};
    assert_true(vb_odds_setup(t->g, &pos, 1, 2, ra, &first, &t->cx) < 0);
    vbt_free(t);
}

/* the odds from words (no position): the probability of the outcomes whose
 * text holds `want`; `pos` receives the position set up */
static long double words_p(vbt *t, rs_state *pos, const char *words, const char *want)
{
    char buf[160], *argv[12];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *w = strtok(buf, " "); w && argc < 12; w = strtok(NULL, " "))
        argv[argc++] = w;
    vb_action first;
    vb_odds o;
    if (vb_odds_setup(t->g, pos, 0, argc, argv, &first, &t->cx) < 0)
        fail_msg("odds '%s': %s", words, t->cx.err);
    rs_state run = *pos;
    if (vb_odds_run(t->g, &run, first, 0, &o, &t->cx) < 0)
        fail_msg("odds '%s': %s", words, t->cx.err);
    long double p = 0, tot = 0;
    for (int i = 0; i < o.n; i++) {
        tot += o.rows[i].p;
        if (strstr(o.rows[i].name, want))
            p += o.rows[i].p;
    }
    assert_true(tot > 0.999999L && tot < 1.000001L);
    vb_odds_release(&o);
    return p;
}

/* EVIDENCE-OF (17.1.1, 17.1.2): the odds' words set each side's units as
 * named (the defender's artillery the Coalition leader's, Spain's, so the
 * artillery superiority is the defender's: -1), and a side of 1 SP is a
 * combat while a side of none is refused */
static void test_odds_words_units(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state pos;
    char why[128];
    int lor = Z(t, "Lorraine");
    words_p(t, &pos, "combat 5 5 att-cav=1 def-cav=2 def-art=1 att-elite=3 def-elite=1", "");
    const uint8_t *A = pos.z[lor].army[RS_F], *D = pos.z[lor].army[RS_C];
    int fr = KIND(0, 0), co = KIND(1, 0);
    assert_int_equal(A[fr + T_INF], 5);
    assert_int_equal(A[fr + T_CAV], 1);
    assert_int_equal(A[fr + T_INFE], 3);
    assert_int_equal(A[fr + T_ART], 0);
    assert_int_equal(D[co + T_INF], 5);
    assert_int_equal(D[co + T_CAV], 2);
    assert_int_equal(D[co + T_ART], 1);
    assert_int_equal(D[co + T_INFE], 1);
    assert_int_equal(rs_army(&pos, lor, RS_F), 9);
    assert_int_equal(rs_army(&pos, lor, RS_C), 9);
    /* elite +1, artillery -1, cavalry -1 */
    assert_int_equal(rs_combat_mods(t->g, &pos, lor, RS_F, why, sizeof why), -1);
    words_p(t, &pos, "combat 1 3", "");
    assert_int_equal(rs_army(&pos, lor, RS_F), 1);
    char w0[] = "combat", w1[] = "0", w2[] = "3";
    char *argv[] = {w0, w1, w2};
    vb_action first;
    assert_true(vb_odds_setup(t->g, &pos, 0, 3, argv, &first, &t->cx) < 0);
    assert_non_null(strstr(t->cx.err, "both sides need SP"));
    /* a siege's outcome text cut to the buffer given, no byte past it: a
     * fortress taken with its FV (Lorraine's FV 2 to 0, France's marker) */
    words_p(t, &pos, "siege 5 2 fv=2", "");
    assert_int_equal(pos.phase, P_SG_ROLL);
    rs_state after = pos;
    after.z[lor].fv = 0;
    after.z[lor].mk = RS_F;
    char buf[64];
    t->g->def->odds_outcome(t->g, &pos, &after, buf, sizeof buf);
    assert_string_equal(buf, "fortress taken, -2 FV");
    for (size_t n = 1; n < 30; n++) {
        memset(buf, '#', sizeof buf);
        t->g->def->odds_outcome(t->g, &pos, &after, buf, n);
        assert_int_equal(strlen(buf), n - 1 < 21 ? n - 1 : 21);
        for (size_t i = n; i < sizeof buf; i++)
            assert_int_equal(buf[i], '#');
    }
    vbt_free(t);
}

/* the odds from words refuse `words` with an error holding `why` */
static void words_refused(vbt *t, const char *words, const char *why)
{
    char buf[160], *argv[12];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *w = strtok(buf, " "); w && argc < 12; w = strtok(NULL, " "))
        argv[argc++] = w;
    rs_state pos;
    vb_action first;
    if (vb_odds_setup(t->g, &pos, 0, argc, argv, &first, &t->cx) >= 0)
        fail_msg("odds '%s' accepted", words);
    if (!strstr(t->cx.err, why))
        fail_msg("odds '%s': %s, want '%s'", words, t->cx.err, why);
}

/* the odds' words take a fortress of FV 1-4 (13.1, the Fortress markers'
 * values), any count of 0 or more besieging cavalry and artillery, and name
 * an unknown general as given */
static void test_odds_words_ranges(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state pos;
    int lor = Z(t, "Lorraine");
    for (int fv = 1; fv <= 4; fv++) {
        char w[64];
        snprintf(w, sizeof w, "siege 5 1 fv=%d cav=0 art=0", fv);
        words_p(t, &pos, w, "");
        assert_int_equal(pos.z[lor].fv, fv);
    }
    words_p(t, &pos, "siege 5 0 fv=1 cav=2 art=1", "");
    assert_int_equal(rs_army(&pos, lor, RS_F), 8);
    words_refused(t, "siege 5 0 fv=0", "fv");
    words_refused(t, "siege 5 0 fv=5", "fv");
    words_refused(t, "combat 5 5 att-gen=Nobody", "odds: unknown general 'Nobody'");
    words_refused(t, "siege 5 1 gen=Nobody", "odds: unknown general 'Nobody'");
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.2 General, '*'; 18.1.2 Louis XIV, Vauban, Coehoorn, S):
 * the odds from words count the generals named with each side */
static void test_odds_words_generals(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state pos;
    char why[160];
    int lor = -1;
    /* combat: Turenne (TC 3) attacks Spain A (TC 2): +1 */
    words_p(t, &pos, "combat 10 10 att-gen=Turenne def-gen=Spain-A", "");
    lor = pos.cb.zone;
    assert_int_equal(rs_combat_mods(t->g, &pos, lor, RS_F, why, sizeof why), 1);
    assert_non_null(strstr(why, "TC"));
    words_p(t, &pos, "combat 10 10 att-gen=France-N def-gen=Marlborough", "");
    assert_int_equal(rs_combat_mods(t->g, &pos, lor, RS_F, why, sizeof why),
                     RS_D(t->g)->gd[G(t, "France N")].tc - RS_D(t->g)->gd[G(t, "Marlborough")].tc);
    /* each word puts its own kind in its own army: the defender's elite */
    words_p(t, &pos, "combat 10 10 def-elite=1", "");
    assert_int_equal(rs_combat_mods(t->g, &pos, lor, RS_F, why, sizeof why), -1);
    assert_non_null(strstr(why, "elite"));
    assert_null(strstr(why, "artillery"));
    /* '*': the commander named may die on a 1, Louis XIV never. 5 v 30 at
     * the 1/4 column, TC 1 - 4 = -3: D6 1-5 give rows 0-2, an attacker's
     * A with a star (5/6); 30 v 5 at 6/1, TC 4 - 1 = +3: D6 5-6 give rows
     * 8-9, a defender's A with a star (1/3) */
    const char *akill = "SP (commander killed on a 1), defender";
    long double ak = words_p(t, &pos, "combat 5 30 att-gen=France-N def-gen=Marlborough", akill);
    assert_true(fabsl(ak - 5.0L / 6) < 1e-12L);
    assert_true(words_p(t, &pos, "combat 5 30 att-gen=Louis-XIV def-gen=Marlborough", akill) == 0);
    long double dk = words_p(t, &pos, "combat 30 5 att-gen=Luxembourg def-gen=Spain-D",
                             "(commander killed on a 1)");
    assert_true(fabsl(dk - 1.0L / 3) < 1e-12L);
    /* Louis XIV attacking spares only himself: 35 v 5 with cavalry,
     * artillery and elite superiority, TC 0 - 1 + 3 = +2: a D6 6 gives row
     * 8, the defender's star (1/6) */
    long double lk = words_p(t, &pos,
                             "combat 30 5 att-cav=1 att-art=2 att-elite=2 att-gen=Louis-XIV "
                             "def-gen=Spain-D",
                             "(commander killed on a 1)");
    assert_true(fabsl(lk - 1.0L / 6) < 1e-12L);
    /* the same without a French general (TC 0 all the same) */
    lk = words_p(t, &pos, "combat 30 5 att-cav=1 att-art=2 att-elite=2 def-gen=Spain-D",
                 "(commander killed on a 1)");
    assert_true(fabsl(lk - 1.0L / 6) < 1e-12L);
    /* the defender's star is his alone: no attacker dies at 6/1 */
    assert_true(words_p(t, &pos, "combat 30 5 att-gen=Luxembourg def-gen=Spain-D", akill) == 0);
    assert_true(words_p(t, &pos, "combat 30 5", "commander killed") == 0);
    /* siege: Louis XIV +1, Vauban +2 with the besiegers; Coehoorn -1 in the
     * garrison */
    words_p(t, &pos, "siege 10 2 fv=2 gen=Vauban gen=Louis-XIV garrison-gen=Coehoorn", "");
    assert_int_equal(rs_siege_mods(t->g, &pos, why, sizeof why), 2);
    assert_non_null(strstr(why, "Vauban"));
    /* a sortie needs a general with the garrison: 1 v FV2 + 2 at 1/4, D6
     * 1-3 give S+ or S (no artillery: S), and the sortie's D6 below Spain
     * A's TC 2 costs the besieger its SP: 1/2 x 1/6 more */
    long double with = words_p(t, &pos, "siege 1 2 fv=2 garrison-gen=Spain-A", "besieger -1 SP");
    long double without = words_p(t, &pos, "siege 1 2 fv=2", "besieger -1 SP");
    assert_true(fabsl(with - without - 1.0L / 12) < 1e-12L);
    /* a general of the wrong side, an unknown one: refused, said why */
    char w0[] = "combat", w1[] = "10", w2[] = "10", w3[] = "att-gen=Spain-A", w4[] = "gen=Nobody";
    char *bad[] = {w0, w1, w2, w3};
    vb_action first;
    assert_true(vb_odds_setup(t->g, &pos, 0, 4, bad, &first, &t->cx) < 0);
    assert_non_null(strstr(t->cx.err, "is not a general of france"));
    char *unk[] = {w0, w1, w2, w4};
    assert_true(vb_odds_setup(t->g, &pos, 0, 4, unk, &first, &t->cx) < 0);
    /* one word a general: two generals with the besiegers are read (above),
     * the same general twice is refused */
    char s0[] = "siege", s2[] = "2", s3[] = "gen=Vauban", s4[] = "gen=vauban";
    char *twice[] = {s0, w1, s2, s3, s4};
    assert_true(vb_odds_setup(t->g, &pos, 0, 5, twice, &first, &t->cx) < 0);
    assert_non_null(strstr(t->cx.err, "'gen=vauban' given twice"));
    vbt_free(t);
}

/* the odds' outcomes of a siege round from words: the garrison beyond a
 * reduced FV leaves the fortress for the zone (18.1.2 #FV: not a loss of
 * the garrison), a fortress taken names its FV lost and the garrison's;
 * a combat needs SP on both sides; from a position, the word `effort`
 * commits the war effort (18.1.1) */
static void test_odds_siege_outcomes(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state pos;
    /* 40 v FV2 + 2: -1 FV on 2/3 of the rolls, and the garrison loses no
     * SP (one beyond the new FV leaves the fortress: not a loss) */
    assert_true(fabsl(words_p(t, &pos, "siege 40 2 fv=2", "-1 FV") - 2.0L / 3) < 1e-12L);
    assert_true(words_p(t, &pos, "siege 40 2 fv=2", "garrison") == 0);
    assert_true(
        fabsl(words_p(t, &pos, "siege 40 2 fv=2 art=4", "fortress taken, -2 FV, garrison -2 SP") -
              1.0L / 6) < 1e-12L);
    /* a garrison that loses some of its SP: the SP lost, not the sum */
    assert_true(words_p(t, &pos, "siege 40 3 fv=3 art=4", "garrison -1 SP") > 0);
    assert_true(words_p(t, &pos, "siege 40 3 fv=3 art=4", "garrison -5 SP") == 0);
    assert_true(words_p(t, &pos, "combat 1 5", "attacker -1 SP") == 1);
    char w0[] = "combat", w1[] = "0", w2[] = "5";
    char *none[] = {w0, w1, w2};
    vb_action first;
    assert_true(vb_odds_setup(t->g, &pos, 0, 3, none, &first, &t->cx) < 0);
    assert_non_null(strstr(t->cx.err, "both sides need SP"));
    vbt_free(t);
    /* from a position: Turenne before Flandre et Hainaut (FV4), with and
     * without the war effort */
    t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Flandre-et-Hainaut");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_true(vbt_legal(t, "siege Flandre-et-Hainaut"));
    for (int e = 0; e < 2; e++) {
        char s0[] = "siege", s1[] = "Flandre-et-Hainaut", s2[] = "effort";
        char *argv[] = {s0, s1, s2};
        pos = *S(t);
        assert_int_equal(vb_odds_setup(t->g, &pos, 1, 2 + e, argv, &first, &t->cx), 0);
        assert_int_equal(pos.phase, P_SG_ROLL);
        assert_int_equal(pos.sg.effort, e);
    }
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.2 '*'): the odds from a position where the Coalition
 * attacks name the star of the French defender's commander: Spain A's
 * army, raised to 35 SP, against France M's 3 in Artois */
static void test_odds_coalition_attacks(void **state)
{
    (void)state;
    vbt *t = campaign();
    vb_action first;
    vb_odds o;
    rs_state pos = spain_a_attacks_artois(t, &first);
    rs_state run = pos;
    assert_int_equal(vb_odds_run(t->g, &run, first, 0, &o, &t->cx), 0);
    long double dk = 0, ak = 0;
    for (int i = 0; i < o.n; i++) {
        const char *d = strstr(o.rows[i].name, "defender");
        if (d && strstr(d, "commander killed"))
            dk += o.rows[i].p;
        if (strstr(o.rows[i].name, "commander killed on a 1), defender"))
            ak += o.rows[i].p;
    }
    vb_odds_release(&o);
    /* 35 v 3 at 6/1 (Spain A TC 2 against France M): a D6 6 gives the
     * defender's A with a star (1/6); the attacker's commander never */
    assert_true(fabsl(dk - 1.0L / 6) < 1e-12L);
    assert_true(ak == 0);
    vbt_free(t);
}

/* the Coalition besieging: a French fortress's SP beyond its reduced FV
 * leave for the zone, no loss of the garrison (Artois FV 2 with 2 French
 * SP, the Coalition's army of Brabant and Reserve, its Siege marker), as for
 * France; the SP eliminated are a loss */
static void test_odds_coalition_siege(void **state)
{
    (void)state;
    vbt *t = coalition_campaign_with_siege();
    rs_state *s = S(t), pos;
    int art = Z(t, "Artois"), bra = Z(t, "Brabant"), fi = KIND(0, T_INF);
    for (int k = 0; k < RS_NT; k++) {
        s->c[RS_F].reserve[k] =
            (uint8_t)(s->c[RS_F].reserve[k] + s->z[art].army[RS_F][k] + s->z[art].garr[k]);
        s->z[art].army[RS_F][k] = s->z[art].garr[k] = 0;
        s->z[art].army[RS_C][k] = s->z[bra].army[RS_C][k];
        s->z[bra].army[RS_C][k] = 0;
    }
    s->gz[G(t, "France M")] = GZ_RESERVE;
    s->z[art].fv = 2;
    s->z[art].garr[fi] = 2;
    s->c[RS_F].reserve[fi] = (uint8_t)(s->c[RS_F].reserve[fi] - 2);
    for (int k = 0; k < RS_NT; k++) { /* the Coalition's Reserve too */
        s->z[art].army[RS_C][k] = (uint8_t)(s->z[art].army[RS_C][k] + s->c[RS_C].reserve[k]);
        s->c[RS_C].reserve[k] = 0;
    }
    s->gz[G(t, "Spain A")] = (int8_t)art;
    check_ok(t);
    char w0[] = "siege", w1[] = "Artois";
    char *argv[] = {w0, w1};
    vb_action first;
    vb_odds o;
    pos = *s;
    if (vb_odds_setup(t->g, &pos, 1, 2, argv, &first, &t->cx))
        fail_msg("%s", t->cx.err);
    assert_int_equal(pos.sg.camp, RS_C);
    rs_state run = pos;
    assert_int_equal(vb_odds_run(t->g, &run, first, 0, &o, &t->cx), 0);
    long double fv1 = 0, garr = 0;
    for (int i = 0; i < o.n; i++) {
        if (!strncmp(o.rows[i].name, "-1 FV", 5))
            fv1 += o.rows[i].p;
        if (!strncmp(o.rows[i].name, "-1 FV", 5) && strstr(o.rows[i].name, "garrison"))
            garr += o.rows[i].p;
    }
    vb_odds_release(&o);
    assert_true(fv1 > 0);
    assert_true(garr == 0);
    /* a round whose Es eliminates the SP beyond (18.1.2): the garrison's
     * loss shown (no French army grew) */
    rs_state after = pos;
    after.z[art].fv = 1;
    after.z[art].garr[fi] = 1;
    after.c[RS_F].reserve[fi]++;
    char buf[64];
    t->g->def->odds_outcome(t->g, &pos, &after, buf, sizeof buf);
    assert_string_equal(buf, "-1 FV, garrison -1 SP");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_odds_words),           cmocka_unit_test(test_odds_words_units),
        cmocka_unit_test(test_odds_words_ranges),    cmocka_unit_test(test_odds_words_generals),
        cmocka_unit_test(test_odds_siege_outcomes),  cmocka_unit_test(test_odds_coalition_attacks),
        cmocka_unit_test(test_odds_coalition_siege),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
