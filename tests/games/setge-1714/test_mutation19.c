/*
 * test_mutation19.c - setge-1714: tests written for the survivors of the
 * nineteenth session's mutation pass (seed 19) over `sg_data.c` and
 * `sg_odds.c` (docs/setge-1714.md, "Mutation testing"): each pins what one
 * planted change altered. The data rows load a copy of data/setge-1714/
 * with one change, through VAUBAN_DATA.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/setge-1714/sg_int.h"
#include "vbtest.h"

#define GAME "setge-1714"

/* ---- loading (sg_data.c) ------------------------------------------------------ */

/* The module contract (vb_module.h): load answers 0 on success, a negative
 * vb_err on failure; never another value. */
static void test_load_answers_zero(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    vb_game *h = calloc(1, sizeof *h);
    vb_ctx cx;
    (void)state;
    assert_non_null(h);
    vb_game_defaults(h, t->g->def);
    vb_ctx_init(&cx);
    assert_int_equal(t->g->def->load(h, &cx), 0);
    assert_non_null(h->data);
    t->g->def->unload(h);
    free(h);
    vbt_free(t);
}

/* The event cards' effects (rule 8; the card texts are reconstructed):
 * each lever within its range, both ends included: movement -2..2,
 * assault -3..3, guns -2..2, salvo 0..6, recovery 0..40; one past an end is
 * refused naming the card. */
static void test_8_card_effect_ranges(void **state)
{
    static const vbt_data_row rows[] = {
        {"8 move -2", "game.json", "\"move\": -1,", "\"move\": -2,", NULL},
        {"8 move -3", "game.json", "\"move\": -1,", "\"move\": -3,", "effect out of range"},
        {"8 move 2", "game.json", "\"move\": 1,", "\"move\": 2,", NULL},
        {"8 move 3", "game.json", "\"move\": 1,", "\"move\": 3,", "effect out of range"},
        {"8 assault 3", "game.json", "\"assault\": 1,", "\"assault\": 3,", NULL},
        {"8 assault 4", "game.json", "\"assault\": 1,", "\"assault\": 4,", "effect out of range"},
        {"8 assault -3", "game.json", "\"assault\": -1,", "\"assault\": -3,", NULL},
        {"8 assault -4", "game.json", "\"assault\": -1,", "\"assault\": -4,",
         "effect out of range"},
        {"8 guns -2", "game.json", "\"guns\": -1,", "\"guns\": -2,", NULL},
        {"8 guns -3", "game.json", "\"guns\": -1,", "\"guns\": -3,", "effect out of range"},
        {"8 salvo 6", "game.json", "\"salvo\": 5,", "\"salvo\": 6,", NULL},
        {"8 salvo 7", "game.json", "\"salvo\": 5,", "\"salvo\": 7,", "effect out of range"},
        {"8 recover 40", "game.json", "\"recover\": 4,", "\"recover\": 40,", NULL},
        {"8 recover 41", "game.json", "\"recover\": 4,", "\"recover\": 41,", "effect out of range"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* map.json: a zone has at most SG_MAXNB (12) neighbours; the sides that
 * give one zone its 12th neighbour load, one more is refused naming the
 * zone. */
static void test_2_2_zone_neighbour_limit(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = SGD(t->g);
    int z = 0, added = 0;
    char to[4096];
    size_t len;
    (void)state;
    len = (size_t)snprintf(to, sizeof to, "\"sides\": [");
    for (int x = 0; x < d->nz && d->z[z].nnb + added <= SG_MAXNB; x++) {
        if (x == z || (d->z[z].adj & BIT(x)))
            continue;
        len += (size_t)snprintf(to + len, sizeof to - len,
                                "{\"a\": \"%s\", \"b\": \"%s\", \"line\": \"none\", "
                                "\"source\": \"reconstructed: test\"},",
                                d->z[z].name, d->z[x].name);
        assert_true(len < sizeof to);
        added++;
        if (d->z[z].nnb + added == SG_MAXNB) {
            vbt_data_row ok = {"2.2 twelve neighbours", "map.json", "\"sides\": [", to, NULL};
            vbt_check_data_rows(GAME, &ok, 1);
        }
    }
    assert_int_equal(d->z[z].nnb + added, SG_MAXNB + 1);
    {
        vbt_data_row bad = {"2.2 thirteen neighbours", "map.json", "\"sides\": [", to,
                            "has too many neighbours"};
        vbt_check_data_rows(GAME, &bad, 1);
    }
    vbt_free(t);
}

/* Rule 7: the Royal breach is closed until secured, whatever its place in
 * map.json: named by the first breach side of the file (index 0 among the
 * breaches), both of its sides are still Royal, not passable. */
static void test_7_royal_breach_listed_first(void **state)
{
    static const vbt_data_row row = {"7 Royal breach first", "map.json",
                                     "\"breach\": \"Portal Nou\"", "\"breach\": \"Royal\"", NULL};
    static const char *const sides[2][2] = {{"Fossat del Portal Nou", "Baluard del Portal Nou"},
                                            {"Fossat del Portal Nou", "Cortina Reial"}};
    vb_ctx cx;
    vb_game *g = vbt_load_changed(GAME, &row, &cx);
    (void)state;
    if (!g)
        fail_msg("%s: refused: %s", row.rule, cx.err);
    const sg_data *d = SGD(g);
    assert_true(d->nbreach >= 1);
    assert_string_equal(d->breach[0], "Royal");
    for (int k = 0; k < 2; k++) {
        int a = -1, b = -1;
        for (int z = 0; z < d->nz; z++) {
            if (strcmp(d->z[z].name, sides[k][0]) == 0)
                a = z;
            if (strcmp(d->z[z].name, sides[k][1]) == 0)
                b = z;
        }
        assert_true(a >= 0 && b >= 0);
        if (!(d->z[a].royal & BIT(b)) || (d->z[a].pass & BIT(b)))
            fail_msg("7: %s - %s is not the closed Royal breach", sides[k][0], sides[k][1]);
    }
    vb_game_free(g);
}

/* Rule 15: a seat belongs to one side, listed once; a seat listed twice
 * under the first side (bourbon) is refused like one under the second. */
static void test_15_seat_listed_twice(void **state)
{
    static const vbt_data_row rows[] = {
        {"15 spanish twice (bourbon)", "game.json", "\"bourbon\": [", "\"bourbon\": [\"spanish\", ",
         "bad or repeated seat"},
        {"15 catalan-right twice (catalan)", "game.json", "\"catalan\": [",
         "\"catalan\": [\"catalan-right\", ", "bad or repeated seat"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* ---- odds (sg_odds.c) ----------------------------------------------------------- */

/* `vauban odds setge-1714 assault att=S def=S`: the leads have exactly the
 * strengths asked (rule 11.3); no unit has strength 1 (the weakest,
 * citizens, are 2; the
 * Two Crowns' weakest are 4), so att=1 or def=1 is refused naming the strength, not
 * answered with a unit of another strength. */
static void test_11_3_odds_leads_of_the_strength_asked(void **state)
{
    static const struct {
        const char *att, *def, *err;
    } rows[] = {
        {"att=5", "def=2", NULL},
        {"att=4", "def=3", NULL},
        {"att=1", "def=5", "no attacking unit of strength 1"},
        {"att=5", "def=1", "no defending unit of strength 1"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        const sg_data *d = SGD(t->g);
        sg_state s;
        vb_action first;
        char *argv[] = {"assault", (char *)rows[i].att, (char *)rows[i].def};
        int rc;
        memset(&s, 0, sizeof s);
        rc = t->g->def->odds_setup(t->g, &s, 0, 3, argv, &first, &t->cx);
        if (rows[i].err) {
            if (rc >= 0 || !strstr(t->cx.err, rows[i].err))
                fail_msg("11.3 odds %s %s: %d '%s', wanted '%s'", rows[i].att, rows[i].def, rc,
                         t->cx.err, rows[i].err);
        } else {
            if (rc != 0)
                fail_msg("11.3 odds %s %s: refused: %s", rows[i].att, rows[i].def, t->cx.err);
            if (d->u[s.alead].strength != atoi(rows[i].att + 4) ||
                d->u[s.dlead].strength != atoi(rows[i].def + 4))
                fail_msg("11.3 odds %s %s: leads of strength %d and %d", rows[i].att, rows[i].def,
                         d->u[s.alead].strength, d->u[s.dlead].strength);
        }
        vbt_free(t);
    }
}

/* `odds salvo N hits-on=H` (rule 11.2 and the card that makes salvos hit
 * on 5): H within 2..6 sets the card and answers 0; H out of that range is
 * refused naming the word, not ignored. */
static void test_11_2_odds_salvo_hits_on(void **state)
{
    static const struct {
        const char *word;
        int ok;
    } rows[] = {{"hits-on=5", 1}, {"hits-on=9", 0}, {"hits-on=1", 0}, {"hits-on=x", 0}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        const sg_data *d = SGD(t->g);
        sg_state s;
        vb_action first;
        char *argv[] = {"salvo", "3", (char *)rows[i].word, NULL};
        int rc;
        memset(&s, 0, sizeof s);
        rc = t->g->def->odds_setup(t->g, &s, 0, 3, argv, &first, &t->cx);
        if (rows[i].ok) {
            if (rc != 0 || s.phase != PH_SALVODIE || s.card == SG_NO || d->c[s.card].salvo != 5)
                fail_msg("11.2 odds salvo 3 %s: %d '%s'", rows[i].word, rc, t->cx.err);
        } else if (rc >= 0 || !strstr(t->cx.err, "hits-on")) {
            fail_msg("11.2 odds salvo 3 %s: %d '%s', wanted a refusal naming hits-on", rows[i].word,
                     rc, t->cx.err);
        }
        vbt_free(t);
    }
}

/* `odds artillery RANGE SIDE WORD`: a word after the side is refused,
 * the message naming that word (argv ends with NULL, as main's does). */
static void test_9_odds_artillery_names_the_extra_word(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    sg_state s;
    vb_action first;
    char *argv[] = {"artillery", "1", "bourbon", "extra", NULL};
    (void)state;
    memset(&s, 0, sizeof s);
    assert_true(t->g->def->odds_setup(t->g, &s, 0, 4, argv, &first, &t->cx) < 0);
    assert_string_equal(t->cx.err, "artillery: unknown word 'extra' (see --help)");
    vbt_free(t);
}

/* `odds artillery` without a range asks for the shot at an adjacent zone
 * (range 1, rule 9), the one range both sides' guns have. */
static void test_9_odds_artillery_without_range_is_adjacent(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = SGD(t->g);
    sg_state s;
    vb_action first;
    char *argv[] = {"artillery", NULL};
    (void)state;
    memset(&s, 0, sizeof s);
    assert_int_equal(t->g->def->odds_setup(t->g, &s, 0, 1, argv, &first, &t->cx), 0);
    assert_int_equal(d->dist[s.uz[s.cfrom]][s.uz[s.alead]], 1);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_answers_zero),
        cmocka_unit_test(test_8_card_effect_ranges),
        cmocka_unit_test(test_2_2_zone_neighbour_limit),
        cmocka_unit_test(test_7_royal_breach_listed_first),
        cmocka_unit_test(test_15_seat_listed_twice),
        cmocka_unit_test(test_11_3_odds_leads_of_the_strength_asked),
        cmocka_unit_test(test_11_2_odds_salvo_hits_on),
        cmocka_unit_test(test_9_odds_artillery_names_the_extra_word),
        cmocka_unit_test(test_9_odds_artillery_without_range_is_adjacent),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
