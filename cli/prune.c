/*
 * prune.c: the command line (contract in specs/README.md).
 *
 *   prune games | configs
 *   prune search GAME --config NAME --depth N [--moves M,...] [--state copy|undo]
 *                [--max-nodes N] [--seed N] [--json]
 *   prune perft GAME --depth N [--moves M,...] [--json]
 *   prune show GAME [--moves M,...]
 *   prune bench [--verbose]
 *
 * Bad input prints one line on stderr and exits 2 before anything is
 * printed on stdout, so a caller never sees a partial result.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "numbers.h"
#include "search.h"

#define EXIT_BAD_INPUT 2

static const char usage_text[] =
    "usage: prune COMMAND [ARGS]\n"
    "\n"
    "Game-tree search measured honestly: every technique on every game, exact node counts.\n"
    "\n"
    "commands:\n"
    "  games                  list the games, one name per line\n"
    "  configs                list the search configurations with a one-line description\n"
    "  search GAME ...        search a position (see prune search --help)\n"
    "  perft GAME --depth N [--moves M,...] [--json]\n"
    "                         count the positions of the full tree to depth N (root included),\n"
    "                         the leaves (depth limit or game over) and the finished games\n"
    "  show GAME [--moves M,...]\n"
    "                         print a position, its value and its legal moves\n"
    "  bench [--verbose]      search the fixed suite and print the node-count signature\n"
    "\n"
    "Bad input exits with status 2 and one line on stderr.\n";

static const char search_usage_text[] =
    "usage: prune search GAME --config NAME --depth N [options]\n"
    "\n"
    "  --config NAME      a search configuration (prune configs lists them)\n"
    "  --depth N          plies below the root; 1 looks at the root's children\n"
    "  --moves M1,M2,...  moves played from the start first, in the game's notation\n"
    "  --state copy|undo  copy-make (default) or do-undo; both search the same tree\n"
    "  --max-nodes N      stop with status 2 if the search would visit, or a tree config\n"
    "                     create, more than N nodes (default 200000000); tree configs also\n"
    "                     stop before their nodes would take more than 12 GiB\n"
    "  --seed N           seed of negamax-ab's move-ordering shuffle (default 20240501)\n"
    "  --tt-mb N          ladder configs: transposition table size in MiB (default 16)\n"
    "  --tt-replace always|depth\n"
    "                     ladder configs: a store always replaces its slot (default), or\n"
    "                     keeps an entry of larger draft\n"
    "  --time-ms N        deepening ladder configs: stop deepening after N ms and answer\n"
    "                     with the deepest completed iteration\n"
    "  --node-limit N     the same after N nodes (deterministic)\n"
    "  --json             one JSON object on one line: game, config, depth, moves, state,\n"
    "                     best, value, maximiser_value (the value from the maximising side's\n"
    "                     view), nodes, seconds, and for tree configs created, evals, passes\n"
    "                     and tree_bytes; for ladder configs tt_probes, tt_hits, tt_cutoffs,\n"
    "                     researches, iterations and iteration_nodes\n"
    "\n"
    "value is from the point of view of the side to move at the root; nodes counts every\n"
    "search call, root included.\n";

/* One line on stderr, exit 2: the only way bad input leaves. */
static _Noreturn void fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("prune: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(EXIT_BAD_INPUT);
}

/* A whole decimal number in [minimum, maximum], or a failure naming `what`. */
static long long parse_number(const char *text, const char *what, long long minimum, long long maximum)
{
    long long value;
    if (!parse_whole_number(text, minimum, maximum, &value))
        fail("%s must be a whole number from %lld to %lld, not '%s'", what, minimum, maximum, text);
    return value;
}

typedef struct {
    const char *game, *config, *moves, *state;
    const char *depth, *max_nodes, *seed;
    const char *tt_mb, *tt_replace, *time_ms, *node_limit; /* ladder configs */
    bool json, help, verbose;
} arguments;

/* Takes `--name value` or `--name=value`; returns the value or NULL when
 * argv[*i] is not that option. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t length = strlen(name);
    if (strncmp(argv[*i], name, length) != 0) return NULL;
    if (argv[*i][length] == '=') return argv[*i] + length + 1;
    if (argv[*i][length] != '\0') return NULL;
    if (*i + 1 >= argc) fail("%s needs a value", name);
    return argv[++*i];
}

static void parse_arguments(int argc, char **argv, int first, arguments *a)
{
    const char **slots[] = {&a->config, &a->moves, &a->state, &a->depth, &a->max_nodes, &a->seed,
                            &a->tt_mb, &a->tt_replace, &a->time_ms, &a->node_limit};
    const char *names[] = {"--config", "--moves", "--state", "--depth", "--max-nodes", "--seed",
                           "--tt-mb", "--tt-replace", "--time-ms", "--node-limit"};
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        if (strcmp(arg, "--json") == 0) { a->json = true; continue; }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) { a->help = true; continue; }
        if (strcmp(arg, "--verbose") == 0) { a->verbose = true; continue; }
        size_t k = 0;
        for (; k < sizeof names / sizeof names[0]; k++)
            if ((value = option_value(argc, argv, &i, names[k]))) break;
        if (value) { *slots[k] = value; continue; }
        if (arg[0] == '-') fail("unknown option '%s' (see prune --help)", arg);
        if (a->game) fail("unexpected argument '%s' (see prune --help)", arg);
        a->game = arg;
    }
}

static const game_entry *require_game(const char *name)
{
    if (!name) fail("missing GAME (prune games lists them)");
    const game_entry *game = game_find(name);
    if (!game) fail("unknown game '%s' (prune games lists them)", name);
    return game;
}

static void print_json_string(const char *key, const char *value)
{
    printf("\"%s\":\"", key);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\') putchar('\\');
        if ((unsigned char)*p < 0x20) printf("\\u%04x", *p);
        else putchar(*p);
    }
    putchar('"');
}

static void print_search_json(const arguments *a, const search_config *config, const search_result *r)
{
    putchar('{');
    print_json_string("game", a->game);
    putchar(',');
    print_json_string("config", config->name);
    printf(",\"depth\":%s,", a->depth);
    print_json_string("moves", a->moves ? a->moves : "");
    putchar(',');
    print_json_string("state", a->state ? a->state : "copy");
    putchar(',');
    print_json_string("best", r->best);
    printf(",\"value\":%d,\"maximiser_value\":%d,\"nodes\":%" PRIu64 ",\"seconds\":%.6f", r->value,
           r->root_max ? r->value : -r->value, r->nodes, r->seconds);
    if (config->algorithm == ALGORITHM_TREE)
        printf(",\"created\":%" PRIu64 ",\"evals\":%" PRIu64 ",\"passes\":%d,\"tree_bytes\":%" PRIu64,
               r->created, r->evals, r->passes, r->tree_bytes);
    if (config->algorithm == ALGORITHM_LADDER) {
        printf(",\"tt_probes\":%" PRIu64 ",\"tt_hits\":%" PRIu64 ",\"tt_cutoffs\":%" PRIu64 ",\"researches\":%" PRIu64
               ",\"iterations\":%d,\"iteration_nodes\":[", r->tt_probes, r->tt_hits, r->tt_cutoffs, r->researches,
               r->iterations);
        for (int i = 0; i < r->iterations; i++) printf("%s%" PRIu64, i ? "," : "", r->iteration_nodes[i]);
        putchar(']');
    }
    printf("}\n");
}

static void print_search_text(const arguments *a, const search_config *config, const search_result *r)
{
    printf("game     %s\nconfig   %s\ndepth    %s\nmoves    %s\nstate    %s\n", a->game, config->name,
           a->depth, a->moves && *a->moves ? a->moves : "(start)", a->state ? a->state : "copy");
    printf("best     %s\nvalue    %d (side to move)\nnodes    %" PRIu64 "\n", r->best, r->value, r->nodes);
    if (config->algorithm == ALGORITHM_TREE)
        printf("created  %" PRIu64 "\nevals    %" PRIu64 "\npasses   %d\ntree     %" PRIu64 " bytes\n",
               r->created, r->evals, r->passes, r->tree_bytes);
    if (config->algorithm == ALGORITHM_LADDER)
        printf("table    %" PRIu64 " probes, %" PRIu64 " hits, %" PRIu64 " cutoffs\nresearch %" PRIu64
               "\niterated %d\n", r->tt_probes, r->tt_hits, r->tt_cutoffs, r->researches, r->iterations);
    double rate = r->seconds > 0 ? (double)r->nodes / r->seconds : 0;
    printf("seconds  %.6f\nrate     %.0f nodes/s\n", r->seconds, rate);
}

/* The ladder's options; the search itself refuses a limit on a config
 * that does not deepen and a table larger than the machine allows. */
static void parse_ladder_options(const arguments *a, search_request *request)
{
    if (a->tt_mb) request->tt_mb = (size_t)parse_number(a->tt_mb, "--tt-mb", 1, 1LL << 30);
    if (a->tt_replace && strcmp(a->tt_replace, "depth") == 0) request->tt_replace = 1;
    else if (a->tt_replace && strcmp(a->tt_replace, "always") != 0)
        fail("--tt-replace must be always or depth, not '%s'", a->tt_replace);
    if (a->time_ms) request->time_ms = (uint64_t)parse_number(a->time_ms, "--time-ms", 1, 86400000);
    if (a->node_limit) request->node_limit = (uint64_t)parse_number(a->node_limit, "--node-limit", 1, INT64_MAX);
}

static int command_search(int argc, char **argv)
{
    arguments a = {0};
    parse_arguments(argc, argv, 2, &a);
    if (a.help) { fputs(search_usage_text, stdout); return 0; }
    const game_entry *game = require_game(a.game);
    if (!a.config) fail("missing --config NAME (prune configs lists them)");
    const search_config *config = config_find(a.config);
    if (!config) fail("unknown config '%s' (prune configs lists them)", a.config);
    if (!a.depth) fail("missing --depth N");
    search_request request = {.config = config, .moves = a.moves ? a.moves : "",
                              .seed = SEARCH_DEFAULT_SEED, .state = STATE_COPY};
    request.depth = (int)parse_number(a.depth, "--depth", 0, 1000);
    if (a.state && strcmp(a.state, "undo") == 0) request.state = STATE_UNDO;
    else if (a.state && strcmp(a.state, "copy") != 0) fail("--state must be copy or undo, not '%s'", a.state);
    if (request.state == STATE_UNDO && !game->has_undo) fail("%s offers no undo: use --state copy", game->name);
    if (a.max_nodes) request.max_nodes = (uint64_t)parse_number(a.max_nodes, "--max-nodes", 1, 4000000000LL);
    if (a.seed) request.seed = (uint64_t)parse_number(a.seed, "--seed", 0, INT64_MAX);
    parse_ladder_options(&a, &request);
    search_result result;
    char message[256];
    if (game->search(&request, &result, message, sizeof message) != SEARCH_OK) fail("%s", message);
    if (a.json) print_search_json(&a, config, &result);
    else print_search_text(&a, config, &result);
    return 0;
}

static int command_perft(int argc, char **argv)
{
    arguments a = {0};
    parse_arguments(argc, argv, 2, &a);
    if (a.help) { fputs(usage_text, stdout); return 0; }
    const game_entry *game = require_game(a.game);
    if (!a.depth) fail("missing --depth N");
    int depth = (int)parse_number(a.depth, "--depth", 0, 1000);
    perft_result r;
    char message[256];
    if (game->perft(a.moves ? a.moves : "", depth, &r, message, sizeof message) != SEARCH_OK)
        fail("%s", message);
    if (a.json)
        printf("{\"game\":\"%s\",\"depth\":%d,\"nodes\":%" PRIu64 ",\"leaves\":%" PRIu64
               ",\"finished\":%" PRIu64 "}\n", game->name, depth, r.nodes, r.leaves, r.finished);
    else
        printf("nodes    %" PRIu64 "\nleaves   %" PRIu64 "\nfinished %" PRIu64 "\n", r.nodes, r.leaves,
               r.finished);
    return 0;
}

static int command_show(int argc, char **argv)
{
    arguments a = {0};
    parse_arguments(argc, argv, 2, &a);
    if (a.help) { fputs(usage_text, stdout); return 0; }
    const game_entry *game = require_game(a.game);
    char message[256];
    /* show plays the whole move list before it prints anything. */
    if (game->show(a.moves ? a.moves : "", stdout, message, sizeof message) != SEARCH_OK) fail("%s", message);
    return 0;
}

static int command_games(void)
{
    for (size_t i = 0; i < game_count(); i++) printf("%s\n", game_at(i)->name);
    return 0;
}

static int command_configs(void)
{
    for (size_t i = 0; i < config_count(); i++)
        printf("%-27s %s\n", config_at(i)->name, config_at(i)->description);
    return 0;
}

static void reject_extra(int argc, char **argv)
{
    if (argc > 2) fail("'%s' takes no arguments, got '%s'", argv[1], argv[2]);
}

int main(int argc, char **argv)
{
    if (argc < 2) { fputs(usage_text, stderr); return EXIT_BAD_INPUT; }
    const char *command = argv[1];
    if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0 || strcmp(command, "help") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(command, "games") == 0) { reject_extra(argc, argv); return command_games(); }
    if (strcmp(command, "configs") == 0) { reject_extra(argc, argv); return command_configs(); }
    if (strcmp(command, "search") == 0) return command_search(argc, argv);
    if (strcmp(command, "perft") == 0) return command_perft(argc, argv);
    if (strcmp(command, "show") == 0) return command_show(argc, argv);
    if (strcmp(command, "bench") == 0) {
        arguments a = {0};
        parse_arguments(argc, argv, 2, &a);
        if (a.game) fail("bench takes no GAME, got '%s'", a.game);
        return bench_run(stdout, a.verbose) == 0 ? 0 : 1;
    }
    fail("unknown command '%s' (see prune --help)", command);
}
