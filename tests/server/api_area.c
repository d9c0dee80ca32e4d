/*
 * api_area.c - GET /api/games/ID/area?name=NAME (docs/api.md): one part of
 * the board (a Setge zone, a Piacenza hex...) as the seat's role sees it,
 * the game's area hook run on that role's view. Tested against the real
 * `vauban serve` on a loopback port (argv[1]) with a throw-away database:
 * the text is the hook's on the engine's view of the stored game, the
 * errors are one line with their status, and a secret (a Piacenza
 * objective the Franco-Spanish noted) reaches only its owner.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "vauban.h"

#include "client.h"
#include "vbtest.h"

/* ---- helpers -----------------------------------------------------------------------*/

/* s with every byte outside [A-Za-z0-9-] as %XX, for a query. */
static void url_encode(char *out, size_t n, const char *s)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && k + 4 < n; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            *p == '-')
            out[k++] = (char)*p;
        else
            k += (size_t)snprintf(out + k, n - k, "%%%02X", *p);
    }
    out[k] = '\0';
}

/* GET .../area?name=NAME (NULL: no name) with token; the status, the JSON
 * in *out. */
static int get_area(const game *g, const char *token, const char *name, json_t **out)
{
    char path[512], q[256];
    if (name) {
        url_encode(q, sizeof q, name);
        snprintf(path, sizeof path, "/api/games/%s/area?name=%s", g->id, q);
    } else {
        snprintf(path, sizeof path, "/api/games/%s/area", g->id);
    }
    return http("GET", path, token, NULL, out);
}

/* The game's area hook on role's view of st (the engine's own answer). */
static char *hook_text(const vb_game *g, const void *st, int role, const char *name)
{
    char *buf = NULL;
    size_t len = 0;
    void *view = malloc(g->def->state_size);
    FILE *f = open_memstream(&buf, &len);
    vb_ctx cx;
    assert_non_null(view);
    assert_non_null(f);
    vb_ctx_init(&cx);
    vb_view(g, view, st, role);
    assert_int_equal(g->def->area(g, view, role, name, f, &cx), 0);
    fclose(f);
    free(view);
    return buf;
}

/* The stored game loaded in the engine (the referee's state in m->st). */
static vb_game *load_stored(const game *gm, const char *id, vb_match *m)
{
    vb_ctx cx;
    vb_game *g;
    json_t *file = stored_file(gm->id);
    vb_ctx_init(&cx);
    g = vb_game_load(id, &cx);
    assert_non_null(g);
    if (vb_match_load(m, g, file, &cx) < 0)
        fail_msg("the stored game does not load: %s", cx.err);
    json_decref(file);
    return g;
}

/* Seat s's area `name` from the server equals the hook's on its view. */
static void check_area(const game *gm, int s, const vb_game *g, const vb_match *m, const char *name,
                       json_t **got)
{
    json_t *j = NULL;
    json_t *v = view(gm, s);
    int role = vb_role_index(g, str(v, "role"));
    char *want = hook_text(g, m->st, role, name);
    int st = get_area(gm, tok(gm, s), name, &j);
    if (st != 200)
        fail_msg("%s as %s: %d %s", name, str(v, "role"), st, str(j, "error"));
    assert_string_equal(str(j, "word"), g->def->area_word);
    assert_string_equal(str(j, "name"), name);
    if (strcmp(str(j, "text"), want) != 0)
        fail_msg("%s as %s: the server's text\n%s\ndiffers from the hook's on the role's "
                 "view\n%s",
                 name, str(v, "role"), str(j, "text"), want);
    free(want);
    json_decref(v);
    if (got)
        *got = j;
    else
        json_decref(j);
}

/* The franco-spanish seat (0) takes its first actions (the dragoons'
 * deployment, 10.5) until it is to note a secret objective (13.0): the
 * first objective's action text in taken, not yet taken. */
static void reach_objective(const game *gm, char *taken, size_t n)
{
    for (int i = 0; i < 40; i++) {
        json_t *v = view(gm, 0), *r = NULL;
        const char *a = json_string_value(json_array_get(json_object_get(v, "actions"), 0));
        assert_true(json_is_true(json_object_get(v, "your_turn")));
        assert_non_null(a);
        snprintf(taken, n, "%s", a);
        json_decref(v);
        if (strncmp(taken, "objective ", 10) == 0)
            return;
        assert_int_equal(post_action(gm->id, tok(gm, 0), taken, &r), 200);
        json_decref(r);
    }
    fail_msg("piacenza: no objective to note in 40 decisions");
}

static const char *const places[] = {"San Lazzaro", "Le Mose",    "Montale", "Mucinasso",
                                     "San Bonico",  "Castellaro", "Turro",   "Gariga"};

/* ---- tests ------------------------------------------------------------------------*/

/* A Setge zone, for each seat, is the text the area hook prints from that
 * seat's view, before and after a move (the seat's copy is rebuilt when
 * the game changes); a name as printed ("left two crowns") finds the zone
 * as the action's token does; no name lists the hook's names. */
static void area_is_the_hooks_text(void **state)
{
    game gm;
    vb_match m;
    vb_game *g;
    json_t *before = NULL, *after = NULL, *list = NULL, *v;
    char *names;
    size_t k = 0;
    (void)state;
    create(&gm, "{\"game\":\"setge-1714\",\"scenario\":\"2p\",\"options\":{\"events\":0},"
                "\"seats\":{\"bourbon\":\"human\",\"catalan\":\"human\"}}");
    g = load_stored(&gm, "setge-1714", &m);
    for (int s = 0; s < 2; s++) {
        check_area(&gm, s, g, &m, "Left-Two-Crowns", NULL);
        check_area(&gm, s, g, &m, "left two crowns", NULL);
        check_area(&gm, s, g, &m, "Fossat-de-Llevant", NULL);
    }
    /* the same part asked again, nothing changed since: the seat's copy,
     * 200 and the same text (seed 44, views.c:260 the copy's 200 -> 199) */
    check_area(&gm, 1, g, &m, "Fossat-de-Llevant", NULL);
    /* the list: the hook's names, one per line */
    assert_int_equal(get_area(&gm, tok(&gm, 1), NULL, &list), 200);
    assert_int_equal(get_area(&gm, tok(&gm, 1), "", &v), 200); /* empty: the same */
    assert_true(json_equal(list, v));
    json_decref(v);
    assert_string_equal(str(list, "word"), "zone");
    names = hook_text(g, m.st, 1, NULL);
    for (char *p = names, *save = NULL, *w = strtok_r(p, "\n", &save); w;
         w = strtok_r(NULL, "\n", &save))
        assert_string_equal(json_string_value(json_array_get(json_object_get(list, "names"), k++)),
                            w);
    assert_true(k > 20);
    assert_int_equal(json_array_size(json_object_get(list, "names")), k);
    free(names);
    json_decref(list);
    /* Bourbon ends the artillery phase and moves La Marine 1 out of the
     * Left Two Crowns: the zone's text follows, for both seats. */
    check_area(&gm, 0, g, &m, "Left-Two-Crowns", &before);
    vb_match_release(&m);
    vb_game_free(g);
    {
        json_t *r = NULL;
        assert_int_equal(post_action(gm.id, tok(&gm, 0), "end-artillery", &r), 200);
        json_decref(r);
        assert_int_equal(post_action(gm.id, tok(&gm, 0), "move La-Marine-1", &r), 200);
        json_decref(r);
        assert_int_equal(post_action(gm.id, tok(&gm, 0), "to Fossat-de-Llevant", &r), 200);
        json_decref(r);
    }
    g = load_stored(&gm, "setge-1714", &m);
    check_area(&gm, 0, g, &m, "Left-Two-Crowns", &after);
    check_area(&gm, 1, g, &m, "Left-Two-Crowns", NULL);
    check_area(&gm, 1, g, &m, "Fossat-de-Llevant", NULL);
    assert_string_not_equal(str(before, "text"), str(after, "text"));
    assert_non_null(strstr(str(before, "text"), "La Marine 1"));
    assert_null(strstr(str(after, "text"), "La Marine 1"));
    json_decref(before);
    json_decref(after);
    vb_match_release(&m);
    vb_game_free(g);
}

/* Roi Soleil's closed game (rule 6): every zone, for each seat, is the
 * hook's text on its view, where the other camp's army is a strength only. */
static void area_closed_game_zones(void **state)
{
    game gm;
    vb_match m;
    vb_game *g;
    json_t *list = NULL, *name;
    size_t i;
    int closed = 0;
    (void)state;
    create(&gm, "{\"game\":\"roi-soleil\",\"options\":{\"closed\":1},"
                "\"seats\":{\"france\":\"human\",\"coalition\":\"human\"}}");
    g = load_stored(&gm, "roi-soleil", &m);
    assert_int_equal(get_area(&gm, tok(&gm, 1), NULL, &list), 200);
    assert_true(json_array_size(json_object_get(list, "names")) > 10);
    json_array_foreach(json_object_get(list, "names"), i, name)
    {
        for (int s = 0; s < 2; s++) {
            json_t *j = NULL;
            check_area(&gm, s, g, &m, json_string_value(name), &j);
            closed += strstr(str(j, "text"), "SP (closed game)") != NULL;
            json_decref(j);
        }
    }
    assert_true(closed > 0); /* some army seen as a strength only */
    json_decref(list);
    vb_match_release(&m);
    vb_game_free(g);
}

/* The errors: each one line ({"error": ...} only) with its status. */
static void area_errors(void **state)
{
    static const struct {
        const char *query;
        int status;
        const char *says;
    } bad[] = {
        {"?name=Atlantis", 404, "unknown zone 'Atlantis'"},
        {"?name=Left-Two-Crowns%0A", 400, "at most 64 bytes"},
        {"?name=Left%01", 400, "at most 64 bytes"},
        {"?name=Left%FF", 400, "at most 64 bytes"},
        {"?name=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 400,
         "at most 64 bytes"},
    };
    game gm;
    char path[256];
    json_t *j = NULL;
    (void)state;
    create(&gm, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *e;
        snprintf(path, sizeof path, "/api/games/%s/area%s", gm.id, bad[i].query);
        int st = http("GET", path, tok(&gm, 0), NULL, &j);
        e = str(j, "error");
        if (st != bad[i].status || !strstr(e, bad[i].says) || strchr(e, '\n') ||
            json_object_size(j) != 1)
            fail_msg("%s: %d %s (expected %d '%s')", bad[i].query, st, e, bad[i].status,
                     bad[i].says);
        json_decref(j);
    }
    /* 64 bytes is a name (unknown), 65 is refused */
    snprintf(path, sizeof path, "/api/games/%s/area?name=%064d", gm.id, 7);
    assert_int_equal(http("GET", path, tok(&gm, 0), NULL, &j), 404);
    json_decref(j);
    /* an accented name is a name: Setge's zones are plain, so unknown */
    snprintf(path, sizeof path, "/api/games/%s/area?name=Pla%%C3%%A7a", gm.id);
    assert_int_equal(http("GET", path, tok(&gm, 0), NULL, &j), 404);
    assert_non_null(strstr(str(j, "error"), "unknown zone"));
    json_decref(j);
    /* no token, a bad token: 403, one line */
    snprintf(path, sizeof path, "/api/games/%s/area?name=Left-Two-Crowns", gm.id);
    assert_int_equal(http("GET", path, NULL, NULL, &j), 403);
    assert_string_equal(str(j, "error"), "no seat of this game has that token");
    json_decref(j);
    assert_int_equal(http("GET", path, "0123456789abcdef0123456789abcdef", NULL, &j), 403);
    assert_string_equal(str(j, "error"), "no seat of this game has that token");
    json_decref(j);
    /* not a POST; an unknown game */
    assert_int_equal(http("POST", path, tok(&gm, 0), NULL, &j), 405);
    json_decref(j);
    assert_int_equal(
        http("GET", "/api/games/0123456789abcdef/area?name=Left-Two-Crowns", tok(&gm, 0), NULL, &j),
        404);
    assert_non_null(strstr(str(j, "error"), "unknown game"));
    json_decref(j);
}

/* 13.0: the objective the Franco-Spanish noted is secret. The Austrian
 * seat's text of each of the eight places never says "noted"; the
 * Franco-Spanish seat's says it of theirs; both are the hook's text on
 * their own view, and the Austrian's reads the same as before the note. */
static void area_keeps_the_objective_secret(void **state)
{
    game gm;
    vb_match m;
    vb_game *g;
    char taken[128], place[128];
    json_t *au_before[8], *j;
    int found = 0;
    (void)state;
    create(&gm, "{\"game\":\"piacenza-1746\",\"scenario\":\"battle\","
                "\"seats\":{\"franco-spanish\":\"human\",\"austrian\":\"human\"}}");
    {
        json_t *v = view(&gm, 0);
        assert_string_equal(str(v, "role"), "franco-spanish");
        json_decref(v);
    }
    reach_objective(&gm, taken, sizeof taken);
    for (int k = 0; k < 8; k++)
        assert_int_equal(get_area(&gm, tok(&gm, 1), places[k], &au_before[k]), 200);
    assert_int_equal(post_action(gm.id, tok(&gm, 0), taken, &j), 200);
    json_decref(j);
    /* "objective San-Bonico": the place as printed */
    snprintf(place, sizeof place, "%s", taken + 10);
    for (char *c = place; *c; c++)
        if (*c == '-')
            *c = ' ';
    g = load_stored(&gm, "piacenza-1746", &m);
    for (int k = 0; k < 8; k++) {
        json_t *fs = NULL, *au = NULL;
        check_area(&gm, 0, g, &m, places[k], &fs);
        check_area(&gm, 1, g, &m, places[k], &au);
        if (!strstr(str(fs, "text"), "(13.0)"))
            fail_msg("%s is one of the eight:\n%s", places[k], str(fs, "text"));
        if (strstr(str(au, "text"), "noted"))
            fail_msg("13.0: the Austrian seat reads a secret objective:\n%s", str(au, "text"));
        /* the Austrians' hex reads as before the note, word for word */
        assert_string_equal(str(au, "text"), str(au_before[k], "text"));
        if (strcmp(places[k], place) == 0) {
            found = 1;
            if (!strstr(str(fs, "text"), "noted by the Franco-Spanish (secret)"))
                fail_msg("13.0: the Franco-Spanish seat does not see its objective:\n%s",
                         str(fs, "text"));
        }
        json_decref(fs);
        json_decref(au);
        json_decref(au_before[k]);
    }
    assert_true(found);
    /* by its hex too (CCRR): the Austrian's answer holds no "noted" */
    for (int s = 0; s < 2; s++) {
        char *all;
        assert_int_equal(get_area(&gm, tok(&gm, s), "0507", &j), 200);
        all = json_dumps(j, 0);
        assert_true(strstr(all, "Hex 0507 San Lazzaro") != NULL);
        free(all);
        json_decref(j);
    }
    /* the game's word and list */
    assert_int_equal(get_area(&gm, tok(&gm, 1), NULL, &j), 200);
    assert_string_equal(str(j, "word"), "hex");
    assert_true(json_array_size(json_object_get(j, "names")) >= 8);
    json_decref(j);
    vb_match_release(&m);
    vb_game_free(g);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(area_is_the_hooks_text),
        cmocka_unit_test(area_closed_game_zones),
        cmocka_unit_test(area_errors),
        cmocka_unit_test(area_keeps_the_objective_secret),
        cmocka_unit_test(api_clean_shutdown),
    };
    if (api_args(argc, argv))
        return 2;
    return cmocka_run_group_tests(tests, api_group_setup, api_group_teardown);
}
