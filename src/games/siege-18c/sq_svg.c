/*
 * sq_svg.c - the measured board as SVG, to scale (1 user unit = 1/100
 * inch): glacis, covered way, ditch and works, the town, the besieger's
 * camp, parallels, saps, joins and batteries, units with their arcs of
 * fire. Every element an action names carries data-ref with that name and
 * a <title>; classes say the side. No script.
 */
#include <string.h>

#include "sq_int.h"

static void poly(FILE *o, const sq_pt *v, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(o, "%s%d,%d", i ? " " : "", v[i].x, v[i].y);
}

/* An arc of fire: a wedge of +/- half around facing f, radius r. */
static void wedge(FILE *o, sq_pt c, int f, int half, int r, const char *cls)
{
    sq_pt a = sq_step(c, f - half, r), b = sq_step(c, f + half, r);
    fprintf(o, "<path class=\"arc %s\" d=\"M%d,%d L%d,%d A%d,%d 0 0,1 %d,%d Z\"/>\n", cls, c.x, c.y,
            a.x, a.y, r, r, b.x, b.y);
}

int sq_svg(const vb_game *g, const void *st, int role, FILE *o)
{
    const sq_data *d = g->data;
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    char b[VB_TEXT_LEN], nm[32];
    (void)role;
    fprintf(o,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
            "height=\"%d\">\n",
            sc->width, sc->depth, sc->width / 5, sc->depth / 5);
    sq_prompt(g, s, b, sizeof b);
    fprintf(o, "<title>Siege of a fortress of %d front(s): %s</title>\n", sc->fronts, b);
    fprintf(o, "<style>\n"
               ".ground{fill:#e8e2c8}.glacis{fill:#d6e0b0;stroke:#9a9a60;stroke-width:4}\n"
               ".ditch{fill:#9cc0d8}.cw{fill:#c9b98c;stroke:#6b5a30;stroke-width:4}\n"
               ".cw.taken{fill:#e0a090}.work{fill:#b0a890;stroke:#403020;stroke-width:8}\n"
               ".work.breached{fill:#d89070}.work.taken{fill:#e0a090}\n"
               ".town{fill:#c8b0a0;stroke:#806050;stroke-width:4}\n"
               ".trench{stroke:#7a5a30;stroke-width:60;stroke-linecap:round;fill:none}\n"
               ".trench.sap{stroke:#8a6a40;stroke-width:40}.trench.battery{stroke:#503010}\n"
               ".trench.planned{stroke-dasharray:60,40;opacity:0.6}\n"
               ".gallery{stroke:#d2691e;stroke-width:24;stroke-dasharray:40,30}\n"
               ".unit.besieger{fill:#c03030}.unit.defender{fill:#3050c0}\n"
               ".unit{stroke:#000;stroke-width:6}.unit.shaken{stroke:#f0c000;stroke-width:16}\n"
               ".arc{fill:none;stroke-opacity:0.35;stroke-width:4;stroke-dasharray:30,30}\n"
               ".arc.besieger{stroke:#c03030}.arc.defender{"
               "stroke:#3050c0}\n"
               "text{font-family:sans-serif;font-size:60px}text.lbl{font-size:40px}\n"
               "</style>\n");
    fprintf(o, "<rect class=\"ground\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\"/>\n", sc->width,
            sc->depth);
    /* glacis: between the glacis foot and the crest; ditch inside the counterscarp */
    fprintf(o, "<polygon class=\"glacis\" points=\"");
    poly(o, sc->foot, sc->nfoot);
    for (int i = sc->ncrest - 1; i >= 0; i--)
        fprintf(o, " %d,%d", sc->crest[i].x, sc->crest[i].y);
    fprintf(o, "\"><title>glacis</title></polygon>\n");
    fprintf(o, "<polygon class=\"ditch\" points=\"");
    poly(o, sc->counter, sc->ncounter);
    fprintf(o, " %d,%d %d,%d\"><title>ditch</title></polygon>\n", sc->counter[sc->ncounter - 1].x,
            400, sc->counter[0].x, 400);
    /* the enceinte: bastions and curtains, the ground behind them */
    fprintf(o, "<polygon class=\"ground\" points=\"");
    int first = 1, lastx = 0;
    for (int w = 0; w < sc->nworks; w++) {
        const sq_work *k = &sc->works[w];
        if (k->kind != WK_BASTION || k->npts < 5)
            continue;
        if (first)
            fprintf(o, "%d,400", k->pts[0].x);
        first = 0;
        for (int i = 0; i < 5; i++)
            fprintf(o, " %d,%d", k->pts[i].x, k->pts[i].y);
        lastx = k->pts[4].x;
    }
    fprintf(o, " %d,400\"><title>rampart</title></polygon>\n", lastx);
    fprintf(o,
            "<rect class=\"town\" data-ref=\"Town\" x=\"%d\" y=\"40\" width=\"%d\" "
            "height=\"340\"><title>Town</title></rect>\n",
            sc->counter[0].x, sc->counter[sc->ncounter - 1].x - sc->counter[0].x);
    for (int w = 0; w < sc->nworks; w++) {
        const sq_work *k = &sc->works[w];
        const char *cls = k->kind == WK_COVERED ? "cw" : "work";
        fprintf(o, "<polygon class=\"%s%s%s\" data-ref=\"%s\" points=\"", cls,
                s->taken[w] ? " taken" : "",
                k->kind != WK_COVERED && s->wstr[w] == 0 ? " breached" : "", k->name);
        poly(o, k->pts, k->npts);
        if (k->kind == WK_COVERED)
            fprintf(o, "\"><title>%s (covered way)%s</title></polygon>\n", k->name,
                    s->taken[w] ? ", taken" : "");
        else
            fprintf(o, "\"><title>%s (%s), strength %d of %d%s</title></polygon>\n", k->name,
                    sq_wkind_names[k->kind], s->wstr[w], d->work_strength,
                    s->taken[w] ? ", taken" : "");
        if (k->kind != WK_COVERED)
            fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s %d</text>\n", k->mid.x,
                    k->mid.y, k->name, s->wstr[w]);
    }
    fprintf(o,
            "<ellipse class=\"town\" data-ref=\"Camp\" cx=\"%d\" cy=\"%d\" rx=\"%d\" "
            "ry=\"200\"><title>Camp</title></ellipse>\n",
            sc->camp.x, sc->camp.y, sc->width / 3);
    for (int i = 0; i < s->nsect; i++) {
        const sq_sect *t = &s->s[i];
        if (t->state == SS_NONE)
            continue;
        sq_sect_name(s, i, nm, sizeof nm);
        fprintf(o,
                "<line class=\"trench %s%s\" data-ref=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
                "y2=\"%d\"><title>%s (%s%s)</title></line>\n",
                sq_skind_names[t->kind], t->state == SS_PLANNED ? " planned" : "", nm, t->ax, t->ay,
                t->bx, t->by, nm, sq_skind_names[t->kind],
                t->state == SS_PLANNED ? ", being dug" : "");
    }
    /* units: several at one place are spread sideways */
    for (int u = 0; u < sc->nunits; u++) {
        const sq_unit *x = &s->u[u];
        int ty = sc->units[u].type;
        if (x->lkind == LK_OFF || x->att >= 0)
            continue;
        int k = 0;
        for (int v = 0; v < u; v++)
            k += s->u[v].lkind == x->lkind && s->u[v].loc == x->loc && s->u[v].att < 0 &&
                 s->u[v].lkind != LK_OFF;
        sq_pt p = {x->x, x->y};
        if (x->lkind == LK_CAMP || x->lkind == LK_TOWN)
            p.x += (k % 16 - 8) * 130, p.y += (k / 16) * 200 - 100;
        else
            p.x += k * 130;
        if (x->lkind == LK_WORK)
            p.y += 100; /* below the work's own name and strength */
        const char *side = sc->units[u].side == SQ_BESIEGER ? "besieger" : "defender";
        int32_t f[2];
        int nf =
            (ty == UT_HEAVY || ty == UT_MEDIUM || ty == UT_MORTAR) ? sq_facings(g, s, u, f) : 0;
        int range = d->weapon_nb[ty] ? d->weapon_band[ty][d->weapon_nb[ty] - 1][0] : 0;
        for (int i = 0; i < nf && (x->lkind == LK_SECT || x->lkind == LK_WORK); i++)
            wedge(o, p, f[i], d->arc_half, range, side);
        fprintf(o, "<g data-ref=\"%s\" class=\"%s\"><title>%s (%s %s)", sc->units[u].name, side,
                sc->units[u].name, side, sq_utype_names[ty]);
        if (x->str)
            fprintf(o, ", strength %d", x->str);
        for (int v = 0; v < sc->nunits; v++)
            if (s->u[v].att == u)
                fprintf(o, ", with %s", sc->units[v].name);
        if (x->aim > 0 && x->aim <= sc->nworks)
            fprintf(o, ", %s %s %d of %d days",
                    sc->units[u].side == SQ_BESIEGER ? "mine under" : "counter-sap from",
                    sc->works[x->aim - 1].name, x->dig,
                    sc->units[u].side == SQ_BESIEGER ? d->mine_days : d->counter_days);
        fprintf(o, "%s</title>\n", x->flags & UF_SHAKEN ? ", shaken" : "");
        if (x->aim > 0 && x->aim <= sc->nworks && sc->units[u].side == SQ_BESIEGER)
            fprintf(o, "<line class=\"gallery\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", p.x,
                    p.y, sc->works[x->aim - 1].mid.x, sc->works[x->aim - 1].mid.y);
        if (ty == UT_FOOT)
            fprintf(o,
                    "<rect class=\"unit %s%s\" x=\"%d\" y=\"%d\" width=\"100\" "
                    "height=\"50\"/>\n",
                    side, x->flags & UF_SHAKEN ? " shaken" : "", p.x - 50, p.y - 25);
        else if (ty == UT_CINC || ty == UT_ENGINEER)
            fprintf(o, "<polygon class=\"unit %s\" points=\"%d,%d %d,%d %d,%d\"/>\n", side, p.x,
                    p.y - 40, p.x + 35, p.y + 30, p.x - 35, p.y + 30);
        else
            fprintf(o, "<circle class=\"unit %s%s\" cx=\"%d\" cy=\"%d\" r=\"35\"/>\n", side,
                    x->flags & UF_SHAKEN ? " shaken" : "", p.x, p.y);
        /* names alternately above and below: neighbours' names never overlap */
        fprintf(o, "<text x=\"%d\" y=\"%d\" class=\"lbl\" text-anchor=\"middle\">%s</text></g>\n",
                p.x, k % 2 ? p.y + 85 : p.y - 45, sc->units[u].name);
    }
    fprintf(o, "<text x=\"40\" y=\"%d\">Day %d of %d. 1 in = 20 yd; grid 6 in</text>\n",
            sc->depth - 40, s->day, d->days_limit);
    for (int x = 0; x <= sc->width; x += 600)
        fprintf(o,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\" "
                "stroke-width=\"4\"/>\n",
                x, sc->depth - 120, x, sc->depth - 90);
    fprintf(o, "</svg>\n");
    return ferror(o) ? VB_EIO : 0;
}
