/*
 * sq_odds.c - exact odds of a fire, a breaching fire, a sortie or an
 * assault (`vauban odds siege-18c ...`, `odds` and `hint` in play), and the
 * explain hook naming the rule that forbids an action text.
 *
 * With a state file the words are a legal action's text ("fire Siege-1 at
 * Garrison-A1", "assault Foot-3 at CW-2 by-night"), or nothing more than
 * the procedure's name when its dice are already pending. Without one, a
 * canned one-front position runs the bare tables: `fire COLUMN`, `batter
 * COLUMN`, `attack NEED [night]`. Outcomes are named by what changed:
 * casualties and morale of each unit, leaders wounded or dead, strength
 * points of works, works taken.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sq_int.h"
#include "vauban.h" /* vb_parse_action: the odds of a legal action named by its text */

const char sq_odds_help[] =
    "with a state file: the words of a legal 'fire ...', 'batter ...', 'sortie ...' or\n"
    "        'assault ...' action, or the procedure's name when its dice are pending\n"
    "fire COLUMN [musket]     the fire table at COLUMN (1-8) on a foot without leaders,\n"
    "                         its morale test after artillery (musket: only if hit)\n"
    "batter COLUMN            breaching fire at COLUMN on a work of 15 points\n"
    "attack NEED [night]      a sortie or assault needing to beat NEED (-20..20)";

static int is_combat(int kind)
{
    return kind == AK_FIRE || kind == AK_BATTERW || kind == AK_SORTIE || kind == AK_ASSAULT;
}

static int parse_num(const char *w, int lo, int hi, int *out, vb_ctx *cx)
{
    long long v;
    if (vb_parse_ll(w, lo, hi, &v, "odds", NULL))
        return vb_fail(cx, VB_EUSAGE, "odds: '%.20s' is not a number from %d to %d", w, lo, hi);
    *out = (int)v;
    return 0;
}

/* The canned position: day 5 of the one-front siege, Foot-1 alone in a
 * parallel before Bastion-A, leaders away; a procedure pending. */
static int canned(const vb_game *g, sq_state *s, int argc, char **argv, vb_ctx *cx)
{
    const sq_scen *sc = sq_sc(g, s);
    int f1 = sq_find_unit(sc, "Foot-1"), h = sq_find_unit(sc, "Heavy-A1");
    int ba = sq_find_work(sc, "Bastion-A");
    if (f1 < 0 || h < 0 || ba < 0 || s->h.scenario != 0)
        return vb_fail(cx, VB_EINPUT, "odds: the canned position needs the one-front scenario");
    for (int u = 0; u < sc->nunits; u++)
        if (sq_is_leader(sc->units[u].type)) {
            s->u[u].att = -1;
            sq_send_back(g, s, u);
        }
    sq_sect *t = &s->s[0];
    memset(t, 0, sizeof *t);
    t->kind = SK_PARALLEL, t->state = SS_BUILT, t->par = 2, t->builder = -1, t->parent = -1;
    t->ax = 880, t->bx = 1520, t->ay = t->by = 2400, t->facing = 27000;
    s->nsect = 1;
    sq_place(g, s, f1, LK_SECT, 0, sq_sect_mid(t));
    s->day = 5;
    memset(&s->p, 0, sizeof s->p);
    s->p.star_of = -1;
    s->p.work = -1;
    if (vb_name_eq(argv[0], "fire")) {
        int col = 1, musket = argc > 2 && vb_name_eq(argv[2], "musket");
        if (argc < 2 || argc > 3 || (argc == 3 && !musket))
            return vb_fail(cx, VB_EUSAGE, "odds: fire COLUMN [musket]");
        if (parse_num(argv[1], 1, 8, &col, cx))
            return VB_EUSAGE;
        if (musket) {
            /* a garrison foot on CW-1 fires its muskets */
            int gb = sq_find_unit(sc, "Garrison-B2");
            if (gb < 0)
                return vb_fail(cx, VB_EINPUT, "odds: no Garrison-B2");
            h = gb;
            s->phase = PH_DMUSKET;
        } else
            s->phase = PH_DART;
        s->p.kind = PK_FIRE;
        s->p.actor = (int8_t)h;
        s->p.target = (int8_t)f1;
        s->p.need = (int8_t)col;
        s->u[h].flags |= UF_FIRED;
        return 0;
    }
    if (vb_name_eq(argv[0], "batter")) {
        int col = 1, sg = sq_find_unit(sc, "Siege-1");
        if (argc != 2)
            return vb_fail(cx, VB_EUSAGE, "odds: batter COLUMN");
        if (parse_num(argv[1], 1, 8, &col, cx) || sg < 0)
            return VB_EUSAGE;
        s->phase = PH_BART;
        s->p.kind = PK_BATTER;
        s->p.actor = (int8_t)sg;
        s->p.target = -1;
        s->p.work = (int8_t)ba;
        s->p.need = (int8_t)col;
        return 0;
    }
    if (vb_name_eq(argv[0], "attack")) {
        int need = 0, night = argc > 2 && vb_name_eq(argv[2], "night");
        int gb = sq_find_unit(sc, "Garrison-B2");
        if (argc < 2 || argc > 3 || (argc == 3 && !night))
            return vb_fail(cx, VB_EUSAGE, "odds: attack NEED [night]");
        if (parse_num(argv[1], -20, 20, &need, cx) || gb < 0)
            return VB_EUSAGE;
        /* Garrison-B2 sorties from CW-1 against Foot-1 */
        s->phase = PH_SORTIE;
        s->p.kind = PK_ATTACK;
        s->p.actor = (int8_t)gb;
        s->p.target = (int8_t)f1;
        s->p.need = (int8_t)need;
        s->p.night = (int8_t)night;
        s->p.tlk = (int8_t)s->u[f1].lkind;
        s->p.tloc = (int8_t)s->u[f1].loc;
        s->u[gb].flags |= UF_ATTACKED;
        return 0;
    }
    return vb_fail(cx, VB_EUSAGE, "odds: unknown procedure '%s' (fire, batter, attack)", argv[0]);
}

int sq_odds_setup(const vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx)
{
    sq_state *s = st;
    *first = VB_NONE;
    if (argc < 1)
        return vb_fail(cx, VB_EUSAGE, "odds: name a procedure (fire, batter, attack) or an action");
    if (!have_state)
        return canned(g, s, argc, argv, cx);
    if (s->over)
        return vb_fail(cx, VB_EINPUT, "odds: the game is over");
    if (s->p.kind != PK_NONE && argc == 1)
        return 0; /* the dice of the procedure in progress */
    char text[VB_TEXT_LEN] = "";
    for (int i = 0; i < argc; i++) {
        size_t l = strlen(text);
        snprintf(text + l, sizeof text - l, "%s%s", l ? " " : "", argv[i]);
    }
    vb_action a;
    if (vb_parse_action(g, s, text, &a, cx))
        return VB_EILLEGAL;
    if (!is_combat(SQ_AK(a)))
        return vb_fail(cx, VB_EUSAGE, "odds: '%s' starts no fire, sortie or assault", text);
    *first = a;
    return 0;
}

/* The procedure begun in `before` (or by the action applied to it) is over
 * once no procedure is pending, or another step or unit has begun one. */
int sq_odds_done(const vb_game *g, const void *before, const void *st)
{
    const sq_state *b = before, *s = st;
    (void)g;
    return s->over || s->p.kind == PK_NONE || s->phase != b->phase || s->day != b->day ||
           (b->p.kind != PK_NONE && s->p.actor != b->p.actor);
}

void sq_odds_outcome(const vb_game *g, const void *before, const void *after, char *buf, size_t n)
{
    const sq_state *b = before, *a = after;
    const sq_scen *sc = sq_sc(g, b);
    size_t k = 0;
    buf[0] = 0;
#define ADD(...)                                                                                   \
    do {                                                                                           \
        if (k < n) {                                                                               \
            int w_ = snprintf(buf + k, n - k, __VA_ARGS__);                                        \
            k += w_ > 0 ? (size_t)w_ : 0;                                                          \
        }                                                                                          \
    } while (0)
    for (int u = 0; u < sc->nunits; u++) {
        const sq_unit *x = &b->u[u], *y = &a->u[u];
        const char *nm = sc->units[u].name;
        int lead = sq_is_leader(sc->units[u].type);
        if (lead) {
            if (x->lkind != LK_OFF && y->lkind == LK_OFF)
                ADD("%s%s dead", k ? ", " : "", nm);
            else if (y->wound > x->wound)
                ADD("%s%s wounded", k ? ", " : "", nm);
            continue;
        }
        int cas = x->lkind == LK_OFF ? 0 : x->str - (y->lkind == LK_OFF ? 0 : y->str);
        const char *m = NULL;
        if (x->lkind != LK_OFF && y->lkind == LK_OFF)
            m = y->str <= 0 ? "destroyed" : "routs";
        else if (y->lkind != x->lkind && (y->lkind == LK_CAMP || y->lkind == LK_TOWN))
            m = "retires";
        else if ((y->flags & UF_SHAKEN) && !(x->flags & UF_SHAKEN))
            m = "shaken";
        if (!cas && !m)
            continue;
        ADD("%s%s", k ? ", " : "", nm);
        if (cas > 0)
            ADD(" -%d", cas);
        if (m)
            ADD(" %s", m);
    }
    for (int w = 0; w < sc->nworks; w++) {
        if (a->taken[w] && !b->taken[w])
            ADD("%s%s taken", k ? ", " : "", sc->works[w].name);
        else if (a->wstr[w] != b->wstr[w])
            ADD("%s%s %+d", k ? ", " : "", sc->works[w].name, a->wstr[w] - b->wstr[w]);
    }
    if (a->over && !b->over)
        ADD("%sthe %s wins", k ? ", " : "", a->winner == SQ_BESIEGER ? "besieger" : "defender");
    if (!k)
        snprintf(buf, n, "no effect");
#undef ADD
}

/* ---- explain ------------------------------------------------------------ */

/* The words that begin an action, and those of each step (for the
 * message naming a word that begins none). */
static const char *const verbs[] = {
    "order",  "hold",    "move",         "sap",        "trench",      "battery",      "join",
    "attach", "detach",  "mine",         "countersap", "redeploy",    "fire",         "batter",
    "sortie", "assault", "end-movement", "end-fire",   "end-sorties", "end-assaults",
};

static int known_verb(const char *w)
{
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        if (vb_name_eq(w, verbs[i]))
            return 1;
    return 0;
}

static const char *step_words(int ph)
{
    if (ph == PH_BMOVE || ph == PH_DMOVE)
        return "movement is order, hold, move, sap, trench, battery, join, attach, detach, mine, "
               "countersap or redeploy and a unit, or end-movement";
    if (ph >= PH_BART && ph <= PH_DMUSKET)
        return "fire is fire or batter and a unit, or end-fire";
    if (ph == PH_SORTIE)
        return "step 7 is sortie and a unit, or end-sorties";
    if (ph == PH_ASSAULT)
        return "step 8 is assault and a unit, or end-assaults";
    return "this step takes no order";
}

/* The numbers of a measured order ("move UNIT to X Y", "sap UNIT at DEG")
 * or a redeployment ("redeploy GUN N to GUN"): a malformed or out-of-range
 * number is named before any rule (the parse hook's own message is not
 * shown by the core, which asks this hook). NULL when the numbers are
 * well formed, or the text is no such order. */
static const char *bad_number(const vb_game *g, const sq_state *s, const char *text, char *wb,
                              size_t n)
{
    const sq_scen *sc = sq_sc(g, s);
    char buf[VB_TEXT_LEN], *tok[8] = {NULL}; /* past the words given: NULL, as sq_parse */
    int nt = 0;
    long long v;
    vb_ctx q;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *p = strtok(buf, " \t"); p && nt < 8; p = strtok(NULL, " \t"))
        tok[nt++] = p;
    vb_ctx_init(&q);
    /* a number of more digits than any on the table: named as such, not by
     * the bounds of a 64-bit integer */
    for (int i = 2; i < nt; i++)
        if (strlen(tok[i]) > 12 && strspn(tok[i], "+-0123456789.") == strlen(tok[i])) {
            snprintf(wb, n, "'%.24s...': too many digits for a number on this table", tok[i]);
            return wb;
        }
    if (nt >= 4 && vb_name_eq(tok[0], "move") && vb_name_eq(tok[2], "to") &&
        (nt > 4 || strchr("0123456789.+-", tok[3][0]))) {
        if (nt != 5) {
            snprintf(wb, n,
                     "a measured move is 'move UNIT to X Y': two numbers, inches with at most 2 "
                     "decimals");
            return wb;
        }
        for (int i = 0; i < 2; i++)
            if (vb_parse_fixed(tok[3 + i], 100, 0, i ? sc->depth : sc->width, &v, i ? "y" : "x",
                               &q)) {
                snprintf(wb, n,
                         "%.120s (a measured move: x 0.00-%d.%02d across, y 0.00-%d.%02d "
                         "down the table, inches)",
                         q.err, sc->width / 100, sc->width % 100, sc->depth / 100, sc->depth % 100);
                return wb;
            }
    } else if (nt >= 3 && vb_name_eq(tok[0], "sap") && vb_name_eq(tok[2], "at")) {
        if (nt != 4 || vb_parse_fixed(tok[3], 100, 0, 35999, &v, "angle", &q)) {
            snprintf(wb, n, "%.120s (a measured sap is 'sap UNIT at DEGREES', 0.00-359.99)",
                     nt != 4 ? "one angle" : q.err);
            return wb;
        }
    } else if (nt == 5 && vb_name_eq(tok[0], "redeploy") && vb_name_eq(tok[3], "to")) {
        int u = sq_find_unit(sc, tok[1]);
        int most = u >= 0 ? s->u[u].str : 0;
        if (u >= 0 && most > 0 && vb_parse_ll(tok[2], 1, most, &v, "strength points", &q)) {
            snprintf(wb, n,
                     "%.120s: %.24s gives 1 to its %d (Formations and deployment: "
                     "Defender)",
                     q.err, sc->units[u].name, most);
            return wb;
        }
    }
    return NULL;
}

/* Which rule forbids a text that is no legal action now. */
int sq_explain(const vb_game *g, const void *st, const char *text, vb_ctx *cx)
{
    const sq_state *s = st;
    const sq_scen *sc = sq_sc(g, s);
    char w0[32] = "", w1[64] = "", w2[32] = "", w3[64] = "";
    sscanf(text, "%31s %63s %31s %63s", w0, w1, w2, w3);
    const char *why = NULL;
    char b[200], wb[300];
    int u = w1[0] ? sq_find_unit(sc, w1) : -1;
    int ph = s->phase, side = u >= 0 ? sc->units[u].side : -1;
    if (s->over)
        why = "the siege is over";
    else if (s->p.kind != PK_NONE)
        why = "a die is pending: roll it first (1 to 6)";
    else if (!known_verb(w0)) {
        /* a bare unknown word (or one before a unit): name it */
        if (sq_find_unit(sc, w0) >= 0)
            snprintf(wb, sizeof wb, "'%.24s' is a unit, not an order: %s", w0, step_words(ph));
        else
            snprintf(wb, sizeof wb, "unknown word '%.24s': %s", w0, step_words(ph));
        why = wb;
    } else if (u < 0 && !vb_name_eq(w0, "end-movement") && !vb_name_eq(w0, "end-fire") &&
               !vb_name_eq(w0, "end-sorties") && !vb_name_eq(w0, "end-assaults")) {
        if (w1[0])
            snprintf(wb, sizeof wb, "no unit of that name: '%.24s'", w1);
        else
            snprintf(wb, sizeof wb, "name a unit after '%.24s'", w0);
        why = wb;
    } else if (vb_name_eq(w0, "order") || vb_name_eq(w0, "hold") || vb_name_eq(w0, "move") ||
               vb_name_eq(w0, "sap") || vb_name_eq(w0, "trench") || vb_name_eq(w0, "battery") ||
               vb_name_eq(w0, "join") || vb_name_eq(w0, "attach") || vb_name_eq(w0, "detach") ||
               vb_name_eq(w0, "mine") || vb_name_eq(w0, "countersap") ||
               vb_name_eq(w0, "redeploy")) {
        const sq_unit *x = &s->u[u];
        if ((why = bad_number(g, s, text, wb, sizeof wb)) != NULL)
            ;
        else if (ph != PH_BMOVE && ph != PH_DMOVE)
            why = "units move only in steps 1-2 (Sequence of Play)";
        else if (side != sq_phase_side(ph))
            why = "it is the other side's movement step (Sequence of Play 1-2)";
        else if (!sq_alive(s, u))
            why = "that unit is out of play";
        else if (x->wound)
            why = "that leader is wounded and out of play (CinC/Engineers)";
        else if (x->flags & UF_ORDERED)
            why = "that unit has had its order this day (one order a unit a day)";
        else if (vb_name_eq(w0, "mine"))
            why = side != SQ_BESIEGER || sc->units[u].type != UT_FOOT
                      ? "mines are driven by the besieger's foot (reconstructed reading, "
                        "docs/siege-18c.md)"
                      : "a mine is driven by an unshaken foot with an engineer attached, on the "
                        "covered way, under a wall neither taken nor breached within 4 in, once "
                        "a battery stands on or beyond the covered way (Fire and assaults on "
                        "Fortress Defences; reconstructed)";
        else if (vb_name_eq(w0, "redeploy"))
            why = side != SQ_DEFENDER ||
                          (sc->units[u].type != UT_HEAVY && sc->units[u].type != UT_MORTAR)
                      ? "only the defender's heavy guns and mortars, which cannot move, "
                        "redeploy strength points (Formations and deployment: Defender)"
                      : "strength points go from a gun to another of its kind that has lost at "
                        "least as many and has not had its order this day (Formations and "
                        "deployment: Defender; one order a unit a day)";
        else if (vb_name_eq(w0, "countersap"))
            why = side != SQ_DEFENDER || sc->units[u].type != UT_FOOT
                      ? "counter-saps are dug by the defender's foot (Sequence 2)"
                      : "a counter-sap is dug by an unshaken foot with an engineer attached, on "
                        "a section of the covered way, with a besieger trench within 4 in "
                        "(Sequence 2: 'Any foot unit with an engineer attached'; reconstructed)";
        else if (vb_name_eq(w0, "sap") || vb_name_eq(w0, "trench") || vb_name_eq(w0, "battery") ||
                 vb_name_eq(w0, "join")) {
            if (side != SQ_BESIEGER || sc->units[u].type != UT_FOOT)
                why = "only the besieger's foot dig (Besieger: 'It takes one infantry unit with "
                      "an attached engineer to build a sap/trench')";
            else if (!sq_has_leader(g, s, u, UT_ENGINEER))
                why = "it takes one infantry unit with an attached engineer to build a "
                      "sap/trench (Besieger)";
            else if (x->flags & UF_SHAKEN)
                why = "a shaken unit does not dig (Sequence 9: 'completed by unshaken units')";
            else if (x->lkind != LK_SECT)
                why = "saps start from the trenches (Besieger: 'by advancing saps')";
            else if (vb_name_eq(w0, "trench"))
                why = "a trench is built at the end of a sap, on its head, the section wholly "
                      "on the table (Besieger: 'A trench is built at the end of the sap by "
                      "positioning a section on the centre')";
            else if (vb_name_eq(w0, "battery"))
                why = "batteries are built directly behind or in front of a section of trench "
                      "(a parallel), on ground outside the ditch, wholly on the table "
                      "(Besieger)";
            else if (vb_name_eq(w0, "join"))
                why = "a join reaches another part of the network within a day's digging "
                      "(Besieger: trenches that do not meet exactly)";
            else
                why = "the sap would leave the table, enter the ditch, or there is no room "
                      "for another section (Besieger)";
        } else if (vb_name_eq(w0, "move"))
            why = side == SQ_BESIEGER ? "the besieger moves only within the existing network "
                                        "of trenches, into room the capacities allow "
                                        "(Sequence 1; Fortress Capacity)"
                                      : "the defender moves within the covered way, into room "
                                        "the capacities allow; heavy guns never move "
                                        "(Sequence 2; Fortress Capacity; Formations)";
        else if (vb_name_eq(w0, "attach"))
            why = "a leader attaches to a unit in the same place with none of its kind "
                  "attached; engineers only to foot (CinC/Engineers)";
        else if (vb_name_eq(w0, "detach"))
            why = "that leader is not attached";
    } else if (vb_name_eq(w0, "fire") || vb_name_eq(w0, "batter")) {
        const sq_unit *x = &s->u[u];
        int ty = sc->units[u].type;
        if (ph < PH_BART || ph > PH_DMUSKET)
            why = "fire happens in steps 3-6 (Sequence of Play)";
        else if (side != sq_phase_side(ph))
            why = "it is the other side's fire step (Sequence of Play 3-6)";
        else if (!sq_alive(s, u) || (x->lkind != LK_SECT && x->lkind != LK_WORK))
            why = "that unit is not on the board to fire";
        else if (x->flags & UF_FIRED)
            why = "that unit has fired this day";
        else if ((ph == PH_BMUSKET || ph == PH_DMUSKET) && ty != UT_FOOT)
            why = "steps 5-6 are musketry: foot only (Sequence of Play)";
        else if ((ph == PH_BART || ph == PH_DART) && ty == UT_FOOT && !sq_battalion_guns(g, s, u))
            why = "in steps 3-4 foot fire only battalion guns, and only if they have not moved "
                  "or are shaken (Sequence of Play 3-4)";
        else if ((x->flags & UF_MOVED) && !(x->flags & UF_SHAKEN))
            why = "units that moved do not fire (Sequence of Play 3-6: 'that have not moved')";
        else if (vb_name_eq(w0, "batter"))
            why = "breaching fire needs heavy guns in a battery on or beyond the covered way, "
                  "the wall in their arc and range, neither taken nor breached (Fire and "
                  "assaults on Fortress Defences; mortars 'cannot destroy wall sections')";
        else if (sq_find_unit(sc, w3) >= 0 && !sq_has_leader(g, s, u, UT_CINC))
            why = "fire goes at the nearest enemy unit in range, arc and line of sight unless "
                  "a CinC is attached (Line of Sight)";
        else
            why = "the target is out of range, arc (+/-45 degrees) or line of sight, or not a "
                  "unit (Line of Sight)";
    } else if (vb_name_eq(w0, "sortie")) {
        if (ph != PH_SORTIE)
            why = "sorties happen in step 7 (Sequence of Play)";
        else if (side != SQ_DEFENDER || sc->units[u].type != UT_FOOT)
            why = "sorties are made by the defender's foot";
        else if ((s->u[u].flags & (UF_FIRED | UF_SHAKEN)) == UF_FIRED ||
                 (s->u[u].flags & UF_ATTACKED))
            why = "only foot that has not fired or is shaken attack (Sequence of Play 7)";
        else
            why = "a sortie goes from the covered way at the closest section (at a work the "
                  "besieger holds: from the closest defended section) in line of sight, "
                  "within 24 in; "
                  "parallels covered by a complete later parallel are spared "
                  "(Sortie/Assault; Line of Sight)";
    } else if (vb_name_eq(w0, "assault")) {
        if (ph != PH_ASSAULT)
            why = "assaults happen in step 8 (Sequence of Play)";
        else if (side != SQ_BESIEGER || sc->units[u].type != UT_FOOT)
            why = "assaults are made by the besieger's foot";
        else if (s->u[u].lkind != LK_SECT || s->s[s->u[u].loc].kind != SK_PARALLEL)
            why = "assaults are launched only from the trench parallels, never from saps "
                  "(Sortie/Assault)";
        else
            why = "a unit must assault the closest section of fortification, within 24 in, "
                  "in the order covered way, ravelin, bastion, curtain, a wall only once "
                  "breached (Sortie/Assault; Fire and assaults on Fortress Defences)";
    } else if (vb_name_eq(w0, "end-movement") || vb_name_eq(w0, "end-fire") ||
               vb_name_eq(w0, "end-sorties") || vb_name_eq(w0, "end-assaults")) {
        if (ph == PH_BART || ph == PH_DART)
            why = "a shaken foot with battalion guns must fire them first (Sequence of Play "
                  "3-4: 'and must if shaken')";
        else
            why = "that step is not the one in progress";
    }
    snprintf(b, sizeof b, "%.60s", text);
    if (!why)
        return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': not a legal action now", b);
    return vb_fail(cx, VB_EILLEGAL, "illegal action '%s': %s", b, why);
}
