/*
 * ms_svg.c - Molt soroll per un rei: the board as SVG (def->svg, `vauban
 * show STATE --svg FILE`).
 *
 * Above: a schematic map of the Crown of Aragon and the western
 * Mediterranean (data/molt-soroll/board.json), the six fronts as tracks of
 * numbered boxes converging on Barcelona, the enemy forces on their boxes.
 * Below: the three tracks, the almogavars and fleets, the riot, the pirates,
 * the eliminated threats, the active card and the deck. Every element an
 * action names carries data-ref with the name as action texts spell it
 * (front ids, token ids, track ids, "riot", "pirates", card ids), a
 * <title>, and classes for its side ("king", "enemy") and state. No
 * script; every coordinate lies inside the canvas.
 */
#include <string.h>

#include "ms_int.h"

#define D(g) ((const ms_data *)(g)->data)

/* Write s as XML character data. */
static void esc(FILE *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&#39;", out);
            break;
        default:
            fputc(*s, out);
        }
}

static void text(FILE *out, int x, int y, const char *cls, const char *s)
{
    fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"%s\">", x, y, cls);
    esc(out, s);
    fputs("</text>\n", out);
}

static void title(FILE *out, const char *s)
{
    fputs("<title>", out);
    esc(out, s);
    fputs("</title>", out);
}

/* Centre of box `pos` of front f, Barcelona for pos == nbox. */
static void box_xy(const ms_data *d, int f, int pos, int *x, int *y)
{
    const ms_board *b = &d->board;
    if (pos >= d->front[f].nbox) {
        *x = b->bar_x;
        *y = b->bar_y;
    } else {
        *x = b->bx[d->front[f].box[pos].gid];
        *y = b->by[d->front[f].box[pos].gid];
    }
}

static const char *const tok_status[3] = {"off", "available", "regrouping"};
static const char *const tok_status_ca[3] = {"fora de joc", "Disponibles", "Reagrupament"};

static void draw_map(const ms_data *d, const ms_state *s, FILE *out)
{
    const ms_board *b = &d->board;
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" class=\"sea\"/>\n", b->w,
            b->map_h);
    for (int i = 0; i < b->nland; i++) {
        fputs("<polygon class=\"land\" points=\"", out);
        for (int p = 0; p < b->npts[i]; p++)
            fprintf(out, "%s%d,%d", p ? " " : "", b->pts[i][p][0], b->pts[i][p][1]);
        fputs("\">", out);
        title(out, b->land_name[i]);
        fputs("</polygon>\n", out);
    }
    for (int i = 0; i < b->nlabel; i++)
        text(out, b->lx[i], b->ly[i], "label", b->label[i]);
    /* the fronts: lines from box 0 to Barcelona */
    for (int f = 0; f < MS_NFRONTS; f++) {
        const ms_front *fr = &d->front[f];
        fprintf(out, "<g class=\"front-line%s\" stroke=\"%s\">", s->pos[f] < 0 ? " out" : "",
                b->color[f]);
        for (int p = 0; p < fr->nbox; p++) {
            int x0, y0, x1, y1;
            box_xy(d, f, p, &x0, &y0);
            box_xy(d, f, p + 1, &x1, &y1);
            fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"%s/>", x0, y0, x1, y1,
                    p + 1 == fr->nbox && f == d->naples_front ? " class=\"by-sea\"" : "");
        }
        fputs("</g>\n", out);
    }
    /* the boxes, each drawn once (shared boxes carry both numbers alike) */
    for (int k = 0; k < d->nboxes_total; k++) {
        int x = b->bx[k] - b->bw / 2, y = b->by[k] - b->bh / 2, num = -1, sea = 0, fort = 0;
        int fallen = (int)((s->fallen >> k) & 1u);
        char t[160];
        for (int f = 0; f < MS_NFRONTS && num < 0; f++)
            for (int p = 0; p < d->front[f].nbox; p++)
                if (d->front[f].box[p].gid == k) {
                    num = p;
                    sea = d->front[f].box[p].sea;
                    fort = d->front[f].box[p].fortified;
                }
        snprintf(t, sizeof t, "%s, box %d%s%s%s", d->box_name[k], num, sea ? ", sea box" : "",
                 fort ? ", fortified" : "", fallen ? " (fallen: fortification lost)" : "");
        fprintf(out, "<g class=\"box%s%s%s\" data-box=\"%d\">", sea ? " sea-box" : "",
                fort ? " fortified" : "", fallen ? " fallen" : "", k);
        title(out, t);
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\"/>", x, y, b->bw,
                b->bh);
        fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"boxname\">%d ", x + 6, y + b->bh - 12, num);
        esc(out, d->box_name[k]);
        fprintf(out, "%s%s</text>", sea ? " \xe2\x9a\x93" : "",
                fort ? (fallen ? " \xe2\x9c\x97" : " \xe2\x9b\xab") : "");
        fputs("</g>\n", out);
    }
    {
        int x = b->bar_x - b->bar_w / 2, y = b->bar_y - b->bar_h / 2;
        fputs("<g class=\"box barcelona fortified\">", out);
        title(out, "Barcelona, where the fronts converge");
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\"/>", x, y,
                b->bar_w, b->bar_h);
        fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"barcelona-name\">Barcelona</text>", b->bar_x,
                y + 20);
        fputs("</g>\n", out);
    }
}

static void draw_forces(const ms_data *d, const ms_state *s, FILE *out)
{
    const ms_board *b = &d->board;
    for (int f = 0; f < MS_NFRONTS; f++) {
        const ms_front *fr = &d->front[f];
        int x, y, w = b->bw + 12, h = b->bh + 6;
        char t[256];
        if (s->pos[f] < 0)
            continue;
        box_xy(d, f, s->pos[f], &x, &y);
        if (s->pos[f] == fr->nbox) { /* in Barcelona: below its name */
            w = b->bar_w - 8;
            h = b->bar_h - 24;
            y = b->bar_y - b->bar_h / 2 + 24 + h / 2;
        }
        snprintf(t, sizeof t, "%s (%s) in %s: combat %d, siege %d%s", fr->name,
                 s->reduced[f] ? "reduced" : "full force",
                 s->pos[f] == fr->nbox ? "Barcelona" : fr->box[s->pos[f]].name, ms_combat(d, s, f),
                 ms_siege_value(d, s, f), s->besieging[f] ? ", besieging (Setge!)" : "");
        fprintf(out, "<g class=\"force enemy %s%s\" data-ref=\"%s\">",
                s->reduced[f] ? "reduced" : "full", s->besieging[f] ? " besieging" : "", fr->id);
        title(out, t);
        if (s->reduced[f]) /* the reduced side: a paler counter, nothing shows through */
            fprintf(out,
                    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"5\" "
                    "fill=\"#ffffff\"/>",
                    x - w / 2, y - h / 2, w, h);
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"5\" fill=\"%s\"%s/>",
                x - w / 2, y - h / 2, w, h, b->color[f],
                s->reduced[f] ? " fill-opacity=\"0.6\"" : "");
        fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"force-name\">", x, y - 3);
        esc(out, fr->name);
        fputs("</text>", out);
        fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"force-values\">", x, y + h / 2 - 5);
        if (s->pos[f] < fr->nbox) {
            fprintf(out, "%d ", s->pos[f]);
            esc(out, fr->box[s->pos[f]].name);
            fputs(" \xc2\xb7 ", out);
        }
        fprintf(out, "%s%d/%d</text>", s->reduced[f] ? "red. " : "", ms_combat(d, s, f),
                ms_siege_value(d, s, f));
        if (s->besieging[f])
            fprintf(out,
                    "<g class=\"siege-marker\"><rect x=\"%d\" y=\"%d\" width=\"40\" height=\"15\" "
                    "rx=\"3\"/><text x=\"%d\" y=\"%d\">Setge!</text></g>",
                    x + w / 2 - 40, y - h / 2 - 11, x + w / 2 - 20, y - h / 2 + 1);
        fputs("</g>\n", out);
    }
}

static void draw_tracks(const ms_data *d, const ms_state *s, FILE *out, int y0)
{
    static const char *const names[MS_NTRACKS] = {"Fidelitat de la noblesa", "Papat",
                                                  "Jaume de Mallorca"};
    static const char *const hint[MS_NTRACKS] = {
        "influence: 4-6 moves right", "influence: 5-6 moves right", "influence: 5-6 moves right"};
    for (int t = 0; t < MS_NTRACKS; t++) {
        const ms_track *k = &d->track[t];
        int y = y0 + t * 46, bw = t == MS_JAMES ? 140 : 110;
        char tt[160];
        snprintf(tt, sizeof tt, "%s: %s (%s)", names[t],
                 t == MS_POPE && s->crusade ? "marker removed, crusade proclaimed"
                                            : k->name[s->track[t]],
                 hint[t]);
        fprintf(out, "<g class=\"track king\" data-ref=\"%s\">", ms_track_ids[t]);
        title(out, tt);
        text(out, 12, y + 24, "track-name", names[t]);
        for (int i = 0; i < k->nbox; i++) {
            int on = i == s->track[t] && !(t == MS_POPE && s->crusade);
            fprintf(out,
                    "<g class=\"track-box%s%s\"><rect x=\"%d\" y=\"%d\" width=\"%d\" "
                    "height=\"34\" rx=\"3\"/>",
                    on ? " marker" : "", t == MS_POPE && s->crusade ? " removed" : "",
                    190 + i * (bw + 6), y, bw);
            fprintf(out, "<text x=\"%d\" y=\"%d\">", 190 + i * (bw + 6) + bw / 2, y + 22);
            esc(out, k->name[i]);
            fputs("</text></g>", out);
        }
        if (t == MS_POPE && s->crusade)
            text(out, 190 + k->nbox * (bw + 6) / 2, y + 23, "note",
                 "Excomunió i croada! - marker removed");
        fputs("</g>\n", out);
    }
}

static void draw_tokens(const ms_data *d, const ms_state *s, FILE *out, int y0)
{
    text(out, 12, y0 + 20, "track-name", "Almogàvers");
    text(out, 12, y0 + 56, "track-name", "Estols");
    for (int kind = 0; kind < 2; kind++) {
        int n = 0;
        for (int t = 0; t < MS_NTOK; t++) {
            char tt[128];
            int x, y;
            if (d->tok_kind[t] != (kind ? MS_FLEET : MS_ALMOGAVAR))
                continue;
            x = 190 + n++ * 150;
            y = y0 + kind * 36;
            snprintf(tt, sizeof tt, "%s: %s (+1%s)", d->tok_name[t], tok_status_ca[s->tok[t] % 3],
                     kind ? " in sea boxes" : "");
            fprintf(out, "<g class=\"token king %s %s\" data-ref=\"%s\">",
                    kind ? "fleet" : "almogavar", tok_status[s->tok[t] % 3], d->tok_id[t]);
            title(out, tt);
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"144\" height=\"30\" rx=\"4\"/>", x, y);
            fprintf(out, "<text x=\"%d\" y=\"%d\">", x + 72, y + 13);
            esc(out, d->tok_name[t]);
            fprintf(out, "</text><text x=\"%d\" y=\"%d\" class=\"status\">%s</text></g>\n", x + 72,
                    y + 26, tok_status_ca[s->tok[t] % 3]);
        }
    }
}

static void draw_threats(const ms_data *d, const ms_state *s, FILE *out, int x0, int y0)
{
    static const char *const riot_st[3] = {"not in play", "active: -1 to offensives",
                                           "crushed (Amenaces eliminades)"};
    static const char *const pir_st[3] = {"not in play", "active: -1 in sea boxes",
                                          "inactive side"};
    char t[160];
    int y = y0;
    snprintf(t, sizeof t, "Revolta de Berenguer Oller (combat %d): %s", d->riot_combat,
             riot_st[s->riot % 3]);
    fprintf(out, "<g class=\"marker enemy riot %s\" data-ref=\"riot\">",
            s->riot == MS_ACTIVE ? "active"
            : s->riot == MS_DONE ? "eliminated"
                                 : "off");
    title(out, t);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"204\" height=\"30\" rx=\"4\"/>", x0, y);
    text(out, x0 + 102, y + 20, "marker-text", "Revolta de Berenguer Oller");
    fputs("</g>\n", out);
    y += 36;
    snprintf(t, sizeof t, "Pirates berberescos (combat %d): %s", d->pirates_combat,
             pir_st[s->pirates % 3]);
    fprintf(out, "<g class=\"marker enemy pirates %s\" data-ref=\"pirates\">",
            s->pirates == MS_ACTIVE ? "active"
            : s->pirates == MS_DONE ? "inactive"
                                    : "off");
    title(out, t);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"204\" height=\"30\" rx=\"4\"/>", x0, y);
    text(out, x0 + 102, y + 20, "marker-text", "Pirates berberescos");
    fputs("</g>\n", out);
    y += 46;
    text(out, x0, y, "track-name", "Amenaces eliminades");
    y += 4;
    for (int f = 0, n = 0; f < MS_NFRONTS; f++)
        if (s->pos[f] == MS_ELIMINATED) {
            int x = x0 + (n % 2) * 104, yy = y + (n / 2) * 26;
            snprintf(t, sizeof t, "%s: eliminated", d->front[f].name);
            fprintf(out, "<g class=\"force enemy eliminated\" data-ref=\"%s\">", d->front[f].id);
            title(out, t);
            fprintf(out,
                    "<rect x=\"%d\" y=\"%d\" width=\"100\" height=\"22\" rx=\"3\" fill=\"%s\" "
                    "fill-opacity=\"0.4\"/>",
                    x, yy, d->board.color[f]);
            fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"small\">", x + 50, yy + 15);
            esc(out, d->front[f].name);
            fputs("</text></g>\n", out);
            n++;
        }
}

/* Write s on the card, wrapped at spaces to lines of at most 50
 * characters (UTF-8 counted as characters); returns the next line's y.
 * Lines below `ymax` are dropped. */
static int card_line(FILE *out, int x, int y, const char *cls, const char *s, int ymax)
{
    const int width = 50;
    while (*s) {
        const char *p = s, *cut = NULL;
        int cols = 0;
        char line[256];
        size_t l;
        for (; *p && cols < width; p++) {
            cols += ((unsigned char)*p & 0xC0) != 0x80;
            if (*p == ' ')
                cut = p;
        }
        if (!*p || !cut)
            cut = p;
        while (*cut && ((unsigned char)*cut & 0xC0) == 0x80)
            cut++;
        l = (size_t)(cut - s) < sizeof line ? (size_t)(cut - s) : sizeof line - 1;
        memcpy(line, s, l);
        line[l] = 0;
        if (y <= ymax)
            text(out, x, y, cls, line);
        y += 16;
        s = *cut == ' ' ? cut + 1 : cut;
    }
    return y;
}

static void draw_card(const ms_data *d, const ms_state *s, FILE *out, int x0, int y0, int h)
{
    const ms_card *c = s->active >= 0 ? &d->card[s->active] : NULL;
    char t[256];
    int y = y0 + 22, x = x0 + 10, ymax = y0 + h - 8;
    if (!c) {
        fprintf(out,
                "<g class=\"card none\"><rect x=\"%d\" y=\"%d\" width=\"380\" height=\"%d\" "
                "rx=\"8\"/>",
                x0, y0, h);
        text(out, x, y, "card-title", "Esdeveniment actiu: none yet");
        snprintf(t, sizeof t, "Deck: %d cards%s", ms_card_count(s->deck),
                 s->excom_next ? "; Excomunió i croada! is next" : "");
        text(out, x, y + 20, "card-line", t);
        fputs("</g>\n", out);
        return;
    }
    fprintf(out, "<g class=\"card deck-%c%s\" data-ref=\"%s\">", c->deck,
            c->banner ? " banner" : "", c->id);
    snprintf(t, sizeof t, "%s (%s, deck %c)", c->name, c->date, c->deck);
    title(out, t);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"380\" height=\"%d\" rx=\"8\"/>", x0, y0, h);
    y = card_line(out, x, y, "card-title", c->name, ymax);
    snprintf(t, sizeof t, "%s - deck %c%s", c->date, c->deck,
             c->banner ? " - blue banner: reinforcements" : "");
    y = card_line(out, x, y, "card-line", t, ymax);
    {
        int n = snprintf(t, sizeof t, "Actions: %d", c->actions);
        for (int f = 0; f < MS_NFRONTS && n < (int)sizeof t; f++)
            if (c->mod_front[f])
                n += snprintf(t + n, sizeof t - (size_t)n, ", %s %+d", d->front[f].name,
                              c->mod_front[f]);
        if (c->mod_all && n < (int)sizeof t)
            n += snprintf(t + n, sizeof t - (size_t)n, ", all %+d", c->mod_all);
        for (int k = 0; k < MS_NTRACKS && n < (int)sizeof t; k++)
            if (c->mod_infl[k])
                n += snprintf(t + n, sizeof t - (size_t)n, ", %s %+d", ms_track_ids[k],
                              c->mod_infl[k]);
        for (int f = 0; f < MS_NFRONTS && n < (int)sizeof t; f++)
            if (c->no_front >> f & 1u)
                n += snprintf(t + n, sizeof t - (size_t)n, ", No %s", d->front[f].name);
        for (int k = 0; k < MS_NTRACKS && n < (int)sizeof t; k++)
            if (c->no_infl >> k & 1u)
                n += snprintf(t + n, sizeof t - (size_t)n, ", No %s", ms_track_ids[k]);
        y = card_line(out, x, y, "card-line", t, ymax);
    }
    if (c->event[0]) {
        snprintf(t, sizeof t, "Event: %s", c->event);
        y = card_line(out, x, y, "card-line", t, ymax);
        for (int i = 0; i < c->neff; i++) {
            char e[128];
            ms_effect_text(d, &c->eff[i], e, sizeof e);
            snprintf(t, sizeof t, "  - %s", e);
            y = card_line(out, x, y, "card-line", t, ymax);
        }
    }
    {
        int n = snprintf(t, sizeof t, "Movement:");
        for (int m = 0; m < c->nmove && n < (int)sizeof t; m++)
            n += snprintf(t + n, sizeof t - (size_t)n, "%s %s%s", m ? "," : "",
                          d->front[c->move_front[m]].name, c->move_red[m] ? " (back)" : "");
        if (!c->nmove)
            snprintf(t + n, sizeof t - (size_t)n, " none");
        y = card_line(out, x, y, "card-line", t, ymax);
    }
    if (c->special) {
        if (c->special == MS_SP_INACTIVATION)
            snprintf(t, sizeof t, "Special: Possible inactivació %s",
                     d->front[c->special_front].name);
        else
            snprintf(t, sizeof t, "Special: Vespres Sicilianes (deck B)");
        card_line(out, x, y, "card-line", t, ymax);
    }
    fputs("</g>\n", out);
}

int ms_svg(const struct vb_game *g, const void *st, int role, FILE *out)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    const ms_board *b = &d->board;
    int py = b->map_h + 8;
    char t[200];
    (void)role; /* nothing is hidden */
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" class=\"molt-soroll\">\n",
            b->w, b->h, b->w, b->h);
    fputs("<title>Molt soroll per un rei</title>\n", out);
    fputs("<style>\n"
          "text{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:12px;fill:#222}\n"
          ".sea{fill:#cfe3ef}.land{fill:#efe6cf;stroke:#9b8b66;stroke-width:1.5}\n"
          ".label{font-size:15px;font-style:italic;fill:#7a6a48;text-anchor:middle}\n"
          ".front-line line{stroke-width:5;stroke-opacity:0.55}\n"
          ".front-line.out line{stroke-opacity:0.2}\n"
          ".front-line line.by-sea{stroke-dasharray:10 7}\n"
          ".box rect{fill:#fffdf5;stroke:#5d4a2a;stroke-width:1.5}\n"
          ".box.sea-box rect{fill:#e8f4fb}\n"
          ".box.fortified rect{stroke:#8b0000;stroke-width:3}\n"
          ".box.fallen rect{stroke-dasharray:4 3}\n"
          ".boxname{font-size:12px}\n"
          ".barcelona rect{fill:#f6d8a8;stroke:#8b0000;stroke-width:4}\n"
          ".barcelona-name{font-weight:bold;font-size:15px;text-anchor:middle}\n"
          ".force rect{stroke:#111;stroke-width:1.5}\n"
          ".force.besieging rect{stroke:#d50000;stroke-width:3}\n"
          ".force text{fill:#fff;text-anchor:middle;font-weight:bold}\n"
          ".force-name{font-size:10.5px}.force-values{font-size:10px;font-weight:normal}\n"
          ".force.eliminated text{fill:#222}\n"
          ".siege-marker rect{fill:#d50000;stroke:#fff}\n"
          ".siege-marker text{font-size:10px;fill:#fff;text-anchor:middle}\n"
          ".panel{fill:#f3efe4;stroke:#9b8b66}\n"
          ".track-name{font-weight:bold;font-size:13px}\n"
          ".track-box rect{fill:#fffdf5;stroke:#5d4a2a}\n"
          ".track-box.marker rect{fill:#ffcc33;stroke:#8b0000;stroke-width:3}\n"
          ".track-box text{text-anchor:middle;font-size:11px}\n"
          ".note{font-size:15px;fill:#8b0000;font-weight:bold;text-anchor:middle}\n"
          ".track-box.removed rect{fill:#e0e0e0;stroke:#bbb}.track-box.removed text{fill:#bbb}\n"
          ".token rect{stroke:#5d4a2a}.token text{text-anchor:middle;font-size:11px}\n"
          ".token.available rect{fill:#c8e6c9}.token.regrouping rect{fill:#ffe0b2}\n"
          ".token.off rect{fill:#eeeeee;stroke-dasharray:3 3}.token.off text{fill:#999}\n"
          ".token .status{font-size:9px}\n"
          ".marker rect{fill:#eeeeee;stroke:#5d4a2a}.marker.active rect{fill:#ef9a9a}\n"
          ".marker.eliminated rect,.marker.inactive rect{fill:#c8e6c9}\n"
          ".marker-text{text-anchor:middle;font-size:12px}\n"
          ".small{font-size:9px;text-anchor:middle}\n"
          ".card rect{fill:#fff8e1;stroke:#8b0000;stroke-width:2}\n"
          ".card.banner rect{stroke:#1565c0;stroke-width:4}\n"
          ".card-title{font-size:15px;font-weight:bold}.card-line{font-size:12px}\n"
          ".status-line{font-size:13px}\n"
          "</style>\n",
          out);
    draw_map(d, s, out);
    draw_forces(d, s, out);
    fprintf(out, "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"panel\"/>\n", b->map_h,
            b->w, b->h - b->map_h);
    draw_tracks(d, s, out, py);
    draw_tokens(d, s, out, py + 3 * 46 + 4);
    draw_threats(d, s, out, 792, py + 4);
    draw_card(d, s, out, b->w - 392, py + 4, b->h - py - 40);
    {
        char p[160];
        ms_prompt(g, s, p, sizeof p);
        snprintf(t, sizeof t, "Cards played %d - %s%s", ms_card_count(s->played) + (s->active >= 0),
                 s->over == 1   ? "won: "
                 : s->over == 2 ? "lost: "
                                : "",
                 p);
        text(out, 12, b->h - 12, "status-line", t);
        snprintf(t, sizeof t, "Deck: %d cards%s", ms_card_count(s->deck),
                 !s->vespers     ? " (B cards wait for the Vespers)"
                 : s->upper_left ? " (Mort a Vilafranca among the last six)"
                                 : " (the last six)");
        text(out, b->w - 392, b->h - 12, "status-line", t);
    }
    fputs("</svg>\n", out);
    return ferror(out) ? VB_EIO : 0;
}
