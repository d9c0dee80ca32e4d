/*
 * sg_legal.c - what may be done now in "11 de Setembre. Setge 1714": the
 * legal decisions of every phase (artillery 9, movement and reinforcements
 * 10, combat 11, barricades 12, each seat for its own forces 15) and whose
 * decision it is. The state changes are in sg_rules.c. Nothing here
 * allocates.
 */
#include <string.h>

#include "sg_int.h"

#define IS_CHANCE_PHASE(p)                                                                         \
    ((p) == PH_BREACH || (p) == PH_EVENT || (p) == PH_ARTDIE || (p) == PH_SALVODIE ||              \
     (p) == PH_ADIE || (p) == PH_DDIE || (p) == PH_ACMDDIE || (p) == PH_DCMDDIE)

/* ------------------------------------------------------------- movement */

void sg_mctx_init(const sg_data *d, const sg_state *s, mctx *c)
{
    sg_summary(d, s, &c->m);
    c->pass = d->zpass[s->breach != 0];
    c->full = 0;
    for (int side = 0; side < 2; side++) {
        c->zoc[side] = 0;
        for (uint64_t o = c->m.occ[side]; o; o &= o - 1)
            c->zoc[side] |= c->pass[__builtin_ctzll(o)];
    }
    for (int z = 0; z < d->nz; z++)
        if (c->m.n[z] >= SG_STACK)
            c->full |= BIT(z);
    c->full &= ~d->deploymask; /* rules 6.1, 6.2 (is_full) */
}

/* Zones unit u may end its move in (rule 10; barricades rule 12). par, if
 * not NULL, receives the zone each reached zone was entered from. */
uint64_t sg_reach(const sg_data *d, const sg_state *s, const mctx *c, int u, uint8_t *par)
{
    const sg_unit *up = &d->u[u];
    int side = up->side, en = 1 - side, z0 = s->uz[u];
    int allow = sg_move_allowance(d, s, side);
    /* Rule 6.1: a combat unit enters no zone with enemy combat units, nor a
     * commander or the flag (those fall only by 11.3 and 13); it may enter
     * the zone of a lone gun or barricade and capture it (rule 9 example).
     * Other pieces enter no zone with enemy pieces. */
    uint64_t block = up->kind == K_COMBAT ? c->m.occ[en] | c->m.lead[en] | c->full : c->m.pres[en];
    uint64_t stop = c->zoc[en] | d->deploymask;
    uint64_t allowed = ~block;
    if (up->kind == K_BARRICADE)
        allowed &= d->colmask[COL_OCHRE] | d->colmask[COL_GREEN];
    uint64_t seen = BIT(z0), fr = BIT(z0), out = 0;
    for (int step = 0; step < allow && fr; step++) {
        uint64_t nx = 0;
        if (!par) {
            for (uint64_t f = fr; f; f &= f - 1)
                nx |= c->pass[__builtin_ctzll(f)];
            nx &= allowed & ~seen;
            seen |= nx;
        } else {
            /* Paths through zones where enemy pieces are captured are
             * preferred (the rule 10 example): those are expanded first. */
            uint64_t capz = c->m.pres[en] & ~c->m.occ[en] & ~c->m.lead[en];
            uint64_t order[2] = {fr & capz, fr & ~capz};
            for (int k = 0; k < 2; k++)
                for (uint64_t f = order[k]; f; f &= f - 1) {
                    int z = __builtin_ctzll(f);
                    uint64_t nb = c->pass[z] & allowed & ~seen;
                    for (uint64_t y = nb; y; y &= y - 1)
                        par[__builtin_ctzll(y)] = (uint8_t)z;
                    seen |= nb;
                    nx |= nb;
                }
        }
        out |= nx;
        fr = nx & ~stop;
    }
    return out;
}

/* ------------------------------------------------------------ legal lists */

typedef struct alist {
    vb_action *a;
    uint32_t *w;
    int n;
    int limit;    /* stop listing here (counting only needs a few) */
    int overflow; /* more than limit were found */
} alist;

static void push(alist *l, vb_action a, uint32_t w)
{
    if (l->n >= l->limit) {
        l->overflow = 1;
        return;
    }
    if (l->a)
        l->a[l->n] = a;
    if (l->w)
        l->w[l->n] = w;
    l->n++;
}

static void legal_dice(alist *l)
{
    for (int f = 1; f <= 6; f++)
        push(l, SG_ACT(A_DIE, f, 0, 0), 1);
}

int sg_gun_need(const sg_data *d, const sg_state *s, int side, int dist)
{
    int c = sg_card_for(d, s, side);
    int need = dist == 1 ? 4 : 5; /* rule 9 */
    if (c >= 0)
        need += d->c[c].guns;
    return need < 2 ? 2 : need;
}

static void legal_art(const sg_data *d, const sg_state *s, alist *l)
{
    int side = s->half, en = 1 - side, role = sg_seat_role(s);
    int c = sg_card_for(d, s, side);
    if (c >= 0 && d->c[c].noguns)
        return;
    for (int k = 0; k < d->nother[side]; k++) {
        int g = d->other[side][k];
        if (d->ukind[g] != K_GUN || s->us[g] != US_ON || s->done[g] ||
            sg_unit_role(d, s, g) != role)
            continue;
        int gz = s->uz[g], maxd = side == SG_BOURBON ? 2 : 1; /* rule 9 */
        for (int j = 0; j < d->ncombat[en]; j++) {
            int t = d->combat[en][j];
            if (s->us[t] != US_ON)
                continue;
            int dd = d->dist[gz][s->uz[t]];
            if (dd >= 1 && dd <= maxd)
                push(l, SG_ACT(A_FIRE, g, t, 0), 1);
        }
    }
}

static uint64_t reinf_zones(const sg_data *d, const sg_sum *m, int side)
{
    if (side == SG_CATALAN)
        return d->rmask & ~m->pres[SG_BOURBON]; /* rule 10.1: R zones not held by the enemy */
    return d->deploymask & ~m->pres[SG_CATALAN];
}

int sg_next_arrival(const sg_data *d, const sg_state *s)
{
    for (int i = 0; i < d->nu; i++)
        if (d->u[i].side == SG_CATALAN && s->us[i] == US_WAIT && s->arrive[i] >= 1 &&
            s->arrive[i] <= s->turn)
            return i;
    return -1;
}

int sg_next_deploy(const sg_data *d, const sg_state *s)
{
    for (int side = SG_CATALAN; side >= SG_BOURBON; side--) /* rule 4: Catalans first */
        for (int i = 0; i < d->nu; i++)
            if (d->u[i].side == side && s->us[i] == US_WAIT && s->arrive[i] == 0)
                return i;
    return -1;
}

static uint64_t deploy_zones(const sg_data *d, const sg_sum *m, int u)
{
    if (d->u[u].side == SG_BOURBON)
        return d->deploymask;
    uint64_t all = (d->nz == 64 ? ~(uint64_t)0 : BIT(d->nz) - 1);
    uint64_t z = all & ~d->deploymask & ~d->colmask[COL_GREEN] & ~m->pres[SG_BOURBON];
    if (d->u[u].kind == K_COMBAT)
        for (int k = 0; k < d->nz; k++)
            if (sg_is_full(d, m, k))
                z &= ~BIT(k);
    return z;
}

static void legal_reinf(const sg_data *d, const sg_state *s, alist *l)
{
    sg_sum m;
    if (s->half == SG_CATALAN) {
        int u = sg_next_arrival(d, s);
        if (u < 0)
            return;
        sg_summary(d, s, &m);
        uint64_t zs = reinf_zones(d, &m, SG_CATALAN);
        for (int z = 0; z < d->nz; z++)
            if (zs & BIT(z))
                push(l, SG_ACT(A_ENTER, u, z, 0), 1);
        return;
    }
    if (!s->recover)
        return;
    sg_summary(d, s, &m);
    uint64_t zs = reinf_zones(d, &m, SG_BOURBON);
    if (!zs)
        return;
    int any = 0, role = sg_seat_role(s);
    for (int u = 0; u < d->nu; u++) {
        if (d->u[u].side != SG_BOURBON || d->u[u].kind != K_COMBAT || s->us[u] != US_ELIM ||
            sg_unit_role(d, s, u) != role)
            continue;
        if (!any)
            push(l, SG_ACT(A_END, E_RECOVERY, 0, 0), 1);
        any = 1;
        for (int z = 0; z < d->nz; z++)
            if (zs & BIT(z))
                push(l, SG_ACT(A_RECOVER, u, z, 0), 1);
    }
}

/* Units of one class in one zone reach the same zones: cache per call. */
typedef struct rcache {
    uint64_t r[3][SG_MAXZ];
    uint64_t have[3];
} rcache;

/* The zones unit u may end its move in, cached per zone and piece class
 * (units of one class in one zone reach the same zones). An entry is read
 * only once its `have` bit is set; gcc -O3 cannot see that, and clearing
 * the whole cache on every listing would cost more than the listing. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
static uint64_t unit_reach(const sg_data *d, const sg_state *s, const mctx *c, rcache *rc, int u)
{
    int cls = d->ukind[u] == K_COMBAT ? 0 : d->ukind[u] == K_BARRICADE ? 2 : 1;
    int z0 = s->uz[u];
    if (!(rc->have[cls] & BIT(z0))) {
        uint64_t r = sg_reach(d, s, c, u, NULL);
        rc->r[cls][z0] = r;
        rc->have[cls] |= BIT(z0);
        return r;
    }
    return rc->r[cls][z0];
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* Rule 12: the places a barricade may move to (or turn in), as
 * A_DEST(zone, facing) codes; returns how many (l may count only). */
static int barricade_dests(const sg_data *d, const sg_state *s, const mctx *c, rcache *rc, int u,
                           alist *l)
{
    uint64_t r = unit_reach(d, s, c, rc, u) | BIT(s->uz[u]);
    int k = 0;
    for (; r; r &= r - 1) {
        int z = __builtin_ctzll(r);
        if (c->m.bar[z] != SG_NO && c->m.bar[z] != u)
            continue; /* one barricade per zone */
        for (uint64_t fs = d->z[z].barok; fs; fs &= fs - 1) {
            int f = __builtin_ctzll(fs);
            if (z == s->uz[u] && f == s->face[u])
                continue;
            k++;
            if (l)
                push(l, SG_ACT(A_DEST, z, 0, f), 1);
            else
                return 1;
        }
    }
    return k;
}

int sg_movable(const sg_data *d, const sg_state *s, int u, int side, int role)
{
    return d->uside[u] == side && s->us[u] == US_ON && !s->done[u] && d->ukind[u] != K_GUN &&
           sg_unit_role(d, s, u) == role;
}

/* `move-stack Z`: every movable piece of the seat in z except barricades
 * (each needs its own facing) moves to one destination that all of them
 * reach and that holds them all (rule 6.3). 0 if fewer than two pieces. */
static uint64_t stack_dests(const sg_data *d, const sg_state *s, const mctx *c, rcache *rc, int z,
                            int side, int role)
{
    uint64_t r = ~(uint64_t)0;
    int n = 0, ncomb = 0;
    for (int k = 0; k < d->nside[side]; k++) {
        int u = d->sideu[side][k];
        if (s->uz[u] != z || d->ukind[u] == K_BARRICADE || !sg_movable(d, s, u, side, role))
            continue;
        r &= unit_reach(d, s, c, rc, u);
        n++;
        ncomb += d->ukind[u] == K_COMBAT;
    }
    if (n < 2)
        return 0;
    for (uint64_t y = r & ~d->deploymask; y; y &= y - 1) {
        int t = __builtin_ctzll(y);
        if (c->m.n[t] + ncomb > SG_STACK)
            r &= ~BIT(t);
    }
    return r;
}

/* Rule 10.1: zones overstacked by arriving reinforcements, which must be
 * left as soon as a unit there can move. */
static uint64_t over_zones(const sg_state *s, const mctx *c, int side)
{
    uint64_t over = 0;
    for (uint64_t o = s->ovr & c->m.occ[side]; o; o &= o - 1)
        if (c->m.n[__builtin_ctzll(o)] > SG_STACK)
            over |= o & -o;
    return over;
}

/* Rule 10, first stage: the unit (`move U`) or stack (`move-stack Z`) that
 * moves next, or `end-movement`. The destination is a second decision. */
static void legal_move(const sg_data *d, const sg_state *s, alist *l)
{
    mctx c;
    rcache rc;
    int side = s->half, role = sg_seat_role(s);
    rc.have[0] = rc.have[1] = rc.have[2] = 0;
    sg_mctx_init(d, s, &c);
    uint64_t over = over_zones(s, &c, side);
    if (over) {
        int n0 = l->n;
        for (int k = 0; k < d->ncombat[side]; k++) {
            int u = d->combat[side][k];
            if (sg_movable(d, s, u, side, role) && (over & BIT(s->uz[u])) &&
                unit_reach(d, s, &c, &rc, u))
                push(l, SG_ACT(A_PICK, u, 0, 0), 1);
        }
        if (l->n > n0)
            return;
    }
    int n0 = l->n;
    push(l, SG_ACT(A_END, E_MOVE, 0, 0), 1);
    /* One pass over the units; per zone, what stack_dests needs: one unit
     * of each class there (units of a class in a zone reach the same
     * zones). A unit reaches some zone iff its first step does, so the
     * search runs only for stacks. */
    int allow = sg_move_allowance(d, s, side), en = 1 - side;
    uint64_t okc = ~(c.m.occ[en] | c.m.lead[en] | c.full), oko = ~c.m.pres[en];
    uint64_t zs = 0;
    uint8_t cnt[SG_MAXZ], ncomb[SG_MAXZ], rep[SG_MAXZ][2];
    for (int k = 0; k < d->nside[side] && !l->overflow; k++) {
        int u = d->sideu[side][k];
        if (!sg_movable(d, s, u, side, role))
            continue;
        int z = s->uz[u], comb = d->ukind[u] == K_COMBAT;
        if (d->ukind[u] == K_BARRICADE) {
            if (barricade_dests(d, s, &c, &rc, u, NULL))
                push(l, SG_ACT(A_PICK, u, 0, 0), 1);
            continue;
        }
        if (allow >= 1 && (c.pass[z] & (comb ? okc : oko) & ~BIT(z)))
            push(l, SG_ACT(A_PICK, u, 0, 0), 1);
        if (!(zs & BIT(z))) {
            zs |= BIT(z);
            cnt[z] = ncomb[z] = 0;
            rep[z][0] = rep[z][1] = SG_NO;
        }
        cnt[z]++;
        ncomb[z] += comb;
        rep[z][comb] = (uint8_t)u;
    }
    for (; zs && !l->overflow; zs &= zs - 1) {
        int z = __builtin_ctzll(zs);
        if (cnt[z] < 2)
            continue;
        uint64_t r = ~(uint64_t)0;
        for (int cl = 0; cl < 2; cl++)
            if (rep[z][cl] != SG_NO)
                r &= unit_reach(d, s, &c, &rc, rep[z][cl]);
        for (uint64_t y = r & ~d->deploymask; y; y &= y - 1)
            if (c.m.n[__builtin_ctzll(y)] + ncomb[z] > SG_STACK)
                r &= ~(y & -y);
        if (r)
            push(l, SG_ACT(A_STACK, z, 0, 0), 1); /* as stack_dests(z) != 0 */
    }
    if (l->n == n0 + 1)
        l->n = n0; /* nothing can move: nothing to decide */
}

/* Rule 10, second stage: where the unit or stack picked goes, or `cancel`
 * (back to the first stage, nothing moved). */
static void legal_dest(const sg_data *d, const sg_state *s, alist *l)
{
    mctx c;
    rcache rc;
    uint64_t r;
    rc.have[0] = rc.have[1] = rc.have[2] = 0;
    sg_mctx_init(d, s, &c);
    /* Cancel is offered SG_MAX_CANCEL times per movement phase (then the
     * piece picked must go somewhere), and always where it has nowhere. */
    int can = s->ncancel < SG_MAX_CANCEL, n0 = l->n;
    if (can)
        push(l, SG_ACT(A_END, E_CANCEL, 0, 0), 1);
    if (s->mover != SG_NO && d->ukind[s->mover] == K_BARRICADE) {
        barricade_dests(d, s, &c, &rc, s->mover, l);
    } else {
        if (s->mover != SG_NO)
            r = unit_reach(d, s, &c, &rc, s->mover);
        else
            r = stack_dests(d, s, &c, &rc, s->mstack, s->half, sg_seat_role(s));
        for (; r; r &= r - 1)
            push(l, SG_ACT(A_DEST, __builtin_ctzll(r), 0, SG_NO), 1);
    }
    if (!can && l->n == n0)
        push(l, SG_ACT(A_END, E_CANCEL, 0, 0), 1);
}

static int salvo_ok(const sg_data *d, const sg_state *s, const sg_sum *m, int from, int to)
{
    /* Rule 11.2: only at equal or lower defence value... */
    if (d->z[to].defv > d->z[from].defv)
        return 0;
    /* ...and blocked by a blue line or barricade covering the contact in an
     * ochre or green zone. */
    if (sg_open_zone(d, to)) {
        if (d->z[to].blue & BIT(from))
            return 0;
        if (m->bar[to] != SG_NO && s->face[m->bar[to]] == from)
            return 0;
    }
    return 1;
}

static void legal_combat(const sg_data *d, const sg_state *s, alist *l)
{
    sg_sum m;
    int side = s->half, en = 1 - side, role = sg_seat_role(s);
    sg_summary(d, s, &m);
    int n0 = l->n;
    push(l, SG_ACT(A_END, E_COMBAT, 0, 0), 1);
    int seats[2], ns = sg_side_seats(s, side, seats);
    uint8_t cnt[SG_MAXZ][2];
    if (ns > 1) { /* rule 15: the seat with most combat units decides */
        memset(cnt, 0, sizeof cnt);
        for (int k = 0; k < d->ncombat[side]; k++) {
            int u = d->combat[side][k];
            if (s->us[u] == US_ON)
                cnt[s->uz[u]][sg_unit_role(d, s, u) == seats[1]]++;
        }
    }
    for (uint64_t zs = m.occ[side] & ~s->acted; zs; zs &= zs - 1) {
        int z = __builtin_ctzll(zs);
        if (ns > 1 && seats[cnt[z][1] > cnt[z][0]] != role)
            continue;
        uint64_t t = sg_pass(d, s, z) & m.occ[en];
        for (; t; t &= t - 1) {
            int y = __builtin_ctzll(t);
            push(l, SG_ACT(A_ASSAULT, z, y, 0), 1);
            if (salvo_ok(d, s, &m, z, y))
                push(l, SG_ACT(A_SALVO, z, y, 0), 1);
        }
    }
    if (l->n == n0 + 1)
        l->n = n0; /* nothing to declare */
}

int sg_leader_near(const sg_data *d, const sg_state *s, int u, int side, int to, int inside)
{
    if (d->u[u].side != side || s->us[u] != US_ON)
        return 0;
    int z = s->uz[u];
    if (z == to)
        return inside;
    return (sg_pass(d, s, z) & BIT(to)) != 0;
}

/* Rule 15: a seat picks only among its own units (leads, casualties). */
static void legal_lead(const sg_data *d, const sg_state *s, int side, int zone, int kind, int role,
                       alist *l)
{
    for (int k = 0; k < d->ncombat[side]; k++) {
        int u = d->combat[side][k];
        if (s->us[u] == US_ON && s->uz[u] == zone && sg_unit_role(d, s, u) == role)
            push(l, SG_ACT(kind, u, 0, 0), 1);
    }
}

static void legal_cmd(const sg_data *d, const sg_state *s, int side, int inside, int role, alist *l)
{
    int n0 = l->n;
    push(l, SG_ACT(A_END, E_NOCMD, 0, 0), 1);
    for (int k = 0; k < d->nother[side]; k++) {
        int u = d->other[side][k];
        if (d->ukind[u] == K_LEADER && sg_unit_role(d, s, u) == role &&
            sg_leader_near(d, s, u, side, s->cto, inside))
            push(l, SG_ACT(A_CMD, u, 0, 0), 1);
    }
    if (l->n == n0 + 1)
        l->n = n0;
}

/* Rule 15, each seat for its own forces: who takes each step of a combat. */
static int att_role(const sg_state *s)
{
    return sg_seat_role(s); /* the seat that declared it */
}

int sg_cmd_seat(const sg_state *s)
{
    int r = s->phase == PH_ACMD ? att_role(s) : s->drole;
    return s->csub ? sg_other_seat(s, r) : r;
}

static int casualty_role(const sg_data *d, const sg_state *s)
{
    /* The seat with most combat units left in the zone takes the hit and
     * chooses which of its own units is lost. */
    return sg_zone_role(d, s, s->cto, 1 - s->half);
}

static int has_units_in(const sg_data *d, const sg_state *s, int side, int role, int z)
{
    for (int k = 0; k < d->ncombat[side]; k++) {
        int u = d->combat[side][k];
        if (s->us[u] == US_ON && s->uz[u] == z && sg_unit_role(d, s, u) == role)
            return 1;
    }
    return 0;
}

static int adv_role(const sg_data *d, const sg_state *s)
{
    /* The declaring seat advances its own units; if it has none left in the
     * attacking zone, the other seat of the side must occupy the zone. */
    int r = att_role(s), o = sg_other_seat(s, r);
    if (o >= 0 && !has_units_in(d, s, s->half, r, s->cfrom) &&
        has_units_in(d, s, s->half, o, s->cfrom))
        return o;
    return r;
}

int sg_defender_side(const sg_state *s)
{
    return 1 - s->half;
}

uint64_t sg_retreat_zones(const sg_data *d, const sg_state *s, const sg_sum *m)
{
    /* Rule 11.3: adjacent zones without enemy units. */
    return sg_pass(d, s, s->cto) & ~m->pres[s->half];
}

int sg_retreating(const sg_data *d, const sg_state *s, int u)
{
    return s->us[u] == US_ON && s->uz[u] == s->cto && d->u[u].side == sg_defender_side(s) &&
           d->u[u].kind != K_GUN && d->u[u].kind != K_BARRICADE;
}

/* The seat retreating now: the side's seats in order, each its own pieces
 * (rule 15); after a forced retreat into a full zone, the seat that must
 * eliminate one of its units there. */
static int retreat_role(const sg_data *d, const sg_state *s)
{
    int seats[2], ds = sg_defender_side(s), n = sg_side_seats(s, ds, seats);
    if (s->ovz != SG_NO)
        return s->eseat;
    for (int k = 0; k < n; k++)
        for (int u = 0; u < d->nu; u++)
            if (sg_retreating(d, s, u) && sg_unit_role(d, s, u) == seats[k])
                return seats[k];
    return seats[0];
}

static void legal_retreat(const sg_data *d, const sg_state *s, alist *l)
{
    sg_sum m;
    int role = retreat_role(d, s);
    if (s->ovz != SG_NO) {
        /* Rule 11.3: "he must eliminate enough units in order not to exceed
         * the maximum of 5 units per zone" - the owner chooses which. */
        legal_lead(d, s, sg_defender_side(s), s->ovz, A_ELIM, role, l);
        return;
    }
    sg_summary(d, s, &m);
    uint64_t zs = sg_retreat_zones(d, s, &m), full = 0;
    for (uint64_t y = zs & ~d->deploymask; y; y &= y - 1)
        if (m.n[__builtin_ctzll(y)] >= SG_STACK)
            full |= y & -y;
    /* A combat unit retreats into a full friendly zone only when forced:
     * when no zone it may retreat to has room. */
    uint64_t cz = (zs & ~full) ? zs & ~full : zs;
    for (int u = 0; u < d->nu; u++)
        if (sg_retreating(d, s, u) && sg_unit_role(d, s, u) == role) {
            uint64_t t = d->ukind[u] == K_COMBAT ? cz : zs;
            for (; t; t &= t - 1)
                push(l, SG_ACT(A_RETREAT, u, __builtin_ctzll(t), 0), 1);
        }
}

static void legal_advance(const sg_data *d, const sg_state *s, alist *l)
{
    sg_sum m;
    sg_summary(d, s, &m);
    if (s->adv)
        push(l, SG_ACT(A_END, E_ADVANCE, 0, 0), 1);
    if (sg_is_full(d, &m, s->cto) || (m.occ[sg_defender_side(s)] & BIT(s->cto)))
        return;
    int role = adv_role(d, s);
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].kind == K_COMBAT && d->u[u].side == s->half && s->us[u] == US_ON &&
            s->uz[u] == s->cfrom && sg_unit_role(d, s, u) == role)
            push(l, SG_ACT(A_ADVANCE, u, 0, 0), 1);
}

static void legal_deploy(const sg_data *d, const sg_state *s, alist *l)
{
    sg_sum m;
    int u = sg_next_deploy(d, s);
    if (u < 0)
        return;
    sg_summary(d, s, &m);
    uint64_t zs = deploy_zones(d, &m, u);
    for (int z = 0; z < d->nz; z++)
        if (zs & BIT(z))
            push(l, SG_ACT(A_DEPLOY, u, z, 0), 1);
}

static void legal_list(const sg_data *d, const sg_state *s, alist *l)
{
    switch (s->phase) {
    case PH_BREACH:
    case PH_ARTDIE:
    case PH_SALVODIE:
    case PH_ADIE:
    case PH_DDIE:
    case PH_ACMDDIE:
    case PH_DCMDDIE:
        legal_dice(l);
        break;
    case PH_EVENT:
        for (int c = 0; c < d->nc; c++)
            if (s->deck & (1u << c))
                push(l, SG_ACT(A_CARD, c, 0, 0), 1);
        break;
    case PH_DEPLOY:
        legal_deploy(d, s, l);
        break;
    case PH_ART: {
        int n0 = l->n;
        push(l, SG_ACT(A_END, E_ART, 0, 0), 1);
        legal_art(d, s, l);
        if (l->n == n0 + 1)
            l->n = n0;
        break;
    }
    case PH_REINF:
        legal_reinf(d, s, l);
        break;
    case PH_MOVE:
        legal_move(d, s, l);
        break;
    case PH_DEST:
        legal_dest(d, s, l);
        break;
    case PH_COMBAT:
        legal_combat(d, s, l);
        break;
    case PH_CASUALTY:
        legal_lead(d, s, sg_defender_side(s), s->cto, A_CASUALTY, casualty_role(d, s), l);
        break;
    case PH_ALEAD:
        legal_lead(d, s, s->half, s->cfrom, A_LEAD, att_role(s), l);
        break;
    case PH_DLEAD:
        legal_lead(d, s, sg_defender_side(s), s->cto, A_LEAD, s->drole, l);
        break;
    case PH_ACMD:
        if (sg_cmd_seat(s) >= 0)
            legal_cmd(d, s, s->half, 0, sg_cmd_seat(s), l);
        break;
    case PH_DCMD:
        if (sg_cmd_seat(s) >= 0)
            legal_cmd(d, s, sg_defender_side(s), 1, sg_cmd_seat(s), l);
        break;
    case PH_WITHDRAW:
        push(l, SG_ACT(A_WITHDRAW, 1, 0, 0), 1);
        push(l, SG_ACT(A_WITHDRAW, 0, 0, 0), 1);
        break;
    case PH_RETREAT:
        legal_retreat(d, s, l);
        break;
    case PH_ADVANCE:
        legal_advance(d, s, l);
        break;
    default:
        break;
    }
}

int sg_list(const sg_data *d, const sg_state *s, vb_action *acts, int cap)
{
    alist l = {acts, NULL, 0, cap, 0};
    legal_list(d, s, &l);
    return l.n;
}

int sg_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    alist l = {acts, w, 0, cap, 0};
    legal_list(SGD(g), st, &l);
    return l.overflow ? VB_EOVERFLOW : l.n;
}

int sg_count_legal(const sg_data *d, const sg_state *s)
{
    alist l = {NULL, NULL, 0, 2, 0}; /* 0, 1 or "more than one" */
    legal_list(d, s, &l);
    return l.n;
}

int sg_to_move(const vb_game *g, const void *st)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    int u;
    if (IS_CHANCE_PHASE(s->phase))
        return VB_CHANCE;
    switch (s->phase) {
    case PH_OVER:
        return VB_OVER;
    case PH_DEPLOY:
        u = sg_next_deploy(d, s);
        return u >= 0 ? sg_unit_role(d, s, u) : R_BOURBON;
    case PH_REINF:
        if (s->half == SG_CATALAN) {
            u = sg_next_arrival(d, s);
            return u >= 0 ? sg_unit_role(d, s, u) : R_CATALAN;
        }
        return sg_seat_role(s); /* each Bourbon seat recovers its own units */
    case PH_CASUALTY:
        return casualty_role(d, s);
    case PH_ACMD:
    case PH_DCMD: {
        int r = sg_cmd_seat(s);
        return r >= 0 ? r : sg_seat_role(s);
    }
    case PH_RETREAT:
        return retreat_role(d, s);
    case PH_ADVANCE:
        return adv_role(d, s);
    case PH_DLEAD:
    case PH_WITHDRAW:
        return s->drole;
    default:
        return sg_seat_role(s);
    }
}
