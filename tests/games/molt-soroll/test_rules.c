/*
 * test_rules.c - Molt soroll per un rei: one test per rulebook case, in the
 * rulebook's order, each named after its section (see docs/molt-soroll.md
 * for the numbering). Positions are set up as JSON state text (vbt_load) and
 * every die is scripted, so each test asserts a real outcome.
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

/* ---- 3 Setup ------------------------------------------------------------ */
static void test_3_setup(void **state)
{
    vbt *t = fresh();
    ms_state *s = S(t);
    (void)state;
    assert_int_equal(s->pos[CAT], 0);
    assert_int_equal(s->pos[ARA], 0);
    assert_int_equal(s->pos[AND], 0);
    assert_int_equal(s->pos[NAP], MS_INACTIVE);
    assert_int_equal(s->pos[FRA], MS_INACTIVE);
    assert_int_equal(s->pos[BEA], MS_INACTIVE);
    assert_int_equal(s->reduced[CAT] + s->reduced[ARA] + s->reduced[AND], 0);
    assert_int_equal(s->tok[ALM1], MS_AVAILABLE);
    for (int k = ALM2; k <= MALLOL; k++)
        assert_int_equal(s->tok[k], MS_OFF);
    json_t *j = js(t), *tr = json_object_get(j, "tracks");
    assert_string_equal(json_string_value(json_object_get(tr, "james")), "Neutral Pro Felip");
    assert_string_equal(json_string_value(json_object_get(tr, "nobility")), "+1/0");
    assert_string_equal(json_string_value(json_object_get(tr, "pope")), "3");
    assert_int_equal(json_array_size(json_object_get(j, "deck")), 15); /* A cards only */
    json_decref(j);
    assert_int_equal(vb_to_move(t->g, s), VB_CHANCE);
    /* the setup hook answers 0 (vb_module.h: 0 or a negative error) */
    ms_state again;
    memset(&again, 0, sizeof again);
    again.head = s->head;
    assert_int_equal(t->g->def->setup(t->g, &again, &t->cx), 0);
    assert_memory_equal(&again, s, sizeof again);
    vbt_free(t);
}

/* ---- 5 New card, reinforcements, event --------------------------------------- */
static void test_5_draw_is_uniform_over_deck(void **state)
{
    vbt *t = fresh();
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    (void)state;
    int n = vb_legal(t->g, S(t), acts, w, VB_MAX_ACTIONS);
    assert_int_equal(n, 15);
    for (int i = 0; i < n; i++)
        assert_int_equal(w[i], 1);
    assert_true(vbt_legal(t, "vespres-sicilianes"));
    assert_false(vbt_legal(t, "revolta-oller")); /* B card: not before the Vespers */
    assert_false(vbt_legal(t, "port-fangos"));   /* June 1282: after the Vespers, deck B */
    vbt_free(t);
}

static void test_5_reinforcements_1_to_3_flip_back(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Noblesa-catalana", "Foix", "reduced", 0);
    set_front(j, "Andalusins", "Montesa", "reduced", 0);
    set_s(j, "pirates", "inactive");
    put(t, j);
    /* revolta-mudejar has the blue banner: Catalan rolls 3 (back), Andalusins 4 (stays),
     * pirates 1 (active again) */
    vbt_dice(t, "revolta-mudejar,3,4,1");
    assert_int_equal(S(t)->reduced[CAT], 0);
    assert_int_equal(S(t)->reduced[AND], 1);
    assert_int_equal(S(t)->pirates, MS_ACTIVE);
    assert_true(vbt_logged(t, "[5] Reinforcements: Noblesa catalana rolls 3 - back to full force"));
    vbt_free(t);
}

static void test_5_no_banner_no_reinforcements(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Noblesa-catalana", "Foix", "reduced", 0);
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* no banner: straight to actions */
    assert_int_equal(S(t)->phase, PH_ACTIONS);
    assert_int_equal(S(t)->reduced[CAT], 1);
    vbt_free(t);
}

static void test_5_activa_el_front(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "vespres-sicilianes");
    assert_int_equal(S(t)->pos[NAP], 0);
    assert_int_equal(S(t)->reduced[NAP], 0);
    assert_true(vbt_logged(t, "[5] Activa el front: N"));
    vbt_free(t);
}

static void test_5_activa_el_front_eliminated_stays_out(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Napols", "eliminated", "full", 0);
    put(t, j);
    vbt_dice(t, "vespres-sicilianes");
    assert_int_equal(S(t)->pos[NAP], MS_ELIMINATED);
    assert_true(vbt_logged(t, "Nàpols is eliminated, no effect"));
    vbt_free(t);
}

static void test_5_track_moves_stop_at_the_end(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_track(j, "james", "Aliat de Felip");
    put(t, j);
    vbt_dice(t, "testament-jaume-i"); /* james -1 at the first box */
    assert_int_equal(S(t)->track[MS_JAMES], 0);
    assert_true(vbt_logged(t, "(end of the track)"));
    vbt_free(t);
    /* and at the last box: Tractat de Perpinyà's james +1 with James at
     * "Visca lo rei en Pere!" leaves him there (2.3: never beyond) */
    t = fresh();
    j = js(t);
    set_track(j, "james", "Visca lo rei en Pere!");
    put(t, j);
    vbt_dice(t, "tractat-perpinya");
    assert_int_equal(S(t)->track[MS_JAMES], 3);
    assert_true(vbt_logged(t, "(end of the track)"));
    vbt_free(t);
}

static void test_5_token_enters_available(void **state)
{
    static const char *const deck[] = {"port-fangos",   "batalla-malta", "golf-napols",
                                       "revolta-oller", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "port-fangos");
    assert_int_equal(S(t)->tok[ESTOL], MS_AVAILABLE);
    assert_int_equal(S(t)->tok[CARTELLA], MS_AVAILABLE);
    vbt_free(t);
    /* reading 16: a token already in play (here in Regrouping) does not
     * "enter play": its event leaves it where it is */
    t = fresh();
    j = js(t);
    post_vespers(t, j, deck, 6);
    set_tok(j, "Estol-Reial", "regrouping");
    put(t, j);
    vbt_dice(t, "port-fangos");
    assert_int_equal(S(t)->tok[ESTOL], MS_REGROUPING);
    assert_int_equal(S(t)->tok[CARTELLA], MS_AVAILABLE);
    assert_true(vbt_logged(t, "is already in play: no effect"));
    vbt_free(t);
}

static void test_5_event_back_a_front(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Andalusins", "Tortosa", "full", 0);
    put(t, j);
    vbt_dice(t, "mort-al-azraq");
    assert_int_equal(S(t)->pos[AND], 2);
    vbt_free(t);
}

/* ---- 6 Siege resolution ------------------------------------------------------- */
static void test_6_siege_succeeds_and_box_falls_for_good(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Girona", "full", 1); /* siege 3 */
    put(t, j);
    vbt_dice(t, "coronacio-saragossa,3");
    assert_true(vbt_logged(t, "[6] Siege of Girona by"));
    assert_true(vbt_logged(t, "rolled 3 <= 3 - the city falls"));
    assert_int_equal(S(t)->besieging[FRA], 0);
    j = js(t);
    assert_string_equal(json_string_value(json_array_get(json_object_get(j, "fallen"), 0)),
                        "Girona");
    json_decref(j);
    /* the King pushes France back out; at 9 no siege is laid in fallen Girona
     * when it returns */
    vbt_act(t, "offensive Franca-Felip almogavar");
    vbt_dice(t, "6"); /* 6+1 = 7 > 6: back to Panissars, reduced */
    assert_int_equal(S(t)->pos[FRA], 2);
    assert_int_equal(S(t)->reduced[FRA], 1);
    vbt_free(t);
}

static void test_6_fallen_box_no_new_siege(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Girona", "full", 0);
    json_array_append_new(json_object_get(j, "fallen"), json_string("Girona"));
    put(t, j);
    vbt_dice(t, "coronacio-saragossa");
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->besieging[FRA], 0); /* 9: no fortification any more */
    vbt_free(t);
}

static void test_6_siege_holds(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Girona", "reduced", 1); /* siege 1 */
    put(t, j);
    vbt_dice(t, "coronacio-saragossa,2");
    assert_true(vbt_logged(t, "rolled 2 > 1 - the defenders hold"));
    assert_int_equal(S(t)->besieging[FRA], 1);
    vbt_free(t);
}

static void test_6_barcelona_falls_game_lost(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    vb_result r;
    (void)state;
    set_front(j, "Napols", "Barcelona", "full", 1);
    put(t, j);
    vbt_dice(t, "coronacio-saragossa,2");
    assert_int_equal(vb_to_move(t->g, S(t)), VB_OVER);
    vb_result_get(t->g, S(t), &r);
    assert_int_equal(r.winner, -1);
    assert_non_null(strstr(r.verdict, "lost"));
    vbt_free(t);
}

/* EVIDENCE-OF 2.3: "3 siege markers", the back one staying on a fallen city.
 * The fortified boxes plus Barcelona never need a fourth. */
static void test_2_3_three_siege_markers_fit_the_map(void **state)
{
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    json_t *j;
    int nfort = 0;
    (void)state;
    for (int b = 0; b < d->nboxes_total; b++)
        nfort += d->box_fortified[b];
    assert_int_equal(d->siege_markers, 3);
    assert_true(nfort + 1 <= d->siege_markers);
    /* the most markers ever in use at once: Messina and Girona fallen (flipped
     * markers), Naples besieging Barcelona */
    j = js(t);
    set_front(j, "Napols", "Barcelona", "full", 1);
    json_array_append_new(json_object_get(j, "fallen"), json_string("Messina"));
    json_array_append_new(json_object_get(j, "fallen"), json_string("Girona"));
    put(t, j);
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    vbt_free(t);
}

/* ---- 7 Movement ------------------------------------------------------------------ */
/* EVIDENCE-OF (7, the worked example): "In this case, the "Aragonese
 * Nobility" and "Andalusi" forces advance." The pictured card is not in the
 * text; the first card of the deck, Coronació a Saragossa, carries those two
 * coats of arms (reconstructed). Each of them advances one box towards
 * Barcelona, and no other force moves. */
static void test_7_advance_one_box(void **state)
{
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    int8_t before[MS_NFRONTS];
    (void)state;
    memcpy(before, S(t)->pos, sizeof before);
    assert_int_equal(before[ARA], 0);
    assert_int_equal(before[AND], 0);
    vbt_dice(t, "coronacio-saragossa");
    for (int f = 0; f < MS_NFRONTS; f++)
        assert_int_equal(S(t)->pos[f], before[f] + (f == ARA || f == AND));
    assert_int_equal(S(t)->pos[CAT], 0);
    char line[160];
    snprintf(line, sizeof line, "[7] %s advances to %s", d->front[ARA].name,
             d->front[ARA].box[1].name);
    assert_true(vbt_logged(t, line));
    snprintf(line, sizeof line, "[7] %s advances to %s", d->front[AND].name,
             d->front[AND].box[1].name);
    assert_true(vbt_logged(t, line));
    vbt_free(t);
}

static void test_7_barcelona_occupied_stays(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Andalusins", "Barcelona", "reduced", 0);
    set_front(j, "Noblesa-aragonesa", "Igualada", "full", 0);
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* Andalusins has no siege marker yet: no die */
    assert_int_equal(S(t)->pos[ARA], 4);
    assert_true(vbt_logged(t, "Barcelona is already occupied"));
    vbt_free(t);
}

static void test_7_leftmost_coat_of_arms_first(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Noblesa-aragonesa", "Igualada", "full", 0);
    set_front(j, "Andalusins", "Tarragona", "full", 0);
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* Aragonese listed first */
    assert_int_equal(S(t)->pos[ARA], 5);
    assert_int_equal(S(t)->pos[AND], 4);
    vbt_free(t);
}

static void test_7_shared_box_advance_returns_to_egea(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Noblesa-aragonesa", "Terol", "full", 0);
    set_front(j, "Franca-Beaumarchais", "Saragossa", "full", 0);
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* Aragonese Nobility advances to Saragossa */
    assert_int_equal(S(t)->pos[ARA], 2);
    assert_int_equal(S(t)->pos[BEA], 1); /* back to Egea */
    assert_true(vbt_logged(t, "they swap places"));
    vbt_free(t);
}

static void test_7_shared_box_retreat_swaps(void **state)
{
    vbt *t = fresh();
    json_t *j = offensive_at(t, "Franca-Beaumarchais", "Saragossa", "full");
    (void)state;
    set_front(j, "Noblesa-aragonesa", "Lleida", "full", 0);
    put_act_roll(t, j, "offensive Noblesa-aragonesa",
                 "5"); /* 5 > 3: back to Saragossa, where Beaumarchais is */
    assert_int_equal(S(t)->pos[ARA], 2);
    assert_int_equal(S(t)->pos[BEA], 3);
    vbt_free(t);
}

static void test_7_besieging_force_does_not_advance(void **state)
{
    static const char *const deck[] = {"setge-messina", "batalla-malta", "golf-napols",
                                       "revolta-oller", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Girona", "full", 1);
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "setge-messina,6"); /* siege die 6 > 3: holds; then movement */
    assert_int_equal(S(t)->pos[FRA], 3);
    assert_true(vbt_logged(t, "is besieging Girona: it does not advance"));
    vbt_free(t);
}

static void test_7_inactive_front_ignored(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "vespres-sicilianes");
    vbt_act(t, "end-actions");
    vbt_dice(t, "ratzia-tudela");
    assert_true(vbt_logged(t, "is not an active front: movement ignored"));
    assert_int_equal(S(t)->pos[BEA], MS_INACTIVE);
    vbt_free(t);
}

static void test_7_red_outline_goes_back(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Andalusins", "Tortosa", "full", 0);
    put(t, j);
    vbt_dice(t, "missio-tunis");
    assert_int_equal(S(t)->pos[AND], 2);
    vbt_free(t);
}

static void test_7_never_behind_first_box(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "missio-tunis");
    assert_int_equal(S(t)->pos[AND], 0);
    assert_true(vbt_logged(t, "[8.1.3]"));
    vbt_free(t);
}

/* 7.1 From Palermo to Barcelona */
static void test_7_1_intercept_charles_with_a_fleet(void **state)
{
    static const char *const deck[] = {"setge-messina", "batalla-malta", "golf-napols",
                                       "revolta-oller", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Napols", "Palermo", "full", 0);
    set_tok(j, "Roger-de-Lluria", "regrouping");
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "setge-messina"); /* Naples moves first */
    assert_int_equal(S(t)->phase, PH_INTERCEPT);
    assert_true(vbt_legal(t, "intercept fleet Roger-de-Lluria"));
    assert_true(vbt_legal(t, "let Charles pass"));
    vbt_act(t, "intercept fleet Roger-de-Lluria");
    assert_int_equal(S(t)->pos[NAP], 4);
    assert_int_equal(S(t)->tok[LLURIA], MS_OFF);
    assert_true(vbt_logged(t, "[7.1]"));
    vbt_free(t);
}

static void test_7_1_let_charles_pass(void **state)
{
    static const char *const deck[] = {"setge-messina", "batalla-malta", "golf-napols",
                                       "revolta-oller", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Napols", "Palermo", "full", 0);
    set_tok(j, "Estol-Reial", "available");
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "setge-messina");
    vbt_act(t, "let Charles pass");
    assert_int_equal(S(t)->pos[NAP], 5);
    assert_int_equal(S(t)->tok[ESTOL], MS_AVAILABLE);
    vbt_free(t);
}

static void test_7_1_no_fleet_charles_advances(void **state)
{
    static const char *const deck[] = {"setge-messina", "batalla-malta", "golf-napols",
                                       "revolta-oller", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Napols", "Palermo", "full", 0);
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "setge-messina");
    assert_int_equal(S(t)->phase, PH_ACTIONS);
    assert_int_equal(S(t)->pos[NAP], 5);
    vbt_free(t);
}

static void test_7_1_no_choice_when_barcelona_occupied(void **state)
{
    static const char *const deck[] = {"setge-messina", "batalla-malta", "golf-napols",
                                       "revolta-oller", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Napols", "Palermo", "full", 0);
    set_front(j, "Andalusins", "Barcelona", "full", 0);
    set_tok(j, "Estol-Reial", "available");
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "setge-messina");
    assert_int_equal(S(t)->phase, PH_ACTIONS); /* Charles stays: nothing to intercept */
    assert_int_equal(S(t)->pos[NAP], 4);
    vbt_free(t);
}

static void test_8_1_offensive_pushes_out_of_barcelona(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    (void)state;
    set_front(j, "Andalusins", "Barcelona", "reduced", 1);
    put_act_roll(t, j, "offensive Andalusins", "3"); /* 3 > 2 */
    assert_int_equal(S(t)->pos[AND], 4);
    assert_int_equal(S(t)->besieging[AND], 0);
    assert_true(vbt_logged(t, "lifts its siege"));
    vbt_free(t);
}

/* A success of the King never creates a besieger: the Aragonese Nobility
 * pushed out of Barcelona cannot swap with Beaumarchais in Igualada (7, 8.1
 * "moves back one box (if possible)"). */
static void test_8_1_success_never_creates_a_besieger(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    (void)state;
    set_front(j, "Noblesa-aragonesa", "Barcelona", "reduced", 1);
    set_front(j, "Franca-Beaumarchais", "Igualada", "full", 0);
    put_act_roll(t, j, "offensive Noblesa-aragonesa", "5"); /* 5 > 2+1: success */
    assert_true(vbt_logged(t, "success"));
    assert_int_equal(S(t)->pos[BEA], 4);
    assert_int_equal(S(t)->besieging[BEA], 0);
    assert_int_equal(S(t)->pos[ARA], 5);
    assert_int_equal(S(t)->besieging[ARA], 1);
    /* the log names the box held, the one before Barcelona (mutation pass,
     * thirtieth session: naming box[pos] read past the front's boxes) */
    assert_true(vbt_logged(t, "França–Beaumarchais holds Igualada and may not be swapped into "
                              "Barcelona"));
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->besieging[BEA], 0);
    vbt_free(t);
}

/* ---- 7.2 / 8.1 James of Mallorca ---------------------------------------------------- */
static void test_7_2_visca_french_reduced_and_plus_one(void **state)
{
    vbt *t = fresh();
    json_t *j = offensive_at(t, "Franca-Felip", "Perpinyà", "reduced");
    (void)state;
    set_track(j, "james", "Visca lo rei en Pere!");
    put_act_roll(t, j, "offensive Franca-Felip", "3"); /* 3+1 = 4 > 3 */
    assert_int_equal(S(t)->pos[FRA], 0);
    assert_true(vbt_logged(t, "rolled 3 +1 James = 4 > 3 - success"));
    vbt_free(t);
}

static void test_7_2_visca_rejects_full_french_in_perpinya(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Perpinyà", "full", 0);
    set_track(j, "james", "Visca lo rei en Pere!");
    refused(t, j, "must be reduced in Perpinyà");
    vbt_free(t);
}

static void test_7_2_aliat_minus_one(void **state)
{
    vbt *t = fresh();
    json_t *j = offensive_at(t, "Franca-Felip", "Panissars", "reduced");
    (void)state;
    set_track(j, "james", "Aliat de Felip");
    put_act_roll(t, j, "offensive Franca-Felip", "4"); /* 4-1 = 3, not > 3 */
    assert_int_equal(S(t)->pos[FRA], 2);
    vbt_free(t);
}

static void test_7_2_visca_no_reinforcement(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Girona", "reduced", 0);
    set_track(j, "james", "Visca lo rei en Pere!");
    put(t, j);
    vbt_dice(t, "revolta-mudejar"); /* banner, but no die for France */
    assert_int_equal(S(t)->phase, PH_ACTIONS);
    assert_int_equal(S(t)->reduced[FRA], 1);
    vbt_free(t);
}

/* Reading 8 pinned: "when the French force is in Perpinyà, Panissars,
 * Girona or besieging Barcelona, it will always be on its reduced side and
 * will not be able to receive reinforcements" (7.2) - both clauses hang on
 * "when ... in": a reduced French force in Narbona with James at "Visca"
 * rolls its reinforcement die like any force (8.1's shorter wording, "The
 * French force will not receive reinforcements and it will always be on
 * its reduced side when in ...", is read the same way). */
static void test_7_2_visca_reinforcement_outside_the_protected_boxes(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Narbona", "reduced", 0);
    set_track(j, "james", "Visca lo rei en Pere!");
    put(t, j);
    vbt_dice(t, "revolta-mudejar"); /* banner: France rolls */
    assert_int_equal(S(t)->phase, PH_REINF);
    vbt_dice(t, "2");
    assert_int_equal(S(t)->reduced[FRA], 0);
    assert_true(vbt_logged(t, "rolls 2 - back to full force"));
    vbt_free(t);
}

/* 7.2 holds at once: James reaching "Visca" by an influence success flips
 * the French force in Perpinyà there and then; by an event, before the
 * siege die of the same turn (Girona holds on a 2: reduced siege value 1). */
static void test_7_2_visca_flips_at_once(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Franca-Felip", "Perpinyà", "full", 0);
    set_track(j, "james", "Neutral Pro Pere");
    put(t, j);
    vbt_dice(t, "coronacio-saragossa");
    vbt_act(t, "influence james");
    vbt_dice(t, "5");
    assert_int_equal(S(t)->track[MS_JAMES], 3);
    assert_int_equal(S(t)->reduced[FRA], 1);
    vbt_free(t);
    t = fresh();
    j = js(t);
    set_front(j, "Franca-Felip", "Girona", "full", 1);
    set_track(j, "james", "Neutral Pro Pere");
    put(t, j);
    vbt_dice(t, "tractat-perpinya,2"); /* event james +1, then the siege die */
    assert_int_equal(S(t)->reduced[FRA], 1);
    assert_int_equal(S(t)->fallen, 0);
    vbt_free(t);
}

/* 11: the crusade comes only with the marker at 0 (not at 1), and the
 * Excommunication card is the active card for one turn only: the turn
 * after it draws from the deck again. */
static void test_11_crusade_only_at_zero_and_once(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_track(j, "pope", "2");
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* pope -1: 1 */
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->track[MS_POPE], 1);
    assert_int_equal(S(t)->crusade, 0);
    assert_int_equal(S(t)->excom_next, 0);
    assert_int_equal(S(t)->phase, PH_DRAW);
    vbt_free(t);
    t = fresh();
    j = js(t);
    set_track(j, "pope", "1");
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* pope -1: 0 */
    vbt_act(t, "end-actions");          /* phase 11: crusade; Excomunió i croada! next */
    assert_int_equal(S(t)->crusade, 1);
    assert_int_equal(S(t)->active, ((const ms_data *)t->g->data)->excom_card);
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->phase, PH_DRAW);
    assert_int_equal(S(t)->active, -1);
    assert_int_equal(S(t)->excom_next, 0);
    vbt_free(t);
}

/* ---- 8 Actions --------------------------------------------------------------------- */
static void test_8_actions_from_the_red_seal(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "setge-balaguer");
    assert_int_equal(S(t)->actions_left, 3);
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->phase, PH_DRAW);
    vbt_free(t);
}

static void test_8_no_restriction(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "tractat-agreda");
    assert_false(vbt_legal(t, "influence nobility"));
    assert_true(vbt_legal(t, "influence pope"));
    vbt_free(t);
}

static void test_8_card_modifier(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "mort-al-azraq"); /* Andalusins +1 */
    vbt_act(t, "offensive Andalusins");
    vbt_dice(t, "3"); /* 3+1 = 4 > 3 */
    assert_true(vbt_logged(t, "rolled 3 +1 card = 4 > 3 - success"));
    vbt_free(t);
}

/* ---- 8.1 Offensives ------------------------------------------------------------------ */
static void test_8_1_equal_is_failure(void **state)
{
    vbt *t = fresh();
    json_t *j = offensive_at(t, "Andalusins", "Xàtiva", "full");
    (void)state;
    put_act_roll(t, j, "offensive Andalusins", "3");
    assert_int_equal(S(t)->pos[AND], 1);
    assert_true(vbt_logged(t, "rolled 3 <= 3 - failure"));
    vbt_free(t);
}

static void test_8_1_natural_six_reduces(void **state)
{
    vbt *t = fresh();
    json_t *j = offensive_at(t, "Andalusins", "Xàtiva", "full");
    (void)state;
    put_act_roll(t, j, "offensive Andalusins", "6");
    assert_int_equal(S(t)->pos[AND], 0);
    assert_int_equal(S(t)->reduced[AND], 1);
    vbt_act(t, "offensive Andalusins");
    vbt_dice(t, "6"); /* already reduced and in box 0: no further effect */
    assert_true(vbt_logged(t, "already reduced"));
    assert_true(vbt_logged(t, "cannot go back beyond the first box"));
    vbt_free(t);
}

static void test_8_1_tokens_one_each_then_regrouping(void **state)
{
    vbt *t = fresh();
    json_t *j = offensive_at(t, "Andalusins", "València", "full");
    (void)state;
    set_tok(j, "Almogavar-2", "available");
    set_tok(j, "Estol-Reial", "available");
    set_tok(j, "Conrad-Llanca", "available");
    put(t, j);
    assert_true(vbt_legal(t, "offensive Andalusins almogavar fleet"));
    assert_false(vbt_legal(t, "offensive Noblesa-catalana fleet")); /* no sea box */
    vbt_act(t, "offensive Andalusins almogavar fleet");
    vbt_dice(t, "2"); /* 2+2 = 4 > 3 */
    assert_int_equal(S(t)->pos[AND], 1);
    assert_int_equal(S(t)->tok[ALM1], MS_REGROUPING);
    assert_int_equal(S(t)->tok[ALM2], MS_AVAILABLE);
    assert_int_equal(S(t)->tok[ESTOL], MS_REGROUPING);
    assert_int_equal(S(t)->tok[LLANCA], MS_AVAILABLE);
    vbt_free(t);
}

/* 8.1.1 Berenguer Oller's riot */
static void test_8_1_1_riot_minus_one_and_crushed(void **state)
{
    vbt *t = fresh();
    json_t *j = offensive_at(t, "Andalusins", "Xàtiva", "full");
    (void)state;
    set_s(j, "riot", "active");
    put(t, j);
    /* no token against the riot: test_8_1_1_riot_and_pirates_offensives_listed_once */
    vbt_act(t, "offensive Andalusins almogavar");
    vbt_dice(t, "3"); /* 3+1-1 = 3: failure */
    assert_int_equal(S(t)->pos[AND], 1);
    vbt_act(t, "offensive riot");
    vbt_dice(t, "4"); /* 4 > 3 */
    assert_int_equal(S(t)->riot, MS_DONE);
    assert_true(vbt_logged(t, "crushed"));
    vbt_free(t);
}

static void test_8_1_1_riot_while_besieged_loses_at_once(void **state)
{
    static const char *const deck[] = {"revolta-oller", "batalla-malta", "golf-napols",
                                       "setge-messina", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    vb_result r;
    (void)state;
    set_front(j, "Andalusins", "Barcelona", "reduced", 1);
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "revolta-oller"); /* event before siege resolution: no die */
    vb_result_get(t->g, S(t), &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.winner, -1);
    assert_true(vbt_logged(t, "loses immediately"));
    vbt_free(t);
}

/* EVIDENCE-OF 8.1.1: "if a Front advances to Barcelona and the riot is
 * active, the siege resolution is considered an automatic success and the
 * player loses" - as the force arrives, before the King's actions. */
static void test_8_1_1_riot_makes_barcelona_siege_automatic(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    vb_result r;
    (void)state;
    set_front(j, "Andalusins", "Tarragona", "reduced", 0);
    set_s(j, "riot", "active");
    put(t, j);
    vbt_dice(t, "coronacio-saragossa"); /* Andalusins advance to Barcelona: no die, no actions */
    assert_int_equal(vb_to_move(t->g, S(t)), VB_OVER);
    assert_int_equal(S(t)->pos[AND], 5);
    vb_result_get(t->g, S(t), &r);
    assert_int_equal(r.winner, -1);
    assert_true(vbt_logged(t, "the siege is an automatic success, the player loses"));
    assert_false(vbt_logged(t, "[8] 2 actions"));
    vbt_free(t);
}

/* The same through Charles of Anjou's advance from Palermo (7.1). */
static void test_8_1_1_riot_and_charles_let_pass(void **state)
{
    static const char *const deck[] = {"setge-messina", "batalla-malta", "golf-napols",
                                       "revolta-oller", "mort-marti-iv", "saqueig-elna"};
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Napols", "Palermo", "full", 0);
    set_tok(j, "Estol-Reial", "available");
    set_s(j, "riot", "active");
    post_vespers(t, j, deck, 6);
    put(t, j);
    vbt_dice(t, "setge-messina");
    vbt_act(t, "let Charles pass");
    assert_int_equal(vb_to_move(t->g, S(t)), VB_OVER);
    assert_true(vbt_logged(t, "automatic success"));
    vbt_free(t);
}

/* A position with a force in Barcelona and the riot active is already lost. */
static void test_json_rejects_riot_with_force_in_barcelona(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Andalusins", "Barcelona", "reduced", 1);
    set_s(j, "riot", "active");
    refused(t, j, "riot is active");
    vbt_free(t);
}

/* 8.1.2 Barbary pirates */
static void test_8_1_2_pirates(void **state)
{
    vbt *t = fresh();
    json_t *j = offensive_at(t, "Andalusins", "València", "full");
    (void)state;
    set_s(j, "pirates", "active");
    put(t, j);
    assert_false(vbt_legal(t, "offensive pirates")); /* no fleet available */
    vbt_act(t, "offensive Andalusins almogavar");
    vbt_dice(t, "3"); /* sea box: 3+1-1 = 3, failure */
    assert_int_equal(S(t)->pos[AND], 2);
    vbt_free(t);
    t = fresh();
    j = at_actions(t, "coronacio-saragossa", 2);
    set_s(j, "pirates", "active");
    set_tok(j, "Estol-Reial", "available");
    put_act_roll(t, j, "offensive Noblesa-catalana", "4"); /* not a sea box: no -1; 4 > 3 */
    assert_true(vbt_logged(t, "rolled 4 > 3 - success"));
    vbt_act(t, "offensive pirates");
    assert_int_equal(S(t)->tok[ESTOL], MS_REGROUPING);
    vbt_dice(t, "3"); /* 3 > 2 */
    assert_int_equal(S(t)->pirates, MS_DONE);
    vbt_free(t);
}

/* 8.1.4 Front elimination */
static void test_8_1_4_inactivation(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Andalusins", "València", "full", 0);
    put(t, j);
    vbt_dice(t, "rendicio-montesa");
    vbt_act(t, "end-actions");
    vbt_dice(t, "2"); /* 2 <= box 2: no effect */
    assert_int_equal(S(t)->pos[AND], 2);
    vbt_free(t);
    t = fresh();
    j = js(t);
    set_front(j, "Andalusins", "València", "full", 0);
    put(t, j);
    vbt_dice(t, "rendicio-montesa");
    vbt_act(t, "end-actions");
    vbt_dice(t, "3"); /* 3 > 2: eliminated */
    assert_int_equal(S(t)->pos[AND], MS_ELIMINATED);
    vbt_free(t);
}

/* 8.2 / 8.3 Regrouping */
static void test_8_2_8_3_regroup(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    (void)state;
    set_tok(j, "Galceran-de-Cartella", "regrouping");
    set_tok(j, "Conrad-Llanca", "regrouping");
    put(t, j);
    vbt_act(t, "regroup almogavar Galceran-de-Cartella");
    vbt_act(t, "regroup fleet Conrad-Llanca");
    assert_int_equal(S(t)->tok[CARTELLA], MS_AVAILABLE);
    assert_int_equal(S(t)->tok[LLANCA], MS_AVAILABLE);
    vbt_free(t);
}

/* 8.4 Nobility, with the rulebook's example */
static void test_8_4_example_catalan_nobility_values(void **state)
{
    vbt *t = fresh();
    ms_state *s = S(t);
    const ms_data *d = t->g->data;
    (void)state;
    assert_int_equal(s->track[MS_NOBILITY], 1); /* "+1/0" */
    assert_int_equal(ms_combat(d, s, CAT), 3);
    assert_int_equal(ms_siege_value(d, s, CAT), 2);
    s->reduced[CAT] = 1;
    assert_int_equal(ms_combat(d, s, CAT), 2);
    assert_int_equal(ms_siege_value(d, s, CAT), 1);
    vbt_free(t);
}

static void test_8_4_influence_nobility(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "coronacio-saragossa");
    vbt_act(t, "influence nobility");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->track[MS_NOBILITY], 1);
    vbt_act(t, "influence nobility");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->track[MS_NOBILITY], 2);
    vbt_free(t);
}

static void test_8_5_influence_pope(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "coronacio-saragossa"); /* pope 3 -> 2 */
    vbt_act(t, "influence pope");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->track[MS_POPE], 2);
    vbt_act(t, "influence pope");
    vbt_dice(t, "5");
    assert_int_equal(S(t)->track[MS_POPE], 3);
    vbt_free(t);
}

static void test_8_5_card_modifier_on_pope(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "eleccio-marti-iv"); /* pope -1 on influence */
    vbt_act(t, "influence pope");
    vbt_dice(t, "5"); /* 5-1 = 4 */
    assert_int_equal(S(t)->track[MS_POPE], 2);
    vbt_free(t);
}

static void test_8_6_influence_james(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "coronacio-saragossa");
    vbt_act(t, "influence james");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->track[MS_JAMES], 1);
    vbt_act(t, "influence james");
    vbt_dice(t, "6");
    assert_int_equal(S(t)->track[MS_JAMES], 2);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_3_setup),
        cmocka_unit_test(test_5_draw_is_uniform_over_deck),
        cmocka_unit_test(test_5_reinforcements_1_to_3_flip_back),
        cmocka_unit_test(test_5_no_banner_no_reinforcements),
        cmocka_unit_test(test_5_activa_el_front),
        cmocka_unit_test(test_5_activa_el_front_eliminated_stays_out),
        cmocka_unit_test(test_5_track_moves_stop_at_the_end),
        cmocka_unit_test(test_5_token_enters_available),
        cmocka_unit_test(test_5_event_back_a_front),
        cmocka_unit_test(test_6_siege_succeeds_and_box_falls_for_good),
        cmocka_unit_test(test_6_fallen_box_no_new_siege),
        cmocka_unit_test(test_6_siege_holds),
        cmocka_unit_test(test_6_barcelona_falls_game_lost),
        cmocka_unit_test(test_2_3_three_siege_markers_fit_the_map),
        cmocka_unit_test(test_7_advance_one_box),
        cmocka_unit_test(test_7_barcelona_occupied_stays),
        cmocka_unit_test(test_7_leftmost_coat_of_arms_first),
        cmocka_unit_test(test_7_shared_box_advance_returns_to_egea),
        cmocka_unit_test(test_7_shared_box_retreat_swaps),
        cmocka_unit_test(test_7_besieging_force_does_not_advance),
        cmocka_unit_test(test_7_inactive_front_ignored),
        cmocka_unit_test(test_7_red_outline_goes_back),
        cmocka_unit_test(test_7_never_behind_first_box),
        cmocka_unit_test(test_7_1_intercept_charles_with_a_fleet),
        cmocka_unit_test(test_7_1_let_charles_pass),
        cmocka_unit_test(test_7_1_no_fleet_charles_advances),
        cmocka_unit_test(test_7_1_no_choice_when_barcelona_occupied),
        cmocka_unit_test(test_8_1_offensive_pushes_out_of_barcelona),
        cmocka_unit_test(test_8_1_success_never_creates_a_besieger),
        cmocka_unit_test(test_7_2_visca_french_reduced_and_plus_one),
        cmocka_unit_test(test_7_2_visca_rejects_full_french_in_perpinya),
        cmocka_unit_test(test_7_2_aliat_minus_one),
        cmocka_unit_test(test_7_2_visca_no_reinforcement),
        cmocka_unit_test(test_7_2_visca_reinforcement_outside_the_protected_boxes),
        cmocka_unit_test(test_8_actions_from_the_red_seal),
        cmocka_unit_test(test_8_no_restriction),
        cmocka_unit_test(test_8_card_modifier),
        cmocka_unit_test(test_8_1_equal_is_failure),
        cmocka_unit_test(test_8_1_natural_six_reduces),
        cmocka_unit_test(test_8_1_tokens_one_each_then_regrouping),
        cmocka_unit_test(test_8_1_1_riot_minus_one_and_crushed),
        cmocka_unit_test(test_8_1_1_riot_while_besieged_loses_at_once),
        cmocka_unit_test(test_8_1_1_riot_makes_barcelona_siege_automatic),
        cmocka_unit_test(test_8_1_1_riot_and_charles_let_pass),
        cmocka_unit_test(test_json_rejects_riot_with_force_in_barcelona),
        cmocka_unit_test(test_8_1_2_pirates),
        cmocka_unit_test(test_8_1_4_inactivation),
        cmocka_unit_test(test_8_2_8_3_regroup),
        cmocka_unit_test(test_8_4_example_catalan_nobility_values),
        cmocka_unit_test(test_8_4_influence_nobility),
        cmocka_unit_test(test_8_5_influence_pope),
        cmocka_unit_test(test_8_5_card_modifier_on_pope),
        cmocka_unit_test(test_8_6_influence_james),
        cmocka_unit_test(test_11_crusade_only_at_zero_and_once),
        cmocka_unit_test(test_7_2_visca_flips_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
