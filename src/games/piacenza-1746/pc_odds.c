/*
 * pc_odds.c - exact odds (`vauban odds piacenza-1746 ... --state FILE`, and
 * `odds` / `hint` in `vauban play`): from a position, the words of a legal
 * action that starts dice (a bombardment, the formation's fire and melees),
 * enumerated to the next decision of a player that the second-volley plan
 * (9.1.2: 'again UNIT', 'again-all', 'again-replies', pc_odds_plan and
 * pc_odds_decide) does not make. Outcome classes name what
 * happened to each unit (steps, disorder, rout, retreat, elimination). A
 * retreat that waits for its owner's choice of hex (9.2.8) is the next
 * decision: its unit "falls back" from there.
 */
#include <stdlib.h>
#include <string.h>

#include "pc_int.h"
#include "vauban.h" /* vb_parse_action: the odds of a legal action named by its text */

const char pc_odds_help[] =
    "with a position (--state FILE, or in play): the words of a legal action\n"
    "  bombard BATTERY HEX    a bombardment's first volley (8.3-8.5)\n"
    "  second-volley BATTERY  its second volley, the cannon failure check (8.4)\n"
    "  open-fire [replies] [reply UNIT TARGET | hold UNIT]...\n"
    "                         the formation's first volleys, then its second\n"
    "                         volleys by the plan below and its melees (9.1,\n"
    "                         9.2, 10); each defender declared with 'reply'\n"
    "                         fires back at the target it names (9.1: one that\n"
    "                         fired at it), with 'hold' holds its fire; the\n"
    "                         others hold theirs, or with 'replies' fire back\n"
    "                         at their first possible target\n"
    "  done                   the second volleys announced (9.1.2)\n"
    "  any other action that is followed by dice (a move into a ZOC: 7.1 b, 7.2)\n"
    "the second-volley plan (9.1.2), after open-fire or done, or alone at the\n"
    "announcements; the odds go on through both volleys and the melees:\n"
    "  again UNIT             UNIT announces a second volley: a firer of the\n"
    "                         active formation, or defending infantry that\n"
    "                         fires back\n"
    "  again-all              every firer of the active formation announces one\n"
    "  again-replies          every defender that fires back announces one\n"
    "the units not named announce none; a unit the first volley leaves unable\n"
    "(gone, not adjacent, not in good order) announces nothing; one whose TDR\n"
    "fails takes Feu de Billebaude and does not fire";

/* The second-volley plan (9.1.2), in the core's plan buffer: the units that
 * announce, or every unit of a side. */
typedef struct pc_plan {
    uint8_t again[PC_MAXU];
    uint8_t all_att, all_def;
} pc_plan;
_Static_assert(sizeof(pc_plan) <= VB_ODDS_PLAN, "the plan fits the core's buffer");

static int plan_word(const char *w)
{
    return vb_name_eq(w, "again") ? 2
                                  : vb_name_eq(w, "again-all") || vb_name_eq(w, "again-replies");
}

int pc_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx)
{
    pc_state *s = st;
    char text[VB_TEXT_LEN] = "";
    int replies = 0, nown = 0, own[PC_MAXU], used[PC_MAXU];
    *first = VB_NONE;
    if (!have_state)
        return vb_fail(cx, VB_EUSAGE,
                       "piacenza-1746 odds need a position: --state FILE and the words of a "
                       "legal action (e.g. 'bombard Artilleria-de-Gages 0806', 'open-fire')");
    for (int i = 0; i < argc; i++) {
        if (plan_word(argv[i])) { /* read by pc_odds_plan */
            i += plan_word(argv[i]) - 1;
            continue;
        }
        if (vb_name_eq(argv[i], "replies")) {
            replies = 1;
            continue;
        }
        /* 9.1: a defender's own declaration, 'reply UNIT TARGET' or 'hold UNIT' */
        if (vb_name_eq(argv[i], "reply") || vb_name_eq(argv[i], "hold")) {
            int k = vb_name_eq(argv[i], "reply") ? 3 : 2;
            if (i + k > argc || nown == PC_MAXU)
                return vb_fail(cx, VB_EUSAGE, "odds: '%s' needs %s", argv[i],
                               k == 3 ? "a unit and its target" : "a unit");
            used[nown] = 0;
            own[nown++] = i;
            i += k - 1;
            continue;
        }
        size_t l = strlen(text);
        if (l + strlen(argv[i]) + 2 >= sizeof text)
            return vb_fail(cx, VB_EUSAGE, "odds: too many words");
        snprintf(text + l, sizeof text - l, "%s%s", l ? " " : "", argv[i]);
    }
    if (s->roll) /* dice are already due: enumerate from here */
        return nown ? vb_fail(cx, VB_EUSAGE, "odds: dice are due: no fire left to declare") : 0;
    if (!text[0] && !nown && (s->phase == PH_F2ATT || s->phase == PH_F2DEF))
        return 0; /* at the announcements: the plan alone */
    vb_action a;
    if (vb_parse_action(g, s, text, &a, cx))
        return VB_EILLEGAL;
    if (pc_apply(g, s, a, cx))
        return VB_EILLEGAL;
    /* 9.1: the defender's fire declarations come before any die */
    vb_action l[VB_MAX_ACTIONS];
    for (int guard = 0; guard < 2 * PC_MAXU && !s->roll && s->phase == PH_FREPLY; guard++) {
        int n = pc_legal(g, s, l, NULL, VB_MAX_ACTIONS), k = -1;
        for (int j = 0; j < nown && k < 0; j++) { /* the declaration given for this unit */
            char dt[VB_TEXT_LEN];
            vb_ctx quiet;
            vb_action a2;
            int w = own[j];
            snprintf(dt, sizeof dt, "%s %s%s%s", argv[w], argv[w + 1],
                     vb_name_eq(argv[w], "reply") ? " " : "",
                     vb_name_eq(argv[w], "reply") ? argv[w + 2] : "");
            vb_ctx_init(&quiet);
            if (used[j] || vb_parse_action(g, s, dt, &a2, &quiet))
                continue;
            for (int i = 0; i < n && k < 0; i++)
                if (l[i] == a2)
                    k = i;
            used[j] = k >= 0;
        }
        for (int i = 0; i < n && k < 0; i++)
            if (PC_K(l[i]) == (replies ? A_REPLY : A_HOLD))
                k = i;
        if (k < 0)
            k = 0; /* the only choice left (e.g. end of the declarations) */
        if (n <= 0 || pc_apply(g, s, l[k], cx))
            return vb_fail(cx, VB_EINPUT, "odds: the defensive fire cannot be declared");
    }
    for (int j = 0; j < nown; j++)
        if (!used[j])
            return vb_fail(cx, VB_EILLEGAL,
                           "odds: '%s %s' is not a defensive fire declaration of this fire (9.1)",
                           argv[own[j]], argv[own[j] + 1]);
    return 0;
}

/* Which side's second-volley announcements are still to come in st: bit 0
 * the active formation's (9.1.2), bit 1 the defender's. */
static int announcements_due(const pc_state *s)
{
    if (s->nd <= 0)
        return 0;
    if (s->phase == PH_F2ATT)
        return 3;
    if (s->phase == PH_F2DEF)
        return 2;
    /* the first volleys declared and being rolled, or their effects placed */
    if (s->proc_vol == 1 && (s->phase == PH_FREPLY || s->phase == PH_OWNER) &&
        (s->roll || s->cont == CONT_FIRE1))
        return 3;
    return 0;
}

int pc_odds_plan(const vb_game *g, const void *st, int argc, char **argv, void *plan, vb_ctx *cx)
{
    const pc_data *d = DATA(g, st);
    const pc_state *s = st;
    pc_plan *p = plan;
    int nw = 0, due = -1;
    for (int i = 0; i < argc; i++) {
        int k = plan_word(argv[i]);
        if (!k)
            continue;
        if (due < 0)
            due = announcements_due(s);
        if (!due)
            return vb_fail(cx, VB_EUSAGE,
                           "odds: '%s': no second volley to announce here (9.1.2: after "
                           "open-fire, until the announcements are done)",
                           argv[i]);
        nw += k;
        if (vb_name_eq(argv[i], "again-all") || vb_name_eq(argv[i], "again-replies")) {
            int att = vb_name_eq(argv[i], "again-all");
            uint8_t *f = att ? &p->all_att : &p->all_def;
            if (*f)
                return vb_fail(cx, VB_EUSAGE, "odds: '%s' named twice", argv[i]);
            if (att && !(due & 1))
                return vb_fail(cx, VB_EUSAGE,
                               "odds: '%s': the active formation's second volleys are already "
                               "announced (9.1.2)",
                               argv[i]);
            *f = 1;
            continue;
        }
        if (i + 1 >= argc)
            return vb_fail(cx, VB_EUSAGE, "odds: 'again' needs a unit");
        const char *w = argv[++i];
        int u = pc_find_unit(d, w), att = 0, def = 0;
        if (u < 0)
            return vb_fail(cx, VB_EUSAGE, "odds: 'again %s': no unit %s", w, w);
        for (int j = 0; j < s->nd; j++)
            att |= s->df[j] == u;
        def = s->rt[u] >= 0;
        if (!att && !def)
            return vb_fail(cx, VB_EUSAGE,
                           "odds: 'again %s': %s fires no first volley in this fire, so it has "
                           "no second to announce (9.1.2)",
                           w, d->u[u].name);
        if (def && d->u[u].type != UT_INF)
            return vb_fail(cx, VB_EUSAGE,
                           "odds: 'again %s': %s fires back with the Bombardment Table: one "
                           "volley (9.1.2: the infantry's second volley)",
                           w, d->u[u].name);
        if (att && !(due & 1))
            return vb_fail(cx, VB_EUSAGE,
                           "odds: 'again %s': the active formation's second volleys are already "
                           "announced (9.1.2)",
                           w);
        if (p->again[u])
            return vb_fail(cx, VB_EUSAGE, "odds: 'again %s': %s named twice", w, d->u[u].name);
        p->again[u] = 1;
    }
    return nw;
}

int pc_odds_decide(const vb_game *g, const void *plan, const void *before, const void *st,
                   vb_action *out)
{
    const pc_state *s = st;
    const pc_plan *p = plan;
    vb_action l[2 * PC_MAXDECL + PC_MAXU + 2];
    (void)before;
    if ((s->phase != PH_F2ATT && s->phase != PH_F2DEF) || s->roll)
        return 0;
    int n = pc_legal(g, s, l, NULL, (int)(sizeof l / sizeof *l)), att = s->phase == PH_F2ATT;
    for (int i = 0; i < n; i++) {
        if (PC_K(l[i]) != A_V2)
            continue;
        int x = PC_A(l[i]), u = att ? s->df[x] : x;
        if (p->again[u] || (att ? p->all_att : p->all_def)) {
            *out = l[i];
            return 1;
        }
    }
    for (int i = 0; i < n; i++)
        if (PC_K(l[i]) == A_DONE) {
            *out = l[i];
            return 1;
        }
    return 0;
}

static void add(char *buf, size_t n, const char *unit, const char *what, int *any)
{
    size_t l = strlen(buf);
    if (l + 1 >= n)
        return;
    snprintf(buf + l, n - l, "%s%s %s", *any ? ", " : "", unit, what);
    *any = 1;
}

void pc_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf, size_t n)
{
    const pc_data *d = DATA(g, before);
    const pc_state *b = before, *a = after;
    int any = 0;
    static const char *const stn[3] = {"good order", "disordered", "routed"};
    buf[0] = 0;
    for (int u = 0; u < d->nu; u++) {
        if (b->uhex[u] < 0)
            continue;
        if (a->uhex[u] < 0) {
            add(buf, n, d->u[u].name, "eliminated", &any);
            continue;
        }
        char what[64] = "";
        if (a->ustep[u] < b->ustep[u])
            snprintf(what, sizeof what, "loses a step");
        if (a->ustat[u] != b->ustat[u])
            snprintf(what + strlen(what), sizeof what - strlen(what), "%s%s", what[0] ? ", " : "",
                     stn[a->ustat[u] % 3]);
        if (a->uhex[u] != b->uhex[u] || (a->phase == PH_RETREAT && a->ret_u == u))
            snprintf(what + strlen(what), sizeof what - strlen(what), "%s%s", what[0] ? ", " : "",
                     d->u[u].side == d->wg[b->wing].side && b->umelee[u] >= 0 &&
                             a->uhex[u] == b->umelee[u]
                         ? "advances"
                         : "falls back");
        if ((a->uflag[u] & UF_FDB) && !(b->uflag[u] & UF_FDB))
            snprintf(what + strlen(what), sizeof what - strlen(what), "%sFeu de Billebaude",
                     what[0] ? ", " : "");
        if ((a->uflag[u] & UF_BROKEN) && !(b->uflag[u] & UF_BROKEN))
            snprintf(what + strlen(what), sizeof what - strlen(what), "%scannon failure",
                     what[0] ? ", " : "");
        if (what[0])
            add(buf, n, d->u[u].name, what, &any);
    }
    for (int l = 0; l < d->nl; l++)
        if (b->lhex[l] >= 0 && a->lhex[l] < 0)
            add(buf, n, d->l[l].name, "captured", &any);
    if (!any)
        snprintf(buf, n, "no effect");
}
