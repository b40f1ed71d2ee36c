/*
 * escape_test.c: prints each argument escaped both ways (util/escape.h), so
 * that tests/check_output.py can check the escaping against Python's own
 * JSON parser and UTF-8 decoder on bytes the command line never lets
 * through to its JSON output (prune validates every string it echoes).
 *
 *   escape_test ARG...   prints "J <json string>" and "M <message text>" per ARG
 */
#include <stdio.h>

#include "escape.h"

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        fputs("J ", stdout);
        escape_json(stdout, argv[i]);
        fputs("\nM ", stdout);
        escape_message(stdout, argv[i]);
        fputc('\n', stdout);
    }
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
