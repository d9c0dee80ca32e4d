/* test_mutation45.c - siege-18c: tests written against survivors of the
 * seed-45 mutation passes of the forty-fifth session (helper sqr) over
 * sq_rules.c, sq_mine.c, sq_geom.c and sq_odds.c, and of its second round
 * (helper sqs) over sq_fire.c (docs/siege-18c.md, Measured). Each fails
 * with its mutant planted back (messages "M45:", lines of 4fe3bac9). */
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

/* The explain hook (why a text is no legal action now) names an unknown
 * first word, cut at 24 characters, whatever its length: a first word of
 * 31 characters or more (the buffer's 31 and its end) is read whole into
 * its buffer and named, not written past it. (sq_odds.c:313 `w0[32]` as
 * `w0[31]`: `%31s` writes 32 bytes into 31, a stack buffer overflow that
 * the sanitizer build stops on.) */
static void explain_names_a_long_unknown_word(void **state)
{
    (void)state;
    vbt *t = fresh();
    char text[80], want[64];
    for (int n = 30; n <= 40; n++) {
        memset(text, 'q', (size_t)n);
        snprintf(text + n, sizeof text - (size_t)n, " Foot-1");
        snprintf(want, sizeof want, "unknown word '%.24s'", text);
        explains(t, text, want);
    }
    vbt_free(t);
}

/* Line of sight (docs/siege-18c.md, Measured: "a work blocks it when the
 * line enters its inside (a proper crossing of an edge, or an end or the
 * middle inside; grazing a corner does not)"). Every edge counts, the one
 * that closes the outline (last point to first) too: a line entering the
 * square through that edge, x = 0 from (0, 100) to (0, 0), and leaving it
 * through the corner (100, 100) crosses no other edge properly and has
 * both ends and its middle outside, yet it enters. (sq_geom.c:175 the
 * edges walked from `j = n - 2`: the closing edge never looked at, the
 * chord from the last but one point to the first looked at instead.) */
static void line_enters_through_the_closing_edge(void **state)
{
    (void)state;
    static const sq_pt sq[4] = {{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    sq_pt a = {-50, 50}, b = {400, 200}; /* through (0, 66.7) and (100, 100) */
    if (!sq_seg_enters_poly(a, b, sq, 4) || !sq_seg_enters_poly(b, a, sq, 4))
        fail_msg("M45: a line in through the closing edge, out through a corner, not in");
}

/* Sequence of play, step 2: "The defender moves any units within the
 * covered way. Any foot unit with an engineer attached will attempt to
 * build extra sections of saps/trenches" - the counter-sap (Measured, the
 * mines), dug toward the nearest besieger trench within 4 in by any such
 * foot, whatever its place in the order of battle. The shipped scenarios
 * list a heavy gun first; here one-front's first unit, Heavy-A1, is made a
 * foot: on CW-1 with Engineers-A, a sap 4.00 in off (counter_setup's), it
 * may dig. (sq_mine.c:60 `u >= 0` as `u > 0`: unit 0 never a digger.) */
static void first_unit_digs_a_counter_sap(void **state)
{
    (void)state;
    static const vbt_data_row row = {"M45: Heavy-A1 a foot", "fortress.json",
                                     "\"name\": \"Heavy-A1\",\n     \"type\": \"heavy\"",
                                     "\"name\": \"Heavy-A1\",\n     \"type\": \"foot\"", NULL};
    vbt *t = fresh_changed(&row);
    sq_state *s = S(t);
    int u = U(t, "Heavy-A1");
    assert_int_equal(u, 0);
    assert_int_equal(sq_sc(t->g, s)->units[u].type, UT_FOOT);
    in_work(t, u, "CW-1");
    in_work(t, U(t, "Engineers-A"), "CW-1");
    attach(t, "Engineers-A", "Heavy-A1");
    int near = lay_cut_sap_to(t, 1, 909, 1709);
    in_sect_led(t, "Foot-1", "Sappers-1", near, 909, 1709);
    s->phase = PH_BMOVE;
    assert_int_equal(sq_counter_target(t->g, s, u), near);
    if (!sq_counter_ok(t->g, s, u))
        fail_msg("M45: Heavy-A1, a foot with its engineer on CW-1, may not dig a counter-sap");
    vbt_free(t);
}

/* Sortie/Assault: "A roll of 6 is always a success ... A roll of 1 is
 * always a fail", whatever the amended number; each subsequent attack on
 * the same target adds its modifier, without bound in the text. The
 * engine keeps the amended number between -100 and 100, the range in
 * which the state file's "need" is read (sq_io.c). game.json's subsequent
 * modifier may be 6 (its range -6..6): the printed example's position
 * with 20 attacks already made on Foot-1 amends past 100 and is kept as
 * 100. (sq_fire.c:372 `100` as `101`: the pending attack held 101, a
 * position whose state file its own reader refuses: "need" -100..100.) */
static void attack_need_kept_within_the_file_range(void **state)
{
    (void)state;
    static const vbt_data_row row = {"M45: subsequent +6", "game.json", "\"subsequent\": 1,",
                                     "\"subsequent\": 6,", NULL};
    vbt *t = fresh_changed(&row);
    sq_state *s = S(t);
    int par;
    sap_before_cw3(t, &par);
    int f1 = U(t, "Foot-1");
    in_sect(t, U(t, "Foot-2"), par, 1700, 3600);
    in_sect(t, U(t, "Foot-3"), par, 2000, 3600);
    s->attacks[f1] = 20;
    s->phase = PH_SORTIE;
    assert_true(sq_attack_need(t->g, s, U(t, "Garrison-B2"), f1, -1, 0, NULL, 0) > 100);
    vbt_act(t, "sortie Garrison-B2 at Foot-1 by-day");
    if (s->p.need != 100)
        fail_msg("M45: Sortie/Assault, an amended number over 100 kept as %d, expected 100",
                 s->p.need);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(explain_names_a_long_unknown_word),
        cmocka_unit_test(line_enters_through_the_closing_edge),
        cmocka_unit_test(first_unit_digs_a_counter_sap),
        cmocka_unit_test(attack_need_kept_within_the_file_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
