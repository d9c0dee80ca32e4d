/*
 * client.h - what the API tests (tests/server/api_*.c) share: the `vauban
 * serve` process they start (--port 0, its port read from its first line)
 * and a small HTTP/1.1 client. The port is per thread, so that threads of
 * one test may talk to different servers.
 */
#ifndef VB_TEST_CLIENT_H
#define VB_TEST_CLIENT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "vauban.h"
#include "vbtest.h"

static const char *vauban_bin;
static char dbdir[64];
static char dbpath[512];
static pid_t server_pid;
static __thread int server_port;
static int server_nofile; /* when > 0, the next server's limit on open files */

/* Every server a test program starts, kept until the program ends: a
 * group's tear-down stops those still running (stop_all_servers), whatever
 * check failed between a server's start and its stop (one left running
 * holds ctest's output open, and its port and database). */
static pid_t servers_started[256];
static int nservers_started;

/* ---- the server process --------------------------------------------------*/

/* Start `vauban serve --db db --evict 1` (every idle game leaves memory
 * within two seconds: the tests go through reloads all along). Returns its
 * process id and sets *port; 0 when it exited without listening. */
static inline pid_t start_server_on(const char *db, int *port)
{
    int fd[2];
    char line[512];
    size_t n = 0;
    const char *p;
    pid_t pid;
    pid_t parent = getpid();
    assert_int_equal(pipe(fd), 0);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
#ifdef __linux__
        /* it dies with the test program (a crash, ctest's kill at the
         * timeout), which no tear-down would outlive */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        if (getppid() != parent)
            _exit(127);
        if (server_nofile > 0) {
            struct rlimit rl = {(rlim_t)server_nofile, (rlim_t)server_nofile};
            setrlimit(RLIMIT_NOFILE, &rl);
        }
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execl(vauban_bin, vauban_bin, "serve", "--port", "0", "--db", db, "--threads", "4",
              "--evict", "1", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    if (nservers_started < (int)(sizeof servers_started / sizeof servers_started[0]))
        servers_started[nservers_started++] = pid;
    while (n + 1 < sizeof line) {
        struct pollfd pf = {fd[0], POLLIN, 0};
        ssize_t r;
        assert_true(poll(&pf, 1, 20000) == 1);
        r = read(fd[0], line + n, 1);
        if (r != 1)
            break;
        if (line[n++] == '\n')
            break;
    }
    line[n] = '\0';
    close(fd[0]);
    p = strstr(line, "http://127.0.0.1:");
    if (!p) {
        waitpid(pid, NULL, 0);
        return 0;
    }
    *port = atoi(p + strlen("http://127.0.0.1:"));
    assert_true(*port > 0);
    return pid;
}

/* Whether this `vauban` keeps games in PostgreSQL (built with libpq): a
 * URL it cannot read is then libpq's error, not "no PostgreSQL storage". */
static inline int build_has_pg(void)
{
    char cmd[1024], line[512] = "";
    FILE *p;
    snprintf(cmd, sizeof cmd, "'%s' serve --port 0 --db 'postgresql://[' 2>&1", vauban_bin);
    p = popen(cmd, "r");
    assert_non_null(p);
    if (!fgets(line, sizeof line, p))
        line[0] = '\0';
    pclose(p);
    return strstr(line, "no PostgreSQL storage") == NULL;
}

static inline void start_server(void)
{
    server_pid = start_server_on(dbpath, &server_port);
    assert_true(server_pid > 0);
}

/* Stop the server with sig; returns its wait status. */
static inline int stop_server(int sig)
{
    int status = 0;
    assert_true(server_pid > 0); /* never kill(0): that is our own group */
    kill(server_pid, sig);
    assert_int_equal(waitpid(server_pid, &status, 0), server_pid);
    server_pid = 0;
    return status;
}

/* Kill (SIGKILL) and wait for every server started that is still running:
 * a child not yet waited for is still ours, so its id is no other process's;
 * one already waited for is passed over (waitpid fails). */
static inline void stop_all_servers(void)
{
    for (int i = 0; i < nservers_started; i++)
        if (waitpid(servers_started[i], NULL, WNOHANG) == 0) {
            kill(servers_started[i], SIGKILL);
            waitpid(servers_started[i], NULL, 0);
        }
    nservers_started = 0;
    server_pid = 0;
}

/* A group's set-up: a fresh directory for the database, a server on it. */
static inline int start_in_fresh_dir(void)
{
    snprintf(dbdir, sizeof dbdir, "/tmp/vb-api-XXXXXX");
    if (!mkdtemp(dbdir))
        return -1;
    snprintf(dbpath, sizeof dbpath, "%s/test.sqlite", dbdir);
    start_server();
    return 0;
}

/* A group's tear-down: the directory of the database removed. */
static inline int remove_dir(void)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dbdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* The start of every API test program's main: the vauban to serve from
 * argv[1] (without it a usage line, and 2), VB_TEST_FILTER read (one test,
 * or a few), SIGPIPE ignored (a connection the server closed is an error
 * to read, not a signal). 0, or 2. */
static inline int api_args(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s PATH-TO-VAUBAN\n", argv[0]);
        return 2;
    }
    vauban_bin = argv[1];
    vbt_filter_from_env();
    signal(SIGPIPE, SIG_IGN);
    return 0;
}

/* ---- a small HTTP/1.1 client ------------------------------------------------*/
/* What every API test program's group shares: a fresh directory with its
 * server started first, */
static inline int api_group_setup(void **state)
{
    (void)state;
    return start_in_fresh_dir();
}

/* every server still running stopped and the directory removed last,
 * whatever check failed, */
static inline int api_group_teardown(void **state)
{
    (void)state;
    stop_all_servers();
    return remove_dir();
}

/* and a last test: SIGTERM ends the server cleanly, exit 0 (under the
 * sanitizers: nothing leaked). */
static inline void api_clean_shutdown(void **state)
{
    int status;
    (void)state;
    status = stop_server(SIGTERM);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

static inline int connect_server(void)
{
    struct sockaddr_in a;
    struct timeval tv = {30, 0};
    int s = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(s >= 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)server_port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(s, (struct sockaddr *)&a, sizeof a), 0);
    setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return s;
}

static inline void send_all(int s, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = send(s, buf, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return; /* the server may refuse a body early (413) */
        buf += w;
        n -= (size_t)w;
    }
}

/* One request, with one more header line ("Name: value") unless header is
 * NULL; returns the status and the body in *out (malloc'd). */
static inline int http_raw_hdr(const char *method, const char *path, const char *token,
                               const char *header, const char *body, size_t blen, char **out)
{
    char head[1024], *resp = NULL, *p;
    size_t n = 0, cap = 0;
    int s = connect_server(), status = 0, k;
    k = snprintf(head, sizeof head,
                 "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                 "Content-Type: application/json\r\nContent-Length: %zu\r\n%s%s%s%s%s\r\n",
                 method, path, blen, token ? "Authorization: Bearer " : "", token ? token : "",
                 token ? "\r\n" : "", header ? header : "", header ? "\r\n" : "");
    send_all(s, head, (size_t)k);
    if (blen)
        send_all(s, body, blen);
    for (;;) {
        ssize_t r;
        if (n + 4097 > cap) {
            cap = cap ? cap * 2 : 65536;
            resp = realloc(resp, cap);
            assert_non_null(resp);
        }
        r = recv(s, resp + n, cap - n - 1, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    close(s);
    assert_non_null(resp);
    resp[n] = '\0';
    assert_true(sscanf(resp, "HTTP/1.1 %d", &status) == 1);
    p = strstr(resp, "\r\n\r\n");
    assert_non_null(p);
    if (out)
        *out = strdup(p + 4);
    free(resp);
    return status;
}

/* A request of the given method and body; the status, the body in *out. */
static inline int http_raw(const char *method, const char *path, const char *token,
                           const char *body, size_t blen, char **out)
{
    return http_raw_hdr(method, path, token, NULL, body, blen, out);
}

/* A request with a JSON body (or none); the response's JSON in *out. */
static inline int http(const char *method, const char *path, const char *token, const char *body,
                       json_t **out)
{
    char *text = NULL;
    json_error_t je;
    int st = http_raw(method, path, token, body, body ? strlen(body) : 0, &text);
    if (out) {
        *out = json_loads(text, 0, &je);
        if (!*out)
            fail_msg("%s %s: not JSON: %.200s", method, path, text);
    }
    free(text);
    return st;
}

static inline int post_action(const char *id, const char *token, const char *action, json_t **out)
{
    char path[128], body[512];
    json_t *b = json_pack("{s:s}", "action", action);
    char *s = json_dumps(b, JSON_COMPACT);
    snprintf(path, sizeof path, "/api/games/%s/action", id);
    snprintf(body, sizeof body, "%s", s);
    free(s);
    json_decref(b);
    return http("POST", path, token, body, out);
}

static inline json_t *get_json(const char *id, const char *what, const char *token)
{
    char path[1280];
    json_t *j = NULL;
    snprintf(path, sizeof path, "/api/games/%s/%s", id, what);
    assert_int_equal(http("GET", path, token, NULL, &j), 200);
    return j;
}

/* The record the store holds (every entry), as the state file to load. */
static inline json_t *stored_file(const char *id)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    json_t *j, *hist = json_array();
    assert_int_equal(sqlite3_open_v2(dbpath, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT state FROM games WHERE id = ?1", -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    j = json_loads((const char *)sqlite3_column_text(st, 0), 0, NULL);
    assert_non_null(j);
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT who, text, rng FROM entries WHERE game_id = ?1 "
                                        "ORDER BY seq",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    while (sqlite3_step(st) == SQLITE_ROW) {
        json_t *e = json_pack("{s:s, s:s}", "by", (const char *)sqlite3_column_text(st, 0), "do",
                              (const char *)sqlite3_column_text(st, 1));
        if (strcmp((const char *)sqlite3_column_text(st, 0), "chance") == 0)
            json_object_set_new(e, "rng", json_boolean(sqlite3_column_int(st, 2)));
        json_array_append_new(hist, e);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    json_object_set_new(j, "history", hist);
    return j;
}

/* ---- a game made for the tests ----------------------------------------------*/

typedef struct game {
    char id[32];
    char tok[4][40];
    int ntok;
} game;

static inline void create(game *g, const char *body)
{
    json_t *j = NULL, *seats, *v;
    const char *role;
    int st = http("POST", "/api/games", NULL, body, &j);
    if (st != 201)
        fail_msg("create %s: %d %s", body, st, json_string_value(json_object_get(j, "error")));
    memset(g, 0, sizeof *g);
    snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(j, "id")));
    seats = json_object_get(j, "seats");
    json_object_foreach(seats, role, v)
    {
        const char *t = json_string_value(json_object_get(v, "token"));
        (void)role;
        if (t)
            snprintf(g->tok[g->ntok++], sizeof g->tok[0], "%s", t);
    }
    json_decref(j);
}

/* The token of seat `role` (the response lists seats in role order). */
static inline const char *tok(const game *g, int i)
{
    return g->tok[i];
}

static inline json_t *view(const game *g, int seat)
{
    return get_json(g->id, "view", tok(g, seat));
}

static inline const char *str(json_t *j, const char *key)
{
    const char *s = json_string_value(json_object_get(j, key));
    return s ? s : "";
}

/* How many entries game g's record holds, as its seat `seat` reads it. */
static inline size_t record_entries(const game *g, int seat)
{
    json_t *rec = get_json(g->id, "record", tok(g, seat));
    size_t n = json_array_size(json_object_get(rec, "history"));
    json_decref(rec);
    return n;
}

/* Kill the server (SIGKILL) while an AI of game g thinks, start it again,
 * and wait up to 30 s for g's record, as seat 0 reads it, to grow: 1 when
 * the AI moved after the restart, 0 when it never did. */
static inline int ai_moves_after_restart(const game *g)
{
    size_t n0 = record_entries(g, 0), n = n0;
    stop_server(SIGKILL);
    start_server();
    assert_int_equal(record_entries(g, 0), n0);
    for (int i = 0; i < 150 && (n = record_entries(g, 0)) == n0; i++)
        nanosleep(&(struct timespec){0, 200000000}, NULL);
    return n != n0;
}

/* Play the first listed action of whichever human seat decides. */
static inline void play_first(const game *g, int nseats)
{
    for (int s = 0; s < nseats; s++) {
        json_t *v = view(g, s), *r = NULL;
        if (json_is_true(json_object_get(v, "your_turn"))) {
            const char *a = json_string_value(json_array_get(json_object_get(v, "actions"), 0));
            assert_non_null(a);
            assert_int_equal(post_action(g->id, tok(g, s), a, &r), 200);
            json_decref(r);
            json_decref(v);
            return;
        }
        json_decref(v);
    }
    fail_msg("no seat decides");
}

/* Open an event stream of seat `seat` of g, its status in *status (200, or
 * 503 when the server holds as many streams as it allows); the socket, to
 * close. */
static inline int open_stream(const game *g, int seat, int *status)
{
    char req[256], buf[512];
    int s = connect_server();
    ssize_t r;
    snprintf(req, sizeof req,
             "GET /api/games/%.31s/events?token=%.39s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", g->id,
             g->tok[seat]);
    send_all(s, req, strlen(req));
    r = recv(s, buf, sizeof buf - 1, 0);
    buf[r > 0 ? r : 0] = '\0';
    *status = 0;
    sscanf(buf, "HTTP/1.1 %d", status);
    return s;
}

/* Read from an SSE stream until `needle` arrives (or 10 s pass). */
static inline int sse_wait(int s, const char *needle)
{
    char buf[8192];
    size_t n = 0;
    time_t end = time(NULL) + 10;
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
        if (strstr(buf, needle))
            return 1;
    }
    return 0;
}

#endif
