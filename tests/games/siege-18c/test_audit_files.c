/* test_audit_files.c - the eleventh session's audit of siege-18c
 * (docs/siege-18c.md, "Audit, eleventh session") and the hostile state
 * files of the sessions after it: what a state file in the middle of a
 * procedure may say, what it may not (refused in one line), and the
 * terminal board. Moved out of test_audit.c (twenty-first session) when
 * that file passed 2,000 lines. Positions are built by editing the state
 * of a new game of the one-front scenario (sq_test.h). */
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

/* Eleventh session (docs/siege-18c.md, "Audit, eleventh session"): a state
 * file in the middle of a fire names its target, and the target is in play
 * at every stage of the procedure (the fire is declared at a unit in play;
 * a destroyed one ends it before the morale test). The check let a fire at
 * its first die name a unit out of play: its morale test could then send
 * the dead unit back to the town. Refused in one line; the same position
 * with the target in play is read back. */
static void fire_target_in_play(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int bat = sect(t, SK_BATTERY, 3, -1, 1080, 1600, 1320, 1600);
    in_sect_led(t, "Siege-1", "General-1", bat, 1200, 1600);
    int h = U(t, "Heavy-A1");
    s->phase = PH_BART;
    vbt_act(t, "fire Siege-1 at Heavy-A1");
    assert_int_equal(s->p.kind, PK_FIRE);
    assert_int_equal(s->p.stage, PS_MAIN);
    assert_int_equal(reads_back(t), 0);
    /* a fire is at a unit, on a column 1-8 (breaching fire at a work is
     * its own procedure) */
    static const int bad[][2] = {{0, 5}, {-1, 0}, {-1, 9}};
    int col = s->p.need;
    for (int i = 0; i < 3; i++) {
        s->p.work = (int8_t)bad[i][0];
        s->p.need = (int8_t)(bad[i][1] == 5 ? col : bad[i][1]);
        if (reads_back(t) != VB_EINPUT)
            fail_msg("a fire with work %d, column %d read back", bad[i][0], s->p.need);
    }
    s->p.work = -1, s->p.need = (int8_t)col;
    assert_int_equal(reads_back(t), 0);
    sq_remove(t->g, s, h);
    refused(t, "a fire at a unit out of play", "procedure: inconsistent with the position");
    vbt_free(t);
}

/* The same for a sortie or assault: before its casualties (its first die,
 * or the star test of a leader after a 1 or a 6) both the attacker and its
 * target are in play; only the morale test may follow the attacker's
 * destruction. A star test after a 1 with the target out of play was read
 * back, and a success written by hand would then test the dead target's
 * morale. */
static void attack_units_in_play(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p3 = lay_cut_trench(t, 3, 1920, 2000);
    int f1 = U(t, "Foot-1"), gb = U(t, "Garrison-B2");
    in_sect_led(t, "Foot-1", "General-1", p3, 1920, 2000);
    in_work(t, gb, "CW-3");
    s->phase = PH_ASSAULT;
    vbt_act(t, "assault Foot-1 at CW-3 by-day");
    vbt_dice(t, "1");
    assert_int_equal(s->p.kind, PK_ATTACK);
    assert_int_equal(s->p.stage, PS_STAR);
    assert_int_equal(s->p.star_of, f1);
    assert_int_equal(reads_back(t), 0);
    /* the target's place is a work or section of the table; casualties
     * are written 0-100 (clamped so in play) */
    const sq_scen *sc = sq_sc(t->g, s);
    sq_pend keep = s->p;
    s->p.tloc = (int8_t)sc->nworks;
    assert_int_equal(reads_back(t), VB_EINPUT);
    s->p = keep;
    s->p.tlk = LK_SECT, s->p.tloc = (int8_t)s->nsect;
    assert_int_equal(reads_back(t), VB_EINPUT);
    s->p = keep;
    s->p.acas = 101;
    assert_int_equal(reads_back(t), VB_EINPUT);
    s->p.acas = 100;
    assert_int_equal(reads_back(t), 0);
    s->p = keep;
    sq_remove(t->g, s, gb);
    refused(t, "an attack's unit out of play", "procedure: inconsistent with the position");
    vbt_free(t);
}

/* A state file's unit out of play has nothing left: no flag, no leader,
 * no strength, no wound, no gallery; each alone is refused in one line. */
static void out_of_play_holds_nothing(void **state)
{
    (void)state;
    for (int k = 0; k < 6; k++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int f3 = U(t, "Foot-3"), g1 = U(t, "General-1");
        sq_remove(t->g, s, f3);
        sq_remove(t->g, s, g1);
        assert_int_equal(reads_back(t), 0);
        sq_unit *x = &s->u[k == 1 ? g1 : f3];
        if (k == 0)
            x->flags = UF_SHAKEN;
        else if (k == 1)
            x->att = (int8_t)U(t, "Foot-1");
        else if (k == 2)
            x->str = 1;
        else if (k == 3)
            x->wound = 1;
        else if (k == 4)
            x->aim = 1, x->dig = 1;
        else
            x->aim = 1;
        char what[48];
        snprintf(what, sizeof what, "case %d, a unit out of play", k);
        refused(t, what, "out of play");
        vbt_free(t);
    }
}

/* The terminal board ("vauban show") lists the trenches, a section being
 * dug marked "(dig)" until step 9 completes it. */
static void board_marks_sections_being_dug(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    sect(t, SK_PARALLEL, 2, -1, 800, 2600, 1600, 2600);
    int b = sect(t, SK_SAP, 2, 0, 1200, 2600, 1200, 2100);
    s->s[b].state = SS_PLANNED;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->g->def->render(t->g, s, -1, f);
    fclose(f);
    if (!strstr(buf, "Trenches: P2-1 Sap-2(dig)"))
        fail_msg("board:\n%s", buf);
    free(buf);
    vbt_free(t);
}

/* ... the list of trenches wrapped to 78 columns: after "Trenches:" (9
 * columns), Sap-1 (6), P2-2 to P2-9 (5 each) and P2-10 to P2-12 (6 each)
 * reach column 73; P2-13 would end at 79, so it starts the next line
 * (sq_io.c:732 `> 78` -> `> 79` survived the seed-18 pass: a line of 79). */
static void board_wraps_the_trenches(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    sect(t, SK_SAP, 2, -1, 100, 2600, 100, 2100);
    for (int i = 1; i < 13; i++)
        sect(t, SK_PARALLEL, 2, -1, 100 + 200 * i, 2600, 200 + 200 * i, 2600);
    assert_int_equal(s->nsect, 13);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->g->def->render(t->g, s, -1, f);
    fclose(f);
    if (!strstr(buf, "\nTrenches: Sap-1 P2-2 P2-3 P2-4 P2-5 P2-6 P2-7 P2-8 P2-9 P2-10 P2-11 "
                     "P2-12\n          P2-13\n"))
        fail_msg("board:\n%s", buf);
    free(buf);
    vbt_free(t);
}

/* ... and each unit on the table, one line a unit: its place, strength,
 * a shaken marker and the leaders attached to it. */
static void board_lists_units(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int h = U(t, "Heavy-A1");
    in_work(t, U(t, "Governor-A"), "Bastion-A");
    attach(t, "Governor-A", "Heavy-A1");
    s->u[h].flags |= UF_SHAKEN;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->g->def->render(t->g, s, -1, f);
    fclose(f);
    char want[96];
    snprintf(want, sizeof want, "\n  Heavy-A1       heavy   Bastion-A  str %d shaken +Governor-A\n",
             s->u[h].str);
    if (!strstr(buf, want))
        fail_msg("board:\n%s", buf);
    /* an attached leader is listed with its unit only, not on a line of its
     * own (sq_io.c 770, `x->att >= 0` -> `> 0`, survived the seed-14 pass:
     * a leader attached to unit 0 was listed twice) */
    if (strstr(buf, "\n  Governor-A "))
        fail_msg("Governor-A on a line of its own:\n%s", buf);
    /* units in the camp, the town or out of play are named in their lists,
     * not on lines of their own (sq_io.c 770, `|| x->lkind == LK_CAMP` ->
     * `&&`, survived the seed-14 pass by hand: the camp's units got lines) */
    if (!strstr(buf, "  in the camp: Foot-1"))
        fail_msg("no camp list:\n%s", buf);
    if (strstr(buf, "\n  Foot-1 "))
        fail_msg("Foot-1 on a line of its own:\n%s", buf);
    free(buf);
    vbt_free(t);
}

/* ... and a gallery being dug (Sequence 2 and 9, mines reconstructed: a
 * counter-sap of 2 days, a mine of 3), for a counter-sap from the last
 * work of the scenario too (CW-6, aim = its number + 1 = nworks;
 * sq_io.c:781 `aim <= nworks` -> `<` survived the seed-18 pass: that
 * gallery was not shown). */
static void board_lists_galleries(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int g = U(t, "Garrison-A1"), cw = W(t, "CW-6");
    assert_int_equal(cw, sc->nworks - 1);
    in_work(t, g, "CW-6");
    s->u[g].aim = (int8_t)(cw + 1);
    s->u[g].dig = 1;
    s->u[g].flags |= UF_DIG;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->g->def->render(t->g, s, -1, f);
    fclose(f);
    const char *line = strstr(buf, "\n  Garrison-A1 ");
    const char *end = line ? strchr(line + 1, '\n') : NULL;
    const char *at = line ? strstr(line, " countersap dug 1/2") : NULL;
    if (!line || !end || !at || at > end)
        fail_msg("board:\n%s", buf);
    free(buf);
    vbt_free(t);
}

/* ... each unit's line at most 78 columns: a shaken foot digging a mine
 * under Bastion-A with its general attached fills all 78 (sq_io.c:789
 * `b[78]` -> `b[77]` survived the seed-18 pass: the last letter cut). */
static void board_line_of_78_columns(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int f = U(t, "Foot-1");
    foot1_in_par2(t);
    attach(t, "General-1", "Foot-1");
    s->u[f].flags |= UF_SHAKEN;
    s->u[f].aim = (int8_t)(W(t, "Bastion-A") + 1);
    s->u[f].dig = 2;
    char *buf = NULL, want[128];
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    t->g->def->render(t->g, s, -1, fp);
    fclose(fp);
    snprintf(want, sizeof want,
             "\n  Foot-1         foot    P2-1       str %d shaken mine Bastion-A 2/3 +General-1\n",
             s->u[f].str);
    assert_int_equal(strlen(want), 80);
    if (!strstr(buf, want))
        fail_msg("board:\n%s", buf);
    free(buf);
    vbt_free(t);
}

/* Breaching fire in a state file: by a battery on the covered way at a work
 * that is not the covered way, on a column 1-8, at its first die. */
static void batter_in_a_state_file(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int bat = sect(t, SK_BATTERY, 3, -1, 1080, 1400, 1320, 1400); /* on the covered way */
    in_sect(t, U(t, "Siege-1"), bat, 1200, 1400);
    s->phase = PH_BART;
    vbt_act(t, "batter Siege-1 at Bastion-A");
    assert_int_equal(s->p.kind, PK_BATTER);
    assert_int_equal(reads_back(t), 0);
    int col = s->p.need;
    static const int bad[] = {0, 9};
    for (int i = 0; i < 2; i++) {
        s->p.need = (int8_t)bad[i];
        if (reads_back(t) != VB_EINPUT)
            fail_msg("a breaching fire on column %d read back", bad[i]);
    }
    s->p.need = (int8_t)col;
    s->p.work = (int8_t)W(t, "CW-1");
    assert_int_equal(reads_back(t), VB_EINPUT);
    vbt_free(t);
}

/* Twelfth session: hostile state files. A point is on the scenario's table
 * (0 to its width across, 0 to its depth down, the edges included); a unit
 * in the camp or the town stands at its point (where play puts it: the
 * evaluation and the board read a unit's position); a section has a
 * length (its length and shape as its order lays it: the nineteenth
 * session's state_file_section_shapes). Each is refused in one line naming
 * the unit or section; the same file with the point put back is read. */

static void state_file_points_on_the_table(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_scen *sc = sq_sc(t->g, s);
    int wd = sc->width, dp = sc->depth;
    /* a parallel section along the table's back edge, a sap to its right
     * edge, a battery */
    int par = lay_cut_trench(t, 2, 1280, dp);
    int sap = lay_cut_sap(t, 2, wd - 560, 3000, 0);
    int bat = lay_cut_battery(t, 2, 1200, 2000);
    int f1 = U(t, "Foot-1"), f2 = U(t, "Foot-2"), g = U(t, "Governor-A");
    in_sect(t, f1, par, 1000, dp);
    in_sect(t, f2, sap, wd, 3000);
    in_sect(t, U(t, "Siege-1"), bat, 1200, 2000);
    assert_int_equal(s->u[U(t, "Foot-3")].lkind, LK_CAMP);
    assert_int_equal(s->u[g].lkind, LK_TOWN);
    check_ok(t);
    assert_int_equal(reads_back(t), 0);
    /* the edges are on the table, one more is off */
    s->s[sap].bx = (int16_t)(wd + 1), s->s[sap].ax++;
    refused(t, "a sap 0.01 in past the right edge", "Sap-2: point [4318, 3000] off the table");
    s->s[sap].bx = (int16_t)wd, s->s[sap].ax--;
    s->s[par].ay = (int16_t)(dp + 1);
    refused(t, "a parallel past the back edge", "P2-1: point [1000, 5973] off the table");
    s->s[par].ay = (int16_t)dp;
    s->s[sap].ax = -1, s->s[sap].bx = 559;
    in_sect(t, f2, sap, 0, 3000);
    refused(t, "a sap past the left edge", "Sap-2: point [-1, 3000] off the table");
    s->s[sap].ax = (int16_t)(wd - 560), s->s[sap].bx = (int16_t)wd;
    in_sect(t, f2, sap, wd, 3000);
    assert_int_equal(reads_back(t), 0);
    /* a unit in the camp or the town at its point, not 0.01 in off */
    s->u[U(t, "Foot-3")].x++;
    refused(t, "Foot-3 off the camp's point", "'Foot-3': pos in the camp is [2159, 5522]");
    s->u[U(t, "Foot-3")].x--;
    s->u[g].y--;
    refused(t, "Governor-A off the town's point", "'Governor-A': pos in the town");
    s->u[g].y++;
    assert_int_equal(reads_back(t), 0);
    /* a section of no length (a piece is laid from one point to another) */
    s->s[sap].ax = (int16_t)wd;
    refused(t, "a sap of no length", "'Sap-2' has no length");
    s->s[sap].ax = (int16_t)(wd - 560);
    assert_int_equal(reads_back(t), 0);
    vbt_free(t);
}

/* "A trench is built at the end of the sap by positioning a section on the
 * centre"; "Batteries are built directly behind or in front of a section
 * of trench". A section is a piece laid on the table: a parallel section
 * centred on a sap head, or a battery centred on its foot, is ordered only
 * where both its ends lie on the table (engine reading 6). Before, a sap
 * dug to the table's edge could be given a parallel section hanging 2.80 in
 * off it, written to the state file with a negative point that the file's
 * checks then refused: a position reached in play could not be read back. */
static void pieces_on_the_table(void **state)
{
    (void)state;
    const int half = 280, bhalf = 120; /* half a parallel section, half a battery */
    int wd = 0;
    static const struct {
        int x, right, ok;
    } cases[] = {{0, 0, 0}, {half - 1, 0, 0}, {half, 0, 1}, {half, 1, 1}, {half - 1, 1, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        wd = sq_sc(t->g, s)->width;
        s->phase = PH_BMOVE;
        int hx = cases[i].right ? wd - cases[i].x : cases[i].x;
        int sap = lay_cut_sap_to(t, 2, hx, 3000);
        int f1 = U(t, "Foot-1");
        in_sect(t, f1, sap, hx, 3000);
        attach(t, "Sappers-1", "Foot-1");
        if (vbt_legal(t, "trench Foot-1") != cases[i].ok)
            fail_msg("a trench at the sap head %d in from the %s edge: legal %d", cases[i].x,
                     cases[i].right ? "right" : "left", !cases[i].ok);
        if (!cases[i].ok)
            explains(t, "trench Foot-1", "the section wholly on the table");
        if (cases[i].ok) {
            /* dug, built and read back */
            vbt_act(t, "trench Foot-1");
            next_day(t);
            assert_int_equal(s->s[s->nsect - 1].state, SS_BUILT);
            assert_int_equal(s->s[s->nsect - 1].kind, SK_PARALLEL);
            assert_int_equal(reads_back(t), 0);
        }
        /* a battery behind a parallel section, centred on the foot */
        int p2 = lay_cut_trench(t, 2, cases[i].right ? wd - half : half, 4000);
        int bx = cases[i].x - half + bhalf;
        in_sect(t, f1, p2, cases[i].right ? wd - bx : bx, 4000);
        s->u[f1].flags = 0;
        s->u[U(t, "Sappers-1")].flags = 0;
        s->phase = PH_BMOVE;
        s->sel = -1;
        if (vbt_legal(t, "battery Foot-1 behind") != cases[i].ok)
            fail_msg("a battery %d in from the %s edge: legal %d", bx,
                     cases[i].right ? "right" : "left", !cases[i].ok);
        if (!cases[i].ok)
            explains(t, "battery Foot-1 behind", "wholly on the table");
        vbt_free(t);
    }
}

/* CinC/Engineers: "4, 5 wounded and taken out of play for 1 turn": a
 * wounded leader is sent back unattached (sq_send_back). A state file
 * giving a wound to an attached leader is refused in one line, whichever
 * unit it is attached to: unit 0 too (sq_io.c 551, `x2->att >= 0` -> `> 0`,
 * survived the seed-14 pass: a wounded Governor-A attached to Heavy-A1 was
 * read back). */
static void wounded_leaders_stand_alone(void **state)
{
    (void)state;
    static const char *const units[] = {"Heavy-A1", "Garrison-A1"};
    for (int i = 0; i < 2; i++) {
        vbt *t = fresh();
        sq_state *s = S(t);
        int g = U(t, "Governor-A");
        in_work(t, U(t, "Garrison-A1"), "Bastion-A");
        in_work(t, g, "Bastion-A");
        attach(t, "Governor-A", units[i]);
        assert_int_equal(reads_back(t), 0);
        s->u[g].wound = 1;
        refused(t, units[i], "'Governor-A': only unattached leaders are wounded");
        s->u[g].att = -1;
        sq_send_back(t->g, s, g);
        s->u[g].wound = 1;
        assert_int_equal(reads_back(t), 0);
        vbt_free(t);
    }
}

/* Army Organisation: a unit in play has 1 to its full strength points (a
 * unit at 0 is out of play); leaders have none. A position with a foot at
 * 0 or one point over its strength is refused in one line (sq_rules.c 716,
 * the second `||` -> `&&`, a seed-14 mutant read as surviving: both were
 * accepted; the state file's reader bounds strength too, so the check is
 * asked directly). */
static void strength_in_play(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    const sq_data *d = t->g->data;
    int f1 = U(t, "Foot-1");
    assert_int_equal(s->u[f1].str, d->strength[UT_FOOT]);
    check_ok(t);
    static const int bad[] = {0, -1, 1};
    for (int i = 0; i < 3; i++) {
        int v = bad[i] > 0 ? d->strength[UT_FOOT] + 1 : bad[i];
        s->u[f1].str = (int8_t)v;
        vb_ctx_init(&t->cx);
        if (!sq_check(t->g, s, &t->cx))
            fail_msg("Foot-1 at strength %d accepted", v);
        char want[64];
        snprintf(want, sizeof want, "unit 'Foot-1' strength %d outside 1-%d", v,
                 d->strength[UT_FOOT]);
        assert_string_equal(t->cx.err, want);
    }
    s->u[f1].str = 1;
    check_ok(t);
    vbt_free(t);
}

/* More hostile state files (twelfth session), edited as JSON: an entry of
 * "sections" that is not an object (refused with no message before), two
 * sections each the other's parent (a ring play never makes: a section
 * grows from one dug before it), a flag given twice. One line each. */
static void state_file_shapes(void **state)
{
    (void)state;
    vbt *t = fresh();
    int a = lay_cut_trench(t, 2, 1280, 3000); /* 10.00-15.60 */
    int e = lay_cut_trench(t, 2, 2400, 3000); /* 21.20-26.80 */
    int b = lay_join(t, a, e);                /* 15.60-21.20 */
    int c = lay_sap(t, b, 2120, 3000, 27000); /* to (21.20, 24.40) */
    in_sect(t, U(t, "Foot-1"), c, 2120, 2440);
    S(t)->u[U(t, "Foot-1")].flags = UF_MOVED | UF_ORDERED;
    assert_int_equal(reads_back(t), 0);
    json_t *j = vbt_state_json(t);
    json_array_append_new(json_object_get(j, "sections"), json_integer(5));
    json_refused(t, j, "a section that is a number", "sections: entry 5 is not an object");
    j = vbt_state_json(t);
    json_object_set_new(json_array_get(json_object_get(j, "sections"), 0), "parent",
                        json_string("Join-3"));
    json_refused(t, j, "two sections each the other's parent", "'P2-1': its parents run in a ring");
    /* a longer chain is no ring: Sap-4 from Join-3 from P2-1 */
    assert_int_equal(reads_back(t), 0);
    j = vbt_state_json(t);
    json_t *f = json_object_get(json_object_get(json_object_get(j, "units"), "Foot-1"), "flags");
    json_array_append_new(f, json_string("moved"));
    json_refused(t, j, "a flag twice", "'Foot-1': flag 'moved' twice");
    /* a gallery or a procedure that is not an object is refused saying so
     * (fifteenth session: the file was refused with an empty reason, "vauban
     * show: FILE:" and nothing after it) */
    j = vbt_state_json(t);
    json_object_set_new(json_object_get(json_object_get(j, "units"), "Foot-1"), "gallery",
                        json_integer(3));
    json_refused(t, j, "a gallery that is a number", "Foot-1: expected an object");
    j = vbt_state_json(t);
    json_object_set_new(j, "procedure", json_string("fire"));
    json_refused(t, j, "a procedure that is a text", "procedure: expected an object");
    vbt_free(t);
}

/* A state file in the middle of an assault keeps its night and its
 * success ("By night" doubles the losses; a success takes the work), each
 * read back as written, each refused in one line when not true or false
 * (sq_io.c 621, the `||` after "night" -> `&&`, a seed-14 mutant read as
 * surviving: "success" was then never read, nor a bad "night" refused). */
static void attack_flags_in_a_state_file(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p3 = lay_cut_trench(t, 3, 1920, 2000);
    in_sect_led(t, "Foot-1", "General-1", p3, 1920, 2000);
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    s->phase = PH_ASSAULT;
    vbt_act(t, "assault Foot-1 at CW-3 by-day");
    vbt_dice(t, "1");
    assert_int_equal(s->p.stage, PS_STAR);
    for (int k = 0; k < 4; k++) {
        s->p.night = (int8_t)(k & 1), s->p.success = (int8_t)(k >> 1);
        json_t *j = t->g->def->to_json(t->g, s, -1);
        sq_state *r = calloc(1, sizeof *r);
        r->h = s->h;
        vb_ctx_init(&t->cx);
        if (t->g->def->from_json(t->g, r, j, &t->cx))
            fail_msg("night %d, success %d: %s", k & 1, k >> 1, t->cx.err);
        assert_int_equal(r->p.night, k & 1);
        assert_int_equal(r->p.success, k >> 1);
        free(r);
        json_decref(j);
    }
    static const char *const keys[] = {"night", "success"};
    for (int i = 0; i < 2; i++) {
        json_t *j = t->g->def->to_json(t->g, s, -1);
        json_object_set_new(json_object_get(j, "procedure"), keys[i], json_string("yes"));
        char want[48];
        snprintf(want, sizeof want, "\"%s\" must be true or false", keys[i]);
        json_refused(t, j, keys[i], want);
    }
    vbt_free(t);
}

/* The number an attack needs ("the amended number", Fire and assaults;
 * clamped at +/-100 by sq_attack_need) in a state file: 100 and -100 are
 * read back as written, 101 and -101 refused in one line (sq_io.c:614
 * `100` -> `101` survived the seed-18 pass: 101 was read). */
static void attack_need_in_a_state_file(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p3 = lay_cut_trench(t, 3, 1920, 2000);
    int f1 = U(t, "Foot-1");
    in_sect(t, f1, p3, 1920, 2000);
    in_work(t, U(t, "Garrison-B2"), "CW-3");
    s->phase = PH_ASSAULT;
    vbt_act(t, "assault Foot-1 at CW-3 by-day");
    assert_int_equal(s->p.kind, PK_ATTACK);
    static const int need[] = {100, -100, 101, -101};
    for (int i = 0; i < 4; i++) {
        json_t *j = t->g->def->to_json(t->g, s, -1);
        json_object_set_new(json_object_get(j, "procedure"), "need", json_integer(need[i]));
        if (i >= 2) {
            json_refused(t, j, "a need past 100", "need");
            continue;
        }
        sq_state *r = calloc(1, sizeof *r);
        r->h = s->h;
        vb_ctx_init(&t->cx);
        if (t->g->def->from_json(t->g, r, j, &t->cx))
            fail_msg("need %d: %s", need[i], t->cx.err);
        assert_int_equal(r->p.need, need[i]);
        free(r);
        json_decref(j);
    }
    vbt_free(t);
}

/* A text of more words than any action has (the parser keeps 8) is
 * refused as illegal in one line, nothing read past its table of words
 * (sq_io.c:123 `*tok[8]` -> `*tok[7]` survived the seed-18 pass: the
 * eighth word was written past the table, seen by the sanitizer build). */
static void text_of_many_words(void **state)
{
    (void)state;
    vbt *t = fresh();
    S(t)->phase = PH_BMOVE;
    static const char *const texts[] = {"move Foot-1 to 1 2 3 4 5",
                                        "sap Foot-1 at 1 2 3 4 5 6 7 8 9 10",
                                        "hold Foot-1 a b c d e f g h"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        assert_false(vbt_legal(t, texts[i]));
        vb_action a;
        vb_ctx_init(&t->cx);
        assert_int_equal(vb_parse_action(t->g, t->m.st, texts[i], &a, &t->cx), VB_EILLEGAL);
        assert_null(strchr(t->cx.err, '\n'));
    }
    assert_true(vbt_legal(t, "hold Foot-1"));
    vbt_free(t);
}

/* Seed-15 survivors of the mutation pass over sq_io.c, each killed here: a
 * unit out of play stands at [0, 0] (546 `px || py` -> `&&`); a point's y is
 * a whole number (301 the x checked twice); an action text as long as the
 * parser's buffer is refused before it is copied (125 `>=` -> `>`, one byte
 * past the buffer); a sap at 359.99 degrees, the last angle, is read (146). */
static void state_file_points_and_texts(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_remove(t->g, S(t), U(t, "Foot-3"));
    assert_int_equal(reads_back(t), 0);
    for (int k = 0; k < 2; k++) {
        json_t *j = vbt_state_json(t);
        json_object_set_new(json_object_get(json_object_get(j, "units"), "Foot-3"), "pos",
                            json_pack("[ii]", k ? 0 : 100, k ? 100 : 0));
        json_refused(t, j, "a unit out of play off [0, 0]",
                     "'Foot-3' is out of play: its pos is [0, 0]");
    }
    json_t *j = vbt_state_json(t);
    json_object_set_new(json_object_get(json_object_get(j, "units"), "Foot-1"), "pos",
                        json_pack("[is]", 2158, "a"));
    json_refused(t, j, "a y that is a text", "Foot-1: a point is [x, y]");
    char txt[VB_TEXT_LEN + 1];
    memset(txt, 'x', VB_TEXT_LEN);
    txt[VB_TEXT_LEN] = '\0';
    vb_action a = 0;
    vb_ctx_init(&t->cx);
    assert_int_equal(t->g->def->parse(t->g, S(t), txt, &a, &t->cx), VB_EILLEGAL);
    assert_non_null(strstr(t->cx.err, "action text too long"));
    vb_ctx_init(&t->cx);
    assert_int_equal(t->g->def->parse(t->g, S(t), "sap Foot-1 at 359.99", &a, &t->cx), 0);
    assert_int_equal(SQ_AK(a), AK_SAPANG);
    assert_int_equal(SQ_AA(a), 35999);
    /* unit 0 (Heavy-A1) is a unit: its sap is parsed, then judged (144 `u < 0` -> `<= 0`) */
    vb_ctx_init(&t->cx);
    assert_int_equal(t->g->def->parse(t->g, S(t), "sap Heavy-A1 at 10", &a, &t->cx), 0);
    assert_int_equal(SQ_AU(a), 0);
    vbt_free(t);
}

/* Army Organisation: two sides, "Defender" and "Besieger", each a role
 * (its index is the side's in the state: SQ_BESIEGER, SQ_DEFENDER); the
 * def names the scenarios of fortress.json, in its order (the def's list
 * is what `vauban list` and a game's file name before the data is read).
 * Twelfth session: the def's counts moved by one survived the seed-12
 * pass over sq_def.c. */
static void roles_and_scenarios(void **state)
{
    (void)state;
    vbt *t = fresh();
    const vb_game_def *def = t->g->def;
    const sq_data *d = t->g->data;
    assert_int_equal(def->nroles, 2);
    assert_int_equal(vb_role_index(t->g, "besieger"), SQ_BESIEGER);
    assert_int_equal(vb_role_index(t->g, "defender"), SQ_DEFENDER);
    assert_int_equal(def->nscenarios, d->nscen);
    for (int i = 0; i < d->nscen; i++)
        assert_string_equal(def->scenarios[i], d->scen[i].name);
    assert_int_equal(def->noptions, 0);
    vbt_free(t);
}

/* Eighteenth session: the numbers of a measured order typed by hand. The
 * parse hook names a malformed number, but the core shows the explain
 * hook's line, which named a rule instead ("move Foot-1 to 1e999 5": "the
 * besieger moves only within the existing network of trenches"; "sap
 * Foot-1 at NaN": "it takes one infantry unit with an attached engineer").
 * Now the number is named first, with the bounds of the table or of the
 * angle; a number of more digits than any on the table is named as such
 * (not by the bounds of a 64-bit integer); a redeployment of more points
 * than the gun has, or of none, names the gun's points. Nothing changes;
 * a well-formed measured order still meets the rule. */
static void measured_numbers_named(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    s->phase = PH_BMOVE;
    static const struct {
        const char *text, *says;
    } rows[] = {
        {"move Foot-1 to 1e999 5", "x: '1e999' is not a whole number"},
        {"move Foot-1 to nan nan", "x: 'nan' is not a whole number"},
        {"move Foot-1 to inf 30", "x: 'inf'"},
        {"move Foot-1 to -24.78 50.72", "x: -24.78 is out of range (a measured move: x "
                                        "0.00-43.17 across, y 0.00-59.72 down"},
        /* x at the table's far edge is on the table: y is the one named
         * (sq_odds.c:280 the scale 101, a seed-27 survivor, named x) */
        {"move Foot-1 to 43.17 59.73", "y: 59.73 is out of range"},
        {"move Foot-1 to 24.781 50.72", "x: '24.781' is not a number with at most 2 decimals"},
        {"move Foot-1 to 24.78 50.72junk", "y: '50.72junk'"},
        {"move Foot-1 to 24.78", "a measured move is 'move UNIT to X Y': two numbers"},
        {"move Foot-1 to 24.78 50.72 3", "two numbers"},
        {"move Foot-1 to 99999999999999999999999 50.72", "too many digits"},
        /* twelve characters are a number read, thirteen too many digits
         * (sq_odds.c:267 `> 12` -> `> 11`, a seed-29 survivor, refused twelve) */
        {"move Foot-1 to 100000000000 50.72", "x: 100000000000 is out of range"},
        {"move Foot-1 to 1000000000000 50.72", "'1000000000000...': too many digits"},
        {"sap Foot-1 at 27500.000000", "angle: '27500.000000' is not a number with at most 2"},
        {"sap Foot-1 at NaN", "angle: 'NaN' is not a whole number (a measured sap is 'sap UNIT "
                              "at DEGREES', 0.00-359.99)"},
        {"sap Foot-1 at 360.00", "angle: 360.00 is out of range"},
        {"sap Foot-1 at -5", "angle: -5 is out of range"},
        {"sap Foot-1 at 9223372036854775808", "too many digits"},
        {"sap Foot-1 at 275.001", "at most 2 decimals"},
        /* no angle after "at" (sq_odds.c:288 `nt >= 3` -> `nt >= 4`, a seed-27 survivor, let
         * it through to the rule: "it takes one infantry unit with an attached engineer") */
        {"sap Foot-1 at", "one angle (a measured sap is 'sap UNIT at DEGREES', 0.00-359.99)"},
    };
    sq_state before = *s;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        explains(t, rows[i].text, rows[i].says);
    /* well formed: the rule speaks (Foot-1 is in the camp, no trench there) */
    explains(t, "move Foot-1 to 24.78 50.72", "the point is not inside a built trench");
    explains(t, "sap Foot-1 at 275.00", "engineer");
    /* the words of a measured order are read as names, as every listed
     * action's: "TO" is "to", and the rule speaks (the parse hook took them
     * as typed until the twenty-seventh session: the explain hook answered
     * with the rule for moves instead) */
    explains(t, "move Foot-1 TO 43.17 59.72", "the point is not inside a built trench");
    explains(t, "MOVE foot-1 To 24.78 50.72", "the point is not inside a built trench");
    explains(t, "Sap Foot-1 AT 275.00", "engineer");
    s->phase = PH_DMOVE;
    s->u[U(t, "Heavy-B1")].str = 1;
    assert_true(vbt_legal(t, "redeploy Heavy-A1 2 to Heavy-B1"));
    explains(t, "redeploy Heavy-A1 4 to Heavy-B1", "Heavy-A1 gives 1 to its 3");
    explains(t, "redeploy Heavy-A1 0 to Heavy-B1", "gives 1 to its 3");
    explains(t, "redeploy Heavy-A1 nan to Heavy-B1", "'nan' is not a whole number");
    /* four words are no redeployment: the rule speaks, not the gun's points
     * (sq_odds.c:294 `(nt == 5 && redeploy) || to`, planted by hand in the
     * seed-27 pass, named the points) */
    explains(t, "redeploy Heavy-A1 9 to", "strength points go from a gun to another of its kind");
    s->phase = PH_BMOVE;
    s->u[U(t, "Heavy-B1")].str = 3;
    assert_memory_equal(s, &before, sizeof before);
    vbt_free(t);
}

/* Eighteenth session: a state file edited by hand, value by value (the
 * twelfth and fourteenth sessions' tests hold points, shapes and
 * strengths in play): a section's facing outside 0-359.99 degrees, a day
 * outside 1-21, a unit's strength above its capacity, a work's above 15,
 * a number written as a text or with decimals, an unknown key in a unit
 * or in the state, a heavy gun in a ravelin (Fortress Capacity: "A
 * bastion may hold 2 units of heavy guns"). Each refused in one line. */
static void state_file_hostile_values(void **state)
{
    (void)state;
    vbt *t = fresh();
    int p = lay_par1(t, 0); /* P1-1, 8.78-15.18 across at y 50.72 */
    static const struct {
        const char *obj, *name, *key; /* obj: NULL the state, "units", "works", "sections" */
        json_int_t v;
        int kind; /* 0 the integer v, 1 the text "6", 2 the real 6.5 */
        const char *says;
    } rows[] = {
        {"sections", "P1-1", "facing", 36000, 0, "P1-1: \"facing\" is 36000, must be 0-35999"},
        {"sections", "P1-1", "facing", -1, 0, "\"facing\" is -1, must be 0-35999"},
        {NULL, NULL, "day", 0, 0, "\"day\" is 0, must be 1-21"},
        {NULL, NULL, "day", 22, 0, "\"day\" is 22, must be 1-21"},
        {NULL, NULL, "day", 0, 1, "\"day\" must be an integer"},
        {"units", "Foot-1", "strength", 7, 0, "Foot-1: \"strength\" is 7, must be 0-6"},
        {"units", "Heavy-A1", "strength", 4, 0, "Heavy-A1: \"strength\" is 4, must be 0-3"},
        {"units", "General-1", "strength", 1, 0, "General-1: \"strength\" is 1, must be 0-0"},
        {"units", "Foot-1", "strength", 0, 1, "Foot-1: \"strength\" must be an integer"},
        {"units", "Foot-1", "strength", 0, 2, "Foot-1: \"strength\" must be an integer"},
        {"works", "Bastion-A", "strength", 16, 0, "Bastion-A: \"strength\" is 16, must be 0-15"},
        {"units", "Foot-1", "morale", 3, 0, "Foot-1: unknown key 'morale'"},
        {NULL, NULL, "weather", 1, 0, "state: unknown key 'weather'"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        json_t *j = vbt_state_json(t);
        json_t *o = j;
        if (rows[i].obj && !strcmp(rows[i].obj, "sections"))
            o = json_array_get(json_object_get(j, "sections"), 0);
        else if (rows[i].obj)
            o = json_object_get(json_object_get(j, rows[i].obj), rows[i].name);
        assert_non_null(o);
        json_object_set_new(o, rows[i].key,
                            rows[i].kind == 1   ? json_string("6")
                            : rows[i].kind == 2 ? json_real(6.5)
                                                : json_integer(rows[i].v));
        json_refused(t, j, rows[i].says, rows[i].says);
    }
    /* a section belongs to the parallel of the section it grows from (a
     * trench on a sap head to the next): a sap of the 1st parallel written
     * as the 3rd's would make its trench a section of the 3rd, skipping the
     * 2nd; a battery likewise */
    int sap = lay_sap(t, p, 1200, 5072, 27000);
    int bat = lay_battery(t, p, 1120, 0);
    assert_int_equal(reads_back(t), 0);
    static const char *const labelled[][2] = {
        {"Sap-2", "section 'Sap-2' of parallel 3 grows from 'P1-1' of parallel 1: it belongs to "
                  "parallel 1"},
        {"Battery-3", "section 'Battery-3' of parallel 2 grows from 'P1-1'"},
    };
    for (int i = 0; i < 2; i++) {
        json_t *j = vbt_state_json(t);
        json_object_set_new(json_array_get(json_object_get(j, "sections"), (size_t)(1 + i)),
                            "parallel", json_integer(3 - i));
        json_refused(t, j, labelled[i][0], labelled[i][1]);
    }
    (void)sap, (void)bat;
    /* the heavy gun in a ravelin, then the same file with it in its bastion */
    json_t *j = vbt_state_json(t);
    json_t *h = json_object_get(json_object_get(j, "units"), "Heavy-A1");
    json_object_set_new(h, "at", json_string("Ravelin-1"));
    json_object_set(
        h, "pos", json_object_get(json_object_get(json_object_get(j, "units"), "Medium-A"), "pos"));
    json_refused(t, j, "a heavy gun in a ravelin",
                 "unit 'Heavy-A1': its place is over capacity or wrong for it (Fortress "
                 "Capacity)");
    assert_int_equal(reads_back(t), 0);
    vbt_free(t);
}

/* Nineteenth session, Besieger: a state file's section has the shape its
 * order gives it (sq_check, through the game's sq_lay_*): a 1st-parallel
 * section is the scenario's and faces the nearest bastion or ravelin; a
 * sap starts in what it grows from and runs a day's digging the way it
 * faces; a parallel section is a day's length, centred on its sap head,
 * facing the nearest work; a battery is its length, directly in front of
 * or behind its parallel, facing the nearest work; a join runs from an
 * end of its trench, facing as it, no longer than 6.40 in. Every edit below was read back
 * before (sqd's audit: 6 of 94 hand edits); each is refused in one line
 * naming the section, and the position laid by the orders is read. */
static void state_file_section_shapes(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int sap = par1_and_sap(t);
    int par = lay_trench(t, sap);
    int bat = lay_battery(t, par, s->s[par].ax + 200, 1);
    int far = lay_cut_trench(t, 2, s->s[par].bx + 400, s->s[par].ay);
    int join = lay_join(t, par, far);
    assert_int_equal(reads_back(t), 0);
    const struct {
        int *sect, field, delta; /* field: 0 facing, 1 both x, 2 both y, 3 ends apart, 4 end b */
        const char *what, *says;
    } rows[] = {
        {NULL, 0, 100, "a 1st-parallel section facing 1 degree off",
         "section 'P1-1' does not face the nearest bastion or ravelin"},
        {NULL, 1, 10, "a 1st-parallel section moved", "'P1-1' is not a section of the scenario's"},
        {&sap, 2, -100, "a sap not starting in its trench",
         "section 'Sap-5' does not start in the trench it grows from"},
        {&sap, 4, -100, "a sap longer than a day's digging",
         "section 'Sap-5' is not a sap's shape"},
        {&sap, 0, 500, "a sap facing away from its run", "section 'Sap-5' is not a sap's shape"},
        {&par, 1, 100, "a parallel section off its sap head",
         "section 'P2-6' is not centred on the head of the sap it grows from"},
        {&par, 3, 100, "a parallel section too long", "section 'P2-6' is not a parallel section's"},
        {&par, 0, 100, "a parallel section facing 1 degree off",
         "section 'P2-6' is not a parallel section's"},
        {&bat, 2, -200, "a battery away from its parallel",
         "section 'Battery-7' is not directly in front of or behind the parallel"},
        {&bat, 3, 50, "a battery too long", "section 'Battery-7' is not a battery's shape"},
        {&bat, 0, 100, "a battery facing 1 degree off", "section 'Battery-7' is not a battery's"},
        {&join, 0, 100, "a join facing another way than its trench",
         "section 'Join-9' does not run from an end of the trench it grows from, facing as it"},
        {&join, 1, 10, "a join not from its trench's end", "section 'Join-9' does not run from"},
        {&join, 4, 700, "a join longer than a day's digging", "'Join-9' is longer than a join"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int k = rows[i].sect ? *rows[i].sect : 0, d = rows[i].delta;
        sq_sect keep = s->s[k], *x = &s->s[k];
        if (rows[i].field == 0)
            x->facing = (uint16_t)((x->facing + d) % 36000);
        else if (rows[i].field == 1)
            x->ax = (int16_t)(x->ax + d), x->bx = (int16_t)(x->bx + d);
        else if (rows[i].field == 2)
            x->ay = (int16_t)(x->ay + d), x->by = (int16_t)(x->by + d);
        else if (rows[i].field == 3)
            x->ax = (int16_t)(x->ax - d), x->bx = (int16_t)(x->bx + d);
        else
            x->by = (int16_t)(x->by + d);
        if (k == bat && rows[i].field == 2) /* moved whole: facing the nearest work from there */
            x->facing = (uint16_t)sq_nearest_work_angle(t->g, s, sq_sect_mid(x));
        refused(t, rows[i].what, rows[i].says);
        s->s[k] = keep;
        assert_int_equal(reads_back(t), 0);
    }
    /* Helper sqf (branch s19/sqf): a join's far end. The section it joins may
     * be destroyed since, yet an order lays the far end at another
     * trench's end, nearer the end the join runs from than its trench's
     * other end (of two as near, the trench's first end wins), not on its
     * own trench (sq_io refuses a section of no length first): Join-9 runs
     * from P2-6's second end (right) to the section on its right, Join-11
     * from its first end (left) to the section on its left. */
    int left = lay_cut_trench(t, 2, s->s[par].ax - 400, s->s[par].ay);
    int join2 = lay_join(t, par, left);
    assert_int_equal(s->s[join].ax, s->s[par].bx);
    assert_int_equal(s->s[join2].ax, s->s[par].ax);
    assert_int_equal(reads_back(t), 0);
    const int mx = (s->s[par].ax + s->s[par].bx) / 2, y = s->s[par].ay;
    const struct {
        int *sect, bx, by; /* the far end moved there */
        const char *says;  /* NULL: read back */
    } ends[] = {
        {&join, s->s[par].bx, y, "'Join-9' has no length"},
        {&join, s->s[par].bx - 100, y, "section 'Join-9' ends on the trench it grows from"},
        {&join2, s->s[par].ax + 1, y, "section 'Join-11' ends on the trench it grows from"},
        {&join, mx, y - 300,
         "section 'Join-9' does not end nearer the end it runs from than its trench's other end"},
        {&join, mx + 1, y - 300, NULL},
        {&join2, mx, y - 300, NULL},
        {&join2, mx + 1, y - 300, "section 'Join-11' does not end nearer the end it runs from"},
    };
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        sq_sect keep = s->s[*ends[i].sect], *x = &s->s[*ends[i].sect];
        x->bx = (int16_t)ends[i].bx, x->by = (int16_t)ends[i].by;
        x->meets = 0; /* what it met destroyed since (join_meets_its_section) */
        if (ends[i].says)
            refused(t, "a join's far end no order lays", ends[i].says);
        else if (reads_back(t) != 0)
            fail_msg("far end %zu: '%s'", i, t->cx.err);
        s->s[*ends[i].sect] = keep;
        assert_int_equal(reads_back(t), 0);
    }
    /* and a join never grows from a battery (a digger stands in a trench) */
    sq_sect keep = s->s[join], *x = &s->s[join];
    x->parent = (int16_t)bat, x->facing = s->s[bat].facing;
    x->ax = s->s[bat].ax, x->ay = s->s[bat].ay;
    x->bx = (int16_t)(s->s[bat].ax - 100), x->by = s->s[bat].ay;
    refused(t, "a join from a battery", "section 'Join-9' does not run from an end of the trench");
    s->s[join] = keep;
    assert_int_equal(reads_back(t), 0);
    vbt_free(t);
}

/* Twenty-first session, Besieger: "If trenches from two different
 * directions do not meet exactly it will require an additional turn of
 * engineering to make them meet. Engineering is an exact art and pieces
 * must not be moved once placed!" A join is dug to a section (join_plan)
 * and ends on its end; nothing in the text removes the join when that
 * section is destroyed later. The state keeps what the join met ("meets"
 * in a state file, null once it is destroyed): a join that names what it
 * meets and does not end on it, or names a battery or nothing built, is
 * refused in one line; a file without the key (before this session) has
 * the section found at the far end, and a join there on nothing is
 * refused. Before, every far end off its own trench and nearer the end it
 * ran from was read back. */
static void join_meets_its_section(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int a = lay_cut_trench(t, 2, 1280, 3000); /* P2-1, 10.00-15.60 */
    int e = lay_cut_trench(t, 2, 2400, 3000); /* P2-2, 21.20-26.80 */
    int b = lay_join(t, a, e);                /* Join-3, 15.60-21.20 */
    int bat = lay_battery(t, a, 1280, 1);     /* Battery-4 */
    int c = lay_sap(t, b, 2120, 3000, 27000); /* Sap-5 from the join's end */
    assert_int_equal(s->s[b].meets, e + 1);
    assert_int_equal(s->s[b].bx, s->s[e].ax);
    assert_int_equal(reads_back(t), 0);
    json_t *j = t->g->def->to_json(t->g, s, -1);
    assert_string_equal(json_string_value(json_object_get(sect_entry(j, "Join-3"), "meets")),
                        "P2-2");
    assert_null(json_object_get(sect_entry(j, "P2-2"), "meets")); /* only a join */
    json_decref(j);
    /* the far end moved off the end of what it meets, by 0.01 in or along it */
    sq_sect keep = s->s[b];
    s->s[b].bx = (int16_t)(s->s[b].bx + 1);
    refused(t, "a join 0.01 in short of what it meets",
            "section 'Join-3' does not end on an end of the section it meets");
    s->s[b].bx = (int16_t)(s->s[b].bx + 49); /* 0.50 in into P2-2 */
    refused(t, "a join ending inside what it meets",
            "section 'Join-3' does not end on an end of the section it meets");
    /* once P2-2 is destroyed, the same far end stands for what was there */
    s->s[b].meets = 0;
    assert_int_equal(reads_back(t), 0);
    s->s[b] = keep;
    /* naming a battery, itself, the sap grown from it, or no section */
    const char *bad[] = {"Battery-4", "Join-3", "P2-9", "Foot-1"};
    for (int i = 0; i < 4; i++) {
        j = t->g->def->to_json(t->g, s, -1);
        json_object_set_new(sect_entry(j, "Join-3"), "meets", json_string(bad[i]));
        json_refused(t, j, bad[i], "section");
        if (!strstr(t->cx.err, "'Join-3' meets no built trench"))
            fail_msg("%s: %s", bad[i], t->cx.err);
    }
    j = t->g->def->to_json(t->g, s, -1);
    json_object_set_new(sect_entry(j, "Sap-5"), "meets", json_string("P2-2"));
    json_refused(t, j, "a sap that meets", "sections: 'Sap-5': only a join meets a section");
    (void)bat, (void)c;
    /* a file written without the key: the section at the far end */
    j = t->g->def->to_json(t->g, s, -1);
    json_object_del(sect_entry(j, "Join-3"), "meets");
    sq_state *r = calloc(1, sizeof *r);
    r->h = s->h;
    vb_ctx_init(&t->cx);
    if (t->g->def->from_json(t->g, r, j, &t->cx))
        fail_msg("no key: %s", t->cx.err);
    assert_int_equal(r->s[b].meets, e + 1);
    free(r);
    json_t *far = json_array_get(json_object_get(sect_entry(j, "Join-3"), "to"), 0);
    json_integer_set(far, json_integer_value(far) + 1);
    json_refused(t, j, "no key, a join to nothing", "sections: 'Join-3' ends on no trench");
    /* play: P2-2 destroyed, the join stays and meets nothing; a section
     * laid later in P2-2's slot is not what it met */
    sq_destroy_sect(t->g, s, e, "test", &t->cx);
    assert_int_equal(s->s[b].state, SS_BUILT);
    assert_int_equal(s->s[b].meets, 0);
    assert_int_equal(t->g->def->check(t->g, s, &t->cx), 0);
    j = t->g->def->to_json(t->g, s, -1);
    assert_true(json_is_null(json_object_get(sect_entry(j, "Join-3"), "meets")));
    json_decref(j);
    assert_int_equal(reads_back(t), 0);
    sq_sect k;
    assert_int_equal(sq_lay_trench(t->g, s, -1, (sq_pt){2400, 3400}, &k), 0);
    k.state = SS_BUILT, k.par = 2;
    s->s[e] = k; /* P2-2 again, 4.00 in nearer the fortress */
    assert_int_equal(s->s[b].meets, 0);
    assert_int_equal(reads_back(t), 0);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fire_target_in_play),
        cmocka_unit_test(join_meets_its_section),
        cmocka_unit_test(attack_units_in_play),
        cmocka_unit_test(out_of_play_holds_nothing),
        cmocka_unit_test(board_marks_sections_being_dug),
        cmocka_unit_test(board_wraps_the_trenches),
        cmocka_unit_test(board_lists_units),
        cmocka_unit_test(board_lists_galleries),
        cmocka_unit_test(board_line_of_78_columns),
        cmocka_unit_test(wounded_leaders_stand_alone),
        cmocka_unit_test(strength_in_play),
        cmocka_unit_test(batter_in_a_state_file),
        cmocka_unit_test(state_file_points_on_the_table),
        cmocka_unit_test(pieces_on_the_table),
        cmocka_unit_test(state_file_shapes),
        cmocka_unit_test(attack_flags_in_a_state_file),
        cmocka_unit_test(attack_need_in_a_state_file),
        cmocka_unit_test(state_file_points_and_texts),
        cmocka_unit_test(text_of_many_words),
        cmocka_unit_test(roles_and_scenarios),
        cmocka_unit_test(measured_numbers_named),
        cmocka_unit_test(state_file_hostile_values),
        cmocka_unit_test(state_file_section_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
