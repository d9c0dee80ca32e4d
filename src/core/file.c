/* file.c - state files and records in JSON: writing the referee's file or a
 * role's view, loading a file into a match (header checked, history
 * replayed, stored state compared). */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "match_int.h"

static const char *who_name(const vb_game *g, int who)
{
    if (who == VB_CHANCE)
        return "chance";
    if (who == VB_OVER)
        return "over";
    if (who >= 0 && who < g->def->nroles)
        return g->def->roles[who];
    return "?";
}

static const char *outcome_name(int o)
{
    switch (o) {
    case VB_OUT_WIN:
        return "win";
    case VB_OUT_LOSS:
        return "loss";
    case VB_OUT_DRAW:
        return "draw";
    default:
        return NULL;
    }
}

static json_t *result_json(const vb_game *g, const void *st)
{
    vb_result r;
    json_t *scores = json_object(), *outcomes = json_object();
    vb_result_get(g, st, &r);
    for (int i = 0; i < g->def->nroles; i++) {
        json_object_set_new(scores, g->def->roles[i], json_real(r.score[i]));
        if (outcome_name(r.outcome[i]))
            json_object_set_new(outcomes, g->def->roles[i],
                                json_string(outcome_name(r.outcome[i])));
    }
    return json_pack("{s:s?, s:o, s:o, s:s}", "winner",
                     r.winner >= 0 && r.winner < g->nsides ? g->sides[r.winner] : NULL, "scores",
                     scores, "outcomes", outcomes, "verdict", r.verdict);
}

json_t *vb_match_to_json(const vb_match *m, int role)
{
    const vb_game *g = m->g;
    const vb_head *h = m->st;
    json_t *j = json_object(), *opts = json_object(), *hist = json_array(), *state;
    char buf[VB_TEXT_LEN], seed[32];
    int who = vb_to_move(g, m->st);
    void *view = NULL;
    const void *st = m->st;

    if (role >= 0) {
        view = malloc(g->def->state_size);
        if (!view) {
            json_decref(j);
            json_decref(opts);
            json_decref(hist);
            return NULL;
        }
        vb_view(g, view, m->st, role);
        st = view;
    }
    state = g->def->to_json(g, st, role);
    json_object_set_new(j, "game", json_string(g->def->id));
    if (role >= 0)
        json_object_set_new(j, "view", json_string(g->def->roles[role]));
    json_object_set_new(j, "rules",
                        json_string(g->def->rules_version ? g->def->rules_version : ""));
    json_object_set_new(j, "data", json_string(g->fingerprint));
    json_object_set_new(j, "scenario",
                        json_string(g->nscenarios > 0 ? g->scenarios[h->scenario] : "default"));
    for (int i = 0; i < g->def->noptions; i++)
        json_object_set_new(opts, g->def->options[i].key, json_integer(h->opts[i]));
    json_object_set_new(j, "options", opts);
    if (role < 0) {
        /* The seed and the generator predict every future roll: only the
         * referee's full file carries them, never a role's view. */
        json_t *rng = json_array();
        snprintf(seed, sizeof seed, "%" PRIu64, h->seed);
        json_object_set_new(j, "seed", json_string(seed));
        for (int i = 0; i < 4; i++) {
            char hex[20];
            snprintf(hex, sizeof hex, "%016" PRIx64, h->rng.s[i]);
            json_array_append_new(rng, json_string(hex));
        }
        json_object_set_new(j, "rng", rng);
    }
    json_object_set_new(j, "decisions", json_integer(h->ndecisions));
    json_object_set_new(j, "to_move", json_string(who_name(g, who)));
    vb_prompt(g, st, buf, sizeof buf);
    json_object_set_new(j, "prompt", json_string(buf));
    if (who == VB_OVER)
        json_object_set_new(j, "result", result_json(g, m->st));
    json_object_set_new(j, "state", state ? state : json_null());
    for (size_t i = 0; i < m->rec.n; i++) {
        const vb_entry *e = &m->rec.v[i];
        int see = vb_entry_visible(e, role);
        json_t *x = json_pack("{s:s, s:s}", "by", who_name(g, e->who), "do",
                              see ? e->text : e->public_text);
        if (!see)
            json_object_set_new(x, "hidden", json_true());
        else if (e->who == VB_CHANCE && role < 0)
            json_object_set_new(x, "rng", json_boolean(e->from_rng));
        json_array_append_new(hist, x);
    }
    if (m->from_position)
        json_decref(hist);
    else
        json_object_set_new(j, "history", hist);
    free(view);
    return j;
}

/* ---- loading ---------------------------------------------------------------*/

static const char *const top_keys[] = {"game",   "rules", "data",      "scenario", "options",
                                       "seed",   "rng",   "decisions", "to_move",  "prompt",
                                       "result", "state", "history",   "view",     NULL};

/* Header fields common to state and record files. Fills *scenario, opts[],
 * *seed. */
static int read_header(const vb_game *g, json_t *j, int *scenario, int *opts, uint64_t *seed,
                       vb_ctx *cx)
{
    json_t *v;
    const vb_game_def *d = g->def;
    if (!json_is_object(j))
        return vb_fail(cx, VB_EINPUT, "state file: expected a JSON object");
    if (vb_json_known(j, top_keys, "state file", cx) < 0)
        return VB_EINPUT;
    if (json_object_get(j, "view"))
        return vb_fail(cx, VB_EINPUT,
                       "state file: this is a role's view (\"view\"), not a state file or record");
    v = json_object_get(j, "game");
    if (!json_is_string(v))
        return vb_fail(cx, VB_EINPUT, "state file: missing \"game\"");
    if (strcmp(json_string_value(v), d->id) != 0)
        return vb_fail(cx, VB_EINPUT, "state file: game '%.40s', expected '%s'",
                       json_string_value(v), d->id);
    v = json_object_get(j, "rules");
    if (v && (!json_is_string(v) ||
              strcmp(json_string_value(v), d->rules_version ? d->rules_version : "") != 0))
        return vb_fail(cx, VB_EINPUT,
                       "state file: written under rules '%.40s', this program has '%s'",
                       json_is_string(v) ? json_string_value(v) : "?",
                       d->rules_version ? d->rules_version : "");
    v = json_object_get(j, "data");
    if (v && (!json_is_string(v) || strcmp(json_string_value(v), g->fingerprint) != 0))
        return vb_fail(cx, VB_EINPUT,
                       "state file: played with other data (fingerprint %.20s, this data is %s; "
                       "see VAUBAN_DATA)",
                       json_is_string(v) ? json_string_value(v) : "?", g->fingerprint);
    *scenario = 0;
    v = json_object_get(j, "scenario");
    if (v) {
        if (!json_is_string(v))
            return vb_fail(cx, VB_EINPUT, "state file: \"scenario\" must be a string");
        *scenario = g->nscenarios > 0 ? vb_scenario_index(g, json_string_value(v)) : 0;
        if (*scenario < 0)
            return vb_fail(cx, VB_EINPUT, "state file: unknown scenario '%.40s'",
                           json_string_value(v));
    }
    vb_option_defaults(g, *scenario, opts);
    v = json_object_get(j, "options");
    if (v) {
        const char *key;
        json_t *val;
        if (!json_is_object(v))
            return vb_fail(cx, VB_EINPUT, "state file: \"options\" must be an object");
        json_object_foreach(v, key, val)
        {
            int k = -1;
            json_int_t x;
            for (int i = 0; i < d->noptions; i++)
                if (strcmp(d->options[i].key, key) == 0)
                    k = i;
            if (k < 0)
                return vb_fail(cx, VB_EINPUT, "state file: unknown option '%.40s'", key);
            if (!json_is_integer(val) && !json_is_boolean(val))
                return vb_fail(cx, VB_EINPUT, "state file: option '%s' must be an integer", key);
            x = json_is_boolean(val) ? json_is_true(val) : json_integer_value(val);
            if (x < d->options[k].min || x > d->options[k].max)
                return vb_fail(cx, VB_EINPUT, "state file: option '%s' = %lld out of range %d-%d",
                               key, (long long)x, d->options[k].min, d->options[k].max);
            opts[k] = (int)x;
        }
    }
    *seed = 0;
    v = json_object_get(j, "seed");
    if (v) {
        if (json_is_integer(v) && json_integer_value(v) >= 0)
            *seed = (uint64_t)json_integer_value(v);
        else if (!json_is_string(v) ||
                 vb_parse_u64(json_string_value(v), seed, "state file: \"seed\"", cx) < 0)
            return vb_fail(cx, VB_EINPUT,
                           "state file: \"seed\" must be a whole number 0-18446744073709551615");
    }
    return 0;
}

/* The 16-hex-digit word s into *out. */
static int hex_word(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!s || strlen(s) != 16)
        return -1;
    for (int i = 0; i < 16; i++) {
        int c = tolower((unsigned char)s[i]);
        if (c >= '0' && c <= '9')
            v = v << 4 | (uint64_t)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v = v << 4 | (uint64_t)(c - 'a' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

/* The position of j (no history replay): head fields, the game's part, its
 * invariants. st is zeroed first. */
static int read_position(const vb_game *g, void *st, json_t *j, int scenario, const int *opts,
                         uint64_t seed, vb_ctx *cx)
{
    vb_head *h = st;
    json_t *state = json_object_get(j, "state"), *v;
    int rc;
    if (!json_is_object(state))
        return vb_fail(cx, VB_EINPUT, "state file: missing \"state\" object");
    memset(st, 0, g->def->state_size);
    vb_rng_seed(&h->rng, seed);
    h->seed = seed;
    h->scenario = scenario;
    for (int i = 0; i < g->def->noptions; i++)
        h->opts[i] = opts[i];
    v = json_object_get(j, "rng");
    if (v) {
        if (!json_is_array(v) || json_array_size(v) != 4)
            return vb_fail(cx, VB_EINPUT, "state file: \"rng\" must be 4 hex strings");
        for (int i = 0; i < 4; i++) {
            const char *s = json_string_value(json_array_get(v, (size_t)i));
            if (hex_word(s, &h->rng.s[i]) < 0)
                return vb_fail(cx, VB_EINPUT,
                               "state file: rng word %d must be 16 hexadecimal digits", i + 1);
        }
        if ((h->rng.s[0] | h->rng.s[1] | h->rng.s[2] | h->rng.s[3]) == 0)
            return vb_fail(cx, VB_EINPUT, "state file: rng state may not be all zero");
    }
    v = json_object_get(j, "decisions");
    if (v) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) > (json_int_t)UINT32_MAX)
            return vb_fail(cx, VB_EINPUT, "state file: \"decisions\" must be a count");
        h->ndecisions = (uint32_t)json_integer_value(v);
    }
    rc = g->def->from_json(g, st, state, cx);
    if (rc < 0)
        return rc;
    return g->def->check(g, st, cx);
}

/* A running game must offer a decision: at least one legal action, and
 * chance outcomes with positive total weight. */
static int playable(const vb_game *g, const void *st, vb_ctx *cx)
{
    vb_action acts[VB_MAX_ACTIONS];
    uint32_t w[VB_MAX_ACTIONS];
    uint64_t total = 0;
    int who = vb_to_move(g, st), n;
    if (who == VB_OVER)
        return 0;
    if (who != VB_CHANCE && (who < 0 || who >= g->def->nroles))
        return vb_fail(cx, VB_EINPUT, "state file: the position names no one to decide");
    n = vb_legal(g, st, acts, w, VB_MAX_ACTIONS);
    if (n < 0)
        return vb_fail(cx, VB_EINPUT, "state file: the position has more than %d legal actions",
                       VB_MAX_ACTIONS);
    if (n == 0)
        return vb_fail(cx, VB_EINPUT,
                       "state file: the position is impossible: %s must decide and has no legal "
                       "action",
                       who_name(g, who));
    for (int i = 0; i < n; i++)
        total += w[i];
    if (who == VB_CHANCE && total == 0)
        return vb_fail(cx, VB_EINPUT, "state file: a chance decision with no possible outcome");
    return 0;
}

static const char *const entry_keys[] = {"by", "do", "rng", NULL};

/* Replay history hist from setup into m. */
static int replay(vb_match *m, json_t *hist, int scenario, const int *opts, uint64_t seed,
                  vb_ctx *cx)
{
    const vb_game *g = m->g;
    json_t *x;
    size_t i;
    int rc = vb_setup(g, m->st, scenario, opts, seed, cx);
    if (rc < 0)
        return rc;
    json_array_foreach(hist, i, x)
    {
        const char *by = NULL, *text = NULL;
        int who = vb_to_move(g, m->st);
        char where[48];
        vb_action a;
        snprintf(where, sizeof where, "history[%zu]", i);
        if (!json_is_object(x) || vb_json_known(x, entry_keys, where, cx) < 0 ||
            json_unpack(x, "{s:s, s:s}", "by", &by, "do", &text) < 0)
            return vb_fail(cx, VB_EINPUT,
                           "record does not replay: history[%zu]: expected {\"by\": ..., \"do\": "
                           "...}",
                           i);
        if (who == VB_OVER)
            return vb_fail(cx, VB_EINPUT,
                           "record does not replay: history[%zu] '%.60s' after the game ended", i,
                           text);
        if (strcmp(by, who_name(g, who)) != 0)
            return vb_fail(cx, VB_EINPUT,
                           "record does not replay: history[%zu] by '%.30s', but '%s' decides", i,
                           by, who_name(g, who));
        if (who == VB_CHANCE && json_is_true(json_object_get(x, "rng"))) {
            rc = vb_match_roll(m, cx);
            if (rc < 0)
                return rc;
            if (strcmp(m->rec.v[m->rec.n - 1].text, text) != 0)
                return vb_fail(cx, VB_EINPUT,
                               "record does not replay: history[%zu]: generator drew '%s', "
                               "record says '%.60s'",
                               i, m->rec.v[m->rec.n - 1].text, text);
            continue;
        }
        rc = vb_parse_action(g, m->st, text, &a, cx);
        if (rc < 0) {
            char msg[VB_ERR_LEN];
            snprintf(msg, sizeof msg, "%s", cx->err);
            return vb_fail(cx, VB_EINPUT, "record does not replay: history[%zu]: %s", i, msg);
        }
        rc = vb_match_apply(m, a, cx);
        if (rc < 0)
            return rc;
    }
    return 0;
}

int vb_match_load(vb_match *m, const vb_game *g, json_t *j, vb_ctx *cx)
{
    int scenario = 0, opts[VB_MAX_OPTIONS] = {0}, rc;
    uint64_t seed = 0;
    json_t *hist;

    rc = match_alloc(m, g, cx);
    if (rc < 0)
        return rc;
    rc = read_header(g, j, &scenario, opts, &seed, cx);
    if (rc < 0)
        goto fail;
    hist = json_object_get(j, "history");
    if (hist && !json_is_array(hist)) {
        rc = vb_fail(cx, VB_EINPUT, "state file: \"history\" must be an array");
        goto fail;
    }
    if (!hist) {
        /* A position without its past: loaded as it stands. */
        rc = read_position(g, m->st, j, scenario, opts, seed, cx);
        if (rc < 0)
            goto fail;
        m->from_position = 1;
    } else {
        rc = replay(m, hist, scenario, opts, seed, cx);
        if (rc < 0)
            goto fail;
        if (json_object_get(j, "state")) {
            void *stored = calloc(1, g->def->state_size);
            int same;
            if (!stored) {
                rc = vb_fail(cx, VB_ENOMEM, "out of memory");
                goto fail;
            }
            rc = read_position(g, stored, j, scenario, opts, seed, cx);
            same = rc == 0 && vb_equal(g, stored, m->st);
            free(stored);
            if (rc < 0)
                goto fail;
            if (!same) {
                rc = vb_fail(cx, VB_EINPUT,
                             "record does not replay: its history does not lead to its \"state\" "
                             "(to study an edited position, remove \"history\")");
                goto fail;
            }
        }
    }
    rc = playable(g, m->st, cx);
    if (rc < 0)
        goto fail;
    /* "to_move" is written from the position: beside a "state", one naming
     * another role is a file edited inconsistently, refused rather than
     * silently ignored (a history cut short without its "state" is a record
     * of an earlier moment, and its old "to_move" is not read) */
    {
        json_t *v = json_object_get(j, "to_move");
        const char *who = who_name(g, vb_to_move(g, m->st));
        if (v && json_object_get(j, "state") &&
            (!json_is_string(v) || strcmp(json_string_value(v), who) != 0)) {
            rc = vb_fail(cx, VB_EINPUT,
                         "state file: \"to_move\" is '%.40s', but the position has '%s' to move",
                         json_is_string(v) ? json_string_value(v) : "?", who);
            goto fail;
        }
    }
    return 0;
fail:
    vb_match_release(m);
    return rc;
}
