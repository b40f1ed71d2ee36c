/*
 * random.h: the one seeded generator of prune's C code (SplitMix64, Steele,
 * Lea and Flood 2014).  Everything random in the C code (negamax-ab's
 * ordering shuffle, seeded random lines, the benchmarks' positions) draws
 * from it, so a seed names the same sequence everywhere and on every
 * platform.  The Python scripts draw from Python's own `random`, seeded
 * (scripts/colour_floor.py's simulation, scripts/pons_sets.py,
 * scripts/noise.py), not from this.
 */
#ifndef PRUNE_RANDOM_H
#define PRUNE_RANDOM_H

#include <stdint.h>

/* Advances *state and returns the next 64-bit value.  Any state is valid,
 * 0 included: the sequence is a fixed increment through a bijective mix. */
static inline uint64_t splitmix64_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
