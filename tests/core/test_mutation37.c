/*
 * test_mutation37.c - checks added by the thirty-seventh session's mutation
 * pass (helper cmx) over src/core/json.c (a data record's provenance) and
 * src/core/registry.c (a game's data fingerprint, its sides, option
 * defaults and the option parser's words).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "registry.h"
#include "vauban.h"
#include "vb_module.h"

/* vb_json_provenance on {"source": <text>}: 0 and the kind, or VB_EINPUT. */
static int provenance(const char *source_json, int *printed)
{
    char text[256];
    json_error_t je;
    vb_ctx cx;
    vb_ctx_init(&cx);
    snprintf(text, sizeof text, "{\"source\": %s}", source_json);
    json_t *o = json_loads(text, 0, &je);
    assert_non_null(o);
    *printed = -1;
    int rc = vb_json_provenance(o, printed, "rec", &cx);
    if (rc < 0 && !strstr(cx.err, "rec: \"source\" must be"))
        fail_msg("M37: provenance %s refused without naming it: %s", source_json, cx.err);
    json_decref(o);
    return rc;
}

static void accepted(const char *source_json, int want_printed)
{
    int printed;
    int rc = provenance(source_json, &printed);
    if (rc != 0 || printed != want_printed)
        fail_msg("M37: provenance %s: rc %d printed %d, not 0 and %d", source_json, rc, printed,
                 want_printed);
}

static void refused(const char *source_json)
{
    int printed;
    int rc = provenance(source_json, &printed);
    if (rc != VB_EINPUT)
        fail_msg("M37: provenance %s accepted (rc %d, printed %d)", source_json, rc, printed);
}

/* A record is "printed (...)" or "reconstructed: rationale" (a rationale
 * not empty), or an object with one non-empty "printed" or "reconstructed". */
static void test_provenance(void **state)
{
    (void)state;
    accepted("\"printed (rule 4.2)\"", 1);
    accepted("\"printed\"", 1);
    accepted("\"reconstructed: the chart is torn\"", 0);
    accepted("\"reconstructed: x\"", 0);
    accepted("{\"printed\": \"x\"}", 1);
    accepted("{\"printed\": \"rule 7\"}", 1);
    accepted("{\"reconstructed\": \"y\"}", 0);
    accepted("{\"reconstructed\": \"from the 1715 map\"}", 0);
    refused("\"reconstructed:\"");
    refused("\"reconstructed\"");
    refused("\"reconstructed rationale here\"");
    refused("\"a long source that is neither of them\"");
    refused("\"print\"");
    refused("\"\"");
    refused("{\"printed\": \"\"}");
    refused("{\"reconstructed\": \"\"}");
    refused("{\"printed\": 4}");
    refused("{\"printed\": \"x\", \"reconstructed\": \"y\"}");
    refused("{\"other\": \"x\"}");
    refused("7");
    /* no "source" at all */
    vb_ctx cx;
    vb_ctx_init(&cx);
    json_t *o = json_object();
    int printed = -1;
    assert_int_equal(vb_json_provenance(o, &printed, "rec", &cx), VB_EINPUT);
    assert_string_equal(cx.err, "rec: missing \"source\"");
    json_decref(o);
}

/* FNV-1a (64 bits) as published: offset basis 0xcbf29ce484222325, prime
 * 0x100000001b3. */
static uint64_t fnv1a(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* A game's fingerprint: FNV-1a over the names (with their terminating
 * zero) and bytes of its data files, in the table's order; the same from a
 * VAUBAN_DATA copy of the files. */
static void test_fingerprint(void **state)
{
    (void)state;
    /* the published test vector: FNV-1a 64 of "a" */
    assert_true(fnv1a(0xcbf29ce484222325ULL, (const unsigned char *)"a", 1) ==
                0xaf63dc4c8601ec8cULL);
    int checked = 0;
    unsetenv("VAUBAN_DATA");
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *d = vb_registry_get(i);
        size_t idlen = strlen(d->id);
        uint64_t h = 0xcbf29ce484222325ULL;
        int files = 0;
        for (int k = 0; vb_data_table[k].path; k++) {
            const vb_data_file *f = &vb_data_table[k];
            if (strncmp(f->path, d->id, idlen) != 0 || f->path[idlen] != '/')
                continue;
            h = fnv1a(h, (const unsigned char *)f->path, strlen(f->path) + 1);
            h = fnv1a(h, f->bytes, f->len);
            files++;
        }
        if (!files)
            continue;
        char want[17];
        snprintf(want, sizeof want, "%016llx", (unsigned long long)h);
        vb_ctx cx;
        vb_ctx_init(&cx);
        vb_game *g = vb_game_load(d->id, &cx);
        if (!g)
            fail_msg("M37: %s does not load: %s", d->id, cx.err);
        if (strcmp(g->fingerprint, want) != 0)
            fail_msg("M37: %s's fingerprint %s, not %s", d->id, g->fingerprint, want);
        /* the same bytes read from VAUBAN_DATA: the same fingerprint */
        const char *src = getenv("VB_SOURCE_DIR");
        if (src) {
            char dir[4096];
            snprintf(dir, sizeof dir, "%s/data", src);
            setenv("VAUBAN_DATA", dir, 1);
            vb_game *h2 = vb_game_load(d->id, &cx);
            unsetenv("VAUBAN_DATA");
            if (!h2)
                fail_msg("M37: %s does not load from %s: %s", d->id, dir, cx.err);
            if (strcmp(h2->fingerprint, want) != 0)
                fail_msg("M37: %s's fingerprint from VAUBAN_DATA %s, not %s", d->id,
                         h2->fingerprint, want);
            vb_game_free(h2);
        }
        vb_game_free(g);
        checked++;
    }
    if (!checked)
        skip();
}

/* The defaults of a loaded game: one side per role, named as the role;
 * role_side -1 past the roles; every scenario all roles; the options'
 * defaults in every scenario. */
static void test_game_defaults(void **state)
{
    (void)state;
    for (int i = 0; i < vb_registry_count(); i++) {
        const vb_game_def *d = vb_registry_get(i);
        vb_game g;
        vb_game_defaults(&g, d);
        assert_ptr_equal(g.def, d);
        assert_int_equal(g.nsides, d->nroles);
        for (int r = 0; r < VB_MAX_ROLES; r++)
            if (g.role_side[r] != (r < d->nroles ? r : -1))
                fail_msg("M37: %s: role_side[%d] is %d", d->id, r, g.role_side[r]);
        for (int s = 0; s < VB_MAX_SCENARIOS; s++)
            if (g.scenario_roles[s] != (1u << d->nroles) - 1u)
                fail_msg("M37: %s: scenario %d's roles %#x", d->id, s, g.scenario_roles[s]);
    }
    assert_null(vb_registry_get(-1));
    assert_null(vb_registry_get(vb_registry_count()));
    assert_null(vb_registry_find(NULL));
    assert_null(vb_registry_find("no-such-game"));
}

/* A scenario out of range gets scenario 0's option defaults. */
static void test_option_defaults_range(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    if (!g)
        skip();
    int opts[VB_MAX_OPTIONS];
    g->option_def[0][0] = 1;
    g->option_def[1][0] = 0;
    g->option_def[VB_MAX_SCENARIOS - 1][0] = 0;
    vb_option_defaults(g, -1, opts);
    if (opts[0] != 1)
        fail_msg("M37: scenario -1: option 0 defaults to %d, not scenario 0's 1", opts[0]);
    vb_option_defaults(g, VB_MAX_SCENARIOS, opts);
    if (opts[0] != 1)
        fail_msg("M37: scenario %d: option 0 defaults to %d, not scenario 0's 1", VB_MAX_SCENARIOS,
                 opts[0]);
    vb_option_defaults(g, VB_MAX_SCENARIOS - 1, opts);
    assert_int_equal(opts[0], 0);
    for (int i = g->def->noptions; i < VB_MAX_OPTIONS; i++)
        assert_int_equal(opts[i], 0);
    vb_game_free(g);
}

/* The option parser's words: on/true 1, off/false 0, a key alone 1. */
static void test_option_words(void **state)
{
    (void)state;
    vb_ctx cx;
    vb_ctx_init(&cx);
    vb_game *g = vb_game_load("setge-1714", &cx);
    if (!g)
        skip();
    assert_string_equal(g->def->options[0].key, "events");
    static const struct {
        const char *kv;
        int want;
    } cases[] = {{"events=off", 0}, {"events=on", 1}, {"events=false", 0}, {"events=true", 1},
                 {"events", 1},     {"events=0", 0},  {"events=1", 1}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        int opts[VB_MAX_OPTIONS] = {0};
        opts[0] = 1 - cases[k].want;
        if (vb_option_parse(g, cases[k].kv, opts, &cx) != 0 || opts[0] != cases[k].want)
            fail_msg("M37: option '%s' gives %d (%s), not %d", cases[k].kv, opts[0], cx.err,
                     cases[k].want);
    }
    int opts[VB_MAX_OPTIONS] = {0};
    assert_int_equal(vb_option_parse(g, "events=maybe", opts, &cx), VB_EINPUT);
    assert_int_equal(vb_option_parse(g, "eventsx=1", opts, &cx), VB_EINPUT);
    vb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_provenance),    cmocka_unit_test(test_fingerprint),
        cmocka_unit_test(test_game_defaults), cmocka_unit_test(test_option_defaults_range),
        cmocka_unit_test(test_option_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
