/* ugi_commands.c: the commands of the UGI protocol as prune ugi answers
 * them (ugi_engine.h), one line at a time: ugi, isready, uginewgame,
 * position, query, go, setoption, stop and quit.  Each is checked whole,
 * and what the runner gets wrong is answered with `info string error: ...`. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cores.h"
#include "numbers.h"
#include "ugi_engine.h"

#define UGI_MAX_MS 2147483647LL /* the longest movetime or clock taken: cutegames sends an int */

/* position startpos|fen X [moves M1 M2 ...]: the whole of it is checked,
 * and on any error the engine holds no position. */
static void ugi_position(ugi_engine *e, char **save)
{
    char position[SEARCH_POSITION_TEXT] = "", moves[MATCH_MOVES_SIZE] = "", message[512];
    const char *error = NULL;
    if (!ugi_engine_idle(e)) {
        ugi_forget_position(e);
        ugi_reply("info string error: a position during a search (stop it, and wait for its bestmove); "
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
        ugi_forget_position(e);
        ugi_reply("info string error: %s; no position until the next position or uginewgame", error);
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
        ugi_reply("info string error: unknown query '%.64s' (gameover, p1turn, result)", question ? question : "");
        ugi_reply("response unknown");
        return;
    }
    const match_position *p = &e->status;
    if (!e->has_position) {
        /* nothing can be played: over, with no result */
        ugi_reply("info string error: no position");
        ugi_reply("response %s", strcmp(question, "gameover") == 0 ? "true" : strcmp(question, "p1turn") == 0 ? "false"
                                                                                                             : "none");
    } else if (strcmp(question, "gameover") == 0) {
        ugi_reply("response %s", p->over ? "true" : "false");
    } else if (strcmp(question, "p1turn") == 0) {
        ugi_reply("response %s", p->max_to_move ? "true" : "false");
    } else {
        ugi_reply("response %s", !p->over                ? "none"
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
        limit->value = (uint64_t)number * (limit->kind == LIMIT_TIME ? 1000 : 1); /* a time in microseconds */
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
        *limit = (match_limit){.kind = LIMIT_TIME,
                               .value = match_clock_move_us((uint64_t)clock[mover] * 1000, (uint64_t)clock[mover + 2] * 1000)};
    }
    return true;
}

static void ugi_go(ugi_engine *e, char **save)
{
    if (!ugi_engine_idle(e)) {
        ugi_reply("info string error: a search is under way (its bestmove comes; stop ends it)");
        return;
    }
    char error[256];
    match_limit limit = {.kind = LIMIT_DEPTH};
    bool infinite = false;
    if (!e->has_position) {
        ugi_reply("info string error: no position");
        ugi_reply("bestmove none");
        return;
    }
    if (!go_limit(e, save, &limit, &infinite, error, sizeof error)) {
        ugi_reply("info string error: %s", error);
        ugi_reply("bestmove none");
        return;
    }
    if (e->status.over) {
        ugi_reply("bestmove none");
        return;
    }
    if (ugi_tree_config(e) && (limit.kind != LIMIT_DEPTH || infinite)) {
        /* the engine cannot bound a tree by time or nodes, nor stop it: refused here */
        ugi_reply("info string error: %s is a tree config: it takes go depth D only", e->side.config->name);
        ugi_reply("bestmove none");
        return;
    }
    if (e->side.config->algorithm == ALGORITHM_MCTS && limit.kind == LIMIT_DEPTH && !infinite) {
        /* no depth bounds it: it would never answer */
        ugi_reply("info string error: %s searches to a budget, not a depth: go nodes N, movetime N, a clock or "
                  "infinite", e->side.config->name);
        ugi_reply("bestmove none");
        return;
    }
    if (limit.kind == LIMIT_DEPTH && limit.value > (uint64_t)e->game->max_depth) {
        ugi_reply("info string depth %" PRIu64 " is beyond %s's deepest search: searching to %d", limit.value,
                  e->game->name, e->game->max_depth);
        limit.value = (uint64_t)e->game->max_depth;
    }
    ugi_start_search(e, limit);
}

/* setoption name threads value N: the next searches' threads, 1 to the
 * cores, for a config that threads (a ladder config); between searches
 * only, so that the worker never reads it while it changes. */
static void ugi_set_threads(ugi_engine *e, const char *value)
{
    long long threads;
    if (!config_threads(e->side.config))
        ugi_reply("info string error: %s searches on one thread (threads go with the ladder's configs, ladder-tt and up)",
                  e->side.config->name);
    else if (!parse_whole_number(value, 1, cores_max_threads(), &threads))
        ugi_reply("info string error: threads must be a whole number from 1 to %d (this machine's cores), not '%.32s'",
                  cores_max_threads(), value);
    else if (!ugi_engine_idle(e))
        ugi_reply("info string error: a search is under way: set threads before go");
    else
        e->side.threads = (int)threads;
}

/* setoption name smp value lazy|abdada: how the threads share the work. */
static void ugi_set_smp(ugi_engine *e, const char *value)
{
    if (!config_threads(e->side.config) || e->side.config->algorithm != ALGORITHM_LADDER)
        ugi_reply("info string error: %s searches on one thread (smp goes with the ladder's configs, ladder-tt and up)",
                  e->side.config->name);
    else if (strcmp(value, "lazy") != 0 && strcmp(value, "abdada") != 0)
        ugi_reply("info string error: smp must be lazy or abdada, not '%.32s'", value);
    else if (!ugi_engine_idle(e))
        ugi_reply("info string error: a search is under way: set smp before go");
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
    ugi_reply("info string error: prune ugi takes setoption name seed value S (S a whole number below 2^64), "
                  "name threads value N or name smp value lazy|abdada");
}

bool ugi_line(ugi_engine *e, char *line)
{
    char *save = NULL, *word = strtok_r(line, UGI_SPACE, &save);
    if (!word) return true; /* a blank line asks nothing */
    if (strcmp(word, "quit") == 0) return false;
    if (strcmp(word, "ugi") == 0) {
        ugi_identify(e);
    } else if (strcmp(word, "isready") == 0) {
        ugi_reply("readyok");
    } else if (strcmp(word, "uginewgame") == 0) {
        e->keep = false;
        ugi_start_position(e);
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
        else ugi_reply("info string no search to stop");
    } else {
        ugi_reply("info string error: unknown command '%.64s'", word);
    }
    return true;
}
