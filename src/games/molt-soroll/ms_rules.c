/*
 * ms_rules.c - the rules of Molt soroll per un rei: setup, the nine phases
 * of a turn, actions, chance, results, heuristic and the game definition.
 *
 * Section numbers follow the rulebook's cross-references: 2 Components,
 * 3 Setup, 4 How to play, 5 New card/reinforcements/event, 6 Siege
 * resolution, 7 Movement (7.1 Palermo, 7.2 James of Mallorca), 8 Actions
 * (8.1 Offensives, 8.1.1 Riot, 8.1.2 Pirates, 8.1.3 First box, 8.1.4 Front
 * elimination, 8.2-8.6), 9 Laying sieges, 10 Special actions (10.1
 * Vespers), 11 Pope, 12 Winning and losing (12.1, 12.2).
 *
 * legal() and apply() allocate nothing; phases without a decision run
 * inside apply() (run()) until the next chance or king decision.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ms_int.h"

#define D(g) ((const ms_data *)(g)->data)

const char *const ms_phase_names[PH_COUNT] = {
    "draw",      "reinforcements", "siege",        "intercept", "actions",
    "offensive", "influence",      "inactivation", "over",
};

int ms_card_count(uint64_t m)
{
    int n = 0;
    while (m) {
        m &= m - 1;
        n++;
    }
    return n;
}

static int in_barcelona(const ms_data *d, const ms_state *s, int f)
{
    return s->pos[f] == d->front[f].nbox;
}

int ms_box_gid(const ms_data *d, int f, int pos)
{
    if (pos < 0 || pos >= d->front[f].nbox)
        return -1;
    return d->front[f].box[pos].gid;
}

static int barcelona_holder(const ms_data *d, const ms_state *s)
{
    for (int f = 0; f < MS_NFRONTS; f++)
        if (in_barcelona(d, s, f))
            return f;
    return -1;
}

static int card_has(uint64_t m, int c)
{
    return (int)((m >> c) & 1u);
}

static const ms_card *active_card(const ms_data *d, const ms_state *s)
{
    return s->active >= 0 ? &d->card[s->active] : NULL;
}

/* 2.3/8.4: combat and siege values, with the nobility track's modifier. */
int ms_combat(const ms_data *d, const ms_state *s, int f)
{
    const ms_front *fr = &d->front[f];
    int v = fr->combat[s->reduced[f] ? 1 : 0];
    if (fr->nobility)
        v += d->track[MS_NOBILITY].combat[s->track[MS_NOBILITY]];
    return v;
}

int ms_siege_value(const ms_data *d, const ms_state *s, int f)
{
    const ms_front *fr = &d->front[f];
    int v = fr->siege[s->reduced[f] ? 1 : 0];
    if (fr->nobility)
        v += d->track[MS_NOBILITY].siege[s->track[MS_NOBILITY]];
    return v;
}

/* 7.2: with James at "Visca lo rei en Pere!", the French force is reduced
 * in Perpinya, Panissars, Girona or besieging Barcelona. */
static int james_protects(const ms_data *d, const ms_state *s, int f)
{
    int p = s->pos[f];
    if (f != d->mallorca_front || p < 0 || !d->track[MS_JAMES].protects[s->track[MS_JAMES]])
        return 0;
    return p == d->front[f].nbox || d->front[f].box[p].mallorca_reduced;
}

static void james_fix(const ms_data *d, ms_state *s, vb_ctx *cx)
{
    int f = d->mallorca_front;
    if (f >= 0 && james_protects(d, s, f) && !s->reduced[f]) {
        s->reduced[f] = 1;
        VB_LOG(cx, "[7.2] James of Mallorca supports the King: %s is flipped to its reduced side",
               d->front[f].name);
    }
}

static int box_is_sea(const ms_data *d, const ms_state *s, int f)
{
    int p = s->pos[f];
    return p >= 0 && p < d->front[f].nbox && d->front[f].box[p].sea;
}

static const char *where_name(const ms_data *d, const ms_state *s, int f)
{
    int p = s->pos[f];
    if (p < 0)
        return p == MS_INACTIVE ? "off the map" : "eliminated";
    return p == d->front[f].nbox ? "Barcelona" : d->front[f].box[p].name;
}

/* 6/9: a fortified box that has not fallen, or Barcelona. */
static int fortified_here(const ms_data *d, const ms_state *s, int f)
{
    int p = s->pos[f], gid;
    if (p < 0)
        return 0;
    if (p == d->front[f].nbox)
        return 1;
    gid = d->front[f].box[p].gid;
    return d->front[f].box[p].fortified && !((s->fallen >> gid) & 1u);
}

/* 7: put force f on box np of its front. A shared box held by the other
 * force: they swap places (the other takes the mover's old number, which is
 * Egea or Terol when the mover advanced to Saragossa). Moving lifts a siege. */
static void move_force(const ms_data *d, ms_state *s, int f, int np, vb_ctx *cx)
{
    int old = s->pos[f];
    int gid = ms_box_gid(d, f, np);
    if (gid >= 0)
        for (int o = 0; o < MS_NFRONTS; o++) {
            if (o == f || ms_box_gid(d, o, s->pos[o]) != gid)
                continue;
            s->pos[o] = (int8_t)(old > d->front[o].nbox ? d->front[o].nbox : old);
            s->besieging[o] = 0;
            VB_LOG(cx, "[7] %s and %s share %s: they swap places, %s goes to %s", d->front[f].name,
                   d->front[o].name, d->box_name[gid], d->front[o].name, where_name(d, s, o));
        }
    if (s->besieging[f])
        VB_LOG(cx, "[6] %s lifts its siege", d->front[f].name);
    s->besieging[f] = 0;
    s->pos[f] = (int8_t)np;
}

/* The force that holds the shared box with map id `gid`, other than f; -1. */
static int shared_holder(const ms_data *d, const ms_state *s, int f, int gid)
{
    for (int o = 0; gid >= 0 && o < MS_NFRONTS; o++)
        if (o != f && ms_box_gid(d, o, s->pos[o]) == gid)
            return o;
    return -1;
}

/* 7, 8.1.3: one box back, never beyond the first box. A force going back
 * from Barcelona onto a shared box held by the other force cannot go back:
 * the swap of rule 7 would send the other force into Barcelona, and a force
 * enters Barcelona only by advancing (7); "moves back one box (if
 * possible)" (8.1). A success of the King never creates a besieger. */
static void retreat(const ms_data *d, ms_state *s, int f, const char *sec, const char *why,
                    vb_ctx *cx)
{
    int o;
    if (s->pos[f] <= 0) {
        VB_LOG(cx, "[8.1.3] %s: %s cannot go back beyond the first box", why, d->front[f].name);
        return;
    }
    if (in_barcelona(d, s, f) &&
        (o = shared_holder(d, s, f, ms_box_gid(d, f, s->pos[f] - 1))) >= 0) {
        VB_LOG(cx, "[7] %s: %s cannot go back: %s holds %s and may not be swapped into Barcelona",
               why, d->front[f].name, d->front[o].name, d->front[f].box[s->pos[f] - 1].name);
        return;
    }
    move_force(d, s, f, s->pos[f] - 1, cx);
    VB_LOG(cx, "[%s] %s: %s goes back to %s", sec, why, d->front[f].name, where_name(d, s, f));
}

/* 8.5, 11: once the Pope marker reaches 0 the excommunication is triggered:
 * influencing the Pope is hopeless and papal references on the cards are
 * ignored, already before the phase-11 check proclaims the crusade. */
int ms_pope_hopeless(const ms_state *s)
{
    return s->crusade || s->track[MS_POPE] == 0;
}

static int any_token(const ms_state *s, const ms_data *d, int kind, int status)
{
    for (int t = 0; t < MS_NTOK; t++)
        if (d->tok_kind[t] == kind && s->tok[t] == status)
            return t;
    return -1;
}

static void lose(ms_state *s)
{
    s->over = 2;
    s->phase = PH_OVER;
    s->sub = 0;
    s->actions_left = 0;
}

/* ---- die modifiers, itemised ------------------------------------------- */

/* Add modifier v named `what` to *m and, when v != 0, to the text in buf
 * (" +1 almogavar"). */
static void item(int *m, int v, const char *what, char *buf, size_t n)
{
    size_t l;
    *m += v;
    if (!v || !buf)
        return;
    l = strlen(buf);
    if (l + 1 < n)
        snprintf(buf + l, n - l, " %+d %s", v, what);
}

/* 8.1: the modifiers of an offensive; with buf, their itemised text. */
static int offensive_items(const ms_data *d, const ms_state *s, int target, int tok, char *buf,
                           size_t n)
{
    const ms_card *c = active_card(d, s);
    int m = 0;
    if (buf)
        buf[0] = 0;
    item(&m, s->extra_mod, "given", buf, n);
    if (target >= MS_NFRONTS) /* 8.1.1/8.1.2: a standard offensive without modifiers */
        return m;
    if (c) {
        item(&m, c->mod_front[target], "card", buf, n);
        item(&m, c->mod_all, "card (all fronts)", buf, n);
    }
    if (s->riot == MS_ACTIVE)
        item(&m, -1, "riot", buf, n); /* 8.1.1 */
    if (s->pirates == MS_ACTIVE && box_is_sea(d, s, target))
        item(&m, -1, "pirates", buf, n); /* 8.1.2 */
    if (target == d->mallorca_front && s->pos[target] >= 0 &&
        s->pos[target] < d->front[target].nbox && d->front[target].box[s->pos[target]].mallorca_mod)
        item(&m, d->track[MS_JAMES].offensive[s->track[MS_JAMES]], "James", buf, n); /* 7.2 */
    if (tok & MS_TOK_ALMOG)
        item(&m, 1, "almogavar", buf, n);
    if (tok & MS_TOK_FLEET)
        item(&m, 1, "fleet", buf, n);
    return m;
}

int ms_offensive_mod(const ms_data *d, const ms_state *s, int target, int tok)
{
    return offensive_items(d, s, target, tok, NULL, 0);
}

/* "3 +1 almogavar -1 pirates = 3", or "4" without modifiers. */
static void roll_text(char *out, size_t n, int v, const char *items, int total)
{
    if (items[0])
        snprintf(out, n, "%d%s = %d", v, items, total);
    else
        snprintf(out, n, "%d", v);
}

/* ---- setup (3) ---------------------------------------------------------- */
int ms_setup_state(const ms_data *d, ms_state *s)
{
    for (int f = 0; f < MS_NFRONTS; f++)
        s->pos[f] = (int8_t)(d->front[f].setup_active ? 0 : MS_INACTIVE);
    for (int t = 0; t < MS_NTRACKS; t++)
        s->track[t] = (int8_t)d->track[t].start;
    for (int t = 0; t < MS_NTOK; t++)
        s->tok[t] = (uint8_t)d->tok_setup[t];
    s->deck = d->mask_a;
    s->active = -1;
    s->phase = PH_DRAW;
    return 0;
}

int ms_setup(const struct vb_game *g, void *st, vb_ctx *cx)
{
    (void)cx;
    return ms_setup_state(D(g), (ms_state *)st);
}

int ms_to_move(const struct vb_game *g, const void *st)
{
    const ms_state *s = st;
    (void)g;
    switch (s->phase) {
    case PH_INTERCEPT:
    case PH_ACTIONS:
        return 0;
    case PH_OVER:
        return VB_OVER;
    default:
        return VB_CHANCE;
    }
}

/* ---- the automatic parts of a turn -------------------------------------- */

/* 5: reinforcement step i (0-5 fronts, 6 pirates) needs a die? */
static int reinf_eligible(const ms_data *d, const ms_state *s, int i)
{
    if (i == MS_NFRONTS)
        return s->pirates == MS_DONE;
    return s->pos[i] >= 0 && s->reduced[i] && !james_protects(d, s, i);
}

/* 5: the event of the active card. */
static void do_event(const ms_data *d, ms_state *s, vb_ctx *cx)
{
    const ms_card *c = active_card(d, s);
    if (!c->event[0])
        return;
    VB_LOG(cx, "[5] Event: %s", c->event);
    for (int i = 0; i < c->neff && !s->over; i++) {
        const ms_effect *e = &c->eff[i];
        int f = e->arg;
        switch (e->kind) {
        case EF_ACTIVATE:
            if (s->pos[f] == MS_INACTIVE) {
                s->pos[f] = 0;
                s->reduced[f] = 0;
                s->besieging[f] = 0;
                VB_LOG(cx, "[5] Activa el front: %s enters at full force in %s", d->front[f].name,
                       d->front[f].box[0].name);
            } else
                VB_LOG(cx, "[5] Activa el front: %s is %s, no effect", d->front[f].name,
                       s->pos[f] == MS_ELIMINATED ? "eliminated" : "already active");
            break;
        case EF_BACK:
            if (s->pos[f] < 0)
                VB_LOG(cx, "[5] %s is not in play: no effect", d->front[f].name);
            else
                for (int k = 0; k < e->val; k++)
                    retreat(d, s, f, "5", "event", cx);
            break;
        case EF_REDUCE:
            if (s->pos[f] >= 0 && !s->reduced[f]) {
                s->reduced[f] = 1;
                VB_LOG(cx, "[5] %s is flipped to its reduced side", d->front[f].name);
            }
            break;
        case EF_TRACK: {
            int t = f, v = s->track[t] + e->val, top = d->track[t].nbox - 1;
            if (t == MS_POPE && ms_pope_hopeless(s)) {
                VB_LOG(cx, "[8.5] Papal reference ignored: %s",
                       s->crusade ? "the crusade has been proclaimed"
                                  : "the Pope marker is at 0, the excommunication is triggered");
                break;
            }
            v = v < 0 ? 0 : v > top ? top : v;
            VB_LOG(cx, "[2.3] %s track %+d: %s -> %s%s", ms_track_ids[t], e->val,
                   d->track[t].name[s->track[t]], d->track[t].name[v],
                   v - s->track[t] != e->val ? " (end of the track)" : "");
            s->track[t] = (int8_t)v;
            break;
        }
        case EF_TOKEN:
            if (s->tok[f] == MS_OFF) {
                s->tok[f] = MS_AVAILABLE;
                VB_LOG(cx, "[2.3] %s enters play in the Available box", d->tok_name[f]);
            } else
                VB_LOG(cx, "[2.3] %s is already in play: no effect", d->tok_name[f]);
            break;
        case EF_RIOT:
            if (s->riot == MS_NONE) {
                s->riot = MS_ACTIVE;
                VB_LOG(cx, "[8.1.1] Berenguer Oller's riot breaks out in Barcelona");
                if (barcelona_holder(d, s) >= 0) {
                    VB_LOG(cx, "[8.1.1] The riot occurs while Barcelona is besieged: the player "
                               "loses immediately");
                    lose(s);
                }
            }
            break;
        case EF_PIRATES:
            if (s->pirates != MS_ACTIVE) {
                s->pirates = MS_ACTIVE;
                VB_LOG(cx, "[8.1.2] Barbary pirates placed on their active side");
            }
            break;
        }
    }
    james_fix(d, s, cx);
}

/* 8.1.1: "if a Front advances to Barcelona and the riot is active, the siege
 * resolution is considered an automatic success and the player loses" - at
 * once, as the force arrives, not at the next siege phase. */
static int riot_lets_in(const ms_data *d, ms_state *s, int f, vb_ctx *cx)
{
    if (!in_barcelona(d, s, f) || s->riot != MS_ACTIVE)
        return 0;
    VB_LOG(cx,
           "[8.1.1] %s advances to Barcelona while the riot is active: the siege is an "
           "automatic success, the player loses",
           d->front[f].name);
    lose(s);
    return 1;
}

/* 7: movement entries from `from` on. Returns 1 when stopped for the king's
 * choice at Palermo (7.1), with s->sub on that entry. */
static int do_movement(const ms_data *d, ms_state *s, int from, vb_ctx *cx)
{
    const ms_card *c = active_card(d, s);
    for (int m = from; m < c->nmove; m++) {
        int f = c->move_front[m], nb = d->front[f].nbox;
        if (s->pos[f] < 0) {
            VB_LOG(cx, "[7] %s is not an active front: movement ignored", d->front[f].name);
            continue;
        }
        if (c->move_red[m]) {
            retreat(d, s, f, "7", "red outline", cx);
            continue;
        }
        if (s->besieging[f]) {
            VB_LOG(cx, "[7] %s is besieging %s: it does not advance", d->front[f].name,
                   where_name(d, s, f));
            continue;
        }
        if (s->pos[f] == nb)
            continue;
        if (s->pos[f] == nb - 1) {
            int h = barcelona_holder(d, s);
            if (h >= 0) {
                VB_LOG(cx, "[7] Barcelona is already occupied by %s: %s remains in %s",
                       d->front[h].name, d->front[f].name, where_name(d, s, f));
                continue;
            }
            if (f == d->naples_front && (any_token(s, d, MS_FLEET, MS_AVAILABLE) >= 0 ||
                                         any_token(s, d, MS_FLEET, MS_REGROUPING) >= 0)) {
                s->phase = PH_INTERCEPT;
                s->sub = (uint8_t)m;
                james_fix(d, s, cx); /* 7.2 holds while the King decides */
                return 1;
            }
        }
        move_force(d, s, f, s->pos[f] + 1, cx);
        VB_LOG(cx, "[7] %s advances to %s", d->front[f].name, where_name(d, s, f));
        if (riot_lets_in(d, s, f, cx)) {
            james_fix(d, s, cx);
            return 1;
        }
    }
    james_fix(d, s, cx);
    return 0;
}

static void start_actions(const ms_data *d, ms_state *s, vb_ctx *cx)
{
    s->phase = PH_ACTIONS;
    s->sub = 0;
    s->actions_left = (uint8_t)active_card(d, s)->actions;
    VB_LOG(cx, "[8] %d action%s", s->actions_left, s->actions_left == 1 ? "" : "s");
}

/* 10.1: the Sicilian Vespers procedure, by exchangeability: the unplayed A
 * cards and all B cards form the pool; the first |pool|-5 draws are uniform
 * over the pool, then Mort a Vilafranca joins the last six. */
static void do_vespers(const ms_data *d, ms_state *s, vb_ctx *cx)
{
    int n;
    s->deck |= d->mask_b;
    n = ms_card_count(s->deck);
    s->upper_left = (uint8_t)(n - 5); /* n >= 5: the loader wants five B cards */
    s->vespers = 1;
    if (s->upper_left == 0)
        s->deck |= 1ull << d->mort_card;
    VB_LOG(cx,
           "[10.1] Sicilian Vespers: the B cards join the %d unplayed cards; Mort a "
           "Vilafranca is shuffled into the last six",
           n - ms_card_count(d->mask_b));
}

/* 9 and 11: lay sieges happens in end_actions; this closes the turn. */
static void end_turn(ms_state *s, vb_ctx *cx)
{
    if (!s->crusade && s->track[MS_POPE] == 0) {
        s->crusade = 1;
        s->excom_next = 1;
        VB_LOG(cx, "[11] The Pope excommunicates King Peter and proclaims a crusade: "
                   "Excomunió i croada! is next turn's active card");
    }
    s->played |= 1ull << s->active;
    s->active = -1;
    s->phase = PH_DRAW;
    s->sub = 0;
    s->actions_left = 0;
}

/* 9: siege markers on forces in fortified boxes; then 10: special action. */
static void end_actions(const ms_data *d, ms_state *s, vb_ctx *cx)
{
    const ms_card *c = active_card(d, s);
    for (int f = 0; f < MS_NFRONTS; f++)
        if (fortified_here(d, s, f) && !s->besieging[f]) {
            s->besieging[f] = 1;
            VB_LOG(cx, "[9] %s lays siege to %s", d->front[f].name, where_name(d, s, f));
        }
    if (c->special == MS_SP_INACTIVATION) {
        int f = c->special_front;
        if (s->pos[f] >= 0) {
            s->phase = PH_INACTIVATION;
            s->pend_arg = (uint8_t)f;
            return;
        }
        VB_LOG(cx, "[8.1.4] Possible inactivació: %s has no force in play, no effect",
               d->front[f].name);
    } else if (c->special == MS_SP_VESPERS)
        do_vespers(d, s, cx);
    end_turn(s, cx);
}

static void log_card(const ms_data *d, const ms_card *c, vb_ctx *cx);

/* Run the phases that need no decision, until one does. */
static void run(const ms_data *d, ms_state *s, vb_ctx *cx)
{
    for (;;) {
        switch (s->phase) {
        case PH_DRAW:
            if (s->excom_next) {
                s->excom_next = 0;
                s->active = (int8_t)d->excom_card;
                VB_LOG(cx, "[11] Active card: %s (no card drawn)", d->card[d->excom_card].name);
                log_card(d, &d->card[d->excom_card], cx);
                s->phase = PH_REINF; /* sub is 0 between turns */
                break;
            }
            return; /* the deck is never empty here: Mort a Vilafranca ends the game */
        case PH_REINF: {
            const ms_card *c = active_card(d, s);
            if (c->banner) {
                int i = s->sub;
                while (i <= MS_NFRONTS && !reinf_eligible(d, s, i))
                    i++;
                if (i <= MS_NFRONTS) {
                    s->sub = (uint8_t)i;
                    return;
                }
            }
            do_event(d, s, cx);
            if (s->over)
                return;
            s->phase = PH_SIEGE;
            s->sub = 0;
            break;
        }
        case PH_SIEGE: {
            int i = s->sub;
            while (i < MS_NFRONTS && !s->besieging[i])
                i++;
            if (i < MS_NFRONTS) { /* (a force in Barcelona with the riot active has won
                                   * already: riot_lets_in, EF_RIOT) */
                s->sub = (uint8_t)i;
                return;
            }
            if (s->active == d->mort_card) {
                s->sub = 0;
                VB_LOG(cx, "[12] King Peter dies in Vilafranca del Penedès; Barcelona has not "
                           "fallen: the player wins");
                s->over = 1;
                s->phase = PH_OVER;
                return;
            }
            if (do_movement(d, s, 0, cx)) /* sets sub at an interception; */
                return;                   /* start_actions resets it */
            start_actions(d, s, cx);
            break;
        }
        case PH_ACTIONS:
            if (s->actions_left > 0)
                return;
            end_actions(d, s, cx);
            break;
        default:
            return;
        }
    }
}

/* ---- legal actions ------------------------------------------------------ */
int ms_legal(const struct vb_game *g, const void *st, vb_action *acts, uint32_t *w, int cap)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    int n = 0;
#define ADD(x)                                                                                     \
    do {                                                                                           \
        if (n >= cap)                                                                              \
            return VB_EOVERFLOW;                                                                   \
        acts[n] = (x);                                                                             \
        if (w)                                                                                     \
            w[n] = 1;                                                                              \
        n++;                                                                                       \
    } while (0)
    switch (s->phase) {
    case PH_DRAW:
        for (int c = 0; c < d->ncards; c++)
            if (card_has(s->deck, c))
                ADD(MS_ACT(AK_CARD, c, 0));
        break;
    case PH_REINF:
    case PH_SIEGE:
    case PH_OFFENSIVE:
    case PH_INFLUENCE:
    case PH_INACTIVATION:
        for (int v = 1; v <= 6; v++)
            ADD(MS_ACT(AK_DIE, 0, v));
        break;
    case PH_INTERCEPT:
        for (int t = 0; t < MS_NTOK; t++)
            if (d->tok_kind[t] == MS_FLEET && s->tok[t] != MS_OFF)
                ADD(MS_ACT(AK_INTERCEPT, t, 0));
        ADD(MS_ACT(AK_PASS, 0, 0));
        break;
    case PH_ACTIONS: {
        const ms_card *c = active_card(d, s);
        int almog = any_token(s, d, MS_ALMOGAVAR, MS_AVAILABLE) >= 0;
        int fleet = any_token(s, d, MS_FLEET, MS_AVAILABLE) >= 0;
        for (int f = 0; f < MS_NFRONTS; f++) {
            int sea;
            if (s->pos[f] < 0 || (c->no_front >> f & 1u))
                continue;
            sea = fleet && box_is_sea(d, s, f);
            ADD(MS_ACT(AK_OFFENSIVE, f, 0));
            if (almog)
                ADD(MS_ACT(AK_OFFENSIVE, f, MS_TOK_ALMOG));
            if (sea)
                ADD(MS_ACT(AK_OFFENSIVE, f, MS_TOK_FLEET));
            if (almog && sea)
                ADD(MS_ACT(AK_OFFENSIVE, f, MS_TOK_ALMOG | MS_TOK_FLEET));
        }
        if (s->riot == MS_ACTIVE)
            ADD(MS_ACT(AK_OFFENSIVE, MS_T_RIOT, 0));
        if (s->pirates == MS_ACTIVE && fleet)
            ADD(MS_ACT(AK_OFFENSIVE, MS_T_PIRATES, MS_TOK_FLEET));
        for (int t = 0; t < MS_NTOK; t++)
            if (s->tok[t] == MS_REGROUPING)
                ADD(MS_ACT(AK_REGROUP, t, 0));
        for (int t = 0; t < MS_NTRACKS; t++)
            if (!(c->no_infl >> t & 1u) && !(t == MS_POPE && ms_pope_hopeless(s)))
                ADD(MS_ACT(AK_INFLUENCE, t, 0));
        ADD(MS_ACT(AK_END, 0, 0));
        break;
    }
    default:
        break;
    }
#undef ADD
    return n;
}

/* ---- apply ---------------------------------------------------------------- */

/* 5: the drawn card in full, as printed on it (2.2): actions and die-roll
 * modifiers, banner, event, movement, special action. */
static void log_card(const ms_data *d, const ms_card *c, vb_ctx *cx)
{
    char b[512];
    size_t n = 0;
#define PUT(...)                                                                                   \
    do {                                                                                           \
        if (n < sizeof b)                                                                          \
            n += (size_t)snprintf(b + n, sizeof b - n, __VA_ARGS__);                               \
    } while (0)
    if (!cx || !cx->log)
        return;
    PUT("%d action%s", c->actions, c->actions == 1 ? "" : "s");
    for (int f = 0; f < MS_NFRONTS; f++)
        if (c->mod_front[f])
            PUT(", %s %+d", d->front[f].name, c->mod_front[f]);
    if (c->mod_all)
        PUT(", all offensives %+d", c->mod_all);
    for (int t = 0; t < MS_NTRACKS; t++)
        if (c->mod_infl[t])
            PUT(", influence %s %+d", ms_track_ids[t], c->mod_infl[t]);
    for (int f = 0; f < MS_NFRONTS; f++)
        if (c->no_front >> f & 1u)
            PUT(", No %s", d->front[f].name);
    for (int t = 0; t < MS_NTRACKS; t++)
        if (c->no_infl >> t & 1u)
            PUT(", No %s", ms_track_ids[t]);
    if (c->banner)
        PUT("; blue banner: reinforcements");
    if (c->event[0]) {
        PUT("; event %s:", c->event);
        for (int i = 0; i < c->neff; i++) {
            char e[128];
            ms_effect_text(d, &c->eff[i], e, sizeof e);
            PUT("%s %s", i ? "," : "", e);
        }
    }
    PUT("; movement:");
    for (int m = 0; m < c->nmove; m++)
        PUT("%s %s%s", m ? "," : "", d->front[c->move_front[m]].name,
            c->move_red[m] ? " (red outline: back)" : "");
    if (!c->nmove)
        PUT(" none");
    if (c->special == MS_SP_INACTIVATION)
        PUT("; special: Possible inactivació %s", d->front[c->special_front].name);
    else if (c->special == MS_SP_VESPERS)
        PUT("; special: the Sicilian Vespers (10.1)");
#undef PUT
    VB_LOG(cx, "[5] %s: %s", c->name, b);
}
static void apply_offensive_die(const ms_data *d, ms_state *s, int v, vb_ctx *cx)
{
    int target = s->pend_kind, tok = s->pend_tok;
    char items[128] = "", r[160] = "";
    int logging = cx && cx->log; /* texts only for a reader: search pays nothing */
    int mod = offensive_items(d, s, target, tok, logging ? items : NULL, sizeof items),
        total = v + mod;
    if (logging)
        roll_text(r, sizeof r, v, items, total);
    if (target == MS_T_RIOT) {
        if (total > d->riot_combat) {
            s->riot = MS_DONE;
            VB_LOG(cx,
                   "[8.1.1] Offensive against the riot: rolled %s > %d - crushed, "
                   "Berenguer Oller to the eliminated threats",
                   r, d->riot_combat);
        } else
            VB_LOG(cx, "[8.1.1] Offensive against the riot: rolled %s <= %d - failure", r,
                   d->riot_combat);
    } else if (target == MS_T_PIRATES) {
        if (total > d->pirates_combat) {
            s->pirates = MS_DONE;
            VB_LOG(cx,
                   "[8.1.2] Offensive against the Barbary pirates: rolled %s > %d - "
                   "flipped to their inactive side",
                   r, d->pirates_combat);
        } else
            VB_LOG(cx, "[8.1.2] Offensive against the Barbary pirates: rolled %s <= %d - failure",
                   r, d->pirates_combat);
    } else {
        int f = target, cv = ms_combat(d, s, f);
        if (total > cv) {
            VB_LOG(cx, "[8.1] Offensive against %s in %s: rolled %s > %d - success",
                   d->front[f].name, where_name(d, s, f), r, cv);
            if (v == 6) {
                if (!s->reduced[f]) {
                    s->reduced[f] = 1;
                    VB_LOG(cx, "[8.1] Natural 6: %s is flipped to its reduced side",
                           d->front[f].name);
                } else
                    VB_LOG(cx, "[8.1] Natural 6: %s is already reduced", d->front[f].name);
            }
            retreat(d, s, f, "8.1", "offensive", cx);
        } else
            VB_LOG(cx, "[8.1] Offensive against %s in %s: rolled %s <= %d - failure",
                   d->front[f].name, where_name(d, s, f), r, cv);
    }
    s->pend_kind = s->pend_tok = 0;
    s->phase = PH_ACTIONS;
    james_fix(d, s, cx);
}

static void apply_influence_die(const ms_data *d, ms_state *s, int v, vb_ctx *cx)
{
    static const int need[MS_NTRACKS] = {4, 5, 5}; /* 8.4, 8.5, 8.6 */
    static const char *const sec[MS_NTRACKS] = {"8.4", "8.5", "8.6"};
    static const char *const whom[MS_NTRACKS] = {"the Nobility", "the Pope", "James of Mallorca"};
    int t = s->pend_arg, mod = 0, total;
    int top = d->track[t].nbox - 1;
    char items[64] = "", r[96] = "";
    int logging = cx && cx->log;
    item(&mod, s->extra_mod, "given", logging ? items : NULL, sizeof items);
    item(&mod, active_card(d, s)->mod_infl[t], "card", logging ? items : NULL, sizeof items);
    total = v + mod;
    if (logging)
        roll_text(r, sizeof r, v, items, total);
    if (total >= need[t]) {
        if (s->track[t] < top)
            s->track[t]++;
        VB_LOG(cx, "[%s] Influence %s: rolled %s >= %d - marker to %s", sec[t], whom[t], r, need[t],
               d->track[t].name[s->track[t]]);
    } else
        VB_LOG(cx, "[%s] Influence %s: rolled %s < %d - no effect", sec[t], whom[t], r, need[t]);
    s->pend_arg = 0;
    s->phase = PH_ACTIONS;
    james_fix(d, s, cx);
}

int ms_apply(const struct vb_game *g, void *st, vb_action a, vb_ctx *cx)
{
    const ms_data *d = D(g);
    ms_state *s = st;
    int k = MS_AK(a), x = MS_AA(a), y = MS_AB(a);
    if (k == AK_DIE && (y < 1 || y > 6))
        return vb_fail(cx, VB_EINPUT, "die value %d is not 1-6", y);
    if (ms_to_move(g, s) == VB_CHANCE && s->phase != PH_DRAW) {
        if (k != AK_DIE)
            return vb_fail(cx, VB_EILLEGAL, "a die roll is expected");
        s->nrolls++;
    }
    switch (s->phase) {
    case PH_DRAW:
        if (k != AK_CARD || x >= d->ncards || !card_has(s->deck, x))
            return vb_fail(cx, VB_EILLEGAL, "not a card of the deck");
        s->deck &= ~(1ull << x);
        if (s->vespers && s->upper_left > 0) {
            s->upper_left--;
            if (s->upper_left == 0)
                s->deck |= 1ull << d->mort_card; /* 10.1: the last six */
        }
        s->active = (int8_t)x;
        VB_LOG(cx, "[5] New card: %s (%s)", d->card[x].name, d->card[x].date);
        log_card(d, &d->card[x], cx);
        s->phase = PH_REINF;
        s->sub = 0;
        break;
    case PH_REINF: {
        int i = s->sub;
        if (k != AK_DIE)
            return vb_fail(cx, VB_EILLEGAL, "a die roll is expected");
        if (y <= 3) {
            if (i == MS_NFRONTS)
                s->pirates = MS_ACTIVE;
            else
                s->reduced[i] = 0;
        }
        VB_LOG(cx, "[5] Reinforcements: %s rolls %d - %s",
               i == MS_NFRONTS ? "Barbary pirates" : d->front[i].name, y,
               y <= 3 ? (i == MS_NFRONTS ? "back to the active side" : "back to full force")
                      : "no effect");
        s->sub = (uint8_t)(i + 1);
        break;
    }
    case PH_SIEGE: {
        int f = s->sub, sv = ms_siege_value(d, s, f);
        if (k != AK_DIE)
            return vb_fail(cx, VB_EILLEGAL, "a die roll is expected");
        if (y <= sv) {
            if (in_barcelona(d, s, f)) {
                VB_LOG(cx,
                       "[6] Siege of Barcelona by %s: rolled %d <= %d - Barcelona falls, the "
                       "player loses",
                       d->front[f].name, y, sv);
                lose(s);
                return 0;
            }
            s->fallen |= 1u << d->front[f].box[s->pos[f]].gid;
            s->besieging[f] = 0;
            VB_LOG(cx,
                   "[6] Siege of %s by %s: rolled %d <= %d - the city falls, its "
                   "fortification is lost for good",
                   where_name(d, s, f), d->front[f].name, y, sv);
        } else
            VB_LOG(cx, "[6] Siege of %s by %s: rolled %d > %d - the defenders hold",
                   where_name(d, s, f), d->front[f].name, y, sv);
        s->sub = (uint8_t)(f + 1);
        break;
    }
    case PH_INTERCEPT: {
        int f = d->naples_front;
        if (k == AK_INTERCEPT) {
            if (x >= MS_NTOK || d->tok_kind[x] != MS_FLEET || s->tok[x] == MS_OFF)
                return vb_fail(cx, VB_EILLEGAL, "that fleet cannot intercept");
            s->tok[x] = MS_OFF;
            VB_LOG(cx,
                   "[7.1] %s intercepts Charles of Anjou: the fleet is removed from play, %s "
                   "stays in Palermo",
                   d->tok_name[x], d->front[f].name);
        } else if (k == AK_PASS) {
            move_force(d, s, f, d->front[f].nbox, cx);
            VB_LOG(cx, "[7.1] Charles of Anjou advances from Palermo to Barcelona");
            if (riot_lets_in(d, s, f, cx)) {
                james_fix(d, s, cx);
                return 0;
            }
        } else
            return vb_fail(cx, VB_EILLEGAL, "intercept or let Charles pass");
        s->phase = PH_ACTIONS; /* provisional: movement goes on */
        if (do_movement(d, s, s->sub + 1, cx))
            return 0;
        start_actions(d, s, cx);
        break;
    }
    case PH_ACTIONS:
        if (s->actions_left == 0)
            return vb_fail(cx, VB_EILLEGAL, "no action left");
        switch (k) {
        case AK_OFFENSIVE: {
            int t;
            if (x > MS_T_PIRATES ||
                ((y & MS_TOK_ALMOG) && any_token(s, d, MS_ALMOGAVAR, MS_AVAILABLE) < 0) ||
                ((y & MS_TOK_FLEET) && any_token(s, d, MS_FLEET, MS_AVAILABLE) < 0))
                return vb_fail(cx, VB_EILLEGAL, "that offensive is not possible now");
            s->actions_left--;
            s->pend_kind = (uint8_t)x;
            s->pend_tok = (uint8_t)y;
            if (y & MS_TOK_ALMOG) {
                t = any_token(s, d, MS_ALMOGAVAR, MS_AVAILABLE);
                s->tok[t] = MS_REGROUPING;
                VB_LOG(cx, "[8.1] %s used (+1), to Regrouping", d->tok_name[t]);
            }
            if (y & MS_TOK_FLEET) {
                t = any_token(s, d, MS_FLEET, MS_AVAILABLE);
                s->tok[t] = MS_REGROUPING;
                VB_LOG(cx, "[%s] %s used, to Regrouping", x == MS_T_PIRATES ? "8.1.2" : "8.1",
                       d->tok_name[t]);
            }
            s->phase = PH_OFFENSIVE;
            return 0;
        }
        case AK_REGROUP:
            if (x >= MS_NTOK || s->tok[x] != MS_REGROUPING)
                return vb_fail(cx, VB_EILLEGAL, "token is not regrouping");
            s->actions_left--;
            s->tok[x] = MS_AVAILABLE;
            VB_LOG(cx, "[%s] %s regrouped: Available again",
                   d->tok_kind[x] == MS_FLEET ? "8.3" : "8.2", d->tok_name[x]);
            break;
        case AK_INFLUENCE:
            if (x >= MS_NTRACKS)
                return vb_fail(cx, VB_EILLEGAL, "unknown track");
            if (x == MS_POPE && ms_pope_hopeless(s))
                return vb_fail(cx, VB_EILLEGAL,
                               "influence pope: the marker is at 0, influencing the Pope is "
                               "hopeless (rule 8.5)");
            s->actions_left--;
            s->pend_arg = (uint8_t)x;
            s->phase = PH_INFLUENCE;
            return 0;
        case AK_END:
            VB_LOG(cx, "[8] The King ends the actions phase (%d unused)", s->actions_left);
            s->actions_left = 0;
            break;
        default:
            return vb_fail(cx, VB_EILLEGAL, "an action is expected");
        }
        break;
    case PH_OFFENSIVE:
        if (k != AK_DIE)
            return vb_fail(cx, VB_EILLEGAL, "a die roll is expected");
        apply_offensive_die(d, s, y, cx);
        break;
    case PH_INFLUENCE:
        if (k != AK_DIE)
            return vb_fail(cx, VB_EILLEGAL, "a die roll is expected");
        apply_influence_die(d, s, y, cx);
        break;
    case PH_INACTIVATION: {
        int f = s->pend_arg, p = s->pos[f];
        if (k != AK_DIE)
            return vb_fail(cx, VB_EILLEGAL, "a die roll is expected");
        if (y > p) {
            s->pos[f] = MS_ELIMINATED;
            s->reduced[f] = 0;
            s->besieging[f] = 0;
            VB_LOG(cx,
                   "[8.1.4] Possible inactivació of %s: rolled %d > box %d - the front is "
                   "eliminated",
                   d->front[f].name, y, p);
        } else
            VB_LOG(cx, "[8.1.4] Possible inactivació of %s: rolled %d <= box %d - no effect",
                   d->front[f].name, y, p);
        s->pend_arg = 0;
        end_turn(s, cx);
        break;
    }
    default:
        return vb_fail(cx, VB_EILLEGAL, "the game is over");
    }
    run(d, s, cx);
    return 0;
}

/* ---- results (12) --------------------------------------------------------- */
static int eliminated_threats(const ms_state *s)
{
    int n = s->riot == MS_DONE;
    for (int f = 0; f < MS_NFRONTS; f++)
        n += s->pos[f] == MS_ELIMINATED;
    return n;
}

/* 12.2 */
int ms_victory_points(const ms_data *d, const ms_state *s)
{
    int vp = 0;
    for (int f = 0; f < MS_NFRONTS; f++) {
        if (s->pos[f] < 0)
            continue;
        if (in_barcelona(d, s, f))
            vp -= 5; /* Barcelona is no numbered box */
        else
            vp += s->pos[f];
    }
    vp += 10 * eliminated_threats(s);
    vp += s->pirates == MS_DONE ? 10 : 0;
    vp += s->crusade ? 0 : 5;
    vp -= s->riot == MS_ACTIVE ? 2 : 0;
    vp -= s->pirates == MS_ACTIVE ? 2 : 0;
    return vp;
}

/* 12.1: unplayed cards are those still to come before the King's death:
 * the deck, plus B cards and Mort a Vilafranca not yet shuffled in. */
int ms_defeat_points(const ms_data *d, const ms_state *s)
{
    int unplayed = ms_card_count(s->deck), dp;
    uint64_t mort = 1ull << d->mort_card;
    if (!s->vespers)
        unplayed += ms_card_count(d->mask_b) + 1;
    else if (!((s->deck | s->played) & mort) && s->active != d->mort_card)
        unplayed += 1;
    dp = 2 * unplayed;
    for (int f = 0; f < MS_NFRONTS; f++) {
        if (s->pos[f] == 4 && !in_barcelona(d, s, f))
            dp += 2;
        if (s->pos[f] == 3 && !in_barcelona(d, s, f))
            dp += 1;
    }
    dp += s->riot == MS_ACTIVE ? 2 : 0;
    dp += s->pirates == MS_ACTIVE ? 2 : 0;
    dp -= eliminated_threats(s);
    dp -= s->crusade ? 0 : 5;
    return dp;
}

/* 12.1, 12.2: the printed level of a score. */
const char *ms_verdict(int won, int points)
{
    if (won)
        return points >= 30  ? "Petrus Magnus, eternal glory."
               : points >= 0 ? "Peter the Great, local fame."
                             : "Much ado about a king...";
    return points >= 51 ? "Peter the Tiny" : points >= 21 ? "Peter the Small" : "Peter the Unlucky";
}

void ms_result(const struct vb_game *g, const void *st, vb_result *r)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    memset(r, 0, sizeof *r);
    r->winner = -1;
    if (!s->over)
        return;
    r->over = 1;
    if (s->over == 1) {
        int vp = ms_victory_points(d, s);
        r->winner = 0;
        r->score[0] = vp;
        snprintf(r->verdict, sizeof r->verdict, "won, %d victory points: %s", vp,
                 ms_verdict(1, vp));
    } else {
        int dp = ms_defeat_points(d, s);
        r->score[0] = -dp;
        snprintf(r->verdict, sizeof r->verdict, "lost, %d defeat points: %s", dp,
                 ms_verdict(0, dp));
    }
}

/* ---- heuristic ------------------------------------------------------------ */
double ms_eval(const struct vb_game *g, const void *st, int role)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    double threat = 0, good = 0;
    (void)role;
    if (s->over == 1)
        return 0.9 + 0.1 * (ms_victory_points(d, s) > 45 ? 1.0 : ms_victory_points(d, s) / 45.0);
    if (s->over == 2)
        return -1.0;
    for (int f = 0; f < MS_NFRONTS; f++) {
        int nb = d->front[f].nbox, p = s->pos[f];
        double x, str;
        if (p == MS_ELIMINATED) {
            good += 0.4;
            continue;
        }
        if (p < 0)
            continue;
        x = (double)(p + 1) / (nb + 1);
        str = 0.5 + ms_combat(d, s, f) / 6.0 + ms_siege_value(d, s, f) / 6.0;
        threat += x * x * x * str;
        if (p == nb)
            threat += 1.0 + 0.3 * ms_siege_value(d, s, f);
        else if (s->besieging[f])
            threat += 0.05 * ms_siege_value(d, s, f);
    }
    if (s->riot == MS_ACTIVE)
        threat += 0.35;
    if (s->pirates == MS_ACTIVE)
        threat += 0.1;
    good += 0.12 * s->track[MS_NOBILITY] + 0.08 * s->track[MS_JAMES];
    good += s->crusade ? 0 : 0.06 * s->track[MS_POPE];
    for (int t = 0; t < MS_NTOK; t++)
        good += s->tok[t] == MS_AVAILABLE ? 0.06 : s->tok[t] == MS_REGROUPING ? 0.03 : 0;
    good += 0.02 * ms_card_count(s->played);
    return tanh(0.5 * (good - threat));
}

int ms_turn(const struct vb_game *g, const void *st)
{
    const ms_state *s = st;
    (void)g;
    return ms_card_count(s->played) + (s->active >= 0);
}

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
    for (int i = 2; i < argc; i++) {
        const char *w = argv[i];
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
        } else if ((k = word_int(w, "mod", -9, 9, &v, cx)) != 0) {
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
                     (box == nb && in_barcelona(d, s, o))))
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
    }
    if (strcmp(proc, "offensive") == 0) {
        if (target == MS_T_PIRATES)
            tok = 0;
        if ((tok & MS_TOK_FLEET) && !box_is_sea(d, s, target))
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
        james_fix(d, s, NULL);
        return 0;
    }
    if (target >= MS_NFRONTS)
        return vb_fail(cx, VB_EUSAGE, "odds %s: a front is expected", proc);
    if (strcmp(proc, "siege") == 0) {
        if (!fortified_here(d, s, f))
            return vb_fail(cx, VB_EUSAGE, "odds siege: %s is not in a fortified box (box=N)",
                           d->front[f].id);
        s->riot = s->riot == MS_ACTIVE && in_barcelona(d, s, f) ? MS_NONE : s->riot;
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
