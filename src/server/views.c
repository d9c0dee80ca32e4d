/* views.c - what a seat reads: a game's public summary, a seat's view
 * (built from its role's view, its board, its legal actions when it
 * decides, the log lines it may read; kept as sent per version), one
 * part of the board (the game's area hook on that view), the record, the replay of a past step, the
 * exact odds of an action, and a player's games. Each reader first makes sure the game it holds is
 * the stored one (live_fresh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"
#include "srv_int.h"

/* ---- what a seat reads --------------------------------------------------------------*/

int live_auth(const live *lv, const char *tok)
{
    int role = -1;
    size_t n;
    if (!tok)
        return -1;
    n = strlen(tok);
    if (n != STORE_TOKEN_LEN)
        return -1;
    for (int r = 0; r < VB_MAX_ROLES; r++) {
        unsigned char diff = 0;
        for (size_t i = 0; i < STORE_TOKEN_LEN; i++)
            diff |= (unsigned char)(lv->seats[r].token[i] ^ tok[i]);
        /* every seat compared in full, whatever matches */
        role = (lv->seats[r].used && diff == 0) ? r : role;
    }
    return role;
}

static json_t *seats_json(const live *lv)
{
    json_t *o = json_object();
    for (int r = 0; r < lv->g->def->nroles; r++) {
        if (!lv->seats[r].used)
            continue;
        json_object_set_new(
            o, lv->g->def->roles[r],
            lv->seats[r].ai ? json_pack("{s:s, s:s}", "kind", "ai", "policy", lv->seats[r].policy)
                            : json_pack("{s:s}", "kind", "human"));
    }
    return o;
}

json_t *live_summary(live *lv)
{
    json_t *j;
    char err[VB_ERR_LEN];
    int who;
    pthread_mutex_lock(&lv->mu);
    if (live_fresh(lv, err, sizeof err) != 200) {
        pthread_mutex_unlock(&lv->mu);
        return NULL;
    }
    who = live_who(lv);
    j = json_pack("{s:s, s:s, s:s, s:s, s:I, s:s, s:b, s:o}", "id", lv->id, "game", lv->g->def->id,
                  "title", lv->g->def->title, "scenario",
                  lv->g->scenarios[((const vb_head *)lv->m.st)->scenario], "version",
                  (json_int_t)lv->version, "to_move",
                  who >= 0           ? lv->g->def->roles[who]
                  : who == VB_CHANCE ? "chance"
                                     : "over",
                  "over", who == VB_OVER, "seats", seats_json(lv));
    pthread_mutex_unlock(&lv->mu);
    return j;
}

/* The board of a view: the game's SVG when it has one, else its text. */
static void add_board(live *lv, json_t *j, const void *view, int role)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int ok;
    if (!f)
        return;
    if (lv->g->def->svg)
        ok = lv->g->def->svg(lv->g, view, role, f) == 0;
    else {
        lv->g->def->render(lv->g, view, role, f);
        ok = 1;
    }
    fclose(f);
    json_object_set_new(j, lv->g->def->svg ? "svg" : "board_text",
                        ok && buf ? json_stringn(buf, len) : json_null());
    free(buf);
}

/* The result of a game a seat resigned: its side loses; with two sides
 * the other wins. */
static json_t *resign_result(const live *lv)
{
    const vb_game *g = lv->g;
    int side = g->role_side[lv->resigned];
    char verdict[VB_TEXT_LEN];
    snprintf(verdict, sizeof verdict, "%s resigned", g->def->roles[lv->resigned]);
    return json_pack("{s:s?, s:s, s:s}", "winner", g->nsides == 2 ? g->sides[1 - side] : NULL,
                     "resigned", g->def->roles[lv->resigned], "verdict", verdict);
}

json_t *live_view(live *lv, int role)
{
    static const size_t cap = VB_MAX_ACTIONS;
    vb_action *acts = malloc(cap * sizeof *acts);
    void *view = malloc(lv->g->def->state_size);
    json_t *j = NULL, *v, *log, *actions;
    char err[VB_ERR_LEN];
    int who, over;
    if (!acts || !view) {
        free(acts);
        free(view);
        return NULL;
    }
    pthread_mutex_lock(&lv->mu);
    if (live_fresh(lv, err, sizeof err) != 200)
        goto out;
    who = live_who(lv);
    over = who == VB_OVER;
    /* Everything a seat is shown is built from its view (vb_view). */
    vb_view(lv->g, view, lv->m.st, role);
    v = vb_match_to_json(&lv->m, role);
    if (!v)
        goto out;
    j = json_pack("{s:s, s:s, s:s, s:s, s:I, s:s, s:O, s:b, s:b, s:I, s:o}", "id", lv->id, "game",
                  lv->g->def->id, "title", lv->g->def->title, "role", lv->g->def->roles[role],
                  "version", (json_int_t)lv->version, "to_move",
                  who >= 0           ? lv->g->def->roles[who]
                  : who == VB_CHANCE ? "chance"
                                     : "over",
                  "prompt", json_object_get(v, "prompt"), "your_turn", who == role, "over", over,
                  "undoable", (json_int_t)vb_match_undoable(&lv->m, role), "seats", seats_json(lv));
    if (lv->resigned >= 0)
        json_object_set_new(j, "result", resign_result(lv));
    else if (json_object_get(v, "result"))
        json_object_set(j, "result", json_object_get(v, "result"));
    actions = json_array();
    if (who == role) {
        /* The legal actions, only for the seat that decides. */
        int na = vb_legal(lv->g, view, acts, NULL, (int)cap);
        for (int i = 0; i < na; i++) {
            char t[VB_TEXT_LEN];
            vb_action_text(lv->g, view, acts[i], t, sizeof t);
            json_array_append_new(actions, json_string(t));
        }
    }
    json_object_set_new(j, "actions", actions);
    log = json_array();
    for (size_t i = 0; i < lv->nlog; i++)
        if (over || (lv->log[i].see >> role & 1u))
            json_array_append_new(log, json_string(lv->log[i].text));
    json_object_set_new(j, "log", log);
    add_board(lv, j, view, role);
    json_object_set_new(j, "view", v);
out:
    pthread_mutex_unlock(&lv->mu);
    free(acts);
    free(view);
    return j;
}

char *live_view_text(live *lv, int role, size_t *len)
{
    char err[VB_ERR_LEN], *out = NULL;
    json_t *j;
    uint64_t ver;
    pthread_mutex_lock(&lv->mu);
    if (live_fresh(lv, err, sizeof err) == 200 && lv->vtext[role] &&
        lv->vver[role] == lv->version && (out = malloc(lv->vlen[role] + 1))) {
        memcpy(out, lv->vtext[role], lv->vlen[role] + 1);
        *len = lv->vlen[role];
    }
    pthread_mutex_unlock(&lv->mu);
    if (out)
        return out;
    if (!(j = live_view(lv, role)))
        return NULL;
    ver = (uint64_t)json_integer_value(json_object_get(j, "version"));
    out = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    if (!out)
        return NULL;
    *len = strlen(out);
    pthread_mutex_lock(&lv->mu);
    if (ver == lv->version) { /* nothing changed meanwhile: keep it */
        char *keep = malloc(*len + 1);
        if (keep) {
            memcpy(keep, out, *len + 1);
            free(lv->vtext[role]);
            lv->vtext[role] = keep;
            lv->vlen[role] = *len;
            lv->vver[role] = ver;
        }
    }
    pthread_mutex_unlock(&lv->mu);
    return out;
}

/* ---- one part of the board ----------------------------------------------------------*/

/* The answer of live_area from the hook's text. */
static json_t *area_json(const vb_game *g, const char *name, const char *text, size_t len)
{
    json_t *names;
    if (name)
        return json_pack("{s:s, s:s, s:s%}", "word", g->def->area_word, "name", name, "text", text,
                         len);
    names = json_array();
    for (const char *p = text; *p;) {
        size_t k = strcspn(p, "\n");
        if (k > 0)
            json_array_append_new(names, json_stringn(p, k));
        p += k + (p[k] == '\n');
    }
    return json_pack("{s:s, s:o}", "word", g->def->area_word, "names", names);
}

int live_area(live *lv, int role, const char *name, json_t **out, char *err, size_t n)
{
    const vb_game *g = lv->g;
    void *view;
    char *text = NULL;
    size_t len = 0;
    uint64_t ver;
    FILE *f;
    vb_ctx cx;
    int rc;
    *out = NULL;
    if (!g->def->area) {
        snprintf(err, n, "area: %s has no zone, front, work or hex view", g->def->id);
        return 404;
    }
    if (name && strlen(name) > SRV_AREA_NAME) {
        snprintf(err, n, "area: a name is at most %d bytes", SRV_AREA_NAME);
        return 400;
    }
    if (!(view = malloc(g->def->state_size))) {
        snprintf(err, n, "out of memory");
        return 500;
    }
    pthread_mutex_lock(&lv->mu);
    if ((rc = live_fresh(lv, err, n)) != 200) {
        pthread_mutex_unlock(&lv->mu);
        free(view);
        return rc;
    }
    /* The seat's last part of the board, unchanged since: a copy. */
    if (name && lv->atext[role] && lv->aver[role] == lv->version &&
        strcmp(lv->aname[role], name) == 0) {
        *out = area_json(g, name, lv->atext[role], strlen(lv->atext[role]));
        pthread_mutex_unlock(&lv->mu);
        free(view);
        if (!*out) {
            snprintf(err, n, "out of memory");
            return 500;
        }
        return 200;
    }
    /* Built from the seat's view (vb_view), as /view is: never the state. */
    vb_view(g, view, lv->m.st, role);
    ver = lv->version;
    pthread_mutex_unlock(&lv->mu);
    /* The hook runs on the private copy, without the lock. */
    vb_ctx_init(&cx);
    if (!(f = open_memstream(&text, &len))) {
        free(view);
        snprintf(err, n, "out of memory");
        return 500;
    }
    rc = g->def->area(g, view, role, name, f, &cx);
    free(view);
    if (fclose(f) != 0 && rc == 0)
        rc = vb_fail(&cx, VB_EIO, "out of memory");
    if (rc == 0 && len > SRV_AREA_TEXT)
        rc = vb_fail(&cx, VB_EIO, "area: the text is over %d bytes", SRV_AREA_TEXT);
    if (rc < 0) {
        free(text);
        snprintf(err, n, "%s", cx.err);
        return rc == VB_EINPUT ? 404 : 500;
    }
    if (!(*out = area_json(g, name, text ? text : "", len))) {
        free(text);
        snprintf(err, n, "out of memory");
        return 500;
    }
    pthread_mutex_lock(&lv->mu);
    if (name && ver == lv->version) { /* nothing changed meanwhile: keep it */
        free(lv->atext[role]);
        lv->atext[role] = text;
        snprintf(lv->aname[role], sizeof lv->aname[role], "%s", name);
        lv->aver[role] = ver;
        text = NULL;
    }
    pthread_mutex_unlock(&lv->mu);
    free(text);
    return 200;
}

json_t *live_record(live *lv, int role)
{
    json_t *j = NULL;
    char err[VB_ERR_LEN];
    pthread_mutex_lock(&lv->mu);
    if (live_fresh(lv, err, sizeof err) != 200) {
        pthread_mutex_unlock(&lv->mu);
        return NULL;
    }
    /* Until the game ends a seat reads only what it may see; then all. */
    j = vb_match_to_json(&lv->m, live_who(lv) == VB_OVER ? -1 : role);
    pthread_mutex_unlock(&lv->mu);
    return j;
}

int live_replay(live *lv, int role, size_t step, json_t **out, char *err, size_t n)
{
    size_t sz = lv->g->def->state_size;
    void *view = malloc(sz);
    json_t *j, *log;
    char prompt[VB_TEXT_LEN];
    int who;
    *out = NULL;
    if (!view) {
        snprintf(err, n, "out of memory");
        return 500;
    }
    pthread_mutex_lock(&lv->mu);
    if ((who = live_fresh(lv, err, n)) != 200) {
        pthread_mutex_unlock(&lv->mu);
        free(view);
        return who;
    }
    if (step > lv->m.rec.n) {
        pthread_mutex_unlock(&lv->mu);
        free(view);
        snprintf(err, n, "replay: step %zu of %zu", step, lv->m.rec.n);
        return 404;
    }
    /* Once over, everything; before, only this role's view of each past
     * state (which it was shown then). The match keeps the state before
     * each decision: the one after `step` decisions is snapshot `step`. */
    if (live_who(lv) == VB_OVER)
        role = -1;
    vb_view(lv->g, view, step < lv->m.rec.n ? lv->m.snaps + step * sz : lv->m.st, role);
    who = vb_to_move(lv->g, view);
    vb_prompt(lv->g, view, prompt, sizeof prompt);
    j = json_pack("{s:I, s:I, s:s, s:s}", "step", (json_int_t)step, "steps",
                  (json_int_t)lv->m.rec.n, "prompt", prompt, "to_move",
                  who >= 0           ? lv->g->def->roles[who]
                  : who == VB_CHANCE ? "chance"
                                     : "over");
    if (step > 0) {
        const vb_entry *e = &lv->m.rec.v[step - 1];
        int see = vb_entry_visible(e, role);
        json_object_set_new(j, "last",
                            json_pack("{s:s, s:s}", "by",
                                      e->who >= 0 ? lv->g->def->roles[e->who] : "chance", "do",
                                      see ? e->text : e->public_text));
    }
    log = json_array();
    for (size_t i = 0; i < lv->nlog; i++)
        if (lv->log[i].entry < (int)step && (role < 0 || (lv->log[i].see >> role & 1u)))
            json_array_append_new(log, json_string(lv->log[i].text));
    json_object_set_new(j, "log", log);
    add_board(lv, j, view, role);
    pthread_mutex_unlock(&lv->mu);
    free(view);
    *out = j;
    return 200;
}

int live_odds(live *lv, int role, const char *text, json_t **out, char *err, size_t n)
{
    void *view = malloc(lv->g->def->state_size);
    json_t *rows;
    char buf[VB_ERR_LEN], *words[16];
    vb_action a;
    vb_odds o;
    vb_ctx cx;
    int who, nw = 0;
    *out = NULL;
    if (!view) {
        snprintf(err, n, "out of memory");
        return 500;
    }
    pthread_mutex_lock(&lv->mu);
    if ((who = live_fresh(lv, err, n)) != 200) {
        pthread_mutex_unlock(&lv->mu);
        free(view);
        return who;
    }
    who = live_who(lv);
    vb_view(lv->g, view, lv->m.st, role);
    pthread_mutex_unlock(&lv->mu);
    if (who != role) {
        free(view);
        snprintf(err, n, "odds: not your turn");
        return 409;
    }
    /* The game's odds procedure from this position, as `vauban odds GAME
     * WORDS --state` runs it: the words are the action's (and the game's
     * odds flags), enumerated on the seat's own view, without the lock. */
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && nw < 16;
         w = strtok_r(NULL, " ", &save))
        words[nw++] = w;
    vb_ctx_init(&cx);
    if (nw == 0) {
        free(view);
        snprintf(err, n, "odds: which action? (?action=TEXT)");
        return 400;
    }
    /* The words may carry a plan of the players' decisions inside the
     * procedure (e.g. Piacenza's second volleys, `again UNIT`). */
    vb_odds_plan plan;
    if (vb_odds_setup_plan(lv->g, view, 1, nw, words, &a, &plan, &cx) < 0 ||
        vb_odds_run_plan(lv->g, view, a, &plan, SRV_ODDS_STATES, &o, &cx) < 0) {
        free(view);
        snprintf(err, n, "%s", cx.err);
        return 422;
    }
    rows = json_array();
    for (int i = 0; i < o.n; i++) {
        char frac[64];
        json_t *r = json_pack("{s:s, s:f}", "outcome", o.rows[i].name, "p", (double)o.rows[i].p);
        snprintf(frac, sizeof frac, "%llu/%llu", (unsigned long long)o.rows[i].num,
                 (unsigned long long)o.rows[i].den);
        json_object_set_new(r, "fraction", o.rows[i].exact ? json_string(frac) : json_null());
        json_array_append_new(rows, r);
    }
    *out = json_pack("{s:s, s:o, s:I}", "action", text, "outcomes", rows, "states",
                     (json_int_t)o.states);
    vb_odds_release(&o);
    free(view);
    return 200;
}

#define MINE_MAX 200

int srv_player_games(srv *sv, const char *player, json_t **out, char *err, size_t n)
{
    store_mine *rows = malloc(MINE_MAX * sizeof *rows);
    json_t *arr;
    int k;
    *out = NULL;
    if (!rows) {
        snprintf(err, n, "out of memory");
        return 500;
    }
    k = store_player_games(sv->st, player, rows, MINE_MAX, err, n);
    if (k < 0) {
        free(rows);
        return 500;
    }
    arr = json_array();
    for (int i = 0; i < k; i++) {
        const vb_game_def *d = vb_registry_find(rows[i].game);
        json_array_append_new(arr,
                              json_pack("{s:s, s:s, s:s, s:s, s:s, s:b, s:I}", "id", rows[i].id,
                                        "game", rows[i].game, "title", d ? d->title : rows[i].game,
                                        "role", rows[i].role, "token", rows[i].token, "over",
                                        rows[i].over, "updated", (json_int_t)rows[i].updated));
    }
    free(rows);
    *out = json_pack("{s:o}", "games", arr);
    return 200;
}
