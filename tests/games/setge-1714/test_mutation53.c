/* test_mutation53.c - setge-1714: tests written against survivors of the
 * seed-53 mutation pass of the fifty-third session (helper sgu) over
 * sg_board.c (the board text and the `zone` view), sg_data.c (the data
 * files read) and sg_legal.c (the legal actions). Each fails with its
 * mutant planted back (messages "M53:"); lines of 26ad3388
 * (docs/setge-1714.md, "Mutation pass, fifty-third session (helper
 * sgu)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "registry.h"
#include "sg_test.h"

#define GAME "setge-1714"

/* Rule 10, the `zone` view: "orders that concern it now" lists a unit's
 * pick when the unit may end its move in the zone. Once the movement has
 * used its SG_MAX_CANCEL cancels the destinations are the whole list (no
 * `cancel` first), so the first of them is the lowest-numbered zone the
 * unit reaches: Ciutat 1, alone in the Pla de Palau, reaches it and its
 * view lists "move Ciutat-1". (sg_board.c:195, the destinations read from
 * the second, `j = 1`, skipped the first one once no cancel leads the
 * list.) */
static void zone_view_lists_a_pick_for_its_first_destination(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    char json[512];
    snprintf(json, sizeof json,
             "{\"turn\": 12, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
             " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"cancels\": %d,"
             " \"zones\": {\"Pla de Palau\": [\"Ciutat 1\"], \"Left Two Crowns\": [\"La Marine "
             "1\"]}}",
             SG_MAX_CANCEL);
    sgt_load(t, json);
    sg_state c = *S(t);
    vb_action dest[VB_MAX_ACTIONS];
    assert_int_equal(sg_apply(t->g, &c, SG_ACT(A_PICK, U(t, "Ciutat 1"), 0, 0), NULL), 0);
    int n = sg_legal(t->g, &c, dest, NULL, VB_MAX_ACTIONS);
    if (n < 2 || SG_AK(dest[0]) != A_DEST)
        fail_msg("M53: 10 no cancel left: %d destinations, the first not a zone", n);
    const char *tok = D(t)->z[SG_AA(dest[0])].tok;
    char *z = vbt_area_text(t, -1, tok);
    if (!strstr(z, "orders that concern it now: move Ciutat-1;"))
        fail_msg("M53: 10 zone %s, Ciutat 1's first destination, lacks its pick:\n%s", tok, z);
    free(z);
    vbt_free(t);
}

/* The board text: the map in its five sectors, each under one "== TITLE =="
 * line, the Ribera last, then the units waiting to arrive. (sg_board.c:90,
 * the sectors' loop `sec <= 5`, read a sixth title past the five of the
 * table and printed a sixth heading with no zone under it; CI's sanitizer
 * build also stops it, a global-buffer-overflow.) */
static void board_has_five_sectors(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    char *b = vbt_board_text(t, -1);
    int n = 0;
    const char *last = NULL;
    for (const char *p = strstr(b, "\n== "); p; p = strstr(p + 1, "\n== ")) {
        n++;
        last = p + 1;
    }
    if (n != 5 || strncmp(last, "== Ribera: ", 11) != 0)
        fail_msg("M53: the board has %d sector headings, the last '%.40s'", n, last ? last : "");
    const char *w = strstr(last, "\nWaiting to arrive:");
    if (!w || strstr(w, "\n== "))
        fail_msg("M53: the board: no \"Waiting to arrive:\" after the Ribera");
    free(b);
    vbt_free(t);
}

/* The `zone` view's "next to it" lines: a neighbour's line that passes the
 * 80 columns (a long name, a breach that protects the zone) goes on with
 * its pieces on a line indented 6 columns, as vb_para breaks it. Every
 * zone at the start, each continuation line read; there are some (the
 * Bourbon zones before the breaches). (sg_board.c:271, the paragraph's
 * indent 7: the continuation one column further in.) */
static void zone_view_neighbours_wrap_at_six(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = D(t);
    int wrapped = 0;
    for (int z = 0; z < d->nz; z++) {
        char *v = vbt_area_text(t, -1, d->z[z].tok);
        const char *p = strstr(v, "\n  next to it:\n");
        assert_non_null(p);
        p = strchr(p + 1, '\n') + 1;
        while (*p && strncmp(p, "  orders", 8) != 0) {
            if (strncmp(p, "    ", 4) != 0)
                fail_msg("M53: zone %s: a neighbour line '%.40s'", d->z[z].name, p);
            if (p[4] == ' ') {
                if (strncmp(p, "      ", 6) != 0 || p[6] == ' ')
                    fail_msg(
                        "M53: zone %s: a neighbour's line goes on at another indent than 6:\n%s",
                        d->z[z].name, v);
                wrapped++;
            }
            const char *e = strchr(p, '\n');
            if (!e)
                break;
            p = e + 1;
        }
        free(v);
    }
    if (!wrapped)
        fail_msg("M53: no zone's neighbour line wraps at the start");
    vbt_free(t);
}

/* Rule 1 (forces.json): a combat unit's strength is 1 to 9; a unit of
 * strength 0 is refused, naming the unit and the range. (sg_data.c:312,
 * the range read from 0, loaded a combat unit of strength 0.) */
static void combat_unit_of_strength_zero_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: 1 Coronela Trinitat 1 of strength 0", "forces.json", "\"strength\": 3,",
         "\"strength\": 0,", "'Coronela Trinitat 1': \"strength\" is 0, must be 1-9"},
        {"M53: 1 Coronela Trinitat 1 of strength 1", "forces.json", "\"strength\": 3,",
         "\"strength\": 1,", NULL},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* Rule 3, the turn track of game.json: each turn's Bourbon recovery is 0
 * to 99 and each turn names its source; a turn that breaks either is
 * refused. (sg_data.c:383, `||` to `&&` before need_source (planted by
 * hand, `a || b || (c && d)`): a bad recovery with its source, or a good
 * one without, let the turn through.) */
static void turn_recovery_and_source_checked(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: 3 turn 1 recovery 100", "game.json", "\"recovery\": 0,", "\"recovery\": 100,",
         "\"recovery\" is 100, must be 0-99"},
        {"M53: 3 turn 1 without its source", "game.json",
         "\"recovery\": 0,\n   \"source\": \"reconstructed: the printed track",
         "\"recovery\": 0,\n   \"sourcx\": \"reconstructed: the printed track", "source"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* Rule 1 (forces.json): units are told apart by name, and the duplicate
 * check compares a unit only with those read before it. A unit whose name
 * is empty, or has no letter or digit once folded ("'", " - "), is refused
 * for that, in one line, not as a duplicate (the lead,
 * after helper sgu's pass: the loader had accepted it, a unit no order can
 * name); the same for an empty zone name in map.json. (sg_data.c:288, the
 * check run one past, `k <= d->nu`, compared the unit with its own slot,
 * still empty, and refused it: "duplicate unit".) */
static void empty_names_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: 1 a unit named ''", "forces.json", "\"name\": \"Coronela Trinitat 1\"",
         "\"name\": \"\"", "forces.json: unit '': empty name"},
        {"M53: 1 a unit named \"'\"", "forces.json", "\"name\": \"Coronela Trinitat 1\"",
         "\"name\": \"'\"", "forces.json: unit ''': empty name"},
        {"M53: 1 a unit named ' - '", "forces.json", "\"name\": \"Coronela Trinitat 1\"",
         "\"name\": \" - \"", "forces.json: unit ' - ': empty name"},
        {"M53: 1 a unit named 'Coronela 1'", "forces.json", "\"name\": \"Coronela Trinitat 1\"",
         "\"name\": \"Coronela 1\"", NULL},
        {"M53: a zone named ''", "map.json", "\"name\": \"Baluard de Jonqueres\"", "\"name\": \"\"",
         "map.json: zone '': empty name"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* Rule 9 with rule 8's cards: a gun hits on 4 at range 1 and 5 at range
 * 2, moved by the card in play for the firing side, whichever card of the
 * deck it is. The deck's first card (smoke) has no effect in the shipped
 * game.json; given "guns": -1, with smoke in play a Bourbon gun hits on 3
 * and 4, and a Catalan one in the Bourbon half on 4 and 5. (sg_legal.c:112,
 * the card taken only when `c >= 1`, dropped the first card's effect.) */
static void first_card_moves_the_guns(void **state)
{
    static const vbt_data_row row = {
        "M53: 8 smoke with guns -1", "game.json", "\"text\": \"No effect.\",\n   \"source\"",
        "\"text\": \"No effect.\",\n   \"guns\": -1,\n   \"source\"", NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed(GAME, &row, &cx);
    if (!g)
        fail_msg("M53: 8 smoke with guns -1 refused: %s", cx.err);
    const sg_data *d = g->data;
    assert_string_equal(d->c[0].id, "smoke");
    sg_state *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->card = 0;
    s->half = SG_BOURBON;
    for (int dist = 1; dist <= 2; dist++) {
        int b = sg_gun_need(d, s, SG_BOURBON, dist), c = sg_gun_need(d, s, SG_CATALAN, dist);
        if (b != dist + 2 || c != dist + 3)
            fail_msg("M53: 9 smoke (guns -1) in play, range %d: the Bourbons hit on %d, the "
                     "Catalans on %d; expected %d and %d",
                     dist, b, c, dist + 2, dist + 3);
    }
    free(s);
    vb_game_free(g);
}

/* Rule 2.2 and 6.2, rule 10.1 (map.json): the map needs the Pla de
 * Palau, deployment zones and R zones (where reinforcements arrive); a map
 * with no deployment zone, or with no R zone, is refused. Each mark is
 * on several zones, so the shipped map.json is read, the key taken off
 * every zone, and the whole file swapped for it. (sg_data.c:241, `||` to
 * `&&` (planted by hand as it stands): the map refused only when both
 * were missing.) */
static void map_needs_deployment_and_r_zones(void **state)
{
    static const char *const keys[] = {"deployment", "reinforcement"};
    const vb_data_file *f = NULL;
    (void)state;
    for (int i = 0; vb_data_table[i].path && !f; i++)
        if (strcmp(vb_data_table[i].path, GAME "/map.json") == 0)
            f = &vb_data_table[i];
    assert_non_null(f);
    char *from = malloc(f->len + 1);
    assert_non_null(from);
    memcpy(from, f->bytes, f->len);
    from[f->len] = '\0';
    for (int k = 0; k < 2; k++) {
        json_t *j = json_loads(from, 0, NULL), *zo;
        size_t i, n = 0;
        assert_non_null(j);
        json_array_foreach(json_object_get(j, "zones"), i, zo)
        {
            if (json_object_del(zo, keys[k]) == 0)
                n++;
        }
        assert_true(n > 0);
        char *to = json_dumps(j, JSON_INDENT(1));
        assert_non_null(to);
        vbt_data_row row = {"M53: 2.2 a map with no zone marked", "map.json", from, to,
                            "needs the Pla de Palau, deployment zones and R zones"};
        vb_ctx cx;
        vb_game *g = vbt_load_changed(GAME, &row, &cx);
        if (g || !strstr(cx.err, row.err))
            fail_msg("M53: 2.2 a map with no zone marked '%s' %s: %s", keys[k],
                     g ? "loads" : "refused otherwise", g ? "" : cx.err);
        free(to);
        json_decref(j);
    }
    free(from);
}

/* Rule 8 (game.json's cards): a card moves the guns' number to hit by -2
 * to +2; the top end loads, one past it is refused. mutation19 reads the
 * bottom end (-2, -3). (sg_data.c:435, the top bound `c->guns >= 2`,
 * refused a card of +2.) */
static void card_guns_top_end(void **state)
{
    static const vbt_data_row rows[] = {
        {"M53: 8 guns +2", "game.json", "\"guns\": -1,", "\"guns\": 2,", NULL},
        {"M53: 8 guns +3", "game.json", "\"guns\": -1,", "\"guns\": 3,", "effect out of range"},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zone_view_lists_a_pick_for_its_first_destination),
        cmocka_unit_test(board_has_five_sectors),
        cmocka_unit_test(zone_view_neighbours_wrap_at_six),
        cmocka_unit_test(combat_unit_of_strength_zero_refused),
        cmocka_unit_test(turn_recovery_and_source_checked),
        cmocka_unit_test(empty_names_refused),
        cmocka_unit_test(first_card_moves_the_guns),
        cmocka_unit_test(card_guns_top_end),
        cmocka_unit_test(map_needs_deployment_and_r_zones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
