/*
 * test_audit31.c - setge-1714: the thirty-first session's audit by planting
 * of the map and its zone types (rule 2.2.1), the scale (3), the setup (4),
 * the random events (8) and the assault (11.3), code and data, read
 * sentence by sentence (docs/setge-1714.md, "Audit by planting,
 * thirty-first session (helper stc)"): each test fails when the sentence or
 * data record it names is planted wrong in sg_rules.c, sg_legal.c,
 * sg_data.c or data/setge-1714/, and no other setge test did.
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

/* ---- rule 2.2.1: the types of zones and the lines ---- */

/* Rule 2.2.1 and 11.1, zone by zone (map.json, reconstructed from the
 * rulebook's descriptions, docs/setge-1714.md "Reconstructed components"):
 * green outside the wall; grey the bastions, curtains, the redoubt and the
 * dense urban blocks; blue "the three monasteries near the city walls
 * (Santa Clara, Sant Agusti and Sant Pere) ... as well as the convents of
 * Santa Caterina and Jonqueres" (Sant Agusti Vell in two zones); ochre the
 * streets, squares and open spaces. Values 0, 0, 2, 3. */
static void test_2_2_1_zone_colours(void **state)
{
    static const struct {
        int colour, defv;
        const char *zones[16];
    } rows[] = {
        {COL_GREEN,
         0,
         {"Right Two Crowns", "Centre Two Crowns", "Left Two Crowns", "Glacis de Sant Pere",
          "Fossat del Portal Nou", "Fossat de Santa Clara", "Fossat de Llevant", "Platja del Rec"}},
        {COL_GREY,
         2,
         {"Reducte de Santa Eulalia", "Baluard de Jonqueres", "Baluard de Sant Pere",
          "Baluard del Portal Nou", "Cortina Reial", "Cortina de Sant Daniel",
          "Cortina del Carnalatge", "Baluard de Santa Clara", "Cortina dels Molins",
          "Baluard de Llevant", "Baluard de Migdia", "Sant Pere mes Baix", "Santa Marta",
          "Carrer Montcada", "Santa Maria del Mar"}},
        {COL_BLUE,
         3,
         {"Convent de Jonqueres", "Sant Pere de les Puelles", "Convent de Santa Clara",
          "Sant Agusti Esglesia", "Sant Agusti Claustres", "Convent de Santa Caterina"}},
        {COL_OCHRE,
         0,
         {"Placa de Jonqueres", "Placa de Sant Pere", "Carrer del Portal Nou",
          "Portal de Sant Daniel", "Molins del Rec", "Pla d'en Llull", "Fusina", "Born",
          "Pla de Palau"}},
    };
    vbt *t = vbt_new(GAME, NULL, 1);
    int n = 0;
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (int k = 0; k < 16 && rows[i].zones[k]; k++, n++) {
            const sg_zone *z = &D(t)->z[Z(t, rows[i].zones[k])];
            if (z->colour != rows[i].colour || z->defv != rows[i].defv)
                fail_msg("%s: %s, value %d; expected %s, %d", z->name, sg_colour_names[z->colour],
                         z->defv, sg_colour_names[rows[i].colour], rows[i].defv);
        }
    assert_int_equal(n, D(t)->nz);
    vbt_free(t);
}

/* Rule 2.2.1, the lines: red lines (walls no unit crosses), the breaches
 * ("the only way to cross walls", the Royal one closed until assured,
 * rule 7), the blue lines and the zone each protects; every other side
 * plain, 88 sides in all (docs: 38 zones, 88 sides). */
static void test_2_2_1_lines_of_the_map(void **state)
{
    static const struct {
        const char *a, *b;
        int line;
        const char *prot; /* blue: the zone protected; breach: its name */
    } rows[] = {
        {"Glacis de Sant Pere", "Baluard de Jonqueres", 2, NULL},
        {"Glacis de Sant Pere", "Baluard de Sant Pere", 2, NULL},
        {"Fossat de Llevant", "Baluard de Santa Clara", 2, NULL},
        {"Reducte de Santa Eulalia", "Baluard de Llevant", 2, NULL},
        {"Platja del Rec", "Baluard de Migdia", 2, NULL},
        {"Fossat del Portal Nou", "Baluard del Portal Nou", 3, "Portal Nou"},
        {"Fossat del Portal Nou", "Cortina Reial", 3, "Royal"},
        {"Fossat de Santa Clara", "Cortina de Sant Daniel", 3, "Sant Daniel"},
        {"Fossat de Santa Clara", "Cortina del Carnalatge", 3, "Carnalatge"},
        {"Fossat de Santa Clara", "Baluard de Santa Clara", 3, "Santa Clara"},
        {"Fossat de Llevant", "Cortina dels Molins", 3, "Molins"},
        {"Fossat de Llevant", "Baluard de Llevant", 3, "Llevant"},
        {"Left Two Crowns", "Reducte de Santa Eulalia", 1, "Reducte de Santa Eulalia"},
        {"Fossat de Llevant", "Reducte de Santa Eulalia", 1, "Reducte de Santa Eulalia"},
        {"Platja del Rec", "Reducte de Santa Eulalia", 1, "Reducte de Santa Eulalia"},
        {"Cortina Reial", "Carrer del Portal Nou", 1, "Carrer del Portal Nou"},
        {"Cortina Reial", "Portal de Sant Daniel", 1, "Portal de Sant Daniel"},
        {"Cortina de Sant Daniel", "Portal de Sant Daniel", 1, "Portal de Sant Daniel"},
        {"Cortina del Carnalatge", "Portal de Sant Daniel", 1, "Portal de Sant Daniel"},
        {"Cortina dels Molins", "Molins del Rec", 1, "Molins del Rec"},
        {"Fusina", "Pla d'en Llull", 1, "Pla d'en Llull"},
    };
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = D(t);
    int sides = 0, lined = 0;
    (void)state;
    for (int z = 0; z < d->nz; z++) {
        sides += d->z[z].nnb;
        for (int k = 0; k < d->z[z].nnb; k++)
            lined += d->z[z].line[k] != 0;
    }
    assert_int_equal(sides, 2 * 88);
    assert_int_equal(lined, 2 * (int)(sizeof rows / sizeof rows[0]));
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int a = Z(t, rows[i].a), b = Z(t, rows[i].b), k = 0;
        while (k < d->z[a].nnb && d->z[a].nb[k] != b)
            k++;
        if (k == d->z[a].nnb || d->z[a].line[k] != rows[i].line)
            fail_msg("%s - %s: no side or line %d", rows[i].a, rows[i].b,
                     k < d->z[a].nnb ? d->z[a].line[k] : -1);
        if (rows[i].line == 1) {
            int p = Z(t, rows[i].prot), o = p == a ? b : a;
            assert_true(d->z[p].blue & BIT(o));
            if (d->z[o].blue & BIT(p))
                fail_msg("the blue line %s - %s protects %s", rows[i].a, rows[i].b, d->z[o].name);
        }
        if (rows[i].line == 3 && strcmp(d->breach[d->z[a].breach[k]], rows[i].prot))
            fail_msg("%s - %s: breach %s", rows[i].a, rows[i].b, d->breach[d->z[a].breach[k]]);
    }
    vbt_free(t);
}

/* Rule 10.1: the zones "marked with an R" (map.json: the alarm assembly
 * points of the quarters, reconstructed). */
static void test_2_2_1_r_zones(void **state)
{
    static const char *const r[] = {"Placa de Jonqueres", "Placa de Sant Pere", "Born",
                                    "Santa Maria del Mar", "Pla de Palau"};
    vbt *t = vbt_new(GAME, NULL, 1);
    uint64_t want = 0;
    (void)state;
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++)
        want |= BIT(Z(t, r[i]));
    if (D(t)->rmask != want)
        fail_msg("R zones %#llx, expected %#llx", (unsigned long long)D(t)->rmask,
                 (unsigned long long)want);
    vbt_free(t);
}

/* Rules 2.2.1 and 12: a barricade stands in an ochre or green zone - a
 * position with one in the grey Santa Marta, facing the ochre Pla d'en
 * Llull across a plain side, is refused; in the Born, facing it, loads. */
static void test_2_2_1_no_barricade_in_a_grey_zone(void **state)
{
    static const char *const where[] = {"Born", "Santa Marta"};
    (void)state;
    for (int i = 0; i < 2; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char json[640];
        snprintf(json, sizeof json,
                 "{\"turn\": 5, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                 " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\":"
                 " {\"%s\": [\"Barricada del Pla d'en Llull\"], \"Fusina\": [\"Ciutat 1\"],"
                 " \"Left Two Crowns\": [\"French Battalion 1\"]},"
                 " \"facing\": {\"Barricada del Pla d'en Llull\": \"Pla d'en Llull\"}}",
                 where[i]);
        int rc = vbt_load(t, json);
        if (!rc != !i)
            fail_msg("a barricade in %s: %s", where[i], rc ? t->cx.err : "loaded");
        vbt_free(t);
    }
}

/* ---- rule 3: the scale, the turn track ---- */

/* Rule 3.3 and the turn track (game.json, reconstructed from the 2008
 * review: 12 turns from 04:30 to 15:00, the extra turn 16:00): the end of
 * turn 11 leads to turn 12, the end of turn 12 to the count. */
static void test_3_twelve_turns(void **state)
{
    (void)state;
    vbt *t = vbt_new(GAME, NULL, 1);
    assert_int_equal(D(t)->last_turn, 12);
    assert_string_equal(D(t)->time[1], "04:30");
    assert_string_equal(D(t)->time[12], "15:00");
    assert_string_equal(D(t)->time[13], "16:00");
    vbt_free(t);
    for (int turn = 11; turn <= 12; turn++) {
        char json[512];
        t = vbt_new(GAME, NULL, 1);
        snprintf(json, sizeof json,
                 "{\"turn\": %d, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                 " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\":"
                 " {\"Pla de Palau\": [\"Ciutat 1\", \"Ciutat 2\"],"
                 " \"Left Two Crowns\": [\"French Battalion 1\"]}}",
                 turn);
        sgt_load(t, json);
        vbt_act(t, "end-movement");
        if (turn == 11 && (S(t)->over || S(t)->extended || S(t)->turn != 12))
            fail_msg("after turn 11: turn %d, over %d", S(t)->turn, S(t)->over);
        if (turn == 12 && !S(t)->over && !S(t)->extended)
            fail_msg("after turn 12 no count (turn %d)", S(t)->turn);
        vbt_free(t);
    }
}

/* ---- rule 8: the event cards ---- */

/* Ciutat 1 (5) in the Born, French Battalion 1 (4) in the Pla d'en Llull,
 * both ochre; the half's combat phase with CARD in play (NULL: none); the
 * active side assaults the other's zone. */
static void assault_with_card(vbt *t, const char *half, const char *card, int *att, int *def)
{
    char extra[64] = "";
    if (card)
        snprintf(extra, sizeof extra, ", \"card\": \"%s\"", card);
    sgt_load_at(t, half, "combat", "secured",
                "\"Born\": [\"Ciutat 1\"], \"Pla d'en Llull\": [\"French Battalion 1\"]", extra);
    vbt_act(t, strcmp(half, "bourbon") ? "assault Born onto Pla-den-Llull"
                                       : "assault Pla-den-Llull onto Born");
    sg_assault_values(D(t), S(t), att, def);
}

/* Rule 8, the cards of the assault value (game.json): "Officers at the
 * head" +1 and "Exhaustion" -1 for the active side in its assaults, "The
 * bells of Santa Maria" +1 for the Catalans attacking or defending,
 * "Drums beat the charge" nothing in an assault. Each in both halves. */
static void test_8_assault_cards(void **state)
{
    static const struct {
        const char *half, *card;
        int att, def;
    } rows[] = {
        {"bourbon", NULL, 4, 5},         {"catalan", NULL, 5, 4},
        {"bourbon", "officers", 5, 5},   {"catalan", "officers", 6, 4},
        {"bourbon", "exhaustion", 3, 5}, {"catalan", "exhaustion", 4, 4},
        {"bourbon", "bells", 4, 6},      {"catalan", "bells", 6, 4},
        {"bourbon", "drums", 4, 5},      {"catalan", "drums", 5, 4},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        int att, def;
        assault_with_card(t, rows[i].half, rows[i].card, &att, &def);
        if (att != rows[i].att || def != rows[i].def)
            fail_msg("%s half, card %s: %d against %d, expected %d against %d", rows[i].half,
                     rows[i].card ? rows[i].card : "none", att, def, rows[i].att, rows[i].def);
        vbt_free(t);
    }
}

/* Rule 8, "Drums beat the charge": up to 4 zones for the active side, 3
 * for the other; "Rubble" 2 (the only other card of movement). */
static void test_8_drums_add_one_zone(void **state)
{
    static const char *const half[] = {"bourbon", "catalan"};
    (void)state;
    for (int h = 0; h < 2; h++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        sgt_load_at(t, half[h], "movement", "secured",
                    "\"Born\": [\"Ciutat 1\"], \"Left Two Crowns\": [\"French Battalion 1\"]",
                    ", \"card\": \"drums\"");
        assert_int_equal(sg_move_allowance(D(t), S(t), h), 4);
        assert_int_equal(sg_move_allowance(D(t), S(t), 1 - h), 3);
        vbt_free(t);
    }
}

/* Canons de Llevant in the Llevant bastion, French grenadiers in the
 * Llevant ditch (adjacent); Catalan artillery phase with CARD. */
static vbt *catalan_guns(const char *card)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    char extra[64] = "";
    if (card)
        snprintf(extra, sizeof extra, ", \"card\": \"%s\"", card);
    sgt_load_at(t, "catalan", "artillery", "secured",
                "\"Baluard de Llevant\": [\"Diputacio 1\", \"Canons de Llevant\"],"
                " \"Fossat de Llevant\": [\"French Grenadiers 1\", \"French Grenadiers 2\"]",
                extra);
    return t;
}

/* Rule 8, "Powder running short": the active side's guns do not fire;
 * "Well-laid battery": they hit on one less (3-6 adjacent, 4-6 at two
 * zones), the other side's not. */
static void test_8_gun_cards(void **state)
{
    (void)state;
    vbt *t = catalan_guns(NULL);
    assert_true(vbt_legal(t, "fire Canons-de-Llevant French-Grenadiers-1"));
    vbt_free(t);
    t = catalan_guns("powder");
    if (vbt_legal(t, "fire Canons-de-Llevant French-Grenadiers-1"))
        fail_msg("powder running short: the Catalan guns still fire");
    vbt_free(t);
    /* A 3 misses without the card, hits with it. */
    for (int card = 0; card < 2; card++) {
        t = catalan_guns(card ? "battery" : NULL);
        vbt_act(t, "fire Canons-de-Llevant French-Grenadiers-1");
        vbt_dice(t, "3");
        if ((S(t)->us[U(t, "French Grenadiers 1")] == US_ELIM) != card)
            fail_msg("a 3 %s the well-laid battery: the grenadiers %s", card ? "with" : "without",
                     card ? "survive" : "fall");
        assert_int_equal(sg_gun_need(D(t), S(t), SG_CATALAN, 1), card ? 3 : 4);
        assert_int_equal(sg_gun_need(D(t), S(t), SG_BOURBON, 2), 5);
        vbt_free(t);
    }
    t = vbt_new(GAME, NULL, 1);
    sgt_load_at(t, "bourbon", "artillery", "secured",
                "\"Baluard de Llevant\": [\"Diputacio 1\"],"
                " \"Left Two Crowns\": [\"French Battalion 1\", \"Bourbon Battery 1\"]",
                ", \"card\": \"battery\"");
    assert_int_equal(sg_gun_need(D(t), S(t), SG_BOURBON, 1), 3);
    assert_int_equal(sg_gun_need(D(t), S(t), SG_BOURBON, 2), 4);
    assert_int_equal(sg_gun_need(D(t), S(t), SG_CATALAN, 1), 4);
    vbt_free(t);
}

/* Rule 8, "Volley at point-blank range": the active side's salvo fire
 * hits on 5 or 6 - a 4 misses, a 5 hits; without the card a 5 misses. */
static void test_8_volley_hits_on_five(void **state)
{
    static const struct {
        const char *card, *die;
        int hit;
    } rows[] = {{"volley", "4", 0}, {"volley", "5", 1}, {NULL, "5", 0}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char extra[64] = "";
        if (rows[i].card)
            snprintf(extra, sizeof extra, ", \"card\": \"%s\"", rows[i].card);
        sgt_load_at(t, "catalan", "combat", "secured",
                    "\"Born\": [\"Ciutat 1\"], \"Pla d'en Llull\": [\"French Battalion 1\"]",
                    extra);
        vbt_act(t, "salvo Born onto Pla-den-Llull");
        vbt_dice(t, rows[i].die);
        if ((S(t)->us[U(t, "French Battalion 1")] == US_ELIM) != rows[i].hit)
            fail_msg("card %s, a salvo die of %s: %s", rows[i].card ? rows[i].card : "none",
                     rows[i].die, rows[i].hit ? "no hit" : "a hit");
        vbt_free(t);
    }
}

/* Rule 8, "Berwick sends in the reserves": up to 4 more units recovered
 * this turn (rule 10.1), on top of the turn's number (game.json: 10 on
 * turn 3, none on turn 4, 8 on turn 8). */
static void test_8_reserves_add_four_recoveries(void **state)
{
    static const struct {
        int turn;
        const char *card;
        int recover;
    } rows[] = {{3, NULL, 10}, {3, "reserves", 14}, {4, "reserves", 4}, {8, NULL, 8}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char json[512];
        snprintf(json, sizeof json,
                 "{\"turn\": %d, \"half\": \"bourbon\", \"phase\": \"artillery\", \"deck\": [],"
                 " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\"%s%s%s,"
                 " \"zones\": {\"Born\": [\"Ciutat 1\"],"
                 " \"Left Two Crowns\": [\"French Battalion 1\"]}}",
                 rows[i].turn, rows[i].card ? ", \"card\": \"" : "",
                 rows[i].card ? rows[i].card : "", rows[i].card ? "\"" : "");
        sgt_load(t, json); /* no gun in reach: the artillery phase ends at once */
        assert_int_equal(S(t)->phase, PH_REINF);
        if (S(t)->recover != rows[i].recover)
            fail_msg("turn %d, card %s: %d to recover, expected %d", rows[i].turn,
                     rows[i].card ? rows[i].card : "none", S(t)->recover, rows[i].recover);
        vbt_free(t);
    }
}

/* Rule 8: "The use of cards is optional. Players can decide not to use
 * them, skipping the 'Random events' phase" - in the Catalan half too. */
static void test_8_no_cards_in_the_catalan_half(void **state)
{
    (void)state;
    for (int events = 0; events < 2; events++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        char json[512];
        snprintf(json, sizeof json,
                 "{\"game\": \"setge-1714\", \"options\": {\"events\": %d}, \"state\":"
                 " {\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"movement\","
                 " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                 " \"zones\": {\"Born\": [\"Ciutat 1\"],"
                 " \"Left Two Crowns\": [\"French Battalion 1\"]}}}",
                 events);
        sgt_load(t, json);
        vbt_act(t, "end-movement");
        if (S(t)->phase == PH_COMBAT)
            vbt_act(t, "end-combat");
        assert_int_equal(S(t)->half, SG_CATALAN);
        if ((S(t)->phase == PH_EVENT) != events)
            fail_msg("events %d: the Catalan half begins in phase %s", events,
                     sg_phase_names[S(t)->phase]);
        vbt_free(t);
    }
}

/* ---- rule 4: the setup ---- */

/* Each name of the comma-separated list on the map in zone z; returns how
 * many. */
static int check_names(vbt *t, const char *list, int z, int turn)
{
    char buf[1024], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save), n++) {
        int u = U(t, p[0] == ' ' ? p + 1 : p);
        if (turn ? S(t)->us[u] != US_WAIT || S(t)->arrive[u] != turn
                 : S(t)->us[u] != US_ON || S(t)->uz[u] != z)
            fail_msg("%s: status %d, zone %d, arrival %d; expected %s %d", D(t)->u[u].name,
                     S(t)->us[u], S(t)->uz[u], S(t)->arrive[u], turn ? "turn" : "zone",
                     turn ? turn : z);
    }
    return n;
}

/* Rule 4: "The player who commands the Catalan forces deploys his units in
 * the map according to the instructions ... Some Catalan units don't start
 * the game on the map, as they enter on later turns". The setup chart and
 * the arrivals (forces.json, reconstructed: docs/setge-1714.md,
 * "Reconstructed components": 33 Catalan combat units on the map, 16 on
 * turns 2-8, Villarroel on turn 3, Casanova with the flag on turn 4, Sans i
 * Miquel on turn 6; the 45 Two Crowns units, commanders and batteries in
 * the three deployment zones), every piece where the chart puts it and
 * nothing else on the map. */
static void test_4_setup_chart(void **state)
{
    static const struct {
        const char *zone, *units;
    } chart[] = {
        {"Right Two Crowns",
         "Guardias Valonas 1, Guardias Valonas 2, Asturias, Spanish Grenadiers 1, Spanish "
         "Grenadiers 2, Spanish Grenadiers 3, Spanish Grenadiers 4, Spanish Grenadiers 5, Spanish "
         "Grenadiers 6, Spanish Battalion 1, Spanish Battalion 2, Spanish Battalion 3, Spanish "
         "Battalion 4, Spanish Battalion 5, Spanish Battalion 6, Spanish Battalion 7, Spanish "
         "Battalion 8, La Vere, Bourbon Battery 3"},
        {"Centre Two Crowns",
         "French Grenadiers 6, French Grenadiers 7, French Grenadiers 8, French Grenadiers 9, "
         "French Grenadiers 10, French Battalion 7, French Battalion 8, French Battalion 9, French "
         "Battalion 10, French Battalion 11, French Battalion 12, French Battalion 13, French "
         "Battalion 14, Dillon, Guerchy, Berwick, Bourbon Battery 2"},
        {"Left Two Crowns",
         "La Marine 1, La Marine 2, Dragons de Chateaufort 1, Dragons de Chateaufort 2, French "
         "Grenadiers 1, French Grenadiers 2, French Grenadiers 3, French Grenadiers 4, French "
         "Grenadiers 5, French Battalion 1, French Battalion 2, French Battalion 3, French "
         "Battalion 4, French Battalion 5, French Battalion 6, Cilly, Chateaufort, Armendariz, "
         "Bourbon Battery 1"},
        {"Reducte de Santa Eulalia", "Coronela Santa Madrona 2"},
        {"Baluard de Jonqueres", "Coronela Trinitat 1, Coronela Trinitat 2"},
        {"Baluard de Sant Pere",
         "Coronela Sant Sever 1, Coronela Sant Sever 2, Canons de Sant Pere"},
        {"Baluard del Portal Nou",
         "Ciutat 1, Ciutat 2, Coronela Santa Madrona 1, Canons del Portal Nou"},
        {"Cortina Reial", "Roser 1, Roser 2"},
        {"Cortina de Sant Daniel", "Desemparats 1, Busquets 1"},
        {"Cortina del Carnalatge", "Sant Narcis 1, Sant Narcis 2"},
        {"Baluard de Santa Clara", "Santa Eulalia 1, Santa Eulalia 2, Canons de Santa Clara"},
        {"Cortina dels Molins", "Diputacio 2, Coronela Concepcio 1"},
        {"Baluard de Llevant", "Diputacio 1, Coronela Concepcio 2, Canons de Llevant"},
        {"Baluard de Migdia", "Coronela Sant Sever 3, Paperoles, Canons de Migdia"},
        {"Convent de Jonqueres", "Coronela Merce 1"},
        {"Sant Pere de les Puelles", "Coronela Merce 2"},
        {"Placa de Sant Pere", "Bellver, Barricada de Sant Pere"},
        {"Carrer del Portal Nou", "Bateria del Portal Nou"},
        {"Portal de Sant Daniel", "Angel Custodi, Barricada de Sant Daniel"},
        {"Convent de Santa Clara", "Coronela Santa Eulalia 1"},
        {"Sant Agusti Esglesia", "Concepcio 1"},
        {"Sant Agusti Claustres", "Concepcio 2, Thoar"},
        {"Santa Marta", "Vilar i Ferrer"},
        {"Pla d'en Llull", "Penyafort, Sant Vicenc Ferrer, Barricada del Pla d'en Llull"},
        {"Pla de Palau", "Nebot, Sant Jordi, Sant Miquel, Basset"},
    };
    static const struct {
        int turn;
        const char *units;
    } arrivals[] = {
        {2, "Coronela Trinitat 3, Coronela Merce 3"},
        {3, "Coronela Santa Madrona 3, Coronela Concepcio 3, Sant Jaume, Villarroel"},
        {4, "Coronela Sant Sever 4, Coronela Santa Eulalia 2, Coronela Santa Eulalia 3, Casanova, "
            "Santa Eulalia Flag"},
        {5, "Citizens Sant Ramon 1, Citizens Cervello 1"},
        {6, "Citizens Horta 1, Citizens Oleguer 1, Sans i Miquel"},
        {7, "Citizens Sant Ramon 2, Citizens Cervello 2"},
        {8, "Citizens Horta 2, Citizens Oleguer 2"},
    };
    vbt *t = vbt_new(GAME, NULL, 1);
    int on = 0, waiting = 0, n = 0, w = 0;
    (void)state;
    for (int u = 0; u < D(t)->nu; u++) {
        on += S(t)->us[u] == US_ON;
        waiting += S(t)->us[u] == US_WAIT;
    }
    for (size_t i = 0; i < sizeof chart / sizeof chart[0]; i++)
        n += check_names(t, chart[i].units, Z(t, chart[i].zone), 0);
    for (size_t i = 0; i < sizeof arrivals / sizeof arrivals[0]; i++)
        w += check_names(t, arrivals[i].units, 0, arrivals[i].turn);
    assert_int_equal(on, n);
    assert_int_equal(waiting, w);
    assert_int_equal(D(t)->ncombat[SG_CATALAN], 33 + 16);
    assert_int_equal(D(t)->ncombat[SG_BOURBON], 45);
    vbt_free(t);
}

/* Rule 4 with the option "deploy" (docs/setge-1714.md, Roles, scenarios,
 * options): each side places its units - combat units and commanders -
 * the guns and barricades stay at their chart places, later arrivals keep
 * their turns. */
static void test_4_deploy_option_places_the_commanders(void **state)
{
    vb_ctx cx;
    sg_state s;
    int opts[2] = {1, 1};
    (void)state;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load(GAME, &cx);
    assert_non_null(g);
    const sg_data *d = g->data;
    assert_int_equal(vb_setup(g, &s, 0, opts, 3, &cx), 0);
    for (int u = 0; u < d->nu; u++) {
        const sg_unit *up = &d->u[u];
        int placed = up->arrive == 1 && (up->kind == K_COMBAT || up->kind == K_LEADER);
        if (up->arrive > 1) {
            assert_int_equal(s.us[u], US_WAIT);
            assert_int_equal(s.arrive[u], up->arrive);
        } else if (placed != (s.us[u] == US_WAIT && s.arrive[u] == 0)) {
            fail_msg("%s (%s): status %d, arrival %d", up->name, sg_kind_names[up->kind], s.us[u],
                     s.arrive[u]);
        } else if (!placed) {
            assert_int_equal(s.uz[u], up->zone);
        }
    }
    vb_game_free(g);
}

/* Rule 4 and 12: the three barricades of the chart and the side each
 * faces (the Pla d'en Llull one facing the Molins del Rec, as in figure
 * A of the rule 11 example). */
static void test_4_barricades_facing(void **state)
{
    static const char *const bar[][2] = {
        {"Barricada del Pla d'en Llull", "Molins del Rec"},
        {"Barricada de Sant Daniel", "Carrer del Portal Nou"},
        {"Barricada de Sant Pere", "Carrer del Portal Nou"},
    };
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    for (int i = 0; i < 3; i++)
        if (S(t)->face[U(t, bar[i][0])] != Z(t, bar[i][1]))
            fail_msg("%s does not face %s", bar[i][0], bar[i][1]);
    vbt_free(t);
}

/* Rule 2.1: "This combat strength is displayed as a number located at the
 * bottom of the piece" - by type (forces.json, reconstructed, docs:
 * regulars and miquelets 5 as in the rule 9 and 11 examples, dismounted
 * cavalry 4, Coronela 3, armed citizens 2; Two Crowns battalions and
 * dragoons 4, grenadiers and guards 5). */
static void test_4_strength_by_type(void **state)
{
    static const struct {
        const char *type;
        int strength, count;
    } rows[] = {{"regulars", 5, 14},   {"miquelets", 5, 4}, {"cavalry", 4, 4},
                {"coronela", 3, 19},   {"citizens", 2, 8},  {"battalion", 4, 25},
                {"grenadiers", 5, 16}, {"dragoons", 4, 2},  {"guards", 5, 2}};
    vbt *t = vbt_new(GAME, NULL, 1);
    const sg_data *d = D(t);
    int total = 0;
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int n = 0;
        for (int u = 0; u < d->nu; u++)
            if (d->u[u].kind == K_COMBAT && d->u[u].type >= 0 &&
                !strcmp(d->types[d->u[u].type], rows[i].type)) {
                n++;
                if (d->u[u].strength != rows[i].strength)
                    fail_msg("%s (%s): strength %d, expected %d", d->u[u].name, rows[i].type,
                             d->u[u].strength, rows[i].strength);
            }
        assert_int_equal(n, rows[i].count);
        total += n;
    }
    assert_int_equal(total, d->ncombat[0] + d->ncombat[1]);
    vbt_free(t);
}

/* Rule 5.1.6 / 5.2.5: "The card used during the turn is discarded" - at
 * the end of the last half too, when the game ends (the card is no longer
 * in play in the final position). */
static void test_8_card_discarded_at_the_end(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    sgt_load(t, "{\"turn\": 12, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
                " \"card\": \"bells\", \"royal_breach\": \"secured\","
                " \"unlisted\": \"eliminated\", \"zones\": {\"Pla de Palau\": [\"Ciutat 1\"], "
                "\"Born\": [\"Ciutat 2\"],"
                " \"Left Two Crowns\": [\"French Battalion 1\"]}}");
    assert_true(S(t)->card < D(t)->nc);
    assert_string_equal(D(t)->c[S(t)->card].id, "bells");
    vbt_act(t, "end-movement");
    assert_true(S(t)->over);
    if (S(t)->card != SG_NO)
        fail_msg("the game is over with card %s still in play", D(t)->c[S(t)->card].id);
    vbt_free(t);
}

/* Rules 4 and 8: "the cards are shuffled, and put face-down on a single
 * deck" - the whole deck (the 14 cards of game.json), every card a
 * possible first draw, each as likely. */
static void test_4_the_deck_holds_every_card(void **state)
{
    static const char *const ids[] = {"smoke",    "haze",       "bells",        "rubble",  "drums",
                                      "officers", "exhaustion", "powder",       "battery", "volley",
                                      "wet-mine", "reserves",   "call-to-arms", "plunder"};
    vbt *t = vbt_new(GAME, NULL, 1);
    (void)state;
    assert_int_equal(D(t)->nc, 14);
    assert_int_equal(__builtin_popcount(S(t)->deck), 14);
    vbt_dice(t, "2");
    assert_int_equal(S(t)->phase, PH_EVENT);
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (!vbt_legal(t, ids[i]))
            fail_msg("card %s cannot be drawn first", ids[i]);
    /* Shuffled: every card left as likely as any other. */
    vb_action a[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    int n = vb_legal(t->g, S(t), a, w, VB_MAX_ACTIONS);
    assert_int_equal(n, 14);
    for (int i = 1; i < n; i++)
        if (w[i] != w[0])
            fail_msg("card %d weighs %u, card 0 %u", SG_AA(a[i]), w[i], w[0]);
    vbt_free(t);
}

/* ---- rule 11.3: the assault ---- */

/* 11.3, the defender: "Defence value of the attacked zone (+2 for grey
 * zones, +3 for blue zones). Or: +3 if the attack crosses a blue line
 * present in the attacked zone" - the best of them, never both
 * (docs/setge-1714.md, Interpretations). Coronela Santa Madrona 2 (3) in
 * the grey Santa Eulalia redoubt, behind its blue lines: 3 + 3 from the
 * Left Two Crowns. */
static void test_11_3_blue_line_or_zone_value_not_both(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    int att, def;
    (void)state;
    sgt_load_at(t, "bourbon", "combat", "secured",
                "\"Reducte de Santa Eulalia\": [\"Coronela Santa Madrona 2\"],"
                " \"Left Two Crowns\": [\"French Battalion 1\"]",
                "");
    vbt_act(t, "assault Left-Two-Crowns onto Reducte-de-Santa-Eulalia");
    assert_int_equal(sg_assault_values(D(t), S(t), &att, &def), 3);
    assert_int_equal(att, 4);
    if (def != 3 + 3)
        fail_msg("the redoubt behind its blue line: %d, expected 6", def);
    vbt_free(t);
}

/* 13 (the flag) in 11.3: the flag "affects combat exactly as a commander,
 * contributing its bonus in any assault" - attacking too - and "can be
 * summed up to any other contributed by a commander". Ciutat 1 (5) and
 * Ciutat 2, Casanova and the flag in the Born assault French Battalion 1
 * in the Pla d'en Llull: 5 + 1 + 1 without Casanova, 5 + 1 + 1 + 1 with. */
static void test_11_3_flag_adds_one_attacking(void **state)
{
    (void)state;
    for (int cmd = 0; cmd < 2; cmd++) {
        vbt *t = vbt_new(GAME, NULL, 1);
        int att, def;
        sgt_load_at(t, "catalan", "combat", "secured",
                    "\"Born\": [\"Ciutat 1\", \"Ciutat 2\", \"Casanova\", \"Santa Eulalia Flag\"],"
                    " \"Pla d'en Llull\": [\"French Battalion 1\"]",
                    "");
        vbt_act(t, "assault Born onto Pla-den-Llull");
        vbt_act(t, "lead Ciutat-1");
        vbt_act(t, cmd ? "commander Casanova" : "no-commander");
        sg_assault_values(D(t), S(t), &att, &def);
        if (att != 5 + 1 + 1 + cmd)
            fail_msg("the flag %s Casanova: %d", cmd ? "with" : "without", att);
        assert_int_equal(def, 4);
        vbt_free(t);
    }
}

/* 11.3, the attacker: "+1 if there is a friendly commander adjacent to the
 * attacked zone" - from any zone next to it, not only the attacking one.
 * French Battalion 1 (4) in the Pla d'en Llull assaults Ciutat 1 in the
 * Born; Dillon in Santa Maria del Mar (next to the Born, not to the Pla
 * d'en Llull) may join: 4 + 1. */
static void test_11_3_attacker_commander_next_to_the_attacked_zone(void **state)
{
    vbt *t = vbt_new(GAME, NULL, 1);
    int att, def;
    (void)state;
    sgt_load_at(t, "bourbon", "combat", "secured",
                "\"Pla d'en Llull\": [\"French Battalion 1\"], \"Born\": [\"Ciutat 1\"],"
                " \"Santa Maria del Mar\": [\"Dillon\"]",
                "");
    vbt_act(t, "assault Pla-den-Llull onto Born");
    if (!vbt_legal(t, "commander Dillon"))
        fail_msg("Dillon, next to the Born, is not offered");
    vbt_act(t, "commander Dillon");
    sg_assault_values(D(t), S(t), &att, &def);
    assert_int_equal(att, 4 + 1);
    assert_int_equal(def, 5);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_2_2_1_zone_colours),
        cmocka_unit_test(test_2_2_1_lines_of_the_map),
        cmocka_unit_test(test_2_2_1_r_zones),
        cmocka_unit_test(test_2_2_1_no_barricade_in_a_grey_zone),
        cmocka_unit_test(test_3_twelve_turns),
        cmocka_unit_test(test_8_assault_cards),
        cmocka_unit_test(test_8_drums_add_one_zone),
        cmocka_unit_test(test_8_gun_cards),
        cmocka_unit_test(test_8_volley_hits_on_five),
        cmocka_unit_test(test_8_reserves_add_four_recoveries),
        cmocka_unit_test(test_8_no_cards_in_the_catalan_half),
        cmocka_unit_test(test_8_card_discarded_at_the_end),
        cmocka_unit_test(test_4_the_deck_holds_every_card),
        cmocka_unit_test(test_4_setup_chart),
        cmocka_unit_test(test_4_deploy_option_places_the_commanders),
        cmocka_unit_test(test_4_barricades_facing),
        cmocka_unit_test(test_4_strength_by_type),
        cmocka_unit_test(test_11_3_blue_line_or_zone_value_not_both),
        cmocka_unit_test(test_11_3_flag_adds_one_attacking),
        cmocka_unit_test(test_11_3_attacker_commander_next_to_the_attacked_zone),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
