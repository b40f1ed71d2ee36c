/*
 * random.h: the seeded generator of prune (splitmix64), one definition for
 * every user, so that the same seed gives the same sequence everywhere.
 */
#ifndef PRUNE_RANDOM_H
#define PRUNE_RANDOM_H

#include <stdint.h>

/* Advances *state and returns the next 64-bit number (Steele, Lea and
 * Flood's splitmix64: a Weyl sequence through a mixing function). */
static inline uint64_t splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
