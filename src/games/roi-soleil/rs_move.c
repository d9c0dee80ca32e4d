/*
 * rs_move.c - marches (rule 13) in stages: the general, then the army he
 * takes (other generals, units left behind, units taken from the garrison),
 * then zone by zone; transit boxes (13.4); initiative tests on leaving a
 * contested zone or passing an enemy army (13.2); attrition and desertion
 * at the end of every march and retreat (rule 14).
 */
#include "rs_int.h"

#define PUSH(act) VB_PUSH(a, n, cap, act)

static int adjacent(const rs_data *d, int a, int b)
{
    for (int i = 0; i < d->z[a].nadj; i++)
        if (d->z[a].adj[i] == b)
            return 1;
    return 0;
}

static int fo_zone(const rs_data *d)
{
    return d->zone_fo;
}

/* 13.1.2: entering a zone of a state indicated as neutral costs a GP and is
 * for an army, not a general alone. */
static int neutral_zone(const vb_game *g, const rs_state *s, int z)
{
    const rs_data *d = RS_D(g);
    return RS_SCEN(g, s)->neutral[d->z[z].state] && s->z[z].mk < 0;
}

static int need_double(const rs_state *s, int via)
{
    return via || s->mv.box >= 0 || s->mv.surprise;
}

/* RP still to pay if the march grows to sp SP (doubled via a box or in
 * winter): 13.1.1, the most valuable army during the march. */
static int extra_cost(const vb_game *g, const rs_state *s, int via)
{
    int sp = rs_sp(s->mv.sp);
    int mx = sp > s->mv.maxsp ? sp : s->mv.maxsp;
    if (mx == 0)
        return 0;
    return rs_move_cost(g, mx, need_double(s, via)) - s->mv.paid;
}

/* 24.4.3 1694-5: a march carrying a unit or a general of the barred nationality */
static int banned_march(const vb_game *g, const rs_state *s)
{
    const rs_data *d = RS_D(g);
    if (rs_nsum(s->mv.sp, s->ban_nat) > 0)
        return 1;
    for (int i = 0; i < d->ng; i++)
        if ((s->mv.gens >> i & 1) && d->gd[i].nation == s->ban_nat)
            return 1;
    return 0;
}

static int step_ok(const vb_game *g, const rs_state *s, int to, int via)
{
    const rs_data *d = RS_D(g);
    int c = s->active, sp = rs_sp(s->mv.sp);
    if (!rs_enterable(g, s, to, c) || to == s->mv.at)
        return 0;
    if (sp == 0 && (rs_army(s, to, 1 - c) > 0 || neutral_zone(g, s, to)))
        return 0;
    if (s->mv.zones >= RS_MAXSTEPS) /* an engine bound: the attrition table saturates long before */
        return 0;
    if (s->mv.surprise && s->mv.zones >= 1) /* rule 20: a single zone */
        return 0;
    if (s->ban_nat >= 0 && (s->ban_zones >> to & 1) && banned_march(g, s))
        return 0; /* 24.4.3 1694-5 */
    if (via >= 0) {
        if (d->b[via].sea) {
            if (!d->z[s->mv.at].sea[via] || !d->z[to].sea[via])
                return 0;
            if (s->boxc[via] == 1 - c) /* 13.1.1: controlled by the mover or neutral */
                return 0;
            if (s->c[c].mar_used + sp > rs_maritime(g, s, c)) /* 13.4 capacity */
                return 0;
        } else {
            int fo = fo_zone(d);
            if (c != RS_F || fo < 0 || !adjacent(d, s->mv.at, fo) || !adjacent(d, to, fo) ||
                s->mv.at == fo || to == fo)
                return 0;
        }
        if (!RS_SCEN(g, s)->box_playable[via])
            return 0;
        if (rs_ctrl(g, s, to) == 1 - c) /* 13.4: to a zone not controlled by the enemy */
            return 0;
    } else if (!adjacent(d, s->mv.at, to)) {
        return 0;
    }
    return extra_cost(g, s, via >= 0) <= s->c[c].rp;
}

/* RP to pay now if the march takes one more SP */
static int pick_cost(const vb_game *g, const rs_state *s)
{
    int sp = rs_sp(s->mv.sp) + 1;
    int mx = sp > s->mv.maxsp ? sp : s->mv.maxsp;
    return rs_move_cost(g, mx, need_double(s, 0)) - s->mv.paid;
}

/* 13.3: an inactive army may intercept from an adjacent zone without an
 * enemy army, with a general, paying its march. */
static int can_intercept(const vb_game *g, const rs_state *s, int o, int from, int to)
{
    if (from == s->flood) /* 24.3.3 1672-4: "No movement in the zone" */
        return 0;
    int sp = rs_army(s, from, o);
    for (int t = 0; t < RS_NT && s->stay_camp == o; t++)
        sp -= rs_stay(s, from, o, t); /* 24.3.3: frozen SP do not move */
    return sp > 0 && rs_army(s, from, 1 - o) == 0 && rs_commander(g, s, from, o) >= 0 &&
           rs_enterable(g, s, to, o) && !rs_banned(g, s, from, o, to) && !s->mv.surprise &&
           s->c[o].rp >= rs_move_cost(g, sp, 0);
}

static int any_intercept(const vb_game *g, const rs_state *s, int to)
{
    const rs_data *d = RS_D(g);
    for (int i = 0; i < d->z[to].nadj; i++)
        if (can_intercept(g, s, 1 - s->active, d->z[to].adj[i], to))
            return 1;
    return 0;
}

int rs_legal_move(const vb_game *g, const rs_state *s, vb_action *a, int n, int cap)
{
    const rs_data *d = RS_D(g);
    int c = s->active, z = s->mv.from;
    if (s->phase == P_MV_COMPOSE) {
        for (int i = 0; i < d->ng; i++)
            if (s->gz[i] == z && rs_gcamp(g, s, i) == c && !(s->mv.gens >> i & 1) &&
                !(s->gmoved >> i & 1) && !s->mv.surprise)
                PUSH(ACT(OP_TAKEG, i, 0, 0));
        for (int t = 0; t < RS_NT; t++)
            if (s->mv.sp[t])
                PUSH(ACT(OP_LEAVE, t, 0, 0));
        if (rs_ctrl(g, s, z) == c && rs_army(s, z, 1 - c) == 0)
            for (int t = 0; t < RS_NT; t++)
                if (s->z[z].garr[t] && !(s->mv.surprise && (K_TY(t) == T_CAV || K_TY(t) == T_CAVE)))
                    PUSH(ACT(OP_UNGARRISON, t, 0, 0));
        PUSH(ACT(OP_MARCH, 0, 0, 0));
        return n;
    }
    if (s->phase == P_MV_TOP) {
        for (int i = 0; i < d->ng; i++)
            if (s->gz[i] == s->mv.at && rs_gcamp(g, s, i) == 1 - c)
                PUSH(ACT(OP_COMMAND, i, 0, 0));
        return n;
    }
    if (s->phase == P_ICPT) {
        int o = 1 - c, to = s->mv.at;
        PUSH(ACT(OP_NOINTERCEPT, 0, 0, 0));
        for (int i = 0; i < d->z[to].nadj; i++)
            if (can_intercept(g, s, o, d->z[to].adj[i], to))
                PUSH(ACT(OP_INTERCEPT, d->z[to].adj[i], 0, 0));
        return n;
    }
    /* P_MV_STEP */
    if (!s->mv.stop) {
        int at = s->mv.at;
        for (int i = 0; i < d->z[at].nadj; i++)
            if (step_ok(g, s, d->z[at].adj[i], -1))
                PUSH(ACT(OP_TO, d->z[at].adj[i], 0, 0));
        for (int b = 0; b < RS_NBOX; b++) {
            if (!RS_SCEN(g, s)->box_playable[b] || (d->b[b].sea && !d->z[at].sea[b]) ||
                (!d->b[b].sea && (c != RS_F || !adjacent(d, at, d->zone_fo))))
                continue;
            for (int to = 0; to < d->nz; to++)
                if ((b == d->box_fo || d->z[to].sea[b]) && step_ok(g, s, to, b))
                    PUSH(ACT(OP_VIA, b, to, 0));
        }
    }
    /* 13.1.1: units left or taken on the way (army or garrison), paying at
     * once for the most valuable army */
    if (s->mv.zones > 0 && !s->mv.surprise && s->mv.pad < RS_MAXSTEPS) {
        int at = s->mv.at;
        for (int t = 0; t < RS_NT; t++)
            if (s->mv.sp[t])
                PUSH(ACT(OP_DROP, t, 0, 0));
        if (pick_cost(g, s) <= s->c[c].rp) {
            for (int t = 0; t < RS_NT; t++)
                if (s->z[at].army[c][t] > rs_stay(s, at, c, t))
                    PUSH(ACT(OP_PICK, t, 0, 0));
            if (rs_ctrl(g, s, at) == c && rs_army(s, at, 1 - c) == 0)
                for (int t = 0; t < RS_NT; t++)
                    if (s->z[at].garr[t])
                        PUSH(ACT(OP_PICK, t, 1, 0));
        }
    }
    if (s->mv.stop == 1)
        PUSH(ACT(OP_PRESSON, 0, 0, 0));
    PUSH(ACT(OP_HALT, 0, 0, 0));
    return n;
}

/* 14.1 for an army that moves into zone z by a retreat or an interception
 * (one zone: no distance modifier): +2 for a Scorched earth marker there
 * ("stopped or moving through"), +1 in the winter season (a retreat in the
 * strategic surprise's campaign, rule 20, with the year's winter events),
 * and a crossing event's value (24.5.3 1703-6) */
int rs_enter_mod(const vb_game *g, const rs_state *s, int camp, int z)
{
    return 2 * s->z[z].scorched + (s->sgen >= 0 ? 1 + s->winter_mod : 0) +
           rs_crossing_mod(g, s, camp, z);
}

/* Rule 14 for the army `army` (its SP, already in zone z) that moved with
 * at most sp SP: the losses come out of it alone, not out of an army of
 * its camp it joins there (13.1.1: "united at the end of the movement, and
 * after the determination of attrition and desertion"). */
void rs_start_attrition(const vb_game *g, rs_state *s, int z, int camp, int sp, int mod, int ret,
                        const uint8_t *army)
{
    (void)g;
    memcpy(s->attr_army, army, RS_NT);
    s->attr_zone = (int8_t)z;
    s->attr_camp = (int8_t)camp;
    s->attr_mod = (int8_t)mod;
    s->attr_sp = (int8_t)(sp > 127 ? 127 : sp);
    s->ret = (int8_t)ret;
    s->phase = P_ATTR;
    s->who = (uint8_t)camp;
}

/* Rule 14: D6 + modifiers against the column of the army's size. */
void rs_apply_attrition(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->attr_zone, c = s->attr_camp, r = die + s->attr_mod;
    int row = r - d->attr_min;
    row = row < 0 ? 0 : row > 8 ? 8 : row;
    int col = 0;
    while (col < 5 && s->attr_sp > d->attr_band[col])
        col++;
    int loss = d->attr[col][row];
    int have = rs_sp(s->attr_army);
    if (loss > have)
        loss = have;
    VB_LOG(cx, "[14] Attrition of the %s army in %s (%d SP): D6 %d%+d = %d - %d SP lost",
           rs_camp_names[c], d->z[z].name, s->attr_sp, die, s->attr_mod, r, loss);
    rs_start_losses(g, s, z, c, loss, 0, LK_ATTR, cx);
}

/* after the owner has taken the attrition losses (rs_loss.c) */
void rs_after_attrition(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    int z = s->attr_zone, c = s->attr_camp;
    rs_capture_lone_generals(g, s, z, cx);
    if (s->z[z].line && rs_army(s, z, s->z[z].linec) == 0)
        s->z[z].line = 0; /* rule 11: a line left alone by its army's attrition */
    memset(s->attr_army, 0, RS_NT);
    s->phase = (uint8_t)s->ret;
    s->who = (uint8_t)(s->ret == P_IMPULSE || s->ret == P_MV_STEP ? s->active : c);
    s->attr_zone = -1;
    if (s->ret == P_IMPULSE && s->icpt >= 0)
        rs_icpt_offer(g, s); /* 13.3: the interceptor may now attack */
}

static void finish_march(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = s->active, z = s->mv.at, sp = rs_sp(s->mv.sp);
    uint8_t moved[RS_NT];
    memcpy(moved, s->mv.sp, RS_NT);
    for (int t = 0; t < RS_NT; t++)
        s->z[z].army[c][t] = (uint8_t)(s->z[z].army[c][t] + s->mv.sp[t]);
    memset(s->mv.sp, 0, sizeof s->mv.sp);
    for (int i = 0; i < d->ng; i++)
        if (s->mv.gens >> i & 1)
            s->gz[i] = (int8_t)z;
    if (s->mv.zones == 0) {
        VB_LOG(cx, "[13] %s does not march", d->gd[s->mv.gen].name);
        s->phase = P_IMPULSE;
        s->who = (uint8_t)c;
        s->mv.gen = -1;
        /* 17.2: SP taken out of the fortress now stand in the zone as an
         * army: an enemy general alone there is taken prisoner */
        rs_capture_lone_generals(g, s, z, cx);
        return;
    }
    rs_update_control(g, s, z);
    /* 11: "A Line of defence marker alone in a zone is eliminated": the
     * march's units left it (the zone of departure, or a zone whose army
     * it picked up on the way) */
    for (int y = 0; y < d->nz; y++)
        if (s->z[y].line && rs_army(s, y, s->z[y].linec) == 0) {
            s->z[y].line = 0;
            VB_LOG(cx, "[11] The line of defence of %s, left alone, is eliminated", d->z[y].name);
        }
    VB_LOG(cx, "[13.1.1] %s halts in %s with %d SP, %d RP spent", d->gd[s->mv.gen].name,
           d->z[z].name, sp, s->mv.paid);
    int gsc = d->gd[s->mv.gen].sc;
    s->mv.gen = -1;
    /* 17.2: a general the march's units left behind (not marching with
     * them) beside an enemy army is taken prisoner */
    for (int y = 0; y < d->nz; y++)
        rs_capture_lone_generals(g, s, y, cx);
    if (s->mv.maxsp == 0) {
        rs_icpt_offer(g, s);
        return;
    }
    /* 14.1: +1 per zone after the first, +2 per scorched zone, +1 in winter,
     * -1 for a general whose SC is not 0 */
    int mod = s->mv.zones - 1 + 2 * s->mv.scorch + (s->mv.surprise ? 1 + s->winter_mod : 0) -
              (gsc ? 1 : 0);
    const rs_event *e = rs_event_of(g, s); /* 24.5.3 1703-6: crossing the Tyrol */
    if (s->mv.cross && e && e->kind == EV_CROSSING)
        mod += e->value;
    rs_start_attrition(g, s, z, c, s->mv.maxsp, mod, P_IMPULSE, moved);
}

static void enter(const vb_game *g, rs_state *s, int to, int via, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = s->active, sp = rs_sp(s->mv.sp);
    int cost = extra_cost(g, s, via >= 0);
    if (via >= 0)
        s->mv.box = (int8_t)via;
    if (via >= 0 && d->b[via].sea) /* 13.4: the SP carried by sea, each crossing */
        s->c[c].mar_used = (uint8_t)(s->c[c].mar_used + sp);
    if (sp > s->mv.maxsp)
        s->mv.maxsp = (uint8_t)sp;
    s->c[c].rp = (int16_t)(s->c[c].rp - cost);
    s->mv.paid = (uint8_t)(s->mv.paid + cost);
    s->mv.at = (int8_t)to;
    s->mv.zones++;
    s->mv.scorch = (uint8_t)(s->mv.scorch + s->z[to].scorched);
    if (rs_crossing_mod(g, s, c, to))
        s->mv.cross = 1;
    if (neutral_zone(g, s, to)) {
        VB_LOG(cx, "[13.1.2] Entering neutral %s costs a GP", d->z[to].name);
        rs_gp(g, s, 1 - c, 1, cx);
    }
    VB_LOG(cx, "[13] %s enters %s%s%s", d->gd[s->mv.gen].name, d->z[to].name,
           via >= 0 ? " via " : "", via >= 0 ? d->b[via].name : "");
    /* 13.2: an enemy army stops the march unless the general passes an
     * initiative test (none needed against an army without a general) */
    if (rs_army(s, to, 1 - c) > 0 && sp > 0 && rs_commander(g, s, to, 1 - c) >= 0)
        s->mv.stop = 1; /* "press-on" asks for the test */
    s->phase = P_MV_STEP;
    if (sp > 0 && any_intercept(g, s, to)) {
        s->phase = P_ICPT;
        s->who = (uint8_t)(1 - c);
    }
}

/* 3.2, 13.2: before a march's initiative test (sub 0: leaving a contested
 * zone, 1: pressing on), the inactive camp chooses which of its generals in
 * the zone commands its army there, the one whose SC the test reads
 * (P_MV_TOP); asked only when two of them differ in SC (with one SC the
 * choice cannot change the test, and nothing else reads it before the
 * die) */
static void to_test(const vb_game *g, rs_state *s, int sub)
{
    const rs_data *d = RS_D(g);
    int e = 1 - s->active, sc = -1, differ = 0;
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == s->mv.at && rs_gcamp(g, s, i) == e) {
            differ |= sc >= 0 && d->gd[i].sc != sc;
            sc = d->gd[i].sc;
        }
    s->sub = (uint8_t)sub;
    s->phase = differ ? P_MV_TOP : P_MV_TEST;
    s->who = (uint8_t)(differ ? e : s->active);
}

/* 2: D6 + SC(own) - SC(enemy) > 2 */
static int initiative_diff(const vb_game *g, const rs_state *s, int z)
{
    const rs_data *d = RS_D(g);
    int c = s->active, e = rs_commander(g, s, z, 1 - c);
    return d->gd[s->mv.gen].sc - (e >= 0 ? d->gd[e].sc : 0);
}

int rs_apply_move(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = s->active, op = A_OP(a);
    if (s->phase == P_IMPULSE) {
        int gi = A_X(a), z = s->gz[gi];
        memset(&s->mv, 0, sizeof s->mv);
        s->mv.surprise = (uint8_t)(s->sgen >= 0);
        s->mv.gen = (int8_t)gi;
        s->mv.from = s->mv.at = (int8_t)z;
        s->mv.box = -1;
        s->mv.gens = (uint64_t)1 << gi;
        s->gmoved |= (uint64_t)1 << gi;
        for (int t = 0; t < RS_NT; t++) {
            if (s->mv.surprise && (K_TY(t) == T_CAV || K_TY(t) == T_CAVE))
                continue; /* rule 20: the cavalry does not move */
            s->mv.sp[t] = (uint8_t)(s->z[z].army[c][t] - rs_stay(s, z, c, t)); /* 24.3.3 */
        }
        s->phase = P_MV_COMPOSE;
        return 0;
    }
    if (s->phase == P_MV_COMPOSE) {
        int z = s->mv.from;
        switch (op) {
        case OP_TAKEG:
            s->mv.gens |= (uint64_t)1 << A_X(a);
            s->gmoved |= (uint64_t)1 << A_X(a);
            return 0;
        case OP_LEAVE:
            s->mv.sp[A_X(a)]--;
            return 0;
        case OP_UNGARRISON:
            s->z[z].garr[A_X(a)]--;
            s->z[z].army[c][A_X(a)]++;
            s->mv.sp[A_X(a)]++;
            return 0;
        }
        /* 13.2: "An army that begins its movement in a contested zone":
         * contested before it leaves (an army leaving whole uncontests it) */
        int contested = rs_contested(g, s, z);
        /* march: the units leave the zone */
        for (int t = 0; t < RS_NT; t++)
            s->z[z].army[c][t] = (uint8_t)(s->z[z].army[c][t] - s->mv.sp[t]);
        s->mv.maxsp = (uint8_t)rs_sp(s->mv.sp);
        s->did = 1;
        if (contested) {
            to_test(g, s, 0); /* 13.2: leaving a contested zone */
            return 0;
        }
        s->phase = P_MV_STEP;
        return 0;
    }
    if (s->phase == P_MV_TOP) {
        int gi = A_X(a), e = 1 - c, z = s->mv.at;
        if (op != OP_COMMAND || gi >= d->ng || s->gz[gi] != z || rs_gcamp(g, s, gi) != e)
            return vb_fail(cx, VB_EILLEGAL,
                           "the commander is one of the camp's generals in the zone of the "
                           "initiative test (rule 3.2)");
        for (int i = 0; i < d->ng; i++)
            if (s->gz[i] == z && rs_gcamp(g, s, i) == e)
                s->gtop &= ~((uint64_t)1 << i);
        s->gtop |= (uint64_t)1 << gi;
        VB_LOG(cx, "[3.2] %s commands the %s army in %s (SC %d)", d->gd[gi].name, rs_camp_names[e],
               d->z[z].name, d->gd[gi].sc);
        s->phase = P_MV_TEST;
        s->who = (uint8_t)c;
        return 0;
    }
    if (s->phase == P_ICPT) {
        if (op == OP_NOINTERCEPT) {
            s->phase = P_MV_STEP;
            s->who = (uint8_t)c;
        } else {
            s->k = (uint8_t)A_X(a);
            s->phase = P_ICPT_TEST;
        }
        return 0;
    }
    if (s->phase == P_ICPT_TEST) {
        int die = A_X(a), o = 1 - c, from = s->k, to = s->mv.at;
        int gi = rs_best_sc(g, s, from, o), sp = rs_army(s, from, o); /* 3.2 */
        for (int t = 0; t < RS_NT && s->stay_camp == o; t++)
            sp -= rs_stay(s, from, o, t); /* 24.3.3: frozen SP do not move */
        int diff = (gi >= 0 ? d->gd[gi].sc : 0) - d->gd[s->mv.gen].sc;
        int ok = die + diff > d->test_above;
        VB_LOG(cx, "[13.3] Interception from %s: D6 %d%+d = %d %s", d->z[from].name, die, diff,
               die + diff, ok ? "passed" : "failed");
        s->phase = P_MV_STEP;
        s->who = (uint8_t)c;
        if (!ok)
            return 0;
        /* the interceptor moves in, pays its march and suffers attrition;
         * the active army stops */
        s->c[o].rp = (int16_t)(s->c[o].rp - rs_move_cost(g, sp, 0));
        uint8_t moved[RS_NT];
        for (int t = 0; t < RS_NT; t++) {
            int m = s->z[from].army[o][t] - rs_stay(s, from, o, t); /* frozen SP stay */
            moved[t] = (uint8_t)m;
            s->z[to].army[o][t] = (uint8_t)(s->z[to].army[o][t] + m);
            s->z[from].army[o][t] = (uint8_t)(s->z[from].army[o][t] - m);
        }
        for (int i = 0; i < d->ng; i++)
            if (s->gz[i] == from && rs_gcamp(g, s, i) == o)
                s->gz[i] = (int8_t)to;
        s->mv.stop = 2;
        s->icpt = (int8_t)to;
        if (neutral_zone(g, s, to)) { /* 13.1.2: the interceptor enters it too */
            VB_LOG(cx, "[13.1.2] Entering neutral %s costs a GP", d->z[to].name);
            rs_gp(g, s, 1 - o, 1, cx);
        }
        rs_update_control(g, s, from);
        rs_start_attrition(g, s, to, o, sp,
                           (gi >= 0 && d->gd[gi].sc ? -1 : 0) + rs_enter_mod(g, s, o, to),
                           P_MV_STEP, moved);
        return 0;
    }
    if (s->phase == P_MV_TEST) {
        int die = A_X(a), z = s->mv.at, diff = initiative_diff(g, s, z);
        int ok = die + diff > d->test_above;
        VB_LOG(cx, "[2] Initiative test of %s: D6 %d%+d = %d %s", d->gd[s->mv.gen].name, die, diff,
               die + diff, ok ? "passed" : "failed");
        if (s->sub == 0 && !ok) {
            /* cannot leave: the march is cancelled, nothing spent */
            s->mv.at = s->mv.from;
            s->mv.zones = 0;
            finish_march(g, s, cx);
            return 0;
        }
        s->mv.stop = ok ? 0 : 2;
        s->phase = P_MV_STEP;
        return 0;
    }
    /* P_MV_STEP */
    switch (op) {
    case OP_TO:
        enter(g, s, A_X(a), -1, cx);
        return 0;
    case OP_VIA:
        enter(g, s, A_Y(a), A_X(a), cx);
        return 0;
    case OP_PRESSON:
        to_test(g, s, 1);
        return 0;
    case OP_DROP:
        s->mv.pad++; /* changes on the way, bounded like the zones */
        s->mv.sp[A_X(a)]--;
        s->z[s->mv.at].army[c][A_X(a)]++;
        return 0;
    case OP_PICK: {
        int k = pick_cost(g, s), t = A_X(a);
        s->mv.pad++;
        if (A_Y(a))
            s->z[s->mv.at].garr[t]--;
        else
            s->z[s->mv.at].army[c][t]--;
        s->mv.sp[t]++;
        if (rs_sp(s->mv.sp) > s->mv.maxsp)
            s->mv.maxsp = (uint8_t)rs_sp(s->mv.sp);
        s->c[c].rp = (int16_t)(s->c[c].rp - k);
        s->mv.paid = (uint8_t)(s->mv.paid + k);
        return 0;
    }
    }
    finish_march(g, s, cx);
    return 0;
}
