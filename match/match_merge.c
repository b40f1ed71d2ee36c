/* match_merge.c: the work of `prune match-merge` (docs/strength.md): it
 * reads back the --json summaries of a match's shards (match/match_report.c
 * writes them, match/merge_summary.c reads one), refuses summaries that
 * cannot be one match's disjoint shards and adds them up; the command
 * (cli/match_merge.c) prints the sum, and the SPRT decided once, on the
 * merged counts.
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

#include "merge_summary.h"

/* What the merge holds, until match_merge_free (or a refusal) frees it:
 * the merged summary's strings point into the records' lines. */
static struct {
    summary_record *records;
    size_t count, capacity;
    char *line;
    FILE *file;
    uint64_t *first, *step, *missing;
    unsigned char *covered;
} merge;

#define MERGE_MAX_MODULUS ((uint64_t)1 << 20)  /* the missing shards are listed when the N's lcm is at most this */

static bool same_sprt(const match_summary *x, const match_summary *y)
{
    return x->has_sprt == y->has_sprt &&
           (!x->has_sprt || (x->sprt.elo0 == y->sprt.elo0 && x->sprt.elo1 == y->sprt.elo1 &&
                             x->sprt.alpha == y->sprt.alpha && x->sprt.beta == y->sprt.beta));
}

/* Refuses `y` unless it is a summary of the same match as `x`: the first
 * field that differs is named. */
static void check_same_match(merge_refusal *refusal, const summary_record *x, const summary_record *y)
{
    const match_summary *a = &x->s, *b = &y->s;
    const char *field = strcmp(a->game, b->game)                        ? "game"
                        : strcmp(a->a, b->a)                            ? "side a"
                        : strcmp(a->b, b->b)                            ? "side b"
                        : a->limit.kind != b->limit.kind                ? "limit"
                        : a->limit.value != b->limit.value              ? "limit_value"
                        : a->limit.increment_us != b->limit.increment_us ? "increment_ms"
                        : a->margin_ms != b->margin_ms                  ? "margin_ms"
                        : a->seed != b->seed                            ? "seed"
                        : a->ply_cap != b->ply_cap                      ? "ply_cap"
                        : a->pairs_total != b->pairs_total              ? "pairs_total"
                        : a->openings_hash != b->openings_hash          ? "openings_hash"
                        : a->openings_count != b->openings_count        ? "openings_count"
                        : a->reuse != b->reuse                          ? "reuse"
                        : a->play_out != b->play_out                    ? "play_out"
                        : !same_sprt(a, b)                              ? "sprt"
                                                                        : NULL;
    if (field)
        merge_refuse(refusal, "%s:%" PRIu64 ": a summary of another match than %s:%" PRIu64 " (its %s differs)",
                     y->path, y->number, x->path, x->number, field);
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
static void check_disjoint(merge_refusal *refusal, const summary_record *r, size_t count)
{
    for (size_t i = 0; i + 1 < count; i++) {
        const summary_record *x = &r[i], *y = &r[i + 1];
        if (x->s.shards == y->s.shards && x->s.shard == y->s.shard)
            merge_refuse(refusal, "%s:%" PRIu64 ": shard %" PRIu64 "/%" PRIu64 " again (also at %s:%" PRIu64 ")",
                         y->path, y->number, y->s.shard + 1, y->s.shards, x->path, x->number);
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
                merge_refuse(refusal,
                             "%s:%" PRIu64 ": shard %" PRIu64 "/%" PRIu64 " overlaps shard %" PRIu64 "/%" PRIu64
                             " at %s:%" PRIu64 " (both hold pair %" PRIu64 ")",
                             y->path, y->number, y->s.shard + 1, y->s.shards, x->s.shard + 1, x->s.shards, x->path,
                             x->number, index);
            }
        }
}

static void *allocate(merge_refusal *refusal, size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (!p) merge_refuse(refusal, "out of memory");
    return p;
}

/* Which shards were merged and which are missing (the records sorted). */
static match_merge_info merged_shards(merge_refusal *refusal, const summary_record *r, size_t count)
{
    match_merge_info m = {.count = count, .uniform = true};
    merge.first = allocate(refusal, count, sizeof *merge.first);
    merge.step = allocate(refusal, count, sizeof *merge.step);
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
        merge.covered = allocate(refusal, (size_t)residues, 1);
        merge.missing = allocate(refusal, (size_t)residues, sizeof *merge.missing);
        for (size_t i = 0; i < count; i++)
            for (uint64_t x = r[i].s.shard; x < residues; x += r[i].s.shards) merge.covered[x] = 1;
        for (uint64_t x = 0; x < residues; x++)
            if (!merge.covered[x]) merge.missing[m.missing_count++] = x;
        m.missing = merge.missing;
    }
    return m;
}

static uint64_t add_checked(merge_refusal *refusal, uint64_t x, uint64_t y, const char *what)
{
    if (x > UINT64_MAX - y) merge_refuse(refusal, "the merged %s do not fit in 64 bits", what);
    return x + y;
}

/* The merged summary: the sums of the counts, the longest moves. */
static match_summary merged_summary(merge_refusal *refusal, const summary_record *records, size_t count,
                                    const summary_record *first)
{
    match_summary s = first->s;
    s.shard = 0;
    s.shards = 1;
    memset(s.counts, 0, sizeof s.counts);
    s.first_points = 0;
    s.first_unknown = false;
    s.wins = s.draws = s.losses = s.colour_decided = s.capped = s.adjudicated = s.repeated = 0;
    s.adjudged_held = s.adjudged_drawn = s.adjudged_overturned = 0;
    memset(s.adjudged_counts, 0, sizeof s.adjudged_counts);
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
        s.first_points += x->first_points;
        s.first_unknown = s.first_unknown || x->first_unknown;
        s.capped += x->capped;
        s.adjudicated += x->adjudicated;
        s.repeated += x->repeated;
        s.adjudged_held += x->adjudged_held;
        s.adjudged_drawn += x->adjudged_drawn;
        s.adjudged_overturned += x->adjudged_overturned;
        for (int k = 0; k < ELO_OUTCOMES; k++) s.adjudged_counts[k] += x->adjudged_counts[k];
        s.stopped = s.stopped || x->stopped;
        for (int side = 0; side < 2; side++) {
            s.time_losses[side] += x->time_losses[side];
            s.overruns[side] = add_checked(refusal, s.overruns[side], x->overruns[side], "overruns");
            s.moves_made[side] = add_checked(refusal, s.moves_made[side], x->moves_made[side], "moves");
            s.move_ms_sum[side] += x->move_ms_sum[side];
            s.move_ms_max[side] = fmax(s.move_ms_max[side], x->move_ms_max[side]);
        }
    }
    return s;
}

/* Reads every summary line of `path` into merge.records. */
static void read_file(merge_refusal *refusal, const char *path)
{
    merge.file = fopen(path, "r");
    if (!merge.file) merge_refuse(refusal, "cannot read %s: %s", path, strerror(errno));
    size_t size = 0;
    ssize_t length;
    for (uint64_t number = 1; (length = getline(&merge.line, &size, merge.file)) >= 0; number++) {
        size_t n = (size_t)length;
        while (n && (merge.line[n - 1] == '\n' || merge.line[n - 1] == '\r')) merge.line[--n] = '\0';
        if (!strstr(merge.line, "\"summary\":true")) continue;
        summary_reader reader = {.path = path, .number = number, .refusal = refusal};
        if (strlen(merge.line) != n || !json_line_parse(merge.line, &reader.object))
            merge_refuse(refusal, "%s:%" PRIu64 ": not a prune match --json summary: not one JSON object", path,
                         number);
        if (merge.count == merge.capacity) {
            size_t capacity = merge.capacity ? 2 * merge.capacity : 16;
            summary_record *grown = realloc(merge.records, capacity * sizeof *grown);
            if (!grown) merge_refuse(refusal, "out of memory");
            merge.records = grown;
            merge.capacity = capacity;
        }
        summary_record *rec = &merge.records[merge.count];
        *rec = (summary_record){.path = path, .number = number, .line = merge.line, .order = merge.count};
        merge.line = NULL; /* the record keeps it: its strings point into it */
        size = 0;
        merge.count++;
        merge_read_summary(&reader, rec);
        if (merge.count > 1) check_same_match(refusal, &merge.records[0], rec);
    }
    if (ferror(merge.file)) merge_refuse(refusal, "cannot read %s: %s", path, strerror(errno));
    fclose(merge.file);
    merge.file = NULL;
    if (!merge.count) merge_refuse(refusal, "%s: no prune match --json summary line", path);
}

void match_merge_free(void)
{
    for (size_t i = 0; i < merge.count; i++) free(merge.records[i].line);
    free(merge.records);
    free(merge.line);
    free(merge.first);
    free(merge.step);
    free(merge.missing);
    free(merge.covered);
    merge.records = NULL;
    merge.line = NULL;
    merge.first = merge.step = merge.missing = NULL;
    merge.covered = NULL;
    merge.count = merge.capacity = 0;
}

/* The merge, refused from anywhere below by merge_refuse (one jump back
 * to match_merge_read). */
static void merge_all(merge_refusal *refusal, const char *path, match_merged *out)
{
    read_file(refusal, path);
    summary_record first = merge.records[0];
    qsort(merge.records, merge.count, sizeof *merge.records, by_shard);
    check_disjoint(refusal, merge.records, merge.count);
    out->info = merged_shards(refusal, merge.records, merge.count);
    out->summary = merged_summary(refusal, merge.records, merge.count, &first);
}

bool match_merge_read(const char *path, match_merged *out, char *message, size_t size)
{
    merge_refusal refusal = {.message = message, .size = size};
    if (setjmp(refusal.back)) {
        if (merge.file) fclose(merge.file);
        merge.file = NULL;
        match_merge_free();
        return false;
    }
    merge_all(&refusal, path, out);
    return true;
}
