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
#include "ms_test.h"

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
        put_row(t, at_actions(t, r->card, 2), row);
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
    put_row(t, j, "2.3");
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
        put_row(t, j, row);
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
    put_row(t, at_actions(t, "coronacio-saragossa", 2), "8.1.3");
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
        put_row(t, j, rows[i].sec);
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
    put_row(t, j, "8");
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
        put_row(t, j, rows[i].card);
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
        put_row(t, j, "7.1");
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
        put_row(t, j, r->why);
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
    put_row(t, j, "12");
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
        put_row(t, j, "5");
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
        put_row(t, j, "6");
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
        put_row(t, j, "8.1.4");
        /* moves Aragonese and Catalans only; Barcelona holds its siege die (6) */
        vbt_dice(t,
                 strcmp(rows[i].box, "Barcelona") == 0 ? "rendicio-montesa,6" : "rendicio-montesa");
        vbt_act(t, "end-actions");
        snprintf(dice, sizeof dice, "%d", rows[i].die);
        vbt_dice(t, dice);
        if ((S(t)->pos[AND] == MS_ELIMINATED) != rows[i].gone)
            fail_msg("[8.1.4] Andalusins in %s, die %d: eliminated %d, expected %d", rows[i].box,
                     rows[i].die, S(t)->pos[AND] == MS_ELIMINATED, rows[i].gone);
        /* the eliminated force takes its siege marker with it (planted in the
         * thirtieth session: a besieging flag left on it survived) */
        if (rows[i].gone && S(t)->besieging[AND])
            fail_msg("[8.1.4] Andalusins eliminated in %s still besieging", rows[i].box);
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
        put_row(t, j, row);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2_3_influence_at_the_end_of_the_track),
        cmocka_unit_test(test_4_turn_count),
        cmocka_unit_test(test_5_reinforcement_die_table),
        cmocka_unit_test(test_5_event_table),
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
