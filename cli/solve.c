/*
 * solve.c: `prune solve`, the Connect Four solver of Pons' series
 * (solver/solve.h; docs/connect4.md, docs/cli.md).
 *
 *   prune solve connect4 --moves 4453 [--config NAME] [--analyze] [--weak] [--board bitboard|grid]
 *                        [--size WxH] [--json]
 *   prune solve connect4 (--positions FILE | --set NAME) [--data-dir DIR] [--limit N]
 *                        [--shard K/N] [--config NAME] [--weak] [--board B] [--json]
 *   ... [--max-nodes N] [--time-ms T] [--tt-mb N] [--max-memory-mb N] [--threads N] with either
 *
 * Without --config the last step of the table runs, the fastest on long solves
 * (solve_config_fastest).  --size solves a board of another size (with
 * --moves only: the test sets are 7x6), and says on which move the game
 * ends under perfect play.  --tt-mb sizes the transposition table of a step
 * with one (the series' 64 MiB by default); a step without one refuses it,
 * and so does a --max-memory-mb below it.
 * --threads runs each solve of a step from part 9 on with that many threads
 * over the one table (solver/solve.h): the same scores, other node counts.
 *
 * A test-set file has one `moves score` line per position, or a bare
 * `moves` line: solved, not checked.  The whole file is read and checked
 * before anything is printed (a malformed line: one line naming FILE:LINE,
 * exit 2).  Each position with a score is then checked against it (weak:
 * by sign only): a wrong score stops the run with one line naming
 * FILE:LINE on stderr and exit status 1, a failure of the solver, not of
 * the input.  A bare set name (Test_L3_R1 or end-easy) is looked up in
 * --data-dir, else in $PRUNE_CONNECT4_DATA.
 *
 * The budgets cover the whole command (every solve of a set, every column
 * of --analyze); passing one is exit 2 with one line and nothing on
 * stdout, so a set run given a budget holds its lines until the end.  When
 * stderr is a terminal, a command running for more than two seconds
 * reports its progress there, on one line it rewrites and erases.
 *
 * This file reads the options and runs the solves; what the command
 * prints (every line, text and JSON, and the progress line) is
 * cli/solve_output.c.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "clock.h"
#include "cores.h"
#include "numbers.h"
#include "connect4_sized.h"
#include "solve.h"
#include "solve_command.h"
#include "solve_output.h"
#include "solve_positions.h"

static const char solve_usage[] =
    "usage: prune solve connect4 [--config NAME] (--moves DIGITS | --positions FILE | --set NAME) [options]\n"
    "\n"
    "  --config NAME       a step of the solver, listed below (default: the last, fastest on long solves)\n"
    "  --moves DIGITS      the position: columns played, 1..7 (4453 or 4,4,5,3)\n"
    "  --size WxH          a board of W columns and H rows (default 7x6): W and H from 4,\n"
    "                      W x (H + 1) at most 64; columns past 9 are A, B, C (or 10,11,12\n"
    "                      in a comma list); with --moves only\n"
    "  --positions FILE    a test set, one `moves score` line per position (checked) or\n"
    "                      `moves` alone (solved, not checked); a bare name is looked up\n"
    "                      in --data-dir or $PRUNE_CONNECT4_DATA\n"
    "  --set NAME          a test set by name: end-easy middle-easy middle-medium\n"
    "                      begin-easy begin-medium begin-hard\n"
    "  --data-dir DIR      where bare set names are looked up\n"
    "  --limit N           the first N lines only\n"
    "  --shard K/N         the lines whose index (from 0) modulo N is K-1\n"
    "  --weak              win/draw/loss only (scores checked by sign)\n"
    "  --board B           bitboard (default), grid (parts 3 to 8) or sized (the bitboard\n"
    "                      whose size is read at run time, which --size uses)\n"
    "  --analyze           with --moves: the score of every column, one solve each\n"
    "  --max-nodes N       stop with status 2 if the command would visit more than N nodes\n"
    "  --time-ms T         stop with status 2 if the command runs for more than T ms\n"
    "  --tt-mb N           the transposition table's size in MiB, for a step with one\n"
    "                      (default 64, the series'); node counts depend on it\n"
    "  --max-memory-mb N   memory bound in MiB: a larger table is refused (the default one too);\n"
    "                      from 1 to physical memory, default\n"
    "                      " MEMORY_BOUND_DEFAULT_TEXT "\n"
    "  --threads N         search with N threads sharing the table, 1 to the\n"
    "                      machine's cores (default 1), for solve-nonlosing and later\n"
    "                      steps; the score is the same, the nodes vary from run to run\n"
    "  --json              one JSON object per line\n"
    "  --help, -h          print this help\n"
    "\n"
    "A score that disagrees with the file stops the run with exit status 1.  When stderr\n"
    "is a terminal, a solve running for more than 2 s shows its progress there.\n"
    "\n"
    "configs (one per part of the series, part 6 being --board bitboard against grid;\n"
    "then prune's own steps after it, docs/connect4.md):\n";

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

/* A --moves list on a board of another size: a string of columns
 * (CONNECT4_SIZED_COLUMNS, checked by the solver), or column numbers
 * 1..width separated by commas, which become that string.  False when it
 * is neither, or too long. */
static bool sized_moves(const char *moves, int width, char *out, size_t size)
{
    if (!strchr(moves, ',')) {
        if (strlen(moves) >= size) return false;
        strcpy(out, moves);
        return true;
    }
    size_t count = 0;
    for (const char *p = moves; *p;) {
        char *end;
        if (*p < '0' || *p > '9') return false;
        long column = strtol(p, &end, 10);
        if (column < 1 || column > width || count + 1 >= size) return false;
        out[count++] = CONNECT4_SIZED_COLUMNS[column - 1];
        p = end;
        if (*p == ',' && p[1]) p++;
        else if (*p) return false;
    }
    out[count] = '\0';
    return true;
}

/* --moves: one solve, or with --analyze one per column. */
static void solve_moves(const solve_arguments *a, const solve_config *config, solve_board board)
{
    char message[256];
    char digits[72];
    if (a->sized ? !sized_moves(a->moves, a->size.width, digits, sizeof digits)
                 : !solve_positions_digits(a->moves, digits, sizeof digits))
        cli_fail("--moves '%.50s' is not a list of columns 1..%d", a->moves, a->size.width);
    solve_result r;
    solve_analysis analysis;
    search_status status = a->analyze ? solve_analyze(digits, config, a->weak, board, a->size, &a->limits, &analysis,
                                                      message, sizeof message)
                                      : solve_position(digits, config, a->weak, board, a->size, &a->limits, &r,
                                                       message, sizeof message);
    if (status != SEARCH_OK) solve_fail(message);
    solve_progress_erase();
    if (a->analyze) solve_print_analysis(a, config, digits, &analysis);
    else solve_print_result(a, config, digits, &r, NULL);
}

static bool same_sign(int a, int b) { return (a > 0) == (b > 0) && (a < 0) == (b < 0); }

/* The time budget between two solves of a set: the solves themselves only
 * read the clock every SOLVE_CHECK_NODES nodes. */
static void check_deadline(const solve_limits *limits)
{
    char message[256];
    if (solve_past_deadline(limits, message, sizeof message)) solve_fail(message);
}

/* Solves every selected line.  Without a budget each line is printed as it
 * is solved; with one, the lines wait until every solve is done, so that a
 * budget that runs out leaves stdout empty. */
static void solve_set(solve_arguments *a, const solve_line_selection *selection, const solve_config *config,
                      solve_board board)
{
    char message[512];
    solve_line_set set;
    if (!solve_positions_load(a->positions, a->set, a->data_dir, selection, &set, message, sizeof message))
        cli_fail("%s", message);
    if (solve_prepare(config, message, sizeof message) != SEARCH_OK) cli_fail("%s", message);
    solve_result *results = a->budget ? calloc(set.count ? set.count : 1, sizeof *results) : NULL;
    if (a->budget && !results) cli_fail("out of memory for %zu results", set.count);
    uint64_t total_nodes = 0;
    double total_seconds = 0;
    solve_result table = {0};  /* the table's counters over the set */
    for (size_t i = 0; i < set.count; i++) {
        const solve_line *line = &set.lines[i];
        solve_result r;
        if (solve_position(line->moves, config, a->weak, board, a->size, &a->limits, &r, message, sizeof message) !=
            SEARCH_OK) {
            solve_progress_erase();
            cli_fail("%s:%zu: %s", set.path, line->number, message);
        }
        a->limits.nodes_before += r.nodes;
        check_deadline(&a->limits);
        solve_progress_erase();
        bool wrong = line->checked && (a->weak ? !same_sign(r.score, line->score) : r.score != line->score);
        if (results) {
            results[i] = r;
            if (wrong)
                for (size_t j = 0; j <= i; j++) solve_print_result(a, config, set.lines[j].moves, &results[j], &set.lines[j]);
        } else {
            solve_print_result(a, config, line->moves, &r, line);
        }
        if (wrong) solve_wrong_score(set.path, line->number, config->name, r.score, line->score);
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        table.table_probes += r.table_probes;
        table.table_hits += r.table_hits;
        table.mirror_hits += r.mirror_hits;
        table.table_slots = r.table_slots;
        if (r.table_entries > table.table_entries) table.table_entries = r.table_entries;
    }
    for (size_t i = 0; results && i < set.count; i++)
        solve_print_result(a, config, set.lines[i].moves, &results[i], &set.lines[i]);
    solve_print_summary(a, config, &set, total_nodes, total_seconds, &table);
    free(results);
    solve_positions_free(&set);
}

/* The test-set lines --limit and --shard select. */
static solve_line_selection selection_of(const options *o)
{
    solve_line_selection selection = {0};
    selection.limit = (size_t)cli_number(o, "limit", 1, 100000000, 0);
    const char *shard = options_value(o, "shard");
    if (shard && !solve_positions_parse_shard(shard, &selection))
        cli_fail("--shard must be K/N with 1 <= K <= N, not '%s'", shard);
    return selection;
}

static solve_board board_of(const options *o)
{
    const char *board = options_value(o, "board");
    if (!board || strcmp(board, "bitboard") == 0) return SOLVE_BITBOARD;
    if (strcmp(board, "grid") == 0) return SOLVE_GRID;
    if (strcmp(board, "sized") == 0) return SOLVE_SIZED;
    cli_fail("--board must be bitboard, grid or sized, not '%s'", board);
}

/* The budgets (--max-nodes, --time-ms) and, when stderr is a terminal, the
 * progress line; the clock starts here, for the whole command. */
static solve_limits limits_of(const options *o)
{
    solve_limits limits = {.started = clock_seconds(), .progress_after = 2.0};
    /* up to 10^15 nodes: days of solving, far past any budget a caller means */
    limits.max_nodes = (uint64_t)cli_number(o, "max-nodes", 1, 1000000000000000LL, 0);
    long long time_ms = cli_number(o, "time-ms", 1, 86400000, 0);
    if (time_ms) limits.deadline = limits.started + (double)time_ms / 1000;
    if (isatty(STDERR_FILENO)) limits.progress = solve_progress_print;
    return limits;
}

/* --size WxH: a board the bitboard holds (solve_size_fits). */
static solve_size size_of(const options *o)
{
    const char *text = options_value(o, "size");
    if (!text) return SOLVE_SIZE_STANDARD;
    const char *x = strchr(text, 'x');
    long long width, height;
    char width_text[16];
    if (!x || (size_t)(x - text) >= sizeof width_text) cli_fail("--size must be WxH, e.g. 7x6, not '%.40s'", text);
    memcpy(width_text, text, (size_t)(x - text));
    width_text[x - text] = '\0';
    if (!parse_whole_number(width_text, 1, 64, &width) || !parse_whole_number(x + 1, 1, 64, &height))
        cli_fail("--size must be WxH, e.g. 7x6, not '%.40s'", text);
    solve_size size = {(int)width, (int)height};
    if (!solve_size_fits(size))
        cli_fail("--size %dx%d does not fit the solver's bitboard: W and H from 4, W x (H + 1) at most 64",
                 size.width, size.height);
    return size;
}

/* --tt-mb: the table's size, checked against the step (it has a table),
 * the memory bound (--max-memory-mb, as `prune search` decides; the
 * default 64 MiB too) and the solver's indices; set before the table is
 * first allocated. */
static void table_size_of(const options *o, const solve_config *config)
{
    size_t bound = cli_memory_bound(o);
    if (!options_given(o, "tt-mb")) {
        if (config->table != SOLVE_TABLE_NONE && SOLVE_TABLE_DEFAULT_MEGABYTES > bound)
            cli_fail("--tt-mb: a table of %d MiB (the default) is more than the memory bound of %zu MiB "
                     "(raise --max-memory-mb, or give a smaller --tt-mb)", SOLVE_TABLE_DEFAULT_MEGABYTES, bound);
        return;
    }
    size_t megabytes = (size_t)cli_number(o, "tt-mb", 1, 1LL << 30, 0);
    if (config->table == SOLVE_TABLE_NONE)
        cli_fail("--tt-mb sizes a transposition table, and %s has none", config->name);
    if (megabytes > bound)
        cli_fail("--tt-mb: a table of %zu MiB is more than the memory bound of %zu MiB (raise --max-memory-mb)",
                 megabytes, bound);
    if (megabytes > SOLVE_TABLE_MAX_MEGABYTES)
        cli_fail("--tt-mb: the solver's tables hold at most %d MiB, not %zu", SOLVE_TABLE_MAX_MEGABYTES, megabytes);
    solve_set_table_megabytes(megabytes);
}

/* --threads: 1 to the machine's cores, for a step that shares its table
 * (solve_threads_run). */
static int threads_of(const options *o, const solve_config *config)
{
    if (!options_given(o, "threads")) return 1;
    long long most = cores_max_threads();
    long long threads = cli_number(o, "threads", 1, 1000000, 1);
    if (threads > most)
        cli_fail("--threads: at most %lld on this machine (its cores), not %lld", most, threads);
    if (threads > 1 && !solve_threads_run(config))
        cli_fail("--threads: %s searches on one thread; threads share the table of solve-nonlosing and later steps",
                 config->name);
    return (int)threads;
}

static int run_solve(const options *o)
{
    if (!o->operand) cli_fail("missing GAME: prune solve connect4 ...");
    if (strcmp(o->operand, "connect4") != 0) cli_fail("prune solve knows connect4 only, not '%s'", o->operand);
    const char *config_name = options_value(o, "config");
    const solve_config *config = config_name ? solve_config_find(config_name) : solve_config_fastest();
    if (!config) cli_fail("unknown solve config '%s' (solve-minmax ... solve-lowerbound)", config_name);
    table_size_of(o, config);
    solve_board board = board_of(o);
    solve_arguments a = {.moves = options_value(o, "moves"), .positions = options_value(o, "positions"),
                         .set = options_value(o, "set"), .data_dir = options_value(o, "data-dir"),
                         .weak = options_given(o, "weak"), .json = options_given(o, "json"),
                         .analyze = options_given(o, "analyze"), .sized = options_given(o, "size"),
                         .threaded = options_given(o, "threads"), .threads = threads_of(o, config),
                         .size = size_of(o)};
    solve_set_threads(a.threads);
    a.limits = limits_of(o);
    a.budget = a.limits.max_nodes || a.limits.deadline > 0;
    int sources = (a.moves != NULL) + (a.positions != NULL) + (a.set != NULL);
    if (sources != 1) cli_fail("give exactly one of --moves, --positions, --set");
    bool selects = options_given(o, "limit") || options_given(o, "shard");
    if (a.moves && selects) cli_fail("--limit and --shard go with a test set");
    if (a.moves && a.data_dir) cli_fail("--data-dir goes with a test set");
    if (a.analyze && !a.moves) cli_fail("--analyze goes with --moves");
    if (a.sized && !a.moves) cli_fail("--size goes with --moves: the test sets are 7x6");
    if (a.moves) {
        solve_moves(&a, config, board);
    } else {
        solve_line_selection selection = selection_of(o);
        solve_set(&a, &selection, config, board);
    }
    return CLI_OK;
}

static void print_solve_help(void)
{
    fputs(solve_usage, stdout);
    for (size_t i = 0; i < solve_config_count(); i++)
        printf("  %-18s %s\n", solve_config_at(i)->name, solve_config_at(i)->description);
}

static const option_spec solve_options[] = {
    {"config", true}, {"moves", true}, {"positions", true}, {"set", true}, {"data-dir", true},
    {"limit", true}, {"shard", true}, {"board", true}, {"weak", false}, {"json", false},
    {"analyze", false}, {"max-nodes", true}, {"time-ms", true}, {"tt-mb", true}, {"size", true},
    {"threads", true},  {"max-memory-mb", true}, {"help", false}, {NULL, false},
};

const command command_solve = {
    .name = "solve", .operand = "GAME", .options = solve_options, .run = run_solve,
    .synopsis = "connect4 [--config NAME] (--moves DIGITS | --positions FILE | --set NAME)\n"
                "         [--data-dir DIR] [--limit N] [--shard K/N] [--analyze] [--weak] [--board B]\n"
                "         [--size WxH] [--max-nodes N] [--time-ms T] [--tt-mb N] [--max-memory-mb N]\n"
                "         [--threads N] [--json]",
    .summary = "solve Connect Four positions exactly with a step of Pons' solver, alone or a\n"
               "whole test set checked against its scores",
    .help = solve_usage, .print_help = print_solve_help,
};
