/* test_mutation52.c - siege-18c: tests written against survivors of the
 * seed-52 mutation passes of the fifty-second session (helper sqw) over
 * sq_mine.c, sq_io.c, sq_geom.c and sq_data.c (docs/siege-18c.md, Measured).
 * Each fails with its mutant planted back (messages "M52:", lines of
 * ed0e5bd6). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* The state of t with section `slot`'s "parent" named `parent` is refused
 * in one line "'NAME': unknown parent". */
static void parent_refused(vbt *t, int slot, const char *parent, const char *what)
{
    char nm[32], want[64];
    sq_sect_name(S(t), slot, nm, sizeof nm);
    json_t *j = vbt_state_json(t);
    json_object_set_new(sect_entry(j, nm), "parent", json_string(parent));
    snprintf(want, sizeof want, "'%s': unknown parent", nm);
    sq_state *r = calloc(1, sizeof *r);
    r->h = S(t)->h;
    vb_ctx_init(&t->cx);
    int rc = t->g->def->from_json(t->g, r, j, &t->cx);
    if (rc != VB_EINPUT || !strstr(t->cx.err, want) || strchr(t->cx.err, '\n'))
        fail_msg("M52: Besieger, %s: %d '%s' (wanted '%s')", what, rc, t->cx.err, want);
    free(r);
    json_decref(j);
}

/* Besieger: "every section grows from one that stands". A state file's
 * section names as its parent a built section other than itself: a
 * section being dug (Foot-1 digging on from a sap's head) is refused as a
 * parent, and so is the section itself, each in one line "unknown parent".
 * No other test names a parent being dug or itself. (sq_io.c:504 `p ==
 * slot || s->s[p].state != SS_BUILT` as `&&`, planted by hand as `p < 0 ||
 * (p == slot && s->s[p].state != SS_BUILT)`: a parent being dug was read,
 * and a built section growing from itself refused only as "its parents run
 * in a ring".) */
static void parent_is_a_built_section_not_itself(void **state)
{
    (void)state;
    int sap, dig, grown;
    vbt *t = sap_head_digging(&sap, &dig, &grown);
    sq_state *s = S(t);
    if (reads_back(t))
        fail_msg("M52: the position is refused as it stands: %s", t->cx.err);
    char b[32];
    sq_sect_name(s, dig, b, sizeof b);
    parent_refused(t, grown, b, "a section growing from one being dug");
    sq_sect_name(s, sap, b, sizeof b);
    parent_refused(t, sap, b, "a section growing from itself");
    vbt_free(t);
}

/* fortress.json: a scenario's fronts (bastion fronts attacked, 1-3) and
 * its table's width (10.00 to 120.00 in): one-front's fronts 0 is
 * refused, its width 1000 read and 999 refused, each in one line naming
 * the key. (sq_data.c:297 the fronts' bound 1 as 0: a scenario of no
 * front was read. The width's end, 1000, is read here too: sq_data.c:298
 * `1000` as `1001` is killed by test_sq_data.sh, which reads the
 * refusal's text "must be 1000-12000", but no test read a table of
 * 10.00 in.) */
static void scenario_fronts_and_width_bounds(void **state)
{
    (void)state;
    static const vbt_data_row rows[] = {
        {"M52: one-front's fronts 0", "fortress.json", "\"fronts\": 1,", "\"fronts\": 0,",
         "\"fronts\" is 0, must be 1-3"},
        {"M52: one-front's width 1000", "fortress.json", "\"width\": 4317,", "\"width\": 1000,",
         NULL},
        {"M52: one-front's width 999", "fortress.json", "\"width\": 4317,", "\"width\": 999,",
         "\"width\" is 999, must be 1000-12000"},
    };
    vbt_check_data_rows("siege-18c", rows, sizeof rows / sizeof rows[0]);
}

/* A work of the fortress has 1 or 2 faces (outward normals: a bastion's
 * point, a flank), kept in a table of 2: Bastion-A given a third face is
 * refused in one line. (sq_data.c:326 `> 2` as `> 3`: the third face was
 * read past the work's table of faces.) */
static void work_of_three_faces_refused(void **state)
{
    (void)state;
    static const vbt_data_row rows[] = {
        {"M52: a work of 3 faces", "fortress.json", "\"faces\": [\n      10846,\n      7154\n",
         "\"faces\": [\n      10846,\n      7154,\n      9000\n", "needs a polygon and 1-2 faces"},
    };
    vbt_check_data_rows("siege-18c", rows, sizeof rows / sizeof rows[0]);
}

/* game.json's bounds read at their ends: the attack's per_move (the
 * distance of each subsequent modifier, Fire and assaults) to 10000, the
 * star's dead_from (the CinC/Engineers die roll that kills a leader) from
 * 1, the sap's zig (the angle of a zig-zag) from 100; one past each end
 * refused in one line naming it. (sq_data.c:224 per_move's 10000 as 9999,
 * :263 dead_from's 1 as 2, :210 sap_zig's 100 as 101: the end refused.) */
static void game_bounds_read_at_their_ends(void **state)
{
    (void)state;
    static const vbt_data_row rows[] = {
        {"M52: per_move 10000", "game.json", "\"per_move\": 800,", "\"per_move\": 10000,", NULL},
        {"M52: per_move 10001", "game.json", "\"per_move\": 800,", "\"per_move\": 10001,",
         "\"per_move\" is 10001, must be 1-10000"},
        {"M52: dead_from 1", "game.json", "\"dead_from\": 6,", "\"dead_from\": 1,", NULL},
        {"M52: dead_from 0", "game.json", "\"dead_from\": 6,", "\"dead_from\": 0,",
         "\"dead_from\" is 0, must be 1-7"},
        {"M52: sap_zig 100", "game.json", "\"sap_zig\": 4000,", "\"sap_zig\": 100,", NULL},
        {"M52: sap_zig 99", "game.json", "\"sap_zig\": 4000,", "\"sap_zig\": 99,",
         "\"sap_zig\" is 99, must be 100-8999"},
    };
    vbt_check_data_rows("siege-18c", rows, sizeof rows / sizeof rows[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parent_is_a_built_section_not_itself),
        cmocka_unit_test(scenario_fronts_and_width_bounds),
        cmocka_unit_test(work_of_three_faces_refused),
        cmocka_unit_test(game_bounds_read_at_their_ends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
