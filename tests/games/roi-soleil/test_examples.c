/* test_examples.c - the worked examples of the Roi Soleil rulebook replayed
 * with their own dice: the War of Devolution example of rule 20 (march,
 * attrition, skirmish, siege), the Movement Table examples of 13.1.1, the
 * attrition column example of 14 and the pursuit example of 19. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "odds.h"
#include "vbtest.h"
#include "rs_test.h"

/* The Devolution position of 1667 up to the French campaign: no event,
 * no loans, markers chosen (France: battle and two sieges). */
static vbt *devolution_campaign(void)
{
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    vbt_dice(t, "1"); /* [7] no event */
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "3"); /* France's cabinet roll */
    vbt_act(t, "take battle");
    vbt_act(t, "take siege");
    vbt_act(t, "done");
    vbt_dice(t, "3");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    return t;
}

/* EVIDENCE-OF (rule 20 example): "The French Army in Picardy, composed of
 * 20 SP, spends 2 RP to carry out a movement of one zone toward Brabant ...
 * no modifier ... The result of the D6 roll is 5 ; 1 x infantry SP is
 * eliminated." Then the skirmish (19 v 6 -> 3/1, +4, D6 3 -> 7: '-' and C,
 * 1 SP), the Spanish retreat for 1 RP, and the siege of the FV2 (2 rounds,
 * D6 1 +6 = 7: breach and -1 FV; D6 3 +7 = 10: the last FV removed), the
 * French control marker and no GP. */
/* the exact odds of the round that 'words' starts from this position
 * (the odds hook): the probability of the outcome named `want` */
static long double odds_of(vbt *t, const char *words, const char *want)
{
    rs_state pos = *S(t);
    char buf[128], *argv[8];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *w = strtok(buf, " "); w && argc < 7; w = strtok(NULL, " "))
        argv[argc++] = w;
    vb_action first;
    vb_odds o;
    if (vb_odds_setup(t->g, &pos, 1, argc, argv, &first, &t->cx) < 0 ||
        vb_odds_run(t->g, &pos, first, 0, &o, &t->cx) < 0)
        fail_msg("odds '%s': %s", words, t->cx.err);
    long double p = 0, tot = 0;
    for (int i = 0; i < o.n; i++) {
        tot += o.rows[i].p;
        if (!strcmp(o.rows[i].name, want))
            p = o.rows[i].p;
    }
    assert_true(tot > 0.999999L && tot < 1.000001L);
    vb_odds_release(&o);
    return p;
}

static void test_devolution_example(void **state)
{
    (void)state;
    vbt *t = devolution_campaign();
    int pic = Z(t, "Picardie"), bra = Z(t, "Brabant"), fh = Z(t, "Flandre et Hainaut");
    assert_int_equal(S(t)->c[RS_F].rp, 12);
    assert_int_equal(rs_army(S(t), pic, RS_F), 20);
    vbt_act(t, "move Louis-XIV");
    vbt_act(t, "with Turenne");
    vbt_act(t, "with Vauban");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    assert_int_equal(S(t)->c[RS_F].rp, 10); /* 20 SP: 2 RP */
    vbt_dice(t, "5");
    assert_true(vbt_logged(t, "D6 5+0 = 5 - 1 SP lost"));
    /* 17.1.1, 14: the owner chooses the SP (the example keeps 12 infantry,
     * 5 cavalry and 2 artillery: an infantry SP) */
    assert_int_equal(S(t)->phase, P_LOSS);
    assert_true(vbt_legal(t, "lose France-art"));
    assert_true(vbt_legal(t, "lose France-cav-elite"));
    int fres = S(t)->c[RS_F].reserve[T_INF];
    vbt_act(t, "lose France-inf");
    /* 14: "The eliminated units are placed in the Reserve of the concerned camp" */
    assert_int_equal(S(t)->c[RS_F].reserve[T_INF], fres + 1);
    const uint8_t *fa = S(t)->z[bra].army[RS_F];
    assert_int_equal(rs_army(S(t), bra, RS_F), 19);
    assert_int_equal(fa[T_INF] + fa[T_INFE], 12);
    assert_int_equal(fa[T_INFE], 1);
    assert_int_equal(fa[T_CAV] + fa[T_CAVE], 5);
    assert_int_equal(fa[T_ART], 2);
    /* the odds before committing (the hook behind `vauban odds` and play's
     * odds): 19 v 6 at 3/1 with +4: D6 3 (-/C) and 4 give 1 SP to the
     * Spanish and none to the French; the position is not changed */
    rs_state keep = *S(t);
    long double p = odds_of(t, "attack Brabant", "attacker -0 SP, defender -1 SP");
    assert_true(p > 0.333L && p < 0.334L);
    assert_memory_equal(&keep, S(t), sizeof keep);
    /* combat: a skirmish, no battle marker spent */
    vbt_act(t, "attack Brabant");
    assert_true(vbt_logged(t, "france attacks in Brabant: 19 SP against 6 - a skirmish"));
    vbt_act(t, "command Turenne"); /* 3.2: the example's commander (TC 3) */
    vbt_act(t, "evade");
    vbt_dice(t, "3"); /* 3 - 1 = 2: the test fails */
    assert_true(vbt_logged(t, "D6 3-1 = 2 failed"));
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "19/6, column 5; D6 3 +1 TC +1 elite +1 artillery +1 cavalry = 7: "
                              "attacker - (0 SP), defender C (1 SP)"));
    /* "The Spanish player eliminates 1 infantry SP": his choice */
    assert_int_equal(S(t)->who, RS_C);
    assert_true(vbt_legal(t, "lose Spain-cav"));
    int sres = S(t)->c[RS_C].reserve[KIND(1, T_INF)];
    vbt_act(t, "lose Spain-inf");
    /* "1 infantry SP which is placed in his reserves" */
    assert_int_equal(S(t)->c[RS_C].reserve[KIND(1, T_INF)], sres + 1);
    assert_int_equal(rs_army(S(t), bra, RS_C), 5);
    assert_int_equal(S(t)->z[bra].army[RS_C][KIND(1, T_INF)], 3);
    assert_int_equal(rs_held(S(t), RS_F, CAT_BATTLE) >= 0, 1); /* kept: a skirmish */
    assert_true(vbt_logged(t, "france wins the skirmish"));
    int crp = S(t)->c[RS_C].rp;
    vbt_act(t, "withdraw Flandre-et-Hainaut");
    assert_int_equal(S(t)->c[RS_C].rp, crp - 1);
    vbt_dice(t, "1"); /* the retreat's attrition (no die printed): none */
    assert_int_equal(rs_army(S(t), fh, RS_C), 5);
    assert_int_equal(S(t)->gp, 6); /* no GP for a skirmish */
    /* siege odds: 14/2 (7/1), +6: a 1 gives 'Br -1FV' as printed */
    assert_true(odds_of(t, "siege Brabant", "-1 FV, breach") >= 1.0L / 6 - 1e-9L);
    /* siege */
    vbt_act(t, "siege Brabant");
    vbt_dice(t, "2");
    assert_int_equal(S(t)->sg.rounds, 2);
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    assert_true(vbt_logged(t, "D6 1 +1 assault +1 Louis XIV +2 Vauban +2 bombardment = 7"));
    assert_int_equal(S(t)->z[bra].fv, 1);
    assert_int_equal(S(t)->sg.breach, 1);
    vbt_act(t, "continue-siege");
    vbt_act(t, "no-effort");
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "+2 bombardment +1 breach = 10"));
    assert_int_equal(S(t)->z[bra].fv, 0);
    assert_int_equal(rs_ctrl(t->g, S(t), bra), RS_F);
    assert_int_equal(S(t)->z[bra].mk, RS_F);
    assert_int_equal(S(t)->gp, 6); /* no GP for an FV2 */
    assert_int_equal(rs_held(S(t), RS_F, CAT_SIEGE), -1);
    vbt_free(t);
}

/* EVIDENCE-OF (13.1.1): "an army of 25 SP ... spends 3 RP"; 28 SP -> 3,
 * picking up 3 SP -> 4 (31-40); 10 SP via a transit box -> 2 RP (13.4). */
static void test_movement_table(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", NULL, 1);
    static const struct {
        int sp, dbl, rp;
    } rows[] = {{10, 0, 1}, {20, 0, 2}, {25, 0, 3}, {28, 0, 3}, {31, 0, 4},
                {40, 0, 4}, {10, 1, 2}, {11, 0, 2}, {0, 0, 0},  {41, 1, 10}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rs_move_cost(t->g, rows[i].sp, rows[i].dbl) != rows[i].rp)
            fail_msg("13.1.1 row %zu: %d SP%s costs %d, expected %d", i, rows[i].sp,
                     rows[i].dbl ? " doubled" : "", rs_move_cost(t->g, rows[i].sp, rows[i].dbl),
                     rows[i].rp);
    vbt_free(t);
}

/* a 28 SP French army in Picardie (Turenne, SC 3: -1 to attrition) */
static vbt *army_of_28(void)
{
    vbt *t = devolution_campaign();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie"), ch = Z(t, "Champagne et Brie");
    s->c[RS_F].reserve[T_INF] = (uint8_t)(s->c[RS_F].reserve[T_INF] - 8);
    s->z[pic].army[RS_F][T_INF] = (uint8_t)(s->z[pic].army[RS_F][T_INF] + 8);
    s->c[RS_F].reserve[T_CAV]--;
    s->z[ch].army[RS_F][T_CAV]++;
    assert_int_equal(rs_army(s, pic, RS_F), 28);
    assert_int_equal(rs_army(s, ch, RS_F), 3);
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    return t;
}

/* EVIDENCE-OF (13.1.1 and 14): "an army with 28 SP that moves must spend 3
 * RP; if it picks up 3 SP in a zone along the way, the movement cost is 4
 * (size 31-40)" and "determines attrition and desertion in column 31-40". */
static void test_pick_up_example(void **state)
{
    (void)state;
    vbt *t = army_of_28();
    step(t, "to Champagne-et-Brie");
    assert_int_equal(S(t)->c[RS_F].rp, 12 - 3);
    vbt_act(t, "pick France-inf");
    vbt_act(t, "pick France-cav");
    assert_int_equal(S(t)->c[RS_F].rp, 12 - 3); /* 30 SP: still 3 */
    vbt_act(t, "pick France-cav");
    assert_int_equal(S(t)->c[RS_F].rp, 12 - 4); /* 31 SP: 4 */
    vbt_act(t, "halt");
    /* D6 4 - 1 (SC 3) = 3: column 31-40 loses 1 SP (21-30 would lose none) */
    vbt_dice(t, "4");
    assert_true(vbt_logged(t, "(31 SP): D6 4-1 = 3 - 1 SP lost"));
    vbt_free(t);
}

/* EVIDENCE-OF (13.1.1): the march costs by the Movement Table's row of its
 * largest size, paid as it grows: 28 SP pay 3, at 31 SP one more, the 32nd
 * SP nothing more (31-40); 4 RP spent in all */
static void test_13_1_1_pick_up_paid(void **state)
{
    (void)state;
    vbt *t = army_of_28();
    rs_state *s = S(t);
    int ch = Z(t, "Champagne et Brie");
    s->c[RS_F].reserve[T_CAV]--;
    s->z[ch].army[RS_F][T_CAV]++; /* 4 SP to pick up there */
    step(t, "to Champagne-et-Brie");
    assert_int_equal(s->c[RS_F].rp, 12 - 3);
    vbt_act(t, "pick France-inf");
    vbt_act(t, "pick France-cav");
    vbt_act(t, "pick France-cav");
    assert_int_equal(s->c[RS_F].rp, 12 - 4); /* 31 SP: 4 */
    vbt_act(t, "pick France-cav");
    assert_int_equal(s->c[RS_F].rp, 12 - 4); /* 32 SP: still 4 */
    vbt_act(t, "halt");
    assert_true(vbt_logged(t, "halts in Champagne et Brie with 32 SP, 4 RP spent"));
    vbt_free(t);
}

/* EVIDENCE-OF (13.1.1): "Movements are strictly limited by the number of
 * RP available": the 31st SP, 1 RP more, is taken with exactly 1 RP left,
 * not with none; the 32nd, free, with none (thirtieth session, helper
 * rsb: the pick offered only with more RP than its cost passed every test
 * before) */
static void test_13_1_1_pick_up_last_rp(void **state)
{
    (void)state;
    vbt *t = army_of_28();
    rs_state *s = S(t);
    int ch = Z(t, "Champagne et Brie");
    s->c[RS_F].reserve[T_CAV]--;
    s->z[ch].army[RS_F][T_CAV]++; /* 4 SP to pick up there */
    step(t, "to Champagne-et-Brie");
    vbt_act(t, "pick France-inf");
    vbt_act(t, "pick France-cav"); /* 30 SP: still 3 RP */
    s->c[RS_F].rp = 0;
    assert_false(vbt_legal(t, "pick France-cav"));
    s->c[RS_F].rp = 1;
    assert_true(vbt_legal(t, "pick France-cav"));
    vbt_act(t, "pick France-cav");
    assert_int_equal(s->c[RS_F].rp, 0);
    assert_true(vbt_legal(t, "pick France-cav")); /* 32 SP: free */
    vbt_act(t, "pick France-cav");
    assert_int_equal(s->c[RS_F].rp, 0);
    vbt_free(t);
}

/* EVIDENCE-OF (13.1.1 and 14): "an army with 28 SP that leaves 9 SP in a
 * zone as it passes through still spends 3 RP" and "determines attrition
 * and desertion in column 21-30". */
static void test_leave_example(void **state)
{
    (void)state;
    vbt *t = army_of_28();
    step(t, "to Champagne-et-Brie");
    for (int i = 0; i < 9; i++)
        vbt_act(t, "drop France-inf");
    step(t, "to Lorraine");
    assert_int_equal(S(t)->c[RS_F].rp, 12 - 3);
    vbt_act(t, "halt");
    assert_int_equal(rs_army(S(t), Z(t, "Lorraine"), RS_F), 19);
    /* D6 4 +1 (second zone) -1 (SC 3) = 4: column 21-30 loses 1 SP (11-20,
     * the army's size at the end, would lose none) */
    vbt_dice(t, "4");
    assert_true(vbt_logged(t, "(28 SP): D6 4+0 = 4 - 1 SP lost"));
    vbt_free(t);
}

/* EVIDENCE-OF (19 example): the cursor on 4 and a D6 of 3 end the season. */
static void test_pursuit_example(void **state)
{
    (void)state;
    vbt *t = devolution_campaign();
    rs_state *s = S(t);
    s->cursor = 3; /* the fourth campaign ends now */
    s->c[RS_F].campaigns = 1;
    s->c[RS_C].campaigns = 2;
    vbt_act(t, "end-campaign");
    assert_int_equal(S(t)->cursor, 4);
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "the campaign season is over"));
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_devolution_example),     cmocka_unit_test(test_movement_table),
        cmocka_unit_test(test_pick_up_example),        cmocka_unit_test(test_13_1_1_pick_up_paid),
        cmocka_unit_test(test_13_1_1_pick_up_last_rp), cmocka_unit_test(test_leave_example),
        cmocka_unit_test(test_pursuit_example),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
