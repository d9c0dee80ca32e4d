/*
 * pc_units.c - what the rules ask of units and leaders in Piacenza 1746:
 * queries (stacking 6.0, ZOC 7.0, EZ 5.2, command 4.4.1, TDR 5.11, smoke
 * 8.2.1), leaders (capture 4.6, following their units 4.7), losses (2.2.2,
 * 9.2.9), retreat (9.2.8), rout and drift (11.2, 11.3).
 */
#include <stdlib.h>
#include <string.h>

#include "pc_int.h"

/* ---- queries -------------------------------------------------------------*/

int pc_usp(const pc_data *d, const pc_state *s, int u)
{
    return (s->ustep[u] == 2 || d->u[u].red == 0) ? d->u[u].sp : d->u[u].red;
}

/* The first unit from u on (below nu) standing in hex, or -1. Four hexes at
 * a time: a word of four int16 with one equal to hex has a zero lane after
 * the xor, which the borrow test sees (no false negative); the lanes of a
 * word that passes are then compared one by one. */
static int next_in_hex(const pc_state *s, int u, int nu, int hex)
{
    const uint64_t ones = 0x0001000100010001u, highs = 0x8000800080008000u;
    const uint64_t pat = (uint64_t)(uint16_t)hex * ones;
    for (; u + 4 <= nu; u += 4) {
        uint64_t v;
        memcpy(&v, &s->uhex[u], sizeof v);
        v ^= pat;
        if (((v - ones) & ~v & highs) == 0)
            continue;
        for (int i = 0; i < 4; i++)
            if (s->uhex[u + i] == hex)
                return u + i;
    }
    for (; u < nu; u++)
        if (s->uhex[u] == hex)
            return u;
    return -1;
}

/* First unit of side (type, or -1 any) in hex; -1 if none. */
int pc_unit_at(const pc_data *d, const pc_state *s, int hex, int side, int type)
{
    for (int u = next_in_hex(s, 0, d->nu, hex); u >= 0; u = next_in_hex(s, u + 1, d->nu, hex))
        if (d->u[u].side == side && (type < 0 || d->u[u].type == type))
            return u;
    return -1;
}

int pc_enemy_at(const pc_data *d, const pc_state *s, int hex, int side)
{
    return pc_unit_at(d, s, hex, 1 - side, -1) >= 0;
}

/* 6.0: infantry with artillery, two cavalry, nothing else; never with an
 * enemy. The one count of the stacking rule: u joining the units of vs[0..nv)
 * that stand in hex (every unit when vs is NULL). */
int pc_stack_room(const pc_data *d, const pc_state *s, int hex, int u, const int *vs, int nv)
{
    int inf = 0, cav = 0, art = 0, t = d->u[u].type;
    int n = vs ? nv : d->nu;
    for (int i = 0; i < n; i++) {
        int v = vs ? vs[i] : i;
        if (v == u || s->uhex[v] != hex)
            continue;
        if (d->u[v].side != d->u[u].side)
            return 0;
        inf += d->u[v].type == UT_INF;
        cav += d->u[v].type == UT_CAV;
        art += d->u[v].type == UT_ART;
    }
    inf += t == UT_INF;
    cav += t == UT_CAV;
    art += t == UT_ART;
    if (cav)
        return !inf && !art && cav <= 2;
    return inf <= 1 && art <= 1;
}

int pc_stack_ok(const pc_data *d, const pc_state *s, int hex, int u)
{
    return pc_stack_room(d, s, hex, u, NULL, 0);
}

int pc_is_entrench(const pc_data *d, int hex)
{
    return d->terr[d->hterr[hex]].is_entrench;
}

/* 7.0: units but commanders and artillery exert a ZOC into the six adjacent
 * hexes, not from Woods or Cover (but entrenchment to entrenchment), not
 * through prohibited hexsides; routed units exert none (11.2). */
int pc_exerts_zoc(const pc_data *d, const pc_state *s, int u, int into)
{
    int h = s->uhex[u];
    if (h < 0 || d->u[u].type == UT_ART || s->ustat[u] == ST_ROUT || pc_dist(d, h, into) != 1)
        return 0;
    int dir = pc_dir_to(d, h, into);
    if (dir < 0 || !pc_side_open(d, h, dir))
        return 0;
    if (d->terr[d->hterr[h]].zoc)
        return 1;
    return pc_is_entrench(d, h) && pc_is_entrench(d, into);
}

/* Is hex in a ZOC of side's enemies (infantry only if inf_only)? */
int pc_in_ezoc(const pc_data *d, const pc_state *s, int side, int hex, int inf_only)
{
    for (int u = 0; u < d->nu; u++) {
        int h = s->uhex[u]; /* the cheap tests first: most units are far */
        if (h < 0 || d->u[u].side == side || pc_dist(d, h, hex) != 1)
            continue;
        if ((!inf_only || d->u[u].type == UT_INF) && pc_exerts_zoc(d, s, u, hex))
            return 1;
    }
    return 0;
}

/* 5.2: good-order enemy infantry projects an EZ of 3 hexes, not into City. */
int pc_in_ez(const pc_data *d, const pc_state *s, int side, int hex)
{
    if (d->terr[d->hterr[hex]].is_city)
        return 0;
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side != side && d->u[u].type == UT_INF && s->uhex[u] >= 0 &&
            s->ustat[u] == ST_GOOD && pc_dist(d, s->uhex[u], hex) <= 3)
            return 1;
    return 0;
}

/* 4.4.1: the link between two hexes of a command chain: adjacent, or two
 * apart with an intermediate hex free of enemy units (occ: enemy hexes). */
static int linked(const pc_data *d, const uint8_t *occ, int a, int b)
{
    int n = pc_dist(d, a, b);
    if (n <= 1)
        return 1;
    if (n > 2)
        return 0;
    for (int k = 0; k < 6; k++) {
        int m = d->nbr[a][k];
        if (m >= 0 && !occ[m] && pc_dist(d, m, b) == 1)
            return 1;
    }
    return 0;
}

/* 4.4.1 / Scenario 1 special rule: formation leaders always in command;
 * units in command when chained to their leader; artillery is commanded by
 * its WC, who is not deployed in Scenario 1 (reading: in command). */
int pc_in_command(const pc_data *d, const pc_state *s, int u)
{
    return pc_in_command_at(d, s, u, s->uhex[u]);
}

/* 4.4.1 "A combat unit checks whether it is in Command prior to Movement":
 * the moving unit keeps the status it had in the hex where its move began
 * (s->mv_start), the others standing where they stand. */
int pc_move_in_command(const pc_data *d, const pc_state *s, int u)
{
    return pc_in_command_at(d, s, u, s->mv_start >= 0 ? s->mv_start : s->uhex[u]);
}

/* 4.4.1: occ[h] 1 for each hex holding a unit of the side's enemies,
 * 0 elsewhere. */
static void enemy_hexes(const pc_data *d, const pc_state *s, int side, uint8_t *occ)
{
    memset(occ, 0, (size_t)d->nhex);
    for (int v = 0; v < d->nu; v++)
        if (s->uhex[v] >= 0 && d->u[v].side != side)
            occ[s->uhex[v]] = 1;
}

/* 4.4.1: the members on the map of formation f (of side) chained to its
 * leader at lh (occ: the enemy hexes), each standing in its own hex but
 * unit mover (-1: none), counted in mover_hex. Sets in[v] to 1 for each
 * member v in command, 0 for each other member on the map (entries of
 * other units are left as they were). The chain is the set of members
 * reachable from the leader, so the order of the search does not change
 * it. */
static void chain(const pc_data *d, const pc_state *s, const uint8_t *occ, int f, int side, int lh,
                  int mover, int mover_hex, uint8_t *in)
{
    int mem[PC_MAXU], nm = 0, nq = 0, queue[PC_MAXU], mh[PC_MAXU];
    for (int k = 0; k < d->f[f].nmem; k++) {
        int v = d->f[f].mem[k];
        if (s->uhex[v] >= 0 && d->u[v].side == side)
            mem[nm++] = v;
    }
    for (int i = 0; i < nm; i++) {
        mh[i] = mem[i] == mover ? mover_hex : s->uhex[mem[i]];
        in[mem[i]] = (uint8_t)linked(d, occ, lh, mh[i]);
        if (in[mem[i]])
            queue[nq++] = i;
    }
    for (int qi = 0; qi < nq; qi++)
        for (int i = 0; i < nm; i++)
            if (!in[mem[i]] && linked(d, occ, mh[queue[qi]], mh[i])) {
                in[mem[i]] = 1;
                queue[nq++] = i;
            }
}

/* pc_in_command with u standing in uh (its own hex, or where its move
 * began); with cut_r >= 0 every hex within cut_r of hex cut_c is taken
 * for enemy-held as well */
static int in_command_cut(const pc_data *d, const pc_state *s, int u, int uh, int cut_c, int cut_r)
{
    const pc_unit_def *ud = &d->u[u];
    if (ud->type == UT_ART) { /* 2.2.2: commanded by the WC (CiC once he is gone) */
        int wc = d->wg[ud->wing].wc;
        if (wc < 0 || d->all_in_command)
            return 1;
        return s->lhex[wc] >= 0 ? pc_leader_in_command(d, s, wc)
                                : d->cic[ud->side] >= 0 && s->lhex[d->cic[ud->side]] >= 0;
    }
    int fl = d->f[ud->form].leader, lh = s->lhex[fl];
    if (lh < 0 || s->uhex[u] < 0 || uh < 0 || !pc_leader_in_command(d, s, fl)) /* 4.4.1, 4.5 */
        return 0;
    uint8_t occ[PC_MAXHEX], in[PC_MAXU];
    enemy_hexes(d, s, ud->side, occ);
    for (int h = 0; cut_r >= 0 && h < d->nhex; h++)
        if (pc_dist(d, h, cut_c) <= cut_r)
            occ[h] = 1;
    chain(d, s, occ, ud->form, ud->side, lh, u, uh, in);
    return in[u];
}

int pc_in_command_at(const pc_data *d, const pc_state *s, int u, int uh)
{
    return in_command_cut(d, s, u, uh, -1, -1);
}

/* pc_move_in_command as it stood at every step of the move so far,
 * whatever the 5.10 refusals the move set off did: in command at the
 * move's start even with every hex within move_steps + 1 of that start
 * held by an enemy. A refusal retreats (or eliminates) enemy cavalry next
 * to a hex of the path; 4.4.1 an enemy unit cuts a link only in its
 * intermediate hex; the Commanders' own command (lcmd) is the turn's, and
 * no friendly unit but the mover moves once it has stepped. (pc_check:
 * the unit was bound to the Line at each of its steps.) */
int pc_move_in_command_sure(const pc_data *d, const pc_state *s, int u)
{
    int uh = s->mv_start >= 0 ? s->mv_start : s->uhex[u];
    return in_command_cut(d, s, u, uh, uh, s->mv_steps + 1);
}

/* pc_in_command for every unit of the side on the map but artillery, each
 * standing where it stands, with the enemy hexes found once and one chain
 * a formation instead of one a unit (the evaluation asks for all of them):
 * in[u] is pc_in_command(d, s, u) for each such unit; other entries are
 * left as they were. */
void pc_side_in_command(const pc_data *d, const pc_state *s, int side, uint8_t *in)
{
    uint8_t occ[PC_MAXHEX];
    enemy_hexes(d, s, side, occ);
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side == side && d->u[u].type != UT_ART)
            in[u] = 0; /* out of command unless a chain below reaches it */
    for (int f = 0; f < d->nf; f++) {
        int fl = d->f[f].leader, lh = s->lhex[fl];
        if (d->l[fl].side == side && lh >= 0 && pc_leader_in_command(d, s, fl)) /* 4.4.1, 4.5 */
            chain(d, s, occ, f, side, lh, -1, -1, in);
    }
}

int pc_tdr_base(const pc_data *d, const pc_state *s, int u)
{
    (void)s;
    const pc_unit_def *ud = &d->u[u];
    /* 10.5, 5.11 (*): "Dragoons are considered Cavalry for the purposes of
     * TDR", on foot too */
    return d->tdr[ud->army][ud->type == UT_CAV || ud->drg >= 0 ? 2 : ud->gren ? 1 : 0];
}

/* 4.4: the Sergeants' Factor of the unit's formation leader stacked or
 * adjacent (0 when none, or on his Staff side). */
int pc_sf_near(const pc_data *d, const pc_state *s, int u)
{
    int f = d->u[u].form;
    if (f < 0)
        return 0;
    int l = d->f[f].leader, lh = s->lhex[l];
    if (lh < 0 || s->lstaff[l] || pc_dist(d, lh, s->uhex[u]) > 1)
        return 0;
    return d->l[l].sf;
}

/* 8.2.1: the smoke of a hex: for a TDR (the note) +2 with a marker, +1
 * next to one; for a fire, -2 for each marker in the hex and -1 for each
 * marker next to it ("the effects of two different Smoke markers add up";
 * the caller floors the fire's total at -2). */
int pc_smoke_mod(const pc_data *d, const pc_state *s, int hex, int tdr)
{
    int best = 0, sum = 0;
    for (int i = 0; i < s->nsmoke; i++) {
        int k = pc_dist(d, s->smoke[i], hex);
        int m = k == 0 ? 2 : k == 1 ? 1 : 0;
        best = m > best ? m : best;
        sum += m == 2 ? d->m_smoke_hex : m == 1 ? d->m_smoke_adj : 0;
    }
    if (tdr)
        return best == 2 ? d->t_smoke_hex : best == 1 ? d->t_smoke_adj : 0;
    return sum;
}

void pc_add_smoke(pc_state *s, int hex)
{
    for (int i = 0; i < s->nsmoke; i++)
        if (s->smoke[i] == hex)
            return;
    if (s->nsmoke < PC_MAXSMOKE)
        s->smoke[s->nsmoke++] = (int16_t)hex;
}

/* The common TDR modifiers of a unit in its hex (4.4, 4.6.1, 7.1 g, 8.2.1,
 * 9.2.6): the Sergeants' Factors of the Formation Commander and of the
 * wing's Standard Bearer ("they too", 4.6.1) both subtract. */
int pc_tdr_mods(const pc_data *d, const pc_state *s, int u)
{
    int h = s->uhex[u];
    int m = -pc_sf_near(d, s, u) - pc_bearer_sf(d, s, u) + pc_smoke_mod(d, s, h, 1);
    if (pc_in_ezoc(d, s, d->u[u].side, h, 0))
        m += d->t_ezoc;
    if (d->u[u].light)
        m += d->t_light;
    return m;
}

/* ---- leaders ---------------------------------------------------------------*/

/* 4.6: a leader alone in a hex an enemy combat unit enters is captured: to
 * his Staff side, placed with the nearest unit of his formation; a Staff
 * captured again is a trophy for the enemy (3 VP an FC). */
static void capture_leaders(const pc_data *d, pc_state *s, int hex, int enemy_side, vb_ctx *cx)
{
    for (int l = 0; l < d->nl; l++) {
        if (s->lhex[l] != hex || d->l[l].side == enemy_side)
            continue;
        if (pc_unit_at(d, s, hex, d->l[l].side, -1) >= 0)
            continue;
        int best = -1, bd = 999;
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && pc_leader_owns(d, l, u) && pc_dist(d, hex, s->uhex[u]) < bd) {
                bd = pc_dist(d, hex, s->uhex[u]);
                best = u;
            }
        if (s->lstaff[l] || best < 0) {
            s->lhex[l] = -1;
            s->captured[enemy_side] += pc_trophy_vp(d, l);
            VB_LOG(cx, "[4.6] %s is captured: a trophy for the enemy", d->l[l].name);
        } else {
            s->lhex[l] = s->uhex[best];
            VB_LOG(cx, "[4.6] %s is overrun: to his Staff side, placed with %s", d->l[l].name,
                   d->u[best].name);
            pc_staff_flip(d, s, l, cx);
        }
    }
    pc_bearer_capture(d, s, hex, enemy_side, 1, cx);
}

/* Leaders left without their units follow them (4.7: "can retreat with the
 * units it was stacked with"; after the retreat roll the owner may instead
 * relocate them, pc_reloc_ask in pc_owner.c). */
static void follow_leaders(const pc_data *d, pc_state *s, int from, int u)
{
    if (from < 0 || from == s->uhex[u])
        return;
    for (int l = 0; l < d->nl; l++)
        if (s->lhex[l] == from && d->l[l].side == d->u[u].side &&
            pc_unit_at(d, s, from, d->u[u].side, -1) < 0)
            s->lhex[l] = s->uhex[u] >= 0 ? s->uhex[u] : -1;
    pc_bearer_follow(d, s, from, s->uhex[u], d->u[u].side);
}

void pc_move_unit(const pc_data *d, pc_state *s, int u, int to, vb_ctx *cx)
{
    int from = s->uhex[u];
    s->uhex[u] = (int16_t)to;
    capture_leaders(d, s, to, d->u[u].side, cx);
    follow_leaders(d, s, from, u);
}

/* ---- losses, retreat, rout -------------------------------------------------*/

void pc_eliminate(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    int from = s->uhex[u];
    if (from < 0)
        return;
    s->uhex[u] = -1;
    s->umelee[u] = -1;
    s->ucharge[u] = 0; /* the marker gone, no Charge (10.1) */
    s->ustat[u] = ST_GOOD;
    s->uflag[u] = 0;
    VB_LOG(cx, "%s is eliminated", d->u[u].name);
    /* 4.7: leaders left alone relocate to the nearest unit of their
     * formation, "if any, otherwise it is eliminated and earns VPs to the
     * enemy side" */
    for (int l = 0; l < d->nl; l++)
        if (s->lhex[l] == from && pc_unit_at(d, s, from, d->l[l].side, -1) < 0) {
            int best = -1, bd = 999;
            for (int v = 0; v < d->nu; v++)
                if (s->uhex[v] >= 0 && pc_leader_owns(d, l, v) &&
                    pc_dist(d, from, s->uhex[v]) < bd) {
                    bd = pc_dist(d, from, s->uhex[v]);
                    best = v;
                }
            if (best >= 0) {
                s->lhex[l] = s->uhex[best];
            } else {
                s->lhex[l] = -1;
                s->captured[1 - d->l[l].side] += pc_trophy_vp(d, l);
                VB_LOG(cx, "[4.7] %s has no unit left to join: eliminated", d->l[l].name);
            }
        }
    pc_bearer_follow(d, s, from, -1, d->u[u].side);
}

/* 9.2.9: the first step loss flips a two-step unit; otherwise it is removed. */
void pc_lose_step(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    if (s->uhex[u] < 0)
        return;
    if (s->ustep[u] == 2) {
        s->ustep[u] = 1;
        VB_LOG(cx, "%s loses a step (now %d SP)", d->u[u].name, pc_usp(d, s, u));
    } else {
        pc_eliminate(d, s, u, cx);
    }
}

/* 9.2.8: the hexes one retreat step may enter: away from `from` (any way
 * when from < 0), in the best class of the printed priorities (free, then
 * overstacked, then in an eZOC); within it the hex in direction `dir`
 * (10.2 / 11.1 c: "in the opposite direction to the direction of attack,
 * where possible"; -1 none); then the closest to the friendly edge.
 * "Two units in the same hex ... may do so in different directions": the
 * owning player chooses among the hexes the priorities leave equal;
 * without his choice the first in direction order is taken. */
static int step_options(const pc_data *d, const pc_state *s, int u, int from, int dir, int *out)
{
    int h = s->uhex[u], side = d->u[u].side, bk = 99, bd = 2, bc = 99, n = 0;
    for (int k = 0; k < 6; k++) {
        int nb = pc_nb(d, h, k);
        if (nb < 0 || !pc_side_open(d, h, k) || pc_enemy_at(d, s, nb, side))
            continue;
        if (from >= 0 && pc_dist(d, nb, from) <= pc_dist(d, h, from))
            continue;
        int ez = pc_in_ezoc(d, s, side, nb, 0);
        int cls = ez ? 2 : pc_stack_ok(d, s, nb, u) ? 0 : 1, off = dir >= 0 && k != dir;
        int col = nb / d->h, edge = d->edge_west[side] ? col : d->w - 1 - col;
        if (cls < bk || (cls == bk && (off < bd || (off == bd && edge < bc)))) {
            bk = cls;
            bd = off;
            bc = edge;
            n = 0;
        }
        if (cls == bk && off == bd && edge == bc)
            out[n++] = nb;
    }
    return n;
}

/* The hexes the retreat in progress (s->ret_*) may enter at its step: the
 * required hexes away from the attacker, then, past them, any way until a
 * hex is free of stacking trouble (translocation over friends). */
int pc_retreat_options(const pc_data *d, const pc_state *s, int u, int *out)
{
    if (u < 0 || u >= d->nu || s->uhex[u] < 0)
        return 0;
    int i = s->ret_i, n = s->ret_n;
    int k = step_options(d, s, u, i < n ? s->ret_from : -1, i < n ? s->ret_dir : -1, out);
    if (!k && i >= n)
        k = step_options(d, s, u, s->ret_from, -1, out);
    return k;
}

static void retreat_done(pc_state *s)
{
    s->ret_u = -1;
    s->ret_from = -1;
    s->ret_n = s->ret_i = s->ret_phase = s->ret_side = 0;
    s->ret_dir = -1;
}

/* Runs the retreat of s->ret_u from its step s->ret_i. `pick` is the
 * owner's hex for this step, -1 if he has not named one. With `ask`, a
 * step that leaves him a choice pauses the procedure (phase PH_RETREAT,
 * his side to decide) and returns 1. */
static int retreat_run(const pc_data *d, pc_state *s, int ask, int pick, vb_ctx *cx)
{
    int u = s->ret_u;
    char hn[8];
    for (; s->ret_i < s->ret_n + 6 && s->uhex[u] >= 0; s->ret_i++) {
        if (s->ret_i >= s->ret_n && pc_stack_ok(d, s, s->uhex[u], u))
            break;
        int opt[6], k = pc_retreat_options(d, s, u, opt), to = k ? opt[0] : -1;
        if (k > 1 && ask) {
            if (pick < 0) {
                s->ret_phase = s->phase;
                s->ret_side = s->side;
                s->phase = PH_RETREAT;
                s->side = d->u[u].side;
                return 1;
            }
            to = pick;
            pick = -1;
        }
        if (to < 0) {
            VB_LOG(cx, "[9.2.8] %s cannot retreat and surrenders", d->u[u].name);
            pc_eliminate(d, s, u, cx);
            retreat_done(s);
            return 0;
        }
        pc_move_unit(d, s, u, to, cx);
        pc_hex_name(d, to, hn, sizeof hn);
        VB_LOG(cx, "[9.2.8] %s retreats to %s", d->u[u].name, hn);
    }
    if (s->ret_i > 0) { /* a unit that stays (a D, 0 hexes) keeps its melee (9.2.3, 10.2 a) */
        s->umelee[u] = -1;
        s->ucharge[u] = 0;
    }
    if (s->uhex[u] >= 0 && !pc_stack_ok(d, s, s->uhex[u], u)) {
        VB_LOG(cx, "[9.2.8] %s finds no free hex and surrenders", d->u[u].name);
        pc_eliminate(d, s, u, cx);
    }
    retreat_done(s);
    return 0;
}

static void retreat_begin(pc_state *s, int u, int from, int n, int dir)
{
    s->ret_u = u;
    s->ret_from = from;
    s->ret_n = n < 0 ? 0 : n;
    s->ret_i = 0;
    s->ret_dir = dir;
}

/* The engine's own retreat, each hex the first of its step's options, with
 * no choice asked (the tests of the priorities use it). */
void pc_retreat(const pc_data *d, pc_state *s, int u, int from, int n, vb_ctx *cx)
{
    retreat_begin(s, u, from, n, -1);
    retreat_run(d, s, 0, -1, cx);
}

/* An immediate retreat declared with a move (5.10, 10.2 / 11.1 c), `dir`
 * the direction it keeps where possible (-1 none): the owner names each
 * hex the priorities leave open; returns 1 when the move waits for him
 * (the caller notes where it goes on, s->mret_*). */
int pc_retreat_now(const pc_data *d, pc_state *s, int u, int from, int n, int dir, vb_ctx *cx)
{
    retreat_begin(s, u, from, n, dir);
    return retreat_run(d, s, 1, -1, cx);
}

/* A retreat after combat: the owner names each hex the priorities leave
 * open; returns 1 when the procedure waits for him. */
int pc_retreat_ask(const pc_data *d, pc_state *s, int u, int from, int n, vb_ctx *cx)
{
    retreat_begin(s, u, from, n, -1);
    return retreat_run(d, s, 1, -1, cx);
}

/* The owner's hex for the paused step (checked by the caller). */
int pc_retreat_resume(const pc_data *d, pc_state *s, int hex, vb_ctx *cx)
{
    return retreat_run(d, s, 1, hex, cx);
}

/* 11.3: three hexes toward the friendly edge, crossing friends; off the map
 * or blocked: eliminated. */
void pc_drift(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    int side = d->u[u].side;
    char hn[8];
    for (int i = 0; i < 3 + 6 && s->uhex[u] >= 0; i++) {
        int h = s->uhex[u];
        if (i >= 3 && pc_stack_ok(d, s, h, u))
            break;
        int col = h / d->h;
        int atedge = d->edge_west[side] ? col == 0 : col == d->w - 1;
        if (atedge) {
            VB_LOG(cx, "[11.3] %s routs off the map", d->u[u].name);
            pc_eliminate(d, s, u, cx);
            return;
        }
        int best = -1, bscore = 999;
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, h, k);
            if (nb < 0 || !pc_side_open(d, h, k) || pc_enemy_at(d, s, nb, side))
                continue;
            int c = nb / d->h, e = d->edge_west[side] ? c : d->w - 1 - c;
            int ce = d->edge_west[side] ? col : d->w - 1 - col;
            if (e > ce)
                continue;
            int score = e * 20 + (e == ce ? 10 : 0) + pc_in_ezoc(d, s, side, nb, 0) * 5 +
                        d->terr[d->hterr[nb]].mp[d->u[u].type];
            if (score < bscore) {
                bscore = score;
                best = nb;
            }
        }
        if (best < 0) {
            VB_LOG(cx, "[11.3] %s finds no way back and is eliminated", d->u[u].name);
            pc_eliminate(d, s, u, cx);
            return;
        }
        pc_move_unit(d, s, u, best, cx);
        pc_hex_name(d, best, hn, sizeof hn);
        VB_LOG(cx, "[11.3] %s drifts to %s", d->u[u].name, hn);
    }
    if (s->uhex[u] >= 0 && !pc_stack_ok(d, s, s->uhex[u], u)) {
        VB_LOG(cx, "[11.3] %s finds no free hex and is eliminated", d->u[u].name);
        pc_eliminate(d, s, u, cx);
    }
}

/* 11.2: a unit that routs retreats at once three hexes (11.3); its Feu de
 * Billebaude marker is removed (errata). Artillery alone is eliminated. */
void pc_rout(const pc_data *d, pc_state *s, int u, vb_ctx *cx)
{
    if (s->uhex[u] < 0)
        return;
    if (d->u[u].type == UT_ART) {
        pc_eliminate(d, s, u, cx);
        return;
    }
    s->ustat[u] = ST_ROUT;
    /* 11.2 errata: "Any Feu de Billebaude marker on a unit which routs is
     * removed"; nor does the one volley of 11.1 d bring one after */
    s->uflag[u] &= (uint8_t) ~(UF_FDB | UF_ONEVOL);
    s->umelee[u] = -1;
    s->ucharge[u] = 0;
    VB_LOG(cx, "[11.2] %s routs", d->u[u].name);
    pc_drift(d, s, u, cx);
}
