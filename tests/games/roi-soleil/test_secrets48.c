/* test_secrets48.c - what the forty-eighth session's secrets pass (helper
 * sec, docs/roi-soleil.md) found untested in the hiding code of rs_view.c
 * (rs_visibility, rs_redact, rs_determinize): each test fails with its
 * surviving mutant planted (messages "S48:", lines of 0a9d72ca) and passes
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

/* 16 and 9: the Decoy marker is "revealed when these events take place",
 * when played, and by nothing else: the Coalition's "no-decoy" against
 * France's battle in Brabant reveals nothing, its Decoy marker (the first
 * of its markers, index 0, or the second) staying hidden from France in
 * the match record; its decoy played shows it there (rs_view.c:329, `op ==
 * OP_DECOY` as `!=`: the no-decoy revealed the held Decoy, a leak; the
 * decoy's own reveal is R `test_9_marker_used_revealed`) */
static void test_16_no_decoy_keeps_the_marker_hidden(void **state)
{
    (void)state;
    for (int k = 0; k < 4; k++) {
        int first = k & 1, play = k >> 1;
        vbt *t = battle_position();
        rs_state *s = S(t);
        if (first) { /* the Decoy made the Coalition's first marker */
            uint8_t p = s->c[RS_C].pick[0];
            s->c[RS_C].pick[0] = s->c[RS_C].pick[1];
            s->c[RS_C].pick[1] = p;
        }
        int i = rs_held(s, RS_C, CAT_DECOY);
        assert_int_equal(i, first ? 0 : 1);
        size_t at = rec_entry_of(t, G_PICK(s->year, RS_C, i));
        vbt_act(t, "attack Brabant");
        vbt_act(t, "command Turenne");
        assert_int_equal(s->phase, P_CB_DECOY);
        assert_false(vb_entry_visible(&t->m.rec.v[at], RS_F));
        const char *act = play ? "decoy" : "no-decoy";
        vb_vis v = vis_of(t, act);
        if (!play && v.reveals)
            fail_msg("S48: the Coalition's no-decoy revealed group %#x (its Decoy, marker %d)",
                     (unsigned)v.reveals, i);
        vbt_act(t, act);
        assert_int_equal(s->c[RS_C].pstate[i], play ? PK_USED : PK_HELD);
        if (vb_entry_visible(&t->m.rec.v[at], RS_F) != play)
            fail_msg("S48: the Coalition's Decoy (marker %d) %s to France after its %s", i,
                     play ? "hidden" : "shown", act);
        vbt_free(t);
    }
}

/* 9: the view shows the other camp's held markers as unknown, and counts
 * them (k->hidden: what rs_check reads to refuse a view as a position,
 * what rs_determinize clears): France's view of the Coalition's two held
 * markers, then of one (the Battle marker spent), then of none
 * (rs_view.c:350, `k->hidden = 0` as `= 1`: one marker more counted
 * hidden than held, a view with nothing hidden refused as a position) */
static void test_9_view_counts_the_markers_hidden(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    for (int used = 0; used <= 2; used++) {
        if (used)
            s->c[RS_C].pstate[used - 1] = PK_USED;
        rs_state v;
        vb_view(t->g, &v, s, RS_F);
        if (v.c[RS_C].hidden != 2 - used)
            fail_msg("S48: France's view counts %d Coalition markers hidden, %d held",
                     v.c[RS_C].hidden, 2 - used);
        assert_int_equal(v.c[RS_F].hidden, 0);
        if (used == 2 && rs_check(t->g, &v, &t->cx))
            fail_msg("S48: France's view, nothing hidden, refused: %s", t->cx.err);
    }
    vbt_free(t);
}

/* 9: the markers a camp has spent were shown to the other camp; only
 * those it holds are hidden. France's determinised view of the Coalition,
 * its Battle marker (index 0) spent, its Decoy held: the Battle marker
 * kept as shown in every seed, the Decoy drawn among the eight markers
 * left (rs_view.c:409, `k->pick[i] != CAT_UNKNOWN || tot <= 0` as `&&`:
 * the markers shown redrawn too, the AI imagining a Battle marker it saw
 * spent as a Siege marker) */
static void test_9_shown_markers_kept_when_determinised(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    assert_int_equal(s->c[RS_C].npick, 2);
    assert_int_equal(s->c[RS_C].pick[0], CAT_BATTLE);
    s->c[RS_C].pstate[0] = PK_USED;
    for (int seed = 1; seed <= 50; seed++) {
        rs_state v;
        vb_view(t->g, &v, s, RS_F);
        assert_int_equal(v.c[RS_C].pick[0], CAT_BATTLE);
        assert_int_equal(v.c[RS_C].pick[1], CAT_UNKNOWN);
        vb_rng r;
        vb_rng_seed(&r, (uint64_t)seed);
        t->g->def->determinize(t->g, &v, RS_F, &r);
        if (v.c[RS_C].pick[0] != CAT_BATTLE)
            fail_msg("S48: seed %d: the Coalition's Battle marker, spent and shown, drawn as %s",
                     seed, rs_cat_names[v.c[RS_C].pick[0]]);
        assert_true(v.c[RS_C].pick[1] < RS_NCAT);
        assert_int_equal(memcmp(v.c[RS_F].pick, s->c[RS_F].pick, sizeof v.c[RS_F].pick), 0);
    }
    vbt_free(t);
}

/* 6: the closed game hides the composition of the other camp's armies,
 * the one on the march too: the Coalition's view of France's marching
 * army shows its strength, all of one kind, not its kinds; France's view
 * shows it as it is. The royal army led by Louis XIV (general 0), then
 * Turenne's army led by Turenne, into Brabant (rs_view.c:368, the
 * redaction's `s->mv.gen >= 0` as `>= 1`: Louis XIV's march shown to the
 * Coalition, a leak; as `<= 0`: every other general's march shown);
 * the determinised view draws it as a mix, whoever leads */
static void test_6_march_hidden_whoever_leads(void **state)
{
    (void)state;
    for (int louis = 1; louis >= 0; louis--) {
        vbt *t = campaign();
        rs_state *s = S(t);
        s->h.opts[0] = 1;
        if (louis)
            royal_army(t);
        else
            vbt_act(t, "move Turenne");
        vbt_act(t, "march");
        step(t, "to Brabant");
        assert_int_equal(s->active, RS_F);
        assert_int_equal(s->mv.gen, louis ? 0 : G(t, "Turenne"));
        int n = rs_sp(s->mv.sp), kinds = 0;
        for (int k = 0; k < RS_NT; k++)
            kinds += s->mv.sp[k] > 0;
        assert_true(kinds > 1);
        rs_state v;
        vb_view(t->g, &v, s, RS_C);
        kinds = 0;
        for (int k = 0; k < RS_NT; k++)
            kinds += v.mv.sp[k] > 0;
        if (kinds != 1 || rs_sp(v.mv.sp) != n)
            fail_msg("S48: the Coalition's view of %s's march shows %d SP of %d kinds (%d SP)",
                     louis ? "Louis XIV" : "Turenne", rs_sp(v.mv.sp), kinds, n);
        /* and the Coalition's determinised view draws it as a mix of kinds,
         * whoever leads (rs_view.c:431, `s->mv.gen >= 0` as `<= 0`:
         * Turenne's march left all one kind) */
        int mixed = 0;
        for (int seed = 1; seed <= 20; seed++) {
            rs_state w = v;
            vb_rng r;
            vb_rng_seed(&r, (uint64_t)seed);
            t->g->def->determinize(t->g, &w, RS_C, &r);
            kinds = 0;
            for (int k = 0; k < RS_NT; k++)
                kinds += w.mv.sp[k] > 0;
            mixed += kinds > 1 && rs_sp(w.mv.sp) == n;
        }
        if (mixed < 15)
            fail_msg("S48: %s's march drawn of more than one kind %d times in 20",
                     louis ? "Louis XIV" : "Turenne", mixed);
        vb_view(t->g, &v, s, RS_F);
        assert_int_equal(memcmp(v.mv.sp, s->mv.sp, sizeof v.mv.sp), 0);
        vbt_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_16_no_decoy_keeps_the_marker_hidden),
        cmocka_unit_test(test_9_view_counts_the_markers_hidden),
        cmocka_unit_test(test_9_shown_markers_kept_when_determinised),
        cmocka_unit_test(test_6_march_hidden_whoever_leads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
