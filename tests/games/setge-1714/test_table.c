/* test_table.c - setge-1714: the rules of the coverage table
 * (docs/setge-1714.md) as tables, one row per case, the rule a field of the
 * row and part of the failure message. Each table is written so that
 * changing its rule (a range, a number to hit, a limit, a side) fails a row:
 * artillery (9), salvo (11.2), movement allowance (10), the Royal breach
 * check (5.1.1, 7), the advance (11.3, 6.1), barricades (12), convents and
 * the automatic victory (13). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/setge-1714/sg_int.h"
#include "sg_test.h"

static void load(vbt *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void load(vbt *t, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (vbt_load(t, buf))
        fail_msg("load: %s\n%s", t->cx.err, buf);
}

#define HEAD(turn, half, phase)                                                                    \
    "{\"turn\": " #turn ", \"half\": \"" half "\", \"phase\": \"" phase "\", \"deck\": [],"        \
    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"

/* ---- rule 9: artillery ---- */
static void artillery(void **st)
{
    (void)st;
    /* "Catalan cannons only can fire at adjacent zones ... while the
     * Bourbon player can fire at a distance of two zones"; the numbers to
     * hit: 4+ at one zone, 5+ at two (rule 9 example: a 4 at two zones
     * misses, a 5 at one zone eliminates). Red lines stop everything
     * "apart from artillery fire". */
    static const struct {
        const char *rule, *half, *gun, *target, *tzone;
        int dist, legal, die, elim;
    } rows[] = {
        {"9 Catalan range 1", "catalan", "Canons de Llevant", "French Battalion 1",
         "Fossat de Llevant", 1, 1, 4, 1},
        {"9 Catalan 4+", "catalan", "Canons de Llevant", "French Battalion 1", "Fossat de Llevant",
         1, 1, 3, 0},
        {"9 Catalan across a red line", "catalan", "Canons de Llevant", "French Battalion 1",
         "Reducte de Santa Eulalia", 1, 1, 4, 1},
        {"9 Catalan not at two zones", "catalan", "Canons de Llevant", "French Battalion 1",
         "Left Two Crowns", 2, 0, 0, 0},
        {"9 Bourbon 4+ at one zone", "bourbon", "Bourbon Battery 1", "Diputacio 1",
         "Fossat de Llevant", 1, 1, 4, 1},
        {"9 Bourbon misses a 3 at one zone", "bourbon", "Bourbon Battery 1", "Diputacio 1",
         "Fossat de Llevant", 1, 1, 3, 0},
        {"9 Bourbon 5+ at two zones", "bourbon", "Bourbon Battery 1", "Diputacio 1",
         "Baluard de Llevant", 2, 1, 5, 1},
        {"9 Bourbon misses a 4 at two zones", "bourbon", "Bourbon Battery 1", "Diputacio 1",
         "Baluard de Llevant", 2, 1, 4, 0},
        {"9 Bourbon not at three zones", "bourbon", "Bourbon Battery 1", "Diputacio 1",
         "Santa Marta", 3, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        const sg_data *d = D(t);
        int g = U(t, rows[i].gun);
        load(t,
             HEAD(5, "%s", "artillery") "\"%s\": [\"%s\"], \"%s\": [\"%s\"], \"Pla de Palau\":"
                                        " [\"Nebot\"], \"Centre Two Crowns\": [\"La Marine 1\"]}}",
             rows[i].half, d->z[d->u[g].zone].name, rows[i].gun, rows[i].tzone, rows[i].target);
        if (d->dist[d->u[g].zone][Z(t, rows[i].tzone)] != rows[i].dist)
            fail_msg("%s: the map changed: distance %d", rows[i].rule,
                     d->dist[d->u[g].zone][Z(t, rows[i].tzone)]);
        char act[128];
        snprintf(act, sizeof act, "fire %s %s", d->u[g].tok, d->u[U(t, rows[i].target)].tok);
        if (vbt_legal(t, act) != rows[i].legal)
            fail_msg("rule %s: '%s' should be %s", rows[i].rule, act,
                     rows[i].legal ? "legal" : "illegal");
        if (!rows[i].legal) {
            vbt_free(t);
            continue;
        }
        vbt_act(t, act);
        char die[4];
        snprintf(die, sizeof die, "%d", rows[i].die);
        vbt_dice(t, die);
        int gone = S(t)->us[U(t, rows[i].target)] == US_ELIM;
        if (gone != rows[i].elim)
            fail_msg("rule %s: a %d %s", rows[i].rule, rows[i].die, gone ? "eliminated" : "missed");
        /* the log names the range and the number to hit, hit or miss */
        char line[128];
        snprintf(line, sizeof line, "(%d zone%s, %d+): %d - %s\n", rows[i].dist,
                 rows[i].dist == 1 ? "" : "s", rows[i].dist == 1 ? 4 : 5, rows[i].die,
                 rows[i].elim ? "eliminated" : "no effect");
        if (!vbt_logged(t, line))
            fail_msg("rule %s: no log line '%s'", rows[i].rule, line);
        vbt_free(t);
    }
}

/* ---- rule 9: "Every artillery unit can bombard only one opponent combat unit in
 * each turn" ---- */
static void one_shot_per_gun(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load(t, HEAD(5, "bourbon", "artillery") "\"Left Two Crowns\": [\"Bourbon Battery 1\"],"
                                            " \"Centre Two Crowns\": [\"Bourbon Battery 2\"],"
                                            " \"Fossat de Llevant\": [\"Diputacio 1\"]}}");
    vbt_act(t, "fire Bourbon-Battery-1 Diputacio-1");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, PH_ART);
    assert_true(vbt_legal(t, "fire Bourbon-Battery-2 Diputacio-1"));
    if (vbt_legal(t, "fire Bourbon-Battery-1 Diputacio-1"))
        fail_msg("rule 9: a gun fires twice in a turn");
    vbt_free(t);
}

/* ---- rule 11.2: salvo, a 6 on each die ---- */
static void salvo(void **st)
{
    (void)st;
    static const struct {
        const char *rule, *dice;
        int hits;
    } rows[] = {
        {"11.2 a 6 hits", "6,1", 1},
        {"11.2 a 5 misses", "5,5", 0},
        {"11.2 two hits of two", "6,6", 2},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t, HEAD(5, "bourbon", "combat") "\"Santa Marta\": [\"French Battalion 1\","
                                             " \"French Battalion 2\"], \"Pla d'en Llull\":"
                                             " [\"Ciutat 1\", \"Ciutat 2\", \"Roser 1\"]}}");
        vbt_act(t, "salvo Santa-Marta onto Pla-den-Llull");
        vbt_dice(t, rows[i].dice);
        static const char *const def[3] = {"Ciutat 1", "Ciutat 2", "Roser 1"};
        int left = 0;
        for (int k = 0; k < 3; k++)
            left += S(t)->us[U(t, def[k])] == US_ON;
        int hits = S(t)->phase == PH_CASUALTY ? S(t)->hits : 3 - left;
        if (hits != rows[i].hits)
            fail_msg("rule %s: %d hits", rows[i].rule, hits);
        char line[96];
        snprintf(line, sizeof line, "[11.2] Salvo from Santa Marta at Pla d'en Llull: %d hit%s\n",
                 rows[i].hits, rows[i].hits == 1 ? "" : "s");
        if (!vbt_logged(t, line))
            fail_msg("rule %s: no log line '%s'", rows[i].rule, line);
        vbt_free(t);
    }
    /* 11.2 "on each result of 6 a defending unit is eliminated": two hits
     * on a zone with one combat unit eliminate it, no choice to make; the
     * hits fall on combat units only, the commander with it stays. */
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load(t, HEAD(5, "bourbon", "combat") "\"Santa Marta\": [\"French Battalion 1\","
                                         " \"French Battalion 2\"], \"Pla d'en Llull\":"
                                         " [\"Ciutat 1\", \"Villarroel\"]}}");
    vbt_act(t, "salvo Santa-Marta onto Pla-den-Llull");
    vbt_dice(t, "6,6");
    assert_true(vbt_logged(t, "[11.2] Ciutat 1 is eliminated"));
    assert_int_equal(S(t)->us[U(t, "Ciutat 1")], US_ELIM);
    assert_int_equal(S(t)->us[U(t, "Villarroel")], US_ON);
    assert_int_not_equal(S(t)->phase, PH_CASUALTY);
    vbt_free(t);
}

/* ---- rule 10: up to three zones ---- */
static void movement_allowance(void **st)
{
    (void)st;
    static const struct {
        const char *rule, *zone;
        int dist, legal;
    } rows[] = {
        {"10 one zone", "Born", 1, 1},
        {"10 two zones", "Convent de Santa Caterina", 2, 1},
        {"10 three zones", "Placa de Jonqueres", 3, 1},
        {"10 not four zones", "Baluard de Jonqueres", 4, 0},
        {"10 not four zones", "Sant Pere de les Puelles", 4, 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t, HEAD(2, "catalan", "movement") "\"Pla de Palau\": [\"Nebot\"],"
                                               " \"Left Two Crowns\": [\"La Marine 1\"]}}");
        if (D(t)->dist[Z(t, "Pla de Palau")][Z(t, rows[i].zone)] != rows[i].dist)
            fail_msg("%s: the map changed", rows[i].rule);
        vbt_act(t, "move Nebot");
        char act[96];
        snprintf(act, sizeof act, "to %s", rows[i].zone);
        for (char *p = act; *p; p++)
            if (*p == ' ' && p > act + 2)
                *p = '-';
        if (vbt_legal(t, act) != rows[i].legal)
            fail_msg("rule %s: '%s'", rows[i].rule, act);
        vbt_free(t);
    }
}

/* ---- rule 10.1: "units must exit of the overstacked zones as soon as they
 * can" - every unit of such a zone may be the one to leave ---- */
static void overstacked_arrivals(void **st)
{
    (void)st;
    static const char *const units[] = {"Coronela Trinitat 1", "Nebot",    "Sant Jordi",
                                        "Sant Miquel",         "Ciutat 1", "Ciutat 2"};
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load(t,
         HEAD(4, "catalan", "movement") "\"Pla de Palau\": [\"%s\", \"%s\", \"%s\", \"%s\","
                                        " \"%s\", \"%s\"], \"Left Two Crowns\": [\"La Marine 1\"]},"
                                        " \"overstacked\": [\"Pla de Palau\"]}",
         units[0], units[1], units[2], units[3], units[4], units[5]);
    if (vbt_legal(t, "end-movement"))
        fail_msg("rule 10.1: movement ends with the Pla de Palau overstacked");
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        char act[64];
        snprintf(act, sizeof act, "move %s", D(t)->u[U(t, units[i])].tok);
        if (!vbt_legal(t, act))
            fail_msg("rule 10.1: '%s' cannot leave the overstacked zone", act);
    }
    vbt_free(t);
}

/* ---- rules 5.1.1 and 7: no breach check once a 6 is rolled ---- */
static void breach_check(void **st)
{
    (void)st;
    static const struct {
        const char *rule, *breach;
        int check;
    } rows[] = {
        {"7 checked every turn while mined", "mined", 1},
        {"7 never again once assured", "secured", 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t,
             "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"combat\", \"deck\": [],"
             " \"royal_breach\": \"%s\", \"unlisted\": \"eliminated\", \"zones\": {"
             " \"Pla de Palau\": [\"Nebot\"], \"Fossat de Llevant\": [\"La Marine 1\"],"
             " \"Baluard de Llevant\": [\"Diputacio 1\"]}}",
             rows[i].breach);
        vbt_act(t, "end-combat");
        assert_int_equal(S(t)->turn, 4);
        if ((S(t)->phase == PH_BREACH) != rows[i].check)
            fail_msg("rule %s: phase %s", rows[i].rule, sg_phase_names[S(t)->phase]);
        vbt_free(t);
    }
    /* ...and a 6 assures it: the next turn has no check. */
    vbt *t = vbt_new("setge-1714", NULL, 1);
    vbt_dice(t, "6");
    assert_int_equal(S(t)->breach, 1);
    vbt_free(t);
}

/* ---- rule 11.3 and 6.1: the advance stops at five ---- */
static void advance_limit(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load(t, HEAD(5, "bourbon", "combat") "\"Centre Two Crowns\": [\"French Battalion 1\","
                                         " \"French Battalion 2\", \"French Battalion 3\","
                                         " \"French Battalion 4\", \"French Battalion 5\","
                                         " \"French Battalion 6\", \"French Battalion 7\"],"
                                         " \"Fossat de Santa Clara\": [\"Nebot\"]}}");
    vbt_act(t, "assault Centre-Two-Crowns onto Fossat-de-Santa-Clara");
    vbt_act(t, "lead French-Battalion-1");
    vbt_act(t, "withdraw");
    vbt_dice(t, "6,1");
    vbt_act(t, "retreat Nebot Fossat-de-Llevant");
    /* the lead went in; four more fill the zone, and no sixth */
    for (int k = 2; k <= 5; k++) {
        char a[48];
        snprintf(a, sizeof a, "advance French-Battalion-%d", k);
        vbt_act(t, a);
    }
    if (S(t)->phase == PH_ADVANCE && vbt_legal(t, "advance French-Battalion-6"))
        fail_msg("rule 6.1: a sixth unit advances");
    assert_int_equal(S(t)->uz[U(t, "French Battalion 6")], Z(t, "Centre Two Crowns"));
    assert_int_equal(S(t)->sum.n[Z(t, "Fossat de Santa Clara")], 5);
    vbt_free(t);
}

/* ---- rule 12: barricades ---- */
static void barricades(void **st)
{
    (void)st;
    /* "Any unit which defends behind a barricade adds three points ...
     * against attacks from the zone adjacent to where the barricade is
     * located"; salvo "blocked by barricades" on that side only. */
    static const struct {
        const char *rule, *from, *from_tok;
        int def, salvo;
    } rows[] = {
        {"12 +3 across its side", "Molins del Rec", "Molins-del-Rec", 5 + 3, 0},
        {"12 nothing from another side", "Santa Marta", "Santa-Marta", 5 + 0, 1},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t,
             HEAD(5, "bourbon", "combat") "\"Pla d'en Llull\": [\"Ciutat 1\", \"Barricada del Pla"
                                          " d'en Llull\"], \"%s\": [\"French Grenadiers 1\"]},"
                                          " \"facing\": {\"Barricada del Pla d'en Llull\":"
                                          " \"Molins del Rec\"}}",
             rows[i].from);
        char act[96];
        snprintf(act, sizeof act, "salvo %s onto Pla-den-Llull", rows[i].from_tok);
        if (vbt_legal(t, act) != rows[i].salvo)
            fail_msg("rule 11.2/%s: '%s'", rows[i].rule, act);
        snprintf(act, sizeof act, "assault %s onto Pla-den-Llull", rows[i].from_tok);
        vbt_act(t, act);
        int a, v;
        sg_assault_values(D(t), S(t), &a, &v);
        if (v != rows[i].def)
            fail_msg("rule %s: defender %d", rows[i].rule, v);
        vbt_free(t);
    }
    /* "Only one barricade can be placed by zone." */
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load(t, HEAD(2, "catalan", "movement") "\"Pla d'en Llull\": [\"Barricada del Pla d'en Llull\"],"
                                           " \"Born\": [\"Barricada de Sant Pere\"],"
                                           " \"Left Two Crowns\": [\"La Marine 1\"]},"
                                           " \"facing\": {\"Barricada del Pla d'en Llull\":"
                                           " \"Molins del Rec\", \"Barricada de Sant Pere\":"
                                           " \"Pla de Palau\"}}");
    vbt_act(t, "move Barricada-de-Sant-Pere");
    if (vbt_legal(t, "to Pla-den-Llull facing Born"))
        fail_msg("rule 12: two barricades in one zone");
    assert_true(vbt_legal(t, "to Pla-de-Palau facing Born"));
    vbt_free(t);
}

/* ---- rule 13: the two-zone convent and the automatic victory ---- */
static void convents_and_victory(void **st)
{
    (void)st;
    /* "To control a convent with two zones a player must have combat units
     * on both of them": 4 VP only with both. */
    static const struct {
        const char *rule, *zones;
        int vp;
    } rows[] = {
        {"13 one zone of two", "\"Sant Agusti Esglesia\": [\"French Battalion 1\"]", 0},
        {"13 both zones",
         "\"Sant Agusti Esglesia\": [\"French Battalion 1\"],"
         " \"Sant Agusti Claustres\": [\"French Battalion 2\"]",
         4},
        {"13 a one-zone convent", "\"Convent de Santa Clara\": [\"French Battalion 1\"]", 4},
        {"13 a bastion", "\"Baluard de Llevant\": [\"French Battalion 1\"]", 2},
        {"13 the Pla de Palau", "\"Pla de Palau\": [\"French Battalion 1\"]", 4},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t, HEAD(5, "bourbon", "movement") "\"Santa Maria del Mar\": [\"Nebot\"]}}");
        int before = sg_vp(D(t), S(t), SG_BOURBON);
        load(t, HEAD(5, "bourbon", "movement") "\"Santa Maria del Mar\": [\"Nebot\"], %s}}",
             rows[i].zones);
        int vp = sg_vp(D(t), S(t), SG_BOURBON) - before;
        if (vp != rows[i].vp)
            fail_msg("rule %s: %d VP", rows[i].rule, vp);
        vbt_free(t);
    }
    /* Automatic victory "at the end of any turn": not after the Two Crowns'
     * half, only once the Catalans have played theirs. */
    static const struct {
        const char *rule, *half;
        int over;
    } when[] = {
        {"13/5.3 not mid-turn", "bourbon", 0},
        {"13/5.3 at the end of the turn", "catalan", 1},
    };
    for (size_t i = 0; i < sizeof when / sizeof when[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        const sg_data *d = D(t);
        char buf[4096];
        int n = snprintf(buf, sizeof buf,
                         "{\"turn\": 4, \"half\": \"%s\", \"phase\": \"combat\", \"deck\": [],"
                         " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
                         " \"zones\": {\"Santa Maria del Mar\": [\"Nebot\"]",
                         when[i].half);
        int u = 0;
        for (int z = 0; z < d->nz; z++) {
            if (!d->z[z].autoobj)
                continue;
            while (d->u[u].side != SG_BOURBON || d->u[u].kind != K_COMBAT)
                u++;
            n += snprintf(buf + n, sizeof buf - (size_t)n, ", \"%s\": [\"%s\"]", d->z[z].name,
                          d->u[u].name);
            u++;
        }
        snprintf(buf + n, sizeof buf - (size_t)n, "}}");
        if (vbt_load(t, buf))
            fail_msg("%s", t->cx.err);
        if (S(t)->phase == PH_COMBAT)
            vbt_act(t, "end-combat");
        if (S(t)->over != when[i].over)
            fail_msg("rule %s: over = %d", when[i].rule, S(t)->over);
        if (when[i].over && !vbt_logged(t, "every bastion and convent is held"))
            fail_msg("rule 13: the automatic victory is not by the objectives");
        vbt_free(t);
    }
}

/* ---- rule 8: event cards (reconstructed texts, game.json) ---- */
static void cards(void **st)
{
    (void)st;
    /* "Plunder near Sant Agusti": the Two Crowns subtract 1, attacking or
     * defending - here defending against a Catalan assault. */
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load(t,
         "{\"turn\": 5, \"half\": \"catalan\", \"phase\": \"combat\", \"deck\": [],"
         " \"card\": \"plunder\", \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
         " \"zones\": {\"Born\": [\"Ciutat 1\"], \"Pla d'en Llull\": [\"French Battalion 1\"]}}");
    vbt_act(t, "assault Born onto Pla-den-Llull");
    int a, v;
    sg_assault_values(D(t), S(t), &a, &v);
    if (a != 5 || v != 4 - 1)
        fail_msg("rule 8 (plunder): %d against %d, expected 5 against 3", a, v);
    vbt_free(t);
    /* Only "The mine is wet" assures the Royal breach (rule 7): not another
     * card drawn by the Two Crowns. */
    static const struct {
        const char *card;
        int breach;
    } mine[] = {{"haze", 0}, {"wet-mine", 1}, {"smoke", 0}};
    for (size_t i = 0; i < sizeof mine / sizeof mine[0]; i++) {
        t = vbt_new("setge-1714", NULL, 1);
        vbt_dice(t, "2");
        vbt_dice(t, mine[i].card);
        if (S(t)->breach != mine[i].breach)
            fail_msg("rule 7/8: card %s, breach %d", mine[i].card, S(t)->breach);
        vbt_free(t);
    }
    /* "Casanova's call to arms": next turn's reinforcements arrive now, not
     * later ones. */
    t = vbt_new("setge-1714", NULL, 1);
    load(t, "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"event\","
            " \"deck\": [\"call-to-arms\"], \"royal_breach\": \"secured\","
            " \"unlisted\": \"eliminated\", \"waiting\": {\"Coronela Sant Sever 4\": 4,"
            " \"Coronela Santa Eulalia 2\": 5}, \"zones\": {\"Pla de Palau\": [\"Nebot\"],"
            " \"Left Two Crowns\": [\"La Marine 1\"]}}");
    vbt_dice(t, "call-to-arms");
    assert_int_equal(S(t)->arrive[U(t, "Coronela Santa Eulalia 2")], 5);
    assert_int_equal(S(t)->us[U(t, "Coronela Santa Eulalia 2")], US_WAIT);
    int u = U(t, "Coronela Sant Sever 4");
    if (!(S(t)->us[u] == US_ON || S(t)->arrive[u] == 3))
        fail_msg("rule 8 (call to arms): the turn-4 company does not arrive on turn 3");
    vbt_free(t);
}

/* ---- rule 10.1: "placed inside zones marked with an R and not controlled
 * by enemy units"; with none free the arrivals wait a turn
 * (docs/setge-1714.md, Interpretations) ---- */
static void reinforcements_wait(void **st)
{
    (void)st;
    static const struct {
        const char *rule, *card;
        int turn, due, free_r, arrive;
    } rows[] = {
        {"10.1 no R zone free: wait a turn", "", 4, 4, 0, 5},
        {"10.1 one R zone free: arrive now", "", 4, 4, 1, 0},
        /* the call to arms on turn 1 brings turn 2's company forward to
         * turn 1; with no R zone free it still comes on turn 2 */
        {"10.1/8 called to arms, no R zone free", "call-to-arms", 1, 2, 0, 2},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t,
             "{\"turn\": %d, \"half\": \"catalan\", \"phase\": \"%s\", \"deck\": [%s],"
             " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
             " \"waiting\": {\"Coronela Trinitat 3\": %d}, \"zones\": {"
             " \"Sant Agusti Esglesia\": [\"Ciutat 1\"], \"Placa de Jonqueres\": [\"La Marine 1\"],"
             " \"Placa de Sant Pere\": [\"La Marine 2\"], \"Born\": [\"Asturias\"],"
             " \"Santa Maria del Mar\": [\"French Battalion 2\"]%s}}",
             rows[i].turn, rows[i].card[0] ? "event" : "artillery",
             rows[i].card[0] ? "\"call-to-arms\"" : "", rows[i].due,
             rows[i].free_r ? "" : ", \"Pla de Palau\": [\"French Battalion 1\"]");
        if (rows[i].card[0])
            vbt_dice(t, rows[i].card);
        int u = U(t, "Coronela Trinitat 3");
        if (rows[i].arrive == 0) {
            if (S(t)->phase != PH_REINF || !vbt_legal(t, "enter Coronela-Trinitat-3 Pla-de-Palau"))
                fail_msg("rule %s: the company cannot enter the Pla de Palau", rows[i].rule);
        } else {
            if (S(t)->us[u] != US_WAIT || S(t)->arrive[u] != rows[i].arrive)
                fail_msg("rule %s: status %d, arrives on turn %d, expected turn %d", rows[i].rule,
                         S(t)->us[u], S(t)->arrive[u], rows[i].arrive);
            if (!vbt_logged(t, "[10.1] No R zone is free: the reinforcements wait"))
                fail_msg("rule %s: not logged", rows[i].rule);
            if (S(t)->phase != PH_MOVE)
                fail_msg("rule %s: phase %d, not movement", rows[i].rule, S(t)->phase);
        }
        vbt_free(t);
    }
}

/* ---- rule 13: "Annihilates all the Catalan units" ---- */
static void annihilation(void **st)
{
    (void)st;
    static const struct {
        const char *rule, *extra;
        int over;
    } rows[] = {
        {"13 no Catalan combat unit left", "", 1},
        {"13 a reinforcement still to come", ", \"waiting\": {\"Coronela Sant Sever 4\": 4}", 0},
        {"13 one unit left on the map", ", \"zones\": {\"Born\": [\"Nebot\"]}", 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        char buf[1024];
        snprintf(buf, sizeof buf,
                 "{\"turn\": 3, \"half\": \"catalan\", \"phase\": \"combat\", \"deck\": [],"
                 " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\"%s%s}",
                 rows[i].extra,
                 strstr(rows[i].extra, "zones") ? ""
                                                : ", \"zones\": {\"Santa Maria del Mar\":"
                                                  " [\"Basset\"]}");
        if (vbt_load(t, buf))
            fail_msg("%s: %s", rows[i].rule, t->cx.err);
        if (S(t)->phase == PH_COMBAT)
            vbt_act(t, "end-combat");
        if (S(t)->over != rows[i].over)
            fail_msg("rule %s: over = %d", rows[i].rule, S(t)->over);
        if (rows[i].over && !vbt_logged(t, "the Catalan army is annihilated"))
            fail_msg("rule %s: not by annihilation", rows[i].rule);
        vbt_free(t);
    }
}

/* ---- rule 11.3: "If the defender must retreat his units they have to go
 * to adjacent zones without enemy units on them": a zone holding only an
 * enemy commander is closed to the retreat, as one with combat units ---- */
static void retreat_not_past_enemy_pieces(void **st)
{
    (void)st;
    static const struct {
        const char *rule, *to;
        int legal;
    } rows[] = {
        {"11.3 an empty zone", "Santa-Maria-del-Mar", 1},
        {"11.3 a zone with an enemy commander alone", "Convent-de-Santa-Caterina", 0},
        {"11.3 the attacking zone", "Born", 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t, HEAD(5, "bourbon", "combat") "\"Carrer Montcada\": [\"Ciutat 1\", \"Ciutat 2\"],"
                                             " \"Born\": [\"French Grenadiers 1\","
                                             " \"French Battalion 3\"],"
                                             " \"Convent de Santa Caterina\": [\"Dillon\"]}}");
        vbt_act(t, "assault Born onto Carrer-Montcada");
        vbt_act(t, "lead French-Grenadiers-1");
        vbt_act(t, "lead Ciutat-1");
        vbt_act(t, "no-commander");
        vbt_act(t, "withdraw");
        vbt_dice(t, "6,1");
        if (S(t)->phase != PH_RETREAT)
            fail_msg("rule %s: no retreat\n%s", rows[i].rule, t->log);
        char act[96];
        snprintf(act, sizeof act, "retreat Ciutat-2 %s", rows[i].to);
        if (vbt_legal(t, act) != rows[i].legal)
            fail_msg("rule %s: '%s' should be %s", rows[i].rule, act,
                     rows[i].legal ? "legal" : "illegal");
        vbt_free(t);
    }
}

/* ---- rule 10: "any unit that enters a deployment Bourbon zone must stop
 * immediately (see section 6.2)"; rule 11.3: a zone entered by an advance
 * has made its attack this phase (docs, Interpretations) ---- */
static void stops_and_spent_zones(void **st)
{
    (void)st;
    /* From the Platja del Rec the Centre Two Crowns is two zones away
     * through the Left Two Crowns (a deployment zone: the move stops
     * there) and four the other way round. */
    static const struct {
        const char *rule, *to;
        int legal;
    } rows[] = {
        {"10 into a deployment zone", "Left-Two-Crowns", 1},
        {"10 not through a deployment zone", "Centre-Two-Crowns", 0},
        {"10 around it", "Fossat-de-Llevant", 1},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t, HEAD(5, "bourbon", "movement") "\"Platja del Rec\": [\"French Battalion 1\"],"
                                               " \"Pla de Palau\": [\"Nebot\"]}}");
        vbt_act(t, "move French-Battalion-1");
        char act[96];
        snprintf(act, sizeof act, "to %s", rows[i].to);
        if (vbt_legal(t, act) != rows[i].legal)
            fail_msg("rule %s: '%s' should be %s", rows[i].rule, act,
                     rows[i].legal ? "legal" : "illegal");
        vbt_free(t);
    }
    /* The grenadiers that advanced into Carrer Montcada do not attack
     * again from it; the battalion left in the Born has attacked too. */
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load(t, HEAD(5, "bourbon", "combat") "\"Carrer Montcada\": [\"Ciutat 1\"],"
                                         " \"Born\": [\"French Grenadiers 1\","
                                         " \"French Battalion 3\"],"
                                         " \"Santa Maria del Mar\": [\"Ciutat 2\"]}}");
    vbt_act(t, "assault Born onto Carrer-Montcada");
    vbt_act(t, "lead French-Grenadiers-1");
    vbt_act(t, "withdraw");
    vbt_dice(t, "6,1");
    vbt_act(t, "retreat Ciutat-1 Santa-Maria-del-Mar");
    if (S(t)->uz[U(t, "French Grenadiers 1")] != Z(t, "Carrer Montcada"))
        fail_msg("rule 11.3: the lead did not advance\n%s", t->log);
    vbt_act(t, "end-advance");
    if (vbt_legal(t, "assault Carrer-Montcada onto Santa-Maria-del-Mar") ||
        vbt_legal(t, "salvo Carrer-Montcada onto Santa-Maria-del-Mar"))
        fail_msg("rule 11.3: a zone entered by an advance attacks again");
    vbt_free(t);
}

/* ---- rule 11.3: "artillery units and barricades can't retreat; if their
 * zone is occupied by the enemy they are captured" (a move too, as a gun
 * by rule 9); rule 10.1 and 6.1: recovered units deploy into a deployment
 * zone free of the enemy ---- */
static void captures_and_recovery_zones(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    const sg_data *d = D(t);
    int b = U(t, "Barricada del Pla d'en Llull");
    load(t,
         HEAD(5, "bourbon", "movement") "\"%s\": [\"%s\"], \"Santa Marta\": [\"French Battalion "
                                        "1\"], \"Santa Maria del Mar\": [\"Nebot\"]},"
                                        " \"facing\": {\"%s\": \"%s\"}}",
         d->z[d->u[b].zone].name, d->u[b].name, d->u[b].name, d->z[d->u[b].face].name);
    vbt_act(t, "move French-Battalion-1");
    vbt_act(t, "to Pla-den-Llull");
    if (S(t)->us[b] != US_ELIM || !vbt_logged(t, "is captured"))
        fail_msg("rule 11.3: a barricade left alone is not captured by a move\n%s", t->log);
    vbt_free(t);

    static const struct {
        const char *rule, *to;
        int legal;
    } rows[] = {
        {"10.1 a free deployment zone", "Centre-Two-Crowns", 1},
        {"10.1 not a deployment zone held by the enemy", "Left-Two-Crowns", 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        t = vbt_new("setge-1714", NULL, 1);
        load(t, HEAD(5, "bourbon", "reinforcements") "\"Left Two Crowns\": [\"Nebot\"],"
                                                     " \"Pla de Palau\": [\"Ciutat 1\"]},"
                                                     " \"recover\": 20, \"recovery_loses\": true}");
        char act[96];
        snprintf(act, sizeof act, "recover French-Battalion-1 %s", rows[i].to);
        if (vbt_legal(t, act) != rows[i].legal)
            fail_msg("rule %s: '%s' should be %s", rows[i].rule, act,
                     rows[i].legal ? "legal" : "illegal");
        vbt_free(t);
    }
}

/* ---- rule 13: "2 VP for each eliminated enemy commander"; the flag is no
 * commander for the count (docs, Interpretations) ---- */
static void flag_is_no_commander_for_vp(void **st)
{
    (void)st;
    static const struct {
        const char *rule, *pieces;
        int more; /* Two Crowns VP above the position with both on the map */
    } rows[] = {
        {"13 both on the map", "\"Santa Eulalia Flag\", \"Casanova\"", 0},
        {"13 the flag eliminated: no VP", "\"Casanova\"", 0},
        {"13 a commander eliminated: 2 VP", "\"Santa Eulalia Flag\"", 2},
    };
    int base = -1;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t,
             HEAD(5, "bourbon", "artillery") "\"Pla de Palau\": [\"Nebot\", %s],"
                                             " \"Left Two Crowns\": [\"French Battalion 1\"]}}",
             rows[i].pieces);
        int vp = sg_vp(D(t), S(t), SG_BOURBON);
        if (i == 0)
            base = vp;
        else if (vp != base + rows[i].more)
            fail_msg("rule %s: %d VP, expected %d", rows[i].rule, vp, base + rows[i].more);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(artillery),
        cmocka_unit_test(one_shot_per_gun),
        cmocka_unit_test(salvo),
        cmocka_unit_test(movement_allowance),
        cmocka_unit_test(breach_check),
        cmocka_unit_test(advance_limit),
        cmocka_unit_test(barricades),
        cmocka_unit_test(convents_and_victory),
        cmocka_unit_test(cards),
        cmocka_unit_test(annihilation),
        cmocka_unit_test(overstacked_arrivals),
        cmocka_unit_test(reinforcements_wait),
        cmocka_unit_test(retreat_not_past_enemy_pieces),
        cmocka_unit_test(flag_is_no_commander_for_vp),
        cmocka_unit_test(stops_and_spent_zones),
        cmocka_unit_test(captures_and_recovery_zones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
