#!/usr/bin/env bash
# install_deps.sh [--missing] GROUP...: installs the Debian packages of
# scripts/packages.txt whose groups include one of GROUP (test, reproduce,
# ci, peers) and that are not installed yet.  The one list is that file:
# scripts/test.sh, scripts/reproduce.py and .ci/run name a group, never a
# package.  A package counts as present when dpkg has it installed, or when
# every program its row names is on the PATH (a Node.js from elsewhere
# brings its own npm).  Runs apt-get update once, only if something is missing; uses
# sudo when not root.
#   --missing  installs nothing: prints the missing packages on one line
#              and exits 1 when some are missing, 0 when none is.
# Exit status: 0 done, 1 missing (--missing) or apt-get failed, 2 bad usage.
set -euo pipefail
list="$(dirname "$0")/packages.txt"
only_report=0
[ "${1:-}" = --missing ] && { only_report=1; shift; }
[ $# -gt 0 ] || { echo "install_deps.sh: name a group (test, reproduce, ci, peers)" >&2; exit 2; }
known=" test reproduce ci peers "
for group in "$@"; do
  [[ "$known" == *" $group "* ]] || { echo "install_deps.sh: unknown group '$group' (test, reproduce, ci, peers)" >&2; exit 2; }
done
missing=()
# present PACKAGE PROGRAM...: dpkg-query, not dpkg -s, which also answers
# for a package removed but not purged.
present() {
  local package=$1 program
  shift
  [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" = "install ok installed" ] && return 0
  [ "$1" = - ] && return 1
  for program in "$@"; do command -v "$program" >/dev/null || return 1; done
}
while read -r package groups programs; do
  case $package in '' | '#'*) continue ;; esac
  for group in "$@"; do
    if [[ ",$groups," == *",$group,"* ]]; then
      # shellcheck disable=SC2086
      present "$package" $programs || missing+=("$package")
      break
    fi
  done
done <"$list"
if [ $only_report -eq 1 ]; then
  [ ${#missing[@]} -eq 0 ] && exit 0
  echo "${missing[*]}"
  exit 1
fi
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
