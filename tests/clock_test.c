/* clock_test: a move's share of a clock (match/match_play.c,
 * match_clock_move_us) at exact values.  The share is a 30th of what is
 * left plus 3/4 of the increment, at most half of what is left, at least
 * 100 us; reckoned in microseconds, so that a 1 ms increment's 750 us count
 * (in whole milliseconds they rounded to 0, issue 48) and a clock of 10+0.1
 * gives its moves their 400 us.  The slack a move may pass its time by
 * before it counts as an overrun (match_overrun_slack_us).  And the
 * milliseconds a clock is written in (util/numbers.h): read to the
 * microsecond, written back as they were read.
 *
 *     clock_test
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "match_types.h"
#include "numbers.h"

static int failures;

static void expect(const char *what, uint64_t got, uint64_t want)
{
    if (got != want) {
        printf("FAIL %s: %" PRIu64 ", expected %" PRIu64 "\n", what, got, want);
        failures++;
    }
}

static void expect_read(const char *text, bool ok, unsigned long long want)
{
    unsigned long long us = 0;
    char back[NUMBERS_MILLISECONDS_SIZE];
    bool read = parse_milliseconds(text, 0, 86400000000ULL, &us);
    if (read != ok || (ok && us != want)) {
        printf("FAIL reading '%s': %s %llu, expected %s %llu\n", text, read ? "read" : "refused", us,
               ok ? "read" : "refused", want);
        failures++;
        return;
    }
    if (!ok) return;
    format_milliseconds(us, back);
    unsigned long long again = 0;
    if (!parse_milliseconds(back, 0, 86400000000ULL, &again) || again != us) {
        printf("FAIL '%s' written back as '%s'\n", text, back);
        failures++;
    }
}

int main(void)
{
    /* tc=100+1, the first move: 100000 / 30 = 3333 us, plus 750 */
    expect("100 ms left, 1 ms increment (us)", match_clock_move_us(100000, 1000), 4083);
    expect("100 ms left, no increment (us)", match_clock_move_us(100000, 0), 3333);
    /* tc=600+6: 20000 + 4500 us */
    expect("600 ms left, 6 ms increment (us)", match_clock_move_us(600000, 6000), 24500);
    /* tc=10+0.1: 333 + 75 us */
    expect("10 ms left, 0.1 ms increment (us)", match_clock_move_us(10000, 100), 408);
    /* never more than half of what is left: 60 + 7500 us capped at 900 us */
    expect("1.8 ms left, 10 ms increment (us)", match_clock_move_us(1800, 10000), 900);
    expect("30 ms left, 40 ms increment (us)", match_clock_move_us(30000, 40000), 15000);
    /* all but nothing left: the 100 us floor */
    expect("0.15 ms left, no increment (us)", match_clock_move_us(150, 0), 100);
    expect("nothing left (us)", match_clock_move_us(0, 0), 100);
    /* the overrun slack: a tenth of the move's time, at most 1 ms */
    expect("slack of a 0.4 ms move (us)", match_overrun_slack_us(408), 40);
    expect("slack of a 1 ms move (us)", match_overrun_slack_us(1000), 100);
    expect("slack of a 3 ms move (us)", match_overrun_slack_us(3000), 300);
    expect("slack of a 10 ms move (us)", match_overrun_slack_us(10000), 1000);
    expect("slack of a 600 ms move (us)", match_overrun_slack_us(600000), 1000);
    /* milliseconds to the microsecond */
    expect_read("10", true, 10000);
    expect_read("0.1", true, 100);
    expect_read("2.25", true, 2250);
    expect_read("0.001", true, 1);
    expect_read("007.500", true, 7500);
    expect_read("86400000", true, 86400000000ULL);
    expect_read("86400000.001", false, 0);
    expect_read("0.0001", false, 0);
    expect_read("1.", false, 0);
    expect_read(".5", false, 0);
    expect_read("-1", false, 0);
    expect_read("1e3", false, 0);
    expect_read("", false, 0);
    expect_read("99999999999999999999999", false, 0);
    char text[NUMBERS_MILLISECONDS_SIZE];
    format_milliseconds(100, text);
    if (strcmp(text, "0.1") != 0) { printf("FAIL 100 us written '%s', not 0.1\n", text); failures++; }
    format_milliseconds(1000000, text);
    if (strcmp(text, "1000") != 0) { printf("FAIL 1 s written '%s', not 1000\n", text); failures++; }
    printf("%s: clock shares, overrun slack and milliseconds, %d failure%s\n", failures ? "FAIL" : "ok", failures,
           failures == 1 ? "" : "s");
    return failures != 0;
}
