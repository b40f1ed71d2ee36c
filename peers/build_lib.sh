# build_lib.sh: what every peer's build.sh shares; sourced, never run.
# A build happens in a fresh directory of the cache and is moved into place
# only when finished, with the recipe it was made by (compiler, flags,
# commit), so an interrupted build never looks finished and a changed
# recipe builds afresh.  Exit statuses: 2 with one line on stderr (fail),
# 77 with one `skipped:` line on stdout (skip).
# shellcheck shell=bash

fail() { echo "build.sh: $*" >&2; exit 2; }
skip() { echo "skipped: $*"; exit 77; }

# reuse DIR BINARY RECIPE: prints BINARY and exits 0 when DIR holds a
# finished build of RECIPE; returns otherwise.
reuse() {
    if [ -x "$2" ] && [ "$(cat "$1/recipe" 2>/dev/null)" = "$3" ]; then
        echo "$2"
        exit 0
    fi
}

# start_build CACHE: $work, a fresh directory in CACHE, removed on exit
# unless finish_build moves it into place.
start_build() {
    mkdir -p "$1" || fail "cannot create the cache directory $1"
    work=$(mktemp -d "$1/.build.XXXXXX") || fail "cannot create a build directory in $1"
    trap 'rm -rf "$work"' EXIT
}

# logged WHAT COMMAND...: runs COMMAND in $work, its output (warnings
# included) into $work/build.log, shown only when it fails.
logged() {
    local what=$1
    shift
    if ! (cd "$work" && "$@") > "$work/build.log" 2>&1; then
        tail -n 20 "$work/build.log" >&2
        fail "$what failed (its last lines are above)"
    fi
}

# finish_build DIR BINARY RECIPE: records RECIPE, moves $work to DIR and
# prints BINARY.  Another build of the same recipe may have finished
# meanwhile (two tests at once): then that one is kept, as it may be running.
finish_build() {
    printf '%s\n' "$3" > "$work/recipe" || fail "cannot write $work/recipe"
    reuse "$1" "$2" "$3"
    rm -rf "$1" || fail "cannot replace the old build in $1"
    mv -T "$work" "$1" || fail "cannot move the build into $1"
    trap - EXIT
    echo "$2"
}
