/* test_rng.c - the seeded generator: reproducible, in range, unbiased. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "vauban.h"

static void test_same_seed_same_sequence(void **state)
{
    vb_rng a, b;
    (void)state;
    vb_rng_seed(&a, 7);
    vb_rng_seed(&b, 7);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(vb_rng_next(&a), vb_rng_next(&b));
    vb_rng_seed(&b, 8);
    assert_int_not_equal(vb_rng_next(&a), vb_rng_next(&b));
}

/* The generator is documented as xoshiro256** seeded by splitmix64: pin its
 * first outputs so that records replay on every machine and every version. */
static void test_known_values(void **state)
{
    vb_rng r;
    /* Computed independently from the published algorithms. */
    static const uint64_t first[3] = {0x99ec5f36cb75f2b4ULL, 0xbf6e1f784956452aULL,
                                      0x1a5f849d4933e6e0ULL};
    (void)state;
    vb_rng_seed(&r, 0);
    /* splitmix64(0) expands to these four words (published test values). */
    assert_int_equal(r.s[0], 0xe220a8397b1dcdafULL);
    assert_int_equal(r.s[1], 0x6e789e6aa1b965f4ULL);
    for (int i = 0; i < 3; i++)
        assert_int_equal(first[i], vb_rng_next(&r));
    /* Later outputs depend on every word of the state (the first three do
     * not yet show s[3]'s rotation): the 10th and the 1000th, from an
     * independent implementation. (Kills rng.c:35 2 -> 1, :40 45 -> 44/46.) */
    for (int i = 3; i < 9; i++)
        vb_rng_next(&r);
    assert_int_equal(vb_rng_next(&r), 0xeb3a475a3e749a3dULL);
    for (int i = 10; i < 999; i++)
        vb_rng_next(&r);
    assert_int_equal(vb_rng_next(&r), 0x7aac8c483a2edd2fULL);
}

static void test_below_in_range_and_fair(void **state)
{
    vb_rng r;
    long count[6] = {0};
    const int n = 600000;
    double chi = 0;
    (void)state;
    vb_rng_seed(&r, 12345);
    for (int i = 0; i < n; i++) {
        uint64_t v = vb_rng_below(&r, 6);
        assert_true(v < 6);
        count[v]++;
    }
    for (int k = 0; k < 6; k++) {
        double d = count[k] - n / 6.0;
        chi += d * d / (n / 6.0);
    }
    /* 5 degrees of freedom: 20.5 is the 0.999 quantile. */
    assert_true(chi < 20.5);
    assert_int_equal(vb_rng_below(&r, 1), 0);
}

static void test_unit_interval(void **state)
{
    vb_rng r;
    (void)state;
    vb_rng_seed(&r, 3);
    for (int i = 0; i < 10000; i++) {
        double u = vb_rng_unit(&r);
        assert_true(u >= 0.0 && u < 1.0);
    }
}

/* vb_rng_unit covers the whole interval, not a part of it: its mean is one
 * half and it comes near both ends. (Kills rng.c:61 11 -> 12.) */
static void test_unit_covers_the_interval(void **state)
{
    vb_rng r;
    double sum = 0, lo = 1, hi = 0;
    const int n = 20000;
    (void)state;
    vb_rng_seed(&r, 4);
    for (int i = 0; i < n; i++) {
        double u = vb_rng_unit(&r);
        sum += u;
        lo = u < lo ? u : lo;
        hi = u > hi ? u : hi;
    }
    assert_true(sum / n > 0.49 && sum / n < 0.51);
    assert_true(lo < 0.001 && hi > 0.999);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_sequence),  cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_below_in_range_and_fair),  cmocka_unit_test(test_unit_interval),
        cmocka_unit_test(test_unit_covers_the_interval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
