/* match.c - a game in progress with its record; state files in JSON;
 * replaying a record. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vauban.h"

int vb_record_push(vb_record *r, vb_entry e)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        vb_entry *v = realloc(r->v, cap * sizeof *v);
        if (!v)
            return VB_ENOMEM;
        r->v = v;
        r->cap = cap;
    }
    r->v[r->n++] = e;
    return 0;
}

void vb_record_release(vb_record *r)
{
    free(r->v);
    memset(r, 0, sizeof *r);
}

static int match_alloc(vb_match *m, const vb_game *g, vb_ctx *cx)
{
    memset(m, 0, sizeof *m);
    m->g = g;
    m->st = calloc(1, g->def->state_size);
    if (!m->st)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    return 0;
}

int vb_match_new(vb_match *m, const vb_game *g, int scenario, const int *opts, uint64_t seed,
                 vb_ctx *cx)
{
    int rc = match_alloc(m, g, cx);
    if (rc < 0)
        return rc;
    rc = vb_setup(g, m->st, scenario, opts, seed, cx);
    if (rc < 0) {
        vb_match_release(m);
        return rc;
    }
    m->rec_valid = 1;
    return 0;
}

void vb_match_release(vb_match *m)
{
    free(m->st);
    vb_record_release(&m->rec);
    memset(m, 0, sizeof *m);
}

static int record(vb_match *m, int who, vb_action a, int from_rng)
{
    vb_entry e;
    memset(&e, 0, sizeof e);
    e.who = who;
    e.a = a;
    e.from_rng = from_rng;
    vb_action_text(m->g, m->st, a, e.text, sizeof e.text);
    return vb_record_push(&m->rec, e);
}

int vb_match_apply(vb_match *m, vb_action a, vb_ctx *cx)
{
    int who = vb_to_move(m->g, m->st);
    vb_entry e;
    int rc;
    memset(&e, 0, sizeof e);
    e.who = who;
    e.a = a;
    if (who != VB_OVER)
        vb_action_text(m->g, m->st, a, e.text, sizeof e.text);
    rc = vb_apply(m->g, m->st, a, cx);
    if (rc < 0)
        return rc;
    if (vb_record_push(&m->rec, e) < 0)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    return 0;
}

int vb_match_roll(vb_match *m, vb_ctx *cx)
{
    vb_action a;
    void *backup;
    int rc;
    if (vb_to_move(m->g, m->st) != VB_CHANCE)
        return vb_fail(cx, VB_EUSAGE, "no chance decision is pending");
    backup = malloc(m->g->def->state_size);
    if (!backup)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    memcpy(backup, m->st, m->g->def->state_size);
    a = vb_sample_chance(m->g, m->st);
    if (a == VB_NONE) {
        memcpy(m->st, backup, m->g->def->state_size);
        free(backup);
        return vb_fail(cx, VB_EINPUT, "chance decision with no outcomes");
    }
    /* The text must be taken in the state the outcome applies to; the
     * generator has advanced, which does not change the text. */
    rc = record(m, VB_CHANCE, a, 1);
    if (rc == 0)
        rc = vb_apply_unchecked(m->g, m->st, a, cx);
    if (rc < 0) {
        memcpy(m->st, backup, m->g->def->state_size);
        if (m->rec.n > 0)
            m->rec.n--;
    }
    free(backup);
    return rc;
}

/* ---- JSON ----------------------------------------------------------------*/

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

static json_t *result_json(const vb_game *g, const void *st)
{
    vb_result r;
    json_t *scores = json_object();
    vb_result_get(g, st, &r);
    for (int i = 0; i < g->def->nroles; i++)
        json_object_set_new(scores, g->def->roles[i], json_real(r.score[i]));
    return json_pack("{s:s?, s:o, s:s}", "winner", r.winner >= 0 ? g->def->roles[r.winner] : NULL,
                     "scores", scores, "verdict", r.verdict);
}

json_t *vb_match_to_json(const vb_match *m, int role)
{
    const vb_game *g = m->g;
    const vb_head *h = m->st;
    json_t *j = json_object(), *opts = json_object(), *hist = json_array();
    char buf[VB_TEXT_LEN], seed[32];
    int who = vb_to_move(g, m->st);
    json_t *state = g->def->to_json(g, m->st, role);

    json_object_set_new(j, "game", json_string(g->def->id));
    json_object_set_new(
        j, "scenario",
        json_string(g->def->nscenarios > 0 ? g->def->scenarios[h->scenario] : "default"));
    for (int i = 0; i < g->def->noptions; i++)
        json_object_set_new(opts, g->def->options[i].key, json_integer(h->opts[i]));
    json_object_set_new(j, "options", opts);
    snprintf(seed, sizeof seed, "%" PRIu64, h->seed);
    json_object_set_new(j, "seed", json_string(seed));
    if (role < 0) {
        /* The generator predicts every future roll: only the full state
         * carries it, never a role's view. */
        json_t *rng = json_array();
        for (int i = 0; i < 4; i++) {
            char hex[20];
            snprintf(hex, sizeof hex, "%016" PRIx64, h->rng.s[i]);
            json_array_append_new(rng, json_string(hex));
        }
        json_object_set_new(j, "rng", rng);
    }
    json_object_set_new(j, "decisions", json_integer(h->ndecisions));
    json_object_set_new(j, "to_move", json_string(who_name(g, who)));
    vb_prompt(g, m->st, buf, sizeof buf);
    json_object_set_new(j, "prompt", json_string(buf));
    if (who == VB_OVER)
        json_object_set_new(j, "result", result_json(g, m->st));
    json_object_set_new(j, "state", state ? state : json_null());
    for (size_t i = 0; i < m->rec.n; i++) {
        const vb_entry *e = &m->rec.v[i];
        json_t *x = json_pack("{s:s, s:s}", "by", who_name(g, e->who), "do", e->text);
        if (e->who == VB_CHANCE)
            json_object_set_new(x, "rng", json_boolean(e->from_rng));
        json_array_append_new(hist, x);
    }
    if (m->rec_valid)
        json_object_set_new(j, "history", hist);
    else
        json_decref(hist);
    return j;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !*s)
        return -1;
    *out = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

/* Header fields common to state and record files: game (checked), scenario,
 * options, seed. Fills *scenario, opts[], *seed. */
static int read_header(const vb_game *g, json_t *j, int *scenario, int *opts, uint64_t *seed,
                       vb_ctx *cx)
{
    json_t *v;
    const vb_game_def *d = g->def;
    if (!json_is_object(j))
        return vb_fail(cx, VB_EINPUT, "state file: expected a JSON object");
    v = json_object_get(j, "game");
    if (!json_is_string(v))
        return vb_fail(cx, VB_EINPUT, "state file: missing \"game\"");
    if (strcmp(json_string_value(v), d->id) != 0)
        return vb_fail(cx, VB_EINPUT, "state file: game '%s', expected '%s'", json_string_value(v),
                       d->id);
    *scenario = 0;
    v = json_object_get(j, "scenario");
    if (v) {
        if (!json_is_string(v))
            return vb_fail(cx, VB_EINPUT, "state file: \"scenario\" must be a string");
        *scenario = d->nscenarios > 0 ? vb_scenario_index(g, json_string_value(v)) : 0;
        if (*scenario < 0)
            return vb_fail(cx, VB_EINPUT, "state file: unknown scenario '%s'",
                           json_string_value(v));
    }
    for (int i = 0; i < d->noptions; i++)
        opts[i] = d->options[i].def;
    v = json_object_get(j, "options");
    if (v) {
        const char *key;
        json_t *val;
        if (!json_is_object(v))
            return vb_fail(cx, VB_EINPUT, "state file: \"options\" must be an object");
        json_object_foreach(v, key, val)
        {
            int k = -1;
            for (int i = 0; i < d->noptions; i++)
                if (strcmp(d->options[i].key, key) == 0)
                    k = i;
            if (k < 0)
                return vb_fail(cx, VB_EINPUT, "state file: unknown option '%s'", key);
            if (!json_is_integer(v = val) && !json_is_boolean(val))
                return vb_fail(cx, VB_EINPUT, "state file: option '%s' must be an integer", key);
            opts[k] = json_is_boolean(val) ? json_is_true(val) : (int)json_integer_value(val);
            if (opts[k] < d->options[k].min || opts[k] > d->options[k].max)
                return vb_fail(cx, VB_EINPUT, "state file: option '%s' = %d out of range %d-%d",
                               key, opts[k], d->options[k].min, d->options[k].max);
        }
    }
    *seed = 0;
    v = json_object_get(j, "seed");
    if (v) {
        if (json_is_integer(v) && json_integer_value(v) >= 0)
            *seed = (uint64_t)json_integer_value(v);
        else if (!json_is_string(v) || parse_u64(json_string_value(v), seed) < 0)
            return vb_fail(cx, VB_EINPUT, "state file: \"seed\" must be a non-negative integer");
    }
    return 0;
}

static int read_history(vb_match *m, json_t *hist, vb_ctx *cx)
{
    size_t i;
    json_t *x;
    if (!hist) {
        m->rec_valid = 0;
        return 0;
    }
    if (!json_is_array(hist))
        return vb_fail(cx, VB_EINPUT, "state file: \"history\" must be an array");
    json_array_foreach(hist, i, x)
    {
        vb_entry e;
        const char *by = NULL, *text = NULL;
        json_t *rng;
        memset(&e, 0, sizeof e);
        if (json_unpack(x, "{s:s, s:s}", "by", &by, "do", &text) < 0)
            return vb_fail(cx, VB_EINPUT, "history[%zu]: expected {\"by\": ..., \"do\": ...}", i);
        if (strcmp(by, "chance") == 0)
            e.who = VB_CHANCE;
        else if ((e.who = vb_role_index(m->g, by)) < 0)
            return vb_fail(cx, VB_EINPUT, "history[%zu]: unknown role '%s'", i, by);
        rng = json_object_get(x, "rng");
        e.from_rng = json_is_true(rng);
        e.a = VB_NONE;
        snprintf(e.text, sizeof e.text, "%s", text);
        if (vb_record_push(&m->rec, e) < 0)
            return vb_fail(cx, VB_ENOMEM, "out of memory");
    }
    m->rec_valid = 1;
    return 0;
}

int vb_match_from_json(vb_match *m, json_t *j, vb_ctx *cx)
{
    const vb_game *g = m->g;
    vb_head *h;
    int scenario, opts[VB_MAX_OPTIONS] = {0}, rc;
    uint64_t seed;
    json_t *state, *v;

    rc = read_header(g, j, &scenario, opts, &seed, cx);
    if (rc < 0)
        return rc;
    state = json_object_get(j, "state");
    if (!json_is_object(state))
        return vb_fail(cx, VB_EINPUT, "state file: missing \"state\" object");
    memset(m->st, 0, g->def->state_size);
    h = m->st;
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
            char *end;
            if (!s || !*s)
                return vb_fail(cx, VB_EINPUT, "state file: \"rng\" must be 4 hex strings");
            h->rng.s[i] = strtoull(s, &end, 16);
            if (*end)
                return vb_fail(cx, VB_EINPUT, "state file: bad rng word '%s'", s);
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
    rc = g->def->from_json(g, m->st, state, cx);
    if (rc < 0)
        return rc;
    rc = g->def->check(g, m->st, cx);
    if (rc < 0)
        return rc;
    vb_record_release(&m->rec);
    return read_history(m, json_object_get(j, "history"), cx);
}

int vb_match_replay(vb_match *m, json_t *j, vb_ctx *cx)
{
    const vb_game *g = m->g;
    int scenario, opts[VB_MAX_OPTIONS] = {0}, rc;
    uint64_t seed;
    json_t *hist, *x;
    size_t i;

    rc = read_header(g, j, &scenario, opts, &seed, cx);
    if (rc < 0)
        return rc;
    hist = json_object_get(j, "history");
    if (!json_is_array(hist))
        return vb_fail(cx, VB_EINPUT, "record: missing \"history\" array");
    rc = vb_setup(g, m->st, scenario, opts, seed, cx);
    if (rc < 0)
        return rc;
    vb_record_release(&m->rec);
    m->rec_valid = 1;
    json_array_foreach(hist, i, x)
    {
        const char *by = NULL, *text = NULL;
        int who = vb_to_move(g, m->st);
        vb_action a;
        if (json_unpack(x, "{s:s, s:s}", "by", &by, "do", &text) < 0)
            return vb_fail(cx, VB_EINPUT, "record does not replay: history[%zu] malformed", i);
        if (who == VB_OVER)
            return vb_fail(cx, VB_EINPUT,
                           "record does not replay: history[%zu] '%s' after the game ended", i,
                           text);
        if (strcmp(by, who_name(g, who)) != 0)
            return vb_fail(cx, VB_EINPUT,
                           "record does not replay: history[%zu] by '%s', but '%s' decides", i, by,
                           who_name(g, who));
        if (who == VB_CHANCE && json_is_true(json_object_get(x, "rng"))) {
            char t[VB_TEXT_LEN];
            rc = vb_match_roll(m, cx);
            if (rc < 0)
                return rc;
            snprintf(t, sizeof t, "%s", m->rec.v[m->rec.n - 1].text);
            if (strcmp(t, text) != 0)
                return vb_fail(cx, VB_EINPUT,
                               "record does not replay: history[%zu]: generator drew '%s', "
                               "record says '%s'",
                               i, t, text);
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
        if (who == VB_CHANCE)
            m->rec.v[m->rec.n - 1].from_rng = 0;
    }
    if (json_is_object(json_object_get(j, "state"))) {
        vb_match saved;
        int same;
        if (match_alloc(&saved, g, cx) < 0)
            return VB_ENOMEM;
        rc = vb_match_from_json(&saved, j, cx);
        if (rc < 0) {
            vb_match_release(&saved);
            return rc;
        }
        same = vb_equal(g, saved.st, m->st);
        vb_match_release(&saved);
        if (!same)
            return vb_fail(cx, VB_EINPUT,
                           "record does not replay: its history does not lead to its \"state\"");
    }
    return 0;
}

/* ---- JSON helpers for game modules ---------------------------------------*/

int vb_json_int(json_t *o, const char *key, int min, int max, int *out, const char *where,
                vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    json_int_t x;
    if (!v)
        return vb_fail(cx, VB_EINPUT, "%s: missing \"%s\"", where, key);
    if (!json_is_integer(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be an integer", where, key);
    x = json_integer_value(v);
    if (x < min || x > max)
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" is %lld, must be %d-%d", where, key, (long long)x,
                       min, max);
    *out = (int)x;
    return 0;
}

int vb_json_str(json_t *o, const char *key, const char **out, const char *where, vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        return vb_fail(cx, VB_EINPUT, "%s: missing \"%s\"", where, key);
    if (!json_is_string(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be a string", where, key);
    *out = json_string_value(v);
    return 0;
}

int vb_json_bool(json_t *o, const char *key, int *out, const char *where, vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        return vb_fail(cx, VB_EINPUT, "%s: missing \"%s\"", where, key);
    if (!json_is_boolean(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be true or false", where, key);
    *out = json_is_true(v);
    return 0;
}

int vb_json_arr(json_t *o, const char *key, json_t **out, const char *where, vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        return vb_fail(cx, VB_EINPUT, "%s: missing \"%s\"", where, key);
    if (!json_is_array(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be an array", where, key);
    *out = v;
    return 0;
}

int vb_json_obj(json_t *o, const char *key, json_t **out, const char *where, vb_ctx *cx)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        return vb_fail(cx, VB_EINPUT, "%s: missing \"%s\"", where, key);
    if (!json_is_object(v))
        return vb_fail(cx, VB_EINPUT, "%s: \"%s\" must be an object", where, key);
    *out = v;
    return 0;
}
