/*
 * mcts_test.c: the Monte Carlo family's checks (engine/mcts_search.h,
 * docs/mcts.md), for one game (argv[1]):
 *   - proofs: on the oracle's positions and on positions a few plies
 *     from the end of seeded random games, wherever the game's whole
 *     tree below ends within a few plies (so that negamax-ab to that
 *     depth gives the game's exact value), every proven value of
 *     MCTS-Solver and the hybrids (the root's and each root child's)
 *     equals the exact one, and the proved root's move keeps it; at
 *     least PROOFS_NEEDED roots must be proved, so that a solver that
 *     proves nothing fails;
 *   - exactness: the same seed repeats a search exactly, copy-make and
 *     do-undo search alike, another seed draws other playouts, an
 *     iteration limit runs exactly that many, a node limit visits at
 *     most that many nodes;
 *   - tree reuse: a search a ply on starts from the kept tree's node,
 *     its statistics whole;
 *   - threads (root parallelism): a legal move, the helpers' nodes
 *     added, the same proofs;
 *   - tic-tac-toe (ttt only): UCT from the start values the game near
 *     a draw, and after a corner it answers in the centre, the one reply
 *     that keeps the draw.
 * Prints one line per failure and a summary `N passed, N failed`.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_tally.h"
#include "search.h"

#define LINES 24            /* the oracle's positions: random lines 1000 + i of 2i plies */
#define BACK_OFF 8          /* endgame positions: 1..BACK_OFF plies before a random game's end */
#define EXACT_MAX_NODES 400000ULL /* the exact value's tree: at most this many positions */
#define PROOF_ITERATIONS 200000ULL
#define PROOF_NODES 3000000ULL   /* and at most this many nodes (MR's playouts search at every ply) */
#define PROOFS_NEEDED 10
#define ROOT_ROOM 256

static search_root_child children[ROOT_ROOM];

static bool search(const game_entry *game, search_request request, search_result *r)
{
    char message[256];
    if (game->search(&request, r, message, sizeof message) == SEARCH_OK) return true;
    failed++;
    printf("FAIL %s [%s] %s: %s\n", game->name, request.moves, request.config->name, message);
    return false;
}

static search_request mcts_request(const char *config, const char *moves, uint64_t iterations)
{
    return (search_request){.config = config_find(config), .moves = moves, .depth = 1, .state = STATE_COPY,
                            .seed = SEARCH_DEFAULT_SEED, .iterations = iterations, .root_children = children,
                            .root_children_size = ROOT_ROOM};
}

/* The depth within which every line below the position ends, or 0 when
 * none up to the game's deepest search does with at most EXACT_MAX_NODES
 * positions (perft: its leaves are all finished games). */
static int ending_depth(const game_entry *game, const char *moves)
{
    char message[256];
    for (int depth = 1; depth <= game->max_depth; depth++) {
        perft_result p;
        if (game->perft(NULL, moves, depth, EXACT_MAX_NODES, &p, message, sizeof message) != SEARCH_OK) return 0;
        if (p.leaves == p.finished) return depth;
    }
    return 0;
}

/* The game's exact value for the side to move after `moves`, -1, 0 or 1,
 * from negamax-ab to `depth`: exact when every line ends within it
 * (ending_depth), or, in a game with a win score W, when the value is a
 * win or loss found within the depth (|value| >= W: the win-depth rule,
 * docs/conventions.md).  False when it is not known so. */
static bool exact_value(const game_entry *game, const char *moves, int depth, bool ends, int *value)
{
    search_result r;
    search_request q = {.config = config_find("negamax-ab"), .moves = moves, .depth = depth,
                        .seed = SEARCH_DEFAULT_SEED};
    if (!search(game, q, &r)) return false;
    *value = (r.value > 0) - (r.value < 0);
    return ends || (game->win_score && abs(r.value) >= game->win_score);
}

static void append_move(char *line, size_t size, const char *moves, const char *move)
{
    size_t used = strlen(moves), length = strlen(move);
    if (used + length + 2 > size) {
        line[0] = '\0';
        return;
    }
    memcpy(line, moves, used);
    if (used) line[used++] = ',';
    memcpy(line + used, move, length + 1);
}

#define WIN_DEPTH 5 /* a game with a win score: wins and losses within this many plies are exact */

/* One position for every proving config: its proofs against the exact
 * values; returns how many proofs of the root were checked. */
static int check_proofs(const game_entry *game, const char *moves)
{
    int depth = ending_depth(game, moves);
    bool ends = depth > 0;
    if (!ends && !game->win_score) return 0;
    if (!ends) depth = WIN_DEPTH;
    int root = 0;
    bool root_known = exact_value(game, moves, depth, ends, &root);
    int checked = 0;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        if (config->algorithm != ALGORITHM_MCTS || !config->mcts.solver) continue;
        search_result r;
        search_request q = mcts_request(config->name, moves, PROOF_ITERATIONS);
        q.node_limit = PROOF_NODES;
        if (!search(game, q, &r)) continue;
        if (r.proven != SEARCH_UNPROVEN && root_known) {
            checked++;
            check(r.proven == root, game->name, moves, config->name, depth, "proven root value", r.proven, root);
        }
        for (int i = 0; i < r.root_children; i++) {
            const search_root_child *child = &children[i];
            char line[4096];
            append_move(line, sizeof line, moves, child->move);
            search_result after;
            search_request q = {.config = config_find("negamax"), .moves = line, .depth = 1};
            if (child->proven == SEARCH_UNPROVEN || !*line || !search(game, q, &after)) continue;
            int exact, below = depth > 1 ? depth - 1 : 1;
            if (!exact_value(game, line, below, ends, &exact)) continue;
            if (after.root_max != r.root_max) exact = -exact; /* the root's mover's view */
            check(child->proven == exact, game->name, line, config->name, below, "proven child value", child->proven,
                  exact);
            if (r.proven != SEARCH_UNPROVEN && strcmp(child->move, r.best) == 0)
                check(exact == r.proven, game->name, line, config->name, below,
                      "the proved root's move keeps its value", exact, r.proven);
        }
    }
    return checked;
}

/* A seeded random game that ends within the game's ply cap, its moves up
 * to `back` plies before its end: false when the seed's game runs to the
 * cap (Ard Ri's random games mostly do). */
static bool endgame_line(const game_entry *game, uint64_t seed, int back, char *moves, size_t size)
{
    game->random_line(seed, game->match_max_plies, moves, size);
    perft_result end;
    char message[256];
    if (game->perft(NULL, moves, 1, 0, &end, message, sizeof message) != SEARCH_OK || end.nodes > 1)
        return false; /* the line stopped at the cap with moves left */
    for (int i = 0; i < back; i++) {
        char *comma = strrchr(moves, ',');
        if (!comma) {
            moves[0] = '\0';
            return true;
        }
        *comma = '\0';
    }
    return true;
}

static void test_proofs(const game_entry *game)
{
    int proved = 0;
    char moves[4096];
    for (int i = 0; i < LINES; i++) {
        game->random_line(1000 + (uint64_t)i, 2 * i, moves, sizeof moves);
        proved += check_proofs(game, moves);
    }
    int games = 0;
    for (uint64_t seed = 2000; seed < 2000 + 50 * LINES && games < LINES; seed++) {
        bool ended = false;
        for (int back = 1; back <= BACK_OFF; back += 3)
            if (endgame_line(game, seed, back, moves, sizeof moves)) {
                ended = true;
                proved += check_proofs(game, moves);
            }
        games += ended;
    }
    check(proved >= PROOFS_NEEDED, game->name, "", "mcts-solver and the hybrids", 0, "roots proved", proved,
          PROOFS_NEEDED);
}

static bool same_search(const search_result *a, const search_result *b)
{
    return a->nodes == b->nodes && a->value == b->value && strcmp(a->best, b->best) == 0 &&
           a->playouts == b->playouts && a->created == b->created && a->mcts_iterations == b->mcts_iterations;
}

static void test_exactness(const game_entry *game)
{
    char moves[4096];
    game->random_line(1003, 6, moves, sizeof moves);
    bool seed_matters = false;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        if (config->algorithm != ALGORITHM_MCTS) continue;
        search_request q = mcts_request(config->name, moves, 300);
        search_result first, again, undo, other, limited;
        if (!search(game, q, &first) || !search(game, q, &again)) continue;
        check(same_search(&first, &again), game->name, moves, config->name, 0, "the same seed repeats", 0, 0);
        check(first.mcts_iterations == 300 || first.proven != SEARCH_UNPROVEN, game->name, moves, config->name, 0,
              "iterations run", (long long)first.mcts_iterations, 300);
        q.state = STATE_UNDO;
        if (search(game, q, &undo))
            check(same_search(&first, &undo), game->name, moves, config->name, 0, "do-undo searches alike", 0, 0);
        q.state = STATE_COPY;
        q.seed = SEARCH_DEFAULT_SEED + 1;
        if (search(game, q, &other)) seed_matters |= !same_search(&first, &other);
        q = mcts_request(config->name, moves, 0);
        q.node_limit = first.nodes / 2 + 1;
        if (search(game, q, &limited))
            check(limited.nodes <= q.node_limit && limited.nodes + 1 >= q.node_limit, game->name, moves, config->name,
                  0, "nodes under a node limit of half the search's", (long long)limited.nodes,
                  (long long)q.node_limit);
    }
    check(seed_matters, game->name, moves, "mcts", 0, "another seed plays other playouts", 0, 1);
}

/* Tree reuse: a search one ply on, with the kept tree, starts from the
 * chosen child's subtree, so its root children's visits add up to that
 * child's visits before (less the iteration that created it) plus the
 * iterations run now; without keep_tt it starts afresh. */
static void test_reuse(const game_entry *game)
{
    char moves[4096], line[4200];
    game->random_line(1002, 2, moves, sizeof moves);
    search_tree tree = {0};
    search_request q = mcts_request("mcts-reuse", moves, 2000);
    q.tree = &tree;
    search_result first, next, fresh;
    if (!search(game, q, &first) || first.root_children == 0) return;
    uint32_t visits = 0;
    for (int i = 0; i < first.root_children; i++)
        if (strcmp(children[i].move, first.best) == 0) visits = children[i].visits;
    append_move(line, sizeof line, moves, first.best);
    q.moves = line;
    q.keep_tt = true;
    q.iterations = 500;
    if (!search(game, q, &next) || strcmp(next.best, "none") == 0) { /* the move ended the game */
        search_tree_free(&tree);
        return;
    }
    uint64_t sum = 0;
    for (int i = 0; i < next.root_children; i++) sum += children[i].visits;
    bool over = next.proven != SEARCH_UNPROVEN && next.mcts_iterations < 500;
    check(next.reused > 0 && (over || sum == visits - 1 + next.mcts_iterations), game->name, line, "mcts-reuse", 0,
          "root children's visits after reuse", (long long)sum, (long long)(visits - 1 + next.mcts_iterations));
    q.keep_tt = false;
    if (search(game, q, &fresh))
        check(fresh.reused == 0, game->name, line, "mcts-reuse", 0, "nodes reused without keep", (long long)fresh.reused,
              0);
    search_tree_free(&tree);
}

/* Root parallelism: on two threads each config answers a legal root
 * move, says it searched on two, counts more nodes than its own thread's
 * under the same iteration limit, and every proof it reports is the one
 * thread's (proofs are the game's: tic-tac-toe's corner, a drawn reply). */
static void test_threads(const game_entry *game)
{
    char moves[4096];
    game->random_line(1001, 2, moves, sizeof moves);
    bool helped = false;
    for (size_t c = 0; c < config_count(); c++) {
        const search_config *config = config_at(c);
        if (config->algorithm != ALGORITHM_MCTS) continue;
        search_request q = mcts_request(config->name, moves, 20000);
        q.node_limit = 2000000; /* MR on Ard Ri: a depth-2 search at each of 200 playout moves */
        search_result one, two;
        if (!search(game, q, &one)) continue;
        q.threads = 2;
        if (!search(game, q, &two)) continue;
        helped |= two.nodes > one.nodes; /* a helper that starts after the search ended adds nothing */
        check(two.threads == 2 && two.nodes >= one.nodes && strcmp(two.best, "none") != 0 &&
                  (two.proven == SEARCH_UNPROVEN || one.proven == SEARCH_UNPROVEN || two.proven == one.proven),
              game->name, moves, config->name, 0, "two threads: nodes", (long long)two.nodes, (long long)one.nodes);
    }
    check(helped, game->name, moves, "mcts", 0, "a helper thread searched", 0, 1);
    if (strcmp(game->name, "ttt") != 0) return;
    search_request q = mcts_request("mcts-solver", "0", 200000);
    q.threads = 2;
    search_result r;
    if (search(game, q, &r))
        check(strcmp(r.best, "4") == 0, game->name, "0", "mcts-solver", 0, "two threads: the reply to a corner",
              atoi(r.best), 4);
}

/* Tic-tac-toe is a draw, and after a corner the centre is the one reply
 * that keeps it (every other loses). */
static void test_ttt(const game_entry *game)
{
    search_result r;
    if (search(game, mcts_request("mcts-uct", "", 1000000), &r))
        check(r.value >= -60 && r.value <= 60, game->name, "", "mcts-uct", 0,
              "the start's value, in thousandths (a draw is 0)", r.value, 0);
    if (search(game, mcts_request("mcts-uct", "0", 200000), &r))
        check(strcmp(r.best, "4") == 0, game->name, "0", "mcts-uct", 0, "the reply to a corner is the centre",
              atoi(r.best), 4);
    if (search(game, mcts_request("mcts-solver", "0", 200000), &r))
        check(strcmp(r.best, "4") == 0, game->name, "0", "mcts-solver", 0, "the reply to a corner is the centre",
              atoi(r.best), 4);
}

int main(int argc, char **argv)
{
    const game_entry *game = argc > 1 ? game_find(argv[1]) : NULL;
    if (!game) {
        fprintf(stderr, "usage: mcts_test GAME\n");
        return 2;
    }
    if (strcmp(game->name, "ttt") == 0) test_ttt(game);
    test_exactness(game);
    test_reuse(game);
    test_threads(game);
    test_proofs(game);
    printf("%s: %s\n", game->name, failed ? "FAILED" : "ok");
    printf("%d passed, %d failed\n", passed, failed);
    return failed || !passed ? 1 : 0;
}
