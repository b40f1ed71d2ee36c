#!/usr/bin/env python3
"""Checks that the documentation's relative links resolve and that nothing
refers to the development sources outside the repository.

For every Markdown file of the repository (build directories, .git,
node_modules and .reproduce left out), every inline link or image
`[text](target)` outside code blocks and code spans whose target is not a
URL must name an existing file or directory, relative to the file; a
`#anchor` (alone or after a Markdown file) must be a heading of that file,
by GitHub's rule (lower case; characters other than letters, digits,
spaces, '-' and '_' dropped; spaces become '-'; repeats get -1, -2, ...).

Also fails when any text file but .ci/run mentions the shared development
folder or its specs directory: the project must stand alone, and only CI
may point a data variable there.

usage: check_links.py REPO_ROOT
"""
import os
import re
import sys

SKIP_DIRS = {".git", "node_modules", ".reproduce", "__pycache__"}
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
# Built from parts so that this file does not match itself.
OUTSIDE = re.compile(re.escape("../" + "shared") + "|" + re.escape("specs" + "/"))
ALLOWED_OUTSIDE = {os.path.join(".ci", "run")}


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("build"))
        for name in sorted(filenames):
            yield os.path.join(dirpath, name)


def prose_lines(text):
    """(line number, line) of the lines outside fenced and indented code."""
    fenced = False
    previous_blank = True
    in_indented = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        blank = not line.strip()
        if line.startswith(("    ", "\t")) and (previous_blank or in_indented) and not line.lstrip().startswith(("-", "*", "|")):
            in_indented = True
            previous_blank = blank
            continue
        if not blank:
            in_indented = False
        previous_blank = blank
        yield number, line


def slug(heading):
    text = re.sub(r"`", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        with open(path, encoding="utf-8") as f:
            for _, line in prose_lines(f.read()):
                match = HEADING.match(line)
                if not match:
                    continue
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def check_markdown(root, path, failures):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    here = os.path.dirname(path)
    checked = 0
    for number, line in prose_lines(text):
        for target in LINK.findall(re.sub(r"`[^`]*`", "``", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # a URL (https:, mailto:)
            checked += 1
            where = f"{os.path.relpath(path, root)}:{number}"
            file_part, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(here, file_part)) if file_part else path
            if not os.path.exists(resolved):
                failures.append(f"{where}: link to {target}: no such file")
            elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                failures.append(f"{where}: link to {target}: no heading #{anchor} in {os.path.relpath(resolved, root)}")
    return checked


def check_outside(root, path, failures):
    relative = os.path.relpath(path, root)
    if relative in ALLOWED_OUTSIDE:
        return
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (UnicodeDecodeError, OSError):
        return  # binary files (plots) say nothing
    for number, line in enumerate(text.splitlines(), 1):
        if OUTSIDE.search(line):
            failures.append(f"{relative}:{number}: refers to the development sources outside the repository")


def main():
    root = os.path.abspath(sys.argv[1])
    failures = []
    files = links = 0
    for path in walk(root):
        check_outside(root, path, failures)
        if path.endswith(".md"):
            files += 1
            links += check_markdown(root, path, failures)
    for failure in failures:
        print("FAIL " + failure)
    print(f"{links} relative links in {files} Markdown files checked; {len(failures)} failed")
    return 1 if failures or files == 0 or links == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
