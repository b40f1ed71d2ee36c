#!/usr/bin/env python3
"""engine_names.py: the indexes of the names macros paste, the engine's (engine/names.txt) and the solver's (solver/names.txt).

The per-game engine is written once as templates (engine/search_mode.h
states the convention) and compiled several times, so its functions are
named by macros (LADDER_NAME(child), SEARCH_NAME(maxmin)) and no grep or
tag tool finds `ladder_tt_negamax_copy`, the name a debugger's backtrace
shows.  Connect Four's solver (solver/) is a template too
(solver/solve_search.h, compiled once per board): a macro makes each of
its searches twice, `name` and `name##_shared` (SOLVE_NON_LOSING), so
grep finds no `solve_non_losing_threats_shared`, and each instance names
its entry point through SOLVE_RUN.  This script walks the includes from
every .c file of the room as the preprocessor does (the engine's
engine/search_instance.c, the solver's one file per board), following the *_NAME
macros each includer defines, the macros whose body defines functions by
pasting onto their `name` argument, and the plain macros that stand for a
function's name, and writes one line per name the compiler makes:

    NAME  FILE:LINE  AS WRITTEN

NAME padded with spaces to the longest name's width, e.g.
`ladder_tt_negamax_copy                   engine/ladder_search.h:287  LADDER_NAME(negamax)`,
`solve_non_losing_threats_shared         solver/solve_non_losing.h:349  SOLVE_NON_LOSING(solve_non_losing_threats, ...)`.
engine/names.txt and solver/names.txt are those indexes;
tests/check_engine_names.py checks they are current and complete, so
`grep solve_non_losing_threats_shared solver/names.txt` leads to the line
that makes it.

    scripts/engine_names.py [ROOM]            print ROOM's index (engine, the default, or solver)
    scripts/engine_names.py [ROOM] -o PATH    write it (atomically)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOMS = ("engine", "solver")
DEFINE = re.compile(r"^#define ([A-Z]+_NAME)\(name\) (.+?)\s*$")
UNDEF = re.compile(r"^#undef ([A-Z_]+)\b")
INCLUDE = re.compile(r'^#include "(\w+\.h)"')
# A definition: a function, object or type at file scope named through a
# macro (`static int LADDER_NAME(negamax)(...) {`, `} TREE_NAME(node);`);
# a prototype (the line ends with ';' before any '{') is not one.
DEFINITION = re.compile(r"^(?:static|typedef|\})\b[^;{]*?\b([A-Z]+_NAME)\((\w+)\)")
CALL = re.compile(r"^([A-Z]+_NAME)\((\w+)\)$")
# A plain macro for one pasted name (`#define TREE_NODE TREE_NAME(node)`), and a type it closes (`} TREE_NODE;`).
ALIAS = re.compile(r"^#define ([A-Z_]+) ([A-Z]+_NAME)\((\w+)\)\s*$")
CLOSE = re.compile(r"^\} ([A-Z_]+);")
# A macro whose body defines functions named from its first argument, `name`
# (`#define SOLVE_NON_LOSING(name, kind, ...)` defining `name` and
# `name##_shared`), and a line of file scope that calls it.
PASTER = re.compile(r"^#define ([A-Z_]+)\(name(?:,[\w\s,]*)?\)(.*)$")
PASTED = re.compile(r"\b(?:static|typedef)\b[^;{(]*?((?:\w+##)?\bname\b(?:##\w+)?)\s*\(")
INVOKE = re.compile(r"^([A-Z_]+)\((\w+)\s*[,)]")
# A macro that stands for a function's name (`#define SOLVE_RUN
# solve_bitboard_run`), and a definition through it (`int SOLVE_RUN(...)`,
# no ';' at the end of the line).
PLAIN = re.compile(r"^#define ([A-Z_]+) ([a-z_]\w*)\s*$")
PLAIN_DEFINITION = re.compile(r"^(?:static\s+)?(?:inline\s+)?\w+[\s*]+([A-Z_]+)\(")


def expand(macros, macro, argument):
    """The name `macro(argument)` becomes, through the macros defined now."""
    body = macros[macro].replace("##name", argument).replace("name##", argument)
    call = CALL.match(body)
    return expand(macros, call.group(1), call.group(2)) if call and call.group(1) in macros else body


def paste(template, argument):
    """`name##_shared` with name = argument: argument_shared."""
    return "".join(argument if part == "name" else part for part in template.split("##"))


def logical_lines(lines):
    """(line number, text) of each line that does not continue a macro's
    definition, the definition's continuation joined to its first line."""
    out, number = [], 0
    while number < len(lines):
        text, first = lines[number], number + 1
        while text.endswith("\\") and number + 1 < len(lines):
            number += 1
            text = text[:-1] + " " + lines[number].strip()
        out.append((first, text))
        number += 1
    return out


def walk(room, name, state, out, stack=()):
    """Appends (pasted name, file:line, as written) for every definition reached from ROOM/NAME."""
    macros, pasters, plain = state
    path = os.path.join(ROOT, room, name)
    where = f"{room}/{name}"
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for number, line in logical_lines(lines):
        if DEFINE.match(line):
            macro, body = DEFINE.match(line).groups()
            macros[macro] = body
        elif ALIAS.match(line):
            alias, macro, argument = ALIAS.match(line).groups()
            macros[alias] = f"{macro}({argument})"
        elif PLAIN.match(line):
            plain[PLAIN.match(line).group(1)] = PLAIN.match(line).group(2)
        elif PASTER.match(line) and PASTED.findall(PASTER.match(line).group(2)):
            macro, body = PASTER.match(line).groups()
            pasters[macro] = sorted(set(PASTED.findall(body)))
        elif CLOSE.match(line) and CLOSE.match(line).group(1) in macros:
            call = CALL.match(macros[CLOSE.match(line).group(1)])
            if call and call.group(1) in macros:
                out.append((expand(macros, *call.groups()), f"{where}:{number}", CLOSE.match(line).group(1)))
        elif UNDEF.match(line):
            for table in state:
                table.pop(UNDEF.match(line).group(1), None)
        elif INCLUDE.match(line) and os.path.exists(os.path.join(ROOT, room, INCLUDE.match(line).group(1))):
            included = INCLUDE.match(line).group(1)
            if included not in stack and is_template(room, included):
                walk(room, included, tuple(dict(table) for table in state), out, stack + (name,))
        elif INVOKE.match(line) and INVOKE.match(line).group(1) in pasters:
            macro, argument = INVOKE.match(line).groups()
            for template in pasters[macro]:
                out.append((paste(template, argument), f"{where}:{number}", f"{macro}({argument}, ...)"))
        elif PLAIN_DEFINITION.match(line) and PLAIN_DEFINITION.match(line).group(1) in plain \
                and not line.rstrip().endswith(";"):
            macro = PLAIN_DEFINITION.match(line).group(1)
            out.append((plain[macro], f"{where}:{number}", macro))
        else:
            found = DEFINITION.match(line)
            if found and found.group(1) in macros and (line.startswith("}") or not line.rstrip().endswith(";")):
                out.append((expand(macros, *found.groups()), f"{where}:{number}",
                            f"{found.group(1)}({found.group(2)})"))


def is_template(room, header):
    """A header the walk reads: one that names through macros (`_NAME(`,
    `##`) or stops without its includer's names (the template convention's
    `#error`)."""
    with open(os.path.join(ROOT, room, header), encoding="utf-8") as f:
        text = f.read()
    return "_NAME(" in text or "##" in text or "#error" in text


def starts(room):
    """The files the walk starts from: every .c of the room (the engine's instance, engine/search_instance.c; the
    solver's, one per board)."""
    return sorted(n for n in os.listdir(os.path.join(ROOT, room)) if n.endswith(".c"))


def index(room="engine"):
    found = []
    for start in starts(room):
        walk(room, start, ({}, {}, {}), found)
    width = max(len(n) for n, _, _ in found)
    return "".join(f"{n:<{width}}  {where}  {written}\n" for n, where, written in sorted(set(found)))


def main(argv):
    room = "engine"
    if argv[:1] and argv[0] in ROOMS:
        room, argv = argv[0], argv[1:]
    if argv[:1] == ["-o"] and len(argv) == 2:
        text = index(room)
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from atomic_file import write_text_atomically
        write_text_atomically(argv[1], text)
    elif not argv:
        sys.stdout.write(index(room))
    else:
        print("usage: engine_names.py [engine|solver] [-o PATH]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
