/*
 * test_mutation24.c - Molt soroll per un rei: tests written for the
 * survivors of the twenty-fourth session's mutation pass (seed 24) over
 * `ms_io.c` (docs/molt-soroll.md, "Mutation pass, twenty-fourth
 * session"): the state file, an impossible position refused, a good one
 * read back exactly; and of its second round over `ms_rules.c` ("Second
 * round, twenty-fourth session"): the siege phase, the eval, fleets.
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

/* 2.1, the state file: a front's box may be given by its number, 0 to the
 * last box; every number in range is read back as that box (where no other
 * force holds it, 7), and a number before the first box or past the last
 * is refused by name. */
static void test_json_box_by_number_first_to_last(void **state)
{
    (void)state;
    for (int f = 0; f < MS_NFRONTS; f++) {
        int read = 0;
        int nb;
        {
            vbt *t = fresh();
            nb = ((const ms_data *)t->g->data)->front[f].nbox;
            vbt_free(t);
        }
        for (int b = -1; b <= nb; b++) {
            vbt *t = fresh();
            const ms_data *d = t->g->data;
            json_t *j = js(t), *o = front_obj(j, d->front[f].id);
            char want[160];
            int rc;
            json_object_del(o, "number");
            json_object_set_new(o, "box", json_integer(b));
            json_object_set_new(o, "side", json_string("full"));
            json_object_set_new(o, "besieging", json_false());
            rc = put_bad(t, j);
            snprintf(want, sizeof want, "front '%s': force in box %d, but the front has boxes 0-%d",
                     d->front[f].id, b, nb - 1);
            if (b < 0 || b == nb) {
                if (rc != VB_EINPUT || strcmp(t->cx.err, want) != 0)
                    fail_msg("%s box %d: want '%s', got %d '%s'", d->front[f].id, b, want, rc,
                             t->cx.err);
            } else if (rc == 0) {
                assert_int_equal(S(t)->pos[f], b);
                assert_int_equal(S(t)->reduced[f], 0);
                read++;
            } else if (strstr(t->cx.err, "force in box"))
                fail_msg("%s box %d refused: %s", d->front[f].id, b, t->cx.err);
            vbt_free(t);
        }
        if (read < nb - 1)
            fail_msg("front %d: only %d of %d boxes read back", f, read, nb);
    }
}

/* 7.1: interception is decided only while Charles of Anjou is about to
 * leave Palermo for Barcelona; with any force already in Barcelona (the
 * first front's as well as another's) there is nothing to intercept, and
 * a state file in that phase is refused. */
static void test_7_1_no_intercept_with_barcelona_held(void **state)
{
    (void)state;
    for (int f = -1; f < MS_NFRONTS; f++) {
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        json_t *j;
        int rc;
        if (f == d->naples_front) {
            vbt_free(t);
            continue;
        }
        j = at_actions(t, "setge-messina", 2);
        set_front(j, "Napols", "Palermo", "full", 0);
        set_tok(j, "Estol-Reial", "available");
        set_s(j, "phase", "intercept");
        json_object_set_new(j, "actions_left", json_integer(0));
        if (f >= 0)
            set_front(j, d->front[f].id, "Barcelona", "full", 0);
        rc = put_bad(t, j);
        if (f < 0 && rc != 0)
            fail_msg("Barcelona free: refused: %s", t->cx.err);
        if (f >= 0 && (rc != VB_EINPUT || !strstr(t->cx.err, "phase 'intercept': Charles of "
                                                             "Anjou is not about to leave")))
            fail_msg("%s in Barcelona: %d '%s'", d->front[f].id, rc, t->cx.err);
        vbt_free(t);
    }
}

/* 2.1, the state file: a front's box by name is one of its printed boxes
 * or Barcelona; an empty name is no box (not the city past the last box)
 * and is refused. */
static void test_json_box_by_name_empty_is_no_box(void **state)
{
    (void)state;
    for (int f = 0; f < MS_NFRONTS; f++) {
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        json_t *j = js(t);
        char want[160];
        int rc;
        set_front(j, d->front[f].id, "", "full", 0);
        rc = put_bad(t, j);
        snprintf(want, sizeof want, "front '%s': '' is not a box of this front", d->front[f].id);
        if (rc != VB_EINPUT || strcmp(t->cx.err, want) != 0)
            fail_msg("want '%s', got %d '%s'", want, rc, t->cx.err);
        vbt_free(t);
    }
}

/* 8, 8.5, check: the die of an offensive (its target and the tokens
 * spent) is pending only in the offensive phase, the track or front of an
 * influence or inactivation die only in those phases; a legal actions
 * position with one of them set alone is refused. */
static void test_check_pending_die_only_in_its_phase(void **state)
{
    static const struct {
        const char *what;
        int kind, tok, arg;
    } rows[] = {
        {"an offensive target", 1, 0, 0},
        {"an almogavar spent", 0, MS_TOK_ALMOG, 0},
        {"an influence track", 0, 0, 1},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        ms_state st;
        put_row(t, at_actions(t, "coronacio-saragossa", 2), rows[i].what);
        st = *S(t);
        assert_int_equal(t->g->def->check(t->g, &st, &t->cx), 0);
        st.pend_kind = (uint8_t)rows[i].kind;
        st.pend_tok = (uint8_t)rows[i].tok;
        st.pend_arg = (uint8_t)rows[i].arg;
        if (t->g->def->check(t->g, &st, &t->cx) != VB_EINPUT ||
            !strstr(t->cx.err, "a pending die is recorded outside its phase"))
            fail_msg("%s in the actions phase: '%s'", rows[i].what, t->cx.err);
        vbt_free(t);
    }
}

/* 6: "if there is an enemy force with a siege marker, you must check whether
 * the force succeeds in the siege": every front besieging Barcelona, the
 * first front (index 0) as well as the others, rolls its siege die in the
 * turn's siege phase; a 1 is within every full force's siege value and
 * Barcelona falls (ms_rules.c, the siege phase starts at front 0). */
static void test_6_every_front_rolls_its_siege_die(void **state)
{
    (void)state;
    for (int f = 0; f < MS_NFRONTS; f++) {
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        json_t *j = js(t);
        vb_result r;
        set_front(j, d->front[f].id, "Barcelona", "full", 1);
        put_row(t, j, d->front[f].id);
        assert_true(ms_siege_value(d, S(t), f) >= 1);
        vbt_dice(t, "coronacio-saragossa,1");
        if (vb_to_move(t->g, S(t)) != VB_OVER)
            fail_msg("%s besieging Barcelona: no siege die rolled", d->front[f].id);
        vb_result_get(t->g, S(t), &r);
        assert_int_equal(r.winner, -1);
        vbt_free(t);
    }
}

/* Eval (2.1: the full side has "higher combat and siege values"; 6: the
 * siege value is what the player must beat to keep Barcelona): a force in
 * Barcelona at full strength is a worse position for the King than the same
 * force reduced, for every front (the Andalusins lose more siege value
 * than combat value when reduced: the siege value must weigh there). */
static void test_eval_full_besieger_of_barcelona_is_worse(void **state)
{
    vbt *t = fresh();
    const ms_data *d = t->g->data;
    ms_state st;
    (void)state;
    for (int f = 0; f < MS_NFRONTS; f++) {
        double full, reduced;
        memcpy(&st, S(t), sizeof st);
        st.pos[f] = (int8_t)d->front[f].nbox;
        st.besieging[f] = 1;
        st.reduced[f] = 0;
        full = t->g->def->eval(t->g, &st, 0);
        st.reduced[f] = 1;
        reduced = t->g->def->eval(t->g, &st, 0);
        if (!(full < reduced))
            fail_msg("front %s in Barcelona: full %g, reduced %g", d->front[f].id, full, reduced);
    }
    vbt_free(t);
}

/* 2.1, 8.1: "Some boxes have an anchor symbol. These are sea boxes in which
 * fleets can be used"; the anchors are on the fronts' boxes (map.json) and
 * Barcelona, past every front's last box, has none: an offensive against a
 * force besieging Barcelona takes an almogavar but never a fleet, whatever
 * the front (ms_rules.c, ms_box_is_sea stops before Barcelona). */
static void test_8_1_no_fleet_against_a_force_in_barcelona(void **state)
{
    (void)state;
    for (int f = 0; f < MS_NFRONTS; f++) {
        vbt *t = fresh();
        const ms_data *d = t->g->data;
        json_t *j = at_actions(t, "coronacio-saragossa", 2);
        char act[96];
        set_front(j, d->front[f].id, "Barcelona", "full", 1);
        set_tok(j, "Estol-Reial", "available");
        put_row(t, j, d->front[f].id);
        assert_false(ms_box_is_sea(d, S(t), f));
        snprintf(act, sizeof act, "offensive %s almogavar", d->front[f].id);
        if (!vbt_legal(t, act))
            fail_msg("'%s' not legal", act);
        snprintf(act, sizeof act, "offensive %s fleet", d->front[f].id);
        if (vbt_legal(t, act))
            fail_msg("'%s' legal: Barcelona is no sea box", act);
        snprintf(act, sizeof act, "offensive %s almogavar fleet", d->front[f].id);
        if (vbt_legal(t, act))
            fail_msg("'%s' legal: Barcelona is no sea box", act);
        vbt_free(t);
    }
}

/* odds: every procedure but influence names its front (or the riot, the
 * pirates): `odds offensive` (and siege, inactivation) alone is refused
 * with the usage line, before any argument past the procedure is read. */
static void test_odds_procedure_without_front_is_usage(void **state)
{
    static const char *const procs[] = {"offensive", "siege", "inactivation"};
    (void)state;
    for (size_t i = 0; i < sizeof procs / sizeof procs[0]; i++) {
        vbt *t = fresh();
        char *argv[] = {(char *)procs[i], NULL};
        char want[96];
        vb_action first;
        int rc = t->g->def->odds_setup(t->g, S(t), 0, 1, argv, &first, &t->cx);
        snprintf(want, sizeof want, "usage: %s FRONT [words]; see --help", procs[i]);
        if (rc != VB_EUSAGE || strcmp(t->cx.err, want) != 0)
            fail_msg("odds %s: want '%s', got %d '%s'", procs[i], want, rc, t->cx.err);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_box_by_number_first_to_last),
        cmocka_unit_test(test_7_1_no_intercept_with_barcelona_held),
        cmocka_unit_test(test_json_box_by_name_empty_is_no_box),
        cmocka_unit_test(test_check_pending_die_only_in_its_phase),
        cmocka_unit_test(test_6_every_front_rolls_its_siege_die),
        cmocka_unit_test(test_eval_full_besieger_of_barcelona_is_worse),
        cmocka_unit_test(test_8_1_no_fleet_against_a_force_in_barcelona),
        cmocka_unit_test(test_odds_procedure_without_front_is_usage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
