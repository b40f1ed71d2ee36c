/* elo_test: match/elo.h against the vectors of tests/elo_vectors.txt,
 * computed independently by tests/elo_vectors.py.  Each figure must agree
 * to 1e-9 (relative, or absolute near 0); infinities must match exactly.
 *
 *     elo_test tests/elo_vectors.txt
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "elo.h"

#define FIGURES 11
static const char *const names[FIGURES] = {"score", "elo",   "elo_low", "elo_high", "los",      "llr",
                                           "lower", "upper", "nelo",    "nelo_low", "nelo_high"};

static bool close_to(double got, double want)
{
    if (isinf(want) || isinf(got)) return got == want;
    return fabs(got - want) <= 1e-9 * fmax(1, fabs(want));
}

/* Checks one line; returns the failures. */
static int check_line(const char *line, int number)
{
    uint64_t c[ELO_OUTCOMES];
    double elo0, elo1, alpha, beta, want[FIGURES];
    int n = sscanf(line, "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %lf %lf %lf %lf | %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf",
                   &c[0], &c[1], &c[2], &c[3], &c[4], &elo0, &elo1, &alpha, &beta, &want[0], &want[1], &want[2],
                   &want[3], &want[4], &want[5], &want[6], &want[7], &want[8], &want[9], &want[10]);
    if (n != 9 + FIGURES) {
        printf("FAIL line %d: malformed\n", number);
        return 1;
    }
    elo_estimate e;
    elo_sprt test;
    if (!elo_estimate_of(c, &e) || !elo_sprt_make(elo0, elo1, alpha, beta, &test)) {
        printf("FAIL line %d: no estimate or test\n", number);
        return 1;
    }
    double got[FIGURES] = {e.score,    e.elo,       e.elo_low,  e.elo_high, e.los,      elo_llr(c, &test),
                           test.lower, test.upper, e.nelo, e.nelo_low, e.nelo_high};
    int failures = 0;
    for (int i = 0; i < FIGURES; i++) {
        bool ok = close_to(got[i], want[i]);
        failures += !ok;
        printf("%s line %d %s: %.12g expected %.12g\n", ok ? "ok  " : "FAIL", number, names[i], got[i], want[i]);
    }
    return failures;
}

/* What the vectors cannot say: no pair, and tests that make no sense. */
static int check_edges(void)
{
    uint64_t none[ELO_OUTCOMES] = {0};
    elo_estimate e;
    elo_sprt t;
    bool ok = !elo_estimate_of(none, &e) && !elo_sprt_make(5, 0, 0.05, 0.05, &t) &&
              !elo_sprt_make(0, 5, 0, 0.05, &t) && !elo_sprt_make(0, 5, 0.05, 0.5, &t) &&
              elo_sprt_make(0, 5, 0.05, 0.05, &t) && elo_llr(none, &t) == 0 &&
              elo_sprt_verdict(3, &t) == ELO_SPRT_H1 && elo_sprt_verdict(-3, &t) == ELO_SPRT_H0 &&
              elo_sprt_verdict(0, &t) == ELO_SPRT_CONTINUE;
    printf("%s edges: no pair, bad tests, verdicts\n", ok ? "ok  " : "FAIL");
    return !ok;
}

int main(int argc, char **argv)
{
    FILE *f = argc == 2 ? fopen(argv[1], "r") : NULL;
    if (!f) {
        fprintf(stderr, "usage: elo_test VECTORS\n");
        return 2;
    }
    char line[1024];
    int number = 0, failures = 0, checked = 0;
    while (fgets(line, sizeof line, f)) {
        number++;
        if (line[0] == '#' || line[0] == '\n') continue;
        failures += check_line(line, number);
        checked++;
    }
    fclose(f);
    failures += check_edges();
    printf("%d vectors, %d failed\n", checked, failures);
    return failures || checked == 0;
}
