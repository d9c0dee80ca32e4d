/* test_secrets46.c - what the forty-sixth session's secrets pass (helper
 * sec, docs/roi-soleil.md) found untested in the hiding code of rs_view.c
 * (rs_visibility, rs_redact, rs_determinize): each test fails with its
 * surviving mutant planted (messages "S46:", lines of 5954938d) and passes
 * without. The helpers are in rs_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "rs_test.h"

/* campaign()'s Coalition hand made `n` markers: the first `nused` of
 * them spent, of category used[i] (shown to France), the rest held
 * (hidden); France's view of it determinised `seeds` times, the categories
 * drawn for the held markers counted in drawn[]. Every hand drawn is one
 * the Coalition could hold: no category beyond its printed count (9),
 * counting the spent markers. */
static void draw_coalition_hand(int n, int nused, const int *used, int seeds, int drawn[RS_NCAT])
{
    vbt *t = campaign();
    rs_state *s = S(t);
    const rs_data *d = t->g->data;
    rs_camp *k = &s->c[RS_C];
    k->npick = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        k->pick[i] = (uint8_t)(i < nused ? used[i] : CAT_SIEGE);
        k->pstate[i] = i < nused ? PK_USED : PK_HELD;
    }
    memset(drawn, 0, RS_NCAT * sizeof drawn[0]);
    for (int seed = 1; seed <= seeds; seed++) {
        rs_state v;
        vb_view(t->g, &v, s, RS_F);
        for (int i = 0; i < n; i++)
            assert_int_equal(v.c[RS_C].pick[i], i < nused ? used[i] : CAT_UNKNOWN);
        vb_rng r;
        vb_rng_seed(&r, (uint64_t)seed);
        t->g->def->determinize(t->g, &v, RS_F, &r);
        int hand[RS_NCAT] = {0};
        for (int i = 0; i < n; i++) {
            int c = v.c[RS_C].pick[i];
            if (c >= RS_NCAT)
                fail_msg("S46: seed %d: the Coalition's marker %d left unknown", seed, i);
            hand[c]++;
            if (i >= nused)
                drawn[c]++;
        }
        for (int c = 0; c < RS_NCAT; c++)
            if (hand[c] > d->markers[c])
                fail_msg("S46: seed %d: a Coalition hand of %d %s markers drawn, the camp has %d",
                         seed, hand[c], rs_cat_names[c], d->markers[c]);
    }
    vbt_free(t);
}

/* the counts drawn within a quarter of what the markers left give each
 * category: each held marker is any of the markers not shown, alike */
static void drawn_as_left(const char *what, const int drawn[RS_NCAT], const int left[RS_NCAT])
{
    int all = 0, tot = 0;
    for (int c = 0; c < RS_NCAT; c++) {
        all += drawn[c];
        tot += left[c];
    }
    for (int c = 0; c < RS_NCAT; c++) {
        double want = (double)all * left[c] / tot;
        if (drawn[c] < 0.75 * want || drawn[c] > 1.25 * want)
            fail_msg("S46: %s: %d %s markers drawn of %d, want about %.0f", what, drawn[c],
                     rs_cat_names[c], all, want);
    }
}

/* 9: "There are nine markers per camp": Battle (three), Siege (four),
 * Scorched earth (one), Decoy (one); a camp chooses its markers "without
 * showing them to your opponent". France's determinised view of the
 * Coalition's hidden markers draws them from the nine less those shown:
 * over 2000 seeds each category about as often as its share of the
 * markers left, and never a hand the camp could not hold (rs_view.c:413,
 * the draw's `if (left[c] > 0) r -= left[c]` as `> 1`: the one-marker
 * categories were passed over uncounted, the Decoy never drawn while the
 * Scorched earth marker was left, and the walk fell through to a Battle
 * marker: a fourth with the three spent). The same draw's walk begun at
 * Siege (rs_view.c:411, `c = 0` as `c = 1`) is not killed: the Battle
 * markers are then drawn by the fall-through, as often (equivalent). */
static void test_9_determinised_markers_drawn_as_held(void **state)
{
    (void)state;
    const rs_data *d = NULL;
    int drawn[RS_NCAT];
    {
        vbt *t = campaign();
        d = t->g->data;
        assert_int_equal(d->markers[CAT_BATTLE], 3);
        assert_int_equal(d->markers[CAT_SIEGE], 4);
        assert_int_equal(d->markers[CAT_SCORCH], 1);
        assert_int_equal(d->markers[CAT_DECOY], 1);
        vbt_free(t);
    }
    /* three held, none shown: any three of the nine */
    draw_coalition_hand(3, 0, NULL, 2000, drawn);
    static const int nine[RS_NCAT] = {3, 4, 1, 1};
    drawn_as_left("three held of nine", drawn, nine);
    /* the three Battle markers spent, three held: Siege, Scorched earth,
     * Decoy only (4, 1, 1), never a fourth Battle marker */
    static const int battles[] = {CAT_BATTLE, CAT_BATTLE, CAT_BATTLE};
    draw_coalition_hand(6, 3, battles, 2000, drawn);
    static const int no_battle[RS_NCAT] = {0, 4, 1, 1};
    drawn_as_left("three held, the Battle markers spent", drawn, no_battle);
    /* the Decoy and the Scorched earth spent, two held: Battle, Siege */
    static const int two[] = {CAT_DECOY, CAT_SCORCH};
    draw_coalition_hand(4, 2, two, 2000, drawn);
    static const int bs[RS_NCAT] = {3, 4, 0, 0};
    drawn_as_left("two held, Decoy and Scorched earth spent", drawn, bs);
    /* all nine held (24.5.3 1706-4: the camp "takes as many ... markers
     * as he wishes"): each drawn, the hand the nine every time
     * (rs_view.c:409, `tot <= 0` as `<= 1`: the last left unknown) */
    draw_coalition_hand(9, 0, NULL, 50, drawn);
    for (int c = 0; c < RS_NCAT; c++)
        if (drawn[c] != 50 * nine[c])
            fail_msg("S46: nine held: %d %s markers drawn in 50 hands, want %d", drawn[c],
                     rs_cat_names[c], 50 * nine[c]);
}

/* France's army under attrition in zone z, as the Coalition's determinised
 * view draws it: over 40 seeds as many SP as the army under attrition,
 * each kind no more than the zone's army, drawn, holds */
static void attrition_drawn_within(vbt *t, int z)
{
    rs_state *s = S(t);
    int n = rs_sp(s->attr_army);
    assert_int_equal(s->attr_camp, RS_F);
    assert_int_equal(s->attr_zone, z);
    assert_true(n >= 10);
    int mixed = 0;
    for (int seed = 1; seed <= 40; seed++) {
        rs_state v;
        vb_view(t->g, &v, s, RS_C);
        assert_int_equal(rs_sp(v.attr_army), n);
        vb_rng r;
        vb_rng_seed(&r, (uint64_t)seed);
        t->g->def->determinize(t->g, &v, RS_C, &r);
        assert_int_equal(v.attr_zone, z);
        if (rs_sp(v.attr_army) != n)
            fail_msg("S46: seed %d: %d SP under attrition drawn, want %d", seed, rs_sp(v.attr_army),
                     n);
        for (int k = 0; k < RS_NT; k++)
            if (v.attr_army[k] > v.z[z].army[RS_F][k])
                fail_msg("S46: seed %d: %d SP of kind %d under attrition, %d in the army drawn",
                         seed, v.attr_army[k], k, v.z[z].army[RS_F][k]);
        int kinds = 0;
        for (int k = 0; k < RS_NT; k++)
            kinds += v.z[z].army[RS_F][k] > 0;
        mixed += kinds > 1;
    }
    /* the army drawn as a plausible mix, not left as hidden (all one kind) */
    if (mixed < 30)
        fail_msg("S46: France's army in zone %d drawn of more than one kind %d times in 40", z,
                 mixed);
}

/* 6: the closed game hides "the composition" of the other camp's armies,
 * and 13.4's attrition is taken from the army that marched: the
 * Coalition's determinised view draws France's army, and the SP under
 * attrition out of that army as drawn, so many of each kind as it holds
 * (the position a state file could hold, rs_io.c). The royal army halted
 * in Brabant, and the same army under attrition in the first zone of the
 * map, index 0 (rs_view.c:433, `attr_zone >= 0` as `<=` or `>`: the SP
 * under attrition left as the redaction hid them, all one kind, whatever
 * the army drawn; :426, the zones' walk begun at 1: zone 0's army left as
 * hidden, all one kind). */
static void test_6_attrition_drawn_from_the_army(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    s->h.opts[0] = 1;
    vbt_act(t, "move Turenne");
    vbt_act(t, "with Louis-XIV");
    vbt_act(t, "march");
    step(t, "to Brabant");
    vbt_act(t, "halt");
    assert_int_equal(s->phase, P_ATTR);
    int bra = Z(t, "Brabant");
    attrition_drawn_within(t, bra);
    /* the same army and attrition moved to zone 0 */
    assert_true(bra != 0);
    for (int k = 0; k < RS_NT; k++) {
        s->z[0].army[RS_F][k] = s->z[bra].army[RS_F][k];
        s->z[bra].army[RS_F][k] = 0;
    }
    s->attr_zone = 0;
    attrition_drawn_within(t, 0);
    vbt_free(t);
}

/* 6 and 13: the closed game hides the composition of the army that
 * marches too; the Coalition's determinised view draws it as a mix, as many
 * SP as march. Devolution's royal army led by Louis XIV, general 0,
 * marching into Brabant (rs_view.c:431, `s->mv.gen >= 0` as `>= 1` or
 * `> 0`: a march led by general 0 left as hidden, all one kind) */
static void test_6_march_led_by_general_0_drawn(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    s->h.opts[0] = 1;
    royal_army(t);
    vbt_act(t, "march");
    step(t, "to Brabant");
    assert_int_equal(s->mv.gen, G(t, "Louis XIV"));
    assert_int_equal(s->mv.gen, 0);
    int n = rs_sp(s->mv.sp), mixed = 0;
    assert_true(n >= 10);
    for (int seed = 1; seed <= 40; seed++) {
        rs_state v;
        vb_view(t->g, &v, s, RS_C);
        vb_rng r;
        vb_rng_seed(&r, (uint64_t)seed);
        t->g->def->determinize(t->g, &v, RS_C, &r);
        assert_int_equal(rs_sp(v.mv.sp), n);
        int kinds = 0;
        for (int k = 0; k < RS_NT; k++)
            kinds += v.mv.sp[k] > 0;
        mixed += kinds > 1;
    }
    if (mixed < 30)
        fail_msg("S46: Louis XIV's march drawn of more than one kind %d times in 40", mixed);
    vbt_free(t);
}

/* 9 and 16: a marker "revealed when these events take place": France's
 * Battle marker, its first chosen (index 0), is revealed by its battle in
 * Brabant (against 10 SP), and its pick shown to the Coalition in the
 * match record (rs_view.c:323, `if (i >= 0)` as `>= 1`: the marker chosen
 * first never revealed) */
static void test_9_first_marker_revealed_by_its_battle(void **state)
{
    (void)state;
    vbt *t = battle_position();
    rs_state *s = S(t);
    assert_int_equal(rs_held(s, RS_F, CAT_BATTLE), 0);
    uint32_t g = G_PICK(s->year, RS_F, 0);
    size_t at = rec_entry_of(t, g);
    assert_false(vb_entry_visible(&t->m.rec.v[at], RS_C));
    if (vis_of(t, "attack Brabant").reveals != g)
        fail_msg("S46: France's battle in Brabant does not reveal its Battle marker (group %#x)",
                 (unsigned)g);
    vbt_act(t, "attack Brabant");
    assert_true(vbt_logged(t, " - a battle"));
    if (!vb_entry_visible(&t->m.rec.v[at], RS_C))
        fail_msg("S46: France's Battle marker, chosen first, hidden after its battle");
    vbt_free(t);
}

/* 13.3 and 9: the interceptor's Battle marker is revealed when it is
 * spent, by a battle it fights (test_movement.c), and by nothing else: its
 * "no-attack" reveals nothing, nor does the attack that is a skirmish (17:
 * "fewer than 10 SP ... does not require spending a Battle marker", Spain
 * A's 6 SP against France's 10 in Picardie) (rs_view.c:325, `s->phase ==
 * P_ICPT_BATTLE && op == OP_ATTACK && ...` as `||`: every decision of the
 * interceptor revealed its held Battle marker) */
static void test_13_3_interceptor_keeps_its_marker_unspent(void **state)
{
    (void)state;
    for (int k = 0; k < 4; k++) {
        vbt *t = campaign();
        rs_state *s = S(t);
        if (k < 2)
            put(t, "Brabant", RS_C, T_INF, 4); /* 10 SP: a battle */
        s->c[RS_C].pick[k & 1] = CAT_BATTLE;
        s->c[RS_C].pick[1 - (k & 1)] = CAT_SIEGE;
        s->c[RS_C].pstate[0] = s->c[RS_C].pstate[1] = PK_HELD;
        picardie_keeps(t, 7);
        spain_a_intercepts(t);
        vbt_act(t, "halt");
        vbt_dice(t, "1");
        assert_int_equal(s->phase, P_ICPT_BATTLE);
        const char *act = k < 2 ? "no-attack" : "attack Picardie";
        vb_vis v = vis_of(t, act);
        if (v.reveals)
            fail_msg("S46: the interceptor's '%s' (%d SP) revealed group %#x", act, k < 2 ? 10 : 6,
                     (unsigned)v.reveals);
        vbt_act(t, act);
        if (k >= 2)
            assert_true(
                vbt_logged(t, "coalition attacks in Picardie: 6 SP against 10 - a skirmish"));
        assert_int_equal(s->c[RS_C].pstate[k & 1], PK_HELD);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_9_determinised_markers_drawn_as_held),
        cmocka_unit_test(test_6_attrition_drawn_from_the_army),
        cmocka_unit_test(test_13_3_interceptor_keeps_its_marker_unspent),
        cmocka_unit_test(test_6_march_led_by_general_0_drawn),
        cmocka_unit_test(test_9_first_marker_revealed_by_its_battle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
