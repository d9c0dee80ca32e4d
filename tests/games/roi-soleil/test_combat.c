/* test_combat.c - the rules of the campaign's fights, in document order:
 * attrition (14), scorched earth (15), decoy (16), combat (17) and the odds
 * rendered with a combat (the odds from words, of sieges and of the
 * Coalition's attacks are in test_odds.c, the sieges' rules, 18, in
 * test_siege.c). Positions are the Devolution set-up, edited where a case
 * needs it, with scripted dice (the helpers are in rs_test.h). */
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

/* EVIDENCE-OF (14.1): "Movement (stopped or moving through) in a zone with
 * a Scorched earth marker: +2 ... for each zone crossed"; +1 per zone from
 * the second; -1 for a general whose SC is not 0 */
static void test_14_1_modifiers(void **state)
{
    (void)state;
    /* D6 1: 1 + 1 + 2 + 2 - 1 = 5; D6 6: 10, past the table's last row (9
     * or more): its 2 SP for 11-20 SP */
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        S(t)->z[Z(t, "Champagne et Brie")].scorched = 1;
        S(t)->z[Z(t, "Lorraine")].scorched = 1;
        vbt_act(t, "move Turenne");
        vbt_act(t, "march");
        step(t, "to Champagne-et-Brie");
        step(t, "to Lorraine");
        vbt_act(t, "halt");
        vbt_dice(t, k == 0 ? "1" : "6");
        assert_true(vbt_logged(t, k == 0 ? "(20 SP): D6 1+4 = 5 - 1 SP lost"
                                         : "(20 SP): D6 6+4 = 10 - 2 SP lost"));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (13.1.1, 14): "Two armies of the same camp that remain in
 * the same zone are united at the end of the movement, and after the
 * determination of attrition and desertion": France N's 2 SP (1 infantry,
 * 1 cavalry) join Turenne's 20 SP in Picardie; the attrition's SP come out
 * of France N's army only (no artillery of Turenne's to choose), and a loss
 * of 2 takes both of its SP and none of Turenne's. The army state file
 * keeps the army under attrition. */
static void test_14_attrition_before_union(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int pic = Z(t, "Picardie");
        s->z[pic].scorched = 1; /* 15: by the French marker, used */
        s->c[RS_F].pstate[rs_held(s, RS_F, CAT_SCORCH)] = PK_USED;
        vbt_act(t, "move France-N");
        vbt_act(t, "march");
        step(t, "to Picardie");
        vbt_act(t, "halt");
        assert_int_equal(s->phase, P_ATTR);
        assert_int_equal(rs_sp(s->attr_army), 2);
        reload_ok(t);
        refused_with(t, "attrition_units", json_pack("{s:i}", "France-art", 5),
                     "attrition_units must be part of the army under attrition");
        s = S(t);
        if (k)
            s->attr_mod = 5; /* 6 + 5: 2 SP, the table's most for 1-10 SP */
        vbt_dice(t, "6");
        if (k == 0) {
            assert_int_equal(s->phase, P_LOSS); /* 1 SP: infantry or cavalry */
            assert_true(vbt_legal(t, "lose France-cav"));
            assert_true(vbt_legal(t, "lose France-inf"));
            assert_false(vbt_legal(t, "lose France-art"));
            assert_false(vbt_legal(t, "lose France-inf-elite"));
            reload_ok(t);
            s = S(t);
            int cav = s->c[RS_F].reserve[KIND(0, T_CAV)];
            vbt_act(t, "lose France-cav");
            assert_int_equal(rs_army(s, pic, RS_F), 21);
            assert_int_equal(s->c[RS_F].reserve[KIND(0, T_CAV)], cav + 1); /* to the Reserve */
        } else {
            assert_int_not_equal(s->phase, P_LOSS);
            assert_int_equal(rs_army(s, pic, RS_F), 20);
        }
        assert_int_equal(rs_sp(s->attr_army), 0);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (11, 14): "A Line of defence alone in a zone (without units)
 * is eliminated": an army destroyed by its attrition leaves its line alone
 * (1 SP left in Artois with a French line, D6 6 + 5: the SP lost) */
static void test_14_attrition_line_alone(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int art = Z(t, "Artois"), inf = KIND(0, T_INF);
    army_to_reserve(t, "Artois", RS_F); /* its army to the Reserve but 1 SP */
    s->c[RS_F].reserve[inf]--;
    s->z[art].army[RS_F][inf] = 1;
    s->z[art].line = 1;
    s->z[art].linec = RS_F;
    check_ok(t);
    int res = s->c[RS_F].reserve[inf];
    rs_start_attrition(t->g, s, art, RS_F, 1, 5, P_IMPULSE, s->z[art].army[RS_F]);
    vbt_dice(t, "6");
    lose_inf(t);
    /* 14: "The eliminated units are placed in the Reserve of the concerned camp" */
    assert_int_equal(s->c[RS_F].reserve[inf], res + 1);
    assert_int_equal(rs_army(s, art, RS_F), 0);
    assert_int_equal(s->z[art].line, 0);
    assert_int_equal(s->phase, P_IMPULSE);
    check_ok(t);
    reload_ok(t);
    vbt_free(t);
}

/* ---- 15 scorched earth ---- */
static void test_15_scorched(void **state)
{
    (void)state;
    vbt *t = campaign();
    /* EVIDENCE-OF (15): the obedience test, D6 <= SC of the commander (Turenne 3) */
    vbt_act(t, "scorch Picardie");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->z[Z(t, "Picardie")].scorched, 0);
    assert_false(vbt_legal(t, "scorch Picardie")); /* once per zone per campaign */
    vbt_free(t);
    t = campaign();
    vbt_act(t, "scorch Picardie");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->z[Z(t, "Picardie")].scorched, 1);
    assert_int_equal(rs_held(S(t), RS_F, CAT_SCORCH), -1);
    /* the campaign has acted (19: not a refusal), and its state file
     * reads back */
    assert_int_equal(S(t)->did, 1);
    reload_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (15): "an army must be located in the zone in which the
 * marker is placed" (France N alone in Champagne et Brie, his 2 SP sent to
 * the Reserve: not offered; 1 SP back: offered) and "The marker may be
 * kept and used for any campaign of the game turn" (refused by Turenne, D6
 * 4 > SC 3: still held, and offered in another zone) */
static void test_15_scorched_army_and_kept(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int ch = Z(t, "Champagne et Brie"), fi = KIND(0, T_INF);
    assert_int_equal(s->gz[G(t, "France N")], ch);
    army_to_reserve(t, "Champagne et Brie", RS_F);
    check_ok(t);
    assert_false(vbt_legal(t, "scorch Champagne-et-Brie"));
    s->c[RS_F].reserve[fi]--;
    s->z[ch].army[RS_F][fi] = 1;
    assert_true(vbt_legal(t, "scorch Champagne-et-Brie"));
    vbt_act(t, "scorch Picardie");
    vbt_dice(t, "4");
    assert_true(rs_held(s, RS_F, CAT_SCORCH) >= 0);
    assert_true(vbt_legal(t, "scorch Artois"));
    /* "the Scorched earth marker that he chose": once placed, no other */
    vbt_act(t, "scorch Champagne-et-Brie");
    vbt_dice(t, "1"); /* France N, SC 1 */
    assert_int_equal(s->z[ch].scorched, 1);
    assert_false(vbt_legal(t, "scorch Artois"));
    vbt_free(t);
}

/* ---- 16, 17 combat ---- */
static void test_16_decoy(void **state)
{
    (void)state;
    vbt *t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    /* the defender decides whether to play its decoy */
    assert_int_equal(S(t)->phase, P_CB_DECOY);
    assert_int_equal(vb_to_move(t->g, S(t)), RS_C);
    /* EVIDENCE-OF (16): the decoy cancels the battle marker */
    vbt_act(t, "decoy");
    assert_int_equal(S(t)->phase, P_IMPULSE);
    assert_int_equal(rs_army(S(t), Z(t, "Brabant"), RS_C), 10);
    assert_true(rs_contested(t->g, S(t), Z(t, "Brabant")));
    /* the cancelled battle marker is not counted as unused (22.4) */
    int cancelled = 0;
    for (int i = 0; i < S(t)->c[RS_F].npick; i++)
        cancelled += S(t)->c[RS_F].pstate[i] == PK_CANCELLED;
    assert_int_equal(cancelled, 1);
    vbt_free(t);
}

/* EVIDENCE-OF (16): the Decoy is offered whichever of the chosen markers it
 * is (here the Coalition's first) */
static void test_16_decoy_first_marker(void **state)
{
    (void)state;
    vbt *t = battle_position();
    rs_state *s = S(t);
    uint8_t p = s->c[RS_C].pick[0];
    s->c[RS_C].pick[0] = s->c[RS_C].pick[1];
    s->c[RS_C].pick[1] = p;
    assert_int_equal(s->c[RS_C].pick[0], CAT_DECOY);
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    assert_true(vbt_legal(t, "decoy"));
    vbt_act(t, "decoy");
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->c[RS_C].pstate[0], PK_USED);
    vbt_free(t);
}

static void test_17_battle(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->c[RS_F].pstate[0] = PK_USED; /* no battle marker left */
    put(t, "Brabant", RS_C, T_INF, 4);
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    /* EVIDENCE-OF (17.1): 10 SP or more each: a battle needs its marker */
    assert_false(vbt_legal(t, "attack Brabant"));
    vbt_free(t);

    t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    /* 20 v 10: 2/1; +1 TC, +1 elite, +1 artillery, +1 cavalry; D6 1 = 5:
     * D for the attacker (1 SP at 11-20), C for the defender (1 SP at 1-10) */
    vbt_dice(t, "1");
    if (!vbt_logged(t, "20/10, column 4; D6 1 +1 TC +1 elite +1 artillery +1 cavalry = 5: "
                       "attacker D (1 SP), defender C (1 SP)"))
        fail_msg("%s", t->log);
    lose_inf(t);
    /* 17.1.3: three rounds at most; both fight on */
    vbt_act(t, "fight-on");
    vbt_act(t, "fight-on");
    vbt_dice(t, "1");
    lose_inf(t);
    vbt_act(t, "fight-on");
    vbt_act(t, "fight-on");
    vbt_dice(t, "1");
    lose_inf(t);
    vbt_act(t, "stay"); /* 17.2: the loser stays or withdraws */
    assert_int_equal(S(t)->cb.zone, -1);
    /* 17.1.4: 3 SP lost each, a tie: the attacker wins; 17.3 and 22.2.2:
     * a GP, doubled by Louis XIV in the zone; 22.1: the Coalition's allies
     * one space toward Neutral */
    assert_true(vbt_logged(t, "france wins the battle"));
    assert_int_equal(S(t)->gp, 8);
    assert_int_equal(S(t)->alpos[3], 5);
    assert_int_equal(S(t)->alpos[4], 1);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 17.2): a won battle moves the loser's allies toward
 * Neutral; one that reaches it is neutralised at the battle's end: "all its
 * units and generals are removed from the map", and "A general who finds
 * himself without units is taken prisoner" wherever its SP leave him alone
 * beside an enemy army (here Flandre et Hainaut, its fortress razed), whose
 * control passes to France */
static void test_22_1_neutralised_by_battle(void **state)
{
    (void)state;
    vbt *t = battle_position();
    rs_state *s = S(t);
    int fla = Z(t, "Flandre et Hainaut"), ui = KIND(3, T_INF), sb = G(t, "Spain B");
    int ue = G(t, "United Provinces E");
    s->z[fla].fv = 0;
    put(t, "Flandre et Hainaut", RS_F, T_INF, 2);
    s->c[RS_C].reserve[KIND(1, T_INF)] = (uint8_t)(s->c[RS_C].reserve[KIND(1, T_INF)] - 2);
    s->z[fla].army[RS_C][ui] = 2; /* a Dutch army under a Spanish general */
    s->gz[sb] = (int8_t)fla;
    s->gz[ue] = (int8_t)fla;
    s->alpos[3] = 1; /* the United Provinces one space from Neutral */
    check_ok(t);
    assert_int_equal(rs_ctrl(t->g, s, fla), RS_C);
    int res = s->c[RS_C].reserve[ui];
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    for (int round = 0; round < 3; round++) {
        if (round) {
            vbt_act(t, "fight-on");
            vbt_act(t, "fight-on");
        }
        vbt_dice(t, "1");
        lose_inf(t);
        if (round == 2)
            break;
        /* nothing happens outside the battle before its end */
        assert_false(s->neutralised[3]);
        assert_int_equal(s->gz[sb], fla);
    }
    /* the third round ends the battle (17.1.3): 3 SP lost each, the
     * attacker wins (17.1.4); 22.1 applies before the loser's choice (17.2) */
    assert_true(vbt_logged(t, "france wins the battle"));
    assert_true(s->neutralised[3]);
    vbt_act(t, "stay");
    assert_int_equal(s->cb.zone, -1);
    assert_int_equal(s->z[fla].army[RS_C][ui], 0);
    assert_int_equal(s->c[RS_C].reserve[ui], res + 2);
    assert_int_equal(s->gz[ue], GZ_RESERVE);
    assert_int_equal(s->gz[sb], GZ_PRISON);
    assert_int_equal(rs_ctrl(t->g, s, fla), RS_F);
    assert_int_equal(rs_army(s, fla, RS_F), 2);
    /* the Spanish army in Brabant, no Dutch SP in it, stays with its general */
    assert_int_equal(s->gz[G(t, "Spain A")], Z(t, "Brabant"));
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.1): "the number of SP to be eliminated by the owning
 * player": the owner picks each SP, the attacker first; an army of one type,
 * or one that loses everything, has no choice to make; in the closed game
 * the type chosen is seen by its owner only */
static void test_17_1_1_owner_losses(void **state)
{
    (void)state;
    vbt *t = battle_position();
    int bra = Z(t, "Brabant");
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    const uint8_t *fa = S(t)->z[bra].army[RS_F];
    uint8_t before[RS_NT];
    memcpy(before, fa, RS_NT);
    int res_art = S(t)->c[RS_F].reserve[T_ART], res_inf = S(t)->c[RS_C].reserve[KIND(1, T_INF)];
    vbt_dice(t, "1"); /* D (1 SP) for the attacker, C (1 SP) for the defender */
    assert_int_equal(S(t)->phase, P_LOSS);
    assert_int_equal(S(t)->who, RS_F);
    assert_int_equal(S(t)->loss[RS_F], 1);
    for (int ty = 0; ty < RS_NTY; ty++) {
        char txt[32];
        snprintf(txt, sizeof txt, "lose France-%s", rs_type_names[ty]);
        assert_int_equal(vbt_legal(t, txt), before[ty] > 0);
    }
    /* a kind the army lacks, or another order, is refused and changes nothing */
    rs_state keep = *S(t);
    assert_true(rs_apply_loss(t->g, S(t), ACT(OP_LOSE, KIND(3, T_INF), 0, 0), &t->cx) < 0);
    assert_true(rs_apply_loss(t->g, S(t), ACT(OP_LOSE, RS_NT, 0, 0), &t->cx) < 0);
    assert_true(rs_apply_loss(t->g, S(t), ACT(OP_HALT, T_INF, 0, 0), &t->cx) < 0);
    assert_memory_equal(&keep, S(t), sizeof keep);
    vbt_act(t, "lose France-art");
    assert_true(vbt_logged(t, "[17.1.1] france eliminates 1 France-art SP"));
    assert_int_equal(fa[T_ART], before[T_ART] - 1);
    assert_int_equal(fa[T_INF], before[T_INF]);
    assert_int_equal(S(t)->c[RS_F].reserve[T_ART], res_art + 1);
    /* then the defender chooses */
    assert_int_equal(S(t)->phase, P_LOSS);
    assert_int_equal(S(t)->who, RS_C);
    assert_false(vbt_legal(t, "lose Spain-art"));
    vbt_act(t, "lose Spain-cav");
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    assert_int_equal(S(t)->c[RS_C].reserve[KIND(1, T_INF)], res_inf);
    assert_int_equal(S(t)->loss[RS_F] + S(t)->loss[RS_C], 0);
    vbt_free(t);

    /* an army of infantry only: no choice, the SP is taken at once */
    t = battle_position();
    uint8_t *ca = S(t)->z[bra].army[RS_C];
    ca[KIND(1, T_INF)] = (uint8_t)(ca[KIND(1, T_INF)] + ca[KIND(1, T_CAV)]);
    ca[KIND(1, T_CAV)] = 0;
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    vbt_act(t, "lose France-inf");
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    assert_int_equal(S(t)->c[RS_C].reserve[KIND(1, T_INF)], res_inf + 1);
    for (int i = 0; i < RS_NT; i++) /* no attrition in a combat's losses */
        assert_int_equal(S(t)->attr_army[i], 0);
    check_ok(t);
    reload_ok(t);
    vbt_free(t);

    /* attrition: the marching army picks its losses too (14) */
    t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "6"); /* 20 SP: D6 6 - 1 (SC 3) = 5: 1 SP */
    assert_int_equal(S(t)->phase, P_LOSS);
    vbt_act(t, "lose France-cav-elite");
    assert_int_equal(S(t)->z[Z(t, "Brabant")].army[RS_F][T_CAVE], 0);
    assert_int_equal(S(t)->phase, P_IMPULSE);
    vbt_free(t);

    /* closed game: the other camp reads that SP were lost, not which */
    t = battle_position();
    S(t)->h.opts[0] = 1;
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_LOSS);
    vb_vis v;
    memset(&v, 0, sizeof v);
    v.see = VB_ALL_ROLES;
    t->g->def->visibility(t->g, S(t), ACT(OP_LOSE, T_ART, 0, 0), &v);
    assert_int_equal(v.see, VB_ROLE_BIT(RS_F));
    vbt_free(t);
}

/* the board shows the numbers and odds before each combat choice */
static void test_17_render_odds(void **state)
{
    (void)state;
    vbt *t = battle_position();
    vbt_act(t, "attack Brabant");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->g->def->render(t->g, S(t), -1, f);
    fclose(f);
    assert_non_null(strstr(buf, "Battle in Brabant, round 1: france 20 SP v coalition 10 SP, "
                                "column 2/1"));
    assert_non_null(strstr(buf, "modifiers +4: +1 TC +1 elite +1 artillery +1 cavalry"));
    assert_non_null(strstr(buf, "1:D/C 2:D/C 3:-/C 4:-/C 5:-/B 6:-/B"));
    for (char *l = buf; l && *l;) {
        char *e = strchr(l, '\n');
        size_t n = e ? (size_t)(e - l) : strlen(l);
        if (n > 80)
            fail_msg("a line of %zu columns: %.*s", n, (int)n, l);
        l = e ? e + 1 : NULL;
    }
    free(buf);
    vbt_free(t);
}

static void test_17_1_3_break_off(void **state)
{
    (void)state;
    vbt *t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    lose_inf(t);
    /* EVIDENCE-OF (17.1.3): the attacker tests first; whoever ends the
     * battle by a passed test loses it (17.1.4) and retreats; a game saved
     * at the defender's turn to decide reloads */
    vbt_act(t, "fight-on");
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    assert_int_equal(S(t)->who, RS_C);
    check_ok(t);
    reload_ok(t);
    vbt_act(t, "break-off");
    vbt_dice(t, "6"); /* 6 + 2 - 3 = 5 > 2 */
    assert_true(vbt_logged(t, "france wins the battle"));
    assert_int_equal(S(t)->phase, P_CB_RETREAT);
    S(t)->c[RS_C].rp = 1; /* 9 SP retreat for 1 RP (13.1.1), not doubled */
    vbt_act(t, "retreat Flandre-et-Hainaut");
    assert_int_equal(rs_army(S(t), Z(t, "Flandre et Hainaut"), RS_C), 9);
    assert_int_equal(S(t)->c[RS_C].rp, 0);
    vbt_free(t);

    /* the attacker's test failed: the battle goes on and the defender may
     * still try; a game saved at its decision reloads; both fighting on,
     * the next round is rolled */
    t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    lose_inf(t);
    vbt_act(t, "break-off");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    assert_int_equal(S(t)->who, RS_C);
    assert_int_equal(S(t)->cb.breaker, -1);
    check_ok(t);
    reload_ok(t);
    vbt_act(t, "fight-on");
    assert_int_equal(S(t)->phase, P_CB_ROUND);
    assert_int_equal(S(t)->who, RS_F);
    vbt_free(t);

    /* France (camp 0), the attacker, passes its test: it loses the battle
     * though the losses are even (1 SP each, a tie that would be the
     * attacker's) and retreats */
    t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    lose_inf(t);
    assert_int_equal(S(t)->cb.lost[RS_F], S(t)->cb.lost[RS_C]);
    vbt_act(t, "break-off");
    vbt_dice(t, "6"); /* 6 + 3 - 2 = 7 > 2 */
    assert_int_equal(S(t)->cb.breaker, RS_F);
    assert_true(vbt_logged(t, "coalition wins the battle"));
    assert_false(vbt_logged(t, "france wins the battle"));
    assert_int_equal(S(t)->cb.loser, RS_F);
    assert_int_equal(S(t)->phase, P_CB_RETREAT);
    assert_int_equal(S(t)->who, RS_F);
    vbt_free(t);
}

/* a die that gives the attacker a loss with a star ('*') at the round to
 * come, with its modifiers (0 when none does) */
static int star_die(vbt *t)
{
    const rs_data *d = RS_D(t->g);
    int z = S(t)->cb.zone, D, A = rs_battle_sp(t->g, S(t), z, RS_F, &D);
    int col = rs_combat_ratio_col(A, D), m = rs_combat_mods(t->g, S(t), z, RS_F, NULL, 0);
    for (int die = 1; die <= 6; die++) {
        int row = die + m < 0 ? 0 : die + m > 12 ? 12 : die + m;
        if (d->cb_astar[row][col])
            return die;
    }
    return 0;
}

/* EVIDENCE-OF (3.2): "If several generals are in the same stack of units,
 * the general that commands the army is chosen by the player and is
 * placed on top of the stack": France (Louis XIV TC 0, Turenne TC 3)
 * chooses first, the Coalition (Spain A alone) has no choice. The
 * commander's TC is the combat's (17.1.2: +1 with Turenne against Spain
 * A's TC 2, -2 with Louis XIV), his the '*' death roll (Louis XIV exempt);
 * with no choice the best TC commands as before, and after the combat */
static void test_3_2_commander_chosen(void **state)
{
    (void)state;
    static const struct {
        const char *act, *gen;
        int tc;
    } rows[] = {{"command Turenne", "Turenne", 1}, {"command Louis-XIV", "Louis XIV", -2}};
    for (int r = 0; r < 2; r++) {
        vbt *t = battle_position();
        rs_state *s = S(t);
        int bra = Z(t, "Brabant"), gi = G(t, rows[r].gen);
        char why[160];
        vbt_act(t, "attack Brabant");
        assert_int_equal(s->phase, P_CB_TOP);
        assert_int_equal(s->who, RS_F);
        /* the battle declared, 4 French infantry stay (the rest back to the
         * Reserve): the 1/3 column, where the attacker's A has a star */
        for (int k = 0; k < RS_NT; k++) {
            int keep = k == KIND(0, T_INF) ? 4 : 0;
            s->c[RS_F].reserve[k] =
                (uint8_t)(s->c[RS_F].reserve[k] + s->z[bra].army[RS_F][k] - keep);
            s->z[bra].army[RS_F][k] = (uint8_t)keep;
        }
        assert_true(vbt_legal(t, "command Louis-XIV"));
        assert_true(vbt_legal(t, "command Turenne"));
        assert_false(vbt_legal(t, "command Spain-A"));
        assert_false(vbt_legal(t, "no-decoy"));
        /* nobody on top yet: the best TC (the reading before 3.2's choice) */
        assert_int_equal(rs_commander(t->g, s, bra, RS_F), G(t, "Turenne"));
        vbt_act(t, rows[r].act);
        assert_true(vbt_logged(t, "commands the france army in Brabant"));
        assert_int_equal(s->phase, P_CB_DECOY); /* the Coalition: one general */
        assert_int_equal(rs_commander(t->g, s, bra, RS_F), gi);
        rs_combat_mods(t->g, s, bra, RS_F, why, sizeof why);
        char tc[16];
        snprintf(tc, sizeof tc, " %+d TC", rows[r].tc);
        if (!strstr(why, tc))
            fail_msg("%s: %s", rows[r].gen, why);
        check_ok(t);
        vbt_act(t, "no-decoy");
        vbt_act(t, "stand");
        /* the state file keeps who is on top (at the first round: before
         * it, a battle with 4 SP a side is no position a game reaches) */
        reload_ok(t);
        s = S(t);
        assert_int_equal(rs_commander(t->g, s, bra, RS_F), gi);
        int die = star_die(t);
        assert_true(die > 0);
        char dd[12];
        snprintf(dd, sizeof dd, "%d", die);
        vbt_dice(t, dd);
        lose_inf(t);
        /* the '*' endangers the commander chosen; Louis XIV is not affected */
        if (r == 0) {
            assert_int_equal(s->phase, P_CB_DEATH);
            assert_int_equal(s->who, RS_F);
            vbt_dice(t, "1");
            assert_true(vbt_logged(t, "*: Turenne is killed"));
            assert_int_equal(s->gz[G(t, "Turenne")], GZ_RESERVE);
            assert_int_equal(s->gtop, 0); /* he left the stack */
        } else {
            assert_int_not_equal(s->phase, P_CB_DEATH);
            assert_int_equal(s->gz[G(t, "Turenne")], bra);
        }
        check_ok(t);
        reload_ok(t);
        s = S(t);
        /* the combat over, the mark is gone: the best TC commands again */
        for (int guard = 0; s->phase != P_IMPULSE && s->phase != P_ATTR; guard++) {
            assert_true(guard < 40);
            if (vbt_legal(t, "fight-on"))
                vbt_act(t, "fight-on");
            else if (vbt_legal(t, "stay"))
                vbt_act(t, "stay");
            else if (s->phase == P_LOSS)
                lose_inf(t);
            else
                vbt_dice(t, "6");
        }
        assert_int_equal(s->gtop, 0);
        /* Louis XIV and Turenne stacked again: the best TC */
        s->gz[G(t, "Louis XIV")] = s->gz[G(t, "Turenne")] = (int8_t)bra;
        assert_int_equal(rs_commander(t->g, s, bra, RS_F), G(t, "Turenne"));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (3.2): the defender with two generals chooses too, after the
 * attacker: Spain B (TC 1) on top of the Coalition's stack gives Turenne
 * +2, Spain A (TC 2, the best) would give +1 */
static void test_3_2_defender_chooses(void **state)
{
    (void)state;
    vbt *t = battle_position();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant");
    char why[160];
    s->gz[G(t, "Spain B")] = (int8_t)bra;
    vbt_act(t, "attack Brabant");
    vbt_act(t, "command Turenne");
    assert_int_equal(s->phase, P_CB_TOP);
    assert_int_equal(s->who, RS_C);
    assert_true(vbt_legal(t, "command Spain-A"));
    assert_false(vbt_legal(t, "command Turenne"));
    assert_int_equal(rs_commander(t->g, s, bra, RS_C), G(t, "Spain A"));
    /* the Coalition chooses: Turenne on top, none of the Coalition's yet */
    reload_ok(t);
    s = S(t);
    refused_with(t, "top", json_pack("[ss]", "Turenne", "Spain A"),
                 "top: general 'Spain A' is on top before his camp's choice (rule 3.2)");
    vbt_act(t, "command Spain-B");
    assert_int_equal(s->phase, P_CB_DECOY);
    assert_int_equal(rs_commander(t->g, s, bra, RS_C), G(t, "Spain B"));
    assert_int_equal(rs_commander(t->g, s, bra, RS_F), G(t, "Turenne"));
    rs_combat_mods(t->g, s, bra, RS_F, why, sizeof why);
    assert_non_null(strstr(why, " +2 TC"));
    check_ok(t);
    reload_ok(t);
    assert_int_equal(rs_commander(t->g, S(t), bra, RS_C), G(t, "Spain B"));
    vbt_free(t);
}

/* 3.2's state key: "top" names the generals on top in the combat in
 * progress; optional (none: the best TC), refused for a general who is not
 * with his camp's army there, two of a camp, one before his camp's choice
 * (or the defender's before the attacker's), an unknown name, outside a
 * combat */
static void test_3_2_top_key(void **state)
{
    (void)state;
    vbt *t = battle_position();
    vbt_act(t, "attack Brabant");
    /* France chooses first, nobody on top yet (M28: a mark left there,
     * rs_combat.c's clearing planted away, passed every test) */
    assert_int_equal(S(t)->phase, P_CB_TOP);
    refused_with(t, "top", json_pack("[s]", "Louis XIV"),
                 "top: general 'Louis XIV' is on top before his camp's choice (rule 3.2)");
    refused_with(t, "top", json_pack("[s]", "Spain A"),
                 "top: general 'Spain A' is on top before his camp's choice (rule 3.2)");
    vbt_act(t, "command Louis-XIV");
    json_t *j = vbt_state_json(t);
    json_t *top = json_object_get(j, "top");
    assert_non_null(top);
    assert_int_equal(json_array_size(top), 1);
    assert_string_equal(json_string_value(json_array_get(top, 0)), "Louis XIV");
    /* without the key (an older file): nobody on top, the best TC */
    json_object_del(j, "top");
    char *txt = json_dumps(j, 0);
    json_decref(j);
    assert_int_equal(vbt_load(t, txt), 0);
    free(txt);
    assert_int_equal(S(t)->gtop, 0);
    assert_int_equal(rs_commander(t->g, S(t), Z(t, "Brabant"), RS_F), G(t, "Turenne"));
    /* nobody on top: the best TC, then the best SC, then the data order
     * (Conde, TC 3 SC 3 as Turenne, comes after him: Turenne; France D,
     * TC 1 SC 1, and France L, TC 1 SC 2, after him: France L) */
    {
        rs_state *s = S(t);
        int bra = Z(t, "Brabant"), fo = Z(t, "France Ouest"), gc = s->gz[G(t, "Conde")];
        int gd = s->gz[G(t, "France D")], gl = s->gz[G(t, "France L")];
        s->gz[G(t, "Conde")] = (int8_t)bra;
        assert_int_equal(rs_commander(t->g, s, bra, RS_F), G(t, "Turenne"));
        s->gz[G(t, "Conde")] = (int8_t)gc;
        s->gz[G(t, "France D")] = (int8_t)fo;
        s->gz[G(t, "France L")] = (int8_t)fo;
        assert_int_equal(rs_commander(t->g, s, fo, RS_F), G(t, "France L"));
        s->gz[G(t, "France D")] = (int8_t)gd;
        s->gz[G(t, "France L")] = (int8_t)gl;
    }
    refused_with(t, "top", json_pack("[s]", "Conde"),
                 "top: general 'Conde' is not with his camp's army");
    refused_with(t, "top", json_pack("[ss]", "Louis XIV", "Turenne"),
                 "top: general 'Turenne' is a second general on top of his camp's stack");
    refused_with(t, "top", json_pack("[s]", "Nobody"), "top: unknown general");
    refused_with(t, "top", json_string("Turenne"), "top: an array of generals expected");
    /* Spain A on top of the Coalition's stack: accepted */
    j = vbt_state_json(t);
    json_object_set_new(j, "top", json_pack("[ss]", "Spain A", "Turenne"));
    txt = json_dumps(j, 0);
    json_decref(j);
    assert_int_equal(vbt_load(t, txt), 0);
    free(txt);
    assert_int_equal(rs_commander(t->g, S(t), Z(t, "Brabant"), RS_C), G(t, "Spain A"));
    vbt_free(t);
    /* outside a combat */
    t = battle_position();
    refused_with(t, "top", json_pack("[s]", "Turenne"), "top: general 'Turenne' is not");
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.3): "The attacker and the defender can stop the
 * battle by passing an Initiative Test": an army led by Louis XIV alone
 * (general 0, the first of the list) may try it too; an army without a
 * general may not. 17.2: beaten, Louis XIV withdraws with his army */
static void test_17_1_3_break_off_louis(void **state)
{
    (void)state;
    vbt *t = battle_position();
    S(t)->gz[G(t, "Turenne")] = GZ_RESERVE; /* Louis XIV alone leads */
    assert_int_equal(G(t, "Louis XIV"), 0);
    assert_int_equal(rs_commander(t->g, S(t), Z(t, "Brabant"), RS_F), 0);
    check_ok(t);
    vbt_act(t, "attack Brabant");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    lose_inf(t);
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    assert_int_equal(S(t)->who, RS_F);
    assert_true(vbt_legal(t, "break-off"));
    vbt_act(t, "fight-on");
    /* the Coalition without a general: fight on only */
    S(t)->gz[G(t, "Spain A")] = GZ_RESERVE;
    assert_int_equal(S(t)->who, RS_C);
    assert_true(vbt_legal(t, "fight-on"));
    assert_false(vbt_legal(t, "break-off"));
    vbt_free(t);
    /* 17.2: the army Louis XIV leads alone loses and withdraws: he goes with it */
    t = battle_position();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant");
    s->gz[G(t, "Turenne")] = GZ_RESERVE;
    s->cb.zone = (int8_t)bra;
    s->cb.att = RS_F;
    s->phase = P_CB_LOSER;
    s->who = RS_F;
    check_ok(t);
    vbt_act(t, "withdraw Picardie");
    assert_int_equal(rs_army(s, bra, RS_F), 0);
    assert_int_equal(s->gz[G(t, "Louis XIV")], Z(t, "Picardie"));
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.3, 17.2): a retreat goes "to an adjacent zone he
 * controls": from Artois, France's only one is Picardie, the first of
 * Artois's neighbours; Flandre et Hainaut is the Coalition's */
static void test_17_2_retreat_first_neighbour(void **state)
{
    (void)state;
    vbt *t = campaign();
    const rs_data *d = t->g->data;
    rs_state *s = S(t);
    int art = Z(t, "Artois"), pic = Z(t, "Picardie"), fla = Z(t, "Flandre et Hainaut");
    assert_int_equal(d->z[art].nadj, 2);
    assert_int_equal(d->z[art].adj[0], pic);
    assert_int_equal(d->z[art].adj[1], fla);
    assert_true(rs_retreat_ok(t->g, s, art, pic, RS_F, 3));
    assert_false(rs_retreat_ok(t->g, s, art, fla, RS_F, 3));
    assert_true(rs_retreat_any(t->g, s, art, RS_F, 3));
    assert_true(rs_retreat_any(t->g, s, art, RS_C, 3)); /* to Flandre et Hainaut */
    /* Picardie lost: nowhere to go */
    s->z[pic].mk = RS_C;
    assert_false(rs_retreat_any(t->g, s, art, RS_F, 3));
    vbt_free(t);
}

/* EVIDENCE-OF (14.1, 17.2): a retreat's attrition has the -1 of a general
 * only when one leads it: the same retreat of 9 SP, D6 1, with Spain A and
 * with the Spanish generals gone (k = 1) */
static void test_17_2_retreat_without_general(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = battle_position();
        vbt_act(t, "attack Brabant");
        vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
        vbt_act(t, "no-decoy");
        vbt_act(t, "stand");
        vbt_dice(t, "1");
        lose_inf(t);
        vbt_act(t, "fight-on");
        vbt_act(t, "break-off");
        vbt_dice(t, "6");
        assert_int_equal(S(t)->phase, P_CB_RETREAT);
        int bra = Z(t, "Brabant");
        for (int i = 0; i < RS_D(t->g)->ng && k; i++)
            if (S(t)->gz[i] == bra && rs_gcamp(t->g, S(t), i) == RS_C)
                S(t)->gz[i] = GZ_RESERVE;
        assert_int_equal(rs_commander(t->g, S(t), bra, RS_C) >= 0, !k);
        vbt_act(t, "retreat Flandre-et-Hainaut");
        vbt_dice(t, "1");
        if (!vbt_logged(t, k ? "(9 SP): D6 1+0 = 1" : "(9 SP): D6 1-1 = 0"))
            fail_msg("%s", t->log);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (14, 14.1, 13.1.1): a retreat is a movement: "Movement
 * (stopped or moving through) in a zone with a Scorched earth marker: +2",
 * "Movement in the winter season: +1", and its RP "doubled if the movement
 * takes place ... during the Winter phase" (a retreat in the strategic
 * surprise's campaign, rule 20). The Coalition's 9 SP break off and retreat
 * to Flandre et Hainaut, Spain A (SC 2) leading: -1. */
static void test_14_1_retreat_modifiers(void **state)
{
    (void)state;
    static const struct {
        int scorched, winter, rp;
        const char *log;
    } row[] = {
        {0, 0, 1, "(9 SP): D6 1-1 = 0"},
        {1, 0, 1, "(9 SP): D6 1+1 = 2"}, /* +2 scorched */
        {0, 1, 2, "(9 SP): D6 1+0 = 1"}, /* +1 winter, 1 RP doubled */
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        vbt *t = battle_position();
        rs_state *s = S(t);
        vbt_act(t, "attack Brabant");
        vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
        vbt_act(t, "no-decoy");
        vbt_act(t, "stand");
        vbt_dice(t, "1");
        lose_inf(t);
        vbt_act(t, "fight-on");
        vbt_act(t, "break-off");
        vbt_dice(t, "6");
        assert_int_equal(s->phase, P_CB_RETREAT);
        s->z[Z(t, "Flandre et Hainaut")].scorched = (uint8_t)row[i].scorched;
        if (row[i].winter)
            s->sgen = (int8_t)G(t, "Turenne"); /* the French surprise's campaign */
        int rp = s->c[RS_C].rp;
        vbt_act(t, "retreat Flandre-et-Hainaut");
        assert_int_equal(s->c[RS_C].rp, rp - row[i].rp);
        vbt_dice(t, "1");
        if (!vbt_logged(t, row[i].log))
            fail_msg("row %zu: %s", i, t->log);
        vbt_free(t);
    }
    /* with 1 RP the winter retreat (2 RP) "does not happen" (17.1.3) */
    for (int w = 0; w < 2; w++) {
        vbt *t = battle_position();
        rs_state *s = S(t);
        vbt_act(t, "attack Brabant");
        vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
        vbt_act(t, "no-decoy");
        vbt_act(t, "stand");
        vbt_dice(t, "1");
        lose_inf(t);
        s->c[RS_C].rp = 1;
        if (w)
            s->sgen = (int8_t)G(t, "Turenne");
        vbt_act(t, "fight-on");
        vbt_act(t, "break-off");
        vbt_dice(t, "6");
        assert_int_equal(s->phase == P_CB_RETREAT, !w);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (17.1 step 3): the defender who does not want to fight
 * passes an initiative test and "retreats to a controlled adjacent zone by
 * paying the number of RP required"; without the RP "the retreat does not
 * occur and the combat is resolved"; "an army without general cannot
 * retreat and must suffer the combat" (Spain A, SC 2, against Turenne, SC
 * 3: a 6 passes, 6 - 1 = 5 > 2) */
static void test_17_1_evasion(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) {
        vbt *t = battle_position();
        rs_state *s = S(t);
        int bra = Z(t, "Brabant"), fh = Z(t, "Flandre et Hainaut");
        if (k == 1)
            s->c[RS_C].rp = 0;
        if (k == 2)
            s->gz[G(t, "Spain A")] = GZ_RESERVE;
        vbt_act(t, "attack Brabant");
        vbt_act(t, "command Turenne"); /* 3.2: the best TC, as before */
        vbt_act(t, "no-decoy");
        if (k == 2) {
            assert_false(vbt_legal(t, "evade"));
            vbt_free(t);
            continue;
        }
        vbt_act(t, "evade");
        vbt_dice(t, "6");
        if (k == 0) {
            assert_int_equal(s->phase, P_CB_RETREAT);
            int rp = s->c[RS_C].rp;
            vbt_act(t, "retreat Flandre-et-Hainaut");
            assert_int_equal(s->c[RS_C].rp, rp - 1);
            vbt_dice(t, "1");
            assert_int_equal(rs_army(s, bra, RS_C), 0);
            assert_int_equal(rs_army(s, fh, RS_C), 10);
            assert_false(vbt_logged(t, "Round 1"));
        } else {
            assert_int_equal(s->phase, P_CB_ROUND); /* no RP: the combat takes place */
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (17.1): "A battle engages 10 SP or more in each army" - 10
 * against 10 is a battle; 9 against 10 a skirmish */
static void test_17_1_battle_threshold(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        put(t, "Brabant", RS_C, T_INF, 4); /* 10 SP */
        rs_state *s = S(t);
        int pic = Z(t, "Picardie");
        /* France marches 10 (or 9) SP: the rest stays */
        vbt_act(t, "move Turenne");
        for (int i = 0; i < (k ? 11 : 10); i++)
            vbt_act(t, "leave France-inf");
        vbt_act(t, "march");
        step(t, "to Brabant");
        vbt_act(t, "halt");
        vbt_dice(t, "1");
        assert_int_equal(rs_army(s, Z(t, "Brabant"), RS_F), k ? 9 : 10);
        (void)pic;
        vbt_act(t, "attack Brabant");
        assert_true(vbt_logged(t, k ? "attacks in Brabant: 9 SP against 10 - a skirmish"
                                    : "attacks in Brabant: 10 SP against 10 - a battle"));
        vbt_free(t);
    }
}

static void test_17_1_4_tie(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Lorraine");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    put(t, "Lorraine", RS_C, T_INF, 2);
    vbt_act(t, "attack Lorraine");
    vbt_act(t, "stand");
    /* 2 v 2, 1/1: +1 TC (N 1 against no general), +1 cavalry; D6 1 = 3:
     * C and D, 1 SP each: a tie goes to the attacker (17.1.4) */
    vbt_dice(t, "1");
    lose_inf(t);
    if (!vbt_logged(t, "france wins the skirmish"))
        fail_msg("%s", t->log);
    assert_int_equal(S(t)->gp, 6); /* no GP for a skirmish (17.3) */
    vbt_free(t);
    /* more SP lost loses; a general left alone is taken (17.2) */
    t = campaign();
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Lorraine");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    put(t, "Lorraine", RS_C, T_INF, 6);
    vbt_act(t, "attack Lorraine");
    vbt_act(t, "stand");
    vbt_dice(t, "1"); /* 2/6: 1/3, +2 = 3: B (2 SP) and - */
    assert_true(vbt_logged(t, "coalition wins the skirmish"));
    assert_int_equal(S(t)->gz[G(t, "France N")], GZ_PRISON);
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.1): the Combat Table's last row is "12 or more": a
 * modified roll of 13 reads it (Turenne's 19 SP attack 1 Spanish SP in
 * Picardie, a French garrison in its fortress: D6 6 +3 TC +1 fortress +1
 * elite +1 artillery +1 cavalry = 13, column 6/1: -/A*, France loses no SP) */
static void test_17_1_1_row_12_or_more(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie"), fi = KIND(0, T_INF);
    s->z[pic].army[RS_F][fi]--; /* 1 SP into the fortress (FV 2): the zone's +1 */
    s->z[pic].garr[fi]++;
    put(t, "Picardie", RS_C, T_INF, 1);
    check_ok(t);
    vbt_act(t, "attack Picardie");
    vbt_act(t, "command Turenne");
    vbt_act(t, "stand");
    vbt_dice(t, "6");
    assert_true(vbt_logged(t, "+1 cavalry = 13: attacker - (0 SP), defender A* (1 SP)"));
    assert_true(vbt_logged(t, "(SP lost: France 0, Coalition 1)"));
    assert_int_equal(rs_army(s, pic, RS_F), 19);
    assert_int_equal(rs_army(s, pic, RS_C), 0);
    vbt_free(t);
}

/* EVIDENCE-OF (17.2): "The loser has the choice of staying or leaving the
 * zone" with whatever SP it keeps, one too (Spain A's 3 SP beaten by
 * Turenne in Picardie keep 1 and withdraw to Brabant) */
static void test_17_2_loser_with_one_sp(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie");
    put(t, "Picardie", RS_C, T_INF, 3);
    s->gz[G(t, "Spain A")] = (int8_t)pic;
    check_ok(t);
    vbt_act(t, "attack Picardie");
    vbt_act(t, "command Turenne");
    vbt_act(t, "stand");
    vbt_dice(t, "1"); /* 20/3, column 6/1, D6 1 +4 = 5: -/B, 2 SP of 3 */
    assert_true(vbt_logged(t, "(SP lost: France 0, Coalition 2)"));
    assert_int_equal(rs_army(s, pic, RS_C), 1);
    assert_int_equal(s->phase, P_CB_LOSER);
    assert_int_equal(s->who, RS_C);
    assert_true(vbt_legal(t, "stay"));
    vbt_act(t, "withdraw Brabant");
    assert_int_equal(rs_army(s, pic, RS_C), 0);
    assert_int_equal(s->gz[G(t, "Spain A")], Z(t, "Brabant"));
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.2): the attacker's modifiers, case by case */
static void test_17_1_2_modifiers(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state *s = S(t);
    int z = Z(t, "Lorraine");
    char why[128];
    static const struct {
        const char *sect;
        uint8_t a[RS_NT], d[RS_NT];
        int line, lcamp, fv, garr, ctrl, want;
    } rows[] = {
        {"17.1.2 equal forces", {2, 0, 1, 0, 0}, {2, 0, 1, 0, 0}, 0, -1, 0, 0, -1, 0},
        {"17.1.2 cavalry counts its elite", {2, 0, 1, 1, 0}, {2, 0, 2, 0, 0}, 0, -1, 0, 0, -1, 1},
        {"17.1.2 the defender's cavalry counts its elite",
         {2, 0, 2, 0, 0},
         {2, 0, 1, 1, 0},
         0,
         -1,
         0,
         0,
         -1,
         -1},
        {"17.1.2 elite cavalry against elite infantry",
         {2, 1, 2, 0, 0},
         {2, 0, 1, 1, 0},
         0,
         -1,
         0,
         0,
         -1,
         0},
        {"17.1.2 strict superiority only", {2, 0, 2, 0, 1}, {2, 0, 2, 0, 1}, 0, -1, 0, 0, -1, 0},
        {"17.1.2 defender's artillery", {2, 0, 0, 0, 0}, {2, 0, 0, 0, 1}, 0, -1, 0, 0, -1, -1},
        {"17.1.2 elite infantry", {1, 1, 0, 0, 0}, {2, 0, 0, 0, 0}, 0, -1, 0, 0, -1, 1},
        {"17.1.2 line 2 on the defender", {2, 0, 0, 0, 0}, {2, 0, 0, 0, 0}, 2, RS_C, 0, 0, -1, -2},
        {"17.1.2 line of the attacker", {2, 0, 0, 0, 0}, {2, 0, 0, 0, 0}, 1, RS_F, 0, 0, -1, 0},
        {"17.1.2 defender's garrisoned fortress",
         {2, 0, 0, 0, 0},
         {2, 0, 0, 0, 0},
         0,
         -1,
         2,
         1,
         RS_C,
         -1},
        {"17.1.2 attacker's garrisoned fortress",
         {2, 0, 0, 0, 0},
         {2, 0, 0, 0, 0},
         0,
         -1,
         2,
         1,
         RS_F,
         1},
        {"20: an empty fortress gives nothing",
         {2, 0, 0, 0, 0},
         {2, 0, 0, 0, 0},
         0,
         -1,
         2,
         0,
         RS_C,
         0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        memcpy(s->z[z].army[RS_F], rows[i].a, RS_NT);
        memcpy(s->z[z].army[RS_C], rows[i].d, RS_NT);
        s->z[z].line = (uint8_t)rows[i].line;
        s->z[z].linec = (int8_t)rows[i].lcamp;
        s->z[z].fv = (uint8_t)rows[i].fv;
        s->z[z].garr[T_INF] = (uint8_t)rows[i].garr;
        s->z[z].mk = (int8_t)rows[i].ctrl;
        int m = rs_combat_mods(t->g, s, z, RS_F, why, sizeof why);
        if (m != rows[i].want)
            fail_msg("%s: modifier %d (%s), expected %d", rows[i].sect, m, why, rows[i].want);
    }
    /* 17.1.1: the ratio rounded in the defender's favour; an attacker of
     * 1 SP (a skirmish) is a ratio like any other */
    static const int ratio[][3] = {{19, 6, 5},  {6, 19, 0},  {10, 10, 3}, {9, 10, 2},
                                   {10, 25, 1}, {10, 30, 1}, {10, 31, 0}, {20, 10, 4},
                                   {70, 10, 8}, {59, 10, 7}, {5, 0, 8},   {0, 5, 0},
                                   {1, 1, 3},   {1, 2, 2},   {1, 3, 1},   {1, 4, 0}};
    for (size_t i = 0; i < sizeof ratio / sizeof ratio[0]; i++)
        if (rs_combat_ratio_col(ratio[i][0], ratio[i][1]) != ratio[i][2])
            fail_msg("17.1.1: %d/%d gives column %d, expected %d", ratio[i][0], ratio[i][1],
                     rs_combat_ratio_col(ratio[i][0], ratio[i][1]), ratio[i][2]);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_3_2_commander_chosen),
        cmocka_unit_test(test_3_2_defender_chooses),
        cmocka_unit_test(test_3_2_top_key),
        cmocka_unit_test(test_14_1_modifiers),
        cmocka_unit_test(test_14_attrition_before_union),
        cmocka_unit_test(test_14_attrition_line_alone),
        cmocka_unit_test(test_15_scorched),
        cmocka_unit_test(test_15_scorched_army_and_kept),
        cmocka_unit_test(test_16_decoy),
        cmocka_unit_test(test_16_decoy_first_marker),
        cmocka_unit_test(test_17_battle),
        cmocka_unit_test(test_22_1_neutralised_by_battle),
        cmocka_unit_test(test_17_1_1_owner_losses),
        cmocka_unit_test(test_17_render_odds),
        cmocka_unit_test(test_17_1_3_break_off),
        cmocka_unit_test(test_17_1_3_break_off_louis),
        cmocka_unit_test(test_17_2_retreat_without_general),
        cmocka_unit_test(test_17_2_retreat_first_neighbour),
        cmocka_unit_test(test_17_1_evasion),
        cmocka_unit_test(test_14_1_retreat_modifiers),
        cmocka_unit_test(test_17_1_4_tie),
        cmocka_unit_test(test_17_1_battle_threshold),
        cmocka_unit_test(test_17_1_1_row_12_or_more),
        cmocka_unit_test(test_17_2_loser_with_one_sp),
        cmocka_unit_test(test_17_1_2_modifiers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
