/* state.c - the generic layer over a game's functions: setup, legality,
 * apply, parsing action texts, sampling chance, hashing. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "vauban.h"

/* The stack holds the legal list of a check; VB_MAX_ACTIONS codes. */

int vb_setup(const vb_game *g, void *st, int scenario, const int *opts, uint64_t seed, vb_ctx *cx)
{
    const vb_game_def *d = g->def;
    vb_head *h = st;
    if (scenario < 0 || scenario >= (g->nscenarios > 0 ? g->nscenarios : 1))
        return vb_fail(cx, VB_EUSAGE, "scenario %d out of range", scenario);
    memset(st, 0, d->state_size);
    vb_rng_seed(&h->rng, seed);
    h->seed = seed;
    h->scenario = scenario;
    for (int i = 0; i < d->noptions && i < VB_MAX_OPTIONS; i++) {
        int v = opts ? opts[i] : g->option_def[scenario][i];
        if (v < d->options[i].min || v > d->options[i].max)
            return vb_fail(cx, VB_EUSAGE, "option '%s' = %d out of range %d-%d", d->options[i].key,
                           v, d->options[i].min, d->options[i].max);
        h->opts[i] = v;
    }
    return d->setup(g, st, cx);
}

int vb_to_move(const vb_game *g, const void *st)
{
    return g->def->to_move(g, st);
}

int vb_legal(const vb_game *g, const void *st, vb_action *acts, uint32_t *weights, int cap)
{
    int n;
    if (g->def->to_move(g, st) == VB_OVER)
        return 0;
    n = g->def->legal(g, st, acts, weights, cap);
    return n > cap ? VB_EOVERFLOW : n;
}

int vb_apply_unchecked(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    int rc = g->def->apply(g, st, a, cx);
    if (rc >= 0)
        ((vb_head *)st)->ndecisions++;
    return rc;
}

/* 1 when a is legal in st: in the list, or judged legal by the game. */
static int is_legal(const vb_game *g, const void *st, vb_action a, vb_ctx *cx)
{
    vb_action acts[VB_MAX_ACTIONS];
    int n = g->def->legal(g, st, acts, NULL, VB_MAX_ACTIONS);
    if (n < 0 || n > VB_MAX_ACTIONS)
        return vb_fail(cx, VB_EOVERFLOW, "%s: more than %d legal actions (a bug in the game)",
                       g->def->id, VB_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    if (g->def->judge && g->def->to_move(g, st) >= 0)
        return g->def->judge(g, st, a, cx) > 0;
    vb_fail(cx, VB_EILLEGAL, "illegal action code %llu", (unsigned long long)a);
    return 0;
}

int vb_apply(const vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    int rc;
    void *backup;
    _Alignas(16) unsigned char small[8192];
    if (g->def->to_move(g, st) == VB_OVER)
        return vb_fail(cx, VB_EILLEGAL, "illegal action: the game is over");
    rc = is_legal(g, st, a, cx);
    if (rc < 0)
        return rc;
    if (rc == 0)
        return VB_EILLEGAL;
    /* A game's apply should not fail on a legal action; if it does, the
     * state is restored so that a rejection never leaves a trace. Small
     * states are backed up on the stack, large ones on the heap. */
    backup = g->def->state_size <= sizeof small ? small : malloc(g->def->state_size);
    if (!backup)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    memcpy(backup, st, g->def->state_size);
    rc = vb_apply_unchecked(g, st, a, cx);
    if (rc < 0)
        memcpy(st, backup, g->def->state_size);
    if (backup != small)
        free(backup);
    return rc;
}

void vb_action_text(const vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    g->def->action_text(g, st, a, buf, n);
}

/* Canonical form for comparing action texts: lowercase, runs of blanks,
 * '_' and '-' folded to one '-', trimmed. The word "->" of records written
 * before the second edition reads as "onto". */
static void canon(const char *s, char *out, size_t n)
{
    size_t k = 0;
    int sep = 0;
    while (*s && isspace((unsigned char)*s))
        s++;
    const char *first = s;
    for (; *s && k + 1 < n; s++) {
        int c = (unsigned char)*s;
        /* A '-' that begins a word before a digit is a minus sign, not a
         * separator: "line-gaps -1" is not "line-gaps 1", nor "x -1.25"
         * "x 1.25" ("hide-3" still reads as "hide 3"). */
        if (c == '-' && isdigit((unsigned char)s[1]) &&
            (s == first || isspace((unsigned char)s[-1]) || s[-1] == '_' || s[-1] == '-')) {
            if (sep && k > 0 && k + 2 < n)
                out[k++] = '-';
            sep = 0;
            out[k++] = '~';
            continue;
        }
        if (c == '-' && s[1] == '>') {
            const char *w = "onto";
            if (k > 0 && k + 2 < n)
                out[k++] = '-';
            while (*w && k + 1 < n)
                out[k++] = *w++;
            s++;
            sep = 1;
            continue;
        }
        if (isspace(c) || c == '_' || c == '-') {
            sep = 1;
            continue;
        }
        if (sep && k > 0 && k + 2 < n)
            out[k++] = '-';
        sep = 0;
        out[k++] = (char)tolower(c);
    }
    out[k] = '\0';
}

/* A text as it may appear in a one-line message: control characters
 * shown as \xNN, cut to fit n. */
static void printable(const char *text, char *out, size_t n)
{
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && k + 5 < n; p++) {
        if (*p < 0x20 || *p == 0x7f)
            k += (size_t)snprintf(out + k, n - k, "\\x%02x", *p);
        else
            out[k++] = (char)*p;
    }
    out[k] = '\0';
}

int vb_parse_action(const vb_game *g, const void *st, const char *raw, vb_action *out, vb_ctx *cx)
{
    char text[VB_TEXT_LEN];
    vb_action acts[VB_MAX_ACTIONS];
    char want[VB_TEXT_LEN * 2], have[VB_TEXT_LEN * 2], t[VB_TEXT_LEN], tok[VB_TEXT_LEN * 2];
    int n, who = g->def->to_move(g, st);
    if (!raw)
        raw = "";
    printable(raw, text, sizeof text);
    if (who == VB_OVER)
        return vb_fail(cx, VB_EILLEGAL, "illegal action '%.60s': the game is over", text);
    n = g->def->legal(g, st, acts, NULL, VB_MAX_ACTIONS);
    if (n < 0 || n > VB_MAX_ACTIONS)
        return vb_fail(cx, VB_EOVERFLOW, "%s: more than %d legal actions (a bug in the game)",
                       g->def->id, VB_MAX_ACTIONS);
    /* Every action text begins with a word or a digit: "-1" is not the
     * die face 1, nor "+3" the third action. */
    if (raw[0] == '-' || raw[0] == '+' || raw[0] == '\0' || strlen(raw) >= VB_TEXT_LEN * 2)
        return vb_fail(cx, VB_EILLEGAL, "illegal %s '%.60s'",
                       who == VB_CHANCE ? "outcome" : "action", text);
    /* Accents are optional in what a person types: fold them first,
     * keeping the blanks, so that canon() tells "hide  2" (two blanks) from
     * "hide -2". */
    vb_name_fold(tok, sizeof tok, raw);
    canon(tok, want, sizeof want);
    for (int i = 0; i < n; i++) {
        g->def->action_text(g, st, acts[i], t, sizeof t);
        vb_name_fold(tok, sizeof tok, t);
        canon(tok, have, sizeof have);
        if (strcmp(want, have) == 0) {
            *out = acts[i];
            return 0;
        }
    }
    if (who != VB_CHANCE && raw[0] >= '0' && raw[0] <= '9') {
        long long k;
        if (vb_parse_ll(raw, 1, n, &k, "action number", NULL) == 0) {
            *out = acts[k - 1];
            return 0;
        }
    }
    if (who != VB_CHANCE && g->def->parse) {
        vb_ctx quiet;
        vb_ctx_init(&quiet);
        if (g->def->parse(g, st, raw, out, &quiet) == 0) {
            if (g->def->judge(g, st, *out, cx) > 0)
                return 0;
            return VB_EILLEGAL;
        }
    }
    if (who == VB_CHANCE) {
        char list[200] = "";
        size_t len = 0;
        for (int i = 0; i < n && len + 20 < sizeof list; i++) {
            g->def->action_text(g, st, acts[i], t, sizeof t);
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", t);
        }
        return vb_fail(cx, VB_EILLEGAL, "illegal outcome '%.60s': expected one of %s%s", text, list,
                       n > 0 && len + 20 >= sizeof list ? ", ..." : "");
    }
    if (g->def->explain)
        return g->def->explain(g, st, text, cx);
    return vb_fail(cx, VB_EILLEGAL, "illegal action '%.60s': not among the %d legal actions", text,
                   n);
}

vb_action vb_sample_chance(const vb_game *g, void *st)
{
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    uint64_t total = 0, r;
    int n = g->def->legal(g, st, acts, w, VB_MAX_ACTIONS);
    if (n > VB_MAX_ACTIONS)
        return VB_NONE;
    for (int i = 0; i < n; i++)
        total += w[i];
    if (n <= 0 || total == 0)
        return VB_NONE;
    r = vb_rng_below(&((vb_head *)st)->rng, total);
    for (int i = 0; i < n; i++) {
        if (r < w[i])
            return acts[i];
        r -= w[i];
    }
    return acts[n - 1];
}

void vb_result_get(const vb_game *g, const void *st, vb_result *r)
{
    memset(r, 0, sizeof *r);
    r->winner = -1;
    g->def->result(g, st, r);
    if (!r->over)
        return;
    int any = 0;
    for (int i = 0; i < g->def->nroles && i < VB_MAX_ROLES; i++)
        any |= r->outcome[i] != VB_OUT_NONE;
    if (any)
        return;
    vb_roles in = vb_scenario_roles(g, ((const vb_head *)st)->scenario);
    for (int i = 0; i < g->def->nroles && i < VB_MAX_ROLES; i++) {
        if (!(in >> i & 1u))
            continue;
        if (g->def->nroles == 1)
            r->outcome[i] = r->winner == 0 ? VB_OUT_WIN : VB_OUT_LOSS;
        else if (r->winner < 0)
            r->outcome[i] = VB_OUT_DRAW;
        else
            r->outcome[i] = g->role_side[i] == r->winner ? VB_OUT_WIN : VB_OUT_LOSS;
    }
}

void vb_visibility(const vb_game *g, const void *st, vb_action a, vb_vis *v)
{
    memset(v, 0, sizeof *v);
    v->see = VB_ALL_ROLES;
    if (g->def->visibility)
        g->def->visibility(g, st, a, v);
}

void vb_view(const vb_game *g, void *dst, const void *st, int role)
{
    vb_head *h = dst;
    if (dst != st)
        memcpy(dst, st, g->def->state_size);
    if (role < 0)
        return;
    memset(&h->rng, 0, sizeof h->rng);
    h->seed = 0;
    if (g->def->redact)
        g->def->redact(g, dst, role);
}

void vb_prompt(const vb_game *g, const void *st, char *buf, size_t n)
{
    g->def->prompt(g, st, buf, n);
}

uint64_t vb_hash(const vb_game *g, const void *st)
{
    /* FNV-1a over 64-bit words, then a final avalanche (splitmix64's). */
    const unsigned char *p = st;
    size_t n = g->def->state_size, i = 0;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ULL;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    return h ^ (h >> 31);
}

int vb_equal(const vb_game *g, const void *a, const void *b)
{
    return memcmp(a, b, g->def->state_size) == 0;
}
