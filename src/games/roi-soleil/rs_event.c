/*
 * rs_event.c - random events by scenario and year (rule 7, §24): what each
 * kind of event does, from its die to its effects; allies entering the war
 * in their official year (22.1); the year's effects that other procedures
 * consult (a flooded zone, admirals, SP frozen in place or kept out of
 * recruitment, the maritime capacity that follows Great Britain's camp).
 */
#include <stdlib.h>

#include "rs_int.h"

static void go(rs_state *s, int phase)
{
    s->phase = (uint8_t)phase;
    s->who = 0;
}

static const char *box_list(const rs_data *d, int mask, char *b, size_t n)
{
    b[0] = 0;
    for (int i = 0; i < RS_NBOX; i++)
        if (mask >> i & 1) {
            size_t l = strlen(b);
            snprintf(b + l, n - l, "%s%s", l ? ", " : "", d->b[i].name);
        }
    return b;
}

/* 22.1: "official year of entry in the war" (§24): until then the state has
 * no camp, and its zones may not be entered (13.1.2) */
int rs_not_yet_at_war(const vb_game *g, const rs_state *s, int st)
{
    return st >= 0 && st < RS_MAXS && RS_SCEN(g, s)->alyear[st] && s->scamp[st] < 0 &&
           !s->neutralised[st];
}

static void enter_war(const vb_game *g, rs_state *s, int st, vb_ctx *cx)
{
    const rs_scen *sc = RS_SCEN(g, s);
    s->scamp[st] = sc->scamp[st];
    s->alpos[st] = sc->alpos[st];
    VB_LOG(cx, "[22.1] %s enters the war with %s", RS_D(g)->s[st].name,
           rs_camp_names[sc->scamp[st]]);
}

/* 6.1.1: the cursors of the states whose year of entry has come */
void rs_enter_allies(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_scen *sc = RS_SCEN(g, s);
    for (int st = 0; st < RS_D(g)->ns; st++)
        if (rs_not_yet_at_war(g, s, st) && sc->alyear[st] <= s->year)
            enter_war(g, s, st, cx);
}

/* 13.4: the maritime capacity, which may follow Great Britain's camp
 * (24.3: France 15, 5 when Great Britain is neutral; Coalition 15, 25 when
 * Great Britain is its ally) */
int rs_maritime(const vb_game *g, const rs_state *s, int c)
{
    const rs_scen *sc = RS_SCEN(g, s);
    int gb = RS_D(g)->st_gb;
    if (!sc->has_mar_gb || gb < 0)
        return sc->maritime[c];
    int i = s->neutralised[gb] || s->scamp[gb] < 0 ? 1 : s->scamp[gb] == RS_F ? 0 : 2;
    return sc->mar_gb[c][i];
}

/* SP of kind k of camp c in zone z that may not move this year */
int rs_stay(const rs_state *s, int z, int c, int k)
{
    if (c != s->stay_camp || k != s->stay_kind)
        return 0;
    int a = s->z[z].army[c][k];
    return s->z[z].stay < a ? s->z[z].stay : a;
}

/* Reserve SP of kind k of camp c that may not be recruited this year (the
 * infantry of lock_kind, and the cavalry of its nationality) */
int rs_locked(const rs_state *s, int c, int k)
{
    if (c != s->lock_camp)
        return 0;
    return k == s->lock_kind ? s->lock_n : k == s->lock_kind - T_INF + T_CAV ? s->lock_cav : 0;
}

/* 24.4.3 1694-5: the army of `camp` in `from` (units or generals) may not
 * enter `to` */
int rs_banned(const vb_game *g, const rs_state *s, int from, int camp, int to)
{
    const rs_data *d = RS_D(g);
    if (s->ban_nat < 0 || !(s->ban_zones >> to & 1))
        return 0;
    if (rs_nsum(s->z[from].army[camp], s->ban_nat) > 0)
        return 1;
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == from && rs_gcamp(g, s, i) == camp && d->gd[i].nation == s->ban_nat)
            return 1;
    return 0;
}

/* 13.4.1: the admirals' +1 (a +1 for the other camp reads as -1, as the
 * maritime powers' modifier does) */
int rs_box_mod(const rs_state *s, int b, int c)
{
    return (s->boxbon[c] >> b & 1) - (s->boxbon[1 - c] >> b & 1);
}

/* 24.3.3 1673-5: an ally paid to enter sooner: half the D6 in RP (rounded
 * up, out of this year's RP), D6 of its infantry and cavalry SP from the
 * camp's Reserve and its general, in the zone named */
static void hire(const vb_game *g, rs_state *s, const rs_event *e, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    /* 24.5.3 1706-6: an ally entering at a printed space pays nothing */
    int c = e->camp, z = e->zones[0], pay = e->space > 0 ? 0 : (die + 1) / 2, n = 0;
    uint8_t *r = s->c[c].reserve, *a = s->z[z].army[c];
    s->rp_adj[c] = (int16_t)(s->rp_adj[c] - pay);
    for (int ty = 0; ty < 2 && !e->space; ty++) {
        int k = KIND(e->nat, ty ? T_CAV : T_INF), q = r[k] < die - n ? r[k] : die - n;
        r[k] = (uint8_t)(r[k] - q);
        a[k] = (uint8_t)(a[k] + q);
        n += q;
    }
    if (e->space) { /* 24.5.3 1706-6: new counters of a state not yet at war (infantry) */
        int k = KIND(e->nat, T_INF);
        a[k] = (uint8_t)(a[k] + die);
        s->sp_adj[c] = (int16_t)(s->sp_adj[c] + die);
        n = die;
    }
    if (s->gz[e->general] == GZ_RESERVE || s->gz[e->general] == GZ_OUT)
        s->gz[e->general] = (int8_t)z;
    VB_LOG(cx, "[7] %d-%d: D6 %d: %s pays %d RP; %s and %d %s SP arrive in %s", s->year, s->event,
           die, rs_camp_names[c], pay, d->gd[e->general].name, n, d->s[e->nat].name, d->z[z].name);
    if (e->space > 0 && s->scamp[e->nat] < 0 && !s->neutralised[e->nat]) {
        s->scamp[e->nat] = (int8_t)c;
        s->alpos[e->nat] = (int8_t)(c == RS_F ? -e->space : e->space);
        VB_LOG(cx, "[22.1] %s enters the war with %s", d->s[e->nat].name, rs_camp_names[c]);
    } else if (s->scamp[e->nat] < 0 && !s->neutralised[e->nat]) {
        enter_war(g, s, e->nat, cx);
    }
    rs_update_control(g, s, z);
    rs_capture_lone_generals(g, s, z, cx); /* 17.2: an enemy general alone there */
}

/* 24.3.3 1674-4: a general and SP placed (new counters on the map) */
static void place(const vb_game *g, rs_state *s, const rs_event *e, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = e->camp, z = e->zones[0], k = KIND(e->nat, T_INF);
    s->z[z].army[c][k] = (uint8_t)(s->z[z].army[c][k] + e->count);
    s->sp_adj[c] = (int16_t)(s->sp_adj[c] + e->count);
    if (e->general >= 0 && (s->gz[e->general] == GZ_RESERVE || s->gz[e->general] == GZ_OUT))
        s->gz[e->general] = (int8_t)z;
    if (s->scamp[e->nat] < 0 && !s->neutralised[e->nat])
        s->scamp[e->nat] = (int8_t)c;
    VB_LOG(cx, "[7] %d-%d: %s%s%d %s infantry SP placed in %s", s->year, s->event,
           e->general >= 0 ? d->gd[e->general].name : "", e->general >= 0 ? " and " : "", e->count,
           d->s[e->nat].name, d->z[z].name);
    rs_update_control(g, s, z);
    rs_capture_lone_generals(g, s, z, cx); /* 17.2 */
}

/* 24.3.3 1674-6, 1675-4/5, 1676-6, 24.4.3 1690-6: D6 infantry SP "removed
 * from the map or from the Reserve" to a zone (or distributed equally over
 * several, beginning with the first) where they may not move this year:
 * the Reserve's first, then the armies of the map in map order, outside
 * the zones named (reading: the owner takes the cheapest first) */
static void levy(const vb_game *g, rs_state *s, const rs_event *e, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = e->camp, k = KIND(e->nat, T_INF), n = 0, one = -1;
    uint8_t *r = s->c[c].reserve;
    /* 24.5.3 1702-4, 1710-4: "from a zone in Italy": the zone named that
     * holds the most of them (the first in map order on a tie) */
    for (int y = 0; y < d->nz; y++)
        if ((e->from >> y & 1) && s->z[y].army[c][k] > (one < 0 ? 0 : s->z[one].army[c][k]))
            one = y;
    for (int y = e->from || e->from_map ? 0 : -1; y < d->nz && n < die; y++) {
        int dest = 0;
        for (int i = 0; i < e->nz; i++)
            dest |= e->zones[i] == y;
        if (dest || (e->from && y != one))
            continue;
        uint8_t *a = y < 0 ? r : s->z[y].army[c];
        int q = a[k] < die - n ? a[k] : die - n;
        if (!q)
            continue;
        a[k] = (uint8_t)(a[k] - q);
        for (int i = 0; i < q; i++, n++) {
            int z = e->zones[n % e->nz];
            s->z[z].army[c][k]++;
            s->z[z].stay++;
        }
        if (y >= 0) {
            rs_capture_lone_generals(g, s, y, cx);
            rs_update_control(g, s, y);
        }
    }
    s->stay_camp = (int8_t)c;
    s->stay_kind = (uint8_t)k;
    for (int i = 0; i < e->nz; i++) {
        rs_update_control(g, s, e->zones[i]);
        rs_capture_lone_generals(g, s, e->zones[i], cx); /* 17.2 */
    }
    VB_LOG(cx, "[7] %d-%d: D6 %d: %d %s infantry SP to %s%s, not moving this year", s->year,
           s->event, die, n, d->s[e->nat].name, d->z[e->zones[0]].name,
           e->nz > 1 ? " and the next zones" : "");
}

/* 24.3.3 1675-6, 1676-5: infantry SP taken from the zones named (all the
 * map if none) to the Reserve, not to be recruited this year: armies first,
 * then the camp's garrisons, in map order; 24.4.3 1690-4, 24.5.3 1704-6
 * ("infantry and/or cavalry"): the cavalry the same way once the infantry
 * is all taken */
static void recall(const vb_game *g, rs_state *s, const rs_event *e, int want, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = e->camp, k = KIND(e->nat, T_INF), n = 0, inf = 0;
    for (int pass = 0; pass < 4; pass++) {
        if (pass == 2) {
            if (!e->with_cav)
                break;
            inf = n;
            k = KIND(e->nat, T_CAV);
        }
        for (int y = 0; y < d->nz && n < want; y++) {
            int in = !e->nz;
            for (int i = 0; i < e->nz; i++)
                in |= e->zones[i] == y;
            if (!in || (pass % 2 && rs_ctrl(g, s, y) != c))
                continue;
            uint8_t *a = pass % 2 ? s->z[y].garr : s->z[y].army[c];
            int q = a[k] < want - n ? a[k] : want - n;
            a[k] = (uint8_t)(a[k] - q);
            s->c[c].reserve[k] = (uint8_t)(s->c[c].reserve[k] + q);
            n += q;
            if (q && !(pass % 2)) {
                rs_capture_lone_generals(g, s, y, cx);
                rs_update_control(g, s, y);
            }
        }
    }
    if (!e->with_cav)
        inf = n;
    if (e->general >= 0 && (s->gz[e->general] >= 0 || s->gz[e->general] == GZ_RESERVE)) {
        /* 24.5.3 1704-5: "as well as Villars ... may not return until 1705" */
        int from = s->gz[e->general];
        s->gz[e->general] = GZ_RESERVE;
        s->glock = (int8_t)e->general;
        if (from >= 0)
            rs_capture_lone_generals(g, s, from, cx);
        VB_LOG(cx, "[7] %d-%d: %s goes to the Reserve for the year", s->year, s->event,
               d->gd[e->general].name);
    }
    if (!n) {
        VB_LOG(cx, "[7] %d-%d: no %s SP there: the event is ignored", s->year, s->event,
               d->s[e->nat].name);
        return;
    }
    s->lock_camp = (int8_t)c;
    s->lock_kind = (uint8_t)KIND(e->nat, T_INF);
    s->lock_n = (uint8_t)(s->lock_n + inf);
    s->lock_cav = (uint8_t)(s->lock_cav + n - inf);
    VB_LOG(cx,
           "[7] %d-%d: %d %s infantry and %d cavalry SP go to the Reserve, not available this year",
           s->year, s->event, inf, d->s[e->nat].name, n - inf);
}

/* 24.3.3 1678-4: a state joins a camp at a given space; one that changes
 * sides sends its units and generals to its new camp's Reserve (22.1) */
static void join(const vb_game *g, rs_state *s, const rs_event *e, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int st = e->state, c = e->camp, o = 1 - c, n = 0;
    uint64_t hit = 0; /* the zones whose armies lose the state's SP */
    if (s->scamp[st] == c && !s->neutralised[st]) {
        VB_LOG(cx, "[7] %d-%d: %s is already with %s: the event is ignored", s->year, s->event,
               d->s[st].name, rs_camp_names[c]);
        return;
    }
    for (int z = 0; z < d->nz; z++) {
        int oc = rs_ctrl(g, s, z);
        for (int y = 0; y < RS_NTY; y++) {
            int k = KIND(st, y);
            n += s->z[z].army[o][k];
            hit |= (uint64_t)(s->z[z].army[o][k] > 0) << z;
            s->c[c].reserve[k] = (uint8_t)(s->c[c].reserve[k] + s->z[z].army[o][k]);
            s->z[z].army[o][k] = 0;
            if (oc == o) {
                n += s->z[z].garr[k];
                s->c[c].reserve[k] = (uint8_t)(s->c[c].reserve[k] + s->z[z].garr[k]);
                s->z[z].garr[k] = 0;
            }
        }
        /* the old camp keeps what it still holds in the state's zones */
        if (d->z[z].state == st && s->z[z].mk < 0 && oc == o &&
            (rs_army(s, z, o) > 0 || rs_sp(s->z[z].garr) > 0))
            s->z[z].mk = (int8_t)o;
    }
    for (int y = 0; y < RS_NTY; y++) {
        int k = KIND(st, y);
        n += s->c[o].reserve[k];
        s->c[c].reserve[k] = (uint8_t)(s->c[c].reserve[k] + s->c[o].reserve[k]);
        s->c[o].reserve[k] = 0;
    }
    s->sp_adj[o] = (int16_t)(s->sp_adj[o] - n);
    s->sp_adj[c] = (int16_t)(s->sp_adj[c] + n);
    for (int i = 0; i < d->ng; i++)
        if (d->gd[i].nation == st && s->gz[i] >= 0)
            s->gz[i] = GZ_RESERVE;
    s->scamp[st] = (int8_t)c;
    s->neutralised[st] = 0;
    s->alpos[st] = (int8_t)(c == RS_F ? -e->space : e->space);
    /* its zones, and wherever the old camp's armies lost its SP (17.2: a
     * general left without units beside an enemy army is taken) */
    for (int z = 0; z < d->nz; z++)
        if (d->z[z].state == st || (hit >> z & 1)) {
            rs_capture_lone_generals(g, s, z, cx);
            rs_update_control(g, s, z);
        }
    VB_LOG(cx, "[7] %d-%d: %s joins %s (%d SP to its Reserve)", s->year, s->event, d->s[st].name,
           rs_camp_names[c], n);
}

/* 24.4.3 1688-5: "Place the Jacobites alliance cursor on the space
 * Unbreakable 1. Take from the Reserve two Jacobite Inf (1 SP) and put one
 * each in Ireland and in Scotland. Put a Ctrl F marker in each of these
 * zones." */
static void rally(const vb_game *g, rs_state *s, const rs_event *e, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = e->camp, k = KIND(e->nat, T_INF), n = 0;
    if (s->scamp[e->nat] < 0 && !s->neutralised[e->nat])
        enter_war(g, s, e->nat, cx);
    for (int i = 0; i < e->nz; i++) {
        int z = e->zones[i];
        if (s->c[c].reserve[k]) {
            s->c[c].reserve[k]--;
            s->z[z].army[c][k]++;
            n++;
        }
        s->z[z].mk = (int8_t)c;
    }
    VB_LOG(cx, "[7] %d-%d: %d %s SP from the Reserve, %s control markers", s->year, s->event, n,
           d->s[e->nat].name, rs_camp_names[c]);
}

/* 24.4.3 1695-4: "on a result of 1 to 5, remove this general immediately
 * and definitively from the game. On a 6, remove this general at the end of
 * the season phase of the campaigns." */
static void death(const vb_game *g, rs_state *s, const rs_event *e, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int gi = e->general;
    if (s->gz[gi] == GZ_OUT) {
        VB_LOG(cx, "[7] %d-%d: %s is not in the game: no effect", s->year, s->event,
               d->gd[gi].name);
        return;
    }
    if (die <= 5) {
        s->gz[gi] = GZ_OUT;
        s->ggar[gi] = 0; /* a prisoner too: no longer held */
        VB_LOG(cx, "[7] %d-%d: D6 %d: %s leaves the game", s->year, s->event, die, d->gd[gi].name);
    } else {
        s->doomed = (int8_t)gi;
        VB_LOG(cx, "[7] %d-%d: D6 6: %s leaves the game at the end of the campaigns", s->year,
               s->event, d->gd[gi].name);
    }
}

/* 24.5.3 1702-5, at the diplomatic actions: "On an odd result, move the
 * Savoie alliance cursor one space toward the Coalition. On an even result
 * ... two spaces" - Neutral counts as a space (the printed example: from
 * the French Doubt 4, two spaces reach the Coalition's Doubt 4) */
static void turn(const vb_game *g, rs_state *s, const rs_event *e, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int st = e->state, c = e->camp, steps = die % 2 ? 1 : 2;
    VB_LOG(cx, "[7] %d-%d: D6 %d: %s's cursor moves %d space(s) toward %s", s->year, s->event, die,
           d->s[st].name, steps, rs_camp_names[c]);
    for (int i = 0; i < steps; i++) {
        if (s->neutralised[st] || !s->alpos[st]) {
            rs_event j = *e;
            j.space = 1; /* the Doubt space next to Neutral */
            join(g, s, &j, cx);
        } else {
            rs_move_cursor(g, s, st, c, cx);
        }
    }
}

/* 24.5.3 1710-6: "Remove Villars from the map and put him in the Reserve
 * for the entire year 1710. Replace him with a French general at 1 RP
 * cost": the first general of the camp's Reserve costing 1 RP (10.3.1)
 * takes his place, paid out of this year's RP */
static void replace(const vb_game *g, rs_state *s, const rs_event *e, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int gi = e->general, z = s->gz[gi], c = e->camp;
    if (z < 0 && z != GZ_RESERVE) {
        VB_LOG(cx, "[7] %d-%d: %s is not on the map: no effect", s->year, s->event, d->gd[gi].name);
        return;
    }
    s->gz[gi] = GZ_RESERVE;
    s->glock = (int8_t)gi;
    VB_LOG(cx, "[7] %d-%d: %s goes to the Reserve for the year", s->year, s->event, d->gd[gi].name);
    if (z < 0)
        return;
    for (int i = 0; i < d->ng; i++)
        if (i != gi && s->gz[i] == GZ_RESERVE && rs_gcamp(g, s, i) == c &&
            d->gd[i].nation == d->gd[gi].nation && rs_gen_cost(g, i) == 1) {
            s->gz[i] = (int8_t)z;
            s->rp_adj[c] = (int16_t)(s->rp_adj[c] - 1);
            VB_LOG(cx, "[7] %s replaces him in %s for 1 RP", d->gd[i].name, d->z[z].name);
            return;
        }
    rs_capture_lone_generals(g, s, z, cx);
    VB_LOG(cx, "[7] no general of 1 RP in the Reserve to replace him");
}

/* SP of nationality nat of either camp on the map */
static int nation_on_map(const vb_game *g, const rs_state *s, int nat)
{
    int n = 0;
    for (int z = 0; z < RS_D(g)->nz; z++)
        n += rs_nsum(s->z[z].army[0], nat) + rs_nsum(s->z[z].army[1], nat) +
             rs_nsum(s->z[z].garr, nat);
    return n;
}

/* 24.5.3 1704-4: "remove from the map the number of SP of English and/or
 * Dutch and/or German infantry with a Coalition general of the same
 * nationality": the army of the map holding the most infantry of such a
 * nationality with such a general (the first in map order on a tie); the
 * D6 SP (as many as there are) and the general wait there for the camp to
 * choose their zone of Spain (k: the zone, sub: the nationality) */
static int landing_source(const vb_game *g, rs_state *s, const rs_event *e)
{
    const rs_data *d = RS_D(g);
    int best = 0, c = e->camp;
    for (int z = 0; z < d->nz; z++)
        for (int nat = 0; nat < RS_NN; nat++) {
            int q = s->z[z].army[c][KIND(nat, T_INF)];
            if (!(e->nats >> nat & 1) || q <= best)
                continue;
            for (int i = 0; i < d->ng; i++)
                if (s->gz[i] == z && d->gd[i].nation == nat && rs_gcamp(g, s, i) == c) {
                    best = q;
                    s->k = (uint8_t)z;
                    s->sub = (uint8_t)nat;
                    break;
                }
        }
    return best;
}

static void landing(const vb_game *g, rs_state *s, const rs_event *e, int z, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int from = s->k, nat = s->sub, c = e->camp, k = KIND(nat, T_INF), n = s->ev_amount;
    s->z[from].army[c][k] = (uint8_t)(s->z[from].army[c][k] - n);
    s->z[z].army[c][k] = (uint8_t)(s->z[z].army[c][k] + n);
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == from && d->gd[i].nation == nat && rs_gcamp(g, s, i) == c) {
            s->gz[i] = (int8_t)z;
            VB_LOG(cx, "[7] %s lands in %s with %d %s infantry SP from %s", d->gd[i].name,
                   d->z[z].name, n, d->s[nat].name, d->z[from].name);
            break;
        }
    rs_capture_lone_generals(g, s, from, cx);
    rs_capture_lone_generals(g, s, z, cx); /* 17.2: an enemy general alone there */
    rs_update_control(g, s, from);
    rs_update_control(g, s, z);
}

/* 24.5.3 1703-6: "a +1 modifier ... for any army of the French camp that
 * crossed the Tyrol zone": the modifier for an army of camp c entering z
 * (an interception or a retreat; a march counts its whole path) */
int rs_crossing_mod(const vb_game *g, const rs_state *s, int c, int z)
{
    const rs_event *e = rs_event_of(g, s);
    return e && e->kind == EV_CROSSING && e->camp == c && e->zones[0] == z ? e->value : 0;
}

/* 24.2.3 1684-4, 1684-6: the Scorched earth marker an event forces on a
 * camp is placed "in a zone of the Spanish Netherlands" (4) or "in a zone
 * located in France" (6): the zones named */
int rs_scorch_zone_ok(const vb_game *g, const rs_state *s, int c, int z)
{
    const rs_event *e = rs_event_of(g, s);
    if (!e || e->kind != EV_FORCE_SCORCH || e->camp != c)
        return 1;
    for (int i = 0; i < e->nz; i++)
        if (e->zones[i] == z)
            return 1;
    return 0;
}

/* Rule 7: an event whose conditions are not met is ignored. */
void rs_apply_event(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_event *e = rs_event_of(g, s);
    const rs_data *d = RS_D(g);
    if (!e) {
        VB_LOG(cx, "[7] %d: no event", s->year);
        rs_begin_rp(g, s, cx);
        return;
    }
    if ((e->kind == EV_LEVY || e->kind == EV_RESCUE || e->kind == EV_HIRE || e->kind == EV_PLACE) &&
        e->nat >= 0 && e->nat < RS_MAXS && s->neutralised[e->nat]) {
        /* "If the conditions to be applied for the random event are not met
         * (neutralised state, ...), then ignore this event": no units of a
         * neutralised state brought onto the map (24.4.3 1696-6) */
        VB_LOG(cx, "[7] %d-%d: %s is neutralised: the event is ignored", s->year, s->event,
               d->s[e->nat].name);
        rs_begin_rp(g, s, cx);
        return;
    }
    if (e->boxes) { /* admirals (24.3.3 1672-5, 1674-6, 1676-4) */
        char bl[4 * RS_NAME];
        s->boxbon[e->bcamp] = (uint8_t)(s->boxbon[e->bcamp] | e->boxes);
        VB_LOG(cx, "[7] %d-%d: %s rolls +1 for the control of %s this year", s->year, s->event,
               rs_camp_names[e->bcamp], box_list(d, e->boxes, bl, sizeof bl));
    }
    switch (e->kind) {
    case EV_FLOOD:
        s->flood = (int8_t)e->zones[0];
        VB_LOG(cx, "[7] %d-%d: %s is flooded: no army enters or leaves it this year", s->year,
               s->event, d->z[e->zones[0]].name);
        break;
    case EV_HIRE:
    case EV_LEVY:
    case EV_RP:
    case EV_DEATH:
    case EV_LANDING:
        go(s, P_EVENT_AMT);
        return;
    case EV_RALLY:
        rally(g, s, e, cx);
        break;
    case EV_SIEGE_BONUS:
        VB_LOG(cx, "[7] %d-%d: %s rolls +1 in its sieges in %s this year", s->year, s->event,
               rs_camp_names[e->camp], d->s[e->state].name);
        break;
    case EV_ROYAL:
        VB_LOG(cx, "[7] %d-%d: the French commander's TC -1 in battles on the front named", s->year,
               s->event);
        break;
    case EV_BAN:
        s->ban_nat = (int8_t)e->nat;
        for (int i = 0; i < e->nz; i++)
            s->ban_zones |= (uint64_t)1 << e->zones[i];
        VB_LOG(cx, "[7] %d-%d: no %s unit or general may enter %s ... until the end of the game",
               s->year, s->event, d->s[e->nat].name, d->z[e->zones[0]].name);
        break;
    case EV_RECALL:
        if (!e->count) {
            go(s, P_EVENT_AMT);
            return;
        }
        recall(g, s, e, e->count, cx);
        break;
    case EV_PLACE:
        place(g, s, e, cx);
        break;
    case EV_NEUTRALISE:
        if (!s->alpos[e->state] || s->neutralised[e->state]) {
            VB_LOG(cx, "[7] %d-%d: %s is no ally: no effect", s->year, s->event,
                   d->s[e->state].name);
            break;
        }
        VB_LOG(cx, "[7] %d-%d: %s's cursor goes to the Neutral space", s->year, s->event,
               d->s[e->state].name);
        while (s->alpos[e->state] && !s->neutralised[e->state])
            rs_move_cursor(g, s, e->state, s->alpos[e->state] < 0 ? RS_C : RS_F, cx);
        break;
    case EV_CEASEFIRE:
    case EV_CURSOR: {
        /* value > 0: toward Neutral; < 0: toward its camp's Unbreakable end */
        int v = abs(e->value);
        if (e->kind == EV_CEASEFIRE) {
            char nb[2 * RS_NAME] = "";
            for (int n = 0; n < RS_NN; n++)
                if (e->nats >> n & 1)
                    snprintf(nb + strlen(nb), sizeof nb - strlen(nb), "%s%s", nb[0] ? " and " : "",
                             d->s[n].name);
            VB_LOG(cx,
                   "[7] %d-%d: cease-fire: no combat between %s this year; their SP do not "
                   "count in other combats",
                   s->year, s->event, nb);
        }
        for (int w = 0; w < 2; w++) { /* 24.5.3 1711-4: two allies */
            int st = w ? e->state2 : e->state;
            if (st < 0)
                continue;
            VB_LOG(cx, "[7] %d-%d: %s's cursor moves %d space(s) toward %s", s->year, s->event,
                   d->s[st].name, v, e->value > 0 ? "Neutral" : "Unbreakable");
            for (int i = 0; i < v && s->alpos[st] && !s->neutralised[st]; i++) {
                int side = s->alpos[st] < 0 ? RS_F : RS_C;
                rs_move_cursor(g, s, st, e->value > 0 ? 1 - side : side, cx);
            }
        }
        break;
    }
    case EV_JOIN:
        join(g, s, e, cx);
        break;
    case EV_NO_EFFECT: /* 24.5.3 1701-4, 1701-6 */
        VB_LOG(cx, "[7] %d-%d: %d %s SP on the map this year: no effect", s->year, s->event,
               nation_on_map(g, s, e->nat), d->s[e->nat].name);
        break;
    case EV_CLOSED:
        VB_LOG(cx, "[7] %d-%d: no army of %s may enter %s this year", s->year, s->event,
               rs_camp_names[e->camp], d->z[e->zones[0]].name);
        break;
    case EV_CROSSING:
        VB_LOG(cx, "[7] %d-%d: %+d to the attrition of %s's marches entering %s this year", s->year,
               s->event, e->value, rs_camp_names[e->camp], d->z[e->zones[0]].name);
        break;
    case EV_TURN:
        s->ev_late = 1;
        VB_LOG(cx, "[7] %d-%d: %s's cursor will move toward %s at the diplomatic actions", s->year,
               s->event, d->s[e->state].name, rs_camp_names[e->camp]);
        break;
    case EV_REPLACE:
        replace(g, s, e, cx);
        break;
    case EV_END: /* 24.5.3 1713-6: "The war ends immediately" */
        VB_LOG(cx, "[7] %d-%d: the states are exhausted: the war ends at once", s->year, s->event);
        for (int c = 0; c < 2; c++) { /* last year's markers went back (6.1.3) */
            s->c[c].npick = s->c[c].hidden = 0;
            memset(s->c[c].pick, 0, sizeof s->c[c].pick);
            memset(s->c[c].pstate, 0, sizeof s->c[c].pstate);
        }
        rs_final_winter(g, s, cx);
        /* the war is over: last year's scorched earth goes with its markers
         * (6.1.3), after the count, where a zone scorched last year still
         * gives no RP (6.1.2 comes before 6.1.3); a state file keeps no
         * scorched zone without its marker */
        for (int z = 0; z < d->nz; z++)
            s->z[z].scorched = 0;
        return;
    case EV_FORCE_FORT:
        s->forced_fort = (uint8_t)e->count;
        VB_LOG(cx, "[7] %d-%d: France must spend %d RP on the fortresses of France (rule 11)",
               s->year, s->event, e->count);
        break;
    case EV_LOUIS_STAYS:
        VB_LOG(cx,
               "[7] %d-%d: Louis XIV stays with the army (no rule removes him otherwise: no "
               "effect)",
               s->year, s->event);
        break;
    case EV_PURSUIT:
        s->pursuit_mod = (int8_t)e->value;
        VB_LOG(cx, "[7] %d-%d: %+d to the pursuit roll of the campaigns this year", s->year,
               s->event, e->value);
        break;
    case EV_WITHDRAW:
        if (s->gz[e->general] >= 0) {
            s->gz[e->general] = GZ_RESERVE;
            VB_LOG(cx, "[7] %d-%d: %s goes to the Reserve", s->year, s->event,
                   d->gd[e->general].name);
        }
        break;
    case EV_RESCUE:
        if (e->count) { /* 24.4.3 1688-4: a fixed force and its general, no die */
            const uint8_t *r = s->c[e->camp].reserve;
            int fi = r[KIND(e->nat, T_INF)], fc = r[KIND(e->nat, T_CAV)], ok = 0;
            s->ev_amount = (int8_t)((fi < e->count ? fi : e->count) + (fc < e->cav ? fc : e->cav));
            for (int i = 0; i < e->nz; i++)
                ok |= rs_event_zone_ok(g, s, e, e->zones[i]);
            if (ok && (s->ev_amount || s->gz[e->general] == GZ_RESERVE)) {
                s->phase = P_EVENT_ZONE;
                s->who = (uint8_t)e->camp;
                return;
            }
            VB_LOG(cx, "[7] %d-%d: nothing to place: the event is ignored", s->year, s->event);
            break;
        }
        go(s, P_EVENT_AMT);
        return;
    case EV_LORRAINE:
    case EV_RESERVE_ADD:
    case EV_REMOVE:
        go(s, P_EVENT_AMT);
        return;
    case EV_WINTER:
        s->winter_mod = (int8_t)e->value;
        VB_LOG(cx, "[7] %d-%d: %+d to attrition in the winter season", s->year, s->event, e->value);
        break;
    case EV_FORCE_SCORCH:
        VB_LOG(cx, "[7] %d-%d: %s must choose its Scorched earth marker", s->year, s->event,
               rs_camp_names[e->camp]);
        break;
    case EV_DRAW:
        s->ndraw = (uint8_t)e->count;
        VB_LOG(cx, "[7] %d-%d: %d %s markers will be set aside at random", s->year, s->event,
               e->count, rs_camp_names[e->camp]);
        break;
    }
    rs_begin_rp(g, s, cx);
}

/* SP of kind k of camp c on the map (armies and the camp's garrisons) */
static int on_map(const vb_game *g, const rs_state *s, int c, int k)
{
    int n = 0;
    for (int z = 0; z < RS_D(g)->nz; z++)
        n += s->z[z].army[c][k] + (rs_ctrl(g, s, z) == c ? s->z[z].garr[k] : 0);
    return n;
}

int rs_event_zone_ok(const vb_game *g, const rs_state *s, const rs_event *e, int z)
{
    /* 1704-4: "a zone of Spain that is controlled, disputed or not controlled" */
    if (e->kind == EV_LANDING)
        return rs_enterable(g, s, z, e->camp) && z != s->k;
    return rs_ctrl(g, s, z) != 1 - e->camp && rs_enterable(g, s, z, e->camp);
}

void rs_event_amount(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    const rs_event *e = rs_event_of(g, s);
    int inf = KIND(e->nat, T_INF), cav = KIND(e->nat, T_CAV);
    if (e->kind == EV_HIRE) {
        hire(g, s, e, die, cx);
        rs_begin_rp(g, s, cx);
        return;
    }
    if (e->kind == EV_LEVY) {
        levy(g, s, e, die, cx);
        rs_begin_rp(g, s, cx);
        return;
    }
    if (e->kind == EV_RECALL) {
        recall(g, s, e, die, cx);
        rs_begin_rp(g, s, cx);
        return;
    }
    if (e->kind == EV_RP) {
        s->rp_adj[e->camp] = (int16_t)(s->rp_adj[e->camp] + e->value * die);
        VB_LOG(cx, "[7] %d-%d: D6 %d: %s %+d RP this game turn", s->year, s->event, die,
               rs_camp_names[e->camp], e->value * die);
        rs_begin_rp(g, s, cx);
        return;
    }
    if (e->kind == EV_DEATH) {
        death(g, s, e, die, cx);
        rs_begin_rp(g, s, cx);
        return;
    }
    if (e->kind == EV_LANDING) {
        int q = landing_source(g, s, e), ok = 0;
        for (int i = 0; i < e->nz; i++)
            ok |= rs_event_zone_ok(g, s, e, e->zones[i]);
        if (!q || !ok) {
            VB_LOG(cx, "[7] %d-%d: no army to land: the event is ignored", s->year, s->event);
            rs_begin_rp(g, s, cx);
            return;
        }
        s->ev_amount = (int8_t)(die < q ? die : q);
        VB_LOG(cx, "[7] %d-%d: D6 %d: %d SP embark in %s", s->year, s->event, die, s->ev_amount,
               RS_D(g)->z[s->k].name);
        s->phase = P_EVENT_ZONE;
        s->who = (uint8_t)e->camp;
        return;
    }
    if (e->kind == EV_TURN) { /* rolled at the diplomatic actions */
        s->ev_late = 0;
        turn(g, s, e, die, cx);
        rs_next_diplo(g, s, cx);
        return;
    }
    int avail = e->kind == EV_LORRAINE || e->kind == EV_RESERVE_ADD
                    ? s->lorraine
                    : s->c[e->camp].reserve[inf] + s->c[e->camp].reserve[cav];
    if (e->kind == EV_REMOVE)
        avail += on_map(g, s, e->camp, inf) + on_map(g, s, e->camp, cav);
    int n = die < avail ? die : avail, ok = 0;
    if (e->kind == EV_RESERVE_ADD || e->kind == EV_REMOVE) {
        uint8_t *r = s->c[e->camp].reserve;
        if (e->kind == EV_RESERVE_ADD) {
            s->lorraine = (uint8_t)(s->lorraine - n);
            r[inf] = (uint8_t)(r[inf] + n);
        } else {
            /* "remove from the map ... no longer available": the SP on the
             * map first (infantry, then cavalry, zone by zone), then the
             * Reserve's */
            int m = n;
            uint64_t hit = 0; /* the zones that lost SP */
            for (int pass = 0; pass < 2 && m > 0; pass++)
                for (int ty = 0; ty < 2 && m > 0; ty++) {
                    int k = ty ? cav : inf;
                    for (int z = 0; z < RS_D(g)->nz && m > 0 && pass == 0; z++) {
                        uint8_t *a = s->z[z].army[e->camp];
                        int q = a[k] < m ? a[k] : m;
                        a[k] = (uint8_t)(a[k] - q);
                        s->c[e->camp].gone[k] = (uint8_t)(s->c[e->camp].gone[k] + q);
                        m -= q;
                        hit |= (uint64_t)(q > 0) << z;
                        if (rs_ctrl(g, s, z) == e->camp && m > 0) {
                            a = s->z[z].garr;
                            q = a[k] < m ? a[k] : m;
                            a[k] = (uint8_t)(a[k] - q);
                            s->c[e->camp].gone[k] = (uint8_t)(s->c[e->camp].gone[k] + q);
                            m -= q;
                        }
                    }
                    if (pass == 1) {
                        int q = r[k] < m ? r[k] : m;
                        r[k] = (uint8_t)(r[k] - q);
                        s->c[e->camp].gone[k] = (uint8_t)(s->c[e->camp].gone[k] + q);
                        m -= q;
                    }
                }
            /* 17.2: a general left without units beside an enemy army is
             * taken; the zone's control and line follow (as a recall) */
            for (int z = 0; z < RS_D(g)->nz; z++)
                if (hit >> z & 1) {
                    rs_capture_lone_generals(g, s, z, cx);
                    rs_update_control(g, s, z);
                }
        }
        VB_LOG(cx, "[7] %d-%d: D6 %d, %d SP %s the %s Reserve", s->year, s->event, die, n,
               e->kind == EV_REMOVE ? "leave" : "join", rs_camp_names[e->camp]);
        rs_begin_rp(g, s, cx);
        return;
    }
    s->ev_amount = (int8_t)n;
    for (int i = 0; i < e->nz; i++)
        ok |= rs_event_zone_ok(g, s, e, e->zones[i]);
    VB_LOG(cx, "[7] %d-%d: D6 %d, %d SP available", s->year, s->event, die, n);
    if (n == 0 || !ok) {
        rs_begin_rp(g, s, cx);
        return;
    }
    s->phase = P_EVENT_ZONE;
    s->who = (uint8_t)e->camp;
}

void rs_event_place(const vb_game *g, rs_state *s, int z, vb_ctx *cx)
{
    const rs_event *e = rs_event_of(g, s);
    int n = s->ev_amount;
    uint8_t *a = s->z[z].army[e->camp];
    int inf = KIND(e->nat, T_INF), cav = KIND(e->nat, T_CAV);
    if (e->kind == EV_LANDING) {
        landing(g, s, e, z, cx);
        rs_begin_rp(g, s, cx);
        return;
    }
    if (e->kind == EV_LORRAINE) {
        s->lorraine = (uint8_t)(s->lorraine - n);
        a[inf] = (uint8_t)(a[inf] + n);
    } else {
        uint8_t *r = s->c[e->camp].reserve;
        int i = r[inf] < n ? r[inf] : n;
        if (e->count) /* a fixed force: its infantry, then its cavalry */
            i = r[inf] < e->count ? r[inf] : e->count;
        if (e->general >= 0 && s->gz[e->general] == GZ_RESERVE)
            s->gz[e->general] = (int8_t)z;
        r[inf] = (uint8_t)(r[inf] - i);
        r[cav] = (uint8_t)(r[cav] - (n - i));
        a[inf] = (uint8_t)(a[inf] + i);
        a[cav] = (uint8_t)(a[cav] + (n - i));
    }
    VB_LOG(cx, "[7] %d SP arrive in %s", n, RS_D(g)->z[z].name);
    rs_update_control(g, s, z);
    rs_capture_lone_generals(g, s, z, cx); /* 17.2: an enemy general alone there */
    rs_begin_rp(g, s, cx);
}
