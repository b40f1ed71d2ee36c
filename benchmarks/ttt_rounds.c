/* ttt_rounds.c: see ttt_rounds.h. */
#include "ttt_rounds.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "bench_cases.h"
#include "random.h"
#include "ttt.h"

typedef struct {
    const char *opponent;
    const char *computer;   /* "first" (X) or "second" (O) */
    const char *config;
    int round;
    char moves[40];
    int depth;
    char best[32];
    uint64_t nodes;
    const bench_case *benchmark;
} ttt_decision;

/* configs x sides x opponents x at most 5 decisions per game */
static ttt_decision decisions[2 * 2 * 4 * 5];
static size_t decision_count;

/* The scripted opponents (the post does not say what the human played). */
typedef enum { OPPONENT_PERFECT, OPPONENT_CENTRE, OPPONENT_LOWEST, OPPONENT_RANDOM, OPPONENT_KINDS } opponent_kind;
static const char *const opponent_names[OPPONENT_KINDS] = {"perfect", "blocker-centre", "blocker-lowest",
                                                           "blocker-random"};
static const char *const round_configs[] = {"minimax", "alphabeta"};
#define TTT_RANDOM_SEED 20240501ULL

/* One game in progress: the position both as ttt.h's state and as the
 * move list the game_entry takes. */
typedef struct {
    ttt_state state;
    char moves[40];
} ttt_game;

static void play_square(ttt_game *g, int square)
{
    size_t used = strlen(g->moves);
    snprintf(g->moves + used, sizeof g->moves - used, "%s%d", used ? "," : "", square);
    ttt_play(&g->state, (ttt_move)square);
}

/* The lowest free square that completes a line of X (x_side) or O, or -1. */
static int completing_square(const ttt_state *s, bool x_side)
{
    unsigned own = x_side ? s->x : s->o;
    unsigned empty = ~(unsigned)(s->x | s->o) & TTT_FULL;
    for (int square = 0; square < 9; square++)
        if ((empty >> square & 1) && ttt_has_line(own | 1u << square)) return square;
    return -1;
}

/* A search of the position through the engine; the chosen square, or -1. */
static int search_square(const game_entry *game, const search_config *config, const ttt_game *g, int depth,
                         search_result *r, char *message, size_t message_size)
{
    search_request request = {.config = config, .moves = g->moves, .depth = depth, .state = STATE_COPY,
                              .seed = SEARCH_DEFAULT_SEED};
    if (game->search(&request, r, message, message_size) != SEARCH_OK) return -1;
    return atoi(r->best);
}

/* The scripted opponent's square.  `perfect` plays what plain minimax plays;
 * the blockers win when they can, else block the computer's line, else
 * play the centre, then corners, then edges (blocker-centre), the lowest
 * free square (blocker-lowest), or a seeded random free square
 * (blocker-random). */
static int opponent_square(const game_entry *game, opponent_kind kind, const ttt_game *g, uint64_t *rng,
                           char *message, size_t message_size)
{
    if (kind == OPPONENT_PERFECT) {
        search_result r;
        return search_square(game, config_find("minimax"), g, TTT_MAX_DEPTH, &r, message, message_size);
    }
    bool me_x = g->state.x_to_move;
    int square = completing_square(&g->state, me_x);
    if (square < 0) square = completing_square(&g->state, !me_x);
    if (square >= 0) return square;
    unsigned empty = ~(unsigned)(g->state.x | g->state.o) & TTT_FULL;
    static const int centre_corners_edges[] = {4, 0, 2, 6, 8, 1, 3, 5, 7};
    int free_squares[9], count = 0;
    for (int i = 0; i < 9; i++)
        if (empty >> i & 1) free_squares[count++] = i;
    switch (kind) {
    case OPPONENT_CENTRE:
        for (int i = 0; i < 9; i++)
            if (empty >> centre_corners_edges[i] & 1) return centre_corners_edges[i];
        return -1;
    case OPPONENT_LOWEST: return free_squares[0];
    default: return free_squares[splitmix64_next(rng) % (uint64_t)count];
    }
}

/* The computer's move: a full-depth search, recorded as a decision. */
static int decide(const game_entry *game, int k, bool second, opponent_kind o, int round, const ttt_game *g,
                  double min_time, char *message, size_t message_size)
{
    const search_config *config = config_find(round_configs[k]);
    int depth = 9 - __builtin_popcount((unsigned)(g->state.x | g->state.o));
    ttt_decision *d = &decisions[decision_count++];
    *d = (ttt_decision){.opponent = opponent_names[o], .computer = second ? "second" : "first",
                        .config = round_configs[k], .round = round, .depth = depth};
    snprintf(d->moves, sizeof d->moves, "%s", g->moves);
    search_result r;
    int square = search_square(game, config, g, depth, &r, message, message_size);
    if (square < 0) return -1;
    snprintf(d->best, sizeof d->best, "%s", r.best);
    d->nodes = r.nodes;
    d->benchmark = cases_add_round(TTT_ROUNDS_STUDY, game, config, g->moves, depth, min_time);
    return square;
}

static int play_game(const game_entry *game, int k, int computer, opponent_kind o, double min_time, char *message,
                     size_t message_size)
{
    ttt_game g = {.moves = ""};
    ttt_start(&g.state);
    uint64_t rng = TTT_RANDOM_SEED + (uint64_t)(k * 8 + computer * 4 + (int)o);
    int round = 0;
    for (int ply = 0; ply < 9 && !ttt_is_over(&g.state); ply++) {
        int square = ply % 2 == computer
                         ? decide(game, k, computer, o, ++round, &g, min_time, message, message_size)
                         : opponent_square(game, o, &g, &rng, message, message_size);
        if (square < 0) return -1;
        play_square(&g, square);
    }
    return 0;
}

int ttt_rounds_play(const game_entry *game, double min_time, char *message, size_t message_size)
{
    decision_count = 0;
    for (int k = 0; k < 2; k++) {
        if (!config_find(round_configs[k])) {
            snprintf(message, message_size, "config %s is not known", round_configs[k]);
            return -1;
        }
        for (int computer = 0; computer < 2; computer++)
            for (int o = 0; o < OPPONENT_KINDS; o++)
                if (play_game(game, k, computer, (opponent_kind)o, min_time, message, message_size) != 0) return -1;
    }
    return 0;
}

int ttt_rounds_write(const char *path, char *message, size_t message_size)
{
    atomic_file a;
    FILE *f = atomic_open(&a, path, message, message_size);
    if (!f) return -1;
    fprintf(f, "opponent,computer,config,round,moves,depth,best,nodes,benchmark\n");
    for (size_t i = 0; i < decision_count; i++) {
        const ttt_decision *d = &decisions[i];
        /* moves and benchmark are quoted always (names hold no quotes). */
        fprintf(f, "%s,%s,%s,%d,\"%s\",%d,%s,%" PRIu64 ",\"%s\"\n", d->opponent, d->computer, d->config,
                d->round, d->moves, d->depth, d->best, d->nodes, d->benchmark->name);
    }
    return atomic_commit(&a, message, message_size);
}
