#!/usr/bin/env bash
# reproduce.sh: reruns every study and regenerates the results, the report
# and the plots (benchmarks/README.md describes the harness).
#
#   scripts/reproduce.sh            the full reproduction into results/ (under 15 minutes on 2 cores)
#   scripts/reproduce.sh --quick    a smaller pass (under 2 minutes) into results/quick/
#
# Options: --no-install (never call apt-get or npm), --build-dir DIR
# (default build-release), --isa auto|baseline|x86-64-v3 (the instruction
# set prune is built for; auto, the default, takes x86-64-v3 when the CPU
# has it, as V8 compiles minimaxer for the CPU it runs on), --allow-dirty
# (the full run refuses a tree with uncommitted changes otherwise: the
# committed results must be of a commit).
# PRUNE_RUN_NOTES, if set, is a sentence about the run that goes into
# run.json and the report.
#
# Steps: install missing Debian packages (scripts/install_deps.sh) and the
# npm peer; build with meson (release); run each study of studies/studies.csv
# (meson test --benchmark --suite STUDY), with the Minimaxer peer and the
# paired prune/minimaxer windows (scripts/peer_ab.py) right after the
# minimaxer study; the depth sweep and the techniques study's time-limited
# table (benchmarks/time_ladder.c); the tidy CSV; hyperfine; the report and
# the plots (into results/plots/); the install.
#
# A run is all or nothing.  Its run id (COMMIT-YYYYMMDDTHHMMSSZ) is in every
# file (scripts/run_id.py); everything is written into a staging directory,
# .reproduce/run-*, and only a run whose every step succeeded replaces
# results/ (results/quick/) as a whole, by one renameat2 exchange
# (scripts/install_run.py): a kill at any instant leaves the previous run or
# the new one, never a mix.  A failed or interrupted run's files stay in
# .reproduce/failed-RUNID (only the latest); a killed run's staging
# directory is removed by the next run.  One run at a time per checkout:
# a second one exits 2 (flock on .reproduce/lock).  Ctrl-C ends the run
# with status 130.  Exit status: 0 done, 1 a step failed, 2 bad usage or
# another run in progress, 130 interrupted.
set -euo pipefail
# One compound command, parsed in full before it runs: a checkout or an edit
# of this file during a run cannot change the running one.
{

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MODE=full
INSTALL=1
BUILD=$ROOT/build-release
ISA=auto
ALLOW_DIRTY=0
usage_error() { echo "reproduce.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
        --quick) MODE=quick ;;
        --no-install) INSTALL=0 ;;
        --allow-dirty) ALLOW_DIRTY=1 ;;
        --build-dir)
            [ $# -ge 2 ] || usage_error "--build-dir takes a directory"
            BUILD=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
        --isa)
            case ${2:-} in
                auto|baseline|x86-64-v3) ISA=$2 ;;
                *) usage_error "--isa takes auto, baseline or x86-64-v3, not '${2:-}'" ;;
            esac
            shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) usage_error "unknown argument '$1' (see --help)" ;;
    esac
    shift
done
# PRUNE_REPRODUCE_STUB=1 (tests/check_reproduce_kill.py only) replaces the
# measuring steps by tests/reproduce_stub.py's small deterministic writers.
STUB=${PRUNE_REPRODUCE_STUB:-0}

# The studies studies_bench runs, in file order, from the one list of them;
# a study whose rows are steps of the Connect Four solver (solve-*) is run
# by its own step (scripts/pons_study.py), as benchmarks/meson.build does.
mapfile -t STUDIES < <(python3 -c '
import csv, sys
rows = csv.DictReader(l for l in open(sys.argv[1], encoding="utf-8") if not l.startswith("#"))
print("\n".join(dict.fromkeys(r["study"] for r in rows if not r["config"].startswith("solve-"))))' \
    "$ROOT/studies/studies.csv")
if [ ${#STUDIES[@]} -eq 0 ] || [ -z "${STUDIES[0]}" ]; then
    echo "reproduce.sh: no studies in studies/studies.csv" >&2
    exit 2
fi

if [ "$MODE" = quick ]; then
    OUT=$ROOT/results/quick
    CARRY=()
    REPETITIONS=2
    MIN_TIME=0.02
    PONS_BUDGET=0.5
    PONS_PEER_WINDOWS=0     # no side-by-side timing of Pons' own solver in the quick pass
    SWEEP_BUDGET=0.02
    TIME_BUDGETS=10,100     # the techniques study's time-limited table, in ms
    PEER_ARGS=(--repetitions 2 --min-time 0.1 --warmup 0.2)
    AB_ARGS=(--processes 1 --windows 4 --window-time 0.15)
    AB_CONFIGS=tree-optimal
    HYPERFINE_ARGS=(--quick)
else
    OUT=$ROOT/results
    CARRY=(--carry quick)   # results/quick/ is not part of the full run: it stays
    REPETITIONS=5
    MIN_TIME=0.2
    PONS_BUDGET=5
    PONS_PEER_WINDOWS=8     # Pons' part-12 build against solve-lowerbound, when PRUNE_PONS_CHECKOUT is set
    SWEEP_BUDGET=0.25
    TIME_BUDGETS=10,100,1000
    PEER_ARGS=(--repetitions 5 --min-time 0.5 --warmup 0.5)
    AB_ARGS=(--processes 4 --windows 8 --window-time 0.25)
    AB_CONFIGS=  # empty: peer_ab.py takes every config of the minimaxer study (studies_bench --list)
    HYPERFINE_ARGS=()
fi

# The run id: the commit (detected here and passed to every tool) and the start time.
COMMIT=$(git -C "$ROOT" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
# results/ is the output, not the code measured: a previous run's uncommitted results are not dirt.
if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no -- . ':!results' 2>/dev/null | head -n 1)" ]; then
    [ "$MODE" = full ] && [ $ALLOW_DIRTY -eq 0 ] && [ "$STUB" != 1 ] &&
        usage_error "the tree has uncommitted changes; the full run must be of a commit (commit, or --allow-dirty)"
    COMMIT="$COMMIT-dirty"
fi
RUN_ID=$COMMIT-$(date -u +%Y%m%dT%H%M%SZ)
[ "$STUB" = 1 ] && RUN_ID=${PRUNE_RUN_ID:-$RUN_ID}   # the test names its runs
export PRUNE_COMMIT=$COMMIT PRUNE_RUN_ID=$RUN_ID

# ---------------------------------------------------------------- one run at a time
WORK=$ROOT/.reproduce
mkdir -p "$WORK" "$ROOT/results"
# Held for the whole run and inherited by every child: were this script
# killed while a child still wrote into the staging directory, the next run
# would be refused until that child is gone too.
exec 9>>"$WORK/lock"
if ! flock -n 9; then
    echo "reproduce.sh: another reproduction is running in this checkout (.reproduce/lock is held)" >&2
    exit 2
fi
# Leftovers of runs killed before their exit trap could run: staging
# directories, or a previous run swapped out but not yet removed; a full run
# killed between the exchange and the carry left results/quick/ in there.
for dir in "$WORK"/run-* "$ROOT"/results/.tmp-run-* "$ROOT"/results/.tmp-failed-*; do
    [ -d "$dir" ] || continue
    if [ -d "$dir/quick" ] && [ ! -e "$ROOT/results/quick" ]; then
        mv "$dir/quick" "$ROOT/results/quick"
    fi
    rm -rf "$dir"
done
STAGE=$(mktemp -d "$WORK/run-XXXXXX")
mkdir -p "$STAGE/logs" "$STAGE/raw" "$STAGE/hyperfine"

START=$(date +%s)
STEP=0
STEPS=11
FAILED=0
FAILURES=()
elapsed() {
    local s=$(( $(date +%s) - START ))
    printf '%dm%02ds' $((s / 60)) $((s % 60))
}
step() {
    STEP=$((STEP + 1))
    printf '\n==> [%d/%d] %s  (%s elapsed)\n' "$STEP" "$STEPS" "$*" "$(elapsed)"
    hold "$STEP"
}
note() { printf '    %s\n' "$*"; }
indent() { sed -u 's/^/    /'; }
last_line() { tail -n 1; }
fail_step() {
    FAILED=1
    FAILURES+=("$*")
    printf '    FAILED: %s\n' "$*" >&2
}
# checked STATUS WHAT: a step's status.  A child that ended by SIGINT or
# SIGTERM (130, 143) ends the run with 130 even when the signal did not
# reach this script (the INT trap covers the case where it did).
checked() {
    local status=$1; shift
    case $status in
        0) return 0 ;;
        130|143) echo "reproduce.sh: interrupted ($*)" >&2; exit 130 ;;
        *) fail_step "$*" ;;
    esac
}
# piped FILTER COMMAND...: COMMAND's output through FILTER; the status is COMMAND's.
piped() {
    local filter=$1; shift
    set +e
    "$@" 2>&1 | "$filter"
    local status=${PIPESTATUS[0]}
    set -e
    return "$status"
}
# hold POINT: stub runs only; tests/check_reproduce_kill.py kills the run there.
hold() {
    if [ "$STUB" = 1 ] && [ "${PRUNE_REPRODUCE_HOLD:-}" = "$1" ]; then
        echo "$$" >"$PRUNE_REPRODUCE_HOLD_FILE"
        sleep 60
    fi
}
stub() { python3 "$ROOT/tests/reproduce_stub.py" "$1" "$STAGE" "${STUDIES[@]}"; }
installed() { [ "$(python3 "$ROOT/scripts/run_id.py" check "$OUT" 2>/dev/null)" = "$RUN_ID" ]; }

finish() {
    local status=$?
    [ -d "$STAGE" ] || return 0
    if installed; then
        rm -rf "$STAGE"   # the previous run, swapped out by the install
        [ $status -eq 0 ] || echo "reproduce.sh: ${OUT#$ROOT/}/ holds this run, $RUN_ID" >&2
        return 0
    fi
    rm -rf "$WORK"/failed-*
    local kept=$WORK/failed-$RUN_ID
    mv "$STAGE" "$kept" && echo "reproduce.sh: this run's files are in ${kept#$ROOT/}/" >&2
    echo "reproduce.sh: the previous results in ${OUT#$ROOT/}/ are unchanged" >&2
}
trap finish EXIT
trap 'echo; echo "reproduce.sh: interrupted" >&2; exit 130' INT TERM

echo "prune reproduction ($MODE, run $RUN_ID): results to ${OUT#$ROOT/}/"
[ "$STUB" = 1 ] && echo "(stub: tests/reproduce_stub.py stands in for the measurements)"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")

# shellcheck source=scripts/reproduce_steps.sh
. "$ROOT/scripts/reproduce_steps.sh"
# measure NAME: step_NAME, or in a stub run its stand-in (none for the steps that write no file).
measure() {
    if [ "$STUB" != 1 ]; then "step_$1"; return; fi
    case $1 in
        tools|build|peer) note "stub: no $1" ;;
        *) s=0; stub "$1" || s=$?; checked $s "stub $1" ;;
    esac
}
stamp() {
    s=0; python3 "$ROOT/scripts/run_id.py" stamp "$STAGE" "$RUN_ID" || s=$?
    checked $s "stamping the files with the run id"
}
# report FILTER: report.py, which first refuses inputs of different runs.
report() {
    s=0
    if [ "$STUB" = 1 ]; then stub report || s=$?
    else piped "$1" python3 "$ROOT/scripts/report.py" --results "$STAGE" --plots-link plots || s=$?
    fi
    checked $s "the report failed"
}

step "tools"
measure tools
if [ "$ISA" = auto ]; then
    # glibc's loader lists the x86-64 levels this CPU supports.
    ISA=baseline
    if /lib64/ld-linux-x86-64.so.2 --help 2>/dev/null | grep -q 'x86-64-v3 (supported'; then ISA=x86-64-v3; fi
fi
step "build (meson, release, isa $ISA) in ${BUILD#$ROOT/}"
measure build
step "the Minimaxer peer (npm)"
measure peer
step "studies (Google Benchmark: $REPETITIONS repetitions, min time $MIN_TIME s, medians)"
measure studies
step "depth sweep (nodes against depth, every config, every game; budget $SWEEP_BUDGET s per search) and time ladder ($TIME_BUDGETS ms)"
measure sweep
step "the pons study (Connect Four, Pons' solver steps; $PONS_BUDGET s budget per cell)"
measure pons
step "tidy CSV"
measure tidy
step "hyperfine (whole processes, warm-up first)"
measure hyperfine
# The measurements are complete: each file gets the run id before the report reads them.
step "report"
write_run_json "$(elapsed) (up to the report)"
stamp
report indent
step "plots (gnuplot: SVG and PNG) into ${OUT#$ROOT/}/plots/"
mkdir -p "$STAGE/plots"
measure plots
note "$(find "$STAGE/plots" -type f | wc -l) files"
write_run_json "$(elapsed)"
report cat >/dev/null
stamp

step "install the run"
if [ $FAILED -ne 0 ]; then
    printf 'reproduce.sh: %d step(s) failed:\n' "${#FAILURES[@]}" >&2
    printf '  - %s\n' "${FAILURES[@]}" >&2
    exit 1
fi
# One renameat2 exchange (scripts/install_run.py explains why); afterwards
# $STAGE holds the previous run, which the exit trap removes.
s=0; python3 "$ROOT/scripts/install_run.py" "$STAGE" "$OUT" "${CARRY[@]}" || s=$?
checked $s "install_run.py failed"
[ $FAILED -eq 0 ] || exit 1
hold installed
if [ "$MODE" = full ] && [ "$STUB" != 1 ]; then
    # The README's results block is generated from the run just installed.
    s=0; python3 "$ROOT/scripts/report.py" --results "$OUT" --readme "$ROOT/README.md" --readme-only | indent || s=$?
    checked $s "the README's results block could not be written"
fi

printf '\nDone in %s: %s (run %s)\n' "$(elapsed)" "${OUT#$ROOT/}/REPORT.md" "$RUN_ID"
grep -E "^Headline|^[0-9]+ measurements" "$OUT/REPORT.md" | indent || true
exit 0
}
