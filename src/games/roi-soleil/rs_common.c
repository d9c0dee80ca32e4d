/*
 * rs_common.c - helpers shared by the rules files: unit sums, control and
 * contested zones (5.3), movement cost (13.1.1), commanders, resource
 * points (8.1), markers, losses in the fixed order, control updates,
 * captured generals (17.2), glory points, alliance cursors and
 * neutralisation (22.1), retreats.
 */
#include <stdlib.h>

#include "rs_int.h"

/* ---- small helpers ---------------------------------------------------- */
int rs_tsum(const uint8_t *t, int ty)
{
    int n = 0;
    for (int i = ty; i < RS_NT; i += RS_NTY)
        n += t[i];
    return n;
}

int rs_nsum(const uint8_t *t, int nat)
{
    int n = 0;
    for (int i = 0; i < RS_NTY; i++)
        n += t[KIND(nat, i)];
    return n;
}

int rs_army(const rs_state *s, int z, int camp)
{
    return rs_sp(s->z[z].army[camp]);
}

/* 24.5.3 1712-6 (and 1713-4, "same as event 6 from 1712"): "The combats
 * (battle, siege, skirmish) between the French and English are prohibited
 * in 1712. If combats engage allied units among which French or English
 * units are present, their SP do not count but follow the army which stay
 * or retreat after combat." Read: the cease-fire touches a combat where one
 * side holds SP of one of the two nations and the other side SP of the
 * other; then neither nation's SP count on either side (they take no
 * losses, add no modifier and stay with their army), and a combat where a
 * side would count no SP at all is prohibited (French against English
 * alone). 1 when the cease-fire of this year touches sides t and o. */
int rs_truce(const vb_game *g, const rs_state *s, const uint8_t *t, const uint8_t *o)
{
    const rs_event *e = rs_event_of(g, s);
    if (!e || e->kind != EV_CEASEFIRE)
        return 0;
    int a = -1, b = -1;
    for (int n = 0; n < RS_NN; n++)
        if (e->nats >> n & 1) {
            if (a < 0)
                a = n;
            else
                b = n;
        }
    if (a < 0 || b < 0)
        return 0;
    return (rs_nsum(t, a) && rs_nsum(o, b)) || (rs_nsum(t, b) && rs_nsum(o, a));
}

/* The SP of side t that count in a combat against side o, copied into out
 * (all of them unless a cease-fire touches the two sides); their number. */
int rs_side(const vb_game *g, const rs_state *s, const uint8_t *t, const uint8_t *o, uint8_t *out)
{
    memcpy(out, t, RS_NT);
    if (rs_truce(g, s, t, o)) {
        const rs_event *e = rs_event_of(g, s);
        for (int k = 0; k < RS_NT; k++)
            if (e->nats >> K_NAT(k) & 1)
                out[k] = 0;
    }
    return rs_sp(out);
}

/* The SP of camp c counted in a battle or skirmish in z; *theirs the
 * enemy's. */
int rs_battle_sp(const vb_game *g, const rs_state *s, int z, int c, int *theirs)
{
    uint8_t tmp[RS_NT];
    const uint8_t *A = s->z[z].army[c], *D = s->z[z].army[1 - c];
    if (theirs)
        *theirs = rs_side(g, s, D, A, tmp);
    return rs_side(g, s, A, D, tmp);
}

/* A siege of z by camp c: the besieger's SP counted into att, the
 * garrison's into gar; 0 when the cease-fire prohibits it (a side with SP
 * and none counted). */
int rs_siege_sp(const vb_game *g, const rs_state *s, int z, int c, uint8_t *att, uint8_t *gar)
{
    const uint8_t *A = s->z[z].army[c], *G = s->z[z].garr;
    int a = rs_side(g, s, A, G, att), d = rs_side(g, s, G, A, gar);
    return a > 0 && (d > 0 || rs_sp(G) == 0);
}

/* 1 when an attack in z by camp c (the closed game's offer) is a battle: ten
 * SP counted on each side (17) */
int rs_is_battle(const vb_game *g, const rs_state *s, int z, int c)
{
    int o, m = rs_battle_sp(g, s, z, c, &o);
    return m >= 10 && o >= 10;
}

/* Rule 5.3: a zone is controlled by a control marker, else by its state's
 * camp. France Ouest is always French (rule 13.4.1). */
int rs_ctrl(const vb_game *g, const rs_state *s, int z)
{
    const rs_data *d = RS_D(g);
    if (s->z[z].mk >= 0)
        return s->z[z].mk;
    int st = d->z[z].state;
    return s->neutralised[st] ? -1 : s->scamp[st];
}

static int present(const vb_game *g, const rs_state *s, int z, int camp)
{
    return rs_army(s, z, camp) > 0 || (s->z[z].fv > 0 && rs_ctrl(g, s, z) == camp);
}

/* Rule 5.3: units of both sides (army, fortress) in the zone. */
int rs_contested(const vb_game *g, const rs_state *s, int z)
{
    return present(g, s, z, RS_F) && present(g, s, z, RS_C);
}

/* Rule 13.1.2: the scenario's playable zones; Switzerland and the Papacy
 * never (they are not playable in any scenario's data). */
int rs_enterable(const vb_game *g, const rs_state *s, int z, int camp)
{
    const rs_event *e = rs_event_of(g, s); /* 24.5.3 1701-5: closed to one camp this year */
    if (e && e->kind == EV_CLOSED && e->camp == camp && e->zones[0] == z)
        return 0;
    return RS_SCEN(g, s)->playable[z] && z != s->flood &&
           !rs_not_yet_at_war(g, s, RS_D(g)->z[z].state);
}

/* Rule 13.1.1: 1 RP per started 10 SP (the Movement Table), doubled via a
 * transit box or in winter. A general alone moves free. */
int rs_move_cost(const vb_game *g, int sp, int dbl)
{
    int per = RS_D(g)->sp_per_rp;
    int c = (sp + per - 1) / per;
    return dbl ? 2 * c : c;
}

/* The army commander (rule 3.2: "chosen by the player and ... placed on
 * top of the stack"): the camp's general placed on top in z (chosen at the
 * start of a combat, P_CB_TOP), else the general with the best TC, then
 * SC, then in data order. Generals with no army SP in a zone where their
 * camp holds the fortress are with the garrison and count here too. */
int rs_commander(const vb_game *g, const rs_state *s, int z, int camp)
{
    const rs_data *d = RS_D(g);
    int best = -1;
    for (int i = 0; i < d->ng; i++)
        if ((s->gtop >> i & 1) && s->gz[i] == z && rs_gcamp(g, s, i) == camp)
            return i;
    for (int i = 0; i < d->ng; i++) {
        if (s->gz[i] != z || rs_gcamp(g, s, i) != camp)
            continue;
        if (best < 0 || d->gd[i].tc > d->gd[best].tc ||
            (d->gd[i].tc == d->gd[best].tc && d->gd[i].sc > d->gd[best].sc))
            best = i;
    }
    return best;
}

/* 3.2 outside a combat, where only the commander's SC is read and a higher
 * SC can only serve the camp that chooses him (its own interception test
 * and attrition, its obedience test, its winter quarters' attrition): the
 * choice is dominated, so the camp's general with the highest SC in z
 * commands (then TC, then data order); -1 when it has none there */
int rs_best_sc(const vb_game *g, const rs_state *s, int z, int camp)
{
    const rs_data *d = RS_D(g);
    int best = -1;
    for (int i = 0; i < d->ng; i++) {
        if (s->gz[i] != z || rs_gcamp(g, s, i) != camp)
            continue;
        if (best < 0 || d->gd[i].sc > d->gd[best].sc ||
            (d->gd[i].sc == d->gd[best].sc && d->gd[i].tc > d->gd[best].tc))
            best = i;
    }
    return best;
}

static int doubting(const vb_game *g, const rs_state *s, int st)
{
    const rs_data *d = RS_D(g);
    int n = d->s[st].kind == SK_MAJOR ? d->major_spaces : d->minor_spaces;
    int from = d->s[st].kind == SK_MAJOR ? d->major_doubt : d->minor_doubt;
    int v = abs(s->alpos[st]);
    return v != 0 && v <= n + 1 - from;
}

/* Rule 8.1: RP of controlled zones (a scorched zone gives none), an ally in
 * doubt gives half (rounded down), transit boxes to their controller.
 * Contested zones are settled by the roll-off of 8.1.1 (not counted here). */
int rs_income(const vb_game *g, const rs_state *s, int camp, int unused)
{
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    int total = 0, half[RS_MAXS] = {0};
    (void)unused;
    for (int z = 0; z < d->nz; z++) {
        if (!sc->playable[z] || rs_ctrl(g, s, z) != camp || rs_contested(g, s, z))
            continue;
        int rp = s->z[z].scorched ? 0 : d->z[z].rp, st = d->z[z].state;
        if (s->z[z].mk < 0 && s->alpos[st] && doubting(g, s, st))
            half[st] += rp;
        else
            total += rp;
    }
    for (int st = 0; st < d->ns; st++)
        total += half[st] / 2;
    for (int b = 0; b < RS_NBOX; b++)
        if (sc->box_playable[b] && s->boxc[b] == camp && d->b[b].sea)
            total += d->b[b].rp;
    return total;
}

int rs_held(const rs_state *s, int camp, int cat)
{
    for (int i = 0; i < s->c[camp].npick; i++)
        if (s->c[camp].pick[i] == cat && s->c[camp].pstate[i] == PK_HELD)
            return i;
    return -1;
}

void rs_use_marker(rs_state *s, int camp, int cat, int how)
{
    int i = rs_held(s, camp, cat);
    if (i >= 0)
        s->c[camp].pstate[i] = (uint8_t)how;
}

/* Losses, taken by the owner: ordinary infantry first, then cavalry,
 * artillery, elite infantry, elite cavalry (the §20 examples lose infantry);
 * they go to the camp's Reserve. */
void rs_take_losses(rs_state *s, uint8_t *t, int n, int camp)
{
    static const int order[RS_NTY] = {T_INF, T_CAV, T_ART, T_INFE, T_CAVE};
    for (int k = 0; k < RS_NT && n > 0; k++) {
        int ty = KIND(k % RS_NN, order[k / RS_NN]);
        int m = t[ty] < n ? t[ty] : n;
        t[ty] = (uint8_t)(t[ty] - m);
        s->c[camp].reserve[ty] = (uint8_t)(s->c[camp].reserve[ty] + m);
        n -= m;
    }
}

/* 22.3 (13.4.1): France Ouest "is always controlled by France": no camp
 * but France ever takes it (a march, a conquest, a surrender) */
int rs_may_take(const vb_game *g, int z, int c)
{
    return !(c == RS_C && z == RS_D(g)->zone_fo);
}

/* Rules 18.1.3 and 20 (example): a zone holding one camp's army and neither
 * an enemy army nor an enemy fortress passes to that camp's control. */
void rs_update_control(const vb_game *g, rs_state *s, int z)
{
    for (int c = 0; c < 2; c++) {
        int o = 1 - c, ct = rs_ctrl(g, s, z);
        if (rs_army(s, z, c) > 0 && rs_army(s, z, o) == 0 && ct != c &&
            !(s->z[z].fv > 0 && ct == o) && rs_may_take(g, z, c)) {
            s->z[z].mk = (int8_t)c;
            if (s->z[z].line && s->z[z].linec != c) /* rule 11: an enemy line is removed */
                s->z[z].line = 0;
            /* back in its own state's hands: no marker needed (the state's
             * camp now: 24.3.3 1678-4 and 24.5.3 1702-5 change it) */
            if (s->scamp[RS_D(g)->z[z].state] == c && !s->neutralised[RS_D(g)->z[z].state])
                s->z[z].mk = -1;
        }
    }
    if (s->z[z].line && rs_army(s, z, s->z[z].linec) == 0)
        s->z[z].line = 0; /* rule 11: a line alone is eliminated */
}

/* Rule 17.2: a general left with no units where the enemy has an army is
 * taken prisoner. The generals of a march in progress are with its units
 * (13: they stand in the zone of departure until the march ends), so an
 * interception into that zone takes none of them. */
void rs_capture_lone_generals(const vb_game *g, rs_state *s, int z, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    for (int c = 0; c < 2; c++) {
        if (rs_army(s, z, c) > 0 || rs_army(s, z, 1 - c) == 0)
            continue;
        if (s->z[z].fv > 0 && rs_ctrl(g, s, z) == c)
            continue; /* with the garrison */
        for (int i = 0; i < d->ng; i++)
            if (s->gz[i] == z && rs_gcamp(g, s, i) == c &&
                !(s->mv.gen >= 0 && (s->mv.gens >> i & 1))) {
                s->gz[i] = GZ_PRISON;
                VB_LOG(cx, "[17.2] %s, without units, is taken prisoner", d->gd[i].name);
            }
    }
}

/* Glory points (rule 22.2.2): the cursor moves right for France. */
void rs_gp(const vb_game *g, rs_state *s, int camp, int n, vb_ctx *cx)
{
    (void)g;
    int v = s->gp + (camp == RS_F ? n : -n);
    s->gp = (int8_t)(v > 99 ? 99 : v < -99 ? -99 : v);
    VB_LOG(cx, "[22.2.2] %s %+d GP: the cursor is at %d", rs_camp_names[camp],
           camp == RS_F ? n : -n, s->gp);
}

/* Rule 22.1: a won battle (with its marker) or a won siege of FV4 moves the
 * winner's allies one space toward Unbreakable and the loser's one space
 * toward Neutral; an ally reaching Neutral is neutralised. */
/* 22.1: a neutralised state's units and generals leave the map for the
 * Reserve of the camp they served (`to`). */
void rs_remove_nation(const vb_game *g, rs_state *s, int nat, int to, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int n = 0;
    uint64_t hit = 0; /* the zones whose armies lose its SP */
    for (int z = 0; z < d->nz; z++) {
        int gc = rs_ctrl(g, s, z);
        for (int y = 0; y < RS_NTY; y++) {
            int k = KIND(nat, y);
            for (int c = 0; c < 2; c++) {
                n += s->z[z].army[c][k];
                hit |= (uint64_t)(s->z[z].army[c][k] > 0) << z;
                s->c[c].reserve[k] = (uint8_t)(s->c[c].reserve[k] + s->z[z].army[c][k]);
                s->z[z].army[c][k] = 0;
            }
            if (gc >= 0) {
                n += s->z[z].garr[k];
                s->c[gc].reserve[k] = (uint8_t)(s->c[gc].reserve[k] + s->z[z].garr[k]);
                s->z[z].garr[k] = 0;
            }
        }
    }
    for (int i = 0; i < d->ng; i++)
        if (d->gd[i].nation == nat && s->gz[i] >= 0)
            s->gz[i] = GZ_RESERVE;
    VB_LOG(cx, "[22.1] %d %s SP and their generals go to the %s Reserve", n, d->s[nat].name,
           rs_camp_names[to]);
    /* 17.2: a general of another state left without units beside an enemy
     * army is taken; the zones' control and lines follow */
    for (int z = 0; z < d->nz; z++)
        if (hit >> z & 1) {
            rs_capture_lone_generals(g, s, z, cx);
            rs_update_control(g, s, z);
        }
}

/* One space of state st's cursor toward camp's Unbreakable end (its own
 * ally) or toward Neutral (the other camp's ally); Neutral neutralises. */
void rs_move_cursor(const vb_game *g, rs_state *s, int st, int camp, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    int v = s->alpos[st];
    if (!v || s->neutralised[st])
        return;
    int n = d->s[st].kind == SK_MAJOR ? d->major_spaces : d->minor_spaces;
    int side = v < 0 ? RS_F : RS_C, m = abs(v);
    if (side == camp)
        m = m < n ? m + 1 : n;
    else
        m--;
    if (m == 0) {
        s->neutralised[st] = 1;
        s->alpos[st] = 0;
        VB_LOG(cx, "[22.1] %s is neutralised", d->s[st].name);
        /* its fortresses' garrisons go to the Reserve of the allied camp */
        for (int z = 0; z < d->nz; z++)
            if (d->z[z].state == st && s->z[z].mk < 0)
                for (int t = 0; t < RS_NT; t++) {
                    s->c[side].reserve[t] = (uint8_t)(s->c[side].reserve[t] + s->z[z].garr[t]);
                    s->z[z].garr[t] = 0;
                }
        /* 22.1: "all its units and generals are removed from the map and are
         * placed in the Reserve of its allied camp" */
        if (st < RS_NN)
            rs_remove_nation(g, s, st, side, cx);
        /* 17.2: its fortresses no longer shelter the generals of the camp
         * it served (rs_ctrl: its zones are no camp's now), so one of them
         * alone there beside an enemy army is taken; control follows */
        for (int z = 0; z < d->nz; z++)
            if (d->z[z].state == st && s->z[z].mk < 0) {
                rs_capture_lone_generals(g, s, z, cx);
                rs_update_control(g, s, z);
            }
    } else {
        s->alpos[st] = (int8_t)(side == RS_F ? -m : m);
    }
}

/* Rule 22.1: a won battle (with its marker) or a won siege of FV4 moves the
 * winner's allies one space toward Unbreakable and the loser's one space
 * toward Neutral; an ally reaching Neutral is neutralised. */
void rs_alliance_win(const vb_game *g, rs_state *s, int camp, vb_ctx *cx)
{
    for (int st = 0; st < RS_D(g)->ns; st++)
        rs_move_cursor(g, s, st, camp, cx);
}

/* 22.1: a minor ally (either camp's) whose cursor a camp may move for 5 RP:
 * one space toward Unbreakable for its own ally, toward Neutral for the
 * other camp's; its own ally already on the scale's Unbreakable end cannot
 * be moved, so 5 RP buy nothing there and the action is not offered */
int rs_sway_ok(const vb_game *g, const rs_state *s, int c, int st)
{
    const rs_data *d = RS_D(g);
    int v = s->alpos[st], own = (v < 0 ? RS_F : RS_C) == c;
    return d->s[st].kind == SK_MINOR && v && !s->neutralised[st] && !(s->swayed >> st & 1) &&
           s->c[c].rp >= 5 && !(own && abs(v) >= d->minor_spaces);
}

int rs_any_sway(const vb_game *g, const rs_state *s, int c)
{
    for (int st = 0; st < RS_D(g)->ns; st++)
        if (rs_sway_ok(g, s, c, st))
            return 1;
    return 0;
}

int rs_retreat_ok(const vb_game *g, const rs_state *s, int from, int to, int camp, int sp)
{
    const rs_data *d = RS_D(g);
    int adj = 0;
    for (int i = 0; i < d->z[from].nadj; i++)
        adj |= d->z[from].adj[i] == to;
    return adj && from != s->flood && rs_enterable(g, s, to, camp) && rs_ctrl(g, s, to) == camp &&
           !rs_banned(g, s, from, camp, to) && s->c[camp].rp >= rs_move_cost(g, sp, s->sgen >= 0);
}

int rs_retreat_any(const vb_game *g, const rs_state *s, int from, int camp, int sp)
{
    const rs_data *d = RS_D(g);
    for (int i = 0; i < d->z[from].nadj; i++)
        if (rs_retreat_ok(g, s, from, d->z[from].adj[i], camp, sp))
            return 1;
    return 0;
}
