/*
 * sg_svg.c - the board of "11 de Setembre. Setge 1714" as SVG (the `svg`
 * hook): the east front of Barcelona drawn from data/setge-1714/board.json
 * (zones as shaped areas in their colours, the wall's red lines, breaches,
 * blue lines, the sea, the Rec Comtal, the trenches), control of each zone,
 * and the pieces as counters with their strengths. Every zone and piece
 * carries data-ref with the token action texts use, a <title> with its
 * readable name, and classes for side and control. No script.
 */
#include <string.h>

#include "sg_int.h"

static void esc(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else if (*s == '"')
            fputs("&quot;", out);
        else
            fputc(*s, out);
    }
}

static int pt(json_t *p, double *x, double *y)
{
    json_t *a = json_array_get(p, 0), *b = json_array_get(p, 1);
    if (!json_is_number(a) || !json_is_number(b))
        return -1;
    *x = json_number_value(a);
    *y = json_number_value(b);
    return 0;
}

static void points(FILE *out, json_t *arr)
{
    size_t i;
    json_t *p;
    json_array_foreach(arr, i, p)
    {
        double x, y;
        if (!pt(p, &x, &y))
            fprintf(out, "%s%.1f,%.1f", i ? " " : "", x, y);
    }
}

static const char *const fills[4] = {"#e3c78d", "#b7cd8f", "#a7a49e", "#8db0dc"};
static const char *const side_cls[2] = {"bourbon", "catalan"};

/* One counter (a piece) at x, y; s the piece's side-coloured square. */
static void counter(FILE *out, const sg_data *d, const sg_state *s, int u, double x, double y)
{
    const sg_unit *up = &d->u[u];
    const char *cls = side_cls[up->side & 1];
    const char *fg = up->side == SG_CATALAN ? "#ffffff" : "#1d1d1d";
    const char *bg = up->side == SG_CATALAN ? "#2356a8" : "#f7f4ea";
    fprintf(out, "<g class=\"unit %s %s%s\" data-ref=\"", cls, sg_kind_names[up->kind],
            s->done[u] ? " done" : "");
    esc(out, up->tok);
    /* The zone it stands on: a crowded zone's counters are drawn over its
     * neighbour's polygon, so a pick on one names the right zone. */
    if (s->us[u] == US_ON && s->uz[u] < d->nz) {
        fprintf(out, "\" data-zone=\"");
        esc(out, d->z[s->uz[u]].tok);
    }
    fprintf(out, "\"><title>");
    esc(out, up->name);
    if (up->kind == K_COMBAT)
        fprintf(out, " (%s, strength %d)", cls, up->strength);
    else if (up->kind == K_BARRICADE && s->face[u] != SG_NO)
        fprintf(out, " (barricade facing %s)", d->z[s->face[u]].name);
    else
        fprintf(out, " (%s %s)", cls, sg_kind_names[up->kind]);
    fprintf(out, "</title>");
    switch (up->kind) {
    case K_COMBAT:
        fprintf(
            out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"15\" height=\"15\" rx=\"2\" fill=\"%s\" "
            "stroke=\"#222\" stroke-width=\"0.8\"/><text x=\"%.1f\" y=\"%.1f\" "
            "font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%d</text>",
            x, y, bg, x + 7.5, y + 11.5, fg, up->strength);
        break;
    case K_LEADER:
        fprintf(out,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7.5\" fill=\"%s\" stroke=\"#b8860b\" "
                "stroke-width=\"2\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" "
                "text-anchor=\"middle\" fill=\"%s\">&#9733;</text>",
                x + 7.5, y + 7.5, bg, x + 7.5, y + 10.5, fg);
        break;
    case K_FLAG:
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" "
                "stroke-width=\"1.5\"/><path d=\"M%.1f %.1fh11v8h-11z\" fill=\"#f2c400\" "
                "stroke=\"#b00\" stroke-width=\"1.5\"/>",
                x + 2, y, x + 2, y + 15, x + 2, y);
        break;
    case K_GUN:
        fprintf(out,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"15\" height=\"15\" rx=\"2\" fill=\"%s\" "
                "stroke=\"#222\" stroke-width=\"0.8\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
                "fill=\"%s\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                "stroke-width=\"2.5\"/>",
                x, y, bg, x + 5, y + 10, fg, x + 5, y + 10, x + 13, y + 4, fg);
        break;
    default: /* barricade */
        fprintf(out,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"15\" height=\"15\" rx=\"2\" fill=\"%s\" "
                "stroke=\"#222\" stroke-width=\"0.8\"/><path d=\"M%.1f %.1fl3 -7l3 7l3 -7l3 7\" "
                "fill=\"none\" stroke=\"#7a4a12\" stroke-width=\"2\"/>",
                x, y, bg, x + 1.5, y + 11);
        break;
    }
    fprintf(out, "</g>\n");
}

static const char *ctl_name(const sg_sum *m, int z)
{
    return (m->occ[0] >> z) & 1 ? "bourbon" : (m->occ[1] >> z) & 1 ? "catalan" : "none";
}

int sg_svg(const vb_game *g, const void *st, int role, FILE *out)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    vb_ctx cx;
    sg_sum m;
    json_t *b, *zs, *o;
    size_t i;
    double lx[SG_MAXZ], ly[SG_MAXZ];
    int have[SG_MAXZ] = {0};
    (void)role; /* no hidden information in this game */
    vb_ctx_init(&cx);
    b = vb_data_json("setge-1714/board.json", &cx);
    if (!b)
        return VB_EIO;
    sg_summary(d, s, &m);
    int W = 1000, H = 760;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, sans-serif\">\n",
            W, H, W, H);
    fprintf(out,
            "<title>11 de Setembre. Setge 1714 - turn %d of %d (%s), %s half-turn, %s</title>\n",
            s->turn, d->last_turn + s->extended, d->time[s->turn < SG_MAXT ? s->turn : 0],
            s->half ? "Catalan" : "Two Crowns", sg_phase_names[s->phase < PH_N ? s->phase : 0]);
    fputs("<defs><pattern id=\"houses\" width=\"12\" height=\"12\" patternUnits=\"userSpaceOnUse\">"
          "<rect width=\"12\" height=\"12\" fill=\"#d8d2c4\"/><path d=\"M0 12L12 0\" "
          "stroke=\"#bdb5a3\" stroke-width=\"1\"/></pattern>"
          "<pattern id=\"waves\" width=\"24\" height=\"10\" patternUnits=\"userSpaceOnUse\">"
          "<rect width=\"24\" height=\"10\" fill=\"#9cc3e4\"/><path d=\"M0 6q6 -5 12 0t12 0\" "
          "fill=\"none\" stroke=\"#7eaed6\" stroke-width=\"1\"/></pattern></defs>\n",
          out);
    fprintf(out, "<rect class=\"land\" width=\"%d\" height=\"%d\" fill=\"#ece6d6\"/>\n", W, H);
    o = json_object_get(json_object_get(b, "city"), "polygon");
    if (o) {
        fputs("<polygon class=\"city\" fill=\"url(#houses)\" points=\"", out);
        points(out, o);
        fputs("\"><title>The rest of the walled city</title></polygon>\n", out);
    }
    o = json_object_get(json_object_get(b, "sea"), "polygon");
    if (o) {
        fputs("<polygon class=\"sea\" fill=\"url(#waves)\" points=\"", out);
        points(out, o);
        fputs("\"><title>The sea</title></polygon>\n", out);
    }
    /* zones */
    zs = json_object_get(b, "zones");
    json_array_foreach(zs, i, o)
    {
        json_t *nm = json_object_get(o, "name"), *poly = json_object_get(o, "polygon");
        int z = json_is_string(nm) ? sg_find_zone(d, json_string_value(nm)) : -1;
        if (z < 0 || !json_is_array(poly))
            continue;
        const sg_zone *zp = &d->z[z];
        if (pt(json_object_get(o, "label"), &lx[z], &ly[z]) == 0)
            have[z] = 1;
        fprintf(out, "<g class=\"zone %s ctl-%s%s\" data-ref=\"", sg_colour_names[zp->colour],
                ctl_name(&m, z), zp->deploy ? " deployment" : "");
        esc(out, zp->tok);
        fputs("\"><title>", out);
        esc(out, zp->name);
        fprintf(out, " (%s, defence %d%s%s%s)", sg_colour_names[zp->colour], zp->defv,
                zp->rzone ? ", R zone" : "", zp->deploy ? ", deployment zone" : "",
                zp->obj == OBJ_BASTION   ? ", bastion"
                : zp->obj == OBJ_REDOUBT ? ", redoubt"
                : zp->obj == OBJ_CONVENT ? ", convent"
                : zp->obj == OBJ_PALAU   ? ", Pla de Palau"
                                         : "");
        fprintf(out, "; held by %s</title><polygon points=\"", ctl_name(&m, z));
        points(out, poly);
        fprintf(out, "\" fill=\"%s\" stroke=\"#5b5548\" stroke-width=\"1\"/>", fills[zp->colour]);
        if (strcmp(ctl_name(&m, z), "none")) {
            fputs("<polygon class=\"control\" points=\"", out);
            points(out, poly);
            fprintf(out,
                    "\" fill=\"none\" stroke=\"%s\" stroke-width=\"4\" stroke-opacity=\"0.55\" "
                    "stroke-linejoin=\"round\"/>",
                    (m.occ[0] >> z) & 1 ? "#ffffff" : "#2356a8");
        }
        fputs("</g>\n", out);
    }
    /* features: canal and trenches */
    json_array_foreach(json_object_get(b, "features"), i, o)
    {
        json_t *k = json_object_get(o, "kind"), *nm = json_object_get(o, "name");
        int canal = json_is_string(k) && !strcmp(json_string_value(k), "canal");
        fprintf(out, "<polyline class=\"%s\" points=\"", canal ? "canal" : "trench");
        points(out, json_object_get(o, "points"));
        fprintf(out, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s><title>",
                canal ? "#3f86c9" : "#7b5b32", canal ? "3" : "2.5",
                canal ? " stroke-opacity=\"0.8\"" : " stroke-dasharray=\"6 3\"");
        esc(out, json_is_string(nm) ? json_string_value(nm) : "");
        fputs("</title></polyline>\n", out);
    }
    /* lines on the sides: the wall (red), breaches, blue lines */
    json_array_foreach(json_object_get(b, "sides"), i, o)
    {
        json_t *pa = json_object_get(o, "points"), *na = json_object_get(o, "a"),
               *nb = json_object_get(o, "b");
        int za = json_is_string(na) ? sg_find_zone(d, json_string_value(na)) : -1;
        int zb = json_is_string(nb) ? sg_find_zone(d, json_string_value(nb)) : -1;
        double x1, y1, x2, y2;
        if (za < 0 || zb < 0 || pt(json_array_get(pa, 0), &x1, &y1) ||
            pt(json_array_get(pa, 1), &x2, &y2))
            continue;
        int line = 0, br = -1;
        for (int k = 0; k < d->z[za].nnb; k++)
            if (d->z[za].nb[k] == zb) {
                line = d->z[za].line[k];
                br = d->z[za].breach[k];
            }
        if (line == 2)
            fprintf(out,
                    "<line class=\"wall\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    "stroke=\"#b3151b\" stroke-width=\"5\" stroke-linecap=\"round\"/>\n",
                    x1, y1, x2, y2);
        else if (line == 1)
            fprintf(out,
                    "<line class=\"blue-line\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    "stroke=\"#1546c0\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n",
                    x1, y1, x2, y2);
        else if (line == 3) {
            fprintf(out,
                    "<g class=\"breach\"><title>%s breach%s</title><line x1=\"%.1f\" y1=\"%.1f\" "
                    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#b3151b\" stroke-width=\"5\" "
                    "stroke-dasharray=\"4 7\"/>",
                    br >= 0 ? d->breach[br] : "a",
                    br >= 0 && (d->z[za].royal & BIT(zb)) && !s->breach
                        ? " (closed until the mine is cleared, rule 7)"
                        : "",
                    x1, y1, x2, y2);
            fprintf(out,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#f4d03f\" stroke=\"#b3151b\" "
                    "stroke-width=\"1.5\"/></g>\n",
                    (x1 + x2) / 2, (y1 + y2) / 2);
        }
    }
    /* zone names and counters */
    for (int z = 0; z < d->nz; z++) {
        if (!have[z])
            continue;
        int n = 0, list[SG_MAXU];
        for (int k = 0; k < 2; k++)
            for (int j = 0; j < d->nside[k]; j++) {
                int u = d->sideu[k][j];
                if (s->us[u] == US_ON && s->uz[u] == z)
                    list[n++] = u;
            }
        int cols = n > 12 ? 7 : n > 4 ? 4 : n ? n : 1;
        int rows = (n + cols - 1) / cols;
        /* the block of counters stays on the canvas */
        double bx = lx[z], top = ly[z] - (rows * 17.0) / 2 + 5;
        if (bx - cols * 17.0 / 2 < 4)
            bx = 4 + cols * 17.0 / 2;
        if (bx + cols * 17.0 / 2 > W - 4)
            bx = W - 4 - cols * 17.0 / 2;
        if (top < 16)
            top = 16;
        if (top + rows * 17.0 > H - 4)
            top = H - 4 - rows * 17.0;
        fprintf(out,
                "<text class=\"zone-name\" x=\"%.1f\" y=\"%.1f\" font-size=\"8.5\" "
                "text-anchor=\"middle\" fill=\"#2b2b2b\" stroke=\"#f4efe2\" stroke-width=\"2.2\" "
                "paint-order=\"stroke\">",
                bx, top - 4);
        esc(out, d->z[z].name);
        fputs("</text>\n", out);
        for (int k = 0; k < n; k++) {
            int r = k / cols, c = k % cols;
            int inrow = r == rows - 1 ? n - r * cols : cols;
            double x = bx - inrow * 17.0 / 2 + c * 17.0 + 1;
            counter(out, d, s, list[k], x, top + r * 17.0);
        }
    }
    /* header and legend, over the rest of the city */
    fprintf(out,
            "<g class=\"legend\"><rect x=\"8\" y=\"8\" width=\"214\" height=\"330\" rx=\"6\" "
            "fill=\"#fbf8f0\" fill-opacity=\"0.93\" stroke=\"#8a8270\"/>"
            "<text x=\"18\" y=\"30\" font-size=\"13\" font-weight=\"bold\">Setge 1714</text>"
            "<text x=\"18\" y=\"48\" font-size=\"10\">Turn %d of %d, %s</text>"
            "<text x=\"18\" y=\"62\" font-size=\"10\">%s half-turn: %s</text>"
            "<text x=\"18\" y=\"76\" font-size=\"10\">VP: Two Crowns %d, Catalans %d</text>"
            "<text x=\"18\" y=\"90\" font-size=\"10\">Royal breach: %s</text>",
            s->turn, d->last_turn + s->extended, d->time[s->turn < SG_MAXT ? s->turn : 0],
            s->half ? "Catalan" : "Two Crowns", sg_phase_names[s->phase < PH_N ? s->phase : 0],
            sg_vp(d, s, SG_BOURBON), sg_vp(d, s, SG_CATALAN), s->breach ? "assured" : "mined");
    static const char *const key[] = {"open ground (0)", "outside the wall (0)",
                                      "houses, bastions (2)", "convents (3)"};
    for (int k = 0; k < 4; k++)
        fprintf(out,
                "<rect x=\"18\" y=\"%d\" width=\"14\" height=\"10\" fill=\"%s\" stroke=\"#555\"/>"
                "<text x=\"38\" y=\"%d\" font-size=\"9.5\">%s</text>",
                102 + 15 * k, fills[k], 111 + 15 * k, key[k]);
    fputs("<line x1=\"18\" y1=\"171\" x2=\"32\" y2=\"171\" stroke=\"#b3151b\" stroke-width=\"5\"/>"
          "<text x=\"38\" y=\"175\" font-size=\"9.5\">wall: no crossing (red)</text>"
          "<line x1=\"18\" y1=\"186\" x2=\"32\" y2=\"186\" stroke=\"#b3151b\" stroke-width=\"5\" "
          "stroke-dasharray=\"4 7\"/><circle cx=\"25\" cy=\"186\" r=\"4\" fill=\"#f4d03f\" "
          "stroke=\"#b3151b\"/><text x=\"38\" y=\"190\" font-size=\"9.5\">breach</text>"
          "<line x1=\"18\" y1=\"201\" x2=\"32\" y2=\"201\" stroke=\"#1546c0\" stroke-width=\"4\"/>"
          "<text x=\"38\" y=\"205\" font-size=\"9.5\">blue line: +3 behind it</text>"
          "<line x1=\"18\" y1=\"216\" x2=\"32\" y2=\"216\" stroke=\"#7b5b32\" stroke-width=\"2.5\" "
          "stroke-dasharray=\"6 3\"/><text x=\"38\" y=\"220\" font-size=\"9.5\">Bourbon "
          "trenches</text>"
          "<line x1=\"18\" y1=\"231\" x2=\"32\" y2=\"231\" stroke=\"#3f86c9\" stroke-width=\"3\"/>"
          "<text x=\"38\" y=\"235\" font-size=\"9.5\">Rec Comtal</text>"
          "<rect x=\"18\" y=\"244\" width=\"15\" height=\"15\" rx=\"2\" fill=\"#2356a8\" "
          "stroke=\"#222\"/><text x=\"25.5\" y=\"255.5\" font-size=\"10\" fill=\"#fff\" "
          "text-anchor=\"middle\" font-weight=\"bold\">5</text><rect x=\"36\" y=\"244\" "
          "width=\"15\" height=\"15\" rx=\"2\" fill=\"#f7f4ea\" stroke=\"#222\"/><text x=\"43.5\" "
          "y=\"255.5\" font-size=\"10\" text-anchor=\"middle\" font-weight=\"bold\">4</text>"
          "<text x=\"56\" y=\"255\" font-size=\"9.5\">Catalan / Two Crowns unit</text>"
          "<circle cx=\"25.5\" cy=\"274\" r=\"7\" fill=\"#2356a8\" stroke=\"#b8860b\" "
          "stroke-width=\"2\"/><text x=\"38\" y=\"278\" font-size=\"9.5\">commander; gun; "
          "barricade; flag</text>"
          "<rect x=\"18\" y=\"290\" width=\"14\" height=\"10\" fill=\"#a7a49e\" stroke=\"#fff\" "
          "stroke-width=\"3\"/><text x=\"38\" y=\"299\" font-size=\"9.5\">held by the Two "
          "Crowns</text><rect x=\"18\" y=\"306\" width=\"14\" height=\"10\" fill=\"#a7a49e\" "
          "stroke=\"#2356a8\" stroke-width=\"3\"/><text x=\"38\" y=\"315\" font-size=\"9.5\">held "
          "by the Catalans</text><text x=\"18\" y=\"330\" font-size=\"8\" fill=\"#555\">Schematic "
          "(data/setge-1714/board.json)</text></g>\n",
          out);
    fputs("<text x=\"930\" y=\"720\" font-size=\"14\" font-style=\"italic\" fill=\"#3c6e99\" "
          "text-anchor=\"middle\">Mediterranean</text>\n</svg>\n",
          out);
    json_decref(b);
    return ferror(out) ? VB_EIO : 0;
}
