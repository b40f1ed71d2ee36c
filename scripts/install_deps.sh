#!/usr/bin/env bash
# install_deps.sh PACKAGE...: installs the Debian packages that are missing.
# Used by the README's commands and .ci/run so a fresh Debian 12 machine
# needs nothing beforehand.  Runs apt-get update once, only if something is
# missing; uses sudo when not root.
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
