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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(section_names_stop_at_the_last_slot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
