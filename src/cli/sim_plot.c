/*
 * sim_plot.c - the plots of `vauban sim --svg FILE`, drawn with PLplot
 * (Debian's libplplot-dev, SVG driver) when it is installed: one page with
 *   - the final score of every role on one shared axis, wins and losses
 *     stacked in two colours, a zero line;
 *   - each role's win rate with its 95% Wilson interval;
 *   - the distribution of game length (turns, or decisions).
 * Without PLplot, cmd_sim.c draws a simpler SVG by hand.
 */
#ifdef VB_HAVE_PLPLOT

#include <math.h>
#include <plplot.h>
#include <stdio.h>
#include <string.h>

#include "sim_plot.h"

/* Count of h's values in [a, b), or from a up for the last bin (last != 0):
 * the 40 bins of a wide range end at the highest value, which [a, b) left
 * out of every bin (its games were not drawn). */
static long in_range(const vb_hist *h, double a, double b, int last)
{
    long k = 0;
    for (int i = 0; i < h->n; i++)
        if (h->v[i] >= a && (h->v[i] < b || last))
            k += h->count[i];
    return k;
}

static void box(PLFLT x0, PLFLT x1, PLFLT y0, PLFLT y1)
{
    PLFLT x[4] = {x0, x1, x1, x0}, y[4] = {y0, y0, y1, y1};
    plfill(4, x, y);
}

/* Bins of width 1 for integer values over a short range, else 40. */
static void bins(double lo, double hi, int integral, double *start, double *bw, int *nb)
{
    if (integral && hi - lo <= 80) {
        *nb = (int)(hi - lo) + 1;
        *bw = 1;
        *start = lo - 0.5;
    } else {
        *nb = 40;
        *bw = hi > lo ? (hi - lo) / 40 : 1;
        *start = lo;
    }
}

static int integral_hist(const vb_hist *h)
{
    for (int i = 0; i < h->n; i++)
        if (h->v[i] != floor(h->v[i]))
            return 0;
    return 1;
}

int vb_sim_plot(const char *path, const vb_summary *s, const vb_sim_config *c, vb_roles shown)
{
    const vb_game *g = s->g;
    const vb_game_def *d = g->def;
    int idx[VB_MAX_ROLES], nr = 0, integral = 1, nb;
    double lo = 0, hi = 0, start, bw;
    long maxc = 1;
    char title[256];
    FILE *probe = fopen(path, "w");
    if (!probe)
        return -1;
    fclose(probe);
    for (int r = 0; r < d->nroles; r++) {
        vb_stats st;
        if (!(shown >> r & 1u))
            continue;
        st = vb_hist_stats(&s->score[r]);
        if (st.n && st.min < lo)
            lo = st.min;
        if (st.n && st.max > hi)
            hi = st.max;
        integral &= integral_hist(&s->score[r]);
        idx[nr++] = r;
    }
    if (nr == 0)
        return -1;
    bins(lo, hi, integral, &start, &bw, &nb);
    for (int k = 0; k < nr; k++)
        for (int b = 0; b < nb; b++) {
            long n = in_range(&s->score[idx[k]], start + b * bw, start + (b + 1) * bw, b == nb - 1);
            if (n > maxc)
                maxc = n;
        }

    plsdev("svg");
    plsfnam(path);
    plspage(0, 0, 900, 300 * (nr + 1), 0, 0);
    plscolbg(255, 255, 255);
    plscol0(1, 0, 0, 0);      /* axes and text */
    plscol0(2, 46, 139, 87);  /* wins */
    plscol0(3, 192, 57, 43);  /* draws and losses */
    plscol0(4, 90, 90, 90);   /* zero line */
    plscol0(5, 74, 122, 181); /* rates and lengths */
    plssub(1, nr + 1);
    plinit();
    plfont(1);

    /* One panel per role, the same x axis for all. */
    for (int k = 0; k < nr; k++) {
        int r = idx[k];
        double wl, wh;
        pladv(0);
        plvsta();
        plwind(start, start + nb * bw, 0, (PLFLT)maxc * 1.1);
        plcol0(1);
        plbox("bcnst", 0, 0, "bcnstv", 0, 0);
        for (int b = 0; b < nb; b++) {
            double a = start + b * bw, e = a + bw;
            long w = in_range(&s->score_win[r], a, e, b == nb - 1),
                 l = in_range(&s->score_loss[r], a, e, b == nb - 1);
            if (w) {
                plcol0(2);
                box(a + bw * 0.05, e - bw * 0.05, 0, (PLFLT)w);
            }
            if (l) {
                plcol0(3);
                box(a + bw * 0.05, e - bw * 0.05, (PLFLT)w, (PLFLT)(w + l));
            }
        }
        plcol0(4);
        pllsty(2);
        pljoin(0, 0, 0, (PLFLT)maxc * 1.1);
        pllsty(1);
        plcol0(1);
        vb_wilson(s->wins[r], s->played, &wl, &wh);
        snprintf(title, sizeof title, "%s: final score of %s (%s) - wins %.1f%% [%.1f, %.1f]",
                 d->id, d->roles[r], c->spec[r] ? c->spec[r] : "random",
                 s->played ? 100.0 * (double)s->wins[r] / (double)s->played : 0.0, 100 * wl,
                 100 * wh);
        pllab("final score (green: wins, red: draws and losses, dashed: 0)", "games", title);
    }

    /* Win rates with their intervals, and the game length, side by side. */
    pladv(0);
    plvpor(0.08, 0.46, 0.15, 0.85);
    plwind(-0.5, nr - 0.5, 0, 100);
    plcol0(1);
    plbox("bc", 0, 0, "bcnstv", 25, 0);
    for (int k = 0; k < nr; k++) {
        int r = idx[k];
        double wl, wh, p = s->played ? 100.0 * (double)s->wins[r] / (double)s->played : 0;
        PLFLT xs[1] = {k}, ylo[1], yhi[1];
        vb_wilson(s->wins[r], s->played, &wl, &wh);
        plcol0(5);
        box(k - 0.3, k + 0.3, 0, p);
        plcol0(1);
        ylo[0] = 100 * wl;
        yhi[0] = 100 * wh;
        plerry(1, xs, ylo, yhi);
        plmtex("b", 1.5, (k + 0.5) / nr, 0.5, d->roles[r]);
    }
    pllab("", "wins (%) with 95% interval", "win rate per role");

    {
        const vb_hist *len = d->turn ? &s->turns : &s->decisions;
        vb_stats st = vb_hist_stats(len);
        double lstart, lbw;
        int lnb;
        long lmax = 1;
        bins(st.min, st.max, integral_hist(len), &lstart, &lbw, &lnb);
        for (int b = 0; b < lnb; b++) {
            long n = in_range(len, lstart + b * lbw, lstart + (b + 1) * lbw, b == lnb - 1);
            if (n > lmax)
                lmax = n;
        }
        plvpor(0.58, 0.96, 0.15, 0.85);
        plwind(lstart, lstart + lnb * lbw, 0, (PLFLT)lmax * 1.1);
        plcol0(1);
        plbox("bcnst", 0, 0, "bcnstv", 0, 0);
        plcol0(5);
        for (int b = 0; b < lnb; b++) {
            long n = in_range(len, lstart + b * lbw, lstart + (b + 1) * lbw, b == lnb - 1);
            if (n)
                box(lstart + b * lbw + lbw * 0.05, lstart + (b + 1) * lbw - lbw * 0.05, 0,
                    (PLFLT)n);
        }
        plcol0(1);
        snprintf(title, sizeof title, "game length: mean %.1f, median %g", st.mean, st.med);
        pllab(d->turn ? "turns" : "decisions", "games", title);
    }
    plend();
    return 0;
}

#endif
