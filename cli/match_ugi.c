/* match_ugi.c: `prune ugi GAME --config SPEC`, one prune config speaking
 * the Universal Game Interface (UGI: the UCI-like protocol of the
 * cutegames match runner) on standard input and output, so that an
 * external match runner can play it (docs/cli.md#prune-ugi).
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
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cores.h"
#include "match.h"
#include "numbers.h"

#define UGI_SPACE " \t\r\n\v\f"
#define UGI_MAX_MS 2147483647LL /* the longest movetime or clock taken: cutegames sends an int */
#define UGI_STACK_BYTES (64u << 20) /* the worker's stack: deep searches of copied positions */

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

static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;

static void vreply(const char *format, va_list args)
{
    vprintf(format, args);
    putchar('\n');
}

/* One line of output, whole, from either thread. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void reply(const char *format, ...)
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

/* The engine stops only the searches that count every node: a tree
 * config takes a depth alone, and no stop. */
static bool tree_config(const ugi_engine *e)
{
    return e->side.config->algorithm == ALGORITHM_TREE;
}

static void *ugi_search(void *argument)
{
    ugi_engine *e = argument;
    search_result r;
    uint64_t nodes = 0;
    char message[512], best[sizeof r.best];
    const atomic_int *stop = tree_config(e) ? NULL : &e->stop;
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

/* Whether the main thread may call the engine, which runs one search at a
 * time (engine/search_run.h): no search under way, and a finished one
 * joined, so that what it wrote is seen. */
static bool engine_free(ugi_engine *e)
{
    if (atomic_load(&e->searching)) return false;
    join_worker(e);
    return true;
}

static void forget_position(ugi_engine *e)
{
    e->has_position = false;
    e->position[0] = e->moves[0] = '\0';
}

static void start_position(ugi_engine *e)
{
    e->has_position = true;
    e->position[0] = e->moves[0] = '\0';
    e->status = e->start_status;
}

/* position startpos|fen X [moves M1 M2 ...]: the whole of it is checked,
 * and on any error the engine holds no position. */
static void ugi_position(ugi_engine *e, char **save)
{
    char position[SEARCH_POSITION_TEXT] = "", moves[MATCH_MOVES_SIZE] = "", message[512];
    const char *error = NULL;
    if (!engine_free(e)) {
        forget_position(e);
        reply("info string error: a position during a search (stop it, and wait for its bestmove); "
              "no position until the next position or uginewgame");
        return;
    }
    char *word = strtok_r(NULL, UGI_SPACE, save);
    if (word && strcmp(word, "fen") == 0) {
        char *text = strtok_r(NULL, UGI_SPACE, save);
        if (!text || strcmp(text, "moves") == 0) error = "position fen needs the game's position string";
        else if (strlen(text) >= sizeof position) error = "the position string is too long";
        else strcpy(position, text);
    } else if (!word || strcmp(word, "startpos") != 0) {
        error = "position takes startpos or fen X, then moves M1 M2 ...";
    }
    word = error ? NULL : strtok_r(NULL, UGI_SPACE, save);
    if (word && strcmp(word, "moves") != 0) {
        snprintf(message, sizeof message, "'%.64s' where moves or the end of the line was due", word);
        error = message;
    }
    size_t used = 0;
    for (word = word ? strtok_r(NULL, UGI_SPACE, save) : NULL; word && !error; word = strtok_r(NULL, UGI_SPACE, save)) {
        size_t length = strlen(word);
        if (strchr(word, ',')) {
            snprintf(message, sizeof message, "'%.64s' is not one move", word);
            error = message;
        } else if (used + length + 2 > sizeof moves) {
            error = "too many moves";
        } else {
            if (used) moves[used++] = ',';
            memcpy(moves + used, word, length + 1);
            used += length;
        }
    }
    match_position status;
    if (!error && !match_probe(e->game, position, moves, &status, message, sizeof message)) error = message;
    if (error) {
        forget_position(e);
        reply("info string error: %s; no position until the next position or uginewgame", error);
        return;
    }
    e->has_position = true;
    strcpy(e->position, position);
    strcpy(e->moves, moves);
    e->status = status;
}

/* Every query gets one two-word response, as cutegames reads it. */
static void ugi_query(ugi_engine *e, char **save)
{
    const char *question = strtok_r(NULL, UGI_SPACE, save);
    bool known = question && (!strcmp(question, "gameover") || !strcmp(question, "p1turn") ||
                              !strcmp(question, "result"));
    if (!known) {
        reply("info string error: unknown query '%.64s' (gameover, p1turn, result)", question ? question : "");
        reply("response unknown");
        return;
    }
    const match_position *p = &e->status;
    if (!e->has_position) {
        /* nothing can be played: over, with no result */
        reply("info string error: no position");
        reply("response %s", strcmp(question, "gameover") == 0 ? "true" : strcmp(question, "p1turn") == 0 ? "false"
                                                                                                         : "none");
    } else if (strcmp(question, "gameover") == 0) {
        reply("response %s", p->over ? "true" : "false");
    } else if (strcmp(question, "p1turn") == 0) {
        reply("response %s", p->max_to_move ? "true" : "false");
    } else {
        reply("response %s", !p->over                ? "none"
                             : p->maximiser_value > 0 ? "p1win"
                             : p->maximiser_value < 0 ? "p2win"
                                                      : "draw");
    }
}

/* The limit of one go command; false with the reason in `error`. */
static bool go_limit(ugi_engine *e, char **save, match_limit *limit, bool *infinite, char *error, size_t size)
{
    long long clock[4] = {-1, -1, 0, 0}; /* p1time p2time p1inc p2inc */
    static const char *const clock_words[] = {"p1time", "p2time", "p1inc", "p2inc"};
    int kinds = 0;
    bool clocked = false;
    for (char *word = strtok_r(NULL, UGI_SPACE, save); word; word = strtok_r(NULL, UGI_SPACE, save)) {
        if (strcmp(word, "infinite") == 0) {
            *limit = (match_limit){.kind = LIMIT_DEPTH, .value = (uint64_t)e->game->max_depth};
            *infinite = true;
            kinds++;
            continue;
        }
        char *value = strtok_r(NULL, UGI_SPACE, save);
        long long number;
        int c = 0;
        while (c < 4 && strcmp(word, clock_words[c]) != 0) c++;
        if (c < 4) {
            /* a late runner may send a clock already below zero: no time left */
            if (!value || !parse_whole_number(value, -UGI_MAX_MS, UGI_MAX_MS, &number)) {
                snprintf(error, size, "%s takes milliseconds, not '%.32s'", word, value ? value : "");
                return false;
            }
            clock[c] = number < 0 ? 0 : number;
            if (!clocked) kinds++;
            clocked = true;
            continue;
        }
        long long most = strcmp(word, "nodes") == 0      ? NUMBERS_MAX_NODES
                         : strcmp(word, "depth") == 0    ? 1000000
                         : strcmp(word, "movetime") == 0 ? UGI_MAX_MS
                                                         : 0;
        if (!most) {
            snprintf(error, size, "unknown go parameter '%.32s'", word);
            return false;
        }
        if (!value || !parse_whole_number(value, 1, most, &number)) {
            snprintf(error, size, "go %s takes a whole number from 1 to %lld, not '%.32s'", word, most, value ? value : "");
            return false;
        }
        limit->kind = strcmp(word, "nodes") == 0 ? LIMIT_NODES : strcmp(word, "depth") == 0 ? LIMIT_DEPTH : LIMIT_TIME;
        limit->value = (uint64_t)number;
        kinds++;
    }
    if (kinds == 0) {
        snprintf(error, size, "go needs a limit: nodes N, depth D, movetime T, p1time T p2time T, or infinite");
        return false;
    }
    if (kinds > 1) {
        snprintf(error, size, "go takes one limit, not several");
        return false;
    }
    if (clocked) {
        if (clock[0] < 0 || clock[1] < 0) {
            snprintf(error, size, "a clock needs both p1time and p2time");
            return false;
        }
        int mover = e->status.max_to_move ? 0 : 1;
        uint64_t ms = match_clock_move_ms((uint64_t)clock[mover], (uint64_t)clock[mover + 2]);
        *limit = (match_limit){.kind = LIMIT_TIME, .value = ms ? ms : 1};
    }
    return true;
}

static void ugi_go(ugi_engine *e, char **save)
{
    if (!engine_free(e)) {
        reply("info string error: a search is under way (its bestmove comes; stop ends it)");
        return;
    }
    char error[256];
    match_limit limit = {.kind = LIMIT_DEPTH};
    bool infinite = false;
    if (!e->has_position) {
        reply("info string error: no position");
        reply("bestmove none");
        return;
    }
    if (!go_limit(e, save, &limit, &infinite, error, sizeof error)) {
        reply("info string error: %s", error);
        reply("bestmove none");
        return;
    }
    if (e->status.over) {
        reply("bestmove none");
        return;
    }
    if (tree_config(e) && (limit.kind != LIMIT_DEPTH || infinite)) {
        /* the engine cannot bound a tree by time or nodes, nor stop it: refused here */
        reply("info string error: %s is a tree config: it takes go depth D only", e->side.config->name);
        reply("bestmove none");
        return;
    }
    if (limit.kind == LIMIT_DEPTH && limit.value > (uint64_t)e->game->max_depth) {
        reply("info string depth %" PRIu64 " is beyond %s's deepest search: searching to %d", limit.value,
              e->game->name, e->game->max_depth);
        limit.value = (uint64_t)e->game->max_depth;
    }
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
        reply("info string error: no thread for the search; answering a legal move (a one-ply search's)");
        reply("bestmove %s", best);
        return;
    }
    e->joinable = true;
}

/* setoption name threads value N: the next searches' threads, 1 to the
 * cores, for a config that threads (a ladder config); between searches
 * only, so that the worker never reads it while it changes. */
static void ugi_set_threads(ugi_engine *e, const char *value)
{
    long long threads;
    if (!config_threads(e->side.config))
        reply("info string error: %s searches on one thread (threads go with the ladder's configs, ladder-tt and up)",
              e->side.config->name);
    else if (!parse_whole_number(value, 1, cores_max_threads(), &threads))
        reply("info string error: threads must be a whole number from 1 to %d (this machine's cores), not '%.32s'",
              cores_max_threads(), value);
    else if (!engine_free(e))
        reply("info string error: a search is under way: set threads before go");
    else
        e->side.threads = (int)threads;
}

/* setoption name smp value lazy|abdada: how the threads share the work. */
static void ugi_set_smp(ugi_engine *e, const char *value)
{
    if (!config_threads(e->side.config))
        reply("info string error: %s searches on one thread (smp goes with the ladder's configs, ladder-tt and up)",
              e->side.config->name);
    else if (strcmp(value, "lazy") != 0 && strcmp(value, "abdada") != 0)
        reply("info string error: smp must be lazy or abdada, not '%.32s'", value);
    else if (!engine_free(e))
        reply("info string error: a search is under way: set smp before go");
    else
        e->side.smp = strcmp(value, "abdada") == 0 ? SEARCH_SMP_ABDADA : SEARCH_SMP_LAZY;
}

/* setoption name NAME value V: seed (any 64-bit seed: prune match sends
 * splitmix64 outputs, in decimal digits), threads or smp. */
static void ugi_setoption(ugi_engine *e, char **save)
{
    const char *key = strtok_r(NULL, UGI_SPACE, save);
    const char *name = key && strcmp(key, "name") == 0 ? strtok_r(NULL, UGI_SPACE, save) : NULL;
    const char *is = name ? strtok_r(NULL, UGI_SPACE, save) : NULL;
    const char *value = is ? strtok_r(NULL, UGI_SPACE, save) : NULL;
    const char *more = value ? strtok_r(NULL, UGI_SPACE, save) : NULL;
    bool well_formed = name && is && strcmp(is, "value") == 0 && value && !more;
    if (well_formed && strcmp(name, "threads") == 0) {
        ugi_set_threads(e, value);
        return;
    }
    if (well_formed && strcmp(name, "smp") == 0) {
        ugi_set_smp(e, value);
        return;
    }
    if (well_formed && strcmp(name, "seed") == 0 && value[0] >= '0' && value[0] <= '9') {
        char *end;
        errno = 0;
        unsigned long long seed = strtoull(value, &end, 10);
        if (!*end && !errno) {
            e->seed = seed;
            return;
        }
    }
    reply("info string error: prune ugi takes setoption name seed value S (S a whole number below 2^64), "
          "name threads value N or name smp value lazy|abdada");
}

/* Answers one line; false on quit. */
static bool ugi_line(ugi_engine *e, char *line)
{
    char *save = NULL, *word = strtok_r(line, UGI_SPACE, &save);
    if (!word) return true; /* a blank line asks nothing */
    if (strcmp(word, "quit") == 0) return false;
    if (strcmp(word, "ugi") == 0) {
        pthread_mutex_lock(&print_lock);
        printf("id name prune %s\nid author prune\noption name seed type string default %" PRIu64 "\n",
               e->side.text, e->seed);
        if (config_threads(e->side.config))
            printf("option name threads type spin default %d min 1 max %d\n"
                   "option name smp type combo default %s var lazy var abdada\n",
                   e->side.threads > 1 ? e->side.threads : 1, cores_max_threads(),
                   e->side.smp == SEARCH_SMP_ABDADA ? "abdada" : "lazy");
        printf("ugiok\n");
        fflush(stdout);
        pthread_mutex_unlock(&print_lock);
    } else if (strcmp(word, "isready") == 0) {
        reply("readyok");
    } else if (strcmp(word, "uginewgame") == 0) {
        e->keep = false;
        start_position(e);
    } else if (strcmp(word, "position") == 0) {
        ugi_position(e, &save);
    } else if (strcmp(word, "query") == 0) {
        ugi_query(e, &save);
    } else if (strcmp(word, "go") == 0) {
        ugi_go(e, &save);
    } else if (strcmp(word, "setoption") == 0) {
        ugi_setoption(e, &save);
    } else if (strcmp(word, "stop") == 0) {
        if (atomic_load(&e->searching)) atomic_store(&e->stop, 1); /* the worker answers bestmove */
        else reply("info string no search to stop");
    } else {
        reply("info string error: unknown command '%.64s'", word);
    }
    return true;
}

static int run_ugi(const options *o)
{
    static ugi_engine e;
    e.game = cli_game(o);
    match_side_parse("config", options_value(o, "config"), &e.side);
    if (!e.side.config) cli_fail("prune ugi plays a config of prune, not an external engine (--config)");
    match_sides_allocate((const char *const[]){"config"}, &e.side, 1, cli_memory_bound(o));
    e.seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, 1);
    char message[256];
    if (!match_probe(e.game, "", "", &e.start_status, message, sizeof message)) cli_fail("%s", message);
    start_position(&e);
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) >= 0 && ugi_line(&e, line)) {}
    free(line);
    if (atomic_load(&e.searching)) {
        if (tree_config(&e)) { /* a tree's search cannot be stopped: exit without waiting for it */
            pthread_mutex_lock(&print_lock);
            fflush(stdout);
            _exit(CLI_OK);
        }
        atomic_store(&e.stop, 1); /* quit, or the end of input: the search ends now */
    }
    join_worker(&e);
    match_side_free(&e.side);
    return CLI_OK;
}

static const option_spec ugi_options[] = {
    {"config", true}, {"seed", true}, {"max-memory-mb", true}, {"help", false}, {NULL, false},
};

const command command_ugi = {
    .name = "ugi", .operand = "GAME", .options = ugi_options, .run = run_ugi,
    .synopsis = "GAME --config SPEC [--seed S] [--max-memory-mb N]",
    .summary = "play one config over the Universal Game Interface (UGI) on standard input and output",
    .help =
        "usage: prune ugi GAME --config SPEC [--seed S] [--max-memory-mb N]\n"
        "\n"
        "  --config SPEC  a config and its options, as prune match --a takes them\n"
        "                 (ladder-pvs,tt-mb=64)\n"
        "  --seed S       the move-ordering seed until setoption name seed value S (default 1)\n"
        "  --max-memory-mb N\n"
        "                 memory bound in MiB: a larger table (tt-mb) is refused before the first\n"
        "                 line is read, and a tree config's search that would take more answers\n"
        "                 an info string error and a legal move; from 1 to physical memory,\n"
        "                 default " MEMORY_BOUND_DEFAULT_TEXT "\n"
        "  --help, -h     print this help\n"
        "\n"
        "Commands: ugi, isready, uginewgame, position startpos|fen X [moves M1 M2 ...],\n"
        "query gameover|p1turn|result, go nodes N | depth D | movetime T | infinite |\n"
        "p1time T p2time T [p1inc I p2inc I], stop, setoption name seed value S,\n"
        "setoption name threads value N and name smp value lazy|abdada (ladder configs), quit.\n"
        "Searches run beside the input: isready, stop and quit are answered at once.\n",
};
