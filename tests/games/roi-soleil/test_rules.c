/* test_rules.c - one test per rule of the Roi Soleil rulebook that the
 * engine implements, in document order, each quoting its section: rules 3
 * to 13 here (the year's resources, cabinet, recruitment, fortresses,
 * initiative, movement); rules 14 to 18 and the odds in test_combat.c,
 * rules 20 to 24 and the explanations in test_year_end.c. Positions are the
 * Devolution set-up, edited where a case needs it (units moved from the
 * Reserve, so that SP stay conserved), with scripted dice. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "odds.h"
#include "vbtest.h"
#include "rs_test.h"

/* EVIDENCE-OF (6): in the closed game a camp's view hides the other's army
 * compositions (strengths stay known); determinisation draws them back */
static void test_6_closed_game(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 3);
    S(t)->h.opts[0] = 1;
    vb_rng pick;
    vb_rng_seed(&pick, 9);
    for (int step = 0; step < 400; step++) {
        int who = vb_to_move(t->g, S(t));
        if (who == VB_OVER)
            break;
        for (int r = 0; r < 2; r++) {
            rs_state v, det, again;
            vb_view(t->g, &v, S(t), r);
            for (int z = 0; z < ((const rs_data *)t->g->data)->nz; z++) {
                const uint8_t *a = v.z[z].army[1 - r];
                assert_int_equal(rs_sp(a), a[KIND(r == 0 ? 1 : 0, T_INF)]);
                assert_int_equal(rs_sp(a), rs_army(S(t), z, 1 - r));
            }
            assert_true(v.c[1 - r].armies_hidden);
            det = v;
            vb_rng rr;
            vb_rng_seed(&rr, (uint64_t)step);
            t->g->def->determinize(t->g, &det, r, &rr);
            if (t->g->def->check(t->g, &det, &t->cx))
                fail_msg("determinised view: %s", t->cx.err);
            vb_view(t->g, &again, &det, r);
            assert_memory_equal(&again, &v, sizeof v);
            if (who == r) {
                vb_action a1[VB_MAX_ACTIONS], a2[VB_MAX_ACTIONS];
                int n1 = vb_legal(t->g, S(t), a1, NULL, VB_MAX_ACTIONS);
                int n2 = vb_legal(t->g, &v, a2, NULL, VB_MAX_ACTIONS);
                assert_int_equal(n1, n2);
                assert_memory_equal(a1, a2, (size_t)n1 * sizeof a1[0]);
            }
        }
        vb_action acts[VB_MAX_ACTIONS];
        int n = vb_legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
        assert_true(n > 0);
        assert_int_equal(vb_apply(t->g, S(t), acts[vb_rng_below(&pick, (uint64_t)n)], &t->cx), 0);
    }
    vbt_free(t);
    /* which units march stays with their owner */
    t = campaign();
    S(t)->h.opts[0] = 1;
    vbt_act(t, "move Turenne");
    vb_action la;
    assert_int_equal(vb_parse_action(t->g, S(t), "leave France-cav", &la, &t->cx), 0);
    vb_vis vv;
    memset(&vv, 0, sizeof vv);
    vv.see = VB_ALL_ROLES;
    t->g->def->visibility(t->g, S(t), la, &vv);
    assert_int_equal(vv.see, VB_ROLE_BIT(RS_F));
    vbt_free(t);
}

/* ---- 7 random events ---- */
static void test_7_events(void **state)
{
    (void)state;
    /* EVIDENCE-OF (24.1.3 1667-6): "Remove Louis XIV and place him in the Reserve." */
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "6");
    assert_int_equal(S(t)->gz[G(t, "Louis XIV")], GZ_RESERVE);
    vbt_free(t);
    /* 1667-4: -1 to the pursuit roll; 1-3: nothing */
    t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "4");
    assert_int_equal(S(t)->pursuit_mod, -1);
    vbt_free(t);
    t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "3");
    assert_int_equal(S(t)->pursuit_mod, 0);
    assert_int_equal(S(t)->gz[G(t, "Louis XIV")], Z(t, "Picardie"));
    vbt_free(t);
    /* 1667-5: D6 Spanish SP from the Reserve into a Spanish Netherlands zone */
    t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "5");
    vbt_dice(t, "4");
    assert_false(vbt_legal(t, "place Picardie"));
    vbt_act(t, "place Luxembourg");
    assert_int_equal(rs_army(S(t), Z(t, "Luxembourg"), RS_C), 4);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (5, 24): the set-up places only the control markers and
 * lines the scenario prints: France Ouest (the map's first zone), French
 * in every scenario, starts without a control marker or a line owner, as
 * every zone of its own state does */
static void test_24_no_stray_marker(void **state)
{
    (void)state;
    static const char *const scen[] = {"devolution", "reunions", "holland", "augsburg",
                                       "succession"};
    for (int i = 0; i < 5; i++) {
        vbt *t = vbt_new("roi-soleil", scen[i], 1);
        int fo = Z(t, "France Ouest");
        assert_int_equal(fo, 0);
        assert_int_equal(S(t)->z[fo].mk, -1);
        assert_int_equal(S(t)->z[fo].linec, -1);
        assert_int_equal(S(t)->z[fo].line, 0);
        assert_int_equal(rs_ctrl(t->g, S(t), fo), RS_F);
        vbt_free(t);
    }
}

/* ---- 8 resource points ---- */
static void test_8_1_resource_points(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    /* EVIDENCE-OF (8.1): the RP of the controlled zones, the allies and the
     * transit boxes: France's nine zones 12; Spain 8 + the United Provinces
     * (Unbreakable 1) 4 + the North Sea 3 */
    vbt_dice(t, "1");
    assert_int_equal(S(t)->c[RS_F].rp, 12);
    assert_int_equal(S(t)->c[RS_C].rp, 15);
    /* an ally who doubts gives half, rounded down */
    S(t)->alpos[t->g->data ? 3 : 0] = 2; /* United Provinces to Doubt 5 */
    assert_int_equal(rs_income(t->g, S(t), RS_C, 0), 8 + 2 + 3);
    /* a scorched zone gives none */
    S(t)->alpos[3] = 6;
    S(t)->z[Z(t, "Brabant")].scorched = 1;
    assert_int_equal(rs_income(t->g, S(t), RS_C, 0), 12);
    vbt_free(t);
}

/* EVIDENCE-OF (8.1.2): "Its RP are awarded to the camp that controls it.
 * If the maritime transit box is not controlled, the RP are attributed to
 * neither camp." Reunions: the Atlantic Ocean (2 RP) starts uncontrolled */
static void test_8_1_2_transit_box(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "reunions", 1);
    rs_state *s = S(t);
    int atl = 1; /* the Atlantic Ocean */
    assert_string_equal(((const rs_data *)t->g->data)->b[atl].name, "Atlantic Ocean");
    assert_int_equal(((const rs_data *)t->g->data)->b[atl].rp, 2);
    assert_int_equal(s->boxc[atl], -1);
    int f = rs_income(t->g, s, RS_F, 0), c = rs_income(t->g, s, RS_C, 0);
    s->boxc[atl] = RS_F;
    assert_int_equal(rs_income(t->g, s, RS_F, 0), f + 2);
    assert_int_equal(rs_income(t->g, s, RS_C, 0), c);
    s->boxc[atl] = RS_C;
    assert_int_equal(rs_income(t->g, s, RS_F, 0), f);
    assert_int_equal(rs_income(t->g, s, RS_C, 0), c + 2);
    /* the North Sea (3 RP, the Coalition's at the start) left uncontrolled:
     * the Coalition loses its 3 RP and France gains nothing */
    s->boxc[atl] = -1;
    s->boxc[0] = -1;
    assert_int_equal(rs_income(t->g, s, RS_F, 0), f);
    assert_int_equal(rs_income(t->g, s, RS_C, 0), c - 3);
    /* the year's RP follow (rule 8.1's roll of the year's resources) */
    vbt_dice(t, "1");
    while (s->phase == P_CONTEST)
        vbt_dice(t, "1");
    assert_int_equal(s->c[RS_C].rp, rs_income(t->g, s, RS_C, 0));
    vbt_free(t);
}

static void test_8_1_1_contested(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    put(t, "Brabant", RS_F, T_INF, 5);
    vbt_dice(t, "1");
    /* EVIDENCE-OF (8.1.1): army +1, superiority in SP +1, in cavalry +2;
     * France 5 inf (+1) rolls 6 = 7, Spain 6 SP with 2 cav (+4) rolls 3 = 7:
     * a tie, no RP for either */
    vbt_dice(t, "6,3");
    assert_true(vbt_logged(t, "Brabant contested: France 7, Coalition 7 - tie, no RP"));
    assert_int_equal(S(t)->c[RS_C].rp, 12);
    assert_int_equal(S(t)->c[RS_F].rp, 12);
    vbt_free(t);
    t = vbt_new("roi-soleil", "devolution", 1);
    put(t, "Brabant", RS_F, T_INF, 5);
    vbt_dice(t, "1");
    vbt_dice(t, "6,2");
    assert_int_equal(S(t)->c[RS_F].rp, 15);
    vbt_free(t);
}

static void test_8_1_4_loans(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "1");
    /* EVIDENCE-OF (8.1.4): D6 RP borrowed, 1 RP interest paid in advance */
    vbt_act(t, "borrow");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->c[RS_F].rp, 12 - 1 + 4);
    assert_int_equal(S(t)->c[RS_F].debt, 4);
    /* EVIDENCE-OF (8.1.4): "per turn and per camp": one loan each, France
     * (the initiative) first; then the cabinet strategy */
    assert_int_equal(S(t)->phase, P_LOAN);
    assert_int_equal(S(t)->who, RS_C);
    vbt_act(t, "no-loan");
    assert_int_equal(S(t)->phase, P_CAB_ROLL);
    assert_int_equal(S(t)->c[RS_F].debt, 4);
    vbt_free(t);
}

/* ---- 9 cabinet strategy ---- */
static void test_9_cabinet(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    /* France: D6 3 +1 (a star general on the map) with 12 RP: 3 markers */
    vbt_dice(t, "3");
    assert_int_equal(S(t)->c[RS_F].cabmax, 3);
    /* "choose a minimum of one marker" */
    assert_false(vbt_legal(t, "done"));
    vbt_act(t, "take decoy");
    assert_false(vbt_legal(t, "take decoy")); /* one decoy per camp */
    vbt_act(t, "take siege");
    vbt_act(t, "take siege");
    /* at the maximum the choice ends by itself */
    assert_int_equal(S(t)->phase, P_CAB_ROLL);
    /* Coalition: 15 RP, no star: D6 3 gives 4 */
    vbt_dice(t, "3");
    assert_int_equal(S(t)->c[RS_C].cabmax, 4);
    vbt_free(t);
}

/* The lines the Coalition may read. */
static char co_log[4096];

static void co_sink(void *ud, vb_roles see, const char *line)
{
    (void)ud;
    if (see & VB_ROLE_BIT(RS_C)) {
        strncat(co_log, line, sizeof co_log - strlen(co_log) - 2);
        strcat(co_log, "\n");
    }
}

/* secret means secret: the other camp's view hides the markers and bets */
static void test_9_12_secrets(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state v;
    vb_view(t->g, &v, S(t), RS_C);
    for (int i = 0; i < v.c[RS_F].npick; i++)
        assert_int_equal(v.c[RS_F].pick[i], CAT_UNKNOWN);
    assert_int_equal(v.c[RS_C].pick[0], CAT_BATTLE); /* its own */
    json_t *j = t->g->def->to_json(t->g, &v, RS_C);
    char *txt = json_dumps(json_object_get(json_object_get(j, "camps"), "france"), 0);
    assert_null(strstr(txt, "siege"));
    assert_null(strstr(txt, "scorched"));
    free(txt);
    json_decref(j);
    /* a determinised view draws categories from the nine markers */
    vb_rng r;
    vb_rng_seed(&r, 5);
    t->g->def->determinize(t->g, &v, RS_C, &r);
    for (int i = 0; i < v.c[RS_F].npick; i++)
        assert_true(v.c[RS_F].pick[i] < RS_NCAT);
    /* using the siege marker reveals it */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    vbt_act(t, "halt");
    vbt_free(t);
}

/* The other camp reads that a marker was taken, face down, not which. */
static void test_9_markers_face_down_in_the_log(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "6");
    co_log[0] = '\0';
    t->cx.log = co_sink;
    vbt_act(t, "take siege");
    assert_non_null(strstr(co_log, "[9] france takes a marker, face down (1)"));
    assert_null(strstr(co_log, "siege"));
    vbt_free(t);
}

/* EVIDENCE-OF (9): "Beginning with the player who has the initiative, the
 * cabinet strategy procedure is as follows" (and 8.1.4's loans) */
static void test_9_initiative_first(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    S(t)->init = RS_C;
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_LOAN);
    assert_int_equal(S(t)->who, RS_C);
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_CAB_PICK);
    assert_int_equal(S(t)->who, RS_C);
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_CAB_PICK);
    assert_int_equal(S(t)->who, RS_F);
    vbt_free(t);
}

/* EVIDENCE-OF (10.1): "Units and generals that withdraw do so definitively
 * except Louis XIV": a general out of the game is not recruited */
static void test_10_1_withdrawn(void **state)
{
    (void)state;
    vbt *t = second_year();
    S(t)->gz[G(t, "France A")] = GZ_OUT;
    vbt_act(t, "recruit-in Picardie");
    assert_false(vbt_legal(t, "recruit France-A Picardie"));
    assert_true(vbt_legal(t, "recruit Conde Picardie"));
    vbt_free(t);
    /* "... definitively except Louis XIV": sent to the Reserve (1667-6),
     * he is recruited again (1 RP: SC + TC 0), the data's first general */
    t = second_year();
    int lx = G(t, "Louis XIV"), rp = S(t)->c[RS_F].rp;
    assert_int_equal(lx, 0);
    S(t)->gz[lx] = GZ_RESERVE;
    vbt_act(t, "recruit-in Picardie");
    vbt_act(t, "recruit Louis-XIV Picardie");
    assert_int_equal(S(t)->gz[lx], Z(t, "Picardie"));
    assert_int_equal(S(t)->c[RS_F].rp, rp - 1);
    check_ok(t);
    vbt_free(t);
}

/* ---- 10 and 11: second year (second_year in rs_test.h) ---- */
static void test_10_recruitment(void **state)
{
    (void)state;
    vbt *t = second_year();
    assert_int_equal(S(t)->phase, P_RECRUIT);
    int rp = S(t)->c[RS_F].rp;
    /* staged (short menus): a zone, then what to recruit there */
    assert_false(vbt_legal(t, "recruit France-inf Picardie"));
    vbt_act(t, "recruit-in Picardie");
    /* EVIDENCE-OF (8.2): 1 RP for every 5 SP recruited, rounded up */
    vbt_act(t, "recruit France-inf Picardie");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 1);
    for (int i = 0; i < 4; i++)
        vbt_act(t, "recruit France-inf Picardie");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 1);
    vbt_act(t, "recruit France-cav Picardie");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 2);
    assert_false(vbt_legal(t, "recruit France-inf Artois")); /* only Picardie's menu */
    vbt_act(t, "done");                                      /* done with Picardie */
    assert_int_equal(S(t)->phase, P_RECRUIT);
    assert_false(vbt_legal(t, "recruit-in Picardie")); /* once a turn */
    /* 10.5: in a zone of its own state that its camp controls */
    assert_false(vbt_legal(t, "recruit-in Brabant"));
    /* a general: 1 RP when SC + TC < 4, else 2 */
    vbt_act(t, "recruit-in Artois");
    vbt_act(t, "recruit Conde Artois");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 4);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (8.2, 10.2): with its last RP a camp recruits five SP (the
 * first pays for the five), not a sixth: a started group of 5 SP needs its
 * RP, and RP never go below 0 */
static void test_10_recruitment_last_rp(void **state)
{
    (void)state;
    vbt *t = second_year();
    S(t)->c[RS_F].rp = 1;
    vbt_act(t, "recruit-in Picardie");
    for (int i = 0; i < 5; i++)
        vbt_act(t, "recruit France-inf Picardie");
    assert_int_equal(S(t)->c[RS_F].rp, 0);
    assert_int_equal(S(t)->c[RS_F].recruited, 5);
    assert_false(vbt_legal(t, "recruit France-inf Picardie"));
    assert_false(vbt_legal(t, "recruit France-cav Picardie"));
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (10.5): "The set up is the player's choice, as an army or
 * garrison (if a Fortress marker is present)", within the FV */
static void test_10_5_garrison(void **state)
{
    (void)state;
    vbt *t = second_year();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie"), army = rs_army(s, pic, RS_F), rp = s->c[RS_F].rp;
    vbt_act(t, "recruit-in Picardie");
    vbt_act(t, "recruit France-inf Picardie garrison");
    assert_int_equal(s->z[pic].garr[T_INF], 1);
    assert_int_equal(rs_army(s, pic, RS_F), army);
    assert_int_equal(s->c[RS_F].rp, rp - 1); /* 8.2: the same price */
    vbt_act(t, "recruit France-cav Picardie garrison");
    assert_int_equal(rs_sp(s->z[pic].garr), 2);
    /* FV 2: the fortress is full */
    assert_false(vbt_legal(t, "recruit France-inf Picardie garrison"));
    vbt_act(t, "recruit France-inf Picardie");
    assert_int_equal(rs_army(s, pic, RS_F), army + 1);
    vbt_act(t, "done");
    /* no fortress in Guyenne: an army only */
    vbt_act(t, "recruit-in Guyenne-et-Gascogne");
    assert_true(vbt_legal(t, "recruit France-inf Guyenne-et-Gascogne"));
    assert_false(vbt_legal(t, "recruit France-inf Guyenne-et-Gascogne garrison"));
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (17.2, 11), eighteenth session: "A general who finds himself
 * without units is taken prisoner" (beside an enemy army, as everywhere in
 * this module) and "A Line of defence marker alone in a zone is
 * eliminated", whatever brings the enemy army or takes the units away: a
 * recruit (10.5), an event's SP (1667-5), a march that leaves generals and
 * a line behind (13.1.1), an army going to its winter quarters (21) */
static void test_17_2_11_left_alone(void **state)
{
    (void)state;
    /* 10.2, 10.5: a French recruit in Alsace, where Spain B stands alone
     * beside the French fortress */
    vbt *t = second_year();
    rs_state *s = S(t);
    int als = Z(t, "Alsace"), sb = G(t, "Spain B");
    s->gz[sb] = (int8_t)als;
    check_ok(t);
    reload_ok(t); /* the position loads: he is alone, no enemy army */
    s = S(t);
    vbt_act(t, "recruit-in Alsace");
    vbt_act(t, "recruit France-inf Alsace");
    assert_int_equal(s->gz[sb], GZ_PRISON);
    assert_true(vbt_logged(t, "[17.2] Spain B, without units, is taken prisoner"));
    check_ok(t);
    vbt_free(t);
    /* 1667-5: D6 4 Spanish SP placed in Luxembourg, where Turenne stands
     * alone beside the Spanish fortress */
    t = vbt_new("roi-soleil", "devolution", 1);
    s = S(t);
    int tu = G(t, "Turenne");
    s->gz[tu] = (int8_t)Z(t, "Luxembourg");
    vbt_dice(t, "5");
    vbt_dice(t, "4");
    vbt_act(t, "place Luxembourg");
    assert_int_equal(s->gz[tu], GZ_PRISON);
    check_ok(t);
    vbt_free(t);
    /* 13.1.1: Turenne marches out of Picardie with all its SP; Louis XIV
     * and Vauban stay behind a Spanish SP, and the French line is left with
     * no army */
    t = campaign();
    s = S(t);
    int pic = Z(t, "Picardie");
    put(t, "Picardie", RS_C, T_INF, 1);
    s->z[pic].fv = 0; /* no fortress for the generals to stand with */
    s->z[pic].line = 1;
    s->z[pic].linec = RS_F;
    check_ok(t);
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    assert_int_equal(s->phase, P_MV_TEST); /* 13.2: leaving a contested zone */
    vbt_dice(t, "6");
    step(t, "to Artois");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(s->gz[G(t, "Louis XIV")], GZ_PRISON);
    assert_int_equal(s->gz[G(t, "Vauban")], GZ_PRISON);
    assert_int_equal(s->z[pic].line, 0);
    assert_true(vbt_logged(t, "[11] The line of defence of Picardie, left alone, is eliminated"));
    check_ok(t);
    reload_ok(t);
    vbt_free(t);
    /* 11: the Coalition raises Franche-Comte and takes its Spanish SP out
     * of the fortress to the zone, where France A stands alone */
    t = second_year();
    s = S(t);
    int fa = G(t, "France A");
    s->gz[fa] = (int8_t)Z(t, "Franche-Comte");
    vbt_act(t, "done");
    vbt_act(t, "done");
    vbt_act(t, "done"); /* France builds nothing */
    assert_int_equal(s->phase, P_FORT);
    assert_int_equal(s->who, RS_C);
    vbt_act(t, "fortify Franche-Comte");
    assert_int_equal(s->gz[fa], Z(t, "Franche-Comte")); /* beside a fortress only */
    vbt_act(t, "from-garrison Spain-inf Franche-Comte");
    assert_int_equal(s->gz[fa], GZ_PRISON);
    check_ok(t);
    vbt_free(t);
    /* 13, 17.2: Vauban takes the French garrison of Picardie out of its
     * fortress and halts without leaving the zone ("does not march"): Spain
     * B, alone there, is now beside an enemy army and taken */
    t = campaign();
    s = S(t);
    int vb = G(t, "Vauban"), pi = Z(t, "Picardie");
    for (int g = 0; g < RS_D(t->g)->ng; g++)
        if (s->gz[g] == pi)
            s->gz[g] = GZ_RESERVE;
    for (int k = 0; k < RS_NT; k++) {
        s->c[RS_F].reserve[k] = (uint8_t)(s->c[RS_F].reserve[k] + s->z[pi].army[RS_F][k]);
        s->z[pi].army[RS_F][k] = 0;
        s->c[RS_C].reserve[k] = (uint8_t)(s->c[RS_C].reserve[k] + s->z[pi].army[RS_C][k]);
        s->z[pi].army[RS_C][k] = 0;
    }
    s->z[pi].line = 0;
    s->z[pi].fv = 2;
    s->c[RS_F].reserve[KIND(0, T_INF)]--;
    s->z[pi].garr[KIND(0, T_INF)]++;
    s->gz[vb] = (int8_t)pi;
    s->gz[sb = G(t, "Spain B")] = (int8_t)pi;
    assert_int_equal(rs_ctrl(t->g, s, pi), RS_F);
    check_ok(t);
    vbt_act(t, "move Vauban");
    vbt_act(t, "from-garrison France-inf");
    assert_int_equal(s->gz[sb], pi); /* composing: nothing has moved yet */
    vbt_act(t, "march");
    vbt_act(t, "halt");
    assert_true(vbt_logged(t, "[13] Vauban does not march"));
    assert_int_equal(s->gz[sb], GZ_PRISON);
    check_ok(t);
    reload_ok(t);
    vbt_free(t);
    /* 21: France N's army, in Spanish Luxembourg, winters in Champagne et
     * Brie, where Spain B stands alone beside the French fortress */
    t = campaign();
    vbt_act(t, "move France-N");
    march_to(t, "1", "to Luxembourg", NULL);
    s = S(t);
    s->gz[sb = G(t, "Spain B")] = (int8_t)Z(t, "Champagne et Brie");
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1"); /* the season ends */
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_int_equal(s->phase, P_QUARTERS);
    vbt_act(t, "quarters Champagne-et-Brie");
    assert_int_equal(s->gz[sb], GZ_PRISON);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (3.1, 10.5): every unit has a nationality; recruits set up in
 * a zone of their own state that their camp controls (Dutch SP in
 * Holland, Spanish SP in the Spanish Netherlands) */
static void test_10_5_nationality(void **state)
{
    (void)state;
    vbt *t = second_year();
    rs_state *s = S(t);
    int ui = KIND(3, T_INF), si = KIND(1, T_INF);
    s->c[RS_C].reserve[ui] = 2; /* two Dutch SP, from the Spanish pool */
    s->c[RS_C].reserve[si] = (uint8_t)(s->c[RS_C].reserve[si] - 2);
    vbt_act(t, "done"); /* France recruits nothing */
    assert_int_equal(s->who, RS_C);
    vbt_act(t, "recruit-in Brabant");
    assert_false(vbt_legal(t, "recruit United-Provinces-inf Brabant"));
    assert_true(vbt_legal(t, "recruit Spain-inf Brabant"));
    vbt_act(t, "done");
    vbt_act(t, "recruit-in Hollande");
    assert_true(vbt_legal(t, "recruit United-Provinces-inf Hollande"));
    assert_false(vbt_legal(t, "recruit Spain-inf Hollande"));
    vbt_act(t, "recruit United-Provinces-inf Hollande");
    assert_int_equal(s->z[Z(t, "Hollande")].army[RS_C][ui], 1);
    check_ok(t);
    vbt_free(t);
    /* the set-up's nationalities: Dutch in Holland, Spanish in Brabant
     * (Reunions, §24.2.2) */
    t = vbt_new("roi-soleil", "reunions", 1);
    s = S(t);
    assert_int_equal(s->z[Z(t, "Hollande")].army[RS_C][ui], 5);
    assert_int_equal(rs_nsum(s->z[Z(t, "Hollande")].army[RS_C], 1), 0);
    assert_int_equal(s->z[Z(t, "Brabant")].army[RS_C][si], 8);
    assert_int_equal(rs_nsum(s->z[Z(t, "Brabant")].army[RS_C], 3), 0);
    /* the listing names the Dutch (another nationality than Spain's) */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->g->def->render(t->g, s, -1, f);
    fclose(f);
    assert_non_null(strstr(buf, "7(i5 c1 a1 *0) +UP"));
    assert_non_null(strstr(buf, "11(i8 c3 a0 *0)  "));
    free(buf);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "When a state is neutralised, all its units and
 * generals are removed from the map and are placed in the Reserve of its
 * allied camp"; the others stay */
static void test_22_1_neutralised_units(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int ui = KIND(3, T_INF), bra = Z(t, "Brabant"), hol = Z(t, "Hollande");
    int fo = Z(t, "France Ouest"); /* the map's first zone */
    s->c[RS_C].reserve[KIND(1, T_INF)] = (uint8_t)(s->c[RS_C].reserve[KIND(1, T_INF)] - 4);
    s->z[bra].army[RS_C][ui] = 2; /* a Dutch contingent with the Spanish army */
    s->z[hol].army[RS_C][ui] = 1;
    s->z[fo].army[RS_C][ui] = 1; /* a Dutch landing */
    s->gz[G(t, "United Provinces E")] = (int8_t)hol;
    s->alpos[3] = 1; /* one space from Neutral */
    int spain = rs_nsum(s->z[bra].army[RS_C], 1), res = s->c[RS_C].reserve[ui];
    rs_alliance_win(t->g, s, RS_F, &t->cx);
    assert_true(s->neutralised[3]);
    assert_int_equal(s->z[bra].army[RS_C][ui], 0);
    assert_int_equal(s->z[hol].army[RS_C][ui], 0);
    assert_int_equal(s->z[fo].army[RS_C][ui], 0);
    assert_int_equal(s->c[RS_C].reserve[ui], res + 4);
    assert_int_equal(rs_nsum(s->z[bra].army[RS_C], 1), spain);
    assert_int_equal(s->gz[G(t, "United Provinces E")], GZ_RESERVE);
    assert_int_equal(s->gz[G(t, "Spain A")], bra);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (3.2, 22.1): a general serves his state's camp: an ally that
 * changes sides takes its generals along (Marlborough under France's
 * orders when Great Britain is on France's side) */
static void test_3_2_general_camp(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int m = G(t, "Marlborough");
    s->gz[m] = (int8_t)Z(t, "Picardie");
    assert_int_equal(rs_gcamp(t->g, s, m), RS_C);
    assert_false(vbt_legal(t, "move Marlborough"));
    s->scamp[4] = RS_F; /* Great Britain with France */
    assert_int_equal(rs_gcamp(t->g, s, m), RS_F);
    assert_true(vbt_legal(t, "move Marlborough"));
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.1, 3.1): the owner chooses his losses among the
 * nationalities of an allied army */
static void test_17_1_1_losses_nationality(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int ui = KIND(3, T_INF), si = KIND(1, T_INF), bra = Z(t, "Brabant");
    s->c[RS_C].reserve[si] = (uint8_t)(s->c[RS_C].reserve[si] - 2);
    s->z[bra].army[RS_C][ui] = 2;
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "attack Brabant");
    vbt_act(t, "stand");
    vbt_dice(t, "6"); /* a skirmish: the Coalition loses SP */
    while (s->phase == P_LOSS && s->who == RS_F)
        vbt_act(t, "lose France-inf");
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->who, RS_C);
    assert_true(vbt_legal(t, "lose Spain-inf"));
    assert_true(vbt_legal(t, "lose Spain-cav"));
    vbt_act(t, "lose United-Provinces-inf");
    assert_int_equal(s->z[bra].army[RS_C][ui], 1);
    assert_int_equal(s->c[RS_C].reserve[ui], 1);
    vbt_free(t);
}

static void test_10_3_prisoners(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->gz[G(t, "France M")] = GZ_PRISON;
    S(t)->z[Z(t, "Artois")].army[RS_F][T_INF] = 0;
    S(t)->c[RS_F].prison[T_INF] = 2;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    vbt_act(t, "end-campaign");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    int f = S(t)->c[RS_F].rp, c = S(t)->c[RS_C].rp;
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    /* the jailer returns him against RP (refusing would cost a GP) */
    assert_true(vbt_legal(t, "refuse France-M"));
    vbt_act(t, "return France-M");
    /* EVIDENCE-OF (10.3): buying back is mandatory, generals first; the
     * RP go to the other camp. France M (1 RP) and 2 SP (1 RP). */
    assert_int_equal(S(t)->gz[G(t, "France M")], GZ_RESERVE);
    assert_int_equal(S(t)->c[RS_F].prison[T_INF], 0);
    assert_int_equal(S(t)->c[RS_F].rp, f - 2);
    assert_int_equal(S(t)->c[RS_C].rp, c + 2);
    vbt_free(t);
}

static void test_10_3_refusal(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->gz[G(t, "France M")] = GZ_PRISON;
    S(t)->c[RS_F].reserve[T_INF] = (uint8_t)(S(t)->c[RS_F].reserve[T_INF] + 2);
    S(t)->c[RS_F].reserve[T_CAV]++;
    memset(S(t)->z[Z(t, "Artois")].army[RS_F], 0, RS_NT);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    vbt_act(t, "end-campaign");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    int gp = S(t)->gp;
    /* EVIDENCE-OF (10.3): "If the Coalition refuses, a GP is added" */
    vbt_act(t, "refuse France-M");
    assert_int_equal(S(t)->gp, gp + 1);
    assert_int_equal(S(t)->gz[G(t, "France M")], GZ_PRISON);
    assert_int_equal(S(t)->phase, P_RECRUIT);
    assert_true(vbt_logged(t, "[10.3] coalition refuses to return France M"));
    vbt_free(t);
    /* EVIDENCE-OF (10.3): "If the French camp refuses, a GP is subtracted":
     * Spain A, the Coalition's general, held by France */
    t = campaign();
    S(t)->gz[G(t, "Spain A")] = GZ_PRISON;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    vbt_act(t, "end-campaign");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    while (S(t)->phase == P_RECRUIT && vbt_legal(t, "done"))
        vbt_act(t, "done"); /* France's recruitment, if it comes first */
    gp = S(t)->gp;
    assert_int_equal(S(t)->phase, P_PRISON);
    assert_int_equal(vb_to_move(t->g, S(t)), RS_F);
    vbt_act(t, "refuse Spain-A");
    assert_int_equal(S(t)->gp, gp - 1);
    assert_int_equal(S(t)->gz[G(t, "Spain A")], GZ_PRISON);
    if (!vbt_logged(t, "[10.3] france refuses to return Spain A"))
        fail_msg("%s", t->log);
    vbt_free(t);
}

/* EVIDENCE-OF (10.3): "RP debited from one camp are credited to the other
 * camp" when the Coalition buys back its SP held by France (after France's
 * recruitment: the initiative first) */
static void test_10_3_coalition_buys_back(void **state)
{
    (void)state;
    vbt *t = second_year();
    rs_state *s = S(t);
    int k = KIND(1, T_INF);
    s->c[RS_C].reserve[k] = (uint8_t)(s->c[RS_C].reserve[k] - 3);
    s->c[RS_C].prison[k] = 3;
    int f = s->c[RS_F].rp, c = s->c[RS_C].rp, r = s->c[RS_C].reserve[k];
    vbt_act(t, "done"); /* France recruits nothing */
    assert_int_equal(s->who, RS_C);
    assert_int_equal(s->c[RS_C].prison[k], 0);
    assert_int_equal(s->c[RS_C].reserve[k], r + 3);
    assert_int_equal(s->c[RS_C].rp, c - 1);
    assert_int_equal(s->c[RS_F].rp, f + 1);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (10.3, 8.2): a general is bought back for his price when his
 * camp holds exactly that many RP (the jailer then returns or refuses
 * him); with one RP less he stays prisoner, unasked */
static void test_10_3_general_exact_rp(void **state)
{
    (void)state;
    for (int less = 0; less < 2; less++) {
        vbt *t = campaign();
        int m = G(t, "Conde");
        S(t)->gz[m] = GZ_PRISON;
        vbt_act(t, "end-campaign");
        vbt_dice(t, "6");
        vbt_act(t, "end-campaign");
        vbt_act(t, "no-surprise");
        vbt_act(t, "no-surprise");
        vbt_dice(t, "1");
        vbt_act(t, "no-loan");
        vbt_act(t, "no-loan");
        vbt_dice(t, "1");
        vbt_act(t, "take battle");
        vbt_act(t, "done");
        vbt_dice(t, "1");
        vbt_act(t, "take battle");
        int cost = rs_gen_cost(t->g, m), c = S(t)->c[RS_C].rp;
        assert_int_equal(cost, 2); /* SC + TC >= 4 */
        S(t)->c[RS_F].rp = (int16_t)(cost - less);
        vbt_act(t, "done");
        if (less) {
            assert_int_equal(S(t)->phase, P_RECRUIT);
            assert_int_equal(S(t)->gz[m], GZ_PRISON);
            assert_int_equal(S(t)->c[RS_F].rp, cost - 1);
        } else {
            assert_int_equal(S(t)->phase, P_PRISON);
            vbt_act(t, "return Conde");
            assert_int_equal(S(t)->gz[m], GZ_RESERVE);
            assert_int_equal(S(t)->c[RS_F].rp, 0);
            assert_int_equal(S(t)->c[RS_C].rp, c + cost);
        }
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (10.3, 8.2): "1RP per multiple of 10 SP bought back* ...
 * Round up. Example: 15 SP requires spending 2 RP"; "If there are not
 * enough RP for this game turn, the units are kept prisoner"; the RP go to
 * the jailer */
static void test_10_3_not_enough_rp(void **state)
{
    (void)state;
    static const struct {
        int rp, bought, paid;
    } rows[] = {{1, 10, 1}, {5, 15, 2}, {0, 0, 0}};
    for (int i = 0; i < 3; i++) {
        vbt *t = campaign();
        S(t)->c[RS_F].reserve[T_INF] = (uint8_t)(S(t)->c[RS_F].reserve[T_INF] - 8);
        S(t)->z[Z(t, "Picardie")].army[RS_F][T_INF] =
            (uint8_t)(S(t)->z[Z(t, "Picardie")].army[RS_F][T_INF] - 7);
        S(t)->c[RS_F].prison[T_INF] = 15;
        vbt_act(t, "end-campaign");
        vbt_dice(t, "6");
        vbt_act(t, "end-campaign");
        vbt_act(t, "no-surprise");
        vbt_act(t, "no-surprise");
        vbt_dice(t, "1");
        vbt_act(t, "no-loan");
        vbt_act(t, "no-loan");
        vbt_dice(t, "1");
        vbt_act(t, "take battle");
        vbt_act(t, "done");
        vbt_dice(t, "1");
        vbt_act(t, "take battle");
        S(t)->c[RS_F].rp = (int16_t)rows[i].rp;
        int c = S(t)->c[RS_C].rp, r = S(t)->c[RS_F].reserve[T_INF];
        vbt_act(t, "done"); /* the buy-back follows the cabinet strategy */
        assert_int_equal(S(t)->phase, P_RECRUIT);
        assert_int_equal(S(t)->c[RS_F].prison[T_INF], 15 - rows[i].bought);
        assert_int_equal(S(t)->c[RS_F].reserve[T_INF], r + rows[i].bought);
        assert_int_equal(S(t)->c[RS_F].rp, rows[i].rp - rows[i].paid);
        assert_int_equal(S(t)->c[RS_C].rp, c + rows[i].paid);
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (8.1): "RP may not be accumulated from one year to the next.
 * Each new year, the RP cursors ... are placed on space zero" */
static void test_8_1_no_carry_over(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->c[RS_F].rp = 30;
    S(t)->c[RS_C].rp = 25;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    vbt_act(t, "end-campaign");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    vbt_dice(t, "1"); /* 1668: no event */
    assert_int_equal(S(t)->phase, P_LOAN);
    assert_int_equal(S(t)->c[RS_F].rp, 12);
    assert_int_equal(S(t)->c[RS_C].rp, rs_income(t->g, S(t), RS_C, 0));
    vbt_free(t);
}

static void test_11_fortresses(void **state)
{
    (void)state;
    vbt *t = second_year();
    vbt_act(t, "done");
    vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_FORT);
    int rp = S(t)->c[RS_F].rp;
    /* EVIDENCE-OF (8.2, 11): 2 RP per FV level, once per turn per zone */
    vbt_act(t, "fortify Picardie");
    assert_int_equal(S(t)->z[Z(t, "Picardie")].fv, 3);
    assert_int_equal(S(t)->c[RS_F].rp, rp - 2);
    assert_false(vbt_legal(t, "fortify Picardie"));
    /* an army or a garrison is needed */
    assert_false(vbt_legal(t, "fortify Alsace"));
    /* a line: 1 RP a level, 2 at most */
    vbt_act(t, "line Picardie");
    assert_int_equal(S(t)->z[Z(t, "Picardie")].line, 1);
    assert_int_equal(S(t)->c[RS_F].rp, rp - 3);
    assert_false(vbt_legal(t, "line Picardie")); /* a line once per turn too */
    /* a line raised first leaves the zone's fortress to be raised */
    vbt_act(t, "line Artois");
    assert_false(vbt_legal(t, "line Artois"));
    assert_true(vbt_legal(t, "fortify Artois"));
    vbt_free(t);
}

/* EVIDENCE-OF (11): "When a construction is realised ... The units present
 * in the zone are distributed between the constructed or increased
 * (garrison) fortress and the Line of defence (army)": the army's units go
 * into the fortress raised, within its FV, for no RP; the garrison's come
 * out; one way a zone, and only where the camp built this turn */
static void test_11_distribution(void **state)
{
    (void)state;
    vbt *t = second_year();
    rs_state *s = S(t);
    vbt_act(t, "done");
    vbt_act(t, "done");
    assert_int_equal(s->phase, P_FORT);
    int pic = Z(t, "Picardie"), army = rs_army(s, pic, RS_F), rp = s->c[RS_F].rp;
    /* nothing built yet: no distribution */
    assert_false(vbt_legal(t, "garrison Picardie France-inf"));
    vbt_act(t, "fortify Picardie"); /* FV 3 */
    assert_int_equal(s->c[RS_F].rp, rp - 2);
    for (int i = 0; i < 3; i++)
        vbt_act(t, "garrison Picardie France-inf");
    assert_int_equal(s->z[pic].garr[KIND(0, T_INF)], 3);
    assert_int_equal(rs_army(s, pic, RS_F), army - 3);
    assert_int_equal(s->c[RS_F].rp, rp - 2);                         /* no RP */
    assert_false(vbt_legal(t, "garrison Picardie France-cav"));      /* FV 3: full */
    assert_false(vbt_legal(t, "from-garrison France-inf Picardie")); /* one way */
    assert_int_equal(vbt_try(t, "from-garrison France-inf Picardie"), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "(rule 11)"));
    assert_false(vbt_legal(t, "garrison Artois France-inf")); /* nothing built there */
    /* a line raised in Champagne et Brie (FV 2, France N's 2 SP): its army
     * goes into the fortress; "A Line of defence marker alone in a zone is
     * eliminated" */
    int ch = Z(t, "Champagne et Brie");
    vbt_act(t, "line Champagne-et-Brie");
    vbt_act(t, "garrison Champagne-et-Brie France-inf");
    assert_int_equal(s->z[ch].line, 1);
    vbt_act(t, "garrison Champagne-et-Brie France-cav");
    assert_int_equal(rs_army(s, ch, RS_F), 0);
    assert_int_equal(s->z[ch].line, 0);
    check_ok(t);
    reload_ok(t); /* the state file keeps the way taken (built 1 + 8) */
    s = S(t);
    assert_int_equal(s->z[pic].frozen, 1 | 8);
    assert_false(vbt_legal(t, "from-garrison France-inf Picardie"));
    vbt_act(t, "done");
    /* the Coalition raises Franche-Comte (FV 1 -> 2, one Spanish SP in
     * garrison): the SP may come out to the zone as an army */
    assert_int_equal(s->who, RS_C);
    int fc = Z(t, "Franche-Comte");
    assert_false(vbt_legal(t, "from-garrison Spain-inf Franche-Comte"));
    vbt_act(t, "fortify Franche-Comte");
    vbt_act(t, "from-garrison Spain-inf Franche-Comte");
    assert_int_equal(rs_sp(s->z[fc].garr), 0);
    assert_int_equal(rs_army(s, fc, RS_C), 1);
    assert_false(vbt_legal(t, "garrison Franche-Comte Spain-inf"));
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (11): "The number of Fortresses ... that can be constructed
 * is limited by the number of available markers" (12 a camp,
 * reconstructed): the camp's own fortresses hold them, not the enemy's nor
 * its zones without a fortress; a fortress raised keeps its marker */
static void test_11_fortress_markers(void **state)
{
    (void)state;
    vbt *t = second_year();
    rs_state *s = S(t);
    vbt_act(t, "done");
    vbt_act(t, "done");
    assert_int_equal(s->phase, P_FORT);
    int als = Z(t, "Alsace");
    s->z[als].fv = 0;
    put(t, "Alsace", RS_F, T_INF, 1);
    /* France's three fortresses (Picardie, Artois, Champagne et Brie) and
     * its zones without one, the Coalition's fortresses: a new one allowed */
    assert_true(vbt_legal(t, "fortify Alsace"));
    /* twelve French fortresses: none more, an old one raised */
    int n = 3;
    for (int z = 0; z < ((const rs_data *)t->g->data)->nz && n < 12; z++)
        if (z != als && s->z[z].fv == 0 && rs_army(s, z, RS_F) + rs_army(s, z, RS_C) == 0) {
            s->z[z].fv = 1;
            s->z[z].mk = RS_F;
            n++;
        }
    assert_int_equal(n, 12);
    assert_false(vbt_legal(t, "fortify Alsace"));
    assert_true(vbt_legal(t, "fortify Picardie"));
    /* eleven: the twelfth marker is free */
    s->z[Z(t, "Artois")].fv = 0;
    assert_true(vbt_legal(t, "fortify Alsace"));
    vbt_free(t);
}

/* EVIDENCE-OF (11): "The number of Fortresses or Lines of defence that can
 * be constructed is limited by the number of available markers" (three a
 * camp): a line of level 1 holds a marker as a line of 2 does */
static void test_11_line_markers(void **state)
{
    (void)state;
    vbt *t = second_year();
    rs_state *s = S(t);
    vbt_act(t, "done");
    vbt_act(t, "done");
    assert_int_equal(s->phase, P_FORT);
    put(t, "Alsace", RS_F, T_INF, 1);
    const char *zones[] = {"Artois", "Champagne et Brie", "Alsace"};
    for (int i = 0; i < 2; i++) {
        s->z[Z(t, zones[i])].line = 1;
        s->z[Z(t, zones[i])].linec = RS_F;
    }
    check_ok(t);
    assert_true(vbt_legal(t, "line Picardie")); /* the third marker */
    s->z[Z(t, zones[2])].line = 1;
    s->z[Z(t, zones[2])].linec = RS_F;
    assert_false(vbt_legal(t, "line Picardie")); /* none left */
    assert_true(vbt_legal(t, "line Artois"));    /* a line raised keeps its marker */
    s->z[Z(t, zones[2])].line = 2;
    assert_false(vbt_legal(t, "line Picardie"));
    /* the Coalition's lines do not hold France's markers */
    s->z[Z(t, zones[2])].line = 0;
    s->z[Z(t, "Brabant")].line = 1;
    s->z[Z(t, "Brabant")].linec = RS_C;
    assert_true(vbt_legal(t, "line Picardie"));
    vbt_free(t);
}

/* ---- 12 initiative ---- */
static void test_12_initiative(void **state)
{
    (void)state;
    vbt *t = second_year();
    vbt_act(t, "done");
    vbt_act(t, "done");
    vbt_act(t, "done");
    vbt_act(t, "done");
    int f = S(t)->c[RS_F].rp, c = S(t)->c[RS_C].rp;
    assert_false(vbt_legal(t, "bet 6")); /* 0-5 */
    vbt_act(t, "bet 2");
    vbt_act(t, "bet 1");
    /* EVIDENCE-OF (12): D6 + bet; a tie goes to the camp that did not have
     * the initiative before (France had it in 1667) */
    vbt_dice(t, "3,4");
    assert_int_equal(S(t)->init, RS_C);
    assert_int_equal(S(t)->c[RS_F].rp, f - 2);
    assert_int_equal(S(t)->c[RS_C].rp, c - 1);
    vbt_free(t);
}

/* EVIDENCE-OF (12): "Each player secretly notes the number of RP bet. Then
 * both players reveal this number simultaneously": sequential hidden
 * decisions, then a reveal at the initiative roll */
static void test_12_secret_bets(void **state)
{
    (void)state;
    vbt *t = second_year();
    vbt_act(t, "done");
    vbt_act(t, "done");
    vbt_act(t, "done");
    vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_BET);
    assert_int_equal(S(t)->who, RS_F);
    vb_action a;
    assert_int_equal(vb_parse_action(t->g, S(t), "bet 3", &a, &t->cx), 0);
    vb_vis v;
    memset(&v, 0, sizeof v);
    v.see = VB_ALL_ROLES;
    t->g->def->visibility(t->g, S(t), a, &v);
    assert_int_equal(v.see, VB_ROLE_BIT(RS_F));
    assert_true(v.group != 0);
    assert_non_null(strstr(v.public_text, "secret bet"));
    uint32_t group = v.group;
    co_log[0] = '\0';
    t->cx.log = co_sink; /* the Coalition reads that France bet, not how much */
    vbt_act(t, "bet 3");
    assert_non_null(strstr(co_log, "[12] france places a secret bet"));
    assert_null(strstr(co_log, "bets"));
    /* the Coalition decides next: its view does not hold France's bet */
    rs_state view;
    vb_view(t->g, &view, S(t), RS_C);
    assert_int_equal(view.c[RS_F].bet, 0);
    assert_true(view.c[RS_F].bet_hidden);
    json_t *j = t->g->def->to_json(t->g, &view, RS_C);
    assert_int_equal(json_integer_value(json_object_get(
                         json_object_get(json_object_get(j, "camps"), "france"), "bet")),
                     0);
    json_decref(j);
    vb_rng r;
    vb_rng_seed(&r, 1);
    t->g->def->determinize(t->g, &view, RS_C, &r);
    assert_true(view.c[RS_F].bet <= 5 && view.c[RS_F].bet <= view.c[RS_F].rp);
    vbt_act(t, "bet 0");
    /* the initiative roll reveals the group */
    assert_int_equal(vb_to_move(t->g, S(t)), VB_CHANCE);
    memset(&v, 0, sizeof v);
    t->g->def->visibility(t->g, S(t), ACT(OP_DIE, 1, 0, 0), &v);
    assert_int_equal(v.reveals, group);
    vbt_dice(t, "1,1");
    vb_view(t->g, &view, S(t), RS_C);
    assert_int_equal(view.c[RS_F].bet, 3);
    vbt_free(t);
}

/* ---- 13 movement ---- */
static void test_13_movement(void **state)
{
    (void)state;
    vbt *t = campaign();
    /* 13.1.2: zones outside the scenario are forbidden */
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    assert_false(vbt_legal(t, "to Treves"));
    assert_true(vbt_legal(t, "to Lorraine"));
    /* 13.4: France has no maritime capacity in 1667 */
    vbt_act(t, "halt");
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    assert_false(vbt_legal(t, "via North-Sea Hollande"));
    vbt_act(t, "to Picardie");
    /* 13.3: Spain A, next door in Brabant, may intercept */
    assert_true(vbt_legal(t, "intercept-from Brabant"));
    vbt_act(t, "no-interception");
    step(t, "to Champagne-et-Brie");
    vbt_act(t, "halt");
    /* 14.1: +1 for the second zone, -1 for SC 1: a 5 stays 5 */
    vbt_dice(t, "5");
    assert_true(vbt_logged(t, "D6 5+0 = 5"));
    /* each general leads one march a campaign (an engine reading) */
    assert_false(vbt_legal(t, "move France-M"));
    check_ok(t);
    vbt_free(t);
}

static void test_13_2_enemy_army(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    /* EVIDENCE-OF (13.2): the march stops; it goes on only after a passed test */
    assert_false(vbt_legal(t, "to Luxembourg"));
    vbt_act(t, "press-on");
    vbt_dice(t, "2"); /* 2 + 3 - 2 = 3 > 2 */
    assert_true(vbt_legal(t, "to Luxembourg"));
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    /* 13.2: leaving a contested zone needs the test: a failure cancels */
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    step(t, "to Flandre-et-Hainaut");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_free(t);
}

/* EVIDENCE-OF (13.2): any enemy army with a general stops any army: 1 SP
 * of France N against Spain A's army (k = 0), Turenne's army against Spain
 * A with 1 SP (k = 1), Spain A's army against Louis XIV commanding alone in
 * Artois (k = 2, the first general of the data); a general without an army
 * stops nothing (k = 3: Spain A alone in Brabant) */
static void test_13_2_stop_at_the_edges(void **state)
{
    (void)state;
    for (int k = 0; k < 4; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int bra = Z(t, "Brabant"), ar = Z(t, "Artois");
        if (k == 3) {
            for (int i = 0; i < RS_NT; i++) {
                s->c[RS_C].reserve[i] = (uint8_t)(s->c[RS_C].reserve[i] + s->z[bra].army[RS_C][i]);
                s->z[bra].army[RS_C][i] = 0;
            }
            vbt_act(t, "move Turenne");
            vbt_act(t, "march");
            step(t, "to Brabant");
            assert_true(vbt_legal(t, "to Luxembourg"));
            vbt_free(t);
            continue;
        }
        if (k == 1)
            for (int i = 0; i < RS_NT; i++) { /* Spain A keeps 1 SP */
                int keep = i == KIND(1, T_INF) ? 1 : 0;
                s->c[RS_C].reserve[i] =
                    (uint8_t)(s->c[RS_C].reserve[i] + s->z[bra].army[RS_C][i] - keep);
                s->z[bra].army[RS_C][i] = (uint8_t)keep;
            }
        if (k < 2) {
            vbt_act(t, k ? "move Turenne" : "move France-N");
            if (!k) {
                vbt_act(t, "leave France-cav");
                assert_int_equal(rs_sp(s->mv.sp), 1);
            }
            vbt_act(t, "march");
            step(t, "to Brabant");
            assert_false(vbt_legal(t, "to Luxembourg"));
            assert_true(vbt_legal(t, "press-on"));
        } else {
            s->gz[G(t, "France M")] = GZ_RESERVE;
            s->gz[G(t, "Louis XIV")] = (int8_t)ar;
            assert_int_equal(rs_commander(t->g, s, ar, RS_F), 0);
            vbt_act(t, "end-campaign");
            vbt_dice(t, "6"); /* the Coalition's campaign */
            s->c[RS_C].rp = 20;
            vbt_act(t, "move Spain-A");
            vbt_act(t, "march");
            step(t, "to Flandre-et-Hainaut");
            step(t, "to Artois");
            assert_false(vbt_legal(t, "to Picardie"));
            assert_true(vbt_legal(t, "press-on"));
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (13.1.1): a march takes units from a garrison on its way in
 * a zone of its camp free of enemy armies, its own army there or not
 * (Turenne through Artois, France M's army and 1 infantry SP in the
 * fortress; k = 1: a Spanish army there too, no garrison to take) */
static void test_13_1_1_pick_garrison(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int ar = Z(t, "Artois");
        s->c[RS_F].reserve[T_INF]--;
        s->z[ar].garr[T_INF] = 1;
        if (k)
            put(t, "Artois", RS_C, T_INF, 1);
        vbt_act(t, "move Turenne");
        vbt_act(t, "march");
        step(t, "to Artois");
        if (k && vbt_legal(t, "press-on")) {
            vbt_act(t, "press-on");
            vbt_dice(t, "6");
        }
        assert_int_equal(vbt_legal(t, "pick-garrison France-inf"), !k);
        assert_true(vbt_legal(t, "pick France-inf"));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (13.2): "An army that begins its movement in a contested zone
 * toward any other zone ... must pass an Initiative Test" */
static void test_13_2_leaving_contested(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        put(t, "Artois", RS_C, T_INF, 2); /* no general: SC 0 against France M's 1 */
        int rp = S(t)->c[RS_F].rp;
        vbt_act(t, "move France-M");
        vbt_act(t, "march");
        assert_int_equal(vb_to_move(t->g, S(t)), VB_CHANCE);
        vbt_dice(t, k == 0 ? "1" : "2"); /* 1 + 1 = 2 fails; 2 + 1 = 3 passes */
        if (k == 0) {
            assert_int_equal(S(t)->phase, P_IMPULSE);
            assert_int_equal(rs_army(S(t), Z(t, "Artois"), RS_F), 3);
            assert_int_equal(S(t)->c[RS_F].rp, rp);
        } else {
            assert_int_equal(S(t)->phase, P_MV_STEP);
            assert_true(vbt_legal(t, "to Picardie"));
        }
        vbt_free(t);
    }
}

/* 13.2: "An army that begins its movement in a contested zone toward any
 * other zone or transit box must pass an Initiative Test": contested when
 * it begins, even when it leaves whole and no fortress of its camp stays
 * (France M's three SP in Lorraine, no fortress, beside two Spanish SP
 * without a general: SC 1 against 0) */
static void test_13_2_leaving_contested_whole_army(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int ar = Z(t, "Artois"), lo = Z(t, "Lorraine");
        for (int u = 0; u < RS_NT; u++) {
            s->z[lo].army[RS_F][u] = s->z[ar].army[RS_F][u];
            s->z[ar].army[RS_F][u] = 0;
        }
        s->gz[G(t, "France M")] = (int8_t)lo;
        put(t, "Lorraine", RS_C, T_INF, 2);
        check_ok(t);
        int rp = s->c[RS_F].rp;
        vbt_act(t, "move France-M");
        vbt_act(t, "march"); /* all three SP */
        assert_int_equal(vb_to_move(t->g, S(t)), VB_CHANCE);
        vbt_dice(t, k == 0 ? "1" : "2"); /* 1 + 1 = 2 fails; 2 + 1 = 3 passes */
        if (k == 0) {
            assert_int_equal(S(t)->phase, P_IMPULSE);
            assert_int_equal(rs_army(S(t), lo, RS_F), 3);
            assert_int_equal(S(t)->c[RS_F].rp, rp);
        } else {
            assert_int_equal(S(t)->phase, P_MV_STEP);
            assert_true(vbt_legal(t, "to Champagne-et-Brie"));
        }
        vbt_free(t);
    }
}

static void test_13_3_interception(void **state)
{
    (void)state;
    vbt *t = campaign();
    int crp = S(t)->c[RS_C].rp;
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    /* EVIDENCE-OF (13.3): the inactive player decides to intercept */
    assert_int_equal(S(t)->phase, P_ICPT);
    assert_int_equal(vb_to_move(t->g, S(t)), RS_C);
    /* EVIDENCE-OF (13.3): from an adjacent zone without an enemy army, by an
     * initiative test (2 + SC 2 - SC 1 = 3 > 2), paying its march */
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "2");
    assert_true(vbt_logged(t, "Interception from Brabant: D6 2+1 = 3 passed"));
    assert_int_equal(S(t)->c[RS_C].rp, crp - 1);
    vbt_dice(t, "1"); /* the interceptor's attrition */
    assert_int_equal(rs_army(S(t), Z(t, "Picardie"), RS_C), 6);
    assert_int_equal(S(t)->gz[G(t, "Spain A")], Z(t, "Picardie"));
    /* the active army stops: no step further, and no initiative test to
     * press on against the interceptor as against an army met (13.2) */
    assert_false(vbt_legal(t, "to Champagne-et-Brie"));
    assert_false(vbt_legal(t, "press-on"));
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_true(rs_contested(t->g, S(t), Z(t, "Picardie")));
    /* EVIDENCE-OF (13.3): then the interceptor may fight: a skirmish here
     * (6 SP), a battle only with a Battle marker */
    assert_int_equal(S(t)->phase, P_ICPT_BATTLE);
    assert_int_equal(S(t)->who, RS_C);
    assert_true(vbt_legal(t, "no-attack"));
    vbt_act(t, "attack Picardie");
    assert_true(vbt_logged(t, "coalition attacks in Picardie: 6 SP against 23 - a skirmish"));
    vbt_free(t);
    /* declined: the active camp's campaign goes on */
    t = campaign();
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "2");
    vbt_dice(t, "1");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "no-attack");
    assert_int_equal(S(t)->phase, P_IMPULSE);
    assert_int_equal(S(t)->who, RS_F);
    assert_int_equal(S(t)->icpt, -1);
    vbt_free(t);
    /* 10 SP or more each and no Battle marker: no choice is offered */
    t = campaign();
    put(t, "Brabant", RS_C, T_INF, 4);
    S(t)->c[RS_C].pstate[0] = PK_USED; /* the Coalition's battle marker spent */
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "2");
    vbt_dice(t, "1");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_IMPULSE);
    vbt_free(t);
    /* a failed test changes nothing */
    t = campaign();
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "1");
    assert_int_equal(rs_army(S(t), Z(t, "Brabant"), RS_C), 6);
    assert_true(vbt_legal(t, "to Champagne-et-Brie"));
    vbt_free(t);
}

/* 13.1.2 with 13.3: "Entering a neutral zone costs one GP in addition to
 * the normal movement cost: it is deducted from the GP counter if the French
 * camp carries out the movement and added if the Coalition is the camp to
 * move"; an interception moves the interceptor into the zone. The
 * Reunions: France B marches from Lorraine into neutral Treves (-1 GP);
 * Spain A's army, brought to Luxembourg, intercepts it there (+1 GP) */
static void test_13_1_2_interception_neutral(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "reunions", 1);
    vbt_dice(t, "1"); /* no event */
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    vbt_act(t, "take siege");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    rs_state *s = S(t);
    int bra = Z(t, "Brabant"), lux = Z(t, "Luxembourg"), tr = Z(t, "Treves");
    for (int k = 0; k < RS_NT; k++) {
        s->z[lux].army[RS_C][k] = s->z[bra].army[RS_C][k];
        s->z[bra].army[RS_C][k] = 0;
    }
    s->gz[G(t, "Spain A")] = (int8_t)lux;
    check_ok(t);
    assert_int_equal(s->gp, 5);
    int crp = s->c[RS_C].rp;
    vbt_act(t, "move France-B");
    vbt_act(t, "march");
    vbt_act(t, "to Treves");
    assert_int_equal(s->gp, 4); /* France enters: -1 */
    vbt_act(t, "intercept-from Luxembourg");
    vbt_dice(t, "6");
    assert_true(vbt_logged(t, "Interception from Luxembourg"));
    assert_int_equal(rs_army(s, tr, RS_C), 11);
    assert_int_equal(s->c[RS_C].rp, crp - 2); /* 11 SP: 2 RP */
    assert_int_equal(s->gp, 5);               /* the Coalition enters: +1 */
    vbt_free(t);
}

/* EVIDENCE-OF (13.3, 17.1): the interceptor's fight after a successful
 * interception is a battle when both armies have 10 SP or more, and needs
 * its Battle marker: the Coalition's 10 SP against France's 10 SP in
 * Picardie (no marker: no fight offered) and against 9 SP (a skirmish) */
static void test_13_3_interception_threshold(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int pic = Z(t, "Picardie");
        put(t, "Brabant", RS_C, T_INF, 4);
        s->c[RS_C].pstate[0] = PK_USED; /* the Coalition's battle marker spent */
        /* Picardie keeps 7 (or 6) SP of infantry: with France M's 3, 10 (or 9) */
        for (int ty = 0; ty < RS_NT; ty++) {
            int keep = ty == T_INF ? 7 - k : 0;
            s->c[RS_F].reserve[ty] =
                (uint8_t)(s->c[RS_F].reserve[ty] + s->z[pic].army[RS_F][ty] - keep);
            s->z[pic].army[RS_F][ty] = (uint8_t)keep;
        }
        check_ok(t);
        vbt_act(t, "move France-M");
        vbt_act(t, "march");
        vbt_act(t, "to Picardie");
        vbt_act(t, "intercept-from Brabant");
        vbt_dice(t, "2");
        vbt_dice(t, "1");
        assert_int_equal(rs_army(s, pic, RS_C), 10);
        vbt_act(t, "halt");
        vbt_dice(t, "1");
        assert_int_equal(rs_army(s, pic, RS_F), 10 - k);
        if (k) {
            assert_int_equal(s->phase, P_ICPT_BATTLE);
            vbt_act(t, "attack Picardie");
            assert_true(
                vbt_logged(t, "coalition attacks in Picardie: 10 SP against 9 - a skirmish"));
        } else {
            assert_int_equal(s->phase, P_IMPULSE);
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (13.1.2, 13.2): a general alone may not enter a zone with an
 * enemy army; one SP with him may (France N from Champagne et Brie into
 * Brabant, where Spain A's army stands) */
static void test_13_general_alone(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        vbt_act(t, "move France-N");
        vbt_act(t, "leave France-cav");
        if (!k)
            vbt_act(t, "leave France-inf");
        vbt_act(t, "march");
        assert_int_equal(rs_sp(S(t)->mv.sp), k);
        assert_int_equal(vbt_legal(t, "to Brabant"), k);
        assert_true(vbt_legal(t, "to Lorraine"));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (13.3, 17.2): the interceptor attacks with an army: its
 * general left with no SP after its attrition is taken with the enemy army
 * in the zone, and no fight is offered */
static void test_13_3_interceptor_without_sp(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie");
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "2");
    vbt_dice(t, "1");
    for (int k = 0; k < RS_NT; k++) { /* the Spanish SP lost on the way */
        s->c[RS_C].reserve[k] = (uint8_t)(s->c[RS_C].reserve[k] + s->z[pic].army[RS_C][k]);
        s->z[pic].army[RS_C][k] = 0;
    }
    assert_int_equal(s->gz[G(t, "Spain A")], pic);
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(s->who, RS_F);
    assert_int_equal(s->gz[G(t, "Spain A")], GZ_PRISON);
    vbt_free(t);
}

/* EVIDENCE-OF (13.3): an interception into the first zone of the map
 * (France Ouest) leads to its fight like any other: Spain A's 6 SP from
 * Guyenne et Gascogne intercept France M's march into it */
static void test_13_3_interception_france_ouest(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant"), ch = Z(t, "Guyenne et Gascogne"), fo = Z(t, "France Ouest");
    assert_int_equal(fo, 0);
    for (int k = 0; k < RS_NT; k++) {
        s->z[ch].army[RS_C][k] = s->z[bra].army[RS_C][k];
        s->z[bra].army[RS_C][k] = 0;
    }
    s->gz[G(t, "Spain A")] = (int8_t)ch;
    rs_update_control(t->g, s, bra);
    rs_update_control(t->g, s, ch);
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    step(t, "to Picardie");
    vbt_act(t, "to France-Ouest");
    assert_true(vbt_legal(t, "intercept-from Guyenne-et-Gascogne"));
    vbt_act(t, "intercept-from Guyenne-et-Gascogne");
    vbt_dice(t, "6");
    vbt_dice(t, "1");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(s->phase, P_ICPT_BATTLE);
    vbt_act(t, "attack France-Ouest");
    if (!vbt_logged(t, "coalition attacks in France Ouest"))
        fail_msg("%s", t->log);
    assert_int_equal(s->cb.zone, fo);
    vbt_free(t);
}

/* EVIDENCE-OF (17.2, 13, 13.3): "a general who finds himself without
 * units is taken prisoner" - not the general of a march, who is with the
 * units he leads. France M and his 3 SP leave Flandre et Hainaut (a Spanish
 * fortress, no French garrison), go to Artois and come back; Spain A
 * intercepts them from Brabant on their return. France M, still standing
 * in his zone of departure until the march ends, stays free, and halts
 * there with his army (the random games reached this: Reunions seed 147
 * decision 128, France C taken while marching, then set free by the
 * march's end). */
static void test_17_2_marching_general_not_taken(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int art = Z(t, "Artois"), fl = Z(t, "Flandre et Hainaut"), m = G(t, "France M");
    for (int k = 0; k < RS_NT; k++) {
        s->z[fl].army[RS_F][k] = s->z[art].army[RS_F][k];
        s->z[art].army[RS_F][k] = 0;
    }
    s->gz[m] = (int8_t)fl;
    assert_int_equal(rs_ctrl(t->g, s, fl), RS_C);
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_dice(t, "6"); /* 13.2: leaving the contested zone (the Spanish fortress) */
    step(t, "to Artois");
    vbt_act(t, "to Flandre-et-Hainaut");
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "6");
    vbt_dice(t, "1"); /* the interceptor's attrition */
    assert_int_equal(rs_army(s, fl, RS_C), 6);
    assert_int_equal(s->phase, P_MV_STEP);
    assert_false(vbt_logged(t, "France M, without units, is taken prisoner"));
    assert_int_equal(s->gz[m], fl);
    check_ok(t);
    reload_ok(t);
    s = S(t); /* the state reloaded */
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(s->gz[m], fl);
    assert_int_equal(rs_army(s, fl, RS_F), 3);
    vbt_free(t);
}

/* EVIDENCE-OF (13.2, 2, 13.3, 14.1): the test against an enemy army is taken
 * by either camp against that army's commander (Spain A SC 2 into Turenne's
 * Picardie, SC 3: D6 3 - 1 = 2 fails); an interception needs the RP of its
 * march, exactly enough will do; a general with SC 0 leading it has no -1
 * on its attrition */
static void test_13_limits(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->active = RS_C;
    S(t)->who = RS_C;
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    step(t, "to Picardie");
    vbt_act(t, "press-on");
    vbt_act(t, "command Turenne"); /* 3.2: France chooses (test_command.c) */
    vbt_dice(t, "3");
    if (!vbt_logged(t, "Initiative test of Spain A: D6 3-1 = 2"))
        fail_msg("%s", strstr(t->log, "[2]") ? strstr(t->log, "[2]") : t->log);
    vbt_free(t);
    for (int k = 0; k < 2; k++) {
        t = campaign();
        S(t)->c[RS_C].rp = (int16_t)(1 - k); /* the march of 6 SP costs 1 RP */
        vbt_act(t, "move France-M");
        vbt_act(t, "march");
        vbt_act(t, "to Picardie");
        if (k == 0)
            assert_true(vbt_legal(t, "intercept-from Brabant"));
        else
            assert_false(vbt_legal(t, "intercept-from Brabant"));
        vbt_free(t);
    }
    /* Coehoorn (SC 0) leads the interception: 4 + 0 - 1 = 3 passes; his
     * attrition has no modifier (one zone, no SC bonus) */
    t = campaign();
    S(t)->gz[G(t, "Spain A")] = (int8_t)Z(t, "Flandre-et-Hainaut");
    S(t)->gz[G(t, "Coehoorn")] = (int8_t)Z(t, "Brabant");
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "4");
    assert_true(vbt_logged(t, "Interception from Brabant: D6 4-1 = 3 passed"));
    vbt_clear_log(t);
    vbt_dice(t, "5");
    if (!vbt_logged(t, "Attrition of the coalition army in Picardie (6 SP): D6 5+0 = 5"))
        fail_msg("%s", t->log);
    vbt_free(t);
}

/* EVIDENCE-OF (14, 14.1): an interception is a movement ("land movement,
 * maritime movement, interception, retreat"): the interceptor entering a
 * zone with a Scorched earth marker rolls +2 ("stopped or moving
 * through"), as the army it stops does. Coehoorn (SC 0) intercepts from
 * Brabant into Picardie. */
static void test_14_1_interception_scorched(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        S(t)->gz[G(t, "Spain A")] = (int8_t)Z(t, "Flandre-et-Hainaut");
        S(t)->gz[G(t, "Coehoorn")] = (int8_t)Z(t, "Brabant");
        S(t)->z[Z(t, "Picardie")].scorched = (uint8_t)k;
        vbt_act(t, "move France-M");
        vbt_act(t, "march");
        vbt_act(t, "to Picardie");
        vbt_act(t, "intercept-from Brabant");
        vbt_dice(t, "4");
        vbt_clear_log(t);
        vbt_dice(t, "3");
        if (!vbt_logged(t, k ? "Attrition of the coalition army in Picardie (6 SP): D6 3+2 = 5"
                             : "Attrition of the coalition army in Picardie (6 SP): D6 3+0 = 3"))
            fail_msg("%s", t->log);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (13.1.1, 13.2, 17): "Part of the SP of the army may be
 * transformed into a garrison - within the limits of the FV of the fortress
 * - and inversely ... with no cost in RP"; "An army that is attacked may
 * not move its units toward the fortress or take units from this
 * fortress" (Picardie, FV 2; a Coalition army put beside Turenne's) */
static void test_13_1_1_garrison(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int pic = Z(t, "Picardie"), rp = s->c[RS_F].rp;
        if (k)
            put(t, "Picardie", RS_C, T_INF, 2);
        assert_int_equal(vbt_legal(t, "garrison Picardie France-inf"), !k);
        if (!k) {
            vbt_act(t, "garrison Picardie France-inf");
            vbt_act(t, "garrison Picardie France-cav");
            assert_int_equal(rs_sp(s->z[pic].garr), 2);
            assert_false(vbt_legal(t, "garrison Picardie France-inf")); /* FV 2 */
            assert_int_equal(s->c[RS_F].rp, rp);
        } else {
            s->z[pic].garr[KIND(0, T_INF)] = 1; /* a garrison already there */
            s->c[RS_F].reserve[KIND(0, T_INF)]--;
        }
        vbt_act(t, "move Turenne");
        assert_int_equal(vbt_legal(t, "from-garrison France-inf"), !k);
        if (!k) {
            vbt_act(t, "from-garrison France-inf");
            assert_int_equal(rs_sp(s->z[pic].garr), 1);
            assert_int_equal(s->c[RS_F].rp, rp);
        }
        vbt_free(t);
    }
}

/* EVIDENCE-OF (11, 13.1.1): "A Line of defence marker alone in a zone is
 * eliminated": France M's army, put wholly into the fortress of Artois in
 * its campaign, leaves its line alone there */
static void test_11_line_alone_after_garrison(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int ar = Z(t, "Artois");
    s->z[ar].army[RS_F][KIND(0, T_CAV)]--;
    s->c[RS_F].reserve[KIND(0, T_CAV)]++;
    s->z[ar].line = 1;
    s->z[ar].linec = RS_F;
    vbt_act(t, "garrison Artois France-inf");
    assert_int_equal(s->z[ar].line, 1); /* one SP still holds it */
    vbt_act(t, "garrison Artois France-inf");
    assert_int_equal(rs_army(s, ar, RS_F), 0);
    assert_int_equal(s->z[ar].line, 0);
    assert_int_equal(s->gz[G(t, "France M")], ar); /* with the garrison, not taken */
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (13.4): transit boxes cost double; France Ouest is French;
 * the sea goes from coast to coast, to a zone not held by the enemy,
 * within the maritime capacity of the scenario */
static void test_13_4_transit(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    assert_true(vbt_legal(t, "via France-Ouest Dauphine"));
    assert_false(vbt_legal(t, "via France-Ouest Lorraine")); /* not next to France Ouest */
    assert_false(vbt_legal(t, "via France-Ouest France-Ouest"));
    step(t, "via France-Ouest Guyenne-et-Gascogne");
    assert_int_equal(S(t)->c[RS_F].rp, 12 - 2); /* 2 SP: 1 RP, doubled */
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(rs_army(S(t), Z(t, "Guyenne et Gascogne"), RS_F), 2);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* the Coalition's campaign */
    int rp = S(t)->c[RS_C].rp;
    vbt_act(t, "move Spain-A");
    vbt_act(t, "march");
    assert_false(vbt_legal(t, "via France-Ouest Picardie")); /* always French */
    assert_false(vbt_legal(t, "via North-Sea Picardie"));    /* a French coast */
    assert_false(vbt_legal(t, "via North-Sea Luxembourg"));  /* no coast */
    S(t)->c[RS_C].mar_used = 15;                             /* 15 + 6 beyond the capacity of 20 */
    assert_false(vbt_legal(t, "via North-Sea Frise"));
    S(t)->c[RS_C].mar_used = 14; /* 14 + 6 = 20: within */
    assert_true(vbt_legal(t, "via North-Sea Frise"));
    S(t)->c[RS_C].mar_used = 0;
    int ns = -1; /* 13.1.1: not through a box the enemy controls */
    for (int b = 0; b < RS_NBOX; b++)
        if (vb_name_eq(RS_D(t->g)->b[b].name, "North Sea"))
            ns = b;
    assert_true(ns >= 0);
    int8_t was = S(t)->boxc[ns];
    S(t)->boxc[ns] = RS_F;
    assert_false(vbt_legal(t, "via North-Sea Frise"));
    S(t)->boxc[ns] = RS_C;
    assert_true(vbt_legal(t, "via North-Sea Frise"));
    S(t)->boxc[ns] = was;
    step(t, "via North-Sea Frise");
    assert_int_equal(S(t)->c[RS_C].rp, rp - 2); /* 6 SP: 1 RP, doubled */
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->c[RS_C].mar_used, 6);
    assert_int_equal(rs_army(S(t), Z(t, "Frise"), RS_C), 6);
    vbt_free(t);
}

/* EVIDENCE-OF (13.4.1): 1 RP an attempt, once a box a campaign; North Sea
 * >= 5; -1 for France while Great Britain and the United Provinces are
 * allied */
static void test_13_4_1_box_control(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        int rp = S(t)->c[RS_F].rp;
        vbt_act(t, "control North-Sea");
        assert_int_equal(S(t)->c[RS_F].rp, rp - 1);
        vbt_dice(t, k == 0 ? "5" : "6");
        assert_int_equal(S(t)->boxc[0], k == 0 ? RS_C : RS_F);
        assert_false(vbt_legal(t, "control North-Sea"));
        vbt_free(t);
    }
    /* "Each attempt costs 1 RP": the last RP pays for it, none is none;
     * a box the camp controls already is not tried */
    vbt *t = campaign();
    S(t)->c[RS_F].rp = 1;
    vbt_act(t, "control North-Sea");
    assert_int_equal(S(t)->c[RS_F].rp, 0);
    vbt_free(t);
    t = campaign();
    S(t)->c[RS_F].rp = 0;
    assert_false(vbt_legal(t, "control North-Sea"));
    S(t)->c[RS_F].rp = 5;
    S(t)->boxc[0] = RS_F;
    assert_false(vbt_legal(t, "control North-Sea"));
    S(t)->boxc[0] = -1; /* nobody's: tried */
    assert_true(vbt_legal(t, "control North-Sea"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_6_closed_game),
        cmocka_unit_test(test_7_events),
        cmocka_unit_test(test_24_no_stray_marker),
        cmocka_unit_test(test_8_1_resource_points),
        cmocka_unit_test(test_8_1_2_transit_box),
        cmocka_unit_test(test_8_1_1_contested),
        cmocka_unit_test(test_8_1_4_loans),
        cmocka_unit_test(test_9_cabinet),
        cmocka_unit_test(test_9_12_secrets),
        cmocka_unit_test(test_9_markers_face_down_in_the_log),
        cmocka_unit_test(test_9_initiative_first),
        cmocka_unit_test(test_10_1_withdrawn),
        cmocka_unit_test(test_10_recruitment),
        cmocka_unit_test(test_10_5_garrison),
        cmocka_unit_test(test_17_2_11_left_alone),
        cmocka_unit_test(test_10_3_prisoners),
        cmocka_unit_test(test_10_3_refusal),
        cmocka_unit_test(test_10_3_not_enough_rp),
        cmocka_unit_test(test_8_1_no_carry_over),
        cmocka_unit_test(test_11_fortresses),
        cmocka_unit_test(test_11_line_markers),
        cmocka_unit_test(test_11_distribution),
        cmocka_unit_test(test_10_3_general_exact_rp),
        cmocka_unit_test(test_10_3_coalition_buys_back),
        cmocka_unit_test(test_10_recruitment_last_rp),
        cmocka_unit_test(test_11_line_alone_after_garrison),
        cmocka_unit_test(test_11_fortress_markers),
        cmocka_unit_test(test_12_initiative),
        cmocka_unit_test(test_12_secret_bets),
        cmocka_unit_test(test_13_movement),
        cmocka_unit_test(test_13_2_enemy_army),
        cmocka_unit_test(test_13_2_leaving_contested),
        cmocka_unit_test(test_13_2_leaving_contested_whole_army),
        cmocka_unit_test(test_13_general_alone),
        cmocka_unit_test(test_13_2_stop_at_the_edges),
        cmocka_unit_test(test_13_1_1_pick_garrison),
        cmocka_unit_test(test_13_3_interception),
        cmocka_unit_test(test_13_3_interception_threshold),
        cmocka_unit_test(test_13_1_2_interception_neutral),
        cmocka_unit_test(test_13_3_interceptor_without_sp),
        cmocka_unit_test(test_13_3_interception_france_ouest),
        cmocka_unit_test(test_17_2_marching_general_not_taken),
        cmocka_unit_test(test_13_limits),
        cmocka_unit_test(test_13_1_1_garrison),
        cmocka_unit_test(test_14_1_interception_scorched),
        cmocka_unit_test(test_13_4_transit),
        cmocka_unit_test(test_13_4_1_box_control),
        cmocka_unit_test(test_3_2_general_camp),
        cmocka_unit_test(test_17_1_1_losses_nationality),
        cmocka_unit_test(test_10_5_nationality),
        cmocka_unit_test(test_22_1_neutralised_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
