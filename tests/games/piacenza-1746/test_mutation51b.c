/* test_mutation51b.c - the fifty-first session's second mutation round
 * (seed 51, helper pcz, docs/piacenza-1746.md "Mutation pass, fifty-first
 * session, second round (helper pcz)"): what the pass found without a
 * test in pc_turn.c and pc_line.c. Each test quotes the rule it checks and names the
 * mutant it kills (lines of a1151661). Messages begin "M51:". */
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

/* 1.0: "It is not possible to enter a hex whose center is occupied by the
 * River Po", so a Commander on one of its hexes is off the map, on the
 * map's first hex too. In Scenario 1 (map.json) and in the
 * battle (map-battle.json) 0101, hex 0, is the Po: a state file with
 * Aramburu, then De Gages, there is refused ("is off the map"), as on
 * the next hex of the Po, and accepted back at his own hex.
 * (pc_turn.c:476 the leader's `s->lhex[l] >= 0` as `>= 1`: a leader in
 * hex 0 accepted, standing in the Po.) */
static void leader_in_the_po_at_0101_refused(void **state)
{
    static const char *const sc[2][2] = {{"san-lazzaro", "Aramburu"}, {"battle", "De Gages"}};
    (void)state;
    for (int k = 0; k < 2; k++) {
        vbt *t = vbt_new("piacenza-1746", sc[k][0], 1);
        const pc_data *d = D(t);
        int l = LEADER(t, sc[k][1]);
        int h = 1; /* the next hex of the Po */
        while (h < d->nhex && pc_passable(d, h))
            h++;
        assert_true(HX(t, "0101") == 0 && !pc_passable(d, 0) && h < d->nhex);
        assert_true(S(t)->lhex[l] > 0);
        char own[8], why[96];
        pc_hex_name(d, S(t)->lhex[l], own, sizeof own);
        json_t *j, *file = pc_file_of(t, sc[k][0], &j);
        pc_load_expect(t, file, NULL, "the start");
        snprintf(why, sizeof why, "leader '%s' is off the map", sc[k][1]);
        char po[2][8] = {"0101", ""};
        pc_hex_name(d, h, po[1], sizeof po[1]);
        for (int i = 0; i < 2; i++) {
            pc_set_hex(j, "leaders", sc[k][1], po[i]);
            char *txt = json_dumps(file, 0);
            int rc = vbt_load(t, txt);
            free(txt);
            if (rc != VB_EINPUT || !strstr(t->cx.err, why))
                fail_msg("M51: 1.0 %s: %s in %s (the Po) %s: %s", sc[k][0], sc[k][1], po[i],
                         rc ? "refused" : "accepted", rc ? t->cx.err : "");
        }
        pc_set_hex(j, "leaders", sc[k][1], own);
        pc_load_expect(t, file, NULL, "back at his hex");
        json_decref(j);
        json_decref(file);
        vbt_free(t);
    }
}

/* 5.5: the Line's first hex is "at or next to" a good-order battalion of
 * the formation, with some Line from it (pc_line.c's first_ok, which a
 * state file's first hex passes): every neighbour of each, on all six
 * sides, is offered as `line-from` when a Line with gaps leaves from it.
 * Aramburu's three battalions in 1005-1007 (Scenario 1). (pc_line.c:217
 * the listing's neighbours `k < 6` as `k < 5`: the sixth side's hexes
 * never offered.) */
static void line_from_on_every_side(void **state)
{
    (void)state;
    vbt *t = aramburu_declares_1005();
    const pc_data *d = D(t);
    const pc_state *s = S(t);
    int seen[6] = {0};
    for (int u = 0; u < d->nu; u++) {
        if (s->uhex[u] < 0 || d->u[u].form != s->form || d->u[u].type != UT_INF)
            continue;
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, s->uhex[u], k), some = 0;
            for (int g = 0; nb >= 0 && pc_passable(d, nb) && g < PC_LINE_MAX && !some; g++)
                some = pc_line_gaps_ok(d, s, nb, g);
            if (!some)
                continue;
            char hn[8], act[32];
            pc_hex_name(d, nb, hn, sizeof hn);
            snprintf(act, sizeof act, "line-from %s", hn);
            if (!vbt_legal(t, act))
                fail_msg("M51: 5.5 '%s' (side %d of %s, a Line with gaps from it) not offered", act,
                         k, d->u[u].name);
            seen[k]++;
        }
    }
    for (int k = 0; k < 6; k++)
        assert_true(seen[k] > 0);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(leader_in_the_po_at_0101_refused),
        cmocka_unit_test(line_from_on_every_side),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
