/*
 * stats.h - the statistics of a batch of games (vauban sim, MPI runs, the
 * server): win rates with 95% Wilson intervals, exact quantiles from
 * histograms (memory grows with the number of distinct values, not with
 * the number of games), verdict counts.
 */
#ifndef VB_STATS_H
#define VB_STATS_H

#include "sim.h"
#include "vauban.h"

/* Exact distribution of a value: distinct values with their counts. */
typedef struct vb_hist {
    double *v;
    long *count;
    int n, cap;
    long total;
} vb_hist;
/* Add one value; 0, or VB_ENOMEM. */
int vb_hist_add(vb_hist *h, double v);
void vb_hist_release(vb_hist *h);

typedef struct vb_stats {
    long n;
    double mean, sd, min, q10, q25, med, q75, q90, max;
} vb_stats;
/* Summary of a histogram (quantiles interpolated as R's type 7). */
vb_stats vb_hist_stats(const vb_hist *h);

/* 95% Wilson score interval of k successes in n trials. */
void vb_wilson(long k, long n, double *lo, double *hi);

/* The class of a verdict: its counts replaced by N ("won, 53 victory
 * points" and "won, 41 victory points" count together), rule numbers kept
 * ("(rule 13)"). */
void vb_verdict_class(const char *verdict, char *out, size_t n);

#define VB_VC_MAX 1000 /* verdict classes kept; the rest are "(other verdicts)" */
typedef struct vb_verdict_count {
    char text[VB_TEXT_LEN];
    long count;
} vb_verdict_count;

/* Everything `vauban sim` reports, accumulated game by game in game order. */
typedef struct vb_summary {
    const vb_game *g;
    long played; /* status 1 */
    long cut;    /* status -1 */
    long wins[VB_MAX_ROLES], draws[VB_MAX_ROLES], losses[VB_MAX_ROLES];
    vb_hist score[VB_MAX_ROLES];
    vb_hist score_win[VB_MAX_ROLES], score_loss[VB_MAX_ROLES]; /* draws go with losses */
    vb_hist turns, decisions, chance;
    vb_verdict_count *vc;
    int nvc;
} vb_summary;

int vb_summary_init(vb_summary *s, const vb_game *g);
/* Count one game (status 0 - not played - is ignored). 0 or VB_ENOMEM. */
int vb_summary_add(vb_summary *s, const vb_sim_game *o);
/* Sort the verdict classes by count, for printing. */
void vb_summary_finish(vb_summary *s);
void vb_summary_release(vb_summary *s);

#endif
