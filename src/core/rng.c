/* rng.c - xoshiro256** seeded by splitmix64; unbiased bounded draws.
 *
 * xoshiro256** 1.0 (David Blackman and Sebastiano Vigna, 2018, public
 * domain algorithm); splitmix64 expands a 64-bit seed into the 256-bit
 * state. vb_rng_below uses Lemire's "nearly divisionless" method
 * (ACM TOMACS 2019): a 64x64->128 multiply, rejecting the few low products
 * that would bias the result, so every value in [0, n) is equally likely. */
#include "vauban.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void vb_rng_seed(vb_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t vb_rng_next(vb_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t vb_rng_below(vb_rng *r, uint64_t n)
{
    __extension__ typedef unsigned __int128 u128;
    u128 m = (u128)vb_rng_next(r) * n;
    uint64_t low = (uint64_t)m;
    if (low < n) {
        uint64_t threshold = -n % n;
        while (low < threshold) {
            m = (u128)vb_rng_next(r) * n;
            low = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

double vb_rng_unit(vb_rng *r)
{
    return (double)(vb_rng_next(r) >> 11) * 0x1.0p-53;
}
