/* match_ugi.c: `prune ugi GAME --config SPEC`, one prune config speaking
 * the Universal Game Interface (UGI: the UCI-like protocol of the
 * cutegames match runner) on standard input and output, so that an
 * external match runner can play it (docs/strength.md#ugi).
 *
 * A move searches like a side of prune match (match_side_move): the table
 * is emptied by uginewgame and kept across the game's moves, and
 * `setoption name seed value S` sets the next search's move-ordering seed,
 * which is how prune match gives an external prune the seeds an internal
 * side would get.  Lines it does not understand are answered with
 * `info string` and otherwise ignored, as UCI engines do. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "match.h"
#include "numbers.h"

#define UGI_LINE_SIZE 16384
#define UGI_DEFAULT_MOVETIME_MS 1000

typedef struct {
    const game_entry *game;
    match_side side;
    char moves[MATCH_MOVES_SIZE]; /* the position: moves from the start */
    uint64_t seed;
    bool keep;                    /* a search of this game came before */
} ugi_engine;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void reply(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);
}

/* position startpos [moves M1 M2 ...]; the moves are checked here. */
static void ugi_position(ugi_engine *e, char *rest)
{
    char *save = NULL, *word = strtok_r(rest, " \t", &save);
    if (!word || strcmp(word, "startpos") != 0) {
        reply("info string prune takes only position startpos [moves ...]");
        return;
    }
    char moves[MATCH_MOVES_SIZE] = "", message[256];
    word = strtok_r(NULL, " \t", &save);
    if (word && strcmp(word, "moves") == 0) {
        size_t used = 0;
        for (word = strtok_r(NULL, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
            size_t length = strlen(word);
            if (used + length + 2 > sizeof moves) { reply("info string too many moves"); return; }
            if (used) moves[used++] = ',';
            memcpy(moves + used, word, length + 1);
            used += length;
        }
    }
    match_position p;
    if (!match_probe(e->game, moves, &p, message, sizeof message)) {
        reply("info string %s", message);
        return;
    }
    strcpy(e->moves, moves);
}

static void ugi_query(ugi_engine *e, const char *question)
{
    match_position p;
    char message[256];
    if (!match_probe(e->game, e->moves, &p, message, sizeof message)) p = (match_position){0};
    if (strcmp(question, "gameover") == 0) reply("response %s", p.over ? "true" : "false");
    else if (strcmp(question, "p1turn") == 0) reply("response %s", p.max_to_move ? "true" : "false");
    else if (strcmp(question, "result") == 0)
        reply("response %s", !p.over ? "none" : p.maximiser_value > 0 ? "p1win" : p.maximiser_value < 0 ? "p2win" : "draw");
    else reply("info string unknown query '%s'", question);
}

/* go nodes N | depth D | movetime T | p1time T p2time T [p1inc I p2inc I] */
static void ugi_go(ugi_engine *e, char *rest)
{
    /* Searches are synchronous, so stop cannot end one: go and go infinite
     * search for a second instead. */
    match_limit limit = {.kind = LIMIT_TIME, .value = UGI_DEFAULT_MOVETIME_MS};
    match_position p;
    char message[256];
    char *save = NULL;
    long long p1time = -1, p2time = -1;
    for (char *word = strtok_r(rest, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
        char *value = strtok_r(NULL, " \t", &save);
        long long number;
        if (!value || !parse_whole_number(value, 1, 4000000000LL, &number)) continue;
        if (strcmp(word, "nodes") == 0) limit = (match_limit){LIMIT_NODES, (uint64_t)number};
        else if (strcmp(word, "depth") == 0) limit = (match_limit){LIMIT_DEPTH, (uint64_t)number};
        else if (strcmp(word, "movetime") == 0) limit = (match_limit){LIMIT_TIME, (uint64_t)number};
        else if (strcmp(word, "p1time") == 0) p1time = number;
        else if (strcmp(word, "p2time") == 0) p2time = number;
    }
    if (!match_probe(e->game, e->moves, &p, message, sizeof message) || p.over) {
        reply("bestmove none");
        return;
    }
    long long clock = p.max_to_move ? p1time : p2time;
    if (clock > 0) limit = (match_limit){LIMIT_TIME, (uint64_t)(clock / 30 > 0 ? clock / 30 : 1)}; /* a 30th of the clock */
    search_result r;
    uint64_t nodes;
    if (match_side_move(e->game, &e->side, &limit, e->moves, e->seed, e->keep, &r, &nodes, message, sizeof message) !=
        SEARCH_OK) {
        reply("info string %s", message);
        reply("bestmove none");
        return;
    }
    e->keep = true;
    reply("info nodes %" PRIu64 " score %d", nodes, r.value);
    reply("bestmove %s", r.best);
}

/* setoption name seed value S: S is any 64-bit seed (prune match sends
 * splitmix64 outputs), in decimal digits. */
static void ugi_setoption(ugi_engine *e, char *rest)
{
    char name[64], value[64], *end;
    if (sscanf(rest, "name %63s value %63s", name, value) == 2 && strcmp(name, "seed") == 0 && value[0] >= '0' &&
        value[0] <= '9') {
        errno = 0;
        unsigned long long seed = strtoull(value, &end, 10);
        if (!*end && !errno) {
            e->seed = seed;
            return;
        }
    }
    reply("info string prune ugi takes the option seed (a whole number below 2^64) only");
}

/* Answers one line; false on quit. */
static bool ugi_line(ugi_engine *e, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *rest = strchr(line, ' ');
    if (rest) *rest++ = '\0';
    else rest = line + strlen(line);
    if (strcmp(line, "quit") == 0) return false;
    if (strcmp(line, "ugi") == 0) {
        reply("id name prune %s", e->side.text);
        reply("id author prune");
        reply("option name seed type string default 1");
        reply("ugiok");
    } else if (strcmp(line, "isready") == 0) {
        reply("readyok");
    } else if (strcmp(line, "uginewgame") == 0) {
        e->keep = false;
        e->moves[0] = '\0';
    } else if (strcmp(line, "position") == 0) {
        ugi_position(e, rest);
    } else if (strcmp(line, "query") == 0) {
        ugi_query(e, rest);
    } else if (strcmp(line, "go") == 0) {
        ugi_go(e, rest);
    } else if (strcmp(line, "setoption") == 0) {
        ugi_setoption(e, rest);
    } else if (strcmp(line, "stop") != 0 && *line) {
        reply("info string unknown command '%s'", line);
    }
    return true;
}

static int run_ugi(const options *o)
{
    static ugi_engine e;
    e.game = cli_game(o);
    match_side_parse("config", options_value(o, "config"), &e.side);
    match_side_allocate("config", &e.side);
    e.seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, 1);
    static char line[UGI_LINE_SIZE];
    while (fgets(line, sizeof line, stdin) && ugi_line(&e, line)) {}
    match_side_free(&e.side);
    return CLI_OK;
}

static const option_spec ugi_options[] = {{"config", true}, {"seed", true}, {"help", false}, {NULL, false}};

const command command_ugi = {
    .name = "ugi", .operand = "GAME", .options = ugi_options, .run = run_ugi,
    .synopsis = "GAME --config SPEC [--seed S]",
    .summary = "play one config over the Universal Game Interface (UGI) on standard input and output",
    .help =
        "usage: prune ugi GAME --config SPEC [--seed S]\n"
        "\n"
        "  --config SPEC  a config and its options, as prune match --a takes them\n"
        "                 (ladder-pvs,tt-mb=64)\n"
        "  --seed S       the move-ordering seed until setoption name seed value S (default 1)\n"
        "  --help, -h     print this help\n"
        "\n"
        "Commands: ugi, isready, uginewgame, position startpos [moves ...], query gameover|p1turn|result,\n"
        "go nodes N | depth D | movetime T | p1time T p2time T, setoption name seed value S, stop, quit.\n",
};
