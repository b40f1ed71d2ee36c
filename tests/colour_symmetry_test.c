/* colour_symmetry_test: the premise of the strength study's null tests
 * (docs/strength.md, "The null tests under the node budget").  A side
 * playing itself can score other than 0.5 only by chance if a game is a
 * function of its opening and its seed alone, whichever side plays first,
 * and a side carries nothing from one game to the next.  Then the pair's
 * two games, each with its own seed, have mirrored distributions, and a
 * self-play line's expected score is exactly 0.5.
 *
 * For every compiled game, for negamax-ab and ladder-pvs (its own table)
 * against themselves at 1,000 nodes a move, from seeded random openings of
 * four plies, each seed played three times by match_play (match/):
 *  - A first, then B first with the same seed: the same moves, plies and
 *    end, A's outcome mirrored (a win for the first player is A's win in
 *    the one and A's loss in the other);
 *  - A first again after those two: the first game, move for move.
 * So that the comparison can fail, the same is played with two different
 * sides (negamax-ab against negamax-ab,depth=1): there the two colourings
 * must differ in at least one game of each game's set.
 *
 *     colour_symmetry_test
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "match_types.h"
#include "search.h"

#define OPENINGS 6        /* random openings a game and config */
#define OPENING_PLIES 4
#define NODES 1000        /* every game's depth-1 search fits under it (match_side_check) */

static int failures;

static bool play(const game_entry *game, match_side sides[2], const char *opening, bool a_first, uint64_t seed,
                 match_game *out)
{
    match_rules rules = {.limit = {.kind = LIMIT_NODES, .value = NODES}, .margin_ms = MATCH_DEFAULT_MARGIN_MS};
    char message[MATCH_REFUSAL_SIZE];
    if (match_play(game, sides, &rules, opening, a_first, seed, out, message, sizeof message) == PLAY_OK) return true;
    printf("FAIL %s from '%s', seed %" PRIu64 ": %s\n", game->name, opening, seed, message);
    failures++;
    return false;
}

/* The same game with the colours swapped: A's outcome mirrored. */
static bool mirrored(const match_game *a_first, const match_game *b_first)
{
    return strcmp(a_first->moves, b_first->moves) == 0 && a_first->plies == b_first->plies &&
           a_first->end == b_first->end && a_first->outcome == OUTCOME_WIN - b_first->outcome;
}

static bool same(const match_game *x, const match_game *y)
{
    return strcmp(x->moves, y->moves) == 0 && x->plies == y->plies && x->end == y->end && x->outcome == y->outcome;
}

static bool sides_open(const char *a, const char *b, match_side sides[2])
{
    char message[MATCH_REFUSAL_SIZE];
    if (match_side_read("a", a, &sides[0], message, sizeof message) &&
        match_side_read("b", b, &sides[1], message, sizeof message) &&
        match_sides_allocate((const char *const[]){"a", "b"}, sides, 2, 64, message, sizeof message))
        return true;
    printf("FAIL sides %s, %s: %s\n", a, b, message);
    failures++;
    return false;
}

/* Plays OPENINGS seeds of `game` between `a` and `b` both ways round;
 * returns how many differed from the mirror (and checks the replay). */
static int differing(const game_entry *game, const char *a, const char *b)
{
    match_side sides[2];
    if (!sides_open(a, b, sides)) return -1;
    int differ = 0;
    for (uint64_t seed = 1; seed <= OPENINGS; seed++) {
        char opening[MATCH_MOVES_SIZE];
        game->random_line(seed * 7919, OPENING_PLIES, opening, sizeof opening);
        match_game first, second, again;
        if (!play(game, sides, opening, true, seed, &first) || !play(game, sides, opening, false, seed, &second) ||
            !play(game, sides, opening, true, seed, &again))
            break;
        differ += !mirrored(&first, &second);
        if (!same(&first, &again)) {
            printf("FAIL %s %s against %s from '%s', seed %" PRIu64 ": replayed after another game, the game "
                   "changed:\n  %s\n  %s\n", game->name, a, b, opening, seed, first.moves, again.moves);
            failures++;
        }
    }
    match_side_free(&sides[0]);
    match_side_free(&sides[1]);
    return differ;
}

int main(void)
{
    static const char *const configs[] = {"negamax-ab", "ladder-pvs,tt-mb=1"};
    for (size_t g = 0; g < game_count(); g++) {
        const game_entry *game = game_at(g);
        for (size_t c = 0; c < sizeof configs / sizeof *configs; c++) {
            int differ = differing(game, configs[c], configs[c]);
            if (differ > 0) {
                printf("FAIL %s %s against itself: %d of %d games changed when the colours were swapped\n",
                       game->name, configs[c], differ, OPENINGS);
                failures++;
            }
        }
        int control = differing(game, "negamax-ab", "negamax-ab,depth=1");
        if (control == 0) {
            printf("FAIL %s negamax-ab against negamax-ab,depth=1: no game changed when the colours were swapped "
                   "(the comparison cannot fail)\n", game->name);
            failures++;
        }
        printf("%s: %d of %d control games changed with the colours\n", game->name, control, OPENINGS);
    }
    printf("%d failures\n", failures);
    return failures ? 1 : 0;
}
