#!/usr/bin/env bash
# test.sh [BUILD_DIR]: the README's test command.  Installs what is missing,
# builds with meson (release, warnings on) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
scripts/install_deps.sh gcc meson ninja-build python3 pkg-config
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" --buildtype=release >/dev/null
fi
ninja -C "$build"
meson test -C "$build" --print-errorlogs --num-processes 2
