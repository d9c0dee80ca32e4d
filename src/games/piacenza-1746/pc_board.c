/*
 * pc_board.c - Piacenza 1746 boards: the terminal board (ASCII hexes in a
 * window of 80 columns, unit letters and a legend) and the SVG board (the
 * map with its terrain, streams, roads and walls, every counter with its
 * facing, formation and strength; data-ref on every named element).
 */
#include <stdlib.h>

#include "pc_int.h"

#define PC_WIN_W 18 /* columns of the terminal board: 3 + 18 * 4 = 75 characters */
#define PC_WIN_H 20

/* The window of the board shown: the whole sheet when it fits in 80
 * columns, else PC_WIN_W x PC_WIN_H hexes around what is happening: the
 * moving unit or leader, else the active wing's units. */
static void board_window(const pc_data *d, const pc_state *s, int *c0, int *r0, int *nc, int *nr)
{
    int fc = d->w / 2, fr = d->h / 2, h = -1;
    *nc = d->w < PC_WIN_W ? d->w : PC_WIN_W;
    *nr = d->w <= PC_WIN_W ? d->h : d->h < PC_WIN_H ? d->h : PC_WIN_H;
    if ((s->phase == PH_STEP || s->phase == PH_FACE) && s->mv_u >= 0 && s->mv_u < d->nu)
        h = s->uhex[s->mv_u];
    else if ((s->phase == PH_LSTEP || s->phase == PH_WCMOVE) && s->mv_u >= 0 && s->mv_u < d->nl)
        h = s->lhex[s->mv_u];
    else if (s->phase == PH_BMOVE && s->mv_u >= 0 && s->mv_u < d->nw)
        h = s->bhex[s->mv_u];
    else if (s->phase == PH_DRAGOON && s->drg_next >= 0 && s->drg_next < d->ndrg)
        h = d->u[d->drg_u[s->drg_next][0]].hex; /* 10.5: the regiment to deploy */
    if (h >= 0) {
        fc = h / d->h;
        fr = h % d->h;
    } else if (s->phase != PH_OBJ && s->phase != PH_REVEAL && s->phase != PH_OVER) {
        int n = 0, sc = 0, sr = 0;
        for (int u = 0; u < d->nu; u++)
            if (s->uhex[u] >= 0 && d->u[u].wing == s->wing) {
                sc += s->uhex[u] / d->h;
                sr += s->uhex[u] % d->h;
                n++;
            }
        if (n) {
            fc = sc / n;
            fr = sr / n;
        }
    }
    *c0 = fc - *nc / 2;
    *r0 = fr - *nr / 2;
    *c0 = *c0 < 0 ? 0 : *c0 + *nc > d->w ? d->w - *nc : *c0;
    *r0 = *r0 < 0 ? 0 : *r0 + *nr > d->h ? d->h - *nr : *r0;
    *c0 &= ~1; /* keep the column parity of the hex rows */
}

static int in_window(const pc_data *d, int hex, int c0, int r0, int nc, int nr)
{
    int c = hex / d->h, r = hex % d->h;
    return hex >= 0 && c >= c0 && c < c0 + nc && r >= r0 && r < r0 + nr;
}

/* A unit's letter on the board: upper case Franco-Spanish, lower case
 * Austrian, in order of the order of battle among the units shown ('#'
 * past the alphabet). */
static char unit_letter(const pc_data *d, const pc_state *s, int u, int c0, int r0, int nc, int nr,
                        int all)
{
    int k = 0;
    for (int v = 0; v < u; v++)
        k += d->u[v].side == d->u[u].side && (all || in_window(d, s->uhex[v], c0, r0, nc, nr));
    return k >= 26 ? '#' : (char)((d->u[u].side == PC_FS ? 'A' : 'a') + k);
}

void pc_render(const vb_game *g, const void *st, int role, FILE *out)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    static const char tch[] = ".dwfervC~= "; /* ... Po, Trebbia, off the playable area */
    char hn[8], pr[VB_TEXT_LEN];
    int c0, r0, nc, nr, all, hidden = 0;
    (void)role;
    board_window(d, s, &c0, &r0, &nc, &nr);
    all = nc == d->w && nr == d->h;
    pc_prompt(g, st, pr, sizeof pr);
    fprintf(out, "Piacenza 1746 - %s - turn %d (%s) - wing %s\n", d->scen_name, s->turn,
            d->turn_name[s->turn - 1], d->wg[s->wing].name);
    fprintf(out, "%.79s\n", pr);
    if (!all)
        fprintf(out, "columns %02d-%02d, rows %02d-%02d of the %dx%d map\n", c0 + 1, c0 + nc,
                r0 + 1, r0 + nr, d->w, d->h);
    fputs("   ", out);
    for (int c = c0; c < c0 + nc; c++)
        fprintf(out, " %02d ", c + 1);
    fputc('\n', out);
    for (int line = 2 * r0; line < 2 * (r0 + nr); line++) {
        int row = line / 2;
        fprintf(out, line % 2 == 0 ? "%02d " : "   ", row + 1);
        for (int c = c0; c < c0 + nc; c++) {
            if ((c % 2) != (line % 2)) {
                fputs("    ", out);
                continue;
            }
            int hx = c * d->h + row, t = d->hterr[hx];
            char a = t < 11 ? tch[t] : '?', b = ' ', e = ' ';
            if (a == '~' || a == '=' || a == ' ') {
                fputs(a == '~' ? "~~~~" : a == '=' ? "====" : "    ", out);
                continue;
            }
            for (int u = 0; u < d->nu; u++)
                if (s->uhex[u] == hx) {
                    if (b == ' ')
                        b = unit_letter(d, s, u, c0, r0, nc, nr, all);
                    else
                        e = '+';
                }
            for (int l = 0; l < d->nl; l++)
                if (s->lhex[l] == hx && e == ' ')
                    e = '*';
            for (int w = 0; w < d->nw; w++)
                if (s->bhex[w] == hx && e == ' ')
                    e = '!';
            for (int k = 0; k < s->nsmoke; k++)
                if (s->smoke[k] == hx && e == ' ')
                    e = '^';
            if (b == ' ')
                b = a;
            if (e == ' ')
                e = a;
            fprintf(out, "[%c%c]", b, e);
        }
        fputc('\n', out);
    }
    fputs("terrain . clear d ditch w woods f farmhouse e entrenchment r redoubt v village\n"
          "        C city ~ Po = Trebbia; + second unit, * leader, ! flag, ^ smoke\n"
          "units   I infantry C cavalry A artillery; y dragoons, strength in yellow (10.5)\n",
          out);
    int col = 0, setup = s->phase == PH_PLACE || s->phase == PH_PLACEAT;
    for (int u = 0; u < d->nu; u++) {
        const char *st3 = s->ustat[u] == ST_DIS ? " DIS" : s->ustat[u] == ST_ROUT ? " ROUT" : "";
        if (s->uhex[u] == PC_OFF) /* 10.5: the regiment's other mode */
            continue;
        if (!all && !in_window(d, s->uhex[u], c0, r0, nc, nr)) {
            hidden++;
            continue;
        }
        if (s->uhex[u] < 0) /* the set-up: not yet placed */
            snprintf(hn, sizeof hn, "%s", setup ? "off" : "elim");
        else
            pc_hex_name(d, s->uhex[u], hn, sizeof hn);
        fprintf(out, "%c %-20.20s %c%s%d %-4s%s%s%s%s", unit_letter(d, s, u, c0, r0, nc, nr, all),
                d->u[u].name, "ICA"[d->u[u].type], d -> u[u].drg >= 0 ? "y" : "",
                (s->ustep[u] == 2 || d->u[u].red == 0) ? d->u[u].sp : d->u[u].red, hn, st3,
                (s->uflag[u] & UF_FDB) ? " FdB" : "", d->u[u].type == UT_ART ? " face " : "",
                d->u[u].type == UT_ART ? pc_face_names[s->uface[u] % 6] : "");
        fputc(col++ % 2 ? '\n' : ' ', out);
    }
    fputc('\n', out);
    if (hidden)
        fprintf(out, "(%d more units outside the window: 'show --svg' draws the whole map)\n",
                hidden);
    col = 0;
    for (int l = 0; l < d->nl; l++) {
        if (!all && !in_window(d, s->lhex[l], c0, r0, nc, nr))
            continue;
        pc_hex_name(d, s->lhex[l], hn, sizeof hn);
        fprintf(out, "* %-12.12s %-4s %-6s", d->l[l].name, s->lhex[l] < 0 ? "--" : hn,
                s->lhex[l] < 0 ? (setup ? "off" : "taken")
                : s->lstaff[l] ? "staff"
                               : "");
        fputc(col++ % 3 == 2 ? '\n' : ' ', out);
    }
    fputc('\n', out);
    for (int w = 0; w < d->nw; w++) { /* 4.6.1 */
        if (s->bhex[w] >= 0 && (all || in_window(d, s->bhex[w], c0, r0, nc, nr))) {
            pc_hex_name(d, s->bhex[w], hn, sizeof hn);
            fprintf(out, "! %-20.20s %-4s Standard Bearer, SF %d\n", d->wg[w].bearer, hn,
                    d->wg[w].bsf);
        } else if ((s->bcapt >> w) & 1) {
            fprintf(out, "! %-20.20s --   captured\n", d->wg[w].bearer);
        }
    }
}

/* ---- SVG board ----------------------------------------------------------------------*/

#define HS 30.0 /* hex size: centre to corner, in px */

static void centre(const pc_data *d, int hex, double *x, double *y)
{
    int c = hex / d->h, r = hex % d->h;
    *x = 40 + HS + c * 1.5 * HS;
    *y = 30 + HS * 0.866 * (1 + 2 * r + (c & 1));
}

int pc_svg(const vb_game *g, const void *st, int role, FILE *out)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    static const char *const fill[] = {"#e8e4b8", "#c9b98a", "#5f8f4e", "#d9a066",
                                       "#b08850", "#8c6d46", "#c0504d", "#9a9a9a",
                                       "#6fa8dc", "#6fa8dc", "#ffffff"};
    static const double cx6[6] = {1, 0.5, -0.5, -1, -0.5, 0.5};
    static const double cy6[6] = {0, 0.866, 0.866, 0, -0.866, -0.866};
    /* direction d (N, NE, SE, S, SW, NW) as a vector */
    static const double dx6[6] = {0, 0.866, 0.866, 0, -0.866, -0.866};
    static const double dy6[6] = {-1, -0.5, 0.5, 1, 0.5, -0.5};
    char hn[8];
    double W = 80 + HS * (1.5 * d->w + 0.5), H = 60 + HS * 0.866 * (2 * d->h + 1) + 40;
    (void)role;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n<title>Piacenza 1746 - %s - turn %d (%s)</title>\n"
            "<style>.fs rect{fill:#f4f4ff;stroke:#1f3a93}.au rect{fill:#fffbe6;stroke:#222}"
            " text{font-family:sans-serif;font-size:9px}.road{stroke:#7a5230;stroke-width:3}"
            ".stream{stroke:#1f6fd0;stroke-width:4}.wall{stroke:#f08000;stroke-width:5}"
            ".dis rect{stroke:#d00;stroke-dasharray:3 2}.rout rect{fill:#fbb}</style>\n",
            W, H, W, H, d->scen_name, s->turn, d->turn_name[s->turn - 1]);
    fprintf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", W, H);
    for (int hx = 0; hx < d->nhex; hx++) {
        double x, y;
        centre(d, hx, &x, &y);
        pc_hex_name(d, hx, hn, sizeof hn);
        int t = d->hterr[hx];
        if (!strcmp(d->terr[t].name, "off"))
            continue; /* outside the scenario's playable area: not drawn */
        fprintf(out, "<g class=\"hex %s\" data-ref=\"%s\"><title>%s %s</title><polygon points=\"",
                d->terr[t].name, hn, hn, d->terr[t].name);
        for (int k = 0; k < 6; k++)
            fprintf(out, "%.1f,%.1f ", x + HS * cx6[k], y + HS * cy6[k]);
        fprintf(out, "\" fill=\"%s\" stroke=\"#777\" stroke-width=\"0.5\"/>", fill[t % 11]);
        fprintf(out,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#555\" "
                "font-size=\"7\">%s</text></g>\n",
                x, y - HS * 0.62, hn);
    }
    /* hexsides: roads (centre to centre), streams and walls (edges) */
    for (int hx = 0; hx < d->nhex; hx++) {
        double x, y, x2, y2;
        centre(d, hx, &x, &y);
        for (int k = 0; k < 3; k++) { /* N, NE, SE once each */
            int nb = pc_nb(d, hx, k);
            if (nb < 0)
                continue;
            centre(d, nb, &x2, &y2);
            if (d->road[hx] & (1u << k))
                fprintf(out,
                        "<line class=\"road\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                        x, y, x2, y2);
        }
        for (int k = 0; k < 6; k++) {
            int nb = pc_nb(d, hx, k);
            if (nb < 0 || nb < hx)
                continue;
            const char *cls = (d->wall[hx] & (1u << k))     ? "wall"
                              : (d->stream[hx] & (1u << k)) ? "stream"
                                                            : NULL;
            if (!cls)
                continue;
            /* edge between the corners on either side of direction k */
            double ex = x + HS * 0.866 * dx6[k], ey = y + HS * 0.866 * dy6[k];
            double px = -dy6[k] * HS * 0.5, py = dx6[k] * HS * 0.5;
            fprintf(out, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                    cls, ex - px, ey - py, ex + px, ey + py);
        }
    }
    for (int p = 0; p < d->nplace; p++) {
        double x, y;
        centre(d, d->place[p].hex, &x, &y);
        fprintf(out,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                "font-style=\"italic\"%s>%s%s</text>\n",
                x, y + HS * 0.8, d->place[p].objective ? " font-weight=\"bold\"" : "",
                d->place[p].objective ? "&#9733; " : "", d->place[p].name);
    }
    for (int u = 0; u < d->nu; u++) {
        if (s->uhex[u] < 0)
            continue;
        double x, y;
        centre(d, s->uhex[u], &x, &y);
        int k = 0;
        for (int v = 0; v < u; v++)
            k += s->uhex[v] == s->uhex[u];
        x += k * 6;
        y += k * 6;
        int sp = (s->ustep[u] == 2 || d->u[u].red == 0) ? d->u[u].sp : d->u[u].red;
        pc_hex_name(d, s->uhex[u], hn, sizeof hn);
        fprintf(
            out,
            "<g class=\"unit %s%s\" data-ref=\"%s\"><title>%s (%s, %d SP, %d MP) in %s%s%s</title>"
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"32\" height=\"24\" rx=\"2\" "
            "stroke-width=\"1.5\"/>",
            d->u[u].side == PC_FS ? "fs" : "au",
            s->ustat[u] == ST_DIS    ? " dis"
            : s->ustat[u] == ST_ROUT ? " rout"
                                     : "",
            d->u[u].token, d->u[u].name,
            d->u[u].type == UT_INF   ? "infantry"
            : d->u[u].type == UT_CAV ? "cavalry"
                                     : "artillery",
            sp, d->u[u].mp, hn,
            s->ustat[u] == ST_DIS    ? ", disordered"
            : s->ustat[u] == ST_ROUT ? ", routed"
                                     : "",
            (s->uflag[u] & UF_FDB) ? ", Feu de Billebaude" : "", x - 16, y - 12);
        fprintf(out,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"7\">%.6s</text>", x,
                y - 3, d->u[u].token);
        /* 10.5: "marked with Strength values in yellow" */
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\"%s>%c%s %d</text>", x,
                y + 8, d->u[u].drg >= 0 ? " class=\"dragoon\" fill=\"#ffd700\"" : "",
                "ICA"[d->u[u].type],
                d -> u[u].light     ? "L"
                     : d->u[u].gren ? "G"
                                    : "",
                sp);
        if (d->u[u].type == UT_ART) {
            int f = s->uface[u] % 6;
            /* the vertex between directions f and f+1 */
            double vx = (dx6[f] + dx6[(f + 1) % 6]), vy = (dy6[f] + dy6[(f + 1) % 6]);
            fprintf(out,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" "
                    "stroke-width=\"2\"/>",
                    x, y, x + vx * 14, y + vy * 14);
        }
        fputs("</g>\n", out);
    }
    for (int l = 0; l < d->nl; l++) {
        if (s->lhex[l] < 0)
            continue;
        double x, y;
        centre(d, s->lhex[l], &x, &y);
        pc_hex_name(d, s->lhex[l], hn, sizeof hn);
        fprintf(out,
                "<g class=\"leader %s\" data-ref=\"%s\"><title>%s%s (SF %d, fire +%d) in %s</title>"
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\" stroke=\"#000\"/></g>\n",
                d->l[l].side == PC_FS ? "fs" : "au", d->l[l].token, d->l[l].name,
                s->lstaff[l] ? " (staff)" : "", d->l[l].sf, d->l[l].fb, hn, x + 14, y - 12,
                d->l[l].side == PC_FS ? "#1f3a93" : "#f0c000");
    }
    for (int w = 0; w < d->nw; w++) { /* 4.6.1: a pennant on a staff */
        if (s->bhex[w] < 0)
            continue;
        double x, y;
        char tok[PC_NAME];
        centre(d, s->bhex[w], &x, &y);
        pc_hex_name(d, s->bhex[w], hn, sizeof hn);
        vb_name_token(tok, sizeof tok, d->wg[w].bearer);
        fprintf(out,
                "<g class=\"bearer %s\" data-ref=\"%s\"><title>%s, Standard Bearer (SF %d) in "
                "%s</title><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#000\" stroke-width=\"1.5\"/><path d=\"M%.1f %.1fl10 4l-10 4z\" "
                "fill=\"%s\" stroke=\"#000\"/></g>\n",
                d->wg[w].side == PC_FS ? "fs" : "au", tok, d->wg[w].bearer, d->wg[w].bsf, hn,
                x - 16, y - 4, x - 16, y - 20, x - 16, y - 20,
                d->wg[w].side == PC_FS ? "#1f3a93" : "#f0c000");
    }
    for (int k = 0; k < s->nsmoke; k++) {
        double x, y;
        centre(d, s->smoke[k], &x, &y);
        fprintf(out,
                "<circle class=\"smoke\" cx=\"%.1f\" cy=\"%.1f\" r=\"9\" fill=\"#aaa\" "
                "opacity=\"0.6\"><title>Smoke</title></circle>\n",
                x - 14, y + 12);
    }
    fprintf(out,
            "<text x=\"10\" y=\"%.0f\" font-size=\"11\">West: Franco-Spanish edge; east: "
            "Austrian edge. Blue: streams; orange: walls; brown: roads.</text>\n</svg>\n",
            H - 12);
    return ferror(out) ? VB_EIO : 0;
}

/* ---- the points (13.1), itemised ------------------------------------------*/

static const char *const side_title[2] = {"Franco-Spanish", "Austrian"};
static const char *const side_plural[2] = {"Franco-Spanish", "Austrians"};

/* One side's victory points of 13.1, each term as pc_vp counts it: what
 * the enemy has lost. Everything here is public (no objective is named). */
static void vp_terms(const pc_data *d, const pc_state *s, int side, FILE *out)
{
    int en = 1 - side, elim = 0, routed = 0;
    fprintf(out, "%s victory points (13.1):\n", side_title[side]);
    for (int u = 0; u < d->nu; u++) {
        if (d->u[u].side != en)
            continue;
        if (s->uhex[u] == -1) /* not PC_OFF: a dragoon counter of the other mode */
            elim++;
        else if (s->ustat[u] == ST_ROUT)
            routed++;
    }
    if (elim)
        vb_put_term(out, elim * d->vp_elim, "%d %s unit%s eliminated, %d each", elim,
                    side_title[en], elim == 1 ? "" : "s", d->vp_elim);
    if (routed)
        vb_put_term(out, routed * d->vp_routed, "%d %s unit%s routed on the map, %d each", routed,
                    side_title[en], routed == 1 ? "" : "s", d->vp_routed);
    for (int w = 0; w < d->nw; w++)
        if (((s->bcapt >> w) & 1) && d->wg[w].side == en)
            vb_put_term(out, d->vp_flag, "the flag of %s taken (4.6.1)", d->wg[w].title);
    if (s->captured[side])
        vb_put_term(out, s->captured[side],
                    "enemy staffs taken (4.6: %d a Formation's, %d a Wing's)", d->vp_fc, d->vp_wc);
    fprintf(out, "     = %d for the %s\n", pc_vp(d, s, side), side_plural[side]);
}

void pc_points(const vb_game *g, const void *st, FILE *out)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    if (!d->nobj) {
        fprintf(out, "No victory points in this scenario (only the battle counts them, 13.1):\n");
        if (d->vic_last) {
            fprintf(out, "  the side occupying %s at its end, or the last to occupy it, wins.\n",
                    pc_place_at(d, d->vic[0]));
            return;
        }
        fprintf(out, "  the Franco-Spanish win if a unit of theirs occupies");
        for (int i = 0; i < d->nvic; i++)
            fprintf(out, "%s %s",
                    i == 0            ? ""
                    : i + 1 < d->nvic ? ","
                                      : " or",
                    pc_place_at(d, d->vic[i]));
        fprintf(out, "\n  at its end; otherwise the Austrians.\n");
        return;
    }
    if (s->phase != PH_OVER)
        fprintf(out,
                "The points as they stand now (turn %d of %d): they decide a conditional\n"
                "draw (13.1), two objectives held at the end; 1 held or fewer loses, 3 or\n"
                "more wins, whatever the points.\n",
                s->turn, d->nturns);
    else if (s->auto_win || pc_obj_held(d, s, s->obj) != 2)
        fprintf(out, "The objectives decided this game (13.0, 13.2); the points below would\n"
                     "have decided a conditional draw (13.1).\n");
    vp_terms(d, s, PC_FS, out);
    vp_terms(d, s, PC_AU, out);
}

/* ---- One hex, for `hex CCRR` at the terminal --------------------------------------*/

static const char *const type_names[3] = {"infantry", "cavalry", "artillery"};
static const char *const kind_names[3] = {"Formation Commander", "Wing Commander",
                                          "Commander-in-Chief"};

/* The hex named: "CCRR" or a place's name; -1 none. */
static int area_hex(const pc_data *d, const char *name)
{
    int hx = pc_hex_parse(d, name);
    if (hx >= 0)
        return hx;
    for (int i = 0; i < d->nplace; i++)
        if (vb_name_eq(d->place[i].name, name))
            return d->place[i].hex;
    return -1;
}

/* What the terrain does (the TEC, tec.json): costs and modifiers. */
static void area_terrain(const pc_data *d, int hx, FILE *out)
{
    const pc_terrain *t = &d->terr[d->hterr[hx]];
    vb_para p;
    vb_para_start(&p, out, "  terrain:", 4);
    if (t->impassable) {
        vb_para_item(&p, "impassable");
    } else {
        vb_para_itemf(&p, "%d/%d/%d MP (infantry/cavalry/artillery),", t->mp[0], t->mp[1],
                      t->mp[2]);
        vb_para_itemf(&p, "fire %+d, melee %+d, cover %d%s", t->fire, t->melee, t->cover,
                      t->blocks || !t->zoc ? ";" : "");
    }
    if (t->blocks)
        vb_para_itemf(&p, "blocks line of sight%s", t->zoc ? "" : ";");
    if (!t->zoc && !t->impassable && pc_is_entrench(d, hx))
        vb_para_item(&p, "a unit here exerts a ZOC only into an Entrenchment or Redoubt (7.0)");
    else if (!t->zoc && !t->impassable)
        vb_para_item(&p, "a unit here exerts no ZOC (7.0)");
    vb_para_end(&p);
}

/* Roads, streams and walls on the hex's sides, each with the hex beyond. */
static void area_sides(const pc_data *d, int hx, FILE *out)
{
    static const char *const what[3] = {"road", "stream", "wall"};
    const uint8_t bits[3] = {d->road[hx], d->stream[hx], d->wall[hx]};
    char hn[8];
    vb_para p;
    int n = 0, any = 0;
    for (int k = 0; k < 3; k++)
        for (uint8_t b = bits[k]; b; b &= (uint8_t)(b - 1))
            n++;
    vb_para_start(&p, out, "  sides:", 4);
    for (int k = 0; k < 3; k++)
        for (int dir = 0; dir < 6; dir++) {
            if (!((bits[k] >> dir) & 1))
                continue;
            int nb = pc_nb(d, hx, dir);
            if (nb >= 0)
                pc_hex_name(d, nb, hn, sizeof hn);
            vb_para_itemf(&p, "%s %s (%s)%s", what[k], pc_dir_names[dir], nb >= 0 ? hn : "off",
                          ++any < n ? "," : "");
        }
    if (!any)
        vb_para_item(&p, "no road, stream or wall");
    vb_para_end(&p);
}

/* One unit standing in the hex, as its side's counter reads. */
static void area_unit(const pc_data *d, const pc_state *s, int u, FILE *out)
{
    const pc_unit_def *ud = &d->u[u];
    char head[PC_NAME + 24], it[6][PC_NAME + 24], hn[8];
    int n = 0, full = s->ustep[u] == 2 || ud->red == 0;
    vb_para p;
    snprintf(it[n++], sizeof it[0], "%s%s", type_names[ud->type],
             ud->drg >= 0 ? " (dragoons)" : "");
    snprintf(it[n++], sizeof it[0], "%d SP%s", full ? ud->sp : ud->red, full ? "" : " (reduced)");
    snprintf(it[n++], sizeof it[0], "%s",
             s->ustat[u] == ST_DIS    ? "disordered"
             : s->ustat[u] == ST_ROUT ? "routed"
                                      : "good order");
    if (s->uflag[u] & UF_FDB)
        snprintf(it[n++], sizeof it[0], "Feu de Billebaude");
    if (ud->type == UT_ART)
        snprintf(it[n++], sizeof it[0], "facing %s", pc_face_names[s->uface[u] % 6]);
    if (!d->all_in_command)
        snprintf(it[n++], sizeof it[0], "%s",
                 pc_in_command(d, s, u) ? "in command" : "out of command");
    snprintf(head, sizeof head, "  %s %s:", side_title[ud->side], ud->name);
    vb_para_start(&p, out, head, 4);
    for (int k = 0; k < n; k++)
        vb_para_itemf(&p, "%s%s", it[k], k + 1 < n ? "," : "");
    if (ud->form >= 0 && ud->form < d->nf)
        vb_para_itemf(&p, "(formation %s)", d->f[ud->form].name);
    else if (ud->wing >= 0 && ud->wing < d->nw)
        vb_para_itemf(&p, "(guns of the %s)", d->wg[ud->wing].title);
    if (s->umelee[u] != -1) {
        int mh = s->umelee[u] >= 0 ? s->umelee[u] : -2 - s->umelee[u];
        pc_hex_name(d, mh, hn, sizeof hn);
        vb_para_itemf(&p, "- %s marker on %s%s", s->ucharge[u] ? "Charge" : "Melee", hn,
                      s->umelee[u] >= 0 ? "" : " (spent)");
    }
    vb_para_end(&p);
}

/* Who exerts a ZOC into the hex (7.0), each side's units with their hexes. */
static void area_zoc(const pc_data *d, const pc_state *s, int hx, FILE *out)
{
    char hn[8];
    vb_para p;
    int n = 0;
    int z[PC_MAXU];
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] >= 0 && s->uhex[u] != hx && pc_exerts_zoc(d, s, u, hx))
            z[n++] = u;
    vb_para_start(&p, out, "  in the ZOC of:", 4);
    for (int k = 0; k < n; k++) {
        pc_hex_name(d, s->uhex[z[k]], hn, sizeof hn);
        vb_para_itemf(&p, "%s %s (%s)%s", side_title[d->u[z[k]].side], d->u[z[k]].name, hn,
                      k + 1 < n ? "," : "");
    }
    if (!n)
        vb_para_item(&p, "no unit");
    vb_para_end(&p);
}

/* One hex as role sees it (st is its view): terrain and place, sides, the
 * units, Commanders, Standard Bearers and smoke in it, whose ZOC it lies
 * in, and the deciding role's orders naming it. Only the Franco-Spanish
 * (and role -1) see a noted objective not yet revealed: the view keeps it
 * from the Austrians (pc_redact). name NULL: the named places. */
int pc_hex_area(const vb_game *g, const void *st, int role, const char *name, FILE *out, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    char hn[8];
    if (!name) {
        for (int i = 0; i < d->nplace; i++)
            if (d->place[i].hex >= 0 && d->hterr[d->place[i].hex] < d->nterr &&
                !d->terr[d->hterr[d->place[i].hex]].impassable)
                fprintf(out, "%s\n", d->place[i].name);
        return 0;
    }
    int hx = area_hex(d, name);
    if (hx < 0)
        return vb_fail(cx, VB_EINPUT,
                       "unknown hex '%.60s' (CCRR from 0101 to %02d%02d, or a place: 'hex' alone "
                       "lists them)",
                       name, d->w, d->h);
    pc_hex_name(d, hx, hn, sizeof hn);
    const char *pl = NULL;
    int objk = -1;
    for (int i = 0; i < d->nplace; i++)
        if (d->place[i].hex == hx)
            pl = d->place[i].name;
    for (int k = 0; k < d->nobjp; k++)
        if (d->place[d->objp[k]].hex == hx)
            objk = k;
    fprintf(out, "Hex %s%s%s: %s\n", hn, pl ? " " : "", pl ? pl : "",
            d->hterr[hx] < d->nterr ? d->terr[d->hterr[hx]].name : "off the map");
    if (objk >= 0)
        fprintf(out, "  one of the eight objectives (13.0)%s\n",
                ((s->obj_shown >> objk) & 1) ? ": revealed, a Franco-Spanish objective"
                : ((s->obj >> objk) & 1)     ? ": noted by the Franco-Spanish (secret)"
                                             : "");
    for (int i = 0; i < d->nvic && !d->nobj; i++)
        if (d->vic[i] == hx)
            fprintf(out, "  a victory hex of this scenario\n");
    area_terrain(d, hx, out);
    area_sides(d, hx, out);
    int n = 0;
    for (int u = 0; u < d->nu; u++)
        if (s->uhex[u] == hx) {
            area_unit(d, s, u, out);
            n++;
        }
    if (!n)
        fprintf(out, "  no unit\n");
    for (int l = 0; l < d->nl; l++)
        if (s->lhex[l] == hx)
            fprintf(out, "  %s %s: %s, SF %d%s\n", side_title[d->l[l].side], d->l[l].name,
                    kind_names[d->l[l].kind % 3], d->l[l].sf, s->lstaff[l] ? ", staff side" : "");
    for (int w = 0; w < d->nw; w++)
        if (s->bhex[w] == hx)
            fprintf(out, "  %s: Standard Bearer of %s (4.6.1)\n", d->wg[w].bearer, d->wg[w].title);
    for (int k = 0; k < s->nsmoke; k++)
        if (s->smoke[k] == hx)
            fprintf(out, "  a Smoke marker (8.2.1)\n");
    area_zoc(d, s, hx, out);
    vb_put_orders(out, g, st, role, hn);
    return 0;
}
