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

/* "  orders here now:" and the legal actions of st whose text holds word as
 * a whole word (a zone's or a work's name), when role decides now (role -1:
 * whoever decides); nothing when another role or chance decides. */
void vb_put_orders(FILE *out, const vb_game *g, const void *st, int role, const char *word)
{
    int who = g->def->to_move(g, st);
    if (who < 0 || (role >= 0 && role != who))
        return;
    vb_action a[VB_MAX_ACTIONS];
    char t[VB_TEXT_LEN];
    int n = g->def->legal(g, st, a, NULL, VB_MAX_ACTIONS), k = 0;
    size_t wl = strlen(word);
    vb_para p;
    vb_para_start(&p, out, "  orders here now:", 4);
    for (int i = 0; i < n; i++) {
        g->def->action_text(g, st, a[i], t, sizeof t);
        for (const char *x = strstr(t, word); x; x = strstr(x + 1, word))
            if ((x == t || x[-1] == ' ') && (x[wl] == 0 || x[wl] == ' ')) {
                vb_para_itemf(&p, "%s;", t);
                k++;
                break;
            }
    }
    if (!k)
        vb_para_item(&p, "none");
    vb_para_end(&p);
}
