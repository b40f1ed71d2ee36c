/*
 * json_check.h: a strict JSON validator for the fuzz targets (RFC 8259).
 *
 * Strict means: exactly one value and nothing after it but nothing (no
 * trailing whitespace either: prune writes none); the grammar's numbers
 * only (no leading zeros, no "+", no NaN); strings of unescaped bytes
 * 0x20..0x7E other than '"' and '\\' (prune's JSON is ASCII) and the eight
 * escapes, \u surrogates only in high-low pairs; no key twice in an object;
 * nesting at most JSON_MAX_DEPTH deep.
 */
#ifndef PRUNE_JSON_CHECK_H
#define PRUNE_JSON_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_MAX_DEPTH 32

/* Whether text[0..length) is one JSON object.  On false, *error says
 * what was wrong and *offset where. */
bool json_check_object(const char *text, size_t length, const char **error, size_t *offset);

#endif
