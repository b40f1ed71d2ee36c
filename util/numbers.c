/* numbers.c: strict parsing of numbers (see numbers.h).  strtoll and strtod
 * alone accept leading spaces, a '+', exponents, "inf" and trailing junk;
 * prune's tools do not, so the text is checked before it is converted. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
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

bool parse_milliseconds(const char *text, unsigned long long minimum_us, unsigned long long maximum_us,
                        unsigned long long *us)
{
    unsigned long long whole = 0, fraction = 0;
    const char *p = text;
    if (!isdigit((unsigned char)*p)) return false;
    for (; isdigit((unsigned char)*p); p++) {
        if (whole > maximum_us / 10000) return false; /* past the maximum long before it could wrap */
        whole = whole * 10 + (unsigned long long)(*p - '0');
    }
    if (*p == '.') {
        int places = 0;
        for (p++; isdigit((unsigned char)*p); p++, places++) {
            if (places == 3) return false;
            fraction = fraction * 10 + (unsigned long long)(*p - '0');
        }
        if (places == 0) return false;
        for (; places < 3; places++) fraction *= 10;
    }
    if (*p) return false;
    unsigned long long value = whole * 1000 + fraction;
    if (value < minimum_us || value > maximum_us) return false;
    *us = value;
    return true;
}

void format_milliseconds(unsigned long long us, char *text)
{
    int n = snprintf(text, NUMBERS_MILLISECONDS_SIZE, "%llu", us / 1000);
    unsigned long long fraction = us % 1000;
    if (fraction == 0) return;
    char digits[4];
    snprintf(digits, sizeof digits, "%03llu", fraction);
    int last = 2;
    while (digits[last] == '0') last--;
    digits[last + 1] = '\0';
    snprintf(text + n, (size_t)(NUMBERS_MILLISECONDS_SIZE - n), ".%s", digits);
}
