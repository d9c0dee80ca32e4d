/* test_text.c - what a person reads at a terminal, for every game with the
 * text hooks (molt-soroll, setge-1714; roi-soleil's zones, siege-18c's works
 * and piacenza-1746's hexes and points), over random games in every
 * scenario and from every role's view:
 *   - every line of the board (render), of each zone or front (area) and
 *     of the points (points) fits 80 columns, counted as a terminal counts
 *     them (an accented letter is one column);
 *   - the points are itemised honestly: in each block the terms add up to
 *     the total the game counts, and at the end that total is the score of
 *     the result (so changing a victory-point rule without its text, or
 *     the text without the rule, fails here);
 *   - every area named by the list can be shown; an unknown one is refused
 *     with one line naming it;
 *   - the log has none of issue 10's text defects (doubled rule tags,
 *     names in lower case or without their accents). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"

#define COLS 80

/* What hook h writes, in a new string. */
typedef void (*text_fn)(const vb_game *g, const void *st, int role, const char *arg, FILE *f,
                        vb_ctx *cx, int *rc);

static char *capture(const vb_game *g, const void *st, int role, const char *arg, text_fn fn,
                     int *rc)
{
    char *s = NULL;
    size_t n = 0;
    vb_ctx cx;
    FILE *f = open_memstream(&s, &n);
    assert_non_null(f);
    vb_ctx_init(&cx);
    *rc = 0;
    fn(g, st, role, arg, f, &cx, rc);
    assert_int_equal(fclose(f), 0);
    return s;
}

static void do_render(const vb_game *g, const void *st, int role, const char *arg, FILE *f,
                      vb_ctx *cx, int *rc)
{
    (void)arg, (void)cx, (void)rc;
    g->def->render(g, st, role, f);
}

static void do_area(const vb_game *g, const void *st, int role, const char *arg, FILE *f,
                    vb_ctx *cx, int *rc)
{
    *rc = g->def->area(g, st, role, arg, f, cx);
}

static void do_points(const vb_game *g, const void *st, int role, const char *arg, FILE *f,
                      vb_ctx *cx, int *rc)
{
    (void)role, (void)arg, (void)cx, (void)rc;
    g->def->points(g, st, f);
}

/* Every line of text at most COLS columns (UTF-8 code points). */
static void check_width(const char *what, const char *text)
{
    const char *line = text;
    while (*line) {
        size_t k = strcspn(line, "\n");
        int cols = 0;
        for (size_t i = 0; i < k; i++)
            cols += ((unsigned char)line[i] & 0xC0) != 0x80;
        if (cols > COLS)
            fail_msg("%s: a line of %d columns: %.*s", what, cols, (int)k, line);
        line += k + (line[k] == '\n');
    }
}

/* In each block of the points, the terms ("  +10  ...", always signed)
 * add up to the total ("     = 34 ..."); returns the totals in order (at
 * most 4). */
static int check_points(const char *text, long *totals)
{
    long sum = 0;
    int nt = 0, terms = 0;
    const char *line = text;
    while (*line) {
        size_t k = strcspn(line, "\n");
        const char *p = line + strspn(line, " ");
        char *e;
        if (p > line && *p == '=') {
            long v = strtol(p + 1, &e, 10);
            if (e == p + 1)
                fail_msg("points: no total in '%.*s'", (int)k, line);
            if (v != sum)
                fail_msg("points: terms add up to %ld, the total says %ld:\n%s", sum, v, text);
            assert_true(nt < 4);
            totals[nt++] = v;
            sum = 0;
            terms = 0;
        } else if (p > line && (*p == '+' || *p == '-')) {
            long v = strtol(p, &e, 10);
            if (e == p)
                fail_msg("points: no number in '%.*s'", (int)k, line);
            sum += v;
            terms++;
        } else if (terms) {
            fail_msg("points: a block without its total:\n%s", text);
        }
        line += k + (line[k] == '\n');
    }
    if (terms)
        fail_msg("points: the last block has no total:\n%s", text);
    return nt;
}

/* Every text of position st (the referee's and each role's view). */
static void check_position(vbt *t, void *view)
{
    const vb_game *g = t->g;
    const void *st = vbt_state(t);
    int rc;
    long totals[4];
    for (int role = -1; role < g->def->nroles; role++) {
        char *s, *names, *save = NULL, what[160];
        vb_view(g, view, st, role);
        s = capture(g, view, role, NULL, do_render, &rc);
        snprintf(what, sizeof what, "%s board as role %d", g->def->id, role);
        check_width(what, s);
        free(s);
        if (!g->def->area)
            continue;
        names = capture(g, view, role, NULL, do_area, &rc);
        assert_int_equal(rc, 0);
        assert_non_null(strchr(names, '\n'));
        for (char *n = strtok_r(names, "\n", &save); n; n = strtok_r(NULL, "\n", &save)) {
            s = capture(g, view, role, n, do_area, &rc);
            if (rc != 0)
                fail_msg("%s %s '%s' refused", g->def->id, g->def->area_word, n);
            snprintf(what, sizeof what, "%s %s %s", g->def->id, g->def->area_word, n);
            check_width(what, s);
            free(s);
        }
        free(names);
    }
    if (g->def->points) {
        char *s = capture(g, st, -1, NULL, do_points, &rc);
        check_width("points", s);
        assert_true(check_points(s, totals) > 0);
        if (vb_to_move(g, st) == VB_OVER) {
            /* The total shown is the result's score: for each role, one
             * of the totals is its score or, for a loss counted in
             * defeat points, minus it. */
            vb_result r;
            int n = check_points(s, totals);
            vb_roles in = vb_scenario_roles(g, ((const vb_head *)st)->scenario);
            vb_result_get(g, st, &r);
            /* Piacenza's points decide only a conditional draw (13.1) */
            int on_points = strcmp(g->def->id, "piacenza-1746") || strstr(r.verdict, "(13.1)");
            for (int k = 0; k < g->def->nroles && on_points; k++) {
                int found = 0;
                if (!(in >> k & 1u))
                    continue;
                for (int i = 0; i < n; i++)
                    found |= (double)totals[i] == r.score[k] || (double)-totals[i] == r.score[k];
                if (!found)
                    fail_msg("%s: score %g of %s is none of the totals:\n%s", g->def->id,
                             r.score[k], g->def->roles[k], s);
            }
        }
        free(s);
    }
}

/* Every log line as a person reads it (issue 10's text defects): one
 * rule tag, not two ("[7] [8.1] offensive:"); "Influence the Pope", not
 * "Influence the pope"; accented words with their accents. */
static void check_log_line(void *ud, vb_roles see, const char *line)
{
    const char *c;
    static const char *const unaccented[] = {"inactivacio ", "Excomunio ", "Excomunio!", "Napols ",
                                             "Xativa",       "Valencia",   NULL};
    (void)ud, (void)see;
    if (line[0] == '[' && (c = strchr(line, ']')) != NULL && c[1] == ' ' && c[2] == '[')
        fail_msg("a doubled rule tag: %s", line);
    if ((c = strstr(line, "Influence the ")) != NULL && c[14] >= 'a' && c[14] <= 'z')
        fail_msg("a name in lower case: %s", line);
    for (int i = 0; unaccented[i]; i++)
        if (strstr(line, unaccented[i]))
            fail_msg("a name without its accents ('%s'): %s", unaccented[i], line);
}

/* Random games of id/scenario; positions checked every `every` decisions
 * and at the end. */
static void play(const char *id, const char *scenario, int games, int every)
{
    for (int gm = 0; gm < games; gm++) {
        vbt *t = vbt_new(id, scenario, (uint64_t)(100 + gm));
        void *view = malloc(t->g->def->state_size);
        vb_rng r;
        vb_ctx cx;
        vb_ctx_init(&cx);
        /* issue 10's checks are of the two first games' texts */
        if (!strcmp(id, "molt-soroll") || !strcmp(id, "setge-1714"))
            cx.log = check_log_line;
        assert_non_null(view);
        vb_rng_seed(&r, (uint64_t)(7 + gm));
        for (int step = 0; step < 20000; step++) {
            vb_action a[VB_MAX_ACTIONS];
            int n;
            if (step % every == 0)
                check_position(t, view);
            if (vb_to_move(t->g, vbt_state(t)) == VB_OVER)
                break;
            n = vb_legal(t->g, vbt_state(t), a, NULL, VB_MAX_ACTIONS);
            assert_true(n > 0);
            assert_int_equal(vb_apply(t->g, vbt_state(t), a[vb_rng_below(&r, (uint64_t)n)], &cx),
                             0);
        }
        assert_int_equal(vb_to_move(t->g, vbt_state(t)), VB_OVER);
        check_position(t, view);
        free(view);
        vbt_free(t);
    }
}

static void molt_texts_fit_and_add_up(void **st)
{
    (void)st;
    play("molt-soroll", NULL, vbt_game_count("VB_TEXT_GAMES", 40, 8), 1);
}

static void setge_texts_fit_and_add_up(void **st)
{
    (void)st;
    int n = vbt_game_count("VB_TEXT_GAMES", 2, 1);
    play("setge-1714", "2p", n, 97);
    play("setge-1714", "3p", 1, 151);
    play("setge-1714", "4p", 1, 151);
}

/* Roi Soleil's zones (area) and Piacenza's points (13.1) */
static void roi_texts_fit(void **st)
{
    (void)st;
    play("roi-soleil", "devolution", 1, 53);
    play("roi-soleil", "succession", 1, 211);
}

static void piacenza_texts_fit_and_add_up(void **st)
{
    (void)st;
    play("piacenza-1746", "battle", vbt_game_count("VB_TEXT_GAMES", 2, 1), 151);
}

/* The orders that name a zone, for the role that decides now only:
 * 1667's event SP placed by the Coalition (rule 7) */
static void roi_zone_orders(void **st)
{
    (void)st;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    vb_ctx cx;
    vb_ctx_init(&cx);
    vbt_dice(t, "5,4"); /* 1667-5: D6 4 SP for the Coalition */
    for (int role = -1; role < 2; role++) {
        char *s = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&s, &n);
        assert_non_null(f);
        assert_int_equal(vb_to_move(t->g, vbt_state(t)), 1); /* the Coalition */
        assert_int_equal(t->g->def->area(t->g, vbt_state(t), role, "Brabant", f, &cx), 0);
        assert_int_equal(t->g->def->area(t->g, vbt_state(t), role, "Hollande", f, &cx), 0);
        fclose(f);
        const char *o = strstr(s, "orders here now: place Brabant;\n");
        if (role == 0 ? strstr(s, "orders here now") != NULL
                      : !o || !strstr(o + 1, "orders here now: none\n"))
            fail_msg("zone orders as role %d:\n%s", role, s);
        free(s);
    }
    vbt_free(t);
}

/* Setge's zone NAME lists the orders that concern it to the role deciding
 * (or, role -1, whoever decides) only: a waiting seat reads that the other
 * side decides, as vb_put_orders does in the other games. */
static void setge_zone_orders(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", "2p", 1);
    vb_ctx cx;
    vb_ctx_init(&cx);
    while (vb_to_move(t->g, vbt_state(t)) == VB_CHANCE)
        vbt_roll(t); /* the deck shuffled, the royal breach checked */
    int who = vb_to_move(t->g, vbt_state(t));
    assert_true(who >= 0);
    assert_string_equal(t->g->def->roles[who], "bourbon");
    for (int role = -1; role < t->g->def->nroles; role++) {
        char *s = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&s, &n);
        assert_non_null(f);
        assert_int_equal(t->g->def->area(t->g, vbt_state(t), role, "Left-Two-Crowns", f, &cx), 0);
        fclose(f);
        int mine = role < 0 || role == who;
        const char *o = strstr(s, "orders that concern it now: ");
        if (!o || (mine ? !strstr(o, " move La-Marine-1;")
                        : strcmp(o, "orders that concern it now: none of yours (bourbon "
                                    "decides)\n") != 0))
            fail_msg("zone orders as role %d:\n%s", role, s);
        free(s);
    }
    vbt_free(t);
}

/* The siege's works (work NAME) */
static void siege_texts_fit(void **st)
{
    (void)st;
    play("siege-18c", NULL, 1, 97);
}

/* A work: its strength, holder, pieces and the order of attack */
static void siege_work_area(void **st)
{
    (void)st;
    vbt *t = vbt_new("siege-18c", NULL, 1);
    vb_ctx cx;
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    assert_non_null(f);
    vb_ctx_init(&cx);
    assert_int_equal(t->g->def->area(t->g, vbt_state(t), -1, "bastion-a", f, &cx), 0);
    assert_int_equal(t->g->def->area(t->g, vbt_state(t), -1, "Curtain-1", f, &cx), 0);
    fclose(f);
    if (!strstr(s, "Bastion-A: bastion, strength 15 of 15; held by the defender") ||
        !strstr(s, "Garrison-A1 (foot)") || !strstr(s, "first take: Ravelin-1\n") ||
        !strstr(s, "first take: Bastion-A and Bastion-B"))
        fail_msg("work:\n%s", s);
    free(s);
    vbt_free(t);
}

/* The closed game (rule 6): a zone shows the other camp's army as its
 * strength only, and the camp's own army in full. */
static void roi_zone_closed(void **st)
{
    (void)st;
    vbt *t = vbt_new("roi-soleil", "devolution", 1);
    vb_ctx cx;
    char *s = NULL;
    size_t n = 0;
    void *view = malloc(t->g->def->state_size);
    assert_non_null(view);
    ((vb_head *)vbt_state(t))->opts[0] = 1; /* closed=1, the game's one option */
    assert_string_equal(t->g->def->options[0].key, "closed");
    vb_ctx_init(&cx);
    for (int role = 0; role < 2; role++) {
        FILE *f = open_memstream(&s, &n);
        assert_non_null(f);
        vb_view(t->g, view, vbt_state(t), role);
        assert_int_equal(t->g->def->area(t->g, view, role, "Picardie", f, &cx), 0);
        fclose(f);
        /* role 0 is France, whose army stands in Picardie */
        if (role == 0 ? !strstr(s, "france army: 20(i13 c5 a2 *2)")
                      : !strstr(s, "france army: 20 SP (closed game)") || strstr(s, "(i13"))
            fail_msg("rule 6, Picardie as role %d:\n%s", role, s);
        free(s);
        s = NULL;
    }
    free(view);
    vbt_free(t);
}

/* area's text of name as role sees the position, in a new string. */
static char *area_text(vbt *t, void *view, int role, const char *name)
{
    int rc;
    vb_view(t->g, view, vbt_state(t), role);
    char *s = capture(t->g, view, role, name, do_area, &rc);
    assert_int_equal(rc, 0);
    return s;
}

/* Piacenza's hex: its terrain from the TEC, the units in it as their
 * counters read, and the units whose ZOC reaches it (7.0). Learning
 * Scenario 1 at its start: Castilla in 0506 between the Guardias Valonas
 * (0505) and Lombardia (0507), the three of Aramburu's formation. */
static void piacenza_hex_area(void **st)
{
    (void)st;
    vbt *t = vbt_new("piacenza-1746", "san-lazzaro", 1);
    void *view = malloc(t->g->def->state_size);
    assert_non_null(view);
    char *s = area_text(t, view, -1, "0506");
    if (!strstr(s, "Hex 0506: clear\n") ||
        !strstr(s, "terrain: 1/1/1 MP (infantry/cavalry/artillery), fire +0, melee +0") ||
        !strstr(s, "Franco-Spanish Castilla: infantry, 2 SP, good order (formation Aramburu)") ||
        !strstr(s, "Guardias Valonas (0505)") || !strstr(s, "Lombardia (0507)"))
        fail_msg("hex 0506:\n%s", s);
    free(s);
    s = area_text(t, view, -1, "0605"); /* a ditch, empty, beside the two */
    if (!strstr(s, "Hex 0605: ditch\n") || !strstr(s, "melee -1") || !strstr(s, "  no unit\n"))
        fail_msg("hex 0605:\n%s", s);
    free(s);
    /* 7.0: no ZOC from Cover, but a redoubt's into an entrenchment: 0803
     * (an entrenchment) lies in the ZOC of the Warasdiner in 0804's
     * redoubt, and of Traun in the open at 0903 */
    s = area_text(t, view, -1, "0803");
    if (!strstr(s, "Hex 0803: entrenchment\n") ||
        !strstr(s, "exerts a ZOC only into an Entrenchment or Redoubt (7.0)") ||
        !strstr(s, "in the ZOC of: Austrian Traun (0903), Austrian Warasdiner (0804)\n"))
        fail_msg("hex 0803:\n%s", s);
    free(s);
    free(view);
    vbt_free(t);
}

/* 13.0: the objectives the Franco-Spanish note are secret until revealed:
 * a hex shows "noted" to them and never to the Austrians, whose view of
 * the eight places shows only the revealed ones. Random battles, checked
 * after every decision until the Franco-Spanish have noted one. */
static void piacenza_hex_objective_secret(void **st)
{
    (void)st;
    static const char *const places[] = {"San Lazzaro", "Le Mose",    "Montale", "Mucinasso",
                                         "San Bonico",  "Castellaro", "Turro",   "Gariga"};
    for (int gm = 0; gm < 3; gm++) {
        vbt *t = vbt_new("piacenza-1746", "battle", (uint64_t)(40 + gm));
        void *view = malloc(t->g->def->state_size);
        vb_rng r;
        vb_ctx cx;
        int noted = 0;
        assert_non_null(view);
        vb_ctx_init(&cx);
        vb_rng_seed(&r, (uint64_t)(3 + gm));
        for (int step = 0; step < 3000 && !noted; step++) {
            for (int k = 0; k < 8; k++) {
                char *fs = area_text(t, view, 0, places[k]);
                char *au = area_text(t, view, 1, places[k]);
                if (!strstr(fs, "(13.0)"))
                    fail_msg("%s is one of the eight:\n%s", places[k], fs);
                if (strstr(au, "noted"))
                    fail_msg("13.0: the Austrians read a secret objective:\n%s", au);
                if (!strstr(fs, "revealed") != !strstr(au, "revealed"))
                    fail_msg("13.0: a revealed objective shown to one side only:\n%s\n%s", fs, au);
                noted |= strstr(fs, "noted by the Franco-Spanish (secret)") != NULL;
                free(fs);
                free(au);
            }
            if (vb_to_move(t->g, vbt_state(t)) == VB_OVER)
                break;
            vb_action a[VB_MAX_ACTIONS];
            int n = vb_legal(t->g, vbt_state(t), a, NULL, VB_MAX_ACTIONS);
            assert_true(n > 0);
            assert_int_equal(vb_apply(t->g, vbt_state(t), a[vb_rng_below(&r, (uint64_t)n)], &cx),
                             0);
        }
        if (!noted)
            fail_msg("game %d: the Franco-Spanish never noted an objective", gm);
        free(view);
        vbt_free(t);
    }
}

/* An unknown name is refused with one line that names it. */
static void unknown_area_refused(void **st)
{
    static const char *const ids[] = {"molt-soroll", "setge-1714", "roi-soleil", "siege-18c",
                                      "piacenza-1746"};
    (void)st;
    for (int i = 0; i < 5; i++) {
        vbt *t = vbt_new(ids[i], NULL, 1);
        vb_ctx cx;
        FILE *f = tmpfile();
        assert_non_null(f);
        vb_ctx_init(&cx);
        assert_int_equal(t->g->def->area(t->g, vbt_state(t), -1, "Atlantis", f, &cx), VB_EINPUT);
        assert_non_null(strstr(cx.err, "unknown"));
        assert_non_null(strstr(cx.err, "'Atlantis'"));
        assert_null(strchr(cx.err, '\n'));
        fclose(f);
        vbt_free(t);
    }
}

/* Names are found with or without accents and with spaces or '-'. */
static void area_names_folded(void **st)
{
    vbt *t = vbt_new("molt-soroll", NULL, 1);
    vb_ctx cx;
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    (void)st;
    assert_non_null(f);
    vb_ctx_init(&cx);
    assert_int_equal(t->g->def->area(t->g, vbt_state(t), -1, "Nàpols", f, &cx), 0);
    assert_int_equal(t->g->def->area(t->g, vbt_state(t), -1, "noblesa catalana", f, &cx), 0);
    fclose(f);
    assert_non_null(strstr(s, "Front Nàpols [Napols]"));
    assert_non_null(strstr(s, "Front Noblesa catalana [Noblesa-catalana]"));
    free(s);
    vbt_free(t);
    t = vbt_new("setge-1714", NULL, 1);
    s = NULL;
    f = open_memstream(&s, &n);
    assert_non_null(f);
    assert_int_equal(t->g->def->area(t->g, vbt_state(t), -1, "baluard de sant pere", f, &cx), 0);
    assert_int_equal(t->g->def->area(t->g, vbt_state(t), -1, "Plaça-de-Jonqueres", f, &cx), 0);
    fclose(f);
    assert_non_null(strstr(s, "Baluard de Sant Pere [Baluard-de-Sant-Pere]"));
    assert_non_null(strstr(s, "[Placa-de-Jonqueres]"));
    free(s);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(molt_texts_fit_and_add_up),
        cmocka_unit_test(setge_texts_fit_and_add_up),
        cmocka_unit_test(roi_texts_fit),
        cmocka_unit_test(piacenza_texts_fit_and_add_up),
        cmocka_unit_test(roi_zone_closed),
        cmocka_unit_test(roi_zone_orders),
        cmocka_unit_test(setge_zone_orders),
        cmocka_unit_test(siege_texts_fit),
        cmocka_unit_test(siege_work_area),
        cmocka_unit_test(unknown_area_refused),
        cmocka_unit_test(piacenza_hex_area),
        cmocka_unit_test(piacenza_hex_objective_secret),
        cmocka_unit_test(area_names_folded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
