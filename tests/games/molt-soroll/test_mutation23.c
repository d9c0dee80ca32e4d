/*
 * test_mutation23.c - Molt soroll per un rei: tests written for the
 * survivors of the twenty-third session's mutation pass (seed 23) over
 * `ms_rules.c` and `ms_odds.c` (docs/molt-soroll.md, "Mutation pass,
 * twenty-third session"): each pins what one planted change altered.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/molt-soroll/ms_int.h"
#include "vbtest.h"
#include "ms_test.h"

/* 5, 2.2: the drawn card is logged in full, as printed on it; its event
 * lists every effect in order (Setge de Balaguer has two). */
static void test_5_drawn_card_logged_with_every_event_effect(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "setge-balaguer");
    assert_true(vbt_logged(t, "[5] Setge de Balaguer: 3 actions, Noblesa catalana +1; event Els "
                              "barons presos a Balaguer: Noblesa catalana goes back 1 box, "
                              "Fidelitat de la noblesa +1; movement: Noblesa aragonesa"));
    vbt_free(t);
}

/* DESIGN.md, the module contract: apply answers 0 for a legal action (a
 * negative error otherwise), whatever the action; random games, every legal
 * action of every position applied to a copy. */
static void test_apply_answers_zero_for_every_legal_action(void **state)
{
    vb_action acts[VB_MAX_ACTIONS];
    uint64_t seed = 23;
    int tried[AK_PASS + 1] = {0};
    (void)state;
    for (int game = 0; game < 30; game++) {
        vbt *t = fresh();
        for (int step = 0; step < 4000 && vb_to_move(t->g, S(t)) != VB_OVER; step++) {
            int n = vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
            assert_true(n > 0);
            for (int i = 0; i < n; i++) {
                ms_state copy;
                int rc;
                memcpy(&copy, S(t), sizeof copy);
                rc = t->g->def->apply(t->g, &copy, acts[i], NULL);
                if (rc != 0)
                    fail_msg("phase %d, action %08x: apply answered %d", S(t)->phase,
                             (unsigned)acts[i], rc);
                tried[(acts[i] >> 16) & 0xff]++;
            }
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            assert_int_equal(t->g->def->apply(t->g, S(t), acts[(seed >> 33) % (uint64_t)n], NULL),
                             0);
        }
        vbt_free(t);
    }
    assert_true(tried[AK_OFFENSIVE] > 0 && tried[AK_INFLUENCE] > 0 && tried[AK_REGROUP] > 0);
}

/* 7: Barcelona is no numbered box of a front and no shared box: it has no
 * map box id, and neither has a position before the first box or past
 * Barcelona, so a force in Barcelona or out of play never shares a box. */
static void test_7_barcelona_has_no_box_id(void **state)
{
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    (void)state;
    for (int f = 0; f < MS_NFRONTS; f++) {
        int nb = d->front[f].nbox;
        if (ms_box_gid(d, f, nb) != -1 || ms_box_gid(d, f, -1) != -1 ||
            ms_box_gid(d, f, nb + 1) != -1)
            fail_msg("front %s: Barcelona (%d) or out of play has a box id", d->front[f].id, nb);
        assert_true(ms_box_gid(d, f, 0) >= 0 && ms_box_gid(d, f, nb - 1) >= 0);
    }
    vbt_free(t);
}

/* 12: the result of a running game says it runs; a won game is the King's
 * win and a lost one his loss, the outcome derived from the winner (the
 * result leaves the outcomes unset and every other field cleared). */
static void test_12_result_running_won_lost(void **state)
{
    static const struct {
        int over, want_over, winner, outcome;
    } rows[] = {{0, 0, -1, VB_OUT_NONE}, {1, 1, 0, VB_OUT_WIN}, {2, 1, -1, VB_OUT_LOSS}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        vb_result r;
        S(t)->over = (uint8_t)rows[i].over;
        vb_result_get(t->g, S(t), &r);
        if (r.over != rows[i].want_over || r.winner != rows[i].winner ||
            r.outcome[0] != rows[i].outcome || r.score[1] != 0.0 || r.outcome[1] != VB_OUT_NONE)
            fail_msg("over %d: result over %d winner %d outcome %d, score[1] %g outcome[1] %d",
                     rows[i].over, r.over, r.winner, r.outcome[0], r.score[1], r.outcome[1]);
        assert_int_equal(rows[i].over == 0, r.verdict[0] == 0);
        vbt_free(t);
    }
}

/* 5: "For each enemy force at reduced force ... roll a die" under a blue
 * banner, each in turn: two reduced forces of adjacent fronts (Noblesa
 * catalana and Noblesa aragonesa, fronts 0 and 1 of map.json) both roll,
 * then Andalusins. */
static void test_5_reinforcements_adjacent_fronts_each_roll(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Noblesa-catalana", "Foix", "reduced", 0);
    set_front(j, "Noblesa-aragonesa", "Albarrasí", "reduced", 0);
    set_front(j, "Andalusins", "Montesa", "reduced", 0);
    put(t, j);
    vbt_dice(t, "revolta-mudejar,1,2,5"); /* the blue banner */
    assert_int_equal(S(t)->reduced[CAT], 0);
    assert_int_equal(S(t)->reduced[ARA], 0);
    assert_int_equal(S(t)->reduced[AND], 1);
    assert_true(
        vbt_logged(t, "[5] Reinforcements: Noblesa aragonesa rolls 2 - back to full force"));
    assert_true(vbt_logged(t, "[5] Reinforcements: Andalusins rolls 5 - no effect"));
    assert_int_equal(S(t)->phase, PH_ACTIONS);
    vbt_free(t);
}

/* odds (ms_odds.c), without a position: a front whose force is not in play
 * at the setup (França-Felip, Beaumarchais) is placed in its first box, as
 * "Activa el front" places it (5); box=N places it elsewhere. */
static void test_odds_front_not_in_play_starts_in_its_first_box(void **state)
{
    static const struct {
        const char *front;
        int f;
    } rows[] = {{"Franca-Felip", FRA}, {"Franca-Beaumarchais", BEA}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        char *argv[] = {"offensive", (char *)rows[i].front};
        vb_action first;
        assert_true(S(t)->pos[rows[i].f] < 0);
        if (t->g->def->odds_setup(t->g, S(t), 0, 2, argv, &first, &t->cx) != 0)
            fail_msg("odds offensive %s: %s", rows[i].front, t->cx.err);
        if (S(t)->pos[rows[i].f] != 0)
            fail_msg("odds offensive %s: force in box %d, not the first box", rows[i].front,
                     S(t)->pos[rows[i].f]);
        vbt_free(t);
    }
}

/* odds: a word that only begins like the key `james=` is an unknown word,
 * in an inactivation too (where `james=N` itself does not apply). */
static void test_odds_james_word_that_only_begins_like_a_key(void **state)
{
    static const struct {
        const char *argv[4], *err;
    } rows[] = {
        {{"inactivation", "Napols", "box=3", "james"}, "unknown word 'james'"},
        {{"inactivation", "Napols", "box=3", "jamesx=1"}, "unknown word 'jamesx=1'"},
        {{"inactivation", "Napols", "box=3", "james=1"}, "'james=1' does not apply here"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        vb_action first;
        if (t->g->def->odds_setup(t->g, S(t), 0, 4, (char **)rows[i].argv, &first, &t->cx) >= 0)
            fail_msg("odds %s accepted", rows[i].argv[3]);
        if (!strstr(t->cx.err, rows[i].err))
            fail_msg("odds %s: '%s', wanted '%s'", rows[i].argv[3], t->cx.err, rows[i].err);
        vbt_free(t);
    }
}

/* odds: `nobility=N` and `james=N` set the marker anywhere on its track,
 * the last box included (8.4, 8.6: the offensive modifiers of the track's
 * boxes); one past it is refused naming the key. */
static void test_odds_track_words_reach_the_last_box(void **state)
{
    static const struct {
        const char *key;
        int tr;
    } rows[] = {{"nobility", MS_NOBILITY}, {"james", MS_JAMES}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (int past = 0; past < 2; past++) {
            vbt *t = fresh();
            const ms_data *d = t->g->data;
            int last = d->track[rows[i].tr].nbox - 1, rc;
            char w[64];
            char *argv[] = {"offensive", "Noblesa-catalana", w};
            vb_action first;
            snprintf(w, sizeof w, "%s=%d", rows[i].key, last + past);
            rc = t->g->def->odds_setup(t->g, S(t), 0, 3, argv, &first, &t->cx);
            if (past ? rc >= 0 || !strstr(t->cx.err, rows[i].key)
                     : rc != 0 || S(t)->track[rows[i].tr] != last)
                fail_msg("odds offensive %s: answered %d '%s', marker %d", w, rc, t->cx.err,
                         S(t)->track[rows[i].tr]);
            vbt_free(t);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_5_drawn_card_logged_with_every_event_effect),
        cmocka_unit_test(test_apply_answers_zero_for_every_legal_action),
        cmocka_unit_test(test_7_barcelona_has_no_box_id),
        cmocka_unit_test(test_12_result_running_won_lost),
        cmocka_unit_test(test_5_reinforcements_adjacent_fronts_each_roll),
        cmocka_unit_test(test_odds_front_not_in_play_starts_in_its_first_box),
        cmocka_unit_test(test_odds_james_word_that_only_begins_like_a_key),
        cmocka_unit_test(test_odds_track_words_reach_the_last_box),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
