/* match_play.c: one game of a match, move by move (match.h).
 *
 * The engine answers about a position given as a move list from the start,
 * so the game is its move list: before each move a one-ply probe says
 * whether the game is over and who is to move, then the mover's side
 * searches under the match's limit and its move is appended.  A side's
 * table lives in its match_side: emptied at its first search of the game,
 * kept across its later ones. */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "match.h"
#include "random.h"

#define MATCH_MAX_NODES 4000000000ULL /* the hard budget of a search under a time or depth limit */

/* The per-game ply cap, written once (docs/strength.md quotes it): a game
 * that reaches it without ending is a draw.  Tic-tac-toe, Dots and Boxes
 * and Connect Four end within their board (9, 24, 42 plies); Mini-Chess
 * draws by its own rule after 40 moves each (80 plies); Kalah's sowing
 * ends a game in well under 200 plies; Ard Ri can repeat forever, and a
 * tafl game on 7x7 that has not ended in 150 plies is a fortress. */
static const struct {
    const char *game;
    int cap;
} ply_caps[] = {
    {"ttt", 9}, {"kalah", 200}, {"dots", 24}, {"minichess", 80}, {"ardri", 150}, {"connect4", 42},
};
#define DEFAULT_PLY_CAP 200 /* a game added without a row */

int match_ply_cap(const game_entry *game)
{
    for (size_t i = 0; i < sizeof ply_caps / sizeof ply_caps[0]; i++)
        if (strcmp(ply_caps[i].game, game->name) == 0) return ply_caps[i].cap;
    return DEFAULT_PLY_CAP;
}

/* A one-ply negamax search answers all three (and checks the moves). */
bool match_probe(const game_entry *game, const char *moves, match_position *out, char *message, size_t size)
{
    search_request q = {.config = config_find("negamax"), .moves = moves, .depth = 1, .untimed = true};
    search_result r;
    if (game->search(&q, &r, message, size) != SEARCH_OK) return false;
    *out = (match_position){.over = strcmp(r.best, "none") == 0, .max_to_move = r.root_max,
                             .maximiser_value = r.root_max ? r.value : -r.value};
    return true;
}

bool match_position_playable(const game_entry *game, const char *moves, char *message, size_t size)
{
    match_position status;
    if (!match_probe(game, moves, &status, message, size)) return false;
    if (!status.over) return true;
    snprintf(message, size, "the game is over after these moves");
    return false;
}

int match_count_plies(const char *moves)
{
    int plies = *moves ? 1 : 0;
    for (const char *p = moves; *p; p++) plies += *p == ',';
    return plies;
}

/* The request of one side's move (without its depth and limits). */
static search_request side_request(match_side *side, const char *moves, uint64_t seed, bool keep)
{
    return (search_request){.config = side->config, .moves = moves, .state = side->state, .seed = seed,
                            .tt_replace = side->tt_replace, .keep_tt = keep,
                            .table = side->config->ladder.tt ? &side->table : NULL};
}

/* A config that deepens itself takes the limit as its own soft limit. */
static bool deepens(const search_config *config)
{
    return config->algorithm == ALGORITHM_LADDER && config->ladder.deepening;
}

/* Deepening by the match for a config that does not deepen itself: depth
 * 1, 2, ... each a new search, while the budget lasts; the answer is the
 * deepest search that finished within it.  A node budget is exact: a
 * search that would pass what is left stops (and its nodes count whole);
 * a time budget is checked between searches, so the last one may overrun. */
static search_status deepen_outside(const game_entry *game, search_request q, const match_limit *limit,
                                    search_result *out, uint64_t *nodes, char *message, size_t size)
{
    double start = clock_seconds();
    bool answered = false;
    for (int depth = 1; depth <= game->max_depth; depth++) {
        uint64_t left = limit->value - *nodes;
        if (limit->kind == LIMIT_NODES && left == 0) break;
        q.depth = depth;
        q.max_nodes = limit->kind == LIMIT_NODES ? left : MATCH_MAX_NODES;
        search_result r;
        search_status status = game->search(&q, &r, message, size);
        if (status == SEARCH_BUDGET_EXCEEDED && limit->kind == LIMIT_NODES && answered) {
            *nodes = limit->value;
            break;
        }
        if (status != SEARCH_OK) return status;
        *out = r;
        *nodes += r.nodes;
        answered = true;
        q.keep_tt = true;
        if (limit->kind == LIMIT_TIME && clock_seconds() - start >= (double)limit->value / 1000) break;
        if (r.nodes == 0 || strcmp(r.best, "none") == 0) break;
    }
    return SEARCH_OK;
}

search_status match_side_move(const game_entry *game, match_side *side, const match_limit *limit, const char *moves,
                               uint64_t seed, bool keep, search_result *r, uint64_t *nodes, char *message,
                               size_t size)
{
    search_request q = side_request(side, moves, seed, keep);
    q.max_nodes = MATCH_MAX_NODES;
    match_limit fixed = {.kind = LIMIT_DEPTH, .value = (uint64_t)side->depth};
    if (side->depth) limit = &fixed;
    if (limit->kind == LIMIT_DEPTH) {
        q.depth = (int)limit->value < game->max_depth ? (int)limit->value : game->max_depth;
    } else if (deepens(side->config)) {
        q.depth = game->max_depth;
        if (limit->kind == LIMIT_NODES) q.node_limit = limit->value;
        else q.time_ms = limit->value;
    } else {
        *nodes = 0;
        return deepen_outside(game, q, limit, r, nodes, message, size);
    }
    search_status status = game->search(&q, r, message, size);
    *nodes = status == SEARCH_OK ? r->nodes : 0;
    return status;
}

static bool append_move(char *moves, const char *move)
{
    size_t used = strlen(moves), length = strlen(move);
    if (used + length + 2 > MATCH_MOVES_SIZE) return false;
    if (used) moves[used++] = ',';
    memcpy(moves + used, move, length + 1);
    return true;
}

static match_outcome outcome_for_a(int maximiser_value, bool a_first)
{
    if (maximiser_value == 0) return OUTCOME_DRAW;
    return (maximiser_value > 0) == a_first ? OUTCOME_WIN : OUTCOME_LOSS;
}

/* Probes the game's position; records its end when it is over. */
static bool check_end(const game_entry *game, match_game *g, match_position *status, char *message, size_t size)
{
    if (!match_probe(game, g->moves, status, message, size)) return false;
    if (status->over) {
        g->end = END_OVER;
        g->outcome = outcome_for_a(status->maximiser_value, g->a_first);
    }
    return true;
}

/* One move of an external engine, checked against the position. */
static engine_end engine_move(const game_entry *game, match_side *side, const match_limit *limit, const char *moves,
                              uint64_t seed, char *best, size_t size, uint64_t *nodes)
{
    engine_end end = match_engine_move(side->engine, limit, moves, seed, best, size, nodes);
    if (end != ENGINE_OK) return end;
    char after[MATCH_MOVES_SIZE + 80], message[256]; /* the moves, a comma and a move of at most 63 */
    match_position p;
    snprintf(after, sizeof after, "%s%s%s", moves, *moves ? "," : "", best);
    return match_probe(game, after, &p, message, sizeof message) ? ENGINE_OK : ENGINE_ILLEGAL;
}

/* The side that failed loses the game. */
static match_play_status engine_failed(match_game *g, int side, engine_end why)
{
    g->end = END_ENGINE;
    g->failure = why;
    g->failed_side = side;
    g->outcome = side == 0 ? OUTCOME_LOSS : OUTCOME_WIN;
    return PLAY_OK;
}

/* One move of either kind of side; ENGINE_OK or how an engine failed. */
static engine_end any_move(const game_entry *game, match_side *side, const match_limit *limit, const char *moves,
                           uint64_t seed, bool keep, char *best, size_t size, uint64_t *nodes, bool *failed,
                           char *message, size_t message_size)
{
    if (side->engine) return engine_move(game, side, limit, moves, seed, best, size, nodes);
    search_result r;
    *failed = match_side_move(game, side, limit, moves, seed, keep, &r, nodes, message, message_size) != SEARCH_OK;
    snprintf(best, size, "%s", r.best);
    return ENGINE_OK;
}

match_play_status match_play(const game_entry *game, match_side sides[2], const match_limit *limit, const char *opening,
                             bool a_first, uint64_t seed, match_game *out, char *message, size_t size)
{
    *out = (match_game){.a_first = a_first, .end = END_CAPPED, .outcome = OUTCOME_DRAW};
    snprintf(out->moves, sizeof out->moves, "%s", opening);
    int cap = match_ply_cap(game), played = match_count_plies(opening);
    bool searched[2] = {false, false};
    uint64_t rng = seed;
    match_position status;
    for (int i = 0; i < 2; i++) {
        engine_end end = sides[i].engine ? match_engine_new_game(sides[i].engine, sides[i].engine_command) : ENGINE_OK;
        if (end != ENGINE_OK) return engine_failed(out, i, end);
    }
    for (; played < cap; played++, out->plies++) {
        if (!check_end(game, out, &status, message, size)) return PLAY_FAILED;
        if (status.over) return PLAY_OK;
        int mover = status.max_to_move == a_first ? 0 : 1; /* the first player maximises */
        char best[64];
        uint64_t nodes = 0;
        bool failed = false;
        double start = clock_seconds();
        engine_end end = any_move(game, &sides[mover], limit, out->moves, splitmix64_next(&rng), searched[mover], best,
                                  sizeof best, &nodes, &failed, message, size);
        if (failed) return PLAY_FAILED;
        if (end != ENGINE_OK) return engine_failed(out, mover, end);
        out->seconds[mover] += clock_seconds() - start;
        out->nodes[mover] += nodes;
        searched[mover] = true;
        if (!append_move(out->moves, best)) {
            snprintf(message, size, "the game's move list passed %d characters", MATCH_MOVES_SIZE);
            return PLAY_FAILED;
        }
    }
    /* At the cap: a game that ended on its last ply still counts as ended. */
    return check_end(game, out, &status, message, size) ? PLAY_OK : PLAY_FAILED;
}
