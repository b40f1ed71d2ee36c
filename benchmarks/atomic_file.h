/*
 * atomic_file.h: result files are never half written.  A file is written to
 * a temporary file beside its target (same directory, so the same file
 * system) and renamed over the target only when whole; an interrupted or
 * failed write leaves the previous file as it was.  The result gets mode
 * 0644 (mkstemp's temporary is 0600), like any file the user writes.
 *
 *     atomic_file a;
 *     FILE *f = atomic_open(&a, path, message, sizeof message);
 *     if (!f) ...;                       // message says why
 *     fprintf(f, ...);
 *     if (atomic_commit(&a, message, sizeof message) != 0) ...;
 *
 * atomic_abandon removes the temporary instead (after an error).
 */
#ifndef PRUNE_ATOMIC_FILE_H
#define PRUNE_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    FILE *file;
    char path[4096];
    char temporary[4096 + 16];
} atomic_file;

FILE *atomic_open(atomic_file *a, const char *path, char *message, size_t message_size);
/* Closes and renames; 0, or -1 with a message (the temporary is removed). */
int atomic_commit(atomic_file *a, char *message, size_t message_size);
void atomic_abandon(atomic_file *a);

#endif
