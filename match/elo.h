/* elo.h: the statistics of a match of game pairs, pure functions.
 *
 * A game pair is one opening played twice, colours swapped; its score for
 * A is 0, 1/4, 1/2, 3/4 or 1 of the pair's two points (LL, LD, DD or WL,
 * WD, WW): the pentanomial counts.  The formulas are fishtest's published
 * ones (docs/strength.md#statistics):
 *   - every count of 0 is read as 0.001 (fishtest's regularisation), so a
 *     one-sided match still has a finite Elo and a defined variance;
 *   - score mu = sum p_i a_i, pair variance var = sum p_i (a_i - mu)^2,
 *     with p_i = count_i / pairs and a_i = i / 4;
 *   - Elo under the logistic model, elo(s) = -400 log10(1/s - 1);
 *   - the 95% interval is elo(mu -+ 1.959964 sqrt(var / pairs));
 *   - LOS = Phi((mu - 1/2) / sqrt(var / pairs));
 *   - the GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) is
 *     pairs * sum p_i log(p1_i / p0_i), where p_s is the maximum-likelihood
 *     distribution on the a_i with mean s = 1 / (1 + 10^(-elo/400)):
 *     p_s,i = p_i / (1 + x (a_i - s)), x the root of the secular equation
 *     sum p_i (a_i - s) / (1 + x (a_i - s)) = 0;
 *   - bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha).
 *
 * Normalized Elo (nElo) is fishtest's figure for fixed-length pentanomial
 * tests (server/fishtest/http/template_helpers.py, _nelo_pentanomial_details
 * and _build_pentanomial_stats, with LLRcalc.py's nelo_divided_by_nt =
 * 800 / ln 10; github.com/official-stockfish/fishtest; the method is Michel
 * Van den Bergh's "Normalized Elo", cantate.be/Fishtest/
 * normalized_elo_practical.pdf).  It measures the score's excess over 1/2
 * in units of the per-game standard deviation sigma = sqrt(2 var) rather
 * than on the logistic curve, so it does not shrink as the draw rate grows:
 *   - t = (mu - 1/2) / sqrt(var), on the same regularised p_i as above;
 *   - nElo = (800 / ln 10) t / sqrt(2), the sqrt(2) turning the pair's
 *     deviation into a game's; at small differences, a game pair
 *     distribution with var = 1/8 (no draws, no pair correlation) has
 *     nElo = Elo;
 *   - its 95% interval is nElo of t -+ 1.959964 sqrt(var_t / pairs), the
 *     delta method's variance of t: var_t = max(0, 1 - t g + t^2 (k + 2) / 4),
 *     g the skewness m3 / var^1.5 and k the excess kurtosis m4 / var^2 - 3
 *     of the p_i (m_j the central moments);
 *   - "pairs" in the interval, as everywhere here, is the sum of the
 *     regularised counts.
 */
#ifndef PRUNE_ELO_H
#define PRUNE_ELO_H

#include <stdbool.h>
#include <stdint.h>

/* Pair outcomes from A's side, in the order of the pentanomial counts. */
enum { ELO_LL, ELO_LD, ELO_DD, ELO_WD, ELO_WW, ELO_OUTCOMES };

typedef struct {
    uint64_t pairs;
    double score;     /* A's mean score per game, 0..1 */
    double elo;       /* A's Elo difference over B (logistic) */
    double elo_low;   /* the 95% interval; +-INFINITY when it passes a score of 0 or 1 */
    double elo_high;
    double los;       /* likelihood of superiority of A, 0..1 */
    double nelo;      /* normalized Elo (fishtest's, for pairs) */
    double nelo_low;  /* its 95% interval: always finite */
    double nelo_high;
} elo_estimate;

typedef struct {
    double elo0, elo1, alpha, beta;
    double lower, upper; /* LLR bounds: at or below lower H0 is accepted, at or above upper H1 */
} elo_sprt;

typedef enum { ELO_SPRT_CONTINUE, ELO_SPRT_H0, ELO_SPRT_H1 } elo_verdict;

/* The estimate of `counts` (ELO_OUTCOMES pair counts); false when there is
 * no pair at all. */
bool elo_estimate_of(const uint64_t counts[ELO_OUTCOMES], elo_estimate *out);

/* The test of elo0 against elo1 with error rates alpha and beta; false
 * (nothing written) unless elo0 < elo1 and 0 < alpha, beta < 1/2. */
bool elo_sprt_make(double elo0, double elo1, double alpha, double beta, elo_sprt *out);

/* The GSPRT log-likelihood ratio of `counts` (0 when there is no pair). */
double elo_llr(const uint64_t counts[ELO_OUTCOMES], const elo_sprt *test);

elo_verdict elo_sprt_verdict(double llr, const elo_sprt *test);

/* The logistic model: Elo of a score in (0, 1), and its inverse. */
double elo_of_score(double score);
double elo_score_of(double elo);

#endif
