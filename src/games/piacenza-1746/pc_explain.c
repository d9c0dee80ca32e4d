/*
 * pc_explain.c - why a typed action is not legal now, naming the rule:
 * "illegal action 'to 0605': the hex is in an enemy ZOC and the unit starts
 * in one (7.1 e)". Called by the core when a text matches no legal action.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pc_int.h"

static int fail(vb_ctx *cx, const char *text, const char *why)
{
    return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': %s", text, why);
}

static int explain_step(const pc_data *d, const pc_state *s, const char *text, const char *arg,
                        vb_ctx *cx)
{
    int u = s->mv_u, hex = pc_hex_parse(d, arg);
    if (hex < 0)
        return fail(cx, text, "no such hex on the Scenario 1 map");
    int h = s->uhex[u], dir = pc_dir_to(d, h, hex), side = d->u[u].side;
    if (dir < 0)
        return fail(cx, text, "a unit moves one adjacent hex at a time (5.0)");
    if (!pc_side_open(d, h, dir))
        return fail(cx, text, "the walls of Piacenza and the Po cannot be crossed (1.0)");
    if (pc_enemy_at(d, s, hex, side))
        return fail(cx, text, "the hex holds enemy units: declare a melee instead (9.2.1)");
    if (!pc_stack_ok(d, s, hex, u))
        return fail(cx, text, "the stack would break the stacking limits (6.0)");
    if (s->mv_stopped)
        return fail(cx, text, "the unit stopped in an enemy ZOC (7.1 a)");
    if (pc_in_ezoc(d, s, side, h, 0) && pc_in_ezoc(d, s, side, hex, 0))
        return fail(cx, text, "from one enemy ZOC directly into another (7.1 e)");
    if (!pc_move_in_command(d, s, u) && d->u[u].type != UT_ART)
        return fail(cx, text,
                    "out of command: only toward its leader or away from the enemy, never into "
                    "an enemy ZOC (5.9, 7.1 d)");
    if (d->u[u].type == UT_INF &&
        (pc_in_ez(d, s, side, hex) || (s->mv_start >= 0 && pc_in_ez(d, s, side, s->mv_start))))
        return fail(cx, text,
                    "in the enemy's Engagement Zone (or from it) infantry moves only onto its "
                    "declared Line or toward it (5.6, 5.8)");
    return fail(cx, text, "not enough movement points left (5.0, TEC)");
}

/* 5.5: why this Line cannot be declared. */
static int explain_line(const pc_data *d, const pc_state *s, const char *text, const char *word,
                        const char *arg, vb_ctx *cx)
{
    int n = pc_line_good_inf(d, s), a = s->line_anchor;
    if (!strcmp(word, "line-to")) {
        int h = pc_hex_parse(d, arg);
        char more[8];
        if (s->line_gaps < 0)
            return fail(cx, text, "first the Line's gaps: line-gaps 0 to one fewer than its units");
        if (h < 0 || sscanf(text, "%*s %*s %7s", more) == 1)
            return fail(cx, text, "line-to takes one hex of the map (5.5)");
        if (pc_dist(d, a, h) != n - 1 + s->line_gaps)
            return fail(cx, text,
                        "the last hex of a Line is as many hexes from its first as its units "
                        "and gaps, less one (5.5)");
        if (!pc_passable(d, h))
            return fail(cx, text, "the last unit of the Line cannot stand there (1.0)");
        for (int k = 0; k < 6 && s->line_gaps == 0; k++) {
            int e = a;
            for (int i = 1; i < n && e >= 0; i++)
                e = pc_nb(d, e, k);
            if (e == h)
                return fail(cx, text,
                            "a Line along a hex direction with no gap is declared with "
                            "line-toward (5.6)");
        }
        return fail(cx, text,
                    "a hex along the imaginary line holds enemy units, or units of another "
                    "formation where it may be a gap, or no unit may enter a step that cannot "
                    "be a gap (5.5)");
    }
    if (!strcmp(word, "line-gaps")) {
        if (s->line_gaps >= 0)
            return fail(cx, text, "the gaps are chosen: now the last hex, line-to HEX (5.5)");
        char *end = NULL, more[8];
        long g = arg[0] >= '0' && arg[0] <= '9' ? strtol(arg, &end, 10) : -1;
        if (!end || *end || sscanf(text, "%*s %*s %7s", more) == 1)
            return fail(cx, text,
                        "line-gaps takes one number: the gaps, 0 to one fewer than the "
                        "Line's units (5.5)");
        if (g > n - 1)
            return fail(cx, text,
                        "a unit of the Line is at most two hexes from the next: fewer gaps "
                        "than units (5.5)");
        return fail(cx, text,
                    "no last hex at that distance is free: enemy units, or units of another "
                    "formation, on every hex of a step of the Line, or ground no unit may "
                    "enter where no gap can be (5.5)");
    }
    if (s->line_gaps >= 0)
        return fail(cx, text, "the gaps are chosen: now the last hex, line-to HEX (5.5)");
    return fail(cx, text,
                "the Line along that direction meets a hex held by enemy units, or one no "
                "unit may enter (5.5)");
}

int pc_explain(const vb_game *g, const void *st, const char *text, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    char word[32] = "", arg[64] = "";
    if (sscanf(text, "%31s %63s", word, arg) < 1)
        return fail(cx, text, "empty action");
    if (s->phase == PH_OVER)
        return fail(cx, text, "the game is over");
    if (s->roll)
        return fail(cx, text, "a d10 roll is pending: 0 to 9 (2.6)");
    if (!strcmp(word, "to") && s->phase == PH_STEP && s->mv_u >= 0)
        return explain_step(d, s, text, arg, cx);
    if (!strcmp(word, "move") && s->phase == PH_MOVE) {
        int u = pc_find_unit(d, arg);
        if (u < 0)
            return fail(cx, text, "no such unit");
        if (s->form < 0 || (s->form == PC_MAXF ? d->u[u].type != UT_ART : d->u[u].form != s->form))
            return fail(cx, text, "the unit is not of the formation moving now (3.1 b, 5.2)");
        if (s->uhex[u] < 0)
            return fail(cx, text, "the unit is eliminated");
        if (s->uflag[u] & UF_MOVED)
            return fail(cx, text, "the unit has moved in this activation (5.0)");
        if (s->uflag[u] & UF_FDB)
            return fail(cx, text, "a unit in Feu de Billebaude cannot move (9.1.2)");
        if (s->ustat[u] == ST_ROUT)
            return fail(cx, text, "a routed unit only drifts (11.2)");
        if (s->ustat[u] == ST_DIS)
            return fail(cx, text, "disordered infantry stays in place (11.1 b)");
    }
    if ((!strcmp(word, "melee") || !strcmp(word, "charge")) && s->phase == PH_STEP) {
        int u = s->mv_u;
        if (d->u[u].type == UT_ART)
            return fail(cx, text, "artillery never melees (9.0)");
        if (s->ustat[u] != ST_GOOD)
            return fail(cx, text, "a disordered unit cannot melee or charge (11.1 a)");
        if (d->u[u].type == UT_INF && (s->uflag[u] & UF_FIRED))
            return fail(cx, text, "an infantry unit that has fired cannot melee this turn (9.2.3)");
        if (d->u[u].type == UT_INF)
            return fail(cx, text,
                        "infantry melees only with its leader beside it at the start, against "
                        "infantry or guns in Cover or the City, or a gun alone, never cavalry, "
                        "and not while realigning off its Line (9.2.2, 9.2.3, 5.8)");
        return fail(cx, text,
                    "cavalry melees into Clear or Ditch only; against cavalry it may instead "
                    "charge, Clear to Clear, not across a stream, not at cavalry adjacent at "
                    "the start, never as mounted dragoons (10.1, 10.2, 10.3, 10.5)");
    }
    if (!strcmp(word, "fire") && s->phase == PH_FDECL)
        return fail(cx, text,
                    "fire: in-command infantry of the formation, not routed, not in Feu de "
                    "Billebaude, without a melee marker, at an adjacent enemy, once (9.1, 5.9)");
    if (s->phase == PH_ANCHOR && !strcmp(word, "line-from"))
        return fail(cx, text,
                    "the first hex of the Line: a hex of the formation's good-order infantry or "
                    "beside one, with some Line from it free of enemy units (5.5, 5.6)");
    if (s->phase == PH_LDIR &&
        (!strcmp(word, "line-toward") || !strcmp(word, "line-gaps") || !strcmp(word, "line-to")))
        return explain_line(d, s, text, word, arg, cx);
    if (!strcmp(word, "declare-line"))
        return fail(cx, text,
                    "a Line is declared once, before the formation's first move, with two good "
                    "infantry units (5.6)");
    char pr[VB_TEXT_LEN];
    pc_prompt(g, st, pr, sizeof pr);
    return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': not legal now (%s)", text, pr);
}
