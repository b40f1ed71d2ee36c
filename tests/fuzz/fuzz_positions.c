/*
 * fuzz_positions.c: libFuzzer target for the Connect Four test-set reader
 * of `prune solve connect4 --positions FILE` (cli/solve_positions.c).
 *
 * Byte 0 picks --limit (0..3, 0: every line), byte 1 the shard (shards
 * 0..3, 0: none); the rest is written to a file as it is and loaded.  The
 * reader must either reject it with a one-line message naming FILE:LINE
 * or the file, or give lines that
 *   - hold 1..7 digits only, at most 42, and a score in -21..21 when
 *     checked (a bare `moves` line has none: score 0, not checked, and
 *     at least one move: an empty line is refused),
 *   - are legal positions for the connect4 game too, and not won (its
 *     move parser and the solver's checker must agree; a full board is a
 *     draw the solver can score),
 *   - come in file order, as many as the selection keeps of the file, and
 *   - read back the same when written out as `moves score` or bare
 *     `moves` lines.
 * Anything else aborts, as does a crash or a sanitizer report.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "search.h"
#include "solve_positions.h"

#define FUZZ_NAME "fuzz_positions"
#include "fuzz_common.h"



/* The lines of the file as fgets splits them (the reader's unit). */
static size_t count_lines(const uint8_t *data, size_t size)
{
    size_t lines = 0;
    for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
    return lines + (size && data[size - 1] != '\n');
}

/* The game's view of a line: legal from the start and not finished. */
static void check_with_game(const solve_line *line)
{
    static const game_entry *game;
    if (!game) game = game_find("connect4");
    CHECK(game, "no connect4 game");
    char moves[2 * sizeof line->moves], message[256];
    size_t used = 0;
    for (const char *c = line->moves; *c; c++) {
        if (used) moves[used++] = ',';
        moves[used++] = *c;
    }
    moves[used] = '\0';
    perft_result perft;
    search_status status = game->perft(NULL, moves, 0, 1, &perft, message, sizeof message);
    CHECK(status == SEARCH_OK, "line %zu '%s': the solver accepts it, the game says %s", line->number, line->moves,
          message);
    CHECK(perft.finished == 0 || strlen(line->moves) == 42, "line %zu '%s': the solver accepts a won game",
          line->number, line->moves);
}

static void check_lines(const solve_line_set *set, const solve_line_selection *selection, size_t file_lines)
{
    size_t expected = 0;
    for (size_t i = 0; i < file_lines; i++)
        expected += (!selection->limit || i < selection->limit) &&
                    (!selection->shards || i % selection->shards == selection->shard);
    CHECK(set->count == expected, "%zu lines kept, the selection keeps %zu of %zu", set->count, expected,
          file_lines);
    for (size_t i = 0; i < set->count; i++) {
        const solve_line *line = &set->lines[i];
        size_t n = strlen(line->moves);
        CHECK((n >= 1 || line->checked) && n <= 42 && strspn(line->moves, "1234567") == n, "line %zu: moves '%s'",
              line->number, line->moves);
        CHECK(line->checked ? line->score >= -21 && line->score <= 21 : line->score == 0, "line %zu: score %d",
              line->number, line->score);
        CHECK(line->number >= 1 && line->number <= file_lines && (i == 0 || line->number > set->lines[i - 1].number),
              "line numbers out of order");
        check_with_game(line);
    }
}

static void check_round_trip(const solve_line_set *set)
{
    FILE *f = fopen(output_path, "wb");
    CHECK(f, "cannot write %s", output_path);
    for (size_t i = 0; i < set->count; i++) {
        const solve_line *line = &set->lines[i];
        if (line->checked) fprintf(f, "%s %d\n", line->moves, line->score);
        else fprintf(f, "%s\n", line->moves);
    }
    CHECK(fclose(f) == 0, "cannot write %s", output_path);
    solve_line_set again;
    solve_line_selection all = {0};
    char message[1024] = "";
    CHECK(solve_positions_load(output_path, NULL, NULL, &all, &again, message, sizeof message),
          "round trip rejected: %s", message);
    CHECK(again.count == set->count, "round trip: %zu lines became %zu", set->count, again.count);
    for (size_t i = 0; i < set->count; i++)
        CHECK(strcmp(again.lines[i].moves, set->lines[i].moves) == 0 && again.lines[i].score == set->lines[i].score &&
                  again.lines[i].checked == set->lines[i].checked,
              "round trip: line %zu changed", i + 1);
    solve_positions_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    fuzz_scratch_files();
    solve_line_selection selection = {.limit = data[0] % 4, .shards = data[1] % 4};
    if (selection.shards) selection.shard = (size_t)(data[1] / 4) % selection.shards;
    fuzz_write_bytes(input_path, data + 2, size - 2);
    solve_line_set set;
    char message[1024] = "";
    if (!solve_positions_load(input_path, NULL, NULL, &selection, &set, message, sizeof message)) {
        CHECK(message[0] && !strchr(message, '\n'), "rejection without a one-line message: '%s'", message);
        CHECK(strncmp(message, input_path, strlen(input_path)) == 0 || strstr(message, input_path),
              "the message does not name the file: %s", message);
        CHECK(set.count == 0 && set.lines == NULL, "a rejected set is not empty");
        return 0;
    }
    check_lines(&set, &selection, count_lines(data + 2, size - 2));
    check_round_trip(&set);
    solve_positions_free(&set);
    return 0;
}
