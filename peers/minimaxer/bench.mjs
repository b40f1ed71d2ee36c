// bench.mjs: the minimaxer study's peer.  For every search of the
// minimaxer study (tree configs, depths 5 and 6, given by --study) it
// runs the same search with the Minimaxer library
// (pinned in package.json) on mancala.mjs, checks the counts, and times
// whole operations: one operation builds a fresh root and tree and searches
// it, tree building included, as the blog measured.
//
//   node bench.mjs --study JSON [--quick] [--depths 5,6] [--configs a,b] [--repetitions N]
//                  [--min-time SECONDS] [--warmup SECONDS]
//   node bench.mjs --study JSON --serve --configs CONFIG --depths DEPTH [--warmup SECONDS]
//
// --study is the study as peers/minimaxer/study.py prints it from
// scripts/studies.py (compare.py and peer_ab.py pass it): its configs and
// depths in the order of studies/studies.csv, and the reference counts of
// studies/published.csv (minimaxer 3.2.3's own counts, docs/kalah.md), so
// that this file opens nothing of studies/.
//
// Prints one JSON object per line: config, depth, created (tree.nodeCount),
// evals (leaf values assigned, summed over the deepening passes), best,
// value, repetitions, ops_per_second (median of the repetitions), all the
// repetitions' rates, and expected/ok from the reference counts.
// Exits 1 when a count differs from the reference.
//
// --serve keeps one warmed-up process for one search, so that
// peers/minimaxer/peer_ab.py can time it in windows right beside prune's: it prints
// one JSON line with the counts, then answers each line of standard input
// (a number of seconds) with one JSON line {"ops_per_second": rate}.

import { Negamax, NegamaxOpts } from "minimaxer";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { getMoves, createChildNode, startRoot } from "./mancala.mjs";

const require = createRequire(import.meta.url);
const LIBRARY_VERSION = require("minimaxer/package.json").version;

// The library's const enums, as numbers.
const SEARCH_DEPTH = 0;
const SEARCH_DEEPENING = 2;
const PRUNING_NONE = 0;
const PRUNING_ALPHA_BETA = 1;
const SORT_DEFAULT = 0;
const SORT_BUBBLE_EFFICIENT = 2;

// prune's tree configs as Minimaxer options: the translation into the
// library's terms, which only this peer knows.  Which searches to run comes
// from --study.
export const CONFIGS = {
    "tree-standard": { method: SEARCH_DEEPENING, pruning: PRUNING_NONE },
    "tree-ab": { method: SEARCH_DEEPENING, pruning: PRUNING_ALPHA_BETA },
    "tree-ab-presort": { method: SEARCH_DEEPENING, pruning: PRUNING_ALPHA_BETA, presort: true },
    "tree-ab-presort-gen": {
        method: SEARCH_DEEPENING, pruning: PRUNING_ALPHA_BETA, presort: true, genBased: true,
    },
    "tree-ab-presort-gen-bubble": {
        method: SEARCH_DEEPENING, pruning: PRUNING_ALPHA_BETA, presort: true, genBased: true,
        sortMethod: SORT_BUBBLE_EFFICIENT,
    },
    "tree-optimal": { method: SEARCH_DEEPENING, optimal: true },
    "tree-ab-depth": { method: SEARCH_DEPTH, pruning: PRUNING_ALPHA_BETA },
};

// minimaxer 3.2.3's counts (--study's expected): [created, evals] by config and depth.
let EXPECTED = {};

function makeOpts(config, depth) {
    const opts = new NegamaxOpts();
    opts.depth = depth;
    opts.sortMethod = SORT_DEFAULT;
    Object.assign(opts, CONFIGS[config]);
    return opts;
}

// One operation: a fresh root, a fresh tree, one whole search.
export function search(config, depth) {
    const tree = new Negamax(startRoot(), makeOpts(config, depth));
    tree.GetMoves = getMoves;
    tree.CreateChildNode = createChildNode;
    let evals = 0;
    let passes = 0;
    tree.depthCallback = (_tree, result) => {
        evals += result.outcomes;
        passes++;
    };
    const result = tree.evaluate();
    if (passes === 0) evals = result.outcomes; // a single evalDepth: no callback
    return { created: tree.nodeCount, evals, best: String(result.move), value: result.value };
}

function timeOps(config, depth, seconds) {
    const nanos = BigInt(Math.round(seconds * 1e9));
    const start = process.hrtime.bigint();
    let ops = 0;
    let now = start;
    do {
        search(config, depth);
        ops++;
        now = process.hrtime.bigint();
    } while (now - start < nanos);
    return ops / (Number(now - start) / 1e9);
}

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function parseArguments(argv) {
    const options = { repetitions: 5, minTime: 0.5, warmup: 0.5 };
    let study = null;
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        const value = () => {
            if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
            return argv[++i];
        };
        if (arg === "--quick") Object.assign(options, { repetitions: 3, minTime: 0.15, warmup: 0.2 });
        else if (arg === "--depths") options.depths = value().split(",").map(Number);
        else if (arg === "--configs") options.configs = value().split(",");
        else if (arg === "--repetitions") options.repetitions = Number(value());
        else if (arg === "--min-time") options.minTime = Number(value());
        else if (arg === "--warmup") options.warmup = Number(value());
        else if (arg === "--serve") options.serve = true;
        else if (arg === "--study") study = JSON.parse(value());
        else throw new Error(`unknown argument ${arg}`);
    }
    if (!study) throw new Error("--study JSON is needed: the study's searches and counts (peers/minimaxer/study.py)");
    options.configs ??= study.configs;
    options.depths ??= study.depths;
    EXPECTED = study.expected;
    for (const config of options.configs)
        if (!(config in CONFIGS)) throw new Error(`config ${config} has no Minimaxer translation in bench.mjs`);
    if (options.serve && (options.configs.length !== 1 || options.depths.length !== 1))
        throw new Error("--serve times one search: give one config and one depth");
    return options;
}

// Counts as checked against the reference: the line every mode prints.
function checkedCounts(config, depth) {
    const counts = search(config, depth);
    const expected = EXPECTED[config]?.[depth];
    const ok = expected ? counts.created === expected[0] && counts.evals === expected[1] : null;
    if (ok === false)
        process.stderr.write(`peer: ${config} depth ${depth}: created/evals ${counts.created}/${counts.evals},` +
                             ` expected ${expected[0]}/${expected[1]}\n`);
    return {
        peer: "minimaxer", version: LIBRARY_VERSION, node: process.version, config, depth, ...counts,
        expected_created: expected ? expected[0] : null, expected_evals: expected ? expected[1] : null, ok,
    };
}

async function serve(options) {
    const config = options.configs[0];
    const depth = options.depths[0];
    const line = checkedCounts(config, depth);
    timeOps(config, depth, options.warmup);
    process.stdout.write(JSON.stringify(line) + "\n");
    if (line.ok === false) {
        process.exitCode = 1;
        return;
    }
    for await (const request of createInterface({ input: process.stdin })) {
        const seconds = Number(request);
        if (!(seconds > 0)) throw new Error(`--serve: expected a number of seconds, got '${request}'`);
        process.stdout.write(JSON.stringify({ ops_per_second: timeOps(config, depth, seconds) }) + "\n");
    }
}

function main() {
    const options = parseArguments(process.argv.slice(2));
    if (options.serve) return serve(options);
    let failures = 0;
    for (const depth of options.depths) {
        for (const config of options.configs) {
            const line = checkedCounts(config, depth);
            if (line.ok === false) failures++;
            timeOps(config, depth, options.warmup);
            const rates = [];
            for (let r = 0; r < options.repetitions; r++) rates.push(timeOps(config, depth, options.minTime));
            Object.assign(line, {
                repetitions: options.repetitions, ops_per_second: median(rates),
                rates: rates.map((x) => Number(x.toFixed(3))),
            });
            process.stdout.write(JSON.stringify(line) + "\n");
        }
    }
    process.exitCode = failures ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
