/*
 * fuzz_csv.c: libFuzzer target for the benchmarks' CSV reader
 * (benchmarks/csv.c, which studies_bench reads studies/studies.csv and
 * studies/published.csv with).
 *
 * The input is written to a file as it is and read with csv_read.  The
 * reader must either reject it with a one-line message, or give a table
 * that survives a round trip: written back with csv_write_field (rows of
 * exactly `columns` fields) and read again, it is the same table.  Any
 * difference aborts, as does a crash or a sanitizer report.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"

#define FUZZ_NAME "fuzz_csv"
#include "fuzz_common.h"



/* One record: the fields through csv_write_field, comma-separated.  The
 * reader skips lines that start with '#' or are empty, so a first field
 * that would begin such a line is written quoted (csv_write_field quotes
 * only commas, quotes and line breaks). */
static void write_record(FILE *f, char *const *fields, size_t count)
{
    for (size_t c = 0; c < count; c++) {
        if (c) fputc(',', f);
        if (c == 0 && (fields[0][0] == '#' || (fields[0][0] == '\0' && count == 1)) &&
            !strpbrk(fields[0], ",\"\n\r"))
            fprintf(f, "\"%s\"", fields[0]);  /* nothing to double: csv_write_field would not quote it */
        else
            csv_write_field(f, fields[c]);
    }
    fputc('\n', f);
}

static void write_table(const char *path, const csv_table *t)
{
    FILE *f = fopen(path, "wb");
    CHECK(f, "cannot write %s", path);
    write_record(f, t->header, t->columns);
    for (size_t r = 0; r < t->rows; r++) write_record(f, t->cells[r], t->columns);
    CHECK(fclose(f) == 0, "cannot write %s", path);
}

/* The invariants of a table csv_read accepted. */
static void check_table(const csv_table *t)
{
    CHECK(t->columns >= 1 && t->header, "a table without columns");
    for (size_t c = 0; c < t->columns; c++) {
        CHECK(t->header[c], "header cell %zu is NULL", c);
        int found = csv_column(t, t->header[c]);
        CHECK(found >= 0 && (size_t)found <= c, "csv_column misses header %zu", c);
        for (size_t r = 0; r < t->rows; r++) {
            CHECK(t->cells[r][c], "cell %zu,%zu is NULL", r, c);
            CHECK(csv_get(t, r, t->header[c]) == t->cells[r][found], "csv_get disagrees with cells");
        }
    }
    CHECK(csv_get(t, t->rows, t->header[0])[0] == '\0', "csv_get past the last row is not empty");
}

static void check_same(const csv_table *a, const csv_table *b)
{
    CHECK(a->columns == b->columns && a->rows == b->rows, "round trip: %zux%zu became %zux%zu", a->rows,
          a->columns, b->rows, b->columns);
    for (size_t c = 0; c < a->columns; c++) {
        CHECK(strcmp(a->header[c], b->header[c]) == 0, "round trip: header %zu changed", c);
        for (size_t r = 0; r < a->rows; r++)
            CHECK(strcmp(a->cells[r][c], b->cells[r][c]) == 0, "round trip: cell %zu,%zu '%s' became '%s'", r, c,
                  a->cells[r][c], b->cells[r][c]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_scratch_files();
    fuzz_write_bytes(input_path, data, size);
    csv_table table, again;
    char message[512] = "";
    if (csv_read(input_path, &table, message, sizeof message) != 0) {
        CHECK(message[0] && !strchr(message, '\n'), "rejection without a one-line message: '%s'", message);
        CHECK(table.header == NULL && table.rows == 0, "a rejected table is not empty");
        return 0;
    }
    check_table(&table);
    write_table(output_path, &table);
    CHECK(csv_read(output_path, &again, message, sizeof message) == 0, "round trip rejected: %s", message);
    check_same(&table, &again);
    csv_free(&again);
    csv_free(&table);
    return 0;
}
