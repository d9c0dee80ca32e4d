/*
 * pc_rules.c - legal actions and their effects in Piacenza 1746: movement
 * unit by unit and hex by hex (5), Line movement (5.6-5.8), ZOC on the move
 * (7.1, 7.2), the decisions of every phase and the dice (chance). The Line's
 * declaration and hexes: pc_line.c. Units and leaders: pc_units.c; sequence
 * of play: pc_turn.c; combat: pc_combat.c.
 */
#include <stdlib.h>

#include "pc_int.h"

/* ---- movement ---------------------------------------------------------------*/

/* 5.6: good-order in-command infantry moves in line near the enemy. */
static int line_bound(const pc_data *d, const pc_state *s, int u, int incmd)
{
    return d->u[u].type == UT_INF && s->ustat[u] == ST_GOOD && incmd;
}

int pc_step_cost(const pc_data *d, int u_type, int from, int dir, int to)
{
    int c = (d->road[from] & (1u << dir)) ? d->road_mp : d->terr[d->hterr[to]].mp[u_type];
    if (d->hterr[from] == d->hterr[to] && pc_is_entrench(d, from) && c > 1)
        c = 1; /* 5.0: entrenchment to entrenchment, redoubt to redoubt */
    if (d->stream[from] & (1u << dir))
        c += d->stream_mp[u_type];
    return c;
}

static int nearest_enemy(const pc_data *d, const pc_state *s, int side, int hex)
{
    int best = 99;
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] >= 0 && d->u[v].side != side && pc_dist(d, hex, s->uhex[v]) < best)
            best = pc_dist(d, hex, s->uhex[v]);
    return best;
}

/* Units within 4 hexes of the moving unit: every unit that can matter for
 * a step (EZ 3 from the next hex, ZOC 1, stacking 0). Legal stays fast. */
typedef struct near_set {
    int n, v[PC_MAXU];
} near_set;

static void near_fill(const pc_data *d, const pc_state *s, int h, near_set *ns)
{
    ns->n = 0;
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] >= 0 && pc_dist(d, s->uhex[v], h) <= 4)
            ns->v[ns->n++] = v;
}

static int near_ezoc(const pc_data *d, const pc_state *s, const near_set *ns, int side, int hex)
{
    for (int i = 0; i < ns->n; i++)
        if (d->u[ns->v[i]].side != side && pc_exerts_zoc(d, s, ns->v[i], hex))
            return 1;
    return 0;
}

static int near_ez(const pc_data *d, const pc_state *s, const near_set *ns, int side, int hex)
{
    if (d->terr[d->hterr[hex]].is_city)
        return 0;
    for (int i = 0; i < ns->n; i++) {
        int v = ns->v[i];
        if (d->u[v].side != side && d->u[v].type == UT_INF && s->ustat[v] == ST_GOOD &&
            pc_dist(d, s->uhex[v], hex) <= 3)
            return 1;
    }
    return 0;
}

/* 6.0 and no enemy: may u stand in hex (a neighbour of its own)? The near
 * set holds every unit that can stand there. */
static int near_room(const pc_data *d, const pc_state *s, const near_set *ns, int hex, int u)
{
    return pc_stack_room(d, s, hex, u, ns->v, ns->n);
}

/* 5.9: the hex an out-of-command unit moves to re-enter the command range
 * of: its Formation Commander's (reach: two hexes, the links of 4.4.1), or,
 * "if the FC is deceased", his superior's (4.3: the Wing Commander, the CiC
 * once the WC is gone), within that commander's Command Range; -1 when no
 * commander stands on the map. */
static int ooc_superior(const pc_data *d, const pc_state *s, int u, int *reach)
{
    int lh = s->lhex[d->f[d->u[u].form].leader];
    *reach = 2;
    if (lh >= 0)
        return lh;
    int wc = d->wg[d->u[u].wing].wc, c = d->cic[d->u[u].side];
    int sup = wc >= 0 && s->lhex[wc] >= 0 ? wc : c >= 0 && s->lhex[c] >= 0 ? c : -1;
    if (sup < 0)
        return -1;
    *reach = d->l[sup].range;
    return s->lhex[sup];
}

/* May the moving unit step from its hex toward dir now? */
static int step_ok(const pc_data *d, const pc_state *s, int u, int dir, int incmd,
                   const near_set *ns, int zoc_here)
{
    int h = s->uhex[u], side = d->u[u].side, t = d->u[u].type;
    if (!pc_side_open(d, h, dir))
        return 0;
    int n = pc_nb(d, h, dir);
    if (!near_room(d, s, ns, n, u))
        return 0;
    int c = pc_step_cost(d, t, h, dir, n);
    if (s->mv_stopped || (c > s->mv_mp && s->mv_steps > 0))
        return 0;
    int zoc_there = near_ezoc(d, s, ns, side, n);
    if (zoc_here && zoc_there) /* 7.1 e */
        return 0;
    if (pc_drg_mounted(d, u)) {
        /* 10.5: no infantry eZOC; and not into an EZ where the move could
         * end alone (no MP left after it, or an eZOC that stops it) */
        if (zoc_there && pc_in_ezoc(d, s, side, n, 1))
            return 0;
        if (!pc_drg_end_ok(d, s, u, n) && (zoc_there || s->mv_mp - c <= 0))
            return 0;
    }
    if (zoc_there && t == UT_ART && pc_unit_at(d, s, n, side, UT_INF) < 0 &&
        pc_unit_at(d, s, n, side, UT_CAV) < 0) /* 7.1 i */
        return 0;
    if (t != UT_ART && !incmd) {
        /* 5.9 / 7.1 d: toward the leader, or away from the enemy */
        if (zoc_there)
            return 0;
        int reach, lh = ooc_superior(d, s, u, &reach);
        if (lh >= 0 && pc_dist(d, n, lh) < pc_dist(d, h, lh))
            return 1;
        return (lh < 0 || pc_dist(d, h, lh) <= reach) &&
               nearest_enemy(d, s, side, n) > nearest_enemy(d, s, side, h);
    }
    if (line_bound(d, s, u, incmd) &&
        (near_ez(d, s, ns, side, n) || (s->mv_start >= 0 && pc_in_ez(d, s, side, s->mv_start)))) {
        /* 5.3/5.6/5.8: into the EZ only onto the declared Line or toward
         * it; and so for a unit whose move began in the EZ, wherever it
         * steps (5.6: the units "who are in an enemy EZ move in line": they
         * may only stay still, form or keep the Line, or realign; "a Line
         * in an EZ can move in any direction, even away from the enemy
         * units", not a unit alone off it) */
        if (s->line_anchor < 0)
            return 0;
        if (!(pc_line_on(d, s, n) && pc_line_gap(d, s, u, n) == 0) &&
            pc_line_gap(d, s, u, n) >= pc_line_gap(d, s, u, h))
            return 0;
    }
    return 1;
}

static int cost_into(const pc_data *d, int u, int from, int to)
{
    int dir = pc_dir_to(d, from, to);
    return dir < 0 ? 99 : pc_step_cost(d, d->u[u].type, from, dir, to);
}

static int melee_ok(const pc_data *d, const pc_state *s, int u, int hex, int incmd)
{
    int h = s->uhex[u];
    /* 11.1 a, 9.1.2, 9.2.3: not disordered, no Feu de Billebaude, not fired this turn */
    if (s->ustat[u] != ST_GOOD || (s->uflag[u] & (UF_FDB | UF_SHOT | UF_FIRED)) ||
        d->u[u].type == UT_ART)
        return 0;
    if (!incmd || !pc_enemy_at(d, s, hex, d->u[u].side))
        return 0;
    /* 5.8: a unit that moved to realign "cannot perform Melee combat until
     * it is back in Line": off its declared Line in the EZ, no melee */
    if (line_bound(d, s, u, incmd) && s->line_anchor >= 0 && s->mv_steps > 0 &&
        !pc_line_on(d, s, h) && pc_in_ez(d, s, d->u[u].side, h))
        return 0;
    int c = cost_into(d, u, h, hex);
    if (c > s->mv_mp && s->mv_steps > 0)
        return 0;
    return pc_melee_target_ok(d, s, u, hex);
}

static int stop_ok(const pc_data *d, const pc_state *s, int u, int incmd)
{
    int h = s->uhex[u];
    if (s->mv_steps > 0 && !pc_drg_end_ok(d, s, u, h)) /* 10.5: not alone in an EZ */
        return 0;
    if (s->mv_steps == 0 || !line_bound(d, s, u, incmd))
        return 1;
    /* 5.6: in the EZ at the end, or at the start of its move: on the Line */
    if (!pc_in_ez(d, s, d->u[u].side, h) &&
        !(s->mv_start >= 0 && pc_in_ez(d, s, d->u[u].side, s->mv_start)))
        return 1;
    return pc_line_on(d, s, h);
}

static int can_start_move(const pc_data *d, const pc_state *s, int u)
{
    if (s->uhex[u] < 0 || (s->uflag[u] & (UF_MOVED | UF_FDB)) || s->ustat[u] == ST_ROUT)
        return 0;
    if (s->ustat[u] == ST_DIS && d->u[u].type == UT_INF) /* 11.1 b */
        return 0;
    return 1;
}

static int in_form(const pc_data *d, int u, int f)
{
    return f == PC_MAXF ? d->u[u].type == UT_ART : d->u[u].form == f;
}

static void end_move(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    (void)cx;
    int u = s->mv_u;
    if (u >= 0 && s->uhex[u] >= 0 && d->u[u].type == UT_ART) {
        s->phase = PH_FACE;
        return;
    }
    s->mv_u = -1;
    s->phase = PH_MOVE;
}

/* 5.10: does v, enemy cavalry, refuse to stay in the ZOC of infantry u? */
static int refuses(const pc_data *d, const pc_state *s, int u, int v)
{
    return s->uhex[v] >= 0 && d->u[v].side != d->u[u].side && d->u[v].type == UT_CAV &&
           pc_exerts_zoc(d, s, u, s->uhex[v]);
}

static void follow_clear(pc_state *s)
{
    s->fol_hex = s->fol_u = s->fol_w = -1;
    s->fol_l = 0;
}

/* 5.10: v's hex holds leaders of its side and, besides v, only cavalry
 * that refuses as v does (6.0: one unit at most): the pair may part, and
 * the Commanders choose which one to follow. Notes the pair (fol_*). */
static void refusal_note_pair(const pc_data *d, pc_state *s, int u, int v)
{
    int h = s->uhex[v], side = d->u[v].side, mate = -1, ls = 0;
    for (int w = 0; w < d->nu; w++)
        if (w != v && s->uhex[w] == h && d->u[w].side == side) {
            if (!refuses(d, s, u, w))
                return; /* the leaders stay with the unit that stays */
            mate = w;
        }
    for (int l = 0; l < d->nl; l++)
        if (s->lhex[l] == h && d->l[l].side == side)
            ls |= 1 << l;
    if (mate < 0 || !ls)
        return;
    s->fol_hex = h;
    s->fol_u = v;
    s->fol_w = -1;
    s->fol_l = ls;
}

/* 5.10: the second unit of the pair noted retreats right after the first;
 * the leaders, who went with it as the last unit to leave (4.7), then
 * choose, if the two stand apart. Returns 1 when it waits for an owner's
 * choice (the second unit's way, 9.2.8, or the Commander's). */
static int refusal_pair(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    if (s->fol_w < 0) {
        int w = -1;
        for (int x = 0; x < d->nu && w < 0; x++)
            if (x != s->fol_u && s->uhex[x] == s->fol_hex && refuses(d, s, u, x))
                w = x;
        if (w < 0) {
            follow_clear(s);
            return 0;
        }
        s->fol_w = w;
        VB_LOG(cx, "[5.10] %s refuses to stay next to %s", d->u[w].name, d->u[u].name);
        if (pc_retreat_now(d, s, w, s->uhex[u], 1, -1, cx))
            return 1;
    }
    int a = s->uhex[s->fol_u], b = s->uhex[s->fol_w], m = 0;
    for (int l = 0; l < d->nl; l++)
        if (((s->fol_l >> l) & 1) && a >= 0 && b >= 0 && a != b && s->lhex[l] == b)
            m |= 1 << l;
    if (!m) {
        follow_clear(s);
        return 0;
    }
    s->fol_l = m;
    s->phase = PH_FOLLOW;
    s->side = d->u[s->fol_u].side;
    return 1;
}

/* 5.10 (errata): enemy cavalry in the ZOC of an infantry unit that moves
 * adjacent retreats one hex at once (as per 9.2.8, its owner choosing the
 * way among equal hexes), without reaction fire; a pair stacked with
 * Commanders retreats one after the other, and each Commander chooses
 * which one to follow ("Two cavalry units may retreat in different
 * directions and the Commander may choose which one to follow").
 * Examines the cavalry from s->mret_v; returns 1 when the move waits for
 * an owner's choice. */
static int cavalry_refusal(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    int v = s->mret_v;
    s->mret_kind = MRET_NONE;
    s->mret_v = 0;
    if (d->u[u].type != UT_INF || s->ustat[u] == ST_ROUT) {
        follow_clear(s);
        return 0;
    }
    for (;;) {
        if (s->fol_u >= 0 && refusal_pair(d, s, u, cx)) {
            s->mret_kind = MRET_REFUSAL;
            s->mret_v = v;
            return 1;
        }
        while (v < d->nu && !refuses(d, s, u, v))
            v++;
        if (v >= d->nu)
            return 0;
        refusal_note_pair(d, s, u, v);
        VB_LOG(cx, "[5.10] %s refuses to stay next to %s", d->u[v].name, d->u[u].name);
        int wait = pc_retreat_now(d, s, v, s->uhex[u], 1, -1, cx);
        v++;
        if (wait) {
            s->mret_kind = MRET_REFUSAL;
            s->mret_v = v;
            return 1;
        }
    }
}

/* What follows the entering of a hex (and the refusals it set off): the
 * stop in an enemy ZOC (7.1 a), the end of the MP. */
static void after_enter(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int u = s->mv_u, n = s->uhex[u], side = d->u[u].side;
    if (pc_in_ezoc(d, s, side, n, 0)) { /* 7.1 a */
        s->mv_stopped = 1;
        VB_LOG(cx, "[7.1 a] %s stops in an enemy ZOC", d->u[u].name);
        int any = 0, incmd = pc_move_in_command(d, s, u); /* 9.2.1: a melee with its MP */
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, n, k);
            any |= nb >= 0 && melee_ok(d, s, u, nb, incmd);
        }
        if (!any || s->mv_mp <= 0)
            end_move(d, s, cx);
        return;
    }
    if (s->mv_mp <= 0)
        end_move(d, s, cx);
}

/* Enter the hex s->mv_to after every check passed. */
static void enter_hex(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int u = s->mv_u, h = s->uhex[u], n = s->mv_to;
    char hn[8];
    s->mv_mp -= cost_into(d, u, h, n);
    s->mv_steps++;
    pc_move_unit(d, s, u, n, cx);
    if (d->u[u].type == UT_ART)
        s->uflag[u] |= UF_FIRED; /* 5.1: a gun that moves does not bombard */
    pc_hex_name(d, n, hn, sizeof hn);
    VB_LOG(cx, "[5.0] %s to %s", d->u[u].name, hn);
    s->mv_to = -1;
    s->proc_step = 0;
    s->mret_v = 0;
    if (!cavalry_refusal(d, s, u, cx))
        after_enter(d, s, cx);
}

/* The move goes on after the owner's choice ended a retreat it set off
 * (phase back to PH_STEP): the next units, then the rest of the move. */
void pc_mret_resume(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int kind = s->mret_kind;
    if (kind == MRET_NONE || s->phase == PH_RETREAT || s->phase == PH_FOLLOW)
        return;
    if (kind == MRET_REFUSAL) {
        if (!cavalry_refusal(d, s, s->mv_u, cx))
            after_enter(d, s, cx);
    } else if (!pc_melee_start(d, s, cx)) {
        end_move(d, s, cx);
    }
}

/* The checks before entering s->mv_to (proc_step: 0 reaction fire, 1
 * cavalry TDR, 2 misalignment TDR, 3 enter). Sets a roll or moves. */
void pc_step_continue(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    int u = s->mv_u, side = d->u[u].side;
    if (s->uhex[u] < 0 || s->ustat[u] == ST_ROUT ||
        (s->ustat[u] == ST_DIS && d->u[u].type == UT_INF) ||
        pc_dist(d, s->uhex[u], s->mv_to) != 1) {
        /* the reaction fire stopped it */
        s->mv_to = -1;
        s->proc_step = 0;
        if (s->uhex[u] >= 0)
            end_move(d, s, cx);
        else {
            s->mv_u = -1;
            s->phase = PH_MOVE;
        }
        return;
    }
    int h = s->uhex[u], n = s->mv_to, dir = pc_dir_to(d, h, n);
    if (s->proc_step == 0) {
        s->proc_step = 1;
        s->roll_u2 = -1;
    }
    if (s->proc_step == 1) {
        /* 7.1 f / 7.2: reaction fire by every enemy infantry exerting the ZOC */
        for (int v = s->roll_u2 + 1; v < d->nu; v++)
            if (d->u[v].side != side && d->u[v].type == UT_INF && pc_exerts_zoc(d, s, v, h) &&
                pc_can_fire(d, s, v, 0)) {
                s->roll_u2 = v;
                s->roll = RL_REACT;
                s->roll_u = u;
                return;
            }
        s->proc_step = 2;
    }
    if (s->proc_step == 2) {
        s->proc_step = 3;
        if (d->u[u].type == UT_CAV && pc_in_ezoc(d, s, side, n, 1)) {
            s->roll = RL_CAVZOC; /* 7.1 b */
            s->roll_u = u;
            return;
        }
    }
    if (s->proc_step == 3) {
        s->proc_step = 4;
        const pc_terrain *t = &d->terr[d->hterr[n]];
        int rough = t->cover > 0 || t->is_ditch || (d->stream[h] & (1u << dir));
        if (d->u[u].type == UT_INF && pc_in_ez(d, s, side, n) && rough &&
            !(d->road[h] & (1u << dir))) {
            s->roll = RL_MISALIGN; /* 5.7 */
            s->roll_u = u;
            s->roll_mod = t->misalign;
            return;
        }
    }
    enter_hex(d, s, cx);
}

/* ---- to_move, prompt, legal --------------------------------------------------*/

int pc_to_move(const vb_game *g, const void *st)
{
    (void)g;
    const pc_state *s = st;
    if (s->phase == PH_OVER)
        return VB_OVER;
    if (s->roll)
        return VB_CHANCE;
    return s->side;
}

int pc_turn(const vb_game *g, const void *st)
{
    (void)g;
    return ((const pc_state *)st)->turn;
}

static int form_has_units(const pc_data *d, const pc_state *s, int f)
{
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && in_form(d, u, f) && d->u[u].wing == s->wing)
            return 1;
    return 0;
}

#define PUSH(x) VB_PUSH_W(acts, w, n, cap, x)

int pc_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    int n = 0;
    if (s->phase == PH_OVER)
        return 0;
    if (s->roll) {
        for (int f = 0; f < 10; f++)
            PUSH(PC_ACT(A_DIE, f, 0));
        return n;
    }
    if (s->phase == PH_OWNER || s->phase == PH_RETREAT || s->phase == PH_FOLLOW ||
        s->phase == PH_RELOC) {
        n = s->phase == PH_OWNER     ? pc_owner_legal(d, s, acts, cap)
            : s->phase == PH_RETREAT ? pc_retreat_legal(d, s, acts, cap)
            : s->phase == PH_RELOC   ? pc_reloc_legal(d, s, acts, cap)
                                     : pc_follow_legal(d, s, acts, cap);
        if (w)
            for (int i = 0; i < n; i++)
                w[i] = 1;
        return n;
    }
    if (s->phase == PH_ANCHOR || s->phase == PH_LDIR) { /* 5.5, pc_line.c */
        n = pc_line_legal(d, s, acts, cap);
        if (w)
            for (int i = 0; i < n; i++)
                w[i] = 1;
        return n;
    }
    if (s->phase == PH_DRAGOON) {
        n = pc_drg_legal(d, s, acts, cap);
        if (w)
            for (int i = 0; i < n; i++)
                w[i] = 1;
        return n;
    }
    if (s->phase == PH_PLACE || s->phase == PH_PLACEAT) {
        n = pc_place_legal(d, s, acts, cap);
        if (w)
            for (int i = 0; i < n; i++)
                w[i] = 1;
        return n;
    }
    if (s->phase >= PH_OBJ && s->phase <= PH_BMOVE) {
        n = pc_battle_legal(d, s, acts, 0, cap);
        if (w)
            for (int i = 0; i < n; i++)
                w[i] = 1;
        return n;
    }
    if (!pc_wing_active_ok(d, s, s->wing) &&
        (s->phase == PH_MFORM || s->phase == PH_CFORM || s->phase == PH_BOMB)) {
        /* 3.0 A.1: a wing whose WC is out of command only defends */
        PUSH(PC_ACT(s->phase == PH_MFORM  ? A_ENDMOVE
                    : s->phase == PH_BOMB ? A_ENDBOMB
                                          : A_ENDCOMBAT,
                    0, 0));
        return n;
    }
    switch (s->phase) {
    case PH_SELECT:
        for (int k = 0; k < d->nw; k++)
            if (d->wg[k].side == s->side && !(s->wdone & (1 << k)))
                PUSH(PC_ACT(A_WING, k, 0));
        break;
    case PH_INIT:
        PUSH(PC_ACT(A_FIRST, 0, 0));
        PUSH(PC_ACT(A_SECOND, 0, 0));
        break;
    case PH_FDB:
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].wing == s->wing && (s->uflag[u] & UF_FDB) &&
                !(s->uflag[u] & UF_MOVED))
                PUSH(PC_ACT(A_RALLY, u, 0));
        PUSH(PC_ACT(A_ENDFDB, 0, 0));
        break;
    case PH_MFORM:
    case PH_CFORM:
        for (int f = 0; f <= PC_MAXF; f++) {
            if (f < PC_MAXF && (f >= d->nf || d->f[f].wing != s->wing))
                continue;
            if (s->fdone & (1 << f))
                continue;
            if (s->phase == PH_CFORM && f == PC_MAXF)
                continue;
            int ok = form_has_units(d, s, f) ||
                     (s->phase == PH_MFORM && f < PC_MAXF && s->lhex[d->f[f].leader] >= 0);
            if (ok)
                PUSH(PC_ACT(s->phase == PH_MFORM ? A_FORM : A_CFORM, f, 0));
        }
        PUSH(PC_ACT(s->phase == PH_MFORM ? A_ENDMOVE : A_ENDCOMBAT, 0, 0));
        break;
    case PH_MOVE: {
        int f = s->form, moved = 0, ninf = 0;
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && in_form(d, u, f)) {
                moved |= (s->uflag[u] & UF_MOVED) != 0;
                ninf += d->u[u].type == UT_INF && s->ustat[u] == ST_GOOD;
            }
        vb_action cv[3 * PC_MAXDRG];
        int ncv = pc_drg_convert_acts(d, s, cv), must = 0;
        for (int i = 0; i < ncv; i++) {
            PUSH(cv[i]);
            must |= pc_drg_must_dismount(d, s, PC_A(cv[i]));
        }
        if (must) /* 10.5: "they must dismount" first */
            break;
        if (f < PC_MAXF && s->line_anchor < 0 && !moved && ninf >= 2)
            PUSH(PC_ACT(A_DECLINE, 0, 0));
        for (int u = 0; u < d->nu; u++)
            if (in_form(d, u, f) && d->u[u].wing == s->wing && can_start_move(d, s, u))
                PUSH(PC_ACT(A_MOVE, u, 0));
        if (f < PC_MAXF && s->lhex[d->f[f].leader] >= 0)
            PUSH(PC_ACT(A_LEADER, d->f[f].leader, 0));
        PUSH(PC_ACT(A_ENDFORM, 0, 0));
        break;
    }
    case PH_STEP: {
        int u = s->mv_u, any = 0, incmd = pc_move_in_command(d, s, u);
        near_set ns;
        near_fill(d, s, s->uhex[u], &ns);
        int zoc_here = near_ezoc(d, s, &ns, d->u[u].side, s->uhex[u]);
        for (int k = 0; k < 6; k++)
            if (step_ok(d, s, u, k, incmd, &ns, zoc_here)) {
                PUSH(PC_ACT(A_TO, pc_nb(d, s->uhex[u], k), 0));
                any = 1;
            }
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, s->uhex[u], k);
            if (nb >= 0 && melee_ok(d, s, u, nb, incmd)) {
                PUSH(PC_ACT(A_MELEE, nb, 0));  /* 10.1: a Melee, or where 10.3 allows */
                if (pc_charge_ok(d, s, u, nb)) /* a Charge: the player's choice */
                    PUSH(PC_ACT(A_MELEE, nb, 1));
                any = 1;
            }
        }
        if (!any || stop_ok(d, s, u, incmd))
            PUSH(PC_ACT(A_STOP, 0, 0));
        break;
    }
    case PH_FACE:
        for (int k = 0; k < 6; k++)
            PUSH(PC_ACT(A_FACE, k, 0));
        break;
    case PH_LSTEP: {
        int l = s->mv_u, h = s->lhex[l], side = d->l[l].side, any = 0, near = 0, has = 0;
        for (int k = 0; k < 6; k++) {
            if (!pc_side_open(d, h, k))
                continue;
            int nb = pc_nb(d, h, k);
            int c = pc_step_cost(d, UT_INF, h, k, nb);
            if (pc_enemy_at(d, s, nb, side) || c > s->mv_mp)
                continue;
            if (pc_in_ezoc(d, s, side, nb, 0) && pc_unit_at(d, s, nb, side, -1) < 0) /* 7.1 i */
                continue;
            PUSH(PC_ACT(A_TO, nb, 0));
            any = 1;
        }
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].form == s->form) {
                has = 1;
                near |= pc_dist(d, s->uhex[u], h) <= 1;
            }
        if (!any || near || !has) /* 4.4: end with or next to a unit of his formation */
            PUSH(PC_ACT(A_STOP, 0, 0));
        break;
    }
    case PH_BOMB: {
        int hexes[64];
        for (int u = 0; u < d->nu; u++) {
            if (d->u[u].wing != s->wing || d->u[u].type != UT_ART)
                continue;
            int k = pc_bomb_targets(d, s, u, hexes);
            for (int i = 0; i < k; i++)
                PUSH(PC_ACT(A_BOMB, u, hexes[i]));
        }
        PUSH(PC_ACT(A_ENDBOMB, 0, 0));
        break;
    }
    case PH_BOMB2:
        PUSH(PC_ACT(A_AGAIN, s->bomb_u, 0));
        PUSH(PC_ACT(A_CEASE, s->bomb_u, 0));
        break;
    default: {
        vb_action tmp[PC_MAXU * 8];
        int k = 0;
        pc_combat_legal_fire(d, s, tmp, &k);
        for (int i = 0; i < k; i++)
            PUSH(tmp[i]);
        break;
    }
    }
    return n;
}

/* ---- apply -----------------------------------------------------------------*/

static int reroll_or_reveal(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    if (s->iroll[0] == s->iroll[1]) {
        VB_LOG(cx, "[3.0 A] initiative %d - %d: a draw, reroll", s->iroll[0], s->iroll[1]);
        s->iroll[0] = s->iroll[1] = -1;
        s->roll = RL_INIT;
        s->roll_side = PC_FS;
        return 0;
    }
    int low = s->iroll[0] < s->iroll[1] ? PC_FS : PC_AU;
    s->revealed[low] = 1;
    VB_LOG(cx, "[3.0 A] initiative: franco-spanish %d, austrian %d; %s reveals %s", s->iroll[0],
           s->iroll[1], d->side_list[low], d->wg[s->choice[low]].name);
    s->phase = PH_INIT;
    s->side = 1 - low;
    return 0;
}

static int chance_apply(const pc_data *d, pc_state *s, int die, vb_ctx *cx)
{
    int kind = s->roll, u = s->roll_u;
    s->roll = RL_NONE;
    switch (kind) {
    case RL_INIT:
        s->iroll[s->roll_side] = die;
        if (s->roll_side == PC_FS) {
            s->roll = RL_INIT;
            s->roll_side = PC_AU;
            return 0;
        }
        return reroll_or_reveal(d, s, cx);
    case RL_FDB: {
        int base = pc_tdr_base(d, s, u), m = pc_tdr_mods(d, s, u);
        int ok = die + m <= base;
        if (ok)
            s->uflag[u] &= (uint8_t)~UF_FDB;
        VB_LOG(cx, "[9.1.2] %s tries to stop the Feu de Billebaude: %d%+d vs %d - %s", d->u[u].name,
               die, m, base, ok ? "order restored" : "fails");
        return 0;
    }
    case RL_CAVZOC: {
        int base = pc_tdr_base(d, s, u), m = pc_tdr_mods(d, s, u) + d->t_cav_inf_zoc;
        int ok = die + m <= base;
        VB_LOG(cx, "[7.1 b] %s TDR to enter the infantry ZOC: %d%+d vs %d - %s", d->u[u].name, die,
               m, base, ok ? "enters" : "disordered, stops");
        if (ok) {
            pc_step_continue(d, s, cx);
        } else {
            s->ustat[u] = s->ustat[u] == ST_GOOD ? ST_DIS : s->ustat[u];
            s->mv_to = -1;
            s->proc_step = 0;
            end_move(d, s, cx);
        }
        return 0;
    }
    case RL_MISALIGN: {
        int base = pc_tdr_base(d, s, u), m = pc_tdr_mods(d, s, u) + s->roll_mod;
        int ok = die + m <= base;
        VB_LOG(cx, "[5.7] %s misalignment TDR: %d%+d vs %d - %s", d->u[u].name, die, m, base,
               ok ? "passes" : "fails, stops");
        if (ok) {
            pc_step_continue(d, s, cx);
        } else {
            s->mv_to = -1;
            s->proc_step = 0;
            end_move(d, s, cx);
        }
        return 0;
    }
    case RL_REORG: {
        int base = pc_tdr_base(d, s, u), m = pc_tdr_mods(d, s, u);
        if (pc_in_ezoc(d, s, d->u[u].side, s->uhex[u], 0))
            m += d->t_reorg_ezoc - d->t_ezoc; /* +2 overrides the standard +1 */
        if (!pc_in_command(d, s, u))
            m += d->t_reorg_ooc;
        if (s->ustat[u] == ST_ROUT)
            m += d->t_reorg_rout;
        int ok = die != d->t_reorg_nat && die + m <= base;
        VB_LOG(cx, "[11.4] %s reorganization: %d%+d vs %d - %s", d->u[u].name, die, m, base,
               ok ? (s->ustat[u] == ST_ROUT ? "rallies to Disorder" : "good order") : "no effect");
        if (ok)
            s->ustat[u]--;
        pc_next_reorg(d, s, cx);
        return 0;
    }
    default:
        return pc_combat_chance(d, s, kind, die, cx);
    }
}

int pc_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    pc_state *s = st;
    int k = PC_K(a), x = PC_A(a), y = PC_B(a);
    char hn[8];
    (void)y;
    if (s->roll) {
        if (k != A_DIE || x < 0 || x > 9)
            return vb_fail(cx, VB_EILLEGAL, "a die roll (0-9) is expected");
        chance_apply(d, s, x, cx);
        pc_advance(d, s, cx);
        return 0;
    }
    if (s->phase == PH_OWNER || s->phase == PH_RETREAT || s->phase == PH_FOLLOW ||
        s->phase == PH_RELOC) {
        int rc = s->phase == PH_OWNER     ? pc_owner_apply(d, s, a, cx)
                 : s->phase == PH_RETREAT ? pc_retreat_apply(d, s, a, cx)
                 : s->phase == PH_RELOC   ? pc_reloc_apply(d, s, a, cx)
                                          : pc_follow_apply(d, s, a, cx);
        if (!rc)
            pc_advance(d, s, cx);
        return rc;
    }
    if (s->phase == PH_DRAGOON) {
        int rc = pc_drg_apply(d, s, a, cx);
        if (!rc)
            pc_advance(d, s, cx);
        return rc;
    }
    if (s->phase == PH_PLACE || s->phase == PH_PLACEAT)
        return pc_place_apply(d, s, a, cx);
    if (s->phase >= PH_OBJ && s->phase <= PH_BMOVE) {
        int rc = pc_battle_apply(d, s, a, cx);
        if (!rc)
            pc_advance(d, s, cx);
        return rc;
    }
    switch (k) {
    case A_WING:
        s->choice[s->side] = x;
        VB_LOG_TO(cx, VB_ROLE_BIT(s->side), "[3.0 A] %s chooses the marker of %s",
                  d->side_list[s->side], d->wg[x].name);
        if (pc_remaining(d, s, 1 - s->side) == 0) {
            s->revealed[s->side] = 1;
            pc_start_activation(d, s, x, cx);
        } else if (s->side == PC_FS) {
            s->side = PC_AU;
        } else {
            s->roll = RL_INIT;
            s->roll_side = PC_FS;
        }
        break;
    case A_FIRST:
    case A_SECOND: {
        int hi = s->side, lo = 1 - hi;
        if (s->choice[hi] < 0 || s->choice[lo] < 0) /* a view's hidden marker */
            return vb_fail(cx, VB_EILLEGAL, "3.0 A: a wing marker is hidden in this position");
        VB_LOG(cx, "[3.0 A] %s %s", d->side_list[hi],
               k == A_FIRST ? "activates first" : "lets the opponent activate first");
        if (k == A_FIRST) {
            s->revealed[hi] = 1;
            s->second_wing = s->choice[lo];
            s->second_reveal = -1;
            pc_start_activation(d, s, s->choice[hi], cx);
        } else {
            s->second_wing = s->choice[hi];
            s->second_reveal = hi;
            pc_start_activation(d, s, s->choice[lo], cx);
        }
        break;
    }
    case A_RALLY:
        s->uflag[x] |= UF_MOVED; /* one attempt each */
        s->roll = RL_FDB;
        s->roll_u = x;
        break;
    case A_ENDFDB:
        for (int u = 0; u < d->nu; u++)
            s->uflag[u] &= (uint8_t)~UF_MOVED;
        s->phase = PH_MFORM;
        s->fdone = 0;
        break;
    case A_FORM:
        s->form = x;
        s->line_anchor = -1;
        s->phase = PH_MOVE;
        /* 11.3 / Q7: routed units of the formation drift three more hexes */
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && in_form(d, u, x) && d->u[u].wing == s->wing &&
                s->ustat[u] == ST_ROUT)
                pc_drift(d, s, u, cx);
        break;
    case A_ENDMOVE:
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].wing == s->wing && s->ustat[u] == ST_ROUT &&
                !(s->fdone & (1 << (d->u[u].type == UT_ART ? PC_MAXF : d->u[u].form))))
                pc_drift(d, s, u, cx);
        s->phase = PH_BOMB;
        s->fdone = 0;
        s->form = -1;
        break;
    case A_DECLINE:
        s->phase = PH_ANCHOR;
        break;
    case A_DISMOUNT:
    case A_MOUNT:
        if (pc_drg_convert(d, s, a, cx))
            return VB_EILLEGAL;
        break;
    case A_ANCHOR:
        s->line_anchor = x;
        s->line_end = -1;
        s->line_gaps = -1;
        s->phase = PH_LDIR;
        break;
    case A_LGAPS:
        s->line_gaps = x;
        break;
    case A_LEND: {
        char en[8];
        s->line_dir = 0;
        s->line_len = pc_line_good_inf(d, s);
        s->line_end = x;
        pc_hex_name(d, s->line_anchor, hn, sizeof hn);
        pc_hex_name(d, x, en, sizeof en);
        VB_LOG(cx, "[5.5] %s declares a Line of %d from %s to %s, %d gap%s", d->f[s->form].name,
               s->line_len, hn, en, s->line_gaps, s->line_gaps == 1 ? "" : "s");
        s->phase = PH_MOVE;
        break;
    }
    case A_LDIR: {
        int cnt = pc_line_good_inf(d, s);
        s->line_dir = x;
        s->line_len = cnt;
        s->line_gaps = 0;
        s->line_end = pc_line_toward(d, s->line_anchor, x, cnt);
        pc_hex_name(d, s->line_anchor, hn, sizeof hn);
        VB_LOG(cx, "[5.6] %s declares a Line from %s, %d hexes %s", d->f[s->form].name, hn, cnt,
               pc_dir_names[x]);
        s->phase = PH_MOVE;
        break;
    }
    case A_MOVE:
        s->mv_u = x;
        s->mv_mp = d->u[x].mp;
        s->mv_start = s->uhex[x];
        s->mv_steps = 0;
        s->mv_to = -1;
        s->mv_stopped = 0;
        s->proc_step = 0;
        s->uflag[x] |= UF_MOVED;
        s->phase = PH_STEP;
        break;
    case A_LEADER:
        s->mv_u = x;
        s->mv_mp = d->leader_mp;
        s->phase = PH_LSTEP;
        break;
    case A_ENDFORM:
        if (s->form >= 0 && s->form < 31)
            s->fdone |= 1 << s->form;
        s->form = -1;
        s->line_anchor = -1;
        s->phase = PH_MFORM;
        break;
    case A_TO:
        if (s->phase == PH_LSTEP) {
            int l = s->mv_u, h = s->lhex[l], dir = pc_dir_to(d, h, x);
            s->mv_mp -= pc_step_cost(d, UT_INF, h, dir, x);
            s->lhex[l] = (int16_t)x;
            pc_hex_name(d, x, hn, sizeof hn);
            VB_LOG(cx, "[4.4] %s to %s", d->l[l].name, hn);
            break;
        }
        s->mv_to = x;
        s->proc_step = 0;
        pc_step_continue(d, s, cx);
        break;
    case A_STOP:
        if (s->phase == PH_LSTEP) {
            if (s->form >= 0 && s->form < 31)
                s->fdone |= 1 << s->form;
            s->form = -1;
            s->line_anchor = -1;
            s->mv_u = -1;
            s->phase = PH_MFORM;
            break;
        }
        end_move(d, s, cx);
        break;
    case A_MELEE: {
        int u = s->mv_u;
        s->umelee[u] = (int16_t)x;
        s->ucharge[u] = (uint8_t)(y ? 1 : 0); /* 10.1: a Charge or a Melee */
        pc_hex_name(d, x, hn, sizeof hn);
        VB_LOG(cx, "[%s] %s declares a %s against %s", s->ucharge[u] ? "10.3" : "9.2.1",
               d->u[u].name, s->ucharge[u] ? "charge" : "melee", hn);
        s->mv_mp = 0;
        s->mret_v = 0;
        if (!pc_melee_start(d, s, cx)) /* immediate retreats of 10.2 / 11.1 c */
            end_move(d, s, cx);
        break;
    }
    case A_FACE:
        s->uface[s->mv_u] = (uint8_t)x;
        VB_LOG(cx, "[5.1] %s faces %s", d->u[s->mv_u].name, pc_face_names[x]);
        s->mv_u = -1;
        s->phase = PH_MOVE;
        break;
    case A_ENDBOMB:
        s->phase = PH_CFORM;
        s->fdone = 0;
        pc_command_update(d, s, 0); /* 4.5: FCs check before Combat */
        break;
    case A_ENDCOMBAT:
        pc_end_activation(d, s, cx);
        break;
    default:
        pc_combat_apply(d, s, a, cx);
        break;
    }
    pc_advance(d, s, cx);
    return 0;
}

/* Runs what follows automatically (pending effects). */
/* Scenario 3: the side with units in the victory hex occupies it; the
 * last to do so keeps it when it is left empty (read at every decision, so
 * a unit passing through occupies it too). */
static void update_holder(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    if (!d->vic_last)
        return;
    int fs = pc_unit_at(d, s, d->vic[0], PC_FS, -1) >= 0;
    int au = pc_unit_at(d, s, d->vic[0], PC_AU, -1) >= 0;
    if (fs != au && s->holder != (fs ? PC_FS : PC_AU)) {
        s->holder = fs ? PC_FS : PC_AU;
        VB_LOG(cx, "[Scenario 3] %s occupies %s", d->side_list[s->holder], d->place[0].name);
    }
}

void pc_advance(const pc_data *d, pc_state *s, vb_ctx *cx)
{
    for (int guard = 0; guard < 64 && !s->roll && s->phase != PH_OVER && s->phase != PH_OWNER &&
                        s->phase != PH_RETREAT && s->phase != PH_FOLLOW && s->phase != PH_RELOC;
         guard++) {
        if (s->proc_u >= 0 || s->cont || s->lroll) {
            pc_combat_next(d, s, cx);
            continue;
        }
        /* a moving unit that can no longer do anything stops */
        break;
    }
    update_holder(d, s, cx);
}
