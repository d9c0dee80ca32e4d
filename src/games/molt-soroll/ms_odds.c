/*
 * ms_odds.c - exact odds for Molt soroll per un rei (`vauban odds
 * molt-soroll ...`): the offensive (8.1), influence (8.2-8.5) and siege (6)
 * rolls set up from words or a state, and how each outcome is named.
 */
#include <string.h>

#include "ms_int.h"

#define D(g) ((const ms_data *)(g)->data)

/* ---- exact odds ------------------------------------------------------------ */
/* "key=N" with N a whole number in [min, max]: 1 read, 0 another word,
 * VB_EINPUT (named in cx) a bad number. */
static int word_int(const char *w, const char *key, int min, int max, int *out, vb_ctx *cx)
{
    size_t l = strlen(key);
    long long v;
    if (strncmp(w, key, l) != 0 || w[l] != '=')
        return 0;
    if (vb_parse_ll(w + l + 1, min, max, &v, key, cx) < 0)
        return VB_EINPUT;
    *out = (int)v;
    return 1;
}

static int find_front_id(const ms_data *d, const char *s)
{
    for (int f = 0; f < MS_NFRONTS; f++)
        if (vb_name_eq(d->front[f].id, s))
            return f;
    return -1;
}

int ms_odds_setup(const struct vb_game *g, void *st, int have_state, int argc, char **argv,
                  vb_action *first, vb_ctx *cx)
{
    const ms_data *d = D(g);
    ms_state *s = st;
    int f = -1, target = -1, tok = 0, box = -1, reduced = 0, v, k;
    const char *proc = argc > 0 ? argv[0] : "";
    *first = VB_NONE;
    if (!have_state) {
        size_t h = sizeof s->head;
        memset((char *)s + h, 0, sizeof *s - h);
        ms_setup_state(d, s);
        s->active = -1;
    }
    if (s->over)
        return vb_fail(cx, VB_EUSAGE, "the game is over");
    if (argc < 2 && strcmp(proc, "influence") != 0)
        return vb_fail(cx, VB_EUSAGE, "usage: %s FRONT [words]; see --help", proc);
    if (argc >= 2) {
        f = find_front_id(d, argv[1]);
        if (strcmp(argv[1], "riot") == 0)
            target = MS_T_RIOT;
        else if (strcmp(argv[1], "pirates") == 0)
            target = MS_T_PIRATES;
        else
            target = f;
    }
    if (strcmp(proc, "offensive") != 0 && strcmp(proc, "siege") != 0 &&
        strcmp(proc, "influence") != 0 && strcmp(proc, "inactivation") != 0)
        return vb_fail(cx, VB_EUSAGE,
                       "unknown procedure '%s' (offensive, siege, influence, inactivation)", proc);
    if (target < 0 && strcmp(proc, "influence") != 0)
        return vb_fail(cx, VB_EUSAGE, "odds %s: unknown front '%s'", proc, argv[1]);
    /* Each word once, and only where the procedure uses it: a word that
     * would change nothing is refused rather than silently ignored. */
    for (int i = 2; i < argc; i++) {
        const char *w = argv[i];
        size_t kl = strcspn(w, "=");
        const char *why = NULL;
        int off = strcmp(proc, "offensive") == 0, force = target >= 0 && target < MS_NFRONTS;
        for (int k2 = 2; k2 < i; k2++)
            if (strcspn(argv[k2], "=") == kl && strncmp(argv[k2], w, kl) == 0)
                return vb_fail(cx, VB_EUSAGE, "odds %s: '%.*s' given twice", proc, (int)kl, w);
        if ((strcmp(w, "reduced") == 0 && reduced < 0) || (strcmp(w, "full") == 0 && reduced > 0))
            return vb_fail(cx, VB_EUSAGE, "odds %s: 'reduced' and 'full' together", proc);
        if (strcmp(w, "almogavar") == 0 || strcmp(w, "fleet") == 0)
            why = off ? NULL : "tokens only help an offensive (rule 8.1)";
        else if (strcmp(w, "riot") == 0 || strcmp(w, "pirates") == 0)
            why =
                off ? NULL : "the riot and the pirates only modify offensives (rules 8.1.1, 8.1.2)";
        else if (strncmp(w, "mod=", 4) == 0)
            why = off || strcmp(proc, "influence") == 0
                      ? NULL
                      : "the rules give this roll no modifier (rules 6, 8.1.4)";
        else if (strncmp(w, "box=", 4) == 0 || strcmp(w, "reduced") == 0 || strcmp(w, "full") == 0)
            why = !force ? "it describes a front's force"
                  : strcmp(w, "reduced") == 0 || strcmp(w, "full") == 0
                      ? (strcmp(proc, "inactivation") == 0
                             ? "only the box counts for an inactivation (rule 8.1.4)"
                             : NULL)
                      : NULL;
        else if (strncmp(w, "nobility=", 9) == 0 || strncmp(w, "james=", 6) == 0)
            why = strcmp(proc, "inactivation") == 0
                      ? "only the box counts for an inactivation (rule 8.1.4)"
                      : NULL;
        if (why)
            return vb_fail(cx, VB_EUSAGE, "odds %s: '%s' does not apply here: %s", proc, w, why);
        if (strcmp(w, "almogavar") == 0)
            tok |= MS_TOK_ALMOG;
        else if (strcmp(w, "fleet") == 0)
            tok |= MS_TOK_FLEET;
        else if (strcmp(w, "reduced") == 0)
            reduced = 1;
        else if (strcmp(w, "full") == 0)
            reduced = -1;
        else if (strcmp(w, "riot") == 0)
            s->riot = MS_ACTIVE;
        else if (strcmp(w, "pirates") == 0)
            s->pirates = MS_ACTIVE;
        else if ((k = word_int(w, "box", 0, 99, &box, cx)) != 0) {
            if (k < 0)
                return k;
        } else if ((k = word_int(w, "mod", -MS_EXTRA_MOD, MS_EXTRA_MOD, &v, cx)) != 0) {
            if (k < 0)
                return k;
            s->extra_mod = (int8_t)v;
        } else if ((k = word_int(w, "nobility", 0, d->track[MS_NOBILITY].nbox - 1, &v, cx)) != 0) {
            if (k < 0)
                return k;
            s->track[MS_NOBILITY] = (int8_t)v;
        } else if ((k = word_int(w, "james", 0, d->track[MS_JAMES].nbox - 1, &v, cx)) != 0) {
            if (k < 0)
                return k;
            s->track[MS_JAMES] = (int8_t)v;
        } else
            return vb_fail(cx, VB_EUSAGE, "odds %s: unknown word '%s'", proc, w);
    }
    if (strcmp(proc, "influence") == 0) {
        int t = -1;
        for (int tr = 0; argc >= 2 && tr < MS_NTRACKS; tr++)
            if (vb_name_eq(ms_track_ids[tr], argv[1]))
                t = tr;
        if (t < 0)
            return vb_fail(cx, VB_EUSAGE, "odds influence: say nobility, pope or james");
        if (t == MS_POPE && ms_pope_hopeless(s))
            return vb_fail(cx, VB_EUSAGE,
                           "odds influence pope: the marker is at 0, influencing the Pope is "
                           "hopeless (rule 8.5)");
        s->phase = PH_INFLUENCE;
        s->pend_arg = (uint8_t)t;
        if (s->active < 0)
            s->active = (int8_t)d->mort_card; /* a card with no modifiers */
        return 0;
    }
    if (target < 0)
        return vb_fail(cx, VB_EUSAGE, "odds %s: unknown front '%s'", proc, argv[1]);
    if (target < MS_NFRONTS) {
        int nb = d->front[f].nbox;
        if (box >= 0) {
            if (box > nb)
                return vb_fail(cx, VB_EUSAGE, "odds: front '%s' has boxes 0-%d (%d: Barcelona)",
                               d->front[f].id, nb - 1, nb);
            for (int o = 0; o < MS_NFRONTS; o++)
                if (o != f && s->pos[o] >= 0 &&
                    ((box < nb && ms_box_gid(d, o, s->pos[o]) == ms_box_gid(d, f, box)) ||
                     (box == nb && ms_in_barcelona(d, s, o))))
                    s->pos[o] = 0;
            s->pos[f] = (int8_t)box;
        } else if (s->pos[f] < 0) {
            if (have_state)
                return vb_fail(cx, VB_EUSAGE, "odds: front '%s' has no force in play",
                               d->front[f].id);
            s->pos[f] = 0;
        }
        if (reduced)
            s->reduced[f] = reduced > 0;
        ms_james_fix(d, s, NULL); /* 7.2: for the siege die too */
        if (reduced < 0 && s->reduced[f])
            return vb_fail(cx, VB_EUSAGE,
                           "odds: %s is always on its reduced side there while James of Mallorca "
                           "says '%s' (rule 7.2)",
                           d->front[f].id, d->track[MS_JAMES].name[s->track[MS_JAMES]]);
    }
    if (strcmp(proc, "offensive") == 0) {
        if (target == MS_T_PIRATES)
            tok = 0;
        if ((tok & MS_TOK_FLEET) && !ms_box_is_sea(d, s, target))
            return vb_fail(cx, VB_EUSAGE, "odds: fleets only help in sea boxes (rule 8.1)");
        if (target == MS_T_RIOT && tok)
            return vb_fail(cx, VB_EUSAGE, "odds: no tokens against the riot (rule 8.1.1)");
        s->phase = PH_OFFENSIVE;
        s->pend_kind = (uint8_t)target;
        s->pend_tok = (uint8_t)tok;
        if (target == MS_T_RIOT)
            s->riot = MS_ACTIVE;
        if (target == MS_T_PIRATES)
            s->pirates = MS_ACTIVE;
        if (s->active < 0)
            s->active = (int8_t)d->mort_card;
        ms_james_fix(d, s, NULL);
        return 0;
    }
    if (target >= MS_NFRONTS)
        return vb_fail(cx, VB_EUSAGE, "odds %s: a front is expected", proc);
    if (strcmp(proc, "siege") == 0) {
        if (!ms_fortified_here(d, s, f))
            return vb_fail(cx, VB_EUSAGE, "odds siege: %s is not in a fortified box (box=N)",
                           d->front[f].id);
        s->riot = s->riot == MS_ACTIVE && ms_in_barcelona(d, s, f) ? MS_NONE : s->riot;
        s->besieging[f] = 1;
        s->phase = PH_SIEGE;
        s->sub = (uint8_t)f;
        if (s->active < 0)
            s->active = (int8_t)d->mort_card;
        return 0;
    }
    if (strcmp(proc, "inactivation") == 0) {
        s->phase = PH_INACTIVATION;
        s->pend_arg = (uint8_t)f;
        if (s->active < 0)
            s->active = (int8_t)d->mort_card;
        return 0;
    }
    return vb_fail(cx, VB_EUSAGE,
                   "unknown procedure '%s' (offensive, siege, influence, inactivation)", proc);
}

int ms_odds_done(const struct vb_game *g, const void *before, const void *st)
{
    (void)g;
    return ((const ms_state *)st)->nrolls > ((const ms_state *)before)->nrolls;
}

void ms_odds_outcome(const struct vb_game *g, const void *before, const void *after, char *buf,
                     size_t n)
{
    const ms_state *b = before, *a = after;
    (void)g;
    switch (b->phase) {
    case PH_OFFENSIVE: {
        int t = b->pend_kind;
        if (t == MS_T_RIOT)
            snprintf(buf, n, "%s", a->riot == MS_DONE ? "success, riot crushed" : "failure");
        else if (t == MS_T_PIRATES)
            snprintf(buf, n, "%s", a->pirates == MS_DONE ? "success, pirates inactive" : "failure");
        else if (a->pos[t] != b->pos[t] || (b->pos[t] == 0 && a->reduced[t] != b->reduced[t]))
            snprintf(buf, n, "%s",
                     a->reduced[t] && !b->reduced[t] ? "success, force reduced" : "success");
        else if (b->pos[t] > 0)
            snprintf(buf, n, "failure");
        else /* a success in box 0 without a natural 6 changes nothing either */
            snprintf(buf, n, "failure or no effect");
        break;
    }
    case PH_SIEGE:
        if (a->over == 2)
            snprintf(buf, n, "siege succeeds, Barcelona falls: game lost");
        else if (a->fallen != b->fallen)
            snprintf(buf, n, "siege succeeds, the city falls");
        else
            snprintf(buf, n, "the defenders hold");
        break;
    case PH_INFLUENCE:
        snprintf(buf, n, "%s",
                 a->track[b->pend_arg] != b->track[b->pend_arg] ? "marker moves right"
                                                                : "no effect");
        break;
    case PH_INACTIVATION:
        snprintf(buf, n, "%s",
                 a->pos[b->pend_arg] == MS_ELIMINATED ? "front eliminated" : "no effect");
        break;
    default:
        snprintf(buf, n, "?");
    }
}
