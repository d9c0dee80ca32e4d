/*
 * sg_odds.c - exact odds (`vauban odds setge-1714 ...`): artillery fire
 * (rule 9), salvo fire (11.2) and assault (11.3), built from words or from a
 * state file with a proposed action.
 */
#include <stdlib.h>
#include <string.h>

#include "sg_int.h"
#include "vauban.h" /* vb_parse_action: the odds of a legal action named by its text */

const char sg_odds_help[] =
    "artillery RANGE [bourbon|catalan]   one gun at 1 or 2 zones (rule 9; Catalan guns: 1 only)\n"
    "salvo N [hits-on=5]                 N dice (1-5), each 6 kills a defender (rule 11.2)\n"
    "assault [att=S] [def=S] [attackers=N] [defenders=N] [zone=ochre|green|grey|blue]\n"
    "        [blue-line] [barricade] [att-commander] [def-commander] [flag] [withdraw]\n"
    "        [attacker=bourbon|catalan]   an assault (rule 11.3); S = lead strength,\n"
    "        0 = any unit; 1-5 units a side (the stacking limit, rule 6.1)\n"
    "with a state file: the words of a legal 'fire ...', 'salvo ...' or 'assault ...' action\n"
    "        (assault: add att-commander, def-commander, withdraw; leads = strongest units)";

static void blank(const sg_data *d, sg_state *s, int side)
{
    vb_head h = s->head;
    memset(s, 0, sizeof *s);
    s->head = h;
    for (int u = 0; u < d->nu; u++) {
        s->us[u] = US_ELIM;
        s->uz[u] = SG_NO;
        s->face[u] = SG_NO;
    }
    s->turn = 1;
    s->half = (uint8_t)side;
    s->card = SG_NO;
    s->breach = 1;
    s->phase = PH_COMBAT;
    s->cfrom = s->cto = s->drole = s->alead = s->dlead = s->acmd = s->dcmd = SG_NO;
    s->mover = s->mstack = s->ovz = s->eseat = SG_NO;
}

static int pick(const sg_data *d, const sg_state *s, int side, int kind, int strength)
{
    for (int u = 0; u < d->nu; u++)
        if (d->u[u].side == side && d->u[u].kind == kind && s->us[u] != US_ON &&
            (strength <= 0 || d->u[u].strength == strength))
            return u;
    return -1;
}

static void place(sg_state *s, int u, int z)
{
    s->us[u] = US_ON;
    s->uz[u] = (uint8_t)z;
}

/* "key=N" with N a whole number in [min, max]: 1 read, 0 another word,
 * VB_EUSAGE (in cx) a bad number. */
static int word_int(const char *w, const char *key, int min, int max, int *out, vb_ctx *cx)
{
    size_t n = strlen(key);
    long long v;
    if (strncmp(w, key, n) || w[n] != '=')
        return 0;
    if (vb_parse_ll(w + n + 1, min, max, &v, key, cx) < 0)
        return VB_EINPUT;
    *out = (int)v;
    return 1;
}

/* argv[1] as a whole number in [min, max], or def when absent. */
static int arg_int(int argc, char **argv, int def, int min, int max, int *out, const char *what,
                   vb_ctx *cx)
{
    long long v;
    if (argc < 2) {
        *out = def;
        return 0;
    }
    if (vb_parse_ll(argv[1], min, max, &v, what, cx) < 0)
        return VB_EINPUT;
    *out = (int)v;
    return 0;
}

static int setup_artillery(const sg_data *d, sg_state *s, int argc, char **argv, vb_ctx *cx)
{
    int range;
    if (arg_int(argc, argv, 1, 1, 2, &range, "artillery range (rule 9: 1 or 2)", cx) < 0)
        return VB_EINPUT;
    int side = SG_BOURBON;
    if (argc > 3)
        return vb_fail(cx, VB_EUSAGE, "artillery: unknown word '%s' (see --help)", argv[3]);
    if (argc > 2 && vb_name_eq(argv[2], "catalan"))
        side = SG_CATALAN;
    else if (argc > 2 && !vb_name_eq(argv[2], "bourbon"))
        return vb_fail(cx, VB_EUSAGE, "artillery: side must be 'bourbon' or 'catalan', not '%s'",
                       argv[2]);
    if (range < 1 || range > 2)
        return vb_fail(cx, VB_EUSAGE, "artillery range must be 1 or 2 (rule 9)");
    if (side == SG_CATALAN && range != 1)
        return vb_fail(cx, VB_EUSAGE, "Catalan guns fire only at adjacent zones (rule 9)");
    blank(d, s, side);
    int g = pick(d, s, side, K_GUN, 0), t = pick(d, s, 1 - side, K_COMBAT, 0);
    if (g < 0 || t < 0)
        return vb_fail(cx, VB_EINPUT, "no gun or target in the order of battle");
    int gz = d->u[g].zone, tz = -1;
    for (int z = 0; z < d->nz && tz < 0; z++)
        if (d->dist[gz][z] == range && !(d->deploymask & BIT(z)))
            tz = z;
    if (tz < 0)
        return vb_fail(cx, VB_EINPUT, "no zone at range %d", range);
    place(s, g, gz);
    place(s, t, tz);
    s->ckind = CK_FIRE;
    s->done[g] = 1;
    s->cfrom = (uint8_t)g;
    s->alead = (uint8_t)t;
    s->phase = PH_ARTDIE;
    return 0;
}

static int setup_salvo(const sg_data *d, sg_state *s, int argc, char **argv, vb_ctx *cx)
{
    int n, on = 6;
    if (argc < 2)
        return vb_fail(cx, VB_EUSAGE, "salvo: how many dice? (one per unit, rule 11.2)");
    if (arg_int(argc, argv, 0, 1, 99, &n, "salvo dice", cx) < 0)
        return VB_EINPUT;
    for (int i = 2; i < argc; i++) {
        int k = word_int(argv[i], "hits-on", 2, 6, &on, cx);
        if (k < 0)
            return k;
        if (k == 0)
            return vb_fail(cx, VB_EUSAGE, "salvo: unknown word '%s'", argv[i]);
    }
    if (n < 1 || n > SG_STACK)
        return vb_fail(cx, VB_EUSAGE, "salvo: 1 to %d dice (one per unit, rule 11.2)", SG_STACK);
    blank(d, s, SG_BOURBON);
    int from = sg_find_zone(d, "Santa Marta"), to = sg_find_zone(d, "Pla d'en Llull");
    if (from < 0 || to < 0)
        return vb_fail(cx, VB_EINPUT, "salvo: map lacks Santa Marta / Pla d'en Llull");
    for (int i = 0; i < n; i++)
        place(s, pick(d, s, SG_BOURBON, K_COMBAT, 0), from);
    for (int i = 0; i < SG_STACK; i++)
        place(s, pick(d, s, SG_CATALAN, K_COMBAT, 0), to);
    if (on != 6) {
        for (int c = 0; c < d->nc; c++)
            if (d->c[c].salvo == on && d->c[c].side == 2)
                s->card = (uint8_t)c;
        if (s->card == SG_NO)
            return vb_fail(cx, VB_EUSAGE, "salvo: no event card makes salvos hit on %d", on);
    }
    s->ckind = CK_SALVO;
    s->acted |= BIT(from);
    s->cfrom = (uint8_t)from;
    s->cto = (uint8_t)to;
    s->drole = R_CATALAN;
    s->dice = (uint8_t)n;
    s->phase = PH_SALVODIE;
    return 0;
}

static int setup_assault(const sg_data *d, sg_state *s, int argc, char **argv, vb_ctx *cx)
{
    int att = 5, def = 5, na = 1, nd = 1, colour = COL_OCHRE, blue = 0, bar = 0, acmd = 0, dcmd = 0,
        flag = 0, wd = 0, side = SG_BOURBON;
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        /* each word once: a second 'att=' or 'attacker=' would silently
         * replace the first */
        size_t kl = strcspn(w, "=");
        for (int j = 1; j < i; j++)
            if (strcspn(argv[j], "=") == kl && !strncmp(argv[j], w, kl))
                return vb_fail(cx, VB_EUSAGE, "assault: '%.*s' given twice", (int)kl, w);
        int k = word_int(w, "att", 0, 9, &att, cx);
        if (k == 0)
            k = word_int(w, "def", 0, 9, &def, cx);
        if (k == 0)
            k = word_int(w, "attackers", 1, 99, &na, cx);
        if (k == 0)
            k = word_int(w, "defenders", 1, 99, &nd, cx);
        if (k < 0)
            return k;
        if (k > 0)
            continue;
        if (!strncmp(w, "zone=", 5)) {
            colour = vb_name_find(sg_colour_names, 4, w + 5);
            if (colour < 0)
                return vb_fail(cx, VB_EUSAGE, "assault: unknown zone colour '%s'", w + 5);
        } else if (!strcmp(w, "attacker=catalan")) {
            side = SG_CATALAN;
        } else if (!strcmp(w, "attacker=bourbon")) {
            side = SG_BOURBON;
        } else if (vb_name_eq(w, "blue-line")) {
            blue = 1;
        } else if (vb_name_eq(w, "barricade")) {
            bar = 1;
        } else if (vb_name_eq(w, "att-commander")) {
            acmd = 1;
        } else if (vb_name_eq(w, "def-commander")) {
            dcmd = 1;
        } else if (vb_name_eq(w, "flag")) {
            flag = 1;
        } else if (vb_name_eq(w, "withdraw")) {
            wd = 1;
        } else {
            return vb_fail(cx, VB_EUSAGE, "assault: unknown word '%s' (see --help)", w);
        }
    }
    if (na < 1 || na > SG_STACK || nd < 1 || nd > SG_STACK)
        return vb_fail(cx, VB_EUSAGE, "assault: 1 to %d units a side (rule 6.1)", SG_STACK);
    if (bar && colour != COL_OCHRE && colour != COL_GREEN)
        return vb_fail(cx, VB_EUSAGE,
                       "assault: barricades stand in ochre or green zones (rule 12)");
    blank(d, s, side);
    int from = -1, to = -1;
    for (int z = 0; z < d->nz && to < 0; z++) {
        if (d->z[z].colour != colour || (d->deploymask & BIT(z)))
            continue;
        for (int k = 0; k < d->z[z].nnb && to < 0; k++) {
            int y = d->z[z].nb[k];
            if (!(d->z[z].pass & BIT(y)) || (d->deploymask & BIT(y)))
                continue;
            if (((d->z[z].blue & BIT(y)) != 0) != blue)
                continue;
            if (bar && !(d->z[z].barok & BIT(y)))
                continue;
            from = y;
            to = z;
        }
    }
    if (to < 0)
        return vb_fail(cx, VB_EUSAGE, "assault: no such side on the map");
    int al = pick(d, s, side, K_COMBAT, att);
    if (al < 0)
        return vb_fail(cx, VB_EUSAGE, "assault: no attacking unit of strength %d", att);
    place(s, al, from);
    int dl = pick(d, s, 1 - side, K_COMBAT, def);
    if (dl < 0)
        return vb_fail(cx, VB_EUSAGE, "assault: no defending unit of strength %d", def);
    place(s, dl, to);
    for (int i = 1; i < na; i++)
        place(s, pick(d, s, side, K_COMBAT, 0), from);
    for (int i = 1; i < nd; i++)
        place(s, pick(d, s, 1 - side, K_COMBAT, 0), to);
    s->alead = (uint8_t)al;
    s->dlead = (uint8_t)dl;
    if (acmd) {
        int l = pick(d, s, side, K_LEADER, 0);
        place(s, l, from);
        s->acmd = (uint8_t)l;
    }
    if (dcmd) {
        int l = pick(d, s, 1 - side, K_LEADER, 0);
        place(s, l, to);
        s->dcmd = (uint8_t)l;
    }
    if (flag) {
        if (d->flag < 0)
            return vb_fail(cx, VB_EUSAGE, "assault: no flag in the order of battle");
        place(s, d->flag, side == SG_CATALAN ? from : to);
    }
    if (bar) {
        if (side == SG_CATALAN)
            return vb_fail(cx, VB_EUSAGE, "assault: only Catalans have barricades (rule 12)");
        int b = pick(d, s, SG_CATALAN, K_BARRICADE, 0);
        place(s, b, to);
        s->face[b] = (uint8_t)from;
    }
    s->ckind = CK_ASSAULT;
    s->acted |= BIT(from);
    s->cfrom = (uint8_t)from;
    s->cto = (uint8_t)to;
    s->drole = (uint8_t)sg_zone_role(d, s, to, 1 - side);
    s->withdraw = (uint8_t)wd;
    s->phase = PH_ADIE;
    return 0;
}

/* The positions above place units directly: rebuild the zone summary. */
static int resummed(const sg_data *d, sg_state *s, int rc)
{
    sg_resum(d, s);
    return rc;
}

static int strongest(const sg_data *d, const vb_action *a, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (d->u[SG_AA(a[i])].strength > d->u[SG_AA(a[best])].strength)
            best = i;
    return best;
}

static int from_state(const vb_game *g, sg_state *s, int argc, char **argv, vb_action *first,
                      vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    char text[VB_TEXT_LEN] = "";
    int acmd = 0, dcmd = 0, wd = 0;
    for (int i = 0; i < argc; i++) {
        if (vb_name_eq(argv[i], "att-commander"))
            acmd = 1;
        else if (vb_name_eq(argv[i], "def-commander"))
            dcmd = 1;
        else if (vb_name_eq(argv[i], "withdraw"))
            wd = 1;
        else {
            size_t l = strlen(text);
            snprintf(text + l, sizeof text - l, "%s%s", l ? " " : "", argv[i]);
        }
    }
    if (s->phase == PH_ARTDIE || s->phase == PH_SALVODIE || s->phase == PH_ADIE) {
        *first = VB_NONE;
        return 0;
    }
    vb_action a;
    if (vb_parse_action(g, s, text, &a, cx))
        return VB_EILLEGAL;
    if (SG_AK(a) != A_ASSAULT && SG_AK(a) != A_FIRE && SG_AK(a) != A_SALVO) {
        *first = a;
        return 0;
    }
    sg_apply(g, s, a, cx);
    vb_action l[VB_MAX_ACTIONS];
    while (s->phase >= PH_ALEAD && s->phase <= PH_WITHDRAW) {
        int n = sg_legal(g, s, l, NULL, VB_MAX_ACTIONS), k = 0;
        if (n <= 0)
            return vb_fail(cx, VB_EINPUT, "assault: no choice possible");
        if (s->phase == PH_ALEAD || s->phase == PH_DLEAD)
            k = strongest(d, l, n);
        else if (s->phase == PH_ACMD)
            k = acmd && n > 1 ? 1 : 0;
        else if (s->phase == PH_DCMD)
            k = dcmd && n > 1 ? 1 : 0;
        else
            k = wd ? 0 : 1;
        sg_apply(g, s, l[k], cx);
    }
    *first = VB_NONE;
    return 0;
}

int sg_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx)
{
    const sg_data *d = SGD(g);
    sg_state *s = st;
    *first = VB_NONE;
    if (argc < 1)
        return vb_fail(cx, VB_EUSAGE, "odds: name a procedure: artillery, salvo or assault");
    if (have_state)
        return from_state(g, s, argc, argv, first, cx);
    if (vb_name_eq(argv[0], "artillery"))
        return resummed(d, s, setup_artillery(d, s, argc, argv, cx));
    if (vb_name_eq(argv[0], "salvo"))
        return resummed(d, s, setup_salvo(d, s, argc, argv, cx));
    if (vb_name_eq(argv[0], "assault"))
        return resummed(d, s, setup_assault(d, s, argc, argv, cx));
    return vb_fail(cx, VB_EUSAGE, "odds: unknown procedure '%s' (artillery, salvo, assault)",
                   argv[0]);
}

static int gone(const sg_state *b, const sg_state *a, int u)
{
    return u != SG_NO && b->us[u] == US_ON && a->us[u] != US_ON;
}

void sg_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf, size_t n)
{
    const sg_data *d = SGD(g);
    const sg_state *b = before, *a = after;
    if (b->ckind == CK_FIRE) {
        snprintf(buf, n, "%s", gone(b, a, b->alead) ? "target eliminated" : "no effect");
        return;
    }
    if (b->ckind == CK_SALVO) {
        int k = 0;
        for (int u = 0; u < d->nu; u++)
            if (gone(b, a, u))
                k++;
        if (a->phase == PH_CASUALTY)
            k += a->hits;
        snprintf(buf, n, "%d defender%s eliminated", k, k == 1 ? "" : "s");
        return;
    }
    const char *r;
    int ad = gone(b, a, b->alead), dd = gone(b, a, b->dlead);
    if (!b->withdraw)
        r = dd ? "assault succeeds, defender lead eliminated"
               : "defender holds, attacker lead eliminated";
    else
        r = ad ? "zone taken after heavy losses, attacker lead eliminated"
               : "defenders withdraw without loss";
    (void)ad;
    snprintf(buf, n, "%s%s%s", r, gone(b, a, b->acmd) ? ", attacking commander falls" : "",
             gone(b, a, b->dcmd) ? ", defending commander falls" : "");
}
