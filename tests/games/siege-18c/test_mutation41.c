/* test_mutation41.c - siege-18c: tests written against survivors of the
 * seed-41 mutation passes of the forty-first session (helper sqz) over
 * sq_io.c, sq_query.c and sq_data.c (docs/siege-18c.md, Measured). Each
 * fails with its mutant planted back (messages "M41:", lines of
 * 146fd059). */
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

/* Sequence 9: "Trenches, saps and repairs are completed by unshaken
 * units": a section being dug names the foot unit digging it, and once
 * completed it has none (complete_works). A state file whose built
 * section of the 1st parallel names a builder - the garrison's Heavy-A1,
 * unit 0 of the scenario, or the besieger's Foot-1 - is refused in one
 * line. (sq_io.c:493 `bld < 0` -> `bld < 1`, a seed-41 survivor, read a
 * built section with Heavy-A1 as its builder.) */
static void built_sections_have_no_builder(void **state)
{
    (void)state;
    vbt *t = fresh();
    int p = lay_par1(t, 0);
    char nm[32];
    sq_sect_name(S(t), p, nm, sizeof nm);
    assert_int_equal(reads_back(t), 0);
    static const char *const who[] = {"Heavy-A1", "Foot-1"};
    for (int i = 0; i < 2; i++) {
        json_t *j = t->g->def->to_json(t->g, S(t), -1);
        json_object_set_new(sect_entry(j, nm), "builder", json_string(who[i]));
        char what[64];
        snprintf(what, sizeof what, "M41: built %s with builder %s", nm, who[i]);
        json_refused(t, j, what, "a builder only while it is planned");
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(built_sections_have_no_builder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
