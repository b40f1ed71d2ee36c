#!/usr/bin/env bash
# build.sh: build Pascal Pons' Connect Four solver at one git tag, outside
# the repository, and print the path of the binary.
#
# His solver (github PascalPons/connect4, AGPL-3.0) is a peer prune is
# compared with; none of its code is ever part of prune.  This script only
# points at a copy the user has: it exports the tag from that checkout into
# a cache directory and compiles it there, with exactly the flags of the
# Makefile at that tag.  See peers/pons/README.md.
#
# usage: build.sh [--checkout DIR] [--tag partN] [--cache DIR] [--fetch]
#   --checkout DIR  a git checkout or bare mirror of PascalPons/connect4
#                   (default: $PRUNE_PONS_CHECKOUT)
#   --tag partN     part3 .. part12 (default: part12)
#   --cache DIR     where sources and binaries go
#                   (default: $PRUNE_PONS_CACHE or ${XDG_CACHE_HOME:-~/.cache}/prune/pons)
#   --fetch         without a checkout, clone the public repository into the
#                   cache (also: PRUNE_PONS_FETCH=1)
# Compiler: $CXX (default g++), as his Makefile says.
#
# Exit status: 0 and the binary's path on stdout; 2 on bad input or a failed
# build (one line on stderr); 77 with one "skipped:" line when no checkout
# is available (the exit status meson and automake read as "skipped").
set -u

UPSTREAM=https://github.com/PascalPons/connect4
# The tags the blog's parts 3 to 12 name (part 2 has no code), each with
# the commit it named when prune's reference counts were taken: a checkout
# whose tag names another commit is built, with a warning.
PINNED="part3:3efc1644b0d30944470d3d826f24305bcec23e26
part4:b15d05528080ac3cc3d676a20b752b6468c0e63d
part5:6caf32a4845bf1478b0d30bebd6366bfea75b7b5
part6:a0fcfe9e4eacd6194da8ae138a8e554f381be9e0
part7:aaebe007b97e2502bf4a03207d65bae70b052b6f
part8:eb7ea22fdd7792d35c4a3e7ac03fb9662632de2b
part9:51d859cf761dd8fa0d61e9fa6e32e0626e371675
part10:7ed79f6e6315c0f95ee35194520dd615eddbd27d
part11:65b9fbd0b4c6a641469f2a764e5366039d041c2b
part12:514a128fb095271759ea553394356f03e9f13cc4"
TAGS=$(printf '%s\n' "$PINNED" | sed 's/:.*//' | tr '\n' ' ')

# shellcheck source-path=SCRIPTDIR source=../build_lib.sh
. "$(dirname "$0")/../build_lib.sh"

checkout=${PRUNE_PONS_CHECKOUT:-}
tag=part12
cache=${PRUNE_PONS_CACHE:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/prune/pons}
fetch=${PRUNE_PONS_FETCH:-0}
while [ $# -gt 0 ]; do
    case $1 in
        --checkout) [ $# -ge 2 ] || fail "--checkout needs a directory"; checkout=$2; shift 2 ;;
        --tag) [ $# -ge 2 ] || fail "--tag needs a value (part3 .. part12)"; tag=$2; shift 2 ;;
        --cache) [ $# -ge 2 ] || fail "--cache needs a directory"; cache=$2; shift 2 ;;
        --fetch) fetch=1; shift ;;
        -h|--help) sed -n '2,24s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) fail "unknown argument '$1' (see --help)" ;;
    esac
done
case $tag in
    *[!a-z0-9]*|'') pinned= ;;
    *) pinned=$(printf '%s\n' "$PINNED" | sed -n "s/^$tag://p") ;;
esac
[ -n "$pinned" ] || fail "unknown tag '$tag' (one of: ${TAGS% })"
command -v git >/dev/null || skip "git is not installed, so Pons' solver cannot be exported"
cxx=${CXX:-g++}
command -v "$cxx" >/dev/null || skip "no C++ compiler '$cxx' to build Pons' solver (set CXX)"

if [ -z "$checkout" ]; then
    if [ "$fetch" = 1 ]; then
        checkout=$cache/connect4.git
        if [ ! -d "$checkout" ]; then
            mkdir -p "$cache" || fail "cannot create the cache directory $cache"
            git clone --quiet --bare "$UPSTREAM" "$checkout.tmp.$$" >/dev/null 2>&1 \
                || { rm -rf "$checkout.tmp.$$"; skip "cannot fetch $UPSTREAM (offline?)"; }
            mv "$checkout.tmp.$$" "$checkout" || fail "cannot move the clone into $checkout"
        fi
    else
        skip "no checkout of Pons' solver: set PRUNE_PONS_CHECKOUT or pass --checkout DIR or --fetch"
    fi
fi
[ -d "$checkout" ] || fail "PRUNE_PONS_CHECKOUT '$checkout' is not a directory"
commit=$(git -C "$checkout" rev-parse --verify --quiet "refs/tags/$tag^{commit}" 2>/dev/null) \
    || fail "'$checkout' is not a git checkout of PascalPons/connect4 with tag $tag"
[ "$commit" = "$pinned" ] \
    || echo "build.sh: warning: $tag is $commit in '$checkout', not the pinned $pinned" >&2

# One directory per tag and commit: a moved tag builds afresh.
dir=$cache/$tag-${commit:0:12}
binary=$dir/c4solver
makefile=$(git -C "$checkout" show "$commit:Makefile" 2>/dev/null) \
    || fail "tag $tag has no Makefile in '$checkout'"
# The Makefile's own variables, read rather than assumed: every tag has
# CXXFLAGS=--std=c++11 -W -Wall -O3 (and -DNDEBUG from part9 on, which
# turns off his asserts) and SRCS=solver.cpp (plus main.cpp in part12).
cxxflags=$(printf '%s\n' "$makefile" | sed -n 's/^CXXFLAGS=//p')
srcs=$(printf '%s\n' "$makefile" | sed -n 's/^SRCS=//p')
if [ -z "$cxxflags" ] || [ -z "$srcs" ]; then
    fail "cannot read CXXFLAGS and SRCS from the Makefile at $tag"
fi
case " $cxxflags " in
    *" -O3 "*) ;;
    *) fail "the Makefile at $tag does not say -O3 (CXXFLAGS=$cxxflags); refusing to guess" ;;
esac
recipe="$cxx $cxxflags; $($cxx --version | head -n 1); srcs $srcs; commit $commit"

reuse "$dir" "$binary" "$recipe"
start_build "$cache"
git -C "$checkout" archive --format=tar "$commit" | tar -x -C "$work" \
    || fail "cannot export $tag from '$checkout'"
# As his Makefile does: each source compiled to an object, then linked.
objs=
for src in $srcs; do
    # shellcheck disable=SC2086  # CXXFLAGS is a list of words, as in make
    (cd "$work" && $cxx $cxxflags -c -o "${src%.cpp}.o" "$src") >&2 \
        || fail "compiling $src of $tag failed (compiler $cxx)"
    objs="$objs ${src%.cpp}.o"
done
# shellcheck disable=SC2086
(cd "$work" && $cxx -o c4solver $objs) >&2 || fail "linking $tag failed"
echo "built $tag ($commit) with: $cxx $cxxflags" >&2
finish_build "$dir" "$binary" "$recipe"
