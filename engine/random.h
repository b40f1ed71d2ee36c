/* random.h: splitmix64, the seeded generator of every random choice in
 * prune (Steele, Lea and Flood's mixer): deterministic, one word of state. */
#ifndef PRUNE_RANDOM_H
#define PRUNE_RANDOM_H

#include <stdint.h>

static inline uint64_t splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
