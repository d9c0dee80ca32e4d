/* test_mutation50.c - setge-1714: tests written against survivors of the
 * seed-50 mutation pass of the fiftieth session (helper sgd) over
 * sg_data.c (the data files read, their refusals), sg_legal.c (the legal
 * actions), sg_explain.c (why an order is refused) and sg_svg.c (the
 * board as SVG). Each fails with its mutant planted back (messages
 * "M50:"); lines of f8ccc669 (docs/setge-1714.md, "Mutation pass,
 * fiftieth session (helper sgd)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "sg_test.h"

#define GAME "setge-1714"

/* Rule 2.2 (map.json's sides): a side joins two zones, in either order;
 * the map's first zone (Right Two Crowns, zone 0) is never a side's "b",
 * so the side Right Two Crowns - Centre Two Crowns written the other way
 * round loads, and the two zones stay neighbours. (sg_data.c:155, the
 * unknown-zone test `zb <= 0`, refused zone 0 as a side's second zone:
 * "unknown zone 'Right Two Crowns'".) */
static void side_to_the_first_zone_loads(void **state)
{
    static const vbt_data_row row = {
        "M50: 2.2 side Centre - Right Two Crowns", "map.json",
        "\"a\": \"Right Two Crowns\",\n   \"b\": \"Centre Two Crowns\"",
        "\"a\": \"Centre Two Crowns\",\n   \"b\": \"Right Two Crowns\"", NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed(GAME, &row, &cx);
    if (!g)
        fail_msg("M50: 2.2 the side Centre - Right Two Crowns refused: %s", cx.err);
    const sg_data *d = g->data;
    int r = sg_find_zone(d, "Right Two Crowns"), c = sg_find_zone(d, "Centre Two Crowns");
    assert_true(r >= 0 && c >= 0);
    if (!(d->z[r].adj & BIT(c)) || !(d->z[c].adj & BIT(r)))
        fail_msg("M50: 2.2 Right and Centre Two Crowns no longer neighbours");
    vb_game_free(g);
}

/* Rule 8 (game.json's cards): a card with no "side" plays for the active
 * side, as "side": "active" does. Drums (move +1, "the active side's units
 * may move up to 4 zones") with its side left out: 4 zones for the
 * Bourbons in their half-turn and 3 for the Catalans, and the other way
 * round in the Catalan half. The shipped cards without a side (smoke,
 * haze) have no effect, so only such a file tells. (sg_data.c:410, the
 * default `c->side = 2` as 1, made every sideless card the Catalans'.) */
static void card_without_side_plays_for_the_active_side(void **state)
{
    static const vbt_data_row row = {"M50: 8 drums without a side", "game.json",
                                     "\"side\": \"active\",\n   \"move\": 1,", "\"move\": 1,",
                                     NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed(GAME, &row, &cx);
    if (!g)
        fail_msg("M50: 8 drums without a side refused: %s", cx.err);
    const sg_data *d = g->data;
    int k = -1;
    for (int i = 0; i < d->nc; i++)
        if (strcmp(d->c[i].id, "drums") == 0)
            k = i;
    assert_true(k >= 0);
    sg_state *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->card = (uint8_t)k;
    for (int half = 0; half < 2; half++) {
        s->half = (uint8_t)half;
        for (int side = 0; side < 2; side++) {
            int want = side == half ? 4 : 3, got = sg_move_allowance(d, s, side);
            if (got != want)
                fail_msg("M50: 8 drums without a side, %s half: %s move %d zones, expected %d",
                         half == SG_BOURBON ? "Bourbon" : "Catalan",
                         side == SG_BOURBON ? "Bourbons" : "Catalans", got, want);
        }
    }
    free(s);
    vb_game_free(g);
}

/* Rule 1 (forces.json): a combat unit's type is one of the types listed
 * in "types"; an empty type names none of them and is refused, naming the
 * unit. (sg_data.c:40, the names' search run one past the count, `i <= n`,
 * compared the empty slot after the nine types read, and a unit of type ""
 * loaded with a type the file never listed.) */
static void unit_of_an_empty_type_refused(void **state)
{
    static const vbt_data_row rows[] = {
        {"M50: 1 unit of type \"\"", "forces.json", "\"type\": \"coronela\"", "\"type\": \"\"",
         "unknown type ''"},
        {"M50: 1 unit of type regulars", "forces.json", "\"type\": \"coronela\"",
         "\"type\": \"regulars\"", NULL},
    };
    (void)state;
    vbt_check_data_rows(GAME, rows, sizeof rows / sizeof rows[0]);
}

/* 11.3, 15: "the attacker must advance and occupy" the emptied zone; the
 * declaring seat advances its own units, the other seat of the side only
 * when the declaring one has none left in the attacking zone. Three
 * players: the Spanish seat declared the assault from Santa Marta, where
 * only French units are left: the French seat (role 0) advances them.
 * (sg_legal.c:526, the other seat taken only when `o >= 1`, kept the
 * Spanish seat, which had no unit to advance; mutation24 has the French
 * seat declaring, whose other seat, the Spanish, is role 2.) */
static void french_advance_after_a_spanish_assault(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, "3p", 1);
    const sg_data *d = D(t);
    const char *sp = NULL;
    char json[2048];
    for (int k = 0; k < d->nu && !sp; k++)
        if (d->u[k].side == SG_BOURBON && d->u[k].kind == K_COMBAT &&
            sg_unit_role(d, S(t), k) == R_SPANISH)
            sp = d->u[k].name;
    assert_non_null(sp);
    snprintf(
        json, sizeof json,
        "{\"turn\": 5, \"half\": \"bourbon\", \"seat\": \"spanish\","
        " \"phase\": \"advance\", \"deck\": [], \"royal_breach\": \"secured\","
        " \"unlisted\": \"eliminated\", \"zones\": {\"Santa Marta\": [\"French Battalion 1\","
        " \"French Battalion 3\"], \"Pla de Palau\": [\"Nebot\"], \"Left Two Crowns\": [\"%s\"]},"
        " \"acted\": [\"Santa Marta\"], \"combat\": {\"kind\": \"assault\","
        " \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\", \"attacker_die\": 6,"
        " \"defender_die\": 1, \"result\": \"success\"}}",
        sp);
    sgt_load(t, json);
    if (sg_seat_role(S(t)) != R_SPANISH || vb_to_move(t->g, S(t)) != R_BOURBON)
        fail_msg("M50: 11.3 only French units left: declared by seat %d, seat %d advances, not "
                 "the French (0)",
                 sg_seat_role(S(t)), vb_to_move(t->g, S(t)));
    if (!vbt_legal(t, "advance French-Battalion-1"))
        fail_msg("M50: 11.3 French Battalion 1 may not advance into Pla d'en Llull");
    vbt_free(t);
}

/* Rule 10 (and vb_module.h: a weight is chance's alone): in the movement
 * phase the seat picks a unit, a stack or the end of its movement, a
 * person's decision, every choice of weight 1; a weight of 2 on
 * "end-movement" made an AI or a random player that samples by weight end
 * its movement twice as often as it picks any one unit. (sg_legal.c:332,
 * the end of the movement pushed with weight 2.) */
static void end_of_movement_weighs_one(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, "2p", 1);
    sgt_load(t, "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
                " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Left Two Crowns\": [\"French Battalion 1\", \"French Battalion 2\"],"
                " \"Pla de Palau\": [\"Nebot\", \"Ciutat 1\"]}}");
    if (!vbt_legal(t, "end-movement"))
        fail_msg("M50: 10 the Bourbon movement: no end-movement");
    vbt_weighs_one(t, "M50: 10 the Bourbon movement");
    vbt_free(t);
}

/* Rules 6.1, 11.3, 13: a combat unit never enters a zone holding an
 * enemy commander or the flag by moving (they fall only by assault); the
 * explain hook names that rule in the Catalan half too: Ciutat 1 in Pla de
 * Palau, Dillon (a Two Crowns commander) alone in the Born next door.
 * (sg_explain.c:63, the enemy's commanders read as `m.lead[1 + s->half]`,
 * the right table in the Bourbon half only; in the Catalan half it read
 * past the two, and the order was explained as out of reach; test_seats
 * has the Bourbon half.) */
static void catalan_move_onto_a_commander_explained(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, "2p", 1);
    sgt_load(t, "{\"turn\": 5, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                " \"Left Two Crowns\": [\"French Battalion 1\"], \"Born\": [\"Dillon\"],"
                " \"Pla de Palau\": [\"Nebot\", \"Ciutat 1\"]}}");
    sgt_explains(t, "M50: 6.1 the Catalan half", "move Ciutat-1 Born",
                 "the zone holds an enemy commander or the flag");
    vbt_free(t);
}

/* Rule 7: the Royal breach is closed until it is secured, and only it:
 * the board as SVG titles the Royal breach "(closed until the mine is
 * cleared, rule 7)" while it is mined, the six other breaches (Llevant,
 * Santa Clara, ...) never, and none once it is secured.
 * (sg_svg.c:255, the title's test with `&&` and `||` mixed, planted by
 * hand as `(br >= 0 && royal) || !s->breach`, closed every breach while
 * the mine held and the Royal one after.) */
static void only_the_royal_breach_drawn_closed(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = D(t);
    char want[128];
    for (int secured = 0; secured < 2; secured++) {
        S(t)->breach = (uint8_t)secured;
        char *svg = vbt_svg_text(t, -1);
        for (int b = 0; b < d->nbreach; b++) {
            int closed = !secured && strcmp(d->breach[b], "Royal") == 0;
            snprintf(want, sizeof want, "<title>%s breach%s</title>", d->breach[b],
                     closed ? " (closed until the mine is cleared, rule 7)" : "");
            if (!strstr(svg, want))
                fail_msg("M50: 7 Royal breach %s: no \"%s\" in the board's SVG",
                         secured ? "secured" : "mined", want);
        }
        free(svg);
    }
    vbt_free(t);
}

/* The board as SVG (board.json, read when drawing, VAUBAN_DATA's copy
 * when set): a zone whose label point is not two numbers has no place for
 * its name and counters, so they are left out, nothing drawn at an unset
 * point. Right Two Crowns' label made ["x", 879.6, 66.2]: no zone-name
 * text for it, the other zones' names still drawn. (sg_svg.c:34, `pt`
 * answering 0, not -1, for a bad point, took the label as read and drew
 * the name and counters at coordinates never set.) */
static void zone_with_a_bad_label_point_not_drawn(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    char dir[64] = "/tmp/vbt-svg-XXXXXX", sub[128], path[192];
    vb_ctx cx;
    vb_ctx_init(&cx);
    json_t *b = vb_data_json("setge-1714/board.json", &cx);
    assert_non_null(b);
    json_t *z0 = json_array_get(json_object_get(b, "zones"), 0);
    assert_string_equal(json_string_value(json_object_get(z0, "name")), "Right Two Crowns");
    json_array_insert_new(json_object_get(z0, "label"), 0, json_string("x"));
    assert_non_null(mkdtemp(dir));
    snprintf(sub, sizeof sub, "%s/setge-1714", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/board.json", sub);
    assert_int_equal(json_dump_file(b, path, 0), 0);
    json_decref(b);
    setenv("VAUBAN_DATA", dir, 1);
    char *svg = vbt_svg_text(t, -1);
    unsetenv("VAUBAN_DATA");
    unlink(path);
    rmdir(sub);
    rmdir(dir);
    if (strstr(svg, ">Right Two Crowns</text>"))
        fail_msg("M50: the SVG drew Right Two Crowns' name at a label point never read");
    if (!strstr(svg, ">Centre Two Crowns</text>"))
        fail_msg("M50: the SVG lost Centre Two Crowns' name");
    free(svg);
    vbt_free(t);
}

/* The board as SVG, a gun's counter: a wheel and a barrel rising from it
 * to the upper right, inside the counter's square: every gun on the map at
 * the start draws its barrel from its wheel's centre. (sg_svg.c:109, the
 * barrel's start `x - 5`, drew it from 10 px left of the wheel, out of
 * the counter.) */
static void gun_barrel_starts_at_its_wheel(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    char *svg = vbt_svg_text(t, -1);
    int guns = 0;
    for (const char *p = strstr(svg, "<circle cx=\""); p; p = strstr(p + 1, "<circle cx=\"")) {
        double cx, cy, x1, y1;
        if (sscanf(p,
                   "<circle cx=\"%lf\" cy=\"%lf\" r=\"3\" fill=\"%*[^\"]\"/><line x1=\"%lf\" "
                   "y1=\"%lf\"",
                   &cx, &cy, &x1, &y1) != 4)
            continue;
        guns++;
        if (x1 != cx || y1 != cy)
            fail_msg("M50: 9 a gun's barrel starts at %.1f,%.1f, its wheel at %.1f,%.1f", x1, y1,
                     cx, cy);
    }
    if (guns == 0)
        fail_msg("M50: 9 no gun counter in the board's SVG");
    free(svg);
    vbt_free(t);
}

/* The board as SVG: a held zone is outlined in its holder's colour, white
 * for the Two Crowns and blue for the Catalans (ctl-bourbon and
 * ctl-catalan in the zone's class): at the start every zone of either
 * side. (sg_svg.c:205, `(m.occ[0] >> z) & 0`, outlined every held zone
 * blue, the Two Crowns' too.) */
static void held_zones_outlined_in_their_holders_colour(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    char *svg = vbt_svg_text(t, -1);
    int seen[2] = {0, 0};
    static const char *const cls[2] = {"ctl-bourbon", "ctl-catalan"};
    static const char *const colour[2] = {"stroke=\"#ffffff\"", "stroke=\"#2356a8\""};
    for (const char *p = strstr(svg, "<g class=\"zone "); p;
         p = strstr(p + 1, "<g class=\"zone ")) {
        const char *end = strchr(p, '>'), *next = strstr(p + 1, "<g class=\"zone ");
        for (int k = 0; k < 2; k++) {
            const char *c = strstr(p, cls[k]);
            if (!c || c > end)
                continue;
            const char *ctl = strstr(p, "<polygon class=\"control\"");
            const char *gt = ctl ? strchr(ctl, '>') : NULL;
            if (!ctl || (next && ctl > next) || !gt)
                fail_msg("M50: a %s zone without its outline", cls[k]);
            const char *st = strstr(ctl, colour[k]);
            if (!st || st > gt)
                fail_msg("M50: a %s zone not outlined %s", cls[k], colour[k]);
            seen[k]++;
        }
    }
    if (!seen[0] || !seen[1])
        fail_msg("M50: %d Two Crowns and %d Catalan zones outlined", seen[0], seen[1]);
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(side_to_the_first_zone_loads),
        cmocka_unit_test(card_without_side_plays_for_the_active_side),
        cmocka_unit_test(unit_of_an_empty_type_refused),
        cmocka_unit_test(french_advance_after_a_spanish_assault),
        cmocka_unit_test(end_of_movement_weighs_one),
        cmocka_unit_test(catalan_move_onto_a_commander_explained),
        cmocka_unit_test(only_the_royal_breach_drawn_closed),
        cmocka_unit_test(zone_with_a_bad_label_point_not_drawn),
        cmocka_unit_test(gun_barrel_starts_at_its_wheel),
        cmocka_unit_test(held_zones_outlined_in_their_holders_colour),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
