/* test_mutation49.c - siege-18c: tests written against survivors of the
 * seed-49 mutation passes of the forty-ninth session (helper sqi) over
 * sq_io.c, sq_mine.c, sq_geom.c, sq_eval.c and sq_odds.c (docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back (messages "M49:",
 * lines of 9f7f830d). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* Sequence of Play 1-2, one unit at a time: while a unit has been chosen,
 * a named order of another unit is not read by the parse hook, and
 * vb_parse_action gives the explain hook's refusal. Unit 0 (Heavy-A1)
 * chosen is read as any other chosen unit (Heavy-A2): the same refusal of
 * "hold Garrison-A1", word for word. (sq_io.c:157 `s->sel < 0` as `s->sel <
 * 1`: unit 0 chosen read as none; the order was parsed and refused by the
 * judge instead, "that order is not open to the unit now"; test_orders.c's
 * order_while_unit_0_is_chosen reads only that it is refused.) */
static void named_order_while_unit_0_is_chosen(void **state)
{
    (void)state;
    static const char *const chosen[] = {"Heavy-A2", "Heavy-A1"};
    char first[VB_ERR_LEN] = "";
    for (int i = 0; i < 2; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        s->phase = PH_DMOVE;
        assert_int_equal(U(t, "Heavy-A1"), 0);
        char b[64];
        snprintf(b, sizeof b, "order %s", chosen[i]);
        vbt_act(t, b);
        assert_int_equal(s->sel, U(t, chosen[i]));
        vb_action a = 0;
        vb_ctx cx;
        vb_ctx_init(&cx);
        if (t->g->def->parse(t->g, s, "hold Garrison-A1", &a, &cx) == 0)
            fail_msg("M49: %s chosen, 'hold Garrison-A1' parsed", chosen[i]);
        vb_ctx_init(&cx);
        assert_int_equal(vb_parse_action(t->g, t->m.st, "hold Garrison-A1", &a, &cx), VB_EILLEGAL);
        if (i == 0)
            snprintf(first, sizeof first, "%s", cx.err);
        else if (strcmp(cx.err, first))
            fail_msg("M49: %s chosen, 'hold Garrison-A1': '%s', not '%s'", chosen[i], cx.err,
                     first);
        vbt_free(t);
    }
}

/* Sequence 2, the counter-sap: it is sprung under the nearest built
 * besieger trench within 4 in among the sections of the position, all
 * 64 of them when the table is full (game.json's max_sections), and no
 * slot past them. Garrison-B2 on CW-1 (counter_setup); the 64 sections
 * are Sap-2, out of reach; the memory just past the last, which a search
 * of one slot too many reads, holds a trench 4.00 in from it: no target.
 * With the near sap in the last slot, 64, it is the target. (sq_mine.c:92
 * `i < s->nsect` as `i <= s->nsect`: the same while fewer than 64, the
 * slot past them empty; at 64, the slot read past the table.) */
static void counter_sap_among_64_sections(void **state)
{
    (void)state;
    vbt *t = counter_setup();
    sq_state *s = S(t);
    int gb = U(t, "Garrison-B2");
    assert_int_equal(sq_counter_target(t->g, s, gb), 0);
    sq_sect near = s->s[0], far = s->s[1];
    assert_int_equal(SQ_MAX_SECT, 64);
    /* the state and, just past its sections, one more */
    size_t past = offsetof(sq_state, s) + SQ_MAX_SECT * sizeof(sq_sect);
    unsigned char *m = calloc(1, sizeof(sq_state) + sizeof(sq_sect));
    assert_non_null(m);
    sq_state *w = (sq_state *)m;
    memcpy(w, s, sizeof *s);
    for (int i = 0; i < SQ_MAX_SECT; i++)
        w->s[i] = far;
    w->nsect = SQ_MAX_SECT;
    memcpy(m + past, &near, sizeof near);
    if (sq_counter_target(t->g, w, gb) != -1)
        fail_msg("M49: 64 sections out of reach, a counter-sap target %d",
                 sq_counter_target(t->g, w, gb));
    w->s[SQ_MAX_SECT - 1] = near;
    assert_int_equal(sq_counter_target(t->g, w, gb), SQ_MAX_SECT - 1);
    free(m);
    vbt_free(t);
}

/* Measured: a step of len hundredths at an angle lands on the nearest
 * hundredth, a half rounded away from zero. At 60 degrees (cos 0.500000
 * in the table) 3.01 in goes 1.505 in across: 1.51, and at 120 degrees
 * -1.51; 3.00 in goes 1.50. (sq_geom.c:238 the across's divisor 1000000 as
 * 1000001: 1.505 read a hair under the half, 1.50 and -1.50.) */
static void step_rounds_half_away_from_zero(void **state)
{
    (void)state;
    static const struct {
        int32_t ang, len, dx;
    } row[] = {{6000, 301, 151}, {12000, 301, -151}, {6000, 300, 150}, {6000, 1, 1}};
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        sq_pt q = sq_step((sq_pt){1000, 1000}, row[i].ang, row[i].len);
        if (q.x != 1000 + row[i].dx)
            fail_msg("M49: %d at %d: across %d, not %d", row[i].len, row[i].ang, q.x - 1000,
                     row[i].dx);
    }
}

/* A line of the glacis (counterscarp, crest) is read as y over x, straight
 * between its points (sq_data.c's read_xline: one point or more, x
 * increasing). A line of two points, [0, 100] to [1000, 200], is 150 at x
 * 500, 100 at or before its first point, 200 at or past its last.
 * (sq_geom.c:247 `n == 1` as `n == 2`: a line of two points read flat at
 * its first point's y; the shipped lines have more.) */
static void glacis_line_of_two_points(void **state)
{
    (void)state;
    const sq_pt v[] = {{0, 100}, {1000, 200}};
    static const int32_t x[] = {-10, 0, 500, 1000, 1200}, y[] = {100, 100, 150, 200, 200};
    for (int i = 0; i < 5; i++)
        if (sq_line_y(v, 2, x[i]) != y[i])
            fail_msg("M49: a line of two points at x %d: y %d, not %d", x[i], sq_line_y(v, 2, x[i]),
                     y[i]);
}

/* The evaluation's term "gunslost": the share of the place's guns'
 * strength points lost (heavy and medium, the defender's), a gun out of
 * play counting all of its points. At day 5 none is lost; Heavy-A1 out of
 * play, its 3 of the guns' points are lost, none left. (sq_eval.c:250 a gun
 * out of play counted `? x->str : 1`: one point kept.) */
static void eval_guns_lost_counts_a_gun_out_of_play(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_data *d = t->g->data;
    const sq_scen *sc = sq_sc(t->g, s);
    double x[SQ_NTERMS], all = 0;
    for (int u = 0; u < sc->nunits; u++) {
        int ty = sc->units[u].type;
        if (sc->units[u].side == SQ_DEFENDER && (ty == UT_HEAVY || ty == UT_MEDIUM))
            all += d->strength[ty];
    }
    sq_eval_terms(t->g, s, x);
    assert_true(x[SQT_GUNSLOST] == 0);
    sq_remove(t->g, s, U(t, "Heavy-A1"));
    sq_eval_terms(t->g, s, x);
    double want = d->strength[UT_HEAVY] / all;
    if (x[SQT_GUNSLOST] < want - 1e-9 || x[SQT_GUNSLOST] > want + 1e-9)
        fail_msg("M49: Heavy-A1 out of play: gunslost %g, not %g", x[SQT_GUNSLOST], want);
    vbt_free(t);
}

/* The odds' outcome (vauban odds) names the winner when a procedure ends
 * the game: "the besieger wins", "the defender wins". (sq_odds.c:209 the
 * winner `== SQ_BESIEGER` as `!=`: each side named for the other.) */
static void odds_outcome_names_the_winner(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t), *after = malloc(sizeof *after);
    assert_non_null(after);
    static const char *const want[] = {"the besieger wins", "the defender wins"};
    for (int side = 0; side < 2; side++) {
        memcpy(after, s, sizeof *after);
        after->over = 1, after->phase = PH_OVER;
        after->winner = (int8_t)(side ? SQ_DEFENDER : SQ_BESIEGER);
        after->reason = (uint8_t)(side ? 2 : 1);
        char buf[200];
        sq_odds_outcome(t->g, s, after, buf, sizeof buf);
        if (strcmp(buf, want[side]))
            fail_msg("M49: the outcome '%s', not '%s'", buf, want[side]);
    }
    free(after);
    vbt_free(t);
}

/* explains() (sq_test.h) with the M49 mark on a wrong reason. */
static void refused_with(vbt *t, const char *text, const char *needle)
{
    vb_action a;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(vb_parse_action(t->g, t->m.st, text, &a, &cx), VB_EILLEGAL);
    if (!strstr(cx.err, needle))
        fail_msg("M49: '%s': %s (wanted '%s')", text, cx.err, needle);
    explains(t, text, needle);
}

/* The explain hook: in the musketry steps (5 and 6) only foot fires; a
 * gun told to fire there is refused with that rule: Heavy-A1 in the
 * defender's musketry step, 6.
 * (sq_odds.c:426 `ph == PH_BMUSKET || ph == PH_DMUSKET` as `&&`: never
 * true, the gun's refusal another rule's.) */
static void musketry_refused_to_a_gun(void **state)
{
    (void)state;
    vbt *t = fresh();
    S(t)->phase = PH_DMUSKET;
    refused_with(t, "fire Heavy-A1 at Foot-1", "steps 5-6 are musketry: foot only");
    vbt_free(t);
}

/* The explain hook of a redeployment's points past the gun's own: "GUN
 * gives 1 to its N", for any gun, not only unit 0 (test_audit_files.c
 * reads Heavy-A1's). Heavy-A2 (unit 1), 3 points, asked for 4. (sq_odds.c:297
 * `u >= 0` as `u <= 0`: only unit 0's points explained.) */
static void redeploy_points_explained_for_any_gun(void **state)
{
    (void)state;
    vbt *t = fresh();
    S(t)->phase = PH_DMOVE;
    assert_int_equal(U(t, "Heavy-A2"), 1);
    S(t)->u[U(t, "Heavy-B1")].str = 1;
    refused_with(t, "redeploy Heavy-A2 4 to Heavy-B1", "Heavy-A2 gives 1 to its 3");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(named_order_while_unit_0_is_chosen),
        cmocka_unit_test(counter_sap_among_64_sections),
        cmocka_unit_test(step_rounds_half_away_from_zero),
        cmocka_unit_test(glacis_line_of_two_points),
        cmocka_unit_test(eval_guns_lost_counts_a_gun_out_of_play),
        cmocka_unit_test(odds_outcome_names_the_winner),
        cmocka_unit_test(musketry_refused_to_a_gun),
        cmocka_unit_test(redeploy_points_explained_for_any_gun),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
