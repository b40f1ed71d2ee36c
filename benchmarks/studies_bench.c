/*
 * studies_bench.c: every study of studies/studies.csv as Google Benchmark
 * benchmarks (through the C API of gbench.h).
 *
 *   studies_bench [--study NAME[,NAME...]] [--studies PATH] [--published PATH]
 *                 [--repetitions N] [--min-time SECONDS] [--games-out PATH]
 *                 [--no-rounds] [--list] [--benchmark_* flags of Google Benchmark]
 *
 * One benchmark per (study row, state mode), named
 *   study/game/moves/config/state/depth     e.g. minimaxer/kalah/start/tree-optimal/copy/6
 * with "start" for the start position.  One iteration is one whole search
 * through game->search, exactly as `prune search` runs it: the position is
 * set up, the tree (tree configs) built and freed, so operations per second
 * are whole searches per second, as the Minimaxer blog measured.
 *
 * Counters: nodes (and created, evals for tree configs) per search,
 * nodes_per_second and ops_per_second as rates over wall-clock time, value,
 * and `verified` (1 when a reference row of studies/published.csv fixed
 * the counts) and `copy_checked` (1 when an undo search was compared with
 * the copy search of the same row).  Each benchmark is repeated (default 5)
 * and Google Benchmark adds the mean, median, stddev and cv aggregates.
 *
 * A search whose counts differ from the reference (nodes, created, evals,
 * best move), or whose undo counts differ from its copy counts, is reported
 * as an error (SkipWithError: no timing), and the program exits 1.
 *
 * The tictactoe study also plays scripted games (--no-rounds turns that
 * off): for each config (minimax, alphabeta), computer first and second,
 * and four scripted opponents, the computer searches every decision at full
 * depth; each distinct decision becomes a benchmark of the pseudo-study
 * "tictactoe-rounds", and the games are written to --games-out as CSV, so
 * that the report can build the blog's table of decision time per round.
 *
 * A study whose game is not compiled in is skipped with a message; when
 * nothing is left to run, the program writes an empty result to
 * --benchmark_out (its context says why) and exits 77, which meson shows
 * as SKIP.
 *
 * Environment: PRUNE_BENCH_REPETITIONS and PRUNE_BENCH_MIN_TIME give the
 * defaults of --repetitions and --min-time; PRUNE_COMMIT names the commit
 * recorded in the output (otherwise git is asked).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "csv.h"
#include "gbench.h"
#include "search.h"

#ifndef PRUNE_SOURCE_DIR
#define PRUNE_SOURCE_DIR "."
#endif
#ifndef PRUNE_COMPILER
#define PRUNE_COMPILER "unknown"
#endif
#ifndef PRUNE_BUILD_TYPE
#define PRUNE_BUILD_TYPE "unknown"
#endif
#ifndef PRUNE_C_FLAGS
#define PRUNE_C_FLAGS ""
#endif

#define EXIT_SKIPPED 77
#define ROUNDS_STUDY "tictactoe-rounds"

typedef struct {
    bool has_nodes, has_created, has_evals, has_best;
    uint64_t nodes, created, evals;
    char best[32];
} expectation;

typedef struct bench_case {
    char name[320];
    char study[48];
    char moves[200];
    const game_entry *game;
    const search_config *config;
    int depth;
    state_mode state;
    double min_time;
    expectation expected;
    struct bench_case *twin;   /* for an undo case: the copy case of the same search */
    bool ran;                  /* a search completed (result holds it) */
    search_result result;
    bool failed;
    char failure[400];
} bench_case;

static bench_case **cases;
static size_t case_count, case_capacity;

static _Noreturn void die(int status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("studies_bench: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(status);
}

static void copy_text(char *to, size_t size, const char *from)
{
    snprintf(to, size, "%s", from);
}

/* ---- reference counts from studies/published.csv ---- */

static csv_table published;

static bool parse_count(const char *text, uint64_t *value)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (!*text || *end || errno) return false;
    *value = v;
    return true;
}

static expectation find_expectation(const char *game, const char *moves, const char *config, int depth)
{
    expectation e = {0};
    for (size_t r = 0; r < published.rows; r++) {
        const char *row_depth = csv_get(&published, r, "depth");
        if (!*row_depth || atoi(row_depth) != depth) continue;
        if (strcmp(csv_get(&published, r, "game"), game) != 0) continue;
        if (strcmp(csv_get(&published, r, "moves"), moves) != 0) continue;
        if (strcmp(csv_get(&published, r, "config"), config) != 0) continue;
        const char *metric = csv_get(&published, r, "metric");
        const char *value = csv_get(&published, r, "value");
        if (strcmp(metric, "nodes") == 0) e.has_nodes = parse_count(value, &e.nodes);
        else if (strcmp(metric, "created") == 0) e.has_created = parse_count(value, &e.created);
        else if (strcmp(metric, "evals") == 0) e.has_evals = parse_count(value, &e.evals);
        else if (strcmp(metric, "best") == 0) {
            e.has_best = true;
            copy_text(e.best, sizeof e.best, value);
        }
    }
    return e;
}

static bool has_expectation(const expectation *e)
{
    return e->has_nodes || e->has_created || e->has_evals || e->has_best;
}

/* ---- the benchmark function ---- */

static bool is_tree(const bench_case *c) { return c->config->algorithm == ALGORITHM_TREE; }

/* Checks a result against the reference and the twin; false with a reason. */
static bool check_result(const bench_case *c, const search_result *r, char *why, size_t size)
{
    const expectation *e = &c->expected;
    if (e->has_nodes && r->nodes != e->nodes) {
        snprintf(why, size, "nodes %" PRIu64 " differ from the reference %" PRIu64, r->nodes, e->nodes);
        return false;
    }
    if (e->has_created && r->created != e->created) {
        snprintf(why, size, "created %" PRIu64 " differs from the reference %" PRIu64, r->created, e->created);
        return false;
    }
    if (e->has_evals && r->evals != e->evals) {
        snprintf(why, size, "evals %" PRIu64 " differ from the reference %" PRIu64, r->evals, e->evals);
        return false;
    }
    if (e->has_best && strcmp(r->best, e->best) != 0) {
        snprintf(why, size, "best move %s differs from the reference %s", r->best, e->best);
        return false;
    }
    const bench_case *t = c->twin;
    if (t && t->ran) {
        const search_result *q = &t->result;
        if (r->nodes != q->nodes || r->created != q->created || r->evals != q->evals ||
            r->value != q->value || strcmp(r->best, q->best) != 0) {
            snprintf(why, size,
                     "undo search differs from copy: nodes %" PRIu64 "/%" PRIu64 ", created %" PRIu64
                     "/%" PRIu64 ", evals %" PRIu64 "/%" PRIu64 ", value %d/%d, best %s/%s",
                     r->nodes, q->nodes, r->created, q->created, r->evals, q->evals, r->value, q->value,
                     r->best, q->best);
            return false;
        }
    }
    return true;
}

static void fail_case(bench_case *c, gbench_state *state, const char *why)
{
    if (!c->failed) fprintf(stderr, "studies_bench: ERROR %s: %s\n", c->name, why);
    c->failed = true;
    copy_text(c->failure, sizeof c->failure, why);
    gbench_skip_with_error(state, why);
}

static void run_case(gbench_state *state, void *context)
{
    bench_case *c = context;
    /* Google Benchmark times the searches: the search's own clock would
     * only add its calls (about 1% of a Kalah depth-6 search). */
    search_request request = {.config = c->config, .moves = c->moves, .depth = c->depth,
                              .state = c->state, .seed = SEARCH_DEFAULT_SEED, .untimed = true};
    search_result r = {0};
    char message[256] = "";
    search_status status = SEARCH_OK;
    if (c->failed) {  /* a later repetition of a failed benchmark: no timing */
        gbench_skip_with_error(state, c->failure);
        return;
    }
    while (gbench_keep_running(state)) {
        status = c->game->search(&request, &r, message, sizeof message);
        if (status != SEARCH_OK) break;
    }
    if (status != SEARCH_OK) {
        fail_case(c, state, message);
        return;
    }
    char why[400];
    if (!check_result(c, &r, why, sizeof why)) {
        fail_case(c, state, why);
        return;
    }
    if (!c->ran) {
        c->result = r;
        c->ran = true;
    }
    gbench_set_counter(state, "nodes", (double)r.nodes, GBENCH_COUNTER_PLAIN);
    if (is_tree(c)) {
        gbench_set_counter(state, "created", (double)r.created, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "evals", (double)r.evals, GBENCH_COUNTER_PLAIN);
    }
    gbench_set_counter(state, "value", r.value, GBENCH_COUNTER_PLAIN);
    gbench_set_counter(state, "nodes_per_second", (double)r.nodes, GBENCH_COUNTER_ITERATION_RATE);
    gbench_set_counter(state, "ops_per_second", 1.0, GBENCH_COUNTER_ITERATION_RATE);
    gbench_set_counter(state, "verified", has_expectation(&c->expected), GBENCH_COUNTER_PLAIN);
    gbench_set_counter(state, "copy_checked", c->twin && c->twin->ran, GBENCH_COUNTER_PLAIN);
    char label[64];
    snprintf(label, sizeof label, "best=%s", r.best);
    gbench_set_label(state, label);
}

/* ---- registration ---- */

static bench_case *find_case(const char *name)
{
    for (size_t i = 0; i < case_count; i++)
        if (strcmp(cases[i]->name, name) == 0) return cases[i];
    return NULL;
}

static bench_case *add_case(const char *study, const game_entry *game, const search_config *config,
                            const char *moves, int depth, state_mode state, double min_time)
{
    char name[sizeof ((bench_case *)0)->name];
    snprintf(name, sizeof name, "%s/%s/%s/%s/%s/%d", study, game->name, *moves ? moves : "start",
             config->name, state == STATE_UNDO ? "undo" : "copy", depth);
    bench_case *existing = find_case(name);
    if (existing) return existing;
    bench_case *c = calloc(1, sizeof *c);
    if (!c) die(1, "out of memory");
    copy_text(c->name, sizeof c->name, name);
    copy_text(c->study, sizeof c->study, study);
    copy_text(c->moves, sizeof c->moves, moves);
    c->game = game;
    c->config = config;
    c->depth = depth;
    c->state = state;
    c->min_time = min_time;
    c->expected = find_expectation(game->name, moves, config->name, depth);
    if (case_count == case_capacity) {
        case_capacity = case_capacity ? case_capacity * 2 : 64;
        cases = realloc(cases, case_capacity * sizeof *cases);
        if (!cases) die(1, "out of memory");
    }
    cases[case_count++] = c;
    return c;
}

typedef struct {
    char **names;
    size_t count;
} name_list;

static bool listed(const name_list *list, const char *name)
{
    if (list->count == 0) return true;  /* no --study: every study */
    for (size_t i = 0; i < list->count; i++)
        if (strcmp(list->names[i], name) == 0) return true;
    return false;
}

static void split_names(char *text, name_list *list)
{
    for (char *name = strtok(text, ","); name; name = strtok(NULL, ",")) {
        list->names = realloc(list->names, (list->count + 1) * sizeof *list->names);
        if (!list->names) die(1, "out of memory");
        list->names[list->count++] = name;
    }
}

/* ---- tic-tac-toe decisions per round ---- */

typedef struct {
    const char *opponent;
    const char *computer;   /* "first" (X) or "second" (O) */
    const char *config;
    int round;
    char moves[40];
    int depth;
    char best[32];
    uint64_t nodes;
    const bench_case *benchmark;
} ttt_decision;

static ttt_decision decisions[2 * 2 * 4 * 5];
static size_t decision_count;

/* The scripted opponents (the post does not say what the human played). */
static const char *const opponents[] = {"perfect", "blocker-centre", "blocker-lowest", "blocker-random"};
#define TTT_RANDOM_SEED 20240501ULL

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The square that completes a line of `who` (1 or 2) on `board`, or -1. */
static int completing_square(const int board[9], int who)
{
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (int square = 0; square < 9; square++) {
        if (board[square]) continue;
        for (int l = 0; l < 8; l++) {
            const int *line = lines[l];
            if (line[0] != square && line[1] != square && line[2] != square) continue;
            int own = 0;
            for (int k = 0; k < 3; k++) own += line[k] != square && board[line[k]] == who;
            if (own == 2) return square;
        }
    }
    return -1;
}

/* The scripted opponent's square.  `perfect` plays what plain minimax plays;
 * the blockers win when they can, else block the computer's line, else
 * play the centre, then corners, then edges (blocker-centre), the lowest
 * free square (blocker-lowest), or a seeded random free square
 * (blocker-random). */
static int opponent_square(const game_entry *game, int kind, const char *moves, const int board[9], int me,
                           uint64_t *rng)
{
    if (kind == 0) {
        search_request request = {.config = config_find("minimax"), .moves = moves, .depth = 9,
                                  .state = STATE_COPY, .seed = SEARCH_DEFAULT_SEED};
        search_result r;
        char message[256];
        if (game->search(&request, &r, message, sizeof message) != SEARCH_OK) die(1, "ttt opponent: %s", message);
        return atoi(r.best);
    }
    int square = completing_square(board, me);
    if (square < 0) square = completing_square(board, 3 - me);
    if (square >= 0) return square;
    static const int centre_corners[] = {4, 0, 2, 6, 8, 1, 3, 5, 7};
    int free_squares[9], count = 0;
    for (int i = 0; i < 9; i++)
        if (!board[i]) free_squares[count++] = i;
    switch (kind) {
    case 1:
        for (int i = 0; i < 9; i++)
            if (!board[centre_corners[i]]) return centre_corners[i];
        return -1;
    case 2: return free_squares[0];
    default: return free_squares[splitmix(rng) % (uint64_t)count];
    }
}

static bool ttt_over(const game_entry *game, const char *moves)
{
    perft_result p;
    char message[256];
    if (game->perft(moves, 0, &p, message, sizeof message) != SEARCH_OK) die(1, "ttt: %s", message);
    return p.finished > 0;
}

static void append_move(char *moves, size_t size, int square)
{
    size_t used = strlen(moves);
    snprintf(moves + used, size - used, "%s%d", used ? "," : "", square);
}

static void register_ttt_rounds(const game_entry *game, double min_time)
{
    static const char *const configs[] = {"minimax", "alphabeta"};
    for (int k = 0; k < 2; k++) {
        const search_config *config = config_find(configs[k]);
        if (!config) die(2, "config %s is not known", configs[k]);
        for (int computer = 0; computer < 2; computer++) {
            for (int o = 0; o < 4; o++) {
                char moves[40] = "";
                int board[9] = {0};  /* 0 empty, 1 X, 2 O */
                uint64_t rng = TTT_RANDOM_SEED + (uint64_t)(k * 8 + computer * 4 + o);
                int round = 0;
                for (int ply = 0; ply < 9 && !ttt_over(game, moves); ply++) {
                    int square;
                    if (ply % 2 == computer) {
                        ttt_decision *d = &decisions[decision_count++];
                        *d = (ttt_decision){.opponent = opponents[o], .computer = computer ? "second" : "first",
                                            .config = configs[k], .round = ++round, .depth = 9 - ply};
                        copy_text(d->moves, sizeof d->moves, moves);
                        search_request request = {.config = config, .moves = moves, .depth = d->depth,
                                                  .state = STATE_COPY, .seed = SEARCH_DEFAULT_SEED};
                        search_result r;
                        char message[256];
                        if (game->search(&request, &r, message, sizeof message) != SEARCH_OK)
                            die(1, "ttt decision [%s]: %s", moves, message);
                        copy_text(d->best, sizeof d->best, r.best);
                        d->nodes = r.nodes;
                        d->benchmark = add_case(ROUNDS_STUDY, game, config, moves, d->depth, STATE_COPY,
                                                min_time);
                        square = atoi(r.best);
                    } else {
                        square = opponent_square(game, o, moves, board, ply % 2 + 1, &rng);
                    }
                    board[square] = ply % 2 + 1;
                    append_move(moves, sizeof moves, square);
                }
            }
        }
    }
}

/* Writes the games, atomically: a temporary file renamed over the target. */
static void write_games(const char *path)
{
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(temporary, "w");
    if (!f) die(1, "cannot write %s: %s", temporary, strerror(errno));
    fprintf(f, "opponent,computer,config,round,moves,depth,best,nodes,benchmark\n");
    for (size_t i = 0; i < decision_count; i++) {
        const ttt_decision *d = &decisions[i];
        fprintf(f, "%s,%s,%s,%d,\"%s\",%d,%s,%" PRIu64 ",\"%s\"\n", d->opponent, d->computer, d->config, d->round,
                d->moves, d->depth, d->best, d->nodes, d->benchmark->name);
    }
    if (fclose(f) != 0 || rename(temporary, path) != 0) {
        remove(temporary);
        die(1, "cannot write %s: %s", path, strerror(errno));
    }
}

/* ---- the context recorded with the results ---- */

static void trim(char *text)
{
    size_t n = strlen(text);
    while (n && (text[n - 1] == '\n' || text[n - 1] == '\r' || text[n - 1] == ' ')) text[--n] = '\0';
}

static void command_output(const char *command, char *out, size_t size)
{
    out[0] = '\0';
    FILE *p = popen(command, "r");
    if (!p) return;
    if (!fgets(out, (int)size, p)) out[0] = '\0';
    pclose(p);
    trim(out);
}

static void cpu_model(char *out, size_t size)
{
    copy_text(out, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *colon = strchr(line, ':');
            if (colon) {
                copy_text(out, size, colon + 2);
                trim(out);
            }
            break;
        }
    }
    fclose(f);
}

static char commit[128];

static void add_context(const char *source_dir, const char *studies_path, int repetitions, double min_time)
{
    const char *from_env = getenv("PRUNE_COMMIT");
    if (from_env && *from_env) {
        copy_text(commit, sizeof commit, from_env);
    } else {
        char command[4500], head[96], dirty[96];
        snprintf(command, sizeof command, "git -C '%s' rev-parse --short=12 HEAD 2>/dev/null", source_dir);
        command_output(command, head, sizeof head);
        snprintf(command, sizeof command,
                 "git -C '%s' status --porcelain --untracked-files=no 2>/dev/null | head -n 1", source_dir);
        command_output(command, dirty, sizeof dirty);
        snprintf(commit, sizeof commit, "%s%s", *head ? head : "unknown", *dirty ? "-dirty" : "");
    }
    char cpu[256], text[512];
    cpu_model(cpu, sizeof cpu);
    struct utsname u;
    if (uname(&u) == 0) snprintf(text, sizeof text, "%s %s %s", u.sysname, u.release, u.machine);
    else copy_text(text, sizeof text, "unknown");
    gbench_add_context("prune_commit", commit);
    gbench_add_context("prune_compiler", PRUNE_COMPILER);
    gbench_add_context("prune_build_type", PRUNE_BUILD_TYPE);
    gbench_add_context("prune_c_flags", PRUNE_C_FLAGS);
    gbench_add_context("prune_cpu_model", cpu);
    gbench_add_context("prune_os", text);
    gbench_add_context("prune_studies", studies_path);
    snprintf(text, sizeof text, "%d", repetitions);
    gbench_add_context("prune_repetitions", text);
    snprintf(text, sizeof text, "%g", min_time);
    gbench_add_context("prune_min_time", text);
    char games[512] = "";
    for (size_t i = 0; i < game_count(); i++) {
        size_t used = strlen(games);
        snprintf(games + used, sizeof games - used, "%s%s", i ? " " : "", game_at(i)->name);
    }
    gbench_add_context("prune_games", games);
}

/* The JSON of a run with nothing to run, so that the converter sees why. */
static void write_skipped(const char *path, const char *studies, const char *reason)
{
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(temporary, "w");
    if (!f) die(1, "cannot write %s: %s", temporary, strerror(errno));
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S%z", localtime(&now));
    fprintf(f, "{\n  \"context\": {\n    \"date\": \"%s\",\n    \"prune_commit\": \"%s\",\n"
               "    \"prune_skipped\": \"%s\",\n    \"prune_skip_reason\": \"%s\"\n  },\n"
               "  \"benchmarks\": []\n}\n", date, commit, studies, reason);
    if (fclose(f) != 0 || rename(temporary, path) != 0) {
        remove(temporary);
        die(1, "cannot write %s: %s", path, strerror(errno));
    }
}

/* ---- main ---- */

static const char usage[] =
    "usage: studies_bench [--study NAME[,NAME...]] [--studies PATH] [--published PATH]\n"
    "                     [--repetitions N] [--min-time SECONDS] [--games-out PATH]\n"
    "                     [--no-rounds] [--list] [--benchmark_* flags]\n";

int main(int argc, char **argv)
{
    const char *out_path = NULL;
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--benchmark_out=", 16) == 0) out_path = argv[i] + 16;
    gbench_initialize(&argc, argv);

    char studies_path[4096], published_path[4096];
    snprintf(studies_path, sizeof studies_path, "%s/studies/studies.csv", PRUNE_SOURCE_DIR);
    snprintf(published_path, sizeof published_path, "%s/studies/published.csv", PRUNE_SOURCE_DIR);
    const char *env = getenv("PRUNE_BENCH_REPETITIONS");
    int repetitions = env && *env ? atoi(env) : 5;
    env = getenv("PRUNE_BENCH_MIN_TIME");
    double min_time = env && *env ? atof(env) : 0.2;
    const char *games_out = NULL;
    bool rounds = true, list_only = false;
    name_list wanted = {0};
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes_value = strcmp(arg, "--study") == 0 || strcmp(arg, "--studies") == 0 ||
                           strcmp(arg, "--published") == 0 || strcmp(arg, "--repetitions") == 0 ||
                           strcmp(arg, "--min-time") == 0 || strcmp(arg, "--games-out") == 0;
        if (takes_value && !value) die(2, "%s needs a value", arg);
        if (strcmp(arg, "--study") == 0) split_names(argv[++i], &wanted);
        else if (strcmp(arg, "--studies") == 0) copy_text(studies_path, sizeof studies_path, argv[++i]);
        else if (strcmp(arg, "--published") == 0) copy_text(published_path, sizeof published_path, argv[++i]);
        else if (strcmp(arg, "--repetitions") == 0) repetitions = atoi(argv[++i]);
        else if (strcmp(arg, "--min-time") == 0) min_time = atof(argv[++i]);
        else if (strcmp(arg, "--games-out") == 0) games_out = argv[++i];
        else if (strcmp(arg, "--no-rounds") == 0) rounds = false;
        else if (strcmp(arg, "--list") == 0) list_only = true;
        else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        } else argv[kept++] = argv[i];
    }
    argc = kept;
    if (gbench_report_unrecognized(argc, argv)) return 2;
    if (repetitions < 1) die(2, "--repetitions must be at least 1");
    if (!(min_time > 0)) die(2, "--min-time must be a positive number of seconds");

    csv_table studies;
    char message[512];
    if (csv_read(studies_path, &studies, message, sizeof message)) die(2, "%s", message);
    if (csv_read(published_path, &published, message, sizeof message)) die(2, "%s", message);
    static const char *const needed[] = {"study", "game", "moves", "config", "depth", "states"};
    for (size_t k = 0; k < sizeof needed / sizeof needed[0]; k++)
        if (csv_column(&studies, needed[k]) < 0) die(2, "%s has no column '%s'", studies_path, needed[k]);

    for (size_t i = 0; i < wanted.count; i++) {
        bool known = false;
        for (size_t r = 0; r < studies.rows && !known; r++)
            known = strcmp(csv_get(&studies, r, "study"), wanted.names[i]) == 0;
        if (!known) die(2, "no study '%s' in %s", wanted.names[i], studies_path);
    }

    add_context(PRUNE_SOURCE_DIR, studies_path, repetitions, min_time);

    /* Rows of the selected studies, in file order; copy before undo. */
    char skipped[512] = "", skip_reason[1024] = "";
    const game_entry *ttt = NULL;
    for (size_t r = 0; r < studies.rows; r++) {
        const char *study = csv_get(&studies, r, "study");
        if (!listed(&wanted, study) || strcmp(study, "pons") == 0) continue; /* pons: benchmarks/pons_bench.c */
        const char *game_name = csv_get(&studies, r, "game");
        const game_entry *game = game_find(game_name);
        if (!game) {
            if (!strstr(skipped, study)) {
                size_t used = strlen(skipped), used_reason = strlen(skip_reason);
                snprintf(skipped + used, sizeof skipped - used, "%s%s", used ? " " : "", study);
                snprintf(skip_reason + used_reason, sizeof skip_reason - used_reason,
                         "%sstudy %s: game '%s' is not compiled in", used_reason ? "; " : "", study, game_name);
                fprintf(stderr, "studies_bench: SKIPPED study %s: game '%s' is not compiled in "
                                "(add it to prune_games in meson.build)\n", study, game_name);
            }
            continue;
        }
        const char *config_name = csv_get(&studies, r, "config");
        const search_config *config = config_find(config_name);
        if (!config) die(2, "%s: study %s names config '%s', which is not known", studies_path, study, config_name);
        int depth = atoi(csv_get(&studies, r, "depth"));
        const char *states = csv_get(&studies, r, "states");
        bench_case *copy_case = NULL;
        if (strstr(states, "copy")) copy_case = add_case(study, game, config, csv_get(&studies, r, "moves"), depth,
                                                         STATE_COPY, min_time);
        if (strstr(states, "undo") && game->has_undo) {
            bench_case *undo_case = add_case(study, game, config, csv_get(&studies, r, "moves"), depth,
                                             STATE_UNDO, min_time);
            undo_case->twin = copy_case;
        }
        if (strcmp(study, "tictactoe") == 0) ttt = game;
    }
    if (skipped[0]) {
        gbench_add_context("prune_skipped", skipped);
        gbench_add_context("prune_skip_reason", skip_reason);
    }
    if (rounds && ttt) {
        register_ttt_rounds(ttt, min_time / 2);
        if (games_out) write_games(games_out);
    }

    if (case_count == 0) {
        fprintf(stderr, "studies_bench: nothing to run (%s)\n", skipped[0] ? skip_reason : "no rows selected");
        if (out_path) write_skipped(out_path, skipped, skip_reason);
        return EXIT_SKIPPED;
    }
    for (size_t i = 0; i < case_count; i++) {
        bench_case *c = cases[i];
        if (list_only) {
            printf("%s%s\n", c->name, has_expectation(&c->expected) ? "  (reference counts)" : "");
            continue;
        }
        gbench_benchmark *b = gbench_register(c->name, run_case, c);
        gbench_use_real_time(b);
        gbench_set_time_unit(b, GBENCH_MICROSECOND);
        gbench_set_min_time(b, c->min_time);
        gbench_set_repetitions(b, repetitions);
        gbench_display_aggregates_only(b, true);
    }
    if (list_only) return 0;

    gbench_run_all();
    gbench_shutdown();

    int failures = 0;
    for (size_t i = 0; i < case_count; i++)
        if (cases[i]->failed) {
            if (!failures) fprintf(stderr, "studies_bench: these benchmarks failed their count checks:\n");
            fprintf(stderr, "  %s: %s\n", cases[i]->name, cases[i]->failure);
            failures++;
        }
    csv_free(&studies);
    csv_free(&published);
    return failures ? 1 : 0;
}
