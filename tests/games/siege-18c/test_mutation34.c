/* test_mutation34.c - siege-18c: tests written against survivors of the
 * seed-34 mutation passes of the thirty-fourth session (helper sqx) over
 * sq_rules.c, sq_move.c, sq_geom.c and sq_fire.c (docs/siege-18c.md,
 * Measured). Each fails with its mutant planted back (messages "M34:"). */
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

/* The besieger's network holds max_sections sections (64, game.json, the
 * size of the state's table; an order is refused only when every slot is
 * in use): a position with every slot built is one play reaches, and the
 * check hook and the state-file reader accept it. (sq_rules.c:846
 * `s->nsect > d->max_sect` -> `>=`, a seed-34 survivor, refused it.) */
static void every_section_slot_in_use(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_data *d = t->g->data;
    assert_int_equal(d->max_sect, SQ_MAX_SECT);
    s->day = 20; /* time for 4 engineers to dig 60 saps after the 1st parallel */
    for (int i = 0; i < 4; i++)
        lay_par1(t, i);
    /* saps from the 1st parallel, spread along its four sections */
    for (int n = 0; s->nsect < d->max_sect; n++) {
        const sq_sect *p = &s->s[n % 4];
        int x = p->ax + (p->bx - p->ax) * (1 + n / 4) / 17;
        int y = p->bx == p->ax ? p->ay : p->ay + (p->by - p->ay) * (x - p->ax) / (p->bx - p->ax);
        lay_sap(t, n % 4, x, y, 27000);
    }
    if (sq_check(t->g, s, &t->cx))
        fail_msg("M34: %d sections (every slot) refused: %s", s->nsect, t->cx.err);
    if (reads_back(t))
        fail_msg("M34: %d sections (every slot) not read back: %s", s->nsect, t->cx.err);
    vbt_free(t);
}

/* A point on an edge of a work: sq_point_in_poly counts an edge crossed
 * when the point lies strictly left of it (a ray to the right), whichever
 * way the polygon runs, so a point on a left edge is inside and one on a
 * right edge outside, and a point on the wall two works share (Bastion-A
 * and Curtain-1 at x 17.20 in, Curtain-1 and Bastion-B at 25.97 in) lies
 * in one of them, never in both. A measured move of the garrison to a
 * point on the wall of Bastion-A and Curtain-1 (Garrison-B1 from Ravelin-1)
 * goes to the curtain (the work the point is in). (sq_geom.c:156 `lhs < num` -> `<=` for upward
 * edges, a seed-34 survivor, put such a point in both works, and the move
 * in Bastion-A, the first of them, which Garrison-A1 fills.) */
static void a_point_on_a_wall_is_in_one_work(void **state)
{
    (void)state;
    sq_pt ccw[] = {{0, 0}, {100, 0}, {100, 100}, {0, 100}};
    sq_pt cw[] = {{0, 0}, {0, 100}, {100, 100}, {100, 0}};
    static const struct {
        sq_pt p;
        int in;
    } rows[] = {
        {{0, 50}, 1}, {{100, 50}, 0}, {{50, 50}, 1}, {{-1, 50}, 0}, {{101, 50}, 0}, {{99, 50}, 1},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        if (sq_point_in_poly(rows[r].p, ccw, 4) != rows[r].in)
            fail_msg("M34: [%d, %d] in the square run anticlockwise: %d, wanted %d", rows[r].p.x,
                     rows[r].p.y, !rows[r].in, rows[r].in);
        if (sq_point_in_poly(rows[r].p, cw, 4) != rows[r].in)
            fail_msg("M34: [%d, %d] in the square run clockwise: %d, wanted %d", rows[r].p.x,
                     rows[r].p.y, !rows[r].in, rows[r].in);
    }
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    static const struct {
        int x;
        const char *a, *b, *in;
    } walls[] = {
        {1720, "Bastion-A", "Curtain-1", "Curtain-1"},
        {2597, "Curtain-1", "Bastion-B", "Bastion-B"},
    };
    for (size_t r = 0; r < 2; r++)
        for (int y = 510; y < 800; y += 10) {
            sq_pt p = {walls[r].x, y};
            const sq_work *a = &sc->works[W(t, walls[r].a)], *b = &sc->works[W(t, walls[r].b)];
            int ia = sq_point_in_poly(p, a->pts, a->npts),
                ib = sq_point_in_poly(p, b->pts, b->npts);
            if (ia + ib != 1 || (ia ? a : b) != &sc->works[W(t, walls[r].in)])
                fail_msg("M34: [%d, %d] on the wall of %s and %s: in %s %d, in %s %d (wanted in %s "
                         "only)",
                         p.x, p.y, walls[r].a, walls[r].b, walls[r].a, ia, walls[r].b, ib,
                         walls[r].in);
        }
    s->phase = PH_DMOVE;
    int m = U(t, "Garrison-B1");
    assert_int_equal(s->u[m].loc, W(t, "Ravelin-1"));
    if (vbt_try(t, "move Garrison-B1 to 17.20 7.00"))
        fail_msg("M34: 'move Garrison-B1 to 17.20 7.00' refused: %s", t->cx.err);
    if (s->u[m].lkind != LK_WORK || s->u[m].loc != W(t, "Curtain-1"))
        fail_msg("M34: Garrison-B1 moved to 17.20 7.00 stands in %d/%d, not in Curtain-1",
                 s->u[m].lkind, s->u[m].loc);
    check_ok(t);
    vbt_free(t);
}

/* "If the side of a trench or covered way is within 22.5 degrees then the
 * target is enfiladed": sq_enfiladed compares the line of fire and the
 * side by their dot and cross products, halving both together while
 * either is past 2,000,000,000 so that the products stay inside 64 bits;
 * the angle is the same at any length. Sides 20 and 23 degrees off (0.364
 * and 0.424 across for 1 along), 10 in long and 100, 10,000 and 100,000
 * times longer (where the halving runs), answer as at 10 in. Play never
 * meets such lengths (the table is under 60 in), so this pins the
 * function's own contract. (sq_geom.c:227 `dot >>= 1` -> `>>= 2`, a
 * seed-34 survivor, shrank the dot product faster: a side 20 degrees off
 * was not enfilading at 1,000 in.) */
static void enfilade_at_any_length(void **state)
{
    (void)state;
    static const int scale[] = {1, 100, 10000, 100000};
    for (int i = 0; i < 4; i++) {
        int x = 1000 * scale[i];
        sq_pt o = {0, 0}, to = {x, 0}, a = {0, 0};
        sq_pt b20 = {x, 364 * scale[i]}, b23 = {x, 424 * scale[i]};
        if (!sq_enfiladed(o, to, a, b20, 2250))
            fail_msg("M34: a side 20 degrees off the line of fire, %d in long: not enfiladed",
                     x / 100);
        if (sq_enfiladed(o, to, a, b23, 2250))
            fail_msg("M34: a side 23 degrees off the line of fire, %d in long: enfiladed", x / 100);
    }
}

/* Breaching fire is at a work, not at a unit ("Ravelins, bastions and
 * curtain walls have 15 strength points each"): the pending battering
 * names its work and no target unit, in memory and in the state file's
 * procedure ("target": null), and reads back so. (sq_fire.c:331 the
 * procedure's `target = -1` -> `0`, a seed-34 survivor, left a battering
 * aimed at Heavy-A1, unit 0, in the state file.) */
static void battering_names_no_target_unit(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int bat = sect(t, SK_BATTERY, 3, -1, 1080, 1400, 1320, 1400); /* on the covered way */
    in_sect(t, U(t, "Siege-1"), bat, 1200, 1400);
    s->phase = PH_BART;
    vbt_act(t, "batter Siege-1 at Bastion-A");
    assert_int_equal(s->p.kind, PK_BATTER);
    assert_int_equal(s->p.work, W(t, "Bastion-A"));
    if (s->p.target != -1)
        fail_msg("M34: a battering of Bastion-A aimed at unit %d", s->p.target);
    json_t *j = t->g->def->to_json(t->g, s, -1);
    json_t *tg = json_object_get(json_object_get(j, "procedure"), "target");
    if (!json_is_null(tg))
        fail_msg("M34: a battering of Bastion-A in a state file names target '%s'",
                 json_is_string(tg) ? json_string_value(tg) : "?");
    json_decref(j);
    assert_int_equal(reads_back(t), 0);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_section_slot_in_use),
        cmocka_unit_test(a_point_on_a_wall_is_in_one_work),
        cmocka_unit_test(enfilade_at_any_length),
        cmocka_unit_test(battering_names_no_target_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
