/*
 * fuzz_plan.c: libFuzzer target for the plan reader (benchmarks/plan.c,
 * which studies_bench reads scripts/studies.py's plan with).
 *
 * The input is written to a file as it is and read with plan_read.  The
 * reader must either reject it with a one-line message, leaving the plan
 * empty, or give cases whose fields keep the format's promises (printable
 * ASCII without quotes or backslashes, a depth from 1 to 1000, a twin only
 * on an undo case, ...) and that survive a round trip: written back as a
 * plan and read again, they are the same cases.  Any difference aborts, as
 * does a crash or a sanitizer report.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plan.h"

#define FUZZ_NAME "fuzz_plan"
#include "fuzz_common.h"

static void check_text(const char *text, const char *name)
{
    for (const char *c = text; *c; c++)
        CHECK(*c >= 0x20 && *c <= 0x7e && *c != '"' && *c != '\\', "%s holds byte 0x%02x", name,
              (unsigned char)*c);
}

/* The promises of an accepted case. */
static void check_case(const plan_case *c)
{
    const char *texts[] = {c->key, c->study, c->game, c->position, c->moves, c->config, c->twin, c->expected.best};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) check_text(texts[k], "a field");
    CHECK(*c->key && *c->study && *c->game && *c->config, "an empty key, study, game or config");
    CHECK(c->depth >= 1 && c->depth <= 1000, "depth %d", c->depth);
    CHECK(c->state == STATE_COPY || c->state == STATE_UNDO, "state %d", (int)c->state);
    CHECK(!*c->twin || c->state == STATE_UNDO, "a copy case with a twin");
    CHECK(c->repetitions >= 0 && c->repetitions <= 1000, "repetitions %d", c->repetitions);
    CHECK(c->min_time >= 0 && c->min_time <= 3600, "min_time %g", c->min_time);
    CHECK(c->expected.has_best == (c->expected.best[0] != '\0'), "best and has_best disagree");
}

static void write_count(FILE *f, bool has, uint64_t value)
{
    if (has) fprintf(f, "%" PRIu64, value);
    fputc('\t', f);
}

/* A case as studies.py writes one; min_time in full, so that it reads back exactly. */
static void write_case(FILE *f, const plan_case *c)
{
    fprintf(f, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t", c->key, c->study, c->game, c->position, c->moves, c->config,
            c->depth, c->state == STATE_UNDO ? "undo" : "copy", c->twin);
    if (c->repetitions) fprintf(f, "%d", c->repetitions);
    fputc('\t', f);
    if (c->min_time > 0) fprintf(f, "%.1100f", c->min_time);
    fprintf(f, "\t%s\t", c->in_quick ? "yes" : "no");
    write_count(f, c->expected.has_nodes, c->expected.nodes);
    write_count(f, c->expected.has_created, c->expected.created);
    write_count(f, c->expected.has_evals, c->expected.evals);
    fprintf(f, "%s\n", c->expected.best);
}

static void check_same(const plan_case *a, const plan_case *b)
{
    const expectation *x = &a->expected, *y = &b->expected;
    CHECK(strcmp(a->key, b->key) == 0 && strcmp(a->study, b->study) == 0 && strcmp(a->game, b->game) == 0 &&
              strcmp(a->position, b->position) == 0 && strcmp(a->moves, b->moves) == 0 &&
              strcmp(a->config, b->config) == 0 && strcmp(a->twin, b->twin) == 0,
          "round trip: a text field of %s changed", a->key);
    CHECK(a->depth == b->depth && a->state == b->state && a->repetitions == b->repetitions &&
              a->min_time == b->min_time && a->in_quick == b->in_quick,
          "round trip: a number of %s changed", a->key);
    CHECK(x->has_nodes == y->has_nodes && x->nodes == y->nodes && x->has_created == y->has_created &&
              x->created == y->created && x->has_evals == y->has_evals && x->evals == y->evals &&
              x->has_best == y->has_best && strcmp(x->best, y->best) == 0,
          "round trip: the reference of %s changed", a->key);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_scratch_files();
    fuzz_write_bytes(input_path, data, size);
    plan p, again;
    char message[512] = "";
    if (plan_read(input_path, &p, message, sizeof message) != 0) {
        CHECK(message[0] && !strchr(message, '\n'), "rejection without a one-line message: '%s'", message);
        CHECK(p.cases == NULL && p.count == 0, "a rejected plan is not empty");
        return 0;
    }
    FILE *f = fopen(output_path, "wb");
    CHECK(f, "cannot write %s", output_path);
    fputs(PLAN_HEADER "\n", f);
    for (size_t i = 0; i < p.count; i++) {
        check_case(&p.cases[i]);
        write_case(f, &p.cases[i]);
    }
    CHECK(fclose(f) == 0, "cannot write %s", output_path);
    CHECK(plan_read(output_path, &again, message, sizeof message) == 0, "round trip rejected: %s", message);
    CHECK(again.count == p.count, "round trip: %zu cases became %zu", p.count, again.count);
    for (size_t i = 0; i < p.count; i++) check_same(&p.cases[i], &again.cases[i]);
    plan_free(&again);
    plan_free(&p);
    return 0;
}
