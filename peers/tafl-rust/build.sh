#!/usr/bin/env bash
# build.sh: build J. M. Kopper's Ard Ri engine (github jmkopper/tafl-rust)
# at commit a0475c2, the alpha-beta post's engine, outside the repository,
# and print the path of the binary.
#
# None of its code is ever part of prune: this script exports the pinned
# commit from a checkout the user has into a cache directory and runs cargo
# there, offline.  Its one dependency, the crate rand 0.8.5, comes from
# Debian's librust-rand-dev (apt-get install librust-rand-dev): cargo's
# crates.io source is replaced by the directory /usr/share/cargo/registry,
# in a cargo config written into the build directory, never into the
# checkout or the user's cargo home.  See peers/tafl-rust/README.md.
#
# The one change to its source: main.rs searches at a fixed depth (the
# literal `max_depth: 7`), and the posts changed that literal to search at
# other depths; --depth does the same to the exported copy, nothing else.
#
# usage: build.sh [--depth N] [--checkout DIR] [--cache DIR] [--registry DIR]
#   --depth N       the search depth compiled in, 1..12 (default: 8)
#   --checkout DIR  a git checkout or bare mirror of jmkopper/tafl-rust
#                   (default: $PRUNE_TAFL_CHECKOUT)
#   --cache DIR     where sources and binaries go (default: $PRUNE_TAFL_CACHE
#                   or ${XDG_CACHE_HOME:-~/.cache}/prune/tafl-rust)
#   --registry DIR  the directory of vendored crates (default:
#                   $PRUNE_CARGO_REGISTRY or /usr/share/cargo/registry)
#
# Exit status: 0 and the binary's path on stdout; 2 on bad input or a failed
# build (one line on stderr); 77 with one "skipped:" line when no checkout,
# cargo or vendored rand is available.
set -u

# The commit of the alpha-beta post (docs/ardri.md); later commits add a
# transposition table, which changes the node counts.
PINNED=a0475c2cbb64c6e1d061162f9c1a9658d28024f6

# shellcheck source-path=SCRIPTDIR source=../build_lib.sh
. "$(dirname "$0")/../build_lib.sh"

checkout=${PRUNE_TAFL_CHECKOUT:-}
cache=${PRUNE_TAFL_CACHE:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/prune/tafl-rust}
registry=${PRUNE_CARGO_REGISTRY:-/usr/share/cargo/registry}
depth=8
while [ $# -gt 0 ]; do
    case $1 in
        --checkout) [ $# -ge 2 ] || fail "--checkout needs a directory"; checkout=$2; shift 2 ;;
        --depth) [ $# -ge 2 ] || fail "--depth needs a number"; depth=$2; shift 2 ;;
        --cache) [ $# -ge 2 ] || fail "--cache needs a directory"; cache=$2; shift 2 ;;
        --registry) [ $# -ge 2 ] || fail "--registry needs a directory"; registry=$2; shift 2 ;;
        -h|--help) sed -n '2,30s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) fail "unknown argument '$1' (see --help)" ;;
    esac
done
case $depth in
    [1-9]|1[0-2]) ;;
    *) fail "--depth must be 1 to 12, not '$depth'" ;;
esac
[ -n "$checkout" ] || skip "no checkout of tafl-rust: set PRUNE_TAFL_CHECKOUT or pass --checkout DIR"
command -v git >/dev/null || skip "git is not installed, so tafl-rust cannot be exported"
command -v cargo >/dev/null || skip "cargo is not installed, so tafl-rust cannot be built"
ls -d "$registry"/rand-0.8.* >/dev/null 2>&1 \
    || skip "no crate rand 0.8 in $registry (apt-get install librust-rand-dev)"
[ -d "$checkout" ] || fail "PRUNE_TAFL_CHECKOUT '$checkout' is not a directory"
git -C "$checkout" cat-file -e "$PINNED^{commit}" 2>/dev/null \
    || fail "'$checkout' is not a git checkout of jmkopper/tafl-rust holding commit ${PINNED:0:7}"

dir=$cache/${PINNED:0:12}-depth$depth
binary=$dir/target/release/tafl-rust
recipe="$(cargo --version); $(rustc --version 2>/dev/null); registry $registry; commit $PINNED; depth $depth"
reuse "$dir" "$binary" "$recipe"
start_build "$cache"
git -C "$checkout" archive --format=tar "$PINNED" | tar -x -C "$work" \
    || fail "cannot export ${PINNED:0:7} from '$checkout'"
# The depth literal, which must occur exactly once in main.rs.
[ "$(grep -c 'max_depth: 7 }' "$work/src/main.rs")" = 1 ] \
    || fail "src/main.rs of ${PINNED:0:7} does not hold 'max_depth: 7 }' exactly once"
sed -i "s/max_depth: 7 }/max_depth: $depth }/" "$work/src/main.rs" || fail "cannot set the depth"
# Source replacement: crates.io is answered from the vendored directory.
mkdir -p "$work/.cargo" || fail "cannot create $work/.cargo"
cat > "$work/.cargo/config.toml" <<CONFIG || fail "cannot write the cargo config"
[source.crates-io]
replace-with = "vendored"
[source.vendored]
directory = "$registry"
CONFIG
# The commit's own Cargo.toml, unchanged; its release profile is cargo's
# default (opt-level 3).
# Its warnings (unused code) go to a log, shown only when the build fails.
logged "cargo build of tafl-rust ${PINNED:0:7}" cargo build --release --offline
echo "built tafl-rust ${PINNED:0:7} at depth $depth with: cargo build --release --offline" >&2
finish_build "$dir" "$binary" "$recipe"
