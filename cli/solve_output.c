/* solve_output.c: what `prune solve` prints (see solve_output.h). */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "escape.h"
#include "solve_output.h"

/* The progress line on stderr (a terminal): written over itself, erased
 * before anything else is printed. */
static bool progress_shown;

void solve_progress_print(const solve_progress *p, void *data)
{
    (void)data;
    double rate = p->seconds > 0 ? (double)p->nodes / p->seconds / 1e6 : 0;
    fprintf(stderr, "\rprune: solving, %" PRIu64 " nodes, %.1f M nodes/s, %.1f s, score in [%d, %d]\033[K",
            p->nodes, rate, p->seconds, p->lower, p->upper);
    fflush(stderr);
    progress_shown = true;
}

void solve_progress_erase(void)
{
    if (!progress_shown) return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    progress_shown = false;
}

/* cli_fail, after erasing the progress line. */
_Noreturn void solve_fail(const char *message)
{
    solve_progress_erase();
    cli_fail("%s", message);
}

/* A score that disagrees with the test file is the solver's failure, not
 * bad input: one line on stderr, exit CLI_FAILED. */
_Noreturn void solve_wrong_score(const char *path, size_t line, const char *config, int score, int expected)
{
    solve_progress_erase();
    fputs("prune: ", stderr);
    escape_message(stderr, path);
    fprintf(stderr, ":%zu: %s scores %d, the file says %d\n", line, config, score, expected);
    exit(CLI_FAILED);
}

/* The table's counters of a step with one (JSON fields; nothing without a
 * table): look-ups, hits, mirror hits (solve-buckets only: the one table
 * that records them), entries in use at the end and slots. */
static void print_table_json(const solve_config *config, const solve_result *r)
{
    if (config->table == SOLVE_TABLE_NONE) return;
    printf(",\"table_probes\":%" PRIu64 ",\"table_hits\":%" PRIu64, r->table_probes, r->table_hits);
    if (config->table == SOLVE_TABLE_BUCKETS && config->mirror) printf(",\"mirror_hits\":%" PRIu64, r->mirror_hits);
    printf(",\"table_entries\":%" PRIu64 ",\"table_slots\":%" PRIu64, r->table_entries, r->table_slots);
}

/* With --size: who wins, and on which move the game ends under perfect
 * play (solve_last_move).  A weak score says only who: no move. */
static void print_outcome(const solve_arguments *a, const char *moves, int score)
{
    int stones = (int)strlen(moves), cells = a->size.width * a->size.height;
    bool first = (score > 0) == (stones % 2 == 0);  /* the first player moves when the stones are even */
    const char *who = score == 0 ? "draw" : first ? "the first player wins" : "the second player wins";
    if (a->weak) printf("outcome  %s\n", who);
    else printf("outcome  %s, the game ending on move %d\n", who, solve_last_move(score, stones, cells));
}

static void print_size_json(const solve_arguments *a, const char *moves, int score)
{
    int stones = (int)strlen(moves), cells = a->size.width * a->size.height;
    printf(",\"size\":\"%dx%d\"", a->size.width, a->size.height);
    if (!a->weak) printf(",\"last_move\":%d", solve_last_move(score, stones, cells));
}

/* One position's line; `line` is NULL for --moves.  A test-set line
 * without a score prints `-` (text) or null (JSON) as the expected score. */
void solve_print_result(const solve_arguments *a, const solve_config *config, const char *moves,
                        const solve_result *r, const solve_line *line)
{
    if (a->json) {
        printf("{\"game\":\"connect4\",\"config\":\"%s\",\"moves\":\"%s\",\"weak\":%s,\"score\":%d,"
               "\"nodes\":%" PRIu64 ",\"seconds\":%.9f",
               config->name, moves, a->weak ? "true" : "false", r->score, r->nodes, r->seconds);
        if (a->sized) print_size_json(a, moves, r->score);
        if (a->threaded) printf(",\"threads\":%d", r->threads);
        print_table_json(config, r);
        if (line && line->checked) printf(",\"expected\":%d,\"line\":%zu", line->score, line->number);
        else if (line) printf(",\"expected\":null,\"line\":%zu", line->number);
        printf("}\n");
    } else if (line) {
        char expected[16] = "-";
        if (line->checked) snprintf(expected, sizeof expected, "%d", line->score);
        printf("%zu %s %s %d %" PRIu64 " %.3f\n", line->number, moves, expected, r->score, r->nodes,
               r->seconds * 1e6);
    } else {
        if (a->sized) printf("size     %dx%d\n", a->size.width, a->size.height);
        printf("moves    %s\nconfig   %s\nweak     %s\n", *moves ? moves : "(start)", config->name,
               a->weak ? "yes" : "no");
        if (a->threaded) printf("threads  %d\n", r->threads);
        printf("score    %d\nnodes    %" PRIu64 "\nseconds  %.6f\n", r->score, r->nodes, r->seconds);
        if (a->sized) print_outcome(a, moves, r->score);
    }
}

/* --analyze: every column's score, `full` (text) or null (JSON) for a
 * column that cannot be played. */
void solve_print_analysis(const solve_arguments *a, const solve_config *config, const char *moves,
                          const solve_analysis *r)
{
    if (a->json) {
        printf("{\"game\":\"connect4\",\"config\":\"%s\",\"moves\":\"%s\",\"weak\":%s,\"scores\":[", config->name,
               moves, a->weak ? "true" : "false");
        for (int col = 0; col < r->width; col++) {
            if (col) putchar(',');
            if (r->scores[col] == SOLVE_COLUMN_FULL) fputs("null", stdout);
            else printf("%d", r->scores[col]);
        }
        printf("],\"score\":%d,\"nodes\":%" PRIu64 ",\"seconds\":%.9f", r->score, r->nodes, r->seconds);
        if (a->threaded) printf(",\"threads\":%d", a->threads);
        if (a->sized) printf(",\"size\":\"%dx%d\"", a->size.width, a->size.height);
        puts("}");
        return;
    }
    if (a->sized) printf("size     %dx%d\n", a->size.width, a->size.height);
    printf("moves    %s\nconfig   %s\nweak     %s\n", *moves ? moves : "(start)", config->name,
           a->weak ? "yes" : "no");
    if (a->threaded) printf("threads  %d\n", a->threads);
    fputs("columns ", stdout);
    for (int col = 0; col < r->width; col++) {
        if (r->scores[col] == SOLVE_COLUMN_FULL) printf(" %d:full", col + 1);
        else printf(" %d:%d", col + 1, r->scores[col]);
    }
    printf("\nscore    %d\nnodes    %" PRIu64 "\nseconds  %.6f\n", r->score, r->nodes, r->seconds);
}

/* The last line of a test-set run.  kpos_per_second is the series' "K pos/s":
 * thousands of positions explored (nodes) per second of solving. */
void solve_print_summary(const solve_arguments *a, const solve_config *config, const solve_line_set *set,
                         uint64_t total_nodes, double total_seconds, const solve_result *table)
{
    double n = set->count ? (double)set->count : 1;
    double mean_nodes = (double)total_nodes / n, mean_us = total_seconds * 1e6 / n;
    double kpos = total_seconds > 0 ? (double)total_nodes / total_seconds / 1000 : 0;
    if (!a->json) {
        printf("positions %zu mean_nodes %.3f mean_us %.3f kpos/s %.3f\n", set->count, mean_nodes, mean_us, kpos);
        return;
    }
    printf("{\"summary\":true,\"game\":\"connect4\",\"config\":\"%s\",\"set\":", config->name);
    escape_json(stdout, set->name);  /* a file's name: any bytes */
    printf(",\"weak\":%s,\"positions\":%zu,\"total_nodes\":%" PRIu64 ",\"seconds\":%.9f,\"mean_nodes\":%.3f,"
           "\"mean_us\":%.3f,\"kpos_per_second\":%.3f",
           a->weak ? "true" : "false", set->count, total_nodes, total_seconds, mean_nodes, mean_us, kpos);
    if (config->table != SOLVE_TABLE_NONE) {  /* summed over the set; table_entries: the fullest the table ended */
        printf(",\"table_probes\":%" PRIu64 ",\"table_hits\":%" PRIu64, table->table_probes, table->table_hits);
        if (config->table == SOLVE_TABLE_BUCKETS && config->mirror)
            printf(",\"mirror_hits\":%" PRIu64, table->mirror_hits);
        printf(",\"table_entries_max\":%" PRIu64 ",\"table_slots\":%" PRIu64, table->table_entries,
               table->table_slots);
    }
    puts("}");
}
