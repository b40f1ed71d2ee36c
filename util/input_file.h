/*
 * input_file.h: every file argument prune and its benchmark tools read goes
 * through here, so that each refuses the same things the same way: a file
 * argument must be a readable regular file (docs/cli.md).
 */
#ifndef PRUNE_INPUT_FILE_H
#define PRUNE_INPUT_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Opens `path` for reading when it is a regular file open(2) lets this
 * process read; NULL otherwise, with one line in `message`:
 * "cannot read PATH: WHY" (a directory, a FIFO, any other non-regular
 * file, or open's own reason: no such file, permission denied). */
FILE *input_file_open(const char *path, char *message, size_t message_size);

#endif
