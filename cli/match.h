/* match.h: the face of the match commands in cli/ (match.c, match_openings.c,
 * match_ugi.c, match_merge.c): the match subsystem's calls that the
 * commands make, refused through cli_fail (match/match_types.h, which
 * they include through here, returns each refusal as a message).
 */
#ifndef PRUNE_MATCH_H
#define PRUNE_MATCH_H

#include "match_types.h"

/* Reads a side's spec (fails naming --flag on bad input: cli_fail). */
void cli_match_side(const char *flag, const char *text, match_side *side);
/* match_sides_allocate, or cli_fail with its refusal. */
void cli_match_sides_allocate(const char *const flags[], match_side sides[], int count, size_t bound);

#endif
