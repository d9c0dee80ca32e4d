/*
 * rs_odds.c - exact odds (`vauban odds roi-soleil ...`, `odds` and `hint`
 * in play): one combat round (rule 17.1.1: ratio, modifiers, the Combat
 * and Losses tables) or one siege round (18.1: the Siege table, sortie),
 * from a position (an 'attack ZONE' or 'siege ZONE' action, or the round
 * in progress) or from words.
 */
#include <stdlib.h>
#include <string.h>

#include "rs_int.h"
#include "vauban.h" /* vb_parse_action: the odds of a legal action named by its text */

const char rs_odds_help[] =
    "combat INF INF [att-cav=N] [def-cav=N] [att-art=N] [def-art=N] [att-elite=N]\n"
    "        [def-elite=N] [att-gen=NAME]... [def-gen=NAME]...   one round of a\n"
    "        combat in Lorraine, France attacking (rule 17.1.1); INF = the\n"
    "        infantry SP of each side; the generals with each army (the best TC\n"
    "        commands: TC difference, '*' kills him on a 1, not Louis XIV)\n"
    "siege INF GARRISON [fv=N] [cav=N] [art=N] [gen=NAME]... [garrison-gen=NAME]...\n"
    "        [effort]   one round of a French siege of a Coalition fortress\n"
    "        (rule 18.1), FV 2 unless fv= is given; generals with the besiegers\n"
    "        (Louis XIV +1, Vauban +2) and the garrison (sortie TC, Coehoorn -1)\n"
    "with a state: 'attack ZONE' or 'siege ZONE' (a legal action: no decoy, the\n"
    "        defender stands), or the next round in progress; [effort] for a siege";

/* "key=N" with N in [min, max]: 1 read, 0 another word, <0 a bad number */
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

/* "key=NAME": a general of `camp` (in the odds position, rule 3.2) placed in
 * zone z; 1 read, 0 another word, <0 an unknown or wrong general */
static int word_gen(const vb_game *g, rs_state *s, const char *w, const char *key, int camp, int z,
                    vb_ctx *cx)
{
    const rs_data *d = RS_D(g);
    size_t n = strlen(key);
    if (strncmp(w, key, n) || w[n] != '=')
        return 0;
    for (int i = 0; i < d->ng; i++) {
        if (!vb_name_eq(d->gd[i].name, w + n + 1))
            continue;
        if (rs_gcamp(g, s, i) != camp)
            return vb_fail(cx, VB_EUSAGE, "odds: %s is not a general of %s (rule 3.2)",
                           d->gd[i].name, rs_camp_names[camp]);
        s->gz[i] = (int8_t)z;
        return 1;
    }
    return vb_fail(cx, VB_EUSAGE, "odds: unknown general '%s'", w + n + 1);
}

/* an empty Lorraine with n France and m Coalition infantry (Lorraine is
 * playable in the default scenario and belongs to no camp at war) */
static int bare_zone(const vb_game *g, rs_state *s)
{
    const rs_data *d = RS_D(g);
    int z = -1;
    for (int i = 0; i < d->nz; i++)
        if (d->z[i].state == d->st_lorraine)
            z = i;
    if (z < 0)
        return -1;
    for (int i = 0; i < d->ng; i++)
        if (s->gz[i] == z)
            s->gz[i] = GZ_RESERVE;
    memset(s->z[z].army, 0, sizeof s->z[z].army);
    memset(s->z[z].garr, 0, sizeof s->z[z].garr);
    s->z[z].fv = 0;
    s->z[z].line = 0;
    s->z[z].mk = -1;
    return z;
}

static int from_words(const vb_game *g, rs_state *s, int argc, char **argv, vb_ctx *cx)
{
    int siege = vb_name_eq(argv[0], "siege");
    if (!siege && !vb_name_eq(argv[0], "combat"))
        return vb_fail(cx, VB_EUSAGE, "odds: unknown procedure '%s' (combat, siege)", argv[0]);
    if (argc < 3)
        return vb_fail(cx, VB_EUSAGE, "odds %s: give the SP of each side (see --help)", argv[0]);
    long long a, b;
    if (vb_parse_ll(argv[1], 0, 60, &a, "attacking infantry", cx) < 0 ||
        vb_parse_ll(argv[2], siege ? 0 : 1, 60, &b, "defending SP", cx) < 0)
        return VB_EINPUT;
    int v[9] = {0, 0, 0, 0, 0, 0, 2, 0, 0}, effort = 0;
    static const char *const keys[] = {"att-cav",   "def-cav", "att-art", "def-art", "att-elite",
                                       "def-elite", "fv",      "cav",     "art"};
    int z = bare_zone(g, s), fr = KIND(RS_SCEN(g, s)->leader[RS_F], 0);
    if (z < 0)
        return vb_fail(cx, VB_EINPUT, "odds: the map has no Lorraine zone");
    /* the generals' words: France's with the attacker, the Coalition's with
     * the defender (the garrison in a siege) */
    static const char *const gkeys[2][2] = {{"att-gen", "def-gen"}, {"gen", "garrison-gen"}};
    for (int i = 3; i < argc; i++) {
        int k = 0;
        /* a count or "effort" given twice is refused (a general's word names
         * one general each: several may be given, the same one not) */
        size_t ki = strcspn(argv[i], "=");
        int gw = 0; /* a generals' word may be given once per general */
        for (int c = 0; c < 2; c++)
            gw |= ki == strlen(gkeys[siege][c]) && !strncmp(argv[i], gkeys[siege][c], ki);
        for (int j = 3; j < i; j++)
            if (strcspn(argv[j], "=") == ki && !strncmp(argv[i], argv[j], ki) &&
                (!gw || vb_name_eq(argv[i], argv[j])))
                return vb_fail(cx, VB_EUSAGE, "odds %s: '%.*s' given twice", argv[0],
                               gw ? (int)strlen(argv[i]) : (int)ki, argv[i]);
        for (int j = 0; j < 9 && k == 0; j++) {
            if (siege != (j >= 6))
                continue;
            k = word_int(argv[i], keys[j], j == 6 ? 1 : 0, j == 6 ? 4 : 60, &v[j], cx);
        }
        for (int c = 0; c < 2 && k == 0; c++)
            k = word_gen(g, s, argv[i], gkeys[siege][c], c, z, cx);
        if (k < 0)
            return k;
        if (k == 0 && siege && vb_name_eq(argv[i], "effort"))
            effort = k = 1;
        if (k == 0)
            return vb_fail(cx, VB_EUSAGE, "odds %s: unknown word '%s' (see --help)", argv[0],
                           argv[i]);
    }
    int co = KIND(RS_SCEN(g, s)->leader[RS_C], 0);
    s->active = RS_F;
    if (!siege) {
        uint8_t *A = s->z[z].army[RS_F], *D = s->z[z].army[RS_C];
        A[fr + T_INF] = (uint8_t)a;
        A[fr + T_CAV] = (uint8_t)v[0];
        A[fr + T_ART] = (uint8_t)v[2];
        A[fr + T_INFE] = (uint8_t)v[4];
        D[co + T_INF] = (uint8_t)b;
        D[co + T_CAV] = (uint8_t)v[1];
        D[co + T_ART] = (uint8_t)v[3];
        D[co + T_INFE] = (uint8_t)v[5];
        if (rs_sp(A) == 0 || rs_sp(D) == 0)
            return vb_fail(cx, VB_EUSAGE, "odds combat: both sides need SP");
        rs_start_combat(g, s, z, RS_F, NULL);
        s->phase = P_CB_ROUND;
        s->who = RS_F;
        return 0;
    }
    if (b > v[6])
        return vb_fail(cx, VB_EUSAGE, "odds siege: a garrison of %lld beyond FV %d (rule 13.1)", b,
                       v[6]);
    uint8_t *A = s->z[z].army[RS_F];
    A[fr + T_INF] = (uint8_t)a;
    A[fr + T_CAV] = (uint8_t)v[7];
    A[fr + T_ART] = (uint8_t)v[8];
    if (rs_sp(A) == 0)
        return vb_fail(cx, VB_EUSAGE, "odds siege: the besieger needs SP");
    s->z[z].fv = (uint8_t)v[6];
    s->z[z].mk = RS_C;
    s->z[z].garr[co + T_INF] = (uint8_t)b;
    rs_start_siege(g, s, z, NULL);
    s->sg.rounds = 6;
    s->sg.effort = (int8_t)effort;
    s->phase = P_SG_ROLL;
    s->who = RS_F;
    return 0;
}

/* play the non-chance steps up to the round's die: no decoy, the defender
 * stands, the siege's rounds and war effort */
static int to_round(const vb_game *g, rs_state *s, int effort, vb_ctx *cx)
{
    for (int guard = 0; guard < 8; guard++) {
        vb_action a;
        switch (s->phase) {
        case P_CB_ROUND:
        case P_SG_ROLL:
            return 0;
        case P_CB_TOP: /* 3.2: the commander by default */
            a = ACT(OP_COMMAND, rs_commander(g, s, s->cb.zone, s->who), 0, 0);
            break;
        case P_CB_DECOY:
            a = ACT(OP_NODECOY, 0, 0, 0);
            break;
        case P_CB_EVADE:
            a = ACT(OP_STAND, 0, 0, 0);
            break;
        case P_CB_BREAK:
            a = ACT(OP_FIGHTON, 0, 0, 0);
            break;
        case P_SG_ROUNDS:
            a = ACT(OP_DIE, 6, 0, 0);
            break;
        case P_SG_EFFORT:
            a = ACT(effort ? OP_EFFORT : OP_NOEFFORT, 0, 0, 0);
            break;
        case P_SG_CONT:
            a = ACT(OP_CONTINUE, 0, 0, 0);
            break;
        default:
            return vb_fail(cx, VB_EUSAGE,
                           "odds: no combat or siege round to come here (name 'attack ZONE' or "
                           "'siege ZONE')");
        }
        if (g->def->apply(g, s, a, cx) < 0)
            return VB_EINPUT;
    }
    return vb_fail(cx, VB_EINPUT, "odds: no round reached");
}

int rs_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx)
{
    rs_state *s = st;
    *first = VB_NONE;
    if (argc < 1)
        return vb_fail(cx, VB_EUSAGE, "odds: name a procedure: combat or siege");
    if (!have_state)
        return from_words(g, s, argc, argv, cx);
    char text[VB_TEXT_LEN] = "";
    int effort = 0;
    for (int i = 0; i < argc; i++) {
        if (vb_name_eq(argv[i], "effort")) {
            effort = 1;
            continue;
        }
        size_t l = strlen(text);
        snprintf(text + l, sizeof text - l, "%s%s", l ? " " : "", argv[i]);
    }
    if (text[0] && s->phase != P_IMPULSE) {
        return vb_fail(cx, VB_EUSAGE,
                       "odds: '%s' is not a choice now (give no words for the round in progress)",
                       text);
    } else if (text[0]) {
        vb_action a;
        if (vb_parse_action(g, s, text, &a, cx))
            return VB_EILLEGAL;
        if (A_OP(a) != OP_ATTACK && A_OP(a) != OP_SIEGE)
            return vb_fail(cx, VB_EUSAGE, "odds: '%s' is neither an attack nor a siege", text);
        if (g->def->apply(g, s, a, cx) < 0)
            return VB_EINPUT;
    }
    return to_round(g, s, effort, cx);
}

int rs_odds_done(const vb_game *g, const void *before, const void *st)
{
    const rs_state *b = before, *s = st;
    (void)g;
    if (b->phase == P_CB_ROUND)
        return s->phase != P_CB_ROUND;
    if (b->phase == P_SG_ROLL)
        return s->phase != P_SG_ROLL && s->phase != P_SG_SORTIE;
    return 1;
}

static int lost(const rs_state *b, const rs_state *a, int z, int c)
{
    return rs_army(b, z, c) - rs_army(a, z, c) + (a->phase == P_LOSS ? a->loss[c] : 0);
}

void rs_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf, size_t n)
{
    const rs_data *d = RS_D(g);
    const rs_state *b = before, *a = after;
    if (b->phase == P_CB_ROUND) {
        int z = b->cb.zone, att = b->cb.att;
        int star = a->phase == P_LOSS || a->phase == P_CB_DEATH;
        int sa = star && a->cb.pad[0] && rs_commander(g, a, z, att) >= 0 &&
                 rs_commander(g, a, z, att) != d->g_louis;
        int sd = star && a->cb.pad[1] && rs_commander(g, a, z, 1 - att) >= 0 &&
                 rs_commander(g, a, z, 1 - att) != d->g_louis;
        snprintf(buf, n, "attacker -%d SP%s, defender -%d SP%s", lost(b, a, z, att),
                 sa ? " (commander killed on a 1)" : "", lost(b, a, z, 1 - att),
                 sd ? " (commander killed on a 1)" : "");
        return;
    }
    if (b->phase == P_SG_ROLL) {
        int z = b->sg.zone, c = b->sg.camp, l = lost(b, a, z, c);
        int fv = b->z[z].fv - a->z[z].fv, taken = rs_ctrl(g, a, z) == c && rs_ctrl(g, b, z) != c;
        int g0 = rs_sp(b->z[z].garr), g1 = rs_sp(a->z[z].garr);
        size_t len = (size_t)snprintf(buf, n, "%s", taken ? "fortress taken" : fv ? "" : "holds");
        if (taken && fv && len < n)
            len += (size_t)snprintf(buf + len, n - len, ", ");
        if (fv && len < n)
            len += (size_t)snprintf(buf + len, n - len, "-%d FV", fv);
        if (!taken && a->sg.breach && len < n)
            len += (size_t)snprintf(buf + len, n - len, ", breach");
        if (g1 < g0 && rs_army(a, z, 1 - c) <= rs_army(b, z, 1 - c) && len < n)
            len += (size_t)snprintf(buf + len, n - len, ", garrison -%d SP", g0 - g1);
        if (l && len < n)
            snprintf(buf + len, n - len, ", besieger -%d SP", l);
        return;
    }
    buf[0] = 0;
}
