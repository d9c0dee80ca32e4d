/*
 * rs_svg.c - the map of Europe as SVG: zones as discs at their place,
 * coloured by state, ringed by controller; fortresses, lines, armies and
 * generals written on them; the transit boxes; adjacency as thin lines.
 * Every zone and box carries data-ref with the name action texts use.
 */
#include "rs_int.h"

static void esc(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '<')
            fputs("&lt;", out);
        else
            fputc(*s, out);
    }
}

int rs_svg(const vb_game *g, const void *st, int role, FILE *out)
{
    const rs_state *s = st;
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    (void)role;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 860 860\" "
                 "width=\"860\" height=\"860\" font-family=\"sans-serif\">\n");
    fprintf(out, "<title>%s, %d</title>\n", sc->title, s->year);
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"860\" height=\"860\" fill=\"#d8e8f4\"/>\n");
    /* adjacency */
    fprintf(out, "<g class=\"adjacency\" stroke=\"#8090a0\" stroke-width=\"1\">\n");
    for (int a = 0; a < d->nz; a++)
        for (int i = 0; i < d->z[a].nadj; i++) {
            int b = d->z[a].adj[i];
            if (b > a)
                fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", d->z[a].x,
                        d->z[a].y, d->z[b].x, d->z[b].y);
        }
    fprintf(out, "</g>\n");
    for (int b = 0; b < RS_NBOX; b++) {
        const rs_bdef *bx = &d->b[b];
        int c = s->boxc[b];
        fprintf(out,
                "<g class=\"box %s\" data-ref=\"%s\"><title>%s: %d RP, control %s</title>"
                "<rect x=\"%d\" y=\"%d\" width=\"110\" height=\"34\" rx=\"6\" fill=\"%s\" "
                "stroke=\"%s\" stroke-width=\"3\"/><text x=\"%d\" y=\"%d\" font-size=\"11\" "
                "text-anchor=\"middle\">%s</text></g>\n",
                c < 0 ? "neutral" : rs_camp_names[c], bx->tok, bx->name, bx->rp,
                c < 0 ? "none" : rs_camp_names[c], bx->x - 55, bx->y - 17,
                sc->box_playable[b] ? "#f8f8ff" : "#e0e0e0",
                c == RS_F   ? "#1f4fbf"
                : c == RS_C ? "#bf3f1f"
                            : "#808080",
                bx->x, bx->y + 4, bx->name);
    }
    for (int z = 0; z < d->nz; z++) {
        const rs_zdef *zd = &d->z[z];
        const rs_zst *q = &s->z[z];
        int ct = rs_ctrl(g, s, z), pl = sc->playable[z];
        fprintf(out, "<g class=\"zone %s%s%s\" data-ref=\"%s\"><title>",
                ct < 0 ? "neutral" : rs_camp_names[ct], pl ? "" : " unplayable",
                rs_contested(g, s, z) ? " contested" : "", zd->tok);
        esc(out, zd->name);
        fprintf(out, " (%s), %d RP, FV %d%s</title>\n", d->s[zd->state].name, zd->rp, q->fv,
                q->scorched ? ", scorched" : "");
        fprintf(
            out,
            "<circle cx=\"%d\" cy=\"%d\" r=\"24\" fill=\"%s\" fill-opacity=\"%s\" stroke=\"%s\" "
            "stroke-width=\"%d\"/>\n",
            zd->x, zd->y, d->s[zd->state].colour, pl ? "1" : "0.35",
            ct == RS_F   ? "#1f4fbf"
            : ct == RS_C ? "#bf3f1f"
                         : "#606060",
            pl ? 3 : 1);
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"middle\">", zd->x,
                zd->y - 27);
        esc(out, zd->name);
        fprintf(out, "</text>\n");
        if (q->fv)
            fprintf(out,
                    "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"#ffffff\" "
                    "stroke=\"#000\"/><text x=\"%d\" y=\"%d\" font-size=\"10\" "
                    "text-anchor=\"middle\">%d</text>\n",
                    zd->x - 20, zd->y - 7, zd->x - 13, zd->y + 4, q->fv);
        for (int c = 0; c < 2; c++) {
            int sp = rs_army(s, z, c), ng = 0;
            for (int i = 0; i < d->ng; i++)
                ng += s->gz[i] == z && rs_gcamp(g, s, i) == c;
            if (!sp && !ng)
                continue;
            fprintf(out,
                    "<g class=\"army %s\"><rect x=\"%d\" y=\"%d\" width=\"22\" height=\"14\" "
                    "fill=\"%s\"/><text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#fff\" "
                    "text-anchor=\"middle\">%d%s</text></g>\n",
                    rs_camp_names[c], zd->x - 4 + c * 2, zd->y - 12 + c * 15,
                    c ? "#bf3f1f" : "#1f4fbf", zd->x + 7 + c * 2, zd->y - 1 + c * 15, sp,
                    ng ? "g" : "");
        }
        /* generals, each named as action texts name them */
        int row = 0;
        for (int i = 0; i < d->ng; i++) {
            if (s->gz[i] != z)
                continue;
            fprintf(out,
                    "<text class=\"general %s\" data-ref=\"%s\" x=\"%d\" y=\"%d\" "
                    "font-size=\"8\" text-anchor=\"middle\" fill=\"%s\"><title>%s, SC %d TC "
                    "%d%s</title>%s</text>\n",
                    rs_camp_names[rs_gcamp(g, s, i)], d->gd[i].tok, zd->x, zd->y + 33 + 8 * row,
                    rs_gcamp(g, s, i) ? "#8f2f0f" : "#0f2f8f", d->gd[i].name, d->gd[i].sc,
                    d->gd[i].tc, d->gd[i].star ? ", star" : "", d->gd[i].name);
            row++;
        }
        if (q->scorched)
            fprintf(out,
                    "<text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"#a02000\">"
                    "<title>scorched earth</title>#</text>\n",
                    zd->x + 14, zd->y - 10);
        if (rs_contested(g, s, z))
            fprintf(out,
                    "<circle cx=\"%d\" cy=\"%d\" r=\"28\" fill=\"none\" "
                    "stroke=\"#000\" stroke-dasharray=\"4 3\"/>\n",
                    zd->x, zd->y);
        if (q->line)
            fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"9\">L%d</text>\n", zd->x - 20,
                    zd->y + 18, q->line);
        fprintf(out, "</g>\n");
    }
    fprintf(out,
            "<text x=\"10\" y=\"850\" font-size=\"12\">%d  GP %d  RP France %d, Coalition %d"
            "  (blue ring: French control, red: Coalition; box: FV; number: army SP, g: "
            "general)</text>\n",
            s->year, s->gp, s->c[0].rp, s->c[1].rp);
    fprintf(out, "</svg>\n");
    return ferror(out) ? VB_EIO : 0;
}
