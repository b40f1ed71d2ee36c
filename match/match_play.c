/* match_play.c: one game of a match, move by move (match.h).
 *
 * The game is its opening (a move list from the start, or a position
 * string) and the moves played since: before each move a one-ply probe
 * says whether the game is over, who is to move and its value (for the
 * adjudication rule), then the mover's side searches under the match's
 * limit and its move is appended.  The match never searches on a side's
 * behalf: every config gets its limit as the engine's soft limit
 * (search_request), and the engine deepens and stops within it, so that
 * configs differ only by their technique.  Every move is timed; a clock
 * is kept per side.  A side's table lives in its match_side: emptied at
 * its first search of the game, kept across its later ones. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "match_types.h"
#include "random.h"

#define MATCH_MAX_NODES 4000000000ULL /* the hard budget of every search (--nodes is at most this) */

/* The per-game ply cap (docs/strength.md quotes it): a game that reaches it
 * without ending is a draw.  Each game's header gives it and says why
 * (NAME_MATCH_MAX_PLIES, games/README.md; 200 without). */
int match_ply_cap(const game_entry *game) { return game->match_max_plies; }

/* Adjudication, where a game can run on forever (docs/strength.md): a
 * game is won by the side its one-ply value (the probe's, maximiser's
 * view) favours by at least `margin` over the value where the game began
 * (after its opening), held for `plies` plies in a row.  The game's header
 * gives both (NAME_ADJUDICATION_MARGIN, NAME_ADJUDICATION_PLIES; Ard Ri's
 * says why its figures); a game without them is never adjudicated. */
static bool adjudication_of(const game_entry *game, int *margin, int *plies)
{
    *margin = game->adjudication_margin;
    *plies = game->adjudication_plies;
    return *margin > 0;
}

/* A one-ply negamax search answers all three (and checks the moves). */
bool match_probe(const game_entry *game, const char *position, const char *moves, match_position *out, char *message,
                 size_t size)
{
    search_request q = {.config = config_find("negamax"), .position = position, .moves = moves, .depth = 1,
                        .untimed = true};
    search_result r;
    if (game->search(&q, &r, message, size) != SEARCH_OK) return false;
    *out = (match_position){.over = strcmp(r.best, "none") == 0, .max_to_move = r.root_max,
                             .maximiser_value = r.root_max ? r.value : -r.value};
    return true;
}

/* An opening is a move list from the start, or a position string (every
 * one holds a '/', which no move list does: docs/cli.md#position-strings). */
static const char *opening_position(const char *opening)
{
    return strchr(opening, '/') ? opening : NULL;
}

bool match_position_playable(const game_entry *game, const char *opening, char *message, size_t size)
{
    match_position status;
    const char *position = opening_position(opening);
    if (!match_probe(game, position, position ? "" : opening, &status, message, size)) return false;
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

/* A move's share of the clock, in microseconds: a 30th of what is left
 * plus 3/4 of the increment, never more than half of what is left, at
 * least MATCH_CLOCK_FLOOR_US.  Microseconds, so that a 1 ms increment's 3/4
 * is not rounded away (in whole milliseconds it was 0), and a clock of
 * 10+0.1 gives its moves about 400 us.  The floor is a move's time when the
 * clock is all but spent: the search answers after its first iteration
 * whatever its deadline (engine/search_context.h), so a floor of 1 ms, as
 * whole milliseconds needed, would give a 10 ms clock's late moves more
 * than it holds. */
#define MATCH_CLOCK_FLOOR_US 100
uint64_t match_clock_move_us(uint64_t left_us, uint64_t increment_us)
{
    uint64_t us = left_us / 30 + increment_us * 3 / 4;
    if (us > left_us / 2) us = left_us / 2;
    return us >= MATCH_CLOCK_FLOOR_US ? us : MATCH_CLOCK_FLOOR_US;
}

search_status match_side_move(const game_entry *game, match_side *side, const match_limit *limit, const char *position,
                              const char *moves, uint64_t seed, bool keep, const atomic_int *stop, search_result *r,
                              uint64_t *nodes, char *message, size_t size)
{
    search_request q = {.config = side->config, .position = position, .moves = moves, .state = side->state,
                        .seed = seed, .tt_replace = side->tt_replace, .keep_tt = keep,
                        .table = side->config->ladder.tt ? &side->table : NULL, .max_nodes = MATCH_MAX_NODES,
                        .stop = stop, .depth = game->max_depth, .threads = side->threads, .smp = side->smp,
                        .max_memory_mb = side->max_memory_mb,
                        .tree = side->config->algorithm == ALGORITHM_MCTS ? &side->tree : NULL};
    if (side->depth) {
        q.depth = side->depth < game->max_depth ? side->depth : game->max_depth;
    } else if (limit->kind == LIMIT_DEPTH) {
        q.depth = (int)limit->value < game->max_depth ? (int)limit->value : game->max_depth;
    } else if (limit->kind == LIMIT_NODES) {
        q.node_limit = limit->value; /* the engine deepens and stops within it: at most N nodes */
    } else {
        q.time_us = limit->value;    /* LIMIT_TIME (a clock comes here as its move's share) */
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

/* A game under way: where it began and what is played since. */
typedef struct {
    const game_entry *game;
    const char *position;     /* the opening's position string, or NULL (the opening is in moves) */
    const match_limit *limit; /* the match's */
    match_game *g;
    int64_t clock_us[2];      /* LIMIT_CLOCK: what each side has left, in microseconds */
    uint64_t time_factor[2];  /* each side's time odds (match_side.time_factor, at least 1) */
    int start_value;          /* the probe's value where the game began (adjudication's reference) */
    int ahead_plies, ahead_sign; /* adjudication: how long one side has held the margin, and which */
    bool play_out;            /* match_rules.play_out: a verdict is recorded and the game goes on */
} game_run;

/* Probes the game's position; records its end when it is over. */
static bool check_end(game_run *run, match_position *status, char *message, size_t size)
{
    match_game *g = run->g;
    if (!match_probe(run->game, run->position, g->moves, status, message, size)) return false;
    if (status->over) {
        g->end = END_OVER;
        g->outcome = outcome_for_a(status->maximiser_value, g->a_first);
    }
    return true;
}

/* Applies the game's adjudication rule after a probe; true when it
 * decided the game.  Under --play-out (run->play_out) the verdict is
 * recorded in g->adjudged and the game goes on, judged no more. */
static bool adjudicate(game_run *run, const match_position *status)
{
    int margin, plies;
    if (!adjudication_of(run->game, &margin, &plies) || run->g->adjudged) return false;
    int lead = status->maximiser_value - run->start_value;
    int sign = lead >= margin ? 1 : lead <= -margin ? -1 : 0;
    run->ahead_plies = sign != 0 && sign == run->ahead_sign ? run->ahead_plies + 1 : sign != 0;
    run->ahead_sign = sign;
    if (run->ahead_plies < plies) return false;
    match_game *g = run->g;
    if (run->play_out) {
        g->adjudged = true;
        g->adjudged_outcome = outcome_for_a(sign, g->a_first);
        g->adjudged_ply = g->plies;
        return false;
    }
    g->end = END_ADJUDICATED;
    g->outcome = outcome_for_a(sign, g->a_first);
    snprintf(g->why, sizeof g->why, "the %s player led by %d or more over %d plies in a row (margin %d)",
             sign > 0 ? "first" : "second", margin, plies, margin);
    return true;
}

/* One move of an external engine, checked against the position. */
static engine_end engine_move(const game_run *run, match_side *side, const match_limit *limit, uint64_t seed,
                              char *best, size_t size, uint64_t *nodes)
{
    const char *moves = run->g->moves;
    /* an external engine keeps its own clock: it gets the first player's and the second's time left */
    bool a_first = run->g->a_first;
    int64_t clock_ms[2] = {run->clock_us[a_first ? 0 : 1] / 1000, run->clock_us[a_first ? 1 : 0] / 1000};
    engine_end end = match_engine_move(side->engine, run->limit->kind == LIMIT_CLOCK ? run->limit : limit, clock_ms,
                                       run->position, moves, seed, best, size, nodes);
    if (end != ENGINE_OK) return end;
    char after[MATCH_MOVES_SIZE + 80], message[256]; /* the moves, a comma and a move of at most 63 */
    match_position p;
    snprintf(after, sizeof after, "%s%s%s", moves, *moves ? "," : "", best);
    return match_probe(run->game, run->position, after, &p, message, sizeof message) ? ENGINE_OK : ENGINE_ILLEGAL;
}

/* The side that failed loses the game. */
static match_play_status side_lost(match_game *g, int side, match_end end, engine_end why)
{
    g->end = end;
    g->failure = why;
    g->failed_side = side;
    g->outcome = side == 0 ? OUTCOME_LOSS : OUTCOME_WIN;
    return PLAY_OK;
}

/* One move of either kind of side; ENGINE_OK or how an engine failed. */
static engine_end any_move(const game_run *run, match_side *side, const match_limit *limit, uint64_t seed, bool keep,
                           char *best, size_t size, uint64_t *nodes, bool *failed, char *message, size_t message_size)
{
    if (side->engine) return engine_move(run, side, limit, seed, best, size, nodes);
    search_result r;
    *failed = match_side_move(run->game, side, limit, run->position, run->g->moves, seed, keep, NULL, &r, nodes,
                              message, message_size) != SEARCH_OK;
    snprintf(best, size, "%s", r.best);
    return ENGINE_OK;
}

/* The limit of the mover's next move: a clock becomes its move's share,
 * of the mover's own increment; a movetime is the mover's (its time odds). */
static match_limit move_limit(const game_run *run, const match_limit *limit, int mover)
{
    if (limit->kind == LIMIT_TIME) return (match_limit){.kind = LIMIT_TIME, .value = limit->value * run->time_factor[mover]};
    if (limit->kind != LIMIT_CLOCK) return *limit;
    uint64_t left = run->clock_us[mover] > 0 ? (uint64_t)run->clock_us[mover] : 0;
    return (match_limit){.kind = LIMIT_TIME, .value = match_clock_move_us(left, limit->increment_us * run->time_factor[mover])};
}

/* An overrun is a move past its time by more than its slack: the engine
 * stops at its first look at the clock after the deadline (every 256
 * nodes), so nearly every move passes its time by some microseconds, which
 * says nothing.  The slack is a tenth of the move's time, at most 1 ms: a
 * millisecond past 10 ms or more is a move that did not stop in time, and
 * on an allotment of 1 to 3 ms a fixed millisecond would pass a move a
 * third to all of its time over (issue 48); a tenth of it passes none. */
uint64_t match_overrun_slack_us(uint64_t allotted_us)
{
    uint64_t tenth = allotted_us / 10;
    return tenth < 1000 ? tenth : 1000;
}

/* Books the move's time; true when the mover lost on time: past its
 * movetime (or its clock) by more than the margin, as cutechess and
 * fastchess forfeit. */
static bool book_time(game_run *run, const match_rules *rules, const match_limit *allotted, int mover, double ms)
{
    match_game *g = run->g;
    if (g->plies < MATCH_MAX_PLIES) g->move_ms[g->plies] = ms;
    if (ms > g->move_ms_max[mover]) g->move_ms_max[mover] = ms;
    g->moves_made[mover]++;
    double margin = (double)rules->margin_ms;
    double allotted_ms = (double)allotted->value / 1000, slack_ms = (double)match_overrun_slack_us(allotted->value) / 1000;
    if (rules->limit.kind == LIMIT_TIME) {
        if (ms > allotted_ms + margin) return true;
        if (ms > allotted_ms + slack_ms) g->overruns[mover]++;
    } else if (rules->limit.kind == LIMIT_CLOCK) {
        if (ms > allotted_ms + slack_ms) g->overruns[mover]++;
        run->clock_us[mover] -= (int64_t)(ms * 1000 + 0.5);   /* kept in microseconds: no move's time rounds away */
        if ((double)run->clock_us[mover] < -margin * 1000) return true;
        if (run->clock_us[mover] < 0) run->clock_us[mover] = 0;
        run->clock_us[mover] += (int64_t)(rules->limit.increment_us * run->time_factor[mover]);
    }
    return false;
}

match_play_status match_play(const game_entry *game, match_side sides[2], const match_rules *rules, const char *opening,
                             bool a_first, uint64_t seed, match_game *out, char *message, size_t size)
{
    *out = (match_game){.a_first = a_first, .end = END_CAPPED, .outcome = OUTCOME_DRAW};
    uint64_t factor[2] = {sides[0].time_factor > 1 ? (uint64_t)sides[0].time_factor : 1,
                          sides[1].time_factor > 1 ? (uint64_t)sides[1].time_factor : 1};
    game_run run = {.game = game, .position = opening_position(opening), .g = out, .limit = &rules->limit,
                    .clock_us = {(int64_t)(rules->limit.value * factor[0]), (int64_t)(rules->limit.value * factor[1])},
                    .time_factor = {factor[0], factor[1]}, .play_out = rules->play_out};
    snprintf(out->moves, sizeof out->moves, "%s", run.position ? "" : opening);
    int cap = match_ply_cap(game), played = run.position ? 0 : match_count_plies(opening);
    bool searched[2] = {false, false};
    uint64_t rng = seed;
    match_position status;
    for (int i = 0; i < 2; i++) {
        engine_end end = sides[i].engine ? match_engine_new_game(sides[i].engine, sides[i].engine_command) : ENGINE_OK;
        if (end != ENGINE_OK) return side_lost(out, i, END_ENGINE, end);
    }
    for (; played < cap; played++, out->plies++) {
        if (!check_end(&run, &status, message, size)) return PLAY_FAILED;
        if (status.over) return PLAY_OK;
        if (out->plies == 0) run.start_value = status.maximiser_value;
        else if (adjudicate(&run, &status)) return PLAY_OK;
        int mover = status.max_to_move == a_first ? 0 : 1; /* the first player maximises */
        char best[64];
        uint64_t nodes = 0;
        bool failed = false;
        match_limit allotted = move_limit(&run, &rules->limit, mover);
        double start = clock_seconds();
        engine_end end = any_move(&run, &sides[mover], &allotted, splitmix64_next(&rng), searched[mover], best,
                                  sizeof best, &nodes, &failed, message, size);
        double seconds = clock_seconds() - start;
        if (failed) return PLAY_FAILED;
        if (end != ENGINE_OK) return side_lost(out, mover, END_ENGINE, end);
        out->seconds[mover] += seconds;
        out->nodes[mover] += nodes;
        searched[mover] = true;
        if (book_time(&run, rules, &allotted, mover, seconds * 1000)) return side_lost(out, mover, END_TIME, ENGINE_OK);
        if (!append_move(out->moves, best)) {
            snprintf(message, size, "the game's move list passed %d characters", MATCH_MOVES_SIZE);
            return PLAY_FAILED;
        }
    }
    /* At the cap: a game that ended on its last ply still counts as ended. */
    if (!check_end(&run, &status, message, size)) return PLAY_FAILED;
    if (out->end == END_CAPPED) snprintf(out->why, sizeof out->why, "the ply cap of %d", cap);
    return PLAY_OK;
}
