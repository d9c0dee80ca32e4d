/* test_mutation48.c - siege-18c: tests written against survivors of the
 * seed-48 mutation passes of the forty-eighth session (helper sqr) over
 * sq_rules.c and sq_fire.c (docs/siege-18c.md, Measured). Each fails with its mutant
 * planted back (messages "M48:", lines of 2e91c51d). */
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

/* Fortress Capacity: "A ravelin may hold ... 1 unit of foot", "A section
 * of covered way may hold 1 unit of foot", "A section of curtain wall may
 * hold ... 1 unit of foot"; game.json's capacity gives each its own number
 * (`ravelin_foot`, `curtain_foot`, `covered_way_foot`, all 1 as shipped).
 * The state file's check reads each work's own: with one of them made 2,
 * two of the defender's foot on that work (Ravelin-1, Curtain-1, CW-1) are
 * a legal position, three are not. (sq_rules.c:1004 `k == WK_CURTAIN` as
 * `!=`: a curtain read the covered way's number and a covered way the
 * curtain's; :1003 `k == WK_RAVELIN` as `!=`: a ravelin read the covered
 * way's, a curtain and a covered way the ravelin's; the same as long as
 * all are 1.) */
static void defender_foot_capacity_of_each_work(void **state)
{
    (void)state;
    static const vbt_data_row rows[] = {
        {"M48: ravelin_foot 2", "game.json", "\"ravelin_foot\": 1", "\"ravelin_foot\": 2", NULL},
        {"M48: curtain_foot 2", "game.json", "\"curtain_foot\": 1", "\"curtain_foot\": 2", NULL},
        {"M48: covered_way_foot 2", "game.json", "\"covered_way_foot\": 1",
         "\"covered_way_foot\": 2", NULL},
    };
    static const char *const work[] = {"Ravelin-1", "Curtain-1", "CW-1"};
    for (int i = 0; i < 3; i++) {
        vbt *t = fresh_changed(&rows[i]);
        /* Ravelin-1's and CW-1's foot to the town: the works empty of foot */
        sq_send_back(t->g, S(t), U(t, "Garrison-B1"));
        sq_send_back(t->g, S(t), U(t, "Garrison-B2"));
        in_work(t, U(t, "Garrison-A1"), work[i]);
        in_work(t, U(t, "Garrison-A2"), work[i]);
        if (sq_check(t->g, S(t), &t->cx))
            fail_msg("%s: two foot on %s refused: %s", rows[i].rule, work[i], t->cx.err);
        in_work(t, U(t, "Garrison-B1"), work[i]);
        if (!sq_check(t->g, S(t), &t->cx))
            fail_msg("%s: three foot on %s, over its 2, accepted", rows[i].rule, work[i]);
        vbt_free(t);
    }
}

/* Time Scale: the siege is taken by the 21st day or not at all; the game
 * ends after day 21's last step with the defender the winner and the
 * verdict naming the 21 days, not a breach ("21 days without a breach:
 * the siege is raised"). test_rules.c's day_21_limit reads the winner
 * only. (sq_rules.c:581 `s->reason = 2` as `1`: the time limit's verdict
 * read "a bastion is breached: the fortress capitulates".) */
static void day_21_verdict_names_the_time_limit(void **state)
{
    (void)state;
    vbt *t = vbt_new("siege-18c", "one-front", 1);
    S(t)->day = 21;
    vbt_act(t, "end-movement");
    vbt_act(t, "end-movement");
    assert_true(S(t)->over);
    vb_result r;
    vb_result_get(t->g, t->m.st, &r);
    if (strcmp(r.verdict, "defender wins on day 21: 21 days without a breach: the siege is raised"))
        fail_msg("M48: Time Scale, the verdict after day 21 is '%s'", r.verdict);
    vbt_free(t);
}

/* Besieger: "At the end of turn 1 the 1st parallel is built": a state
 * file's 1st-parallel section is one of the scenario's, both its ends
 * (Measured, sq_check). P1-1 moved 0.10 in along y, or its end b alone,
 * its facing made again toward the nearest work from its new middle, is
 * refused as not the scenario's, though its first end's x is still the
 * scenario's. (sq_rules.c:759 the first `&&` as `||`, planted by hand as
 * `ax == x || (ay == y && bx == x && by == y)`: did not compile, -Wparentheses;
 * a section whose first end's x was the scenario's was read as one of it.) */
static void first_parallel_section_is_the_scenarios(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    for (int i = 0; i < 4; i++)
        lay_par1(t, i);
    assert_int_equal(reads_back(t), 0);
    for (int row = 0; row < 2; row++) {
        sq_sect keep = s->s[0], *x = &s->s[0];
        if (row == 0)
            x->ay = (int16_t)(x->ay + 10);
        x->by = (int16_t)(x->by + 10);
        x->facing = (uint16_t)sq_nearest_work_angle(t->g, s, sq_sect_mid(x));
        refused(t, row ? "M48: P1-1's end b moved" : "M48: P1-1 moved along y",
                "section 'P1-1' is not a section of the scenario's 1st parallel");
        s->s[0] = keep;
        assert_int_equal(reads_back(t), 0);
    }
    vbt_free(t);
}

/* Sortie/Assault: "assault UNIT at WORK by-day|by-night" is the action
 * code SQ_ACT(AK_ASSAULT, unit, 0, work, night) (sq_int.h's layout: kind,
 * unit, a, b, c; the codes are kept stable, AK_REDEPLOY last "so that the
 * older kinds keep their values"), the by-night one as the by-day with c
 * 1: the code that a caller of vb_apply with codes builds. Foot-1 in a 3rd
 * parallel before the empty CW-3 (test_assault.c's assaults_from_parallels).
 * (sq_fire.c:304 the by-night assault listed as SQ_ACT(AK_ASSAULT, u, 1, w,
 * 1): the same text and the same assault, another code; the code built
 * from the layout was not the text's and was refused, "illegal action
 * code".) */
static void assault_codes_by_day_and_by_night(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p3 = lay_cut_trench(t, 3, 1920, 2000), f1 = U(t, "Foot-1"), cw3 = W(t, "CW-3");
    in_sect(t, f1, p3, 1920, 2000);
    s->phase = PH_ASSAULT;
    static const char *const text[] = {"assault Foot-1 at CW-3 by-day",
                                       "assault Foot-1 at CW-3 by-night"};
    for (int night = 0; night < 2; night++) {
        vb_action a = 0;
        vb_ctx cx;
        vb_ctx_init(&cx);
        if (vb_parse_action(t->g, t->m.st, text[night], &a, &cx) < 0)
            fail_msg("'%s' refused: %s", text[night], cx.err);
        if (a != SQ_ACT(AK_ASSAULT, f1, 0, cw3, night))
            fail_msg("M48: '%s' is the code %llx, not %llx", text[night], (unsigned long long)a,
                     (unsigned long long)SQ_ACT(AK_ASSAULT, f1, 0, cw3, night));
    }
    vb_ctx_init(&t->cx);
    if (vb_apply(t->g, t->m.st, SQ_ACT(AK_ASSAULT, f1, 0, cw3, 1), &t->cx) < 0)
        fail_msg("M48: the by-night assault's code refused: %s", t->cx.err);
    assert_true(s->taken[cw3]);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defender_foot_capacity_of_each_work),
        cmocka_unit_test(day_21_verdict_names_the_time_limit),
        cmocka_unit_test(first_parallel_section_is_the_scenarios),
        cmocka_unit_test(assault_codes_by_day_and_by_night),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
