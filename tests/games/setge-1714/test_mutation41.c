/*
 * test_mutation41.c - setge-1714: the survivors of the forty-first
 * session's mutation pass, seed 41 (helper sqz), of sg_io.c and sg_json.c
 * (docs/setge-1714.md, "Mutation pass, forty-first session (helper
 * sqz)"): each test fails with the mutant it names planted (messages
 * "M41:", lines of 146fd059) and passes without. The positions are
 * written by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "games/setge-1714/sg_int.h"
#include "sg_test.h"
#include "vbtest.h"

/* STATE loads in SCN exactly when ERR is NULL (sg_test.h) */
#define expect(what, scn, state, err) sgt_expect_load("M41", what, scn, state, err)

/* A Bourbon combat position (test_mutation39.c's turn_zero_refused) with
 * more units in the Pla d'en Llull and more keys given. */
static const char pos[] =
    "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
    " \"royal_breach\": \"mined\", \"unlisted\": \"eliminated\", \"zones\": {"
    " \"Pla d'en Llull\": [\"Ciutat 1\"%s], \"Santa Marta\": [\"French Grenadiers 1\"]}%s}";

/* A state file names each unit as forces.json does: a name that is no
 * unit's - the empty name among the units of a zone, or as the unit
 * moving - is refused, naming it, as any unknown name is; the position
 * itself loads. sg_json.c:166 (the exact-name search run one record past
 * the last unit, `u <= d->nu`) took the empty name for the unused record
 * past the 121 units, and read the file. */
static void a_unit_named_nothing_refused(void **state)
{
    char buf[512];
    (void)state;
    snprintf(buf, sizeof buf, pos, "", "");
    expect("the position", "2p", buf, NULL);
    snprintf(buf, sizeof buf, pos, ", \"\"", "");
    expect("a unit named '' in a zone", "2p", buf, "unknown unit ''");
    snprintf(buf, sizeof buf, pos, "", ", \"moving\": \"\"");
    expect("a unit named '' moving", "2p", buf, "unknown unit ''");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_unit_named_nothing_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
