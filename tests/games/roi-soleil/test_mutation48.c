/* test_mutation48.c - what the forty-eighth session's mutation pass (seed
 * 48, helper rsd, docs/roi-soleil.md) found untested in rs_event.c and
 * rs_winter.c: each test fails with its surviving mutant planted (messages
 * "M48:", lines of db62e42b) and passes without. The helpers are in
 * rs_test.h. */
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

/* 24.3.3 1678-4 "Great Britain joins the Coalition", 22.1 "If this state
 * changes alliance, its units and generals are then placed in the Reserve
 * of their new camp": the state's own units only. France's Reserve holds
 * two infantry SP of Bavaria, the nationality after Great Britain (a
 * position set by hand, its SP total adjusted, which the state file
 * takes: Bavaria is not in the War in Holland): they stay France's, and
 * the SP adjustment counts the 14 English SP alone. (rs_event.c:300 the
 * state's types `y < RS_NTY` as `<=`, which takes KIND(Great Britain,
 * RS_NTY), Bavaria's infantry.) */
static void test_1678_4_join_takes_its_own_units_only(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "holland", 1);
    rs_state *s = S(t);
    int bi = KIND(ST(t, "Bavaria"), T_INF);
    s->c[RS_F].reserve[bi] = 2;
    s->sp_adj[RS_F] = (int16_t)(s->sp_adj[RS_F] + 2); /* the camp's SP conserved */
    int adj = s->sp_adj[RS_F];
    check_ok(t);
    event(t, 1678, "4");
    assert_int_equal(s->scamp[ST(t, "Great Britain")], RS_C);
    if (s->c[RS_F].reserve[bi] != 2 || s->c[RS_C].reserve[bi] != 0)
        fail_msg("M48: Great Britain's join took Bavaria's infantry (France %d, Coalition %d)",
                 s->c[RS_F].reserve[bi], s->c[RS_C].reserve[bi]);
    if (s->sp_adj[RS_C] != 14 || s->sp_adj[RS_F] != adj - 14)
        fail_msg("M48: Great Britain's join counted %d SP, not 14", s->sp_adj[RS_C]);
    check_ok(t);
    reload_ok(t);
    vbt_free(t);
}

/* 21 "each army located in a zone not controlled by its side is moved to
 * an adjacent zone controlled by its side": Scotland's one neighbour is
 * England. The War in Holland, 1672: Spain A with 2 Spanish infantry SP in
 * Ecosse (France's, Great Britain being its ally), England's army gone to
 * France's Reserve and a Coalition control marker in Angleterre (a
 * position set by hand): at the winter quarters the army winters in
 * Angleterre, no attrition. (rs_winter.c:62 the
 * adjacency `d->z[from].adj[i] == to` as `!=`, which only a zone of one
 * neighbour tells apart.) */
static void test_21_quarters_from_a_zone_of_one_neighbour(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "holland", 1);
    rs_state *s = S(t);
    int ec = Z(t, "Ecosse"), an = Z(t, "Angleterre");
    assert_int_equal(RS_D(t->g)->z[ec].nadj, 1);
    put(t, "Ecosse", RS_C, T_INF, 2);
    s->gz[G(t, "Spain A")] = (int8_t)ec;
    army_to_reserve(t, "Angleterre", RS_F); /* England's army and generals gone */
    for (int i = 0; i < RS_D(t->g)->ng; i++)
        if (s->gz[i] == an)
            s->gz[i] = GZ_RESERVE;
    s->z[an].mk = RS_C;
    assert_int_equal(rs_ctrl(t->g, s, ec), RS_F);
    check_ok(t);
    rs_begin_winter(t->g, s, &t->cx);
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    if (s->phase != P_QUARTERS || s->who != RS_C || s->k != ec ||
        !vbt_legal(t, "quarters Angleterre"))
        fail_msg("M48: the army in Ecosse not offered its quarters in Angleterre (phase %d, "
                 "zone %d)",
                 s->phase, s->k);
    vbt_act(t, "quarters Angleterre");
    assert_int_equal(rs_army(s, an, RS_C), 2);
    assert_int_equal(s->gz[G(t, "Spain A")], an);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1678_4_join_takes_its_own_units_only),
        cmocka_unit_test(test_21_quarters_from_a_zone_of_one_neighbour),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
