/*
 * fuzz_input.c: a libFuzzer target for every parser of user input.
 *
 * The first byte picks the target: the command line's own parsers (numbers,
 * the option tables, the escaping of echoed text), or a game whose move-list parser and legality check get the rest of the input
 * as a --moves string (through perft, show and a depth-1 search with a
 * config picked by the second byte).  Any crash, sanitizer report or hang
 * is a failure; wrong answers are the other tests' business.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "numbers.h"
#include "options.h"
#include "search.h"

static FILE *null_sink(void)
{
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    return sink;
}

/* The command line's parsers on `text`: as a number, as text to escape,
 * and split at spaces as the arguments of a command with every kind of
 * option (search's table, which has values, flags and an operand). */
static void fuzz_command_line(char *text)
{
    long long value;
    double seconds;
    parse_whole_number(text, -1000, 4000000000LL, &value);
    parse_decimal_number(text, 0, 1e6, &seconds);
    if (null_sink()) { escape_json(null_sink(), text); escape_message(null_sink(), text); }
    static const option_spec table[] = {{"config", true}, {"depth", true}, {"json", false}, {"help", false},
                                        {NULL, false}};
    char *argv[64];
    int argc = 0;
    for (char *word = strtok(text, " "); word && argc < 64; word = strtok(NULL, " ")) argv[argc++] = word;
    options o;
    char message[256];
    if (options_parse("search", table, "GAME", argc, argv, 0, &o, message, sizeof message) == OPTIONS_OK)
        options_value(&o, "depth");
}

static void fuzz_game(const game_entry *game, const search_config *config, const char *moves)
{
    char message[256];
    perft_result perft;
    game->perft(NULL, moves, 1, 10000, &perft, message, sizeof message);
    if (null_sink()) game->show(NULL, moves, null_sink(), message, sizeof message);
    search_request request = {.config = config, .moves = moves, .depth = 1, .max_nodes = 10000,
                              .state = STATE_UNDO, .seed = 1,
                              .iterations = config->algorithm == ALGORITHM_MCTS ? 50 : 0}; /* MCTS has no depth */
    search_result result;
    game->search(&request, &result, message, sizeof message);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    char *text = malloc(size - 1);
    if (!text) return 0;
    memcpy(text, data + 2, size - 2);
    text[size - 2] = '\0';
    size_t target = data[0] % (game_count() + 1);
    if (target == 0) {
        fuzz_command_line(text);
    } else {
        fuzz_game(game_at(target - 1), config_at(data[1] % config_count()), text);
    }
    free(text);
    return 0;
}
