/* test_mutation45.c - what the forty-fifth session's mutation pass (seed
 * 45, helper rsr, docs/roi-soleil.md) found untested in rs_check.c (the
 * generic state check), rs_def.c, rs_eval.c and the rules files: each test
 * fails with its surviving mutant planted (messages "M45:", lines of
 * 4fe3bac9) and passes without. The helpers are in rs_test.h. */
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

/* 18.1.2 Sh: "After adjusting the new FV, the surplus SP are placed in an
 * adjacent zone controlled by their camp and the fortress falls ... If the
 * FV is zero, the generals and units are placed in an adjacent zone
 * controlled by their camp": Brabant FV 1 held by 1 Spanish infantry and
 * Spain A, besieged by the royal army (17/2, 6/1), D6 4 + 6 = 10, "Sh
 * -1FV": the FV is 0 and the Coalition, which holds Flandre et Hainaut,
 * Luxembourg and Hollande, picks where its garrison goes. That position,
 * a siege's decision at FV 0, survives its state file; the siege's
 * checks (FV left, rounds left) are those of its rounds only (rs_check.c:151,
 * `z >= 0 && p >= P_SG_ROUNDS` as `z >= 0 || (p >= ...)`: refused as "no
 * fortress left"). */
static void test_18_1_2_honours_at_fv_zero_in_file(void **state)
{
    (void)state;
    vbt *t = brabant_sh_siege();
    rs_state *s;
    int bra = Z(t, "Brabant"), si = KIND(1, T_INF);
    assert_true(vbt_logged(t, "17/2, column 5; D6 4 +1 assault +1 Louis XIV +2 Vauban +2 "
                              "bombardment = 10"));
    s = S(t);
    if (s->phase != P_HONOURS || s->z[bra].fv != 0) {
        size_t n = strlen(t->log);
        fail_msg("M45: 18.1.2 Sh at FV 1: phase %s, FV %d\n%s", rs_phase_names[s->phase],
                 s->z[bra].fv, t->log + (n > 700 ? n - 700 : 0));
    }
    assert_int_equal(s->who, RS_C);
    assert_int_equal(s->sg.zone, bra);
    check_ok(t);
    json_t *j = vbt_state_json(t);
    if (vbt_load_json(t, j))
        fail_msg("M45: 18.1.2 Sh at FV 0 refused: %s", t->cx.err);
    s = S(t);
    assert_int_equal(s->phase, P_HONOURS);
    vbt_act(t, "honours Luxembourg");
    assert_int_equal(S(t)->phase, P_IMPULSE);
    assert_int_equal(rs_ctrl(t->g, S(t), bra), RS_F);
    assert_int_equal(
        S(t)->z[Z(t, "Luxembourg")].garr[si] + units(t, "Luxembourg", RS_C, "Spain", T_INF) > 0, 1);
    vbt_free(t);
}

/* 6: "At the beginning of the game, the players choose to play an "open"
 * or "closed" game"; the closed one is asked for (`closed=1`,
 * docs/roi-soleil.md): a game set up with the default options is open in
 * every scenario, and the Coalition's view shows the composition of
 * France's army in Picardie (rs_def.c:11, the `closed` option's default
 * `0, 0, 1` as `1, 0, 1`: every game closed unless asked open). */
static void test_6_open_game_by_default(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    for (int sc = 0; sc < t->g->nscenarios; sc++) {
        int opts[VB_MAX_OPTIONS];
        vb_option_defaults(t->g, sc, opts);
        if (opts[0] != 0)
            fail_msg("M45: 6 scenario %d: the closed game by default (closed=%d)", sc, opts[0]);
        assert_int_equal(vb_setup(t->g, S(t), sc, opts, 1, &t->cx), 0);
        assert_int_equal(S(t)->h.opts[0], 0);
    }
    int opts[VB_MAX_OPTIONS];
    vb_option_defaults(t->g, 0, opts);
    vbt_free(t);
    t = vbt_new("roi-soleil", "devolution", 1);
    assert_int_equal(vb_setup(t->g, S(t), 0, opts, 1, &t->cx), 0);
    rs_state v;
    vb_view(t->g, &v, S(t), RS_C);
    int pic = Z(t, "Picardie");
    if (memcmp(v.z[pic].army[RS_F], S(t)->z[pic].army[RS_F], RS_NT) != 0 || v.c[RS_F].armies_hidden)
        fail_msg("M45: 6 the default game hides France's army from the Coalition");
    vbt_free(t);
}

/* The evaluation (AI only, no rule; 22.3 the objectives, 18 a siege to
 * come): at the Devolution's first French campaign France holds a Siege
 * marker but stands at no enemy fortress (siege term 0) and outnumbers the
 * Coalition at no objective (objarmy and walls 0); France M's army from
 * Artois moved to Luxembourg, the scenario's first objective (a Spanish
 * fortress, FV 4, no Coalition army): objarmy 1, walls 0, and a siege to
 * come, 1. (rs_eval.c:157, the objectives' loop `i = 0` as `i = 1`:
 * Luxembourg never counted.) */
static void test_eval_first_objective_and_siege_to_come(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_scen *sc = RS_SCEN(t->g, s);
    int lux = Z(t, "Luxembourg");
    assert_int_equal(sc->obj[0], lux);
    assert_true(rs_held(s, RS_F, CAT_SIEGE) >= 0);
    assert_true(rs_held(s, RS_C, CAT_SIEGE) < 0);
    double x[RS_EVAL_NT];
    rs_eval_terms(t->g, s, x);
    if (x[RS_T_SIEGE] != 0 || x[RS_T_OBJARMY] != 0 || x[RS_T_WALLS] != 0)
        fail_msg("M45: at home siege %g, objarmy %g, walls %g (0, 0, 0 expected)", x[RS_T_SIEGE],
                 x[RS_T_OBJARMY], x[RS_T_WALLS]);
    army_to(t, "Luxembourg");
    assert_int_equal(rs_ctrl(t->g, s, lux), RS_C);
    assert_int_equal(rs_army(s, lux, RS_C), 0);
    assert_true(s->z[lux].fv > 0);
    rs_eval_terms(t->g, s, x);
    if (x[RS_T_OBJARMY] != 1 || x[RS_T_WALLS] != 4 - s->z[lux].fv || x[RS_T_SIEGE] != 1)
        fail_msg("M45: France M's army at Luxembourg (FV %d): objarmy %g, walls %g, siege %g",
                 s->z[lux].fv, x[RS_T_OBJARMY], x[RS_T_WALLS], x[RS_T_SIEGE]);
    vbt_free(t);
}

/* 17.2: the loser of a battle may withdraw "to an adjacent zone he
 * controls": France's army beaten in Picardie is offered each of
 * Picardie's French neighbours once, France Ouest (the map's first zone)
 * among them, and staying (rs_combat.c:712, the neighbours' loop `i <
 * nadj` as `<=`: the unused slot past the list, zone 0, read as a
 * neighbour: "withdraw France-Ouest" offered twice). */
static void test_17_2_withdrawal_offered_once_a_zone(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = RS_D(t->g);
    int pic = Z(t, "Picardie");
    s->cb.zone = (int8_t)pic;
    s->cb.att = RS_C;
    s->phase = P_CB_LOSER;
    s->who = RS_F;
    check_ok(t);
    vb_action a[VB_MAX_ACTIONS];
    int n = vb_legal(t->g, s, a, NULL, VB_MAX_ACTIONS), want = 1, fo = 0;
    for (int i = 0; i < d->z[pic].nadj; i++)
        want += rs_retreat_ok(t->g, s, pic, d->z[pic].adj[i], RS_F, rs_army(s, pic, RS_F));
    for (int i = 0; i < n; i++) {
        char text[VB_TEXT_LEN];
        t->g->def->action_text(t->g, s, a[i], text, sizeof text);
        fo += strcmp(text, "withdraw France-Ouest") == 0;
        for (int j = 0; j < i; j++)
            if (a[j] == a[i])
                fail_msg("M45: 17.2 \"%s\" offered twice", text);
    }
    if (n != want || fo != 1)
        fail_msg("M45: 17.2 %d actions for %d (stay and the withdrawals), France Ouest %d times", n,
                 want, fo);
    vbt_free(t);
}

/* 17.1.1: the combat's modifiers (TC, line, fortress, elite, artillery,
 * cavalry) itemised for the board and the log; with none, none is
 * written: a skirmish in Artois (FV 2, no garrison, no general) between
 * France's 2 infantry and 1 cavalry SP and as many Spanish SP from
 * Brabant has modifiers +0 and an empty list, and the board reads
 * "modifiers +0: none" (rs_combat.c:62, the list's start `why[0] = 0` as
 * `= 1`: a stray control character in place of "none"). */
static void test_17_1_1_no_modifiers_none_listed(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int art = Z(t, "Artois"), bra = Z(t, "Brabant"), si = KIND(1, T_INF), sc = KIND(1, T_CAV);
    s->gz[G(t, "France M")] = (int8_t)Z(t, "Picardie");
    s->z[bra].army[RS_C][si] = (uint8_t)(s->z[bra].army[RS_C][si] - 2);
    s->z[bra].army[RS_C][sc] = (uint8_t)(s->z[bra].army[RS_C][sc] - 1);
    s->z[art].army[RS_C][si] = 2;
    s->z[art].army[RS_C][sc] = 1;
    assert_int_equal(rs_sp(s->z[art].garr), 0);
    assert_int_equal(s->z[art].line, 0);
    s->cb.zone = (int8_t)art;
    s->cb.att = RS_C;
    s->phase = P_CB_ROUND;
    check_ok(t);
    char why[160];
    memset(why, 'x', sizeof why);
    int m = rs_combat_mods(t->g, s, art, RS_C, why, sizeof why);
    if (m != 0 || why[0] != 0)
        fail_msg("M45: 17.1.1 no modifiers: %+d, listed \"%s\" (%d)", m, why, why[0]);
    char *b = vbt_board_text(t, RS_C);
    if (!strstr(b, "modifiers +0: none\n"))
        fail_msg("M45: 17.1.1 the board's modifiers: %s", b);
    free(b);
    vbt_free(t);
}

/* 9: "Roll a D6 and cross the result with the number of RP available for
 * your side. ... Modifiers: see table on the player aid"; 3.2, the
 * reconstructed modifier: a star general of the camp on the map adds
 * tables.json's star bonus (1). In the Devolution France has Louis XIV
 * and Vauban on the map, the Coalition no star general (Coehoorn, its
 * one, is not on the map): France's D6 6 reads "+1 (star)", the
 * Coalition's D6 6 does not, and it takes the sixth row's most markers;
 * Coehoorn placed in Brabant, the Coalition has a star on the map
 * (rs_rules.c:36, rs_star_on_map's `return 0` as `return 1`: every camp
 * rolls with the star). */
static void test_9_star_bonus_only_with_a_star_on_the_map(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = RS_D(t->g);
    int coe = G(t, "Coehoorn");
    assert_true(d->gd[coe].star);
    assert_true(s->gz[coe] < 0);
    assert_true(rs_star_on_map(t->g, s, RS_F));
    if (rs_star_on_map(t->g, s, RS_C))
        fail_msg("M45: 9 a star on the map for the Coalition, with none there");
    assert_true(vbt_logged(t, "france cabinet strategy: D6 6 +1 (star) with"));
    if (!vbt_logged(t, "coalition cabinet strategy: D6 6 with 15 RP - at most"))
        fail_msg("M45: 9 the Coalition's roll without a star: %s",
                 strstr(t->log, "[9] coalition cabinet strategy"));
    int col = 0;
    while (col < 4 && 15 > d->cab_band[col])
        col++;
    assert_int_equal(s->c[RS_C].cabmax, d->cab[5][col]);
    s->gz[coe] = (int8_t)Z(t, "Brabant");
    assert_int_equal(rs_gcamp(t->g, s, coe), RS_C);
    assert_true(rs_star_on_map(t->g, s, RS_C));
    vbt_free(t);
}

/* 13.1.2: a march enters only the zones played in the scenario (Liege,
 * neutral, is not played in the Devolution), by land or by sea: Spain A's
 * march out of Brabant is offered Brabant's played neighbours, not Liege,
 * and no zone it could not enter by sea either. 13.1.1, 13.4: in the War
 * in Holland (France's maritime capacity 15, the seas nobody's) Louis
 * XIV's army of 10 SP in Picardie may reach France Ouest, the map's first
 * zone, by the North Sea (rs_move.c:66,
 * step_ok's `return 0` for a zone that cannot be entered as `return 1`:
 * Liege offered, with every unplayed coastal zone by sea; rs_move.c:173,
 * the sea's zones `to = 0` as `to = 1`: France Ouest never reached by
 * sea). */
static void test_13_1_2_march_enters_played_zones_only(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = RS_D(t->g);
    int bra = Z(t, "Brabant"), lie = Z(t, "Liege");
    assert_false(RS_SCEN(t->g, s)->playable[lie]);
    s->active = RS_C;
    s->who = RS_C;
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    assert_int_equal(s->phase, P_MV_STEP);
    if (vbt_legal(t, "to Liege"))
        fail_msg("M45: 13.1.2 a march offered Liege, not played in the Devolution");
    vb_action a[VB_MAX_ACTIONS];
    int n = vb_legal(t->g, s, a, NULL, VB_MAX_ACTIONS), to = 0;
    for (int i = 0; i < n; i++) {
        int op = A_OP(a[i]), z = op == OP_TO ? A_X(a[i]) : op == OP_VIA ? A_Y(a[i]) : -1;
        if (z < 0)
            continue;
        to += op == OP_TO;
        if (!rs_enterable(t->g, s, z, RS_C))
            fail_msg("M45: 13.1.2 a march offered %s (%s), not played", d->z[z].name,
                     op == OP_TO ? "by land" : "by sea");
    }
    assert_int_equal(to, d->z[bra].nadj - 1); /* all but Liege */
    vbt_free(t);
    /* the War in Holland's first campaign: France (maritime capacity 15,
     * the seas nobody's) marches from Picardie by the North Sea */
    t = vbt_new("roi-soleil", "holland", 1);
    rs_to_campaign(t, "1");
    s = S(t);
    d = RS_D(t->g); /* the first game's data went with it */
    int pic = Z(t, "Picardie"), gi = -1;
    for (int i = 0; i < d->ng && gi < 0; i++)
        if (s->gz[i] == pic && rs_gcamp(t->g, s, i) == RS_F)
            gi = i;
    assert_true(gi >= 0);
    assert_int_equal(s->active, RS_F);
    char mv[64];
    snprintf(mv, sizeof mv, "move %s", d->gd[gi].name);
    for (char *c = mv; *c; c++)
        *c = *c == ' ' && c > mv + 4 ? '-' : *c;
    for (int k = 0; k < RS_NT; k++) /* 10 SP left, within the capacity */
        while (rs_army(s, pic, RS_F) > 10 && s->z[pic].army[RS_F][k]) {
            s->z[pic].army[RS_F][k]--;
            s->c[RS_F].reserve[k]++;
        }
    check_ok(t);
    vbt_act(t, mv);
    vbt_act(t, "march");
    if (!vbt_legal(t, "via North-Sea France-Ouest"))
        fail_msg("M45: 13.1.1 a French march not offered France Ouest by the North Sea");
    vbt_free(t);
}

/* 13.1.1: a march ends when it halts; no march is then in progress, and
 * the position is its state file's, byte for byte past the match's
 * header (the random games' JSON round trip, here without them): France M's army from Artois halts
 * in Picardie (attrition D6 1), its file reloads to the same state (rs_move.c:298, the halted
 * march's general `-1` as `-2`: read back as -1, "none", so the state changed by its round trip).
 */
static void test_13_1_1_halted_march_round_trip(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move France-M");
    march_to(t, "1", "to Picardie", NULL);
    rs_state before = *S(t);
    assert_int_equal(before.phase, P_IMPULSE);
    assert_int_equal(rs_marching(t->g, &before), -1);
    json_t *j = vbt_state_json(t);
    if (vbt_load_json(t, j))
        fail_msg("M45: 13.1.1 the halted march's file refused: %s", t->cx.err);
    S(t)->h = before.h; /* the header (decisions, dice) is the match's, not the position's */
    if (!vb_equal(t->g, &before, S(t)))
        fail_msg("M45: 13.1.1 the halted march's state changed by its round trip (march "
                 "general %d, read back %d)",
                 before.mv.gen, S(t)->mv.gen);
    vbt_free(t);
}

/* 6, the closed game: a camp's view hides the other camp's compositions,
 * not its own; the search's determinisation draws only what is hidden.
 * France N's 2 SP march into France Ouest and halt for their attrition
 * (14): France's own view, determinised with 20 seeds, keeps the army
 * under attrition exactly as it is (rs_view.c:433, `attr_camp == o &&
 * attr_zone >= 0 && ...` as `attr_camp == o || (attr_zone >= 0 && ...)`:
 * France's own army under attrition redrawn out of the Coalition's army
 * there, none: its 2 SP gone from its own view). */
static void test_6_closed_own_attrition_kept_when_determinised(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->h.opts[0] = 1;
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to France-Ouest");
    vbt_act(t, "halt");
    assert_int_equal(S(t)->phase, P_ATTR);
    assert_int_equal(S(t)->attr_camp, RS_F);
    assert_int_equal(rs_sp(S(t)->attr_army), 2);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        rs_state v;
        vb_view(t->g, &v, S(t), RS_F);
        assert_memory_equal(v.attr_army, S(t)->attr_army, RS_NT);
        vb_rng r;
        vb_rng_seed(&r, seed);
        t->g->def->determinize(t->g, &v, RS_F, &r);
        if (memcmp(v.attr_army, S(t)->attr_army, RS_NT) != 0)
            fail_msg("M45: 6 seed %d: France's own army under attrition redrawn, %d SP", (int)seed,
                     rs_sp(v.attr_army));
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_18_1_2_honours_at_fv_zero_in_file),
        cmocka_unit_test(test_6_open_game_by_default),
        cmocka_unit_test(test_eval_first_objective_and_siege_to_come),
        cmocka_unit_test(test_17_2_withdrawal_offered_once_a_zone),
        cmocka_unit_test(test_17_1_1_no_modifiers_none_listed),
        cmocka_unit_test(test_9_star_bonus_only_with_a_star_on_the_map),
        cmocka_unit_test(test_13_1_2_march_enters_played_zones_only),
        cmocka_unit_test(test_13_1_1_halted_march_round_trip),
        cmocka_unit_test(test_6_closed_own_attrition_kept_when_determinised),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
