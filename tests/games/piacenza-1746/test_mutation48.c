/* test_mutation48.c - piacenza-1746: tests written against the survivors of
 * the seed-48 mutation pass over pc_line.c and pc_turn.c (docs/piacenza-1746.md,
 * "Mutation pass, forty-eighth session (helper pcl)"): the prompt of a
 * Commander's relocation, a captured Standard Bearer on the map's first
 * hex; and the lead's, against the secrets pass's pc_turn.c:564 survivor:
 * an open decision recorded as no secret. Messages "M48:". */
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

/* 4.7: the relocation's prompt names the Commander whose owner chooses,
 * whichever leader he is: Douchez (not the data's first leader, Aramburu)
 * after Corona's retreat (commander_hit, as aramburu_hit). (pc_turn.c:308 `s->rel_l >= 0` as
 * `<= 0`: every leader but the first "?".) */
static void relocation_prompt_names_him(void **state)
{
    (void)state;
    vbt *t = commander_hit("Douchez", "Corona", "Navarra", "Aragon");
    assert_int_equal(S(t)->phase, PH_RELOC);
    assert_true(pc_find_leader(D(t), "Douchez") > 0);
    char pr[160];
    t->g->def->prompt(t->g, S(t), pr, sizeof pr);
    if (!strstr(pr, "does Douchez stay with his units or join the closest unit of his "
                    "formation? (4.7)"))
        fail_msg("M48: 4.7 the relocation's prompt: '%s'", pr);
    vbt_free(t);
}

/* 4.6.1: a captured Standard Bearer is off the map ("captured ... together
 * with the Staff"), so a position with one on a hex is refused, on any
 * passable hex, the map's first too. No shipped map with bearers (the
 * battle's) has hex 0 passable (0101 is the Po), but the loader accepts
 * one: the battle's map-battle.json with 0101 clear ground; De Gages's
 * Staff in play, his bearer in 0101 and captured: refused. (pc_turn.c:491
 * `bh >= 0` as `bh >= 1`: the bearer in hex 0 accepted, captured and on
 * the map at once.) */
static void captured_bearer_in_0101_refused(void **state)
{
    static const vbt_data_row row = {"M48: 1.0 0101 clear on the battle's map", "map-battle.json",
                                     "\"P..................................\",",
                                     "\"...................................\",", NULL};
    vb_ctx cx;
    (void)state;
    vb_game *g = vbt_load_changed("piacenza-1746", &row, &cx);
    if (!g)
        fail_msg("%s: refused: %s", row.rule, cx.err);
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = pc_data_of(g, S(t));
    pc_state *s = S(t);
    int w = pc_find_wing(d, "De Gages");
    assert_true(w >= 0 && HX(t, "0101") == 0 && pc_passable(d, 0));
    s->lstaff[d->wg[w].wc] = 1;
    s->bhex[w] = 0;
    assert_int_equal(g->def->check(g, s, &cx), 0);
    s->bcapt = 1 << w;
    if (g->def->check(g, s, &cx) != VB_EINPUT || !strstr(cx.err, "captured Standard Bearer"))
        fail_msg("M48: 4.6.1 De Gages's bearer captured and in 0101 not refused");
    vb_game_free(g);
    vbt_free(t);
}

/* An open decision (10.5: a dragoon regiment deployed mounted, seen by
 * both sides) is recorded as no secret and revealing nothing, and its
 * player may take it back (pc_turn.c:564, pc_visibility's `memset(v, 0,
 * ...)` as `memset(v, 1, ...)`: every open decision noted as a secret
 * group that reveals one, so undo never crossed it, and a public text
 * without its end read past the visibility, M48; the secrets pass,
 * forty-eighth session, the lead). */
static void open_decision_no_secret_and_undone(void **state)
{
    (void)state;
    vbt *t = pc_new("battle", 3);
    assert_int_equal(S(t)->phase, PH_DRAGOON);
    int who = vb_to_move(t->g, S(t));
    char a[64];
    pc_action_text(t->g, S(t), PC_ACT(A_DEPLOY, S(t)->drg_next, 0), a, sizeof a);
    vbt_act(t, a);
    const vb_entry *e = &t->m.rec.v[t->m.rec.n - 1];
    assert_string_equal(e->text, a);
    if (e->see != VB_ALL_ROLES || e->group != 0 || e->reveals != 0 || e->public_text[0])
        fail_msg("M48: '%s' recorded as seen by %#x, group %#x, reveals %d, public '%.20s'", a,
                 (unsigned)e->see, (unsigned)e->group, e->reveals, e->public_text);
    if (vb_match_undoable(&t->m, who) == 0 || vb_match_undo(&t->m, who, &t->cx) != 0)
        fail_msg("M48: '%s' not taken back: %s", a, t->cx.err);
    assert_int_equal(S(t)->phase, PH_DRAGOON);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(relocation_prompt_names_him),
        cmocka_unit_test(captured_bearer_in_0101_refused),
        cmocka_unit_test(open_decision_no_secret_and_undone),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
