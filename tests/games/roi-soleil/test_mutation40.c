/* test_mutation40.c - rules that the fortieth session's mutation pass
 * (seed 40, helper rsx, docs/roi-soleil.md) found untested in the rules
 * files (rs_rules.c, rs_combat.c, rs_move.c, rs_event.c, rs_winter.c,
 * rs_loss.c, rs_prep.c, rs_check.c): each fails with its surviving mutant
 * planted (messages "M40:", lines of a60262e) and passes without.
 * Positions are the Devolution's set-up, edited where a case needs it (the
 * helpers are in rs_test.h). */
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

/* 17.1: "A battle engages 10 SP or more in each army ... It costs a Battle
 * marker"; "A skirmish engages fewer than 10 SP in one and/or the other of
 * the armies". Turenne's 20 SP against 12, 11 and 10 without a Battle
 * marker: no combat; against 9 a skirmish (rs_rules.c:497, the defender's
 * `fo < 10` as `fo > 10`). */
static void test_battle_marker_against_more_than_ten(void **state)
{
    (void)state;
    static const struct {
        int add, legal;
    } rows[] = {{6, 0}, {5, 0}, {4, 0}, {3, 1}};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        vbt *t = campaign();
        S(t)->c[RS_F].pstate[0] = PK_USED; /* no Battle marker left */
        put(t, "Brabant", RS_C, T_INF, rows[r].add);
        vbt_act(t, "move Turenne");
        vbt_act(t, "march");
        step(t, "to Brabant");
        vbt_act(t, "halt");
        vbt_dice(t, "1");
        if (vbt_legal(t, "attack Brabant") != rows[r].legal)
            fail_msg("M40: %d SP against %d without a Battle marker: attack %s",
                     rs_army(S(t), Z(t, "Brabant"), RS_F), rs_army(S(t), Z(t, "Brabant"), RS_C),
                     rows[r].legal ? "refused" : "offered");
        vbt_free(t);
    }
}

/* A new game of each scenario has nothing pending: its state file names no
 * zone of an attrition, of losses (17.1.1, 14), of an interception (13.3)
 * or a flood, no surprise general (20) and no recruiting zone
 * (rs_rules.c:415, the new game's `loss_zone = -1` as `-0`: losses owed in
 * France Ouest). */
static void test_new_game_nothing_pending(void **state)
{
    (void)state;
    static const char *const scen[] = {"devolution", "reunions", "holland", "augsburg",
                                       "succession"};
    static const char *const key[] = {
        "attrition_zone",   "loss_zone",     "interception_zone",      "flooded_zone",
        "surprise_general", "recruiting_in", "leaves_after_campaigns", "kept_in_reserve"};
    for (size_t i = 0; i < sizeof scen / sizeof scen[0]; i++) {
        vbt *t = vbt_new("roi-soleil", scen[i], 1);
        json_t *j = vbt_state_json(t);
        for (size_t k = 0; k < sizeof key / sizeof key[0]; k++) {
            json_t *v = json_object_get(j, key[k]);
            if (!json_is_integer(v) || json_integer_value(v) != -1)
                fail_msg("M40: %s's new game: %s %lld, not -1", scen[i], key[k],
                         v ? (long long)json_integer_value(v) : 99LL);
        }
        json_decref(j);
        vbt_free(t);
    }
}

/* camp's army and generals in zone `from` moved whole to zone `to` */
static void stack_to(vbt *t, int camp, const char *from, const char *to)
{
    rs_state *s = S(t);
    int a = Z(t, from), b = Z(t, to);
    for (int u = 0; u < RS_NT; u++) {
        s->z[b].army[camp][u] = (uint8_t)(s->z[b].army[camp][u] + s->z[a].army[camp][u]);
        s->z[a].army[camp][u] = 0;
    }
    for (int i = 0; i < RS_D(t->g)->ng; i++)
        if (s->gz[i] == a && rs_gcamp(t->g, s, i) == camp)
            s->gz[i] = (int8_t)b;
}

/* 3.2: the commander that the enemy camp puts on top for a march's
 * initiative test commands for that test only; here in France Ouest, the
 * map's first zone (rs_rules.c:891, rs_apply's "no zone" `-1` as `-0`:
 * the mark kept after the test by the generals of zone 0). */
static void test_command_mark_gone_after_the_test_in_the_first_zone(void **state)
{
    (void)state;
    vbt *t = campaign();
    stack_to(t, RS_F, "Picardie", "France-Ouest");
    stack_to(t, RS_C, "Brabant", "Picardie");
    S(t)->active = RS_C;
    S(t)->who = RS_C;
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    if (S(t)->phase == P_MV_TEST)
        vbt_dice(t, "6"); /* 13.2: leaving Picardie, contested: passed */
    step(t, "to France-Ouest");
    vbt_act(t, "press-on");
    assert_int_equal(S(t)->phase, P_MV_TOP);
    vbt_act(t, "command Turenne");
    assert_int_not_equal(S(t)->gtop, 0);
    vbt_dice(t, "3");
    if (S(t)->gtop)
        fail_msg("M40: after the test in France Ouest, %s still on top",
                 RS_D(t->g)->gd[__builtin_ctzll(S(t)->gtop)].name);
    check_ok(t);
    vbt_free(t);
}

/* the cabinet strategy's most markers for a die with star bonus `star`
 * (tables.json star_bonus, 0 to 3 read), the Devolution's first roll (no
 * event, no loans) */
static int cab_max(int die, int star)
{
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    assert_int_equal(S(t)->phase, P_CAB_ROLL);
    assert_true(rs_star_on_map(t->g, S(t), S(t)->who));
    ((rs_data *)t->g->data)->cab_star = star;
    int c = S(t)->who;
    char d[2] = {(char)('0' + die), 0};
    vbt_dice(t, d);
    int n = S(t)->c[c].cabmax;
    vbt_free(t);
    return n;
}

/* 9, 3.2: the cabinet strategy table has seven rows, the D6 plus the star
 * general's bonus ("1-7 with the star modifier"); a bonus read from the
 * data that takes the roll past 7 reads the seventh row (rs_rules.c:197,
 * the clamp `? 7` as `? 6`). */
static void test_cabinet_roll_past_seven_reads_the_last_row(void **state)
{
    (void)state;
    int seventh = cab_max(6, 1);
    assert_int_equal(cab_max(5, 2), seventh);
    if (cab_max(6, 2) != seventh || cab_max(6, 3) != seventh)
        fail_msg("M40: D6 6 + 2 and 6 + 3 (star): %d and %d markers, not the seventh row's %d",
                 cab_max(6, 2), cab_max(6, 3), seventh);
    assert_int_not_equal(cab_max(5, 1), seventh); /* the sixth row */
}

/* 18.1.2 Sh: "If the FV is zero, the generals and units are placed in an
 * adjacent zone controlled by their camp": Louis XIV (the data's first
 * general) alone in Picardie, no SP in its fortress, besieged by the
 * Coalition; the siege table read as Sh throughout: France chooses among
 * France Ouest, Artois and Champagne et Brie, and he goes to the one chosen
 * (rs_combat.c:450, the cargo's generals counted from `i = 1`: Louis XIV
 * sent to the first, France Ouest, without asking). */
static void test_honours_louis_alone_chooses_his_zone(void **state)
{
    (void)state;
    vbt *t = coalition_campaign_with_siege();
    rs_state *s = S(t);
    rs_data *d = (rs_data *)t->g->data;
    int pic = Z(t, "Picardie"), lx = G(t, "Louis XIV");
    assert_int_equal(lx, 0);
    for (int i = 0; i < RS_NT; i++) { /* the French army and garrison to the Reserve */
        s->c[RS_F].reserve[i] =
            (uint8_t)(s->c[RS_F].reserve[i] + s->z[pic].army[RS_F][i] + s->z[pic].garr[i]);
        s->z[pic].army[RS_F][i] = s->z[pic].garr[i] = 0;
    }
    for (int i = 0; i < d->ng; i++)
        if (i != lx && s->gz[i] == pic)
            s->gz[i] = GZ_RESERVE;
    stack_to(t, RS_C, "Brabant", "Picardie");
    for (int r = 0; r < 14; r++)
        for (int c = 0; c < 6; c++) {
            d->sg_res[r][c] = SR_SH;
            d->sg_fv[r][c] = 1;
        }
    assert_true(s->z[pic].fv > 0);
    check_ok(t);
    vbt_act(t, "siege Picardie");
    while (S(t)->phase != P_HONOURS && S(t)->sg.zone == pic) {
        if (S(t)->phase == P_SG_EFFORT)
            vbt_act(t, "no-effort");
        else
            vbt_dice(t, "1");
    }
    if (S(t)->phase != P_HONOURS)
        fail_msg("M40: Louis XIV alone surrenders with honours: no choice, he went to %s",
                 S(t)->gz[lx] >= 0 ? d->z[S(t)->gz[lx]].name : "the Reserve");
    assert_int_equal(S(t)->who, RS_F);
    vbt_act(t, "honours Champagne-et-Brie");
    assert_int_equal(S(t)->gz[lx], Z(t, "Champagne-et-Brie"));
    assert_int_equal(rs_ctrl(t->g, S(t), pic), RS_C);
    check_ok(t);
    vbt_free(t);
}

/* 14: attrition strikes the moving army only ("The movements of an army
 * lead to the determination of attrition and desertion"; 17 and 18 take
 * SP from both sides, attrition from one): Turenne's army, with 2 Dutch
 * infantry SP beside the French (only a leader's units are bound to its
 * camp, rs_check.c; an ally's may be found in either, 22.1), halts in
 * Brabant, where the Coalition's army holds Dutch infantry too; whatever
 * the attrition die, the Coalition's army keeps every SP (rs_move.c:246,
 * the other camp's loss `0` as `1`: one Dutch SP of the Coalition's army
 * taken with the French attrition). */
static void test_attrition_strikes_the_mover_only(void **state)
{
    (void)state;
    for (int die = 1; die <= 6; die++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int up = KIND(ST(t, "United Provinces"), T_INF), pic = Z(t, "Picardie"),
            bra = Z(t, "Brabant");
        s->z[pic].army[RS_F][up] = 2;
        s->z[bra].army[RS_C][up] = (uint8_t)(s->z[bra].army[RS_C][up] + 2);
        s->sp_adj[RS_F] = (int16_t)(s->sp_adj[RS_F] + 2); /* as by events (sides changed, */
        s->sp_adj[RS_C] = (int16_t)(s->sp_adj[RS_C] + 2); /* new units) */
        check_ok(t);
        uint8_t before[RS_NT];
        memcpy(before, s->z[bra].army[RS_C], RS_NT);
        vbt_act(t, "move Turenne");
        vbt_act(t, "march");
        step(t, "to Brabant");
        vbt_act(t, "halt");
        char d[2] = {(char)('0' + die), 0};
        vbt_dice(t, d);
        lose_inf(t);
        if (memcmp(before, S(t)->z[bra].army[RS_C], RS_NT))
            fail_msg("M40: the French attrition (D6 %d) took the Coalition's SP in Brabant: %d "
                     "Dutch infantry SP, %d before",
                     die, S(t)->z[bra].army[RS_C][up], before[up]);
        check_ok(t);
        vbt_free(t);
    }
}

/* 13, 13.2: every decision of a march applies with 0, the module's
 * "done" (vb_module.h; `vauban play`'s next mover and its advice read
 * `vb_apply(...) == 0`, src/cli/play.c, play_advice.c): France M's army
 * leaves Artois (not contested) for Picardie; Spain A's army leaves
 * Picardie, contested by a French garrison, and takes the initiative test
 * first (rs_move.c:427, the start from a contested zone `return 0` as
 * `return 1`). */
static void test_march_applies_with_zero(void **state)
{
    (void)state;
    vbt *t = campaign();
    static const char *const calm[] = {"move France-M", "march", "to Picardie", "no-interception",
                                       "halt"};
    for (size_t i = 0; i < sizeof calm / sizeof calm[0]; i++) {
        int rc = apply_rc(t, calm[i]);
        if (rc != 0)
            fail_msg("M40: '%s' applied with %d, not 0", calm[i], rc);
    }
    assert_int_equal(S(t)->phase, P_ATTR);
    vbt_free(t);

    t = campaign();
    stack_to(t, RS_F, "Picardie", "France-Ouest");
    stack_to(t, RS_C, "Brabant", "Picardie");
    S(t)->active = RS_C;
    S(t)->who = RS_C;
    static const char *const contested[] = {"move Spain-A", "march", "6"};
    for (size_t i = 0; i < sizeof contested / sizeof contested[0]; i++) {
        if (i == 2)
            assert_int_equal(S(t)->phase, P_MV_TEST); /* 13.2 */
        int rc = apply_rc(t, contested[i]);
        if (rc != 0)
            fail_msg("M40: '%s' (from contested Picardie) applied with %d, not 0", contested[i],
                     rc);
    }
    assert_int_equal(S(t)->phase, P_MV_STEP);
    vbt_free(t);
}

/* 24.5.3 1706-6 ("Place Sweden's alliance cursor in space Doubt 3"), its
 * printed space read as any other: the data's "D4", the space next to
 * Neutral (1 from it), puts Sweden's cursor there, France's, as "D3" puts
 * it at 2 (rs_event.c:134, the printed space `space > 0` as `> 1`: space
 * 1 read as no space, Sweden entering as the scenario has it). */
static void test_hire_at_the_first_printed_space(void **state)
{
    (void)state;
    for (int sp = 1; sp <= 2; sp++) {
        vbt *t = vbt_new("roi-soleil", "succession", 1);
        rs_state *s = S(t);
        rs_scen *sc = (rs_scen *)RS_SCEN(t->g, s);
        rs_event *e = &sc->ev[1706 - sc->start][2];
        assert_int_equal(e->kind, EV_HIRE);
        assert_int_equal(e->space, 2); /* "D3" as printed */
        e->space = sp;
        int sw = ST(t, "Sweden");
        assert_int_equal(s->scamp[sw], -1);
        event(t, 1706, "6");
        vbt_dice(t, "5");
        if (s->scamp[sw] != RS_F || s->alpos[sw] != -sp)
            fail_msg("M40: Sweden hired at space %d: camp %d, cursor %d", sp, s->scamp[sw],
                     s->alpos[sw]);
        check_ok(t);
        vbt_free(t);
    }
}

/* 7 (24.4.3 1696-6's reading): "If the conditions to be applied for the
 * random event are not met (neutralised state, ...), then ignore this
 * event", a placement too: the Holland's 1674-4 ("place" 4 SP and a
 * general at Bremen) read for Brandenburg, neutralised first, places
 * nothing (rs_event.c:509, `kind == EV_PLACE` as `!=`: the placement
 * made, neutralised or not). The shipped placement is Denmark's, which no
 * cursor can neutralise: the data's nation is changed. */
static void test_placement_of_a_neutralised_state_ignored(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "holland", 1);
    rs_state *s = S(t);
    rs_scen *sc = (rs_scen *)RS_SCEN(t->g, s);
    rs_event *e = &sc->ev[1674 - sc->start][0];
    assert_int_equal(e->kind, EV_PLACE);
    int br = ST(t, "Brandenburg"), bre = Z(t, "Breme");
    e->nat = br;
    e->general = -1;
    while (s->alpos[br] && !s->neutralised[br])
        rs_move_cursor(t->g, s, br, RS_F, &t->cx);
    assert_true(s->neutralised[br]);
    int before = rs_army(s, bre, RS_C);
    event(t, 1674, "4");
    s = S(t);
    if (rs_nsum(s->z[bre].army[RS_C], br) || rs_army(s, bre, RS_C) != before)
        fail_msg("M40: %d SP of neutralised Brandenburg placed at Bremen",
                 rs_nsum(s->z[bre].army[RS_C], br));
    assert_true(vbt_logged(t, "Brandenburg is neutralised: the event is ignored"));
    check_ok(t);
    vbt_free(t);
}

/* 22.1: "The player with the initiative chooses a single minor ally ...
 * Then the adversary may choose a different ally": one sway a camp a
 * turn. France (the initiative) declines, the Coalition, with 10 RP and
 * two minor allies it may move, sways Savoy: the diplomatic actions end,
 * no second sway offered (rs_winter.c:74, `sub < 2` as `<= 2`: the second
 * camp asked again). */
static void test_one_sway_for_the_second_camp(void **state)
{
    (void)state;
    vbt *t = at_the_sways(RS_F);
    rs_state *s = S(t);
    vbt_act(t, "no-diplomacy");
    assert_int_equal(s->phase, P_DIPLO);
    assert_int_equal(s->who, RS_C);
    s->c[RS_C].rp = 10;
    vbt_act(t, "sway Savoy");
    if (s->phase == P_DIPLO)
        fail_msg("M40: after its sway of Savoy the Coalition is asked again: %s",
                 vbt_legal(t, "sway Lorraine") ? "sway Lorraine offered" : "");
    vbt_free(t);
}

/* 14, 17.1.1: once the owner has taken its losses nothing of them is left
 * in the state file: after the attrition of Turenne's march to Brabant
 * (D6 6, its SP lost), "loss_zone" -1, "loss_first" 0, no loss owed
 * (rs_loss.c:99, the losses' end `loss_first = 0` as `1`). */
static void test_losses_done_nothing_pending(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "6");
    lose_inf(t);
    assert_true(vbt_logged(t, "SP lost"));
    json_t *j = vbt_state_json(t);
    static const struct {
        const char *key;
        int want;
    } k[] = {{"loss_zone", -1}, {"loss_first", 0}, {"loss_france", 0}, {"loss_coalition", 0}};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        json_t *v = json_object_get(j, k[i].key);
        if (!json_is_integer(v) || json_integer_value(v) != k[i].want)
            fail_msg("M40: after the attrition's losses: %s %lld, not %d", k[i].key,
                     v ? (long long)json_integer_value(v) : 99LL, k[i].want);
    }
    json_decref(j);
    vbt_free(t);
}

/* 17.1 (a state file's combat before its first round: no round fought,
 * no loss), in France Ouest, the map's first zone: the Coalition's 10 SP
 * there, attacked by Turenne's army; a round or a loss written before the
 * decoy is refused as in any other zone (rs_check.c:131, the combat's
 * `zone >= 0` as `> 0`: France Ouest's combat never checked). */
static void test_combat_in_the_first_zone_checked(void **state)
{
    (void)state;
    vbt *t = campaign();
    stack_to(t, RS_C, "Brabant", "France-Ouest");
    put(t, "France-Ouest", RS_C, T_INF, 4); /* 10 SP: a battle */
    vbt_act(t, "move Turenne");
    vbt_act(t, "with Louis-XIV");
    vbt_act(t, "march");
    step(t, "to France-Ouest");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "attack France-Ouest");
    if (vbt_legal(t, "command Turenne"))
        vbt_act(t, "command Turenne");
    assert_int_equal(S(t)->phase, P_CB_DECOY);
    assert_int_equal(S(t)->cb.zone, 0);
    check_ok(t);
    static const char *const key[] = {"round", "lost_coalition"};
    for (int k = 0; k < 2; k++) {
        rs_state before = *S(t);
        json_t *j = vbt_state_json(t);
        json_t *cb = json_object_get(j, "combat");
        assert_non_null(cb);
        json_object_set_new(cb, key[k], json_integer(k + 1));
        int rc = vbt_load_json(t, j);
        if (rc == 0 || !strstr(t->cx.err, "combat: before its first round in 'France Ouest'"))
            fail_msg("M40: combat/%s %d before the first round in France Ouest: %s", key[k], k + 1,
                     rc ? t->cx.err : "loaded");
        assert_memory_equal(&before, S(t), sizeof before);
    }
    check_ok(t);
    vbt_free(t);
}

/* 14.1 "Strategic Capacity of the general != 0: -1"; "Winter quarters in
 * a non-controlled zone ...: +3": France M's army in Hollande, no zone
 * next to it France's, winters there; led by Louis XIV (SC 0) its
 * attrition is D6 + 3, led by France M (SC not 0) D6 + 3 - 1 (the
 * hand-planted rs_winter.c:108, `gi >= 0 && sc` read as `gi >= 0`: a
 * general of SC 0 took the -1). */
static void test_quarters_attrition_general_sc_zero(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        int hol = army_to(t, "Hollande");
        const char *who = k ? "France M" : "Louis XIV";
        if (k == 0) {
            S(t)->gz[G(t, "France M")] = GZ_RESERVE;
            S(t)->gz[G(t, "Louis XIV")] = (int8_t)hol;
        }
        to_quarters(t);
        assert_true(vbt_logged(t, "army in Hollande cannot reach a controlled zone"));
        vbt_dice(t, "4");
        const char *want = k ? "D6 4+2 = 6" : "D6 4+3 = 7";
        if (!vbt_logged(t, want))
            fail_msg("M40: led by %s (SC %d), the attrition in Hollande is not '%s'", who,
                     RS_D(t->g)->gd[G(t, who)].sc, want);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_battle_marker_against_more_than_ten),
        cmocka_unit_test(test_new_game_nothing_pending),
        cmocka_unit_test(test_command_mark_gone_after_the_test_in_the_first_zone),
        cmocka_unit_test(test_cabinet_roll_past_seven_reads_the_last_row),
        cmocka_unit_test(test_honours_louis_alone_chooses_his_zone),
        cmocka_unit_test(test_attrition_strikes_the_mover_only),
        cmocka_unit_test(test_march_applies_with_zero),
        cmocka_unit_test(test_hire_at_the_first_printed_space),
        cmocka_unit_test(test_placement_of_a_neutralised_state_ignored),
        cmocka_unit_test(test_one_sway_for_the_second_camp),
        cmocka_unit_test(test_losses_done_nothing_pending),
        cmocka_unit_test(test_combat_in_the_first_zone_checked),
        cmocka_unit_test(test_quarters_attrition_general_sc_zero),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
