/*
 * rs_eval.c - the AI's evaluation of a position (no rule): the Diplomacy
 * Table as it would stand now, progress inside its columns, the armies'
 * strength and the sieges and battles to come: its terms (rs_eval_terms,
 * which bench/fit_roi.c records to fit the weights to game outcomes) and
 * their weighted sum.
 */
#include <math.h>

#include "rs_int.h"

/* the evaluation's weights (AI only, no rule): a held Battle or Siege
 * marker is expected to cost 0.9 of a GP, a Decoy or Scorched earth
 * marker a whole one (22.4: a marker unused at the year's end is a GP to
 * the other camp; the search, without rollouts, does not see the year's
 * end, and at half a GP France kept its one Battle marker unused in 10 of
 * 13 years: docs/roi-soleil.md, Measured, twentieth session); an alliance
 * space; a siege or a battle to come */
#define RS_EVAL_HELD_USE 0.9
#define RS_EVAL_SPACE 0.015
#define RS_EVAL_SIEGE 0.02
#define RS_EVAL_BATTLE 0.03
/* an ally one space from Neutral: one enemy diplomatic action loses it
 * (22.1), so it counts RS_EVAL_THREAT more against its camp */
#define RS_EVAL_THREAT 0.03

/* the weights of the terms (rs_int.h, RS_T_*), then the intercept. As
 * shipped (RS_EVAL_FIT 0) the evaluation is France's value of its terms
 * clipped to [-1, 1]; with RS_EVAL_FIT 1 (the study of the thirty-second
 * session, docs/roi-soleil.md) the weights are those fitted by logistic
 * regression to outcomes (bench/fit_roi.c, bench/fit_eval.py) and the
 * evaluation is tanh(z / 2), 2 P(France wins) - 1 with y 0.5 for a
 * compromise */
#ifndef RS_EVAL_FIT
#define RS_EVAL_FIT 0
#endif
const rs_eval_weights rs_eval_fitted = {
    .w = {[RS_T_NPOS] = 1.3850,
          [RS_T_GP] = 0.0117,
          [RS_T_OBJ] = 0.0226,
          [RS_T_ALLIES] = 0.3233,
          [RS_T_SPACE] = 0.0136,
          [RS_T_THREAT] = 0.2523,
          [RS_T_OBJARMY] = 0.0547,
          [RS_T_WALLS] = -0.0340,
          [RS_T_SP] = 0.0001,
          [RS_T_SIEGE] = -0.0049,
          [RS_T_BATTLE] = -0.0548,
          [RS_T_LATE] = -0.4978,
          [RS_T_NPOS_LATE] = -0.2026,
          [RS_EVAL_NT] = -1.8998},
    .logistic = 1,
};

const rs_eval_weights rs_eval_shipped = {
    .w = {[RS_T_COL0] = 0.2,
          [RS_T_COL1] = 0.2,
          [RS_T_COL2] = 0.2,
          [RS_T_COL3] = 0.2,
          [RS_T_GP] = 0.03,
          [RS_T_OBJ] = 0.01,
          [RS_T_ALLIES] = 0.03,
          [RS_T_SPACE] = RS_EVAL_SPACE,
          [RS_T_THREAT] = RS_EVAL_THREAT,
          [RS_T_OBJARMY] = 0.04,
          [RS_T_WALLS] = 0.02,
          [RS_T_SP] = 0.003,
          [RS_T_SIEGE] = RS_EVAL_SIEGE,
          [RS_T_BATTLE] = RS_EVAL_BATTLE},
};

/* the shipped weights with the allies and threat terms at the fitted
 * weights divided by the shipped evaluation's fitted scale (1.53): the
 * variant the fit suggested (docs/roi-soleil.md, thirty-second session) */
const rs_eval_weights rs_eval_allied = {
    .w = {[RS_T_COL0] = 0.2,
          [RS_T_COL1] = 0.2,
          [RS_T_COL2] = 0.2,
          [RS_T_COL3] = 0.2,
          [RS_T_GP] = 0.03,
          [RS_T_OBJ] = 0.01,
          [RS_T_ALLIES] = 0.21,
          [RS_T_SPACE] = RS_EVAL_SPACE,
          [RS_T_THREAT] = 0.165,
          [RS_T_OBJARMY] = 0.04,
          [RS_T_WALLS] = 0.02,
          [RS_T_SP] = 0.003,
          [RS_T_SIEGE] = RS_EVAL_SIEGE,
          [RS_T_BATTLE] = RS_EVAL_BATTLE},
};

const char *const rs_eval_names[RS_EVAL_NT] = {
    "col_allies", "col_rp", "col_obj", "col_glory", "gp",        "obj",
    "allies",     "space",  "threat",  "objarmy",   "walls",     "sp",
    "siege",      "battle", "late",    "npos",      "npos_late",
};

/* The evaluation's terms (AI only, no rule), each from France's side: the
 * four Diplomacy Table columns, progress inside them, the alliance, army,
 * siege and battle terms; the last three (weight 0 as shipped) are
 * candidates the fit of the thirty-second session tried. */
int rs_eval_terms(const vb_game *g, const rs_state *s, double t[RS_EVAL_NT])
{
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    int held[2] = {0, 0}, sp[2] = {0, 0}, allies, obj, col[4];
    double hv[2] = {0, 0}; /* the GP the held markers are expected to cost */
    for (int i = 0; i < RS_EVAL_NT; i++)
        t[i] = 0;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < s->c[c].npick; i++)
            if (s->c[c].pstate[i] == PK_HELD) {
                held[c]++;
                hv[c] += s->c[c].pick[i] == CAT_BATTLE || s->c[c].pick[i] == CAT_SIEGE
                             ? RS_EVAL_HELD_USE
                             : 1;
            }
    /* an army with a general of its camp can march and fight (13.1, 17):
     * its SP count twice */
    for (int z = 0; z < d->nz; z++)
        for (int c = 0; c < 2; c++) {
            int n = rs_army(s, z, c);
            sp[c] += n;
            if (n && rs_commander(g, s, z, c) >= 0)
                sp[c] += n;
        }
    int mc = rs_marching(g, s); /* a march's SP, its general with them */
    if (mc >= 0)
        sp[mc] += 2 * rs_sp(s->mv.sp);
    rs_diplomacy(g, s, rs_income(g, s, RS_F, 0) - s->c[RS_F].debt, s->gp - held[0] + held[1],
                 &allies, &obj, col);
    int npos = 0;
    for (int i = 0; i < 4; i++) {
        t[RS_T_COL0 + i] = col[i];
        npos += col[i] > 0;
    }
    /* progress inside a column: the columns alone are flat across the
     * middle one, where every game starts, so the search could not tell a
     * glory point gained (a battle won, a marker used) from none; each GP
     * (the unused markers counted as 22.4 will) and each objective held
     * counts a little, capped at the peace columns' reach */
    double gpe = s->gp - hv[0] + hv[1];
    t[RS_T_GP] = gpe > 6 ? 6 : gpe < -6 ? -6 : gpe;
    t[RS_T_OBJ] = obj > 8 ? 8 : obj < -8 ? -8 : obj;
    /* the allies column (22.1): each ally neutralised counts (as a GP) up
     * to the column's reach, and each space an ally's cursor stands from
     * Neutral for its camp: a battle won or an FV4 taken moves every cursor
     * (22.2.2), 5 RP of diplomacy one minor's */
    t[RS_T_ALLIES] = allies > 2 ? 2 : allies < -2 ? -2 : allies;
    for (int a = 0; a < d->ns; a++)
        if (!s->neutralised[a]) {
            t[RS_T_SPACE] -= s->alpos[a]; /* French allies negative */
            if (s->alpos[a] == 1 || s->alpos[a] == -1)
                t[RS_T_THREAT] += s->alpos[a];
        }
    /* an objective not yet held: French armies there and lower walls count */
    for (int i = 0; i < sc->nobj; i++) {
        int z = sc->obj[i];
        if (rs_ctrl(g, s, z) == RS_F)
            continue;
        if (rs_army(s, z, RS_F) > rs_army(s, z, RS_C)) {
            t[RS_T_OBJARMY] += 1;
            t[RS_T_WALLS] += 4 - s->z[z].fv;
        }
    }
    t[RS_T_SP] = sp[0] - sp[1];
    /* a siege to come: a camp holding a Siege marker with an army and a
     * general at an enemy fortress free of enemy armies (18) */
    for (int c = 0; c < 2; c++) {
        if (rs_held(s, c, CAT_SIEGE) < 0)
            continue;
        for (int z = 0; z < d->nz; z++)
            if (s->z[z].fv > 0 && rs_ctrl(g, s, z) == 1 - c && rs_army(s, z, c) > 0 &&
                rs_army(s, z, 1 - c) == 0 && rs_commander(g, s, z, c) >= 0) {
                t[RS_T_SIEGE] += c == RS_F ? 1 : -1;
                break;
            }
    }
    /* a battle to come (17.1, 17.3: a won battle is a GP and moves every
     * ally's cursor): a camp holding a Battle marker with an army and a
     * general in a zone where it outnumbers an enemy army of 10 SP or more
     * two to one (column 2/1 or better, the SP that count) and has not
     * fought this campaign */
    for (int c = 0; c < 2; c++) {
        if (rs_held(s, c, CAT_BATTLE) < 0)
            continue;
        for (int z = 0; z < d->nz; z++) {
            int e = 0, a = rs_army(s, z, 1 - c) >= 10 ? rs_battle_sp(g, s, z, c, &e) : 0;
            if (a >= 10 && e >= 10 && a >= 2 * e && !(s->z[z].used[c] & 0x10) &&
                rs_commander(g, s, z, c) >= 0) {
                t[RS_T_BATTLE] += c == RS_F ? 1 : -1;
                break;
            }
        }
    }
    /* candidates: the share of the game's years gone, the columns France
     * leads in (three make its peace, 23) and that count as the end nears */
    int span = sc->end - sc->start;
    double late = span > 0 ? (double)(s->year - sc->start) / span : 1;
    late = late < 0 ? 0 : late > 1 ? 1 : late;
    t[RS_T_LATE] = late;
    t[RS_T_NPOS] = npos;
    t[RS_T_NPOS_LATE] = npos * late;
    return RS_EVAL_NT;
}

/* France's value of the terms under weights w, the Coalition's the
 * opposite: the weighted sum clipped to [-1, 1], or tanh(z / 2) for
 * logistic weights (2 P(France wins) - 1, a compromise counted half). */
double rs_eval_with(const vb_game *g, const rs_state *s, int role, const rs_eval_weights *w)
{
    double t[RS_EVAL_NT];
    rs_eval_terms(g, s, t);
    double v = w->w[RS_EVAL_NT]; /* the intercept */
    for (int i = 0; i < RS_EVAL_NT; i++)
        v += w->w[i] * t[i];
    if (w->logistic)
        v = tanh(v / 2);
    else
        v = v > 1 ? 1 : v < -1 ? -1 : v;
    return role == RS_F ? v : -v;
}

/* The AI's evaluation: the shipped weights (RS_EVAL_FIT 1 at compile time
 * for the fitted ones, 2 for the allied variant: the study of the
 * thirty-second session). */
double rs_eval(const vb_game *g, const void *st, int role)
{
    return rs_eval_with(g, st, role,
                        RS_EVAL_FIT == 2 ? &rs_eval_allied
                        : RS_EVAL_FIT    ? &rs_eval_fitted
                                         : &rs_eval_shipped);
}
