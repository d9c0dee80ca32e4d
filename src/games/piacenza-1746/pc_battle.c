/*
 * pc_battle.c - what the full battle of Piacenza 1746 adds to the learning
 * scenarios: the command of the CiC and the Wing Commanders (4.1-4.5), the
 * moves of a Wing Commander and of the CiC at the end of an activation
 * (4.0), the Standard Bearers (4.6.1), the four secret geographic
 * objectives and their reveals (13.0, 13.2), the conditional draw count
 * (13.1) and the verdict of the battle.
 */
#include "pc_int.h"

/* ---- command (4.1-4.5) -----------------------------------------------------*/

/* 4.1: a command line from the superior's hex a to the commander's hex b,
 * at most range hexes long (counting a's hex, not b's), through no hex
 * occupied by side's enemies and no forbidden terrain or hexside. */
typedef struct {
    uint8_t blocked[2][PC_MAXHEX]; /* hexes held by each side's enemies */
    uint8_t g[PC_MAXHEX];          /* hexes from a on the best line found; 0xff between searches */
    uint8_t lev[PC_MAXHEX];        /* the hex's bucket; 0xff none, between searches too */
    int16_t nx[PC_MAXHEX], pv[PC_MAXHEX]; /* the buckets' doubly linked lists */
    int16_t head[64];     /* first hex of each bucket (range <= 40, pc_data.c), -1 empty */
    int16_t q[PC_MAXHEX]; /* the hexes touched, to clear */
} cl_work;

/* The directions from h that bring a line one hex nearer b: those whose
 * two changing cube coordinates both move toward b's (0: r-1 s+1, 1: q+1
 * r-1, 2: q+1 s-1, 3: r+1 s-1, 4: q-1 r+1, 5: q-1 s+1; see pc_map.c). */
static unsigned toward(const pc_data *d, int h, int b)
{
    int dq = d->aq[b] - d->aq[h], dr = d->ar[b] - d->ar[h], ds = -dq - dr;
    return (unsigned)((dr < 0 && ds > 0) | (dq > 0 && dr < 0) << 1 | (dq > 0 && ds < 0) << 2 |
                      (dr > 0 && ds < 0) << 3 | (dq < 0 && dr > 0) << 4 | (dq < 0 && ds > 0) << 5);
}

/* Is there a line from h to b as short as the hex distance left (one hex
 * nearer b at every step)? Depth first over those hexes; a hex from which
 * none leads on is marked dead (g 0, listed in q from *nd) and not tried
 * again. Most command lines are straight, and this finds them in a few
 * steps. Each step's distance is checked, so that a line found is never
 * longer than the distance: toward() only chooses which steps to try. */
static int straight_line(const pc_data *d, cl_work *w, const uint8_t *blocked, int h, int b,
                         int left, int *nd)
{
    unsigned m = d->open[h] & toward(d, h, b);
    for (int k = 0; k < 6; k++) {
        if (!((m >> k) & 1))
            continue;
        int n = pc_nb(d, h, k);
        if (pc_dist(d, n, b) != left - 1)
            continue;
        if (n == b)
            return 1;
        if (blocked[n] || w->g[n] == 0)
            continue;
        if (straight_line(d, w, blocked, n, b, left - 1, nd))
            return 1;
        w->g[n] = 0;
        w->q[(*nd)++] = (int16_t)n;
    }
    return 0;
}

static void bucket_out(cl_work *w, int n)
{
    if (w->pv[n] >= 0)
        w->nx[w->pv[n]] = w->nx[n];
    else
        w->head[w->lev[n]] = w->nx[n];
    if (w->nx[n] >= 0)
        w->pv[w->nx[n]] = w->pv[n];
    w->lev[n] = 0xff;
}

static void bucket_in(cl_work *w, int n, int lev)
{
    w->nx[n] = w->head[lev];
    w->pv[n] = -1;
    if (w->head[lev] >= 0)
        w->pv[w->head[lev]] = (int16_t)n;
    w->head[lev] = (int16_t)n;
    w->lev[n] = (uint8_t)lev;
}

/* Is there a command line from a to b at most range hexes long? A best-first
 * search (A*): a hex n reached by a line of g hexes waits in bucket g +
 * dist(n, b) - dist(a, b), the length in excess of the straight line that
 * the best line through n can have; buckets are searched in order, the last
 * hex in first, so that a straight line is walked at once. The hex distance
 * never falls by more than one a step, so no hex joins a bucket already
 * searched; a hex whose line shortens moves to its new bucket. Hexes whose
 * best line would exceed range are never put in. */
static int command_line(const pc_data *d, cl_work *w, int side, int a, int b, int range)
{
    if (a < 0 || b < 0)
        return 0;
    if (a == b)
        return 1;
    int h0 = pc_dist(d, a, b), nlev = range - h0 + 1, nq = 0, found = 0;
    if (h0 > range)
        return 0;
    const uint8_t *blocked = w->blocked[side];
    /* a line of h0 hexes is within range: the search below finds one
     * whenever this does, so this only saves its time */
    found = straight_line(d, w, blocked, a, b, h0, &nq);
    for (int i = 0; i < nq; i++)
        w->g[w->q[i]] = 0xff;
    if (found)
        return 1;
    nq = 0;
    for (int i = 0; i < nlev; i++)
        w->head[i] = -1;
    w->g[a] = 0;
    w->q[nq++] = (int16_t)a;
    bucket_in(w, a, 0);
    for (int lv = 0; lv < nlev && !found; lv++)
        while (w->head[lv] >= 0 && !found) {
            int h = w->head[lv];
            bucket_out(w, h);
            unsigned open = d->open[h]; /* on the map, passable, no wall between */
            for (int k = 0; k < 6; k++) {
                if (!((open >> k) & 1))
                    continue;
                int n = pc_nb(d, h, k), ng = w->g[h] + 1;
                if (n == b) {
                    found = 1;
                    break;
                }
                if (blocked[n] || ng >= w->g[n])
                    continue;
                int ex = ng + pc_dist(d, n, b) - h0;
                if (ex >= nlev) /* no line through n reaches b in time */
                    continue;
                if (w->g[n] == 0xff)
                    w->q[nq++] = (int16_t)n;
                else if (w->lev[n] != 0xff)
                    bucket_out(w, n);
                w->g[n] = (uint8_t)ng;
                bucket_in(w, n, ex);
            }
        }
    for (int i = 0; i < nq; i++) { /* ready for the next search */
        w->g[w->q[i]] = 0xff;
        w->lev[w->q[i]] = 0xff;
    }
    return found;
}

/* 4.1-4.5: which leaders are in command now. CiCs always are (4.2); a WC
 * when on the command line of his CiC (4.2); an FC when on that of his WC
 * in command, or of the CiC when the WC is gone (4.3); an out-of-command
 * commander extends no command (4.5). full = 0 keeps the WCs' status, which
 * is checked at the activation only (4.5). */
void pc_command_update(const pc_data *d, pc_state *s, int full)
{
    if (d->all_in_command) {
        s->lcmd = (int32_t)((1u << d->nl) - 1);
        return;
    }
    uint32_t m = 0, keep = (uint32_t)s->lcmd;
    cl_work w;
    memset(w.blocked, 0, sizeof w.blocked);
    memset(w.g, 0xff, (size_t)d->nhex);
    memset(w.lev, 0xff, (size_t)d->nhex);
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0)
            w.blocked[!d->u[u].side][s->uhex[u]] = 1;
    for (int pass = 0; pass < 3; pass++) /* CiCs, then WCs, then FCs */
        for (int l = 0; l < d->nl; l++) {
            const pc_leader_def *ld = &d->l[l];
            int h = s->lhex[l], in = 0;
            if (ld->kind != (pass == 0 ? LK_CIC : pass == 1 ? LK_WC : LK_FC))
                continue;
            if (h < 0)
                continue;
            int cic = d->cic[ld->side], ch = cic >= 0 ? s->lhex[cic] : -1;
            if (ld->kind == LK_CIC) {
                in = 1;
            } else if (ld->kind == LK_WC) {
                if (!full)
                    in = (keep >> l) & 1;
                else
                    in = ch >= 0 && command_line(d, &w, ld->side, ch, h, d->l[cic].range);
            } else {
                int wc = d->wg[ld->wing].wc, wh = wc >= 0 ? s->lhex[wc] : -1;
                if (wh >= 0) {
                    in = ((m >> wc) & 1) && command_line(d, &w, ld->side, wh, h, d->l[wc].range);
                    /* 4.6.1: a Standard Bearer within the command range of his Staff
                     * commands the wing within the same range */
                    int bh = s->bhex[ld->wing];
                    if (!in && bh >= 0 && s->lstaff[wc] && ((m >> wc) & 1) &&
                        command_line(d, &w, ld->side, wh, bh, d->l[wc].range))
                        in = command_line(d, &w, ld->side, bh, h, d->l[wc].range);
                } else if (ch >= 0)
                    in = command_line(d, &w, ld->side, ch, h, d->l[cic].range);
                else
                    in = cic < 0 && wc < 0; /* no superior in the scenario */
            }
            if (in)
                m |= 1u << l;
        }
    s->lcmd = (int32_t)m;
}

int pc_leader_in_command(const pc_data *d, const pc_state *s, int l)
{
    return d->all_in_command || ((s->lcmd >> l) & 1);
}

/* 4.3 / 3.0 A.1: an out-of-command WC cannot activate his wing, which only
 * defends that turn; wings without a deployed WC activate. */
int pc_wing_active_ok(const pc_data *d, const pc_state *s, int w)
{
    int wc = d->wg[w].wc;
    return wc < 0 || d->all_in_command || (s->lhex[wc] >= 0 && pc_leader_in_command(d, s, wc));
}

/* Is u one of the units leader l commands (his formation, his wing, his
 * army)? Used where a leader joins "a unit of his Wing / Formation" (4.6). */
int pc_leader_owns(const pc_data *d, int l, int u)
{
    const pc_leader_def *ld = &d->l[l];
    if (d->u[u].side != ld->side)
        return 0;
    if (ld->kind == LK_CIC)
        return 1;
    if (ld->kind == LK_WC)
        return d->u[u].wing == ld->wing;
    return d->u[u].form >= 0 && d->f[d->u[u].form].leader == l;
}

/* 4.6 / 13.1: a captured Staff is worth 3 VP an FC, 5 VP a WC (and the CiC). */
int pc_trophy_vp(const pc_data *d, int l)
{
    return d->l[l].kind == LK_FC ? d->vp_fc : d->vp_wc;
}

/* ---- Standard Bearers (4.6.1) ----------------------------------------------*/

/* 4.6 / 4.7 / 4.6.1: leader l is turned to his Staff side; a Wing
 * Commander's Standard Bearer then appears in the Staff's hex (once: a
 * bearer captured does not come back). */
void pc_staff_flip(const pc_data *d, pc_state *s, int l, vb_ctx *cx)
{
    s->lstaff[l] = 1;
    int w = d->l[l].wing;
    if (d->l[l].kind != LK_WC || w < 0 || !d->wg[w].bmp || s->bhex[w] >= 0 ||
        ((s->bcapt >> w) & 1) || s->lhex[l] < 0)
        return;
    s->bhex[w] = s->lhex[l];
    VB_LOG(cx, "[4.6.1] %s appears with the Staff of %s", d->wg[w].bearer, d->l[l].name);
}

/* 4.6.1: "a Standard Bearer is captured in the same way as Commanders" (4.6)
 * and earns the enemy a flag (5 VP, 13.1): one alone in hex when an enemy
 * combat unit enters it (alone_only), or the last piece of his side in hex
 * after a melee or charge (the winner advances in). */
void pc_bearer_capture(const pc_data *d, pc_state *s, int hex, int enemy_side, int alone_only,
                       vb_ctx *cx)
{
    for (int w = 0; w < d->nw; w++) {
        if (s->bhex[w] != hex || d->wg[w].side == enemy_side)
            continue;
        if (alone_only && pc_unit_at(d, s, hex, d->wg[w].side, -1) >= 0)
            continue;
        s->bhex[w] = -1;
        s->bcapt |= 1 << w;
        VB_LOG(cx, "[4.6.1] %s is captured: a flag for the enemy (%d VP, 13.1)", d->wg[w].bearer,
               d->vp_flag);
    }
}

/* A Standard Bearer left without his side's units in from follows the unit
 * that left to to (as leaders follow their stack, 4.7); to < 0: the stack is
 * gone and he joins the nearest unit of his wing. */
void pc_bearer_follow(const pc_data *d, pc_state *s, int from, int to, int side)
{
    if (from < 0 || from == to || pc_unit_at(d, s, from, side, -1) >= 0)
        return;
    for (int w = 0; w < d->nw; w++) {
        if (s->bhex[w] != from || d->wg[w].side != side)
            continue;
        int best = to, bd = 999;
        for (int u = 0; to < 0 && u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].wing == w && pc_dist(d, from, s->uhex[u]) < bd) {
                bd = pc_dist(d, from, s->uhex[u]);
                best = s->uhex[u];
            }
        if (best >= 0)
            s->bhex[w] = (int16_t)best;
    }
}

/* 4.6.1: the Sergeants' Factor of a Standard Bearer of u's wing stacked
 * with or adjacent to u (0 when none). */
int pc_bearer_sf(const pc_data *d, const pc_state *s, int u)
{
    int w = d->u[u].wing, h = s->uhex[u];
    if (w < 0 || w >= d->nw || h < 0 || s->bhex[w] < 0 || pc_dist(d, s->bhex[w], h) > 1)
        return 0;
    return d->wg[w].bsf;
}

/* 13.1: "flags captured (5 VPs)": the enemy bearers side has captured. */
int pc_flags_vp(const pc_data *d, const pc_state *s, int side)
{
    int vp = 0;
    for (int w = 0; w < d->nw; w++)
        if (((s->bcapt >> w) & 1) && d->wg[w].side != side)
            vp += d->vp_flag;
    return vp;
}

/* ---- objectives (13.0, 13.2) ----------------------------------------------*/

/* How many objectives of mask the Franco-Spanish occupy: a combat unit of
 * theirs in the hex (reading of "occupies", as in the scenarios). */
int pc_obj_held(const pc_data *d, const pc_state *s, int mask)
{
    int n = 0;
    for (int k = 0; k < d->nobjp; k++)
        if (((uint32_t)mask >> k) & 1)
            n += pc_unit_at(d, s, d->place[d->objp[k]].hex, PC_FS, -1) >= 0;
    return n;
}

/* The next objective the Franco-Spanish must reveal now, or -1. */
static int must_reveal(const pc_data *d, const pc_state *s, int k)
{
    if (!(((uint32_t)s->obj >> k) & 1) || (((uint32_t)s->obj_shown >> k) & 1))
        return 0;
    if (s->obj_end == 2)
        return 1; /* 13.0: all, at the end */
    /* 13.2: one occupied objective, unless one already shown is occupied */
    return pc_unit_at(d, s, d->place[d->objp[k]].hex, PC_FS, -1) >= 0;
}

/* The game ends (obj_end 2) or the 13.2 check of the named turn comes
 * (obj_end 1): returns 1 when a reveal decision follows, 0 when nothing
 * is left to do. */
int pc_game_end(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    if (!d->nobj) {
        s->phase = PH_OVER;
        return 0;
    }
    if (s->obj_end == 1) {
        if (pc_obj_held(d, s, s->obj & s->obj_shown)) {
            VB_LOG(cx, "[13.2] %s: the Franco-Spanish hold an objective already revealed",
                   d->turn_name[s->turn - 1]);
            s->obj_end = 0;
            return 0;
        }
        if (!pc_obj_held(d, s, s->obj)) {
            VB_LOG(cx,
                   "[13.2] %s: the Franco-Spanish occupy none of their objectives: "
                   "automatic Austrian victory",
                   d->turn_name[s->turn - 1]);
            s->auto_win = 1;
            s->obj_end = 2;
        }
    }
    for (int k = 0; k < d->nobjp; k++)
        if (must_reveal(d, s, k)) {
            s->phase = PH_REVEAL;
            s->side = PC_FS;
            return 1;
        }
    s->phase = PH_OVER;
    return 0;
}

/* ---- the end of an activation (4.0) ----------------------------------------*/

static int cic_may_move(const pc_data *d, const pc_state *s, int side)
{
    int c = d->cic[side];
    return c >= 0 && s->lhex[c] >= 0 && !((s->cic_moved >> side) & 1) &&
           (s->cic_turn[side] == 0 || s->turn > s->cic_turn[side] + d->cic_rest);
}

/* 4.0: the CiC moves "at the end of the activation of any Wing once per
 * turn": offered to the side whose wing has just activated. */
static void cic_or_after(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int side = d->wg[s->wing].side;
    if (cic_may_move(d, s, side)) {
        s->phase = PH_CIC;
        s->side = side;
        return;
    }
    pc_after_activation(d, s, cx);
}

/* 4.0: "Wing Commanders move at the end of the activation of their Wing",
 * 6 MP; then the CiC; then the next activation. */
void pc_end_moves(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int wc = d->wg[s->wing].wc;
    if (!d->all_in_command && wc >= 0 && s->lhex[wc] >= 0) {
        s->phase = PH_WCMOVE;
        s->side = d->wg[s->wing].side;
        s->mv_u = wc;
        s->mv_mp = d->leader_mp;
        return;
    }
    if (!d->all_in_command && s->bhex[s->wing] >= 0) { /* 4.6.1: the Staff is gone */
        s->phase = PH_BMOVE;
        s->side = d->wg[s->wing].side;
        s->mv_u = s->wing;
        s->mv_mp = d->wg[s->wing].bmp;
        return;
    }
    cic_or_after(d, s, cx);
}

/* 4.0: "they can only move into Farmstead, Farmhouse, Chateau, Village
 * "named" hexes": a place whose hex is one of those (a farmstead is Clear,
 * 2.1.1; the map has no chateau terrain apart from the villages'), never a
 * named redoubt, entrenchment or city hex (audit, fifteenth session). */
static int cic_place_ok(const pc_data *d, int hex)
{
    const pc_terrain *t = &d->terr[d->hterr[hex]];
    return t->is_clear || !strcmp(t->name, "farmhouse") || !strcmp(t->name, "village");
}

/* Named hexes a CiC may move to (4.0, cic_place_ok), free of enemy units,
 * reached through passable hexes free of enemy units and, but where a
 * friendly combat unit stands, outside enemy ZOCs (7.1 i). */
static int cic_targets(const pc_data *d, const pc_state *s, int side, int *out)
{
    int c = d->cic[side], h = s->lhex[c], n = 0, need = 0;
    uint8_t seen[PC_MAXHEX], want[PC_MAXHEX];
    int16_t q[PC_MAXHEX];
    int nq = 0;
    memset(seen, 0, (size_t)d->nhex);
    memset(want, 0, (size_t)d->nhex);
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && d->u[u].side != side)
            seen[s->uhex[u]] = 1;
    seen[h] = 1;
    /* the search stops once every place it could list is reached */
    for (int p = 0; p < d->nplace; p++) {
        int ph = d->place[p].hex;
        if (!seen[ph] && !want[ph] && cic_place_ok(d, ph)) {
            want[ph] = 1;
            need++;
        }
    }
    q[nq++] = (int16_t)h;
    for (int i = 0; i < nq && need > 0; i++) {
        unsigned open = d->open[q[i]]; /* on the map, passable, no wall between */
        for (int k = 0; k < 6; k++) {
            if (!((open >> k) & 1))
                continue;
            int m = pc_nb(d, q[i], k);
            if (!seen[m] && pc_in_ezoc(d, s, side, m, 0) && pc_unit_at(d, s, m, side, -1) < 0)
                seen[m] = 1; /* 7.1 i: no hex in an eZOC without a friendly unit */
            if (!seen[m]) {
                seen[m] = 2;
                q[nq++] = (int16_t)m;
                need -= want[m];
            }
        }
    }
    for (int p = 0; p < d->nplace; p++) {
        int ph = d->place[p].hex;
        if (seen[ph] == 2 && cic_place_ok(d, ph))
            out[n++] = p;
    }
    return n;
}

#define PUSH(x) VB_PUSH(v, n, cap, x)

int pc_battle_legal(const pc_data *d, const pc_state *s, vb_action *v, int n, int cap)
{
    switch (s->phase) {
    case PH_OBJ:
        for (int k = 0; k < d->nobjp; k++)
            if (!(((uint32_t)s->obj >> k) & 1))
                PUSH(PC_ACT(A_OBJ, k, 0));
        break;
    case PH_REVEAL:
        for (int k = 0; k < d->nobjp; k++)
            if (must_reveal(d, s, k))
                PUSH(PC_ACT(A_REVEAL, k, 0));
        break;
    case PH_WCMOVE:
    case PH_BMOVE: {
        int l = s->mv_u, bm = s->phase == PH_BMOVE;
        int h = bm ? s->bhex[l] : s->lhex[l], side = bm ? d->wg[l].side : d->l[l].side;
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, h, k);
            if (nb < 0 || !pc_side_open(d, h, k) || !pc_passable(d, nb) ||
                pc_enemy_at(d, s, nb, side))
                continue;
            if (!bm && pc_in_ezoc(d, s, side, nb, 0) && pc_unit_at(d, s, nb, side, -1) < 0)
                continue; /* 7.1 i */
            int c = pc_step_cost(d, UT_INF, h, k, nb);
            if (c <= s->mv_mp)
                PUSH(PC_ACT(A_TO, nb, 0));
        }
        PUSH(PC_ACT(A_STOP, 0, 0));
        break;
    }
    case PH_CIC: {
        int t[PC_MAXPLACE], nt = cic_targets(d, s, s->side, t);
        for (int i = 0; i < nt; i++)
            if (d->place[t[i]].hex != s->lhex[d->cic[s->side]])
                PUSH(PC_ACT(A_CICTO, t[i], 0));
        PUSH(PC_ACT(A_CICSTAY, 0, 0));
        break;
    }
    default:
        break;
    }
    return n;
}

int pc_battle_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int k = PC_K(a), x = PC_A(a);
    char hn[8];
    switch (s->phase) {
    case PH_OBJ: /* 13.0: four of the eight, noted separately (secret) */
        s->obj |= 1 << x;
        s->obj_n++;
        VB_LOG_TO(cx, VB_ROLE_BIT(PC_FS), "[13.0] the Franco-Spanish choose %s as an objective",
                  d->place[d->objp[x]].name);
        VB_LOG_TO(cx, VB_ALL_ROLES & ~VB_ROLE_BIT(PC_FS),
                  "[13.0] the Franco-Spanish note a secret objective (%d of %d)", s->obj_n,
                  d->nobj);
        if (s->obj_n >= d->nobj)
            pc_begin_battle(d, s, cx);
        return 0;
    case PH_REVEAL:
        s->obj_shown |= 1 << x;
        VB_LOG(cx, "[%s] the Franco-Spanish reveal %s: one of their objectives, %s",
               s->obj_end == 2 ? "13.0" : "13.2", d->place[d->objp[x]].name,
               pc_unit_at(d, s, d->place[d->objp[x]].hex, PC_FS, -1) >= 0 ? "occupied"
                                                                          : "not occupied");
        if (s->obj_end == 1) {
            s->obj_end = 0;
            pc_next_turn(d, s, cx);
        } else if (!pc_game_end(d, s, cx)) {
            VB_LOG(cx, "[13.0] the battle is over");
        }
        return 0;
    case PH_WCMOVE:
    case PH_BMOVE:
        if (k == A_TO) {
            int l = s->mv_u, bm = s->phase == PH_BMOVE;
            int h = bm ? s->bhex[l] : s->lhex[l], dir = pc_dir_to(d, h, x);
            s->mv_mp -= pc_step_cost(d, UT_INF, h, dir, x);
            if (bm)
                s->bhex[l] = (int16_t)x;
            else
                s->lhex[l] = (int16_t)x;
            pc_hex_name(d, x, hn, sizeof hn);
            VB_LOG(cx, "[%s] %s to %s", bm ? "4.6.1" : "4.0", bm ? d->wg[l].bearer : d->l[l].name,
                   hn);
            return 0;
        }
        s->mv_u = -1;
        if (s->phase == PH_WCMOVE && s->bhex[s->wing] >= 0) {
            /* 4.6.1: the Standard Bearer, 6 MP, after his Wing Commander */
            s->phase = PH_BMOVE;
            s->mv_u = s->wing;
            s->mv_mp = d->wg[s->wing].bmp;
            return 0;
        }
        cic_or_after(d, s, cx);
        return 0;
    case PH_CIC:
        if (k == A_CICTO) {
            int c = d->cic[s->side];
            s->lhex[c] = (int16_t)d->place[x].hex;
            s->cic_moved |= 1 << s->side;
            s->cic_turn[s->side] = s->turn;
            VB_LOG(cx, "[4.0] %s moves to %s; he stays there for the next %d turns", d->l[c].name,
                   d->place[x].name, d->cic_rest);
        }
        pc_after_activation(d, s, cx);
        return 0;
    default:
        return vb_fail(cx, VB_EILLEGAL, "not a decision of the battle");
    }
}

/* The objective picks are seen by the Franco-Spanish only, each its own
 * group; a reveal shows that one pick (13.0, 13.2). */
void pc_battle_vis(const pc_data *d, const pc_state *s, vb_action a, vb_vis *v)
{
    (void)d;
    if (s->roll)
        return;
    if (s->phase == PH_OBJ && PC_K(a) == A_OBJ) {
        v->see = VB_ROLE_BIT(PC_FS);
        v->group = (uint32_t)(100 + PC_A(a));
        snprintf(v->public_text, sizeof v->public_text,
                 "franco-spanish chose a geographic objective");
    } else if (s->phase == PH_REVEAL && PC_K(a) == A_REVEAL) {
        v->reveals = (uint32_t)(100 + PC_A(a));
    }
}

/* ---- victory (13.0, 13.1) --------------------------------------------------*/

/* 13.1: what side has taken from the enemy: Staff trophies (4.6), enemy
 * units routed on the map and eliminated, enemy flags (4.6.1). */
int pc_vp(const pc_data *d, const pc_state *s, int side)
{
    int vp = s->captured[side] + pc_flags_vp(d, s, side);
    for (int u = 0; u < d->nu; u++) {
        if (d->u[u].side == side)
            continue;
        if (s->uhex[u] == -1) /* not PC_OFF: a dragoon counter of the other mode */
            vp += d->vp_elim;
        else if (s->ustat[u] == ST_ROUT)
            vp += d->vp_routed;
    }
    return vp;
}

void pc_battle_result(const pc_data *d, const pc_state *s, vb_result *r)
{
    int held = pc_obj_held(d, s, s->obj), vfs = pc_vp(d, s, PC_FS), vau = pc_vp(d, s, PC_AU);
    r->score[PC_FS] = held;
    r->score[PC_AU] = d->nobj - held;
    if (s->auto_win) {
        r->winner = PC_AU;
        snprintf(r->verdict, sizeof r->verdict,
                 "Austrian automatic victory (13.2): no objective held at the end of %s",
                 d->turn_name[d->auto_turn - 1]);
    } else if (held >= 3) {
        r->winner = PC_FS;
        snprintf(r->verdict, sizeof r->verdict,
                 "Franco-Spanish victory (13.0): %d of their objectives occupied", held);
    } else if (held <= 1) {
        r->winner = PC_AU;
        snprintf(r->verdict, sizeof r->verdict,
                 "Austrian victory (13.0): the Franco-Spanish occupy %d of their objectives", held);
    } else {
        r->winner = vfs > vau ? PC_FS : vau > vfs ? PC_AU : -1;
        r->score[PC_FS] = vfs;
        r->score[PC_AU] = vau;
        snprintf(r->verdict, sizeof r->verdict,
                 "Conditional draw (13.1), 2 objectives held: %d VP Franco-Spanish, %d VP "
                 "Austrian: %s",
                 vfs, vau,
                 vfs > vau   ? "Franco-Spanish victory"
                 : vau > vfs ? "Austrian victory"
                             : "a draw");
    }
}
