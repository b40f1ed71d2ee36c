/* match_merge.c: `prune match-merge` (docs/strength.md), which reads back
 * the --json summaries of a match's shards (match/match_report.c writes
 * them), refuses summaries that cannot be one match's disjoint shards,
 * adds them up and decides the SPRT once, on the merged counts.
 *
 * A summary's shard K/N is match_summary's shard = K - 1 and shards = N:
 * it holds the pair indices i < pairs_total whose opening o = i modulo
 * openings_count (C) is K - 1 modulo N, every pair of each of its
 * openings (match/match_types.h says why).  So which shards share pairs,
 * and which are missing, is decided on the opening indices o below
 * min(C, pairs_total): a shard that holds opening o holds pair o. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_line.h"
#include "match.h"

/* ---- prune match-merge ---- */

/* One summary line being read: where it is, and its fields. */
typedef struct {
    const char *path;
    uint64_t number;
    json_object object;
} summary_reader;

_Noreturn static void not_a_summary(const summary_reader *r, const char *key, const char *what)
{
    cli_fail("%s:%" PRIu64 ": not a prune match --json summary: \"%s\" %s", r->path, r->number, key, what);
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

/* A summary read from the file, and where. */
typedef struct {
    const char *path;
    uint64_t number;
    char *line; /* holds the summary's strings */
    match_summary s;
    size_t order; /* its place in the file */
} summary_record;

/* What the merge holds, reachable from here until the process exits (a
 * refusal exits from deep inside). */
static struct {
    summary_record *records;
    size_t count, capacity;
    char *line;
    FILE *file;
    uint64_t *first, *step, *missing;
    unsigned char *covered;
} merge;

/* pairs_total, N and the openings' count: far above any match; keeps the arithmetic in range */
#define MERGE_MAX_PAIRS ((uint64_t)1 << 40)
#define MERGE_MAX_MODULUS ((uint64_t)1 << 20)  /* the missing shards are listed when the N's lcm is at most this */

_Noreturn static void contradicts(const summary_reader *r, const char *what)
{
    cli_fail("%s:%" PRIu64 ": a summary that contradicts itself: %s", r->path, r->number, what);
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
    if (s->colour_decided > s->wins - 2 * c[4] - c[3])
        contradicts(r, "more colour-decided pairs than pairs of a win and a loss");
    if (s->capped > games || s->adjudicated > games - s->capped)
        contradicts(r, "more capped and adjudicated games than games");
    if (s->repeated > games) contradicts(r, "more repeated games than games");
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

/* Reads the summary in r's fields into `rec`. */
static void read_summary(const summary_reader *r, summary_record *rec)
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
    s->limit.value = get_whole(r, "limit_value");
    if (kind == LIMIT_CLOCK) s->limit.increment_ms = get_whole(r, "increment_ms");
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
    s->capped = get_whole(r, "capped");
    s->adjudicated = get_whole(r, "adjudicated");
    s->repeated = get_whole(r, "repeated");
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

static bool same_sprt(const match_summary *x, const match_summary *y)
{
    return x->has_sprt == y->has_sprt &&
           (!x->has_sprt || (x->sprt.elo0 == y->sprt.elo0 && x->sprt.elo1 == y->sprt.elo1 &&
                             x->sprt.alpha == y->sprt.alpha && x->sprt.beta == y->sprt.beta));
}

/* Refuses `y` unless it is a summary of the same match as `x`: the first
 * field that differs is named. */
static void check_same_match(const summary_record *x, const summary_record *y)
{
    const match_summary *a = &x->s, *b = &y->s;
    const char *field = strcmp(a->game, b->game)                        ? "game"
                        : strcmp(a->a, b->a)                            ? "side a"
                        : strcmp(a->b, b->b)                            ? "side b"
                        : a->limit.kind != b->limit.kind                ? "limit"
                        : a->limit.value != b->limit.value              ? "limit_value"
                        : a->limit.increment_ms != b->limit.increment_ms ? "increment_ms"
                        : a->margin_ms != b->margin_ms                  ? "margin_ms"
                        : a->seed != b->seed                            ? "seed"
                        : a->ply_cap != b->ply_cap                      ? "ply_cap"
                        : a->pairs_total != b->pairs_total              ? "pairs_total"
                        : a->openings_hash != b->openings_hash          ? "openings_hash"
                        : a->openings_count != b->openings_count        ? "openings_count"
                        : a->reuse != b->reuse                          ? "reuse"
                        : !same_sprt(a, b)                              ? "sprt"
                                                                        : NULL;
    if (field)
        cli_fail("%s:%" PRIu64 ": a summary of another match than %s:%" PRIu64 " (its %s differs)", y->path, y->number,
                 x->path, x->number, field);
}

static uint64_t gcd(uint64_t x, uint64_t y)
{
    while (y) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/* x * y modulo m for x, y < m < 2^63, by doubling: no overflow. */
static uint64_t multiply_mod(uint64_t x, uint64_t y, uint64_t m)
{
    uint64_t r = 0;
    for (; y; y >>= 1) {
        if (y & 1) r = r + x >= m ? r + x - m : r + x;
        x = x + x >= m ? x + x - m : x + x;
    }
    return r;
}

/* The inverse of x modulo m (gcd(x, m) = 1, m >= 1): extended Euclid with
 * the coefficients kept modulo m (t_i x = r_i modulo m throughout). */
static uint64_t inverse_mod(uint64_t x, uint64_t m)
{
    uint64_t r0 = m, r1 = x % m, t0 = 0, t1 = 1 % m;
    while (r1) {
        uint64_t q = r0 / r1, r2 = r0 - q * r1, t2 = (t0 + m - multiply_mod(q % m, t1, m)) % m;
        r0 = r1;
        r1 = r2;
        t0 = t1;
        t1 = t2;
    }
    return t0;
}

/* The smallest pair index below `total` in both shard (a, n) and shard
 * (b, m) (indices a, a + n, ... and b, b + m, ...), by the Chinese
 * remainder theorem: i = a + n k with n k = b - a modulo m, solvable iff
 * g = gcd(n, m) divides b - a, and then k = ((b - a) / g) (n / g)^-1
 * modulo m / g is the smallest.  False when they share none. */
static bool first_common_pair(uint64_t a, uint64_t n, uint64_t b, uint64_t m, uint64_t total, uint64_t *index)
{
    uint64_t g = gcd(n, m), difference = (b % m + m - a % m) % m;
    if (difference % g) return false;
    uint64_t reduced = m / g;
    uint64_t k = multiply_mod((difference / g) % reduced, inverse_mod((n / g) % reduced, reduced), reduced);
    if (a >= total || k > (total - 1 - a) / n) return false;
    *index = a + n * k;
    return true;
}

/* The opening indices the match plays: below min(C, pairs_total). */
static uint64_t openings_played(const match_summary *s)
{
    return s->pairs_total < s->openings_count ? s->pairs_total : s->openings_count;
}

static int by_shard(const void *x, const void *y)
{
    const summary_record *a = x, *b = y;
    if (a->s.shards != b->s.shards) return a->s.shards < b->s.shards ? -1 : 1;
    if (a->s.shard != b->s.shard) return a->s.shard < b->s.shard ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

/* Refuses the same shard twice and shards that share a pair index; the
 * records are sorted by shard (then file order).  Two shards share a pair
 * exactly when they share an opening index below min(C, pairs_total), and
 * then the first such index is also the first pair they share. */
static void check_disjoint(const summary_record *r, size_t count)
{
    for (size_t i = 0; i + 1 < count; i++) {
        const summary_record *x = &r[i], *y = &r[i + 1];
        if (x->s.shards == y->s.shards && x->s.shard == y->s.shard)
            cli_fail("%s:%" PRIu64 ": shard %" PRIu64 "/%" PRIu64 " again (also at %s:%" PRIu64 ")", y->path, y->number,
                     y->s.shard + 1, y->s.shards, x->path, x->number);
    }
    uint64_t played = openings_played(&r[0].s);
    for (size_t i = 0; i < count; i++)
        for (size_t j = i + 1; j < count; j++) {
            const summary_record *x = &r[i], *y = &r[j];
            uint64_t index;
            if (x->s.shards == y->s.shards) continue; /* different K of one N: disjoint */
            if (first_common_pair(x->s.shard, x->s.shards, y->s.shard, y->s.shards, played, &index)) {
                if (x->order > y->order) {
                    const summary_record *t = x;
                    x = y;
                    y = t;
                }
                cli_fail("%s:%" PRIu64 ": shard %" PRIu64 "/%" PRIu64 " overlaps shard %" PRIu64 "/%" PRIu64
                         " at %s:%" PRIu64 " (both hold pair %" PRIu64 ")",
                         y->path, y->number, y->s.shard + 1, y->s.shards, x->s.shard + 1, x->s.shards, x->path,
                         x->number, index);
            }
        }
}

static void *allocate(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (!p) cli_fail("out of memory");
    return p;
}

/* Which shards were merged and which are missing (the records sorted). */
static match_merge_info merged_shards(const summary_record *r, size_t count)
{
    match_merge_info m = {.count = count, .uniform = true};
    merge.first = allocate(count, sizeof *merge.first);
    merge.step = allocate(count, sizeof *merge.step);
    uint64_t total = r[0].s.pairs_total, openings = r[0].s.openings_count, held = 0, modulus = 1;
    bool small = true;
    for (size_t i = 0; i < count; i++) {
        merge.first[i] = r[i].s.shard;
        merge.step[i] = r[i].s.shards;
        m.uniform = m.uniform && r[i].s.shards == r[0].s.shards;
        held += match_shard_size(r[i].s.shard, r[i].s.shards, total, openings);
        if (small) {
            uint64_t n = r[i].s.shards / gcd(modulus, r[i].s.shards);
            small = modulus <= MERGE_MAX_MODULUS / n;
            if (small) modulus *= n;
        }
    }
    m.first = merge.first;
    m.step = merge.step;
    m.missing_pairs = total - held;
    m.missing_known = small;
    m.modulus = modulus;
    if (small) {
        /* each shard is a union of residues of the opening index modulo
         * the lcm; a residue r holds pairs when r is an opening played */
        uint64_t played = openings_played(&r[0].s), residues = modulus < played ? modulus : played;
        merge.covered = allocate((size_t)residues, 1);
        merge.missing = allocate((size_t)residues, sizeof *merge.missing);
        for (size_t i = 0; i < count; i++)
            for (uint64_t x = r[i].s.shard; x < residues; x += r[i].s.shards) merge.covered[x] = 1;
        for (uint64_t x = 0; x < residues; x++)
            if (!merge.covered[x]) merge.missing[m.missing_count++] = x;
        m.missing = merge.missing;
    }
    return m;
}

static uint64_t add_checked(uint64_t x, uint64_t y, const char *what)
{
    if (x > UINT64_MAX - y) cli_fail("the merged %s do not fit in 64 bits", what);
    return x + y;
}

/* The merged summary: the sums of the counts, the longest moves. */
static match_summary merged_summary(const summary_record *records, size_t count, const summary_record *first)
{
    match_summary s = first->s;
    s.shard = 0;
    s.shards = 1;
    memset(s.counts, 0, sizeof s.counts);
    s.wins = s.draws = s.losses = s.colour_decided = s.capped = s.adjudicated = s.repeated = 0;
    s.stopped = false;
    for (int side = 0; side < 2; side++) {
        s.time_losses[side] = s.overruns[side] = s.moves_made[side] = 0;
        s.move_ms_sum[side] = s.move_ms_max[side] = 0;
    }
    for (size_t i = 0; i < count; i++) {
        const match_summary *x = &records[i].s;
        for (int k = 0; k < ELO_OUTCOMES; k++) s.counts[k] += x->counts[k];
        s.wins += x->wins;
        s.draws += x->draws;
        s.losses += x->losses;
        s.colour_decided += x->colour_decided;
        s.capped += x->capped;
        s.adjudicated += x->adjudicated;
        s.repeated += x->repeated;
        s.stopped = s.stopped || x->stopped;
        for (int side = 0; side < 2; side++) {
            s.time_losses[side] += x->time_losses[side];
            s.overruns[side] = add_checked(s.overruns[side], x->overruns[side], "overruns");
            s.moves_made[side] = add_checked(s.moves_made[side], x->moves_made[side], "moves");
            s.move_ms_sum[side] += x->move_ms_sum[side];
            s.move_ms_max[side] = fmax(s.move_ms_max[side], x->move_ms_max[side]);
        }
    }
    return s;
}

/* Reads every summary line of `path` into merge.records. */
static void read_file(const char *path)
{
    merge.file = fopen(path, "r");
    if (!merge.file) cli_fail("cannot read %s: %s", path, strerror(errno));
    size_t size = 0;
    ssize_t length;
    for (uint64_t number = 1; (length = getline(&merge.line, &size, merge.file)) >= 0; number++) {
        size_t n = (size_t)length;
        while (n && (merge.line[n - 1] == '\n' || merge.line[n - 1] == '\r')) merge.line[--n] = '\0';
        if (!strstr(merge.line, "\"summary\":true")) continue;
        summary_reader reader = {.path = path, .number = number};
        if (strlen(merge.line) != n || !json_line_parse(merge.line, &reader.object))
            cli_fail("%s:%" PRIu64 ": not a prune match --json summary: not one JSON object", path, number);
        if (merge.count == merge.capacity) {
            size_t capacity = merge.capacity ? 2 * merge.capacity : 16;
            summary_record *grown = realloc(merge.records, capacity * sizeof *grown);
            if (!grown) cli_fail("out of memory");
            merge.records = grown;
            merge.capacity = capacity;
        }
        summary_record *rec = &merge.records[merge.count];
        *rec = (summary_record){.path = path, .number = number, .line = merge.line, .order = merge.count};
        merge.line = NULL; /* the record keeps it: its strings point into it */
        size = 0;
        merge.count++;
        read_summary(&reader, rec);
        if (merge.count > 1) check_same_match(&merge.records[0], rec);
    }
    if (ferror(merge.file)) cli_fail("cannot read %s: %s", path, strerror(errno));
    fclose(merge.file);
    merge.file = NULL;
    if (!merge.count) cli_fail("%s: no prune match --json summary line", path);
}

static void merge_free(void)
{
    for (size_t i = 0; i < merge.count; i++) free(merge.records[i].line);
    free(merge.records);
    free(merge.line);
    free(merge.first);
    free(merge.step);
    free(merge.missing);
    free(merge.covered);
}

static int run_match_merge(const options *o)
{
    if (!o->operand) cli_fail("missing FILE: the --json outputs of a match's shards (/dev/stdin reads standard input)");
    read_file(o->operand);
    summary_record first = merge.records[0];
    qsort(merge.records, merge.count, sizeof *merge.records, by_shard);
    check_disjoint(merge.records, merge.count);
    match_merge_info m = merged_shards(merge.records, merge.count);
    match_summary s = merged_summary(merge.records, merge.count, &first);
    if (m.missing_pairs) {
        match_print_merge_line(stderr, &m, "prune: warning: the statistics are of the pairs merged; shards ");
    }
    match_print_merged_summary(&s, options_given(o, "json"), &m);
    merge_free();
    return CLI_OK;
}

static const option_spec merge_options[] = {{"json", false}, {"help", false}, {NULL, false}};

const command command_match_merge = {
    .name = "match-merge", .operand = "FILE", .options = merge_options, .run = run_match_merge,
    .synopsis = "FILE [--json]",
    .summary = "add up the --json summaries of a match's shards (FILE; /dev/stdin for a pipe)\n"
               "and print the match's summary, its statistics and SPRT verdict from the merged counts",
    .help =
        "usage: prune match-merge FILE [--json]\n"
        "\n"
        "  FILE        the --json outputs of a match's shards, concatenated, in any order\n"
        "              (/dev/stdin reads a pipe); game lines are skipped.  Refused (exit 2):\n"
        "              a shard twice, shards that share an opening (1/2 with 1/3), summaries of\n"
        "              different matches, a summary that contradicts itself.  Missing shards\n"
        "              are named (a warning on stderr) and the rest merged.\n"
        "  --json      the summary as one JSON line, as prune match --json prints it, with\n"
        "              shards_merged, missing_shards and missing_pairs\n"
        "  --help, -h  print this help\n",
};
