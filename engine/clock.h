/* clock.h: a monotonic clock in seconds, for timing whole searches and
 * the ladder's time limit (engine/clock.c). */
#ifndef PRUNE_CLOCK_H
#define PRUNE_CLOCK_H

/* Seconds on CLOCK_MONOTONIC from an arbitrary start: only differences
 * mean anything, and a step of the wall clock (NTP, a user) does not move
 * it, so it cannot corrupt a measured time. */
double clock_seconds(void);

#endif
