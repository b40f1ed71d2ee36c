/* match.c: `prune match`, one config against another on one game
 * (docs/strength.md).  Every input is checked, and both sides' tables
 * allocated and external engines started once, before the first game, so
 * bad input prints nothing on stdout.  Pair i plays opening i twice, A
 * first and then B first; past the openings' count a match needs --reuse
 * (then pair i plays opening i modulo the count).  --shard K/N plays the
 * pairs whose opening is K - 1 modulo N, every pair of each of its
 * openings, so that its `repeated` counts every replay of them
 * (match/match_types.h); without --reuse, the pairs with i modulo N ==
 * K - 1. */
#define _POSIX_C_SOURCE 200809L /* strtok_r, strdup */
#include <errno.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cores.h"
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

/* CONFIG[,tt-mb=N][,tt-replace=always|depth][,state=copy|undo][,depth=D][,threads=N][,smp=lazy|abdada][,time=K] */
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
        else if (strcmp(item, "threads") == 0 && config_threads(side->config) &&
                 parse_whole_number(value, 1, 1000000, &number))
            side->threads = (int)number;
        else if (strcmp(item, "smp") == 0 && config_threads(side->config) &&
                 (!strcmp(value, "lazy") || !strcmp(value, "abdada")))
            side->smp = strcmp(value, "abdada") == 0 ? SEARCH_SMP_ABDADA : SEARCH_SMP_LAZY;
        else if (strcmp(item, "time") == 0 && parse_whole_number(value, 1, 1000, &number))
            side->time_factor = (int)number;
        else
            cli_fail("--%s: bad option '%s=%s' (tt-mb=N, tt-replace=always|depth, threads=N and smp=lazy|abdada "
                     "for a ladder config, state=copy|undo, depth=D, time=K)", flag, item, value);
    }
    if (side->threads > cores_max_threads())
        cli_fail("--%s: threads=%d, more than this machine's %d cores", flag, side->threads, cores_max_threads());
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
static void sides_bound(const char *const flags[], match_side sides[], int count, size_t bound)
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
        cli_fail("the tables take %zu MiB (%s), more than the memory bound of %zu MiB (raise --max-memory-mb)",
                 tables, each, bound);
    for (int i = 0; i < count; i++) {
        bool tree = sides[i].config && sides[i].config->algorithm == ALGORITHM_TREE;
        if (tree && tables == bound) /* 0 would be the engine's default: refused rather than read so */
            cli_fail("the tables take all of the memory bound of %zu MiB (%s) and leave --%s's tree none "
                     "(raise --max-memory-mb)", bound, each, flags[i]);
        sides[i].max_memory_mb = bound - tables;
    }
}

/* Each side with a table gets its own, allocated now (not mid-match). */
void match_sides_allocate(const char *const flags[], match_side sides[], int count, size_t bound)
{
    sides_bound(flags, sides, count, bound);
    for (int i = 0; i < count; i++) {
        size_t megabytes = side_table_mb(&sides[i]);
        if (megabytes && !tt_resize(&sides[i].table, megabytes))
            cli_fail("--%s: cannot allocate a table of %zu MiB", flags[i], megabytes);
    }
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

/* --tc BASE+INC: a clock of BASE ms a side and INC ms added after each move. */
static match_limit clock_of(const char *text)
{
    const char *plus = strchr(text, '+');
    char base[32];
    long long start, increment;
    size_t length = plus ? (size_t)(plus - text) : 0;
    if (!plus || length >= sizeof base) cli_fail("--tc must be BASE+INC in milliseconds (1000+10), not '%s'", text);
    memcpy(base, text, length);
    base[length] = '\0';
    if (!parse_whole_number(base, 1, 86400000LL, &start) || !parse_whole_number(plus + 1, 0, 86400000LL, &increment))
        cli_fail("--tc must be BASE+INC in milliseconds (1000+10), not '%s'", text);
    return (match_limit){.kind = LIMIT_CLOCK, .value = (uint64_t)start, .increment_ms = (uint64_t)increment};
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
    if (options_given(o, "tc")) {
        given++;
        limit = clock_of(options_value(o, "tc"));
    }
    if (given != 1) cli_fail("give exactly one limit per move: --nodes N, --time-ms T, --tc BASE+INC or --depth D");
    return limit;
}

/* FNV-1a, 64 bits: names the openings file's bytes in every summary, so
 * that match-merge refuses shards played from different books. */
static uint64_t fnv1a(uint64_t hash, const char *bytes, size_t length)
{
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)bytes[i]) * 0x100000001B3ULL;
    return hash;
}

/* The openings file: one move list a line (connect4 also as digits);
 * blank lines and # comments skipped.  Every line must be a position the
 * game goes on from. */
static opening_list read_openings(const game_entry *game, const char *path, uint64_t *hash)
{
    opening_list list = {0};
    static char *start[] = {""};
    *hash = 0;
    if (!path) return (opening_list){.lines = start, .count = 1};
    struct stat info;
    if (stat(path, &info) != 0) cli_fail("cannot read --openings %s: %s", path, strerror(errno));
    if (!S_ISREG(info.st_mode)) cli_fail("--openings %s is not a regular file", path);
    FILE *f = fopen(path, "r");
    if (!f) cli_fail("cannot read --openings %s: %s", path, strerror(errno));
    list.lines = calloc(MATCH_MAX_OPENINGS, sizeof *list.lines);
    char *line = NULL, message[MESSAGE_SIZE];
    size_t capacity = 0;
    ssize_t got;
    *hash = 0xCBF29CE484222325ULL;
    for (int number = 1; list.lines && (got = getline(&line, &capacity, f)) != -1; number++) {
        size_t length = (size_t)got;
        *hash = fnv1a(*hash, line, length);
        if (length && line[length - 1] == '\n') line[--length] = '\0';
        if (length && line[length - 1] == '\r') line[--length] = '\0';
        if (!length || line[0] == '#') continue;
        if (length >= MATCH_MOVES_SIZE) cli_fail("%s:%d: line too long", path, number);
        if (list.count == MATCH_MAX_OPENINGS) cli_fail("%s: more than %d openings", path, MATCH_MAX_OPENINGS);
        const char *moves = strchr(line, '/') ? line : solve_moves_as_list(game->name, line);
        if (!match_position_playable(game, moves, message, sizeof message))
            cli_fail("%s:%d: %s", path, number, message);
        list.lines[list.count++] = strdup(moves);
    }
    free(line);
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

/* The games seen so far, as 64-bit hashes of their move lists (an open
 * addressing set), to count the games that replay an earlier one. */
typedef struct {
    uint64_t *slots;
    size_t mask, used;
} game_set;

/* True when `hash` was in the set; adds it otherwise.  0 is the empty slot. */
static bool game_set_seen(game_set *set, uint64_t hash)
{
    hash |= 1;
    if (2 * (set->used + 1) > set->mask + 1 || !set->slots) { /* grow to keep it at most half full */
        size_t size = set->slots ? 2 * (set->mask + 1) : 1024;
        uint64_t *slots = calloc(size, sizeof *slots);
        if (!slots) cli_fail("out of memory counting repeated games");
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
        if (set->slots[i] == hash) return true;
    set->slots[i] = hash;
    set->used++;
    return false;
}

/* Adds a game's ends, times and replays to the summary. */
static void add_game(match_summary *s, game_set *seen, const char *opening, const match_game *g)
{
    uint64_t hash = fnv1a(fnv1a(0xCBF29CE484222325ULL, opening, strlen(opening) + 1), g->moves, strlen(g->moves));
    hash = fnv1a(hash, g->a_first ? "A" : "B", 1);
    s->repeated += game_set_seen(seen, hash);
    s->capped += g->end == END_CAPPED;
    s->adjudicated += g->end == END_ADJUDICATED;
    if (g->end == END_TIME) s->time_losses[g->failed_side]++;
    for (int side = 0; side < 2; side++) {
        s->overruns[side] += (uint64_t)g->overruns[side];
        s->moves_made[side] += (uint64_t)g->moves_made[side];
        s->move_ms_sum[side] += g->seconds[side] * 1000;
        if (g->move_ms_max[side] > s->move_ms_max[side]) s->move_ms_max[side] = g->move_ms_max[side];
    }
}

/* Adds a pair's two games (A first, then B first) to the summary; true
 * when the SPRT has decided.  A pair is colour-decided when one colour won
 * both games: A won the first and lost the second, or the other way. */
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
    s->colour_decided += games[0].outcome != OUTCOME_DRAW && games[1].outcome != OUTCOME_DRAW &&
                         games[0].outcome != games[1].outcome;
    /* A shard never stops on its own counts: the SPRT is decided once, by
     * prune match-merge on the merged counts. */
    return s->has_sprt && s->shards == 1 &&
           elo_sprt_verdict(elo_llr(s->counts, &s->sprt), &s->sprt) != ELO_SPRT_CONTINUE;
}

/* Refuses, before the first game, a side that cannot play under the
 * limit: a config the engine cannot bound (the tree family under nodes or
 * time), or a node budget below what the config's first iteration needs
 * from an opening (then it could not keep "at most N nodes" and still
 * answer with a searched move).  An external engine is started once. */
static void check_side(const game_entry *game, const char *flag, match_side *side, const match_limit *limit,
                       const opening_list *openings)
{
    char message[MESSAGE_SIZE];
    if (side->engine) {
        if (match_engine_check(side->engine_command, message, sizeof message) != ENGINE_OK)
            cli_fail("--%s %s: %s", flag, side->text, message);
        return;
    }
    if (limit->kind == LIMIT_DEPTH || side->depth) return;
    for (size_t i = 0; i < openings->count; i++) { /* depth 1 from each opening, under the limit */
        const char *opening = openings->lines[i], *position = strchr(opening, '/') ? opening : NULL;
        search_request q = {.config = side->config, .position = position, .moves = position ? "" : opening,
                            .depth = 1, .state = side->state, .tt_replace = side->tt_replace, .untimed = true,
                            .table = side->config->ladder.tt ? &side->table : NULL,
                            .max_memory_mb = side->max_memory_mb};
        if (limit->kind == LIMIT_NODES) q.node_limit = limit->value;
        else q.time_ms = 86400000; /* any time limit: the engine refuses a config it cannot bound */
        search_result r;
        if (game->search(&q, &r, message, sizeof message) != SEARCH_OK) cli_fail("--%s %s: %s", flag, side->text, message);
        if (limit->kind != LIMIT_NODES) return;
        if (r.iterations == 0)
            cli_fail("--nodes %" PRIu64 " is too small for --%s %s: its depth-1 search from opening %zu takes more",
                     limit->value, flag, side->text, i + 1);
    }
}

static void free_sides(match_side sides[2])
{
    match_side_free(&sides[0]);
    match_side_free(&sides[1]);
}

static int run_match(const options *o)
{
    const game_entry *game = cli_game(o);
    match_side sides[2];
    match_side_parse("a", options_value(o, "a"), &sides[0]);
    match_side_parse("b", options_value(o, "b"), &sides[1]);
    match_summary s = {.game = game->name, .a = sides[0].text, .b = sides[1].text, .limit = limit_of(o),
                       .seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, 1), .ply_cap = match_ply_cap(game),
                       .margin_ms = (uint64_t)cli_number(o, "margin-ms", 0, 86400000, MATCH_DEFAULT_MARGIN_MS),
                       .reuse = options_given(o, "reuse"), .threaded = sides[0].threads > 1 || sides[1].threads > 1};
    for (int i = 0; i < 2; i++)
        if (sides[i].time_factor > 1 && s.limit.kind != LIMIT_TIME && s.limit.kind != LIMIT_CLOCK)
            cli_fail("--%s: time=%d gives this side more time: it goes with --time-ms or --tc", i ? "b" : "a",
                     sides[i].time_factor);
    match_rules rules = {.limit = s.limit, .margin_ms = s.margin_ms};
    s.pairs_total = (uint64_t)cli_number(o, "pairs", 1, MATCH_MAX_PAIRS, 1);
    parse_shard(options_value(o, "shard"), &s.shard, &s.shards);
    parse_sprt(options_value(o, "sprt"), &s);
    const char *path = options_value(o, "openings");
    opening_list openings = read_openings(game, path, &s.openings_hash);
    s.openings = path ? path : "";
    s.openings_count = openings.count;
    if (s.pairs_total > openings.count && !s.reuse)
        cli_fail("--pairs %" PRIu64 " needs %" PRIu64 " openings and %s has %zu: give --reuse to replay them "
                 "(the summary counts repeated games)", s.pairs_total, s.pairs_total,
                 path ? path : "the start position alone", openings.count);
    match_sides_allocate((const char *const[]){"a", "b"}, sides, 2, cli_memory_bound(o));
    check_side(game, "a", &sides[0], &s.limit, &openings);
    check_side(game, "b", &sides[1], &s.limit, &openings);
    bool json = options_given(o, "json");
    char message[MESSAGE_SIZE];
    game_set seen = {0};
    uint64_t next;
    for (uint64_t pair = match_shard_first(s.shard, s.pairs_total, s.openings_count); pair < s.pairs_total && !s.stopped;
         pair = next) {
        const char *opening = openings.lines[pair % openings.count];
        next = match_shard_next(pair, s.shard, s.shards, s.pairs_total, s.openings_count);
        match_game games[2];
        for (int g = 0; g < 2; g++) {
            if (match_play(game, sides, &rules, opening, g == 0, mix(s.seed, pair * 2 + (uint64_t)g), &games[g],
                           message, sizeof message) != PLAY_OK) {
                fprintf(stderr, "prune: pair %" PRIu64 " game %d: %s\n", pair, g + 1, message);
                free_sides(sides);
                return CLI_FAILED;
            }
            add_game(&s, &seen, opening, &games[g]);
            if (json) match_print_game_json(&s, pair, opening, &games[g]);
        }
        s.stopped = add_pair(&s, games) && next < s.pairs_total;
    }
    free(seen.slots);
    match_print_summary(&s, json);
    free_sides(sides);
    free_openings(&openings);
    return CLI_OK;
}

static const option_spec match_options[] = {
    {"a", true}, {"b", true}, {"nodes", true}, {"time-ms", true}, {"tc", true}, {"depth", true}, {"margin-ms", true},
    {"pairs", true}, {"openings", true}, {"reuse", false}, {"seed", true}, {"sprt", true}, {"shard", true},
    {"max-memory-mb", true}, {"json", false}, {"help", false}, {NULL, false},
};

const command command_match = {
    .name = "match", .operand = "GAME", .options = match_options, .run = run_match,
    .synopsis = "GAME --a CONFIG --b CONFIG (--nodes N | --time-ms T | --tc BASE+INC | --depth D)\n"
                "         [--margin-ms M] [--pairs N] [--openings FILE] [--reuse] [--seed S]\n"
                "         [--sprt elo0,elo1[,alpha,beta]] [--shard K/N] [--max-memory-mb N] [--json]",
    .summary = "play config A against config B in game pairs and print W/D/L, the pentanomial\n"
               "counts, the score, Elo and nElo with their 95% intervals, LOS and the SPRT",
    .help =
        "usage: prune match GAME --a CONFIG --b CONFIG (--nodes N | --time-ms T | --tc BASE+INC | --depth D) [options]\n"
        "\n"
        "  --a CONFIG, --b CONFIG  each side: a config of prune configs (the ladder, negamax-ab\n"
        "                     or the recursive family), then its own options,\n"
        "                     or ugi:COMMAND, an external engine speaking UGI (prune ugi ...);\n"
        "                     comma-separated: tt-mb=N, tt-replace=always|depth, threads=N (1 to\n"
        "                     the cores) and smp=lazy|abdada (ladder configs; prune search's --threads\n"
        "                     and --smp),\n"
        "                     state=copy|undo, depth=D (this side searches to depth D whatever\n"
        "                     the limit), time=K (under --time-ms or --tc this side's time is K\n"
        "                     times the match's: time odds); e.g. --a ladder-pvs,tt-mb=64\n"
        "  --nodes N          each move: at most N nodes (1 to 4000000000); reproducible\n"
        "  --time-ms T        each move: T ms (1 to 86400000), kept inside the search; not reproducible\n"
        "  --tc BASE+INC      a clock: BASE ms a side, INC ms added after each move; not reproducible\n"
        "  --depth D          each move: depth D (capped at the game's max_depth); reproducible\n"
        "  --margin-ms M      a move may pass its time (or a clock run out) by M ms; past it the\n"
        "                     side loses on time (default 25)\n"
        "  --pairs N          game pairs, each opening played twice with colours swapped (default 1)\n"
        "  --openings FILE    one opening a line (a move list or a position string); pair i plays\n"
        "                     line i (default: the start position)\n"
        "  --reuse            allow more pairs than openings: pair i plays line i modulo their count\n"
        "  --seed S           seed of both sides' move orderings (default 1)\n"
        "  --sprt elo0,elo1[,alpha,beta]\n"
        "                     GSPRT of elo0 against elo1 (alpha, beta default 0.05); stops once decided;\n"
        "                     with --shard it never stops: prune match-merge decides on the merged counts\n"
        "  --shard K/N        only the pairs whose opening (their index from 0, modulo the openings'\n"
        "                     count) modulo N is K-1: every replay of an opening in the shard that\n"
        "                     holds it, so repeated games are counted (prune match-merge adds the\n"
        "                     shards' --json summaries up)\n"
        "  --max-memory-mb N  memory bound in MiB: both sides' tables must fit in it together (else\n"
        "                     refused), and a tree config's search stops the match (status 1)\n"
        "                     before its tree would take more than they leave; from 1 to physical\n"
        "                     memory, default " MEMORY_BOUND_DEFAULT_TEXT "\n"
        "  --json             one JSON line per game, then a summary line\n"
        "  --help, -h         print this help\n",
};
