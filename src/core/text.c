/* text.c - text for a terminal: display width in UTF-8 code points and
 * paragraphs of items wrapped at VB_COLS columns (the boards, zone and
 * front views, and the points of a verdict term by term). */
#include <stdarg.h>
#include <string.h>

#include "vb_module.h"

int vb_cols(const char *s)
{
    int cols = 0;
    for (const char *p = s; *p; p++)
        cols += ((unsigned char)*p & 0xC0) != 0x80;
    return cols;
}

void vb_put_padded(FILE *out, const char *s, int width)
{
    fputs(s, out);
    for (int cols = vb_cols(s); cols < width; cols++)
        fputc(' ', out);
}

void vb_para_start(vb_para *p, FILE *out, const char *head, int indent)
{
    const char *nl = strrchr(head, '\n');
    size_t k = strlen(head);
    p->out = out;
    p->indent = indent;
    fputs(head, out);
    p->col = vb_cols(nl ? nl + 1 : head);
    p->space = k > 0 && head[k - 1] != ' ' && head[k - 1] != '\n';
}

void vb_para_item(vb_para *p, const char *item)
{
    int w = vb_cols(item);
    if (p->col > p->indent && p->col + p->space + w > VB_COLS) {
        fprintf(p->out, "\n%*s", p->indent, "");
        p->col = p->indent;
    } else if (p->space) {
        fputc(' ', p->out);
        p->col++;
    }
    fputs(item, p->out);
    p->col += w;
    p->space = 1;
}

void vb_para_itemf(vb_para *p, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    vb_para_item(p, buf);
}

void vb_para_words(vb_para *p, const char *text)
{
    char w[512];
    while (*text) {
        size_t k = strcspn(text, " ");
        if (k && k < sizeof w) {
            memcpy(w, text, k);
            w[k] = '\0';
            vb_para_item(p, w);
        }
        text += k + (text[k] == ' ');
    }
}

void vb_para_end(vb_para *p)
{
    fputc('\n', p->out);
}

void vb_put_term(FILE *out, int v, const char *fmt, ...)
{
    va_list ap;
    fprintf(out, "  %+4d  ", v);
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
}
