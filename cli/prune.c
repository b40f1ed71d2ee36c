/*
 * prune.c: the command line (contract in docs/cli.md).
 *
 *   prune COMMAND [GAME] [OPTIONS]     prune --help lists the commands
 *
 * Each command takes only the options of its table (options.h).  Bad input
 * prints one line on stderr and exits 2 before anything is printed on
 * stdout, so a caller never sees a partial result; output that could not
 * be written (a full disk, a closed stdout) is an error too.
 */
#define _POSIX_C_SOURCE 200809L   /* SIGPIPE */

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "escape.h"
#include "prune_version.h"

/* Every command, in the order prune --help lists them. */
static const command *const commands[] = {
    &command_games, &command_configs, &command_search, &command_perft, &command_show, &command_bench,
    &command_solve, &command_match, &command_match_merge, &command_openings, &command_ugi,
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

/* `games --json` and `configs --json` are what scripts read, so that no
 * script repeats the lists of engine/game_registry.c and engine/config.c. */
static int run_games(const options *o)
{
    bool json = options_given(o, "json");
    for (size_t i = 0; i < game_count(); i++) {
        const game_entry *g = game_at(i);
        if (!json) {
            printf("%s\n", g->name);
            continue;
        }
        fputs("{\"name\":", stdout);
        escape_json(stdout, g->name);
        fputs(",\"description\":", stdout);
        escape_json(stdout, g->description);
        printf(",\"max_depth\":%d,\"test_depth\":%d", g->max_depth, g->test_depth);
        /* a match's adjudication rule (match/match_play.c), or null: scripts/strength.py plays a game
         * with one under --play-out, so that its results are the games' own ends */
        if (g->adjudication_margin > 0)
            printf(",\"adjudication\":{\"margin\":%d,\"plies\":%d}}\n", g->adjudication_margin,
                   g->adjudication_plies);
        else
            fputs(",\"adjudication\":null}\n", stdout);
    }
    return CLI_OK;
}

static int run_configs(const options *o)
{
    bool json = options_given(o, "json");
    for (size_t i = 0; i < config_count(); i++) {
        const search_config *c = config_at(i);
        if (!json) {
            printf("%-27s %s\n", c->name, c->description);
            continue;
        }
        fputs("{\"name\":", stdout);
        escape_json(stdout, c->name);
        printf(",\"family\":\"%s\",\"description\":", config_family(c));
        escape_json(stdout, c->description);
        fputs("}\n", stdout);
    }
    return CLI_OK;
}

static int run_bench(const options *o)
{
    return bench_run(stdout, options_given(o, "verbose")) == 0 ? CLI_OK : CLI_FAILED;
}

static const option_spec listing_options[] = {{"json", false}, {"help", false}, {NULL, false}};
static const option_spec bench_options[] = {{"verbose", false}, {"help", false}, {NULL, false}};

const command command_games = {
    .name = "games", .options = listing_options, .run = run_games, .synopsis = "[--json]",
    .summary = "list the games, one name per line (--json: one object per line with name,\n"
               "description, max_depth, test_depth, adjudication)",
    .help = "usage: prune games [--json]\n"
            "\n"
            "  --json      one JSON object per line: name, description, max_depth, test_depth,\n"
            "              adjudication (a match's rule, {margin, plies}, or null)\n"
            "  --help, -h  print this help\n",
};

const command command_configs = {
    .name = "configs", .options = listing_options, .run = run_configs, .synopsis = "[--json]",
    .summary = "list the search configurations with a one-line description (--json: one\n"
               "object per line with name, family, description)",
    .help = "usage: prune configs [--json]\n"
            "\n"
            "  --json      one JSON object per line: name, family (recursive, tree or mcts),\n"
            "              description\n"
            "  --help, -h  print this help\n",
};

const command command_bench = {
    .name = "bench", .options = bench_options, .run = run_bench, .synopsis = "[--verbose]",
    .summary = "search the fixed suite and print the node-count signature",
    .help = "usage: prune bench [--verbose]\n"
            "\n"
            "  --verbose   a line per search before the signature\n"
            "  --help, -h  print this help\n",
};

/* Writes `text` indented, each line of it after the first on a new line. */
static void print_indented(const char *text, const char *indent)
{
    for (const char *line = text; *line;) {
        size_t length = strcspn(line, "\n");
        printf("%s%.*s\n", indent, (int)length, line);
        line += length + (line[length] == '\n');
    }
}

static void print_usage(void)
{
    fputs("usage: prune COMMAND [ARGS]\n"
          "       prune --version\n"
          "\n"
          "Game-tree search measured honestly: every technique on every game, exact node counts.\n"
          "\n"
          "commands (prune COMMAND --help tells more):\n", stdout);
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        printf("  %s %s\n", commands[i]->name, commands[i]->synopsis);
        print_indented(commands[i]->summary, "      ");
    }
    fputs("\n"
          "Each option may be given once, as --name VALUE or --name=VALUE.  Numbers are\n"
          "decimal digits (leading zeros and -0 are read as the value they write, which is\n"
          "what prune prints back).  Bad input exits with status 2 and one line on stderr,\n"
          "where any byte outside printable ASCII that it quotes is written \\n, \\t or \\xHH;\n"
          "output that cannot be written exits with status 1.  --json lines are ASCII: other\n"
          "characters are written \\uXXXX, and bytes that are not UTF-8 as \\ufffd.\n"
          "\n"
          "prune --version prints the version and the commit it was built from.\n", stdout);
}

static int run_command(const command *c, int argc, char **argv)
{
    options o;
    char message[1024];
    if (options_parse(c->name, c->options, c->operand, argc, argv, 2, &o, message, sizeof message) != OPTIONS_OK)
        cli_fail("%s", message);
    if (options_given(&o, "help")) {
        if (c->print_help) c->print_help();
        else fputs(c->help, stdout);
        return CLI_OK;
    }
    return c->run(&o);
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) cli_fail("missing COMMAND (see prune --help)");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        if (argc > 2) cli_fail("%s takes no arguments, got '%s'", name, argv[2]);
        print_usage();
        return CLI_OK;
    }
    if (strcmp(name, "--version") == 0) {
        if (argc > 2) cli_fail("%s takes no arguments, got '%s'", name, argv[2]);
        printf("prune %s (commit %s, isa %s)\n", prune_version, prune_commit, prune_isa);
        return CLI_OK;
    }
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(name, commands[i]->name) == 0) return run_command(commands[i], argc, argv);
    cli_fail("unknown command '%s' (see prune --help)", name);
}

int main(int argc, char **argv)
{
    /* A closed pipe (prune bench | head -1) is a failed write, status 1 and
     * one line, as any other; not death by SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
    int status = dispatch(argc, argv);
    if (!cli_close_stdout() && status == CLI_OK) status = CLI_FAILED;
    return status;
}
