/* match.c: `prune match`, one config against another on one game
 * (docs/strength.md).  Every input is checked, and both sides' tables
 * allocated, before the first game, so bad input prints nothing on stdout.
 * Pair i plays opening i modulo the openings' count twice, A first and then
 * B first; --shard K/N plays the pairs with i modulo N == K - 1. */
#define _POSIX_C_SOURCE 200809L /* strtok_r, strdup */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "escape.h"
#include "match.h"
#include "numbers.h"
#include "random.h"
#include "solve_command.h"

#define MESSAGE_SIZE 512
#define MATCH_MAX_OPENINGS 100000
#define MATCH_MAX_PAIRS 100000000

typedef struct {
    char **lines;
    size_t count;
} opening_list;

/* CONFIG[,tt-mb=N][,tt-replace=always|depth][,state=copy|undo][,depth=D] */
void match_side_parse(const char *flag, const char *text, match_side *side)
{
    char copy[256];
    if (!text) cli_fail("missing --%s CONFIG (prune configs lists them)", flag);
    if (strlen(text) >= sizeof copy) cli_fail("--%s is too long", flag);
    strcpy(copy, text);
    *side = (match_side){.text = text, .state = STATE_COPY};
    if (strncmp(text, "ugi:", 4) == 0) { /* an external engine: its command, run at the first game */
        side->engine_command = text + 4;
        if (!*side->engine_command) cli_fail("--%s ugi: needs a command", flag);
        side->engine = match_engine_new();
        if (!side->engine) cli_fail("out of memory");
        return;
    }
    char *save = NULL, *name = strtok_r(copy, ",", &save);
    side->config = name ? config_find(name) : NULL;
    if (!side->config) cli_fail("unknown config '%s' in --%s (prune configs lists them)", name ? name : "", flag);
    for (char *item = strtok_r(NULL, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *value = strchr(item, '=');
        long long number;
        if (value) *value++ = '\0';
        if (!value) cli_fail("--%s: '%s' is not option=value", flag, item);
        bool ladder = side->config->algorithm == ALGORITHM_LADDER;
        if (strcmp(item, "tt-mb") == 0 && ladder && parse_whole_number(value, 1, 1LL << 30, &number))
            side->tt_mb = (size_t)number;
        else if (strcmp(item, "tt-replace") == 0 && ladder && (!strcmp(value, "always") || !strcmp(value, "depth")))
            side->tt_replace = strcmp(value, "depth") == 0 ? TT_REPLACE_DEPTH : TT_REPLACE_ALWAYS;
        else if (strcmp(item, "depth") == 0 && parse_whole_number(value, 1, 1000, &number))
            side->depth = (int)number;
        else if (strcmp(item, "state") == 0 && (!strcmp(value, "copy") || !strcmp(value, "undo")))
            side->state = strcmp(value, "undo") == 0 ? STATE_UNDO : STATE_COPY;
        else
            cli_fail("--%s: bad option '%s=%s' (tt-mb=N and tt-replace=always|depth for a ladder config, "
                     "state=copy|undo, depth=D)", flag, item, value);
    }
}

/* A side with a table gets its own, allocated now (not mid-match). */
void match_side_allocate(const char *flag, match_side *side)
{
    if (!side->config || side->config->algorithm != ALGORITHM_LADDER || !side->config->ladder.tt) return;
    size_t megabytes = side->tt_mb ? side->tt_mb : TT_DEFAULT_MB;
    if (megabytes > tt_max_megabytes())
        cli_fail("--%s: a table of %zu MiB is more than this machine allows (at most %zu MiB)", flag, megabytes,
                 tt_max_megabytes());
    if (!tt_resize(&side->table, megabytes)) cli_fail("--%s: cannot allocate a table of %zu MiB", flag, megabytes);
}

void match_side_free(match_side *side)
{
    free(side->table.entries); /* table_memory_zeroed's memory (engine/table_memory.h) */
    side->table = (ttable){0};
    match_engine_free(side->engine);
    side->engine = NULL;
}

static void free_openings(opening_list *list)
{
    if (list->lines[0][0] == '\0' && list->count == 1) return; /* the start alone: nothing allocated */
    for (size_t i = 0; i < list->count; i++) free(list->lines[i]);
    free(list->lines);
}

static match_limit limit_of(const options *o)
{
    static const char *const names[] = {"nodes", "time-ms", "depth"};
    static const long long most[] = {4000000000LL, 86400000LL, 1000};
    match_limit limit = {.kind = LIMIT_DEPTH};
    int given = 0;
    for (int kind = 0; kind < 3; kind++) {
        if (!options_given(o, names[kind])) continue;
        given++;
        limit = (match_limit){.kind = (match_limit_kind)kind,
                              .value = (uint64_t)cli_number(o, names[kind], 1, most[kind], 0)};
    }
    if (given != 1) cli_fail("give exactly one limit per move: --nodes N, --time-ms T or --depth D");
    return limit;
}

/* The openings file: one move list a line (connect4 also as digits);
 * blank lines and # comments skipped.  Every line must be a position the
 * game goes on from. */
static opening_list read_openings(const game_entry *game, const char *path)
{
    opening_list list = {0};
    static char *start[] = {""};
    if (!path) return (opening_list){.lines = start, .count = 1};
    FILE *f = fopen(path, "r");
    if (!f) cli_fail("cannot read --openings %s: %s", path, strerror(errno));
    list.lines = calloc(MATCH_MAX_OPENINGS, sizeof *list.lines);
    char line[MATCH_MOVES_SIZE], message[MESSAGE_SIZE];
    for (int number = 1; list.lines && fgets(line, sizeof line, f); number++) {
        size_t length = strlen(line);
        if (length && line[length - 1] == '\n') line[--length] = '\0';
        else if (!feof(f)) cli_fail("%s:%d: line too long", path, number);
        if (length && line[length - 1] == '\r') line[--length] = '\0';
        if (!length || line[0] == '#') continue;
        if (list.count == MATCH_MAX_OPENINGS) cli_fail("%s: more than %d openings", path, MATCH_MAX_OPENINGS);
        const char *moves = solve_moves_as_list(game->name, line);
        if (!match_position_playable(game, moves, message, sizeof message))
            cli_fail("%s:%d: %s", path, number, message);
        list.lines[list.count++] = strdup(moves);
    }
    fclose(f);
    if (!list.lines) cli_fail("out of memory reading %s", path);
    if (list.count == 0) cli_fail("%s: no opening in the file", path);
    return list;
}

static void parse_shard(const char *text, uint64_t *index, uint64_t *count)
{
    long long k, n;
    const char *slash = text ? strchr(text, '/') : NULL;
    *index = 0;
    *count = 1;
    if (!text) return;
    char left[32];
    size_t length = slash ? (size_t)(slash - text) : 0;
    if (!slash || length >= sizeof left) cli_fail("--shard must be K/N with 1 <= K <= N, not '%s'", text);
    memcpy(left, text, length);
    left[length] = '\0';
    if (!parse_whole_number(left, 1, MATCH_MAX_PAIRS, &k) || !parse_whole_number(slash + 1, 1, MATCH_MAX_PAIRS, &n) ||
        k > n)
        cli_fail("--shard must be K/N with 1 <= K <= N, not '%s'", text);
    *index = (uint64_t)k - 1;
    *count = (uint64_t)n;
}

/* elo0,elo1[,alpha,beta] */
static void parse_sprt(const char *text, match_summary *s)
{
    if (!text) return;
    double v[4] = {0, 0, 0.05, 0.05};
    int fields = 0;
    const char *p = text;
    for (; fields < 4; fields++) {
        char *end;
        errno = 0;
        v[fields] = strtod(p, &end);
        if (end == p || errno) break;
        p = end;
        if (*p != ',') { fields++; break; }
        p++;
    }
    if (*p || (fields != 2 && fields != 4) || !elo_sprt_make(v[0], v[1], v[2], v[3], &s->sprt))
        cli_fail("--sprt must be elo0,elo1[,alpha,beta] with elo0 < elo1 and 0 < alpha, beta < 0.5, not '%s'", text);
    s->has_sprt = true;
}

static uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t state = a ^ (b * 0x9E3779B97F4A7C15ULL);
    return splitmix64_next(&state);
}

/* Adds a pair's two games to the summary; true when the SPRT has decided. */
static bool add_pair(match_summary *s, const match_game games[2])
{
    int points = 0;
    for (int i = 0; i < 2; i++) {
        points += (int)games[i].outcome;
        s->wins += games[i].outcome == OUTCOME_WIN;
        s->draws += games[i].outcome == OUTCOME_DRAW;
        s->losses += games[i].outcome == OUTCOME_LOSS;
    }
    s->counts[points]++; /* 0 LL, 1 LD, 2 DD or WL, 3 WD, 4 WW */
    return s->has_sprt && elo_sprt_verdict(elo_llr(s->counts, &s->sprt), &s->sprt) != ELO_SPRT_CONTINUE;
}

static int run_match(const options *o)
{
    const game_entry *game = cli_game(o);
    match_side sides[2];
    match_side_parse("a", options_value(o, "a"), &sides[0]);
    match_side_parse("b", options_value(o, "b"), &sides[1]);
    match_summary s = {.game = game->name, .a = sides[0].text, .b = sides[1].text, .limit = limit_of(o),
                       .seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, 1), .ply_cap = match_ply_cap(game)};
    uint64_t pairs = (uint64_t)cli_number(o, "pairs", 1, MATCH_MAX_PAIRS, 1), shard, shards;
    parse_shard(options_value(o, "shard"), &shard, &shards);
    parse_sprt(options_value(o, "sprt"), &s);
    opening_list openings = read_openings(game, options_value(o, "openings"));
    match_side_allocate("a", &sides[0]);
    match_side_allocate("b", &sides[1]);
    bool json = options_given(o, "json");
    char message[MESSAGE_SIZE];
    for (uint64_t pair = shard; pair < pairs && !s.stopped; pair += shards) {
        const char *opening = openings.lines[pair % openings.count];
        match_game games[2];
        for (int g = 0; g < 2; g++) {
            if (match_play(game, sides, &s.limit, opening, g == 0, mix(s.seed, pair * 2 + (uint64_t)g), &games[g],
                           message, sizeof message) != PLAY_OK) {
                fprintf(stderr, "prune: pair %" PRIu64 " game %d: %s\n", pair, g + 1, message);
                match_side_free(&sides[0]);
                match_side_free(&sides[1]);
                return CLI_FAILED;
            }
            if (json) match_print_game_json(&s, pair, opening, &games[g]);
        }
        s.stopped = add_pair(&s, games) && pair + shards < pairs;
    }
    match_print_summary(&s, json);
    match_side_free(&sides[0]);
    match_side_free(&sides[1]);
    free_openings(&openings);
    return CLI_OK;
}

static const option_spec match_options[] = {
    {"a", true}, {"b", true}, {"nodes", true}, {"time-ms", true}, {"depth", true}, {"pairs", true},
    {"openings", true}, {"seed", true}, {"sprt", true}, {"shard", true}, {"json", false}, {"help", false},
    {NULL, false},
};

const command command_match = {
    .name = "match", .operand = "GAME", .options = match_options, .run = run_match,
    .synopsis = "GAME --a CONFIG --b CONFIG (--nodes N | --time-ms T | --depth D) [--pairs N]\n"
                "         [--openings FILE] [--seed S] [--sprt elo0,elo1[,alpha,beta]] [--shard K/N] [--json]",
    .summary = "play config A against config B in game pairs and print W/D/L, the pentanomial\n"
               "counts, the score, Elo with its 95% interval, LOS and the SPRT",
    .help =
        "usage: prune match GAME --a CONFIG --b CONFIG (--nodes N | --time-ms T | --depth D) [options]\n"
        "\n"
        "  --a CONFIG, --b CONFIG  each side: a config of prune configs, then its own options,\n"
        "                     or ugi:COMMAND, an external engine speaking UGI (prune ugi ...);\n"
        "                     comma-separated: tt-mb=N, tt-replace=always|depth (ladder configs),\n"
        "                     state=copy|undo, depth=D (this side searches to depth D whatever\n"
        "                     the limit); e.g. --a ladder-pvs,tt-mb=64\n"
        "  --nodes N          each move: at most N nodes (1 to 4000000000); reproducible\n"
        "  --time-ms T        each move: T ms (1 to 86400000); not reproducible\n"
        "  --depth D          each move: depth D (capped at the game's max_depth); reproducible\n"
        "  --pairs N          game pairs, each opening played twice with colours swapped (default 1)\n"
        "  --openings FILE    one move list a line; pair i plays line i modulo their count\n"
        "                     (default: the start position)\n"
        "  --seed S           seed of both sides' move orderings (default 1)\n"
        "  --sprt elo0,elo1[,alpha,beta]\n"
        "                     GSPRT of elo0 against elo1 (alpha, beta default 0.05); stops once decided\n"
        "  --shard K/N        only the pairs whose index (from 0) modulo N is K-1 (prune match-merge\n"
        "                     adds the shards' --json summaries up)\n"
        "  --json             one JSON line per game, then a summary line\n"
        "  --help, -h         print this help\n",
};
