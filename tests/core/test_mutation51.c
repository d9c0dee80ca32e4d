/* test_mutation51.c - the core's match kept a state for undo before every
 * decision of a long game (the fifty-first session's mutation pass, seed
 * 51; messages M51). A real game is used: its record outgrows the first
 * 64 entries of the record and of the snapshots. Then src/core/util.c's
 * fixed-point numbers and the cut of a long message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vauban.h"
#include "vb_module.h"

enum { NDEC = 300 };

/* Setge 1714 played 300 decisions (the first legal action of each role,
 * chance from the match's generator): before each decision the state is
 * copied aside, and afterwards every snapshot the match keeps equals the
 * state before its entry, the buffer holding at least one per entry.
 * (Kills match.c:72 snaps_cap * 2 -> * 1: the buffer stayed at 64 states
 * and the 65th was written past it.) */
static void a_snapshot_before_every_decision_of_a_long_game(void **state)
{
    vb_ctx cx;
    vb_match m;
    vb_action acts[VB_MAX_ACTIONS];
    (void)state;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    assert_non_null(g);
    assert_int_equal(vb_match_init(&m, g, 0, NULL, 51, &cx), 0);
    size_t sz = g->def->state_size;
    unsigned char *before = malloc(NDEC * sz);
    assert_non_null(before);
    int n = 0;
    while (n < NDEC && vb_to_move(g, m.st) != VB_OVER) {
        memcpy(before + (size_t)n * sz, m.st, sz);
        int rc;
        if (vb_to_move(g, m.st) == VB_CHANCE) {
            rc = vb_match_roll(&m, &cx);
        } else {
            assert_true(vb_legal(g, m.st, acts, NULL, VB_MAX_ACTIONS) > 0);
            rc = vb_match_apply(&m, acts[0], &cx);
        }
        if (rc != 0)
            fail_msg("M51: decision %d: %s", n, cx.err);
        n++;
    }
    if (n < 200)
        fail_msg("M51: the game ended after %d decisions, too short for this test", n);
    assert_int_equal(m.rec.n, (size_t)n);
    if (m.snaps_cap < m.rec.n)
        fail_msg("M51: %zu snapshots allocated for %zu decisions", m.snaps_cap, m.rec.n);
    for (int i = 0; i < n; i++)
        if (memcmp(m.snaps + (size_t)i * sz, before + (size_t)i * sz, sz) != 0)
            fail_msg("M51: the snapshot before decision %d is not the state before it", i);
    free(before);
    vb_match_release(&m);
    vb_game_free(g);
}

/* A fixed-point number needs a whole part before its point, and one of 64
 * characters or more is refused before it is copied: ".5" and a whole
 * part of 70 digits are "not a number with at most 2 decimals". (Kills
 * util.c:242 the first || -> &&, not compiled by the script (the copy's
 * overflow is seen at -O2), planted by hand: ".5" read its empty whole
 * part as "not a number" and the 70 digits were copied past the 64-byte
 * buffer.) */
static void a_whole_part_empty_or_too_long_refused(void **state)
{
    char big[80];
    long long v = 0;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    memset(big, '1', 70);
    strcpy(big + 70, ".5");
    const char *bad[] = {".5", big};
    for (int i = 0; i < 2; i++) {
        if (vb_parse_fixed(bad[i], 100, -1000, 1000, &v, "x", &cx) != VB_EINPUT ||
            !strstr(cx.err, "is not a number with at most 2 decimals"))
            fail_msg("M51: '%.12s...' gave '%s'", bad[i], cx.err);
    }
    memset(big, '0', 62);
    strcpy(big + 62, "3.5");
    assert_int_equal(vb_parse_fixed(big, 100, -1000, 1000, &v, "x", &cx), 0);
    assert_int_equal(v, 350);
}

/* A message is cut where one more "\xNN" (and its NUL) would no longer
 * fit: at VB_ERR_LEN - 5 characters, the escape of a control character
 * kept whole or left out, never cut. (Kills util.c:51 k + 5 < sizeof ->
 * <=: one character more.) */
static void a_long_message_cut_with_room_for_an_escape(void **state)
{
    char raw[VB_ERR_LEN + 10];
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    memset(raw, 'a', sizeof raw - 1);
    raw[sizeof raw - 1] = '\0';
    vb_fail(&cx, VB_EINPUT, "%s", raw);
    if (strlen(cx.err) != VB_ERR_LEN - 5)
        fail_msg("M51: a long message cut at %zu characters, not %d", strlen(cx.err),
                 VB_ERR_LEN - 5);
    raw[VB_ERR_LEN - 6] = '\n';
    raw[VB_ERR_LEN - 5] = '\0';
    vb_fail(&cx, VB_EINPUT, "%s", raw);
    assert_int_equal(strlen(cx.err), VB_ERR_LEN - 6 + 4);
    assert_string_equal(cx.err + VB_ERR_LEN - 6, "\\x0a");
    raw[VB_ERR_LEN - 6] = 'a';
    raw[VB_ERR_LEN - 5] = '\n';
    raw[VB_ERR_LEN - 4] = '\0';
    vb_fail(&cx, VB_EINPUT, "%s", raw);
    assert_int_equal(strlen(cx.err), VB_ERR_LEN - 5);
    assert_null(strchr(cx.err, '\\'));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_snapshot_before_every_decision_of_a_long_game),
        cmocka_unit_test(a_whole_part_empty_or_too_long_refused),
        cmocka_unit_test(a_long_message_cut_with_room_for_an_escape),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
