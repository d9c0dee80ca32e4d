/* test_scenarios.c - Piacenza 1746 Learning Scenarios 2 (Assault on the
 * Centre) and 3 (Battle of Gossolengo): forces and set-up checked against
 * the printed scenario text (units, strengths, MP, formations, the printed
 * set-up areas), the set-up phase (the Austrians first, each piece in its
 * printed area, stacking), duration, the first-turn exception, victory. Each check
 * fails when the scenario's data or rule is changed. */
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

static int form_of(vbt *t, const char *leader)
{
    int l = pc_find_leader(D(t), leader);
    if (l < 0)
        fail_msg("no leader '%s'", leader);
    for (int f = 0; f < D(t)->nf; f++)
        if (D(t)->f[f].leader == l)
            return f;
    return -1;
}

/* The printed forces of a formation: type, SP, MP of each counter. */
typedef struct {
    const char *name;
    int type, sp, mp;
} pc_printed;

static void expect_forces(vbt *t, const char *leader, const pc_printed *p, int n)
{
    int f = form_of(t, leader), cnt = 0;
    for (int u = 0; u < D(t)->nu; u++)
        cnt += D(t)->u[u].form == f;
    if (cnt != n)
        fail_msg("%s: %d units, printed %d", leader, cnt, n);
    for (int i = 0; i < n; i++) {
        const pc_unit_def *ud = &D(t)->u[U(t, p[i].name)];
        if (ud->form != f || ud->type != p[i].type || ud->sp != p[i].sp || ud->mp != p[i].mp)
            fail_msg("%s: not as printed (formation %s, type %d, %d-%d)", p[i].name, leader,
                     p[i].type, p[i].sp, p[i].mp);
    }
}

/* 'north': the hex centre lies north of the place's centre (odd columns sit
 * half a hex lower). */
static double centre_y(const pc_data *d, int hex)
{
    int c = hex / d->h, r = hex % d->h;
    return r + 0.5 * (c & 1);
}

/* ---- Scenario 2 -------------------------------------------------------------*/

static const pc_printed petit_bois[] = {
    {"Saboya", UT_INF, 2, 3},    {"Africa", UT_INF, 2, 3}, {"Asturias", UT_INF, 2, 3},
    {"Giacomone", UT_INF, 1, 3}, {"Besler", UT_INF, 1, 3}, {"Flandes", UT_INF, 1, 3},
};
static const pc_printed de_mailly[] = {
    {"Perigord", UT_INF, 2, 3},
    {"Foix", UT_INF, 2, 3},
    {"Volontaires de Gantes", UT_INF, 1, 3},
    {"Vieufville", UT_CAV, 2, 5},
    {"Descras", UT_CAV, 1, 5},
};
static const pc_printed senecterre[] = {
    {"La Reine", UT_INF, 2, 3},   {"De Vigier", UT_INF, 2, 3}, {"Provence", UT_INF, 2, 3},
    {"Tournaisis", UT_INF, 1, 3}, {"Agenois", UT_INF, 1, 3},   {"Gd Lorraines", UT_INF, 2, 4},
};
static const pc_printed piccolomini[] = {
    {"Andlau", UT_INF, 3, 3},
    {"Forgtasch", UT_INF, 4, 3},
};

/* The Refudo: the stream hexsides between columns 08 and 09. A hex is west
 * of it when its column is 08 or less. */
static int west_of_refudo(const pc_data *d, int hex)
{
    return hex / d->h <= 7;
}

static void centre_setup(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 1);
    const pc_data *d = D(t);
    /* the Refudo runs between columns 08 and 09, every row */
    for (int r = 0; r < d->h; r++)
        if (!(d->stream[7 * d->h + r] & (1u << 1)) && !(d->stream[7 * d->h + r] & (1u << 2)))
            fail_msg("Refudo missing east of hex row %d of column 08", r + 1);
    expect_forces(t, "Petit Bois", petit_bois, 6);
    expect_forces(t, "De Mailly", de_mailly, 5);
    expect_forces(t, "Senecterre", senecterre, 6);
    expect_forces(t, "Piccolomini", piccolomini, 2);
    assert_int_equal(d->nu, 19);
    assert_int_equal(d->nl, 4);
    /* printed set-up areas */
    static const struct {
        const char *leader, *place;
        int within, side; /* side: 1 west of the Refudo, 2 east, 0 either */
    } area[] = {
        {"Petit Bois", "Galliana", 2, 1},
        {"De Mailly", "Mte. Cucco", 3, 0},
        {"Senecterre", "Bossoli", 2, 1},
        {"Piccolomini", "Torricelle", 2, 2},
    };
    assert_int_equal(pc_dist(d, PLACE(t, "Galliana"), PLACE(t, "Mte. Cucco")), 4);
    assert_int_equal(pc_dist(d, PLACE(t, "Galliana"), PLACE(t, "Bossoli")), 3);
    assert_true(centre_y(d, PLACE(t, "Bossoli")) > centre_y(d, PLACE(t, "Galliana")));
    assert_true(PLACE(t, "Mte. Cucco") / d->h < PLACE(t, "Galliana") / d->h);
    for (size_t i = 0; i < sizeof area / sizeof area[0]; i++) {
        int f = form_of(t, area[i].leader), c = PLACE(t, area[i].place);
        for (int u = -1; u < d->nu; u++) {
            if (u >= 0 && d->u[u].form != f)
                continue;
            int h = u < 0 ? S(t)->lhex[d->f[f].leader] : S(t)->uhex[u];
            const char *nm = u < 0 ? area[i].leader : d->u[u].name;
            if (pc_dist(d, h, c) > area[i].within)
                fail_msg("%s: more than %d hexes from %s", nm, area[i].within, area[i].place);
            if (area[i].side && west_of_refudo(d, h) != (area[i].side == 1))
                fail_msg("%s: on the wrong bank of the Refudo", nm);
        }
    }
    /* 5 turns from 10 a.m.; no first-turn exception: the markers are chosen */
    assert_int_equal(S(t)->turn, 5);
    assert_string_equal(d->turn_name[S(t)->turn - 1], "10:00");
    assert_int_equal(S(t)->phase, PH_SELECT);
    assert_true(vbt_legal(t, "wing De-Croix"));
    vbt_free(t);
}

static void end_now(vbt *t)
{
    pc_state *s = S(t);
    s->phase = PH_OVER;
    s->roll = RL_NONE;
}

static void centre_victory(void **state)
{
    (void)state;
    static const struct {
        const char *unit, *place;
        int winner;
        const char *verdict;
    } rows[] = {
        {"Vieufville", "San Bonico", PC_FS,
         "Franco-Spanish victory: San Bonico or Castellaro taken"},
        {"Saboya", "Castellaro", PC_FS, "Franco-Spanish victory: San Bonico or Castellaro taken"},
        {"Saboya", "Torricelle", PC_AU, "Austrian victory: San Bonico and Castellaro held"},
        {NULL, NULL, PC_AU, "Austrian victory: San Bonico and Castellaro held"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = pc_new("centre", 1);
        if (rows[i].unit) {
            for (int u = 0; u < D(t)->nu; u++)
                if (S(t)->uhex[u] == PLACE(t, rows[i].place))
                    S(t)->uhex[u] = -1;
            S(t)->uhex[U(t, rows[i].unit)] = (int16_t)PLACE(t, rows[i].place);
        }
        end_now(t);
        vb_result r;
        t->g->def->result(t->g, S(t), &r);
        assert_true(r.over);
        if (r.winner != rows[i].winner)
            fail_msg("Scenario 2, %s in %s: winner %d, expected %d (%s)",
                     rows[i].unit ? rows[i].unit : "nobody", rows[i].place ? rows[i].place : "-",
                     r.winner, rows[i].winner, r.verdict);
        assert_string_equal(r.verdict, rows[i].verdict);
        vbt_free(t);
    }
    /* the game ends after the 14:00 turn (5 turns from 10:00) */
    vbt *t = pc_new("centre", 7);
    vb_action acts[VB_MAX_ACTIONS];
    int last = 0;
    for (int k = 0; k < 20000 && t->g->def->to_move(t->g, S(t)) != VB_OVER; k++) {
        int n = t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
        assert_true(n > 0);
        last = S(t)->turn;
        assert_int_equal(t->g->def->apply(t->g, S(t), acts[(k * 7919u) % (unsigned)n], &t->cx), 0);
    }
    assert_int_equal(t->g->def->to_move(t->g, S(t)), VB_OVER);
    assert_int_equal(last, 9);
    vbt_free(t);
}

/* 2.5 and the scenarios' durations: Scenario 1 "5 Game Turns (from 6-7
 * a.m. Game Turn, inclusive)", turns 1-5; Scenario 3 "3 turns from 12:00",
 * turns 7-9; the battle 12 turns from 06:00. Each played to its end with
 * the same fixed choices as the Scenario 2 case above: the last decision
 * is made in the last turn, and a state one turn past it is refused
 * (the row of 2.5 cited only the random games before). */
static void scenario_lengths(void **state)
{
    (void)state;
    static const struct {
        const char *scen;
        int first, last;
    } rows[] = {{"san-lazzaro", 1, 5}, {"gossolengo", 7, 9}, {"battle", 1, 12}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vbt *t = pc_new(rows[i].scen, 7);
        assert_int_equal(D(t)->first_turn, rows[i].first);
        assert_int_equal(D(t)->first_turn + D(t)->nturns - 1, rows[i].last);
        if (i < 2) {
            vb_action acts[VB_MAX_ACTIONS];
            int last = 0;
            for (int k = 0; k < 20000 && t->g->def->to_move(t->g, S(t)) != VB_OVER; k++) {
                int n = t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
                assert_true(n > 0);
                last = S(t)->turn;
                assert_int_equal(
                    t->g->def->apply(t->g, S(t), acts[(k * 7919u) % (unsigned)n], &t->cx), 0);
            }
            assert_int_equal(t->g->def->to_move(t->g, S(t)), VB_OVER);
            if (last != rows[i].last)
                fail_msg("%s: the last decision in turn %d, expected %d", rows[i].scen, last,
                         rows[i].last);
        }
        pc_state s = *S(t);
        s.turn = rows[i].last + 1;
        if (t->g->def->check(t->g, &s, &t->cx) == 0)
            fail_msg("%s: turn %d accepted", rows[i].scen, rows[i].last + 1);
        s.turn = rows[i].first - 1;
        if (t->g->def->check(t->g, &s, &t->cx) == 0)
            fail_msg("%s: turn %d accepted", rows[i].scen, rows[i].first - 1);
        vbt_free(t);
    }
}

/* ---- the set-up of Scenarios 2 and 3 (pc_place.c) ----------------------------*/

static void act_place(vbt *t, int piece, int hex)
{
    char a[64];
    pc_action_text(t->g, S(t), PC_ACT(A_PLACE, piece, 0), a, sizeof a);
    vbt_act(t, a);
    pc_action_text(t->g, S(t), PC_ACT(A_AT, hex, 0), a, sizeof a);
    vbt_act(t, a);
}

static int at_legal(vbt *t, int hex)
{
    char a[64];
    pc_action_text(t->g, S(t), PC_ACT(A_AT, hex, 0), a, sizeof a);
    return vbt_legal(t, a);
}

/* "The Austrian player set up first": every Austrian piece, then the
 * Franco-Spanish, who see the Austrian placement; the game begins by itself
 * at the first turn once the last piece is placed. */
static void setup_order(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    const pc_data *d = D(t);
    assert_int_equal(S(t)->phase, PH_PLACE);
    assert_int_equal(t->g->def->to_move(t->g, S(t)), PC_AU);
    for (int u = 0; u < d->nu; u++)
        assert_int_equal(S(t)->uhex[u], -1);
    assert_true(vbt_legal(t, "place Andlau"));
    assert_true(vbt_legal(t, "place Piccolomini"));
    assert_false(vbt_legal(t, "place Saboya"));
    assert_false(vbt_legal(t, "place Petit-Bois"));
    act_place(t, U(t, "Andlau"), HX(t, "1206"));
    act_place(t, U(t, "Forgtasch"), HX(t, "1106"));
    assert_int_equal(S(t)->side, PC_AU); /* Piccolomini still to place */
    assert_false(vbt_legal(t, "place Saboya"));
    act_place(t, PC_MAXU + pc_find_leader(d, "Piccolomini"), HX(t, "1206"));
    assert_true(vbt_logged(t, "austrian places Andlau in 1206"));
    assert_int_equal(S(t)->phase, PH_PLACE);
    assert_int_equal(t->g->def->to_move(t->g, S(t)), PC_FS);
    assert_false(vbt_legal(t, "place Andlau"));
    assert_true(vbt_legal(t, "place Saboya"));
    /* the Franco-Spanish player sees where the Austrians stand */
    pc_state view = *S(t);
    t->g->def->redact(t->g, &view, PC_FS);
    assert_int_equal(view.uhex[U(t, "Andlau")], HX(t, "1206"));
    assert_int_equal(view.uhex[U(t, "Forgtasch")], HX(t, "1106"));
    json_t *j = t->g->def->to_json(t->g, S(t), PC_FS);
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(json_object_get(j, "units"), "Forgtasch"), "hex")),
                        "1106");
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(json_object_get(j, "units"), "Saboya"), "hex")),
                        "unplaced");
    json_decref(j);
    /* the last Franco-Spanish piece begins the first turn (10:00); placed
     * last to first, so that unit 0 (Saboya) is the last piece: until it
     * is placed the set-up goes on (pc_place.c side_done: the units' scan
     * from `u = 1`, the seed-28 survivor :116, began the game without it) */
    assert_string_equal(d->u[0].name, "Saboya");
    assert_int_equal(d->u[0].side, PC_FS);
    for (int p = PC_MAXU + d->nl - 1; p >= 0; p--) {
        if (p == PC_MAXU - 1)
            p = d->nu - 1;
        int lp = p >= PC_MAXU;
        if ((lp ? d->l[p - PC_MAXU].side : d->u[p].side) == PC_FS) {
            assert_int_equal(S(t)->phase, PH_PLACE);
            assert_int_equal(t->g->def->to_move(t->g, S(t)), PC_FS);
            act_place(t, p, lp ? d->l[p - PC_MAXU].hex : d->u[p].hex);
        }
        if (p == 1) { /* every piece but Saboya placed */
            assert_int_equal(S(t)->phase, PH_PLACE);
            assert_true(vbt_legal(t, "place Saboya"));
        }
    }
    assert_int_equal(S(t)->phase, PH_SELECT);
    assert_int_equal(S(t)->turn, 5);
    assert_true(vbt_legal(t, "wing De-Croix"));
    vbt_free(t);
}

/* Each piece goes to a hex of its printed area and nowhere else. */
static void setup_areas(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    const pc_data *d = D(t);
    int tor = PLACE(t, "Torricelle");
    vbt_act(t, "place Forgtasch");
    for (int h = 0; h < d->nhex; h++) {
        int in = pc_passable(d, h) && pc_dist(d, h, tor) <= 2 && !west_of_refudo(d, h);
        char hn[8];
        pc_hex_name(d, h, hn, sizeof hn);
        if (at_legal(t, h) != in)
            fail_msg("Forgtasch at %s: legal %d, printed area %d", hn, !in, in);
    }
    assert_int_equal(vbt_try(t, "at 0706"), VB_EILLEGAL); /* west of the Refudo */
    vbt_act(t, "at 1206");
    /* the Franco-Spanish of Scenario 2: De Mailly's within 3 hexes of Mte.
     * Cucco, either bank; Senecterre's within 2 of Bossoli, west */
    vbt_act(t, "place Andlau");
    vbt_act(t, "at 1106");
    vbt_act(t, "place Piccolomini");
    vbt_act(t, "at 1106");
    static const struct {
        const char *piece, *place;
        int within, west;
    } rows[] = {{"Vieufville", "Mte. Cucco", 3, 0},
                {"De-Mailly", "Mte. Cucco", 3, 0},
                {"La-Reine", "Bossoli", 2, 1},
                {"Saboya", "Galliana", 2, 1}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char a[64];
        snprintf(a, sizeof a, "place %s", rows[i].piece);
        vbt_act(t, a);
        int c = PLACE(t, rows[i].place), first = -1;
        for (int h = 0; h < d->nhex; h++) {
            int in = pc_passable(d, h) && pc_dist(d, h, c) <= rows[i].within &&
                     (!rows[i].west || west_of_refudo(d, h));
            if (at_legal(t, h) != in)
                fail_msg("%s at hex %d: legal %d, printed area %d", rows[i].piece, h, !in, in);
            if (in && first < 0)
                first = h;
        }
        pc_action_text(t->g, S(t), PC_ACT(A_AT, first, 0), a, sizeof a);
        vbt_act(t, a);
    }
    vbt_free(t);
    /* Scenario 3: Austrians south of Gossolengo, 2+ hexes; Franco-Spanish
     * north, 3+ hexes; inside the playable area */
    t = vbt_new("piacenza-1746", "gossolengo", 1);
    d = D(t);
    int g = PLACE(t, "Gossolengo");
    for (int k = 0; k < 2; k++) {
        const char *pc = k ? "Guyenne" : "Tripps-1";
        char a[64];
        snprintf(a, sizeof a, "place %s", pc);
        if (k) { /* the Austrians first: place them all */
            for (int u = 0; u < d->nu; u++)
                if (d->u[u].side == PC_AU && S(t)->uhex[u] < 0)
                    act_place(t, u, d->u[u].hex);
            act_place(t, PC_MAXU + pc_find_leader(d, "Lucchesi"),
                      d->l[pc_find_leader(d, "Lucchesi")].hex);
        }
        vbt_act(t, a);
        for (int h = 0; h < d->nhex; h++) {
            int in =
                pc_passable(d, h) && (k ? centre_y(d, h) < centre_y(d, g) && pc_dist(d, h, g) >= 3
                                        : centre_y(d, h) > centre_y(d, g) && pc_dist(d, h, g) >= 2);
            if (at_legal(t, h) != in)
                fail_msg("%s at hex %d: legal %d, printed area %d", pc, h, !in, in);
        }
        if (!k)
            vbt_act(t, "at 0409");
    }
    vbt_free(t);
}

/* 6.0 in the set-up: two cavalry units in a hex, one infantry unit; a
 * Commander stacks with them. */
static void setup_stacking(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "gossolengo", 1);
    act_place(t, U(t, "Tripps 1"), HX(t, "0409"));
    vbt_act(t, "place Tripps-2");
    assert_true(at_legal(t, HX(t, "0409")));
    vbt_act(t, "at 0409");
    vbt_act(t, "place Baranyai-1");
    assert_false(at_legal(t, HX(t, "0409"))); /* a third cavalry unit */
    assert_int_equal(vbt_try(t, "at 0409"), VB_EILLEGAL);
    assert_true(at_legal(t, HX(t, "0410")));
    vbt_act(t, "at 0410");
    vbt_act(t, "place Lucchesi");
    assert_true(at_legal(t, HX(t, "0409")));
    vbt_free(t);
    t = vbt_new("piacenza-1746", "centre", 1);
    act_place(t, U(t, "Andlau"), HX(t, "1206"));
    vbt_act(t, "place Forgtasch");
    assert_false(at_legal(t, HX(t, "1206"))); /* two infantry units */
    assert_true(at_legal(t, HX(t, "1106")));
    /* the first Commander of the order of battle (Petit Bois, piece
     * PC_MAXU) stacks with an infantry unit like any other (pc_place.c
     * pc_place_hex_ok: `p >= PC_MAXU` to `>`, the seed-28 survivor :67,
     * judged him by a unit's stacking limits) */
    vbt_act(t, "at 1106");
    act_place(t, PC_MAXU + pc_find_leader(D(t), "Piccolomini"), HX(t, "1206"));
    const pc_data *d = D(t);
    int pb = pc_find_leader(d, "Petit Bois"), sab = U(t, "Saboya"), h = 0;
    assert_int_equal(pb, 0);
    while (h < d->nhex && !(pc_place_hex_ok(d, S(t), sab, h) && pc_in_area(d, d->larea[pb], h)))
        h++;
    assert_true(h < d->nhex);
    act_place(t, sab, h);
    vbt_act(t, "place Petit-Bois");
    assert_true(at_legal(t, h));
    vbt_free(t);
}

/* ---- Scenario 3 -------------------------------------------------------------*/

static const pc_printed larnage[] = {
    {"Guyenne", UT_INF, 2, 3},         {"Auxerrois", UT_INF, 2, 3},
    {"Montmorin", UT_INF, 2, 3},       {"Vivarais", UT_INF, 2, 3},
    {"Gatinais", UT_INF, 2, 3},        {"Rochefoucauld 1", UT_CAV, 2, 5},
    {"Rochefoucauld 2", UT_CAV, 2, 5},
};
static const pc_printed lucchesi[] = {
    {"Tripps 1", UT_CAV, 2, 6},    {"Tripps 2", UT_CAV, 2, 6},    {"Baranyai 1", UT_CAV, 2, 6},
    {"Baranyai 2", UT_CAV, 2, 6},  {"Bartholotti", UT_CAV, 2, 6}, {"Lobkowitz 1", UT_CAV, 2, 5},
    {"Lobkowitz 2", UT_CAV, 2, 5},
};

static void gossolengo_setup(void **state)
{
    (void)state;
    vbt *t = pc_new("gossolengo", 1);
    const pc_data *d = D(t);
    int g = PLACE(t, "Gossolengo");
    /* errata: Rochefoucauld with Larnage (Franco-Spanish), Lobkowitz Austrian */
    expect_forces(t, "Larnage", larnage, 7);
    expect_forces(t, "Lucchesi", lucchesi, 7);
    assert_int_equal(d->u[U(t, "Lobkowitz 1")].side, PC_AU);
    assert_int_equal(d->u[U(t, "Rochefoucauld 1")].side, PC_FS);
    assert_int_equal(d->nu, 14);
    /* playable area: within 5 hexes of Gossolengo, east of the Trebbia */
    for (int h = 0; h < d->nhex; h++) {
        int far = pc_dist(d, h, g) > 5, river = !strcmp(d->terr[d->hterr[h]].name, "trebbia");
        if ((far || river) && pc_passable(d, h))
            fail_msg("hex %d outside the playable area is passable", h);
        if (river && h / d->h >= g / d->h)
            fail_msg("the Trebbia must lie west of Gossolengo");
        if (!far && !river && !pc_passable(d, h) && h / d->h > g / d->h)
            fail_msg("hex %d east of Gossolengo within 5 hexes is not playable", h);
    }
    /* set-up: Franco-Spanish north of Gossolengo, 3+ hexes; Austrians south, 2+ */
    for (int u = 0; u < d->nu; u++) {
        int h = S(t)->uhex[u], fs = d->u[u].side == PC_FS;
        if (!pc_passable(d, h))
            fail_msg("%s off the playable area", d->u[u].name);
        if (fs ? !(centre_y(d, h) < centre_y(d, g) && pc_dist(d, h, g) >= 3)
               : !(centre_y(d, h) > centre_y(d, g) && pc_dist(d, h, g) >= 2))
            fail_msg("%s: outside its printed set-up area", d->u[u].name);
    }
    assert_int_equal(S(t)->turn, 7);
    assert_string_equal(d->turn_name[S(t)->turn - 1], "12:00");
    assert_int_equal(d->nturns, 3);
    assert_int_equal(S(t)->phase, PH_SELECT);
    vbt_free(t);
}

/* The player who occupies Gossolengo, or was the last to, wins. */
static void gossolengo_victory(void **state)
{
    (void)state;
    vbt *t = pc_new("gossolengo", 1);
    const pc_data *d = D(t);
    int g = PLACE(t, "Gossolengo");
    vb_result r;
    assert_int_equal(S(t)->holder, -1);
    pc_state save = *S(t);
    end_now(t);
    t->g->def->result(t->g, S(t), &r);
    assert_int_equal(r.winner, -1); /* nobody ever occupied it: a draw */
    assert_string_equal(r.verdict, "Draw: nobody occupied Gossolengo");
    *S(t) = save;
    S(t)->uhex[U(t, "Tripps 1")] = (int16_t)g;
    pc_advance(d, S(t), NULL);
    assert_int_equal(S(t)->holder, PC_AU);
    S(t)->uhex[U(t, "Tripps 1")] = (int16_t)HX(t, "0409");
    pc_advance(d, S(t), NULL);
    assert_int_equal(S(t)->holder, PC_AU); /* left empty: still the Austrians' */
    save = *S(t);
    end_now(t);
    t->g->def->result(t->g, S(t), &r);
    assert_int_equal(r.winner, PC_AU);
    /* nobody in it now: the verdict says the Austrians were last in it
     * (pc_turn.c pc_result: `pc_unit_at(...) >= 0` to `<= 0`, seed 26,
     * :404, said "holds"; Guyenne below is unit 0, which it also read as
     * holding) */
    assert_string_equal(r.verdict, "Austrian victory: was last in Gossolengo");
    *S(t) = save;
    S(t)->uhex[U(t, "Tripps 1")] = (int16_t)g;
    pc_advance(d, S(t), NULL);
    end_now(t);
    t->g->def->result(t->g, S(t), &r);
    assert_string_equal(r.verdict, "Austrian victory: holds Gossolengo");
    *S(t) = save;
    assert_int_equal(U(t, "Guyenne"), 0);
    S(t)->uhex[U(t, "Guyenne")] = (int16_t)g;
    pc_advance(d, S(t), NULL);
    assert_int_equal(S(t)->holder, PC_FS);
    end_now(t);
    t->g->def->result(t->g, S(t), &r);
    assert_int_equal(r.winner, PC_FS);
    assert_string_equal(r.verdict, "Franco-Spanish victory: holds Gossolengo");
    vbt_free(t);
    /* occupying by moving in, through the ordinary actions */
    t = pc_new("gossolengo", 2);
    S(t)->uhex[U(t, "Guyenne")] = (int16_t)HX(t, "0605");
    S(t)->lhex[pc_find_leader(D(t), "Larnage")] = (int16_t)HX(t, "0604");
    vbt_act(t, "wing Mirepoix");
    vbt_act(t, "wing Nadasdy");
    vbt_dice(t, "8,2");
    vbt_act(t, "go-first");
    vbt_act(t, "formation Larnage");
    vbt_act(t, "move Guyenne");
    vbt_act(t, "to 0606");
    assert_int_equal(S(t)->holder, PC_FS);
    assert_true(vbt_logged(t, "occupies Gossolengo"));
    vbt_free(t);
}

/* 3.0 A.1-A.2 in Scenario 2: the initiative winner goes first, then the
 * other wing must activate (the Franco-Spanish wing is wing 0 here); the
 * marker is the chooser's secret until revealed, every other decision is
 * public. */
static void centre_sequence(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 3);
    vb_vis v;
    vb_action acts[VB_MAX_ACTIONS];
    int n = t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
    assert_int_equal(n, 1); /* one wing a side: one marker to choose */
    t->g->def->visibility(t->g, S(t), acts[0], &v);
    assert_int_equal(v.see, VB_ROLE_BIT(PC_FS));
    vbt_act(t, "wing De-Croix");
    vbt_act(t, "wing Browne");
    vbt_dice(t, "2,8");
    vbt_act(t, "go-first");
    assert_int_equal(S(t)->wing, pc_find_wing(D(t), "Browne"));
    n = t->g->def->legal(t->g, S(t), acts, NULL, VB_MAX_ACTIONS);
    assert_true(n > 0);
    t->g->def->visibility(t->g, S(t), acts[0], &v);
    assert_int_equal(v.see, VB_ALL_ROLES);
    vbt_act(t, "end-movement");
    vbt_act(t, "end-bombardment");
    vbt_act(t, "end-combat");
    assert_int_equal(S(t)->wing, pc_find_wing(D(t), "De Croix"));
    assert_int_equal(pc_find_wing(D(t), "De Croix"), 0);
    assert_true(S(t)->phase != PH_SELECT);
    assert_int_equal(S(t)->turn, 5);
    vbt_free(t);
}

/* 3.0 A: the initiative die that decides the lower roller reveals that
 * side's marker (a draw reveals nothing and rerolls); the next turn's
 * markers are secret again. */
static void centre_reveals(void **state)
{
    (void)state;
    vbt *t = pc_new("centre", 4);
    vb_vis v;
    vbt_act(t, "wing De-Croix");
    vbt_act(t, "wing Browne");
    vbt_dice(t, "4");
    assert_int_equal(S(t)->roll, RL_INIT);
    vb_action same = PC_ACT(A_DIE, 4, 0), other = PC_ACT(A_DIE, 6, 0);
    t->g->def->visibility(t->g, S(t), same, &v);
    assert_int_equal(v.reveals, 0);
    t->g->def->visibility(t->g, S(t), other, &v);
    assert_true(v.reveals != 0);
    vbt_dice(t, "6");
    assert_true(S(t)->revealed[PC_FS]);
    pc_state view;
    /* 11.4: every disordered unit tries, one after the other */
    S(t)->ustat[U(t, "Saboya")] = ST_DIS;
    S(t)->ustat[U(t, "Africa")] = ST_DIS;
    for (int guard = 0; guard < 40 && S(t)->turn == 5; guard++) {
        pass_one(t);
    }
    assert_int_equal(S(t)->turn, 6);
    assert_int_equal(S(t)->phase, PH_SELECT);
    assert_true(vbt_logged(t, "[11.4] Saboya reorganization"));
    assert_true(vbt_logged(t, "[11.4] Africa reorganization"));
    vbt_act(t, "wing De-Croix");
    vb_view(t->g, &view, S(t), PC_AU);
    assert_int_equal(view.choice[PC_FS], -2);
    vbt_act(t, "wing Browne");
    vb_view(t->g, &view, S(t), PC_FS);
    assert_int_equal(view.choice[PC_AU], -2);
    vbt_free(t);
}

/* Ends the current activation by passing every segment. */
static void pass_wing(vbt *t)
{
    int w = S(t)->wing, turn = S(t)->turn;
    for (int guard = 0; guard < 20 && S(t)->wing == w && S(t)->turn == turn; guard++) {
        pass_one(t);
    }
}

/* 3.0 A.2 in Scenario 1: the Austrian wins the initiative and goes first;
 * the Franco-Spanish wing he chose against (LW, wing 0) then activates at
 * once, with no new selection although the Austrian has a wing left; its
 * marker already shown, no reveal is left due. */
static void second_wing_follows(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 3);
    for (int i = 0; i < 3; i++)
        pass_wing(t);
    vbt_roll(t);
    assert_int_equal(S(t)->turn, 2);
    vbt_act(t, "wing LW");
    vbt_act(t, "wing RW");
    vbt_dice(t, "2,8");
    vbt_act(t, "go-first");
    assert_int_equal(S(t)->wing, pc_find_wing(D(t), "RW"));
    pass_wing(t);
    assert_int_equal(pc_find_wing(D(t), "LW"), 0);
    assert_int_equal(S(t)->wing, 0);
    assert_true(S(t)->phase != PH_SELECT);
    /* the pair's reveal done, nothing left to reveal: the position reads
     * back (pc_turn.c pc_after_activation `second_reveal = -1` to `-0`,
     * seed 24, :184, left a reveal due with no second wing: refused) */
    assert_int_equal(S(t)->second_reveal, -1);
    reads_back_the_same(t, "3.0 A.2: the second wing of the pair begun");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(centre_setup),        cmocka_unit_test(centre_victory),
        cmocka_unit_test(gossolengo_setup),    cmocka_unit_test(gossolengo_victory),
        cmocka_unit_test(centre_sequence),     cmocka_unit_test(centre_reveals),
        cmocka_unit_test(second_wing_follows), cmocka_unit_test(setup_order),
        cmocka_unit_test(setup_areas),         cmocka_unit_test(setup_stacking),
        cmocka_unit_test(scenario_lengths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
