/*
 * test_mutation31.c - setge-1714: the survivors of the thirty-first
 * session's mutation pass, seed 31 (helper sgm), of sg_rules.c and
 * sg_legal.c (docs/setge-1714.md, "Mutation pass, thirty-first session,
 * seed 31 (helper sgm)"): each test fails with the mutant it names
 * planted, and no other setge test did.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/setge-1714/sg_int.h"
#include "sg_test.h"
#include "vbtest.h"

#define GAME "setge-1714"

/* 6.3: `move-stack Z` then `to Y` moves every piece of the stack, the
 * first unit of each side's list (forces.json: Coronela Trinitat 1, La
 * Marine 1) as well as the others (sg_rules.c:962, the stack's loop). */
static void test_6_3_stack_moves_every_piece(void **state)
{
    static const struct {
        const char *half, *from, *to, *a, *b, *stack, *dest;
    } rows[] = {
        {"catalan", "Baluard de Jonqueres", "Placa de Jonqueres", "Coronela Trinitat 1",
         "Coronela Trinitat 2", "move-stack Baluard-de-Jonqueres", "to Placa-de-Jonqueres"},
        {"bourbon", "Left Two Crowns", "Platja del Rec", "La Marine 1", "La Marine 2",
         "move-stack Left-Two-Crowns", "to Platja-del-Rec"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char zones[256];
        snprintf(zones, sizeof zones, "\"%s\": [\"%s\", \"%s\"], \"%s\": [\"%s\"]", rows[i].from,
                 rows[i].a, rows[i].b, i ? "Pla de Palau" : "Fossat de Llevant",
                 i ? "Nebot" : "French Battalion 1");
        sgt_load_at(t, rows[i].half, "movement", "secured", zones, "");
        vbt_act(t, rows[i].stack);
        vbt_act(t, rows[i].dest);
        in_zone(t, rows[i].a, rows[i].to);
        in_zone(t, rows[i].b, rows[i].to);
        vbt_free(t);
    }
}

/* 13: "4 VP for each convent" held, every convent, the first listed
 * (Jonqueres, convent 0) too; Sant Agusti Vell only with both its zones.
 * The Two Crowns' count with the convent's zones held less their count
 * with the same units in the Placa de Jonqueres (no objective): 4
 * (sg_rules.c:314, the convent's zones searched one record past the
 * last zone). */
static void test_13_each_convent_worth_four(void **state)
{
    static const struct {
        const char *z1, *z2;
        int vp;
    } rows[] = {
        {"Convent de Jonqueres", "Convent de Jonqueres", 4},
        {"Sant Pere de les Puelles", "Sant Pere de les Puelles", 4},
        {"Convent de Santa Clara", "Convent de Santa Clara", 4},
        {"Sant Agusti Esglesia", "Sant Agusti Claustres", 4},
        {"Sant Agusti Esglesia", "Placa de Jonqueres", 0},
        {"Convent de Santa Caterina", "Convent de Santa Caterina", 4},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char zones[256];
        sgt_load_at(t, "bourbon", "movement", "secured",
                    "\"Placa de Jonqueres\": [\"French Battalion 1\", \"French Battalion 2\"],"
                    " \"Pla de Palau\": [\"Nebot\"]",
                    "");
        int base = sg_vp(D(t), S(t), SG_BOURBON);
        if (!strcmp(rows[i].z1, rows[i].z2))
            snprintf(zones, sizeof zones,
                     "\"%s\": [\"French Battalion 1\", \"French Battalion 2\"],"
                     " \"Pla de Palau\": [\"Nebot\"]",
                     rows[i].z1);
        else
            snprintf(zones, sizeof zones,
                     "\"%s\": [\"French Battalion 1\"], \"%s\": [\"French Battalion 2\"],"
                     " \"Pla de Palau\": [\"Nebot\"]",
                     rows[i].z1, rows[i].z2);
        sgt_load_at(t, "bourbon", "movement", "secured", zones, "");
        if (sg_vp(D(t), S(t), SG_BOURBON) - base != rows[i].vp)
            fail_msg("%s and %s held: %d VP more, expected %d", rows[i].z1, rows[i].z2,
                     sg_vp(D(t), S(t), SG_BOURBON) - base, rows[i].vp);
        vbt_free(t);
    }
}

/* The module contract (vb_module.h: `legal` gives weight 1 to every
 * player decision, the outcome weight only to chance): the assault
 * offered in the combat phase and the defender's withdraw / hold
 * (11.3) weigh 1 each (sg_legal.c:448 and :677, a weight of 0). */
static void test_player_decisions_weigh_one(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    sgt_load_at(t, "bourbon", "combat", "secured",
                "\"Pla d'en Llull\": [\"French Battalion 1\"], \"Born\": [\"Ciutat 1\"]", "");
    assert_true(vbt_legal(t, "assault Pla-den-Llull onto Born"));
    vbt_weighs_one(t, "combat");
    vbt_act(t, "assault Pla-den-Llull onto Born");
    assert_int_equal(S(t)->phase, PH_WITHDRAW);
    assert_true(vbt_legal(t, "withdraw") && vbt_legal(t, "hold"));
    vbt_weighs_one(t, "withdrawal");
    vbt_free(t);
}

/* 15, 9 (three players): each Bourbon seat fires its own guns, the French
 * seat first, then the Spanish seat. The French battery has no target,
 * the Spanish one (Right Two Crowns) has the Coronela two zones away
 * across the wall: the artillery phase passes to the Spanish seat, which
 * may fire (sg_rules.c:517, the next seat `seat - 1`). */
static void test_15_spanish_seat_fires_after_the_french(void **state)
{
    vbt *t = vbt_new(GAME, "3p", 1);
    (void)state;
    sgt_load(t, "{\"game\": \"setge-1714\", \"scenario\": \"3p\", \"state\": {\"turn\": 5,"
                " \"half\": \"bourbon\", \"phase\": \"artillery\", \"deck\": [],"
                " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Left Two Crowns\": [\"Bourbon Battery 1\", \"French Battalion 1\"],"
                " \"Right Two Crowns\": [\"Bourbon Battery 3\", \"Asturias\"],"
                " \"Baluard de Jonqueres\": [\"Coronela Trinitat 1\"]}}}");
    assert_int_equal(S(t)->phase, PH_ART);
    assert_int_equal(vb_to_move(t->g, S(t)), R_SPANISH);
    assert_true(vbt_legal(t, "fire Bourbon-Battery-3 Coronela-Trinitat-1"));
    vbt_free(t);
}

/* 4, option "deploy": each Two Crowns unit deploys in any of the three
 * deployment zones, the Right Two Crowns (zone 0 of map.json) too, and
 * nowhere else (sg_legal.c:613, the zones offered from zone 1). */
static void test_4_deploy_in_every_deployment_zone(void **state)
{
    vb_ctx cx;
    vb_action a[VB_MAX_ACTIONS];
    int opts[2] = {1, 1};
    sg_state s;
    (void)state;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load(GAME, &cx);
    assert_non_null(g);
    const sg_data *d = g->data;
    assert_int_equal(vb_setup(g, &s, 0, opts, 3, &cx), 0);
    int n = 0, bourbon = 0;
    while (s.phase == PH_DEPLOY && !bourbon) {
        n = vb_legal(g, &s, a, NULL, VB_MAX_ACTIONS);
        assert_true(n > 0);
        if (d->u[SG_AA(a[0])].side == SG_BOURBON)
            bourbon = 1;
        else
            assert_int_equal(vb_apply(g, &s, a[0], &cx), 0);
    }
    assert_true(bourbon);
    assert_int_equal(d->z[0].deploy, 3); /* map.json: the Right Two Crowns first */
    uint64_t seen = 0;
    for (int i = 0; i < n; i++)
        seen |= BIT(SG_AB(a[i]));
    assert_int_equal(n, __builtin_popcountll(d->deploymask));
    assert_true(seen == d->deploymask);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_6_3_stack_moves_every_piece),
        cmocka_unit_test(test_13_each_convent_worth_four),
        cmocka_unit_test(test_player_decisions_weigh_one),
        cmocka_unit_test(test_15_spanish_seat_fires_after_the_french),
        cmocka_unit_test(test_4_deploy_in_every_deployment_zone),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
