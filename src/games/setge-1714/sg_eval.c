/*
 * sg_eval.c - the evaluation of "11 de Setembre. Setge 1714" for the AI
 * (`eval` hook, used by greedy and as the prior and leaf value of mcts) and
 * the turn counter (`turn` hook).
 *
 * The evaluation, from the side of `role`: the VP difference (rule 13) plus
 * 0.1 x (own - enemy strength of combat units on the map or waiting) plus
 * SG_THREAT_W x (own - enemy threat: what the position sets up, sg_threat
 * below), in VP units, then x / 20 squashed into (-1, 1) as x / (1 + |x|);
 * a finished game is 1, -1 or 0. Most moves leave it unchanged: docs/ai.md
 * ("Moves with a purpose") measures what that does to the moves of mcts;
 * during a side's movement phase, each of its units that moved into (or
 * within) the deployment zones costs it SG_SHUFFLE_VP.
 */
#include <string.h>

#include "sg_int.h"

/* VP charged, while a side's movement phase is in progress, for each of
 * its combat units and commanders that has moved this half-turn and stands
 * in a deployment zone (docs/ai.md, "Moves with a purpose"). */
#define SG_SHUFFLE_VP 0.3

/* Weight of the threat term (sg_threat) in VP units: 0.5, 1 and 2 were
 * tried (docs/ai.md, fourth session); 2 depends least on the budget. */
#define SG_THREAT_W 2.0

/* Weight of an objective nobody holds in the threat term, in place of the
 * chance of an assault (there is nothing to assault: the side's units walk
 * in): 1 until the sixth session; 0, 1 and 1.5 measured there (docs/ai.md,
 * "sixth session"), 1.5 depends least on the search budget. */
#define SG_EMPTY_W 1.5

/* sg_win_odds[k]: the chance that a + d6 > v + d6 (two independent dice)
 * when v - a = k - 6, for k = 0..12 (rule 11.3: the attacker must beat the
 * defender's total; a tie holds). */
static const double sg_win_odds[13] = {
    36.0 / 36, 35.0 / 36, 33.0 / 36, 30.0 / 36, 26.0 / 36, 21.0 / 36, 15.0 / 36,
    10.0 / 36, 6.0 / 36,  3.0 / 36,  1.0 / 36,  0.0 / 36,  0.0 / 36,
};

static double win_odds(int a, int v)
{
    int k = v - a + 6;
    return k < 0 ? 1.0 : k > 12 ? 0.0 : sg_win_odds[k];
}

/* What a position sets up for `side` (docs/ai.md, "fourth session"): for
 * each objective of rule 13 that `side` does not hold, the VP it would gain
 * by taking it (twice the zone's value from the enemy, who loses it; once
 * when nobody holds it), times the chance of the best assault its combat
 * units in a zone next to it (across a passable side) could declare, at
 * rule 11.3's values without a card or a withdrawal: lead = the strongest
 * unit, +1 per other unit, +1 for a commander or the flag in the zone
 * against the zone's value (3 across a blue line or a facing barricade),
 * the strongest defender, +1 per other, +1 for a commander or the flag.
 * An empty objective next to its units counts SG_EMPTY_W times its VP
 * (1.5: more than taken; docs/ai.md, "sixth session"). No allocation: one
 * pass over the combat units and one over the objectives, for both sides
 * at once (t[side]). */
static void threats(const sg_data *d, const sg_state *s, double t[2])
{
    const sg_sum *m = &s->sum;
    uint8_t best[2][SG_MAXZ];
    memset(best, 0, sizeof best);
    for (int sd = 0; sd < 2; sd++)
        for (int k = 0; k < d->ncombat[sd]; k++) {
            int u = d->combat[sd][k];
            if (s->us[u] == US_ON && d->u[u].strength > best[sd][s->uz[u]])
                best[sd][s->uz[u]] = (uint8_t)d->u[u].strength;
        }
    for (int side = 0; side < 2; side++) {
        int en = 1 - side;
        t[side] = 0;
        for (uint64_t zs = d->objmask & ~m->occ[side]; zs; zs &= zs - 1) {
            int z = __builtin_ctzll(zs);
            uint64_t from = sg_pass(d, s, z) & m->occ[side];
            if (!from)
                continue;
            int held = (m->occ[en] & BIT(z)) != 0;
            double p = 0;
            if (!held)
                p = SG_EMPTY_W;
            else {
                int vd = best[en][z] + (m->n[z] - 1) + ((m->lead[en] & BIT(z)) != 0);
                for (; from && p < 1.0; from &= from - 1) {
                    int y = __builtin_ctzll(from);
                    int a = best[side][y] + (m->n[y] - 1) + ((m->lead[side] & BIT(y)) != 0);
                    int terr = d->z[z].defv;
                    if ((d->z[z].blue & BIT(y)) && terr < 3)
                        terr = 3;
                    if (m->bar[z] != SG_NO && s->face[m->bar[z]] == y && terr < 3)
                        terr = 3;
                    double q = win_odds(a, vd + terr);
                    if (q > p)
                        p = q;
                }
            }
            t[side] += p * d->objvp[z] * (held ? 2 : 1);
        }
    }
}

double sg_threat(const sg_data *d, const sg_state *s, int side)
{
    double t[2];
    threats(d, s, t);
    return t[side];
}

double sg_eval(const vb_game *g, const void *st, int role)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    int side = (role == R_BOURBON || role == R_SPANISH) ? SG_BOURBON : SG_CATALAN;
    if (s->over) {
        if (s->winner == 2)
            return 0;
        return s->winner == side ? 1.0 : -1.0;
    }
    double x = (double)(sg_vp(d, s, side) - sg_vp(d, s, 1 - side));
    int mine = 0, theirs = 0;
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].kind == K_COMBAT && (s->us[u] == US_ON || s->us[u] == US_WAIT)) {
            if (d->u[u].side == side)
                mine += d->u[u].strength;
            else
                theirs += d->u[u].strength;
        }
    x += 0.1 * (mine - theirs);
    double t[2];
    threats(d, s, t);
    x += SG_THREAT_W * (t[side] - t[1 - side]);
    /* A move that ends in a deployment zone (rule 6.2: out of reach of the
     * enemy, no stacking limit; whatever can be done from one can be done
     * from another a turn later) changes nothing but the evaluation would
     * score it as ending the movement does: without this charge the search
     * prefers such moves to ending the movement, whose consequences (the
     * enemy's fire) it sees at once. Only while the mover's movement phase
     * lasts: it orders moves, it does not value positions. */
    if (s->phase == PH_MOVE || s->phase == PH_DEST) {
        int mover = s->half, moved = 0;
        for (int u = 0; u < d->nu; u++)
            if (d->u[u].side == mover && s->done[u] && s->us[u] == US_ON &&
                (d->u[u].kind == K_COMBAT || d->u[u].kind == K_LEADER) &&
                (d->deploymask & BIT(s->uz[u])))
                moved++;
        x += (mover == side ? -SG_SHUFFLE_VP : SG_SHUFFLE_VP) * moved;
    }
    x /= 20.0;
    return x / (1.0 + (x < 0 ? -x : x));
}

int sg_turn(const vb_game *g, const void *st)
{
    (void)g;
    return ((const sg_state *)st)->turn;
}
