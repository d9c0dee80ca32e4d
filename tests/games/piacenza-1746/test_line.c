/* test_line.c - the declared Line (5.5, pc_line.c): the ground of its
 * hexes (engine reading 13) and the rules the mutation pass over pc_line.c
 * (nineteenth session, seed 19, docs/piacenza-1746.md "Mutation testing")
 * found without a test. Each test names the rulebook sentence it pins. */
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

/* Aramburu's battalions on the san-lazzaro board, cleared: n of them
 * (at most 4) down column 01 from 0103, in the City; the Line being
 * declared, its first hex 0103. */
static vbt *city_line(int n)
{
    static const char *const units[] = {"Guardias Espanolas", "Guardias Valonas", "Castilla",
                                        "Lombardia"};
    static const char *const hexes[] = {"0103", "0104", "0105", "0106"};
    vbt *t = board();
    for (int k = 0; k < n; k++)
        put(t, units[k], hexes[k]);
    put_leader(t, "Aramburu", "0104");
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0103");
    return t;
}

/* 1.0: "It is not possible to enter a hex whose center is occupied by the
 * River Po"; 5.5: "all the units are positioned in a hex crossed or
 * adjacent ... to an imaginary line", and the intermediate hex "must not be
 * occupied by enemy units, nor by friendly units of other Formations" (its
 * occupants only). From 0103 to 0402 the first step beyond 0103 is all Po
 * (0202): with no gap a unit would have to stand there, so the Line is not
 * offered, nor line-toward N from 0504 (its last hex 0501 in the Po); with
 * one gap, 0103 to 0502, the Po hex is the intermediate hex and the Line
 * stands. 5.8's closest position is no Po hex. (Engine reading 12: all
 * three Lines were offered and the Po hex was a position at distance 0.) */
static void line_not_in_the_po(void **state)
{
    (void)state;
    vbt *t = city_line(4);
    vbt_act(t, "line-gaps 0");
    if (vbt_legal(t, "line-to 0402"))
        fail_msg("1.0, 5.5: a Line of four with no gap, a unit in the Po at 0202");
    assert_int_equal(vbt_try(t, "line-to 0402"), VB_EILLEGAL);
    if (!strstr(t->cx.err, "no unit may enter") || strchr(t->cx.err, '\n'))
        fail_msg("refused with: %s", t->cx.err);
    vbt_free(t);

    t = city_line(4);
    vbt_act(t, "line-gaps 1");
    if (!vbt_legal(t, "line-to 0502"))
        fail_msg("5.5: the Po hex 0202 as the Line's intermediate hex refused");
    vbt_act(t, "line-to 0502");
    int po = -1, cells[PC_LINE_MAX];
    int nc = pc_line_cells(D(t), S(t)->line_anchor, S(t)->line_end, cells);
    for (int k = 0; k < nc; k++)
        if (!pc_passable(D(t), cells[k]))
            po = cells[k];
    assert_true(po >= 0);
    int gap = pc_line_gap(D(t), S(t), U(t, "Lombardia"), po);
    if (gap == 0)
        fail_msg("5.8: a Po hex of the Line taken for a position");
    assert_int_equal(gap, 1);
    vbt_free(t);

    t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0504");
    if (vbt_legal(t, "line-toward N"))
        fail_msg("1.0, 5.5: line-toward N from 0504, its last unit in the Po at 0501");
    assert_int_equal(vbt_try(t, "line-toward N"), VB_EILLEGAL);
    if (!strstr(t->cx.err, "no unit may enter") || strchr(t->cx.err, '\n'))
        fail_msg("refused with: %s", t->cx.err);
    assert_true(vbt_legal(t, "line-toward S"));
    vbt_free(t);
}

/* 5.5: "at most within two hexes of another unit": one intermediate hex
 * between two units. In the battle, from 0628 to 0225 the second and third
 * steps are all Trebbia: a Line of four with two gaps has as many gaps as
 * Trebbia steps, but two units with two hexes between them; not offered
 * (engine reading 12 offered it). */
static void two_river_steps_no_line(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    battle_begun(t, 0);
    clear_board(t);
    static const char *const units[] = {"Guardias Espanolas", "Guardias Valonas", "Castilla",
                                        "Lombardia"};
    static const char *const hexes[] = {"0628", "0728", "0729", "0829"};
    for (int k = 0; k < 4; k++) {
        put(t, units[k], hexes[k]);
        S(t)->uflag[U(t, units[k])] = 0;
    }
    put_leader(t, "Aramburu", "0728");
    put_leader(t, "De Gages", "0729"); /* 3.0 A.1: the WC in command */
    put_leader(t, "Infante Felipe", "0829");
    at_segment(t, "De Gages", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0628");
    vbt_act(t, "line-gaps 2");
    int cells[PC_LINE_MAX], nc = pc_line_cells(D(t), HX(t, "0628"), HX(t, "0225"), cells);
    int dry[PC_LINE_MAX] = {0};
    for (int k = 0; k < nc; k++)
        dry[pc_dist(D(t), HX(t, "0628"), cells[k])] |= pc_passable(D(t), cells[k]);
    assert_true(dry[0] && !dry[1] && !dry[2] && dry[3] && dry[5]);
    if (vbt_legal(t, "line-to 0225"))
        fail_msg("5.5: two units of the Line with two Trebbia hexes between them");
    vbt_free(t);
}

/* 5.5: a first hex is offered only with some Line from it (seventeenth
 * session), along one of the six hex directions or with gaps. Castilla in
 * 1206 ringed by six Austrian units has none (every step one beyond it is
 * held by the enemy); Lombardia in 0310 has one along each direction it
 * can take, north-west included (pc_line.c:191 anchor_ok's six directions
 * read as seven offered 1206, a Line of one hex; :227 the listing's six as
 * five never offered line-toward NW). */
static void first_hex_needs_a_line(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "1206");
    put(t, "Lombardia", "0310");
    put_leader(t, "Aramburu", "0310");
    static const char *const au[] = {"Pallavicini", "Clerici", "Marschall",
                                     "Traun",       "Vasquez", "Daun"};
    for (int k = 0; k < 6; k++) {
        int nb = pc_nb(D(t), HX(t, "1206"), k);
        assert_true(nb >= 0 && pc_passable(D(t), nb));
        S(t)->uhex[U(t, au[k])] = (int16_t)nb;
    }
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    if (vbt_legal(t, "line-from 1206"))
        fail_msg("5.5: line-from 1206 offered, every Line from it through the enemy");
    assert_true(vbt_legal(t, "line-from 0310"));
    vbt_act(t, "line-from 0310");
    if (!vbt_legal(t, "line-toward NW"))
        fail_msg("5.5: line-toward NW from 0310 (to 0209) not offered");
    vbt_free(t);
}

/* line-gaps G is offered exactly when line-to then offers some last hex
 * (the choice is no dead end): gaps_ok walks the ring of hexes n - 1 + G
 * away, the listing of line-to scans the whole map. Every hex of the San
 * Lazzaro board and of the battle's sheet as a first hex, G from 0 to the
 * units (G = units is never offered). (pc_line.c:158, :166, :169: hex_at,
 * the ring's steps and gaps_ok's guard had no test.) */
static void gaps_offered_with_a_last_hex(void **state)
{
    (void)state;
    static const char *const sc[] = {"san-lazzaro", "battle"};
    for (int k = 0; k < 2; k++) {
        vbt *t = vbt_new("piacenza-1746", sc[k], 1);
        if (k == 1) {
            battle_begun(t, 0);
            at_segment(t, "De Gages", PH_MFORM);
        }
        vbt_act(t, "formation Aramburu");
        vbt_act(t, "declare-line");
        const pc_data *d = D(t);
        pc_state s = *S(t);
        int n = pc_line_good_inf(d, &s), offered = 0;
        assert_true(n >= 2);
        static vb_action acts[VB_MAX_ACTIONS];
        for (int a = 0; a < d->nhex; a++)
            for (int g = 0; g <= n; g++) {
                s.phase = PH_LDIR;
                s.line_anchor = (int16_t)a;
                s.line_gaps = g;
                int ends = pc_line_legal(d, &s, acts, VB_MAX_ACTIONS);
                if (pc_line_gaps_ok(d, &s, a, g) != (ends > 0))
                    fail_msg("%s: first hex %d, %d gaps: line-gaps %s, %d last hexes", sc[k], a, g,
                             ends ? "not offered" : "offered", ends);
                offered += ends > 0;
            }
        assert_true(offered > 50);
        vbt_free(t);
    }
}

/* Hex 0 (0101) is clear ground on the Scenario 2 sheet: a Line may start
 * or end there like anywhere else, its hexes are on it, and a state file's
 * Line of formation 0 (Petit Bois) is checked like any other (pc_line.c:125
 * decl_ok's `end < 0` read as `end < 1`, :326 pc_line_on's `line_end < 0`
 * as `<= 0`, :282 pc_line_file's `form < 0` as `<= 0`). */
static void line_from_hex_zero(void **state)
{
    (void)state;
    vbt *t = petit_bois_declares();
    assert_true(vbt_legal(t, "line-from 0103"));
    vbt_act(t, "line-from 0103");
    if (!vbt_legal(t, "line-toward N"))
        fail_msg("5.5: the Line from 0103 north to 0101 not offered");
    vbt_act(t, "line-toward N");
    assert_int_equal(S(t)->line_end, 0);
    if (!pc_line_on(D(t), S(t), HX(t, "0102")))
        fail_msg("5.6: 0102 not on the Line from 0103 to 0101");
    vbt_free(t);

    t = petit_bois_declares();
    if (!vbt_legal(t, "line-from 0101"))
        fail_msg("5.5: line-from 0101 not offered");
    vbt_act(t, "line-from 0101");
    /* a state file naming the last hex while it is being chosen */
    json_t *j, *file = pc_file_of(t, "centre", &j);
    json_object_set_new(json_object_get(j, "procedure"), "line_end", json_string("0103"));
    pc_load_expect(
        t, file, "state: line_end:", "5.5: a Line from 0101 with its last hex before it is chosen");
    json_decref(file);
    json_decref(j);
    /* seed 25: pc_line.c gaps_ok's `a < 0` to `a < 1` (:168) offered no
     * gaps from 0101 */
    if (!vbt_legal(t, "line-gaps 0") || !vbt_legal(t, "line-gaps 1"))
        fail_msg("5.5: line-gaps 0 and 1 not offered from 0101");
    vbt_act(t, "line-toward S");
    if (!pc_line_on(D(t), S(t), HX(t, "0101")))
        fail_msg("5.6: 0101, the Line's first hex, not on the Line");
    assert_true(pc_line_on(D(t), S(t), HX(t, "0103")));
    /* 5.8 "the closest position" on a Line from 0101: Saboya's own hex is
     * a position at distance 0, and from 0201 the nearest free hex of the
     * Line is one away (seed 28: pc_line_gap's `line_anchor < 0` to `< 1`,
     * :341, read the Line from 0101 as no Line, distance 99) */
    assert_int_equal(pc_line_gap(D(t), S(t), U(t, "Saboya"), 0), 0);
    assert_int_equal(pc_line_gap(D(t), S(t), U(t, "Saboya"), HX(t, "0201")), 1);
    /* a file of engine reading 11 (no line_end, no line_gaps: the Line along
     * line_dir) from 0101 reads its last hex from the direction (seed 25:
     * pc_line_file's `line_anchor >= 0` to `> 0`, :279, left it at -1 and
     * refused the file) */
    file = pc_file_of(t, "centre", &j);
    json_t *pr = json_object_get(j, "procedure");
    json_object_del(pr, "line_end");
    json_object_del(pr, "line_gaps");
    json_object_set_new(pr, "line_dir", json_integer(3)); /* S */
    pc_load_expect(t, file, NULL, "5.5: a Line from 0101 of engine reading 11");
    assert_int_equal(S(t)->line_anchor, 0);
    assert_int_equal(S(t)->line_end, HX(t, "0103"));
    assert_int_equal(S(t)->line_gaps, 0);
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* line-gaps is offered when a single last hex is left, wherever it lies on
 * the ring of hexes n - 1 + G away: Castilla in 1206 and Lombardia beside
 * it, one gap, every hex two away held by the enemy but one two columns
 * west and a row south; line-gaps 1 is offered and line-to that hex only
 * (pc_line.c:166 the ring's last side stepping east, RQ[5] 1, missed it). */
static void gaps_with_one_last_hex(void **state)
{
    (void)state;
    vbt *t = board();
    const pc_data *d = D(t);
    int a = HX(t, "1206"), end = -1, mate = -1, k = 0;
    for (int h = 0; h < d->nhex; h++)
        if (d->aq[h] - d->aq[a] == -2 && d->ar[h] - d->ar[a] == 1)
            end = h;
    for (int dir = 0; dir < 6 && mate < 0; dir++) {
        int nb = pc_nb(d, a, dir);
        if (nb >= 0 && pc_dist(d, nb, end) == 3)
            mate = nb;
    }
    assert_true(end >= 0 && mate >= 0 && pc_passable(d, end));
    S(t)->uhex[U(t, "Castilla")] = (int16_t)a;
    S(t)->uhex[U(t, "Lombardia")] = (int16_t)mate;
    S(t)->lhex[pc_find_leader(d, "Aramburu")] = (int16_t)a;
    for (int v = 0; v < d->nu; v++)
        if (d->u[v].side == PC_AU)
            for (; k < d->nhex; k++)
                if (k != end && pc_dist(d, a, k) == 2 && pc_passable(d, k)) {
                    S(t)->uhex[v] = (int16_t)k++;
                    break;
                }
    for (; k < d->nhex; k++)
        assert_false(k != end && pc_dist(d, a, k) == 2 && pc_passable(d, k));
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 1206");
    if (!vbt_legal(t, "line-gaps 1"))
        fail_msg("5.5: line-gaps 1 not offered, a last hex left");
    vbt_act(t, "line-gaps 1");
    vb_action acts[64];
    int n = pc_line_legal(d, S(t), acts, 64);
    assert_int_equal(n, 1);
    assert_int_equal(PC_A(acts[0]), end);
    vbt_free(t);
}

/* A state file of engine reading 11 (no line_gaps, no line_end) saved
 * while the Line's direction is being chosen reads "gaps not chosen yet"
 * (-1): line-gaps and line-toward are offered, and the position saves and
 * loads again (pc_line.c:277 the default -1 read as -2: the next save
 * wrote line_gaps -2, which no file may hold). */
static void old_file_while_choosing(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0504");
    json_t *st = vbt_state_json(t), *pr = json_object_get(st, "procedure");
    json_object_del(pr, "line_end");
    json_object_del(pr, "line_gaps");
    char *txt = json_dumps(st, 0);
    if (vbt_load(t, txt))
        fail_msg("a file of engine reading 11 refused: %s", t->cx.err);
    free(txt);
    json_decref(st);
    assert_int_equal(S(t)->line_gaps, -1);
    assert_true(vbt_legal(t, "line-gaps 1"));
    assert_true(vbt_legal(t, "line-toward S"));
    st = vbt_state_json(t);
    txt = json_dumps(st, 0);
    if (vbt_load(t, txt))
        fail_msg("the position saved again refused: %s", t->cx.err);
    free(txt);
    json_decref(st);
    vbt_free(t);
}

/* The Line declared for Aramburu's three battalions (5.5, 5.6): Castilla,
 * Lombardia and Irlanda at the hexes given, Aramburu with Lombardia, the
 * enemy Clerici (good order: an EZ) where given. */
static vbt *line_board(const char *c, const char *l, const char *i, const char *enemy)
{
    vbt *t = board();
    put(t, "Castilla", c);
    put(t, "Lombardia", l);
    put(t, "Irlanda", i);
    put_leader(t, "Aramburu", l);
    if (enemy)
        put(t, "Clerici", enemy);
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    vbt_act(t, "declare-line");
    return t;
}

/* The unit steps to each hex in turn (each step legal), then stops. */
static void walk_and_stop(vbt *t, const char *unit, const char *const *hexes, int n)
{
    char a[32];
    snprintf(a, sizeof a, "move %s", unit);
    vbt_act(t, a);
    for (int k = 0; k < n; k++) {
        snprintf(a, sizeof a, "to %s", hexes[k]);
        if (!vbt_legal(t, a))
            fail_msg("%s: '%s' refused", unit, a);
        vbt_act(t, a);
    }
    if (!vbt_legal(t, "stop"))
        fail_msg("5.6: %s may not stop in %s, on its Line", unit, hexes[n - 1]);
    vbt_act(t, "stop");
}

/* 5.5: "all the units of the 'Line' are adjacent to each other, or at most
 * within two hexes of another unit of the same Formation". The three
 * battalions declare a Line from 1204 to 1207, one gap (line-gaps 1, then
 * the last hex three hexes away); in Clerici's EZ (1506, three hexes from
 * each) they step onto 1204, 1205 and 1207 and stop there, 1206 the gap.
 * No more gaps than units less one, the last hex at the distance the gaps
 * give. (Seventeenth session: the Line had exactly as many hexes as its
 * units, from its first hex along a hex direction: Irlanda could not stop
 * in 1207.) */
static void line_with_a_gap(void **state)
{
    (void)state;
    vbt *t = line_board("1105", "1106", "1107", "1506");
    assert_int_equal(vbt_try(t, "line-from 1506"), VB_EILLEGAL); /* far from the three */
    if (!strstr(t->cx.err, "(5.5, 5.6)"))
        fail_msg("5.5: 'line-from 1506' refused with: %s", t->cx.err);
    vbt_act(t, "line-from 1204");
    assert_true(vbt_legal(t, "line-toward S"));
    assert_false(vbt_legal(t, "line-gaps 3")); /* three units: two gaps at most */
    assert_int_equal(vbt_try(t, "line-gaps 3"), VB_EILLEGAL);
    if (!strstr(t->cx.err, "fewer gaps than units (5.5)"))
        fail_msg("5.5: 'line-gaps 3' refused with: %s", t->cx.err);
    assert_true(vbt_legal(t, "line-gaps 2"));
    vbt_act(t, "line-gaps 1");
    assert_false(vbt_legal(t, "line-to 1206")); /* two hexes: no gap */
    assert_false(vbt_legal(t, "line-to 1208")); /* four hexes: two gaps */
    vbt_act(t, "line-to 1207");
    assert_int_equal(S(t)->line_end, HX(t, "1207"));
    assert_int_equal(S(t)->line_gaps, 1);
    assert_int_equal(S(t)->line_len, 3);
    expect_log(t, "declares a Line of 3 from 1204 to 1207, 1 gap");
    static const char *const c[] = {"1204"}, *const l[] = {"1205"}, *const i[] = {"1207"};
    walk_and_stop(t, "Castilla", c, 1);
    /* 5.8 "the closest position": a hex of the Line held by another
     * battalion of the formation is none (seed 25: pc_line_gap's `held = 1`
     * to `held = 0`, :351, counted Castilla's hex as free) */
    if (pc_line_gap(D(t), S(t), U(t, "Lombardia"), HX(t, "1204")) != 1)
        fail_msg("5.8: 1204, held by Castilla, taken for Lombardia's position");
    assert_int_equal(pc_line_gap(D(t), S(t), U(t, "Castilla"), HX(t, "1204")), 0);
    assert_int_equal(pc_line_gap(D(t), S(t), U(t, "Lombardia"), HX(t, "1205")), 0);
    walk_and_stop(t, "Lombardia", l, 1);
    walk_and_stop(t, "Irlanda", i, 1);
    expect_at(t, "Irlanda", "1207");
    vbt_free(t);
}

/* 5.5: "if there is an intermediate hex between two units on a Line, it
 * must not be occupied by enemy units, nor by friendly units of other
 * Formations (except Commanders), but it can be occupied by enemy ZOCs".
 * The Line of one gap from 1204 to 1207 (1205 or 1206 its gap): refused
 * with the enemy Pallavicini or Douchez's Granaderos Reales in 1206, explained
 * in one line naming 5.5; declared with Douchez himself there, or with
 * 1206 in Clerici's ZOC (1307). Without a gap (line-toward S, three hexes
 * from 1204), the grenadiers' hex is no gap: declared; but an enemy unit
 * in one of its hexes (1205) holds no unit of it: refused; the Line across
 * the columns from 1105 to 1305 may zigzag by 1204 instead of 1205. */
static void line_gap_hex(void **state)
{
    (void)state;
    static const struct {
        const char *what, *unit, *leader, *enemy;
        int ok;
    } rows[] = {
        {"an enemy unit", "Pallavicini", NULL, NULL, 0},
        {"a unit of Douchez's formation", "Granaderos Reales", NULL, NULL, 0},
        {"the Commander Douchez", NULL, "Douchez", NULL, 1},
        {"Clerici's ZOC", NULL, NULL, "1307", 1},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        vbt *t = line_board("1105", "1106", "1107", rows[r].enemy);
        if (rows[r].unit)
            put(t, rows[r].unit, "1206");
        if (rows[r].leader)
            put_leader(t, rows[r].leader, "1206");
        if (rows[r].enemy)
            assert_true(pc_in_ezoc(D(t), S(t), PC_FS, HX(t, "1206"), 0));
        vbt_act(t, "line-from 1204");
        vbt_act(t, "line-gaps 1");
        if (vbt_legal(t, "line-to 1207") != rows[r].ok)
            fail_msg("5.5: a gap hex holding %s: the Line %s", rows[r].what,
                     rows[r].ok ? "refused" : "declared");
        if (!rows[r].ok) {
            assert_int_equal(vbt_try(t, "line-to 1207"), VB_EILLEGAL);
            if (!strstr(t->cx.err, "(5.5)") || strchr(t->cx.err, '\n'))
                fail_msg("5.5: refused with: %s", t->cx.err);
        }
        vbt_free(t);
    }
    vbt *t = line_board("1105", "1106", "1107", NULL);
    put(t, "Granaderos Reales", "1207");
    vbt_act(t, "line-from 1204");
    assert_true(vbt_legal(t, "line-toward S"));
    vbt_free(t);
    /* no gap: a hex of the Line held by an enemy unit holds no unit of it */
    t = line_board("1105", "1106", "1107", NULL);
    put(t, "Pallavicini", "1205");
    assert_false(vbt_legal(t, "line-from 1205")); /* beside Lombardia: no Line from it */
    vbt_act(t, "line-from 1204");
    assert_false(vbt_legal(t, "line-toward S"));
    assert_true(vbt_legal(t, "line-toward N"));
    vbt_free(t);
    t = line_board("1105", "1106", "1107", NULL);
    put(t, "Pallavicini", "1205");
    vbt_act(t, "line-from 1105");
    vbt_act(t, "line-gaps 0"); /* across the columns: by 1204 or 1205 (held) */
    assert_true(vbt_legal(t, "line-to 1305"));
    vbt_free(t);
}

/* 5.5: "all the units are positioned in a hex crossed or adjacent (that is,
 * one hexside superimposed) to an imaginary line that connects the center
 * of the hex of the first and the last unit of the Line". The Line from
 * 1105 east to 1305 (no gap) runs along the hexside of 1204 and 1205: in
 * Clerici's EZ (1202), Aramburu in 1405, Castilla stops in 1105, Lombardia in 1204 or in
 * 1205 (the hexes zigzag), Irlanda in 1305. Irlanda, coming from 1604,
 * may step toward it through 1504, two hexes off the imaginary line, and
 * 1404, one hex off, but stop in neither. (Seventeenth session: a Line
 * went along one of the six hex directions only: from 1105 it could not
 * reach 1305.) */
static void line_across_the_columns(void **state)
{
    (void)state;
    for (int c = 0; c < 2; c++) {
        vbt *t = line_board("1106", "1206", "1604", "1202");
        put_leader(t, "Aramburu", "1405"); /* Irlanda in command (4.4.1) */
        vbt_act(t, "line-from 1105");
        vbt_act(t, "line-gaps 0");
        assert_false(vbt_legal(t, "line-to 1103")); /* straight north: line-toward N */
        vbt_act(t, "line-to 1305");
        static const char *const cs[] = {"1105"}, *const l0[] = {"1205"},
                                 *const l1[] = {"1205", "1204"};
        walk_and_stop(t, "Castilla", cs, 1);
        walk_and_stop(t, "Lombardia", c ? l1 : l0, c ? 2 : 1);
        expect_at(t, "Lombardia", c ? "1204" : "1205");
        vbt_act(t, "move Irlanda");
        vbt_act(t, "to 1504");
        assert_int_equal(pc_dist(D(t), HX(t, "1504"), HX(t, "1305")), 2);
        if (vbt_legal(t, "stop"))
            fail_msg("5.5: Irlanda may stop in 1504, two hexes off the Line 1105-1305");
        vbt_act(t, "to 1404");
        if (vbt_legal(t, "stop"))
            fail_msg("5.5: Irlanda may stop in 1404, one hex off the Line 1105-1305");
        vbt_act(t, "to 1305"); /* its last MP: the move ends on the Line */
        expect_at(t, "Irlanda", "1305");
        assert_int_equal(S(t)->phase, PH_MOVE);
        vbt_free(t);
    }
}

/* 5.5 in a state file: the Line's last hex (line_end) and gaps
 * (line_gaps); a file without them (engine reading 11) reads the Line
 * along line_dir with no gap; a last hex beyond the units and gaps, more
 * gaps than units, a last hex named before it is chosen: refused in one
 * line. */
static void line_in_a_state_file(void **state)
{
    (void)state;
    vbt *t = line_board("1105", "1106", "1107", "1506");
    vbt_act(t, "line-from 1204");
    vbt_act(t, "line-gaps 1");
    json_t *st = vbt_state_json(t), *pr = json_object_get(st, "procedure");
    pc_load_expect(t, st, NULL, "the gaps chosen");
    assert_true(vbt_legal(t, "line-to 1207"));
    json_object_set_new(pr, "line_gaps", json_integer(3));
    pc_load_expect(t, st, "line_gaps", "three gaps for three units");
    json_object_set_new(pr, "line_gaps", json_integer(1));
    json_object_set_new(pr, "line_end", json_string("1207"));
    pc_load_expect(t, st, "line_end", "the last hex before it is chosen");
    json_decref(st);

    vbt_act(t, "line-to 1207");
    st = vbt_state_json(t);
    pr = json_object_get(st, "procedure");
    pc_load_expect(t, st, NULL, "the Line declared");
    assert_int_equal(S(t)->line_end, HX(t, "1207"));
    assert_int_equal(S(t)->line_gaps, 1);
    json_object_set_new(pr, "line_end", json_string("1208"));
    pc_load_expect(t, st, "line_end", "a last hex four hexes away, one gap");
    json_object_set_new(pr, "line_end", json_string("1207"));
    json_object_set_new(pr, "line_gaps", json_integer(3));
    pc_load_expect(t, st, "line_gaps", "three gaps for three units");
    json_object_del(pr, "line_end");
    json_object_del(pr, "line_gaps");
    json_object_set_new(pr, "line_dir", json_integer(3)); /* S */
    pc_load_expect(t, st, NULL, "a Line of engine reading 11");
    assert_int_equal(S(t)->line_end, HX(t, "1206"));
    assert_int_equal(S(t)->line_gaps, 0);
    json_decref(st);
    vbt_free(t);
}

/* 5.5: the first hex "at or next to" one of the formation's good-order
 * battalions, hex 0 included (0101, Clear on the Scenario 2 sheet). A state
 * file holding Petit Bois's Line from 0101 while its direction is chosen,
 * Saboya in 0101 and the other two battalions far off, is accepted: Saboya
 * stands on the first hex; the same file with Saboya far off too is
 * refused, naming line_anchor. pc_line.c first_ok: `s->uhex[u] >= 0` to
 * `>= 1` (seed 25, :247) did not see Saboya in hex 0 and refused the
 * first file. */
static void first_hex_on_hex_zero_in_a_file(void **state)
{
    (void)state;
    vbt *t = petit_bois_declares();
    vbt_act(t, "line-from 0101");
    assert_int_equal(S(t)->phase, PH_LDIR);
    json_t *j, *file = pc_file_of(t, "centre", &j);
    pc_set_hex(j, "units", "Africa", "0110");
    pc_set_hex(j, "units", "Asturias", "0111");
    pc_set_hex(j, "leaders", "Petit Bois", "0110");
    pc_load_expect(t, file, NULL, "5.5: the first hex 0101, Saboya on it");
    assert_int_equal(S(t)->uhex[U(t, "Saboya")], 0);
    assert_int_equal(S(t)->uhex[U(t, "Africa")], HX(t, "0110"));
    pc_set_hex(j, "units", "Saboya", "0109");
    pc_load_expect(t, file, "state: line_anchor:", "5.5: the first hex 0101, no one near it");
    json_decref(file);
    json_decref(j);
    vbt_free(t);
}

/* 5.5: "A set of at least two Infantry units of the same Formation form a
 * Line": Aramburu's formation with one battalion in good order on the map
 * (Castilla; Lombardia disordered: 5.6 moves in line only the units in good
 * order) declares none; Lombardia in good order again, it may. */
static void line_needs_two_battalions(void **state)
{
    (void)state;
    vbt *t = board();
    put(t, "Castilla", "0506");
    put(t, "Lombardia", "0508");
    put_leader(t, "Aramburu", "0507");
    S(t)->ustat[U(t, "Lombardia")] = ST_DIS;
    at_segment(t, "LW", PH_MFORM);
    vbt_act(t, "formation Aramburu");
    assert_false(vbt_legal(t, "declare-line"));
    assert_true(vbt_legal(t, "move Castilla"));
    S(t)->ustat[U(t, "Lombardia")] = ST_GOOD;
    assert_true(vbt_legal(t, "declare-line"));
    vbt_free(t);
}

/* 5.5: a unit of the Line "must not be" where "enemy units" stand: the
 * enemy in the step of the Line bars it, unit 0 of the order of battle
 * (Guardias Espanolas) like any other. Kheul's Daun in 0506 and Haganbach
 * in 0508 declare a Line from 0506: line-toward S (0506, 0507) is offered
 * with 0507 empty, not with Guardias Espanolas there (seed 28: pc_line.c:69
 * ctx_init's scan of the units `v = 0` to `v = 1` left unit 0 out of the
 * hexes that bar a step, and the Line through it was offered). */
static void unit_zero_bars_a_step(void **state)
{
    (void)state;
    vbt *t = board();
    assert_int_equal(U(t, "Guardias Espanolas"), 0);
    put(t, "Daun", "0506");
    put(t, "Haganbach", "0508");
    put_leader(t, "Kheul", "0507");
    at_segment(t, "CE", PH_MFORM);
    vbt_act(t, "formation Kheul");
    vbt_act(t, "declare-line");
    vbt_act(t, "line-from 0506");
    if (!vbt_legal(t, "line-toward S"))
        fail_msg("5.5: the Line from 0506 south to 0507, the hex empty, not offered");
    put(t, "Guardias Espanolas", "0507");
    if (vbt_legal(t, "line-toward S"))
        fail_msg("5.5: the Line from 0506 south offered through the enemy in 0507");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_not_in_the_po),
        cmocka_unit_test(two_river_steps_no_line),
        cmocka_unit_test(first_hex_needs_a_line),
        cmocka_unit_test(gaps_offered_with_a_last_hex),
        cmocka_unit_test(line_from_hex_zero),
        cmocka_unit_test(gaps_with_one_last_hex),
        cmocka_unit_test(old_file_while_choosing),
        cmocka_unit_test(line_with_a_gap),
        cmocka_unit_test(line_gap_hex),
        cmocka_unit_test(line_across_the_columns),
        cmocka_unit_test(line_in_a_state_file),
        cmocka_unit_test(first_hex_on_hex_zero_in_a_file),
        cmocka_unit_test(line_needs_two_battalions),
        cmocka_unit_test(unit_zero_bars_a_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
