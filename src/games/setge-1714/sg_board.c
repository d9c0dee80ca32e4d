/*
 * sg_board.c - "11 de Setembre. Setge 1714" for a person at a terminal:
 * the board (render), one zone with its neighbours and the orders that
 * concern it (area: `zone NAME` in play) and the victory points of rule 13
 * term by term (points). Every line fits 80 columns (display width: an
 * accented letter is one column).
 */
#include <string.h>

#include "sg_int.h"

static const char *const side_title[2] = {"Two Crowns", "Catalans"};
static const char *const line_names[] = {"", " (blue line)", " (RED line: no passage)",
                                         " (breach)"};

/* ---- pieces ---------------------------------------------------------------- */

static const char *control_of(const sg_sum *m, int z)
{
    return (m->occ[0] & BIT(z)) ? "Two Crowns" : (m->occ[1] & BIT(z)) ? "Catalans" : "-";
}

static const char *obj_text(int obj)
{
    return obj == OBJ_BASTION   ? " [bastion]"
           : obj == OBJ_REDOUBT ? " [redoubt]"
           : obj == OBJ_CONVENT ? " [convent]"
           : obj == OBJ_PALAU   ? " [Pla de Palau]"
                                : "";
}

/* "Ciutat 1 (5)", "Canons del Portal Nou (gun)": one piece on the map. */
static void piece_text(const sg_data *d, const sg_state *s, int u, char *buf, size_t n,
                       const char *end)
{
    const sg_unit *up = &d->u[u];
    if (up->kind == K_COMBAT)
        snprintf(buf, n, "%s (%d%s)%s", up->name, up->strength, s->done[u] ? ", moved" : "", end);
    else if (up->kind == K_BARRICADE)
        snprintf(buf, n, "%s (barricade facing %s)%s", up->name,
                 s->face[u] < d->nz ? d->z[s->face[u]].name : "?", end);
    else
        snprintf(buf, n, "%s (%s)%s", up->name, sg_kind_names[up->kind], end);
}

/* The pieces in zone z, as items. Returns how many. */
static int zone_pieces(const sg_data *d, const sg_state *s, int z, vb_para *p)
{
    char it[4 * SG_NAME];
    int n = 0, last = -1;
    for (int u = 0; u < d->nu; u++)
        if (s->us[u] == US_ON && s->uz[u] == z)
            last = u;
    for (int u = 0; u <= last; u++)
        if (s->us[u] == US_ON && s->uz[u] == z) {
            piece_text(d, s, u, it, sizeof it, u < last ? "," : "");
            vb_para_item(p, it);
            n++;
        }
    return n;
}

/* ---- the board ------------------------------------------------------------- */

static const char *const sector_title[] = {
    "Two Crowns siege lines (outside the wall)", "The wall: bastions and curtains",
    "North: Jonqueres and Sant Pere", "Centre: Sant Daniel, Santa Clara, Sant Agustí",
    "Ribera: Santa Marta, Pla d'en Llull, Born, Pla de Palau"};

void sg_render(const vb_game *g, const void *st, int role, FILE *out)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    sg_sum m;
    vb_para p;
    char it[4 * SG_NAME];
    (void)role;
    sg_summary(d, s, &m);
    fprintf(out, "11 de Setembre. Setge 1714 - turn %d of %d (%s), %s half-turn,\nphase %s\n",
            s->turn, d->last_turn + s->extended, d->time[s->turn], side_title[s->half],
            sg_phase_names[s->phase]);
    vb_para_start(&p, out, "Royal breach:", 4);
    vb_para_itemf(&p, "%s.", s->breach ? "assured" : "mined (rule 7)");
    vb_para_item(&p, "Card:");
    vb_para_words(&p, s->card != SG_NO ? d->c[s->card].title : "none");
    vb_para_itemf(&p, "- Deck: %d cards, drawn at random.", __builtin_popcount(s->deck));
    vb_para_itemf(&p, "VP: Two Crowns %d, Catalans %d.", sg_vp(d, s, SG_BOURBON),
                  sg_vp(d, s, SG_CATALAN));
    vb_para_end(&p);
    for (int sec = 0; sec < 5; sec++) {
        fprintf(out, "\n== %s ==\n", sector_title[sec]);
        for (int z = 0; z < d->nz; z++) {
            const sg_zone *zp = &d->z[z];
            if (zp->sector != sec)
                continue;
            vb_put_padded(out, zp->name, 30); /* columns, not bytes: Plaça */
            fprintf(out, " %-5s def %d%s%s%s  held: %s\n", sg_colour_names[zp->colour], zp->defv,
                    zp->rzone ? " R" : "", zp->deploy ? " deployment" : "", obj_text(zp->obj),
                    control_of(&m, z));
            if (m.pres[0] & BIT(z) || m.pres[1] & BIT(z)) {
                vb_para_start(&p, out, "    ", 6);
                zone_pieces(d, s, z, &p);
                vb_para_end(&p);
            }
            vb_para_start(&p, out, "    sides:", 6);
            for (int k = 0; k < zp->nnb; k++) {
                static const char *const ln[] = {"", " blue", " RED", " breach"};
                snprintf(it, sizeof it, "%s%s%s%s%s%s", d->z[zp->nb[k]].name, ln[zp->line[k]],
                         zp->breach[k] >= 0 ? " " : "",
                         zp->breach[k] >= 0 ? d->breach[zp->breach[k]] : "",
                         zp->prot[k] ? "(protects)" : "", k + 1 < zp->nnb ? ";" : "");
                vb_para_item(&p, it);
            }
            vb_para_end(&p);
        }
    }
    vb_para_start(&p, out, "\nWaiting to arrive:", 4);
    {
        int any = 0;
        for (int u = 0; u < d->nu; u++)
            if (s->us[u] == US_WAIT) {
                vb_para_itemf(&p, "%s (turn %d);", d->u[u].name, s->arrive[u]);
                any = 1;
            }
        if (!any)
            vb_para_item(&p, "none");
    }
    vb_para_end(&p);
    vb_para_start(&p, out, "Eliminated:", 4);
    {
        int any = 0;
        for (int u = 0; u < d->nu; u++)
            if (s->us[u] == US_ELIM || s->us[u] == US_LOST) {
                vb_para_itemf(&p, "%s%s;", d->u[u].name, s->us[u] == US_LOST ? " (lost)" : "");
                any = 1;
            }
        if (!any)
            vb_para_item(&p, "none");
    }
    vb_para_end(&p);
}

/* ---- one zone (the `area` hook) -------------------------------------------- */

/* 1 when word w occurs in text as a whole space-separated word. */
static int has_word(const char *text, const char *w)
{
    size_t k = strlen(w);
    for (const char *p = strstr(text, w); p; p = strstr(p + 1, w))
        if ((p == text || p[-1] == ' ') && (p[k] == ' ' || p[k] == '\0'))
            return 1;
    return 0;
}

/* Combat strength of `side` in zone z (the sum of its combat units). */
static int strength_in(const sg_data *d, const sg_state *s, int side, int z)
{
    int n = 0;
    for (int u = 0; u < d->nu; u++)
        if (s->us[u] == US_ON && s->uz[u] == z && d->u[u].side == side && d->u[u].kind == K_COMBAT)
            n += d->u[u].strength;
    return n;
}

/* What can act on zone z now: the legal orders whose text names z or a
 * piece in it; while a unit or a stack is picked for movement, the ones
 * that could end their move here (the second stage tried on a copy). Only
 * to the role deciding now (role -1: whoever decides), as vb_put_orders:
 * a waiting seat's view of a zone does not list the other side's orders. */
static void zone_orders(const vb_game *g, const sg_state *s, int role, int z, FILE *out)
{
    const sg_data *d = SGD(g);
    vb_action acts[VB_MAX_ACTIONS], dest[VB_MAX_ACTIONS];
    char text[VB_TEXT_LEN], it[VB_TEXT_LEN + 8];
    int n = sg_legal(g, s, acts, NULL, VB_MAX_ACTIONS), any = 0, who = sg_to_move(g, s);
    vb_para p;
    sg_state t;
    vb_para_start(&p, out, "  orders that concern it now:", 4);
    if (who >= 0 && role >= 0 && role != who) {
        vb_para_itemf(&p, "none of yours (%s decides)", g->def->roles[who]);
        vb_para_end(&p);
        return;
    }
    for (int i = 0; i < n && who >= 0; i++) {
        int hit;
        sg_action_text(g, s, acts[i], text, sizeof text);
        hit = has_word(text, d->z[z].tok);
        for (int u = 0; u < d->nu && !hit; u++)
            hit = s->us[u] == US_ON && s->uz[u] == z && has_word(text, d->u[u].tok);
        if (!hit && (SG_AK(acts[i]) == A_PICK || SG_AK(acts[i]) == A_STACK)) {
            /* Could this unit or stack end its move here? */
            t = *s;
            if (sg_apply(g, &t, acts[i], NULL) == 0) {
                int k = sg_legal(g, &t, dest, NULL, VB_MAX_ACTIONS);
                for (int j = 0; j < k && !hit; j++)
                    hit = SG_AK(dest[j]) == A_DEST && SG_AA(dest[j]) == z;
            }
        }
        if (!hit)
            continue;
        snprintf(it, sizeof it, "%s;", text);
        vb_para_item(&p, it);
        any = 1;
    }
    if (!any)
        vb_para_item(&p, who >= 0         ? "none"
                         : who == VB_OVER ? "none (the game is over)"
                                          : "none (dice or a card decide now)");
    vb_para_end(&p);
}

int sg_area(const vb_game *g, const void *st, int role, const char *name, FILE *out, vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    sg_sum m;
    vb_para p;
    char it[4 * SG_NAME];
    int z;
    if (!name) {
        for (z = 0; z < d->nz; z++)
            fprintf(out, "%s\n", d->z[z].tok);
        return 0;
    }
    if ((z = sg_find_zone(d, name)) < 0)
        return vb_fail(cx, VB_EINPUT, "unknown zone '%.60s' ('zone' alone lists them)", name);
    const sg_zone *zp = &d->z[z];
    sg_summary(d, s, &m);
    fprintf(out, "%s [%s]\n", zp->name, zp->tok);
    vb_para_start(&p, out, "  ", 2);
    snprintf(it, sizeof it, "%s zone, defence %d%s%s%s.", sg_colour_names[zp->colour], zp->defv,
             zp->rzone ? ", R (reinforcements arrive here)" : "",
             zp->deploy ? ", deployment zone" : "",
             zp->obj == OBJ_BASTION   ? ", a bastion"
             : zp->obj == OBJ_REDOUBT ? ", the redoubt"
             : zp->obj == OBJ_CONVENT ? ", a convent"
                                      : "");
    vb_para_words(&p, it);
    if (zp->obj == OBJ_BASTION || zp->obj == OBJ_REDOUBT)
        vb_para_words(&p, "Worth 2 VP to the side holding it (rule 13).");
    else if (zp->obj == OBJ_PALAU)
        vb_para_words(&p, "Worth 4 VP to the side holding it (rule 13).");
    else if (zp->convent >= 0) {
        snprintf(it, sizeof it, "Part of %s: 4 VP to the side holding all of it (rule 13).",
                 d->conv[zp->convent]);
        vb_para_words(&p, it);
    }
    vb_para_end(&p);
    fprintf(out, "  held by: %s", control_of(&m, z));
    for (int sd = 0; sd < 2; sd++)
        if (m.pres[sd] & BIT(z))
            fprintf(out, " - %d combat unit%s, strength %d (%s)", m.n[z], m.n[z] == 1 ? "" : "s",
                    strength_in(d, s, sd, z),
                    (d->deploymask & BIT(z)) ? "no stacking limit here"
                                             : "stacking limit 5, rule 6.1");
    fputc('\n', out);
    vb_para_start(&p, out, "  pieces:", 4);
    if (!zone_pieces(d, s, z, &p))
        vb_para_item(&p, "none");
    vb_para_end(&p);
    fprintf(out, "  next to it:\n");
    for (int k = 0; k < zp->nnb; k++) {
        int nb = zp->nb[k];
        if (zp->breach[k] >= 0)
            snprintf(it, sizeof it, "    %s (%s breach%s):", d->z[nb].name,
                     d->breach[zp->breach[k]], zp->prot[k] ? ", protects this zone" : "");
        else
            snprintf(it, sizeof it, "    %s%s:", d->z[nb].name,
                     zp->prot[k] ? " (blue line: protects this zone)"
                                 : line_names[zp->line[k] & 3]);
        vb_para_start(&p, out, it, 6);
        if (m.pres[0] & BIT(nb))
            vb_para_itemf(&p, "Two Crowns, %d unit%s, strength %d", m.n[nb],
                          m.n[nb] == 1 ? "" : "s", strength_in(d, s, 0, nb));
        else if (m.pres[1] & BIT(nb))
            vb_para_itemf(&p, "Catalans, %d unit%s, strength %d", m.n[nb], m.n[nb] == 1 ? "" : "s",
                          strength_in(d, s, 1, nb));
        else
            vb_para_item(&p, "empty");
        vb_para_end(&p);
    }
    zone_orders(g, s, role, z, out);
    return 0;
}

/* ---- victory points (rule 13), itemised -------------------------------------- */

/* As sg_vp counts them: enemy combat units (1) and commanders (2)
 * eliminated; bastions and the redoubt (2), the Pla de Palau (4) and
 * whole convents (4) held. */
static void side_terms(const sg_data *d, const sg_state *s, const sg_sum *m, int side, FILE *out)
{
    int en = 1 - side, ncomb = 0;
    fprintf(out, "%s victory points (rule 13):\n", side_title[side]);
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side == en && d->u[u].kind == K_COMBAT &&
            (s->us[u] == US_ELIM || s->us[u] == US_LOST))
            ncomb++;
    if (ncomb)
        vb_put_term(out, ncomb, "%d %s combat unit%s eliminated, 1 each", ncomb,
                    en == SG_BOURBON ? "Two Crowns" : "Catalan", ncomb == 1 ? "" : "s");
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side == en && d->u[u].kind == K_LEADER &&
            (s->us[u] == US_ELIM || s->us[u] == US_LOST))
            vb_put_term(out, 2, "commander %s eliminated", d->u[u].name);
    for (int z = 0; z < d->nz; z++) {
        int o = d->z[z].obj;
        if ((o == OBJ_BASTION || o == OBJ_REDOUBT) && sg_holds(d, m, side, z))
            vb_put_term(out, 2, "%s held", d->z[z].name);
        if (o == OBJ_PALAU && sg_holds(d, m, side, z))
            vb_put_term(out, 4, "%s held", d->z[z].name);
    }
    for (int c = 0; c < d->nconv; c++) {
        int all = 1;
        for (int z = 0; z < d->nz; z++)
            if (d->z[z].convent == c && !sg_holds(d, m, side, z))
                all = 0;
        if (all)
            vb_put_term(out, 4, "%s held", d->conv[c]);
    }
    fprintf(out, "     = %d for the %s\n", sg_vp(d, s, side), side_title[side]);
}

void sg_points(const vb_game *g, const void *st, FILE *out)
{
    const sg_data *d = SGD(g);
    const sg_state *s = st;
    sg_sum m;
    sg_summary(d, s, &m);
    if (!s->over)
        fprintf(out, "The points as they stand now (turn %d):\n", s->turn);
    side_terms(d, s, &m, SG_BOURBON, out);
    side_terms(d, s, &m, SG_CATALAN, out);
}
