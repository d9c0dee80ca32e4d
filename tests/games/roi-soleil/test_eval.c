/* test_eval.c - the AI's evaluation of a Roi Soleil position (rs_eval.c,
 * no rule): progress inside the Diplomacy Table's columns, the alliance,
 * army, siege and battle terms, each pinned to its weight on the Spanish
 * Succession's set-up; the terms function and the evaluation's order
 * under the shipped and the fitted weights. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "rs_test.h"

/* the GP a held Battle or Siege marker is expected to cost (rs_eval.c) */
#define HELD_USE 0.9
/* what it costs France in the evaluation (0.03 a GP) */
#define HELD (0.03 * HELD_USE)
/* an ally one space from Neutral counts this much more against its camp */
#define THREAT 0.03

/* The evaluation (rs_eval) sees progress inside the middle column: a GP
 * gained is worth 0.03 to France (an unused marker will cost it one, 22.4),
 * an objective 0.01 besides its column; beyond 6 GP only the column counts;
 * the Coalition's value is the opposite. */
static void test_eval_progress(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    const vb_game_def *def = t->g->def;
    double v0 = def->eval(t->g, s, RS_F);
    assert_true(fabs(def->eval(t->g, s, RS_C) + v0) < 1e-9);
    s->gp = 1;
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0 - 0.03) < 1e-9);
    s->c[RS_F].pick[0] = CAT_DECOY; /* a Decoy held: the GP it will cost */
    s->c[RS_F].pstate[0] = PK_HELD;
    s->c[RS_F].npick = 1;
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0) < 1e-9);
    s->c[RS_F].pick[0] = CAT_BATTLE; /* a Battle marker may be used: less */
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0 - (0.03 - HELD)) < 1e-9);
    s->c[RS_F].pick[0] = CAT_SIEGE;
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0 - (0.03 - HELD)) < 1e-9);
    s->c[RS_F].npick = 0;
    s->gp = 7;
    double v7 = def->eval(t->g, s, RS_F);
    s->gp = 8;
    assert_true(fabs(def->eval(t->g, s, RS_F) - v7) < 1e-9);
    s->gp = 0;
    s->z[Z(t, "Madrid")].mk = RS_C; /* an objective lost: 7 held -> 6 */
    assert_true(fabs(def->eval(t->g, s, RS_F) - (v0 - 0.01)) < 1e-9);
    vbt_free(t);
}

/* The evaluation's alliance, army and siege terms: a space an ally's
 * cursor stands from Neutral is worth 0.015 to its camp, an ally
 * neutralised 0.03 more (the allies column), an ally one space from
 * Neutral THREAT less to its camp; an army's SP count 0.003 each
 * and twice with a general of its camp, marching SP as on the map; a camp
 * holding a Siege marker with an army and general at an enemy fortress free
 * of enemy armies gains 0.02 */
static void test_eval_terms(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    const vb_game_def *def = t->g->def;
    double v0 = def->eval(t->g, s, RS_F);
    int br = ST(t, "Brandenburg"), sa = ST(t, "Savoy");
    assert_int_equal(s->alpos[br], 2); /* Doubt 3, two spaces from Neutral */
    s->alpos[br] = 1;                  /* one enemy action from Neutral: the threat too */
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0 - 0.015 - THREAT) < 1e-9);
    assert_true(fabs(def->eval(t->g, s, RS_C) + v0 + 0.015 + THREAT) < 1e-9);
    s->alpos[br] = 0;
    s->neutralised[br] = 1; /* allies +1 */
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0 - 0.06) < 1e-9);
    s->alpos[br] = 2;
    s->neutralised[br] = 0;
    assert_int_equal(s->alpos[sa], -2); /* France's Savoy, Doubt 3 */
    s->alpos[sa] = -1;                  /* Savoy one Coalition action from Neutral */
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0 + 0.015 + THREAT) < 1e-9);
    s->alpos[sa] = -3; /* farther out: no threat */
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0 - 0.015) < 1e-9);
    s->alpos[sa] = -2;
    /* an army without its general: its SP count once */
    int bv = Z(t, "Baviere"), mx = G(t, "Maximilien"), n = rs_army(s, bv, RS_F);
    assert_true(n > 0);
    s->gz[mx] = (int8_t)Z(t, "Alsace");
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0 + 0.003 * n) < 1e-9);
    s->gz[mx] = (int8_t)bv;
    /* Maximilien's army on the march: still counted, with its general */
    s->phase = P_MV_STEP;
    s->who = RS_F;
    s->mv.gen = (int8_t)mx;
    s->mv.from = s->mv.at = (int8_t)bv;
    memcpy(s->mv.sp, s->z[bv].army[RS_F], RS_NT);
    memset(s->z[bv].army[RS_F], 0, RS_NT);
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0) < 1e-9);
    memcpy(s->z[bv].army[RS_F], s->mv.sp, RS_NT);
    memset(s->mv.sp, 0, RS_NT);
    s->gz[mx] = (int8_t)bv;
    s->mv.gen = -1;
    s->phase = P_IMPULSE;
    assert_true(fabs(def->eval(t->g, s, RS_F) - v0) < 1e-9);
    /* a siege to come: Maximilien's army at Frise (FV 2, the Coalition's,
     * no Coalition army there) with a Siege marker held */
    int fr = Z(t, "Frise");
    s->z[fr].fv = 2;
    s->z[fr].mk = RS_C;
    assert_true(s->z[fr].fv > 0 && rs_ctrl(t->g, s, fr) == RS_C && rs_army(s, fr, RS_C) == 0);
    memcpy(s->z[fr].army[RS_F], s->z[bv].army[RS_F], RS_NT);
    memset(s->z[bv].army[RS_F], 0, RS_NT);
    s->gz[mx] = (int8_t)fr;
    double vf = def->eval(t->g, s, RS_F);
    s->c[RS_F].pick[0] = CAT_SIEGE;
    s->c[RS_F].pstate[0] = PK_HELD;
    s->c[RS_F].npick = 1;
    assert_true(fabs(def->eval(t->g, s, RS_F) - vf + HELD - 0.02) < 1e-9);
    s->gz[mx] = (int8_t)Z(t, "Alsace"); /* no general there: no siege */
    assert_true(fabs(def->eval(t->g, s, RS_F) - vf + HELD + 0.003 * n) < 1e-9);
    vbt_free(t);
}

/* The evaluation's battle to come: a camp holding a Battle marker, with an
 * army and a general in a zone where it outnumbers an enemy army of 10 SP
 * or more two to one and has not fought this campaign, gains 0.03 (the
 * marker held costs its HELD as before) */
static void test_eval_battle(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    const vb_game_def *def = t->g->def;
    int bv = Z(t, "Baviere"), fi = KIND(ST(t, "France"), T_INF), ci = KIND(ST(t, "Austria"), T_INF);
    assert_true(rs_commander(t->g, s, bv, RS_F) >= 0);
    assert_int_equal(rs_army(s, bv, RS_C), 0);
    memset(s->z[bv].army[RS_F], 0, RS_NT);
    s->z[bv].army[RS_F][fi] = 20;
    s->z[bv].army[RS_C][ci] = 10;
    struct {
        int f, c, gen, used;
        double gain;
    } rows[] = {
        {20, 10, 1, 0, 0.03}, {19, 10, 1, 0, 0}, {20, 9, 1, 0, 0},
        {30, 10, 1, 0, 0.03}, {20, 10, 0, 0, 0}, {20, 10, 1, 1, 0},
    };
    int mx = G(t, "Maximilien");
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        s->z[bv].army[RS_F][fi] = (uint8_t)rows[r].f;
        s->z[bv].army[RS_C][ci] = (uint8_t)rows[r].c;
        for (int i = 0; i < RS_D(t->g)->ng; i++)
            if (s->gz[i] == bv && rs_gcamp(t->g, s, i) == RS_F && !rows[r].gen)
                s->gz[i] = (int8_t)Z(t, "Alsace");
        if (rows[r].gen)
            s->gz[mx] = (int8_t)bv;
        s->z[bv].used[RS_F] = rows[r].used ? 0x10 : 0;
        s->c[RS_F].npick = 0;
        double v0 = def->eval(t->g, s, RS_F);
        s->c[RS_F].pick[0] = CAT_BATTLE;
        s->c[RS_F].pstate[0] = PK_HELD;
        s->c[RS_F].npick = 1;
        double v1 = def->eval(t->g, s, RS_F);
        if (fabs(v1 - v0 - (rows[r].gain - HELD)) > 1e-9)
            fail_msg("row %zu: %+.4f, expected %+.4f", r, v1 - v0, rows[r].gain - HELD);
        assert_true(fabs(def->eval(t->g, s, RS_C) + v1) < 1e-9);
    }
    vbt_free(t);
}

/* The evaluation's terms (rs_eval_terms, France's side): on the Spanish
 * Succession's set-up France's RP and objectives columns stand at its
 * peace (23), the allies and glory columns in the war; a GP at the glory
 * column's reach makes a third; the GP term is capped at 6; the years gone
 * count from 0 to 1; an ally's cursor moving toward Neutral, an ally
 * neutralised, an army losing its general move their terms by one or its
 * SP; and the evaluation is the weighted sum of the terms, clipped as
 * shipped, tanh(z / 2) as fitted. */
static void test_eval_terms_fn(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    const rs_scen *sc = RS_SCEN(t->g, s);
    double x[RS_EVAL_NT], y[RS_EVAL_NT];
    assert_int_equal(rs_eval_terms(t->g, s, x), RS_EVAL_NT);
    assert_true(x[RS_T_COL0] == 0 && x[RS_T_COL1] == 1 && x[RS_T_COL2] == 1 && x[RS_T_COL3] == 0);
    assert_true(x[RS_T_NPOS] == 2 && x[RS_T_LATE] == 0 && x[RS_T_NPOS_LATE] == 0);
    assert_true(x[RS_T_GP] == s->gp && x[RS_T_SIEGE] == 0 && x[RS_T_BATTLE] == 0);
    /* the evaluation is the weighted sum of the terms */
    double z = 0;
    for (int i = 0; i < RS_EVAL_NT; i++)
        z += rs_eval_shipped.w[i] * x[i];
    z = z > 1 ? 1 : z < -1 ? -1 : z;
    assert_true(fabs(t->g->def->eval(t->g, s, RS_F) - z) < 1e-12);
    assert_true(fabs(rs_eval_with(t->g, s, RS_C, &rs_eval_shipped) + z) < 1e-12);
    z = rs_eval_fitted.w[RS_EVAL_NT];
    for (int i = 0; i < RS_EVAL_NT; i++)
        z += rs_eval_fitted.w[i] * x[i];
    assert_true(fabs(rs_eval_with(t->g, s, RS_F, &rs_eval_fitted) - tanh(z / 2)) < 1e-12);
    /* glory: a third column at its reach, the term capped at 6 */
    s->gp = RS_D(t->g)->dip_glory[1];
    rs_eval_terms(t->g, s, y);
    assert_true(y[RS_T_COL3] == 1 && y[RS_T_NPOS] == 3 && y[RS_T_GP] == s->gp);
    s->gp = 20;
    rs_eval_terms(t->g, s, y);
    assert_true(y[RS_T_GP] == 6);
    /* the years gone: half-way, then the last year */
    s->gp = 0;
    s->year = (int16_t)(sc->start + (sc->end - sc->start) / 2);
    rs_eval_terms(t->g, s, y);
    assert_true(fabs(y[RS_T_LATE] - (double)(s->year - sc->start) / (sc->end - sc->start)) < 1e-12);
    assert_true(y[RS_T_LATE] > 0 && y[RS_T_LATE] < 1);
    s->year = (int16_t)sc->end;
    rs_eval_terms(t->g, s, y);
    assert_true(y[RS_T_LATE] == 1 && y[RS_T_NPOS_LATE] == 2);
    s->year = (int16_t)sc->start;
    /* Brandenburg (the Coalition's, two spaces out) one from Neutral, then
     * neutralised */
    int br = ST(t, "Brandenburg");
    s->alpos[br] = 1;
    rs_eval_terms(t->g, s, y);
    assert_true(y[RS_T_SPACE] == x[RS_T_SPACE] + 1 && y[RS_T_THREAT] == x[RS_T_THREAT] + 1);
    s->alpos[br] = 0;
    s->neutralised[br] = 1;
    rs_eval_terms(t->g, s, y);
    assert_true(y[RS_T_ALLIES] == x[RS_T_ALLIES] + 1 && y[RS_T_SPACE] == x[RS_T_SPACE] + 2);
    s->alpos[br] = 2;
    s->neutralised[br] = 0;
    /* Maximilien's army without its general: its SP once */
    int bv = Z(t, "Baviere"), mx = G(t, "Maximilien"), n = rs_army(s, bv, RS_F);
    s->gz[mx] = (int8_t)Z(t, "Alsace");
    rs_eval_terms(t->g, s, y);
    assert_true(n > 0 && y[RS_T_SP] == x[RS_T_SP] - n);
    vbt_free(t);
}

/* The evaluation's sign and order, shipped, fitted and allied: France's value
 * rises with a Coalition ally neutralised and again with a glory column
 * at France's peace (three columns: its peace at the year's end, 23), the
 * Coalition's is the opposite, and the fitted value stays inside (-1, 1)
 * and is positive once France holds three columns. */
static void test_eval_order(void **state)
{
    (void)state;
    const rs_eval_weights *w[3] = {&rs_eval_shipped, &rs_eval_fitted, &rs_eval_allied};
    for (int k = 0; k < 3; k++) {
        vbt *t = succession();
        rs_state *s = S(t);
        double v0 = rs_eval_with(t->g, s, RS_F, w[k]);
        s->alpos[ST(t, "Brandenburg")] = 0;
        s->neutralised[ST(t, "Brandenburg")] = 1;
        double v1 = rs_eval_with(t->g, s, RS_F, w[k]);
        s->gp = RS_D(t->g)->dip_glory[1];
        double v2 = rs_eval_with(t->g, s, RS_F, w[k]);
        if (!(v0 < v1 && v1 < v2))
            fail_msg("weights %d: %.4f %.4f %.4f", k, v0, v1, v2);
        assert_true(fabs(rs_eval_with(t->g, s, RS_C, w[k]) + v2) < 1e-12);
        assert_true(v2 > 0 && v2 <= 1);
        if (w[k]->logistic)
            assert_true(v0 > -1 && v2 < 1);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eval_progress), cmocka_unit_test(test_eval_terms),
        cmocka_unit_test(test_eval_battle),   cmocka_unit_test(test_eval_terms_fn),
        cmocka_unit_test(test_eval_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
