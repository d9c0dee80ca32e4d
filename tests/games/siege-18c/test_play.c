/* test_play.c - purposeful random games of siege-18c: the besieger draws
 * its actions with weights that favour saps, trenches, batteries, guns
 * moving forward, fire and assaults (so that every procedure is reached:
 * fire, morale, star results, sorties, assaults, breaches, repairs,
 * capitulation); the defender plays uniformly at random. After every
 * decision: the game's invariants (sq_check), the JSON round trip equal to
 * the state, the legal list non-empty and unique. SIEGE_PLAY sets the
 * number of games (default 12). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/siege-18c/sq_int.h"

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
    case AK_BATTERW:
        return 20;
    case AK_ASSAULT:
        return 10;
    default:
        return 1;
    }
}

static void play(void **state)
{
    (void)state;
    const char *env = getenv("SIEGE_PLAY");
    int games = env ? atoi(env) : 12;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("siege-18c", &cx);
    assert_non_null(g);
    sq_state *s = malloc(sizeof *s), *r = malloc(sizeof *r);
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t wts[VB_MAX_ACTIONS];
    int wins = 0, maxlegal = 0, breaches = 0, assaults = 0, sorties = 0;
    long decisions = 0;
    for (int gi = 0; gi < games; gi++) {
        vb_rng rng;
        vb_rng_seed(&rng, 1000 + (uint64_t)gi);
        assert_int_equal(vb_setup(g, s, gi % 2, NULL, 77 + (uint64_t)gi, &cx), 0);
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
    }
    print_message("siege-18c: %d purposeful games, %ld decisions, largest legal list %d, "
                  "besieger wins %d, works breached %d, assaults %d, sorties %d\n",
                  games, decisions, maxlegal, wins, breaches, assaults, sorties);
    assert_true(assaults + sorties > 0);
    free(s);
    free(r);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
