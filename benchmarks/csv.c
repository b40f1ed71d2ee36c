/* csv.c: see csv.h. */
#include "csv.h"
#include "input_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char **items;
    size_t count, capacity;
} string_list;

static int list_push(string_list *list, char *item)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 16;
        char **items = realloc(list->items, capacity * sizeof *items);
        if (!items) return -1;
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count++] = item;
    return 0;
}

static char *read_file(const char *path, char *message, size_t message_size)
{
    FILE *f = input_file_open(path, message, message_size);
    if (!f) return NULL;
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    for (size_t got; text && (got = fread(text + size, 1, capacity - size - 1, f)) > 0;) {
        size += got;
        if (size + 1 == capacity) {
            char *bigger = realloc(text, capacity *= 2);
            if (!bigger) { free(text); text = NULL; }
            else text = bigger;
        }
    }
    fclose(f);
    if (!text) snprintf(message, message_size, "out of memory reading %s", path);
    else text[size] = '\0';
    return text;
}

/* Parses one record starting at *p into `fields`; moves *p past the line
 * end.  Returns -1 on an unterminated quote. */
static int parse_record(char **p, string_list *fields)
{
    char *in = *p;
    for (;;) {
        char *out = in, *start = in;
        if (*in == '"') {
            in++;
            for (;;) {
                if (*in == '\0') return -1;
                if (*in == '"' && in[1] == '"') { *out++ = '"'; in += 2; continue; }
                if (*in == '"') { in++; break; }
                *out++ = *in++;
            }
            while (*in && *in != ',' && *in != '\n' && *in != '\r') in++;  /* junk after a quote */
        } else {
            while (*in && *in != ',' && *in != '\n' && *in != '\r') *out++ = *in++;
        }
        char end = *in;
        *out = '\0';
        if (list_push(fields, start)) return -1;
        if (end == ',') { in++; continue; }
        if (end == '\r') in++;   /* *in itself may now be the terminator written above */
        if (end == '\n' || (end == '\r' && *in == '\n')) in++;
        *p = in;
        return 0;
    }
}

int csv_read(const char *path, csv_table *table, char *message, size_t message_size)
{
    *table = (csv_table){0};
    char *text = read_file(path, message, message_size);
    if (!text) return -1;
    string_list fields = {0};
    string_list rows = {0};   /* each item: a char ** row, cast */
    char *p = text;
    int line = 0;
    while (*p) {
        line++;
        if (*p == '#' || *p == '\n' || *p == '\r') {
            while (*p && *p != '\n') p++;
            if (*p) p++;
            continue;
        }
        fields.count = 0;
        if (parse_record(&p, &fields)) {
            snprintf(message, message_size, "%s:%d: unterminated quote or out of memory", path, line);
            goto fail;
        }
        if (!table->header) {
            table->columns = fields.count;
            table->header = malloc(fields.count * sizeof *table->header);
            if (!table->header) goto oom;
            memcpy(table->header, fields.items, fields.count * sizeof *table->header);
            continue;
        }
        char **row = malloc(table->columns * sizeof *row);
        if (!row) goto oom;
        for (size_t c = 0; c < table->columns; c++) row[c] = c < fields.count ? fields.items[c] : "";
        if (list_push(&rows, (char *)row)) { free(row); goto oom; }
    }
    if (!table->header) {
        snprintf(message, message_size, "%s: no header row", path);
        goto fail;
    }
    free(fields.items);
    table->rows = rows.count;
    table->cells = (char ***)rows.items;
    table->text = text;  /* every cell points into it */
    return 0;
oom:
    snprintf(message, message_size, "out of memory reading %s", path);
fail:
    for (size_t r = 0; r < rows.count; r++) free(rows.items[r]);
    free(rows.items);
    free(fields.items);
    free(table->header);
    free(text);
    *table = (csv_table){0};
    return -1;
}

int csv_column(const csv_table *table, const char *name)
{
    for (size_t c = 0; c < table->columns; c++)
        if (strcmp(table->header[c], name) == 0) return (int)c;
    return -1;
}

const char *csv_get(const csv_table *table, size_t row, const char *name)
{
    int c = csv_column(table, name);
    return c < 0 || row >= table->rows ? "" : table->cells[row][c];
}

void csv_free(csv_table *table)
{
    free(table->text);
    for (size_t r = 0; r < table->rows; r++) free(table->cells[r]);
    free(table->cells);
    free(table->header);
    *table = (csv_table){0};
}

void csv_write_field(FILE *f, const char *text)
{
    if (!strpbrk(text, ",\"\n\r")) {
        fputs(text, f);
        return;
    }
    fputc('"', f);
    for (const char *c = text; *c; c++) {
        if (*c == '"') fputc('"', f);
        fputc(*c, f);
    }
    fputc('"', f);
}
