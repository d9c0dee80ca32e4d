/*
 * sq_geom.c - the measured board in integer math: square roots, sine and
 * cosine from a table of whole degrees (linear between them), an integer
 * atan2, distances to segments and polygons (exact comparisons as
 * rationals), arcs of fire and enfilade. No floating point: every machine
 * computes the same ranges, so records replay exactly.
 */
#include "sq_int.h"

/* sin of 0..90 whole degrees, scaled by 1,000,000 (rounded). */
static const int32_t sin_deg[91] = {
    0,      17452,  34899,  52336,  69756,  87156,  104528,  121869, 139173, 156434, 173648, 190809,
    207912, 224951, 241922, 258819, 275637, 292372, 309017,  325568, 342020, 358368, 374607, 390731,
    406737, 422618, 438371, 453990, 469472, 484810, 500000,  515038, 529919, 544639, 559193, 573576,
    587785, 601815, 615661, 629320, 642788, 656059, 669131,  681998, 694658, 707107, 719340, 731354,
    743145, 754710, 766044, 777146, 788011, 798636, 809017,  819152, 829038, 838671, 848048, 857167,
    866025, 874620, 882948, 891007, 898794, 906308, 913545,  920505, 927184, 933580, 939693, 945519,
    951057, 956305, 961262, 965926, 970296, 974370, 978148,  981627, 984808, 987688, 990268, 992546,
    994522, 996195, 997564, 998630, 999391, 999848, 1000000,
};

int64_t sq_isqrt(int64_t v)
{
    if (v <= 0)
        return 0;
    int64_t r = 0, bit = (int64_t)1 << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else
            r >>= 1;
        bit >>= 2;
    }
    return r;
}

static int32_t norm_angle(int32_t a)
{
    a %= 36000;
    return a < 0 ? a + 36000 : a;
}

/* sin for 0..9000 (1/100 degree), linear between whole degrees. */
static int32_t sin_q(int32_t a)
{
    int d = a / 100, f = a % 100;
    if (d >= 90)
        return sin_deg[90];
    return sin_deg[d] + (int32_t)(((int64_t)(sin_deg[d + 1] - sin_deg[d]) * f) / 100);
}

int32_t sq_sin(int32_t cdeg)
{
    int32_t a = norm_angle(cdeg);
    if (a <= 9000)
        return sin_q(a);
    if (a <= 18000)
        return sin_q(18000 - a);
    if (a <= 27000)
        return -sin_q(a - 18000);
    return -sin_q(36000 - a);
}

int32_t sq_cos(int32_t cdeg)
{
    return sq_sin(cdeg + 9000);
}

/* Angle in [0, 4500] whose tangent is n/d, 0 <= n <= d, d > 0: the
 * largest a with tan(a) <= n/d (binary search over the table). */
static int32_t atan_oct(int64_t n, int64_t d)
{
    int32_t lo = 0, hi = 4500;
    while (lo < hi) {
        int32_t mid = (lo + hi + 1) / 2;
        if ((int64_t)sin_q(mid) * d <= (int64_t)sin_q(9000 - mid) * n)
            lo = mid;
        else
            hi = mid - 1;
    }
    /* round to the nearer of lo and lo+1 */
    if (lo < 4500) {
        int64_t e0 = n * (int64_t)sin_q(9000 - lo) - d * (int64_t)sin_q(lo);
        int64_t e1 = d * (int64_t)sin_q(lo + 1) - n * (int64_t)sin_q(9000 - lo - 1);
        if (e1 < e0)
            lo++;
    }
    return lo;
}

int32_t sq_angle(int64_t dx, int64_t dy)
{
    if (dx == 0 && dy == 0)
        return 0;
    int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int32_t a = ay <= ax ? atan_oct(ay, ax) : 9000 - atan_oct(ax, ay);
    /* a in [0, 9000]: the angle of (|dx|, |dy|) */
    if (dx >= 0 && dy >= 0)
        return norm_angle(a);
    if (dx < 0 && dy >= 0)
        return 18000 - a;
    if (dx < 0)
        return 18000 + a;
    return norm_angle(36000 - a);
}

int sq_within_seg(sq_pt p, sq_pt a, sq_pt b, int64_t r)
{
    int64_t abx = b.x - a.x, aby = b.y - a.y, apx = p.x - a.x, apy = p.y - a.y;
    int64_t l2 = abx * abx + aby * aby, t = apx * abx + apy * aby;
    if (l2 == 0 || t <= 0)
        return apx * apx + apy * apy <= r * r;
    if (t >= l2) {
        int64_t bpx = p.x - b.x, bpy = p.y - b.y;
        return bpx * bpx + bpy * bpy <= r * r;
    }
    /* perpendicular distance^2 = cross^2 / l2 */
    int64_t cr = apx * aby - apy * abx;
    if (cr < 0)
        cr = -cr;
    /* cr^2 <= r^2 l2, compared without overflow for board sizes:
     * cr <= |ap||ab| < 2^31, so cr^2 < 2^62 */
    return cr * cr <= r * r * l2;
}

int32_t sq_dist_seg(sq_pt p, sq_pt a, sq_pt b)
{
    int64_t abx = b.x - a.x, aby = b.y - a.y, apx = p.x - a.x, apy = p.y - a.y;
    int64_t l2 = abx * abx + aby * aby, t = apx * abx + apy * aby;
    int64_t d2;
    if (l2 == 0 || t <= 0)
        d2 = apx * apx + apy * apy;
    else if (t >= l2) {
        int64_t bpx = p.x - b.x, bpy = p.y - b.y;
        d2 = bpx * bpx + bpy * bpy;
    } else {
        int64_t cr = apx * aby - apy * abx;
        d2 = (cr * cr) / l2;
    }
    int64_t r = sq_isqrt(d2);
    return (int32_t)r;
}

int sq_point_in_poly(sq_pt p, const sq_pt *v, int n)
{
    int in = 0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if ((v[i].y > p.y) != (v[j].y > p.y)) {
            /* x of the edge at p.y compared exactly: p.x < xi + (p.y-yi)(xj-xi)/(yj-yi) */
            int64_t num = (int64_t)(p.y - v[i].y) * (v[j].x - v[i].x);
            int64_t den = v[j].y - v[i].y;
            int64_t lhs = (int64_t)(p.x - v[i].x) * den;
            if (den > 0 ? lhs < num : lhs > num)
                in = !in;
        }
    }
    return in;
}

static int orient(sq_pt a, sq_pt b, sq_pt c)
{
    int64_t v = (int64_t)(b.x - a.x) * (c.y - a.y) - (int64_t)(b.y - a.y) * (c.x - a.x);
    return (v > 0) - (v < 0);
}

int sq_seg_enters_poly(sq_pt a, sq_pt b, const sq_pt *v, int n)
{
    sq_pt m = {(int32_t)(((int64_t)a.x + b.x) / 2), (int32_t)(((int64_t)a.y + b.y) / 2)};
    if (n < 3 || sq_point_in_poly(a, v, n) || sq_point_in_poly(b, v, n) ||
        sq_point_in_poly(m, v, n))
        return 1;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        /* a proper crossing of edge v[j]v[i] */
        int o1 = orient(a, b, v[j]), o2 = orient(a, b, v[i]);
        int o3 = orient(v[j], v[i], a), o4 = orient(v[j], v[i], b);
        if (o1 * o2 < 0 && o3 * o4 < 0)
            return 1;
    }
    return 0;
}

int32_t sq_dist_poly(sq_pt p, const sq_pt *v, int n)
{
    if (n >= 3 && sq_point_in_poly(p, v, n))
        return 0;
    int32_t best = INT32_MAX;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        int32_t d = sq_dist_seg(p, v[j], v[i]);
        if (d < best)
            best = d;
    }
    return best;
}

int sq_in_arc(sq_pt from, int32_t facing, sq_pt to, int32_t half)
{
    int64_t dx = to.x - from.x, dy = to.y - from.y;
    if (dx == 0 && dy == 0)
        return 1;
    int64_t fx = sq_cos(facing), fy = sq_sin(facing);
    int64_t dot = dx * fx + dy * fy, cr = dx * fy - dy * fx;
    if (cr < 0)
        cr = -cr;
    if (half >= 9000)
        return dot >= 0 || half >= 18000;
    if (dot <= 0)
        return 0;
    /* angle <= half  <=>  |cross| cos(half) <= dot sin(half) */
    return cr * sq_cos(half) <= dot * sq_sin(half);
}

int sq_enfiladed(sq_pt from, sq_pt to, sq_pt a, sq_pt b, int32_t half)
{
    int64_t ux = to.x - from.x, uy = to.y - from.y, vx = b.x - a.x, vy = b.y - a.y;
    if ((ux == 0 && uy == 0) || (vx == 0 && vy == 0))
        return 0;
    int64_t dot = ux * vx + uy * vy, cr = ux * vy - uy * vx;
    if (dot < 0)
        dot = -dot;
    if (cr < 0)
        cr = -cr;
    /* scale down to keep products inside 64 bits */
    while (dot > 2000000000LL || cr > 2000000000LL) {
        dot >>= 1;
        cr >>= 1;
    }
    return cr * sq_cos(half) <= dot * sq_sin(half);
}

sq_pt sq_step(sq_pt p, int32_t cdeg, int32_t len)
{
    sq_pt q;
    int64_t dx = (int64_t)len * sq_cos(cdeg), dy = (int64_t)len * sq_sin(cdeg);
    /* round half away from zero */
    q.x = p.x + (int32_t)((dx >= 0 ? dx + 500000 : dx - 500000) / 1000000);
    q.y = p.y + (int32_t)((dy >= 0 ? dy + 500000 : dy - 500000) / 1000000);
    return q;
}

int32_t sq_line_y(const sq_pt *v, int n, int32_t x)
{
    if (n <= 0)
        return 0;
    if (n == 1 || x <= v[0].x)
        return v[0].y;
    for (int i = 1; i < n; i++) {
        if (x <= v[i].x) {
            int64_t dx = v[i].x - v[i - 1].x;
            if (dx <= 0)
                return v[i].y;
            return v[i - 1].y + (int32_t)(((int64_t)(x - v[i - 1].x) * (v[i].y - v[i - 1].y)) / dx);
        }
    }
    return v[n - 1].y;
}
