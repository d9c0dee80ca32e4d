/*
 * sg_explain.c - why an action text is not legal now, naming the rule:
 *   illegal action 'move Ciutat-1 Fossat-del-Portal-Nou': zone is across a
 *   red line (rule 10)
 * It is the game's `explain` hook (struct vb_game_def): vb_parse_action calls
 * it only after the text has matched no legal action of a role's decision.
 */
#include <string.h>

#include "sg_int.h"

static int why(vb_ctx *cx, const char *text, const char *reason)
{
    return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': %s", text, reason);
}

static int words(char *buf, char **w, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *p = strtok_r(buf, " ", &save); p && n < max; p = strtok_r(NULL, " ", &save))
        w[n++] = p;
    return n;
}

/* Why unit u may not move to zone z (z < 0: why it may not be picked). */
static int explain_move_to(const sg_data *d, const sg_state *s, const char *text, int u, int z,
                           vb_ctx *cx)
{
    sg_sum m;
    if (s->phase != PH_MOVE && s->phase != PH_DEST)
        return why(cx, text, "units move only in the movement phase (rule 5)");
    if (s->us[u] != US_ON)
        return why(cx, text, "the unit is not on the map");
    if (d->u[u].side != s->half)
        return why(cx, text, "only the active side moves (rule 5)");
    if (d->u[u].kind == K_GUN)
        return why(cx, text, "artillery units cannot be moved (rule 9)");
    if (sg_role_of_cmd(s, d->u[u].cmd) != sg_seat_role(s))
        return why(cx, text, "the unit belongs to another seat (rule 15)");
    if (s->done[u])
        return why(cx, text, "the unit has already moved this phase (rule 10)");
    if (s->phase == PH_DEST && z < 0)
        return why(cx, text, "a unit is already picked: say 'to ZONE' or 'cancel' (rule 10)");
    if (z < 0)
        return why(cx, text,
                   "the unit has nowhere to go, or units overstacked by reinforcements must "
                   "leave first (rules 10, 10.1)");
    int z0 = s->uz[u];
    sg_summary(d, s, &m);
    if (d->z[z0].adj & BIT(z)) {
        if (!(sg_pass(d, s, z0) & BIT(z)))
            return why(cx, text,
                       (d->z[z0].royal & BIT(z)) ? "the Royal breach is not assured yet (rule 7)"
                                                 : "zone is across a red line (rule 10)");
    }
    if (m.occ[1 - s->half] & BIT(z))
        return why(cx, text, "the zone holds enemy units: enter it only by assault (rule 6.1)");
    if (d->u[u].kind == K_COMBAT && m.n[z] >= SG_STACK && !(d->deploymask & BIT(z)))
        return why(cx, text, "the zone already holds 5 combat units (rule 6.1)");
    if (d->u[u].kind == K_BARRICADE && d->z[z].colour >= COL_GREY)
        return why(cx, text, "barricades move only through ochre or green zones (rule 12)");
    if (d->u[u].kind == K_COMBAT && (m.lead[1 - s->half] & BIT(z)))
        return why(cx, text,
                   "the zone holds an enemy commander or the flag: a move never takes them "
                   "(rules 6.1, 11.3, 13)");
    if (d->u[u].kind != K_COMBAT && (m.pres[1 - s->half] & BIT(z)))
        return why(cx, text, "only combat units enter a zone with enemy pieces (rule 6.1)");
    return why(cx, text,
               "the zone is out of reach: up to 3 zones, stopping on entering a zone "
               "next to enemy combat units or a deployment zone (rule 10)");
}

static int explain_move(const sg_data *d, const sg_state *s, const char *text, char **w, int n,
                        vb_ctx *cx)
{
    if (n < 2)
        return why(cx, text, "say 'move UNIT', then 'to ZONE' (rule 10)");
    int u = sg_find_unit(d, w[1]), z = n > 2 ? sg_find_zone(d, w[2]) : -1;
    if (u < 0 || (n > 2 && z < 0))
        return why(cx, text, u < 0 ? "unknown unit" : "unknown zone");
    return explain_move_to(d, s, text, u, z, cx);
}

static int explain_combat(const sg_data *d, const sg_state *s, const char *text, char **w, int n,
                          vb_ctx *cx)
{
    sg_sum m;
    if (n < 4 || (strcmp(w[2], "onto") && strcmp(w[2], "->")))
        return why(cx, text, "say 'salvo FROM onto TO' or 'assault FROM onto TO' (rule 11)");
    int a = sg_find_zone(d, w[1]), b = sg_find_zone(d, w[3]);
    if (a < 0 || b < 0)
        return why(cx, text, "unknown zone");
    if (s->phase != PH_COMBAT)
        return why(cx, text, "combats are declared only in the combat phase (rule 5)");
    sg_summary(d, s, &m);
    if (!(m.occ[s->half] & BIT(a)))
        return why(cx, text, "no friendly combat units in the attacking zone (rule 11)");
    if (s->acted & BIT(a))
        return why(cx, text, "that zone has already declared its one combat (rule 11)");
    if (!(d->z[a].adj & BIT(b)))
        return why(cx, text, "the zones are not adjacent (rule 11)");
    if (!(sg_pass(d, s, a) & BIT(b)))
        return why(cx, text,
                   (d->z[a].royal & BIT(b)) ? "the Royal breach is not assured yet (rule 7)"
                                            : "no combat across a red line (rule 2.2.1)");
    if (!(m.occ[1 - s->half] & BIT(b)))
        return why(cx, text, "the target zone holds no enemy combat units (rule 11.3)");
    if (w[0][0] == 's') {
        if (d->z[b].defv > d->z[a].defv)
            return why(cx, text, "the target zone has a higher defence value (rule 11.2)");
        return why(cx, text,
                   "a blue line or barricade covers that side of the target zone "
                   "(rule 11.2, 12)");
    }
    return why(cx, text, "not legal now (rule 11)");
}

/* The `explain` hook. Called only once matching has failed, so it never
 * calls vb_parse_action (that would recurse); always returns VB_EILLEGAL
 * with the reason, naming the rule, in cx->err. */
int sg_explain(const vb_game *g, const void *st, const char *text, vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    char buf[VB_TEXT_LEN], *w[8];
    snprintf(buf, sizeof buf, "%s", text);
    int n = words(buf, w, 8);
    if (n == 0)
        return why(cx, text, "empty action");
    if (!strcmp(w[0], "move"))
        return explain_move(d, s, text, w, n, cx);
    if (!strcmp(w[0], "to") || !strcmp(w[0], "cancel")) {
        if (s->phase != PH_DEST)
            return why(cx, text,
                       "pick a unit with 'move UNIT' or a stack with 'move-stack ZONE' "
                       "first (rule 10)");
        int z = n > 1 ? sg_find_zone(d, w[1]) : -1;
        if (z < 0)
            return why(cx, text, "say 'to ZONE' (rule 10)");
        if (s->mover != SG_NO)
            return explain_move_to(d, s, text, s->mover, z, cx);
        return why(cx, text,
                   "every piece of the stack must reach the zone, and it must hold them all "
                   "(rules 6.3, 10)");
    }
    if (!strcmp(w[0], "move-stack"))
        return why(cx, text,
                   s->phase != PH_MOVE ? "units move only in the movement phase (rule 5)"
                                       : "no two pieces of this seat there can move to one "
                                         "zone together (rules 6.3, 10)");
    if (!strcmp(w[0], "salvo") || !strcmp(w[0], "assault"))
        return explain_combat(d, s, text, w, n, cx);
    if (!strcmp(w[0], "fire")) {
        int gu = n > 1 ? sg_find_unit(d, w[1]) : -1, t = n > 2 ? sg_find_unit(d, w[2]) : -1;
        if (s->phase != PH_ART)
            return why(cx, text, "guns fire only in the artillery phase (rule 5)");
        if (gu < 0 || t < 0 || d->u[gu].kind != K_GUN)
            return why(cx, text, "say 'fire GUN TARGET' (rule 9)");
        if (d->u[gu].side != s->half)
            return why(cx, text, "only the active side fires (rule 5)");
        if (sg_role_of_cmd(s, d->u[gu].cmd) != sg_seat_role(s))
            return why(cx, text, "the gun belongs to another seat (rule 15)");
        if (s->done[gu])
            return why(cx, text, "each gun fires at one target per turn (rule 9)");
        if (s->us[gu] != US_ON || s->us[t] != US_ON || d->u[t].kind != K_COMBAT ||
            d->u[t].side == s->half)
            return why(cx, text, "guns fire only at enemy combat units on the map (rule 9)");
        return why(cx, text,
                   "out of range: Catalan guns reach adjacent zones, Bourbon guns two "
                   "zones (rule 9)");
    }
    char r[96];
    snprintf(r, sizeof r, "not legal in the %s phase (rule 5)", sg_phase_names[s->phase]);
    return why(cx, text, r);
}

/* The `parse` hook: the one-step move of records made before movement was
 * staged, "move UNIT ZONE" or "move UNIT ZONE facing ZONE", read as an
 * A_MOVE code (judged by sg_judge, never listed). Anything else fails. */
int sg_parse(const vb_game *g, const void *st, const char *text, vb_action *out, vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    char buf[VB_TEXT_LEN], *w[8];
    (void)st;
    snprintf(buf, sizeof buf, "%s", text);
    int n = words(buf, w, 8);
    if ((n != 3 && n != 5) || strcmp(w[0], "move") || (n == 5 && strcmp(w[3], "facing")))
        return vb_fail(cx, VB_EINPUT, "not a one-step move");
    int u = sg_find_unit(d, w[1]), z = sg_find_zone(d, w[2]),
        f = n == 5 ? sg_find_zone(d, w[4]) : SG_NO;
    if (u < 0 || z < 0 || f < 0)
        return vb_fail(cx, VB_EINPUT, "not a one-step move");
    *out = SG_ACT(A_MOVE, u, z, f);
    return 0;
}

static int listed(const vb_game *g, const sg_state *s, vb_action a)
{
    vb_action acts[VB_MAX_ACTIONS];
    int n = sg_legal(g, s, acts, NULL, VB_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}

/* The `judge` hook: a one-step move is legal when its two stages are,
 * "move UNIT" now and then "to ZONE [facing ZONE]". */
int sg_judge(const vb_game *g, const void *st, vb_action a, vb_ctx *cx)
{
    const sg_state *s = st;
    char text[VB_TEXT_LEN];
    sg_action_text(g, st, a, text, sizeof text);
    if (SG_AK(a) == A_MOVE && s->phase == PH_MOVE && SG_AA(a) < SGD(g)->nu &&
        listed(g, s, SG_ACT(A_PICK, SG_AA(a), 0, 0))) {
        sg_state t = *s;
        t.mover = (uint8_t)SG_AA(a);
        t.phase = PH_DEST;
        if (listed(g, &t, SG_ACT(A_DEST, SG_AB(a), 0, SG_AC(a))))
            return 1;
    }
    if (SG_AK(a) == A_MOVE)
        sg_explain(g, st, text, cx);
    else
        vb_fail(cx, VB_EILLEGAL, "illegal action '%s': not among the legal actions", text);
    return 0;
}
