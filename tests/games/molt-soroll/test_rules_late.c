/*
 * test_rules_late.c - Molt soroll per un rei: one test per rulebook case
 * of sections 9 to 12 (laying sieges, the Sicilian Vespers, the Pope,
 * winning and losing), then the state files from_json refuses, the board
 * text and the odds hooks. Moved out of test_rules.c (twenty-first session)
 * when that file passed 1,200 lines; set-up helpers in ms_test.h.
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

/* ---- 9 Laying sieges ------------------------------------------------------------------- */
static void test_9_lay_siege_in_fortified_box(void **state)
{
    static const char *const deck[] = {"setge-messina", "batalla-malta", "golf-napols",
                                       "revolta-oller", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Panissars", "full", 0);
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "setge-messina"); /* France advances to Girona */
    assert_int_equal(S(t)->pos[FRA], 3);
    assert_int_equal(S(t)->besieging[FRA], 0);
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->besieging[FRA], 1);
    assert_true(vbt_logged(t, "[9] França–Felip l'Ardit lays siege to Girona"));
    vbt_free(t);
}

/* ---- 10.1 Sicilian Vespers -------------------------------------------------------------- */
static void test_10_1_vespers_as_first_card(void **state)
{
    vbt *t = fresh();
    const ms_data *d;
    (void)state;
    vbt_dice(t, "vespres-sicilianes");
    vbt_act(t, "end-actions");
    d = t->g->data;
    assert_int_equal(S(t)->vespers, 1);
    assert_int_equal(ms_card_count(S(t)->deck), 14 + 21);
    assert_int_equal(S(t)->upper_left, 30);
    assert_false((S(t)->deck >> d->mort_card) & 1u);
    assert_true(vbt_legal(t, "revolta-oller"));
    assert_false(vbt_legal(t, "mort-vilafranca"));
    vbt_free(t);
}

static void test_10_1_mort_among_last_six(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    vb_action acts[VB_MAX_ACTIONS];
    (void)state;
    /* Vespers in the last five A cards: pool = 4 A + 21 B = 25, upper 20 */
    json_t *deck = json_object_get(j, "deck");
    while (json_array_size(deck) > 5)
        json_array_append(json_object_get(j, "played"), json_array_get(deck, 0)),
            json_array_remove(deck, 0);
    {
        int has = 0;
        for (size_t k = 0; k < json_array_size(deck); k++)
            has |= strcmp(json_string_value(json_array_get(deck, k)), "vespres-sicilianes") == 0;
        assert_true(has);
    }
    put(t, j);
    vbt_dice(t, "vespres-sicilianes");
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->upper_left, 20);
    for (int k = 0; k < 20; k++) {
        int n;
        assert_false(vbt_legal(t, "mort-vilafranca"));
        n = vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
        assert_int_equal(n, 25 - k);
        /* play the turn through with random choices and dice, until the next draw */
        vb_apply(t->g, S(t), acts[0], &t->cx);
        while (vb_to_move(t->g, S(t)) != VB_OVER && S(t)->phase != PH_DRAW) {
            if (vb_to_move(t->g, S(t)) == 0) {
                if (vbt_legal(t, "end-actions"))
                    vbt_act(t, "end-actions");
                else
                    vbt_act(t, "let Charles pass");
            } else
                vbt_dice(t, "6");
        }
        if (vb_to_move(t->g, S(t)) == VB_OVER)
            break;
    }
    if (vb_to_move(t->g, S(t)) != VB_OVER) {
        assert_int_equal(S(t)->upper_left, 0);
        assert_true(vbt_legal(t, "mort-vilafranca"));
        assert_int_equal(vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS), 6);
    }
    vbt_free(t);
}

/* ---- 11 Pope ------------------------------------------------------------------------------- */
static void test_11_excommunication_and_crusade(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_track(j, "pope", "1");
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* pope 1 -> 0 */
    assert_int_equal(S(t)->track[MS_POPE], 0);
    vbt_act(t, "end-actions");
    /* 11: no draw; Excomunio i croada! is the active card */
    assert_int_equal(S(t)->crusade, 1);
    assert_int_equal(S(t)->active, ((const ms_data *)t->g->data)->excom_card);
    assert_int_equal(S(t)->pos[FRA], 1); /* activated, then advanced to Perpinya */
    assert_false(vbt_legal(t, "influence pope"));
    vbt_free(t);
}

/* 11: once the crusade is proclaimed, "Ignore any references on the cards
 * to the relationship with the Pope": Mort de Marti IV's "pope +1" leaves
 * the marker at 0 (planted in the thirtieth session: obeying the event
 * was caught only by the random games). */
static void test_11_papal_event_ignored_after_the_crusade(void **state)
{
    static const char *const deck[] = {"mort-marti-iv", "batalla-malta", "golf-napols",
                                       "setge-messina", "revolta-oller", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    post_vespers(t, j, deck, 6);
    set_track(j, "pope", "removed"); /* 11: the marker is removed */
    json_object_set_new(j, "crusade", json_true());
    json_array_append_new(json_object_get(j, "played"), json_string("excomunio-croada"));
    put(t, j);
    vbt_dice(t, "mort-marti-iv"); /* banner: no force reduced, no die */
    assert_int_equal(S(t)->phase, PH_ACTIONS);
    assert_int_equal(S(t)->track[MS_POPE], 0);
    assert_true(vbt_logged(t, "[8.5] Papal reference ignored: the crusade has been proclaimed"));
    vbt_free(t);
}

/* EVIDENCE-OF 8.5: "Once 0 is reached, the excommunication ... is triggered.
 * At this point, trying to influence the Pope is hopeless": a marker brought
 * to 0 by the event cannot be raised by actions before the phase-11 check. */
static void test_8_5_pope_at_zero_cannot_be_influenced(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_track(j, "pope", "1");
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* pope 1 -> 0 */
    assert_int_equal(S(t)->track[MS_POPE], 0);
    assert_int_equal(S(t)->crusade, 0);
    assert_false(vbt_legal(t, "influence pope"));
    assert_true(vbt_legal(t, "influence nobility"));
    assert_true(vbt_try(t, "influence pope") < 0);
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->crusade, 1);
    vbt_free(t);
}

/* A position at 0 with a pending Pope die is refused; so is the odds question. */
static void test_8_5_pope_at_zero_refused_in_files_and_odds(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    char *argv[] = {"influence", "pope"};
    vb_action first;
    (void)state;
    set_track(j, "pope", "0");
    set_s(j, "phase", "influence");
    set_i(j, "actions_left", 1);
    json_object_set_new(j, "pending", json_pack("{s:s}", "influence", "pope"));
    refused(t, j, "rule 8.5");
    S(t)->track[MS_POPE] = 0;
    assert_true(t->g->def->odds_setup(t->g, S(t), 1, 2, argv, &first, &t->cx) < 0);
    vbt_free(t);
}

/* ---- 12 Winning and losing ----------------------------------------------------------------- */
static void test_12_win_after_mort_a_vilafranca(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    vb_result r;
    (void)state;
    /* the last six reached: Mort is drawable */
    json_t *deck = json_array(), *played = json_array();
    const ms_data *d = t->g->data;
    for (int c = 0; c < d->ncards; c++) {
        if (c == d->mort_card || c == d->excom_card)
            continue;
        json_array_append_new(played, json_string(d->card[c].id));
    }
    json_array_append_new(deck, json_string("mort-vilafranca"));
    json_object_set_new(j, "deck", deck);
    json_object_set_new(j, "played", played);
    json_object_set_new(j, "vespers", json_true());
    set_front(j, "Andalusins", "eliminated", "full", 0);
    set_front(j, "Noblesa-catalana", "Cardona", "full", 0);
    set_front(j, "Noblesa-aragonesa", "Terol", "full", 0);
    put(t, j);
    vbt_dice(t, "mort-vilafranca");
    vb_result_get(t->g, S(t), &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.winner, 0);
    /* 12.2: 3 + 1 + 10 (eliminated) + 5 (no crusade) = 19 */
    assert_int_equal((int)r.score[0], 19);
    assert_string_equal(r.verdict, "won, 19 victory points: Peter the Great, local fame.");
    vbt_free(t);
}

static void test_12_1_defeat_points(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    vb_result r;
    (void)state;
    set_front(j, "Napols", "Barcelona", "full", 1);
    set_front(j, "Noblesa-catalana", "Corbera", "full", 0);
    set_front(j, "Andalusins", "Tortosa", "full", 0);
    set_s(j, "pirates", "active");
    put(t, j);
    vbt_dice(t, "tractat-agreda,1");
    vb_result_get(t->g, S(t), &r);
    /* 12.1: unplayed 15 A + 20 B + Mort = 36 cards: 72; Corbera (box 4): 2;
     * Tortosa (box 3): 1 (the siege is resolved before movement); pirates
     * active: 2; crusade not proclaimed: -5. 72 + 2 + 1 + 2 - 5 = 72 */
    assert_int_equal((int)r.score[0], -72);
    assert_string_equal(r.verdict, "lost, 72 defeat points: Peter the Tiny");
    vbt_free(t);
}

static void test_12_2_much_ado(void **state)
{
    vbt *t = fresh();
    ms_state *s = S(t);
    const ms_data *d = t->g->data;
    (void)state;
    s->pos[AND] = 5; /* besieging Barcelona at the end */
    s->besieging[AND] = 1;
    s->crusade = 1;
    s->riot = MS_ACTIVE;
    assert_int_equal(ms_victory_points(d, s), 0 + 0 - 5 - 2);
    vbt_free(t);
}

/* ---- from_json rejects bad positions ------------------------------------------------------- */
static void test_json_rejects_box_out_of_range(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    json_t *o = front_obj(j, "Napols");
    json_object_set_new(o, "box", json_integer(5));
    json_object_set_new(o, "side", json_string("full"));
    json_object_set_new(o, "besieging", json_false());
    refused_exactly(t, j, "front 'Napols': force in box 5, but the front has boxes 0-4");
    vbt_free(t);
}

/* A box name the front does not have is refused, not read as a force out
 * of play. */
/* The given modifier of a position (`extra_modifier`, written by the odds
 * procedures) is read within -9..9 (MS_EXTRA_MOD), both ends included, the
 * same range as `odds ... mod=N`; beyond, the load is refused with the
 * range named and the position is left as it was. */
static void test_json_extra_modifier_bounds(void **state)
{
    static const struct {
        int v, ok;
    } rows[] = {{-9, 1}, {9, 1}, {7, 1}, {-7, 1}, {-10, 0}, {10, 0}, {100, 0}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        ms_state before;
        json_t *j = js(t);
        memcpy(&before, S(t), sizeof before);
        json_object_set_new(j, "extra_modifier", json_integer(rows[i].v));
        int rc = put_bad(t, j);
        if (rows[i].ok) {
            if (rc != 0)
                fail_msg("extra_modifier %d refused: %s", rows[i].v, t->cx.err);
            assert_int_equal(S(t)->extra_mod, rows[i].v);
            json_t *back = js(t);
            assert_int_equal(json_integer_value(json_object_get(back, "extra_modifier")),
                             rows[i].v);
            json_decref(back);
        } else {
            if (rc != VB_EINPUT)
                fail_msg("extra_modifier %d accepted", rows[i].v);
            assert_non_null(strstr(t->cx.err, "'extra_modifier' must be an integer -9..9"));
            assert_memory_equal(S(t), &before, sizeof before);
        }
        vbt_free(t);
    }
}

static void test_json_rejects_unknown_box_name(void **state)
{
    (void)state;
    refused_front("Andalusins", "Atlantis", "full", 0, "'Atlantis' is not a box of this front");
}

static void test_json_rejects_two_forces_in_saragossa(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Noblesa-aragonesa", "Saragossa", "full", 0);
    set_front(j, "Franca-Beaumarchais", "Saragossa", "full", 0);
    refused(t, j, "box Saragossa is already occupied");
    vbt_free(t);
}

static void test_json_rejects_siege_without_fortification(void **state)
{
    (void)state;
    refused_front("Andalusins", "Xàtiva", "full", 1,
                  "besieging in Xàtiva, which has no fortification");
}

/* "fallen" names fortified boxes only (6); the first box of the map (Foix)
 * is a known box without a fortification, not an unknown one. */
static void test_json_rejects_fallen_box_without_fortification(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    json_array_append_new(json_object_get(j, "fallen"), json_string("Foix"));
    refused_exactly(t, j, "fallen: box 'Foix' has no fortification to lose");
    j = js(t);
    json_array_append_new(json_object_get(j, "fallen"), json_string("Atlantis"));
    refused_exactly(t, j, "fallen: unknown box 'Atlantis'");
    vbt_free(t);
}

static void test_json_rejects_missing_card(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    json_array_remove(json_object_get(j, "deck"), 0);
    refused(t, j, "is neither in the deck, played nor active");
    vbt_free(t);
}

static void test_json_rejects_b_card_before_vespers(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    json_array_append_new(json_object_get(j, "deck"), json_string("revolta-oller"));
    refused(t, j, "card 'revolta-oller' is in play before the Sicilian Vespers");
    vbt_free(t);
}

static void test_json_rejects_unknown_token_status(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_tok(j, "Estol-Reial", "sunk");
    refused(t, j, "sunk");
    vbt_free(t);
}

static void test_json_rejects_track_beyond_end(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_track(j, "pope", "5");
    refused(t, j, "track 'pope': box '5' is beyond the track");
    vbt_free(t);
}

/* from_json refuses unknown keys at every level with a one-line message. */
static void test_json_rejects_unknown_keys(void **state)
{
    static const struct {
        const char *where, *key, *msg;
    } rows[] = {
        {"", "atacker_lead", "state: unknown key 'atacker_lead'"},
        {"fronts", "besiegin", "fronts: unknown key 'besiegin'"},
        {"tracks", "papat", "tracks: unknown key 'papat'"},
        {"tokens", "Estol-Real", "tokens: unknown key 'Estol-Real'"},
        {"pending", "fleets", "pending: unknown key 'fleets'"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        json_t *j = js(t), *o = j;
        if (strcmp(rows[i].where, "fronts") == 0)
            o = json_array_get(json_object_get(j, "fronts"), 2);
        else if (strcmp(rows[i].where, "pending") == 0) {
            set_s(j, "phase", "influence");
            json_array_remove(json_object_get(j, "deck"), 0);
            set_s(j, "active_card", "coronacio-saragossa");
            set_i(j, "actions_left", 1);
            o = json_pack("{s:s}", "influence", "james");
            json_object_set_new(j, "pending", o);
        } else if (rows[i].where[0])
            o = json_object_get(j, rows[i].where);
        json_object_set_new(o, rows[i].key, json_true());
        refused(t, j, rows[i].msg);
        vbt_free(t);
    }
}

/* A running position that loads always has a legal action: every phase,
 * step and action count is tried on the setup position and on one in the
 * middle of a turn. */
static void test_json_loaded_running_position_has_legal_actions(void **state)
{
    vb_action acts[VB_MAX_ACTIONS];
    int accepted = 0;
    (void)state;
    for (int base = 0; base < 2; base++)
        for (int ph = 0; ph < PH_COUNT; ph++)
            for (int step = 0; step <= 7; step++)
                for (int al = 0; al <= 3; al++) {
                    vbt *t = fresh();
                    json_t *j = js(t);
                    if (base) {
                        json_array_remove(json_object_get(j, "deck"), 0);
                        set_s(j, "active_card", "coronacio-saragossa");
                        set_front(j, "Franca-Felip", "Girona", "reduced", 1);
                        set_tok(j, "Estol-Reial", "regrouping");
                        set_s(j, "pirates", "inactive");
                    }
                    set_s(j, "phase", ms_phase_names[ph]);
                    set_i(j, "step", step);
                    set_i(j, "actions_left", al);
                    if (ph == PH_INFLUENCE)
                        json_object_set_new(j, "pending", json_pack("{s:s}", "influence", "pope"));
                    if (put_bad(t, j) == 0) {
                        accepted++;
                        if (vb_to_move(t->g, S(t)) != VB_OVER &&
                            vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS) <= 0)
                            fail_msg("phase %s step %d actions %d loads with no legal action",
                                     ms_phase_names[ph], step, al);
                    }
                    vbt_free(t);
                }
    assert_true(accepted >= 4);
}

/* from_json and check name what is wrong: an unknown card, a number that
 * does not match its box, a force beyond its front (check on a raw state). */
static void test_json_rejects_unknown_card_and_wrong_number(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_s(j, "active_card", "batalla-de-lepant");
    refused_exactly(t, j, "active_card: unknown card 'batalla-de-lepant'");
    j = js(t);
    json_array_append_new(json_object_get(j, "deck"), json_string("batalla-de-lepant"));
    refused_exactly(t, j, "deck: unknown card 'batalla-de-lepant'");
    j = js(t);
    json_object_set_new(front_obj(j, "Andalusins"), "number", json_integer(3));
    refused_exactly(t, j, "front 'Andalusins': 'number' does not match box 'Montesa'");
    S(t)->pos[NAP] = 9;
    assert_true(t->g->def->check(t->g, S(t), &t->cx) < 0);
    assert_string_equal(t->cx.err, "front 'Napols': force in box 9, but the front has boxes 0-4");
    vbt_free(t);
}

/* The board for a terminal shows each force on its box, the siege, the
 * markers on the tracks, the riot and the eliminated threats. */
static void test_render_shows_the_position(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    char buf[8192];
    FILE *f = tmpfile();
    size_t n;
    (void)state;
    set_front(j, "Andalusins", "eliminated", "full", 0);
    set_front(j, "Noblesa-catalana", "Pallars", "reduced", 0);
    set_front(j, "Napols", "Barcelona", "full", 1);
    set_s(j, "riot", "crushed");
    set_s(j, "pirates", "active");
    put(t, j);
    assert_non_null(f);
    t->g->def->render(t->g, S(t), -1, f);
    n = (size_t)ftell(f);
    rewind(f);
    assert_true(n < sizeof buf);
    assert_int_equal(fread(buf, 1, n, f), n);
    buf[n] = 0;
    fclose(f);
    assert_non_null(strstr(buf, "*1 Pallars(reduced) - "));
    assert_non_null(strstr(buf, "*Barcelona(full)(SIEGE)"));
    assert_non_null(strstr(buf, "*0 Albarrasí(full) - 1 Terol - 2 Saragossa - "));
    assert_non_null(strstr(buf, " | [Neutral Pro Felip] | Neutral Pro Pere |"));
    assert_non_null(strstr(buf, "Visca lo rei en Pere!\n"));
    assert_non_null(strstr(buf, "Berenguer Oller's riot: crushed (combat 3)\nBarbary pirates: "
                                "active (combat 2)"));
    assert_non_null(strstr(buf, "Eliminated threats: Andalusins; Berenguer Oller;\n"));
    assert_null(strstr(buf, "Noblesa catalana;"));
    vbt_free(t);
}

static void test_json_round_trip_mid_game(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "conrad-llanca-almirall");
    vbt_act(t, "offensive Noblesa-aragonesa almogavar");
    json_t *j = js(t);
    ms_state before;
    memcpy(&before, S(t), sizeof before);
    put(t, j);
    assert_int_equal(memcmp(&before.deck, &S(t)->deck, sizeof before - offsetof(ms_state, deck)),
                     0);
    vbt_free(t);
}

/* ---- odds hooks ------------------------------------------------------------------------------ */
static void test_odds_offensive_classes(void **state)
{
    vbt *t = fresh();
    char *argv[] = {"offensive", "Napols", "fleet", "box=2"};
    vb_action first;
    ms_state before, after;
    char buf[64];
    int success = 0, reduced = 0;
    (void)state;
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 0, 4, argv, &first, &t->cx), 0);
    memcpy(&before, S(t), sizeof before);
    for (int v = 1; v <= 6; v++) {
        memcpy(&after, &before, sizeof after);
        assert_int_equal(t->g->def->apply(t->g, &after, MS_ACT(AK_DIE, 0, v), NULL), 0);
        assert_true(t->g->def->odds_done(t->g, &before, &after));
        t->g->def->odds_outcome(t->g, &before, &after, buf, sizeof buf);
        success += strncmp(buf, "success", 7) == 0;
        reduced += strcmp(buf, "success, force reduced") == 0;
    }
    /* Naples full combat 5, fleet +1: only a 5 or a 6 succeeds; the 6 reduces */
    assert_int_equal(success, 2);
    assert_int_equal(reduced, 1);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_9_lay_siege_in_fortified_box),
        cmocka_unit_test(test_10_1_vespers_as_first_card),
        cmocka_unit_test(test_10_1_mort_among_last_six),
        cmocka_unit_test(test_11_excommunication_and_crusade),
        cmocka_unit_test(test_11_papal_event_ignored_after_the_crusade),
        cmocka_unit_test(test_8_5_pope_at_zero_cannot_be_influenced),
        cmocka_unit_test(test_8_5_pope_at_zero_refused_in_files_and_odds),
        cmocka_unit_test(test_12_win_after_mort_a_vilafranca),
        cmocka_unit_test(test_12_1_defeat_points),
        cmocka_unit_test(test_12_2_much_ado),
        cmocka_unit_test(test_json_rejects_box_out_of_range),
        cmocka_unit_test(test_json_rejects_unknown_box_name),
        cmocka_unit_test(test_json_extra_modifier_bounds),
        cmocka_unit_test(test_json_rejects_fallen_box_without_fortification),
        cmocka_unit_test(test_json_rejects_two_forces_in_saragossa),
        cmocka_unit_test(test_json_rejects_siege_without_fortification),
        cmocka_unit_test(test_json_rejects_missing_card),
        cmocka_unit_test(test_json_rejects_b_card_before_vespers),
        cmocka_unit_test(test_json_rejects_unknown_token_status),
        cmocka_unit_test(test_json_rejects_track_beyond_end),
        cmocka_unit_test(test_json_rejects_unknown_keys),
        cmocka_unit_test(test_json_loaded_running_position_has_legal_actions),
        cmocka_unit_test(test_json_rejects_unknown_card_and_wrong_number),
        cmocka_unit_test(test_render_shows_the_position),
        cmocka_unit_test(test_json_round_trip_mid_game),
        cmocka_unit_test(test_odds_offensive_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
