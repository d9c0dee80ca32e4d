/*
 * sq_fire.c - steps 3 to 8 of the Sequence of Play: artillery fire (with
 * cover shifts, enfilade and breaching fire at the works), musketry,
 * morale after fire, star results against attached leaders, the
 * defender's sorties and the besieger's assaults; and the repair die of
 * step 9.
 */
#include <stdint.h>
#include <string.h>

#include "sq_int.h"

static int is_gun(int ty)
{
    return ty == UT_HEAVY || ty == UT_MEDIUM || ty == UT_MORTAR;
}

static int is_leader(int ty)
{
    return ty == UT_CINC || ty == UT_ENGINEER;
}

/* Foot u may fire its battalion guns in this artillery step: "Foot with
 * battalion guns can fire speculatively as light guns and must if shaken"
 * (steps 3-4): a foot of a side that has them (game.json battalion_guns)
 * that has not moved, or is shaken (reconstructed, as for musketry). */
int sq_battalion_guns(const vb_game *g, const sq_state *s, int u)
{
    const sq_data *d = g->data;
    const sq_unit *x = &s->u[u];
    return sq_unit_type(g, s, u) == UT_FOOT && d->bguns[sq_unit_side(g, s, u)] &&
           (s->phase == PH_BART || s->phase == PH_DART) &&
           (!(x->flags & UF_MOVED) || (x->flags & UF_SHAKEN));
}

/* May unit u fire in the current step? "fires any units that have not
 * moved" (3-4); musketry "with any foot unit that has not moved or is
 * shaken" (5-6). */
int sq_can_fire(const vb_game *g, const sq_state *s, int u)
{
    int ty = sq_unit_type(g, s, u), side = sq_unit_side(g, s, u);
    const sq_unit *x = &s->u[u];
    if (!sq_alive(s, u) || side != sq_phase_side(s->phase) || (x->flags & UF_FIRED) ||
        (x->lkind != LK_SECT && x->lkind != LK_WORK))
        return 0;
    if (s->phase == PH_BART || s->phase == PH_DART)
        return (is_gun(ty) && !(x->flags & UF_MOVED)) || sq_battalion_guns(g, s, u);
    if (s->phase == PH_BMUSKET || s->phase == PH_DMUSKET)
        return ty == UT_FOOT && (!(x->flags & UF_MOVED) || (x->flags & UF_SHAKEN));
    return 0;
}

static int fire_candidate(const vb_game *g, const sq_state *s, int u, int t)
{
    int col;
    if (t == u || !sq_alive(s, t) || sq_unit_side(g, s, t) == sq_unit_side(g, s, u) ||
        is_leader(sq_unit_type(g, s, t)) || (s->u[t].lkind != LK_SECT && s->u[t].lkind != LK_WORK))
        return 0;
    return sq_fire_column(g, s, u, t, &col, NULL, 0) == 0;
}

static int batter_column(const vb_game *g, const sq_state *s, int u, int w)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    const sq_work *k = &sc->works[w];
    /* "Ravelins, bastions and curtain walls cannot be breached until a
     * battery is built upon or beyond the covered way"; "The siege mortars
     * ... cannot destroy wall sections." */
    if (sq_unit_type(g, s, u) != UT_HEAVY || sq_unit_side(g, s, u) != SQ_BESIEGER ||
        s->u[u].lkind != LK_SECT || !sq_battery_forward(g, s, s->u[u].loc) ||
        k->kind == WK_COVERED || s->taken[w] || s->wstr[w] <= 0)
        return 0;
    int32_t rg = sq_range_work(g, s, u, w);
    int col = 0;
    for (int i = 0; i < d->weapon_nb[UT_HEAVY]; i++)
        if (rg <= d->weapon_band[UT_HEAVY][i][0]) {
            col = d->weapon_band[UT_HEAVY][i][1];
            break;
        }
    if (!col)
        return 0;
    int32_t f[2];
    int nf = sq_facings(g, s, u, f), ok = 0;
    sq_pt o = sq_sect_mid(&s->s[s->u[u].loc]);
    for (int i = 0; i < nf; i++)
        ok |= sq_in_arc(o, f[i], k->mid, d->arc_half);
    /* "within direct line of sight" (sq_line_of_sight) */
    if (!ok || !sq_line_of_sight(g, s, u, k->mid, w))
        return 0;
    col += d->shift_cw_battery;
    return col > 8 ? 8 : col;
}

/* The defender's unit that meets an assault on work w: its foot, else a
 * gun; -1 when the work stands empty. */
int sq_work_defender(const vb_game *g, const sq_state *s, int w)
{
    const sq_scen *sc = sq_sc(g, s);
    int gun = -1;
    for (int u = 0; u < sc->nunits; u++) {
        if (!sq_alive(s, u) || sc->units[u].side != SQ_DEFENDER || s->u[u].lkind != LK_WORK ||
            s->u[u].loc != w)
            continue;
        if (sc->units[u].type == UT_FOOT)
            return u;
        if (is_gun(sc->units[u].type) && gun < 0)
            gun = u;
    }
    return gun;
}

static int may_attack(const vb_game *g, const sq_state *s, int u, int side)
{
    const sq_unit *x = &s->u[u];
    /* steps 7-8: "with any foot unit that has not fired or is shaken" */
    return sq_alive(s, u) && sq_unit_side(g, s, u) == side && sq_unit_type(g, s, u) == UT_FOOT &&
           !(x->flags & UF_ATTACKED) && (!(x->flags & UF_FIRED) || (x->flags & UF_SHAKEN));
}

/* Is work w open to assault? Covered way always; "Ravelins cannot be
 * assaulted until the adjacent covered way has been taken. A bastion
 * cannot be assaulted until the adjacent ravelin has been taken. A
 * section of curtain wall cannot be taken until the adjacent bastions are
 * taken." Works other than the covered way must also be breached
 * (reconstructed: the storm goes in at the breach). */
int sq_assaultable(const vb_game *g, const sq_state *s, int w)
{
    const sq_work *k = &sq_sc(g, s)->works[w];
    if (s->taken[w])
        return 0;
    if (k->kind == WK_COVERED)
        return 1;
    if (s->wstr[w] > 0)
        return 0;
    int n = 0;
    for (int i = 0; i < k->nafter; i++)
        n += s->taken[k->after[i]] != 0;
    return k->after_all ? n == k->nafter && n > 0 : n > 0;
}

/* The work unit u must assault: "The besieger may only launch assaults
 * with units placed in the trench parallels and never from saps. The
 * besieger's foot units must assault the closest section of
 * fortification." -1 when that section may not be assaulted. */
int sq_assault_target(const vb_game *g, const sq_state *s, int u)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    if (!may_attack(g, s, u, SQ_BESIEGER) || s->u[u].lkind != LK_SECT ||
        s->s[s->u[u].loc].kind != SK_PARALLEL)
        return -1;
    sq_pt p = sq_unit_pos(g, s, u);
    int best = -1;
    int32_t bd = INT32_MAX;
    /* quick rejection: works reach about 6 in from their middles */
    int64_t far = d->at_max_move + 1000, near = INT64_MAX;
    for (int w = 0; w < sc->nworks; w++) {
        int64_t dx = sc->works[w].mid.x - p.x, dy = sc->works[w].mid.y - p.y;
        if (!s->taken[w] && dx * dx + dy * dy < near)
            near = dx * dx + dy * dy;
    }
    if (near > far * far)
        return -1;
    for (int w = 0; w < sc->nworks; w++) {
        if (s->taken[w])
            continue;
        int32_t dd = sq_dist_poly(p, sc->works[w].pts, sc->works[w].npts);
        if (dd < bd)
            bd = dd, best = w;
    }
    if (best < 0 || bd > d->at_max_move || !sq_assaultable(g, s, best))
        return -1;
    return best;
}

/* The distance over which defender u would sortie against besieger t, or
 * -1 when t is no target for it. */
static int32_t sortie_reach(const vb_game *g, const sq_state *s, int u, int t)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    const sq_unit *y = &s->u[t];
    if (!sq_alive(s, t) || sc->units[t].side != SQ_BESIEGER || is_leader(sc->units[t].type))
        return -1;
    int from_cw = sc->works[s->u[u].loc].kind == WK_COVERED;
    if (y->lkind == LK_SECT) {
        /* the defender's foot "must be placed in a section of covered way
         * ... before sortieing against the besiegers trench lines" */
        if (!from_cw)
            return -1;
        const sq_sect *k = &s->s[y->loc];
        /* "1st Parallels cannot be sortied against if the 2nd parallel is
         * complete and the 2nd parallel cannot be sortied against if the 3rd
         * parallel is complete." */
        if (k->kind == SK_PARALLEL && k->par < 3 && sq_parallel_complete(g, s, k->par + 1))
            return -1;
    } else if (y->lkind != LK_WORK)
        return -1;
    /* works in the besieger's hands may be attacked from the closest
     * defended sections of fortification, the covered way included */
    sq_pt p = sq_unit_pos(g, s, u), q = sq_unit_pos(g, s, t);
    int64_t far = d->at_max_move + 1000, dx = q.x - p.x, dy = q.y - p.y;
    if (dx * dx + dy * dy > far * far)
        return -1;
    int32_t dist = sq_dist_to_unit(g, s, p, t);
    /* "any target within line of sight": a sortie, directed or not, goes
     * only at what its unit can see (sq_line_of_sight) */
    if (dist > d->at_max_move || !sq_line_of_sight(g, s, u, q, y->lkind == LK_WORK ? y->loc : -1))
        return -1;
    /* "Once the besieger is entrenched within the fortress outskirts the
     * defender may launch assaults from the closest defended sections of
     * fortifications (e.g. the ravelins are closest to the covered way)":
     * against a work the besieger holds, only from the sections holding the
     * garrison's foot nearest to it (engine reading 5; ties all may) */
    if (y->lkind == LK_WORK)
        for (int v = 0; v < sc->nunits; v++)
            if (sc->units[v].side == SQ_DEFENDER && sc->units[v].type == UT_FOOT &&
                s->u[v].lkind == LK_WORK && sq_dist_to_unit(g, s, sq_unit_pos(g, s, v), t) < dist)
                return -1;
    return dist;
}

static int sortie_from(const vb_game *g, const sq_state *s, int u)
{
    return may_attack(g, s, u, SQ_DEFENDER) && s->u[u].lkind == LK_WORK && !s->taken[s->u[u].loc];
}

/* "must attack the closest section", unless a CinC directs it ("A CinC
 * attached to a foot unit can direct a sortie at any target"). Fills
 * ok[t]; returns how many. */
static int sortie_targets(const vb_game *g, const sq_state *s, int u, uint8_t *ok)
{
    const sq_scen *sc = sq_sc(g, s);
    int32_t dist[SQ_MAX_UNITS], best = INT32_MAX;
    int n = 0, cinc = sq_has_leader(g, s, u, UT_CINC);
    for (int t = 0; t < sc->nunits; t++) {
        dist[t] = sortie_reach(g, s, u, t);
        if (dist[t] >= 0 && dist[t] < best)
            best = dist[t];
    }
    for (int t = 0; t < sc->nunits; t++) {
        ok[t] = dist[t] >= 0 && (cinc || dist[t] == best);
        n += ok[t];
    }
    return n;
}

#define PUSH(act) VB_PUSH_W(acts, weights, k, cap, act)

int sq_legal_combat(const vb_game *g, const sq_state *s, vb_action *acts, uint32_t *weights,
                    int cap)
{
    const sq_scen *sc = sq_sc(g, s);
    int k = 0, must = 0;
    switch (s->phase) {
    case PH_BART:
    case PH_DART:
    case PH_BMUSKET:
    case PH_DMUSKET:
        for (int u = 0; u < sc->nunits; u++) {
            if (!sq_can_fire(g, s, u))
                continue;
            /* the nearest enemy unit, or any with a CinC attached */
            int32_t rg[SQ_MAX_UNITS], best = INT32_MAX;
            int cinc = sq_has_leader(g, s, u, UT_CINC);
            for (int t = 0; t < sc->nunits; t++) {
                rg[t] = fire_candidate(g, s, u, t) ? sq_range_unit(g, s, u, t) : -1;
                if (rg[t] >= 0 && rg[t] < best)
                    best = rg[t];
            }
            for (int t = 0; t < sc->nunits; t++)
                if (rg[t] >= 0 && (cinc || rg[t] == best)) {
                    PUSH(SQ_ACT(AK_FIRE, u, 0, t, 0));
                    /* "... and must if shaken": the step does not end
                     * while a shaken foot can fire its battalion guns */
                    if ((s->u[u].flags & UF_SHAKEN) && sq_unit_type(g, s, u) == UT_FOOT &&
                        (s->phase == PH_BART || s->phase == PH_DART))
                        must = 1;
                }
            if (s->phase == PH_BART)
                for (int w = 0; w < sc->nworks; w++)
                    if (batter_column(g, s, u, w))
                        PUSH(SQ_ACT(AK_BATTERW, u, 0, w, 0));
        }
        break;
    case PH_SORTIE:
        for (int u = 0; u < sc->nunits; u++) {
            uint8_t ok[SQ_MAX_UNITS];
            if (!sortie_from(g, s, u) || !sortie_targets(g, s, u, ok))
                continue;
            for (int t = 0; t < sc->nunits; t++)
                if (ok[t]) {
                    PUSH(SQ_ACT(AK_SORTIE, u, 0, t, 0));
                    PUSH(SQ_ACT(AK_SORTIE, u, 0, t, 1));
                }
        }
        break;
    case PH_ASSAULT:
        for (int u = 0; u < sc->nunits; u++) {
            int w = sq_assault_target(g, s, u);
            if (w >= 0) {
                PUSH(SQ_ACT(AK_ASSAULT, u, 0, w, 0));
                PUSH(SQ_ACT(AK_ASSAULT, u, 0, w, 1));
            }
        }
        break;
    default:
        return 0;
    }
    if (!must)
        PUSH(SQ_ACT(AK_END, 0, 0, 0, 0));
    return k;
}

/* ---- procedures --------------------------------------------------------------*/

static void done(const vb_game *g, sq_state *s, vb_ctx *cx)
{
    memset(&s->p, 0, sizeof s->p);
    sq_check_end(g, s, cx);
}

void sq_start_combat(const vb_game *g, sq_state *s, vb_action a, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    int kind = SQ_AK(a), u = SQ_AU(a), b = SQ_AB(a);
    char why[160];
    memset(&s->p, 0, sizeof s->p);
    s->p.actor = (int8_t)u;
    s->p.target = -1;
    s->p.work = -1;
    s->p.star_of = -1;
    if (kind == AK_FIRE) {
        int col = 1;
        sq_fire_column(g, s, u, b, &col, why, sizeof why);
        s->u[u].flags |= UF_FIRED;
        s->p.kind = PK_FIRE;
        s->p.target = (int8_t)b;
        s->p.need = (int8_t)col;
        VB_LOG(cx, "[Line of Fire] %s fires %sat %s: %s", sc->units[u].name,
               sq_unit_type(g, s, u) == UT_FOOT && (s->phase == PH_BART || s->phase == PH_DART)
                   ? "its battalion guns "
                   : "",
               sc->units[b].name, why);
    } else if (kind == AK_BATTERW) {
        s->u[u].flags |= UF_FIRED;
        s->p.kind = PK_BATTER;
        s->p.work = (int8_t)b;
        s->p.need = (int8_t)batter_column(g, s, u, b);
        VB_LOG(cx, "[Fire on Fortress Defences] %s batters %s from the covered way: column %d",
               sc->units[u].name, sc->works[b].name, s->p.need);
    } else if (kind == AK_SORTIE || kind == AK_ASSAULT) {
        int night = SQ_AC(a), t = kind == AK_SORTIE ? b : sq_work_defender(g, s, b);
        int w = kind == AK_ASSAULT ? b : -1;
        s->u[u].flags |= UF_ATTACKED;
        if (t < 0) {
            /* an empty work is taken without a roll (reconstructed) */
            s->taken[w] = 1;
            sq_evict(g, s, w, SQ_DEFENDER, cx);
            sq_place(g, s, u, LK_WORK, w, sc->works[w].mid);
            VB_LOG(cx, "[Sortie/Assault] %s storms %s, found empty: taken", sc->units[u].name,
                   sc->works[w].name);
            memset(&s->p, 0, sizeof s->p);
            sq_check_end(g, s, cx);
            return;
        }
        int need = sq_attack_need(g, s, u, t, w, night, why, sizeof why);
        s->p.kind = PK_ATTACK;
        s->p.target = (int8_t)t;
        s->p.work = (int8_t)w;
        s->p.need = (int8_t)(need < -100 ? -100 : need > 100 ? 100 : need);
        s->p.night = (int8_t)night;
        s->p.tlk = (int8_t)s->u[t].lkind;
        s->p.tloc = (int8_t)s->u[t].loc;
        s->attacks[t]++;
        if (w >= 0)
            s->wattacks[w]++;
        VB_LOG(cx, "[Sortie/Assault] %s %s %s %s: %s", sc->units[u].name,
               kind == AK_SORTIE ? "sorties against" : "assaults", sc->units[t].name,
               night ? "by night" : "by day", why);
    }
}

/* The next leader attached to p.star_of after index `after` that tests for
 * a star result (on a 1 only the attacker's CinC). */
static int next_star(const vb_game *g, const sq_state *s, int after)
{
    const sq_scen *sc = sq_sc(g, s);
    int of = s->p.star_of;
    if (of < 0)
        return -1;
    int cinc_only = s->p.kind == PK_ATTACK && of == s->p.actor;
    for (int i = after + 1; i < sc->nunits; i++)
        if (s->u[i].att == of && sq_alive(s, i) && !s->u[i].wound &&
            (!cinc_only || sc->units[i].type == UT_CINC) && is_leader(sc->units[i].type))
            return i;
    return -1;
}

/* Apply casualties to a unit; 1 when it is destroyed. */
static int hurt(const vb_game *g, sq_state *s, int u, int cas, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    if (cas <= 0 || !sq_alive(s, u))
        return 0;
    int left = s->u[u].str - cas;
    if (left <= 0) {
        VB_LOG(cx, "[Casualties] %s takes %d casualties: destroyed", sc->units[u].name, cas);
        sq_remove(g, s, u);
        return 1;
    }
    s->u[u].str = (int8_t)left;
    VB_LOG(cx, "[Casualties] %s takes %d casualties (%d left)", sc->units[u].name, cas, left);
    return 0;
}

/* "If the target unit is destroyed, routed or forced to retire then the
 * trench, battery or sap occupied by the target is also destroyed"; an
 * assault that succeeds takes the work. */
static void attack_won(const vb_game *g, sq_state *s, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    int u = s->p.actor;
    if (s->p.work >= 0) {
        int w = s->p.work;
        s->taken[w] = 1;
        sq_evict(g, s, w, SQ_DEFENDER, cx);
        if (sq_alive(s, u))
            sq_place(g, s, u, LK_WORK, w, sc->works[w].mid);
        VB_LOG(cx, "[Sortie/Assault] %s is taken", sc->works[w].name);
        return;
    }
    if (s->p.tlk == LK_SECT) {
        sq_destroy_sect(g, s, s->p.tloc, "Sortie/Assault", cx);
    } else if (s->p.tlk == LK_WORK) {
        int w = s->p.tloc;
        s->taken[w] = 0;
        sq_evict(g, s, w, SQ_BESIEGER, cx);
        VB_LOG(cx, "[Sortie/Assault] %s is retaken by the garrison", sc->works[w].name);
    }
}

/* After the main die and any star tests. */
static void resolve(const vb_game *g, sq_state *s, vb_ctx *cx)
{
    int t = s->p.target;
    if (s->p.kind == PK_FIRE) {
        if (hurt(g, s, t, s->p.cas, cx)) {
            done(g, s, cx);
            return;
        }
        /* "Units under fire will always take a morale test from artillery
         * fire regardless of casualties" (battalion guns are artillery);
         * after musketry only when hit (reconstructed). */
        if (sq_unit_type(g, s, s->p.actor) != UT_FOOT || s->p.cas > 0 || s->phase == PH_BART ||
            s->phase == PH_DART) {
            s->p.stage = PS_MORALE;
            return;
        }
        done(g, s, cx);
        return;
    }
    /* attack */
    hurt(g, s, s->p.actor, s->p.acas, cx);
    if (!s->p.success) {
        done(g, s, cx);
        return;
    }
    if (hurt(g, s, t, s->p.cas, cx)) {
        attack_won(g, s, cx);
        done(g, s, cx);
        return;
    }
    /* "Only the target unit rolls for morale if the attacker is successful." */
    s->p.stage = PS_MORALE;
}

static void star_or_resolve(const vb_game *g, sq_state *s, int after, vb_ctx *cx)
{
    int l = next_star(g, s, after);
    if (l >= 0) {
        s->p.stage = PS_STAR;
        s->p.star_next = (int8_t)l;
        return;
    }
    resolve(g, s, cx);
}

/* The morale test (reconstructed): D6 + 2 with a CinC attached, + 1 with
 * one adjacent (printed, CinC/Engineers), - the casualties just taken,
 * against the unit's morale; missing by 1-2 shaken, 3-4 retire, 5+ rout.
 * The garrison's guns cannot retire (heavy guns and mortars "cannot be
 * moved"; medium guns have no place in the town): they stay, shaken. The
 * besieger's guns retire to the camp, and their battery falls ("If the
 * target unit is ... forced to retire then the trench, battery or sap
 * occupied by the target is also destroyed": batteries hold only guns;
 * sixteenth session, engine reading 7). */
static void morale(const vb_game *g, sq_state *s, int die, vb_ctx *cx)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    int t = s->p.target, ty = sc->units[t].type;
    int stays = is_gun(ty) && sc->units[t].side == SQ_DEFENDER;
    int v = die - s->p.cas;
    if (sq_has_leader(g, s, t, UT_CINC))
        v += d->mor_cinc_att;
    else if (sq_cinc_adjacent(g, s, t))
        v += d->mor_cinc_adj;
    int miss = d->morale[ty] - v;
    const char *res;
    if (miss < d->mor_shaken)
        res = "steady";
    else if (miss < d->mor_retire) {
        res = "shaken";
        s->u[t].flags |= UF_SHAKEN;
    } else if (miss < d->mor_rout) {
        res = stays ? "shaken (the garrison's guns cannot retire)" : "retires";
        s->u[t].flags |= UF_SHAKEN;
    } else
        res = "routs";
    VB_LOG(cx, "[Morale] %s tests: %d %+d = %d against %d: %s", sc->units[t].name, die, v - die, v,
           d->morale[ty], res);
    if (miss >= d->mor_rout) {
        sq_remove(g, s, t);
        if (s->p.kind == PK_ATTACK)
            attack_won(g, s, cx);
    } else if (miss >= d->mor_retire && !stays) {
        sq_send_back(g, s, t);
        if (s->p.kind == PK_ATTACK)
            attack_won(g, s, cx);
    }
    done(g, s, cx);
}

void sq_apply_die(const vb_game *g, sq_state *s, int die, vb_ctx *cx)
{
    const sq_data *d = g->data;
    const sq_scen *sc = sq_sc(g, s);
    if (s->p.stage == PS_STAR) {
        /* "A star result will require a D6 test; 1-3 no effect, 4, 5
         * wounded and taken out of play for 1 turn, 6 dead." */
        int l = s->p.star_next;
        const char *res = "no effect";
        if (die >= d->star_dead) {
            res = "killed";
            sq_remove(g, s, l);
        } else if (die >= d->star_wound) {
            res = "wounded, out of play for a turn";
            s->u[l].att = -1;
            sq_send_back(g, s, l);
            s->u[l].wound = (int8_t)(d->wound_days + 1);
        }
        VB_LOG(cx, "[CinC/Engineers] star result: %s rolls %d: %s", sc->units[l].name, die, res);
        star_or_resolve(g, s, l, cx);
        return;
    }
    if (s->p.stage == PS_MORALE) {
        morale(g, s, die, cx);
        return;
    }
    switch (s->p.kind) {
    case PK_REPAIR: {
        int w = s->p.work, before = s->wstr[w];
        int after = before + die > d->work_strength ? d->work_strength : before + die;
        s->wstr[w] = (int8_t)after;
        VB_LOG(cx, "[Fire and assaults on Fortress Defences] %s repairs %s: %d, strength %d -> %d",
               sc->units[(int)s->p.actor].name, sc->works[w].name, die, before, after);
        memset(&s->p, 0, sizeof s->p);
        return;
    }
    case PK_BATTER: {
        int w = s->p.work, sp = d->table[die - 1][s->p.need - 1];
        int left = s->wstr[w] - sp < 0 ? 0 : s->wstr[w] - sp;
        s->wstr[w] = (int8_t)left;
        VB_LOG(cx, "[Fire on Fortress Defences] %d on column %d: %s loses %d strength (%d left)%s",
               die, s->p.need, sc->works[w].name, sp, left, left == 0 ? ": breached" : "");
        done(g, s, cx);
        return;
    }
    case PK_FIRE: {
        s->p.roll = (int8_t)die;
        s->p.cas = (int8_t)d->table[die - 1][s->p.need - 1];
        VB_LOG(cx, "[Fire] %d on column %d: %d casualties%s", die, s->p.need, s->p.cas,
               die == d->star_die ? ", star result" : "");
        s->p.star_of = die == d->star_die ? s->p.target : -1;
        star_or_resolve(g, s, -1, cx);
        return;
    }
    case PK_ATTACK: {
        /* "If the roll is higher than the amended die roll then the attack
         * is successful ... A roll of 6 is always a success ... A roll of 1
         * is always a fail." */
        int need = s->p.need, diff = die - need;
        int success = die == 6 || (die != 1 && die > need);
        int cas = success && diff > 0 ? diff : 0;
        int acas = diff < 0 ? -diff : 0;
        if (s->p.night)
            acas *= d->at_night;
        s->p.roll = (int8_t)die;
        s->p.success = (int8_t)success;
        s->p.cas = (int8_t)(cas > 100 ? 100 : cas);
        s->p.acas = (int8_t)(acas > 100 ? 100 : acas);
        VB_LOG(cx,
               "[Sortie/Assault] rolled %d against %d: %s, %d casualties to the target, %d "
               "to the attacker%s%s",
               die, need,
               success       ? "success"
               : die == need ? "repulsed"
                             : "failure",
               s->p.cas, s->p.acas, s->p.night && acas ? " (doubled at night)" : "",
               die == 6   ? ", star result against the target"
               : die == 1 ? ", star result against the attacker"
                          : "");
        s->p.star_of = die == 6 ? s->p.target : die == 1 ? s->p.actor : -1;
        star_or_resolve(g, s, -1, cx);
        return;
    }
    default:
        memset(&s->p, 0, sizeof s->p);
    }
}
