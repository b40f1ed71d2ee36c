/*
 * fuzz_position_text.c: libFuzzer target for the games' position strings
 * (NAME_read_position through game_entry.position_text, search and perft;
 * docs/cli.md#position-strings).
 *
 * Byte 0 picks the game; the rest, up to a NUL byte, is the position
 * string, and what follows its first space (if any) the move list.  The
 * engine must either refuse it with SEARCH_BAD_INPUT and a message (a bad
 * string: "bad position string for GAME: ...") or accept it, and then:
 *   - the position string it writes is one line of printable ASCII
 *     without spaces, at most 500 characters, with a '/';
 *   - without moves, that string is the input itself (one string per
 *     position: an accepted string is written back exactly);
 *   - the string reads back to itself;
 *   - a depth-2 negamax-ab search from it repeats in copy-make and do-undo
 *     (status, value, best move, nodes), and perft 1 from it counts as
 *     many children as the search's root could choose from.
 * Anything else aborts, as does a crash or a sanitizer report.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

#define FUZZ_NAME "fuzz_position_text"
#include "fuzz_common.h"

static void check_written(const char *name, const char *text)
{
    size_t n = strlen(text);
    CHECK(n > 0 && n <= 500 && strchr(text, '/'), "%s: written string '%s' is empty, too long or has no '/'", name,
          text);
    for (size_t i = 0; i < n; i++)
        CHECK(text[i] > ' ' && text[i] <= '~', "%s: written string '%s' has byte 0x%02x", name, text,
              (unsigned char)text[i]);
}

static void check_searches(const game_entry *game, const char *position)
{
    search_request q = {.config = config_find("negamax-ab"), .position = position, .moves = "", .depth = 2,
                        .max_nodes = 200000, .seed = 1, .untimed = true};
    search_result copy, undo;
    char message[512];
    search_status copy_status = game->search(&q, &copy, message, sizeof message);
    q.state = STATE_UNDO;
    search_status undo_status = game->search(&q, &undo, message, sizeof message);
    CHECK(copy_status == undo_status, "%s '%s': copy-make status %d, do-undo %d", game->name, position, copy_status,
          undo_status);
    if (copy_status != SEARCH_OK) return;
    CHECK(copy.value == undo.value && copy.nodes == undo.nodes && strcmp(copy.best, undo.best) == 0,
          "%s '%s': copy-make %d %s %llu nodes, do-undo %d %s %llu", game->name, position, copy.value, copy.best,
          (unsigned long long)copy.nodes, undo.value, undo.best, (unsigned long long)undo.nodes);
    perft_result perft;
    CHECK(game->perft(position, "", 1, 0, &perft, message, sizeof message) == SEARCH_OK, "%s '%s': perft: %s",
          game->name, position, message);
    CHECK(perft.nodes <= 1 + (uint64_t)game->max_moves, "%s '%s': %llu children, more than the game's %d",
          game->name, position, (unsigned long long)(perft.nodes - 1), game->max_moves);
    CHECK((perft.nodes == 1) == (strcmp(copy.best, "none") == 0), "%s '%s': perft counts %llu children, best %s",
          game->name, position, (unsigned long long)(perft.nodes - 1), copy.best);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const game_entry *game = game_at(data[0] % game_count());
    char *text = malloc(size);
    if (!text) return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    char *moves = strchr(text, ' ');
    if (moves) *moves++ = '\0';
    char out[SEARCH_POSITION_TEXT], again[SEARCH_POSITION_TEXT], message[512] = "";
    search_status status = game->position_text(text, moves ? moves : "", out, sizeof out, message, sizeof message);
    if (status != SEARCH_OK) {
        CHECK(status == SEARCH_BAD_INPUT && message[0], "%s: status %d, message '%s'", game->name, status, message);
        free(text);
        return 0;
    }
    check_written(game->name, out);
    CHECK(moves || !*text || strcmp(out, text) == 0, "%s: '%s' accepted but written as '%s'", game->name, text, out);
    CHECK(game->position_text(out, "", again, sizeof again, message, sizeof message) == SEARCH_OK &&
              strcmp(again, out) == 0,
          "%s: '%s' does not read back to itself", game->name, out);
    check_searches(game, out);
    free(text);
    return 0;
}
