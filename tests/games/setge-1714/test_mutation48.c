/* test_mutation48.c - setge-1714: tests written against survivors of the
 * seed-48 mutation pass of the forty-eighth session (helper sgr) over
 * sg_rules.c (the rules). Each fails with its mutant planted back
 * (messages "M48:"); lines of ed6dcf8c (docs/setge-1714.md, "Mutation
 * pass, forty-eighth session (helper sgr)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

/* Rule 8: the event card drawn for the active side gives its assault
 * modifier to that side's assaults (11.3), whichever card of the deck it
 * is. The first card of game.json ("smoke", no effect as shipped) is given
 * "side": "active", "assault": 1 and drawn in the Bourbon half: the Two
 * Crowns' assault from Santa Marta on Pla d'en Llull counts one more than
 * with the shipped card, the defender the same. (sg_rules.c:257 the
 * modifier read for `c > 0`: the deck's first card never counted.) */
static void first_card_of_the_deck_modifies_the_assault(void **state)
{
    (void)state;
    static const vbt_data_row row = {
        "M48: 8 first card's assault", "game.json", "\"id\": \"smoke\",",
        "\"id\": \"smoke\", \"side\": \"active\", \"assault\": 1,", NULL};
    vb_ctx cx = {0};
    vb_game *g = vbt_load_changed("setge-1714", &row, &cx);
    if (!g)
        fail_msg("M48: the changed game.json refused: %s", cx.err);
    vbt *t = vbt_new("setge-1714", NULL, 1);
    char pos[1024], buf[1100];
    sgt_retreat_position(pos, sizeof pos, 4, 3);
    snprintf(buf, sizeof buf, "{\"card\": \"smoke\", %s", pos + 1);
    sgt_load(t, buf);
    assert_int_equal(S(t)->card, 0);
    int a0, v0, a1, v1;
    sg_assault_values(D(t), S(t), &a0, &v0);
    sg_assault_values(g->data, S(t), &a1, &v1);
    if (a1 != a0 + 1 || v1 != v0)
        fail_msg("M48: the first card's +1 assault: %d against %d, expected %d against %d", a1, v1,
                 a0 + 1, v0);
    vbt_free(t);
    vb_game_free(g);
}

/* Rule 9 and 15: in the artillery phase each seat of the side fires its own
 * guns, then the phase ends; a seat with no gun that can fire is passed.
 * Three players, a new game (the event "smoke"): the French seat ends its
 * artillery with guns unfired, the Spanish seat has none that can fire, so
 * the Bourbon half goes on past the artillery phase; the French are not
 * asked again. (sg_rules.c:516 `s->seat + 1 <= nseats(s)`: a seat past
 * the last one, read as the first, the French asked for their guns again.) */
static void artillery_ends_after_the_last_seat(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", "3p", 1);
    vbt_dice(t, "1,smoke");
    assert_int_equal(S(t)->phase, PH_ART);
    assert_int_equal(sg_seat_role(S(t)), R_BOURBON);
    /* The Spanish gun (Bourbon Battery 3, Right Two Crowns) taken off. */
    json_t *j = vbt_state_json(t);
    json_t *rz = json_object_get(json_object_get(j, "zones"), "Right Two Crowns");
    size_t i;
    json_t *v;
    json_array_foreach(rz, i, v) if (strcmp(json_string_value(v), "Bourbon Battery 3") == 0)
    {
        json_array_remove(rz, i);
        break;
    }
    json_t *el = json_object_get(j, "eliminated");
    if (!el) {
        el = json_array();
        json_object_set_new(j, "eliminated", el);
    }
    json_array_append_new(el, json_string("Bourbon Battery 3"));
    if (vbt_load_json(t, j))
        fail_msg("load: %s", t->cx.err);
    assert_int_equal(S(t)->us[U(t, "Bourbon Battery 3")], US_ELIM);
    assert_int_equal(S(t)->phase, PH_ART);
    assert_true(vbt_legal(t, "end-artillery"));
    vbt_act(t, "end-artillery");
    if (S(t)->phase == PH_ART)
        fail_msg("M48: the artillery phase goes on after the Spanish seat's (seat %d, role %d)",
                 S(t)->seat, sg_seat_role(S(t)));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_card_of_the_deck_modifies_the_assault),
        cmocka_unit_test(artillery_ends_after_the_last_seat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
