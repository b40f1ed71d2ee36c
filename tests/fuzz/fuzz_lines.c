/*
 * fuzz_lines.c: libFuzzer target for move lines that go deep, to the end of
 * the game and past it.
 *
 * Input: byte 0 picks the game, byte 1 the config, byte 2 the depth (1..3)
 * and the transposition table's replacement scheme (ladder configs),
 * byte 3 the plies of a seeded random legal line (random_line, seeded by
 * bytes 4 and 5) that comes first; the rest is text appended to that line
 * after a comma (or the whole line when byte 3 is 0).  A random prefix
 * reaches the late game and the end of every game at once, so the fuzzer's
 * own text is tried in positions it could hardly spell out.
 *
 * Besides crashes and sanitizer reports, the target aborts when
 *   - a line that random_line wrote is rejected (the formatter and the
 *     parser disagree),
 *   - show, perft and search disagree on whether the line is legal, or a
 *     rejection has no message,
 *   - perft to depth 1 does not count exactly the legal moves show lists,
 *   - a search's best move is not one of them ("none" exactly when there
 *     are none),
 *   - copy-make and do-undo give a different status, value, best move or
 *     counters (table probes, hits and cutoffs, re-searches, iterations
 *     too) for the same search (they must visit the same tree).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

#define FUZZ_NAME "fuzz_lines"
#include "fuzz_common.h"

#define LINE_SIZE 8192
#define FUZZ_MAX_NODES 5000


/* A rejection has a message.  It may quote the bad move as given, line
 * breaks included: the command line escapes it (fuzz_cli checks that). */
static void check_message(const char *what, const char *message)
{
    CHECK(message[0] != '\0', "%s rejected the line without a message", what);
}

/* The legal moves after `moves` as show prints them (the text after
 * "legal moves: " on its line, "none" when there are none), into
 * `legal`; returns the status of show. */
static search_status show_legal(const game_entry *game, const char *moves, char *legal, size_t legal_size)
{
    char message[256] = "";
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    CHECK(out, "open_memstream failed");
    search_status status = game->show(NULL, moves, out, message, sizeof message);
    fclose(out);
    legal[0] = '\0';
    if (status == SEARCH_OK) {
        const char *tail = strstr(text, "legal moves: ");
        CHECK(tail, "%s show printed no legal moves line", game->name);
        tail += strlen("legal moves: ");
        size_t n = strcspn(tail, "\n");
        CHECK(n < legal_size, "%s: legal move list too long", game->name);
        memcpy(legal, tail, n);
        legal[n] = '\0';
    } else {
        CHECK(status == SEARCH_BAD_INPUT, "%s show returned %d", game->name, (int)status);
        check_message("show", message);
    }
    free(text);
    return status;
}

static size_t count_moves(const char *legal)
{
    if (strcmp(legal, "none") == 0) return 0;
    size_t count = 1;
    for (const char *c = legal; *c; c++) count += *c == ',';
    return count;
}

/* `move` is one of the comma-separated `legal`. */
static int listed(const char *legal, const char *move)
{
    size_t n = strlen(move);
    for (const char *p = legal; *p;) {
        size_t length = strcspn(p, ",");
        if (length == n && memcmp(p, move, n) == 0) return 1;
        p += length + (p[length] == ',');
    }
    return 0;
}

static int replace_scheme;  /* the ladder's replacement scheme (a tt_replace), from the input */

static search_status run_search(const game_entry *game, const search_config *config, const char *moves,
                                int depth, state_mode state, search_result *result, char *message,
                                size_t message_size)
{
    /* A 1 MiB table: cleared per search, and full sooner, so replacement runs. */
    search_request request = {.config = config, .moves = moves, .depth = depth, .max_nodes = FUZZ_MAX_NODES,
                              .state = state, .seed = 7, .untimed = true, .tt_mb = 1, .tt_replace = replace_scheme,
                              .iterations = config->algorithm == ALGORITHM_MCTS ? 50 : 0}; /* MCTS has no depth */
    *result = (search_result){0};
    message[0] = '\0';
    return game->search(&request, result, message, message_size);
}

/* Copy-make and do-undo on the same search: the same tree, so the same
 * answer and counters (tree_bytes differs: the nodes differ in size). */
static void check_states(const game_entry *game, const search_config *config, const char *moves, int depth,
                         search_status legal_status, const char *legal)
{
    search_result copy, undo;
    char copy_message[256], undo_message[256];
    search_status s_copy = run_search(game, config, moves, depth, STATE_COPY, &copy, copy_message, sizeof copy_message);
    search_status s_undo = run_search(game, config, moves, depth, STATE_UNDO, &undo, undo_message, sizeof undo_message);
    CHECK(s_copy == s_undo, "%s %s depth %d: copy status %d, undo status %d", game->name, config->name, depth,
          (int)s_copy, (int)s_undo);
    if (s_copy == SEARCH_BUDGET_EXCEEDED) return;
    CHECK((s_copy == SEARCH_OK) == (legal_status == SEARCH_OK), "%s: search and show disagree on the line",
          game->name);
    if (s_copy != SEARCH_OK) {
        check_message("search", copy_message);
        CHECK(strcmp(copy_message, undo_message) == 0, "copy and undo messages differ: %s | %s", copy_message,
              undo_message);
        return;
    }
    CHECK(copy.value == undo.value && strcmp(copy.best, undo.best) == 0 && copy.nodes == undo.nodes &&
              copy.created == undo.created && copy.evals == undo.evals && copy.passes == undo.passes &&
              copy.root_max == undo.root_max && copy.tt_probes == undo.tt_probes && copy.tt_hits == undo.tt_hits &&
              copy.tt_cutoffs == undo.tt_cutoffs && copy.researches == undo.researches &&
              copy.iterations == undo.iterations,
          "%s %s depth %d: copy says %d %s %llu nodes, undo says %d %s %llu nodes", game->name, config->name,
          depth, copy.value, copy.best, (unsigned long long)copy.nodes, undo.value, undo.best,
          (unsigned long long)undo.nodes);
    if (count_moves(legal) == 0)
        CHECK(strcmp(copy.best, "none") == 0, "%s: best move %s with no legal move", game->name, copy.best);
    else
        CHECK(listed(legal, copy.best), "%s %s: best move %s is not among %s", game->name, config->name,
              copy.best, legal);
}

static void check_line(const game_entry *game, const search_config *config, const char *moves, int depth,
                       int must_be_legal)
{
    char legal[4096];
    search_status status = show_legal(game, moves, legal, sizeof legal);
    CHECK(!must_be_legal || status == SEARCH_OK, "%s rejected its own random line: %s", game->name, moves);
    perft_result perft;
    char message[256] = "";
    search_status perft_status = game->perft(NULL, moves, 1, FUZZ_MAX_NODES, &perft, message, sizeof message);
    CHECK(perft_status == status, "%s: perft and show disagree on the line", game->name);
    if (status == SEARCH_OK) {
        size_t count = count_moves(legal);
        CHECK(perft.nodes == 1 + count && perft.leaves == (count ? count : 1),
              "%s: perft 1 counts %llu nodes, show lists %zu moves", game->name,
              (unsigned long long)perft.nodes, count);
    } else {
        check_message("perft", message);
    }
    check_states(game, config, moves, depth, status, legal);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 6 || size > LINE_SIZE / 2) return 0;
    const game_entry *game = game_at(data[0] % game_count());
    const search_config *config = config_at(data[1] % config_count());
    int depth = 1 + data[2] % 3;
    replace_scheme = data[2] / 3 % 2;
    int plies = data[3];
    static char line[LINE_SIZE];
    line[0] = '\0';
    if (plies) game->random_line((uint64_t)data[4] << 8 | data[5], plies, line, LINE_SIZE / 2);
    size_t used = strlen(line);
    if (plies && size > 6) check_line(game, config, line, depth, 1);
    if (used && size > 6) line[used++] = ',';
    memcpy(line + used, data + 6, size - 6);
    line[used + size - 6] = '\0';
    check_line(game, config, line, depth, plies && size == 6);
    return 0;
}
