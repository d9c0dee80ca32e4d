/* test_seats.c - setge-1714: the rules fixed by issue 9 (points 1-5), each
 * with the rulebook text it checks: nothing but an assault takes a
 * commander or the flag (6.1, 11.3, 13); each seat decides for its own
 * forces in three and four players (15); a retreat into a full zone only
 * when forced, the owner choosing the loss (11.3); a die for every unit and
 * +1 for every additional unit, uncapped (11.2, 11.3); the two readings the
 * text leaves open (red lines and adjacency; the flag's reach); staged
 * movement. Every test here failed on the engine before those fixes. */
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

/* Load a position of a scenario ("2p", "3p", "4p"). */
static void load(vbt *t, const char *scn, const char *state)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "{\"game\": \"setge-1714\", \"scenario\": \"%s\", \"state\": %s}",
             scn, state);
    if (vbt_load(t, buf))
        fail_msg("load: %s", t->cx.err);
}
static void legal(vbt *t, const char *action, int want, const char *rule)
{
    if (vbt_legal(t, action) != want)
        fail_msg("rule %s: '%s' should be %s", rule, action, want ? "legal" : "illegal");
}
static void to_move(vbt *t, int role, const char *rule)
{
    int who = vb_to_move(t->g, S(t));
    if (who != role)
        fail_msg("rule %s: %s decides, not %s", rule, who >= 0 ? sg_role_names[who] : "chance",
                 sg_role_names[role]);
}

#define POS(turn, half, phase, zones)                                                              \
    "{\"turn\": " #turn ", \"half\": \"" half "\", \"phase\": \"" phase "\", \"deck\": [],"        \
    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {" zones "}}"

/* ---- 6.1, 11.3, 13: commanders and the flag are never taken by a move ---- */
static void no_capture_by_move(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    /* EVIDENCE-OF 6.1: "The only way to enter an enemy zone with combat
     * units is to assault them in the combat phase." 11.3: "If the leader is
     * surrounded he is captured"; 13: the flag's "only way of being
     * eliminated is during a retreat, if it is surrounded". */
    load(
        t, "2p",
        POS(2, "bourbon", "movement",
            "\"Baluard del Portal Nou\": [\"Spanish Battalion 4\"],"
            " \"Cortina Reial\": [\"Bellver\"], \"Baluard de Sant Pere\": [\"Santa Eulalia Flag\"],"
            " \"Carrer del Portal Nou\": [\"Bateria del Portal Nou\"],"
            " \"Pla de Palau\": [\"Nebot\"]"));
    vbt_act(t, "move Spanish-Battalion-4");
    assert_int_equal(S(t)->phase, PH_DEST);
    legal(t, "to Cortina-Reial", 0, "6.1/11.3");
    legal(t, "to Baluard-de-Sant-Pere", 0, "6.1/13");
    /* the one-step text of old records says why */
    vbt_act(t, "cancel");
    assert_int_equal(vbt_try(t, "move Spanish-Battalion-4 Cortina-Reial"), VB_EILLEGAL);
    if (!strstr(t->cx.err, "enemy commander or the flag"))
        fail_msg("%s", t->cx.err);
    /* A lone gun is still captured by entering its zone (rule 10 example). */
    vbt_act(t, "move Spanish-Battalion-4");
    vbt_act(t, "to Carrer-del-Portal-Nou");
    assert_int_equal(S(t)->us[U(t, "Bateria del Portal Nou")], US_ELIM);
    in_zone(t, "Bellver", "Cortina Reial");
    in_zone(t, "Santa Eulalia Flag", "Baluard de Sant Pere");
    vbt_free(t);
}

/* ---- rule 15: each seat decides for its own forces ---- */
static const char four_p[] =
    POS(5, "bourbon", "combat",
        "\"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\", \"Diputacio 1\", \"Paperoles\"],"
        " \"Born\": [\"Bellver\"],"
        " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\","
        " \"French Grenadiers 3\", \"French Grenadiers 4\"],"
        " \"Molins del Rec\": [\"French Battalion 1\"]");

static void seats_casualty(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", "4p", 1);
    /* EVIDENCE-OF 15: "controlling one of them the left and the Catalan
     * centre, and another the right and reserves". Ciutat (left) is the
     * catalan seat's, Diputacio (right) the catalan-right seat's. */
    load(t, "4p", four_p);
    vbt_act(t, "salvo Santa-Marta onto Pla-den-Llull");
    vbt_dice(t, "6,6,1,1"); /* two hits on three defenders */
    assert_int_equal(S(t)->phase, PH_CASUALTY);
    to_move(t, R_CATALAN, "15 (casualty)");
    legal(t, "casualty Ciutat-1", 1, "15 (casualty)");
    legal(t, "casualty Diputacio-1", 0, "15 (casualty)");
    vbt_free(t);
}

static void seats_lead_commander_retreat(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", "4p", 1);
    load(t, "4p", four_p);
    vbt_act(t, "assault Santa-Marta onto Pla-den-Llull");
    vbt_act(t, "lead French-Grenadiers-1");
    /* Defender lead: the seat with most units there picks among its own. */
    to_move(t, R_CATALAN, "15 (lead)");
    legal(t, "lead Diputacio-1", 0, "15 (lead)");
    vbt_act(t, "lead Ciutat-1");
    /* Commanders: each seat is asked about its own. */
    to_move(t, R_CATALAN, "15 (commander)");
    legal(t, "commander Paperoles", 0, "15 (commander)");
    legal(t, "commander Bellver", 1, "15 (commander)");
    vbt_act(t, "no-commander");
    to_move(t, R_CATRIGHT, "15 (commander)");
    vbt_act(t, "commander Paperoles");
    to_move(t, R_CATALAN, "15 (withdrawal)");
    vbt_act(t, "hold");
    vbt_dice(t, "6,1,1"); /* 5+3+6 = 14 against 5+2+1+1 = 9; Paperoles survives */
    assert_int_equal(S(t)->us[U(t, "Ciutat 1")], US_ELIM);
    /* Retreats: the catalan seat moves its pieces, then catalan-right. */
    assert_int_equal(S(t)->phase, PH_RETREAT);
    to_move(t, R_CATALAN, "15 (retreat)");
    legal(t, "retreat Diputacio-1 Born", 0, "15 (retreat)");
    legal(t, "retreat Paperoles Born", 0, "15 (retreat)");
    vbt_act(t, "retreat Ciutat-2 Born");
    to_move(t, R_CATRIGHT, "15 (retreat)");
    vbt_act(t, "retreat Diputacio-1 Pla-de-Palau");
    vbt_act(t, "retreat Paperoles Pla-de-Palau");
    in_zone(t, "French Grenadiers 1", "Pla d'en Llull");
    vbt_free(t);
}

/* A zone held by both Catalan seats with as many combat units each: the
 * side's lead seat decides for it (docs/setge-1714.md, Roles). Coronela
 * Trinitat 1 is the catalan seat's, Diputacio 1 the catalan-right seat's. */
static const char tied_zone[] =
    POS(5, "bourbon", "combat",
        "\"Pla d'en Llull\": [\"Coronela Trinitat 1\", \"Diputacio 1\"],"
        " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"]");

static void seats_tied_zone(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", "4p", 1);
    load(t, "4p", tied_zone);
    vbt_act(t, "salvo Santa-Marta onto Pla-den-Llull");
    vbt_dice(t, "6,1"); /* one hit of two */
    assert_int_equal(S(t)->phase, PH_CASUALTY);
    to_move(t, R_CATALAN, "15 (casualty, tied zone)");
    legal(t, "casualty Coronela-Trinitat-1", 1, "15 (casualty, tied zone)");
    legal(t, "casualty Diputacio-1", 0, "15 (casualty, tied zone)");
    vbt_free(t);

    t = vbt_new("setge-1714", "4p", 1);
    load(t, "4p", tied_zone);
    vbt_act(t, "assault Santa-Marta onto Pla-den-Llull");
    vbt_act(t, "lead French-Grenadiers-1");
    /* the catalan seat's only unit leads; no commander in reach */
    assert_int_equal(S(t)->phase, PH_WITHDRAW);
    assert_int_equal(S(t)->dlead, U(t, "Coronela Trinitat 1"));
    to_move(t, R_CATALAN, "15 (withdrawal, tied zone)");
    vbt_free(t);
}

static void seats_attacker_and_recovery(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", "3p", 1);
    /* EVIDENCE-OF 15: "another does the same with the Spanish forces, and
     * the third commands French forces". */
    load(t, "3p",
         POS(5, "bourbon", "combat",
             "\"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\","
             " \"Spanish Grenadiers 1\"], \"Fusina\": [\"Armendariz\"],"
             " \"Molins del Rec\": [\"Dillon\"], \"Pla d'en Llull\": [\"Ciutat 1\"],"
             " \"Pla de Palau\": [\"Nebot\"]"));
    to_move(t, R_BOURBON, "15");
    vbt_act(t, "assault Santa-Marta onto Pla-den-Llull");
    legal(t, "lead Spanish-Grenadiers-1", 0, "15 (attacker lead)");
    vbt_act(t, "lead French-Grenadiers-1");
    to_move(t, R_BOURBON, "15 (commander)");
    legal(t, "commander Armendariz", 0, "15 (commander)");
    legal(t, "commander Dillon", 1, "15 (commander)");
    vbt_act(t, "no-commander");
    to_move(t, R_SPANISH, "15 (commander)");
    vbt_act(t, "commander Armendariz");
    assert_int_equal(S(t)->acmd, U(t, "Armendariz"));
    vbt_free(t);

    /* 10.1 recovery: each Bourbon seat recovers its own units, French first,
     * out of the turn's one allowance. */
    t = vbt_new("setge-1714", "3p", 1);
    load(t, "3p", POS(5, "bourbon", "artillery", "\"Pla de Palau\": [\"Nebot\"]"));
    assert_int_equal(S(t)->phase, PH_REINF);
    to_move(t, R_BOURBON, "15 (recovery)");
    legal(t, "recover Asturias Right-Two-Crowns", 0, "15 (recovery)");
    vbt_act(t, "recover French-Battalion-1 Centre-Two-Crowns");
    vbt_act(t, "end-recovery");
    to_move(t, R_SPANISH, "15 (recovery)");
    legal(t, "recover French-Battalion-2 Centre-Two-Crowns", 0, "15 (recovery)");
    vbt_act(t, "recover Asturias Right-Two-Crowns");
    assert_int_equal(S(t)->recover, D(t)->recovery[5] - 2);
    vbt_free(t);
}

/* ---- 11.3: retreat into a full zone only when forced ---- */
#define RETREAT_POS(palau)                                                                         \
    POS(5, "bourbon", "combat",                                                                    \
        "\"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\"],"                                        \
        " \"Santa Marta\": [\"French Grenadiers 1\"],"                                             \
        " \"Born\": [\"Roser 1\", \"Roser 2\", \"Desemparats 1\", \"Busquets 1\","                 \
        " \"Sant Narcis 1\"], \"Sant Agusti Claustres\": [\"French Battalion 1\"],"                \
        " \"Molins del Rec\": [\"French Battalion 2\"], \"Fusina\": [\"French Battalion "          \
        "3\"]" palau)

static void assault_to_retreat(vbt *t)
{
    vbt_act(t, "assault Santa-Marta onto Pla-den-Llull");
    vbt_act(t, "lead Ciutat-1");
    vbt_act(t, "hold");
    vbt_dice(t, "6,1"); /* 5+6 = 11 against 5+1+1 = 7 */
    assert_int_equal(S(t)->phase, PH_RETREAT);
}

static void forced_retreat(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    /* EVIDENCE-OF 11.3: "If he is forced to retreat towards a friendly zone
     * where the stacking limit is infringed he must eliminate enough units
     * in order not to exceed the maximum of 5 units per zone." Not forced:
     * the Pla de Palau is free, so the full Born is no retreat. */
    load(t, "2p", RETREAT_POS(""));
    assault_to_retreat(t);
    legal(t, "retreat Ciutat-2 Born", 0, "11.3 (not forced)");
    legal(t, "retreat Ciutat-2 Pla-de-Palau", 1, "11.3");
    vbt_free(t);

    /* Forced: every other zone is enemy; the owner chooses the loss. */
    t = vbt_new("setge-1714", NULL, 1);
    load(t, "2p", RETREAT_POS(", \"Pla de Palau\": [\"French Battalion 4\"]"));
    assault_to_retreat(t);
    vbt_act(t, "retreat Ciutat-2 Born");
    to_move(t, R_CATALAN, "11.3 (the owner eliminates)");
    legal(t, "eliminate Ciutat-2", 1, "11.3");
    legal(t, "end-advance", 0, "11.3");
    vbt_act(t, "eliminate Roser-1");
    in_zone(t, "Ciutat 2", "Born");
    assert_int_equal(S(t)->us[U(t, "Roser 1")], US_ELIM);
    assert_true(vbt_logged(t, "Roser 1 is eliminated: Born would hold more than 5"));
    in_zone(t, "French Grenadiers 1", "Pla d'en Llull"); /* then the advance */
    vbt_free(t);
}

/* ---- 11.2, 11.3: a die for every unit, +1 for every additional unit ---- */
static void no_caps(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    const char *pos = POS(5, "bourbon", "combat",
                          "\"Centre Two Crowns\": [\"French Battalion 1\", \"French Battalion 2\","
                          " \"French Battalion 3\", \"French Battalion 4\", \"French Battalion 5\","
                          " \"French Battalion 6\", \"French Battalion 7\"],"
                          " \"Fossat de Santa Clara\": [\"Ciutat 1\"]");
    /* EVIDENCE-OF 11.2: "A die is rolled for every combat unit inside the
     * attacking zone"; 6.2: no stacking limit in the deployment zones. */
    load(t, "2p", pos);
    vbt_act(t, "salvo Centre-Two-Crowns onto Fossat-de-Santa-Clara");
    assert_int_equal(S(t)->dice, 7);
    vbt_free(t);
    /* EVIDENCE-OF 11.3: "+1 for each additional unit inside the attacking
     * zone": 4 + 6. */
    t = vbt_new("setge-1714", NULL, 1);
    load(t, "2p", pos);
    vbt_act(t, "assault Centre-Two-Crowns onto Fossat-de-Santa-Clara");
    vbt_act(t, "lead French-Battalion-1");
    int a, v;
    sg_assault_values(D(t), S(t), &a, &v);
    assert_int_equal(a, 4 + 6);
    assert_int_equal(v, 5);
    vbt_free(t);
}

/* ---- the two readings (docs/setge-1714.md, Interpretations) ---- */
static void red_lines_are_not_adjacency(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    /* 2.2.1: red lines "are a barrier to any kind of movement ... there
     * cannot be movement or combat through them, apart from artillery
     * fire": a commander behind one does not help (11.3 "adjacent")... */
    load(t, "2p",
         POS(5, "bourbon", "combat",
             "\"Fossat de Llevant\": [\"Diputacio 1\"],"
             " \"Baluard de Santa Clara\": [\"Thoar\", \"Roser 1\"],"
             " \"Cortina dels Molins\": [\"Paperoles\"],"
             " \"Left Two Crowns\": [\"French Battalion 1\", \"French Battalion 2\"]"));
    vbt_act(t, "assault Left-Two-Crowns onto Fossat-de-Llevant");
    vbt_act(t, "lead French-Battalion-1");
    assert_int_equal(S(t)->phase, PH_DCMD);
    legal(t, "commander Paperoles", 1, "11.3 (across a breach)");
    legal(t, "commander Thoar", 0, "2.2.1 (across a red line)");
    vbt_free(t);
    /* ...and enemies behind one do not stop a move (rule 10). */
    t = vbt_new("setge-1714", NULL, 1);
    load(t, "2p",
         POS(2, "bourbon", "movement",
             "\"Fossat de Llevant\": [\"French Battalion 1\"],"
             " \"Baluard de Llevant\": [\"Diputacio 1\"]"));
    vbt_act(t, "move French-Battalion-1");
    legal(t, "to Platja-del-Rec", 1, "10 (through the redoubt, red line to Llevant)");
    vbt_free(t);
}

static void flag_counts_from_the_attacked_zone(void **st)
{
    (void)st;
    /* 13: the flag "affects combat exactly as a commander": +1 if adjacent
     * to the attacked zone (11.3), not if only next to the attacking zone. */
    static const struct {
        const char *flag_zone;
        int att;
    } rows[] = {
        {"Carrer Montcada", 5 + 1}, /* next to the Born, not to the Pla d'en Llull */
        {"Pla de Palau", 5 + 1 + 1},
        {"Born", 5 + 1 + 1}, /* in the attacking zone, adjacent to the target */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char zones[512];
        snprintf(zones, sizeof zones,
                 "{\"turn\": 5, \"half\": \"catalan\", \"phase\": \"combat\", \"deck\": [],"
                 " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                 " \"Born\": [\"Ciutat 1\", \"Ciutat 2\"%s],"
                 " \"Pla d'en Llull\": [\"French Battalion 1\"]%s%s%s}}",
                 strcmp(rows[i].flag_zone, "Born") ? "" : ", \"Santa Eulalia Flag\"",
                 strcmp(rows[i].flag_zone, "Born") ? ", \"" : "",
                 strcmp(rows[i].flag_zone, "Born") ? rows[i].flag_zone : "",
                 strcmp(rows[i].flag_zone, "Born") ? "\": [\"Santa Eulalia Flag\"]" : "");
        vbt *t = vbt_new("setge-1714", NULL, 1);
        load(t, "2p", zones);
        vbt_act(t, "assault Born onto Pla-den-Llull");
        vbt_act(t, "lead Ciutat-1");
        int a, v;
        sg_assault_values(D(t), S(t), &a, &v);
        if (a != rows[i].att)
            fail_msg("rule 13, flag in %s: attacker %d, expected %d", rows[i].flag_zone, a,
                     rows[i].att);
        vbt_free(t);
    }
}

/* ---- rule 10: staged movement ---- */
static void staged_movement(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    vbt_dice(t, "1,smoke");
    vbt_act(t, "end-artillery");
    assert_int_equal(S(t)->phase, PH_MOVE);
    vb_action a[VB_MAX_ACTIONS];
    int n = vb_legal(t->g, S(t), a, NULL, VB_MAX_ACTIONS);
    assert_true(n > 1 && n < 100); /* one entry per unit and stack, not per destination */
    for (int i = 0; i < n; i++)
        assert_true(SG_AK(a[i]) == A_PICK || SG_AK(a[i]) == A_STACK || SG_AK(a[i]) == A_END);
    /* Pick, then cancel: nothing changed but the count of decisions and
     * of cancels. */
    sg_state before = *S(t);
    vbt_act(t, "move French-Battalion-1");
    assert_int_equal(S(t)->phase, PH_DEST);
    legal(t, "end-movement", 0, "10 (a unit is picked)");
    vbt_act(t, "cancel");
    assert_int_equal(S(t)->ncancel, 1);
    before.ncancel = 1;
    assert_memory_equal((char *)&before + sizeof(vb_head), (char *)S(t) + sizeof(vb_head),
                        sizeof before - sizeof(vb_head));
    /* Cancel is offered SG_MAX_CANCEL times in a movement phase, then the
     * piece picked must go somewhere: a game always ends. The count is
     * kept in the position's JSON and starts again next movement phase. */
    for (int k = 1; k < SG_MAX_CANCEL; k++) {
        vbt_act(t, "move French-Battalion-1");
        legal(t, "cancel", 1, "10 (cancel offered)");
        vbt_act(t, "cancel");
    }
    assert_int_equal(S(t)->ncancel, SG_MAX_CANCEL);
    vbt_act(t, "move French-Battalion-1");
    legal(t, "cancel", 0, "10 (no more cancels this phase)");
    legal(t, "to Fossat-de-Llevant", 1, "10 (the piece picked must go)");
    {
        json_t *j = sg_to_json(t->g, S(t), R_BOURBON);
        assert_int_equal(json_integer_value(json_object_get(j, "cancels")), SG_MAX_CANCEL);
        json_decref(j);
    }
    vbt_free(t);
    t = vbt_new("setge-1714", NULL, 1);
    vbt_dice(t, "1,smoke");
    vbt_act(t, "end-artillery");
    /* The two stages and the one-step text of old records agree. */
    vbt_act(t, "move French-Battalion-1");
    vbt_act(t, "to Fossat-de-Llevant");
    sg_state two = *S(t);
    vbt_free(t);
    t = vbt_new("setge-1714", NULL, 1);
    vbt_dice(t, "1,smoke");
    vbt_act(t, "end-artillery");
    vbt_act(t, "move French-Battalion-1 Fossat-de-Llevant");
    assert_memory_equal((char *)&two + sizeof(vb_head), (char *)S(t) + sizeof(vb_head),
                        sizeof two - sizeof(vb_head));
    vbt_free(t);

    /* A stack moves together, to a zone that holds it (6.3). */
    t = vbt_new("setge-1714", NULL, 1);
    load(t, "2p",
         POS(2, "bourbon", "movement",
             "\"Fossat de Santa Clara\": [\"French Battalion 1\", \"French Battalion 2\","
             " \"French Battalion 3\", \"Dillon\"],"
             " \"Fossat de Llevant\": [\"French Battalion 4\", \"French Battalion 5\","
             " \"French Battalion 6\"], \"Pla de Palau\": [\"Nebot\"]"));
    vbt_act(t, "move-stack Fossat-de-Santa-Clara");
    legal(t, "to Fossat-de-Llevant", 0, "6.3 (3 + 3 > 5)");
    vbt_act(t, "to Fossat-del-Portal-Nou");
    in_zone(t, "French Battalion 1", "Fossat del Portal Nou");
    in_zone(t, "French Battalion 3", "Fossat del Portal Nou");
    in_zone(t, "Dillon", "Fossat del Portal Nou");
    legal(t, "move French-Battalion-2", 0, "10 (moved once)");
    vbt_free(t);

    /* Every piece of a stack must reach the destination: a combat unit may
     * enter the zone of a lone enemy gun (capturing it), a commander may not. */
    t = vbt_new("setge-1714", NULL, 1);
    load(t, "2p",
         POS(2, "bourbon", "movement",
             "\"Baluard del Portal Nou\": [\"Spanish Battalion 4\", \"Dillon\"],"
             " \"Carrer del Portal Nou\": [\"Bateria del Portal Nou\"],"
             " \"Pla de Palau\": [\"Nebot\"]"));
    legal(t, "move Spanish-Battalion-4 Carrer-del-Portal-Nou", 1, "9 (capture)");
    legal(t, "move Dillon Carrer-del-Portal-Nou", 0, "6.1 (a commander takes nothing)");
    vbt_act(t, "move-stack Baluard-del-Portal-Nou");
    legal(t, "to Carrer-del-Portal-Nou", 0, "6.1/10 (the whole stack)");
    legal(t, "to Cortina-Reial", 1, "10");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_capture_by_move),
        cmocka_unit_test(seats_casualty),
        cmocka_unit_test(seats_lead_commander_retreat),
        cmocka_unit_test(seats_tied_zone),
        cmocka_unit_test(seats_attacker_and_recovery),
        cmocka_unit_test(forced_retreat),
        cmocka_unit_test(no_caps),
        cmocka_unit_test(red_lines_are_not_adjacency),
        cmocka_unit_test(flag_counts_from_the_attacked_zone),
        cmocka_unit_test(staged_movement),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
