/*
 * test_tables.c - Molt soroll per un rei: table-driven rule tests, one row
 * per rulebook case, the section a field of the row and part of every
 * failure message. Written to kill planted single-rule bugs (a threshold
 * moved by one, a modifier dropped, an order swapped, a term of a score
 * changed): each row pins one number a rule produces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/molt-soroll/ms_int.h"
#include "vbtest.h"

enum { CAT, ARA, AND, NAP, FRA, BEA };

static vbt *fresh(void)
{
    return vbt_new("molt-soroll", NULL, 1);
}

static ms_state *S(vbt *t)
{
    return vbt_state(t);
}

static json_t *js(vbt *t)
{
    return t->g->def->to_json(t->g, vbt_state(t), -1);
}

static void put(vbt *t, json_t *j, const char *row)
{
    char *s = json_dumps(j, 0);
    int rc = vbt_load(t, s);
    free(s);
    json_decref(j);
    if (rc)
        fail_msg("%s: position rejected: %s", row, t->cx.err);
}

static json_t *front_obj(json_t *j, const char *id)
{
    json_t *a = json_object_get(j, "fronts");
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *o = json_array_get(a, i);
        if (strcmp(json_string_value(json_object_get(o, "front")), id) == 0)
            return o;
    }
    fail_msg("no front %s", id);
    return NULL;
}

static void set_front(json_t *j, const char *id, const char *box, const char *side, int bes)
{
    json_t *o = front_obj(j, id);
    json_object_del(o, "number");
    json_object_set_new(o, "box", json_string(box));
    json_object_set_new(o, "side", json_string(side));
    json_object_set_new(o, "besieging", json_boolean(bes));
}

static void set_s(json_t *j, const char *k, const char *v)
{
    json_object_set_new(j, k, json_string(v));
}

static void set_tok(json_t *j, const char *tok, const char *status)
{
    json_object_set_new(json_object_get(j, "tokens"), tok, json_string(status));
}

static void set_track(json_t *j, const char *tr, const char *box)
{
    json_object_set_new(json_object_get(j, "tracks"), tr, json_string(box));
}

/* The setup position with `card` active in the actions phase, n actions;
 * for a B card the position is after the Vespers. */
static json_t *at_actions(vbt *t, const char *card, int n)
{
    const ms_data *d = t->g->data;
    json_t *j = js(t), *dk = json_array(), *pl = json_array();
    int b = 0;
    for (int c = 0; c < d->ncards; c++)
        if (strcmp(d->card[c].id, card) == 0)
            b = d->card[c].deck == 'B';
    for (int c = 0; c < d->ncards; c++) {
        const ms_card *k = &d->card[c];
        if (k->deck == 'E' || strcmp(k->id, card) == 0 || (k->deck == 'B' && !b))
            continue;
        /* after the Vespers: six cards left, all B, none of them `card` */
        json_array_append_new(b && k->deck == 'B' && json_array_size(dk) < 6 ? dk
                              : b                                            ? pl
                                                                             : dk,
                              json_string(k->id));
    }
    json_object_set_new(j, "deck", dk);
    json_object_set_new(j, "played", pl);
    if (b) {
        json_object_set_new(j, "vespers", json_true());
        json_object_set_new(j, "upper_left", json_integer(1));
    }
    set_s(j, "phase", "actions");
    set_s(j, "active_card", card);
    json_object_set_new(j, "actions_left", json_integer(n));
    return j;
}

/* ---- 8.4-8.6 influence thresholds ------------------------------------------ */
typedef struct infl_row {
    const char *sec, *card, *track;
    int die, moves;
} infl_row;

static const infl_row infl_rows[] = {
    /* 8.4 Nobility: 1-3 nothing, 4-6 one box right */
    {"8.4", "coronacio-saragossa", "nobility", 3, 0},
    {"8.4", "coronacio-saragossa", "nobility", 4, 1},
    {"8.4", "coronacio-saragossa", "nobility", 6, 1},
    /* 8.5 Pope: 1-4 nothing, 5-6 one box right */
    {"8.5", "coronacio-saragossa", "pope", 4, 0},
    {"8.5", "coronacio-saragossa", "pope", 5, 1},
    /* 8.6 James: 1-4 nothing, 5-6 one box right */
    {"8.6", "coronacio-saragossa", "james", 1, 0},
    {"8.6", "coronacio-saragossa", "james", 4, 0},
    {"8.6", "coronacio-saragossa", "james", 5, 1},
    {"8.6", "coronacio-saragossa", "james", 6, 1},
    /* 8: a parchment modifier on the card (eleccio-marti-iv: Pope -1,
     * tractat-perpinya: James +1) */
    {"8/8.5", "eleccio-marti-iv", "pope", 5, 0},
    {"8/8.5", "eleccio-marti-iv", "pope", 6, 1},
    {"8/8.6", "tractat-perpinya", "james", 3, 0},
    {"8/8.6", "tractat-perpinya", "james", 4, 1},
    {"8/8.4", "tractat-perpinya", "nobility", 3, 0},
};

static void test_8_influence_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof infl_rows / sizeof infl_rows[0]; i++) {
        const infl_row *r = &infl_rows[i];
        vbt *t = fresh();
        char row[128], act[48], die[4];
        int tr, before;
        snprintf(row, sizeof row, "[%s] influence %s with %s, die %d", r->sec, r->track, r->card,
                 r->die);
        put(t, at_actions(t, r->card, 2), row);
        tr = strcmp(r->track, "nobility") == 0 ? MS_NOBILITY
             : strcmp(r->track, "pope") == 0   ? MS_POPE
                                               : MS_JAMES;
        before = S(t)->track[tr];
        snprintf(act, sizeof act, "influence %s", r->track);
        snprintf(die, sizeof die, "%d", r->die);
        vbt_act(t, act);
        vbt_dice(t, die);
        if (S(t)->track[tr] - before != r->moves)
            fail_msg("%s: marker moved %d, expected %d", row, S(t)->track[tr] - before, r->moves);
        if (S(t)->actions_left != 1)
            fail_msg("%s: the influence cost %d actions", row, 2 - S(t)->actions_left);
        vbt_free(t);
    }
}

/* The last box of a track: a success leaves the marker there (2.3). */
static void test_2_3_influence_at_the_end_of_the_track(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 3);
    (void)state;
    set_track(j, "nobility", "0/0");
    json_object_set_new(j, "actions_left", json_integer(2));
    put(t, j, "2.3");
    vbt_act(t, "influence nobility"); /* the box before the last: one more */
    vbt_dice(t, "6");
    assert_int_equal(S(t)->track[MS_NOBILITY], 3);
    vbt_act(t, "influence nobility"); /* the last box: stays */
    vbt_dice(t, "6");
    assert_int_equal(S(t)->track[MS_NOBILITY], 3);
    vbt_free(t);
}

/* The turn count (4): one per card played, the active card included. */
static void test_4_turn_count(void **state)
{
    vbt *t = fresh();
    (void)state;
    assert_int_equal(t->g->def->turn(t->g, S(t)), 0);
    vbt_dice(t, "coronacio-saragossa"); /* card index 0 */
    assert_int_equal(t->g->def->turn(t->g, S(t)), 1);
    vbt_act(t, "end-actions");
    assert_int_equal(t->g->def->turn(t->g, S(t)), 1);
    vbt_dice(t, "testament-jaume-i");
    assert_int_equal(t->g->def->turn(t->g, S(t)), 2);
    vbt_free(t);
}

/* ---- 8.1 offensives: every modifier, one row each -------------------------- */
typedef struct off_row {
    const char *sec, *why, *card;
    const char *front, *box, *side; /* the target's position */
    const char *riot, *pirates, *james, *nobility;
    const char *action;
    int die;
    const char *logged; /* the die, modifier and total as logged */
    int success;        /* the force moves back (or riot/pirates beaten) */
    int reduced;        /* the force is reduced afterwards */
} off_row;

static const off_row off_rows[] = {
    {"8.1", "equal fails", "coronacio-saragossa", "Andalusins", "Xàtiva", "full", "none", "none",
     NULL, NULL, "offensive Andalusins", 3, "rolled 3 <= 3", 0, 0},
    {"8.1", "higher succeeds", "coronacio-saragossa", "Andalusins", "Xàtiva", "full", "none",
     "none", NULL, NULL, "offensive Andalusins", 4, "rolled 4 > 3", 1, 0},
    {"8.1", "natural 6 reduces", "coronacio-saragossa", "Andalusins", "Xàtiva", "full", "none",
     "none", NULL, NULL, "offensive Andalusins", 6, "rolled 6 > 3", 1, 1},
    {"8.1", "natural 6 on a failed offensive: nothing", "coronacio-saragossa", "Franca-Felip",
     "Narbona", "full", "none", "none", NULL, NULL, "offensive Franca-Felip", 6, "rolled 6 <= 6", 0,
     0},
    {"8.1", "5+1 is no natural 6", "coronacio-saragossa", "Franca-Beaumarchais", "Egea", "full",
     "none", "none", NULL, NULL, "offensive Franca-Beaumarchais almogavar", 5,
     "rolled 5 +1 almogavar = 6 > 5", 1, 0},
    {"8.1", "almogavar +1", "coronacio-saragossa", "Andalusins", "Xàtiva", "full", "none", "none",
     NULL, NULL, "offensive Andalusins almogavar", 3, "rolled 3 +1 almogavar = 4 > 3", 1, 0},
    {"8.1", "fleet +1 in a sea box", "coronacio-saragossa", "Andalusins", "València", "full",
     "none", "none", NULL, NULL, "offensive Andalusins fleet", 3, "rolled 3 +1 fleet = 4 > 3", 1,
     0},
    {"8.1", "almogavar and fleet +2", "coronacio-saragossa", "Andalusins", "València", "full",
     "none", "none", NULL, NULL, "offensive Andalusins almogavar fleet", 2,
     "rolled 2 +1 almogavar +1 fleet = 4 > 3", 1, 0},
    {"8.1.1", "riot -1", "coronacio-saragossa", "Andalusins", "Xàtiva", "full", "active", "none",
     NULL, NULL, "offensive Andalusins", 4, "rolled 4 -1 riot = 3 <= 3", 0, 0},
    {"8.1.1", "riot -1, almogavar +1", "coronacio-saragossa", "Andalusins", "Xàtiva", "full",
     "active", "none", NULL, NULL, "offensive Andalusins almogavar", 4,
     "rolled 4 -1 riot +1 almogavar = 4 > 3", 1, 0},
    {"8.1.1", "a crushed riot: no -1", "coronacio-saragossa", "Andalusins", "Xàtiva", "full",
     "crushed", "none", NULL, NULL, "offensive Andalusins", 4, "rolled 4 > 3", 1, 0},
    {"8.1.2", "pirates -1 in a sea box", "coronacio-saragossa", "Andalusins", "València", "full",
     "none", "active", NULL, NULL, "offensive Andalusins", 4, "rolled 4 -1 pirates = 3 <= 3", 0, 0},
    {"8.1.2", "pirates: no -1 inland", "coronacio-saragossa", "Andalusins", "Xàtiva", "full",
     "none", "active", NULL, NULL, "offensive Andalusins", 4, "rolled 4 > 3", 1, 0},
    {"8.1.2", "inactive pirates: no -1", "coronacio-saragossa", "Andalusins", "València", "full",
     "none", "inactive", NULL, NULL, "offensive Andalusins", 4, "rolled 4 > 3", 1, 0},
    {"8", "coat of arms on the card +1", "mort-al-azraq", "Andalusins", "Xàtiva", "full", "none",
     "none", NULL, NULL, "offensive Andalusins", 3, "rolled 3 +1 card = 4 > 3", 1, 0},
    {"8", "coat of arms on the card -1", "revolta-mudejar", "Andalusins", "Xàtiva", "full", "none",
     "none", NULL, NULL, "offensive Andalusins", 4, "rolled 4 -1 card = 3 <= 3", 0, 0},
    {"8", "a coat of arms for another front: no effect", "mort-al-azraq", "Noblesa-aragonesa",
     "Terol", "full", "none", "none", NULL, NULL, "offensive Noblesa-aragonesa", 3, "rolled 3 <= 3",
     0, 0},
    {"7.2", "Visca +1 in Perpinya", "coronacio-saragossa", "Franca-Felip", "Perpinyà", "reduced",
     "none", "none", "Visca lo rei en Pere!", NULL, "offensive Franca-Felip", 3,
     "rolled 3 +1 James = 4 > 3", 1, 1},
    {"7.2", "Visca +1 in Panissars", "coronacio-saragossa", "Franca-Felip", "Panissars", "reduced",
     "none", "none", "Visca lo rei en Pere!", NULL, "offensive Franca-Felip", 3,
     "rolled 3 +1 James = 4 > 3", 1, 1},
    {"7.2", "Visca: no +1 in Girona", "coronacio-saragossa", "Franca-Felip", "Girona", "reduced",
     "none", "none", "Visca lo rei en Pere!", NULL, "offensive Franca-Felip", 3, "rolled 3 <= 3", 0,
     1},
    {"7.2", "Neutral Pro Pere: no effect", "coronacio-saragossa", "Franca-Felip", "Perpinyà",
     "reduced", "none", "none", "Neutral Pro Pere", NULL, "offensive Franca-Felip", 3,
     "rolled 3 <= 3", 0, 1},
    {"7.2", "Aliat de Felip -1", "coronacio-saragossa", "Franca-Felip", "Panissars", "reduced",
     "none", "none", "Aliat de Felip", NULL, "offensive Franca-Felip", 4,
     "rolled 4 -1 James = 3 <= 3", 0, 1},
    {"8.4", "nobility 0/0: Catalans combat 2", "coronacio-saragossa", "Noblesa-catalana", "Pallars",
     "full", "none", "none", NULL, "0/0", "offensive Noblesa-catalana", 3, "rolled 3 > 2", 1, 0},
    {"8.4", "nobility +2/+1: Aragonese combat 4", "coronacio-saragossa", "Noblesa-aragonesa",
     "Terol", "full", "none", "none", NULL, "+2/+1", "offensive Noblesa-aragonesa", 4,
     "rolled 4 <= 4", 0, 0},
    {"8.4", "nobility -1/-1: reduced Catalans combat 0", "coronacio-saragossa", "Noblesa-catalana",
     "Pallars", "reduced", "none", "none", NULL, "-1/-1", "offensive Noblesa-catalana", 1,
     "rolled 1 > 0", 1, 1},
    {"8.1.1", "riot: no modifiers, 3 holds", "mort-al-azraq", NULL, NULL, NULL, "active", "active",
     NULL, NULL, "offensive riot", 3, "rolled 3 <= 3", 0, 0},
    {"8.1.1", "riot: 4 crushes", "coronacio-saragossa", NULL, NULL, NULL, "active", "none", NULL,
     NULL, "offensive riot", 4, "rolled 4 > 3", 1, 0},
    {"8.1.2", "pirates: the fleet spent gives no +1", "coronacio-saragossa", NULL, NULL, NULL,
     "none", "active", NULL, NULL, "offensive pirates", 2, "rolled 2 <= 2", 0, 0},
    {"8.1.2", "pirates: no riot -1 either", "coronacio-saragossa", NULL, NULL, NULL, "active",
     "active", NULL, NULL, "offensive pirates", 3, "rolled 3 > 2", 1, 0},
};

static int front_index(const ms_data *d, const char *id)
{
    for (int f = 0; f < MS_NFRONTS; f++)
        if (strcmp(d->front[f].id, id) == 0)
            return f;
    return -1;
}

static void test_8_1_offensive_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof off_rows / sizeof off_rows[0]; i++) {
        const off_row *r = &off_rows[i];
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        json_t *j = at_actions(t, r->card, 2);
        char row[160], die[4];
        int f = r->front ? front_index(d, r->front) : -1, pos0 = 0, ok;
        snprintf(row, sizeof row, "[%s] %s: '%s', die %d", r->sec, r->why, r->action, r->die);
        if (r->front)
            set_front(j, r->front, r->box, r->side, 0);
        set_s(j, "riot", r->riot);
        set_s(j, "pirates", r->pirates);
        if (r->james)
            set_track(j, "james", r->james);
        if (r->nobility)
            set_track(j, "nobility", r->nobility);
        set_tok(j, "Estol-Reial", "available");
        put(t, j, row);
        if (f >= 0)
            pos0 = S(t)->pos[f];
        if (vbt_try(t, r->action) < 0)
            fail_msg("%s: rejected: %s", row, t->cx.err);
        snprintf(die, sizeof die, "%d", r->die);
        vbt_dice(t, die);
        if (!vbt_logged(t, r->logged))
            fail_msg("%s: log lacks '%s':\n%s", row, r->logged, t->log);
        if (f >= 0) {
            ok = S(t)->pos[f] == pos0 - 1;
            if (S(t)->reduced[f] != r->reduced)
                fail_msg("%s: reduced %d, expected %d", row, S(t)->reduced[f], r->reduced);
        } else if (strcmp(r->action, "offensive riot") == 0)
            ok = S(t)->riot == MS_DONE;
        else
            ok = S(t)->pirates == MS_DONE;
        if (ok != r->success)
            fail_msg("%s: success %d, expected %d", row, ok, r->success);
        if (S(t)->actions_left != 1)
            fail_msg("%s: the offensive cost %d actions", row, 2 - S(t)->actions_left);
        vbt_free(t);
    }
}

/* A natural 6 in the first box reduces the force, which stays (8.1, 8.1.3). */
static void test_8_1_3_natural_six_in_the_first_box(void **state)
{
    vbt *t = fresh();
    (void)state;
    put(t, at_actions(t, "coronacio-saragossa", 2), "8.1.3");
    vbt_act(t, "offensive Andalusins");
    vbt_dice(t, "6");
    assert_int_equal(S(t)->pos[AND], 0);
    assert_int_equal(S(t)->reduced[AND], 1);
    vbt_free(t);
}

/* ---- 8.2 / 8.3 regrouping: one action each, automatic ----------------------- */
static void test_8_2_8_3_regrouping_costs_one_action(void **state)
{
    static const struct {
        const char *sec, *tok, *action;
    } rows[] = {
        {"8.2", "Almogavar-1", "regroup almogavar Almogavar-1"},
        {"8.2", "Galceran-de-Cartella", "regroup almogavar Galceran-de-Cartella"},
        {"8.3", "Roger-de-Lluria", "regroup fleet Roger-de-Lluria"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        json_t *j = at_actions(t, "setge-balaguer", 3);
        int k = -1;
        set_tok(j, rows[i].tok, "regrouping");
        put(t, j, rows[i].sec);
        for (int x = 0; x < MS_NTOK; x++)
            if (strcmp(d->tok_id[x], rows[i].tok) == 0)
                k = x;
        assert_true(vbt_legal(t, rows[i].action));
        vbt_act(t, rows[i].action);
        if (S(t)->tok[k] != MS_AVAILABLE || S(t)->actions_left != 2 || S(t)->phase != PH_ACTIONS)
            fail_msg("[%s] %s: status %d, actions left %d (expected available, 2)", rows[i].sec,
                     rows[i].action, S(t)->tok[k], S(t)->actions_left);
        /* an available token cannot be regrouped */
        assert_false(vbt_legal(t, rows[i].action));
        vbt_free(t);
    }
}

/* The last action ends the actions phase (8, 9). */
static void test_8_last_action_ends_the_phase(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 1);
    (void)state;
    set_tok(j, "Almogavar-1", "regrouping");
    put(t, j, "8");
    vbt_act(t, "regroup almogavar Almogavar-1");
    assert_int_equal(S(t)->phase, PH_DRAW);
    vbt_free(t);
}

/* ---- 7 movement in the order of the coats of arms -------------------------- */
static void test_7_movement_in_card_order(void **state)
{
    static const struct {
        const char *card, *first, *first_box, *second, *second_box;
    } rows[] = {
        /* both fronts must advance to Barcelona: the leftmost gets it */
        {"coronacio-saragossa", "Noblesa-aragonesa", "Igualada", "Andalusins", "Tarragona"},
        {"testament-jaume-i", "Noblesa-catalana", "Corbera", "Andalusins", "Tarragona"},
        {"revolta-mudejar", "Andalusins", "Tarragona", "Noblesa-catalana", "Corbera"},
        {"mort-al-azraq", "Noblesa-catalana", "Corbera", "Noblesa-aragonesa", "Igualada"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        json_t *j = js(t);
        int a, b;
        set_front(j, rows[i].first, rows[i].first_box, "full", 0);
        set_front(j, rows[i].second, rows[i].second_box, "full", 0);
        put(t, j, rows[i].card);
        a = front_index(d, rows[i].first);
        b = front_index(d, rows[i].second);
        vbt_dice(t, rows[i].card);
        if (S(t)->pos[a] != d->front[a].nbox || S(t)->pos[b] != d->front[b].nbox - 1)
            fail_msg("[7] %s: %s at %d, %s at %d: the leftmost coat of arms goes first",
                     rows[i].card, rows[i].first, S(t)->pos[a], rows[i].second, S(t)->pos[b]);
        vbt_free(t);
    }
}

/* 7.1: after the King's choice at Palermo, the rest of the card moves, once. */
static void test_7_1_movement_goes_on_after_the_choice(void **state)
{
    static const char *const choice[] = {"intercept fleet Estol-Reial", "let Charles pass"};
    (void)state;
    for (int i = 0; i < 2; i++) {
        vbt *t = fresh();
        json_t *j = at_actions(t, "setge-messina", 2);
        /* setge-messina moves Napols, Noblesa-aragonesa, Franca-Felip */
        set_front(j, "Napols", "Palermo", "full", 0);
        set_front(j, "Franca-Felip", "Narbona", "full", 0);
        set_tok(j, "Estol-Reial", "available");
        set_s(j, "phase", "draw");
        json_object_set_new(j, "active_card", json_null());
        json_object_set_new(j, "actions_left", json_integer(0));
        json_array_append_new(json_object_get(j, "deck"), json_string("setge-messina"));
        json_object_set_new(j, "upper_left", json_integer(2));
        put(t, j, "7.1");
        vbt_dice(t, "setge-messina");
        assert_int_equal(S(t)->phase, PH_INTERCEPT);
        assert_int_equal(S(t)->pos[ARA], 0); /* not yet: Naples is the first coat of arms */
        vbt_act(t, choice[i]);
        assert_int_equal(S(t)->pos[NAP], i == 0 ? 4 : 5);
        assert_int_equal(S(t)->pos[ARA], 1);
        assert_int_equal(S(t)->pos[FRA], 1);
        assert_int_equal(S(t)->phase, PH_ACTIONS);
        assert_int_equal(S(t)->actions_left, 2);
        vbt_free(t);
    }
}

/* ---- 12.1 / 12.2 points: one row per printed term --------------------------- */
typedef struct pts_row {
    const char *sec, *term;
    void (*set)(ms_state *s, const ms_data *d);
    int delta;
} pts_row;

static void p_and_box3(ms_state *s, const ms_data *d)
{
    (void)d;
    s->pos[AND] = 3;
}
static void p_and_box4(ms_state *s, const ms_data *d)
{
    (void)d;
    s->pos[AND] = 4;
}
static void p_and_box2(ms_state *s, const ms_data *d)
{
    (void)d;
    s->pos[AND] = 2;
}
static void p_fra_girona(ms_state *s, const ms_data *d)
{
    (void)d;
    s->pos[FRA] = 3; /* Girona, box 3 of the four-box front */
}
static void p_nap_barcelona(ms_state *s, const ms_data *d)
{
    s->pos[NAP] = (int8_t)d->front[NAP].nbox;
    s->besieging[NAP] = 1;
}
static void p_and_eliminated(ms_state *s, const ms_data *d)
{
    (void)d;
    s->pos[AND] = MS_ELIMINATED;
}
static void p_fra_barcelona(ms_state *s, const ms_data *d)
{
    s->pos[FRA] = (int8_t)d->front[FRA].nbox; /* 4: Barcelona, not "the 4 box" */
    s->besieging[FRA] = 1;
}
static void p_riot_crushed(ms_state *s, const ms_data *d)
{
    (void)d;
    s->riot = MS_DONE;
}
static void p_riot_active(ms_state *s, const ms_data *d)
{
    (void)d;
    s->riot = MS_ACTIVE;
}
static void p_pirates_inactive(ms_state *s, const ms_data *d)
{
    (void)d;
    s->pirates = MS_DONE;
}
static void p_pirates_active(ms_state *s, const ms_data *d)
{
    (void)d;
    s->pirates = MS_ACTIVE;
}
static void p_crusade(ms_state *s, const ms_data *d)
{
    (void)d;
    s->crusade = 1;
    s->track[MS_POPE] = 0;
}
static void p_one_card_played(ms_state *s, const ms_data *d)
{
    int c = d->vespers_card == 0 ? 1 : 0;
    s->deck &= ~(1ull << c);
    s->played |= 1ull << c;
}

static const pts_row vp_rows[] = {
    {"12.2", "as many points as the value of the box (3)", p_and_box3, 3},
    {"12.2", "as many points as the value of the box (4)", p_and_box4, 4},
    {"12.2", "as many points as the value of the box (Girona 3)", p_fra_girona, 3},
    {"12.2", "-5 if an enemy force besieges Barcelona", p_nap_barcelona, -5},
    {"12.2", "-5 for França-Felip besieging Barcelona (number 4 on its front)", p_fra_barcelona,
     -5},
    {"12.2", "10 for each eliminated threat (a front)", p_and_eliminated, 10},
    {"12.2", "10 for each eliminated threat (the riot)", p_riot_crushed, 10},
    {"12.2", "10 if the pirates are in play but inactive", p_pirates_inactive, 10},
    {"12.2", "5 if the crusade has not been proclaimed", p_crusade, -5},
    {"12.2", "-2 if the riot is active", p_riot_active, -2},
    {"12.2", "-2 if the pirates are active", p_pirates_active, -2},
};

static const pts_row dp_rows[] = {
    {"12.1", "2 for each unplayed card", p_one_card_played, -2},
    {"12.1", "2 for each force in box 4", p_and_box4, 2},
    {"12.1", "1 for each force in box 3", p_and_box3, 1},
    {"12.1", "1 for a force in Girona, box 3", p_fra_girona, 1},
    {"12.1", "nothing for box 2", p_and_box2, 0},
    {"12.1", "nothing for the box of Barcelona", p_nap_barcelona, 0},
    {"12.1", "nothing for França-Felip in Barcelona (number 4 on its front)", p_fra_barcelona, 0},
    {"12.1", "2 if the riot is active", p_riot_active, 2},
    {"12.1", "2 if the pirates are active", p_pirates_active, 2},
    {"12.1", "nothing for inactive pirates", p_pirates_inactive, 0},
    {"12.1", "-1 for each eliminated threat (a front)", p_and_eliminated, -1},
    {"12.1", "-1 for each eliminated threat (the riot)", p_riot_crushed, -1},
    {"12.1", "-5 if the crusade has not been proclaimed", p_crusade, 5},
};

static void test_12_points_table(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const pts_row *rows = k ? dp_rows : vp_rows;
        size_t n = k ? sizeof dp_rows / sizeof dp_rows[0] : sizeof vp_rows / sizeof vp_rows[0];
        for (size_t i = 0; i < n; i++) {
            vbt *t = fresh();
            const ms_data *d = t->g->data;
            ms_state *s = S(t);
            int before = k ? ms_defeat_points(d, s) : ms_victory_points(d, s), after;
            rows[i].set(s, d);
            after = k ? ms_defeat_points(d, s) : ms_victory_points(d, s);
            if (after - before != rows[i].delta)
                fail_msg("[%s] %s: %+d points, expected %+d", rows[i].sec, rows[i].term,
                         after - before, rows[i].delta);
            vbt_free(t);
        }
    }
}

/* The totals at setup: 12.2: three forces in box 0, no crusade: 5.
 * 12.1: 15 A + 21 B + Mort unplayed = 37 cards: 74, no crusade -5: 69. */
static void test_12_points_at_setup(void **state)
{
    vbt *t = fresh();
    (void)state;
    assert_int_equal(ms_victory_points(t->g->data, S(t)), 5);
    assert_int_equal(ms_defeat_points(t->g->data, S(t)), 69);
    vbt_free(t);
}

/* 12.1 after the Vespers: the deck, plus Mort while it waits for the last six. */
static void test_12_1_unplayed_after_the_vespers(void **state)
{
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    ms_state *s = S(t);
    (void)state;
    s->vespers = 1;
    s->deck = d->mask_b; /* 21 cards, Mort not yet in */
    s->crusade = 1;
    assert_int_equal(ms_defeat_points(d, s), 2 * 22);
    s->deck |= 1ull << d->mort_card;
    assert_int_equal(ms_defeat_points(d, s), 2 * 22);
    s->deck &= ~(1ull << d->mort_card);
    s->active = (int8_t)d->mort_card; /* Mort being played does not count */
    assert_int_equal(ms_defeat_points(d, s), 2 * 21);
    vbt_free(t);
}

/* ---- 12 the moment the win is declared --------------------------------------- */
typedef struct win_row {
    const char *why;
    const char *front, *box; /* a besieging force, or NULL */
    const char *dice;        /* after drawing Mort */
    int result;              /* 1 won, 2 lost */
    int score;
} win_row;

static const win_row win_rows[] = {
    /* no siege: won at once, before any movement or action: 0+0+0 + 5 */
    {"no siege", NULL, NULL, "", 1, 5},
    /* "after the siege resolution phase": Barcelona holds, then the win */
    {"Barcelona holds", "Napols", "Barcelona", "4", 1, 0 + 0 + 0 - 5 + 5},
    {"Barcelona falls in the last siege phase", "Napols", "Barcelona", "3", 2, 0},
    /* Girona falls in the same phase: still a win; France in box 3 */
    {"Girona falls, Barcelona stands", "Franca-Felip", "Girona", "1", 1, 3 + 5},
};

static void test_12_win_after_the_siege_phase_of_mort(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof win_rows / sizeof win_rows[0]; i++) {
        const win_row *r = &win_rows[i];
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        json_t *j = js(t), *deck = json_array(), *played = json_array();
        vb_result res;
        char dice[32];
        for (int c = 0; c < d->ncards; c++)
            if (c != d->mort_card && c != d->excom_card)
                json_array_append_new(played, json_string(d->card[c].id));
        json_array_append_new(deck, json_string("mort-vilafranca"));
        json_object_set_new(j, "deck", deck);
        json_object_set_new(j, "played", played);
        json_object_set_new(j, "vespers", json_true());
        if (r->front)
            set_front(j, r->front, r->box, "full", 1);
        put(t, j, r->why);
        snprintf(dice, sizeof dice, "mort-vilafranca%s%s", r->dice[0] ? "," : "", r->dice);
        vbt_dice(t, dice);
        vb_result_get(t->g, S(t), &res);
        if (!res.over || S(t)->over != r->result)
            fail_msg("[12] %s: over %d result %d, expected result %d", r->why, res.over, S(t)->over,
                     r->result);
        if (r->result == 1 && (int)res.score[0] != r->score)
            fail_msg("[12.2] %s: %d victory points, expected %d", r->why, (int)res.score[0],
                     r->score);
        vbt_free(t);
    }
}

/* The last card before Mort does not end the game. */
static void test_12_no_win_before_mort(void **state)
{
    static const char *const six[] = {"golf-napols",   "batalla-malta", "setge-messina",
                                      "revolta-oller", "mort-marti-iv", "mort-vilafranca"};
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    json_t *j = js(t), *deck = json_array(), *played = json_array();
    (void)state;
    for (int c = 0; c < d->ncards; c++) {
        int in = 0;
        for (int k = 0; k < 6; k++)
            in |= strcmp(six[k], d->card[c].id) == 0;
        if (d->card[c].deck != 'E' || c == d->mort_card)
            json_array_append_new(in ? deck : played, json_string(d->card[c].id));
    }
    json_object_set_new(j, "deck", deck);
    json_object_set_new(j, "played", played);
    json_object_set_new(j, "vespers", json_true());
    put(t, j, "12");
    vbt_dice(t, "golf-napols");
    assert_int_equal(S(t)->over, 0);
    assert_int_equal(S(t)->phase, PH_ACTIONS);
    vbt_free(t);
}

/* ---- 5 reinforcements: 1-3 flip back, 4-6 nothing, one row per die ------------ */
static void test_5_reinforcement_die_table(void **state)
{
    (void)state;
    for (int v = 1; v <= 6; v++) {
        vbt *t = fresh();
        json_t *j = js(t);
        char dice[64];
        set_front(j, "Andalusins", "Xàtiva", "reduced", 0);
        set_s(j, "pirates", "inactive");
        put(t, j, "5");
        snprintf(dice, sizeof dice, "revolta-mudejar,%d,%d", v, v);
        vbt_dice(t, dice);
        if (S(t)->reduced[AND] != (v > 3) || (S(t)->pirates == MS_ACTIVE) != (v <= 3))
            fail_msg("[5] reinforcement die %d: reduced %d, pirates %d", v, S(t)->reduced[AND],
                     S(t)->pirates);
        vbt_free(t);
    }
}

/* ---- 6 siege die: die <= siege value succeeds --------------------------------- */
static void test_6_siege_die_table(void **state)
{
    static const struct {
        const char *side, *nobility;
        int die, falls;
    } rows[] = {
        {"full", NULL, 3, 1},
        {"full", NULL, 4, 0},
        {"reduced", NULL, 1, 1},
        {"reduced", NULL, 2, 0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        json_t *j = js(t);
        char dice[48];
        set_front(j, "Franca-Felip", "Girona", rows[i].side, 1);
        put(t, j, "6");
        snprintf(dice, sizeof dice, "coronacio-saragossa,%d", rows[i].die);
        vbt_dice(t, dice);
        if (((S(t)->fallen != 0) != rows[i].falls) || S(t)->besieging[FRA] == rows[i].falls)
            fail_msg("[6] siege of Girona, %s France, die %d: fallen %u, besieging %d",
                     rows[i].side, rows[i].die, S(t)->fallen, S(t)->besieging[FRA]);
        vbt_free(t);
    }
}

/* ---- 8.1.4 Possible inactivacio: die > box number ------------------------------ */
static void test_8_1_4_inactivation_table(void **state)
{
    static const struct {
        const char *box;
        int die, gone;
    } rows[] = {
        {"Montesa", 1, 1},   {"Xàtiva", 1, 0},    {"Xàtiva", 2, 1},    {"Tarragona", 4, 0},
        {"Tarragona", 5, 1}, {"Barcelona", 5, 0}, {"Barcelona", 6, 1},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        json_t *j = js(t);
        char dice[8];
        set_front(j, "Andalusins", rows[i].box, "full", strcmp(rows[i].box, "Barcelona") == 0);
        put(t, j, "8.1.4");
        /* moves Aragonese and Catalans only; Barcelona holds its siege die (6) */
        vbt_dice(t,
                 strcmp(rows[i].box, "Barcelona") == 0 ? "rendicio-montesa,6" : "rendicio-montesa");
        vbt_act(t, "end-actions");
        snprintf(dice, sizeof dice, "%d", rows[i].die);
        vbt_dice(t, dice);
        if ((S(t)->pos[AND] == MS_ELIMINATED) != rows[i].gone)
            fail_msg("[8.1.4] Andalusins in %s, die %d: eliminated %d, expected %d", rows[i].box,
                     rows[i].die, S(t)->pos[AND] == MS_ELIMINATED, rows[i].gone);
        vbt_free(t);
    }
}

/* ---- 5 events: one row per kind of effect ----------------------------------------- */
typedef struct ev_row {
    const char *card, *pirates0, *riot0; /* before */
    int b_card;                          /* a B card: after the Vespers */
    const char *pirates, *riot;          /* after */
    int pope, james, nobility, nap_pos, nap_reduced;
    const char *nap_box; /* Naples' box before (Reggio when NULL) */
} ev_row;

#define NC (-9) /* not checked */
static const ev_row ev_rows[] = {
    {"pirates-berberescos", "none", "none", 0, "active", "none", NC, NC, NC, NC, NC, NULL},
    {"pirates-berberescos", "inactive", "none", 0, "active", "none", NC, NC, NC, NC, NC, NULL},
    {"revolta-oller", "none", "none", 1, "none", "active", NC, NC, NC, NC, NC, NULL},
    {"revolta-oller", "none", "crushed", 1, "none", "crushed", NC, NC, NC, NC, NC, NULL},
    {"testament-jaume-i", "none", "none", 0, NULL, NULL, 3, 0, 1, NC, NC, NULL},
    {"tractat-perpinya", "none", "none", 0, NULL, NULL, 3, 2, 1, NC, NC, NULL},
    {"excomunio-marti-iv", "none", "none", 1, NULL, NULL, 1, 1, 1, NC, NC, NULL},
    {"mort-marti-iv", "none", "none", 1, NULL, NULL, 4, 1, 1, NC, NC, NULL},
    {"revolta-barons", "none", "none", 0, NULL, NULL, 3, 1, 0, NC, NC, NULL},
    {"corts-barcelona", "none", "none", 1, NULL, NULL, 3, 1, 2, NC, NC, NULL},
    {"vespres-sicilianes", "none", "none", 0, NULL, NULL, NC, NC, NC, 0, 0, NULL},
    {"batalla-malta", "none", "none", 1, NULL, NULL, NC, NC, NC, 1, 1,
     NULL}, /* reduced, then red outline */
    {"golf-napols", "none", "none", 1, NULL, NULL, NC, NC, NC, 2, 1,
     NULL}, /* back 1, then advances */
    /* "reduce" flips a force in play, also in the first box of its front
     * (8.1.3: it is on the front, it only cannot go further back); the red
     * outline then leaves it there */
    {"batalla-malta", "none", "none", 1, NULL, NULL, NC, NC, NC, 0, 1, "Nàpols"},
};

static void test_5_event_table(void **state)
{
    static const char *const pir[] = {"none", "active", "inactive"};
    static const char *const riot[] = {"none", "active", "crushed"};
    (void)state;
    for (size_t i = 0; i < sizeof ev_rows / sizeof ev_rows[0]; i++) {
        const ev_row *r = &ev_rows[i];
        vbt *t = fresh();
        json_t *j = at_actions(t, r->card, 2);
        char row[96];
        snprintf(row, sizeof row, "[5] event of %s%s%s", r->card, r->nap_box ? ", Naples in " : "",
                 r->nap_box ? r->nap_box : "");
        /* back to the draw, with the card on top of the deck */
        set_s(j, "phase", "draw");
        json_object_set_new(j, "active_card", json_null());
        json_object_set_new(j, "actions_left", json_integer(0));
        json_array_append_new(json_object_get(j, "deck"), json_string(r->card));
        if (r->b_card)
            json_object_set_new(j, "upper_left", json_integer(2));
        set_s(j, "pirates", r->pirates0);
        set_s(j, "riot", r->riot0);
        if (r->nap_pos != NC && strcmp(r->card, "vespres-sicilianes") != 0)
            set_front(j, "Napols", r->nap_box ? r->nap_box : "Reggio", "full", 0);
        put(t, j, row);
        vbt_dice(t, r->card);
        while (vb_to_move(t->g, S(t)) == VB_CHANCE)
            vbt_dice(t, "6"); /* reinforcement dice: nothing */
        if (r->pirates && strcmp(pir[S(t)->pirates], r->pirates) != 0)
            fail_msg("%s: pirates %s, expected %s", row, pir[S(t)->pirates], r->pirates);
        if (r->riot && strcmp(riot[S(t)->riot], r->riot) != 0)
            fail_msg("%s: riot %s, expected %s", row, riot[S(t)->riot], r->riot);
        if ((r->pope != NC && S(t)->track[MS_POPE] != r->pope) ||
            (r->james != NC && S(t)->track[MS_JAMES] != r->james) ||
            (r->nobility != NC && S(t)->track[MS_NOBILITY] != r->nobility))
            fail_msg("%s: tracks pope %d james %d nobility %d, expected %d %d %d", row,
                     S(t)->track[MS_POPE], S(t)->track[MS_JAMES], S(t)->track[MS_NOBILITY], r->pope,
                     r->james, r->nobility);
        if ((r->nap_pos != NC && S(t)->pos[NAP] != r->nap_pos) ||
            (r->nap_reduced != NC && S(t)->reduced[NAP] != r->nap_reduced))
            fail_msg("%s: Naples at %d reduced %d, expected %d %d", row, S(t)->pos[NAP],
                     S(t)->reduced[NAP], r->nap_pos, r->nap_reduced);
        vbt_free(t);
    }
}

/* ---- apply refuses what legal does not list, and changes nothing -------------------- */
static void test_apply_refuses_illegal_codes(void **state)
{
    static const struct {
        const char *why;
        int kind, a, b;
    } rows[] = {
        {"regroup an available token", AK_REGROUP, 0, 0},
        {"regroup an unknown token", AK_REGROUP, MS_NTOK, 0},
        {"an almogavar none is available", AK_OFFENSIVE, AND, MS_TOK_ALMOG},
        {"a fleet none is available", AK_OFFENSIVE, AND, MS_TOK_FLEET},
        {"an unknown target", AK_OFFENSIVE, MS_T_PIRATES + 1, 0},
        {"influence an unknown track", AK_INFLUENCE, MS_NTRACKS, 0},
        {"influence the Pope at 0", AK_INFLUENCE, MS_POPE, 0},
        {"a die in the actions phase", AK_DIE, 0, 3},
        {"a die of 7", AK_DIE, 0, 7},
        {"intercept outside 7.1", AK_INTERCEPT, 3, 0},
        {"a card in the actions phase", AK_CARD, 1, 0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        json_t *j = at_actions(t, "coronacio-saragossa", 2);
        ms_state before;
        set_tok(j, "Almogavar-1", "regrouping");
        set_track(j, "pope", "0");
        put(t, j, rows[i].why);
        if (rows[i].kind == AK_REGROUP && rows[i].a == 0)
            S(t)->tok[0] = MS_AVAILABLE;
        memcpy(&before, S(t), sizeof before);
        if (t->g->def->apply(t->g, S(t), MS_ACT(rows[i].kind, rows[i].a, rows[i].b), &t->cx) >= 0)
            fail_msg("apply accepted %s", rows[i].why);
        if (memcmp(&before, S(t), sizeof before) != 0)
            fail_msg("apply of %s changed the state", rows[i].why);
        vbt_free(t);
    }
    {
        /* at the draw: a card that is not in the deck, a card beyond the list */
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        assert_true(t->g->def->apply(t->g, S(t), MS_ACT(AK_CARD, d->mort_card, 0), &t->cx) < 0);
        assert_true(t->g->def->apply(t->g, S(t), MS_ACT(AK_CARD, d->ncards, 0), &t->cx) < 0);
        assert_true(t->g->def->apply(t->g, S(t), MS_ACT(AK_DIE, 0, 3), &t->cx) < 0);
        assert_int_equal(S(t)->phase, PH_DRAW);
        vbt_free(t);
    }
}

/* ---- odds: the position asked about ------------------------------------------------ */
static void test_odds_setup_places_the_force(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    char *argv[] = {"offensive", "Franca-Beaumarchais", "box=2"};
    char *bad[] = {"offensive", "Napols", "box=6"};
    vb_action first;
    (void)state;
    set_front(j, "Noblesa-aragonesa", "Saragossa", "full", 0);
    put(t, j, "odds");
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 1, 3, argv, &first, &t->cx), 0);
    assert_int_equal(S(t)->pos[BEA], 2);
    assert_int_equal(S(t)->pos[ARA], 0); /* one force per box: the other makes room */
    assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
    assert_true(t->g->def->odds_setup(t->g, S(t), 0, 3, bad, &first, &t->cx) < 0);
    assert_string_equal(t->cx.err, "odds: front 'Napols' has boxes 0-4 (5: Barcelona)");
    vbt_free(t);
}

/* odds: the words of a question, and the outcome classes of a siege die. */
static void test_odds_words_and_siege_classes(void **state)
{
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    char *nob[] = {"offensive", "Noblesa-catalana", "nobility=0"};
    char *siege[] = {"siege", "Franca-Felip", "box=3"};
    vb_action first;
    ms_state before, after;
    char buf[64];
    (void)state;
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 0, 3, nob, &first, &t->cx), 0);
    assert_int_equal(ms_combat(d, S(t), CAT), 4); /* 2 + the "+2/+1" box */
    vbt_free(t);
    t = fresh();
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 0, 3, siege, &first, &t->cx), 0);
    memcpy(&before, S(t), sizeof before);
    for (int v = 1; v <= 6; v++) {
        memcpy(&after, &before, sizeof after);
        assert_int_equal(t->g->def->apply(t->g, &after, MS_ACT(AK_DIE, 0, v), NULL), 0);
        t->g->def->odds_outcome(t->g, &before, &after, buf, sizeof buf);
        if (strcmp(buf, v <= 3 ? "siege succeeds, the city falls" : "the defenders hold") != 0)
            fail_msg("odds siege Girona, die %d: '%s'", v, buf);
    }
    vbt_free(t);
}

/* 7.2 in the siege die of `vauban odds`: with James at "Visca lo rei en
 * Pere!" the French force in Girona (or besieging Barcelona) is on its
 * reduced side, so its siege value is the reduced one (1: only a 1 takes
 * the city), not the full one (3); "full" there is refused. */
static void test_odds_siege_with_james_at_visca(void **state)
{
    static const struct {
        const char *box, *james;
        int reduced, falls_up_to;
    } rows[] = {
        {"box=3", "james=3", 1, 1}, /* Girona, Visca: reduced, siege 1 */
        {"box=3", "james=2", 0, 3}, /* Girona, Neutral Pro Pere: full, siege 3 */
        {"box=4", "james=3", 1, 1}, /* Barcelona, Visca */
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        char *argv[] = {"siege", "Franca-Felip", (char *)rows[i].box, (char *)rows[i].james};
        vb_action first;
        ms_state before, after;
        char buf[64];
        assert_int_equal(t->g->def->odds_setup(t->g, S(t), 0, 4, argv, &first, &t->cx), 0);
        if (S(t)->reduced[FRA] != rows[i].reduced)
            fail_msg("7.2 odds siege %s %s: side %d", rows[i].box, rows[i].james,
                     S(t)->reduced[FRA]);
        memcpy(&before, S(t), sizeof before);
        for (int v = 1; v <= 6; v++) {
            int falls;
            memcpy(&after, &before, sizeof after);
            assert_int_equal(t->g->def->apply(t->g, &after, MS_ACT(AK_DIE, 0, v), NULL), 0);
            t->g->def->odds_outcome(t->g, &before, &after, buf, sizeof buf);
            falls = strcmp(buf, "the defenders hold") != 0;
            if (falls != (v <= rows[i].falls_up_to))
                fail_msg("7.2 odds siege %s %s, die %d: '%s'", rows[i].box, rows[i].james, v, buf);
        }
        vbt_free(t);
    }
    {
        vbt *t = fresh();
        char *argv[] = {"siege", "Franca-Felip", "box=3", "james=3", "full"};
        vb_action first;
        assert_true(t->g->def->odds_setup(t->g, S(t), 0, 5, argv, &first, &t->cx) < 0);
        assert_non_null(strstr(t->cx.err, "rule 7.2"));
        vbt_free(t);
    }
}

/* `vauban odds`: a word the procedure does not use, a word given twice, or
 * "reduced" with "full" is refused with one line naming it, not ignored. */
static void test_odds_refuses_words_that_do_not_apply(void **state)
{
    static const struct {
        int argc;
        const char *argv[6], *err;
    } rows[] = {
        {4, {"siege", "Napols", "box=3", "mod=2"}, "'mod=2' does not apply here"},
        {4, {"siege", "Napols", "box=3", "almogavar"}, "'almogavar' does not apply here"},
        {4, {"siege", "Napols", "box=3", "riot"}, "'riot' does not apply here"},
        {4, {"inactivation", "Napols", "box=3", "mod=1"}, "'mod=1' does not apply here"},
        {4, {"inactivation", "Napols", "box=3", "reduced"}, "'reduced' does not apply here"},
        {4, {"inactivation", "Napols", "box=3", "nobility=0"}, "'nobility=0' does not apply"},
        {3, {"influence", "pope", "fleet"}, "'fleet' does not apply here"},
        {3, {"influence", "nobility", "box=2"}, "'box=2' does not apply here"},
        {3, {"influence", "james", "pirates"}, "'pirates' does not apply here"},
        {3, {"offensive", "riot", "box=2"}, "'box=2' does not apply here"},
        {3, {"offensive", "pirates", "reduced"}, "'reduced' does not apply here"},
        {4, {"offensive", "Napols", "box=2", "box=3"}, "'box' given twice"},
        {4, {"offensive", "Napols", "mod=1", "mod=-1"}, "'mod' given twice"},
        {4, {"offensive", "Napols", "reduced", "full"}, "'reduced' and 'full' together"},
        {3, {"offensive", "Napols", "mod=10"}, "mod"},
        {3, {"offensive", "Napols", "mod=-10"}, "mod"},
        {3, {"offensive", "Atlantis", "box=2"}, "unknown front 'Atlantis'"},
        {2, {"assault", "Napols"}, "unknown procedure 'assault'"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        vb_action first;
        if (t->g->def->odds_setup(t->g, S(t), 0, rows[i].argc, (char **)rows[i].argv, &first,
                                  &t->cx) >= 0)
            fail_msg("odds row %zu (%s %s %s) accepted", i, rows[i].argv[0], rows[i].argv[1],
                     rows[i].argv[rows[i].argc - 1]);
        if (!strstr(t->cx.err, rows[i].err) || strchr(t->cx.err, '\n'))
            fail_msg("odds row %zu: '%s' does not say '%s' in one line", i, t->cx.err, rows[i].err);
        vbt_free(t);
    }
}

/* The given modifier: `odds ... mod=N` and a state's extra_modifier share
 * one range, -9..9, the least range that lets a given modifier turn any
 * roll into a sure success: França-Felip at full force (6) in Perpinyà,
 * Saqueig d'Elna's -1, the riot's -1 and James allied to Philip's -1 need
 * +9 for a 1 to succeed (1 - 3 + 9 = 7 > 6). A position that odds builds
 * with mod=9 writes and loads back. */
static void test_odds_mod_range_agrees_with_the_state(void **state)
{
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    json_t *j = at_actions(t, "saqueig-elna", 1);
    char *argv[] = {"offensive", "Franca-Felip", "box=1", "full", "riot", "james=0", "mod=9"};
    char *eight[] = {"offensive", "Franca-Felip", "box=1", "full", "riot", "james=0", "mod=8"};
    vb_action first;
    char *text;
    (void)state;
    put(t, j, "odds");
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 1, 7, argv, &first, &t->cx), 0);
    assert_int_equal(S(t)->extra_mod, MS_EXTRA_MOD);
    assert_int_equal(ms_combat(d, S(t), FRA), 6);
    assert_int_equal(ms_offensive_mod(d, S(t), FRA, 0), -3 + 9);
    assert_true(1 + ms_offensive_mod(d, S(t), FRA, 0) > ms_combat(d, S(t), FRA));
    j = js(t);
    text = json_dumps(j, 0);
    json_decref(j);
    {
        vbt *u = fresh();
        if (vbt_load(u, text) != 0)
            fail_msg("a position built by odds with mod=9 does not load: %s", u->cx.err);
        assert_int_equal(S(u)->extra_mod, 9);
        vbt_free(u);
    }
    free(text);
    vbt_free(t);
    /* with +8 a 1 still fails there: 9 is needed */
    t = fresh();
    d = t->g->data; /* the first game's data went with it */
    put(t, at_actions(t, "saqueig-elna", 1), "odds");
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 1, 7, eight, &first, &t->cx), 0);
    assert_false(1 + ms_offensive_mod(d, S(t), FRA, 0) > ms_combat(d, S(t), FRA));
    vbt_free(t);
}

/* Hand-edited fronts and fallen cities: the shown "combat"/"siege" must be a
 * number some side and track box can give (a value left from before an edit
 * of the side is recomputed); a fallen city listed twice is refused. Each
 * refusal is one line and leaves the position as it was. */
static void test_json_shown_values_and_fallen_twice(void **state)
{
    static const struct {
        const char *front, *key;
        int is_num, v, ok;
        const char *err;
    } rows[] = {
        {"Franca-Felip", "combat", 1, 9, 0, "'combat' must be a number 3-6"},
        {"Franca-Felip", "combat", 1, 2, 0, "'combat' must be a number 3-6"},
        {"Franca-Felip", "combat", 1, 3, 1, NULL}, /* stale, recomputed: 6 */
        {"Franca-Felip", "siege", 0, 0, 0, "'siege' must be a number 1-3"},
        {"Noblesa-catalana", "combat", 1, 5, 0, "'combat' must be a number 0-4"},
        {"Noblesa-catalana", "siege", 1, -1, 0, "'siege' must be a number 0-3"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        json_t *j = js(t), *o;
        ms_state before;
        int rc;
        set_front(j, "Franca-Felip", "Narbona", "full", 0);
        put(t, j, "setup with France");
        j = js(t);
        o = front_obj(j, rows[i].front);
        json_object_set_new(o, rows[i].key,
                            rows[i].is_num ? json_integer(rows[i].v) : json_string("x"));
        memcpy(&before, S(t), sizeof before);
        {
            char *s = json_dumps(j, 0);
            rc = vbt_load(t, s);
            free(s);
            json_decref(j);
        }
        if (rows[i].ok) {
            if (rc != 0)
                fail_msg("row %zu refused: %s", i, t->cx.err);
            assert_int_equal(ms_combat(t->g->data, S(t), FRA), 6);
        } else {
            if (rc != VB_EINPUT || !strstr(t->cx.err, rows[i].err) || strchr(t->cx.err, '\n'))
                fail_msg("row %zu: rc %d, '%s'", i, rc, t->cx.err);
            assert_memory_equal(S(t), &before, sizeof before);
        }
        vbt_free(t);
    }
    {
        vbt *t = fresh();
        json_t *j = js(t), *f = json_array();
        ms_state before;
        char *s;
        memcpy(&before, S(t), sizeof before);
        json_array_append_new(f, json_string("Girona"));
        json_array_append_new(f, json_string("Girona"));
        json_object_set_new(j, "fallen", f);
        s = json_dumps(j, 0);
        json_decref(j);
        assert_int_equal(vbt_load(t, s), VB_EINPUT);
        free(s);
        assert_non_null(strstr(t->cx.err, "fallen: box 'Girona' listed twice"));
        assert_memory_equal(S(t), &before, sizeof before);
        vbt_free(t);
    }
}

/* 5: only pirates "in play and on its inactive side" get a reinforcement
 * die: active pirates (and a card with a banner but nothing reduced) give
 * no die at all, the turn goes on to the actions. */
static void test_5_active_pirates_get_no_reinforcement_die(void **state)
{
    static const char *const pir[] = {"active", "none", "inactive"};
    (void)state;
    for (int k = 0; k < 3; k++) {
        vbt *t = fresh();
        json_t *j = js(t);
        set_s(j, "pirates", pir[k]);
        put(t, j, "5");
        vbt_dice(t, "revolta-mudejar"); /* blue banner; nothing reduced */
        if ((S(t)->phase == PH_REINF) != (k == 2) || S(t)->nrolls != 0)
            fail_msg("[5] pirates %s, banner: phase %s, %u rolls", pir[k],
                     ms_phase_names[S(t)->phase], S(t)->nrolls);
        vbt_free(t);
    }
}

/* 9: a force that advanced into Barcelona gets its siege marker at the end
 * of the actions (Barcelona is fortified), and the siege is rolled in the
 * next turn's phase 6 (rule 6: a 1 <= siege value takes it). */
static void test_9_siege_laid_in_barcelona(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Andalusins", "Tarragona", "full", 0);
    put(t, j, "9");
    vbt_dice(t, "revolta-mudejar"); /* Andalusins advance first */
    assert_int_equal(S(t)->pos[AND], 5);
    assert_int_equal(S(t)->besieging[AND], 0);
    vbt_act(t, "end-actions");
    assert_int_equal(S(t)->besieging[AND], 1);
    assert_true(vbt_logged(t, "[9] Andalusins lays siege to Barcelona"));
    vbt_dice(t, "coronacio-saragossa");
    assert_int_equal(S(t)->phase, PH_SIEGE);
    vbt_dice(t, "1");
    assert_int_equal(S(t)->over, 2);
    vbt_free(t);
}

/* 7, 5: an event that sends a front back moves a besieging force too (only
 * an advance is stopped by a siege marker) and lifts its siege. */
static void test_5_event_back_moves_a_besieger(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "golf-napols", 2);
    (void)state;
    /* Golf de Nàpols: reduce Naples, Naples back one box */
    set_s(j, "phase", "draw");
    json_object_set_new(j, "active_card", json_null());
    json_object_set_new(j, "actions_left", json_integer(0));
    json_array_append_new(json_object_get(j, "deck"), json_string("golf-napols"));
    json_object_set_new(j, "upper_left", json_integer(2));
    set_front(j, "Napols", "Messina", "full", 1);
    put(t, j, "5 back");
    vbt_dice(t, "golf-napols");
    /* back to Reggio, siege lifted; then the card's movement brings it to
     * Messina again, where the siege is laid anew only in phase 9 */
    if (!vbt_logged(t, "goes back to Reggio") || S(t)->pos[NAP] != 3 || S(t)->besieging[NAP])
        fail_msg("[5] Naples besieging Messina, event back: box %d, besieging %d\n%s",
                 S(t)->pos[NAP], S(t)->besieging[NAP], t->log);
    vbt_free(t);
}

/* After the Vespers, the last six reached, Mort a Vilafranca active. */
static json_t *at_mort(vbt *t)
{
    json_t *j = at_actions(t, "saqueig-elna", 0);
    json_array_append_new(json_object_get(j, "played"), json_string("saqueig-elna"));
    json_object_set_new(j, "upper_left", json_integer(0));
    set_s(j, "active_card", "mort-vilafranca");
    return j;
}

/* Hand-edited results and pending dice that no game can reach (12, 8):
 * each refused in one line naming the rule, the position left as it was. */
static void test_json_rejects_impossible_results_and_pending(void **state)
{
    static const struct {
        const char *why, *card, *phase, *result, *front, *box, *pending_track, *err;
        int besieging;
    } rows[] = {
        {"won before Mort a Vilafranca", "coronacio-saragossa", "over", "won", NULL, NULL, NULL,
         "result 'won' but the active card is not 'mort-vilafranca'", 0},
        {"lost with Barcelona free", "coronacio-saragossa", "over", "lost", NULL, NULL, NULL,
         "result 'lost' but no force is in Barcelona", 0},
        {"won with an unbesieging force in Barcelona", "mort-vilafranca", "over", "won", "Napols",
         "Barcelona", NULL, "not besieging it (rule 9)", 0},
        {"influence pending where the card says No", "tractat-agreda", "influence", "running", NULL,
         NULL, "nobility", "card 'tractat-agreda' says No to influencing nobility", 0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        json_t *j = strcmp(rows[i].card, "mort-vilafranca") == 0 ? at_mort(t)
                                                                 : at_actions(t, rows[i].card, 1);
        ms_state before;
        char *txt;
        int rc;
        set_s(j, "phase", rows[i].phase);
        set_s(j, "result", rows[i].result);
        if (strcmp(rows[i].phase, "over") == 0)
            json_object_set_new(j, "actions_left", json_integer(0));
        if (rows[i].front)
            set_front(j, rows[i].front, rows[i].box, "full", rows[i].besieging);
        if (rows[i].pending_track) {
            json_t *p = json_object();
            json_object_set_new(p, "influence", json_string(rows[i].pending_track));
            json_object_set_new(j, "pending", p);
        }
        memcpy(&before, S(t), sizeof before);
        txt = json_dumps(j, 0);
        json_decref(j);
        rc = vbt_load(t, txt);
        free(txt);
        if (rc != VB_EINPUT || !strstr(t->cx.err, rows[i].err) || strchr(t->cx.err, '\n'))
            fail_msg("%s: rc %d, '%s'", rows[i].why, rc, t->cx.err);
        assert_memory_equal(S(t), &before, sizeof before);
        vbt_free(t);
    }
    {
        /* the same positions made possible load: Mort active, besieged
         * Barcelona holding; a loss with Naples in Barcelona */
        vbt *t = fresh();
        json_t *j = at_mort(t);
        set_s(j, "phase", "over");
        set_s(j, "result", "won");
        set_front(j, "Napols", "Barcelona", "full", 1);
        put(t, j, "won, Barcelona held");
        assert_int_equal(S(t)->over, 1);
        vbt_free(t);
        t = fresh();
        j = at_actions(t, "coronacio-saragossa", 0);
        set_s(j, "phase", "over");
        set_s(j, "result", "lost");
        set_front(j, "Andalusins", "Barcelona", "full", 1);
        put(t, j, "lost, Barcelona fallen");
        assert_int_equal(S(t)->over, 2);
        vbt_free(t);
    }
}

/* apply answers 0 when the game ends inside it (7.1 with the riot active). */
static void test_apply_returns_zero_when_the_game_ends(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "setge-messina", 2);
    vb_action acts[8];
    int n;
    (void)state;
    set_front(j, "Napols", "Palermo", "full", 0);
    set_tok(j, "Estol-Reial", "available");
    set_s(j, "riot", "active");
    set_s(j, "phase", "intercept");
    json_object_set_new(j, "actions_left", json_integer(0));
    put(t, j, "7.1");
    n = vb_legal(t->g, S(t), acts, NULL, 8);
    assert_int_equal(n, 2);
    /* only a fleet in play intercepts: not an almogavar, not a fleet off the map */
    assert_true(t->g->def->apply(t->g, S(t), MS_ACT(AK_INTERCEPT, 0, 0), &t->cx) < 0);
    assert_true(t->g->def->apply(t->g, S(t), MS_ACT(AK_INTERCEPT, 5, 0), &t->cx) < 0);
    assert_true(t->g->def->apply(t->g, S(t), MS_ACT(AK_INTERCEPT, MS_NTOK, 0), &t->cx) < 0);
    assert_int_equal(S(t)->phase, PH_INTERCEPT);
    assert_int_equal(MS_AK(acts[1]), AK_PASS);
    assert_int_equal(t->g->def->apply(t->g, S(t), acts[1], &t->cx), 0);
    assert_int_equal(S(t)->over, 2);
    vbt_free(t);

    /* 6: the siege of Barcelona succeeds (2 <= siege value): lost, and
     * apply answers 0 there too. */
    vb_action a;
    t = fresh();
    j = js(t);
    set_front(j, "Napols", "Barcelona", "full", 1);
    put(t, j, "6");
    vbt_dice(t, "coronacio-saragossa");
    assert_int_equal(S(t)->phase, PH_SIEGE);
    assert_int_equal(vb_parse_action(t->g, S(t), "2", &a, &t->cx), 0);
    assert_int_equal(t->g->def->apply(t->g, S(t), a, &t->cx), 0);
    assert_int_equal(S(t)->over, 2);
    vbt_free(t);
}

/* check, the invariants every state is held to (after each apply in the
 * random games, and after from_json): a marker beyond its track (2.3) and
 * an influence pending on no track or on the hopeless Pope (8.5) are
 * named, and an active card that is no card. Each row corrupts one field
 * of a legal position. */
static void test_check_rejects_corrupt_states(void **state)
{
    static const struct {
        const char *what, *msg;
        int track, box, pend;
    } rows[] = {
        {"nobility past its last box", "track 'nobility': marker in box", MS_NOBILITY, 99, -1},
        {"pope before its first box", "track 'pope': marker in box -1", MS_POPE, -1, -1},
        {"james past its last box", "track 'james': marker in box", MS_JAMES, 99, -1},
        {"influence on no track", "pending influence: not possible", -1, 0, MS_NTRACKS},
        {"influence on the hopeless Pope", "pending influence: not possible", MS_POPE, 0, MS_POPE},
        {"an active card past the last card", "active card: bad index", -1, 0, -1},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        ms_state st;
        put(t, at_actions(t, "coronacio-saragossa", 2), rows[i].what);
        vbt_act(t, "influence nobility");
        assert_int_equal(S(t)->phase, PH_INFLUENCE);
        assert_int_equal(t->g->def->check(t->g, S(t), &t->cx), 0);
        st = *S(t);
        if (rows[i].track >= 0)
            st.track[rows[i].track] =
                (int8_t)(rows[i].box == 99 ? d->track[rows[i].track].nbox : rows[i].box);
        if (rows[i].pend >= 0)
            st.pend_arg = (uint8_t)rows[i].pend;
        if (rows[i].track < 0 && rows[i].pend < 0)
            st.active = (int8_t)d->ncards;
        if (t->g->def->check(t->g, &st, &t->cx) >= 0)
            fail_msg("2.3/8.5 %s: check accepts it", rows[i].what);
        if (!strstr(t->cx.err, rows[i].msg))
            fail_msg("2.3/8.5 %s: '%s', expected '%s'", rows[i].what, t->cx.err, rows[i].msg);
        vbt_free(t);
    }
}

/* The heuristic orders the outcomes: lost < running < won. */
static void test_eval_orders_outcomes(void **state)
{
    vbt *t = fresh();
    ms_state st;
    double run, won, lost;
    (void)state;
    memcpy(&st, S(t), sizeof st);
    run = t->g->def->eval(t->g, &st, 0);
    st.over = 1;
    st.phase = PH_OVER;
    won = t->g->def->eval(t->g, &st, 0);
    st.over = 2;
    lost = t->g->def->eval(t->g, &st, 0);
    assert_true(lost == -1.0);
    assert_true(lost < run && run < won);
    vbt_free(t);
}

/* The heuristic counts every enemy force on the map as a threat, from the
 * first box of its front on (7: forces move towards Barcelona from their
 * first box), and a force in Barcelona (besieging it) as the worst: the
 * same position is worth less with the force there than with its front
 * inactive, and less again in Barcelona than one box before. */
static void test_eval_counts_every_force_on_the_map(void **state)
{
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    ms_state st;
    (void)state;
    for (int f = 0; f < MS_NFRONTS; f++) {
        double off, first, last, barna;
        memcpy(&st, S(t), sizeof st);
        st.pos[f] = MS_INACTIVE;
        off = t->g->def->eval(t->g, &st, 0);
        st.pos[f] = 0;
        first = t->g->def->eval(t->g, &st, 0);
        st.pos[f] = (int8_t)(d->front[f].nbox - 1);
        last = t->g->def->eval(t->g, &st, 0);
        st.pos[f] = (int8_t)d->front[f].nbox;
        barna = t->g->def->eval(t->g, &st, 0);
        if (!(barna < last && last < first && first < off))
            fail_msg("front %s: inactive %g, first box %g, last box %g, Barcelona %g",
                     d->front[f].id, off, first, last, barna);
    }
    vbt_free(t);
}

/* The prompt of a die says what must be beaten (referee mode). */
static void test_prompts_say_the_number_to_beat(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    char p[200];
    (void)state;
    set_front(j, "Franca-Felip", "Girona", "full", 1);
    set_s(j, "riot", "active");
    put(t, j, "prompt");
    vbt_act(t, "offensive Andalusins almogavar");
    t->g->def->prompt(t->g, S(t), p, sizeof p);
    assert_string_equal(p,
                        "roll the die for the offensive against Andalusins (die +0 must beat 3)");
    vbt_dice(t, "1");
    vbt_act(t, "influence james");
    t->g->def->prompt(t->g, S(t), p, sizeof p);
    assert_string_equal(p, "roll the die to influence James of Mallorca (die +0: 5 or more moves "
                           "the marker)");
    vbt_dice(t, "1");
    vbt_dice(t, "testament-jaume-i");
    t->g->def->prompt(t->g, S(t), p, sizeof p);
    assert_string_equal(p, "roll the die for the siege of Girona by França–Felip l'Ardit (1-3: the "
                           "siege succeeds)");
    vbt_free(t);
}

/* odds: the influence classes, "full"/"reduced", and an unknown front. */
static void test_odds_influence_and_sides(void **state)
{
    vbt *t = fresh();
    char *infl[] = {"influence", "james"};
    char *full[] = {"offensive", "Andalusins", "full"};
    char *red[] = {"offensive", "Andalusins", "reduced"};
    char *unknown[] = {"offensive", "Granada"};
    vb_action first;
    ms_state before, after;
    char buf[64];
    int moves = 0;
    (void)state;
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 0, 2, infl, &first, &t->cx), 0);
    memcpy(&before, S(t), sizeof before);
    for (int v = 1; v <= 6; v++) {
        memcpy(&after, &before, sizeof after);
        assert_int_equal(t->g->def->apply(t->g, &after, MS_ACT(AK_DIE, 0, v), NULL), 0);
        t->g->def->odds_outcome(t->g, &before, &after, buf, sizeof buf);
        moves += strcmp(buf, "marker moves right") == 0;
        if (strcmp(buf, v >= 5 ? "marker moves right" : "no effect") != 0)
            fail_msg("odds influence james, die %d: '%s'", v, buf);
    }
    assert_int_equal(moves, 2);
    vbt_free(t);
    t = fresh();
    S(t)->reduced[AND] = 1;
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 1, 3, full, &first, &t->cx), 0);
    assert_int_equal(S(t)->reduced[AND], 0);
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 1, 3, red, &first, &t->cx), 0);
    assert_int_equal(S(t)->reduced[AND], 1);
    assert_true(t->g->def->odds_setup(t->g, S(t), 1, 2, unknown, &first, &t->cx) < 0);
    assert_string_equal(t->cx.err, "odds offensive: unknown front 'Granada'");
    vbt_free(t);
}

/* 12.1, 12.2: the printed levels, at their edges. */
static void test_12_verdict_bands(void **state)
{
    static const struct {
        int won, points;
        const char *verdict;
    } rows[] = {
        {1, 45, "Petrus Magnus, eternal glory."},
        {1, 30, "Petrus Magnus, eternal glory."},
        {1, 29, "Peter the Great, local fame."},
        {1, 0, "Peter the Great, local fame."},
        {1, -1, "Much ado about a king..."},
        {0, 99, "Peter the Tiny"},
        {0, 51, "Peter the Tiny"},
        {0, 50, "Peter the Small"},
        {0, 21, "Peter the Small"},
        {0, 20, "Peter the Unlucky"},
        {0, 0, "Peter the Unlucky"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(ms_verdict(rows[i].won, rows[i].points), rows[i].verdict) != 0)
            fail_msg("[12.%d] %d points: '%s', expected '%s'", rows[i].won ? 2 : 1, rows[i].points,
                     ms_verdict(rows[i].won, rows[i].points), rows[i].verdict);
}

/* Log lines name the box a force goes back to, box 0 included. */
static void test_7_log_names_the_first_box(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    (void)state;
    set_front(j, "Andalusins", "Xàtiva", "full", 0);
    put(t, j, "7");
    vbt_act(t, "offensive Andalusins");
    assert_true(t->g->def->apply(t->g, S(t), MS_ACT(AK_DIE, 0, 7), &t->cx) < 0);
    assert_true(t->g->def->apply(t->g, S(t), MS_ACT(AK_DIE, 0, 0), &t->cx) < 0);
    vbt_dice(t, "5");
    assert_true(vbt_logged(t, "[8.1] offensive: Andalusins goes back to Montesa"));
    vbt_free(t);
}

/* odds: each procedure sets up its die and answers 0. */
static void test_odds_procedures(void **state)
{
    static const struct {
        int argc;
        const char *argv[4];
        int phase, arg;
    } rows[] = {
        {2, {"offensive", "riot"}, PH_OFFENSIVE, MS_T_RIOT},
        {2, {"offensive", "pirates"}, PH_OFFENSIVE, MS_T_PIRATES},
        {3, {"offensive", "Napols", "box=2"}, PH_OFFENSIVE, NAP},
        {3, {"siege", "Franca-Felip", "box=3"}, PH_SIEGE, FRA},
        {2, {"influence", "nobility"}, PH_INFLUENCE, MS_NOBILITY},
        {3, {"inactivation", "Andalusins", "box=1"}, PH_INACTIVATION, AND},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        vb_action first;
        int arg;
        if (t->g->def->odds_setup(t->g, S(t), 0, rows[i].argc, (char **)rows[i].argv, &first,
                                  &t->cx) != 0)
            fail_msg("odds %s %s: %s", rows[i].argv[0], rows[i].argv[1], t->cx.err);
        arg = rows[i].phase == PH_OFFENSIVE ? S(t)->pend_kind
              : rows[i].phase == PH_SIEGE   ? S(t)->sub
                                            : S(t)->pend_arg;
        if (S(t)->phase != rows[i].phase || arg != rows[i].arg)
            fail_msg("odds %s %s: phase %d arg %d", rows[i].argv[0], rows[i].argv[1], S(t)->phase,
                     arg);
        vbt_free(t);
    }
}

/* 7.1 then 8.1.1: after Charles is intercepted, the next coat of arms
 * brings a force into Barcelona with the riot active: lost, and apply
 * answers 0. */
static void test_7_1_then_riot_ends_the_game(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "setge-messina", 2);
    (void)state;
    set_front(j, "Napols", "Palermo", "full", 0);
    set_front(j, "Noblesa-aragonesa", "Igualada", "full", 0);
    set_tok(j, "Estol-Reial", "available");
    set_s(j, "riot", "active");
    set_s(j, "phase", "intercept");
    json_object_set_new(j, "actions_left", json_integer(0));
    put(t, j, "7.1");
    assert_int_equal(t->g->def->apply(t->g, S(t), MS_ACT(AK_INTERCEPT, 3, 0), &t->cx), 0);
    assert_int_equal(S(t)->over, 2);
    assert_int_equal(S(t)->pos[ARA], 5);
    vbt_free(t);
}

/* Sea boxes count from box 0 (Nàpols); an event's step back at box 0 is
 * the first-box rule, not "not in play"; odds take james=B. */
static void test_sea_box_zero_and_first_box_log(void **state)
{
    vbt *t = fresh();
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    char *jam[] = {"offensive", "Franca-Felip", "box=1", "james=3"};
    vb_action first;
    (void)state;
    set_front(j, "Napols", "Nàpols", "full", 0);
    set_tok(j, "Estol-Reial", "available");
    set_s(j, "pirates", "active");
    put(t, j, "8.1");
    assert_true(vbt_legal(t, "offensive Napols fleet"));
    vbt_act(t, "offensive Napols fleet");
    vbt_dice(t, "5");
    assert_true(vbt_logged(t, "rolled 5 -1 pirates +1 fleet = 5 <= 5"));
    vbt_free(t);
    t = fresh();
    vbt_dice(t, "setge-balaguer"); /* back Noblesa-catalana 1, at Foix */
    assert_true(
        vbt_logged(t, "[8.1.3] event: Noblesa catalana cannot go back beyond the first box"));
    vbt_free(t);
    t = fresh();
    assert_int_equal(t->g->def->odds_setup(t->g, S(t), 0, 4, jam, &first, &t->cx), 0);
    assert_int_equal(S(t)->track[MS_JAMES], 3);
    assert_int_equal(ms_offensive_mod(t->g->data, S(t), FRA, 0), 1);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2_3_influence_at_the_end_of_the_track),
        cmocka_unit_test(test_4_turn_count),
        cmocka_unit_test(test_5_reinforcement_die_table),
        cmocka_unit_test(test_5_event_table),
        cmocka_unit_test(test_apply_refuses_illegal_codes),
        cmocka_unit_test(test_apply_returns_zero_when_the_game_ends),
        cmocka_unit_test(test_check_rejects_corrupt_states),
        cmocka_unit_test(test_odds_setup_places_the_force),
        cmocka_unit_test(test_eval_orders_outcomes),
        cmocka_unit_test(test_eval_counts_every_force_on_the_map),
        cmocka_unit_test(test_sea_box_zero_and_first_box_log),
        cmocka_unit_test(test_odds_procedures),
        cmocka_unit_test(test_7_1_then_riot_ends_the_game),
        cmocka_unit_test(test_12_verdict_bands),
        cmocka_unit_test(test_7_log_names_the_first_box),
        cmocka_unit_test(test_odds_influence_and_sides),
        cmocka_unit_test(test_prompts_say_the_number_to_beat),
        cmocka_unit_test(test_odds_words_and_siege_classes),
        cmocka_unit_test(test_odds_siege_with_james_at_visca),
        cmocka_unit_test(test_json_rejects_impossible_results_and_pending),
        cmocka_unit_test(test_5_active_pirates_get_no_reinforcement_die),
        cmocka_unit_test(test_9_siege_laid_in_barcelona),
        cmocka_unit_test(test_5_event_back_moves_a_besieger),
        cmocka_unit_test(test_odds_refuses_words_that_do_not_apply),
        cmocka_unit_test(test_odds_mod_range_agrees_with_the_state),
        cmocka_unit_test(test_json_shown_values_and_fallen_twice),
        cmocka_unit_test(test_6_siege_die_table),
        cmocka_unit_test(test_7_movement_in_card_order),
        cmocka_unit_test(test_7_1_movement_goes_on_after_the_choice),
        cmocka_unit_test(test_8_influence_table),
        cmocka_unit_test(test_8_last_action_ends_the_phase),
        cmocka_unit_test(test_8_1_offensive_table),
        cmocka_unit_test(test_8_1_3_natural_six_in_the_first_box),
        cmocka_unit_test(test_8_1_4_inactivation_table),
        cmocka_unit_test(test_8_2_8_3_regrouping_costs_one_action),
        cmocka_unit_test(test_12_points_table),
        cmocka_unit_test(test_12_points_at_setup),
        cmocka_unit_test(test_12_1_unplayed_after_the_vespers),
        cmocka_unit_test(test_12_win_after_the_siege_phase_of_mort),
        cmocka_unit_test(test_12_no_win_before_mort),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
