"""The code since this run: the files of engine/, solver/, games/ and cli/ that changed after the run's commit.

Every file of a run (run.json's manifest) was measured at run.json's commit;
studies.csv also names it in every row.  This section lists, from git, the
files of the code's four directories that differ between that commit and
the tree the report is made in (`git diff --no-renames --name-only COMMIT
-- engine solver games cli`, plus files of those directories not yet committed,
so that a commit which changes engine/ and regenerates the report in the
same commit stays true), and says whether the bench signature
(tests/bench_signature.txt) changed with them.  tests/check_provenance.py
recomputes the list with git and fails when the report's differs.

Without git history (a tarball, a shallow clone that lacks the commit, a
run of no commit) the section says why it cannot list them.
"""
import os
import subprocess

from .common import Section

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODE = ("engine", "solver", "games", "cli")   # the directories whose changes the section lists
SIGNATURE = "tests/bench_signature.txt"
TITLE = "## The code since this run"


def git(*argv, root=ROOT):
    """git's standard output, or None when git cannot answer (no git, no repository, an unknown commit)."""
    try:
        done = subprocess.run(["git", "--no-optional-locks", "-C", root, *argv], capture_output=True, text=True,
                              timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def base_commit(commit):
    """The commit a run's commit names ("…-dirty": uncommitted changes on top of it), or None."""
    commit = (commit or "").strip()
    if commit.endswith("-dirty"):
        commit = commit[:-len("-dirty")]
    return commit if commit and commit != "unknown" else None


def changed_since(commit, root=ROOT):
    """(the sorted paths of CODE that differ between commit and the working tree, None), or
    (None, why git cannot tell)."""
    base = base_commit(commit)
    if base is None:
        return None, f"the run names no commit ({commit or 'none'})"
    if git("rev-parse", "--git-dir", root=root) is None:
        return None, "no git history here"
    if git("rev-parse", "--verify", "--quiet", base + "^{commit}", root=root) is None:
        return None, f"git history here lacks commit {base}"
    diff = git("diff", "--no-renames", "--name-only", base, "--", *CODE, root=root)
    untracked = git("ls-files", "--others", "--exclude-standard", "--", *CODE, root=root)
    if diff is None or untracked is None:
        return None, "git diff failed"
    return sorted(set(diff.split("\n") + untracked.split("\n")) - {""}), None


def signature_at(commit, root=ROOT):
    """(the bench signature at commit, the one in the tree now); either None when unreadable."""
    base = base_commit(commit)
    then = git("show", f"{base}:{SIGNATURE}", root=root) if base else None
    try:
        with open(os.path.join(root, SIGNATURE), encoding="utf-8") as f:
            now = f.read().split()[0]
    except (OSError, IndexError):
        now = None
    return (then.split()[0] if then and then.split() else None), now


def listing(paths):
    """One bullet per directory of CODE: its changed files by name, or none."""
    lines = []
    for directory in CODE:
        names = [p[len(directory) + 1:] for p in paths if p.startswith(directory + "/")]
        lines.append(f"- {directory}/: " + (", ".join(f"`{n}`" for n in names) if names else "none"))
    return lines


def render(res, plots):
    commit = res.run.get("commit", "?")
    paths, why = changed_since(commit)
    out = [TITLE + "\n",
           f"Every file of this run (run.json's manifest) was measured at commit {commit}; studies.csv also names "
           "it in every row. results/lent/ (a lent machine's) and results/apart/ (measured once apart from any run) "
           "are not part of the run: each of their files names its own commit in its header, and apart/'s in its "
           "rows."]
    backfilled = res.run.get("backfilled")
    if isinstance(backfilled, dict) and backfilled.get("files"):
        out.append(f"\nWhen this run was installed, {', '.join(backfilled['files'])} said `unknown` where the "
                   f"commit goes; {backfilled.get('why', 'they were filled in from run.json')}")
    if paths is None:
        out.append(f"\nThe files of {', '.join(d + '/' for d in CODE)} changed since are not listed: {why}.")
        return Section("\n".join(out) + "\n", [])
    base = base_commit(commit)
    measured = (f"This report's figures are of the code at {base}, not of these files as they are now" if base == commit
                else f"The run measured {base} with uncommitted changes (`-dirty`), which git does not keep: a listed "
                     f"file may have been measured as it was then, neither as at {base} nor as now")
    out.append(f"\n{len(paths)} files of {', '.join(d + '/' for d in CODE)} differ between commit {base} "
               f"and the code this report was made with (`git diff --no-renames --name-only {base} -- "
               f"{' '.join(CODE)}`, and any such file not yet committed; tests/check_provenance.py checks this "
               f"list). {measured}:\n")
    out += listing(paths)
    then, now = signature_at(commit)
    if then and now and then == now:
        out.append(f"\nThe bench signature ({SIGNATURE}, the total node count of `prune bench`'s fixed suite of "
                   f"searches: every game, every config, both state modes) is {now} at both, so those searches "
                   "visit the same nodes as at the run. It does not cover the Connect Four solver "
                   "(`prune solve`), threads or times.")
    elif then and now:
        out.append(f"\nThe bench signature ({SIGNATURE}) was {then} at the run and is {now} now: search behaviour "
                   "changed since the run, and the report's node counts may not be those of the code now.")
    else:
        out.append(f"\nThe bench signature ({SIGNATURE}) at the run's commit could not be read, so whether "
                   "search behaviour changed since is not known.")
    return Section("\n".join(out) + "\n", [])
