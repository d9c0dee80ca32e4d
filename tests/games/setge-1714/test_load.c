/* test_load.c - setge-1714: positions that break the rules do not load
 * (issue 8, point 2). Every field of a procedure in progress is checked
 * against sides, zones and adjacency, and a key the game does not know is
 * named. One row per hostile position: the combat in progress, and the
 * message the loader must give (jq-style: input, expected error). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/setge-1714/sg_int.h"

/* Two French grenadier companies in Santa Marta facing two Ciutat companies
 * in the Pla d'en Llull; a unit and a battery elsewhere. %s: the half, the
 * phase, extra top-level members (each starting with a comma). */
static const char base[] =
    "{\"turn\": 5, \"half\": \"%s\", \"phase\": \"%s\", \"deck\": [],"
    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
    " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
    " \"Pla d'en Llull\": [\"Ciutat 1\", \"Ciutat 2\"], \"Pla de Palau\": [\"Nebot\"],"
    " \"Left Two Crowns\": [\"French Battalion 1\", \"Bourbon Battery 1\"],"
    " \"Centre Two Crowns\": [\"Bourbon Battery 2\"], \"Baluard de Llevant\":"
    " [\"Canons de Llevant\", \"Diputacio 1\"]}%s}";

#define ASSAULT "\"kind\": \"assault\", \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\""
#define SALVO "\"kind\": \"salvo\", \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\""
#define ACTED ", \"acted\": [\"Santa Marta\"]"

static const struct row {
    const char *what, *phase, *extra, *error; /* error NULL: loads */
} rows[] = {
    /* the positions of issue 8 */
    {"salvo casualties > defenders", "salvo-casualty",
     ACTED ", \"combat\": {" SALVO ", \"hits\": 3}", "3 hits against 2 defenders"},
    {"withdrawal with no attacker lead", "withdrawal",
     ACTED ", \"combat\": {" ASSAULT ", \"defender_lead\": \"Ciutat 1\"}",
     "needs an attacker lead in 'Santa Marta'"},
    {"one unit as both leads", "withdrawal",
     ACTED ", \"combat\": {" ASSAULT ", \"attacker_lead\": \"Ciutat 1\","
           " \"defender_lead\": \"Ciutat 1\"}",
     "the attacker lead must be a combat unit of the attacker"},
    {"a Bourbon gun fires at a Bourbon gun", "artillery-die",
     ", \"done\": [\"Bourbon Battery 1\"], \"combat\": {\"kind\": \"fire\","
     " \"gun\": \"Bourbon Battery 1\", \"target\": \"Bourbon Battery 2\"}",
     "a gun fires only at an enemy combat unit"},
    {"an assault from a zone not adjacent", "attacker-lead",
     ", \"acted\": [\"Left Two Crowns\"], \"combat\": {\"kind\": \"assault\","
     " \"from\": \"Left Two Crowns\", \"to\": \"Pla d'en Llull\"}",
     "'Left Two Crowns' is not adjacent to 'Pla d'en Llull'"},
    {"a retreat from a zone to itself", "retreat",
     ", \"acted\": [\"Pla d'en Llull\"], \"combat\": {\"kind\": \"assault\","
     " \"from\": \"Pla d'en Llull\", \"to\": \"Pla d'en Llull\", \"attacker_die\": 6,"
     " \"defender_die\": 1, \"result\": \"success\"}",
     "is not adjacent to 'Pla d'en Llull'"},
    {"unknown key", "combat", ", \"atzacker_lead\": \"Ciutat 1\"", "unknown key 'atzacker_lead'"},
    {"unknown key in the combat", "withdrawal",
     ACTED ", \"combat\": {" ASSAULT ", \"atzacker_lead\": \"French Grenadiers 1\","
           " \"defender_lead\": \"Ciutat 1\"}",
     "unknown key 'atzacker_lead'"},
    {"a misspelt breach state", "combat", ", \"royal_breach\": \"secure\"",
     "royal_breach must be 'secured' or 'mined'"},
    {"a flag that is not a boolean", "combat", ", \"extended\": \"yes\"",
     "'extended' must be true or false"},
    /* more of the same kind */
    {"more salvo dice than attackers", "salvo-die", ACTED ", \"combat\": {" SALVO ", \"dice\": 3}",
     "3 dice left and 0 hits, but 2 attacking units"},
    {"a Catalan gun at two zones", "artillery-die",
     ", \"done\": [\"Canons de Llevant\"], \"combat\": {\"kind\": \"fire\","
     " \"gun\": \"Canons de Llevant\", \"target\": \"French Battalion 1\"}",
     "is out of range of 'Canons de Llevant' (rule 9)"},
    {"a salvo up a defence value", "salvo-die",
     ", \"acted\": [\"Pla d'en Llull\"], \"combat\": {\"kind\": \"salvo\","
     " \"from\": \"Pla d'en Llull\", \"to\": \"Santa Marta\", \"dice\": 2}",
     "no salvo at a zone of higher defence value"},
    {"assault dice before the leads", "attacker-die",
     ACTED ", \"combat\": {" ASSAULT ", \"defender_lead\": \"Ciutat 1\"}",
     "needs an attacker lead"},
    {"a retreat after a repulse", "retreat",
     ACTED ", \"combat\": {" ASSAULT ", \"attacker_die\": 1, \"defender_die\": 6,"
           " \"result\": \"repulsed\"}",
     "needs the result of a successful assault"},
    {"the attacking zone has not declared", "attacker-lead", ", \"combat\": {" ASSAULT "}",
     "is not marked as having declared its combat"},
    {"a defender seat of the wrong side", "defender-lead",
     ACTED ", \"combat\": {" ASSAULT ", \"attacker_lead\": \"French Grenadiers 1\","
           " \"defender\": \"bourbon\"}",
     "the defending seat is not a seat of the defending side"},
    {"a unit picked to move outside the movement", "combat", ", \"moving\": \"Ciutat 1\"",
     "with a unit or stack picked to move"},
    {"an enemy unit picked to move", "destination", ", \"moving\": \"Ciutat 1\"",
     "'Ciutat 1' cannot be moving now"},
    {"a stack of one", "destination", ", \"moving_stack\": \"Pla de Palau\"",
     "fewer than two pieces"},
    {"a stack of the other side", "destination", ", \"moving_stack\": \"Pla d'en Llull\"",
     "fewer than two pieces"},
    {"a stack picked", "destination", ", \"moving_stack\": \"Santa Marta\"", NULL},
    {"a forced retreat that never happened", "retreat",
     ACTED ", \"combat\": {" ASSAULT ", \"attacker_die\": 6, \"defender_die\": 1,"
           " \"result\": \"success\", \"forced_into\": \"Pla de Palau\","
           " \"eliminating\": \"catalan\"}",
     "a forced retreat into a full zone is recorded where none happened"},
    {"a battery as a commander", "defender-commander",
     ACTED ", \"combat\": {" ASSAULT ", \"attacker_lead\": \"French Grenadiers 1\","
           " \"defender_lead\": \"Ciutat 1\", \"attacker_commander\": \"Bourbon Battery 1\"}",
     "the attacking commander must be a commander of the attacker"},
    /* eighteenth session: hand-edited fields that no play produces */
    {"a time that is not the turn's", "combat", ", \"time\": \"04:30\"",
     "time must be \"08:20\", the time of turn 5"},
    {"a time that is not a string", "combat", ", \"time\": 5", "time must be \"08:20\""},
    {"the extra turn before the last", "combat", ", \"extended\": true",
     "the game is extended but turn 5 is not past the last (12, rule 13)"},
    {"a zone that declared before the combat phase", "movement", ACTED,
     "zones marked as having declared a combat in phase 'movement'"},
    {"units to recover in the combat phase", "combat", ", \"recover\": 3",
     "units to recover outside the Two Crowns' reinforcement phase"},
    {"recovery losses in the movement phase", "movement", ", \"recovery_loses\": true",
     "units to recover outside"},
    {"an enemy unit marked as moved", "movement", ", \"done\": [\"Ciutat 1\"]",
     "'Ciutat 1' cannot have moved or fired now"},
    {"an eliminated unit marked as moved", "combat", ", \"done\": [\"French Battalion 2\"]",
     "'French Battalion 2' cannot have moved or fired now"},
    {"a unit marked as moved before the movement", "artillery",
     ", \"done\": [\"French Grenadiers 1\"]", "'French Grenadiers 1' cannot have moved"},
    {"a commander waiting to deploy after deployment", "combat",
     ", \"waiting\": {\"Villarroel\": 0}", "'Villarroel' waits to deploy, but deployment is over"},
    /* controls: the same positions, right, load */
    {"the time of the turn", "combat", ", \"time\": \"08:20\"", NULL},
    {"a recovery in progress", "reinforcements", ", \"recover\": 3, \"recovery_loses\": true",
     NULL},
    {"a gun that fired", "artillery", ", \"done\": [\"Bourbon Battery 1\"]", NULL},
    {"a unit that moved, in the combat phase", "combat", ", \"done\": [\"French Grenadiers 1\"]",
     NULL},
    {"a Catalan reinforcement waiting", "combat", ", \"waiting\": {\"Villarroel\": 6}", NULL},
    {"a withdrawal step", "withdrawal",
     ACTED ", \"combat\": {" ASSAULT ", \"attacker_lead\": \"French Grenadiers 1\","
           " \"defender_lead\": \"Ciutat 1\"}",
     NULL},
    {"a salvo casualty", "salvo-casualty", ACTED ", \"combat\": {" SALVO ", \"hits\": 1}", NULL},
    {"a Bourbon gun at two zones", "artillery-die",
     ", \"done\": [\"Bourbon Battery 1\"], \"combat\": {\"kind\": \"fire\","
     " \"gun\": \"Bourbon Battery 1\", \"target\": \"Diputacio 1\"}",
     NULL},
};

static void hostile_positions(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char json[4096];
        int catalan = strstr(rows[i].what, "Catalan gun") || strstr(rows[i].what, "up a defence");
        snprintf(json, sizeof json, base, catalan ? "catalan" : "bourbon", rows[i].phase,
                 rows[i].extra);
        int rc = vbt_load(t, json);
        if (!rows[i].error) {
            if (rc)
                fail_msg("%s: should load, got: %s", rows[i].what, t->cx.err);
            /* issue 8: after loading, a running game has a legal action */
            vb_action a[VB_MAX_ACTIONS];
            int who = vb_to_move(t->g, vbt_state(t));
            if (who >= 0 && vb_legal(t->g, vbt_state(t), a, NULL, VB_MAX_ACTIONS) < 1)
                fail_msg("%s: loaded with no legal action", rows[i].what);
            continue;
        }
        if (rc == 0)
            fail_msg("%s: loaded, expected '%s'", rows[i].what, rows[i].error);
        if (!strstr(t->cx.err, rows[i].error))
            fail_msg("%s: expected '%s' in '%s'", rows[i].what, rows[i].error, t->cx.err);
    }
    vbt_free(t);
}

/* `check` is the invariant every state is held to, also one that no file
 * produces: a unit picked to move whose index is no unit at all is refused
 * and named "?" (rule 10), never read past the last unit. */
static void check_names_a_corrupt_mover(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    assert_int_equal(vbt_load(t, "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\","
                                 " \"deck\": [], \"royal_breach\": \"secured\","
                                 " \"unlisted\": \"eliminated\", \"zones\": {"
                                 " \"Pla de Palau\": [\"Nebot\"],"
                                 " \"Left Two Crowns\": [\"La Marine 1\"]}}"),
                     0);
    vbt_act(t, "move Nebot");
    const sg_data *d = t->g->data;
    sg_state s;
    memcpy(&s, vbt_state(t), sizeof s);
    assert_int_equal(s.phase, PH_DEST);
    assert_int_equal(t->g->def->check(t->g, &s, &t->cx), 0);
    for (int u = d->nu; u <= d->nu + 1; u++) {
        s.mover = (uint8_t)u;
        assert_true(t->g->def->check(t->g, &s, &t->cx) < 0);
        if (!strstr(t->cx.err, "'?' cannot be moving now (rules 10, 15)"))
            fail_msg("mover %d: '%s'", u, t->cx.err);
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hostile_positions),
        cmocka_unit_test(check_names_a_corrupt_mover),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
