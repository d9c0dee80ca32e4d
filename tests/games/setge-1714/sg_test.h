/* sg_test.h - look-ups shared by the setge-1714 rule tests (test_rules.c,
 * test_seats.c, test_table.c, test_mutation23.c, test_mutation24.c,
 * test_audit29.c, test_audit30.c, test_audit31.c, test_mutation31.c,
 * test_mutation40.c, test_mutation41b.c, test_mutation42.c,
 * test_mutation38.c and test_mutation43.c: sgt_explains): the
 * game's data and state of a test game, a unit or zone by name (an unknown
 * name fails the test, naming it), a unit's place on the map. */
#ifndef SG_TEST_H
#define SG_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/setge-1714/sg_int.h"
#include "vbtest.h"

static inline const sg_data *D(vbt *t)
{
    return t->g->data;
}

static inline sg_state *S(vbt *t)
{
    return vbt_state(t);
}

static inline int U(vbt *t, const char *n)
{
    int u = sg_find_unit(D(t), n);
    if (u < 0)
        fail_msg("unknown unit '%s'", n);
    return u;
}

static inline int Z(vbt *t, const char *n)
{
    int z = sg_find_zone(D(t), n);
    if (z < 0)
        fail_msg("unknown zone '%s'", n);
    return z;
}

/* The unit named u is on the map in the zone named z. */
static inline void in_zone(vbt *t, const char *u, const char *z)
{
    assert_int_equal(S(t)->us[U(t, u)], US_ON);
    assert_int_equal(S(t)->uz[U(t, u)], Z(t, z));
}

/* Loads a state file JSON into the test game; a refusal fails the test
 * with the loader's message. */
static inline void sgt_load(vbt *t, const char *json)
{
    if (vbt_load(t, json))
        fail_msg("load: %s", t->cx.err);
}

/* A game with the option "deploy" at the deployment (rule 4), the five
 * Catalan combat units of Pla de Palau and Pla d'en Llull's two all in Pla
 * de Palau, WHO waiting to deploy (test_mutation40.c, test_mutation41b.c). */
static inline vbt *sgt_deploying(const char *who)
{
    vbt *t = vbt_new("setge-1714", NULL, 1);
    json_t *j = json_pack(
        "{s:s, s:{s:i}, s:{s:i, s:s, s:s, s:[], s:s, s:{s:i}, s:{s:[s, s, s, s, s]}}}", "game",
        "setge-1714", "options", "deploy", 1, "state", "turn", 1, "half", "bourbon", "phase",
        "deployment", "deck", "unlisted", "eliminated", "waiting", who, 0, "zones", "Pla de Palau",
        "Nebot", "Sant Jordi", "Sant Miquel", "Penyafort", "Sant Vicenç Ferrer");
    char *text = json_dumps(j, 0);
    json_decref(j);
    sgt_load(t, text);
    free(text);
    assert_int_equal(S(t)->phase, PH_DEPLOY);
    assert_int_equal(sg_next_deploy(D(t), S(t)), U(t, who));
    return t;
}

/* Turn 5, HALF's PHASE, the Royal breach as given, ZONES (the inside of
 * the "zones" object) and EXTRA (more keys, each with its leading comma,
 * or ""); every unit not listed eliminated (test_audit29.c,
 * test_audit30.c, test_audit31.c). */
static inline void sgt_load_at(vbt *t, const char *half, const char *phase, const char *breach,
                               const char *zones, const char *extra)
{
    char json[1536];
    int n = snprintf(json, sizeof json,
                     "{\"turn\": 5, \"half\": \"%s\", \"phase\": \"%s\", \"deck\": [],"
                     " \"royal_breach\": \"%s\", \"unlisted\": \"eliminated\", \"zones\": {%s}%s}",
                     half, phase, breach, zones, extra);
    assert_true(n > 0 && (size_t)n < sizeof json);
    sgt_load(t, json);
}

/* Loads STATE into a game of scenario SCN ("2p", "3p", "4p"); answers 0
 * when it loads, else the loader's answer (its message in t->cx.err). */
static inline int sgt_load_in(vbt *t, const char *scn, const char *state)
{
    char buf[4096];
    int n = snprintf(buf, sizeof buf,
                     "{\"game\": \"setge-1714\", \"scenario\": \"%s\", \"state\": %s}", scn, state);
    assert_true(n > 0 && (size_t)n < sizeof buf);
    return vbt_load(t, buf);
}

/* STATE loads in SCN exactly when ERR is NULL; else it is refused with a
 * message holding ERR. TAG starts each failure's message ("M37"). */
static inline void sgt_expect_load(const char *tag, const char *what, const char *scn,
                                   const char *state, const char *err)
{
    vbt *t = vbt_new("setge-1714", scn, 1);
    int rc = sgt_load_in(t, scn, state);
    if (!err && rc)
        fail_msg("%s: %s (%s): refused: %s", tag, what, scn, t->cx.err);
    if (err && !rc)
        fail_msg("%s: %s (%s): loaded, should be refused with \"%s\"", tag, what, scn, err);
    if (err && !strstr(t->cx.err, err))
        fail_msg("%s: %s (%s): refused with \"%s\", not \"%s\"", tag, what, scn, t->cx.err, err);
    vbt_free(t);
}

/* A state file at the Bourbon half's retreat after an assault from Santa
 * Marta on Pla d'en Llull (rule 11.3) with the two dice given, in buf
 * (test_mutation37.c, test_mutation39.c, test_mutation48.c). */
static inline void sgt_retreat_position(char *buf, size_t n, int attacker_die, int defender_die)
{
    int k = snprintf(buf, n,
                     "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"retreat\", \"deck\": [],"
                     " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                     " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
                     " \"Pla d'en Llull\": [\"Ciutat 2\"]},"
                     " \"acted\": [\"Santa Marta\"], \"combat\": {\"kind\": \"assault\","
                     " \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\", \"attacker_die\": %d,"
                     " \"defender_die\": %d, \"result\": \"success\"}}",
                     attacker_die, defender_die);
    assert_true(k > 0 && (size_t)k < n);
}

/* Five Catalan units for the Born of sgt_forced_into_born (six there with
 * Ciutat 1: one to eliminate). */
#define SGT_BORN_FIVE                                                                              \
    ", \"Roser 1\", \"Roser 2\", \"Desemparats 1\", \"Busquets 1\", \"Sant Narcis 1\""

/* A state file at the Two Crowns' retreat after their assault from Santa
 * Marta on Pla d'en Llull (rule 11.3), Ciutat 1 forced into the Born
 * beside the Catalan units BORN (more names, each with its leading comma),
 * "forced_into": "Born", "eliminating": "catalan"; in buf
 * (test_mutation49.c, test_mutation52.c). */
static inline void sgt_forced_into_born(char *buf, size_t n, const char *born)
{
    int k = snprintf(buf, n,
                     "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"retreat\", \"deck\": [],"
                     " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                     " \"Santa Marta\": [\"French Grenadiers 1\", \"French Grenadiers 2\"],"
                     " \"Pla d'en Llull\": [\"Ciutat 2\"], \"Born\": [\"Ciutat 1\"%s]},"
                     " \"acted\": [\"Santa Marta\"], \"combat\": {\"kind\": \"assault\","
                     " \"from\": \"Santa Marta\", \"to\": \"Pla d'en Llull\", \"attacker_die\": 6,"
                     " \"defender_die\": 1, \"result\": \"success\", \"forced_into\": \"Born\","
                     " \"eliminating\": \"catalan\"}}",
                     born);
    assert_true(k > 0 && (size_t)k < n);
}

/* The explain hook, through the core: the text refused as illegal, the
 * reason holding msg (else the test fails, its message prefixed with tag),
 * the state untouched (test_mutation38.c, test_mutation43.c). */
static inline void sgt_explains(vbt *t, const char *tag, const char *action, const char *msg)
{
    sg_state before = *S(t);
    assert_int_equal(vbt_try(t, action), VB_EILLEGAL);
    if (!strstr(t->cx.err, msg))
        fail_msg("%s: '%s' explained as: %s (expected '%s')", tag, action, t->cx.err, msg);
    assert_memory_equal(&before, S(t), sizeof before);
}

#endif
