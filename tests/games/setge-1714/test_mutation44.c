/*
 * test_mutation44.c - setge-1714: the survivors of the forty-fourth
 * session's mutation pass, seed 44 (helper sqo), of sg_io.c, sg_json.c and
 * sg_legal.c (docs/setge-1714.md, "Mutation pass, forty-fourth session
 * (helper sqo)"): each test fails with the mutant it names planted
 * (messages "M44:", lines of f4f361b1) and passes without. The positions
 * are written by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "games/setge-1714/sg_int.h"
#include "sg_test.h"
#include "vbtest.h"

#define GAME "setge-1714"

/* STATE loads in SCN exactly when ERR is NULL (sg_test.h) */
#define expect(what, scn, state, err) sgt_expect_load("M44", what, scn, state, err)

/* A Bourbon combat position (test_mutation39.c's turn_zero_refused) of
 * turn %d, the key "extended" %s. */
static const char turn_pos[] =
    "{\"turn\": %d, \"extended\": %s, \"half\": \"bourbon\", \"phase\": \"combat\","
    " \"deck\": [], \"royal_breach\": \"mined\", \"unlisted\": \"eliminated\", \"zones\": {"
    " \"Pla d'en Llull\": [\"Ciutat 1\"], \"Santa Marta\": [\"French Grenadiers 1\"]}}";

/* Rule 13: on a draw "the game is extended one more turn": the turn after
 * the track's last (game.json's last_turn, 12) is played only in a game
 * so extended. A state file of turn 13 loads when extended and is refused
 * in one line naming the track when not; turn 12 loads, and is refused as
 * extended (not yet past the last turn).
 * (sg_io.c:509 `d->last_turn + 1` as `+ 0`: the extended game's extra turn
 * refused as off the track.) */
static void extra_turn_of_an_extended_game(void **state)
{
    char buf[512], err[64];
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    int last = D(t)->last_turn;
    vbt_free(t);
    assert_int_equal(last, 12);
    snprintf(buf, sizeof buf, turn_pos, last, "false");
    expect("the last turn", "2p", buf, NULL);
    snprintf(buf, sizeof buf, turn_pos, last, "true");
    expect("the last turn, extended", "2p", buf, "the game is extended but turn 12 is not past");
    snprintf(buf, sizeof buf, turn_pos, last + 1, "true");
    expect("the extra turn, extended", "2p", buf, NULL);
    snprintf(buf, sizeof buf, turn_pos, last + 1, "false");
    snprintf(err, sizeof err, "turn %d is off the track (rule 5.3)", last + 1);
    expect("the extra turn, not extended", "2p", buf, err);
}

/* The text of an action is built from the tokens of its zones and units;
 * an action naming an index that is no zone (one no legal list holds, as
 * the generic checks may text) names it "?", never the entry past the
 * last zone: "to ?" for a destination, "salvo ? onto ?" for a combat of
 * two such zones, while zone nz - 1 is named by its token. (sg_io.c:59
 * `z < d->nz` as `<=`: the zone past the last read, an empty token.) */
static void action_text_of_no_zone(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = D(t);
    char buf[VB_TEXT_LEN], want[VB_TEXT_LEN];
    t->g->def->action_text(t->g, S(t), SG_ACT(A_DEST, d->nz, 0, SG_NO), buf, sizeof buf);
    if (strcmp(buf, "to ?") != 0)
        fail_msg("M44: a destination past the last zone is '%s'", buf);
    t->g->def->action_text(t->g, S(t), SG_ACT(A_SALVO, d->nz, d->nz, 0), buf, sizeof buf);
    if (strcmp(buf, "salvo ? onto ?") != 0)
        fail_msg("M44: a salvo between zones past the last is '%s'", buf);
    t->g->def->action_text(t->g, S(t), SG_ACT(A_DEST, d->nz - 1, 0, SG_NO), buf, sizeof buf);
    snprintf(want, sizeof want, "to %s", d->z[d->nz - 1].tok);
    if (strcmp(buf, want) != 0 || !d->z[d->nz - 1].tok[0])
        fail_msg("M44: the last zone's destination is '%s', not '%s'", buf, want);
    vbt_free(t);
}

/* Rule 4 (the option "deploy": the units deploy one by one, each waiting
 * until placed) and 10.1 (reinforcements wait for their turn): the state
 * file lists every waiting unit with its turn, unit 0 (Coronela Trinitat
 * 1, forces.json's first) as any other; what is written reads back the
 * same. (sg_json.c:87, the waiting units written from unit 1: unit 0
 * waiting was left out of the file, and read back as eliminated.) */
static void unit_zero_waiting_written(void **state)
{
    (void)state;
    vbt *t = sgt_deploying("Coronela Trinitat 1");
    int u = U(t, "Coronela Trinitat 1");
    assert_int_equal(u, 0);
    assert_int_equal(S(t)->us[0], US_WAIT);
    json_t *j = vbt_state_json(t);
    json_t *w = json_object_get(json_object_get(j, "state"), "waiting");
    if (!w)
        w = json_object_get(j, "waiting");
    if (!json_is_integer(json_object_get(w, "Coronela Trinitat 1")))
        fail_msg("M44: unit 0 waiting is not in the file's waiting list");
    sg_state before = *S(t);
    if (vbt_load_json(t, j))
        fail_msg("M44: the state written is refused: %s", t->cx.err);
    if (S(t)->us[0] != US_WAIT || S(t)->arrive[0] != before.arrive[0] ||
        memcmp(S(t), &before, sizeof before) != 0)
        fail_msg("M44: unit 0 waiting read back as status %d, turn %d", S(t)->us[0],
                 S(t)->arrive[0]);
    vbt_free(t);
}

/* The combat recorded in a state file (rule 11: a salvo or an assault; an
 * artillery fire, rule 9) has one of the kinds the engine writes; a kind
 * that is none of them, or "none" itself, is refused in one line naming
 * it, and the kinds are searched among the four names only. (sg_json.c:501
 * the four kinds searched as five: the name past the table read, a global
 * buffer overflow that the sanitizer build stops on; a plain build reads
 * whatever lies there.) */
static void combat_of_unknown_kind_refused(void **state)
{
    char buf[1024], pos[1024];
    (void)state;
    sgt_retreat_position(buf, sizeof buf, 6, 1);
    expect("an assault", "2p", buf, NULL);
    static const char *const kinds[] = {"bombard", "none", ""};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        const char *at = strstr(buf, "\"kind\": \"assault\"");
        assert_non_null(at);
        int k = snprintf(pos, sizeof pos, "%.*s\"kind\": \"%s\"%s", (int)(at - buf), buf, kinds[i],
                         at + strlen("\"kind\": \"assault\""));
        assert_true(k > 0 && (size_t)k < sizeof pos);
        char err[64];
        snprintf(err, sizeof err, "state: combat: unknown kind '%s'", kinds[i]);
        expect(kinds[i], "2p", pos, err);
    }
}

/* The module contract (vb_module.h, `legal`): "weights ... get 1 for
 * player decisions and the outcome weight for chance". Nebot picked to
 * move (rule 10) is the Catalans' decision: each destination, and the
 * cancel, weighs 1. (sg_legal.c:402 the destinations pushed with weight 0:
 * a player's choices weighed as if never to be taken.) */
static void destinations_weigh_one(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    sgt_load(t, "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\","
                " \"deck\": [], \"royal_breach\": \"secured\","
                " \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Pla de Palau\": [\"Nebot\"],"
                " \"Left Two Crowns\": [\"La Marine 1\"]}}");
    vbt_act(t, "move Nebot");
    assert_int_equal(S(t)->phase, PH_DEST);
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    int n = vb_legal(t->g, S(t), acts, w, VB_MAX_ACTIONS), dests = 0;
    assert_true(n > 1);
    for (int i = 0; i < n; i++) {
        dests += SG_AK(acts[i]) == A_DEST;
        if (w[i] != 1)
            fail_msg("M44: action %d of %d (kind %d) weighs %u", i, n, SG_AK(acts[i]), w[i]);
    }
    assert_true(dests > 0);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(extra_turn_of_an_extended_game),
        cmocka_unit_test(action_text_of_no_zone),
        cmocka_unit_test(unit_zero_waiting_written),
        cmocka_unit_test(combat_of_unknown_kind_refused),
        cmocka_unit_test(destinations_weigh_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
