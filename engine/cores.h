/*
 * cores.h: how many threads this machine allows a search or a solve
 * (`--threads`, `threads=N`, UGI's `threads`): its online cores, at most
 * CORES_MAX_THREADS.  One answer for every command that takes threads.
 */
#ifndef PRUNE_CORES_H
#define PRUNE_CORES_H

#define CORES_MAX_THREADS 256  /* the solver's and the ladder's helper arrays hold this many */

int cores_max_threads(void);

#endif
