#!/usr/bin/env python3
"""check_provenance.py REPO_ROOT: every results row names its commit, and the report lists the code changed since.

1. The committed run names the commit that measured it (issue 47: "no
   results row says `commit unknown`"): results/run.json's commit is a
   commit (not unknown, not -dirty); every row of studies.csv and the
   context of every raw/*.json (prune_commit) name exactly it; every other
   file of the run is unchanged in run.json's manifest, so run.json's commit
   names it once for all its rows; each results/lent/*.csv and
   results/apart/*.csv (pairs files aside) names the commit of its prune
   in its header (`prune: commit X`); no CSV of results/ (quick/
   aside) says unknown in a commit column.
2. REPORT.md's section "The code since this run" (scripts/reporting/provenance.py)
   lists exactly the files of engine/, solver/, games/ and cli/ that git says differ
   between that commit and this tree: `git diff --no-renames --name-only
   COMMIT -- engine solver games cli`, plus such files not yet committed (the tree
   the report was regenerated in), recomputed here; and it states the bench
   signature (tests/bench_signature.txt) at the run's commit and now as git has them.
3. Each check fails on a tampered copy: a row of studies.csv saying unknown,
   a file dropped from and one added to the report's list, a wrong signature.
   A check that passes such a copy fails the test.

Without git history (a tarball without .git, a clone that lacks the run's
commit) 2 cannot be checked: after 1 and 3 pass, one line and exit 77
(meson's skip), never a silent pass.  Standard library only.
"""
import csv
import glob
import io
import json
import os
import re
import subprocess
import sys

SKIPPED = 77
CODE = ("engine", "solver", "games", "cli")
TITLE = "## The code since this run"
SIGNATURE = "tests/bench_signature.txt"
LENT_COMMIT = re.compile(r"^#.*\bprune: commit ([0-9a-f]{7,40})\b", re.M)


def git(root, *argv):
    """git's output, or None when git cannot answer."""
    try:
        done = subprocess.run(["git", "--no-optional-locks", "-C", root, *argv], capture_output=True, text=True,
                              timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def read(path):
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def row_failures(commit, studies_text, contexts, lent_texts, other_csvs):
    """What names no commit or the wrong one: commit (run.json's), studies.csv's text, {raw json: its
    context}, {lent csv: its text}, {other csv of results/: its text}."""
    failures = []
    if not commit or commit == "unknown" or commit.endswith("-dirty") or not re.fullmatch(r"[0-9a-f]{7,40}", commit):
        failures.append(f"run.json names commit {commit!r}, not a commit")
    rows = list(csv.DictReader(io.StringIO(studies_text)))
    if not rows:
        failures.append("studies.csv has no rows")
    wrong = [r.get("commit") for r in rows if r.get("commit") != commit]
    if wrong:
        failures.append(f"studies.csv: {len(wrong)} of {len(rows)} rows name commit {sorted(set(map(str, wrong)))}, "
                        f"not the run's {commit}")
    for name, context in sorted(contexts.items()):
        if context.get("prune_commit") != commit:
            failures.append(f"{name}: prune_commit {context.get('prune_commit')!r}, not the run's {commit}")
    for name, text in sorted(lent_texts.items()):
        if not LENT_COMMIT.search(text):
            failures.append(f"{name}: its header names no commit of prune (`prune: commit X`)")
    for name, text in sorted(other_csvs.items()):
        lines = [line for line in text.splitlines(True) if not line.startswith("#")]
        for r in csv.DictReader(io.StringIO("".join(lines))):
            if any(k and "commit" in k.lower() and (v or "").strip().lower() in ("", "unknown") for k, v in r.items()):
                failures.append(f"{name}: a row says its commit is unknown")
                break
    return failures


def expected_list(root, commit):
    """(git's sorted list of changed files of CODE, None) or (None, why git cannot tell)."""
    if git(root, "rev-parse", "--git-dir") is None:
        return None, "no git history here"
    if git(root, "rev-parse", "--verify", "--quiet", commit + "^{commit}") is None:
        return None, f"git history here lacks the run's commit {commit}"
    diff = git(root, "diff", "--no-renames", "--name-only", commit, "--", *CODE)
    untracked = git(root, "ls-files", "--others", "--exclude-standard", "--", *CODE)
    if diff is None or untracked is None:
        return None, "git diff failed"
    return sorted(set(diff.split("\n") + untracked.split("\n")) - {""}), None


def signatures(root, commit):
    then = git(root, "show", f"{commit}:{SIGNATURE}")
    now = read(os.path.join(root, SIGNATURE))
    return (then.split()[0] if then and then.split() else None), (now.split()[0] if now.split() else None)


def list_failures(report, commit, expected, signature):
    """How REPORT.md's section differs from git: report (the text), expected (git's list),
    signature ((at the run's commit, now))."""
    if TITLE + "\n" not in report:
        return [f"REPORT.md has no section {TITLE!r}"]
    section = report.split(TITLE + "\n", 1)[1].split("\n## ", 1)[0]
    failures = []
    if f"differ between commit {commit}" not in section:
        failures.append(f"the section does not name the run's commit {commit} as the base of its list")
    listed = []
    for directory in CODE:
        bullets = [line for line in section.splitlines() if line.startswith(f"- {directory}/: ")]
        if len(bullets) != 1:
            failures.append(f"the section has {len(bullets)} lines for {directory}/, not 1")
            continue
        body = bullets[0][len(f"- {directory}/: "):]
        if body != "none":
            names = body.split(", ")
            if any(not (n.startswith("`") and n.endswith("`")) for n in names):
                failures.append(f"{directory}/'s line is not a list of `names`: {body[:80]}")
            if sorted(names) != names:
                failures.append(f"{directory}/'s line is not in order")
            listed += [f"{directory}/{n.strip('`')}" for n in names]
    missing, extra = sorted(set(expected) - set(listed)), sorted(set(listed) - set(expected))
    if missing:
        failures.append(f"changed since {commit} but not listed: {', '.join(missing)}")
    if extra:
        failures.append(f"listed but unchanged since {commit} (per git): {', '.join(extra)}")
    count = re.search(r"\n(\d+) files of " + re.escape(", ".join(d + "/" for d in CODE)) + " differ", section)
    if not count or int(count.group(1)) != len(expected):
        failures.append(f"the section's count is {count.group(1) if count else 'absent'}, git's {len(expected)}")
    then, now = signature
    said = (f"is {now} at both" if then == now else f"was {then} at the run and is {now} now")
    if then is None or now is None or said not in section:
        failures.append(f"the section does not say the bench signature {said}")
    return failures


def with_bullet(report, directory, change):
    """report with the section's line of directory rewritten: change(its names) -> the new names."""
    head, section = report.split(TITLE + "\n", 1)
    lines = section.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(f"- {directory}/: "):
            body = line[len(f"- {directory}/: "):]
            names = change([] if body == "none" else [n.strip("`") for n in body.split(", ")])
            lines[i] = f"- {directory}/: " + (", ".join(f"`{n}`" for n in names) if names else "none")
            break
    return head + TITLE + "\n" + "\n".join(lines)


def main():
    root = sys.argv[1]
    results = os.path.join(root, "results")
    sys.path.insert(0, os.path.join(root, "scripts"))
    import run_manifest
    try:
        info = run_manifest.check(results, inputs_only=True)   # the run's files unchanged: its commit names them
    except run_manifest.RunError as e:
        print(f"FAIL: {e}")
        return 1
    commit = info.get("commit", "")
    studies_text = read(os.path.join(results, "studies.csv"))
    contexts = {os.path.relpath(p, results): json.loads(read(p)).get("context", {})
                for p in sorted(glob.glob(os.path.join(results, "raw", "*.json")))}
    # lent/ and apart/: measured once, outside any run; each file's header names its commit (pairs files aside)
    lent = {os.path.relpath(p, results): read(p) for d in ("lent", "apart")
            for p in sorted(glob.glob(os.path.join(results, d, "*.csv"))) if not p.endswith(".pairs.csv")}
    others = {}
    for parent, dirs, names in os.walk(results):
        dirs[:] = [d for d in dirs if os.path.join(parent, d) != os.path.join(results, "quick")]
        for n in names:
            path = os.path.join(parent, n)
            if n.endswith(".csv") and os.path.relpath(path, results) not in ("studies.csv",) and "/lent/" not in path:
                others[os.path.relpath(path, results)] = read(path)
    failures = row_failures(commit, studies_text, contexts, lent, others)

    # 3, rows: a copy with one row of studies.csv saying unknown must fail.
    tampered = studies_text.replace(f",{commit},", ",unknown,", 1)
    if tampered == studies_text or not row_failures(commit, tampered, contexts, lent, others):
        failures.append("self-test: a studies.csv row saying unknown passed the row check")
    if not row_failures(commit, studies_text, dict(contexts, **{"raw/x.json": {"prune_commit": "unknown"}}), lent,
                        others):
        failures.append("self-test: a raw JSON saying unknown passed the row check")

    report = read(os.path.join(results, "REPORT.md"))
    expected, why = expected_list(root, commit)
    if expected is not None:
        signature = signatures(root, commit)
        failures += list_failures(report, commit, expected, signature)
        # 3, the list: copies of the report with a file dropped, a file added, a wrong signature, must fail.
        copies = [("a file added", with_bullet(report, "games", lambda names: names + ["not_changed.h"]))]
        if expected:
            directory = expected[0].split("/", 1)[0]
            copies.append(("a file dropped", with_bullet(report, directory, lambda names: names[1:])))
        copies.append(("a wrong signature", report.replace(f"is {signature[1]} ", "is 1234567 ", 1)))
        for what, copy in copies:
            if copy == report or not list_failures(copy, commit, expected, signature):
                failures.append(f"self-test: REPORT.md with {what} passed the list check")
    for failure in failures:
        print("FAIL:", failure)
    if failures:
        print(f"{len(failures)} failures")
        return 1
    if expected is None:
        print(f"skipped: {why}: every row names commit {commit}, but REPORT.md's list of the code changed since "
              "is not checked")
        return SKIPPED
    print(f"provenance: every row names commit {commit}; REPORT.md lists the {len(expected)} files of "
          f"{', '.join(d + '/' for d in CODE)} changed since, as git does; tampered copies fail: ok")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: check_provenance.py REPO_ROOT", file=sys.stderr)
        sys.exit(2)
    sys.exit(main())
