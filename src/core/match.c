/* match.c - a game in progress: its state, its record with who may see each
 * decision, and the state before each decision (undo.c takes them back). */
#include <stdlib.h>
#include <string.h>

#include "match_int.h"

int vb_record_push(vb_record *r, const vb_entry *e)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        vb_entry *v = realloc(r->v, cap * sizeof *v);
        if (!v)
            return VB_ENOMEM;
        r->v = v;
        r->cap = cap;
    }
    r->v[r->n++] = *e;
    return 0;
}

void vb_record_release(vb_record *r)
{
    free(r->v);
    memset(r, 0, sizeof *r);
}

int vb_entry_visible(const vb_entry *e, int role)
{
    if (role < 0 || e->who == role)
        return 1;
    return role < 32 && (e->see >> role & 1u);
}

int match_alloc(vb_match *m, const vb_game *g, vb_ctx *cx)
{
    memset(m, 0, sizeof *m);
    m->g = g;
    m->st = calloc(1, g->def->state_size);
    if (!m->st)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    return 0;
}

int vb_match_init(vb_match *m, const vb_game *g, int scenario, const int *opts, uint64_t seed,
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
    return 0;
}

void vb_match_release(vb_match *m)
{
    free(m->st);
    free(m->snaps);
    vb_record_release(&m->rec);
    memset(m, 0, sizeof *m);
}

/* Keep a copy of the current state as the one before entry rec.n. */
static int snapshot(vb_match *m)
{
    size_t sz = m->g->def->state_size;
    if (m->rec.n >= m->snaps_cap) {
        size_t cap = m->snaps_cap ? m->snaps_cap * 2 : 64;
        unsigned char *p = realloc(m->snaps, cap * sz);
        if (!p)
            return VB_ENOMEM;
        m->snaps = p;
        m->snaps_cap = cap;
    }
    memcpy(m->snaps + m->rec.n * sz, m->st, sz);
    return 0;
}

/* Fill entry e for action a about to be applied in the current state;
 * *reveals gets the secret group the action reveals (0: none). */
static void describe(vb_match *m, int who, vb_action a, int from_rng, vb_entry *e,
                     uint32_t *reveals)
{
    vb_vis v;
    memset(e, 0, sizeof *e);
    e->who = who;
    e->a = a;
    e->from_rng = from_rng;
    vb_action_text(m->g, m->st, a, e->text, sizeof e->text);
    vb_visibility(m->g, m->st, a, &v);
    e->see = v.see;
    e->group = v.group;
    if (v.see != VB_ALL_ROLES && v.public_text[0] == '\0')
        snprintf(e->public_text, sizeof e->public_text, "%s decided in secret",
                 who >= 0 ? m->g->def->roles[who] : "chance");
    else
        snprintf(e->public_text, sizeof e->public_text, "%s", v.public_text);
    if (who == VB_CHANCE)
        e->reveals = m->g->def->chance_reveals ? m->g->def->chance_reveals(m->g, m->st, a) != 0 : 1;
    if (v.reveals)
        e->reveals = 1;
    *reveals = v.reveals;
}

/* Record e as applied (the snapshot at rec.n was taken before); everyone
 * now sees the earlier secrets of the group it reveals. */
static int commit(vb_match *m, const vb_entry *e, uint32_t reveals, vb_ctx *cx)
{
    if (vb_record_push(&m->rec, e) < 0)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    if (reveals)
        for (size_t i = 0; i + 1 < m->rec.n; i++)
            if (m->rec.v[i].group == reveals)
                m->rec.v[i].see = VB_ALL_ROLES;
    return 0;
}

int vb_match_apply(vb_match *m, vb_action a, vb_ctx *cx)
{
    int who = vb_to_move(m->g, m->st);
    vb_entry e;
    uint32_t reveals;
    int rc;
    if (who == VB_OVER)
        return vb_fail(cx, VB_EILLEGAL, "illegal action: the game is over");
    if (snapshot(m) < 0)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    describe(m, who, a, 0, &e, &reveals);
    rc = vb_apply(m->g, m->st, a, cx);
    if (rc < 0)
        return rc;
    return commit(m, &e, reveals, cx);
}

int vb_match_roll(vb_match *m, vb_ctx *cx)
{
    size_t sz = m->g->def->state_size;
    vb_action a;
    vb_entry e;
    uint32_t reveals;
    int rc;
    if (vb_to_move(m->g, m->st) != VB_CHANCE)
        return vb_fail(cx, VB_EUSAGE, "no chance decision is pending");
    if (snapshot(m) < 0)
        return vb_fail(cx, VB_ENOMEM, "out of memory");
    a = vb_sample_chance(m->g, m->st);
    if (a == VB_NONE) {
        memcpy(m->st, m->snaps + m->rec.n * sz, sz);
        return vb_fail(cx, VB_EINPUT, "chance decision with no outcomes");
    }
    /* The text does not depend on the generator, which has advanced. */
    describe(m, VB_CHANCE, a, 1, &e, &reveals);
    rc = vb_apply_unchecked(m->g, m->st, a, cx);
    if (rc < 0) {
        memcpy(m->st, m->snaps + m->rec.n * sz, sz);
        return rc;
    }
    return commit(m, &e, reveals, cx);
}
