/* cli.h: what prune's commands share (cli/prune.c dispatches to them).
 *
 * A command is one `command` value: its name, operand, option table, help
 * and run function.  Adding a command is writing one such value in its own
 * file and one line in prune.c's list; `prune --help` is made from the
 * list, and the options are checked (options.h) before run is called. */
#ifndef PRUNE_CLI_H
#define PRUNE_CLI_H

#include "options.h"
#include "search.h"

/* Exit statuses of prune. */
enum {
    CLI_OK = 0,
    CLI_FAILED = 1,     /* the work failed (bench mismatch, a write that failed) */
    CLI_BAD_INPUT = 2,  /* bad input or a budget exceeded: one line on stderr, nothing on stdout */
};

typedef struct {
    const char *name;
    const char *operand;         /* "GAME", or NULL when the command takes none */
    const option_spec *options;  /* must include help */
    const char *synopsis;        /* the arguments after the name, for prune --help */
    const char *summary;         /* what the command does, for prune --help */
    const char *help;            /* prune NAME --help */
    void (*print_help)(void);    /* prints the help instead of `help` when the help lists data (optional) */
    int (*run)(const options *o);
} command;

extern const command command_games, command_configs, command_search, command_perft, command_show,
    command_bench, command_solve, command_match, command_match_merge, command_openings, command_ugi;

/* Prints "prune: " and the formatted message on one line of stderr (user
 * input in it escaped: escape.h) and exits with CLI_BAD_INPUT.  Every
 * message prune gives about bad input goes through here. */
_Noreturn void cli_fail(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The value of whole-number option `name` in [minimum, maximum], `absent`
 * when it was not given; fails naming the option otherwise. */
long long cli_number(const options *o, const char *name, long long minimum, long long maximum,
                     long long absent);

/* --max-memory-mb, the memory bound in MiB of a command that searches
 * (docs/cli.md, "Memory"): memory_default_mb() when it is not given; more
 * than the machine's physical memory fails, up front. */
size_t cli_memory_bound(const options *o);

/* The game named by the operand; fails when it is missing or unknown. */
const game_entry *cli_game(const options *o);

/* Flushes and closes standard output; false (after one line on stderr)
 * when anything written to it was lost, e.g. to a full disk. */
bool cli_close_stdout(void);

#endif
