/* test_mutation54.c - setge-1714: tests written against survivors of the
 * seed-54 mutation pass of the fifty-fourth session (helper sgy) over
 * sg_rules.c (the rules) and sg_io.c (the check of a state). Each fails
 * with its mutant planted back (messages "M54:"); lines of 518e3ac8
 * (docs/setge-1714.md, "Mutation pass, fifty-fourth session (helper
 * sgy)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

#define GAME "setge-1714"

#define expect(what, scn, state, err) sgt_expect_load("M54", what, scn, state, err)

/* Turn 2, the Catalan movement, Ciutat 1 in the Pla de Palau and La Marine
 * 1 in the Left Two Crowns, every other unit eliminated but those of
 * WAITING (the inside of the "waiting" object). */
static void waiting_position(char *buf, size_t n, const char *waiting)
{
    int k = snprintf(buf, n,
                     "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                     " \"unlisted\": \"eliminated\", \"waiting\": {%s},"
                     " \"zones\": {\"Pla de Palau\": [\"Ciutat 1\"],"
                     " \"Left Two Crowns\": [\"La Marine 1\"]}}",
                     waiting);
    assert_true(k > 0 && (size_t)k < n);
}

/* Rule 10.1: only Catalan units and leaders arrive later; guns and
 * barricades never do (they stand at their chart places from the start,
 * rule 9 "guns never move", rule 12). A file with a Catalan gun or a
 * Catalan barricade waiting for turn 6 is refused by the check, as a Two
 * Crowns gun is; a Catalan combat unit waiting loads.
 * (sg_io.c:550 `up->kind == K_GUN || up->kind == K_BARRICADE` as `&&`: a
 * Catalan gun or barricade could wait to arrive.) */
static void catalan_gun_or_barricade_cannot_wait(void **state)
{
    static const struct {
        const char *what, *waiting, *err;
    } rows[] = {
        {"10.1 a Catalan combat unit waits for turn 6", "\"Ciutat 2\": 6", NULL},
        {"10.1 a Catalan gun waits for turn 6", "\"Canons de Sant Pere\": 6",
         "'Canons de Sant Pere' cannot be waiting to arrive (rule 10.1)"},
        {"10.1 a Catalan barricade waits for turn 6", "\"Barricada de Sant Pere\": 6",
         "'Barricada de Sant Pere' cannot be waiting to arrive (rule 10.1)"},
        {"10.1 a Two Crowns gun waits for turn 6", "\"Bourbon Battery 1\": 6",
         "'Bourbon Battery 1' cannot be waiting to arrive (rule 10.1)"},
    };
    char json[768];
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        waiting_position(json, sizeof json, rows[i].waiting);
        expect(rows[i].what, "2p", json, rows[i].err);
    }
}

/* Rule 10.1: the Two Crowns' units never arrive later (their recovered
 * units come back in their reinforcement phase, not from a waiting
 * track): a file with French Battalion 1 or the Two Crowns' leader
 * Berwick waiting for turn 6 is refused by the check.
 * (sg_io.c:551 `s->arrive[u] > 0` as `<`: never true of a turn, so a
 * Two Crowns unit could wait to arrive.) */
static void two_crowns_unit_cannot_wait(void **state)
{
    static const char *const who[] = {"French Battalion 1", "Berwick"};
    char json[768], key[64], err[128];
    (void)state;
    for (size_t i = 0; i < sizeof who / sizeof who[0]; i++) {
        snprintf(key, sizeof key, "\"%s\": 6", who[i]);
        snprintf(err, sizeof err, "'%s' cannot be waiting to arrive (rule 10.1)", who[i]);
        waiting_position(json, sizeof json, key);
        expect("10.1 a Two Crowns unit waits for turn 6", "2p", json, err);
    }
}

/* The zone summary kept in the state (sg_place) against the units
 * themselves: a state whose count of pieces of a side in a zone, or whose
 * count of commanders and flags there, disagrees with the units fails the
 * check, each alone. (sg_io.c:609 `memcmp(np, ...) || memcmp(nl, ...)`
 * as `&&`: a wrong count of pieces with right commanders, or the other
 * way round, passed.) */
static void zone_summary_counts_checked_one_by_one(void **state)
{
    vbt *t = vbt_new(GAME, "2p", 1);
    char json[768];
    (void)state;
    waiting_position(json, sizeof json, "\"Ciutat 2\": 6");
    sgt_load(t, json);
    int z = Z(t, "Pla de Palau");
    for (int k = 0; k < 2; k++) {
        sg_state s = *S(t);
        assert_int_equal(t->g->def->check(t->g, &s, &t->cx), 0);
        if (k == 0)
            s.npiece[SG_CATALAN][z]++;
        else
            s.nlead[SG_CATALAN][z]++;
        if (t->g->def->check(t->g, &s, &t->cx) == 0)
            fail_msg("M54: the count of Catalan %s in the Pla de Palau one too many passed the "
                     "check",
                     k ? "commanders" : "pieces");
        if (!strstr(t->cx.err, "the zone summary disagrees with the units"))
            fail_msg("M54: a wrong count of %s refused with \"%s\"", k ? "commanders" : "pieces",
                     t->cx.err);
    }
    vbt_free(t);
}

/* Rule 12: one barricade per zone, whichever units of the data they are:
 * forces.json's first unit (unit 0) made a Catalan barricade in the Pla
 * d'en Llull, facing the Molins del Rec as the Barricada del Pla d'en
 * Llull does, a state with both on the map fails the check ("more than
 * one barricade"); with unit 0 eliminated it passes. The state from the
 * shipped game, the check of the changed data.
 * (sg_io.c:614 the barricades' loop from unit 1: unit 0 never counted.) */
static void first_unit_of_the_data_a_second_barricade(void **state)
{
    static const vbt_data_row row = {
        "M54: 12 the first unit a barricade", "forces.json",
        "\"kind\": \"combat\",\n   \"type\": \"coronela\",\n   \"strength\": 3,\n"
        "   \"command\": \"catalan-left\",\n   \"zone\": \"Baluard de Jonqueres\",",
        "\"kind\": \"barricade\",\n   \"command\": \"catalan-right\",\n"
        "   \"zone\": \"Pla d'en Llull\",\n   \"facing\": \"Molins del Rec\",",
        NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed(GAME, &row, &cx);
    if (!g)
        fail_msg("M54: 12 the first unit a barricade refused: %s", cx.err);
    const sg_data *d = g->data;
    assert_int_equal(d->u[0].kind, K_BARRICADE);
    vbt *t = vbt_new(GAME, NULL, 1);
    sgt_load_at(t, "catalan", "movement", "secured",
                "\"Pla d'en Llull\": [\"Barricada del Pla d'en Llull\", \"Ciutat 1\"],"
                " \"Left Two Crowns\": [\"French Battalion 1\"]",
                ", \"facing\": {\"Barricada del Pla d'en Llull\": \"Molins del Rec\"}");
    assert_int_equal(U(t, "Coronela Trinitat 1"), 0);
    int z = Z(t, "Pla d'en Llull");
    sg_state *s = malloc(sizeof *s);
    assert_non_null(s);
    *s = *S(t);
    sg_resum(d, s);
    if (g->def->check(g, s, &cx))
        fail_msg("M54: 12 one barricade in the Pla d'en Llull refused: %s", cx.err);
    /* Placed last, unit 0 is the zone's barricade in the summary, as the
     * first barricade the units give (sg_summary_of_units). */
    sg_place(d, s, 0, US_ON, z);
    s->face[0] = (uint8_t)Z(t, "Molins del Rec");
    if (g->def->check(g, s, &cx) == 0)
        fail_msg("M54: 12 two barricades in the Pla d'en Llull (unit 0 one of them) passed the "
                 "check");
    if (!strstr(cx.err, "more than one barricade (rule 12)"))
        fail_msg("M54: 12 two barricades refused with \"%s\"", cx.err);
    free(s);
    vbt_free(t);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalan_gun_or_barricade_cannot_wait),
        cmocka_unit_test(two_crowns_unit_cannot_wait),
        cmocka_unit_test(zone_summary_counts_checked_one_by_one),
        cmocka_unit_test(first_unit_of_the_data_a_second_barricade),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
