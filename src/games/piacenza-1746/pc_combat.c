/*
 * pc_combat.c - Piacenza 1746 combat: bombardment (8), fire combat with
 * two reciprocal volleys and Feu de Billebaude (9.1), melee, cavalry melee
 * and charge (9.2, 10), and the effects of results: step losses, changing
 * of ranks (8.5.3), disorder, retreat and rout (9.2.8, 11).
 */
#include "pc_int.h"

static int usp(const pc_data *d, const pc_state *s, int u)
{
    return (s->ustep[u] == 2 || d->u[u].red == 0) ? d->u[u].sp : d->u[u].red;
}

static int adjacent_open(const pc_data *d, int a, int b)
{
    int dir = pc_dir_to(d, a, b);
    return dir >= 0 && pc_side_open(d, a, dir);
}

/* 9.1.4: the formation leader stacked or adjacent adds his Fire Bonus; a
 * Wing Commander of the unit's wing stacked or adjacent supersedes it (4.3). */
int pc_fire_sp(const pc_data *d, const pc_state *s, int u)
{
    int sp = usp(d, s, u), f = d->u[u].form, wc = d->wg[d->u[u].wing].wc;
    if (wc >= 0 && s->lhex[wc] >= 0 && !s->lstaff[wc] && pc_dist(d, s->lhex[wc], s->uhex[u]) <= 1)
        return sp + d->l[wc].fb;
    if (f >= 0) {
        int l = d->f[f].leader;
        if (s->lhex[l] >= 0 && !s->lstaff[l] && pc_dist(d, s->lhex[l], s->uhex[u]) <= 1)
            sp += d->l[l].fb;
    }
    return sp;
}

/* 9.1.1 / 8.5.4: the column of the strength, one left against infantry of
 * more than 2 SP (errata: 3+). */
int pc_fire_column(const pc_data *d, const pc_state *s, int sp, int target, int bomb)
{
    const int *min = bomb ? d->bomb_min_sp : d->fire_min_sp;
    int c = 0;
    for (int k = 0; k < 3; k++)
        if (sp >= min[k])
            c = k;
    if (target >= 0 && d->u[target].type == UT_INF && usp(d, s, target) > 2 && c > 0)
        c--;
    return c;
}

static int smoke_part(const pc_data *d, const pc_state *s, int hex)
{
    return pc_smoke_mod(d, s, hex, 0);
}

/* 8.2, 9.1.3, 9.1.8, 7.2: the die modifier of a volley, floored at -4. */
int pc_fire_mod(const pc_data *d, const pc_state *s, int firer, int target, int reaction)
{
    int fh = s->uhex[firer], th = s->uhex[target];
    int m = d->terr[d->hterr[th]].fire;
    /* 8.2.1: fire "inside or from inside or through" a smoke hex or its
     * neighbours; every marker adds, never below -2 in all */
    int sm = smoke_part(d, s, fh) + smoke_part(d, s, th);
    if (d->u[firer].type == UT_ART && s->nsmoke) {
        int mid[8], k = pc_dist(d, fh, th) <= 4 ? pc_line_hexes(d, fh, th, mid) : 0;
        for (int i = 0; i < k; i++)
            sm += smoke_part(d, s, mid[i]);
    }
    m += sm < d->m_smoke_min ? d->m_smoke_min : sm;
    if (d->u[firer].type == UT_ART) {
        int r = pc_dist(d, fh, th);
        m += d->range_mod[r >= 1 && r <= 3 ? r - 1 : 2];
    } else {
        int sbs = 0, flank = 0, f = d->u[firer].form;
        for (int v = 0; v < d->nu; v++) {
            if (v == firer || s->uhex[v] < 0 || d->u[v].form != f || f < 0)
                continue;
            int vt = pc_dist(d, s->uhex[v], th) == 1, vf = pc_dist(d, s->uhex[v], fh) <= 1;
            if (vt && vf)
                sbs = 1;
            if (vt && !vf)
                flank = 1;
        }
        if (!sbs)
            m += d->m_nsbs;
        if (flank)
            m += d->m_flank;
    }
    if (reaction)
        m += d->m_reaction;
    return m < d->m_floor ? d->m_floor : m;
}

/* Infantry that may fire: offensive (in command or light, 5.9/9.2.6 c, no
 * melee marker) or defensive; never routed or with Feu de Billebaude. */
int pc_can_fire(const pc_data *d, const pc_state *s, int u, int offensive)
{
    if (s->uhex[u] < 0 || d->u[u].type != UT_INF || s->ustat[u] == ST_ROUT ||
        (s->uflag[u] & UF_FDB))
        return 0;
    if (offensive) {
        if (s->umelee[u] >= 0 || (!pc_in_command(d, s, u) && !d->u[u].light))
            return 0;
    }
    return 1;
}

static int art_can_defend(const pc_data *d, const pc_state *s, int u)
{
    return s->uhex[u] >= 0 && d->u[u].type == UT_ART && !(s->uflag[u] & (UF_FIRED | UF_BROKEN));
}

/* 8.1: "An Artillery unit fires in the direction of its frontal hexes
 * (cone of fire)": its defensive fire too, at an infantry unit in one of
 * its two front hexes (2.2.3). */
static int art_faces(const pc_data *d, const pc_state *s, int gun, int at)
{
    return s->uhex[at] >= 0 && pc_in_cone(d, s->uhex[gun], s->uface[gun], s->uhex[at]);
}

/* 8.5.1: infantry takes the effects for a gun stacked with it. */
static int victim_of(const pc_data *d, const pc_state *s, int target)
{
    if (d->u[target].type == UT_ART) {
        int inf = pc_unit_at(d, s, s->uhex[target], d->u[target].side, UT_INF);
        if (inf >= 0)
            return inf;
    }
    return target;
}

static int victim_in(const pc_data *d, const pc_state *s, int hex, int side)
{
    int inf = pc_unit_at(d, s, hex, side, UT_INF);
    if (inf >= 0)
        return inf;
    int best = -1;
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] == hex && d->u[v].side == side && d->u[v].type == UT_CAV &&
            (best < 0 || usp(d, s, v) > usp(d, s, best)))
            best = v;
    return best >= 0 ? best : pc_unit_at(d, s, hex, side, UT_ART);
}

void pc_pending_begin(pc_state *s)
{
    memset(s->psteps, 0, sizeof s->psteps);
    memset(s->pdis, 0, sizeof s->pdis);
    for (int i = 0; i < PC_MAXU; i++) {
        s->psrc[i] = -1;
        s->uflag[i] &= (uint8_t)~UF_ASKED;
    }
}

/* Accumulate a result: step losses add up, only the worst disorder counts
 * (9.1). Levels: 1 D, 2 D1, 3 D2, 4 D3, 5 Rout; 0x40 marks melee. */
void pc_add_result(const pc_data *d, pc_state *s, int target, int res, int src, int fire)
{
    int steps = 0, lvl = 0;
    switch (res) {
    case R_D:
        lvl = 1;
        break;
    case R_D1:
        lvl = 2;
        break;
    case R_D2:
        lvl = 3;
        break;
    case R_D3:
        lvl = 4;
        break;
    case R_1:
        steps = 1;
        break;
    case R_R:
    case R_RR:
        lvl = 5;
        break;
    case R_1R:
        steps = 1;
        lvl = 5;
        break;
    case R_E:
    case R_AE:
    case R_DE:
        steps = 9;
        break;
    case R_A1:
    case R_DD1:
        steps = 1;
        lvl = 2;
        break;
    case R_AR:
    case R_DR:
        lvl = 2;
        break;
    default:
        break;
    }
    if (fire && s->ustat[target] == ST_ROUT && d->u[target].type != UT_ART)
        lvl = 5; /* 11.2: a routed unit subjected to fire retreats three hexes */
    if (!steps && !lvl)
        return;
    int p = s->psteps[target] + steps;
    s->psteps[target] = (int8_t)(p > 9 ? 9 : p);
    int old = s->pdis[target] & 7;
    if (lvl > old)
        s->pdis[target] = (int8_t)(lvl | (fire ? 0 : 0x40));
    if (!fire) /* a melee's losses too (9.2.1) */
        s->pdis[target] |= 0x40;
    s->psrc[target] = (int16_t)src;
}

/* 9.2.1: "a unit stacked with a unit that retreats or is eliminated as a
 * result of a Melee or Charge must retreat from the hex. An Artillery unit
 * is eliminated." u, about to leave its hex h by a melee result, marks the
 * other units of the hex that have no effect pending: a gun eliminated, the
 * others one hex away from src without disorder (0x20: retreat only). */
static void stack_leaves(const pc_data *d, pc_state *s, int u, int h, int src)
{
    for (int v = 0; v < d->nu; v++) {
        if (v == u || s->uhex[v] != h || d->u[v].side != d->u[u].side || s->psteps[v] || s->pdis[v])
            continue;
        if (d->u[v].type == UT_ART)
            s->psteps[v] = 9;
        else
            s->pdis[v] = 2 | 0x40 | 0x20;
        s->psrc[v] = (int16_t)src;
    }
}

/* Apply the pending effects unit by unit from s->proc_u; returns 1 when a
 * die roll is needed first (changing of ranks, second disorder). */
static int process_pending(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    for (int u = s->proc_u; u < d->nu; u++) {
        if (!s->psteps[u] && !s->pdis[u])
            continue;
        int steps = s->psteps[u], lvl = s->pdis[u] & 7, melee = (s->pdis[u] & 0x40) != 0;
        int src = s->psrc[u], only = (s->pdis[u] & 0x20) != 0;
        s->psteps[u] = 0;
        s->pdis[u] = 0;
        if (melee && !only && s->uhex[u] >= 0 && (lvl >= 2 || steps >= s->ustep[u]))
            stack_leaves(d, s, u, s->uhex[u], src);
        for (int k = 0; k < steps && s->uhex[u] >= 0; k++)
            pc_lose_step(d, s, u, cx);
        if (s->uhex[u] < 0 || !lvl)
            continue;
        if (lvl >= 2 && d->u[u].type != UT_ART) /* 4.7: leaders with units that retreat */
            for (int l = 0; l < d->nl; l++)
                if (s->lhex[l] == s->uhex[u] && d->l[l].side == d->u[u].side)
                    pc_reloc_mark(s, l, s->lhex[l], u);
        if (only) {
            VB_LOG(cx, "[9.2.1] %s leaves the hex with its stack", d->u[u].name);
            if (pc_retreat_ask(d, s, u, src, 1, cx)) {
                s->proc_u = u + 1;
                return 1;
            }
            continue;
        }
        if (d->u[u].type == UT_ART) { /* 8.5.1: retreat eliminates a lone gun */
            if (lvl >= 2)
                pc_eliminate(d, s, u, cx);
            continue;
        }
        if (lvl == 5 || s->ustat[u] == ST_ROUT) {
            pc_rout(d, s, u, cx);
            continue;
        }
        if (melee && d->u[u].light && d->u[u].type == UT_INF) { /* 9.2.6 b */
            VB_LOG(cx, "[9.2.6] %s ignores the disorder", d->u[u].name);
            if (pc_retreat_ask(d, s, u, src, lvl - 1, cx)) {
                s->proc_u = u + 1; /* 9.2.8: the owner chooses the way */
                return 1;
            }
            continue;
        }
        s->roll_u = u;
        s->roll_mod = lvl;
        s->roll_hex = src;
        s->proc_u = u + 1;
        if (s->ustat[u] == ST_DIS) {
            s->roll = RL_DIS2; /* 11.1 e */
            return 1;
        }
        if (!melee && d->u[u].type == UT_INF && usp(d, s, u) >= d->cr_min_sp &&
            !(s->uflag[u] & UF_CHANGING)) {
            s->roll = RL_CHANGE; /* 8.5.3 */
            return 1;
        }
        s->ustat[u] = ST_DIS;
        VB_LOG(cx, "[11.0] %s is disordered", d->u[u].name);
        if (pc_retreat_ask(d, s, u, src, lvl - 1, cx)) {
            s->proc_u = u + 1;
            return 1;
        }
    }
    for (int v = 0; v < d->nu; v++) /* 9.2.1: a stack mate marked after its turn */
        if (s->psteps[v] || s->pdis[v]) {
            s->proc_u = v;
            return process_pending(d, s, cx);
        }
    s->proc_u = -1;
    return 0;
}

static int gren_near(const pc_data *d, const pc_state *s, int u)
{
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] >= 0 && d->u[v].side == d->u[u].side && d->u[v].gren &&
            s->ustat[v] == ST_GOOD && pc_dist(d, s->uhex[v], s->uhex[u]) <= 1)
            return 1;
    return 0;
}

/* ---- fire ------------------------------------------------------------------*/

static void set_fdb(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    s->uflag[u] |= UF_FDB;
    pc_add_smoke(s, s->uhex[u]); /* 9.1.2 note: Feu de Billebaude implies Smoke */
    VB_LOG(cx, "[9.1.2] %s falls into Feu de Billebaude", d->u[u].name);
}

/* One volley of firer at target, die given; result accumulated. */
static void volley(const pc_data *d, pc_state *s, int firer, int target, int die, int reaction,
                   vb_ctx *cx)
{
    int art = d->u[firer].type == UT_ART;
    int v = victim_of(d, s, target);
    int sp = art ? usp(d, s, firer) : pc_fire_sp(d, s, firer);
    int col = pc_fire_column(d, s, sp, v, art);
    int m = pc_fire_mod(d, s, firer, v, reaction);
    int idx = die + m - PC_DIE_MIN;
    idx = idx < 0 ? 0 : idx >= PC_DIE_N ? PC_DIE_N - 1 : idx;
    int res = art ? d->bomb[col][idx] : d->fire[col][idx];
    if (art && res == R_RR)
        res = R_R; /* 8.5.2: grapeshot at one hex */
    VB_LOG(cx, "[%s] %s (%d SP, %s column) fires at %s: %d%+d = %d: %s",
           art        ? "8.1"
           : reaction ? "7.2"
                      : "9.1",
           d->u[firer].name, sp,
           art ? (col == 0   ? "1-2"
                  : col == 1 ? "3-5"
                             : "6+")
               : (col == 0   ? "Normal"
                  : col == 1 ? "Extended"
                             : "Intense"),
           d->u[v].name, die, m, die + m, pc_result_names[res]);
    pc_add_result(d, s, v, res, s->uhex[firer], 1);
    s->roll_need = res;
    s->uflag[firer] |= UF_FIRED; /* 9.2.3: infantry that has fired melees no more this turn */
    if (!art && s->ustat[firer] == ST_DIS && !reaction)
        s->uflag[firer] |= UF_ONEVOL; /* 11.1 d */
}

static int fire_valid(const pc_data *d, const pc_state *s, int f, int t)
{
    return s->uhex[f] >= 0 && s->uhex[t] >= 0 && s->ustat[f] != ST_ROUT &&
           !(s->uflag[f] & UF_FDB) && adjacent_open(d, s->uhex[f], s->uhex[t]);
}

static int declared(const pc_state *s, int u)
{
    for (int i = 0; i < s->nd; i++)
        if (s->df[i] == u)
            return 1;
    return 0;
}

/* Is defender v a target of the volley (or a gun in a target hex)? */
static int targeted_by(const pc_data *d, const pc_state *s, int v, int a)
{
    for (int i = 0; i < s->nd; i++) {
        if (a >= 0 && s->df[i] != a)
            continue;
        if (s->dt[i] == v)
            return 1;
        if (d->u[v].type == UT_ART && s->uhex[s->dt[i]] == s->uhex[v] &&
            d->u[s->df[i]].type == UT_INF)
            return 1;
    }
    return 0;
}

static int can_defend(const pc_data *d, const pc_state *s, int v)
{
    if (d->u[v].type != UT_ART)
        return pc_can_fire(d, s, v, 0);
    if (!art_can_defend(d, s, v))
        return 0;
    for (int i = 0; i < s->nd; i++) /* 8.1: an infantry firer in its cone */
        if (d->u[s->df[i]].type == UT_INF && targeted_by(d, s, v, s->df[i]) &&
            art_faces(d, s, v, s->df[i]))
            return 1;
    return 0;
}

static int next_reply(const pc_data *d, const pc_state *s)
{
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] >= 0 && d->u[v].side != d->wg[s->wing].side && s->rf[v] < 0 &&
            targeted_by(d, s, v, -1) && can_defend(d, s, v))
            return v;
    return -1;
}

#define PUSHV(x) (v[(*n)++] = (x))

void pc_combat_legal_fire(const pc_data *d, const pc_state *s, vb_action *v, int *n)
{
    int side = d->wg[s->wing].side;
    switch (s->phase) {
    case PH_FDECL:
        for (int u = 0; u < d->nu; u++) {
            if (d->u[u].form != s->form || !pc_can_fire(d, s, u, 1) || declared(s, u))
                continue;
            for (int t = 0; t < d->nu; t++)
                if (s->uhex[t] >= 0 && d->u[t].side != side &&
                    adjacent_open(d, s->uhex[u], s->uhex[t]))
                    PUSHV(PC_ACT(A_FIRE, u, t));
        }
        PUSHV(PC_ACT(A_OPEN, 0, 0));
        break;
    case PH_FREPLY: {
        int r = next_reply(d, s);
        if (r < 0)
            break;
        for (int i = 0; i < s->nd; i++) {
            int a = s->df[i], dup = 0;
            for (int k = 0; k < i; k++)
                dup |= s->df[k] == a;
            if (!dup && targeted_by(d, s, r, a) && fire_valid(d, s, r, a) &&
                (d->u[r].type != UT_ART || (d->u[a].type == UT_INF && art_faces(d, s, r, a))))
                PUSHV(PC_ACT(A_REPLY, r, a));
        }
        PUSHV(PC_ACT(A_HOLD, r, 0));
        break;
    }
    case PH_F2ATT:
        for (int i = 0; i < s->nd; i++)
            if (!s->d2[i] && fire_valid(d, s, s->df[i], s->dt[i]) && s->ustat[s->df[i]] == ST_GOOD)
                PUSHV(PC_ACT(A_V2, i, 0));
        PUSHV(PC_ACT(A_DONE, 0, 0));
        break;
    case PH_F2DEF:
        for (int u = 0; u < d->nu; u++)
            if (s->rt[u] >= 0 && !s->r2[u] && d->u[u].type == UT_INF &&
                fire_valid(d, s, u, s->rt[u]) && s->ustat[u] == ST_GOOD)
                PUSHV(PC_ACT(A_V2, u, 0));
        PUSHV(PC_ACT(A_DONE, 0, 0));
        break;
    default:
        break;
    }
}

static void next_fire_roll(const pc_data *d, pc_state *s)
{
    int vol2 = s->proc_vol == 2;
    for (int i = s->proc_i + 1; i < s->nd + d->nu; i++) {
        if (i < s->nd) {
            if ((!vol2 || s->d2[i] == 2) && fire_valid(d, s, s->df[i], s->dt[i])) {
                s->proc_i = i;
                s->roll = RL_FIRE;
                return;
            }
        } else {
            int u = i - s->nd;
            if (u < d->nu && s->rt[u] >= 0 && (!vol2 || s->r2[u] == 2) && s->uhex[u] >= 0 &&
                s->uhex[s->rt[u]] >= 0 && adjacent_open(d, s->uhex[u], s->uhex[s->rt[u]]) &&
                (d->u[u].type == UT_ART ? !(s->uflag[u] & UF_BROKEN) : s->ustat[u] != ST_ROUT)) {
                s->proc_i = i;
                s->roll = RL_FIRE;
                return;
            }
        }
    }
    /* 9.1: every volley rolled; the effects now, simultaneously */
    s->cont = vol2 ? CONT_FIRE2 : CONT_FIRE1;
    s->proc_u = 0;
}

static void next_tdr(const pc_data *d, pc_state *s)
{
    for (int i = s->proc_i + 1; i < s->nd + d->nu; i++) {
        if ((i < s->nd && s->d2[i] == 1) || (i >= s->nd && s->r2[i - s->nd] == 1)) {
            s->proc_i = i;
            s->roll = RL_F2TDR;
            return;
        }
    }
    pc_pending_begin(s);
    s->proc_vol = 2;
    s->proc_i = -1;
    next_fire_roll(d, s);
}

/* ---- melee -------------------------------------------------------------------*/

int pc_melee_target_ok(const pc_data *d, const pc_state *s, int u, int hex)
{
    int h = s->uhex[u], side = d->u[u].side;
    if (!adjacent_open(d, h, hex) || !pc_enemy_at(d, s, hex, side))
        return 0;
    for (int v = 0; v < d->nu; v++) /* 9.2.1: one melee per enemy hex */
        if (s->umelee[v] == hex && d->u[v].side == side)
            return 0;
    int inf = pc_unit_at(d, s, hex, 1 - side, UT_INF) >= 0;
    int cav = pc_unit_at(d, s, hex, 1 - side, UT_CAV) >= 0;
    const pc_terrain *t = &d->terr[d->hterr[hex]];
    if (d->u[u].type == UT_INF) {
        int l = d->f[d->u[u].form].leader;
        if (s->lhex[l] < 0 || pc_dist(d, s->lhex[l], s->mv_start) > 1) /* 9.2.2 */
            return 0;
        if (cav) /* 9.2.3 */
            return 0;
        return t->cover > 0 || !inf;
    }
    /* 10.2: a cavalry Melee into Clear or Ditch, against any enemy unit
     * (cavalry too, 10.1); the Charge is the other choice (pc_charge_ok) */
    return pc_cav_melee_ground(d, hex);
}

/* At the placing of the marker (10.2, 11.1 c, 11.2): the defenders that do
 * not stand against cavalry retreat two hexes at once, "in the opposite
 * direction to the direction of attack, where possible, and in any case
 * away from the attacking Cavalry" (as per 9.2.8, the owner naming the way
 * among equal hexes); routed ones drift three. Examines the defenders from
 * s->mret_v; returns 1 when the move waits for an owner's choice. */
int pc_melee_start(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int a = s->mv_u, hex = s->umelee[a], side = d->u[a].side, v = s->mret_v;
    s->mret_kind = MRET_NONE;
    s->mret_v = 0;
    for (; v < d->nu; v++) {
        if (s->uhex[v] != hex || d->u[v].side == side || d->u[v].type == UT_ART)
            continue;
        int goes = s->ustat[v] == ST_ROUT ||
                   (d->u[a].type == UT_CAV &&
                    (s->ustat[v] == ST_DIS || (d->u[v].type == UT_INF && !pc_in_command(d, s, v))));
        for (int l = 0; goes && l < d->nl; l++) /* 4.7 */
            if (s->lhex[l] == hex && d->l[l].side != side)
                pc_reloc_mark(s, l, hex, v);
        if (s->ustat[v] == ST_ROUT) {
            pc_drift(d, s, v, cx);
            continue;
        }
        if (d->u[a].type != UT_CAV)
            continue;
        if (s->ustat[v] == ST_DIS || (d->u[v].type == UT_INF && !pc_in_command(d, s, v))) {
            VB_LOG(cx, "[10.2] %s does not stand against cavalry and retreats", d->u[v].name);
            if (pc_retreat_now(d, s, v, s->uhex[a], 2, pc_dir_to(d, s->uhex[a], hex), cx)) {
                s->mret_kind = MRET_MELEE;
                s->mret_v = v + 1;
                return 1;
            }
        }
    }
    /* a gun left alone after its infantry went is lost */
    int art = pc_unit_at(d, s, hex, 1 - side, UT_ART);
    if (art >= 0 && pc_unit_at(d, s, hex, 1 - side, UT_INF) < 0 &&
        pc_unit_at(d, s, hex, 1 - side, UT_CAV) < 0 && d->u[a].type == UT_CAV) {
        VB_LOG(cx, "[10.2] %s is overrun by cavalry", d->u[art].name);
        pc_eliminate(d, s, art, cx);
    }
    return 0;
}

static int finish_melee(const pc_data *d, pc_state *s, vb_ctx *cx);

static void next_melee(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    for (int a = s->mel_a + 1; a < d->nu; a++) {
        if (d->u[a].form != s->form || s->umelee[a] < 0 || s->uhex[a] < 0)
            continue;
        s->mel_a = a;
        int hex = s->umelee[a], side = d->u[a].side;
        if (!adjacent_open(d, s->uhex[a], hex) || s->ustat[a] == ST_ROUT ||
            !pc_enemy_at(d, s, hex, side)) {
            s->umelee[a] = (int16_t)(-2 - hex); /* resolved: keeps the hex used */
            continue;
        }
        int def = victim_in(d, s, hex, 1 - side);
        s->mel_d = def;
        s->mel_res[0] = hex;
        s->mel_res[1] = 0;
        s->mel_shift = 0;
        s->mel_charge = pc_is_charge(d, s, a, hex);
        s->mel_counter = 0;
        if (d->u[def].type == UT_ART) {
            if (d->u[a].type == UT_CAV) { /* 10.2: guns alone are wiped out */
                VB_LOG(cx, "[10.2] %s rides down %s", d->u[a].name, d->u[def].name);
                pc_eliminate(d, s, def, cx);
                if (finish_melee(d, s, cx))
                    return;
                continue;
            }
            if (art_can_defend(d, s, def) && art_faces(d, s, def, a)) { /* 9.2.3, 8.1 */
                s->mel_stage = 1;
                s->roll = RL_MDEF;
                return;
            }
            VB_LOG(cx, "[9.2.3] %s takes %s", d->u[a].name, d->u[def].name);
            pc_eliminate(d, s, def, cx);
            if (finish_melee(d, s, cx))
                return;
            continue;
        }
        if (d->u[a].type == UT_CAV && d->u[def].type == UT_INF) {
            s->mel_stage = 0;
            s->roll = RL_MCAVTDR; /* 10.2 */
            return;
        }
        if (d->u[a].type == UT_INF && pc_can_fire(d, s, def, 0)) {
            s->mel_stage = 1;
            s->roll = RL_MDEF; /* 9.2.3 */
            return;
        }
        s->mel_stage = 2;
        s->roll = RL_MELEE;
        return;
    }
    if (s->form >= 0 && s->form < 31)
        s->fdone |= 1 << s->form;
    s->form = -1;
    s->nd = 0;
    memset(s->df, 0, sizeof s->df);
    memset(s->dt, 0, sizeof s->dt);
    memset(s->d2, 0, sizeof s->d2);
    memset(s->r2, 0, sizeof s->r2);
    memset(s->rf, -1, sizeof s->rf);
    memset(s->rt, -1, sizeof s->rt);
    s->phase = PH_CFORM;
    s->side = d->wg[s->wing].side;
}

/* 9.2.9: the winning attacker a enters the attacked hex. */
static void melee_advance(const pc_data *d, pc_state *s, int a, int hex, vb_ctx *cx)
{
    if (a < 0 || s->uhex[a] < 0 || hex < 0)
        return;
    if (adjacent_open(d, s->uhex[a], hex) && !pc_enemy_at(d, s, hex, d->u[a].side) &&
        pc_stack_ok(d, s, hex, a) && s->ustat[a] != ST_ROUT) {
        char hn[8];
        /* 4.6: a leader or bearer left alone there is captured as when any
         * unit enters (a Commander to his Staff side, placed with his
         * formation; a Staff a trophy); the winner's leaders follow it */
        pc_move_unit(d, s, a, hex, cx);
        pc_hex_name(d, hex, hn, sizeof hn);
        VB_LOG(cx, "[9.2.9] %s advances into %s", d->u[a].name, hn);
    }
}

/* The melee's end: the marker spent; 10.1 "The attacking Cavalry (Melee or
 * Charge) immediately becomes Disordered after the attack. An already
 * Disordered Cavalry unit may Rout (see 11.1, e)": one disordered in this
 * melee (by the defensive volley, 10.2 a, or its result) takes the TDR of
 * 11.1 e first (returns 1: the roll, then CONT_ADVANCE); then 9.2.9. */
static int finish_melee(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int a = s->mel_a, hex = s->umelee[a];
    if (hex < 0)
        return 0;
    s->umelee[a] = (int16_t)(-2 - hex);
    if (s->uhex[a] < 0)
        return 0;
    if (d->u[a].type == UT_CAV && s->ustat[a] == ST_GOOD) {
        s->ustat[a] = ST_DIS;
        VB_LOG(cx, "[10.1] %s is disordered after the attack", d->u[a].name);
    } else if (d->u[a].type == UT_CAV && s->ustat[a] == ST_DIS) {
        VB_LOG(cx, "[10.1] %s, already disordered, is disordered by its attack", d->u[a].name);
        s->roll = RL_DIS2;
        s->roll_u = a;
        s->roll_mod = 1; /* a disorder, no retreat */
        s->roll_hex = hex;
        s->mel_res[0] = hex;
        s->cont = CONT_ADVANCE;
        return 1;
    }
    melee_advance(d, s, a, hex, cx);
    return 0;
}

static int melee_flank(const pc_data *d, const pc_state *s, int a, int def)
{
    if (d->u[a].type != UT_CAV)
        return 0;
    for (int v = 0; v < d->nu; v++)
        if (v != a && s->uhex[v] >= 0 && d->u[v].type == UT_CAV && d->u[v].form == d->u[a].form &&
            pc_dist(d, s->uhex[v], s->uhex[def]) == 1 && pc_dist(d, s->uhex[v], s->uhex[a]) > 1)
            return 1;
    return 0;
}

/* 9.2.4: odds rounded down to a column, shifts right, die by terrain. */
static void melee_roll(const pc_data *d, pc_state *s, int die, vb_ctx *cx)
{
    int a = s->mel_a, def = s->mel_d;
    if (s->mel_counter) {
        int t = a;
        a = def;
        def = t;
    }
    int as = usp(d, s, a), ds = usp(d, s, def), col = 0;
    for (int c = 0; c < d->nodds; c++)
        if (as * d->odds[c][1] >= d->odds[c][0] * ds)
            col = c;
    int shift = s->mel_shift + (s->mel_charge ? 1 : 0) + melee_flank(d, s, a, def);
    col += shift;
    if (col >= d->nodds)
        col = d->nodds - 1;
    int dh = s->uhex[def];
    int m = d->terr[d->hterr[dh]].melee;
    if (d->u[a].type == UT_INF && d->terr[d->hterr[dh]].cover == 2)
        m += d->m_cover2_melee; /* 9.2.5 */
    int idx = die + m - PC_DIE_MIN;
    idx = idx < 0 ? 0 : idx >= PC_DIE_N ? PC_DIE_N - 1 : idx;
    int res = d->melee[col][idx];
    VB_LOG(cx, "[%s] %s (%d) against %s (%d): %d:%d column%s, %d%+d: %s",
           s->mel_counter  ? "10.3.1"
           : s->mel_charge ? "10.3"
                           : "9.2.4",
           d->u[a].name, as, d->u[def].name, ds, d->odds[col][0], d->odds[col][1],
           shift ? " shifted" : "", die, m, pc_result_names[res]);
    pc_pending_begin(s);
    if (res >= R_AE && res <= R_AR)
        pc_add_result(d, s, a, res, s->uhex[def], 0);
    else {
        pc_add_result(d, s, def, res, s->uhex[a], 0);
        /* 9.2.1: a gun stacked with a defender that retreats or dies is lost */
        int art = pc_unit_at(d, s, dh, d->u[def].side, UT_ART);
        if (art >= 0 && art != def)
            pc_add_result(d, s, art, R_E, s->uhex[a], 0);
    }
    /* 10.1 / 10.3.1: "The attacking Cavalry (Melee or Charge) immediately
     * becomes Disordered after the attack"; the countercharge is "performed
     * exactly like a charge, with parts (attacker and defender) reversed":
     * the countercharging unit (in good order: a disordered one retreated
     * when the marker was placed, 11.1 c) is disordered now, and a retreat
     * the charge or the countercharge sends it on is a new disorder (11.1 e:
     * "the initially attacked cavalry retreats (or Routs, or is
     * eliminated)") */
    if (s->mel_counter && s->uhex[a] >= 0 && d->u[a].type == UT_CAV && s->ustat[a] == ST_GOOD) {
        s->ustat[a] = ST_DIS;
        VB_LOG(cx, "[10.1] %s is disordered after its countercharge", d->u[a].name);
    }
    if (s->mel_charge) /* 10.3.1: losses now, the retreats after the countercharge */
        for (int i = 0; i < 2; i++) {
            int x = i ? s->mel_d : s->mel_a, lvl = s->pdis[x] & 7;
            if (lvl > ((s->mel_res[1] >> (3 * i)) & 7))
                s->mel_res[1] = (s->mel_res[1] & ~(7 << (3 * i))) | lvl << (3 * i);
            s->pdis[x] &= ~7;
        }
    s->cont = CONT_MELEE;
    s->proc_u = 0;
}

/* 10.3.1: "After the Countercharge results are applied, the initially
 * attacked cavalry retreats (or Routs, or is eliminated). Cavalry that
 * suffers a double Retreat result in this process always retreats once":
 * the retreats the charge and the countercharge deferred (mel_res[1]: the
 * charger's level in bits 0-2, the charged unit's in bits 3-5) become the
 * pending effects, each unit once, away from the other. */
static void charge_retreats(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    pc_pending_begin(s);
    for (int i = 0; i < 2; i++) {
        int x = i ? s->mel_d : s->mel_a, o = i ? s->mel_a : s->mel_d;
        int lvl = (s->mel_res[1] >> (3 * i)) & 7;
        if (!lvl || s->uhex[x] < 0)
            continue;
        s->pdis[x] = (int8_t)(lvl | 0x40);
        s->psrc[x] = (int16_t)(s->uhex[o] >= 0 ? s->uhex[o] : i ? -1 : s->mel_res[0]);
        VB_LOG(cx, "[10.3.1] %s now falls back", d->u[x].name);
    }
    s->mel_res[1] = 0;
    s->mel_counter = 1;
    s->cont = CONT_MELEE;
    s->proc_u = 0;
}

/* ---- dispatch ------------------------------------------------------------------*/

int pc_bomb_targets(const pc_data *d, const pc_state *s, int u, int *hexes)
{
    int n = 0, h = s->uhex[u];
    if (h < 0 || (s->uflag[u] & (UF_FIRED | UF_BROKEN)) || !pc_in_command(d, s, u))
        return 0;
    /* enemy hexes in range, in hex order */
    for (int v = 0; v < d->nu; v++) {
        int t = s->uhex[v], r = t >= 0 ? pc_dist(d, h, t) : 99, dup = 0;
        if (d->u[v].side == d->u[u].side || r < 1 || r > 3)
            continue;
        for (int i = 0; i < n; i++)
            dup |= hexes[i] == t;
        if (dup || !pc_in_cone(d, h, s->uface[u], t) || (r >= 2 && !pc_los(d, s, h, t)))
            continue;
        if (r == 1 && !adjacent_open(d, h, t))
            continue;
        int i = n++;
        while (i > 0 && hexes[i - 1] > t) {
            hexes[i] = hexes[i - 1];
            i--;
        }
        hexes[i] = t;
    }
    return n;
}

int pc_combat_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int k = PC_K(a), x = PC_A(a), y = PC_B(a);
    int active = d->wg[s->wing].side;
    char hn[8];
    switch (k) {
    case A_BOMB:
        s->bomb_u = x;
        s->bomb_hex = y;
        s->bomb_vol = 1;
        pc_hex_name(d, y, hn, sizeof hn);
        VB_LOG(cx, "[8.1] %s bombards %s", d->u[x].name, hn);
        s->roll = RL_BOMB;
        break;
    case A_AGAIN:
        s->bomb_vol = 2;
        if (pc_enemy_at(d, s, s->bomb_hex, active) && s->uhex[s->bomb_u] >= 0)
            s->roll = RL_BOMB;
        else {
            s->uflag[s->bomb_u] |= UF_FIRED;
            s->phase = PH_BOMB;
        }
        break;
    case A_CEASE:
        s->uflag[s->bomb_u] |= UF_FIRED;
        s->phase = PH_BOMB;
        break;
    case A_CFORM:
        s->form = x;
        s->nd = 0;
        memset(s->df, 0, sizeof s->df);
        memset(s->dt, 0, sizeof s->dt);
        memset(s->d2, 0, sizeof s->d2);
        memset(s->r2, 0, sizeof s->r2);
        memset(s->rf, -1, sizeof s->rf);
        memset(s->rt, -1, sizeof s->rt);
        s->phase = PH_FDECL;
        break;
    case A_FIRE:
        s->df[s->nd] = (int8_t)x;
        s->dt[s->nd] = (int8_t)y;
        s->nd++;
        s->uflag[x] |= UF_SHOT;
        VB_LOG(cx, "[9.1] %s will fire at %s", d->u[x].name, d->u[y].name);
        break;
    case A_OPEN:
        if (s->nd == 0) {
            s->mel_a = -1;
            next_melee(d, s, cx);
            break;
        }
        s->phase = PH_FREPLY;
        s->side = 1 - active;
        if (next_reply(d, s) < 0) {
            pc_pending_begin(s);
            s->proc_vol = 1;
            s->proc_i = -1;
            next_fire_roll(d, s);
        }
        break;
    case A_REPLY:
    case A_HOLD:
        s->rf[x] = 1;
        s->rt[x] = (int8_t)(k == A_REPLY ? y : -1);
        if (k == A_REPLY)
            VB_LOG(cx, "[9.1] %s will reply at %s", d->u[x].name, d->u[y].name);
        if (next_reply(d, s) < 0) {
            pc_pending_begin(s);
            s->proc_vol = 1;
            s->proc_i = -1;
            next_fire_roll(d, s);
        }
        break;
    case A_V2:
        if (s->phase == PH_F2ATT)
            s->d2[x] = 1;
        else
            s->r2[x] = 1;
        break;
    case A_DONE:
        if (s->phase == PH_F2ATT) {
            s->phase = PH_F2DEF;
            s->side = 1 - active;
        } else {
            s->side = active;
            s->proc_i = -1;
            next_tdr(d, s);
        }
        break;
    default:
        return vb_fail(cx, VB_EILLEGAL, "unknown action");
    }
    return 0;
}

int pc_combat_chance(const pc_data *d, pc_state *s, int kind, int die, vb_ctx *cx)
{
    int u = s->roll_u;
    switch (kind) {
    case RL_REACT: /* 7.2: reaction fire at -3 on the unit leaving the eZOC */
        pc_pending_begin(s);
        volley(d, s, s->roll_u2, u, die, 1, cx);
        s->cont = CONT_REACT;
        s->proc_u = 0;
        return 0;
    case RL_BOMB: {
        int b = s->bomb_u, side = d->u[b].side;
        int v = victim_in(d, s, s->bomb_hex, 1 - side);
        int r = pc_dist(d, s->uhex[b], s->bomb_hex);
        pc_pending_begin(s);
        int sp = usp(d, s, b), col = pc_fire_column(d, s, sp, v, 1);
        int m = pc_fire_mod(d, s, b, v, 0);
        int idx = die + m - PC_DIE_MIN;
        idx = idx < 0 ? 0 : idx >= PC_DIE_N ? PC_DIE_N - 1 : idx;
        int res = d->bomb[col][idx];
        if (res == R_RR && r == 1)
            res = R_R; /* 8.5.2 grapeshot */
        VB_LOG(cx, "[8.1] %s volley %d (%d SP, %s column) at %s: %d%+d = %d: %s", d->u[b].name,
               s->bomb_vol, sp,
               col == 0   ? "1-2"
               : col == 1 ? "3-5"
                          : "6+",
               d->u[v].name, die, m, die + m, pc_result_names[res]);
        pc_add_result(d, s, v, res, s->uhex[b], 1);
        s->roll_u2 = -1;
        if (res == R_RR) { /* 8.5.2: ricochet on another unit of the hex, or behind */
            for (int w = 0; w < d->nu; w++)
                if (w != v && s->uhex[w] == s->bomb_hex && d->u[w].type != UT_ART)
                    s->roll_u2 = w;
            for (int k2 = 0; k2 < 6 && s->roll_u2 < 0; k2++) {
                int nb = pc_nb(d, s->bomb_hex, k2);
                if (nb >= 0 && pc_dist(d, s->uhex[b], nb) == r + 1 &&
                    pc_in_cone(d, s->uhex[b], s->uface[b], nb) && pc_enemy_at(d, s, nb, side))
                    s->roll_u2 = victim_in(d, s, nb, 1 - side);
            }
        }
        if (s->bomb_vol == 1 && s->roll_u2 < 0)
            pc_add_smoke(s, s->uhex[b]); /* 8.3: after the first volley */
        s->cont = s->roll_u2 >= 0 ? CONT_RICO : s->bomb_vol == 1 ? CONT_BOMB1 : CONT_BOMB2;
        s->proc_u = 0;
        return 0;
    }
    case RL_RICO: {
        int b = s->bomb_u, v = s->roll_u2;
        pc_pending_begin(s);
        if (s->uhex[v] >= 0) {
            int m = pc_fire_mod(d, s, b, v, 0);
            int idx = die + m - PC_DIE_MIN;
            idx = idx < 0 ? 0 : idx >= PC_DIE_N ? PC_DIE_N - 1 : idx;
            int res = d->bomb[0][idx];
            if (res == R_RR)
                res = R_R; /* further ricochet ignored */
            VB_LOG(cx, "[8.5.2] ricochet on %s (1-2 column): %d%+d: %s", d->u[v].name, die, m,
                   pc_result_names[res]);
            pc_add_result(d, s, v, res, s->uhex[b], 1);
        }
        s->roll_u2 = -1;
        if (s->bomb_vol == 1)
            pc_add_smoke(s, s->uhex[b]); /* 8.3: the volley and its ricochet */
        s->cont = s->bomb_vol == 1 ? CONT_BOMB1 : CONT_BOMB2;
        s->proc_u = 0;
        return 0;
    }
    case RL_FAIL:
        s->uflag[s->bomb_u] |= UF_FIRED;
        if (die <= d->fail_max) {
            s->uflag[s->bomb_u] |= UF_BROKEN;
            VB_LOG(cx, "[8.4] %s cannon failure (%d): no more fire today", d->u[s->bomb_u].name,
                   die);
        } else {
            VB_LOG(cx, "[8.4] %s checks its guns (%d): sound", d->u[s->bomb_u].name, die);
        }
        s->phase = PH_BOMB;
        return 0;
    case RL_FIRE: {
        int i = s->proc_i;
        if (i < s->nd) {
            volley(d, s, s->df[i], s->dt[i], die, 0, cx);
        } else {
            int v = i - s->nd;
            volley(d, s, v, s->rt[v], die, 0, cx);
        }
        next_fire_roll(d, s);
        return 0;
    }
    case RL_F2TDR: {
        int i = s->proc_i, w = i < s->nd ? s->df[i] : i - s->nd;
        int base = pc_tdr_base(d, s, w), m = pc_tdr_mods(d, s, w);
        int ok = die + m <= base;
        VB_LOG(cx, "[9.1.2] %s second-volley TDR: %d%+d vs %d - %s", d->u[w].name, die, m, base,
               ok ? "fires again" : "fails");
        if (i < s->nd)
            s->d2[i] = ok ? 2 : 3;
        else
            s->r2[w] = ok ? 2 : 3;
        if (!ok)
            set_fdb(d, s, w, cx);
        next_tdr(d, s);
        return 0;
    }
    case RL_CHANGE: {
        int m = -pc_sf_near(d, s, u) + (gren_near(d, s, u) ? d->cr_gren : 0);
        int ok = die + m <= d->cr_max;
        VB_LOG(cx, "[8.5.3] %s changing of ranks: %d%+d - %s", d->u[u].name, die, m,
               ok ? "stays in good order" : "disordered");
        if (ok)
            s->uflag[u] |= UF_CHANGING;
        else
            s->ustat[u] = ST_DIS;
        pc_retreat_ask(d, s, u, s->roll_hex, s->roll_mod - 1, cx); /* Q5 */
        return 0;
    }
    case RL_DIS2: {
        int base = pc_tdr_base(d, s, u), m = pc_tdr_mods(d, s, u) + d->t_second_dis;
        int ok = die + m <= base;
        VB_LOG(cx, "[11.1 e] %s second disorder TDR: %d%+d vs %d - %s", d->u[u].name, die, m, base,
               ok ? "holds" : "routs");
        if (ok)
            pc_retreat_ask(d, s, u, s->roll_hex, s->roll_mod - 1, cx);
        else
            pc_rout(d, s, u, cx);
        return 0;
    }
    case RL_MCAVTDR: {
        int def = s->mel_d, base = pc_tdr_base(d, s, def), m = pc_tdr_mods(d, s, def);
        int ok = die + m <= base;
        VB_LOG(cx, "[10.2] %s stands against the cavalry? %d%+d vs %d - %s", d->u[def].name, die, m,
               base, ok ? "yes, defensive volley" : "no, one column to the attacker");
        if (ok && pc_can_fire(d, s, def, 0)) {
            s->mel_stage = 1;
            s->roll = RL_MDEF;
        } else {
            if (!ok)
                s->mel_shift = 1;
            s->mel_stage = 2;
            s->roll = RL_MELEE;
        }
        return 0;
    }
    case RL_MDEF: {
        int a = s->mel_a, def = s->mel_d;
        pc_pending_begin(s);
        volley(d, s, def, a, die, 0, cx);
        s->mel_stage = 1;
        s->cont = CONT_MDEF;
        s->proc_u = 0;
        return 0;
    }
    case RL_MELEE:
        melee_roll(d, s, die, cx);
        return 0;
    case RL_LEADER: { /* 4.7: 0-2 to the Staff side; a Staff is captured */
        int l = 0;
        while (l < d->nl && !(s->lroll & (1 << l)))
            l++;
        if (l >= d->nl) {
            s->lroll = 0;
            return 0;
        }
        s->lroll &= ~(1 << l);
        if (die > 2 || s->lhex[l] < 0) {
            VB_LOG(cx, "[4.7] %s retreats unharmed (%d)", d->l[l].name, die);
        } else if (!s->lstaff[l]) {
            VB_LOG(cx, "[4.7] %s is hit (%d): to his Staff side", d->l[l].name, die);
            pc_staff_flip(d, s, l, cx);
        } else {
            s->lhex[l] = -1;
            s->captured[1 - d->l[l].side] += pc_trophy_vp(d, l);
            VB_LOG(cx, "[4.7] %s, already a Staff, is captured (%d)", d->l[l].name, die);
        }
        if (s->lhex[l] < 0) /* "In any case": with his units, or to the closest unit */
            s->lfrom[l] = -1, s->lwith[l] = -1, s->lwith2[l] = -1;
        else
            pc_reloc_ask(d, s, l, cx);
        return 0;
    }
    default:
        return vb_fail(cx, VB_EINPUT, "no die roll is pending");
    }
}

/* After the pending effects: where the procedure goes on. */
void pc_combat_next(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    /* 4.7: one roll for a Commander whose stack retreats, made once every
     * unit of it has taken its pending effects ("the units it was stacked
     * with": a second unit retreating another way is then known) */
    if (s->lroll && s->proc_u < 0) {
        s->roll = RL_LEADER;
        return;
    }
    if (pc_owner_ask(d, s)) /* 8.5.1: the owner places the effects first */
        return;
    if (s->proc_u >= 0 && process_pending(d, s, cx))
        return;
    if (s->lroll) {
        s->roll = RL_LEADER;
        return;
    }
    int c = s->cont;
    s->cont = CONT_NONE;
    switch (c) {
    case CONT_REACT:
        pc_step_continue(d, s, cx);
        break;
    case CONT_RICO:
        s->roll = RL_RICO;
        break;
    case CONT_BOMB1:
        if (s->uhex[s->bomb_u] >= 0 && !(s->uflag[s->bomb_u] & UF_FIRED))
            s->phase = PH_BOMB2;
        else
            s->phase = PH_BOMB;
        break;
    case CONT_BOMB2:
        s->roll = RL_FAIL; /* 8.4 */
        break;
    case CONT_FIRE1:
        for (int u = 0; u < d->nu; u++) /* 11.1 d: one volley, then Feu de Billebaude */
            if ((s->uflag[u] & UF_ONEVOL) && s->uhex[u] >= 0 && !(s->uflag[u] & UF_FDB)) {
                s->uflag[u] &= (uint8_t)~UF_ONEVOL;
                set_fdb(d, s, u, cx);
            }
        s->phase = PH_F2ATT;
        s->side = d->wg[s->wing].side;
        break;
    case CONT_FIRE2:
        s->mel_a = -1;
        next_melee(d, s, cx);
        break;
    case CONT_MDEF: {
        int a = s->mel_a;
        int def = s->mel_d;
        if ((s->uflag[def] & UF_ONEVOL) && s->uhex[def] >= 0) { /* 11.1 d */
            s->uflag[def] &= (uint8_t)~UF_ONEVOL;
            if (!(s->uflag[def] & UF_FDB))
                set_fdb(d, s, def, cx);
        }
        /* 9.2.3: the attacker must still be in place; 10.2 a: any result
         * other than NE or D aborts the cavalry */
        int res = s->roll_need;
        if (s->uhex[a] < 0 || s->umelee[a] < 0 || !adjacent_open(d, s->uhex[a], s->umelee[a]) ||
            s->ustat[a] == ST_ROUT || (d->u[a].type == UT_CAV && res != R_NE && res != R_D)) {
            VB_LOG(cx, "[9.2.3] the melee of %s is stopped by fire", d->u[a].name);
            if (!finish_melee(d, s, cx))
                next_melee(d, s, cx);
            break;
        }
        if (d->u[def].type == UT_ART) {
            VB_LOG(cx, "[9.2.3] %s takes %s", d->u[a].name, d->u[def].name);
            pc_eliminate(d, s, def, cx);
            if (!finish_melee(d, s, cx))
                next_melee(d, s, cx);
            break;
        }
        s->mel_stage = 2;
        s->roll = RL_MELEE;
        break;
    }
    case CONT_MELEE: {
        int a = s->mel_a, def = s->mel_d, hex = s->mel_res[0];
        /* 10.3.1: the charged cavalry still in its hex countercharges,
         * "before the charging cavalry retreats"; then the retreats */
        if (s->mel_charge && !s->mel_counter && s->uhex[def] >= 0 && s->uhex[def] == hex &&
            s->uhex[a] >= 0 && s->ustat[def] != ST_ROUT) {
            s->mel_counter = 1;
            s->roll = RL_MELEE;
            break;
        }
        if (s->mel_charge && s->mel_res[1]) {
            charge_retreats(d, s, cx);
            break;
        }
        if (!finish_melee(d, s, cx))
            next_melee(d, s, cx);
        break;
    }
    case CONT_ADVANCE: /* after the 11.1 e TDR of 10.1 */
        melee_advance(d, s, s->mel_a, s->mel_res[0], cx);
        next_melee(d, s, cx);
        break;
    default:
        break;
    }
}
