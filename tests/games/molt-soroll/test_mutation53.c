/* test_mutation53.c - molt-soroll: tests written in the fifty-third
 * session (helper msu): the names a player reads refused when empty, and
 * the survivors of the seed-53 mutation pass. Each fails with its mutant
 * (or, for the names, the loader of e3271617) planted back (messages
 * "M53:"; docs/molt-soroll.md, "Mutation pass, fifty-third session
 * (helper msu)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

#define GAME "molt-soroll"

/* The data contract (2.1, 2.2, 2.3): every name the player reads, of
 * Barcelona, a front, a box, a track's box, a token, a card, an event or
 * a land of the SVG map, is refused in one line when it is empty or has
 * no letter or digit once folded ("'", " - "), as setge's loader does (a
 * src change of this session: the loader of e3271617 started a game with
 * `"name": ""`). A name of one letter, or of digits ("0" of the Pope's
 * track), still loads. */
static void test_empty_names_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: 2.1 Barcelona named ''", "map.json", "\"name\": \"Barcelona\"", "\"name\": \"\"",
         "map.json barcelona: empty name (no letter or digit)"},
        {"M53: 2.1 the Noblesa catalana named ''", "map.json", "\"name\": \"Noblesa catalana\"",
         "\"name\": \"\"", "map.json front 0: empty name (no letter or digit)"},
        {"M53: 2.1 Foix named \"'\"", "map.json", "{\"name\": \"Foix\"", "{\"name\": \"'\"",
         "map.json front 'Noblesa-catalana' box 0: empty name (no letter or digit)"},
        {"M53: 2.1 a nobility box named ' - '", "map.json", "{\"name\": \"+2/+1\"",
         "{\"name\": \" - \"", "map.json track 'nobility': empty name (no letter or digit)"},
        {"M53: 2.3 the first token named ''", "map.json", "\"name\": \"Almogàvers\"",
         "\"name\": \"\"", "map.json token 0: empty name (no letter or digit)"},
        {"M53: 2.3 the first token named 'A'", "map.json", "\"name\": \"Almogàvers\"",
         "\"name\": \"A\"", NULL},
        {"M53: 2.2 Coronació a Saragossa named ''", "cards.json",
         "\"name\": \"Coronació a Saragossa\"", "\"name\": \"\"",
         "cards.json card 'coronacio-saragossa': empty name (no letter or digit)"},
        {"M53: 2.2 Coronació a Saragossa named '7'", "cards.json",
         "\"name\": \"Coronació a Saragossa\"", "\"name\": \"7\"", NULL},
        {"M53: 5 the first event named '-'", "cards.json",
         "{\"name\": \"Pere renuncia al vassallatge papal\"", "{\"name\": \"-\"",
         "cards.json card 'coronacio-saragossa': empty name (no letter or digit)"},
        {"M53: 2.1 the land Europa named ''", "board.json", "{\"name\": \"Europa\"",
         "{\"name\": \"\"", "board.json land 0: empty name (no letter or digit)"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* 5, 7: the drawn card is logged as printed on it, its movement naming
 * each front it moves and no other, the line ending with the last one
 * (ms_rules.c:704, the movement's loop `m < c->nmove` -> `<=`: a front
 * past the card's movement, the unused slot's Noblesa catalana, logged
 * after the last: "movement: Noblesa aragonesa, Noblesa catalana"). */
static void test_card_logged_movement_ends_at_its_last_front(void **state)
{
    vbt *t = fresh();
    (void)state;
    vbt_dice(t, "setge-balaguer");
    const char *line = strstr(t->log, "[5] Setge de Balaguer:");
    if (!line || !vbt_logged(t, "Fidelitat de la noblesa +1; movement: Noblesa aragonesa\n"))
        fail_msg(
            "M53: 7 Setge de Balaguer's movement not logged as Noblesa aragonesa alone: %.300s",
            line ? line : "(no card line)");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_names_refused),
        cmocka_unit_test(test_card_logged_movement_ends_at_its_last_front),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
