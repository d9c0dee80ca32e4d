/* test_rules.c - one test per rule of the Roi Soleil rulebook that the
 * engine implements, in document order, each quoting its section: rules 3
 * to 9 and 12 here (nationalities and camps, the closed game, events, the
 * year's resources, the cabinet, the initiative); rules 10 and 11
 * (recruitment, prisoners, fortresses) in test_preparation.c, rule 13 and
 * 14.1's marches in test_movement.c, rules 14 to 18 and the odds in
 * test_combat.c, rules 20 to 24 and the explanations in test_year_end.c.
 * Positions are the Devolution set-up, edited where a case needs it (units
 * moved from the Reserve, so that SP stay conserved), with scripted dice;
 * the set-up helpers are shared in rs_test.h. */
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

/* EVIDENCE-OF (6): "to keep the counters hidden from the enemy": in the
 * closed game which units a camp moves, garrisons, recruits or loses is
 * seen by that camp alone (each such action), the rest of play by both
 * (a march); in the open game by both. A French army under attrition
 * shows the Coalition its strength, not its composition; France sees its
 * own. */
static void test_6_closed_actions(void **state)
{
    (void)state;
    static const int secret[] = {OP_LEAVE,    OP_UNGARRISON, OP_PICK, OP_DROP,
                                 OP_GARRISON, OP_RECRUIT,    OP_LOSE, OP_OUT};
    vbt *t = campaign();
    rs_state *s = S(t);
    for (int closed = 0; closed < 2; closed++) {
        s->h.opts[0] = (uint8_t)closed;
        for (size_t i = 0; i <= sizeof secret / sizeof secret[0]; i++) {
            int op = i < sizeof secret / sizeof secret[0] ? secret[i] : OP_MARCH;
            vb_vis v;
            memset(&v, 0, sizeof v);
            v.see = VB_ALL_ROLES;
            t->g->def->visibility(t->g, s, ACT(op, 0, 0, 0), &v);
            int want = closed && op != OP_MARCH ? VB_ROLE_BIT(RS_F) : VB_ALL_ROLES;
            if ((int)v.see != want)
                fail_msg("op %d, closed %d: seen by %#x, want %#x", op, closed, (unsigned)v.see,
                         (unsigned)want);
        }
    }
    /* attrition of a French army of 2 infantry and 1 cavalry SP */
    s->attr_camp = RS_F;
    s->attr_zone = (int8_t)Z(t, "Artois");
    memset(s->attr_army, 0, RS_NT);
    s->attr_army[KIND(0, T_INF)] = 2;
    s->attr_army[KIND(0, T_CAV)] = 1;
    rs_state v;
    vb_view(t->g, &v, s, RS_C);
    assert_int_equal(rs_sp(v.attr_army), 3);
    assert_int_equal(v.attr_army[KIND(0, T_INF)], 3);
    vb_view(t->g, &v, s, RS_F);
    assert_memory_equal(v.attr_army, s->attr_army, RS_NT);
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
    assert_int_equal(S(t)->event, 0); /* the state file's "event": no row */
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

/* EVIDENCE-OF (7): "An event is only valid for the turn in which it is
 * determined": the pursuit modifier (1667-4), the harsh winter (1683-6) and
 * an admiral's bonus at sea (1672-5) end with the year (thirtieth session:
 * each reset in rs_start_year planted away passed every test before) */
static void test_7_event_one_turn(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "4");
    assert_int_equal(S(t)->pursuit_mod, -1);
    S(t)->year = 1668;
    rs_start_year(t->g, S(t), &t->cx);
    assert_int_equal(S(t)->pursuit_mod, 0);
    vbt_free(t);
    t = vbt_new("roi-soleil", "reunions", 1);
    vbt_dice(t, "6");
    assert_int_equal(S(t)->winter_mod, 1);
    S(t)->year = 1684;
    rs_start_year(t->g, S(t), &t->cx);
    assert_int_equal(S(t)->winter_mod, 0);
    vbt_free(t);
    t = vbt_new("roi-soleil", "holland", 1);
    vbt_dice(t, "5");
    assert_int_equal(rs_box_mod(S(t), 0, RS_C), 1);
    S(t)->year = 1673;
    rs_start_year(t->g, S(t), &t->cx);
    assert_int_equal(rs_box_mod(S(t), 0, RS_C), 0);
    assert_int_equal(rs_box_mod(S(t), 1, RS_F), 0);
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
    /* "Army present in the zone: +1" for an army of a single SP too: France
     * 1 infantry (+1) rolls 6 = 7 against Spain's 3 + 4: a tie (thirtieth
     * session: the +1 read from 2 SP passed every test before) */
    t = vbt_new("roi-soleil", "devolution", 1);
    put(t, "Brabant", RS_F, T_INF, 1);
    vbt_dice(t, "1");
    vbt_dice(t, "6,3");
    assert_true(vbt_logged(t, "Brabant contested: France 7, Coalition 7 - tie, no RP"));
    vbt_free(t);
    /* EVIDENCE-OF (8.1, 8.1.1): "A zone's RP are reduced to zero if a
     * Scorched earth marker is present": Brabant contested under last
     * year's marker (removed only at 6.1.3, after the RP) rolls nothing
     * (thirtieth session: the roll planted back passed every test before) */
    t = vbt_new("roi-soleil", "devolution", 1);
    put(t, "Brabant", RS_F, T_INF, 5);
    S(t)->z[Z(t, "Brabant")].scorched = 1;
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_LOAN);
    assert_int_equal(S(t)->c[RS_F].rp, 12);
    assert_int_equal(S(t)->c[RS_C].rp, 12);
    vbt_free(t);
    /* EVIDENCE-OF (8.1.1): only a zone's RP are rolled for: Roussillon,
     * 0 RP, contested by two armies, rolls nothing (the loans follow) */
    t = vbt_new("roi-soleil", "devolution", 1);
    put(t, "Roussillon", RS_F, T_INF, 2);
    put(t, "Roussillon", RS_C, T_INF, 2);
    assert_true(rs_contested(t->g, S(t), Z(t, "Roussillon")));
    assert_int_equal(((const rs_data *)t->g->data)->z[Z(t, "Roussillon")].rp, 0);
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_LOAN);
    vbt_free(t);
    /* elite cavalry is cavalry: France's 5 infantry and 3 elite cavalry
     * against Spain's 6 SP with 2 cavalry: +1 +1 +2, D6 6 = 10 */
    t = vbt_new("roi-soleil", "devolution", 1);
    put(t, "Brabant", RS_F, T_INF, 5);
    S(t)->z[Z(t, "Brabant")].army[RS_F][KIND(0, T_CAVE)] = 3; /* none in the Reserve */
    vbt_dice(t, "1");
    vbt_dice(t, "6,3");
    assert_true(vbt_logged(t, "Brabant contested: France 10, Coalition 4"));
    vbt_free(t);
    /* every contested zone rolls: Luxembourg, the zone after Brabant in map
     * order, contested too, rolls next */
    t = vbt_new("roi-soleil", "devolution", 1);
    put(t, "Brabant", RS_F, T_INF, 5);
    put(t, "Luxembourg", RS_F, T_INF, 2);
    put(t, "Luxembourg", RS_C, T_INF, 2);
    assert_int_equal(Z(t, "Luxembourg"), Z(t, "Brabant") + 1);
    vbt_dice(t, "1");
    vbt_dice(t, "6,3");
    assert_int_equal(S(t)->phase, P_CONTEST);
    assert_int_equal(S(t)->k, Z(t, "Luxembourg"));
    /* no cavalry either side: no superiority, no +2 (2 SP each: +1 each) */
    int crp = S(t)->c[RS_C].rp, frp = S(t)->c[RS_F].rp;
    vbt_dice(t, "4,5");
    assert_true(
        vbt_logged(t, "Luxembourg contested: France 5, Coalition 6 - Coalition takes the RP"));
    /* the higher roll, the Coalition's, takes the zone's RP */
    const rs_data *d = t->g->data;
    assert_true(d->z[Z(t, "Luxembourg")].rp > 0);
    assert_int_equal(S(t)->c[RS_C].rp, crp + d->z[Z(t, "Luxembourg")].rp);
    assert_int_equal(S(t)->c[RS_F].rp, frp);
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
    /* the interest "is paid in advance": a camp at 0 RP cannot pay it and
     * is not offered a loan; with its last RP it is, and borrows from 0
     * (thirtieth session: the offer at 0 RP passed every test before) */
    t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_LOAN);
    S(t)->c[RS_F].rp = 0;
    assert_false(vbt_legal(t, "borrow"));
    assert_true(vbt_legal(t, "no-loan"));
    S(t)->c[RS_F].rp = 1;
    vbt_act(t, "borrow");
    vbt_dice(t, "3");
    assert_int_equal(S(t)->c[RS_F].rp, 3);
    assert_int_equal(S(t)->c[RS_F].debt, 3);
    vbt_free(t);
}

/* ---- 9 cabinet strategy ---- */
/* Devolution (seed) up to France's cabinet roll: no event (D6 1), no loans */
static vbt *devolution_to_cabinet(uint64_t seed)
{
    vbt *t = vbt_new("roi-soleil", "devolution", seed);
    vbt_dice(t, "1");
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    assert_int_equal(S(t)->phase, P_CAB_ROLL);
    return t;
}

static void test_9_cabinet(void **state)
{
    (void)state;
    vbt *t = devolution_to_cabinet(1);
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
    /* the table's last two columns, 21-30 RP and above 30: France with 30
     * and 31 RP, D6 2 +1: 5 markers, then 6 */
    for (int k = 0; k < 2; k++) {
        t = devolution_to_cabinet(1);
        S(t)->c[RS_F].rp = (int16_t)(30 + k);
        vbt_dice(t, "2");
        assert_int_equal(S(t)->c[RS_F].cabmax, 5 + k);
        vbt_free(t);
    }
    /* the star's +1 on a 6 reads the table's seventh row: France, 12 RP,
     * D6 6 +1: 5 markers, not the sixth row's 4 (thirtieth session: the
     * row capped at 6 passed every test before) */
    t = devolution_to_cabinet(1);
    vbt_dice(t, "6");
    assert_int_equal(S(t)->c[RS_F].cabmax, 5);
    vbt_free(t);
    /* EVIDENCE-OF (6.1.3): "Suppression of the Scorched earth markers and
     * replacement of the Cabinet strategy markers" after the RP (6.1.2):
     * last year's scorched zone is cleared before the cabinet strategy
     * (thirtieth session: the clearing planted away passed every test) */
    t = vbt_new("roi-soleil", "devolution", 1);
    vbt_dice(t, "1");
    assert_int_equal(S(t)->phase, P_LOAN);
    S(t)->z[Z(t, "Artois")].scorched = 1;
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    assert_int_equal(S(t)->phase, P_CAB_ROLL);
    assert_int_equal(S(t)->z[Z(t, "Artois")].scorched, 0);
    vbt_free(t);
}

/* 24.1.3 1668-6: two of France's markers drawn and set aside; France
 * holding only one, the one drawn, the cabinet strategy goes on to the
 * Coalition (no second draw from nothing) */
static void test_1668_6_draw_more_than_held(void **state)
{
    (void)state;
    vbt *t = campaign();
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6"); /* pursuit: 6 > 1 */
    vbt_act(t, "end-campaign");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_int_equal(S(t)->year, 1668);
    vbt_dice(t, "6"); /* 1668-6 */
    vbt_act(t, "no-loan");
    vbt_act(t, "no-loan");
    vbt_dice(t, "1");
    vbt_act(t, "take battle");
    vbt_act(t, "done");
    assert_int_equal(S(t)->phase, P_CAB_DRAW);
    assert_false(vbt_legal(t, "marker-2")); /* the one held only */
    vbt_dice(t, "marker-1");
    assert_int_equal(S(t)->c[RS_F].pstate[0], PK_ASIDE);
    assert_int_equal(S(t)->phase, P_CAB_ROLL);
    assert_int_equal(S(t)->who, RS_C);
    assert_int_equal(S(t)->ndraw, 0); /* the draw is over (the file's to_draw) */
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
    /* drawn from the markers left: no category beyond its count, and more
     * than one category over forty draws */
    const rs_data *d = t->g->data;
    int seen = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        rs_state w = *S(t);
        t->g->def->redact(t->g, &w, RS_C);
        vb_rng_seed(&r, seed);
        t->g->def->determinize(t->g, &w, RS_C, &r);
        int n[RS_NCAT] = {0};
        for (int i = 0; i < w.c[RS_F].npick; i++) {
            assert_true(w.c[RS_F].pick[i] < RS_NCAT);
            n[w.c[RS_F].pick[i]]++;
            seen |= 1 << w.c[RS_F].pick[i];
        }
        for (int c = 0; c < RS_NCAT; c++)
            assert_true(n[c] <= d->markers[c]);
    }
    assert_true(seen & (seen - 1));
    /* every category with markers left is drawn some time: Scorched earth
     * and Decoy, the last two, have one marker each (9) */
    assert_int_equal(seen, (1 << RS_NCAT) - 1);
    /* using the siege marker reveals it */
    vbt_act(t, "move Turenne");
    vbt_act(t, "march");
    vbt_act(t, "halt");
    vbt_free(t);
}

/* 6: a determinised view of the closed game draws the other camp's hidden
 * SP as a plausible composition, about 60% infantry, 25% cavalry, 5% each
 * artillery, elite infantry and elite cavalry (rs_view.c's draw_units):
 * France's SP as the Coalition imagines them over 200 draws; the view
 * drawn is a position (nothing left hidden) */
static void test_6_drawn_compositions(void **state)
{
    (void)state;
    vbt *t = campaign();
    S(t)->h.opts[0] = 1;
    const rs_data *d = t->g->data;
    static const int want[RS_NTY] = {
        [T_INF] = 60, [T_CAV] = 25, [T_ART] = 5, [T_INFE] = 5, [T_CAVE] = 5};
    double n[RS_NTY] = {0}, all = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        rs_state v;
        vb_view(t->g, &v, S(t), RS_C);
        vb_rng r;
        vb_rng_seed(&r, seed);
        t->g->def->determinize(t->g, &v, RS_C, &r);
        for (int k = 0; k < RS_NT; k++) {
            int sp = v.c[RS_F].reserve[k];
            for (int z = 0; z < d->nz; z++)
                sp += v.z[z].army[RS_F][k] + (rs_ctrl(t->g, &v, z) == RS_F ? v.z[z].garr[k] : 0);
            n[K_TY(k)] += sp;
            all += sp;
        }
    }
    assert_true(all > 5000);
    for (int ty = 0; ty < RS_NTY; ty++)
        if (fabs(100 * n[ty] / all - want[ty]) > 2)
            fail_msg("%s: %.1f%% of the SP drawn, want %d%%", rs_type_names[ty], 100 * n[ty] / all,
                     want[ty]);
    /* what is drawn is a position, no longer a view: nothing hidden, its
     * state file reads back (rs_io.c refuses a view) */
    rs_state v;
    vb_view(t->g, &v, S(t), RS_C);
    assert_true(v.c[RS_F].hidden && v.c[RS_F].armies_hidden);
    vb_rng r;
    vb_rng_seed(&r, 1);
    t->g->def->determinize(t->g, &v, RS_C, &r);
    *S(t) = v;
    reload_ok(t);
    assert_int_equal(S(t)->c[RS_F].npick, 3);
    vbt_free(t);
}

/* EVIDENCE-OF (9): "Without showing them to your opponent, choose at most
 * the number of markers indicated": a marker taken is seen by its camp
 * alone, in the group of its place among the camp's markers (revealed when
 * used: test_9_marker_used_revealed); "done" is public */
static void test_9_pick_secret(void **state)
{
    (void)state;
    vbt *t = devolution_to_cabinet(7);
    vbt_dice(t, "6");
    for (int k = 0; k < 2; k++) {
        rs_state *s = S(t);
        assert_int_equal(s->phase, P_CAB_PICK);
        assert_int_equal(s->who, RS_F);
        vb_action a;
        assert_int_equal(vb_parse_action(t->g, s, k ? "done" : "take battle", &a, &t->cx), 0);
        vb_vis v;
        memset(&v, 0, sizeof v);
        v.see = VB_ALL_ROLES;
        t->g->def->visibility(t->g, s, a, &v);
        if (k) {
            assert_int_equal(v.see, VB_ALL_ROLES);
            assert_int_equal(v.group, 0);
        } else {
            assert_int_equal(v.see, VB_ROLE_BIT(RS_F));
            assert_int_equal(v.group, G_PICK(1667, RS_F, 0));
            assert_string_equal(v.public_text, "france chose a cabinet strategy marker");
            vbt_act(t, "take battle");
        }
    }
    vbt_free(t);
}

/* EVIDENCE-OF (9, 6): a marker used is revealed, that one and no other: a
 * battle reveals France's Battle marker, a siege its Siege marker, scorched
 * earth its Scorched-earth marker (campaign(): France holds them in that
 * order, 0, 1, 2); a decoy the Coalition's Decoy marker */
static void test_9_marker_used_revealed(void **state)
{
    (void)state;
    static const struct {
        const char *act;
        int cat;
    } rows[] = {{"attack Brabant", CAT_BATTLE},
                {"siege Brabant", CAT_SIEGE},
                {"scorch Brabant", CAT_SCORCH}};
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        vbt *t = battle_position();
        rs_state *s = S(t);
        if (k == 1) /* the Spanish army gone: the fortress alone */
            for (int i = 0; i < RS_NT; i++) {
                int bra = Z(t, "Brabant");
                s->c[RS_C].reserve[i] = (uint8_t)(s->c[RS_C].reserve[i] + s->z[bra].army[RS_C][i]);
                s->z[bra].army[RS_C][i] = 0;
            }
        int i = rs_held(s, RS_F, rows[k].cat);
        assert_int_equal(i, (int)k);
        vb_action a;
        if (vb_parse_action(t->g, s, rows[k].act, &a, &t->cx))
            fail_msg("%s: %s", rows[k].act, t->cx.err);
        vb_vis v;
        memset(&v, 0, sizeof v);
        v.see = VB_ALL_ROLES;
        t->g->def->visibility(t->g, s, a, &v);
        assert_int_equal(v.reveals, G_PICK(s->year, RS_F, i));
        vbt_free(t);
    }
    /* the Coalition's decoy, held second (index 1) or first, revealed when used */
    for (int k = 1; k >= 0; k--) {
        vbt *t = battle_position();
        rs_state *s = S(t);
        s->c[RS_C].pick[k] = CAT_DECOY;
        s->c[RS_C].pick[1 - k] = CAT_BATTLE;
        vbt_act(t, "attack Brabant");
        vbt_act(t, "command Turenne");
        assert_int_equal(s->phase, P_CB_DECOY);
        vb_action a;
        assert_int_equal(vb_parse_action(t->g, s, "decoy", &a, &t->cx), 0);
        vb_vis v;
        memset(&v, 0, sizeof v);
        t->g->def->visibility(t->g, s, a, &v);
        assert_int_equal(v.reveals, G_PICK(s->year, RS_C, k));
        vbt_free(t);
    }
}

/* EVIDENCE-OF (6, 23): the turn counts the scenario's years from 1; a
 * finished game's result names the winner, the loser and the kind of peace;
 * what the open game shows both camps */
static void test_6_turn_and_result(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    assert_int_equal(t->g->def->turn(t->g, s), 1);
    s->year++;
    assert_int_equal(t->g->def->turn(t->g, s), 2);
    vb_result r;
    t->g->def->result(t->g, s, &r);
    assert_int_equal(r.over, 0);
    s->over = 1;
    s->winner = RS_C;
    s->resounding = 1;
    t->g->def->result(t->g, s, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.winner, RS_C);
    assert_int_equal(r.outcome[RS_C], VB_OUT_WIN);
    assert_int_equal(r.outcome[RS_F], VB_OUT_LOSS);
    assert_string_equal(r.verdict, "peace treaty (resounding victory) in favour of coalition");
    s->winner = 2;
    t->g->def->result(t->g, s, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.winner, -1);
    assert_int_equal(r.outcome[0], VB_OUT_DRAW);
    assert_int_equal(r.outcome[1], VB_OUT_DRAW);
    vbt_free(t);
    /* 6: the units a march leaves are seen by both camps in the open game,
     * by their owner alone in the closed game */
    t = campaign();
    vbt_act(t, "move France-N");
    for (int closed = 0; closed < 2; closed++) {
        S(t)->h.opts[0] = (uint8_t)closed;
        vb_action a;
        assert_int_equal(vb_parse_action(t->g, S(t), "leave France-cav", &a, &t->cx), 0);
        vb_vis v;
        memset(&v, 0, sizeof v);
        v.see = VB_ALL_ROLES;
        t->g->def->visibility(t->g, S(t), a, &v);
        assert_int_equal(v.see, closed ? VB_ROLE_BIT(RS_F) : VB_ALL_ROLES);
    }
    vbt_free(t);
}

/* The other camp reads that a marker was taken, face down, not which. */
static void test_9_markers_face_down_in_the_log(void **state)
{
    (void)state;
    vbt *t = devolution_to_cabinet(7);
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
    /* both bets told to both camps (France 3, the Coalition 0) */
    assert_non_null(strstr(co_log, "[12] Bets revealed: France 3 RP, Coalition 0 RP"));
    /* each camp's D6 + bet: France 1 + 3, the Coalition 1 + 0 */
    assert_non_null(strstr(co_log, "[12] Initiative: France 4, Coalition 1 - "));
    vb_view(t->g, &view, S(t), RS_C);
    assert_int_equal(view.c[RS_F].bet, 3);
    vbt_free(t);
}
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_6_closed_game),
        cmocka_unit_test(test_6_drawn_compositions),
        cmocka_unit_test(test_6_closed_actions),
        cmocka_unit_test(test_9_pick_secret),
        cmocka_unit_test(test_9_marker_used_revealed),
        cmocka_unit_test(test_6_turn_and_result),
        cmocka_unit_test(test_7_events),
        cmocka_unit_test(test_7_event_one_turn),
        cmocka_unit_test(test_24_no_stray_marker),
        cmocka_unit_test(test_8_1_resource_points),
        cmocka_unit_test(test_8_1_2_transit_box),
        cmocka_unit_test(test_8_1_1_contested),
        cmocka_unit_test(test_8_1_4_loans),
        cmocka_unit_test(test_9_cabinet),
        cmocka_unit_test(test_1668_6_draw_more_than_held),
        cmocka_unit_test(test_9_12_secrets),
        cmocka_unit_test(test_9_markers_face_down_in_the_log),
        cmocka_unit_test(test_9_initiative_first),
        cmocka_unit_test(test_12_initiative),
        cmocka_unit_test(test_12_secret_bets),
        cmocka_unit_test(test_3_2_general_camp),
        cmocka_unit_test(test_17_1_1_losses_nationality),
        cmocka_unit_test(test_22_1_neutralised_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
