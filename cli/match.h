/* match.h: the face of the match commands in cli/ (match.c, match_openings.c,
 * match_ugi.c, match_merge.c): what they share beyond the match subsystem
 * (match/match_types.h), which they include through here.
 */
#ifndef PRUNE_MATCH_H
#define PRUNE_MATCH_H

#include "match_types.h"

/* Reads a side's spec (fails naming --flag on bad input: cli_fail), and
 * allocates its table when its config has one. */
void match_side_parse(const char *flag, const char *text, match_side *side);
void match_side_allocate(const char *flag, match_side *side);
/* Frees a side's table and stops its engine. */
void match_side_free(match_side *side);

#endif
