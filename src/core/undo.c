/* undo.c - taking back decisions, in the core: back to the last decision
 * that revealed to the undoing role something it did not know (a chance
 * outcome that reveals, another role's decision, a secret revealed). */
#include <string.h>

#include "vauban.h"

/* Walk back from the end: the role's own decisions and the chance outcomes
 * that reveal nothing may be taken back; anything else is a barrier. Sets
 * *start to the index of the earliest entry taken back with the last own
 * decision found. Returns the number of own decisions. */
static size_t scan(const vb_match *m, int role, size_t *start)
{
    size_t own = 0, i = m->rec.n;
    *start = m->rec.n;
    while (i > 0) {
        const vb_entry *e = &m->rec.v[i - 1];
        if (e->reveals)
            break;
        if (e->who == role) {
            own++;
            *start = i - 1;
        } else if (e->who != VB_CHANCE) {
            break;
        }
        i--;
    }
    return own;
}

size_t vb_match_undoable(const vb_match *m, int role)
{
    size_t start;
    if (role < 0 || !m->snaps)
        return 0;
    return scan(m, role, &start);
}

int vb_match_undo(vb_match *m, int role, vb_ctx *cx)
{
    size_t sz = m->g->def->state_size, i = m->rec.n, start;
    if (role < 0 || role >= m->g->def->nroles)
        return vb_fail(cx, VB_EUSAGE, "undo: no such role");
    if (scan(m, role, &start) == 0)
        return vb_fail(cx, VB_EILLEGAL,
                       "nothing to undo: no decision of yours since the last thing revealed");
    /* Take back the last own decision and the non-revealing chance after it. */
    while (i > 0 && m->rec.v[i - 1].who != role)
        i--;
    i--;
    memcpy(m->st, m->snaps + i * sz, sz);
    m->rec.n = i;
    return 0;
}
