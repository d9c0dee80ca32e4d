/* test_mutation46.c - piacenza-1746: tests written against the survivors of
 * the seed-46 mutation pass over pc_data.c (docs/piacenza-1746.md,
 * "Mutation pass, forty-sixth session (helper pcs)"): the data reader's
 * checks of tables.json and of a scenario's set-up areas, each bound as
 * the loader's message prints it. Messages "M46:". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "core/registry.h"
#include "pc_test.h"

/* 8.2 ("the Fire total is never reduced below -4", the floor read from
 * tables.json within -9..0): -9 loads, -10 is refused naming the key and
 * its range (pc_data.c:475: the bound -9 as -10 loaded a floor of -10). */
static void modifier_floor_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M46: 8.2 a floor of -9", "tables.json", "\"floor\": -4", "\"floor\": -9", NULL},
        {"M46: 8.2 a floor of -10", "tables.json", "\"floor\": -4", "\"floor\": -10",
         "\"floor\" is -10, must be -9-0"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* 13.1 (Conditional Draw: "routed units still on the map 1 VP"), the VP of a
 * routed unit read within 0..99: 0 loads, -1 is refused (pc_data.c:527: the
 * bound 0 as 1 refused a table that scores no routed unit). */
static void routed_vp_bounds(void **state)
{
    static const vbt_data_row rows[] = {
        {"M46: 13.1 routed units 0 VP", "tables.json", "\"routed\": 1", "\"routed\": 0", NULL},
        {"M46: 13.1 routed units -1 VP", "tables.json", "\"routed\": 1", "\"routed\": -1",
         "\"routed\" is -1, must be 0-99"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* Scenario 2's set-up areas ("Comm. Petit Bois and his units within 2 hexes
 * of Galliana"): one per formation or per side, never both (pc_data.c:571:
 * the first || as && let an area name a formation and a side). */
static void setup_area_formation_or_side(void **state)
{
    static const vbt_data_row rows[] = {
        {"M46: Scenario 2 an area of a formation and a side", "forces-centre.json",
         "\"place\": \"Galliana\",", "\"place\": \"Galliana\", \"side\": \"franco-spanish\",",
         "setup_areas[0]: a formation or a side, and a place of the map"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* 9.2 the Melee Results table (tables.json's `melee`, reconstructed): every
 * column read as shipped, its first row too (die 0 at -4, reached by
 * infantry meleeing into the City: its -2 and Cover 2's -2 of 9.2.5; the
 * shipped row is AE, A1 at 3:1 and 4:1). pc_data.c:464: the rows read from
 * k = 1 left row 0 as no result. */
static void melee_table_read_whole(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    const pc_data *d = D(t);
    json_t *j = NULL;
    for (int i = 0; vb_data_table[i].path; i++)
        if (!strcmp(vb_data_table[i].path, "piacenza-1746/tables.json"))
            j = json_loadb((const char *)vb_data_table[i].bytes, vb_data_table[i].len, 0, NULL);
    assert_non_null(j);
    json_t *res = json_object_get(json_object_get(j, "melee"), "results");
    assert_int_equal((int)json_array_size(res), d->nodds);
    for (int c = 0; c < d->nodds; c++)
        for (int k = 0; k < PC_DIE_N; k++) {
            const char *want =
                json_string_value(json_array_get(json_array_get(res, (size_t)c), (size_t)k));
            if (!want || strcmp(pc_result_names[d->melee[c][k]], want))
                fail_msg("M46: 9.2 melee column %d, row %d read as %s, shipped %s", c + 1, k,
                         pc_result_names[d->melee[c][k]], want ? want : "(none)");
        }
    json_decref(j);
    vbt_free(t);
}

/* 5.11 (the Training Die Roll table: Austria, France, Spain) a unit's army, one of tables.json's
 * `tdr` armies (its TDR values): an army named "" is unknown, refused (pc_data.c:809: the armies'
 * loop `k < narmy` as `<=` matched the empty name of the unused fourth slot). */
static void unit_army_empty_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M46: a unit of army \"\"", "forces.json", "\"army\": \"spain\",", "\"army\": \"\",",
         "unknown army or type"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* 8.2 the artillery's range modifiers (tables.json's `range_mod`,
 * reconstructed): like every record of the data, they name their source,
 * or the file is refused (pc_data.c:440: the first || as && read the
 * modifiers without asking their source). */
static void range_mod_source_needed(void **state)
{
    static const vbt_data_row rows[] = {
        {"M46: 8.2 range_mod without its source", "tables.json",
         "\"source\": {\n   \"reconstructed\": \"8.2: range",
         "\"sourcx\": {\n   \"reconstructed\": \"8.2: range", "tables.json: range_mod"},
    };
    (void)state;
    vbt_check_data_rows("piacenza-1746", rows, sizeof rows / sizeof rows[0]);
}

/* vb_module.h, legal(): "weights ... get 1 for player decisions" (the
 * searches and the random playouts draw a player's action by them). 5.5:
 * in the battle, Aramburu's Line declared, its first hex is the owner's
 * choice: each hex offered weighs 1 (pc_rules.c:499 the Line phases'
 * `w[i] = 1` as `w[i] = 2`). */
static void line_anchor_weighs_one(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    assert_int_equal(S(t)->phase, PH_ANCHOR);
    vbt_weighs_one(t, "M46: 5.5 the Line's first hex");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(modifier_floor_bounds),        cmocka_unit_test(routed_vp_bounds),
        cmocka_unit_test(setup_area_formation_or_side), cmocka_unit_test(melee_table_read_whole),
        cmocka_unit_test(unit_army_empty_refused),      cmocka_unit_test(range_mod_source_needed),
        cmocka_unit_test(line_anchor_weighs_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
