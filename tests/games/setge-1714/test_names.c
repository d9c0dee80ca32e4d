/* test_names.c - setge-1714: names shown with their accents (issue 10,
 * "Diputació", "Plaça de Jonqueres", "Sant Agustí"...), tokens in action
 * texts ASCII-folded ("Diputacio-1"), and both spellings accepted wherever a
 * person or a file names a piece or a zone. The board's columns are counted
 * in characters, not bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"
#include "games/setge-1714/sg_int.h"

/* The accented names of the data, as the reference and the rulebook spell
 * them, with the ASCII form a person may type instead. */
static const struct {
    const char *shown, *ascii;
} names[] = {
    {"Diputació 1", "Diputacio 1"},
    {"Coronela Mercè 2", "Coronela Merce 2"},
    {"Santa Eulàlia Flag", "Santa Eulalia Flag"},
    {"Àngel Custodi", "Angel Custodi"},
    {"Concepció 1", "Concepcio 1"},
    {"Sant Narcís 1", "Sant Narcis 1"},
    {"Sant Vicenç Ferrer", "Sant Vicenc Ferrer"},
    {"Citizens Cervelló 1", "Citizens Cervello 1"},
    {"Armendáriz", "Armendariz"},
    {"Dragons de Châteaufort 1", "Dragons de Chateaufort 1"},
    {"Plaça de Jonqueres", "Placa de Jonqueres"},
    {"Sant Pere de les Puel·les", "Sant Pere de les Puelles"},
    {"Sant Pere més Baix", "Sant Pere mes Baix"},
    {"Sant Agustí Església", "Sant Agusti Esglesia"},
    {"Reducte de Santa Eulàlia", "Reducte de Santa Eulalia"},
};

static int cols(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n && s[i]; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* Every name of the data: shown accented, found by either spelling, and its
 * token (what action texts use) plain ASCII with no space. */
static void names_and_tokens(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    const sg_data *d = t->g->data;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        int u = sg_find_unit(d, names[i].ascii), z = sg_find_zone(d, names[i].ascii);
        const char *shown = u >= 0 ? d->u[u].name : z >= 0 ? d->z[z].name : NULL;
        if (!shown)
            fail_msg("'%s' is in no unit and no zone", names[i].ascii);
        if (strcmp(shown, names[i].shown))
            fail_msg("'%s' shown as '%s', expected '%s'", names[i].ascii, shown, names[i].shown);
        assert_int_equal(u >= 0 ? sg_find_unit(d, names[i].shown) : sg_find_zone(d, names[i].shown),
                         u >= 0 ? u : z);
    }
    for (int k = 0; k < d->nu + d->nz; k++) {
        const char *tok = k < d->nu ? d->u[k].tok : d->z[k - d->nu].tok;
        for (const char *p = tok; *p; p++)
            if ((unsigned char)*p >= 0x80 || *p == ' ')
                fail_msg("token '%s' is not plain ASCII without spaces", tok);
    }
    assert_string_equal(d->u[sg_find_unit(d, "Diputacio 1")].tok, "Diputacio-1");
    assert_string_equal(d->z[sg_find_zone(d, "Placa de Jonqueres")].tok, "Placa-de-Jonqueres");
    vbt_free(t);
}

static const char fire_pos[] = "{\"turn\": 2, \"half\": \"bourbon\", \"phase\": \"artillery\","
                               " \"royal_breach\": \"secured\", \"deck\": [],"
                               " \"unlisted\": \"eliminated\", \"zones\": {"
                               " \"Baluard de Llevant\": [\"%s\", \"Canons de Llevant\"],"
                               " \"Left Two Crowns\": [\"Bourbon Battery 1\"]}}";

/* An order typed with or without accents is the same order; a position
 * file naming a piece either way loads the same state; the log and the JSON
 * view show the accented name. */
static void both_spellings(void **st)
{
    (void)st;
    vbt *a = vbt_new("setge-1714", NULL, 1), *b = vbt_new("setge-1714", NULL, 1);
    char json[1024];
    snprintf(json, sizeof json, fire_pos, "Diputacio 1");
    assert_int_equal(vbt_load(a, json), 0);
    snprintf(json, sizeof json, fire_pos, "Diputació 1");
    assert_int_equal(vbt_load(b, json), 0);
    assert_memory_equal(vbt_state(a), vbt_state(b), sizeof(sg_state));

    vb_action plain, accented;
    vb_ctx cx;
    vb_ctx_init(&cx);
    assert_int_equal(
        vb_parse_action(a->g, vbt_state(a), "fire Bourbon-Battery-1 Diputacio-1", &plain, &cx), 0);
    assert_int_equal(
        vb_parse_action(a->g, vbt_state(a), "fire Bourbon-Battery-1 Diputació-1", &accented, &cx),
        0);
    assert_true(plain == accented);
    /* the action's own text stays ASCII (safe to type, same in old records) */
    char text[VB_TEXT_LEN];
    a->g->def->action_text(a->g, vbt_state(a), plain, text, sizeof text);
    assert_string_equal(text, "fire Bourbon-Battery-1 Diputacio-1");

    vbt_act(a, "fire Bourbon-Battery-1 Diputació-1");
    vbt_dice(a, "4");
    assert_true(vbt_logged(a, "Bourbon Battery 1 fires at Diputació 1 (2 zones, 5+): 4"));
    json_t *j = a->g->def->to_json(a->g, vbt_state(a), -1);
    char *dump = json_dumps(j, 0);
    if (!strstr(dump, "\"Diputació 1\""))
        fail_msg("no accented name in %.300s", dump);
    assert_null(strstr(dump, "Diputacio 1"));
    free(dump);
    json_decref(j);
    vbt_free(a);
    vbt_free(b);
}

/* The board: accented names, and the zone table aligned in columns (a
 * padding counted in bytes would shift "Plaça de Jonqueres" one column
 * left of its neighbours); the zone view's header shows name and token. */
static void board_columns(void **st)
{
    (void)st;
    vbt *t = vbt_new("setge-1714", NULL, 1);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    t->g->def->render(t->g, vbt_state(t), -1, f);
    fclose(f);
    int want = -1, seen = 0;
    for (char *line = buf; line && *line;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        char *def = strstr(line, " def ");
        if (def && def < line + n && strstr(line, "  held: ")) {
            int c = cols(line, (size_t)(def - line));
            if (want < 0)
                want = c;
            if (c != want)
                fail_msg("'def' at column %d, expected %d: %.*s", c, want, (int)n, line);
            seen += strncmp(line, "Plaça de Jonqueres ", 20) == 0;
        }
        line = nl ? nl + 1 : NULL;
    }
    assert_int_equal(seen, 1);
    assert_non_null(strstr(buf, "Sant Agustí Església"));
    free(buf);

    buf = NULL;
    f = open_memstream(&buf, &len);
    assert_int_equal(t->g->def->area(t->g, vbt_state(t), -1, "Placa-de-Jonqueres", f, &t->cx), 0);
    fclose(f);
    assert_non_null(strstr(buf, "Plaça de Jonqueres [Placa-de-Jonqueres]\n"));
    free(buf);
    vbt_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_and_tokens),
        cmocka_unit_test(both_spellings),
        cmocka_unit_test(board_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
