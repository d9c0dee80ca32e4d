/* test_mutation19.c - siege-18c: tests written against survivors of the
 * mutation passes of helper sqf (branch s19/sqf, seed 19; docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back. */
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

/* CinC/Engineers: "Star result: Any leader attached to the unit concerned
 * tests" - only after a 6 (against the target) or a 1 (against the
 * attacker). Governor-A attached to Heavy-A1, unit 0 of the order of
 * battle, stands apart from the fight: a sortie by Garrison-B2 that rolls
 * 2 to 5 and a fire by Heavy-A1 (its CinC directing) that rolls no star
 * die test nobody's leaders; the next die is the target's morale (after a
 * success or a hit) or none. Kills sq_fire.c's "no star" written as unit 0
 * (`: -1` -> `: -0`), in the attack and in the fire. */
static void no_star_without_a_six_or_a_one(void **state)
{
    (void)state;
    static const char *const dice[] = {"2", "3", "4", "5"};
    for (size_t i = 0; i < sizeof dice / sizeof dice[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int p2 = lay_cut_trench(t, 2, 1866, 2100);
        in_sect(t, U(t, "Foot-1"), p2, 1866, 2100);
        in_work(t, U(t, "Garrison-B2"), "CW-3");
        in_work(t, U(t, "Governor-A"), "Bastion-A");
        attach(t, "Governor-A", "Heavy-A1");
        check_ok(t);
        s->phase = PH_SORTIE;
        vbt_act(t, "sortie Garrison-B2 at Foot-1 by-day");
        vbt_dice(t, dice[i]);
        char b[64];
        snprintf(b, sizeof b, "[Sortie/Assault] rolled %s against ", dice[i]);
        assert_true(vbt_logged(t, b));
        assert_false(vbt_logged(t, "star result"));
        if (s->p.kind)
            assert_int_equal(s->p.stage, PS_MORALE);
        assert_int_equal(s->u[U(t, "Governor-A")].att, U(t, "Heavy-A1"));
        vbt_free(t);
    }
    /* the fire: Heavy-A1 directed by Governor-A at Foot-2 (as in
     * test_audit's directed_fire_keeps_the_arc); d->star_die is 6 */
    for (int die = 1; die <= 5; die++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int in = lay_cut_trench(t, 3, 3400, 2079);
        in_sect(t, U(t, "Foot-2"), in, 3400, 2079);
        in_work(t, U(t, "Governor-A"), "Bastion-A");
        attach(t, "Governor-A", "Heavy-A1");
        s->phase = PH_DART;
        check_ok(t);
        vbt_act(t, "fire Heavy-A1 at Foot-2");
        char b[64];
        snprintf(b, sizeof b, "%d", die);
        vbt_dice(t, b);
        assert_false(vbt_logged(t, "star result"));
        assert_int_equal(s->p.kind, PK_FIRE);
        assert_int_equal(s->p.stage,
                         PS_MORALE); /* "Units under fire will always take a morale test" */
        vbt_free(t);
    }
}

/* The check hook (sq_check, also run on every decision of a played game)
 * refuses a unit placed in a work past the scenario's last, in one line,
 * before anything reads that work: the state files name works, so only a
 * position built in memory can hold it. Kills sq_rules.c 832 (`loc >=
 * nworks` -> `>`). */
static void check_refuses_an_unknown_work(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int gb = U(t, "Garrison-B2"), nw = sq_sc(t->g, s)->nworks;
    in_work(t, gb, "CW-3");
    check_ok(t);
    for (int loc = nw; loc <= nw + 1; loc++) {
        s->u[gb].loc = (int16_t)loc;
        vb_ctx_init(&t->cx);
        assert_int_equal(sq_check(t->g, s, &t->cx), VB_EINPUT);
        if (!strstr(t->cx.err, "unit 'Garrison-B2' in an unknown work") || strchr(t->cx.err, '\n'))
            fail_msg("work %d: '%s'", loc, t->cx.err);
    }
    s->u[gb].loc = (int16_t)W(t, "CW-3");
    check_ok(t);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_star_without_a_six_or_a_one),
        cmocka_unit_test(check_refuses_an_unknown_work),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
