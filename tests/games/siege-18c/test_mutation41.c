/* test_mutation41.c - siege-18c: tests written against survivors of the
 * seed-41 mutation passes of the forty-first session (helper sqz) over
 * sq_io.c and sq_query.c (docs/siege-18c.md, Measured; those of sq_data.c
 * are edits of the data in test_sq_data.sh). Each fails with its mutant
 * planted back (messages "M41:", lines of 146fd059). */
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
        json_t *j = vbt_state_json(t);
        json_object_set_new(sect_entry(j, nm), "builder", json_string(who[i]));
        char what[64];
        snprintf(what, sizeof what, "M41: built %s with builder %s", nm, who[i]);
        json_refused(t, j, what, "a builder only while it is planned");
    }
    vbt_free(t);
}

/* Line of Sight/Line of Fire: "Units can only fire at targets within direct
 * line of sight", and the works block it (sq_line_of_sight: a bastion, a
 * curtain, a ravelin as high as the firer's place or higher; the covered
 * way never). Foot-1 on the 2nd parallel at (12.00, 26.00) sees the covered
 * way before Bastion-A, straight ahead at (12.00, 13.00), but not the town
 * behind Bastion-A at (12.00, 3.00) - Bastion-A is the first work of every
 * scenario - nor the town behind Bastion-B at (31.17, 3.00) from (31.17,
 * 26.00). (sq_query.c:114, the works searched from the second, `w = 1`, a
 * seed-41 survivor, let every line run through Bastion-A.) */
static void bastion_a_blocks_the_sight(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int f = U(t, "Foot-1");
    foot1_in_par2(t);
    assert_int_equal(W(t, "Bastion-A"), 0);
    sq_pt cw = {1200, 1300}, town_a = {1200, 300}, town_b = {3117, 300};
    if (!sq_line_of_sight(t->g, s, f, cw, -1))
        fail_msg("M41: Foot-1 does not see the covered way before Bastion-A");
    if (sq_line_of_sight(t->g, s, f, town_a, -1))
        fail_msg("M41: Foot-1 sees through Bastion-A");
    int p = sect(t, SK_PARALLEL, 2, -1, 2717, 2600, 3517, 2600);
    in_sect(t, f, p, 3117, 2600);
    if (sq_line_of_sight(t->g, s, f, town_b, -1))
        fail_msg("M41: Foot-1 sees through Bastion-B");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(built_sections_have_no_builder),
        cmocka_unit_test(bastion_a_blocks_the_sight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
