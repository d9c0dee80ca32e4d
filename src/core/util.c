/* util.c - error codes, the per-thread context, logging, names. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vauban.h"

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
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(cx->err, sizeof cx->err, fmt, ap);
        va_end(ap);
    }
    return code;
}

void vb_log_line(vb_ctx *cx, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    if (!cx || !cx->log)
        return;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    cx->log(cx->log_ud, line);
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
    for (; *a && *b; a++, b++)
        if (fold(*a) != fold(*b))
            return 0;
    return *a == *b;
}

int vb_name_find(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (vb_name_eq(names[i], s))
            return i;
    return -1;
}

void vb_name_token(char *dst, size_t n, const char *name)
{
    size_t i = 0;
    if (n == 0)
        return;
    for (; name[i] && i + 1 < n; i++)
        dst[i] = name[i] == ' ' ? '-' : name[i];
    dst[i] = '\0';
}
