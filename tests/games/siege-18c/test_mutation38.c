/* test_mutation38.c - siege-18c: tests written against survivors of the
 * seed-38 mutation pass of the thirty-eighth session (helper gmo) over
 * sq_odds.c, the exact odds and the explain hook (docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back (messages "M38:");
 * lines of b4fe022. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "odds.h"
#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* The canned position of the bare tables (`vauban odds siege-18c fire 3`,
 * `batter 2`, `attack 5`) is the one the odds say: day 5 of the one-front
 * siege, one built parallel (section 0, 24.00 inches down the table, 8.80
 * to 15.20 across), Foot-1 in it. (Not a position play reaches: sq_check
 * refuses its shape, 6.40 inches long where a parallel section is a
 * day's length, 5.60, centred on a sap head; the column or the need given
 * by the words is all the odds read.) (sq_odds.c:57 the canned parallel written into
 * section 1 while the position holds one section: Foot-1 stood in an
 * empty section 0, a position no play reaches.) */
static void canned_position_is_a_parallel(void **state)
{
    (void)state;
    vbt *t = fresh();
    static const char *const words[][2] = {{"fire", "3"}, {"batter", "2"}, {"attack", "5"}};
    for (int i = 0; i < 3; i++) {
        sq_state *s = malloc(sizeof *s);
        memcpy(s, S(t), sizeof *s);
        char w0[16], w1[16];
        snprintf(w0, sizeof w0, "%s", words[i][0]);
        snprintf(w1, sizeof w1, "%s", words[i][1]);
        char *argv[] = {w0, w1, NULL};
        vb_action first = VB_NONE;
        vb_ctx cx;
        vb_ctx_init(&cx);
        assert_int_equal(vb_odds_setup(t->g, s, 0, 2, argv, &first, &cx), 0);
        const sq_scen *sc = sq_sc(t->g, s);
        int f1 = sq_find_unit(sc, "Foot-1");
        assert_true(f1 >= 0);
        const sq_unit *u = &s->u[f1];
        if (s->nsect != 1 || s->s[0].kind != SK_PARALLEL || s->s[0].state != SS_BUILT ||
            s->s[0].ay != 2400 || s->s[0].by != 2400 || s->s[0].bx - s->s[0].ax < 600)
            fail_msg("M38: '%s %s': the canned section 0 is kind %d state %d (%d,%d)-(%d,%d) of "
                     "%d",
                     w0, w1, s->s[0].kind, s->s[0].state, s->s[0].ax, s->s[0].ay, s->s[0].bx,
                     s->s[0].by, s->nsect);
        if (u->lkind != LK_SECT || u->loc != 0 || u->y != 2400 || u->x <= s->s[0].ax ||
            u->x >= s->s[0].bx)
            fail_msg("M38: '%s %s': Foot-1 in place %d %d at (%d,%d)", w0, w1, u->lkind, u->loc,
                     u->x, u->y);
        free(s);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(canned_position_is_a_parallel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
