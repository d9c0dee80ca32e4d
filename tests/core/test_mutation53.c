/* test_mutation53.c - src/core/util.c's vb_name_blank (the fifty-third
 * session, the lead: the loaders of Setge 1714 and Molt soroll refuse a
 * name no order can tell apart; messages M53). */
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

/* A name is blank when nothing of it is left once folded but separators:
 * empty, apostrophes (straight and typographic), the Catalan middle dot,
 * blanks, '-' and '_'. A letter (plain, accented, or of another script)
 * or a digit anywhere makes it a name. */
static void blank_names(void **state)
{
    static const struct {
        const char *name;
        int blank;
    } rows[] = {
        {"", 1},
        {"'", 1},
        {" - ", 1},
        {"_", 1},
        {"\xc2\xb7", 1},       /* the middle dot */
        {"\xe2\x80\x99 '", 1}, /* typographic and straight apostrophes */
        {"a", 0},
        {"7", 0},
        {" -x", 0},
        {"d'en", 0},
        {"\xc3\x89", 0}, /* E acute */
        {"\xce\xa9", 0}, /* Greek Omega: passes through */
        {"Pla d'en Llull", 0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (vb_name_blank(rows[i].name) != rows[i].blank)
            fail_msg("M53: '%s' taken for %s", rows[i].name, rows[i].blank ? "a name" : "blank");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blank_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
