/*
 * api_mutation38.c - checks of `vauban serve` (docs/api.md) that the
 * thirty-eighth session's mutation pass over src/server/live.c, http.c and
 * serve.c found missing (docs/core.md, "Mutation pass, thirty-eighth
 * session (helper srv)"): each test names the mutants it kills. Against the
 * real program (argv[1]) on a loopback port with a throw-away database.
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
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "vauban.h"

#include "client.h"
#include "pg_tmp.h"
#include "vbtest.h"

/* ---- helpers -----------------------------------------------------------------------*/

/* Open seat `seat`'s event stream of g; returns the socket once the hello
 * arrived. */
static int open_events(const game *g, int seat)
{
    char req[512];
    int s = connect_server();
    snprintf(req, sizeof req,
             "GET /api/games/%s/events?token=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", g->id,
             tok(g, seat));
    send_all(s, req, strlen(req));
    if (!sse_wait(s, "event: hello"))
        fail_msg("M38: no hello on the event stream");
    return s;
}

/* Read the stream s until the data of a change event equal to `want`
 * arrives (10 s at most); returns how many change events came, that one
 * included, or 0 when it did not come. */
static int events_until(int s, const char *want)
{
    char needle[256], buf[16384];
    size_t n = 0;
    time_t end = time(NULL) + 10;
    snprintf(needle, sizeof needle, "event: change\ndata: %s\n\n", want);
    while (time(NULL) < end && n + 1 < sizeof buf) {
        struct pollfd pf = {s, POLLIN, 0};
        ssize_t r;
        if (poll(&pf, 1, 1000) != 1)
            continue;
        r = recv(s, buf + n, sizeof buf - n - 1, 0);
        if (r <= 0)
            return 0;
        n += (size_t)r;
        buf[n] = '\0';
        if (strstr(buf, needle)) {
            int k = 0;
            for (const char *p = buf; (p = strstr(p, "event: change")); p++)
                k++;
            return k;
        }
    }
    return 0;
}

/* What a change event of g should carry now: the summary's version, to_move
 * and over, as the server writes them. */
static void change_data(const game *g, char *out, size_t n)
{
    char path[128];
    json_t *j = NULL;
    snprintf(path, sizeof path, "/api/games/%s", g->id);
    assert_int_equal(http("GET", path, NULL, NULL, &j), 200);
    snprintf(out, n, "{\"version\":%lld,\"to_move\":\"%s\",\"over\":%s}",
             (long long)json_integer_value(json_object_get(j, "version")), str(j, "to_move"),
             json_is_true(json_object_get(j, "over")) ? "true" : "false");
    json_decref(j);
}

/* Start a server on the throw-away PostgreSQL (pg_url); 0 when this build
 * has no PostgreSQL storage (the caller skips). A build with it whose
 * server does not start fails the test. */
static pid_t start_on_pg(int *port)
{
    pid_t pid = start_server_on(pg_url, port);
    if (!pid && build_has_pg())
        fail_msg("M38: the server did not start on PostgreSQL");
    return pid;
}

/* ---- the tests ---------------------------------------------------------------------*/

/* GET /api/catalog lists every game built in, in the registry's order, each
 * with its scenarios and the roles taking part, its options and whether it
 * draws SVG; and the suggested policies. (Kills live.c:992 0 -> 1, the
 * first game left out, and < -> >, an empty catalogue.) */
static void catalog_lists_every_game(void **state)
{
    json_t *j = NULL, *games;
    (void)state;
    assert_int_equal(http("GET", "/api/catalog", NULL, NULL, &j), 200);
    games = json_object_get(j, "games");
    if (json_array_size(games) != (size_t)vb_registry_count())
        fail_msg("M38: the catalogue lists %zu games, %d are built in", json_array_size(games),
                 vb_registry_count());
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *d = vb_registry_get(i);
        json_t *e = json_array_get(games, (size_t)i), *scen = json_object_get(e, "scenarios");
        vb_ctx cx;
        vb_game *g;
        vb_ctx_init(&cx);
        g = vb_game_load(d->id, &cx);
        assert_non_null(g);
        if (strcmp(str(e, "id"), d->id) != 0)
            fail_msg("M38: catalogue game %d is '%s', expected '%s'", i, str(e, "id"), d->id);
        assert_string_equal(str(e, "title"), d->title);
        assert_int_equal(json_array_size(scen), (size_t)g->nscenarios);
        for (int s = 0; s < g->nscenarios; s++) {
            json_t *sc = json_array_get(scen, (size_t)s), *roles = json_object_get(sc, "roles");
            vb_roles rs = vb_scenario_roles(g, s);
            size_t k = 0;
            assert_string_equal(str(sc, "name"), g->scenarios[s]);
            for (int r = 0; r < d->nroles; r++)
                if (rs >> r & 1u)
                    assert_string_equal(json_string_value(json_array_get(roles, k++)), d->roles[r]);
            assert_int_equal(json_array_size(roles), k);
        }
        assert_int_equal(json_array_size(json_object_get(e, "options")), (size_t)d->noptions);
        assert_true(json_is_true(json_object_get(e, "svg")) == (d->svg != NULL));
        vb_game_free(g);
    }
    assert_int_equal(json_array_size(json_object_get(j, "policies")), 4);
    assert_string_equal(json_string_value(json_array_get(json_object_get(j, "policies"), 0)),
                        "random");
    json_decref(j);
}

/* A change event says who decides after the change, and that the game is
 * over once it is: the same version, to_move and over as the game's
 * summary, whichever seat decides (the second seat's name too) and after
 * a resignation; one event per change. (Kills live.c:425 >= -> <=, the
 * second seat announced as "over" and an ended game as a role's name read
 * out of bounds; live.c:974 1 -> 0, a new game's revision not the
 * stored one: its first change reloads it and sends a second event.) */
static void change_events_name_who_decides(void **state)
{
    game g;
    char want[256], path[128];
    json_t *r = NULL;
    int s, seen_second = 0;
    (void)state;
    create(&g, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    s = open_events(&g, 1);
    for (int i = 0; i < 40 && !seen_second; i++) {
        int k;
        play_first(&g, 2);
        change_data(&g, want, sizeof want);
        if ((k = events_until(s, want)) != 1)
            fail_msg("M38: after action %d %d change events up to %s, expected one", i + 1, k,
                     want);
        seen_second = strstr(want, "\"to_move\":\"catalan\"") != NULL;
    }
    assert_true(seen_second);
    snprintf(path, sizeof path, "/api/games/%s/resign", g.id);
    assert_int_equal(http("POST", path, tok(&g, 0), NULL, &r), 200);
    json_decref(r);
    change_data(&g, want, sizeof want);
    assert_non_null(strstr(want, "\"to_move\":\"over\",\"over\":true"));
    if (!events_until(s, want))
        fail_msg("M38: after the resignation no change event %s", want);
    close(s);
}

/* A log longer than its first allocation (64 lines) is kept whole: once
 * the first seat reads more than 70 lines, each seat's log is what the same
 * game reloaded from the store (evicted after 1 s idle, replayed) reads.
 * (Kills live.c:97 2 -> 1 under the sanitizers: the log's array not
 * grown, lines written past its end.) */
static void long_log_kept_whole(void **state)
{
    game g;
    json_t *before[2], *after;
    size_t n = 0;
    (void)state;
    create(&g, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    for (int i = 0; i < 400 && n <= 70; i++) {
        json_t *v;
        play_first(&g, 2);
        v = view(&g, 0);
        n = json_array_size(json_object_get(v, "log"));
        json_decref(v);
    }
    assert_true(n > 70);
    for (int s = 0; s < 2; s++) {
        json_t *v = view(&g, s);
        before[s] = json_incref(json_object_get(v, "log"));
        json_decref(v);
    }
    for (int t = 0; t < 100; t++) {
        json_t *st = NULL;
        int held;
        assert_int_equal(http("GET", "/api/status", NULL, NULL, &st), 200);
        held = (int)json_integer_value(json_object_get(st, "games_held"));
        json_decref(st);
        if (held == 0)
            break;
        assert_true(t < 99);
        nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
    for (int s = 0; s < 2; s++) {
        json_t *v = view(&g, s);
        after = json_object_get(v, "log");
        if (!json_equal(before[s], after))
            fail_msg("M38: seat %d's log of %zu lines is not the reloaded game's (%zu lines)", s,
                     json_array_size(before[s]), json_array_size(after));
        json_decref(v);
        json_decref(before[s]);
    }
}

/* Requests to create a game that are refused with 400 and say why: seats
 * not an object, an option that is not a number. (Kills live.c:865
 * 400 -> 399.) */
static void create_refusals(void **state)
{
    static const struct {
        const char *body;
        const char *says;
    } cases[] = {
        {"{\"game\": \"setge-1714\", \"seats\": \"human\"}", "\"seats\" must be an object"},
        {"{\"game\": \"setge-1714\", \"seats\": [\"human\"]}", "\"seats\" must be an object"},
        {"{\"game\": \"setge-1714\", \"options\": {\"events\": \"1\"}}", "must be an integer"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *r = NULL;
        int st = http("POST", "/api/games", NULL, cases[i].body, &r);
        if (st != 400 || !strstr(str(r, "error"), cases[i].says))
            fail_msg("M38: create %s: %d '%s', expected 400 '%s'", cases[i].body, st,
                     str(r, "error"), cases[i].says);
        json_decref(r);
    }
}

/* A game built in whose data cannot be read (VAUBAN_DATA names an empty
 * folder) is the server's failure, 500 naming the file, not an unknown
 * game (404, kept for names not built in); the catalogue leaves it out.
 * (Kills live.c:825 500 -> 499; under the sanitizers it found the
 * catalogue leaking the lists of a game left out.) */
static void unreadable_data_is_500(void **state)
{
    char dir[128], db[128];
    int port = 0, main_port = server_port, status, st;
    json_t *r = NULL;
    pid_t pid;
    (void)state;
    snprintf(dir, sizeof dir, "%s/no-data", dbdir);
    assert_int_equal(mkdir(dir, 0700), 0);
    snprintf(db, sizeof db, "%s/no-data.sqlite", dbdir);
    setenv("VAUBAN_DATA", dir, 1);
    pid = start_server_on(db, &port);
    unsetenv("VAUBAN_DATA");
    assert_true(pid > 0);
    server_port = port;
    st = http("POST", "/api/games", NULL, "{\"game\":\"setge-1714\"}", &r);
    if (st != 500 || !strstr(str(r, "error"), "setge-1714/"))
        fail_msg("M38: a game whose data is missing: %d '%s', expected 500 naming the file", st,
                 str(r, "error"));
    json_decref(r);
    st = http("POST", "/api/games", NULL, "{\"game\":\"chess\"}", &r);
    if (st != 404)
        fail_msg("M38: a game not built in: %d, expected 404", st);
    json_decref(r);
    assert_int_equal(http("GET", "/api/catalog", NULL, NULL, &r), 200);
    if (json_array_size(json_object_get(r, "games")) != 0)
        fail_msg("M38: the catalogue lists games whose data is missing");
    json_decref(r);
    kill(pid, SIGTERM);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    server_port = main_port;
    /* and a clean exit: under the sanitizers, nothing leaked (each
     * catalogue leaked the lists of the games left out) */
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail_msg("M38: the server without data did not exit cleanly (status %d)", status);
}

/* A game's id is 16 lower-case hexadecimal digits: anything else is an
 * unknown game before any look-up, and its text is not echoed. (Kills
 * http.c:256 && -> || and :257 0 -> 1, any 16 bytes taken for an id.) */
static void ids_checked_before_lookup(void **state)
{
    static const char *const ids[] = {"gggggggggggggggg", "0123456789ABCDEF", "0123456789abcde",
                                      "0123456789abcdef0", "%27%3B--%20%20%20%20%20%20"};
    (void)state;
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        char path[128];
        json_t *r = NULL;
        int st;
        snprintf(path, sizeof path, "/api/games/%s/view", ids[i]);
        st = http("GET", path, "00000000000000000000000000000000", NULL, &r);
        if (st != 404 || strcmp(str(r, "error"), "unknown game") != 0)
            fail_msg("M38: GET %s: %d '%s', expected 404 'unknown game'", path, st,
                     str(r, "error"));
        json_decref(r);
    }
}

/* An undo is answered with the seat's new view, as an action is. (Kills
 * http.c:429 200 -> 201, a 200 with an empty error for a body.) */
static void undo_answers_the_view(void **state)
{
    game g;
    char path[128];
    json_t *r = NULL;
    int st;
    (void)state;
    create(&g, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    play_first(&g, 2);
    snprintf(path, sizeof path, "/api/games/%s/undo", g.id);
    st = http("POST", path, tok(&g, 0), NULL, &r);
    if (st != 200 || strcmp(str(r, "role"), "bourbon") != 0 ||
        !json_is_true(json_object_get(r, "your_turn")) ||
        json_array_size(json_object_get(r, "actions")) == 0 || json_object_get(r, "error"))
        fail_msg("M38: undo answered %d without the view (role '%s', error '%s')", st,
                 str(r, "role"), str(r, "error"));
    json_decref(r);
}

/* Each route answers 405 to a method it does not take. (Kills http.c:469
 * 405 -> 406.) */
static void methods_not_allowed(void **state)
{
    json_t *r = NULL;
    int st;
    (void)state;
    st = http("POST", "/api/my-games", NULL, "{}", &r);
    if (st != 405)
        fail_msg("M38: POST /api/my-games: %d, expected 405", st);
    json_decref(r);
    st = http("GET", "/api/games", NULL, NULL, &r);
    if (st != 405)
        fail_msg("M38: GET /api/games: %d, expected 405", st);
    json_decref(r);
}

/* The database gone under a running server (PostgreSQL stopped): a game it
 * holds (an event stream keeps it in memory) answers 500 with one line -
 * its summary and a seat's view - not a stale copy, not a crash; what
 * needs no database is still served. (Kills http.c:161 500 -> 499,
 * send_json's answer when there is none, and :186 500 -> 499,
 * send_view's.) */
static void database_gone_is_500(void **state)
{
    int port = 0, main_port = server_port, status, st, s;
    char path[128];
    json_t *r = NULL;
    game g;
    pid_t pid;
    (void)state;
    if (!pg_start()) {
        pg_stop();
        skip();
    }
    pid = start_on_pg(&port);
    if (!pid) {
        pg_stop();
        skip(); /* a build without libpq */
    }
    server_port = port;
    create(&g, "{\"game\":\"molt-soroll\"}");
    s = open_events(&g, 0);
    pg_stop();
    snprintf(path, sizeof path, "/api/games/%s", g.id);
    st = http("GET", path, NULL, NULL, &r);
    if (st != 500 || !strstr(str(r, "error"), "no answer"))
        fail_msg("M38: the summary, database gone: %d '%s', expected 500", st, str(r, "error"));
    json_decref(r);
    snprintf(path, sizeof path, "/api/games/%s/view", g.id);
    st = http("GET", path, tok(&g, 0), NULL, &r);
    if (st != 500 || !strstr(str(r, "error"), "no answer"))
        fail_msg("M38: a view, database gone: %d '%s', expected 500", st, str(r, "error"));
    json_decref(r);
    assert_int_equal(http("GET", "/api/catalog", NULL, NULL, &r), 200);
    json_decref(r);
    close(s);
    kill(pid, SIGTERM);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    server_port = main_port;
}

/* Two servers on one PostgreSQL database: a change made through one
 * reaches the event streams of the other (its listener: LISTEN, then
 * each notification). (Kills store_pg.c:770 0 -> 1, LISTEN's success
 * taken for a failure: the listener reconnects every second and never
 * listens; and :806 != -> ==, the listener's start taken for a failure:
 * no server starts on PostgreSQL, which the API tests took for a build
 * without libpq and skipped; and :514 of live.c, != -> == and 200 -> 201,
 * a line "game ID: ..." on the other server's standard error for each
 * change it followed well.) */
static void changes_reach_the_other_server(void **state)
{
    int port_a = 0, port_b = 0, main_port = server_port, status, s, saved, fd;
    char errpath[128], line[512];
    FILE *f;
    pid_t a, b;
    game g;
    (void)state;
    if (!pg_start()) {
        pg_stop();
        skip();
    }
    a = start_on_pg(&port_a);
    if (!a) {
        pg_stop();
        skip(); /* a build without libpq */
    }
    /* B's standard error in a file */
    snprintf(errpath, sizeof errpath, "%s/b.err", dbdir);
    saved = dup(2);
    fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(saved >= 0 && fd >= 0);
    dup2(fd, 2);
    b = start_on_pg(&port_b);
    dup2(saved, 2);
    close(saved);
    close(fd);
    assert_true(b > 0);
    server_port = port_a;
    create(&g, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    server_port = port_b;
    s = open_events(&g, 1);
    nanosleep(&(struct timespec){1, 500000000}, NULL); /* B's listener connected */
    server_port = port_a;
    play_first(&g, 2);
    if (!sse_wait(s, "event: change"))
        fail_msg("M38: a change made through server A: no event on server B's stream");
    close(s);
    kill(a, SIGTERM);
    kill(b, SIGTERM);
    assert_int_equal(waitpid(a, &status, 0), a);
    assert_int_equal(waitpid(b, &status, 0), b);
    pg_stop();
    server_port = main_port;
    /* nothing went wrong on B: no line about the game */
    f = fopen(errpath, "r");
    assert_non_null(f);
    while (fgets(line, sizeof line, f))
        if (strstr(line, "vauban serve: game "))
            fail_msg("M38: server B wrote: %s", line);
    fclose(f);
}

static int group_teardown(void **state)
{
    (void)state;
    stop_all_servers();
    pg_stop();
    return remove_dir();
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalog_lists_every_game),
        cmocka_unit_test(change_events_name_who_decides),
        cmocka_unit_test(long_log_kept_whole),
        cmocka_unit_test(create_refusals),
        cmocka_unit_test(unreadable_data_is_500),
        cmocka_unit_test(ids_checked_before_lookup),
        cmocka_unit_test(undo_answers_the_view),
        cmocka_unit_test(methods_not_allowed),
        cmocka_unit_test(database_gone_is_500),
        cmocka_unit_test(changes_reach_the_other_server),
        cmocka_unit_test(api_clean_shutdown),
    };
    if (api_args(argc, argv))
        return 2;
    return cmocka_run_group_tests(tests, api_group_setup, group_teardown);
}
