/* cli.c - helpers shared by the `vauban` subcommands. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

int cli_error(const char *cmd, int status, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "vauban %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return status;
}

int cli_status(int err)
{
    if (err == VB_EUSAGE)
        return VB_EXIT_USAGE;
    return err < 0 ? VB_EXIT_INPUT : VB_EXIT_OK;
}

json_t *cli_read_json(const char *path, vb_ctx *cx)
{
    json_error_t je;
    json_t *j;
    if (strcmp(path, "-") == 0)
        j = json_loadf(stdin, JSON_REJECT_DUPLICATES, &je);
    else
        j = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
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
    m->g = g;
    m->st = calloc(1, g->def->state_size);
    if (!m->st) {
        json_decref(j);
        vb_game_free(g);
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    }
    rc = vb_match_from_json(m, j, cx);
    json_decref(j);
    if (rc < 0) {
        char msg[VB_ERR_LEN];
        snprintf(msg, sizeof msg, "%s", cx->err);
        vb_fail(cx, rc, "%s: %s", path, msg);
        vb_match_release(m);
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
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (n >= max)
            return -1;
        if (len >= VB_TEXT_LEN || len == 0)
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

int cli_parse_option(const vb_game *g, const char *kv, int *opts, vb_ctx *cx)
{
    const char *eq = strchr(kv, '=');
    char *end;
    long v;
    if (!eq)
        return vb_fail(cx, VB_EUSAGE, "option '%s': expected KEY=VALUE", kv);
    for (int i = 0; i < g->def->noptions; i++) {
        const vb_option_def *o = &g->def->options[i];
        if (strlen(o->key) != (size_t)(eq - kv) || strncmp(o->key, kv, (size_t)(eq - kv)) != 0)
            continue;
        if (strcmp(eq + 1, "on") == 0 || strcmp(eq + 1, "true") == 0)
            v = 1;
        else if (strcmp(eq + 1, "off") == 0 || strcmp(eq + 1, "false") == 0)
            v = 0;
        else {
            v = strtol(eq + 1, &end, 10);
            if (*end || end == eq + 1)
                return vb_fail(cx, VB_EUSAGE, "option '%s': value must be a number", kv);
        }
        if (v < o->min || v > o->max)
            return vb_fail(cx, VB_EUSAGE, "option '%s': value must be %d-%d", kv, o->min, o->max);
        opts[i] = (int)v;
        return 0;
    }
    return vb_fail(cx, VB_EUSAGE, "unknown option '%.*s' for %s", (int)(eq - kv), kv, g->def->id);
}

void cli_print_state(const vb_match *m, FILE *out)
{
    json_t *j = vb_match_to_json(m, -1);
    json_dumpf(j, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', out);
    json_decref(j);
}

void cli_log_to_file(void *ud, const char *line)
{
    fprintf((FILE *)ud, "%s\n", line);
}

void cli_log_to_buf(void *ud, const char *line)
{
    cli_logbuf *b = ud;
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
            ga->scenario = v;
        } else if (strcmp(a, "--seed") == 0) {
            char *end;
            ga->seed = strtoull(v, &end, 10);
            if (*end || !*v || *v == '-')
                return -cli_error(cmd, VB_EXIT_USAGE, "--seed '%s': expected a number", v);
            ga->have_seed = 1;
        } else {
            if (ga->nopt >= VB_MAX_OPTIONS * 2)
                return -cli_error(cmd, VB_EXIT_USAGE, "too many --option");
            ga->optv[ga->nopt++] = v;
        }
        return 1;
    }
    return 0;
}

/* Load the game and set up a match from game_args. Returns exit status. */
int cli_start_match(const char *cmd, cli_game_args *ga, vb_game **gout, vb_match *m)
{
    vb_ctx cx;
    int sc = 0, opts[VB_MAX_OPTIONS];
    vb_game *g;
    vb_ctx_init(&cx);
    g = vb_game_load(ga->game, &cx);
    if (!g)
        return cli_error(cmd, cli_status(VB_EUSAGE), "%s", cx.err);
    if (ga->scenario && (sc = vb_scenario_index(g, ga->scenario)) < 0) {
        vb_game_free(g);
        return cli_error(cmd, VB_EXIT_USAGE, "unknown scenario '%s' for %s", ga->scenario,
                         ga->game);
    }
    for (int i = 0; i < g->def->noptions; i++)
        opts[i] = g->def->options[i].def;
    for (int i = 0; i < ga->nopt; i++)
        if (cli_parse_option(g, ga->optv[i], opts, &cx) < 0) {
            vb_game_free(g);
            return cli_error(cmd, VB_EXIT_USAGE, "%s", cx.err);
        }
    if (!ga->have_seed)
        ga->seed = cli_fresh_seed();
    if (vb_match_new(m, g, sc, opts, ga->seed, &cx) < 0) {
        vb_game_free(g);
        return cli_error(cmd, VB_EXIT_INPUT, "%s", cx.err);
    }
    *gout = g;
    return 0;
}
