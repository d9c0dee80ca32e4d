/* test_battle_ai.c - Piacenza 1746, the evaluation the search uses in the
 * battle (pc_eval.c, issue 11): the army's advance, the guard of the
 * objectives, the draw's VP, the Line's credit. Values of doubles are
 * compared within a tolerance (pc_near). */
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
#include "pc_test.h"

/* a and b equal within eps, as doubles (cmocka's assert_float_equal
 * compares floats; this cmocka has no assert_double_equal) */
#define pc_near(a, b, eps) pc_near_at((a), (b), (eps), #a, __FILE__, __LINE__)
static void pc_near_at(double a, double b, double eps, const char *what, const char *file, int line)
{
    if (!(fabs(a - b) <= eps))
        fail_msg("%s:%d: %s = %.17g, expected %.17g (within %g)", file, line, what, a, b, eps);
}

/* The whole army's advance (issue 11, fifth session: with only the unit
 * nearest each objective counted, the others had nothing to gain by moving
 * and the Franco-Spanish search stood still): a unit that is nobody's
 * nearest, moved one hex nearer its nearest noted objective, raises the
 * evaluation; disordered, it does not count. */
static void eval_mass(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int tg[4] = {PLACE(t, "San Lazzaro"), PLACE(t, "Le Mose"), PLACE(t, "Montale"),
                 PLACE(t, "Mucinasso")};
    /* the Franco-Spanish unit farthest from every objective */
    int far = -1, fd = -1;
    for (int u = 0; u < d->nu; u++) {
        if (s->uhex[u] < 0 || d->u[u].side != PC_FS || d->u[u].type == UT_ART)
            continue;
        int nd = 99;
        for (int i = 0; i < 4; i++)
            if (pc_dist(d, s->uhex[u], tg[i]) < nd)
                nd = pc_dist(d, s->uhex[u], tg[i]);
        if (nd > fd)
            fd = nd, far = u;
    }
    assert_true(far >= 0 && fd >= 4);
    int h = s->uhex[far], closer = -1;
    for (int k = 0; k < 6 && closer < 0; k++) {
        int n = pc_nb(d, h, k), nd = 99;
        if (n < 0 || !pc_passable(d, n))
            continue;
        for (int i = 0; i < 4; i++)
            if (pc_dist(d, n, tg[i]) < nd)
                nd = pc_dist(d, n, tg[i]);
        if (nd == fd - 1)
            closer = n;
    }
    assert_true(closer >= 0);
    double base = pc_eval(t->g, s, PC_FS);
    pc_state copy;
    memcpy(&copy, s, sizeof copy);
    copy.uhex[far] = (int16_t)closer;
    assert_true(pc_eval(t->g, &copy, PC_FS) > base);
    assert_true(pc_eval(t->g, &copy, PC_AU) < -base);
    copy.ustat[far] = ST_DIS;
    memcpy(copy.uhex, s->uhex, sizeof copy.uhex);
    double dis = pc_eval(t->g, &copy, PC_FS);
    copy.uhex[far] = (int16_t)closer;
    assert_true(pc_eval(t->g, &copy, PC_FS) == dis);
    vbt_free(t);
}

/* The evaluation with the hand-made weights (pc_shipped_w) from the role's
 * side: what pc_eval played in the battle before the thirty-second session,
 * which now plays the fitted weights there (pc_played_w). The tests that
 * pin the hand-made formula's values check its terms through it. */
static double shipped_eval(const vb_game *g, const void *st, int role)
{
    double term[PC_NTERMS];
    pc_eval_terms(pc_data_of(g, st), st, term);
    double v = pc_eval_weighted(&pc_shipped_w, term);
    return role == PC_FS ? v : -v;
}

/* The Austrian guard (pc_eval.c, issue 11: the Austrian search let the
 * advancing Franco-Spanish walk into the objectives): with one
 * Franco-Spanish unit two hexes from San Lazzaro (its threat 1/3) and one
 * Austrian battalion, the Franco-Spanish value is exactly 0.3 x 1/3 x cover
 * / 4 lower than with the battalion far away: cover 1 on the objective, 1/2
 * next to it exerting its ZOC into it; routed, nothing. */
static void eval_guard(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    clear_board(t);
    pc_state *s = S(t);
    int sl = PLACE(t, "San Lazzaro"), fs = U(t, "Castilla"), au = U(t, "Clerici");
    int two = -1, next = -1, far = -1;
    for (int h = 0; h < d->nhex; h++) {
        if (!pc_passable(d, h))
            continue;
        int nd = 99;
        for (int k = 0; k < d->nobjp; k++)
            if (pc_dist(d, h, d->place[d->objp[k]].hex) < nd)
                nd = pc_dist(d, h, d->place[d->objp[k]].hex);
        if (two < 0 && pc_dist(d, h, sl) == 2)
            two = h;
        if (far < 0 && nd >= 3)
            far = h;
    }
    assert_true(two >= 0 && far >= 0);
    s->uhex[fs] = (int16_t)two;
    for (int k = 0; k < 6 && next < 0; k++) {
        int n = pc_nb(d, sl, k);
        if (n < 0 || n == two || !pc_passable(d, n))
            continue;
        s->uhex[au] = (int16_t)n;
        if (pc_exerts_zoc(d, s, au, sl))
            next = n;
    }
    assert_true(next >= 0);
    s->uhex[au] = (int16_t)far;
    double base = shipped_eval(t->g, s, PC_FS);
    s->uhex[au] = (int16_t)sl;
    pc_near(shipped_eval(t->g, s, PC_FS), base - 0.3 / 3 / 4, 1e-12);
    pc_near(shipped_eval(t->g, s, PC_AU), -(base - 0.3 / 3 / 4), 1e-12);
    s->uhex[au] = (int16_t)next;
    pc_near(shipped_eval(t->g, s, PC_FS), base - 0.3 / 3 / 4 / 2, 1e-12);
    /* routed: it guards nothing (compared with routed far away) */
    s->ustat[au] = ST_ROUT;
    s->uhex[au] = (int16_t)far;
    double rbase = shipped_eval(t->g, s, PC_FS);
    s->uhex[au] = (int16_t)sl;
    pc_near(shipped_eval(t->g, s, PC_FS), rbase, 1e-12);
    /* no threat, no guard: the Franco-Spanish unit disordered counts for no
     * closeness, so the battalion on the objective changes nothing */
    s->ustat[au] = ST_GOOD;
    s->ustat[fs] = ST_DIS;
    s->uhex[au] = (int16_t)far;
    double nbase = shipped_eval(t->g, s, PC_FS);
    s->uhex[au] = (int16_t)sl;
    pc_near(shipped_eval(t->g, s, PC_FS), nbase, 1e-12);
    vbt_free(t);
}

/* 13.1 in the evaluation: with two objectives held the VP decide, so a
 * VP gained is worth more to the Franco-Spanish than with one held (where
 * only the material counts). */
static void eval_draw_vp(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state a;
    memcpy(&a, S(t), sizeof a);
    int u1 = U(t, "Castilla"), u2 = U(t, "Aragon"), h2 = a.uhex[u2];
    a.uhex[u1] = (int16_t)PLACE(t, "Le Mose");
    a.uhex[u2] = (int16_t)PLACE(t, "Montale");
    assert_int_equal(pc_obj_held(d, &a, a.obj), 2);
    int victim = -1;
    for (int u = 0; u < d->nu && victim < 0; u++)
        if (a.uhex[u] >= 0 && d->u[u].side == PC_AU && d->u[u].type == UT_INF)
            victim = u;
    assert_true(victim >= 0);
    pc_state b = a, c = a, e;
    b.uhex[victim] = -1; /* 13.1: an eliminated unit, 1 VP */
    c.uhex[u2] = (int16_t)h2;
    assert_int_equal(pc_obj_held(d, &c, c.obj), 1);
    e = c;
    e.uhex[victim] = -1;
    double two = shipped_eval(t->g, &b, PC_FS) - shipped_eval(t->g, &a, PC_FS);
    double one = shipped_eval(t->g, &e, PC_FS) - shipped_eval(t->g, &c, PC_FS);
    assert_true(one > 0);
    assert_true(two > one + 0.01);
    vbt_free(t);
}

/* The Franco-Spanish objectives noted are what their evaluation aims at; a
 * Line being declared is credited (issue 11 item 4: one step forward near
 * the enemy takes six decisions), the credit gone when the formation ends
 * without moving; the legal options stay the same. */
static void eval_line_credit(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    pc_state *s = S(t);
    double base = pc_eval(t->g, s, PC_FS);
    assert_true(pc_eval(t->g, s, PC_AU) == -base);
    /* a unit nearer a noted objective counts; nearer one not noted, not */
    {
        pc_state copy;
        memcpy(&copy, s, sizeof copy);
        int u = U(t, "Lombardia"), h = copy.uhex[u];
        int tgt = PLACE(t, "San Lazzaro"), other = PLACE(t, "Castellaro");
        copy.uhex[u] = (int16_t)free_hex(t, tgt, 1, 1);
        assert_true(pc_eval(t->g, &copy, PC_FS) > base);
        copy.uhex[u] = (int16_t)free_hex(t, other, 1, 1); /* Castellaro: not noted */
        assert_true(pc_eval(t->g, &copy, PC_FS) <= base);
        copy.uhex[u] = (int16_t)h;
        copy.obj = 1 << OBJ(t, "Castellaro");
        double b2 = pc_eval(t->g, &copy, PC_FS);
        copy.uhex[u] = (int16_t)free_hex(t, other, 1, 1);
        assert_true(pc_eval(t->g, &copy, PC_FS) > b2);
        copy.obj = s->obj;
        copy.uhex[u] = (int16_t)h;
        assert_true(pc_eval(t->g, &copy, PC_FS) == base);
    }
    vbt_act(t, "formation Aramburu");
    assert_true(pc_eval(t->g, s, PC_FS) == base);
    vb_action before[VB_MAX_ACTIONS];
    int nb = t->g->def->legal(t->g, s, before, NULL, VB_MAX_ACTIONS);
    vbt_act(t, "declare-line");
    double begun = pc_eval(t->g, s, PC_FS);
    assert_true(begun > base); /* each unit of the Line counted one hex forward */
    /* the best anchor and direction by the evaluation, as the search's prior */
    vb_action acts[VB_MAX_ACTIONS];
    for (int stage = 0; stage < 2; stage++) {
        int n = t->g->def->legal(t->g, s, acts, NULL, VB_MAX_ACTIONS), bi = 0;
        double bv = -2;
        for (int i = 0; i < n; i++) {
            pc_state c2;
            memcpy(&c2, s, sizeof c2);
            t->g->def->apply(t->g, &c2, acts[i], &t->cx);
            double v = pc_eval(t->g, &c2, PC_FS);
            if (v > bv)
                bv = v, bi = i;
        }
        char a[48];
        t->g->def->action_text(t->g, s, acts[bi], a, sizeof a);
        vbt_act(t, a);
    }
    assert_int_equal(s->phase, PH_MOVE);
    assert_true(s->line_anchor >= 0);
    double declared = pc_eval(t->g, s, PC_FS);
    assert_true(declared > base);
    /* moving keeps the credit; stopping at once loses that unit's */
    int16_t hx[PC_MAXU];
    int8_t adv[PC_MAXU];
    memcpy(hx, s->uhex, sizeof hx);
    memset(adv, 0, sizeof adv);
    assert_true(pc_line_hypothesis(d, s, hx, adv));
    vbt_act(t, "end-formation");
    assert_true(pc_eval(t->g, s, PC_FS) == base);
    /* not a legal option less: the formation's menu as before */
    vbt_free(t);
    t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    vbt_act(t, "formation Aramburu");
    assert_int_equal(t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS), nb);
    assert_memory_equal(acts, before, (size_t)nb * sizeof acts[0]);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eval_mass),
        cmocka_unit_test(eval_guard),
        cmocka_unit_test(eval_draw_vp),
        cmocka_unit_test(eval_line_credit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
