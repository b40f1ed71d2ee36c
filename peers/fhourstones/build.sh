#!/usr/bin/env bash
# build.sh: build John Tromp's Fhourstones (the C version, as first
# committed in a public copy: commit 37a2191) outside the repository, and
# print the path of the binary.  Its input file `inputs` lies beside it.
#
# Fhourstones' notice says it must not be sold for profit and may be
# redistributed only with the same rights and restrictions.  prune neither
# sells nor redistributes it: nothing of it is in this repository, and this
# script only builds a copy the user already has, from a checkout they name,
# in a cache directory outside the repository.  See peers/fhourstones/README.md.
#
# usage: build.sh [--checkout DIR] [--cache DIR]
#   --checkout DIR  a git checkout or bare mirror holding commit 37a2191
#                   (default: $PRUNE_FHOURSTONES_CHECKOUT)
#   --cache DIR     where sources and binaries go (default:
#                   $PRUNE_FHOURSTONES_CACHE or ${XDG_CACHE_HOME:-~/.cache}/prune/fhourstones)
# Compiler: $CC (default gcc), with the CFLAGS of its Makefile (-O3 ...).
#
# Exit status: 0 and the binary's path on stdout; 2 on bad input or a failed
# build (one line on stderr); 77 with one "skipped:" line when no checkout
# or compiler is available.
set -u

# The first commit of the public copy: Fhourstones as John Tromp published it.
PINNED=37a219169a7f5c834b87fd40679285bc58d47267

# shellcheck source-path=SCRIPTDIR source=../build_lib.sh
. "$(dirname "$0")/../build_lib.sh"

checkout=${PRUNE_FHOURSTONES_CHECKOUT:-}
cache=${PRUNE_FHOURSTONES_CACHE:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/prune/fhourstones}
while [ $# -gt 0 ]; do
    case $1 in
        --checkout) [ $# -ge 2 ] || fail "--checkout needs a directory"; checkout=$2; shift 2 ;;
        --cache) [ $# -ge 2 ] || fail "--cache needs a directory"; cache=$2; shift 2 ;;
        -h|--help) sed -n '2,22s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) fail "unknown argument '$1' (see --help)" ;;
    esac
done
[ -n "$checkout" ] || skip "no copy of Fhourstones: set PRUNE_FHOURSTONES_CHECKOUT or pass --checkout DIR"
command -v git >/dev/null || skip "git is not installed, so Fhourstones cannot be exported"
cc=${CC:-gcc}
command -v "$cc" >/dev/null || skip "no C compiler '$cc' to build Fhourstones (set CC)"
[ -d "$checkout" ] || fail "PRUNE_FHOURSTONES_CHECKOUT '$checkout' is not a directory"
git -C "$checkout" cat-file -e "$PINNED^{commit}" 2>/dev/null \
    || fail "'$checkout' is not a git copy of Fhourstones holding commit ${PINNED:0:7}"

makefile=$(git -C "$checkout" show "$PINNED:Makefile" 2>/dev/null) || fail "commit ${PINNED:0:7} has no Makefile"
# The Makefile's own flags, read rather than assumed: CFLAGS = -O3 -Wextra -Wall,
# and `SearchGame : $(CFILES)` compiles SearchGame.c alone (it includes the rest).
cflags=$(printf '%s\n' "$makefile" | sed -n 's/^CFLAGS *= *//p')
case " $cflags " in
    *" -O3 "*) ;;
    *) fail "the Makefile at ${PINNED:0:7} does not say -O3 (CFLAGS=$cflags); refusing to guess" ;;
esac
dir=$cache/${PINNED:0:12}
binary=$dir/SearchGame
recipe="$cc $cflags; $($cc --version | head -n 1); commit $PINNED"
reuse "$dir" "$binary" "$recipe"
start_build "$cache"
git -C "$checkout" archive --format=tar "$PINNED" | tar -x -C "$work" \
    || fail "cannot export ${PINNED:0:7} from '$checkout'"
# shellcheck disable=SC2086  # CFLAGS is a list of words, as in make
logged "compiling Fhourstones (compiler $cc)" $cc $cflags -o SearchGame SearchGame.c
echo "built Fhourstones ${PINNED:0:7} with: $cc $cflags" >&2
finish_build "$dir" "$binary" "$recipe"
