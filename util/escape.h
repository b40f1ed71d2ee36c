/* escape.h: how prune writes text that may hold user input.
 *
 * Messages on stderr are one line of printable ASCII: escape_message writes
 * backslash as \\, tab and newline as \t and \n, and every other byte
 * outside printable ASCII (control characters, DEL, any byte >= 0x80) as
 * \xHH, so an argument like $'ttt\n' cannot split or colour the line.
 *
 * JSON strings are printable ASCII too: escape_json writes '"' and '\' with
 * a backslash, control characters and DEL as \u00XX, each well-formed UTF-8
 * character beyond ASCII as \uXXXX (a surrogate pair beyond U+FFFF), and
 * each byte that is not part of well-formed UTF-8 as \ufffd, the Unicode
 * replacement character.  Every line prune prints with --json therefore
 * parses as JSON whatever bytes the user gave. */
#ifndef PRUNE_ESCAPE_H
#define PRUNE_ESCAPE_H

#include <stdio.h>

/* Writes `text` escaped for a one-line message to `out`. */
void escape_message(FILE *out, const char *text);

/* Writes `text` to `out` as a JSON string, quotes included. */
void escape_json(FILE *out, const char *text);

#endif
