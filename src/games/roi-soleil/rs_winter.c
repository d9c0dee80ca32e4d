/*
 * rs_winter.c - the wintering phase of rule 6.3: strategic surprise (20),
 * winter quarters (21), diplomatic actions (22.1), unused markers (22.4),
 * the Diplomacy Table and victory (23).
 */
#include <stdlib.h>

#include "rs_int.h"

static void go(rs_state *s, int phase, int who)
{
    s->phase = (uint8_t)phase;
    s->who = (uint8_t)who;
}

/* 6.3.1, rule 20: strategic surprise, the initiative first. */
void rs_begin_winter(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    VB_LOG(cx, "[6.3] Winter %d", s->year);
    if (s->doomed >= 0 && s->gz[s->doomed] != GZ_OUT) { /* 24.4.3 1695-4 on a 6 */
        VB_LOG(cx, "[7] %s leaves the game at the end of the campaigns",
               RS_D(g)->gd[s->doomed].name);
        s->gz[s->doomed] = GZ_OUT;
        s->ggar[s->doomed] = 0;
    }
    s->doomed = -1;
    s->sub = 0;
    go(s, P_SURP_CHOOSE, s->init);
}

int rs_surprise_ok(const vb_game *g, const rs_state *s, int c, int gi)
{
    int z = s->gz[gi];
    if (rs_gcamp(g, s, gi) != c || z < 0)
        return 0;
    const uint8_t *a = s->z[z].army[c];
    return rs_tsum(a, T_INF) + rs_tsum(a, T_INFE) + rs_tsum(a, T_ART) > 0;
}

void rs_surprise_next(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    if (s->sub == 0) {
        s->sub = 1;
        go(s, P_SURP_CHOOSE, 1 - s->init);
        return;
    }
    s->sub = 0;
    s->k = 0;
    rs_next_quarters(g, s, cx);
}

static int quarters_needed(const vb_game *g, const rs_state *s, int c, int z)
{
    return rs_army(s, z, c) > 0 && rs_ctrl(g, s, z) != c;
}

int rs_quarters_dest(const vb_game *g, const rs_state *s, int c, int from, int to)
{
    const rs_data *d = RS_D(g);
    int adj = 0;
    for (int i = 0; i < d->z[from].nadj; i++)
        adj |= d->z[from].adj[i] == to;
    return adj && rs_enterable(g, s, to, c) && rs_ctrl(g, s, to) == c &&
           !rs_banned(g, s, from, c, to);
}

void rs_next_diplo(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    if (s->ev_late) { /* 24.5.3 1702-5: "During the diplomatic actions sequence, roll a D6" */
        s->phase = P_EVENT_AMT;
        s->who = 0;
        return;
    }
    while (s->sub < 2) {
        int c = s->sub == 0 ? s->init : 1 - s->init;
        if (rs_any_sway(g, s, c)) {
            go(s, P_DIPLO, c);
            return;
        }
        s->sub++;
    }
    rs_final_winter(g, s, cx);
}

/* Rule 21: each army in a zone its camp does not control goes to an adjacent
 * controlled zone (no RP, no attrition), else suffers attrition at +3. */
void rs_next_quarters(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    for (;;) {
        int c = s->sub == 0 ? s->init : 1 - s->init;
        for (int z = s->k; z < d->nz; z++) {
            if (!quarters_needed(g, s, c, z))
                continue;
            s->k = (uint8_t)z;
            int any = 0;
            /* 13.1: an army without a general cannot move to its quarters */
            for (int i = 0; i < d->z[z].nadj && rs_commander(g, s, z, c) >= 0; i++)
                any |= rs_quarters_dest(g, s, c, z, d->z[z].adj[i]);
            if (any) {
                go(s, P_QUARTERS, c);
                return;
            }
            s->k = (uint8_t)(z + 1);
            VB_LOG(cx, "[21] %s army in %s cannot reach a controlled zone to winter in",
                   rs_camp_names[c], d->z[z].name);
            /* 14.1, all cumulative: +3, and -1 for a general whose SC is not 0 */
            int gi = rs_best_sc(g, s, z, c), sc = gi >= 0 && d->gd[gi].sc ? 1 : 0; /* 3.2 */
            rs_start_attrition(g, s, z, c, rs_army(s, z, c), 3 + s->winter_mod - sc, P_QUARTERS,
                               s->z[z].army[c]);
            return;
        }
        if (s->sub == 1)
            break;
        s->sub = 1;
        s->k = 0;
    }
    /* 6.3.3, 22.1: diplomatic actions, the initiative first */
    s->sub = 0;
    s->swayed = 0;
    rs_next_diplo(g, s, cx);
}

void rs_do_quarters(const vb_game *g, rs_state *s, int from, int to, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = s->who;
    for (int t = 0; t < RS_NT; t++) {
        int m = s->z[from].army[c][t] - rs_stay(s, from, c, t); /* 24.3.3: frozen SP stay */
        s->z[to].army[c][t] = (uint8_t)(s->z[to].army[c][t] + m);
        s->z[from].army[c][t] = (uint8_t)(s->z[from].army[c][t] - m);
    }
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == from && rs_gcamp(g, s, i) == c)
            s->gz[i] = (int8_t)to;
    VB_LOG(cx, "[21] %s army winters in %s, leaving %s", rs_camp_names[c], d->z[to].name,
           d->z[from].name);
    rs_update_control(g, s, from);
    rs_capture_lone_generals(g, s, to, cx); /* 17.2: an enemy general alone there */
    s->k = (uint8_t)(from + 1);
    rs_next_quarters(g, s, cx);
}

/* 6.3.3-6.3.6: unused markers, the Diplomacy Table, victory. */
static int column(int v, int cmax, int fmin)
{
    return v <= cmax ? -1 : v >= fmin ? 1 : 0;
}

/* 23: the four cursors of the Diplomacy Table and their columns (-1 the
 * Coalition's peace, 0 war, +1 France's peace). */
void rs_diplomacy(const vb_game *g, const rs_state *s, int rp, int gp, int *allies, int *obj,
                  int col[4])
{
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    int nf = 0, nc = 0;
    /* 22.1: "number of Coalition allies neutralised - number of French
     * allies neutralised", each counted with the camp it was allied to when
     * neutralised (a state that changed sides, 24.3.3 1678-4 or 24.5.3
     * 1702-5, with its new camp) */
    for (int st = 0; st < d->ns; st++)
        if (s->neutralised[st]) {
            if (s->scamp[st] == RS_C)
                nc++;
            else if (s->scamp[st] == RS_F)
                nf++;
        }
    *allies = sc->dip_allies + nc - nf;
    *obj = sc->dip_obj;
    for (int i = 0; i < sc->nobj; i++)
        *obj += rs_ctrl(g, s, sc->obj[i]) == RS_F;
    for (int z = 0; z < d->nz; z++)
        *obj -= d->z[z].state == d->st_france && rs_ctrl(g, s, z) == RS_C;
    col[0] = column(*allies, d->dip_allies[0], d->dip_allies[1]);
    col[1] = column(rp, d->dip_rp[0], d->dip_rp[1]);
    col[2] = column(*obj, d->dip_obj_c, sc->obj_fmin);
    col[3] = column(gp, d->dip_glory[0], d->dip_glory[1]);
}

void rs_final_winter(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_scen *sc = RS_SCEN(g, s);
    const rs_event *e = rs_event_of(g, s);
    /* 22.4: each marker chosen and not used costs its camp a GP (24.5.3
     * 1706-4: "The unused Coalition ... markers are not counted") */
    for (int c = 0; c < 2; c++) {
        int n = 0;
        if (e && e->kind == EV_FREE_PICK && e->camp == c)
            continue;
        for (int i = 0; i < s->c[c].npick; i++)
            n += s->c[c].pstate[i] == PK_HELD;
        if (n) {
            VB_LOG(cx, "[22.4] %s has %d unused cabinet strategy markers", rs_camp_names[c], n);
            rs_gp(g, s, 1 - c, n, cx);
        }
    }
    /* 23 with 8.1.4: loans repaid out of the year's RP; a camp that cannot repay is bankrupt */
    int inc[2];
    for (int c = 0; c < 2; c++) {
        inc[c] = rs_income(g, s, c, 0) - s->c[c].debt;
        if (inc[c] < 0) {
            VB_LOG(cx, "[8.1.4] %s cannot repay its loans: bankruptcy", rs_camp_names[c]);
            s->over = 1;
            s->winner = (uint8_t)(1 - c);
            s->bankrupt = 1;
            go(s, P_OVER, 0);
            return;
        }
        s->c[c].debt = 0;
    }
    int allies, obj, col[4];
    rs_diplomacy(g, s, inc[0], s->gp, &allies, &obj, col);
    int f = 0, k = 0;
    for (int i = 0; i < 4; i++)
        f += col[i] > 0, k += col[i] < 0;
    VB_LOG(cx,
           "[23] Diplomacy Table: allies %+d, France's RP %d, objectives %d, GP %d - %d cursors "
           "for France, %d for the Coalition",
           allies, inc[0], obj, s->gp, f, k);
    if (f >= 3 || k >= 3) {
        s->over = 1;
        s->winner = f >= 3 ? RS_F : RS_C;
        s->resounding = (f == 4 || k == 4);
        VB_LOG(cx, "[23] Peace treaty in favour of %s%s", rs_camp_names[s->winner],
               s->resounding ? ": a resounding victory" : "");
        go(s, P_OVER, 0);
        return;
    }
    if (s->year >= sc->end) {
        s->over = 1;
        s->winner = 2;
        VB_LOG(cx, "[23] Last year: a peace compromise without victory");
        go(s, P_OVER, 0);
        return;
    }
    s->prev_init = s->init;
    s->year++;
    rs_start_year(g, s, cx);
}
