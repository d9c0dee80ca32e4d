/* test_examples.c - the worked examples of the setge-1714 rulebook replayed
 * with their own dice: the artillery example of rule 9, the recovery
 * example of rule 10.1 and the combat example of rule 11 (figures A to F:
 * one salvo and two assaults). The movement example of rule 10 is
 * test_rules.c `movement`. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/setge-1714/sg_int.h"

static int unit_status(vbt *t, const char *name, int *zone)
{
    const sg_data *d = t->g->data;
    const sg_state *s = vbt_state(t);
    int u = sg_find_unit(d, name);
    assert_true(u >= 0);
    if (zone)
        *zone = s->us[u] == US_ON ? s->uz[u] : -1;
    return s->us[u];
}

static int zone_of(vbt *t, const char *name)
{
    int z = sg_find_zone(t->g->data, name);
    assert_true(z >= 0);
    return z;
}

static void expect_in(vbt *t, const char *unit, const char *zone)
{
    int z;
    assert_int_equal(unit_status(t, unit, &z), US_ON);
    assert_int_equal(z, zone_of(t, zone));
}

/* EVIDENCE-OF (rule 9 example): a Bourbon gun two zones from the Llevant
 * bastion rolls 4 against the Catalan regulars (strength 5): no effect at two
 * zones; the Catalan gun in the bastion fires at the grenadiers adjacent to
 * the breach, rolls 5: eliminated (4 or more). */
static void artillery_example(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    assert_int_equal(vbt_load(t,
                              "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"artillery\","
                              " \"royal_breach\": \"secured\", \"deck\": [],"
                              " \"unlisted\": \"eliminated\", \"zones\": {"
                              " \"Baluard de Llevant\": [\"Diputacio 1\", \"Canons de Llevant\"],"
                              " \"Left Two Crowns\": [\"Bourbon Battery 1\"],"
                              " \"Fossat de Llevant\": [\"French Grenadiers 1\"]}}"),
                     0);
    /* The Catalan regulars are the only target in range of Battery 1. */
    vbt_act(t, "fire Bourbon-Battery-1 Diputacio-1");
    vbt_dice(t, "4");
    assert_true(vbt_logged(t, "[9] Bourbon Battery 1 fires at Diputació 1 (2 zones, 5+): 4 - no "
                              "effect"));
    expect_in(t, "Diputacio 1", "Baluard de Llevant");
    /* "The situation in the zone doesn't change during the rest of the turn." */
    vbt_act(t, "end-movement");
    vbt_act(t, "end-combat");
    /* Catalan half: no breach check, no card (empty deck), artillery. */
    assert_false(vbt_legal(t, "fire Canons-de-Llevant Bourbon-Battery-1")); /* not a combat unit */
    vbt_act(t, "fire Canons-de-Llevant French-Grenadiers-1");
    vbt_dice(t, "5");
    assert_true(vbt_logged(t,
                           "[9] Canons de Llevant fires at French Grenadiers 1 (1 zone, 4+): 5 - "
                           "eliminated"));
    assert_int_equal(unit_status(t, "French Grenadiers 1", NULL), US_ELIM);
    vbt_free(t);
}

/* A turn-5 Bourbon half with exactly `nelim` Two Crowns combat units
 * eliminated and every other one lost for good, the Catalans reduced to
 * one unit: the artillery phase passes (no gun) into the recovery. */
static int recovery_position(vbt *t, int nelim)
{
    const sg_data *d = t->g->data;
    char js[8192 + 512], el[4096] = "", lo[4096] = "";
    int n = 0;
    for (int u = 0; u < d->nu; u++) {
        if (d->u[u].side != SG_BOURBON || d->u[u].kind != K_COMBAT)
            continue;
        char *to = n < nelim ? el : lo;
        size_t len = strlen(to);
        snprintf(to + len, 4096 - len, "%s\"%s\"", len ? ", " : "", d->u[u].name);
        n++;
    }
    snprintf(js, sizeof js,
             "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"artillery\", \"deck\": [],"
             " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
             " \"eliminated\": [%s], \"lost\": [%s], \"zones\": {\"Pla de Palau\": [\"Nebot\"]}}",
             el, lo);
    assert_int_equal(vbt_load(t, js), 0);
    return n;
}

static int count_status(vbt *t, int side, int status)
{
    const sg_data *d = t->g->data;
    const sg_state *s = vbt_state(t);
    int n = 0;
    for (int u = 0; u < d->nu; u++)
        n += d->u[u].side == side && d->u[u].kind == K_COMBAT && s->us[u] == status;
    return n;
}

/* Recover the eliminated Two Crowns units one by one, in unit order but
 * for the first `skip`, into the three deployment zones; returns how many
 * were recovered. */
static int recover_all(vbt *t, int skip, int bunch)
{
    const sg_data *d = t->g->data;
    static const char *const zones[] = {"Left-Two-Crowns", "Centre-Two-Crowns", "Right-Two-Crowns"};
    int n = 0;
    for (int u = 0; u < d->nu; u++) {
        const sg_state *s = vbt_state(t);
        if (d->u[u].side != SG_BOURBON || d->u[u].kind != K_COMBAT || s->us[u] != US_ELIM)
            continue;
        if (skip > 0 && skip--)
            continue;
        if (s->phase != PH_REINF)
            break;
        char act[128];
        /* "deploying them among the 3 special deployment zones as he
         * wishes": each of the three is open to every unit */
        for (int z = 0; z < 3; z++) {
            snprintf(act, sizeof act, "recover %s %s", d->u[u].tok, zones[z]);
            assert_true(vbt_legal(t, act));
        }
        /* the first `bunch` all into the centre zone (no stacking limit,
         * rule 6.2), the rest spread */
        snprintf(act, sizeof act, "recover %s %s", d->u[u].tok, zones[n < bunch ? 1 : n % 3]);
        vbt_act(t, act);
        n++;
    }
    return n;
}

/* EVIDENCE-OF (rule 10.1 example): "if for instance in 5th turn 20 units
 * have to be recovered, but only 16 have been eliminated, the player can
 * deploy the 16 units, deploying them among the 3 special deployment zones
 * as he wishes. On the contrary, if the player has lost 25 units, he can
 * only recover 20, chosen at his will." */
static void recovery_example(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    const sg_data *d = t->g->data;
    assert_int_equal(d->recovery[5], 20);

    /* 16 eliminated: all 16 come back, none is lost. */
    int nb = recovery_position(t, 16);
    assert_true(nb >= 25);
    const sg_state *s = vbt_state(t);
    assert_int_equal(s->phase, PH_REINF);
    assert_int_equal(s->recover, 20);
    assert_int_equal(recover_all(t, 0, 16), 16);
    assert_int_equal(count_status(t, SG_BOURBON, US_ELIM), 0);
    assert_int_equal(count_status(t, SG_BOURBON, US_LOST), nb - 16);
    assert_int_equal(((const sg_state *)vbt_state(t))->phase, PH_MOVE);
    expect_in(t, "La Marine 1", "Centre Two Crowns");
    assert_false(vbt_logged(t, "not recovered are lost"));

    /* 25 eliminated: only 20 come back, chosen at will (here all but the
     * first five in unit order); the other 5 are lost. */
    recovery_position(t, 25);
    assert_int_equal(recover_all(t, 5, 5), 20);
    assert_int_equal(unit_status(t, "La Marine 1", NULL), US_LOST);
    assert_int_equal(((const sg_state *)vbt_state(t))->phase, PH_MOVE);
    assert_int_equal(count_status(t, SG_BOURBON, US_ON), 20);
    assert_int_equal(count_status(t, SG_BOURBON, US_ELIM), 0);
    assert_int_equal(count_status(t, SG_BOURBON, US_LOST), nb - 20);
    assert_true(vbt_logged(t, "[10.1] 5 eliminated Two Crowns units not recovered are lost"));
    vbt_free(t);
}

/* Figure A: the position at the beginning of the combat. */
static const char figure_a[] =
    "{\"turn\": 6, \"half\": \"bourbon\", \"phase\": \"combat\", \"royal_breach\": \"secured\","
    " \"deck\": [], \"unlisted\": \"eliminated\","
    " \"facing\": {\"Barricada del Pla d'en Llull\": \"Molins del Rec\"},"
    " \"zones\": {"
    "  \"Pla d'en Llull\": [\"Penyafort\", \"Sant Vicenc Ferrer\", \"Vilar i Ferrer\","
    "                      \"Coronela Merce 1\", \"Coronela Merce 2\","
    "                      \"Barricada del Pla d'en Llull\"],"
    "  \"Born\": [\"Nebot\", \"Villarroel\"],"
    "  \"Convent de Santa Clara\": [\"Coronela Santa Eulalia 1\"],"
    "  \"Cortina dels Molins\": [\"Diputacio 2\"],"
    "  \"Santa Marta\": [\"French Battalion 1\", \"French Battalion 2\", \"French Battalion 3\","
    "                   \"French Battalion 4\"],"
    "  \"Molins del Rec\": [\"French Grenadiers 1\", \"French Battalion 5\", \"French Battalion "
    "6\","
    "                      \"French Battalion 7\", \"French Battalion 8\"],"
    "  \"Fusina\": [\"French Grenadiers 2\", \"French Battalion 9\", \"French Battalion 10\","
    "              \"French Battalion 11\", \"French Battalion 12\"]}}";

static void combat_example(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    assert_int_equal(vbt_load(t, figure_a), 0);

    /* EVIDENCE-OF (11.2 example): "He can't shoot against Santa Clara, since
     * the convent is a zone with a higher defence value"; he could fire at the
     * Catalan unit in the adjacent grey zone; the barricade does not cover the
     * side towards the grey zone, so salvo fire into the big ochre zone is
     * possible. */
    assert_false(vbt_legal(t, "salvo Santa-Marta -> Convent-de-Santa-Clara"));
    assert_true(vbt_legal(t, "salvo Santa-Marta -> Cortina-dels-Molins"));
    assert_true(vbt_legal(t, "salvo Santa-Marta -> Pla-d'en-Llull"));
    /* The barricade and the Travessera blue line block salvos across them. */
    assert_false(vbt_legal(t, "salvo Molins-del-Rec -> Pla-d'en-Llull"));
    assert_false(vbt_legal(t, "salvo Fusina -> Pla-d'en-Llull"));

    /* Figure A -> B: 4 dice, 4 1 3 6: one defender eliminated, the Catalan
     * player chooses a Coronela unit. */
    vbt_act(t, "salvo Santa-Marta -> Pla-d'en-Llull");
    vbt_dice(t, "4,1,3,6");
    assert_true(vbt_logged(t, "[11.2] Salvo from Santa Marta at Pla d'en Llull: 1 hit"));
    assert_int_equal(vb_to_move(t->g, vbt_state(t)), R_CATALAN); /* the defender chooses */
    vbt_act(t, "casualty Coronela-Merce-1");
    assert_int_equal(unit_status(t, "Coronela Merce 1", NULL), US_ELIM);

    /* Figure C: first assault, from the north across the barricade.
     * Grenadiers lead: 5 + 4 = 9. Defender: mountain fusiliers 5 + 3 units
     * + 1 commander (adjacent) + 3 barricade = 12. Dice 5 and 2: 14 to 14,
     * the defender wins and the lead grenadiers are eliminated; the
     * commander's casualty die is a 6. */
    assert_false(vbt_legal(t, "assault Santa-Marta -> Pla-d'en-Llull")); /* zone has fired */
    vbt_act(t, "assault Molins-del-Rec -> Pla-d'en-Llull");
    vbt_act(t, "lead French-Grenadiers-1");
    assert_int_equal(vb_to_move(t->g, vbt_state(t)), R_CATALAN);
    vbt_act(t, "lead Penyafort");
    vbt_act(t, "commander Villarroel");
    vbt_act(t, "hold");
    vbt_dice(t, "5,2");
    assert_true(vbt_logged(t, "9+5=14 vs 12+2=14 - defender holds, attacker lead eliminated"));
    assert_int_equal(unit_status(t, "French Grenadiers 1", NULL), US_ELIM);
    vbt_dice(t, "6");
    assert_true(vbt_logged(t, "Commander casualty check for Villarroel: 6 - the commander falls"));
    /* Figure D */
    assert_int_equal(unit_status(t, "Villarroel", NULL), US_ELIM);
    expect_in(t, "French Battalion 5", "Molins del Rec");
    expect_in(t, "Penyafort", "Pla d'en Llull");

    /* Figure E: second assault across the Travessera blue line. 5 + 4 = 9
     * against 5 + 3 + 3 = 11, +2 withdrawal = 13; dice 5 and 6: 14 to 19. */
    vbt_act(t, "assault Fusina -> Pla-d'en-Llull");
    vbt_act(t, "lead French-Grenadiers-2");
    vbt_act(t, "lead Penyafort");
    vbt_act(t, "withdraw");
    vbt_dice(t, "5,6");
    assert_true(vbt_logged(t, "9+5=14 vs 13+6=19"));
    assert_int_equal(unit_status(t, "French Grenadiers 2", NULL), US_ELIM);
    assert_true(
        vbt_logged(t, "[12] Barricada del Pla d'en Llull cannot retreat and is eliminated"));
    /* The defender distributes its troops in adjacent empty or friendly
     * zones at will. */
    assert_int_equal(vb_to_move(t->g, vbt_state(t)), R_CATALAN);
    assert_false(vbt_legal(t, "retreat Penyafort Fusina")); /* enemy zone */
    vbt_act(t, "retreat Penyafort Born");
    vbt_act(t, "retreat Sant-Vicenc-Ferrer Born");
    vbt_act(t, "retreat Vilar-i-Ferrer Pla-de-Palau");
    vbt_act(t, "retreat Coronela-Merce-2 Sant-Agusti-Claustres");
    /* The attacker advances with units of the attacking zone at will; its
     * lead unit is gone, so one other unit must advance. */
    assert_int_equal(vb_to_move(t->g, vbt_state(t)), R_BOURBON);
    assert_false(vbt_legal(t, "end-advance"));
    assert_false(vbt_legal(t, "advance French-Battalion-5")); /* not from the attacking zone */
    vbt_act(t, "advance French-Battalion-9");
    vbt_act(t, "advance French-Battalion-10");
    vbt_act(t, "end-advance");
    /* Figure F */
    expect_in(t, "French Battalion 9", "Pla d'en Llull");
    expect_in(t, "French Battalion 10", "Pla d'en Llull");
    expect_in(t, "French Battalion 11", "Fusina");
    expect_in(t, "Penyafort", "Born");
    assert_int_equal(unit_status(t, "Barricada del Pla d'en Llull", NULL), US_ELIM);
    vbt_free(t);
}

/* The odds hooks rebuild the first assault of figure C from words:
 * 9 against 12 before the dice; a 2 in 36 ... exact enumeration here. */
static void odds_figure_c(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    sg_state s, b, t;
    vb_action first;
    char *argv[] = {"assault",     "att=5",     "def=5",        "attackers=5",
                    "defenders=4", "barricade", "def-commander"};
    memset(&s, 0, sizeof s);
    assert_int_equal(g->def->odds_setup(g, &s, 0, 7, argv, &first, &cx), 0);
    assert_int_equal(g->def->check(g, &s, &cx), 0);
    int a, v;
    sg_assault_values(g->data, &s, &a, &v);
    assert_int_equal(a, 9);
    assert_int_equal(v, 12);
    /* enumerate the two assault dice and the commander's die */
    int holds = 0, total = 0;
    for (int x = 1; x <= 6; x++)
        for (int y = 1; y <= 6; y++)
            for (int c = 1; c <= 6; c++) {
                memcpy(&t, &s, sizeof t);
                memcpy(&b, &s, sizeof b);
                assert_int_equal(vb_apply(g, &t, SG_ACT(A_DIE, x, 0, 0), &cx), 0);
                assert_int_equal(vb_apply(g, &t, SG_ACT(A_DIE, y, 0, 0), &cx), 0);
                assert_int_equal(vb_apply(g, &t, SG_ACT(A_DIE, c, 0, 0), &cx), 0);
                char out[128];
                g->def->odds_outcome(g, &b, &t, out, sizeof out);
                holds += strstr(out, "defender holds") != NULL;
                total++;
            }
    /* the attacker needs 9+x > 12+y: x - y >= 4: 3 of 36 */
    assert_int_equal(total - holds, 3 * 6);
    char *art[] = {"artillery", "2"};
    memset(&s, 0, sizeof s);
    assert_int_equal(g->def->odds_setup(g, &s, 0, 2, art, &first, &cx), 0);
    assert_int_equal(s.phase, PH_ARTDIE);
    char *bad[] = {"artillery", "2", "catalan"};
    assert_int_not_equal(g->def->odds_setup(g, &s, 0, 3, bad, &first, &cx), 0);
    assert_non_null(strstr(cx.err, "(rule 9)"));
    vb_game_free(g);
}

/* Odds from a position with a proposed action: the salvo of figure A rolls
 * four dice; the first assault of figure C stands at 9 against 13 (five
 * defenders before the salvo) with the commander. */
static void odds_from_state(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    assert_int_equal(vbt_load(t, figure_a), 0);
    sg_state s;
    vb_action first;
    char *salvo[] = {"salvo", "Santa-Marta", "->", "Pla-d'en-Llull"};
    memcpy(&s, vbt_state(t), sizeof s);
    assert_int_equal(t->g->def->odds_setup(t->g, &s, 1, 4, salvo, &first, &t->cx), 0);
    assert_int_equal(first, VB_NONE);
    assert_int_equal(s.phase, PH_SALVODIE);
    assert_int_equal(s.dice, 4);
    char *assault[] = {"assault", "Molins-del-Rec", "->", "Pla-d'en-Llull", "def-commander"};
    memcpy(&s, vbt_state(t), sizeof s);
    assert_int_equal(t->g->def->odds_setup(t->g, &s, 1, 5, assault, &first, &t->cx), 0);
    assert_int_equal(s.phase, PH_ADIE);
    int a, v;
    sg_assault_values(t->g->data, &s, &a, &v);
    assert_int_equal(a, 9);
    assert_int_equal(v, 13);
    vbt_free(t);
}

/* The odds procedures build the position their words name: the range of
 * a gun (rule 9: 5+ at two zones, 4+ at one), the dice of a salvo (6s,
 * rule 11.2), the colour of the attacked zone (11.1: ochre 0, grey 2,
 * blue 3), a defender of strength 3; an action that is no combat is handed
 * back to be applied first. */
static void odds_procedures(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    const sg_data *d = t->g->data;
    sg_state s;
    vb_action first;
    static const struct {
        const char *rule, *side;
        int range, need;
    } art[] = {{"9 Bourbon at two zones", NULL, 2, 5},
               {"9 Bourbon at one zone", NULL, 1, 4},
               {"9 Catalan at one zone", "catalan", 1, 4}};
    for (size_t i = 0; i < sizeof art / sizeof art[0]; i++) {
        char range[4];
        snprintf(range, sizeof range, "%d", art[i].range);
        char *argv[] = {"artillery", range, (char *)art[i].side};
        memset(&s, 0, sizeof s);
        if (t->g->def->odds_setup(t->g, &s, 0, art[i].side ? 3 : 2, argv, &first, &t->cx))
            fail_msg("rule %s: %s", art[i].rule, t->cx.err);
        int g = s.cfrom, u = s.alead, side = d->u[g].side;
        if (d->dist[s.uz[g]][s.uz[u]] != art[i].range ||
            sg_gun_need(d, &s, side, d->dist[s.uz[g]][s.uz[u]]) != art[i].need ||
            side != (art[i].side ? SG_CATALAN : SG_BOURBON))
            fail_msg("rule %s: a gun of side %d at %d zones", art[i].rule, side,
                     d->dist[s.uz[g]][s.uz[u]]);
    }
    char *salvo[] = {"salvo", "3"};
    memset(&s, 0, sizeof s);
    assert_int_equal(t->g->def->odds_setup(t->g, &s, 0, 2, salvo, &first, &t->cx), 0);
    assert_int_equal(s.phase, PH_SALVODIE);
    assert_int_equal(s.dice, 3);
    assert_int_equal(s.card, SG_NO); /* hits on 6, no card */
    static const struct {
        const char *word;
        int def;
    } zone[] = {{"zone=ochre", 5}, {"zone=grey", 5 + 2}, {"zone=blue", 5 + 3}, {"def=3", 3}};
    for (size_t i = 0; i < sizeof zone / sizeof zone[0]; i++) {
        char *argv[] = {"assault", (char *)zone[i].word};
        int a, v;
        memset(&s, 0, sizeof s);
        if (t->g->def->odds_setup(t->g, &s, 0, 2, argv, &first, &t->cx))
            fail_msg("11.1 %s: %s", zone[i].word, t->cx.err);
        sg_assault_values(d, &s, &a, &v);
        if (a != 5 || v != zone[i].def)
            fail_msg("11.1 %s: %d against %d, expected 5 against %d", zone[i].word, a, v,
                     zone[i].def);
    }
    assert_int_equal(vbt_load(t, figure_a), 0);
    char *end[] = {"end-combat"};
    memcpy(&s, vbt_state(t), sizeof s);
    assert_int_equal(t->g->def->odds_setup(t->g, &s, 1, 1, end, &first, &t->cx), 0);
    assert_int_equal(SG_AK(first), A_END);
    /* a position already at the dice: its odds as they stand */
    vbt_act(t, "salvo Santa-Marta onto Pla-den-Llull");
    memcpy(&s, vbt_state(t), sizeof s);
    assert_int_equal(t->g->def->odds_setup(t->g, &s, 1, 1, end, &first, &t->cx), 0);
    assert_int_equal(first, VB_NONE);
    assert_int_equal(s.phase, PH_SALVODIE);
    /* a commander in reach joins only when the words say so (11.3: "The
     * player can choose not to use any commander") */
    assert_int_equal(
        vbt_load(t, "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
                    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                    " \"Santa Marta\": [\"French Grenadiers 1\"], \"Molins del Rec\": [\"Dillon\"],"
                    " \"Pla d'en Llull\": [\"Ciutat 1\"], \"Born\": [\"Bellver\"]}}"),
        0);
    for (int with = 0; with < 4; with++) {
        char *words[] = {"assault", "Santa-Marta", "onto", "Pla-den-Llull", NULL};
        words[4] = with & 1 ? "att-commander" : "def-commander";
        memcpy(&s, vbt_state(t), sizeof s);
        assert_int_equal(t->g->def->odds_setup(t->g, &s, 1, 4 + (with >= 2), words, &first, &t->cx),
                         0);
        assert_int_equal(s.phase, PH_ADIE);
        assert_int_equal(s.acmd, with == 3 ? sg_find_unit(d, "Dillon") : SG_NO);
        assert_int_equal(s.dcmd, with == 2 ? sg_find_unit(d, "Bellver") : SG_NO);
    }
    vbt_free(t);
}

/* Odd words for the odds: refused with a one-line message naming the word,
 * never read as something else (a side that is not one was read as the
 * Two Crowns; a word given twice silently replaced the first). */
static void odds_odd_words(void **state)
{
    (void)state;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    sg_state s;
    vb_action first;
    static const struct {
        int argc;
        const char *argv[4], *error;
    } rows[] = {
        {3, {"artillery", "1", "french"}, "side must be 'bourbon' or 'catalan', not 'french'"},
        {4, {"artillery", "1", "bourbon", "catalan"}, "unknown word 'catalan'"},
        {3, {"assault", "att=5", "att=4"}, "'att' given twice"},
        {3, {"assault", "withdraw", "withdraw"}, "'withdraw' given twice"},
        {3, {"assault", "attacker=catalan", "attacker=bourbon"}, "'attacker' given twice"},
        {3, {"artillery", "1", "bourbon"}, NULL},
        {3, {"assault", "att=5", "attackers=3"}, NULL},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        memset(&s, 0, sizeof s);
        t->cx.err[0] = 0;
        int rc =
            t->g->def->odds_setup(t->g, &s, 0, rows[i].argc, (char **)rows[i].argv, &first, &t->cx);
        if (!rows[i].error) {
            if (rc)
                fail_msg("odds %s %s: %s", rows[i].argv[0], rows[i].argv[2], t->cx.err);
            continue;
        }
        if (rc == 0 || !strstr(t->cx.err, rows[i].error) || strchr(t->cx.err, '\n'))
            fail_msg("odds %s %s: expected '%s', got %d '%s'", rows[i].argv[0], rows[i].argv[2],
                     rows[i].error, rc, t->cx.err);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(artillery_example), cmocka_unit_test(recovery_example),
        cmocka_unit_test(combat_example),    cmocka_unit_test(odds_figure_c),
        cmocka_unit_test(odds_from_state),   cmocka_unit_test(odds_procedures),
        cmocka_unit_test(odds_odd_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
