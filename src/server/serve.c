/* serve.c - `vauban serve`: open the database, start the AI workers and the
 * HTTP thread pool, wait for SIGINT or SIGTERM (sending SSE keep-alives
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
    puts("usage: vauban serve [--port N] [--db FILE] [--host ADDR] [--web DIR]\n"
         "                    [--threads N]\n"
         "\n"
         "Serves the JSON API (docs/api.md) and the browser client. Defaults: port 8080\n"
         "(0 picks a free one), database vauban.sqlite (SQLite, WAL), host 127.0.0.1,\n"
         "8 HTTP threads, and the web pages from\n"
         "  " VB_WEB_DIR "\n"
         "Prints the address it listens on; stops on SIGINT or SIGTERM.\n"
         "\n"
         "examples:\n"
         "  vauban serve                      (then open http://localhost:8080)\n"
         "  vauban serve --port 0 --db /tmp/games.sqlite\n"
         "  vauban serve --host 0.0.0.0 --port 8080 --threads 4");
}

int vb_cmd_serve(int argc, char **argv)
{
    const char *db = "vauban.sqlite", *host = "127.0.0.1", *web = VB_WEB_DIR;
    long long port = 8080, threads = 8;
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
    if (srv_start_ai(&sv) < 0) {
        srv_stop_ai(&sv);
        srv_release(&sv);
        store_close(st);
        return cli_error("serve", VB_EXIT_INPUT, "cannot start the AI workers");
    }
    d = http_start(&sv, host, (int)port, (int)threads, &bound, err, sizeof err);
    if (!d) {
        srv_stop_ai(&sv);
        srv_release(&sv);
        store_close(st);
        return cli_error("serve", VB_EXIT_USAGE, "%s", err);
    }
    printf("vauban serve: listening on http://%s:%d/ (database %s)\n", host, bound, db);
    fflush(stdout);

    for (;;) {
        struct timespec ts = {20, 0};
        sig = sigtimedwait(&set, NULL, &ts);
        if (sig == SIGINT || sig == SIGTERM)
            break;
        if (sig < 0 && errno == EAGAIN)
            srv_ping(&sv);
    }

    srv_stop_ai(&sv);
    srv_end_streams(&sv);
    MHD_stop_daemon(d);
    srv_release(&sv);
    store_close(st);
    fprintf(stderr, "vauban serve: stopped\n");
    return 0;
}
