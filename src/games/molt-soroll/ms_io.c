/*
 * ms_io.c - Molt soroll per un rei: action texts, prompt, JSON of a state
 * (names, not indexes) and back with full validation and the invariants
 * (check). The board for a terminal is in ms_board.c.
 */
#include <string.h>

#include "ms_int.h"

#define D(g) ((const ms_data *)(g)->data)

static const char *const tok_status_names[3] = {"off", "available", "regrouping"};
static const char *const riot_names[3] = {"none", "active", "crushed"};
static const char *const pirates_names[3] = {"none", "active", "inactive"};

void ms_action_text(const struct vb_game *g, const void *st, vb_action a, char *buf, size_t n)
{
    const ms_data *d = D(g);
    int k = MS_AK(a), x = MS_AA(a), y = MS_AB(a);
    (void)st;
    switch (k) {
    case AK_DIE:
        snprintf(buf, n, "%d", y);
        break;
    case AK_CARD:
        snprintf(buf, n, "%s", x < d->ncards ? d->card[x].id : "?");
        break;
    case AK_OFFENSIVE:
        if (x == MS_T_RIOT)
            snprintf(buf, n, "offensive riot");
        else if (x == MS_T_PIRATES)
            snprintf(buf, n, "offensive pirates");
        else
            snprintf(buf, n, "offensive %s%s%s", x < MS_NFRONTS ? d->front[x].id : "?",
                     (y & MS_TOK_ALMOG) ? " almogavar" : "", (y & MS_TOK_FLEET) ? " fleet" : "");
        break;
    case AK_REGROUP:
        snprintf(buf, n, "regroup %s %s",
                 x < MS_NTOK && d->tok_kind[x] == MS_FLEET ? "fleet" : "almogavar",
                 x < MS_NTOK ? d->tok_id[x] : "?");
        break;
    case AK_INFLUENCE:
        snprintf(buf, n, "influence %s", x < MS_NTRACKS ? ms_track_ids[x] : "?");
        break;
    case AK_END:
        snprintf(buf, n, "end-actions");
        break;
    case AK_INTERCEPT:
        snprintf(buf, n, "intercept fleet %s", x < MS_NTOK ? d->tok_id[x] : "?");
        break;
    case AK_PASS:
        snprintf(buf, n, "let Charles pass");
        break;
    default:
        snprintf(buf, n, "?");
    }
}

/* One event effect in words, as a card would print it. */
void ms_effect_text(const ms_data *d, const ms_effect *e, char *buf, size_t n)
{
    static const char *const track_names[MS_NTRACKS] = {"Fidelitat de la noblesa", "Papat",
                                                        "Jaume de Mallorca"};
    switch (e->kind) {
    case EF_ACTIVATE:
        snprintf(buf, n, "Activa el front %s", d->front[e->arg].name);
        break;
    case EF_BACK:
        snprintf(buf, n, "%s goes back %d box%s", d->front[e->arg].name, e->val,
                 e->val == 1 ? "" : "es");
        break;
    case EF_REDUCE:
        snprintf(buf, n, "%s is flipped to its reduced side", d->front[e->arg].name);
        break;
    case EF_TRACK:
        snprintf(buf, n, "%s %+d", track_names[e->arg % MS_NTRACKS], e->val);
        break;
    case EF_TOKEN:
        snprintf(buf, n, "%s enters play (Disponibles)", d->tok_name[e->arg % MS_NTOK]);
        break;
    case EF_RIOT:
        snprintf(buf, n, "Berenguer Oller's riot breaks out in Barcelona");
        break;
    case EF_PIRATES:
        snprintf(buf, n, "Barbary pirates placed on their active side");
        break;
    default:
        snprintf(buf, n, "?");
    }
}

static const char *box_of(const ms_data *d, const ms_state *s, int f)
{
    int p = s->pos[f];
    if (p == MS_INACTIVE)
        return "inactive";
    if (p == MS_ELIMINATED)
        return "eliminated";
    if (p == d->front[f].nbox)
        return "Barcelona";
    if (p < 0 || p > d->front[f].nbox)
        return "?";
    return d->front[f].box[p].name;
}

void ms_prompt(const struct vb_game *g, const void *st, char *buf, size_t n)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    static const int need[MS_NTRACKS] = {4, 5, 5}; /* 8.4-8.6 */
    switch (s->phase) {
    case PH_DRAW:
        snprintf(buf, n, "draw the next card (%d left)", ms_card_count(s->deck));
        break;
    case PH_REINF:
        snprintf(buf, n, "roll the die for the reinforcement of %s (1-3: back to %s)",
                 s->sub >= MS_NFRONTS ? "the Barbary pirates" : d->front[s->sub].name,
                 s->sub >= MS_NFRONTS ? "the active side" : "full force");
        break;
    case PH_SIEGE: {
        int f = s->sub % MS_NFRONTS, sv = ms_siege_value(d, s, f);
        snprintf(buf, n, "roll the die for the siege of %s by %s (1-%d: the siege succeeds)",
                 box_of(d, s, f), d->front[f].name, sv);
        break;
    }
    case PH_INTERCEPT:
        snprintf(buf, n, "king: intercept Charles of Anjou at Palermo with a fleet?");
        break;
    case PH_ACTIONS:
        snprintf(buf, n, "king: choose an action (%d left)", s->actions_left);
        break;
    case PH_OFFENSIVE: {
        int t = s->pend_kind, mod = ms_offensive_mod(d, s, t, s->pend_tok);
        int beat = t == MS_T_RIOT      ? d->riot_combat
                   : t == MS_T_PIRATES ? d->pirates_combat
                                       : ms_combat(d, s, t % MS_NFRONTS);
        snprintf(buf, n, "roll the die for the offensive against %s (die %+d must beat %d)",
                 t == MS_T_RIOT      ? "the riot"
                 : t == MS_T_PIRATES ? "the Barbary pirates"
                                     : d->front[t % MS_NFRONTS].name,
                 mod, beat);
        break;
    }
    case PH_INFLUENCE: {
        static const char *const whom[MS_NTRACKS] = {"the Nobility", "the Pope",
                                                     "James of Mallorca"};
        int t = s->pend_arg % MS_NTRACKS, mod = s->active >= 0 ? d->card[s->active].mod_infl[t] : 0;
        snprintf(buf, n, "roll the die to influence %s (die %+d: %d or more moves the marker)",
                 whom[t], mod + s->extra_mod, need[t]);
        break;
    }
    case PH_INACTIVATION: {
        int f = s->pend_arg % MS_NFRONTS;
        snprintf(buf, n,
                 "roll the die for the Possible inactivació of %s (more than %d eliminates it)",
                 d->front[f].name, s->pos[f]);
        break;
    }
    default:
        snprintf(buf, n, "the game is over");
    }
}

/* ---- to JSON -------------------------------------------------------------- */
static json_t *card_list(const ms_data *d, uint64_t m)
{
    json_t *a = json_array();
    for (int c = 0; c < d->ncards; c++)
        if ((m >> c) & 1u)
            json_array_append_new(a, json_string(d->card[c].id));
    return a;
}

json_t *ms_to_json(const struct vb_game *g, const void *st, int role)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    json_t *j = json_object(), *fr = json_array(), *tr = json_object(), *tk = json_object();
    json_t *fallen = json_array(), *pend = json_null();
    (void)role; /* nothing is hidden: the deck is a set, drawn lazily */
    json_object_set_new(j, "phase", json_string(ms_phase_names[s->phase % PH_COUNT]));
    json_object_set_new(j, "step", json_integer(s->sub));
    json_object_set_new(j, "actions_left", json_integer(s->actions_left));
    if (s->phase == PH_OFFENSIVE) {
        pend = json_object();
        json_object_set_new(pend, "offensive",
                            json_string(s->pend_kind == MS_T_RIOT ? "riot"
                                        : s->pend_kind == MS_T_PIRATES
                                            ? "pirates"
                                            : d->front[s->pend_kind % MS_NFRONTS].id));
        json_object_set_new(pend, "almogavar", json_boolean(s->pend_tok & MS_TOK_ALMOG));
        json_object_set_new(pend, "fleet", json_boolean(s->pend_tok & MS_TOK_FLEET));
    } else if (s->phase == PH_INFLUENCE) {
        pend = json_object();
        json_object_set_new(pend, "influence", json_string(ms_track_ids[s->pend_arg % MS_NTRACKS]));
    } else if (s->phase == PH_INACTIVATION) {
        pend = json_object();
        json_object_set_new(pend, "inactivation",
                            json_string(d->front[s->pend_arg % MS_NFRONTS].id));
    }
    json_object_set_new(j, "pending", pend);
    json_object_set_new(j, "result",
                        json_string(s->over == 1   ? "won"
                                    : s->over == 2 ? "lost"
                                                   : "running"));
    json_object_set_new(j, "active_card",
                        s->active >= 0 ? json_string(d->card[s->active].id) : json_null());
    for (int f = 0; f < MS_NFRONTS; f++) {
        json_t *o = json_object();
        json_object_set_new(o, "front", json_string(d->front[f].id));
        json_object_set_new(o, "box", json_string(box_of(d, s, f)));
        if (s->pos[f] >= 0) {
            json_object_set_new(o, "number", json_integer(s->pos[f]));
            json_object_set_new(o, "side", json_string(s->reduced[f] ? "reduced" : "full"));
            json_object_set_new(o, "besieging", json_boolean(s->besieging[f]));
            json_object_set_new(o, "combat", json_integer(ms_combat(d, s, f)));
            json_object_set_new(o, "siege", json_integer(ms_siege_value(d, s, f)));
        }
        json_array_append_new(fr, o);
    }
    json_object_set_new(j, "fronts", fr);
    for (int b = 0; b < d->nboxes_total; b++)
        if ((s->fallen >> b) & 1u)
            json_array_append_new(fallen, json_string(d->box_name[b]));
    json_object_set_new(j, "fallen", fallen);
    for (int t = 0; t < MS_NTRACKS; t++)
        json_object_set_new(tr, ms_track_ids[t],
                            json_string(t == MS_POPE && s->crusade
                                            ? "removed"
                                            : d->track[t].name[s->track[t] % MS_MAXBOX]));
    json_object_set_new(j, "tracks", tr);
    json_object_set_new(j, "crusade", json_boolean(s->crusade));
    json_object_set_new(j, "excommunication_next", json_boolean(s->excom_next));
    for (int t = 0; t < MS_NTOK; t++)
        json_object_set_new(tk, d->tok_id[t], json_string(tok_status_names[s->tok[t] % 3]));
    json_object_set_new(j, "tokens", tk);
    json_object_set_new(j, "riot", json_string(riot_names[s->riot % 3]));
    json_object_set_new(j, "pirates", json_string(pirates_names[s->pirates % 3]));
    json_object_set_new(j, "vespers", json_boolean(s->vespers));
    json_object_set_new(j, "upper_left", json_integer(s->upper_left));
    json_object_set_new(j, "deck", card_list(d, s->deck));
    json_object_set_new(j, "played", card_list(d, s->played));
    json_object_set_new(j, "rolls", json_integer(s->nrolls));
    if (s->extra_mod)
        json_object_set_new(j, "extra_modifier", json_integer(s->extra_mod));
    return j;
}

/* ---- from JSON -------------------------------------------------------------- */
static int find_card(const ms_data *d, const char *id)
{
    for (int c = 0; c < d->ncards; c++)
        if (vb_name_eq(d->card[c].id, id))
            return c;
    return -1;
}

static int card_set(const ms_data *d, json_t *j, const char *key, uint64_t *out, vb_ctx *cx)
{
    json_t *a;
    if (vb_json_arr(j, key, &a, "state", cx))
        return VB_EINPUT;
    *out = 0;
    for (size_t i = 0; i < json_array_size(a); i++) {
        const char *id = json_string_value(json_array_get(a, i));
        int c = id ? find_card(d, id) : -1;
        if (c < 0)
            return vb_fail(cx, VB_EINPUT, "%s: unknown card '%s'", key, id ? id : "(not a string)");
        if ((*out >> c) & 1u)
            return vb_fail(cx, VB_EINPUT, "%s: card '%s' listed twice", key, id);
        *out |= 1ull << c;
    }
    return 0;
}

static int name_index(const char *const *names, int n, json_t *o, const char *key, int *out,
                      const char *where, vb_ctx *cx)
{
    const char *s;
    if (vb_json_str(o, key, &s, where, cx))
        return VB_EINPUT;
    *out = vb_name_find(names, n, s);
    if (*out < 0)
        return vb_fail(cx, VB_EINPUT, "%s: unknown %s '%s'", where, key, s);
    return 0;
}

static int read_front(const ms_data *d, ms_state *s, int f, json_t *o, vb_ctx *cx)
{
    const ms_front *fr = &d->front[f];
    json_t *box = json_object_get(o, "box");
    char where[96];
    snprintf(where, sizeof where, "front '%s'", fr->id);
    if (!box)
        return vb_fail(cx, VB_EINPUT, "%s: missing 'box'", where);
    if (json_is_integer(box)) {
        json_int_t b = json_integer_value(box);
        if (b < 0 || b >= fr->nbox)
            return vb_fail(cx, VB_EINPUT, "%s: force in box %lld, but the front has boxes 0-%d",
                           where, (long long)b, fr->nbox - 1);
        s->pos[f] = (int8_t)b;
    } else if (json_is_string(box)) {
        const char *n = json_string_value(box);
        int p = -3;
        if (vb_name_eq(n, "inactive"))
            p = MS_INACTIVE;
        else if (vb_name_eq(n, "eliminated"))
            p = MS_ELIMINATED;
        else if (vb_name_eq(n, "Barcelona"))
            p = fr->nbox;
        else
            for (int b = 0; b < fr->nbox; b++)
                if (vb_name_eq(fr->box[b].name, n))
                    p = b;
        if (p == -3)
            return vb_fail(cx, VB_EINPUT, "%s: '%s' is not a box of this front", where, n);
        s->pos[f] = (int8_t)p;
    } else
        return vb_fail(cx, VB_EINPUT, "%s: 'box' must be a box name or number", where);
    if (s->pos[f] >= 0) {
        json_t *num = json_object_get(o, "number");
        const char *side;
        int bes;
        if (num && (!json_is_integer(num) || json_integer_value(num) != s->pos[f]))
            return vb_fail(cx, VB_EINPUT, "%s: 'number' does not match box '%s'", where,
                           box_of(d, s, f));
        if (vb_json_str(o, "side", &side, where, cx))
            return VB_EINPUT;
        if (strcmp(side, "full") == 0)
            s->reduced[f] = 0;
        else if (strcmp(side, "reduced") == 0)
            s->reduced[f] = 1;
        else
            return vb_fail(cx, VB_EINPUT, "%s: side '%s' is neither 'full' nor 'reduced'", where,
                           side);
        if (vb_json_bool(o, "besieging", &bes, where, cx))
            return VB_EINPUT;
        s->besieging[f] = (uint8_t)bes;
    }
    return 0;
}

/* "combat" and "siege" are written for the reader, computed from the side
 * and the nobility track (2.3, 8.4), and recomputed on load: a value left
 * over from before an edit of the side or the track is ignored, but one
 * that no side and no track box can give (or not a number) is refused. */
static int check_shown_values(const ms_data *d, json_t *fronts, vb_ctx *cx)
{
    for (size_t i = 0; i < json_array_size(fronts); i++) {
        json_t *o = json_array_get(fronts, i);
        const char *id = json_string_value(json_object_get(o, "front"));
        static const char *const keys[2] = {"combat", "siege"};
        int f = -1;
        for (int k = 0; id && k < MS_NFRONTS; k++)
            if (vb_name_eq(d->front[k].id, id) || vb_name_eq(d->front[k].name, id))
                f = k;
        for (int k = 0; f >= 0 && k < 2; k++) {
            const ms_front *fr = &d->front[f];
            const ms_track *nt = &d->track[MS_NOBILITY];
            json_t *v = json_object_get(o, keys[k]);
            int lo = 99, hi = -99;
            if (!v)
                continue;
            for (int side = 0; side < 2; side++)
                for (int b = 0; b < (fr->nobility ? nt->nbox : 1); b++) {
                    int x = (k ? fr->siege[side] : fr->combat[side]) +
                            (fr->nobility ? (k ? nt->siege[b] : nt->combat[b]) : 0);
                    lo = x < lo ? x : lo;
                    hi = x > hi ? x : hi;
                }
            if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
                return vb_fail(cx, VB_EINPUT,
                               "front '%s': '%s' must be a number %d-%d (it is computed from the "
                               "side%s)",
                               fr->id, keys[k], lo, hi,
                               fr->nobility ? " and the nobility track" : "");
        }
    }
    return 0;
}

static const char *const state_keys[] = {"phase",
                                         "step",
                                         "actions_left",
                                         "pending",
                                         "result",
                                         "active_card",
                                         "fronts",
                                         "fallen",
                                         "tracks",
                                         "crusade",
                                         "excommunication_next",
                                         "tokens",
                                         "riot",
                                         "pirates",
                                         "vespers",
                                         "upper_left",
                                         "deck",
                                         "played",
                                         "rolls",
                                         "extra_modifier",
                                         NULL};
static const char *const front_keys[] = {"front",     "box",    "number", "side",
                                         "besieging", "combat", "siege",  NULL};
static const char *const pending_keys[] = {"offensive", "almogavar",    "fleet",
                                           "influence", "inactivation", NULL};

int ms_from_json(const struct vb_game *g, void *st, json_t *j, vb_ctx *cx)
{
    const ms_data *d = D(g);
    ms_state *s = st;
    json_t *a, *o, *v;
    const char *str;
    int x;
    if (!json_is_object(j))
        return vb_fail(cx, VB_EINPUT, "state: an object is expected");
    if (vb_json_known(j, state_keys, "state", cx) < 0)
        return VB_EINPUT;
    if (name_index(ms_phase_names, PH_COUNT, j, "phase", &x, "state", cx))
        return VB_EINPUT;
    s->phase = (uint8_t)x;
    if (vb_json_int(j, "step", 0, 7, &x, "state", cx))
        return VB_EINPUT;
    s->sub = (uint8_t)x;
    if (vb_json_int(j, "actions_left", 0, 9, &x, "state", cx))
        return VB_EINPUT;
    s->actions_left = (uint8_t)x;
    if (vb_json_str(j, "result", &str, "state", cx))
        return VB_EINPUT;
    if (strcmp(str, "running") == 0)
        s->over = 0;
    else if (strcmp(str, "won") == 0)
        s->over = 1;
    else if (strcmp(str, "lost") == 0)
        s->over = 2;
    else
        return vb_fail(cx, VB_EINPUT, "state: result '%s' is not running, won or lost", str);
    v = json_object_get(j, "active_card");
    s->active = -1;
    if (v && !json_is_null(v)) {
        int c = json_is_string(v) ? find_card(d, json_string_value(v)) : -1;
        if (c < 0)
            return vb_fail(cx, VB_EINPUT, "active_card: unknown card '%s'",
                           json_is_string(v) ? json_string_value(v) : "(not a string)");
        s->active = (int8_t)c;
    }
    /* fronts */
    if (vb_json_arr(j, "fronts", &a, "state", cx))
        return VB_EINPUT;
    if (json_array_size(a) != MS_NFRONTS)
        return vb_fail(cx, VB_EINPUT, "fronts: %zu listed, the game has %d", json_array_size(a),
                       MS_NFRONTS);
    {
        int seen[MS_NFRONTS] = {0};
        for (size_t i = 0; i < MS_NFRONTS; i++) {
            const char *id;
            int f = -1;
            o = json_array_get(a, i);
            if (vb_json_str(o, "front", &id, "fronts", cx) ||
                vb_json_known(o, front_keys, "fronts", cx) < 0)
                return VB_EINPUT;
            for (int k = 0; k < MS_NFRONTS; k++)
                if (vb_name_eq(d->front[k].id, id) || vb_name_eq(d->front[k].name, id))
                    f = k;
            if (f < 0)
                return vb_fail(cx, VB_EINPUT, "fronts: unknown front '%s'", id);
            if (seen[f]++)
                return vb_fail(cx, VB_EINPUT, "fronts: front '%s' listed twice", id);
            if (read_front(d, s, f, o, cx))
                return VB_EINPUT;
        }
    }
    if (vb_json_arr(j, "fallen", &a, "state", cx))
        return VB_EINPUT;
    for (size_t i = 0; i < json_array_size(a); i++) {
        const char *n = json_string_value(json_array_get(a, i));
        int b = -1;
        for (int k = 0; n && k < d->nboxes_total; k++)
            if (vb_name_eq(d->box_name[k], n))
                b = k;
        if (b < 0)
            return vb_fail(cx, VB_EINPUT, "fallen: unknown box '%s'", n ? n : "(not a string)");
        if (!d->box_fortified[b])
            return vb_fail(cx, VB_EINPUT, "fallen: box '%s' has no fortification to lose", n);
        if ((s->fallen >> b) & 1u)
            return vb_fail(cx, VB_EINPUT, "fallen: box '%s' listed twice", n);
        s->fallen |= 1u << b;
    }
    /* tracks */
    if (vb_json_obj(j, "tracks", &o, "state", cx) ||
        vb_json_known(o, ms_track_ids_null, "tracks", cx) < 0 ||
        vb_json_bool(j, "crusade", &x, "state", cx))
        return VB_EINPUT;
    s->crusade = (uint8_t)x;
    for (int t = 0; t < MS_NTRACKS; t++) {
        const char *names[MS_MAXBOX];
        int b;
        char where[48];
        for (int k = 0; k < d->track[t].nbox; k++)
            names[k] = d->track[t].name[k];
        snprintf(where, sizeof where, "track '%s'", ms_track_ids[t]);
        if (vb_json_str(o, ms_track_ids[t], &str, "tracks", cx))
            return VB_EINPUT;
        if (t == MS_POPE && (s->crusade || strcmp(str, "removed") == 0)) {
            if (!s->crusade || strcmp(str, "removed") != 0)
                return vb_fail(cx, VB_EINPUT,
                               "track 'pope': the marker is 'removed' exactly when "
                               "the crusade has been proclaimed (rule 11)");
            s->track[t] = 0;
            continue;
        }
        b = vb_name_find(names, d->track[t].nbox, str);
        if (b < 0) {
            if (strcmp(str, "0") != 0 && t != MS_POPE)
                return vb_fail(cx, VB_EINPUT, "%s: unknown box '%s'", where, str);
            return vb_fail(cx, VB_EINPUT, "%s: box '%s' is beyond the track (boxes '%s' to '%s')",
                           where, str, names[0], names[d->track[t].nbox - 1]);
        }
        s->track[t] = (int8_t)b;
    }
    if (check_shown_values(d, json_object_get(j, "fronts"), cx))
        return VB_EINPUT;
    if (vb_json_bool(j, "excommunication_next", &x, "state", cx))
        return VB_EINPUT;
    s->excom_next = (uint8_t)x;
    /* tokens */
    if (vb_json_obj(j, "tokens", &o, "state", cx))
        return VB_EINPUT;
    {
        const char *ids[MS_NTOK + 1];
        for (int t = 0; t < MS_NTOK; t++)
            ids[t] = d->tok_id[t];
        ids[MS_NTOK] = NULL;
        if (vb_json_known(o, ids, "tokens", cx) < 0)
            return VB_EINPUT;
    }
    for (int t = 0; t < MS_NTOK; t++) {
        if (name_index(tok_status_names, 3, o, d->tok_id[t], &x, "tokens", cx))
            return VB_EINPUT;
        s->tok[t] = (uint8_t)x;
    }
    if (name_index(riot_names, 3, j, "riot", &x, "state", cx))
        return VB_EINPUT;
    s->riot = (uint8_t)x;
    if (name_index(pirates_names, 3, j, "pirates", &x, "state", cx))
        return VB_EINPUT;
    s->pirates = (uint8_t)x;
    /* cards */
    if (vb_json_bool(j, "vespers", &x, "state", cx))
        return VB_EINPUT;
    s->vespers = (uint8_t)x;
    if (vb_json_int(j, "upper_left", 0, 63, &x, "state", cx))
        return VB_EINPUT;
    s->upper_left = (uint8_t)x;
    if (card_set(d, j, "deck", &s->deck, cx) || card_set(d, j, "played", &s->played, cx))
        return VB_EINPUT;
    v = json_object_get(j, "rolls");
    if (v) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) > (json_int_t)UINT32_MAX)
            return vb_fail(cx, VB_EINPUT, "state: 'rolls' must be a count 0-%u", UINT32_MAX);
        s->nrolls = (uint32_t)json_integer_value(v);
    }
    v = json_object_get(j, "extra_modifier");
    if (v) {
        if (!json_is_integer(v) || json_integer_value(v) < -MS_EXTRA_MOD ||
            json_integer_value(v) > MS_EXTRA_MOD)
            return vb_fail(cx, VB_EINPUT, "state: 'extra_modifier' must be an integer %d..%d",
                           -MS_EXTRA_MOD, MS_EXTRA_MOD);
        s->extra_mod = (int8_t)json_integer_value(v);
    }
    /* pending die */
    v = json_object_get(j, "pending");
    if (json_is_object(v) && vb_json_known(v, pending_keys, "pending", cx) < 0)
        return VB_EINPUT;
    if (s->phase == PH_OFFENSIVE) {
        int al, fl;
        if (!json_is_object(v) || vb_json_str(v, "offensive", &str, "pending", cx) ||
            vb_json_bool(v, "almogavar", &al, "pending", cx) ||
            vb_json_bool(v, "fleet", &fl, "pending", cx))
            return vb_fail(cx, VB_EINPUT,
                           "pending: phase 'offensive' needs {\"offensive\": "
                           "FRONT|riot|pirates, \"almogavar\", \"fleet\"}");
        x = -1;
        if (strcmp(str, "riot") == 0)
            x = MS_T_RIOT;
        else if (strcmp(str, "pirates") == 0)
            x = MS_T_PIRATES;
        else
            for (int f = 0; f < MS_NFRONTS; f++)
                if (vb_name_eq(d->front[f].id, str))
                    x = f;
        if (x < 0)
            return vb_fail(cx, VB_EINPUT, "pending: unknown front '%s'", str);
        s->pend_kind = (uint8_t)x;
        s->pend_tok = (uint8_t)((al ? MS_TOK_ALMOG : 0) | (fl ? MS_TOK_FLEET : 0));
    } else if (s->phase == PH_INFLUENCE) {
        if (!json_is_object(v) ||
            name_index(ms_track_ids, MS_NTRACKS, v, "influence", &x, "pending", cx))
            return vb_fail(cx, VB_EINPUT,
                           "pending: phase 'influence' needs {\"influence\": nobility|pope|james}");
        s->pend_arg = (uint8_t)x;
    } else if (s->phase == PH_INACTIVATION) {
        const char *fid;
        if (!json_is_object(v) || vb_json_str(v, "inactivation", &fid, "pending", cx))
            return vb_fail(cx, VB_EINPUT,
                           "pending: phase 'inactivation' needs {\"inactivation\": FRONT}");
        x = -1;
        for (int f = 0; f < MS_NFRONTS; f++)
            if (vb_name_eq(d->front[f].id, fid))
                x = f;
        if (x < 0)
            return vb_fail(cx, VB_EINPUT, "pending: unknown front '%s'", fid);
        s->pend_arg = (uint8_t)x;
    } else if (v && !json_is_null(v))
        return vb_fail(cx, VB_EINPUT, "pending: no die is pending in phase '%s'",
                       ms_phase_names[s->phase]);
    return ms_check(g, s, cx);
}

/* ---- invariants ---------------------------------------------------------------- */
static int fortified_box(const ms_data *d, const ms_state *s, int f)
{
    int p = s->pos[f];
    if (p == d->front[f].nbox)
        return 1;
    return d->front[f].box[p].fortified && !((s->fallen >> d->front[f].box[p].gid) & 1u);
}

static int any_fleet_in_play(const ms_data *d, const ms_state *s, int status)
{
    for (int t = 0; t < MS_NTOK; t++)
        if (d->tok_kind[t] == MS_FLEET && s->tok[t] == status)
            return 1;
    return 0;
}

int ms_check(const struct vb_game *g, const void *st, vb_ctx *cx)
{
    const ms_data *d = D(g);
    const ms_state *s = st;
    const ms_card *c = s->active >= 0 && s->active < d->ncards ? &d->card[s->active] : NULL;
    uint64_t all = d->ncards == 64 ? ~0ull : (1ull << d->ncards) - 1;
    uint64_t mort = 1ull << d->mort_card, excom = 1ull << d->excom_card, act = 0;
    int holder = -1;
    /* 2.3: tracks, tokens, markers */
    for (int t = 0; t < MS_NTRACKS; t++)
        if (s->track[t] < 0 || s->track[t] >= d->track[t].nbox)
            return vb_fail(cx, VB_EINPUT,
                           "track '%s': marker in box %d, but the track has boxes 0-%d",
                           ms_track_ids[t], s->track[t], d->track[t].nbox - 1);
    if (s->crusade && s->track[MS_POPE] != 0)
        return vb_fail(cx, VB_EINPUT,
                       "track 'pope': the crusade is proclaimed but the marker is not at 0");
    for (int t = 0; t < MS_NTOK; t++)
        if (s->tok[t] > MS_REGROUPING)
            return vb_fail(cx, VB_EINPUT, "token '%s': status %d", d->tok_id[t], s->tok[t]);
    if (s->riot > MS_DONE || s->pirates > MS_DONE)
        return vb_fail(cx, VB_EINPUT, "riot or pirates marker in an unknown state");
    /* fronts: positions, sides, sieges, stacking */
    for (int f = 0; f < MS_NFRONTS; f++) {
        const ms_front *fr = &d->front[f];
        int p = s->pos[f];
        if (p < MS_ELIMINATED || p > fr->nbox)
            return vb_fail(cx, VB_EINPUT,
                           "front '%s': force in box %d, but the front has boxes 0-%d", fr->id, p,
                           fr->nbox - 1);
        if (p < 0) {
            if (s->reduced[f] || s->besieging[f])
                return vb_fail(cx, VB_EINPUT,
                               "front '%s': a force not in play cannot be reduced or besieging",
                               fr->id);
            continue;
        }
        if (s->reduced[f] > 1 || s->besieging[f] > 1)
            return vb_fail(cx, VB_EINPUT, "front '%s': bad side or siege flag", fr->id);
        if (s->besieging[f] && !fortified_box(d, s, f))
            return vb_fail(cx, VB_EINPUT,
                           "front '%s': besieging in %s, which has no fortification (rule 9)",
                           fr->id, p == fr->nbox ? "Barcelona" : fr->box[p].name);
        if (p == fr->nbox) {
            if (holder >= 0)
                return vb_fail(cx, VB_EINPUT,
                               "front '%s': Barcelona is already occupied by '%s' (rule 7)", fr->id,
                               d->front[holder].id);
            holder = f;
        } else
            for (int o = 0; o < f; o++)
                if (s->pos[o] >= 0 && s->pos[o] < d->front[o].nbox &&
                    d->front[o].box[s->pos[o]].gid == fr->box[p].gid)
                    return vb_fail(cx, VB_EINPUT,
                                   "front '%s': box %s is already occupied by '%s' (one force per "
                                   "box, rule 7)",
                                   fr->id, fr->box[p].name, d->front[o].id);
        if (f == d->mallorca_front && d->track[MS_JAMES].protects[s->track[MS_JAMES]] &&
            (p == fr->nbox || fr->box[p].mallorca_reduced) && !s->reduced[f])
            return vb_fail(cx, VB_EINPUT,
                           "front '%s': must be reduced in %s while James says '%s' (rule 7.2)",
                           fr->id, p == fr->nbox ? "Barcelona" : fr->box[p].name,
                           d->track[MS_JAMES].name[s->track[MS_JAMES]]);
    }
    if (!s->over && holder >= 0 && s->riot == MS_ACTIVE)
        return vb_fail(cx, VB_EINPUT,
                       "front '%s' is in Barcelona while the riot is active: the game is lost "
                       "(rule 8.1.1)",
                       d->front[holder].id);
    if (s->fallen >> d->nboxes_total)
        return vb_fail(cx, VB_EINPUT, "fallen: unknown box");
    for (int b = 0; b < d->nboxes_total; b++)
        if (((s->fallen >> b) & 1u) && !d->box_fortified[b])
            return vb_fail(cx, VB_EINPUT, "fallen: box '%s' has no fortification to lose",
                           d->box_name[b]);
    /* cards: each exactly once in deck / played / active / out of play */
    if (s->active >= d->ncards || s->active < -1)
        return vb_fail(cx, VB_EINPUT, "active card: bad index %d", s->active);
    if (s->active >= 0)
        act = 1ull << s->active;
    if ((s->deck | s->played) & ~all)
        return vb_fail(cx, VB_EINPUT, "cards: unknown card in the deck or the played pile");
    if (s->deck & s->played)
        return vb_fail(cx, VB_EINPUT, "card '%s' is both in the deck and played",
                       d->card[__builtin_ctzll(s->deck & s->played)].id);
    if ((s->deck | s->played) & act)
        return vb_fail(cx, VB_EINPUT, "card '%s' is active and also in the deck or played",
                       d->card[s->active].id);
    {
        uint64_t here = s->deck | s->played | act, missing = d->mask_a & ~here;
        if (missing)
            return vb_fail(cx, VB_EINPUT,
                           "card '%s' (deck A) is neither in the deck, played nor active",
                           d->card[__builtin_ctzll(missing)].id);
        if (!s->vespers) {
            if (here & (d->mask_b | mort))
                return vb_fail(cx, VB_EINPUT,
                               "card '%s' is in play before the Sicilian Vespers (rule 10.1)",
                               d->card[__builtin_ctzll(here & (d->mask_b | mort))].id);
            if (!((s->deck | act) & (1ull << d->vespers_card)))
                return vb_fail(
                    cx, VB_EINPUT,
                    "card 'vespres-sicilianes' must be in the deck or active "
                    "until the Vespers (it is an A card, so the deck cannot run out before)");
            if (s->upper_left)
                return vb_fail(cx, VB_EINPUT, "upper_left must be 0 before the Vespers");
        } else {
            missing = d->mask_b & ~here;
            if (missing)
                return vb_fail(cx, VB_EINPUT,
                               "card '%s' (deck B) is neither in the deck, played nor active after "
                               "the Vespers",
                               d->card[__builtin_ctzll(missing)].id);
            if (!(s->played & (1ull << d->vespers_card)))
                return vb_fail(cx, VB_EINPUT,
                               "the Vespers are done but 'vespres-sicilianes' is not played");
            if (s->upper_left > 0) {
                if (here & mort)
                    return vb_fail(cx, VB_EINPUT,
                                   "'mort-vilafranca' is drawable while %d cards remain above the "
                                   "last six (rule 10.1)",
                                   s->upper_left);
                if (ms_card_count(s->deck) != s->upper_left + 5)
                    return vb_fail(
                        cx, VB_EINPUT,
                        "deck: %d cards, but upper_left %d + the 5 others of the last six",
                        ms_card_count(s->deck), s->upper_left);
            } else if (!((s->deck | act) & mort))
                return vb_fail(cx, VB_EINPUT,
                               "'mort-vilafranca' must be in the deck or active once the last six "
                               "are reached");
        }
        if (!s->crusade && ((here & excom) || s->excom_next))
            return vb_fail(
                cx, VB_EINPUT,
                "card 'excomunio-croada' is in play but no crusade was proclaimed (rule 11)");
        if (s->crusade && s->excom_next && (here & excom))
            return vb_fail(cx, VB_EINPUT,
                           "card 'excomunio-croada' is already in play but still due next turn");
        if (s->crusade && !s->excom_next && !((s->played | act) & excom))
            return vb_fail(
                cx, VB_EINPUT,
                "the crusade was proclaimed but 'excomunio-croada' is neither active nor played");
    }
    /* phase and pending decision */
    if (s->phase >= PH_COUNT || s->over > 2 || (s->over != 0) != (s->phase == PH_OVER))
        return vb_fail(cx, VB_EINPUT, "phase '%s' does not match result",
                       ms_phase_names[s->phase % PH_COUNT]);
    /* 12: the game is won only at the siege phase of Mort a Vilafranca, and
     * lost only with a force in Barcelona (its siege succeeded, the riot let
     * it in, or the riot broke out while it besieged the city, 6, 8.1.1) */
    if (s->over == 1 && s->active != d->mort_card)
        return vb_fail(cx, VB_EINPUT,
                       "result 'won' but the active card is not 'mort-vilafranca' (rule 12)");
    if (s->over == 2 && holder < 0)
        return vb_fail(cx, VB_EINPUT,
                       "result 'lost' but no force is in Barcelona (rules 6, 8.1.1, 12)");
    if (s->over == 1 && holder >= 0 && !s->besieging[holder])
        return vb_fail(cx, VB_EINPUT,
                       "result 'won' with '%s' in Barcelona but not besieging it (rule 9)",
                       d->front[holder].id);
    if (s->phase == PH_DRAW) {
        if (c)
            return vb_fail(cx, VB_EINPUT, "phase 'draw': no card may be active yet");
        if (s->excom_next)
            return vb_fail(
                cx, VB_EINPUT,
                "phase 'draw': the Excommunication card is due, no card is drawn (rule 11)");
        if (!s->deck)
            return vb_fail(cx, VB_EINPUT, "phase 'draw': the deck is empty");
    } else if (!c && s->phase != PH_OVER)
        return vb_fail(cx, VB_EINPUT, "phase '%s': an active card is needed",
                       ms_phase_names[s->phase]);
    else if (s->excom_next && s->phase != PH_OVER)
        return vb_fail(cx, VB_EINPUT, "excommunication_next is only set between turns");
    if ((s->phase != PH_ACTIONS && s->phase != PH_OFFENSIVE && s->phase != PH_INFLUENCE &&
         s->actions_left) ||
        (c && s->actions_left > c->actions))
        return vb_fail(cx, VB_EINPUT, "actions_left %d is not possible in phase '%s'",
                       s->actions_left, ms_phase_names[s->phase]);
    if (s->phase != PH_REINF && s->phase != PH_SIEGE && s->phase != PH_INTERCEPT && s->sub)
        return vb_fail(cx, VB_EINPUT, "step %d is not possible in phase '%s'", s->sub,
                       ms_phase_names[s->phase]);
    if ((s->phase != PH_OFFENSIVE && (s->pend_kind || s->pend_tok)) ||
        (s->phase != PH_INFLUENCE && s->phase != PH_INACTIVATION && s->pend_arg))
        return vb_fail(cx, VB_EINPUT, "a pending die is recorded outside its phase");
    switch (s->phase) {
    case PH_REINF:
        if (!c->banner)
            return vb_fail(cx, VB_EINPUT, "phase 'reinforcements': card '%s' has no blue banner",
                           c->id);
        if (s->sub > MS_NFRONTS ||
            (s->sub == MS_NFRONTS ? s->pirates != MS_DONE
                                  : (s->pos[s->sub] < 0 || !s->reduced[s->sub])))
            return vb_fail(cx, VB_EINPUT,
                           "phase 'reinforcements': step %d is no reduced force (rule 5)", s->sub);
        break;
    case PH_SIEGE:
        if (s->sub >= MS_NFRONTS || !s->besieging[s->sub])
            return vb_fail(cx, VB_EINPUT, "phase 'siege': step %d is no besieging force (rule 6)",
                           s->sub);
        break;
    case PH_INTERCEPT: {
        int f = d->naples_front;
        if (s->sub >= c->nmove || c->move_front[s->sub] != f || c->move_red[s->sub] ||
            s->pos[f] != d->front[f].nbox - 1 || s->besieging[f] || holder >= 0 ||
            !(any_fleet_in_play(d, s, MS_AVAILABLE) || any_fleet_in_play(d, s, MS_REGROUPING)))
            return vb_fail(cx, VB_EINPUT,
                           "phase 'intercept': Charles of Anjou is not about to leave Palermo with "
                           "a fleet to stop him (rule 7.1)");
        break;
    }
    case PH_ACTIONS:
        if (!s->actions_left)
            return vb_fail(cx, VB_EINPUT, "phase 'actions': no action left");
        break;
    case PH_OFFENSIVE: {
        int t = s->pend_kind;
        if (t < MS_NFRONTS) {
            int p = s->pos[t];
            if (p < 0)
                return vb_fail(cx, VB_EINPUT, "pending offensive: front '%s' has no force in play",
                               d->front[t].id);
            if (c->no_front >> t & 1u)
                return vb_fail(
                    cx, VB_EINPUT,
                    "pending offensive: card '%s' says No to offensives on '%s' (rule 8)", c->id,
                    d->front[t].id);
            if (s->pend_tok & ~(MS_TOK_ALMOG | MS_TOK_FLEET) ||
                ((s->pend_tok & MS_TOK_FLEET) && !(p < d->front[t].nbox && d->front[t].box[p].sea)))
                return vb_fail(cx, VB_EINPUT,
                               "pending offensive: fleets only in sea boxes (rule 8.1)");
        } else if (t == MS_T_RIOT) {
            if (s->riot != MS_ACTIVE || s->pend_tok)
                return vb_fail(
                    cx, VB_EINPUT,
                    "pending offensive: no active riot, or tokens used against it (rule 8.1.1)");
        } else if (t == MS_T_PIRATES) {
            if (s->pirates != MS_ACTIVE || s->pend_tok != MS_TOK_FLEET)
                return vb_fail(cx, VB_EINPUT,
                               "pending offensive: the pirates need to be active and a fleet spent "
                               "(rule 8.1.2)");
        } else
            return vb_fail(cx, VB_EINPUT, "pending offensive: bad target");
        break;
    }
    case PH_INFLUENCE:
        if (s->pend_arg >= MS_NTRACKS || (s->pend_arg == MS_POPE && ms_pope_hopeless(s)))
            return vb_fail(cx, VB_EINPUT, "pending influence: not possible (rule 8.5)");
        if (c->no_infl >> s->pend_arg & 1u)
            return vb_fail(cx, VB_EINPUT,
                           "pending influence: card '%s' says No to influencing %s (rule 8)", c->id,
                           ms_track_ids[s->pend_arg]);
        break;
    case PH_INACTIVATION:
        if (c->special != MS_SP_INACTIVATION || c->special_front != s->pend_arg ||
            s->pos[s->pend_arg] < 0)
            return vb_fail(
                cx, VB_EINPUT,
                "pending inactivation: card '%s' has no Possible inactivació of a front in play",
                c->id);
        break;
    default:
        break;
    }
    return 0;
}
