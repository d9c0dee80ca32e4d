/* test_mutation54b.c - what the fifty-fourth session's second mutation
 * pass (seed 54, helper rsz, docs/roi-soleil.md) found untested in
 * rs_event.c, rs_winter.c, rs_view.c, rs_explain.c and rs_svg.c: each test
 * fails with its surviving mutant planted (messages "M54:", lines of
 * 604e609b) and passes without. The helpers are in rs_test.h. */
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
 * of their new camp": every general of the state on the map, wherever he
 * stands. The War in Holland, 1672: Great Britain B alone in France Ouest,
 * the map's first zone (a position set by hand): at the event he goes to
 * the Coalition's Reserve, as Great Britain D does from Angleterre.
 * (rs_event.c:309 the state's generals on the map `s->gz[i] >= 0` as
 * `>= 1`: one in zone 0 left there, now a Coalition general in France.) */
static void test_1678_4_join_takes_a_general_from_the_first_zone(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "holland", 1);
    rs_state *s = S(t);
    int gb = G(t, "Great Britain B"), fo = Z(t, "France Ouest");
    assert_int_equal(fo, 0);
    s->gz[gb] = (int8_t)fo;
    check_ok(t);
    event(t, 1678, "4");
    assert_int_equal(s->scamp[ST(t, "Great Britain")], RS_C);
    if (s->gz[gb] != GZ_RESERVE)
        fail_msg("M54: 1678-4 left Great Britain B at zone %d (France Ouest %d), not in the "
                 "Reserve (%d)",
                 s->gz[gb], fo, GZ_RESERVE);
    assert_int_equal(rs_gcamp(t->g, s, gb), RS_C);
    check_ok(t);
    vbt_free(t);
}

/* 13.1 (a garrison of at most the fortress's FV; the state check's "beyond
 * FV"), 18.1.2 Sh: at the honours of war the besieged zone's whole
 * garrison leaves, so there alone it may stand beyond the FV, now 0. The
 * royal army's siege of Brabant, Sh at FV 1: the Coalition's honours to
 * choose; Picardie, France's, given one SP more than its FV from
 * France's Reserve (a position set by hand, SP conserved) is refused.
 * (rs_view.c:280 the honours' exception `s->phase == P_HONOURS && z ==
 * s->sg.zone` as `||`: every zone's garrison passed at the honours, and
 * the last siege's zone's at any time.) */
static void test_13_1_garrison_beyond_fv_at_the_honours(void **state)
{
    (void)state;
    vbt *t = brabant_sh_siege();
    rs_state *s = S(t);
    int pic = Z(t, "Picardie"), fi = KIND(0, T_INF);
    assert_int_equal(s->phase, P_HONOURS);
    assert_int_equal(s->sg.zone, Z(t, "Brabant"));
    assert_int_equal(rs_ctrl(t->g, s, pic), RS_F);
    check_ok(t);
    int add = s->z[pic].fv + 1 - rs_sp(s->z[pic].garr);
    assert_true(add > 0 && s->c[RS_F].reserve[fi] >= add);
    s->c[RS_F].reserve[fi] = (uint8_t)(s->c[RS_F].reserve[fi] - add);
    s->z[pic].garr[fi] = (uint8_t)(s->z[pic].garr[fi] + add);
    if (rs_check(t->g, s, &t->cx) == 0)
        fail_msg("M54: at the honours of Brabant, Picardie's garrison %d beyond its FV %d passed",
                 rs_sp(s->z[pic].garr), s->z[pic].fv);
    assert_non_null(strstr(t->cx.err, "zone 'Picardie': garrison"));
    assert_non_null(strstr(t->cx.err, "beyond FV"));
    vbt_free(t);
}

/* 18 (a siege needs the active camp's army with a general, no enemy army,
 * an enemy fortress and a Siege marker), 9 (one Siege marker per zone and
 * campaign): the refused siege explained by the first condition it
 * fails. France's campaign of 1667: Turenne marches by Artois into
 * Flandre et Hainaut (the Coalition's, FV 4, no Coalition army there),
 * France's Siege marker played earlier (set by hand): "siege
 * Flandre-et-Hainaut" is explained by the missing marker, not by its
 * army or the fortress. (rs_explain.c:72 the enemy camp `o = 1 - c` as
 * `2 - c`: France's enemy read as camp 2, its army there the fortress's
 * garrison, its fortress no camp's: "no enemy fortress there".) */
static void test_18_siege_without_its_marker_explained(void **state)
{
    (void)state;
    vbt *t = campaign();
    rs_state *s = S(t);
    int fh = Z(t, "Flandre et Hainaut"), i = rs_held(s, RS_F, CAT_SIEGE);
    assert_true(i >= 0);
    vbt_act(t, "move Turenne");
    march_to(t, "1", "to Artois", "to Flandre-et-Hainaut", NULL);
    assert_int_equal(s->phase, P_IMPULSE);
    assert_int_equal(rs_ctrl(t->g, s, fh), RS_C);
    assert_int_equal(rs_army(s, fh, RS_C), 0);
    assert_true(s->z[fh].fv > 0);
    assert_true(vbt_legal(t, "siege Flandre-et-Hainaut"));
    s->c[RS_F].pstate[i] = PK_USED;
    int rc = vbt_try(t, "siege Flandre-et-Hainaut");
    if (rc != VB_EILLEGAL || !strstr(t->cx.err, "you hold no Siege marker (rule 18)"))
        fail_msg("M54: France's siege of Flandre et Hainaut without its marker: %d, %s", rc,
                 t->cx.err);
    vbt_free(t);
}

/* Map (`vauban show --svg`, the legend: "blue ring: French control, red:
 * Coalition"; 5 the zones' control): each zone's disc is ringed in its
 * controller's colour, blue for France, red for the Coalition, grey for a
 * zone of no camp. The Devolution's start: every zone of the map, one of
 * each kind at least. (rs_svg.c:72 France's ring `ct == RS_F` as `!=`:
 * the zones of the Coalition and of no camp blue, France's grey.) */
static void test_svg_zones_ringed_in_their_controllers_colour(void **state)
{
    (void)state;
    vbt *t = vbt_new("roi-soleil", "devolution", 7);
    const rs_data *d = t->g->data;
    rs_state *s = S(t);
    char *svg = vbt_svg_text(t, -1), grp[4096];
    int seen = 0;
    for (int z = 0; z < d->nz; z++) {
        int cx, cy, ct = rs_ctrl(t->g, s, z);
        zone_group(svg, d->z[z].tok, grp, sizeof grp, &cx, &cy);
        const char *st = strstr(strstr(grp, "<circle cx=\""), "stroke=\"");
        const char *col = ct == RS_F ? "#1f4fbf" : ct == RS_C ? "#bf3f1f" : "#606060";
        if (!st || strncmp(st + 8, col, 7))
            fail_msg("M54: zone %s (control %d) not ringed %s:\n%s", d->z[z].name, ct, col, grp);
        seen |= 1 << (ct + 1);
    }
    assert_int_equal(seen, 7); /* a zone of each: none, France, the Coalition */
    free(svg);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_1678_4_join_takes_a_general_from_the_first_zone),
        cmocka_unit_test(test_13_1_garrison_beyond_fv_at_the_honours),
        cmocka_unit_test(test_18_siege_without_its_marker_explained),
        cmocka_unit_test(test_svg_zones_ringed_in_their_controllers_colour),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
