/* serve.c - `vauban serve`: open the database (an SQLite file or a
 * PostgreSQL URL), start the AI workers and the HTTP thread pool, wait for
 * SIGINT or SIGTERM (sending SSE keep-alives and evicting idle games
 * meanwhile), then stop in order. */
#include <errno.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "commands.h"
#include "srv_int.h"

#ifndef VB_WEB_DIR
#define VB_WEB_DIR "web"
#endif

static void usage(void)
{
    puts("usage: vauban serve [--port N] [--db FILE|URL] [--host ADDR] [--web DIR]\n"
         "                    [--threads N] [--evict SECONDS]\n"
         "\n"
         "Serves the JSON API (docs/api.md) and the browser client. Defaults: port 8080\n"
         "(0 picks a free one), database vauban.sqlite (SQLite, WAL: one process per\n"
         "file), host 127.0.0.1, 8 HTTP threads, and the web pages from\n"
         "  " VB_WEB_DIR "\n"
         "--db postgresql://[user@]host/dbname (or any libpq URL) keeps the games in\n"
         "PostgreSQL instead, where several `vauban serve` may share them. A game\n"
         "nobody used for --evict seconds (default 600) leaves memory until its next\n"
         "request. Prints the address it listens on; stops on SIGINT or SIGTERM.\n"
         "\n"
         "examples:\n"
         "  vauban serve                      (then open http://localhost:8080)\n"
         "  vauban serve --port 0 --db /tmp/games.sqlite\n"
         "  vauban serve --host 0.0.0.0 --port 8080 --threads 4\n"
         "  vauban serve --db postgresql://vauban@dbhost/vauban --evict 300");
}

int vb_cmd_serve(int argc, char **argv)
{
    const char *db = "vauban.sqlite", *host = "127.0.0.1", *web = VB_WEB_DIR;
    long long port = 8080, threads = 8, evict = 600;
    time_t last_ping;
    char err[VB_ERR_LEN];
    struct MHD_Daemon *d;
    sigset_t set;
    store *st;
    srv sv;
    vb_ctx cx;
    int bound, sig;

    vb_ctx_init(&cx);
    for (int i = 1; i < argc; i += 2) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        }
        if (!v)
            return cli_error("serve", VB_EXIT_USAGE, "'%s' needs a value or is unknown", a);
        if (strcmp(a, "--port") == 0) {
            if (vb_parse_ll(v, 0, 65535, &port, "--port", &cx) < 0)
                return cli_error("serve", VB_EXIT_INPUT, "%s", cx.err);
        } else if (strcmp(a, "--threads") == 0) {
            if (vb_parse_ll(v, 1, 64, &threads, "--threads", &cx) < 0)
                return cli_error("serve", VB_EXIT_INPUT, "%s", cx.err);
        } else if (strcmp(a, "--evict") == 0) {
            if (vb_parse_ll(v, 1, 1000000, &evict, "--evict", &cx) < 0)
                return cli_error("serve", VB_EXIT_INPUT, "%s", cx.err);
        } else if (strcmp(a, "--db") == 0) {
            db = v;
        } else if (strcmp(a, "--host") == 0) {
            host = v;
        } else if (strcmp(a, "--web") == 0) {
            web = v;
        } else {
            return cli_error("serve", VB_EXIT_USAGE, "unknown flag '%s'", a);
        }
    }

    /* Signals go to this thread only (sigtimedwait below): block them before
     * any other thread starts. */
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (!(st = store_open(db, err, sizeof err)))
        return cli_error("serve", VB_EXIT_INPUT, "%s", err);
    srv_init(&sv, st, web, err, sizeof err);
    if (srv_follow(&sv) < 0 || srv_start_ai(&sv) < 0) {
        srv_stop_ai(&sv);
        store_close(st);
        srv_release(&sv);
        return cli_error("serve", VB_EXIT_INPUT, "cannot start the AI workers");
    }
    d = http_start(&sv, host, (int)port, (int)threads, &bound, err, sizeof err);
    if (!d) {
        srv_stop_ai(&sv);
        store_close(st);
        srv_release(&sv);
        return cli_error("serve", VB_EXIT_USAGE, "%s", err);
    }
    /* A URL may carry a password: name the kind only. */
    printf("vauban serve: listening on http://%s:%d/ (database %s)\n", host, bound,
           store_is_pg(db) ? "PostgreSQL" : db);
    fflush(stdout);

    last_ping = time(NULL);
    for (;;) {
        /* Wake often enough to evict on time and to ping every 5 s: a
         * waiting event stream whose client left is only noticed when
         * something is sent on it, and it holds a connection until then. */
        struct timespec ts = {(time_t)(evict < 10 ? (evict + 1) / 2 : 5), 0};
        sig = sigtimedwait(&set, NULL, &ts);
        if (sig == SIGINT || sig == SIGTERM)
            break;
        if (time(NULL) - last_ping >= 5) {
            srv_ping(&sv);
            last_ping = time(NULL);
        }
        srv_evict(&sv, (uint64_t)evict * 1000u);
    }

    srv_stop_ai(&sv);
    srv_end_streams(&sv);
    MHD_stop_daemon(d);
    store_close(st); /* first: its listener calls into sv */
    srv_release(&sv);
    fprintf(stderr, "vauban serve: stopped\n");
    return 0;
}
