/*
 * rs_explain.c - why an action text is not legal now, naming the rule:
 *   illegal action 'attack Brabant': a battle (10 SP or more on each side)
 *   needs a Battle marker (rule 17.1)
 * The game's `explain` hook: vb_parse_action calls it only after the text
 * has matched no legal action of a role's decision.
 */
#include <stdlib.h>
#include <string.h>

#include "rs_int.h"

static int why(vb_ctx *cx, const char *text, const char *reason)
{
    return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': %s", text, reason);
}

static int zone_named(const rs_data *d, const char *s)
{
    for (int z = 0; z < d->nz; z++)
        if (vb_name_eq(d->z[z].name, s))
            return z;
    return -1;
}

static int adjacent(const rs_data *d, int a, int b)
{
    for (int i = 0; i < d->z[a].nadj; i++)
        if (d->z[a].adj[i] == b)
            return 1;
    return 0;
}

static int explain_attack(const vb_game *g, const rs_state *s, const char *text, int z, vb_ctx *cx)
{
    int c = s->active, o = 1 - c;
    if (rs_army(s, z, c) == 0)
        return why(cx, text, "you have no army there (rule 17)");
    if (rs_commander(g, s, z, c) < 0)
        return why(cx, text, "an army without a general cannot attack (rule 13.1)");
    if (rs_army(s, z, o) == 0)
        return why(cx, text, "there is no enemy army there: besiege a fortress instead (rule 17)");
    if (s->z[z].used[c] & 0x10)
        return why(cx, text, "one combat per zone and campaign (engine reading of rule 9)");
    /* the SP that count, as legal_impulse (rs_rules.c) counts them: the
     * open game's 1712-6 cease-fire (24.5.3) leaves some out */
    int fo = rs_army(s, z, o), fc = s->h.opts[0] ? rs_army(s, z, c) : rs_battle_sp(g, s, z, c, &fo);
    if (fc == 0 || fo == 0)
        return why(cx, text,
                   "the cease-fire prohibits combats between the French and the English "
                   "(rule 24.5.3)");
    if (fc >= 10 && fo >= 10 && rs_held(s, c, CAT_BATTLE) < 0)
        return why(cx, text,
                   "a battle (10 SP or more on each side) needs a Battle marker (rule 17.1)");
    return why(cx, text, "not possible now (rule 17)");
}

static int explain_scorch(const vb_game *g, const rs_state *s, const char *text, int z, vb_ctx *cx)
{
    int c = s->active;
    if (rs_army(s, z, c) == 0 || rs_commander(g, s, z, c) < 0)
        return why(cx, text, "scorched earth needs your army with a general in the zone (rule 15)");
    if (rs_held(s, c, CAT_SCORCH) < 0)
        return why(cx, text, "you hold no Scorched earth marker (rule 15)");
    if (!rs_scorch_zone_ok(g, s, c, z))
        return why(cx, text, "this year's event names the zones of the marker (rule 24.2.3)");
    return why(cx, text, "one Scorched earth marker per zone and campaign (rule 9)");
}

static int explain_siege(const vb_game *g, const rs_state *s, const char *text, int z, vb_ctx *cx)
{
    int c = s->active, o = 1 - c;
    if (rs_army(s, z, c) == 0 || rs_commander(g, s, z, c) < 0)
        return why(cx, text, "a siege needs your army with a general in the zone (rule 18)");
    if (rs_army(s, z, o) > 0)
        return why(cx, text, "the zone must be free of enemy armies: fight first (rule 18)");
    if (s->z[z].fv == 0 || rs_ctrl(g, s, z) != o)
        return why(cx, text, "there is no enemy fortress there (rule 18)");
    if (rs_held(s, c, CAT_SIEGE) < 0)
        return why(cx, text, "you hold no Siege marker (rule 18)");
    return why(cx, text, "one Siege marker per zone and campaign (rule 9)");
}

static int explain_step(const vb_game *g, const rs_state *s, const char *text, int z, vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    if (s->phase != P_MV_STEP)
        return why(cx, text, "no march in progress: 'move GENERAL' first (rule 13.1)");
    if (!RS_SCEN(g, s)->playable[z])
        return why(cx, text,
                   d->s[d->z[z].state].kind == SK_FORBIDDEN
                       ? "Switzerland and the Papacy may not be entered (rule 13.1.2)"
                       : "the zone is not playable in this scenario (rule 13.1.2)");
    if (!adjacent(d, s->mv.at, z))
        return why(cx, text, "the zone is not adjacent (rule 13.1)");
    if (s->mv.stop)
        return why(cx, text,
                   "an enemy army stops the march: 'press-on' takes the initiative test (rule "
                   "13.2)");
    if (s->mv.surprise && s->mv.zones >= 1)
        return why(cx, text, "a strategic surprise moves a single zone (rule 20)");
    if (rs_sp(s->mv.sp) == 0 && rs_army(s, z, 1 - s->active) > 0)
        return why(cx, text, "a general alone does not enter a zone with an enemy army (rule 13)");
    /* 13.1.2 "An army - but not a general alone - may carry out movement in
     * a zone indicated as neutral" (as step_ok's neutral_zone, rs_move.c) */
    if (rs_sp(s->mv.sp) == 0 && RS_SCEN(g, s)->neutral[d->z[z].state] && s->z[z].mk < 0)
        return why(cx, text,
                   "a general alone does not enter a neutral zone (rule 13.1.2): an army may");
    return why(cx, text, "the camp lacks the RP for this march (rule 13.1.1)");
}

int rs_explain(const vb_game *g, const void *st, const char *text, vb_ctx *cx)
{
    const rs_state *s = st;
    const rs_data *d = RS_D(g);
    char buf[VB_TEXT_LEN];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL, *w0 = strtok_r(buf, " ", &save), *w1 = strtok_r(NULL, " ", &save);
    if (!w0)
        return why(cx, text, "empty action");
    int z = w1 ? zone_named(d, w1) : -1;
    if (!strcmp(w0, "attack") || !strcmp(w0, "siege") || !strcmp(w0, "to") ||
        !strcmp(w0, "scorch")) {
        if (z < 0)
            return why(cx, text, "unknown zone");
        if (!strcmp(w0, "to"))
            return explain_step(g, s, text, z, cx);
        if (s->phase != P_IMPULSE)
            return why(cx, text,
                       "combats, sieges and scorched earth belong to a campaign (rule 6.2)");
        if (s->mv.surprise && s->sgen >= 0 && z != s->gz[s->sgen])
            return why(cx, text,
                       "in a strategic surprise only the chosen general's army acts (rule 20)");
        return !strcmp(w0, "attack")  ? explain_attack(g, s, text, z, cx)
               : !strcmp(w0, "siege") ? explain_siege(g, s, text, z, cx)
                                      : explain_scorch(g, s, text, z, cx);
    }
    if (!strcmp(w0, "honours")) {
        if (s->phase != P_HONOURS)
            return why(cx, text, "only after a surrender with honours (rule 18.1.2 Sh)");
        return why(cx, text,
                   z < 0 ? "unknown zone"
                         : "the garrison goes to an adjacent zone its camp controls (rule 18.1.2 "
                           "Sh)");
    }
    if (s->phase == P_FORT && (!strcmp(w0, "garrison") || !strcmp(w0, "from-garrison")))
        return why(cx, text,
                   "units go into or out of a fortress here only where the camp raised it or a "
                   "line this turn, one way a zone, within the FV, not beside an enemy army "
                   "(rule 11)");
    if (!strcmp(w0, "bet")) {
        if (s->phase != P_BET)
            return why(cx, text, "bets are made in sequence 6.1.7 (rule 12)");
        return why(cx, text, "a bet is 0 to 5 RP and no more than the camp has (rule 12)");
    }
    if (!strcmp(w0, "take")) {
        if (s->phase != P_CAB_PICK)
            return why(cx, text, "markers are chosen in the cabinet strategy (rule 9)");
        return why(cx, text,
                   "the D6 allows no more markers, or none of that kind is left (rule 9)");
    }
    if (!strcmp(w0, "move")) {
        if (s->phase != P_IMPULSE)
            return why(cx, text, "marches belong to a campaign (rule 13)");
        return why(cx, text,
                   "not your general on the map, or he has led a march this campaign (rule 13.1)");
    }
    char p[VB_TEXT_LEN];
    rs_prompt(g, s, p, sizeof p);
    return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': not a choice now (%s)", text, p);
}
