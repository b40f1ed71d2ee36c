/* plan.c: see plan.h. */
#define _POSIX_C_SOURCE 200809L  /* getline */

#include "plan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input_file.h"
#include "numbers.h"

enum { PLAN_FIELDS = 16 };

/* The fields of one line, in PLAN_HEADER's order. */
enum {
    F_CASE, F_STUDY, F_GAME, F_POSITION, F_MOVES, F_CONFIG, F_DEPTH, F_STATE, F_TWIN, F_REPETITIONS, F_MIN_TIME,
    F_QUICK, F_NODES, F_CREATED, F_EVALS, F_BEST
};

typedef struct {
    const char *path;
    size_t line;
    char *message;
    size_t message_size;
} reader;

/* Writes "PATH:LINE: what" into the message; returns -1. */
static int bad(const reader *r, const char *format, ...)
{
    char what[256];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof what, format, args);
    va_end(args);
    snprintf(r->message, r->message_size, "%s:%zu: %s", r->path, r->line, what);
    return -1;
}

/* Splits `line` in place at its tabs; the number of fields, or -1 past PLAN_FIELDS. */
static int split(char *line, char *fields[PLAN_FIELDS])
{
    int n = 0;
    for (char *field = line;; n++) {
        if (n == PLAN_FIELDS) return -1;
        fields[n] = field;
        char *tab = strchr(field, '\t');
        if (!tab) return n + 1;
        *tab = '\0';
        field = tab + 1;
    }
}

static int copy_field(const reader *r, char *to, size_t size, const char *text, const char *name)
{
    if (strlen(text) >= size) return bad(r, "%s is longer than %zu characters", name, size - 1);
    memcpy(to, text, strlen(text) + 1);
    return 0;
}

/* An optional reference count: empty, or a whole number. */
static int take_count(const reader *r, const char *text, const char *name, bool *has, uint64_t *value)
{
    long long v;
    *has = *text != '\0';
    if (!*has) return 0;
    if (!parse_whole_number(text, 0, INT64_MAX, &v)) return bad(r, "%s '%s' is not a whole number", name, text);
    *value = (uint64_t)v;
    return 0;
}

static int take_numbers(const reader *r, char *const *f, plan_case *c)
{
    long long n;
    if (!parse_whole_number(f[F_DEPTH], 1, 1000, &n)) return bad(r, "depth '%s' is not from 1 to 1000", f[F_DEPTH]);
    c->depth = (int)n;
    if (*f[F_REPETITIONS]) {
        if (!parse_whole_number(f[F_REPETITIONS], 1, 1000, &n))
            return bad(r, "repetitions '%s' is not empty or from 1 to 1000", f[F_REPETITIONS]);
        c->repetitions = (int)n;
    }
    if (*f[F_MIN_TIME] && (!parse_decimal_number(f[F_MIN_TIME], 0, 3600, &c->min_time) || !(c->min_time > 0)))
        return bad(r, "min_time '%s' is not empty or a positive number of seconds", f[F_MIN_TIME]);
    expectation *e = &c->expected;
    if (take_count(r, f[F_NODES], "nodes", &e->has_nodes, &e->nodes) ||
        take_count(r, f[F_CREATED], "created", &e->has_created, &e->created) ||
        take_count(r, f[F_EVALS], "evals", &e->has_evals, &e->evals))
        return -1;
    e->has_best = *f[F_BEST] != '\0';
    return copy_field(r, e->best, sizeof e->best, f[F_BEST], "best");
}

/* Fields are printed as they are into --list's JSON and the tidy CSV:
 * printable ASCII without quotes or backslashes, as every key, name, label
 * and move list is. */
static int check_text(const reader *r, const char *line)
{
    for (const char *c = line; *c; c++)
        if (*c != '\t' && (*c < 0x20 || *c > 0x7e || *c == '"' || *c == '\\'))
            return bad(r, "byte 0x%02x at column %zu: fields are printable ASCII without quotes or backslashes",
                       (unsigned char)*c, (size_t)(c - line) + 1);
    return 0;
}

/* One case line (the header and the line count are the caller's). */
static int take_case(const reader *r, char *line, plan_case *c)
{
    char *f[PLAN_FIELDS];
    if (check_text(r, line)) return -1;
    int n = split(line, f);
    if (n != PLAN_FIELDS) return bad(r, "%s fields, not %d", n < 0 ? "more" : "fewer", PLAN_FIELDS);
    *c = (plan_case){0};
    if (!*f[F_CASE] || !*f[F_STUDY] || !*f[F_GAME] || !*f[F_CONFIG]) return bad(r, "case, study, game and config "
                                                                                  "may not be empty");
    if (copy_field(r, c->key, sizeof c->key, f[F_CASE], "case") ||
        copy_field(r, c->study, sizeof c->study, f[F_STUDY], "study") ||
        copy_field(r, c->game, sizeof c->game, f[F_GAME], "game") ||
        copy_field(r, c->position, sizeof c->position, f[F_POSITION], "position") ||
        copy_field(r, c->moves, sizeof c->moves, f[F_MOVES], "moves") ||
        copy_field(r, c->config, sizeof c->config, f[F_CONFIG], "config") ||
        copy_field(r, c->twin, sizeof c->twin, f[F_TWIN], "twin"))
        return -1;
    if (strcmp(f[F_STATE], "copy") == 0) c->state = STATE_COPY;
    else if (strcmp(f[F_STATE], "undo") == 0) c->state = STATE_UNDO;
    else return bad(r, "state '%s' is not copy or undo", f[F_STATE]);
    if (*c->twin && c->state != STATE_UNDO) return bad(r, "a copy case has a twin");
    if (strcmp(f[F_QUICK], "yes") != 0 && strcmp(f[F_QUICK], "no") != 0)
        return bad(r, "quick '%s' is not yes or no", f[F_QUICK]);
    c->in_quick = strcmp(f[F_QUICK], "yes") == 0;
    return take_numbers(r, f, c);
}

static int append(plan *p, size_t *capacity, const plan_case *c)
{
    if (p->count == *capacity) {
        size_t more = *capacity ? *capacity * 2 : 64;
        plan_case *bigger = realloc(p->cases, more * sizeof *bigger);
        if (!bigger) return -1;
        p->cases = bigger;
        *capacity = more;
    }
    p->cases[p->count++] = *c;
    return 0;
}

/* Reads every line after the header; 0 or -1 (message set). */
static int read_cases(reader *r, FILE *f, plan *out)
{
    char *line = NULL;
    size_t size = 0, capacity = 0;
    ssize_t length;
    int status = 0;
    while (status == 0 && (length = getline(&line, &size, f)) >= 0) {
        r->line++;
        if ((size_t)length != strlen(line)) status = bad(r, "a NUL byte in the line");
        else if (length == 0 || line[length - 1] != '\n') status = bad(r, "the last line has no line end");
        else {
            line[length - 1] = '\0';
            plan_case c;
            if (r->line == 1) status = strcmp(line, PLAN_HEADER) == 0 ? 0 : bad(r, "not a plan: the first line "
                                                                               "is not the header studies.py "
                                                                               "plan writes");
            else if ((status = take_case(r, line, &c)) == 0 && append(out, &capacity, &c))
                status = bad(r, "out of memory");
        }
    }
    if (status == 0 && ferror(f)) status = bad(r, "read error");
    if (status == 0 && r->line == 0) status = bad(r, "empty: not a plan");
    free(line);
    return status;
}

int plan_read(const char *path, plan *out, char *message, size_t message_size)
{
    *out = (plan){0};
    FILE *f = input_file_open(path, message, message_size);
    if (!f) return -1;
    reader r = {.path = path, .message = message, .message_size = message_size};
    int status = read_cases(&r, f, out);
    fclose(f);
    if (status) plan_free(out);
    return status;
}

void plan_free(plan *p)
{
    free(p->cases);
    *p = (plan){0};
}
