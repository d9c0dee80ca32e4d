/* test_state_files.c - hostile state files of siege-18c, twenty-first
 * session (docs/siege-18c.md, "Hostile state files, twenty-first
 * session"): positions no play reaches, which `vauban show FILE` and
 * `vauban actions FILE` read before and now refuse in one line (exit 2),
 * each beside the nearest position play does reach, which is read back.
 * Positions are built by editing the state of a new game of the one-front
 * scenario (sq_test.h). */
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

/* Sequence of Play: step 10 removes the day's markers ("shaken markers
 * removed"; the engine clears every flag and both attack counts, end_day),
 * and the steps run in order: the defender moves at step 2, the besieger
 * fires from step 3 and the defender from step 4, a morale test (shaken)
 * comes first with step 3's fire, sorties are step 7 and assaults step 8.
 * A flag or count a unit cannot have yet at the state's step was read
 * back; now refused naming the unit and the step. The flag at its step
 * passes the check hook (a combat step with nothing to do is refused
 * after it, as play skips it). */
static void flags_of_the_day(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int gar = U(t, "Garrison-A1"), foot = U(t, "Foot-1"), bas = W(t, "Bastion-A");
    const struct {
        int phase, unit, flags, attacks, wattacks;
        const char *says; /* NULL: read back */
    } rows[] = {
        {PH_BMOVE, gar, UF_MOVED, 0, 0, "unit 'Garrison-A1' has moved, been ordered or dug"},
        {PH_BMOVE, gar, UF_ORDERED, 0, 0, "unit 'Garrison-A1' has moved, been ordered or dug"},
        {PH_DMOVE, gar, UF_MOVED | UF_ORDERED, 0, 0, NULL},
        {PH_BMOVE, foot, UF_MOVED | UF_ORDERED, 0, 0, NULL},
        {PH_DMOVE, foot, UF_FIRED, 0, 0, "unit 'Foot-1' has fired on day 5's step 2"},
        {PH_BART, foot, UF_FIRED, 0, 0, NULL},
        {PH_BART, gar, UF_FIRED, 0, 0, "unit 'Garrison-A1' has fired on day 5's step 3"},
        {PH_DART, gar, UF_FIRED, 0, 0, NULL},
        {PH_DMOVE, foot, UF_SHAKEN, 0, 0, "unit 'Foot-1' is shaken on day 5's step 2"},
        {PH_BART, foot, UF_SHAKEN, 0, 0, NULL},
        {PH_SORTIE, foot, UF_ATTACKED, 0, 0, "unit 'Foot-1' has attacked on day 5's step 7"},
        {PH_ASSAULT, foot, UF_ATTACKED, 0, 0, NULL},
        {PH_DMUSKET, gar, UF_ATTACKED, 0, 0, "unit 'Garrison-A1' has attacked on day 5's step 6"},
        {PH_SORTIE, gar, UF_ATTACKED, 0, 0, NULL},
        {PH_DMUSKET, foot, 0, 1, 0, "unit 'Foot-1' has been attacked on day 5's step 6"},
        {PH_SORTIE, foot, 0, 1, 0, NULL},
        {PH_SORTIE, foot, 0, 0, 1, "work 'Bastion-A' assaulted 1 times before step 8"},
        {PH_ASSAULT, foot, 0, 0, 2, NULL},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sq_state keep = *s;
        s->phase = (uint8_t)rows[i].phase;
        s->u[rows[i].unit].flags = (uint8_t)rows[i].flags;
        s->attacks[rows[i].unit] = (uint8_t)rows[i].attacks;
        s->wattacks[bas] = (uint8_t)rows[i].wattacks;
        if (rows[i].says)
            refused(t, "a flag before its step", rows[i].says);
        else if (t->g->def->check(t->g, s, &t->cx) != 0) /* the combat steps here */
            fail_msg("row %zu: '%s'", i, t->cx.err);     /* have nothing to do */
        *s = keep;
    }
    assert_int_equal(reads_back(t), 0);
    vbt_free(t);
}

/* Victory: "the fortress will capitulate once a bastion has been
 * breached" (or taken), and a side without foot has lost: the engine ends
 * the game at once (sq_check_end after every fire, attack and mine). A
 * state file with a bastion at 0, a bastion taken, or a side without foot,
 * and the siege going on, was read back; now refused. The same positions
 * written as over (winner, reason, phase over) are read back. */
static void the_siege_ends_at_once(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int bas = W(t, "Bastion-B");
    sq_state keep = *s;
    s->wstr[bas] = 0;
    refused(t, "a bastion breached",
            "work 'Bastion-B' is breached or taken and the siege goes on: the fortress "
            "capitulates");
    s->over = 1, s->winner = SQ_BESIEGER, s->reason = 1, s->phase = PH_OVER;
    assert_int_equal(reads_back(t), 0);
    *s = keep;
    s->taken[bas] = 1;
    for (int u = 0; u < sc->nunits; u++)
        if (s->u[u].lkind == LK_WORK && s->u[u].loc == bas)
            sq_send_back(t->g, s, u); /* the guns and foot there to the town */
    refused(t, "a bastion taken", "work 'Bastion-B' is breached or taken and the siege goes on");
    *s = keep;
    for (int side = 0; side < 2; side++) {
        for (int u = 0; u < sc->nunits; u++)
            if (sc->units[u].side == side && sc->units[u].type == UT_FOOT)
                sq_remove(t->g, s, u);
        refused(t, "a side without foot",
                side == SQ_DEFENDER ? "the garrison has no foot left and the siege goes on"
                                    : "the besieger has no foot left and the siege goes on");
        s->over = 1, s->winner = (int8_t)!side, s->reason = side == SQ_DEFENDER ? 3 : 4;
        s->phase = PH_OVER;
        if (reads_back(t) != 0)
            fail_msg("side %d over: '%s'", side, t->cx.err);
        *s = keep;
    }
    assert_int_equal(reads_back(t), 0);
    vbt_free(t);
}

/* Time Scale: "At the end of turn 1 the 1st parallel is built", and every
 * other section grows from it, ordered at step 1 and completed at step 9
 * (Sequence of Play). A state file of day 1 with any section, or of day 2
 * before step 9 with a section beyond the 1st parallel built, was read
 * back; now refused. Day 2 with the 1st parallel and day 3 with the sap
 * built are read back. */
static void no_trench_before_its_day(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int sap = par1_and_sap(t);
    s->day = 3;
    if (reads_back(t) != 0)
        fail_msg("day 3: '%s'", t->cx.err);
    s->day = 2;
    refused(t, "a sap built on day 2's step 1",
            "section 'Sap-5' built on day 2 before step 9: only the 1st parallel stands");
    s->nsect = (uint8_t)sap; /* the 1st parallel only */
    memset(&s->s[sap], 0, sizeof s->s[sap]);
    assert_int_equal(reads_back(t), 0);
    s->day = 1;
    refused(t, "the 1st parallel on day 1",
            "a trench section on day 1: the 1st parallel is built at the end of turn 1");
    vbt_free(t);
}

/* Time Scale, Sequence 9: a section is dug by a foot unit with an engineer
 * attached and completed in step 9 only while the engineer is with it, so
 * each engineer of the scenario (four besieger engineers in the one-front
 * scenario) completes at most one section a day after the 1st parallel. A
 * state file with more sections built than the days allow was read back
 * on day 3 and later; now refused naming the count and the bound. A
 * section grows from a built one, so one k sections from the 1st parallel
 * stands only after k days of digging: a longer line refused too. */
static void sections_by_the_days(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int eng = 0;
    for (int u = 0; u < sc->nunits; u++)
        eng += sc->units[u].side == SQ_BESIEGER && sc->units[u].type == UT_ENGINEER;
    assert_int_equal(eng, 4);
    int sap = par1_and_sap(t), n = sc->npar1 + 1;
    /* saps toward the fortress from each section of the 1st parallel, then
     * from the first sap's head, until the day-3 bound */
    for (int i = 1; i < sc->npar1 && n < sc->npar1 + eng; i++, n++)
        assert_true(lay_sap(t, i, (s->s[i].ax + s->s[i].bx) / 2, s->s[i].ay, 27000) >= 0);
    for (; n < sc->npar1 + eng; n++)
        sap = lay_sap(t, sap, s->s[sap].bx, s->s[sap].by, 27000);
    s->day = 3; /* one day of digging done: step 9 of day 2 */
    if (reads_back(t) != 0)
        fail_msg("day 3 with %d sections: '%s'", n, t->cx.err);
    sap = lay_sap(t, sap, s->s[sap].bx, s->s[sap].by, 27000);
    char says[96];
    snprintf(says, sizeof says, "sections: %d built by day 3: at most %d", n + 1, sc->npar1 + eng);
    refused(t, "a section more than the engineers dig in a day", says);
    s->day = 4;
    if (reads_back(t) != 0)
        fail_msg("day 4 with %d sections: '%s'", n + 1, t->cx.err);
    /* the third sap of a line on day 4, two days of digging done: its
     * parent was built on day 3's step 9 at the earliest */
    lay_sap(t, sap, s->s[sap].bx, s->s[sap].by, 27000);
    refused(t, "the third sap of a line on day 4",
            "is built 3 sections from the 1st parallel on day 4, step 1");
    s->day = 5;
    if (reads_back(t) != 0)
        fail_msg("day 5: '%s'", t->cx.err);
    vbt_free(t);
}

/* sq_evict (sq_rules.c) sends back the losing side's units in a work that
 * changes hands and skips the other side's: the other side never stands
 * there. A leader may stand anywhere its side may go (can_hold_n), but the
 * besieger moves only within its network, whose works are the taken ones
 * (sq_reach), the garrison only into works not taken, and a state file
 * with any unit, a leader too, in a work its side does not hold is
 * refused (sq_check). General-1 detached in the taken CW-3 is read back and
 * may move to the taken CW-5, to no other work; in CW-4, not taken, it is
 * refused, as is Governor-A in CW-3, which may move to no taken work. */
static void leaders_stand_in_held_works(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int cw3 = W(t, "CW-3"), cw5 = W(t, "CW-5"), gen = U(t, "General-1"), gov = U(t, "Governor-A");
    s->taken[cw3] = s->taken[cw5] = 1;
    for (int u = 0; u < sc->nunits; u++)
        if (s->u[u].lkind == LK_WORK && s->taken[s->u[u].loc])
            sq_send_back(t->g, s, u);
    assert_int_equal(s->u[gen].att, -1);
    in_work(t, gen, "CW-3");
    if (reads_back(t) != 0)
        fail_msg("General-1 in the taken CW-3: '%s'", t->cx.err);
    vb_action acts[VB_MAX_ACTIONS];
    int n = sq_legal_orders(t->g, s, gen, acts, NULL, VB_MAX_ACTIONS), works = 0;
    for (int i = 0; i < n; i++)
        if (SQ_AK(acts[i]) == AK_MOVE && SQ_AA(acts[i]) == LK_WORK) {
            assert_int_equal(SQ_AB(acts[i]), cw5);
            works++;
        }
    assert_int_equal(works, 1);
    sq_state keep = *s;
    in_work(t, gen, "CW-4");
    refused(t, "General-1 in CW-4, not taken", "unit 'General-1' in a work its side does not hold");
    *s = keep;
    in_work(t, gov, "CW-3");
    refused(t, "Governor-A in the taken CW-3",
            "unit 'Governor-A' in a work its side does not hold");
    *s = keep;
    s->phase = PH_DMOVE;
    n = sq_legal_orders(t->g, s, gov, acts, NULL, VB_MAX_ACTIONS), works = 0;
    for (int i = 0; i < n; i++)
        if (SQ_AK(acts[i]) == AK_MOVE && SQ_AA(acts[i]) == LK_WORK) {
            assert_false(s->taken[SQ_AB(acts[i])]);
            works++;
        }
    assert_int_equal(works, sc->nworks - 2);
    vbt_free(t);
}

/* "The covered way cannot be destroyed": the set-up gives its sections no
 * strength points and nothing batters, mines or repairs them (play keeps
 * them at 0). Helper sqc (thirty-first session) found the check hook
 * (sq_check) accepting 1-15 points there, as in any work; the state-file
 * reader refused them already (sq_io.c). Now both refuse, in one line: a
 * state file edited to give a section of the covered way strength points
 * (1 and 15, every section), and the same position handed to the check
 * hook; the untouched file, and a ravelin at 5, read back. */
static void the_covered_way_has_no_strength(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int rav = W(t, "Ravelin-1"), ncw = 0;
    if (reads_back(t) != 0)
        fail_msg("the untouched file: '%s'", t->cx.err);
    for (int w = 0; w < sc->nworks; w++) {
        if (sc->works[w].kind != WK_COVERED)
            continue;
        ncw++;
        assert_int_equal(s->wstr[w], 0);
        for (int x = 1; x <= 15; x += 14) {
            char what[64], says[128];
            json_t *j = t->g->def->to_json(t->g, s, -1);
            json_t *e = json_object_get(json_object_get(j, "works"), sc->works[w].name);
            assert_non_null(e);
            json_object_set_new(e, "strength", json_integer(x));
            snprintf(what, sizeof what, "%s at %d in the file", sc->works[w].name, x);
            snprintf(says, sizeof says, "'%s'", sc->works[w].name);
            json_refused(t, j, what, says);
            if (!strstr(t->cx.err, "the covered way has no strength points"))
                fail_msg("%s: '%s'", what, t->cx.err);
            s->wstr[w] = (int8_t)x;
            vb_ctx_init(&t->cx);
            assert_int_equal(t->g->def->check(t->g, s, &t->cx), VB_EINPUT);
            snprintf(says, sizeof says,
                     "work '%s' strength %d: the covered way has no strength points",
                     sc->works[w].name, x);
            if (!strstr(t->cx.err, says) || strchr(t->cx.err, '\n'))
                fail_msg("the check hook, %s: '%s'", what, t->cx.err);
            s->wstr[w] = 0;
        }
    }
    assert_true(ncw >= 5);
    s->wstr[rav] = 5;
    vb_ctx_init(&t->cx);
    if (t->g->def->check(t->g, s, &t->cx) != 0)
        fail_msg("Ravelin-1 at 5, the check hook: '%s'", t->cx.err);
    if (reads_back(t) != 0)
        fail_msg("Ravelin-1 at 5: '%s'", t->cx.err);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flags_of_the_day),
        cmocka_unit_test(the_siege_ends_at_once),
        cmocka_unit_test(no_trench_before_its_day),
        cmocka_unit_test(sections_by_the_days),
        cmocka_unit_test(leaders_stand_in_held_works),
        cmocka_unit_test(the_covered_way_has_no_strength),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
