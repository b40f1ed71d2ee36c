/* match_side.c: one side of a match (match_types.h): its spec read, its
 * table allocated within the command's memory bound, its fitness for the
 * match's limit checked before the first game, and its resources freed.
 * Every refusal is returned as a message (the command prints it: match/
 * knows nothing of the command line), worded as the flag that gave it. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cores.h"
#include "match_types.h"
#include "numbers.h"

#define MESSAGE_SIZE 512

/* Writes the refusal into `message`; false, for `return match_refuse(...)`
 * (match_types.h). */
bool match_refuse(char *message, size_t size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(message, size, format, args);
    va_end(args);
    return false;
}

/* CONFIG[,tt-mb=N][,tt-replace=always|depth][,state=copy|undo][,depth=D][,threads=N][,smp=lazy|abdada][,time=K] */
bool match_side_read(const char *flag, const char *text, match_side *side, char *message, size_t size)
{
    char copy[256];
    if (!text) return match_refuse(message, size, "missing --%s CONFIG (prune configs lists them)", flag);
    if (strlen(text) >= sizeof copy) return match_refuse(message, size, "--%s is too long", flag);
    strcpy(copy, text);
    *side = (match_side){.text = text, .state = STATE_COPY};
    if (strncmp(text, "ugi:", 4) == 0) { /* an external engine: its command, run at the first game */
        side->engine_command = text + 4;
        if (!*side->engine_command) return match_refuse(message, size, "--%s ugi: needs a command", flag);
        side->engine = match_engine_new();
        if (!side->engine) return match_refuse(message, size, "out of memory");
        return true;
    }
    char *save = NULL, *name = strtok_r(copy, ",", &save);
    side->config = name ? config_find(name) : NULL;
    if (!side->config)
        return match_refuse(message, size, "unknown config '%s' in --%s (prune configs lists them)", name ? name : "", flag);
    for (char *item = strtok_r(NULL, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *value = strchr(item, '=');
        long long number;
        if (value) *value++ = '\0';
        if (!value) return match_refuse(message, size, "--%s: '%s' is not option=value", flag, item);
        bool ladder = side->config->algorithm == ALGORITHM_LADDER;
        if (strcmp(item, "tt-mb") == 0 && ladder && parse_whole_number(value, 1, 1LL << 30, &number))
            side->tt_mb = (size_t)number;
        else if (strcmp(item, "tt-replace") == 0 && ladder && (!strcmp(value, "always") || !strcmp(value, "depth")))
            side->tt_replace = strcmp(value, "depth") == 0 ? TT_REPLACE_DEPTH : TT_REPLACE_ALWAYS;
        else if (strcmp(item, "depth") == 0 && parse_whole_number(value, 1, 1000, &number))
            side->depth = (int)number;
        else if (strcmp(item, "state") == 0 && (!strcmp(value, "copy") || !strcmp(value, "undo")))
            side->state = strcmp(value, "undo") == 0 ? STATE_UNDO : STATE_COPY;
        else if (strcmp(item, "threads") == 0 && config_threads(side->config) &&
                 parse_whole_number(value, 1, 1000000, &number))
            side->threads = (int)number;
        else if (strcmp(item, "smp") == 0 && config_threads(side->config) && ladder &&
                 (!strcmp(value, "lazy") || !strcmp(value, "abdada")))
            side->smp = strcmp(value, "abdada") == 0 ? SEARCH_SMP_ABDADA : SEARCH_SMP_LAZY;
        else if (strcmp(item, "time") == 0 && parse_whole_number(value, 1, 1000, &number))
            side->time_factor = (int)number;
        else
            return match_refuse(message, size,
                          "--%s: bad option '%s=%s' (tt-mb=N, tt-replace=always|depth, threads=N and smp=lazy|abdada "
                          "for a ladder config, threads=N for an MCTS config, state=copy|undo, depth=D, time=K)", flag,
                          item, value);
    }
    if (side->threads > cores_max_threads())
        return match_refuse(message, size, "--%s: threads=%d, more than this machine's %d cores", flag, side->threads,
                      cores_max_threads());
    if (side->depth && side->config->algorithm == ALGORITHM_MCTS)
        return match_refuse(message, size, "--%s: depth=%d: %s searches to a budget, not a depth (--nodes or a clock)",
                            flag, side->depth, side->config->name);
    return true;
}

/* The MiB of a side's own table; 0 for a side without one. */
static size_t side_table_mb(const match_side *side)
{
    if (!side->config || side->config->algorithm != ALGORITHM_LADDER || !side->config->ladder.tt) return 0;
    return side->tt_mb ? side->tt_mb : TT_DEFAULT_MB;
}

/* The sides' tables are held together for the whole command, and a tree
 * config's tree (one search at a time) beside them: so the tables must fit
 * the bound together, and a tree gets what they leave. */
static bool sides_bound(const char *const flags[], match_side sides[], int count, size_t bound, char *message,
                        size_t size)
{
    size_t tables = 0;
    char each[256] = "";
    for (int i = 0; i < count; i++) {
        size_t megabytes = side_table_mb(&sides[i]), used = strlen(each);
        tables += megabytes;
        if (megabytes)
            snprintf(each + used, sizeof each - used, "%s--%s's tt-mb=%zu", used ? ", " : "", flags[i], megabytes);
    }
    if (tables > bound)
        return match_refuse(message, size,
                      "the tables take %zu MiB (%s), more than the memory bound of %zu MiB (raise --max-memory-mb)",
                      tables, each, bound);
    /* An MCTS side keeps its tree between its moves, beside the other side's: the sides that reuse their
     * trees share what the tables leave. */
    size_t keepers = 0;
    for (int i = 0; i < count; i++) keepers += sides[i].config && sides[i].config->mcts.reuse;
    for (int i = 0; i < count; i++) {
        bool tree = sides[i].config && sides[i].config->algorithm == ALGORITHM_TREE;
        if (tree && tables == bound) /* 0 would be the engine's default: refused rather than read so */
            return match_refuse(message, size,
                          "the tables take all of the memory bound of %zu MiB (%s) and leave --%s's tree none "
                          "(raise --max-memory-mb)", bound, each, flags[i]);
        sides[i].max_memory_mb = bound - tables;
        if (keepers > 1 && sides[i].config && sides[i].config->mcts.reuse) sides[i].max_memory_mb /= keepers;
    }
    return true;
}

/* Each side with a table gets its own, allocated now (not mid-match). */
bool match_sides_allocate(const char *const flags[], match_side sides[], int count, size_t bound, char *message,
                          size_t size)
{
    if (!sides_bound(flags, sides, count, bound, message, size)) return false;
    for (int i = 0; i < count; i++) {
        size_t megabytes = side_table_mb(&sides[i]);
        if (megabytes && !tt_resize(&sides[i].table, megabytes))
            return match_refuse(message, size, "--%s: cannot allocate a table of %zu MiB", flags[i], megabytes);
    }
    return true;
}

void match_side_free(match_side *side)
{
    free(side->table.entries); /* table_memory_zeroed's memory (engine/table_memory.h) */
    side->table = (ttable){0};
    search_tree_free(&side->tree);
    match_engine_free(side->engine);
    side->engine = NULL;
}

/* A config the engine cannot bound (the tree family under nodes or time),
 * or a node budget below what the config's first iteration needs from an
 * opening (then it could not keep "at most N nodes" and still answer with
 * a searched move), is refused; an external engine is started once. */
bool match_side_check(const game_entry *game, const char *flag, match_side *side, const match_limit *limit,
                      const match_openings *openings, char *message, size_t size)
{
    char why[MESSAGE_SIZE];
    if (side->engine) {
        if (match_engine_check(side->engine_command, why, sizeof why) != ENGINE_OK)
            return match_refuse(message, size, "--%s %s: %s", flag, side->text, why);
        return true;
    }
    if (limit->kind == LIMIT_DEPTH && side->config->algorithm == ALGORITHM_MCTS)
        return match_refuse(message, size, "--%s %s: an MCTS config searches to a budget, not a depth: play it under "
                            "--nodes, --time-ms or --tc", flag, side->text);
    if (limit->kind == LIMIT_DEPTH || side->depth) return true;
    for (size_t i = 0; i < openings->count; i++) { /* depth 1 from each opening, under the limit */
        const char *opening = openings->lines[i], *position = strchr(opening, '/') ? opening : NULL;
        search_request q = {.config = side->config, .position = position, .moves = position ? "" : opening,
                            .depth = 1, .state = side->state, .tt_replace = side->tt_replace, .untimed = true,
                            .table = side->config->ladder.tt ? &side->table : NULL,
                            .max_memory_mb = side->max_memory_mb};
        if (limit->kind == LIMIT_NODES) q.node_limit = limit->value;
        else if (side->config->algorithm == ALGORITHM_MCTS) q.iterations = 1; /* no depth bounds it: a day's time
                                                                                  would be searched whole */
        else q.time_us = 86400000000ULL; /* any time limit: the engine refuses a config it cannot bound */
        search_result r;
        if (game->search(&q, &r, why, sizeof why) != SEARCH_OK)
            return match_refuse(message, size, "--%s %s: %s", flag, side->text, why);
        if (limit->kind != LIMIT_NODES) return true;
        if (r.iterations == 0)
            return match_refuse(message, size,
                          "--nodes %" PRIu64 " is too small for --%s %s: its %s from opening %zu takes more",
                          limit->value, flag, side->text,
                          side->config->algorithm == ALGORITHM_MCTS ? "first iteration" : "depth-1 search", i + 1);
    }
    return true;
}
