/*
 * dots.h: Dots and Boxes on 4x4 dots as the Scala minimax posts play it
 * (docs/dots.md).
 *
 * Dots 0..15 row-major, 3x3 boxes, 24 lines.  Line indices follow the
 * study's move order: 0..11 are the horizontal lines (d, d+1) by ascending
 * d (d % 4 != 3), 12..23 the vertical lines (d, d+4) for d = 0..11.  Boxes
 * 0..8 are row-major; box b has its top-left dot at d = b + b / 3.  A move
 * completing one or two boxes scores them and the mover moves again.  The
 * evaluation is player 0's score minus player 1's (player 0 moves first and
 * maximises); the Scala hVal, the mover's score minus the other's, is that
 * times the mover's sign, which is how the engine's alphabeta-scala uses it.
 * The game contract every game follows is in games/README.md.
 */
#ifndef PRUNE_DOTS_H
#define PRUNE_DOTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define DOTS_NAME "dots"
#define DOTS_DESCRIPTION "Dots and Boxes, 4x4 dots, lines i-j, extra turn on a box (scala study)"
#define DOTS_MOVE_EXAMPLE "a line i-j between neighbouring dots 0..15 with i < j, e.g. 0-1 or 0-4"
#define DOTS_MAX_MOVES 24
#define DOTS_TEST_DEPTH 4 /* minimax affordable in tests: 267745 nodes from the start */
#define DOTS_MAX_DEPTH 24
#define DOTS_WIN_SCORE 0
#define DOTS_EVAL_SCALE 2 /* implicit minimax backups (engine/mcts_search.h): a clear lead is two boxes */
#define DOTS_ALTERNATES 0 /* completing a box moves again */
/* prune bench's searches (engine/bench.c): X(moves, depth, tree depth) */
#define DOTS_BENCH_POSITIONS 2
#define DOTS_BENCH(X) X("", 4, 4) X("0-1,5-6,10-11,0-4,2-3", 4, 4)
#define DOTS_MATCH_MAX_PLIES 24 /* a match's ply cap: 24 lines on 4x4 dots */

enum { DOTS_ALL_LINES = 0xFFFFFF, DOTS_LINES = 24, DOTS_BOXES = 9 };

typedef uint8_t dots_move;   /* line index 0..23 */

typedef struct {
    uint32_t lines;          /* drawn lines, bit i = line index i */
    uint16_t owned[2];       /* boxes completed by each player, bit b = box b */
    int8_t score;            /* player 0's boxes minus player 1's, carried */
    uint8_t to_move;         /* 0 (first player, maximises) or 1 */
} dots_state;

typedef struct {
    uint16_t boxes;          /* the boxes the move completed */
} dots_undo;

/* The four lines of each box: top b, bottom b + 3, left 12 + d, right 13 + d. */
static const uint32_t dots_box_lines[DOTS_BOXES] = {
#define DOTS_BOX(b) ((1u << (b)) | (1u << ((b) + 3)) | (3u << (12 + (b) + (b) / 3)))
    DOTS_BOX(0), DOTS_BOX(1), DOTS_BOX(2), DOTS_BOX(3), DOTS_BOX(4),
    DOTS_BOX(5), DOTS_BOX(6), DOTS_BOX(7), DOTS_BOX(8),
#undef DOTS_BOX
};

/* The boxes (one or two) each line borders, bit b = box b. */
static const uint16_t dots_line_boxes[DOTS_LINES] = {
    /* horizontals: row r of lines borders box rows r - 1 and r */
    0x001, 0x002, 0x004, 0x009, 0x012, 0x024, 0x048, 0x090, 0x120, 0x040, 0x080, 0x100,
    /* verticals (d, d+4), d = 0..11: column c = d % 4 borders box columns c - 1 and c */
    0x001, 0x003, 0x006, 0x004, 0x008, 0x018, 0x030, 0x020, 0x040, 0x0C0, 0x180, 0x100,
};

static inline void dots_start(dots_state *s)
{
    *s = (dots_state){.lines = 0, .owned = {0, 0}, .score = 0, .to_move = 0};
}

static inline bool dots_max_to_move(const dots_state *s) { return s->to_move == 0; }
static inline bool dots_is_over(const dots_state *s) { return s->lines == DOTS_ALL_LINES; }

static inline int dots_generate_moves(const dots_state *s, dots_move *moves)
{
    uint32_t empty = ~s->lines & DOTS_ALL_LINES;
    int count = 0;
    while (empty) {
        moves[count++] = (dots_move)__builtin_ctz(empty);
        empty &= empty - 1;
    }
    return count;
}

/* The number of boxes in a set of them.  Not __builtin_popcount: without
 * a -march that has the popcnt instruction (Debian builds for plain
 * x86-64) GCC makes it a call into libgcc, which cost the copy-make
 * evaluation two calls a leaf.  Nine bits, summed in pairs, nibbles and
 * bytes. */
static inline int dots_box_count(unsigned boxes)
{
    boxes = boxes - ((boxes >> 1) & 0x5555u);
    boxes = (boxes & 0x3333u) + ((boxes >> 2) & 0x3333u);
    boxes = (boxes + (boxes >> 4)) & 0x0F0Fu;
    return (int)((boxes + (boxes >> 8)) & 0x1Fu);
}

/* How many boxes a line completed: a line borders one or two boxes, so
 * the set is one box unless it has a second bit. */
static inline int dots_boxes_gained(uint16_t boxes)
{
    return 1 + ((boxes & (boxes - 1)) != 0);
}

/* The boxes bordering line m that are complete in `lines`. */
static inline uint16_t dots_completed(uint32_t lines, dots_move m)
{
    uint16_t near = dots_line_boxes[m], done = 0;
    while (near) {
        int b = __builtin_ctz(near);
        if ((lines & dots_box_lines[b]) == dots_box_lines[b]) done |= (uint16_t)(1u << b);
        near &= (uint16_t)(near - 1);
    }
    return done;
}

/* Draws the line and returns the boxes it completed. */
static inline uint16_t dots_draw(dots_state *s, dots_move m)
{
    s->lines |= 1u << m;
    uint16_t boxes = dots_completed(s->lines, m);
    if (boxes) {
        int gained = dots_boxes_gained(boxes);
        s->owned[s->to_move] |= boxes;
        s->score = (int8_t)(s->score + (s->to_move == 0 ? gained : -gained));
    } else {
        s->to_move ^= 1;
    }
    return boxes;
}

static inline void dots_play(dots_state *s, dots_move m) { dots_draw(s, m); }

static inline void dots_do_move(dots_state *s, dots_move m, dots_undo *undo)
{
    undo->boxes = dots_draw(s, m);
}

static inline void dots_undo_move(dots_state *s, dots_move m, const dots_undo *undo)
{
    s->lines &= ~(1u << m);
    if (undo->boxes) {
        int gained = dots_boxes_gained(undo->boxes);
        s->owned[s->to_move] &= (uint16_t)~undo->boxes;
        s->score = (int8_t)(s->score - (s->to_move == 0 ? gained : -gained));
    } else {
        s->to_move ^= 1;
    }
}

static inline int dots_evaluate(const dots_state *s)
{
    return dots_box_count(s->owned[0]) - dots_box_count(s->owned[1]);
}

static inline int dots_evaluate_carried(const dots_state *s) { return s->score; }

/* A dot number 0..15 without leading zeros; returns the text after it or
 * NULL. */
static inline const char *dots_parse_dot(const char *text, int *dot)
{
    if (text[0] < '0' || text[0] > '9') return NULL;
    int value = text[0] - '0';
    text++;
    if (value != 0 && text[0] >= '0' && text[0] <= '9') {
        value = value * 10 + (text[0] - '0');
        text++;
    }
    if (value > 15 || (text[0] >= '0' && text[0] <= '9')) return NULL;
    *dot = value;
    return text;
}

static inline bool dots_parse_move(const char *text, dots_move *move)
{
    int i, j;
    text = dots_parse_dot(text, &i);
    if (!text || text[0] != '-') return false;
    text = dots_parse_dot(text + 1, &j);
    if (!text || text[0] != '\0') return false;
    if (j == i + 1 && i % 4 != 3) *move = (dots_move)(i - i / 4);
    else if (j == i + 4 && i < 12) *move = (dots_move)(12 + i);
    else return false;
    return true;
}

static inline void dots_format_move(dots_move m, char *out, size_t size)
{
    int i = m < 12 ? m + m / 3 : m - 12;
    snprintf(out, size, "%d-%d", i, m < 12 ? i + 1 : i + 4);
}

/* The board as the Scala Board prints it, with the box owners inside. */
static inline void dots_print(const dots_state *s, FILE *out)
{
    for (int row = 0; row < 4; row++) {
        for (int col = 0; col < 4; col++) {
            fputc('+', out);
            if (col < 3) fputs(s->lines & (1u << (row * 3 + col)) ? "---" : "   ", out);
        }
        fputc('\n', out);
        if (row == 3) break;
        for (int col = 0; col < 4; col++) {
            fputc(s->lines & (1u << (12 + row * 4 + col)) ? '|' : ' ', out);
            if (col == 3) break;
            unsigned box = 1u << (row * 3 + col);
            fprintf(out, " %c ", s->owned[0] & box ? '0' : s->owned[1] & box ? '1' : ' ');
        }
        fputc('\n', out);
    }
    fprintf(out, "score %d-%d, %s\n", __builtin_popcount(s->owned[0]), __builtin_popcount(s->owned[1]),
            dots_is_over(s) ? "game over" : s->to_move == 0 ? "player 0 to move" : "player 1 to move");
}

/* Position strings (docs/cli.md#position-strings): the board's seven
 * rows top to bottom, separated by '/', as dots_print draws it: a row of
 * dots is its three horizontal lines, '-' drawn or '.'; a row of boxes is
 * vertical line, box, vertical line, box, vertical line, box, vertical
 * line, a vertical line 'I' drawn or '.', a box '0' or '1' for the player
 * who completed it or '.' while it is open.  Then ':' and the player to
 * move, 0 or 1.  The start is ".../......./.../......./.../......./...:0".
 * The score follows from the boxes.  Reading refuses a completed box
 * without an owner and an owner of an open box. */
static inline void dots_write_position(const dots_state *s, char *out, size_t size)
{
    char text[48];
    int n = 0;
    for (int row = 0; row < 7; row++) {
        int r = row / 2;
        if (row % 2 == 0) {
            for (int col = 0; col < 3; col++) text[n++] = s->lines & (1u << (r * 3 + col)) ? '-' : '.';
        } else {
            for (int col = 0; col < 4; col++) {
                text[n++] = s->lines & (1u << (12 + r * 4 + col)) ? 'I' : '.';
                if (col == 3) break;
                unsigned box = 1u << (r * 3 + col);
                text[n++] = s->owned[0] & box ? '0' : s->owned[1] & box ? '1' : '.';
            }
        }
        text[n++] = row < 6 ? '/' : ':';
    }
    text[n++] = (char)('0' + s->to_move);
    text[n] = '\0';
    if (size) snprintf(out, size, "%s", text);
}

static inline bool dots_read_position(const char *text, dots_state *out)
{
    dots_state s = {.lines = 0, .owned = {0, 0}, .score = 0, .to_move = 0};
    uint16_t marked = 0; /* the boxes with an owner */
    for (int row = 0; row < 7; row++) {
        int r = row / 2;
        if (row % 2 == 0) {
            for (int col = 0; col < 3; col++) {
                char c = *text++;
                if (c == '-') s.lines |= 1u << (r * 3 + col);
                else if (c != '.') return false;
            }
        } else {
            for (int col = 0; col < 4; col++) {
                char c = *text++;
                if (c == 'I') s.lines |= 1u << (12 + r * 4 + col);
                else if (c != '.') return false;
                if (col == 3) break;
                uint16_t box = (uint16_t)(1u << (r * 3 + col));
                c = *text++;
                if (c == '0' || c == '1') s.owned[c - '0'] |= box;
                else if (c != '.') return false;
                if (c != '.') marked |= box;
            }
        }
        if (*text++ != (row < 6 ? '/' : ':')) return false;
    }
    if ((text[0] != '0' && text[0] != '1') || text[1] != '\0') return false;
    uint16_t complete = 0;
    for (int b = 0; b < DOTS_BOXES; b++)
        if ((s.lines & dots_box_lines[b]) == dots_box_lines[b]) complete |= (uint16_t)(1u << b);
    if (complete != marked) return false;
    s.to_move = (uint8_t)(text[0] - '0');
    s.score = (int8_t)(dots_box_count(s.owned[0]) - dots_box_count(s.owned[1]));
    *out = s;
    return true;
}

/* Hashing for the transposition table (games/README.md): Zobrist keys
 * from the engine's seeded table, keys[0..23] a drawn line, keys[24..32] a
 * box of player 0, keys[33] player 1 to move.  Player 1's boxes are the
 * completed boxes that are not player 0's, and the score follows from the
 * boxes, so these fields decide every value below the position. */
#define DOTS_HASH_KEYS 34
#define DOTS_HASH_STEPPED 1 /* dots_hash_step below */

static inline uint64_t dots_hash(const dots_state *s, const uint64_t *keys)
{
    uint64_t key = s->to_move ? keys[33] : 0;
    for (uint32_t lines = s->lines; lines; lines &= lines - 1) key ^= keys[__builtin_ctz(lines)];
    for (unsigned boxes = s->owned[0]; boxes; boxes &= boxes - 1) key ^= keys[24 + __builtin_ctz(boxes)];
    return key;
}

/* The key after do_move(m): the line, then the mover's boxes, or the turn
 * passing when the line completed none. */
static inline uint64_t dots_hash_step(uint64_t key, const dots_state *after, dots_move m, const dots_undo *undo,
                                      const uint64_t *keys)
{
    key ^= keys[m];
    if (!undo->boxes) return key ^ keys[33];
    if (after->to_move == 0)
        for (unsigned boxes = undo->boxes; boxes; boxes &= boxes - 1) key ^= keys[24 + __builtin_ctz(boxes)];
    return key;
}

#endif
