/*
 * solve.c: `prune solve`, the Connect Four solver of Pons' series
 * (engine/solve.h; docs/connect4.md, docs/cli.md).
 *
 *   prune solve connect4 --moves 4453 --config NAME [--weak] [--board bitboard|grid] [--json]
 *   prune solve connect4 (--positions FILE | --set NAME) [--data-dir DIR] [--limit N]
 *                        [--shard K/N] --config NAME [--weak] [--board B] [--json]
 *
 * A test-set file has one `moves score` line per position.  The whole file
 * is read and checked before anything is printed (a malformed line: one
 * line naming FILE:LINE, exit 2).  Each position's score is then checked
 * against the file (weak: by sign only): a wrong score stops the run with
 * one line naming FILE:LINE on stderr and exit status 1, a failure of the
 * solver, not of the input.  A bare set name (Test_L3_R1 or end-easy) is
 * looked up in --data-dir, else in $PRUNE_CONNECT4_DATA.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numbers.h"
#include "solve.h"
#include "solve_command.h"
#include "solve_positions.h"

#define EXIT_BAD_INPUT 2
#define EXIT_WRONG_SCORE 1

static const char solve_usage[] =
    "usage: prune solve connect4 --config NAME (--moves DIGITS | --positions FILE | --set NAME) [options]\n"
    "\n"
    "  --config NAME       a step of Pons' solver (solve-minmax ... solve-lowerbound)\n"
    "  --moves DIGITS      the position: columns played, 1..7 (4453 or 4,4,5,3)\n"
    "  --positions FILE    a test set, one `moves score` line per position; a bare name is\n"
    "                      looked up in --data-dir or $PRUNE_CONNECT4_DATA\n"
    "  --set NAME          a test set by name: end-easy middle-easy middle-medium\n"
    "                      begin-easy begin-medium begin-hard\n"
    "  --limit N           the first N lines only\n"
    "  --shard K/N         the lines whose index (from 0) modulo N is K-1\n"
    "  --weak              win/draw/loss only (scores checked by sign)\n"
    "  --board B           bitboard (default) or grid (parts 3 to 8)\n"
    "  --json              one JSON object per line\n"
    "\n"
    "A score that disagrees with the file stops the run with exit status 1.\n"
    "\n"
    "configs (one per part of the series; part 6 is --board bitboard against grid):\n";

static _Noreturn void solve_fail(int status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("prune: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

typedef struct {
    const char *game, *config, *moves, *positions, *set, *data_dir, *limit, *shard, *board;
    bool weak, json, help;
} solve_arguments;

/* The command's options, `--name value` or `--name=value`. */
static void solve_parse_arguments(int argc, char **argv, solve_arguments *a)
{
    const char **slots[] = {&a->config, &a->moves, &a->positions, &a->set, &a->data_dir,
                            &a->limit, &a->shard, &a->board};
    const char *names[] = {"--config", "--moves", "--positions", "--set", "--data-dir",
                           "--limit", "--shard", "--board"};
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--weak") == 0) { a->weak = true; continue; }
        if (strcmp(arg, "--json") == 0) { a->json = true; continue; }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) { a->help = true; continue; }
        size_t k = 0, length = 0;
        for (; k < sizeof names / sizeof names[0]; k++) {
            length = strlen(names[k]);
            if (strncmp(arg, names[k], length) == 0 && (arg[length] == '\0' || arg[length] == '=')) break;
        }
        if (k < sizeof names / sizeof names[0]) {
            if (arg[length] == '=') *slots[k] = arg + length + 1;
            else if (i + 1 < argc) *slots[k] = argv[++i];
            else solve_fail(EXIT_BAD_INPUT, "%s needs a value", names[k]);
            continue;
        }
        if (arg[0] == '-') solve_fail(EXIT_BAD_INPUT, "unknown option '%s' (see prune solve --help)", arg);
        if (a->game) solve_fail(EXIT_BAD_INPUT, "unexpected argument '%s' (see prune solve --help)", arg);
        a->game = arg;
    }
}

const char *solve_moves_as_list(const char *game, const char *moves)
{
    static char list[2 * 64];
    size_t length = moves ? strlen(moves) : 0;
    if (!game || strcmp(game, "connect4") != 0 || length < 2 || length > 63 || strchr(moves, ',')) return moves;
    for (size_t i = 0; i < length; i++) {
        list[2 * i] = moves[i];
        list[2 * i + 1] = i + 1 < length ? ',' : '\0';
    }
    return list;
}

static void print_result(const solve_arguments *a, const solve_config *config, const char *moves,
                         const solve_result *r, const solve_line *line)
{
    if (a->json) {
        printf("{\"game\":\"connect4\",\"config\":\"%s\",\"moves\":\"%s\",\"weak\":%s,\"score\":%d,"
               "\"nodes\":%" PRIu64 ",\"seconds\":%.9f",
               config->name, moves, a->weak ? "true" : "false", r->score, r->nodes, r->seconds);
        if (line) printf(",\"expected\":%d,\"line\":%zu", line->score, line->number);
        printf("}\n");
    } else if (line) {
        printf("%zu %s %d %d %" PRIu64 " %.3f\n", line->number, moves, line->score, r->score, r->nodes,
               r->seconds * 1e6);
    } else {
        printf("moves    %s\nconfig   %s\nweak     %s\nscore    %d\nnodes    %" PRIu64 "\nseconds  %.6f\n",
               *moves ? moves : "(start)", config->name, a->weak ? "yes" : "no", r->score, r->nodes,
               r->seconds);
    }
}

static void solve_one(const solve_arguments *a, const solve_config *config, solve_board board)
{
    char message[256];
    char digits[64];
    const char *moves = a->moves;
    if (!solve_positions_digits(moves, digits, sizeof digits))
        solve_fail(EXIT_BAD_INPUT, "--moves '%.50s' is not a list of columns 1..7", moves);
    solve_result r;
    search_status status = solve_position(digits, config, a->weak, board, &r, message, sizeof message);
    if (status != SEARCH_OK) solve_fail(EXIT_BAD_INPUT, "%s", message);
    print_result(a, config, digits, &r, NULL);
}

static bool same_sign(int a, int b) { return (a > 0) == (b > 0) && (a < 0) == (b < 0); }

static void solve_set(const solve_arguments *a, const solve_config *config, solve_board board)
{
    char message[512];
    solve_line_selection selection = {0};
    if (a->limit) {
        long long limit;
        if (!parse_whole_number(a->limit, 1, 100000000, &limit))
            solve_fail(EXIT_BAD_INPUT, "--limit must be a whole number from 1 to 100000000, not '%s'", a->limit);
        selection.limit = (size_t)limit;
    }
    if (a->shard && !solve_positions_parse_shard(a->shard, &selection))
        solve_fail(EXIT_BAD_INPUT, "--shard must be K/N with 1 <= K <= N, not '%s'", a->shard);
    solve_line_set set;
    if (!solve_positions_load(a->positions, a->set, a->data_dir, &selection, &set, message, sizeof message))
        solve_fail(EXIT_BAD_INPUT, "%s", message);
    if (solve_prepare(config, message, sizeof message) != SEARCH_OK) solve_fail(EXIT_BAD_INPUT, "%s", message);
    uint64_t total_nodes = 0;
    double total_seconds = 0;
    for (size_t i = 0; i < set.count; i++) {
        const solve_line *line = &set.lines[i];
        solve_result r;
        if (solve_position(line->moves, config, a->weak, board, &r, message, sizeof message) != SEARCH_OK)
            solve_fail(EXIT_BAD_INPUT, "%s:%zu: %s", set.path, line->number, message);
        print_result(a, config, line->moves, &r, line);
        if (a->weak ? !same_sign(r.score, line->score) : r.score != line->score)
            solve_fail(EXIT_WRONG_SCORE, "%s:%zu: %s scores %d, the file says %d", set.path, line->number,
                       config->name, r.score, line->score);
        total_nodes += r.nodes;
        total_seconds += r.seconds;
    }
    double n = set.count ? (double)set.count : 1;
    if (a->json)
        printf("{\"summary\":true,\"game\":\"connect4\",\"config\":\"%s\",\"set\":\"%s\",\"weak\":%s,"
               "\"positions\":%zu,\"total_nodes\":%" PRIu64 ",\"seconds\":%.9f,\"mean_nodes\":%.3f,"
               "\"mean_us\":%.3f,\"kpos_per_second\":%.3f}\n",
               config->name, set.name, a->weak ? "true" : "false", set.count, total_nodes, total_seconds,
               (double)total_nodes / n, total_seconds * 1e6 / n,
               total_seconds > 0 ? (double)set.count / total_seconds / 1000 : 0);
    else
        printf("positions %zu mean_nodes %.3f mean_us %.3f kpos/s %.3f\n", set.count, (double)total_nodes / n,
               total_seconds * 1e6 / n, total_seconds > 0 ? (double)set.count / total_seconds / 1000 : 0);
    solve_positions_free(&set);
}

int command_solve(int argc, char **argv)
{
    solve_arguments a = {0};
    solve_parse_arguments(argc, argv, &a);
    if (a.help) {
        fputs(solve_usage, stdout);
        for (size_t i = 0; i < solve_config_count(); i++)
            printf("  %-18s %s\n", solve_config_at(i)->name, solve_config_at(i)->description);
        return 0;
    }
    if (!a.game) solve_fail(EXIT_BAD_INPUT, "missing GAME: prune solve connect4 ...");
    if (strcmp(a.game, "connect4") != 0) solve_fail(EXIT_BAD_INPUT, "prune solve knows connect4 only, not '%s'", a.game);
    if (!a.config) solve_fail(EXIT_BAD_INPUT, "missing --config NAME (solve-minmax ... solve-lowerbound)");
    const solve_config *config = solve_config_find(a.config);
    if (!config) solve_fail(EXIT_BAD_INPUT, "unknown solve config '%s' (solve-minmax ... solve-lowerbound)", a.config);
    solve_board board = SOLVE_BITBOARD;
    if (a.board && strcmp(a.board, "grid") == 0) board = SOLVE_GRID;
    else if (a.board && strcmp(a.board, "bitboard") != 0)
        solve_fail(EXIT_BAD_INPUT, "--board must be bitboard or grid, not '%s'", a.board);
    int sources = (a.moves != NULL) + (a.positions != NULL) + (a.set != NULL);
    if (sources != 1) solve_fail(EXIT_BAD_INPUT, "give exactly one of --moves, --positions, --set");
    if (a.moves && (a.limit || a.shard)) solve_fail(EXIT_BAD_INPUT, "--limit and --shard go with a test set");
    if (a.moves) solve_one(&a, config, board);
    else solve_set(&a, config, board);
    return 0;
}
