/*
 * test_mutation42.c - setge-1714: the survivors of the forty-second
 * session's mutation passes, seed 42 (helper sqv), of sg_odds.c, sg_data.c
 * and sg_board.c (docs/setge-1714.md, "Mutation pass, forty-second
 * session (helper sqv)"): each test fails with the mutant it names planted
 * (messages "M42:", lines of e71619ce) and passes without.
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

/* 11.2 "on each result of 6 a defending unit is eliminated", and the
 * event card that makes salvos hit on 5 (game.json "salvo", read 0-6):
 * `odds salvo N hits-on=H` reads H as a die's face from 2 to 6 and then
 * looks for the card. hits-on=2 is read, and refused only because no card
 * of the data makes salvos hit on 2; hits-on=6 is the plain salvo, no
 * card. (sg_odds.c:130, the word read from 3, `word_int(..., 3, 6, ...)`,
 * refused hits-on=2 as a number out of range.) */
static void odds_salvo_hits_on_two_is_a_face(void **state)
{
    (void)state;
    static const char *const words[] = {"hits-on=2", "hits-on=6"};
    for (int i = 0; i < 2; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        sg_state s;
        vb_action first;
        char *argv[] = {"salvo", "3", (char *)words[i], NULL};
        memset(&s, 0, sizeof s);
        int rc = t->g->def->odds_setup(t->g, &s, 0, 3, argv, &first, &t->cx);
        if (i == 0 && (rc >= 0 || !strstr(t->cx.err, "no event card makes salvos hit on 2")))
            fail_msg("M42: odds salvo 3 hits-on=2: %d '%s', wanted no card hitting on 2", rc,
                     t->cx.err);
        if (i == 1 && (rc != 0 || s.phase != PH_SALVODIE || s.card != SG_NO))
            fail_msg("M42: odds salvo 3 hits-on=6: %d '%s', wanted the plain salvo", rc, t->cx.err);
        vbt_free(t);
    }
}

/* forces.json "types": the unit types of the order of battle (rule 1's
 * counters; reconstructed, nine shipped), read into a table of 12: twelve
 * load, a thirteenth is refused naming the limit, not written past the
 * table. (sg_data.c:266, the limit checked as `ntypes >= 13`, read a 13th
 * type into the record past the table.) */
static void thirteen_unit_types_refused(void **state)
{
    (void)state;
    static const vbt_data_row rows[] = {
        {"M42: 12 unit types", "forces.json", "\"regulars\": 5,",
         "\"regulars\": 5, \"t10\": 1, \"t11\": 2, \"t12\": 3,", NULL},
        {"M42: 13 unit types", "forces.json", "\"regulars\": 5,",
         "\"regulars\": 5, \"t10\": 1, \"t11\": 2, \"t12\": 3, \"t13\": 4,",
         "too many unit types (max 12)"},
    };
    vbt_check_data_rows("setge-1714", rows, sizeof rows / sizeof rows[0]);
}

/* The text holds want, else the test fails naming what. */
static void holds(const char *text, const char *want, const char *what)
{
    if (!strstr(text, want))
        fail_msg("M42: %s: no \"%s\" (%zu bytes shown)", what, want, strlen(text));
}

/* 13 "2 VP for each bastion or redoubt hold": the objectives the board
 * marks: at the start the terminal board names Baluard de Jonqueres a
 * bastion and Reducte de Santa Eulalia the redoubt, and the Glacis de Sant
 * Pere, no objective, nothing. (sg_board.c:25, `obj != OBJ_BASTION` in
 * obj_text, marked every zone but the bastions "[bastion]".) */
static void board_marks_the_bastions(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    char *b = vbt_board_text(t, -1);
    holds(b, "\nBaluard de Jonqueres           grey  def 2 [bastion]  held: Catalans\n",
          "the board, a bastion");
    holds(b, "def 2 [redoubt]  held: Catalans\n", "the board, the redoubt");
    holds(b, "\nGlacis de Sant Pere            green def 0  held: -\n", "the board, the glacis");
    free(b);
    vbt_free(t);
}

/* 6.1 "up to 5 combat units in the same map zone" (no limit in the
 * deployment zones): a zone's view says who holds it, with how many
 * combat units of what strength and which limit applies, for either side:
 * Baluard de Jonqueres (the Catalans' two Coronela companies, 3 each) and
 * Right Two Crowns (17 units, 76, a deployment zone). (sg_board.c:250, the
 * sides' loop `sd > 2`, dropped the line's units, strength and limit.) */
static void zone_view_counts_the_holders(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    char *z = vbt_area_text(t, -1, "Baluard-de-Jonqueres");
    holds(z, "\n  held by: Catalans - 2 combat units, strength 6 (stacking limit 5, rule 6.1)\n",
          "zone Baluard de Jonqueres");
    free(z);
    z = vbt_area_text(t, -1, "Right-Two-Crowns");
    holds(z, "\n  held by: Two Crowns - 17 combat units, strength 76 (no stacking limit here)\n",
          "zone Right Two Crowns");
    free(z);
    vbt_free(t);
}

/* 13 "4 VP for each convent or monastery hold": the points behind the
 * result name each convent a side holds whole, the first of the data
 * (Jonqueres, convent 0) too: at the start the Catalans hold it, and the
 * terms add up to their 34. (sg_board.c:315, the zones' loop run one past
 * the last, `z <= d->nz`, read the unused record, convent 0 and held by
 * nobody, and left Jonqueres out of the terms.) */
static void points_name_the_first_convent(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    assert_int_equal(D(t)->z[Z(t, "Convent de Jonqueres")].convent, 0);
    char *p = vbt_points_text(t);
    holds(p, "\n    +4  Jonqueres held\n", "the points, convent 0");
    holds(p, "\n     = 34 for the Catalans\n", "the points, the Catalans' sum");
    free(p);
    vbt_free(t);
}

/* 10 "In order to enter a zone it needs to be adjacent to the zone where
 * the unit is located": a zone's view lists the zones next to it, each
 * once, and no other: Baluard de Jonqueres has four (the
 * Glacis de Sant Pere across a red line, Baluard de Sant Pere, Convent de
 * Jonqueres and Plaça de Jonqueres), and the list ends with the last.
 * (sg_board.c:262, the neighbours' loop `k <= zp->nnb`, listed the unused
 * fifth entry, zone 0, as a fifth neighbour.) */
static void zone_view_lists_its_neighbours(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    assert_int_equal(D(t)->z[Z(t, "Baluard-de-Jonqueres")].nnb, 4);
    char *z = vbt_area_text(t, -1, "Baluard-de-Jonqueres");
    holds(z,
          "\n  next to it:\n    Glacis de Sant Pere (RED line: no passage): empty\n"
          "    Baluard de Sant Pere: Catalans, 2 units, strength 6\n"
          "    Convent de Jonqueres: Catalans, 1 unit, strength 3\n"
          "    Plaça de Jonqueres: empty\n  orders that concern it now:",
          "zone Baluard de Jonqueres");
    free(z);
    vbt_free(t);
}

/* 13 "1 VP for each eliminated enemy combat unit": the Two Crowns' points
 * count the Catalan combat units eliminated, the first unit of the data
 * (Coronela Trinitat 1, unit 0) too: with it eliminated at the start, the
 * Two Crowns have 1 VP, and the term says so. (sg_board.c:295, the units
 * counted from 1, left it out: no term, a sum of 0.) */
static void points_count_the_first_unit_eliminated(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sg_state *s = S(t);
    assert_int_equal(U(t, "Coronela Trinitat 1"), 0);
    s->us[0] = US_ELIM, s->uz[0] = SG_NO;
    sg_resum(D(t), s);
    if (t->g->def->check(t->g, s, &t->cx))
        fail_msg("M42: the position: %s", t->cx.err);
    char *p = vbt_points_text(t);
    holds(p, "\n    +1  1 Catalan combat unit eliminated, 1 each\n     = 1 for the Two Crowns\n",
          "the points, unit 0 eliminated");
    free(p);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(odds_salvo_hits_on_two_is_a_face),
        cmocka_unit_test(thirteen_unit_types_refused),
        cmocka_unit_test(board_marks_the_bastions),
        cmocka_unit_test(zone_view_counts_the_holders),
        cmocka_unit_test(points_name_the_first_convent),
        cmocka_unit_test(zone_view_lists_its_neighbours),
        cmocka_unit_test(points_count_the_first_unit_eliminated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
