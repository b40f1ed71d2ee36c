/* ugi_engine.c: prune ugi's engine (ugi_engine.h) between the protocol's
 * lines: its output, one whole line at a time under one lock; its position;
 * its search, one at a time on a worker thread that answers bestmove; and
 * the loop over standard input's lines, to the search's end at quit. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cores.h"
#include "ugi_engine.h"

#define UGI_STACK_BYTES (64u << 20) /* the worker's stack: deep searches of copied positions */

static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;

static void vreply(const char *format, va_list args)
{
    vprintf(format, args);
    putchar('\n');
}


/* One line of output, whole, from either thread. */
void ugi_reply(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    pthread_mutex_lock(&print_lock);
    vreply(format, args);
    fflush(stdout);
    pthread_mutex_unlock(&print_lock);
    va_end(args);
}

/* A legal move found cheaply (a one-ply search), for a search that failed;
 * "none" when even that fails. */
static void first_legal_move(const ugi_engine *e, const char *position, const char *moves, char *out, size_t size)
{
    search_request q = {.config = config_find("negamax"), .position = position, .moves = moves, .depth = 1,
                        .untimed = true};
    search_result r;
    char message[256];
    snprintf(out, size, "%s", e->game->search(&q, &r, message, sizeof message) == SEARCH_OK ? r.best : "none");
}

bool ugi_tree_config(const ugi_engine *e)
{
    return e->side.config->algorithm == ALGORITHM_TREE;
}

static void *ugi_search(void *argument)
{
    ugi_engine *e = argument;
    search_result r;
    uint64_t nodes = 0;
    char message[512], best[sizeof r.best];
    const atomic_int *stop = ugi_tree_config(e) ? NULL : &e->stop;
    bool ok = match_side_move(e->game, &e->side, &e->limit, e->job_position, e->job_moves, e->job_seed, e->job_keep,
                              stop, &r, &nodes, message, sizeof message) == SEARCH_OK;
    if (ok) snprintf(best, sizeof best, "%s", r.best);
    else first_legal_move(e, e->job_position, e->job_moves, best, sizeof best);
    pthread_mutex_lock(&print_lock);
    if (ok) printf("info nodes %" PRIu64 " score %d\n", nodes, r.value);
    else printf("info string error: the search failed (%s); answering a legal move (a one-ply search's)\n", message);
    atomic_store(&e->searching, 0); /* before bestmove: a runner's next go finds the engine idle */
    printf("bestmove %s\n", best);
    fflush(stdout);
    pthread_mutex_unlock(&print_lock);
    return NULL;
}

/* Waits for the worker of the last search (it has answered, or is about
 * to), so that a new one may start. */
static void join_worker(ugi_engine *e)
{
    if (!e->joinable) return;
    pthread_join(e->worker, NULL);
    e->joinable = false;
}

bool ugi_engine_idle(ugi_engine *e)
{
    if (atomic_load(&e->searching)) return false;
    join_worker(e);
    return true;
}

void ugi_forget_position(ugi_engine *e)
{
    e->has_position = false;
    e->position[0] = e->moves[0] = '\0';
}

void ugi_start_position(ugi_engine *e)
{
    e->has_position = true;
    e->position[0] = e->moves[0] = '\0';
    e->status = e->start_status;
}

void ugi_start_search(ugi_engine *e, match_limit limit)
{
    e->limit = limit;
    strcpy(e->job_position, e->position);
    strcpy(e->job_moves, e->moves);
    e->job_seed = e->seed;
    e->job_keep = e->keep;
    e->keep = true;
    atomic_store(&e->stop, 0);
    atomic_store(&e->searching, 1);
    pthread_attr_t attributes;
    bool started = pthread_attr_init(&attributes) == 0;
    if (started) {
        pthread_attr_setstacksize(&attributes, UGI_STACK_BYTES);
        started = pthread_create(&e->worker, &attributes, ugi_search, e) == 0;
        pthread_attr_destroy(&attributes);
    }
    if (!started) {
        atomic_store(&e->searching, 0);
        char best[32];
        first_legal_move(e, e->position, e->moves, best, sizeof best);
        ugi_reply("info string error: no thread for the search; answering a legal move (a one-ply search's)");
        ugi_reply("bestmove %s", best);
        return;
    }
    e->joinable = true;
}

void ugi_identify(const ugi_engine *e)
{
    pthread_mutex_lock(&print_lock);
    printf("id name prune %s\nid author prune\noption name seed type string default %" PRIu64 "\n", e->side.text,
           e->seed);
    if (config_threads(e->side.config))
        printf("option name threads type spin default %d min 1 max %d\n", e->side.threads > 1 ? e->side.threads : 1,
               cores_max_threads());
    if (config_threads(e->side.config) && e->side.config->algorithm == ALGORITHM_LADDER) /* MCTS: root parallelism */
        printf("option name smp type combo default %s var lazy var abdada\n",
               e->side.smp == SEARCH_SMP_ABDADA ? "abdada" : "lazy");
    printf("ugiok\n");
    fflush(stdout);
    pthread_mutex_unlock(&print_lock);
}

bool ugi_serve(ugi_engine *e, char *message, size_t size)
{
    if (!match_probe(e->game, "", "", &e->start_status, message, size)) return false;
    ugi_start_position(e);
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) >= 0 && ugi_line(e, line)) {}
    free(line);
    if (atomic_load(&e->searching)) {
        if (ugi_tree_config(e)) { /* a tree's search cannot be stopped: exit without waiting for it */
            pthread_mutex_lock(&print_lock);
            fflush(stdout);
            _exit(0);
        }
        atomic_store(&e->stop, 1); /* quit, or the end of input: the search ends now */
    }
    join_worker(e);
    match_side_free(&e->side);
    return true;
}
