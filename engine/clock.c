/* clock.c: the monotonic clock of clock.h.  CLOCK_MONOTONIC is POSIX, not
 * C11: it is asked for here, in a file of its own, before any system
 * header, so the rest of the engine stays plain C11. */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "clock.h"

double clock_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
