/* test_rules.c - setge-1714 rules, section by section, with the rulebook
 * text they check quoted. Positions are built with vbt_load from JSON. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/setge-1714/sg_int.h"
#include "sg_test.h"

static void load_ok(vbt *t, const char *json)
{
    int rc = vbt_load(t, json);
    if (rc)
        fail_msg("load: %s", t->cx.err);
}
static void load_fails(vbt *t, const char *json, const char *msg)
{
    int rc = vbt_load(t, json);
    assert_int_not_equal(rc, 0);
    if (!strstr(t->cx.err, msg))
        fail_msg("expected '%s' in '%s'", msg, t->cx.err);
}
/* The explain hook, through the core: vb_parse_action finds no legal action
 * with that text and asks the game why; the state is left untouched. */
static void explain(vbt *t, const char *action, const char *msg)
{
    sg_state before = *S(t);
    char want[VB_ERR_LEN];
    assert_int_equal(vbt_try(t, action), VB_EILLEGAL);
    snprintf(want, sizeof want, "illegal action '%s': ", action);
    if (strncmp(t->cx.err, want, strlen(want)) != 0 || !strstr(t->cx.err, msg))
        fail_msg("expected '%s...%s' in '%s'", want, msg, t->cx.err);
    assert_memory_equal(&before, S(t), sizeof before);
}

/* ---- rules 4 and 5: setup and sequence ---- */
static void setup_and_sequence(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 7);
    /* "The piece with two flags is situated on the first space of the turn
     * track ... Bourbon player goes first": the Royal breach check. */
    assert_int_equal(S(t)->turn, 1);
    assert_int_equal(S(t)->half, SG_BOURBON);
    assert_int_equal(S(t)->phase, PH_BREACH);
    assert_int_equal(vb_to_move(t->g, S(t)), VB_CHANCE);
    assert_true(vbt_logged(t, "[4] The Catalans deploy by the setup chart, then the Two Crowns"));
    in_zone(t, "Diputacio 1", "Baluard de Llevant");
    in_zone(t, "La Marine 1", "Left Two Crowns");
    assert_int_equal(S(t)->us[U(t, "Casanova")], US_WAIT); /* arrives later */
    /* 5.1.1 then 5.1.2: the card is drawn from the remaining set. */
    vbt_dice(t, "3");
    assert_int_equal(S(t)->phase, PH_EVENT);
    assert_true(vbt_legal(t, "smoke"));
    vbt_dice(t, "smoke");
    assert_false(S(t)->deck & 1u); /* smoke is card 0: drawn, never again */
    /* 5.1.3 artillery: the Bourbon guns reach the wall at two zones. */
    assert_int_equal(S(t)->phase, PH_ART);
    assert_true(vbt_legal(t, "fire Bourbon-Battery-1 Diputacio-1"));
    explain(t, "fire Canons-de-Llevant French-Battalion-1", "only the active side fires (rule 5)");
    explain(t, "move French-Battalion-1 Born", "units move only in the movement phase (rule 5)");
    vbt_act(t, "end-artillery");
    assert_int_equal(S(t)->phase, PH_MOVE);
    vbt_act(t, "end-movement");
    /* Nothing adjacent to fight at the start: the Catalan half begins with
     * its card (no breach check, rule 5.2). */
    if (S(t)->phase == PH_COMBAT)
        vbt_act(t, "end-combat");
    assert_int_equal(S(t)->half, SG_CATALAN);
    assert_int_equal(S(t)->phase, PH_EVENT);
    vbt_free(t);
}

static void events_optional(void **st)
{
    (void)st;
    /* Rule 8: "The use of cards is optional". With the option off, no event
     * phase. */
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    sg_state s;
    int opts[2] = {0, 0};
    assert_int_equal(vb_setup(g, &s, 0, opts, 3, &cx), 0);
    vb_action a = SG_ACT(A_DIE, 2, 0, 0);
    assert_int_equal(vb_apply(g, &s, a, &cx), 0);
    assert_int_equal(s.phase, PH_ART);
    vb_game_free(g);
}

static void deploy_option(void **st)
{
    (void)st;
    /* Option "deploy": rule 4 as a sequence of decisions, Catalans first. */
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    const sg_data *d = g->data;
    sg_state s;
    int opts[2] = {1, 1};
    vb_action a[VB_MAX_ACTIONS];
    assert_int_equal(vb_setup(g, &s, 0, opts, 3, &cx), 0);
    assert_int_equal(s.phase, PH_DEPLOY);
    assert_int_equal(vb_to_move(g, &s), R_CATALAN);
    int seen_bourbon = 0;
    while (s.phase == PH_DEPLOY) {
        int n = vb_legal(g, &s, a, NULL, VB_MAX_ACTIONS);
        assert_true(n > 0);
        int u = SG_AA(a[0]);
        if (d->u[u].side == SG_BOURBON)
            seen_bourbon = 1;
        else
            assert_false(seen_bourbon); /* every Catalan before any Bourbon */
        for (int i = 0; i < n; i++) {
            int z = SG_AB(a[i]);
            if (d->u[u].side == SG_BOURBON)
                assert_true(d->z[z].deploy); /* the three deployment zones */
            else
                assert_false(d->z[z].colour == COL_GREEN);
        }
        assert_int_equal(vb_apply(g, &s, a[(unsigned)s.head.ndecisions % (unsigned)n], &cx), 0);
        assert_int_equal(g->def->check(g, &s, &cx), 0);
    }
    assert_true(seen_bourbon);
    assert_int_equal(s.phase, PH_BREACH);
    assert_int_equal(s.turn, 1);
    vb_game_free(g);
}

/* Option "deploy" in a position where a Catalan unit has no zone to deploy
 * to (a Two Crowns unit in each of the 30 zones inside the wall): it waits
 * off the map and arrives with the turn-2 reinforcements (docs/setge-1714.md,
 * Interpretations), and the deployment goes on. */
static void deploy_nowhere_waits(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    const sg_data *d = D(t);
    json_t *zones = json_object(), *j;
    int k = 0;
    for (int z = 0; z < d->nz; z++)
        if (d->z[z].colour != COL_GREEN && !d->z[z].deploy) {
            assert_true(k < d->ncombat[SG_BOURBON]);
            json_object_set_new(zones, d->z[z].name,
                                json_pack("[s]", d->u[d->combat[SG_BOURBON][k++]].name));
        }
    j = json_pack("{s:s, s:{s:i}, s:{s:i, s:s, s:s, s:[], s:s, s:{s:i}, s:o}}", "game",
                  "setge-1714", "options", "deploy", 1, "state", "turn", 1, "half", "bourbon",
                  "phase", "deployment", "deck", "unlisted", "eliminated", "waiting", "Ciutat 1", 0,
                  "zones", zones);
    char *text = json_dumps(j, 0);
    json_decref(j);
    load_ok(t, text);
    free(text);
    assert_int_equal(S(t)->us[U(t, "Ciutat 1")], US_WAIT);
    assert_int_equal(S(t)->arrive[U(t, "Ciutat 1")], 2);
    assert_true(vbt_logged(t, "[4] Deployment complete"));
    assert_int_equal(S(t)->phase, PH_BREACH);
    vbt_free(t);
}

static void card_effects(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 7);
    vbt_dice(t, "2,rubble");
    /* "Rubble and burning houses": the active side moves at most 2 zones. */
    assert_int_equal(sg_move_allowance(D(t), S(t), SG_BOURBON), 2);
    assert_int_equal(sg_move_allowance(D(t), S(t), SG_CATALAN), 3);
    vbt_free(t);
    t = vbt_new("setge-1714", NULL, 7);
    vbt_dice(t, "2,wet-mine");
    assert_int_equal(S(t)->breach, 1); /* rule 7 through the card */
    vbt_free(t);
}

/* ---- rule 6: stacking ---- */
static void stacking(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load_fails(t,
               "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"zones\": {\"Pla de Palau\": [\"Nebot\","
               " \"Sant Jordi\", \"Sant Miquel\", \"Ciutat 1\", \"Ciutat 2\", \"Roser 1\"]}}",
               "zone 'Pla de Palau': 6 combat units, stacking limit is 5 (rule 6.1)");
    load_fails(t,
               "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"zones\": {\"Born\": [\"Nebot\","
               " \"La Marine 1\"]}}",
               "zone 'Born': units of both sides (rule 6.1)");
    load_fails(t,
               "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
               " \"zones\": {\"Born\": [\"Nebot\"]}}",
               "is neither on the map, eliminated nor waiting");
    /* Leaders, guns and barricades do not count; rule 6.2: no limit in the
     * deployment zones. */
    load_ok(t, "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"zones\": {\"Pla de Palau\": [\"Nebot\","
               " \"Sant Jordi\", \"Sant Miquel\", \"Ciutat 1\", \"Ciutat 2\", \"Basset\","
               " \"Casanova\"], \"Left Two Crowns\": [\"French Battalion 1\","
               " \"French Battalion 2\", \"French Battalion 3\", \"French Battalion 4\","
               " \"French Battalion 5\", \"French Battalion 6\", \"French Battalion 7\"]}}");
    /* 6.3: no move into a full zone. */
    load_ok(t, "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"zones\": {\"Pla de Palau\": [\"Nebot\","
               " \"Sant Jordi\", \"Sant Miquel\", \"Ciutat 1\", \"Ciutat 2\"],"
               " \"Born\": [\"Roser 1\"], \"Left Two Crowns\": [\"La Marine 1\"]}}");
    explain(t, "move Roser-1 Pla-de-Palau", "the zone already holds 5 combat units (rule 6.1)");
    /* a gun that moved is an impossible position */
    load_fails(t,
               "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"zones\": {\"Born\": [\"Canons de Llevant\"]}}",
               "(rule 9: guns never move)");
    vbt_free(t);
}

static const char reinf_pos[] =
    "{\"turn\": 4, \"half\": \"catalan\", \"phase\": \"artillery\", \"deck\": [],"
    " \"unlisted\": \"eliminated\", \"waiting\": {\"Coronela Sant Sever 4\": 4,"
    " \"Coronela Santa Eulalia 2\": 4},"
    " \"zones\": {\"Pla de Palau\": [\"Nebot\", \"Sant Jordi\", \"Sant Miquel\", \"Ciutat 1\","
    " \"Ciutat 2\"], \"Born\": [\"La Marine 1\"], \"Placa de Jonqueres\": [\"La Marine 2\"],"
    " \"Placa de Sant Pere\": [\"Asturias\"], \"Santa Maria del Mar\": [\"Dillon\"]}}";

/* ---- rule 10.1: reinforcements ---- */
static void reinforcements(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load_ok(t, reinf_pos);
    /* "placed inside zones marked with an R and not controlled by enemy
     * units": only the Pla de Palau is free; arrivals may overstack. */
    assert_int_equal(S(t)->phase, PH_REINF);
    assert_false(vbt_legal(t, "enter Coronela-Sant-Sever-4 Born"));
    assert_false(vbt_legal(t, "enter Coronela-Sant-Sever-4 Santa-Maria-del-Mar"));
    vbt_act(t, "enter Coronela-Sant-Sever-4 Pla-de-Palau");
    vbt_act(t, "enter Coronela-Santa-Eulalia-2 Pla-de-Palau");
    assert_true(vbt_logged(t, "[10.1] Coronela Santa Eulàlia 2 arrives in Pla de Palau"));
    assert_true(S(t)->ovr & BIT(Z(t, "Pla de Palau")));
    /* "units must exit of the overstacked zones as soon as they can": only
     * moves out of the Pla de Palau are legal until it holds 5. */
    assert_false(vbt_legal(t, "end-movement"));
    vbt_act(t, "move Nebot Fusina");
    assert_false(vbt_legal(t, "end-movement"));
    vbt_act(t, "move Sant-Jordi Fusina");
    assert_true(vbt_legal(t, "end-movement"));
    assert_false(S(t)->ovr);
    vbt_free(t);

    /* The Two Crowns recover eliminated units up to the turn's number into
     * the deployment zones; the rest are lost (turn 5: 20, data/setge-1714). */
    t = vbt_new("setge-1714", NULL, 1);
    load_ok(t, "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"artillery\", \"deck\": [],"
               " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\","
               " \"zones\": {\"Pla de Palau\": [\"Nebot\"]}}");
    assert_int_equal(S(t)->phase, PH_REINF);
    assert_int_equal(S(t)->recover, D(t)->recovery[5]);
    assert_int_equal(D(t)->recovery[5], 20);
    assert_false(vbt_legal(t, "recover French-Battalion-1 Pla-de-Palau"));
    vbt_act(t, "recover French-Battalion-1 Centre-Two-Crowns");
    vbt_act(t, "recover Guardias-Valonas-1 Right-Two-Crowns");
    vbt_act(t, "end-recovery");
    in_zone(t, "French Battalion 1", "Centre Two Crowns");
    assert_int_equal(S(t)->us[U(t, "French Battalion 2")], US_LOST);
    assert_true(vbt_logged(t, "not recovered are lost"));
    vbt_free(t);
}

/* ---- rules 7 and 10: the mine, movement ---- */
static void movement(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load_ok(t, "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"zones\": {"
               " \"Fossat del Portal Nou\": [\"Spanish Battalion 1\", \"Spanish Battalion 2\"],"
               " \"Right Two Crowns\": [\"Spanish Battalion 3\"],"
               " \"Baluard del Portal Nou\": [\"Spanish Battalion 4\"],"
               " \"Carrer del Portal Nou\": [\"Bateria del Portal Nou\"],"
               " \"Sant Agusti Esglesia\": [\"Ciutat 1\"],"
               " \"Glacis de Sant Pere\": [\"Spanish Battalion 5\"],"
               " \"Pla de Palau\": [\"Nebot\"]}}");
    /* Rule 2.2.1 / 10: red lines are impassable. */
    explain(t, "move Spanish-Battalion-5 Baluard-de-Jonqueres",
            "zone is across a red line (rule 10)");
    /* Rule 10 example: the unit in the Portal Nou bastion enters the zone of
     * a lone Catalan gun, captures it, goes on, and stops next to Catalan
     * combat units. */
    assert_true(vbt_legal(t, "move Spanish-Battalion-4 Carrer-del-Portal-Nou"));
    assert_true(vbt_legal(t, "move Spanish-Battalion-4 Portal-de-Sant-Daniel"));
    assert_false(vbt_legal(t, "move Spanish-Battalion-4 Convent-de-Santa-Clara")); /* stopped */
    explain(t, "move Spanish-Battalion-4 Convent-de-Santa-Clara", "out of reach");
    vbt_act(t, "move Spanish-Battalion-4 Portal-de-Sant-Daniel");
    assert_int_equal(S(t)->us[U(t, "Bateria del Portal Nou")], US_ELIM);
    assert_true(vbt_logged(t, "Bateria del Portal Nou in Carrer del Portal Nou is captured"));
    /* each unit moves once */
    explain(t, "move Spanish-Battalion-4 Placa-de-Sant-Pere", "already moved");
    /* Entering a deployment zone stops the unit (rule 6.2/10). */
    assert_true(vbt_legal(t, "move Spanish-Battalion-1 Right-Two-Crowns"));
    assert_true(vbt_legal(t, "move Spanish-Battalion-1 Fossat-de-Santa-Clara"));
    /* Artillery never moves (rule 9). */
    vbt_free(t);

    /* Rule 7: nothing crosses the Royal breach before it is assured. */
    t = vbt_new("setge-1714", NULL, 1);
    load_ok(t, "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"zones\": {"
               " \"Fossat del Portal Nou\": [\"Spanish Battalion 1\"],"
               " \"Baluard del Portal Nou\": [\"Ciutat 1\"],"
               " \"Cortina de Sant Daniel\": [\"Ciutat 2\"]}}");
    explain(t, "move Spanish-Battalion-1 Cortina-Reial",
            "the Royal breach is not assured yet (rule 7)");
    explain(t, "assault Fossat-del-Portal-Nou -> Cortina-de-Sant-Daniel",
            "combats are declared only in the combat phase (rule 5)");
    vbt_act(t, "end-movement");
    explain(t, "salvo Fossat-del-Portal-Nou -> Cortina-de-Sant-Daniel",
            "the zones are not adjacent (rule 11)");
    vbt_free(t);

    /* Once the breach is assured it is open; no more checks. */
    t = vbt_new("setge-1714", NULL, 1);
    vbt_dice(t, "6");
    assert_int_equal(S(t)->breach, 1);
    assert_true(vbt_logged(t, "[7] Royal breach check: 6 - the breach is assured"));
    vbt_free(t);
}

/* ---- rule 12: barricades ---- */
static void barricades(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load_ok(t, "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"facing\": {\"Barricada de Sant Pere\":"
               " \"Carrer del Portal Nou\"}, \"zones\": {"
               " \"Placa de Sant Pere\": [\"Barricada de Sant Pere\", \"Ciutat 1\"],"
               " \"Left Two Crowns\": [\"La Marine 1\"]}}");
    /* "They can move 3 ochre or green zones ... placed in one of the sides of
     * the zone, facing an adjacent zone which must be ochre and green too" */
    assert_true(vbt_legal(t, "move Barricada-de-Sant-Pere Placa-de-Jonqueres facing "
                             "Placa-de-Sant-Pere"));
    assert_false(vbt_legal(t, "move Barricada-de-Sant-Pere Sant-Pere-mes-Baix facing "
                              "Placa-de-Sant-Pere")); /* grey zone */
    assert_false(vbt_legal(t, "move Barricada-de-Sant-Pere Placa-de-Jonqueres facing "
                              "Convent-de-Jonqueres")); /* faces a blue zone */
    /* The barricade does not face a side with a blue line: the cortadura. */
    assert_false(vbt_legal(t, "move Barricada-de-Sant-Pere Portal-de-Sant-Daniel facing "
                              "Cortina-de-Sant-Daniel"));
    vbt_act(t, "move Barricada-de-Sant-Pere Placa-de-Sant-Pere facing Placa-de-Jonqueres");
    assert_int_equal(S(t)->face[U(t, "Barricada de Sant Pere")], Z(t, "Placa de Jonqueres"));
    load_fails(t,
               "{\"turn\": 2, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
               " \"unlisted\": \"eliminated\", \"facing\": {\"Barricada de Sant Pere\":"
               " \"Sant Pere mes Baix\"}, \"zones\": {"
               " \"Placa de Sant Pere\": [\"Barricada de Sant Pere\"]}}",
               "cannot face 'Sant Pere més Baix' (rule 12)");
    vbt_free(t);
}

/* ---- rules 11 and 13: assault details, the flag ---- */
static const char flag_pos[] =
    "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
    " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
    " \"Born\": [\"Ciutat 1\", \"Ciutat 2\", \"Casanova\", \"Santa Eulalia Flag\"],"
    " \"Pla d'en Llull\": [\"French Grenadiers 1\", \"French Battalion 1\", \"Dillon\"],"
    " \"Carrer Montcada\": [\"Roser 1\"], \"Pla de Palau\": [\"Spanish Battalion 1\"],"
    " \"Santa Maria del Mar\": [\"Spanish Battalion 2\"]}}";

static void assault_and_flag(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load_ok(t, flag_pos);
    int a, v;
    vbt_act(t, "assault Pla-d'en-Llull -> Born");
    vbt_act(t, "lead French-Grenadiers-1");
    vbt_act(t, "lead Ciutat-1");
    vbt_act(t, "commander Dillon");
    /* Rule 13: the flag's +1 adds to a commander's. */
    vbt_act(t, "commander Casanova");
    sg_assault_values(D(t), S(t), &a, &v);
    assert_int_equal(a, 5 + 1 + 1);
    assert_int_equal(v, 5 + 0 + 1 + 1 + 1);
    vbt_act(t, "hold");
    /* 7+6=13 vs 8+1=9: success; lead eliminated; commander dice 1 and 1. */
    vbt_dice(t, "6,1,1,1");
    if (S(t)->us[U(t, "Ciutat 1")] != US_ELIM)
        fail_msg("%s", t->log);
    /* Retreat: only Carrer Montcada is free of enemies; Casanova and the
     * flag go with the troops. */
    assert_false(vbt_legal(t, "retreat Ciutat-2 Pla-de-Palau"));
    vbt_act(t, "retreat Ciutat-2 Carrer-Montcada");
    vbt_act(t, "retreat Casanova Carrer-Montcada");
    vbt_act(t, "retreat Santa-Eulalia-Flag Carrer-Montcada");
    /* The lead advanced automatically; one more may follow. */
    in_zone(t, "French Grenadiers 1", "Born");
    vbt_act(t, "advance French-Battalion-1");
    in_zone(t, "French Battalion 1", "Born");
    vbt_free(t);

    /* Surrounded: captured, the flag included. */
    t = vbt_new("setge-1714", NULL, 1);
    load_ok(t, "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
               " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
               " \"Carrer Montcada\": [\"Ciutat 1\", \"Santa Eulalia Flag\"],"
               " \"Born\": [\"French Grenadiers 1\", \"French Battalion 3\"], \"Convent de Santa "
               "Caterina\":"
               " [\"French Battalion 1\"], \"Santa Maria del Mar\": [\"French Battalion 2\"]}}");
    vbt_act(t, "assault Born -> Carrer-Montcada");
    vbt_act(t, "lead French-Grenadiers-1");
    vbt_act(t, "withdraw");
    vbt_dice(t, "1,1");
    if (S(t)->us[U(t, "Santa Eulalia Flag")] != US_ELIM)
        fail_msg("%s", t->log);
    assert_true(vbt_logged(t, "Santa Eulàlia Flag is surrounded in Carrer Montcada and captured"));
    /* the lead fell: another unit of the attacking zone must advance */
    assert_false(vbt_legal(t, "end-advance"));
    vbt_act(t, "advance French-Battalion-3");
    in_zone(t, "French Battalion 3", "Carrer Montcada");
    vbt_free(t);
}

/* Regression: advancing into a deployment zone (rule 6.2, no limit) may
 * move more than five units; the state must still round-trip. */
static void advance_into_deployment_zone(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    load_ok(t,
            "{\"turn\": 5, \"half\": \"bourbon\", \"phase\": \"combat\", \"deck\": [],"
            " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
            " \"Centre Two Crowns\": [\"Nebot\"], \"Right Two Crowns\": [\"Spanish Battalion 1\","
            " \"Spanish Battalion 2\", \"Spanish Battalion 3\", \"Spanish Battalion 4\","
            " \"Spanish Battalion 5\", \"Spanish Battalion 6\", \"Spanish Battalion 7\"],"
            " \"Pla de Palau\": [\"Sant Jordi\"]}}");
    vbt_act(t, "assault Right-Two-Crowns -> Centre-Two-Crowns");
    vbt_act(t, "lead Spanish-Battalion-1");
    vbt_act(t, "withdraw");
    vbt_dice(t, "6,1");
    vbt_act(t, "retreat Nebot Fossat-de-Santa-Clara");
    for (int i = 2; i <= 6; i++) {
        char a[64];
        snprintf(a, sizeof a, "advance Spanish-Battalion-%d", i);
        vbt_act(t, a);
    }
    assert_int_equal(S(t)->adv, 6);
    assert_int_equal(S(t)->phase, PH_ADVANCE);
    json_t *j = vbt_state_json(t);
    sg_state back;
    memset(&back, 0, sizeof back);
    back.head = S(t)->head;
    if (t->g->def->from_json(t->g, &back, j, &t->cx))
        fail_msg("%s", t->cx.err);
    assert_memory_equal(&back, S(t), sizeof back);
    json_decref(j);
    vbt_free(t);
}

/* ---- rule 13: victory ---- */
static void victory(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    /* Every listed bastion, the redoubt, the monastery and the convents
     * (both zones of Sant Agusti): automatic victory at the end of the turn. */
    const sg_data *d = D(t);
    char buf[8192] = "{\"turn\": 4, \"half\": \"catalan\", \"phase\": \"combat\", \"deck\": [],"
                     " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
                     " \"Santa Maria del Mar\": [\"Nebot\"]";
    int u = 0;
    for (int z = 0; z < d->nz; z++) {
        if (!d->z[z].autoobj)
            continue;
        while (d->u[u].side != SG_BOURBON || d->u[u].kind != K_COMBAT)
            u++;
        size_t l = strlen(buf);
        snprintf(buf + l, sizeof buf - l, ", \"%s\": [\"%s\"]", d->z[z].name, d->u[u].name);
        u++;
    }
    strcat(buf, "}}");
    load_ok(t, buf);
    /* Nothing adjacent to fight: the turn ends at once. */
    vb_result r;
    vb_result_get(t->g, S(t), &r);
    assert_true(r.over);
    assert_int_equal(r.winner, R_BOURBON);
    assert_non_null(strstr(r.verdict, "automatic victory"));
    vbt_free(t);

    /* VP after the last turn; a drawn count extends the game one turn. */
    t = vbt_new("setge-1714", NULL, 1);
    load_ok(
        t,
        "{\"turn\": 12, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
        " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
        " \"Pla de Palau\": [\"Nebot\", \"Ciutat 1\"], \"Left Two Crowns\": [\"La Marine 1\"]}}");
    int vb = sg_vp(D(t), S(t), SG_BOURBON), vc = sg_vp(D(t), S(t), SG_CATALAN);
    assert_int_equal(vc, 44 + 2 * 7 + 4); /* 44 combat units, 7 leaders, the Pla de Palau */
    assert_true(vb > 0);
    assert_int_not_equal(vb, vc);
    vbt_act(t, "end-movement");
    vb_result r2;
    vb_result_get(t->g, S(t), &r2);
    assert_true(r2.over);
    assert_int_equal(r2.winner, vc > vb ? R_CATALAN : R_BOURBON);
    vbt_free(t);

    t = vbt_new("setge-1714", NULL, 1);
    load_ok(t, "{\"turn\": 12, \"half\": \"catalan\", \"phase\": \"movement\", \"deck\": [],"
               " \"royal_breach\": \"secured\", \"unlisted\": \"eliminated\", \"zones\": {"
               " \"Pla de Palau\": [\"Nebot\"], \"Left Two Crowns\": [\"La Marine 1\"]}}");
    /* make the count even: bring back units until VP tie (1 VP each) */
    {
        sg_state *s = S(t);
        d = D(t);
        for (int k = 0; k < d->nu; k++) {
            int vc2 = sg_vp(D(t), s, SG_CATALAN), vb2 = sg_vp(D(t), s, SG_BOURBON);
            int side = vc2 > vb2 ? SG_BOURBON : SG_CATALAN;
            if (vc2 == vb2)
                break;
            if (d->u[k].side == side && d->u[k].kind == K_COMBAT && s->us[k] == US_ELIM) {
                sg_place(d, s, k, US_ON, Z(t, side ? "Santa Maria del Mar" : "Left Two Crowns"));
            }
        }
        assert_int_equal(sg_vp(D(t), s, SG_CATALAN), sg_vp(D(t), s, SG_BOURBON));
    }
    vbt_act(t, "end-movement");
    assert_true(vbt_logged(t, "[13] Drawn count: the game is extended one more turn"));
    assert_int_equal(S(t)->turn, 13);
    /* "the game is extended one more turn": one, not more. Nobody can
     * attack in the extra turn, so the count stays drawn and the game ends
     * after turn 13 as a draw (docs/setge-1714.md, "Extra turn"). */
    vbt_clear_log(t);
    vbt_act(t, "end-movement");
    vbt_act(t, "end-movement");
    vb_result_get(t->g, S(t), &r2);
    assert_true(r2.over);
    assert_int_equal(r2.winner, -1);
    assert_int_equal(S(t)->turn, 13);
    assert_false(vbt_logged(t, "extended"));
    vbt_free(t);
}

/* ---- rule 15: three and four players ---- */
static void teams(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", "3p", 1);
    vbt_dice(t, "1,smoke");
    assert_int_equal(vb_to_move(t->g, S(t)), R_BOURBON); /* French guns first */
    assert_true(vbt_legal(t, "fire Bourbon-Battery-1 Diputacio-1"));
    assert_false(vbt_legal(t, "fire Bourbon-Battery-3 Ciutat-1")); /* the Spanish battery */
    explain(t, "fire Bourbon-Battery-3 Ciutat-1", "the gun belongs to another seat (rule 15)");
    vbt_act(t, "end-artillery");
    assert_int_equal(vb_to_move(t->g, S(t)), R_SPANISH);
    assert_true(vbt_legal(t, "fire Bourbon-Battery-3 Ciutat-1"));
    vbt_act(t, "end-artillery");
    /* Movement: French first, then Spanish, each its own units. */
    assert_int_equal(vb_to_move(t->g, S(t)), R_BOURBON);
    assert_false(vbt_legal(t, "move Asturias Fossat-del-Portal-Nou"));
    vbt_act(t, "end-movement");
    assert_int_equal(vb_to_move(t->g, S(t)), R_SPANISH);
    assert_true(vbt_legal(t, "move Asturias Fossat-del-Portal-Nou"));
    vbt_free(t);

    t = vbt_new("setge-1714", "4p", 1);
    assert_int_equal(sg_role_of_cmd(S(t), CMD_CRIGHT), R_CATRIGHT);
    assert_int_equal(sg_role_of_cmd(S(t), CMD_CRESERVE), R_CATRIGHT);
    assert_int_equal(sg_role_of_cmd(S(t), CMD_CLEFT), R_CATALAN);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(setup_and_sequence),
        cmocka_unit_test(events_optional),
        cmocka_unit_test(card_effects),
        cmocka_unit_test(deploy_option),
        cmocka_unit_test(deploy_nowhere_waits),
        cmocka_unit_test(stacking),
        cmocka_unit_test(reinforcements),
        cmocka_unit_test(movement),
        cmocka_unit_test(barricades),
        cmocka_unit_test(assault_and_flag),
        cmocka_unit_test(victory),
        cmocka_unit_test(advance_into_deployment_zone),
        cmocka_unit_test(teams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
