/* match_run.c: a whole match, pair by pair (match_types.h): the openings
 * file read and checked, then pair i plays opening i twice, A first and
 * then B first, and the summary adds up each pair (the pentanomial counts,
 * the SPRT) and each game (its end, its times, whether it replays an
 * earlier game).  Past the openings' count a match replays them (--reuse:
 * pair i plays opening i modulo the count); a shard K/N plays the pairs
 * whose opening is K - 1 modulo N, every pair of each of its openings, so
 * that its `repeated` counts every replay of them. */
#define _POSIX_C_SOURCE 200809L /* getline, strdup */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "match_types.h"
#include "random.h"

#define MESSAGE_SIZE 512
#define MATCH_MAX_OPENINGS 100000

/* FNV-1a, 64 bits: names the openings file's bytes in every summary, so
 * that match-merge refuses shards played from different books. */
static uint64_t fnv1a(uint64_t hash, const char *bytes, size_t length)
{
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)bytes[i]) * 0x100000001B3ULL;
    return hash;
}

void match_openings_free(match_openings *list)
{
    if (!list->lines || (list->lines[0][0] == '\0' && list->count == 1)) return; /* the start alone: nothing allocated */
    for (size_t i = 0; i < list->count; i++) free(list->lines[i]);
    free(list->lines);
    list->lines = NULL;
    list->count = 0;
}

/* One move list a line (as_list's reading of it: connect4 also as
 * digits); blank lines and # comments skipped.  Every line must be a
 * position the game goes on from. */
bool match_openings_read(const game_entry *game, const char *path, match_moves_reader as_list, match_openings *out,
                         uint64_t *hash, char *message, size_t size)
{
    static char *start[] = {""};
    *hash = 0;
    *out = (match_openings){.lines = start, .count = 1};
    if (!path) return true;
    struct stat info;
    if (stat(path, &info) != 0) {
        match_refuse(message, size, "cannot read --openings %s: %s", path, strerror(errno));
        return false;
    }
    if (!S_ISREG(info.st_mode)) {
        match_refuse(message, size, "--openings %s is not a regular file", path);
        return false;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        match_refuse(message, size, "cannot read --openings %s: %s", path, strerror(errno));
        return false;
    }
    match_openings list = {.lines = calloc(MATCH_MAX_OPENINGS, sizeof *list.lines)};
    char *line = NULL, why[MESSAGE_SIZE];
    size_t capacity = 0;
    ssize_t got;
    bool ok = true;
    *hash = 0xCBF29CE484222325ULL;
    for (int number = 1; ok && list.lines && (got = getline(&line, &capacity, f)) != -1; number++) {
        size_t length = (size_t)got;
        *hash = fnv1a(*hash, line, length);
        if (length && line[length - 1] == '\n') line[--length] = '\0';
        if (length && line[length - 1] == '\r') line[--length] = '\0';
        if (!length || line[0] == '#') continue;
        const char *moves = NULL;
        if (length >= MATCH_MOVES_SIZE) match_refuse(message, size, "%s:%d: line too long", path, number);
        else if (list.count == MATCH_MAX_OPENINGS) match_refuse(message, size, "%s: more than %d openings", path, MATCH_MAX_OPENINGS);
        else if (!match_position_playable(game, moves = strchr(line, '/') ? line : as_list(game->name, line), why,
                                          sizeof why))
            match_refuse(message, size, "%s:%d: %s", path, number, why);
        else {
            list.lines[list.count++] = strdup(moves);
            continue;
        }
        ok = false;
    }
    free(line);
    fclose(f);
    if (ok && !list.lines) match_refuse(message, size, "out of memory reading %s", path);
    else if (ok && list.count == 0) match_refuse(message, size, "%s: no opening in the file", path);
    else if (ok) {
        *out = list;
        return true;
    }
    if (list.lines) {
        for (size_t i = 0; i < list.count; i++) free(list.lines[i]);
        free(list.lines);
    }
    return false;
}

static uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t state = a ^ (b * 0x9E3779B97F4A7C15ULL);
    return splitmix64_next(&state);
}

/* The games seen so far, as 64-bit hashes of their move lists (an open
 * addressing set), to count the games that replay an earlier one. */
typedef struct {
    uint64_t *slots;
    size_t mask, used;
} game_set;

/* Whether `hash` was in the set (1), added now (0), or out of memory (-1).
 * 0 is the empty slot. */
static int game_set_seen(game_set *set, uint64_t hash)
{
    hash |= 1;
    if (2 * (set->used + 1) > set->mask + 1 || !set->slots) { /* grow to keep it at most half full */
        size_t size = set->slots ? 2 * (set->mask + 1) : 1024;
        uint64_t *slots = calloc(size, sizeof *slots);
        if (!slots) return -1;
        for (size_t i = 0; set->slots && i <= set->mask; i++) {
            if (!set->slots[i]) continue;
            size_t j = (size_t)set->slots[i] & (size - 1);
            while (slots[j]) j = (j + 1) & (size - 1);
            slots[j] = set->slots[i];
        }
        free(set->slots);
        *set = (game_set){.slots = slots, .mask = size - 1, .used = set->used};
    }
    size_t i = (size_t)hash & set->mask;
    for (; set->slots[i]; i = (i + 1) & set->mask)
        if (set->slots[i] == hash) return 1;
    set->slots[i] = hash;
    set->used++;
    return 0;
}

/* Adds a game's ends, times and replays to the summary; false when out of
 * memory. */
static bool add_game(match_summary *s, game_set *seen, const char *opening, const match_game *g)
{
    uint64_t hash = fnv1a(fnv1a(0xCBF29CE484222325ULL, opening, strlen(opening) + 1), g->moves, strlen(g->moves));
    hash = fnv1a(hash, g->a_first ? "A" : "B", 1);
    int seen_before = game_set_seen(seen, hash);
    if (seen_before < 0) return false;
    s->repeated += (uint64_t)seen_before;
    s->capped += g->end == END_CAPPED;
    s->adjudicated += g->end == END_ADJUDICATED;
    if (g->adjudged) {
        s->adjudged_held += g->outcome == g->adjudged_outcome;
        s->adjudged_drawn += g->outcome == OUTCOME_DRAW;
        s->adjudged_overturned += g->outcome != g->adjudged_outcome && g->outcome != OUTCOME_DRAW;
    }
    if (g->end == END_TIME) s->time_losses[g->failed_side]++;
    for (int side = 0; side < 2; side++) {
        s->overruns[side] += (uint64_t)g->overruns[side];
        s->moves_made[side] += (uint64_t)g->moves_made[side];
        s->move_ms_sum[side] += g->seconds[side] * 1000;
        if (g->move_ms_max[side] > s->move_ms_max[side]) s->move_ms_max[side] = g->move_ms_max[side];
    }
    return true;
}

/* Adds a pair's two games (A first, then B first) to the summary; true
 * when the SPRT has decided.  A pair is colour-decided when one colour won
 * both games: A won the first and lost the second, or the other way. */
static bool add_pair(match_summary *s, const match_game games[2])
{
    int points = 0, judged_points = 0; /* judged: each game the rule judged (--play-out) ended by its verdict */
    for (int i = 0; i < 2; i++) {
        points += (int)games[i].outcome;
        judged_points += (int)(games[i].adjudged ? games[i].adjudged_outcome : games[i].outcome);
        s->wins += games[i].outcome == OUTCOME_WIN;
        s->draws += games[i].outcome == OUTCOME_DRAW;
        s->losses += games[i].outcome == OUTCOME_LOSS;
    }
    s->counts[points]++; /* 0 LL, 1 LD, 2 DD or WL, 3 WD, 4 WW */
    if (s->play_out) s->adjudged_counts[judged_points]++;
    /* game 0 has A first, game 1 B first: the first player's points are A's, then B's */
    s->first_points += (uint64_t)games[0].outcome + (uint64_t)(OUTCOME_WIN - games[1].outcome);
    s->colour_decided += games[0].outcome != OUTCOME_DRAW && games[1].outcome != OUTCOME_DRAW &&
                         games[0].outcome != games[1].outcome;
    /* A shard never stops on its own counts: the SPRT is decided once, by
     * prune match-merge on the merged counts. */
    return s->has_sprt && s->shards == 1 &&
           elo_sprt_verdict(elo_llr(s->counts, &s->sprt), &s->sprt) != ELO_SPRT_CONTINUE;
}

match_run_status match_run(const game_entry *game, match_side sides[2], match_summary *s,
                           const match_openings *openings, bool json, char *message, size_t size)
{
    match_rules rules = {.limit = s->limit, .margin_ms = s->margin_ms, .play_out = s->play_out};
    char why[MESSAGE_SIZE];
    game_set seen = {0};
    uint64_t next;
    for (uint64_t pair = match_shard_first(s->shard, s->pairs_total, s->openings_count);
         pair < s->pairs_total && !s->stopped; pair = next) {
        const char *opening = openings->lines[pair % openings->count];
        next = match_shard_next(pair, s->shard, s->shards, s->pairs_total, s->openings_count);
        match_game games[2];
        for (int g = 0; g < 2; g++) {
            if (match_play(game, sides, &rules, opening, g == 0, mix(s->seed, pair * 2 + (uint64_t)g), &games[g], why,
                           sizeof why) != PLAY_OK) {
                match_refuse(message, size, "pair %" PRIu64 " game %d: %s", pair, g + 1, why);
                free(seen.slots);
                return MATCH_RUN_FAILED;
            }
            if (!add_game(s, &seen, opening, &games[g])) {
                match_refuse(message, size, "out of memory counting repeated games");
                free(seen.slots);
                return MATCH_RUN_REFUSED;
            }
            if (json) match_print_game_json(s, pair, opening, &games[g]);
        }
        s->stopped = add_pair(s, games) && next < s->pairs_total;
    }
    free(seen.slots);
    return MATCH_RUN_OK;
}
