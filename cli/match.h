/* match.h: the face of the match commands in cli/ (match.c, match_openings.c,
 * match_ugi.c, match_merge.c): what they share beyond the match subsystem
 * (match/match_types.h), which they include through here.
 */
#ifndef PRUNE_MATCH_H
#define PRUNE_MATCH_H

#include "match_types.h"

/* Reads a side's spec (fails naming --flag on bad input: cli_fail). */
void match_side_parse(const char *flag, const char *text, match_side *side);
/* Allocates the table of each of `count` sides whose config has one, once
 * their tables are found to fit the memory bound (--max-memory-mb, MiB)
 * together, and gives each side's searches what the tables leave of it
 * (fails naming the sides' flags otherwise). */
void match_sides_allocate(const char *const flags[], match_side sides[], int count, size_t bound);
/* Frees a side's table and stops its engine. */
void match_side_free(match_side *side);

#endif
