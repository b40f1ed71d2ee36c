/* match_report.c: a match's records (docs/strength.md): one JSON line per
 * game, the summary in text or JSON, and `prune match-merge`, which adds
 * up the --json summaries of a match's shards and recomputes the
 * statistics from the summed counts. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "escape.h"
#include "match.h"

static const char *const limit_names[] = {"nodes", "time-ms", "depth"};
static const char *const outcome_names[] = {"loss", "draw", "win"};
static const char *const failure_names[] = {"ok", "crash", "hang", "nonsense", "illegal-move"};

const char *match_limit_name(match_limit_kind kind) { return limit_names[kind]; }

void match_print_game_json(const match_summary *s, uint64_t pair, const char *opening, const match_game *g)
{
    fputs("{\"game\":", stdout);
    escape_json(stdout, s->game);
    printf(",\"pair\":%" PRIu64 ",\"opening\":", pair);
    escape_json(stdout, opening);
    printf(",\"a_plays\":\"%s\",\"moves\":", g->a_first ? "first" : "second");
    escape_json(stdout, g->moves);
    const char *end = g->end == END_OVER ? "over" : g->end == END_CAPPED ? "ply-cap" : failure_names[g->failure];
    printf(",\"plies\":%d,\"result\":\"%s\",\"end\":\"%s\"", g->plies, outcome_names[g->outcome], end);
    if (g->end == END_ENGINE) printf(",\"failed\":\"%s\"", g->failed_side == 0 ? "a" : "b");
    printf(",\"a_nodes\":%" PRIu64 ",\"b_nodes\":%" PRIu64 ",\"a_seconds\":%.6f,\"b_seconds\":%.6f}\n", g->nodes[0],
           g->nodes[1], g->seconds[0], g->seconds[1]);
}

/* JSON has no infinity: an interval that passes a score of 0 or 1 is null. */
static void print_json_number(const char *name, double value, int decimals)
{
    if (isfinite(value)) printf(",\"%s\":%.*f", name, decimals, value);
    else printf(",\"%s\":null", name);
}

static const char *verdict_name(elo_verdict v)
{
    return v == ELO_SPRT_H1 ? "H1" : v == ELO_SPRT_H0 ? "H0" : "continue";
}

static void print_summary_json(const match_summary *s, const elo_estimate *e, bool estimated)
{
    fputs("{\"summary\":true,\"game\":", stdout);
    escape_json(stdout, s->game);
    fputs(",\"a\":", stdout);
    escape_json(stdout, s->a);
    fputs(",\"b\":", stdout);
    escape_json(stdout, s->b);
    printf(",\"limit\":\"%s\",\"limit_value\":%" PRIu64 ",\"seed\":%" PRIu64 ",\"ply_cap\":%d,\"reproducible\":%s",
           limit_names[s->limit.kind], s->limit.value, s->seed, s->ply_cap,
           s->limit.kind == LIMIT_TIME ? "false" : "true");
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
    }
    if (s->has_sprt) {
        double llr = elo_llr(s->counts, &s->sprt);
        printf(",\"sprt\":[%g,%g,%g,%g],\"llr\":%.4f,\"llr_lower\":%.4f,\"llr_upper\":%.4f,\"verdict\":\"%s\"",
               s->sprt.elo0, s->sprt.elo1, s->sprt.alpha, s->sprt.beta, llr, s->sprt.lower, s->sprt.upper,
               verdict_name(elo_sprt_verdict(llr, &s->sprt)));
    }
    printf(",\"stopped_early\":%s}\n", s->stopped ? "true" : "false");
}

static void print_summary_text(const match_summary *s, const elo_estimate *e, bool estimated)
{
    printf("match    %s: A %s, B %s, --%s %" PRIu64 " a move, seed %" PRIu64 ", ply cap %d\n", s->game, s->a, s->b,
           limit_names[s->limit.kind], s->limit.value, s->seed, s->ply_cap);
    printf("games    %" PRIu64 ": A won %" PRIu64 ", drew %" PRIu64 ", lost %" PRIu64 "\n",
           s->wins + s->draws + s->losses, s->wins, s->draws, s->losses);
    printf("pairs    LL %" PRIu64 "  LD %" PRIu64 "  DD/WL %" PRIu64 "  WD %" PRIu64 "  WW %" PRIu64 "\n", s->counts[0],
           s->counts[1], s->counts[2], s->counts[3], s->counts[4]);
    if (estimated) {
        printf("score    %.4f\nelo      %.1f +- %.1f (95%%: %.1f to %.1f)\nlos      %.1f%%\n", e->score, e->elo,
               (e->elo_high - e->elo_low) / 2, e->elo_low, e->elo_high, 100 * e->los);
    }
    if (s->has_sprt) {
        double llr = elo_llr(s->counts, &s->sprt);
        printf("sprt     elo0 %g elo1 %g alpha %g beta %g: llr %.3f (%.3f, %.3f) %s%s\n", s->sprt.elo0, s->sprt.elo1,
               s->sprt.alpha, s->sprt.beta, llr, s->sprt.lower, s->sprt.upper,
               verdict_name(elo_sprt_verdict(llr, &s->sprt)), s->stopped ? " (stopped early)" : "");
    }
    printf("reproducible %s\n", s->limit.kind == LIMIT_TIME
                                    ? "no: under --time-ms the clock decides how deep each move searches"
                                    : "yes: the same seed plays the same games");
}

void match_print_summary(const match_summary *s, bool json)
{
    elo_estimate e;
    bool estimated = elo_estimate_of(s->counts, &e);
    if (json) print_summary_json(s, &e, estimated);
    else print_summary_text(s, &e, estimated);
}

/* ---- prune match-merge ---- */

/* The text of a string field "name":"..." of a summary line (no escapes:
 * the names of games and configs are plain), copied into `out`. */
static bool string_field(const char *line, const char *name, char *out, size_t size)
{
    char key[64];
    snprintf(key, sizeof key, "\"%s\":\"", name);
    const char *p = strstr(line, key);
    if (!p) return false;
    p += strlen(key);
    const char *end = strchr(p, '"');
    if (!end || (size_t)(end - p) >= size || memchr(p, '\\', (size_t)(end - p))) return false;
    memcpy(out, p, (size_t)(end - p));
    out[end - p] = '\0';
    return true;
}

static bool number_field(const char *line, const char *name, uint64_t *out)
{
    char key[64];
    snprintf(key, sizeof key, "\"%s\":", name);
    const char *p = strstr(line, key);
    if (!p) return false;
    p += strlen(key);
    char *end;
    errno = 0;
    unsigned long long v = strtoull(p, &end, 10);
    if (end == p || errno || *p == '-') return false;
    *out = v;
    return true;
}

static bool counts_field(const char *line, uint64_t counts[ELO_OUTCOMES])
{
    const char *p = strstr(line, "\"pentanomial\":[");
    if (!p) return false;
    p += strlen("\"pentanomial\":[");
    for (int i = 0; i < ELO_OUTCOMES; i++) {
        char *end;
        if (*p < '0' || *p > '9') return false;
        counts[i] = strtoull(p, &end, 10);
        p = end;
        if (*p != (i + 1 < ELO_OUTCOMES ? ',' : ']')) return false;
        p++;
    }
    return true;
}

static bool sprt_field(const char *line, elo_sprt *out, bool *has)
{
    const char *p = strstr(line, "\"sprt\":[");
    *has = p != NULL;
    if (!p) return true;
    double v[4];
    return sscanf(p, "\"sprt\":[%lf,%lf,%lf,%lf]", &v[0], &v[1], &v[2], &v[3]) == 4 &&
           elo_sprt_make(v[0], v[1], v[2], v[3], out);
}

/* The fields a summary line must have, and must share with the others. */
typedef struct {
    char game[64], a[256], b[256], limit[16];
    uint64_t limit_value, seed, ply_cap, wins, draws, losses, counts[ELO_OUTCOMES];
    bool has_sprt;
    elo_sprt sprt;
} summary_line;

static bool parse_summary(const char *line, summary_line *s)
{
    return string_field(line, "game", s->game, sizeof s->game) && string_field(line, "a", s->a, sizeof s->a) &&
           string_field(line, "b", s->b, sizeof s->b) && string_field(line, "limit", s->limit, sizeof s->limit) &&
           number_field(line, "limit_value", &s->limit_value) && number_field(line, "seed", &s->seed) &&
           number_field(line, "ply_cap", &s->ply_cap) && number_field(line, "wins", &s->wins) &&
           number_field(line, "draws", &s->draws) && number_field(line, "losses", &s->losses) &&
           counts_field(line, s->counts) && sprt_field(line, &s->sprt, &s->has_sprt);
}

static bool same_match(const summary_line *x, const summary_line *y)
{
    return !strcmp(x->game, y->game) && !strcmp(x->a, y->a) && !strcmp(x->b, y->b) && !strcmp(x->limit, y->limit) &&
           x->limit_value == y->limit_value && x->seed == y->seed && x->ply_cap == y->ply_cap &&
           x->has_sprt == y->has_sprt && (!x->has_sprt || !memcmp(&x->sprt, &y->sprt, sizeof x->sprt));
}

/* Adds the summary lines of one file into `total`; returns how many. */
static int merge_file(const char *path, summary_line *total, int *seen)
{
    FILE *f = fopen(path, "r");
    if (!f) cli_fail("cannot read %s: %s", path, strerror(errno));
    char line[8192];
    int found = 0;
    for (int number = 1; fgets(line, sizeof line, f); number++) {
        if (!strchr(line, '\n') && !feof(f)) cli_fail("%s:%d: line too long", path, number);
        if (!strstr(line, "\"summary\":true")) continue;
        summary_line s;
        if (!parse_summary(line, &s)) cli_fail("%s:%d: not a prune match --json summary", path, number);
        if ((*seen)++ == 0) {
            *total = s;
        } else {
            if (!same_match(total, &s)) cli_fail("%s:%d: a summary of another match (game, sides, limit, seed or sprt differ)", path, number);
            total->wins += s.wins;
            total->draws += s.draws;
            total->losses += s.losses;
            for (int i = 0; i < ELO_OUTCOMES; i++) total->counts[i] += s.counts[i];
        }
        found++;
    }
    fclose(f);
    if (!found) cli_fail("%s: no prune match --json summary line", path);
    return found;
}

static int run_match_merge(const options *o)
{
    if (!o->operand) cli_fail("missing FILE: the --json outputs of a match's shards (/dev/stdin reads standard input)");
    summary_line total;
    int seen = 0;
    merge_file(o->operand, &total, &seen);
    match_summary s = {.game = total.game, .a = total.a, .b = total.b, .seed = total.seed, .ply_cap = (int)total.ply_cap,
                       .wins = total.wins, .draws = total.draws, .losses = total.losses,
                       .has_sprt = total.has_sprt, .sprt = total.sprt};
    for (int kind = 0; kind < 3; kind++)
        if (!strcmp(total.limit, limit_names[kind])) s.limit = (match_limit){(match_limit_kind)kind, total.limit_value};
    memcpy(s.counts, total.counts, sizeof s.counts);
    match_print_summary(&s, options_given(o, "json"));
    return CLI_OK;
}

static const option_spec merge_options[] = {{"json", false}, {"help", false}, {NULL, false}};

const command command_match_merge = {
    .name = "match-merge", .operand = "FILE", .options = merge_options, .run = run_match_merge,
    .synopsis = "FILE [--json]",
    .summary = "add up the --json summaries of a match's shards (FILE; /dev/stdin for a pipe)\n"
               "and print the match's summary, its statistics recomputed",
    .help =
        "usage: prune match-merge FILE [--json]\n"
        "\n"
        "  FILE        the --json outputs of a match's shards, concatenated (/dev/stdin reads\n"
        "              a pipe); every summary line must be of the same match (game, sides,\n"
        "              limit, seed, sprt); game lines are skipped\n"
        "  --json      the summary as one JSON line, as prune match --json prints it\n"
        "  --help, -h  print this help\n",
};
