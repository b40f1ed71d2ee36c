/* match_types.h: the match subsystem (docs/strength.md), what the commands
 * of cli/ that play games (match, openings, ugi, match-merge) share.  It
 * knows nothing of the command line: each of its refusals is returned as
 * a message, which the command prints (cli/match.h).
 *
 *   match_side.c     a side: its spec read, its table, its check before a match
 *   match_run.c      a whole match, pair by pair, from its openings file
 *   match_play.c     one game between two sides, move by move; one side's move
 *   match_engine.c   an external engine, a child process speaking UGI
 *   match_report.c   the records: game lines and the summary
 *   match_merge.c    prune match-merge's sum of shards (merge_summary.c reads one)
 *   ugi_engine.c     prune ugi, a config speaking UGI (ugi_engine.h)
 *   elo.c            the statistics (elo.h)
 */
#ifndef PRUNE_MATCH_TYPES_H
#define PRUNE_MATCH_TYPES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "elo.h"
#include "search.h"

#define MATCH_MOVES_SIZE 4096 /* a game's move list: the longest cap (ply_cap) times the longest move, with commas */

/* How each move is limited: a node budget, a fixed time (movetime), a
 * depth, or a clock with an increment (each side's own, as UGI's
 * p1time/p2time/p1inc/p2inc). */
typedef enum { LIMIT_NODES, LIMIT_TIME, LIMIT_DEPTH, LIMIT_CLOCK } match_limit_kind;
#define MATCH_LIMIT_KINDS 4

typedef struct {
    match_limit_kind kind;
    /* nodes, microseconds a move, plies, or the clock's start in microseconds: a time is kept to the
     * microsecond (--time-ms and UGI's movetime give whole milliseconds, a clock's share has parts of
     * one, and --tc takes 10+0.1), and shown in milliseconds (format_milliseconds, util/numbers.h) */
    uint64_t value;
    uint64_t increment_us; /* LIMIT_CLOCK: added to the mover's clock after each of its moves */
} match_limit;

/* The time one move may take under a clock: the same rule for every config
 * and for prune ugi (match_play.c), so that configs differ only by their
 * technique. */
uint64_t match_clock_move_us(uint64_t left_us, uint64_t increment_us);
/* How far a move may pass its allotted time before it counts as an
 * overrun (not yet a loss: that is the match's margin_ms): a tenth of the
 * allotment, at most 1 ms; both in microseconds. */
uint64_t match_overrun_slack_us(uint64_t allotted_us);

#define MATCH_DEFAULT_MARGIN_MS 25 /* cutegames' buffer: a move may overrun its time by this much */
#define MATCH_MAX_PLIES 256        /* above every game's ply cap */

/* An external engine (match_engine.c): a child process speaking UGI. */
typedef struct match_engine match_engine;
typedef enum {
    ENGINE_OK = 0,
    ENGINE_CRASH,    /* it died, or could not be started */
    ENGINE_HANG,     /* no answer within its time */
    ENGINE_NONSENSE, /* an answer that is not a move */
    ENGINE_ILLEGAL,  /* a move the position does not allow */
} engine_end;

match_engine *match_engine_new(void);
/* Starts the child if it is not running, and a new game in it. */
engine_end match_engine_new_game(match_engine *e, const char *command);
/* Its move in the position after `moves` played from `position` (a
 * position string, sent as `position fen`; NULL or "" the start, sent as
 * `position startpos`) under `limit`, with `seed` sent as its seed option;
 * the nodes it reports (info ... nodes N), else 0.  LIMIT_CLOCK is sent as
 * `go p1time clock_ms[0] p2time clock_ms[1] p1inc I p2inc I`: the first
 * player's and the second player's time left (not A's and B's; below 0
 * sent as 0), I the limit's increment_ms; clock_ms may be NULL for the
 * other limits.  On an end other than ENGINE_OK (but ENGINE_NONSENSE) the
 * child is stopped. */
engine_end match_engine_move(match_engine *e, const match_limit *limit, const int64_t clock_ms[2],
                             const char *position, const char *moves, uint64_t seed, char *best, size_t size,
                             uint64_t *nodes);
void match_engine_free(match_engine *e);
/* Starts `command`, checks its ugi/isready handshake and quits it; the
 * reason (message written) when it fails. */
engine_end match_engine_check(const char *command, char *message, size_t size);

/* One side: a config and its own options (match_side_read reads
 * CONFIG[,tt-mb=N][,tt-replace=R][,state=S][,depth=D][,threads=N][,smp=S][,time=K]). */
typedef struct {
    const char *text;             /* as given, for the records */
    const search_config *config;  /* NULL for an external engine */
    const char *engine_command;   /* ugi:COMMAND: the command; NULL for a config */
    match_engine *engine;
    state_mode state;
    size_t tt_mb;
    int tt_replace;
    int depth;                    /* > 0: this side searches to this depth whatever the match's limit */
    int threads;                  /* > 1: this side searches on threads (a ladder config), 0 or 1: one */
    search_smp smp;               /* how its threads share the work (Lazy SMP by default) */
    int time_factor;              /* > 1: this side's time (movetime, or clock and increment) is the match's
                                     times this: time odds, 0 or 1: the match's */
    ttable table;                 /* its own, kept across the moves of a game, emptied per game */
    search_tree tree;             /* an MCTS config's own tree, kept across the moves of a game (tree reuse) */
    size_t max_memory_mb;         /* its searches' memory bound (search_request.max_memory_mb): the command's
                                     less the sides' tables, so a tree config's tree fits beside them */
} match_side;

/* The size of a refusal's message: larger than the line cli_fail prints
 * (1,023 bytes and "..."), so that the command cuts it where it always did. */
#define MATCH_REFUSAL_SIZE 2048

/* Reads a side's spec (`flag` names it in the refusal: --a, --config);
 * false with the message on bad input. */
bool match_side_read(const char *flag, const char *text, match_side *side, char *message, size_t size);

/* Writes a refusal into `message` (at most `size` bytes, printf's format);
 * returns false, so that a reader can `return match_refuse(...)`. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
bool match_refuse(char *message, size_t size, const char *format, ...);
/* Allocates the table of each of `count` sides whose config has one, once
 * their tables are found to fit the memory bound (--max-memory-mb, MiB)
 * together, and gives each side's searches what the tables leave of it;
 * false with the message (naming the sides' flags) otherwise. */
bool match_sides_allocate(const char *const flags[], match_side sides[], int count, size_t bound, char *message,
                          size_t size);
/* Frees a side's table and stops its engine. */
void match_side_free(match_side *side);

/* A game from A's side. */
typedef enum { OUTCOME_LOSS = 0, OUTCOME_DRAW = 1, OUTCOME_WIN = 2 } match_outcome;

/* How a game ended. */
typedef enum {
    END_OVER,        /* the game's own end: a win, a loss or a draw by its rules */
    END_CAPPED,      /* the ply cap: a draw */
    END_ENGINE,      /* an external engine failed (engine_end says how): it lost */
    END_ADJUDICATED, /* the game's adjudication rule (match_play.c) decided it */
    END_TIME,        /* a side overran its time by more than the margin: it lost */
} match_end;

/* What every game of a match is played under. */
typedef struct {
    match_limit limit;
    uint64_t margin_ms; /* an overrun past the move's time (or the clock) by more than this loses on time */
    bool play_out;      /* --play-out: a game the adjudication rule decides is played on to its end, and the
                           rule's verdict is kept beside the result (match_game.adjudged) to check the rule */
} match_rules;

typedef struct {
    char moves[MATCH_MOVES_SIZE]; /* every move from the start, opening included */
    int plies;                    /* plies played after the opening */
    bool a_first;                 /* A played the side that moves first from the start */
    match_outcome outcome;
    match_end end;
    engine_end failure;           /* with END_ENGINE */
    int failed_side;              /* with END_ENGINE and END_TIME: 0 A, 1 B */
    char why[96];                 /* with END_ADJUDICATED and END_CAPPED: the rule, for the record */
    bool adjudged;                /* --play-out: the rule would have ended the game here (adjudged_ply) */
    match_outcome adjudged_outcome; /* with adjudged: the rule's verdict, from A's side */
    int adjudged_ply;             /* with adjudged: the plies after the opening when the rule decided */
    uint64_t nodes[2];            /* A, B */
    double seconds[2];
    int moves_made[2];            /* each side's moves in this game */
    int overruns[2];              /* moves past their time (not yet past the margin) */
    double move_ms_max[2];        /* each side's longest move */
    double move_ms[MATCH_MAX_PLIES]; /* every move's time after the opening, in order of play */
} match_game;

/* The plies of a move list ("" has none). */
int match_count_plies(const char *moves);

/* The per-game ply cap: a game that reaches it is a draw. */
int match_ply_cap(const game_entry *game);

typedef enum { PLAY_OK = 0, PLAY_FAILED = 1 } match_play_status;

/* Plays one game from `opening` (a move list, "" for the start) with A on
 * the first player's side when a_first; `seed` seeds both sides' move
 * orderings.  PLAY_FAILED (message written) when a search failed. */
match_play_status match_play(const game_entry *game, match_side sides[2], const match_rules *rules, const char *opening,
                             bool a_first, uint64_t seed, match_game *out, char *message, size_t message_size);

/* One move of `side` from the position after `moves` (played from
 * `position`, NULL or "" the start) under `limit` (its own depth=D first;
 * LIMIT_CLOCK is not taken here: the caller turns the clock into a
 * LIMIT_TIME with match_clock_move_us): the answer in r->best, the nodes
 * spent in *nodes; `keep` keeps the side's table from its last search;
 * `stop` (may be NULL) ends the search early from another thread.  The
 * engine deepens and keeps the limit itself (search_request's soft limits). */
search_status match_side_move(const game_entry *game, match_side *side, const match_limit *limit, const char *position,
                              const char *moves, uint64_t seed, bool keep, const atomic_int *stop, search_result *r,
                              uint64_t *nodes, char *message, size_t size);

/* What a position is: over or not, who moves, and its value. */
typedef struct {
    bool over;
    bool max_to_move;
    int maximiser_value; /* at a finished game, its result: > 0 the first player won, 0 a draw */
} match_position;

/* Plays `moves` and says what the position is; false (message written)
 * on a bad or illegal move. */
bool match_probe(const game_entry *game, const char *position, const char *moves, match_position *out, char *message,
                 size_t size);

/* Whether `moves` is a position the game can go on from: legal, and not
 * over.  False with a message otherwise. */
bool match_position_playable(const game_entry *game, const char *moves, char *message, size_t message_size);

/* What a match's summary says, and what match-merge adds up. */
typedef struct {
    const char *game, *a, *b;
    match_limit limit;
    bool threaded;                 /* a side searched on threads: no two runs search alike */
    uint64_t margin_ms;
    uint64_t seed;
    int ply_cap;
    uint64_t counts[ELO_OUTCOMES]; /* pentanomial, from A's side */
    uint64_t wins, draws, losses;
    bool has_sprt;
    elo_sprt sprt;
    bool stopped;                  /* the SPRT decided before the last pair */
    /* which pairs: those below pairs_total whose opening (pair index
     * modulo openings_count) is first modulo step (a shard K/N: K - 1, N) */
    uint64_t shard, shards, pairs_total;
    const char *openings;          /* the openings file as given, or "" for the start position */
    uint64_t openings_hash;        /* FNV-1a 64 of the file's bytes (0 without a file) */
    uint64_t openings_count;       /* at least 1: the start position alone is one */
    bool reuse;                    /* --reuse: pairs past the openings' count replay them */
    /* what the games were, for the bias columns of the report */
    uint64_t colour_decided;       /* pairs whose two games the same colour won */
    uint64_t first_points;         /* the first player's points over the games, 2 a win and 1 a draw: its
                                      score is first_points / (2 games), what a book's balance is read by */
    bool first_unknown;            /* a merged summary from before first_points was counted: printed null */
    uint64_t capped, adjudicated;  /* games ended by the ply cap, by adjudication */
    /* --play-out (match_rules.play_out): the games the rule judged and then played on, and how
     * their ends compare with its verdicts; adjudged_counts is the pentanomial had every judged
     * game ended with its verdict, so that the match reads both ways */
    bool play_out;
    uint64_t adjudged_held, adjudged_drawn, adjudged_overturned; /* the judged games: their sum */
    uint64_t adjudged_counts[ELO_OUTCOMES];
    uint64_t repeated;             /* games whose moves repeat an earlier game of this match exactly */
    uint64_t time_losses[2];       /* games lost on time by A, by B */
    uint64_t overruns[2];          /* moves past their time but within the margin, A and B */
    uint64_t moves_made[2];
    double move_ms_sum[2], move_ms_max[2];
} match_summary;

/* What prune match-merge adds to a summary: which shards it merged, and
 * which are missing. */
typedef struct {
    size_t count;
    const uint64_t *first, *step; /* the merged shards, K - 1 and N, sorted by N then K */
    bool uniform;                 /* every shard has the same N */
    bool missing_known;           /* the missing residues could be listed (their modulus is small enough) */
    uint64_t modulus;             /* with missing_known: the lcm of the N, the modulus of the missing ones */
    size_t missing_count;
    const uint64_t *missing;      /* with missing_known: the missing residues r (shard r + 1 of modulus) */
    uint64_t missing_pairs;       /* pair indices below pairs_total that no merged shard holds */
} match_merge_info;

/* A match's openings: move lists or position strings, one a line. */
typedef struct {
    char **lines;
    size_t count;
} match_openings;
/* How a line of moves reads as the comma-separated list every game takes
 * (connect4 also as digits: the command line's rule, solve_moves_as_list). */
typedef const char *(*match_moves_reader)(const char *game, const char *moves);
/* The openings file at `path` (NULL: the start position alone), each line
 * checked to be a position the game goes on from, and *hash the FNV-1a 64
 * of its bytes (0 without a file); false with the message otherwise. */
bool match_openings_read(const game_entry *game, const char *path, match_moves_reader as_list, match_openings *out,
                         uint64_t *hash, char *message, size_t size);
void match_openings_free(match_openings *list);
/* Refuses, before the first game, a side that cannot play under the
 * limit from every opening; an external engine is started once.  False
 * with the message (naming --flag) when refused. */
bool match_side_check(const game_entry *game, const char *flag, match_side *side, const match_limit *limit,
                      const match_openings *openings, char *message, size_t size);

typedef enum {
    MATCH_RUN_OK = 0,
    MATCH_RUN_FAILED,  /* a game failed (a search): the message names its pair and game */
    MATCH_RUN_REFUSED, /* out of memory */
} match_run_status;
/* Plays the pairs of `s` (its limit, margin, seed, shard, SPRT and
 * openings set) between the two sides, adding each up into `s`, with one
 * JSON line per game on stdout when `json`; stops when the SPRT decides
 * (not in a shard).  The summary is the caller's to print. */
match_run_status match_run(const game_entry *game, match_side sides[2], match_summary *s,
                           const match_openings *openings, bool json, char *message, size_t size);

/* The merge of a match's shards (prune match-merge): the summary of the
 * pairs merged, and which shards were merged and which are missing. */
typedef struct {
    match_summary summary;
    match_merge_info info;
} match_merged;
/* Reads every --json summary line of the file at `path` (game lines are
 * skipped), refuses summaries that cannot be one match's disjoint shards
 * and adds them up; false with the message when refused.  The result's
 * strings live until match_merge_free. */
bool match_merge_read(const char *path, match_merged *out, char *message, size_t size);
void match_merge_free(void);

/* The limit's name in the records (nodes, time-ms, depth, clock). */
const char *match_limit_name(match_limit_kind kind);
/* The match's pairs past its book (pairs_total - openings_count when above
 * 0): each replays an opening (--reuse); 0 when the book covers the match. */
uint64_t match_pairs_past_book(const match_summary *s);
/* The most pairs one opening plays in (1 when the book covers the match). */
uint64_t match_pairs_per_opening_max(const match_summary *s);
/* A shard splits a match by opening, not by pair: pair i plays opening
 * i modulo `openings`, and shard first + 1 of step holds the pairs below
 * `total` whose opening is first modulo step.  So every replay of an
 * opening is in the shard that holds it, each shard counts all of its
 * openings' repeated games, and the shards' counts add up to the match's.
 * Without reuse (total <= openings) a pair's opening is its index.
 * `openings` is at least 1. */
/* The pairs of shard first + 1 of step. */
uint64_t match_shard_size(uint64_t first, uint64_t step, uint64_t total, uint64_t openings);
/* The shard's first pair, or total when it holds none. */
uint64_t match_shard_first(uint64_t first, uint64_t total, uint64_t openings);
/* The shard's pair after `pair` (one of the shard's), or total when none is left. */
uint64_t match_shard_next(uint64_t pair, uint64_t first, uint64_t step, uint64_t total, uint64_t openings);
void match_print_game_json(const match_summary *s, uint64_t pair, const char *opening, const match_game *g);
void match_print_summary(const match_summary *s, bool json);
/* The line naming the merged shards and the missing ones, after `label`. */
void match_print_merge_line(FILE *out, const match_merge_info *m, const char *label);
/* The summary of merged shards (m says which; NULL: a match's own). */
void match_print_merged_summary(const match_summary *s, bool json, const match_merge_info *m);

#endif
