/* util.c - error codes, the per-thread context, logging, names (with
 * accents folded) and the one strict number parser. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vb_module.h"

const char *vb_strerror(int err)
{
    switch (err) {
    case VB_OK:
        return "ok";
    case VB_EUSAGE:
        return "usage error";
    case VB_EILLEGAL:
        return "illegal action";
    case VB_EINPUT:
        return "bad input";
    case VB_ENOMEM:
        return "out of memory";
    case VB_EIO:
        return "input/output error";
    case VB_EOVERFLOW:
        return "more legal actions than the capacity";
    default:
        return "unknown error";
    }
}

void vb_ctx_init(vb_ctx *cx)
{
    memset(cx, 0, sizeof *cx);
}

int vb_fail(vb_ctx *cx, int code, const char *fmt, ...)
{
    if (cx) {
        char raw[VB_ERR_LEN];
        size_t k = 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        /* One line, always: a control character that came in with a
         * hostile name is shown as \xNN. */
        for (const unsigned char *p = (const unsigned char *)raw; *p && k + 5 < sizeof cx->err;
             p++) {
            if (*p < 0x20 || *p == 0x7f)
                k += (size_t)snprintf(cx->err + k, sizeof cx->err - k, "\\x%02x", *p);
            else
                cx->err[k++] = (char)*p;
        }
        cx->err[k] = '\0';
    }
    return code;
}

void vb_log_line(vb_ctx *cx, vb_roles see, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    if (!cx || !cx->log)
        return;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    cx->log(cx->log_ud, see, line);
}

/* ---- names ---------------------------------------------------------------*/

/* The plain letter of a UTF-8 Latin-1 letter U+00C0..U+00FF (second byte
 * after 0xC3), or 0 when it has none. */
static int latin1_plain(unsigned char b)
{
    static const char map[] = "AAAAAAACEEEEIIII"  /* C0-CF */
                              "DNOOOOO*OUUUUYTs"  /* D0-DF */
                              "aaaaaaaceeeeiiii"  /* E0-EF */
                              "dnooooo/ouuuuyty"; /* F0-FF */
    if (b < 0x80 || b > 0xBF)
        return 0;
    int c = map[b - 0x80];
    return c == '*' || c == '/' ? 0 : c;
}

/* Next character of a name with accents folded to plain letters, the
 * Catalan middle dot (l·l) and apostrophes dropped, and '_' ' ' '-' all '-'. Advances *p;
 * returns 0 at the end. Bytes of other multi-byte letters pass through. */
static int next_folded(const char **p)
{
    const unsigned char *s = (const unsigned char *)*p;
    for (;;) {
        if (!*s) {
            *p = (const char *)s;
            return 0;
        }
        if (s[0] == 0xC2 && s[1] == 0xB7) { /* middle dot */
            s += 2;
            continue;
        }
        if (s[0] == '\'') { /* apostrophe: "d'en" reads "den", no shell quoting */
            s += 1;
            continue;
        }
        if (s[0] == 0xE2 && s[1] == 0x80 && s[2] == 0x99) { /* typographic apostrophe */
            s += 3;
            continue;
        }
        if (s[0] == 0xC3 && s[1]) {
            int c = latin1_plain(s[1]);
            if (c) {
                *p = (const char *)(s + 2);
                return c;
            }
        }
        break;
    }
    *p = (const char *)(s + 1);
    return *s;
}

static int fold(int c)
{
    if (c == '_' || c == ' ' || c == '-')
        return '-';
    return tolower((unsigned char)c);
}

int vb_name_eq(const char *a, const char *b)
{
    if (!a || !b)
        return 0;
    for (;;) {
        int x = next_folded(&a), y = next_folded(&b);
        if (fold(x) != fold(y))
            return 0;
        if (!x)
            return 1;
    }
}

int vb_name_find(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (vb_name_eq(names[i], s))
            return i;
    return -1;
}

void vb_name_fold(char *dst, size_t n, const char *name)
{
    size_t i = 0;
    int c;
    if (n == 0)
        return;
    while (i + 1 < n && (c = next_folded(&name)) != 0)
        dst[i++] = (char)c;
    dst[i] = '\0';
}

int vb_name_blank(const char *name)
{
    int c;
    while ((c = next_folded(&name)) != 0)
        if (isalnum(c) || c >= 0x80)
            return 0;
    return 1;
}

void vb_name_token(char *dst, size_t n, const char *name)
{
    vb_name_fold(dst, n, name);
    for (; *dst; dst++)
        if (*dst == ' ')
            *dst = '-';
}

/* ---- numbers ----------------------------------------------------------------*/

int vb_parse_ll(const char *s, long long min, long long max, long long *out, const char *what,
                vb_ctx *cx)
{
    const char *p = s;
    long long v;
    char *end;
    if (!s || !*s)
        return vb_fail(cx, VB_EINPUT, "%s: empty, expected a number", what);
    if (*p == '-') {
        if (min >= 0)
            return vb_fail(cx, VB_EINPUT, "%s: '%.40s' is negative, expected %lld-%lld", what, s,
                           min, max);
        p++;
    }
    if (!*p)
        return vb_fail(cx, VB_EINPUT, "%s: '%.40s' is not a number", what, s);
    for (const char *q = p; *q; q++)
        if (!isdigit((unsigned char)*q))
            return vb_fail(cx, VB_EINPUT, "%s: '%.40s' is not a whole number", what, s);
    errno = 0;
    v = strtoll(s, &end, 10);
    if (errno == ERANGE || *end || v < min || v > max)
        return vb_fail(cx, VB_EINPUT, "%s: %.40s is out of range %lld-%lld", what, s, min, max);
    *out = v;
    return 0;
}

int vb_parse_u64(const char *s, uint64_t *out, const char *what, vb_ctx *cx)
{
    unsigned long long v;
    char *end;
    if (!s || !*s)
        return vb_fail(cx, VB_EINPUT, "%s: empty, expected a number", what);
    for (const char *q = s; *q; q++)
        if (!isdigit((unsigned char)*q))
            return vb_fail(cx, VB_EINPUT, "%s: '%.40s' is not a non-negative whole number", what,
                           s);
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno == ERANGE || *end)
        return vb_fail(cx, VB_EINPUT, "%s: %.40s is out of range 0-%llu", what, s,
                       (unsigned long long)UINT64_MAX);
    *out = (uint64_t)v;
    return 0;
}

int vb_parse_fixed(const char *s, int scale, long long min, long long max, long long *out,
                   const char *what, vb_ctx *cx)
{
    char buf[64];
    const char *dot;
    int decimals = 0, k;
    long long whole, frac = 0, v;
    if (!s || !*s)
        return vb_fail(cx, VB_EINPUT, "%s: empty, expected a number", what);
    if (scale < 1)
        return vb_fail(cx, VB_EUSAGE, "%s: bad scale", what);
    for (k = scale; k > 1; k /= 10)
        decimals++;
    dot = strchr(s, '.');
    if (!dot) {
        if (vb_parse_ll(s, LLONG_MIN / scale, LLONG_MAX / scale, &whole, what, cx) < 0)
            return VB_EINPUT;
    } else {
        size_t wl = (size_t)(dot - s), fl = strlen(dot + 1);
        int neg = s[0] == '-';
        if (wl == 0 || wl >= sizeof buf || fl == 0 || (int)fl > decimals || (neg && wl == 1))
            return vb_fail(cx, VB_EINPUT, "%s: '%.40s' is not a number with at most %d decimals",
                           what, s, decimals);
        memcpy(buf, s, wl);
        buf[wl] = '\0';
        if (vb_parse_ll(buf, LLONG_MIN / scale, LLONG_MAX / scale, &whole, what, cx) < 0)
            return VB_EINPUT;
        for (size_t i = 0; i < fl; i++) {
            if (!isdigit((unsigned char)dot[1 + i]))
                return vb_fail(cx, VB_EINPUT, "%s: '%.40s' is not a number", what, s);
            frac = frac * 10 + (dot[1 + i] - '0');
        }
        for (size_t i = fl; (int)i < decimals; i++)
            frac *= 10;
        if (neg)
            frac = -frac;
    }
    v = whole * scale + frac;
    if (v < min || v > max)
        return vb_fail(cx, VB_EINPUT, "%s: %.40s is out of range", what, s);
    *out = v;
    return 0;
}
