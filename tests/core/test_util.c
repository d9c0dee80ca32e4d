/* test_util.c - names, errors, data files, the registry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "vauban.h"

static void test_name_eq_folds_case_and_separators(void **state)
{
    static const char *const names[] = {"Santa Clara", "Portal-Nou", "Napols"};
    (void)state;
    assert_true(vb_name_eq("Santa Clara", "santa-clara"));
    assert_true(vb_name_eq("Portal-Nou", "portal_nou"));
    assert_false(vb_name_eq("Napols", "Napol"));
    assert_int_equal(vb_name_find(names, 3, "PORTAL NOU"), 1);
    assert_int_equal(vb_name_find(names, 3, "Born"), -1);
    /* only the first n names (util.c:149 < -> <=) */
    assert_int_equal(vb_name_find(names, 2, "Napols"), -1);
}

static void test_name_token(void **state)
{
    char buf[32];
    (void)state;
    vb_name_token(buf, sizeof buf, "Pla de Palau");
    assert_string_equal(buf, "Pla-de-Palau");
    vb_name_token(buf, 5, "Pla de Palau");
    assert_string_equal(buf, "Pla-");
}

static void test_fail_sets_message(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_fail(&cx, VB_EINPUT, "unknown zone '%s'", "Sant Pere"), VB_EINPUT);
    assert_string_equal(cx.err, "unknown zone 'Sant Pere'");
    assert_int_equal(vb_fail(NULL, VB_EILLEGAL, "x"), VB_EILLEGAL);
    assert_string_equal(vb_strerror(VB_EILLEGAL), "illegal action");
}

/* An error is one line, whatever a hostile name holds: control characters
 * and DEL shown as \xNN, UTF-8 kept (util.c:53, `||` -> `&&`: nothing
 * escaped, the newline and the terminal's escape passed through, M48). */
static void test_fail_escapes_control_characters(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    vb_fail(&cx, VB_EINPUT, "unknown zone '%s'", "a\nb\x1b[2Jc\x7f\td Eul\xc3\xa0lia");
    if (strcmp(cx.err, "unknown zone 'a\\x0ab\\x1b[2Jc\\x7f\\x09d Eul\xc3\xa0lia'") != 0)
        fail_msg("M48: a control character not escaped: %s", cx.err);
    assert_null(strchr(cx.err, '\n'));
}

static void test_unknown_game_and_data(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_null(vb_game_load("no-such-game", &cx));
    assert_non_null(strstr(cx.err, "unknown game 'no-such-game'"));
    assert_null(vb_data_json("no-such-game/x.json", &cx));
    assert_non_null(strstr(cx.err, "no such data file"));
}

static void test_registry_games_load(void **state)
{
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *d = vb_registry_get(i);
        vb_game *g = vb_game_load(d->id, &cx);
        if (!g)
            fail_msg("%s: %s", d->id, cx.err);
        assert_ptr_equal(vb_registry_find(d->id), d);
        assert_true(d->nroles >= 1 && d->nroles <= VB_MAX_ROLES);
        assert_true(d->noptions <= VB_MAX_OPTIONS);
        assert_true(d->state_size >= sizeof(vb_head));
        vb_game_free(g);
    }
    assert_null(vb_registry_get(-1));
}

/* Accents fold to their plain letter, the Catalan middle dot and the
 * apostrophe drop; other two-byte letters are compared as they are.
 * (Kills util.c:85 < -> >, :102 && -> ||.) */
static void test_name_eq_folds_accents_only(void **state)
{
    (void)state;
    assert_true(vb_name_eq("Sant Mart\xc3\xad", "sant-marti")); /* í */
    assert_true(vb_name_eq("\xc3\x80 la", "a-la"));             /* À: the first of the table */
    assert_true(vb_name_eq("Paral\xc2\xb7lel", "parallel"));    /* l·l */
    assert_true(vb_name_eq("d'en Bas", "den-bas"));
    assert_false(vb_name_eq("a\xc2\xb0", "a")); /* ° is no middle dot */
    assert_false(vb_name_eq("\xc3\x97", "x"));  /* × has no plain letter */
}

/* The ends of the folding: the table's last letter (ÿ, read y), the
 * typographic apostrophe (’, U+2019, as a person may type "d’en"; dropped
 * like '), and no name at all, which equals nothing and does not crash
 * (forty-second session, seed 42: util.c:85 `b > 0xBF` -> `>=`, :110
 * `s[0] == 0xE2` -> `!=`, :136 `!a || !b` -> `&&`). */
static void test_name_eq_table_ends_and_no_name(void **state)
{
    (void)state;
    assert_true(vb_name_eq("\xc3\xbf", "y"));
    assert_true(vb_name_eq("Sant Pere d\u2019en Bas", "sant-pere-den-bas"));
    assert_true(vb_name_eq("d\u2019en", "d'en"));
    assert_false(vb_name_eq("d\u2019en", "d-en"));
    assert_false(vb_name_eq(NULL, "x"));
    assert_false(vb_name_eq("x", NULL));
    assert_false(vb_name_eq(NULL, NULL));
}

/* The strict parsers: signs, bounds at both ends, empty input. (Kills
 * util.c:177 >= -> <=, :189 > -> >=, :199 || -> &&.) */
static void test_parse_numbers_strictly(void **state)
{
    long long v = 0;
    uint64_t u = 0;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_parse_ll("-3", -5, 5, &v, "n", &cx), 0);
    assert_int_equal(v, -3);
    assert_int_equal(vb_parse_ll("-3", 0, 5, &v, "n", &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "negative"));
    assert_int_equal(vb_parse_ll("5", 0, 5, &v, "n", &cx), 0);
    assert_int_equal(v, 5);
    assert_int_equal(vb_parse_ll("0", 0, 5, &v, "n", &cx), 0);
    assert_int_equal(v, 0);
    assert_int_equal(vb_parse_ll("6", 0, 5, &v, "n", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_ll("-6", -5, 5, &v, "n", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_u64("", &u, "seed", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_u64(NULL, &u, "seed", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_u64("18446744073709551615", &u, "seed", &cx), 0);
    assert_true(u == UINT64_MAX);
    assert_int_equal(vb_parse_u64("18446744073709551616", &u, "seed", &cx), VB_EINPUT);
}

/* Fixed-point numbers: at most as many decimals as the scale has, the
 * sign on the whole, the range on the scaled value. (Kills util.c:219,
 * :220 0 -> 1, :221 || -> &&, :223 < -> >, :229 < -> <=, :233 == -> !=,
 * :234 1 -> 2, :242 1 -> 0, :246 < -> <=, :252 || -> &&.) */
static void test_parse_fixed(void **state)
{
    long long v = 0;
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_parse_fixed("3", 100, -1000, 1000, &v, "x", &cx), 0);
    assert_int_equal(v, 300);
    assert_int_equal(vb_parse_fixed("2.5", 100, -1000, 1000, &v, "x", &cx), 0);
    assert_int_equal(v, 250);
    assert_int_equal(vb_parse_fixed("2.05", 100, -1000, 1000, &v, "x", &cx), 0);
    assert_int_equal(v, 205);
    assert_int_equal(vb_parse_fixed("-5.5", 100, -1000, 1000, &v, "x", &cx), 0);
    assert_int_equal(v, -550);
    assert_int_equal(vb_parse_fixed("7", 1, -10, 10, &v, "x", &cx), 0);
    assert_int_equal(v, 7);
    assert_int_equal(vb_parse_fixed("2.555", 100, -1000, 1000, &v, "x", &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "at most 2 decimals"));
    assert_int_equal(vb_parse_fixed("1.5", 1, -10, 10, &v, "x", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_fixed("-.5", 100, -1000, 1000, &v, "x", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_fixed("2.x", 100, -1000, 1000, &v, "x", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_fixed("2.", 100, -1000, 1000, &v, "x", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_fixed("", 100, -1000, 1000, &v, "x", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_fixed(NULL, 100, -1000, 1000, &v, "x", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_fixed("9", 100, -1000, 500, &v, "x", &cx), VB_EINPUT);
    assert_non_null(strstr(cx.err, "out of range"));
    assert_int_equal(vb_parse_fixed("-9", 100, -500, 1000, &v, "x", &cx), VB_EINPUT);
    assert_int_equal(vb_parse_fixed("5", 100, -1000, 500, &v, "x", &cx), 0);
    assert_int_equal(v, 500);
    assert_int_equal(vb_parse_fixed("1", 0, -10, 10, &v, "x", &cx), VB_EUSAGE);
}

/* What text.c writes, to the byte. */
static char *text_of(void (*fn)(FILE *f))
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    assert_non_null(f);
    fn(f);
    assert_int_equal(fclose(f), 0);
    return s;
}

static void write_padded(FILE *f)
{
    vb_put_padded(f, "\xc3\xa9t\xc3\xa9", 5); /* "été": 3 columns */
    fputc('|', f);
    vb_put_padded(f, "abc", 3);
    fputc('|', f);
    vb_put_padded(f, "abcd", 2);
    fputc('|', f);
}

static void write_para(FILE *f)
{
    vb_para p;
    vb_para_start(&p, f, "Zones:", 2);
    /* items of 9 columns: 6 + 7 * 10 = 76 on the first line; the eighth
     * would reach 86 */
    for (int i = 0; i < 8; i++)
        vb_para_itemf(&p, "item-%04d", i);
    vb_para_item(&p, "\xc3\xa9\xc3\xa9");
    vb_para_end(&p);
    /* the column counts from the head's last line: 10 + 7 * 10 is exactly
     * 80, which fits */
    vb_para_start(&p, f, "x\nhead-linee", 2);
    for (int i = 0; i < 7; i++)
        vb_para_itemf(&p, "item-%04d", i);
    vb_para_end(&p);
    /* 9 + 7 * 10 = 79: one more column and its blank pass 80 */
    vb_para_start(&p, f, "x\nhead-line", 2);
    for (int i = 0; i < 7; i++)
        vb_para_itemf(&p, "item-%04d", i);
    vb_para_item(&p, "z");
    vb_para_end(&p);
}

static void write_para_heads(FILE *f)
{
    vb_para p;
    vb_para_start(&p, f, "x\nsecond: ", 4); /* ends with a blank: no other */
    vb_para_words(&p, "one  two three");
    vb_para_end(&p);
    vb_para_start(&p, f, "", 0);
    vb_para_words(&p, "alone");
    vb_para_end(&p);
    vb_para_start(&p, f, "Title\n", 0); /* ends a line: no blank after it */
    vb_para_words(&p, "below");
    vb_para_end(&p);
    vb_para_start(&p, f, "-", 0); /* one character: one blank after it */
    vb_para_words(&p, "dash");
    vb_para_end(&p);
    {
        /* wider than the line at the line's start: no empty line first, as
         * a new line would start at the same column */
        char wide[91];
        memset(wide, 'w', 90);
        wide[90] = '\0';
        vb_para_start(&p, f, "", 0);
        vb_para_item(&p, wide);
        vb_para_end(&p);
    }
    vb_put_term(f, 5, "for %s", "the zone");
    vb_put_term(f, -12, "lost");
}

/* Columns are code points; the paragraph wraps before column 80 and
 * indents what follows; heads and words are spaced once. (Kills text.c's
 * mutants at :13, :20, :31, :32, :38, :47, :65, :70; seed 27's :32
 * k > 0 -> k > 1, a one-character head glued to its first item, and :38
 * col > indent -> >=, an empty line before an item too wide for any
 * line.) */
static void test_text_columns_and_paragraphs(void **state)
{
    char *s;
    (void)state;
    assert_int_equal(vb_cols(""), 0);
    assert_int_equal(vb_cols("abc"), 3);
    assert_int_equal(vb_cols("\xc3\xa9t\xc3\xa9"), 3);
    s = text_of(write_padded);
    assert_string_equal(s, "\xc3\xa9t\xc3\xa9  |abc|abcd|");
    free(s);
    s = text_of(write_para);
    assert_string_equal(s, "Zones: item-0000 item-0001 item-0002 item-0003 item-0004 item-0005 "
                           "item-0006\n  item-0007 \xc3\xa9\xc3\xa9\n"
                           "x\nhead-linee item-0000 item-0001 item-0002 item-0003 item-0004 "
                           "item-0005 item-0006\n"
                           "x\nhead-line item-0000 item-0001 item-0002 item-0003 item-0004 "
                           "item-0005 item-0006\n  z\n");
    free(s);
    s = text_of(write_para_heads);
    assert_string_equal(s,
                        "x\nsecond: one two three\nalone\nTitle\nbelow\n- dash\n"
                        "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"
                        "wwwwwwwwwwwwwwww\n"
                        "    +5  for the zone\n   -12  lost\n");
    free(s);
}

/* The typed members of json.c: 0 and the value, or one line naming the
 * member; bounds inclusive; unknown keys refused. (Kills json.c:27 > -> <,
 * > -> >=, < -> >, :31, :42, :53, :64, :92 0 -> 1, :86 0 -> 1.) */
static void test_json_members(void **state)
{
    json_t *o = json_pack("{s:i, s:s, s:b, s:[], s:{}}", "n", 5, "s", "x", "b", 1, "a", "o");
    static const char *const known[] = {"n", "s", "b", "a", "o", NULL};
    static const char *const fewer[] = {"n", "s", "b", "a", NULL};
    vb_ctx cx;
    int v = 0;
    const char *str = NULL;
    json_t *x = NULL;
    (void)state;
    vb_ctx_init(&cx);
    assert_int_equal(vb_json_int(o, "n", 5, 9, &v, "w", &cx), 0);
    assert_int_equal(v, 5);
    assert_int_equal(vb_json_int(o, "n", 1, 5, &v, "w", &cx), 0);
    assert_int_equal(vb_json_int(o, "n", 6, 9, &v, "w", &cx), VB_EINPUT);
    assert_string_equal(cx.err, "w: \"n\" is 5, must be 6-9");
    assert_int_equal(vb_json_int(o, "n", 1, 4, &v, "w", &cx), VB_EINPUT);
    assert_int_equal(vb_json_int(o, "s", 1, 4, &v, "w", &cx), VB_EINPUT);
    assert_int_equal(vb_json_int(o, "zz", 1, 4, &v, "w", &cx), VB_EINPUT);
    assert_string_equal(cx.err, "w: missing \"zz\"");
    assert_int_equal(vb_json_str(o, "s", &str, "w", &cx), 0);
    assert_string_equal(str, "x");
    assert_int_equal(vb_json_bool(o, "b", &v, "w", &cx), 0);
    assert_int_equal(v, 1);
    assert_int_equal(vb_json_arr(o, "a", &x, "w", &cx), 0);
    assert_true(json_is_array(x));
    assert_int_equal(vb_json_obj(o, "o", &x, "w", &cx), 0);
    assert_true(json_is_object(x));
    assert_int_equal(vb_json_obj(o, "a", &x, "w", &cx), VB_EINPUT);
    assert_int_equal(vb_json_known(o, known, "w", &cx), 0);
    assert_int_equal(vb_json_known(o, fewer, "w", &cx), VB_EINPUT);
    assert_string_equal(cx.err, "w: unknown key 'o'");
    json_decref(o);
}

/* Every data record says where it comes from, in one of four forms.
 * (Kills json.c:103 7 -> 6, :107 14 -> 13/15, 0 -> 1, :105, :109, :115
 * 0 -> 1, :111 1 -> 0, :113 && -> ||, > -> <, :117 > -> >=.) */
static void test_json_provenance(void **state)
{
    static const char *const good[] = {
        "{\"source\": \"printed (rulebook 9.2)\"}", "{\"source\": \"reconstructed: from the map\"}",
        "{\"source\": \"reconstructed:x\"}", "{\"source\": {\"printed\": \"9.2\"}}",
        "{\"source\": {\"reconstructed\": \"map\"}}"};
    static const int printed[] = {1, 0, 0, 1, 0};
    static const char *const bad[] = {
        "{\"source\": \"printe\"}",
        "{\"source\": \"reconstructed:\"}",
        "{\"source\": \"reconstructed\"}",
        "{\"source\": {\"printed\": \"\"}}",
        "{\"source\": {\"reconstructed\": \"\"}}",
        "{\"source\": {\"printed\": \"9\", \"reconstructed\": \"x\"}}",
        "{\"source\": {}}",
        "{\"source\": 3}",
        "{}"};
    vb_ctx cx;
    (void)state;
    vb_ctx_init(&cx);
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        json_t *o = json_loads(good[i], 0, NULL);
        int p = -1;
        assert_non_null(o);
        if (vb_json_provenance(o, &p, "rec", &cx) != 0)
            fail_msg("refused %s: %s", good[i], cx.err);
        assert_int_equal(p, printed[i]);
        json_decref(o);
    }
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json_t *o = json_loads(bad[i], 0, NULL);
        int p = -1;
        assert_non_null(o);
        if (vb_json_provenance(o, &p, "rec", &cx) != VB_EINPUT)
            fail_msg("accepted %s", bad[i]);
        assert_int_equal(p, -1);
        assert_non_null(strstr(cx.err, "rec: "));
        json_decref(o);
    }
}

int main(void)
{
    /* a mutant that loops for ever fails in seconds, not at ctest's limit */
    alarm(60);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_name_eq_folds_case_and_separators),
        cmocka_unit_test(test_name_token),
        cmocka_unit_test(test_fail_sets_message),
        cmocka_unit_test(test_fail_escapes_control_characters),
        cmocka_unit_test(test_unknown_game_and_data),
        cmocka_unit_test(test_registry_games_load),
        cmocka_unit_test(test_name_eq_folds_accents_only),
        cmocka_unit_test(test_name_eq_table_ends_and_no_name),
        cmocka_unit_test(test_parse_numbers_strictly),
        cmocka_unit_test(test_parse_fixed),
        cmocka_unit_test(test_text_columns_and_paragraphs),
        cmocka_unit_test(test_json_members),
        cmocka_unit_test(test_json_provenance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
