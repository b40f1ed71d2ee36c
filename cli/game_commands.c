/* game_commands.c: the commands about one position of one game: search,
 * perft and show.  Each checks all its input before it prints anything,
 * so bad input leaves stdout empty; numbers are echoed from their parsed
 * values and strings through escape_json, so every --json line parses. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cores.h"
#include "ttable.h"
#include "solve_command.h"
#include "escape.h"
#include "numbers.h"

/* The room for a game's message (engine messages quote at most a move). */
#define MESSAGE_SIZE 512

/* The --moves list; connect4's plain digit string ("4453") becomes the
 * comma-separated list every game reads (solve_command.h). */
static const char *moves_of(const options *o)
{
    const char *moves = solve_moves_as_list(o->operand, options_value(o, "moves"));
    return moves ? moves : "";
}

/* The --position string, the root before --moves (NULL: the start); the
 * game reads it (docs/cli.md#position-strings).  An empty one is refused
 * rather than read as the start: it is more likely an unset variable. */
static const char *position_of(const options *o)
{
    const char *position = options_value(o, "position");
    if (position && !*position) cli_fail("--position is empty (leave it out for the start position)");
    return position;
}

/* The deepest iteration the search completed: the requested depth unless
 * a limit stopped the deepening (under a limit every config deepens, the
 * ladder's rungs from ladder-id themselves and the others plainly, and
 * counts its iterations 1..d; without one, ladder-tt's single iteration is
 * the requested depth). */
static int depth_completed(const search_request *q, const search_result *r)
{
    if (q->config->algorithm == ALGORITHM_MCTS) return 0; /* no depth: its iterations say how far it got */
    bool limited = q->time_us || q->node_limit;
    if (!limited && (q->config->algorithm != ALGORITHM_LADDER || !q->config->ladder.deepening)) return q->depth;
    if (r->ended) return q->depth; /* the tree ended: a deeper iteration gives the same answer */
    return r->iterations;
}

/* A proven value's name (search_result.proven, search_root_child.proven). */
static const char *proven_name(int proven)
{
    return proven == SEARCH_UNPROVEN ? "null" : proven > 0 ? "\"win\"" : proven < 0 ? "\"loss\"" : "\"draw\"";
}

/* An MCTS search's own figures: its iterations and playouts (and their
 * rate), its tree, its proof, and the root's children. */
static void print_mcts_json(const search_request *q, const search_result *r)
{
    double rate = r->seconds > 0 ? (double)r->playouts / r->seconds : 0;
    printf(",\"iterations\":%" PRIu64 ",\"playouts\":%" PRIu64 ",\"playouts_per_second\":%.0f,\"minimax_searches\":%"
           PRIu64 ",\"created\":%" PRIu64 ",\"tree_bytes\":%" PRIu64 ",\"memory_full\":%s,\"proven\":%s,\"root\":[",
           r->mcts_iterations, r->playouts, rate, r->minimax_searches, r->created, r->tree_bytes,
           r->memory_full ? "true" : "false", proven_name(r->proven));
    for (int i = 0; i < r->root_children; i++) {
        const search_root_child *c = &q->root_children[i];
        fputs(i ? ",{\"move\":" : "{\"move\":", stdout);
        escape_json(stdout, c->move);
        printf(",\"visits\":%" PRIu32 ",\"score\":%.4f,\"proven\":%s}", c->visits,
               c->visits ? (double)c->points / (2.0 * c->visits) : 0.0, proven_name(c->proven));
    }
    putchar(']');
    if (!q->playout_sample) return;
    fputs(",\"sample\":[", stdout);
    int i = 0;
    for (const char *line = q->playout_sample; *line; i++) { /* "MOVES END\n" each */
        const char *space = strchr(line, ' '), *end = strchr(line, '\n');
        printf("%s{\"moves\":\"%.*s\",\"end\":\"%.*s\"}", i ? "," : "", (int)(space - line), line,
               (int)(end - space - 1), space + 1);
        line = end + 1;
    }
    putchar(']');
}

static void print_search_json(const game_entry *game, const search_request *q, const search_result *r)
{
    fputs("{\"game\":", stdout);
    escape_json(stdout, game->name);
    fputs(",\"config\":", stdout);
    escape_json(stdout, q->config->name);
    if (q->config->algorithm == ALGORITHM_MCTS) fputs(",\"depth\":null,\"depth_completed\":null,", stdout);
    else printf(",\"depth\":%d,\"depth_completed\":%d,", q->depth, depth_completed(q, r));
    if (q->position) {
        fputs("\"position\":", stdout);
        escape_json(stdout, q->position);
        putchar(',');
    }
    fputs("\"moves\":", stdout);
    escape_json(stdout, q->moves);
    printf(",\"state\":\"%s\",\"best\":", q->state == STATE_UNDO ? "undo" : "copy");
    escape_json(stdout, r->best);
    printf(",\"value\":%d,\"maximiser_value\":%d,\"nodes\":%" PRIu64 ",\"seconds\":%.6f", r->value,
           r->root_max ? r->value : -r->value, r->nodes, r->seconds);
    if (q->config->algorithm == ALGORITHM_TREE)
        printf(",\"created\":%" PRIu64 ",\"evals\":%" PRIu64 ",\"passes\":%d,\"tree_bytes\":%" PRIu64,
               r->created, r->evals, r->passes, r->tree_bytes);
    if (q->config->algorithm == ALGORITHM_LADDER) {
        printf(",\"tt_probes\":%" PRIu64 ",\"tt_hits\":%" PRIu64 ",\"tt_cutoffs\":%" PRIu64 ",\"researches\":%" PRIu64
               ",\"cutoffs\":%" PRIu64 ",\"first_move_cutoffs\":%" PRIu64 ",\"iterations\":%d,\"ended\":%s,"
               "\"iteration_nodes\":[",
               r->tt_probes, r->tt_hits, r->tt_cutoffs, r->researches, r->cutoffs, r->first_move_cutoffs,
               r->iterations, r->ended ? "true" : "false");
        for (int i = 0; i < r->iterations; i++) printf("%s%" PRIu64, i ? "," : "", r->iteration_nodes[i]);
        putchar(']');
    }
    if (q->config->algorithm == ALGORITHM_MCTS) print_mcts_json(q, r);
    if (q->threads) printf(",\"threads\":%d,\"smp\":\"%s\"", r->threads, q->smp == SEARCH_SMP_ABDADA ? "abdada" : "lazy");
    fputs("}\n", stdout);
}

static void print_search_text(const game_entry *game, const search_request *q, const search_result *r)
{
    printf("game     %s\nconfig   %s\n", game->name, q->config->name);
    if (q->config->algorithm != ALGORITHM_MCTS) printf("depth    %d\ncompleted %d\n", q->depth, depth_completed(q, r));
    if (q->position) printf("position %s\n", q->position);
    printf("moves    %s\nstate    %s\n", *q->moves ? q->moves : q->position ? "(none)" : "(start)",
           q->state == STATE_UNDO ? "undo" : "copy");
    printf("best     %s\nvalue    %d (side to move)\nnodes    %" PRIu64 "\n", r->best, r->value, r->nodes);
    if (q->config->algorithm == ALGORITHM_TREE)
        printf("created  %" PRIu64 "\nevals    %" PRIu64 "\npasses   %d\ntree     %" PRIu64 " bytes\n",
               r->created, r->evals, r->passes, r->tree_bytes);
    if (q->config->algorithm == ALGORITHM_LADDER)
        printf("table    %" PRIu64 " probes, %" PRIu64 " hits, %" PRIu64 " cutoffs\nresearch %" PRIu64
               "\ncutoffs  %" PRIu64 " (%" PRIu64 " by the first move)\niterated %d%s\n", r->tt_probes, r->tt_hits,
               r->tt_cutoffs, r->researches, r->cutoffs, r->first_move_cutoffs, r->iterations,
               r->ended ? " (the tree ended: every line reached a finished game)" : "");
    if (q->config->algorithm == ALGORITHM_MCTS)
        printf("iterated %" PRIu64 "\nplayouts %" PRIu64 " (%.0f a second)\nminimax  %" PRIu64 " searches\ntree     %" PRIu64
               " nodes, %" PRIu64 " bytes%s\nproven   %s\n", r->mcts_iterations, r->playouts,
               r->seconds > 0 ? (double)r->playouts / r->seconds : 0.0, r->minimax_searches, r->created, r->tree_bytes,
               r->memory_full ? " (the memory bound: the search stopped there)" : "",
               r->proven == SEARCH_UNPROVEN ? "no" : r->proven > 0 ? "win" : r->proven < 0 ? "loss" : "draw");
    if (q->playout_sample)
        for (const char *line = q->playout_sample; *line;) {
            const char *end = strchr(line, '\n');
            printf("playout  %.*s\n", (int)(end - line), line);
            line = end + 1;
        }
    if (q->threads) printf("threads  %d (%s)\n", r->threads, q->smp == SEARCH_SMP_ABDADA ? "abdada" : "lazy");
    double rate = r->seconds > 0 ? (double)r->nodes / r->seconds : 0;
    printf("seconds  %.6f\nrate     %.0f nodes/s\n", r->seconds, rate);
}

/* The technique ladder's options; the search itself refuses a limit on a
 * config that does not deepen and a table larger than the memory bound. */
static void ladder_options_of(const options *o, search_request *q)
{
    bool table_option = options_given(o, "tt-mb") || options_given(o, "tt-replace");
    if (table_option && q->config->algorithm != ALGORITHM_LADDER)
        cli_fail("--tt-mb and --tt-replace go with a ladder config (ladder-tt and up), not %s", q->config->name);
    q->tt_mb = (size_t)cli_number(o, "tt-mb", 1, 1LL << 30, 0);
    const char *replace = options_value(o, "tt-replace");
    if (replace && strcmp(replace, "depth") == 0) q->tt_replace = TT_REPLACE_DEPTH;
    else if (replace && strcmp(replace, "always") != 0)
        cli_fail("--tt-replace must be always or depth, not '%s'", replace);
    q->time_us = (uint64_t)cli_number(o, "time-ms", 1, 86400000, 0) * 1000;
    q->node_limit = (uint64_t)cli_number(o, "node-limit", 1, INT64_MAX, 0);
    q->threads = options_given(o, "threads") ? (int)cli_number(o, "threads", 1, 1000000, 1) : 0;  /* 0: not printed */
    if (q->threads > 1 && !config_threads(q->config))
        cli_fail("--threads: %s searches on one thread; threads share the table of the ladder's configs "
                 "(ladder-tt and up)", q->config->name);
    if (q->threads > cores_max_threads())
        cli_fail("--threads: at most %d on this machine (its cores), not %d", cores_max_threads(), q->threads);
    const char *smp = options_value(o, "smp");
    if (smp && !options_given(o, "threads")) cli_fail("--smp goes with --threads N");
    if (smp && strcmp(smp, "abdada") == 0) q->smp = SEARCH_SMP_ABDADA;
    else if (smp && strcmp(smp, "lazy") != 0) cli_fail("--smp must be lazy or abdada, not '%s'", smp);
}

/* The search request the options describe; fails on any bad one. */
static search_request search_request_of(const game_entry *game, const options *o)
{
    const char *config_name = options_value(o, "config"), *state = options_value(o, "state");
    if (!config_name) cli_fail("missing --config NAME (prune configs lists them)");
    const search_config *config = config_find(config_name);
    if (!config) cli_fail("unknown config '%s' (prune configs lists them)", config_name);
    search_request q = {.config = config, .position = position_of(o), .moves = moves_of(o), .state = STATE_COPY};
    ladder_options_of(o, &q);
    /* A limit alone bounds the search: it then deepens as deep as the game
     * allows, and the result says how deep it got (depth_completed).  An
     * MCTS config has no depth: a limit is its only bound. */
    q.iterations = (uint64_t)cli_number(o, "iterations", 1, INT64_MAX, 0);
    q.playout_sample_count = (int)cli_number(o, "sample-playouts", 1, 1000, 0);
    if (q.playout_sample_count && config->algorithm != ALGORITHM_MCTS)
        cli_fail("--sample-playouts goes with an MCTS config (prune configs, family mcts), not %s", config->name);
    bool mcts = config->algorithm == ALGORITHM_MCTS, limited = q.time_us || q.node_limit || q.iterations;
    if (q.iterations && !mcts)
        cli_fail("--iterations goes with an MCTS config (prune configs, family mcts), not %s", config->name);
    if (mcts && options_given(o, "depth"))
        cli_fail("--depth: %s searches to a budget, not a depth (--iterations, --node-limit or --time-ms)", config->name);
    if (mcts && !limited) cli_fail("missing a budget for %s: --iterations N, --node-limit N or --time-ms N", config->name);
    if (!options_given(o, "depth") && !limited) cli_fail("missing --depth N (or a limit, --time-ms or --node-limit)");
    q.depth = (int)cli_number(o, "depth", 0, 1000, game->max_depth);
    if (state && strcmp(state, "undo") == 0) q.state = STATE_UNDO;
    else if (state && strcmp(state, "copy") != 0) cli_fail("--state must be copy or undo, not '%s'", state);
    q.max_nodes = (uint64_t)cli_number(o, "max-nodes", 1, NUMBERS_MAX_NODES, SEARCH_DEFAULT_MAX_NODES);
    q.max_memory_mb = cli_memory_bound(o); /* the search refuses a table above it before it allocates one */
    q.seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, SEARCH_DEFAULT_SEED);
    return q;
}

static int run_search(const options *o)
{
    const game_entry *game = cli_game(o);
    search_request q = search_request_of(game, o);
    static search_root_child children[256]; /* more than any game's moves (NAME_MAX_MOVES < 254) */
    q.root_children = children;
    q.root_children_size = (int)(sizeof children / sizeof children[0]);
    static char sample[1 << 20]; /* the playout sample's lines: a thousand of the longest fit */
    if (q.playout_sample_count) {
        q.playout_sample = sample;
        q.playout_sample_size = sizeof sample;
    }
    search_result r;
    char message[MESSAGE_SIZE];
    if (game->search(&q, &r, message, sizeof message) != SEARCH_OK) cli_fail("%s", message);
    if (options_given(o, "json")) print_search_json(game, &q, &r);
    else print_search_text(game, &q, &r);
    return CLI_OK;
}

static int run_perft(const options *o)
{
    const game_entry *game = cli_game(o);
    if (!options_given(o, "depth")) cli_fail("missing --depth N");
    int depth = (int)cli_number(o, "depth", 0, 1000, 0);
    uint64_t max_nodes = (uint64_t)cli_number(o, "max-nodes", 1, NUMBERS_MAX_NODES, SEARCH_DEFAULT_MAX_NODES);
    perft_result r;
    char message[MESSAGE_SIZE];
    const char *position = position_of(o);
    if (game->perft(position, moves_of(o), depth, max_nodes, &r, message, sizeof message) != SEARCH_OK)
        cli_fail("%s", message);
    if (options_given(o, "json")) {
        fputs("{\"game\":", stdout);
        escape_json(stdout, game->name);
        printf(",\"depth\":%d,", depth);
        if (position) {
            fputs("\"position\":", stdout);
            escape_json(stdout, position);
            putchar(',');
        }
        fputs("\"moves\":", stdout);
        escape_json(stdout, moves_of(o));
        printf(",\"nodes\":%" PRIu64 ",\"leaves\":%" PRIu64 ",\"finished\":%" PRIu64 "}\n", r.nodes, r.leaves,
               r.finished);
    } else {
        printf("nodes    %" PRIu64 "\nleaves   %" PRIu64 "\nfinished %" PRIu64 "\n", r.nodes, r.leaves,
               r.finished);
    }
    return CLI_OK;
}

static int run_show(const options *o)
{
    const game_entry *game = cli_game(o);
    char message[MESSAGE_SIZE];
    /* show reads the position and plays the whole move list before it
     * prints anything. */
    if (game->show(position_of(o), moves_of(o), stdout, message, sizeof message) != SEARCH_OK)
        cli_fail("%s", message);
    return CLI_OK;
}

static const option_spec search_options[] = {
    {"config", true}, {"depth", true}, {"position", true}, {"moves", true}, {"state", true},
    {"max-nodes", true}, {"max-memory-mb", true}, {"seed", true}, {"tt-mb", true}, {"tt-replace", true},
    {"time-ms", true}, {"node-limit", true}, {"iterations", true}, {"sample-playouts", true}, {"threads", true},
    {"smp", true}, {"json", false}, {"help", false}, {NULL, false},
};

const command command_search = {
    .name = "search", .operand = "GAME", .options = search_options, .run = run_search,
    .synopsis = "GAME --config NAME (--depth N | --time-ms N | --node-limit N | --iterations N) [--position TEXT]\n"
                "         [--moves M,...] [--state copy|undo] [--max-nodes N] [--max-memory-mb N] [--seed N]\n"
                "         [--tt-mb N] [--tt-replace always|depth] [--threads N [--smp lazy|abdada]] [--json]",
    .summary = "search a position and print the best move, its value and the node counts",
    .help =
        "usage: prune search GAME --config NAME (--depth N | --time-ms N | --node-limit N | --iterations N)\n"
        "       [options]\n"
        "\n"
        "  --config NAME      a search configuration (prune configs lists them)\n"
        "  --depth N          plies below the root; 1 looks at the root's children (without it,\n"
        "                     a limit deepens as deep as the game allows)\n"
        "  --position TEXT    the root before --moves, as the game's position string (prune show\n"
        "                     prints it; docs/cli.md, Position strings); default the start\n"
        "  --moves M1,M2,...  moves played from the start (or --position) first, in the game's\n"
        "                     notation\n"
        "  --state copy|undo  copy-make (default) or do-undo; both search the same tree\n"
        "  --max-nodes N      stop with status 2 if the search would visit, or a tree config\n"
        "                     create, more than N nodes (1 to 4000000000, default 200000000)\n"
        "  --max-memory-mb N  memory bound in MiB: a tree config stops with status 2 before its tree\n"
        "                     would take more, and a larger --tt-mb is refused; from 1 to physical\n"
        "                     memory, default " MEMORY_BOUND_DEFAULT_TEXT "\n"
        "  --seed N           seed of negamax-ab's move-ordering shuffle and of MCTS's random\n"
        "                     draws (default 20240501)\n"
        "  --tt-mb N          ladder configs: transposition table size in MiB (default 16), at most\n"
        "                     --max-memory-mb\n"
        "  --tt-replace always|depth\n"
        "                     ladder configs: a store always replaces its slot (default), or\n"
        "                     keeps an entry of larger draft\n"
        "  --time-ms N        stop after N ms and answer with the deepest completed iteration\n"
        "                     (depth_completed); a config that does not deepen itself is\n"
        "                     deepened plainly (not the tree configs)\n"
        "  --node-limit N     the same after at most N nodes (deterministic)\n"
        "  --iterations N     MCTS configs (no --depth: this, --node-limit or --time-ms): stop\n"
        "                     after N iterations (deterministic; docs/mcts.md)\n"
        "  --sample-playouts N  MCTS: print the first N iterations' moves and ends (1 to 1000)\n"
        "  --threads N        ladder and MCTS configs: search with N threads (the ladder's share the\n"
        "                     table, Lazy SMP; MCTS's search a tree each, docs/mcts.md),\n"
        "                     1 to the machine's cores (default 1); the value is the one\n"
        "                     thread's, the best move one of equal value, and nodes (every\n"
        "                     thread's) vary from run to run; --max-nodes and --node-limit\n"
        "                     count the first thread's\n"
        "  --smp lazy|abdada  with --threads: how the threads share the work: Lazy SMP (default;\n"
        "                     every other helper a ply deeper) or ABDADA (a thread searches last\n"
        "                     a child another thread is searching)\n"
        "  --json             one JSON object on one line: game, config, depth, depth_completed,\n"
        "                     position (when given), moves, state,\n"
        "                     best, value, maximiser_value (the value from the maximising side's\n"
        "                     view), nodes, seconds, and for tree configs created, evals, passes\n"
        "                     and tree_bytes; for ladder configs tt_probes, tt_hits, tt_cutoffs,\n"
        "                     researches, cutoffs, first_move_cutoffs, iterations, ended (the\n"
        "                     tree ended: deeper iterations not searched) and iteration_nodes\n"
        "                     (the first thread's), and threads and smp with\n"
        "                     --threads; MCTS configs' fields: docs/cli.md\n"
        "  --help, -h         print this help\n"
        "\n"
        "value is from the point of view of the side to move at the root; nodes counts every\n"
        "search call, root included.  Each option may be given once, as --name VALUE or\n"
        "--name=VALUE.\n",
};

static const option_spec perft_options[] = {
    {"depth", true}, {"position", true}, {"moves", true}, {"max-nodes", true}, {"json", false}, {"help", false},
    {NULL, false},
};

const command command_perft = {
    .name = "perft", .operand = "GAME", .options = perft_options, .run = run_perft,
    .synopsis = "GAME --depth N [--position TEXT] [--moves M,...] [--max-nodes N] [--json]",
    .summary = "count the positions of the full tree to depth N (root included), the leaves\n"
               "(depth limit or game over) and the finished games",
    .help =
        "usage: prune perft GAME --depth N [options]\n"
        "\n"
        "  --depth N          plies below the root (0 counts the root alone)\n"
        "  --position TEXT    the root before --moves, as the game's position string (prune show\n"
        "                     prints it; docs/cli.md, Position strings); default the start\n"
        "  --moves M1,M2,...  moves played from the start (or --position) first, in the game's\n"
        "                     notation\n"
        "  --max-nodes N      stop with status 2 rather than count more than N positions\n"
        "                     (1 to 4000000000, default 200000000)\n"
        "  --json             one JSON object on one line: game, depth, position (when given),\n"
        "                     moves, nodes, leaves, finished\n"
        "  --help, -h         print this help\n",
};

static const option_spec show_options[] = {{"position", true}, {"moves", true}, {"help", false}, {NULL, false}};

const command command_show = {
    .name = "show", .operand = "GAME", .options = show_options, .run = run_show,
    .synopsis = "GAME [--position TEXT] [--moves M,...]",
    .summary = "print a position, its value, its legal moves and its position string",
    .help =
        "usage: prune show GAME [--position TEXT] [--moves M1,M2,...]\n"
        "\n"
        "  --position TEXT    the root before --moves, as the game's position string (prune show\n"
        "                     prints it; docs/cli.md, Position strings); default the start\n"
        "  --moves M1,M2,...  moves played from the start (or --position) first, in the game's\n"
        "                     notation\n"
        "  --help, -h         print this help\n",
};
