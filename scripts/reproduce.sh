#!/usr/bin/env bash
# reproduce.sh: reruns every study and regenerates the results, the report
# and the plots (benchmarks/README.md describes the harness).
#
#   scripts/reproduce.sh            the full reproduction (how long: benchmarks/README.md)
#   scripts/reproduce.sh --quick    a smaller pass into results/quick/
#
# Options: --no-install (never call apt-get or npm), --build-dir DIR
# (default build-release), --isa auto|baseline|x86-64-v3 (the instruction
# set prune is built for; auto, the default, takes x86-64-v3 when the CPU
# has it, as V8 compiles minimaxer for the CPU it runs on).
# PRUNE_RUN_NOTES, if set, is a sentence about the run that goes into
# run.json and the report.
#
# Steps: install missing Debian packages (apt-get, with sudo when not root)
# and the npm peer; build with meson (release); run each study's Google
# Benchmark benchmark (meson test --benchmark --suite STUDY), with the
# Minimaxer peer and the paired prune/minimaxer windows (scripts/peer_ab.py)
# right after the minimaxer study; the depth sweep; convert
# the JSON to tidy CSV; hyperfine; the report and the plots.
#
# Everything is written into a staging directory first (results/.tmp-run-*).
# Only when every step succeeded are the files renamed into results/ and
# plots/out/ (results/quick/ for --quick), one rename per file; a failed or
# interrupted run leaves the previous results as they were, and a failed
# run's files stay in results/.tmp-failed-* for inspection.  A benchmark
# whose counts differ from the reference fails the run.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MODE=full
INSTALL=1
BUILD=$ROOT/build-release
ISA=auto
while [ $# -gt 0 ]; do
    case $1 in
        --quick) MODE=quick ;;
        --no-install) INSTALL=0 ;;
        --build-dir) BUILD=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
        --isa)
            case ${2:-} in
                auto|baseline|x86-64-v3) ISA=$2 ;;
                *) echo "reproduce.sh: --isa takes auto, baseline or x86-64-v3, not '${2:-}'" >&2; exit 2 ;;
            esac
            shift ;;
        -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "reproduce.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

STUDIES=(minimaxer ardri scala doundo tictactoe)
if [ "$MODE" = quick ]; then
    OUT=$ROOT/results/quick
    PLOTS_OUT=$ROOT/results/quick/plots
    PLOTS_LINK=plots
    REPETITIONS=2
    MIN_TIME=0.02
    SWEEP_BUDGET=0.02
    PEER_ARGS=(--repetitions 2 --min-time 0.1 --warmup 0.2)
    AB_ARGS=(--processes 1 --windows 4 --window-time 0.15)
    AB_CONFIGS=tree-optimal
    HYPERFINE_ARGS=(--quick)
else
    OUT=$ROOT/results
    PLOTS_OUT=$ROOT/plots/out
    PLOTS_LINK=../plots/out
    REPETITIONS=5
    MIN_TIME=0.2
    SWEEP_BUDGET=0.25
    PEER_ARGS=(--repetitions 5 --min-time 0.5 --warmup 0.5)
    AB_ARGS=(--processes 4 --windows 8 --window-time 0.25)
    AB_CONFIGS=tree-standard,tree-ab,tree-ab-presort,tree-ab-presort-gen,tree-ab-presort-gen-bubble,tree-optimal,tree-ab-depth
    HYPERFINE_ARGS=()
fi

START=$(date +%s)
STEP=0
STEPS=10
FAILED=0
FAILURES=()
elapsed() {
    local s=$(( $(date +%s) - START ))
    printf '%dm%02ds' $((s / 60)) $((s % 60))
}
step() {
    STEP=$((STEP + 1))
    printf '\n==> [%d/%d] %s  (%s elapsed)\n' "$STEP" "$STEPS" "$*" "$(elapsed)"
}
note() { printf '    %s\n' "$*"; }
fail_step() {
    FAILED=1
    FAILURES+=("$*")
    printf '    FAILED: %s\n' "$*" >&2
}

mkdir -p "$ROOT/results"
STAGE=$(mktemp -d "$ROOT/results/.tmp-run-XXXXXX")
finish() {
    local status=$?
    if [ -d "$STAGE" ]; then
        if [ $status -eq 0 ]; then
            rm -rf "$STAGE"
        else
            local kept="$ROOT/results/.tmp-failed-$(date +%Y%m%d-%H%M%S)"
            mv "$STAGE" "$kept" 2>/dev/null && echo "reproduce.sh: this run's files are in ${kept#$ROOT/}" >&2
            echo "reproduce.sh: the previous results in ${OUT#$ROOT/}/ are unchanged" >&2
        fi
    fi
}
trap finish EXIT
trap 'echo; echo "reproduce.sh: interrupted" >&2; exit 130' INT TERM

echo "prune reproduction ($MODE): results to ${OUT#$ROOT/}/, plots to ${PLOTS_OUT#$ROOT/}/"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")

# ---------------------------------------------------------------- 1. tools
step "tools"
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
MISSING=()
need_command() { command -v "$1" >/dev/null 2>&1 || MISSING+=("$2"); }
need_command meson meson
need_command ninja ninja-build
need_command cc gcc
need_command c++ g++
need_command pkg-config pkg-config
need_command hyperfine hyperfine
need_command gnuplot gnuplot-nox
need_command node nodejs
need_command npm npm
need_command python3 python3
need_command git git
if ! dpkg -s libbenchmark-dev >/dev/null 2>&1 && ! pkg-config --exists benchmark 2>/dev/null; then
    MISSING+=(libbenchmark-dev)
fi
if [ ${#MISSING[@]} -gt 0 ]; then
    if [ $INSTALL -eq 0 ]; then
        echo "reproduce.sh: missing ${MISSING[*]} (and --no-install given)" >&2
        exit 1
    fi
    note "installing ${MISSING[*]}"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${MISSING[@]}"
else
    note "all present: meson $(meson --version), $(hyperfine --version), node $(node --version)"
fi

# ---------------------------------------------------------------- 2. build
if [ "$ISA" = auto ]; then
    # glibc's loader lists the x86-64 levels this CPU supports.
    if /lib64/ld-linux-x86-64.so.2 --help 2>/dev/null | grep -q 'x86-64-v3 (supported'; then
        ISA=x86-64-v3
    else
        ISA=baseline
    fi
fi
step "build (meson, release, isa $ISA) in ${BUILD#$ROOT/}"
# --reconfigure also picks up options added since the directory was set up.
reconfigure=()
[ -f "$BUILD/build.ninja" ] && reconfigure=(--reconfigure)
if ! out=$(meson setup "${reconfigure[@]}" "$BUILD" "$ROOT" --buildtype=release -Db_ndebug=if-release \
        -Disa="$ISA" 2>&1); then
    echo "$out" | tail -n 5 >&2
    echo "reproduce.sh: meson could not configure $BUILD" >&2
    exit 1
fi
ninja -C "$BUILD" | tail -n 1
if [ ! -x "$BUILD/benchmarks/studies_bench" ]; then
    echo "reproduce.sh: benchmarks/studies_bench was not built (is libbenchmark-dev installed?)" >&2
    exit 1
fi
note "games compiled in: $("$BUILD/prune" games | tr '\n' ' ')"

# ---------------------------------------------------------------- 3. the peer
step "the Minimaxer peer (npm)"
PEER=$ROOT/peers/minimaxer
installed=$(node -e 'try{console.log(require(process.argv[1]).version)}catch(e){}' \
    "$PEER/node_modules/minimaxer/package.json" 2>/dev/null || true)
if [ "$installed" != "3.2.3" ]; then
    if [ $INSTALL -eq 0 ]; then
        echo "reproduce.sh: minimaxer 3.2.3 is not installed in peers/minimaxer (and --no-install given)" >&2
        exit 1
    fi
    (cd "$PEER" && npm ci --no-audit --no-fund --loglevel=error)
fi
note "minimaxer $(node -e 'console.log(require(process.argv[1]).version)' "$PEER/node_modules/minimaxer/package.json")"

# ---------------------------------------------------------------- 4. benchmarks
COMMIT=$(git -C "$ROOT" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null | head -n 1)" ]; then
    COMMIT="$COMMIT-dirty"
fi
export PRUNE_COMMIT=$COMMIT PRUNE_BENCH_REPETITIONS=$REPETITIONS PRUNE_BENCH_MIN_TIME=$MIN_TIME
export PRUNE_SWEEP_BUDGET=$SWEEP_BUDGET
mkdir -p "$STAGE/raw" "$STAGE/hyperfine"
show_progress() {
    { grep --line-buffered -E "_median |ERROR|SKIPPED|studies_bench:|FAIL" || true; } \
        | sed -u -E 's#/min_time:[^ ]*_median##; s#^#    #; s#^(.{180}).*#\1#'
}
step "studies (Google Benchmark: $REPETITIONS repetitions, min time $MIN_TIME s, medians)"
for study in "${STUDIES[@]}"; do
    json=$BUILD/benchmarks/$study.json
    rm -f "$json"
    printf '\n--- study %s  (%s elapsed)\n' "$study" "$(elapsed)"
    # The benchmark's own lines as they come: one median per benchmark, and any error.
    if ! meson test -C "$BUILD" --no-rebuild --benchmark --suite "$study" --verbose --num-processes 1 2>&1 \
            | tee "$STAGE/meson-$study.log" | show_progress; then
        fail_step "study $study: meson test failed (a count mismatch is reported as an error, above)"
    fi
    if [ -f "$json" ]; then
        cp "$json" "$STAGE/raw/$study.json"
    else
        fail_step "study $study: no JSON output ($json)"
    fi
    if [ "$study" = tictactoe ] && [ -f "$BUILD/benchmarks/tictactoe_games.csv" ]; then
        cp "$BUILD/benchmarks/tictactoe_games.csv" "$STAGE/tictactoe_games.csv"
    fi
    if [ "$study" = minimaxer ]; then
        printf '\n--- peer minimaxer (Node.js, same searches)  (%s elapsed)\n' "$(elapsed)"
        if (cd "$PEER" && node bench.mjs "${PEER_ARGS[@]}") >"$STAGE/peer_minimaxer.jsonl"; then
            node -e '
                for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean)) {
                    const r = JSON.parse(l);
                    console.log(`    ${r.config.padEnd(27)} depth ${r.depth}: created ${r.created} evals ${r.evals}` +
                                ` ${r.ok ? "ok" : "MISMATCH"}  ${r.ops_per_second.toFixed(1)} ops/s`);
                }' "$STAGE/peer_minimaxer.jsonl"
        else
            fail_step "peer minimaxer: bench.mjs failed (counts differ from docs/kalah.md?)"
        fi
        printf '\n--- prune and minimaxer in paired windows (%s)  (%s elapsed)\n' "${AB_ARGS[*]}" "$(elapsed)"
        python3 "$ROOT/scripts/peer_ab.py" "$BUILD/benchmarks/studies_bench" "${AB_ARGS[@]}" \
            --configs "$AB_CONFIGS" -o "$STAGE/peer_ab.csv" | sed 's/^/    /' \
            || fail_step "peer_ab.py failed"
    fi
done

step "depth sweep (nodes against depth, every config, every game; budget $SWEEP_BUDGET s per search)"
rm -f "$BUILD/benchmarks/depth_sweep.csv"
if meson test -C "$BUILD" --no-rebuild --benchmark --suite sweep --num-processes 1 >"$STAGE/meson-sweep.log" 2>&1 \
        && [ -f "$BUILD/benchmarks/depth_sweep.csv" ]; then
    cp "$BUILD/benchmarks/depth_sweep.csv" "$STAGE/depth_sweep.csv"
    note "$(($(wc -l <"$STAGE/depth_sweep.csv") - 1)) searches"
else
    fail_step "depth sweep failed (see meson-sweep.log)"
fi

# ---------------------------------------------------------------- 5. tidy CSV
step "tidy CSV"
python3 "$ROOT/scripts/gbench_to_csv.py" "$STAGE"/raw/*.json -o "$STAGE/studies.csv" | sed 's/^/    /'
if [ -s "$STAGE/peer_minimaxer.jsonl" ]; then
    python3 "$ROOT/scripts/peer_compare.py" --peer "$STAGE/peer_minimaxer.jsonl" --studies "$STAGE/studies.csv" \
        -o "$STAGE/peer_minimaxer.csv" 2>&1 | sed 's/^/    /' || fail_step "prune and minimaxer counts differ"
fi

# ---------------------------------------------------------------- 6. hyperfine
step "hyperfine (whole processes, warm-up first)"
if ! python3 "$ROOT/scripts/run_hyperfine.py" --prune "$BUILD/prune" --out "$STAGE/hyperfine" \
        "${HYPERFINE_ARGS[@]}" >"$STAGE/hyperfine.log" 2>&1; then
    tail -n 5 "$STAGE/hyperfine.log" >&2
    fail_step "hyperfine failed"
fi
grep -E "^run_hyperfine|^Benchmark|Time \(mean" "$STAGE/hyperfine.log" | sed 's/^/    /' || true

# ---------------------------------------------------------------- 7. report, plots
write_run_json() {
    python3 - "$STAGE/run.json" <<EOF
import json, os, sys
info = {
    "mode": "$MODE", "commit": "$COMMIT", "date": "$(date -u +%Y-%m-%dT%H:%M:%SZ)", "isa": "$ISA",
    "repetitions": $REPETITIONS, "min_time": $MIN_TIME, "sweep_budget": $SWEEP_BUDGET,
    "gbench": "$(dpkg-query -W -f='${Version}' libbenchmark-dev 2>/dev/null || echo '?')",
    "node": "$(node --version)", "hyperfine": "$(hyperfine --version | cut -d' ' -f2)",
    "gnuplot": "$(gnuplot --version | cut -d' ' -f2-4)",
    "memory": "$(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)",
    "load_before": "$LOAD_BEFORE", "load_after": "$(cut -d' ' -f1-3 /proc/loadavg)",
    "wall_time": "$1",
}
if os.environ.get("PRUNE_RUN_NOTES"):
    info["notes"] = os.environ["PRUNE_RUN_NOTES"]
with open(sys.argv[1] + ".tmp", "w") as f:
    json.dump(info, f, indent=1)
os.replace(sys.argv[1] + ".tmp", sys.argv[1])
EOF
}
step "report"
write_run_json "$(elapsed) (up to the report)"
python3 "$ROOT/scripts/report.py" --results "$STAGE" --plots-link "$PLOTS_LINK" | sed 's/^/    /'

step "plots (gnuplot: SVG and PNG)"
mkdir -p "$STAGE/plots"
for script in "$ROOT"/plots/*.gp; do
    if ! gnuplot -e "datadir='$STAGE/plotdata'; outdir='$STAGE/plots'" "$script" 2>"$STAGE/gnuplot.log"; then
        cat "$STAGE/gnuplot.log" >&2
        fail_step "plot $(basename "$script") failed"
    fi
done
note "$(ls "$STAGE/plots" | wc -l) files: $(cd "$STAGE/plots" && ls *.svg 2>/dev/null | tr '\n' ' ')"
write_run_json "$(elapsed)"
python3 "$ROOT/scripts/report.py" --results "$STAGE" --plots-link "$PLOTS_LINK" >/dev/null

# ---------------------------------------------------------------- 8. install
step "install the results"
if [ $FAILED -ne 0 ]; then
    printf 'reproduce.sh: %d step(s) failed:\n' "${#FAILURES[@]}" >&2
    printf '  - %s\n' "${FAILURES[@]}" >&2
    exit 1
fi
# One rename per file, into directories on the same file system.  Files of a
# previous run that this run did not produce are removed from the
# directories the run owns (raw/, hyperfine/, plotdata/, the plots).
declare -A KEEP=()
for dir in raw hyperfine plotdata plots; do
    dest=$OUT/$dir
    [ "$dir" = plots ] && dest=$PLOTS_OUT
    mkdir -p "$dest"
    KEEP=()
    for f in "$STAGE/$dir"/*; do [ -f "$f" ] && KEEP[$(basename "$f")]=1; done
    for f in "$dest"/*; do
        if [ -f "$f" ] && [ -z "${KEEP[$(basename "$f")]:-}" ]; then rm -f "$f"; fi
    done
    for f in "$STAGE/$dir"/*; do [ -f "$f" ] && mv -f "$f" "$dest/"; done
done
for f in studies.csv tictactoe_games.csv depth_sweep.csv peer_minimaxer.csv peer_minimaxer.jsonl peer_ab.csv run.json REPORT.md; do
    [ -f "$STAGE/$f" ] && mv -f "$STAGE/$f" "$OUT/$f"
done
rm -rf "$STAGE"

printf '\nDone in %s: %s\n' "$(elapsed)" "${OUT#$ROOT/}/REPORT.md"
grep -E "^Headline|^[0-9]+ measurements" "$OUT/REPORT.md" | sed 's/^/  /' || true
