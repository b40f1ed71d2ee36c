#!/usr/bin/env python3
"""install_run.py: puts a finished run in place of the previous one in one step.

    scripts/install_run.py STAGE TARGET [--carry NAME]...

STAGE is a complete run directory (every file as run.json's manifest
says, scripts/run_manifest.py), on the same file system as TARGET.  Its files get mode
0644 and its directories 0755, everything is flushed to disk, and then one
renameat2(2) system call exchanges the two directories (RENAME_EXCHANGE;
RENAME_NOREPLACE when TARGET does not exist yet).  A kill at any instant
therefore leaves TARGET holding the previous run or the new one, whole.
Afterwards STAGE's path holds the previous run, for the caller to remove.

Why an exchange of real directories and not a symlink switched by rename:
results/ is committed to git and linked from the README, and a symlinked
results/ would not render on GitHub; and why not two renames (results to
results.old, then the new one to results): a kill between them leaves no
results at all.  Python's os.rename cannot exchange and coreutils 9.1 (Debian
12) has no mv --exchange, so the call goes through ctypes to glibc (2.28+).

--carry NAME moves TARGET/NAME, a directory that is not part of a run (the
quick results inside results/), from the previous run into the new one
after the exchange; scripts/reproduce.py puts it back if a kill falls
between the two renames.  Exit status 2 with one line on stderr on error.
"""
import argparse
import ctypes
import errno
import os
import sys

import run_manifest
from reproduce import hold   # stub runs only: the kill test's kill points

AT_FDCWD = -100
RENAME_NOREPLACE = 1
RENAME_EXCHANGE = 2


def renameat2(source, target, flags):
    libc = ctypes.CDLL(None, use_errno=True)
    if not hasattr(libc, "renameat2"):
        raise OSError(errno.ENOSYS, "this C library has no renameat2")
    call = libc.renameat2
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if call(AT_FDCWD, os.fsencode(source), AT_FDCWD, os.fsencode(target), flags) != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"renameat2 {source} {target}: {os.strerror(code)}")


def settle(stage):
    """Modes 0644/0755 and every byte on disk before the switch makes the run visible."""
    for parent, dirs, names in os.walk(stage):
        for path in [parent] + [os.path.join(parent, name) for name in names]:
            os.chmod(path, 0o755 if path == parent else 0o644)
            fd = os.open(path, os.O_RDONLY)
            os.fsync(fd)
            os.close(fd)


def install(stage, target, carry):
    run_manifest.check(stage)
    settle(stage)
    renameat2(stage, target, RENAME_EXCHANGE if os.path.lexists(target) else RENAME_NOREPLACE)
    hold("exchanged")
    for name in carry:
        previous = os.path.join(stage, name)
        if os.path.isdir(previous) and not os.path.lexists(os.path.join(target, name)):
            os.rename(previous, os.path.join(target, name))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stage")
    parser.add_argument("target")
    parser.add_argument("--carry", action="append", default=[], metavar="NAME")
    args = parser.parse_args()
    try:
        install(args.stage, args.target, args.carry)
    except (OSError, run_manifest.RunError, ValueError) as e:
        print(f"install_run.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
