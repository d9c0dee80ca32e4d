/*
 * pc_dragoon.c - Piacenza 1746: dragoons (10.5). A dragoon regiment is
 * three counters of the forces file: two mounted (cavalry) counters and one
 * counter on foot (infantry), the same "Dragoon unit" ("a single infantry
 * counter or two counters if on horseback"). The counters of the mode not in
 * play stand off the map (uhex PC_OFF): neither on the map nor eliminated.
 *
 * Set-up (PH_DRAGOON): the owner deploys each regiment, in the order of the
 * forces file, mounted (its two counters in its hex) or on foot (its
 * counter on foot there). At the beginning of a formation's movement (no
 * unit of it moved, no Line declared), every two mounted SP of a regiment
 * stacked in one hex become one infantry SP ("dismount UNIT": all of the
 * regiment's mounted counters in that hex; their SP must be even, and the
 * counter on foot must be off the map), or back ("mount UNIT": n infantry
 * SP become 2n mounted SP, full counters first). Only units in good order,
 * with no marker, and no other unit in the hex (6.0 would forbid the mix).
 * A mounted dragoon stacked in an enemy Engagement Zone at that moment must
 * dismount (10.5: "at the beginning of the next movement step, they must
 * dismount").
 */
#include "pc_int.h"

int pc_drg_mounted(const pc_data *d, int u)
{
    return u >= 0 && u < d->nu && d->u[u].drg >= 0 && d->u[u].type == UT_CAV;
}

int pc_drg_foot(const pc_data *d, int u)
{
    return u >= 0 && u < d->nu && d->u[u].drg >= 0 && d->u[u].type == UT_INF;
}

int pc_find_drg(const pc_data *d, const char *s)
{
    for (int r = 0; r < d->ndrg; r++)
        if (vb_name_eq(d->drg_name[r], s) || vb_name_eq(d->drg_token[r], s))
            return r;
    return -1;
}

/* The initial position: every regiment mounted, its counter on foot off. */
void pc_drg_setup(const pc_data *d, pc_state *s)
{
    for (int r = 0; r < d->ndrg; r++)
        s->uhex[d->drg_u[r][2]] = PC_OFF;
    s->drg_next = -1;
}

/* The set-up decisions, if any regiment: returns 1 when the phase begins. */
int pc_drg_begin(const pc_data *d, pc_state *s)
{
    if (!d->ndrg)
        return 0;
    s->phase = PH_DRAGOON;
    s->drg_next = 0;
    s->side = d->u[d->drg_u[0][0]].side;
    return 1;
}

#define PUSHV(x) VB_PUSH(v, n, cap, x)

int pc_drg_legal(const pc_data *d, const pc_state *s, vb_action *v, int cap)
{
    int n = 0;
    if (s->drg_next < 0 || s->drg_next >= d->ndrg)
        return 0;
    PUSHV(PC_ACT(A_DEPLOY, s->drg_next, 0));
    PUSHV(PC_ACT(A_DEPLOY, s->drg_next, 1));
    return n;
}

int pc_drg_apply(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int r = PC_A(a), foot = PC_B(a);
    if (PC_K(a) != A_DEPLOY || r != s->drg_next || r < 0 || r >= d->ndrg || foot < 0 || foot > 1)
        return vb_fail(cx, VB_EILLEGAL, "10.5: deploy the dragoons of %s, mounted or on foot",
                       s->drg_next >= 0 && s->drg_next < d->ndrg ? d->drg_name[s->drg_next] : "?");
    const int *c = d->drg_u[r];
    int hex = d->u[c[0]].hex;
    s->uhex[c[0]] = s->uhex[c[1]] = (int16_t)(foot ? PC_OFF : hex);
    s->uhex[c[2]] = (int16_t)(foot ? hex : PC_OFF);
    VB_LOG(cx, "[10.5] %s deploys %s %s", d->side_list[d->u[c[0]].side], d->drg_name[r],
           foot ? "on foot" : "on horseback");
    if (++s->drg_next < d->ndrg) {
        s->side = d->u[d->drg_u[s->drg_next][0]].side;
        return 0;
    }
    s->drg_next = -1;
    pc_setup_rest(d, s, cx);
    return 0;
}

/* The mounted SP of regiment r in hex, and whether every counter of it
 * there may convert (good order, no marker); *other: another unit there. */
static int mounted_in(const pc_data *d, const pc_state *s, int r, int hex, int *ok, int *other)
{
    int sp = 0;
    *ok = 1;
    *other = 0;
    for (int v = 0; v < d->nu; v++) {
        if (s->uhex[v] != hex)
            continue;
        if (d->u[v].drg == r && d->u[v].type == UT_CAV) {
            sp += pc_usp(d, s, v);
            if (s->ustat[v] != ST_GOOD || (s->uflag[v] & (UF_FDB | UF_MOVED)))
                *ok = 0;
        } else {
            *other = 1;
        }
    }
    return sp;
}

int pc_drg_can_dismount(const pc_data *d, const pc_state *s, int u)
{
    if (!pc_drg_mounted(d, u) || s->uhex[u] < 0)
        return 0;
    int r = d->u[u].drg, f = d->drg_u[r][2], ok, other;
    if (s->uhex[f] != PC_OFF)
        return 0; /* the counter on foot is already in play (or eliminated) */
    int sp = mounted_in(d, s, r, s->uhex[u], &ok, &other);
    /* every two mounted SP: one infantry SP, the counter's full or reduced side */
    if (!ok || other || sp < 2 || sp % 2)
        return 0;
    return sp / 2 == d->u[f].sp || (d->u[f].red && sp / 2 == d->u[f].red);
}

/* The mounted counters n infantry SP become: full counters first; -1 when
 * the off-map counters cannot carry 2n SP exactly. Fills steps[0..1]. */
static int mount_plan(const pc_data *d, const pc_state *s, int r, int n, int *steps)
{
    int left = 2 * n;
    for (int i = 0; i < 2; i++) {
        int m = d->drg_u[r][i];
        steps[i] = 0;
        if (s->uhex[m] != PC_OFF || !left)
            continue;
        if (left >= d->u[m].sp) {
            steps[i] = d->u[m].red ? 2 : 1;
            left -= d->u[m].sp;
        } else if (d->u[m].red && left == d->u[m].red) {
            steps[i] = 1;
            left = 0;
        }
    }
    return left ? -1 : 0;
}

int pc_drg_can_mount(const pc_data *d, const pc_state *s, int u)
{
    if (!pc_drg_foot(d, u) || s->uhex[u] < 0 || s->ustat[u] != ST_GOOD ||
        (s->uflag[u] & (UF_FDB | UF_MOVED | UF_CHANGING)))
        return 0;
    int steps[2], h = s->uhex[u];
    for (int v = 0; v < d->nu; v++)
        if (v != u && s->uhex[v] == h)
            return 0; /* 6.0: cavalry stacks with cavalry only */
    return mount_plan(d, s, d->u[u].drg, pc_usp(d, s, u), steps) == 0;
}

/* 10.5: a mounted dragoon that stands in an enemy Engagement Zone at the
 * beginning of its movement step must dismount (when it can). */
int pc_drg_must_dismount(const pc_data *d, const pc_state *s, int u)
{
    return pc_drg_can_dismount(d, s, u) && pc_in_ez(d, s, d->u[u].side, s->uhex[u]);
}

/* The first mounted counter of u's regiment in u's hex (one action a hex). */
static int first_mounted(const pc_data *d, const pc_state *s, int u)
{
    for (int v = 0; v < d->nu; v++)
        if (d->u[v].drg == d->u[u].drg && d->u[v].type == UT_CAV && s->uhex[v] == s->uhex[u])
            return v;
    return u;
}

/* 10.5: has u's regiment already changed mode in this movement step? Each
 * regiment changes once, at the beginning ("can be replaced ... or vice
 * versa"), never back and forth. */
static int changed(const pc_data *d, const pc_state *s, int u)
{
    return d->u[u].drg >= 0 && ((s->drg_conv >> d->u[u].drg) & 1);
}

/* The conversions open to the moving formation now (PH_MOVE, before any
 * of its units moved): only the compulsory dismounts while one is due. */
int pc_drg_convert_acts(const pc_data *d, const pc_state *s, vb_action *out)
{
    int n = 0, must = 0;
    if (!d->ndrg || s->form < 0 || s->form >= PC_MAXF || s->line_anchor >= 0)
        return 0;
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && d->u[u].form == s->form && (s->uflag[u] & UF_MOVED))
            return 0; /* "at the beginning of the Movement step" */
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].form == s->form && !changed(d, s, u) && pc_drg_must_dismount(d, s, u) &&
            first_mounted(d, s, u) == u)
            out[n++] = PC_ACT(A_DISMOUNT, u, 0), must = 1;
    if (must)
        return n;
    for (int u = 0; u < d->nu; u++) {
        if (d->u[u].form != s->form || changed(d, s, u))
            continue;
        if (pc_drg_can_dismount(d, s, u) && first_mounted(d, s, u) == u)
            out[n++] = PC_ACT(A_DISMOUNT, u, 0);
        else if (pc_drg_can_mount(d, s, u))
            out[n++] = PC_ACT(A_MOUNT, u, 0);
    }
    return n;
}

int pc_drg_convert(const pc_data *d, pc_state *s, vb_action a, vb_ctx *cx)
{
    int k = PC_K(a), u = PC_A(a);
    vb_action acts[3 * PC_MAXDRG];
    int n = pc_drg_convert_acts(d, s, acts), found = 0;
    for (int i = 0; i < n; i++)
        found |= acts[i] == a;
    if (!found)
        return vb_fail(cx, VB_EILLEGAL, "10.5: no such change of the dragoons now");
    int r = d->u[u].drg, f = d->drg_u[r][2], h = s->uhex[u];
    char hn[8];
    pc_hex_name(d, h, hn, sizeof hn);
    s->drg_conv |= 1 << r;
    if (k == A_DISMOUNT) {
        int ok, other, sp = mounted_in(d, s, r, h, &ok, &other);
        for (int i = 0; i < 2; i++) {
            int m = d->drg_u[r][i];
            if (s->uhex[m] == h) {
                s->uhex[m] = PC_OFF;
                s->uflag[m] = 0;
                s->umelee[m] = -1;
            }
        }
        s->uhex[f] = (int16_t)h;
        s->ustep[f] = (uint8_t)(sp / 2 == d->u[f].sp ? (d->u[f].red ? 2 : 1) : 1);
        s->ustat[f] = ST_GOOD;
        s->uflag[f] = 0;
        s->umelee[f] = -1;
        VB_LOG(cx, "[10.5] %s dismount in %s: %d mounted SP become %d infantry SP", d->drg_name[r],
               hn, sp, sp / 2);
        return 0;
    }
    int steps[2], sp = pc_usp(d, s, u);
    mount_plan(d, s, r, sp, steps);
    s->uhex[f] = PC_OFF;
    s->uflag[f] = 0;
    s->umelee[f] = -1;
    for (int i = 0; i < 2; i++) {
        int m = d->drg_u[r][i];
        if (!steps[i])
            continue;
        s->uhex[m] = (int16_t)h;
        s->ustep[m] = (uint8_t)steps[i];
        s->ustat[m] = ST_GOOD;
        s->uflag[m] = 0;
        s->umelee[m] = -1;
    }
    VB_LOG(cx, "[10.5] %s mount in %s: %d infantry SP become %d mounted SP", d->drg_name[r], hn, sp,
           2 * sp);
    return 0;
}

/* 10.5: "Mounted Dragoons ... cannot end movement in a Engagement Zone
 * unless stacked": may mounted dragoon u end its move in hex? */
int pc_drg_end_ok(const pc_data *d, const pc_state *s, int u, int hex)
{
    if (!pc_drg_mounted(d, u) || !pc_in_ez(d, s, d->u[u].side, hex))
        return 1;
    for (int v = 0; v < d->nu; v++)
        if (v != u && s->uhex[v] == hex && d->u[v].side == d->u[u].side)
            return 1;
    return 0;
}

/* A position's dragoons: off-map counters only dragoons; a regiment never
 * stronger than its printed two mounted counters (2 mounted SP = 1 foot SP);
 * the set-up decision in its phase only. */
int pc_drg_check(const pc_data *d, const pc_state *s, vb_ctx *cx)
{
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] == PC_OFF && d->u[u].drg < 0)
            return vb_fail(cx, VB_EINPUT, "unit '%s' is not a dragoon: it cannot be off the map",
                           d->u[u].name);
    for (int r = 0; r < d->ndrg; r++) {
        const int *c = d->drg_u[r];
        int sp = 0, max = d->u[c[0]].sp + d->u[c[1]].sp;
        for (int i = 0; i < 2; i++)
            if (s->uhex[c[i]] >= 0)
                sp += pc_usp(d, s, c[i]);
        if (s->uhex[c[2]] >= 0)
            sp += 2 * pc_usp(d, s, c[2]);
        if (sp > max)
            return vb_fail(cx, VB_EINPUT,
                           "dragoons %s: more SP in play than the regiment has (10.5)",
                           d->drg_name[r]);
        if ((s->uhex[c[0]] >= 0 && s->uhex[c[1]] >= 0 && s->uhex[c[2]] >= 0) ||
            (s->uhex[c[0]] == PC_OFF && s->uhex[c[1]] == PC_OFF && s->uhex[c[2]] == PC_OFF))
            return vb_fail(cx, VB_EINPUT,
                           "dragoons %s: mounted and on foot at once, or neither (10.5)",
                           d->drg_name[r]);
    }
    if ((s->phase == PH_DRAGOON) != (s->drg_next >= 0) || s->drg_next >= d->ndrg ||
        (s->phase == PH_DRAGOON && (s->side != d->u[d->drg_u[s->drg_next][0]].side || s->roll ||
                                    s->obj_n || s->turn != d->first_turn || s->wdone)))
        return vb_fail(cx, VB_EINPUT, "bad dragoon set-up (10.5)");
    if (s->drg_conv >> d->ndrg)
        return vb_fail(cx, VB_EINPUT, "dragoons_changed: no such dragoon regiment (10.5)");
    return 0;
}
