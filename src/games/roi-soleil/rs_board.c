/*
 * rs_board.c - the terminal map listing of a position (vauban show, play):
 * the camps, one line a zone with its armies, garrisons and generals, the
 * boxes and the combat or siege in progress, within 80 columns.
 */
#include <stddef.h>
#include <stdlib.h>

#include "rs_int.h"

static void units_text(const uint8_t *t, char *b, size_t n)
{
    snprintf(b, n, "%d(i%d c%d a%d *%d)", rs_sp(t), rs_tsum(t, T_INF) + rs_tsum(t, T_INFE),
             rs_tsum(t, T_CAV) + rs_tsum(t, T_CAVE), rs_tsum(t, T_ART),
             rs_tsum(t, T_INFE) + rs_tsum(t, T_CAVE));
}

/* the nationalities of an army other than its camp leader's, "+UP+Em"
 * (initials of a two-word state, else its first two letters) */
static void nat_text(const vb_game *g, const uint8_t *t, int leader, char *b, size_t n)
{
    const rs_data *d = RS_D(g);
    size_t len = 0;
    b[0] = 0;
    for (int k = 0; k < RS_NN && k < d->ns && len + 4 < n; k++) {
        if (k == leader || !rs_nsum(t, k))
            continue;
        const char *nm = d->s[k].name, *sp = strchr(nm, ' ');
        len += (size_t)snprintf(b + len, n - len, "+%c%c", nm[0], sp ? sp[1] : nm[1]);
    }
}

static const char *const col_names[9] = {"1/4", "1/3", "1/2", "1/1", "2/1",
                                         "3/1", "4/1", "5/1", "6/1"};

/* The numbers and exact odds of a combat or siege in progress: ratio,
 * itemised modifiers and the result of each face of the next D6. */
static void render_fight(const vb_game *g, const rs_state *s, FILE *out)
{
    const rs_data *d = RS_D(g);
    static const char L[] = "-ABCD";
    char why[160];
    if (s->cb.zone >= 0 &&
        ((s->phase >= P_CB_DECOY && s->phase <= P_CB_LOSER) || s->phase == P_CB_TOP)) {
        int z = s->cb.zone, att = s->cb.att, D, A = rs_battle_sp(g, s, z, att, &D);
        int col = rs_combat_ratio_col(A, D), m = rs_combat_mods(g, s, z, att, why, sizeof why);
        fprintf(out, "%s in %s, round %d: %s %d SP v %s %d SP, column %s\n  modifiers %+d:%s\n",
                s->cb.battle ? "Battle" : "Skirmish", d->z[z].name, s->cb.round + 1,
                rs_camp_names[att], A, rs_camp_names[1 - att], D, col_names[col], m,
                why[0] ? why : " none");
        fprintf(out, "  next D6 (attacker/defender):");
        for (int f = 1; f <= 6; f++) {
            int r = f + m < 0 ? 0 : f + m > 12 ? 12 : f + m;
            fprintf(out, " %d:%c%s/%c%s", f, L[d->cb_att[r][col]], d->cb_astar[r][col] ? "*" : "",
                    L[d->cb_def[r][col]], d->cb_dstar[r][col] ? "*" : "");
        }
        fprintf(out, "\n");
    }
    if (s->sg.zone >= 0 && s->phase >= P_SG_ROUNDS && s->phase <= P_SG_CONT) {
        int z = s->sg.zone, c = s->sg.camp;
        uint8_t at[RS_NT], ga[RS_NT];
        rs_siege_sp(g, s, z, c, at, ga);
        int A = rs_siege_strength(at), D = rs_siege_strength(ga) + s->z[z].fv;
        int col = rs_siege_col(A, D), m = rs_siege_mods(g, s, why, sizeof why);
        static const char *const sc[] = {"1/1", "2/1", "3/1", "4/1", "5/1", "6/1"};
        char rounds[32];
        /* 18.1: the number of rounds is rolled once the siege is declared */
        if (s->phase == P_SG_ROUNDS)
            snprintf(rounds, sizeof rounds, "rounds to roll (D6)");
        else
            snprintf(rounds, sizeof rounds, "round %d of %d", s->sg.round + 1, s->sg.rounds);
        fprintf(out, "Siege of %s, %s: %d v %d (FV %d), column %s\n  modifiers %+d:%s\n",
                d->z[z].name, rounds, A, D, s->z[z].fv, sc[col], m, why[0] ? why : " none");
        fprintf(out, "  next D6:");
        for (int f = 1; f <= 6; f++) {
            int r = f + m < 0 ? 0 : f + m > 13 ? 13 : f + m, fl = d->sg_res[r][col];
            fprintf(out, " %d:%s%s%s%s%s%s", f, fl & SR_A ? "A" : "", fl & SR_S ? "S" : "",
                    fl & SR_SP ? "S+" : "", fl & SR_ES ? "Es" : "", fl & SR_SH ? "Sh" : "",
                    fl & SR_BR ? "Br" : "");
            if (d->sg_fv[r][col])
                fprintf(out, "-%dFV", d->sg_fv[r][col]);
            else if (!fl)
                fprintf(out, "-");
        }
        fprintf(out, "\n");
    }
}

void rs_render(const vb_game *g, const void *st, int role, FILE *out)
{
    const rs_state *s = st;
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    char buf[128];
    (void)role;
    fprintf(out, "%s - %d (year %d of %d-%d)\n", sc->title, s->year, s->year - sc->start + 1,
            sc->start, sc->end);
    fprintf(out, "Initiative %s  campaign cursor %d  GP %d\n", rs_camp_names[s->init], s->cursor,
            s->gp);
    for (int c = 0; c < 2; c++) {
        const rs_camp *k = &s->c[c];
        int held = 0, unk = 0;
        for (int i = 0; i < k->npick; i++)
            held += k->pstate[i] == PK_HELD, unk += k->pick[i] == CAT_UNKNOWN;
        /* two lines, so that the widest numbers stay within 80 columns */
        fprintf(out, "%-9s RP %-3d debt %-2d campaigns %d  reserve %d SP%s\n", rs_camp_names[c],
                k->rp, k->debt, k->campaigns, rs_sp(k->reserve),
                k->armies_hidden ? "  (armies closed)" : "");
        fprintf(out, "%-9s markers %d held of %d%s\n", "", held, k->npick, unk ? " (hidden)" : "");
    }
    fprintf(out, "%-20s %-3s %-3s %-3s %-22s %-22s\n", "zone", "RP", "FV", "ctl", "france",
            "coalition");
    for (int z = 0; z < d->nz; z++) {
        if (!sc->playable[z])
            continue;
        const rs_zst *q = &s->z[z];
        char a[32] = "-", b[32] = "-", fv[8];
        int ct = rs_ctrl(g, s, z);
        for (int c = 0; c < 2; c++) {
            char *x = c ? b : a, nt[16];
            if (!rs_army(s, z, c))
                continue;
            units_text(q->army[c], x, sizeof a);
            nat_text(g, q->army[c], sc->leader[c], nt, sizeof nt);
            size_t l = strlen(x);
            snprintf(x + l, sizeof a - l, "%s%s", nt[0] ? " " : "", nt);
        }
        /* the closed game: a strength without its composition */
        if (s->c[0].armies_hidden && rs_army(s, z, 0))
            snprintf(a, sizeof a, "%d SP (closed)", rs_army(s, z, 0));
        if (s->c[1].armies_hidden && rs_army(s, z, 1))
            snprintf(b, sizeof b, "%d SP (closed)", rs_army(s, z, 1));
        snprintf(buf, sizeof buf, "%s%s%s", d->z[z].name, q->scorched ? " #" : "",
                 rs_contested(g, s, z) ? " !" : "");
        snprintf(fv, sizeof fv, "%d%s%s", q->fv, rs_sp(q->garr) ? "g" : "",
                 q->line ? (q->line == 1 ? "l" : "L") : "");
        fprintf(out, "%-20.20s %-3d %-3s %-3s %-22.22s %-22.22s\n", buf, d->z[z].rp, fv,
                ct < 0 ? "-"
                : ct   ? "C"
                       : "F",
                a, b);
        /* generals on a line of their own, wrapped at 80 columns */
        int col = 0;
        for (int i = 0; i < d->ng; i++) {
            if (s->gz[i] != z)
                continue;
            int w = (int)strlen(d->gd[i].tok) + 2;
            if (col == 0 || col + w > 78) {
                fprintf(out, "%s    generals:", col ? "\n" : "");
                col = 14;
            }
            fprintf(out, " %s%s", d->gd[i].tok, rs_gcamp(g, s, i) ? "(C)" : "(F)");
            col += w + 3;
        }
        if (col)
            fprintf(out, "\n");
    }
    for (int b = 0; b < RS_NBOX; b++)
        if (sc->box_playable[b])
            fprintf(out, "box %-16s RP %d control %s\n", d->b[b].name, d->b[b].rp,
                    s->boxc[b] < 0 ? "none" : rs_camp_names[s->boxc[b]]);
    fprintf(out, "(! contested, # scorched; FV g garrison, l/L line 1/2; i inf c cav a art "
                 "*elite;\n +UP: SP of another nationality than the camp leader's)\n");
    render_fight(g, s, out);
}

/* `zone NAME` in vauban play: one zone as role's view shows it (st is that
 * view: in the closed game the other camp's armies are a strength only). */
int rs_area(const vb_game *g, const void *st, int role, const char *name, FILE *out, vb_ctx *cx)
{
    const rs_state *s = st;
    const rs_data *d = RS_D(g);
    const rs_scen *sc = RS_SCEN(g, s);
    char it[96], nt[16];
    vb_para p;
    int z = -1;
    (void)role;
    for (int k = 0; k < d->nz; k++) {
        if (!sc->playable[k])
            continue;
        if (!name)
            fprintf(out, "%s\n", d->z[k].tok);
        else if (z < 0 && (vb_name_eq(d->z[k].tok, name) || vb_name_eq(d->z[k].name, name)))
            z = k;
    }
    if (!name)
        return 0;
    if (z < 0)
        return vb_fail(cx, VB_EINPUT, "unknown zone '%.60s' ('zone' alone lists them)", name);
    const rs_zst *q = &s->z[z];
    int ct = rs_ctrl(g, s, z);
    fprintf(out, "%s [%s]: %s, %d RP\n", d->z[z].name, d->z[z].tok, d->s[d->z[z].state].name,
            d->z[z].rp);
    fprintf(out, "  control: %s%s%s\n", ct < 0 ? "none" : rs_camp_names[ct],
            rs_contested(g, s, z) ? ", contested" : "", q->scorched ? ", scorched earth" : "");
    fprintf(out, "  fortress: FV %d", q->fv);
    if (rs_sp(q->garr)) {
        units_text(q->garr, it, sizeof it);
        fprintf(out, ", garrison %s", it);
    }
    if (q->line)
        fprintf(out, "; line of defence %d (%s)", q->line,
                q->linec >= 0 && q->linec < 2 ? rs_camp_names[q->linec] : "?");
    fputc('\n', out);
    for (int c = 0; c < 2; c++) {
        if (!rs_army(s, z, c))
            continue;
        if (s->c[c].armies_hidden)
            snprintf(it, sizeof it, "%d SP (closed game)", rs_army(s, z, c));
        else {
            units_text(q->army[c], it, sizeof it);
            nat_text(g, q->army[c], sc->leader[c], nt, sizeof nt);
            size_t l = strlen(it);
            snprintf(it + l, sizeof it - l, "%s%s", nt[0] ? " " : "", nt);
        }
        fprintf(out, "  %s army: %s\n", rs_camp_names[c], it);
    }
    int gs[RS_MAXG], ng = 0;
    for (int i = 0; i < d->ng && ng < RS_MAXG; i++)
        if (s->gz[i] == z)
            gs[ng++] = i;
    vb_para_start(&p, out, "  generals:", 4);
    for (int k = 0; k < ng; k++)
        vb_para_itemf(&p, "%s (%s, SC %d TC %d)%s", d->gd[gs[k]].name,
                      rs_gcamp(g, s, gs[k]) ? "C" : "F", d->gd[gs[k]].sc, d->gd[gs[k]].tc,
                      k + 1 < ng ? "," : "");
    if (!ng)
        vb_para_item(&p, "none");
    vb_para_end(&p);
    const char *nb[16];
    int nn = 0;
    for (int k = 0; k < d->z[z].nadj && nn < 12; k++) {
        int a = d->z[z].adj[k];
        if (a >= 0 && a < d->nz && sc->playable[a])
            nb[nn++] = d->z[a].name;
    }
    for (int b = 0; b < 3; b++)
        if (d->z[z].sea[b] && sc->box_playable[b])
            nb[nn++] = d->b[b].name; /* a sea box: 13.1's maritime moves */
    vb_para_start(&p, out, "  next to it:", 4);
    for (int k = 0; k < nn; k++)
        vb_para_itemf(&p, "%s%s", nb[k], k + 1 < nn ? "," : "");
    if (!nn)
        vb_para_item(&p, "none");
    vb_para_end(&p);
    vb_put_orders(out, g, st, role, d->z[z].tok);
    fprintf(out, "  (i inf c cav a art *elite; +UP: SP of another nation than the leader's)\n");
    return 0;
}
