#!/usr/bin/env bash
# test.sh [BUILD_DIR]: the README's test command.  Installs what is missing
# (the group "test" of scripts/packages.txt), builds with meson (release,
# warnings on) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
scripts/install_deps.sh test
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" --buildtype=release >/dev/null
fi
ninja -C "$build"
# After meson's summary (which .ci/run reads), each skipped test and the
# reason it printed; the status is meson test's.
status=0
meson test -C "$build" --print-errorlogs --num-processes 2 || status=$?
python3 scripts/skipped_tests.py "$build/meson-logs/testlog.json" || true
exit "$status"
