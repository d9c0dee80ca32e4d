/* test_mutation41.c - the rules that the forty-first session's mutation
 * pass (seed 41, helper pcz, docs/piacenza-1746.md "Mutation pass,
 * forty-first session (helper pcz)") found without a test in the rules
 * files pc_owner.c, pc_dragoon.c, pc_map.c, pc_place.c, pc_io.c and
 * pc_battle.c: each test quotes the rule it checks and names the mutant it
 * kills (lines of 146fd059). Messages begin "M41:". The positions are built on cleared
 * boards, as the other tests' are. */
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

/* 4.7: "the Commander / Staff can retreat with the units it was stacked
 * with or it can be relocated to the closest unit of the same Formation",
 * a unit in hex 0 (0101, Clear on the centre map) too. Petit Bois with
 * Saboya in 0201, Africa (his) in 0101; a D1 from 0301 sends Saboya one
 * hex back, to 0102: Africa and Saboya both one hex from 0201, his owner
 * chooses, and relocate Petit-Bois 0101 is offered. (pc_owner.c:209
 * `pc_reloc_options`'s `s->uhex[u] < 0` as `< 1`: the unit in hex 0 never
 * offered, no choice left, he went with Saboya.) */
static void relocate_to_a_unit_in_hex_zero(void **state)
{
    (void)state;
    vbt *t = petit_bois_relocates();
    assert_int_equal(HX(t, "0101"), 0);
    expect_log(t, "[4.7] Petit Bois retreats unharmed (5)");
    int l = pc_find_leader(D(t), "Petit Bois");
    expect_at(t, "Saboya", "0102");
    if (S(t)->phase != PH_RELOC)
        fail_msg("M41: 4.7 no choice offered, Africa in 0101 as close as Saboya");
    if (!vbt_legal(t, "relocate Petit-Bois 0101"))
        fail_msg("M41: 4.7 relocate Petit-Bois 0101 not offered");
    vbt_act(t, "relocate Petit-Bois 0101");
    expect_log(t, "[4.7] Petit Bois is relocated to the closest unit of his formation, in 0101");
    assert_int_equal(S(t)->lhex[l], 0);
    vbt_free(t);
}

/* 4.7: the Commander "can retreat with the units it was stacked with or
 * it can be relocated to the closest unit of the same Formation": no other
 * hex. The game's own guard, which an engine's unchecked apply reaches
 * (vb_apply_unchecked, no legal list consulted): Petit Bois's choice of
 * relocate_to_a_unit_in_hex_zero, relocate Petit-Bois 0103 (no unit there)
 * refused naming 4.7 in one line, nothing changed. (pc_owner.c:268
 * `pc_reloc_apply`'s second `&&` as `||`, planted as `(PC_K(a) == A_RELOC
 * && PC_B(a) == l) || opt[i] == h`: any hex accepted for him.) */
static void relocation_guard_refuses_another_hex(void **state)
{
    (void)state;
    vbt *t = petit_bois_relocates();
    assert_int_equal(S(t)->phase, PH_RELOC);
    int l = pc_find_leader(D(t), "Petit Bois");
    assert_false(vbt_legal(t, "relocate Petit-Bois 0103"));
    pc_state *before = malloc(sizeof *before);
    memcpy(before, S(t), sizeof *before);
    int rc = vb_apply_unchecked(t->g, S(t), PC_ACT(A_RELOC, HX(t, "0103"), l), &t->cx);
    if (rc != VB_EILLEGAL)
        fail_msg("M41: 4.7 relocate Petit-Bois 0103 accepted by the game's apply");
    assert_non_null(strstr(t->cx.err, "4.7"));
    assert_null(strchr(t->cx.err, '\n'));
    assert_memory_equal(before, S(t), sizeof *before);
    free(before);
    vbt_free(t);
}

/* 10.5: "at the beginning of the Movement step, every two mounted SPs
 * stacked in the same hex can be replaced by a dismounted Infantry SP, or
 * vice versa": once a step, for the second regiment as for the first.
 * Dragons 2 A and B (the forces file's second regiment) stacked in 1828,
 * Larnage beside them, at his formation's Movement segment: dismount
 * Dragons-2-A, then mount Dragons-2-Pied is not offered (nor accepted).
 * (pc_dragoon.c:182 `changed`'s `drg >= 0` as `<= 0`: only the first
 * regiment's change remembered, the second mounted back at once.) */
static void second_regiment_changes_once(void **state)
{
    (void)state;
    vbt *t = drg_board(0, "1829");
    assert_int_equal(D(t)->u[U(t, "Dragons 2 A")].drg, 1);
    put(t, "Dragons 2 A", "1828");
    put(t, "Dragons 2 B", "1828");
    larnage_moves(t);
    vbt_act(t, "dismount Dragons-2-A");
    expect_at(t, "Dragons 2 Pied", "1828");
    if (vbt_legal(t, "mount Dragons-2-Pied"))
        fail_msg("M41: 10.5 Dragons 2 mount again in the step they dismounted");
    assert_int_equal(vbt_try(t, "mount Dragons-2-Pied"), VB_EILLEGAL);
    assert_true(vbt_legal(t, "move Dragons-2-Pied"));
    vbt_free(t);
}

/* Scenario 2 set-up ("The Austrian player set up first"): the piece
 * first (`place PIECE`), then its hex (`at HEX`). The game's own guard,
 * which an engine's unchecked apply reaches (vb_apply_unchecked, no legal
 * list consulted): at the choice of the piece, an `at` action naming
 * Andlau's index (an Austrian unit still to place) refused in one line,
 * nothing changed; `place Andlau` accepted. (pc_place.c:130
 * `pc_place_apply`'s first `||` as `&&`, planted as `(k != A_PLACE &&
 * !piece_valid(d, x)) || ...`: any action naming a piece still to place
 * taken as its choice.) */
static void place_guard_wants_a_place_action(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    assert_int_equal(S(t)->phase, PH_PLACE);
    assert_int_equal(S(t)->side, PC_AU);
    int andlau = U(t, "Andlau");
    pc_state *before = malloc(sizeof *before);
    memcpy(before, S(t), sizeof *before);
    int rc = vb_apply_unchecked(t->g, S(t), PC_ACT(A_AT, andlau, 0), &t->cx);
    if (rc != VB_EILLEGAL)
        fail_msg("M41: set-up an `at` action taken as the choice of Andlau");
    assert_null(strchr(t->cx.err, '\n'));
    assert_memory_equal(before, S(t), sizeof *before);
    free(before);
    assert_int_equal(vb_apply_unchecked(t->g, S(t), PC_ACT(A_PLACE, andlau, 0), &t->cx), 0);
    assert_int_equal(S(t)->phase, PH_PLACEAT);
    assert_int_equal(S(t)->pl_piece, andlau);
    vbt_free(t);
}

/* 9.2.1: "Place a "Melee" marker on the unit that intends to attack,
 * pointing in the direction of the attacked unit": toward the map's last
 * hex (1612 on the San Lazzaro map) too, and a state file holding that
 * marker reads back the same. The Hussars (Barnklau) in 1611 declare a
 * melee on Castilla in 1612. (pc_io.c:774 the marker's bound
 * `d->nhex - 1` as `d->nhex - 2`: a marker toward the last hex refused.) */
static void melee_marker_on_the_last_hex(void **state)
{
    (void)state;
    vbt *t = board();
    assert_int_equal(HX(t, "1612"), D(t)->nhex - 1);
    put(t, "Hussars", "1611");
    put_leader(t, "Barnklau", "1611");
    put(t, "Castilla", "1612");
    put_leader(t, "Aramburu", "1612");
    start_move(t, "RW", "Barnklau", "Hussars");
    vbt_act(t, "melee 1612");
    assert_int_equal(S(t)->umelee[U(t, "Hussars")], D(t)->nhex - 1);
    reads_back_the_same(t, "M41: 9.2.1 a melee marker toward 1612, the map's last hex");
    vbt_free(t);
}

/* 13.0: the Franco-Spanish player notes his objectives among the eight
 * geographic places. An action's text for a code naming no objective
 * place (an index past the list: a tool's or a record's bad code) names
 * "?", never reads outside the places: "objective ?", "reveal ?"; a good
 * code names its place. (pc_io.c:164 the text's `p >= 0 && p < d->nplace`
 * as `||`: the index -1 of a code past the list read `d->place[-1]`.) */
static void objective_text_of_a_bad_code(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    const pc_data *d = D(t);
    char buf[64];
    assert_true(d->nobjp > 0 && d->nobjp < 99);
    pc_action_text(t->g, S(t), PC_ACT(A_OBJ, 99, 0), buf, sizeof buf);
    if (strcmp(buf, "objective ?"))
        fail_msg("M41: 13.0 the text of objective code 99: '%s'", buf);
    pc_action_text(t->g, S(t), PC_ACT(A_REVEAL, 99, 0), buf, sizeof buf);
    if (strcmp(buf, "reveal ?"))
        fail_msg("M41: 13.0 the text of reveal code 99: '%s'", buf);
    pc_action_text(t->g, S(t), PC_ACT(A_OBJ, 0, 0), buf, sizeof buf);
    assert_int_equal(strncmp(buf, "objective ", 10), 0);
    assert_string_not_equal(buf, "objective ?");
    vbt_free(t);
}

/* 4.6.1: the Standard Bearer's Sergeants' Factor "must be subtracted
 * from the die roll result of adjacent or stacked units during a TDR": a
 * bearer in play only ("the Standard Bearer piece appears in play" when
 * the WC is eliminated). Daun (Browne's wing) in 0201, beside the battle
 * map's hex 0, Browne's bearer not in play: no SF; the bearer in 0201:
 * his SF. (pc_battle.c:298, hand-planted, `h < 0 || s->bhex[w] < 0` as
 * `(h < 0 && s->bhex[w] < 0)`: the distance from hex -1, whose
 * coordinates read as hex 0's, 1: the SF of a bearer not in play.) */
static void bearer_not_in_play_gives_no_sf(void **state)
{
    (void)state;
    vbt *t = battle("San-Lazzaro", "Le-Mose", "Montale", "Mucinasso");
    const pc_data *d = D(t);
    int u = U(t, "Daun"), w = d->u[u].wing;
    assert_true(d->wg[w].bsf > 0);
    assert_true(pc_passable(d, HX(t, "0201")));
    assert_int_equal(pc_dist(d, 0, HX(t, "0201")), 1);
    put(t, "Daun", "0201");
    assert_int_equal(S(t)->bhex[w], -1);
    if (pc_bearer_sf(d, S(t), u) != 0)
        fail_msg("M41: 4.6.1 Daun in 0201 gets the SF of a bearer not in play");
    S(t)->bhex[w] = (int16_t)HX(t, "0201");
    assert_int_equal(pc_bearer_sf(d, S(t), u), d->wg[w].bsf);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(relocate_to_a_unit_in_hex_zero),
        cmocka_unit_test(relocation_guard_refuses_another_hex),
        cmocka_unit_test(second_regiment_changes_once),
        cmocka_unit_test(place_guard_wants_a_place_action),
        cmocka_unit_test(melee_marker_on_the_last_hex),
        cmocka_unit_test(objective_text_of_a_bad_code),
        cmocka_unit_test(bearer_not_in_play_gives_no_sf),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
