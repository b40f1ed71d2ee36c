/*
 * ladder_test.c: the technique ladder's own rules (engine/ladder_search.h),
 * beyond what the differential oracle (oracle_test.c) checks of every
 * config.  For every game, on seeded random positions:
 *   - best move: every config but alphabeta-scala names a root move whose
 *     own value (minimax on the child, one ply less) is the root value;
 *   - table drafts: a table kept from a deeper search must not decide
 *     shallower ones (each still returns minimax's value; this fails if
 *     entries of larger draft are used), with both replacement schemes;
 *   - deeper: at the test depth + 2, every ladder config returns
 *     negamax-ab's value, and do-undo repeats copy-make's counts and
 *     counters exactly; the constant-options instances (negamax-ab,
 *     ladder-tt) repeat the configurable instance's;
 *   - counters: the iterations' nodes add up to the nodes;
 *   - limits, for configs that deepen themselves and for those the engine
 *     deepens plainly (negamax-ab, ladder-tt, alphabeta): a node limit of
 *     the nodes of iterations 1..k (or part of k + 1 more) spends exactly
 *     the limit and answers with iteration k (the result of a search to
 *     depth k); one below depth 1 answers the first legal move; a time
 *     limit answers with some completed iteration k, again the result of a
 *     search to depth k; a stop flag already set answers with iteration 1;
 *   - threads (Lazy SMP and ABDADA): on 2 threads and up to the cores (at
 *     most 4), every config that threads returns the one thread's value,
 *     copy-make and do-undo, and names a move of that value; a time limit on threads
 *     answers with a completed iteration's value;
 *   - bad requests: a limit on a tree config, a table beyond the memory bound, an
 *     unknown replacement scheme, threads on a config without a table or
 *     beyond the cores are SEARCH_BAD_INPUT;
 *   - the table itself (engine/ttable.h), once: a key sharing a slot is
 *     rejected, a new search reads as empty unless kept, depth-preferred
 *     replacement keeps the larger draft, and the 16-bit generation's wrap
 *     really clears (a stale entry of generation 1 must not come back).
 * Prints one line per failure and a summary `N passed, N failed`.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_tally.h"
#include "cores.h"
#include "search.h"
#include "ttable.h"

#define POSITIONS 12


static search_status try_search(const game_entry *game, search_request request, search_result *result,
                                char *message, size_t size)
{
    if (!request.seed) request.seed = SEARCH_DEFAULT_SEED;
    return game->search(&request, result, message, size);
}

static bool run(const game_entry *game, search_request request, search_result *result)
{
    char message[256];
    if (try_search(game, request, result, message, sizeof message) == SEARCH_OK) return true;
    failed++;
    printf("FAIL %s [%s] %s depth %d: %s\n", game->name, request.moves, request.config->name, request.depth,
           message);
    return false;
}

static search_request plain(const char *config, const char *moves, int depth)
{
    return (search_request){.config = config_find(config), .moves = moves, .depth = depth};
}

/* The value of root move `best` at `depth`, from the root mover's view,
 * by minimax on the child: the sign flips unless the mover moves again,
 * and a child of exactly W counts as W + depth (the win-depth rule). */
static bool move_value(const game_entry *game, const char *moves, const char *best, int depth, bool root_max,
                       int *value)
{
    char child[4200];
    snprintf(child, sizeof child, "%s%s%s", moves, *moves ? "," : "", best);
    search_result r;
    /* negamax-ab beyond the test depth, where minimax is slow (the oracle holds the two equal) */
    if (!run(game, plain(depth - 1 <= game->test_depth ? "minimax" : "negamax-ab", child, depth - 1), &r))
        return false;
    *value = r.root_max == root_max ? r.value : -r.value;
    if (game->win_score && *value == game->win_score) *value += depth;
    return true;
}

static void test_best_moves(const game_entry *game, const char *moves, int depth)
{
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        search_result r;
        if (config->algorithm == ALGORITHM_ALPHABETA_SCALA || config->algorithm == ALGORITHM_MCTS ||
            !run(game, plain(config->name, moves, depth), &r))
            continue; /* the Scala pair keeps its slip; MCTS has no depth (tests/mcts_test.c) */
        int value;
        if (strcmp(r.best, "none") == 0 || !move_value(game, moves, r.best, depth, r.root_max, &value)) continue;
        check(value == r.value, game->name, moves, config->name, depth, "value of the best move", value, r.value);
    }
}

/* A kept table from depth D, then depths D-1..1 in turn: each value must
 * be minimax's at its own depth. */
static void test_kept_table(const game_entry *game, const char *moves, int replace)
{
    int deepest = game->test_depth < game->max_depth ? game->test_depth + 1 : game->max_depth;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        if (config->algorithm != ALGORITHM_LADDER || !config->ladder.tt) continue;
        for (int depth = deepest; depth >= 1; depth--) {
            search_request request = plain(config->name, moves, depth);
            request.keep_tt = depth < deepest;
            request.tt_replace = replace;
            search_result r, reference;
            if (!run(game, request, &r) || !run(game, plain("negamax-ab", moves, depth), &reference)) return;
            check(r.value == reference.value, game->name, moves, config->name, depth,
                  replace ? "value with a kept table (depth-preferred)" : "value with a kept table",
                  r.value, reference.value);
            uint64_t sum = 0;
            for (int i = 0; i < r.iterations; i++) sum += r.iteration_nodes[i];
            check(sum == r.nodes, game->name, moves, config->name, depth, "iteration nodes summed", (long long)sum,
                  (long long)r.nodes);
        }
    }
}

/* Deeper than the oracle goes, where the table and the windows matter
 * more: each ladder config against negamax-ab (which the oracle holds to
 * minimax), and copy-make against do-undo, counters included. */
static void test_deeper(const game_entry *game, const char *moves, int depth)
{
    search_result reference;
    if (!run(game, plain("negamax-ab", moves, depth), &reference)) return;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        if (config->algorithm != ALGORITHM_LADDER) continue;
        search_request request = plain(config->name, moves, depth);
        search_result copy, undo;
        if (!run(game, request, &copy)) continue;
        request.state = STATE_UNDO;
        if (!run(game, request, &undo)) continue;
        const char *name = config->name;
        check(copy.value == reference.value, game->name, moves, name, depth, "value against negamax-ab", copy.value,
              reference.value);
        check(copy.nodes == undo.nodes && copy.tt_probes == undo.tt_probes && copy.tt_hits == undo.tt_hits &&
              copy.tt_cutoffs == undo.tt_cutoffs && copy.researches == undo.researches &&
              copy.value == undo.value && strcmp(copy.best, undo.best) == 0,
              game->name, moves, name, depth, "undo differs from copy (nodes)", (long long)undo.nodes,
              (long long)copy.nodes);
        check(!config->ladder.tt || reference.nodes == 1 || copy.tt_probes > 0, game->name, moves, name, depth, "table probes",
              (long long)copy.tt_probes, 1);
    }
}

/* The first legal move after `moves`, as prune show lists them ("legal
 * moves: M1,M2,..."); "" when it lists none. */
static void first_legal_move(const game_entry *game, const char *moves, char *out, size_t size)
{
    char *text = NULL, message[256];
    size_t length = 0;
    FILE *f = open_memstream(&text, &length);
    out[0] = '\0';
    if (!f) return;
    search_status status = game->show(NULL, moves, f, message, sizeof message);
    fclose(f);
    const char *line = status == SEARCH_OK ? strstr(text, "legal moves: ") : NULL;
    if (line) {
        line += strlen("legal moves: ");
        size_t n = strcspn(line, ",\n");
        snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), line);
    }
    free(text);
}

/* Under a node limit every config deepens (ladder-id and up by itself,
 * negamax-ab and ladder-tt plainly, engine/search_run.h), and a limit of
 * exactly the nodes of iterations 1..k, or of those and part of k + 1,
 * spends exactly the limit and answers with iteration k: the result of a
 * search to depth k.  A limit below the first iteration answers the first
 * legal move with no iteration completed. */
static void test_node_limit(const game_entry *game, const char *moves, const char *config, int depth)
{
    search_request unbounded = plain(config, moves, depth);
    unbounded.node_limit = UINT64_MAX / 2;
    search_result full;
    if (!run(game, unbounded, &full)) return;
    check(full.iterations == depth || full.nodes == full.iteration_nodes[0] || (full.ended && full.iterations < depth),
          game->name, moves, config, depth, "iterations of an unreached node limit", full.iterations, depth);
    uint64_t limit = 0;
    for (int k = 1; k < full.iterations; k++) {
        limit += full.iteration_nodes[k - 1];
        for (int part = 0; part < 2; part++) {
            search_request request = plain(config, moves, depth);
            request.node_limit = limit + (part ? full.iteration_nodes[k] / 2 : 0);
            search_result stopped, shallow;
            if (!run(game, request, &stopped) || !run(game, plain(config, moves, k), &shallow)) return;
            check(stopped.iterations == k, game->name, moves, config, depth, "iterations under a node limit",
                  stopped.iterations, k);
            check(stopped.nodes == request.node_limit, game->name, moves, config, depth, "nodes under a node limit",
                  (long long)stopped.nodes, (long long)request.node_limit);
            /* ladder-tt deepened plainly keeps its table across the depths, whose moves order the
             * next depth: its best move may differ from a fresh search's among moves of equal value */
            bool same_best = strcmp(stopped.best, shallow.best) == 0 || strcmp(config, "ladder-tt") == 0;
            check(stopped.value == shallow.value && same_best, game->name, moves, config, k,
                  "answer under a node limit is iteration k's", stopped.value, shallow.value);
        }
    }
    if (full.iteration_nodes[0] < 2) return;
    search_request request = plain(config, moves, depth);
    request.node_limit = 1;
    search_result stopped, first;
    if (!run(game, request, &stopped) || !run(game, plain("negamax", moves, 1), &first)) return;
    check(stopped.iterations == 0 && stopped.nodes == 1, game->name, moves, config, depth,
          "a node limit below depth 1: no iteration, one node", (long long)stopped.nodes, 1);
    char legal[32] = "";
    first_legal_move(game, moves, legal, sizeof legal);
    check(strcmp(stopped.best, legal) == 0, game->name, moves, config, depth,
          "a node limit below depth 1 answers the first legal move", 0, 0);
}

/* The tree ended (engine/ladder_search.h, ladder_deepen): a deepening
 * search that stops before `depth` says so, and only then; its answer is
 * minimax's at `depth` and at the depth it stopped at, which it reached;
 * a game under the win-depth rule (Ard Ri) never stops early.  Returns
 * whether it ended, so that main can ask that some position did. */
static bool test_tree_ended(const game_entry *game, const char *moves, const char *config, int depth)
{
    search_result deep, at_depth, at_stop;
    if (!run(game, plain(config, moves, depth), &deep)) return false;
    check(deep.ended || deep.iterations == depth, game->name, moves, config, depth,
          "fewer iterations than asked only when the tree ended", deep.iterations, depth);
    if (!deep.ended) return false;
    check(game->win_score == 0, game->name, moves, config, depth, "no early stop under the win-depth rule",
          game->win_score, 0);
    if (!run(game, plain("negamax", moves, depth), &at_depth) ||
        !run(game, plain("negamax", moves, deep.iterations), &at_stop))
        return false;
    check(deep.value == at_depth.value && deep.value == at_stop.value, game->name, moves, config, depth,
          "an ended tree's value is minimax's at the depth asked and where it stopped", deep.value, at_depth.value);
    return true;
}

/* The stop flag is armed after the first iteration: a flag already set
 * stops the search at its first node after it, with iteration 1's answer. */
static void test_stop_flag(const game_entry *game, const char *config)
{
    atomic_int stop = 1;
    search_request request = plain(config, "", game->max_depth);
    request.stop = &stop;
    search_result stopped, first;
    if (!run(game, request, &stopped) || !run(game, plain(config, "", 1), &first)) return;
    check(stopped.iterations == 1 && stopped.value == first.value && strcmp(stopped.best, first.best) == 0 &&
              stopped.nodes == first.nodes,
          game->name, "", config, game->max_depth, "a set stop flag answers with iteration 1", stopped.iterations, 1);
}

static void test_time_limit(const game_entry *game, const char *config, int threads)
{
    search_request request = plain(config, "", game->max_depth);
    request.time_us = 20000;
    request.threads = threads;
    request.max_nodes = UINT64_MAX;
    search_result timed, shallow;
    if (!run(game, request, &timed)) return;
    check(timed.iterations >= 1 && timed.iterations <= game->max_depth, game->name, "", config,
          game->max_depth, "iterations under a time limit", timed.iterations, 1);
    if (timed.iterations < 1 || !run(game, plain(config, "", timed.iterations), &shallow)) return;
    /* as above; and threads may name another move of the same value */
    bool same_best = strcmp(timed.best, shallow.best) == 0 || strcmp(config, "ladder-tt") == 0 || threads > 1;
    check(timed.value == shallow.value && same_best, game->name, "", config,
          timed.iterations, "answer under a time limit is the last iteration's", timed.value, shallow.value);
}

static void expect_bad(const game_entry *game, search_request request, const char *what, const char *fragment)
{
    search_result r;
    char message[256] = "";
    search_status status = try_search(game, request, &r, message, sizeof message);
    check(status == SEARCH_BAD_INPUT && strstr(message, fragment), game->name, "", request.config->name,
          request.depth, what, status, SEARCH_BAD_INPUT);
}

/* Threads (search_request.threads, Lazy SMP, engine/ladder_run.h): on 2
 * threads and up to the machine's cores (at most 4), every config that
 * threads returns the one thread's value in both state modes, under Lazy
 * SMP and ABDADA, names a root move of that value, and says how many
 * threads searched. */
static void test_threads(const game_entry *game, const char *moves, int depth)
{
    int most = cores_max_threads() < 4 ? cores_max_threads() : 4;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        search_result one;
        if (!config_threads(config) || config->algorithm != ALGORITHM_LADDER ||
            !run(game, plain(config->name, moves, depth), &one))
            continue; /* the MCTS configs' threads: tests/mcts_test.c */
        for (int threads = 2; threads <= most; threads++) {
            for (int variant = 0; variant < 4; variant++) {  /* copy and undo, Lazy SMP and ABDADA */
                search_request request = plain(config->name, moves, depth);
                request.threads = threads;
                request.state = variant & 1 ? STATE_UNDO : STATE_COPY;
                request.smp = variant & 2 ? SEARCH_SMP_ABDADA : SEARCH_SMP_LAZY;
                search_result r;
                if (!run(game, request, &r)) continue;
                check(r.value == one.value, game->name, moves, config->name, depth, "value on threads", r.value,
                      one.value);
                check(r.threads == threads, game->name, moves, config->name, depth, "threads reported", r.threads,
                      threads);
                int value;
                if (strcmp(r.best, "none") != 0 && move_value(game, moves, r.best, depth, r.root_max, &value))
                    check(value == r.value, game->name, moves, config->name, depth, "value of the threads' best move",
                          value, r.value);
            }
        }
    }
}

static void test_bad_requests(const game_entry *game)
{
    if (cores_max_threads() > 1) {
        search_request threaded = plain("negamax-ab", "", 2);
        threaded.threads = 2;
        expect_bad(game, threaded, "threads on a config without a table", "searches on one thread");
    }
    search_request too_many = plain("ladder-pvs", "", 2);
    too_many.threads = cores_max_threads() + 1;
    expect_bad(game, too_many, "more threads than cores", "on this machine (its cores)");
    search_request request = plain("tree-optimal", "", 2);
    request.node_limit = 100;
    expect_bad(game, request, "node limit on a tree config", "needs a config of the recursive family or the ladder");
    request = plain("tree-standard", "", 2);
    request.time_us = 100000;
    expect_bad(game, request, "time limit on a tree config", "needs a config of the recursive family or the ladder");
    request = plain("ladder-id", "", 2);
    request.tt_mb = (size_t)1 << 40;
    expect_bad(game, request, "a table beyond the default memory bound", "is more than the memory bound of");
    request = plain("ladder-pvs", "", 2);
    request.max_memory_mb = TT_DEFAULT_MB - 1; /* the default table is bounded too */
    char bounded[128];
    snprintf(bounded, sizeof bounded, "a table of %d MiB is more than the memory bound of %d MiB (raise --max-memory-mb)",
             TT_DEFAULT_MB, TT_DEFAULT_MB - 1);
    expect_bad(game, request, "the default table beyond the request's memory bound", bounded);
    request = plain("ladder-id", "", 2);
    request.tt_replace = 7;
    expect_bad(game, request, "unknown replacement scheme", "replacement scheme");
}

static void table_check(bool ok, const char *what)
{
    check(ok, "(table)", "", "ttable", 0, what, ok, 1);
}

static void test_table(void)
{
    ttable t = {0};
    table_check(tt_resize(&t, 1), "a 1 MiB table is allocated");
    if (!t.entries) return;
    uint64_t key = 0x123456789ABC0042ULL, rival = key ^ (1ULL << 40); /* same slot, other position */
    tt_new_search(&t, false);
    tt_store(&t, key, -7, TT_EXACT, 5, 3, false);
    tt_entry e;
    table_check(tt_probe(&t, key, &e) && e.value == -7 && tt_draft(&e) == 5 && tt_bound_of(&e) == TT_EXACT &&
                    e.move == 3 && !e.ended, "stored entry");
    tt_store(&t, key, -40000, TT_UPPER, 63, TT_NO_MOVE, true);
    table_check(tt_probe(&t, key, &e) && e.value == -40000 && tt_draft(&e) == 63 && tt_bound_of(&e) == TT_UPPER &&
                    e.move == TT_NO_MOVE && e.ended, "an ended entry keeps its fields and the mark");
    table_check(!tt_probe(&t, rival, &e), "a key sharing the slot is rejected");
    /* A torn slot: the check word of one store beside the data of another
     * (two threads storing into the slot at once) names no key. */
    tt_slot first = t.entries[key & t.mask];
    tt_store(&t, key, 8, TT_LOWER, 4, 2, false);
    t.entries[key & t.mask].check = first.check;
    table_check(!tt_probe(&t, key, &e), "a torn slot reads as empty");
    tt_store(&t, key, -7, TT_EXACT, 5, 3, false);
    t.replace = TT_REPLACE_DEPTH;
    tt_store(&t, rival, 1, TT_LOWER, 3, 1, false);
    table_check(tt_probe(&t, key, &e) && !tt_probe(&t, rival, &e), "depth-preferred keeps the larger draft");
    tt_store(&t, rival, 1, TT_LOWER, 6, 1, false);
    table_check(!tt_probe(&t, key, &e) && tt_probe(&t, rival, &e), "depth-preferred takes a larger draft");
    tt_new_search(&t, true);
    table_check(tt_probe(&t, rival, &e), "a kept table keeps its entries");
    tt_new_search(&t, false);
    table_check(!tt_probe(&t, rival, &e), "a new search reads as empty");
    t.replace = TT_REPLACE_ALWAYS;
    /* Generation 1 again after the wrap: only the clear keeps this entry away. */
    while (t.generation != 1) tt_new_search(&t, false);
    tt_store(&t, key, 9, TT_EXACT, 2, 0, false);
    for (unsigned i = 0; i < TT_GENERATION_MASK; i++) tt_new_search(&t, false);
    table_check(t.generation == 1 && !tt_probe(&t, key, &e), "the generation's wrap clears the table");
    free(t.entries);
}

/* negamax-ab and ladder-tt run instances of the ladder of their own, their
 * options compiled in as constants (engine/config.h,
 * LADDER_NEGAMAX_AB_OPTIONS, LADDER_TT_OPTIONS); the configurable instance
 * given the same options must search the same tree, in both state modes. */
static void test_constant_instances(const game_entry *game, const char *moves, int depth)
{
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *fixed = config_at(c);
        if (fixed->ladder.instance == LADDER_INSTANCE_CONFIGURABLE) continue;
        search_config configurable = *fixed;
        configurable.algorithm = ALGORITHM_LADDER;
        configurable.ladder.instance = LADDER_INSTANCE_CONFIGURABLE;
        for (int state = STATE_COPY; state <= STATE_UNDO; state++) {
            search_request request = plain(fixed->name, moves, depth);
            request.state = (state_mode)state;
            search_result a, b;
            if (!run(game, request, &a)) continue;
            request.config = &configurable;
            if (!run(game, request, &b)) continue;
            check(a.nodes == b.nodes && a.tt_probes == b.tt_probes && a.tt_hits == b.tt_hits &&
                  a.tt_cutoffs == b.tt_cutoffs && a.value == b.value && strcmp(a.best, b.best) == 0,
                  game->name, moves, fixed->name, depth, "constant instance differs from the configurable one (nodes)",
                  (long long)a.nodes, (long long)b.nodes);
        }
    }
}

int main(int argc, char **argv)
{
    test_table();
    for (size_t g = 0; g < game_count(); g++) {
        const game_entry *game = game_at(g);
        if (argc > 1 && strcmp(argv[1], game->name) != 0) continue;
        int before = failed, ended = 0;
        for (int i = 0; i < POSITIONS; i++) {
            char moves[4096];
            game->random_line(2000 + (uint64_t)i, 3 * i, moves, sizeof moves);
            for (int depth = 2; depth <= game->test_depth; depth++) test_best_moves(game, moves, depth);
            test_kept_table(game, moves, 0);
            test_kept_table(game, moves, 1);
            int limit_depth = game->test_depth + 2 < game->max_depth ? game->test_depth + 2 : game->max_depth;
            if (i < 4) {
                test_deeper(game, moves, limit_depth);
                test_constant_instances(game, moves, limit_depth);
                test_node_limit(game, moves, "ladder-id", limit_depth);
                test_node_limit(game, moves, "ladder-mtdf", limit_depth);
                test_node_limit(game, moves, "negamax-ab", limit_depth);
                test_node_limit(game, moves, "ladder-tt", limit_depth);
                test_node_limit(game, moves, "alphabeta", game->test_depth);
                ended += test_tree_ended(game, moves, "ladder-id", limit_depth);
                ended += test_tree_ended(game, moves, "ladder-mtdf", limit_depth);
                test_threads(game, moves, limit_depth);
            }
        }
        static const char *const timed[] = {"negamax-ab", "ladder-tt", "ladder-pvs", "negamax"};
        for (size_t t = 0; t < sizeof timed / sizeof timed[0]; t++) {
            test_time_limit(game, timed[t], 1);
            test_stop_flag(game, timed[t]);
        }
        if (cores_max_threads() > 1) {  /* the caller's deadline stops its helpers; plain deepening on threads */
            test_time_limit(game, "ladder-tt", 2);
            test_time_limit(game, "ladder-pvs", 2);
        }
        test_bad_requests(game);
        /* Tic-tac-toe's random lines leave trees shorter than its 9 plies: the stop must be seen. */
        if (strcmp(game->name, "ttt") == 0)
            check(ended > 0, game->name, "", "ladder-id", game->test_depth, "some tree ended", ended, 1);
        printf("%s: %s\n", game->name, failed == before ? "ok" : "FAILED");
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed || !passed ? 1 : 0; /* a run that checked nothing has failed too */
}
