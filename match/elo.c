/* elo.c: the statistics of a match of game pairs (formulas in elo.h). */
#include "elo.h"

#include <math.h>

#define ELO_ZERO_COUNT 1e-3       /* fishtest's stand-in for a count of 0 */
#define ELO_Z95 1.959963984540054 /* Phi^-1(0.975) */
#define ELO_SECULAR_STEPS 200     /* bisection halvings: far below double precision */
/* nElo per unit of the pair t-value: 800 / ln 10 / sqrt 2 (elo.h) */
#define ELO_NELO_PER_PAIR_T (800 / log(10.0) / sqrt(2.0))

double elo_of_score(double score)
{
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400 * log10(1 / score - 1);
}

double elo_score_of(double elo) { return 1 / (1 + pow(10, -elo / 400)); }

static double pair_score(int outcome) { return outcome / 4.0; }

/* The regularised distribution of the outcomes; returns the pairs it
 * stands for (the sum of the regularised counts). */
static double distribution(const uint64_t counts[ELO_OUTCOMES], double p[ELO_OUTCOMES])
{
    double total = 0;
    for (int i = 0; i < ELO_OUTCOMES; i++) {
        p[i] = counts[i] ? (double)counts[i] : ELO_ZERO_COUNT;
        total += p[i];
    }
    for (int i = 0; i < ELO_OUTCOMES; i++) p[i] /= total;
    return total;
}

static double mean_of(const double p[ELO_OUTCOMES])
{
    double mean = 0;
    for (int i = 0; i < ELO_OUTCOMES; i++) mean += p[i] * pair_score(i);
    return mean;
}

bool elo_estimate_of(const uint64_t counts[ELO_OUTCOMES], elo_estimate *out)
{
    uint64_t pairs = 0;
    for (int i = 0; i < ELO_OUTCOMES; i++) pairs += counts[i];
    if (pairs == 0) return false;
    double p[ELO_OUTCOMES];
    double n = distribution(counts, p), mean = mean_of(p), m2 = 0, m3 = 0, m4 = 0;
    for (int i = 0; i < ELO_OUTCOMES; i++) {
        double d = pair_score(i) - mean;
        m2 += p[i] * d * d;
        m3 += p[i] * d * d * d;
        m4 += p[i] * d * d * d * d;
    }
    double error = sqrt(m2 / n);
    /* nElo (elo.h): t and the delta method's variance of t. */
    double t = (mean - 0.5) / sqrt(m2), skewness = m3 / (m2 * sqrt(m2)), excess_kurtosis = m4 / (m2 * m2) - 3;
    double t_variance = fmax(0, 1 - t * skewness + 0.25 * t * t * (excess_kurtosis + 2));
    double t_error = sqrt(t_variance / n);
    *out = (elo_estimate){.pairs = pairs, .score = mean, .elo = elo_of_score(mean),
                          .elo_low = elo_of_score(mean - ELO_Z95 * error),
                          .elo_high = elo_of_score(mean + ELO_Z95 * error),
                          .los = 0.5 * erfc(-(mean - 0.5) / error / sqrt(2)),
                          .nelo = ELO_NELO_PER_PAIR_T * t,
                          .nelo_low = ELO_NELO_PER_PAIR_T * (t - ELO_Z95 * t_error),
                          .nelo_high = ELO_NELO_PER_PAIR_T * (t + ELO_Z95 * t_error)};
    return true;
}

bool elo_sprt_make(double elo0, double elo1, double alpha, double beta, elo_sprt *out)
{
    if (!(elo0 < elo1) || !(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5)) return false;
    if (!isfinite(elo0) || !isfinite(elo1)) return false;
    *out = (elo_sprt){.elo0 = elo0, .elo1 = elo1, .alpha = alpha, .beta = beta,
                      .lower = log(beta / (1 - alpha)), .upper = log((1 - beta) / alpha)};
    return true;
}

/* The root x of sum p_i d_i / (1 + x d_i) = 0 with d_i = a_i - s, in the
 * interval where every 1 + x d_i > 0.  The sum falls strictly with x there
 * (its derivative is -sum p_i d_i^2 / (1 + x d_i)^2), and d has both signs
 * for 0 < s < 1, so bisection finds the one root. */
static double secular_root(const double p[ELO_OUTCOMES], const double d[ELO_OUTCOMES])
{
    double low = -1 / d[ELO_OUTCOMES - 1], high = -1 / d[0]; /* d[0] < 0 < d[last] */
    for (int step = 0; step < ELO_SECULAR_STEPS; step++) {
        double x = (low + high) / 2, sum = 0;
        if (x <= low || x >= high) break;
        for (int i = 0; i < ELO_OUTCOMES; i++) sum += p[i] * d[i] / (1 + x * d[i]);
        if (sum > 0) low = x;
        else high = x;
    }
    return (low + high) / 2;
}

/* log of the maximum-likelihood distribution with mean s, at each outcome. */
static void log_mle(const double p[ELO_OUTCOMES], double s, double out[ELO_OUTCOMES])
{
    double d[ELO_OUTCOMES];
    for (int i = 0; i < ELO_OUTCOMES; i++) d[i] = pair_score(i) - s;
    double x = secular_root(p, d);
    for (int i = 0; i < ELO_OUTCOMES; i++) out[i] = log(p[i] / (1 + x * d[i]));
}

double elo_llr(const uint64_t counts[ELO_OUTCOMES], const elo_sprt *test)
{
    uint64_t pairs = 0;
    for (int i = 0; i < ELO_OUTCOMES; i++) pairs += counts[i];
    if (pairs == 0) return 0;
    double p[ELO_OUTCOMES], p0[ELO_OUTCOMES], p1[ELO_OUTCOMES];
    double n = distribution(counts, p);
    log_mle(p, elo_score_of(test->elo0), p0);
    log_mle(p, elo_score_of(test->elo1), p1);
    double llr = 0;
    for (int i = 0; i < ELO_OUTCOMES; i++) llr += p[i] * (p1[i] - p0[i]);
    return n * llr;
}

elo_verdict elo_sprt_verdict(double llr, const elo_sprt *test)
{
    if (llr >= test->upper) return ELO_SPRT_H1;
    if (llr <= test->lower) return ELO_SPRT_H0;
    return ELO_SPRT_CONTINUE;
}
