/* stats.c - statistics of a batch of games (stats.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

int vb_hist_add(vb_hist *h, double v)
{
    int lo = 0, hi = h->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (h->v[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    h->total++;
    if (lo < h->n && h->v[lo] == v) {
        h->count[lo]++;
        return 0;
    }
    if (h->n == h->cap) {
        int cap = h->cap ? h->cap * 2 : 64;
        double *nv = realloc(h->v, (size_t)cap * sizeof *nv);
        if (!nv)
            return VB_ENOMEM;
        h->v = nv;
        long *nc = realloc(h->count, (size_t)cap * sizeof *nc);
        if (!nc)
            return VB_ENOMEM;
        h->count = nc;
        h->cap = cap;
    }
    memmove(h->v + lo + 1, h->v + lo, (size_t)(h->n - lo) * sizeof *h->v);
    memmove(h->count + lo + 1, h->count + lo, (size_t)(h->n - lo) * sizeof *h->count);
    h->v[lo] = v;
    h->count[lo] = 1;
    h->n++;
    return 0;
}

void vb_hist_release(vb_hist *h)
{
    free(h->v);
    free(h->count);
    memset(h, 0, sizeof *h);
}

/* The k-th smallest value (0-based) of the histogram. */
static double kth(const vb_hist *h, long k)
{
    long seen = 0;
    for (int i = 0; i < h->n; i++) {
        seen += h->count[i];
        if (k < seen)
            return h->v[i];
    }
    return h->v[h->n - 1];
}

static double quantile(const vb_hist *h, double q)
{
    double pos = q * (double)(h->total - 1);
    long i = (long)floor(pos);
    double a = kth(h, i);
    if (i >= h->total - 1)
        return a;
    return a + (pos - (double)i) * (kth(h, i + 1) - a);
}

vb_stats vb_hist_stats(const vb_hist *h)
{
    vb_stats s;
    double sum = 0, ss = 0;
    memset(&s, 0, sizeof s);
    s.n = h->total;
    if (h->total == 0)
        return s;
    for (int i = 0; i < h->n; i++)
        sum += h->v[i] * (double)h->count[i];
    s.mean = sum / (double)h->total;
    for (int i = 0; i < h->n; i++)
        ss += (h->v[i] - s.mean) * (h->v[i] - s.mean) * (double)h->count[i];
    s.sd = h->total > 1 ? sqrt(ss / (double)(h->total - 1)) : 0;
    s.min = h->v[0];
    s.max = h->v[h->n - 1];
    s.q10 = quantile(h, 0.10);
    s.q25 = quantile(h, 0.25);
    s.med = quantile(h, 0.50);
    s.q75 = quantile(h, 0.75);
    s.q90 = quantile(h, 0.90);
    return s;
}

void vb_wilson(long k, long n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = (double)k / (double)n, z2 = z * z, dn = (double)n;
    double den = 1 + z2 / dn;
    double c = (p + z2 / (2.0 * dn)) / den;
    double h = z / den * sqrt(p * (1 - p) / dn + z2 / (4.0 * dn * dn));
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

void vb_verdict_class(const char *v, char *out, size_t n)
{
    size_t k = 0;
    int keep = 0; /* copying a rule number */
    while (*v && k + 1 < n) {
        if (strncmp(v, "rule ", 5) == 0 || strncmp(v, "rules ", 6) == 0 || *v == '[' ||
            strncmp(v, "\xc2\xa7", 2) == 0)
            keep = 1;
        if ((*v >= '0' && *v <= '9') || (*v == '-' && v[1] >= '0' && v[1] <= '9')) {
            if (keep) {
                while (k + 1 < n && ((*v >= '0' && *v <= '9') || *v == '.' || *v == '-'))
                    out[k++] = *v++;
                continue;
            }
            out[k++] = 'N';
            v++;
            while (*v >= '0' && *v <= '9')
                v++;
        } else {
            if (*v == ')' || *v == ']' || *v == ',' || *v == ';')
                keep = 0;
            out[k++] = *v++;
        }
    }
    out[k] = 0;
}

int vb_summary_init(vb_summary *s, const vb_game *g)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    s->vc = calloc(VB_VC_MAX, sizeof *s->vc);
    return s->vc ? 0 : VB_ENOMEM;
}

int vb_summary_add(vb_summary *s, const vb_sim_game *o)
{
    int nr = s->g->def->nroles, rc = 0, j;
    char cls[VB_TEXT_LEN];
    if (o->status == -1)
        s->cut++;
    if (o->status != 1)
        return 0;
    s->played++;
    for (int r = 0; r < nr; r++) {
        if (o->outcome[r] >= 1)
            s->wins[r]++;
        else if (o->outcome[r] > 0)
            s->draws[r]++;
        else
            s->losses[r]++;
        rc |= vb_hist_add(&s->score[r], o->score[r]);
        rc |= vb_hist_add(o->outcome[r] >= 1 ? &s->score_win[r] : &s->score_loss[r], o->score[r]);
    }
    if (o->turns >= 0)
        rc |= vb_hist_add(&s->turns, o->turns);
    rc |= vb_hist_add(&s->decisions, o->decisions);
    rc |= vb_hist_add(&s->chance, o->chance);
    vb_verdict_class(o->verdict, cls, sizeof cls);
    for (j = 0; j < s->nvc; j++)
        if (strcmp(s->vc[j].text, cls) == 0)
            break;
    /* Full (the last slot holds "(other verdicts)" once used): a new class
     * joins "(other verdicts)". `==` here let the class after it write past
     * the array (thirty-seventh session). */
    if (j == s->nvc && s->nvc >= VB_VC_MAX - 1) {
        snprintf(cls, sizeof cls, "(other verdicts)");
        for (j = 0; j < s->nvc; j++)
            if (strcmp(s->vc[j].text, cls) == 0)
                break;
    }
    if (j == s->nvc)
        snprintf(s->vc[s->nvc++].text, sizeof s->vc[j].text, "%s", cls);
    s->vc[j].count++;
    return rc ? VB_ENOMEM : 0;
}

static int vc_cmp(const void *a, const void *b)
{
    const vb_verdict_count *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->text, y->text);
}

void vb_summary_finish(vb_summary *s)
{
    qsort(s->vc, (size_t)s->nvc, sizeof *s->vc, vc_cmp);
}

void vb_summary_release(vb_summary *s)
{
    for (int r = 0; r < VB_MAX_ROLES; r++) {
        vb_hist_release(&s->score[r]);
        vb_hist_release(&s->score_win[r]);
        vb_hist_release(&s->score_loss[r]);
    }
    vb_hist_release(&s->turns);
    vb_hist_release(&s->decisions);
    vb_hist_release(&s->chance);
    free(s->vc);
    memset(s, 0, sizeof *s);
}
