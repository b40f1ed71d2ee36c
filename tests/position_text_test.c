/*
 * position_text_test.c: the games' position strings (NAME_write_position,
 * NAME_read_position, docs/cli.md#position-strings) and the engine's use of
 * them (search_request.position, game_entry.position_text).  For the game
 * named on the command line:
 *   - the header, directly, at every ply of LINES seeded random lines of
 *     varied lengths: the string is one line of printable ASCII without
 *     spaces, at most 500 characters, with a '/'; reading it back gives the
 *     same state field by field, hash, legal moves, evaluations and game
 *     end; and its text is the same string; every legal move is below
 *     LADDER_HISTORY_MOVES (4096, engine/history.h's table; the game
 *     contract of games/README.md);
 *   - malformed strings are refused: the empty string, every truncation up
 *     to the last ':', every string with one character swapped for a
 *     stranger, longer strings and the game's impossible positions (a
 *     table below); a swapped string that is accepted must be written back
 *     exactly as it was (one string per position) and its carried
 *     evaluation must equal the recount;
 *   - the engine, on SEARCHES of those lines: position_text of the moves
 *     reads back to itself and equals the text of the line's first part
 *     played on from its own string; searches from (position, no moves)
 *     and from (position of a prefix, the remaining moves) repeat the
 *     search from the move list exactly (value, best move, nodes and the
 *     ladder's counters), for negamax-ab and ladder-tt at depth 3 in both
 *     state modes and ladder-aspiration under a node limit; a bad string
 *     gets SEARCH_BAD_INPUT and "bad position string for GAME: ..." from
 *     position_text, search and perft.
 * Prints one line per failure and a summary `N passed, N failed`.
 *
 * usage: position_text_test GAME
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_tally.h"
#include "history.h"
#include "random.h"
#include "search.h"

#include "ardri.h"
#include "connect4.h"
#include "dots.h"
#include "kalah.h"
#include "minichess.h"
#include "ttt.h"

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
    bool (*same)(const void *, const void *);
    const char *const *impossible; /* well-formed strings of positions no game reaches, NULL-terminated */
} game_face;

#define MOVE_ROOM 512 /* room for the moves of any accepted state, even one with too many pieces */
#define FACE(N)                                                                                            \
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
     N##_face_hash, N##_face_evaluate, N##_face_evaluate_carried, N##_face_is_over, N##_face_max_to_move,    \
     N##_same, N##_impossible}

/* Field by field (structs may have padding). */
static bool ttt_same(const void *a_, const void *b_)
{
    const ttt_state *a = a_, *b = b_;
    return a->x == b->x && a->o == b->o && a->winner == b->winner && a->x_to_move == b->x_to_move;
}
static bool kalah_same(const void *a_, const void *b_)
{
    const kalah_state *a = a_, *b = b_;
    return a->rows[0] == b->rows[0] && a->rows[1] == b->rows[1];
}
static bool dots_same(const void *a_, const void *b_)
{
    const dots_state *a = a_, *b = b_;
    return a->lines == b->lines && a->owned[0] == b->owned[0] && a->owned[1] == b->owned[1] &&
           a->score == b->score && a->to_move == b->to_move;
}
static bool minichess_same(const void *a_, const void *b_)
{
    const minichess_state *a = a_, *b = b_;
    return memcmp(a->board, b->board, sizeof a->board) == 0 && a->ply == b->ply && a->balance == b->balance &&
           a->status == b->status;
}
static bool ardri_same(const void *a_, const void *b_)
{
    const ardri_state *a = a_, *b = b_;
    return a->attackers == b->attackers && a->defenders == b->defenders && a->king == b->king &&
           a->flags == b->flags && a->material == b->material;
}
static bool connect4_same(const void *a_, const void *b_)
{
    const connect4_state *a = a_, *b = b_;
    return a->bits.current == b->bits.current && a->bits.mask == b->bits.mask && a->bits.moves == b->bits.moves &&
           a->winner == b->winner;
}

/* Each game's impossible positions: every string is of the right form, so
 * only the game's own checks can refuse it. */
static const char *const ttt_impossible[] = {
    ".../.../...:O",   /* O to move at the start */
    "X../.../...:X",   /* X to move after X alone */
    "XX./.../...:O",   /* two X, no O */
    "O../.../...:X",   /* O first */
    "XXX/OOO/X..:O",   /* two winners */
    "XXX/OO./...:X",   /* X has won, X to move */
    "OOO/XX./X..:O",   /* O has won, O to move */
    NULL,
};
static const char *const kalah_impossible[] = {
    "4,4,4,4,4,4/4,4,4,4,4,4:1,0:0",   /* 49 seeds */
    "49,0,0,0,0,0/0,0,0,0,0,0:0,0:0",  /* a pit above 48 */
    "0,0,0,0,0,0/0,0,0,0,0,0:0,49:1",  /* a store above 48 */
    "48,0,0,0,0,0/1,0,0,0,0,0:0,0:0",  /* 49 seeds */
    NULL,
};
static const char *const dots_impossible[] = {
    "-../I.I..../-../......./.../......./...:0", /* a complete box without an owner */
    "-../I0I..../.../......./.../......./...:0", /* an open box with an owner */
    ".../.1...../.../......./.../......./...:1", /* an owner of an empty box */
    NULL,
};
static const char *const minichess_impossible[] = {
    "kqbnr/ppppp/5/5/PPPPP/RNBQK:b:0",  /* the side to move against the ply count */
    "kqbnr/ppppp/5/5/PPPPP/RNBQK:w:1",
    "kqbnr/ppppp/5/5/PPPPP/RNBQK:w:82", /* past the move limit */
    "kqbnr/ppppp/5/5/PPPPP/RNBQK:w:100",
    "kqbnr/ppppp/5/5/PPPPP/RNBKK:w:0",  /* two white kings */
    "1qbnr/ppppp/5/5/PPPPP/RNBQ1:w:2",  /* no kings */
    "1qbnr/ppppp/5/5/PPPPP/RNBQK:w:2",  /* the black king gone, yet White to move */
    "kqbnr/ppppp/5/5/PPPPP/RNBQ1:b:3",  /* the white king gone, yet Black to move */
    "kqbnr/ppppp/5/5/PPPPP/RNBQ1:w:0",  /* the white king gone before any move */
    "kqbnr/ppppp/5/5/PPPPP/PNBQK:w:0",  /* a white pawn on rank 1 */
    "kqbnP/ppppp/5/5/PPPP1/RNBQK:b:1",  /* a white pawn on rank 6 */
    "kqbnr/ppppp/5/5/PPPPP/RRBQK:w:0",  /* two white rooks */
    "kqbnr/ppppp/5/5/PPPPP/RNNQK:w:0",  /* two white knights */
    "kqbnr/ppppp/5/Q4/PPPPP/RNBQK:w:0", /* a second queen while five pawns remain */
    "kqbnr/ppppp/5/5/PPPPP/RNQBK:w:0",  /* the white bishop on d1, the other colour */
    "kqnbr/ppppp/5/5/PPPPP/RNBQK:w:0",  /* the black bishop on d6, the other colour */
    "kqbnr/ppppp/5/p4/PPPPP/RNBQK:w:0", /* a sixth black pawn */
    "QQQQQ/QQQQQ/QQQQQ/QQQQQ/QQQQQ/QQQQk:w:0", /* too many queens */
    NULL,
};
static const char *const ardri_impossible[] = {
    "......./......./......./......./......./......./.......:d", /* no king */
    "..VVV../...V.../V.OOO.V/VVOKOVV/V.OOO.V/...V.../..VKV..:d", /* two kings */
    "V.VVV../...V.../V.OOO.V/VVOKOVV/V.OOO.V/...V.../..VVV..:d", /* an attacker on a corner */
    "..VVV../...V.../V.OOO.V/VVOVOVV/V.OOO.V/...V.../..VVVK.:d", /* an attacker on the throne */
    "O.VVV../...V.../V.OOO.V/VVOKOVV/V.OOO.V/...V.../..VVV..:d", /* a defender on a corner */
    ".VVVVV./VVVVVVV/VVVVV../...K.../......./......./.......:d", /* 17 attackers */
    "..OOO../...O.../O.....O/OO.K.OO/......./......./.......:d", /* 10 defenders */
    "K....../......./......./......./......./......./.......:d", /* the king on a corner, no win */
    "K....../......./......./......./......./......./.......:a",
    "......./......./......./...K.../......./......./.......:D", /* a win off the corners */
    "......./......./......./...K.../......./......./.......:A", /* a win, the king free */
    NULL,
};
static const char *const connect4_impossible[] = {
    "......./......./......./......./...X.../.......:O", /* a floating stone */
    "......./......./......./......./......./...X...:X", /* X to move after X alone */
    "......./......./......./......./......./...O...:X", /* O first */
    "......./......./XO...../XO...../XO...../XO.....:O", /* two winners (and counts) */
    "......./......./X....../XO...../XO...../XO...O.:X", /* X has won, X to move */
    "......./......./......./......./OOOOX../XXXOXX.:O", /* O has won, O to move */
    "......./......./......./......./OOXO.../XXXX..O:O", /* X's four was there before X's last stone */
    NULL,
};

FACE(ttt)
FACE(kalah)
FACE(dots)
FACE(minichess)
FACE(ardri)
FACE(connect4)

static const game_face faces[] = {FACE_OF(ttt),       FACE_OF(kalah), FACE_OF(dots),
                                  FACE_OF(minichess), FACE_OF(ardri), FACE_OF(connect4)};

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

/* Reading `text` back: the same state as `s` in every respect the search sees. */
static void check_read_back(const game_face *g, const void *s, const char *text)
{
    _Alignas(16) unsigned char back[256];
    char again_text[MAX_TEXT + 2];
    uint16_t moves[MOVE_ROOM], back_moves[MOVE_ROOM];
    memset(back, 0xA5, sizeof back);
    if (!g->read(text, back)) {
        fail_text(g->name, text, "its own string is refused");
        return;
    }
    expect(g->same(s, back), g->name, text, "read back: another state");
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
}

/* Every way to spoil `text` must be refused, or, where the spoiled string
 * is another position, read as a consistent state written back as it is. */
static void check_spoiled(const game_face *g, const char *text)
{
    static const char strangers[] = "./:,-0159IKOVXdkpqwxA ";
    _Alignas(16) unsigned char state[256];
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
    _Alignas(16) unsigned char state[256];
    char text[MAX_TEXT + 2], long_text[1200];
    expect(!g->read("", state), g->name, "", "the empty string is accepted");
    memset(long_text, '.', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    expect(!g->read(long_text, state), g->name, "(1199 dots)", "an overlong string is accepted");
    for (const char *const *bad = g->impossible; *bad; bad++)
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

/* Bad strings through the engine: refused with one line naming the game. */
static void check_engine_refusals(const game_entry *game, const game_face *g)
{
    char prefix[96], out[SEARCH_POSITION_TEXT], message[512], overlong[601];
    snprintf(prefix, sizeof prefix, "bad position string for %s: ", game->name);
    memset(overlong, '.', sizeof overlong - 1);
    overlong[300] = '/';
    overlong[sizeof overlong - 1] = '\0';
    const char *bad[] = {"x", "/", ":", "4,4", "\n", g->impossible[0], overlong, NULL};
    for (const char **b = bad; *b; b++) {
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
    if (argc != 2) {
        fprintf(stderr, "usage: position_text_test GAME\n");
        return 2;
    }
    const game_entry *game = game_find(argv[1]);
    const game_face *face = NULL;
    for (size_t i = 0; i < sizeof faces / sizeof *faces; i++)
        if (strcmp(faces[i].name, argv[1]) == 0) face = &faces[i];
    if (!game || !face) {
        fprintf(stderr, "position_text_test: unknown game '%s'\n", argv[1]);
        return 2;
    }
    uint64_t rng = 1;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) keys[i] = splitmix64_next(&rng);
    check_header(face, LINES);
    check_engine(game, SEARCHES);
    check_engine_refusals(game, face);
    printf("%s: %d passed, %d failed\n", game->name, passed, failed);
    return failed ? 1 : 0;
}
