/* pg_tmp.h - a throw-away PostgreSQL server for a test, started and stopped
 * by tests/server/pg_tmp.sh (found through VB_SOURCE_DIR). pg_start() fills
 * pg_url (empty when none could be started: PostgreSQL not installed, no
 * VB_SOURCE_DIR) and returns whether one runs; pg_stop() stops it. It is
 * stopped as well when the program exits without pg_stop() (a check failed
 * on the way: atexit) or dies (a crash, ctest's kill at the timeout: the
 * script's watcher stops it once this process is gone). */
#ifndef VB_PG_TMP_H
#define VB_PG_TMP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char pg_url[512], pg_dir[256];

static inline void pg_stop(void);

static void pg_stop_at_exit(void)
{
    pg_stop();
}

static inline int pg_start(void)
{
    static int registered;
    const char *src = getenv("VB_SOURCE_DIR");
    char cmd[512], *h;
    FILE *p;
    pg_url[0] = '\0';
    if (!src)
        return 0;
    if (!registered)
        registered = atexit(pg_stop_at_exit) == 0;
    snprintf(cmd, sizeof cmd, "bash %s/tests/server/pg_tmp.sh start %ld", src, (long)getpid());
    if (!(p = popen(cmd, "r")))
        return 0;
    if (!fgets(pg_url, sizeof pg_url, p))
        pg_url[0] = '\0';
    if (pclose(p) != 0)
        pg_url[0] = '\0';
    pg_url[strcspn(pg_url, "\n")] = '\0';
    if (!(h = strstr(pg_url, "host=")))
        return 0;
    snprintf(pg_dir, sizeof pg_dir, "%.*s", (int)strcspn(h + 5, "&"), h + 5);
    return pg_url[0] != '\0';
}

static inline void pg_stop(void)
{
    const char *src = getenv("VB_SOURCE_DIR");
    char cmd[512];
    if (!pg_dir[0] || !src)
        return;
    snprintf(cmd, sizeof cmd, "bash %s/tests/server/pg_tmp.sh stop '%s'", src, pg_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not stop the PostgreSQL server in %s\n", pg_dir);
    pg_dir[0] = '\0';
}

#endif
