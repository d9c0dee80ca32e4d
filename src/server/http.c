/* http.c - the HTTP layer on libmicrohttpd (a thread pool): the routes of
 * the JSON API (docs/api.md), the client's files from a fixed list, and
 * Server-Sent Events streams kept as suspended connections. Requests carry
 * a seat token ("Authorization: Bearer T" or "?token=T"); bodies are limited
 * to SRV_BODY_LIMIT bytes. No path and no SQL is built from input. */
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include "srv_int.h"

#define SSE_BUF_LIMIT (256 * 1024)

typedef struct request {
    char *body;
    size_t n, cap;
    int too_big;
} request;

/* ---- Server-Sent Events -----------------------------------------------------*/

void sse_unref(sse_sub *s)
{
    int r;
    pthread_mutex_lock(&s->mu);
    r = --s->refs;
    pthread_mutex_unlock(&s->mu);
    if (r == 0) {
        pthread_mutex_destroy(&s->mu);
        free(s->buf);
        free(s);
    }
}

void sse_push(sse_sub *s, const char *data, size_t len)
{
    int wake;
    pthread_mutex_lock(&s->mu);
    if (s->closed) {
        pthread_mutex_unlock(&s->mu);
        return;
    }
    if (s->n + len > s->cap && s->n + len <= SSE_BUF_LIMIT) {
        size_t cap = s->cap ? s->cap : 1024;
        char *p;
        while (cap < s->n + len)
            cap *= 2;
        if ((p = realloc(s->buf, cap))) {
            s->buf = p;
            s->cap = cap;
        }
    }
    if (len > 0 && s->n + len <= s->cap) {
        memcpy(s->buf + s->n, data, len);
        s->n += len;
    }
    wake = s->suspended;
    s->suspended = 0;
    pthread_mutex_unlock(&s->mu);
    /* A suspended connection is never closed: conn is valid here. */
    if (wake)
        MHD_resume_connection(s->conn);
}

/* 1 when the peer of c closed its side (or the socket failed). */
static int client_gone(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    char b;
    ssize_t r;
    if (!ci)
        return 0;
    r = recv(ci->connect_fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
    return r == 0 || (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    sse_sub *s = cls;
    size_t k;
    (void)pos;
    pthread_mutex_lock(&s->mu);
    if (s->n > 0) {
        k = s->n < max ? s->n : max;
        memcpy(buf, s->buf, k);
        memmove(s->buf, s->buf + k, s->n - k);
        s->n -= k;
        pthread_mutex_unlock(&s->mu);
        return (ssize_t)k;
    }
    if (s->shutdown) {
        pthread_mutex_unlock(&s->mu);
        return MHD_CONTENT_READER_END_OF_STREAM;
    }
    /* The client left (end of file on its socket: it sends nothing on a
     * stream): end it now rather than park a dead connection. */
    if (client_gone(s->conn)) {
        pthread_mutex_unlock(&s->mu);
        return MHD_CONTENT_READER_END_WITH_ERROR;
    }
    /* Nothing to send: park the connection until sse_push wakes it. */
    MHD_suspend_connection(s->conn);
    s->suspended = 1;
    pthread_mutex_unlock(&s->mu);
    return 0;
}

static void sse_free(void *cls)
{
    sse_sub *s = cls;
    pthread_mutex_lock(&s->sv->mu);
    s->sv->nstreams--;
    pthread_mutex_unlock(&s->sv->mu);
    pthread_mutex_lock(&s->mu);
    s->closed = 1;
    pthread_mutex_unlock(&s->mu);
    sse_unref(s);
}

/* ---- responses ------------------------------------------------------------------*/

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *type,
                                 const char *body, size_t len)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_MUST_COPY);
    enum MHD_Result ret;
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    if (strncmp(type, "text/html", 9) == 0)
        MHD_add_response_header(r, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
    ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

static const char no_answer[] =
    "{\"error\":\"no answer: out of memory, or the game could not be read from the database\"}";

/* Send j (a reference taken) as the body; NULL: a 500. */
static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status, json_t *j)
{
    char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
    enum MHD_Result ret;
    json_decref(j);
    if (!s)
        return send_text(c, 500, "application/json", no_answer, strlen(no_answer));
    ret = send_text(c, status, "application/json", s, strlen(s));
    free(s);
    return ret;
}

/* The seat's view; or, when the request asks for a minimal answer
 * (Prefer: return=minimal, after a change), only the new version. */
static enum MHD_Result send_view(struct MHD_Connection *c, live *lv, int role)
{
    const char *pref = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Prefer");
    struct MHD_Response *r;
    enum MHD_Result ret;
    size_t len;
    char *s;
    if (pref && strstr(pref, "return=minimal")) {
        json_t *sum = live_summary(lv);
        json_t *j = sum ? json_pack("{s:O, s:O, s:O}", "version", json_object_get(sum, "version"),
                                    "to_move", json_object_get(sum, "to_move"), "over",
                                    json_object_get(sum, "over"))
                        : NULL;
        json_decref(sum);
        return send_json(c, 200, j);
    }
    if (!(s = live_view_text(lv, role, &len)))
        return send_text(c, 500, "application/json", no_answer, strlen(no_answer));
    r = MHD_create_response_from_buffer(len, s, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(s);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", "application/json");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    ret = MHD_queue_response(c, 200, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *msg)
{
    return send_json(c, status, json_pack("{s:s}", "error", msg));
}

/* ---- the client's files: a fixed list, nothing named by the request -----------*/

static const struct {
    const char *url, *file, *type;
} statics[] = {
    {"/", "index.html", "text/html; charset=utf-8"},
    {"/index.html", "index.html", "text/html; charset=utf-8"},
    {"/app.js", "app.js", "text/javascript; charset=utf-8"},
    {"/api.js", "api.js", "text/javascript; charset=utf-8"},
    {"/style.css", "style.css", "text/css; charset=utf-8"},
};

static enum MHD_Result send_static(srv *sv, struct MHD_Connection *c, int i)
{
    char path[4096], *buf = NULL;
    FILE *f;
    long len;
    enum MHD_Result ret;
    snprintf(path, sizeof path, "%s/%s", sv->webdir, statics[i].file);
    f = fopen(path, "rb");
    if (!f)
        return send_error(c, 404, "client files not found (see --web)");
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && len < (1L << 24) &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)len + 1)) &&
        fread(buf, 1, (size_t)len, f) == (size_t)len) {
        fclose(f);
        ret = send_text(c, 200, statics[i].type, buf, (size_t)len);
        free(buf);
        return ret;
    }
    fclose(f);
    free(buf);
    return send_error(c, 500, "cannot read a client file");
}

/* ---- the API ---------------------------------------------------------------------*/

static const char *token_of(struct MHD_Connection *c)
{
    const char *h = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
    if (h && strncmp(h, "Bearer ", 7) == 0)
        return h + 7;
    return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
}

static int valid_id(const char *s, size_t n)
{
    if (n != STORE_ID_LEN)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return 0;
    return 1;
}

/* An area's name as asked (?name=): at most SRV_AREA_NAME bytes of
 * printable ASCII or well-formed UTF-8 (accented names), no control byte. */
static int valid_area_name(const char *s)
{
    json_t *utf8;
    if (strlen(s) > SRV_AREA_NAME)
        return 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return 0;
    if (!(utf8 = json_string(s))) /* jansson checks the UTF-8 */
        return 0;
    json_decref(utf8);
    return 1;
}

/* The body as JSON; NULL with a 400 message in err. */
static json_t *body_json(const request *rq, char *err, size_t n)
{
    json_error_t je;
    json_t *j = json_loadb(rq->body ? rq->body : "", rq->n, JSON_REJECT_DUPLICATES, &je);
    if (!j)
        snprintf(err, n, "malformed JSON at line %d column %d: %s", je.line, je.column, je.text);
    return j;
}

/* A player key from the X-Player header (and nothing else), or NULL. */
static const char *player_of(struct MHD_Connection *c)
{
    const char *k = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Player");
    return k && srv_valid_key(k) ? k : NULL;
}

static enum MHD_Result game_verb(srv *sv, struct MHD_Connection *c, const char *method, live *lv,
                                 const char *verb, const request *rq);

static enum MHD_Result game_route(srv *sv, struct MHD_Connection *c, const char *method,
                                  const char *id, const char *verb, const request *rq)
{
    char err[VB_ERR_LEN] = "";
    live *lv;
    enum MHD_Result ret;
    int st = srv_find(sv, id, &lv, err, sizeof err);
    if (st != 200)
        return send_error(c, (unsigned)st, err);
    ret = game_verb(sv, c, method, lv, verb, rq);
    live_put(lv);
    return ret;
}

static enum MHD_Result game_verb(srv *sv, struct MHD_Connection *c, const char *method, live *lv,
                                 const char *verb, const request *rq)
{
    char err[VB_ERR_LEN] = "";
    int st, role, post = strcmp(method, "POST") == 0;
    if (strcmp(verb, "") == 0 && !post)
        return send_json(c, 200, live_summary(lv));
    role = live_auth(lv, token_of(c));
    if (strcmp(verb, "view") == 0 || strcmp(verb, "record") == 0 || strcmp(verb, "events") == 0 ||
        strcmp(verb, "replay") == 0 || strcmp(verb, "odds") == 0 || strcmp(verb, "area") == 0 ||
        strcmp(verb, "resign") == 0 || strcmp(verb, "action") == 0 || strcmp(verb, "undo") == 0 ||
        strcmp(verb, "join") == 0) {
        if (role < 0)
            return send_error(c, 403, "no seat of this game has that token");
    } else {
        return send_error(c, 404, "no such resource");
    }
    if (!post && strcmp(verb, "view") == 0)
        return send_view(c, lv, role);
    if (!post && strcmp(verb, "record") == 0)
        return send_json(c, 200, live_record(lv, role));
    if (!post && strcmp(verb, "odds") == 0) {
        const char *a = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "action");
        json_t *j;
        if (!a || strlen(a) >= VB_ERR_LEN)
            return send_error(c, 400, "odds: which action? (?action=TEXT)");
        st = live_odds(lv, role, a, &j, err, sizeof err);
        return st == 200 ? send_json(c, 200, j) : send_error(c, (unsigned)st, err);
    }
    if (!post && strcmp(verb, "area") == 0) {
        const char *a = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "name");
        json_t *j;
        if (a && !valid_area_name(a))
            return send_error(c, 400, "area: a name is at most 64 bytes of printable text (UTF-8)");
        st = live_area(lv, role, a && *a ? a : NULL, &j, err, sizeof err);
        return st == 200 ? send_json(c, 200, j) : send_error(c, (unsigned)st, err);
    }
    if (!post && strcmp(verb, "replay") == 0) {
        const char *q = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "step");
        long long step;
        json_t *j;
        vb_ctx cx;
        vb_ctx_init(&cx);
        if (!q || vb_parse_ll(q, 0, 1LL << 40, &step, "step", &cx) < 0)
            return send_error(c, 400, q ? cx.err : "replay: which step? (?step=N)");
        st = live_replay(lv, role, (size_t)step, &j, err, sizeof err);
        return st == 200 ? send_json(c, 200, j) : send_error(c, (unsigned)st, err);
    }
    if (!post && strcmp(verb, "events") == 0) {
        sse_sub *s = calloc(1, sizeof *s);
        struct MHD_Response *r;
        enum MHD_Result ret;
        if (!s)
            return send_error(c, 500, "out of memory");
        pthread_mutex_lock(&sv->mu);
        if (sv->nstreams >= sv->max_streams) {
            pthread_mutex_unlock(&sv->mu);
            free(s);
            return send_error(c, 503, "too many event streams open: try again later");
        }
        sv->nstreams++;
        pthread_mutex_unlock(&sv->mu);
        pthread_mutex_init(&s->mu, NULL);
        s->conn = c;
        s->sv = sv;
        s->refs = 1; /* the response's */
        r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, sse_read, s, sse_free);
        if (!r) {
            sse_free(s);
            return MHD_NO;
        }
        live_subscribe(lv, s);
        MHD_add_response_header(r, "Content-Type", "text/event-stream");
        MHD_add_response_header(r, "Cache-Control", "no-store");
        ret = MHD_queue_response(c, 200, r);
        MHD_destroy_response(r);
        return ret;
    }
    if (post && strcmp(verb, "action") == 0) {
        json_t *b = body_json(rq, err, sizeof err), *a;
        const char *text;
        if (!b)
            return send_error(c, 400, err);
        a = json_object_get(b, "action");
        if (!json_is_object(b) || !json_is_string(a) || json_object_size(b) != 1) {
            json_decref(b);
            return send_error(c, 400, "expected {\"action\": \"text of the action\"}");
        }
        text = json_string_value(a);
        if (strlen(text) >= VB_ERR_LEN) {
            json_decref(b);
            return send_error(c, 400, "action text too long");
        }
        st = live_act(lv, role, text, err, sizeof err);
        json_decref(b);
        return st == 200 ? send_view(c, lv, role) : send_error(c, (unsigned)st, err);
    }
    if (post && strcmp(verb, "resign") == 0) {
        st = live_resign(lv, role, err, sizeof err);
        return st == 200 ? send_view(c, lv, role) : send_error(c, (unsigned)st, err);
    }
    if (post && strcmp(verb, "join") == 0) {
        json_t *b = body_json(rq, err, sizeof err), *p;
        if (!b)
            return send_error(c, 400, err);
        p = json_object_get(b, "player");
        if (!json_is_object(b) || json_object_size(b) != 1 || !json_is_string(p) ||
            !srv_valid_key(json_string_value(p))) {
            json_decref(b);
            return send_error(c, 400, "expected {\"player\": \"a player key of 32 hex digits\"}");
        }
        st = live_join(lv, role, json_string_value(p), err, sizeof err);
        json_decref(b);
        return st == 200 ? send_json(c, 200, json_pack("{s:s}", "joined", lv->g->def->roles[role]))
                         : send_error(c, (unsigned)st, err);
    }
    if (post && strcmp(verb, "undo") == 0) {
        st = live_undo(lv, role, err, sizeof err);
        return st == 200 ? send_view(c, lv, role) : send_error(c, (unsigned)st, err);
    }
    return send_error(c, 405, "method not allowed");
}

static enum MHD_Result route(srv *sv, struct MHD_Connection *c, const char *url, const char *method,
                             const request *rq)
{
    int get = strcmp(method, "GET") == 0, post = strcmp(method, "POST") == 0;
    char err[VB_ERR_LEN] = "";
    if (!get && !post)
        return send_error(c, 405, "method not allowed");
    if (strncmp(url, "/api/", 5) != 0) {
        for (size_t i = 0; i < sizeof statics / sizeof statics[0]; i++)
            if (get && strcmp(url, statics[i].url) == 0)
                return send_static(sv, c, (int)i);
        return send_error(c, 404, "not found");
    }
    if (get && strcmp(url, "/api/catalog") == 0)
        return send_json(c, 200, srv_catalog(sv));
    if (get && strcmp(url, "/api/status") == 0)
        return send_json(c, 200,
                         json_pack("{s:s, s:i, s:i}", "storage",
                                   store_shared(sv->st) ? "postgresql" : "sqlite", "games_held",
                                   srv_games_held(sv), "streams", srv_streams(sv)));
    if (strcmp(url, "/api/my-games") == 0) {
        const char *key = player_of(c);
        json_t *j;
        int st;
        if (!get)
            return send_error(c, 405, "method not allowed");
        if (!key)
            return send_error(c, 400, "my games: send your player key (X-Player: 32 hex digits)");
        st = srv_player_games(sv, key, &j, err, sizeof err);
        return st == 200 ? send_json(c, 200, j) : send_error(c, (unsigned)st, err);
    }
    if (strcmp(url, "/api/games") == 0) {
        json_t *b, *resp = NULL;
        int st;
        if (!post)
            return send_error(c, 405, "method not allowed");
        if (!(b = body_json(rq, err, sizeof err)))
            return send_error(c, 400, err);
        st = srv_create(sv, b, &resp, err, sizeof err);
        json_decref(b);
        return st == 201 ? send_json(c, 201, resp) : send_error(c, (unsigned)st, err);
    }
    if (strncmp(url, "/api/games/", 11) == 0) {
        const char *id = url + 11, *slash = strchr(id, '/');
        size_t idlen = slash ? (size_t)(slash - id) : strlen(id);
        char idbuf[STORE_ID_LEN + 1];
        if (!valid_id(id, idlen))
            return send_error(c, 404, "unknown game");
        memcpy(idbuf, id, STORE_ID_LEN);
        idbuf[STORE_ID_LEN] = '\0';
        return game_route(sv, c, method, idbuf, slash ? slash + 1 : "", rq);
    }
    return send_error(c, 404, "no such resource");
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url,
                               const char *method, const char *version, const char *data,
                               size_t *size, void **con_cls)
{
    request *rq = *con_cls;
    (void)version;
    if (!rq) {
        if (!(rq = calloc(1, sizeof *rq)))
            return MHD_NO;
        *con_cls = rq;
        return MHD_YES;
    }
    if (*size) {
        if (!rq->too_big && rq->n + *size <= SRV_BODY_LIMIT) {
            if (rq->n + *size > rq->cap) {
                size_t cap = rq->cap ? rq->cap : 1024;
                char *p;
                while (cap < rq->n + *size)
                    cap *= 2;
                if (!(p = realloc(rq->body, cap)))
                    return MHD_NO;
                rq->body = p;
                rq->cap = cap;
            }
            memcpy(rq->body + rq->n, data, *size);
            rq->n += *size;
        } else {
            rq->too_big = 1;
        }
        *size = 0;
        return MHD_YES;
    }
    if (rq->too_big) {
        char msg[64];
        snprintf(msg, sizeof msg, "request body over %d bytes", SRV_BODY_LIMIT);
        return send_error(c, 413, msg);
    }
    return route(cls, c, url, method, rq);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode code)
{
    request *rq = *con_cls;
    (void)cls;
    (void)c;
    (void)code;
    if (rq) {
        free(rq->body);
        free(rq);
        *con_cls = NULL;
    }
}

/* libmicrohttpd's messages, less the ordinary end of an event stream or
 * of a client that left (a closed browser tab is no error). */
__attribute__((format(printf, 2, 0))) static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    static const char *const ordinary[] = {"application error generating response",
                                           "Failed to send the chunked response body",
                                           "closed by remote side", NULL};
    char line[512];
    (void)cls;
    vsnprintf(line, sizeof line, fmt, ap);
    for (int i = 0; ordinary[i]; i++)
        if (strstr(line, ordinary[i]))
            return;
    fprintf(stderr, "vauban serve: %s%s", line, strchr(line, '\n') ? "" : "\n");
}

struct MHD_Daemon *http_start(srv *sv, const char *host, int port, int threads, int *bound,
                              char *err, size_t n)
{
    struct sockaddr_in addr;
    struct MHD_Daemon *d;
    const union MHD_DaemonInfo *info;
    struct rlimit rl;
    unsigned limit = 1024;
    /* Connections within the files this process may open (the database
     * and the client's files need some); half of them at most for event
     * streams, so that a crowd of them never stops the API. */
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        limit = rl.rlim_cur > 64 + 16
                    ? (unsigned)(rl.rlim_cur - 64 > 60000 ? 60000 : rl.rlim_cur - 64)
                    : 16;
    sv->max_streams = (int)limit / 2;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        snprintf(err, n, "--host '%.60s': expected an IPv4 address like 127.0.0.1", host);
        return NULL;
    }
    d = MHD_start_daemon(MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME |
                             MHD_USE_ERROR_LOG,
                         (uint16_t)port, NULL, NULL, handler, sv, MHD_OPTION_EXTERNAL_LOGGER,
                         mhd_log, NULL, MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads,
                         MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                         MHD_OPTION_NOTIFY_COMPLETED, completed, sv, MHD_OPTION_CONNECTION_TIMEOUT,
                         (unsigned)60, MHD_OPTION_CONNECTION_LIMIT, limit, MHD_OPTION_END);
    if (!d) {
        snprintf(err, n, "cannot listen on %s:%d", host, port);
        return NULL;
    }
    info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    *bound = info ? info->port : port;
    return d;
}
