/* input_file.c: opening a file argument (input_file.h). */
#define _POSIX_C_SOURCE 200809L  /* open, fstat, fcntl, fdopen: a FIFO must be refused, not waited on */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input_file.h"

/* Opens a readable regular file; NULL, with one line in message, for
 * anything else.  The open does not block (a FIFO with no writer would
 * wait forever), and what is opened is checked, not the name, so nothing
 * can change in between.  Readable means what open(2) allows: as root a
 * file without read permission opens. */
FILE *input_file_open(const char *path, char *message, size_t message_size)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(message, message_size, "cannot read %.900s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat status;
    const char *what = fstat(fd, &status) != 0 ? strerror(errno)
                       : S_ISDIR(status.st_mode) ? "a directory, not a file"
                       : S_ISFIFO(status.st_mode) ? "a FIFO, not a regular file"
                       : !S_ISREG(status.st_mode) ? "not a regular file"
                                                  : NULL;
    int flags = what ? 0 : fcntl(fd, F_GETFL);
    if (!what && (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)) what = strerror(errno);
    FILE *in = what ? NULL : fdopen(fd, "r");
    if (!in) {
        snprintf(message, message_size, "cannot read %.900s: %s", path, what ? what : strerror(errno));
        close(fd);
    }
    return in;
}
