/* clock_test: a move's share of a clock (match/match_play.c,
 * match_clock_move_us and match_clock_move_ms) at exact values.  The share
 * is a 30th of what is left plus 3/4 of the increment, at most half of
 * what is left, at least 1 ms; reckoned in microseconds, so that a 1 ms
 * increment's 750 us count (in whole milliseconds they rounded to 0, issue
 * 48).  And the slack a move may pass its time by before it counts as
 * an overrun (match_overrun_slack_ms).
 *
 *     clock_test
 */
#include <inttypes.h>
#include <stdio.h>

#include "match_types.h"

static int failures;

static void expect(const char *what, uint64_t got, uint64_t want)
{
    if (got != want) {
        printf("FAIL %s: %" PRIu64 ", expected %" PRIu64 "\n", what, got, want);
        failures++;
    }
}

int main(void)
{
    /* tc=100+1, the first move: 100000 / 30 = 3333 us, plus 750 */
    expect("100 ms left, 1 ms increment (us)", match_clock_move_us(100000, 1000), 4083);
    expect("100 ms left, 1 ms increment (ms)", match_clock_move_ms(100, 1), 4);
    expect("100 ms left, no increment (ms)", match_clock_move_ms(100, 0), 3);
    /* tc=600+6: 20000 + 4500 us */
    expect("600 ms left, 6 ms increment (us)", match_clock_move_us(600000, 6000), 24500);
    /* never more than half of what is left: 60 + 7500 us capped at 900 us, then the 1 ms floor */
    expect("1.8 ms left, 10 ms increment (us)", match_clock_move_us(1800, 10000), 1000);
    expect("30 ms left, 40 ms increment (us)", match_clock_move_us(30000, 40000), 15000);
    /* nothing left: the 1 ms floor */
    expect("nothing left (us)", match_clock_move_us(0, 0), 1000);
    expect("nothing left (ms)", match_clock_move_ms(0, 0), 1);
    /* the overrun slack: a tenth of the move's time, at most 1 ms (in microseconds, exact) */
    expect("slack of a 1 ms move (us)", (uint64_t)(match_overrun_slack_ms(1) * 1000 + 0.5), 100);
    expect("slack of a 3 ms move (us)", (uint64_t)(match_overrun_slack_ms(3) * 1000 + 0.5), 300);
    expect("slack of a 10 ms move (us)", (uint64_t)(match_overrun_slack_ms(10) * 1000 + 0.5), 1000);
    expect("slack of a 600 ms move (us)", (uint64_t)(match_overrun_slack_ms(600) * 1000 + 0.5), 1000);
    printf("%s: clock shares and overrun slack, %d failure%s\n", failures ? "FAIL" : "ok", failures, failures == 1 ? "" : "s");
    return failures != 0;
}
