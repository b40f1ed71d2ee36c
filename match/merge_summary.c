/* merge_summary.c: one --json summary of prune match read back for prune
 * match-merge (merge_summary.h): every field it must have, of its kind,
 * and everything it prints fitting together, or a refusal that names the
 * line and the field. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "merge_summary.h"
#include "numbers.h"

/* pairs_total, N and the openings' count: far above any match; keeps the arithmetic in range */
#define MERGE_MAX_PAIRS ((uint64_t)1 << 40)

void merge_refuse(merge_refusal *refusal, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(refusal->message, refusal->size, format, args);
    va_end(args);
    longjmp(refusal->back, 1);
}

_Noreturn static void not_a_summary(const summary_reader *r, const char *key, const char *what)
{
    merge_refuse(r->refusal, "%s:%" PRIu64 ": not a prune match --json summary: \"%s\" %s", r->path, r->number, key,
                 what);
}

static const json_field *find_field(const summary_reader *r, const char *key)
{
    for (int i = 0; i < r->object.count; i++)
        if (!strcmp(r->object.fields[i].key, key)) return &r->object.fields[i];
    return NULL;
}

static const json_field *need_field(const summary_reader *r, const char *key, json_kind kind, const char *what)
{
    const json_field *f = find_field(r, key);
    if (!f) not_a_summary(r, key, "is missing");
    if (f->kind != kind) not_a_summary(r, key, what);
    return f;
}

static const char *get_string(const summary_reader *r, const char *key)
{
    return need_field(r, key, JSON_STRING, "must be a string")->text;
}

static uint64_t get_whole(const summary_reader *r, const char *key)
{
    const json_field *f = need_field(r, key, JSON_NUMBER, "must be a whole number");
    uint64_t v;
    if (!json_whole_number(f->text, f->length, &v)) not_a_summary(r, key, "must be a whole number");
    return v;
}

/* A time in milliseconds to the microsecond (10, 0.1: format_milliseconds), in microseconds. */
static uint64_t get_milliseconds(const summary_reader *r, const char *key)
{
    const json_field *f = need_field(r, key, JSON_NUMBER, "must be milliseconds, to three decimals");
    char text[NUMBERS_MILLISECONDS_SIZE];
    unsigned long long us;
    if (f->length >= sizeof text) not_a_summary(r, key, "must be milliseconds, to three decimals");
    memcpy(text, f->text, f->length);
    text[f->length] = '\0';
    if (!parse_milliseconds(text, 0, MERGE_MAX_PAIRS, &us)) not_a_summary(r, key, "must be milliseconds, to three decimals");
    return us;
}

static bool get_bool(const summary_reader *r, const char *key)
{
    const json_field *f = find_field(r, key);
    if (!f) not_a_summary(r, key, "is missing");
    if (f->kind != JSON_TRUE && f->kind != JSON_FALSE) not_a_summary(r, key, "must be true or false");
    return f->kind == JSON_TRUE;
}

/* The items of an array field: `count` whole numbers, or (real) finite
 * numbers, of at least 0 unless `any_sign`.  The object's parser has
 * checked its grammar. */
static void get_array(const summary_reader *r, const char *key, int count, uint64_t *whole, double *real, bool any_sign)
{
    const json_field *f = need_field(r, key, JSON_ARRAY, "must be an array");
    const char *p = f->text, *end = f->text + f->length;
    int items = 0;
    while (p < end) {
        const char *item = p;
        while (p < end && *p != ',' && *p != ' ' && *p != '\t') p++;
        if (items < count) {
            bool ok = whole ? json_whole_number(item, (size_t)(p - item), &whole[items])
                            : json_real_number(item, (size_t)(p - item), &real[items]) && (any_sign || real[items] >= 0);
            if (!ok)
                not_a_summary(r, key, whole ? "must hold whole numbers" : any_sign ? "must hold numbers" : "must hold numbers of at least 0");
        }
        items++;
        while (p < end && (*p == ' ' || *p == '\t' || *p == ',')) p++;
    }
    if (items != count) {
        char what[32];
        snprintf(what, sizeof what, "must have %d items", count);
        not_a_summary(r, key, what);
    }
}


_Noreturn static void contradicts(const summary_reader *r, const char *what)
{
    merge_refuse(r->refusal, "%s:%" PRIu64 ": a summary that contradicts itself: %s", r->path, r->number, what);
}

/* "K/N" with 1 <= K <= N: *first = K - 1, *step = N. */
static bool parse_shard(const char *text, uint64_t *first, uint64_t *step)
{
    const char *slash = strchr(text, '/');
    uint64_t k, n;
    if (!slash || !json_whole_number(text, (size_t)(slash - text), &k) || !json_whole_number(slash + 1, strlen(slash + 1), &n))
        return false;
    if (k < 1 || k > n) return false;
    *first = k - 1;
    *step = n;
    return true;
}

static bool parse_hash(const char *text, uint64_t *out)
{
    unsigned long high, low, a, b;
    if (strlen(text) != 16 || !json_hex4(text, &high) || !json_hex4(text + 4, &a) || !json_hex4(text + 8, &b) || !json_hex4(text + 12, &low))
        return false;
    *out = (uint64_t)high << 48 | (uint64_t)a << 32 | (uint64_t)b << 16 | (uint64_t)low;
    return true;
}

/* The summary's own consistency (everything printed must fit together). */
static void check_summary(const summary_reader *r, const match_summary *s, uint64_t games, bool has_verdict,
                          const double mean[2])
{
    const uint64_t *c = s->counts;
    for (int i = 0; i < ELO_OUTCOMES; i++)
        if (c[i] > s->pairs_total) contradicts(r, "a pentanomial count above pairs_total");
    uint64_t pairs = c[0] + c[1] + c[2] + c[3] + c[4];
    uint64_t size = match_shard_size(s->shard, s->shards, s->pairs_total, s->openings_count);
    if (s->pairs_total > s->openings_count && !s->reuse) contradicts(r, "more pairs than openings without --reuse");
    if (pairs > size) contradicts(r, "more pairs than its shard holds below pairs_total");
    if (s->stopped) {
        if (!s->has_sprt) contradicts(r, "stopped early without an SPRT");
        if (s->shards > 1) contradicts(r, "a shard that stopped early (a shard plays all its pairs)");
        if (pairs == size) contradicts(r, "stopped early after its last pair");
    } else if (pairs != size) {
        contradicts(r, "fewer pairs than its shard holds below pairs_total, yet not stopped early");
    }
    if (s->wins > 2 * s->pairs_total || s->draws > 2 * s->pairs_total || s->losses > 2 * s->pairs_total)
        contradicts(r, "more games than pairs_total allows");
    if (games != s->wins + s->draws + s->losses) contradicts(r, "games is not wins + draws + losses");
    if (games != 2 * pairs) contradicts(r, "wins + draws + losses is not twice the pentanomial's pairs");
    if (2 * s->wins + s->draws != c[1] + 2 * c[2] + 3 * c[3] + 4 * c[4])
        contradicts(r, "2 wins + draws is not the pentanomial's points (LD 1, DD/WL 2, WD 3, WW 4)");
    /* wins = 2 WW + WD + WL pairs, losses = 2 LL + LD + WL pairs */
    if (s->wins < 2 * c[4] + c[3] || s->wins - 2 * c[4] - c[3] > c[2])
        contradicts(r, "wins and losses that no pentanomial split gives");
    if (s->first_points > 2 * games) contradicts(r, "first_points above 2 a game");
    if (s->colour_decided > s->wins - 2 * c[4] - c[3])
        contradicts(r, "more colour-decided pairs than pairs of a win and a loss");
    if (s->capped > games || s->adjudicated > games - s->capped)
        contradicts(r, "more capped and adjudicated games than games");
    if (s->repeated > games) contradicts(r, "more repeated games than games");
    if (s->play_out) {
        uint64_t judged_pairs = 0;
        for (int i = 0; i < ELO_OUTCOMES; i++) judged_pairs += s->adjudged_counts[i];
        if (s->adjudicated) contradicts(r, "adjudicated games under --play-out (its games are played on)");
        if (s->adjudged_held + s->adjudged_drawn + s->adjudged_overturned > games)
            contradicts(r, "more adjudged games than games");
        if (judged_pairs != pairs) contradicts(r, "adjudged_pentanomial holds another number of pairs");
    }
    if (s->time_losses[0] > s->losses || s->time_losses[1] > s->wins)
        contradicts(r, "more games lost on time than lost");
    for (int side = 0; side < 2; side++) {
        if (s->overruns[side] > s->moves_made[side]) contradicts(r, "more overruns than moves");
        if (!s->moves_made[side] && (s->move_ms_sum[side] > 0 || s->move_ms_max[side] > 0 || mean[side] > 0))
            contradicts(r, "move times without a move");
        if (mean[side] > s->move_ms_max[side]) contradicts(r, "a mean move time above the longest");
    }
    if ((!s->openings || !s->openings[0]) && s->openings_hash)
        contradicts(r, "an openings hash without an openings file");
    if (has_verdict && s->shards > 1)
        contradicts(r, "a shard with an SPRT verdict (prune match-merge decides on the merged counts)");
    /* the book's reach, as pairs_total and openings_count give it (the merged summary prints it
     * again); a summary from before these fields has none */
    if (find_field(r, "pairs_past_book") && get_whole(r, "pairs_past_book") != match_pairs_past_book(s))
        contradicts(r, "pairs_past_book is not pairs_total less openings_count");
    if (find_field(r, "pairs_per_opening_max") && get_whole(r, "pairs_per_opening_max") != match_pairs_per_opening_max(s))
        contradicts(r, "pairs_per_opening_max is not the most pairs an opening plays in");
}

void merge_read_summary(const summary_reader *r, summary_record *rec)
{
    match_summary *s = &rec->s;
    *s = (match_summary){0};
    s->game = get_string(r, "game");
    s->a = get_string(r, "a");
    s->b = get_string(r, "b");
    const char *limit = get_string(r, "limit");
    int kind = 0;
    while (kind < MATCH_LIMIT_KINDS && strcmp(limit, match_limit_name(kind))) kind++;
    if (kind == MATCH_LIMIT_KINDS) not_a_summary(r, "limit", "names no limit prune match knows");
    s->limit.kind = (match_limit_kind)kind;
    bool timed = kind == LIMIT_TIME || kind == LIMIT_CLOCK; /* its value in milliseconds, kept in microseconds */
    s->limit.value = timed ? get_milliseconds(r, "limit_value") : get_whole(r, "limit_value");
    if (kind == LIMIT_CLOCK) s->limit.increment_us = get_milliseconds(r, "increment_ms");
    /* a summary under nodes or depth that says it is not reproducible had a side on threads */
    s->threaded = kind != LIMIT_TIME && kind != LIMIT_CLOCK && !get_bool(r, "reproducible");
    s->margin_ms = get_whole(r, "margin_ms");
    s->seed = get_whole(r, "seed");
    uint64_t cap = get_whole(r, "ply_cap");
    if (cap > MATCH_MAX_PLIES) not_a_summary(r, "ply_cap", "is above every game's cap");
    s->ply_cap = (int)cap;
    if (!parse_shard(get_string(r, "shard"), &s->shard, &s->shards))
        not_a_summary(r, "shard", "must be K/N with 1 <= K <= N");
    s->pairs_total = get_whole(r, "pairs_total");
    if (s->pairs_total > MERGE_MAX_PAIRS || s->shards > MERGE_MAX_PAIRS)
        not_a_summary(r, s->shards > MERGE_MAX_PAIRS ? "shard" : "pairs_total", "is out of range");
    if (get_whole(r, "pair_first") != s->shard || get_whole(r, "pair_step") != s->shards)
        contradicts(r, "pair_first and pair_step are not those of its shard");
    s->openings = get_string(r, "openings");
    if (!parse_hash(get_string(r, "openings_hash"), &s->openings_hash))
        not_a_summary(r, "openings_hash", "must be 16 hexadecimal digits");
    s->openings_count = get_whole(r, "openings_count");
    if (s->openings_count < 1) not_a_summary(r, "openings_count", "must be at least 1 (the start position alone is 1)");
    if (s->openings_count > MERGE_MAX_PAIRS) not_a_summary(r, "openings_count", "is out of range");
    s->reuse = get_bool(r, "reuse");
    uint64_t games = get_whole(r, "games");
    s->wins = get_whole(r, "wins");
    s->draws = get_whole(r, "draws");
    s->losses = get_whole(r, "losses");
    get_array(r, "pentanomial", ELO_OUTCOMES, s->counts, NULL, false);
    s->colour_decided = get_whole(r, "colour_decided");
    /* a summary from before the field has none: the merge then prints it null */
    const json_field *first = find_field(r, "first_points");
    s->first_unknown = !first || first->kind == JSON_NULL;
    s->first_points = s->first_unknown ? 0 : get_whole(r, "first_points");
    s->capped = get_whole(r, "capped");
    s->adjudicated = get_whole(r, "adjudicated");
    s->repeated = get_whole(r, "repeated");
    s->play_out = find_field(r, "play_out") && get_bool(r, "play_out");
    if (s->play_out) {
        /* adjudged is printed for the reader: it must be the three counts' sum, which is what is kept */
        uint64_t judged = get_whole(r, "adjudged");
        s->adjudged_held = get_whole(r, "adjudged_held");
        s->adjudged_drawn = get_whole(r, "adjudged_drawn");
        s->adjudged_overturned = get_whole(r, "adjudged_overturned");
        get_array(r, "adjudged_pentanomial", ELO_OUTCOMES, s->adjudged_counts, NULL, false);
        if (s->adjudged_held + s->adjudged_drawn + s->adjudged_overturned != judged)
            contradicts(r, "adjudged is not adjudged_held + adjudged_drawn + adjudged_overturned");
    }
    get_array(r, "time_losses", 2, s->time_losses, NULL, false);
    get_array(r, "overruns", 2, s->overruns, NULL, false);
    get_array(r, "moves", 2, s->moves_made, NULL, false);
    double mean[2];
    get_array(r, "move_ms_sum", 2, NULL, s->move_ms_sum, false);
    get_array(r, "move_ms_mean", 2, NULL, mean, false);
    get_array(r, "move_ms_max", 2, NULL, s->move_ms_max, false);
    s->has_sprt = find_field(r, "sprt") != NULL;
    if (s->has_sprt) {
        double v[4];
        get_array(r, "sprt", 4, NULL, v, true);
        if (!elo_sprt_make(v[0], v[1], v[2], v[3], &s->sprt))
            not_a_summary(r, "sprt", "must be elo0 < elo1 with 0 < alpha, beta < 1/2");
    }
    s->stopped = get_bool(r, "stopped_early");
    check_summary(r, s, games, find_field(r, "verdict") || find_field(r, "llr"), mean);
}

