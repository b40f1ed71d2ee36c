/* check_tally.h: the pass/fail tally of the C test programs (oracle_test,
 * ladder_test): one line per failure, and the closing `N passed, N failed`
 * line that CI reads. */
#ifndef PRUNE_CHECK_TALLY_H
#define PRUNE_CHECK_TALLY_H

#include <stdbool.h>
#include <stdio.h>

static int passed, failed;

static void check(bool ok, const char *game, const char *moves, const char *config, int depth,
                  const char *what, long long got, long long expected)
{
    if (ok) { passed++; return; }
    failed++;
    printf("FAIL %s [%s] %s depth %d: %s %lld, expected %lld\n", game, moves, config, depth, what, got,
           expected);
}

#endif
