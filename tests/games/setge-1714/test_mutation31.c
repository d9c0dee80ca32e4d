/*
 * test_mutation31.c - setge-1714: the survivors of the thirty-first
 * session's mutation pass, seed 31 (helper sgm), of sg_rules.c and
 * sg_legal.c (docs/setge-1714.md, "Mutation pass, thirty-first session,
 * seed 31 (helper sgm)"): each test fails with the mutant it names
 * planted, and no other setge test did.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/setge-1714/sg_int.h"
#include "sg_test.h"
#include "vbtest.h"

#define GAME "setge-1714"

/* 6.3: `move-stack Z` then `to Y` moves every piece of the stack, the
 * first unit of each side's list (forces.json: Coronela Trinitat 1, La
 * Marine 1) as well as the others (sg_rules.c:962, the stack's loop). */
static void test_6_3_stack_moves_every_piece(void **state)
{
    static const struct {
        const char *half, *from, *to, *a, *b, *stack, *dest;
    } rows[] = {
        {"catalan", "Baluard de Jonqueres", "Placa de Jonqueres", "Coronela Trinitat 1",
         "Coronela Trinitat 2", "move-stack Baluard-de-Jonqueres", "to Placa-de-Jonqueres"},
        {"bourbon", "Left Two Crowns", "Platja del Rec", "La Marine 1", "La Marine 2",
         "move-stack Left-Two-Crowns", "to Platja-del-Rec"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char zones[256];
        snprintf(zones, sizeof zones, "\"%s\": [\"%s\", \"%s\"], \"%s\": [\"%s\"]", rows[i].from,
                 rows[i].a, rows[i].b, i ? "Pla de Palau" : "Fossat de Llevant",
                 i ? "Nebot" : "French Battalion 1");
        sgt_load_at(t, rows[i].half, "movement", "secured", zones, "");
        vbt_act(t, rows[i].stack);
        vbt_act(t, rows[i].dest);
        in_zone(t, rows[i].a, rows[i].to);
        in_zone(t, rows[i].b, rows[i].to);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_6_3_stack_moves_every_piece),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
