/* test_mutation51.c - setge-1714: tests written against survivors of the
 * seed-51 mutation pass of the fifty-first session (helper sgy) over
 * sg_rules.c (the rules). Each fails with its mutant planted back
 * (messages "M51:"); lines of 7ff54820 (docs/setge-1714.md, "Mutation
 * pass, fifty-first session, second round (helper sgy)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sg_test.h"

#define GAME "setge-1714"

/* The last half of turn 12 at its movement, CARD (a card's id, or NULL
 * for none in play): its end ends the half, and the game. */
static vbt *last_half_at_movement(const char *card)
{
    char json[768];
    int n = snprintf(json, sizeof json,
                     "{\"turn\": 12, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                     "%s%s%s \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                     " \"zones\": {\"Pla de Palau\": [\"Ciutat 1\"], \"Born\": [\"Ciutat 2\"],"
                     " \"Left Two Crowns\": [\"French Battalion 1\"]}}",
                     card ? " \"card\": \"" : "", card ? card : "", card ? "\"," : "");
    assert_true(n > 0 && (size_t)n < sizeof json);
    vbt *t = vbt_new(GAME, NULL, 1);
    sgt_load(t, json);
    vbt_clear_log(t);
    vbt_act(t, "end-movement");
    assert_true(S(t)->over);
    return t;
}

/* Rules 5.1.6 and 5.2.5: "The card used during the turn is discarded" -
 * the log says so when a half ends with a card in play (bells), and says
 * nothing of a card when none is in play. (sg_rules.c:458, the test
 * `s->card != SG_NO` turned to `==`, dropped the line with a card and,
 * without one, read the name of card 255, past the 32 of the table.) */
static void card_discarded_at_the_end_of_the_half_logged(void **state)
{
    (void)state;
    vbt *t = last_half_at_movement("bells");
    if (!vbt_logged(t, "[5.1.6] Card 'bells' is discarded"))
        fail_msg("M51: 5.1.6 the half ended with bells in play, no discard logged:\n%s", t->log);
    assert_int_equal(S(t)->card, SG_NO);
    vbt_free(t);
    t = last_half_at_movement(NULL);
    if (vbt_logged(t, "is discarded"))
        fail_msg("M51: 5.1.6 the half ended with no card in play, a discard logged:\n%s", t->log);
    vbt_free(t);
}

/* The legal action of game g whose text is TEXT, applied to s (the test
 * fails, naming it, when no legal action has that text). */
static void act_in(const vb_game *g, sg_state *s, const char *text)
{
    vb_action a[VB_MAX_ACTIONS];
    char buf[VB_TEXT_LEN];
    vb_ctx cx;
    vb_ctx_init(&cx);
    int n = sg_legal(g, s, a, NULL, VB_MAX_ACTIONS);
    for (int i = 0; i < n; i++) {
        sg_action_text(g, s, a[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) {
            assert_int_equal(sg_apply(g, s, a[i], &cx), 0);
            return;
        }
    }
    fail_msg("M51: '%s' is not legal", text);
}

/* Rules 9 and 11.3: "If there are enemy guns in a zone occupied by the
 * enemy they are captured" - whichever unit of forces.json the gun is.
 * The first unit of the data (Coronela Trinitat 1, a combat unit as
 * shipped) made a gun and put beside Ciutat 1 in Carrer del Portal Nou;
 * the two grenadier companies' assault from Baluard del Portal Nou (6
 * and 1: 12 against 6) takes the street, and the gun is captured as
 * test_audit29's Bateria del Portal Nou is. (sg_rules.c:295, capture's
 * loop from unit 1, left the data's first unit on the map.) */
static void first_unit_of_the_data_captured(void **state)
{
    static const vbt_data_row row = {
        "M51: 9 the first unit a gun", "forces.json",
        "\"kind\": \"combat\",\n   \"type\": \"coronela\",\n   \"strength\": 3,",
        "\"kind\": \"gun\",", NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed(GAME, &row, &cx);
    if (!g)
        fail_msg("M51: 9 the first unit a gun refused: %s", cx.err);
    const sg_data *d = g->data;
    assert_int_equal(d->u[0].kind, K_GUN);
    vbt *t = vbt_new(GAME, NULL, 1);
    sgt_load_at(t, "bourbon", "combat", "secured",
                "\"Baluard del Portal Nou\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
                " \"Carrer del Portal Nou\": [\"Ciutat 1\", \"Coronela Trinitat 1\"],"
                " \"Pla d'en Llull\": [\"Ciutat 2\"],"
                " \"Left Two Crowns\": [\"French Battalion 1\"]",
                "");
    assert_int_equal(U(t, "Coronela Trinitat 1"), 0);
    sg_state *s = malloc(sizeof *s);
    assert_non_null(s);
    *s = *S(t);
    sg_resum(d, s);
    act_in(g, s, "assault Baluard-del-Portal-Nou onto Carrer-del-Portal-Nou");
    act_in(g, s, "lead French-Grenadiers-1");
    act_in(g, s, "hold");
    act_in(g, s, "6");
    act_in(g, s, "1");
    assert_int_equal(s->uz[U(t, "French Grenadiers 1")], Z(t, "Carrer del Portal Nou"));
    if (s->us[0] != US_ELIM)
        fail_msg("M51: 9 the gun Coronela Trinitat 1 (unit 0) not captured by the advance");
    free(s);
    vbt_free(t);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(card_discarded_at_the_end_of_the_half_logged),
        cmocka_unit_test(first_unit_of_the_data_captured),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
