/* test_mutation22.c - siege-18c: tests written against survivors of the
 * twenty-second session's mutation passes (helper sqm, seed 22;
 * docs/siege-18c.md, Measured). Each fails with its mutant planted back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* A section is named by its slot ("Sap-12": slot 12); the game holds
 * max_sections of them (64, data/siege-18c/game.json, the size of the
 * state's table). With every slot in use, "Sap-64" names the last and
 * "Sap-65" nothing. A destroyed section's slot is emptied (sq_destroy_sect
 * zeroes it, and a zeroed slot reads as a parallel 0): neither its old
 * name nor "P0-11" names anything. (sq_query.c:56 `i >= s->nsect` -> `>`,
 * a seed-22 survivor, reads s->s[64] for "Sap-65": the state's trailing
 * padding, zero, so the mutant is equivalent; this test kills the
 * emptied-slot test `state == SS_NONE` dropped.) */
static void section_names_stop_at_the_last_slot(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_data *d = t->g->data;
    assert_int_equal(d->max_sect, SQ_MAX_SECT);
    while (s->nsect < d->max_sect)
        sect(t, SK_SAP, 1, -1, 200 + 60 * s->nsect, 3000, 200 + 60 * s->nsect, 2800);
    assert_int_equal(sq_find_sect(s, "Sap-64"), 63);
    assert_int_equal(sq_find_sect(s, "Sap-1"), 0);
    assert_int_equal(sq_find_sect(s, "Sap-65"), -1);
    assert_int_equal(sq_find_sect(s, "Sap-0"), -1);
    sq_destroy_sect(t->g, s, 10, "Test", &t->cx);
    assert_int_equal(s->s[10].state, SS_NONE);
    assert_int_equal(s->nsect, 64);
    assert_int_equal(sq_find_sect(s, "Sap-11"), -1);
    assert_int_equal(sq_find_sect(s, "P0-11"), -1);
    assert_int_equal(sq_find_sect(s, "Sap-12"), 11);
    vbt_free(t);
}

/* Sortie/Assault: "+1 for each friend on the target's flanks": friends
 * are units of the target's side in the trenches or works within 4 in of
 * it (reconstructed distance). Foot-1 at the head of a sap 3.41 in below
 * CW-3's middle, sortied against by Garrison-B1 from Ravelin-1: Foot-2
 * holding the taken CW-3 adds 1 to the need and is named; left in the camp
 * it adds nothing. No two works' middles lie within 4 in, so only a friend
 * in a taken work next to a trench shows it; the older tests had friends
 * in trenches only (sq_query.c:397 `!= LK_WORK` -> `== LK_WORK`, a
 * seed-22 survivor, counted no friend in a work). */
static void friend_in_a_work_on_the_flanks(void **state)
{
    (void)state;
    int need[2];
    char why[2][160];
    for (int near = 0; near < 2; near++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int cw3 = W(t, "CW-3");
        int sap = sect(t, SK_SAP, 3, -1, 1866, 2200, 1866, 1900);
        int f1 = U(t, "Foot-1"), gb1 = U(t, "Garrison-B1");
        in_sect(t, f1, sap, 1866, 1900);
        in_work(t, gb1, "Ravelin-1");
        if (near) {
            s->taken[cw3] = 1;
            in_work(t, U(t, "Foot-2"), "CW-3");
        }
        assert_int_equal(sq_unit_pos(t->g, s, U(t, "Foot-2")).y == 1559, near);
        need[near] = sq_attack_need(t->g, s, gb1, f1, -1, 0, why[near], sizeof why[near]);
        vbt_free(t);
    }
    assert_int_equal(need[1], need[0] + 1);
    assert_non_null(strstr(why[1], "+1 friend on the flanks"));
    assert_null(strstr(why[0], "on the flanks"));
}

/* Formations and deployment: the besieger's units wait in the camp, the
 * garrison's in the fortress or the town. The check hook (run on every
 * decision and on every state file read) refuses a garrison foot put in
 * the camp and a besieging foot put in the town, each in one line naming
 * the unit; the same units where their side may stand pass
 * (sq_rules.c:922 `||` -> `&&`, a seed-22 survivor, refused neither). */
static void each_side_in_its_own_camp_or_town(void **state)
{
    (void)state;
    static const struct {
        const char *unit, *place_of; /* put unit where place_of stands */
        int ok;
    } rows[] = {
        {"Garrison-B2", "Foot-12", 0},    /* the camp */
        {"Foot-1", "Governor-A", 0},      /* the town (fresh: the leaders sent back) */
        {"Garrison-B2", "Governor-A", 1}, /* the garrison's town */
        {"Foot-1", "Foot-12", 1},         /* the besieger's camp */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int u = U(t, rows[i].unit), p = U(t, rows[i].place_of);
        assert_int_equal(s->u[p].lkind, strcmp(rows[i].place_of, "Foot-12") ? LK_TOWN : LK_CAMP);
        s->u[u].lkind = s->u[p].lkind, s->u[u].loc = s->u[p].loc;
        s->u[u].x = s->u[p].x, s->u[u].y = s->u[p].y;
        vb_ctx_init(&t->cx);
        int rc = sq_check(t->g, s, &t->cx);
        if (rows[i].ok) {
            if (rc)
                fail_msg("%s with %s refused: %s", rows[i].unit, rows[i].place_of, t->cx.err);
        } else {
            char want[96];
            snprintf(want, sizeof want, "unit '%s' in the other side's camp or town", rows[i].unit);
            if (rc != VB_EINPUT || strcmp(t->cx.err, want) != 0)
                fail_msg("%s with %s: %d '%s'", rows[i].unit, rows[i].place_of, rc, t->cx.err);
        }
        vbt_free(t);
    }
}

/* Mines and counter-saps (reconstructed galleries, docs/siege-18c.md): a
 * unit's gallery names its work (aim = the work's index + 1); the check
 * hook asks a defender's to run from the covered way and a besieger's to
 * lie under a wall. A counter-sap from CW-6, the scenario's last work,
 * and a mine under Curtain-1, the work before CW-1, pass; a besieger's
 * gallery under CW-3 is refused (sq_rules.c:938 `aim - 1` -> `aim - 0`,
 * a seed-22 survivor, read the next work's kind: it refused the first
 * two). */
static void gallery_works_read_in_the_check(void **state)
{
    (void)state;
    static const struct {
        const char *unit, *stand, *work;
        int ok;
    } rows[] = {
        {"Garrison-A1", "CW-6", "CW-6", 1},
        {"Foot-1", NULL, "Curtain-1", 1},
        {"Foot-1", NULL, "CW-3", 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int u = U(t, rows[i].unit), w = W(t, rows[i].work);
        if (rows[i].stand)
            in_work(t, u, rows[i].stand);
        else
            in_sect(t, u, lay_cut_trench(t, 3, 1866, 2100), 1866, 2100);
        s->u[u].aim = (int8_t)(w + 1);
        s->u[u].dig = 1;
        vb_ctx_init(&t->cx);
        int rc = sq_check(t->g, s, &t->cx);
        if (rows[i].ok && rc)
            fail_msg("%s's gallery at %s refused: %s", rows[i].unit, rows[i].work, t->cx.err);
        if (!rows[i].ok && (rc != VB_EINPUT || !strstr(t->cx.err, "a gallery is dug by foot")))
            fail_msg("%s's gallery at %s: %d '%s'", rows[i].unit, rows[i].work, rc, t->cx.err);
        vbt_free(t);
    }
}

/* Besieger: every section grows from another ("advancing saps", a
 * parallel "centred on a sap head"), or is a 1st-parallel section or one
 * cut off (parent -1). The check hook refuses a section whose parent is
 * not there: since this session, a slot past the last section or a
 * number below -1 too (it read those as cut off; play never
 * makes one, sq_destroy_sect cuts the children off, so no rule changes).
 * Found reading sq_rules.c:740's seed-22 survivor `parent < nsect` ->
 * `<=`. */
static void section_grows_from_one_that_is_there(void **state)
{
    (void)state;
    static const int parents[] = {-1, 0, 3, 40, -2};
    for (size_t i = 0; i < sizeof parents / sizeof parents[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int p1 = lay_par1(t, 0);
        int sap = lay_sap(t, p1, 1200, s->s[p1].ay, 27000);
        int trench = lay_trench(t, sap);
        assert_int_equal(trench, 2);
        check_ok(t);
        s->s[sap].parent = (int16_t)parents[i];
        if (parents[i] == 0) {
            check_ok(t);
        } else {
            vb_ctx_init(&t->cx);
            int rc = sq_check(t->g, s, &t->cx);
            int cut = parents[i] == -1; /* a cut-off sap: its shape still asked */
            if (cut ? rc == VB_EINPUT && strstr(t->cx.err, "not there")
                    : rc != VB_EINPUT ||
                          !strstr(t->cx.err, "grows from a section that is not there"))
                fail_msg("parent %d: %d '%s'", parents[i], rc, t->cx.err);
        }
        vbt_free(t);
    }
}

/* "If trenches from two different directions do not meet exactly it will
 * require an additional turn of engineering": two sections connect when an
 * end of either lies exactly on the other, whichever end and whichever
 * section the search starts from. A second-parallel section and a sap
 * standing on its middle, drawn from it or toward it, reach each other
 * both ways (sq_rules.c:132 `on_seg(a1, b) || on_seg(b0, a)` -> `&&`, a
 * seed-22 mutant that did not compile, planted with parentheses: the
 * trench was not reached from the sap drawn from it). */
static void either_end_meets_exactly(void **state)
{
    (void)state;
    for (int toward = 0; toward < 2; toward++)
        for (int from_sap = 0; from_sap < 2; from_sap++) {
            vbt *t = fresh();
            sq_state *s = S(t);
            int y = sect(t, SK_PARALLEL, 2, -1, 1000, 3000, 1640, 3000);
            int x = toward ? sect(t, SK_SAP, 2, -1, 1320, 2700, 1320, 3000)
                           : sect(t, SK_SAP, 2, -1, 1320, 3000, 1320, 2700);
            uint8_t mark[SQ_MAX_SECT + SQ_MAX_WORKS + 1];
            sq_reach(t->g, s, LK_SECT, from_sap ? x : y, mark);
            if (!mark[from_sap ? y : x])
                fail_msg("sap drawn %s the trench, searched from the %s: not reached",
                         toward ? "toward" : "from", from_sap ? "sap" : "trench");
            vbt_free(t);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(section_names_stop_at_the_last_slot),
        cmocka_unit_test(friend_in_a_work_on_the_flanks),
        cmocka_unit_test(each_side_in_its_own_camp_or_town),
        cmocka_unit_test(gallery_works_read_in_the_check),
        cmocka_unit_test(section_grows_from_one_that_is_there),
        cmocka_unit_test(either_end_meets_exactly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
