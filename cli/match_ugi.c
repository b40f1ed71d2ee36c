/* match_ugi.c: `prune ugi GAME --config SPEC`, one prune config speaking
 * the Universal Game Interface on standard input and output
 * (docs/cli.md#prune-ugi): its options read and its side allocated, then
 * handed to the engine of the match subsystem (match/ugi_engine.h), which
 * answers the lines. */
#include <stdint.h>

#include "cli.h"
#include "match.h"
#include "ugi_engine.h"

static int run_ugi(const options *o)
{
    static ugi_engine e;
    e.game = cli_game(o);
    cli_match_side("config", options_value(o, "config"), &e.side);
    if (!e.side.config) cli_fail("prune ugi plays a config of prune, not an external engine (--config)");
    cli_match_sides_allocate((const char *const[]){"config"}, &e.side, 1, cli_memory_bound(o));
    e.seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, 1);
    char message[MATCH_REFUSAL_SIZE];
    if (!ugi_serve(&e, message, sizeof message)) cli_fail("%s", message);
    return CLI_OK;
}

static const option_spec ugi_options[] = {
    {"config", true}, {"seed", true}, {"max-memory-mb", true}, {"help", false}, {NULL, false},
};

const command command_ugi = {
    .name = "ugi", .operand = "GAME", .options = ugi_options, .run = run_ugi,
    .synopsis = "GAME --config SPEC [--seed S] [--max-memory-mb N]",
    .summary = "play one config over the Universal Game Interface (UGI) on standard input and output",
    .help =
        "usage: prune ugi GAME --config SPEC [--seed S] [--max-memory-mb N]\n"
        "\n"
        "  --config SPEC  a config and its options, as prune match --a takes them\n"
        "                 (ladder-pvs,tt-mb=64)\n"
        "  --seed S       the move-ordering seed until setoption name seed value S (default 1)\n"
        "  --max-memory-mb N\n"
        "                 memory bound in MiB: a larger table (tt-mb) is refused before the first\n"
        "                 line is read, and a tree config's search that would take more answers\n"
        "                 an info string error and a legal move; from 1 to physical memory,\n"
        "                 default " MEMORY_BOUND_DEFAULT_TEXT "\n"
        "  --help, -h     print this help\n"
        "\n"
        "Commands: ugi, isready, uginewgame, position startpos|fen X [moves M1 M2 ...],\n"
        "query gameover|p1turn|result, go nodes N | depth D | movetime T | infinite |\n"
        "p1time T p2time T [p1inc I p2inc I], stop, setoption name seed value S,\n"
        "setoption name threads value N and name smp value lazy|abdada (ladder configs), quit.\n"
        "Searches run beside the input: isready, stop and quit are answered at once.\n",
};
