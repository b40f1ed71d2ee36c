/*
 * ladder_search.h: the technique ladder, negamax-ab plus options, written
 * once.
 *
 * A template (the convention is in engine/search_mode.h), included by
 * engine/search_mode.h four times in each state mode:
 *   LADDER_NAME(name)    the name of this instance's function `name`;
 *   LADDER_OPTION(x)     the option x of ladder_options: `lc->options.x` in
 *                        the configurable instances (the rungs from ladder-id
 *                        up), a constant in negamax-ab's and ladder-tt's
 *                        (engine/config.h), so that theirs check no option;
 *   LADDER_DEFERS        1 in the instance that threads under ABDADA run
 *                        (expand's two passes), 0 in the others, which
 *                        compile none of it;
 * and it reads the state mode's SEARCH_UNDO and SEARCH_NAME (the mode's
 * enter, leave, evaluate and order_moves of engine/recursive_search.h).
 * What every instance shares is in engine/ladder_context.h.
 *
 * With every option off it is negamax-ab: one node per call, root
 * included; moves ordered by a seeded shuffle, then a stable sort by the
 * value after the move; the win-depth rule; an extra turn (Dots and Boxes)
 * keeps the sign and the window.  Each technique is in one place:
 *   - transposition table: the rule in ladder_probe, ladder_store
 *     (engine/ladder_context.h), the table itself in engine/ttable.h;
 *   - iterative deepening, time and node limits: ladder_deepen;
 *   - killers, history: ladder_order, ladder_cutoff (their tables in
 *     engine/history.h);
 *   - principal variation search: ladder_child;
 *   - MTD(f): ladder_mtdf;  aspiration windows: ladder_aspiration.
 * Values are from the mover's view, fail-soft.
 */

#if !defined(SEARCH_UNDO) || !defined(SEARCH_NAME) || !defined(LADDER_NAME) || !defined(LADDER_OPTION) || \
    !defined(LADDER_DEFERS)
#error "ladder_search.h: define LADDER_NAME(name), LADDER_OPTION(option), LADDER_DEFERS (and the state mode's names) first"
#endif

/* Whether a node with `depth` plies left uses the table (LADDER_TT_MIN_DRAFT). */
#define LADDER_TABLED(depth) (LADDER_OPTION(tt) && (depth) >= LADDER_TT_MIN_DRAFT)

/* Whether this instance's deepening watches for the end of the tree (see
 * ladder_deepen): the deepening configs of the games whose finished games
 * score the same at any depth.  Under the win-depth rule (Ard Ri) a win
 * scores W + the plies left, so a deeper iteration of an ended tree still
 * gives another value, and deepening goes on to the depth asked. */
#define LADDER_ENDS (LADDER_OPTION(deepening) && GAME_WIN_SCORE == 0)

/* Counts a node against the hard budget and the soft limits (count_node:
 * one compare per node, engine/search_context.h). */
static inline void LADDER_NAME(count)(ladder_context *lc)
{
    count_node(lc->base);
}

/* The key of the child just entered: recomputed in copy-make (as its
 * evaluation is), stepped from the parent's in do-undo. */
static inline uint64_t LADDER_NAME(child_key)(uint64_t key, const GAME_STATE *child, GAME_MOVE m,
                                              const GAME_UNDO *undo)
{
    if (SEARCH_UNDO) return LADDER_HASH_STEP(key, child, m, undo);
    (void)key, (void)m, (void)undo;
    return GAME(hash)(child, ladder_keys);
}

/* LADDER_NAME(expand), the loop over a node's children, takes its steps
 * in this order, each a small function below and each technique's part of
 * the loop in one of them (the way Pons' solver keeps its MoveSorter out of
 * the negamax, and Ethereal numbers its search's steps):
 *   1. order      the move order: negamax-ab's, history, killers, the hint;
 *   2. make       the child of the next move, and its table key;
 *   3. child      its value: principal variation search;
 *   4. unmake     do-undo takes the move back;
 *   5. take       a better value becomes the best, raises alpha, and at the
 *                 root names the search's move;
 *   6. cutoff     a value reaching beta: the killers and the history learn
 *                 the move, the table stores the bound, the node returns;
 *   7. store      the table stores the node's value and best move. */

/* Worth: "ardri 7 ladder-killers/copy vs ladder-id/copy" -- 1.03x fewer instructions (CI, valgrind). */
/* Worth: "connect4 9 ladder-history/copy vs ladder-killers/copy" -- 1.05x fewer instructions (CI, valgrind). */
/* Worth: "minichess 7 ladder-killers/copy vs ladder-history/copy" -- 1.37x fewer instructions (CI, valgrind). */
/* Worth: "othello f5,d6,c6,f6,f7,e3,c3,b6 9 ladder-id/copy vs ladder-killers/copy" -- 1.12x fewer instructions (CI, valgrind). */
/* Worth: "connect4 9 ladder-killers-late/copy vs ladder-killers/copy" -- 1.05x fewer instructions (CI, valgrind). */
/* Worth: "othello f5,d6,c6,f6,f7,e3,c3,b6 9 ladder-killers-late/copy vs ladder-killers/copy" -- 1.05x fewer instructions (CI, valgrind). */
/* (history pays on connect4 and costs on minichess: its sort is paid at
 * every node.) */
/* Step 1, the move order, composed: negamax-ab's order; with history,
 * stably re-sorted by history score; then the killers of this ply, then
 * the hint (the table's move, or at the root the previous iteration's) in
 * front.  With killers_late (ladder-killers-late, a variant) the killers
 * go after the moves that gain by the evaluation (value after the move
 * above the position's own, the mover's view: captures, box completions)
 * instead of in front of them; without history those moves lead
 * negamax-ab's order.  The sorts themselves are in engine/move_order.h. */
static void LADDER_NAME(order)(ladder_context *lc, GAME_STATE *s, GAME_MOVE *moves, int count, int ply,
                               unsigned hint)
{
    int floor = LADDER_OPTION(killers_late) ? mover_sign(s) * SEARCH_NAME(evaluate)(s) : INT_MAX;
    int gaining = SEARCH_NAME(order_moves)(lc->base, s, moves, count, floor);
    if (LADDER_OPTION(history)) {
        int side = !GAME(max_to_move)(s);
        uint32_t score[GAME_MAX_MOVES];
        for (int i = 0; i < count; i++) score[i] = history_score(lc->history, side, moves[i]);
        order_by_score(moves, score, count);
    }
    if (LADDER_OPTION(killers))
        for (int k = 1; k >= 0; k--)
            if (lc->history->killers[ply][k] != LADDER_NO_KILLER)
                order_bring_to(moves, count, lc->history->killers[ply][k], gaining);
    if (hint != TT_NO_MOVE) order_bring_to_front(moves, count, hint);
}

/* The child of move m entered into *scratch (copy-make) or on *s (do-undo),
 * with its key (0 when it will not use the table), its table slot asked
 * of memory at once. */
static inline GAME_STATE *LADDER_NAME(enter)(const ladder_context *lc, GAME_STATE *s, GAME_STATE *scratch,
                                             GAME_MOVE m, GAME_UNDO *undo, uint64_t key, bool keyed,
                                             uint64_t *child_key)
{
    GAME_STATE *child = SEARCH_NAME(enter)(s, scratch, m, undo);
    *child_key = keyed ? LADDER_NAME(child_key)(key, child, m, undo) : 0;
    if (keyed) tt_prefetch(lc->table, *child_key);
    return child;
}

/* Whether the children are made one ahead: copy-make with the table.  A
 * probe usually misses the L2 (docs/techniques.md), so the next child's
 * slot is fetched while this one is searched.  Do-undo has one position,
 * and makes each child in its turn.  So does the second pass of a node
 * that defers (ABDADA), which takes the children passed over out of turn;
 * its first pass makes ahead as any node does, a child passed over
 * leaving its slot to the child after next.  (The deferring instance once
 * made every child in turn: on one thread, on the same nodes, it took
 * 1.04x to 1.15x the plain instance's time, and takes 1.00x to 1.02x
 * since; docs/parallel.md, "Why ABDADA ran slower".) */
#define LADDER_AHEAD(keyed) (!SEARCH_UNDO && (keyed))

/* Before step 2 of the first child: made one ahead, child 0 is made now. */
static inline void LADDER_NAME(make_first)(const ladder_context *lc, GAME_STATE *s, const GAME_MOVE *moves,
                                           uint64_t key, bool ahead, ladder_children *made)
{
    if (ahead) LADDER_NAME(enter)(lc, s, &made->state[0], moves[0], &made->undo, key, true, &made->key[0]);
}

/* Worth: "minichess 5 negamax-ab/undo vs negamax-ab/copy" -- 1.92x fewer instructions (CI, valgrind). */
/* Step 2: the child of moves[i] and its key.  Made one ahead, it is
 * made->state[i & 1], made at the step before, and child i + 1 is made
 * now into the other; otherwise it is made now, on *s in do-undo (step 4
 * takes it back with made->undo), on made->state[0] in copy-make.  (The
 * second pass of a node that defers makes each child in its turn, any i.) */
static inline GAME_STATE *LADDER_NAME(make)(const ladder_context *lc, GAME_STATE *s, const GAME_MOVE *moves,
                                            int count, int i, uint64_t key, bool keyed, bool ahead,
                                            ladder_children *made, uint64_t *child_key)
{
    if (!ahead) return LADDER_NAME(enter)(lc, s, &made->state[0], moves[i], &made->undo, key, keyed, child_key);
    int next = (i + 1) & 1;
    if (i + 1 < count) LADDER_NAME(enter)(lc, s, &made->state[next], moves[i + 1], &made->undo, key, true, &made->key[next]);
    *child_key = made->key[i & 1];
    return &made->state[i & 1];
}

static int LADDER_NAME(negamax)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int alpha, int beta);

/* Worth: "minichess 7 ladder-pvs/copy vs ladder-history/copy" -- 1.11x fewer instructions (CI, valgrind). */
/* Worth: "othello f5,d6,c6,f6,f7,e3,c3,b6 9 ladder-pvs/copy vs ladder-history/copy" -- 1.05x fewer instructions (CI, valgrind). */
/* Step 3: one child's value from the mover's view.  Principal variation
 * search (null_first: every move after the first): the child is first
 * searched with the null window (alpha, alpha + 1), which only asks
 * "better than alpha?"; a child that answers yes inside the window is
 * searched again with the full one. */
static inline int LADDER_NAME(child)(ladder_context *lc, GAME_STATE *child, uint64_t key, bool same, int depth,
                                     int alpha, int beta, bool null_first)
{
    if (null_first && beta > alpha + 1) {
        int v = same ? LADDER_NAME(negamax)(lc, child, key, depth, alpha, alpha + 1)
                     : -LADDER_NAME(negamax)(lc, child, key, depth, -alpha - 1, -alpha);
        if (v <= alpha || v >= beta) return v;
        lc->researches++;
    }
    return same ? LADDER_NAME(negamax)(lc, child, key, depth, alpha, beta)
                : -LADDER_NAME(negamax)(lc, child, key, depth, -beta, -alpha);
}

/* Step 4: do-undo takes move m back (copy-make has nothing to undo). */
static inline void LADDER_NAME(unmake)(GAME_STATE *s, GAME_MOVE m, const ladder_children *made)
{
    SEARCH_NAME(leave)(s, m, &made->undo);
}

/* Step 5: a child's value v that beats the best so far becomes the best
 * (a win at the horizon counted as W + depth), m the node's best move and,
 * at the root, the search's (lc->root_move, which MTD(f) and the deepening
 * read); alpha rises to it.  The first strictly better move wins ties. */
static inline void LADDER_NAME(take)(ladder_context *lc, int v, int depth, int ply, GAME_MOVE m, int *best,
                                     GAME_MOVE *best_move, int *alpha)
{
    if (v <= *best) return;
    *best = win_for_chooser(v, depth, 1);
    *best_move = m;
    if (ply == 0) lc->root_move = m;
    if (v > *alpha) *alpha = *best;
}

/* Worth: "ardri 8 ladder-tt/copy vs negamax-ab/copy" -- 1.83x fewer instructions (CI, valgrind). */
/* Worth: "minichess 9 ladder-tt/copy vs negamax-ab/copy" -- 1.50x fewer instructions (CI, valgrind). */
/* Worth: "connect4 11 ladder-tt/copy vs negamax-ab/copy" -- 1.41x fewer instructions (CI, valgrind). */
/* Worth: "kalah 12 negamax-ab/copy vs ladder-tt/copy" -- 1.53x fewer instructions (CI, valgrind). */
/* Worth: "othello f5,d6,c6,f6,f7,e3,c3,b6 9 ladder-tt/copy vs negamax-ab/copy" -- 1.19x fewer instructions (CI, valgrind). */
/* (the table, this store and ladder_probe; it costs on Kalah, whose nodes
 * are cheaper than a probe.) */
/* Step 7 (and 6's bound): the table keeps the node's value, its bound
 * against the window the node was given (alpha0, beta) and its best move. */
static inline void LADDER_NAME(store)(ladder_context *lc, uint64_t key, int depth, int value, int alpha0, int beta,
                                      GAME_MOVE m, bool ended)
{
    if (LADDER_TABLED(depth)) ladder_store(lc, key, value, alpha0, beta, depth, m, ended);
}

/* Step 6: a cutoff by move m with value v: counted (first: m was the
 * first move searched), the killers and the history learn the move (their
 * worth is step 1's), the table stores the lower bound; returns v, the
 * node's value.  The counts are reported for the rungs, all of which have
 * the table; negamax-ab (no table, no ladder counters reported) compiles
 * them out: they cost it 1.3% more instructions on Kalah (callgrind). */
static inline int LADDER_NAME(cutoff)(ladder_context *lc, const GAME_STATE *s, uint64_t key, int depth, int ply,
                                      int alpha0, int beta, int v, GAME_MOVE m, bool first, bool ended)
{
    if (LADDER_OPTION(tt)) {
        lc->beta_cutoffs++;
        lc->first_move_cutoffs += first;
    }
    if (LADDER_OPTION(killers) || LADDER_OPTION(history))
        history_cutoff(lc->history, !GAME(max_to_move)(s), ply, depth, m, LADDER_OPTION(killers),
                       LADDER_OPTION(history));
    LADDER_NAME(store)(lc, key, depth, v, alpha0, beta, m, ended);
    return v;
}

/* Worth: "minichess 4 negamax-ab/copy vs negamax/copy" -- 3.04x fewer instructions (CI, valgrind). */
/* Worth: "othello f5,d6,c6,f6,f7,e3,c3,b6 5 negamax-ab/copy vs negamax/copy" -- 7.87x fewer instructions (CI, valgrind). */
/* (negamax-ab, the ladder with every option off, against plain negamax:
 * the window's cutoffs with the shuffle-then-sort order.) */
/* The loop over a node's children, its steps numbered as above.  Values
 * are fail-soft, from the mover's view; a child with the same mover (an
 * extra turn) keeps the sign and the window.  Kept out of negamax, so that
 * a leaf, about half of all nodes, does not pay this frame.
 *
 * Under ABDADA (Weill, 1996; engine/busy_marks.h), in the instance that
 * threads run (LADDER_DEFERS 1; the others compile none of it), the loop
 * takes two passes: a node with at least LADDER_DEFER_MIN_DEPTH plies left
 * below it marks itself busy while it searches its children; in the first
 * pass a child (not the first) that another thread has marked is passed
 * over (step 2b), and the second pass searches the children passed over,
 * by when the other thread may have stored their bounds.  Only the order
 * changes, so the value is alpha-beta's. */
static SEARCH_NOINLINE int LADDER_NAME(expand)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int alpha, int beta,
                               unsigned hint)
{
    GAME_MOVE moves[GAME_MAX_MOVES];
    int count = GAME(generate_moves)(s, moves);
    if (count == 0) return 0;
    int ply = lc->root_depth - depth;
    uint64_t horizon = lc->horizon;  /* unchanged at the end: every line below ended (LADDER_ENDS) */
    LADDER_NAME(order)(lc, s, moves, count, ply, hint);  /* 1 */
    bool mover = GAME(max_to_move)(s), keyed = LADDER_TABLED(depth - 1);
    bool defers = LADDER_DEFERS && keyed && depth - 1 >= LADDER_DEFER_MIN_DEPTH;
    if (defers) busy_mark_enter(ladder_busy, key);
    bool ahead = LADDER_AHEAD(keyed);
    ladder_children made;
    LADDER_NAME(make_first)(lc, s, moves, key, ahead, &made);
    int alpha0 = alpha, best = INT_MIN, deferred[LADDER_DEFERS ? GAME_MAX_MOVES : 1], deferred_count = 0;
    GAME_MOVE best_move = moves[0];
    for (int pass = 0; pass <= LADDER_DEFERS; pass++) {
        for (int j = 0; j < (pass == 0 ? count : deferred_count); j++) {
            int i = pass == 0 ? j : deferred[j];
            uint64_t child_key;
            GAME_STATE *child = LADDER_NAME(make)(lc, s, moves, count, i, key, keyed, ahead && pass == 0, &made,
                                                  &child_key);  /* 2 */
            if (defers && pass == 0 && i > 0 && busy_mark_is(ladder_busy, child_key)) {  /* 2b */
                LADDER_NAME(unmake)(s, moves[i], &made);
                deferred[deferred_count++] = i;
                continue;
            }
            int v = LADDER_NAME(child)(lc, child, child_key, GAME(max_to_move)(child) == mover, depth - 1, alpha,
                                       beta, LADDER_OPTION(pvs) && i > 0);  /* 3 */
            LADDER_NAME(unmake)(s, moves[i], &made);  /* 4 */
            LADDER_NAME(take)(lc, v, depth, ply, moves[i], &best, &best_move, &alpha);  /* 5 */
            if (v >= beta) {
                if (defers) busy_mark_leave(ladder_busy, key);
                return LADDER_NAME(cutoff)(lc, s, key, depth, ply, alpha0, beta, v, moves[i], i == 0,
                                           LADDER_ENDS && lc->horizon == horizon);  /* 6 */
            }
        }
    }
    if (defers) busy_mark_leave(ladder_busy, key);
    LADDER_NAME(store)(lc, key, depth, best, alpha0, beta, best_move, LADDER_ENDS && lc->horizon == horizon);  /* 7 */
    return best;
}

/* Negamax-ab with the options: a node is counted, stopped (horizon or
 * finished game: no table, the value is cheaper than a probe), answered by
 * the table, or expanded.  A node stopped at the horizon with its game not
 * over is a line that may go on (lc->horizon); every game's is_over is a
 * flag or a compare (games/README.md), and asking it there lets a tree
 * whose lines end exactly at the horizon end in that iteration: on an
 * Othello endgame of E empty squares, iteration E instead of E + 1. */
static int LADDER_NAME(negamax)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int alpha, int beta)
{
    LADDER_NAME(count)(lc);
#ifndef NDEBUG
    if (LADDER_TABLED(depth)) assert(key == GAME(hash)(s, ladder_keys)); /* stepped keys equal recomputed ones */
#endif
    if (depth == 0) {
        if (LADDER_ENDS) lc->horizon += !GAME(is_over)(s);
        return mover_sign(s) * SEARCH_NAME(evaluate)(s);
    }
    if (GAME(is_over)(s)) return mover_sign(s) * win_with_depth(SEARCH_NAME(evaluate)(s), depth);
    unsigned table_move = TT_NO_MOVE;
    int value;
    if (LADDER_TABLED(depth) && ladder_probe(lc, key, depth, alpha, beta, &table_move, &value)) return value;
    /* At the root the previous iteration's best move goes first. */
    unsigned hint = LADDER_OPTION(deepening) && depth == lc->root_depth && lc->iterations > 0 ? lc->best : table_move;
    return LADDER_NAME(expand)(lc, s, key, depth, alpha, beta, hint);
}

/* Worth: "minichess 7 ladder-mtdf/copy vs ladder-history/copy" -- 1.11x fewer instructions (CI, valgrind). */
/* Worth: "ardri 7 ladder-history/copy vs ladder-mtdf/copy" -- 1.06x fewer instructions (CI, valgrind). */
/* (MTD(f) pays on minichess and costs on ardri, whose repeated passes the
 * table does not make cheap enough.) */
/* MTD(f) (Plaat et al., 1996): null-window passes (beta - 1, beta) from a
 * guess narrow [lower, upper] until they meet, the table keeping repeated
 * passes cheap.  A pass failing high proves its root move reaches beta:
 * the last such move is a best move (lower is only raised by them). */
static int LADDER_NAME(mtdf)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int guess)
{
    int lower = -SEARCH_INFINITY, upper = SEARCH_INFINITY, g = guess;
    GAME_MOVE best = lc->root_move;
    for (int pass = 0; lower < upper; pass++) {
        int beta = g == lower ? g + 1 : g;
        if (pass > 0) lc->researches++;
        g = LADDER_NAME(negamax)(lc, s, key, depth, beta - 1, beta);
        if (g < beta) upper = g;
        else { lower = g; best = lc->root_move; }
    }
    lc->root_move = best;
    return g;
}

/* Worth: "minichess 7 ladder-pvs/copy vs ladder-aspiration/copy" -- 1.02x fewer instructions (CI, valgrind). */
/* (a cost: after PVS the narrow window's re-searches outweigh its cutoffs.) */
/* Aspiration: the iteration first searches a narrow window around the
 * previous iteration's value; a value outside it is only a bound, and the
 * iteration is searched again with the full window. */
static int LADDER_NAME(aspiration)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int guess)
{
    int alpha = guess - LADDER_ASPIRATION_DELTA, beta = guess + LADDER_ASPIRATION_DELTA;
    int v = LADDER_NAME(negamax)(lc, s, key, depth, alpha, beta);
    if (v > alpha && v < beta) return v;
    lc->researches++;
    return LADDER_NAME(negamax)(lc, s, key, depth, -SEARCH_INFINITY, SEARCH_INFINITY);
}

/* One iteration at `depth`: its value, its best move in lc->root_move. */
static int LADDER_NAME(iteration)(ladder_context *lc, GAME_STATE *s, uint64_t key, int depth, int guess, bool first)
{
    lc->root_depth = depth;
    lc->root_move = lc->best;
    if (LADDER_OPTION(mtdf)) return LADDER_NAME(mtdf)(lc, s, key, depth, guess);
    if (LADDER_OPTION(aspiration) && !first) return LADDER_NAME(aspiration)(lc, s, key, depth, guess);
    return LADDER_NAME(negamax)(lc, s, key, depth, -SEARCH_INFINITY, SEARCH_INFINITY);
}

/* Worth: "ardri 7 ladder-id/copy vs ladder-tt/copy" -- 1.43x fewer instructions (CI, valgrind). */
/* Worth: "othello f5,d6,c6,f6,f7,e3,c3,b6 9 ladder-id/copy vs ladder-tt/copy" -- 1.48x fewer instructions (CI, valgrind). */
/* (deepening with the table: each iteration's moves order the next.) */
/* Iterative deepening 1..D (or the single iteration D): each completed
 * iteration becomes the answer, so a soft limit (time, nodes) stopping the
 * next one mid-way answers with the deepest completed iteration, as
 * Minimaxer's TIME method does.  The deadline and the stop flag are armed
 * after the first iteration, so a search under a time limit always
 * answers; a node limit holds from the first node (search_request).
 *
 * The tree ended: an iteration in which no line stopped at the horizon
 * (lc->horizon did not grow: no node at depth 0, no table cutoff by an
 * entry whose own search had one) searched the whole game below the root.
 * Every deeper iteration would search the same lines to the same finished
 * games and give the same value, so the deepening stops there, with
 * lc->ended set (LADDER_ENDS only).  Before, an Othello endgame of E empty
 * squares was solved again at every depth from E to the 2E asked. */
static void LADDER_NAME(deepen)(ladder_context *lc, GAME_STATE *s, int depth)
{
    uint64_t key = LADDER_OPTION(tt) ? GAME(hash)(s, ladder_keys) : 0;
    int first = LADDER_OPTION(deepening) ? 1 : depth;
    for (int d = first; d <= depth; d++) {
        uint64_t before = lc->base->nodes, horizon = lc->horizon;
        int value = LADDER_NAME(iteration)(lc, s, key, d, lc->value, d == first);
        lc->value = value;
        lc->best = lc->root_move;
        lc->iteration_nodes[lc->iterations++] = lc->base->nodes - before;
        if (LADDER_ENDS && lc->horizon == horizon) {
            lc->ended = true;
            break;
        }
        if (!lc->base->soft_armed) search_arm_soft_limits(lc->base);
    }
}

#undef LADDER_TABLED
#undef LADDER_ENDS
#undef LADDER_AHEAD
#undef LADDER_NAME
#undef LADDER_OPTION
#undef LADDER_DEFERS
