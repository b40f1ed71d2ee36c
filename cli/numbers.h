/* numbers.h: strict parsing of the command line's whole numbers. */
#ifndef PRUNE_NUMBERS_H
#define PRUNE_NUMBERS_H

#include <stdbool.h>

/* True when `text` is a whole decimal number (an optional '-' then digits,
 * nothing else) in [minimum, maximum]; the value goes to *value. */
bool parse_whole_number(const char *text, long long minimum, long long maximum, long long *value);

#endif
