/* test_mutation41b.c - what the forty-first session's second mutation pass
 * (seed 41, helper rsw, docs/roi-soleil.md) found untested in the rules
 * files rs_combat.c, rs_move.c, rs_event.c, rs_winter.c and rs_loss.c:
 * each test fails (or hangs) with its surviving mutant planted (messages
 * "M41b:", lines of 17d61e6b) and passes without. The helpers are in
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

/* 24.5.3 1702-4: the Camisards' French infantry "may not carry out
 * movement during the year 1702"; 13.3: an interception moves "the
 * inactive player's army" to the interception zone. Provence holds 2
 * frozen French infantry and 1 free one with France D; Eugene's army
 * marches from Savoie into Dauphine and France D intercepts from Provence:
 * the free SP goes with him, the 2 frozen ones stay (rs_move.c:461, the
 * interceptor's frozen SP loop `t < RS_NT && s->stay_camp == o` as `||`:
 * it never ends when the interceptor's camp has the frozen SP). */
static void test_1702_4_frozen_stay_at_interception(void **state)
{
    (void)state;
    vbt *t = succession();
    rs_state *s = S(t);
    int fi = KIND(ST(t, "France"), T_INF);
    int pr = Z(t, "Provence"), da = Z(t, "Dauphine");
    eugene_marches_on_dauphine(t, 1); /* 1 free SP in Provence */
    int before = rs_army(s, pr, RS_F), dbefore = s->z[da].army[RS_F][fi];
    vbt_act(t, "intercept-from Provence");
    vbt_dice(t, "6"); /* the initiative test passed */
    if (s->gz[G(t, "France D")] != da)
        fail_msg("M41b: France D did not intercept into Dauphine: %s", t->log);
    if (s->z[pr].army[RS_F][fi] != 2 || rs_army(s, pr, RS_F) != before - 1 ||
        s->z[da].army[RS_F][fi] != dbefore + 1)
        fail_msg("M41b: Provence keeps %d French infantry (2 frozen expected), Dauphine has %d "
                 "(%d expected)",
                 s->z[pr].army[RS_F][fi], s->z[da].army[RS_F][fi], dbefore + 1);
    vbt_free(t);
}

/* 13.3: "An army of the inactive player may move from an adjacent zone to
 * a zone ... into which an army of the active player advances"; any army,
 * whatever its size. France M's army cut to 1 infantry SP marches into
 * Picardie: Spain A may intercept it from Brabant, and does (rs_move.c:346,
 * the march's `sp > 0` before the interception as `sp > 1`: a 1 SP army was
 * never intercepted). */
static void test_13_3_one_sp_march_intercepted(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int ar = Z(t, "Artois"), pic = Z(t, "Picardie");
    for (int k = 0; k < RS_NT; k++) {
        int keep = k == KIND(0, T_INF) ? 1 : 0;
        assert_true(s->z[ar].army[RS_F][k] >= keep);
        s->c[RS_F].reserve[k] = (uint8_t)(s->c[RS_F].reserve[k] + s->z[ar].army[RS_F][k] - keep);
        s->z[ar].army[RS_F][k] = (uint8_t)keep;
    }
    assert_int_equal(s->gz[G(t, "France M")], ar);
    check_ok(t);
    vbt_act(t, "move France-M");
    vbt_act(t, "march");
    vbt_act(t, "to Picardie");
    if (s->phase != P_ICPT || !vbt_legal(t, "intercept-from Brabant"))
        fail_msg("M41b: France M's 1 SP entered Picardie with no interception offered");
    vbt_act(t, "intercept-from Brabant");
    vbt_dice(t, "2"); /* 2 + SC 2 - SC 1 = 3: passed */
    assert_int_equal(s->gz[G(t, "Spain A")], pic);
    vbt_free(t);
}

/* 24.1.3 1668-5 (Devolution): Lorraine infantry, D6 SP "capped by the
 * counters: 4", in Lorraine, Brabant or Luxembourg. The SP placed leave
 * the pool of Lorraine counters: 3 placed of 4 leave 1, and the pool and
 * the map together keep the 4 counters (rs_event.c:854, the pool's
 * `lorraine - n` as `+ n`: the pool grew by the SP it placed). Added by the
 * lead after the helper's pass stopped at that line. */
static void test_1668_5_lorraine_leaves_the_pool(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int lo = ST(t, "Lorraine"), li = KIND(lo, T_INF);
    int pool = s->lorraine;
    vbt_act(t, "end-campaign");
    vbt_dice(t, "6");
    vbt_act(t, "end-campaign");
    vbt_act(t, "no-surprise");
    vbt_act(t, "no-surprise");
    assert_int_equal(s->year, 1668);
    vbt_dice(t, "5"); /* 1668-5 */
    assert_int_equal(s->phase, P_EVENT_AMT);
    vbt_dice(t, "3");
    assert_int_equal(s->phase, P_EVENT_ZONE);
    vbt_act(t, "place Lorraine");
    int placed = 0;
    for (int z = 0; z < RS_D(t->g)->nz; z++)
        placed += s->z[z].army[RS_C][li];
    if (placed != 3 || s->z[Z(t, "Lorraine")].army[RS_C][li] != 3)
        fail_msg("M41b: 1668-5 placed %d Lorraine SP, not 3", placed);
    if (s->lorraine != pool - 3)
        fail_msg("M41b: the Lorraine pool %d after 3 placed of %d", s->lorraine, pool);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1702_4_frozen_stay_at_interception),
        cmocka_unit_test(test_13_3_one_sp_march_intercepted),
        cmocka_unit_test(test_1668_5_lorraine_leaves_the_pool),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
