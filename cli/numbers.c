/* numbers.c: strict parsing of whole numbers (see numbers.h).  strtoll
 * alone accepts leading spaces, a '+' and trailing junk; prune does not. */
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
