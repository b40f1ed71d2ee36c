/* match_merge.c: `prune match-merge FILE` (docs/strength.md): the shards'
 * summaries read, checked and added up by the match subsystem
 * (match/match_merge.c), then the missing shards named on stderr and the
 * merged summary printed, its SPRT decided once, on the merged counts. */
#include <stdio.h>

#include "cli.h"
#include "match.h"

static int run_match_merge(const options *o)
{
    if (!o->operand) cli_fail("missing FILE: the --json outputs of a match's shards (/dev/stdin reads standard input)");
    match_merged merged;
    char message[MATCH_REFUSAL_SIZE];
    if (!match_merge_read(o->operand, &merged, message, sizeof message)) cli_fail("%s", message);
    if (merged.info.missing_pairs) {
        match_print_merge_line(stderr, &merged.info, "prune: warning: the statistics are of the pairs merged; shards ");
    }
    match_print_merged_summary(&merged.summary, options_given(o, "json"), &merged.info);
    match_merge_free();
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
