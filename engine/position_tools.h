/*
 * position_tools.h: positions from text, and walks that need no search:
 * the position string and the --moves list (play_moves), the depth check,
 * perft, show, position strings and seeded random lines.  Part of the
 * per-game engine: included once by engine/search_instance.c.  A bad
 * position string, move list or depth gets one line naming what was wrong
 * (docs/cli.md).
 */
#ifndef GAME_STATE
#error "position_tools.h: a part of the per-game engine: engine/search_instance.c includes it after the GAME macros"
#endif

#define MOVE_TEXT 32 /* the longest move text, with its terminator */
#define POSITION_QUOTED 80 /* the most of a bad position string a message quotes */

/* The game's position string (docs/cli.md#position-strings) into s; NULL
 * or "" is the start.  On failure writes one line quoting the string and
 * giving the start's as an example of the form, and returns false. */
static bool read_position(const char *position, GAME_STATE *s, char *message, size_t message_size)
{
    if (!position || !*position) {
        GAME(start)(s);
        return true;
    }
    if (GAME(read_position)(position, s)) return true;
    GAME_STATE start;
    char example[SEARCH_POSITION_TEXT];
    GAME(start)(&start);
    GAME(write_position)(&start, example, sizeof example);
    snprintf(message, message_size,
             "bad position string for %s: '%.*s'%s (the start is '%s'; see docs/cli.md, Position strings)",
             GAME_CONSTANT(NAME), POSITION_QUOTED, position, strlen(position) > POSITION_QUOTED ? "..." : "",
             example);
    return false;
}

/* Reads the position string (NULL or "" the start), then parses and plays
 * a comma-separated move list from it.  On failure writes one line naming
 * the position string, or the move and why, and returns false. */
static bool play_moves(const char *position, const char *list, GAME_STATE *s, char *message, size_t message_size)
{
    if (!read_position(position, s, message, message_size)) return false;
    if (!list || !*list) return true;
    const char *p = list;
    for (int index = 1;; index++) {
        const char *end = strchr(p, ',');
        size_t length = end ? (size_t)(end - p) : strlen(p);
        char text[MOVE_TEXT];
        GAME_MOVE move, legal[GAME_MAX_MOVES];
        if (length == 0 || length >= sizeof text) {
            snprintf(message, message_size, "move %d of --moves is empty or too long (%s expects %s)",
                     index, GAME_CONSTANT(NAME), GAME_CONSTANT(MOVE_EXAMPLE));
            return false;
        }
        memcpy(text, p, length);
        text[length] = '\0';
        if (!GAME(parse_move)(text, &move)) {
            snprintf(message, message_size, "malformed move '%s' (move %d): %s expects %s", text,
                     index, GAME_CONSTANT(NAME), GAME_CONSTANT(MOVE_EXAMPLE));
            return false;
        }
        int count = GAME(is_over)(s) ? 0 : GAME(generate_moves)(s, legal);
        bool found = false;
        for (int i = 0; i < count && !found; i++) found = legal[i] == move;
        if (!found) {
            snprintf(message, message_size, "illegal move '%s' (move %d)%s", text, index,
                     GAME(is_over)(s) ? ": the game is already over" : " in this position");
            return false;
        }
        GAME(play)(s, move);
        if (!end) return true;
        p = end + 1;
    }
}

static bool check_depth(int depth, int minimum, char *message, size_t message_size)
{
    if (depth >= minimum && depth <= GAME_CONSTANT(MAX_DEPTH)) return true;
    snprintf(message, message_size, "depth %d is out of range for %s (%d..%d)", depth,
             GAME_CONSTANT(NAME), minimum, GAME_CONSTANT(MAX_DEPTH));
    return false;
}

/* Counts the tree below s into r; false as soon as r->nodes would pass
 * max_nodes, so a deep perft stops instead of running for hours.  The
 * walk undoes every move it did, also when it stops early. */
static bool perft_walk(GAME_STATE *s, int depth, perft_result *r, uint64_t max_nodes)
{
    if (r->nodes == max_nodes) return false;
    r->nodes++;
    bool over = GAME(is_over)(s);
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = over || depth == 0 ? 0 : GAME(generate_moves)(s, moves);
    r->finished += over;
    if (count == 0) { r->leaves++; return true; }
    for (int i = 0; i < count; i++) {
        GAME_UNDO undo;
        GAME(do_move)(s, moves[i], &undo);
        bool within = perft_walk(s, depth - 1, r, max_nodes);
        GAME(undo_move)(s, moves[i], &undo);
        if (!within) return false;
    }
    return true;
}

static search_status perft(const char *position, const char *moves, int depth, uint64_t max_nodes,
                           perft_result *result, char *message, size_t message_size)
{
    GAME_STATE s;
    if (!check_depth(depth, 0, message, message_size)) return SEARCH_BAD_INPUT;
    if (!play_moves(position, moves, &s, message, message_size)) return SEARCH_BAD_INPUT;
    if (max_nodes == 0) max_nodes = SEARCH_DEFAULT_MAX_NODES;
    *result = (perft_result){0};
    if (perft_walk(&s, depth, result, max_nodes)) return SEARCH_OK;
    snprintf(message, message_size, "perft stopped: it would count more than %llu positions (raise --max-nodes)",
             (unsigned long long)max_nodes);
    return SEARCH_BUDGET_EXCEEDED;
}

static search_status show(const char *position, const char *moves, FILE *out, char *message, size_t message_size)
{
    GAME_STATE s;
    if (!play_moves(position, moves, &s, message, message_size)) return SEARCH_BAD_INPUT;
    GAME(print)(&s, out);
    fprintf(out, "value %d (maximiser's view)\nlegal moves:", GAME(evaluate)(&s));
    GAME_MOVE legal[GAME_MAX_MOVES];
    int count = GAME(is_over)(&s) ? 0 : GAME(generate_moves)(&s, legal);
    for (int i = 0; i < count; i++) {
        char text[MOVE_TEXT];
        GAME(format_move)(legal[i], text, sizeof text);
        fprintf(out, "%s%s", i ? "," : " ", text);
    }
    fprintf(out, "%s\n", count ? "" : " none");
    char text[SEARCH_POSITION_TEXT];
    GAME(write_position)(&s, text, sizeof text);
    fprintf(out, "position: %s\n", text);
    return SEARCH_OK;
}

static search_status position_text(const char *position, const char *moves, char *out, size_t out_size,
                                   char *message, size_t message_size)
{
    GAME_STATE s;
    if (!play_moves(position, moves, &s, message, message_size)) return SEARCH_BAD_INPUT;
    GAME(write_position)(&s, out, out_size);
    return SEARCH_OK;
}

/* Seeded random lines give the tests many positions of every game without
 * anyone choosing them by hand. */
static void random_line(uint64_t seed, int plies, char *moves, size_t moves_size)
{
    uint64_t rng = seed;
    GAME_STATE s;
    GAME(start)(&s);
    size_t used = 0;
    moves[0] = '\0';
    for (int ply = 0; ply < plies && !GAME(is_over)(&s); ply++) {
        GAME_MOVE legal[GAME_MAX_MOVES];
        int count = GAME(generate_moves)(&s, legal);
        if (count == 0) break;
        GAME_MOVE move = legal[splitmix64_next(&rng) % (uint64_t)count];
        char text[MOVE_TEXT];
        GAME(format_move)(move, text, sizeof text);
        size_t length = strlen(text);
        if (used + length + 2 > moves_size) break;
        if (used) moves[used++] = ',';
        memcpy(moves + used, text, length + 1);
        used += length;
        GAME(play)(&s, move);
    }
}
