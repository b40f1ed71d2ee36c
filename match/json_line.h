/* json_line.h: one JSON line parsed in place, as prune match-merge reads
 * the --json summaries of prune match (match/merge_summary.c): the flat
 * objects prune prints (string, number, true, false, null, and arrays of
 * numbers), nothing more. */
#ifndef PRUNE_JSON_LINE_H
#define PRUNE_JSON_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { JSON_STRING, JSON_NUMBER, JSON_TRUE, JSON_FALSE, JSON_NULL, JSON_ARRAY } json_kind;

typedef struct {
    const char *key;
    json_kind kind;
    const char *text; /* a string decoded (NUL-terminated), a number's or an array's inside as written */
    size_t length;
} json_field;

#define JSON_FIELDS 128

typedef struct {
    json_field fields[JSON_FIELDS];
    int count;
} json_object;

/* Parses `line` (modified: strings are decoded in place) into `o`; false
 * when it is not one flat object of at most JSON_FIELDS fields. */
bool json_line_parse(char *line, json_object *o);
/* A field's number: a whole number as JSON writes it (digits, no sign, no
 * fraction, fits 64 bits), or any finite number (not null). */
bool json_whole_number(const char *text, size_t length, uint64_t *out);
bool json_real_number(const char *text, size_t length, double *out);
/* Four hex digits (either case) at p, as a JSON \u escape writes them. */
bool json_hex4(const char *p, unsigned long *out);

#endif
