/* test_mutation46.c - molt-soroll: tests written against survivors of the
 * seed-46 mutation passes of the forty-sixth session (helper sqt) over
 * ms_rules.c. Each fails with its mutant planted back (messages "M46:");
 * lines of 5954938d (docs/molt-soroll.md, "Mutation pass, forty-sixth
 * session (helper sqt)"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ms_test.h"

/* 8.1.4 Front Elimination: "If the result is higher than the value of the
 * box in which the enemy force is currently situated, the force is
 * eliminated and placed in the "Amenaces eliminades" (Eliminated threats)
 * box": off the fronts, so on no side of its counter. The Andalusins,
 * reduced, in Xàtiva (box 1) at Rendició de Montesa, roll 2: eliminated,
 * no longer reduced, and the position sound to the judge (a force not in
 * play cannot be reduced). (ms_rules.c:959 the eliminated force's
 * `reduced` set to 1: the judge refuses the position.) */
static void inactivation_eliminates_a_reduced_force(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_front(j, "Andalusins", "Xàtiva", "reduced", 0);
    put_row(t, j, "M46: 8.1.4");
    if (!S(t)->reduced[AND])
        fail_msg("M46: the Andalusins not reduced before the die");
    vbt_dice(t, "rendicio-montesa");
    vbt_act(t, "end-actions");
    vbt_dice(t, "2");
    if (S(t)->pos[AND] != MS_ELIMINATED)
        fail_msg("M46: the Andalusins, reduced in Xàtiva, not eliminated by a 2 (pos %d)",
                 S(t)->pos[AND]);
    if (S(t)->reduced[AND])
        fail_msg("M46: the eliminated Andalusins still on their reduced side");
    if (t->g->def->check(t->g, S(t), &t->cx) != 0)
        fail_msg("M46: the position after the elimination refused: %s", t->cx.err);
    vbt_free(t);
}

/* 7.2 Kingdom of Mallorca: "If the marker is in the box "Visca lo rei en
 * Pere!", when the French force is in Perpinyà, Panissars, Girona or
 * besieging Barcelona, it will always be on its reduced side": the front
 * is the one map.json flags `"mallorca"` (ms_data.c), whichever its place
 * among the six. The loaded data edited as if the map's first front were
 * the one flagged, every one of its boxes one of James's: with James at
 * "Visca lo rei en Pere!", the Noblesa catalana (front 0), at full force,
 * is flipped to its reduced side when the card's movement is done.
 * (ms_rules.c:101 `f >= 0` as `f > 0`: the first front never flipped.) */
static void james_reduces_the_first_front_flagged(void **state)
{
    vbt *t = fresh();
    json_t *j = js(t);
    (void)state;
    set_track(j, "james", "Visca lo rei en Pere!");
    put_row(t, j, "M46: 7.2");
    ms_data *d = (ms_data *)t->g->data;
    d->mallorca_front = CAT;
    for (int b = 0; b < d->front[CAT].nbox; b++)
        d->front[CAT].box[b].mallorca_reduced = 1;
    if (S(t)->pos[CAT] < 0 || S(t)->reduced[CAT])
        fail_msg("M46: the Noblesa catalana not in play at full force at the setup");
    vbt_dice(t, "coronacio-saragossa");
    if (!S(t)->reduced[CAT])
        fail_msg("M46: 7.2 the Noblesa catalana, the Mallorca front, left at full force (box %d)",
                 S(t)->pos[CAT]);
    if (!vbt_logged(t, "[7.2] James of Mallorca supports the King: Noblesa catalana is flipped "
                       "to its reduced side"))
        fail_msg("M46: 7.2 the flip of the Noblesa catalana not logged");
    vbt_free(t);
}

/* 8.1.4: the possible inactivació is one die, rolled once (10: the
 * special action after the actions); with it rolled, eliminated or not,
 * no die is pending and the judge finds the position sound (a pending
 * front or track recorded only in the phase of its die). The Andalusins
 * in Xàtiva (box 1) at Rendició de Montesa: a 1 leaves them there, a 2
 * eliminates them. (ms_rules.c:968 the pending front left as 1, not
 * cleared: "a pending die is recorded outside its phase".) */
static void inactivation_die_leaves_nothing_pending(void **state)
{
    static const struct {
        const char *die;
        int gone;
    } rows[] = {{"1", 0}, {"2", 1}};
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = fresh();
        json_t *j = js(t);
        set_front(j, "Andalusins", "Xàtiva", "full", 0);
        put_row(t, j, "M46: 8.1.4");
        vbt_dice(t, "rendicio-montesa");
        vbt_act(t, "end-actions");
        if (S(t)->phase != PH_INACTIVATION)
            fail_msg("M46: no inactivation die after the actions of Rendició de Montesa");
        vbt_dice(t, rows[i].die);
        if ((S(t)->pos[AND] == MS_ELIMINATED) != rows[i].gone)
            fail_msg("M46: the Andalusins in Xàtiva, die %s: eliminated %d", rows[i].die,
                     S(t)->pos[AND] == MS_ELIMINATED);
        if (S(t)->phase == PH_INACTIVATION || S(t)->pend_arg != 0)
            fail_msg("M46: die %s: the inactivation still pending (phase %d, front %d)",
                     rows[i].die, S(t)->phase, S(t)->pend_arg);
        if (t->g->def->check(t->g, S(t), &t->cx) != 0)
            fail_msg("M46: die %s: the position after the inactivation die refused: %s",
                     rows[i].die, t->cx.err);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inactivation_eliminates_a_reduced_force),
        cmocka_unit_test(james_reduces_the_first_front_flagged),
        cmocka_unit_test(inactivation_die_leaves_nothing_pending),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
