/* test_play.c - purposeful random games of siege-18c: the besieger draws
 * its actions with weights that favour saps, trenches, batteries, guns
 * moving forward, fire and assaults (so that every procedure is reached:
 * fire, morale, star results, sorties, assaults, breaches, repairs,
 * capitulation); the defender plays uniformly at random. After every
 * decision: the game's invariants (sq_check), the JSON round trip equal to
 * the state, the legal list non-empty and unique. SIEGE_PLAY sets the
 * number of games (default 6 each). */
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

static int weight(const vb_game *g, const sq_state *s, vb_action a)
{
    const sq_scen *sc = sq_sc(g, s);
    int k = SQ_AK(a), u = SQ_AU(a);
    switch (k) {
    case AK_END:
        return s->phase == PH_BMOVE ? 1 : 2;
    case AK_ORDER:
        return 6;
    case AK_HOLD:
        return 1;
    case AK_ATTACH:
        return 20;
    case AK_DETACH:
        return 0;
    case AK_SAPTO:
        return SQ_AA(a) == 0 ? 4 : 10;
    case AK_TRENCH: {
        const sq_sect *t = &s->s[s->u[u].loc];
        int cy = sq_line_y(sc->crest, sc->ncrest, t->bx);
        return t->by - cy < 500 ? 40 : t->by - cy < 1900 ? 8 : 2;
    }
    case AK_BATTERY:
        return SQ_AA(a) ? 12 : 2;
    case AK_JOIN:
        return 2;
    case AK_MOVE: {
        int ty = sc->units[u].type;
        if (SQ_AA(a) != LK_SECT)
            return 1;
        const sq_sect *t = &s->s[SQ_AB(a)];
        if (t->kind == SK_BATTERY)
            return ty == UT_HEAVY || ty == UT_MORTAR ? 40 : 0;
        /* forward is better */
        int y = (t->ay + t->by) / 2, here = s->u[u].y;
        return y < here - 100 ? 8 : 1;
    }
    case AK_FIRE:
        return 5;
    case AK_BATTERW:
        return 60;
    case AK_ASSAULT:
        return 10;
    case AK_MINE:
        return 30;
    default:
        return 1;
    }
}

/* The one-front siege on day 12: the third parallel on the glacis, a
 * battery on the covered way before each bastion, guns in them, the
 * foot in the 3rd and 2nd parallels (the position the besieger works
 * towards). */
static void advanced(const vb_game *g, sq_state *s)
{
    const sq_scen *sc = sq_sc(g, s);
    s->day = 12;
    for (int i = 0; i < sc->npar1; i++)
        lay_par1_gs(g, s, i);
    /* two approaches, one before each bastion, dug as the orders dig
     * them (sq_test.h: the game's own shapes): from the 1st parallel
     * three saps straight ahead, a 2nd-parallel section on the head,
     * three saps more, a fourth slanting onto the glacis, the 3rd
     * parallel on its head and a battery in front of it on the covered
     * way before the bastion's salient */
    int par3[4], bat[2], y1 = sc->par1[0][0].y;
    for (int side = 0; side < 2; side++) {
        int x = side ? 2798 : 1518, dx = side ? 495 : -495;
        int sap = lay_saps_gs(g, s, side ? 2 : 0, x, y1, 27000, 3);
        int p2 = lay_trench_gs(g, s, sap);
        sap = lay_saps_gs(g, s, p2, x, s->s[p2].ay, 27000, 3);
        sap = lay_sap_gs(g, s, sap, s->s[sap].bx, s->s[sap].by, sq_angle(dx, -262));
        int p3 = lay_trench_gs(g, s, sap);
        par3[side] = p3, par3[2 + side] = p2;
        bat[side] = lay_battery_gs(g, s, p3, side ? 3117 : 1200, 1);
    }
    int nf = 0, ng = 0, ne = 0;
    for (int u = 0; u < sc->nunits; u++) {
        if (sc->units[u].side != SQ_BESIEGER)
            continue;
        int ty = sc->units[u].type;
        sq_pt p;
        if (ty == UT_HEAVY && ng < 4) {
            int k = bat[ng++ / 2];
            p = sq_sect_mid(&s->s[k]);
            sq_place(g, s, u, LK_SECT, k, p);
        } else if (ty == UT_FOOT && nf < 8) {
            int k = par3[nf++ / 2];
            p = sq_sect_mid(&s->s[k]);
            sq_place(g, s, u, LK_SECT, k, p);
        }
    }
    for (int u = 0; u < sc->nunits; u++)
        if (sc->units[u].side == SQ_BESIEGER && sc->units[u].type == UT_ENGINEER && ne < 4) {
            /* attach to the first foot of each third-parallel section */
            for (int f = 0; f < sc->nunits; f++)
                if (sc->units[f].type == UT_FOOT && sc->units[f].side == SQ_BESIEGER &&
                    s->u[f].lkind == LK_SECT && s->u[f].loc == par3[ne]) {
                    s->u[u].att = (int8_t)f;
                    s->u[u].lkind = LK_SECT, s->u[u].loc = s->u[f].loc;
                    s->u[u].x = s->u[f].x, s->u[u].y = s->u[f].y;
                    break;
                }
            ne++;
        }
}

static void play_from(void **state, int from_advanced)
{
    (void)state;
    const char *env = getenv("SIEGE_PLAY");
    int games = env ? atoi(env) : 6;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("siege-18c", &cx);
    assert_non_null(g);
    sq_state *s = malloc(sizeof *s), *r = malloc(sizeof *r);
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t wts[VB_MAX_ACTIONS];
    int wins = 0, maxlegal = 0, breaches = 0, assaults = 0, sorties = 0, mines = 0, counters = 0,
        redeploys = 0;
    long decisions = 0;
    for (int gi = 0; gi < games; gi++) {
        vb_rng rng;
        vb_rng_seed(&rng, 1000 + (uint64_t)gi);
        assert_int_equal(vb_setup(g, s, from_advanced ? 0 : gi % 2, NULL, 77 + (uint64_t)gi, &cx),
                         0);
        if (from_advanced) {
            advanced(g, s);
            if (sq_check(g, s, &cx))
                fail_msg("advanced position: %s", cx.err);
        }
        for (int d = 0; d < 20000 && vb_to_move(g, s) != VB_OVER; d++) {
            int n = vb_legal(g, s, acts, wts, VB_MAX_ACTIONS);
            if (n <= 0)
                fail_msg("game %d decision %d: no legal action", gi, d);
            if (n > maxlegal)
                maxlegal = n;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++)
                    if (acts[i] == acts[j])
                        fail_msg("game %d: action listed twice", gi);
            vb_action a;
            int who = vb_to_move(g, s);
            if (who == VB_CHANCE)
                a = vb_sample_chance(g, s);
            else {
                uint64_t tot = 0;
                for (int i = 0; i < n; i++) {
                    wts[i] = who == SQ_BESIEGER ? (uint32_t)weight(g, s, acts[i]) : 1;
                    tot += wts[i];
                }
                if (!tot)
                    for (int i = 0; i < n; i++)
                        wts[i] = 1, tot++;
                uint64_t x = vb_rng_below(&rng, tot);
                int i = 0;
                while (x >= wts[i])
                    x -= wts[i++];
                a = acts[i];
                if (SQ_AK(a) == AK_ASSAULT)
                    assaults++;
                if (SQ_AK(a) == AK_SORTIE)
                    sorties++;
                mines += SQ_AK(a) == AK_MINE;
                counters += SQ_AK(a) == AK_COUNTER;
                redeploys += SQ_AK(a) == AK_REDEPLOY;
            }
            if (from_advanced && gi == 0 && d == 400 && getenv("SIEGE_SVG")) {
                /* a picture of the board mid-siege, for a person to look at */
                FILE *f = fopen(getenv("SIEGE_SVG"), "w");
                if (f) {
                    g->def->svg(g, s, -1, f);
                    fclose(f);
                }
            }
            if (vb_apply(g, s, a, &cx) < 0)
                fail_msg("game %d decision %d: rejected: %s", gi, d, cx.err);
            decisions++;
            if (sq_check(g, s, &cx))
                fail_msg("game %d decision %d: %s", gi, d, cx.err);
            json_t *j = g->def->to_json(g, s, -1);
            memset(r, 0, sizeof *r);
            r->h = s->h;
            if (g->def->from_json(g, r, j, &cx))
                fail_msg("game %d decision %d: JSON rejected: %s\n%s", gi, d, cx.err,
                         json_dumps(j, JSON_COMPACT));
            if (memcmp(r, s, sizeof *s)) {
                const unsigned char *p = (const void *)r, *q = (const void *)s;
                size_t o = 0;
                while (p[o] == q[o])
                    o++;
                fail_msg("game %d decision %d: JSON round trip differs at byte %zu", gi, d, o);
            }
            json_decref(j);
        }
        assert_int_equal(vb_to_move(g, s), VB_OVER);
        const sq_scen *sc = sq_sc(g, s);
        for (int w = 0; w < sc->nworks; w++)
            breaches += sc->works[w].kind != WK_COVERED && s->wstr[w] == 0;
        wins += s->winner == SQ_BESIEGER;
        int nb = 0, nf = 0, best = 99999, p3 = 0;
        for (int i = 0; i < s->nsect; i++) {
            if (s->s[i].state != SS_BUILT)
                continue;
            if (s->s[i].kind == SK_BATTERY) {
                nb++;
                nf += sq_battery_forward(g, s, i);
            }
            if (s->s[i].kind == SK_PARALLEL && s->s[i].par == 3)
                p3++;
            int dy = s->s[i].by - sq_line_y(sc->crest, sc->ncrest, s->s[i].bx);
            if (dy < best)
                best = dy;
        }
        if (getenv("SIEGE_DEBUG"))
            print_message("game %d: day %d winner %d reason %d; batteries %d forward %d, P3 %d, "
                          "closest %d\n",
                          gi, s->day, s->winner, s->reason, nb, nf, p3, best);
    }
    print_message("siege-18c: %d purposeful games%s, %ld decisions, largest legal list %d, "
                  "besieger wins %d, works breached %d, assaults %d, sorties %d, mine orders "
                  "%d, counter-sap orders %d, redeployments %d\n",
                  games, from_advanced ? " from day 12 (third parallel)" : "", decisions, maxlegal,
                  wins, breaches, assaults, sorties, mines, counters, redeploys);
    assert_true(assaults + sorties > 0);
    if (from_advanced)
        assert_true(breaches > 0 && wins > 0);
    free(s);
    free(r);
    vb_game_free(g);
}

static void play(void **state)
{
    play_from(state, 0);
}

static void play_advanced(void **state)
{
    play_from(state, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(play),
        cmocka_unit_test(play_advanced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
