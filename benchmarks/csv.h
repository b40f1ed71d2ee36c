/*
 * csv.h: just enough CSV for the studies tables (studies/studies.csv and
 * studies/published.csv): comma-separated fields, double-quoted fields
 * that may hold commas and doubled quotes, a header row naming the
 * columns, and lines starting with '#' ignored as comments.
 */
#ifndef PRUNE_CSV_H
#define PRUNE_CSV_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    size_t columns;      /* fields per row, from the header */
    char **header;       /* column names */
    size_t rows;
    char ***cells;       /* cells[row][column], "" for a missing field */
    char *text;          /* the file's text, which the cells point into */
} csv_table;

/* Reads a whole file; returns 0, or -1 with a one-line message. */
int csv_read(const char *path, csv_table *table, char *message, size_t message_size);
/* The column's index, or -1. */
int csv_column(const csv_table *table, const char *name);
/* The cell of `row` in the named column, "" when the column is absent. */
const char *csv_get(const csv_table *table, size_t row, const char *name);
void csv_free(csv_table *table);
/* Writes one field, double-quoted (quotes doubled) when it holds a comma,
 * a quote or a line break. */
void csv_write_field(FILE *f, const char *text);

#endif
