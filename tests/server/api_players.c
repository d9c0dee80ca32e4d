/*
 * api_players.c - `vauban serve` (docs/api.md) beyond one game: a
 * player's games listed by the server from a player key, games leaving
 * memory when idle and coming back from the database, and two servers on
 * one PostgreSQL database playing one game (a throw-away PostgreSQL server
 * from tests/server/pg_tmp.sh; skipped when PostgreSQL or libpq is
 * missing).
 *
 * argv[1] is the `vauban` program.
 */
#include <pthread.h>

#include "client.h"
#include "pg_tmp.h"
#include "vbtest.h"

static const char key1[] = "0123456789abcdef0123456789abcdef";
static const char key2[] = "fedcba9876543210fedcba9876543210";

/* One request with extra header lines (each ending in \r\n); the status,
 * and the answer's JSON in *out. */
static int http_with(const char *method, const char *path, const char *headers, const char *body,
                     json_t **out)
{
    char head[1024], resp[1 << 18], *p;
    size_t n = 0, blen = body ? strlen(body) : 0;
    int s = connect_server(), status = 0, k;
    k = snprintf(head, sizeof head,
                 "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                 "Content-Length: %zu\r\n%s\r\n",
                 method, path, blen, headers);
    send_all(s, head, (size_t)k);
    if (blen)
        send_all(s, body, blen);
    for (;;) {
        ssize_t r = recv(s, resp + n, sizeof resp - n - 1, 0);
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    close(s);
    resp[n] = '\0';
    assert_true(sscanf(resp, "HTTP/1.1 %d", &status) == 1);
    p = strstr(resp, "\r\n\r\n");
    assert_non_null(p);
    *out = json_loads(p + 4, 0, NULL);
    assert_non_null(*out);
    return status;
}

static json_t *my_games(const char *key)
{
    char h[128];
    json_t *j;
    snprintf(h, sizeof h, "X-Player: %s\r\n", key);
    assert_int_equal(http_with("GET", "/api/my-games", h, NULL, &j), 200);
    return j;
}

/* The seat (role) of game id in a my-games answer, or NULL. */
static json_t *listed(json_t *mine, const char *id, const char *role)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(mine, "games"), i, e)
    {
        if (strcmp(str(e, "id"), id) == 0 && strcmp(str(e, "role"), role) == 0)
            return e;
    }
    return NULL;
}

static void games_of_a_player(void **state)
{
    game g, other;
    char body[256], path[128], h[160];
    json_t *m, *e, *r;
    (void)state;
    snprintf(body, sizeof body, "{\"game\":\"setge-1714\",\"scenario\":\"2p\",\"player\":\"%s\"}",
             key1);
    create(&g, body);
    create(&other, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    m = my_games(key1);
    e = listed(m, g.id, "bourbon");
    assert_non_null(e);
    assert_string_equal(str(e, "token"), g.tok[0]);
    assert_string_equal(str(e, "game"), "setge-1714");
    assert_true(json_is_false(json_object_get(e, "over")));
    assert_non_null(listed(m, g.id, "catalan"));
    assert_null(listed(m, other.id, "bourbon"));
    json_decref(m);
    /* the catalan seat's player joins with a key of their own */
    snprintf(path, sizeof path, "/api/games/%s/join", g.id);
    snprintf(body, sizeof body, "{\"player\":\"%s\"}", key2);
    snprintf(h, sizeof h, "Authorization: Bearer %s\r\n", g.tok[1]);
    assert_int_equal(http_with("POST", path, h, body, &r), 200);
    assert_string_equal(str(r, "joined"), "catalan");
    json_decref(r);
    m = my_games(key2);
    assert_int_equal(json_array_size(json_object_get(m, "games")), 1);
    assert_non_null(listed(m, g.id, "catalan"));
    json_decref(m);
    m = my_games(key1);
    assert_non_null(listed(m, g.id, "bourbon"));
    assert_null(listed(m, g.id, "catalan"));
    json_decref(m);
    /* refusals: no key, a malformed key, no token, the wrong method */
    assert_int_equal(http_with("GET", "/api/my-games", "", NULL, &r), 400);
    json_decref(r);
    assert_int_equal(http_with("GET", "/api/my-games", "X-Player: 0123\r\n", NULL, &r), 400);
    json_decref(r);
    assert_int_equal(http_with("GET", "/api/my-games",
                               "X-Player: 0123456789ABCDEF0123456789ABCDEF\r\n", NULL, &r),
                     400);
    json_decref(r);
    assert_int_equal(http_with("POST", "/api/my-games", "", NULL, &r), 405);
    json_decref(r);
    assert_int_equal(http_with("POST", path, "", body, &r), 403);
    json_decref(r);
    assert_int_equal(http_with("POST", path, h, "{\"player\":\"nope\"}", &r), 400);
    json_decref(r);
    assert_int_equal(http_with("POST", path, h, "{\"player\":\"nope\",\"x\":1}", &r), 400);
    json_decref(r);
    snprintf(body, sizeof body, "{\"game\":\"setge-1714\",\"player\":\"%.31s\"}", key1);
    assert_int_equal(http_with("POST", "/api/games", "", body, &r), 400);
    assert_non_null(strstr(str(r, "error"), "player key"));
    json_decref(r);
    /* an unknown key holds nothing */
    m = my_games("00000000000000000000000000000000");
    assert_int_equal(json_array_size(json_object_get(m, "games")), 0);
    json_decref(m);
}

static int games_held(void)
{
    json_t *j;
    int k;
    assert_int_equal(http_with("GET", "/api/status", "", NULL, &j), 200);
    k = (int)json_integer_value(json_object_get(j, "games_held"));
    json_decref(j);
    return k;
}

/* Wait (up to 8 s) until the server holds at most `most` games. */
static int held_at_most(int most)
{
    for (int i = 0; i < 80; i++) {
        if (games_held() <= most)
            return 1;
        nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
    return 0;
}

/* With --evict 1 an idle game leaves memory; its next request reads it
 * back from the database, where it goes on as if nothing happened. An open
 * event stream keeps it. */
static void idle_games_leave_memory(void **state)
{
    game g;
    json_t *r0, *v0, *r1, *v1;
    char req[256];
    int s;
    (void)state;
    create(&g, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    play_first(&g, 2);
    r0 = get_json(g.id, "record", g.tok[0]);
    v0 = view(&g, 1);
    assert_true(games_held() >= 1);
    assert_true(held_at_most(0));
    /* back from the database: the same record, view and log */
    r1 = get_json(g.id, "record", g.tok[0]);
    v1 = view(&g, 1);
    assert_true(games_held() >= 1);
    assert_true(json_equal(r0, r1));
    assert_true(json_equal(json_object_get(v0, "view"), json_object_get(v1, "view")));
    assert_true(json_equal(json_object_get(v0, "log"), json_object_get(v1, "log")));
    json_decref(r0);
    json_decref(r1);
    json_decref(v0);
    json_decref(v1);
    /* evicted again, then an action is its first request */
    assert_true(held_at_most(0));
    play_first(&g, 2);
    /* an event stream keeps it in memory */
    s = connect_server();
    snprintf(req, sizeof req,
             "GET /api/games/%s/events?token=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", g.id,
             g.tok[1]);
    send_all(s, req, strlen(req));
    assert_true(sse_wait(s, "event: hello"));
    nanosleep(&(struct timespec){2, 500000000}, NULL);
    assert_int_equal(games_held(), 1);
    play_first(&g, 2);
    assert_true(sse_wait(s, "event: change"));
    close(s);
    assert_true(held_at_most(0));
}

/* Event streams whose clients leave without a word, and more streams
 * than the server allows: it goes on serving the API (a server limited to
 * 128 open files: 64 connections, 32 of them streams, 16 a game). The
 * finding of fuzz_http: such streams once held their connections for good
 * and ran the server out of files. */
static void abandoned_streams(void **state)
{
    char path[160];
    int port = 0, main_port = server_port, st, socks[48], status, refused = 0;
    pid_t pid;
    game g[48];
    json_t *j;
    (void)state;
    snprintf(path, sizeof path, "%s/streams.sqlite", dbdir);
    server_nofile = 128;
    pid = start_server_on(path, &port);
    server_nofile = 0;
    assert_true(pid > 0);
    server_port = port;
    create(&g[0], "{\"game\":\"molt-soroll\"}");
    /* 150 streams on one game, each dropped at once. A slow server (under
     * the sanitizers, on a loaded machine) may not have ended the dropped
     * ones yet and answer 503 "try again later": it must serve again within
     * five seconds, as it would not if dropped streams were kept. */
    for (int i = 0; i < 150; i++) {
        int s = open_stream(&g[0], 0, &st);
        for (int t = 0; st == 503 && t < 50; t++) {
            close(s);
            nanosleep(&(struct timespec){0, 100000000}, NULL);
            s = open_stream(&g[0], 0, &st);
        }
        assert_int_equal(st, 200);
        close(s);
    }
    assert_int_equal(http("GET", "/api/catalog", NULL, NULL, &j), 200);
    json_decref(j);
    /* the ended ones close (at most 16 stay on the game, dead or not) */
    for (int i = 0; i < 100; i++) {
        int k;
        assert_int_equal(http("GET", "/api/status", NULL, NULL, &j), 200);
        k = (int)json_integer_value(json_object_get(j, "streams"));
        json_decref(j);
        if (k <= 16)
            break;
        assert_true(i < 99);
        nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
    /* streams kept open on many games: beyond 32 the server says 503 and
     * goes on serving */
    for (int i = 0; i < 48; i++) {
        if (i > 0)
            create(&g[i], "{\"game\":\"molt-soroll\"}");
        socks[i] = open_stream(&g[i], 0, &st);
        assert_true(st == 200 || (st == 503 && i >= 16));
        refused += st == 503;
    }
    assert_true(refused > 0);
    assert_int_equal(http("GET", "/api/catalog", NULL, NULL, &j), 200);
    json_decref(j);
    play_first(&g[47], 2);
    for (int i = 0; i < 48; i++)
        close(socks[i]);
    kill(pid, SIGTERM);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    server_port = main_port;
}

/* ---- two servers, one PostgreSQL database ----------------------------------------*/

#define MAX_ACKS 400

/* A client of one server, playing whichever seat decides. */
typedef struct player {
    const game *g;
    int port;
    int acks;
    json_t *hist[MAX_ACKS]; /* the record each acknowledgement showed */
    int refused;            /* 409/422: the other server's client was first */
    time_t until;
} player;

static void *play_loop(void *arg)
{
    player *p = arg;
    server_port = p->port;
    while (time(NULL) < p->until && p->acks < 20) {
        int moved = 0;
        for (int seat = 0; seat < 2; seat++) {
            json_t *v = view(p->g, seat), *r = NULL;
            const char *a = json_string_value(json_array_get(json_object_get(v, "actions"), 0));
            int st;
            if (json_is_true(json_object_get(v, "over"))) {
                json_decref(v);
                return NULL;
            }
            if (!a) {
                json_decref(v);
                continue;
            }
            st = post_action(p->g->id, p->g->tok[seat], a, &r);
            if (st == 200) {
                p->hist[p->acks++] =
                    json_incref(json_object_get(json_object_get(r, "view"), "history"));
                moved = 1;
            } else if (st == 409 || st == 422) {
                p->refused++;
            } else {
                fail_msg("action on port %d: %d %s", p->port, st, str(r, "error"));
            }
            json_decref(r);
            json_decref(v);
        }
        if (!moved)
            nanosleep(&(struct timespec){0, 5000000}, NULL);
    }
    return NULL;
}

/* h is a prefix of the record rec (entry by entry). */
static int prefix_of(json_t *h, json_t *rec)
{
    size_t i;
    json_t *e;
    if (json_array_size(h) > json_array_size(rec))
        return 0;
    json_array_foreach(h, i, e)
    {
        if (!json_equal(e, json_array_get(rec, i)))
            return 0;
    }
    return 1;
}

static void two_servers_one_game(void **state)
{
    int port_a = 0, port_b = 0, port_c = 0, main_port = server_port, status, s;
    pid_t a, b, c;
    player pa, pb;
    pthread_t ta, tb;
    game g;
    json_t *rec_a, *rec_b, *rec_c, *ha;
    size_t i, nhuman = 0;
    json_t *e;
    char req[256];
    (void)state;
    if (!pg_start()) {
        pg_stop();
        skip();
    }
    a = start_server_on(pg_url, &port_a);
    if (!a) {
        int has_pg = build_has_pg();
        pg_stop();
        if (has_pg)
            fail_msg("the server did not start on PostgreSQL");
        skip(); /* a build without libpq */
    }
    b = start_server_on(pg_url, &port_b);
    assert_true(b > 0);
    server_port = port_a;
    create(&g, "{\"game\":\"setge-1714\",\"scenario\":\"2p\"}");
    /* server B streams the game's changes, whoever makes them */
    server_port = port_b;
    s = connect_server();
    snprintf(req, sizeof req,
             "GET /api/games/%s/events?token=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", g.id,
             g.tok[1]);
    send_all(s, req, strlen(req));
    assert_true(sse_wait(s, "event: hello"));
    /* both post actions to the one game at once */
    memset(&pa, 0, sizeof pa);
    memset(&pb, 0, sizeof pb);
    pa.g = pb.g = &g;
    pa.port = port_a;
    pb.port = port_b;
    pa.until = pb.until = time(NULL) + 20;
    assert_int_equal(pthread_create(&ta, NULL, play_loop, &pa), 0);
    assert_int_equal(pthread_create(&tb, NULL, play_loop, &pb), 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    assert_true(sse_wait(s, "event: change"));
    close(s);
    assert_true(pa.acks > 0 && pb.acks > 0);
    /* one record, whichever server is asked; a fresh third one replays it */
    server_port = port_a;
    rec_a = get_json(g.id, "record", g.tok[0]);
    server_port = port_b;
    rec_b = get_json(g.id, "record", g.tok[0]);
    c = start_server_on(pg_url, &port_c);
    assert_true(c > 0);
    server_port = port_c;
    rec_c = get_json(g.id, "record", g.tok[0]);
    assert_true(json_equal(rec_a, rec_b));
    assert_true(json_equal(rec_a, rec_c));
    ha = json_object_get(rec_a, "history");
    /* every acknowledged action is there, in its place, once: each answer's
     * record is a prefix of the final one, and the players' decisions in it
     * are exactly the acknowledged ones */
    for (int k = 0; k < pa.acks; k++) {
        assert_true(prefix_of(pa.hist[k], ha));
        json_decref(pa.hist[k]);
    }
    for (int k = 0; k < pb.acks; k++) {
        assert_true(prefix_of(pb.hist[k], ha));
        json_decref(pb.hist[k]);
    }
    json_array_foreach(ha, i, e)
    {
        if (strcmp(str(e, "by"), "chance") != 0)
            nhuman++;
    }
    assert_int_equal(nhuman, (size_t)(pa.acks + pb.acks));
    print_message("two servers: %d + %d actions acknowledged, %d + %d refused as stale\n", pa.acks,
                  pb.acks, pa.refused, pb.refused);
    json_decref(rec_a);
    json_decref(rec_b);
    json_decref(rec_c);
    /* both stop cleanly */
    for (int k = 0; k < 3; k++) {
        pid_t pid = k == 0 ? a : k == 1 ? b : c;
        kill(pid, SIGTERM);
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    pg_stop();
    server_port = main_port;
}

/* Whatever check failed: the main server stops cleanly, then every other
 * one still running is killed (abandoned_streams', two_servers_one_game's),
 * then the throw-away PostgreSQL, then the directory goes. */
static int group_teardown(void **state)
{
    int status, rc = 0;
    (void)state;
    if (server_pid > 0) {
        status = stop_server(SIGTERM);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            rc = -1;
    }
    stop_all_servers();
    pg_stop();
    return remove_dir() == 0 ? rc : -1;
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(games_of_a_player),
        cmocka_unit_test(idle_games_leave_memory),
        cmocka_unit_test(abandoned_streams),
        cmocka_unit_test(two_servers_one_game),
    };
    if (api_args(argc, argv))
        return 2;
    return cmocka_run_group_tests(tests, api_group_setup, group_teardown);
}
