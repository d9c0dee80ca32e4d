/* test_rules.c - one test per rule of the Roi Soleil rulebook that the
 * engine implements, in document order, each quoting its section. Positions
 * are the Devolution set-up, edited where a case needs it (units moved from
 * the Reserve, so that SP stay conserved), with scripted dice. */
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

/* n SP of type ty from camp's Reserve into zone's army (the camp leader's
 * nationality: France or Spain) */
static void put(vbt *t, const char *zone, int camp, int ty, int n)
{
    rs_state *s = S(t);
    ty = KIND(camp == RS_F ? 0 : 1, ty);
    assert_true(s->c[camp].reserve[ty] >= n);
    s->c[camp].reserve[ty] = (uint8_t)(s->c[camp].reserve[ty] - n);
    s->z[Z(t, zone)].army[camp][ty] = (uint8_t)(s->z[Z(t, zone)].army[camp][ty] + n);
}

/* 1667 up to the French campaign (no event, no loans). France: battle,
 * siege, scorched earth; Coalition: battle, decoy. */
/* 17.1.1: the owner eliminates the SP of his choice; infantry first here */
static void lose_inf(vbt *t)
{
    while (S(t)->phase == P_LOSS)
        vbt_act(t, vbt_legal(t, "lose France-inf")   ? "lose France-inf"
                   : vbt_legal(t, "lose Spain-inf")  ? "lose Spain-inf"
                   : vbt_legal(t, "lose France-cav") ? "lose France-cav"
                                                     : "lose Spain-cav");
}

static vbt *campaign(void)
{
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "6");
    vbt_act(t, "take battle");
    vbt_act(t, "take siege");
    vbt_act(t, "take scorched-earth");
    vbt_act(t, "done");
    vbt_dice(t, "6");
    vbt_act(t, "take battle");
    vbt_act(t, "take decoy");
    vbt_act(t, "done");
    return t;
}

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

/* ---- 10 and 11: second year ---- */
static vbt *second_year(void)
{
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* pursuit: 6 > 1 */
    vbt_act(t, "end-campaign");
    assert_int_equal(S(t)->passes, 2); /* 19: both refused: the season ends */
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_int_equal(S(t)->year, 1668);
    vbt_dice(t, "1"); /* no event */
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    return t;
}

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
    s->c[RS_C].reserve[KIND(1, T_INF)] = (uint8_t)(s->c[RS_C].reserve[KIND(1, T_INF)] - 3);
    s->z[bra].army[RS_C][ui] = 2; /* a Dutch contingent with the Spanish army */
    s->z[hol].army[RS_C][ui] = 1;
    s->gz[G(t, "United Provinces E")] = (int8_t)hol;
    s->alpos[3] = 1; /* one space from Neutral */
    int spain = rs_nsum(s->z[bra].army[RS_C], 1), res = s->c[RS_C].reserve[ui];
    rs_alliance_win(t->g, s, RS_F, &t->cx);
    assert_true(s->neutralised[3]);
    assert_int_equal(s->z[bra].army[RS_C][ui], 0);
    assert_int_equal(s->z[hol].army[RS_C][ui], 0);
    assert_int_equal(s->c[RS_C].reserve[ui], res + 3);
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

static void test_13_3_interception(void **state)
{
    (void)state;
    vbt *t = campaign();
    int crp = S(t)->c[RS_C].rp;
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    /* EVIDENCE-OF (13.3): from an adjacent zone without an enemy army, by an
     * initiative test (2 + SC 2 - SC 1 = 3 > 2), paying its march */
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "2");
    assert_true(vbt_logged(t, "Interception from Brabant: D6 2+1 = 3 passed"));
    assert_int_equal(S(t)->c[RS_C].rp, crp - 1);
    vbt_dice(t, "1"); /* the interceptor's attrition */
    assert_int_equal(rs_army(S(t), Z(t, "Picardie"), RS_C), 6);
    assert_int_equal(S(t)->gz[G(t, "Spain A")], Z(t, "Picardie"));
    /* the active army stops */
    assert_false(vbt_legal(t, "to Champagne-et-Brie"));
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
    step(t, "via North-Sea Frise");
    assert_int_equal(S(t)->c[RS_C].rp, rp - 2); /* 6 SP: 1 RP, doubled */
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->c[RS_C].mar_used, 6);
    assert_int_equal(rs_army(S(t), Z(t, "Frise"), RS_C), 6);
    vbt_free(t);
}

/* EVIDENCE-OF (14.1): "Movement (stopped or moving through) in a zone with
 * a Scorched earth marker: +2 ... for each zone crossed"; +1 per zone from
 * the second; -1 for a general whose SC is not 0 */
static void test_14_1_modifiers(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->z[Z(t, "Champagne et Brie")].scorched = 1;
    S(t)->z[Z(t, "Lorraine")].scorched = 1;
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Champagne-et-Brie");
    step(t, "to Lorraine");
    vbt_act(t, "halt");
    vbt_dice(t, "1"); /* 1 + 1 + 2 + 2 - 1 = 5 */
    assert_true(vbt_logged(t, "(20 SP): D6 1+4 = 5 - 1 SP lost"));
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
}

/* ---- 15 scorched earth ---- */
static void test_15_scorched(void **state)
{
    (void)state;
    vbt *t = campaign();
    /* EVIDENCE-OF (15): the obedience test, D6 <= SC of the commander (Turenne 3) */
    vbt_act(t, "scorch Picardie");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->z[Z(t, "Picardie")].scorched, 0);
    assert_false(vbt_legal(t, "scorch Picardie")); /* once per zone per campaign */
    vbt_free(t);
    t = campaign();
    vbt_act(t, "scorch Picardie");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->z[Z(t, "Picardie")].scorched, 1);
    assert_int_equal(rs_held(S(t), RS_F, CAT_SCORCH), -1);
    vbt_free(t);
}

/* ---- 16, 17 combat ---- */
static vbt *battle_position(void)
{
    vbt *t = campaign();
    put(t, "Brabant", RS_C, T_INF, 4); /* 10 SP: a battle */
    vbt_act(t, "move Turenne");
    vbt_act(t, "with Louis-XIV");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    return t;
}

static void test_16_decoy(void **state)
{
    (void)state;
    vbt *t = battle_position();
    vbt_act(t, "attack Brabant");
    /* EVIDENCE-OF (16): the decoy cancels the battle marker */
    vbt_act(t, "decoy");
    assert_int_equal(S(t)->phase, P_IMPULSE);
    assert_int_equal(rs_army(S(t), Z(t, "Brabant"), RS_C), 10);
    assert_true(rs_contested(t->g, S(t), Z(t, "Brabant")));
    /* the cancelled battle marker is not counted as unused (22.4) */
    int cancelled = 0;
    for (int i = 0; i < S(t)->c[RS_F].npick; i++)
        cancelled += S(t)->c[RS_F].pstate[i] == PK_CANCELLED;
    assert_int_equal(cancelled, 1);
    vbt_free(t);
}

static void test_17_battle(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->c[RS_F].pstate[0] = PK_USED; /* no battle marker left */
    put(t, "Brabant", RS_C, T_INF, 4);
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    /* EVIDENCE-OF (17.1): 10 SP or more each: a battle needs its marker */
    assert_false(vbt_legal(t, "attack Brabant"));
    vbt_free(t);

    t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    /* 20 v 10: 2/1; +1 TC, +1 elite, +1 artillery, +1 cavalry; D6 1 = 5:
     * D for the attacker (1 SP at 11-20), C for the defender (1 SP at 1-10) */
    vbt_dice(t, "1");
    if (!vbt_logged(t, "20/10, column 4; D6 1 +1 TC +1 elite +1 artillery +1 cavalry = 5: "
                       "attacker D (1 SP), defender C (1 SP)"))
        fail_msg("%s", t->log);
    lose_inf(t);
    /* 17.1.3: three rounds at most; both fight on */
    vbt_act(t, "fight-on");
    vbt_act(t, "fight-on");
    vbt_dice(t, "1");
    lose_inf(t);
    vbt_act(t, "fight-on");
    vbt_act(t, "fight-on");
    vbt_dice(t, "1");
    lose_inf(t);
    vbt_act(t, "stay"); /* 17.2: the loser stays or withdraws */
    assert_int_equal(S(t)->cb.zone, -1);
    /* 17.1.4: 3 SP lost each, a tie: the attacker wins; 17.3 and 22.2.2:
     * a GP, doubled by Louis XIV in the zone; 22.1: the Coalition's allies
     * one space toward Neutral */
    assert_true(vbt_logged(t, "france wins the battle"));
    assert_int_equal(S(t)->gp, 8);
    assert_int_equal(S(t)->alpos[3], 5);
    assert_int_equal(S(t)->alpos[4], 1);
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.1): "the number of SP to be eliminated by the owning
 * player": the owner picks each SP, the attacker first; an army of one type,
 * or one that loses everything, has no choice to make; in the closed game
 * the type chosen is seen by its owner only */
static void test_17_1_1_owner_losses(void **state)
{
    (void)state;
    vbt *t = battle_position();
    int bra = Z(t, "Brabant");
    vbt_act(t, "attack Brabant");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    const uint8_t *fa = S(t)->z[bra].army[RS_F];
    uint8_t before[RS_NT];
    memcpy(before, fa, RS_NT);
    int res_art = S(t)->c[RS_F].reserve[T_ART], res_inf = S(t)->c[RS_C].reserve[KIND(1, T_INF)];
    vbt_dice(t, "1"); /* D (1 SP) for the attacker, C (1 SP) for the defender */
    assert_int_equal(S(t)->phase, P_LOSS);
    assert_int_equal(S(t)->who, RS_F);
    assert_int_equal(S(t)->loss[RS_F], 1);
    for (int ty = 0; ty < RS_NTY; ty++) {
        char txt[32];
        snprintf(txt, sizeof txt, "lose France-%s", rs_type_names[ty]);
        assert_int_equal(vbt_legal(t, txt), before[ty] > 0);
    }
    /* a kind the army lacks, or another order, is refused and changes nothing */
    rs_state keep = *S(t);
    assert_true(rs_apply_loss(t->g, S(t), ACT(OP_LOSE, KIND(3, T_INF), 0, 0), &t->cx) < 0);
    assert_true(rs_apply_loss(t->g, S(t), ACT(OP_LOSE, RS_NT, 0, 0), &t->cx) < 0);
    assert_true(rs_apply_loss(t->g, S(t), ACT(OP_HALT, T_INF, 0, 0), &t->cx) < 0);
    assert_memory_equal(&keep, S(t), sizeof keep);
    vbt_act(t, "lose France-art");
    assert_int_equal(fa[T_ART], before[T_ART] - 1);
    assert_int_equal(fa[T_INF], before[T_INF]);
    assert_int_equal(S(t)->c[RS_F].reserve[T_ART], res_art + 1);
    /* then the defender chooses */
    assert_int_equal(S(t)->phase, P_LOSS);
    assert_int_equal(S(t)->who, RS_C);
    assert_false(vbt_legal(t, "lose Spain-art"));
    vbt_act(t, "lose Spain-cav");
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    assert_int_equal(S(t)->c[RS_C].reserve[KIND(1, T_INF)], res_inf);
    assert_int_equal(S(t)->loss[RS_F] + S(t)->loss[RS_C], 0);
    vbt_free(t);

    /* an army of infantry only: no choice, the SP is taken at once */
    t = battle_position();
    uint8_t *ca = S(t)->z[bra].army[RS_C];
    ca[KIND(1, T_INF)] = (uint8_t)(ca[KIND(1, T_INF)] + ca[KIND(1, T_CAV)]);
    ca[KIND(1, T_CAV)] = 0;
    vbt_act(t, "attack Brabant");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    vbt_act(t, "lose France-inf");
    assert_int_equal(S(t)->phase, P_CB_BREAK);
    assert_int_equal(S(t)->c[RS_C].reserve[KIND(1, T_INF)], res_inf + 1);
    vbt_free(t);

    /* attrition: the marching army picks its losses too (14) */
    t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "6"); /* 20 SP: D6 6 - 1 (SC 3) = 5: 1 SP */
    assert_int_equal(S(t)->phase, P_LOSS);
    vbt_act(t, "lose France-cav-elite");
    assert_int_equal(S(t)->z[Z(t, "Brabant")].army[RS_F][T_CAVE], 0);
    assert_int_equal(S(t)->phase, P_IMPULSE);
    vbt_free(t);

    /* closed game: the other camp reads that SP were lost, not which */
    t = battle_position();
    S(t)->h.opts[0] = 1;
    vbt_act(t, "attack Brabant");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_LOSS);
    vb_vis v;
    memset(&v, 0, sizeof v);
    v.see = VB_ALL_ROLES;
    t->g->def->visibility(t->g, S(t), ACT(OP_LOSE, T_ART, 0, 0), &v);
    assert_int_equal(v.see, VB_ROLE_BIT(RS_F));
    vbt_free(t);
}

/* the board shows the numbers and odds before each combat choice */
static void test_17_render_odds(void **state)
{
    (void)state;
    vbt *t = battle_position();
    vbt_act(t, "attack Brabant");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->g->def->render(t->g, S(t), -1, f);
    fclose(f);
    assert_non_null(strstr(buf, "Battle in Brabant, round 1: france 20 SP v coalition 10 SP, "
                                "column 2/1"));
    assert_non_null(strstr(buf, "modifiers +4: +1 TC +1 elite +1 artillery +1 cavalry"));
    assert_non_null(strstr(buf, "1:D/C 2:D/C 3:-/C 4:-/C 5:-/B 6:-/B"));
    for (char *l = buf; l && *l;) {
        char *e = strchr(l, '\n');
        size_t n = e ? (size_t)(e - l) : strlen(l);
        if (n > 80)
            fail_msg("a line of %zu columns: %.*s", n, (int)n, l);
        l = e ? e + 1 : NULL;
    }
    free(buf);
    vbt_free(t);
}

static void test_17_1_3_break_off(void **state)
{
    (void)state;
    vbt *t = battle_position();
    vbt_act(t, "attack Brabant");
    vbt_act(t, "no-decoy");
    vbt_act(t, "stand");
    vbt_dice(t, "1");
    lose_inf(t);
    /* EVIDENCE-OF (17.1.3): the attacker tests first; whoever ends the
     * battle by a passed test loses it (17.1.4) and retreats */
    vbt_act(t, "fight-on");
    vbt_act(t, "break-off");
    vbt_dice(t, "6"); /* 6 + 2 - 3 = 5 > 2 */
    assert_true(vbt_logged(t, "france wins the battle"));
    assert_int_equal(S(t)->phase, P_CB_RETREAT);
    S(t)->c[RS_C].rp = 1; /* 9 SP retreat for 1 RP (13.1.1), not doubled */
    vbt_act(t, "retreat Flandre-et-Hainaut");
    assert_int_equal(rs_army(S(t), Z(t, "Flandre et Hainaut"), RS_C), 9);
    assert_int_equal(S(t)->c[RS_C].rp, 0);
    vbt_free(t);
}

/* EVIDENCE-OF (17.1): "A battle engages 10 SP or more in each army" - 10
 * against 10 is a battle; 9 against 10 a skirmish */
static void test_17_1_battle_threshold(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        put(t, "Brabant", RS_C, T_INF, 4); /* 10 SP */
        rs_state *s = S(t);
        int pic = Z(t, "Picardie");
        /* France marches 10 (or 9) SP: the rest stays */
        vbt_act(t, "move Turenne");
        for (int i = 0; i < (k ? 11 : 10); i++)
            vbt_act(t, "leave France-inf");
        vbt_act(t, "march");
        step(t, "to Brabant");
        vbt_act(t, "halt");
        vbt_dice(t, "1");
        assert_int_equal(rs_army(s, Z(t, "Brabant"), RS_F), k ? 9 : 10);
        (void)pic;
        vbt_act(t, "attack Brabant");
        assert_true(vbt_logged(t, k ? "attacks in Brabant: 9 SP against 10 - a skirmish"
                                    : "attacks in Brabant: 10 SP against 10 - a battle"));
        vbt_free(t);
    }
}

static void test_17_1_4_tie(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Lorraine");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    put(t, "Lorraine", RS_C, T_INF, 2);
    vbt_act(t, "attack Lorraine");
    vbt_act(t, "stand");
    /* 2 v 2, 1/1: +1 TC (N 1 against no general), +1 cavalry; D6 1 = 3:
     * C and D, 1 SP each: a tie goes to the attacker (17.1.4) */
    vbt_dice(t, "1");
    lose_inf(t);
    if (!vbt_logged(t, "france wins the skirmish"))
        fail_msg("%s", t->log);
    assert_int_equal(S(t)->gp, 6); /* no GP for a skirmish (17.3) */
    vbt_free(t);
    /* more SP lost loses; a general left alone is taken (17.2) */
    t = campaign();
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Lorraine");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    put(t, "Lorraine", RS_C, T_INF, 6);
    vbt_act(t, "attack Lorraine");
    vbt_act(t, "stand");
    vbt_dice(t, "1"); /* 2/6: 1/3, +2 = 3: B (2 SP) and - */
    assert_true(vbt_logged(t, "coalition wins the skirmish"));
    assert_int_equal(S(t)->gz[G(t, "France N")], GZ_PRISON);
    vbt_free(t);
}

/* EVIDENCE-OF (17.1.2): the attacker's modifiers, case by case */
static void test_17_1_2_modifiers(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state *s = S(t);
    int z = Z(t, "Lorraine");
    char why[128];
    static const struct {
        const char *sect;
        uint8_t a[RS_NT], d[RS_NT];
        int line, lcamp, fv, garr, ctrl, want;
    } rows[] = {
        {"17.1.2 equal forces", {2, 0, 1, 0, 0}, {2, 0, 1, 0, 0}, 0, -1, 0, 0, -1, 0},
        {"17.1.2 cavalry counts its elite", {2, 0, 1, 1, 0}, {2, 0, 2, 0, 0}, 0, -1, 0, 0, -1, 1},
        {"17.1.2 the defender's cavalry counts its elite",
         {2, 0, 2, 0, 0},
         {2, 0, 1, 1, 0},
         0,
         -1,
         0,
         0,
         -1,
         -1},
        {"17.1.2 elite cavalry against elite infantry",
         {2, 1, 2, 0, 0},
         {2, 0, 1, 1, 0},
         0,
         -1,
         0,
         0,
         -1,
         0},
        {"17.1.2 strict superiority only", {2, 0, 2, 0, 1}, {2, 0, 2, 0, 1}, 0, -1, 0, 0, -1, 0},
        {"17.1.2 defender's artillery", {2, 0, 0, 0, 0}, {2, 0, 0, 0, 1}, 0, -1, 0, 0, -1, -1},
        {"17.1.2 elite infantry", {1, 1, 0, 0, 0}, {2, 0, 0, 0, 0}, 0, -1, 0, 0, -1, 1},
        {"17.1.2 line 2 on the defender", {2, 0, 0, 0, 0}, {2, 0, 0, 0, 0}, 2, RS_C, 0, 0, -1, -2},
        {"17.1.2 line of the attacker", {2, 0, 0, 0, 0}, {2, 0, 0, 0, 0}, 1, RS_F, 0, 0, -1, 0},
        {"17.1.2 defender's garrisoned fortress",
         {2, 0, 0, 0, 0},
         {2, 0, 0, 0, 0},
         0,
         -1,
         2,
         1,
         RS_C,
         -1},
        {"17.1.2 attacker's garrisoned fortress",
         {2, 0, 0, 0, 0},
         {2, 0, 0, 0, 0},
         0,
         -1,
         2,
         1,
         RS_F,
         1},
        {"20: an empty fortress gives nothing",
         {2, 0, 0, 0, 0},
         {2, 0, 0, 0, 0},
         0,
         -1,
         2,
         0,
         RS_C,
         0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        memcpy(s->z[z].army[RS_F], rows[i].a, RS_NT);
        memcpy(s->z[z].army[RS_C], rows[i].d, RS_NT);
        s->z[z].line = (uint8_t)rows[i].line;
        s->z[z].linec = (int8_t)rows[i].lcamp;
        s->z[z].fv = (uint8_t)rows[i].fv;
        s->z[z].garr[T_INF] = (uint8_t)rows[i].garr;
        s->z[z].mk = (int8_t)rows[i].ctrl;
        int m = rs_combat_mods(t->g, s, z, RS_F, why, sizeof why);
        if (m != rows[i].want)
            fail_msg("%s: modifier %d (%s), expected %d", rows[i].sect, m, why, rows[i].want);
    }
    /* 17.1.1: the ratio rounded in the defender's favour */
    static const int ratio[][3] = {{19, 6, 5},  {6, 19, 0},  {10, 10, 3}, {9, 10, 2},
                                   {10, 25, 1}, {10, 30, 1}, {10, 31, 0}, {20, 10, 4},
                                   {70, 10, 8}, {59, 10, 7}, {5, 0, 8},   {0, 5, 0}};
    for (size_t i = 0; i < sizeof ratio / sizeof ratio[0]; i++)
        if (rs_combat_ratio_col(ratio[i][0], ratio[i][1]) != ratio[i][2])
            fail_msg("17.1.1: %d/%d gives column %d, expected %d", ratio[i][0], ratio[i][1],
                     rs_combat_ratio_col(ratio[i][0], ratio[i][1]), ratio[i][2]);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2): the siege modifiers, case by case */
static void test_18_1_2_modifiers(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state *s = S(t);
    int z = Z(t, "Lorraine");
    char why[160];
    static const struct {
        const char *sect;
        int camp, inf, art, fv, gen, gcamp, effort, breach, want;
    } rows[] = {
        {"18.1.2 assault from 7/1 (14 v 2)", RS_F, 14, 0, 2, -1, 0, 0, 0, 1},
        {"18.1.2 no assault at 6/1 (13 v 2)", RS_F, 13, 0, 2, -1, 0, 0, 0, 0},
        {"18.1.2 bombardment +1 per artillery SP", RS_F, 2, 2, 2, -1, 0, 0, 0, 2},
        {"18.1.2 war effort", RS_F, 2, 0, 2, -1, 0, 1, 0, 1},
        {"18.1.2 breach", RS_F, 2, 0, 2, -1, 0, 0, 1, 1},
        {"18.1.2 Louis XIV besieging", RS_F, 2, 0, 2, 0, RS_F, 0, 0, 1},
        {"18.1.2 Vauban besieging", RS_F, 2, 0, 2, 1, RS_F, 0, 0, 2},
        {"18.1.2 Vauban besieged", RS_C, 2, 0, 2, 1, RS_F, 0, 0, -1},
        {"18.1.2 Coehoorn besieging", RS_C, 2, 0, 2, 2, RS_C, 0, 0, 1},
        {"18.1.2 Coehoorn besieged", RS_F, 2, 0, 2, 2, RS_C, 0, 0, -1},
    };
    int gens[3] = {G(t, "Louis XIV"), G(t, "Vauban"), G(t, "Coehoorn")};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        memset(s->z[z].army, 0, sizeof s->z[z].army);
        for (int k = 0; k < 3; k++)
            s->gz[gens[k]] = GZ_OUT;
        if (rows[i].gen >= 0)
            s->gz[gens[rows[i].gen]] = (int8_t)z;
        s->z[z].army[rows[i].camp][T_INF] = (uint8_t)rows[i].inf;
        s->z[z].army[rows[i].camp][T_ART] = (uint8_t)rows[i].art;
        s->z[z].fv = (uint8_t)rows[i].fv;
        s->sg.zone = (int8_t)z;
        s->sg.camp = (int8_t)rows[i].camp;
        s->sg.effort = (int8_t)rows[i].effort;
        s->sg.breach = (int8_t)rows[i].breach;
        s->sg.naval = 0;
        int m = rs_siege_mods(t->g, s, why, sizeof why);
        if (m != rows[i].want)
            fail_msg("%s: modifier %d (%s), expected %d", rows[i].sect, m, why, rows[i].want);
    }
    /* 18.1.1: the column of the ratio; half the cavalry, rounded down */
    static const uint8_t u[RS_NT] = {3, 1, 3, 0, 1};
    assert_int_equal(rs_siege_strength(u), 3 + 1 + 1 + 1);
    static const int col[][3] = {{14, 2, 5}, {5, 3, 0}, {4, 2, 1}, {11, 2, 4}, {12, 2, 5}};
    for (size_t i = 0; i < sizeof col / sizeof col[0]; i++)
        if (rs_siege_col(col[i][0], col[i][1]) != col[i][2])
            fail_msg("18.1.1: %d/%d gives column %d, expected %d", col[i][0], col[i][1],
                     rs_siege_col(col[i][0], col[i][1]), col[i][2]);
    vbt_free(t);
}

/* ---- 18 siege ---- */
static void test_18_siege(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Artois");
    step(t, "to Flandre-et-Hainaut");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    int fh = Z(t, "Flandre et Hainaut");
    /* EVIDENCE-OF (18.1.1): infantry and artillery plus half the cavalry */
    assert_int_equal(rs_siege_strength(S(t)->z[fh].army[RS_F]), 13 + 2 + 2);
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "1");
    int rp = S(t)->c[RS_F].rp;
    vbt_act(t, "war-effort");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 1);
    /* 17/4 -> 4/1; +1 effort +2 bombardment; D6 6 = 9 -> -1FV */
    vbt_dice(t, "6");
    assert_true(vbt_logged(t, "17/4, column 3; D6 6 +1 war effort +2 bombardment = 9"));
    assert_int_equal(S(t)->z[fh].fv, 3);
    /* the rounds are spent: the siege ends */
    assert_int_equal(S(t)->phase, P_IMPULSE);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 S, S+): a sortie kills D6 SP of the besieger when the
 * D6 is below the best TC with the garrison; S+ without artillery is an S */
static void test_18_1_2_sortie(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        S(t)->gz[G(t, "Spain A")] = (int8_t)Z(t, "Luxembourg");
        put(t, "Brabant", RS_C, T_INF, 0);
        vbt_act(t, "move France-N");
        vbt_act(t, "march");
        step(t, "to Luxembourg");
        vbt_act(t, "halt");
        vbt_dice(t, "1");
        int res = S(t)->c[RS_F].reserve[T_INF];
        vbt_act(t, "siege Luxembourg");
        vbt_dice(t, "1");
        vbt_act(t, "no-effort");
        vbt_dice(t, "1"); /* 1/7, no modifier: S+ */
        vbt_dice(t, k == 0 ? "1" : "2");
        lose_inf(t);
        if (k == 0) {
            assert_true(vbt_logged(t, "Sortie: D6 1 < TC 2, the besieger loses 1 SP"));
            assert_int_equal(S(t)->c[RS_F].reserve[T_INF], res + 1);
            assert_int_equal(rs_army(S(t), Z(t, "Luxembourg"), RS_F), 1);
        } else {
            assert_true(vbt_logged(t, "no effect"));
            assert_int_equal(rs_army(S(t), Z(t, "Luxembourg"), RS_F), 2);
        }
        assert_int_equal(S(t)->phase, P_IMPULSE); /* one round: the siege ends */
        vbt_free(t);
    }
}

/* the position survives its state file (to_json, then vbt_load) */
static void reload_ok(vbt *t)
{
    json_t *j = t->g->def->to_json(t->g, S(t), -1);
    char *txt = json_dumps(j, 0);
    int phase = S(t)->phase, rc = vbt_load(t, txt);
    free(txt);
    json_decref(j);
    if (rc)
        fail_msg("reload: %s", t->cx.err);
    assert_int_equal(S(t)->phase, phase);
}

/* EVIDENCE-OF (18.1.2 S+): "eliminate 1 artillery SP if this unit is
 * present": with the artillery of two nationalities the besieger picks which
 * (France N with 1 infantry, 1 cavalry, 1 French and 1 Bavarian artillery
 * against Luxembourg's FV4 and 3 infantry, Coehoorn in the garrison: 3/7,
 * column 1/1; D6 1 +2 bombardment -1 Coehoorn = 2: S+) */
static void test_18_1_2_spike_choice(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int lux = Z(t, "Luxembourg"), fa = KIND(0, T_ART), ba = KIND(5, T_ART);
    s->gz[G(t, "Spain A")] = (int8_t)lux;
    s->gz[G(t, "Coehoorn")] = (int8_t)lux;
    put(t, "Brabant", RS_C, T_INF, 0);
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Luxembourg");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    put(t, "Luxembourg", RS_F, T_ART, 1);
    s->z[lux].army[RS_F][ba] = 1; /* a Bavarian gun, from outside the game */
    s->sp_adj[RS_F]++;
    int res = s->c[RS_F].reserve[ba], resf = s->c[RS_F].reserve[fa];
    vbt_act(t, "siege Luxembourg");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    if (!vbt_logged(t, "3/7, column 0; D6 1 -1 Coehoorn besieged +2 bombardment = 2"))
        fail_msg("%s", strstr(t->log, "[18.1.1]") ? strstr(t->log, "[18.1.1]") : t->log);
    assert_true(vbt_logged(t, "S+: the besieger's cannon are spiked"));
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->who, RS_F);
    assert_true(vbt_legal(t, "lose France-art"));
    assert_true(vbt_legal(t, "lose Bavaria-art"));
    assert_false(vbt_legal(t, "lose France-inf")); /* only artillery is spiked */
    check_ok(t);
    reload_ok(t);
    s = S(t);
    vbt_act(t, "lose Bavaria-art");
    assert_int_equal(s->z[lux].army[RS_F][ba], 0);
    assert_int_equal(s->z[lux].army[RS_F][fa], 1);
    assert_int_equal(s->c[RS_F].reserve[ba], res + 1);
    assert_int_equal(s->c[RS_F].reserve[fa], resf);
    assert_int_equal(rs_army(s, lux, RS_F), 3); /* no sortie besides */
    assert_int_equal(s->phase, P_IMPULSE);      /* one round: the siege ends */
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 #FV; Readings: a plain FV reduction): the garrison
 * beyond the new FV leaves the fortress for the zone, its owner picking
 * which SP (Franche-Comte FV2 with 1 Spanish infantry and 1 cavalry; 17 v 3
 * at 5/1, +2 bombardment; D6 3 = 5: -1FV, one SP beyond FV 1) */
static void test_18_1_2_out_choice(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        int fc = Z(t, "Franche-Comte"), si = KIND(1, T_INF), sc = KIND(1, T_CAV);
        s->z[fc].fv = 2;
        s->c[RS_C].reserve[sc]--;
        s->z[fc].garr[sc] = 1;
        vbt_act(t, "move Turenne");
        vbt_act(t, "march");
        step(t, "to Champagne-et-Brie");
        step(t, "to Franche-Comte");
        vbt_act(t, "halt");
        vbt_dice(t, "1");
        vbt_act(t, "siege Franche-Comte");
        vbt_dice(t, "2");
        vbt_act(t, "no-effort");
        vbt_dice(t, "3");
        if (!vbt_logged(t, "17/3, column 4; D6 3 +2 bombardment = 5"))
            fail_msg("%s", t->log);
        assert_int_equal(s->z[fc].fv, 1);
        assert_int_equal(s->phase, P_LOSS);
        assert_int_equal(s->who, RS_C);
        assert_true(vbt_legal(t, "out Spain-inf"));
        assert_true(vbt_legal(t, "out Spain-cav"));
        assert_false(vbt_legal(t, "lose Spain-inf"));
        check_ok(t); /* the surplus waits for its owner's choice */
        reload_ok(t);
        s = S(t);
        vbt_act(t, k == 0 ? "out Spain-cav" : "out Spain-inf");
        assert_true(vbt_logged(t, "leaves the fortress for the zone"));
        assert_int_equal(s->z[fc].garr[si], k == 0 ? 1 : 0);
        assert_int_equal(s->z[fc].garr[sc], k == 0 ? 0 : 1);
        assert_int_equal(s->z[fc].army[RS_C][sc], k == 0 ? 1 : 0);
        assert_int_equal(s->z[fc].army[RS_C][si], k == 0 ? 0 : 1);
        /* an army of the defender in the zone: the siege ends (18.1) */
        assert_int_equal(s->phase, P_IMPULSE);
        check_ok(t);
        vbt_free(t);
    }
}

/* EVIDENCE-OF (18.1.1 step 3): the war effort costs 1 RP, impossible without */
static void test_18_1_1_war_effort(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Champagne-et-Brie");
    step(t, "to Franche-Comte");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    S(t)->c[RS_F].rp = 0;
    vbt_act(t, "siege Franche-Comte");
    vbt_dice(t, "2");
    /* no RP: the roll comes at once */
    assert_int_equal(S(t)->phase, P_SG_ROLL);
    /* 17/2: 6/1, +1 assault +2 bombardment; D6 1 = 4 -> -1FV: the garrison
     * beyond the new FV 0 stands as an army, the siege ends unconquered */
    vbt_dice(t, "1");
    int fc = Z(t, "Franche-Comte");
    assert_int_equal(S(t)->z[fc].fv, 0);
    assert_int_equal(rs_sp(S(t)->z[fc].garr), 0);
    assert_int_equal(rs_army(S(t), fc, RS_C), 1);
    assert_int_equal(rs_ctrl(t->g, S(t), fc), RS_C);
    assert_int_equal(S(t)->phase, P_IMPULSE);
    check_ok(t);
    vbt_free(t);
}

/* EVIDENCE-OF (18.1.2 Es): "the surplus SP are eliminated": the garrison's
 * owner picks which (a FV2 with 1 infantry and 1 cavalry, 17 v 3 at 5/1,
 * +5: D6 5 = 10, Es -1FV: one SP beyond FV 1) */
static void test_18_1_2_es_choice(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int bra = Z(t, "Brabant"), si = KIND(1, T_INF), sc = KIND(1, T_CAV);
    for (int k = 0; k < RS_NT; k++) { /* the Spanish army leaves for the Reserve */
        s->c[RS_C].reserve[k] = (uint8_t)(s->c[RS_C].reserve[k] + s->z[bra].army[RS_C][k]);
        s->z[bra].army[RS_C][k] = 0;
    }
    s->gz[G(t, "Spain A")] = (int8_t)Z(t, "Flandre et Hainaut");
    s->c[RS_C].reserve[si]--;
    s->c[RS_C].reserve[sc]--;
    s->z[bra].garr[si] = 1;
    s->z[bra].garr[sc] = 1;
    vbt_act(t, "move Louis-XIV");
    vbt_act(t, "with Turenne");
    vbt_act(t, "with Vauban");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "siege Brabant");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "5");
    if (!vbt_logged(t, "Edge of the sword in Brabant"))
        fail_msg("%s", t->log);
    assert_int_equal(s->z[bra].fv, 1);
    assert_int_equal(s->phase, P_LOSS);
    assert_int_equal(s->who, RS_C);
    assert_true(vbt_legal(t, "lose Spain-inf"));
    int res = s->c[RS_C].reserve[sc];
    vbt_act(t, "lose Spain-cav");
    assert_int_equal(s->z[bra].garr[si], 1);
    assert_int_equal(s->z[bra].garr[sc], 0);
    assert_int_equal(s->c[RS_C].reserve[sc], res + 1);
    assert_int_equal(s->phase, P_IMPULSE); /* one round: the siege ends */
    check_ok(t);
    vbt_free(t);
}

static void test_18_3_fv4_glory(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move Louis-XIV");
    vbt_act(t, "with Turenne");
    vbt_act(t, "with Vauban");
    vbt_act(t, "march");
    step(t, "to Artois");
    step(t, "to Flandre-et-Hainaut");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "6");
    for (int i = 0; i < 3; i++) {
        vbt_act(t, "no-effort");
        vbt_dice(t, "6"); /* 17/4: +1 Louis +2 Vauban +2 bomb: 11+3 -> Br -1FV, then more */
        if (S(t)->phase != P_SG_CONT)
            break;
        vbt_act(t, "continue-siege");
    }
    while (S(t)->phase == P_SG_EFFORT) {
        vbt_act(t, "no-effort");
        vbt_dice(t, "6");
        if (S(t)->phase == P_SG_CONT)
            vbt_act(t, "continue-siege");
    }
    /* EVIDENCE-OF (18.3): an FV4 won in one campaign gives a GP and moves
     * the alliances */
    assert_int_equal(rs_ctrl(t->g, S(t), Z(t, "Flandre et Hainaut")), RS_F);
    assert_int_equal(S(t)->gp, 7);
    assert_int_equal(S(t)->alpos[3], 5); /* United Provinces one space toward Neutral */
    vbt_free(t);
}

/* EVIDENCE-OF (20): one general with an army, D6 <= SC; a single zone, the
 * cavalry stays, the cost doubled; attrition in winter +1 */
static void test_20_surprise(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1"); /* the season ends */
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "4"); /* 4 > SC 3: no surprise */
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_int_equal(S(t)->who, RS_C);
    vbt_free(t);

    t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    int rp = S(t)->c[RS_F].rp;
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "Strategic surprise: D6 3 <= SC 3"));
    assert_false(vbt_legal(t, "move France-M")); /* only the chosen general */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    /* 15 SP of infantry and artillery march, the 5 cavalry SP stay */
    assert_int_equal(rs_sp(S(t)->mv.sp), 15);
    assert_int_equal(S(t)->z[Z(t, "Picardie")].army[RS_F][T_CAV] +
                         S(t)->z[Z(t, "Picardie")].army[RS_F][T_CAVE],
                     5);
    step(t, "to Artois");
    assert_int_equal(S(t)->c[RS_F].rp, rp - 4);          /* 15 SP: 2, doubled */
    assert_false(vbt_legal(t, "to Flandre-et-Hainaut")); /* a single zone */
    vbt_act(t, "halt");
    /* D6 3 +1 winter -1 SC = 3 */
    vbt_dice(t, "3");
    assert_true(vbt_logged(t, "D6 3+0 = 3"));
    vbt_act(t, "end-campaign");
    assert_int_equal(S(t)->phase, P_SURP_CHOOSE);
    assert_int_equal(S(t)->who, RS_C);
    vbt_free(t);
    /* 18.1: in a surprise the siege rounds are D6 - 2 */
    t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "surprise Turenne");
    vbt_dice(t, "1");
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Flandre-et-Hainaut");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->sg.rounds, 1);
    vbt_free(t);
}

/* EVIDENCE-OF (18.2): a siege backed from a controlled box of the zone's sea */
static void test_18_2_naval_support(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->boxc[0] = RS_F; /* France holds the North Sea */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    step(t, "to Artois");
    step(t, "to Flandre-et-Hainaut");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "siege Flandre-et-Hainaut");
    vbt_dice(t, "1");
    vbt_act(t, "no-effort");
    vbt_dice(t, "1");
    assert_true(vbt_logged(t, "+2 bombardment +1 naval support"));
    vbt_free(t);
}

/* ---- 21 winter quarters, 22.4, 23 ---- */
static void test_21_quarters(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Luxembourg");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1"); /* the season ends */
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    /* EVIDENCE-OF (21): an army in a zone its camp does not control winters
     * in an adjacent controlled zone */
    assert_int_equal(S(t)->phase, P_QUARTERS);
    assert_true(vbt_legal(t, "quarters Champagne-et-Brie"));
    assert_false(vbt_legal(t, "quarters Brabant"));
    assert_false(vbt_legal(t, "quarters Picardie"));     /* controlled, not adjacent */
    assert_false(vbt_legal(t, "quarters France-Ouest")); /* the first zone, not adjacent */
    vbt_act(t, "quarters Champagne-et-Brie");
    assert_int_equal(rs_army(S(t), Z(t, "Champagne et Brie"), RS_F), 2);
    assert_int_equal(S(t)->gz[G(t, "France N")], Z(t, "Champagne et Brie")); /* with his army */
    vbt_free(t);
    /* an army without a general cannot move (13.1): attrition at +3 */
    t = campaign();
    vbt_act(t, "move France-N");
    vbt_act(t, "march");
    step(t, "to Luxembourg");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    S(t)->gz[G(t, "France N")] = GZ_RESERVE;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_true(vbt_logged(t, "cannot reach a controlled zone"));
    vbt_dice(t, "6"); /* 6 + 3 = 9: 2 SP lost at 1-10 */
    assert_true(vbt_logged(t, "D6 6+3 = 9 - 2 SP lost"));
    vbt_free(t);
}

/* EVIDENCE-OF (22.1): "It is possible to move the alliance cursor of a minor
 * state only ... by spending 5 RP. The camp with the initiative decides
 * first ... This minor ally can no longer be moved during this turn." */
static void test_22_1_minor_ally(void **state)
{
    (void)state;
    vbt *t = campaign();
    int lor = ST(t, "Lorraine");
    S(t)->alpos[lor] = 2; /* a Coalition minor ally in Doubt 3 */
    S(t)->scamp[lor] = RS_C;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_int_equal(S(t)->phase, P_DIPLO);
    assert_int_equal(S(t)->who, RS_F);
    assert_true(S(t)->c[RS_F].rp >= 5);
    vbt_act(t, "sway Lorraine");
    assert_true(vbt_logged(t, "france spends 5 RP on Lorraine"));
    assert_int_equal(S(t)->alpos[lor], 1); /* one space toward Neutral */
    /* the Coalition may not move it back this turn: no choice is left */
    assert_true(S(t)->phase != P_DIPLO);
    vbt_free(t);
}

static void test_22_1_minor_ally_cost(void **state)
{
    (void)state;
    vbt *t = campaign();
    int lor = ST(t, "Lorraine");
    S(t)->alpos[lor] = 2;
    S(t)->scamp[lor] = RS_C;
    S(t)->c[RS_F].rp = 4; /* less than 5 RP: France has no choice */
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_int_equal(S(t)->phase, P_DIPLO);
    assert_int_equal(S(t)->who, RS_C);
    vbt_act(t, "sway Lorraine"); /* its own ally: toward Unbreakable */
    assert_int_equal(S(t)->alpos[lor], 3);
    vbt_free(t);
}

static void test_22_4_unused_markers(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    /* EVIDENCE-OF (22.4): France 3 unused (-3), the Coalition 2 unused (+2) */
    assert_true(vbt_logged(t, "france has 3 unused"));
    assert_true(vbt_logged(t, "coalition has 2 unused"));
    assert_int_equal(S(t)->gp, 6 - 3 + 2);
    vbt_free(t);
}

/* EVIDENCE-OF (22.1, 23): the allies differential counts the Coalition's
 * neutralised allies less France's; each French zone held by the Coalition
 * takes an objective away (22.3); a victory moves one's own allies toward
 * Unbreakable */
static void test_23_cursors(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    /* a Coalition victory: Great Britain (D5) one space toward Unbreakable,
     * the United Provinces already at Unbreakable 1 stay */
    rs_alliance_win(t->g, s, RS_C, NULL);
    assert_int_equal(s->alpos[4], 3);
    assert_int_equal(s->alpos[3], 6);
    /* both Coalition allies neutralised: +2, France's column */
    s->alpos[3] = s->alpos[4] = 0;
    s->neutralised[3] = s->neutralised[4] = 1;
    /* the Coalition holds Artois: objectives -1 */
    s->z[Z(t, "Artois")].mk = RS_C;
    s->z[Z(t, "Artois")].fv = 0;
    s->c[RS_F].reserve[T_INF] = (uint8_t)(s->c[RS_F].reserve[T_INF] + 2);
    s->c[RS_F].reserve[T_CAV]++;
    memset(s->z[Z(t, "Artois")].army[RS_F], 0, RS_NT);
    s->gz[G(t, "France M")] = GZ_RESERVE;
    check_ok(t);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    if (!vbt_logged(t, "Diplomacy Table: allies +2, France's RP 11, objectives -1, GP 5 - 2 "
                       "cursors for France, 1 for the Coalition"))
        fail_msg("%.200s", strstr(t->log, "[23]") ? strstr(t->log, "[23]") : "no [23] line");
    vbt_free(t);
}

/* 8.2 and 11: costs against the RP left */
static void test_8_2_costs_at_the_limit(void **state)
{
    (void)state;
    vbt *t = second_year();
    S(t)->c[RS_F].rp = 0;
    assert_false(vbt_legal(t, "recruit-in Picardie")); /* a started 5 SP costs 1 RP */
    S(t)->c[RS_F].rp = 1;
    vbt_act(t, "recruit-in Picardie");
    assert_true(vbt_legal(t, "recruit France-inf Picardie"));
    assert_false(vbt_legal(t, "recruit Conde Picardie")); /* SC + TC >= 4: 2 RP */
    S(t)->c[RS_F].rp = 2;
    assert_true(vbt_legal(t, "recruit Conde Picardie"));
    vbt_act(t, "done"); /* with Picardie */
    vbt_act(t, "done");
    vbt_act(t, "done");
    S(t)->c[RS_F].rp = 2;
    assert_true(vbt_legal(t, "fortify Picardie")); /* 2 RP a level */
    S(t)->c[RS_F].rp = 1;
    assert_false(vbt_legal(t, "fortify Picardie"));
    assert_true(vbt_legal(t, "line Picardie")); /* 1 RP a level */
    vbt_free(t);
}

static void test_23_victory(void **state)
{
    (void)state;
    vbt *t = campaign();
    /* France holds Brabant and Franche-Comte: RP 16 (> 12), objectives 2,
     * GP >= 5: three cursors in France's column */
    rs_state *s = S(t);
    s->z[Z(t, "Brabant")].mk = RS_F;
    s->z[Z(t, "Brabant")].fv = 0;
    s->c[RS_C].reserve[T_INF] = (uint8_t)(s->c[RS_C].reserve[T_INF] + 4);
    s->c[RS_C].reserve[T_CAV] = (uint8_t)(s->c[RS_C].reserve[T_CAV] + 2);
    memset(s->z[Z(t, "Brabant")].army[RS_C], 0, RS_NT);
    s->gz[G(t, "Spain A")] = GZ_RESERVE;
    s->z[Z(t, "Franche-Comte")].mk = RS_F;
    s->z[Z(t, "Franche-Comte")].fv = 0;
    s->c[RS_C].reserve[T_INF]++;
    memset(s->z[Z(t, "Franche-Comte")].garr, 0, RS_NT);
    s->c[RS_F].pstate[0] = s->c[RS_F].pstate[1] = s->c[RS_F].pstate[2] = PK_USED;
    check_ok(t);
    vbt_act(t, "end-campaign");
    vbt_dice(t, "1");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_true(vbt_logged(t, "Peace treaty in favour of france"));
    assert_int_equal(S(t)->resounding, 0); /* three cursors, not four */
    vb_result r;
    t->g->def->result(t->g, S(t), &r);
    assert_true(r.over);
    assert_int_equal(r.winner, RS_F);
    vbt_free(t);
}

/* ---- 24.2 the War of the Reunions ---- */
static void test_24_2_reunions(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "reunions", 1);
    /* EVIDENCE-OF (24.2.1): France's RP on the space "> 12": its nine zones,
     * Flandre & Hainaut, Lorraine, Franche-Comte and the Mediterranean */
    vbt_dice(t, "4");
    /* 1683-4: D6 imperial SP into the Coalition's Reserve */
    int r = rs_sp(S(t)->c[RS_C].reserve);
    vbt_dice(t, "3");
    assert_int_equal(rs_sp(S(t)->c[RS_C].reserve), r + 3);
    assert_int_equal(S(t)->c[RS_F].rp, 19);
    assert_int_equal(S(t)->gp, 5);
    /* 13.1.2: the Empire is neutral: entering costs a GP; Bavaria is not at war */
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    vbt_act(t, "take siege");
    vbt_act(t, "done");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    vbt_act(t, "move France-B");
    vbt_act(t, "march");
    step(t, "to Treves");
    assert_int_equal(S(t)->gp, 4);
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(rs_ctrl(t->g, S(t), Z(t, "Treves")), RS_F);
    vbt_free(t);
    /* 1683-6 harsh winter; 1684-4: France must choose its Scorched earth marker */
    t = vbt_new("roi-soleil", "reunions", 1);
    vbt_dice(t, "6");
    assert_int_equal(S(t)->winter_mod, 1);
    vbt_free(t);
}

/* EVIDENCE-OF (24.2.3 1684-4): "The French player must choose a Scorched
 * earth marker during the Cabinet strategy sequence"; 1684-5: D6 imperial
 * SP leave */
static void test_24_2_1684(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = vbt_new("roi-soleil", "reunions", 1);
        vbt_dice(t, "1");
        vbt_act(t, "no-loan");
        vbt_act(t, "no-loan");
        vbt_dice(t, "1");
        vbt_act(t, "take siege");
        vbt_act(t, "done");
        vbt_dice(t, "1");
        vbt_act(t, "take battle");
        vbt_act(t, "done");
        vbt_act(t, "end-campaign");
        vbt_dice(t, "6");
        vbt_act(t, "end-campaign");
        vbt_act(t, "no-surprise");
        vbt_act(t, "no-surprise");
        assert_int_equal(S(t)->year, 1684);
        if (k == 0) {
            vbt_dice(t, "4");
            vbt_act(t, "no-loan");
            vbt_act(t, "no-loan");
            vbt_dice(t, "6");
            assert_false(vbt_legal(t, "take siege"));
            assert_false(vbt_legal(t, "done"));
            vbt_act(t, "take scorched-earth");
            assert_true(vbt_legal(t, "take siege"));
            assert_true(vbt_legal(t, "done"));
        } else {
            /* imperial (Austrian) SP: 3 in the Reserve (from the 1683-4
             * pool), 1 in Brabant; the Spanish SP are not touched */
            rs_state *s = S(t);
            int ai = KIND(2, T_INF), bra = Z(t, "Brabant");
            s->lorraine = (uint8_t)(s->lorraine - 4);
            s->c[RS_C].reserve[ai] = 3;
            s->z[bra].army[RS_C][ai] = 1;
            int r = rs_sp(s->c[RS_C].reserve), gone = rs_sp(s->c[RS_C].gone);
            vbt_dice(t, "5,2");
            assert_int_equal(s->z[bra].army[RS_C][ai], 0); /* the map first */
            assert_int_equal(rs_sp(s->c[RS_C].reserve), r - 1);
            assert_int_equal(s->c[RS_C].reserve[ai], 2);
            assert_int_equal(rs_sp(s->c[RS_C].gone), gone + 2);
            assert_int_equal(s->c[RS_C].gone[ai], 2);
            check_ok(t);
        }
        vbt_free(t);
    }
}

/* the odds hook from words: a combat round sums to 1 over the Losses
 * table's classes; bad words change nothing and say why */
static void test_odds_words(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state pos;
    vb_action first;
    vb_odds o;
    char w0[] = "combat", w1[] = "10", w2[] = "10", w3[] = "att-art=2";
    char *argv[] = {w0, w1, w2, w3};
    assert_int_equal(vb_odds_setup(t->g, &pos, 0, 4, argv, &first, &t->cx), 0);
    assert_int_equal(pos.phase, P_CB_ROUND);
    assert_int_equal(pos.cb.battle, 1); /* 12 v 10: a battle (17.1) */
    assert_int_equal(vb_odds_run(t->g, &pos, first, 0, &o, &t->cx), 0);
    long double tot = 0;
    for (int i = 0; i < o.n; i++)
        tot += o.rows[i].p;
    assert_true(tot > 0.999999L && tot < 1.000001L);
    assert_true(o.n >= 2);
    vb_odds_release(&o);
    char s0[] = "siege", s1[] = "5", s2[] = "3", s3[] = "fv=2";
    char *bad[] = {s0, s1, s2, s3};
    assert_true(vb_odds_setup(t->g, &pos, 0, 4, bad, &first, &t->cx) < 0);
    assert_non_null(strstr(t->cx.err, "beyond FV 2"));
    char u0[] = "melee";
    char *unk[] = {u0, s1, s2};
    assert_true(vb_odds_setup(t->g, &pos, 0, 3, unk, &first, &t->cx) < 0);
    /* with a position: no round to come outside a campaign decision */
    pos = *S(t);
    char r0[] = "attack", r1[] = "Brabant";
    char *ra[] = {r0, r1};
    assert_true(vb_odds_setup(t->g, &pos, 1, 2, ra, &first, &t->cx) < 0);
    vbt_free(t);
}

/* the odds from words (no position): the probability of the outcomes whose
 * text holds `want`; `pos` receives the position set up */
static long double words_p(vbt *t, rs_state *pos, const char *words, const char *want)
{
    char buf[160], *argv[12];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *w = strtok(buf, " "); w && argc < 12; w = strtok(NULL, " "))
        argv[argc++] = w;
    vb_action first;
    vb_odds o;
    if (vb_odds_setup(t->g, pos, 0, argc, argv, &first, &t->cx) < 0)
        fail_msg("odds '%s': %s", words, t->cx.err);
    rs_state run = *pos;
    if (vb_odds_run(t->g, &run, first, 0, &o, &t->cx) < 0)
        fail_msg("odds '%s': %s", words, t->cx.err);
    long double p = 0, tot = 0;
    for (int i = 0; i < o.n; i++) {
        tot += o.rows[i].p;
        if (strstr(o.rows[i].name, want))
            p += o.rows[i].p;
    }
    assert_true(tot > 0.999999L && tot < 1.000001L);
    vb_odds_release(&o);
    return p;
}

/* EVIDENCE-OF (17.1.2 General, '*'; 18.1.2 Louis XIV, Vauban, Coehoorn, S):
 * the odds from words count the generals named with each side */
static void test_odds_words_generals(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    rs_state pos;
    char why[160];
    int lor = -1;
    /* combat: Turenne (TC 3) attacks Spain A (TC 2): +1 */
    words_p(t, &pos, "combat 10 10 att-gen=Turenne def-gen=Spain-A", "");
    lor = pos.cb.zone;
    assert_int_equal(rs_combat_mods(t->g, &pos, lor, RS_F, why, sizeof why), 1);
    assert_non_null(strstr(why, "TC"));
    words_p(t, &pos, "combat 10 10 att-gen=France-N def-gen=Marlborough", "");
    assert_int_equal(rs_combat_mods(t->g, &pos, lor, RS_F, why, sizeof why),
                     RS_D(t->g)->gd[G(t, "France N")].tc - RS_D(t->g)->gd[G(t, "Marlborough")].tc);
    /* each word puts its own kind in its own army: the defender's elite */
    words_p(t, &pos, "combat 10 10 def-elite=1", "");
    assert_int_equal(rs_combat_mods(t->g, &pos, lor, RS_F, why, sizeof why), -1);
    assert_non_null(strstr(why, "elite"));
    assert_null(strstr(why, "artillery"));
    /* '*': the commander named may die on a 1, Louis XIV never. 5 v 30 at
     * the 1/4 column, TC 1 - 4 = -3: D6 1-5 give rows 0-2, an attacker's
     * A with a star (5/6); 30 v 5 at 6/1, TC 4 - 1 = +3: D6 5-6 give rows
     * 8-9, a defender's A with a star (1/3) */
    const char *akill = "SP (commander killed on a 1), defender";
    long double ak = words_p(t, &pos, "combat 5 30 att-gen=France-N def-gen=Marlborough", akill);
    assert_true(fabsl(ak - 5.0L / 6) < 1e-12L);
    assert_true(words_p(t, &pos, "combat 5 30 att-gen=Louis-XIV def-gen=Marlborough", akill) == 0);
    long double dk = words_p(t, &pos, "combat 30 5 att-gen=Luxembourg def-gen=Spain-D",
                             "(commander killed on a 1)");
    assert_true(fabsl(dk - 1.0L / 3) < 1e-12L);
    /* Louis XIV attacking spares only himself: 35 v 5 with cavalry,
     * artillery and elite superiority, TC 0 - 1 + 3 = +2: a D6 6 gives row
     * 8, the defender's star (1/6) */
    long double lk = words_p(t, &pos,
                             "combat 30 5 att-cav=1 att-art=2 att-elite=2 att-gen=Louis-XIV "
                             "def-gen=Spain-D",
                             "(commander killed on a 1)");
    assert_true(fabsl(lk - 1.0L / 6) < 1e-12L);
    /* the same without a French general (TC 0 all the same) */
    lk = words_p(t, &pos, "combat 30 5 att-cav=1 att-art=2 att-elite=2 def-gen=Spain-D",
                 "(commander killed on a 1)");
    assert_true(fabsl(lk - 1.0L / 6) < 1e-12L);
    /* the defender's star is his alone: no attacker dies at 6/1 */
    assert_true(words_p(t, &pos, "combat 30 5 att-gen=Luxembourg def-gen=Spain-D", akill) == 0);
    assert_true(words_p(t, &pos, "combat 30 5", "commander killed") == 0);
    /* siege: Louis XIV +1, Vauban +2 with the besiegers; Coehoorn -1 in the
     * garrison */
    words_p(t, &pos, "siege 10 2 fv=2 gen=Vauban gen=Louis-XIV garrison-gen=Coehoorn", "");
    assert_int_equal(rs_siege_mods(t->g, &pos, why, sizeof why), 2);
    assert_non_null(strstr(why, "Vauban"));
    /* a sortie needs a general with the garrison: 1 v FV2 + 2 at 1/4, D6
     * 1-3 give S+ or S (no artillery: S), and the sortie's D6 below Spain
     * A's TC 2 costs the besieger its SP: 1/2 x 1/6 more */
    long double with = words_p(t, &pos, "siege 1 2 fv=2 garrison-gen=Spain-A", "besieger -1 SP");
    long double without = words_p(t, &pos, "siege 1 2 fv=2", "besieger -1 SP");
    assert_true(fabsl(with - without - 1.0L / 12) < 1e-12L);
    /* a general of the wrong side, an unknown one: refused, said why */
    char w0[] = "combat", w1[] = "10", w2[] = "10", w3[] = "att-gen=Spain-A", w4[] = "gen=Nobody";
    char *bad[] = {w0, w1, w2, w3};
    vb_action first;
    assert_true(vb_odds_setup(t->g, &pos, 0, 4, bad, &first, &t->cx) < 0);
    assert_non_null(strstr(t->cx.err, "is not a general of france"));
    char *unk[] = {w0, w1, w2, w4};
    assert_true(vb_odds_setup(t->g, &pos, 0, 4, unk, &first, &t->cx) < 0);
    vbt_free(t);
}

/* an illegal text is refused with the rule that forbids it */
static void test_explain(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->c[RS_F].pstate[0] = PK_USED;
    put(t, "Brabant", RS_C, T_INF, 4);
    static const struct {
        const char *text, *rule;
    } rows[] = {
        {"attack Brabant", "you have no army there (rule 17)"},
        {"siege Luxembourg", "(rule 18)"},
        {"to Brabant", "no march in progress"},
        {"bet 3", "(rule 12)"},
        {"attack Nowhere", "unknown zone"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (vbt_try(t, rows[i].text) != VB_EILLEGAL || !strstr(t->cx.err, rows[i].rule))
            fail_msg("'%s': %s (expected '%s')", rows[i].text, t->cx.err, rows[i].rule);
    }
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    assert_int_equal(vbt_try(t, "to Treves"), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "not playable in this scenario (rule 13.1.2)"));
    assert_int_equal(vbt_try(t, "to Hollande"), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "not adjacent (rule 13.1)"));
    step(t, "to Brabant");
    vbt_act(t, "halt");
    vbt_dice(t, "1");
    assert_int_equal(vbt_try(t, "attack Brabant"), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "needs a Battle marker (rule 17.1)"));
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_6_closed_game),
        cmocka_unit_test(test_7_events),
        cmocka_unit_test(test_8_1_resource_points),
        cmocka_unit_test(test_8_1_1_contested),
        cmocka_unit_test(test_8_1_4_loans),
        cmocka_unit_test(test_9_cabinet),
        cmocka_unit_test(test_9_12_secrets),
        cmocka_unit_test(test_9_markers_face_down_in_the_log),
        cmocka_unit_test(test_10_recruitment),
        cmocka_unit_test(test_10_3_prisoners),
        cmocka_unit_test(test_10_3_refusal),
        cmocka_unit_test(test_11_fortresses),
        cmocka_unit_test(test_12_initiative),
        cmocka_unit_test(test_12_secret_bets),
        cmocka_unit_test(test_13_movement),
        cmocka_unit_test(test_13_2_enemy_army),
        cmocka_unit_test(test_13_2_leaving_contested),
        cmocka_unit_test(test_13_3_interception),
        cmocka_unit_test(test_13_limits),
        cmocka_unit_test(test_13_4_transit),
        cmocka_unit_test(test_13_4_1_box_control),
        cmocka_unit_test(test_14_1_modifiers),
        cmocka_unit_test(test_15_scorched),
        cmocka_unit_test(test_16_decoy),
        cmocka_unit_test(test_17_battle),
        cmocka_unit_test(test_18_1_2_es_choice),
        cmocka_unit_test(test_3_2_general_camp),
        cmocka_unit_test(test_odds_words),
        cmocka_unit_test(test_odds_words_generals),
        cmocka_unit_test(test_17_1_1_losses_nationality),
        cmocka_unit_test(test_10_5_nationality),
        cmocka_unit_test(test_22_1_neutralised_units),
        cmocka_unit_test(test_17_1_1_owner_losses),
        cmocka_unit_test(test_17_render_odds),
        cmocka_unit_test(test_17_1_3_break_off),
        cmocka_unit_test(test_17_1_4_tie),
        cmocka_unit_test(test_17_1_battle_threshold),
        cmocka_unit_test(test_17_1_2_modifiers),
        cmocka_unit_test(test_18_1_2_modifiers),
        cmocka_unit_test(test_18_siege),
        cmocka_unit_test(test_18_1_2_sortie),
        cmocka_unit_test(test_18_1_2_spike_choice),
        cmocka_unit_test(test_18_1_2_out_choice),
        cmocka_unit_test(test_18_1_1_war_effort),
        cmocka_unit_test(test_18_3_fv4_glory),
        cmocka_unit_test(test_18_2_naval_support),
        cmocka_unit_test(test_20_surprise),
        cmocka_unit_test(test_21_quarters),
        cmocka_unit_test(test_22_1_minor_ally),
        cmocka_unit_test(test_22_1_minor_ally_cost),
        cmocka_unit_test(test_22_4_unused_markers),
        cmocka_unit_test(test_23_victory),
        cmocka_unit_test(test_23_cursors),
        cmocka_unit_test(test_8_2_costs_at_the_limit),
        cmocka_unit_test(test_24_2_reunions),
        cmocka_unit_test(test_24_2_1684),
        cmocka_unit_test(test_explain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
