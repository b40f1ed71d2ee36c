/* merge_summary.h: the --json summaries of prune match as prune
 * match-merge reads them back (match/match_merge.c): one summary line's
 * fields into a match_summary, checked against each other.  A refusal
 * (a line that is not a summary, or one that contradicts itself) ends the
 * merge at once: merge_refuse writes the message and jumps back to where
 * the merge began (match_merge_read), which returns it. */
#ifndef PRUNE_MERGE_SUMMARY_H
#define PRUNE_MERGE_SUMMARY_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include "json_line.h"
#include "match_types.h"

/* Where a refusal goes: its message, and the merge's start to return to. */
typedef struct {
    jmp_buf back;
    char *message;
    size_t size;
} merge_refusal;

/* Writes the message and jumps back to refusal->back. */
_Noreturn void merge_refuse(merge_refusal *refusal, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* One summary line being read: where it is, and its fields. */
typedef struct {
    const char *path;
    uint64_t number;
    json_object object;
    merge_refusal *refusal;
} summary_reader;

/* A summary read from the file, and where. */
typedef struct {
    const char *path;
    uint64_t number;
    char *line; /* holds the summary's strings */
    match_summary s;
    size_t order; /* its place in the file */
} summary_record;

/* Reads the summary in r's fields into rec->s, checked (refused
 * otherwise). */
void merge_read_summary(const summary_reader *r, summary_record *rec);

#endif
