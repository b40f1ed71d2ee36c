/* ugi_engine.h: the engine of `prune ugi GAME --config SPEC`, one prune
 * config speaking the Universal Game Interface (UGI: the UCI-like protocol
 * of the cutegames match runner) on standard input and output, so that an
 * external match runner can play it (docs/cli.md#prune-ugi; the command,
 * cli/match_ugi.c, reads its options and hands it the config).
 *
 *   ugi_engine.c    its state between lines, its output lines, and its
 *                   search on a worker thread
 *   ugi_commands.c  the protocol's commands, one line at a time
 *
 * The main thread reads whole lines (getline) and answers every command
 * at once; a search runs on a worker thread, one at a time, so that
 * `isready` is answered and `stop` and `quit` end the search while it
 * runs.  Both threads print whole lines under one lock.
 *
 * A move searches like a side of prune match (match_side_move): the table
 * is emptied by uginewgame and kept across the game's moves, and
 * `setoption name seed value S` sets the next searches' move-ordering
 * seed, which is how prune match gives an external prune the seeds an
 * internal side would get; `setoption name threads value N` and `name smp
 * value lazy|abdada` their threads (a ladder config's, as --config's
 * threads=N and smp=S set them).
 *
 * What the runner gets wrong is answered with `info string error: ...`,
 * never ignored: a position that does not parse or holds an illegal move
 * leaves the engine with no position (never the previous one), and a `go`
 * it cannot search (no position, a bad limit) answers `bestmove none` at
 * once, so that a runner never waits.  A search that fails (out of memory)
 * still answers a legal move: `bestmove none` otherwise means the game is
 * over or the request was refused. */
#ifndef PRUNE_UGI_ENGINE_H
#define PRUNE_UGI_ENGINE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "match_types.h"

#define UGI_SPACE " \t\r\n\v\f"

typedef struct {
    const game_entry *game;
    match_side side;
    uint64_t seed;
    bool keep;                          /* a search of this game came before: keep the table */
    /* the position: none after a position command that failed */
    bool has_position;
    char position[SEARCH_POSITION_TEXT]; /* the game's position string, "" the start */
    char moves[MATCH_MOVES_SIZE];       /* moves from there, comma-separated */
    match_position status;              /* what the position is (match_probe) */
    match_position start_status;        /* the start position's, probed once */
    /* the search under way: the worker reads only these copies */
    pthread_t worker;
    bool joinable;                      /* main thread only: worker was started and not joined */
    atomic_int searching;               /* cleared by the worker before it prints bestmove */
    atomic_int stop;
    match_limit limit;
    char job_position[SEARCH_POSITION_TEXT];
    char job_moves[MATCH_MOVES_SIZE];
    uint64_t job_seed;
    bool job_keep;
} ugi_engine;

/* One line of output, whole, from either thread. */
void ugi_reply(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* The engine stops only the searches that count every node: a tree
 * config takes a depth alone, and no stop. */
bool ugi_tree_config(const ugi_engine *e);
/* Whether the main thread may call the engine, which runs one search at a
 * time (engine/search_run.h): no search under way, and a finished one
 * joined, so that what it wrote is seen. */
bool ugi_engine_idle(ugi_engine *e);
/* No position (after one that failed), or the start's (uginewgame). */
void ugi_forget_position(ugi_engine *e);
void ugi_start_position(ugi_engine *e);
/* Starts the search of the position under `limit` on the worker, which
 * answers bestmove; the engine must be idle. */
void ugi_start_search(ugi_engine *e, match_limit limit);
/* The answer to ugi: the engine's name and options, then ugiok. */
void ugi_identify(const ugi_engine *e);
/* Answers one line (ugi_commands.c); false on quit. */
bool ugi_line(ugi_engine *e, char *line);
/* Plays e->game with e->side (allocated) from e->seed: probes the start
 * position (false with the message, before any line is read, when it
 * fails), answers every line of standard input until quit or its end,
 * then ends the search under way and frees the side.  A tree config's
 * search cannot be stopped: then the process exits (status 0) without
 * waiting for it. */
bool ugi_serve(ugi_engine *e, char *message, size_t size);

#endif
