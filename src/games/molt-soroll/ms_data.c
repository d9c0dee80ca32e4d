/*
 * ms_data.c - load data/molt-soroll/{map,cards}.json into struct ms_data.
 *
 * Every record must carry a "source" ("printed (rulebook §...)" or
 * "reconstructed: ..."); the loader rejects a record without one, and
 * checks the structure the rules rely on (shared boxes aligned, not
 * fortified; one Vespers card; the two E cards).
 */
#include <stdlib.h>
#include <string.h>

#include "ms_int.h"

const char *const ms_track_ids[MS_NTRACKS] = {"nobility", "pope", "james"};
const char *const ms_track_ids_null[MS_NTRACKS + 1] = {"nobility", "pope", "james", NULL};

static void copy_name(char *dst, size_t n, const char *src)
{
    size_t l = strlen(src);
    if (l >= n)
        l = n - 1;
    memcpy(dst, src, l);
    dst[l] = 0;
}

/* A name read from the data: one longer than the game keeps would be cut,
 * and answer to another name (or to none) once cut, so it is refused. */
static int name_in(char *dst, size_t n, const char *src, const char *where, vb_ctx *cx)
{
    if (strlen(src) >= n)
        return vb_fail(cx, VB_EINPUT, "%s: '%.20s...' longer than %zu characters", where, src,
                       n - 1);
    copy_name(dst, n, src);
    return 0;
}

/* A name the player reads (a front, box, token, card, event or land): as
 * name_in, and refused when empty, or of no letter or digit once folded
 * ("'", " - "), as no order or board could show it. */
static int shown_name_in(char *dst, size_t n, const char *src, const char *where, vb_ctx *cx)
{
    if (name_in(dst, n, src, where, cx))
        return VB_EINPUT;
    if (vb_name_blank(src))
        return vb_fail(cx, VB_EINPUT, "%s: empty name (no letter or digit)", where);
    return 0;
}

static int need_source(json_t *o, const char *where, vb_ctx *cx)
{
    const char *src;
    if (vb_json_str(o, "source", &src, where, cx))
        return VB_EINPUT;
    if (strncmp(src, "printed (rulebook", 17) != 0 && strncmp(src, "reconstructed:", 14) != 0)
        return vb_fail(
            cx, VB_EINPUT,
            "%s: source '%.40s' is neither 'printed (rulebook ...' nor 'reconstructed: ...'", where,
            src);
    return 0;
}

static int find_front(const ms_data *d, const char *s)
{
    for (int f = 0; f < MS_NFRONTS; f++)
        if (vb_name_eq(d->front[f].id, s))
            return f;
    return -1;
}

static int find_token(const ms_data *d, const char *s)
{
    for (int t = 0; t < MS_NTOK; t++)
        if (vb_name_eq(d->tok_id[t], s))
            return t;
    return -1;
}

static int find_track(const char *s)
{
    for (int t = 0; t < MS_NTRACKS; t++)
        if (vb_name_eq(ms_track_ids[t], s))
            return t;
    return -1;
}

static int load_forcevals(json_t *fo, const char *key, int *combat, int *siege, const char *where,
                          vb_ctx *cx)
{
    json_t *v;
    if (vb_json_obj(fo, key, &v, where, cx) || vb_json_int(v, "combat", -2, 9, combat, where, cx) ||
        vb_json_int(v, "siege", -2, 9, siege, where, cx))
        return VB_EINPUT;
    return 0;
}

static int load_map(ms_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("molt-soroll/map.json", cx);
    json_t *arr, *o;
    int rc = VB_EINPUT;
    char where[128];
    if (!j)
        return VB_EINPUT;
    {
        /* Barcelona's name is only checked: the boards print "Barcelona" */
        char bname[MS_NAME];
        const char *s;
        if (vb_json_obj(j, "barcelona", &o, "map.json", cx) ||
            need_source(o, "map.json barcelona", cx) ||
            vb_json_str(o, "name", &s, "map.json barcelona", cx) ||
            shown_name_in(bname, sizeof bname, s, "map.json barcelona", cx))
            goto out;
    }
    if (vb_json_arr(j, "fronts", &arr, "map.json", cx))
        goto out;
    if (json_array_size(arr) != MS_NFRONTS) {
        vb_fail(cx, VB_EINPUT, "map.json: %zu fronts, the rulebook has %d", json_array_size(arr),
                MS_NFRONTS);
        goto out;
    }
    d->mallorca_front = -1;
    d->naples_front = -1;
    for (int f = 0; f < MS_NFRONTS; f++) {
        ms_front *fr = &d->front[f];
        json_t *fo = json_array_get(arr, (size_t)f), *boxes;
        const char *s;
        snprintf(where, sizeof where, "map.json front %d", f);
        if (need_source(fo, where, cx) || vb_json_str(fo, "id", &s, where, cx))
            goto out;
        if (name_in(fr->id, sizeof fr->id, s, where, cx))
            goto out;
        if (vb_json_str(fo, "name", &s, where, cx))
            goto out;
        if (shown_name_in(fr->name, sizeof fr->name, s, where, cx))
            goto out;
        fr->nobility = json_is_true(json_object_get(fo, "nobility"));
        if (json_is_true(json_object_get(fo, "mallorca")))
            d->mallorca_front = f;
        if (load_forcevals(fo, "full", &fr->combat[0], &fr->siege[0], where, cx) ||
            load_forcevals(fo, "reduced", &fr->combat[1], &fr->siege[1], where, cx) ||
            vb_json_arr(fo, "boxes", &boxes, where, cx))
            goto out;
        fr->nbox = (int)json_array_size(boxes);
        if (fr->nbox < 2 || fr->nbox > MS_MAXBOX) {
            vb_fail(cx, VB_EINPUT, "%s: %d boxes, must be 2-%d", where, fr->nbox, MS_MAXBOX);
            goto out;
        }
        for (int b = 0; b < fr->nbox; b++) {
            json_t *bo = json_array_get(boxes, (size_t)b);
            ms_box *bx = &fr->box[b];
            int gid;
            snprintf(where, sizeof where, "map.json front '%s' box %d", fr->id, b);
            if (need_source(bo, where, cx) || vb_json_str(bo, "name", &s, where, cx))
                goto out;
            if (shown_name_in(bx->name, sizeof bx->name, s, where, cx))
                goto out;
            bx->sea = json_is_true(json_object_get(bo, "sea"));
            bx->fortified = json_is_true(json_object_get(bo, "fortified"));
            bx->mallorca_mod = json_is_true(json_object_get(bo, "mallorca_modifier"));
            bx->mallorca_reduced = json_is_true(json_object_get(bo, "mallorca_reduced"));
            for (gid = 0; gid < d->nboxes_total; gid++)
                if (strcmp(d->box_name[gid], bx->name) == 0)
                    break;
            if (gid == d->nboxes_total) {
                if (gid >= MS_NBOXES) {
                    vb_fail(cx, VB_EINPUT, "%s: more than %d boxes on the map", where, MS_NBOXES);
                    goto out;
                }
                copy_name(d->box_name[gid], MS_NAME, bx->name);
                d->box_fortified[gid] = bx->fortified;
                d->nboxes_total++;
            } else {
                /* 7: a shared box (Saragossa, Lleida, Igualada): same index on
                 * both fronts, so a swap puts the other force on the mover's
                 * old index; never fortified, so no siege is ever shared. */
                int g2f = -1, g2b = -1;
                for (int f2 = 0; f2 < f; f2++)
                    for (int b2 = 0; b2 < d->front[f2].nbox; b2++)
                        if (d->front[f2].box[b2].gid == gid)
                            g2f = f2, g2b = b2;
                if (g2b != b || bx->fortified || d->box_fortified[gid] || g2f < 0) {
                    vb_fail(cx, VB_EINPUT,
                            "%s: shared box '%s' must have the same number on both fronts and no "
                            "fortification",
                            where, bx->name);
                    goto out;
                }
            }
            bx->gid = gid;
        }
        if (strcmp(fr->box[fr->nbox - 1].name, "Palermo") == 0)
            d->naples_front = f;
    }
    {
        json_t *su, *fl;
        if (vb_json_obj(j, "setup", &su, "map.json", cx) || need_source(su, "map.json setup", cx) ||
            vb_json_arr(su, "fronts", &fl, "map.json setup", cx))
            goto out;
        for (size_t i = 0; i < json_array_size(fl); i++) {
            const char *s = json_string_value(json_array_get(fl, i));
            int f = s ? find_front(d, s) : -1;
            if (f < 0) {
                vb_fail(cx, VB_EINPUT, "map.json setup: unknown front '%s'", s ? s : "?");
                goto out;
            }
            d->front[f].setup_active = 1;
        }
    }
    {
        json_t *tr;
        if (vb_json_obj(j, "tracks", &tr, "map.json", cx))
            goto out;
        for (int t = 0; t < MS_NTRACKS; t++) {
            json_t *to, *bx;
            ms_track *k = &d->track[t];
            snprintf(where, sizeof where, "map.json track '%s'", ms_track_ids[t]);
            if (vb_json_obj(tr, ms_track_ids[t], &to, "map.json tracks", cx) ||
                need_source(to, where, cx) || vb_json_arr(to, "boxes", &bx, where, cx))
                goto out;
            k->nbox = (int)json_array_size(bx);
            if (k->nbox < 2 || k->nbox > MS_MAXBOX) {
                vb_fail(cx, VB_EINPUT, "%s: %d boxes", where, k->nbox);
                goto out;
            }
            if (vb_json_int(to, "start", 0, k->nbox - 1, &k->start, where, cx))
                goto out;
            for (int b = 0; b < k->nbox; b++) {
                json_t *bo = json_array_get(bx, (size_t)b);
                const char *s;
                if (need_source(bo, where, cx) || vb_json_str(bo, "name", &s, where, cx))
                    goto out;
                if (shown_name_in(k->name[b], MS_NAME, s, where, cx))
                    goto out;
                if (t == MS_NOBILITY &&
                    (vb_json_int(bo, "combat", -3, 3, &k->combat[b], where, cx) ||
                     vb_json_int(bo, "siege", -3, 3, &k->siege[b], where, cx)))
                    goto out;
                if (t == MS_JAMES &&
                    (vb_json_int(bo, "offensive", -2, 2, &k->offensive[b], where, cx) ||
                     vb_json_bool(bo, "protects", &k->protects[b], where, cx)))
                    goto out;
            }
        }
    }
    {
        json_t *tk;
        if (vb_json_arr(j, "tokens", &tk, "map.json", cx))
            goto out;
        if (json_array_size(tk) != MS_NTOK) {
            vb_fail(cx, VB_EINPUT, "map.json: %zu tokens, the rulebook has %d", json_array_size(tk),
                    MS_NTOK);
            goto out;
        }
        for (int t = 0; t < MS_NTOK; t++) {
            json_t *to = json_array_get(tk, (size_t)t);
            const char *s;
            snprintf(where, sizeof where, "map.json token %d", t);
            if (need_source(to, where, cx) || vb_json_str(to, "id", &s, where, cx))
                goto out;
            if (name_in(d->tok_id[t], MS_NAME, s, where, cx))
                goto out;
            if (vb_json_str(to, "name", &s, where, cx))
                goto out;
            if (shown_name_in(d->tok_name[t], MS_NAME, s, where, cx))
                goto out;
            if (vb_json_str(to, "kind", &s, where, cx))
                goto out;
            if (strcmp(s, "fleet") && strcmp(s, "almogavar")) {
                vb_fail(cx, VB_EINPUT, "%s: kind '%s' (fleet or almogavar)", where, s);
                goto out;
            }
            d->tok_kind[t] = strcmp(s, "fleet") == 0 ? MS_FLEET : MS_ALMOGAVAR;
            if (vb_json_str(to, "setup", &s, where, cx))
                goto out;
            if (strcmp(s, "available") && strcmp(s, "off")) {
                vb_fail(cx, VB_EINPUT, "%s: setup '%s' (available or off)", where, s);
                goto out;
            }
            d->tok_setup[t] = strcmp(s, "available") == 0 ? MS_AVAILABLE : MS_OFF;
        }
    }
    {
        json_t *ro, *po;
        if (vb_json_obj(j, "riot", &ro, "map.json", cx) || need_source(ro, "map.json riot", cx) ||
            vb_json_int(ro, "combat", 0, 9, &d->riot_combat, "map.json riot", cx) ||
            vb_json_obj(j, "pirates", &po, "map.json", cx) ||
            need_source(po, "map.json pirates", cx) ||
            vb_json_int(po, "combat", 0, 9, &d->pirates_combat, "map.json pirates", cx))
            goto out;
    }
    {
        /* 2.3: three siege markers; one stays, flipped, on each fallen city,
         * and at most one force besieges Barcelona (7: one force there). So
         * every fortified box may hold a marker at once with one left for
         * Barcelona only if the fortified boxes are at most markers - 1. */
        json_t *mo;
        int nfort = 0;
        if (vb_json_obj(j, "siege_markers", &mo, "map.json", cx) ||
            need_source(mo, "map.json siege_markers", cx) ||
            vb_json_int(mo, "count", 1, 9, &d->siege_markers, "map.json siege_markers", cx))
            goto out;
        for (int b = 0; b < d->nboxes_total; b++)
            nfort += d->box_fortified[b];
        if (nfort + 1 > d->siege_markers) {
            vb_fail(cx, VB_EINPUT,
                    "map.json: %d fortified boxes and Barcelona need %d siege markers, the "
                    "counters have %d (rule 2.3)",
                    nfort, nfort + 1, d->siege_markers);
            goto out;
        }
    }
    if (d->naples_front < 0) {
        vb_fail(cx, VB_EINPUT, "map.json: no front ends in Palermo (rule 7.1)");
        goto out;
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

static int parse_effect(const ms_data *d, const char *s, ms_effect *e, const char *where,
                        vb_ctx *cx)
{
    char w1[MS_NAME], w2[MS_NAME];
    int n = 0;
    w1[0] = w2[0] = 0;
    sscanf(s, "%47s %47s %d", w1, w2, &n);
    memset(e, 0, sizeof *e);
    if (strcmp(w1, "activate") == 0 || strcmp(w1, "reduce") == 0 || strcmp(w1, "back") == 0) {
        int f = find_front(d, w2);
        if (f < 0)
            return vb_fail(cx, VB_EINPUT, "%s: effect '%s': unknown front '%s'", where, s, w2);
        e->kind = (int8_t)(w1[0] == 'a' ? EF_ACTIVATE : w1[0] == 'r' ? EF_REDUCE : EF_BACK);
        e->arg = (int8_t)f;
        e->val = (int8_t)(e->kind == EF_BACK ? (n > 0 ? n : 1) : 0);
        return 0;
    }
    if (strcmp(w1, "token") == 0) {
        int t = find_token(d, w2);
        if (t < 0)
            return vb_fail(cx, VB_EINPUT, "%s: effect '%s': unknown token '%s'", where, s, w2);
        e->kind = EF_TOKEN;
        e->arg = (int8_t)t;
        return 0;
    }
    if (strcmp(w1, "riot") == 0 || strcmp(w1, "pirates") == 0) {
        e->kind = (int8_t)(w1[0] == 'r' ? EF_RIOT : EF_PIRATES);
        return 0;
    }
    if (find_track(w1) >= 0) {
        long long v = 0;
        if (vb_parse_ll(w2[0] == '+' ? w2 + 1 : w2, -2, 2, &v, where, NULL) < 0 || v == 0)
            return vb_fail(cx, VB_EINPUT, "%s: effect '%s': track moves are +1, -1 or -2", where,
                           s);
        e->kind = EF_TRACK;
        e->arg = (int8_t)find_track(w1);
        e->val = (int8_t)v;
        return 0;
    }
    return vb_fail(cx, VB_EINPUT, "%s: unknown effect '%s'", where, s);
}

static int load_cards(ms_data *d, vb_ctx *cx)
{
    json_t *j = vb_data_json("molt-soroll/cards.json", cx);
    json_t *arr;
    int rc = VB_EINPUT;
    char where[128];
    if (!j)
        return VB_EINPUT;
    if (vb_json_arr(j, "cards", &arr, "cards.json", cx))
        goto out;
    d->ncards = (int)json_array_size(arr);
    if (d->ncards != 38) {
        vb_fail(cx, VB_EINPUT, "cards.json: %d cards, the rulebook has 38", d->ncards);
        goto out;
    }
    d->vespers_card = d->excom_card = d->mort_card = -1;
    for (int c = 0; c < d->ncards; c++) {
        json_t *co = json_array_get(arr, (size_t)c), *v;
        ms_card *k = &d->card[c];
        const char *s, *key;
        snprintf(where, sizeof where, "cards.json card %d", c);
        if (need_source(co, where, cx) || vb_json_str(co, "id", &s, where, cx))
            goto out;
        if (name_in(k->id, sizeof k->id, s, where, cx))
            goto out;
        for (int c2 = 0; c2 < c; c2++)
            if (strcmp(d->card[c2].id, k->id) == 0) {
                vb_fail(cx, VB_EINPUT, "%s: duplicate card id '%s'", where, k->id);
                goto out;
            }
        snprintf(where, sizeof where, "cards.json card '%s'", k->id);
        if (vb_json_str(co, "name", &s, where, cx))
            goto out;
        if (shown_name_in(k->name, sizeof k->name, s, where, cx))
            goto out;
        s = json_string_value(json_object_get(co, "date"));
        if (name_in(k->date, sizeof k->date, s ? s : "", where, cx))
            goto out;
        if (vb_json_str(co, "deck", &s, where, cx))
            goto out;
        k->deck = s[0];
        if (strlen(s) != 1 || (k->deck != 'A' && k->deck != 'B' && k->deck != 'E')) {
            vb_fail(cx, VB_EINPUT, "%s: deck '%s' is not A, B or E", where, s);
            goto out;
        }
        if (vb_json_int(co, "actions", 0, 6, &k->actions, where, cx))
            goto out;
        k->banner = json_is_true(json_object_get(co, "banner"));
        v = json_object_get(co, "modifiers");
        if (v) {
            json_t *val;
            json_object_foreach(v, key, val)
            {
                int m = (int)json_integer_value(val), f = find_front(d, key), t = find_track(key);
                if (!json_is_integer(val) || m < -3 || m > 3) {
                    vb_fail(cx, VB_EINPUT, "%s: modifier '%s' must be an integer -3..3", where,
                            key);
                    goto out;
                }
                if (f >= 0)
                    k->mod_front[f] = m;
                else if (t >= 0)
                    k->mod_infl[t] = m;
                else if (strcmp(key, "all") == 0)
                    k->mod_all = m;
                else {
                    vb_fail(cx, VB_EINPUT, "%s: modifier for unknown front or track '%s'", where,
                            key);
                    goto out;
                }
            }
        }
        v = json_object_get(co, "no");
        for (size_t i = 0; v && i < json_array_size(v); i++) {
            const char *n = json_string_value(json_array_get(v, i));
            int f = n ? find_front(d, n) : -1, t = n ? find_track(n) : -1;
            if (f >= 0)
                k->no_front |= 1u << f;
            else if (t >= 0)
                k->no_infl |= 1u << t;
            else {
                vb_fail(cx, VB_EINPUT, "%s: 'No' for unknown front or track '%s'", where,
                        n ? n : "?");
                goto out;
            }
        }
        v = json_object_get(co, "event");
        if (v) {
            json_t *effs;
            if (vb_json_str(v, "name", &s, where, cx) ||
                vb_json_arr(v, "effects", &effs, where, cx))
                goto out;
            if (shown_name_in(k->event, sizeof k->event, s, where, cx))
                goto out;
            if (json_array_size(effs) > MS_MAXEFF) {
                vb_fail(cx, VB_EINPUT, "%s: more than %d event effects", where, MS_MAXEFF);
                goto out;
            }
            for (size_t i = 0; i < json_array_size(effs); i++) {
                const char *es = json_string_value(json_array_get(effs, i));
                if (!es || parse_effect(d, es, &k->eff[k->neff++], where, cx))
                    goto out;
            }
        }
        v = json_object_get(co, "movement");
        if (!json_is_array(v) || json_array_size(v) > MS_MAXMOVE) {
            vb_fail(cx, VB_EINPUT, "%s: 'movement' must be an array of at most %d coats of arms",
                    where, MS_MAXMOVE);
            goto out;
        }
        for (size_t i = 0; i < json_array_size(v); i++) {
            json_t *mo = json_array_get(v, i);
            int f;
            if (vb_json_str(mo, "front", &s, where, cx))
                goto out;
            f = find_front(d, s);
            if (f < 0) {
                vb_fail(cx, VB_EINPUT, "%s: movement of unknown front '%s'", where, s);
                goto out;
            }
            for (int m = 0; m < k->nmove; m++)
                if (k->move_front[m] == f) {
                    vb_fail(cx, VB_EINPUT, "%s: front '%s' moves twice", where, s);
                    goto out;
                }
            k->move_front[k->nmove] = f;
            k->move_red[k->nmove] = json_is_true(json_object_get(mo, "red"));
            k->nmove++;
        }
        v = json_object_get(co, "special");
        if (v) {
            const char *sf = json_string_value(json_object_get(v, "inactivation"));
            if (sf) {
                k->special = MS_SP_INACTIVATION;
                k->special_front = find_front(d, sf);
                if (k->special_front < 0) {
                    vb_fail(cx, VB_EINPUT, "%s: inactivation of unknown front '%s'", where, sf);
                    goto out;
                }
            } else if (json_is_true(json_object_get(v, "vespers"))) {
                k->special = MS_SP_VESPERS;
                if (d->vespers_card >= 0 || k->deck != 'A') {
                    vb_fail(cx, VB_EINPUT, "%s: there must be exactly one Vespers card, in deck A",
                            where);
                    goto out;
                }
                d->vespers_card = c;
            } else {
                vb_fail(cx, VB_EINPUT, "%s: unknown special action", where);
                goto out;
            }
        }
        if (k->deck == 'A')
            d->mask_a |= 1ull << c;
        else if (k->deck == 'B')
            d->mask_b |= 1ull << c;
        else if (strcmp(k->id, "excomunio-croada") == 0)
            d->excom_card = c;
        else if (strcmp(k->id, "mort-vilafranca") == 0)
            d->mort_card = c;
        else {
            vb_fail(cx, VB_EINPUT, "%s: the only E cards are excomunio-croada and mort-vilafranca",
                    where);
            goto out;
        }
    }
    if (d->vespers_card < 0 || d->excom_card < 0 || d->mort_card < 0) {
        vb_fail(cx, VB_EINPUT, "cards.json: needs the Vespers card and both E cards");
        goto out;
    }
    if (ms_card_count(d->mask_b) < 5) {
        vb_fail(cx, VB_EINPUT, "cards.json: at least five B cards are needed (rule 10.1)");
        goto out;
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

/* board.json: the geometry of the SVG board; every box of the map placed
 * inside the canvas, every point of the land inside the map. */
static int in_range(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

static int load_board(ms_data *d, vb_ctx *cx)
{
    ms_board *b = &d->board;
    json_t *j = vb_data_json("molt-soroll/board.json", cx);
    json_t *o, *arr;
    int rc = VB_EINPUT;
    char where[128];
    if (!j)
        return VB_EINPUT;
    if (vb_json_obj(j, "canvas", &o, "board.json", cx) || need_source(o, "board.json canvas", cx) ||
        vb_json_int(o, "width", 100, 4000, &b->w, "board.json canvas", cx) ||
        vb_json_int(o, "height", 100, 4000, &b->h, "board.json canvas", cx) ||
        vb_json_int(o, "map_height", 50, b->h, &b->map_h, "board.json canvas", cx) ||
        vb_json_int(o, "box_width", 20, 400, &b->bw, "board.json canvas", cx) ||
        vb_json_int(o, "box_height", 10, 200, &b->bh, "board.json canvas", cx))
        goto out;
    if (vb_json_obj(j, "barcelona", &o, "board.json", cx) ||
        need_source(o, "board.json barcelona", cx) ||
        vb_json_int(o, "width", 20, 400, &b->bar_w, "board.json barcelona", cx) ||
        /* a force in Barcelona is drawn bar_h - 24 high under its name */
        vb_json_int(o, "height", 30, 200, &b->bar_h, "board.json barcelona", cx) ||
        vb_json_int(o, "x", b->bar_w / 2, b->w - b->bar_w / 2, &b->bar_x, "board.json barcelona",
                    cx) ||
        vb_json_int(o, "y", b->bar_h / 2, b->map_h - b->bar_h / 2, &b->bar_y,
                    "board.json barcelona", cx))
        goto out;
    for (int k = 0; k < d->nboxes_total; k++)
        b->bx[k] = -1;
    if (vb_json_arr(j, "boxes", &arr, "board.json", cx))
        goto out;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const char *name;
        int k;
        o = json_array_get(arr, i);
        snprintf(where, sizeof where, "board.json box %zu", i);
        if (need_source(o, where, cx) || vb_json_str(o, "name", &name, where, cx))
            goto out;
        for (k = 0; k < d->nboxes_total; k++)
            if (strcmp(d->box_name[k], name) == 0)
                break;
        if (k == d->nboxes_total) {
            vb_fail(cx, VB_EINPUT, "%s: '%s' is no box of map.json", where, name);
            goto out;
        }
        if (vb_json_int(o, "x", b->bw / 2, b->w - b->bw / 2, &b->bx[k], where, cx) ||
            vb_json_int(o, "y", b->bh / 2, b->map_h - b->bh / 2, &b->by[k], where, cx))
            goto out;
    }
    for (int k = 0; k < d->nboxes_total; k++)
        if (b->bx[k] < 0) {
            vb_fail(cx, VB_EINPUT, "board.json: box '%s' of map.json has no place", d->box_name[k]);
            goto out;
        }
    if (vb_json_arr(j, "land", &arr, "board.json", cx))
        goto out;
    if (json_array_size(arr) > MS_MAXLAND) {
        vb_fail(cx, VB_EINPUT, "board.json: more than %d land shapes", MS_MAXLAND);
        goto out;
    }
    b->nland = (int)json_array_size(arr);
    for (int i = 0; i < b->nland; i++) {
        json_t *pts;
        const char *name;
        o = json_array_get(arr, (size_t)i);
        snprintf(where, sizeof where, "board.json land %d", i);
        if (need_source(o, where, cx) || vb_json_str(o, "name", &name, where, cx) ||
            vb_json_arr(o, "points", &pts, where, cx))
            goto out;
        if (shown_name_in(b->land_name[i], MS_NAME, name, where, cx))
            goto out;
        if (json_array_size(pts) < 3 || json_array_size(pts) > MS_MAXPTS) {
            vb_fail(cx, VB_EINPUT, "%s: 3-%d points", where, MS_MAXPTS);
            goto out;
        }
        b->npts[i] = (int)json_array_size(pts);
        for (int p = 0; p < b->npts[i]; p++) {
            json_t *pt = json_array_get(pts, (size_t)p);
            json_t *x = json_array_get(pt, 0), *y = json_array_get(pt, 1);
            if (!json_is_integer(x) || !json_is_integer(y) ||
                !in_range((int)json_integer_value(x), 0, b->w) ||
                !in_range((int)json_integer_value(y), 0, b->map_h)) {
                vb_fail(cx, VB_EINPUT, "%s: point %d is not [x, y] inside the map", where, p);
                goto out;
            }
            b->pts[i][p][0] = (int)json_integer_value(x);
            b->pts[i][p][1] = (int)json_integer_value(y);
        }
    }
    if (vb_json_arr(j, "labels", &arr, "board.json", cx))
        goto out;
    if (json_array_size(arr) > MS_MAXLABEL) {
        vb_fail(cx, VB_EINPUT, "board.json: more than %d labels", MS_MAXLABEL);
        goto out;
    }
    b->nlabel = (int)json_array_size(arr);
    for (int i = 0; i < b->nlabel; i++) {
        const char *text;
        o = json_array_get(arr, (size_t)i);
        snprintf(where, sizeof where, "board.json label %d", i);
        if (need_source(o, where, cx) || vb_json_str(o, "text", &text, where, cx) ||
            vb_json_int(o, "x", 60, b->w - 60, &b->lx[i], where, cx) ||
            vb_json_int(o, "y", 12, b->map_h, &b->ly[i], where, cx))
            goto out;
        if (name_in(b->label[i], MS_NAME, text, where, cx))
            goto out;
    }
    if (vb_json_arr(j, "colors", &arr, "board.json", cx))
        goto out;
    for (int f = 0; f < MS_NFRONTS; f++)
        snprintf(b->color[f], sizeof b->color[f], "#808080");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const char *fid, *fill;
        int f;
        o = json_array_get(arr, i);
        snprintf(where, sizeof where, "board.json color %zu", i);
        if (need_source(o, where, cx) || vb_json_str(o, "front", &fid, where, cx) ||
            vb_json_str(o, "fill", &fill, where, cx))
            goto out;
        f = find_front(d, fid);
        if (f < 0 || strlen(fill) != 7 || fill[0] != '#' ||
            strspn(fill + 1, "0123456789abcdefABCDEF") != 6) {
            vb_fail(cx, VB_EINPUT, "%s: unknown front '%s' or colour '%s' not #rrggbb", where, fid,
                    fill);
            goto out;
        }
        memcpy(b->color[f], fill, 8);
    }
    rc = 0;
out:
    json_decref(j);
    return rc;
}

int ms_load(struct vb_game *g, vb_ctx *cx)
{
    ms_data *d = calloc(1, sizeof *d);
    if (!d)
        return vb_fail(cx, VB_ENOMEM, "out of memory loading molt-soroll");
    if (load_map(d, cx) || load_cards(d, cx) || load_board(d, cx)) {
        free(d);
        return VB_EINPUT;
    }
    g->data = d;
    return 0;
}

void ms_unload(struct vb_game *g)
{
    free(g->data);
    g->data = NULL;
}
