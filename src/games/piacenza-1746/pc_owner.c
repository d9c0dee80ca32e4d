/*
 * pc_owner.c - the owning player's choice of 8.5.1: "The owning player
 * always chooses which unit of the stack subject to fire will suffer the
 * effects of the shot". Before the pending effects of a bombardment or a
 * fire are applied (9.1: simultaneously), the owner of a hit unit that
 * shares its hex with another unit able to suffer them names the unit that
 * takes them (`suffer UNIT`); by 8.5.1 a gun stacked with infantry never
 * can, so the choice arises in a stack of two cavalry units (6.0).
 * And the owner's choice of 9.2.8: the hex each step of a retreat after
 * combat enters, among those the printed priorities leave equal; and the
 * Commander's of 5.10: which of two refusing cavalry units he follows.
 */
#include "pc_int.h"

/* 8.5.1: may v take the effects of a shot into its hex? */
static int can_suffer(const pc_data *d, const pc_state *s, int v)
{
    if (s->uhex[v] < 0)
        return 0;
    return d->u[v].type != UT_ART ||
           pc_unit_at(d, s, s->uhex[v], d->u[v].side, UT_INF) < 0; /* 8.5.1 */
}

static int mates(const pc_data *d, const pc_state *s, int u, int *out)
{
    int n = 0;
    out[n++] = u;
    for (int v = 0; v < d->nu; v++)
        if (v != u && s->uhex[v] == s->uhex[u] && d->u[v].side == d->u[u].side &&
            can_suffer(d, s, v))
            out[n++] = v;
    return n;
}

/* Called before the pending effects are applied: returns 1 when the owner
 * of a hit stack must first choose (the phase is then PH_OWNER). Only the
 * effects of bombardment and fire; not those of a melee, of the defensive
 * volley before a melee or of reaction fire on a moving unit, which hit
 * the unit that attacks or moves. */
int pc_owner_ask(const pc_data *d, pc_state *s)
{
    int c = s->cont;
    if (s->proc_u < 0 || s->phase == PH_OWNER ||
        (c != CONT_BOMB1 && c != CONT_BOMB2 && c != CONT_FIRE1 && c != CONT_FIRE2))
        return 0;
    for (int u = s->proc_u; u < d->nu; u++) {
        int m[PC_MAXU];
        if ((!s->psteps[u] && !s->pdis[u]) || (s->uflag[u] & UF_ASKED) || s->uhex[u] < 0 ||
            !can_suffer(d, s, u) || mates(d, s, u, m) < 2)
            continue;
        s->uflag[u] |= UF_ASKED;
        s->own_u = u;
        s->own_phase = s->phase;
        s->own_side = s->side;
        s->phase = PH_OWNER;
        s->side = d->u[u].side;
        return 1;
    }
    return 0;
}

int pc_owner_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap)
{
    int m[PC_MAXU], nm = mates(d, s, s->own_u, m), n = 0;
    for (int i = 0; i < nm; i++)
        VB_PUSH(v, n, cap, PC_ACT(A_SUFFER, m[i], 0));
    return n;
}

/* `suffer V`: V takes the effects pending on own_u (and own_u those on V,
 * if both were hit: the owner places the results, 8.5.1). */
int pc_owner_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int u = s->own_u, v = PC_A(a);
    if (PC_K(a) != A_SUFFER || v < 0 || v >= d->nu)
        return vb_fail(cx, VB_EILLEGAL, "8.5.1: the owner names the unit that suffers");
    if (v != u) {
        int8_t st = s->psteps[u], di = s->pdis[u];
        int16_t sr = s->psrc[u];
        s->psteps[u] = s->psteps[v];
        s->pdis[u] = s->pdis[v];
        s->psrc[u] = s->psrc[v];
        s->psteps[v] = st;
        s->pdis[v] = di;
        s->psrc[v] = sr;
        s->uflag[v] |= UF_ASKED;
    }
    VB_LOG(cx, "[8.5.1] %s chooses %s to suffer the effects of the shot", d->side_list[s->side],
           d->u[v].name);
    s->phase = s->own_phase;
    s->side = s->own_side;
    s->own_u = -1;
    s->own_phase = 0;
    s->own_side = 0;
    return 0;
}

/* ---- 9.2.8: the owner's retreat path ---------------------------------------*/

/* The hexes the paused retreat step may enter (all equal by the printed
 * priorities): `retreat HEX` for each. */
int pc_retreat_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap)
{
    int opt[6], k = pc_retreat_options(d, s, s->ret_u, opt), n = 0;
    for (int i = 0; i < k; i++)
        VB_PUSH(v, n, cap, PC_ACT(A_RETREAT, opt[i], 0));
    return n;
}

int pc_retreat_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int opt[6], k = pc_retreat_options(d, s, s->ret_u, opt), h = PC_A(a), ok = 0;
    for (int i = 0; i < k; i++)
        ok |= PC_K(a) == A_RETREAT && opt[i] == h;
    if (!ok)
        return vb_fail(cx, VB_EILLEGAL,
                       "9.2.8: the owner names one of the hexes the retreat priorities allow");
    s->phase = s->ret_phase;
    s->side = s->ret_side;
    pc_retreat_resume(d, s, h, cx);
    pc_mret_resume(d, s, cx); /* 5.10, 10.2: the move goes on */
    return 0;
}

/* ---- 5.10: the Commander follows one of the two cavalry units ------------*/

/* The leader whose choice is asked: the lowest still to choose, -1 none. */
int pc_follow_leader(const pc_data *d, const pc_state *s)
{
    for (int l = 0; l < d->nl; l++)
        if ((s->fol_l >> l) & 1)
            return l;
    return -1;
}

/* `follow UNIT` for each of the pair (the first to retreat first). */
int pc_follow_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap)
{
    int l = pc_follow_leader(d, s), n = 0;
    VB_PUSH(v, n, cap, PC_ACT(A_FOLLOW, s->fol_u, l));
    VB_PUSH(v, n, cap, PC_ACT(A_FOLLOW, s->fol_w, l));
    return n;
}

int pc_follow_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int l = pc_follow_leader(d, s), x = PC_A(a);
    if (PC_K(a) != A_FOLLOW || l < 0 || PC_B(a) != l || (x != s->fol_u && x != s->fol_w))
        return vb_fail(cx, VB_EILLEGAL,
                       "5.10: the Commander follows one of the two cavalry units that retreated");
    s->lhex[l] = s->uhex[x];
    s->fol_l &= ~(1 << l);
    VB_LOG(cx, "[5.10] %s follows %s", d->l[l].name, d->u[x].name);
    if (s->fol_l)
        return 0;
    s->fol_hex = s->fol_u = s->fol_w = -1;
    s->phase = PH_STEP;
    s->side = d->u[s->mv_u].side;
    pc_mret_resume(d, s, cx); /* the next refusals, then the rest of the move */
    return 0;
}

/* ---- 4.7: the Commander retreats with his units or is relocated ----------*/

/* Leader l stands in hex with unit u of his side, forced to retreat: his
 * roll is owed (4.7). A second unit of the same stack retreating (two
 * cavalry units, 6.0) is one more of "the units it was stacked with": the
 * unit marked before it is kept in lwith2, so that both hexes are open to
 * him (and one roll only is made, pc_combat_next). */
void pc_reloc_mark(pc_state *s, int l, int hex, int u)
{
    if (((s->lroll >> l) & 1) && s->lfrom[l] == hex && s->lwith[l] >= 0 && s->lwith[l] != u)
        s->lwith2[l] = s->lwith[l];
    s->lroll |= 1 << l;
    s->lfrom[l] = (int16_t)hex;
    s->lwith[l] = (int8_t)u;
}

/* The hex of w, a unit of leader l's stack that retreated, -1 none. */
static int with_hex(const pc_data *d, const pc_state *s, int l, int w)
{
    return w >= 0 && w < d->nu && s->uhex[w] >= 0 && d->u[w].side == d->l[l].side ? s->uhex[w] : -1;
}

/* "In any case, the Commander / Staff can retreat with the units it was
 * stacked with or it can be relocated to the closest unit of the same
 * Formation": the hexes leader l may end in after his retreat roll. First
 * the hex of the unit whose retreat set off his roll (s->lwith; where he
 * stands if it is gone: pc_eliminate has placed him), then that of the
 * other unit of his stack that retreated another way (s->lwith2), then
 * each hex holding a unit of his formation (a WC: of his wing, the CiC:
 * any, as for 4.6) at the least distance from the hex he stood in when the
 * retreat was forced (ties: the owner picks; a unit of his formation that stayed
 * there is at distance 0). Returns how many; out[0] is the retreat. */
int pc_reloc_options(const pc_data *d, const pc_state *s, int l, int *out)
{
    int h = s->lhex[l], w = s->lwith[l], bd = 999, n = 0;
    if (h < 0)
        return 0;
    int from = s->lfrom[l] >= 0 ? s->lfrom[l] : h;
    out[n++] = with_hex(d, s, l, w) >= 0 ? with_hex(d, s, l, w) : h;
    int w2 = with_hex(d, s, l, s->lwith2[l]);
    if (w2 >= 0 && w2 != out[0])
        out[n++] = w2;
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && pc_leader_owns(d, l, u) && pc_dist(d, from, s->uhex[u]) < bd)
            bd = pc_dist(d, from, s->uhex[u]);
    for (int u = 0; u < d->nu; u++) {
        if (s->uhex[u] < 0 || !pc_leader_owns(d, l, u) || pc_dist(d, from, s->uhex[u]) != bd)
            continue;
        int seen = 0;
        for (int i = 0; i < n; i++)
            seen |= out[i] == s->uhex[u];
        if (!seen && n < PC_MAXU + 1)
            out[n++] = s->uhex[u];
    }
    return n;
}

static void reloc_done(pc_state *s, int l)
{
    s->lfrom[l] = -1;
    s->lwith[l] = -1;
    s->lwith2[l] = -1;
}

/* After leader l's retreat roll: returns 1 when his owner must choose (the
 * phase is then PH_RELOC); with one way only he takes it (with the unit
 * that retreated, though a unit of another formation stays in his hex). */
int pc_reloc_ask(const pc_data *d, pc_state *s, int l, vb_ctx *cx)
{
    int opt[PC_MAXU + 1], k = pc_reloc_options(d, s, l, opt);
    if (k < 2) {
        if (k == 1 && opt[0] != s->lhex[l]) {
            char hn[8];
            pc_hex_name(d, opt[0], hn, sizeof hn);
            s->lhex[l] = (int16_t)opt[0];
            VB_LOG(cx, "[4.7] %s retreats with his units to %s", d->l[l].name, hn);
        }
        reloc_done(s, l);
        return 0;
    }
    s->rel_l = l;
    s->rel_phase = s->phase;
    s->rel_side = s->side;
    s->phase = PH_RELOC;
    s->side = d->l[l].side;
    return 1;
}

/* `relocate LEADER HEX` for each option (the first: with his units). */
int pc_reloc_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap)
{
    int opt[PC_MAXU + 1], l = s->rel_l, n = 0;
    if (l < 0 || l >= d->nl)
        return 0;
    int k = pc_reloc_options(d, s, l, opt);
    for (int i = 0; i < k; i++)
        VB_PUSH(v, n, cap, PC_ACT(A_RELOC, opt[i], l));
    return n;
}

int pc_reloc_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int opt[PC_MAXU + 1], l = s->rel_l, h = PC_A(a), ok = 0;
    int k = l >= 0 && l < d->nl ? pc_reloc_options(d, s, l, opt) : 0;
    for (int i = 0; i < k; i++)
        ok |= PC_K(a) == A_RELOC && PC_B(a) == l && opt[i] == h;
    if (!ok)
        return vb_fail(cx, VB_EILLEGAL,
                       "4.7: the Commander retreats with his units or joins the closest unit of "
                       "his formation");
    char hn[8];
    pc_hex_name(d, h, hn, sizeof hn);
    if (h == opt[0] || h == with_hex(d, s, l, s->lwith2[l]))
        VB_LOG(cx, "[4.7] %s retreats with his units to %s", d->l[l].name, hn);
    else
        VB_LOG(cx, "[4.7] %s is relocated to the closest unit of his formation, in %s",
               d->l[l].name, hn);
    s->lhex[l] = (int16_t)h;
    reloc_done(s, l);
    s->phase = s->rel_phase;
    s->side = s->rel_side;
    s->rel_l = -1;
    s->rel_phase = 0;
    s->rel_side = 0;
    return 0;
}
