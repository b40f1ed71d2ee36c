/* cores.c: the threads this machine allows (cores.h). */
#define _DEFAULT_SOURCE /* sysconf */
#include <unistd.h>

#include "cores.h"

int cores_max_threads(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > CORES_MAX_THREADS ? CORES_MAX_THREADS : (int)cores;
}
