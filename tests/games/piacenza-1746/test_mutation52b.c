/* test_mutation52b.c - piacenza-1746: tests written against the survivors
 * of the seed-52 mutation pass over pc_dragoon.c and pc_odds.c
 * (docs/piacenza-1746.md, "Mutation pass, fifty-second session, second
 * round (helper pcv)"). Messages "M52:". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"
#include "odds.h"

#define A1 "Dragons 1 A"
#define B1 "Dragons 1 B"
#define F1 "Dragons 1 Pied"

/* 10.5 ("every two mounted SPs ... can be replaced by a dismounted Infantry
 * SP, or vice versa"): only the counter on foot mounts. Dragoons 1 A at one
 * SP alone in 1828, B out of play (PC_OFF, so that a plan of 2 x 1 SP would
 * find it), the counter on foot out of play: A cannot dismount (1 SP), and
 * "mount Dragons-1-A" is no action; the Movement segment of Larnage's
 * formation. (pc_dragoon.c:151 pc_drg_can_mount's first `||` as `&&`, a
 * neighbour of the seed-52 draw, planted with C's parentheses, `(!foot &&
 * uhex < 0) || ...`: a mounted counter on the map taken to mount, B put
 * beside A.) */
static void only_the_counter_on_foot_mounts(void **state)
{
    (void)state;
    vbt *t = drg_board(0, "1829");
    put(t, A1, "1828");
    S(t)->ustep[U(t, A1)] = 1;
    S(t)->uhex[U(t, B1)] = PC_OFF;
    larnage_moves(t);
    if (t->g->def->check(t->g, S(t), &t->cx))
        fail_msg("M52: the position refused: %s", t->cx.err);
    if (vbt_legal(t, "mount Dragons-1-A"))
        fail_msg("M52: 10.5 a mounted counter offered to mount");
    vb_action acts[64];
    int n = t->g->def->legal(t->g, S(t), acts, NULL, 64);
    for (int i = 0; i < n; i++)
        if (PC_K(acts[i]) == A_MOUNT)
            fail_msg("M52: 10.5 a mount listed for unit %d", PC_A(acts[i]));
    assert_true(vbt_legal(t, "move Dragons-1-A"));
    vbt_free(t);
}

/* 10.5 ("... or vice versa"), the engine's reading (pc_dragoon.c's
 * header: "Only units in good order, with no marker"): the counter on foot
 * mounts in good order and with no marker only. Dragoons 1 Pied alone in
 * 1828, the Movement segment of Larnage's formation: as placed, "mount
 * Dragons-1-Pied" is an action; disordered (no marker), or in good order
 * with a Feu de Billebaude marker, it is not. (pc_dragoon.c:151
 * pc_drg_can_mount's last `||` as `&&`, planted with C's parentheses,
 * `ustat != ST_GOOD && (uflag & ...)`: each of the two mounted.) */
static void only_good_order_mounts(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) {
        vbt *t = drg_board(1, "1829");
        put(t, F1, "1828");
        if (k == 1)
            S(t)->ustat[U(t, F1)] = ST_DIS;
        if (k == 2)
            S(t)->uflag[U(t, F1)] = UF_FDB;
        larnage_moves(t);
        if (vbt_legal(t, "mount Dragons-1-Pied") != (k == 0))
            fail_msg("M52: 10.5 the counter on foot %s: mount %s",
                     k == 0   ? "in good order"
                     : k == 1 ? "disordered"
                              : "with Feu de Billebaude",
                     k == 0 ? "refused" : "offered");
        vbt_free(t);
    }
}

/* 10.5 ("a single infantry counter or two counters if on horseback"): a
 * regiment's mounted counter in 0101 (hex 0) counts in its SP. Dragoons 1 A
 * (2 SP) in 0101, B out of play, the counter on foot at full strength (2 SP
 * on foot, 4 mounted) in 1826: 6 SP of a regiment of 4, refused "more SP in
 * play than the regiment has", as with A in 1828 (the regiment's count
 * comes before the terrain: 0101 is out of the battle's map, "forbidden
 * terrain", which alone refuses A there at 1 SP on foot). (pc_dragoon.c:289
 * pc_drg_check's `uhex >= 0` as `> 0`: the counter in 0101 not counted,
 * the position refused for its terrain only.) */
static void regiment_counts_its_counter_in_0101(void **state)
{
    (void)state;
    const char *const at[2] = {"1828", "0101"};
    for (int k = 0; k < 2; k++) {
        vbt *t = drg_board(0, "1829");
        put(t, A1, at[k]);
        S(t)->uhex[U(t, B1)] = PC_OFF;
        put(t, F1, "1826");
        S(t)->ustep[U(t, F1)] = 2;
        if (t->g->def->check(t->g, S(t), &t->cx) == 0)
            fail_msg("M52: 10.5 A in %s, 2 SP on foot: accepted", at[k]);
        if (!strstr(t->cx.err, "more SP in play than the regiment has"))
            fail_msg("M52: 10.5 A in %s refused with: %s", at[k], t->cx.err);
        S(t)->ustep[U(t, F1)] = 1; /* 2 + 2 x 1 SP: a regiment's 4 */
        int rc = t->g->def->check(t->g, S(t), &t->cx);
        if (k == 0 ? rc != 0 : !strstr(t->cx.err, "forbidden terrain"))
            fail_msg("M52: 10.5 A in %s, 1 SP on foot: %s", at[k], rc ? t->cx.err : "accepted");
        vbt_free(t);
    }
}

/* 10.5 ("they must dismount"): the compulsory dismount is the same action
 * as the free one, PC_ACT(A_DISMOUNT, unit, 0), whatever the EZ. Dragoons
 * 1 A and B in 1825, in Daun's EZ (1822): the only action; the game's
 * apply called directly with it (as test_dragoons.c calls it) accepted,
 * the counter on foot in 1825. (pc_dragoon.c:198 the compulsory
 * `PC_ACT(A_DISMOUNT, u, 0)` as `u, 1`: an action of the same words but
 * another value, the free one's value refused.) */
static void compulsory_dismount_is_the_dismount(void **state)
{
    (void)state;
    vbt *t = drg_board(0, "1826");
    put(t, "Daun", "1822");
    put(t, A1, "1825");
    put(t, B1, "1825");
    larnage_moves(t);
    vb_action acts[64];
    int n = t->g->def->legal(t->g, S(t), acts, NULL, 64);
    vb_action want = PC_ACT(A_DISMOUNT, U(t, A1), 0);
    if (n != 1 || acts[0] != want)
        fail_msg("M52: 10.5 the compulsory dismount: %d actions, the first %#llx, not %#llx", n,
                 n > 0 ? (unsigned long long)acts[0] : 0ULL, (unsigned long long)want);
    if (t->g->def->apply(t->g, S(t), want, &t->cx))
        fail_msg("M52: 10.5 the compulsory dismount refused: %s", t->cx.err);
    expect_at(t, F1, "1825");
    vbt_free(t);
}

/* The odds' words (pc_odds_help): a position and the words of a legal
 * action, or the second-volley plan alone at the announcements (9.1.2).
 * San Lazzaro, the movement ended (the bombardment segment, no dice due):
 * 'replies' alone names no action, a usage of the odds refused; with the
 * bombardment's words it is read. (pc_odds.c:95 the plan alone's `phase ==
 * PH_F2DEF` as `!=`: no action words taken for the plan alone in every
 * phase but PH_F2DEF, the odds of nothing enumerated.) */
static void odds_replies_alone_name_no_action(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 5);
    vbt_act(t, "end-movement");
    pc_state *s = malloc(sizeof *s);
    assert_non_null(s);
    char w0[] = "replies", w1[] = "bombard", w2[] = "Artilleria-de-Gages", w3[] = "0807";
    char *alone[] = {w0, NULL}, *with[] = {w1, w2, w3, w0, NULL};
    vb_action first;
    memcpy(s, S(t), sizeof *s);
    if (vb_odds_setup(t->g, s, 1, 1, alone, &first, &t->cx) >= 0)
        fail_msg("M52: the odds of 'replies' alone, in the bombardment segment: read");
    memcpy(s, S(t), sizeof *s);
    if (vb_odds_setup(t->g, s, 1, 4, with, &first, &t->cx) != 0)
        fail_msg("M52: the odds of a bombardment with 'replies': %s", t->cx.err);
    free(s);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(only_the_counter_on_foot_mounts),
        cmocka_unit_test(only_good_order_mounts),
        cmocka_unit_test(regiment_counts_its_counter_in_0101),
        cmocka_unit_test(compulsory_dismount_is_the_dismount),
        cmocka_unit_test(odds_replies_alone_name_no_action),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
