/*
 * solve_kinds.h: which transposition table a step of the Connect Four
 * solver uses, and the tables' sizes: what engine/solve.h (a step's row)
 * and engine/solve_table.h (the tables) both need, below either.
 */
#ifndef PRUNE_SOLVE_KINDS_H
#define PRUNE_SOLVE_KINDS_H

/* Which transposition table a step uses (engine/solve_table.h). */
typedef enum {
    SOLVE_TABLE_NONE,
    SOLVE_TABLE_UPPER,        /* part 7: upper bounds, 56-bit keys, 8,388,593 entries */
    SOLVE_TABLE_UPPER_KEY32,  /* part 11: upper bounds, 32-bit truncated keys, 8,388,617 entries */
    SOLVE_TABLE_BOUNDS_KEY32, /* part 12: upper and lower bounds, 32-bit keys, 8,388,617 entries */
    SOLVE_TABLE_BUCKETS,      /* prune's own: both bounds, full keys, two entries a bucket, same memory */
} solve_table_kind;

/* The tables' size (engine/solve_table.h): the series' 64 MiB unless
 * solve_set_table_megabytes says otherwise; at most SOLVE_TABLE_MAX_MEGABYTES
 * (2^31 words: every index fits 32 bits). */
#define SOLVE_TABLE_DEFAULT_MEGABYTES 64
#define SOLVE_TABLE_MAX_MEGABYTES 16384

#endif
