/* clock.h: a monotonic clock in seconds, for timing whole searches. */
#ifndef PRUNE_CLOCK_H
#define PRUNE_CLOCK_H

#include <time.h>

static inline double clock_seconds(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#endif
