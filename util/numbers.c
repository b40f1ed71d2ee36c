/* numbers.c: strict parsing of numbers (see numbers.h).  strtoll and strtod
 * alone accept leading spaces, a '+', exponents, "inf" and trailing junk;
 * prune's tools do not, so the text is checked before it is converted. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "numbers.h"

bool parse_whole_number(const char *text, long long minimum, long long maximum, long long *value)
{
    const char *digits = text[0] == '-' ? text + 1 : text;
    if (!isdigit((unsigned char)digits[0])) return false;
    char *end;
    errno = 0;
    long long parsed = strtoll(text, &end, 10);
    if (*end || errno == ERANGE || parsed < minimum || parsed > maximum) return false;
    *value = parsed;
    return true;
}

bool parse_decimal_number(const char *text, double minimum, double maximum, double *value)
{
    size_t digits = 0, points = 0;
    for (const char *p = text; *p; p++) {
        if (isdigit((unsigned char)*p)) digits++;
        else if (*p == '.') points++;
        else return false;
    }
    if (digits == 0 || points > 1) return false;
    char *end;
    errno = 0;
    double parsed = strtod(text, &end);
    if (*end || errno == ERANGE || !(parsed >= minimum && parsed <= maximum)) return false;
    *value = parsed;
    return true;
}
