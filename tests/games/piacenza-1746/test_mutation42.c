/* test_mutation42.c - the forty-second session's mutation pass (seed 42,
 * helper pcv, docs/piacenza-1746.md "Mutation pass, forty-second session
 * (helper pcv)"): the rules found without a test in pc_rules.c and the
 * files after it. Each test quotes the rule it checks and names the mutant
 * it kills (lines of e71619ce). Messages begin "M42:". The positions are
 * built on cleared boards, as the other tests' are. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* 7.1 a: a unit entering an enemy ZOC stops; 9.2.1: it may still declare
 * a Melee with the MP it has left, against the enemy of the map's first
 * hex too. On the centre map (0101, hex 0, Clear) Vieufville steps from
 * 0103 into 0102, in Andlau's ZOC: it stops there, and `melee 0101` is
 * offered. (pc_rules.c:340 the neighbours' `nb >= 0` as `nb >= 1`: no
 * melee seen from the stop, the move ended at once.) */
static void stop_in_a_zoc_melees_hex_zero(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Vieufville", "0103");
    put_leader(t, "De Mailly", "0104");
    put(t, "Andlau", "0101");
    put_leader(t, "Piccolomini", "0201");
    assert_int_equal(HX(t, "0101"), 0);
    start_move(t, "De Croix", "De-Mailly", "Vieufville");
    vbt_act(t, "to 0102");
    dice_on(t, "0"); /* 7.1: the cavalry's TDR before it enters the infantry's ZOC */
    expect_log(t, "[7.1 a] Vieufville stops in an enemy ZOC");
    if (!vbt_legal(t, "melee 0101"))
        fail_msg("M42: 7.1 a / 9.2.1 melee 0101 (hex 0) not offered after the stop in its ZOC");
    vbt_act(t, "melee 0101");
    vbt_free(t);
}

/* vb_module.h, legal(): "weights ... get 1 for player decisions" (the
 * searches and the random playouts draw a player's action by them). 13.0:
 * in the battle, after the dragoons' deployment, the Franco-Spanish player
 * notes his geographic objectives in secret: a player decision, each
 * objective offered weighs 1. (pc_rules.c:520 the battle phases' `w[i] = 1`
 * as `w[i] = 0`: every objective weighed 0; only test_random's long
 * games, left out of the pass, check the weights.) */
static void objectives_weigh_one(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    deploy_dragoons(t, 0);
    assert_int_equal(S(t)->phase, PH_OBJ);
    vbt_weighs_one(t, "M42: 13.0 the objectives");
    vbt_free(t);
}

/* 11.4: a Disordered unit that passes its reorganization "returns in good
 * order", a Routed one "becomes Disordered": the log says which. Bernes
 * Cuirassiers in 1104, Barnklau beside them in 1105 (test_rules.c's
 * reorganization, row 0): routed, the die 7 passes (7+2-1 = 8 vs 8) and
 * the log says "rallies to Disorder"; disordered, the die 8 passes and it
 * says "good order". (pc_rules.c:749 the log's `ustat == ST_ROUT` as `!=`:
 * each told the other's outcome, the status itself right.) */
static void reorganization_log_names_the_outcome(void **state)
{
    (void)state;
    static const struct {
        int before, after;
        const char *die, *said, *not_said;
    } rows[] = {
        {ST_ROUT, ST_DIS, "7", "reorganization: 7+1 vs 8 - rallies to Disorder", "good order"},
        {ST_DIS, ST_GOOD, "8", "reorganization: 8-1 vs 8 - good order", "rallies to Disorder"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = board();
        int u = U(t, "Bernes Cuirassiers");
        put(t, "Bernes Cuirassiers", "1104");
        put_leader(t, "Barnklau", "1105");
        pc_command_update(D(t), S(t), 0);
        S(t)->ustat[u] = (uint8_t)rows[i].before;
        S(t)->roll = RL_REORG;
        S(t)->roll_u = u;
        S(t)->reorg_u = D(t)->nu;
        vbt_clear_log(t);
        dice_on(t, rows[i].die);
        assert_int_equal(S(t)->ustat[u], rows[i].after);
        if (!vbt_logged(t, rows[i].said) || vbt_logged(t, rows[i].not_said))
            fail_msg("M42: 11.4 the log of Bernes Cuirassiers' reorganization lacks '%s': %s",
                     rows[i].said, t->log);
        vbt_free(t);
    }
}

/* 4.7: the Commander "can retreat with the units it was stacked with or
 * it can be relocated to the closest unit of the same Formation": a
 * choice, asked only when there are two hexes to choose from. A state
 * file in that choice whose Commander has one hex left is no position of
 * play: Petit Bois's relocation (petit_bois_relocates) written with Africa
 * off the map, Saboya's 0102 the one hex, is refused in one line naming
 * 4.7, the state unchanged; as played it reads back. (pc_check.c:528 the
 * relocation's `|| r || pc_reloc_options(...) < 2` as `(r && ...)`: the
 * choice without a choice read.) */
static void relocation_file_needs_a_choice(void **state)
{
    (void)state;
    vbt *t = petit_bois_relocates();
    assert_int_equal(S(t)->phase, PH_RELOC);
    reads_back_the_same(t, "4.7: Petit Bois's relocation asked");
    S(t)->uhex[U(t, "Africa")] = -1;
    json_t *j, *file = pc_file_of(t, "centre", &j);
    pc_load_expect(t, file, "4.7: the relocation choice needs",
                   "M42: 4.7 a relocation asked with one hex to choose");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 8.3: "any artillery unit can fire twice. The first volley immediately
 * precedes the second one" (8.4: or the counter is turned at once): the
 * second volley is the gun's that fired the first, on the map. A
 * state file waiting for Artilleria de Gages's second volley
 * (bombarded_cuirassiers, the Austrian's choice made) with the gun off the
 * map is no position of play: refused in one line, the state unchanged;
 * as played it reads back. (pc_check.c:395 the battery's `bomb_u < 0 ||
 * uhex[bomb_u] < 0` as `(... && ...)`: the gun off the map accepted.) */
static void second_volley_file_needs_the_gun(void **state)
{
    (void)state;
    vbt *t = bombarded_cuirassiers();
    vbt_act(t, "suffer Bernes-Cuirassiers");
    assert_int_equal(S(t)->phase, PH_BOMB2);
    assert_int_equal(S(t)->bomb_u, U(t, "Artilleria de Gages"));
    reads_back_the_same(t, "8.5: the second volley asked");
    S(t)->uhex[U(t, "Artilleria de Gages")] = -1;
    json_t *j, *file = pc_file_of(t, "san-lazzaro", &j);
    pc_load_expect(t, file, "the battery must be on the map",
                   "M42: 8.5 a second volley asked of a gun off the map");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 9.2.9: the winner of a melee "advances" into the hex it attacked;
 * 9.2.8: a loser "falls back". The odds name each outcome by what it does
 * to each unit: Castilla's melee on Clerici (0805) declared (melee_declared)
 * and Castilla, of the active wing, moved back to 0704 is named "falls
 * back", moved into 0805 "advances". (pc_odds.c:275 the name's `side ==
 * wing's side && umelee >= 0 && ...` as `side == wing's side || (...)`:
 * every move of an active unit named an advance.) The same into the
 * map's first hex. */
static void odds_name_the_attacker_falling_back(void **state)
{
    (void)state;
    vbt *t = melee_declared();
    int c = U(t, "Castilla");
    assert_int_equal(S(t)->umelee[c], HX(t, "0805"));
    static const struct {
        const char *hex, *name;
    } rows[] = {{"0704", "Castilla falls back"}, {"0805", "Castilla advances"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pc_state *after = malloc(sizeof *after);
        memcpy(after, S(t), sizeof *after);
        after->uhex[c] = (int16_t)HX(t, rows[i].hex);
        char name[256];
        pc_odds_outcome(t->g, S(t), after, name, sizeof name);
        if (!strstr(name, rows[i].name))
            fail_msg("M42: 9.2.8 / 9.2.9 Castilla moved to %s named '%s', not '%s'", rows[i].hex,
                     name, rows[i].name);
        free(after);
    }
    vbt_free(t);

    /* the melee into the map's first hex (0101, hex 0, on the centre map):
     * Vieufville in 0102 melees Andlau in 0101 (M41b's
     * melee_into_the_first_hex) and, moved into 0101, "advances"
     * (pc_odds.c:275 `umelee >= 0` as `>= 1`: named "falls back") */
    t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Vieufville", "0102");
    put_leader(t, "De Mailly", "0103");
    put(t, "Andlau", "0101");
    put_leader(t, "Piccolomini", "0201");
    start_move(t, "De Croix", "De-Mailly", "Vieufville");
    vbt_act(t, "melee 0101");
    int v = U(t, "Vieufville");
    assert_int_equal(S(t)->umelee[v], 0);
    pc_state *after = malloc(sizeof *after);
    memcpy(after, S(t), sizeof *after);
    after->uhex[v] = 0;
    char name[256];
    pc_odds_outcome(t->g, S(t), after, name, sizeof name);
    if (!strstr(name, "Vieufville advances"))
        fail_msg("M42: 9.2.9 Vieufville moved into 0101 (hex 0) named '%s'", name);
    free(after);
    vbt_free(t);
}

/* 3.0 A: "each player secretly chooses one of his Wing markers": each
 * selection begins with no marker chosen. Learning Scenario 1 (a wing a
 * side: one selection a turn) played on, each activation passed: at every
 * selection the Franco-Spanish player
 * chooses first (the engine asks him first) and the Austrian marker of the
 * selection before is gone, in the state and in the Franco-Spanish view's
 * file. (pc_turn.c:60 `choice[0] = choice[1] = -1` as `choice[0] =
 * choice[2] = -1`: the Austrian's last marker kept into the next
 * selection.) */
static void selection_begins_without_markers(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    int selections = 0;
    for (int guard = 0; guard < 400 && S(t)->phase != PH_OVER && selections < 3; guard++) {
        if (S(t)->phase != PH_SELECT || S(t)->roll) {
            pass_one(t);
            continue;
        }
        vb_action acts[VB_MAX_ACTIONS];
        if (S(t)->side == PC_FS) {
            selections++;
            if (S(t)->choice[PC_AU] != -1 || S(t)->choice[PC_FS] != -1)
                fail_msg("M42: 3.0 A selection %d begins with the markers %d and %d chosen",
                         selections, S(t)->choice[PC_FS], S(t)->choice[PC_AU]);
            json_t *v = t->g->def->to_json(t->g, S(t), PC_FS);
            char *txt = json_dumps(v, JSON_SORT_KEYS);
            if (strstr(txt, "hidden"))
                fail_msg("M42: 3.0 A the Franco-Spanish view shows a hidden Austrian marker: %s",
                         txt);
            free(txt);
            json_decref(v);
        }
        int n = vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
        assert_true(n > 0);
        assert_int_equal(vb_apply(t->g, S(t), acts[n - 1], &t->cx), 0);
    }
    assert_true(selections >= 2);
    vbt_free(t);
}

/* 1.0: "a historical simulation game for two players ... One of the
 * players controls the Franco-Spanish army, the other controls the
 * Austrian army": the game has two roles, those two, and each scenario
 * is played by both. (pc_def.c:16 `.nroles = 2` as `3`: a third role,
 * its name read past the two of `roles`.) */
static void two_players(void **state)
{
    (void)state;
    vbt *t = board();
    const vb_game *g = t->g;
    if (g->def->nroles != 2 || g->nsides != 2)
        fail_msg("M42: 1.0 the game has %d roles, %d sides, not the two players", g->def->nroles,
                 g->nsides);
    assert_string_equal(g->def->roles[PC_FS], "franco-spanish");
    assert_string_equal(g->def->roles[PC_AU], "austrian");
    for (int sc = 0; sc < g->nscenarios; sc++)
        assert_int_equal(g->scenario_roles[sc], 3u);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stop_in_a_zoc_melees_hex_zero),
        cmocka_unit_test(objectives_weigh_one),
        cmocka_unit_test(reorganization_log_names_the_outcome),
        cmocka_unit_test(relocation_file_needs_a_choice),
        cmocka_unit_test(second_volley_file_needs_the_gun),
        cmocka_unit_test(odds_name_the_attacker_falling_back),
        cmocka_unit_test(selection_begins_without_markers),
        cmocka_unit_test(two_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
