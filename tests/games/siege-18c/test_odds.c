/* test_odds.c - exact odds of fire, breaching fire, sorties and assaults
 * (the odds hooks, used by `vauban odds`, `odds` and `hint` in play), and
 * the explain hook naming the rule that forbids an action text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "odds.h"
#include "vbtest.h"
#include "games/siege-18c/sq_int.h"
#include "sq_test.h"

/* Run the odds of words (a state: t's current one; NULL: the canned
 * position) into o; returns the hook's code. */
static int odds(vbt *t, const vb_game *g, const char *words, vb_odds *o, vb_ctx *cx)
{
    char buf[200], *argv[16];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *w = strtok(buf, " "); w && argc < 15; w = strtok(NULL, " "))
        argv[argc++] = w;
    argv[argc] = NULL; /* as a program's argv */
    sq_state *st = malloc(sizeof *st);
    if (t)
        memcpy(st, S(t), sizeof *st);
    vb_action first = VB_NONE;
    int rc = vb_odds_setup(g, st, t != NULL, argc, argv, &first, cx);
    if (rc == 0)
        rc = vb_odds_run(g, st, first, 0, o, cx);
    free(st);
    return rc;
}

/* Sum of the rows whose name contains needle, as num/den over 1296. */
static uint64_t share(const vb_odds *o, const char *needle)
{
    uint64_t k = 0;
    for (int i = 0; i < o->n; i++)
        if (strstr(o->rows[i].name, needle)) {
            assert_true(o->rows[i].exact);
            assert_int_equal(1296 % o->rows[i].den, 0);
            k += o->rows[i].num * (1296 / o->rows[i].den);
        }
    return k;
}

/* The printed example as odds: "the amended die roll required to win is
 * 8. A 6 is rolled therefore the attack is successful but the attacker has
 * taken 2 casualties": needing 8, only a 6 succeeds (1/6), always with 2
 * casualties to the attacker; a 1 or a 2 destroys it (7 or 6 casualties);
 * by night the losses double. */
static void printed_example_odds(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("siege-18c", &cx);
    vb_odds o = {0};
    assert_int_equal(odds(NULL, g, "attack 8", &o, &cx), 0);
    assert_int_equal(share(&o, "Garrison-B2 -2"), 216);           /* the 6: 1/6 */
    assert_int_equal(share(&o, "Garrison-B2 -6 destroyed"), 432); /* 1-2 */
    assert_int_equal(share(&o, "Foot-1 -"), 0);                   /* the target loses nothing */
    vb_odds_release(&o);
    assert_int_equal(odds(NULL, g, "attack 8 night", &o, &cx), 0);
    assert_int_equal(share(&o, "Garrison-B2 -4"), 216); /* the 6: 2 doubled */
    vb_odds_release(&o);
    /* the breaching table at column 8: 1, 2, 2, 2, 3, 3 points */
    assert_int_equal(odds(NULL, g, "batter 8", &o, &cx), 0);
    assert_int_equal(share(&o, "Bastion-A -1"), 216);
    assert_int_equal(share(&o, "Bastion-A -2"), 648);
    assert_int_equal(share(&o, "Bastion-A -3"), 432);
    vb_odds_release(&o);
    /* musketry at column 4 (Garrison-B2 at Foot-1): one casualty on a 3, 4
     * or 5, two on a 6, and a miss (1, 2) is no effect at all: "a morale
     * test when it hits" (reading); artillery's miss at the same column
     * tests morale "regardless of casualties", so some misses shake */
    assert_int_equal(odds(NULL, g, "fire 4 musket", &o, &cx), 0);
    assert_int_equal(share(&o, "Foot-1 -1"), 648);
    assert_int_equal(share(&o, "Foot-1 -2"), 216);
    assert_int_equal(share(&o, "no effect"), 432);
    vb_odds_release(&o);
    assert_int_equal(odds(NULL, g, "fire 4", &o, &cx), 0);
    assert_true(share(&o, "no effect") < 432);
    assert_true(share(&o, "Foot-1 shaken") > 0);
    vb_odds_release(&o);
    /* bad words: one line, nothing run */
    assert_int_equal(odds(NULL, g, "fire", &o, &cx), VB_EUSAGE);
    assert_non_null(strstr(cx.err, "fire COLUMN [musket]"));
    assert_int_equal(odds(NULL, g, "fire 4 volley", &o, &cx), VB_EUSAGE);
    assert_int_equal(odds(NULL, g, "fire 9", &o, &cx), VB_EUSAGE);
    assert_non_null(strstr(cx.err, "1 to 8"));
    assert_int_equal(odds(NULL, g, "batter 9", &o, &cx), VB_EUSAGE);
    assert_non_null(strstr(cx.err, "1 to 8"));
    assert_int_equal(odds(NULL, g, "volley 3", &o, &cx), VB_EUSAGE);
    assert_non_null(strstr(cx.err, "unknown procedure 'volley'"));
    vb_odds_release(&o);
    vb_game_free(g);
}

/* From a position: the words of a legal action; the fire table and the
 * morale test after artillery fire "regardless of casualties". */
static void odds_from_a_position(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    foot1_in_par2(t);
    s->phase = PH_DART;
    int col;
    assert_int_equal(sq_fire_column(t->g, s, U(t, "Heavy-A1"), U(t, "Foot-1"), &col, NULL, 0), 0);
    vb_odds o = {0};
    assert_int_equal(odds(t, t->g, "fire Heavy-A1 at Foot-1", &o, &t->cx), 0);
    uint64_t total = 0;
    for (int i = 0; i < o.n; i++)
        total += o.rows[i].num * (1296 / o.rows[i].den);
    assert_int_equal(total, 1296);
    /* 17.91 in: column 5, cover -1: 4; one casualty on a 3, 4 or 5, two on a 6 */
    assert_int_equal(col, 4);
    assert_int_equal(share(&o, "Foot-1 -1"), 648);
    assert_int_equal(share(&o, "Foot-1 -2"), 216);
    /* a morale test even with no casualties: some misses leave it shaken */
    assert_true(share(&o, "Foot-1 shaken") > 0);
    vb_odds_release(&o);
    /* not a legal action: refused with the rule */
    assert_int_equal(odds(t, t->g, "fire Heavy-A1 at Foot-2", &o, &t->cx), VB_EILLEGAL);
    assert_int_equal(odds(t, t->g, "end-fire", &o, &t->cx), VB_EUSAGE);
    vb_odds_release(&o);
    /* the dice already pending */
    vbt_act(t, "fire Heavy-A1 at Foot-1");
    assert_int_equal(odds(t, t->g, "fire", &o, &t->cx), 0);
    assert_int_equal(share(&o, "Foot-1 -1"), 648);
    vb_odds_release(&o);
    vbt_free(t);
}

/* The explain hook names the rule. */
static void explain_names_the_rule(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int sap = sect(t, SK_SAP, 1, -1, 909, 2400, 909, 1800);
    in_sect(t, U(t, "Foot-1"), sap, 909, 1800);
    s->phase = PH_BMOVE;
    /* a bare unknown word is named (it answered "name a unit after the
     * order", sixteenth session), with the words the step takes */
    explains(t, "frobnicate", "unknown word 'frobnicate': movement is order, hold, move");
    explains(t, "frobnicate Foot-1", "unknown word 'frobnicate'");
    explains(t, "frobnicate Nobody", "unknown word 'frobnicate'");
    explains(t, "Foot-1", "'Foot-1' is a unit, not an order");
    explains(t, "move", "name a unit after 'move'");
    explains(t, "order", "name a unit after 'order'"); /* the first word of the list */
    explains(t, "move Nobody to P1-1", "no unit of that name: 'Nobody'");
    explains(t, "averyveryveryverylongunknownwordthatrunsonandon", "unknown word 'averyveryvery");
    explains(t, "sortie Garrison-B2 at Foot-1 by-day", "step 7");
    explains(t, "fire Siege-1 at Garrison-B2", "steps 3-6");
    s->phase = PH_ASSAULT;
    explains(t, "assault Foot-1 at CW-1 by-day", "never from saps");
    explains(t, "assault Garrison-B2 at CW-1 by-day", "besieger's foot");
    s->phase = PH_BART;
    s->u[U(t, "Foot-1")].flags |= UF_MOVED;
    explains(t, "fire Foot-1 at Garrison-B2", "battalion guns");
    s->phase = PH_DART;
    s->u[U(t, "Garrison-B2")].flags |= UF_SHAKEN;
    explains(t, "end-fire", "must fire them first");
    /* a gun that has not moved, at a unit that is not the nearest: the
     * rule of the nearest target, not "units that moved do not fire"
     * (sq_odds.c 324 && -> || survived the seed-12 pass); moved: that rule */
    int h = U(t, "Heavy-A1");
    s->u[h].flags = 0;
    explains(t, "fire Heavy-A1 at Foot-2", "nearest enemy unit");
    s->u[h].flags = UF_MOVED;
    explains(t, "fire Heavy-A1 at Foot-2", "units that moved do not fire");
    s->u[h].flags = 0;
    explains(t, "fire Nobody at Foot-1", "no unit of that name");
    explains(t, "fire", "name a unit after 'fire'");
    explains(t, "shoot Heavy-A1 at Foot-1", "unknown word 'shoot': fire is fire or batter");
    explains(t, "assault %s%n %x", "no unit of that name");
    s->phase = PH_SORTIE;
    explains(t, "sally Garrison-B2", "unknown word 'sally': step 7 is sortie and a unit");
    s->u[U(t, "Garrison-B2")].flags = UF_FIRED;
    explains(t, "sortie Garrison-B2 at Foot-1 by-day", "not fired or is shaken");
    vbt_free(t);
    /* the rule of the nearest target when the target named is the first
     * unit of the order of battle (Heavy-A1), out of Siege-1's choice */
    t = fresh();
    int bat = sect(t, SK_BATTERY, 3, -1, 2038, 1850, 2278, 1850);
    in_sect(t, U(t, "Siege-1"), bat, 2158, 1850);
    S(t)->phase = PH_BART;
    assert_int_equal(U(t, "Heavy-A1"), 0);
    explains(t, "fire Siege-1 at Heavy-A1", "nearest enemy unit");
    vbt_free(t);
}

/* `attack NEED [night]` runs the bare attack table for a need of -20 to 20
 * (sq_odds_help): the ends run, one past either is refused in one line
 * naming the bounds, nothing run (sq_odds.c:108 `||` -> `&&` and -20 ->
 * -21, seed-23 survivors: "attack 21" ran as a need of 0, "attack -21"
 * ran). */
static void attack_need_bounds(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("siege-18c", &cx);
    static const struct {
        const char *words;
        int rc;
    } rows[] = {
        {"attack 20", 0},
        {"attack -20", 0},
        {"attack 21", VB_EUSAGE},
        {"attack -21", VB_EUSAGE},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vb_odds o = {0};
        vb_ctx_init(&cx);
        int rc = odds(NULL, g, rows[i].words, &o, &cx);
        if (rc != rows[i].rc)
            fail_msg("'%s': %d, want %d (%s)", rows[i].words, rc, rows[i].rc, cx.err);
        if (rc && (!strstr(cx.err, "not a number from -20 to 20") || strchr(cx.err, '\n')))
            fail_msg("'%s': %s", rows[i].words, cx.err);
        if (!rc)
            assert_true(o.n > 0);
        vb_odds_release(&o);
    }
    vb_game_free(g);
}

/* The bare tables' words (sq_odds_help): `fire COLUMN [musket]`, `batter
 * COLUMN`, `attack NEED [night]`, each with its optional word or without
 * it, run; a word too few, a word too many, or another word where the
 * option goes is refused in one line naming the procedure's words, nothing
 * run (sq_odds.c:106 `argc > 3` -> `argc > 4`, a seed-29 survivor, ran
 * "attack 5 night more" as "attack 5 night"). */
static void canned_words_counted(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("siege-18c", &cx);
    static const struct {
        const char *words, *says;
    } rows[] = {
        {"attack 5", NULL},
        {"attack 5 night", NULL},
        {"attack", "odds: attack NEED [night]"},
        {"attack 5 day", "odds: attack NEED [night]"},
        {"attack 5 night more", "odds: attack NEED [night]"},
        {"attack 5 night night", "odds: attack NEED [night]"},
        {"fire 4", NULL},
        {"fire 4 musket", NULL},
        {"fire", "odds: fire COLUMN [musket]"},
        {"fire 4 cannon", "odds: fire COLUMN [musket]"},
        {"fire 4 musket more", "odds: fire COLUMN [musket]"},
        {"batter 4", NULL},
        {"batter", "odds: batter COLUMN"},
        {"batter 4 more", "odds: batter COLUMN"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vb_odds o = {0};
        vb_ctx_init(&cx);
        int rc = odds(NULL, g, rows[i].words, &o, &cx);
        if (rc != (rows[i].says ? VB_EUSAGE : 0))
            fail_msg("'%s': %d (%s)", rows[i].words, rc, cx.err);
        if (rows[i].says && (strcmp(cx.err, rows[i].says) != 0 || o.n != 0))
            fail_msg("'%s': '%s', %d rows", rows[i].words, cx.err, o.n);
        if (!rows[i].says && o.n == 0)
            fail_msg("'%s': no outcome", rows[i].words);
        vb_odds_release(&o);
    }
    vb_game_free(g);
}

/* The explain hook in steps 7 and 8 names the rule a sortie or an
 * assault breaks, condition by condition (Sequence of Play 7-8,
 * Sortie/Assault), and a bare unit's name as a unit, the first of the list
 * included (sq_odds.c:325 `>= 0` -> `>= 1`, a seed-29 mutant, named
 * Heavy-A1 an unknown word). */
static void explain_sorties_and_assaults(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int par, gb = U(t, "Garrison-B2");
    sap_before_cw3(t, &par);
    in_sect(t, U(t, "Foot-2"), par, 1700, 3600);
    s->phase = PH_SORTIE;
    assert_true(vbt_legal(t, "sortie Garrison-B2 at Foot-1 by-day"));
    explains(t, "Heavy-A1", "'Heavy-A1' is a unit, not an order");
    explains(t, "sortie Foot-1 at Garrison-B2 by-day", "sorties are made by the defender's foot");
    explains(t, "sortie Heavy-A1 at Foot-1 by-day", "sorties are made by the defender's foot");
    explains(t, "sortie Garrison-A1 at Foot-1 by-day", "a sortie goes from the covered way");
    explains(t, "assault Foot-2 at CW-3 by-day", "assaults happen in step 8");
    s->u[gb].flags |= UF_FIRED;
    explains(t, "sortie Garrison-B2 at Foot-1 by-day", "only foot that has not fired or is shaken");
    s->u[gb].flags = UF_ATTACKED;
    explains(t, "sortie Garrison-B2 at Foot-1 by-day", "only foot that has not fired or is shaken");
    s->u[gb].flags = 0;
    s->phase = PH_ASSAULT;
    explains(t, "sortie Garrison-B2 at Foot-1 by-day", "sorties happen in step 7");
    explains(t, "assault Garrison-B2 at CW-3 by-day", "assaults are made by the besieger's foot");
    explains(t, "assault Siege-1 at CW-3 by-day", "assaults are made by the besieger's foot");
    explains(t, "assault Foot-1 at CW-3 by-day", "only from the trench parallels, never from saps");
    explains(t, "assault Foot-2 at Bastion-A by-day", "a unit must assault the closest section");
    vbt_free(t);
}

/* A move refused in the movement step names the side's own rule:
 * Sequence 1, the besieger "moves any units within the existing network
 * of trenches"; Sequence 2 and Formations, the defender within the
 * covered way, heavy guns never (sq_odds.c:404 `side == SQ_BESIEGER` ->
 * `!=`, a seed-23 survivor, gave each side the other's). */
static void explain_moves_by_side(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    s->phase = PH_BMOVE;
    explains(t, "move Foot-1 to Ravelin-1", "the besieger moves only within the existing network");
    s->phase = PH_DMOVE;
    explains(t, "move Heavy-A1 to Town", "the defender moves within the covered way");
    explains(t, "move Heavy-A1 to Town", "heavy guns never move");
    vbt_free(t);
}

/* The odds name each outcome by what changed (sq_odds.c): a unit that
 * lost points and went back to its camp or town "retires" (Sortie/
 * Assault: "destroyed, routed or forced to retire"), one out of play
 * with points left "routs", with none "destroyed" (either has lost all
 * its points to play); one left in place and
 * newly shaken "shaken"; a work's points as a difference (sq_odds.c:190
 * `||` -> `&&`, a seed-23 survivor, never said "retires": a retreat read
 * as casualties alone). */
static void outcome_names_the_fates(void **state)
{
    (void)state;
    vbt *t = fresh();
    sq_state *s = S(t);
    int p = sect(t, SK_PARALLEL, 2, -1, 800, 2600, 1600, 2600);
    int f1 = U(t, "Foot-1"), f2 = U(t, "Foot-2"), f3 = U(t, "Foot-3"), f4 = U(t, "Foot-4");
    int gb = U(t, "Garrison-B2");
    in_sect(t, f1, p, 1000, 2600);
    in_sect(t, f2, p, 1200, 2600);
    in_sect(t, f3, p, 1400, 2600);
    in_sect(t, f4, p, 1500, 2600);
    in_work(t, gb, "CW-1");
    sq_state *after = malloc(sizeof *after);
    memcpy(after, s, sizeof *after);
    after->u[f1].str = (int8_t)(after->u[f1].str - 2);
    sq_send_back(t->g, after, f1);
    after->u[gb].str = (int8_t)(after->u[gb].str - 1);
    sq_send_back(t->g, after, gb);
    after->u[f2].flags |= UF_SHAKEN;
    after->u[f3].str = 2;
    sq_remove(t->g, after, f3);
    after->u[f3].str = 2;
    after->u[f4].str = 0;
    sq_remove(t->g, after, f4);
    after->wstr[W(t, "Bastion-A")] = (int8_t)(s->wstr[W(t, "Bastion-A")] - 2);
    assert_int_equal(after->u[f1].lkind, LK_CAMP);
    assert_int_equal(after->u[gb].lkind, LK_TOWN);
    char buf[200];
    sq_odds_outcome(t->g, s, after, buf, sizeof buf);
    /* in the order of battle; a unit out of play has lost all its points */
    assert_string_equal(buf, "Garrison-B2 -1 retires, Foot-1 -2 retires, Foot-2 shaken, Foot-3 -6 "
                             "routs, Foot-4 -6 destroyed, Bastion-A -2");
    sq_odds_outcome(t->g, s, s, buf, sizeof buf);
    assert_string_equal(buf, "no effect");
    free(after);
    vbt_free(t);
}

/* ---- the odds against every dice outcome played through the rules ----- */

/* What a finished procedure changed, in the test's own words: for each
 * unit of the order of battle that changed, "NAME -CAS FATE" (FATE: gone
 * with no strength left, gone with some, back to camp or town, newly
 * shaken; leaders: dead or newly wounded), then each work "NAME taken" or
 * its change of points, then the winner; pieces joined by "; ". */
static void fates(const vb_game *g, const sq_state *b, const sq_state *a, char *k, size_t n)
{
    const sq_scen *sc = sq_sc(g, b);
    size_t l = 0;
    k[0] = 0;
    for (int u = 0; u < sc->nunits; u++) {
        const sq_unit *x = &b->u[u], *y = &a->u[u];
        int was = x->lkind != LK_OFF, is = y->lkind != LK_OFF, cas = 0;
        const char *f = "";
        if (sq_is_leader(sc->units[u].type))
            f = was && !is ? "dead" : y->wound > x->wound ? "wounded" : "";
        else {
            cas = was ? x->str - (is ? y->str : 0) : 0;
            if (was && !is)
                f = y->str > 0 ? "gone-alive" : "gone";
            else if (y->lkind != x->lkind && (y->lkind == LK_CAMP || y->lkind == LK_TOWN))
                f = "back";
            else if ((y->flags & UF_SHAKEN) && !(x->flags & UF_SHAKEN))
                f = "shaken";
        }
        if (cas || *f)
            l += (size_t)snprintf(k + l, n - l, "%s -%d %s; ", sc->units[u].name, cas, f);
    }
    for (int w = 0; w < sc->nworks; w++)
        if (a->taken[w] && !b->taken[w])
            l += (size_t)snprintf(k + l, n - l, "%s taken; ", sc->works[w].name);
        else if (a->wstr[w] != b->wstr[w])
            l += (size_t)snprintf(k + l, n - l, "%s %d; ", sc->works[w].name,
                                  a->wstr[w] - b->wstr[w]);
    if (a->over && !b->over)
        snprintf(k + l, n - l, "%s wins; ", a->winner == SQ_BESIEGER ? "besieger" : "defender");
}

/* The same words read from a row's name ("Foot-1 -1 shaken, Bastion-A -2"). */
static void fates_of_name(const vb_game *g, const sq_state *b, const char *name, char *k, size_t n)
{
    const sq_scen *sc = sq_sc(g, b);
    char buf[VB_TEXT_LEN];
    size_t l = 0;
    k[0] = 0;
    if (!strcmp(name, "no effect"))
        return;
    snprintf(buf, sizeof buf, "%s", name);
    for (char *piece = strtok(buf, ","); piece; piece = strtok(NULL, ",")) {
        char w[3][64] = {"", "", ""};
        int nw = sscanf(piece, " %63s %63s %63s", w[0], w[1], w[2]);
        if (!strcmp(w[0], "the")) {
            l += (size_t)snprintf(k + l, n - l, "%s wins; ", w[1]);
            continue;
        }
        int wk = sq_find_work(sc, w[0]);
        if (wk >= 0) {
            if (!strcmp(w[1], "taken"))
                l += (size_t)snprintf(k + l, n - l, "%s taken; ", w[0]);
            else
                l += (size_t)snprintf(k + l, n - l, "%s %d; ", w[0], atoi(w[1]));
            continue;
        }
        assert_true(sq_find_unit(sc, w[0]) >= 0);
        int cas = nw > 1 && w[1][0] == '-' ? -atoi(w[1]) : 0;
        const char *f = cas ? w[2] : w[1];
        if (!strcmp(f, "destroyed"))
            f = "gone";
        else if (!strcmp(f, "routs"))
            f = "gone-alive";
        else if (!strcmp(f, "retires"))
            f = "back";
        l += (size_t)snprintf(k + l, n - l, "%s -%d %s; ", w[0], cas, f);
    }
}

typedef struct {
    char key[40][200];
    long double p[40];
    int n;
} tally;

/* Every chance outcome from st, by its weight, applied with the rules,
 * until a side decides or the game ends: the fates' probabilities. */
static void play_out(const vb_game *g, const sq_state *before, const sq_state *st, long double p,
                     tally *t)
{
    if (vb_to_move(g, st) != VB_CHANCE) {
        char k[200];
        fates(g, before, st, k, sizeof k);
        int i = 0;
        while (i < t->n && strcmp(t->key[i], k))
            i++;
        assert_true(i < 40);
        if (i == t->n)
            snprintf(t->key[t->n++], sizeof t->key[0], "%s", k);
        t->p[i] += p;
        return;
    }
    vb_action acts[64];
    uint32_t wt[64], sum = 0;
    int n = vb_legal(g, st, acts, wt, 64);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        sum += wt[i];
    sq_state *c = malloc(sizeof *c);
    vb_ctx cx;
    vb_ctx_init(&cx);
    for (int i = 0; i < n; i++) {
        memcpy(c, st, sizeof *c);
        assert_int_equal(vb_apply(g, c, acts[i], &cx), 0);
        play_out(g, before, c, p * wt[i] / sum, t);
    }
    free(c);
}

/* The odds of the words from t's position (NULL: the canned one) are
 * those of every dice outcome played through the rules, fate by fate. */
static void odds_are_played(vbt *t, const vb_game *g, const char *words)
{
    char buf[200], *argv[16];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *w = strtok(buf, " "); w && argc < 15; w = strtok(NULL, " "))
        argv[argc++] = w;
    argv[argc] = NULL;
    sq_state *st = calloc(1, sizeof *st), *c = calloc(1, sizeof *c);
    if (t)
        memcpy(st, S(t), sizeof *st);
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_action first = VB_NONE;
    if (vb_odds_setup(g, st, t != NULL, argc, argv, &first, &cx))
        fail_msg("%s: %s", words, cx.err);
    vb_odds o = {0};
    assert_int_equal(vb_odds_run(g, st, first, 0, &o, &cx), 0);
    memcpy(c, st, sizeof *c);
    if (first != VB_NONE)
        assert_int_equal(vb_apply(g, c, first, &cx), 0);
    tally *y = calloc(1, sizeof *y);
    play_out(g, st, c, 1.0L, y);
    int seen = 0;
    for (int i = 0; i < o.n; i++) {
        char k[200];
        fates_of_name(g, st, o.rows[i].name, k, sizeof k);
        int j = 0;
        while (j < y->n && strcmp(y->key[j], k))
            j++;
        if (j == y->n)
            fail_msg("%s: '%s' (%s) never played", words, o.rows[i].name, k);
        long double d = o.rows[i].p - y->p[j];
        if (d > 1e-12L || d < -1e-12L)
            fail_msg("%s: '%s' %.6Lf, played %.6Lf", words, o.rows[i].name, o.rows[i].p, y->p[j]);
        seen++;
    }
    if (seen != y->n)
        fail_msg("%s: %d rows, %d fates played", words, seen, y->n);
    free(y);
    vb_odds_release(&o);
    free(st);
    free(c);
}

/* The odds shown before a fire, a breaching fire or a sortie are those of
 * the rules: every column and need of the canned position, and a fire and
 * its morale test from a position, with a CinC at the target or without. */
static void odds_are_every_outcome_played(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("siege-18c", &cx);
    char w[64];
    for (int col = 1; col <= 8; col++) {
        snprintf(w, sizeof w, "fire %d", col);
        odds_are_played(NULL, g, w);
        snprintf(w, sizeof w, "fire %d musket", col);
        odds_are_played(NULL, g, w);
        snprintf(w, sizeof w, "batter %d", col);
        odds_are_played(NULL, g, w);
    }
    for (int need = -20; need <= 20; need++) {
        snprintf(w, sizeof w, "attack %d", need);
        odds_are_played(NULL, g, w);
        snprintf(w, sizeof w, "attack %d night", need);
        odds_are_played(NULL, g, w);
    }
    vb_game_free(g);
    vbt *t = fresh();
    foot1_in_par2(t);
    S(t)->phase = PH_DART;
    odds_are_played(t, t->g, "fire Heavy-A1 at Foot-1");
    vbt_free(t);
    /* General-1 with the target: a star result wounds or kills him */
    t = fresh();
    int p = foot1_in_par2(t);
    in_sect_led(t, "Foot-1", "General-1", p, 1200, 2600);
    S(t)->phase = PH_DART;
    odds_are_played(t, t->g, "fire Heavy-A1 at Foot-1");
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(printed_example_odds),          cmocka_unit_test(odds_from_a_position),
        cmocka_unit_test(explain_names_the_rule),        cmocka_unit_test(attack_need_bounds),
        cmocka_unit_test(explain_moves_by_side),         cmocka_unit_test(outcome_names_the_fates),
        cmocka_unit_test(odds_are_every_outcome_played), cmocka_unit_test(canned_words_counted),
        cmocka_unit_test(explain_sorties_and_assaults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
