/*
 * rs_prep.c - rules 10 and 11 of the preparation phase: prisoners bought
 * back (10.3), recruitment from the Reserve, staged by zone (10.2, 10.5),
 * fortresses and lines of defence (11); their legal lists and effects.
 */
#include "rs_int.h"

#define PUSH(act) VB_PUSH(a, n, cap, act)

static void go(rs_state *s, int phase, int who)
{
    s->phase = (uint8_t)phase;
    s->who = (uint8_t)who;
}

static void recruit_of(const vb_game *g, rs_state *s, int c, vb_ctx *cx);

/* 10.3: buying back prisoners is mandatory, generals first (the jailer may
 * refuse a general, for a GP); the RP go to the camp holding them. */
void rs_buy_back(const vb_game *g, rs_state *s, int c, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == GZ_PRISON && rs_gcamp(g, s, i) == c && !s->ggar[i] &&
            s->c[c].rp >= rs_gen_cost(g, i)) {
            s->k = (uint8_t)i;
            go(s, P_PRISON, 1 - c);
            return;
        }
    int n = rs_sp(s->c[c].prison);
    if (n > 0 && s->c[c].rp > 0) {
        int m = n < s->c[c].rp * 10 ? n : s->c[c].rp * 10, cost = (m + 9) / 10;
        s->c[c].rp = (int16_t)(s->c[c].rp - cost);
        s->c[1 - c].rp = (int16_t)(s->c[1 - c].rp + cost);
        for (int t = 0; t < RS_NT && m > 0; t++) {
            int q = s->c[c].prison[t] < m ? s->c[c].prison[t] : m;
            s->c[c].prison[t] = (uint8_t)(s->c[c].prison[t] - q);
            s->c[c].reserve[t] = (uint8_t)(s->c[c].reserve[t] + q);
            m -= q;
        }
        VB_LOG(cx, "[10.3] %s buys back prisoners for %d RP", rs_camp_names[c], cost);
    }
    recruit_of(g, s, c, cx);
}

static void prisoner(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int i = s->k, c = rs_gcamp(g, s, i), k = rs_gen_cost(g, i);
    if (A_OP(a) == OP_RETURN) {
        s->c[c].rp = (int16_t)(s->c[c].rp - k);
        s->c[1 - c].rp = (int16_t)(s->c[1 - c].rp + k);
        s->gz[i] = GZ_RESERVE;
        VB_LOG(cx, "[10.3] %s buys back %s for %d RP", rs_camp_names[c], d->gd[i].name, k);
    } else {
        s->ggar[i] = 1;
        VB_LOG(cx, "[10.3] %s refuses to return %s", rs_camp_names[1 - c], d->gd[i].name);
        rs_gp(g, s, c, 1, cx);
    }
    rs_buy_back(g, s, c, cx);
}

static void recruit_of(const vb_game *g, rs_state *s, int c, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    go(s, P_RECRUIT, c);
}

static void clear_fort_flags(const vb_game *g, rs_state *s)
{
    for (int z = 0; z < RS_D(g)->nz; z++)
        s->z[z].frozen = 0;
}

static void next_recruit(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    clear_fort_flags(g, s); /* the zones done with (10, staged) */
    if (s->sub == 0) {
        s->sub = 1;
        rs_buy_back(g, s, 1 - s->init, cx);
        return;
    }
    s->sub = 0;
    go(s, P_FORT, s->init);
}

static void next_fort(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    (void)cx;
    clear_fort_flags(g, s);
    if (s->sub == 0) {
        s->sub = 1;
        go(s, P_FORT, 1 - s->init);
        return;
    }
    s->sub = 0;
    go(s, P_BET, s->init);
}

/* 10.5: recruits are set up in a zone of their state controlled by their camp. */
static int recruit_zone(const vb_game *g, const rs_state *s, int c, int z)
{
    const rs_data *d = RS_D(g);
    int st = d->z[z].state;
    return RS_SCEN(g, s)->playable[z] && rs_ctrl(g, s, z) == c && s->scamp[st] == c &&
           !s->neutralised[st] && rs_army(s, z, 1 - c) == 0;
}

/* 10.5: "set up in a zone controlled by their original state": a unit or
 * general of nationality nat in a zone of state nat; a nationality with no
 * such zone open to its camp (Lorraine taken, Denmark, the Jacobites
 * abroad: the special cases 10.5 leaves to the scenarios) sets up in the
 * zones of its camp's leader (reconstructed reading) */
static int home_zone(const vb_game *g, const rs_state *s, int c, int nat, int z)
{
    const rs_data *d = RS_D(g);
    if (d->z[z].state == nat)
        return 1;
    if (d->z[z].state != RS_SCEN(g, s)->leader[c])
        return 0;
    for (int y = 0; y < d->nz; y++)
        if (d->z[y].state == nat && recruit_zone(g, s, c, y))
            return 0;
    return 1;
}

static int fort_count(const vb_game *g, const rs_state *s, int c)
{
    int n = 0;
    for (int z = 0; z < RS_D(g)->nz; z++)
        n += s->z[z].fv > 0 && rs_ctrl(g, s, z) == c;
    return n;
}

static int line_count(const vb_game *g, const rs_state *s, int c)
{
    int n = 0;
    for (int z = 0; z < RS_D(g)->nz; z++)
        n += s->z[z].line > 0 && s->z[z].linec == c;
    return n;
}

static int fort_ok(const vb_game *g, const rs_state *s, int c, int z)
{
    const rs_data *d = RS_D(g);
    const rs_zst *q = &s->z[z];
    int units = rs_army(s, z, c) > 0 || rs_sp(q->garr) > 0;
    return RS_SCEN(g, s)->playable[z] && rs_ctrl(g, s, z) == c && units && q->fv < 4 &&
           !(q->frozen & 1) && s->c[c].rp >= 2 &&
           (q->fv > 0 || fort_count(g, s, c) < d->fort_markers[c]);
}

static int line_ok(const vb_game *g, const rs_state *s, int c, int z)
{
    const rs_data *d = RS_D(g);
    const rs_zst *q = &s->z[z];
    return RS_SCEN(g, s)->playable[z] && rs_ctrl(g, s, z) == c && rs_army(s, z, c) > 0 &&
           q->line < 2 && !(q->frozen & 2) && s->c[c].rp >= 1 &&
           (q->line > 0 ? q->linec == c : line_count(g, s, c) < d->line_markers[c]);
}

/* 24.3.3 1677-4: France must spend its forced RP while a fortress of
 * France can still be raised; "if this is not possible, ignore this event" */
static int forced_fort(const vb_game *g, const rs_state *s, int c)
{
    const rs_data *d = RS_D(g);
    if (c != RS_F || s->forced_fort < 2)
        return 0;
    for (int z = 0; z < d->nz; z++)
        if (fort_ok(g, s, c, z) && d->z[z].state == d->st_france)
            return 1;
    return 0;
}

/* 24.5.3 1705-6: "The French player spends the required RP to place the
 * three Line of defence markers on all his armies located in the Spanish
 * Netherlands and in the Empire": a zone named holding a French army
 * without a line, where a line can be placed (RP and markers left) */
static int forced_line(const vb_game *g, const rs_state *s, int c, int z)
{
    const rs_event *e = rs_event_of(g, s);
    if (c != RS_F || !e || e->kind != EV_FORCE_LINE || s->z[z].line > 0 || !line_ok(g, s, c, z))
        return 0;
    for (int i = 0; i < e->nz; i++)
        if (e->zones[i] == z)
            return 1;
    return 0;
}

static int any_forced_line(const vb_game *g, const rs_state *s, int c)
{
    for (int z = 0; z < RS_D(g)->nz; z++)
        if (forced_line(g, s, c, z))
            return 1;
    return 0;
}

/* 11: "When a construction is realised, place a marker ... The units
 * present in the zone are distributed between the constructed or increased
 * (garrison) fortress and the Line of defence (army)": in a zone where the
 * camp raised a fortress or a line this turn, its army's units may go into
 * the fortress within its FV (garrison ZONE KIND) and the garrison's may
 * come out to the army (from-garrison KIND ZONE); one way a zone, so that
 * the sequence ends (8: units put in, 16: units taken out) */
static int distribute(const vb_game *g, const rs_state *s, int c, vb_action *a, int n, int cap)
{
    for (int z = 0; z < RS_D(g)->nz; z++) {
        const rs_zst *q = &s->z[z];
        if (!(q->frozen & 3) || rs_ctrl(g, s, z) != c || rs_army(s, z, 1 - c) > 0)
            continue;
        for (int t = 0; t < RS_NT; t++)
            if (!(q->frozen & 16) && q->army[c][t] > 0 && q->fv > rs_sp(q->garr))
                PUSH(ACT(OP_GARRISON, z, t, 0));
        for (int t = 0; t < RS_NT; t++)
            if (!(q->frozen & 8) && q->garr[t] > 0)
                PUSH(ACT(OP_UNGARRISON, t, z, 1));
    }
    return n;
}

/* 22.1: "When a state is neutralised, all its units and generals are
 * removed from the map": a neutralised state's SP and generals wait in the
 * Reserve, not recruited, unless it changes sides (24.3.3 1678-4, 24.5.3
 * 1702-5: join() lifts the neutralisation); 22.1 also: an ally not yet at
 * war */
static int out_of_war(const vb_game *g, const rs_state *s, int nat)
{
    return rs_not_yet_at_war(g, s, nat) || (nat >= 0 && nat < RS_MAXS && s->neutralised[nat]);
}

/* rule 10: what camp c may recruit in zone z (units of a nationality at
 * home there, generals); with a NULL list, only counted. 10.5: "The set up
 * is the player's choice, as an army or garrison (if a Fortress marker is
 * present)": a unit may also go into the camp's fortress there, within its
 * FV (recruit KIND ZONE garrison) */
static int zone_recruits(const vb_game *g, const rs_state *s, int c, int z, vb_action *a, int n,
                         int cap)
{
    const rs_data *d = RS_D(g);
    int cost = s->c[c].recruited % 5 == 0 ? 1 : 0;
    if (!recruit_zone(g, s, c, z))
        return n;
    int fort = s->z[z].fv > rs_sp(s->z[z].garr);
    for (int t = 0; t < RS_NT; t++)
        if (s->c[c].rp >= cost && s->c[c].reserve[t] > rs_locked(s, c, t) &&
            !out_of_war(g, s, K_NAT(t)) && home_zone(g, s, c, K_NAT(t), z)) {
            if (!a)
                return 1;
            PUSH(ACT(OP_RECRUIT, t, z, 0));
            if (fort)
                PUSH(ACT(OP_RECRUIT, t, z, 1));
        }
    for (int i = 0; i < d->ng; i++)
        if (rs_gcamp(g, s, i) == c && s->gz[i] == GZ_RESERVE && i != s->glock &&
            !out_of_war(g, s, d->gd[i].nation) && s->c[c].rp >= rs_gen_cost(g, i) &&
            home_zone(g, s, c, d->gd[i].nation, z)) {
            if (!a)
                return 1;
            PUSH(ACT(OP_RECRUITG, i, z, 0));
        }
    return n;
}

/* whether camp c has anything to recruit in zone z now (rule 10): the
 * state file's open zone (rs_check.c) */
int rs_recruits_in(const vb_game *g, const rs_state *s, int c, int z)
{
    return zone_recruits(g, s, c, z, NULL, 0, 0) > 0;
}

static void recruit(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = s->who;
    if (A_OP(a) == OP_RECRUIT) {
        int t = A_X(a), z = A_Y(a);
        if (s->c[c].recruited % 5 == 0)
            s->c[c].rp--; /* rule 8.2: 1 RP per started 5 SP */
        s->c[c].recruited++;
        s->c[c].reserve[t]--;
        if (A_Z(a)) /* 10.5: set up in the fortress */
            s->z[z].garr[t]++;
        else
            s->z[z].army[c][t]++;
        char kn[2 * RS_NAME];
        rs_kind_name(g, t, kn, sizeof kn);
        VB_LOG_TO(cx, s->h.opts[0] ? VB_ROLE_BIT(c) : VB_ALL_ROLES,
                  "[10.2] %s recruits 1 %s SP in %s%s", rs_camp_names[c], kn, d->z[z].name,
                  A_Z(a) ? ", in garrison" : "");
        /* 17.2: an enemy general alone in the zone (beside the camp's
         * fortress) now stands beside an army: taken prisoner */
        rs_capture_lone_generals(g, s, z, cx);
    } else {
        int i = A_X(a), z = A_Y(a);
        s->c[c].rp = (int16_t)(s->c[c].rp - rs_gen_cost(g, i));
        s->gz[i] = (int8_t)z;
        VB_LOG(cx, "[10.2] %s recruits %s in %s for %d RP", rs_camp_names[c], d->gd[i].name,
               d->z[z].name, rs_gen_cost(g, i));
    }
}

/* the legal lists of P_RECRUIT, P_FORT and P_PRISON */
int rs_legal_prep(const vb_game *g, const rs_state *s, vb_action *a, int n, int cap)
{
    const rs_data *d = RS_D(g);
    int c = s->who;
    switch (s->phase) {
    case P_RECRUIT:
        /* staged: a zone, then what to recruit there (short menus) */
        if (s->rzone >= 0) {
            n = zone_recruits(g, s, c, s->rzone, a, n, cap);
            if (n < 0)
                return n;
        } else {
            for (int z = 0; z < d->nz; z++)
                if (!(s->z[z].frozen & 4) && zone_recruits(g, s, c, z, NULL, 0, 0) > 0)
                    PUSH(ACT(OP_RECRUITZ, z, 0, 0));
        }
        PUSH(ACT(OP_DONE, 0, 0, 0));
        break;
    case P_FORT:
        if (any_forced_line(g, s, c)) {
            for (int z = 0; z < d->nz; z++)
                if (forced_line(g, s, c, z))
                    PUSH(ACT(OP_LINE, z, 0, 0));
            break;
        }
        if (forced_fort(g, s, c)) {
            /* 24.3.3 1677-4, 1678-5: the RP go to the fortresses of France first */
            for (int z = 0; z < d->nz; z++)
                if (fort_ok(g, s, c, z) && d->z[z].state == d->st_france)
                    PUSH(ACT(OP_FORTIFY, z, 0, 0));
            break;
        }
        for (int z = 0; z < d->nz; z++) {
            if (fort_ok(g, s, c, z))
                PUSH(ACT(OP_FORTIFY, z, 0, 0));
            if (line_ok(g, s, c, z))
                PUSH(ACT(OP_LINE, z, 0, 0));
        }
        n = distribute(g, s, c, a, n, cap);
        if (n < 0)
            return n;
        PUSH(ACT(OP_DONE, 0, 0, 0));
        break;
    case P_PRISON:
        PUSH(ACT(OP_RETURN, s->k, 0, 0));
        PUSH(ACT(OP_REFUSE, s->k, 0, 0));
        break;
    default:
        break;
    }
    return n;
}

void rs_apply_prep(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int op = A_OP(a);
    switch (s->phase) {
    case P_RECRUIT:
        if (op == OP_RECRUITZ) {
            s->rzone = (int8_t)A_X(a);
        } else if (op == OP_DONE && s->rzone >= 0) {
            s->z[s->rzone].frozen |= 4; /* done with this zone for the turn */
            s->rzone = -1;
        } else if (op == OP_DONE) {
            next_recruit(g, s, cx);
        } else {
            recruit(g, s, a, cx);
            if (zone_recruits(g, s, s->who, s->rzone, NULL, 0, 0) == 0) {
                s->z[s->rzone].frozen |= 4;
                s->rzone = -1;
            }
        }
        break;
    case P_FORT: {
        int c = s->who, z = A_X(a);
        if (op == OP_DONE) {
            next_fort(g, s, cx);
        } else if (op == OP_FORTIFY) {
            s->c[c].rp = (int16_t)(s->c[c].rp - 2);
            s->z[z].fv++;
            s->z[z].frozen |= 1;
            if (c == RS_F && s->forced_fort && d->z[z].state == d->st_france)
                s->forced_fort = (uint8_t)(s->forced_fort >= 2 ? s->forced_fort - 2 : 0);
            VB_LOG(cx, "[11] %s raises the fortress of %s to FV %d", rs_camp_names[c], d->z[z].name,
                   s->z[z].fv);
        } else if (op == OP_GARRISON || op == OP_UNGARRISON) {
            int in = op == OP_GARRISON, t = in ? A_Y(a) : A_X(a);
            rs_zst *q = &s->z[in ? z : A_Y(a)];
            char kn[2 * RS_NAME];
            rs_kind_name(g, t, kn, sizeof kn);
            if (in) {
                q->army[c][t]--;
                q->garr[t]++;
            } else {
                q->garr[t]--;
                q->army[c][t]++;
            }
            q->frozen |= in ? 8 : 16;
            z = in ? z : A_Y(a);
            VB_LOG_TO(cx, s->h.opts[0] ? VB_ROLE_BIT(c) : VB_ALL_ROLES,
                      "[11] %s %s 1 %s SP %s the fortress of %s", rs_camp_names[c],
                      in ? "puts" : "takes", kn, in ? "into" : "out of", d->z[z].name);
            rs_update_control(g, s, z);            /* a line left without an army is eliminated */
            rs_capture_lone_generals(g, s, z, cx); /* 17.2, as for a recruit */
        } else {
            s->c[c].rp--;
            s->z[z].line++;
            s->z[z].linec = (int8_t)c;
            s->z[z].frozen |= 2;
            VB_LOG(cx, "[11] %s raises the line of defence in %s to %d", rs_camp_names[c],
                   d->z[z].name, s->z[z].line);
        }
        break;
    }
    case P_PRISON:
        prisoner(g, s, a, cx);
        break;
    default:
        break;
    }
}
