/* test_mutation17.c - the rules that the seventeenth session's mutation
 * pass (seed 18, docs/piacenza-1746.md "Mutation testing") found without a
 * test: each test names the rulebook sentence it pins and the mutant it
 * kills. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "pc_test.h"

/* 3.0 A: "If a player allows his opponent to start, he is not required to
 * (but may) reveal his chosen activation marker"; A.2: "The opposing Wing
 * Commander, that is the one who did not activate in point A.1, now
 * activates". The withheld marker is shown when A.2 begins, that is by the
 * end of the first activation's combat; here the withheld marker is the
 * Franco-Spanish LW, wing 0 (pc_turn.c:579 `second_wing >= 0` to `>= 1`
 * left the Austrian without it: the record entry stayed secret). */
static void withheld_wing_zero_revealed(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 3);
    for (int i = 0; i < 3; i++)
        pass_activation(t); /* 3.0 exception: LW, RW, then CE */
    vbt_roll(t);            /* reorganization: nothing */
    assert_int_equal(S(t)->turn, 2);
    vbt_act(t, "wing LW");
    size_t lw = t->m.rec.n - 1;
    assert_string_equal(t->m.rec.v[lw].text, "wing LW");
    assert_int_equal(pc_find_wing(D(t), "LW"), 0);
    vbt_act(t, "wing CE");
    vbt_dice(t, "7,5"); /* the Austrian rolls lower and reveals CE */
    vbt_act(t, "go-second");
    assert_int_equal(S(t)->wing, pc_find_wing(D(t), "CE"));
    assert_int_equal(S(t)->second_wing, 0);
    assert_false(vb_entry_visible(&t->m.rec.v[lw], PC_AU));
    vbt_act(t, "end-movement");
    vbt_act(t, "end-bombardment");
    assert_false(vb_entry_visible(&t->m.rec.v[lw], PC_AU));
    /* the end of the combat segment reveals the Franco-Spanish group */
    vb_vis v;
    int n = 0;
    vb_action acts[VB_MAX_ACTIONS];
    n = t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
    int seen = 0;
    for (int i = 0; i < n; i++)
        if (PC_K(acts[i]) == A_ENDCOMBAT) {
            t->g->def->visibility(t->g, S(t), acts[i], &v);
            assert_int_equal(v.reveals, t->m.rec.v[lw].group);
            seen = 1;
        }
    assert_true(seen);
    vbt_act(t, "end-combat");
    expect_log(t, "franco-spanish reveals its marker: LW");
    assert_int_equal(S(t)->wing, 0);
    assert_true(vb_entry_visible(&t->m.rec.v[lw], PC_AU));
    vbt_free(t);
}

/* The state file of a game just set up names no moving unit and no battery
 * (no unit has begun a move, 5.0, nor a bombardment, 8.0): unit 0, Guardias
 * Espanolas, is no exception (pc_turn.c:127 `mv_u = bomb_u = -1` to `-0`
 * wrote it as both). */
static void fresh_state_moves_nobody(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 3);
    json_t *j = vbt_state_json(t);
    char *txt = json_dumps(j, JSON_COMPACT);
    if (!strstr(txt, "\"moving\":null") || !strstr(txt, "\"battery\":null"))
        fail_msg("a unit moving or firing at the start: %s", txt);
    free(txt);
    json_decref(j);
    vbt_free(t);
}

/* The first hex of the map, 0101 (hex number 0, clear on the Scenario 2
 * sheet), in three rules of pc_units.c whose "no hex" tests read it as
 * none:
 * - 9.2.8 "retreat ... one hex ... away from the attacker": a retreat into
 *   0101 is a retreat, not a surrender (`:454` `to < 0` to `<= 0`);
 * - 4.4 a Formation Commander "adjacent" to his unit gives his Sergeants'
 *   Factor from 0101 as from any hex (`:229` `lh < 0` to `<= 0`);
 * - 8.3 / 9.1.2 the Smoke marker of a fire from 0101 is placed
 *   (`pc_add_smoke`'s scan one slot past the markers, `:254` `<` to `<=`,
 *   read the empty slot's hex 0 as a marker already there). */
static void first_hex_units(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    assert_true(pc_passable(D(t), 0));
    put(t, "Saboya", "0102");
    put(t, "Andlau", "0103"); /* the attacker, to the south */
    hit(t, "Saboya", R_D1, "0103");
    dice_on(t, "9"); /* the TDR fails: one hex back */
    if (S(t)->uhex[U(t, "Saboya")] < 0)
        fail_msg("9.2.8: Saboya surrendered instead of retreating; log:\n%s", t->log);
    if (S(t)->uhex[U(t, "Saboya")] == HX(t, "0102"))
        fail_msg("stayed; log:\n%s", t->log);
    assert_int_equal(pc_dist(D(t), S(t)->uhex[U(t, "Saboya")], HX(t, "0103")), 2);
    vbt_free(t);

    /* every other hex away from the attacker holds a friendly infantry unit
     * (6.0: overstacked, after the free hex in 9.2.8's order): 0101 */
    t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0102");
    put(t, "Andlau", "0103");
    int h = HX(t, "0102"), a = HX(t, "0103"), blockers = 0;
    const char *fs[] = {"Africa", "Asturias", "Giacomone"};
    for (int k = 0; k < 6; k++) {
        int nb = pc_nb(D(t), h, k);
        if (nb <= 0 || nb == a || pc_dist(D(t), nb, a) <= 1)
            continue;
        assert_true(blockers < 3);
        char hn[8];
        pc_hex_name(D(t), nb, hn, sizeof hn);
        put(t, fs[blockers++], hn);
    }
    hit(t, "Saboya", R_D1, "0103");
    dice_on(t, "9"); /* the TDR fails: one hex back */
    expect_at(t, "Saboya", "0101");
    expect_log(t, "[9.2.8] Saboya retreats to 0101");
    vbt_free(t);

    t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Saboya", "0102");
    int pb = pc_find_leader(D(t), "Petit Bois");
    assert_true(D(t)->l[pb].sf > 0);
    put_leader(t, "Petit Bois", "0103");
    int sf = pc_sf_near(D(t), S(t), U(t, "Saboya"));
    assert_int_equal(sf, D(t)->l[pb].sf);
    put_leader(t, "Petit Bois", "0101");
    assert_int_equal(pc_sf_near(D(t), S(t), U(t, "Saboya")), sf);
    put_leader(t, "Petit Bois", "0104"); /* two hexes away: none */
    assert_int_equal(pc_sf_near(D(t), S(t), U(t, "Saboya")), 0);

    assert_int_equal(S(t)->nsmoke, 0);
    pc_add_smoke(S(t), 0);
    assert_int_equal(S(t)->nsmoke, 1);
    assert_int_equal(pc_smoke_mod(D(t), S(t), 0, 1), D(t)->t_smoke_hex);
    pc_add_smoke(S(t), 0); /* one marker a hex */
    assert_int_equal(S(t)->nsmoke, 1);
    vbt_free(t);
}

/* The battle on foot (every regiment deployed on foot), objectives noted,
 * the board empty but for the Commanders and the off-map counters;
 * Larnage at 1829, Dragons 1 Pied at 1828; the formation begins to move.
 * ustat: the status of the counter on foot. */
static vbt *drg_foot(int ustat)
{
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    battle_begun(t, 1);
    for (int u = 0; u < D(t)->nu; u++)
        if (S(t)->uhex[u] != PC_OFF)
            S(t)->uhex[u] = -1;
    put_leader(t, "Larnage", "1829");
    put(t, "Dragons 1 Pied", "1828");
    S(t)->ustat[U(t, "Dragons 1 Pied")] = (uint8_t)ustat;
    at_segment(t, "Mirepoix", PH_MFORM);
    vbt_act(t, "formation Larnage");
    return t;
}

/* The "mount" actions offered now, as texts joined by spaces. */
static void mounts(vbt *t, char *out, size_t n)
{
    vb_action acts[VB_MAX_ACTIONS];
    int k = t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        char a[64];
        if (PC_K(acts[i]) != A_MOUNT)
            continue;
        pc_action_text(t->g, S(t), acts[i], a, sizeof a);
        strncat(out, a, n - strlen(out) - 2);
        strcat(out, " ");
    }
}

/* 10.5: "every two mounted SPs stacked in the same hex can be replaced by a
 * dismounted Infantry SP, or vice versa": only a counter on foot in play
 * mounts; not the mounted counters off the map, nor the counters of the
 * other regiment, gone from the board; and (the engine's reading, "Only
 * units in good order, with no marker", pc_dragoon.c's header) not a
 * disordered one. pc_drg_can_mount's first `return 0` to `return 1`
 * (`:153`) offered `mount` for every counter of the formation. */
static void only_foot_in_play_mounts(void **state)
{
    (void)state;
    char m[512];
    vbt *t = drg_foot(ST_GOOD);
    mounts(t, m, sizeof m);
    assert_string_equal(m, "mount Dragons-1-Pied ");
    vbt_free(t);

    t = drg_foot(ST_DIS);
    mounts(t, m, sizeof m);
    assert_string_equal(m, "");
    vbt_free(t);
}

/* 8.1.1: "A LoS can only be traced along a hexside when one of the two
 * hexes sharing the hexside is non-blocking." A line of two hexes from
 * 0606 that runs along the hexside of two clear hexes: a unit in either
 * alone leaves it open; one in each blocks it (pc_map.c:141 `h1 == h2` to
 * `!=` blocked it with the first hex alone). */
static void los_along_a_hexside(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int from = HX(t, "0606"), found = 0;
    for (int to = 0; to < d->nhex; to++) {
        int mid[4];
        if (pc_dist(d, from, to) != 2 || pc_line_hexes(d, from, to, mid) != 2)
            continue;
        if (d->terr[d->hterr[mid[0]]].blocks || d->terr[d->hterr[mid[1]]].blocks ||
            !pc_los(d, S(t), from, to))
            continue;
        char h0[8], h1[8];
        pc_hex_name(d, mid[0], h0, sizeof h0);
        pc_hex_name(d, mid[1], h1, sizeof h1);
        put(t, "Castilla", h0);
        assert_true(pc_los(d, S(t), from, to));
        S(t)->uhex[U(t, "Castilla")] = -1;
        put(t, "Lombardia", h1);
        assert_true(pc_los(d, S(t), from, to));
        put(t, "Castilla", h0);
        assert_false(pc_los(d, S(t), from, to));
        S(t)->uhex[U(t, "Castilla")] = -1;
        S(t)->uhex[U(t, "Lombardia")] = -1;
        found++;
    }
    assert_true(found >= 2);
    vbt_free(t);
}

/* Bad input against the Line's commands (seventeenth session, helper pcn):
 * each refusal is one line naming the problem, and changes nothing. 5.5
 * "at most within two hexes of another unit of the same Formation": the
 * gaps are a number, 0 to one fewer than the units; a word with no
 * number, two numbers, or a number in another notation took 0 (atoi) and
 * was told "no last hex at that distance is free", though `line-gaps 0`
 * is legal; `line-to HEX junk` was told a hex of the Line holds enemy
 * units. (The core's action matcher once folded '-' into a blank, so
 * `line-gaps -1` read as `line-gaps 1`; a '-' that begins a word before a
 * digit is now a sign (src/core/state.c canon(), docs/play.md), and
 * `line-gaps -5` below is refused: "line-gaps takes one number".) */
static void line_words_refused(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 3);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0504");
    assert_true(vbt_legal(t, "line-gaps 0"));
    assert_true(vbt_legal(t, "line-gaps 1"));
    pc_state before = *S(t);
    static const char *const bad[] = {"line-gaps",     "line-gaps 1 1", "line-gaps 0x1",
                                      "line-gaps 1e3", "line-gaps -5",  "line-gaps x"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_not_equal(vbt_try(t, bad[i]), 0);
        if (!strstr(t->cx.err, "line-gaps takes one number") || strchr(t->cx.err, '\n'))
            fail_msg("'%s' refused with: %s", bad[i], t->cx.err);
        assert_memory_equal(&before, S(t), sizeof before);
    }
    assert_int_not_equal(vbt_try(t, "line-gaps 99999999999"), 0);
    if (!strstr(t->cx.err, "fewer gaps than units (5.5)"))
        fail_msg("'line-gaps 99999999999' refused with: %s", t->cx.err);
    assert_int_not_equal(vbt_try(t, "line-to 0608"), 0);
    if (!strstr(t->cx.err, "first the Line's gaps"))
        fail_msg("'line-to 0608' before the gaps refused with: %s", t->cx.err);
    assert_memory_equal(&before, S(t), sizeof before);

    vbt_act(t, "line-gaps 1");
    before = *S(t);
    assert_true(vbt_legal(t, "line-to 0608"));
    static const char *const badto[] = {"line-to 0608 x", "line-to 0608 0608", "line-to",
                                        "line-to 4040"};
    for (size_t i = 0; i < sizeof badto / sizeof *badto; i++) {
        assert_int_not_equal(vbt_try(t, badto[i]), 0);
        if (!strstr(t->cx.err, "line-to takes one hex of the map") || strchr(t->cx.err, '\n'))
            fail_msg("'%s' refused with: %s", badto[i], t->cx.err);
        assert_memory_equal(&before, S(t), sizeof before);
    }
    assert_int_not_equal(vbt_try(t, "line-gaps 2"), 0);
    if (!strstr(t->cx.err, "the gaps are chosen"))
        fail_msg("'line-gaps 2' after the gaps refused with: %s", t->cx.err);
    assert_memory_equal(&before, S(t), sizeof before);
    vbt_act(t, "line-to 0608");
    assert_int_equal(S(t)->line_end, HX(t, "0608"));
    assert_int_equal(S(t)->line_gaps, 1);
    vbt_free(t);
}

/* 11.3: the Centre with the routed Africa in 0505 and Saboya, in good
 * order, in 0808 with Petit Bois; De Croix's wing at its movement segment.
 * *u: Africa. */
static vbt *routed_africa(int *u)
{
    vbt *t = pc_new("centre", 1);
    clear_board(t);
    put(t, "Africa", "0505");
    put(t, "Saboya", "0808");
    put_leader(t, "Petit Bois", "0809");
    *u = U(t, "Africa");
    S(t)->ustat[*u] = ST_ROUT;
    at_segment(t, "De Croix", PH_MFORM);
    return t;
}

/* 11.3 "With each further activation, the routed unit moves another three
 * hexes"; Q7: "The just-routed friendly formation must then retreat an
 * additional three hexes in its movement phase": the routed Africa, in
 * 0505, drifts three hexes as soon as Petit Bois's formation is chosen to
 * move, and once only (pc_rules.c:1075 `s->uhex[u] >= 0` to `<= 0` drifted
 * only a unit in hex 0, as `first_hex` has it: the formation chosen, moved
 * and ended, Africa never drifted). */
static void routed_drift_on_activation(void **state)
{
    (void)state;
    int u;
    vbt *t = routed_africa(&u);
    vbt_act(t, "formation Petit-Bois");
    int h = S(t)->uhex[u];
    if (h >= 0 && pc_dist(D(t), HX(t, "0505"), h) != 3)
        fail_msg("11.3: the routed Africa is %d hexes from 0505 on activation, not three",
                 h < 0 ? -1 : pc_dist(D(t), HX(t, "0505"), h));
    assert_int_not_equal(h, HX(t, "0505"));
    vbt_act(t, "end-formation");
    assert_int_equal(S(t)->uhex[u], h);
    vbt_free(t);
}

/* 5.5: "all the units are positioned in a hex crossed or adjacent (that
 * is, one hexside superimposed) to an imaginary line that connects the
 * center of the hex of the first and the last unit of the Line": a Line of
 * three from 0806 may run across the columns, to a hex two away off the six
 * hex directions. With an enemy unit on each of the six hexes two away
 * along a direction, no Line along a direction is free, but those across
 * are: 0806 is still offered as the first hex (anchor_ok's `return 1`
 * after gaps_ok, then pc_rules.c:140, now in pc_line.c, to `return 0`
 * offered a first hex only with a Line along a direction). */
static void first_hex_of_a_zigzag_line(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int a = HX(t, "0806");
    char hn[8];
    put(t, "Castilla", "0806");
    pc_hex_name(d, pc_nb(d, a, 0), hn, sizeof hn);
    put(t, "Lombardia", hn);
    put_leader(t, "Aramburu", hn);
    pc_hex_name(d, pc_nb(d, a, 3), hn, sizeof hn);
    put(t, "Irlanda", hn);
    static const char *const en[6] = {"Clerici", "Pallavicini",        "Hussars",
                                      "Daun",    "Bernes Cuirassiers", "Hohenembs Cuirassiers"};
    for (int k = 0; k < 6; k++) {
        int h = pc_nb(d, pc_nb(d, a, k), k);
        assert_true(h >= 0);
        pc_hex_name(d, h, hn, sizeof hn);
        put(t, en[k], hn);
    }
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    if (!vbt_legal(t, "line-from 0806"))
        fail_msg("5.5: 0806 not offered as the first hex of a Line across the columns");
    vbt_act(t, "line-from 0806");
    for (int k = 0; k < 6; k++) {
        char w[32];
        snprintf(w, sizeof w, "line-toward %s", pc_dir_names[k]);
        assert_false(vbt_legal(t, w));
    }
    vbt_act(t, "line-gaps 0");
    int n = 0;
    for (int h = 0; h < d->nhex; h++) {
        char w[32];
        pc_hex_name(d, h, hn, sizeof hn);
        snprintf(w, sizeof w, "line-to %s", hn);
        if (vbt_legal(t, w)) {
            assert_int_equal(pc_dist(d, a, h), 2);
            n++;
        }
    }
    assert_int_equal(n, 6); /* the six hexes two away between the directions */
    vbt_free(t);
}

/* 11.3 "With each further activation, the routed unit moves another three
 * hexes": a routed unit of the wing activated drifts at the end of the
 * movement segment when its formation was not chosen to move (the engine's
 * reading: the activation is the wing's; Q7's way to avoid it is not to
 * activate); a unit in good order stays (pc_rules.c:1081 `s->ustat[u] ==
 * ST_ROUT` to `!=` drifted Saboya and left Africa). */
static void routed_drift_at_end_of_movement(void **state)
{
    (void)state;
    int u;
    vbt *t = routed_africa(&u);
    vbt_act(t, "end-movement");
    int h = S(t)->uhex[u];
    if (h == HX(t, "0505") || (h >= 0 && pc_dist(D(t), HX(t, "0505"), h) != 3))
        fail_msg("11.3: the routed Africa did not drift three hexes from 0505 (now %d)", h);
    expect_at(t, "Saboya", "0808");
    vbt_free(t);
}

/* Scenario 3: "The player who occupies, or has been the last to do so,
 * Gossolengo at end of the Scenario is the winner": a unit of any kind
 * occupies it, here the Franco-Spanish cavalry Rochefoucauld 1
 * (pc_rules.c:1220 `pc_unit_at(..., PC_FS, -1)` to `-0` counted only the
 * Franco-Spanish infantry, UT_INF = 0). */
static void gossolengo_occupied_by_cavalry(void **state)
{
    (void)state;
    vbt *t = pc_new("gossolengo", 1);
    assert_int_equal(S(t)->holder, -1);
    int r = U(t, "Rochefoucauld 1");
    assert_int_equal(D(t)->u[r].type, UT_CAV);
    S(t)->uhex[r] = (int16_t)PLACE(t, "Gossolengo");
    pc_advance(D(t), S(t), &t->cx);
    assert_int_equal(S(t)->holder, PC_FS);
    expect_log(t, "occupies Gossolengo");
    vbt_free(t);
}

/* 5.5 reads the other formations' units as a bar only in "an intermediate
 * hex between two units on a Line", that is in a Line with gaps; 6.0
 * "infantry with artillery": a Line of three along S from 1105, its middle
 * hex 1106 held by Lombardia and the wing's gun, Artilleria de Gages, may
 * be declared (cell_free's `gaps > 0`, then pc_rules.c:65, now in
 * pc_line.c, to `>= 0` barred the gun's hex from every Line). */
static void line_through_a_friendly_gun(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "1105");
    put(t, "Lombardia", "1106");
    put(t, "Irlanda", "1107");
    put_leader(t, "Aramburu", "1106");
    put(t, "Artilleria de Gages", "1106");
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 1105");
    if (!vbt_legal(t, "line-toward S"))
        fail_msg("5.5: the Line 1105-1107 refused for the gun in 1106");
    vbt_act(t, "line-toward S");
    assert_int_equal(S(t)->line_end, HX(t, "1107"));
    vbt_free(t);
}

/* 4.7: the Commander's relocation done, nothing of it is left in the
 * state: the same position reached without it is the same state (as
 * owner_chooses_victim has it for 8.5.1's own_side; pc_owner.c:286
 * `rel_side = 0` to `1` left the Austrian as the return side). */
static void relocation_leaves_nothing(void **state)
{
    (void)state;
    vbt *t = aramburu_hit();
    assert_int_equal(S(t)->phase, PH_RELOC);
    vbt_act(t, "relocate Aramburu 0605");
    assert_int_equal(S(t)->rel_l, -1);
    assert_int_equal(S(t)->rel_phase, 0);
    assert_int_equal(S(t)->rel_side, 0);
    vbt_free(t);
}

/* 5.5 "at most within two hexes of another unit": a Line of n units may
 * have n - 1 gaps, one between each two; a state file of that choice made
 * (Aramburu's five, line-gaps 4) reads back (pc_line_file's
 * `line_gaps > n - 1`, then pc_rules.c:162, now in pc_line.c, to
 * `>= n - 1` refused it). */
static void most_gaps_in_a_state_file(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 3);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0504");
    assert_int_equal(pc_line_good_inf(D(t), S(t)), 5);
    assert_false(vbt_legal(t, "line-gaps 5"));
    vbt_act(t, "line-gaps 4");
    json_t *j = vbt_state_json(t);
    int rc = vbt_load_json(t, j);
    if (rc)
        fail_msg("5.5: a Line of five with four gaps refused: %s", t->cx.err);
    assert_int_equal(S(t)->line_gaps, 4);
    assert_int_equal(S(t)->line_anchor, HX(t, "0504"));
    assert_int_equal(S(t)->phase, PH_LDIR);
    assert_true(vbt_legal(t, "line-to 0110"));
    vbt_free(t);
}

/* 8.5.2: "In case of a Grapeshot fire (one hex range), the RR result
 * becomes a normal R (Rout) result": Artilleria de Gages next to
 * Pallavicini (Clerici behind) rolls 7, +2 at one hex (the reconstructed
 * range modifier): 9, RR on the 1-2 column at two hexes (C `combat_more`),
 * here R: Pallavicini routs and no ricochet is rolled. (Twentieth session:
 * `r == 1` to `r == 0` in pc_combat.c's bombardment survived every test.) */
static void grapeshot_rr_is_rout(void **state)
{
    (void)state;
    vbt *t = board();
    int gun = -1;
    static const char *const at[] = {"1104", "1105"};
    for (int k = 0; k < 2 && gun < 0; k++) {
        vbt_free(t);
        t = board();
        put(t, "Artilleria de Gages", at[k]);
        put(t, "Pallavicini", "1205");
        put(t, "Clerici", "1305");
        at_segment(t, "LW", PH_BOMB);
        if (pc_dist(D(t), HX(t, at[k]), HX(t, "1205")) == 1 &&
            vbt_legal(t, "bombard Artilleria-de-Gages 1205"))
            gun = k;
    }
    assert_true(gun >= 0);
    vbt_act(t, "bombard Artilleria-de-Gages 1205");
    dice_on(t, "7");
    expect_log(t, "at Pallavicini: 7+2 = 9: R");
    expect_log(t, "[11.2] Pallavicini routs");
    if (vbt_logged(t, "[8.5.2] ricochet") || S(t)->roll == RL_RICO)
        fail_msg("8.5.2: a ricochet after grapeshot");
    assert_int_equal(S(t)->ustep[U(t, "Clerici")], 2);
    vbt_free(t);
}

/* 8.1: "The maximum range of the artillery is three hexagons": Artilleria de
 * Gages alone with Pallavicini on the board, at the first hex and facing
 * (in hex order) with a hex three away in its cone and clear hexes four
 * away behind it: the bombardment is offered at three, at none of those
 * at four. The range is bounded twice, by the cone (pc_in_cone, a + b <=
 * 3) and by `r > 3` in pc_bomb_targets: each alone moved to 4 is an
 * equivalent mutant (twentieth session); both moved, this test fails. */
static int cone_hex(const pc_data *d, const pc_state *s, int h, int f, int r)
{
    for (int k = 0; k < d->nhex; k++)
        if (pc_dist(d, h, k) == r && pc_passable(d, k) && pc_in_cone(d, h, f, k) &&
            pc_los(d, s, h, k))
            return k;
    return -1;
}

static void bombardment_range_three(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int h = -1, f = 0, x3 = -1, far[6], nf = 0;
    for (int k = 0; k < d->nhex && h < 0; k++)
        for (int g = 0; g < 6 && h < 0; g++) {
            int x = pc_passable(d, k) ? cone_hex(d, S(t), k, g, 3) : -1, n = 0;
            for (int e = 0; e < 6 && x >= 0; e++) {
                int y = pc_nb(d, x, e);
                if (y >= 0 && pc_dist(d, k, y) == 4 && pc_passable(d, y) && pc_los(d, S(t), k, y))
                    far[n++] = y;
            }
            if (n >= 3)
                h = k, f = g, x3 = x, nf = n;
        }
    assert_true(h >= 0);
    vbt_free(t);
    for (int i = -1; i < nf; i++) {
        int x = i < 0 ? x3 : far[i];
        t = board();
        int g = U(t, "Artilleria de Gages");
        char hn[8], act[64];
        S(t)->uhex[g] = (int16_t)h;
        S(t)->uface[g] = (uint8_t)f;
        pc_hex_name(D(t), x, hn, sizeof hn);
        put(t, "Pallavicini", hn);
        at_segment(t, "LW", PH_BOMB);
        snprintf(act, sizeof act, "bombard Artilleria-de-Gages %s", hn);
        if (vbt_legal(t, act) != (i < 0))
            fail_msg("8.1: a bombardment at %d hexes (%s) %s", i < 0 ? 3 : 4, hn,
                     i < 0 ? "not offered" : "offered");
        vbt_free(t);
    }
}

/* 8.1: "In command Artillery units of an activated Formation can
 * bombard": a gun is in command through its Wing Commander (2.2.2). The
 * WC is checked at the activation (4.5), and a wing whose WC is out of
 * command only defends (3.0 A.1), so the guard in pc_bomb_targets is
 * never the only one in play: the gun's own targets are tested here (the
 * guard removed, pc_bomb_targets names the hex). */
static void bombardment_in_command(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    battle_begun(t, 0);
    clear_board(t);
    const pc_data *d = D(t);
    int g = U(t, "Artilleria de Gages"), wing = d->u[g].wing, wc = d->wg[wing].wc;
    assert_true(wc >= 0);
    assert_false(d->all_in_command);
    put(t, "Artilleria de Gages", "1104");
    put_leader(t, "De Gages", "1104");
    S(t)->uface[g] = 0;
    int x = -1;
    for (int f = 0; f < 6 && x < 0; f++) {
        S(t)->uface[g] = (uint8_t)f;
        x = cone_hex(d, S(t), HX(t, "1104"), f, 2);
    }
    assert_true(x >= 0);
    char hn[8], act[64];
    pc_hex_name(d, x, hn, sizeof hn);
    put(t, "Clerici", hn);
    S(t)->wing = wing;
    S(t)->side = d->wg[wing].side;
    S(t)->phase = PH_BOMB;
    S(t)->fdone = 0;
    S(t)->form = -1;
    snprintf(act, sizeof act, "bombard Artilleria-de-Gages %s", hn);
    S(t)->lcmd |= 1 << wc;
    if (!vbt_legal(t, act))
        fail_msg("8.1: the gun of an in-command WC does not bombard %s", hn);
    int hexes[64];
    assert_int_equal(pc_bomb_targets(d, S(t), g, hexes), 1);
    assert_int_equal(hexes[0], x);
    S(t)->lcmd &= ~(1 << wc);
    if (vbt_legal(t, act))
        fail_msg("8.1: the gun of an out-of-command WC bombards %s", hn);
    /* the wing only defends (3.0 A.1), and the gun itself has no target */
    assert_true(vbt_legal(t, "end-bombardment"));
    assert_int_equal(pc_bomb_targets(d, S(t), g, hexes), 0);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(withheld_wing_zero_revealed),
        cmocka_unit_test(fresh_state_moves_nobody),
        cmocka_unit_test(first_hex_units),
        cmocka_unit_test(only_foot_in_play_mounts),
        cmocka_unit_test(los_along_a_hexside),
        cmocka_unit_test(line_words_refused),
        cmocka_unit_test(routed_drift_on_activation),
        cmocka_unit_test(first_hex_of_a_zigzag_line),
        cmocka_unit_test(routed_drift_at_end_of_movement),
        cmocka_unit_test(gossolengo_occupied_by_cavalry),
        cmocka_unit_test(line_through_a_friendly_gun),
        cmocka_unit_test(relocation_leaves_nothing),
        cmocka_unit_test(grapeshot_rr_is_rout),
        cmocka_unit_test(bombardment_range_three),
        cmocka_unit_test(bombardment_in_command),
        cmocka_unit_test(most_gaps_in_a_state_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
