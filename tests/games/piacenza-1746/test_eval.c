/* test_eval.c - the evaluation of Piacenza 1746 for the search
 * (pc_eval.c): the whole battle formula pinned to its exact value on a
 * small board, so that a changed weight, threshold or counted unit fails
 * it (issue 11; since the thirty-second session through shipped_eval, the
 * hand-made weights, the battle playing fitted ones); the share in command (eval_command). The
 * tests of single terms (eval_mass, eval_guard, eval_draw_vp, eval_line_credit) are in
 * test_battle_ai.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* cmocka's assert_float_equal compares floats (its arguments are cast to
 * float): the exact values here are doubles, checked to 1e-12. */
static void close_to(double a, double b, const char *file, int line)
{
    if (!(fabs(a - b) <= 1e-12))
        fail_msg("%s:%d: %.17g != %.17g", file, line, a, b);
}
#define assert_close(a, b) close_to((a), (b), __FILE__, __LINE__)

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

/* The battle with four Franco-Spanish objectives noted, the board cleared
 * of every counter. */
static vbt *empty_battle(void)
{
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    deploy_dragoons(t, 0);
    const char *o[4] = {"San-Lazzaro", "Le-Mose", "Montale", "Mucinasso"};
    char a[64];
    for (int k = 0; k < 4; k++) {
        snprintf(a, sizeof a, "objective %s", o[k]);
        vbt_act(t, a);
    }
    clear_board(t);
    return t;
}

/* Hexes to the nearest of the eight objective places. */
static int to_objective(const pc_data *d, int h)
{
    int near = 99;
    for (int k = 0; k < d->nobjp; k++) {
        int x = pc_dist(d, h, d->place[d->objp[k]].hex);
        near = x < near ? x : near;
    }
    return near;
}

/* A passable hex outside the city at distance dist from `from` (any when
 * from is -1) and exactly obj hexes from the nearest objective (any when
 * obj is -1), at least `away` hexes from `avoid` (when not -1). */
static int find_hex(vbt *t, int from, int dist, int obj, int avoid, int away)
{
    const pc_data *d = D(t);
    for (int h = 0; h < d->nhex; h++) {
        if (!pc_passable(d, h) || d->terr[d->hterr[h]].is_city)
            continue;
        if ((from >= 0 && pc_dist(d, h, from) != dist) || (obj >= 0 && to_objective(d, h) != obj) ||
            (avoid >= 0 && pc_dist(d, h, avoid) < away))
            continue;
        return h;
    }
    fail_msg("no such hex: %d from %d, %d from an objective", dist, from, obj);
    return -1;
}

/* The whole formula on a board of three units, computed by hand from the
 * printed weights of pc_eval.c: material 0.3 (good order counts double),
 * objectives held 0.4 (0-1 held: -1 + held x 2/3; with two held the VP lead
 * over 3, clipped, a third more), closeness 0.6 (the mean over the four
 * noted objectives of 1/(1+distance of the nearest Franco-Spanish unit in
 * good order), plus 0.5 x the sum over those units of 1/(1+distance to its
 * nearest objective) / 16), the guard 0.3. The Austrian battalion stands
 * three hexes from every objective, outside the guard. */
static double hand_value(vbt *t, int nfs, const int *fs, int au)
{
    const pc_data *d = D(t);
    const pc_state *s = S(t);
    double m0 = 0, m1 = pc_usp(d, s, au);
    for (int i = 0; i < nfs; i++)
        m0 += pc_usp(d, s, fs[i]) * (s->ustat[fs[i]] == ST_GOOD ? 1.0 : 0.5);
    double mat = (m0 - m1) / (m0 + m1 + 1);
    int held = pc_obj_held(d, s, s->obj);
    double hold = held >= 3 ? 1 : -1 + held * 2.0 / 3;
    if (held == 2) {
        double dv = (pc_vp(d, s, PC_FS) - pc_vp(d, s, PC_AU)) / 3.0;
        hold += (dv > 1 ? 1 : dv < -1 ? -1 : dv) / 3;
    }
    double sum = 0, mass = 0;
    for (int k = 0; k < d->nobjp; k++) {
        if (!((s->obj >> k) & 1))
            continue;
        int near = 99;
        for (int i = 0; i < nfs; i++)
            if (s->ustat[fs[i]] == ST_GOOD &&
                pc_dist(d, s->uhex[fs[i]], d->place[d->objp[k]].hex) < near)
                near = pc_dist(d, s->uhex[fs[i]], d->place[d->objp[k]].hex);
        sum += 1.0 / (1 + near);
    }
    for (int i = 0; i < nfs; i++) {
        if (s->ustat[fs[i]] != ST_GOOD)
            continue;
        int near = 99;
        for (int k = 0; k < d->nobjp; k++)
            if (((s->obj >> k) & 1) && pc_dist(d, s->uhex[fs[i]], d->place[d->objp[k]].hex) < near)
                near = pc_dist(d, s->uhex[fs[i]], d->place[d->objp[k]].hex);
        mass += 1.0 / (1 + near);
    }
    mass /= 16;
    double c = sum / 4 + 0.5 * (mass > 1 ? 1 : mass);
    return 0.3 * mat + 0.4 * hold + 0.6 * c;
}

static void eval_exact(void **state)
{
    (void)state;
    vbt *t = empty_battle();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int fs[2] = {U(t, "Castilla"), U(t, "Aragon")}, au = U(t, "Andlau");
    int far = find_hex(t, -1, 0, 3, -1, 0);
    s->uhex[au] = (int16_t)far;
    s->uhex[fs[0]] = (int16_t)find_hex(t, -1, 0, 2, far, 8);
    double v = shipped_eval(t->g, s, PC_FS);
    assert_close(v, hand_value(t, 1, fs, au));
    assert_close(shipped_eval(t->g, s, PC_AU), -v);
    /* disordered: half its strength, no closeness */
    s->ustat[fs[0]] = ST_DIS;
    assert_close(shipped_eval(t->g, s, PC_FS), hand_value(t, 1, fs, au));
    s->ustat[fs[0]] = ST_GOOD;
    /* one objective held, then two (the VP lead counted) */
    s->uhex[fs[0]] = (int16_t)PLACE(t, "Le Mose");
    assert_int_equal(pc_obj_held(d, s, s->obj), 1);
    assert_close(shipped_eval(t->g, s, PC_FS), hand_value(t, 1, fs, au));
    s->uhex[fs[1]] = (int16_t)PLACE(t, "Montale");
    assert_int_equal(pc_obj_held(d, s, s->obj), 2);
    assert_close(shipped_eval(t->g, s, PC_FS), hand_value(t, 2, fs, au));
    /* a lead of one VP (the trophies evening the eliminated units): 1/3 of
     * the full lead, within the clip */
    int lead = pc_vp(d, s, PC_FS) - pc_vp(d, s, PC_AU);
    if (lead < 0)
        s->captured[PC_FS] += -lead + 1;
    else
        s->captured[PC_AU] += lead - 1;
    assert_int_equal(pc_vp(d, s, PC_FS) - pc_vp(d, s, PC_AU), 1);
    assert_close(shipped_eval(t->g, s, PC_FS), hand_value(t, 2, fs, au));
    vbt_free(t);
}

/* The share in command (4.4), weight 0.15 in the battle: Castilla with its
 * formation leader (in command) in its hex, then four hexes off; a second
 * unit out of command halves the share. No other term sees the leaders. */
static void eval_command(void **state)
{
    (void)state;
    vbt *t = empty_battle();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int cas = U(t, "Castilla"), ara = U(t, "Aragon"), au = U(t, "Andlau");
    int l = d->f[d->u[cas].form].leader;
    int far = find_hex(t, -1, 0, 3, -1, 0);
    s->uhex[au] = (int16_t)far;
    int h = find_hex(t, -1, 0, 2, far, 8);
    s->uhex[cas] = (int16_t)h;
    s->lcmd |= (int32_t)(1u << l);
    s->lhex[l] = (int16_t)h;
    assert_true(pc_in_command(d, s, cas));
    double in = shipped_eval(t->g, s, PC_FS);
    s->lhex[l] = (int16_t)find_hex(t, h, 4, -1, -1, 0);
    assert_false(pc_in_command(d, s, cas));
    double out = shipped_eval(t->g, s, PC_FS);
    assert_close(in - out, 0.15);
    assert_close(shipped_eval(t->g, s, PC_AU), -out);
    /* Aragon, its leader off the map: one of two in command */
    s->uhex[ara] = (int16_t)find_hex(t, h, 6, -1, far, 8);
    assert_false(pc_in_command(d, s, ara));
    out = shipped_eval(t->g, s, PC_FS);
    s->lhex[l] = (int16_t)h;
    assert_close(shipped_eval(t->g, s, PC_FS) - out, 0.15 / 2);
    /* disordered, Castilla is not counted: none of one in command */
    s->ustat[cas] = ST_DIS;
    out = shipped_eval(t->g, s, PC_FS);
    s->lhex[l] = (int16_t)find_hex(t, h, 4, -1, -1, 0);
    assert_close(shipped_eval(t->g, s, PC_FS), out);
    vbt_free(t);
}

/* The evaluation finds who is in command once a formation
 * (pc_side_in_command): at every position of random battles, for both
 * sides, the same answer as pc_in_command unit by unit. */
static void eval_side_command(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 7);
    const pc_data *d = D(t);
    pc_state s;
    memcpy(&s, S(t), sizeof s);
    static vb_action acts[VB_MAX_ACTIONS];
    vb_ctx cx;
    vb_ctx_init(&cx);
    uint64_t r = 0x9e3779b97f4a7c15ull;
    int checked = 0, out = 0;
    for (int step = 0; step < 3000; step++) {
        int who = vb_to_move(t->g, &s);
        if (who == VB_OVER)
            break;
        for (int side = 0; side < 2; side++) {
            uint8_t in[PC_MAXU];
            memset(in, 2, sizeof in);
            pc_side_in_command(d, &s, side, in);
            for (int u = 0; u < d->nu; u++)
                if (d->u[u].side == side && d->u[u].type != UT_ART && s.uhex[u] >= 0) {
                    assert_int_equal(in[u], pc_in_command(d, &s, u));
                    checked++;
                    out += !in[u];
                }
        }
        vb_action a;
        if (who == VB_CHANCE) {
            a = vb_sample_chance(t->g, &s);
        } else {
            int k = vb_legal(t->g, &s, acts, NULL, VB_MAX_ACTIONS);
            assert_true(k > 0);
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            a = acts[r % (uint64_t)k];
        }
        assert_int_equal(vb_apply(t->g, &s, a, &cx), 0);
    }
    assert_true(checked > 10000); /* positions enough, some out of command */
    assert_true(out > 100);
    vbt_free(t);
}

/* Scenarios 1-3 (no objectives noted): the hand value of the evaluation
 * from the printed weights, material 0.3 (good order counts double), the
 * victory hex 0.4 (Scenario 3: +1 the Franco-Spanish the last to occupy
 * it, -1 the Austrians, 0 nobody; Scenarios 1-2: +1 a Franco-Spanish unit
 * in a victory hex, else -1), closeness 0.6 (the mean of 1/(1+distance to
 * the nearest victory hex) over the side's three closest units in good
 * order, not artillery), the Austrians' own closeness subtracted in
 * Scenario 3 only. */
static double scen_value(vbt *t)
{
    const pc_data *d = D(t);
    const pc_state *s = S(t);
    double m[2] = {0, 0}, c[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        double best[3] = {0, 0, 0};
        for (int u = 0; u < d->nu; u++) {
            if (s->uhex[u] < 0 || d->u[u].side != side)
                continue;
            m[side] += pc_usp(d, s, u) * (s->ustat[u] == ST_GOOD ? 1.0 : 0.5);
            if (s->ustat[u] != ST_GOOD || d->u[u].type == UT_ART)
                continue;
            int near = 99;
            for (int i = 0; i < d->nvic; i++)
                near = pc_dist(d, s->uhex[u], d->vic[i]) < near ? pc_dist(d, s->uhex[u], d->vic[i])
                                                                : near;
            double x = 1.0 / (1 + near);
            for (int k = 0; k < 3; k++)
                if (x > best[k]) {
                    double y = best[k];
                    best[k] = x;
                    x = y;
                }
        }
        c[side] = (best[0] + best[1] + best[2]) / 3;
    }
    double hold = d->vic_last ? (s->holder < 0        ? 0
                                 : s->holder == PC_FS ? 1
                                                      : -1)
                              : (pc_fs_holds(d, s) ? 1 : -1);
    double v = 0.3 * (m[0] - m[1]) / (m[0] + m[1] + 1) + 0.4 * hold + 0.6 * c[PC_FS] -
               (d->vic_last ? 0.6 * c[PC_AU] : 0);
    return v > 1 ? 1 : v < -1 ? -1 : v;
}

/* The first unit of the side that is not artillery. */
static int first_unit(vbt *t, int side)
{
    const pc_data *d = D(t);
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side == side && d->u[u].type != UT_ART)
            return u;
    fail_msg("no unit");
    return -1;
}

/* Each term of the Scenarios' evaluation (pc_eval.c) by its exact value and
 * its sign, so that a term dropped or with its sign flipped fails: the
 * Franco-Spanish closeness, the Austrian closeness (Scenario 3 only), the
 * victory hex (held in Scenario 1, its last occupant in Scenario 3) and the
 * material. */
static void eval_scenario_terms(void **state)
{
    (void)state;
    const char *sc[2] = {"san-lazzaro", "gossolengo"};
    for (int k = 0; k < 2; k++) {
        vbt *t = vbt_new("piacenza-1746", sc[k], 1);
        const pc_data *d = D(t);
        pc_state *s = S(t);
        int fs = first_unit(t, PC_FS), au = first_unit(t, PC_AU);
        assert_int_equal(d->vic_last, k);
        clear_board(t);
        s->holder = -1;
        int vic = d->vic[0];
        /* both units on the board, away from the victory hexes and each other */
        s->uhex[fs] = (int16_t)find_hex(t, vic, 5, -1, -1, 0);
        s->uhex[au] = (int16_t)find_hex(t, vic, 4, -1, s->uhex[fs], 3);
        double base = pc_eval(t->g, s, PC_FS);
        assert_close(base, scen_value(t));
        assert_close(pc_eval(t->g, s, PC_AU), -base);
        /* the Franco-Spanish unit two hexes nearer: 0.6 x (1/4 - 1/6) / 3 more */
        int16_t h = s->uhex[fs];
        s->uhex[fs] = (int16_t)find_hex(t, vic, 3, -1, s->uhex[au], 2);
        assert_close(pc_eval(t->g, s, PC_FS), scen_value(t));
        assert_close(pc_eval(t->g, s, PC_FS) - base, 0.6 * (1.0 / 4 - 1.0 / 6) / 3);
        s->uhex[fs] = h;
        /* the Austrian unit two hexes nearer: Scenario 3 0.6 x (1/3 - 1/5) / 3
         * less, Scenario 1 nothing */
        int16_t ha = s->uhex[au];
        s->uhex[au] = (int16_t)find_hex(t, vic, 2, -1, s->uhex[fs], 2);
        assert_close(pc_eval(t->g, s, PC_FS), scen_value(t));
        assert_close(pc_eval(t->g, s, PC_FS) - base, k ? -0.6 * (1.0 / 3 - 1.0 / 5) / 3 : 0);
        s->uhex[au] = ha;
        /* the victory hex: Scenario 1 a Franco-Spanish unit on it (from -1
         * to +1, with its closeness 1 instead of 1/6); Scenario 3 its last
         * occupant, wherever the units stand */
        if (k) {
            s->holder = PC_FS;
            assert_close(pc_eval(t->g, s, PC_FS) - base, 0.4);
            s->holder = PC_AU;
            assert_close(pc_eval(t->g, s, PC_FS) - base, -0.4);
            s->holder = -1;
        } else {
            s->uhex[fs] = (int16_t)vic;
            assert_true(pc_fs_holds(d, s));
            assert_close(pc_eval(t->g, s, PC_FS) - base, 0.8 + 0.6 * (1.0 - 1.0 / 6) / 3);
            s->uhex[fs] = h;
        }
        /* material: the Austrian unit disordered, half its strength (no
         * closeness of its own either) */
        s->ustat[au] = ST_DIS;
        assert_close(pc_eval(t->g, s, PC_FS), scen_value(t));
        assert_true(pc_eval(t->g, s, PC_FS) > base);
        s->ustat[au] = ST_GOOD;
        /* the closeness is that of the three closest: with units 2, 3, 4
         * and 5 hexes away, (1/3 + 1/4 + 1/5) / 3, the fourth not counted */
        int more[3], nm = 0;
        for (int u = 0; u < d->nu && nm < 3; u++)
            if (u != fs && d->u[u].side == PC_FS && d->u[u].type != UT_ART)
                more[nm++] = u;
        assert_int_equal(nm, 3);
        for (int i = 0; i < 3; i++)
            s->uhex[more[i]] = (int16_t)find_hex(t, vic, 2 + i, -1, s->uhex[au], 2);
        assert_close(pc_eval(t->g, s, PC_FS), scen_value(t));
        vbt_free(t);
    }
}

/* The terms of the evaluation (pc_eval_terms, thirty-second session) on a
 * hand-made battle: Castilla on Le Mose (one of the four noted objectives
 * held), the Austrian battalion three hexes from every objective (no guard,
 * no force at the objectives), turn 4 of the game, a VP lead of two. Each
 * term by its value: material, hold -1/3, the Austrian closeness 0 (the
 * battle), guard 0, the VP lead 2/3, late 3/nturns, late x hold, the local
 * balance Castilla's sp/(sp+1) at Le Mose and 0 at the others, over three;
 * the hand-made weights give the hand formula, and pc_eval in the battle
 * tanh((b + sum) / 2) with the fitted weights. Then Andlau next to Le Mose: guard and
 * the balance there (fs - au)/(fs + au + 1); then three objectives held:
 * hold 1, the VP no longer in it. */
static void eval_terms(void **state)
{
    (void)state;
    vbt *t = empty_battle();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int cas = U(t, "Castilla"), ara = U(t, "Aragon"), au = U(t, "Andlau");
    int lm = PLACE(t, "Le Mose"), far = find_hex(t, -1, 0, 3, -1, 0);
    s->uhex[au] = (int16_t)far;
    s->uhex[cas] = (int16_t)lm;
    s->turn = d->first_turn + 3;
    int lead = pc_vp(d, s, PC_FS) - pc_vp(d, s, PC_AU);
    if (lead < 2)
        s->captured[PC_FS] += 2 - lead;
    else
        s->captured[PC_AU] += lead - 2;
    assert_int_equal(pc_vp(d, s, PC_FS) - pc_vp(d, s, PC_AU), 2);
    /* the other noted objectives lie beyond two hexes of Le Mose */
    const char *o[4] = {"San Lazzaro", "Le Mose", "Montale", "Mucinasso"};
    for (int k = 0; k < 4; k++)
        if (k != 1)
            assert_true(pc_dist(d, lm, PLACE(t, o[k])) > 2);
    double term[PC_NTERMS];
    pc_eval_terms(d, s, term);
    double sp = pc_usp(d, s, cas), sa = pc_usp(d, s, au);
    assert_close(term[PC_T_MAT], (sp - sa) / (sp + sa + 1));
    assert_close(term[PC_T_HOLD], -1.0 / 3);
    assert_close(term[PC_T_CAU], 0);
    assert_close(term[PC_T_GUARD], 0);
    assert_close(term[PC_T_VP], 2.0 / 3);
    assert_close(term[PC_T_LATE], 3.0 / d->nturns);
    assert_close(term[PC_T_LHOLD], -1.0 / d->nturns);
    assert_close(term[PC_T_LOCAL3], sp / (sp + 1) / 3);
    assert_close(shipped_eval(t->g, s, PC_FS), hand_value(t, 1, &cas, au) + 0.15 * term[PC_T_CMD]);
    /* the battle plays the fitted weights: tanh((b + sum) / 2) */
    double z = pc_fitted_w.b;
    for (int k = 0; k < PC_NTERMS; k++)
        z += pc_fitted_w.w[k] * term[k];
    assert_close(pc_eval(t->g, s, PC_FS), tanh(z / 2));
    assert_close(pc_eval(t->g, s, PC_AU), -tanh(z / 2));
    /* Andlau next to Le Mose: the cover of its ZOC, the balance there */
    int adj[3] = {-1, -1,
                  -1}; /* passable hexes 1, 2 and 3 from Le Mose, beyond two of the others */
    for (int r = 1; r <= 3; r++)
        for (int h = 0; h < d->nhex && adj[r - 1] < 0; h++) {
            int ok = pc_passable(d, h) && pc_dist(d, h, lm) == r;
            for (int k = 0; k < 4; k++)
                ok = ok && (k == 1 || pc_dist(d, h, PLACE(t, o[k])) > 2);
            adj[r - 1] = ok ? h : -1;
        }
    assert_true(adj[0] >= 0 && adj[1] >= 0 && adj[2] >= 0);
    double b = (sp - sa) / (sp + sa + 1); /* the others' balance 0: the best three */
    assert_true(b != 0);
    for (int r = 1; r <= 3; r++) {
        s->uhex[au] = (int16_t)adj[r - 1];
        pc_eval_terms(d, s, term);
        assert_true(r > 1 || term[PC_T_GUARD] > 0);
        assert_close(term[PC_T_LOCAL3], r <= 2 ? (b > 0 ? b : 0) / 3 : sp / (sp + 1) / 3);
    }
    /* routed next to Le Mose, Andlau counts for nothing there (M45,
     * pc_eval.c:246: only units not routed make the balance) */
    s->uhex[au] = (int16_t)adj[0];
    s->ustat[au] = ST_ROUT;
    pc_eval_terms(d, s, term);
    assert_close(term[PC_T_LOCAL3], sp / (sp + 1) / 3);
    s->ustat[au] = ST_GOOD;
    /* three held: hold 1 whatever the VP */
    s->uhex[au] = (int16_t)far;
    s->uhex[ara] = (int16_t)PLACE(t, "Montale");
    int mu = U(t, "Lombardia");
    s->uhex[mu] = (int16_t)PLACE(t, "Mucinasso");
    assert_int_equal(pc_obj_held(d, s, s->obj), 3);
    pc_eval_terms(d, s, term);
    assert_close(term[PC_T_HOLD], 1);
    assert_close(term[PC_T_LHOLD], 3.0 / d->nturns);
    vbt_free(t);
}

/* The evaluation's sign and order, with the weights played, with the
 * fitted ones (pc_fitted_w) and with other logistic weights (tanh((b +
 * sum)/2)): the Franco-Spanish on no objective far away, then one unit next
 * to an objective, then one objective held, then three held evaluate higher
 * each time for them, lower for the Austrians. */
static void eval_order(void **state)
{
    (void)state;
    vbt *t = empty_battle();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int fs[3] = {U(t, "Castilla"), U(t, "Aragon"), U(t, "Lombardia")}, au = U(t, "Andlau");
    int far = find_hex(t, -1, 0, 3, -1, 0);
    s->uhex[au] = (int16_t)far;
    for (int i = 0; i < 3; i++)
        s->uhex[fs[i]] = (int16_t)find_hex(t, -1, 0, 6 + i, far, 4);
    const pc_weights lg = {1, -0.5, {1, 2, 1, 0, -1, 0.5, 0.5, 0, 1, 1}};
    const pc_weights *ws[2] = {&lg, &pc_fitted_w};
    double last = -2, last_w[2] = {-2, -2}, term[PC_NTERMS];
    for (int step = 0; step < 4; step++) {
        if (step == 1)
            s->uhex[fs[0]] = (int16_t)find_hex(t, PLACE(t, "Le Mose"), 1, 1, far, 3);
        if (step == 2)
            s->uhex[fs[0]] = (int16_t)PLACE(t, "Le Mose");
        if (step == 3) {
            s->uhex[fs[1]] = (int16_t)PLACE(t, "Montale");
            s->uhex[fs[2]] = (int16_t)PLACE(t, "Mucinasso");
        }
        double v = pc_eval(t->g, s, PC_FS);
        assert_true(v > last);
        assert_close(pc_eval(t->g, s, PC_AU), -v);
        last = v;
        pc_eval_terms(d, s, term);
        for (int i = 0; i < 2; i++) {
            double z = ws[i]->b;
            for (int k = 0; k < PC_NTERMS; k++)
                z += ws[i]->w[k] * term[k];
            double vl = pc_eval_weighted(ws[i], term);
            assert_close(vl, tanh(z / 2));
            assert_true(vl > last_w[i]);
            last_w[i] = vl;
        }
    }
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eval_exact),        cmocka_unit_test(eval_command),
        cmocka_unit_test(eval_side_command), cmocka_unit_test(eval_scenario_terms),
        cmocka_unit_test(eval_terms),        cmocka_unit_test(eval_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
