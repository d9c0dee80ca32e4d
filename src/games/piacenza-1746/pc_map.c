/*
 * pc_map.c - hex geometry of Piacenza 1746: neighbours, distances, the
 * artillery cone of fire (2.2.3, 8.1) and the line of sight (8.1.1).
 * Flat-topped hexes in offset columns, odd columns half a hex lower.
 */
#include <math.h>

#include "pc_int.h"

static const int AQ[6] = {0, 1, 1, 0, -1, -1};
static const int AR[6] = {-1, -1, 0, 1, 1, 0};

static void axial(const pc_data *d, int hex, int *q, int *r)
{
    int c = hex / d->h, row = hex % d->h;
    *q = c;
    *r = row - (c - (c & 1)) / 2;
}

static int from_axial(const pc_data *d, int q, int r)
{
    int row = r + (q - (q & 1)) / 2;
    if (q < 0 || q >= d->w || row < 0 || row >= d->h)
        return -1;
    return q * d->h + row;
}

/* Fill the neighbour and coordinate tables (at load). */
void pc_geometry(pc_data *d)
{
    for (int h = 0; h < d->nhex; h++) {
        int q, r;
        axial(d, h, &q, &r);
        d->aq[h] = (int16_t)q;
        d->ar[h] = (int16_t)r;
        for (int k = 0; k < 6; k++)
            d->nbr[h][k] = (int16_t)from_axial(d, q + AQ[k], r + AR[k]);
    }
}

int pc_dir_to(const pc_data *d, int a, int b)
{
    for (int k = 0; k < 6; k++)
        if (pc_nb(d, a, k) == b)
            return k;
    return -1;
}

void pc_open_sides(pc_data *d)
{
    for (int h = 0; h < d->nhex; h++) {
        d->open[h] = 0;
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, h, k);
            if (nb >= 0 && !(d->wall[h] & (1u << k)) && pc_passable(d, nb))
                d->open[h] |= (uint8_t)(1u << k);
        }
    }
}

/* 2.2.3/8.1: the cone of fire of a battery facing the vertex between
 * directions f and f+1: every hex a steps along f plus b along f+1. */
int pc_in_cone(const pc_data *d, int from, int face, int to)
{
    int q1, r1, q2, r2;
    axial(d, from, &q1, &r1);
    axial(d, to, &q2, &r2);
    int f2 = (face + 1) % 6;
    for (int a = 0; a <= 3; a++)
        for (int b = 0; a + b <= 3; b++)
            if (a + b > 0 && q1 + a * AQ[face] + b * AQ[f2] == q2 &&
                r1 + a * AR[face] + b * AR[f2] == r2)
                return 1;
    return 0;
}

static int round_hex(const pc_data *d, double q, double r)
{
    double s = -q - r;
    double rq = round(q), rr = round(r), rs = round(s);
    double dq = fabs(rq - q), dr = fabs(rr - r), ds = fabs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    return from_axial(d, (int)rq, (int)rr);
}

static int blocking(const pc_data *d, const pc_state *s, int hex)
{
    if (hex < 0)
        return 1;
    if (d->terr[d->hterr[hex]].blocks)
        return 1;
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] == hex)
            return 1;
    return 0;
}

/* The hex the line from centre to centre crosses at step i of n, and the
 * hex beside it where the line runs along their hexside (else the same). */
static void line_step(const pc_data *d, const int a[2], const int b[2], int i, int n, int *h1,
                      int *h2)
{
    double t = (double)i / n;
    double q = a[0] + (b[0] - a[0]) * t, r = a[1] + (b[1] - a[1]) * t;
    *h1 = round_hex(d, q + 1e-6, r + 2e-6);
    *h2 = round_hex(d, q - 1e-6, r - 2e-6);
}

/* The hexes a line from centre to centre crosses between its ends (both
 * hexes where it runs along a hexside), at most 2 (n - 1) of them; out must
 * hold that many. 8.2.1: a bombardment fires "through" them. */
int pc_line_hexes(const pc_data *d, int from, int to, int *out)
{
    int a[2], b[2], n = pc_dist(d, from, to), k = 0;
    axial(d, from, &a[0], &a[1]);
    axial(d, to, &b[0], &b[1]);
    for (int i = 1; i < n; i++) {
        int h1, h2;
        line_step(d, a, b, i, n, &h1, &h2);
        if (h1 >= 0)
            out[k++] = h1;
        if (h2 >= 0 && h2 != h1)
            out[k++] = h2;
    }
    return k;
}

/* 8.1.1: a line from centre to centre; every hex crossed blocks if it holds
 * units or Woods/Cover; along a hexside only when both hexes block. */
int pc_los(const pc_data *d, const pc_state *s, int from, int to)
{
    int a[2], b[2], n = pc_dist(d, from, to);
    axial(d, from, &a[0], &a[1]);
    axial(d, to, &b[0], &b[1]);
    for (int i = 1; i < n; i++) {
        int h1, h2;
        line_step(d, a, b, i, n, &h1, &h2);
        if (h1 == h2 ? blocking(d, s, h1) : (blocking(d, s, h1) && blocking(d, s, h2)))
            return 0;
    }
    return 1;
}
