/* test_mutation43b.c - piacenza-1746: a test written against a survivor of
 * the seed-43 pass over pc_data.c (the lead, after CI; docs/piacenza-1746.md,
 * "Mutation pass, forty-third session (helper pcu)", its second round):
 * the Fire table's columns (8.1, reconstructed in tables.json) start at
 * 1-20 SP, as the loader's message says. Messages "M43b:". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"

/* The Intense column's first SP (shipped 4) read within 1..20: 20 loads,
 * 21 is refused naming the key and its range (pc_data.c:406: the bound 20
 * as 19 refused a column of 20 SP). */
static void fire_column_min_sp_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M43b: 8.1 the Intense column from 20 SP", "tables.json", "\"min_sp\": 4",
         "\"min_sp\": 20", NULL},
        {"M43b: 8.1 the Intense column from 21 SP", "tables.json", "\"min_sp\": 4",
         "\"min_sp\": 21", "\"min_sp\" is 21, must be 1-20"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fire_column_min_sp_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
