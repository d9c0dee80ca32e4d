/* test_fuzz_json.c - robustness of state loading, for every game: take
 * positions from random games, damage their JSON at random (change a
 * number, a name, a type; drop a member), and load the result. Loading must
 * either reject it with a message, or accept a position that passes the
 * game's invariants and can be played on. Nothing may crash (the suite runs
 * under ASan/UBSan). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vbtest.h"

/* Every JSON value inside j, depth first (at most max). */
static int collect(json_t *j, json_t **out, int n, int max)
{
    if (n >= max)
        return n;
    out[n++] = j;
    if (json_is_object(j)) {
        const char *k;
        json_t *v;
        json_object_foreach(j, k, v) n = collect(v, out, n, max);
    } else if (json_is_array(j)) {
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v) n = collect(v, out, n, max);
    }
    return n;
}

static void damage(json_t *state, vb_rng *r)
{
    json_t *vals[4096];
    int n = collect(state, vals, 0, 4096);
    json_t *v = vals[vb_rng_below(r, (uint64_t)n)];
    static const char *const names[] = {"",        "Barcelona", "nowhere", "full",
                                        "reduced", "available", "x"};
    switch (vb_rng_below(r, 6)) {
    case 0:
        if (json_is_integer(v))
            json_integer_set(v, (json_int_t)vb_rng_below(r, 12) - 3);
        break;
    case 1:
        if (json_is_integer(v))
            json_integer_set(v, (json_int_t)(vb_rng_next(r) >> 1));
        break;
    case 2:
        if (json_is_string(v))
            json_string_set(v, names[vb_rng_below(r, 7)]);
        break;
    case 3:
        if (json_is_object(v) && json_object_size(v) > 0) {
            void *it = json_object_iter(v);
            for (uint64_t k = vb_rng_below(r, json_object_size(v)); k > 0; k--)
                it = json_object_iter_next(v, it);
            json_object_del(v, json_object_iter_key(it));
        }
        break;
    case 4:
        if (json_is_array(v) && json_array_size(v) > 0)
            json_array_remove(v, vb_rng_below(r, json_array_size(v)));
        break;
    default:
        if (json_is_array(v))
            json_array_append_new(v, json_integer(1));
        else if (json_is_boolean(v))
            json_object_clear(v); /* no-op on non-objects; keeps the type */
        break;
    }
}

static void fuzz_game(const char *id, int positions, int tries)
{
    vb_ctx cx;
    vb_game *g;
    vb_rng r;
    vb_action acts[VB_MAX_ACTIONS];
    int accepted = 0, rejected = 0;
    vb_ctx_init(&cx);
    g = vb_game_load(id, &cx);
    assert_non_null(g);
    vb_rng_seed(&r, 99);
    for (int p = 0; p < positions; p++) {
        vb_match m;
        int steps = (int)vb_rng_below(&r, 120);
        assert_int_equal(vb_match_init(&m, g, 0, NULL, (uint64_t)p + 1, &cx), 0);
        for (int s = 0; s < steps && vb_to_move(g, m.st) != VB_OVER; s++) {
            if (vb_to_move(g, m.st) == VB_CHANCE)
                vb_match_roll(&m, &cx);
            else
                vb_match_apply(
                    &m,
                    acts[vb_rng_below(&r, (uint64_t)vb_legal(g, m.st, acts, NULL, VB_MAX_ACTIONS))],
                    &cx);
        }
        for (int t = 0; t < tries; t++) {
            json_t *j = vb_match_to_json(&m, -1);
            vb_match m2;
            int hits = 1 + (int)vb_rng_below(&r, 3);
            /* A position without its history: the damaged state is loaded
             * as it stands (with the history, the replay would refuse it). */
            json_object_del(j, "history");
            for (int k = 0; k < hits; k++)
                damage(json_object_get(j, "state"), &r);
            if (vb_match_load(&m2, g, j, &cx) < 0) {
                assert_true(cx.err[0] != '\0');
                assert_null(strchr(cx.err, '\n'));
                rejected++;
                json_decref(j);
                continue;
            } else {
                accepted++;
                assert_int_equal(g->def->check(g, m2.st, &cx), 0);
                /* Play on a little from the accepted position. */
                for (int s = 0; s < 30 && vb_to_move(g, m2.st) != VB_OVER; s++) {
                    int n = vb_legal(g, m2.st, acts, NULL, VB_MAX_ACTIONS);
                    if (vb_to_move(g, m2.st) == VB_CHANCE) {
                        assert_true(n > 0);
                        assert_int_equal(vb_match_roll(&m2, &cx), 0);
                    } else {
                        assert_true(n > 0);
                        assert_int_equal(
                            vb_match_apply(&m2, acts[vb_rng_below(&r, (uint64_t)n)], &cx), 0);
                    }
                    assert_int_equal(g->def->check(g, m2.st, &cx), 0);
                }
            }
            vb_match_release(&m2);
            json_decref(j);
        }
        vb_match_release(&m);
    }
    print_message("%s: %d damaged positions rejected, %d accepted and played on\n", id, rejected,
                  accepted);
    vb_game_free(g);
}

static void test_damaged_positions_never_crash(void **state)
{
    (void)state;
    for (int i = 0; i < vb_registry_count(); i++)
        fuzz_game(vb_registry_get(i)->id, 60, 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_damaged_positions_never_crash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
