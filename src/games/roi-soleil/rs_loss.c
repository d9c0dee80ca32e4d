/*
 * rs_loss.c - losses chosen by their owner. The Losses table (§17.1.1)
 * gives "the number of SP to be eliminated by the owning player", and the
 * Attrition and Desertion table (§14) and the siege results A and S (§18.1.2)
 * take SP the same way: the owner picks, one SP at a time, which unit type
 * goes to the Reserve. No decision is asked when only one type stands in
 * the army or when it loses everything (every choice is the same).
 *
 * The garrison beyond a reduced FV under Es (18.1.2: "the surplus SP are
 * eliminated") is chosen the same way, out of the garrison; so are the SP of
 * a garrison beyond a plain -FV that leave the fortress for the zone (there
 * they stand as an army, `out KIND`) and, under S+, which of the besieger's
 * artillery SP is spiked when it holds several nationalities' artillery.
 *
 * Combat losses of both camps are chosen in turn, the attacker first, after
 * the round's result is known to both (the rulebook removes counters at the
 * end of the round, §17.1.1 note); in the closed game the types chosen are
 * seen by their owner only (rs_visibility).
 */
#include "rs_int.h"

#define PUSH(act) VB_PUSH(a, n, cap, act)

/* 1 when every way of taking n SP from t gives the same army */
static int forced(const uint8_t *t, int n)
{
    int kinds = 0;
    for (int i = 0; i < RS_NT; i++)
        kinds += t[i] > 0;
    return kinds <= 1 || n >= rs_sp(t);
}

/* The SP camp c may lose now, into p: in a combat or a siege only the SP
 * that count (24.5.3 1712-6: under a cease-fire French and English SP "do
 * not count but follow the army"). */
static void pool(const vb_game *g, const rs_state *s, int c, uint8_t *p)
{
    int z = s->loss_zone, b = s->sg.camp;
    const uint8_t *t = s->loss_garr ? s->z[z].garr : s->z[z].army[c];
    const uint8_t *o = s->loss_k == LK_COMBAT ? s->z[z].army[1 - c]
                       : s->loss_garr         ? s->z[z].army[b]
                                              : s->z[z].garr;
    if (s->loss_k == LK_ATTR) /* the moving army only (rs_start_attrition) */
        for (int i = 0; i < RS_NT; i++)
            p[i] = s->attr_army[i] < t[i] ? s->attr_army[i] : t[i];
    else if (LK_OUT(s->loss_k)) /* every SP of the garrison leaves */
        memcpy(p, t, RS_NT);
    else
        rs_side(g, s, t, o, p);
    if (s->loss_k == LK_SPIKE) /* S+: "eliminate 1 artillery SP" */
        for (int i = 0; i < RS_NT; i++)
            if (K_TY(i) != T_ART)
                p[i] = 0;
}

/* where the SP taken go: the Reserve, or the zone (an army) when they
 * leave the fortress */
static uint8_t *dest(rs_state *s, int c)
{
    return LK_OUT(s->loss_k) ? s->z[s->loss_zone].army[c] : s->c[c].reserve;
}

static void next_loss(const vb_game *g, rs_state *s, vb_ctx *cx)
{
    int z = s->loss_zone;
    for (int k = 0; k < 2; k++) {
        int c = k == 0 ? s->loss_first : 1 - s->loss_first;
        uint8_t *t = s->loss_garr ? s->z[z].garr : s->z[z].army[c], p[RS_NT], q[RS_NT];
        pool(g, s, c, p);
        if (s->loss[c] > rs_sp(p))
            s->loss[c] = (uint8_t)rs_sp(p);
        if (s->loss[c] && forced(p, s->loss[c])) {
            uint8_t r[RS_NT] = {0}, *to = dest(s, c);
            memcpy(q, p, RS_NT);
            rs_take_losses(s, q, s->loss[c], c); /* one kind, or all: no order */
            for (int i = 0; i < RS_NT; i++) {
                int m = p[i] - q[i];
                t[i] = (uint8_t)(t[i] - m);
                r[i] = (uint8_t)m;
                if (s->loss_k == LK_ATTR)
                    s->attr_army[i] = (uint8_t)(s->attr_army[i] - m);
            }
            if (to != s->c[c].reserve) /* rs_take_losses put them in the Reserve */
                for (int i = 0; i < RS_NT; i++) {
                    s->c[c].reserve[i] = (uint8_t)(s->c[c].reserve[i] - r[i]);
                    to[i] = (uint8_t)(to[i] + r[i]);
                }
            s->loss[c] = 0;
        }
        if (s->loss[c]) {
            s->phase = P_LOSS;
            s->who = (uint8_t)c;
            return;
        }
    }
    int kont = s->loss_k;
    s->loss_k = LK_NONE;
    s->loss_zone = -1;
    s->loss_first = 0;
    s->loss_garr = 0;
    if (kont == LK_ATTR)
        rs_after_attrition(g, s, cx);
    else
        rs_after_losses_combat(g, s, kont, cx);
}

/* Losses lf for camp `first` and lo for the other in zone z, then `kont`. */
void rs_start_losses(const vb_game *g, rs_state *s, int z, int first, int lf, int lo, int kont,
                     vb_ctx *cx)
{
    s->loss_zone = (int8_t)z;
    s->loss_first = (uint8_t)first;
    s->loss[first] = (uint8_t)(lf < 0 ? 0 : lf > 255 ? 255 : lf);
    s->loss[1 - first] = (uint8_t)(lo < 0 ? 0 : lo > 255 ? 255 : lo);
    s->loss_k = (uint8_t)kont;
    s->loss_garr = LK_GARR(kont) ? 1 : 0;
    next_loss(g, s, cx);
}

int rs_legal_loss(const vb_game *g, const rs_state *s, vb_action *a, int n, int cap)
{
    uint8_t p[RS_NT];
    pool(g, s, s->who, p);
    int op = LK_OUT(s->loss_k) ? OP_OUT : OP_LOSE;
    for (int i = 0; i < RS_NT; i++)
        if (p[i])
            PUSH(ACT(op, i, 0, 0));
    return n;
}

int rs_apply_loss(const vb_game *g, rs_state *s, vb_action a, vb_ctx *cx)
{
    int c = s->who, ty = A_X(a);
    uint8_t *t = s->loss_garr ? s->z[s->loss_zone].garr : s->z[s->loss_zone].army[c], p[RS_NT];
    pool(g, s, c, p);
    int out = LK_OUT(s->loss_k);
    if (A_OP(a) != (out ? OP_OUT : OP_LOSE) || ty >= RS_NT || !p[ty] || !s->loss[c])
        return vb_fail(cx, VB_EILLEGAL, "no such loss to take now");
    t[ty]--;
    if (s->loss_k == LK_ATTR)
        s->attr_army[ty]--;
    dest(s, c)[ty]++;
    s->loss[c]--;
    char kb[2 * RS_NAME];
    rs_kind_name(g, ty, kb, sizeof kb);
    if (out)
        VB_LOG_TO(cx, s->h.opts[0] ? VB_ROLE_BIT(c) : VB_ALL_ROLES,
                  "[18.1.2] 1 %s SP of %s leaves the fortress for the zone", kb, rs_camp_names[c]);
    else
        VB_LOG_TO(cx, s->h.opts[0] ? VB_ROLE_BIT(c) : VB_ALL_ROLES, "[%s] %s eliminates 1 %s SP",
                  s->loss_k == LK_SPIKE ? "18.1.2 S+" : "17.1.1", rs_camp_names[c], kb);
    next_loss(g, s, cx);
    return 0;
}
