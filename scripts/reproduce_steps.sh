# reproduce_steps.sh: the measuring steps of scripts/reproduce.sh, which
# sources this file; not a command of its own.
#
# Each step_NAME writes its files into $STAGE (its logs into $STAGE/logs)
# and hands every child's exit status to checked: a failure marks the run
# failed, a child ended by SIGINT or SIGTERM ends the run with 130.  They
# read what reproduce.sh set: ROOT BUILD ISA INSTALL MODE STAGE STUDIES RUN_ID and
# the mode's REPETITIONS MIN_TIME SWEEP_BUDGET TIME_BUDGETS PEER_ARGS AB_ARGS
# AB_CONFIGS HYPERFINE_ARGS.  With PRUNE_REPRODUCE_STUB=1, reproduce.sh calls
# tests/reproduce_stub.py instead of the steps that write files.
# shellcheck shell=bash disable=SC2154

step_tools() {
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
    need_command git git
    if ! dpkg -s libbenchmark-dev >/dev/null 2>&1 && ! pkg-config --exists benchmark 2>/dev/null; then
        MISSING+=(libbenchmark-dev)
    fi
    if [ ${#MISSING[@]} -eq 0 ]; then
        note "all present: meson $(meson --version), $(hyperfine --version), node $(node --version)"
        return
    fi
    if [ "$INSTALL" -eq 0 ]; then
        echo "reproduce.sh: missing ${MISSING[*]} (and --no-install given)" >&2
        exit 1
    fi
    s=0; "$ROOT/scripts/install_deps.sh" "${MISSING[@]}" || s=$?
    checked $s "installing ${MISSING[*]}"
    [ "$FAILED" -eq 0 ] || exit 1
}

step_build() {
    # --reconfigure also picks up options added since the directory was set up.
    local reconfigure=()
    [ -f "$BUILD/build.ninja" ] && reconfigure=(--reconfigure)
    s=0
    meson setup "${reconfigure[@]}" "$BUILD" "$ROOT" --buildtype=release -Db_ndebug=if-release \
        -Disa="$ISA" >"$STAGE/logs/meson-setup.log" 2>&1 || s=$?
    checked $s "meson could not configure $BUILD (logs/meson-setup.log)"
    [ "$FAILED" -eq 0 ] || { tail -n 5 "$STAGE/logs/meson-setup.log" >&2; exit 1; }
    s=0; piped last_line ninja -C "$BUILD" || s=$?
    checked $s "ninja failed"
    [ "$FAILED" -eq 0 ] || exit 1
    if [ ! -x "$BUILD/benchmarks/studies_bench" ]; then
        echo "reproduce.sh: benchmarks/studies_bench was not built (is libbenchmark-dev installed?)" >&2
        exit 1
    fi
    note "games compiled in: $("$BUILD/prune" games | tr '\n' ' ')"
}

PEER=$ROOT/peers/minimaxer
step_peer() {
    local installed
    installed=$(node -e 'try{console.log(require(process.argv[1]).version)}catch(e){}' \
        "$PEER/node_modules/minimaxer/package.json" 2>/dev/null || true)
    if [ "$installed" != "3.2.3" ]; then
        if [ "$INSTALL" -eq 0 ]; then
            echo "reproduce.sh: minimaxer 3.2.3 is not installed in peers/minimaxer (and --no-install given)" >&2
            exit 1
        fi
        s=0; (cd "$PEER" && npm ci --no-audit --no-fund --loglevel=error) || s=$?
        checked $s "npm ci in peers/minimaxer"
        [ "$FAILED" -eq 0 ] || exit 1
    fi
    note "minimaxer $(node -e 'console.log(require(process.argv[1]).version)' "$PEER/node_modules/minimaxer/package.json")"
}

show_progress() {
    { grep --line-buffered -E "_median |ERROR|SKIPPED|studies_bench:|FAIL" || true; } \
        | sed -u -E 's#/min_time:[^ ]*_median##; s#^#    #; s#^(.{180}).*#\1#'
}
study_progress() { tee "$STUDY_LOG" | show_progress; }
peer_summary() {
    node -e '
        for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean)) {
            const r = JSON.parse(l);
            console.log(`    ${r.config.padEnd(27)} depth ${r.depth}: created ${r.created} evals ${r.evals}` +
                        ` ${r.ok ? "ok" : "MISMATCH"}  ${r.ops_per_second.toFixed(1)} ops/s`);
        }' "$1"
}
run_peer() {
    printf '\n--- peer minimaxer (Node.js, same searches)  (%s elapsed)\n' "$(elapsed)"
    s=0; (cd "$PEER" && node bench.mjs "${PEER_ARGS[@]}") >"$STAGE/peer_minimaxer.jsonl" || s=$?
    checked $s "peer minimaxer: bench.mjs failed (counts differ from docs/kalah.md?)"
    [ $s -ne 0 ] || peer_summary "$STAGE/peer_minimaxer.jsonl"
    printf '\n--- prune and minimaxer in paired windows (%s)  (%s elapsed)\n' "${AB_ARGS[*]}" "$(elapsed)"
    s=0; piped indent python3 "$ROOT/scripts/peer_ab.py" "$BUILD/benchmarks/studies_bench" "${AB_ARGS[@]}" \
        ${AB_CONFIGS:+--configs "$AB_CONFIGS"} -o "$STAGE/peer_ab.csv" || s=$?
    checked $s "peer_ab.py failed"
}
run_study() {
    local study=$1 json=$BUILD/benchmarks/$1.json cases=$BUILD/benchmarks/$1.csv
    rm -f "$json" "$cases"
    printf '\n--- study %s  (%s elapsed)\n' "$study" "$(elapsed)"
    # The benchmark's own lines as they come: one median per benchmark, and any error.
    STUDY_LOG=$STAGE/logs/meson-$study.log
    s=0
    piped study_progress meson test -C "$BUILD" --no-rebuild --benchmark --suite "$study" --verbose \
        --num-processes 1 || s=$?
    checked $s "study $study: meson test failed (a count mismatch is reported as an error, above)"
    if [ -f "$json" ] && [ -f "$cases" ]; then
        cp "$json" "$STAGE/raw/$study.json"
        cp "$cases" "$STAGE/raw/$study.csv"
    else
        fail_step "study $study: no JSON or tidy CSV output ($json, $cases)"
    fi
    if [ "$study" = tictactoe ] && [ -f "$BUILD/benchmarks/tictactoe_games.csv" ]; then
        cp "$BUILD/benchmarks/tictactoe_games.csv" "$STAGE/tictactoe_games.csv"
    fi
    [ "$study" != minimaxer ] || run_peer
}
step_studies() {
    export PRUNE_BENCH_REPETITIONS=$REPETITIONS PRUNE_BENCH_MIN_TIME=$MIN_TIME PRUNE_SWEEP_BUDGET=$SWEEP_BUDGET
    # A quick run keeps what studies/timing.csv says of each study.
    PRUNE_BENCH_QUICK=0
    [ "$MODE" != quick ] || PRUNE_BENCH_QUICK=1
    export PRUNE_BENCH_QUICK
    local study
    for study in "${STUDIES[@]}"; do run_study "$study"; done
}

step_sweep() {
    rm -f "$BUILD/benchmarks/depth_sweep.csv"
    s=0; meson test -C "$BUILD" --no-rebuild --benchmark --suite sweep --num-processes 1 \
        >"$STAGE/logs/meson-sweep.log" 2>&1 || s=$?
    checked $s "depth sweep failed (see logs/meson-sweep.log)"
    if [ $s -eq 0 ] && [ -f "$BUILD/benchmarks/depth_sweep.csv" ]; then
        cp "$BUILD/benchmarks/depth_sweep.csv" "$STAGE/depth_sweep.csv"
        note "$(($(wc -l <"$STAGE/depth_sweep.csv") - 1)) searches"
    fi
    # The techniques study's time-limited table (benchmarks/time_ladder.c).
    rm -f "$BUILD/benchmarks/time_ladder.csv"
    s=0; PRUNE_TIME_BUDGETS=$TIME_BUDGETS meson test -C "$BUILD" --no-rebuild --benchmark --suite techniques-time \
        --num-processes 1 >"$STAGE/logs/meson-time-ladder.log" 2>&1 || s=$?
    checked $s "time ladder failed (see logs/meson-time-ladder.log)"
    if [ $s -eq 0 ] && [ -f "$BUILD/benchmarks/time_ladder.csv" ]; then
        cp "$BUILD/benchmarks/time_ladder.csv" "$STAGE/time_ladder.csv"
        note "time ladder: $(($(wc -l <"$STAGE/time_ladder.csv") - 1)) budgets measured"
    fi
}

# The pons study (Connect Four, Pons' solver steps): every cell within its
# budget, all 1000 positions where that fits (checked against the published
# means), a declared sample elsewhere.  The series' test sets come from
# PRUNE_CONNECT4_DATA when set, else prune's own (studies/connect4/).  The
# per-position lines stay in logs/ (not committed); pons.csv is the result.
step_pons() {
    s=0; piped indent python3 "$ROOT/scripts/pons_study.py" --prune "$BUILD/prune" --out "$STAGE/logs/pons" \
        --budget "$PONS_BUDGET" || s=$?
    checked $s "the pons study failed (a wrong score or a mean that differs from the published one, above)"
    [ $s -ne 0 ] || mv "$STAGE/logs/pons/pons.csv" "$STAGE/pons.csv"
    pons_peer
}

# Pons' own part-12 build beside solve-lowerbound on Middle-Easy (the series'
# set when PRUNE_CONNECT4_DATA has it, else prune's own), equal counts checked
# and timed in paired windows (peers/pons/compare.py), into pons_peer.csv.
# Optional: without PRUNE_PONS_CHECKOUT (nothing of his is in the repository)
# it says so in one line and the report says it was not run.
pons_peer() {
    if [ "$PONS_PEER_WINDOWS" = 0 ]; then note "Pons' own solver: not timed in the quick pass"; return; fi
    if [ -z "${PRUNE_PONS_CHECKOUT:-}" ]; then
        note "Pons' own solver: skipped (PRUNE_PONS_CHECKOUT unset; peers/pons/README.md)"; return
    fi
    local positions="$ROOT/studies/connect4/prune_L2_R1"
    [ -f "${PRUNE_CONNECT4_DATA:-/nonexistent}/Test_L2_R1" ] && positions="$PRUNE_CONNECT4_DATA/Test_L2_R1"
    s=0; piped indent python3 "$ROOT/peers/pons/compare.py" "$BUILD/prune" --positions "$positions" \
        --tags part12 --windows "$PONS_PEER_WINDOWS" --window-time 0.75 -o "$STAGE/pons_peer.csv" || s=$?
    case $s in
        0) ;;
        77) note "Pons' own solver: skipped (no build of it, above)" ;;
        *) checked $s "prune and Pons' own part 12 differ, or his solver failed (above)" ;;
    esac
}

step_tidy() {
    s=0; piped indent python3 "$ROOT/scripts/gbench_to_csv.py" "$STAGE"/raw/*.json "$STAGE"/raw/*.csv -o "$STAGE/studies.csv" || s=$?
    checked $s "gbench_to_csv.py failed"
    if [ -s "$STAGE/peer_minimaxer.jsonl" ]; then
        s=0; piped indent python3 "$ROOT/scripts/peer_compare.py" --peer "$STAGE/peer_minimaxer.jsonl" \
            --studies "$STAGE/studies.csv" -o "$STAGE/peer_minimaxer.csv" || s=$?
        checked $s "prune and minimaxer counts differ"
    fi
}

step_hyperfine() {
    s=0; python3 "$ROOT/scripts/run_hyperfine.py" --prune "$BUILD/prune" --out "$STAGE/hyperfine" \
        "${HYPERFINE_ARGS[@]}" >"$STAGE/logs/hyperfine.log" 2>&1 || s=$?
    [ $s -eq 0 ] || tail -n 5 "$STAGE/logs/hyperfine.log" >&2
    checked $s "hyperfine failed"
    grep -E "^run_hyperfine|^Benchmark|Time \(mean" "$STAGE/logs/hyperfine.log" | indent || true
}

step_plots() {
    local script
    for script in "$ROOT"/plots/*.gp; do
        s=0; gnuplot -e "datadir='$STAGE/plotdata'; outdir='$STAGE/plots'" "$script" 2>"$STAGE/logs/gnuplot.log" || s=$?
        [ $s -eq 0 ] || cat "$STAGE/logs/gnuplot.log" >&2
        checked $s "plot $(basename "$script") failed"
    done
}

# write_run_json WALL_TIME: the run's machine and tools; run.json carries the run id itself.
write_run_json() {
    python3 - "$STAGE/run.json" "$1" "$ROOT/scripts" <<EOF
import json, os, sys
sys.path.insert(0, sys.argv[3])
from atomic_file import write_text_atomically
cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
info = {
    "run_id": "$RUN_ID", "mode": "$MODE", "commit": "$COMMIT", "date": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
    "isa": "$ISA", "repetitions": $REPETITIONS, "min_time": $MIN_TIME, "sweep_budget": $SWEEP_BUDGET,
    "time_budgets_ms": "$TIME_BUDGETS",
    "gbench": "$(dpkg-query -W -f='${Version}' libbenchmark-dev 2>/dev/null || echo '?')",
    "node": "$(node --version 2>/dev/null || echo '?')",
    "hyperfine": "$(hyperfine --version 2>/dev/null | cut -d' ' -f2)",
    "gnuplot": "$(gnuplot --version 2>/dev/null | cut -d' ' -f2-4)",
    "memory": "$(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)",
    "load_before": "$LOAD_BEFORE", "load_after": "$(cut -d' ' -f1-3 /proc/loadavg)",
    "cpu": cpu, "wall_time": sys.argv[2],
}
if os.environ.get("PRUNE_RUN_NOTES"):
    info["notes"] = os.environ["PRUNE_RUN_NOTES"]
write_text_atomically(sys.argv[1], json.dumps(info, indent=1) + "\n")
EOF
}
