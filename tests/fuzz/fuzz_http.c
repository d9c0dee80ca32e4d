/* fuzz_http.c - the server's HTTP request handler: the real `vauban serve`
 * stack (libmicrohttpd, the routes, SQLite in a temporary file) started
 * once in this process on a loopback port, with one Setge game created;
 * each input is sent as raw bytes on a new connection, with "@ID@" and
 * "@TOK@" replaced by the game's id and the bourbon seat's token, so that
 * the fuzzer reaches the game routes. A finding: a crash or sanitizer
 * report in the server, an answer that is not an HTTP response, or a
 * server that stops answering.
 *
 * After each input the harness pings every event stream, as `vauban
 * serve` does every few seconds: an event stream whose client left is only
 * noticed when something is sent on it. Without it, every input that
 * opened a stream kept a connection and a file for good, and a long hunt
 * ran the server out of files ("the server stopped serving" on whatever
 * input came then: the finding that did not reproduce alone; kept as
 * regressions/http/streams-left-open). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "fuzz.h"
#include "srv_int.h"

static int port;
static char game_id[64], token[64];
static srv sv;

static void start(void)
{
    static char db[] = "/tmp/vauban-fuzz-http-XXXXXX";
    char err[256];
    store *st;
    json_t *req, *resp = NULL;
    int fd = mkstemp(db);
    FUZZ_ASSERT(fd >= 0, "mkstemp");
    close(fd);
    unlink(db);
    st = store_open(db, err, sizeof err);
    FUZZ_ASSERT(st, "store: %s", err);
    FUZZ_ASSERT(srv_init(&sv, st, "/nonexistent", err, sizeof err) == 0, "srv_init: %s", err);
    req = json_pack("{s:s, s:s}", "game", "setge-1714", "scenario", "2p");
    FUZZ_ASSERT(srv_create(&sv, req, &resp, err, sizeof err) / 100 == 2, "create: %s", err);
    snprintf(game_id, sizeof game_id, "%s", json_string_value(json_object_get(resp, "id")));
    snprintf(token, sizeof token, "%s",
             json_string_value(json_object_get(
                 json_object_get(json_object_get(resp, "seats"), "bourbon"), "token")));
    json_decref(req);
    json_decref(resp);
    FUZZ_ASSERT(http_start(&sv, "127.0.0.1", 0, 2, &port, err, sizeof err), "http: %s", err);
}

/* data with the placeholders replaced, into out (at most n bytes). */
static size_t expand(const uint8_t *data, size_t size, char *out, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < size && k + 64 < n;) {
        if (size - i >= 4 && memcmp(data + i, "@ID@", 4) == 0) {
            k += (size_t)snprintf(out + k, n - k, "%s", game_id);
            i += 4;
        } else if (size - i >= 5 && memcmp(data + i, "@TOK@", 5) == 0) {
            k += (size_t)snprintf(out + k, n - k, "%s", token);
            i += 5;
        } else {
            out[k++] = (char)data[i++];
        }
    }
    return k;
}

/* 1 when buf holds a whole answer: its headers and Content-Length bytes. */
static int complete(const char *buf, ssize_t got)
{
    const char *end = strstr(buf, "\r\n\r\n"), *cl;
    long want;
    if (!end)
        return 0;
    cl = strstr(buf, "Content-Length: ");
    if (!cl || cl > end)
        return 0;
    want = strtol(cl + 16, NULL, 10);
    return got >= (end + 4 - buf) + want;
}

/* Send bytes on a new connection; the answer's first bytes into buf. */
static ssize_t exchange(const char *req, size_t len, char *buf, size_t n)
{
    struct sockaddr_in a;
    struct timeval tv = {0, 300000};
    ssize_t got = 0, r;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    FUZZ_ASSERT(fd >= 0, "socket");
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    FUZZ_ASSERT(connect(fd, (struct sockaddr *)&a, sizeof a) == 0, "the server does not answer");
    if (len)
        (void)!write(fd, req, len);
    shutdown(fd, SHUT_WR);
    while ((size_t)got < n - 1 && (r = read(fd, buf + got, n - 1 - (size_t)got)) > 0) {
        got += r;
        buf[got] = '\0';
        if (complete(buf, got))
            break;
    }
    buf[got > 0 ? got : 0] = '\0';
    close(fd);
    return got;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char req[1 << 17], buf[1 << 16];
    size_t len;
    ssize_t got;
    if (!port)
        start();
    len = expand(data, size < 100000 ? size : 100000, req, sizeof req);
    got = exchange(req, len, buf, sizeof buf);
    if (got > 0)
        FUZZ_ASSERT(strncmp(buf, "HTTP/1.", 7) == 0, "not an HTTP answer: %.40s", buf);
    /* The server still serves a well-formed request. */
    got = exchange("GET /api/catalog HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 57, buf,
                   sizeof buf);
    FUZZ_ASSERT(got > 0 && strncmp(buf, "HTTP/1.1 200", 12) == 0, "the server stopped serving");
    srv_ping(&sv);
    return 0;
}
