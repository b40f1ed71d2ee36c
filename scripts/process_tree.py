"""process_tree.py: a process and everything below it, found and stopped (Linux /proc).

scripts/reproduce.py stops a step's child with all below it before it keeps or
removes the run's staging directory, so that nothing writes there afterwards
(GNU parallel's matches outlive a SIGTERM to the driver alone);
tests/check_reproduce_kill.py finds a step's interpreter among the run's
descendants.  Standard library only.
"""
import contextlib
import glob
import os
import signal
import time


def descendants(pid):
    """pid and every process below it, parents before their children."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        for task in glob.glob(f"/proc/{p}/task/*/children"):
            try:
                with open(task) as f:
                    todo += [int(k) for k in f.read().split()]
            except (OSError, ValueError):
                pass
    return out


def stop(child, grace=10.0):
    """Ends a subprocess.Popen child and all below it: SIGTERM to each, then SIGKILL to what is
    left after `grace` seconds; the child is reaped."""
    tree = descendants(child.pid)
    for p in tree:
        with contextlib.suppress(OSError):
            os.kill(p, signal.SIGTERM)
    end = time.monotonic() + grace
    while time.monotonic() < end and any(os.path.exists(f"/proc/{p}") for p in tree[1:]):
        time.sleep(0.05)
    for p in tree:
        if os.path.exists(f"/proc/{p}"):
            with contextlib.suppress(OSError):
                os.kill(p, signal.SIGKILL)
    child.wait()
