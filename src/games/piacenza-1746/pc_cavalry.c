/*
 * pc_cavalry.c - Piacenza 1746 cavalry against cavalry (10.1-10.3, 10.5):
 * the ground of a Melee and of a Charge, and which of the two a cavalry
 * unit may declare.
 *
 * 10.1: cavalry "can fight against enemy units, performing Melee against
 * Cavalry, Infantry and/or Artillery units or Charge against enemy
 * Cavalry": against cavalry both are named, and the player declares one.
 * 10.2 allows the Melee into a Clear or Ditch hex, with no other bar; 10.3
 * allows the Charge only Clear to Clear, not across a stream, and not
 * against enemy cavalry adjacent at the start of Movement (that bar is the
 * Charge's: the Melee of 10.2 stays open there); 10.5: mounted dragoons
 * "cannot perform Charges" (they still melee, and countercharge when
 * charged). The declaration is kept with the melee marker (`ucharge`), the
 * ground being the same when the combat is resolved.
 */
#include "pc_int.h"

static int is_clear(const pc_data *d, int hex)
{
    return d->terr[d->hterr[hex]].is_clear;
}

/* 10.3: the ground of a Charge: "the hex occupied by the enemy cavalry
 * unit and ... the one adjacent to it from which the Charge is launched are
 * Clear terrain"; "not ... beyond a Stream hexside". */
int pc_charge_ground(const pc_data *d, int from, int hex)
{
    int dir = pc_dir_to(d, from, hex);
    return dir >= 0 && is_clear(d, hex) && is_clear(d, from) && !(d->stream[from] & (1u << dir));
}

/* 10.2: "may declare a Melee against an adjacent enemy unit, only if this
 * occupies a Clear or Ditch terrain hex". */
int pc_cav_melee_ground(const pc_data *d, int hex)
{
    return is_clear(d, hex) || d->terr[d->hterr[hex]].is_ditch;
}

/* May the moving cavalry unit u declare a Charge at hex (the melee's other
 * conditions already met, pc_melee_target_ok)? 10.3 and 10.5. */
int pc_charge_ok(const pc_data *d, const pc_state *s, int u, int hex)
{
    if (d->u[u].type != UT_CAV || s->uhex[u] < 0 || pc_drg_mounted(d, u)) /* 10.5 */
        return 0;
    if (pc_unit_at(d, s, hex, 1 - d->u[u].side, UT_CAV) < 0) /* 10.3: only against cavalry */
        return 0;
    /* "cannot declare a Charge against an enemy Cavalry unit that is
     * adjacent to itself at the start of Movement" */
    if (s->mv_start >= 0 && pc_dist(d, s->mv_start, hex) <= 1)
        return 0;
    return pc_charge_ground(d, s->uhex[u], hex);
}

/* Is the combat of a's marker on hex a Charge? As declared, against the
 * cavalry still there, on the ground of a Charge. */
int pc_is_charge(const pc_data *d, const pc_state *s, int a, int hex)
{
    return s->ucharge[a] && d->u[a].type == UT_CAV && s->uhex[a] >= 0 &&
           pc_unit_at(d, s, hex, 1 - d->u[a].side, UT_CAV) >= 0 &&
           pc_charge_ground(d, s->uhex[a], hex);
}
