/* test_victory.c - siege-18c: the victory conditions other than the breach
 * and the time limit (test_rules.c), with the verdict each one prints, and
 * the defender's leaders as the reconstructed deployment attaches them.
 * Written against survivors of the ninth session's mutation pass over
 * sq_rules.c (docs/siege-18c.md, Measured). */
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

/* Remove every foot unit of `side`, but `keep` (a name, or NULL). */
static void remove_foot(vbt *t, int side, const char *keep)
{
    const sq_scen *sc = sq_sc(t->g, S(t));
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].type == UT_FOOT && sc->units[u].side == side &&
            (!keep || strcmp(sc->units[u].name, keep) != 0))
            sq_remove(t->g, S(t), u);
}

static void verdict_is(vbt *t, int winner, const char *text)
{
    assert_true(S(t)->over);
    assert_int_equal(S(t)->winner, winner);
    vb_result r;
    vb_result_get(t->g, t->m.st, &r);
    assert_int_equal(r.winner, winner);
    /* the winner scores 1, the loser 0 */
    assert_true(r.score[winner] == 1.0);
    assert_true(r.score[1 - winner] == 0.0);
    if (!strstr(r.verdict, text))
        fail_msg("verdict '%s' (wanted '%s')", r.verdict, text);
}

/* Side `side`'s foot all removed but `last`: the game goes on; `last`
 * removed too, the step's end gives the verdict and its log line. */
static void last_foot_destroyed(int side, const char *last, int winner, const char *text,
                                const char *log)
{
    vbt *t = fresh();
    remove_foot(t, side, last);
    vbt_act(t, "end-movement");
    assert_false(S(t)->over);
    sq_remove(t->g, S(t), U(t, last));
    vbt_act(t, "end-movement");
    verdict_is(t, winner, text);
    assert_true(vbt_logged(t, log));
    vbt_free(t);
}

/* Victory (reconstructed, docs/siege-18c.md): a side with no foot left
 * loses at once: "the garrison is destroyed: the fortress capitulates". */
static void garrison_destroyed(void **state)
{
    (void)state;
    last_foot_destroyed(SQ_DEFENDER, "Garrison-B2", SQ_BESIEGER,
                        "besieger wins on day 5: the garrison is destroyed: the "
                        "fortress capitulates",
                        "[Victory] the garrison has no foot left");
}

/* ... and the besieger with no foot left raises the siege. */
static void besieging_foot_destroyed(void **state)
{
    (void)state;
    last_foot_destroyed(SQ_BESIEGER, "Foot-12", SQ_DEFENDER,
                        "defender wins on day 5: the besieging foot is destroyed: the "
                        "siege is raised",
                        "[Victory] the besieger has no foot left");
}

/* Deployment (reconstructed): the defender's engineers and CinC begin
 * attached to the foot of their own bastion; the besieger's leaders begin
 * in the camp, attached to nobody. */
static void leaders_deployed(void **state)
{
    (void)state;
    static const struct {
        const char *leader, *foot;
    } rows[] = {{"Governor-A", "Garrison-A1"},
                {"Engineers-A", "Garrison-A1"},
                {"Commander-B", "Garrison-A2"},
                {"Engineers-B", "Garrison-A2"}};
    vbt *t = vbt_new("siege-18c", "one-front", 1);
    const sq_scen *sc = sq_sc(t->g, S(t));
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int l = U(t, rows[i].leader), f = U(t, rows[i].foot);
        if (S(t)->u[l].att != f)
            fail_msg("%s attached to %d, wanted %s", rows[i].leader, S(t)->u[l].att, rows[i].foot);
        assert_int_equal(S(t)->u[l].lkind, LK_WORK);
        assert_int_equal(S(t)->u[l].loc, S(t)->u[f].loc);
    }
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].side == SQ_BESIEGER && sq_is_leader(sc->units[u].type)) {
            assert_int_equal(S(t)->u[u].att, -1);
            assert_int_equal(S(t)->u[u].lkind, LK_CAMP);
        }
    check_ok(t);
    vbt_free(t);
}

/* "In most sieges the fortress will capitulate once a bastion has been
 * breached": a bastion, not a ravelin nor a curtain. With Ravelin-1 and
 * Curtain-1 at 0 strength points the siege goes on through a whole day and
 * the state is a legal one; Bastion-A at 0 ends it at the next step's end
 * (planted in the thirtieth session's audit: a ravelin's or a curtain's
 * breach made to capitulate). */
static void only_a_bastion_breach_capitulates(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    s->wstr[W(t, "Ravelin-1")] = 0;
    s->wstr[W(t, "Curtain-1")] = 0;
    check_ok(t);
    next_day(t);
    assert_false(s->over);
    assert_int_equal(s->day, 6);
    check_ok(t);
    s->wstr[W(t, "Bastion-A")] = 0;
    vbt_act(t, "end-movement");
    verdict_is(t, SQ_BESIEGER, "a bastion is breached: the fortress capitulates");
    assert_true(vbt_logged(t, "Bastion-A is breached: the fortress capitulates"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(garrison_destroyed),
        cmocka_unit_test(besieging_foot_destroyed),
        cmocka_unit_test(leaders_deployed),
        cmocka_unit_test(only_a_bastion_breach_capitulates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
