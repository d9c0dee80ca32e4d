/* test_eval.c - the evaluation of Piacenza 1746 for the search
 * (pc_eval.c), the terms added for the Austrian seat (issue 11, eighth
 * session): the march of the units far from every objective and every
 * enemy, and the Wing Commanders beyond their CiC's command range. Each
 * check pins the exact value, so that a changed weight, threshold or
 * counted unit fails it. (The older eval_* tests are in test_battle.c.) */
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

/* The battle with four Franco-Spanish objectives noted, the board cleared
 * of every counter. */
static vbt *empty_battle(void)
{
    vbt *t = vbt_new("piacenza-1746", "battle", 1);
    const char *o[4] = {"San-Lazzaro", "Le-Mose", "Montale", "Mucinasso"};
    char a[64];
    for (int k = 0; k < 4; k++) {
        snprintf(a, sizeof a, "objective %s", o[k]);
        vbt_act(t, a);
    }
    clear_board(t);
    return t;
}

/* Hexes to the nearest of the eight objective places. */
static int to_objective(const pc_data *d, int h)
{
    int near = 99;
    for (int k = 0; k < d->nobjp; k++) {
        int x = pc_dist(d, h, d->place[d->objp[k]].hex);
        near = x < near ? x : near;
    }
    return near;
}

/* A passable hex outside the city at distance dist from `from` (any when
 * from is -1) and exactly obj hexes from the nearest objective (any when
 * obj is -1), at least `away` hexes from `avoid` (when not -1). */
static int find_hex(vbt *t, int from, int dist, int obj, int avoid, int away)
{
    const pc_data *d = D(t);
    for (int h = 0; h < d->nhex; h++) {
        if (!pc_passable(d, h) || d->terr[d->hterr[h]].is_city)
            continue;
        if ((from >= 0 && pc_dist(d, h, from) != dist) || (obj >= 0 && to_objective(d, h) != obj) ||
            (avoid >= 0 && pc_dist(d, h, avoid) < away))
            continue;
        return h;
    }
    fail_msg("no such hex");
    return -1;
}

/* The march (MARCH_N 4, MARCH_W 0.003): an Austrian unit counts each hex
 * beyond four to the nearer of the nearest objective place and the nearest
 * Franco-Spanish unit; in good order, infantry or cavalry only; the
 * Franco-Spanish units never count. The evaluation moves by exactly 0.003 a
 * hex, against the Austrians. */
static void eval_march(void **state)
{
    (void)state;
    vbt *t = empty_battle();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int cav = U(t, "Tripps 1"), inf = U(t, "Andlau"), art = U(t, "Artillerie Browne");
    int fs = U(t, "Castilla");
    int far9 = find_hex(t, -1, 0, 9, -1, 0);
    int fsfar = find_hex(t, -1, 0, -1, far9, 20);
    s->uhex[fs] = (int16_t)fsfar;
    int near4 = find_hex(t, -1, 0, 4, fsfar, 20), near5 = find_hex(t, -1, 0, 5, fsfar, 20);
    assert_int_equal(pc_march(d, s), 0);
    s->uhex[cav] = (int16_t)near4;
    assert_int_equal(pc_march(d, s), 0); /* within four: nothing */
    double base = pc_eval(t->g, s, PC_FS);
    s->uhex[cav] = (int16_t)near5;
    assert_int_equal(pc_march(d, s), 1); /* five: one hex beyond */
    s->uhex[cav] = (int16_t)far9;
    assert_int_equal(pc_march(d, s), 5);
    assert_float_equal(pc_eval(t->g, s, PC_FS), base + 0.003 * 5, 1e-12);
    assert_float_equal(pc_eval(t->g, s, PC_AU), -(base + 0.003 * 5), 1e-12);
    /* an enemy six hexes away: two beyond four */
    int fs6 = find_hex(t, far9, 6, -1, -1, 0);
    s->uhex[fs] = (int16_t)fs6;
    assert_int_equal(pc_march(d, s), 2);
    s->uhex[fs] = (int16_t)fsfar;
    /* disordered or routed: nothing (it cannot march in order) */
    s->ustat[cav] = ST_DIS;
    assert_int_equal(pc_march(d, s), 0);
    s->ustat[cav] = ST_ROUT;
    assert_int_equal(pc_march(d, s), 0);
    s->ustat[cav] = ST_GOOD;
    /* infantry counts too, artillery never */
    s->uhex[inf] = (int16_t)far9;
    assert_int_equal(pc_march(d, s), 10);
    s->uhex[inf] = -1;
    s->uhex[art] = (int16_t)far9;
    assert_int_equal(pc_march(d, s), 5);
    s->uhex[art] = -1;
    /* a Franco-Spanish unit far from everything is not counted */
    s->uhex[U(t, "Aragon")] = (int16_t)find_hex(t, -1, 0, 9, far9, 12);
    assert_int_equal(pc_march(d, s), 5);
    vbt_free(t);
}

/* The Austrian Wing Commanders beyond the CiC's range (23 hexes, 4.2) are
 * out of command at their activation (3.0 A.1): each costs exactly 0.05,
 * none when the CiC is off the map; the Franco-Spanish WCs are not
 * counted. */
static void eval_command(void **state)
{
    (void)state;
    vbt *t = empty_battle();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int cic = pc_find_leader(d, "Liechtenstein"), wc = pc_find_leader(d, "Nadasdy");
    int wc2 = pc_find_leader(d, "Gen Browne"), fcic = pc_find_leader(d, "Infante Felipe");
    int fwc = pc_find_leader(d, "Mirepoix");
    assert_true(cic >= 0 && wc >= 0 && wc2 >= 0 && fcic >= 0 && fwc >= 0);
    assert_int_equal(d->l[cic].range, 23);
    int ch = PLACE(t, "San Lazzaro");
    s->lhex[cic] = (int16_t)ch;
    s->lhex[wc] = (int16_t)find_hex(t, ch, 23, -1, -1, 0);
    assert_int_equal(pc_out_of_range(d, s), 0);
    double base = pc_eval(t->g, s, PC_FS);
    s->lhex[wc] = (int16_t)find_hex(t, ch, 24, -1, -1, 0);
    assert_int_equal(pc_out_of_range(d, s), 1);
    assert_float_equal(pc_eval(t->g, s, PC_FS), base + 0.05, 1e-12);
    assert_float_equal(pc_eval(t->g, s, PC_AU), -(base + 0.05), 1e-12);
    s->lhex[wc2] = (int16_t)find_hex(t, ch, 30, -1, -1, 0);
    assert_int_equal(pc_out_of_range(d, s), 2);
    assert_float_equal(pc_eval(t->g, s, PC_FS), base + 0.1, 1e-12);
    /* the CiC gone: no range to be out of */
    s->lhex[cic] = -1;
    assert_int_equal(pc_out_of_range(d, s), 0);
    s->lhex[cic] = (int16_t)ch;
    s->lhex[wc2] = -1;
    /* the Franco-Spanish: not counted */
    s->lhex[fcic] = (int16_t)ch;
    s->lhex[fwc] = (int16_t)find_hex(t, ch, 30, -1, -1, 0);
    assert_int_equal(pc_out_of_range(d, s), 1);
    vbt_free(t);
}

/* A commander alone in his hex (4.6: captured when an enemy combat unit
 * enters it) with a Franco-Spanish unit in good order within three hexes
 * counts half his trophy (5 VP the CiC or a WC, 3 an FC), the whole when
 * already a Staff; the evaluation moves by exactly 0.01 a VP. */
static void eval_exposed(void **state)
{
    (void)state;
    vbt *t = empty_battle();
    const pc_data *d = D(t);
    pc_state *s = S(t);
    int cic = pc_find_leader(d, "Liechtenstein"), fc = pc_find_leader(d, "Piccolomini");
    int fl = pc_find_leader(d, "De Gages");
    assert_true(cic >= 0 && fc >= 0 && fl >= 0);
    assert_int_equal(d->l[fc].kind, LK_FC);
    int fs = U(t, "Castilla"), au = U(t, "Clerici");
    int h = find_hex(t, -1, 0, 6, -1, 0);
    s->uhex[fs] = (int16_t)find_hex(t, h, 3, -1, -1, 0);
    double base = pc_eval(t->g, s, PC_FS);
    s->lhex[cic] = (int16_t)h;
    assert_float_equal(pc_exposed(d, s), 2.5, 1e-12);
    assert_float_equal(pc_eval(t->g, s, PC_FS), base + 0.025, 1e-12);
    assert_float_equal(pc_eval(t->g, s, PC_AU), -(base + 0.025), 1e-12);
    s->lstaff[cic] = 1;
    assert_float_equal(pc_exposed(d, s), 5, 1e-12);
    s->lstaff[cic] = 0;
    s->lhex[fc] = (int16_t)h; /* an FC with him: 1.5 more */
    assert_float_equal(pc_exposed(d, s), 4, 1e-12);
    s->lhex[fc] = -1;
    /* a unit of his own in the hex: not alone */
    s->uhex[au] = (int16_t)h;
    assert_float_equal(pc_exposed(d, s), 0, 1e-12);
    s->uhex[au] = -1;
    /* the enemy four hexes away, or not in good order: no danger */
    s->ustat[fs] = ST_DIS;
    assert_float_equal(pc_exposed(d, s), 0, 1e-12);
    s->ustat[fs] = ST_GOOD;
    s->uhex[fs] = (int16_t)find_hex(t, h, 4, -1, -1, 0);
    assert_float_equal(pc_exposed(d, s), 0, 1e-12);
    /* a Franco-Spanish commander alone near an Austrian unit: not counted */
    s->uhex[fs] = -1;
    s->lhex[cic] = -1;
    s->lhex[fl] = (int16_t)h;
    s->uhex[au] = (int16_t)find_hex(t, h, 1, -1, -1, 0);
    assert_float_equal(pc_exposed(d, s), 0, 1e-12);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eval_march),
        cmocka_unit_test(eval_command),
        cmocka_unit_test(eval_exposed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
