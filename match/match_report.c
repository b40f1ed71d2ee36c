/* match_report.c: a match's records (docs/strength.md): one JSON line per
 * game, and the summary in text or JSON, a merged one's too (prune
 * match-merge, match/match_merge.c, reads summaries back and adds them up).
 *
 * A summary's shard K/N is match_summary's shard = K - 1 and shards = N:
 * it holds the pair indices i < pairs_total whose opening, i modulo
 * openings_count, is K - 1 modulo N (match_types.h says why). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "match_types.h"
#include "numbers.h"

static const char *const limit_names[MATCH_LIMIT_KINDS] = {"nodes", "time-ms", "depth", "clock"};
static const char *const outcome_names[] = {"loss", "draw", "win"};
static const char *const failure_names[] = {"ok", "crash", "hang", "nonsense", "illegal-move"};

const char *match_limit_name(match_limit_kind kind) { return limit_names[kind]; }

static bool reproducible(const match_summary *s)
{
    return !s->threaded && s->limit.kind != LIMIT_TIME && s->limit.kind != LIMIT_CLOCK;
}

static const char *end_name(const match_game *g)
{
    switch (g->end) {
    case END_OVER: return "over";
    case END_CAPPED: return "ply-cap";
    case END_ADJUDICATED: return "adjudicated";
    case END_TIME: return "time";
    case END_ENGINE: break;
    }
    return failure_names[g->failure];
}

void match_print_game_json(const match_summary *s, uint64_t pair, const char *opening, const match_game *g)
{
    fputs("{\"game\":", stdout);
    escape_json(stdout, s->game);
    printf(",\"pair\":%" PRIu64 ",\"opening\":", pair);
    escape_json(stdout, opening);
    printf(",\"a_plays\":\"%s\",\"moves\":", g->a_first ? "first" : "second");
    escape_json(stdout, g->moves);
    printf(",\"plies\":%d,\"result\":\"%s\",\"end\":\"%s\"", g->plies, outcome_names[g->outcome], end_name(g));
    if (g->end == END_ADJUDICATED || (g->end == END_CAPPED && g->why[0])) {
        char why[sizeof g->why + 1];
        memcpy(why, g->why, sizeof g->why);
        why[sizeof g->why] = '\0';
        fputs(",\"why\":", stdout);
        escape_json(stdout, why);
    }
    if (g->end == END_ENGINE || g->end == END_TIME) printf(",\"failed\":\"%s\"", g->failed_side == 0 ? "a" : "b");
    if (g->adjudged) /* --play-out: the rule's verdict, and when it was reached */
        printf(",\"adjudged\":\"%s\",\"adjudged_ply\":%d", outcome_names[g->adjudged_outcome], g->adjudged_ply);
    printf(",\"a_nodes\":%" PRIu64 ",\"b_nodes\":%" PRIu64 ",\"a_seconds\":%.6f,\"b_seconds\":%.6f", g->nodes[0],
           g->nodes[1], g->seconds[0], g->seconds[1]);
    printf(",\"a_moves\":%d,\"b_moves\":%d,\"a_ms_max\":%.3f,\"b_ms_max\":%.3f,\"overruns\":[%d,%d],\"move_ms\":[",
           g->moves_made[0], g->moves_made[1], g->move_ms_max[0], g->move_ms_max[1], g->overruns[0], g->overruns[1]);
    int timed = g->moves_made[0] + g->moves_made[1];
    if (timed > MATCH_MAX_PLIES) timed = MATCH_MAX_PLIES;
    for (int i = 0; i < timed; i++) printf("%s%.3f", i ? "," : "", g->move_ms[i]);
    fputs("]}\n", stdout);
}

/* ---- the summary ---- */

/* The indices below `below` that are first modulo step. */
static uint64_t residue_count(uint64_t first, uint64_t step, uint64_t below)
{
    return first < below ? (below - first - 1) / step + 1 : 0;
}

/* Each of the total / openings whole rounds of the book plays the shard's
 * openings once; the last, partial round its openings below total modulo
 * openings. */
uint64_t match_shard_size(uint64_t first, uint64_t step, uint64_t total, uint64_t openings)
{
    return total / openings * residue_count(first, step, openings) + residue_count(first, step, total % openings);
}

uint64_t match_pairs_past_book(const match_summary *s)
{
    return s->pairs_total > s->openings_count ? s->pairs_total - s->openings_count : 0;
}

uint64_t match_pairs_per_opening_max(const match_summary *s)
{
    if (!s->pairs_total) return 0;
    return s->openings_count ? (s->pairs_total - 1) / s->openings_count + 1 : s->pairs_total; /* none: one start */
}

uint64_t match_shard_first(uint64_t first, uint64_t total, uint64_t openings)
{
    return first < openings && first < total ? first : total;
}

/* The next of the shard's openings in this round of the book, else its
 * first opening (first) in the next round: the pairs in index order. */
uint64_t match_shard_next(uint64_t pair, uint64_t first, uint64_t step, uint64_t total, uint64_t openings)
{
    uint64_t opening = pair % openings;
    uint64_t next = step < openings - opening ? pair + step : pair - opening + openings + first;
    return next < total ? next : total;
}

/* JSON has no infinity: an interval that passes a score of 0 or 1 is null. */
static void print_json_number(const char *name, double value, int decimals)
{
    if (isfinite(value)) printf(",\"%s\":%.*f", name, decimals, value);
    else printf(",\"%s\":null", name);
}

/* A parameter as it reads back exactly (strtod of what is printed). */
static void print_exact(double value)
{
    char text[40];
    snprintf(text, sizeof text, "%.15g", value);
    if (strtod(text, NULL) != value) snprintf(text, sizeof text, "%.17g", value);
    fputs(text, stdout);
}

static double mean_ms(const match_summary *s, int side)
{
    return s->moves_made[side] ? s->move_ms_sum[side] / (double)s->moves_made[side] : 0;
}

static const char *verdict_name(elo_verdict v)
{
    return v == ELO_SPRT_H1 ? "H1" : v == ELO_SPRT_H0 ? "H0" : "continue";
}

/* A shard's summary carries no verdict: the SPRT is decided once, by
 * prune match-merge on the merged counts. */
static bool is_shard(const match_summary *s, const match_merge_info *m) { return !m && s->shards > 1; }

static void print_merge_json(const match_merge_info *m)
{
    fputs(",\"shards_merged\":[", stdout);
    for (size_t i = 0; i < m->count; i++)
        printf("%s\"%" PRIu64 "/%" PRIu64 "\"", i ? "," : "", m->first[i] + 1, m->step[i]);
    if (m->missing_known) {
        fputs("],\"missing_shards\":[", stdout);
        for (size_t i = 0; i < m->missing_count; i++)
            printf("%s\"%" PRIu64 "/%" PRIu64 "\"", i ? "," : "", m->missing[i] + 1, m->modulus);
        fputc(']', stdout);
    } else {
        fputs("],\"missing_shards\":null", stdout);
    }
    printf(",\"missing_pairs\":%" PRIu64, m->missing_pairs);
}

/* --play-out: the games the rule judged, how their ends compare with its
 * verdicts, and the pentanomial and Elo the verdicts would have given. */
static void print_play_out_json(const match_summary *s)
{
    const uint64_t *c = s->adjudged_counts;
    uint64_t judged = s->adjudged_held + s->adjudged_drawn + s->adjudged_overturned;
    printf(",\"play_out\":true,\"adjudged\":%" PRIu64 ",\"adjudged_held\":%" PRIu64 ",\"adjudged_drawn\":%" PRIu64
           ",\"adjudged_overturned\":%" PRIu64 ",\"adjudged_pentanomial\":[%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
           ",%" PRIu64 "]",
           judged, s->adjudged_held, s->adjudged_drawn, s->adjudged_overturned, c[0], c[1], c[2], c[3], c[4]);
    elo_estimate e;
    if (!elo_estimate_of(c, &e)) return;
    print_json_number("adjudged_elo", e.elo, 2);
    print_json_number("adjudged_elo_low", e.elo_low, 2);
    print_json_number("adjudged_elo_high", e.elo_high, 2);
}

static void print_play_out_text(const match_summary *s)
{
    printf("play-out the rule judged %" PRIu64 " games, then they were played on: its verdict held in %" PRIu64
           ", %" PRIu64 " ended drawn, %" PRIu64 " went the other way",
           s->adjudged_held + s->adjudged_drawn + s->adjudged_overturned, s->adjudged_held, s->adjudged_drawn,
           s->adjudged_overturned);
    elo_estimate e;
    if (elo_estimate_of(s->adjudged_counts, &e))
        printf("; as judged: elo %.1f (95%%: %.1f to %.1f)", e.elo, e.elo_low, e.elo_high);
    putchar('\n');
}

/* The limit's value as the records show it (a time in milliseconds, to the microsecond: 10, 0.1),
 * and a clock's increment. */
static void limit_texts(const match_limit *limit, char *value, char *increment)
{
    if (limit->kind == LIMIT_TIME || limit->kind == LIMIT_CLOCK) format_milliseconds(limit->value, value);
    else snprintf(value, NUMBERS_MILLISECONDS_SIZE, "%" PRIu64, limit->value);
    format_milliseconds(limit->kind == LIMIT_CLOCK ? limit->increment_us : 0, increment);
}

static void print_summary_json(const match_summary *s, const elo_estimate *e, bool estimated, const match_merge_info *m)
{
    fputs("{\"summary\":true,\"game\":", stdout);
    escape_json(stdout, s->game);
    fputs(",\"a\":", stdout);
    escape_json(stdout, s->a);
    fputs(",\"b\":", stdout);
    escape_json(stdout, s->b);
    char value[NUMBERS_MILLISECONDS_SIZE], increment[NUMBERS_MILLISECONDS_SIZE];
    limit_texts(&s->limit, value, increment);
    printf(",\"limit\":\"%s\",\"limit_value\":%s", limit_names[s->limit.kind], value);
    if (s->limit.kind == LIMIT_CLOCK) printf(",\"increment_ms\":%s", increment);
    printf(",\"margin_ms\":%" PRIu64 ",\"seed\":%" PRIu64 ",\"ply_cap\":%d,\"reproducible\":%s", s->margin_ms, s->seed,
           s->ply_cap, reproducible(s) ? "true" : "false");
    if (m && m->missing_pairs) fputs(",\"shard\":null,\"pair_first\":null,\"pair_step\":null", stdout);
    else printf(",\"shard\":\"%" PRIu64 "/%" PRIu64 "\"", s->shard + 1, s->shards);
    printf(",\"pairs_total\":%" PRIu64, s->pairs_total);
    if (!m || !m->missing_pairs) printf(",\"pair_first\":%" PRIu64 ",\"pair_step\":%" PRIu64, s->shard, s->shards);
    if (m) print_merge_json(m);
    fputs(",\"openings\":", stdout);
    escape_json(stdout, s->openings ? s->openings : "");
    printf(",\"openings_hash\":\"%016" PRIx64 "\",\"openings_count\":%" PRIu64 ",\"reuse\":%s", s->openings_hash,
           s->openings_count, s->reuse ? "true" : "false");
    /* a match longer than its book says so: the pairs past it, and the most pairs an opening plays in */
    printf(",\"pairs_past_book\":%" PRIu64 ",\"pairs_per_opening_max\":%" PRIu64, match_pairs_past_book(s),
           match_pairs_per_opening_max(s));
    printf(",\"games\":%" PRIu64 ",\"wins\":%" PRIu64 ",\"draws\":%" PRIu64 ",\"losses\":%" PRIu64
           ",\"pentanomial\":[%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "]",
           s->wins + s->draws + s->losses, s->wins, s->draws, s->losses, s->counts[0], s->counts[1], s->counts[2],
           s->counts[3], s->counts[4]);
    if (estimated) {
        print_json_number("score", e->score, 6);
        print_json_number("elo", e->elo, 2);
        print_json_number("elo_low", e->elo_low, 2);
        print_json_number("elo_high", e->elo_high, 2);
        print_json_number("los", e->los, 6);
        print_json_number("nelo", e->nelo, 2);
        print_json_number("nelo_low", e->nelo_low, 2);
        print_json_number("nelo_high", e->nelo_high, 2);
    }
    uint64_t played = s->wins + s->draws + s->losses;
    if (s->first_unknown) fputs(",\"first_points\":null", stdout);
    else printf(",\"first_points\":%" PRIu64, s->first_points);
    print_json_number("first_score", played && !s->first_unknown ? (double)s->first_points / (double)(2 * played) : NAN,
                      6);
    printf(",\"colour_decided\":%" PRIu64 ",\"capped\":%" PRIu64 ",\"adjudicated\":%" PRIu64 ",\"repeated\":%" PRIu64,
           s->colour_decided, s->capped, s->adjudicated, s->repeated);
    if (s->play_out) print_play_out_json(s);
    printf(",\"time_losses\":[%" PRIu64 ",%" PRIu64 "],\"overruns\":[%" PRIu64 ",%" PRIu64 "],\"moves\":[%" PRIu64
           ",%" PRIu64 "]",
           s->time_losses[0], s->time_losses[1], s->overruns[0], s->overruns[1], s->moves_made[0], s->moves_made[1]);
    printf(",\"move_ms_sum\":[%.3f,%.3f],\"move_ms_mean\":[%.3f,%.3f],\"move_ms_max\":[%.3f,%.3f]", s->move_ms_sum[0],
           s->move_ms_sum[1], mean_ms(s, 0), mean_ms(s, 1), s->move_ms_max[0], s->move_ms_max[1]);
    if (s->has_sprt) {
        fputs(",\"sprt\":[", stdout);
        const double parameters[4] = {s->sprt.elo0, s->sprt.elo1, s->sprt.alpha, s->sprt.beta};
        for (int i = 0; i < 4; i++) {
            if (i) fputc(',', stdout);
            print_exact(parameters[i]);
        }
        fputc(']', stdout);
        if (!is_shard(s, m)) {
            double llr = elo_llr(s->counts, &s->sprt);
            printf(",\"llr\":%.4f", llr);
            printf(",\"llr_lower\":%.4f,\"llr_upper\":%.4f,\"verdict\":\"%s\"", s->sprt.lower, s->sprt.upper,
                   verdict_name(elo_sprt_verdict(llr, &s->sprt)));
        } else {
            printf(",\"llr_lower\":%.4f,\"llr_upper\":%.4f", s->sprt.lower, s->sprt.upper);
        }
    }
    printf(",\"stopped_early\":%s}\n", s->stopped ? "true" : "false");
}

/* "shards 1,2,4 of 4: missing 3" when every shard has the same N, else
 * "shards 1/2, 2/4: missing 4/4" (or the count of the missing pairs). */
void match_print_merge_line(FILE *out, const match_merge_info *m, const char *label)
{
    fputs(label, out);
    for (size_t i = 0; i < m->count; i++) {
        if (m->uniform) fprintf(out, "%s%" PRIu64, i ? "," : "", m->first[i] + 1);
        else fprintf(out, "%s%" PRIu64 "/%" PRIu64, i ? ", " : "", m->first[i] + 1, m->step[i]);
    }
    if (m->uniform) fprintf(out, " of %" PRIu64, m->step[0]);
    if (!m->missing_pairs) {
        fputs(": complete\n", out);
        return;
    }
    fputs(": missing ", out);
    if (!m->missing_known) {
        fprintf(out, "%" PRIu64 " pairs\n", m->missing_pairs);
        return;
    }
    for (size_t i = 0; i < m->missing_count; i++) {
        if (m->uniform) fprintf(out, "%s%" PRIu64, i ? "," : "", m->missing[i] + 1);
        else fprintf(out, "%s%" PRIu64 "/%" PRIu64, i ? ", " : "", m->missing[i] + 1, m->modulus);
    }
    fputc('\n', out);
}

static void print_summary_text(const match_summary *s, const elo_estimate *e, bool estimated, const match_merge_info *m)
{
    printf("match    %s: A %s, B %s, ", s->game, s->a, s->b);
    char value[NUMBERS_MILLISECONDS_SIZE], increment[NUMBERS_MILLISECONDS_SIZE];
    limit_texts(&s->limit, value, increment);
    if (s->limit.kind == LIMIT_CLOCK) printf("--tc %s+%s (ms a side, ms added a move)", value, increment);
    else printf("--%s %s a move", limit_names[s->limit.kind], value);
    printf(", seed %" PRIu64 ", ply cap %d\n", s->seed, s->ply_cap);
    if (m) match_print_merge_line(stdout, m, "shards   ");
    else if (s->shards > 1)
        printf("shard    %" PRIu64 "/%" PRIu64 ": the pairs whose opening (index modulo %" PRIu64 ") is %" PRIu64
               " modulo %" PRIu64 ", %" PRIu64 " of the match's %" PRIu64 " (prune match-merge adds the shards up)\n",
               s->shard + 1, s->shards, s->openings_count, s->shard, s->shards,
               match_shard_size(s->shard, s->shards, s->pairs_total, s->openings_count), s->pairs_total);
    if (s->openings && s->openings[0]) {
        printf("openings %s: %" PRIu64 " lines, FNV-1a %016" PRIx64, s->openings, s->openings_count, s->openings_hash);
        /* a match longer than its book says so (--reuse alone replays nothing) */
        if (match_pairs_past_book(s))
            printf(", replayed past the last (--reuse): %" PRIu64 " pairs, each opening in up to %" PRIu64 " of them",
                   s->pairs_total, match_pairs_per_opening_max(s));
        putchar('\n');
    } else {
        puts("openings none: every pair starts from the start position");
    }
    uint64_t games = s->wins + s->draws + s->losses, pairs = games / 2;
    printf("games    %" PRIu64 ": A won %" PRIu64 ", drew %" PRIu64 ", lost %" PRIu64 "\n", games, s->wins, s->draws,
           s->losses);
    printf("pairs    LL %" PRIu64 "  LD %" PRIu64 "  DD/WL %" PRIu64 "  WD %" PRIu64 "  WW %" PRIu64 "\n", s->counts[0],
           s->counts[1], s->counts[2], s->counts[3], s->counts[4]);
    if (estimated) {
        printf("score    %.4f\nelo      %.1f +- %.1f (95%%: %.1f to %.1f)\n", e->score, e->elo,
               (e->elo_high - e->elo_low) / 2, e->elo_low, e->elo_high);
        printf("nelo     %.1f +- %.1f (95%%: %.1f to %.1f)\nlos      %.1f%%\n", e->nelo,
               (e->nelo_high - e->nelo_low) / 2, e->nelo_low, e->nelo_high, 100 * e->los);
    }
    if (s->first_unknown) fputs("bias     first player's score unknown (a shard predates its count); ", stdout);
    else printf("bias     first player scored %.4f; ", games ? (double)s->first_points / (double)(2 * games) : 0.0);
    printf("colour decided %" PRIu64 " of %" PRIu64 " pairs (%.1f%%); ply cap %" PRIu64
           ", adjudicated %" PRIu64 " of %" PRIu64 " games; repeated %" PRIu64 "\n",
           s->colour_decided, pairs,
           pairs ? 100.0 * (double)s->colour_decided / (double)pairs : 0.0, s->capped, s->adjudicated, games,
           s->repeated);
    if (s->play_out) print_play_out_text(s);
    fputs("time    ", stdout);
    for (int side = 0; side < 2; side++)
        printf(" %s mean %.3f ms, max %.3f ms over %" PRIu64 " moves, %" PRIu64 " overruns, %" PRIu64
               " lost on time;",
               side ? "B" : "A", mean_ms(s, side), s->move_ms_max[side], s->moves_made[side], s->overruns[side],
               s->time_losses[side]);
    printf(" margin %" PRIu64 " ms\n", s->margin_ms);
    if (s->has_sprt) {
        printf("sprt     elo0 %g elo1 %g alpha %g beta %g: ", s->sprt.elo0, s->sprt.elo1, s->sprt.alpha, s->sprt.beta);
        if (is_shard(s, m)) {
            printf("bounds (%.3f, %.3f); no verdict in a shard: prune match-merge decides on the merged counts\n",
                   s->sprt.lower, s->sprt.upper);
        } else {
            double llr = elo_llr(s->counts, &s->sprt);
            printf("llr %.3f (%.3f, %.3f) %s%s\n", llr, s->sprt.lower, s->sprt.upper,
                   verdict_name(elo_sprt_verdict(llr, &s->sprt)), s->stopped ? " (stopped early)" : "");
        }
    }
    printf("reproducible %s\n", s->limit.kind == LIMIT_TIME    ? "no: under --time-ms the clock decides how deep each move searches"
                                : s->limit.kind == LIMIT_CLOCK ? "no: under a clock the time decides how deep each move searches"
                                : s->threaded ? "no: a side searches on threads, whose timing decides what its table holds"
                                              : "yes: the same seed plays the same games");
}

void match_print_merged_summary(const match_summary *s, bool json, const match_merge_info *m)
{
    elo_estimate e;
    bool estimated = elo_estimate_of(s->counts, &e);
    if (json) print_summary_json(s, &e, estimated, m);
    else print_summary_text(s, &e, estimated, m);
}

void match_print_summary(const match_summary *s, bool json) { match_print_merged_summary(s, json, NULL); }
