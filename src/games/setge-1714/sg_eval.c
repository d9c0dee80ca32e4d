/*
 * sg_eval.c - the evaluation of "11 de Setembre. Setge 1714" for the AI
 * (`eval` hook, used by greedy and as the prior and leaf value of mcts) and
 * the turn counter (`turn` hook).
 *
 * The evaluation, from the side of `role`: the VP difference (rule 13) plus
 * 0.1 x (own - enemy strength of combat units on the map or waiting), in VP
 * units, then x / 20 squashed into (-1, 1) as x / (1 + |x|); a finished game
 * is 1, -1 or 0. Most moves leave it unchanged: docs/ai.md ("Moves with a
 * purpose") measures what that does to the moves of mcts; during a side's
 * movement phase, each of its units that moved into (or within) the
 * deployment zones costs it SG_SHUFFLE_VP.
 */
#include "sg_int.h"

/* VP charged, while a side's movement phase is in progress, for each of
 * its combat units and commanders that has moved this half-turn and stands
 * in a deployment zone (docs/ai.md, "Moves with a purpose"). */
#define SG_SHUFFLE_VP 0.3

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
