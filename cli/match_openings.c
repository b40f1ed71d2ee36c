/* match_openings.c: `prune openings`, balanced start positions for
 * matches (docs/strength.md#openings).
 *
 * Candidate i is the seeded random line of --plies plies from the start
 * (the game's random_line; its seed, and the seeds of its test games, come
 * from --seed and i alone).  It is kept when
 *   - the game goes on after it, after exactly --plies plies;
 *   - no earlier kept line reaches the same position (the game's position
 *     string, game_entry.position_text; the move list for a game without
 *     one);
 *   - in --games self-play games of one --config against itself at
 *     --nodes a move (match_play, each game its own seed, the colours
 *     alternating between the config's two copies), the first player
 *     scores within --band percent of one half; with --play-out a game an
 *     adjudication rule decides is played on to its end and counts as it
 *     ends, as the strength study plays such a game (prune match
 *     --play-out), so that the book is balanced for the games it will hold.
 * So candidate i's verdict depends on the seed and i only, never on
 * --count: a run with a smaller --count prints a prefix of a larger one.
 * The output (stdout) is the openings file prune match --openings reads,
 * its first line the command that wrote it, written whole at the end;
 * long runs print their progress on stderr. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "clock.h"
#include "match.h"
#include "random.h"

#define OPENINGS_MAX 100000
#define OPENINGS_GAMES_MAX 64
#define OPENINGS_GIVE_UP 20000 /* candidates in a row without a keep: the game has no more to give */
#define OPENINGS_PROGRESS 500   /* kept openings between two progress lines on stderr */
#define OPENINGS_MESSAGE 512

typedef enum { FORMAT_MOVES, FORMAT_FEN } openings_format;

/* The kept lines, and a set of their positions (open addressing on the
 * FNV-1a hash of the position's key, twice the kept lines' room). */
typedef struct {
    char **lines;           /* the kept move lists, in order */
    size_t count;
    char **keys;            /* the set's slots: a kept position's key, or NULL */
    size_t slots;
} openings_kept;

static uint64_t fnv1a(const char *text)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) h = (h ^ *p) * 0x100000001b3ULL;
    return h;
}

/* The slot of `key`: where it is, or the empty slot it would go to. */
static size_t key_slot(const openings_kept *k, const char *key)
{
    size_t slot = (size_t)(fnv1a(key) % k->slots);
    while (k->keys[slot] && strcmp(k->keys[slot], key) != 0) slot = (slot + 1) % k->slots;
    return slot;
}

static void free_kept(openings_kept *k)
{
    for (size_t i = 0; i < k->count; i++) free(k->lines[i]);
    for (size_t i = 0; i < k->slots; i++) free(k->keys[i]);
    free(k->lines);
    free(k->keys);
}

/* The position after `moves`: its position string, or the moves for a
 * game without one. */
static bool position_key(const game_entry *game, const char *moves, char *out, size_t size, char *message,
                         size_t message_size)
{
    if (!game->position_text) {
        snprintf(out, size, "%s", moves);
        return true;
    }
    return game->position_text(NULL, moves, out, size, message, message_size) == SEARCH_OK;
}

/* The first player's half points over the test games from `moves`, or -1
 * as soon as the band can no longer be reached (the verdict is the same:
 * the games left could not bring the score back). */
static int first_player_points(const game_entry *game, match_side sides[2], const match_rules *rules,
                               const char *moves, int games, int allowed, uint64_t *state)
{
    int points = 0; /* half points: a win 2, a draw 1 */
    char message[OPENINGS_MESSAGE];
    static match_game record; /* large (every move's time): not on the stack */
    for (int g = 0; g < games; g++) {
        bool a_first = g % 2 == 0;
        if (match_play(game, sides, rules, moves, a_first, splitmix64_next(state), &record, message, sizeof message) !=
            PLAY_OK)
            cli_fail("a test game from %s failed: %s", moves, message);
        points += a_first ? (int)record.outcome : 2 - (int)record.outcome;
        int left = 2 * (games - g - 1);
        if (points - games > allowed || points + left - games < -allowed) return -1;
    }
    return points;
}

static openings_format format_of(const options *o)
{
    const char *text = options_value(o, "format");
    if (!text || strcmp(text, "moves") == 0) return FORMAT_MOVES;
    if (strcmp(text, "fen") == 0) return FORMAT_FEN;
    cli_fail("--format must be moves or fen, not '%s'", text);
}

static int run_openings(const options *o)
{
    const game_entry *game = cli_game(o);
    size_t count = (size_t)cli_number(o, "count", 1, OPENINGS_MAX, 100);
    int plies = (int)cli_number(o, "plies", 1, 200, 4);
    uint64_t nodes = (uint64_t)cli_number(o, "nodes", 1, 100000000, 1000);
    int games = (int)cli_number(o, "games", 1, OPENINGS_GAMES_MAX, 4);
    int band = (int)cli_number(o, "band", 0, 50, 15);
    uint64_t seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, 1);
    openings_format format = format_of(o);
    const char *config = options_value(o, "config") ? options_value(o, "config") : "negamax-ab";
    if (strncmp(config, "ugi:", 4) == 0) cli_fail("--config must be one of prune's configs, not an external engine");
    if (format == FORMAT_FEN && !game->position_text) cli_fail("%s has no position strings for --format fen", game->name);
    bool play_out = options_given(o, "play-out");
    if (play_out && game->adjudication_margin <= 0)
        cli_fail("--play-out plays on a game the adjudication rule decides, and %s has none: its games are played "
                 "to the end",
                 game->name);
    match_side sides[2];
    for (int s = 0; s < 2; s++) cli_match_side("config", config, &sides[s]);
    cli_match_sides_allocate((const char *const[]){"config", "config"}, sides, 2, cli_memory_bound(o));
    match_rules rules = {
        .limit = {.kind = LIMIT_NODES, .value = nodes}, .margin_ms = MATCH_DEFAULT_MARGIN_MS, .play_out = play_out};
    /* |points - games| <= allowed is |score - 1/2| <= band / 100, in half points over `games` games */
    int allowed = band * games / 50;

    openings_kept kept = {.lines = calloc(count, sizeof(char *)), .slots = 2 * count + 1};
    kept.keys = calloc(kept.slots, sizeof(char *));
    if (!kept.lines || !kept.keys) cli_fail("out of memory");
    char moves[MATCH_MOVES_SIZE], key[MATCH_MOVES_SIZE + SEARCH_POSITION_TEXT], message[OPENINGS_MESSAGE];
    double start = clock_seconds();
    uint64_t i = 0, since_kept = 0;
    for (; kept.count < count && since_kept < OPENINGS_GIVE_UP; i++, since_kept++) {
        uint64_t state = seed ^ (i * 0x9E3779B97F4A7C15ULL), line_seed = splitmix64_next(&state);
        game->random_line(line_seed, plies, moves, sizeof moves);
        if (match_count_plies(moves) != plies || !match_position_playable(game, moves, message, sizeof message)) continue;
        if (!position_key(game, moves, key, sizeof key, message, sizeof message))
            cli_fail("no position string after %s: %s", moves, message);
        size_t slot = key_slot(&kept, key);
        if (kept.keys[slot]) continue;
        if (first_player_points(game, sides, &rules, moves, games, allowed, &state) < 0) continue;
        kept.keys[slot] = strdup(key);
        kept.lines[kept.count] = strdup(moves);
        if (!kept.keys[slot] || !kept.lines[kept.count]) cli_fail("out of memory");
        kept.count++;
        since_kept = 0;
        if (kept.count % OPENINGS_PROGRESS == 0 && kept.count < count) {
            double seconds = clock_seconds() - start;
            fprintf(stderr, "prune openings %s: %zu of %zu kept from %" PRIu64 " candidates (%.0f%%), %.0f s, "
                    "%.1f kept/s\n", game->name, kept.count, count, i + 1, 100.0 * (double)kept.count / (double)(i + 1),
                    seconds, seconds > 0 ? (double)kept.count / seconds : 0.0);
        }
    }
    for (int s = 0; s < 2; s++) match_side_free(&sides[s]);
    if (kept.count < count) {
        size_t found = kept.count;
        free_kept(&kept); /* cli_fail exits: free first, so a leak check sees none */
        cli_fail("only %zu of %zu openings of %d plies are new positions the first player scores %d%% to %d%% from "
                 "(%" PRIu64 " candidates; lower --count, or widen --band or --plies)",
                 found, count, plies, 50 - band, 50 + band, i);
    }
    printf("# prune openings %s --count %zu --plies %d --config %s --nodes %" PRIu64 " --games %d --band %d --seed %"
           PRIu64 "%s%s (kept %zu of %" PRIu64 " candidates)\n", game->name, count, plies, config, nodes, games, band,
           seed, play_out ? " --play-out" : "", format == FORMAT_FEN ? " --format fen" : "", count, i);
    for (size_t k = 0; k < kept.count; k++) {
        if (format == FORMAT_MOVES) {
            printf("%s\n", kept.lines[k]);
        } else if (game->position_text(NULL, kept.lines[k], key, sizeof key, message, sizeof message) == SEARCH_OK) {
            printf("%s\n", key);
        } else {
            free_kept(&kept);
            cli_fail("no position string: %s", message);
        }
    }
    free_kept(&kept);
    return CLI_OK;
}

static const option_spec openings_options[] = {
    {"count", true}, {"plies", true},  {"config", true}, {"nodes", true},  {"games", true},
    {"band", true},  {"seed", true},   {"play-out", false}, {"format", true}, {"max-memory-mb", true},
    {"help", false}, {NULL, false},
};

const command command_openings = {
    .name = "openings", .operand = "GAME", .options = openings_options, .run = run_openings,
    .synopsis = "GAME [--count N] [--plies P] [--config C] [--nodes N] [--games G] [--band B] [--seed S]\n"
                "         [--play-out] [--format moves|fen] [--max-memory-mb N]",
    .summary = "print balanced start positions for prune match --openings: seeded random lines,\n"
               "kept when the first player scores near half in short self-play, one per position",
    .help =
        "usage: prune openings GAME [options]\n"
        "\n"
        "  --count N     openings to find (1 to 100000, default 100); fewer found is status 2\n"
        "  --plies P     random plies from the start (default 4); a line the game ends in is dropped,\n"
        "                and so is a line reaching a position an earlier kept line reached\n"
        "  --config C    the config that plays the test games against itself (default negamax-ab;\n"
        "                CONFIG[,tt-mb=N]... as prune match's --a)\n"
        "  --nodes N     its node budget a move (default 1000)\n"
        "  --games G     test games a line, each its own seed (1 to 64, default 4)\n"
        "  --band B      keep a line when the first player scores within B percent of one half over\n"
        "                its test games (0 to 50, default 15: 35% to 65%)\n"
        "  --seed S      seed of the random lines and of the test games (default 1)\n"
        "  --play-out    a test game the game's adjudication rule decides is played on to its end and\n"
        "                counts as it ends, as prune match --play-out plays it (a game with a rule only)\n"
        "  --format F    moves (default): one move list a line; fen: the game's position string\n"
        "  --max-memory-mb N\n"
        "                memory bound in MiB: the config's two tables (one a player) must fit in it\n"
        "                together, else refused; from 1 to physical memory, default\n"
        "                " MEMORY_BOUND_DEFAULT_TEXT "\n"
        "  --help, -h    print this help\n"
        "\n"
        "Candidate i's verdict depends on --seed and i only: --count N prints the first N lines of\n"
        "any larger --count.  Progress goes to stderr every 500 openings kept.\n",
};
