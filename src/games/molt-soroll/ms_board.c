/*
 * ms_board.c - Molt soroll per un rei for a person at a terminal: the
 * board (render), one front with its boxes, the card's effect on it and
 * its orders (area: `front NAME` in play) and the victory or defeat points
 * of 12.1/12.2 term by term (points). Every line fits 80 columns (display
 * width: an accented letter is one column).
 */
#include <string.h>

#include "ms_int.h"

#define D(g) ((const ms_data *)(g)->data)

static const char *const tok_status_names[3] = {"off", "available", "regrouping"};
static const char *const riot_names[3] = {"none", "active", "crushed"};
static const char *const pirates_names[3] = {"none", "active", "inactive"};

/* The boxes of front f as items of a paragraph ("*3 Messina~[F](full) -"). */
static void front_boxes(const ms_data *d, const ms_state *s, int f, vb_para *p)
{
    const ms_front *fr = &d->front[f];
    char it[6 * MS_NAME];
    for (int b = 0; b < fr->nbox; b++) {
        const ms_box *bx = &fr->box[b];
        int here = s->pos[f] == b;
        snprintf(it, sizeof it, "%s%d %s%s%s%s%s -", here ? "*" : "", b, bx->name,
                 bx->sea ? "~" : "",
                 bx->fortified ? ((s->fallen >> bx->gid) & 1u ? "[x]" : "[F]") : "",
                 here ? (s->reduced[f] ? "(reduced)" : "(full)") : "",
                 here && s->besieging[f] ? "(SIEGE)" : "");
        vb_para_item(p, it);
    }
    snprintf(it, sizeof it, "%sBarcelona%s%s", s->pos[f] == fr->nbox ? "*" : "",
             s->pos[f] == fr->nbox ? (s->reduced[f] ? "(reduced)" : "(full)") : "",
             s->pos[f] == fr->nbox && s->besieging[f] ? "(SIEGE)" : "");
    vb_para_item(p, it);
}

/* The cards of set m by title, in alphabetical order (a deck is a set:
 * every draw is at random among them). */
static void card_titles(const ms_data *d, uint64_t m, vb_para *p)
{
    int idx[MS_MAXCARDS], n = 0;
    char it[6 * MS_NAME];
    for (int k = 0; k < d->ncards; k++)
        if ((m >> k) & 1u) {
            int j = n++;
            while (j > 0 && strcmp(d->card[idx[j - 1]].name, d->card[k].name) > 0) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = k;
        }
    for (int i = 0; i < n; i++) {
        snprintf(it, sizeof it, "%s%s", d->card[idx[i]].name, i + 1 < n ? ";" : ".");
        vb_para_item(p, it);
    }
}

/* The active card's modifiers, event and movement (5, 8). */
static void card_lines(const ms_data *d, const ms_state *s, const ms_card *c, FILE *out)
{
    vb_para p;
    char it[6 * MS_NAME];
    vb_para_start(&p, out, "  actions:", 4);
    snprintf(it, sizeof it, "%d", c->actions);
    vb_para_item(&p, it);
    for (int f = 0; f < MS_NFRONTS; f++)
        if (c->mod_front[f]) {
            snprintf(it, sizeof it, "- %s %+d", d->front[f].name, c->mod_front[f]);
            vb_para_item(&p, it);
        }
    if (c->mod_all) {
        snprintf(it, sizeof it, "- all offensives %+d", c->mod_all);
        vb_para_item(&p, it);
    }
    for (int t = 0; t < MS_NTRACKS; t++)
        if (c->mod_infl[t]) {
            snprintf(it, sizeof it, "- influence %s %+d", ms_track_ids[t], c->mod_infl[t]);
            vb_para_item(&p, it);
        }
    for (int f = 0; f < MS_NFRONTS; f++)
        if (c->no_front >> f & 1u) {
            snprintf(it, sizeof it, "- no offensive on %s", d->front[f].name);
            vb_para_item(&p, it);
        }
    for (int t = 0; t < MS_NTRACKS; t++)
        if (c->no_infl >> t & 1u) {
            snprintf(it, sizeof it, "- no influence on %s", ms_track_ids[t]);
            vb_para_item(&p, it);
        }
    vb_para_end(&p);
    vb_para_start(&p, out, "  event:", 4);
    vb_para_item(&p, c->event[0] ? c->event : "none");
    vb_para_end(&p);
    vb_para_start(&p, out, "  movement:", 4);
    for (int m = 0; m < c->nmove; m++) {
        snprintf(it, sizeof it, "%s%s%s", d->front[c->move_front[m]].name,
                 c->move_red[m] ? " (red: back)" : "", m + 1 < c->nmove ? "," : "");
        vb_para_item(&p, it);
    }
    if (!c->nmove)
        vb_para_item(&p, "none");
    vb_para_end(&p);
    if (c->special == MS_SP_INACTIVATION)
        fprintf(out, "  special: Possible inactivació %s\n", d->front[c->special_front].name);
    else if (c->special == MS_SP_VESPERS)
        fprintf(out, "  special: Sicilian Vespers\n");
    if (s->phase == PH_ACTIONS || s->phase == PH_OFFENSIVE || s->phase == PH_INFLUENCE)
        fprintf(out, "  actions left: %d\n", s->actions_left);
}

/* ---- render -------------------------------------------------------------------- */
void ms_render(const struct vb_game *g, const void *st, int role, FILE *out)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    const ms_card *c = s->active >= 0 ? &d->card[s->active] : NULL;
    vb_para p;
    char it[6 * MS_NAME];
    (void)role;
    fprintf(out, "Molt soroll per un rei - cards played %d, phase %s%s\n",
            ms_card_count(s->played) + (c != NULL), ms_phase_names[s->phase % PH_COUNT],
            s->over == 1   ? " - WON"
            : s->over == 2 ? " - LOST"
                           : "");
    fprintf(out, "\nFronts (boxes 0 .. last, then Barcelona; * the force, [F] fortified,\n"
                 "[x] fallen, ~ sea):\n");
    for (int f = 0; f < MS_NFRONTS; f++) {
        fprintf(out, "  %s: ", d->front[f].name);
        if (s->pos[f] >= 0)
            fprintf(out, "combat %d, siege %d\n", ms_combat(d, s, f), ms_siege_value(d, s, f));
        else
            fprintf(out, "%s\n", s->pos[f] == MS_INACTIVE ? "not active" : "ELIMINATED");
        vb_para_start(&p, out, "    ", 6);
        front_boxes(d, s, f, &p);
        vb_para_end(&p);
    }
    fprintf(out, "\nTracks:\n");
    for (int t = 0; t < MS_NTRACKS; t++) {
        snprintf(it, sizeof it, "  %-9s", ms_track_ids[t]);
        vb_para_start(&p, out, it, 12);
        if (t == MS_POPE && s->crusade) {
            vb_para_item(&p, "marker removed: excommunication and crusade proclaimed");
            vb_para_end(&p);
            continue;
        }
        for (int b = 0; b < d->track[t].nbox; b++) {
            snprintf(it, sizeof it, "%s%s%s%s", b == s->track[t] ? "[" : "", d->track[t].name[b],
                     b == s->track[t] ? "]" : "", b + 1 < d->track[t].nbox ? " |" : "");
            vb_para_item(&p, it);
        }
        vb_para_end(&p);
    }
    fprintf(out, "\nAlmogàvers and fleets:\n");
    for (int t = 0; t < MS_NTOK; t++) {
        char nm[2 * MS_NAME + 4];
        snprintf(nm, sizeof nm, "%s [%s]", d->tok_name[t], d->tok_id[t]);
        fprintf(out, "  %-9s ", d->tok_kind[t] == MS_FLEET ? "fleet" : "almogavar");
        vb_put_padded(out, nm, 46);
        fprintf(out, " %s\n", tok_status_names[s->tok[t] % 3]);
    }
    fprintf(out, "\nBerenguer Oller's riot: %s (combat %d)\nBarbary pirates: %s (combat %d)\n",
            riot_names[s->riot % 3], d->riot_combat, pirates_names[s->pirates % 3],
            d->pirates_combat);
    vb_para_start(&p, out, "Eliminated threats:", 4);
    {
        int any = 0;
        for (int f = 0; f < MS_NFRONTS; f++)
            if (s->pos[f] == MS_ELIMINATED) {
                snprintf(it, sizeof it, "%s;", d->front[f].name);
                vb_para_item(&p, it);
                any = 1;
            }
        if (s->riot == MS_DONE) {
            vb_para_item(&p, "Berenguer Oller;");
            any = 1;
        }
        if (!any)
            vb_para_item(&p, "none");
    }
    vb_para_end(&p);
    if (c) {
        snprintf(it, sizeof it, "%s [%s] (%c deck, %s)", c->name, c->id, c->deck, c->date);
        vb_para_start(&p, out, "\nActive card:", 4);
        vb_para_item(&p, it);
        if (c->banner)
            vb_para_item(&p, "- BLUE BANNER: reinforcements");
        vb_para_end(&p);
        card_lines(d, s, c, out);
    }
    snprintf(it, sizeof it, "%d cards, each draw at random among them%s:", ms_card_count(s->deck),
             s->vespers
                 ? (s->upper_left ? "; Mort a Vilafranca among the last six" : "; last six reached")
                 : "; B cards and Mort a Vilafranca wait for the Vespers");
    vb_para_start(&p, out, "\nDeck:", 4);
    vb_para_words(&p, it);
    card_titles(d, s->deck, &p);
    vb_para_end(&p);
    if (s->excom_next)
        fprintf(out, "Excomunió i croada! is next turn's active card.\n");
}

/* ---- one front (the `area` hook: `front NAME` in play) --------------------- */
int ms_area(const struct vb_game *g, const void *st, int role, const char *name, FILE *out,
            vb_ctx *cx)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    int f;
    vb_para p;
    char it[6 * MS_NAME], text[VB_TEXT_LEN];
    vb_action acts[256];
    (void)role;
    if (!name) {
        for (f = 0; f < MS_NFRONTS; f++)
            fprintf(out, "%s\n", d->front[f].id);
        return 0;
    }
    for (f = 0; f < MS_NFRONTS; f++)
        if (vb_name_eq(name, d->front[f].id) || vb_name_eq(name, d->front[f].name))
            break;
    if (f == MS_NFRONTS)
        return vb_fail(cx, VB_EINPUT, "unknown front '%.60s' ('front' alone lists them)", name);
    const ms_front *fr = &d->front[f];
    snprintf(it, sizeof it, "Front %s [%s]:", fr->name, fr->id);
    vb_para_start(&p, out, it, 4);
    if (s->pos[f] == MS_INACTIVE)
        vb_para_item(&p, "not active");
    else if (s->pos[f] == MS_ELIMINATED)
        vb_para_item(&p, "eliminated");
    else {
        snprintf(it, sizeof it, "the force at %s (%s side)%s",
                 s->pos[f] == fr->nbox ? "Barcelona" : fr->box[s->pos[f]].name,
                 s->reduced[f] ? "reduced" : "full", s->besieging[f] ? ", besieging" : "");
        vb_para_words(&p, it);
    }
    vb_para_end(&p);
    vb_para_start(&p, out, "  boxes:", 4);
    front_boxes(d, s, f, &p);
    vb_para_end(&p);
    for (int b = 0; b < fr->nbox; b++) {
        const ms_box *bx = &fr->box[b];
        if (!bx->fortified && !bx->sea && !bx->mallorca_mod && !bx->mallorca_reduced)
            continue;
        snprintf(it, sizeof it, "    %d %s:", b, bx->name);
        vb_para_start(&p, out, it, 6);
        if (bx->sea)
            vb_para_words(&p, "sea;");
        if (bx->fortified)
            vb_para_words(&p, (s->fallen >> bx->gid) & 1u ? "fortress fallen for good;"
                                                          : "fortified (a siege is needed);");
        if (bx->mallorca_mod)
            vb_para_words(&p, "James of Mallorca's track modifies offensives (7.2);");
        if (bx->mallorca_reduced)
            vb_para_words(&p, "reduced while James says 'Visca lo rei en Pere!' (7.2);");
        vb_para_end(&p);
    }
    if (s->pos[f] >= 0) {
        snprintf(it, sizeof it,
                 "combat %d, siege %d now (printed: full side %d and %d, reduced %d and %d%s)",
                 ms_combat(d, s, f), ms_siege_value(d, s, f), fr->combat[0], fr->siege[0],
                 fr->combat[1], fr->siege[1],
                 fr->nobility ? "; the nobility track (2.3) changes them" : "");
        vb_para_start(&p, out, "  ", 4);
        vb_para_words(&p, it);
        vb_para_end(&p);
        if (s->pos[f] < fr->nbox) {
            int sea = fr->box[s->pos[f]].sea;
            fprintf(out, "  an offensive here: die %+d must beat %d (8.1)\n",
                    ms_offensive_mod(d, s, f, 0), ms_combat(d, s, f));
            /* The tokens that could join it: almogavars anywhere, fleets
             * only against a force in a sea box; +1 each. */
            vb_para_start(&p, out, "  tokens that could join it (+1 each):", 4);
            for (int k = 0; k < 2; k++) {
                int any = 0;
                vb_para_item(&p, k ? "fleets" : "almogavars");
                if (k && !sea) {
                    vb_para_words(&p, "none (the force is not in a sea box);");
                    continue;
                }
                for (int t = 0; t < MS_NTOK; t++)
                    if (d->tok_kind[t] == (k ? MS_FLEET : MS_ALMOGAVAR) &&
                        s->tok[t] == MS_AVAILABLE) {
                        vb_para_item(&p, d->tok_id[t]);
                        any = 1;
                    }
                vb_para_item(&p, any ? "available;" : "none available;");
            }
            vb_para_end(&p);
        }
    }
    if (s->active >= 0) {
        const ms_card *c = &d->card[s->active];
        vb_para_start(&p, out, "  active card:", 4);
        snprintf(it, sizeof it, "%s:", c->name);
        vb_para_item(&p, it);
        int any = 0;
        if (c->mod_front[f]) {
            snprintf(it, sizeof it, "offensives here %+d;", c->mod_front[f]);
            vb_para_words(&p, it), any = 1;
        }
        if (c->no_front >> f & 1u)
            vb_para_words(&p, "no offensive here;"), any = 1;
        for (int m = 0; m < c->nmove; m++)
            if (c->move_front[m] == f) {
                vb_para_words(&p, c->move_red[m] ? "its movement (7) sends this force back (red);"
                                                 : "its movement (7) advances this force;");
                any = 1;
            }
        if (c->special == MS_SP_INACTIVATION && c->special_front == f)
            vb_para_words(&p, "Possible inactivació of this front;"), any = 1;
        if (!any)
            vb_para_words(&p, "nothing for this front.");
        vb_para_end(&p);
    }
    {
        int n = ms_legal(g, st, acts, NULL, (int)(sizeof acts / sizeof acts[0])), any = 0;
        vb_para_start(&p, out, "  orders here now:", 4);
        for (int i = 0; i < n; i++) {
            ms_action_text(g, st, acts[i], text, sizeof text);
            if (!strstr(text, fr->id))
                continue;
            snprintf(it, sizeof it, "%s;", text);
            vb_para_item(&p, it);
            any = 1;
        }
        if (!any)
            vb_para_item(&p, "none");
        vb_para_end(&p);
    }
    return 0;
}

/* ---- the points of 12.1 and 12.2, term by term --------------------------- */
/* 12.2, term by term, as ms_victory_points counts them. */
static void victory_terms(const ms_data *d, const ms_state *s, FILE *out)
{
    fprintf(out, "Victory points (12.2)%s:\n", s->over ? "" : ", if the King won now");
    for (int f = 0; f < MS_NFRONTS; f++) {
        if (s->pos[f] == MS_ELIMINATED)
            vb_put_term(out, 10, "%s eliminated", d->front[f].name);
        else if (s->pos[f] < 0)
            continue;
        else if ((s->pos[f] == d->front[f].nbox))
            vb_put_term(out, -5, "%s in Barcelona", d->front[f].name);
        else
            vb_put_term(out, s->pos[f], "%s in box %d (%s)", d->front[f].name, s->pos[f],
                        d->front[f].box[s->pos[f]].name);
    }
    if (s->riot == MS_DONE)
        vb_put_term(out, 10, "Berenguer Oller's riot crushed");
    if (s->pirates == MS_DONE)
        vb_put_term(out, 10, "Barbary pirates made inactive");
    if (!s->crusade)
        vb_put_term(out, 5, "no crusade proclaimed");
    if (s->riot == MS_ACTIVE)
        vb_put_term(out, -2, "Berenguer Oller's riot still active");
    if (s->pirates == MS_ACTIVE)
        vb_put_term(out, -2, "Barbary pirates still active");
    fprintf(out, "     = %d victory points: %s\n", ms_victory_points(d, s),
            ms_verdict(1, ms_victory_points(d, s)));
}

/* 12.1, term by term, as ms_defeat_points counts them. */
static void defeat_terms(const ms_data *d, const ms_state *s, FILE *out)
{
    int deck = ms_card_count(s->deck), elim = 0;
    uint64_t mort = 1ull << d->mort_card;
    fprintf(out, "Defeat points (12.1)%s:\n", s->over ? "" : ", if the King lost now");
    if (deck)
        vb_put_term(out, 2 * deck, "%d card%s in the deck, 2 each", deck, deck == 1 ? "" : "s");
    if (!s->vespers)
        vb_put_term(out, 2 * (ms_card_count(d->mask_b) + 1),
                    "%d B cards and Mort a Vilafranca still to come, 2 each",
                    ms_card_count(d->mask_b));
    else if (!((s->deck | s->played) & mort) && s->active != d->mort_card)
        vb_put_term(out, 2, "Mort a Vilafranca still to come");
    for (int f = 0; f < MS_NFRONTS; f++) {
        if ((s->pos[f] == 4 || s->pos[f] == 3) && !(s->pos[f] == d->front[f].nbox))
            vb_put_term(out, s->pos[f] == 4 ? 2 : 1, "%s in box %d (%s)", d->front[f].name,
                        s->pos[f], d->front[f].box[s->pos[f]].name);
        elim += s->pos[f] == MS_ELIMINATED;
    }
    if (s->riot == MS_ACTIVE)
        vb_put_term(out, 2, "Berenguer Oller's riot still active");
    if (s->pirates == MS_ACTIVE)
        vb_put_term(out, 2, "Barbary pirates still active");
    if (elim)
        vb_put_term(out, -elim, "%d threat%s eliminated, 1 each", elim, elim == 1 ? "" : "s");
    if (s->riot == MS_DONE)
        vb_put_term(out, -1, "Berenguer Oller's riot crushed");
    if (!s->crusade)
        vb_put_term(out, -5, "no crusade proclaimed");
    fprintf(out, "     = %d defeat points: %s\n", ms_defeat_points(d, s),
            ms_verdict(0, ms_defeat_points(d, s)));
}

/* The `points` hook: the verdict's points term by term (12.1, 12.2); while
 * the game runs, both counts as they would stand now. */
void ms_points(const struct vb_game *g, const void *st, FILE *out)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    if (s->over != 2)
        victory_terms(d, s, out);
    if (s->over != 1)
        defeat_terms(d, s, out);
}
