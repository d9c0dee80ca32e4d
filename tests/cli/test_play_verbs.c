/* test_play_verbs.c - the verb counts of `vauban play`'s summaries and
 * the referee's card titles (src/cli/play_lines.c): a menu longer than MENU_MAX is shown as "move
 * 40, fire 8, ..." and the computer's turn as the same kind of line. The
 * tables have PLAY_VERBS rows; a menu with more distinct verbs than that
 * (no game of today offers one: the twenty-seventh session's mutant
 * `:73` wrote the thirteenth verb one row past the tables, unseen) must
 * fold the rest into "other" and write nothing past the tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "play.h"
#include "vbtest.h"

/* The tables with a guard after them: a write past the last row lands in
 * n, total or the guard. */
typedef struct {
    play_verbs v;
    unsigned char guard[64];
} guarded;

static void guard_intact(const guarded *g)
{
    for (size_t i = 0; i < sizeof g->guard; i++)
        assert_int_equal(g->guard[i], 0xA5);
}

/* Verb number i: "v0", "v1", ... as the first word of an action text. */
static void add_verb(play_verbs *v, int i, int times)
{
    char text[64];
    snprintf(text, sizeof text, "v%d onto somewhere %d", i, i);
    for (int t = 0; t < times; t++)
        play_verbs_add(v, text);
}

static void verbs_counted_in_order(void **state)
{
    guarded g;
    char buf[512];
    (void)state;
    memset(&g, 0, sizeof g.v);
    memset(g.guard, 0xA5, sizeof g.guard);
    play_verbs_add(&g.v, "move U12 Santa-Clara");
    play_verbs_add(&g.v, "fire from Portal-Nou");
    play_verbs_add(&g.v, "move U3 Born");
    play_verbs_add(&g.v, "end-turn");
    assert_int_equal(g.v.n, 3);
    assert_int_equal(g.v.total, 4);
    play_verbs_text(&g.v, buf, sizeof buf);
    assert_string_equal(buf, "move 2, fire 1, end-turn 1");
    guard_intact(&g);
}

/* More distinct verbs than rows, each several times: the first
 * PLAY_VERBS - 1 keep their rows and counts, the last row is "other"
 * with every later verb's count (the verb that held that row included),
 * and nothing past the tables is written. */
static void verbs_past_the_tables_fold_into_other(void **state)
{
    const int distinct = 2 * PLAY_VERBS + 3;
    guarded g;
    char buf[1024], want[1024];
    size_t k = 0;
    int other = 0, total = 0;
    (void)state;
    memset(&g, 0, sizeof g.v);
    memset(g.guard, 0xA5, sizeof g.guard);
    for (int i = 0; i < distinct; i++) {
        add_verb(&g.v, i, i + 1);
        total += i + 1;
        if (i >= PLAY_VERBS - 1)
            other += i + 1;
    }
    /* a verb seen before the tables filled still counts in its row */
    add_verb(&g.v, 0, 2);
    total += 2;
    assert_int_equal(g.v.n, PLAY_VERBS);
    assert_int_equal(g.v.total, total);
    for (int i = 0; i < PLAY_VERBS - 1; i++) {
        char name[16];
        snprintf(name, sizeof name, "v%d", i);
        assert_string_equal(g.v.verb[i], name);
        assert_int_equal(g.v.count[i], i == 0 ? 3 : i + 1);
    }
    assert_string_equal(g.v.verb[PLAY_VERBS - 1], "other");
    assert_int_equal(g.v.count[PLAY_VERBS - 1], other);
    guard_intact(&g);
    for (int i = 0; i < PLAY_VERBS; i++)
        k += (size_t)snprintf(want + k, sizeof want - k, "%s%s %d", i ? ", " : "", g.v.verb[i],
                              g.v.count[i]);
    play_verbs_text(&g.v, buf, sizeof buf);
    assert_string_equal(buf, want);
}

/* A first word longer than a row is cut to the row's width, and two
 * words that agree on that width count as one. */
static void long_verbs_cut(void **state)
{
    play_verbs v;
    char text[80];
    (void)state;
    memset(&v, 0, sizeof v);
    memset(text, 'x', 40);
    snprintf(text + 40, sizeof text - 40, " rest");
    play_verbs_add(&v, text);
    text[39] = 'y';
    play_verbs_add(&v, text);
    assert_int_equal(v.n, 1);
    assert_int_equal(v.count[0], 2);
    assert_int_equal((int)strlen(v.verb[0]), (int)sizeof v.verb[0] - 1);
    /* a first word exactly as wide as a row is cut too, to leave room for
     * its end byte (the fiftieth session's play_lines.c:60, the cut's
     * `k >= sizeof` -> `>`: 32 characters kept, the end byte written into
     * the next row) */
    memset(&v, 0, sizeof v);
    memset(text, 'z', sizeof v.verb[0]);
    snprintf(text + sizeof v.verb[0], sizeof text - sizeof v.verb[0], " rest");
    play_verbs_add(&v, text);
    if (strlen(v.verb[0]) != sizeof v.verb[0] - 1)
        fail_msg("M50: a verb of %d characters kept as %d, not cut to %d", (int)sizeof v.verb[0],
                 (int)strlen(v.verb[0]), (int)sizeof v.verb[0] - 1);
}

/* The log lines of `vauban play` grow their buffer when a line and its
 * newline and end byte do not fit: a line of 4,000 characters, then one of
 * 94 (4,001 + 94 + 2 = 4,097 bytes, one more than the first 4,096), then
 * short ones; every line kept whole (the fiftieth session's
 * play_lines.c:15, the test `n + k + 2 > cap` -> `n + k - 2`: the buffer
 * not grown, the end byte written one past it, seen by AddressSanitizer
 * in the sanitizer build). */
static void lines_grow_their_buffer(void **state)
{
    (void)state;
    play_lines l = {0};
    char a[4001], b[95];
    memset(a, 'a', sizeof a - 1);
    a[sizeof a - 1] = '\0';
    memset(b, 'b', sizeof b - 1);
    b[sizeof b - 1] = '\0';
    play_lines_add(&l, a);
    play_lines_add(&l, b);
    for (int i = 0; i < 3; i++)
        play_lines_add(&l, "c");
    assert_int_equal(l.count, 5);
    if (l.n != 4001 + 95 + 3 * 2 || strlen(l.s) != l.n || l.cap < l.n + 1)
        fail_msg("M50: 5 lines of %zu bytes in %zu (a buffer of %zu)", (size_t)(4001 + 95 + 6), l.n,
                 l.cap);
    assert_memory_equal(l.s + 4001, b, 94);
    assert_string_equal(l.s + 4001 + 95, "c\nc\nc\n");
    play_lines_release(&l);
}

/* The text stops at the last whole item that fits, with no part of the
 * next. */
static void text_cut_at_an_item(void **state)
{
    play_verbs v;
    char buf[16];
    (void)state;
    memset(&v, 0, sizeof v);
    play_verbs_add(&v, "move a");
    play_verbs_add(&v, "fire b");
    play_verbs_add(&v, "assault c");
    play_verbs_text(&v, buf, sizeof buf);
    assert_string_equal(buf, "move 1, fire 1");
}

/* The referee's card menu names an outcome by its first log line cut
 * to the title: the rule tag with its space (or without one), then a
 * lead-in ending in ": " when it is under 32 characters. The card lines
 * of the games of today ("[5] New card: ...", "[8] Event card 'ID': ...")
 * read the same whichever cut is missed (the twenty-seventh session's
 * survivors :212-:214); these lines do not. */
static void outcome_titles(void **state)
{
    char lead[64];
    (void)state;
    assert_string_equal(play_outcome_title("[5] New card: Revolta mudejar (1283)"),
                        "Revolta mudejar (1283)");
    assert_string_equal(play_outcome_title("[8] Event card 'fleet': The fleet sails"),
                        "The fleet sails");
    /* a tag and no lead-in */
    assert_string_equal(play_outcome_title("[12] Siege of Girona"), "Siege of Girona");
    /* a tag without its space */
    assert_string_equal(play_outcome_title("[12]Siege"), "Siege");
    /* no tag: a bracket further on is text */
    assert_string_equal(play_outcome_title("Siege [12] of Girona"), "Siege [12] of Girona");
    assert_string_equal(play_outcome_title("Plain outcome"), "Plain outcome");
    /* a lead-in of 31 characters is cut, one of 32 kept */
    memset(lead, 'a', 31);
    snprintf(lead + 31, sizeof lead - 31, ": Title");
    assert_string_equal(play_outcome_title(lead), "Title");
    memset(lead, 'a', 32);
    snprintf(lead + 32, sizeof lead - 32, ": Title");
    assert_string_equal(play_outcome_title(lead), lead);
    /* counted after the tag */
    char tagged[80];
    snprintf(tagged, sizeof tagged, "[3] %.31s: Title", lead);
    assert_string_equal(play_outcome_title(tagged), "Title");
    snprintf(tagged, sizeof tagged, "[3] %s", lead);
    assert_string_equal(play_outcome_title(tagged), lead);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(verbs_counted_in_order),
        cmocka_unit_test(verbs_past_the_tables_fold_into_other),
        cmocka_unit_test(long_verbs_cut),
        cmocka_unit_test(lines_grow_their_buffer),
        cmocka_unit_test(text_cut_at_an_item),
        cmocka_unit_test(outcome_titles),
    };
    vbt_filter_from_env();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
