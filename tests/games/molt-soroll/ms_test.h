/* ms_test.h - set-up helpers shared by the molt-soroll rule tests
 * (test_rules*.c, test_tables*.c): positions are set up as JSON state text
 * edited from the setup (vbt_load), every die scripted. */
#ifndef MS_TEST_H
#define MS_TEST_H

#include <stdlib.h>
#include <string.h>

#include "games/molt-soroll/ms_int.h"
#include "vbtest.h"

enum { CAT, ARA, AND, NAP, FRA, BEA };
enum { ALM1, ALM2, CARTELLA, ESTOL, LLURIA, LLANCA, MALLOL };

static inline vbt *fresh(void)
{
    return vbt_new("molt-soroll", NULL, 1);
}

static inline ms_state *S(vbt *t)
{
    return vbt_state(t);
}

static inline json_t *js(vbt *t)
{
    return vbt_state_json(t);
}

/* Load j (taken) as the game's state; 0 or the loader's error. */
static inline int put_bad(vbt *t, json_t *j)
{
    return vbt_load_json(t, j);
}

static inline void put(vbt *t, json_t *j)
{
    if (put_bad(t, j))
        fail_msg("position rejected: %s", t->cx.err);
}

/* As put, the failure message led by the table row. */
static inline void put_row(vbt *t, json_t *j, const char *row)
{
    if (put_bad(t, j))
        fail_msg("%s: position rejected: %s", row, t->cx.err);
}

/* The position j (taken) is refused as input, its one-line message
 * holding msg (refused) or being msg (refused_exactly). */
static inline void refused(vbt *t, json_t *j, const char *msg)
{
    int rc = put_bad(t, j);
    if (rc != VB_EINPUT || !strstr(t->cx.err, msg) || strchr(t->cx.err, '\n'))
        fail_msg("want refused with '%s', got %d '%s'", msg, rc, t->cx.err);
}

static inline void refused_exactly(vbt *t, json_t *j, const char *msg)
{
    int rc = put_bad(t, j);
    if (rc != VB_EINPUT || strcmp(t->cx.err, msg) != 0)
        fail_msg("want refused with exactly '%s', got %d '%s'", msg, rc, t->cx.err);
}

/* The card `id` of t's loaded data, to edit (each vbt loads its own). */
static inline ms_card *card_to_edit(vbt *t, const char *id)
{
    ms_data *d = (ms_data *)t->g->data;
    for (int k = 0; k < d->ncards; k++)
        if (strcmp(d->card[k].id, id) == 0)
            return &d->card[k];
    fail_msg("no card %s", id);
    return NULL;
}

static inline json_t *front_obj(json_t *j, const char *id)
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

static inline void set_front(json_t *j, const char *id, const char *box, const char *side, int bes)
{
    json_t *o = front_obj(j, id);
    json_object_del(o, "number");
    json_object_set_new(o, "box", json_string(box));
    json_object_set_new(o, "side", json_string(side));
    json_object_set_new(o, "besieging", json_boolean(bes));
}

static inline void set_s(json_t *j, const char *k, const char *v)
{
    json_object_set_new(j, k, json_string(v));
}

static inline void set_i(json_t *j, const char *k, int v)
{
    json_object_set_new(j, k, json_integer(v));
}

static inline void set_tok(json_t *j, const char *tok, const char *status)
{
    json_object_set_new(json_object_get(j, "tokens"), tok, json_string(status));
}

static inline void set_track(json_t *j, const char *tr, const char *box)
{
    json_object_set_new(json_object_get(j, "tracks"), tr, json_string(box));
}

/* The setup position with `card` active in the actions phase, n actions;
 * for a B card the position is after the Vespers. */
static inline json_t *at_actions(vbt *t, const char *card, int n)
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

/* The actions phase of Coronació a Saragossa (two actions, no modifier for
 * the fronts tested with it) with `front`'s force in `box`, `side`, not
 * besieging: the position of the offensive tests, to edit before put. */
static inline json_t *offensive_at(vbt *t, const char *front, const char *box, const char *side)
{
    json_t *j = at_actions(t, "coronacio-saragossa", 2);
    set_front(j, front, box, side, 0);
    return j;
}

/* Load j (taken), take the action `act` and roll `die` (a die or a card). */
static inline void put_act_roll(vbt *t, json_t *j, const char *act, const char *die)
{
    put(t, j);
    vbt_act(t, act);
    vbt_dice(t, die);
}

/* The setup position with one front's force set as given is refused, the
 * message holding msg. */
static inline void refused_front(const char *front, const char *box, const char *side, int bes,
                                 const char *msg)
{
    vbt *t = fresh();
    json_t *j = js(t);
    set_front(j, front, box, side, bes);
    refused(t, j, msg);
    vbt_free(t);
}

/* A position after the Vespers whose deck holds exactly `deck` (n >= 6 cards,
 * Mort a Vilafranca not yet among them); every other A and B card played. */
static inline void post_vespers(vbt *t, json_t *j, const char *const *deck, int n)
{
    const ms_data *d = t->g->data;
    json_t *dk = json_array(), *pl = json_array();
    for (int c = 0; c < d->ncards; c++) {
        int in = 0;
        if (d->card[c].deck == 'E')
            continue;
        for (int k = 0; k < n; k++)
            in |= strcmp(deck[k], d->card[c].id) == 0;
        json_array_append_new(in ? dk : pl, json_string(d->card[c].id));
    }
    json_object_set_new(j, "deck", dk);
    json_object_set_new(j, "played", pl);
    json_object_set_new(j, "vespers", json_true());
    set_i(j, "upper_left", n - 5);
}

/* A game lost (12.1): the Andalusins in Barcelona, the game over
 * (test_mutation43.c's points, test_mutation47.c's board heading). */
static inline void put_lost(vbt *t)
{
    json_t *j = at_actions(t, "coronacio-saragossa", 0);
    set_s(j, "phase", "over");
    set_s(j, "result", "lost");
    set_front(j, "Andalusins", "Barcelona", "full", 1);
    put(t, j);
    assert_int_equal(S(t)->over, 2);
}

#endif
