/*
 * cmd_sim.c - `vauban sim`: play N complete games between policies and
 * print per-role results (wins/draws/losses with 95% Wilson intervals,
 * final score distribution), game lengths and the verdicts; optional CSV
 * (one row per game), JSON and an SVG histogram of the final scores.
 * Every output is opened before the first game and written block by block,
 * so that memory does not grow with -n; under MPI (`mpirun -n N vauban sim
 * ...`) the ranks share each block and rank 0 writes exactly what a run
 * with threads writes.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT: the cores a rank may use */
#include <errno.h>
#include <sched.h>
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
#include "sim_plot.h"
#include "stats.h"
#ifdef VB_HAVE_MPI
#include <mpi.h>
#endif

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
    "Ctrl-C stops and prints the summary of the games finished so far.\n"
    "\n"
    "On a cluster: mpirun -n RANKS vauban sim ... spreads the games over the\n"
    "ranks (each may use --threads, with mpirun --bind-to none); rank 0 writes\n"
    "the same summary, CSV and JSON as one machine would for the same seed.\n"
    "\n"
    "examples:\n"
    "  vauban sim molt-soroll -n 10000 --policy king=greedy --threads 2\n"
    "  vauban sim setge-1714 -n 100 --policy bourbon=mcts:200 \\\n"
    "      --csv games.csv --svg scores.svg\n"
    "  mpirun -n 16 vauban sim setge-1714 -n 4000 \\\n"
    "      --policy bourbon=mcts --policy catalan=mcts";

static void print_rate(FILE *f, const char *what, long k, long n)
{
    double lo, hi;
    vb_wilson(k, n, &lo, &hi);
    fprintf(f, "  %-7s %7ld  %6.2f%%  [%6.2f%%, %6.2f%%]\n", what, k,
            n ? 100.0 * (double)k / (double)n : 0.0, 100 * lo, 100 * hi);
}

static void print_stats(FILE *f, const char *what, const vb_hist *h)
{
    vb_stats s = vb_hist_stats(h);
    if (s.n == 0) {
        fprintf(f, "  %-9s (none)\n", what);
        return;
    }
    fprintf(f,
            "  %-9s mean %.2f  sd %.2f  min %g  p10 %g  p25 %g  median %g  p75 %g  p90 %g  "
            "max %g\n",
            what, s.mean, s.sd, s.min, s.q10, s.q25, s.med, s.q75, s.q90, s.max);
}

/* The roles a run reports: those that take part in the scenario, and any
 * given a policy. Known before the first game, so that the CSV header can
 * be written first. */
static vb_roles shown_roles(const vb_game *g, const vb_sim_config *c)
{
    vb_roles in = vb_scenario_roles(g, c->scenario);
    for (int r = 0; r < g->def->nroles; r++)
        if (c->spec[r])
            in |= VB_ROLE_BIT(r);
    return in;
}

static void print_summary(FILE *f, const vb_summary *s, const vb_sim_config *c, long n,
                          double seconds, int ranks)
{
    const vb_game *g = s->g;
    const vb_game_def *d = g->def;
    vb_roles shown = shown_roles(g, c);
    fprintf(f, "%s (%s), scenario %s: %ld game%s played of %ld, seed %llu, %d thread%s", d->id,
            d->title, g->nscenarios ? g->scenarios[c->scenario] : "-", s->played,
            s->played == 1 ? "" : "s", n, (unsigned long long)c->seed, c->threads,
            c->threads == 1 ? "" : "s");
    if (ranks > 1)
        fprintf(f, " x %d MPI ranks", ranks);
    fprintf(f, ", %.1f s\n", seconds);
    if (s->cut)
        fprintf(f, "  %ld game%s cut at %u decisions (not counted)\n", s->cut,
                s->cut == 1 ? "" : "s", c->max_decisions ? c->max_decisions : VB_SIM_MAX_DECISIONS);
    for (int r = 0; r < d->nroles; r++) {
        if (!(shown >> r & 1u))
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
        fprintf(f, "  %7ld  %6.2f%%  %s\n", s->vc[i].count,
                s->played ? 100.0 * (double)s->vc[i].count / (double)s->played : 0.0,
                s->vc[i].text);
}

/* ---- files, opened before the first game and written as games end ---- */

typedef struct sim_files {
    const char *csv_path, *json_path, *svg_path;
    FILE *csv, *json, *svg;
    long json_games; /* game entries written */
    vb_roles shown;
} sim_files;

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

static const char *side_name(const vb_game *g, int side)
{
    return side >= 0 && side < g->nsides ? g->sides[side] : "none";
}

/* Open one output ("-": standard output); NULL with errno set. */
static FILE *open_out(const char *path)
{
    return strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
}

static int open_files(sim_files *o, const vb_game *g, const vb_sim_config *c)
{
    const vb_game_def *d = g->def;
    o->shown = shown_roles(g, c);
    if (o->csv_path && !(o->csv = open_out(o->csv_path)))
        return cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s': %s", o->csv_path, strerror(errno));
    if (o->json_path && !(o->json = open_out(o->json_path)))
        return cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s': %s", o->json_path,
                         strerror(errno));
    if (o->svg_path && !(o->svg = open_out(o->svg_path)))
        return cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s': %s", o->svg_path, strerror(errno));
    if (o->csv) {
        fprintf(o->csv, "game,seed,status,winner,verdict,turns,decisions,chance");
        for (int r = 0; r < d->nroles; r++)
            if (o->shown >> r & 1u)
                fprintf(o->csv, ",score_%s", d->roles[r]);
        for (int r = 0; r < d->nroles; r++)
            if (o->shown >> r & 1u)
                fprintf(o->csv, ",result_%s", d->roles[r]);
        fputc('\n', o->csv);
    }
    if (o->json)
        fputs("{\n  \"game_list\": [", o->json);
    return 0;
}

static void write_game(sim_files *o, const vb_game *g, long index, const vb_sim_game *x)
{
    const vb_game_def *d = g->def;
    if (x->status == 0)
        return;
    if (o->csv) {
        fprintf(o->csv, "%ld,%llu,%s,%s,", index, (unsigned long long)x->seed,
                status_word(x->status), side_name(g, x->winner));
        csv_field(o->csv, x->verdict);
        fprintf(o->csv, ",%d,%u,%u", x->turns, x->decisions, x->chance);
        for (int r = 0; r < d->nroles; r++)
            if (o->shown >> r & 1u)
                fprintf(o->csv, ",%g", x->score[r]);
        for (int r = 0; r < d->nroles; r++)
            if (o->shown >> r & 1u)
                fprintf(o->csv, ",%s", x->status == 1 ? result_word(x->outcome[r]) : "none");
        fputc('\n', o->csv);
    }
    if (o->json) {
        json_t *sc = json_object(), *res = json_object(), *e;
        for (int r = 0; r < d->nroles; r++) {
            if (!(o->shown >> r & 1u))
                continue;
            json_object_set_new(sc, d->roles[r], json_real(x->score[r]));
            json_object_set_new(res, d->roles[r],
                                json_string(x->status == 1 ? result_word(x->outcome[r]) : "none"));
        }
        e = json_pack("{s:I,s:I,s:s,s:s,s:s,s:i,s:i,s:i}", "index", (json_int_t)index, "seed",
                      (json_int_t)x->seed, "status", status_word(x->status), "winner",
                      side_name(g, x->winner), "verdict", x->verdict, "turns", x->turns,
                      "decisions", (int)x->decisions, "chance", (int)x->chance);
        json_object_set_new(e, "score", sc);
        json_object_set_new(e, "result", res);
        fputs(o->json_games++ ? ",\n    " : "\n    ", o->json);
        json_dumpf(e, o->json, JSON_COMPACT | JSON_PRESERVE_ORDER);
        json_decref(e);
    }
}

static json_t *stats_json(const vb_hist *h)
{
    vb_stats s = vb_hist_stats(h);
    if (s.n == 0)
        return json_null();
    return json_pack("{s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f}", "mean", s.mean, "sd", s.sd, "min",
                     s.min, "p10", s.q10, "p25", s.q25, "median", s.med, "p75", s.q75, "p90", s.q90,
                     "max", s.max);
}

static json_t *rate_json(long k, long n)
{
    double lo, hi;
    vb_wilson(k, n, &lo, &hi);
    return json_pack("{s:I,s:f,s:[f,f]}", "count", (json_int_t)k, "rate",
                     n ? (double)k / (double)n : 0.0, "ci95", lo, hi);
}

/* The summary members of the JSON file, after the list of games. */
static void finish_json(FILE *f, const vb_summary *s, const vb_sim_config *c, long n,
                        vb_roles shown)
{
    const vb_game *g = s->g;
    const vb_game_def *d = g->def;
    json_t *j = json_object(), *roles = json_array(), *vs = json_array();
    char *text;
    json_object_set_new(j, "game", json_string(d->id));
    json_object_set_new(j, "scenario", json_string(g->nscenarios ? g->scenarios[c->scenario] : ""));
    json_object_set_new(j, "seed", json_integer((json_int_t)c->seed));
    json_object_set_new(j, "games", json_integer(n));
    json_object_set_new(j, "played", json_integer(s->played));
    json_object_set_new(j, "cut", json_integer(s->cut));
    for (int r = 0; r < d->nroles; r++) {
        json_t *o;
        if (!(shown >> r & 1u))
            continue;
        o = json_object();
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
    for (int i = 0; i < s->nvc; i++)
        json_array_append_new(vs, json_pack("{s:s,s:I}", "verdict", s->vc[i].text, "count",
                                            (json_int_t)s->vc[i].count));
    json_object_set_new(j, "verdicts", vs);
    text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    /* text is "{\n  ...\n}": its members follow the list. */
    fprintf(f, "\n  ],\n%s\n", text ? text + 2 : "}");
    free(text);
    json_decref(j);
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

/* Count of h's values in [a, b). */
static long hist_range(const vb_hist *h, double a, double b)
{
    long k = 0;
    for (int i = 0; i < h->n; i++)
        if (h->v[i] >= a && h->v[i] < b)
            k += h->count[i];
    return k;
}

/* Count of h's values in bin b of nb, [lo + b bw, lo + (b + 1) bw); the
 * last bin also holds its upper end, the highest score shown. */
static long bin_count(const vb_hist *h, double lo, double bw, int b, int nb)
{
    double e = lo + (b + 1) * bw;
    long k = hist_range(h, lo + b * bw, e);
    if (b == nb - 1)
        k += hist_range(h, e, e + 1e-9);
    return k;
}

/* The final score of every role on one axis: one panel per role, the same
 * bins for all, wins (green) stacked under draws and losses (red), a zero
 * line, the win rate with its 95% interval in each title. */
static int write_svg(FILE *f, const vb_summary *s, const vb_sim_config *c, vb_roles shown)
{
    const vb_game *g = s->g;
    const vb_game_def *d = g->def;
    const int W = 760, PH = 230, L = 64, R = 24, T = 44, B = 44;
    int nr = 0, idx[VB_MAX_ROLES], nb, integral = 1, whole = 0;
    double lo = 0, hi = 0, bw;
    long maxc = 1;
    for (int r = 0; r < d->nroles; r++)
        if (shown >> r & 1u) {
            vb_stats st = vb_hist_stats(&s->score[r]);
            if (st.n && (nr == 0 || st.min < lo))
                lo = st.min;
            if (st.n && (nr == 0 || st.max > hi))
                hi = st.max;
            for (int i = 0; i < s->score[r].n; i++)
                if (s->score[r].v[i] != floor(s->score[r].v[i]))
                    integral = 0;
            idx[nr++] = r;
        }
    if (lo > 0)
        lo = 0; /* the zero line is always in view */
    if (hi < 0)
        hi = 0;
    if (integral && hi - lo <= 80) {
        whole = 1; /* one bin per whole score, centred on it */
        nb = (int)(hi - lo) + 1;
        bw = 1;
        lo -= 0.5;
    } else {
        nb = 40;
        bw = hi > lo ? (hi - lo) / nb : 1;
    }
    for (int k = 0; k < nr; k++)
        for (int b = 0; b < nb; b++) {
            long cnt = bin_count(&s->score[idx[k]], lo, bw, b, nb);
            if (cnt > maxc)
                maxc = cnt;
        }
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            W, PH * nr, W, PH * nr);
    int pw = W - L - R, ph = PH - T - B;
    double bx = (double)pw / nb;
    for (int k = 0; k < nr; k++) {
        int r = idx[k], y0 = PH * k, base = y0 + T + ph;
        double wl, wh;
        vb_wilson(s->wins[r], s->played, &wl, &wh);
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"14\">", L, y0 + 20);
        xml_text(f, d->id);
        fputs(": final score of ", f);
        xml_text(f, d->roles[r]);
        fputs(" (", f);
        xml_text(f, c->spec[r] ? c->spec[r] : "random");
        fprintf(f,
                ")</text>\n<text x=\"%d\" y=\"%d\">%ld games; wins %.1f%% [%.1f%%, %.1f%%]"
                "; mean score %.2f</text>\n",
                L, y0 + 36, s->played,
                s->played ? 100.0 * (double)s->wins[r] / (double)s->played : 0.0, 100 * wl,
                100 * wh, vb_hist_stats(&s->score[r]).mean);
        for (int b = 0; b < nb; b++) {
            double a = lo + b * bw, e = lo + (b + 1) * bw;
            long w = bin_count(&s->score_win[r], lo, bw, b, nb),
                 l = bin_count(&s->score_loss[r], lo, bw, b, nb);
            double hw = (double)ph * (double)w / (double)maxc,
                   hl = (double)ph * (double)l / (double)maxc;
            if (w)
                fprintf(f,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        "fill=\"#2e8b57\"><title>%g to %g: %ld wins</title></rect>\n",
                        L + b * bx, base - hw, bx * 0.9, hw, a, e, w);
            if (l)
                fprintf(f,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        "fill=\"#c0392b\"><title>%g to %g: %ld draws or losses</title></rect>\n",
                        L + b * bx, base - hw - hl, bx * 0.9, hl, a, e, l);
        }
        double zx = L + (0 - lo) / bw * bx;
        fprintf(f,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n"
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n"
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\" "
                "stroke-dasharray=\"4 3\"/>\n",
                L, base, L + pw, base, L, y0 + T, L, base, zx, y0 + T - 4, zx, base + 4);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%ld</text>\n", L - 4, y0 + T + 4,
                maxc);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n", L - 4, base + 4);
        /* Five ticks across the scores: whole scores (one bin each) at
         * whole values under their bins' middles, none twice; others at
         * the bins' edges. */
        double prev = 0;
        for (int t = 0; t <= 4; t++) {
            double v = lo + (hi - lo) * t / 4.0;
            if (whole) {
                v = floor(lo + 0.5 + (hi - lo - 0.5) * t / 4.0 + 0.5);
                if (t > 0 && v == prev)
                    continue;
                prev = v;
            }
            double x = L + (v - lo) / bw * bx;
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f</text>\n", x,
                    base + 16, v);
        }
        fprintf(f,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">final score (green: wins, red: "
                "draws and losses; dashed: zero)</text>\n",
                L + pw / 2, base + 34);
    }
    fputs("</svg>\n", f);
    return ferror(f) ? -1 : 0;
}

/* ---- progress ----------------------------------------------------------- */

typedef struct prog {
    long before, total; /* games finished in earlier blocks; all games */
    int ranks;
} prog;

static void progress(void *ud, int done, int total, double t)
{
    const prog *p = ud;
    const int width = 30;
    long all = p->before + (long)done * p->ranks;
    char bar[64];
    (void)total;
    int fill = p->total > 0 ? (int)((double)width * (double)all / (double)p->total) : width;
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    fprintf(stderr, "\r[%s] %ld/%ld %5.1f%% ", bar, all, p->total,
            p->total ? 100.0 * (double)all / (double)p->total : 100.0);
    (void)t;
    fflush(stderr);
}

/* ---- MPI: ranks share every block of games; rank 0 writes ---------------- */

typedef struct ranks {
    int rank, size;
} ranks;

static void ranks_init(ranks *k, int *argc, char ***argv)
{
    k->rank = 0;
    k->size = 1;
#ifdef VB_HAVE_MPI
    /* Only under a launcher: a plain `vauban sim` never starts MPI. */
    if (getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") || getenv("PMIX_RANK")) {
        MPI_Init(argc, argv);
        MPI_Comm_rank(MPI_COMM_WORLD, &k->rank);
        MPI_Comm_size(MPI_COMM_WORLD, &k->size);
    }
#else
    (void)argc;
    (void)argv;
#endif
}

static void ranks_end(const ranks *k)
{
#ifdef VB_HAVE_MPI
    int on = 0;
    MPI_Initialized(&on);
    if (on)
        MPI_Finalize();
#endif
    (void)k;
}

/* One line on stderr where --threads asks for more cores than this process
 * may run on and fewer than the machine has: a launcher bound it (Open MPI
 * binds each of two or fewer ranks to one core), so its threads share a
 * core and the run is no faster than one thread. Results are unchanged. */
static void warn_bound(const ranks *k, int threads)
{
    cpu_set_t set;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 2 || sched_getaffinity(0, sizeof set, &set) != 0)
        return;
    int allowed = CPU_COUNT(&set);
    if (allowed >= threads || allowed >= online)
        return;
    if (k->size > 1)
        fprintf(stderr,
                "vauban %s: rank %d: --threads %d on %d of %ld cores (bound by mpirun: "
                "add --bind-to none)\n",
                CMD, k->rank, threads, allowed, online);
    else
        fprintf(stderr,
                "vauban %s: --threads %d on %d of %ld cores (this process is bound to "
                "them)\n",
                CMD, threads, allowed, online);
}

/* Gather each rank's games of a block into all[0..bn) on rank 0. */
static void ranks_gather(const ranks *k, vb_sim_game *mine, int lo, int hi, vb_sim_game *all,
                         int bn)
{
#ifdef VB_HAVE_MPI
    if (k->size > 1) {
        int *counts = malloc((size_t)k->size * sizeof *counts),
            *displs = malloc((size_t)k->size * sizeof *displs);
        for (int r = 0; r < k->size; r++) {
            int a = (int)((long)bn * r / k->size), b = (int)((long)bn * (r + 1) / k->size);
            counts[r] = (b - a) * (int)sizeof(vb_sim_game);
            displs[r] = a * (int)sizeof(vb_sim_game);
        }
        MPI_Gatherv(mine, (hi - lo) * (int)sizeof(vb_sim_game), MPI_BYTE, all, counts, displs,
                    MPI_BYTE, 0, MPI_COMM_WORLD);
        free(counts);
        free(displs);
        return;
    }
#endif
    (void)k;
    (void)bn;
    if (mine != all + lo)
        memcpy(all + lo, mine, (size_t)(hi - lo) * sizeof *mine);
}

/* Combine a flag over the ranks: the largest value everywhere. */
static int ranks_max(const ranks *k, int v)
{
#ifdef VB_HAVE_MPI
    if (k->size > 1) {
        int out = v;
        MPI_Allreduce(&v, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        return out;
    }
#endif
    (void)k;
    return v;
}

/* ---- the command -------------------------------------------------------- */

/* Games per block and rank: results are written and counted block by block,
 * so memory does not grow with -n. */
#define SIM_BLOCK 4096

/* Play the run in blocks, counting and writing each game in game order. */
static int run_blocks(const ranks *k, vb_sim_config *c, long n, vb_summary *sm, sim_files *o,
                      vb_ctx *cx)
{
    int block = SIM_BLOCK * k->size;
    vb_sim_game *all = calloc((size_t)block, sizeof *all);
    vb_sim_game *mine = calloc((size_t)SIM_BLOCK + 1, sizeof *mine);
    prog pg = {0, n, k->size};
    int rc = 0;
    if (!all || !mine) {
        free(all);
        free(mine);
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    }
    c->progress_ud = &pg;
    for (long first = 0; first < n; first += block) {
        int bn = (int)(n - first < block ? n - first : block);
        int lo = (int)((long)bn * k->rank / k->size),
            hi = (int)((long)bn * (k->rank + 1) / k->size);
        int e, stop;
        c->first = first + lo;
        c->n = hi - lo;
        e = vb_sim_run(c, mine, cx);
        if (e < 0)
            fprintf(stderr, "vauban %s: %s\n", CMD, cx->err);
        if (ranks_max(k, e < 0 ? 1 : 0)) {
            rc = e < 0 ? e : vb_fail(cx, VB_EINPUT, "another MPI rank failed");
            break;
        }
        ranks_gather(k, mine, lo, hi, all, bn);
        if (k->rank == 0)
            for (int i = 0; i < bn; i++) {
                if (vb_summary_add(sm, &all[i]) < 0) {
                    rc = vb_fail(cx, VB_ENOMEM, "out of memory");
                    break;
                }
                write_game(o, c->g, first + i, &all[i]);
            }
        pg.before += bn;
        stop = ranks_max(k, rc < 0 || (c->stop && *c->stop) ? 1 : 0);
        if (stop)
            break;
    }
    free(all);
    free(mine);
    return rc;
}

static int close_out(FILE *f, const char *path)
{
    int bad;
    if (!f)
        return 0;
    bad = ferror(f);
    bad |= f == stdout ? fflush(f) : fclose(f);
    if (bad)
        return cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s': %s", path, strerror(errno));
    return 0;
}

/* The flags below that take a value: anything else starting with '-' is
 * named as unknown rather than as missing its value. */
static int sim_flag(const char *a)
{
    static const char *const flags[] = {"-n",      "--policy", "--threads", "--max-decisions",
                                        "--only",  "--csv",    "--json",    "--svg",
                                        "--record"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (strcmp(a, flags[i]) == 0)
            return 1;
    return 0;
}

int vb_cmd_sim(int argc, char **argv)
{
    cli_game_args ga = {0};
    const char *pol[VB_MAX_ROLES * 2] = {0};
    int npol = 0;
    const char *record = NULL;
    uint64_t n = 0, threads = 1, maxd = 0, only = 0;
    int have_n = 0, have_only = 0;
    sim_files files;
    ranks rk;
    memset(&files, 0, sizeof files);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            puts(usage);
            return 0;
        }
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        vb_ctx pc;
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
        if (!sim_flag(a))
            return cli_error(CMD, VB_EXIT_USAGE, "unknown flag '%s'", a);
        if (i + 1 >= argc)
            return cli_error(CMD, VB_EXIT_USAGE, "%s needs a value", a);
        const char *v = argv[++i];
        long long x;
        vb_ctx_init(&pc);
        if (strcmp(a, "-n") == 0) {
            if (vb_parse_ll(v, 1, 2000000000, &x, "-n", &pc) < 0)
                return cli_error(CMD, VB_EXIT_INPUT, "%s", pc.err);
            n = (uint64_t)x;
            have_n = 1;
        } else if (strcmp(a, "--policy") == 0) {
            if (npol >= VB_MAX_ROLES * 2)
                return cli_error(CMD, VB_EXIT_USAGE, "too many --policy");
            /* One policy per role: a second would silently win. */
            size_t rl = strcspn(v, "=");
            for (int j = 0; j < npol; j++)
                if (strcspn(pol[j], "=") == rl && strncmp(pol[j], v, rl) == 0)
                    return cli_error(CMD, VB_EXIT_USAGE, "--policy for '%.*s' given twice", (int)rl,
                                     v);
            pol[npol++] = v;
        } else if (strcmp(a, "--threads") == 0) {
            if (vb_parse_ll(v, 1, 256, &x, "--threads", &pc) < 0)
                return cli_error(CMD, VB_EXIT_INPUT, "%s", pc.err);
            threads = (uint64_t)x;
        } else if (strcmp(a, "--max-decisions") == 0) {
            if (vb_parse_ll(v, 1, 1000000000, &x, "--max-decisions", &pc) < 0)
                return cli_error(CMD, VB_EXIT_INPUT, "%s", pc.err);
            maxd = (uint64_t)x;
        } else if (strcmp(a, "--only") == 0) {
            if (vb_parse_u64(v, &only, "--only", &pc) < 0)
                return cli_error(CMD, VB_EXIT_INPUT, "%s", pc.err);
            have_only = 1;
        } else if (strcmp(a, "--csv") == 0) {
            files.csv_path = v;
        } else if (strcmp(a, "--json") == 0) {
            files.json_path = v;
        } else if (strcmp(a, "--svg") == 0) {
            files.svg_path = v;
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
        return cli_error(CMD, cli_load_status(ga.game), "%s", cx.err);
    const vb_game_def *d = g->def;
    int rc = 0, sc = 0, opts[VB_MAX_OPTIONS];
    vb_policy *pols[VB_MAX_ROLES] = {0};
    vb_match m = {0};
    vb_sim_config c;
    vb_summary sm;
    /* SIGINT stops the games and the summary is printed; the handler stays
     * until everything is written: `timeout -s INT` signals the command and
     * then its process group, so a second SIGINT may come after the first. */
    struct sigaction sa, old;
    int sig_set = 0;
    memset(&c, 0, sizeof c);
    memset(&sm, 0, sizeof sm);
    rk.rank = 0;
    rk.size = 1;
    if (ga.scenario && (sc = vb_scenario_index(g, ga.scenario)) < 0) {
        rc = cli_error(CMD, VB_EXIT_USAGE, "unknown scenario '%s' for %s", ga.scenario, d->id);
        goto done;
    }
    vb_option_defaults(g, sc, opts);
    for (int i = 0; i < ga.nopt; i++)
        if (vb_option_parse(g, ga.optv[i], opts, &cx) < 0) {
            rc = cli_error(CMD, VB_EXIT_INPUT, "%s", cx.err);
            goto done;
        }
    c.g = g;
    c.scenario = sc;
    c.opts = opts;
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
    /* Every policy spec is checked before anything is written. */
    for (int r = 0; r < d->nroles; r++) {
        pols[r] = vb_policy_new(g, c.spec[r] ? c.spec[r] : "random", 0, &cx);
        if (!pols[r]) {
            rc = cli_error(CMD, VB_EXIT_USAGE, "%s", cx.err);
            goto done;
        }
    }

    if (have_only) {
        /* One game, exactly as game seed `only` is played inside a run. */
        vb_sim_game o;
        FILE *rf = NULL;
        if (record && !(rf = open_out(record))) {
            rc = cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s': %s", record, strerror(errno));
            goto done;
        }
        int e = vb_sim_play(g, sc, opts, only, pols, c.max_decisions, record ? &m : NULL, &o, &cx);
        if (e < 0) {
            if (rf && rf != stdout)
                fclose(rf);
            rc = cli_error(CMD, cli_status(e), "%s", cx.err);
            goto done;
        }
        printf("game seed %llu: %s, winner %s, verdict: %s; %d turns, %u decisions, %u chance\n",
               (unsigned long long)only, status_word(o.status), side_name(g, o.winner), o.verdict,
               o.turns, o.decisions, o.chance);
        /* the roles of the scenario (and any given a policy), as a run
         * reports them: not a four-player variant's seats in a duel */
        vb_roles shown = shown_roles(g, &c);
        for (int r = 0; r < d->nroles; r++)
            if (shown & VB_ROLE_BIT(r))
                printf("  %s (%s): score %g, %s\n", d->roles[r], vb_policy_name(pols[r]),
                       o.score[r], o.status == 1 ? result_word(o.outcome[r]) : "none");
        if (rf) {
            json_t *j = vb_match_to_json(&m, -1);
            if (!j || json_dumpf(j, rf, JSON_INDENT(2) | JSON_PRESERVE_ORDER) < 0)
                fputs("", rf);
            fputc('\n', rf);
            json_decref(j);
            rc = close_out(rf, record);
        }
        goto done;
    }

    ranks_init(&rk, &argc, &argv);
    warn_bound(&rk, c.threads);
    if (rk.rank == 0 && (rc = open_files(&files, g, &c)) != 0)
        goto done;
    if (vb_summary_init(&sm, g) < 0) {
        rc = cli_error(CMD, VB_EXIT_INPUT, "out of memory");
        goto done;
    }
    memset(&sa, 0, sizeof sa);
    sa.sa_flags = SA_RESTART;
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sim_interrupted = 0;
    sigaction(SIGINT, &sa, &old);
    sig_set = 1;
    c.stop = &sim_interrupted;
    int tty = rk.rank == 0 && isatty(STDERR_FILENO);
    if (tty)
        c.progress = progress;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int e = run_blocks(&rk, &c, (long)n, &sm, &files, &cx);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (tty)
        fputs("\r\033[K", stderr);
    if (e < 0) {
        rc = rk.rank == 0 ? cli_error(CMD, cli_status(e), "%s", cx.err) : VB_EXIT_INPUT;
        goto done;
    }
    if (rk.rank != 0)
        goto done;
    vb_summary_finish(&sm);
    if (sim_interrupted)
        fprintf(stderr, "vauban sim: interrupted; summary of the %ld games finished\n", sm.played);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    print_summary(stdout, &sm, &c, (long)n, secs, rk.size);
    if (files.json)
        finish_json(files.json, &sm, &c, (long)n, files.shown);
    if (files.svg) {
#ifdef VB_HAVE_PLPLOT
        /* PLplot writes the file itself: close ours first. */
        if (files.svg != stdout) {
            fclose(files.svg);
            files.svg = NULL;
            if (vb_sim_plot(files.svg_path, &sm, &c, files.shown) < 0)
                rc = cli_error(CMD, VB_EXIT_INPUT, "cannot write '%s'", files.svg_path);
        } else
#endif
            write_svg(files.svg, &sm, &c, files.shown);
    }
done:
    if (rk.rank == 0) {
        int r1 = close_out(files.csv, files.csv_path), r2 = close_out(files.json, files.json_path),
            r3 = close_out(files.svg, files.svg_path);
        if (!rc)
            rc = r1 ? r1 : r2 ? r2 : r3;
    }
    if (sig_set) {
        fflush(stdout); /* the summary out before a second SIGINT may kill */
        sigaction(SIGINT, &old, NULL);
    }
    vb_summary_release(&sm);
    for (int r = 0; r < VB_MAX_ROLES; r++)
        vb_policy_free(pols[r]);
    if (m.st)
        vb_match_release(&m);
    vb_game_free(g);
    ranks_end(&rk);
    return rc;
}
