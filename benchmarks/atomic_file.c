/* atomic_file.c: see atomic_file.h. */
#define _POSIX_C_SOURCE 200809L

#include "atomic_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RESULT_MODE 0644

FILE *atomic_open(atomic_file *a, const char *path, char *message, size_t message_size)
{
    a->file = NULL;
    if (snprintf(a->path, sizeof a->path, "%s", path) >= (int)sizeof a->path) {
        snprintf(message, message_size, "path too long: %.100s...", path);
        return NULL;
    }
    /* The temporary is a hidden file in the target's directory. */
    const char *slash = strrchr(path, '/');
    int dir_length = slash ? (int)(slash - path + 1) : 0;
    snprintf(a->temporary, sizeof a->temporary, "%.*s.tmp-XXXXXX", dir_length, path);
    int fd = mkstemp(a->temporary);
    if (fd < 0) {
        snprintf(message, message_size, "cannot write %s: %s", path, strerror(errno));
        return NULL;
    }
    if (fchmod(fd, RESULT_MODE) != 0 || !(a->file = fdopen(fd, "w"))) {
        snprintf(message, message_size, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        remove(a->temporary);
        return NULL;
    }
    return a->file;
}

int atomic_commit(atomic_file *a, char *message, size_t message_size)
{
    int failed = ferror(a->file);
    if (fclose(a->file) != 0) failed = 1;
    a->file = NULL;
    if (failed || rename(a->temporary, a->path) != 0) {
        snprintf(message, message_size, "cannot write %s: %s", a->path, errno ? strerror(errno) : "write error");
        remove(a->temporary);
        return -1;
    }
    return 0;
}

void atomic_abandon(atomic_file *a)
{
    if (a->file) fclose(a->file);
    a->file = NULL;
    remove(a->temporary);
}
