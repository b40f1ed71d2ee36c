/* numbers.h: the one checked parser for every number prune's tools take
 * (the command line, depth_sweep, environment variables).
 *
 * A whole number is an optional '-' then decimal digits and nothing else:
 * no spaces, no '+', no trailing junk, no hexadecimal.  Leading zeros and
 * "-0" are accepted and normalised: the value is what counts, and every
 * tool prints the parsed value, never the text ("05" is echoed as 5, "-0"
 * as 0).  A value outside [minimum, maximum] is refused, so a caller never
 * sees a number that wrapped or overflowed. */
#ifndef PRUNE_NUMBERS_H
#define PRUNE_NUMBERS_H

#include <stdbool.h>

/* The largest node budget (--max-nodes) any tool takes: far beyond what
 * 24 GiB holds, and small enough that max_nodes + 1 never overflows. */
#define NUMBERS_MAX_NODES 4000000000LL

/* True when `text` is a whole number in [minimum, maximum]; the value goes
 * to *value. */
bool parse_whole_number(const char *text, long long minimum, long long maximum, long long *value);

/* True when `text` is a plain decimal fraction (digits, optionally a '.'
 * and more digits; at least one digit; no sign or exponent) in [minimum,
 * maximum]; the value goes to *value.  For durations in seconds. */
bool parse_decimal_number(const char *text, double minimum, double maximum, double *value);

/* Milliseconds to the microsecond, exactly (a clock's 0.1 ms increment):
 * digits, optionally a '.' and one to three more, nothing else.  True when
 * `text` is such a number whose microseconds lie in [minimum_us,
 * maximum_us]; they go to *us, with no rounding anywhere. */
bool parse_milliseconds(const char *text, unsigned long long minimum_us, unsigned long long maximum_us,
                        unsigned long long *us);

/* Microseconds written as milliseconds, as parse_milliseconds reads them:
 * "10", "0.1", "2.25" (no trailing zeros); `text` holds at least
 * NUMBERS_MILLISECONDS_SIZE bytes. */
#define NUMBERS_MILLISECONDS_SIZE 32
void format_milliseconds(unsigned long long us, char *text);

#endif
