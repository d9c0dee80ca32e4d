/* test_mutation54.c - src/core/util.c's name folding (the fifty-fourth
 * session, the lead; docs/core.md "Mutation pass, fifty-fourth session
 * (the lead)"; messages M54). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"
#include "vb_module.h"

/* The multiplication and division signs of Latin-1 (U+00D7, U+00F7) are
 * not letters: they fold to nothing plain and pass through as their
 * bytes, so "2x3" typed with the sign is not "2*3", and a name of the
 * sign alone is not blank (util.c:88's `c == '*' || c == '/'` as `&&`:
 * the signs folded to '*' and '/'). */
static void latin1_signs_are_not_letters(void **state)
{
    char out[16];
    (void)state;
    /* octal escapes: \303\227 is U+00D7, \303\267 U+00F7 */
    vb_name_fold(out, sizeof out, "2\303\2273");
    if (strcmp(out, "2\303\2273") != 0)
        fail_msg("M54: the multiplication sign folded to '%s'", out);
    vb_name_fold(out, sizeof out, "1\303\2672");
    if (strcmp(out, "1\303\2672") != 0)
        fail_msg("M54: the division sign folded to '%s'", out);
    if (vb_name_eq("2\303\2273", "2*3"))
        fail_msg("M54: the multiplication sign read as '*'");
    assert_int_equal(vb_name_blank("\303\227"), 0);
    assert_int_equal(vb_name_blank("\303\267"), 0);
    /* the letters beside them still fold: O with diaeresis, o with stroke */
    vb_name_fold(out, sizeof out, "\303\226\303\270");
    assert_string_equal(out, "Oo");
}

/* A lead byte 0xC3 not followed by a continuation byte (invalid UTF-8)
 * passes through as its bytes: two such names that differ after it are
 * two names (util.c:86's `return 0` as `return 1`: the pair folded to
 * the byte 1, "\303A" and "\303B" the same name). */
static void a_lone_lead_byte_passes_through(void **state)
{
    char out[16];
    (void)state;
    if (vb_name_eq("\303A", "\303B"))
        fail_msg("M54: two names that differ after a lone 0xC3 read as one");
    vb_name_fold(out, sizeof out, "x\303A");
    if (strcmp(out, "x\303A") != 0)
        fail_msg("M54: \"x\\303A\" folded to %zu bytes", strlen(out));
    vb_name_fold(out, sizeof out, "\303\303");
    assert_int_equal((unsigned char)out[0], 0xC3);
    assert_int_equal((unsigned char)out[1], 0xC3);
    assert_int_equal(out[2], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(latin1_signs_are_not_letters),
        cmocka_unit_test(a_lone_lead_byte_passes_through),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
