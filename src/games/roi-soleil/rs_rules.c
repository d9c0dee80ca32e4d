/*
 * rs_rules.c - the year of rule 6 in printed order: random events (7),
 * resource points (8), cabinet strategy (9), reinforcements and recruitment
 * (10), fortresses and lines (11), initiative (12), the campaign menu and
 * the pursuit of campaigns (19), strategic surprise (20), winter quarters
 * (21), diplomacy (22) and victory (23); the legal decisions and their
 * application. Marches are in rs_move.c, combats and sieges in rs_combat.c,
 * losses in rs_loss.c, the winter in rs_winter.c, helpers in rs_common.c,
 * views and invariants in rs_view.c.
 */
#include <stdio.h>
#include <stdlib.h>

#include "rs_int.h"

int rs_first_year(const vb_game *g, const rs_state *s)
{
    return s->year == RS_SCEN(g, s)->start;
}

const rs_event *rs_event_of(const vb_game *g, const rs_state *s)
{
    const rs_scen *sc = RS_SCEN(g, s);
    if (s->event < 4)
        return NULL;
    const rs_event *e = &sc->ev[s->year - sc->start][s->event - 4];
    return e->kind ? e : NULL;
}

int rs_star_on_map(const vb_game *g, const rs_state *s, int camp)
{
    const rs_data *d = RS_D(g);
    for (int i = 0; i < d->ng; i++)
        if (rs_gcamp(g, s, i) == camp && d->gd[i].star && s->gz[i] >= 0)
            return 1;
    return 0;
}

static int band(const int *b, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (v <= b[i])
            return i;
    return n - 1;
}

int rs_gen_cost(const vb_game *g, int gi)
{
    const rs_gdef *gd = &RS_D(g)->gd[gi];
    return gd->sc + gd->tc < 4 ? 1 : 2; /* rule 8.2 */
}

/* ---- the year ---------------------------------------------------------- */
static void go(rs_state *s, int phase, int who)
{
    s->phase = (uint8_t)phase;
    s->who = (uint8_t)who;
}

void rs_start_year(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    VB_LOG(cx, "[6] Year %d begins", s->year);
    for (int c = 0; c < 2; c++) {
        rs_camp *k = &s->c[c];
        k->rp = 0; /* rule 8.1: no carry-over */
        k->campaigns = k->mar_used = k->fort_done = k->line_done = 0;
        k->recruited = 0;
        k->bet = k->bet_hidden = 0;
        k->loan_done = 0;
    }
    s->cursor = s->passes = s->did = 0;
    s->event = 0;
    s->pursuit_mod = 0;
    s->ndraw = 0;
    s->winter_mod = 0;
    s->sgen = -1;
    /* the effects of last year's event end (24.3.3: "during the year") */
    s->flood = -1;
    s->boxbon[0] = s->boxbon[1] = 0;
    s->stay_camp = s->lock_camp = -1;
    s->stay_kind = s->lock_kind = s->lock_n = s->lock_cav = 0;
    s->forced_fort = 0;
    s->glock = s->rzone = -1;
    s->ev_late = 0;
    s->rp_adj[0] = s->rp_adj[1] = 0;
    for (int z = 0; z < RS_MAXZ; z++)
        s->z[z].stay = 0;
    rs_enter_allies(g, s, cx);
    go(s, P_EVENT_ROLL, 0);
}

static void begin_cabinet(const vb_game *g, rs_state *s, vb_ctx *cx);
static void after_cabinet(const vb_game *g, rs_state *s, vb_ctx *cx);
static void begin_campaigns(const vb_game *g, rs_state *s, vb_ctx *cx);

/* 6.1.2: resource points. */
static void next_contest(const vb_game *g, rs_state *s, int from, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    for (int z = from; z < d->nz; z++)
        if (RS_SCEN(g, s)->playable[z] && rs_contested(g, s, z) && d->z[z].rp > 0 &&
            !s->z[z].scorched) {
            s->k = (uint8_t)z;
            s->sub = 0;
            go(s, P_CONTEST, 0);
            return;
        }
    /* 8.1.4: loans, beginning with the initiative */
    s->sub = 0;
    go(s, P_LOAN, s->init);
    (void)cx;
}

void rs_begin_rp(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    for (int c = 0; c < 2; c++) {
        s->c[c].rp = (int16_t)rs_income(g, s, c, 0);
        s->c[c].income = s->c[c].rp;
        VB_LOG(cx, "[8.1] %s: %d RP from controlled zones, allies and transit boxes",
               rs_camp_names[c], s->c[c].rp);
        if (s->rp_adj[c]) { /* events: RP added or deducted for this game turn */
            int v = s->c[c].rp + s->rp_adj[c];
            s->c[c].rp = (int16_t)(v < 0 ? 0 : v);
            VB_LOG(cx, "[7] %s: %+d RP by the year's event, %d RP", rs_camp_names[c], s->rp_adj[c],
                   s->c[c].rp);
            s->rp_adj[c] = 0;
        }
    }
    next_contest(g, s, 0, cx);
}

/* 8.1.1: the contested roll-off modifiers for camp c in zone z. */
static int contest_mod(const rs_state *s, int z, int c)
{
    const uint8_t *a = s->z[z].army[c], *b = s->z[z].army[1 - c];
    int m = 0;
    if (rs_sp(a) > 0)
        m++;
    if (rs_sp(a) > rs_sp(b))
        m++;
    if (rs_tsum(a, T_CAV) + rs_tsum(a, T_CAVE) > rs_tsum(b, T_CAV) + rs_tsum(b, T_CAVE))
        m += 2;
    return m;
}

static void contest_roll(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    int z = s->k;
    s->croll[s->sub] = (int8_t)(die + contest_mod(s, z, s->sub));
    if (s->sub == 0) {
        s->sub = 1;
        return;
    }
    const rs_data *d = RS_D(g);
    int w = s->croll[0] > s->croll[1] ? 0 : s->croll[1] > s->croll[0] ? 1 : -1;
    if (w >= 0)
        s->c[w].rp = (int16_t)(s->c[w].rp + d->z[z].rp);
    VB_LOG(cx, "[8.1.1] %s contested: France %d, Coalition %d - %s", d->z[z].name, s->croll[0],
           s->croll[1],
           w < 0 ? "tie, no RP"
           : w   ? "Coalition takes the RP"
                 : "France takes the RP");
    next_contest(g, s, z + 1, cx);
}

static void next_loan(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    if (s->sub == 0) {
        s->sub = 1;
        go(s, P_LOAN, 1 - s->init);
        return;
    }
    begin_cabinet(g, s, cx);
}

/* 6.1.3 and 9: markers back, scorched earth removed, cabinet strategy. */
static void begin_cabinet(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    for (int z = 0; z < d->nz; z++)
        s->z[z].scorched = 0;
    for (int c = 0; c < 2; c++) {
        s->c[c].npick = 0;
        s->c[c].hidden = 0;
        memset(s->c[c].pick, 0, sizeof s->c[c].pick);
        memset(s->c[c].pstate, 0, sizeof s->c[c].pstate);
    }
    s->sub = 0;
    go(s, P_CAB_ROLL, s->init);
    (void)cx;
}

static void cab_roll(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = s->who, bonus = rs_star_on_map(g, s, c) ? d->cab_star : 0;
    int row = die + bonus > 7 ? 7 : die + bonus;
    int col = band(d->cab_band, 5, s->c[c].rp);
    const rs_event *e = rs_event_of(g, s);
    s->c[c].cabmax = (uint8_t)d->cab[row - 1][col];
    s->c[c].cab_roll = (int16_t)die;
    if (e && e->kind == EV_FREE_PICK && e->camp == c) {
        /* 24.5.3 1706-4: "ignores sequence 4 of the Cabinet Strategy and
         * takes as many ... markers as he wishes" */
        s->c[c].cabmax = RS_MAXPICK;
        VB_LOG(cx, "[7] %s ignores the cabinet strategy roll: as many markers as it wishes",
               rs_camp_names[c]);
        go(s, P_CAB_PICK, c);
        return;
    }
    char star[24] = "";
    if (bonus) /* 3.2: a star general on the map (tables.json star_bonus) */
        snprintf(star, sizeof star, " %+d (star)", bonus);
    VB_LOG(cx, "[9] %s cabinet strategy: D6 %d%s with %d RP - at most %d markers", rs_camp_names[c],
           die, star, s->c[c].rp, s->c[c].cabmax);
    go(s, P_CAB_PICK, c);
}

static int cat_left(const vb_game *g, const rs_state *s, int c, int cat)
{
    int n = RS_D(g)->markers[cat];
    for (int i = 0; i < s->c[c].npick; i++)
        n -= s->c[c].pick[i] == cat;
    return n;
}

static int any_held(const rs_state *s, int c)
{
    for (int i = 0; i < s->c[c].npick; i++)
        if (s->c[c].pstate[i] == PK_HELD)
            return 1;
    return 0;
}

static void end_pick(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    int c = s->who;
    VB_LOG(cx, "[9] %s chose %d cabinet strategy markers", rs_camp_names[c], s->c[c].npick);
    const rs_event *e = rs_event_of(g, s);
    if (s->ndraw && e && e->kind == EV_DRAW && e->camp == c && any_held(s, c)) {
        go(s, P_CAB_DRAW, c);
        return;
    }
    if (c == s->init) {
        go(s, P_CAB_ROLL, 1 - c);
        return;
    }
    after_cabinet(g, s, cx);
}

static void after_cabinet(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    if (rs_first_year(g, s)) {
        /* 6.1.5-6.1.7 are not played in the first year; the scenario gives
         * the initiative */
        begin_campaigns(g, s, cx);
        return;
    }
    s->sub = 0;
    memset(s->ggar, 0, sizeof s->ggar);
    rs_buy_back(g, s, s->init, cx);
}

/* 12: the initiative. */
static void init_roll(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    (void)g;
    if (s->sub == 0) {
        for (int c = 0; c < 2; c++) {
            s->c[c].rp = (int16_t)(s->c[c].rp - s->c[c].bet);
            s->c[c].bet_hidden = 0;
        }
        VB_LOG(cx, "[12] Bets revealed: France %d RP, Coalition %d RP", s->c[0].bet, s->c[1].bet);
        s->croll[0] = (int8_t)(die + s->c[0].bet);
        s->sub = 1;
        return;
    }
    s->croll[1] = (int8_t)(die + s->c[1].bet);
    int w = s->croll[0] > s->croll[1] ? RS_F : s->croll[1] > s->croll[0] ? RS_C : 1 - s->prev_init;
    VB_LOG(cx, "[12] Initiative: France %d, Coalition %d - %s%s", s->croll[0], s->croll[1],
           rs_camp_names[w],
           s->croll[0] == s->croll[1] ? " (tie: to the camp without it last year)" : "");
    s->init = (int8_t)w;
    begin_campaigns(g, s, cx);
}

/* 6.2: the campaigns. */
void rs_new_campaign(const vb_game *g, rs_state *s, int camp, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    s->active = (int8_t)camp;
    s->did = 0;
    s->gmoved = 0;
    for (int z = 0; z < d->nz; z++)
        s->z[z].used[0] = s->z[z].used[1] = 0;
    memset(s->boxtried, 0, sizeof s->boxtried);
    go(s, P_IMPULSE, camp);
    /* 6: "One side's impulses stop when its Resource Points have been
     * exhausted": a camp at 0 RP leads no campaign; its turn is a pass */
    if (s->c[camp].rp <= 0 && !s->mv.surprise && s->sgen < 0) {
        VB_LOG(cx, "[6] %s has no RP left: its impulses stop (a campaign passed)",
               rs_camp_names[camp]);
        rs_end_impulse_step(g, s, cx);
    }
}

static void begin_campaigns(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    VB_LOG(cx, "[6.2] Campaigns of %d: %s has the initiative", s->year, rs_camp_names[s->init]);
    s->cursor = 0;
    s->passes = 0;
    rs_new_campaign(g, s, s->init, cx);
}

/* Called when the active player ends a campaign (rule 19). */
void rs_end_impulse_step(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    if (s->sgen >= 0 || s->mv.surprise) {
        /* the end of a strategic surprise (rule 20): the other camp next */
        s->mv.surprise = 0;
        s->sgen = -1;
        if (s->active == s->init) {
            s->sub = 1;
            go(s, P_SURP_CHOOSE, 1 - s->init);
        } else {
            s->sub = 0;
            s->k = 0;
            rs_next_quarters(g, s, cx);
        }
        return;
    }
    int c = s->active;
    s->c[c].campaigns++;
    s->cursor++;
    s->passes = s->did ? 0 : (uint8_t)(s->passes + 1);
    VB_LOG(cx, "[19] %s ends a campaign%s; the campaign cursor is at %d", rs_camp_names[c],
           s->did ? "" : " (passed)", s->cursor);
    if (s->passes >= 2) {
        VB_LOG(cx, "[19] Both camps refused a campaign: the season ends");
        rs_begin_winter(g, s, cx);
        return;
    }
    go(s, P_PURSUIT, 0);
}

static void pursuit(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    int r = die + s->pursuit_mod, c = s->active;
    if (r <= s->cursor) {
        VB_LOG(cx, "[19] Pursuit: D6 %d%+d = %d <= %d, the campaign season is over", die,
               s->pursuit_mod, r, s->cursor);
        rs_begin_winter(g, s, cx);
        return;
    }
    int next = 1 - c;
    if (s->c[next].campaigns >= 3)
        next = c;
    if (s->c[next].campaigns >= 3) {
        VB_LOG(cx, "[9] Three campaigns each: the campaign season is over");
        rs_begin_winter(g, s, cx);
        return;
    }
    VB_LOG(cx, "[19] Pursuit: D6 %d%+d = %d > %d, %s leads the next campaign", die, s->pursuit_mod,
           r, s->cursor, rs_camp_names[next]);
    rs_new_campaign(g, s, next, cx);
}

/* ---- setup --------------------------------------------------------------*/
int rs_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    rs_state *s = st;
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    s->year = (int16_t)sc->start;
    for (int z = 0; z < RS_MAXZ; z++) {
        s->z[z].mk = -1;
        s->z[z].linec = -1;
    }
    memcpy(s->scamp, sc->scamp, sizeof s->scamp);
    memcpy(s->alpos, sc->alpos, sizeof s->alpos);
    memcpy(s->boxc, sc->box_ctrl, sizeof s->boxc);
    for (int i = 0; i < RS_MAXG; i++)
        s->gz[i] = i < d->ng ? sc->gstart[i] : GZ_OUT;
    for (int t = 0; t < RS_MAXS; t++)
        if (sc->alyear[t] > sc->start) { /* 22.1: not yet at war */
            s->scamp[t] = -1;
            s->alpos[t] = 0;
        }
    for (int i = 0; i < sc->nplace; i++) {
        const rs_place *p = &sc->place[i];
        rs_zst *q = &s->z[p->zone];
        if (p->fv)
            q->fv = (uint8_t)p->fv;
        if (p->line) {
            q->line = (uint8_t)p->line;
            q->linec = (int8_t)p->camp;
        }
        for (int t = 0; t < RS_NT; t++) {
            q->army[p->camp][t] = (uint8_t)(q->army[p->camp][t] + p->army[t]);
            q->garr[t] = (uint8_t)(q->garr[t] + p->garr[t]);
        }
        if (rs_ctrl(g, s, p->zone) != p->camp || p->ctrl)
            q->mk = (int8_t)p->camp;
    }
    memcpy(s->c[0].reserve, sc->reserve[0], RS_NT);
    memcpy(s->c[1].reserve, sc->reserve[1], RS_NT);
    s->lorraine = (uint8_t)sc->lorraine;
    s->gp = (int8_t)sc->dip_glory;
    s->init = s->prev_init = (int8_t)sc->initiative;
    s->winner = 0;
    s->mv.gen = s->mv.from = s->mv.at = s->mv.box = -1;
    s->cb.zone = -1;
    s->sg.zone = -1;
    s->attr_zone = -1;
    s->loss_zone = -1;
    s->icpt = -1;
    s->ban_nat = s->doomed = s->glock = s->rzone = -1;
    rs_start_year(g, s, cx);
    return 0;
}

/* ---- decisions -------------------------------------------------------- */
static int is_chance(int p)
{
    switch (p) {
    case P_EVENT_ROLL:
    case P_EVENT_AMT:
    case P_CONTEST:
    case P_LOAN_AMT:
    case P_CAB_ROLL:
    case P_CAB_DRAW:
    case P_INIT_ROLL:
    case P_MV_TEST:
    case P_ATTR:
    case P_SCORCH_TEST:
    case P_BOX_ROLL:
    case P_CB_EVTEST:
    case P_CB_ROUND:
    case P_CB_DEATH:
    case P_CB_BRTEST:
    case P_SG_ROUNDS:
    case P_SG_ROLL:
    case P_SG_SORTIE:
    case P_PURSUIT:
    case P_SURP_TEST:
    case P_ICPT_TEST:
        return 1;
    }
    return 0;
}

int rs_to_move(const vb_game *g, const void *st)
{
    const rs_state *s = st;
    (void)g;
    if (s->phase == P_OVER)
        return VB_OVER;
    return is_chance(s->phase) ? VB_CHANCE : s->who;
}

#define PUSH(act) VB_PUSH(a, n, cap, act)

static int legal_impulse(const vb_game *g, const rs_state *s, vb_action *a, int cap)
{
    const rs_data *d = RS_D(g);
    int c = s->active, o = 1 - c, n = 0;
    uint64_t gmask = 0; /* zones holding one of the camp's generals */
    for (int i = 0; i < d->ng; i++) {
        int z = s->gz[i];
        if (z < 0 || rs_gcamp(g, s, i) != c)
            continue;
        gmask |= (uint64_t)1 << z;
        if ((s->gmoved >> i & 1) || (s->mv.surprise && i != s->sgen) || z == s->flood)
            continue;
        PUSH(ACT(OP_MOVE, i, 0, 0));
    }
    int hb = rs_held(s, c, CAT_BATTLE) >= 0, hs = rs_held(s, c, CAT_SIEGE) >= 0;
    int hsc = rs_held(s, c, CAT_SCORCH) >= 0;
    /* rule 20: "only one army per camp may lead a strategic surprise": in
     * its campaign only the chosen general's army acts (none once he is
     * off the map, killed or taken with no general left in its stack to
     * lead it, rs_combat.c) */
    int surp = s->mv.surprise && s->sgen >= 0, sz = surp ? s->gz[s->sgen] : -1;
    for (int z = 0; z < d->nz; z++) {
        const rs_zst *q = &s->z[z];
        int ac = rs_sp(q->army[c]);
        if (ac == 0)
            continue;
        int ao = rs_sp(q->army[o]), cmd = (int)(gmask >> z & 1) && (!surp || z == sz);
        /* 24.5.3 1712-6: a cease-fire counts some SP out, or prohibits the
         * combat; in the closed game the enemy's nationalities are hidden,
         * so the offer goes by the strengths seen (rs_start_combat and
         * rs_start_siege then refuse a prohibited combat) */
        int open = !s->h.opts[0];
        if (cmd && ao > 0 && !(q->used[c] & 0x10)) {
            int fo = ao, fc = open ? rs_battle_sp(g, s, z, c, &fo) : ac;
            if (fc > 0 && fo > 0 && (hb || fc < 10 || fo < 10))
                PUSH(ACT(OP_ATTACK, z, 0, 0));
        }
        uint8_t at[RS_NT], ga[RS_NT];
        if (cmd && ao == 0 && q->fv > 0 && hs && !(q->used[c] & (1 << CAT_SIEGE)) &&
            rs_ctrl(g, s, z) == o && (!open || rs_siege_sp(g, s, z, c, at, ga)))
            PUSH(ACT(OP_SIEGE, z, 0, 0));
        if (cmd && hsc && !q->scorched && !(q->used[c] & 0x20) && rs_scorch_zone_ok(g, s, c, z))
            PUSH(ACT(OP_SCORCH, z, 0, 0));
        if (ao == 0 && q->fv > rs_sp(q->garr) && rs_ctrl(g, s, z) == c)
            for (int t = 0; t < RS_NT; t++)
                if (q->army[c][t])
                    PUSH(ACT(OP_GARRISON, z, t, 0));
    }
    if (!s->mv.surprise)
        for (int b = 0; b < RS_NBOX; b++)
            if (d->b[b].sea && RS_SCEN(g, s)->box_playable[b] && s->boxc[b] != c &&
                !s->boxtried[b] && s->c[c].rp >= 1)
                PUSH(ACT(OP_CONTROL, b, 0, 0));
    PUSH(ACT(OP_END, 0, 0, 0));
    return n;
}

int rs_legal(const vb_game *g, const void *st, vb_action *a, uint32_t *w, int cap)
{
    const rs_state *s = st;
    const rs_data *d = RS_D(g);
    int n = 0, c = s->who;
    switch (s->phase) {
    case P_OVER:
        return 0;
    case P_CAB_DRAW:
        for (int i = 0; i < s->c[c].npick; i++)
            if (s->c[c].pstate[i] == PK_HELD)
                PUSH(ACT(OP_DRAW, i, 0, 0));
        break;
    case P_EVENT_ZONE: {
        const rs_event *e = rs_event_of(g, s);
        for (int i = 0; e && i < e->nz; i++)
            if (rs_event_zone_ok(g, s, e, e->zones[i]))
                PUSH(ACT(OP_PLACE, e->zones[i], 0, 0));
        break;
    }
    case P_LOAN:
        PUSH(ACT(OP_NOLOAN, 0, 0, 0));
        if (s->c[c].rp >= 1)
            PUSH(ACT(OP_BORROW, 0, 0, 0));
        break;
    case P_CAB_PICK: {
        /* events 1684-4 and -6: the camp must choose its Scorched earth marker */
        const rs_event *e = rs_event_of(g, s);
        int force =
            e && e->kind == EV_FORCE_SCORCH && e->camp == c && cat_left(g, s, c, CAT_SCORCH) > 0;
        if (s->c[c].npick < s->c[c].cabmax)
            for (int k = 0; k < RS_NCAT; k++)
                if (cat_left(g, s, c, k) > 0 && (!force || k == CAT_SCORCH))
                    PUSH(ACT(OP_TAKE, k, 0, 0));
        if (s->c[c].npick >= 1 && !force)
            PUSH(ACT(OP_DONE, 0, 0, 0));
        break;
    }
    case P_RECRUIT:
    case P_FORT:
    case P_PRISON:
        n = rs_legal_prep(g, s, a, n, cap);
        break;
    case P_BET: {
        int m = s->c[c].rp < d->bet_max ? s->c[c].rp : d->bet_max;
        for (int b = 0; b <= m; b++)
            PUSH(ACT(OP_BET, b, 0, 0));
        break;
    }
    case P_IMPULSE:
        n = legal_impulse(g, s, a, cap);
        break;
    case P_MV_COMPOSE:
    case P_MV_STEP:
    case P_MV_TOP:
    case P_ICPT:
        n = rs_legal_move(g, s, a, 0, cap);
        break;
    case P_ICPT_BATTLE:
    case P_CB_DECOY:
    case P_CB_EVADE:
    case P_CB_RETREAT:
    case P_CB_BREAK:
    case P_CB_LOSER:
    case P_SG_EFFORT:
    case P_SG_CONT:
    case P_HONOURS:
    case P_CB_TOP:
        n = rs_legal_combat(g, s, a, 0, cap);
        break;
    case P_SURP_CHOOSE:
        PUSH(ACT(OP_NOSURPRISE, 0, 0, 0));
        for (int i = 0; i < d->ng; i++)
            if (rs_surprise_ok(g, s, c, i))
                PUSH(ACT(OP_SURPRISE, i, 0, 0));
        break;
    case P_DIPLO:
        PUSH(ACT(OP_NODIPLO, 0, 0, 0));
        for (int t = 0; t < d->ns; t++)
            if (rs_sway_ok(g, s, c, t))
                PUSH(ACT(OP_SWAY, t, 0, 0));
        break;
    case P_LOSS:
        n = rs_legal_loss(g, s, a, n, cap);
        break;
    case P_QUARTERS:
        for (int i = 0; i < d->z[s->k].nadj; i++)
            if (rs_quarters_dest(g, s, c, s->k, d->z[s->k].adj[i]))
                PUSH(ACT(OP_QUARTERS, s->k, d->z[s->k].adj[i], 0));
        break;
    default:
        if (!is_chance(s->phase))
            return 0;
        for (int f = 1; f <= 6; f++)
            PUSH(ACT(OP_DIE, f, 0, 0));
    }
    if (n < 0)
        return n;
    if (w)
        for (int i = 0; i < n; i++)
            w[i] = 1;
    return n;
}

/* ---- apply --------------------------------------------------------------*/
static void pick(const vb_game *g, rs_state *s, int cat, vb_ctx *cx)
{
    int c = s->who;
    s->c[c].pick[s->c[c].npick] = (uint8_t)cat;
    s->c[c].pstate[s->c[c].npick] = PK_HELD;
    s->c[c].npick++;
    VB_LOG_TO(cx, VB_ROLE_BIT(c), "[9] %s takes a %s marker", rs_camp_names[c], rs_cat_names[cat]);
    VB_LOG_TO(cx, VB_ALL_ROLES & ~VB_ROLE_BIT(c), "[9] %s takes a marker, face down (%d)",
              rs_camp_names[c], s->c[c].npick);
    if (s->c[c].npick >= s->c[c].cabmax)
        end_pick(g, s, cx);
}

static void scorch_test(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->k, c = s->active, gi = rs_best_sc(g, s, z, c); /* 3.2 */
    int sc = gi >= 0 ? d->gd[gi].sc : 0;
    if (die <= sc) {
        s->z[z].scorched = 1;
        rs_use_marker(s, c, CAT_SCORCH, PK_USED);
        VB_LOG(cx, "[15] Obedience test D6 %d <= SC %d: scorched earth in %s", die, sc,
               d->z[z].name);
    } else {
        VB_LOG(cx, "[15] Obedience test D6 %d > SC %d: the order is not carried out", die, sc);
    }
    go(s, P_IMPULSE, c);
}

/* 13.4.1: a roll for a maritime transit box. */
static void box_roll(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int b = s->k, c = s->active, m = 0;
    int gb = -1, up = -1;
    for (int st = 0; st < d->ns; st++) {
        if (vb_name_eq(d->s[st].name, "Great Britain"))
            gb = st;
        if (vb_name_eq(d->s[st].name, "United Provinces"))
            up = st;
    }
    /* the maritime powers allied together in the Coalition */
    if (gb >= 0 && up >= 0 && s->scamp[gb] == RS_C && s->scamp[up] == RS_C && !s->neutralised[gb] &&
        !s->neutralised[up])
        m += c == RS_C ? 1 : -1;
    m += rs_box_mod(s, b, c);           /* admirals (24.3.3, 24.4.3) */
    m += RS_SCEN(g, s)->box_rmod[c][b]; /* 13.4.1: the Spanish Succession's seas */
    if (die + m >= d->b[b].roll) {
        s->boxc[b] = (int8_t)c;
        VB_LOG(cx, "[13.4.1] %s: D6 %d%+d >= %d, %s takes control", d->b[b].name, die, m,
               d->b[b].roll, rs_camp_names[c]);
    } else {
        VB_LOG(cx, "[13.4.1] %s: D6 %d%+d < %d, no change", d->b[b].name, die, m, d->b[b].roll);
    }
    go(s, P_IMPULSE, c);
}

static int apply_impulse(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = s->active;
    switch (A_OP(a)) {
    case OP_MOVE:
        s->icpt = -1;
        return rs_apply_move(g, s, a, cx);
    case OP_ATTACK:
        s->did = 1;
        rs_start_combat(g, s, A_X(a), s->active, cx);
        return 0;
    case OP_SIEGE:
        s->did = 1;
        rs_start_siege(g, s, A_X(a), cx);
        return 0;
    case OP_SCORCH:
        s->did = 1;
        s->k = (uint8_t)A_X(a);
        s->z[s->k].used[c] |= 0x20;
        go(s, P_SCORCH_TEST, c);
        return 0;
    case OP_CONTROL:
        s->did = 1;
        s->k = (uint8_t)A_X(a);
        s->boxtried[s->k] = 1;
        s->c[c].rp--;
        go(s, P_BOX_ROLL, c);
        return 0;
    case OP_GARRISON: {
        int z = A_X(a), t = A_Y(a);
        char kn[2 * RS_NAME];
        rs_kind_name(g, t, kn, sizeof kn);
        s->z[z].army[c][t]--;
        s->z[z].garr[t]++;
        VB_LOG_TO(cx, s->h.opts[0] ? VB_ROLE_BIT(c) : VB_ALL_ROLES,
                  "[13.1.1] %s puts 1 %s SP in garrison in %s", rs_camp_names[c], kn, d->z[z].name);
        rs_update_control(g, s, z); /* 11: a line left without its army is eliminated */
        return 0;
    }
    case OP_END:
        rs_end_impulse_step(g, s, cx);
        return 0;
    }
    return vb_fail(cx, VB_EILLEGAL, "not a campaign action");
}

static int apply_one(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int op = A_OP(a), die = A_X(a);
    switch (s->phase) {
    case P_EVENT_ROLL:
        s->event = (int8_t)(die >= 4 ? die : 0);
        VB_LOG(cx, "[7] Random event roll for %d: %d", s->year, die);
        rs_apply_event(g, s, cx);
        break;
    case P_EVENT_AMT:
        rs_event_amount(g, s, die, cx);
        break;
    case P_EVENT_ZONE:
        rs_event_place(g, s, A_X(a), cx);
        break;
    case P_CONTEST:
        contest_roll(g, s, die, cx);
        break;
    case P_LOAN:
        if (op == OP_BORROW) {
            s->c[s->who].rp--; /* the interest, paid in advance */
            go(s, P_LOAN_AMT, s->who);
        } else {
            next_loan(g, s, cx);
        }
        break;
    case P_LOAN_AMT:
        s->c[s->who].rp = (int16_t)(s->c[s->who].rp + die);
        s->c[s->who].debt = (int16_t)(s->c[s->who].debt + die);
        VB_LOG(cx, "[8.1.4] %s borrows %d RP (1 RP interest paid)", rs_camp_names[s->who], die);
        next_loan(g, s, cx);
        break;
    case P_CAB_ROLL:
        cab_roll(g, s, die, cx);
        break;
    case P_CAB_PICK:
        if (op == OP_TAKE)
            pick(g, s, A_X(a), cx);
        else
            end_pick(g, s, cx);
        break;
    case P_CAB_DRAW: {
        int c = s->who, i = A_X(a);
        s->c[c].pstate[i] = PK_ASIDE;
        VB_LOG(cx, "[7] A %s %s marker is set aside for the year", rs_camp_names[c],
               rs_cat_names[s->c[c].pick[i]]);
        const rs_event *e = rs_event_of(g, s);
        if (e && e->value) /* 24.3.3 1672-6: it counts as unused (22.4) */
            rs_gp(g, s, 1 - c, e->value, cx);
        if (--s->ndraw > 0 && any_held(s, c))
            break;
        s->ndraw = 0;
        if (c == s->init)
            go(s, P_CAB_ROLL, 1 - c);
        else
            after_cabinet(g, s, cx);
        break;
    }
    case P_RECRUIT:
    case P_FORT:
    case P_PRISON:
        rs_apply_prep(g, s, a, cx);
        break;
    case P_BET:
        s->c[s->who].bet = (uint8_t)A_X(a);
        s->c[s->who].bet_hidden = 1;
        VB_LOG_TO(cx, VB_ROLE_BIT(s->who), "[12] %s bets %d RP", rs_camp_names[s->who], A_X(a));
        VB_LOG_TO(cx, VB_ALL_ROLES & ~VB_ROLE_BIT(s->who), "[12] %s places a secret bet",
                  rs_camp_names[s->who]);
        if (s->sub == 0) {
            s->sub = 1;
            go(s, P_BET, 1 - s->init);
        } else {
            s->sub = 0;
            go(s, P_INIT_ROLL, 0);
        }
        break;
    case P_INIT_ROLL:
        init_roll(g, s, die, cx);
        break;
    case P_IMPULSE:
        return apply_impulse(g, s, a, cx);
    case P_MV_COMPOSE:
    case P_MV_STEP:
    case P_MV_TEST:
    case P_MV_TOP:
    case P_ICPT:
    case P_ICPT_TEST:
        return rs_apply_move(g, s, a, cx);
    case P_ATTR:
        rs_apply_attrition(g, s, die, cx);
        if (s->phase == P_QUARTERS)
            rs_next_quarters(g, s, cx);
        break;
    case P_SCORCH_TEST:
        scorch_test(g, s, die, cx);
        break;
    case P_BOX_ROLL:
        box_roll(g, s, die, cx);
        break;
    case P_PURSUIT:
        pursuit(g, s, die, cx);
        break;
    case P_SURP_CHOOSE:
        if (op == OP_NOSURPRISE) {
            rs_surprise_next(g, s, cx);
        } else {
            s->sgen = (int8_t)A_X(a);
            go(s, P_SURP_TEST, s->who);
        }
        break;
    case P_SURP_TEST: {
        int gi = s->sgen, c = s->who;
        if (die <= d->gd[gi].sc) {
            VB_LOG(cx, "[20] Strategic surprise: D6 %d <= SC %d of %s", die, d->gd[gi].sc,
                   d->gd[gi].name);
            rs_new_campaign(g, s, c, cx);
            s->mv.surprise = 1;
            s->sub = (uint8_t)(c == s->init ? 0 : 1);
        } else {
            VB_LOG(cx, "[20] No strategic surprise: D6 %d > SC %d of %s", die, d->gd[gi].sc,
                   d->gd[gi].name);
            s->sgen = -1;
            rs_surprise_next(g, s, cx);
        }
        break;
    }
    case P_QUARTERS:
        rs_do_quarters(g, s, A_X(a), A_Y(a), cx);
        break;
    case P_LOSS: {
        int r = rs_apply_loss(g, s, a, cx);
        if (!r && s->phase == P_QUARTERS) /* winter attrition done */
            rs_next_quarters(g, s, cx);
        return r;
    }
    case P_DIPLO:
        if (op == OP_SWAY) {
            int ts = A_X(a), c = s->who;
            s->c[c].rp = (int16_t)(s->c[c].rp - 5);
            s->swayed |= 1u << ts;
            VB_LOG(cx, "[22.1] %s spends 5 RP on %s", rs_camp_names[c], d->s[ts].name);
            rs_move_cursor(g, s, ts, c, cx);
        }
        s->sub++;
        rs_next_diplo(g, s, cx);
        break;
    default:
        return rs_apply_combat(g, s, a, cx);
    }
    return 0;
}

/* 3.2: a general on top commands only while he stands in the zone of the
 * combat in progress (one killed, captured or sent to the Reserve leaves
 * the stack), or, outside a combat, in the zone of a march's initiative
 * test chosen for and not yet rolled (P_MV_TEST); none elsewhere */
int rs_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    rs_state *s = st;
    int r = apply_one(g, s, a, cx);
    int z = s->cb.zone >= 0 ? s->cb.zone : s->phase == P_MV_TEST ? s->mv.at : -1;
    for (int i = 0; i < RS_D(g)->ng; i++)
        if (z < 0 || s->gz[i] != z)
            s->gtop &= ~((uint64_t)1 << i);
    return r;
}
