/* test_mutation49.c - molt-soroll: tests written against survivors of the
 * seed-49 mutation pass of the forty-ninth session (the lead) over
 * ms_rules.c, ms_io.c and ms_odds.c. Each fails with its mutant planted
 * back (messages "M49:"); lines of 9f7f830d (docs/molt-soroll.md,
 * "Mutation pass, forty-ninth session (the lead)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* 5, 2.2: the drawn card is logged with every influence modifier, the
 * Nobility's (the first track) too. No shipped card has one, so Elecció de
 * Martí IV's loaded card (the Pope -1) is given +1 on the Nobility as well.
 * (ms_rules.c:684, the tracks' modifiers looped from `t = 1`: the
 * Nobility's left out of the log.) */
static void card_logged_with_a_nobility_modifier(void **state)
{
    (void)state;
    vbt *t = fresh();
    card_to_edit(t, "eleccio-marti-iv")->mod_infl[MS_NOBILITY] = 1;
    vbt_dice(t, "eleccio-marti-iv");
    if (!vbt_logged(t, "[5] Elecció de Martí IV: 2 actions, influence nobility +1, influence "
                       "pope -1; event "))
        fail_msg("M49: Elecció de Martí IV logged without the Nobility's +1");
    vbt_free(t);
}

/* 9: a force in a fortified box lays siege there at the end of the
 * actions, on any box of its front, its first too. No shipped front's
 * first box is fortified, so the loaded map's Foix (the Noblesa
 * catalana's box 0, where it starts) is made fortified. (ms_rules.c:126,
 * ms_fortified_here's `p < 0` -> `p < 1`: a force on its first box never
 * in a fortified box, no siege laid.) */
static void siege_laid_on_a_fortified_first_box(void **state)
{
    (void)state;
    vbt *t = fresh();
    put(t, at_actions(t, "coronacio-saragossa", 1));
    ((ms_data *)t->g->data)->front[CAT].box[0].fortified = 1;
    if (S(t)->pos[CAT] != 0 || S(t)->besieging[CAT])
        fail_msg("M49: the Noblesa catalana not on Foix, its box 0, without a siege marker");
    vbt_act(t, "end-actions");
    if (!S(t)->besieging[CAT] || !vbt_logged(t, "[9] Noblesa catalana lays siege to Foix"))
        fail_msg("M49: 9: no siege laid on Foix, a fortified box 0");
    vbt_free(t);
}

/* State files: a front's name the game does not have is refused by name,
 * not read as the first front's. (ms_io.c:457, the front's index from
 * `f = -1` -> `-0`: "Nowhere" read as the Noblesa catalana, whose own
 * entry it replaced, and the file accepted.) */
static void state_file_unknown_front_refused(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = js(t);
    json_object_set_new(front_obj(j, "Noblesa-catalana"), "front", json_string("Nowhere"));
    int rc = put_bad(t, j);
    if (rc != VB_EINPUT || strcmp(t->cx.err, "fronts: unknown front 'Nowhere'") != 0)
        fail_msg("M49: a front named Nowhere: %s", rc ? t->cx.err : "read");
    vbt_free(t);
}

/* 5 (Reinforcements): a state file paused at the reinforcement of a
 * reduced force on its front's first box (Revolta mudèjar's blue banner,
 * the Noblesa catalana reduced on Foix) is a position play reaches and is
 * read. (ms_io.c:831, `pos < 0` -> `<= 0`: refused as "no reduced
 * force".) */
static void reinforcement_of_a_force_on_box_0_read(void **state)
{
    (void)state;
    vbt *t = fresh();
    json_t *j = at_actions(t, "revolta-mudejar", 0);
    set_front(j, "Noblesa-catalana", "Foix", "reduced", 0);
    set_s(j, "phase", "reinforcements");
    set_i(j, "step", CAT);
    put_row(t, j, "M49: 5, a reduced force on its box 0");
    if (S(t)->phase != PH_REINF || S(t)->sub != CAT || S(t)->pos[CAT] != 0)
        fail_msg("M49: 5: the reinforcement of the Noblesa catalana on Foix not read");
    vbt_free(t);
}

/* 8.1: a fleet supports an offensive only in a sea box. A state file
 * paused at an offensive's die: on Foix (no sea) without the fleet, read;
 * with it, refused; Naples' on Messina (by the sea) with the fleet, read.
 * (ms_io.c:867, either `&&` -> `||`: the first refused every offensive
 * off the sea, the second let a fleet sail to Foix.) */
static void pending_offensive_fleet_only_at_sea(void **state)
{
    (void)state;
    static const struct {
        const char *front, *box;
        int fleet, ok;
    } c[] = {{"Noblesa-catalana", "Foix", 0, 1},
             {"Noblesa-catalana", "Foix", 1, 0},
             {"Napols", "Messina", 1, 1}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        vbt *t = fresh();
        json_t *j = offensive_at(t, c[i].front, c[i].box, "full");
        set_s(j, "phase", "offensive");
        json_object_set_new(j, "pending",
                            json_pack("{s:s, s:b, s:b}", "offensive", c[i].front, "almogavar", 0,
                                      "fleet", c[i].fleet));
        int rc = put_bad(t, j);
        if (c[i].ok
                ? rc != 0
                : rc != VB_EINPUT ||
                      strcmp(t->cx.err, "pending offensive: fleets only in sea boxes (rule 8.1)"))
            fail_msg("M49: 8.1 an offensive on %s %s the fleet: %s", c[i].box,
                     c[i].fleet ? "with" : "without", rc ? t->cx.err : "read");
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(card_logged_with_a_nobility_modifier),
        cmocka_unit_test(siege_laid_on_a_fortified_first_box),
        cmocka_unit_test(state_file_unknown_front_refused),
        cmocka_unit_test(reinforcement_of_a_force_on_box_0_read),
        cmocka_unit_test(pending_offensive_fleet_only_at_sea),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
