#!/usr/bin/env python3
"""check_packages.py ROOT: every program that prune's scripts, tests and
peers run comes from a row of scripts/packages.txt or from the base system.

    check_packages.py ROOT            the check (meson test `packages`)
    check_packages.py --programs ROOT the programs found, one a line, and where

scripts/packages.txt is the one list of Debian packages (issue 46): a program
run from a package it lacks is a missing install step that a machine which
happens to have the package hides.  The programs are found in the text:

- Python files: the first word of a command given to subprocess's run,
  Popen, call, check_call or check_output, to the driver's self.call, to
  shutil.which or to run_manifest's `version`: a list or tuple literal, a
  string, or a name that the file assigns such a literal;
- shell files (*.sh, .ci/*, and any file with a sh or bash shebang): the
  first word of each simple command (after `;`, `|`, `&&`, `$(`, `then`,
  `do`, and the like), skipping assignments, keywords, builtins, the file's
  own functions and expansions such as "$cc" (a program named in a
  variable is the user's to give);
- meson.build files: find_program('NAME').

A program found must be one a row of packages.txt names, or one of BASE:
what a `debootstrap --variant=minbase` root of Debian 12 has.  BASE is
checked too: each of its programs must be on this machine's PATH, so run
on that bare root (.ci/run) a wrong entry fails.  And each program that a
row of the group `test` names must be on the PATH, as scripts/test.sh
installed that group before this runs.  A check that finds no program
has failed.  Standard library only.
"""
import ast
import os
import re
import shlex
import shutil
import sys

# Coreutils, grep, sed, mawk, findutils, util-linux, debianutils, dpkg, apt,
# bash, dash, gzip, tar, procps is NOT among them: the base of a minbase root.
BASE = {
    "bash", "sh", "env", "cat", "cp", "mv", "rm", "mkdir", "rmdir", "ln", "ls", "head", "tail", "tee", "tr",
    "sort", "uniq", "wc", "cut", "paste", "date", "dirname", "basename", "mktemp", "id", "nproc", "sleep",
    "printf", "echo", "true", "false", "test", "touch", "chmod", "stat", "readlink", "realpath", "seq", "du",
    "df", "sha256sum", "timeout", "chroot", "uname", "grep", "sed", "awk", "find", "xargs", "tar", "gzip",
    "dpkg", "dpkg-query", "apt-get", "mount", "umount", "unshare", "flock", "which", "ldd", "perl",
}
# Run only where its row's condition holds, and never needed as root: sudo
# (install_deps.sh, for a user who is not root).
OUTSIDE = {"sudo": "install_deps.sh runs apt-get through it only when not root"}
# Words before a command: keywords, and exec, which runs the command after it.
SHELL_PREFIXES = {"if", "then", "else", "elif", "fi", "while", "until", "do", "done", "esac", "time", "!", "{", "}",
                  "exec"}
# Commands of the shell itself: what follows them is not run as a program.
SHELL_BUILTINS = {
    "[[", "]]", ".", ":", "[", "alias", "break", "builtin", "cd", "command", "continue", "declare", "eval", "exit",
    "export", "getopts", "hash", "local", "pwd", "read", "readonly", "return", "set", "shift", "source", "trap",
    "type", "ulimit", "umask", "unset", "wait", "kill", "printf", "echo", "true", "false", "test", "let",
}
CALLS = {"run", "Popen", "call", "check_call", "check_output"}
SKIP_DIRS = {".git", "node_modules", "corpus", "crashes", "__pycache__"}
PROGRAM = re.compile(r"^[A-Za-z][A-Za-z0-9_.+-]*$")
PROGRAM_OR_PATH = re.compile(r"^/?([A-Za-z0-9_.+-]+/)*[A-Za-z][A-Za-z0-9_.+-]*$")
# Programs run by their path, from the base system: glibc's loader (which x86-64 levels the CPU has).
BASE_PATHS = {"/lib64/ld-linux-x86-64.so.2"}


def listed(root):
    """{program: package} and {package: groups} from scripts/packages.txt."""
    programs, groups = {}, {}
    with open(os.path.join(root, "scripts", "packages.txt"), encoding="utf-8") as f:
        for line in f:
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            package, row_groups, names = words[0], words[1].split(","), words[2:]
            groups[package] = row_groups
            programs.update((name, package) for name in names if name != "-")
    return programs, groups


def files(root):
    """The files to read: (path, kind), kind python, shell or meson."""
    for top, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")
                         and d not in (".reproduce", "results"))
        for name in sorted(names):
            path = os.path.join(top, name)
            if name.endswith(".py"):
                yield path, "python"
            elif name == "meson.build":
                yield path, "meson"
            elif name.endswith(".sh") or os.path.basename(top) == ".ci" or shebang_shell(path):
                yield path, "shell"


def shebang_shell(path):
    try:
        with open(path, "rb") as f:
            first = f.readline(100)
    except OSError:
        return False
    return first.startswith(b"#!") and re.search(rb"\b(ba)?sh\b", first) is not None


def first_word(node):
    """The program of a command literal, or None."""
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
        node = node.elts[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def python_programs(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    # A command built first and run after, in one function: NAME = [...] then
    # subprocess.run(NAME).  A name another function assigns is not that one.
    for scope in [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        nodes = list(walk_scope(scope))
        built = {}
        for node in nodes:
            if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Tuple)) \
                    and first_word(node.value):
                built.update((t.id, first_word(node.value)) for t in node.targets if isinstance(t, ast.Name))
        for node in nodes:
            if not (isinstance(node, ast.Call) and node.args and runs_program(node.func)):
                continue
            command = node.args[0]
            word = built.get(command.id) if isinstance(command, ast.Name) else first_word(command)
            if word and PROGRAM_OR_PATH.match(word):
                yield word, node.lineno


def walk_scope(scope):
    """The nodes of a module or function, not those of the functions inside it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
        yield node


def runs_program(func):
    """subprocess's calls, the driver's self.call, shutil.which and run_manifest's version."""
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return (func.value.id, func.attr) in (("shutil", "which"), ("self", "call")) or \
            func.value.id == "subprocess" and func.attr in CALLS
    return isinstance(func, ast.Name) and func.id == "version"


def shell_text(path):
    """The file's text without here-documents' bodies."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, end = [], None
    for line in lines:
        if end is not None:
            out.append("")
            if line.strip() == end:
                end = None
            continue
        heredoc = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", line)
        if heredoc:
            end = heredoc.group(1)
        out.append(line)
    return "\n".join(out)


def shell_commands(text):
    """(line number, words) of each simple command: a small lexer that knows
    quotes, comments, $( ) inside and outside double quotes, and the
    operators that start a command.  Words keep no quotes; a word that holds
    an expansion starts with '$'."""
    commands, stack = [], []   # stack: the enclosing commands of a $( )
    words, word, quote, number, line = [], None, None, 1, 1
    i = 0

    def end_word():
        nonlocal word
        if word is not None:
            words.append(word)
        word = None

    def end_command():
        nonlocal words
        end_word()
        if words:
            commands.append((line, words))
        words = []

    while i < len(text):
        c = text[i]
        if c == "\n":
            number += 1
        if quote == "'":
            if c == "'":
                quote = None
            else:
                word += c
        elif c == "\\" and i + 1 < len(text):
            if text[i + 1] != "\n":
                word = (word or "") + text[i + 1]
            else:
                number += 1
            i += 1
        elif quote is None and text.startswith("((", i):   # arithmetic: no command in it
            close = text.find("))", i)
            number += text.count("\n", i, close)
            i = close + 2 if close >= 0 else len(text)
            continue
        elif quote != "'" and text.startswith("${", i):   # a parameter expansion: a word's part
            depth, j = 0, i
            while j < len(text):
                if text.startswith("${", j):
                    depth, j = depth + 1, j + 2
                    continue
                if text[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            # a command substituted inside it (${X:-$(cmd)}) is still run: its text lexed as the words of
            # the builtin `:`, so that only what runs inside is a command of its own
            commands += [(number + at - 1, found) for at, found in shell_commands(": " + text[i + 2:j])]
            number += text.count("\n", i, j)
            word = (word or "") + "$"
            i = j + 1
            continue
        elif text.startswith("$(", i) and not text.startswith("$((", i):
            stack.append((words, word, quote, line))
            words, word, quote, line = [], None, None, number
            i += 1
        elif c == ")" and stack and quote is None:
            end_command()
            words, word, quote, line = stack.pop()
            word = (word or "") + "$"   # the substitution's value: an expansion
        elif quote == '"':
            if c == '"':
                quote = None
            else:
                word += "$" if c == "$" and not word else c
        elif c in "'\"":
            quote = c
            word = word or ""
        elif c == "#" and word is None:
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif c in " \t":
            end_word()
        elif c in "\n;&|(){}`":
            end_command()
            line = number + (c == "\n")
        else:
            word = (word or "") + c
        if not words and word is None:
            line = number
        i += 1
    end_command()
    return commands


def shell_programs(path, functions):
    for number, words in shell_commands(shell_text(path)):
        if words[0] in ("for", "select", "case", "function", "local", "declare", "export", "readonly") \
                or words[-1:] == ["in"]:
            continue   # a loop's or case's head, a declaration: names and words, no command
        while words and (words[0] in SHELL_PREFIXES or re.match(r"^\w+(\[[^]]*\])?\+?=", words[0])):
            words = words[1:]
        if words and PROGRAM.match(words[0]) and words[0] not in functions and words[0] not in SHELL_BUILTINS:
            yield words[0], number


def shell_functions(paths):
    """The functions every shell file defines (peers' build.sh source build_lib.sh)."""
    names = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            names.update(re.findall(r"^\s*([A-Za-z_][\w-]*)\s*\(\)\s*\{", f.read(), re.M))
    return names


def meson_programs(path):
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            for word in re.findall(r"find_program\('([^']+)'", line):
                yield word, number


def found(root):
    """{program: [path:line, ...]} of every program run."""
    paths = list(files(root))
    functions = shell_functions(path for path, kind in paths if kind == "shell")
    readers = {"python": python_programs, "shell": lambda path: shell_programs(path, functions),
               "meson": meson_programs}
    out = {}
    for path, kind in paths:
        for word, number in readers[kind](path):
            out.setdefault(word if word in BASE_PATHS else os.path.basename(word), []).append(f"{os.path.relpath(path, root)}:{number}")
    return out


def main(argv):
    if len(argv) == 3 and argv[1] == "--programs":
        for program, where in sorted(found(argv[2]).items()):
            print(f"{program}: {', '.join(where)}")
        return 0
    if len(argv) != 2:
        print("usage: check_packages.py [--programs] ROOT", file=sys.stderr)
        return 2
    root = argv[1]
    programs, groups = listed(root)
    failures = []
    run = found(root)
    for program, where in sorted(run.items()):
        if program in BASE_PATHS:
            if not os.path.exists(program):
                failures.append(f"{program} is run ({', '.join(where[:3])}) and is not on this machine")
        elif program not in programs and program not in BASE and program not in OUTSIDE:
            failures.append(f"{program} is run ({', '.join(where[:3])}) but no row of scripts/packages.txt "
                            "gives it and the base system lacks it")
    for program in sorted(BASE):
        if not shutil.which(program):
            failures.append(f"{program} is in BASE but not on this machine's PATH")
    for program, package in sorted(programs.items()):
        if "test" in groups[package] and not shutil.which(program):
            failures.append(f"{program} ({package}, group test) is not on the PATH: scripts/test.sh installs it")
    if not run:
        failures.append("no program found: the scan read nothing")
    print(f"{len(run)} programs run by the scripts, tests and peers; {len(programs)} given by "
          f"{len(groups)} packages of scripts/packages.txt; {len(BASE)} in the base system")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
