/* bench_cases.c: see bench_cases.h. */
#include "bench_cases.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "gbench.h"

typedef struct {
    char study[48], game[48], reason[200];
} skipped_study;

static bench_case **cases;
static size_t case_count, case_capacity;
static skipped_study *skipped;
static size_t skipped_count;

static void out_of_memory(void)
{
    fputs("studies_bench: out of memory\n", stderr);
    exit(1);
}

static void copy_text(char *to, size_t size, const char *from) { snprintf(to, size, "%s", from); }

/* ---- reference counts ---- */

bool cases_has_reference(const bench_case *c)
{
    const expectation *e = &c->expected;
    return e->has_nodes || e->has_created || e->has_evals || e->has_best;
}

/* ---- the benchmark function ---- */

static bool check_reference(const expectation *e, const search_result *r, char *why, size_t size)
{
    if (e->has_nodes && r->nodes != e->nodes)
        snprintf(why, size, "nodes %" PRIu64 " differ from the reference %" PRIu64, r->nodes, e->nodes);
    else if (e->has_created && r->created != e->created)
        snprintf(why, size, "created %" PRIu64 " differs from the reference %" PRIu64, r->created, e->created);
    else if (e->has_evals && r->evals != e->evals)
        snprintf(why, size, "evals %" PRIu64 " differ from the reference %" PRIu64, r->evals, e->evals);
    else if (e->has_best && strcmp(r->best, e->best) != 0)
        snprintf(why, size, "best move %s differs from the reference %s", r->best, e->best);
    else
        return true;
    return false;
}

/* An undo search must find what its copy search found: same tree, same choice. */
static bool check_twin(const bench_case *c, const search_result *r, char *why, size_t size)
{
    const bench_case *t = c->twin;
    if (!t || !t->ran) return true;
    const search_result *q = &t->result;
    if (r->nodes == q->nodes && r->created == q->created && r->evals == q->evals && r->value == q->value &&
        strcmp(r->best, q->best) == 0)
        return true;
    snprintf(why, size,
             "undo search differs from copy: nodes %" PRIu64 "/%" PRIu64 ", created %" PRIu64 "/%" PRIu64
             ", evals %" PRIu64 "/%" PRIu64 ", value %d/%d, best %s/%s",
             r->nodes, q->nodes, r->created, q->created, r->evals, q->evals, r->value, q->value, r->best, q->best);
    return false;
}

static void fail_case(bench_case *c, gbench_state *state, const char *why)
{
    if (!c->failed) fprintf(stderr, "studies_bench: ERROR %s: %s\n", c->name, why);
    c->failed = true;
    copy_text(c->failure, sizeof c->failure, why);
    gbench_skip_with_error(state, why);
}

static void set_counters(gbench_state *state, const bench_case *c, const search_result *r)
{
    gbench_set_counter(state, "nodes", (double)r->nodes, GBENCH_COUNTER_PLAIN);
    gbench_set_counter(state, "nodes_per_second", (double)r->nodes, GBENCH_COUNTER_ITERATION_RATE);
    gbench_set_counter(state, "ops_per_second", 1.0, GBENCH_COUNTER_ITERATION_RATE);
    if (c->config->algorithm == ALGORITHM_TREE) {
        gbench_set_counter(state, "created", (double)r->created, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "evals", (double)r->evals, GBENCH_COUNTER_PLAIN);
    }
    if (c->config->algorithm == ALGORITHM_LADDER) {
        gbench_set_counter(state, "tt_probes", (double)r->tt_probes, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "tt_hits", (double)r->tt_hits, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "tt_cutoffs", (double)r->tt_cutoffs, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "researches", (double)r->researches, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "cutoffs", (double)r->cutoffs, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "first_move_cutoffs", (double)r->first_move_cutoffs, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "id_iterations", (double)r->iterations, GBENCH_COUNTER_PLAIN);
        gbench_set_counter(state, "last_iteration_nodes", (double)r->iteration_nodes[r->iterations - 1],
                           GBENCH_COUNTER_PLAIN);
    }
}

/* One iteration is one whole search through game->search, exactly as
 * `prune search` runs it (position set up, tree built and freed). */
static void run_case(gbench_state *state, void *context)
{
    bench_case *c = context;
    /* Google Benchmark times the searches: the search's own clock would
     * only add its calls (about 1% of a Kalah depth-6 search). */
    search_request request = {.config = c->config, .moves = c->moves, .depth = c->depth,
                              .state = c->state, .seed = SEARCH_DEFAULT_SEED, .untimed = true};
    search_result r = {0};
    char message[256] = "", why[400];
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
    if (!check_reference(&c->expected, &r, why, sizeof why) || !check_twin(c, &r, why, sizeof why)) {
        fail_case(c, state, why);
        return;
    }
    if (!c->ran) {
        c->result = r;
        c->ran = true;
    }
    set_counters(state, c, &r);
}

/* ---- registration ---- */

static bench_case *find_case(const char *name)
{
    for (size_t i = 0; i < case_count; i++)
        if (strcmp(cases[i]->name, name) == 0) return cases[i];
    return NULL;
}

static void append_case(bench_case *c)
{
    if (case_count == case_capacity) {
        case_capacity = case_capacity ? case_capacity * 2 : 64;
        cases = realloc(cases, case_capacity * sizeof *cases);
        if (!cases) out_of_memory();
    }
    cases[case_count++] = c;
}

bench_case *cases_find(const char *name) { return find_case(name); }

/* The plan, for what the rounds' cases borrow from it (cases_add_round). */
static const plan *round_plan;

void cases_use_plan(const plan *p) { round_plan = p; }

bench_case *cases_add_round(const char *study, const game_entry *game, const search_config *config, const char *moves,
                            int depth, double min_time)
{
    plan_case p = {.depth = depth, .state = STATE_COPY};
    /* The key's shape is scripts/studies.py's case_key. */
    snprintf(p.key, sizeof p.key, "%s/%s/%s/%s/copy/%d", study, game->name, *moves ? moves : "start", config->name,
             depth);
    bench_case *existing = find_case(p.key);
    if (existing) return existing;
    copy_text(p.study, sizeof p.study, study);
    copy_text(p.moves, sizeof p.moves, moves);
    copy_text(p.position, sizeof p.position, *moves ? moves : "start");
    for (size_t i = 0; round_plan && i < round_plan->count; i++) {
        const plan_case *q = &round_plan->cases[i];
        if (strcmp(q->game, game->name) != 0 || strcmp(q->moves, moves) != 0) continue;
        copy_text(p.position, sizeof p.position, q->position);
        if (strcmp(q->config, config->name) == 0 && q->depth == depth) {
            p.expected = q->expected;
            break;
        }
    }
    return cases_add(&p, game, config, min_time, 0);
}

bench_case *cases_add(const plan_case *p, const game_entry *game, const search_config *config, double min_time,
                      int repetitions)
{
    bench_case *c = malloc(sizeof *c);
    if (!c) out_of_memory();
    *c = (bench_case){.game = game, .config = config, .depth = p->depth, .state = p->state, .min_time = min_time,
                      .repetitions = repetitions, .expected = p->expected};
    copy_text(c->name, sizeof c->name, p->key);
    copy_text(c->study, sizeof c->study, p->study);
    copy_text(c->moves, sizeof c->moves, p->moves);
    copy_text(c->position, sizeof c->position, p->position);
    append_case(c);
    return c;
}

void cases_skip_study(const char *study, const char *game_name, const char *reason)
{
    for (size_t i = 0; i < skipped_count; i++)
        if (strcmp(skipped[i].study, study) == 0) return;
    skipped = realloc(skipped, (skipped_count + 1) * sizeof *skipped);
    if (!skipped) out_of_memory();
    skipped_study *s = &skipped[skipped_count++];
    copy_text(s->study, sizeof s->study, study);
    copy_text(s->game, sizeof s->game, game_name);
    copy_text(s->reason, sizeof s->reason, reason);
}

size_t cases_count(void) { return case_count; }

void cases_register(int repetitions)
{
    for (size_t i = 0; i < case_count; i++) {
        gbench_benchmark *b = gbench_register(cases[i]->name, run_case, cases[i]);
        gbench_use_real_time(b);
        gbench_set_time_unit(b, GBENCH_MICROSECOND);
        gbench_set_min_time(b, cases[i]->min_time);
        gbench_set_repetitions(b, cases[i]->repetitions ? cases[i]->repetitions : repetitions);
        gbench_display_aggregates_only(b, true);
    }
}

/* A ladder config's first search of a game allocates and zeroes that
 * game's table (16 MiB by default: about 0.1 s), which would land in the
 * first repetition's timing; one depth-1 search per game does it before. */
void cases_warm_up(void)
{
    for (size_t i = 0; i < case_count; i++) {
        const bench_case *c = cases[i];
        bool first = c->config->algorithm == ALGORITHM_LADDER && c->config->ladder.tt;
        for (size_t j = 0; j < i && first; j++)
            first = !(cases[j]->game == c->game && cases[j]->config->algorithm == ALGORITHM_LADDER &&
                      cases[j]->config->ladder.tt);
        if (!first) continue;
        search_request request = {.config = c->config, .moves = "", .depth = 1, .seed = SEARCH_DEFAULT_SEED,
                                  .untimed = true};
        search_result r;
        char message[256];
        (void)c->game->search(&request, &r, message, sizeof message);
    }
}

/* ---- output ---- */

/* One CSV field, double-quoted (quotes doubled) when it holds a comma, a
 * quote or a line break. */
static void write_field(FILE *f, const char *text)
{
    if (!strpbrk(text, ",\"\n\r")) {
        fputs(text, f);
        return;
    }
    fputc('"', f);
    for (const char *c = text; *c; c++) {
        if (*c == '"') fputc('"', f);
        fputc(*c, f);
    }
    fputc('"', f);
}

void cases_list(FILE *out)
{
    for (size_t i = 0; i < case_count; i++) {
        const bench_case *c = cases[i];
        /* Names, moves and labels are plain ASCII without quotes or backslashes. */
        fprintf(out, "{\"name\":\"%s\",\"study\":\"%s\",\"game\":\"%s\",\"position\":\"%s\",\"moves\":\"%s\","
                     "\"config\":\"%s\",\"family\":\"%s\",\"state\":\"%s\",\"depth\":%d,\"reference\":%s}\n",
                c->name, c->study, c->game->name, c->position, c->moves, c->config->name, config_family(c->config),
                c->state == STATE_UNDO ? "undo" : "copy", c->depth, cases_has_reference(c) ? "true" : "false");
    }
}

/* The ladder's counters (tt_probes .. last_iteration_nodes; cutoffs and
 * first_move_cutoffs are the search's beta cutoffs and those made by the
 * first move searched, id_iterations its `iterations`,
 * last_iteration_nodes the nodes of the deepest one) are empty for other
 * configs. */
static const char tidy_header[] = "benchmark,study,game,position,moves,config,family,state,depth,status,best,value,"
                                  "nodes,created,evals,tt_probes,tt_hits,tt_cutoffs,researches,cutoffs,"
                                  "first_move_cutoffs,id_iterations,last_iteration_nodes,verified,copy_checked,"
                                  "error\n";

static void write_case_row(FILE *f, const bench_case *c)
{
    const char *fields[] = {c->name, c->study, c->game->name, c->position, c->moves, c->config->name, config_family(c->config),
                            c->state == STATE_UNDO ? "undo" : "copy"};
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        write_field(f, fields[k]);
        fputc(',', f);
    }
    const search_result *r = &c->result;
    const char *status = c->failed ? "error" : c->ran ? "ok" : "not-run";
    fprintf(f, "%d,%s,", c->depth, status);
    if (c->ran && !c->failed) {
        fprintf(f, "%s,%d,%" PRIu64 ",", r->best, r->value, r->nodes);
        if (c->config->algorithm == ALGORITHM_TREE) fprintf(f, "%" PRIu64 ",%" PRIu64 ",", r->created, r->evals);
        else fputs(",,", f);
        if (c->config->algorithm == ALGORITHM_LADDER)
            fprintf(f, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%d,%" PRIu64 ",",
                    r->tt_probes, r->tt_hits, r->tt_cutoffs, r->researches, r->cutoffs, r->first_move_cutoffs,
                    r->iterations, r->iteration_nodes[r->iterations - 1]);
        else fputs(",,,,,,,,", f);
        fprintf(f, "%d,%d,", cases_has_reference(c), c->twin && c->twin->ran);
    } else {
        fputs(",,,,,,,,,,,,,,,", f);
    }
    write_field(f, c->failed ? c->failure : "");
    fputc('\n', f);
}

int cases_write_tidy(const char *path, char *message, size_t message_size)
{
    atomic_file a;
    FILE *f = atomic_open(&a, path, message, message_size);
    if (!f) return -1;
    fputs(tidy_header, f);
    for (size_t i = 0; i < skipped_count; i++) {
        fprintf(f, ",%s,%s,,,,,,,skipped,,,,,,,,,,,,,,", skipped[i].study, skipped[i].game);
        write_field(f, skipped[i].reason);
        fputc('\n', f);
    }
    for (size_t i = 0; i < case_count; i++) write_case_row(f, cases[i]);
    return atomic_commit(&a, message, message_size);
}

int cases_report_failures(void)
{
    int failures = 0;
    for (size_t i = 0; i < case_count; i++) {
        if (!cases[i]->failed) continue;
        if (!failures) fprintf(stderr, "studies_bench: these benchmarks failed their count checks:\n");
        fprintf(stderr, "  %s: %s\n", cases[i]->name, cases[i]->failure);
        failures++;
    }
    return failures;
}

void cases_free(void)
{
    for (size_t i = 0; i < case_count; i++) free(cases[i]);
    free(cases);
    free(skipped);
    cases = NULL;
    skipped = NULL;
    case_count = case_capacity = skipped_count = 0;
}
