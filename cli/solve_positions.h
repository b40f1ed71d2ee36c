/*
 * solve_positions.h: Connect Four test sets for `prune solve` (the six sets
 * of Pons' series, or any file of `moves score` or bare `moves` lines).
 */
#ifndef PRUNE_SOLVE_POSITIONS_H
#define PRUNE_SOLVE_POSITIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    size_t number;    /* 1-based line number in the file */
    char moves[48];   /* digits 1..7, at most 42 */
    int score;        /* the file's score, when checked */
    bool checked;     /* false: a bare `moves` line, solved and not checked */
} solve_line;

typedef struct {
    size_t limit;             /* 0: every line */
    size_t shard, shards;     /* 0-based shard of `shards` (0 shards: no sharding) */
} solve_line_selection;

typedef struct {
    char path[1024];
    char name[64];            /* the file's base name */
    solve_line *lines;        /* the selected lines */
    size_t count;
} solve_line_set;

/* "K/N" -> shard K-1 of N. */
bool solve_positions_parse_shard(const char *text, solve_line_selection *selection);

/* Copies a move list (digits, or digits separated by commas) as a plain
 * digit string; false when it is anything else or too long. */
bool solve_positions_digits(const char *moves, char *digits, size_t size);

/* Reads and checks the whole file (`path`, or set `set_name`, looked up in
 * data_dir or $PRUNE_CONNECT4_DATA when not a path), then keeps the
 * selected lines.  On failure writes one line naming FILE:LINE. */
bool solve_positions_load(const char *path, const char *set_name, const char *data_dir,
                          const solve_line_selection *selection, solve_line_set *set, char *message,
                          size_t message_size);

void solve_positions_free(solve_line_set *set);

#endif
