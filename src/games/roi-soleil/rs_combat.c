/*
 * rs_combat.c - combat (rule 17: battle or skirmish, decoy (16), evasion,
 * rounds, losses, a general's death, breaking off, the winner, withdrawal,
 * glory and alliances) and siege (rule 18: rounds, ratio with half the
 * cavalry, war effort, the named modifiers, every result code, naval
 * support, consequences).
 */
#include "rs_int.h"

#define PUSH(act) VB_PUSH(a, n, cap, act)

static void go(rs_state *s, int phase, int who)
{
    s->phase = (uint8_t)phase;
    s->who = (uint8_t)who;
}

/* 17.1.1 A: attacker/defender rounded in the defender's favour; columns
 * 1/4 (or less), 1/3, 1/2, 1/1, 2/1 ... 6/1 (or more). */
int rs_combat_ratio_col(int a, int d)
{
    if (d <= 0)
        return 8;
    if (a <= 0)
        return 0;
    if (a >= d) {
        int r = a / d;
        return (r > 6 ? 6 : r) + 2;
    }
    int q = (d + a - 1) / a;
    return q >= 4 ? 0 : 4 - q;
}

static int gen_in(const vb_game *g, const rs_state *s, int gi, int z, int camp)
{
    return gi >= 0 && s->gz[gi] == z && rs_gcamp(g, s, gi) == camp;
}

/* 17.1.2: the attacker's modifiers, itemised into why. */
int rs_combat_mods(const vb_game *g, const rs_state *s, int z, int att, char *why, size_t n)
{
    const rs_data *d = RS_D(g);
    int def = 1 - att, m = 0, k;
    uint8_t A[RS_NT], D[RS_NT]; /* the SP counted (24.5.3 1712-6: a cease-fire) */
    rs_side(g, s, s->z[z].army[att], s->z[z].army[def], A);
    rs_side(g, s, s->z[z].army[def], s->z[z].army[att], D);
    int ga = rs_commander(g, s, z, att), gd = rs_commander(g, s, z, def);
    int tc = (ga >= 0 ? d->gd[ga].tc : 0) - (gd >= 0 ? d->gd[gd].tc : 0);
    int royal = 0;
    const rs_event *e = rs_event_of(g, s);
    if (e && e->kind == EV_ROYAL && rs_sp(A) >= 10 && rs_sp(D) >= 10) {
        /* 24.4.3 1689-5: a member of the royal family: the French commander's
         * TC -1 in a battle on the front named */
        int gf = att == RS_F ? ga : gd, on = 0;
        for (int i = 0; i < e->nz; i++)
            on |= e->zones[i] == z;
        if (on && gf >= 0 && d->gd[gf].tc > 0)
            royal = att == RS_F ? -1 : 1;
    }
    size_t len = 0;
    if (why && n)
        why[0] = 0;
#define ITEM(v, txt)                                                                               \
    do {                                                                                           \
        int v_ = (v);                                                                              \
        m += v_;                                                                                   \
        if (why && v_ && len < n)                                                                  \
            len += (size_t)snprintf(why + len, n - len, " %+d %s", v_, txt);                       \
    } while (0)
    ITEM(tc, "TC");
    ITEM(royal, "royal family");
    if (s->z[z].line && s->z[z].linec == def)
        ITEM(-(int)s->z[z].line, "line");
    /* the zone's fortress counts with a garrison in it (the §20 example:
     * no Spanish unit in the fortress, no modifier) */
    if (s->z[z].fv > 0 && rs_sp(s->z[z].garr) > 0) {
        k = rs_ctrl(g, s, z) == att ? 1 : rs_ctrl(g, s, z) == def ? -1 : 0;
        ITEM(k, "fortress");
    }
    int ae = rs_tsum(A, T_INFE) + rs_tsum(A, T_CAVE), de = rs_tsum(D, T_INFE) + rs_tsum(D, T_CAVE);
    int aa = rs_tsum(A, T_ART), da = rs_tsum(D, T_ART);
    int ac = rs_tsum(A, T_CAV) + rs_tsum(A, T_CAVE), dc = rs_tsum(D, T_CAV) + rs_tsum(D, T_CAVE);
    k = ae > de ? 1 : ae < de ? -1 : 0;
    ITEM(k, "elite");
    k = aa > da ? 1 : aa < da ? -1 : 0;
    ITEM(k, "artillery");
    k = ac > dc ? 1 : ac < dc ? -1 : 0;
    ITEM(k, "cavalry");
#undef ITEM
    return m;
}

static int loss_of(const rs_data *d, int letter, int size)
{
    if (letter <= 0)
        return 0;
    int b = 0;
    while (b < 4 && size > d->loss_band[b])
        b++;
    return d->loss[letter - 1][b];
}

static int ngen_in(const vb_game *g, const rs_state *s, int z, int camp)
{
    int n = 0;
    for (int i = 0; i < RS_D(g)->ng; i++)
        n += gen_in(g, s, i, z, camp);
    return n;
}

/* 3.2: the first step of a combat: each camp with two or more generals in
 * the zone places the one who commands on top of its stack, the attacker
 * first (`done`: the camp that has chosen, or -1); then the decoy (a
 * battle) or the evasion (a skirmish) */
static void next_top(const vb_game *g, rs_state *s, int done)
{
    int z = s->cb.zone, att = s->cb.att, def = 1 - att;
    if (done < 0 && ngen_in(g, s, z, att) >= 2)
        go(s, P_CB_TOP, att);
    else if (done != def && ngen_in(g, s, z, def) >= 2)
        go(s, P_CB_TOP, def);
    else
        go(s, s->cb.battle ? P_CB_DECOY : P_CB_EVADE, def);
}

void rs_start_combat(const vb_game *g, rs_state *s, int z, int c, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int nd, na = rs_battle_sp(g, s, z, c, &nd);
    if (na == 0 || nd == 0) { /* declared in the closed game, unseen */
        VB_LOG(cx, "[24.5.3] Cease-fire: no combat between French and English in %s", d->z[z].name);
        s->z[z].used[c] |= 0x10;
        s->cb.zone = -1;
        go(s, P_IMPULSE, s->active);
        return;
    }
    memset(&s->cb, 0, sizeof s->cb);
    s->cb.zone = (int8_t)z;
    s->cb.att = (int8_t)c;
    s->cb.battle = na >= 10 && nd >= 10;
    s->cb.loser = s->cb.retreater = s->cb.breaker = -1;
    s->cb.louis = d->g_louis >= 0 && s->gz[d->g_louis] == z;
    s->sub = 0; /* a siege earlier in the campaign may have left its column here */
    s->z[z].used[c] |= 0x10;
    VB_LOG(cx, "[17.1] %s attacks in %s: %d SP against %d - a %s%s", rs_camp_names[c], d->z[z].name,
           na, nd, s->cb.battle ? "battle" : "skirmish",
           rs_truce(g, s, s->z[z].army[c], s->z[z].army[1 - c])
               ? " (cease-fire: French and English SP do not count)"
               : "");
    if (s->cb.battle) {
        rs_use_marker(s, c, CAT_BATTLE, PK_USED);
        s->z[z].used[c] |= 1 << CAT_BATTLE;
    }
    s->gtop = 0;
    next_top(g, s, -1);
}

static void finish_combat(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    int z = s->cb.zone;
    rs_capture_lone_generals(g, s, z, cx);
    rs_update_control(g, s, z);
    s->cb.zone = -1;
    s->gtop = 0;
    go(s, P_IMPULSE, s->active);
}

/* Move camp's army and generals from the combat zone to `to`, paying the
 * march; attrition follows (rule 14: retreats too). */
static void retreat(const vb_game *g, rs_state *s, int camp, int to, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->cb.zone, sp = rs_army(s, z, camp), gi = rs_commander(g, s, z, camp);
    for (int t = 0; t < RS_NT && s->stay_camp == camp; t++)
        sp -= rs_stay(s, z, camp, t); /* frozen SP stay (24.3.3) */
    /* 13.1.1: doubled in winter (the strategic surprise's campaign) */
    int cost = rs_move_cost(g, sp, s->sgen >= 0), sc = gi >= 0 ? d->gd[gi].sc : 0;
    s->c[camp].rp = (int16_t)(s->c[camp].rp - cost);
    uint8_t moved[RS_NT];
    for (int t = 0; t < RS_NT; t++) {
        int m = s->z[z].army[camp][t] - rs_stay(s, z, camp, t);
        moved[t] = (uint8_t)m;
        s->z[to].army[camp][t] = (uint8_t)(s->z[to].army[camp][t] + m);
        s->z[z].army[camp][t] = (uint8_t)(s->z[z].army[camp][t] - m);
    }
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == z && rs_gcamp(g, s, i) == camp)
            s->gz[i] = (int8_t)to;
    VB_LOG(cx, "[17.2] The %s army (%d SP) retreats to %s for %d RP", rs_camp_names[camp], sp,
           d->z[to].name, cost);
    finish_combat(g, s, cx);
    rs_update_control(g, s, to);
    if (sp > 0)
        rs_start_attrition(g, s, to, camp, sp, (sc ? -1 : 0) + rs_enter_mod(g, s, camp, to),
                           P_IMPULSE, moved);
}

static void end_combat(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int att = s->cb.att, def = 1 - att, z = s->cb.zone;
    int loser = s->cb.breaker >= 0                  ? s->cb.breaker
                : s->cb.lost[att] > s->cb.lost[def] ? att
                                                    : def; /* 17.1.4: a tie goes to the attacker */
    int win = 1 - loser;
    s->cb.loser = (int8_t)loser;
    VB_LOG(cx, "[17.1.4] %s wins the %s in %s (SP lost: France %d, Coalition %d)",
           rs_camp_names[win], s->cb.battle ? "battle" : "skirmish", d->z[z].name, s->cb.lost[0],
           s->cb.lost[1]);
    if (s->cb.battle) {
        /* 17.3, 22.2.2: a GP, doubled with Louis XIV in the zone; 22.1 */
        rs_gp(g, s, win, s->cb.louis ? 2 : 1, cx);
        rs_alliance_win(g, s, win, cx);
    }
    if (s->cb.breaker >= 0) {
        if (rs_retreat_any(g, s, z, loser, rs_army(s, z, loser))) {
            go(s, P_CB_RETREAT, loser);
            return;
        }
        finish_combat(g, s, cx);
        return;
    }
    /* 17.2: the loser stays or withdraws (an army with a general) */
    if (rs_army(s, z, loser) > 0 && rs_commander(g, s, z, loser) >= 0 &&
        rs_retreat_any(g, s, z, loser, rs_army(s, z, loser))) {
        go(s, P_CB_LOSER, loser);
        return;
    }
    finish_combat(g, s, cx);
}

static void next_death(const vb_game *g, rs_state *s, vb_ctx *cx);

static void after_round(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    int z = s->cb.zone, att = s->cb.att, D, A = rs_battle_sp(g, s, z, att, &D);
    s->cb.round++;
    if (A == 0 || D == 0 || !s->cb.battle || s->cb.round >= 3) {
        end_combat(g, s, cx);
        return;
    }
    s->sub = 0;
    go(s, P_CB_BREAK, att);
}

static void next_death(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    for (int k = 0; k < 2; k++) {
        int camp = k == 0 ? s->cb.att : 1 - s->cb.att;
        if (!s->cb.pad[k])
            continue;
        int gi = rs_commander(g, s, s->cb.zone, camp);
        if (gi < 0 || gi == d->g_louis) {
            s->cb.pad[k] = 0; /* Louis XIV is not affected */
            continue;
        }
        s->k = (uint8_t)k;
        go(s, P_CB_DEATH, camp);
        return;
    }
    after_round(g, s, cx);
}

static void combat_round(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->cb.zone, att = s->cb.att, def = 1 - att;
    int D, A = rs_battle_sp(g, s, z, att, &D);
    char why[128];
    int col = rs_combat_ratio_col(A, D), m = rs_combat_mods(g, s, z, att, why, sizeof why);
    int row = die + m < 0 ? 0 : die + m > 12 ? 12 : die + m;
    int la = loss_of(d, d->cb_att[row][col], A), ld = loss_of(d, d->cb_def[row][col], D);
    static const char *const L = "-ABCD";
    if (la > A)
        la = A;
    if (ld > D)
        ld = D;
    s->cb.lost[att] = (int8_t)(s->cb.lost[att] + la);
    s->cb.lost[def] = (int8_t)(s->cb.lost[def] + ld);
    VB_LOG(cx,
           "[17.1.1] Round %d in %s: %d/%d, column %d; D6 %d%s = %d: attacker %c%s (%d SP), "
           "defender %c%s (%d SP)",
           s->cb.round + 1, d->z[z].name, A, D, col, die, why, die + m, L[d->cb_att[row][col]],
           d->cb_astar[row][col] ? "*" : "", la, L[d->cb_def[row][col]],
           d->cb_dstar[row][col] ? "*" : "", ld);
    s->cb.pad[0] = (int8_t)d->cb_astar[row][col];
    s->cb.pad[1] = (int8_t)d->cb_dstar[row][col];
    /* the owners eliminate their SP, the attacker first (rs_loss.c) */
    rs_start_losses(g, s, z, att, la, ld, LK_COMBAT, cx);
}

/* ---- siege ------------------------------------------------------------ */
int rs_siege_strength(const uint8_t *t)
{
    /* 18.1.1: infantry and artillery plus half the cavalry, rounded down */
    return rs_tsum(t, T_INF) + rs_tsum(t, T_INFE) + rs_tsum(t, T_ART) +
           (rs_tsum(t, T_CAV) + rs_tsum(t, T_CAVE)) / 2;
}

int rs_siege_col(int a, int d)
{
    if (d <= 0)
        return 5;
    int r = a / d;
    return r <= 1 ? 0 : r >= 6 ? 5 : r - 1;
}

int rs_siege_mods(const vb_game *g, const rs_state *s, char *why, size_t n)
{
    const rs_data *d = RS_D(g);
    int z = s->sg.zone, c = s->sg.camp, gc = 1 - c, m = 0;
    uint8_t at[RS_NT], ga[RS_NT]; /* the SP counted (24.5.3 1712-6: a cease-fire) */
    rs_siege_sp(g, s, z, c, at, ga);
    int A = rs_siege_strength(at), D = rs_siege_strength(ga) + s->z[z].fv;
    size_t len = 0;
    if (why && n)
        why[0] = 0;
#define ITEM(v, txt)                                                                               \
    do {                                                                                           \
        int v_ = (v);                                                                              \
        m += v_;                                                                                   \
        if (why && v_ && len < n)                                                                  \
            len += (size_t)snprintf(why + len, n - len, " %+d %s", v_, txt);                       \
    } while (0)
    ITEM(s->sg.effort ? 1 : 0, "war effort");
    ITEM(D > 0 && A >= 7 * D ? 1 : 0, "assault");
    if (c == RS_F) {
        ITEM(gen_in(g, s, d->g_louis, z, RS_F) ? 1 : 0, "Louis XIV");
        ITEM(gen_in(g, s, d->g_vauban, z, RS_F) ? 2 : 0, "Vauban");
        ITEM(gen_in(g, s, d->g_coehoorn, z, gc) ? -1 : 0, "Coehoorn besieged");
    } else {
        ITEM(gen_in(g, s, d->g_coehoorn, z, RS_C) ? 1 : 0, "Coehoorn");
        ITEM(gen_in(g, s, d->g_vauban, z, gc) ? -1 : 0, "Vauban besieged");
    }
    ITEM(rs_tsum(at, T_ART), "bombardment");
    ITEM(s->sg.breach ? 1 : 0, "breach");
    ITEM(s->sg.naval ? 1 : 0, "naval support");
    const rs_event *e = rs_event_of(g, s); /* 24.4.3 1688-6: unpaid German garrisons */
    ITEM(e && e->kind == EV_SIEGE_BONUS && e->camp == c && d->z[z].state == e->state ? 1 : 0,
         "unpaid garrison");
#undef ITEM
    return m;
}

void rs_start_siege(const vb_game *g, rs_state *s, int z, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int c = s->active;
    uint8_t at[RS_NT], ga[RS_NT];
    if (!rs_siege_sp(g, s, z, c, at, ga)) { /* declared in the closed game, unseen */
        VB_LOG(cx, "[24.5.3] Cease-fire: no siege between French and English in %s", d->z[z].name);
        s->z[z].used[c] |= 1 << CAT_SIEGE;
        go(s, P_IMPULSE, s->active);
        return;
    }
    memset(&s->sg, 0, sizeof s->sg);
    s->sg.zone = (int8_t)z;
    s->sg.camp = (int8_t)c;
    s->sg.fv0 = (int8_t)s->z[z].fv;
    /* 18.2: naval support from a controlled box of the zone's sea
     * (reconstructed: +1) */
    for (int b = 0; b < RS_NBOX; b++)
        if (d->b[b].sea && d->z[z].sea[b] && s->boxc[b] == c)
            s->sg.naval = 1;
    rs_use_marker(s, c, CAT_SIEGE, PK_USED);
    s->z[z].used[c] |= 1 << CAT_SIEGE;
    VB_LOG(cx, "[18] %s besieges %s (FV %d)", rs_camp_names[c], d->z[z].name, s->z[z].fv);
    go(s, P_SG_ROUNDS, c);
}

static void end_siege(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    int z = s->sg.zone;
    rs_capture_lone_generals(g, s, z, cx);
    rs_update_control(g, s, z);
    s->sg.zone = -1;
    go(s, P_IMPULSE, s->active);
}

static void next_siege_round(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    (void)g;
    (void)cx;
    if (s->c[s->sg.camp].rp >= 1)
        go(s, P_SG_EFFORT, s->sg.camp);
    else {
        s->sg.effort = 0;
        go(s, P_SG_ROLL, s->sg.camp);
    }
}

static void move_out(const vb_game *g, rs_state *s, int z, int gc, int to, int with_generals)
{
    const rs_data *d = RS_D(g);
    for (int t = 0; t < RS_NT; t++) {
        if (to >= 0)
            s->z[to].army[gc][t] = (uint8_t)(s->z[to].army[gc][t] + s->z[z].garr[t]);
        else
            s->c[gc].prison[t] = (uint8_t)(s->c[gc].prison[t] + s->z[z].garr[t]);
        s->z[z].garr[t] = 0;
    }
    if (with_generals)
        for (int i = 0; i < d->ng; i++)
            if (s->gz[i] == z && rs_gcamp(g, s, i) == gc)
                s->gz[i] = (int8_t)(to >= 0 ? to : GZ_PRISON);
}

/* 18.1.3, 18.1.2 Sh: the besieger's control marker on the zone taken;
 * none on France Ouest (rs_may_take, 22.3) */
static void take_zone(const vb_game *g, rs_state *s, int z, int c)
{
    if (rs_may_take(g, z, c))
        s->z[z].mk = (int8_t)c;
}

static void siege_es_rest(const vb_game *g, rs_state *s, vb_ctx *cx);
static void siege_es_generals(const vb_game *g, rs_state *s, vb_ctx *cx);

/* the garrison beyond the zone's FV leaves the fortress and stands in the
 * zone as an army; its owner picks which SP (rs_loss.c, `out KIND`), then
 * `kont` goes on from there. 0 when nothing is beyond the FV (the caller
 * goes on). */
static int out_of_fv(const vb_game *g, rs_state *s, int z, int gc, int kont, vb_ctx *cx)
{
    int surplus = rs_sp(s->z[z].garr) - s->z[z].fv;
    if (surplus <= 0)
        return 0;
    rs_start_losses(g, s, z, gc, surplus, 0, kont, cx);
    return 1;
}
static void siege_after_end(const vb_game *g, rs_state *s, int conquered, vb_ctx *cx);

/* 18.1.2 Sh: "placed in an adjacent zone controlled by their camp" (one
 * the camp may enter this year) */
int rs_honours_ok(const vb_game *g, const rs_state *s, int z, int to, int gc)
{
    const rs_data *d = RS_D(g);
    int adj = 0;
    for (int i = 0; i < d->z[z].nadj; i++)
        adj |= d->z[z].adj[i] == to;
    return adj && rs_ctrl(g, s, to) == gc && rs_enterable(g, s, to, gc);
}

/* 1 when the besieged camp has SP or generals in the fortress of z */
static int honours_cargo(const vb_game *g, const rs_state *s, int z, int gc)
{
    if (rs_sp(s->z[z].garr))
        return 1;
    for (int i = 0; i < RS_D(g)->ng; i++)
        if (s->gz[i] == z && rs_gcamp(g, s, i) == gc)
            return 1;
    return 0;
}

/* Sh: the garrison and its generals go to `to` (-1: prisoners of the
 * besieger), the fortress falls; the siege ends */
static void honours(const vb_game *g, rs_state *s, int to, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->sg.zone, c = s->sg.camp, gc = 1 - c;
    move_out(g, s, z, gc, to, 1);
    take_zone(g, s, z, c);
    if (s->z[z].line && s->z[z].linec != c)
        s->z[z].line = 0;
    VB_LOG(cx, "[18.1.2] Surrender with honours: %s falls to %s; the garrison %s%s", d->z[z].name,
           rs_camp_names[c], to >= 0 ? "goes to " : "is taken prisoner",
           to >= 0 ? d->z[to].name : "");
    siege_after_end(g, s, 1, cx);
}

/* 18.1.2: the results after the SP losses: #FV, Es, Sh, Br. */
static void siege_after(const vb_game *g, rs_state *s, int row, int col, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->sg.zone, c = s->sg.camp, gc = 1 - c;
    int f = d->sg_res[row][col], red = d->sg_fv[row][col];
    int nf = s->z[z].fv > red ? s->z[z].fv - red : 0;
    s->z[z].fv = (uint8_t)nf;
    int surplus = rs_sp(s->z[z].garr) - nf;
    if (f & SR_SH) {
        /* surrender with honours: the garrison's owner picks the adjacent
         * zone of its camp (one candidate, or nothing to place: no
         * decision) */
        int to = -1, nc = 0;
        for (int i = 0; i < d->z[z].nadj; i++)
            if (rs_honours_ok(g, s, z, d->z[z].adj[i], gc) && nc++ == 0)
                to = d->z[z].adj[i];
        if (nc > 1 && honours_cargo(g, s, z, gc)) {
            go(s, P_HONOURS, gc);
            return;
        }
        honours(g, s, to, cx);
        return;
    } else if (f & SR_ES) {
        VB_LOG(cx, "[18.1.2] Edge of the sword in %s", d->z[z].name);
        if (surplus > 0) {
            /* the garrison's owner picks the SP eliminated (rs_loss.c) */
            rs_start_losses(g, s, z, gc, surplus, 0, LK_SIEGE_ES, cx);
            return;
        }
        siege_es_rest(g, s, cx);
        return;
    } else if (out_of_fv(g, s, z, gc, LK_OUT_FV, cx)) {
        return;
    }
    siege_after_end(g, s, 0, cx);
}

/* 18.1.2 Es after the losses: with FV 0, the generals go to the Reserve */
static void siege_es_rest(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    int z = s->sg.zone, gc = 1 - s->sg.camp;
    /* SP a cease-fire kept from the sword follow the army (24.5.3) */
    if (!out_of_fv(g, s, z, gc, LK_OUT_ES, cx))
        siege_es_generals(g, s, cx);
}

/* Es, the garrison out: with FV 0 the generals go to the Reserve */
static void siege_es_generals(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->sg.zone, gc = 1 - s->sg.camp;
    if (s->z[z].fv == 0)
        for (int i = 0; i < d->ng; i++)
            if (s->gz[i] == z && rs_gcamp(g, s, i) == gc && rs_army(s, z, gc) == 0)
                s->gz[i] = GZ_RESERVE;
    siege_after_end(g, s, 0, cx);
}

/* 18.1.2-18.1.3: breach, conquest, the end of the siege */
static void siege_after_end(const vb_game *g, rs_state *s, int conquered, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->sg.zone, c = s->sg.camp, gc = 1 - c;
    int f = d->sg_res[s->k][s->sub];
    s->sg.breach = (f & SR_BR) ? 1 : 0;
    s->sg.round++;
    if (!conquered && s->z[z].fv == 0 && rs_army(s, z, gc) == 0) {
        take_zone(g, s, z, c); /* 18.1.3: no FV and no defender: the zone is conquered */
        conquered = 1;
        VB_LOG(cx, "[18.1.3] %s is conquered by %s", d->z[z].name, rs_camp_names[c]);
    }
    if (conquered) {
        if (s->sg.fv0 == 4) {
            /* 18.3, 22.2.2: an FV4 taken in one campaign with one marker */
            rs_gp(g, s, c, 1, cx);
            rs_alliance_win(g, s, c, cx);
        }
        end_siege(g, s, cx);
        return;
    }
    uint8_t at[RS_NT], ga[RS_NT];
    rs_siege_sp(g, s, z, c, at, ga);
    if (s->sg.round >= s->sg.rounds || rs_sp(at) == 0 || rs_army(s, z, gc) > 0 || s->z[z].fv == 0) {
        VB_LOG(cx, "[18.1.3] The siege of %s ends, FV %d", d->z[z].name, s->z[z].fv);
        end_siege(g, s, cx);
        return;
    }
    go(s, P_SG_CONT, c);
}

static int garrison_tc(const vb_game *g, const rs_state *s, int z, int gc)
{
    const rs_data *d = RS_D(g);
    int best = -1;
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == z && rs_gcamp(g, s, i) == gc && d->gd[i].tc > best)
            best = d->gd[i].tc;
    return best;
}

static void siege_roll_rest(const vb_game *g, rs_state *s, vb_ctx *cx);

static void siege_roll(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->sg.zone, c = s->sg.camp;
    uint8_t at[RS_NT], ga[RS_NT];
    rs_siege_sp(g, s, z, c, at, ga);
    int A = rs_siege_strength(at), D = rs_siege_strength(ga) + s->z[z].fv;
    char why[160];
    int col = rs_siege_col(A, D), m = rs_siege_mods(g, s, why, sizeof why);
    int row = die + m < 0 ? 0 : die + m > 13 ? 13 : die + m;
    int f = d->sg_res[row][col];
    VB_LOG(cx, "[18.1.1] Siege of %s, round %d: %d/%d, column %d; D6 %d%s = %d", d->z[z].name,
           s->sg.round + 1, A, D, col, die, why, die + m);
    s->sg.effort = 0;
    s->k = (uint8_t)row;
    s->sub = (uint8_t)col;
    if (f & SR_A) {
        /* "A: see the Losses table": the column of the army's SP (as in a
         * combat), not of its siege strength */
        int have = rs_sp(at), l = loss_of(d, 1, have);
        VB_LOG(cx, "[18.1.2] A: the besieger loses %d SP", l < have ? l : have);
        rs_start_losses(g, s, z, c, l < have ? l : have, 0, LK_SIEGE_A, cx);
        return;
    }
    siege_roll_rest(g, s, cx);
}

/* 18.1.2 after A: S, S+, then the results on the fortress */
static void siege_roll_rest(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int z = s->sg.zone, c = s->sg.camp, gc = 1 - c;
    int f = d->sg_res[s->k][s->sub];
    if (f & (SR_S | SR_SP)) {
        /* S+: "eliminate 1 artillery SP if this unit is present", of the SP
         * that count (24.5.3); the besieger picks its nationality */
        uint8_t at[RS_NT], ga[RS_NT];
        int art = 0;
        rs_siege_sp(g, s, z, c, at, ga);
        for (int k = T_ART; k < RS_NT; k += RS_NTY)
            art += at[k];
        if ((f & SR_SP) && art > 0) {
            VB_LOG(cx, "[18.1.2] S+: the besieger's cannon are spiked, 1 artillery SP lost");
            rs_start_losses(g, s, z, c, 1, 0, LK_SPIKE, cx);
            return;
        } else if (garrison_tc(g, s, z, gc) >= 0) {
            go(s, P_SG_SORTIE, c);
            return;
        }
    }
    siege_after(g, s, s->k, s->sub, cx);
}

static void sortie(const vb_game *g, rs_state *s, int die, vb_ctx *cx)
{
    int z = s->sg.zone, c = s->sg.camp, tc = garrison_tc(g, s, z, 1 - c);
    if (die < tc) {
        uint8_t at[RS_NT], ga[RS_NT];
        rs_siege_sp(g, s, z, c, at, ga);
        int have = rs_sp(at), l = die < have ? die : have;
        VB_LOG(cx, "[18.1.2] Sortie: D6 %d < TC %d, the besieger loses %d SP", die, tc, l);
        rs_start_losses(g, s, z, c, l, 0, LK_SORTIE, cx);
        return;
    } else {
        VB_LOG(cx, "[18.1.2] Sortie: D6 %d >= TC %d, no effect", die, tc);
    }
    siege_after(g, s, s->k, s->sub, cx);
}

/* what follows the owners' choice of losses in a combat or a siege */
void rs_after_losses_combat(const vb_game *g, rs_state *s, int kont, vb_ctx *cx)
{
    if (kont == LK_COMBAT)
        next_death(g, s, cx);
    else if (kont == LK_SIEGE_A)
        siege_roll_rest(g, s, cx);
    else if (kont == LK_SIEGE_ES)
        siege_es_rest(g, s, cx);
    else if (kont == LK_OUT_ES)
        siege_es_generals(g, s, cx);
    else if (kont == LK_OUT_FV)
        siege_after_end(g, s, 0, cx);
    else /* LK_SORTIE, LK_SPIKE */
        siege_after(g, s, s->k, s->sub, cx);
}

/* 13.3: "A successful interception does not allow the inactive player to
 * engage in a battle unless he spends a Battle marker": once the active
 * army has halted, the interceptor may attack it as in his own campaign (a
 * battle with a Battle marker, a skirmish without; a general to lead it). */
int rs_icpt_can_attack(const vb_game *g, const rs_state *s)
{
    int z = s->icpt, c = 1 - s->active;
    if (z < 0 || z >= RS_D(g)->nz)
        return 0;
    int ao = rs_army(s, z, 1 - c), ac = rs_army(s, z, c);
    if (!s->h.opts[0]) /* the closed game goes by the strengths seen (legal_impulse) */
        ac = rs_battle_sp(g, s, z, c, &ao);
    return ac > 0 && ao > 0 && rs_commander(g, s, z, c) >= 0 && !(s->z[z].used[c] & 0x10) &&
           (ac < 10 || ao < 10 || rs_held(s, c, CAT_BATTLE) >= 0);
}

/* after the active march (and its attrition): the interceptor's choice */
void rs_icpt_offer(const vb_game *g, rs_state *s)
{
    if (s->icpt >= 0 && rs_icpt_can_attack(g, s)) {
        go(s, P_ICPT_BATTLE, 1 - s->active);
        return;
    }
    s->icpt = -1;
    go(s, P_IMPULSE, s->active);
}

/* ---- decisions -------------------------------------------------------- */
int rs_legal_combat(const vb_game *g, const rs_state *s, vb_action *a, int n, int cap)
{
    const rs_data *d = RS_D(g);
    int c = s->who, z = s->cb.zone;
    switch (s->phase) {
    case P_ICPT_BATTLE:
        PUSH(ACT(OP_NOATTACK, 0, 0, 0));
        PUSH(ACT(OP_ATTACK, s->icpt, 0, 0));
        break;
    case P_CB_DECOY:
        PUSH(ACT(OP_NODECOY, 0, 0, 0));
        if (rs_held(s, c, CAT_DECOY) >= 0)
            PUSH(ACT(OP_DECOY, 0, 0, 0));
        break;
    case P_CB_EVADE:
        PUSH(ACT(OP_STAND, 0, 0, 0));
        if (rs_commander(g, s, z, c) >= 0)
            PUSH(ACT(OP_EVADE, 0, 0, 0));
        break;
    case P_CB_RETREAT:
    case P_CB_LOSER:
        if (s->phase == P_CB_LOSER)
            PUSH(ACT(OP_STAY, 0, 0, 0));
        for (int i = 0; i < d->z[z].nadj; i++)
            if (rs_retreat_ok(g, s, z, d->z[z].adj[i], c, rs_army(s, z, c)))
                PUSH(ACT(s->phase == P_CB_LOSER ? OP_WITHDRAW : OP_RETREAT, d->z[z].adj[i], 0, 0));
        break;
    case P_CB_BREAK:
        PUSH(ACT(OP_FIGHTON, 0, 0, 0));
        if (rs_commander(g, s, z, c) >= 0)
            PUSH(ACT(OP_BREAKOFF, 0, 0, 0));
        break;
    case P_SG_EFFORT:
        PUSH(ACT(OP_NOEFFORT, 0, 0, 0));
        if (s->c[c].rp >= 1)
            PUSH(ACT(OP_EFFORT, 0, 0, 0));
        break;
    case P_SG_CONT:
        PUSH(ACT(OP_CONTINUE, 0, 0, 0));
        PUSH(ACT(OP_STOPSIEGE, 0, 0, 0));
        break;
    case P_CB_TOP:
        for (int i = 0; i < d->ng; i++)
            if (gen_in(g, s, i, z, c))
                PUSH(ACT(OP_COMMAND, i, 0, 0));
        break;
    case P_HONOURS:
        for (int i = 0; i < d->z[s->sg.zone].nadj; i++)
            if (rs_honours_ok(g, s, s->sg.zone, d->z[s->sg.zone].adj[i], c))
                PUSH(ACT(OP_HONOURS, d->z[s->sg.zone].adj[i], 0, 0));
        break;
    }
    return n;
}

static int test(const vb_game *g, const rs_state *s, int z, int camp, int die, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int gi = rs_commander(g, s, z, camp), ge = rs_commander(g, s, z, 1 - camp);
    int diff = (gi >= 0 ? d->gd[gi].sc : 0) - (ge >= 0 ? d->gd[ge].sc : 0);
    int ok = die + diff > d->test_above;
    VB_LOG(cx, "[2] Initiative test of %s: D6 %d%+d = %d %s", rs_camp_names[camp], die, diff,
           die + diff, ok ? "passed" : "failed");
    return ok;
}

int rs_apply_combat(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int op = A_OP(a), die = A_X(a), z = s->cb.zone;
    switch (s->phase) {
    case P_ICPT_BATTLE: {
        int iz = s->icpt;
        s->icpt = -1;
        if (op == OP_ATTACK && iz >= 0)
            rs_start_combat(g, s, iz, s->who, cx);
        else
            go(s, P_IMPULSE, s->active);
        return 0;
    }
    case P_CB_TOP: {
        int gi = A_X(a), c = s->who;
        if (op != OP_COMMAND || gi >= d->ng || !gen_in(g, s, gi, z, c))
            return vb_fail(cx, VB_EILLEGAL,
                           "the commander is one of the camp's generals in the combat's zone "
                           "(rule 3.2)");
        for (int i = 0; i < d->ng; i++)
            if (gen_in(g, s, i, z, c))
                s->gtop &= ~((uint64_t)1 << i);
        s->gtop |= (uint64_t)1 << gi;
        VB_LOG(cx, "[3.2] %s commands the %s army in %s (TC %d, SC %d)", d->gd[gi].name,
               rs_camp_names[c], d->z[z].name, d->gd[gi].tc, d->gd[gi].sc);
        next_top(g, s, c);
        return 0;
    }
    case P_CB_DECOY:
        if (op == OP_DECOY) {
            int att = s->cb.att;
            rs_use_marker(s, s->who, CAT_DECOY, PK_USED);
            for (int i = s->c[att].npick - 1; i >= 0; i--)
                if (s->c[att].pick[i] == CAT_BATTLE && s->c[att].pstate[i] == PK_USED) {
                    s->c[att].pstate[i] = PK_CANCELLED;
                    break;
                }
            VB_LOG(cx, "[16] Decoy: the battle in %s does not take place", d->z[z].name);
            finish_combat(g, s, cx);
        } else {
            go(s, P_CB_EVADE, s->who);
        }
        return 0;
    case P_CB_EVADE:
        if (op == OP_EVADE)
            go(s, P_CB_EVTEST, s->who);
        else
            go(s, P_CB_ROUND, s->cb.att);
        return 0;
    case P_CB_EVTEST: {
        int def = 1 - s->cb.att;
        if (test(g, s, z, def, die, cx) && rs_retreat_any(g, s, z, def, rs_army(s, z, def))) {
            s->cb.retreater = (int8_t)def;
            go(s, P_CB_RETREAT, def);
        } else {
            go(s, P_CB_ROUND, s->cb.att);
        }
        return 0;
    }
    case P_CB_RETREAT:
    case P_CB_LOSER:
        if (op == OP_STAY)
            finish_combat(g, s, cx);
        else
            retreat(g, s, s->who, A_X(a), cx);
        return 0;
    case P_CB_ROUND:
        combat_round(g, s, die, cx);
        return 0;
    case P_CB_DEATH: {
        int camp = s->who, gi = rs_commander(g, s, z, camp);
        s->cb.pad[s->k] = 0;
        if (die == 1 && gi >= 0) {
            s->gz[gi] = GZ_RESERVE;
            VB_LOG(cx, "[17.1.2] *: %s is killed (D6 1)", d->gd[gi].name);
            /* 20, 3.2: the surprise is its army's ("only one army per
             * camp"): the next general of the stack leads it, having
             * marched if it has */
            int next = gi == s->sgen && s->mv.surprise ? rs_commander(g, s, z, camp) : -1;
            if (next >= 0) {
                s->sgen = (int8_t)next;
                s->gmoved |= (s->gmoved >> gi & 1) << next;
                VB_LOG(cx, "[20] %s leads the strategic surprise's army", d->gd[next].name);
            }
        } else {
            VB_LOG(cx, "[17.1.2] *: %s survives (D6 %d)", gi >= 0 ? d->gd[gi].name : "-", die);
        }
        next_death(g, s, cx);
        return 0;
    }
    case P_CB_BREAK:
        if (op == OP_BREAKOFF) {
            go(s, P_CB_BRTEST, s->who);
        } else if (s->sub == 0) {
            s->sub = 1;
            go(s, P_CB_BREAK, 1 - s->cb.att);
        } else {
            go(s, P_CB_ROUND, s->cb.att);
        }
        return 0;
    case P_CB_BRTEST:
        if (test(g, s, z, s->who, die, cx)) {
            s->cb.breaker = (int8_t)s->who;
            end_combat(g, s, cx);
        } else if (s->sub == 0) {
            s->sub = 1;
            go(s, P_CB_BREAK, 1 - s->cb.att);
        } else {
            go(s, P_CB_ROUND, s->cb.att);
        }
        return 0;
    case P_SG_ROUNDS: {
        int r = die - (s->sgen >= 0 ? 2 : 0);
        s->sg.rounds = (int8_t)(r < 0 ? 0 : r);
        VB_LOG(cx, "[18.1] %d siege rounds", s->sg.rounds);
        if (s->sg.rounds == 0)
            end_siege(g, s, cx);
        else
            next_siege_round(g, s, cx);
        return 0;
    }
    case P_SG_EFFORT:
        if (op == OP_EFFORT) {
            s->c[s->who].rp--;
            s->sg.effort = 1;
        }
        go(s, P_SG_ROLL, s->who);
        return 0;
    case P_SG_ROLL:
        siege_roll(g, s, die, cx);
        return 0;
    case P_SG_SORTIE:
        sortie(g, s, die, cx);
        return 0;
    case P_SG_CONT:
        if (op == OP_CONTINUE)
            next_siege_round(g, s, cx);
        else {
            VB_LOG(cx, "[18.1.3] The besieger stops the siege of %s", d->z[s->sg.zone].name);
            end_siege(g, s, cx);
        }
        return 0;
    case P_HONOURS:
        if (op != OP_HONOURS || A_X(a) >= d->nz || !rs_honours_ok(g, s, s->sg.zone, A_X(a), s->who))
            return vb_fail(cx, VB_EILLEGAL,
                           "the garrison goes to an adjacent zone its camp controls (rule "
                           "18.1.2 Sh)");
        honours(g, s, A_X(a), cx);
        return 0;
    }
    return vb_fail(cx, VB_EILLEGAL, "no combat or siege decision now");
}
