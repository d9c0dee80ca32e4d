/*
 * cmd_sim.c - `vauban sim`: play N complete games between policies and
 * print per-role results (wins/draws/losses with 95% Wilson intervals,
 * final score distribution), game lengths and the verdicts; optional CSV
 * (one row per game), JSON and an SVG histogram of the final scores.
 */
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "policy.h"
#include "sim.h"

#define CMD "sim"

/* Set by the SIGINT handler; read by vb_sim_run's watching thread. The one
 * mutable file-scope object of this command: a signal handler has no other
 * way to talk. */
static volatile sig_atomic_t sim_interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    sim_interrupted = 1;
}

static const char usage[] =
    "usage: vauban sim GAME [--scenario S] [--option K=V]... -n N\n"
    "                 [--policy ROLE=POLICY]... [--threads T] [--seed S]\n"
    "                 [--csv FILE] [--json FILE] [--svg FILE] [--max-decisions D]\n"
    "       vauban sim GAME ... --only GAMESEED [--record FILE]\n"
    "\n"
    "Plays N complete games and prints, per role: wins, draws and losses with\n"
    "95% Wilson intervals and the final score's mean and quantiles; the game\n"
    "length in turns and decisions; how often each verdict came out.\n"
    "\n"
    "POLICY: random | greedy | mcts[:ITERATIONS|:MSms][,threads=T][,trees=K]...\n"
    "        (roles without --policy play random; see docs/ai.md)\n"
    "Game i is set up with seed vb_sim_game_seed(S, i), printed per game in the\n"
    "CSV; chance comes from each game state's own generator. Results do not\n"
    "depend on --threads. --only GAMESEED replays one game (a CSV row's seed)\n"
    "with the same policies; --record FILE saves its record for 'vauban replay'.\n"
    "\n"
    "  --csv FILE   one row per game: seed, status, winner, verdict, turns,\n"
    "               decisions, chance draws, score and result per role\n"
    "  --json FILE  the summary and every game, for scripts\n"
    "  --svg FILE   histogram of the final score per role\n"
    "Ctrl-C stops and prints the summary of the games finished so far.";

typedef struct stats {
    double mean, sd, min, q10, q25, med, q75, q90, max;
    int n;
} stats;

static int dbl_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double quantile(const double *v, int n, double q)
{
    double pos = q * (n - 1);
    int i = (int)floor(pos);
    if (i >= n - 1)
        return v[n - 1];
    return v[i] + (pos - i) * (v[i + 1] - v[i]);
}

/* Summary of v[0..n) (sorts v). */
static stats summarize(double *v, int n)
{
    stats s = {0};
    s.n = n;
    if (n == 0)
        return s;
    qsort(v, (size_t)n, sizeof *v, dbl_cmp);
    double sum = 0, ss = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    s.mean = sum / n;
    for (int i = 0; i < n; i++)
        ss += (v[i] - s.mean) * (v[i] - s.mean);
    s.sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
    s.min = v[0];
    s.max = v[n - 1];
    s.q10 = quantile(v, n, 0.10);
    s.q25 = quantile(v, n, 0.25);
    s.med = quantile(v, n, 0.50);
    s.q75 = quantile(v, n, 0.75);
    s.q90 = quantile(v, n, 0.90);
    return s;
}

/* 95% Wilson score interval of k successes in n. */
static void wilson(int k, int n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = (double)k / n, z2 = z * z;
    double den = 1 + z2 / n;
    double c = (p + z2 / (2.0 * n)) / den;
    double h = z / den * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

#define VC_MAX 1000 /* verdict classes listed; the rest are "(other verdicts)" */

typedef struct verdict_count {
    char text[VB_TEXT_LEN];
    int count;
} verdict_count;

/* The class of a verdict: every number replaced by N, so that "won, 53
 * victory points: Petrus Magnus" and "won, 41 victory points: Petrus
 * Magnus" count together (the CSV keeps the full text). */
static void verdict_class(const char *v, char *out, size_t n)
{
    size_t k = 0;
    while (*v && k + 1 < n) {
        if ((*v >= '0' && *v <= '9') || (*v == '-' && v[1] >= '0' && v[1] <= '9')) {
            out[k++] = 'N';
            v++;
            while (*v >= '0' && *v <= '9')
                v++;
        } else {
            out[k++] = *v++;
        }
    }
    out[k] = 0;
}

static int vc_cmp(const void *a, const void *b)
{
    const verdict_count *x = a, *y = b;
    if (x->count != y->count)
        return y->count - x->count;
    return strcmp(x->text, y->text);
}

typedef struct summary {
    const vb_game *g;
    int played;               /* status 1 */
    int cut;                  /* status -1 */
    int active[VB_MAX_ROLES]; /* the role decided in some game, or has a policy */
    int wins[VB_MAX_ROLES], draws[VB_MAX_ROLES], losses[VB_MAX_ROLES];
    stats score[VB_MAX_ROLES];
    stats turns, decisions, chance;
    verdict_count *vc;
    int nvc;
} summary;

static int summarize_all(const vb_game *g, const vb_sim_game *out, int n, summary *s)
{
    int nr = g->def->nroles;
    memset(s, 0, sizeof *s);
    s->g = g;
    double *v = malloc((size_t)(n ? n : 1) * sizeof *v);
    s->vc = calloc(VC_MAX, sizeof *s->vc);
    if (!v || !s->vc) {
        free(v);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (out[i].status == -1)
            s->cut++;
        if (out[i].status != 1)
            continue;
        s->played++;
        for (int r = 0; r < nr; r++)
            s->active[r] |= out[i].by_role[r] > 0;
        for (int r = 0; r < nr; r++) {
            if (out[i].outcome[r] >= 1)
                s->wins[r]++;
            else if (out[i].outcome[r] > 0)
                s->draws[r]++;
            else
                s->losses[r]++;
        }
        char cls[VB_TEXT_LEN];
        verdict_class(out[i].verdict, cls, sizeof cls);
        int j;
        for (j = 0; j < s->nvc; j++)
            if (strcmp(s->vc[j].text, cls) == 0)
                break;
        if (j == s->nvc && s->nvc == VC_MAX - 1)
            snprintf(cls, sizeof cls, "(other verdicts)");
        for (j = 0; j < s->nvc; j++)
            if (strcmp(s->vc[j].text, cls) == 0)
                break;
        if (j == s->nvc)
            snprintf(s->vc[s->nvc++].text, sizeof s->vc[j].text, "%s", cls);
        s->vc[j].count++;
    }
    qsort(s->vc, (size_t)s->nvc, sizeof *s->vc, vc_cmp);
    for (int r = 0; r < nr; r++) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (out[i].status == 1)
                v[k++] = out[i].score[r];
        s->score[r] = summarize(v, k);
    }
    int k = 0;
    for (int i = 0; i < n; i++)
        if (out[i].status == 1 && out[i].turns >= 0)
            v[k++] = out[i].turns;
    s->turns = summarize(v, k);
    k = 0;
    for (int i = 0; i < n; i++)
        if (out[i].status == 1)
            v[k++] = out[i].decisions;
    s->decisions = summarize(v, k);
    k = 0;
    for (int i = 0; i < n; i++)
        if (out[i].status == 1)
            v[k++] = out[i].chance;
    s->chance = summarize(v, k);
    free(v);
    return 0;
}

static void print_rate(FILE *f, const char *what, int k, int n)
{
    double lo, hi;
    wilson(k, n, &lo, &hi);
    fprintf(f, "  %-7s %7d  %6.2f%%  [%6.2f%%, %6.2f%%]\n", what, k, n ? 100.0 * k / n : 0.0,
            100 * lo, 100 * hi);
}

static void print_stats(FILE *f, const char *what, const stats *s)
{
    if (s->n == 0) {
        fprintf(f, "  %-9s (none)\n", what);
        return;
    }
    fprintf(f,
            "  %-9s mean %.2f  sd %.2f  min %g  p10 %g  p25 %g  median %g  p75 %g  p90 %g  "
            "max %g\n",
            what, s->mean, s->sd, s->min, s->q10, s->q25, s->med, s->q75, s->q90, s->max);
}

static void print_summary(FILE *f, const summary *s, const vb_sim_config *c, int n, double seconds)
{
    const vb_game_def *d = s->g->def;
    fprintf(f, "%s (%s), scenario %s: %d game%s played of %d, seed %llu, %d thread%s, %.1f s\n",
            d->id, d->title, d->nscenarios ? d->scenarios[c->scenario] : "-", s->played,
            s->played == 1 ? "" : "s", n, (unsigned long long)c->seed, c->threads,
            c->threads == 1 ? "" : "s", seconds);
    if (s->cut)
        fprintf(f, "  %d game%s cut at %u decisions (not counted)\n", s->cut,
                s->cut == 1 ? "" : "s", c->max_decisions);
    for (int r = 0; r < d->nroles; r++) {
        if (!s->active[r] && !c->spec[r])
            continue; /* a seat nobody took in this scenario */
        fprintf(f, "%s: %s\n", d->roles[r], c->spec[r] ? c->spec[r] : "random");
        print_rate(f, "wins", s->wins[r], s->played);
        if (d->nroles > 1)
            print_rate(f, "draws", s->draws[r], s->played);
        print_rate(f, "losses", s->losses[r], s->played);
        print_stats(f, "score", &s->score[r]);
    }
    fprintf(f, "length:\n");
    if (d->turn)
        print_stats(f, "turns", &s->turns);
    print_stats(f, "decisions", &s->decisions);
    print_stats(f, "chance", &s->chance);
    fprintf(f, "verdicts:\n");
    for (int i = 0; i < s->nvc; i++)
        fprintf(f, "  %7d  %6.2f%%  %s\n", s->vc[i].count,
                s->played ? 100.0 * s->vc[i].count / s->played : 0.0, s->vc[i].text);
}

/* ---- files ------------------------------------------------------------- */

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static const char *result_word(double o)
{
    return o >= 1 ? "win" : o > 0 ? "draw" : "loss";
}

static const char *status_word(int st)
{
    return st == 1 ? "over" : st == -1 ? "cut" : "stopped";
}

static int write_csv(const char *path, const vb_game *g, const summary *sm, const vb_sim_config *c,
                     const vb_sim_game *out, int n)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f)
        return -1;
    const vb_game_def *d = g->def;
    fprintf(f, "game,seed,status,winner,verdict,turns,decisions,chance");
    /* seats nobody took in this scenario are left out, as in the summary */
#define SHOWN(r) (sm->active[r] || c->spec[r])
    for (int r = 0; r < d->nroles; r++)
        if (SHOWN(r))
            fprintf(f, ",score_%s", d->roles[r]);
    for (int r = 0; r < d->nroles; r++)
        if (SHOWN(r))
            fprintf(f, ",result_%s", d->roles[r]);
    fputc('\n', f);
    for (int i = 0; i < n; i++) {
        const vb_sim_game *o = &out[i];
        if (o->status == 0)
            continue;
        fprintf(f, "%d,%llu,%s,%s,", i, (unsigned long long)o->seed, status_word(o->status),
                o->winner >= 0 && o->winner < d->nroles ? d->roles[o->winner] : "none");
        csv_field(f, o->verdict);
        fprintf(f, ",%d,%u,%u", o->turns, o->decisions, o->chance);
        for (int r = 0; r < d->nroles; r++)
            if (SHOWN(r))
                fprintf(f, ",%g", o->score[r]);
        for (int r = 0; r < d->nroles; r++)
            if (SHOWN(r))
                fprintf(f, ",%s", o->status == 1 ? result_word(o->outcome[r]) : "none");
#undef SHOWN
        fputc('\n', f);
    }
    int bad = ferror(f);
    if (f != stdout)
        bad |= fclose(f);
    return bad ? -1 : 0;
}

static json_t *stats_json(const stats *s)
{
    if (s->n == 0)
        return json_null();
    return json_pack("{s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f}", "mean", s->mean, "sd", s->sd, "min",
                     s->min, "p10", s->q10, "p25", s->q25, "median", s->med, "p75", s->q75, "p90",
                     s->q90, "max", s->max);
}

static json_t *rate_json(int k, int n)
{
    double lo, hi;
    wilson(k, n, &lo, &hi);
    return json_pack("{s:i,s:f,s:[f,f]}", "count", k, "rate", n ? (double)k / n : 0.0, "ci95", lo,
                     hi);
}

static int write_json(const char *path, const summary *s, const vb_sim_config *c,
                      const vb_sim_game *out, int n)
{
    const vb_game_def *d = s->g->def;
    json_t *j = json_object();
    json_object_set_new(j, "game", json_string(d->id));
    json_object_set_new(j, "scenario", json_string(d->nscenarios ? d->scenarios[c->scenario] : ""));
    json_object_set_new(j, "seed", json_integer((json_int_t)c->seed));
    json_object_set_new(j, "games", json_integer(n));
    json_object_set_new(j, "played", json_integer(s->played));
    json_object_set_new(j, "cut", json_integer(s->cut));
    json_t *roles = json_array();
    for (int r = 0; r < d->nroles; r++) {
        if (!s->active[r] && !c->spec[r])
            continue;
        json_t *o = json_object();
        json_object_set_new(o, "role", json_string(d->roles[r]));
        json_object_set_new(o, "policy", json_string(c->spec[r] ? c->spec[r] : "random"));
        json_object_set_new(o, "wins", rate_json(s->wins[r], s->played));
        json_object_set_new(o, "draws", rate_json(s->draws[r], s->played));
        json_object_set_new(o, "losses", rate_json(s->losses[r], s->played));
        json_object_set_new(o, "score", stats_json(&s->score[r]));
        json_array_append_new(roles, o);
    }
    json_object_set_new(j, "roles", roles);
    json_object_set_new(j, "turns", d->turn ? stats_json(&s->turns) : json_null());
    json_object_set_new(j, "decisions", stats_json(&s->decisions));
    json_object_set_new(j, "chance", stats_json(&s->chance));
    json_t *vs = json_array();
    for (int i = 0; i < s->nvc; i++)
        json_array_append_new(
            vs, json_pack("{s:s,s:i}", "verdict", s->vc[i].text, "count", s->vc[i].count));
    json_object_set_new(j, "verdicts", vs);
    json_t *gs = json_array();
    for (int i = 0; i < n; i++) {
        const vb_sim_game *o = &out[i];
        if (o->status == 0)
            continue;
        json_t *sc = json_object(), *res = json_object();
        for (int r = 0; r < d->nroles; r++) {
            json_object_set_new(sc, d->roles[r], json_real(o->score[r]));
            json_object_set_new(res, d->roles[r],
                                json_string(o->status == 1 ? result_word(o->outcome[r]) : "none"));
        }
        json_t *e =
            json_pack("{s:i,s:I,s:s,s:s,s:s,s:i,s:i,s:i}", "index", i, "seed", (json_int_t)o->seed,
                      "status", status_word(o->status), "winner",
                      o->winner >= 0 && o->winner < d->nroles ? d->roles[o->winner] : "none",
                      "verdict", o->verdict, "turns", o->turns, "decisions", (int)o->decisions,
                      "chance", (int)o->chance);
        json_object_set_new(e, "score", sc);
        json_object_set_new(e, "result", res);
        json_array_append_new(gs, e);
    }
    json_object_set_new(j, "game_list", gs);
    int rc;
    if (strcmp(path, "-") == 0) {
        rc = json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        fputc('\n', stdout);
    } else {
        rc = json_dump_file(j, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    }
    json_decref(j);
    return rc;
}

static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else
            fputc(*s, f);
    }
}

/* One histogram panel per role, drawn by hand: bins of width 1 when every
 * score is an integer within a range of 60, else 30 equal bins. */
static int write_svg(const char *path, const summary *s, const vb_sim_config *c,
                     const vb_sim_game *out, int n)
{
    const vb_game_def *d = s->g->def;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const int W = 720, PH = 240, L = 60, R = 20, T = 40, B = 40;
    int nr = 0, idx[VB_MAX_ROLES];
    for (int r = 0; r < d->nroles; r++)
        if (s->active[r] || c->spec[r])
            idx[nr++] = r;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            W, PH * nr);
    for (int k = 0; k < nr; k++) {
        int r = idx[k], y0 = PH * k;
        double lo = s->score[r].min, hi = s->score[r].max;
        int integral = 1;
        for (int i = 0; i < n; i++)
            if (out[i].status == 1 && out[i].score[r] != floor(out[i].score[r]))
                integral = 0;
        int nb;
        double bw;
        if (integral && hi - lo <= 60) {
            nb = (int)(hi - lo) + 1;
            bw = 1;
            lo -= 0.5;
        } else {
            nb = 30;
            bw = hi > lo ? (hi - lo) / nb : 1;
        }
        int cnt[64] = {0}, maxc = 1;
        for (int i = 0; i < n; i++) {
            if (out[i].status != 1)
                continue;
            int b = (int)((out[i].score[r] - lo) / bw);
            if (b < 0)
                b = 0;
            if (b >= nb)
                b = nb - 1;
            cnt[b]++;
        }
        for (int b = 0; b < nb; b++)
            if (cnt[b] > maxc)
                maxc = cnt[b];
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"14\">", L, y0 + 24);
        xml_text(f, d->id);
        fputs(": final score of ", f);
        xml_text(f, d->roles[r]);
        fputs(" (", f);
        xml_text(f, c->spec[r] ? c->spec[r] : "random");
        fprintf(f, "), %d games, mean %.2f</text>\n", s->played, s->score[r].mean);
        int pw = W - L - R, ph = PH - T - B;
        fprintf(f,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n"
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n",
                L, y0 + T + ph, L + pw, y0 + T + ph, L, y0 + T, L, y0 + T + ph);
        double bx = (double)pw / nb;
        for (int b = 0; b < nb; b++) {
            double h = (double)ph * cnt[b] / maxc;
            fprintf(f,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                    "fill=\"#4a7ab5\" stroke=\"white\"><title>%g to %g: %d</title></rect>\n",
                    L + b * bx, y0 + T + ph - h, bx, h, lo + b * bw, lo + (b + 1) * bw, cnt[b]);
        }
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>\n", L - 4, y0 + T + 4,
                maxc);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n", L - 4,
                y0 + T + ph + 4);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", L,
                y0 + T + ph + 16, s->score[r].min);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", L + pw,
                y0 + T + ph + 16, s->score[r].max);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">final score</text>\n",
                L + pw / 2, y0 + T + ph + 32);
    }
    fputs("</svg>\n", f);
    int bad = ferror(f);
    bad |= fclose(f);
    return bad ? -1 : 0;
}

/* ---- progress ----------------------------------------------------------- */

static void progress(void *ud, int done, int total, double t)
{
    (void)ud;
    const int width = 30;
    int fill = total > 0 ? (int)((double)width * done / total) : width;
    char bar[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    double rate = t > 0 ? done / t : 0;
    double left = rate > 0 ? (total - done) / rate : 0;
    fprintf(stderr, "\r[%s] %d/%d %5.1f%% %.1f games/s, %.0f s left ", bar, done, total,
            total ? 100.0 * done / total : 100.0, rate, left);
    fflush(stderr);
}

/* ---- the command -------------------------------------------------------- */

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    *out = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

int vb_cmd_sim(int argc, char **argv)
{
    cli_game_args ga = {0};
    const char *pol[VB_MAX_ROLES * 2] = {0};
    int npol = 0;
    const char *csv = NULL, *jsonf = NULL, *svg = NULL, *record = NULL;
    uint64_t n = 0, threads = 1, maxd = 0, only = 0;
    int have_n = 0, have_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            puts(usage);
            return 0;
        }
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int k = cli_game_arg(CMD, argc, argv, &i, &ga);
        if (k < 0)
            return -k;
        if (k)
            continue;
        if (a[0] != '-') {
            if (ga.game)
                return cli_error(CMD, VB_EXIT_USAGE, "unexpected argument '%s'", a);
            ga.game = a;
            continue;
        }
        if (i + 1 >= argc)
            return cli_error(CMD, VB_EXIT_USAGE, "%s needs a value", a);
        const char *v = argv[++i];
        if (strcmp(a, "-n") == 0) {
            if (parse_u64(v, &n) || n > 100000000)
                return cli_error(CMD, VB_EXIT_USAGE, "-n '%s': expected a number of games", v);
            have_n = 1;
        } else if (strcmp(a, "--policy") == 0) {
            if (npol >= VB_MAX_ROLES * 2)
                return cli_error(CMD, VB_EXIT_USAGE, "too many --policy");
            pol[npol++] = v;
        } else if (strcmp(a, "--threads") == 0) {
            if (parse_u64(v, &threads) || threads < 1 || threads > 256)
                return cli_error(CMD, VB_EXIT_USAGE, "--threads '%s': expected 1-256", v);
        } else if (strcmp(a, "--max-decisions") == 0) {
            if (parse_u64(v, &maxd) || maxd < 1 || maxd > 1000000000)
                return cli_error(CMD, VB_EXIT_USAGE, "--max-decisions '%s': expected a number", v);
        } else if (strcmp(a, "--only") == 0) {
            if (parse_u64(v, &only))
                return cli_error(CMD, VB_EXIT_USAGE, "--only '%s': expected a game seed", v);
            have_only = 1;
        } else if (strcmp(a, "--csv") == 0) {
            csv = v;
        } else if (strcmp(a, "--json") == 0) {
            jsonf = v;
        } else if (strcmp(a, "--svg") == 0) {
            svg = v;
        } else if (strcmp(a, "--record") == 0) {
            record = v;
        } else {
            return cli_error(CMD, VB_EXIT_USAGE, "unknown flag '%s'", a);
        }
    }
    if (!ga.game)
        return cli_error(CMD, VB_EXIT_USAGE, "which game? (see 'vauban list')");
    if (!have_n && !have_only)
        return cli_error(CMD, VB_EXIT_USAGE, "how many games? (-n N)");
    if (record && !have_only)
        return cli_error(CMD, VB_EXIT_USAGE, "--record needs --only GAMESEED");

    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load(ga.game, &cx);
    if (!g)
        return cli_error(CMD, VB_EXIT_USAGE, "%s", cx.err);
    const vb_game_def *d = g->def;
    int rc = 0, sc = 0, opts[VB_MAX_OPTIONS];
    vb_sim_game *out = NULL;
    vb_policy *pols[VB_MAX_ROLES] = {0};
    vb_match m = {0};
    vb_sim_config c;
    memset(&c, 0, sizeof c);
    if (ga.scenario && (sc = vb_scenario_index(g, ga.scenario)) < 0) {
        rc = cli_error(CMD, VB_EXIT_USAGE, "unknown scenario '%s' for %s", ga.scenario, d->id);
        goto done;
    }
    vb_option_defaults(g, opts);
    for (int i = 0; i < ga.nopt; i++)
        if (vb_option_parse(g, ga.optv[i], opts, &cx) < 0) {
            rc = cli_error(CMD, VB_EXIT_USAGE, "%s", cx.err);
            goto done;
        }
    c.g = g;
    c.scenario = sc;
    c.opts = opts;
    c.n = (int)n;
    c.seed = ga.have_seed ? ga.seed : 1;
    c.threads = (int)threads;
    c.max_decisions = (uint32_t)maxd;
    for (int i = 0; i < npol; i++) {
        const char *eq = strchr(pol[i], '=');
        char role[64];
        if (!eq || eq == pol[i] || (size_t)(eq - pol[i]) >= sizeof role) {
            rc = cli_error(CMD, VB_EXIT_USAGE, "--policy '%s': expected ROLE=POLICY", pol[i]);
            goto done;
        }
        memcpy(role, pol[i], (size_t)(eq - pol[i]));
        role[eq - pol[i]] = 0;
        int r = vb_role_index(g, role);
        if (r < 0) {
            rc = cli_error(CMD, VB_EXIT_USAGE, "unknown role '%s' for %s", role, d->id);
            goto done;
        }
        c.spec[r] = eq + 1;
    }

    if (have_only) {
        /* One game, exactly as game seed `only` is played inside a run. */
        vb_sim_game o;
        for (int r = 0; r < d->nroles; r++) {
            pols[r] = vb_policy_new(g, c.spec[r] ? c.spec[r] : "random", 0, &cx);
            if (!pols[r]) {
                rc = cli_error(CMD, VB_EXIT_USAGE, "%s", cx.err);
                goto done;
            }
        }
        int e = vb_sim_play(g, sc, opts, only, pols, c.max_decisions, record ? &m : NULL, &o, &cx);
        if (e < 0) {
            rc = cli_error(CMD, cli_status(e), "%s", cx.err);
            goto done;
        }
        printf("game seed %llu: %s, winner %s, verdict: %s; %d turns, %u decisions, %u chance\n",
               (unsigned long long)only, status_word(o.status),
               o.winner >= 0 && o.winner < d->nroles ? d->roles[o.winner] : "none", o.verdict,
               o.turns, o.decisions, o.chance);
        for (int r = 0; r < d->nroles; r++)
            printf("  %s (%s): score %g, %s\n", d->roles[r], vb_policy_name(pols[r]), o.score[r],
                   o.status == 1 ? result_word(o.outcome[r]) : "none");
        if (record) {
            json_t *j = vb_match_to_json(&m, -1);
            int bad = !j || json_dump_file(j, record, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
            json_decref(j);
            if (bad)
                rc = cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s'", record);
        }
        goto done;
    }

    out = calloc(n ? n : 1, sizeof *out);
    if (!out) {
        rc = cli_error(CMD, VB_EXIT_INPUT, "out of memory for %llu games", (unsigned long long)n);
        goto done;
    }
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sim_interrupted = 0;
    sigaction(SIGINT, &sa, &old);
    c.stop = &sim_interrupted;
    int tty = isatty(STDERR_FILENO);
    if (tty)
        c.progress = progress;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int e = vb_sim_run(&c, out, &cx);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    sigaction(SIGINT, &old, NULL);
    if (tty)
        fputs("\r\033[K", stderr);
    if (e < 0) {
        rc = cli_error(CMD, cli_status(e), "%s", cx.err);
        goto done;
    }
    summary s;
    if (summarize_all(g, out, c.n, &s)) {
        rc = cli_error(CMD, VB_EXIT_INPUT, "out of memory");
        goto done;
    }
    if (sim_interrupted)
        fprintf(stderr, "vauban sim: interrupted; summary of the %d games finished\n", s.played);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    print_summary(stdout, &s, &c, c.n, secs);
    if (csv && write_csv(csv, g, &s, &c, out, c.n))
        rc = cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s'", csv);
    if (jsonf && write_json(jsonf, &s, &c, out, c.n))
        rc = cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s'", jsonf);
    if (svg && write_svg(svg, &s, &c, out, c.n))
        rc = cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s'", svg);
    free(s.vc);
done:
    for (int r = 0; r < VB_MAX_ROLES; r++)
        vb_policy_free(pols[r]);
    if (m.st)
        vb_match_release(&m);
    free(out);
    vb_game_free(g);
    return rc;
}
