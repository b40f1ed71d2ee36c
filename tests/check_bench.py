#!/usr/bin/env python3
"""Checks the bench signature: `prune bench` must end with `signature: N`
where N is the number committed in tests/bench_signature.txt.  A change of
search behaviour changes N; the commit that makes it updates the file and
says so in its message.

usage: check_bench.py PRUNE SIGNATURE_FILE
"""
import subprocess
import sys


def main():
    prune, path = sys.argv[1], sys.argv[2]
    expected = open(path).read().split()[0]
    done = subprocess.run([prune, "bench"], capture_output=True, text=True, timeout=900)
    print(done.stdout, end="")
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    got = last.removeprefix("signature: ")
    if done.returncode == 0 and last.startswith("signature: ") and got == expected:
        print(f"1 passed, 0 failed (signature {got})")
        return 0
    print(f"FAIL: {last!r} (exit {done.returncode}, stderr {done.stderr.strip()!r}); expected signature {expected}")
    print("0 passed, 1 failed")
    return 1


if __name__ == "__main__":
    sys.exit(main())
