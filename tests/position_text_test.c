/*
 * position_text_test.c: the games' position strings (NAME_write_position,
 * NAME_read_position, docs/cli.md#position-strings) and the engine's use of
 * them (search_request.position, game_entry.position_text).  For the game
 * named on the command line:
 *   - the header, directly, at every ply of LINES seeded random lines of
 *     varied lengths: the string is one line of printable ASCII without
 *     spaces, at most 500 characters, with a '/'; reading it back gives the
 *     same position: the same hash, legal moves, evaluations and game end,
 *     the same string, and after each legal move the same string, hash,
 *     evaluations and game end again; every legal move is below
 *     LADDER_HISTORY_MOVES (4096, engine/history.h's table; the game
 *     contract of games/README.md);
 *   - malformed strings are refused: the empty string, every truncation up
 *     to the last ':', every string with one character swapped for a
 *     stranger, longer strings and the game's impossible positions (every
 *     string of a 'bad position string for GAME' row of BAD_ROWS, normally
 *     tests/bad_input/position.txt: a game needs at least one); a swapped
 *     string that is accepted must be written back exactly as it was (one
 *     string per position) and its carried evaluation must equal the
 *     recount;
 *   - the engine, on SEARCHES of those lines: position_text of the moves
 *     reads back to itself and equals the text of the line's first part
 *     played on from its own string; searches from (position, no moves)
 *     and from (position of a prefix, the remaining moves) repeat the
 *     search from the move list exactly (value, best move, nodes and the
 *     ladder's counters), for negamax-ab and ladder-tt at depth 3 in both
 *     state modes and ladder-aspiration under a node limit; a bad string
 *     gets SEARCH_BAD_INPUT and "bad position string for GAME: ..." from
 *     position_text, search and perft (the impossible positions included).
 * Prints one line per failure and a summary `N passed, N failed`.
 *
 * The games are those of game_headers.h, which meson writes from a list of
 * games (the root meson.build's prune_games; tests/toy_game/'s own), so a
 * game needs no entry here.
 *
 * usage: position_text_test GAME BAD_ROWS
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_tally.h"
#include "history.h"
#include "random.h"
#include "search.h"

#include "game_headers.h"

#define LINES 300          /* random lines per game for the header's checks */
#define SEARCHES 120       /* of them, the lines searched through the engine */
#define MAX_TEXT 500       /* the longest position string allowed */
#define SEED 0x5EED0001ULL /* the lines' seeds are SEED + index */
#define MOVES_TEXT 8192

static uint64_t keys[2048]; /* the Zobrist keys, more than any game asks for */

/* One game's header behind a common face: states are opaque, moves widen
 * to 16 bits (every game's fit, games/README.md). */
typedef struct {
    const char *name;
    size_t state_size;
    void (*start)(void *);
    bool (*read)(const char *, void *);
    void (*write)(const void *, char *, size_t);
    int (*generate)(const void *, uint16_t *);
    void (*play)(void *, uint16_t);
    uint64_t (*hash)(const void *);
    int (*evaluate)(const void *);
    int (*evaluate_carried)(const void *);
    bool (*is_over)(const void *);
    bool (*max_to_move)(const void *);
} game_face;

#define STATE_ROOM 256 /* room for any game's state */
#define MOVE_ROOM 512  /* room for the moves of any accepted state, even one with too many pieces */
#define FACE(N)                                                                                            \
    _Static_assert(sizeof(N##_state) <= STATE_ROOM && _Alignof(N##_state) <= 16,                          \
                   #N "_state is larger than STATE_ROOM or aligned beyond 16");                            \
    static void N##_face_start(void *s) { N##_start(s); }                                                  \
    static bool N##_face_read(const char *text, void *s) { return N##_read_position(text, s); }            \
    static void N##_face_write(const void *s, char *out, size_t size) { N##_write_position(s, out, size); } \
    static int N##_face_generate(const void *s, uint16_t *out)                                             \
    {                                                                                                      \
        N##_move moves[MOVE_ROOM] = {0};                                                                   \
        int count = N##_generate_moves(s, moves);                                                          \
        for (int i = 0; i < count && i < MOVE_ROOM; i++) out[i] = (uint16_t)moves[i];                      \
        return count;                                                                                      \
    }                                                                                                      \
    static void N##_face_play(void *s, uint16_t m) { N##_play(s, (N##_move)m); }                          \
    static uint64_t N##_face_hash(const void *s) { return N##_hash(s, keys); }                             \
    static int N##_face_evaluate(const void *s) { return N##_evaluate(s); }                                \
    static int N##_face_evaluate_carried(const void *s) { return N##_evaluate_carried(s); }                \
    static bool N##_face_is_over(const void *s) { return N##_is_over(s); }                                 \
    static bool N##_face_max_to_move(const void *s) { return N##_max_to_move(s); }
#define FACE_OF(N)                                                                                          \
    {#N, sizeof(N##_state), N##_face_start, N##_face_read, N##_face_write, N##_face_generate, N##_face_play, \
     N##_face_hash, N##_face_evaluate, N##_face_evaluate_carried, N##_face_is_over, N##_face_max_to_move},

TEST_GAME_LIST(FACE)

static const game_face faces[] = {TEST_GAME_LIST(FACE_OF)};

/* The game's impossible positions, read from BAD_ROWS (load_impossible). */
#define MAX_IMPOSSIBLE 256
static char *impossible[MAX_IMPOSSIBLE + 1];

static void fail_text(const char *game, const char *text, const char *what)
{
    failed++;
    printf("FAIL %s '%s': %s\n", game, text, what);
}

static void expect(bool ok, const char *game, const char *text, const char *what)
{
    if (ok) passed++;
    else fail_text(game, text, what);
}

/* One line, printable ASCII without spaces, at most MAX_TEXT, with a '/'. */
static bool well_formed(const char *text)
{
    size_t n = strlen(text);
    if (n == 0 || n > MAX_TEXT || !strchr(text, '/')) return false;
    for (size_t i = 0; i < n; i++)
        if (text[i] <= ' ' || text[i] > '~') return false;
    return true;
}

/* One ply on from `s` and from `back`, its reading: after each legal move
 * the same string, hash, evaluations, game end and side to move, so that a
 * field the string leaves out or reads wrongly shows in the next position
 * if not in this one. */
static void check_children(const game_face *g, const void *s, const void *back, const char *text,
                           const uint16_t *moves, int count)
{
    _Alignas(16) unsigned char child[STATE_ROOM], back_child[STATE_ROOM];
    char child_text[MAX_TEXT + 2], back_text[MAX_TEXT + 2];
    bool same = true;
    for (int i = 0; i < count && same; i++) {
        memcpy(child, s, g->state_size);
        memcpy(back_child, back, g->state_size);
        g->play(child, moves[i]);
        g->play(back_child, moves[i]);
        g->write(child, child_text, sizeof child_text);
        g->write(back_child, back_text, sizeof back_text);
        same = strcmp(child_text, back_text) == 0 && g->hash(child) == g->hash(back_child) &&
               g->evaluate(child) == g->evaluate(back_child) &&
               g->evaluate_carried(child) == g->evaluate_carried(back_child) &&
               g->is_over(child) == g->is_over(back_child) && g->max_to_move(child) == g->max_to_move(back_child);
    }
    expect(same, g->name, text, "read back: a legal move leads elsewhere than from the position itself");
}

/* Reading `text` back: the same state as `s` in every respect the search sees. */
static void check_read_back(const game_face *g, const void *s, const char *text)
{
    _Alignas(16) unsigned char back[STATE_ROOM];
    char again_text[MAX_TEXT + 2];
    uint16_t moves[MOVE_ROOM], back_moves[MOVE_ROOM];
    memset(back, 0xA5, sizeof back);
    if (!g->read(text, back)) {
        fail_text(g->name, text, "its own string is refused");
        return;
    }
    expect(g->hash(s) == g->hash(back), g->name, text, "read back: another hash");
    expect(g->evaluate(s) == g->evaluate(back), g->name, text, "read back: another evaluation");
    expect(g->evaluate_carried(s) == g->evaluate_carried(back), g->name, text, "read back: another carried value");
    expect(g->is_over(s) == g->is_over(back) && g->max_to_move(s) == g->max_to_move(back), g->name, text,
           "read back: another game end or side to move");
    int count = g->is_over(s) ? 0 : g->generate(s, moves);
    int back_count = g->is_over(back) ? 0 : g->generate(back, back_moves);
    expect(count == back_count && memcmp(moves, back_moves, (size_t)count * sizeof *moves) == 0, g->name, text,
           "read back: other legal moves");
    bool below = true; /* the game contract: every move below LADDER_HISTORY_MOVES (engine/history.h) */
    for (int i = 0; i < count; i++) below = below && moves[i] < LADDER_HISTORY_MOVES;
    expect(below, g->name, text, "a legal move is not below LADDER_HISTORY_MOVES (4096)");
    g->write(back, again_text, sizeof again_text);
    expect(strcmp(again_text, text) == 0, g->name, text, "read back: written as another string");
    if (count == back_count) check_children(g, s, back, text, moves, count);
}

/* Every way to spoil `text` must be refused, or, where the spoiled string
 * is another position, read as a consistent state written back as it is. */
static void check_spoiled(const game_face *g, const char *text)
{
    static const char strangers[] = "./:,-0159IKOVXdkpqwxA ";
    _Alignas(16) unsigned char state[STATE_ROOM];
    char spoiled[MAX_TEXT + 64], again[MAX_TEXT + 64];
    size_t n = strlen(text), last_colon = (size_t)(strrchr(text, ':') - text);
    for (size_t length = 0; length <= last_colon + 1; length++) {
        memcpy(spoiled, text, length);
        spoiled[length] = '\0';
        expect(!g->read(spoiled, state), g->name, spoiled, "a truncated string is accepted");
    }
    snprintf(spoiled, sizeof spoiled, "%s/", text);
    expect(!g->read(spoiled, state), g->name, spoiled, "a longer string is accepted");
    snprintf(spoiled, sizeof spoiled, "%s0", text);
    bool accepted = g->read(spoiled, state);
    if (accepted) g->write(state, again, sizeof again);
    expect(!accepted || strcmp(again, spoiled) == 0, g->name, spoiled, "a longer string is not its own");
    for (size_t i = 0; i < n; i++)
        for (const char *c = strangers; *c; c++) {
            if (*c == text[i]) continue;
            memcpy(spoiled, text, n + 1);
            spoiled[i] = *c;
            if (!g->read(spoiled, state)) { passed++; continue; }
            uint16_t moves[MOVE_ROOM];
            g->write(state, again, sizeof again);
            expect(strcmp(again, spoiled) == 0, g->name, spoiled, "accepted, but written as another string");
            expect(g->evaluate(state) == g->evaluate_carried(state), g->name, spoiled,
                   "accepted, but the carried value differs from the recount");
            expect(g->is_over(state) || g->generate(state, moves) <= game_find(g->name)->max_moves, g->name,
                   spoiled, "accepted with more legal moves than the game's bound");
        }
}

static void check_header(const game_face *g, int lines)
{
    _Alignas(16) unsigned char state[STATE_ROOM];
    char text[MAX_TEXT + 2], long_text[1200];
    expect(!g->read("", state), g->name, "", "the empty string is accepted");
    memset(long_text, '.', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    expect(!g->read(long_text, state), g->name, "(1199 dots)", "an overlong string is accepted");
    for (char **bad = impossible; *bad; bad++)
        expect(!g->read(*bad, state), g->name, *bad, "an impossible position is accepted");
    for (int line = 0; line < lines; line++) {
        uint64_t rng = SEED + (uint64_t)line;
        int plies = (int)(splitmix64_next(&rng) % 90);
        g->start(state);
        for (int ply = 0;; ply++) {
            g->write(state, text, sizeof text);
            expect(well_formed(text), g->name, text, "not one line of at most 500 characters with a '/'");
            check_read_back(g, state, text);
            if (line % 25 == 0) check_spoiled(g, text);
            uint16_t moves[MOVE_ROOM];
            int count = g->is_over(state) ? 0 : g->generate(state, moves);
            if (ply == plies || count == 0) break;
            g->play(state, moves[splitmix64_next(&rng) % (uint64_t)count]);
        }
    }
}

/* ---- the engine: position_text and searches from a position ---- */

static bool text_of(const game_entry *game, const char *position, const char *moves, char *out)
{
    char message[256];
    if (game->position_text(position, moves, out, SEARCH_POSITION_TEXT, message, sizeof message) == SEARCH_OK)
        return true;
    failed++;
    printf("FAIL %s position_text('%s', '%s'): %s\n", game->name, position ? position : "(start)", moves, message);
    return false;
}

static bool run(const game_entry *game, search_request q, search_result *r)
{
    char message[256];
    if (game->search(&q, r, message, sizeof message) == SEARCH_OK) return true;
    failed++;
    printf("FAIL %s search %s from '%s' [%s]: %s\n", game->name, q.config->name, q.position ? q.position : "",
           q.moves, message);
    return false;
}

/* Searches of one position named three ways must agree exactly. */
static void check_searches(const game_entry *game, const char *moves, const char *text, const char *prefix_text,
                           const char *rest, search_request q)
{
    search_result by_moves, by_text, by_prefix;
    q.position = NULL;
    q.moves = moves;
    if (!run(game, q, &by_moves)) return;
    q.position = text;
    q.moves = "";
    if (!run(game, q, &by_text)) return;
    q.position = prefix_text;
    q.moves = rest;
    if (!run(game, q, &by_prefix)) return;
    const search_result *others[2] = {&by_text, &by_prefix};
    for (int i = 0; i < 2; i++) {
        const search_result *r = others[i];
        const char *what = i ? "from a prefix's string" : "from the string";
        char label[64];
        snprintf(label, sizeof label, "%s (%s)", what, q.state == STATE_UNDO ? "undo" : "copy");
        check(r->value == by_moves.value, game->name, moves, q.config->name, q.depth, "value", r->value,
              by_moves.value);
        check(r->nodes == by_moves.nodes, game->name, moves, q.config->name, q.depth, "nodes", (long long)r->nodes,
              (long long)by_moves.nodes);
        check(r->root_max == by_moves.root_max, game->name, moves, q.config->name, q.depth, "root_max",
              r->root_max, by_moves.root_max);
        check(r->tt_probes == by_moves.tt_probes && r->tt_hits == by_moves.tt_hits &&
                  r->researches == by_moves.researches && r->iterations == by_moves.iterations,
              game->name, moves, q.config->name, q.depth, "ladder counters (probes)", (long long)r->tt_probes,
              (long long)by_moves.tt_probes);
        if (strcmp(r->best, by_moves.best) != 0) {
            failed++;
            printf("FAIL %s [%s] %s depth %d %s: best %s, expected %s\n", game->name, moves, q.config->name,
                   q.depth, label, r->best, by_moves.best);
        } else {
            passed++;
        }
    }
}

static void check_engine(const game_entry *game, int lines)
{
    char moves[MOVES_TEXT], prefix[MOVES_TEXT], text[SEARCH_POSITION_TEXT], again[SEARCH_POSITION_TEXT];
    char prefix_text[SEARCH_POSITION_TEXT], from_prefix[SEARCH_POSITION_TEXT], start[SEARCH_POSITION_TEXT];
    if (!text_of(game, NULL, "", start)) return;
    expect(text_of(game, "", "", again) && strcmp(again, start) == 0, game->name, start,
           "\"\" is not the start position");
    for (int line = 0; line < lines; line++) {
        uint64_t rng = SEED + 1000003ULL * (uint64_t)(line + 1);
        int plies = (int)(splitmix64_next(&rng) % 60);
        game->random_line(splitmix64_next(&rng), plies, moves, sizeof moves);
        if (!text_of(game, NULL, moves, text) || !text_of(game, text, "", again)) continue;
        expect(strcmp(again, text) == 0, game->name, text, "position_text of the string is another string");
        /* The line split after a seeded number of its moves. */
        size_t count = *moves ? 1 : 0;
        for (const char *c = moves; *c; c++) count += *c == ',';
        size_t keep = count ? (size_t)(splitmix64_next(&rng) % (count + 1)) : 0, seen = 0;
        const char *rest = moves;
        while (seen < keep) {
            const char *comma = strchr(rest, ',');
            rest = comma ? comma + 1 : rest + strlen(rest);
            seen++;
        }
        size_t prefix_length = (size_t)(rest - moves) - (keep && *rest ? 1 : 0);
        memcpy(prefix, moves, prefix_length);
        prefix[prefix_length] = '\0';
        if (!text_of(game, NULL, prefix, prefix_text) || !text_of(game, prefix_text, rest, from_prefix)) continue;
        expect(strcmp(from_prefix, text) == 0, game->name, from_prefix,
               "the prefix's string played on is another position");
        for (int mode = 0; mode < 2; mode++) {
            state_mode state = mode ? STATE_UNDO : STATE_COPY;
            search_request q = {.depth = 3, .state = state, .seed = SEARCH_DEFAULT_SEED, .tt_mb = 1};
            q.config = config_find("negamax-ab");
            check_searches(game, moves, text, prefix_text, rest, q);
            q.config = config_find("ladder-tt");
            check_searches(game, moves, text, prefix_text, rest, q);
            if (line % 4 == 0) {
                q.config = config_find("ladder-aspiration");
                q.depth = game->max_depth;
                q.node_limit = 3000;
                check_searches(game, moves, text, prefix_text, rest, q);
            }
        }
    }
}

/* The strings of `path`'s rows 'bad position string for GAME: ...' (tests/check_bad_input.py's table:
 * TAB-separated, the expected message first, then prune's arguments, `''` the empty one, and \\n, \\t,
 * \\xHH and \\\\ for those bytes): the argument of each one's --position.  False, said, when the file
 * cannot be read or has no such row for the game. */
static bool load_impossible(const char *path, const char *game)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "position_text_test: cannot read %s\n", path);
        return false;
    }
    char line[4096], prefix[96];
    snprintf(prefix, sizeof prefix, "bad position string for %s: ", game);
    size_t count = 0;
    while (count < MAX_IMPOSSIBLE && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, prefix, strlen(prefix)) != 0) continue;
        const char *value = NULL;
        for (char *field = strtok(line, "\t"); field; field = strtok(NULL, "\t")) {
            if (strcmp(field, "--position") == 0) value = strtok(NULL, "\t");
            else if (strncmp(field, "--position=", 11) == 0) value = field + 11;
            if (value) break;
        }
        if (!value) continue;
        if (strcmp(value, "''") == 0) value = "";
        char *text = malloc(strlen(value) + 1), *out = text;
        if (!text) break;
        for (const char *c = value; *c; c++) {
            unsigned byte;
            if (c[0] == '\\' && c[1] == 'n') *out++ = '\n', c++;
            else if (c[0] == '\\' && c[1] == 't') *out++ = '\t', c++;
            else if (c[0] == '\\' && c[1] == '\\') *out++ = '\\', c++;
            else if (c[0] == '\\' && c[1] == 'x' && sscanf(c + 2, "%2x", &byte) == 1) *out++ = (char)byte, c += 3;
            else *out++ = *c;
        }
        *out = '\0';
        impossible[count++] = text;
    }
    fclose(f);
    if (count == 0)
        fprintf(stderr, "position_text_test: %s has no row 'bad position string for %s: ...' with a --position: "
                        "a game lists its impossible positions there (games/README.md)\n", path, game);
    return count > 0;
}

/* Bad strings through the engine: refused with one line naming the game. */
static void check_engine_refusals(const game_entry *game)
{
    char prefix[96], out[SEARCH_POSITION_TEXT], message[512], overlong[601];
    snprintf(prefix, sizeof prefix, "bad position string for %s: ", game->name);
    memset(overlong, '.', sizeof overlong - 1);
    overlong[300] = '/';
    overlong[sizeof overlong - 1] = '\0';
    const char *bad[8 + MAX_IMPOSSIBLE] = {"x", "/", ":", "4,4", "\n", overlong};
    size_t n = 6;
    for (char **b = impossible; *b; b++) bad[n++] = *b;
    for (const char **b = bad; b < bad + n; b++) {
        message[0] = '\0';
        search_status status = game->position_text(*b, "", out, sizeof out, message, sizeof message);
        expect(status == SEARCH_BAD_INPUT && strncmp(message, prefix, strlen(prefix)) == 0, game->name, *b,
               "not refused with 'bad position string for GAME: ...'");
        search_request q = {.config = config_find("negamax-ab"), .position = *b, .moves = "", .depth = 1};
        search_result r;
        message[0] = '\0';
        status = game->search(&q, &r, message, sizeof message);
        expect(status == SEARCH_BAD_INPUT && strncmp(message, prefix, strlen(prefix)) == 0, game->name, *b,
               "a search from it is not refused so");
        perft_result p;
        status = game->perft(*b, "", 1, 0, &p, message, sizeof message);
        expect(status == SEARCH_BAD_INPUT && strncmp(message, prefix, strlen(prefix)) == 0, game->name, *b,
               "perft from it is not refused so");
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: position_text_test GAME BAD_ROWS\n");
        return 2;
    }
    const game_entry *game = game_find(argv[1]);
    const game_face *face = NULL;
    for (size_t i = 0; i < sizeof faces / sizeof *faces; i++)
        if (strcmp(faces[i].name, argv[1]) == 0) face = &faces[i];
    if (!game || !face) {
        fprintf(stderr, "position_text_test: unknown game '%s' (not in game_headers.h's list, or not compiled)\n",
                argv[1]);
        return 2;
    }
    if (!load_impossible(argv[2], game->name)) return 2;
    uint64_t rng = 1;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) keys[i] = splitmix64_next(&rng);
    check_header(face, LINES);
    check_engine(game, SEARCHES);
    check_engine_refusals(game);
    printf("%s: %d passed, %d failed\n", game->name, passed, failed);
    for (char **b = impossible; *b; b++) free(*b);
    return failed ? 1 : 0;
}
