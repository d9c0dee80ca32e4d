/* test_mutation36.c - siege-18c: tests written against survivors of the
 * seed-36 mutation passes of the thirty-sixth session (helper sqm) over
 * sq_fire.c, sq_io.c and sq_data.c (docs/siege-18c.md, Measured). Each
 * fails with its mutant planted back (messages "M36:"). */
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

/* State files (sq_io.c): a unit's "flags" are words of six (moved, fired,
 * shaken, ordered, attacked, digging); a word not among them ("frozen",
 * the empty word, "movedx") is refused in one line. (sq_io.c:581
 * `vb_name_find(fl, 6, ...)` -> `7`, a seed-36 survivor, looked at a
 * seventh name past the six-entry table for an unknown word: a read out
 * of bounds, caught by the sanitizer build.) */
static void state_file_flags(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    assert_int_equal(reads_back(t), 0);
    static const char *const odd[] = {"frozen", "", "movedx"};
    for (int i = 0; i < 3; i++) {
        json_t *j = t->g->def->to_json(t->g, s, -1);
        json_t *f =
            json_object_get(json_object_get(json_object_get(j, "units"), "Foot-1"), "flags");
        json_array_append_new(f, json_string(odd[i]));
        json_refused(t, j, "an unknown flag", "'Foot-1': unknown flag");
    }
    vbt_free(t);
}

/* The board's first line names the fortress by its fronts (Scenarios:
 * one, two or three fronts): "Siege of a fortress of 1 front", then "of 2
 * fronts" and "of 3 fronts". (sq_io.c:783 the plural's `fronts > 1` ->
 * `> 0`, a seed-36 survivor, wrote "1 fronts".) */
static void board_title_counts_fronts(void **state)
{
    (void)state;
    static const char *const scen[] = {"one-front", "two-fronts", "three-fronts"};
    static const char *const want[] = {"Siege of a fortress of 1 front\n",
                                       "Siege of a fortress of 2 fronts\n",
                                       "Siege of a fortress of 3 fronts\n"};
    for (int i = 0; i < 3; i++) {
        vbt *t = vbt_new("siege-18c", scen[i], 1);
        char *b = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&b, &n);
        assert_non_null(f);
        t->g->def->render(t->g, S(t), -1, f);
        fclose(f);
        if (strncmp(b, want[i], strlen(want[i])))
            fail_msg("M36: %s's board begins '%.40s', not '%s'", scen[i], b, want[i]);
        free(b);
        vbt_free(t);
    }
}

/* Victory: the game ends by capitulation ("once a bastion is breached")
 * or a side without foot; a state file's "over", phase "over", "winner"
 * and "reason" go together: a finished game with no reason, or one in
 * play that names a winner, is refused in one line. (sq_io.c:407 the
 * second `||` -> `&&`, a seed-36 mutant that did not compile as drawn,
 * planted by hand as `A || (B && C)`, read both.) */
static void victory_fields_go_together(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    s->wstr[W(t, "Bastion-A")] = 0;
    sq_check_end(t->g, s, &t->cx);
    assert_true(s->over);
    assert_int_equal(s->phase, PH_OVER);
    assert_int_equal(s->winner, SQ_BESIEGER);
    assert_int_equal(s->reason, 1);
    assert_int_equal(reads_back(t), 0);
    json_t *j = t->g->def->to_json(t->g, s, -1);
    json_object_set_new(j, "reason", json_integer(0));
    json_refused(t, j, "M36: a finished game with no reason",
                 "over, phase 'over', winner and reason go together");
    vbt_free(t);
    t = fresh();
    assert_int_equal(reads_back(t), 0);
    j = vbt_state_json(t);
    json_object_set_new(j, "winner", json_string("defender"));
    json_refused(t, j, "M36: a game in play with a winner",
                 "over, phase 'over', winner and reason go together");
    vbt_free(t);
}

/* Fire and assaults on Fortress Defences: "An unshaken defending foot
 * unit with attached engineer can attempt to repair"; step 9 takes the
 * repairers one by one (the repair cursor), so a state file's pending
 * repair die is the cursor's own: Garrison-A1's repair of Bastion-A reads
 * back, and the same with the cursor on another unit is refused. (sq_io.c:708
 * the last `&&` -> `||`, a seed-36 mutant that did not compile as drawn,
 * planted by hand as `(ok && ... && s->cursor == a) || kind != covered
 * way`, read any repair of a work not of the covered way.) */
static void repair_die_of_the_cursor(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int ba = W(t, "Bastion-A"), g1 = U(t, "Garrison-A1");
    in_work(t, U(t, "Engineers-A"), "Bastion-A");
    attach(t, "Engineers-A", "Garrison-A1");
    s->wstr[ba] = 9;
    s->phase = PH_BMOVE;
    vbt_act(t, "end-movement");
    vbt_act(t, "end-movement");
    assert_int_equal(s->phase, PH_WORKS);
    assert_int_equal(s->p.kind, PK_REPAIR);
    assert_int_equal(s->p.actor, g1);
    assert_int_equal(s->cursor, g1);
    if (reads_back(t) != 0)
        fail_msg("M36: the repair of Bastion-A pending: '%s'", t->cx.err);
    s->cursor = (int8_t)U(t, "Garrison-B1");
    refused(t, "M36: a repair die not the cursor's", "procedure: inconsistent with the position");
    vbt_free(t);
}

/* Fire: the fire table's 0 is no casualties: the target takes none and
 * the narration says "0 casualties" once, with no "[Casualties]" line (a
 * unit takes casualties only when there are some). Heavy-A1 at Foot-1,
 * column 4, a 1: row 1 column 4 is 0. (sq_fire.c:405 `cas <= 0` ->
 * `cas < 0`, a seed-36 survivor, left the strength as it was but logged
 * "Foot-1 takes 0 casualties (6 left)".) */
static void fire_of_no_casualties(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    foot1_in_par2(t);
    int f1 = U(t, "Foot-1"), str = s->u[f1].str;
    s->phase = PH_DART;
    vbt_act(t, "fire Heavy-A1 at Foot-1"); /* column 4 */
    vbt_dice(t, "1");                      /* row 1, column 4: 0 casualties */
    assert_true(vbt_logged(t, "[Fire] 1 on column 4: 0 casualties"));
    if (vbt_logged(t, "[Casualties]"))
        fail_msg("M36: a fire of 0 casualties logged a [Casualties] line: %s",
                 strstr(t->log, "[Casualties]"));
    assert_int_equal(s->u[f1].str, str);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(state_file_flags),           cmocka_unit_test(board_title_counts_fronts),
        cmocka_unit_test(victory_fields_go_together), cmocka_unit_test(repair_die_of_the_cursor),
        cmocka_unit_test(fire_of_no_casualties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
