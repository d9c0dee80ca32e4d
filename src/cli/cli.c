/* cli.c - helpers shared by the `vauban` subcommands. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int cli_error(const char *cmd, int status, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* One line, and nothing a terminal would act on: control characters
     * that came in with a hostile input are shown escaped. */
    fprintf(stderr, "vauban %s: ", cmd);
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            fprintf(stderr, "\\x%02x", *p);
        else
            fputc(*p, stderr);
    }
    fputc('\n', stderr);
    return status;
}

int cli_status(int err)
{
    if (err == VB_EUSAGE)
        return VB_EXIT_USAGE;
    return err < 0 ? VB_EXIT_INPUT : VB_EXIT_OK;
}

int cli_load_status(const char *id)
{
    return id && vb_registry_find(id) ? VB_EXIT_INPUT : VB_EXIT_USAGE;
}

/* Largest JSON file read: far above any state file or record. */
#define CLI_MAX_JSON (64u << 20)

/* Fail with the system's reason for path. */
static json_t *read_fail(vb_ctx *cx, FILE *f, int is_stdin, char *buf, const char *path,
                         const char *why)
{
    free(buf);
    if (f && !is_stdin)
        fclose(f);
    vb_fail(cx, VB_EINPUT, "%s: %s", path, why);
    return NULL;
}

json_t *cli_read_json(const char *path, vb_ctx *cx)
{
    json_error_t je;
    json_t *j;
    FILE *f;
    struct stat sb;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    int is_stdin = strcmp(path, "-") == 0;
    if (!is_stdin) {
        if (stat(path, &sb) < 0)
            return read_fail(cx, NULL, 0, NULL, path, strerror(errno));
        if (S_ISDIR(sb.st_mode))
            return read_fail(cx, NULL, 0, NULL, path, "is a directory, not a state file");
    }
    f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return read_fail(cx, NULL, 0, NULL, path, strerror(errno));
    for (;;) {
        size_t got;
        if (n == cap) {
            char *p;
            if (cap > CLI_MAX_JSON)
                return read_fail(cx, f, is_stdin, buf, path, "too large for a state file");
            cap = cap ? cap * 2 : 65536;
            if (cap > CLI_MAX_JSON) /* room for one byte more than a file may hold */
                cap = CLI_MAX_JSON + 1;
            p = realloc(buf, cap);
            if (!p)
                return read_fail(cx, f, is_stdin, buf, path, "out of memory");
            buf = p;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f))
        return read_fail(cx, f, is_stdin, buf, path, strerror(errno));
    if (!is_stdin)
        fclose(f);
    if (n == 0)
        return read_fail(cx, NULL, 0, buf, path, "is empty, not a state file");
    j = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &je);
    free(buf);
    if (!j) {
        if (je.line <= 0)
            vb_fail(cx, VB_EINPUT, "%s: %s", path, je.text);
        else
            vb_fail(cx, VB_EINPUT, "%s:%d: malformed JSON: %s", path, je.line, je.text);
    }
    return j;
}

int cli_load_state(const char *path, vb_game **gout, vb_match *m, vb_ctx *cx)
{
    json_t *j = cli_read_json(path, cx), *id;
    vb_game *g;
    int rc;
    *gout = NULL;
    memset(m, 0, sizeof *m);
    if (!j)
        return VB_EINPUT;
    if (!json_is_object(j)) {
        json_decref(j);
        return vb_fail(cx, VB_EINPUT, "%s: expected a JSON object (a state file or record)", path);
    }
    id = json_object_get(j, "game");
    if (!json_is_string(id)) {
        json_decref(j);
        return vb_fail(cx, VB_EINPUT, "%s: missing \"game\"", path);
    }
    g = vb_game_load(json_string_value(id), cx);
    if (!g) {
        json_decref(j);
        return VB_EINPUT;
    }
    rc = vb_match_load(m, g, j, cx);
    json_decref(j);
    if (rc < 0) {
        char msg[VB_ERR_LEN];
        snprintf(msg, sizeof msg, "%s", cx->err);
        vb_fail(cx, rc, "%s: %s", path, msg);
        vb_game_free(g);
        return rc;
    }
    *gout = g;
    return 0;
}

int cli_parse_dice(const char *s, char vals[][VB_TEXT_LEN], int max)
{
    int n = 0;
    const char *p = s;
    if (!*p)
        return -1;
    for (;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (n >= max || len >= VB_TEXT_LEN || len == 0)
            return -1;
        memcpy(vals[n], p, len);
        vals[n][len] = '\0';
        n++;
        if (!e)
            break;
        p = e + 1;
    }
    return n;
}

void cli_print_state(const vb_match *m, FILE *out)
{
    json_t *j = vb_match_to_json(m, -1);
    json_dumpf(j, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', out);
    json_decref(j);
}

void cli_log_to_file(void *ud, vb_roles see, const char *line)
{
    (void)see;
    fprintf((FILE *)ud, "%s\n", line);
}

void cli_log_to_buf(void *ud, vb_roles see, const char *line)
{
    cli_logbuf *b = ud;
    if (b->role >= 0 && !(see >> b->role & 1u))
        return;
    size_t len = strlen(line);
    if (b->n + len + 2 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 4096) + len;
        char *s = realloc(b->s, cap);
        if (!s)
            return;
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->n, line, len);
    b->n += len;
    b->s[b->n++] = '\n';
    b->s[b->n] = '\0'; /* a string too: replay prints it whole */
}

void cli_logbuf_flush(cli_logbuf *b, FILE *out)
{
    if (out && b->n)
        fwrite(b->s, 1, b->n, out);
    free(b->s);
    memset(b, 0, sizeof *b);
}

int cli_resolve_chance(vb_match *m, char dice[][VB_TEXT_LEN], int ndice, int *used, vb_ctx *cx)
{
    while (vb_to_move(m->g, m->st) == VB_CHANCE) {
        int rc;
        if (*used < ndice) {
            vb_action a;
            rc = vb_parse_action(m->g, m->st, dice[*used], &a, cx);
            if (rc < 0)
                return rc;
            (*used)++;
            rc = vb_match_apply(m, a, cx);
        } else {
            rc = vb_match_roll(m, cx);
        }
        if (rc < 0)
            return rc;
    }
    return 0;
}

uint64_t cli_fresh_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
}

/* Consume argv[*i] (and its value) if it is a game argument. 1 consumed,
 * 0 not ours, <0 usage error (message printed). */
int cli_game_arg(const char *cmd, int argc, char **argv, int *i, cli_game_args *ga)
{
    const char *a = argv[*i];
    if (strcmp(a, "--scenario") == 0 || strcmp(a, "--seed") == 0 || strcmp(a, "--option") == 0) {
        if (*i + 1 >= argc)
            return -cli_error(cmd, VB_EXIT_USAGE, "%s needs a value", a);
        const char *v = argv[++*i];
        if (strcmp(a, "--scenario") == 0) {
            if (ga->scenario)
                return -cli_error(cmd, VB_EXIT_USAGE, "--scenario given twice");
            ga->scenario = v;
        } else if (strcmp(a, "--seed") == 0) {
            vb_ctx cx;
            if (ga->have_seed)
                return -cli_error(cmd, VB_EXIT_USAGE, "--seed given twice");
            vb_ctx_init(&cx);
            if (vb_parse_u64(v, &ga->seed, "--seed", &cx) < 0)
                return -cli_error(cmd, VB_EXIT_INPUT, "%s", cx.err);
            ga->have_seed = 1;
        } else {
            if (ga->nopt >= VB_MAX_OPTIONS * 2)
                return -cli_error(cmd, VB_EXIT_USAGE, "too many --option");
            /* One value per option, as one value per key in a state file. */
            size_t k = strcspn(v, "=");
            for (int j = 0; j < ga->nopt; j++)
                if (strcspn(ga->optv[j], "=") == k && strncmp(ga->optv[j], v, k) == 0)
                    return -cli_error(cmd, VB_EXIT_USAGE, "option '%.*s' given twice", (int)k, v);
            ga->optv[ga->nopt++] = v;
        }
        return 1;
    }
    return 0;
}

/* Load the game and set up a match from game_args. Returns exit status. */
int cli_start_match(const char *cmd, cli_game_args *ga, vb_game **gout, vb_match *m, vb_ctx *lx)
{
    vb_ctx cx;
    int sc = 0, opts[VB_MAX_OPTIONS];
    vb_game *g;
    vb_ctx_init(&cx);
    g = vb_game_load(ga->game, &cx);
    if (!g)
        return cli_error(cmd, cli_load_status(ga->game), "%s", cx.err);
    if (ga->scenario && (sc = vb_scenario_index(g, ga->scenario)) < 0) {
        vb_game_free(g);
        return cli_error(cmd, VB_EXIT_USAGE, "unknown scenario '%s' for %s", ga->scenario,
                         ga->game);
    }
    vb_option_defaults(g, sc, opts);
    for (int i = 0; i < ga->nopt; i++)
        if (vb_option_parse(g, ga->optv[i], opts, &cx) < 0) {
            vb_game_free(g);
            return cli_error(cmd, VB_EXIT_INPUT, "%s", cx.err);
        }
    if (!ga->have_seed)
        ga->seed = cli_fresh_seed();
    if (lx) { /* the set-up's log lines go to the caller's sink */
        cx.log = lx->log;
        cx.log_ud = lx->log_ud;
    }
    if (vb_match_init(m, g, sc, opts, ga->seed, &cx) < 0) {
        vb_game_free(g);
        return cli_error(cmd, VB_EXIT_INPUT, "%s", cx.err);
    }
    *gout = g;
    return 0;
}
