/* cli.c: failure messages, checked option numbers, the memory bound, and
 * the check that standard output was really written (see cli.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "escape.h"
#include "numbers.h"

void cli_fail(const char *format, ...)
{
    char text[1024];
    va_list args;
    va_start(args, format);
    int length = vsnprintf(text, sizeof text, format, args);
    va_end(args);
    fputs("prune: ", stderr);
    escape_message(stderr, text);
    if (length >= (int)sizeof text) fputs("...", stderr);
    fputc('\n', stderr);
    exit(CLI_BAD_INPUT);
}

long long cli_number(const options *o, const char *name, long long minimum, long long maximum,
                     long long absent)
{
    const char *text = options_value(o, name);
    long long value;
    if (!text) return absent;
    if (!parse_whole_number(text, minimum, maximum, &value))
        cli_fail("--%s must be a whole number from %lld to %lld, not '%s'", name, minimum, maximum, text);
    return value;
}

size_t cli_memory_bound(const options *o)
{
    if (!options_given(o, "max-memory-mb")) return memory_default_mb();
    /* any positive number parses, so that the refusal below names the machine's memory (at most the MiB
     * whose bytes an int64_t holds: the engine counts the bound in bytes) */
    long long megabytes = cli_number(o, "max-memory-mb", 1, INT64_MAX >> 20, 0);
    size_t physical = memory_physical_mb();
    if (physical && (unsigned long long)megabytes > physical)
        cli_fail("--max-memory-mb %lld is more than this machine's physical memory (%zu MiB)", megabytes, physical);
    return (size_t)megabytes;
}

const game_entry *cli_game(const options *o)
{
    if (!o->operand) cli_fail("missing GAME (prune games lists them)");
    const game_entry *game = game_find(o->operand);
    if (!game) cli_fail("unknown game '%s' (prune games lists them)", o->operand);
    return game;
}

bool cli_close_stdout(void)
{
    /* fflush reports a failed write of buffered output, ferror one that
     * failed earlier, fclose one the system reports late (e.g. NFS). */
    errno = 0;
    bool written = fflush(stdout) == 0 && !ferror(stdout);
    int saved = errno;
    if (fclose(stdout) != 0 && written) { written = false; saved = errno; }
    if (written) return true;
    fprintf(stderr, "prune: cannot write standard output: %s\n", saved ? strerror(saved) : "write error");
    return false;
}
