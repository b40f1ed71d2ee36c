#!/usr/bin/env bash
# build.sh: build Christophe Steininger's Connect Four solver c4 (commit
# 80baa53) outside the repository, and print the path of its `c4` binary.
#
# His solver (github ChristopheSteininger/c4, AGPL-3.0) is a peer prune is
# compared with; none of its code is ever part of prune.  This script exports
# the pinned commit from a checkout the user names into a cache directory
# and builds only its `c4` target there, with its CMake preset `optimise`
# (-O3 -flto, NDEBUG).  By default his settings stay his (1 GB table,
# 134,217,757 entries; huge pages off; no -march); the options below set
# the ones a comparison on equal terms needs.  His `c4` takes no arguments:
# the number of threads is a constant of settings.h, and main() solves the
# empty board strongly.  So that one binary solves what compare.py asks,
# the export is patched in exact places, each checked (peers/c4/README.md):
#   settings.h  NUM_THREADS = 0 (all cores) becomes --threads N, and with
#               the options NUM_TABLE_ENTRIES and ENABLE_HUGE_PAGES
#   c4.cpp      SOLVE_STRONGLY is no longer a constant, main() takes argv:
#               `c4 [MOVES [weak]]` plays MOVES (columns 1..7) on the empty
#               board and solves weakly when told `weak`; `c4 - [weak]`
#               reads `moves score` lines (columns 0..6, his test sets'
#               form) from stdin, clears the table before each (as Pons'
#               main does), solves each and prints `score S` per line and
#               one `positions N nodes N seconds S` line, S timed around
#               the solves alone with a steady clock.
#
# usage: build.sh [--checkout DIR] [--cache DIR] [--threads N] [--march ISA]
#                 [--huge-pages] [--table-mb 64|1024]
#   --checkout DIR  a git checkout or bare mirror holding commit 80baa53
#                   (default: $PRUNE_C4_CHECKOUT)
#   --cache DIR     where sources and binaries go (default:
#                   $PRUNE_C4_CACHE or ${XDG_CACHE_HOME:-~/.cache}/prune/c4)
#   --threads N     search threads, 0 meaning every core, his default (default 1)
#   --march ISA     adds -march=ISA to his flags (prune's -Disa: x86-64-v3);
#                   default none, his preset's
#   --huge-pages    ENABLE_HUGE_PAGES = true: his table aligned to 2 MiB and
#                   madvise'd MADV_HUGEPAGE, as prune's is (default: off, his)
#   --table-mb MB   NUM_TABLE_ENTRIES for 64 MiB (8,388,617, a prime his
#                   settings.h names for 64 MB) or 1024 (134,217,757, his
#                   default); 8-byte entries
# Tools: cmake, ninja and $CXX (default g++), as his presets say.
#
# Exit status: 0 and the binary's path on stdout; 2 on bad input or a failed
# build (one line on stderr); 77 with one "skipped:" line when no checkout
# or no tool is available.
set -u

PINNED=80baa5315c90fcc4f1491e7fa66cf6db29462581

# shellcheck source-path=SCRIPTDIR source=../build_lib.sh
. "$(dirname "$0")/../build_lib.sh"

checkout=${PRUNE_C4_CHECKOUT:-}
cache=${PRUNE_C4_CACHE:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/prune/c4}
threads=1
march=
huge=false
table_mb=1024
while [ $# -gt 0 ]; do
    case $1 in
        --checkout) [ $# -ge 2 ] || fail "--checkout needs a directory"; checkout=$2; shift 2 ;;
        --cache) [ $# -ge 2 ] || fail "--cache needs a directory"; cache=$2; shift 2 ;;
        --threads) [ $# -ge 2 ] || fail "--threads needs a number"; threads=$2; shift 2 ;;
        --march) [ $# -ge 2 ] || fail "--march needs an instruction set"; march=$2; shift 2 ;;
        --huge-pages) huge=true; shift ;;
        --table-mb) [ $# -ge 2 ] || fail "--table-mb needs 64 or 1024"; table_mb=$2; shift 2 ;;
        -h|--help) sed -n '2,44s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) fail "unknown argument '$1' (see --help)" ;;
    esac
done
case $threads in
    ''|*[!0-9]*) fail "--threads must be a number (0: every core)" ;;
esac
case $table_mb in
    64) entries=8388617 ;;
    1024) entries=134217757 ;;
    *) fail "--table-mb must be 64 or 1024, not '$table_mb'" ;;
esac
[ "$march" != baseline ] || march=
case $march in
    *[!a-z0-9-]*) fail "--march must be an instruction set name such as x86-64-v3, not '$march'" ;;
esac
[ -n "$checkout" ] || skip "no checkout of c4: set PRUNE_C4_CHECKOUT or pass --checkout DIR"
command -v git >/dev/null || skip "git is not installed, so c4 cannot be exported"
command -v cmake >/dev/null || skip "cmake is not installed, so c4 cannot be built"
command -v ninja >/dev/null || skip "ninja is not installed, so c4 cannot be built (its presets use Ninja)"
cxx=${CXX:-g++}
command -v "$cxx" >/dev/null || skip "no C++ compiler '$cxx' to build c4 (set CXX)"
[ -d "$checkout" ] || fail "PRUNE_C4_CHECKOUT '$checkout' is not a directory"
git -C "$checkout" cat-file -e "$PINNED^{commit}" 2>/dev/null \
    || fail "'$checkout' is not a git copy of ChristopheSteininger/c4 holding commit ${PINNED:0:7}"

[ -z "$march" ] || echo 'int main(void) { return 0; }' | "$cxx" -march="$march" -x c++ -o /dev/null - 2>/dev/null \
    || fail "'$cxx' does not accept -march=$march"
flags=${march:+-march=$march}
tag=t$threads-m${table_mb}${march:+-$march}$([ "$huge" = true ] && echo -huge)
dir=$cache/${PINNED:0:12}-$tag
binary=$dir/out/optimise/c4
recipe="cmake --preset optimise, target c4; threads $threads; table $entries entries; huge pages $huge; flags '$flags'; batch mode 1; $($cxx --version | head -n 1); $(cmake --version | head -n 1); commit $PINNED"
reuse "$dir" "$binary" "$recipe"
start_build "$cache"
git -C "$checkout" archive --format=tar "$PINNED" | tar -x -C "$work" \
    || fail "cannot export ${PINNED:0:7} from '$checkout'"

# patch FILE OLD NEW: replaces the one line OLD of FILE by NEW, failing
# unless OLD is there exactly once.
patch_line() {
    local count
    count=$(grep -cxF -- "$2" "$work/$1")
    [ "$count" = 1 ] || fail "$1 at ${PINNED:0:7} has '$2' $count times, not once; refusing to patch"
    OLD=$2 NEW=$3 perl -i -pe 'chomp(my $l = $_); $_ = "$ENV{NEW}\n" if $l eq $ENV{OLD}' "$work/$1" \
        || fail "cannot patch $1"
}
command -v perl >/dev/null || skip "perl is not installed, so c4's export cannot be patched"
patch_line src/solver/settings.h "inline constexpr int NUM_THREADS = 0;" "inline constexpr int NUM_THREADS = $threads;"
patch_line src/c4.cpp "static inline constexpr bool SOLVE_STRONGLY = true;" "static bool SOLVE_STRONGLY = true;"
patch_line src/c4.cpp "int main() {" "int main(int argc, char **argv) {"
patch_line src/solver/settings.h "inline constexpr uint64_t NUM_TABLE_ENTRIES = 134217757;" "inline constexpr uint64_t NUM_TABLE_ENTRIES = $entries;"
patch_line src/solver/settings.h "inline constexpr bool ENABLE_HUGE_PAGES = false;" "inline constexpr bool ENABLE_HUGE_PAGES = $huge;"
patch_line src/c4.cpp "#include <sstream>" "#include <sstream>
#include <chrono>
#include <string>"
batch='argc > 1 && std::string(argv[1]) == "-"'
patch_line src/c4.cpp "    Position pos{};" "    Position pos{}; SOLVE_STRONGLY = !(argc > 2 && std::string(argv[2]) == \"weak\"); for (const char *c = argc > 1 && !($batch) ? argv[1] : \"\"; *c; c++) pos.move(*c - '1');"
# The batch mode: the solves of a test set, each after clearing the table
# (clear_state also resets the statistics, so the nodes are summed here).
patch_line src/c4.cpp "    Solver solver{};" "    Solver solver{}; if ($batch) { std::cout << solver.get_settings_string(); std::string line; unsigned long long nodes = 0, count = 0; double seconds = 0; while (std::getline(std::cin, line)) { Position p{}; for (std::size_t i = 0; i < line.size() && line[i] != ' '; i++) p.move(line[i] - '0'); solver.clear_state(); auto t0 = std::chrono::steady_clock::now(); int s = SOLVE_STRONGLY ? solver.solve_strong(p) : solver.solve_weak(p); seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); nodes += solver.get_merged_stats().get_num_nodes(); count++; std::cout << \"score \" << s << \"\\n\"; } std::cout << \"positions \" << count << \" nodes \" << nodes << \" seconds \" << seconds << std::endl; return 0; }"

# As his README says: configure and build with the `optimise' preset (only
# the c4 target: his test target does not compile under gcc 12).
logged "configuring c4 (cmake --preset optimise${flags:+, $flags})" env CXX="$cxx" cmake --preset optimise \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags"
logged "building c4 (cmake --build --preset optimise --target c4)" cmake --build --preset optimise --target c4
echo "built c4 ${PINNED:0:7} ($threads threads, 0 meaning every core; $table_mb MiB table; huge pages $huge${flags:+; $flags}) with his preset optimise" >&2
finish_build "$dir" "$binary" "$recipe"
