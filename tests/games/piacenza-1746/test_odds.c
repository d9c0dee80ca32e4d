/* test_odds.c - Piacenza 1746: the exact odds of a whole fire procedure
 * through both volleys (9.1, 9.1.2, issue 11), under the second-volley plan
 * the user states ('again UNIT', 'again-all', 'again-replies'): a case
 * computed by hand to exact fractions, the plan-less default against
 * today's stop at the announcements, a Monte Carlo check through the real
 * apply, and the hostile words refused with the position unchanged. */
#include <math.h>
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
#include "odds.h"

/* The Fire Combat example's position (test_examples.c), cut down: A
 * (Corona, 4 SP, with Douchez's -1 to its TDR) fires alone at X
 * (Pallavicini, 4 SP, entrenchment 0805); B (Navarra) stands beside A, so
 * A fires at full strength (9.1.3); with `both`, B fires at X too. */
static vbt *fire_position(int both)
{
    vbt *t = board();
    put(t, "Corona", "0705");
    put(t, "Navarra", "0706");
    put_leader(t, "Douchez", "0706");
    put(t, "Pallavicini", "0805");
    put_leader(t, "Novati", "0906");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Douchez");
    vbt_act(t, "fire Corona Pallavicini");
    if (both)
        vbt_act(t, "fire Navarra Pallavicini");
    return t;
}

/* The odds' setup and plan alone from start (changed in place) with these
 * words. */
static int run_setup(vbt *t, pc_state *start, const char *words, vb_action *first,
                     vb_odds_plan *plan)
{
    char buf[256], *argv[32], *save = NULL;
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *w = strtok_r(buf, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc] = NULL;
    return vb_odds_setup_plan(t->g, start, 1, argc, argv, first, plan, &t->cx);
}

/* Setup and enumeration from pos (unchanged) with these words; plan 0:
 * today's run, stopping at the first decision. */
static int run_words(vbt *t, const pc_state *pos, const char *words, int use_plan, vb_odds *o,
                     pc_state *start)
{
    memcpy(start, pos, sizeof *start);
    vb_action first;
    vb_odds_plan plan;
    memset(o, 0, sizeof *o);
    int rc = run_setup(t, start, words, &first, &plan);
    if (rc == 0)
        rc = vb_odds_run_plan(t->g, start, first, use_plan ? &plan : NULL, 0, o, &t->cx);
    return rc;
}

static const vb_odds_row *row(const vb_odds *o, const char *name)
{
    for (int i = 0; i < o->n; i++)
        if (!strcmp(o->rows[i].name, name))
            return &o->rows[i];
    return NULL;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* Every row exact and the fractions summing to exactly 1. */
static void sums_to_one(const vb_odds *o)
{
    uint64_t num = 0, den = 1;
    long double p = 0;
    for (int i = 0; i < o->n; i++) {
        const vb_odds_row *r = &o->rows[i];
        assert_true(r->exact);
        uint64_t g = gcd(den, r->den), x = 0, y = 0, d = 0;
        assert_false(__builtin_mul_overflow(num, r->den / g, &x) ||
                     __builtin_mul_overflow(r->num, den / g, &y) ||
                     __builtin_mul_overflow(den / g, r->den, &d));
        num = x + y;
        den = d;
        g = gcd(num, den);
        num /= g;
        den /= g;
        p += r->p;
    }
    assert_true(num == 1 && den == 1);
    assert_true(fabsl(p - 1) < 1e-12);
}

/* 9.1.2, by hand. The d10 reads 0-9. First volley of A at X: Extended
 * column (4 SP, one left against more than 2 SP, 8.5.4), -2 (entrenchment):
 * faces 0-4 NE, 5-6 D, 7 D1, 8 D2, 9 "1". A D-level hit on X in good order
 * asks its changing of ranks (8.5.3: 0-3 passes, -1 here), 1/2: passed,
 * X stays in good order (and is changing: a later D disorders it
 * directly) and retreats one hex less; failed, X is disordered. So after
 * the first volley:
 *   X untouched 5/10 (N0), X changing 2/10 x 1/2 = 1/10 (Nc), X disordered
 *   in place 1/10 (Dis), X falls back 1/10, disordered and falls back 1/10
 *   (both no longer adjacent: no second volley), X 2 SP 1/10 (S1).
 * A's TDR (Spain 6, Douchez -1): 0-7 passes, 4/5; fails 1/5: Feu de
 * Billebaude. The second volley, after a pass:
 *   from N0 as the first: NE 5/10, D -> 1/10 nothing, 1/10 disordered;
 *     D1-D2 -> 1/10 falls back, 1/10 disordered and falls back (the
 *     retreat waits for the owner's hex, 9.2.8); "1" 1/10 loses a step;
 *   from Nc: NE 5/10, D 2/10 disordered, D1-D2 2/10 disordered and falls
 *     back, "1" 1/10;
 *   from Dis: NE 5/10 stays disordered; D, D1, D2 ask the second-disorder
 *     TDR (11.1 e: Austria 7, +2: 0-5 holds, 6/10), held: disordered 2/10
 *     x 6/10, disordered and falls back 2/10 x 6/10; failed: routed 4/10
 *     x 4/10; "1" 1/10 loses a step, disordered;
 *   from S1 (2 SP: the Intense column, no shift), -2: faces 0-3 NE, 4 D,
 *     5-6 D1, 7 D2, 8 "1" (the last step: eliminated), 9 D3: NE 4/10, D
 *     1/10 x (1/2 nothing more, 1/2 disordered), D1-D3 4/10 x (1/2 falls
 *     back, 1/2 disordered and falls back), eliminated 1/10.
 * Hence, with 'again Corona' (P = 4/5):
 *   no effect      N0 P 6/10 + Nc P 5/10                 = 7/25
 *   A FdB          (N0 + Nc) 1/5 = 6/10 x 1/5            = 3/25
 *   A FdB, X dis.  Dis 1/5 = 1/50;  A FdB, X step: S1 1/5 = 1/50
 *   X falls back   1/10 + N0 P 1/10                      = 7/50
 *   X dis., falls back  1/10 + N0 P 1/10 + Nc P 2/10 + Dis P 12/100
 *                                                        = 207/1250
 *   X disordered   N0 P 1/10 + Nc P 2/10 + Dis P 62/100  = 66/625
 *   X routed, falls back  Dis P 16/100                   = 8/625
 *   X step, disordered   Dis P 1/10 + S1 P 1/20          = 3/250
 *   X loses a step  (N0 + Nc) P 1/10 + S1 P 45/100       = 21/250
 *   X step, falls back  S1 P 2/10 = 2/125; step, dis., falls back 2/125
 *   X eliminated   S1 P 1/10                             = 1/125 */
static void hand_computed(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint64_t num, den;
    } want[] = {
        {"no effect", 7, 25},
        {"Corona Feu de Billebaude", 3, 25},
        {"Corona Feu de Billebaude, Pallavicini disordered", 1, 50},
        {"Corona Feu de Billebaude, Pallavicini loses a step", 1, 50},
        {"Pallavicini falls back", 7, 50},
        {"Pallavicini disordered, falls back", 207, 1250},
        {"Pallavicini disordered", 66, 625},
        {"Pallavicini routed, falls back", 8, 625},
        {"Pallavicini loses a step, disordered", 3, 250},
        {"Pallavicini loses a step", 21, 250},
        {"Pallavicini loses a step, falls back", 2, 125},
        {"Pallavicini loses a step, disordered, falls back", 2, 125},
        {"Pallavicini eliminated", 1, 125},
    };
    static const struct {
        const char *name;
        uint64_t num, den;
    } first[] = {
        {"no effect", 3, 5},
        {"Pallavicini disordered", 1, 10},
        {"Pallavicini falls back", 1, 10},
        {"Pallavicini disordered, falls back", 1, 10},
        {"Pallavicini loses a step", 1, 10},
    };
    vbt *t = fire_position(0);
    pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start);
    memcpy(pos, S(t), sizeof *pos);
    vb_odds o;
    /* the whole procedure, A announcing its second volley (X holds) */
    assert_int_equal(run_words(t, pos, "open-fire again Corona", 1, &o, start), 0);
    assert_int_equal(o.n, (int)(sizeof want / sizeof *want));
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        const vb_odds_row *r = row(&o, want[i].name);
        if (!r || !r->exact || r->num != want[i].num || r->den != want[i].den)
            fail_msg("9.1.2: '%s' should be %llu/%llu, is %s %llu/%llu", want[i].name,
                     (unsigned long long)want[i].num, (unsigned long long)want[i].den,
                     r ? "" : "absent", r ? (unsigned long long)r->num : 0ULL,
                     r ? (unsigned long long)r->den : 0ULL);
    }
    sums_to_one(&o);
    vb_odds_release(&o);
    /* again-all names the same single firer */
    assert_int_equal(run_words(t, pos, "open-fire again-all", 1, &o, start), 0);
    const vb_odds_row *r = row(&o, "Pallavicini routed, falls back");
    assert_true(r && r->num == 8 && r->den == 625);
    vb_odds_release(&o);
    /* no 'again': the default is no second volley; the odds then equal
     * today's stop at the announcements (no melee is declared here) */
    vb_odds stop;
    assert_int_equal(run_words(t, pos, "open-fire", 0, &stop, start), 0);
    assert_int_equal(vb_to_move(t->g, start), VB_CHANCE);
    assert_int_equal(run_words(t, pos, "open-fire", 1, &o, start), 0);
    assert_int_equal(o.n, (int)(sizeof first / sizeof *first));
    assert_int_equal(stop.n, o.n);
    for (size_t i = 0; i < sizeof first / sizeof *first; i++) {
        const vb_odds_row *a = row(&o, first[i].name), *b = row(&stop, first[i].name);
        assert_non_null(a);
        assert_non_null(b);
        assert_true(a->exact && a->num == first[i].num && a->den == first[i].den);
        assert_true(b->exact && b->num == a->num && b->den == a->den);
    }
    sums_to_one(&o);
    vb_odds_release(&o);
    vb_odds_release(&stop);
    /* from the announcements themselves (a state file there): the plan alone */
    vbt_act(t, "open-fire");
    vbt_act(t, "hold Pallavicini");
    vbt_dice(t, "0"); /* NE */
    memcpy(pos, S(t), sizeof *pos);
    assert_int_equal(run_words(t, pos, "again Corona", 1, &o, start), 0);
    /* N0 alone: no effect 4/5 x 6/10 = 12/25, A's FdB 1/5 */
    r = row(&o, "no effect");
    assert_true(r && r->num == 12 && r->den == 25);
    r = row(&o, "Corona Feu de Billebaude");
    assert_true(r && r->num == 1 && r->den == 5);
    sums_to_one(&o);
    vb_odds_release(&o);
    free(pos);
    free(start);
    vbt_free(t);
}

/* ---- Monte Carlo: sampled plays through the real apply, same plan ------- */

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* One play from start: chance by its weights, the announcements by the
 * plan's words (each 'again UNIT' where it is legal, then 'done'), until
 * any other decision or the end. */
static void sample(vbt *t, const pc_state *start, pc_state *s, const char *const *again, int na,
                   uint64_t *seed, char *name, size_t n)
{
    vb_action acts[64];
    uint32_t w[64];
    memcpy(s, start, sizeof *s);
    for (int guard = 0; guard < 1000; guard++) {
        int who = vb_to_move(t->g, s);
        if (who == VB_OVER)
            break;
        if (who == VB_CHANCE) {
            int k = vb_legal(t->g, s, acts, w, 64);
            assert_true(k > 0);
            uint32_t sum = 0;
            for (int i = 0; i < k; i++)
                sum += w[i];
            uint32_t x = (uint32_t)(rng_next(seed) % sum);
            int i = 0;
            while (x >= w[i])
                x -= w[i++];
            assert_int_equal(vb_apply(t->g, s, acts[i], &t->cx), 0);
            continue;
        }
        if (s->phase != PH_F2ATT && s->phase != PH_F2DEF)
            break;
        vb_action a;
        vb_ctx quiet;
        int did = 0;
        for (int j = 0; j < na && !did; j++) {
            char text[64];
            snprintf(text, sizeof text, "again %s", again[j]);
            vb_ctx_init(&quiet);
            if (vb_parse_action(t->g, s, text, &a, &quiet) == 0) {
                assert_int_equal(vb_apply(t->g, s, a, &t->cx), 0);
                did = 1;
            }
        }
        if (!did) {
            assert_int_equal(vb_parse_action(t->g, s, "done", &a, &t->cx), 0);
            assert_int_equal(vb_apply(t->g, s, a, &t->cx), 0);
        }
    }
    vb_odds_outcome_name(t->g, start, s, name, n);
}

static void monte_carlo(void **state)
{
    (void)state;
    /* A and B fire at X; X fires back at B (9.1); A and X announce a second
     * volley, B does not: both sides' plans, the TDRs of both. */
    vbt *t = fire_position(1);
    pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start), *s = malloc(sizeof *s);
    memcpy(pos, S(t), sizeof *pos);
    vb_odds o;
    assert_int_equal(run_words(t, pos,
                               "open-fire reply Pallavicini Navarra again Corona again Pallavicini",
                               1, &o, start),
                     0);
    long double total = 0;
    for (int i = 0; i < o.n; i++)
        total += o.rows[i].p;
    assert_true(fabsl(total - 1) < 1e-12);
    /* X's own TDR appears: it can fail (Feu de Billebaude) */
    int xfdb = 0;
    for (int i = 0; i < o.n; i++)
        xfdb |= strstr(o.rows[i].name, "Pallavicini Feu de Billebaude") != NULL ||
                strstr(o.rows[i].name, "Pallavicini loses a step, Feu de Billebaude") != NULL ||
                strstr(o.rows[i].name, "disordered, Feu de Billebaude") != NULL;
    assert_true(xfdb);
    static const char *const again[] = {"Corona", "Pallavicini"};
    int trials = vbt_game_count("VB_ODDS_TRIALS", 200000, 200000);
    long *count = calloc((size_t)o.n, sizeof *count);
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    char name[VB_TEXT_LEN];
    for (int k = 0; k < trials; k++) {
        sample(t, start, s, again, 2, &seed, name, sizeof name);
        int i = 0;
        while (i < o.n && strcmp(o.rows[i].name, name))
            i++;
        if (i == o.n)
            fail_msg("a sampled outcome the exact odds do not have: %s", name);
        count[i]++;
    }
    double zmax = 0;
    for (int i = 0; i < o.n; i++) {
        double p = (double)o.rows[i].p, f = (double)count[i] / trials;
        double se = sqrt(p * (1 - p) / trials);
        if (se > 0 && fabs(f - p) / se > zmax)
            zmax = fabs(f - p) / se;
        if (fabs(f - p) > 3 * se + 1e-9)
            fail_msg("%s: exact %.5f, sampled %.5f (%ld of %d), more than 3 s.e. %.5f",
                     o.rows[i].name, p, f, count[i], trials, se);
    }
    print_message("%d outcomes, %ld chance states; %d sampled plays: largest gap %.2f s.e.\n", o.n,
                  o.states, trials, zmax);
    free(count);
    vb_odds_release(&o);
    free(pos);
    free(start);
    free(s);
    vbt_free(t);
}

/* ---- hostile words: a one-line error, the position unchanged ----------- */
static void hostile_words(void **state)
{
    (void)state;
    static const struct {
        const char *words, *err;
    } bad[] = {
        {"open-fire again Navarra", "Navarra fires no first volley"},
        {"open-fire again Novati", "no unit Novati"},
        {"open-fire again Corona again Corona", "Corona named twice"},
        {"open-fire again-all again-all", "'again-all' named twice"},
        {"open-fire again", "'again' needs a unit"},
        {"open-fire reply Pallavicini", "'reply' needs a unit and its target"},
        {"open-fire hold", "'hold' needs a unit"},
        {"open-fire again Pallavicini", "Pallavicini fires no first volley"},
        /* unit 0, off the map: pc_odds_plan's scan of the first volleys
         * `j < s->nd` to `<=` (seed 25, :192) read the free slot df[nd],
         * 0, as a volley of unit 0 and took its announcement */
        {"open-fire again Guardias-Espanolas", "Guardias Espanolas fires no first volley"},
        {"fire Navarra Pallavicini again Corona", "no second volley to announce here"},
    };
    vbt *t = fire_position(0);
    assert_string_equal(D(t)->u[0].name, "Guardias Espanolas");
    pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start);
    memcpy(pos, S(t), sizeof *pos);
    vb_odds o;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        vb_ctx_init(&t->cx);
        memcpy(start, pos, sizeof *start);
        assert_true(run_words(t, pos, bad[i].words, 1, &o, start) < 0);
        if (!strstr(t->cx.err, bad[i].err) || strchr(t->cx.err, '\n'))
            fail_msg("'%s': error '%s' should name '%s'", bad[i].words, t->cx.err, bad[i].err);
        assert_memory_equal(start, pos, sizeof *pos); /* bad words change nothing */
    }
    /* the plain setup (the server's) refuses plan words it could not follow */
    char w0[] = "open-fire", w1[] = "again", w2[] = "Corona";
    char *argv[] = {w0, w1, w2, NULL};
    vb_action first;
    memcpy(start, pos, sizeof *start);
    assert_true(vb_odds_setup(t->g, start, 1, 3, argv, &first, &t->cx) < 0);
    assert_memory_equal(start, pos, sizeof *pos);
    /* after the active side's announcements, its units can no longer */
    vbt_act(t, "open-fire");
    vbt_act(t, "hold Pallavicini");
    vbt_dice(t, "0");
    memcpy(pos, S(t), sizeof *pos);
    memcpy(start, pos, sizeof *start);
    assert_true(run_words(t, pos, "done again Corona", 1, &o, start) < 0);
    assert_non_null(strstr(t->cx.err, "already announced"));
    assert_memory_equal(start, pos, sizeof *pos);
    free(pos);
    free(start);
    vbt_free(t);
}

/* ---- odds hook: exact odds before a combat choice ---------------------------*/
static long double odds_of(const vb_odds *o, const char *name)
{
    for (int i = 0; i < o->n; i++)
        if (!strcmp(o->rows[i].name, name))
            return o->rows[i].p;
    return 0;
}

static void odds(void **state)
{
    (void)state;
    /* 8.3: the first volley of a bombardment; each outcome's probability is
     * the share of the ten die faces that give it on the table's column */
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 5);
    vbt_act(t, "end-movement");
    const pc_data *d = D(t);
    pc_state *s = malloc(sizeof *s);
    memcpy(s, S(t), sizeof *s);
    char w1[] = "bombard", w2[] = "Artilleria-de-Gages", w3[] = "0807";
    char *argv[] = {w1, w2, w3, NULL};
    vb_action first;
    assert_int_equal(vb_odds_setup(t->g, s, 1, 3, argv, &first, &t->cx), 0);
    vb_odds o = {0};
    assert_int_equal(vb_odds_run(t->g, s, first, 0, &o, &t->cx), 0);
    /* 3 SP: the 3-5 column; Grenadiers Marini in 0807 (1 SP): -3 range 2 and cover */
    int col = 1, mod = -3, ne = 0, e = 0;
    assert_true(d->bomb_min_sp[col] <= 3 && (col == 2 || d->bomb_min_sp[col + 1] > 3));
    for (int die = 0; die < 10; die++) {
        int r = d->bomb[col][die + mod - PC_DIE_MIN];
        ne += r == R_NE;
        e += r == R_E || r == R_1; /* Marini has a single step */
    }
    assert_true(fabsl(odds_of(&o, "no effect") - ne / 10.0L) < 1e-12);
    assert_true(fabsl(odds_of(&o, "Grenadiers Marini eliminated") - e / 10.0L) < 1e-12);
    long double sum = 0;
    for (int i = 0; i < o.n; i++)
        sum += o.rows[i].p;
    assert_true(fabsl(sum - 1) < 1e-12);
    vb_odds_release(&o);
    /* without a position, or with an illegal action: a usage error */
    memcpy(s, S(t), sizeof *s);
    assert_true(vb_odds_setup(t->g, s, 0, 3, argv, &first, &t->cx) < 0);
    char w4[] = "0101";
    argv[2] = w4;
    assert_true(vb_odds_setup(t->g, s, 1, 3, argv, &first, &t->cx) < 0);
    vbt_free(t);

    /* 9.2.3: a melee: the defender fires first (die 0: NE), then the melee die */
    t = melee_declared();
    memcpy(s, S(t), sizeof *s);
    char m1[] = "open-fire";
    char *av[] = {m1, NULL};
    assert_int_equal(vb_odds_setup(t->g, s, 1, 1, av, &first, &t->cx), 0);
    memset(&o, 0, sizeof o);
    assert_int_equal(vb_odds_run(t->g, s, first, 0, &o, &t->cx), 0);
    sum = 0;
    for (int i = 0; i < o.n; i++)
        sum += o.rows[i].p;
    assert_true(fabsl(sum - 1) < 1e-12);
    /* the replayed dice 0,9 (see melee) give this outcome; the odds stop at
     * the next decision, the Austrian's choice of Clerici's retreat hex
     * (9.2.8), before Castilla advances */
    assert_true(odds_of(&o, "Clerici loses a step, disordered, falls back") > 0);
    assert_true(odds_of(&o, "Castilla advances, Clerici loses a step, disordered, falls back") ==
                0);
    vb_odds_release(&o);
    free(s);
    vbt_free(t);
}

/* 9.1: the odds of the first volleys with each defender's own choice of
 * target (the Fire Combat example's position, test_examples.c): X
 * (Pallavicini), fired at by A (Corona) and B (Navarra), answers the one
 * named; the others hold their fire. Only X can hurt A or B. */
static int mentions(const vb_odds *o, const char *unit)
{
    for (int i = 0; i < o->n; i++)
        if (o->rows[i].p > 0 && strstr(o->rows[i].name, unit))
            return 1;
    return 0;
}

/* Corona and Navarra fire at Pallavicini, Aragon at Clerici (0806). */
static vbt *three_volleys(void)
{
    vbt *t = douchez_three("0806", NULL);
    vbt_act(t, "fire Corona Pallavicini");
    vbt_act(t, "fire Navarra Pallavicini");
    vbt_act(t, "fire Aragon Clerici");
    return t;
}

static void odds_own_replies(void **state)
{
    (void)state;
    vbt *t = three_volleys();
    pc_state *s = malloc(sizeof *s);
    char w0[] = "open-fire", w1[] = "reply", w2[] = "Pallavicini", w3[] = "Navarra";
    char *argv[] = {w0, w1, w2, w3, NULL};
    vb_action first;
    vb_odds o = {0};
    for (int pass = 0; pass < 2; pass++) {
        static char corona[] = "Corona", navarra[] = "Navarra";
        char *target = pass ? corona : navarra, *other = pass ? navarra : corona;
        argv[3] = target;
        memcpy(s, S(t), sizeof *s);
        assert_int_equal(vb_odds_setup(t->g, s, 1, 4, argv, &first, &t->cx), 0);
        assert_int_equal(vb_odds_run(t->g, s, first, 0, &o, &t->cx), 0);
        long double sum = 0;
        for (int i = 0; i < o.n; i++)
            sum += o.rows[i].p;
        assert_true(fabsl(sum - 1) < 1e-12);
        if (!mentions(&o, target) || mentions(&o, other))
            fail_msg("9.1: Pallavicini's reply at %s: outcomes name %s %d, %s %d", target, target,
                     mentions(&o, target), other, mentions(&o, other));
        assert_false(mentions(&o, "Aragon")); /* Clerici holds its fire */
        vb_odds_release(&o);
    }
    /* a declaration that this fire does not offer is refused */
    char a3[] = "Aragon";
    argv[3] = a3;
    memcpy(s, S(t), sizeof *s);
    assert_true(vb_odds_setup(t->g, s, 1, 4, argv, &first, &t->cx) < 0);
    assert_non_null(strstr(t->cx.err, "reply Pallavicini"));
    free(s);
    vbt_free(t);
}

/* ---- every dice outcome walked through the real apply ------------------ */

typedef struct tally {
    int n;
    long leaves;
    struct {
        char name[VB_TEXT_LEN];
        uint64_t num, den;
    } r[256];
} tally;

static void frac_add(uint64_t *num, uint64_t *den, uint64_t n2, uint64_t d2)
{
    uint64_t g = gcd(*den, d2), x = 0, y = 0, d = 1;
    assert_false(__builtin_mul_overflow(*num, d2 / g, &x) ||
                 __builtin_mul_overflow(n2, *den / g, &y) ||
                 __builtin_mul_overflow(*den / g, d2, &d));
    g = gcd(x + y, d);
    *num = (x + y) / g;
    *den = d / g;
}

/* Apply the action with this text to s (it must be legal). */
static void act_on(vbt *t, pc_state *s, const char *text)
{
    vb_action a;
    if (vb_parse_action(t->g, s, text, &a, &t->cx) || vb_apply(t->g, s, a, &t->cx))
        fail_msg("'%s' refused: %s", text, t->cx.err);
}

/* From s (reached with probability num/den): every chance outcome by its
 * weight; the announcements by the plan (each 'again UNIT' where legal,
 * then 'done', as sample); any other decision, or the end, is an outcome,
 * named as the odds name it against start. */
static void walk(vbt *t, const pc_state *start, const pc_state *s, uint64_t num, uint64_t den,
                 const char *const *again, int na, tally *tl)
{
    pc_state *c = malloc(sizeof *c);
    int who = vb_to_move(t->g, s);
    if (who == VB_CHANCE) {
        vb_action acts[64];
        uint32_t w[64];
        int k = vb_legal(t->g, s, acts, w, 64);
        uint64_t sum = 0;
        assert_true(k > 0);
        for (int i = 0; i < k; i++)
            sum += w[i];
        for (int i = 0; i < k; i++) {
            uint64_t n2 = num * w[i], d2 = den * sum, g = gcd(n2, d2);
            memcpy(c, s, sizeof *c);
            assert_int_equal(vb_apply(t->g, c, acts[i], &t->cx), 0);
            walk(t, start, c, n2 / g, d2 / g, again, na, tl);
        }
    } else if (who != VB_OVER && (s->phase == PH_F2ATT || s->phase == PH_F2DEF)) {
        vb_action a;
        vb_ctx quiet;
        int did = 0;
        memcpy(c, s, sizeof *c);
        for (int j = 0; j < na && !did; j++) {
            char text[64];
            snprintf(text, sizeof text, "again %s", again[j]);
            vb_ctx_init(&quiet);
            if (vb_parse_action(t->g, c, text, &a, &quiet) == 0) {
                assert_int_equal(vb_apply(t->g, c, a, &t->cx), 0);
                did = 1;
            }
        }
        if (!did)
            act_on(t, c, "done");
        walk(t, start, c, num, den, again, na, tl);
    } else {
        char name[VB_TEXT_LEN];
        int i = 0;
        vb_odds_outcome_name(t->g, start, s, name, sizeof name);
        while (i < tl->n && strcmp(tl->r[i].name, name))
            i++;
        if (i == tl->n) {
            assert_true(tl->n < 256);
            snprintf(tl->r[i].name, sizeof tl->r[i].name, "%s", name);
            tl->r[i].num = 0;
            tl->r[i].den = 1;
            tl->n++;
        }
        frac_add(&tl->r[i].num, &tl->r[i].den, num, den);
        tl->leaves++;
    }
    free(c);
}

/* issue 11: "the odds shown before a combat choice must be exact". For
 * each position, the fire declared by the actions themselves (open-fire,
 * the defender's reply or hold), then every dice outcome walked through
 * the real apply to the next decision of a player, the second volleys
 * announced by the plan: the odds printed for the same words
 * (`pc_odds_setup`, `pc_odds_plan`, `pc_odds_decide`, `pc_odds_outcome`)
 * have exactly these outcomes and fractions. */
static void every_outcome_walked(void **state)
{
    (void)state;
    static const struct {
        int both;
        const char *words, *decl[2];
        const char *again[2];
        int na;
    } cases[] = {
        {0, "open-fire again Corona", {"open-fire", "hold Pallavicini"}, {"Corona"}, 1},
        {0,
         "open-fire reply Pallavicini Corona again-replies",
         {"open-fire", "reply Pallavicini Corona"},
         {"Pallavicini"},
         1},
        {1,
         "open-fire reply Pallavicini Navarra",
         {"open-fire", "reply Pallavicini Navarra"},
         {NULL},
         0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        vbt *t = fire_position(cases[k].both);
        pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start);
        tally *tl = calloc(1, sizeof *tl);
        memcpy(pos, S(t), sizeof *pos);
        vb_odds o;
        assert_int_equal(run_words(t, pos, cases[k].words, 1, &o, start), 0);
        memcpy(start, pos, sizeof *start);
        for (int i = 0; i < 2; i++)
            act_on(t, start, cases[k].decl[i]);
        walk(t, pos, start, 1, 1, cases[k].again, cases[k].na, tl);
        if (tl->n != o.n)
            fail_msg("%s: %d outcomes walked, %d printed", cases[k].words, tl->n, o.n);
        for (int i = 0; i < tl->n; i++) {
            const vb_odds_row *r = row(&o, tl->r[i].name);
            if (!r || !r->exact || r->num != tl->r[i].num || r->den != tl->r[i].den)
                fail_msg("%s: '%s' walked %llu/%llu, printed %s %llu/%llu", cases[k].words,
                         tl->r[i].name, (unsigned long long)tl->r[i].num,
                         (unsigned long long)tl->r[i].den, r ? "" : "absent",
                         r ? (unsigned long long)r->num : 0ULL,
                         r ? (unsigned long long)r->den : 0ULL);
        }
        print_message("%s: %d outcomes, %ld dice paths\n", cases[k].words, tl->n, tl->leaves);
        vb_odds_release(&o);
        free(tl);
        free(pos);
        free(start);
        vbt_free(t);
    }
}

/* 9.1.2: the second volleys are announced after the first volley's
 * effects; the plan may be given with the words of a choice those effects
 * wait for: here the owner's choice of the unit of a hit stack that
 * suffers (8.5.1), Clerici stacked with X. And a defender firing back at
 * unit 0 of the order of battle (Guardias Espanolas) announces its second
 * volley too: pc_odds.c `pc_odds_plan`: `s->rt[u] >= 0` to `> 0` refused
 * 'again Pallavicini'. */
static void plan_while_effects_wait(void **state)
{
    (void)state;
    vbt *t = fire_position(0);
    put(t, "Clerici", "0805");
    vbt_act(t, "open-fire");
    while (S(t)->phase == PH_FREPLY && !S(t)->roll) {
        if (vbt_legal(t, "hold Pallavicini"))
            vbt_act(t, "hold Pallavicini");
        else
            vbt_act(t, "hold Clerici");
    }
    pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start);
    vb_odds o;
    /* a state file at the volley's die: the plan alone, from the dice due
     * (pc_odds.c `pc_odds_setup`: its `: 0` to `: 1` refused them) */
    assert_int_equal(S(t)->roll, RL_FIRE);
    memcpy(pos, S(t), sizeof *pos);
    if (run_words(t, pos, "again Corona", 1, &o, start))
        fail_msg("the odds refused at the dice due: %s", t->cx.err);
    sums_to_one(&o);
    vb_odds_release(&o);
    vbt_dice(t, "9"); /* "1": a step, the owner names the unit */
    assert_int_equal(S(t)->phase, PH_OWNER);
    memcpy(pos, S(t), sizeof *pos);
    if (run_words(t, pos, "suffer Clerici again Corona", 1, &o, start))
        fail_msg("9.1.2: the plan refused at the owner's choice: %s", t->cx.err);
    int fdb = 0; /* Corona's TDR for its second volley: it can fail */
    for (int i = 0; i < o.n; i++)
        fdb |= strstr(o.rows[i].name, "Corona Feu de Billebaude") != NULL;
    assert_true(fdb);
    sums_to_one(&o);
    vb_odds_release(&o);
    vbt_free(t);

    t = board();
    assert_string_equal(D(t)->u[0].name, "Guardias Espanolas");
    put(t, "Guardias Espanolas", "0704");
    put_leader(t, "Aramburu", "0604");
    put(t, "Pallavicini", "0705");
    put_leader(t, "Novati", "0806");
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Guardias-Espanolas Pallavicini");
    memcpy(pos, S(t), sizeof *pos);
    if (run_words(t, pos, "open-fire reply Pallavicini Guardias-Espanolas again Pallavicini", 1, &o,
                  start))
        fail_msg("9.1.2: a reply at unit 0 announces no second volley: %s", t->cx.err);
    sums_to_one(&o);
    vb_odds_release(&o);
    free(pos);
    free(start);
    vbt_free(t);
}

/* 9.2.9: the winning attacker enters the attacked hex; the odds name it
 * "advances", not "falls back" (Castilla's melee on Clerici in the
 * entrenchment, Clerici on its last step: a D1 eliminates it and leaves
 * 0805 empty). pc_odds.c `pc_odds_outcome`: the
 * active side's test `==` to `!=`, or the marker's `>= 0` to `<= 0`, named
 * every advance a fall back. */
static void melee_odds_name_the_advance(void **state)
{
    (void)state;
    vbt *t = melee_declared();
    S(t)->ustep[U(t, "Clerici")] = 1;
    pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start);
    memcpy(pos, S(t), sizeof *pos);
    vb_odds o;
    assert_int_equal(run_words(t, pos, "open-fire", 1, &o, start), 0);
    int adv = 0;
    for (int i = 0; i < o.n; i++) {
        adv |= strstr(o.rows[i].name, "advances") != NULL;
        if (strstr(o.rows[i].name, "Clerici eliminated") &&
            (!strstr(o.rows[i].name, "advances") || strstr(o.rows[i].name, "falls back")))
            fail_msg("9.2.9: '%s': the winner does not advance", o.rows[i].name);
    }
    assert_true(adv);
    sums_to_one(&o);
    vb_odds_release(&o);
    free(pos);
    free(start);
    vbt_free(t);
}

/* 9.1: each defender fired at declares its own defensive fire, once. The
 * odds take every declaration given, in any order of the words: Pallavicini
 * replies at Corona, Clerici at Aragon. A second declaration for
 * Pallavicini ('reply Pallavicini Navarra' after 'reply Pallavicini
 * Corona') is refused, named, the position unchanged. pc_odds.c
 * pc_odds_setup: the declarations' scan `k < 0` to `k < 1` (the seed-23
 * survivor :106) went on past a declaration matched as the first legal
 * action and took the next one that parses (the same unit's other reply)
 * as used: the double declaration passed. */
static void odds_take_every_declaration(void **state)
{
    (void)state;
    vbt *t = three_volleys();
    pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start);
    memcpy(pos, S(t), sizeof *pos);
    static const char *const words[] = {
        "open-fire reply Pallavicini Corona reply Clerici Aragon",
        "open-fire reply Clerici Aragon reply Pallavicini Corona",
    };
    for (int k = 0; k < 2; k++) {
        memcpy(start, pos, sizeof *start);
        vb_action first;
        vb_odds_plan plan;
        if (run_setup(t, start, words[k], &first, &plan))
            fail_msg("9.1: '%s' refused: %s", words[k], t->cx.err);
        if (start->rt[U(t, "Pallavicini")] != U(t, "Corona") ||
            start->rt[U(t, "Clerici")] != U(t, "Aragon"))
            fail_msg("9.1: '%s': Pallavicini replies at %d, Clerici at %d", words[k],
                     start->rt[U(t, "Pallavicini")], start->rt[U(t, "Clerici")]);
    }
    memcpy(start, pos, sizeof *start);
    vb_action first;
    vb_odds_plan plan;
    if (run_setup(t, start, "open-fire reply Pallavicini Corona reply Pallavicini Navarra", &first,
                  &plan) >= 0)
        fail_msg("9.1: Pallavicini's two declarations accepted");
    assert_non_null(strstr(t->cx.err, "'reply Pallavicini'"));
    assert_memory_equal(start, pos, sizeof *start);
    free(pos);
    free(start);
    vbt_free(t);
}

/* 9.1.2: the second volleys are announced once the first volleys' effects
 * are placed; the plan ('again UNIT') may be given while those effects
 * still wait for a player. Corona fires at Pallavicini (Clerici stacked
 * with it, 0805) and Aragon at Marschall (Traun stacked with it, 0806); a
 * step lost in each stack: two owners' choices (8.5.1). With the first
 * choice as the odds' action, the second still waits after it, no die due:
 * 'again Corona' is accepted. pc_odds.c announcements_due: `s->cont ==
 * CONT_FIRE1` to `!=` (the seed-23 survivor :150) said no announcement was
 * due there and refused the plan. */
static void plan_while_two_owners_choose(void **state)
{
    (void)state;
    static const char *const stack[2] = {"Marschall", "Traun"};
    vbt *t = douchez_three("0805", stack);
    vbt_act(t, "fire Corona Pallavicini");
    vbt_act(t, "fire Aragon Marschall");
    vbt_act(t, "open-fire");
    static const char *const holds[] = {"hold Pallavicini", "hold Clerici", "hold Marschall",
                                        "hold Traun"};
    for (int guard = 0; guard < 8 && S(t)->phase == PH_FREPLY && !S(t)->roll; guard++)
        for (int k = 0; k < 4; k++)
            if (vbt_legal(t, holds[k])) {
                vbt_act(t, holds[k]);
                break;
            }
    assert_int_equal(S(t)->roll, RL_FIRE);
    vbt_dice(t, "9"); /* each volley: a step (8.5.1: the owner names the unit) */
    vbt_dice(t, "9");
    assert_int_equal(S(t)->phase, PH_OWNER);
    assert_true(vbt_legal(t, "suffer Clerici"));
    pc_state *start = malloc(sizeof *start);
    memcpy(start, S(t), sizeof *start);
    vb_action first;
    vb_odds_plan plan;
    if (run_setup(t, start, "suffer Clerici again Corona", &first, &plan))
        fail_msg("9.1.2: the plan refused while the second owner chooses: %s", t->cx.err);
    assert_int_equal(start->phase, PH_OWNER); /* Marschall's stack: its owner's choice waits */
    assert_int_equal(start->roll, 0);
    free(start);
    vbt_free(t);
}

/* 4.7 / 4.6: a Commander whose last unit is eliminated under him is lost
 * (VP to the enemy); the odds of the fire name him "captured". Aramburu is
 * leader 0 of the Learning Scenario's order of battle; the Guardias
 * Espanolas (his only unit, on their last step) fire at Pallavicini, who
 * fires back: every outcome that eliminates the Guardias names "Aramburu
 * captured". pc_odds.c pc_odds_outcome: the captured leaders' scan from
 * `l = 1` (the seed-23 survivor :288) never named him. */
static void odds_name_leader_zero_captured(void **state)
{
    (void)state;
    vbt *t = board();
    assert_string_equal(D(t)->l[0].name, "Aramburu");
    put(t, "Guardias Espanolas", "0704");
    put_leader(t, "Aramburu", "0704");
    put(t, "Pallavicini", "0705");
    put_leader(t, "Novati", "0806");
    S(t)->ustep[U(t, "Guardias Espanolas")] = 1;
    at_segment(t, "LW", PH_CFORM);
    vbt_act(t, "combat Aramburu");
    vbt_act(t, "fire Guardias-Espanolas Pallavicini");
    pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start);
    memcpy(pos, S(t), sizeof *pos);
    vb_odds o;
    assert_int_equal(
        run_words(t, pos, "open-fire reply Pallavicini Guardias-Espanolas", 1, &o, start), 0);
    int cap = 0;
    for (int i = 0; i < o.n; i++)
        if (strstr(o.rows[i].name, "Guardias Espanolas eliminated")) {
            if (!strstr(o.rows[i].name, "Aramburu captured"))
                fail_msg("4.7: '%s': Aramburu, left with no unit, not named", o.rows[i].name);
            cap = 1;
        }
    assert_true(cap);
    sums_to_one(&o);
    vb_odds_release(&o);
    free(pos);
    free(start);
    vbt_free(t);
}

/* Scenarios 2 and 3's set-up ("The Austrian player set up first"): the
 * odds of a placement, no die, are the one certain outcome, the piece
 * chosen and its hex asked next. pc_place.c pc_place_apply: the choice of
 * the piece returned 1 instead of 0 (the seed-28 survivor :135), which the
 * odds' setup (`pc_apply(...)` read as a failure) refused as illegal. */
static void odds_of_a_placement(void **state)
{
    (void)state;
    vbt *t = vbt_new("piacenza-1746", "centre", 1);
    assert_int_equal(S(t)->phase, PH_PLACE);
    pc_state *pos = malloc(sizeof *pos), *start = malloc(sizeof *start);
    memcpy(pos, S(t), sizeof *pos);
    vb_odds o;
    assert_int_equal(run_words(t, pos, "place Andlau", 0, &o, start), 0);
    assert_int_equal(start->phase, PH_PLACEAT);
    assert_int_equal(start->pl_piece, U(t, "Andlau"));
    assert_int_equal(o.n, 1);
    sums_to_one(&o);
    vb_odds_release(&o);
    /* the hex, the second decision, likewise */
    vbt_act(t, "place Andlau");
    memcpy(pos, S(t), sizeof *pos);
    assert_int_equal(run_words(t, pos, "at 1106", 0, &o, start), 0);
    assert_int_equal(start->uhex[U(t, "Andlau")], HX(t, "1106"));
    assert_int_equal(o.n, 1);
    vb_odds_release(&o);
    free(pos);
    free(start);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hand_computed),
        cmocka_unit_test(monte_carlo),
        cmocka_unit_test(hostile_words),
        cmocka_unit_test(odds),
        cmocka_unit_test(odds_own_replies),
        cmocka_unit_test(every_outcome_walked),
        cmocka_unit_test(plan_while_effects_wait),
        cmocka_unit_test(melee_odds_name_the_advance),
        cmocka_unit_test(odds_take_every_declaration),
        cmocka_unit_test(plan_while_two_owners_choose),
        cmocka_unit_test(odds_name_leader_zero_captured),
        cmocka_unit_test(odds_of_a_placement),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
