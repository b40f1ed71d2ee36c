/* match.c: `prune match`, one config against another on one game
 * (docs/strength.md): its options read (the limit, --shard, --sprt) and
 * handed to the match subsystem, which reads the sides and the openings
 * and plays the pairs (match/match_run.c).  Every input is checked, and
 * both sides' tables allocated and external engines started once, before
 * the first game, so bad input prints nothing on stdout.  Also the
 * commands' calls of the subsystem that fail through cli_fail (match.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "match.h"
#include "numbers.h"
#include "solve_command.h"

#define MATCH_MAX_PAIRS 100000000

void cli_match_side(const char *flag, const char *text, match_side *side)
{
    char message[MATCH_REFUSAL_SIZE];
    if (!match_side_read(flag, text, side, message, sizeof message)) cli_fail("%s", message);
}

void cli_match_sides_allocate(const char *const flags[], match_side sides[], int count, size_t bound)
{
    char message[MATCH_REFUSAL_SIZE];
    if (!match_sides_allocate(flags, sides, count, bound, message, sizeof message)) cli_fail("%s", message);
}

/* --tc BASE+INC: a clock of BASE ms a side and INC ms added after each move, each to the
 * microsecond (10+0.1), kept in microseconds. */
static match_limit clock_of(const char *text)
{
    const char *plus = strchr(text, '+');
    char base[32];
    unsigned long long start, increment;
    size_t length = plus ? (size_t)(plus - text) : 0;
    if (!plus || length >= sizeof base)
        cli_fail("--tc must be BASE+INC in milliseconds, to three decimals (1000+10, 10+0.1), not '%s'", text);
    memcpy(base, text, length);
    base[length] = '\0';
    if (!parse_milliseconds(base, 1, 86400000000ULL, &start) || !parse_milliseconds(plus + 1, 0, 86400000000ULL, &increment))
        cli_fail("--tc must be BASE+INC in milliseconds, to three decimals (1000+10, 10+0.1), not '%s'", text);
    return (match_limit){.kind = LIMIT_CLOCK, .value = start, .increment_us = increment};
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
        uint64_t value = (uint64_t)cli_number(o, names[kind], 1, most[kind], 0);
        limit = (match_limit){.kind = (match_limit_kind)kind, .value = kind == LIMIT_TIME ? value * 1000 : value};
    }
    if (options_given(o, "tc")) {
        given++;
        limit = clock_of(options_value(o, "tc"));
    }
    if (given != 1) cli_fail("give exactly one limit per move: --nodes N, --time-ms T, --tc BASE+INC or --depth D");
    return limit;
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

static void free_sides(match_side sides[2])
{
    match_side_free(&sides[0]);
    match_side_free(&sides[1]);
}

static int run_match(const options *o)
{
    const game_entry *game = cli_game(o);
    match_side sides[2];
    cli_match_side("a", options_value(o, "a"), &sides[0]);
    cli_match_side("b", options_value(o, "b"), &sides[1]);
    match_summary s = {.game = game->name, .a = sides[0].text, .b = sides[1].text, .limit = limit_of(o),
                       .seed = (uint64_t)cli_number(o, "seed", 0, INT64_MAX, 1), .ply_cap = match_ply_cap(game),
                       .margin_ms = (uint64_t)cli_number(o, "margin-ms", 0, 86400000, MATCH_DEFAULT_MARGIN_MS),
                       .reuse = options_given(o, "reuse"), .play_out = options_given(o, "play-out"), .threaded = sides[0].threads > 1 || sides[1].threads > 1};
    for (int i = 0; i < 2; i++)
        if (sides[i].time_factor > 1 && s.limit.kind != LIMIT_TIME && s.limit.kind != LIMIT_CLOCK)
            cli_fail("--%s: time=%d gives this side more time: it goes with --time-ms or --tc", i ? "b" : "a",
                     sides[i].time_factor);
    if (s.play_out && game->adjudication_margin <= 0)
        cli_fail("--play-out checks a game's adjudication rule, and %s has none: its games are played to the end",
                 game->name);
    s.pairs_total = (uint64_t)cli_number(o, "pairs", 1, MATCH_MAX_PAIRS, 1);
    parse_shard(options_value(o, "shard"), &s.shard, &s.shards);
    parse_sprt(options_value(o, "sprt"), &s);
    const char *path = options_value(o, "openings");
    char message[MATCH_REFUSAL_SIZE];
    match_openings openings;
    if (!match_openings_read(game, path, solve_moves_as_list, &openings, &s.openings_hash, message, sizeof message))
        cli_fail("%s", message);
    s.openings = path ? path : "";
    s.openings_count = openings.count;
    if (s.pairs_total > openings.count && !s.reuse)
        cli_fail("--pairs %" PRIu64 " needs %" PRIu64 " openings and %s has %zu: give --reuse to replay them "
                 "(the summary counts repeated games)", s.pairs_total, s.pairs_total,
                 path ? path : "the start position alone", openings.count);
    cli_match_sides_allocate((const char *const[]){"a", "b"}, sides, 2, cli_memory_bound(o));
    for (int i = 0; i < 2; i++)
        if (!match_side_check(game, i ? "b" : "a", &sides[i], &s.limit, &openings, message, sizeof message))
            cli_fail("%s", message);
    match_run_status status = match_run(game, sides, &s, &openings, options_given(o, "json"), message, sizeof message);
    if (status == MATCH_RUN_REFUSED) cli_fail("%s", message);
    if (status == MATCH_RUN_FAILED) {
        fprintf(stderr, "prune: %s\n", message);
        free_sides(sides);
        return CLI_FAILED;
    }
    match_print_summary(&s, options_given(o, "json"));
    free_sides(sides);
    match_openings_free(&openings);
    return CLI_OK;
}

static const option_spec match_options[] = {
    {"a", true}, {"b", true}, {"nodes", true}, {"time-ms", true}, {"tc", true}, {"depth", true}, {"margin-ms", true},
    {"pairs", true}, {"openings", true}, {"reuse", false}, {"seed", true}, {"sprt", true}, {"shard", true},
    {"play-out", false}, {"max-memory-mb", true}, {"json", false}, {"help", false}, {NULL, false},
};

const command command_match = {
    .name = "match", .operand = "GAME", .options = match_options, .run = run_match,
    .synopsis = "GAME --a CONFIG --b CONFIG (--nodes N | --time-ms T | --tc BASE+INC | --depth D)\n"
                "         [--margin-ms M] [--pairs N] [--openings FILE] [--reuse] [--seed S]\n"
                "         [--sprt elo0,elo1[,alpha,beta]] [--shard K/N] [--play-out] [--max-memory-mb N]\n"
                "         [--json]",
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
        "  --play-out         a game the game's adjudication rule decides is played on to its end\n"
        "                     (its result counts), and the rule's verdict kept beside it: the\n"
        "                     summary counts the verdicts that held, and the Elo they would have given\n"
        "  --max-memory-mb N  memory bound in MiB: both sides' tables must fit in it together (else\n"
        "                     refused), and a tree config's search stops the match (status 1)\n"
        "                     before its tree would take more than they leave; from 1 to physical\n"
        "                     memory, default " MEMORY_BOUND_DEFAULT_TEXT "\n"
        "  --json             one JSON line per game, then a summary line\n"
        "  --help, -h         print this help\n",
};
