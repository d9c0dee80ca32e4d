/*
 * sq_rules.c - the day of "18th Century Siege Rules": setup, the ten steps
 * of the Sequence of Play, movement with saps, trenches, batteries and
 * joins (steps 1-2, completed at step 9), and the end of the day (step 10)
 * with the 21-day limit. Movement orders are in sq_move.c; fire, sorties
 * and assaults in sq_fire.c.
 */
#include <stdint.h>
#include <string.h>

#include "sq_int.h"

/* ---- places and the trench network ---------------------------------------*/

void sq_place(const vb_game *g, sq_state *s, int u, int lkind, int loc, sq_pt p)
{
    const sq_scen *sc = sq_sc(g, s);
    s->u[u].lkind = (uint8_t)lkind;
    s->u[u].loc = (int16_t)loc;
    s->u[u].x = (int16_t)p.x;
    s->u[u].y = (int16_t)p.y;
    /* attached leaders move with their unit */
    for (int i = 0; i < sc->nunits; i++)
        if (s->u[i].att == u && sq_alive(s, i)) {
            s->u[i].lkind = (uint8_t)lkind;
            s->u[i].loc = (int16_t)loc;
            s->u[i].x = (int16_t)p.x;
            s->u[i].y = (int16_t)p.y;
        }
}

sq_pt sq_loc_mid(const vb_game *g, const sq_state *s, int lkind, int loc)
{
    const sq_scen *sc = sq_sc(g, s);
    if (lkind == LK_WORK)
        return sc->works[loc].mid;
    if (lkind == LK_SECT)
        return sq_sect_mid(&s->s[loc]);
    if (lkind == LK_TOWN)
        return sc->town;
    return sc->camp;
}

/* Send a unit (and its leaders) back: besieger to the camp, defender to
 * the town. */
void sq_send_back(const vb_game *g, sq_state *s, int u)
{
    const sq_scen *sc = sq_sc(g, s);
    if (sq_unit_side(g, s, u) == SQ_BESIEGER)
        sq_place(g, s, u, LK_CAMP, 0, sc->camp);
    else
        sq_place(g, s, u, LK_TOWN, 0, sc->town);
}

/* Remove a unit from play; its leaders go back unattached. */
void sq_remove(const vb_game *g, sq_state *s, int u)
{
    const sq_scen *sc = sq_sc(g, s);
    for (int i = 0; i < sc->nunits; i++)
        if (s->u[i].att == u) {
            s->u[i].att = -1;
            sq_send_back(g, s, i);
        }
    s->u[u].lkind = LK_OFF;
    s->u[u].loc = 0;
    s->u[u].x = s->u[u].y = 0;
    s->u[u].wound = 0;
    s->u[u].aim = s->u[u].dig = 0;
    s->u[u].str = 0;
    s->u[u].att = -1;
    s->u[u].flags = 0;
}

/* Work w changes hands: the losing side's units there go back (their
 * leaders with them); the defender's guns are captured. */
void sq_evict(const vb_game *g, sq_state *s, int w, int side, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    for (int v = 0; v < sc->nunits; v++) {
        int ty = sc->units[v].type;
        if (!sq_alive(s, v) || s->u[v].lkind != LK_WORK || s->u[v].loc != w ||
            sc->units[v].side != side || s->u[v].att >= 0)
            continue;
        if (side == SQ_DEFENDER && (ty == UT_HEAVY || ty == UT_MEDIUM || ty == UT_MORTAR)) {
            VB_LOG(cx, "[Sortie/Assault] %s is captured in %s", sc->units[v].name,
                   sc->works[w].name);
            sq_remove(g, s, v);
        } else
            sq_send_back(g, s, v);
    }
}

void sq_destroy_sect(const vb_game *g, sq_state *s, int i, const char *why, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    char b[32];
    sq_sect_name(s, i, b, sizeof b);
    for (int v = 0; v < sc->nunits; v++)
        if (sq_alive(s, v) && s->u[v].lkind == LK_SECT && s->u[v].loc == i)
            sq_send_back(g, s, v);
    memset(&s->s[i], 0, sizeof s->s[i]);
    for (int k = 0; k < s->nsect; k++)
        if (s->s[k].parent == i && s->s[k].state == SS_PLANNED)
            memset(&s->s[k], 0, sizeof s->s[k]); /* the digging there is lost */
        else if (s->s[k].parent == i)
            s->s[k].parent = -1; /* cut off from what it grew from */
    for (int k = 0; k < s->nsect; k++)
        if (s->s[k].kind == SK_JOIN && s->s[k].meets == i + 1)
            s->s[k].meets = 0; /* what it met is gone; the join stays */
    while (s->nsect > 0 && s->s[s->nsect - 1].state == SS_NONE)
        s->nsect--;
    VB_LOG(cx, "[%s] %s is destroyed", why, b);
}

static int on_seg(sq_pt p, const sq_sect *t)
{
    int64_t cr =
        (int64_t)(t->bx - t->ax) * (p.y - t->ay) - (int64_t)(t->by - t->ay) * (p.x - t->ax);
    if (cr != 0)
        return 0;
    int lx = t->ax < t->bx ? t->ax : t->bx, hx = t->ax < t->bx ? t->bx : t->ax;
    int ly = t->ay < t->by ? t->ay : t->by, hy = t->ay < t->by ? t->by : t->ay;
    return p.x >= lx && p.x <= hx && p.y >= ly && p.y <= hy;
}

/* "If trenches from two different directions do not meet exactly it will
 * require an additional turn of engineering": sections connect when they
 * grew from each other or when an end of one lies exactly on the other. */
static int sect_meet(const sq_sect *a, const sq_sect *b)
{
    sq_pt a0 = {a->ax, a->ay}, a1 = {a->bx, a->by}, b0 = {b->ax, b->ay}, b1 = {b->bx, b->by};
    return on_seg(a0, b) || on_seg(a1, b) || on_seg(b0, a) || on_seg(b1, a);
}

int sq_node_of(int lkind, int loc)
{
    if (lkind == LK_SECT)
        return loc;
    if (lkind == LK_WORK)
        return SQ_MAX_SECT + loc;
    if (lkind == LK_CAMP)
        return N_CAMP;
    return -1;
}

/* Mark what a besieger unit at (lkind, loc) can reach through its network:
 * a search over the built sections, the taken works and the camp. */
void sq_reach(const vb_game *g, const sq_state *s, int lkind, int loc, uint8_t *mark)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    int nodes[N_ALL], nn = 0, stack[N_ALL], sp = 0;
    memset(mark, 0, N_ALL);
    int start = sq_node_of(lkind, loc);
    if (start < 0)
        return;
    for (int i = 0; i < s->nsect; i++)
        if (s->s[i].state == SS_BUILT)
            nodes[nn++] = i;
    for (int w = 0; w < sc->nworks; w++)
        if (s->taken[w])
            nodes[nn++] = SQ_MAX_SECT + w;
    nodes[nn++] = N_CAMP;
    mark[start] = 1;
    stack[sp++] = start;
    while (sp) {
        int n = stack[--sp];
        for (int ix = 0; ix < nn; ix++) {
            int m = nodes[ix], adj = 0;
            if (mark[m])
                continue;
            if (m < SQ_MAX_SECT) {
                const sq_sect *t = &s->s[m];
                if (n == N_CAMP)
                    adj = t->kind == SK_PARALLEL && t->par == 1;
                else if (n < SQ_MAX_SECT) {
                    const sq_sect *o = &s->s[n];
                    adj = t->parent == n || o->parent == m || sect_meet(t, o);
                } else {
                    const sq_work *w = &sc->works[n - SQ_MAX_SECT];
                    sq_pt a = {t->ax, t->ay}, b = {t->bx, t->by};
                    adj = sq_dist_poly(a, w->pts, w->npts) <= d->join_reach ||
                          sq_dist_poly(b, w->pts, w->npts) <= d->join_reach;
                }
            } else if (m < N_CAMP) {
                if (n < SQ_MAX_SECT) {
                    const sq_sect *t = &s->s[n];
                    const sq_work *k = &sc->works[m - SQ_MAX_SECT];
                    sq_pt a = {t->ax, t->ay}, b = {t->bx, t->by};
                    adj = sq_dist_poly(a, k->pts, k->npts) <= d->join_reach ||
                          sq_dist_poly(b, k->pts, k->npts) <= d->join_reach;
                } else
                    adj = n != N_CAMP; /* taken works hold together */
            } else
                adj = n < SQ_MAX_SECT && s->s[n].kind == SK_PARALLEL && s->s[n].par == 1;
            if (adj) {
                mark[m] = 1;
                stack[sp++] = m;
            }
        }
    }
}

/* Units of each kind at a place (leaders do not count: Fortress Capacity
 * lists guns and foot only). */
static void count_at(const vb_game *g, const sq_state *s, int lkind, int loc, int *foot, int *guns,
                     int *medium)
{
    const sq_scen *sc = sq_sc(g, s);
    *foot = *guns = *medium = 0;
    for (int i = 0; i < sc->nunits; i++) {
        if (!sq_alive(s, i) || s->u[i].lkind != lkind || s->u[i].loc != loc)
            continue;
        int ty = sc->units[i].type;
        if (ty == UT_FOOT)
            (*foot)++;
        else if (ty == UT_HEAVY || ty == UT_MORTAR || ty == UT_MEDIUM) {
            (*guns)++;
            if (ty == UT_MEDIUM)
                (*medium)++;
        }
    }
}

/* Can unit u stand at (lkind, loc)? Fortress Capacity, Formations and
 * deployment, and the besieger's reconstructed trench capacities. */
void sq_count_all(const vb_game *g, const sq_state *s, sq_counts *c)
{
    const sq_scen *sc = sq_sc(g, s);
    memset(c, 0, sizeof *c);
    for (int i = 0; i < sc->nunits; i++) {
        int lk = s->u[i].lkind, ty = sc->units[i].type;
        if (lk != LK_SECT && lk != LK_WORK)
            continue;
        int k = lk == LK_SECT ? s->u[i].loc : SQ_MAX_SECT + s->u[i].loc;
        if (ty == UT_FOOT)
            c->foot[k]++;
        else if (ty == UT_HEAVY || ty == UT_MORTAR || ty == UT_MEDIUM) {
            c->guns[k]++;
            if (ty == UT_MEDIUM)
                c->med[k]++;
        }
    }
}

static int can_hold_n(const vb_game *g, const sq_state *s, int u, int lkind, int loc, int foot,
                      int guns, int med);

int sq_can_hold(const vb_game *g, const sq_state *s, int u, int lkind, int loc)
{
    int foot, guns, med;
    count_at(g, s, lkind, loc, &foot, &guns, &med);
    return can_hold_n(g, s, u, lkind, loc, foot, guns, med);
}

int sq_can_hold_c(const vb_game *g, const sq_state *s, int u, int lkind, int loc,
                  const sq_counts *c)
{
    if (!c || (lkind != LK_SECT && lkind != LK_WORK))
        return sq_can_hold(g, s, u, lkind, loc);
    int k = lkind == LK_SECT ? loc : SQ_MAX_SECT + loc;
    return can_hold_n(g, s, u, lkind, loc, c->foot[k], c->guns[k], c->med[k]);
}

static int can_hold_n(const vb_game *g, const sq_state *s, int u, int lkind, int loc, int foot,
                      int guns, int med)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    int ty = sc->units[u].type, side = sc->units[u].side;
    if (ty == UT_CINC || ty == UT_ENGINEER)
        return 1;
    if (side == SQ_DEFENDER) {
        if (lkind == LK_TOWN)
            return ty == UT_FOOT; /* "The town area may hold any number of mobile reserves." */
        if (lkind != LK_WORK || s->taken[loc])
            return 0;
        int k = sc->works[loc].kind;
        if (ty == UT_FOOT) {
            int cap = k == WK_BASTION   ? d->cap_bastion_foot
                      : k == WK_RAVELIN ? d->cap_ravelin_foot
                      : k == WK_CURTAIN ? d->cap_curtain_foot
                                        : d->cap_cw_foot;
            return foot < cap;
        }
        if (ty == UT_MEDIUM) {
            /* "Medium guns may be placed in a ravelin, on the curtain wall or
             * in a bastion" */
            int cap = k == WK_BASTION   ? d->cap_bastion_guns
                      : k == WK_RAVELIN ? d->cap_ravelin_guns
                      : k == WK_CURTAIN ? d->cap_curtain_guns
                                        : 0;
            return guns < cap;
        }
        return k == WK_BASTION && guns < d->cap_bastion_guns; /* heavy guns, mortars */
    }
    if (lkind == LK_CAMP)
        return 1;
    if (lkind == LK_WORK)
        return s->taken[loc] && ty == UT_FOOT && foot < 1;
    if (lkind != LK_SECT || s->s[loc].state != SS_BUILT)
        return 0;
    int k = s->s[loc].kind;
    if (k == SK_BATTERY) /* "specifically for mortars or heavy guns" */
        return (ty == UT_HEAVY || ty == UT_MORTAR) && guns < d->cap_bat;
    if (k == SK_PARALLEL) {
        if (ty == UT_FOOT)
            return foot < d->cap_par;
        return ty == UT_MEDIUM && med < d->cap_par_med;
    }
    return ty == UT_FOOT && foot < d->cap_sap;
}

/* ---- setup -----------------------------------------------------------------*/

int sq_setup(const vb_game *g, void *st, vb_ctx *cx)
{
    const sq_data *d = g->data;
    sq_state *s = st;
    (void)cx;
    const sq_scen *sc = sq_sc(g, s);
    s->day = 1;
    s->phase = PH_BMOVE;
    s->sel = -1;
    s->winner = -1;
    s->cursor = -1;
    for (int w = 0; w < sc->nworks; w++)
        s->wstr[w] = sc->works[w].kind == WK_COVERED ? 0 : (int8_t)d->work_strength;
    for (int i = 0; i < sc->nunits; i++)
        s->u[i].att = -1;
    for (int i = 0; i < sc->nunits; i++) {
        const sq_uinfo *ui = &sc->units[i];
        sq_pt p = ui->lkind == LK_WORK   ? sc->works[ui->loc].mid
                  : ui->lkind == LK_TOWN ? sc->town
                                         : sc->camp;
        s->u[i].str = (int8_t)d->strength[ui->type];
        sq_place(g, s, i, ui->lkind, ui->loc, p);
    }
    /* Defender's engineers and CinC begin attached to the foot of their
     * bastion, if any, else stand in it (reconstructed deployment). */
    for (int i = 0; i < sc->nunits; i++) {
        int ty = sc->units[i].type;
        if (ty != UT_CINC && ty != UT_ENGINEER)
            continue;
        for (int j = 0; j < sc->nunits; j++)
            if (sc->units[j].type == UT_FOOT && sc->units[j].side == sc->units[i].side &&
                s->u[j].lkind == s->u[i].lkind && s->u[j].loc == s->u[i].loc &&
                s->u[i].lkind == LK_WORK && !sq_has_leader(g, s, j, ty)) {
                s->u[i].att = (int8_t)j;
                break;
            }
    }
    return 0;
}

/* ---- who decides -------------------------------------------------------------*/

int sq_phase_side(int ph)
{
    switch (ph) {
    case PH_BMOVE:
    case PH_BART:
    case PH_BMUSKET:
    case PH_ASSAULT:
        return SQ_BESIEGER;
    default:
        return SQ_DEFENDER;
    }
}

int sq_to_move(const vb_game *g, const void *st)
{
    const sq_state *s = st;
    (void)g;
    if (s->over)
        return VB_OVER;
    if (s->p.kind != PK_NONE)
        return VB_CHANCE;
    return sq_phase_side(s->phase);
}

static const char *const phase_names[] = {"",
                                          "1. besieger movement",
                                          "2. defender movement",
                                          "3. besieger artillery",
                                          "4. defender artillery",
                                          "5. besieger musketry",
                                          "6. defender musketry",
                                          "7. defender sorties",
                                          "8. besieger assaults",
                                          "9. works and repairs",
                                          "over"};

const char *sq_phase_name(int ph)
{
    return ph >= 1 && ph <= PH_OVER ? phase_names[ph] : "?";
}

void sq_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    if (s->over) {
        snprintf(buf, n, "the siege is over");
        return;
    }
    if (s->p.kind != PK_NONE) {
        static const char *const what[] = {"", "fire", "breaching fire", "attack", "repair"};
        static const char *const stage[] = {"die", "star-result die", "morale die"};
        snprintf(buf, n, "day %d, %s: %s %s for %s", s->day, sq_phase_name(s->phase),
                 what[s->p.kind], stage[s->p.stage], sc->units[(int)s->p.actor].name);
        return;
    }
    const char *who = sq_phase_side(s->phase) == SQ_BESIEGER ? "besieger" : "defender";
    if (s->sel >= 0)
        snprintf(buf, n, "day %d, %s: %s, an order for %s", s->day, sq_phase_name(s->phase), who,
                 sc->units[(int)s->sel].name);
    else
        snprintf(buf, n, "day %d, %s: %s to act", s->day, sq_phase_name(s->phase), who);
}

static void advance(const vb_game *g, sq_state *s, vb_ctx *cx);

/* ---- applying ------------------------------------------------------------------*/

int sq_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    sq_state *s = st;
    int kind = SQ_AK(a);
    if (s->p.kind != PK_NONE) {
        sq_apply_die(g, s, SQ_AA(a), cx);
        if (s->p.kind == PK_NONE && !s->over)
            advance(g, s, cx);
        return 0;
    }
    switch (kind) {
    case AK_END:
        VB_LOG(cx, "[Sequence %s] ends", sq_phase_name(s->phase));
        s->phase++;
        s->sel = -1;
        break;
    case AK_ORDER:
        s->sel = (int8_t)SQ_AU(a);
        return 0;
    case AK_HOLD:
    case AK_MOVE:
    case AK_MOVEPT:
    case AK_SAPTO:
    case AK_SAPANG:
    case AK_TRENCH:
    case AK_BATTERY:
    case AK_JOIN:
    case AK_ATTACH:
    case AK_DETACH:
    case AK_MINE:
    case AK_COUNTER:
    case AK_REDEPLOY:
        sq_do_order(g, s, a, cx);
        break;
    default:
        sq_start_combat(g, s, a, cx);
        if (s->p.kind != PK_NONE)
            return 0;
        break;
    }
    if (!s->over)
        advance(g, s, cx);
    return 0;
}

/* ---- steps 9 and 10 ---------------------------------------------------------------*/

/* Step 9: "Trenches, saps and repairs are completed by unshaken units." */
static void complete_works(const vb_game *g, sq_state *s, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    char b[32];
    for (int i = 0; i < s->nsect; i++) {
        sq_sect *t = &s->s[i];
        if (t->state != SS_PLANNED)
            continue;
        int u = t->builder;
        int ok = u >= 0 && sq_alive(s, u) && !(s->u[u].flags & UF_SHAKEN) && t->parent >= 0 &&
                 s->u[u].lkind == LK_SECT && s->u[u].loc == t->parent &&
                 s->s[t->parent].state == SS_BUILT && sq_has_leader(g, s, u, UT_ENGINEER);
        sq_sect_name(s, i, b, sizeof b);
        if (!ok) {
            VB_LOG(cx,
                   "[Sequence 9] %s is not completed: its builder is shaken, gone or "
                   "without engineers",
                   b);
            memset(t, 0, sizeof *t);
            continue;
        }
        t->state = SS_BUILT;
        t->builder = -1;
        VB_LOG(cx, "[Sequence 9] %s completed by %s", b, sc->units[u].name);
        if (t->kind == SK_SAP || t->kind == SK_JOIN) {
            sq_pt p = {t->bx, t->by};
            sq_place(g, s, u, LK_SECT, i, p);
            /* "The covered way ... can be stormed or breached by saps": a
             * sap head on an undefended section of it takes it. */
            for (int w = 0; w < sc->nworks; w++) {
                const sq_work *k = &sc->works[w];
                if (k->kind != WK_COVERED || s->taken[w] || !sq_point_in_poly(p, k->pts, k->npts))
                    continue;
                int held = 0;
                for (int v = 0; v < sc->nunits; v++)
                    held |= sq_alive(s, v) && s->u[v].lkind == LK_WORK && s->u[v].loc == w &&
                            sc->units[v].type == UT_FOOT;
                if (!held) {
                    s->taken[w] = 1;
                    sq_evict(g, s, w, SQ_DEFENDER, cx);
                    VB_LOG(cx,
                           "[Fire and assaults on Fortress Defences] the sap crowns %s: "
                           "taken",
                           k->name);
                }
            }
        } else if (t->kind == SK_PARALLEL) {
            sq_pt p = sq_sect_mid(t);
            sq_place(g, s, u, LK_SECT, i, p);
        }
    }
    while (s->nsect > 0 && s->s[s->nsect - 1].state == SS_NONE)
        s->nsect--;
}

/* The next defender unit that may repair, after unit `after`: "An unshaken
 * defending foot unit with attached engineer can attempt to repair any
 * damage if it is occupying the ravelin, bastion or curtain wall." */
static int next_repair(const vb_game *g, const sq_state *s, int after)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    for (int u = after + 1; u < sc->nunits; u++) {
        if (sc->units[u].side != SQ_DEFENDER || sc->units[u].type != UT_FOOT || !sq_alive(s, u) ||
            (s->u[u].flags & UF_SHAKEN) || s->u[u].lkind != LK_WORK ||
            !sq_has_leader(g, s, u, UT_ENGINEER))
            continue;
        int w = s->u[u].loc;
        if (sc->works[w].kind == WK_COVERED || s->taken[w] || s->wstr[w] >= d->work_strength)
            continue;
        return u;
    }
    return -1;
}

/* Step 10 and the start of the next day. */
static void end_day(const vb_game *g, sq_state *s, vb_ctx *cx)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    VB_LOG(cx, "[Sequence 10] day %d ends: shaken markers removed", s->day);
    for (int u = 0; u < sc->nunits; u++) {
        s->u[u].flags = 0;
        if (s->u[u].wound && sq_alive(s, u) && --s->u[u].wound == 0)
            VB_LOG(cx, "[CinC/Engineers] %s returns to play", sc->units[u].name);
    }
    memset(s->attacks, 0, sizeof s->attacks);
    memset(s->wattacks, 0, sizeof s->wattacks);
    if (s->day == d->par1_day) {
        /* "At the end of turn 1 the 1st parallel is built." */
        for (int i = 0; i < sc->npar1 && i < SQ_MAX_SECT; i++) {
            sq_sect *t = &s->s[s->nsect++];
            memset(t, 0, sizeof *t);
            t->kind = SK_PARALLEL;
            t->state = SS_BUILT;
            t->par = 1;
            t->builder = -1;
            t->parent = -1;
            t->ax = (int16_t)sc->par1[i][0].x, t->ay = (int16_t)sc->par1[i][0].y;
            t->bx = (int16_t)sc->par1[i][1].x, t->by = (int16_t)sc->par1[i][1].y;
            t->facing = (uint16_t)sq_nearest_work_angle(g, s, sq_sect_mid(t));
        }
        VB_LOG(cx, "[Besieger] the 1st parallel is built (%d sections)", sc->npar1);
    }
    if (s->day >= d->days_limit) {
        s->over = 1;
        s->winner = SQ_DEFENDER;
        s->reason = 2;
        s->phase = PH_OVER;
        VB_LOG(cx, "[Time Scale] day %d has passed without a capitulation: the siege is raised",
               s->day);
        return;
    }
    s->day++;
    s->phase = PH_BMOVE;
}

/* Why the game ends now (Victory), 0 while it goes on: 1 a bastion
 * breached or taken (*work), 3 the garrison or 4 the besieger without foot;
 * the winner in *win. */
static int end_reason(const vb_game *g, const sq_state *s, int *win, int *work)
{
    const sq_scen *sc = sq_sc(g, s);
    for (int w = 0; w < sc->nworks; w++)
        if (sc->works[w].kind == WK_BASTION && (s->wstr[w] <= 0 || s->taken[w])) {
            *win = SQ_BESIEGER, *work = w;
            return 1;
        }
    int foot[2] = {0, 0};
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].type == UT_FOOT && sq_alive(s, u))
            foot[sc->units[u].side]++;
    if (foot[SQ_DEFENDER] && foot[SQ_BESIEGER])
        return 0;
    *win = foot[SQ_DEFENDER] ? SQ_DEFENDER : SQ_BESIEGER;
    return foot[SQ_DEFENDER] ? 4 : 3;
}

/* Victory: capitulation once a bastion is breached; a side without foot. */
void sq_check_end(const vb_game *g, sq_state *s, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    int win = 0, w = 0, r;
    if (s->over || !(r = end_reason(g, s, &win, &w)))
        return;
    s->over = 1;
    s->winner = (int8_t)win;
    s->reason = (uint8_t)r;
    if (r == 1)
        VB_LOG(cx,
               "[Fire and assaults on Fortress Defences] %s is breached: the fortress "
               "capitulates",
               sc->works[w].name);
    else
        VB_LOG(cx, "[Victory] the %s has no foot left", r == 4 ? "besieger" : "garrison");
    {
        s->phase = PH_OVER;
        s->sel = -1;
        memset(&s->p, 0, sizeof s->p);
    }
}

/* Move on to the next step that needs a decision. */
static void advance(const vb_game *g, sq_state *s, vb_ctx *cx)
{
    vb_action tmp[2];
    sq_check_end(g, s, cx);
    while (!s->over && s->p.kind == PK_NONE) {
        if (s->phase == PH_BMOVE || s->phase == PH_DMOVE)
            return;
        if (s->phase == PH_WORKS) {
            if (!s->wdone) {
                complete_works(g, s, cx);
                sq_galleries(g, s, cx);
                s->wdone = 1;
                s->cursor = -1;
                sq_check_end(g, s, cx); /* a mine may breach a bastion */
                if (s->over) {
                    s->wdone = 0;
                    break;
                }
            }
            int u = next_repair(g, s, s->cursor);
            if (u >= 0) {
                s->p.kind = PK_REPAIR;
                s->p.stage = PS_MAIN;
                s->p.actor = (int8_t)u;
                s->p.target = -1;
                s->p.work = (int8_t)s->u[u].loc;
                s->cursor = (int8_t)u;
                return;
            }
            s->wdone = 0;
            s->cursor = -1;
            end_day(g, s, cx);
            continue;
        }
        /* combat steps: skip those where nothing but ending is possible */
        int n = sq_legal_combat(g, s, tmp, NULL, 2);
        if (n == VB_EOVERFLOW || n > 1 || (n == 1 && SQ_AK(tmp[0]) != AK_END))
            return;
        s->phase++;
    }
}

/* ---- result, turn, check --------------------------------------------------------*/

void sq_result(const vb_game *g, const void *st, vb_result *r)
{
    const sq_state *s = st;
    (void)g;
    memset(r, 0, sizeof *r);
    r->winner = -1;
    if (!s->over)
        return;
    r->over = 1;
    r->winner = s->winner;
    r->score[SQ_BESIEGER] = s->winner == SQ_BESIEGER ? 1 : 0;
    r->score[SQ_DEFENDER] = s->winner == SQ_DEFENDER ? 1 : 0;
    static const char *const why[] = {"", "a bastion is breached: the fortress capitulates",
                                      "21 days without a breach: the siege is raised",
                                      "the garrison is destroyed: the fortress capitulates",
                                      "the besieging foot is destroyed: the siege is raised"};
    snprintf(r->verdict, sizeof r->verdict, "%s wins on day %d: %s",
             s->winner == SQ_BESIEGER ? "besieger" : "defender", s->day,
             s->reason <= 4 ? why[s->reason] : "");
}

int sq_turn(const vb_game *g, const void *st)
{
    (void)g;
    return ((const sq_state *)st)->day;
}

static int same_shape(const sq_sect *a, const sq_sect *b)
{
    return a->kind == b->kind && a->facing == b->facing && a->ax == b->ax && a->ay == b->ay &&
           a->bx == b->bx && a->by == b->by;
}

/* Join i ends on an end of the section it was dug to, while that one
 * stands (Besieger: "to make them meet"). NULL, or what is wrong. */
static const char *join_meets(const sq_state *s, int i)
{
    const sq_sect *t = &s->s[i];
    int mi = t->meets - 1;
    if (!t->meets)
        return NULL; /* destroyed since */
    const sq_sect *o = mi < s->nsect && mi != i ? &s->s[mi] : NULL;
    if (!o || o->state != SS_BUILT || o->kind == SK_BATTERY)
        return "meets no built trench";
    if (!((t->bx == o->ax && t->by == o->ay) || (t->bx == o->bx && t->by == o->by)))
        return "does not end on an end of the section it meets: trenches that do not meet "
               "exactly need a join that makes them meet";
    return NULL;
}

/* A section has the shape an order gives it (sq_lay_*), laid from where
 * the order stands in the section it grows from; a first-parallel section
 * is one of the scenario's, facing the nearest work. NULL, or what is
 * wrong. */
static const char *sect_shape(const vb_game *g, const sq_state *s, int i)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    const sq_sect *t = &s->s[i];
    /* -1: a 1st-parallel section, or one cut off from what it grew from */
    if (t->parent < -1 || t->parent >= s->nsect ||
        (t->parent >= 0 && s->s[t->parent].state == SS_NONE))
        return "grows from a section that is not there";
    const sq_sect *par = t->parent >= 0 ? &s->s[t->parent] : NULL;
    sq_pt a = {t->ax, t->ay}, b = {t->bx, t->by}, m = sq_sect_mid(t);
    sq_sect k;
    switch (t->kind) {
    case SK_SAP:
        if (par &&
            (par->kind == SK_BATTERY || !sq_within_seg(a, (sq_pt){par->ax, par->ay},
                                                       (sq_pt){par->bx, par->by}, d->half_width)))
            return "does not start in the trench it grows from";
        if (sq_lay_sap(g, s, t->parent, a, t->facing, &k) || !same_shape(t, &k))
            return "is not a sap's shape: a day's digging from its start in the way it faces";
        return NULL;
    case SK_PARALLEL:
        if (t->parent < 0 && t->par == 1) {
            for (int j = 0; j < sc->npar1; j++)
                if (t->ax == sc->par1[j][0].x && t->ay == sc->par1[j][0].y &&
                    t->bx == sc->par1[j][1].x && t->by == sc->par1[j][1].y)
                    return t->facing == sq_nearest_work_angle(g, s, m)
                               ? NULL
                               : "does not face the nearest bastion or ravelin";
            return "is not a section of the scenario's 1st parallel";
        }
        if (par && (par->kind != SK_SAP || m.x != par->bx || m.y != par->by))
            return "is not centred on the head of the sap it grows from";
        /* Besieger: "A trench is built at the end of the sap": its middle
         * was a sap's head, dug outside the counterscarp (sq_lay_sap), and
         * stays there when the sap is destroyed (a section cut off) */
        if (m.y <= sq_line_y(sc->counter, sc->ncounter, m.x))
            return "is not centred outside the counterscarp, on a sap's head ('A trench is built "
                   "at the end of the sap')";
        if (sq_lay_trench(g, s, t->parent, m, &k) || !same_shape(t, &k))
            return "is not a parallel section's shape: a day's length across, centred on a sap "
                   "head, facing the nearest bastion or ravelin";
        return NULL;
    case SK_BATTERY: {
        /* in front of the parallel point p (m.y = p.y - offset) or behind
         * q (m.y = q.y + offset): the same shape */
        sq_pt p = {m.x, m.y + d->bat_off}, q = {m.x, m.y - d->bat_off};
        sq_pt pa = par ? (sq_pt){par->ax, par->ay} : a, pb = par ? (sq_pt){par->bx, par->by} : b;
        if (sq_lay_battery(g, s, t->parent, p, 1, &k) || !same_shape(t, &k))
            return "is not a battery's shape: its length across, facing the nearest bastion or "
                   "ravelin";
        if (par && (par->kind != SK_PARALLEL || !(sq_within_seg(p, pa, pb, d->half_width) ||
                                                  sq_within_seg(q, pa, pb, d->half_width))))
            return "is not directly in front of or behind the parallel it grows from";
        return NULL;
    }
    case SK_JOIN: {
        /* its far end is an end of the section it was dug to, while that
         * one stands (meets); that section may be destroyed since (meets
         * 0), so the far end is also read as the order chose it
         * (sq_lay_join): an end of another trench, not a point of its own,
         * nearer the end it runs from than its trench's other end (the
         * nearest ends; of two as near, the trench's first end) */
        int64_t dx = b.x - a.x, dy = b.y - a.y, len = dx * dx + dy * dy;
        if (len > (int64_t)d->join_reach * d->join_reach)
            return "is longer than a join reaches";
        if (!par)
            return join_meets(s, i);
        int first = a.x == par->ax && a.y == par->ay;
        if (par->kind == SK_BATTERY || t->facing != par->facing ||
            !(first || (a.x == par->bx && a.y == par->by)))
            return "does not run from an end of the trench it grows from, facing as it";
        int64_t ox = b.x - (first ? par->bx : par->ax), oy = b.y - (first ? par->by : par->ay);
        if (on_seg(b, par))
            return "ends on the trench it grows from";
        if (first ? len > ox * ox + oy * oy : len >= ox * ox + oy * oy)
            return "does not end nearer the end it runs from than its trench's other end";
        return join_meets(s, i);
    }
    }
    return "of an unknown kind";
}

/* What a unit of `side` with these flags and attacks against it cannot
 * have done yet at this step of the day (all are cleared at step 10):
 * the defender moves from step 2, the besieger fires from step 3 and the
 * defender from 4, a morale test comes first with a fire (step 3),
 * sorties are step 7 and assaults step 8. NULL, or what. */
static const char *too_early(const sq_state *s, int side, int flags, int attacks)
{
    int ph = s->phase, att = side == SQ_BESIEGER ? PH_ASSAULT : PH_SORTIE;
    if (side == SQ_DEFENDER && ph < PH_DMOVE && (flags & (UF_MOVED | UF_ORDERED | UF_DIG)))
        return "has moved, been ordered or dug";
    if ((flags & UF_FIRED) && ph < (side == SQ_BESIEGER ? PH_BART : PH_DART))
        return "has fired";
    if ((flags & UF_SHAKEN) && ph < PH_BART)
        return "is shaken";
    if ((flags & UF_ATTACKED) && ph < att)
        return "has attacked";
    if (attacks && ph < PH_SORTIE)
        return "has been attacked";
    return NULL;
}

int sq_check(const vb_game *g, const void *st, vb_ctx *cx)
{
    const sq_data *d = g->data;
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    if (s->day < 1 || s->day > d->days_limit)
        return vb_fail(cx, VB_EINPUT, "day %d outside 1-%d (Time Scale)", s->day, d->days_limit);
    if (s->nsect > d->max_sect)
        return vb_fail(cx, VB_EINPUT, "too many trench sections");
    if (s->nsect && s->day <= d->par1_day)
        return vb_fail(cx, VB_EINPUT,
                       "a trench section on day %d: the 1st parallel is built at the end of "
                       "turn %d, and every other section grows from it (Time Scale)",
                       s->day, d->par1_day);
    for (int i = 0; i < s->nsect && s->day == d->par1_day + 1 && s->phase < PH_WORKS; i++)
        if (s->s[i].state == SS_BUILT && (s->s[i].kind != SK_PARALLEL || s->s[i].par != 1)) {
            char b[32];
            sq_sect_name(s, i, b, sizeof b);
            return vb_fail(cx, VB_EINPUT,
                           "section '%s' built on day %d before step 9: only the 1st "
                           "parallel stands before the day's digging is completed (Sequence "
                           "of Play)",
                           b, s->day);
        }
    /* a section belongs to the parallel of the section it grows from; a
     * trench on a sap head to the next (Besieger: "a further two parallels
     * by advancing saps"), never past the 3rd */
    for (int i = 0; i < s->nsect; i++) {
        const sq_sect *t = &s->s[i];
        if (t->state == SS_NONE || t->parent < 0 || t->parent >= s->nsect)
            continue;
        int pp = s->s[t->parent].par;
        int want = t->kind == SK_PARALLEL ? (pp < 3 ? pp + 1 : 3) : pp;
        if (t->par != want) {
            char b[32], pb[32];
            sq_sect_name(s, i, b, sizeof b);
            sq_sect_name(s, t->parent, pb, sizeof pb);
            return vb_fail(cx, VB_EINPUT,
                           "section '%s' of parallel %d grows from '%s' of parallel %d: it "
                           "belongs to parallel %d (Besieger)",
                           b, t->par, pb, pp, want);
        }
    }
    for (int i = 0; i < s->nsect; i++) {
        const char *why = s->s[i].state == SS_NONE ? NULL : sect_shape(g, s, i);
        if (why) {
            char b[32];
            sq_sect_name(s, i, b, sizeof b);
            return vb_fail(cx, VB_EINPUT, "section '%s' %s (Besieger)", b, why);
        }
    }
    for (int w = 0; w < sc->nworks; w++) {
        if (s->wstr[w] < 0 || s->wstr[w] > d->work_strength)
            return vb_fail(cx, VB_EINPUT, "work '%s' strength %d outside 0-%d", sc->works[w].name,
                           s->wstr[w], d->work_strength);
        /* "The covered way cannot be destroyed": it has no strength points
         * (the set-up gives it 0 and nothing repairs or batters it) */
        if (sc->works[w].kind == WK_COVERED && s->wstr[w] != 0)
            return vb_fail(cx, VB_EINPUT,
                           "work '%s' strength %d: the covered way has no strength points "
                           "(Fire and assaults on Fortress Defences)",
                           sc->works[w].name, s->wstr[w]);
    }
    int win = 0, ew = 0, er = s->over ? 0 : end_reason(g, s, &win, &ew);
    if (er == 1)
        return vb_fail(cx, VB_EINPUT,
                       "work '%s' is breached or taken and the siege goes on: the fortress "
                       "capitulates once a bastion has been breached (Victory)",
                       sc->works[ew].name);
    if (er)
        return vb_fail(cx, VB_EINPUT, "the %s has no foot left and the siege goes on (Victory)",
                       er == 4 ? "besieger" : "garrison");
    if (!s->over && s->phase < PH_ASSAULT)
        for (int w = 0; w < sc->nworks; w++)
            if (s->wattacks[w])
                return vb_fail(cx, VB_EINPUT,
                               "work '%s' assaulted %d times before step 8 (the count starts "
                               "each day at 0)",
                               sc->works[w].name, s->wattacks[w]);
    for (int u = 0; u < sc->nunits; u++) {
        const sq_unit *x = &s->u[u];
        const char *n = sc->units[u].name;
        int ty = sc->units[u].type;
        if (!sq_alive(s, u))
            continue;
        if (x->str < 0 || x->str > d->strength[ty] || (!sq_is_leader(ty) && x->str == 0))
            return vb_fail(cx, VB_EINPUT, "unit '%s' strength %d outside 1-%d", n, x->str,
                           d->strength[ty]);
        const char *early =
            s->over ? NULL : too_early(s, sc->units[u].side, x->flags, s->attacks[u]);
        if (early)
            return vb_fail(cx, VB_EINPUT,
                           "unit '%s' %s on day %d's step %d (Sequence of Play; step 10 clears "
                           "it)",
                           n, early, s->day, s->phase);
        if (x->lkind == LK_SECT && (x->loc >= s->nsect || s->s[x->loc].state != SS_BUILT))
            return vb_fail(cx, VB_EINPUT, "unit '%s' stands in a trench that is not built", n);
        if (x->lkind == LK_WORK && x->loc >= sc->nworks)
            return vb_fail(cx, VB_EINPUT, "unit '%s' in an unknown work", n);
        if ((x->lkind == LK_CAMP && sc->units[u].side != SQ_BESIEGER) ||
            (x->lkind == LK_TOWN && sc->units[u].side != SQ_DEFENDER))
            return vb_fail(cx, VB_EINPUT, "unit '%s' in the other side's camp or town", n);
        /* "Heavy guns and mortars must be placed in a bastion"; "Medium
         * guns may be placed in a ravelin, on the curtain wall or in a
         * bastion"; "The town area may hold any number of mobile reserves":
         * foot and leaders, never a garrison gun (play never sends one
         * there: it stays shaken, or is captured with its work) */
        if (x->lkind == LK_TOWN && !sq_is_leader(ty) && ty != UT_FOOT)
            return vb_fail(cx, VB_EINPUT,
                           "unit '%s': a garrison gun stands in its work, never in the town "
                           "(Formations and deployment: the town holds the mobile reserves)",
                           n);
        /* "The defender must deploy within the boundary of the covered way":
         * never in the besieger's trenches */
        if (x->lkind == LK_SECT && sc->units[u].side != SQ_BESIEGER)
            return vb_fail(cx, VB_EINPUT,
                           "unit '%s': the defender stands in the fortress or the town, never "
                           "in a trench (Formations and deployment)",
                           n);
        if (x->lkind == LK_WORK && (sc->units[u].side == SQ_BESIEGER) != (s->taken[x->loc] != 0))
            return vb_fail(cx, VB_EINPUT, "unit '%s' in a work its side does not hold", n);
        if (x->aim < 0 || x->aim > sc->nworks || x->dig < 0 || (x->dig && !x->aim) ||
            ((x->flags & UF_DIG) && (!x->aim || !(x->flags & UF_ORDERED))))
            return vb_fail(cx, VB_EINPUT, "unit '%s': gallery out of range", n);
        if (x->aim) {
            int side = sc->units[u].side, cwk = sc->works[x->aim - 1].kind == WK_COVERED;
            if (ty != UT_FOOT || (side == SQ_DEFENDER) != cwk ||
                x->dig >= (side == SQ_DEFENDER ? d->counter_days : d->mine_days))
                return vb_fail(cx, VB_EINPUT,
                               "unit '%s': a gallery is dug by foot, the defender's from the "
                               "covered way, the besieger's under a wall, for fewer days than it "
                               "takes",
                               n);
        }
        if (x->att >= 0) {
            if (!sq_is_leader(ty) || x->att >= sc->nunits || !sq_alive(s, x->att) ||
                sq_is_leader(sc->units[(int)x->att].type) ||
                (ty == UT_ENGINEER && sc->units[(int)x->att].type != UT_FOOT) ||
                sc->units[(int)x->att].side != sc->units[u].side ||
                s->u[(int)x->att].lkind != x->lkind || s->u[(int)x->att].loc != x->loc)
                return vb_fail(cx, VB_EINPUT, "leader '%s' attached to a unit it cannot join", n);
        }
    }
    /* Fortress Capacity and trench capacities */
    for (int u = 0; u < sc->nunits; u++) {
        if (!sq_alive(s, u) || sq_is_leader(sc->units[u].type) || s->u[u].lkind == LK_CAMP ||
            s->u[u].lkind == LK_TOWN)
            continue;
        int foot, guns, med;
        count_at(g, s, s->u[u].lkind, s->u[u].loc, &foot, &guns, &med);
        int ty = sc->units[u].type;
        /* u counts itself: capacity holds if the place could take one less */
        if (ty == UT_FOOT)
            foot--;
        else {
            guns--;
            if (ty == UT_MEDIUM)
                med--;
        }
        int ok;
        if (sc->units[u].side == SQ_DEFENDER) {
            int k = sc->works[s->u[u].loc].kind;
            if (ty == UT_FOOT)
                ok = foot < (k == WK_BASTION   ? d->cap_bastion_foot
                             : k == WK_RAVELIN ? d->cap_ravelin_foot
                             : k == WK_CURTAIN ? d->cap_curtain_foot
                                               : d->cap_cw_foot);
            else if (ty == UT_MEDIUM)
                ok = guns < (k == WK_BASTION   ? d->cap_bastion_guns
                             : k == WK_RAVELIN ? d->cap_ravelin_guns
                             : k == WK_CURTAIN ? d->cap_curtain_guns
                                               : 0);
            else
                ok = k == WK_BASTION && guns < d->cap_bastion_guns;
        } else if (s->u[u].lkind == LK_WORK)
            ok = ty == UT_FOOT && foot < 1;
        else {
            int k = s->s[s->u[u].loc].kind;
            if (k == SK_BATTERY)
                ok = (ty == UT_HEAVY || ty == UT_MORTAR) && guns < d->cap_bat;
            else if (k == SK_PARALLEL)
                ok = ty == UT_FOOT ? foot < d->cap_par : ty == UT_MEDIUM && med < d->cap_par_med;
            else
                ok = ty == UT_FOOT && foot < d->cap_sap;
        }
        if (!ok)
            return vb_fail(cx, VB_EINPUT,
                           "unit '%s': its place is over capacity or wrong for it "
                           "(Fortress Capacity)",
                           sc->units[u].name);
    }
    return 0;
}
